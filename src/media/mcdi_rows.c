/* The MCDI motion search over whole lines (mcdi_rows.h): the C kernels, in
 * the terms of mcdi_search_c (mcdi.c), and the line and row caches. */
#include <stdlib.h>
#include <string.h>

#include "dsp.h"
#include "mcdi_rows.h"

enum { NCAND = MCDI_NCAND };
_Static_assert(NCAND == 16, "mr_at lays out 16 candidates");

/* ---- The C kernels: the reference of the AVX2 ones (mcdi_rows_simd.c) ---- */

static inline int absdiff(int a, int b) { return a > b ? a - b : b - a; }

/* P_k(v)[q] = |pic - ref| of columns 2q - 2 and 2q - 1, the reference moved
 * by candidate k's vector (line 1242's order), for every q < ps; with add,
 * each candidate's row of add added (R_k(v - 1) = P_k(v - 1) + P_k(v)). */
static void mcdi_rows_diff_c(const uint8_t *pic, const uint8_t *const ref[3],
                             const uint16_t *add, uint16_t *restrict out, int ps)
{
    for (int k = 0; k < NCAND; k++) {
        const uint8_t *b = ref[mcdi_cand[k][1] / 2 + 1] + mcdi_cand[k][0];
        for (int q = 0; q < ps; q++) {
            int x = 2 * q - 2;
            int s = absdiff(pic[x], b[x]) + absdiff(pic[x + 1], b[x + 1]);
            size_t o = mr_at(k, q);
            out[o] = (uint16_t)(s + (add ? add[o] : 0));
        }
    }
}

/* SAD_k(i) of every pair i: the 5 lines' column pair sums V(q) = r0 + r1 +
 * p, over the three column pairs of the 6x5 window, V(i) + V(i + 1) +
 * V(i + 2) (columns 2i - 2 .. 2i + 3); the running best with sad <= best,
 * so that the last tested candidate wins ties as in mcdi_search_c. */
static void mcdi_rows_best_c(const uint16_t *r0, const uint16_t *r1, const uint16_t *p, int w,
                             uint16_t *sad, int8_t *mvx, int8_t *mvy)
{
    int n = mr_pairs(w);
    for (int i = 0; i < n; i++) {
        unsigned best = UINT16_MAX;
        int arg = 0;
        for (int k = 0; k < NCAND; k++) {
            unsigned s = 0;
            for (int t = 0; t < 3; t++) {
                size_t o = mr_at(k, i + t);
                s += (unsigned)r0[o] + r1[o] + p[o];
            }
            if (s <= best) {
                best = s;
                arg = k;
            }
        }
        sad[i] = (uint16_t)best;
        mvx[i] = mcdi_cand[arg][0];
        mvy[i] = mcdi_cand[arg][1];
    }
}

const mcdi_rows_dsp mcdi_rows_c = { mcdi_rows_diff_c, mcdi_rows_best_c };

/* Padded copies of lines (row_cache.h, a cache perhaps shared with the
 * SDI's and STMM's), P rows and R rows, each kept under its key and
 * replaced least recently used first.  Lines are keyed by the plane's
 * pixels and the (clamped) line; rows by the picture's and the reference's
 * pixels and the line v, unclamped (the reference lines v + My clamp on
 * their own).  A line asks for at most 3 P rows, 2 R rows and 14 lines,
 * fewer than each cache holds, so nothing it uses is replaced under it; in
 * order a line of one field reuses R(y - 2) and P(y) of the line two
 * above, and the two fields (picture and reference swapped) interleave. */
enum { NPROWS = 6, NRROWS = 6 };
_Static_assert((int)MR_PAD <= (int)LINE_PAD, "the line cache pads less than the kernels read");

struct mcdi_rows {
    mcdi_rows_dsp k;
    int w, ps;                  /* width; stride of rows */
    unsigned clock;
    line_cache own, *lines;     /* the lines: a shared cache, or its own */
    row_slot prow[NPROWS], rrow[NRROWS];
    uint16_t *prows, *rrows;
};

mcdi_rows *mcdi_rows_new(int w, const mcdi_rows_dsp *k, line_cache *lines)
{
    if (w <= 0 || w % 16 || w > (1 << 20) || !k)
        return NULL;
    mcdi_rows *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->k = *k;
    r->w = w;
    r->ps = mr_stride(w);
    /* zeroed, though every kernel writes the whole row it later reads */
    size_t row = (size_t)NCAND * r->ps;
    r->lines = line_cache_use(&r->own, lines, w);
    r->prows = calloc((size_t)NPROWS * row, sizeof *r->prows);
    r->rrows = calloc((size_t)NRROWS * row, sizeof *r->rrows);
    if (!r->lines || !r->prows || !r->rrows) {
        mcdi_rows_free(r);
        return NULL;
    }
    return r;
}

void mcdi_rows_reset(mcdi_rows *r)
{
    line_cache_reset(r->lines);
    memset(r->prow, 0, sizeof r->prow);
    memset(r->rrow, 0, sizeof r->rrow);
    r->clock = 0;
}

void mcdi_rows_free(mcdi_rows *r)
{
    if (!r)
        return;
    line_cache_free(&r->own);
    free(r->prows);
    free(r->rrows);
    free(r);
}

/* Line y of pl as the windows read it (nearest line of the same field),
 * columns clamped; the pointer is at column 0. */
static const uint8_t *line_of(mcdi_rows *r, const g7sf_plane *pl, int y)
{
    return line_cache_get(r->lines, pl, y);
}

/* P(v) into out, plus add when not NULL: picture line v against the
 * reference lines v - 2, v and v + 2 (every My). */
static void diff_rows(mcdi_rows *r, const g7sf_plane *pic, const g7sf_plane *ref, int v,
                      const uint16_t *add, uint16_t *out)
{
    const uint8_t *a = line_of(r, pic, v);
    const uint8_t *const b[3] = { line_of(r, ref, v - 2), line_of(r, ref, v),
                                  line_of(r, ref, v + 2) };
    r->k.diff(a, b, add, out, r->ps);
}

static const uint16_t *prow_of(mcdi_rows *r, const g7sf_plane *pic, const g7sf_plane *ref, int v)
{
    bool hit;
    int i = row_lookup(r->prow, NPROWS, r->clock, pic->data, ref->data, v, &hit);
    uint16_t *d = r->prows + (size_t)i * NCAND * r->ps;
    if (!hit)
        diff_rows(r, pic, ref, v, NULL, d);
    return d;
}

/* R(v) = P(v) + P(v + 1): P(v + 1) goes into the sum as it is computed
 * (no other line of this picture and reference asks for it alone). */
static const uint16_t *rrow_of(mcdi_rows *r, const g7sf_plane *pic, const g7sf_plane *ref, int v)
{
    bool hit;
    int i = row_lookup(r->rrow, NRROWS, r->clock, pic->data, ref->data, v, &hit);
    uint16_t *d = r->rrows + (size_t)i * NCAND * r->ps;
    if (!hit)
        diff_rows(r, pic, ref, v + 1, prow_of(r, pic, ref, v), d);
    return d;
}

void mcdi_rows_line(mcdi_rows *r, const g7sf_plane *pic, const g7sf_plane *ref, int y,
                    uint16_t *sad, int8_t *mvx, int8_t *mvy)
{
    r->clock++;
    line_cache_step(r->lines);
    const uint16_t *r0 = rrow_of(r, pic, ref, y - 2), *r1 = rrow_of(r, pic, ref, y);
    const uint16_t *p = prow_of(r, pic, ref, y + 2);
    r->k.best(r0, r1, p, r->w, sad, mvx, mvy);
}
