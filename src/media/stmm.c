/* Spatial-Temporal Motion Measure (§2.8.4.1, lines 990-1052): complexity
 * measures SVCM, SHCM, VECM of the picture, the temporal difference TDM of
 * the cross-filtered picture and reference, and STMM = TDM / complexity.
 * Each measure is built from per-column sums over the line's rows (32
 * columns, x -6..25), then summed per pair over 16 lanes.  This is the
 * definition; stmm_simd.c has the SSE4.1 and AVX2 versions (dsp.h). */
#include "di_core.h"

enum { C0 = -6, NC = 32, NJ = 20 };

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int imin(int a, int b) { return a < b ? a : b; }

/* The cross filter c'(x, y) of line 1017. */
static void cross_row(const di_window *restrict w, int y, uint16_t *restrict f)
{
    const uint8_t *u = &DIW(w, C0, y - 2), *m = &DIW(w, C0, y), *d = &DIW(w, C0, y + 2);
    for (int k = 0; k < NC; k++)
        f[k] = (uint16_t)((2 * m[k] + m[k - 1] + m[k + 1] + 2 * u[k] + 2 * d[k]) >> 3);
}

/* Adds |a - b| of each column to acc. */
static void add_absdiff(const uint8_t *restrict a, const uint8_t *restrict b, uint16_t *restrict acc)
{
    for (int k = 0; k < NC; k++)
        acc[k] = (uint16_t)(acc[k] + imax(a[k], b[k]) - imin(a[k], b[k]));
}

/* Even and odd columns of a row sum: column 2j + 4 is the left pixel of the
 * pair at lane j - 2 (docs: di_core.h lanes); past the row, 0. */
static void split(const uint16_t *restrict col, uint16_t *restrict ev, uint16_t *restrict od)
{
    for (int j = 0; j < NC / 2; j++)
        ev[j] = col[2 * j], od[j] = col[2 * j + 1];
    for (int j = NC / 2; j < NJ; j++)
        ev[j] = od[j] = 0;
}

void di_stmm_measure(const g7sf_di_params *p, const di_window *wp, const di_window *wc, int by,
                     di_stmm s[4])
{
    /* |c' - r'| is the same whichever frame is the picture: once per row */
    uint16_t ad[8][NC];     /* rows -2..5 */
    for (int r = 0; r < 8; r++) {
        uint16_t fp[NC], fc[NC];
        cross_row(wp, r - 2, fp);
        cross_row(wc, r - 2, fc);
        for (int k = 0; k < NC; k++)
            ad[r][k] = (uint16_t)(imax(fp[k], fc[k]) - imin(fp[k], fc[k]));
    }
    for (int l = 0; l < 4; l++) {
        const di_window *pic = di_first_field_line(p, by + l) ? wp : wc;
        uint16_t t[NC] = { 0 }, v[NC] = { 0 }, h3[NC] = { 0 }, h5[NC] = { 0 };
        for (int y = l - 2; y <= l + 2; y++)
            for (int k = 0; k < NC; k++)
                t[k] = (uint16_t)(t[k] + ad[y + 2][k]);
        for (int y = l; y <= l + 2; y++)        /* SVCM: y = 0..2 against y - 2 */
            add_absdiff(&DIW(pic, C0, y), &DIW(pic, C0, y - 2), v);
        for (int y = l - 1; y <= l + 1; y++)    /* SHCM: y = -1..1 */
            add_absdiff(&DIW(pic, C0, y), &DIW(pic, C0 + 1, y), h3);
        for (int k = 0; k < NC; k++)
            h5[k] = h3[k];
        add_absdiff(&DIW(pic, C0, l - 2), &DIW(pic, C0 + 1, l - 2), h5);   /* VECM: -2..2 */
        add_absdiff(&DIW(pic, C0, l + 2), &DIW(pic, C0 + 1, l + 2), h5);
        uint16_t te[NJ], to[NJ], ve[NJ], vo[NJ], he[NJ], ho[NJ], h5e[NJ], h5o[NJ];
        split(t, te, to);
        split(v, ve, vo);
        split(h3, he, ho);
        split(h5, h5e, h5o);
        di_stmm *o = &s[l];
        unsigned mul = p->vecm_mul;
        for (int i = 0; i < DI_LANES; i++) {
            /* the pair's pixels x0, x0 + 1 are ev[i + 2], od[i + 2] */
            int svcm = ve[i + 2] + vo[i + 2];
            int shcm = ho[i + 1] + he[i + 2] + ho[i + 2];
            /* VECM: the difference across the pair itself, over the 5 rows */
            int vecm = (int)((h5e[i + 2] * mul) >> 5);
            int scm = imax(svcm + shcm - vecm, 0);
            unsigned tdm = (unsigned)(to[i + 1] + te[i + 2] + to[i + 2] + te[i + 3]);
            o->svcm[i] = (uint16_t)svcm;
            o->shcm[i] = (uint16_t)shcm;
            o->vecm[i] = (uint16_t)vecm;
            o->scm[i] = (uint16_t)scm;
            o->tdm[i] = (uint16_t)tdm;
            o->stmm[i] = di_stmm_quot(p, tdm, scm);
        }
    }
}
