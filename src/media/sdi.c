/* Spatial deinterlacer (§2.8.4.2 - 2.8.4.4, lines 1054-1138): angle costs
 * over 6x3 and 2x1 windows, the angle decision, fallback modes 1 and 2, the
 * horizontal median and the interpolation along the chosen angle.  The
 * decision rule replaces a lost figure; docs/spec-notes.md, "Deinterlace
 * quality".
 * Row work runs over 32 columns (x -6..25) and pair work over 16 lanes. */
#include "di_core.h"
#include "dsp.h"

const int8_t di_angle_off[DI_ANGLES] = { -5, -3, -2, -1, 0, 1, 2, 3, 5 };

enum { C0 = -6, NC = 32, NJ = 20 };

static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int imin(int a, int b) { return a < b ? a : b; }

static void absdiff(const uint8_t *restrict a, const uint8_t *restrict b, uint8_t *restrict d)
{
    for (int k = 0; k < NC; k++)
        d[k] = (uint8_t)(imax(a[k], b[k]) - imin(a[k], b[k]));
}

/* Sums of column pairs (2j, 2j + 1); lanes past the row are 0.  A pair at
 * lane i has its left pixel at column 2i + 4, so its 6-wide window is
 * q[i + 1] + q[i + 2] + q[i + 3]. */
static void pair_sums(const uint16_t *restrict col, uint16_t *restrict q)
{
    for (int j = 0; j < NC / 2; j++)
        q[j] = (uint16_t)(col[2 * j] + col[2 * j + 1]);
    for (int j = NC / 2; j < NJ; j++)
        q[j] = 0;
}

void di_angle_decide(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th, unsigned delta,
                     uint8_t angle[DI_LANES])
{
    /* costs are 16-bit: larger Th and D decide alike, and sums stay in int */
    int th16 = th > 65536 ? 65536 : (int)th, d16 = delta > 65536 ? 65536 : (int)delta;
    /* each side's first local minimum, walking out from 45 degrees towards
     * the shallow angles while the next cost is lower: a far minimum that a
     * costlier angle separates from 45 is a periodic alias, not the edge */
    uint16_t bn[DI_LANES], bp[DI_LANES];
    uint8_t an[DI_LANES], ap[DI_LANES], gn[DI_LANES], gp[DI_LANES];
    for (int i = 0; i < DI_LANES; i++) {
        bn[i] = cost[DI_A90 - 1][i], an[i] = DI_A90 - 1, gn[i] = 1;
        bp[i] = cost[DI_A90 + 1][i], ap[i] = DI_A90 + 1, gp[i] = 1;
    }
    for (int k = 2; k <= DI_A90; k++)
        for (int i = 0; i < DI_LANES; i++) {
            int n = cost[DI_A90 - k][i], q = cost[DI_A90 + k][i];
            gn[i] = (uint8_t)(gn[i] && n < bn[i]);
            an[i] = (uint8_t)(gn[i] ? DI_A90 - k : an[i]);
            bn[i] = (uint16_t)(gn[i] ? n : bn[i]);
            gp[i] = (uint8_t)(gp[i] && q < bp[i]);
            ap[i] = (uint8_t)(gp[i] ? DI_A90 + k : ap[i]);
            bp[i] = (uint16_t)(gp[i] ? q : bp[i]);
        }
    /* the side is the one whose 45 degrees is lower by more than D; its
     * minimum must be under Th and beat vertical by more than D */
    for (int i = 0; i < DI_LANES; i++) {
        int n45 = cost[DI_A90 - 1][i], p45 = cost[DI_A90 + 1][i];
        bool neg = n45 + d16 < p45, pos = p45 + d16 < n45;
        int c = neg ? bn[i] : bp[i];
        bool ok = (neg || pos) && c < th16 && c + d16 < cost[DI_A90][i];
        angle[i] = (uint8_t)(ok ? (neg ? an[i] : ap[i]) : DI_A90);
    }
}

/* Fallback mode 1 (lines 1094-1112) of each lane: adds SUM_H1 and SUM_H2 of
 * the row at c (column C0) over x0 - 2 .. x0 + 4. */
static void sum_h(const uint8_t *restrict c, uint16_t *restrict h1, uint16_t *restrict h2)
{
    uint8_t hd[NC];
    uint16_t col[NC], q[NJ];
    absdiff(c, c + 1, hd);
    for (int k = 0; k < NC; k++)
        col[k] = hd[k];
    pair_sums(col, q);
    int16_t ev[NJ] = { 0 }, od[NJ] = { 0 };
    for (int j = 0; j < NC / 2; j++)
        ev[j] = c[2 * j], od[j] = c[2 * j + 1];
    for (int i = 0; i < DI_LANES; i++) {
        /* x0 - 2 is ev[i + 1], x0 + 4 is ev[i + 4]; x0 + s for s = -2..3 is
         * ev[i + 1], od[i + 1], ev[i + 2], od[i + 2], ev[i + 3], od[i + 3] */
        int a = ev[i + 1], b = ev[i + 4], m = 0;
#define H2(v) m = imax(m, imax(a, (v)) - imin(a, (v)) + imax((v), b) - imin((v), b))
        H2(ev[i + 1]); H2(od[i + 1]); H2(ev[i + 2]); H2(od[i + 2]); H2(ev[i + 3]); H2(od[i + 3]);
#undef H2
        h1[i] = (uint16_t)(h1[i] + q[i + 1] + q[i + 2] + q[i + 3]);
        h2[i] = (uint16_t)(h2[i] + m);
    }
}

