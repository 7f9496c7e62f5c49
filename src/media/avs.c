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
#include "dsp.h"

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
    int16_t flat[256], edge[256];   /* the classifier's ramps by d4, d8 */
    bool all;                       /* Adaptive Filter for All Channels */
    bool rgb_luma;                  /* luma = (R + 2G + B) >> 2 */
} avs_ctl;

/* The classifier's ramps (docs/spec-notes.md, "AVS"): how flat the middle
 * four texels are by their largest step d4, how strong the largest step d8
 * of all eight is, each in 1/256 over a transition 2^t wide. */
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
    for (int d = 0; d < 256; d++)
        c->flat[d] = (int16_t)ramp_down(d, c->m4, c->t4), c->edge[d] = (int16_t)ramp_up(d, c->m8, c->t8);
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

/* The ringing classifier (docs/spec-notes.md, "AVS") of an 8-sample
 * vector y[0..7] (its luma's 8 MSBs) is 256 - (flat[d4] x edge[d8] >> 8):
 * d4 the largest step abs(y[j + 1] - y[j]) of the middle four (j = 2..4),
 * d8 of all eight; 0 is smooth, 256 sharp.  The passes below evaluate it
 * along whole rows. */

static int msb8(int32_t v) { return v <= 0 ? 0 : v >= G7SF_AVS_ONE ? 255 : v >> 8; }

/* ---- IEF --------------------------------------------------------------- */

unsigned g7sf_ief_edge_measure(const uint16_t n[3][3])
{
    int eh = (n[2][0] + 2 * n[2][1] + n[2][2]) - (n[0][0] + 2 * n[0][1] + n[0][2]);
    int ev = (n[0][2] + 2 * n[1][2] + n[2][2]) - (n[0][0] + 2 * n[1][0] + n[2][0]);
    int em = (abs(eh) + abs(ev) + 4) >> 3;
    return (unsigned)(em > 63 ? 63 : em);
}

/* Division of numerators below 2^21 by d (2 .. 2^10) by a multiply and a
 * shift: m = ceil(2^(21 + l) / d) with 2^l >= d gives floor(n / d) =
 * n m >> (21 + l) exactly (Granlund and Montgomery, "Division by invariant
 * integers using multiplication", 1994, theorem 4.2); m < 2^22.  The IEF's
 * ring averages divide by the same weights at every pixel. */
static avs_udiv udiv_of(uint32_t d)
{
    unsigned l = 0;
    while ((1u << l) < d)
        l++;
    return (avs_udiv){ (uint32_t)(((1ull << (21 + l)) + d - 1) / d), 21 + l };
}

/* The IEF state as the pixels use it (avs_rows.h, avs_ief). */
static void ief_ctl_of(const g7sf_sampler_state_8x8 *s, avs_ief *c)
{
    *c = (avs_ief){ .strong_th = (int)s->strong_edge_threshold,
                    .weak_th = (int)s->weak_edge_threshold,
                    .strong_w = (int)s->strong_edge_weight, .regular_w = (int)s->regular_weight,
                    .non_edge_w = (int)s->non_edge_weight, .gain = (int)s->gain_factor,
                    .smooth = s->ief4smooth_enable, .r3c = (int)(s->r3c_coefficient & 31),
                    .r3x = (int)(s->r3x_coefficient & 31), .r5c = (int)(s->r5c_coefficient & 31),
                    .r5x = (int)(s->r5x_coefficient & 31),
                    .r5cx = (int)(s->r5cx_coefficient & 31) };
    c->w3 = 4 * (c->r3c + c->r3x);
    c->w5 = 4 * c->r5c + 4 * c->r5x + 8 * c->r5cx;
    c->d3 = udiv_of(2 * (uint32_t)(c->w3 ? c->w3 : 1));
    c->d5 = udiv_of(2 * (uint32_t)(c->w5 ? c->w5 : 1));
}

/* ---- the block --------------------------------------------------------- */

