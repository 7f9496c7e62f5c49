/* Haswell chroma noise reduction (002 "Chroma Noise Reduction"): U and V
 * each get the luma motion detection and history update, per group of the
 * chroma samples of one luma 4x4, and a temporal-only filter.  Grouping and
 * the other decisions: docs/spec-notes.md, "Haswell chroma denoise (002)". */
#include <string.h>

#include "dn_int.h"
#include "gen7sf/media.h"
#include "window.h"

enum {
    CW = G7SF_DN_BLOCK_W / 2,   /* chroma samples across a luma block */
    WIN_W = CW + 2,             /* one column each side for the 4x4 windows */
    WIN_H = 8 + 2,              /* 8 lines (4:2:2, bh 8), or 4 plus one each side (4:2:0) */
};

void g7sf_dn_chroma_params_from_values(unsigned stad_th, unsigned temporal_diff_th,
                                       unsigned temporal_diff_low, g7sf_dn_chroma_params *c)
{
    /* the blend divides by th - low through the 16-entry q_table */
    *c = (g7sf_dn_chroma_params){
        .stad_th = stad_th,
        .temporal_diff_th = temporal_diff_th,
        .temporal_diff_low = temporal_diff_th > temporal_diff_low &&
                                     temporal_diff_th - temporal_diff_low > 16
                                 ? temporal_diff_th - 16
                                 : temporal_diff_low,
    };
}

static bool plane_ok(const g7sf_plane *pl)
{
    return pl && pl->data && pl->width > 0 && pl->height > 0 && pl->stride >= pl->width;
}

int g7sf_dn_chroma_block(const g7sf_dn_params *p, const g7sf_dn_chroma_params *c,
                         enum g7sf_chroma chroma, const g7sf_plane *cur, const g7sf_plane *prev,
                         int bx, int by, int bh, const uint8_t *hist_in, uint8_t *hist_out,
                         int hist_stride, uint8_t *out, int out_stride, g7sf_dn_block_stats *st)
{
    if (!p || !c || (chroma != G7SF_CHROMA_420 && chroma != G7SF_CHROMA_422) || !plane_ok(cur) ||
        !hist_out || hist_stride < 4 || !out || out_stride < CW || !st || (bh != 4 && bh != 8) ||
        bx < 0 || by < 0 || bx % G7SF_DN_BLOCK_W || by % 4)
        return G7SF_EINVAL;
    /* the blend divides by th - low through the 16-entry q_table */
    unsigned th = c->temporal_diff_th, low = c->temporal_diff_low;
    if (th > low && th - low > 16)
        return G7SF_EINVAL;
    bool v2 = chroma == G7SF_CHROMA_420;    /* vertically subsampled */
    int cx = bx / 2, cy = v2 ? by / 2 : by, ch = v2 ? bh / 2 : bh, gh = v2 ? 2 : 4;
    if (cx >= cur->width || cy >= cur->height)
        return G7SF_EINVAL;
    if (!p->first_frame && (!plane_ok(prev) || !hist_in || prev->width != cur->width ||
                            prev->height != cur->height))
        return G7SF_EINVAL;

    /* the luma detection and blend with the chroma thresholds */
    g7sf_dn_params q = *p;
    q.stad_th = c->stad_th;
    q.temporal_diff_th = c->temporal_diff_th;
    q.temporal_diff_low = c->temporal_diff_low;

    /* the block's samples are win[mt .. mt + ch - 1], columns 1..8; a 2 x gh
     * group's 4x4 window starts one column left and mt lines up */
    int mt = (4 - gh) / 2, rows = ch + 2 * mt, step = p->field ? 2 : 1;
    uint8_t win[WIN_H][WIN_W], pv[WIN_H][WIN_W];
    media_load(cur, cx - 1, cy - mt, rows, WIN_W, step, &win[0][0], WIN_W);
    if (p->first_frame)
        memset(pv, 0, sizeof pv);   /* not read: every group moves */
    else
        media_load(prev, cx - 1, cy - mt, rows, WIN_W, step, &pv[0][0], WIN_W);

    bool moving[8];
    for (int k = 0; k < bh; k++) {      /* one group per luma 4x4 */
        int gx = k % 4 * 2, gy = k / 4 * gh, h = k / 4 * hist_stride + k % 4;
        moving[k] = dn_detect_4x4(&q, &win[gy][gx], WIN_W, &pv[gy][gx], WIN_W,
                                  p->first_frame ? NULL : hist_in + h, hist_out + h, k, st);
    }
    for (int y = 0; y < ch; y++)
        for (int x = 0; x < CW; x++) {
            int k = y / gh * 4 + x / 2;
            int in = win[y + mt][x + 1], pvx = pv[y + mt][x + 1];
            int temporal = dn_temporal(hist_out[k / 4 * hist_stride + k % 4], pvx, in);
            out[y * out_stride + x] =
                (uint8_t)dn_blend(&q, in, temporal, iabs(in - pvx), moving[k]);
        }
    st->bne = 255;
    return 0;
}
