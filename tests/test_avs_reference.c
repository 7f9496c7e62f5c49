/* g7sf_avs_block against a plain per-pixel reading of docs/spec-notes.md
 * ("AVS", "IEF") written here: for each pixel its 8x8 footprint, eight
 * horizontal vectors and one vertical, in 64-bit arithmetic with plain
 * division, the classifier from its definition.  Random images, walks and
 * states — tap values over the whole S1.6 range, every DW136/137 field,
 * RGB and YUV luma, IEF detail and smooth with random weights — so the
 * library's whole-row passes, 32-bit blend and reciprocal division must
 * agree with the definition bit for bit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/avs.h"
#include "gen7sf/vpp.h"
#include "harness.h"

static uint32_t rng = 12345;

static uint32_t rnd(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 8;
}

static int rnd_in(int lo, int hi) { return lo + (int)(rnd() % (uint32_t)(hi - lo + 1)); }

static int64_t fdiv(int64_t n, int64_t d)   /* floor(n / d), d > 0 */
{
    int64_t q = n / d;
    return q * d > n ? q - 1 : q;
}

/* ---- the definition, pixel by pixel ---- */

typedef struct ref {
    const g7sf_sampler_8x8_state *s;
    const g7sf_avs_image *img;
} ref;

static int tap(const g7sf_sampler_8x8_state *s, int table, int phase, int j)
{
    const int32_t *t0x[8] = { s->table_0x_c0, s->table_0x_c1, s->table_0x_c2, s->table_0x_c3,
                              s->table_0x_c4, s->table_0x_c5, s->table_0x_c6, s->table_0x_c7 };
    const int32_t *t0y[8] = { s->table_0y_c0, s->table_0y_c1, s->table_0y_c2, s->table_0y_c3,
                              s->table_0y_c4, s->table_0y_c5, s->table_0y_c6, s->table_0y_c7 };
    const int32_t *t1x[8] = { NULL, NULL, s->table_1x_c2, s->table_1x_c3,
                              s->table_1x_c4, s->table_1x_c5, NULL, NULL };
    const int32_t *t1y[8] = { NULL, NULL, s->table_1y_c2, s->table_1y_c3,
                              s->table_1y_c4, s->table_1y_c5, NULL, NULL };
    const int32_t *const *t[4] = { t0x, t0y, t1x, t1y };
    return t[table][j] ? t[table][j][phase] : 0;
}

/* Tap j of table for beta b: phases above 16 mirror 32 - b. */
static int k_of(const g7sf_sampler_8x8_state *s, int table, int b, int j)
{
    return b <= 16 ? tap(s, table, b, j) : tap(s, table, 32 - b, 7 - j);
}

static int y8(int64_t v) { return v < 0 ? 0 : v > 0xFF00 ? 255 : (int)(v >> 8); }

static int64_t alpha_def(const g7sf_sampler_8x8_state *s, const int y[8], bool vertical)
{
    bool bypass = vertical ? s->bypass_y_adaptive_filtering : s->bypass_x_adaptive_filtering;
    if (bypass)
        return s->default_sharpness_level + (s->default_sharpness_level >= 128);
    int d4 = 0, d8 = 0;
    for (int j = 0; j < 7; j++) {
        int d = abs(y[j + 1] - y[j]);
        if (d > d8)
            d8 = d;
        if (j >= 2 && j <= 4 && d > d4)
            d4 = d;
    }
    int m4 = (int)s->max_derivative_4_pixels, m8 = (int)s->max_derivative_8_pixels;
    int w4 = 1 << s->transition_area_with_4_pixels, w8 = 1 << s->transition_area_with_8_pixels;
    int64_t flat = d4 <= m4 ? 256 : d4 >= m4 + w4 ? 0 : 256 - fdiv((int64_t)(d4 - m4) * 256, w4);
    int64_t edge = d8 <= m8 ? 0 : d8 >= m8 + w8 ? 256 : fdiv((int64_t)(d8 - m8) * 256, w8);
    return 256 - fdiv(flat * edge, 256);
}

