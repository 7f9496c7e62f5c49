/* The video pipeline (gen7sf/vpp.h): the passes a driver runs per input
 * frame, the GNE feedback, the film-mode decisions, and which deinterlaced
 * fields go out at each rate.  Design decisions: docs/spec-notes.md, "Video
 * pipeline (driver side)". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/vpp.h"
#include "film.h"
#include "comb.h"
#include "frame.h"
#include "ivtc.h"
#include "noise.h"
#include "stripes.h"
#include "vpp_pass.h"

enum { MAX_SIDE = 16384 };

/* Film look-ahead queues: a field is output once the pairs up to 2 after
 * it are decided (VPP_IVTC_AHEAD more measured), from its frame and its
 * neighbours' or its deinterlaced copy. */
enum { QFRAMES = VPP_IVTC_AHEAD / 2 + 4, QFIELDS = VPP_IVTC_AHEAD + 8 };

/* One pass split into stripes, each with its own counters. */
typedef struct pass_job {
    const vpp_pass_in *in;
    vpp_pass_out part[VPP_MAX_THREADS];
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

static bool config_ok(const g7sf_vpp_config *c)
{
    return c && c->width >= 16 && c->height >= 8 && c->width <= MAX_SIDE &&
           c->height <= MAX_SIDE &&
           (c->chroma == G7SF_CHROMA_420 || c->chroma == G7SF_CHROMA_422) &&
           (unsigned)c->deinterlace <= G7SF_VPP_DI_OFF && (unsigned)c->rate <= G7SF_VPP_RATE_FILM &&
           c->denoise >= -1 && c->denoise <= 64 && c->threads >= 1 &&
           c->threads <= VPP_MAX_THREADS && (c->platform == G7SF_IVB || c->platform == G7SF_HSW) &&
           (unsigned)c->stat_layout <= G7SF_VPP_STAT_HSW;
}

/* The DI controls: the Ivy Bridge driver's values, except the STMM ones,
 * tuned by measurement (docs/spec-notes.md, "Deinterlace quality"): the
 * full STMM range (shift up 8), the largest C2 and VECM multiplier, the
 * band 32..96 (with the STMM pre-roll, "Deinterlace on real footage") and
 * trc2 128 (same section); and three MCDI ones measured on the
 * corpus of real footage (same section): Smooth MV Threshold 2, SAD
 * Thresholds A 8 and B 15; and the SDI Threshold 255 (same section). */
static void di_defaults(g7sf_sampler_state_di *s, const g7sf_vpp_config *c)
{
    *s = (g7sf_sampler_state_di){
        .stmm_c2 = 7, .cat_slope = 9, .sad_tight_threshold = 5, .smooth_mv_threshold = 2,
        .blending_constant_large_stmm = 64, .blending_constant_small_stmm = 128,
        .multiplier_for_vecm = 63, .maximum_stmm = 96, .minimum_stmm = 32,
        .stmm_shift_down = 0, .stmm_shift_up = 2, .stmm_output_shift = 6, .sdi_threshold = 255,
        .sdi_delta = 5, .sdi_fallback_mode_1_t1_constant = 50,
        .sdi_fallback_mode_1_t2_constant = 100, .sdi_fallback_mode_2_constant = 37,
        .fmd_temporal_difference_threshold = 175, .fmd1_vertical_difference_threshold = 16,
        .fmd2_vertical_difference_threshold = 100, .fmd_tear_threshold = 2,
        .mcdi_enable = c->deinterlace == G7SF_VPP_DI_AUTO || c->deinterlace == G7SF_VPP_DI_MCDI,
        .dndi_top_first = c->top_first, .di_enable = 1, .neighbor_pixel_threshold = 10,
        .mc_pixel_consistency_threshold = 25, .sad_threshold_b = 15, .sad_threshold_a = 8,
    };
}

void g7sf_vpp_destroy(g7sf_vpp *v)
{
    if (!v)
        return;
    free(v->raw);
    free(v->raw_c[0]), free(v->raw_c[1]);
    for (int i = 0; i < 2; i++)
        vpp_frame_free(&v->den[i]), free(v->stat[i]);
    vpp_frame_free(&v->prev2);
    vpp_frame_free(&v->cur1);
    vpp_frame_free(&v->down);
    vpp_frame_free(&v->up);
    for (int i = 0; i < QFRAMES; i++)
        vpp_frame_free(&v->q_frame[i]);
    for (int i = 0; i < QFIELDS; i++)
        vpp_frame_free(&v->q_di[i]);
    vpp_frame_free(&v->woven);
    vpp_pool_destroy(v->pool);
    free(v);
}

static int chroma_width(const g7sf_vpp_config *c)
{
    return (c->width + 1) / 2;
}

static int chroma_lines(const g7sf_vpp_config *c, enum g7sf_chroma chroma)
{
    return chroma == G7SF_CHROMA_420 ? (c->height + 1) / 2 : c->height;
}

static int alloc_all(g7sf_vpp *v)
{
    const g7sf_vpp_config *c = &v->cfg;
    size_t luma = (size_t)v->W * v->H;
    bool from420 = c->chroma == G7SF_CHROMA_420;
    int err = 0;
    for (int i = 0; i < 2 && !err; i++) {
        err = vpp_frame_alloc(&v->den[i], v->W, v->H, c->chroma);
        if (!err && !(v->stat[i] = calloc(luma, 1)))
            err = G7SF_ENOMEM;
    }
    if (!err && v->di)
        err = vpp_frame_alloc(&v->prev2, v->W, v->H, G7SF_CHROMA_422);
    if (!err && v->di)
        err = vpp_frame_alloc(&v->cur1, v->W, v->H, G7SF_CHROMA_422);
    if (!err && v->di && from420)
        err = vpp_frame_alloc(&v->down, v->W, v->H, G7SF_CHROMA_420);
    if (!err && from420 && v->out_chroma == G7SF_CHROMA_422)
        err = vpp_frame_alloc(&v->up, v->W, v->H, G7SF_CHROMA_422);
    if (!err && c->denoise >= 0 && !(v->raw = malloc(luma)))
        err = G7SF_ENOMEM;
    size_t chroma = (size_t)vpp_frame_stride(&v->den[0], 1) * vpp_frame_lines(&v->den[0], 1);
    for (int i = 0; i < 2 && !err && c->denoise >= 0 && c->platform == G7SF_HSW; i++)
        if (!(v->raw_c[i] = malloc(chroma)))
            err = G7SF_ENOMEM;
    if (!err && !(v->pool = vpp_pool_create(c->threads)))
        err = G7SF_ENOMEM;
    for (int i = 0; i < QFRAMES && !err && v->ahead; i++)
        err = vpp_frame_alloc(&v->q_frame[i], v->W, v->H, c->chroma);
    for (int i = 0; i < QFIELDS && !err && v->ahead; i++)
        err = vpp_frame_alloc(&v->q_di[i], v->W, v->H, G7SF_CHROMA_422);
    if (!err && v->ahead)
        err = vpp_frame_alloc(&v->woven, v->W, v->H, c->chroma);
    return err;
}

g7sf_vpp *g7sf_vpp_create(const g7sf_vpp_config *cfg, int *err)
{
    int e = 0;
    g7sf_vpp *v = NULL;
    if (!config_ok(cfg))
        e = G7SF_EINVAL;
    else if (!(v = calloc(1, sizeof *v)))
        e = G7SF_ENOMEM;
    if (!e) {
        v->cfg = *cfg;
        v->W = (cfg->width + 15) & ~15;
        v->H = (cfg->height + 7) & ~7;
        v->di = cfg->deinterlace <= G7SF_VPP_DI_BOB;
        v->interlaced = cfg->deinterlace != G7SF_VPP_DI_OFF;
        v->out_chroma = cfg->output_422 ? G7SF_CHROMA_422 : cfg->chroma;
        bool hsw_stat = cfg->stat_layout == G7SF_VPP_STAT_NATIVE
                            ? cfg->platform == G7SF_HSW
                            : cfg->stat_layout == G7SF_VPP_STAT_HSW;
        v->stat_layout = hsw_stat ? VPP_STAT_HSW : VPP_STAT_IVB;
        v->noise_q = vpp_noise_level(0, 0);
        /* the Haswell driver's chroma denoise thresholds */
        g7sf_dn_chroma_params_from_values(140, 13, 7, &v->chroma_dn);
        di_defaults(&v->di_base, cfg);
        vpp_film_init(&v->film, cfg->top_first);
        v->ahead = cfg->deinterlace == G7SF_VPP_DI_AUTO && cfg->rate != G7SF_VPP_RATE_FRAME;
        vpp_ivtc_init(&v->ivtc);
        e = alloc_all(v);
    }
    if (e) {
        g7sf_vpp_destroy(v);
        v = NULL;
    }
    if (err)
        *err = e;
    return v;
}

/* ---- passes ------------------------------------------------------------ */

static void counters_zero(vpp_pass_out *o)
{
    o->gne = (g7sf_gne){ 0 };
    o->fmd = (g7sf_fmd_frame){ 0 };
    o->moving_4x4 = o->motion_pixels = 0;
}

static int pass_stripe(void *ctx, int i, int row0, int row1)
{
    pass_job *j = ctx;
    if (j->fmd_only)
        return vpp_fmd_run(j->in, &j->part[i].fmd, &j->part[i].motion_pixels, row0, row1);
    return vpp_pass_run(j->in, &j->part[i], row0, row1, j->skip_fmd);
}

/* Runs a pass (or its FMD alone) on the configured threads; the counters of
 * the stripes are added in stripe order into *o. */
static int run_pass(g7sf_vpp *v, const vpp_pass_in *in, vpp_pass_out *o, bool skip_fmd,
                    bool fmd_only)
{
    pass_job *j = &v->job;
    j->in = in, j->skip_fmd = skip_fmd, j->fmd_only = fmd_only;
    counters_zero(o);
    for (int i = 0; i < v->cfg.threads; i++)
        j->part[i] = *o;
    int n, err = vpp_pool_run(v->pool, vpp_pass_rows(in->state, v->H), pass_stripe, j, &n);
    for (int i = 0; i < n; i++) {
        const vpp_pass_out *p = &j->part[i];
        for (int s = 0; s < 2; s++) {
            o->gne.sum[s] = (o->gne.sum[s] + p->gne.sum[s]) & 0x7FFFFF;
            o->gne.count[s] += p->gne.count[s];
            /* g7sf_fmd_add saturates; so does this, in any grouping */
            for (int k = 0; k < 11; k++)
                o->fmd.v[s][k] = p->fmd.v[s][k] > UINT32_MAX - o->fmd.v[s][k]
                                     ? UINT32_MAX : o->fmd.v[s][k] + p->fmd.v[s][k];
        }
        o->moving_4x4 += p->moving_4x4;
        o->motion_pixels += p->motion_pixels;
    }
    return err;
}

static vpp_wplane wplane(const vpp_frame *f, int plane)
{
    return (vpp_wplane){ f->data[plane], vpp_frame_stride(f, plane) };
}

/* The DN-only pass over the new frame (input luma in v->raw). */
static int denoise(g7sf_vpp *v, bool first)
{
    vpp_frame *cur = &v->den[v->cur ^ 1];
    g7sf_sampler_state_di s = { .dn_enable = 1, .progressive_dn = !v->interlaced,
                                .dndi_first_frame = first, .dndi_top_first = v->cfg.top_first };
    vpp_noise_thresholds(v->noise_q, v->cfg.denoise, &s);
    g7sf_yuv c = { .y = { v->raw, v->W, v->W, v->H } }, p = vpp_frame_yuv(&v->den[v->cur]);
    vpp_pass_in in = { &s, &c, &p, v->stat[v->stat_in], v->W, NULL, v->stat_layout };
    vpp_pass_out o = { .dn = wplane(cur, 0), .stat_out = v->stat[v->stat_in ^ 1] };
    if (v->raw_c[0]) {
        /* Haswell: U and V from their input copies into the frame */
        g7sf_yuv f = vpp_frame_yuv(cur);
        c.cb = (g7sf_plane){ v->raw_c[0], f.cb.stride, f.cb.width, f.cb.height };
        c.cr = (g7sf_plane){ v->raw_c[1], f.cr.stride, f.cr.width, f.cr.height };
        c.chroma = f.chroma;
        in.chroma_dn = &v->chroma_dn;
        o.dn_c[0] = wplane(cur, 1), o.dn_c[1] = wplane(cur, 2);
    }
    int err = run_pass(v, &in, &o, true, false);
    v->st.gne_sum = o.gne.sum[0], v->st.gne_count = o.gne.count[0];
    v->st.noise_th = v->noise_q;
    v->st.temporal_diff_th = s.temporal_difference_threshold;
    v->st.temporal_diff_low = s.low_temporal_difference_threshold;
    v->st.moving = (double)o.moving_4x4 * 16 / ((double)v->W * v->H);
    v->noise_q = vpp_noise_level(o.gne.sum[0], o.gne.count[0]);
    return err;
}

/* The STMM the first real pass reads.  The first-frame path writes 255 for
 * every pair (§2.8.6.3, 1580), "moving", and with the blending constants
 * a still area then needs six passes to fall below Minimum STMM: ten
 * fields of bob-like output at the start of every stream.  The driver owns
 * the statistics surface, so before the first real pass it runs that pass
 * once more on an STMM of 0 and gives its STMM to the real one: a moving
 * pair rises to 3/4 of its own measure in the pre-pass and to 15/16 in the
 * real one (trc1 64), a still one stays near 0.  *pre gets the surface
 * (the caller frees it after the pass); in->stat_in points at it. */
static int stmm_preroll(g7sf_vpp *v, vpp_pass_in *in, uint8_t **pre)
{
    size_t luma = (size_t)v->W * v->H;
    uint8_t *zero = calloc(luma, 1);
    *pre = calloc(luma, 1);
    int err = zero && *pre ? 0 : G7SF_ENOMEM;
    vpp_pass_in z = *in;
    z.stat_in = zero;
    vpp_pass_out o = { .stat_out = *pre };
    if (!err)
        err = run_pass(v, &z, &o, true, false);
    free(zero);
    if (!err)
        in->stat_in = *pre;
    return err;
}

/* A DI pass: with first set, the first-frame path on frame f alone (its
 * 1st field, or its 2nd with other_field) into v->cur1; else the pass on
 * (prev, f) into v->prev2 and v->cur1.  *d gets the film decision used
 * (auto mode; none when prev is f, the flush's pass). */
static int deinterlace_pass(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
                            const vpp_frame *prev, vpp_film_decision *d)
{
    g7sf_sampler_state_di s = v->di_base;
    s.dndi_first_frame = first;
    s.dndi_top_first = v->cfg.top_first != other_field;
    g7sf_yuv c = vpp_frame_yuv(f), p = vpp_frame_yuv(prev);
    vpp_pass_in in = { &s, &c, first ? NULL : &p, first ? NULL : v->stat[v->stat_in], v->W,
                       NULL, v->stat_layout };
    /* bob reads no statistics: its passes store none (7% of a bob run) */
    bool bob = v->cfg.deinterlace == G7SF_VPP_DI_BOB;
    vpp_pass_out o = { .stat_out = bob ? NULL : v->stat[v->stat_in ^ 1] };
    for (int i = 0; i < 3; i++) {
        o.cur1[i] = wplane(&v->cur1, i);
        if (!first)
            o.prev2[i] = wplane(&v->prev2, i);
    }
    *d = (vpp_film_decision){ 0 };
    bool repeat = prev == f;
    /* with look-ahead (v->ahead) the pass only deinterlaces: film frames
     * are woven from the frames kept (film_weave), so the FMD detector has
     * nothing to decide and is not run (14% of a pass at 1080i) */
    bool film = v->cfg.deinterlace == G7SF_VPP_DI_AUTO && !first && !repeat && !v->ahead;
    int err = 0;
    if (film) {
        /* the FMD runs ahead, so the decision applies to this same pass */
        err = run_pass(v, &in, &o, false, true);
        long bw = v->W / 16 - 2, bh = v->H / 4 - 2;
        long pixels = bw > 0 && bh > 0 ? bw * bh * 64 : 0;
        if (!err)
            vpp_film_decide(&v->film, o.fmd.v[0], pixels, d);
        s.fmd_for_2nd_field_of_previous_frame = d->prev2_ctl;
        s.fmd_for_1st_field_of_current_frame = d->cur1_ctl;
    }
    /* the FMD ran ahead or is not needed: without film detection it would
     * only feed stats.moving (14% of a MADI pass at 1080i) */
    vpp_pass_out di = o;
    uint8_t *pre = NULL;
    if (!err && !first && !repeat && v->frames == 1)
        err = stmm_preroll(v, &in, &pre);
    if (!err)
        err = run_pass(v, &in, &di, true, false);
    free(pre);
    if (film && v->cfg.denoise < 0)
        v->st.moving = (double)o.motion_pixels / ((double)v->W * v->H);
    return err;
}

/* The pass of a push: (the previous frame, f). */
static int deinterlace(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
                       vpp_film_decision *d)
{
    return deinterlace_pass(v, first, other_field, f, &v->den[v->cur], d);
}

/* ---- output -------------------------------------------------------------- */

/* Frame-level conversions (import, chroma weave / down / up) in stripes of
 * 8 luma lines on the pool, like the passes: on one thread they were a
 * fifth of a bob run.  Each stripe writes its own lines only. */
typedef struct conv_job {
    g7sf_vpp *v;
    const g7sf_vpp_picture *in;             /* import */
    const vpp_frame *f, *field1, *field2;   /* emit: the source, woven fields */
    int stage;                              /* CONV_* */
    bool interlaced;
} conv_job;

enum { CONV_IMPORT, CONV_WEAVE, CONV_DOWN, CONV_UP };

/* Lines [*y0, *y1) of a plane of `lines` lines, for stripe rows [r0, r1)
 * of a frame of H / 8 rows. */
static void conv_lines(int lines, int H, int r0, int r1, int *y0, int *y1)
{
    int per = lines * 8 / H;
    *y0 = r0 * per, *y1 = r1 * per;
}

static int conv_stripe(void *ctx, int stripe, int r0, int r1)
{
    (void)stripe;
    const conv_job *j = ctx;
    const g7sf_vpp *v = j->v;
    const g7sf_vpp_config *c = &v->cfg;
    int y0, y1;
    if (j->stage == CONV_IMPORT) {
        const vpp_frame *f = &v->den[v->cur ^ 1];
        conv_lines(v->H, v->H, r0, r1, &y0, &y1);
        vpp_pad_rows(j->in->data[0], j->in->stride[0], c->width, c->height,
                     v->raw ? v->raw : f->data[0], v->W, v->W, v->interlaced, y0, y1);
        int cw = chroma_width(c), ch = chroma_lines(c, c->chroma);
        conv_lines(vpp_frame_lines(f, 1), v->H, r0, r1, &y0, &y1);
        for (int i = 1; i < 3; i++) {
            uint8_t *dst = v->raw_c[0] ? v->raw_c[i - 1] : f->data[i];
            vpp_pad_rows(j->in->data[i], j->in->stride[i], cw, ch, dst, v->W / 2, v->W / 2,
                         v->interlaced, y0, y1);
        }
        return 0;
    }
    const vpp_frame *f = j->f;
    int cs = f->w / 2;
    for (int i = 1; i < 3; i++) {
        if (j->stage == CONV_WEAVE) {
            conv_lines(f->h / 2, v->H, r0, r1, &y0, &y1);
            vpp_chroma_weave_rows(j->field1->data[i], j->field2->data[i], cs, cs, !c->top_first,
                                  v->down.data[i], cs, y0, y1);
        } else if (j->stage == CONV_DOWN) {
            conv_lines(f->h / 2, v->H, r0, r1, &y0, &y1);
            vpp_chroma_down_rows(f->data[i], cs, cs, v->down.data[i], cs, y0, y1);
        } else {
            conv_lines(f->h, v->H, r0, r1, &y0, &y1);
            vpp_chroma_up_rows(f->data[i], cs, cs, f->h / 2, v->up.data[i], cs, j->interlaced,
                               y0, y1);
        }
    }
    return 0;
}

static void conv_run(g7sf_vpp *v, conv_job *j)
{
    int n;
    j->v = v;
    vpp_pool_run(v->pool, v->H / 8, conv_stripe, j, &n);
}

typedef struct out_src {
    const vpp_frame *f, *field1, *field2;
} out_src;

/* The sources of output out, field `second` of frame self, under cadence
 * control ctl: woven with the field before (1) or after (2) in time, in
 * frame self or its neighbour before / after. */
static out_src woven_src(const vpp_frame *out, unsigned ctl, bool second, const vpp_frame *before,
                         const vpp_frame *self, const vpp_frame *after)
{
    if (!ctl)
        return (out_src){ out, NULL, NULL };
    const vpp_frame *other = second ? (ctl == 1 ? self : after) : (ctl == 1 ? before : self);
    return second ? (out_src){ out, other, self } : (out_src){ out, self, other };
}

static int emit_frame(g7sf_vpp *v, const out_src *src, long input, int field,
                      const vpp_film_decision *d, g7sf_vpp_emit emit, void *user)
{
    const g7sf_vpp_config *c = &v->cfg;
    const vpp_frame *f = src->f;
    /* the picture points into the frames: the crop is only its size */
    uint8_t *luma = f->data[0];
    int luma_stride = f->w;
    bool interlaced = v->interlaced;
    if (src->field1 && c->chroma == G7SF_CHROMA_420) {
        /* a woven field from 4:2:0: the two fields' chroma lines as they
         * are, a progressive frame (telecine keeps whole fields) */
        conv_run(v, &(conv_job){ .f = f, .field1 = src->field1, .field2 = src->field2,
                                 .stage = CONV_WEAVE });
        f = &v->down;
        interlaced = false;
    } else if (f->chroma != c->chroma) {
        /* a deinterlaced frame from 4:2:0: back to progressive 4:2:0 */
        conv_run(v, &(conv_job){ .f = f, .stage = CONV_DOWN });
        f = &v->down;
        interlaced = false;
    }
    if (f->chroma != v->out_chroma) {
        conv_run(v, &(conv_job){ .f = f, .stage = CONV_UP, .interlaced = interlaced });
        f = &v->up;
    }
    g7sf_vpp_picture pic = { { luma, f->data[1], f->data[2] },
                             { luma_stride, f->w / 2, f->w / 2 } };
    static const char *const cadence[] = { "video", "3:2", "2:2" };
    g7sf_vpp_stats st = v->st;
    st.input_frame = input, st.field = field;
    st.cadence = cadence[d->locked ? d->cadence : VPP_CADENCE_VIDEO];
    st.locked = d->locked;
    int r = emit(user, &pic, &st);
    if (r)
        v->err = r;
    return r;
}

/* ---- film look-ahead (auto at film and field rate) ----------------------- */

/* Keeps the new frame n and measures the comb of its pairs: 2n (field 2 of
 * n - 1 with field 1 of n) and 2n + 1 (the two fields of n). */
static void film_measure(g7sf_vpp *v, const vpp_frame *cur, long n)
{
    vpp_frame *q = &v->q_frame[n % QFRAMES];
    for (int i = 0; i < 3; i++)
        memcpy(q->data[i], cur->data[i],
               (size_t)vpp_frame_stride(cur, i) * vpp_frame_lines(cur, i));
    int w = v->cfg.width, h = v->cfg.height;
    long blocks;
    uint64_t c;
    if (n > 0) {
        const vpp_frame *prev = &v->q_frame[(n - 1) % QFRAMES];
        /* field 1 of n is its top field when top first */
        const vpp_frame *top = v->cfg.top_first ? q : prev, *bot = v->cfg.top_first ? prev : q;
        c = vpp_comb(top->data[0], bot->data[0], v->W, w, h, &blocks);
        vpp_ivtc_add(&v->ivtc, c, blocks);
    }
    c = vpp_comb(q->data[0], q->data[0], v->W, w, h, &blocks);
    vpp_ivtc_add(&v->ivtc, c, blocks);
    vpp_ivtc_decide(&v->ivtc, false);
}

/* Keeps field k's deinterlaced output. */
static void film_keep_di(g7sf_vpp *v, const vpp_frame *f, long k)
{
    vpp_frame *q = &v->q_di[k % QFIELDS];
    for (int i = 0; i < 3; i++)
        memcpy(q->data[i], f->data[i], (size_t)vpp_frame_stride(f, i) * vpp_frame_lines(f, i));
}

/* Fields a and a + 1 woven into v->woven: the 1st field's lines from its
 * frame, the 2nd's from its own (4:2:2 chroma by line too; 4:2:0 chroma is
 * woven by emit_frame from field1 / field2). */
static out_src film_weave(g7sf_vpp *v, long a)
{
    long even = a & 1 ? a + 1 : a, odd = a & 1 ? a : a + 1;
    const vpp_frame *f1 = &v->q_frame[(even / 2) % QFRAMES], *f2 = &v->q_frame[(odd / 2) % QFRAMES];
    int p1 = v->cfg.top_first ? 0 : 1;
    for (int i = 0; i < 3; i++) {
        if (i && v->cfg.chroma == G7SF_CHROMA_420)
            break;
        size_t stride = (size_t)vpp_frame_stride(f1, i);
        for (int y = 0; y < vpp_frame_lines(f1, i); y++)
            memcpy(v->woven.data[i] + y * stride,
                   ((y & 1) == p1 ? f1 : f2)->data[i] + y * stride, stride);
    }
    return (out_src){ &v->woven, f1, f2 };
}

/* Outputs field k: woven with the field before or after when the look-ahead
 * says they show one film frame, else its deinterlaced copy.  At film rate
 * only the first field of each film frame goes out, and of the fields with
 * no partner only 1st fields (video: one output per frame, as frame rate),
 * except a lone field between two film frames (an edit's orphan), which is
 * dropped: it cannot be a whole film frame. */
static int film_emit_field(g7sf_vpp *v, long k, const int m[4], g7sf_vpp_emit emit, void *user)
{
    /* m: pairs k - 1 .. k + 2 */
    bool before = m[1] == 1, after = m[2] == 1;
    bool film_rate = v->cfg.rate == G7SF_VPP_RATE_FILM;
    if (film_rate && (before || (!after && m[0] == 1 && m[3] == 1) || (!after && (k & 1))))
        return 0;
    vpp_film_decision d = { 0 };
    out_src src = { &v->q_di[k % QFIELDS], NULL, NULL };
    if (before || after) {
        src = film_weave(v, before ? k - 1 : k);
        d.locked = true;
        d.cadence = vpp_ivtc_cadence(&v->ivtc, before ? k : k + 1);
    }
    v->st = v->q_st[(k / 2) % QFRAMES];
    return emit_frame(v, &src, k / 2, (int)(k & 1), &d, emit, user);
}

/* Outputs every field whose pairs are decided, up to field `fields` - 1
 * (those deinterlaced so far). */
static int film_emit_ready(g7sf_vpp *v, long fields, bool end, g7sf_vpp_emit emit, void *user)
{
    int err = 0;
    while (!err && v->handled < fields) {
        long k = v->handled;
        int m[4];
        bool ready = true;
        for (int j = 0; j < 4; j++)
            ready &= (m[j] = vpp_ivtc_match(&v->ivtc, k - 1 + j, end)) >= 0;
        if (!ready)
            break;
        err = film_emit_field(v, k, m, emit, user);
        v->handled++;
    }
    return err;
}

/* ---- push / flush ------------------------------------------------------------ */

static bool picture_ok(const g7sf_vpp *v, const g7sf_vpp_picture *in)
{
    const g7sf_vpp_config *c = &v->cfg;
    return in && in->data[0] && in->data[1] && in->data[2] && in->stride[0] >= c->width &&
           in->stride[1] >= chroma_width(c) && in->stride[2] >= chroma_width(c);
}

/* The input into the new current frame: luma into v->raw when denoising,
 * chroma into v->raw_c when denoising it. */
static void import(g7sf_vpp *v, const g7sf_vpp_picture *in)
{
    conv_run(v, &(conv_job){ .in = in, .stage = CONV_IMPORT });
}

/* The end of a push: an error sticks; else the new frame becomes the
 * previous one and the statistics surfaces swap. */
static int push_done(g7sf_vpp *v, int err)
{
    if (err) {
        v->err = err;
        return err;
    }
    v->cur ^= 1;
    v->stat_in ^= 1;
    v->frames++;
    return 0;
}

int g7sf_vpp_push(g7sf_vpp *v, const g7sf_vpp_picture *in, g7sf_vpp_emit emit, void *user)
{
    if (!v || !emit || !picture_ok(v, in) || v->flushed)
        return G7SF_EINVAL;
    if (v->err)
        return v->err;
    const g7sf_vpp_config *c = &v->cfg;
    bool first = v->frames == 0;
    long n = v->frames;
    vpp_frame *cur = &v->den[v->cur ^ 1];
    vpp_film_decision d = { 0 };
    v->st = (g7sf_vpp_stats){ .moving = -1 };
    import(v, in);
    int err = c->denoise >= 0 ? denoise(v, first) : 0;
    bool field_rate = c->rate == G7SF_VPP_RATE_FIELD;
    if (!err && v->ahead) {
        /* film look-ahead: measure, deinterlace, keep; output what is decided */
        film_measure(v, cur, n);
        err = deinterlace(v, first, false, cur, &d);
        if (!err && !first)
            film_keep_di(v, &v->prev2, 2 * n - 1);
        if (!err)
            film_keep_di(v, &v->cur1, 2 * n);
        v->q_st[n % QFRAMES] = v->st;
        if (!err)
            err = film_emit_ready(v, 2 * n + 1, false, emit, user);
        return push_done(v, err);
    }

    const out_src as_is = { cur, NULL, NULL }, cur1 = { &v->cur1, NULL, NULL };
    if (!err && !v->di) {
        /* weave: both fields as they are, once per field at field rate */
        err = emit_frame(v, &as_is, n, v->interlaced && field_rate ? 0 : -1, &d, emit, user);
        if (!err && v->interlaced && field_rate)
            err = emit_frame(v, &as_is, n, 1, &d, emit, user);
    } else if (!err && (first || c->deinterlace == G7SF_VPP_DI_BOB)) {
        err = deinterlace(v, true, false, cur, &d);
        if (!err)
            err = emit_frame(v, &cur1, n, 0, &d, emit, user);
        if (!err && c->deinterlace == G7SF_VPP_DI_BOB && field_rate)
            err = deinterlace(v, true, true, cur, &d);
        if (!err && c->deinterlace == G7SF_VPP_DI_BOB && field_rate)
            err = emit_frame(v, &cur1, n, 1, &d, emit, user);
    } else if (!err) {
        err = deinterlace(v, false, false, cur, &d);
        bool film = c->rate == G7SF_VPP_RATE_FILM && d.locked;
        const vpp_frame *prev = &v->den[v->cur];
        out_src p2 = woven_src(&v->prev2, d.prev2_ctl, true, NULL, prev, cur);
        out_src c1 = woven_src(&v->cur1, d.cur1_ctl, false, prev, cur, NULL);
        if (!err && (field_rate || (film && d.prev2_new)))
            err = emit_frame(v, &p2, n - 1, 1, &d, emit, user);
        if (!err && (!film || d.cur1_new))
            err = emit_frame(v, &c1, n, 0, &d, emit, user);
    }
    return push_done(v, err);
}

/* The end of a look-ahead stream: the last field deinterlaced (field rate;
 * by a pass against the last frame itself, or the first-frame path with
 * the field order inverted for a one-frame stream, as g7sf_vpp_flush),
 * every pair decided with what there is, every field left output. */
static int film_flush(g7sf_vpp *v, g7sf_vpp_emit emit, void *user)
{
    long last = 2 * v->frames - 1;
    int err = 0;
    vpp_film_decision d;
    const vpp_frame *f = &v->den[v->cur];
    if (v->frames > 1 && v->cfg.rate == G7SF_VPP_RATE_FIELD) {
        /* as g7sf_vpp_flush: a pass against the last frame itself */
        err = deinterlace_pass(v, false, false, f, f, &d);
        if (!err)
            film_keep_di(v, &v->prev2, last);
    } else if (v->frames > 0 && v->cfg.rate == G7SF_VPP_RATE_FIELD) {
        err = deinterlace(v, true, true, f, &d);
        if (!err)
            film_keep_di(v, &v->cur1, last);
    }
    vpp_ivtc_decide(&v->ivtc, true);
    if (!err)
        err = film_emit_ready(v, last + 1, true, emit, user);
    if (err)
        v->err = err;
    return err;
}

int g7sf_vpp_flush(g7sf_vpp *v, g7sf_vpp_emit emit, void *user)
{
    if (!v || !emit)
        return G7SF_EINVAL;
    if (v->err)
        return v->err;
    bool was_flushed = v->flushed;
    bool last_field = !v->flushed && v->frames > 0 && v->di &&
                      v->cfg.deinterlace != G7SF_VPP_DI_BOB && v->cfg.rate == G7SF_VPP_RATE_FIELD;
    v->flushed = true;
    if (v->ahead && !was_flushed)
        return film_flush(v, emit, user);
    if (!last_field)
        return 0;
    /* the last frame's 2nd field: woven with its 1st when the film lock
     * says so (the frame as it is), else by a pass against the last frame
     * itself, which keeps the STMM history of the passes before (moving
     * areas spatial, still ones woven with its 1st field; spec-notes), or
     * alone by the first-frame path when there is no history (one frame) */
    vpp_film_decision d;
    const vpp_frame *last = &v->den[v->cur];
    vpp_film_decide_last(&v->film, &d);
    out_src src = woven_src(&v->cur1, d.prev2_ctl, true, NULL, last, NULL);
    int err = 0;
    if (d.prev2_ctl) {
        src.f = last;
    } else if (v->frames > 1) {
        err = deinterlace_pass(v, false, false, last, last, &d);
        src.f = &v->prev2;
    } else {
        err = deinterlace(v, true, true, last, &d);
    }
    if (!err)
        err = emit_frame(v, &src, v->frames - 1, 1, &d, emit, user);
    if (err)
        v->err = err;
    return err;
}
