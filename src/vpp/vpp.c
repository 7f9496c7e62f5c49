/* The video pipeline (gen7sf/vpp.h): the passes a driver runs per input
 * frame, the GNE feedback, and which deinterlaced fields go out at each
 * rate (the output picture: output.c; the film look-ahead of auto at field
 * and film rate: ahead.c).  Design decisions: docs/spec-notes.md, "Video
 * pipeline (driver side)". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "noise.h"
#include "vpp_int.h"

enum { MAX_SIDE = 16384 };

/* The output size within 1/16 (exclusive) .. 16 times the input's
 * (g7sf_avs_state_for_scale's ratios), even, 16 x 8 at least. */
static bool scale_ok(const g7sf_vpp_config *c)
{
    g7sf_color_processing_state st;
    if (c->sharpen < 0 || c->sharpen > 255 || g7sf_vpp_color_state(c, &st))
        return false;
    if (!c->scale_width && !c->scale_height)
        return true;
    int w = c->scale_width, h = c->scale_height;
    return w >= 16 && h >= 8 && w <= MAX_SIDE && h <= MAX_SIDE && !(w % 2) && !(h % 2) &&
           16L * w > c->width && w <= 16L * c->width && 16L * h > c->height &&
           h <= 16L * c->height;
}

static bool config_ok(const g7sf_vpp_config *c)
{
    return c && c->width >= 16 && c->height >= 8 && c->width <= MAX_SIDE &&
           c->height <= MAX_SIDE &&
           (c->chroma == G7SF_CHROMA_420 || c->chroma == G7SF_CHROMA_422) &&
           (unsigned)c->deinterlace <= G7SF_VPP_DI_OFF && (unsigned)c->rate <= G7SF_VPP_RATE_FILM &&
           c->denoise >= -1 && c->denoise <= 64 && c->threads >= 1 &&
           c->threads <= VPP_MAX_THREADS && (c->platform == G7SF_IVB || c->platform == G7SF_HSW) &&
           (unsigned)c->stat_layout <= G7SF_VPP_STAT_HSW && c->keep >= 0 &&
           c->keep <= VPP_MAX_KEEP && scale_ok(c);
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
    for (int i = 0; i < VPP_MAX_KEEP; i++)
        vpp_frame_free(&v->kept[i]);
    vpp_scale_free(&v->scale);
    vpp_pool_destroy(v->pool);
    for (int i = 0; i < VPP_MAX_THREADS; i++)
        g7sf_di_rows_mem_free(v->job.mem[i]);
    free(v);
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
    if (!err)
        err = vpp_scale_init(&v->scale, c, v->out_chroma, !c->keep);
    /* kept pictures at the output size */
    int kw = v->scale.on ? (v->scale.ow + 15) & ~15 : v->W;
    int kh = v->scale.on ? (v->scale.oh + 7) & ~7 : v->H;
    for (int i = 0; i < c->keep && !err; i++)
        err = vpp_frame_alloc(&v->kept[i], kw, kh, v->out_chroma);
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

/* ---- push / flush ------------------------------------------------------------ */

static bool picture_ok(const g7sf_vpp *v, const g7sf_vpp_picture *in)
{
    const g7sf_vpp_config *c = &v->cfg;
    return in && in->data[0] && in->data[1] && in->data[2] && in->stride[0] >= c->width &&
           in->stride[1] >= vpp_chroma_width(c) && in->stride[2] >= vpp_chroma_width(c);
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
    vpp_import(v, in);
    int err = c->denoise >= 0 ? vpp_denoise(v, first) : 0;
    bool field_rate = c->rate == G7SF_VPP_RATE_FIELD;
    if (!err && v->ahead)
        return push_done(v, vpp_ahead_push(v, cur, n, emit, user));

    const out_src as_is = { cur, NULL, NULL }, cur1 = { &v->cur1, NULL, NULL };
    if (!err && !v->di) {
        /* weave: both fields as they are, once per field at field rate */
        err = vpp_emit_frame(v, &as_is, n, v->interlaced && field_rate ? 0 : -1, &d, emit, user);
        if (!err && v->interlaced && field_rate)
            err = vpp_emit_frame(v, &as_is, n, 1, &d, emit, user);
    } else if (!err && (first || c->deinterlace == G7SF_VPP_DI_BOB)) {
        err = vpp_deinterlace(v, true, false, cur, &d);
        if (!err)
            err = vpp_emit_frame(v, &cur1, n, 0, &d, emit, user);
        if (!err && c->deinterlace == G7SF_VPP_DI_BOB && field_rate)
            err = vpp_deinterlace(v, true, true, cur, &d);
        if (!err && c->deinterlace == G7SF_VPP_DI_BOB && field_rate)
            err = vpp_emit_frame(v, &cur1, n, 1, &d, emit, user);
    } else if (!err) {
        err = vpp_deinterlace(v, false, false, cur, &d);
        bool film = c->rate == G7SF_VPP_RATE_FILM && d.locked;
        const vpp_frame *prev = &v->den[v->cur];
        out_src p2 = vpp_woven_src(&v->prev2, d.prev2_ctl, true, NULL, prev, cur);
        out_src c1 = vpp_woven_src(&v->cur1, d.cur1_ctl, false, prev, cur, NULL);
        if (!err && (field_rate || (film && d.prev2_new)))
            err = vpp_emit_frame(v, &p2, n - 1, 1, &d, emit, user);
        if (!err && (!film || d.cur1_new))
            err = vpp_emit_frame(v, &c1, n, 0, &d, emit, user);
    }
    return push_done(v, err);
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
        return vpp_ahead_flush(v, emit, user);
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
    out_src src = vpp_woven_src(&v->cur1, d.prev2_ctl, true, NULL, last, NULL);
    int err = 0;
    if (d.prev2_ctl) {
        src.f = last;
    } else if (v->frames > 1) {
        err = vpp_deinterlace_pass(v, false, false, last, last, &d);
        src.f = &v->prev2;
    } else {
        err = vpp_deinterlace(v, true, true, last, &d);
    }
    if (!err)
        err = vpp_emit_frame(v, &src, v->frames - 1, 1, &d, emit, user);
    if (err)
        v->err = err;
    return err;
}
