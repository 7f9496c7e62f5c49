/* The Adaptive Video Scaler (§2.9, lines 1584-1639) and the Image
 * Enhancement Filter (§2.10.1, lines 1641-1689) of sample_8x8
 * (gen7sf/avs.h).  Integer arithmetic throughout; the classifier and the
 * IEF detail filters the text lost are designed in docs/spec-notes.md,
 * "AVS" and "IEF", which every rounding here follows.
 *
 * The work is separable: the horizontal filter of a footprint row depends
 * only on the pixel's column and the texel row, so each texel row a block
 * reads is filtered once per output column (kept in a small cache of rows)
 * and each output pixel then filters 8 of those vertically. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "avs_int.h"

enum { TAPS = 8, PHASES = G7SF_AVS_PHASES, MAX_SIDE = 16384, MARGIN = 2, G = 1 };
/* Rows of horizontal results kept: a footprint's 8 consecutive rows never
 * share a slot of 16 (row % 16). */
enum { SLOTS = 16 };
/* How far a position may leave the surface: 2^20 texels. */
#define POS_LIMIT 1048576.0

enum { TAB_0X, TAB_0Y, TAB_1X, TAB_1Y };

/* SAMPLER_8x8_STATE as the filters use it. */
typedef struct avs_ctl {
    int8_t k[4][PHASES][TAPS];      /* 1X/1Y: taps 2-5, the others 0 */
    unsigned m4, m8, t4, t8;        /* Max Derivative and Transition Area 4 / 8 */
    int fixed[2];                   /* per direction: the alpha when bypassed, else -1 */
    bool all;                       /* Adaptive Filter for All Channels */
    bool rgb_luma;                  /* luma = (R + 2G + B) >> 2 */
} avs_ctl;

