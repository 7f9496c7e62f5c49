/* The Adaptive Video Scaler (PRM 001 §2.9, lines 1584-1639) and the Image
 * Enhancement Filter (§2.10.1, lines 1641-1689) through g7sf_avs_block and
 * g7sf_ief_edge_measure.  Every expected value is worked out by hand in the
 * comments from docs/spec-notes.md, "AVS" and "IEF":
 *  - position p = floor((u * width - 0.5) * 32), i = p >> 5, beta b = p & 31;
 *    footprint texels i - 3 .. i + 4 clamped to the image (1594-1605, 4817);
 *  - taps K_j = table[b][j] for b <= 16, table[32 - b][7 - j] above (1605-1607);
 *  - sharp = sum K_j T_j, smooth = 2 (T_3 (32 - b) + T_4 b) (1626-1628, 1635);
 *  - blend (sharp alpha + smooth (256 - alpha) + 2^13) >> 14, horizontal
 *    first (not clamped), then vertical, then clamp to 0 .. 0xFF00 (1612-1622);
 *  - bypassed direction: alpha = d + (d >> 7), d Default Sharpness (4181-4184).
 * Positions are chosen exact in float (widths are powers of two); upos(i, b,
 * n) is the u whose texel position is i + b / 32 in an n-texel row.  Most
 * cases sample a 1-row image at v = 0.5 (b_v = 0, every footprint row is row
 * 0) with the vertical table phase 0 = tap 3 of 64: then the vertical pass
 * gives back H (sharp = smooth = 64 H, (64 H 2^8 + 2^13) >> 14 = H). */
#include <math.h>
#include <string.h>

#include "gen7sf/avs.h"
#include "gen7sf/gen7sf.h"
#include "harness.h"

enum { DX = 0, DY = 1, SENT = 0xA5A5 };

/* Tap j (0..7) of table 0X (DX) or 0Y (DY): an array over the 17 phases. */
static int32_t *t0(g7sf_sampler_8x8_state *a, int dir, int j)
{
    int32_t *x[8] = { a->table_0x_c0, a->table_0x_c1, a->table_0x_c2, a->table_0x_c3,
                      a->table_0x_c4, a->table_0x_c5, a->table_0x_c6, a->table_0x_c7 };
    int32_t *y[8] = { a->table_0y_c0, a->table_0y_c1, a->table_0y_c2, a->table_0y_c3,
                      a->table_0y_c4, a->table_0y_c5, a->table_0y_c6, a->table_0y_c7 };
    return dir == DX ? x[j] : y[j];
}

/* Tap j (2..5) of table 1X / 1Y. */
static int32_t *t1(g7sf_sampler_8x8_state *a, int dir, int j)
{
    int32_t *x[4] = { a->table_1x_c2, a->table_1x_c3, a->table_1x_c4, a->table_1x_c5 };
    int32_t *y[4] = { a->table_1y_c2, a->table_1y_c3, a->table_1y_c4, a->table_1y_c5 };
    return dir == DX ? x[j - 2] : y[j - 2];
}

/* Both directions bypassed at Default Sharpness 255 (alpha 255 + 1 = 256:
 * pure sharp), the drivers' classifier values (Max4 7, Max8 20, T4 4, T8 5),
 * all four vertical-table phase 0 identities (tap 3 = 64). */
static void avs_init(g7sf_sampler_8x8_state *a)
{
    memset(a, 0, sizeof *a);
    a->bypass_x_adaptive_filtering = a->bypass_y_adaptive_filtering = 1;
    a->default_sharpness_level = 255;
    a->max_derivative_4_pixels = 7, a->max_derivative_8_pixels = 20;
    a->transition_area_with_4_pixels = 4, a->transition_area_with_8_pixels = 5;
    t0(a, DY, 3)[0] = 64, t1(a, DY, 3)[0] = 64;
}

/* The IEF defaults of SAMPLER_STATE (3543-3668). */
static void ief_init(g7sf_sampler_state_8x8 *s)
{
    memset(s, 0, sizeof *s);
    s->strong_edge_threshold = 8, s->weak_edge_threshold = 1;
    s->strong_edge_weight = 7, s->regular_weight = 2, s->non_edge_weight = 1;
    s->gain_factor = 40;
    s->r3x_coefficient = 6, s->r3c_coefficient = 15;
    s->r5x_coefficient = 9, s->r5cx_coefficient = 8, s->r5c_coefficient = 3;
}

static float upos(int i, int b, int n)
{
    return (float)((i + 0.5 + b / 32.0) / n);
}

/* The four channels of the one pixel sampled at (u, v). */
static int one(const g7sf_sampler_8x8_state *a, const g7sf_avs_image *img, float u, float v,
               uint16_t o[4])
{
    g7sf_avs_walk wk = { u, v, 0, 0, 0, 0 };
    uint16_t *out[4] = { &o[0], &o[1], &o[2], &o[3] };
    for (int c = 0; c < 4; c++)
        o[c] = SENT;
    return g7sf_avs_block(a, NULL, img, &wk, 1, 1, out, 1, NULL);
}

/* G of a 1-row image g[0..n-1] sampled at u (v = 0.5). */
static long g_at(const g7sf_sampler_8x8_state *a, const uint16_t *g, int n, float u)
{
    g7sf_avs_image img = { { NULL, g, NULL, NULL }, { 0 }, n, n, 1, false };
    uint16_t o[4];
    CHECK_EQ(one(a, &img, u, 0.5f, o), 0);
    return o[1];
}

