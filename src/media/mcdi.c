/* Motion compensated deinterlace (§2.8.4.9 - §2.8.4.12): the per pixel pair
 * motion search, the smoothness check, the motion compensated pixels, and
 * the per pixel decision between MCDI and SDI (consistency check, content
 * adaptive thresholding).  Decisions on unclear passages are in
 * docs/spec-notes.md, "Motion compensated deinterlace". */
#include <stdlib.h>

#include "dsp.h"
#include "mcdi.h"

enum {
    NCAND = MCDI_NCAND,
    PAIRS = 8,
    /* SAD columns x = -10 .. 21: the 6-wide windows of the 8 pairs need
     * -2 .. 17; 32 bytes make whole SSE2 vectors (the extra columns on the
     * left keep the reference reads inside the window) */
    SAD_X0 = -10,
    SAD_COLS = 32,
    SAD_ROWS = 7,             /* lines l0 - 2 .. l0 + 4 for lines l0, l0 + 2 */
    BOX0 = -2 - SAD_X0,       /* column of the window of the pair at x = 0 */
    MV_X_MAX = 6,
    MV_Y_MAX = 2,
};

/* The candidate vectors in the order the PRM tests them (line 1242). */
const int8_t mcdi_cand[NCAND][2] = {
    { -1, -2 }, { 0, -2 }, { 1, -2 },
    { -6, 0 },  { -5, 0 }, { -4, 0 }, { -3, 0 }, { -2, 0 },
    { 2, 0 },   { 3, 0 },  { 4, 0 },  { 5, 0 },  { 6, 0 },
    { -1, 2 },  { 0, 2 },  { 1, 2 },
};

/* Everything read stays inside the window (l0 <= 1). */
_Static_assert(SAD_X0 - MV_X_MAX >= -DIW_L, "SAD reads left of the window");
_Static_assert(SAD_X0 + SAD_COLS - 1 + MV_X_MAX < DIW_W - DIW_L, "SAD reads right of the window");
_Static_assert(BOX0 + 2 * PAIRS + 4 < SAD_COLS, "pair windows past the SAD columns");
_Static_assert(-2 - MV_Y_MAX >= -DIW_T, "SAD reads above the window");
_Static_assert(1 + 4 + MV_Y_MAX < DIW_H - DIW_T, "SAD reads below the window");
/* compensation: x + Mx/2 +- 1 and y + My/2 +- 1 for x in 0..15, y in 0..3 */
_Static_assert(-MV_X_MAX / 2 - 1 >= -DIW_L && 15 + MV_X_MAX / 2 + 1 < DIW_W - DIW_L,
               "compensation reads outside the window");
_Static_assert(-MV_Y_MAX / 2 - 1 >= -DIW_T && 3 + MV_Y_MAX / 2 + 1 < DIW_H - DIW_T,
               "compensation reads outside the window");

static inline int iabs(int a) { return a < 0 ? -a : a; }

/* Motion search (§2.8.4.9) of lines l0 and l0 + 2, which share the picture
 * and the reference.  Per candidate: absolute differences of the 7 lines
 * they cover, column sums over each line's 5, 6-wide box sums at every
 * column (the pairs use the even ones), and the running best. */
void mcdi_search_c(const di_window *pic, const di_window *ref, int l0, mcdi_block *m)
{
    uint16_t best[2][2 * PAIRS], arg[2][2 * PAIRS] = { { 0 } };
    for (int t = 0; t < 2; t++)
        for (int c = 0; c < 2 * PAIRS; c++)
            best[t][c] = UINT16_MAX;
    for (uint16_t k = 0; k < NCAND; k++) {
        int mx = mcdi_cand[k][0], my = mcdi_cand[k][1];
        uint8_t d[SAD_ROWS][SAD_COLS];
        for (int r = 0; r < SAD_ROWS; r++) {
            const uint8_t *a = &DIW(pic, SAD_X0, l0 - 2 + r);
            const uint8_t *b = &DIW(ref, SAD_X0 + mx, l0 - 2 + r + my);
            for (int c = 0; c < SAD_COLS; c++)     /* max - min: SSE2 has both for bytes */
                d[r][c] = (uint8_t)((a[c] > b[c] ? a[c] : b[c]) - (a[c] < b[c] ? a[c] : b[c]));
        }
        uint16_t mid[SAD_COLS], col[2][SAD_COLS];
        for (int c = 0; c < SAD_COLS; c++) {
            mid[c] = (uint16_t)(d[2][c] + d[3][c] + d[4][c]);
            col[0][c] = (uint16_t)(mid[c] + d[0][c] + d[1][c]);
            col[1][c] = (uint16_t)(mid[c] + d[5][c] + d[6][c]);
        }
        for (int t = 0; t < 2; t++) {
            const uint16_t *cs = col[t] + BOX0;
            for (int c = 0; c < 2 * PAIRS; c++) {
                uint16_t sad = (uint16_t)(cs[c] + cs[c + 1] + cs[c + 2] + cs[c + 3] + cs[c + 4] +
                                          cs[c + 5]);
                bool take = sad <= best[t][c];      /* the last tested wins ties */
                best[t][c] = take ? sad : best[t][c];
                arg[t][c] = take ? k : arg[t][c];
            }
        }
    }
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < PAIRS; i++) {
            m->sad[l0 + 2 * t][i] = best[t][2 * i];
            m->mvx[l0 + 2 * t][i] = mcdi_cand[arg[t][2 * i]][0];
            m->mvy[l0 + 2 * t][i] = mcdi_cand[arg[t][2 * i]][1];
        }
}

