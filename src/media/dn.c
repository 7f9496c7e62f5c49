/* The denoise unit (§2.8.2, §2.8.3): per 4x4 motion detection and history
 * update, temporal and context adaptive spatial filters, their blend, and
 * the block noise estimate.  Integer formulas follow the text exactly; the
 * decisions on unclear passages are in docs/spec-notes.md, "Denoise". */
#include "dn_int.h"
#include "dsp.h"
#include "window.h"

/* Reciprocals that replace the divides (§2.8.2.3, §2.8.2.4). */
const uint16_t dn_gn_q_table[16] = { 2048, 1024, 682, 512, 409, 341, 292, 256, 227 };
const uint16_t dn_q_table[16] = { 1024, 512, 341, 256, 205, 171, 146, 128,
                                  114,  102, 93,  85,  79,  73,  68,  64 };

void g7sf_dn_params_from_state(const g7sf_sampler_state_di *s, g7sf_dn_params *p)
{
    unsigned th = s->temporal_difference_threshold, low = s->low_temporal_difference_threshold;
    *p = (g7sf_dn_params){
        .stad_th = s->denoise_stad_threshold,
        .mp_th = s->denoise_moving_pixel_threshold,
        .tasd_th = s->denoise_asd_threshold,
        .scm_th = s->denoise_threshold_for_sum_of_complexity_measure,
        .history_max = s->denoise_maximum_history,
        .history_delta = s->denoise_history_delta,
        .temporal_diff_th = th,
        /* the blend divides by th - low through the 16-entry q_table */
        .temporal_diff_low = th > low + 16 ? th - 16 : low,
        .good_neighbor_th = s->good_neighbor_threshold,
        .bne_edge_th = s->bne_edge_threshold,
        .bne_noise_th = s->block_noise_estimate_noise_threshold,
        .field = !s->progressive_dn,
        .first_frame = s->dndi_first_frame,
    };
}

const char *dn_params_invalid(const g7sf_dn_params *p)
{
    /* the reciprocal tables have 9 and 16 entries: the thresholds must keep
     * the indices inside them */
    if (p->good_neighbor_th > 255 || p->temporal_diff_th > 255)
        return "Good Neighbor Threshold or Temporal Difference Threshold above 255";
    if (p->temporal_diff_low > p->temporal_diff_th)
        return "Low Temporal Difference Threshold above Temporal Difference Threshold "
               "(PRM 3711-3716: the difference must be 1 to 16, or both 0)";
    if (p->temporal_diff_th - p->temporal_diff_low > 16)
        return "Temporal Difference Threshold more than 16 above the Low one (PRM 3711-3716)";
    return NULL;
}

void g7sf_gne_add(g7sf_gne *g, unsigned stream_id, unsigned bne)
{
    if (bne < 255) {
        g->sum[stream_id & 1] = (g->sum[stream_id & 1] + bne) & 0x7FFFFF;
        g->count[stream_id & 1]++;
    }
}

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int med3(int a, int b, int c) { return imax(imin(a, b), imin(imax(a, b), c)); }

/* Motion detection of the 4x4 blocks (lines 806-834): on the lines as
 * stored, both fields interleaved. */
void dn_motion_c(const dn_window *w, unsigned th, g7sf_dn_block_stats *st)
{
    for (int k = 0; k < w->bh; k++) {   /* bh / 4 rows of four 4x4 blocks */
        int x0 = k % 4 * 4, y0 = k / 4 * 4;
        const uint8_t *c[4], *pv[4];
        for (int y = 0; y < 4; y++)
            c[y] = w->cur[w->step + y0 + y] + 1 + x0, pv[y] = w->prev[y0 + y] + x0;
        dn_sums_4x4(th, c, pv, k, st);
    }
}

/* Denoise Blend (lines 893-952) after the temporal out-of-range clamp. */
static inline int blend(const dn_filter_params *fp, int spatial, int temporal, int t_diff,
                        bool moving, int block_min, int block_max)
{
    if (temporal >= block_max)
        temporal = (temporal + block_max) >> 1;
    if (temporal < block_min)
        temporal = (temporal + block_min) >> 1;
    return dn_blend_th(fp->th, fp->low, spatial, temporal, t_diff, moving);
}