/* 1. Phase b's taps: phase k of 0X has the single tap 2 = k + 1 (1605-1607).
 * Row T[x] = 256 (x + 1), 16 wide, i = 6 (footprint 3..10, no clamping).
 * Alpha 256: G = (sharp 256 + 2^13) >> 14 = round(sharp / 64).
 *   b 0:  phase 0 tap 2 = 1 on texel i - 1 = 5: 1 x 1536 / 64 = 24
 *   b 5:  phase 5, 6 x 1536 / 64 = 144;  b 16: phase 16, 17 x 1536 / 64 = 408
 *   b 17: phase 15 mirrored: K_5 = table[15][2] = 16 on texel i + 2 = 8
 *         (T = 2304): 16 x 2304 / 64 = 576
 *   b 31: phase 1 mirrored: K_5 = 2: 2 x 2304 / 64 = 72 */
TEST(phase_selection_and_mirror)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    for (int k = 0; k < 17; k++)
        t0(&a, DX, 2)[k] = k + 1;
    uint16_t row[16];
    for (int x = 0; x < 16; x++)
        row[x] = (uint16_t)(256 * (x + 1));
    static const int beta[5] = { 0, 5, 16, 17, 31 }, want[5] = { 24, 144, 408, 576, 72 };
    for (int k = 0; k < 5; k++)
        CHECK_EQ(g_at(&a, row, 16, upos(6, beta[k], 16)), want[k]);
}

/* 2. Eight taps with negative ones, phase 0 {-2 4 -8 40 38 -6 2 -4} (sum 64),
 * row {100 200 300 400 500 600 700 798}, i = 3 (footprint 0..7):
 * -200 + 800 - 2400 + 16000 + 19000 - 3600 + 1400 - 3192 = 27808,
 * 27808 / 64 = 434.5, which rounds half up to 435.  Then the final clamp
 * (1622): taps {0 0 -32 96 0..}: 1.5 T3 - 0.5 T2; T3 0xC000, T2 0 gives
 * 73728, clamped to 0xFF00; T2 0xFF00, T3 0x1000 gives 6144 - 32640 =
 * -26496, clamped to 0.  (Every tap stays in its 8-bit S1.6 field, -128 ..
 * 127: 2.0 is not a coefficient.) */
TEST(sharp_taps_round_half_up_and_clamp)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    static const int32_t k[8] = { -2, 4, -8, 40, 38, -6, 2, -4 };
    for (int j = 0; j < 8; j++)
        t0(&a, DX, j)[0] = k[j];
    static const uint16_t row[8] = { 100, 200, 300, 400, 500, 600, 700, 798 };
    CHECK_EQ(g_at(&a, row, 8, upos(3, 0, 8)), 435);

    avs_init(&a);
    t0(&a, DX, 2)[0] = -32, t0(&a, DX, 3)[0] = 96;
    static const uint16_t hi[8] = { 0, 0, 0, 0xC000, 0, 0, 0, 0 };
    static const uint16_t lo[8] = { 0, 0, 0xFF00, 0x1000, 0, 0, 0, 0 };
    CHECK_EQ(g_at(&a, hi, 8, upos(3, 0, 8)), 0xFF00);
    CHECK_EQ(g_at(&a, lo, 8, upos(3, 0, 8)), 0);
}

/* The horizontal results are not clamped before the vertical pass (1612-
 * 1622, one clamp at the end).  2 rows, 0X phase 0 taps 2, 3 = -32, 96
 * (1.5 T3 - 0.5 T2), 0Y phase 0 taps 3, 4 = 32, 32 (the mean of rows 0 and
 * 1: v on row 0, b_v 0, footprint rows 0,0,0,0,1,1,1,1):
 *   row 0: 1.5 x 0x4000 - 0.5 x 0xFF00 = 24576 - 32640 = -8064
 *   row 1: 1.5 x 0xC000 = 73728
 *   (-8064 + 73728) / 2 = 32832; clamping H first would give
 *   (0 + 65280) / 2 = 32640.
 * And H rounds by floor(x + 1/2) for negative values too: 0X phase 0 taps
 * 2, 3 = -16, 80 (1.25 T3 - 0.25 T2), 0Y taps 3, 4, 5 = -64, 64, 64
 * (rows 0, 1, 1: 2 H1 - H0):
 *   row 0: T2 = 403: -100.75 -> floor(-100.25) = -101 (truncation: -100)
 *   row 1: T3 = 802: 1002.5 -> 1003 (half to even: 1002)
 *   2 x 1003 + 101 = 2107. */
TEST(horizontal_result_is_not_clamped_and_rounds_by_floor)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 2)[0] = -32, t0(&a, DX, 3)[0] = 96;
    t0(&a, DY, 3)[0] = 32, t0(&a, DY, 4)[0] = 32;
    uint16_t img[2][8] = { { 0, 0, 0xFF00, 0x4000 }, { 0, 0, 0, 0xC000 } };
    g7sf_avs_image s = { { NULL, &img[0][0], NULL, NULL }, { 0 }, 8, 8, 2, false };
    uint16_t o[4];
    CHECK_EQ(one(&a, &s, upos(3, 0, 8), upos(0, 0, 2), o), 0);
    CHECK_EQ(o[1], 32832);

    avs_init(&a);
    t0(&a, DX, 2)[0] = -16, t0(&a, DX, 3)[0] = 80;
    t0(&a, DY, 3)[0] = -64, t0(&a, DY, 4)[0] = 64, t0(&a, DY, 5)[0] = 64;
    memset(img, 0, sizeof img);
    img[0][2] = 403, img[1][3] = 802;
    CHECK_EQ(one(&a, &s, upos(3, 0, 8), upos(0, 0, 2), o), 0);
    CHECK_EQ(o[1], 2107);
}

