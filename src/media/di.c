/* The deinterlacer's block pass (§2.8.4, §2.8.6): state decoding, the luma
 * windows, and per line the STMM with its smoothing (STMM2, STMM3), the SDI,
 * the optional MCDI choice, the temporal deinterlace and the final blend, or
 * progressive cadence reconstruction; chroma is in di_chroma.c.  Decisions
 * on unclear passages: docs/spec-notes.md, "Deinterlace (§2.8.4)". */
#include <string.h>

#include "di_band.h"
#include "window.h"

void g7sf_di_params_from_state(const g7sf_sampler_state_di *s, g7sf_di_params *p)
{
    *p = (g7sf_di_params){
        .stmm_c2 = s->stmm_c2 + 1,
        .vecm_mul = s->multiplier_for_vecm,
        /* the reserved code 3 passes through as shift 7 / 9 */
        .tdm_shift1 = 4 + s->stmm_shift_down,
        .tdm_shift2 = 6 + s->stmm_shift_up,
        .stmm_md_th = s->stmm_blending_constant_select ? s->maximum_stmm : s->minimum_stmm,
        .stmm_trc1 = s->blending_constant_large_stmm,
        .stmm_trc2 = s->blending_constant_small_stmm,
        .stmm_min = s->minimum_stmm,
        .stmm_max = s->maximum_stmm,
        .stmm_shift = s->stmm_output_shift,
        .sdi_th = s->sdi_threshold,
        .sdi_delta = s->sdi_delta,
        .sdi_t1 = s->sdi_fallback_mode_1_t1_constant,
        .sdi_t2 = s->sdi_fallback_mode_1_t2_constant,
        .sdi_angle2x1 = s->sdi_fallback_mode_2_constant,
        .fmd_tdiff = s->fmd_temporal_difference_threshold,
        .fmd_vdiff1 = s->fmd1_vertical_difference_threshold,
        .fmd_vdiff2 = s->fmd2_vertical_difference_threshold,
        .fmd_thr_tear = s->fmd_tear_threshold,
        .cat_th1 = s->cat_threshold_1,
        .cat_slope = s->cat_slope + 1,
        .sad_tight_th = s->sad_tight_threshold,
        .sad_tha = s->sad_threshold_a,
        .sad_thb = s->sad_threshold_b,
        .smooth_mv_th = s->smooth_mv_threshold,
        .mc_consistency_th = s->mc_pixel_consistency_threshold,
        .neighbor_pixel_th = s->neighbor_pixel_threshold,
        .mcdi = s->mcdi_enable,
        .top_first = s->dndi_top_first,
        .first_frame = s->dndi_first_frame,
        .cadence_prev2 = s->fmd_for_2nd_field_of_previous_frame,
        .cadence_cur1 = s->fmd_for_1st_field_of_current_frame,
    };
}

void di_window_load(const g7sf_plane *pl, int bx, int by, di_window *w)
{
    media_load(pl, bx - DIW_L, by - DIW_T, DIW_H, DIW_W, 2, &w->p[0][0], DIW_W);
}

/* The values the formulas take without overflow: the state fields' widths
 * (the SDI sums stay in 16 bits), shifts that keep 32 bits, a divisor of 1
 * to 8 plus SCM / 16 (at most 247: the STMM quotient is exact). */
const char *di_params_invalid(const g7sf_di_params *p)
{
    if (p->cadence_prev2 > 2 || p->cadence_cur1 > 2)
        return "an FMD cadence control is 3, which names no field (PRM 3911-3920)";
    if (p->stmm_c2 < 1 || p->stmm_c2 > 8 || p->vecm_mul > 63 || p->tdm_shift1 > 31 ||
        p->tdm_shift2 > 18 || p->stmm_md_th > 255 || p->stmm_trc1 > 256 || p->stmm_trc2 > 256 ||
        p->stmm_min > 255 || p->stmm_max > 255 || p->stmm_shift > 16 || p->sdi_th > 255 ||
        p->sdi_delta > 255 || p->sdi_t1 > 255 || p->sdi_t2 > 255 || p->sdi_angle2x1 > 255)
        return "an STMM or SDI control outside the range its field holds";
    return NULL;
}

static bool plane_ok(const g7sf_plane *pl, int w, int h)
{
    return pl->data && pl->width == w && pl->height == h && pl->stride >= w;
}

/* A frame of the sizes g7sf_di_block accepts: luma 16 x 4 aligned, chroma
 * planes at their native size. */