/* Smoothness check (§2.8.4.10.2): against the pairs 1 and 2 lines towards
 * the middle of the 16x4 (the 1-line neighbour lies in the other field, its
 * vector points the other way: compared by sum) and the other pair of the
 * same 4x4 on the line.  Sums and differences of int8 stay within 256, so a
 * larger threshold acts as 256; & rather than && keeps the loop branch-free
 * (within() returns int so that clang sees integers, not booleans, under &). */
static inline int within(int v, int th)
{
    return iabs(v) <= th;
}

void mcdi_smoothness(const g7sf_di_params *p, mcdi_block *m)
{
    int th = p->smooth_mv_th > 256 ? 256 : (int)p->smooth_mv_th;
    for (int l = 0; l < 4; l++) {
        int l1 = l < 2 ? l + 1 : l - 1, l2 = l < 2 ? l + 2 : l - 2;
        for (int i = 0; i < PAIRS; i++) {
            int x = m->mvx[l][i], y = m->mvy[l][i];
            m->smooth[l][i] = within(x + m->mvx[l1][i], th) & within(y + m->mvy[l1][i], th) &
                              within(x - m->mvx[l2][i], th) & within(y - m->mvy[l2][i], th) &
                              within(x - m->mvx[l][i ^ 1], th) & within(y - m->mvy[l][i ^ 1], th);
        }
    }
}

/* Motion compensation (§2.8.4.11): pixel (x, y) moved by half the vector in
 * w, half-pel positions averaged.  Mx / 2 truncates, so an odd Mx lands
 * between x + Mx/2 and its neighbour away from x, x + Mx - Mx/2; My / 2 odd
 * lands between the lines above and below, which keeps the field of line y.
 * The four cases of the text are one rounded average of four terms, a whole
 * position taken twice: no branch. */
static unsigned compensate(const di_view *w, int x, int y, int mx, int my)
{
    int x0 = x + mx / 2, x1 = x + mx - mx / 2, hy = my / 2 % 2 != 0;
    int ya = y + my / 2 - hy, yb = y + my / 2 + hy;
    return (DIV(w, x0, ya) + DIV(w, x1, ya) + DIV(w, x0, yb) + DIV(w, x1, yb) + 2u) >> 2;
}

void mcdi_compensate_c(const di_view *w, int l, const int8_t mvx[8], const int8_t mvy[8],
                       uint8_t out[16])
{
    for (int x = 0; x < 16; x++)
        out[x] = (uint8_t)compensate(w, x, l, mvx[x / 2], mvy[x / 2]);
}

void mcdi_block_run(const g7sf_di_params *p, const di_window *prev, const di_window *cur,
                    mcdi_block *m)
{
    int l0 = di_first_field_line(p, 0) ? 0 : 1;     /* 1st-field lines: picture prev */
    const media_dsp *d = media_dsp_get();
    d->mcdi.search(prev, cur, l0, m);
    d->mcdi.search(cur, prev, l0 ^ 1, m);
    di_view vp = di_view_of(prev), vc = di_view_of(cur);
    mcdi_block_finish(p, &vp, &vc, m);
}

void mcdi_block_finish(const g7sf_di_params *p, const di_view *prev, const di_view *cur,
                       mcdi_block *m)
{
    const media_dsp *d = media_dsp_get();
    d->px.smooth(p, m);
    for (int l = 0; l < 4; l++)
        d->px.compensate(di_first_field_line(p, l) ? cur : prev, l, m->mvx[l], m->mvy[l],
                         m->mc[l]);
}

/* Consistency check (§2.8.4.10.1): the motion compensated value and the one
 * the opposite vector takes from the picture's own field of line l must
 * agree better than the two ends of the SDI's chosen angle, and within
 * mc_consistency_th. */
