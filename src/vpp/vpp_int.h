/* What the pipeline's files share (vpp.c: configuration, push and flush;
 * passes.c: the DN and DI passes; output.c: conversions and the output
 * picture; ahead.c: the film look-ahead): the pipeline's state and the
 * functions they call across. */
#ifndef GEN7SF_VPP_INT_H
#define GEN7SF_VPP_INT_H

#include <stdint.h>

#include "gen7sf/vpp.h"
#include "film.h"
#include "frame.h"
#include "ivtc.h"
#include "scale.h"
#include "stripes.h"
#include "vpp_pass.h"

/* Film look-ahead queues: a field is output once the pairs up to 2 after
 * it are decided (VPP_IVTC_AHEAD more measured), from its frame and its
 * neighbours' or its deinterlaced copy. */
enum { QFRAMES = VPP_IVTC_AHEAD / 2 + 4, QFIELDS = VPP_IVTC_AHEAD + 8 };

/* One pass split into stripes, each with its own counters. */
enum { VPP_MAX_KEEP = 8 };

typedef struct pass_job {
    const vpp_pass_in *in;
    vpp_pass_out part[VPP_MAX_THREADS];
    /* each thread's working memory of the DI along lines, made at its
     * first pass and kept with the pipeline */
    g7sf_di_rows_mem *mem[VPP_MAX_THREADS];
    bool skip_fmd, fmd_only;
} pass_job;

struct g7sf_vpp {
    g7sf_vpp_config cfg;
    int W, H;                   /* padded: multiples of 16 x 8 */
    bool di;                    /* auto, mcdi, madi or bob: DI passes */
    bool interlaced;            /* every mode but off */
    enum g7sf_chroma out_chroma;
    uint8_t *raw;               /* the input luma, W x H, when denoising */
    uint8_t *raw_c[2];          /* the input Cb, Cr when denoising them (Haswell) */
    g7sf_dn_chroma_params chroma_dn;
    vpp_frame den[2];           /* denoised previous [cur] and current [cur ^ 1] */
    int cur;
    vpp_frame prev2, cur1;      /* the DI pass outputs, 4:2:2 */
    vpp_frame down;             /* a DI output back to 4:2:0 */
    vpp_frame up;               /* 4:2:0 to 4:2:2 for 4:2:2 output */
    vpp_frame kept[VPP_MAX_KEEP];   /* cfg.keep: the last pictures emitted */
    vpp_scale scale;            /* cfg.scale_* and sharpen */
    long emitted;
    uint8_t *stat[2];           /* statistics surfaces, pitch W */
    enum vpp_stat_layout stat_layout;
    int stat_in;
    long frames;
    int err;                    /* sticky: set by a failure or a stopping callback */
    bool flushed;
    vpp_film film;
    unsigned noise_q;           /* noise level for the next DN pass */
    g7sf_sampler_state_di di_base;
    g7sf_vpp_stats st;          /* of the frame being pushed */
    pass_job job;
    vpp_pool *pool;             /* the threads of the passes and conversions */
    /* auto at film and field rate: outputs decided with look-ahead */
    bool ahead;
    vpp_ivtc ivtc;
    vpp_frame q_frame[QFRAMES]; /* input frame k (denoised) at k % QFRAMES */
    g7sf_vpp_stats q_st[QFRAMES];
    vpp_frame q_di[QFIELDS];    /* field k deinterlaced (4:2:2) at k % QFIELDS */
    vpp_frame woven;            /* two fields woven into a film frame */
    long handled;               /* fields output or dropped */
};

static inline int vpp_chroma_width(const g7sf_vpp_config *c)
{
    return (c->width + 1) / 2;
}

static inline int vpp_chroma_lines(const g7sf_vpp_config *c, enum g7sf_chroma chroma)
{
    return chroma == G7SF_CHROMA_420 ? (c->height + 1) / 2 : c->height;
}

/* ---- passes.c ---- */

/* The DN-only pass over the new frame (input luma in v->raw): denoised
 * into the new current frame, the next thresholds from its GNE. */
int vpp_denoise(g7sf_vpp *v, bool first);

/* A DI pass: with first set, the first-frame path on frame f alone (its
 * 1st field, or its 2nd with other_field) into v->cur1; else the pass on
 * (prev, f) into v->prev2 and v->cur1.  *d gets the film decision used
 * (auto at frame rate; none when prev is f, the flush's pass). */
int vpp_deinterlace_pass(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
                         const vpp_frame *prev, vpp_film_decision *d);

/* The pass of a push: (the previous frame, f). */
int vpp_deinterlace(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
                    vpp_film_decision *d);

/* ---- output.c ---- */

/* What an output is made of: frame f (a DI pass output, or an input frame
 * as it is), and for a woven field the frames holding its 1st and 2nd
 * fields (NULL when it was deinterlaced). */
typedef struct out_src {
    const vpp_frame *f, *field1, *field2;
} out_src;

/* The input into the new current frame: luma into v->raw when denoising,
 * chroma into v->raw_c when denoising it. */
void vpp_import(g7sf_vpp *v, const g7sf_vpp_picture *in);
/* The sources of output out, field `second` of frame self, under cadence
 * control ctl: woven with the field before (1) or after (2) in time, in
 * frame self or its neighbour before / after. */
out_src vpp_woven_src(const vpp_frame *out, unsigned ctl, bool second, const vpp_frame *before,
                      const vpp_frame *self, const vpp_frame *after);
/* Outputs src as output frame `field` of input frame `input` (cadence and
 * lock from d); the callback's non-zero return sticks in v->err. */
int vpp_emit_frame(g7sf_vpp *v, const out_src *src, long input, int field,
                   const vpp_film_decision *d, g7sf_vpp_emit emit, void *user);

/* ---- ahead.c ---- */

/* Push of frame n (cur, denoised) with the look-ahead: measure, deinterlace,
 * keep; output what is decided. */
int vpp_ahead_push(g7sf_vpp *v, const vpp_frame *cur, long n, g7sf_vpp_emit emit, void *user);
/* The end of a look-ahead stream. */
int vpp_ahead_flush(g7sf_vpp *v, g7sf_vpp_emit emit, void *user);

#endif
