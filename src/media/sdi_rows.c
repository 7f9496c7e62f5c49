/* The spatial deinterlacer over whole lines (sdi_rows.h): the C kernels, in
 * the terms of sdi.c, and the line and D-row caches. */
#include <stdlib.h>
#include <string.h>

#include "row_cache.h"
#include "sdi_rows.h"

/* ---- The C kernels: the reference of the AVX2 ones (sdi_rows_simd.c) ---- */

/* D_a(x) = |n(x + o, y' + 1) - n(x - o, y' - 1)| (line 1064's pixel pairs of
 * angle a, offset o) of the row pair around the missing line y', summed in
 * column pairs, P_a(k) = D_a(2k - 4) + D_a(2k - 3) at d[a * ds + k], and
 * those summed over the 6 columns of AngleCost_6x3's window, W_a(k) =
 * P_a(k) + P_a(k + 1) + P_a(k + 2) at d[(DI_ANGLES + a) * ds + k]; lo is
 * line y' - 1, hi line y' + 1. */
static void sdi_rows_d_c(const uint8_t *restrict lo, const uint8_t *restrict hi, int w,
                         uint16_t *restrict d, int ds)
{
    (void)w;
    for (int a = 0; a < DI_ANGLES; a++) {
        int o = di_angle_off[a];
        uint16_t *pa = d + (size_t)a * ds, *wa = d + (size_t)(DI_ANGLES + a) * ds;
        for (int k = 0; k < ds; k++) {
            int x = 2 * k - 4;
            int h0 = hi[x + o], l0 = lo[x - o], h1 = hi[x + 1 + o], l1 = lo[x + 1 - o];
            pa[k] = (uint16_t)((h0 > l0 ? h0 - l0 : l0 - h0) + (h1 > l1 ? h1 - l1 : l1 - h1));
        }
        for (int k = 0; k + 2 < ds; k++)
            wa[k] = (uint16_t)(pa[k] + pa[k + 1] + pa[k + 2]);
    }
}

/* AngleCost_6x3 (line 1064) of every angle and pair j = k - 1 (k = 0 ..
 * w / 2 + 1): the window W of the D rows of the lines y - 2, y and y + 2,
 * columns 2j - 2 .. 2j + 3.  (AngleCost_2x1, the pair's own columns of the
 * middle row, is P of y's D row at k + 1: sdi_rows_line points at it.) */
static void sdi_rows_costs_c(const uint16_t *d0, const uint16_t *d1, const uint16_t *d2, int ds,
                             int w, uint16_t *restrict cost, int cs)
{
    int np = w / 2 + 2;
    for (int a = 0; a < DI_ANGLES; a++) {
        size_t r = (size_t)(DI_ANGLES + a) * ds;
        for (int k = 0; k < np; k++)
            cost[(size_t)a * cs + k] = (uint16_t)(d0[r + k] + d1[r + k] + d2[r + k]);
    }
}

/* SUM_H1 and SUM_H2 (fallback mode 1, lines 1094-1112) of each pair j =
 * k - 1 (k = 0 .. w / 2 + 1) over columns 2j - 2 .. 2j + 4, of the lines
 * up and dn added. */
static void sdi_rows_sumh_c(const uint8_t *up, const uint8_t *dn, int w,
                                       uint16_t *restrict h1, uint16_t *restrict h2)
{
    int np = w / 2 + 2;
    for (int k = 0; k < np; k++) {
        int s = 0, m2 = 0;
        for (int r = 0; r < 2; r++) {
            const uint8_t *v = (r ? dn : up) + 2 * k - 4;
            int a = v[0], b = v[6], m = 0;
            for (int t = 0; t < 6; t++) {
                int n = v[t], q = v[t + 1];
                s += n > q ? n - q : q - n;
                int e = (a > n ? a - n : n - a) + (n > b ? n - b : b - n);
                m = m > e ? m : e;
            }
            m2 += m;
        }
        h1[k] = (uint16_t)s;
        h2[k] = (uint16_t)m2;
    }
}

/* The angle decision (di_angle_decide in sdi.c, 16 pairs at a time),
 * fallback modes 1 and 2, the median and the interpolation along the angle
 * (di_sdi_finish_c) of every pair: rob gets the w / 2 + 2 robust angles,
 * angle and acost the final angle and its AngleCost_6x3 of the w / 2
 * pairs, out the w pixels; up and dn are the lines y - 1 and y + 1. */