static int64_t vec(const g7sf_sampler_8x8_state *s, int table, int b, const int64_t x[8],
                   int64_t a)
{
    int64_t sharp = 0;
    for (int j = 0; j < 8; j++)
        sharp += x[j] * k_of(s, table, b, j);
    int64_t smooth = 2 * (x[3] * (32 - b) + x[4] * b);
    return fdiv(sharp * a + smooth * (256 - a) + 8192, 16384);
}

static int64_t texel(const g7sf_avs_image *im, int c, int x, int y)
{
    x = x < 0 ? 0 : x >= im->width ? im->width - 1 : x;
    y = y < 0 ? 0 : y >= im->height ? im->height - 1 : y;
    return im->ch[c] ? im->ch[c][(ptrdiff_t)y * im->stride + x] : im->value[c];
}

static void pos(double u, int n, int *first, int *b)
{
    double p = floor((u * n - 0.5) * 32.0), q = floor(p / 32.0);
    *first = (int)q - 3, *b = (int)(p - 32.0 * q);
}

/* Channel values of pixel (x, y) of walk w: v[4]. */
static void pixel_def(const g7sf_sampler_8x8_state *s, const g7sf_avs_image *im,
                      const g7sf_avs_walk *w, int x, int y, int64_t v[4])
{
    float tri = (float)((int64_t)x * (x - 1) / 2);
    float u = (w->u0 + w->du * (float)x) + w->ddu * tri;
    float vv = w->v0 + w->dv * (float)((int64_t)w->row0 + y);
    int fx, bx, fy, by;
    pos(u, im->width, &fx, &bx);
    pos(vv, im->height, &fy, &by);
    bool rgbl = im->rgb && s->rgb_adaptive;
    int64_t h[4][8], ah[8];
    for (int r = 0; r < 8; r++) {
        int64_t t[4][8];
        int l[8];
        for (int j = 0; j < 8; j++) {
            for (int c = 0; c < 4; c++)
                t[c][j] = texel(im, c, fx + j, fy + r);
            l[j] = rgbl ? (y8(t[0][j]) + 2 * y8(t[1][j]) + y8(t[2][j])) >> 2 : y8(t[1][j]);
        }
        ah[r] = alpha_def(s, l, false);
        for (int c = 0; c < 4; c++)
            h[c][r] = vec(s, c == 1 ? 0 : 2, bx, t[c],
                          c == 1 || s->adaptive_filter_for_all_channels ? ah[r] : 256);
    }
    int l[8];
    for (int r = 0; r < 8; r++)
        l[r] = rgbl ? (y8(h[0][r]) + 2 * y8(h[1][r]) + y8(h[2][r])) >> 2 : y8(h[1][r]);
    int64_t av = alpha_def(s, l, true);
    for (int c = 0; c < 4; c++) {
        int64_t f = vec(s, c == 1 ? 1 : 3, by, h[c],
                        c == 1 || s->adaptive_filter_for_all_channels ? av : 256);
        v[c] = f < 0 ? 0 : f > 0xFF00 ? 0xFF00 : f;
    }
}