/* An axis of the block with its margins: per pixel the first footprint
 * texel (brought into -8 .. size: further out the 8 texels clamp to the
 * same edge texel) and the taps of the Y and the U/V tables for its beta. */
typedef struct avs_axis {
    int *first;
    uint8_t *beta;
    int8_t (*k)[2][TAPS];
} avs_axis;

/* The horizontal results of one texel row, per channel and column, and
 * the 8 MSBs of their luma (the vertical classifier's input). */
typedef struct avs_hrow {
    int32_t *v[4];
    uint8_t *luma;
    int tag;                        /* the texel row held, -1 none */
} avs_hrow;

typedef struct avs_job {
    const avs_ctl *c;
    const avs_dsp *dsp;
    const avs_window *src;
    bool need[4];
    int cw;                         /* columns, margins included */
    avs_axis ax, ay;
    int xlo, xn;                    /* the footprints' texel columns xlo .. xlo + xn - 1 */
    int *xmap;                      /* each clamped to the image */
    int *fx;                        /* each column's first texel, from xlo */
    int32_t *t[4];                  /* one texel row over those columns */
    uint8_t *d;                     /* its luma steps */
    uint8_t *d4x, *d8x;             /* the largest steps of the vector at each texel */
    int16_t *alpha_h;               /* the alpha of the vector at each texel */
    avs_hrow slot[SLOTS];
    int16_t *alpha_v;               /* the vertical alphas of footprint rows alpha_first.. */
    uint8_t *d4, *d8;               /* a row's largest luma steps */
    int alpha_first;
} avs_job;

/* Channel c of texel row y over the footprints' columns, into out. */
static void texel_row(const avs_job *j, int c, int y, int32_t *out)
{
    const avs_window *s = j->src;
    const g7sf_avs_image *im = &s->img;
    if (!im->ch[c]) {
        for (int k = 0; k < j->xn; k++)
            out[k] = im->value[c];
        return;
    }
    const uint16_t *row = im->ch[c] + (ptrdiff_t)(y - s->oy) * im->stride;
    for (int k = 0; k < j->xn; k++)
        out[k] = row[j->xmap[k] - s->ox];
}

/* The luma's 8 MSBs of samples 0 .. n - 1 of per-channel arrays v
 * (texels, or horizontal results beyond 0 .. 0xFF00) into l. */
static void luma_row(const avs_ctl *c, int32_t *const v[4], int n, uint8_t *l)
{
    if (c->rgb_luma)
        for (int k = 0; k < n; k++)
            l[k] = (uint8_t)((msb8(v[0][k]) + 2 * msb8(v[G][k]) + msb8(v[2][k])) >> 2);
    else
        for (int k = 0; k < n; k++)
            l[k] = (uint8_t)msb8(v[G][k]);
}

/* Texel row y filtered horizontally for every column, in its slot. */
static const avs_hrow *hrow(avs_job *j, int y)
{
    avs_hrow *h = &j->slot[y % SLOTS];
    if (h->tag == y)
        return h;
    const avs_ctl *c = j->c;
    for (int ch = 0; ch < 4; ch++)
        if (j->need[ch])
            texel_row(j, ch, y, j->t[ch]);
    if (c->fixed[0] < 0) {
        /* the alpha of the vector starting at each texel k (the classifier along
         * the row): luma steps, their largest over the middle four and
         * over all eight, the ramps */
        uint8_t *l = j->d, *d4 = j->d4x, *d8 = j->d8x;
        luma_row(c, j->t, j->xn, l);
        for (int k = 0; k + 1 < j->xn; k++)   /* in place: l[k + 1] is read first */
            l[k] = (uint8_t)(l[k + 1] > l[k] ? l[k + 1] - l[k] : l[k] - l[k + 1]);
        int n = j->xn - (TAPS - 1);
        for (int k = 0; k < n; k++) {
            uint8_t a4 = l[k + 2] > l[k + 3] ? l[k + 2] : l[k + 3];
            a4 = l[k + 4] > a4 ? l[k + 4] : a4;
            uint8_t a8 = l[k] > l[k + 1] ? l[k] : l[k + 1];
            a8 = a4 > a8 ? a4 : a8;
            a8 = l[k + 5] > a8 ? l[k + 5] : a8;
            a8 = l[k + 6] > a8 ? l[k + 6] : a8;
            d4[k] = a4, d8[k] = a8;
        }
        for (int k = 0; k < n; k++)
            j->alpha_h[k] = (int16_t)(256 - ((c->flat[d4[k]] * c->edge[d8[k]]) >> 8));
    }
    for (int ch = 0; ch < 4; ch++) {
        bool own = ch == G || c->all;   /* else sharp only */
        if (j->need[ch])
            j->dsp->hrow(j->t[ch], j->fx, j->ax.k, ch != G, j->ax.beta,
                         own && c->fixed[0] < 0 ? j->alpha_h : NULL, own ? c->fixed[0] : 256,
                         j->cw, h->v[ch]);
    }
    if (c->fixed[1] < 0)
        luma_row(c, h->v, j->cw, h->luma);
    h->tag = y;
    return h;
}