static bool yuv_ok(const g7sf_yuv *f)
{
    int w = f->y.width, h = f->y.height;
    if (w <= 0 || h <= 0 || w % 16 || h % 4 || !plane_ok(&f->y, w, h))
        return false;
    int cw = f->chroma == G7SF_CHROMA_411 ? w / 4 : w / 2;
    int ch = f->chroma == G7SF_CHROMA_420 ? h / 2 : h;
    return (f->chroma == G7SF_CHROMA_420 || f->chroma == G7SF_CHROMA_422 ||
            f->chroma == G7SF_CHROMA_411) &&
           plane_ok(&f->cb, cw, ch) && plane_ok(&f->cr, cw, ch);
}

/* STMM2 of pairs -1..8 of frame line y, then STMM3 of the block pairs.  A
 * neighbour pair outside the frame repeats the edge pair, so STMM3 there is
 * the maximum over the pairs that exist. */
static void smooth(const g7sf_di_params *p, const uint8_t st[DI_PAIRS], const uint8_t *stmm_in,
                   int stmm_stride, int bx, int y, int width, uint8_t st2[8], uint8_t st3[8])
{
    const uint8_t *s_in = stmm_in + (size_t)y * stmm_stride + bx / 2;
    uint8_t s[DI_PAIRS];
    for (int i = 0; i < 8; i++)
        s[i + 1] = di_stmm2(p, st[i + 1], s_in[i]);
    s[0] = bx > 0 ? di_stmm2(p, st[0], s_in[-1]) : s[1];
    s[9] = bx + 16 < width ? di_stmm2(p, st[9], s_in[8]) : s[8];
    for (int i = 0; i < 8; i++) {
        int m = s[i] > s[i + 1] ? s[i] : s[i + 1];
        st2[i] = s[i + 1];
        st3[i] = (uint8_t)(m > s[i + 2] ? m : s[i + 2]);
    }
}

/* The view of a block's own SDI s; acost (8 entries) is filled from it. */
static sdi_view block_view(const di_sdi *s, uint16_t acost[8])
{
    for (int i = 0; i < 8; i++)
        acost[i] = s->cost[s->angle[i]][i + 1];
    return (sdi_view){ s->out, s->angle, acost };
}

/* First frame (§2.8.6.3, lines 1576-1582): cur1 alone, by SDI; STMM out
 * 255; prev2 repeats cur1.  Outputs whose line pointers are NULL are not
 * written (g7sf_di_rows points its band at the lines instead). */
static void first_frame(const g7sf_di_params *p, const g7sf_yuv *cur, di_band *src, int bx,
                        int by, const di_out *out)
{
    uint8_t stmm3[4][8], angle[4][8];
    memset(stmm3, 255, sizeof stmm3);
    memset(angle, DI_A90, sizeof angle);
    /* the missing lines are l0 and l0 + 2 (by is a multiple of 4) */
    int l0 = di_first_field_line(p, by) ? 1 : 0;
    di_sdi sd[2];
    uint16_t acost[2][8];
    sdi_view v[2];
    if (src) {
        v[0] = di_band_sdi(p, src, l0, bx), v[1] = di_band_sdi(p, src, l0 + 2, bx);
    } else {
        /* the SDI of lines 0..3 reads lines -3..6 alone: half the window
         * (5% of a bob pass); the other lines are never read */
        di_window wc;
        media_load(&cur->y, bx - DIW_L, by - 3, 10, DIW_W, 2, &DIW(&wc, -DIW_L, -3), DIW_W);
        di_sdi_line2(p, &wc, l0, sd);
        v[0] = block_view(&sd[0], acost[0]), v[1] = block_view(&sd[1], acost[1]);
    }
    for (int l = 0; l < 4; l++) {
        bool own = di_first_field_line(p, by + l);
        if (!own)
            memcpy(angle[l], v[(l - l0) / 2].angle, 8);
        if (out->cur1_y[l])
            memcpy(out->cur1_y[l],
                   own ? cur->y.data + (size_t)(by + l) * cur->y.stride + bx : v[(l - l0) / 2].out,
                   16);
        if (out->stmm[l])
            memset(out->stmm[l], 255, 8);
    }
    di_chroma_block(p, cur, NULL, bx, by, (const uint8_t (*)[8])stmm3,
                    (const uint8_t (*)[8])angle, src ? &src->chroma : NULL, out);
    for (int l = 0; l < 4; l++) {
        if (out->prev2_y[l])
            memcpy(out->prev2_y[l], out->cur1_y[l], 16);
        if (out->prev2_c[l])
            memcpy(out->prev2_c[l], out->cur1_c[l], 16);
    }
}

void di_blend_line_c(const g7sf_di_params *p, const uint8_t stmm3[8], const uint8_t v[16],
                     const uint8_t a[16], const uint8_t b[16], uint8_t out[16])
{
    for (int x = 0; x < 16; x++)
        out[x] = (uint8_t)di_blend(p, stmm3[x / 2], v[x], di_avg(a[x], b[x]));
}