unsigned dn_filter_c(const dn_window *w, const dn_filter_params *fp, const uint8_t hist[8],
                     const uint8_t moving[8], uint8_t *out, int out_stride)
{
    int bne = 255;
    for (int y = 0; y < w->bh; y++) {
        const uint8_t *u = w->cur[y], *m = w->cur[y + w->step], *d = w->cur[y + 2 * w->step];
        /* per window column: the sorted vertical triple, for median9 */
        int clo[DN_WIN_W], cmid[DN_WIN_W], chi[DN_WIN_W];
        for (int x = 0; x < DN_WIN_W; x++) {
            clo[x] = imin(imin(u[x], m[x]), d[x]);
            chi[x] = imax(imax(u[x], m[x]), d[x]);
            cmid[x] = med3(u[x], m[x], d[x]);
        }
        int sum[DN_BW], n[DN_BW], lo[DN_BW], hi[DN_BW], metric[DN_BW], pass[DN_BW];
        /* the 3x3 terms are spelled out (GOOD, DEV): with an inner loop GCC
         * at -O2 leaves the x loops scalar, at half the speed */
        int gn = fp->gn, edge_th = fp->edge_th, noise_th = fp->noise_th;
        for (int x = 0; x < DN_BW; x++) {
            /* context adaptive spatial filter: good neighbours of the centre */
            int ctr = m[x + 1], s = 0, k = 0;
#define GOOD(v) do { int v_ = (v); bool g_ = iabs(v_ - ctr) <= gn; s += g_ ? v_ : 0; k += g_; } while (0)
            GOOD(u[x]); GOOD(u[x + 1]); GOOD(u[x + 2]);
            GOOD(m[x]); GOOD(m[x + 1]); GOOD(m[x + 2]);
            GOOD(d[x]); GOOD(d[x + 1]); GOOD(d[x + 2]);
#undef GOOD
            sum[x] = s, n[x] = k;
            /* the local range, for the out-of-range clamp */
            lo[x] = imin(imin(clo[x], clo[x + 1]), clo[x + 2]);
            hi[x] = imax(imax(chi[x], chi[x + 1]), chi[x + 2]);
        }
        for (int x = 0; x < DN_BW; x++) {
            /* block noise estimate (§2.8.3); median9 is the median of the
             * largest column minimum, the median of column medians and the
             * smallest column maximum */
            int hrz = iabs(u[x] + 2 * u[x + 1] + u[x + 2] - d[x] - 2 * d[x + 1] - d[x + 2]);
            int vrt = iabs(u[x] + 2 * m[x] + d[x] - u[x + 2] - 2 * m[x + 2] - d[x + 2]);
            int med = med3(imax(imax(clo[x], clo[x + 1]), clo[x + 2]),
                           med3(cmid[x], cmid[x + 1], cmid[x + 2]),
                           imin(imin(chi[x], chi[x + 1]), chi[x + 2]));
            int sm = 0, mx = 0;
#define DEV(v) do { int e_ = iabs((v) - med); sm += e_; mx = imax(mx, e_); } while (0)
            DEV(u[x]); DEV(u[x + 1]); DEV(u[x + 2]);
            DEV(m[x]); DEV(m[x + 1]); DEV(m[x + 2]);
            DEV(d[x]); DEV(d[x + 1]); DEV(d[x + 2]);
#undef DEV
            /* noise_min is 0: the median is one of the nine */
            metric[x] = sm;
            pass[x] = (hrz + vrt) >> 3 < edge_th && mx < noise_th;
        }
        for (int x = 0; x < DN_BW; x++) {
            int ctr = m[x + 1], pvx = w->prev[y][x], k = y / 4 * 4 + x / 4, h = hist[k];
            int spatial = ((sum[x] + (n[x] >> 1)) * dn_gn_q_table[n[x] - 1]) >> 11;
            int temporal = dn_temporal(h, pvx, ctr);
            out[y * out_stride + x] = (uint8_t)blend(fp, spatial, temporal, iabs(ctr - pvx),
                                                     moving[k], lo[x], hi[x]);
            bne = pass[x] ? imin(bne, metric[x]) : bne;
        }
    }
    return (unsigned)bne;
}

/* The thresholds compared with 8-bit measures, as 16-bit values that
 * decide the same. */
static uint16_t clamp_th(unsigned v) { return v > 256 ? 256 : (uint16_t)v; }

void dn_filter_setup(const g7sf_dn_params *p, dn_filter_params *fp)
{
    unsigned th = p->temporal_diff_th, low = p->temporal_diff_low;
    *fp = (dn_filter_params){
        .gn = (uint16_t)p->good_neighbor_th, .th = (uint16_t)th, .low = (uint16_t)low,
        .q = th > low ? dn_q_table[th - low - 1] : 0,
        .edge_th = clamp_th(p->bne_edge_th), .noise_th = clamp_th(p->bne_noise_th),
    };
}

int g7sf_dn_block(const g7sf_dn_params *p, const g7sf_plane *cur, const g7sf_plane *prev,
                  int bx, int by, int bh, const uint8_t *hist_in, uint8_t *hist_out,
                  int hist_stride, uint8_t *out, int out_stride, g7sf_dn_block_stats *st)
{
    if (!p || !cur || !cur->data || !hist_out || !out || !st || (bh != 4 && bh != 8) ||
        bx < 0 || by < 0 || bx % DN_BW || by % 4 || bx >= cur->width || by >= cur->height ||
        dn_params_invalid(p))
        return G7SF_EINVAL;
    if (!p->first_frame && (!prev || !prev->data || !hist_in || prev->width != cur->width ||
                            prev->height != cur->height))
        return G7SF_EINVAL;

    const dn_dsp *dsp = &media_dsp_get()->dn;
    dn_window w;
    uint8_t cur_copy[DN_WIN_H][DN_WIN_W], prev_copy[DN_MAX_BH][DN_BW];
    w.bh = bh, w.step = p->field ? 2 : 1;
    media_point_rows(cur, bx - 1, by - w.step, bh + 2 * w.step, DN_WIN_W, w.step, w.cur,
                     &cur_copy[0][0]);
    if (p->first_frame) {
        /* not read: the blend is forced to spatial */
        static const uint8_t zero[DN_BW];
        for (int y = 0; y < bh; y++)
            w.prev[y] = zero;
    } else {
        media_point_rows(prev, bx, by, bh, DN_BW, w.step, w.prev, &prev_copy[0][0]);
    }
    dsp->motion(&w, p->temporal_diff_th, st);

    uint8_t hist[8], moving[8];
    for (int k = 0; k < bh; k++) {
        uint8_t *ho = hist_out + k / 4 * hist_stride + k % 4;
        moving[k] = dn_history_4x4(p, p->first_frame ? NULL : hist_in + (ho - hist_out), ho, k, st);
        hist[k] = *ho;
    }

    dn_filter_params fp;
    dn_filter_setup(p, &fp);
    st->bne = (uint8_t)dsp->filter(&w, &fp, hist, moving, out, out_stride);
    return 0;
}
