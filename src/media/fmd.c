/* The field motion detector (§2.8.5): per 16x4 block, the simple field
 * differences, the moving/tearing/fitting counters and the stray-filtered
 * tear counts, and their frame sums.  Decisions on unclear passages are in
 * docs/spec-notes.md, "Field motion detector (§2.8.5)". */
#include <stdint.h>

#include "dsp.h"
#include "window.h"

enum {
    BW = 16, BH = 4,
    /* tear grid: even lines -2, 0, 2, 4 of the block, columns -1 .. 16 */
    GR = 4, GC = BW + 2,
    MAX_ABS = 255,            /* first frame: a difference with prev (1578-1580) */
};

/* pixel (x, y) of the block in rows (cur or prev of an fmd_window) */
#define AT(rows, x, y) ((rows)[FMD_WT + (y)][1 + (x)])

enum { TEAR1 = 1, TEAR2 = 2, TEAR3 = 4 };

static inline int iabs(int a) { return a < 0 ? -a : a; }
static inline unsigned sq(int d) { return (unsigned)(d * d); }

/* The differences of §2.8.5 at even line y, column x: the v0..v4 pairs as
 * absolute values, the same-field ones squared as the pseudocode writes
 * them, and the vertical smoothness measures. */
typedef struct pix {
    unsigned d[5];                            /* |cTpT|, |cBpB|, |cTcB|, |cTpB|, |cBpT| */
    unsigned cTcT, cBcB, pTpT, pBpB;          /* squared */
    int cT, cB;
} pix;

enum { CTPT, CBPB, CTCB, CTPB, CBPT };

static void pixel_diffs(const fmd_window *w, int x, int y, pix *d)
{
    const uint8_t *const *c = w->cur, *const *pv = w->prev;
    int t = AT(c, x, y), b = AT(c, x, y + 1);
    d->d[CTCB] = (unsigned)iabs(t - b);
    d->cTcT = sq(t - AT(c, x, y + 2));
    d->cBcB = sq(AT(c, x, y - 1) - b);
    /* the text's "ABS(c(x,y-2) + c(x,y+2))" can only be a difference: as a
     * sum the measure is negative for any picture brighter than black */
    d->cT = iabs(t - AT(c, x, y - 2)) + iabs(t - AT(c, x, y + 2)) -
            iabs(AT(c, x, y - 2) - AT(c, x, y + 2));
    d->cB = iabs(b - AT(c, x, y - 1)) + iabs(b - AT(c, x, y + 3)) -
            iabs(AT(c, x, y - 1) - AT(c, x, y + 3));
    if (w->first) {
        d->d[CTPT] = d->d[CBPB] = d->d[CTPB] = d->d[CBPT] = MAX_ABS;
        d->pTpT = d->pBpB = sq(MAX_ABS);
        return;
    }
    int pt = AT(pv, x, y), pb = AT(pv, x, y + 1);
    d->d[CTPT] = (unsigned)iabs(t - pt);
    d->d[CBPB] = (unsigned)iabs(b - pb);
    d->d[CTPB] = (unsigned)iabs(t - pb);
    d->d[CBPT] = (unsigned)iabs(b - pt);
    d->pTpT = sq(pt - AT(pv, x, y + 2));
    d->pBpB = sq(AT(pv, x, y - 1) - pb);
}

/* The counter conditions (lines 1466-1482) of one pixel, on squared
 * differences: the TEAR bits, and in cnt (when not NULL) the v5 / v6 / v7
 * increments. */
static unsigned pixel_tests(const g7sf_di_params *p, const pix *d, unsigned cnt[3])
{
    unsigned cTcB = sq((int)d->d[CTCB]), cTpB = sq((int)d->d[CTPB]), cBpT = sq((int)d->d[CBPT]);
    if (sq((int)d->d[CTPT]) + sq((int)d->d[CBPB]) <= p->fmd_tdiff)
        return 0;
    bool tearing = cTcB > d->cTcT + d->cBcB;
    if (cnt)
        cnt[tearing ? 0 : 1]++;
    if (!(d->cT < (int)p->fmd_vdiff1 && d->cB < (int)p->fmd_vdiff1))
        return 0;
    if (cnt)
        cnt[2]++;
    unsigned tear = 0;
    if (cTcB >= p->fmd_vdiff2 && tearing)
        tear |= TEAR1;
    if (cTpB >= p->fmd_vdiff2 && cTpB > d->cTcT + d->pBpB)
        tear |= TEAR2;
    if (cBpT >= p->fmd_vdiff2 && cBpT > d->pTpT + d->cBcB)
        tear |= TEAR3;
    return tear;
}

/* §2.8.5.3: a tear at a block pixel counts only if one of its neighbours
 * (x +- 1, y +- 2) tears too, judged on the unfiltered grid. */