/* The IEF of G at (x, y) from the AVS G of its 5x5 (def: the pixel_def values). */
static int64_t ief_def(const g7sf_sampler_state_8x8 *q, const int64_t p[5][5])
{
    int64_t P[5][5];
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            P[i][j] = (p[i][j] + 32) >> 6 > 1020 ? 1020 : (p[i][j] + 32) >> 6;
    int64_t eh = P[3][1] + 2 * P[3][2] + P[3][3] - P[1][1] - 2 * P[1][2] - P[1][3];
    int64_t ev = P[1][3] + 2 * P[2][3] + P[3][3] - P[1][1] - 2 * P[2][1] - P[3][1];
    int64_t em = (llabs(eh) + llabs(ev) + 4) >> 3;
    em = em > 63 ? 63 : em;
    int64_t la = em > q->strong_edge_threshold ? q->strong_edge_weight
                 : em > q->weak_edge_threshold ? q->regular_weight : q->non_edge_weight;
    int64_t c = P[2][2];
    int64_t c1 = P[1][2] + P[3][2] + P[2][1] + P[2][3];
    int64_t x1 = P[1][1] + P[1][3] + P[3][1] + P[3][3];
    int64_t w3 = 4 * (q->r3c_coefficient + q->r3x_coefficient);
    int64_t s3 = w3 ? fdiv(2 * (q->r3c_coefficient * c1 + q->r3x_coefficient * x1) + w3, 2 * w3)
                    : c;
    if (q->ief4smooth_enable)
        return c + fdiv(2 * (s3 - c) * (7 - la) + 7, 14);
    int64_t c2 = P[0][2] + P[4][2] + P[2][0] + P[2][4];
    int64_t x2 = P[0][0] + P[0][4] + P[4][0] + P[4][4];
    int64_t kn = P[0][1] + P[0][3] + P[4][1] + P[4][3] + P[1][0] + P[1][4] + P[3][0] + P[3][4];
    int64_t w5 = 4 * q->r5c_coefficient + 4 * q->r5x_coefficient + 8 * q->r5cx_coefficient;
    int64_t s5 = w5 ? fdiv(2 * (q->r5c_coefficient * c2 + q->r5x_coefficient * x2 +
                                q->r5cx_coefficient * kn) + w5, 2 * w5)
                    : c;
    int64_t v = c + fdiv(((c - s3) + (c - s5)) * q->gain_factor * la + 256, 512);
    return v < 0 ? 0 : v > 1020 ? 1020 : v;
}

/* ---- random cases ---- */

static void random_state(g7sf_sampler_8x8_state *s, bool wild)
{
    memset(s, 0, sizeof *s);
    int32_t *rows[24] = { s->table_0x_c0, s->table_0x_c1, s->table_0x_c2, s->table_0x_c3,
                          s->table_0x_c4, s->table_0x_c5, s->table_0x_c6, s->table_0x_c7,
                          s->table_0y_c0, s->table_0y_c1, s->table_0y_c2, s->table_0y_c3,
                          s->table_0y_c4, s->table_0y_c5, s->table_0y_c6, s->table_0y_c7,
                          s->table_1x_c2, s->table_1x_c3, s->table_1x_c4, s->table_1x_c5,
                          s->table_1y_c2, s->table_1y_c3, s->table_1y_c4, s->table_1y_c5 };
    for (int t = 0; t < 24; t++)
        for (int i = 0; i < G7SF_AVS_PHASES; i++)
            rows[t][i] = wild ? rnd_in(-128, 127) : rnd_in(-20, 40);
    s->default_sharpness_level = (uint32_t)rnd_in(0, 255);
    s->max_derivative_4_pixels = (uint32_t)rnd_in(0, 40);
    s->max_derivative_8_pixels = (uint32_t)rnd_in(0, 60);
    s->transition_area_with_4_pixels = (uint32_t)rnd_in(0, 7);
    s->transition_area_with_8_pixels = (uint32_t)rnd_in(0, 7);
    s->bypass_x_adaptive_filtering = rnd() % 4 == 0;
    s->bypass_y_adaptive_filtering = rnd() % 4 == 0;
    s->adaptive_filter_for_all_channels = rnd() % 2;
    s->rgb_adaptive = rnd() % 2;
}