/* 3. Default Sharpness 0: alpha 0, the smooth filter alone, whatever the
 * 8-tap table says (here every phase reads tap 0 = texel 0 = 0).  Texels 3,
 * 4 = 100 << 8, 200 << 8 (25600, 51200):
 *   b 8:  2 (25600 x 24 + 51200 x 8) / 64 = 32000 (= 125 << 8)
 *   position 3 + 8.5 / 32: the beta is cut to 5 bits (1605), still b 8 ->
 *         32000 (the exact fraction would give 32400)
 *   b 24: 2 (25600 x 8 + 51200 x 24) / 64 = 44800 (no mirroring here)
 *   texels 0, 16, b 1: 2 x 16 / 64 = 0.5 -> 1 */
TEST(smooth_is_bilinear_with_5_bit_beta)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    a.default_sharpness_level = 0;
    for (int k = 0; k < 17; k++)
        t0(&a, DX, 0)[k] = 64;
    static const uint16_t row[8] = { 0, 0, 0, 25600, 51200, 0, 0, 0 };
    CHECK_EQ(g_at(&a, row, 8, upos(3, 8, 8)), 32000);
    CHECK_EQ(g_at(&a, row, 8, 241.0f / 512), 32000);   /* (3.5 + 8.5 / 32) / 8 */
    CHECK_EQ(g_at(&a, row, 8, upos(3, 24, 8)), 44800);
    static const uint16_t small[8] = { 0, 0, 0, 0, 16, 0, 0, 0 };
    CHECK_EQ(g_at(&a, small, 8, upos(3, 1, 8)), 1);
}

/* 4. Default Sharpness d gives alpha d + (d >> 7) (4181-4184).  Same row,
 * b 8, phase 8 = tap 4 (texel 4, sharp = 51200 in texel units), smooth 32000:
 *   d 128, alpha 129: (51200 x 129 + 32000 x 127) / 256 = 25800 + 15875 = 41675
 *   d 127, alpha 127: (51200 x 127 + 32000 x 129) / 256 = 41525
 *   d 254, alpha 255: (51200 x 255 + 32000) / 256 = 51125
 *   d 255, alpha 256: 51200;  d 0: 32000 (all exact, the + 1/2 floors away) */
TEST(default_sharpness_alpha)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 4)[8] = 64;
    static const uint16_t row[8] = { 0, 0, 0, 25600, 51200, 0, 0, 0 };
    static const int lvl[5] = { 128, 127, 254, 255, 0 };
    static const int want[5] = { 41675, 41525, 51125, 51200, 32000 };
    for (int k = 0; k < 5; k++) {
        a.default_sharpness_level = (uint32_t)lvl[k];
        CHECK_EQ(g_at(&a, row, 8, upos(3, 8, 8)), want[k]);
    }
}

/* 5. The ringing classifier (spec-notes, row 4190-4197), X not bypassed:
 * Max4 7, Max8 20, T4 4 (ramp 16), T8 5 (ramp 32).  8-bit row y (G = y << 8),
 * b 8, phase 8 = tap 0 (sharp = T0), smooth = (24 T3 + 8 T4) / 32.
 *  A {0 100 100 100 104 ...}: d4 4 <= 7: flat 256; d8 100 >= 52: edge 256;
 *    alpha 0: smooth (24 x 25600 + 8 x 26624) / 32 = 25856
 *  B {10 0 0 0 30 ...}: d4 30 >= 23: flat 0, alpha 256: sharp T0 = 2560
 *  C {72 100 100 100 115 ...}: d4 15: flat 256 - (8 x 256 >> 4) = 128;
 *    d8 28: edge 8 x 256 >> 5 = 64; alpha 256 - (128 x 64 >> 8) = 224;
 *    sharp 18432, smooth (24 x 25600 + 8 x 29440) / 32 = 26560;
 *    (18432 x 224 + 26560 x 32) / 256 = 16128 + 3320 = 19448
 *  D {77 100 100 100 110 ...}: d4 10: flat 256 - (768 >> 4) = 208; d8 23:
 *    edge 768 >> 5 = 24; alpha 256 - (4992 >> 8 = 19) = 237; sharp 19712,
 *    smooth 26240: (19712 x 237 + 26240 x 19) / 256 = 20197 exactly
 *  E {80 100 100 ...}: d8 = Max8 = 20: edge 0, alpha 256: sharp 20480 */
static const uint8_t cls_rows[5][8] = {
    { 0, 100, 100, 100, 104, 104, 104, 104 }, { 10, 0, 0, 0, 30, 30, 30, 30 },
    { 72, 100, 100, 100, 115, 115, 115, 115 }, { 77, 100, 100, 100, 110, 110, 110, 110 },
    { 80, 100, 100, 100, 100, 100, 100, 100 } };
static const int cls_want[5] = { 25856, 2560, 19448, 20197, 20480 };

TEST(ringing_classifier_horizontal)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    a.bypass_x_adaptive_filtering = 0;
    t0(&a, DX, 0)[8] = 64;
    for (int k = 0; k < 5; k++) {
        uint16_t row[8];
        for (int j = 0; j < 8; j++)
            row[j] = (uint16_t)(cls_rows[k][j] << 8);
        CHECKF(g_at(&a, row, 8, upos(3, 8, 8)) == cls_want[k], "row %d: %ld, want %d", k,
               g_at(&a, row, 8, upos(3, 8, 8)), cls_want[k]);
    }
}

/* The same vectors down a 1-texel-wide column, Y not bypassed and X an
 * identity (u = 0.5 of 1 texel: b 0, H = T): the vertical vector of H
 * values goes through the classifier the same way (1630-1639). */