static void sdi_rows_finish_c(const g7sf_di_params *p, const uint16_t *cost, const uint16_t *c21,
                              int cs, const uint16_t *h1, const uint16_t *h2, const uint8_t *up,
                              const uint8_t *dn, int w, uint8_t *rob, uint8_t *angle,
                              uint16_t *acost, uint8_t *out)
{
    int np = w / 2 + 2;
    uint16_t c[DI_ANGLES][DI_LANES];
    uint8_t dec[DI_LANES];
    for (int k0 = 0; k0 < np; k0 += DI_LANES) {
        int n = np - k0 < DI_LANES ? np - k0 : DI_LANES;
        for (int a = 0; a < DI_ANGLES; a++)
            for (int i = 0; i < DI_LANES; i++)
                c[a][i] = i < n ? cost[a * cs + k0 + i] : 0;
        di_angle_decide((const uint16_t (*)[DI_LANES])c, p->sdi_th, p->sdi_delta, dec);
        for (int i = 0; i < n; i++) {
            int k = k0 + i, a = dec[i];
            bool fine = h1[k] > h2[k] + p->sdi_t1 && h1[k] >= p->sdi_t2;
            int v90 = cost[DI_A90 * cs + k] + (c21[DI_A90 * cs + k] << 3);
            int va = cost[a * cs + k] + ((c21[a * cs + k] + (int)p->sdi_angle2x1) << 3);
            rob[k] = (uint8_t)(fine || v90 < va ? DI_A90 : a);
        }
    }
    for (int k = 0; k < w / 2; k++) {
        int x = rob[k], y = rob[k + 1], z = rob[k + 2];
        int lo = x < y ? x : y, hi = x < y ? y : x, m = hi < z ? hi : z;
        angle[k] = (uint8_t)(lo > m ? lo : m);
        acost[k] = cost[angle[k] * cs + k + 1];
    }
    for (int x = 0; x < w; x++) {
        int o = di_angle_off[angle[x >> 1]];
        out[x] = (uint8_t)di_avg(up[x - o], dn[x + o]);
    }
}

const sdi_rows_dsp sdi_rows_c = { sdi_rows_d_c, sdi_rows_costs_c, sdi_rows_sumh_c,
                                  sdi_rows_finish_c };

/* Padded copies of lines and D rows, kept under their keys (row_cache.h):
 * a line asks for 4 lines and 3 D rows, which the next line of its field
 * shares but one of each, and the two fields of a frame interleave. */
enum { NDROWS = 8 };

struct sdi_rows {
    sdi_rows_dsp k;
    int w, ds;                  /* width; stride of pair rows */
    unsigned clock;
    line_cache own, *lines;     /* the lines: a shared cache, or its own */
    row_slot drow[NDROWS];
    uint8_t *rob;
    uint16_t *drows, *cost, *h1, *h2;
};

sdi_rows *sdi_rows_new(int w, const sdi_rows_dsp *k, line_cache *lines)
{
    if (w <= 0 || w % 16 || w > (1 << 20) || !k)
        return NULL;
    sdi_rows *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->k = *k;
    r->w = w;
    r->ds = sr_stride(w);
    /* zeroed: a vector loop may read past what the one before wrote */
    r->lines = line_cache_use(&r->own, lines, w);
    r->rob = calloc((size_t)r->ds, 1);
    r->drows = calloc((size_t)NDROWS * 2 * DI_ANGLES * r->ds, sizeof *r->drows);
    r->cost = calloc((size_t)(DI_ANGLES + 2) * r->ds, sizeof *r->cost);
    if (!r->lines || !r->rob || !r->drows || !r->cost) {
        sdi_rows_free(r);
        return NULL;
    }
    r->h1 = r->cost + (size_t)DI_ANGLES * r->ds;
    r->h2 = r->h1 + r->ds;
    return r;
}

void sdi_rows_reset(sdi_rows *r)
{
    line_cache_reset(r->lines);
    memset(r->drow, 0, sizeof r->drow);
    r->clock = 0;
}

void sdi_rows_free(sdi_rows *r)
{
    if (!r)
        return;
    line_cache_free(&r->own);
    free(r->rob);
    free(r->drows);
    free(r->cost);
    free(r);
}

static const uint8_t *line_of(sdi_rows *r, const g7sf_plane *pic, int y)
{
    return line_cache_get(r->lines, pic, y);
}

/* The D rows of missing line y' of pic (lines y' - 1 and y' + 1). */
static const uint16_t *drow_of(sdi_rows *r, const g7sf_plane *pic, int y)
{
    bool hit;
    int i = row_lookup(r->drow, NDROWS, r->clock, pic->data, NULL, y, &hit);
    uint16_t *d = r->drows + (size_t)i * 2 * DI_ANGLES * r->ds;
    if (!hit)
        r->k.d(line_of(r, pic, y - 1), line_of(r, pic, y + 1), r->w, d, r->ds);
    return d;
}

void sdi_rows_line(sdi_rows *r, const g7sf_di_params *p, const g7sf_plane *pic, int y,
                   const sdi_line *res)
{
    r->clock++;
    line_cache_step(r->lines);
    const uint16_t *d0 = drow_of(r, pic, y - 2), *d1 = drow_of(r, pic, y),
                   *d2 = drow_of(r, pic, y + 2);
    r->k.costs(d0, d1, d2, r->ds, r->w, r->cost, r->ds);
    const uint8_t *up = line_of(r, pic, y - 1), *dn = line_of(r, pic, y + 1);
    r->k.sumh(up, dn, r->w, r->h1, r->h2);
    r->k.finish(p, r->cost, d1 + 1, r->ds, r->h1, r->h2, up, dn, r->w, r->rob, res->angle,
                res->acost, res->out);
}
