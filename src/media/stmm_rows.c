/* The STMM over whole lines (stmm_rows.h): the C kernels, in the terms of
 * stmm.c, and the AD rows and lines kept from line to line. */
#include <stdlib.h>
#include <string.h>

#include "row_cache.h"
#include "stmm_rows.h"

/* The columns an AD row holds around the line (the line kernels read at
 * most 64 past its end, the AVX2 one rounding up to whole vectors). */
enum { AX = 64 };
_Static_assert(ST_PAD >= AX + 32 + 1 && (int)LINE_PAD >= (int)ST_PAD,
               "the AD kernel reads 1 column and a vector past AX");

static inline int iabs(int a) { return a < 0 ? -a : a; }

/* ---- The C kernels: the reference of the AVX2 ones (stmm_rows_simd.c) ---- */

/* The cross filter c'(x) of line 1017 from the lines above (u), at (m) and
 * below (d), two apart. */
static inline int cross(const uint8_t *u, const uint8_t *m, const uint8_t *d, int x)
{
    return (2 * m[x] + m[x - 1] + m[x + 1] + 2 * u[x] + 2 * d[x]) >> 3;
}

static void ad_c(const uint8_t *const pl[3], const uint8_t *const cl[3], int w, uint8_t *ad)
{
    for (int x = -AX; x < w + AX; x++)
        ad[x] = (uint8_t)iabs(cross(pl[0], pl[1], pl[2], x) - cross(cl[0], cl[1], cl[2], x));
}

/* Per pair j = k - 1, columns c = 2j and c + 1 (di_stmm_measure's lanes):
 * TDM over columns c - 1 .. c + 2 of the AD rows y - 2 .. y + 2, SVCM the
 * vertical differences two lines apart of lines y .. y + 2, SHCM the
 * horizontal ones at columns c - 1 .. c + 1 of lines y - 1 .. y + 1, VECM
 * those at c over lines y - 2 .. y + 2 times the multiplier / 32. */
static void line_c(const g7sf_di_params *p, const uint8_t *const ad[5],
                   const uint8_t *const ln[5], int w, uint8_t *stmm, uint16_t *hv)
{
    unsigned mul = p->vecm_mul;
    for (int k = 0; k < w / 2 + 2; k++) {
        int c = 2 * k - 2;
        unsigned tdm = 0;
        int svcm = 0, shcm = 0, h5 = 0;
        for (int r = 0; r < 5; r++) {
            for (int x = c - 1; x <= c + 2; x++)
                tdm += ad[r][x];
            h5 += iabs(ln[r][c] - ln[r][c + 1]);
        }
        for (int r = 2; r < 5; r++)
            for (int x = c; x <= c + 1; x++)
                svcm += iabs(ln[r][x] - ln[r - 2][x]);
        for (int r = 1; r < 4; r++)
            for (int x = c - 1; x <= c + 1; x++)
                shcm += iabs(ln[r][x] - ln[r][x + 1]);
        int vecm = (int)(((unsigned)h5 * mul) >> 5);
        int scm = svcm + shcm - vecm > 0 ? svcm + shcm - vecm : 0;
        stmm[k] = di_stmm_quot(p, tdm, scm);
        hv[k] = (uint16_t)(svcm + shcm);
    }
}

/* smooth() in di.c for every block of the line at once: a pair outside
 * the frame repeats the edge pair. */
static void smooth_c(const g7sf_di_params *p, const uint8_t *stmm, const uint8_t *s_in, int w,
                     uint8_t *st2, uint8_t *st3)
{
    int n = w / 2;
    for (int j = 0; j < n; j++)
        st2[j] = di_stmm2(p, stmm[j + 1], s_in[j]);
    st2[-1] = st2[0], st2[n] = st2[n - 1];
    for (int j = 0; j < n; j++) {
        int m = st2[j - 1] > st2[j] ? st2[j - 1] : st2[j];
        st3[j] = (uint8_t)(m > st2[j + 1] ? m : st2[j + 1]);
    }
}

const stmm_rows_dsp stmm_rows_c = { ad_c, line_c, smooth_c };

/* ---- AD rows and lines kept ---- */

/* A line asks for 5 AD rows, 4 of which the next line shares (both
 * fields' lines read the same rows), and 5 lines of its picture. */
enum { NAD = 8 };

struct stmm_rows {
    stmm_rows_dsp k;
    int w, as;                  /* width; stride of AD rows */
    unsigned clock;
    line_cache own, *lines;     /* the lines: a shared cache, or its own */
    row_slot adk[NAD];
    uint8_t *ads;
};

stmm_rows *stmm_rows_new(int w, const stmm_rows_dsp *k, line_cache *lines)
{
    if (w <= 0 || w % 16 || w > (1 << 20) || !k)
        return NULL;
    stmm_rows *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->k = *k, r->w = w, r->as = w + 2 * ST_PAD;
    r->lines = line_cache_use(&r->own, lines, w);
    r->ads = calloc(NAD, (size_t)r->as);
    if (!r->lines || !r->ads) {
        stmm_rows_free(r);
        return NULL;
    }
    return r;
}

void stmm_rows_reset(stmm_rows *r)
{
    line_cache_reset(r->lines);
    memset(r->adk, 0, sizeof r->adk);
    r->clock = 0;
}

void stmm_rows_free(stmm_rows *r)
{
    if (!r)
        return;
    line_cache_free(&r->own);
    free(r->ads);
    free(r);
}

static const uint8_t *line_of(stmm_rows *r, const g7sf_plane *pl, int y)
{
    return line_cache_get(r->lines, pl, y);
}

/* The AD row of frame line y (its cross filters read lines y - 2, y, y + 2
 * of each frame, through the field edge rule as the windows do). */
static const uint8_t *ad_of(stmm_rows *r, const g7sf_plane *prev, const g7sf_plane *cur, int y)
{
    bool hit;
    int i = row_lookup(r->adk, NAD, r->clock, prev->data, cur->data, y, &hit);
    uint8_t *d = r->ads + (size_t)i * r->as + ST_PAD;
    if (!hit) {
        const uint8_t *pl[3], *cl[3];
        for (int t = 0; t < 3; t++) {
            pl[t] = line_of(r, prev, y - 2 + 2 * t);
            cl[t] = line_of(r, cur, y - 2 + 2 * t);
        }
        r->k.ad(pl, cl, r->w, d);
    }
    return d;
}

void stmm_rows_line(stmm_rows *r, const g7sf_di_params *p, const g7sf_plane *prev,
                    const g7sf_plane *cur, const g7sf_plane *pic, int y, uint8_t *stmm,
                    uint16_t *hv)
{
    const uint8_t *ad[5], *ln[5];
    for (int t = 0; t < 5; t++) {
        r->clock++;     /* an AD row's 6 lines at a time */
        line_cache_step(r->lines);
        ad[t] = ad_of(r, prev, cur, y - 2 + t);
    }
    r->clock++;
    line_cache_step(r->lines);
    for (int t = 0; t < 5; t++)
        ln[t] = line_of(r, pic, y - 2 + t);
    r->k.line(p, ad, ln, r->w, stmm, hv);
}