TEST(ringing_classifier_vertical)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    a.bypass_y_adaptive_filtering = 0;
    t0(&a, DX, 3)[0] = 64;
    t0(&a, DY, 3)[0] = 0, t0(&a, DY, 0)[8] = 64;
    for (int k = 0; k < 5; k++) {
        uint16_t col[8], o[4];
        for (int j = 0; j < 8; j++)
            col[j] = (uint16_t)(cls_rows[k][j] << 8);
        g7sf_avs_image s = { { NULL, col, NULL, NULL }, { 0 }, 1, 1, 8, false };
        CHECK_EQ(one(&a, &s, 0.5f, upos(3, 8, 8), o), 0);
        CHECKF(o[1] == cls_want[k], "column %d: %d, want %d", k, o[1], cls_want[k]);
    }
}

/* 6. R, B, A filter with 1X/1Y (1587, 4021): 1X phase 8 = tap 5 = 64, 1Y
 * the identity; G is row C above (alpha 224) with 0X phase 8 = tap 0.
 * R {0 0 500 1000 2000 3000 0 0}, B {0 0 0 2000 4000 6000 0 0}, A NULL
 * (value 0x1234: every table used sums to 64, so it stays 0x1234).
 *  Adaptive Filter for All Channels 0 (4160-4167): sharp alone, texel 5:
 *    R 3000, B 6000; at b 24 (phase 8 mirrored: tap 2, texel 2): R 500, B 0
 *  1: alpha 224: R smooth (24 x 1000 + 8 x 2000) / 32 = 1250:
 *    (3000 x 224 + 1250 x 32) / 256 = 2625 + 156.25 -> 2781;
 *    B: 5250 + 312.5 = 5562.5 -> 5563 (half up)
 *  G: 19448 either way. */
TEST(chroma_tables_and_adaptive_for_all_channels)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    a.bypass_x_adaptive_filtering = 0;
    t0(&a, DX, 0)[8] = 64;
    t1(&a, DX, 5)[8] = 64;
    uint16_t g[8];
    for (int j = 0; j < 8; j++)
        g[j] = (uint16_t)(cls_rows[2][j] << 8);
    static const uint16_t r[8] = { 0, 0, 500, 1000, 2000, 3000, 0, 0 };
    static const uint16_t b[8] = { 0, 0, 0, 2000, 4000, 6000, 0, 0 };
    g7sf_avs_image s = { { r, g, b, NULL }, { 0, 0, 0, 0x1234 }, 8, 8, 1, false };
    uint16_t o[4];
    CHECK_EQ(one(&a, &s, upos(3, 8, 8), 0.5f, o), 0);
    CHECK_EQ(o[0], 3000); CHECK_EQ(o[1], 19448); CHECK_EQ(o[2], 6000); CHECK_EQ(o[3], 0x1234);
    CHECK_EQ(one(&a, &s, upos(3, 24, 8), 0.5f, o), 0);
    CHECK_EQ(o[0], 500); CHECK_EQ(o[2], 0); CHECK_EQ(o[3], 0x1234);
    a.adaptive_filter_for_all_channels = 1;
    CHECK_EQ(one(&a, &s, upos(3, 8, 8), 0.5f, o), 0);
    CHECK_EQ(o[0], 2781); CHECK_EQ(o[1], 19448); CHECK_EQ(o[2], 5563); CHECK_EQ(o[3], 0x1234);
}

/* RGB Adaptive (4168-4177): luma (R8 + 2 G8 + B8) >> 2 on an RGB image.
 * G flat 100 (alone: d4 = d8 = 0, edge 0, alpha 256); R = B = {44 100 100
 * 100 130 ...} << 8 make the luma (2 R8 + 200) >> 2 = row C: alpha 224.
 * R (all channels adaptive, 1X phase 8 = tap 5): sharp 33280, smooth
 * (24 x 25600 + 8 x 33280) / 32 = 27520: (33280 x 224 + 27520 x 32) / 256
 * = 29120 + 3440 = 32560.  Without RGB Adaptive, or on a non-RGB image: 33280. */
TEST(rgb_adaptive_luma)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    a.bypass_x_adaptive_filtering = 0, a.adaptive_filter_for_all_channels = 1;
    t0(&a, DX, 0)[8] = 64;
    t1(&a, DX, 5)[8] = 64;
    static const uint8_t r8[8] = { 44, 100, 100, 100, 130, 130, 130, 130 };
    uint16_t g[8], r[8], o[4];
    for (int j = 0; j < 8; j++)
        g[j] = 100 << 8, r[j] = (uint16_t)(r8[j] << 8);
    g7sf_avs_image s = { { r, g, r, NULL }, { 0 }, 8, 8, 1, false };
    for (int k = 0; k < 4; k++) {
        a.rgb_adaptive = k & 1, s.rgb = k >> 1;
        CHECK_EQ(one(&a, &s, upos(3, 8, 8), 0.5f, o), 0);
        CHECKF(o[0] == (k == 3 ? 32560 : 33280), "rgb_adaptive %d rgb %d: R %d", k & 1, k >> 1, o[0]);
        CHECK_EQ(o[1], 25600);
        CHECK_EQ(o[2], o[0]);
    }
}

/* 7. Clamp addressing (4817): with phase 0 = the single tap j, the result is
 * texel clamp(i - 3 + j, 0, n - 1) of {1000 2000 3000 4000}, for i = -5
 * (all left of the image), -1, 3 (footprint past n - 1) and 6 (all right);
 * across (0X) and down (0Y, on a 1-texel-wide column). */