/* AVS row r of the block (margins included): out[c][i] for each column. */
static void avs_row(avs_job *j, int r, uint16_t *out[4])
{
    const avs_ctl *c = j->c;
    int hmax = j->src->img.height - 1, fy = j->ay.first[r];
    const avs_hrow *rows[TAPS];
    for (int t = 0; t < TAPS; t++)
        rows[t] = hrow(j, clampi(fy + t, 0, hmax));
    if (c->fixed[1] < 0 && j->alpha_first != fy) {
        /* the same footprint rows give the same alphas; the classifier along
         * the row: the largest steps of the middle four and of all eight */
        uint8_t *d4 = j->d4, *d8 = j->d8;
        for (int i = 0; i < j->cw; i++)
            d4[i] = d8[i] = 0;
        for (int t = 0; t < TAPS - 1; t++) {
            const uint8_t *l0 = rows[t]->luma, *l1 = rows[t + 1]->luma;
            for (int i = 0; i < j->cw; i++) {
                uint8_t d = (uint8_t)(l1[i] > l0[i] ? l1[i] - l0[i] : l0[i] - l1[i]);
                d8[i] = d > d8[i] ? d : d8[i];
                if (t >= 2 && t <= 4)
                    d4[i] = d > d4[i] ? d : d4[i];
            }
        }
        for (int i = 0; i < j->cw; i++)
            j->alpha_v[i] = (int16_t)(256 - ((c->flat[d4[i]] * c->edge[d8[i]]) >> 8));
        j->alpha_first = fy;
    }
    const int8_t *ks[2] = { j->ay.k[r][0], j->ay.k[r][1] };
    for (int ch = 0; ch < 4; ch++) {
        if (!j->need[ch] || !out[ch])
            continue;
        bool own = ch == G || c->all;   /* else sharp only */
        const int32_t *v[TAPS];
        for (int t = 0; t < TAPS; t++)
            v[t] = rows[t]->v[ch];
        j->dsp->vrow(v, ks[ch != G], j->ay.beta[r], own && c->fixed[1] < 0 ? j->alpha_v : NULL,
                     own ? c->fixed[1] : 256, j->cw, out[ch]);
    }
}

static void axis_fill(const avs_ctl *c, const g7sf_avs_walk *w, bool vertical, int n, int m,
                      int size, avs_axis *a)
{
    for (int i = 0; i < n; i++) {
        unsigned b = 0;
        int f = 0;
        axis_pos(w, vertical, i - m, size, &f, &b);   /* checked by avs_footprint */
        a->first[i] = clampi(f, -TAPS, size);
        a->beta[i] = (uint8_t)b;
        taps_for(c, vertical ? TAB_0Y : TAB_0X, b, a->k[i][0]);
        taps_for(c, vertical ? TAB_1Y : TAB_1X, b, a->k[i][1]);
    }
}

