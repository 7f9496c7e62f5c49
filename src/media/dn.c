/* The denoise unit (§2.8.2, §2.8.3): per 4x4 motion detection and history
 * update, temporal and context adaptive spatial filters, their blend, and
 * the block noise estimate.  Integer formulas follow the text exactly; the
 * decisions on unclear passages are in docs/spec-notes.md, "Denoise". */
#include <string.h>

#include "dn_int.h"
#include "gen7sf/media.h"
#include "window.h"

enum {
    BW = G7SF_DN_BLOCK_W,
    WIN_W = BW + 2,           /* one column each side for the 3x3 windows */
    MAX_BH = 8,
    WIN_H = MAX_BH + 4,       /* up to two lines each side (field mode) */
};

/* Reciprocals that replace the divides (§2.8.2.3, §2.8.2.4). */
static const uint16_t gn_q_table[9] = { 2048, 1024, 682, 512, 409, 341, 292, 256, 227 };
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

void g7sf_gne_add(g7sf_gne *g, unsigned stream_id, unsigned bne)
{
    if (bne < 255) {
        g->sum[stream_id & 1] = (g->sum[stream_id & 1] + bne) & 0x7FFFFF;
        g->count[stream_id & 1]++;
    }
}

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int med3(int a, int b, int c) { return imax(imin(a, b), imin(imax(a, b), c)); }

/* Motion detection of the 4x4 blocks (lines 806-834).  c[y][x + 1] is the
 * block's pixel (x, y). */
static void motion_detect(const g7sf_dn_params *p, const uint8_t (*c)[WIN_W], const uint8_t (*pv)[BW],
                          int bh, const uint8_t *hist_in, uint8_t *hist_out, int hist_stride,
                          bool *moving, g7sf_dn_block_stats *st)
{
    for (int k = 0; k < bh; k++) {      /* bh / 4 rows of four 4x4 blocks */
        int x0 = k % 4 * 4, y0 = k / 4 * 4, h = k / 4 * hist_stride + k % 4;
        moving[k] = dn_detect_4x4(p, &c[y0][x0 + 1], WIN_W, &pv[y0][x0], BW,
                                  p->first_frame ? NULL : hist_in + h, hist_out + h, k, st);
    }
}

/* Denoise Blend (lines 893-952) after the temporal out-of-range clamp. */
static inline int blend(const g7sf_dn_params *p, int spatial, int temporal, int t_diff,
                        bool moving, int block_min, int block_max)
{
    if (temporal >= block_max)
        temporal = (temporal + block_max) >> 1;
    if (temporal < block_min)
        temporal = (temporal + block_min) >> 1;
    return dn_blend(p, spatial, temporal, t_diff, moving);
}

int g7sf_dn_block(const g7sf_dn_params *p, const g7sf_plane *cur, const g7sf_plane *prev,
                  int bx, int by, int bh, const uint8_t *hist_in, uint8_t *hist_out,
                  int hist_stride, uint8_t *out, int out_stride, g7sf_dn_block_stats *st)
{
    if (!p || !cur || !cur->data || !hist_out || !out || !st || (bh != 4 && bh != 8) ||
        bx < 0 || by < 0 || bx % BW || by % 4 || bx >= cur->width || by >= cur->height)
        return G7SF_EINVAL;
    /* the reciprocal tables have 9 and 16 entries: thresholds a caller sets
     * directly must keep the indices inside them */
    if (p->good_neighbor_th > 255 || p->temporal_diff_th > 255 ||
        p->temporal_diff_low > p->temporal_diff_th ||
        p->temporal_diff_th - p->temporal_diff_low > 16)
        return G7SF_EINVAL;
    if (!p->first_frame && (!prev || !prev->data || !hist_in || prev->width != cur->width ||
                            prev->height != cur->height))
        return G7SF_EINVAL;

    int step = p->field ? 2 : 1;
    uint8_t win[WIN_H][WIN_W], pv[MAX_BH][BW];
    bool moving[8];
    /* the block's lines are win[step .. step + bh - 1], columns 1..16 */
    media_load(cur, bx - 1, by - step, bh + 2 * step, WIN_W, step, &win[0][0], WIN_W);
    if (p->first_frame)
        memset(pv, 0, sizeof pv);   /* not read: the blend is forced to spatial */
    else
        media_load(prev, bx, by, bh, BW, step, &pv[0][0], BW);
    motion_detect(p, (const uint8_t (*)[WIN_W])win[step], (const uint8_t (*)[BW])pv, bh, hist_in,
                  hist_out, hist_stride, moving, st);

    int bne = 255;
    for (int y = 0; y < bh; y++) {
        const uint8_t *u = win[y], *m = win[y + step], *d = win[y + 2 * step];
        /* per window column: the sorted vertical triple, for median9 */
        int clo[WIN_W], cmid[WIN_W], chi[WIN_W];
        for (int x = 0; x < WIN_W; x++) {
            clo[x] = imin(imin(u[x], m[x]), d[x]);
            chi[x] = imax(imax(u[x], m[x]), d[x]);
            cmid[x] = med3(u[x], m[x], d[x]);
        }
        int sum[BW], n[BW], lo[BW], hi[BW], metric[BW], pass[BW];
        /* the 3x3 terms are spelled out (GOOD, DEV): with an inner loop GCC
         * at -O2 leaves the x loops scalar, at half the speed */
        int gn = (int)p->good_neighbor_th, edge_th = (int)p->bne_edge_th,
            noise_th = (int)p->bne_noise_th;
        for (int x = 0; x < BW; x++) {
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
        for (int x = 0; x < BW; x++) {
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
        for (int x = 0; x < BW; x++) {
            int ctr = m[x + 1], pvx = pv[y][x], h = hist_out[y / 4 * hist_stride + x / 4];
            int spatial = ((sum[x] + (n[x] >> 1)) * gn_q_table[n[x] - 1]) >> 11;
            int temporal = dn_temporal(h, pvx, ctr);
            out[y * out_stride + x] = (uint8_t)blend(p, spatial, temporal, iabs(ctr - pvx),
                                                     moving[y / 4 * 4 + x / 4], lo[x], hi[x]);
            bne = pass[x] ? imin(bne, metric[x]) : bne;
        }
    }
    st->bne = (uint8_t)bne;
    return 0;
}