TEST(clamp_addressing_both_directions)
{
    static const uint16_t t[4] = { 1000, 2000, 3000, 4000 };
    static const int pos[4] = { -5, -1, 3, 6 };
    for (int dir = DX; dir <= DY; dir++)
        for (int p = 0; p < 4; p++)
            for (int j = 0; j < 8; j++) {
                g7sf_sampler_8x8_state a;
                avs_init(&a);
                t0(&a, DY, 3)[0] = 0;
                t0(&a, dir, j)[0] = 64;
                t0(&a, dir == DX ? DY : DX, 3)[0] = 64;
                g7sf_avs_image s = { { NULL, t, NULL, NULL }, { 0 }, dir == DX ? 4 : 1,
                                     dir == DX ? 4 : 1, dir == DX ? 1 : 4, false };
                uint16_t o[4];
                float q = upos(pos[p], 0, 4);
                CHECK_EQ(one(&a, &s, dir == DX ? q : 0.5f, dir == DX ? 0.5f : q, o), 0);
                int x = pos[p] - 3 + j;
                x = x < 0 ? 0 : x > 3 ? 3 : x;
                CHECKF(o[1] == t[x], "dir %d i %d tap %d: %d, want %d", dir, pos[p], j, o[1], t[x]);
            }
}

/* Corners of a 4x4 image T[y][x] = 0x1000 y + 0x100 x + 0x11, stride 5 with
 * 0xEEEE in the padding column (never read: clamping is to width - 1):
 *  u at i -1 tap 0 (x -4 -> 0), v at i 5 tap 7 (y 9 -> 3): 0x3011
 *  u at i 3 tap 7 (x 7 -> 3), v at i -2 tap 1 (y -4 -> 0): 0x0311
 *  u at i 2 tap 6 (x 5 -> 3), v at i 1 tap 3 (y 1): 0x1311
 * And a negative position takes floor: texel position -1.25 is p = -40,
 * i = -2, b = 24 (phase 8 mirrored); phase 8 tap 0 mirrored is tap 7, texel
 * i + 4 = 2, on row 0: 0x0211. */
TEST(clamp_corners_and_negative_positions)
{
    uint16_t img[4][5];
    for (int y = 0; y < 4; y++) {
        for (int x = 0; x < 4; x++)
            img[y][x] = (uint16_t)(0x1000 * y + 0x100 * x + 0x11);
        img[y][4] = 0xEEEE;
    }
    g7sf_avs_image s = { { NULL, &img[0][0], NULL, NULL }, { 0 }, 5, 4, 4, false };
    static const int c[3][4] = { { -1, 0, 5, 7 }, { 3, 7, -2, 1 }, { 2, 6, 1, 3 } };
    static const int want[3] = { 0x3011, 0x0311, 0x1311 };
    uint16_t o[4];
    for (int k = 0; k < 3; k++) {
        g7sf_sampler_8x8_state a;
        avs_init(&a);
        t0(&a, DY, 3)[0] = 0;
        t0(&a, DX, c[k][1])[0] = 64, t0(&a, DY, c[k][3])[0] = 64;
        CHECK_EQ(one(&a, &s, upos(c[k][0], 0, 4), upos(c[k][2], 0, 4), o), 0);
        CHECKF(o[1] == want[k], "corner %d: 0x%x, want 0x%x", k, o[1], want[k]);
    }
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 0)[8] = 64;
    CHECK_EQ(one(&a, &s, -0.1875f, upos(0, 0, 4), o), 0);   /* (-1.25 + 0.5) / 4 */
    CHECK_EQ(o[1], 0x0211);
}

/* 8. The walk (line 4817, avs.h): u = u0 + du x + ddu x (x - 1) / 2,
 * v = v0 + dv y.  64x8 image T[r][c] = 4096 r + 16 c, identity tables (only
 * phase 0: a beta other than 0 would read nothing).  u0 = texel 2, du = 3
 * texels, ddu = 2 texels: column 2 + 3x + x(x - 1) = 2 5 10 17 26 37 50;
 * v0 = row 1, dv = 2 rows: rows 1 3 5 (row0 0; the walk's row0, the media
 * layout's 8 x Vertical Block Number, counts y on: v = v0 + dv (row0 + y)). */
TEST(walk_second_derivative)
{
    static uint16_t img[8][64];
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 64; c++)
            img[r][c] = (uint16_t)(4096 * r + 16 * c);
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 3)[0] = 64;
    g7sf_avs_image s = { { NULL, &img[0][0], NULL, NULL }, { 0 }, 64, 64, 8, false };
    g7sf_avs_walk wk = { 2.5f / 64, 1.5f / 8, 3.0f / 64, 2.0f / 8, 2.0f / 64, 0 };
    uint16_t g[3][8];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 8; x++)
            g[y][x] = SENT;
    uint16_t *out[4] = { NULL, &g[0][0], NULL, NULL };
    CHECK_EQ(g7sf_avs_block(&a, NULL, &s, &wk, 7, 3, out, 8, NULL), 0);
    static const int col[7] = { 2, 5, 10, 17, 26, 37, 50 };
    for (int y = 0; y < 3; y++) {
        for (int x = 0; x < 7; x++)
            CHECKF(g[y][x] == img[1 + 2 * y][col[x]], "(%d,%d): %d, want %d", x, y, g[y][x],
                   img[1 + 2 * y][col[x]]);
        CHECK_EQ(g[y][7], SENT);
    }
    /* row0 1: v = v0 + dv (1 + y), rows 3 5 7 */
    wk.row0 = 1;
    CHECK_EQ(g7sf_avs_block(&a, NULL, &s, &wk, 7, 3, out, 8, NULL), 0);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 7; x++)
            CHECKF(g[y][x] == img[3 + 2 * y][col[x]], "row0 1 (%d,%d): %d, want %d", x, y,
                   g[y][x], img[3 + 2 * y][col[x]]);
}

/* 9. The Sobel edge measure (1669-1675): E_h = row 2 - row 0 (weights 1 2 1),
 * E_v = column 2 - column 0, EM = min((|E_h| + |E_v| + 4) >> 3, 63). */