static void random_ief(g7sf_sampler_state_8x8 *q)
{
    memset(q, 0, sizeof *q);
    q->ief4smooth_enable = rnd() % 3 == 0;
    q->strong_edge_threshold = (uint32_t)rnd_in(0, 63);
    q->weak_edge_threshold = (uint32_t)rnd_in(0, 63);
    q->strong_edge_weight = (uint32_t)rnd_in(0, 7);
    q->regular_weight = (uint32_t)rnd_in(0, 7);
    q->non_edge_weight = (uint32_t)rnd_in(0, 7);
    q->gain_factor = (uint32_t)rnd_in(0, 63);
    q->r3c_coefficient = (uint32_t)rnd_in(0, 31) * (rnd() % 5 != 0);
    q->r3x_coefficient = (uint32_t)rnd_in(0, 31) * (rnd() % 5 != 0);
    q->r5c_coefficient = (uint32_t)rnd_in(0, 31) * (rnd() % 5 != 0);
    q->r5x_coefficient = (uint32_t)rnd_in(0, 31) * (rnd() % 5 != 0);
    q->r5cx_coefficient = (uint32_t)rnd_in(0, 31) * (rnd() % 5 != 0);
}

enum { IW = 40, IH = 24, BW = 16, BH = 4 };

/* One random case: image, walk, state; block through the library and the
 * definition.  Returns the number of mismatching values. */
static int one_case(bool ief_on, bool wild)
{
    static uint16_t plane[4][IH * IW];
    g7sf_avs_image im = { .stride = IW, .width = rnd_in(4, IW), .height = rnd_in(4, IH),
                          .rgb = rnd() % 2 };
    int smooth = rnd() % 3;   /* 0 noise, 1 ramps, 2 steps: each classifier branch */
    for (int c = 0; c < 4; c++) {
        bool present = rnd() % 5 != 0;
        im.ch[c] = present ? plane[c] : NULL;
        im.value[c] = (uint16_t)(rnd_in(0, 255) << 8);
        for (int i = 0; i < IH * IW; i++) {
            int x = i % IW, y = i / IW, v;
            v = smooth == 0 ? rnd_in(0, 255) : smooth == 1 ? (x * 7 + y * 3 + c * 40) & 255
                                                           : ((x / 5 + y / 3) & 1) * 200 + 20;
            plane[c][i] = (uint16_t)(v << 8);
        }
    }
    g7sf_sampler_8x8_state s;
    random_state(&s, wild);
    g7sf_sampler_state_8x8 q;
    random_ief(&q);
    q.ief_bypass = !ief_on;
    g7sf_avs_walk w = { .u0 = (float)rnd_in(-300, 1300) / 1000.0f,
                        .v0 = (float)rnd_in(-300, 1300) / 1000.0f,
                        .du = (float)rnd_in(0, 4000) / 1000.0f / (float)im.width,
                        .dv = (float)rnd_in(-2000, 4000) / 1000.0f / (float)im.height,
                        .ddu = (float)rnd_in(-200, 400) / 10000.0f / (float)im.width,
                        .row0 = rnd_in(0, 3) * 8 * (rnd() % 2) };
    uint16_t out[4][BH * BW];
    uint16_t *o[4] = { out[0], out[1], out[2], out[3] };
    const char *why = NULL;
    int r = g7sf_avs_block(&s, &q, &im, &w, BW, BH, o, BW, &why);
    CHECK_EQ(r, 0);
    if (r)
        return 1;
    int bad = 0;
    for (int y = 0; y < BH; y++)
        for (int x = 0; x < BW; x++) {
            int64_t v[4];
            pixel_def(&s, &im, &w, x, y, v);
            if (ief_on) {
                int64_t g[5][5];
                for (int i = 0; i < 5; i++)
                    for (int j = 0; j < 5; j++) {
                        int64_t n[4];
                        pixel_def(&s, &im, &w, x + j - 2, y + i - 2, n);
                        g[i][j] = n[1];
                    }
                v[1] = ief_def(&q, g) << 6;
            }
            for (int c = 0; c < 4; c++)
                bad += out[c][y * BW + x] != v[c];
        }
    return bad;
}

TEST(library_equals_the_definition_avs_only)
{
    int bad = 0;
    for (int i = 0; i < 400; i++)
        bad += one_case(false, i % 2);
    CHECK_EQ(bad, 0);
}

TEST(library_equals_the_definition_with_ief)
{
    int bad = 0;
    for (int i = 0; i < 150; i++)
        bad += one_case(true, i % 2);
    CHECK_EQ(bad, 0);
}