static inline int med3(int a, int b, int c) { return imax(imin(a, b), imin(imax(a, b), c)); }

void di_angle_median(const uint8_t robust[DI_LANES], uint8_t angle[8])
{
    for (int i = 0; i < 8; i++)
        angle[i] = (uint8_t)med3(robust[i], robust[i + 1], robust[i + 2]);
}

/* AngleCost_6x3 and AngleCost_2x1 of every angle and lane, and the
 * fallback mode 1 sums of the lines above and below (dsp.h). */
void di_sdi_costs_c(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                    uint16_t h2[DI_LANES])
{
    for (int a = 0; a < DI_ANGLES; a++) {
        int off = di_angle_off[a];
        uint8_t d[3][NC];
        uint16_t col[NC], mid[NC], q[NJ], qm[NJ];
        /* AngleCost_6x3 rows: n(x + off, y + 1) against n(x - off, y - 1) */
        for (int r = 0; r < 3; r++) {
            int y = l + 2 * r - 2;
            absdiff(&DIW(pic, C0 + off, y + 1), &DIW(pic, C0 - off, y - 1), d[r]);
        }
        for (int k = 0; k < NC; k++) {
            col[k] = (uint16_t)(d[0][k] + d[1][k] + d[2][k]);
            mid[k] = d[1][k];
        }
        pair_sums(col, q);
        pair_sums(mid, qm);
        for (int i = 0; i < DI_LANES; i++) {
            s->cost[a][i] = (uint16_t)(q[i + 1] + q[i + 2] + q[i + 3]);
            s->cost2x1[a][i] = qm[i + 2];
        }
    }
    for (int i = 0; i < DI_LANES; i++)
        h1[i] = h2[i] = 0;
    sum_h(&DIW(pic, C0, l - 1), h1, h2);
    sum_h(&DIW(pic, C0, l + 1), h1, h2);
}

/* Fallback modes 1 and 2, the median and the interpolation (dsp.h). */
void di_sdi_finish_c(const g7sf_di_params *p, const di_window *pic, int l,
                     const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES], di_sdi *s)
{
    int t1 = (int)p->sdi_t1, t2 = (int)p->sdi_t2, k2 = (int)p->sdi_angle2x1;
    for (int i = 0; i < DI_LANES; i++) {
        int a = s->decided[i];
        bool fine = h1[i] > h2[i] + t1 && h1[i] >= t2;      /* fine horizontal detail */
        int c90 = s->cost[DI_A90][i] + (s->cost2x1[DI_A90][i] << 3);
        int ca = s->cost[a][i] + ((s->cost2x1[a][i] + k2) << 3);
        /* fallback 2: the 2x1 window disagrees (a no-op for 90 itself) */
        s->robust[i] = (uint8_t)(fine || c90 < ca ? DI_A90 : a);
    }
    di_angle_median(s->robust, s->angle);
    /* interpolation along the angle: the pixel above at x - off and the one
     * below at x + off, as AngleCost_6x3 pairs them */
    const uint8_t *up = &DIW(pic, 0, l - 1), *dn = &DIW(pic, 0, l + 1);
    for (int x = 0; x < 16; x++) {
        int off = di_angle_off[s->angle[x >> 1]];
        s->out[x] = (uint8_t)di_avg(up[x - off], dn[x + off]);
    }
}

void di_sdi_costs2_c(const di_window *pic, int l, di_sdi s[2], uint16_t h1[2][DI_LANES],
                     uint16_t h2[2][DI_LANES])
{
    di_sdi_costs_c(pic, l, &s[0], h1[0], h2[0]);
    di_sdi_costs_c(pic, l + 2, &s[1], h1[1], h2[1]);
}

void di_sdi_line2(const g7sf_di_params *p, const di_window *pic, int l, di_sdi s[2])
{
    const media_dsp *d = media_dsp_get();
    uint16_t h1[2][DI_LANES], h2[2][DI_LANES];
    d->di.sdi_costs2(pic, l, s, h1, h2);
    for (int k = 0; k < 2; k++) {
        d->di.angle_decide((const uint16_t (*)[DI_LANES])s[k].cost, p->sdi_th, p->sdi_delta,
                           s[k].decided);
        d->di.sdi_finish(p, pic, l + 2 * k, h1[k], h2[k], &s[k]);
    }
}

void di_sdi_line(const g7sf_di_params *p, const di_window *pic, int l, di_sdi *s)
{
    const media_dsp *d = media_dsp_get();
    uint16_t h1[DI_LANES], h2[DI_LANES];
    d->di.sdi_costs(pic, l, s, h1, h2);
    d->di.angle_decide((const uint16_t (*)[DI_LANES])s->cost, p->sdi_th, p->sdi_delta,
                       s->decided);
    d->di.sdi_finish(p, pic, l, h1, h2, s);
}