/* Bump allocation from one block of memory, most aligned first. */
static void *carve(unsigned char **p, size_t bytes)
{
    void *r = *p;
    *p += (bytes + 15) & ~(size_t)15;
    return r;
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
    avs_ief ic = { 0 };
    if (do_ief)
        ief_ctl_of(ief, &ic);
    avs_job j = { .c = &c, .dsp = &media_dsp_get()->avs, .src = src, .cw = w + 2 * m,
                  .alpha_first = INT32_MIN };
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
    /* the columns the footprints read: at most width + 16 (axis_fill) */
    size_t xn_max = (size_t)src->img.width + 2 * TAPS + 1;
    size_t bytes = (size_t)SLOTS * (4 * cw * sizeof(int32_t) + cw + 32) +
                   (cw + nr) * (sizeof(int) + 1 + 2 * TAPS + 48) +
                   xn_max * (sizeof(int) + 4 * sizeof(int32_t) + 3 + sizeof(int16_t)) + 4 * cw * sizeof(uint16_t) +
                   cw * (sizeof(int16_t) + sizeof(int32_t) + 2) + (do_ief ? 5 * cw * sizeof(uint16_t) : 0) +
                   16 * 128;   /* carve's rounding: fewer than 128 pieces */
    unsigned char *mem = malloc(bytes), *p = mem;
    if (!mem) {
        if (why)
            *why = "out of memory";
        return G7SF_ENOMEM;
    }
    for (int s = 0; s < SLOTS; s++) {
        j.slot[s].tag = -1;
        for (int ch = 0; ch < 4; ch++)
            j.slot[s].v[ch] = carve(&p, cw * sizeof(int32_t));
        j.slot[s].luma = carve(&p, cw);
    }
    j.ax.first = carve(&p, cw * sizeof(int));
    j.ay.first = carve(&p, nr * sizeof(int));
    j.ax.k = carve(&p, cw * 2 * TAPS);
    j.ay.k = carve(&p, nr * 2 * TAPS);
    j.ax.beta = carve(&p, cw);
    j.ay.beta = carve(&p, nr);
    axis_fill(&c, walk, false, j.cw, m, src->img.width, &j.ax);
    axis_fill(&c, walk, true, rows, m, src->img.height, &j.ay);
    int lo = INT32_MAX, hi = INT32_MIN;
    for (int i = 0; i < j.cw; i++) {
        lo = j.ax.first[i] < lo ? j.ax.first[i] : lo;
        hi = j.ax.first[i] + TAPS > hi ? j.ax.first[i] + TAPS : hi;
    }
    j.xlo = lo, j.xn = hi - lo;
    j.xmap = carve(&p, (size_t)j.xn * sizeof(int));
    for (int k = 0; k < j.xn; k++)
        j.xmap[k] = clampi(lo + k, 0, src->img.width - 1);
    for (int ch = 0; ch < 4; ch++)
        j.t[ch] = carve(&p, (size_t)j.xn * sizeof(int32_t));
    j.d = carve(&p, (size_t)j.xn);
    j.d4x = carve(&p, (size_t)j.xn);
    j.d8x = carve(&p, (size_t)j.xn);
    j.alpha_h = carve(&p, (size_t)j.xn * sizeof(int16_t));
    j.alpha_v = carve(&p, cw * sizeof(int16_t));
    j.fx = carve(&p, cw * sizeof(int));
    for (int i = 0; i < j.cw; i++)
        j.fx[i] = j.ax.first[i] - lo;
    j.d4 = carve(&p, cw);
    j.d8 = carve(&p, cw);
    uint16_t *line[4], *ring = NULL;
    for (int ch = 0; ch < 4; ch++)
        line[ch] = carve(&p, cw * sizeof(uint16_t));
    if (do_ief)
        ring = carve(&p, 5 * cw * sizeof(uint16_t));

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
        j.dsp->ief(&ic, win, m, w, out[G] + (ptrdiff_t)(i - 4) * out_stride);
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
