/* The video pipeline (gen7sf/vpp.h): the passes a driver runs per input
 * frame, the GNE feedback, the film-mode decisions, and which deinterlaced
 * fields go out at each rate.  Design decisions: docs/spec-notes.md, "Video
 * pipeline (driver side)". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/vpp.h"
#include "film.h"
#include "frame.h"
#include "noise.h"
#include "stripes.h"
#include "vpp_pass.h"

enum { MAX_SIDE = 16384 };

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
 * middle band 64..128 and the PRM's typical trc2 of 200. */
static void di_defaults(g7sf_sampler_state_di *s, const g7sf_vpp_config *c)
{
    *s = (g7sf_sampler_state_di){
        .stmm_c2 = 7, .cat_slope = 9, .sad_tight_threshold = 5, .smooth_mv_threshold = 0,
        .blending_constant_large_stmm = 64, .blending_constant_small_stmm = 200,
        .multiplier_for_vecm = 63, .maximum_stmm = 128, .minimum_stmm = 64,
        .stmm_shift_down = 0, .stmm_shift_up = 2, .stmm_output_shift = 6, .sdi_threshold = 100,
        .sdi_delta = 5, .sdi_fallback_mode_1_t1_constant = 50,
        .sdi_fallback_mode_1_t2_constant = 100, .sdi_fallback_mode_2_constant = 37,
        .fmd_temporal_difference_threshold = 175, .fmd1_vertical_difference_threshold = 16,
        .fmd2_vertical_difference_threshold = 100, .fmd_tear_threshold = 2,
        .mcdi_enable = c->deinterlace == G7SF_VPP_DI_AUTO || c->deinterlace == G7SF_VPP_DI_MCDI,
        .dndi_top_first = c->top_first, .di_enable = 1, .neighbor_pixel_threshold = 10,
        .mc_pixel_consistency_threshold = 25, .sad_threshold_b = 10, .sad_threshold_a = 5,
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

/* A DI pass: with first set, the first-frame path on frame f alone (its
 * 1st field, or its 2nd with other_field) into v->cur1; else the pass on
 * (previous, current) into v->prev2 and v->cur1.  *d gets the film
 * decision used (auto mode). */
static int deinterlace(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
                       vpp_film_decision *d)
{
    g7sf_sampler_state_di s = v->di_base;
    s.dndi_first_frame = first;
    s.dndi_top_first = v->cfg.top_first != other_field;
    g7sf_yuv c = vpp_frame_yuv(f), p = vpp_frame_yuv(&v->den[v->cur]);
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
    bool film = v->cfg.deinterlace == G7SF_VPP_DI_AUTO && !first;
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
    if (!err)
        err = run_pass(v, &in, &di, true, false);
    if (film && v->cfg.denoise < 0)
        v->st.moving = (double)o.motion_pixels / ((double)v->W * v->H);
    return err;
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
    if (err) {
        v->err = err;
        return err;
    }
    v->cur ^= 1;
    v->stat_in ^= 1;
    v->frames++;
    return 0;
}

int g7sf_vpp_flush(g7sf_vpp *v, g7sf_vpp_emit emit, void *user)
{
    if (!v || !emit)
        return G7SF_EINVAL;
    if (v->err)
        return v->err;
    bool last_field = !v->flushed && v->frames > 0 && v->di &&
                      v->cfg.deinterlace != G7SF_VPP_DI_BOB && v->cfg.rate == G7SF_VPP_RATE_FIELD;
    v->flushed = true;
    if (!last_field)
        return 0;
    /* the last frame's 2nd field: woven with its 1st when the film lock
     * says so (the frame as it is), else alone by the first-frame path */
    vpp_film_decision d;
    const vpp_frame *last = &v->den[v->cur];
    vpp_film_decide_last(&v->film, &d);
    out_src src = woven_src(&v->cur1, d.prev2_ctl, true, NULL, last, NULL);
    int err = 0;
    if (d.prev2_ctl)
        src.f = last;
    else
        err = deinterlace(v, true, true, last, &d);
    if (!err)
        err = emit_frame(v, &src, v->frames - 1, 1, &d, emit, user);
    if (err)
        v->err = err;
    return err;
}