/* A whole plane in one call equals the same plane in 16x4 blocks, walked
 * from each block's origin: the row passes and their caches hold no state
 * from block to block (pixel positions given exactly: powers of two). */
TEST(one_call_equals_blocks)
{
    enum { W = 64, H = 32, OW = 48, OH = 24 };
    static uint16_t src[H * W], whole[OH * OW], part[BH * BW];
    for (int i = 0; i < W * H; i++)
        src[i] = (uint16_t)((rnd() & 255) << 8);
    g7sf_avs_image im = { .ch = { NULL, src, NULL, NULL }, .value = { 0, 0, 0, 0xFF00 },
                          .stride = W, .width = W, .height = H };
    g7sf_sampler_8x8_state s;
    random_state(&s, false);
    g7sf_sampler_state_8x8 q;
    random_ief(&q);
    q.ief_bypass = 0;
    const float du = 1.0f / 64, dv = 1.0f / 32;   /* exact: one texel */
    g7sf_avs_walk w = { 0.25f / 64, 0.125f / 32, du, dv, 0, 0 };
    uint16_t *o[4] = { NULL, whole, NULL, NULL };
    CHECK_EQ(g7sf_avs_block(&s, &q, &im, &w, OW, OH, o, OW, NULL), 0);
    int bad = 0;
    for (int by = 0; by < OH; by += BH)
        for (int bx = 0; bx < OW; bx += BW) {
            g7sf_avs_walk b = { w.u0 + du * (float)bx, w.v0 + dv * (float)by, du, dv, 0, 0 };
            uint16_t *p[4] = { NULL, part, NULL, NULL };
            CHECK_EQ(g7sf_avs_block(&s, &q, &im, &b, BW, BH, p, BW, NULL), 0);
            for (int y = 0; y < BH; y++)
                for (int x = 0; x < BW; x++)
                    bad += part[y * BW + x] != whole[(by + y) * OW + bx + x];
        }
    CHECK_EQ(bad, 0);
}

/* The pipeline's scaler at a ratio of 1 (src/vpp/scale.c copies rows then,
 * instead of running the AVS): with g7sf_avs_state_for_scale(1, 1) and the
 * positions it uses (texel centres moved 1/64 texel on), the AVS returns
 * every texel exactly, luma tables with the adaptive filter and chroma
 * tables alike, on sizes whose 1/size is not exact in float. */
TEST(ratio_one_with_the_pipelines_tables_copies)
{
    static const int sizes[][2] = { { 720, 576 }, { 1920, 1080 }, { 360, 288 }, { 17, 9 } };
    g7sf_sampler_8x8_state s;
    CHECK_EQ(g7sf_avs_state_for_scale(1.0, 1.0, &s), 0);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        uint16_t *src = malloc((size_t)w * h * sizeof *src), *out = malloc((size_t)w * h * 2);
        CHECK(src && out);
        if (!src || !out)
            return;
        for (int i = 0; i < w * h; i++)
            src[i] = (uint16_t)((rnd() & 255) << 8);
        g7sf_avs_walk walk = { (float)((0.5 + 1.0 / 64) / w), (float)((0.5 + 1.0 / 64) / h),
                               (float)(1.0 / w), (float)(1.0 / h), 0, 0 };
        for (int c = 0; c < 2; c++) {   /* G: luma tables; R: chroma tables */
            g7sf_avs_image im = { .stride = w, .width = w, .height = h };
            im.ch[c ? 0 : 1] = src;
            uint16_t *o[4] = { NULL, NULL, NULL, NULL };
            o[c ? 0 : 1] = out;
            CHECK_EQ(g7sf_avs_block(&s, NULL, &im, &walk, w, h, o, w, NULL), 0);
            CHECKF(!memcmp(src, out, (size_t)w * h * 2), "%dx%d %s", w, h, c ? "R" : "G");
        }
        free(src);
        free(out);
    }
}