/* The missing line l deinterlaced (cadence 0) from its SDI v: TDI, SDI or
 * MCDI, blend.  a and b are the block's line l in prev and cur, hv the
 * lanes' SVCM + SHCM. */
static void deinterlace_line(const g7sf_di_params *p, const mcdi_pixel_params *q,
                             const uint8_t *a, const uint8_t *b, const di_view *pic, int l,
                             const uint8_t st3[8], const mcdi_block *m, const uint16_t *hv,
                             sdi_view v, uint8_t angle[8], uint8_t dst[16])
{
    const dipix_dsp *px = &media_dsp_get()->px;
    memcpy(angle, v.angle, 8);
    uint8_t mc[16];
    const uint8_t *sp = v.out;
    if (p->mcdi) {
        mcdi_line_info s;
        for (int i = 0; i < 8; i++) {
            s.edge[i] = di_angle_off[v.angle[i]];
            s.angle_cost[i] = v.acost[i];
            s.scm[i] = hv[i + 1];
        }
        px->choose(q, m, pic, l, &s, v.out, mc);
        sp = mc;
    }
    px->blend(p, st3, sp, a, b, dst);
}

/* Whether g7sf_di_block can run on these arguments (bx, by aside). */
bool di_args_ok(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                    const uint8_t *stmm_in, int stmm_stride)
{
    if (!p || !cur || di_params_invalid(p) || !yuv_ok(cur))
        return false;
    return p->first_frame ||
           (prev && yuv_ok(prev) && prev->y.width == cur->y.width &&
            prev->y.height == cur->y.height && prev->chroma == cur->chroma && stmm_in &&
            stmm_stride >= cur->y.width / 2);
}