TEST(edge_measure_by_hand)
{
    static const struct { uint16_t n[3][3]; unsigned em; } c[] = {
        { { { 5, 5, 5 }, { 5, 5, 5 }, { 5, 5, 5 } }, 0 },
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 10, 10, 10 } }, 5 },     /* 40 + 4 >> 3 */
        { { { 10, 10, 10 }, { 0, 0, 0 }, { 0, 0, 0 } }, 5 },     /* |-40| */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 1, 1, 1 } }, 1 },        /* 4 + 4 = 8 */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 1, 1 } }, 1 },        /* 3 + 1 + 4 */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 1, 0 } }, 0 },        /* 2 + 4 = 6 */
        { { { 0, 0, 0 }, { 9, 0, 0 }, { 0, 0, 0 } }, 2 },        /* |E_v| 18: 22 >> 3 */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 100 } }, 25 },     /* 100 + 100 + 4 */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 125, 125, 125 } }, 63 }, /* 504 >> 3 */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 127, 127, 127 } }, 63 }, /* 64, saturated */
        { { { 0, 0, 0 }, { 0, 0, 0 }, { 1020, 1020, 1020 } }, 63 },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
        CHECKF(g7sf_ief_edge_measure(c[k].n) == c[k].em, "case %zu: %u, want %u", k,
               g7sf_ief_edge_measure(c[k].n), c[k].em);
}

/* An independent reading of the S3 / S5 rows (3590-3660) at the defaults,
 * on a 5x5 neighbourhood of P whose columns dx = -2..2 are col[dx + 2]
 * (a vertical edge), to cross-check the hand sums. */
static int rdiv(int n, int d) { return (2 * n + d) / (2 * d); }
static void ring_sums(const int col[5], int *s3, int *s5)
{
#define Q(dx, dy) ((void)(dy), col[(dx) + 2])
    int c1 = Q(0, -1) + Q(0, 1) + Q(-1, 0) + Q(1, 0);
    int x1 = Q(-1, -1) + Q(1, -1) + Q(-1, 1) + Q(1, 1);
    int c2 = Q(0, -2) + Q(0, 2) + Q(-2, 0) + Q(2, 0);
    int x2 = Q(-2, -2) + Q(2, -2) + Q(-2, 2) + Q(2, 2);
    int n = Q(-1, -2) + Q(1, -2) + Q(-1, 2) + Q(1, 2) + Q(-2, -1) + Q(2, -1) + Q(-2, 1) + Q(2, 1);
#undef Q
    *s3 = rdiv(15 * c1 + 6 * x1, 4 * (15 + 6));
    *s5 = rdiv(3 * c2 + 9 * x2 + 8 * n, 4 * 3 + 4 * 9 + 8 * 8);
}

/* An 8x8 image: columns 0-3 left, 4-7 right. */
static void fill8(uint16_t img[8][8], int left, int right)
{
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            img[y][x] = (uint16_t)(x < 4 ? left : right);
}

/* The IEF runs on an identity AVS (G = the texel) over an 8x8 image; the
 * margins x, y = -2, -1, 8, 9 sample clamped texels, so they repeat the
 * edges.  Returns the G plane in o. */
static void ief_run(const g7sf_sampler_state_8x8 *q, uint16_t img[8][8], uint16_t o[8][8],
                    uint16_t ro[8][8])
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 3)[0] = 64, t1(&a, DX, 3)[0] = 64;
    g7sf_avs_image s = { { &img[0][0], &img[0][0], NULL, NULL }, { 0 }, 8, 8, 8, false };
    g7sf_avs_walk wk = { 0.5f / 8, 0.5f / 8, 1.0f / 8, 1.0f / 8, 0, 0 };
    uint16_t *out[4] = { &ro[0][0], &o[0][0], NULL, NULL };
    CHECK_EQ(g7sf_avs_block(&a, q, &s, &wk, 8, 8, out, 8, NULL), 0);
}

/* Detail mode at the defaults on a vertical step 50 | 150 (columns 0-3 |
 * 4-7): P = (G + 32) >> 6 = 200 | 600.  Per column x (every row alike):
 *  x 0, 1: flat 5x5 (clamped margins) -> 200 -> 12800
 *  x 2 (columns 0..4 = 200 200 200 200 600): EM 0, weight 1; S3 200;
 *    S5: C2 = 200 + 200 + 200 + 600 = 1200, X2 = 2 x 200 + 2 x 600 = 1600,
 *    N = 4 x 200 + 2 x 200 + 2 x 600 = 2400: rdiv(3600 + 14400 + 19200,
 *    112) = rdiv(37200, 112) = 74512 / 224 = 332; D = 0 + (200 - 332) =
 *    -132; (-132 x 40 + 256) >> 9 = -5024 >> 9 = -10: 190 -> 12160
 *  x 3 (200 200 200 600 600): E_v = 2400 - 800 = 1600, EM 63 > 8: weight 7;
 *    S3 = rdiv(15 x 1200 + 6 x 1600, 84) = 55284 / 168 = 329;
 *    S5 = rdiv(3 x 1200 + 9 x 1600 + 8 x 3200, 112) = 87312 / 224 = 389;
 *    D = -129 - 189 = -318; (-318 x 280 + 256) >> 9 = -88784 >> 9 = -174:
 *    26 -> 1664
 *  x 4 (200 200 600 600 600): weight 7, S3 = rdiv(39600, 84) = 471,
 *    S5 = rdiv(46000, 112) = 411, D = 129 + 189 = 318: 89296 >> 9 = 174:
 *    774 -> 49536
 *  x 5 (200 600 600 600 600): EM 0, S3 600, S5 = rdiv(52400, 112) = 468,
 *    D = 132: 5536 >> 9 = 10: 610 -> 39040;  x 6, 7: 600 -> 38400
 * R (no IEF) is the texel unchanged.  The 10-bit clamp and the margins of a
 * sub-block below. */