#define ROW8(t, i)                                                                                \
    { s->t##_c0[i], s->t##_c1[i], s->t##_c2[i], s->t##_c3[i],                                   \
      s->t##_c4[i], s->t##_c5[i], s->t##_c6[i], s->t##_c7[i] }
#define ROW4(t, i) { 0, 0, s->t##_c2[i], s->t##_c3[i], s->t##_c4[i], s->t##_c5[i], 0, 0 }

static void ctl_from_state(const g7sf_sampler_8x8_state *s, bool rgb, avs_ctl *c)
{
    for (int i = 0; i < PHASES; i++) {
        const int32_t rows[4][TAPS] = { ROW8(table_0x, i), ROW8(table_0y, i), ROW4(table_1x, i),
                                        ROW4(table_1y, i) };
        for (int t = 0; t < 4; t++)
            for (int j = 0; j < TAPS; j++)   /* S1.6 raw: -128 .. 127 */
                c->k[t][i][j] = (int8_t)rows[t][j];
    }
    c->m4 = s->max_derivative_4_pixels, c->m8 = s->max_derivative_8_pixels;
    c->t4 = s->transition_area_with_4_pixels & 7, c->t8 = s->transition_area_with_8_pixels & 7;
    /* Default Sharpness Level 0 .. 255 as 0 .. 256: 255 is all sharp */
    int ds = (int)(s->default_sharpness_level & 255);
    ds += ds >> 7;
    c->fixed[0] = s->bypass_x_adaptive_filtering ? ds : -1;
    c->fixed[1] = s->bypass_y_adaptive_filtering ? ds : -1;
    c->all = s->adaptive_filter_for_all_channels;
    c->rgb_luma = rgb && s->rgb_adaptive;
}

/* ---- positions --------------------------------------------------------- */

/* Pixel i of an axis of the walk, in float in the order of avs.h. */
static float walk_at(const g7sf_avs_walk *w, bool vertical, int i)
{
    if (vertical)
        return w->v0 + w->dv * (float)((int64_t)w->row0 + i);
    float tri = (float)((int64_t)i * (i - 1) / 2);
    return (w->u0 + w->du * (float)i) + w->ddu * tri;
}

/* Texel-space position of pixel i in 1/32 texel: first footprint texel
 * (floor - 3) and the 5-bit beta.  false when it is not finite or more than
 * POS_LIMIT texels away. */
static bool axis_pos(const g7sf_avs_walk *w, bool vertical, int i, int n, int *first,
                     unsigned *beta)
{
    double t = (double)walk_at(w, vertical, i) * n - 0.5;
    if (!(t > -POS_LIMIT && t < n + POS_LIMIT))
        return false;
    double p = floor(t * 32.0), q = floor(p / 32.0);
    *first = (int)q - 3;
    *beta = (unsigned)(p - 32.0 * q);
    return true;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int avs_footprint(const g7sf_avs_walk *walk, int width, int height, int w, int h, bool ief,
                  int *x0, int *x1, int *y0, int *y1, const char **why)
{
    int m = ief ? MARGIN : 0, lo[2] = { INT32_MAX, INT32_MAX }, hi[2] = { INT32_MIN, INT32_MIN };
    const int n[2] = { w, h }, size[2] = { width, height };
    for (int a = 0; a < 2; a++)
        for (int i = -m; i < n[a] + m; i++) {
            int f;
            unsigned b;
            if (!axis_pos(walk, a, i, size[a], &f, &b)) {
                if (why)
                    *why = a ? "V address not finite or more than 2^20 texels off the surface"
                             : "U address not finite or more than 2^20 texels off the surface";
                return G7SF_EINVAL;
            }
            lo[a] = f < lo[a] ? f : lo[a];
            hi[a] = f + TAPS > hi[a] ? f + TAPS : hi[a];
        }
    *x0 = clampi(lo[0], 0, width - 1), *x1 = clampi(hi[0], 1, width);
    *y0 = clampi(lo[1], 0, height - 1), *y1 = clampi(hi[1], 1, height);
    return 0;
}

/* ---- the filters ------------------------------------------------------- */

/* Taps of table t for beta b: phases 17 .. 31 are 15 .. 1 mirrored. */
static void taps_for(const avs_ctl *c, int t, unsigned b, int8_t k[TAPS])
{
    for (int j = 0; j < TAPS; j++)
        k[j] = b <= 16 ? c->k[t][b][j] : c->k[t][32 - b][TAPS - 1 - j];
}

static int ramp_down(int d, unsigned m, unsigned t)
{
    if (d <= (int)m)
        return 256;
    if (d >= (int)(m + (1u << t)))
        return 0;
    return 256 - (((d - (int)m) * 256) >> t);
}

static int ramp_up(int d, unsigned m, unsigned t)
{
    if (d <= (int)m)
        return 0;
    if (d >= (int)(m + (1u << t)))
        return 256;
    return ((d - (int)m) * 256) >> t;
}

/* The ringing classifier on the 8 MSBs of a vector's luma: 0 (smooth) ..
 * 256 (sharp). */
static int classify(const avs_ctl *c, const int y[TAPS])
{
    int d4 = 0, d8 = 0;
    for (int j = 0; j < TAPS - 1; j++) {
        int d = abs(y[j + 1] - y[j]);
        d8 = d > d8 ? d : d8;
        if (j >= 2 && j <= 4)
            d4 = d > d4 ? d : d4;
    }
    return 256 - ((ramp_down(d4, c->m4, c->t4) * ramp_up(d8, c->m8, c->t8)) >> 8);
}

static int msb8(int64_t v) { return v <= 0 ? 0 : v >= G7SF_AVS_ONE ? 255 : (int)(v >> 8); }

/* One 8-sample vector: sharp (1/64) and smooth (1/32, doubled) blended by
 * alpha (1/256), back in the inputs' units. */
static int64_t filt(const int64_t x[TAPS], const int8_t k[TAPS], unsigned b, int alpha)
{
    int64_t sharp = 0;
    for (int j = 0; j < TAPS; j++)
        sharp += x[j] * k[j];
    int64_t smooth = 2 * (x[3] * (int64_t)(32 - b) + x[4] * (int64_t)b);
    int64_t v = sharp * alpha + smooth * (256 - alpha) + (1 << 13);
    return v >= 0 ? v >> 14 : -((-v + 16383) >> 14);   /* floor */
}

/* The luma of a vector's samples v[c][j] (8 MSBs each). */
static void luma8(const avs_ctl *c, int64_t v[4][TAPS], int y[TAPS])
{
    for (int j = 0; j < TAPS; j++)
        y[j] = c->rgb_luma ? (msb8(v[0][j]) + 2 * msb8(v[G][j]) + msb8(v[2][j])) >> 2
                           : msb8(v[G][j]);
}

/* ---- IEF --------------------------------------------------------------- */

unsigned g7sf_ief_edge_measure(const uint16_t n[3][3])
{
    int eh = (n[2][0] + 2 * n[2][1] + n[2][2]) - (n[0][0] + 2 * n[0][1] + n[0][2]);
    int ev = (n[0][2] + 2 * n[1][2] + n[2][2]) - (n[0][0] + 2 * n[1][0] + n[2][0]);
    int em = (abs(eh) + abs(ev) + 4) >> 3;
    return (unsigned)(em > 63 ? 63 : em);
}

static int64_t floordiv(int64_t n, int64_t d)   /* d > 0 */
{
    return n >= 0 ? n / d : -((-n + d - 1) / d);
}

/* rdiv of the IEF map: the sum's average rounded half up, P when the
 * weights are all 0. */
static int ring_avg(int64_t sum, int64_t wsum, int p)
{
    return wsum ? (int)floordiv(2 * sum + wsum, 2 * wsum) : p;
}

/* The IEF of the pixel at the centre of a 5x5 of 10-bit values. */
static int ief_pixel(const g7sf_sampler_state_8x8 *s, const uint16_t *r[5], int x)
{
    const uint16_t n3[3][3] = { { r[1][x - 1], r[1][x], r[1][x + 1] },
                                { r[2][x - 1], r[2][x], r[2][x + 1] },
                                { r[3][x - 1], r[3][x], r[3][x + 1] } };
    unsigned em = g7sf_ief_edge_measure(n3);
    int la = (int)(em > s->strong_edge_threshold ? s->strong_edge_weight
                   : em > s->weak_edge_threshold ? s->regular_weight
                                                 : s->non_edge_weight);
    int p = r[2][x];
    int64_t c1 = r[1][x] + r[3][x] + r[2][x - 1] + r[2][x + 1];
    int64_t x1 = r[1][x - 1] + r[1][x + 1] + r[3][x - 1] + r[3][x + 1];
    int64_t r3c = s->r3c_coefficient, r3x = s->r3x_coefficient;
    int s3 = ring_avg(r3c * c1 + r3x * x1, 4 * (r3c + r3x), p);
    if (s->ief4smooth_enable) {
        int64_t n = (int64_t)(s3 - p) * (7 - la);
        return p + (int)floordiv(2 * n + 7, 14);
    }
    int64_t c2 = r[0][x] + r[4][x] + r[2][x - 2] + r[2][x + 2];
    int64_t x2 = r[0][x - 2] + r[0][x + 2] + r[4][x - 2] + r[4][x + 2];
    int64_t kn = r[0][x - 1] + r[0][x + 1] + r[4][x - 1] + r[4][x + 1] + r[1][x - 2] +
                 r[1][x + 2] + r[3][x - 2] + r[3][x + 2];
    int64_t r5c = s->r5c_coefficient, r5x = s->r5x_coefficient, r5cx = s->r5cx_coefficient;
    int s5 = ring_avg(r5c * c2 + r5x * x2 + r5cx * kn, 4 * r5c + 4 * r5x + 8 * r5cx, p);
    int64_t d = (int64_t)(p - s3) + (p - s5);
    int v = p + (int)floordiv(d * s->gain_factor * la + 256, 512);
    return clampi(v, 0, 1020);
}

/* ---- the block --------------------------------------------------------- */

/* An axis of the block with its margins: per pixel the first footprint
 * texel and the taps of the Y and the U/V tables for its beta. */
typedef struct avs_axis {
    int *first;
    uint8_t *beta;
    int8_t (*k)[2][TAPS];
} avs_axis;

typedef struct avs_job {
    const avs_ctl *c;
    const avs_window *src;
    bool need[4];
    int cw;                         /* columns, margins included */
    avs_axis ax, ay;
    int64_t *hrow[SLOTS][4];        /* horizontal results of a texel row, per column */
    int tag[SLOTS];                 /* the texel row in each slot, -1 none */
} avs_job;

static int64_t texel(const avs_window *s, int c, int x, int y)
{
    const g7sf_avs_image *im = &s->img;
    return im->ch[c] ? im->ch[c][(ptrdiff_t)(y - s->oy) * im->stride + (x - s->ox)]
                     : im->value[c];
}

/* The horizontal results of texel row y for every column, into a slot. */
static int64_t *const *hrow(avs_job *j, int y)
{
    int s = y % SLOTS;
    if (j->tag[s] == y)
        return j->hrow[s];
    const avs_ctl *c = j->c;
    int wmax = j->src->img.width - 1;
    for (int i = 0; i < j->cw; i++) {
        int64_t v[4][TAPS];
        for (int ch = 0; ch < 4; ch++)
            if (j->need[ch])
                for (int t = 0; t < TAPS; t++)
                    v[ch][t] = texel(j->src, ch, clampi(j->ax.first[i] + t, 0, wmax), y);
        int a = c->fixed[0];
        if (a < 0) {
            int l[TAPS];
            luma8(c, v, l);
            a = classify(c, l);
        }
        for (int ch = 0; ch < 4; ch++)
            if (j->need[ch])
                j->hrow[s][ch][i] = filt(v[ch], j->ax.k[i][ch != G], j->ax.beta[i],
                                         ch == G || c->all ? a : 256);
    }
    j->tag[s] = y;
    return j->hrow[s];
}

/* AVS row r of the block (margins included): out[c][i] for each column. */
static void avs_row(avs_job *j, int r, uint16_t *out[4])
{
    const avs_ctl *c = j->c;
    int hmax = j->src->img.height - 1;
    int64_t *const *rows[TAPS];
    for (int t = 0; t < TAPS; t++)
        rows[t] = hrow(j, clampi(j->ay.first[r] + t, 0, hmax));
    for (int i = 0; i < j->cw; i++) {
        int64_t v[4][TAPS];
        for (int ch = 0; ch < 4; ch++)
            if (j->need[ch])
                for (int t = 0; t < TAPS; t++)
                    v[ch][t] = rows[t][ch][i];
        int a = c->fixed[1];
        if (a < 0) {
            int l[TAPS];
            luma8(c, v, l);
            a = classify(c, l);
        }
        for (int ch = 0; ch < 4; ch++)
            if (j->need[ch] && out[ch]) {
                int64_t f = filt(v[ch], j->ay.k[r][ch != G], j->ay.beta[r],
                                 ch == G || c->all ? a : 256);
                out[ch][i] = (uint16_t)(f < 0 ? 0 : f > G7SF_AVS_ONE ? G7SF_AVS_ONE : f);
            }
    }
}

static void axis_fill(const avs_ctl *c, const g7sf_avs_walk *w, bool vertical, int n, int m,
                      int size, avs_axis *a)
{
    for (int i = 0; i < n; i++) {
        unsigned b = 0;
        axis_pos(w, vertical, i - m, size, &a->first[i], &b);   /* checked by avs_footprint */
        a->beta[i] = (uint8_t)b;
        taps_for(c, vertical ? TAB_0Y : TAB_0X, b, a->k[i][0]);
        taps_for(c, vertical ? TAB_1Y : TAB_1X, b, a->k[i][1]);
    }
}

int avs_run(const g7sf_sampler_8x8_state *avs, const g7sf_sampler_state_8x8 *ief,
            const avs_window *src, const g7sf_avs_walk *walk, int w, int h,
            uint16_t *const out[4], ptrdiff_t out_stride, const char **why)
{
    bool do_ief = avs_ief_on(ief) && out[G];
    int m = do_ief ? MARGIN : 0, x0, x1, y0, y1;
    int r = avs_footprint(walk, src->img.width, src->img.height, w, h, do_ief, &x0, &x1, &y0,
                          &y1, why);
    if (r)
        return r;
    avs_ctl c;
    ctl_from_state(avs, src->img.rgb, &c);
    avs_job j = { .c = &c, .src = src, .cw = w + 2 * m };
    int rows = h + 2 * m;
    for (int ch = 0; ch < 4; ch++)
        j.need[ch] = out[ch] || (ch == G && do_ief);
    /* the luma the classifier reads, when a direction classifies */
    if (c.fixed[0] < 0 || c.fixed[1] < 0) {
        j.need[G] = true;
        if (c.rgb_luma)
            j.need[0] = j.need[2] = true;
    }
    size_t cw = (size_t)j.cw, nr = (size_t)rows;
    size_t per_pos = sizeof(int) + 1 + 2 * TAPS;
    size_t bytes = (cw + nr) * per_pos + (size_t)SLOTS * 4 * cw * sizeof(int64_t) +
                   4 * cw * sizeof(uint16_t) + (do_ief ? 5 * cw * sizeof(uint16_t) : 0) + 64;
    unsigned char *mem = malloc(bytes), *p = mem;
    if (!mem) {
        if (why)
            *why = "out of memory";
        return G7SF_ENOMEM;
    }
    /* carve: int64 first, then the rest by decreasing alignment */
    for (int s = 0; s < SLOTS; s++) {
        j.tag[s] = -1;
        for (int ch = 0; ch < 4; ch++, p += cw * sizeof(int64_t))
            j.hrow[s][ch] = (int64_t *)(void *)p;
    }
    j.ax.first = (int *)(void *)p, p += cw * sizeof(int);
    j.ay.first = (int *)(void *)p, p += nr * sizeof(int);
    uint16_t *line[4], *ring = NULL;
    for (int ch = 0; ch < 4; ch++, p += cw * sizeof(uint16_t))
        line[ch] = (uint16_t *)(void *)p;
    if (do_ief)
        ring = (uint16_t *)(void *)p, p += 5 * cw * sizeof(uint16_t);
    j.ax.k = (int8_t(*)[2][TAPS])(void *)p, p += cw * 2 * TAPS;
    j.ay.k = (int8_t(*)[2][TAPS])(void *)p, p += nr * 2 * TAPS;
    j.ax.beta = p, p += cw;
    j.ay.beta = p;
    axis_fill(&c, walk, false, j.cw, m, src->img.width, &j.ax);
    axis_fill(&c, walk, true, rows, m, src->img.height, &j.ay);

    for (int i = 0; i < rows; i++) {
        uint16_t *o[4];
        for (int ch = 0; ch < 4; ch++)
            o[ch] = j.need[ch] ? line[ch] : NULL;
        avs_row(&j, i, o);
        int y = i - m;
        if (y >= 0 && y < h)
            for (int ch = 0; ch < 4; ch++)
                if (out[ch] && !(ch == G && do_ief))
                    memcpy(out[ch] + (ptrdiff_t)y * out_stride, line[ch] + m,
                           (size_t)w * sizeof(uint16_t));
        if (!do_ief)
            continue;
        /* 10-bit G into the ring; the IEF of row i - 4 once its 5 rows are in */
        uint16_t *rr = ring + (size_t)(i % 5) * cw;
        for (size_t x = 0; x < cw; x++) {
            unsigned v = (line[G][x] + 32u) >> 6;
            rr[x] = (uint16_t)(v > 1020 ? 1020 : v);
        }
        if (i < 4)
            continue;
        const uint16_t *win[5];
        for (int k = 0; k < 5; k++)
            win[k] = ring + (size_t)((i - 4 + k) % 5) * cw;
        uint16_t *dst = out[G] + (ptrdiff_t)(i - 4) * out_stride;
        for (int x = 0; x < w; x++)
            dst[x] = (uint16_t)(ief_pixel(ief, win, x + m) << 6);
    }
    free(mem);
    return 0;
}

int g7sf_avs_block(const g7sf_sampler_8x8_state *avs, const g7sf_sampler_state_8x8 *ief,
                   const g7sf_avs_image *src, const g7sf_avs_walk *walk, int w, int h,
                   uint16_t *const out[4], ptrdiff_t out_stride, const char **why)
{
    const char *bad = NULL;
    if (why)
        *why = NULL;
    if (!avs || !src || !walk || !out)
        bad = "NULL state, source, walk or output";
    else if (src->width < 1 || src->height < 1 || src->width > MAX_SIDE || src->height > MAX_SIDE)
        bad = "source size not 1 .. 16384 each way";
    else if (src->stride < src->width)
        bad = "source stride shorter than a row";
    else if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE)
        bad = "block size not 1 .. 16384 each way";
    else if (out_stride < w && (out[0] || out[1] || out[2] || out[3]))
        bad = "output stride shorter than the block";
    if (bad) {
        if (why)
            *why = bad;
        return G7SF_EINVAL;
    }
    avs_window win = { *src, 0, 0 };
    return avs_run(avs, ief, &win, walk, w, h, out, out_stride, why);
}