static void count_tears(const uint8_t tear[GR][GC], unsigned n[3])
{
    for (int r = 1; r <= 2; r++)
        for (int i = 1; i <= BW; i++)
            for (int k = 0; k < 3; k++) {
                unsigned bit = 1u << k;
                n[k] += (tear[r][i] & bit) &&
                        ((tear[r][i - 1] | tear[r][i + 1] | tear[r - 1][i] | tear[r + 1][i]) & bit);
            }
}

void fmd_grid_c(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g)
{
    *g = (fmd_grid){ .sum = { 0 } };
    uint8_t tear[GR][GC];
    for (int r = 0; r < GR; r++) {
        int y = 2 * r - 2;
        for (int i = 0; i < GC; i++) {
            int x = i - 1;
            bool inside = y >= 0 && y < BH && x >= 0 && x < BW;
            /* a neighbour outside the frame cannot keep a tear alive */
            if ((x < 0 && (w->out & FMD_OUT_LEFT)) || (x >= BW && (w->out & FMD_OUT_RIGHT)) ||
                (y < 0 && (w->out & FMD_OUT_TOP)) || (y >= BH && (w->out & FMD_OUT_BOTTOM))) {
                tear[r][i] = 0;
                continue;
            }
            pix d;
            pixel_diffs(w, x, y, &d);
            tear[r][i] = (uint8_t)pixel_tests(p, &d, inside ? g->cnt : NULL);
            for (int k = 0; inside && k < 5; k++)
                g->sum[k] += d.d[k];
        }
    }
    count_tears((const uint8_t (*)[GC])tear, g->tears);
}

int fmd_block_run(const fmd_dsp *d, const g7sf_di_params *p, const g7sf_plane *cur,
                  const g7sf_plane *prev, int bx, int by, g7sf_fmd_block *out)
{
    if (!p || !cur || !cur->data || !out || cur->width <= 0 || cur->height <= 0 ||
        cur->width % BW || cur->height % BH || cur->stride < cur->width || bx < 0 || by < 0 ||
        bx % BW || by % BH || bx >= cur->width || by >= cur->height)
        return G7SF_EINVAL;
    bool first = p->first_frame || !prev;
    if (!first && (!prev->data || prev->width != cur->width || prev->height != cur->height ||
                   prev->stride < prev->width))
        return G7SF_EINVAL;

    /* rows of the plane itself, or copies where the columns cross its edge
     * (no initializer: zeroing the row pointers costs more than the rest) */
    fmd_window w;
    w.first = first;
    w.out = (bx == 0 ? FMD_OUT_LEFT : 0) | (bx + BW >= cur->width ? FMD_OUT_RIGHT : 0) |
            (by == 0 ? FMD_OUT_TOP : 0) | (by + BH >= cur->height ? FMD_OUT_BOTTOM : 0);
    uint8_t copy[2][FMD_WH][FMD_WW];
    media_point_rows(cur, bx - 1, by - FMD_WT, FMD_WH, FMD_WW, 2, w.cur, &copy[0][0][0]);
    if (!first)
        media_point_rows(prev, bx - 1, by - FMD_WT, FMD_WH, FMD_WW, 2, w.prev, &copy[1][0][0]);

    fmd_grid g;
    d->grid(&w, p, &g);
    unsigned *cnt = g.cnt, *tears = g.tears;

    /* the block rules of §2.8.5.3, in the order written */
    unsigned v7 = cnt[2];
    if (tears[0] > tears[1] && tears[0] > tears[2])
        v7 = tears[0] = tears[1] = tears[2] = 0;
    for (int k = 0; k < 3; k++)
        if (tears[k] < p->fmd_thr_tear)
            tears[k] = 0;

    *out = (g7sf_fmd_block){ .tearing = (uint8_t)cnt[0], .fitting = (uint8_t)cnt[1],
                             .motion = (uint8_t)v7 };
    for (int k = 0; k < 5; k++) {
        out->diff[k] = (uint16_t)g.sum[k];  /* at most 32 x 255 = 8160 */
        out->v[k] = g.sum[k] >> 4;          /* "divided by 16" for the frame sum */
    }
    out->v[5] = cnt[0], out->v[6] = cnt[1], out->v[7] = v7;
    out->v[8] = tears[0], out->v[9] = tears[1], out->v[10] = tears[2];
    return 0;
}

int g7sf_fmd_block_run(const g7sf_di_params *p, const g7sf_plane *cur, const g7sf_plane *prev,
                       int bx, int by, g7sf_fmd_block *out)
{
    return fmd_block_run(&media_dsp_get()->fmd, p, cur, prev, bx, by, out);
}

void g7sf_fmd_add(g7sf_fmd_frame *f, unsigned stream_id, const g7sf_fmd_block *b, int bx, int by,
                  int w, int h)
{
    /* a block that intersects or touches the frame edge is not summed */
    if (!f || !b || bx <= 0 || by <= 0 || bx + BW >= w || by + BH >= h)
        return;
    uint32_t *v = f->v[stream_id & 1];
    for (int k = 0; k < 11; k++)
        v[k] = b->v[k] > UINT32_MAX - v[k] ? UINT32_MAX : v[k] + b->v[k];
}