TEST(ief_detail_step_edge)
{
    static const int q2[5] = { 200, 200, 200, 200, 600 }, q3[5] = { 200, 200, 200, 600, 600 };
    int s3, s5;
    ring_sums(q2, &s3, &s5);
    CHECK_EQ(s3, 200); CHECK_EQ(s5, 332);
    ring_sums(q3, &s3, &s5);
    CHECK_EQ(s3, 329); CHECK_EQ(s5, 389);

    g7sf_sampler_state_8x8 q;
    ief_init(&q);
    uint16_t img[8][8], o[8][8], ro[8][8];
    fill8(img, 50 << 8, 150 << 8);
    ief_run(&q, img, o, ro);
    static const int want[8] = { 12800, 12800, 12160, 1664, 49536, 39040, 38400, 38400 };
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            CHECKF(o[y][x] == want[x], "G(%d,%d): %d, want %d", x, y, o[y][x], want[x]);
            CHECK_EQ(ro[y][x], img[y][x]);
        }

    /* The margins come from the walk, not from the block: the 1x1 block at
     * texel (3, 4) sees columns 1..5 (x = -2..2 of its walk): 1664 again. */
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 3)[0] = 64;
    g7sf_avs_image s = { { NULL, &img[0][0], NULL, NULL }, { 0 }, 8, 8, 8, false };
    g7sf_avs_walk wk = { 3.5f / 8, 4.5f / 8, 1.0f / 8, 1.0f / 8, 0, 0 };
    uint16_t g = SENT;
    uint16_t *out[4] = { NULL, &g, NULL, NULL };
    CHECK_EQ(g7sf_avs_block(&a, &q, &s, &wk, 1, 1, out, 1, NULL), 0);
    CHECK_EQ(g, 1664);

    /* 0 | 255 (P 0 | 1020; 0xFF00 gives (65280 + 32) >> 6 = 1020): at x 4,
     * S3 = rdiv(15 x 3060 + 6 x 2040, 84) = 692, S5 = rdiv(3 x 3060 + 9 x
     * 2040 + 8 x 4080, 112) = 537, D = 328 + 483 = 811, (811 x 280 + 256)
     * >> 9 = 444: 1464 clamps to 1020 -> 0xFF00; x 2, 3 go below 0 -> 0. */
    fill8(img, 0, 0xFF00);
    ief_run(&q, img, o, ro);
    for (int x = 0; x < 8; x++)
        CHECKF(o[4][x] == (x < 4 ? 0 : 0xFF00), "x %d: 0x%x", x, o[4][x]);
}

/* An 8-level bump: 100 << 8 (P 400) except (3, 3) = 108 << 8 (P 432).
 * Detail mode (defaults):
 *  (3, 3): Sobel skips the centre: EM 0, weight 1; S3 = S5 = 400;
 *    D = 64: (64 x 40 + 256) >> 9 = 2816 >> 9 = 5: 437 -> 27968
 *  (4, 3): E_v = 1600 - 1664 = -64: EM (64 + 4) >> 3 = 8, not > 8 but
 *    > 1: Regular Weight 2; S3 = rdiv(15 x 1632 + 6 x 1600, 84) =
 *    68244 / 168 = 406; the bump is not on the distance-2 ring: S5 400;
 *    D = -6: (-480 + 256) >> 9 = -1: 399 -> 25536 (weight 1: 400, 7: 397)
 *  (4, 4): E_h = E_v = -32: EM 8, weight 2; S3 = rdiv(15 x 1600 + 6 x
 *    1632, 84) = 402; D = -2: (-160 + 256) >> 9 = 0: 400 -> 25600
 * IEF4Smooth (3628-3632), n = (S3 - P)(7 - weight), P + floor((2n + 7) / 14):
 *  (3, 3): n = -32 x 6 = -192: floor(-377 / 14) = -27: 405 -> 25920
 *  (4, 3): n = 6 x 5 = 30: floor(67 / 14) = 4: 404 -> 25856
 *  (4, 4): n = 2 x 5 = 10: floor(27 / 14) = 1: 401 -> 25664
 *  (0, 0): flat: 400 -> 25600.  R stays the AVS result. */
TEST(ief_weights_detail_and_ief4smooth)
{
    uint16_t img[8][8], o[8][8], ro[8][8];
    fill8(img, 100 << 8, 100 << 8);
    img[3][3] = 108 << 8;
    g7sf_sampler_state_8x8 q;
    ief_init(&q);
    ief_run(&q, img, o, ro);
    CHECK_EQ(o[3][3], 27968); CHECK_EQ(o[3][4], 25536); CHECK_EQ(o[4][4], 25600);
    CHECK_EQ(o[0][0], 25600); CHECK_EQ(ro[3][3], 108 << 8);
    q.ief4smooth_enable = 1;
    ief_run(&q, img, o, ro);
    CHECK_EQ(o[3][3], 25920); CHECK_EQ(o[3][4], 25856); CHECK_EQ(o[4][4], 25664);
    CHECK_EQ(o[0][0], 25600); CHECK_EQ(ro[3][3], 108 << 8);
}

/* IEF on cuts G to 10 bits: flat 0x1234 (4660): P = (4660 + 32) >> 6 = 73,
 * unchanged by the filter, back as 73 << 6 = 4672.  IEF Bypass (3566) or
 * ief NULL: the AVS result 0x1234 unchanged. */