static bool consistent(const g7sf_di_params *p, const mcdi_block *m, const di_view *pic, int l,
                       int x, int edge)
{
    int mx = m->mvx[l][x / 2], my = m->mvy[l][x / 2];
    unsigned d_sdi = (unsigned)iabs(DIV(pic, x - edge, l - 1) - DIV(pic, x + edge, l + 1));
    unsigned d_mc = (unsigned)iabs((int)m->mc[l][x] - (int)compensate(pic, x, l, -mx, -my));
    return d_sdi > d_mc && d_mc < p->mc_consistency_th;
}

/* NeighborPixel_TH (line 1397, meaning not given): the MCDI pixel lies at
 * most neighbor_pixel_th outside the range of its vertical neighbours, the
 * lines of the field being completed. */
static bool near_neighbors(const g7sf_di_params *p, const mcdi_block *m, const di_view *pic,
                           int l, int x)
{
    int a = DIV(pic, x, l - 1), b = DIV(pic, x, l + 1), v = m->mc[l][x];
    int lo = a < b ? a : b, hi = a < b ? b : a;
    int th = p->neighbor_pixel_th > 255 ? 255 : (int)p->neighbor_pixel_th;  /* no more matters */
    return v + th >= lo && v <= hi + th;
}

/* CAT_TH2 from the spatial complexity (lines 1414-1431). */
static uint64_t cat_th2(const g7sf_di_params *p, unsigned scm)
{
    uint64_t slope = p->cat_slope ? p->cat_slope : 1;   /* the field + 1: never 0 from state */
    if (scm < slope * p->sad_tha)
        return p->sad_tha;
    if (scm > slope * p->sad_thb)
        return p->sad_thb;
    return scm / slope;
}

bool mcdi_select(const g7sf_di_params *p, const mcdi_block *m, const di_view *pic, int l, int x,
                 const mcdi_sdi_info *s)
{
    if (!p->mcdi || p->first_frame || l < 0 || l > 3 || x < 0 || x > 15)
        return false;
    int i = x / 2;
    /* a vector or angle no search produces would read outside the window */
    if (abs(m->mvx[l][i]) > MV_X_MAX || abs(m->mvy[l][i]) > MV_Y_MAX || s->edge < -DIW_L ||
        s->edge > DIW_L || !m->smooth[l][i])
        return false;
    uint64_t sad = m->sad[l][i];       /* 64 bits: no state value can wrap the sums */
    if (sad > p->cat_th1 && (sad >= cat_th2(p, s->scm) * 30 || s->edge != 0 ||
                             sad + p->sad_tight_th * 30ull >= s->angle_cost * 2ull ||
                             !near_neighbors(p, m, pic, l, x)))
        return false;
    return consistent(p, m, pic, l, x, s->edge);
}

void mcdi_choose_c(const mcdi_pixel_params *q, const mcdi_block *m, const di_view *pic, int l,
                   const mcdi_line_info *s, const uint8_t sdi[16], uint8_t out[16])
{
    for (int x = 0; x < 16; x++) {
        int i = x / 2;
        mcdi_sdi_info info = { .edge = s->edge[i], .angle_cost = s->angle_cost[i],
                               .scm = s->scm[i] };
        out[x] = mcdi_select(q->p, m, pic, l, x, &info) ? m->mc[l][x] : sdi[x];
    }
}

static int32_t limit(uint64_t v, int32_t max) { return v > (uint64_t)max ? max : (int32_t)v; }

/* Each limit is past every value it is compared with (SAD < 2^16, SCM <
 * 2^17, 2 x angle cost < 2^17, |D_MC| <= 255) or, for the slope, makes the
 * middle band's product exceed every SCM as the real one does. */
void mcdi_pixel_params_init(const g7sf_di_params *p, mcdi_pixel_params *q)
{
    enum { SAD_LIM = 1 << 16, SCM_LIM = 1 << 17, COST2_LIM = 2 * UINT16_MAX };
    uint64_t slope = p->cat_slope ? p->cat_slope : 1;
    *q = (mcdi_pixel_params){
        .p = p,
        .cat_th1 = limit(p->cat_th1, SAD_LIM),
        .scm_a = limit(slope * p->sad_tha, SCM_LIM),
        .scm_b = limit(slope * p->sad_thb, SCM_LIM),
        .sad_a = limit(30ull * p->sad_tha, SAD_LIM),
        .sad_b = limit(30ull * p->sad_thb, SAD_LIM),
        .slope = limit(slope, SCM_LIM),
        .tight = limit(30ull * p->sad_tight_th, COST2_LIM),
        .consistency_th = (int16_t)limit(p->mc_consistency_th, 256),
        .neighbor_th = (int16_t)limit(p->neighbor_pixel_th, 255),
    };
}
