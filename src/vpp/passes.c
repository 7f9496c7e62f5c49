/* The pipeline's passes (vpp_int.h): one pass of the DN/DI unit over the
 * frame on the pool, the DN-only pass with the GNE feedback, the DI pass
 * (with the film FMD ahead at frame rate) and the STMM pre-roll. */
#include <stdlib.h>

#include "noise.h"
#include "vpp_int.h"

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
    return vpp_pass_run(j->in, &j->part[i], row0, row1, j->skip_fmd, &j->mem[i]);
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

int vpp_denoise(g7sf_vpp *v, bool first)
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

int vpp_deinterlace_pass(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
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

int vpp_deinterlace(g7sf_vpp *v, bool first, bool other_field, const vpp_frame *f,
                    vpp_film_decision *d)
{
    return vpp_deinterlace_pass(v, first, other_field, f, &v->den[v->cur], d);
}