TEST(ief_bypass_and_null_keep_the_avs_result)
{
    uint16_t img[8][8], o[8][8], ro[8][8];
    fill8(img, 0x1234, 0x1234);
    g7sf_sampler_state_8x8 q;
    ief_init(&q);
    ief_run(&q, img, o, ro);
    CHECK_EQ(o[0][0], 4672); CHECK_EQ(o[5][6], 4672);
    q.ief_bypass = 1;
    ief_run(&q, img, o, ro);
    CHECK_EQ(o[0][0], 0x1234); CHECK_EQ(o[5][6], 0x1234);
    ief_run(NULL, img, o, ro);
    CHECK_EQ(o[0][0], 0x1234); CHECK_EQ(o[5][6], 0x1234);
}

/* 10. Arguments (avs.h). */
TEST(errors_name_the_argument)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 3)[0] = 64;
    static const uint16_t row[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    g7sf_avs_image s = { { NULL, row, NULL, NULL }, { 0 }, 8, 8, 1, false };
    g7sf_avs_walk ok = { 0.5f / 8, 0.5f, 1.0f / 8, 0, 0, 0 };
    static uint16_t g[16384];
    uint16_t *out[4] = { NULL, g, NULL, NULL };
    const char *why;
#define BAD(expr)                                                                     \
    do { why = NULL;                                                                  \
         CHECK_EQ(expr, G7SF_EINVAL);                                                 \
         CHECKF(why && why[0], "%s: no why", #expr); } while (0)
    CHECK_EQ(g7sf_avs_block(&a, NULL, &s, &ok, 8, 1, out, 8, &why), 0);
    for (int x = 0; x < 8; x++)
        CHECK_EQ(g[x], row[x]);
    BAD(g7sf_avs_block(NULL, NULL, &s, &ok, 1, 1, out, 1, &why));
    BAD(g7sf_avs_block(&a, NULL, NULL, &ok, 1, 1, out, 1, &why));
    BAD(g7sf_avs_block(&a, NULL, &s, &ok, 0, 1, out, 1, &why));
    BAD(g7sf_avs_block(&a, NULL, &s, &ok, 1, 0, out, 1, &why));
    BAD(g7sf_avs_block(&a, NULL, &s, &ok, 16385, 1, out, 16385, &why));
    BAD(g7sf_avs_block(&a, NULL, &s, &ok, 1, 16385, out, 1, &why));
    CHECK_EQ(g7sf_avs_block(&a, NULL, &s, &ok, 16384, 1, out, 16384, &why), 0);
    CHECK_EQ(g[16383], 8);   /* clamped to texel 7 */
    CHECK_EQ(g7sf_avs_block(NULL, NULL, &s, &ok, 1, 1, out, 1, NULL), G7SF_EINVAL);
    /* image sizes 1 .. 16384 too (constant planes: nothing is read) */
    g7sf_avs_image e = { { NULL, NULL, NULL, NULL }, { 0 }, 16385, 16385, 1, false };
    BAD(g7sf_avs_block(&a, NULL, &e, &ok, 1, 1, out, 1, &why));
    e.width = 0;
    BAD(g7sf_avs_block(&a, NULL, &e, &ok, 1, 1, out, 1, &why));
    e.width = 4, e.height = 16385;
    BAD(g7sf_avs_block(&a, NULL, &e, &ok, 1, 1, out, 1, &why));
    /* walks: not finite, or more than 2^20 texels off the 8-texel row */
    const g7sf_avs_walk bad[] = {
        { NAN, 0.5f, 0, 0, 0, 0 }, { 0.5f, NAN, 0, 0, 0, 0 }, { 0.5f, 0.5f, INFINITY, 0, 0, 0 },
        { 0.5f, 0.5f, 0, -INFINITY, 0, 0 }, { 0.5f, 0.5f, 0, 0, NAN, 0 },
        { 1e7f, 0.5f, 0, 0, 0, 0 }, { 0.5f, -1e7f, 0, 0, 0, 0 }, { 0.5f, 0.5f, 1e6f, 0, 0, 0 },
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        why = NULL;
        int rc = g7sf_avs_block(&a, NULL, &s, &bad[k], 2, 1, out, 2, &why);
        CHECKF(rc == G7SF_EINVAL && why && why[0], "walk %zu: %d", k, rc);
    }
#undef BAD
}

/* out[c] NULL: channel c not written; pixels outside w x h of out (stride 7,
 * block 4x3) untouched, with the IEF's margins too. */
TEST(only_the_block_is_written)
{
    g7sf_sampler_8x8_state a;
    avs_init(&a);
    t0(&a, DX, 3)[0] = 64, t1(&a, DX, 3)[0] = 64;
    uint16_t img[8][8];
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            img[y][x] = (uint16_t)(0x400 * y + 0x40 * x);
    g7sf_avs_image s = { { &img[0][0], &img[0][0], NULL, NULL }, { 0, 0, 0, 0x777 }, 8, 8, 8, false };
    g7sf_avs_walk wk = { 2.5f / 8, 1.5f / 8, 1.0f / 8, 1.0f / 8, 0, 0 };
    g7sf_sampler_state_8x8 q;
    ief_init(&q);
    for (int pass = 0; pass < 2; pass++) {
        uint16_t r[5][7], al[5][7];
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 7; x++)
                r[y][x] = al[y][x] = SENT;
        uint16_t *out[4] = { &r[0][0], NULL, NULL, &al[0][0] };
        CHECK_EQ(g7sf_avs_block(&a, pass ? &q : NULL, &s, &wk, 4, 3, out, 7, NULL), 0);
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 7; x++) {
                bool in = x < 4 && y < 3;
                CHECKF(r[y][x] == (in ? img[1 + y][2 + x] : SENT), "R(%d,%d) 0x%x", x, y, r[y][x]);
                CHECKF(al[y][x] == (in ? 0x777 : SENT), "A(%d,%d) 0x%x", x, y, al[y][x]);
            }
    }
}