void di_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                  const uint8_t *stmm_in, int stmm_stride, int bx, int by, di_band *src,
                  const di_out *out)
{
    if (p->first_frame) {
        first_frame(p, cur, src, bx, by, out);
        return;
    }
    di_window wc, wp;
    di_view vc, vp;
    bool line_search = p->mcdi && src && src->line_search;
    if (line_search) {
        /* the search is the band's: the compensation and the choice read
         * lines -2..5 (mcdi.c), straight from the frames where the
         * window's columns are inside them */
        const uint8_t *rc[8], *rp[8];
        media_point_rows(&cur->y, bx - DIW_L, by - 2, 8, DIW_W, 2, rc, wc.p[0]);
        media_point_rows(&prev->y, bx - DIW_L, by - 2, 8, DIW_W, 2, rp, wp.p[0]);
        for (int r = 0; r < 8; r++) {
            vc.row[DIW_T - 2 + r] = rc[r] + DIW_L;
            vp.row[DIW_T - 2 + r] = rp[r] + DIW_L;
        }
    } else if (p->mcdi) {      /* the motion search reads the whole window */
        di_window_load(&cur->y, bx, by, &wc);
        di_window_load(&prev->y, bx, by, &wp);
    } else if (!src) {
        /* without it the STMM reads lines -4..7 and the SDI -3..6: 12 of
         * the 20 lines (along lines neither reads a window) */
        media_load(&cur->y, bx - DIW_L, by - 4, 12, DIW_W, 2, &DIW(&wc, -DIW_L, -4), DIW_W);
        media_load(&prev->y, bx - DIW_L, by - 4, 12, DIW_W, 2, &DIW(&wp, -DIW_L, -4), DIW_W);
    }
    if (!line_search)
        vc = di_view_of(&wc), vp = di_view_of(&wp);
    /* the block's own lines in prev and cur */
    const uint8_t *lp[4], *lc[4];
    for (int l = 0; l < 4; l++) {
        bool win = (p->mcdi && !line_search) || !src;
        lp[l] = win ? &DIW(&wp, 0, l) : prev->y.data + (size_t)(by + l) * prev->y.stride + bx;
        lc[l] = win ? &DIW(&wc, 0, l) : cur->y.data + (size_t)(by + l) * cur->y.stride + bx;
    }

    uint8_t stmm3[4][8], angle[4][8];
    bool spatial[4], any_spatial = false;
    const uint8_t *st[4] = { 0 };
    const uint16_t *hv[4];
    di_stmm sm[4];
    uint16_t hvb[4][DI_PAIRS];
    if (!src) {
        media_dsp_get()->di.stmm_measure(p, &wp, &wc, by, sm);
        for (int l = 0; l < 4; l++) {
            for (int i = 0; i < DI_PAIRS; i++)
                hvb[l][i] = (uint16_t)(sm[l].svcm[i] + sm[l].shcm[i]);
            st[l] = sm[l].stmm, hv[l] = hvb[l];
        }
    }
    for (int l = 0; l < 4; l++) {
        const uint8_t *s3 = stmm3[l];
        if (src) {      /* STMM2 is the band's line itself */
            di_band_stmm(p, src, stmm_in, stmm_stride, l, bx, &s3, &hv[l]);
            memcpy(stmm3[l], s3, 8);
        } else {
            smooth(p, st[l], stmm_in, stmm_stride, bx, by + l, cur->y.width, out->stmm[l],
                   stmm3[l]);
        }
        /* below STMM min every blend of the line takes the temporal value
         * alone (di_blend), luma and chroma: no SDI, and the angle is moot
         * (s3: the band's line, not the copy just stored) */
        unsigned cadence = di_first_field_line(p, by + l) ? p->cadence_prev2 : p->cadence_cur1;
        unsigned top = 0;
        for (int i = 0; i < 8; i++)
            top = s3[i] > top ? s3[i] : top;
        spatial[l] = !cadence && top >= p->stmm_min;
        any_spatial |= spatial[l];
    }
    /* the motion search crosses lines (the smoothness check): all or none */
    mcdi_block m;
    mcdi_pixel_params q;
    if (p->mcdi && any_spatial) {
        if (line_search) {
            di_band_search(src, bx, &m);
            mcdi_block_finish(p, &vp, &vc, &m);
        } else {
            mcdi_block_run(p, &wp, &wc, &m);
        }
        mcdi_pixel_params_init(p, &q);
    }
    /* the SDI of the spatial lines, lines l and l + 2 (one field, one
     * picture) together when both are */
    di_sdi sd[2][2];
    uint16_t acost[4][8];
    sdi_view v[4];
    for (int l = 0; l < 2; l++) {
        const di_window *pic = di_first_field_line(p, by + l) ? &wp : &wc;
        for (int k = l; k < 4; k += 2)
            if (spatial[k] && src)
                v[k] = di_band_sdi(p, src, k, bx);
        if (src)
            continue;
        if (spatial[l] && spatial[l + 2])
            di_sdi_line2(p, pic, l, sd[l]);
        else
            for (int k = l; k < 4; k += 2)
                if (spatial[k])
                    di_sdi_line(p, pic, k, &sd[l][k / 2]);
        for (int k = l; k < 4; k += 2)
            if (spatial[k])
                v[k] = block_view(&sd[l][k / 2], acost[k]);
    }
    for (int l = 0; l < 4; l++) {
        /* a 1st-field line is missing in prev2 (picture prev, reference
         * cur), a 2nd-field line in cur1 (picture cur, reference prev) */
        bool first = di_first_field_line(p, by + l);
        const di_view *pic = first ? &vp : &vc;
        unsigned cadence = first ? p->cadence_prev2 : p->cadence_cur1;
        uint8_t *missing = first ? out->prev2_y[l] : out->cur1_y[l];
        memcpy(first ? out->cur1_y[l] : out->prev2_y[l], first ? lc[l] : lp[l], 16);  /* the field's own line */
        memset(angle[l], DI_A90, 8);
        if (cadence) {      /* weave: 1 the field from prev, 2 from cur */
            memcpy(missing, cadence == 1 ? lp[l] : lc[l], 16);
        } else if (spatial[l]) {
            deinterlace_line(p, &q, lp[l], lc[l], pic, l, stmm3[l], &m, hv[l], v[l], angle[l],
                             missing);
        } else {
            static const uint8_t unused[16];
            media_dsp_get()->px.blend(p, stmm3[l], unused, lp[l], lc[l], missing);
        }
    }
    if (src) {
        /* the band's chroma runs along its lines when its luma is done */
        for (int l = 0; l < 4; l++)
            memcpy(src->angle[l] + bx / 2, angle[l], 8);
        return;
    }
    di_chroma_block(p, cur, prev, bx, by, (const uint8_t (*)[8])stmm3,
                    (const uint8_t (*)[8])angle, NULL, out);
}

int g7sf_di_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                  const uint8_t *stmm_in, int stmm_stride, int bx, int by, g7sf_di_block_out *out)
{
    if (!out || !di_args_ok(p, cur, prev, stmm_in, stmm_stride) || bx < 0 || by < 0 || bx % 16 ||
        by % 4 || bx >= cur->y.width || by >= cur->y.height)
        return G7SF_EINVAL;
    di_out o = di_out_block(out);
    di_block(p, cur, prev, stmm_in, stmm_stride, bx, by, NULL, &o);
    return 0;
}

