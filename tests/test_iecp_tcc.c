/* TCC, Total Color Control (gen7sf/iecp.h, g7sf_iecp_tcc; PRM 001
 * §3.6.1.4, lines 6586-6740): each step worked by hand from the PRM's
 * formulas (the arithmetic in the comments), the neutral factors, pure
 * and interpolated base colours, the over-saturation, grey and skin
 * limiters, a reference in doubles written from the text, and the hue
 * angle (iecp_hue_index) against atan2 and the PRM's polynomial. */
#include <math.h>
#include <string.h>

#include "gen7sf/iecp.h"
#include "harness.h"
#include "media/iecp_int.h"

/* The PRM's packed defaults of DW42-52 (lines 7720-7722, "x" read "0x",
 * docs/spec-notes.md line 7722): SatFactors 220 (1.71875), base colours
 * 145 307 483 657 819 995, slopes 405 744 1131 407 372 377, Color Bias 2
 * 150, UV Threshold 3, UV Threshold Bits 3, Inverse UVMax Color 146,
 * UVMax Color 448; TCC Enable 0. */
static g7sf_color_processing_state driver_default(void)
{
    g7sf_color_processing_state s;
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    g7sf_iecp_state_neutral(&s);
    CHECK_EQ(g7sf_state_pack(&g7sf_desc_COLOR_PROCESSING_STATE, &s, dw), 0);
    static const uint32_t tcc[11] = { 0xDCDCDC00, 0xDCDCDC00, 0x1E34CC91, 0x3E3CCE91,
                                      0x02E80195, 0x0197046B, 0x01790174, 0x00096000,
                                      0x00000000, 0x03030000, 0x009201C0 };
    memcpy(&dw[42], tcc, sizeof tcc);
    g7sf_state_unpack(&g7sf_desc_COLOR_PROCESSING_STATE, dw, &s);
    return s;
}

static g7sf_iecp_pixel px(int y, int u, int v)
{
    return (g7sf_iecp_pixel){ { (uint16_t)y, (uint16_t)(2048 + u), (uint16_t)(2048 + v) }, 0x1234 };
}

static void set_sat(g7sf_color_processing_state *s, const unsigned f[6])
{
    s->sat_factor1 = f[0], s->sat_factor2 = f[1], s->sat_factor3 = f[2];
    s->sat_factor4 = f[3], s->sat_factor5 = f[4], s->sat_factor6 = f[5];
}

static int rnd(int lo, int hi) { return lo + (int)(t_rand() % (uint64_t)(hi - lo + 1)); }

TEST(tcc_default_state_decodes)
{
    g7sf_color_processing_state s = driver_default();
    CHECK(s.sat_factor1 == 220 && s.sat_factor2 == 220 && s.sat_factor3 == 220);
    CHECK(s.sat_factor4 == 220 && s.sat_factor5 == 220 && s.sat_factor6 == 220);
    CHECK(s.base_color_1 == 145 && s.base_color_2 == 307 && s.base_color_3 == 483);
    CHECK(s.base_color_4 == 657 && s.base_color_5 == 819 && s.base_color_6 == 995);
    CHECK(s.color_transit_slope_12 == 405 && s.color_transit_slope_23 == 744);
    CHECK(s.color_transit_slope_34 == 1131 && s.color_transit_slope_45 == 407);
    CHECK(s.color_transit_slope_56 == 372 && s.color_transit_slope_61 == 377);
    CHECK(s.color_bias_1 == 0 && s.color_bias_2 == 150 && s.color_bias_3 == 0);
    CHECK(s.color_bias_4 == 0 && s.color_bias_5 == 0 && s.color_bias_6 == 0);
    CHECK(s.uv_threshold == 3 && s.uv_threshold_bits == 3);
    CHECK(s.ste_threshold == 0 && s.ste_slope_bits == 0);
    CHECK(s.inverse_uvmax_color == 146 && s.uvmax_color == 448);
    CHECK(!s.tcc_enable);
}

TEST(tcc_unit_factors_are_the_identity)
{
    /* SatFactor 128 (1.0) everywhere: SFs1 = 1 for any alpha, so SFs2 =
     * SFs1 = 1, CLF = 1, SFs3 = 1, SFs4 = (128 STE + (256 - STE) 128) /
     * 256 = 128: every pixel, every state, every score unchanged */
    int bad = 0;
    for (int k = 0; k < 200; k++) {
        g7sf_color_processing_state s = driver_default();
        static const unsigned one[6] = { 128, 128, 128, 128, 128, 128 };
        set_sat(&s, one);
        if (k) {
            s.base_color_1 = (uint32_t)rnd(0, 1023), s.base_color_4 = (uint32_t)rnd(0, 1023);
            s.color_transit_slope_12 = (uint32_t)rnd(0, 65535);
            s.color_bias_1 = (uint32_t)rnd(0, 1023);
            s.uv_threshold = (uint32_t)rnd(0, 127), s.uv_threshold_bits = (uint32_t)rnd(0, 7);
            s.ste_threshold = (uint32_t)rnd(0, 31), s.ste_slope_bits = (uint32_t)rnd(0, 7);
            s.inverse_uvmax_color = (uint32_t)rnd(0, 65535), s.uvmax_color = (uint32_t)rnd(0, 511);
        }
        g7sf_iecp_pixel p[64], q[64];
        uint8_t score[64];
        for (int i = 0; i < 64; i++) {
            p[i] = (g7sf_iecp_pixel){ { (uint16_t)rnd(0, 4095), (uint16_t)rnd(0, 4095),
                                        (uint16_t)rnd(0, 4095) }, (uint16_t)rnd(0, 65535) };
            score[i] = (uint8_t)rnd(0, 31);
        }
        memcpy(q, p, sizeof p);
        g7sf_iecp_tcc(&s, q, k & 1 ? score : NULL, 64);
        bad += memcmp(p, q, sizeof p) != 0;
    }
    CHECK_EQ(bad, 0);
}

/* SatFactors at or below 1.0 skip the limiters (SFs2 = SFs1 for SFs1 <=
 * 1, line 6668; CLF = 1 for SFs2 <= 1, line 6690): U_new = U SatFactor /
 * 128 exactly, rounded half up. */
static const unsigned low_sat[6] = { 64, 80, 96, 112, 100, 120 };

TEST(tcc_pure_base_colour_gets_its_factor)
{
    g7sf_color_processing_state s = driver_default();
    set_sat(&s, low_sat);
    const unsigned bc[6] = { 145, 307, 483, 657, 819, 995 };
    for (int i = 0; i < 6; i++) {
        /* a pixel of radius about 1000 whose hue index is the base colour:
         * theta - BaseColor_i = 0, so alpha = Max[0 - ColorBias_i, 0] = 0
         * and SFs1 = SatFactor_i */
        double a = bc[i] * (2 * M_PI / 1024);
        int u = (int)lround(1000 * cos(a)), v = (int)lround(1000 * sin(a)), found = 0;
        for (int du = -6; du <= 6 && !found; du++)
            for (int dv = -6; dv <= 6 && !found; dv++)
                if (iecp_hue_index(u + du, v + dv) == bc[i])
                    u += du, v += dv, found = 1;
        CHECKF(found, "no pixel at hue %u", bc[i]);
        g7sf_iecp_pixel p = px(777, u, v);
        g7sf_iecp_tcc(&s, &p, NULL, 1);
        long long wu = (long long)floor(u * (double)low_sat[i] / 128 + 0.5);
        long long wv = (long long)floor(v * (double)low_sat[i] / 128 + 0.5);
        CHECKF(p.c[1] == 2048 + wu && p.c[2] == 2048 + wv,
               "base colour %d (%d, %d): got (%d, %d), want (%lld, %lld)", i + 1, u, v,
               p.c[1] - 2048, p.c[2] - 2048, wu, wv);
        CHECK_EQ(p.c[0], 777);
        CHECK_EQ(p.a, 0x1234);
    }
    /* red by hand: (-244, 760) has hue index 307 = Base Color 2; SatFactor2
     * 80 = 0.625: -244 x 0.625 = -152.5 rounds half up to -152; 760 x
     * 0.625 = 475 */
    g7sf_iecp_pixel r = px(0, -244, 760);
    CHECK_EQ(iecp_hue_index(-244, 760), 307u);
    g7sf_iecp_tcc(&s, &r, NULL, 1);
    CHECK_EQ(r.c[1], 2048 - 152);
    CHECK_EQ(r.c[2], 2048 + 475);
}

TEST(tcc_halfway_interpolates)
{
    /* base colours a quarter turn apart at 0 and 256, slope 12 = 65536 /
     * 256 = 256, no bias: (400, 400) is at 45 degrees, index 128, so
     * alpha = 128 x 256 / 65536 = 0.5 and SFs1 = 0.5 x 64/128 + 0.5 x
     * 96/128 = 0.625; 400 x 0.625 = 250 */
    g7sf_color_processing_state s = driver_default();
    set_sat(&s, low_sat);
    s.sat_factor2 = 96;
    s.base_color_1 = 0, s.base_color_2 = 256, s.base_color_3 = 512;
    s.color_transit_slope_12 = 256, s.color_bias_1 = 0;
    g7sf_iecp_pixel p = px(0, 400, 400);
    CHECK_EQ(iecp_hue_index(400, 400), 128u);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 250);
    CHECK_EQ(p.c[2], 2048 + 250);
    /* the bias moves the transition: Color Bias 1 = 64 (0.25): alpha =
     * 0.5 - 0.25 = 0.25, SFs1 = 0.75 x 0.5 + 0.25 x 0.75 = 0.5625: 400 x
     * 0.5625 = 225 */
    s.color_bias_1 = 64;
    p = px(0, 400, 400);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 225);

    /* the driver's defaults between red (307) and yellow (483): (-600,
     * 524) has index 395, 88 past red; slope 23 = 744 and Color Bias 2 =
     * 150: alpha = (88 x 744 - 150 x 256) / 65536 = 27072 / 65536 =
     * 423/1024; SFs1 = (601/1024) 80/128 + (423/1024) 96/128 = 5543/8192;
     * U: -600 x 5543/8192 = -405.98 -> -406; V: 524 x 5543/8192 = 354.557
     * -> 355 */
    s = driver_default();
    set_sat(&s, low_sat);
    p = px(0, -600, 524);
    CHECK_EQ(iecp_hue_index(-600, 524), 395u);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 - 406);
    CHECK_EQ(p.c[2], 2048 + 355);

    /* the wrap from blue (995) to magenta (145 + 1024): (800, 0) has
     * index 0, 29 past blue; slope 61 = 377: alpha = 29 x 377 / 65536 =
     * 10933/65536; SFs1 = (54603 x 120 + 10933 x 64) / 2^23 = 7252072 /
     * 2^23; 800 x that = 691.61 -> 692 */
    p = px(0, 800, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 692);
    CHECK_EQ(p.c[2], 2048);
}

TEST(tcc_interval_choice)
{
    /* Base colours out of order: 500, 100, 200, 300, 400, 450.  The
     * interval from base colour 1 (500) to 2 (100) runs 624 indices round
     * the circle through 0; (800, 0) at index 0 is 524 past base colour 1:
     * slope 12 and bias 1 zero give alpha 0, SFs1 = SatFactor1 64 (0.5):
     * 800 x 0.5 = 400 */
    g7sf_color_processing_state s = driver_default();
    set_sat(&s, low_sat);
    s.base_color_1 = 500, s.base_color_2 = 100, s.base_color_3 = 200;
    s.base_color_4 = 300, s.base_color_5 = 400, s.base_color_6 = 450;
    s.color_transit_slope_12 = 0, s.color_bias_1 = 0;
    g7sf_iecp_pixel p = px(0, 800, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 400);
    /* all six equal (100): no interval holds any angle; the last (6 to 1)
     * is taken, 924 past base colour 6: slope 61 = 0, bias 6 = 0: alpha 0,
     * SFs1 = SatFactor6 120: 800 x 120/128 = 750 */
    s.base_color_1 = s.base_color_2 = s.base_color_3 = 100;
    s.base_color_4 = s.base_color_5 = s.base_color_6 = 100;
    s.color_transit_slope_61 = 0;
    p = px(0, 800, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 750);
    /* and with slope 61 = 65536 / 1024 = 64: alpha = 924 x 64 / 65536 =
     * 0.90234; SFs1 = 0.09766 x 120/128 + 0.90234 x 64/128 = 0.54272;
     * 800 x it = 434.18 -> 434 */
    s.color_transit_slope_61 = 64;
    p = px(0, 800, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 434);
}

TEST(tcc_rounds_half_up_once)
{
    /* SatFactor 64 (0.5) everywhere: 5 x 0.5 = 2.5 -> 3, -5 x 0.5 = -2.5
     * -> -2 (half up, not away from zero); -2048 x 0.5 = -1024 */
    g7sf_color_processing_state s = driver_default();
    static const unsigned half[6] = { 64, 64, 64, 64, 64, 64 };
    set_sat(&s, half);
    g7sf_iecp_pixel p[3] = { px(0, 5, -5), px(0, -5, 5), px(0, -2048, 2047) };
    g7sf_iecp_tcc(&s, p, NULL, 3);
    CHECK_EQ(p[0].c[1], 2051);
    CHECK_EQ(p[0].c[2], 2046);
    CHECK_EQ(p[1].c[1], 2046);
    CHECK_EQ(p[1].c[2], 2051);
    CHECK_EQ(p[2].c[1], 1024);
    CHECK_EQ(p[2].c[2], 2048 + 1024);   /* 1023.5 -> 1024 */
    /* the largest boost clamps: 255/128 with the limiters off (UVmax 2000
     * below 4 x 511, Inverse UVMax Color 65535: W = 44 x 65535 / 2^18,
     * held at 1; UV Threshold 0: CLF 1): 2000 x 255/128 = 3984.4 -> 2048 +
     * 3984 clamps to 4095; -2000 x 255/128 = -3984.4 -> -3984 -> 0 */
    static const unsigned top[6] = { 255, 255, 255, 255, 255, 255 };
    set_sat(&s, top);
    s.uvmax_color = 511, s.inverse_uvmax_color = 65535, s.uv_threshold = 0;
    p[0] = px(0, 2000, -2000);
    g7sf_iecp_tcc(&s, p, NULL, 1);
    CHECK_EQ(p[0].c[1], 4095);
    CHECK_EQ(p[0].c[2], 0);
}

TEST(tcc_over_saturation_limiter)
{
    /* SatFactor 192 (1.5) everywhere, the defaults' limiter (UVMaxColor
     * 448, Inverse 146).  (800, 0): UVmax = 800 at 12 bits = 200 at 10
     * bits; W = (448 - 200) x 146 / 65536 = 36208 / 65536 = 0.552490...;
     * SFs2 = 1 + 0.5 x 0.552490 = 1.276245; CLF = 1 (200 >= 3 + 2^3);
     * 800 x 1.276245 = 1020.996 -> 1021 */
    g7sf_color_processing_state s = driver_default();
    static const unsigned f15[6] = { 192, 192, 192, 192, 192, 192 };
    set_sat(&s, f15);
    g7sf_iecp_pixel p = px(0, 800, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 1021);
    CHECK_EQ(p.c[2], 2048);
    /* at and past UVMaxColor (448 at 10 bits = 1792 at 12): W = 0, SFs2 =
     * 1, the pixel unchanged ("illegal colours", line 6674) */
    g7sf_iecp_pixel q[3] = { px(0, 1792, 100), px(0, -300, -1900), px(0, 1791, 0) };
    g7sf_iecp_tcc(&s, q, NULL, 3);
    CHECK_EQ(q[0].c[1], 2048 + 1792);
    CHECK_EQ(q[0].c[2], 2048 + 100);
    CHECK_EQ(q[1].c[1], 2048 - 300);
    CHECK_EQ(q[1].c[2], 2048 - 1900);
    /* one step below: W = (1792 - 1791) x 146 / 2^18 = 146 / 262144; SFs2 - 1
     * = 0.5 x that = 0.000278; 1791 x it = 0.4988 -> 1791 + 0 */
    CHECK_EQ(q[2].c[1], 2048 + 1791);
    /* a factor below 1 is not limited (SFs2 = SFs1 for SFs1 <= 1): 0.5
     * halves (1900, 0) though UVmax > UVMaxColor */
    static const unsigned half[6] = { 64, 64, 64, 64, 64, 64 };
    set_sat(&s, half);
    p = px(0, 1900, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 950);
    /* the driver's defaults on red (-244, 760), index 307: alpha 0, SFs1 =
     * 220/128; W = (1792 - 760) x 146 / 2^18 = 150672 / 262144; SFs2 = 1 +
     * (92/128) 150672/262144 = 740879/524288 = 1.413114; U: -244 x that =
     * -344.80 -> -345; V: 760 x that = 1073.97 -> 1074 */
    s = driver_default();
    p = px(0, -244, 760);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 - 345);
    CHECK_EQ(p.c[2], 2048 + 1074);
}

TEST(tcc_grey_pixels_limited)
{
    /* SatFactor 1.5, UV Threshold 3 (12 at 12 bits), UV Threshold Bits 3
     * (a ramp of 8 at 10 bits, 32 at 12) */
    g7sf_color_processing_state s = driver_default();
    static const unsigned f15[6] = { 192, 192, 192, 192, 192, 192 };
    set_sat(&s, f15);
    /* UVmax <= UV_Threshold: CLF = 0, SFs3 = 1: unchanged */
    g7sf_iecp_pixel p[5] = { px(0, 12, -8), px(0, 0, 0), px(0, -12, 12), px(0, 28, 0),
                             px(0, 0, -44) };
    g7sf_iecp_tcc(&s, p, NULL, 5);
    CHECK_EQ(p[0].c[1], 2048 + 12);
    CHECK_EQ(p[0].c[2], 2048 - 8);
    CHECK_EQ(p[1].c[1], 2048);
    CHECK_EQ(p[1].c[2], 2048);
    CHECK_EQ(p[2].c[1], 2048 - 12);
    CHECK_EQ(p[2].c[2], 2048 + 12);
    /* on the ramp: UVmax 28 (7 at 10 bits): CLF = (7 - 3) / 8 = 0.5; W =
     * (1792 - 28) x 146 / 2^18 = 257544/262144; SFs2 = 1 + 0.5 x W =
     * 1.491226; SFs3 = 1 + 0.491226 x 0.5 = 1.245613; 28 x 1.245613 =
     * 34.877 -> 35 */
    CHECK_EQ(p[3].c[1], 2048 + 35);
    CHECK_EQ(p[3].c[2], 2048);
    /* UVmax 44 = (3 + 2^3) x 4, the ramp's end: CLF = 1; W = 1748 x 146 /
     * 2^18 = 255208/262144; SFs3 = 1 + 0.5 x W = 1.486771; -44 x it =
     * -65.418 -> -65 */
    CHECK_EQ(p[4].c[2], 2048 - 65);
    /* a factor below 1 reaches grey pixels too (CLF = 1 for SFs2 <= 1):
     * 12 x 0.5 = 6, -8 x 0.5 = -4 */
    static const unsigned half[6] = { 64, 64, 64, 64, 64, 64 };
    set_sat(&s, half);
    g7sf_iecp_pixel g = px(0, 12, -8);
    g7sf_iecp_tcc(&s, &g, NULL, 1);
    CHECK_EQ(g.c[1], 2048 + 6);
    CHECK_EQ(g.c[2], 2048 - 4);
}

TEST(tcc_skin_pulls_toward_one)
{
    /* the defaults (SatFactor 220) on (800, 0): W = 36208/65536, SFs3 =
     * SFs2 = 1 + (92/128) W = 183121/131072 = 1.397102 (CLF = 1) */
    g7sf_color_processing_state s = driver_default();
    struct { uint8_t score; unsigned thr, bits; int want; } c[] = {
        /* no skin: STE 0, SFs4 = SFs3: 800 x 1.397102 = 1117.68 -> 1118 */
        { 0, 0, 0, 1118 },
        /* score 31, threshold 0: diff = 31 x 8 = 248 = STE; SFs4 = (128 x
         * 248 + 8 SFs3) / 256 = 1 + 0.397102 x 8 / 256 = 1.012409: 800 x
         * it = 809.93 -> 810 */
        { 31, 0, 0, 810 },
        /* slope bits 1: 496 -> 255: SFs4 = 1 + 0.397102 / 256: 801.24 -> 801 */
        { 31, 0, 1, 801 },
        /* below the threshold: diff = (10 - 20) x 8 < 0 -> STE 0 */
        { 10, 20, 0, 1118 },
        /* (20 - 16) x 8 x 4 = 128: SFs4 = 1 + 0.397102 x 128 / 256 =
         * 1.198551: 958.84 -> 959 */
        { 20, 16, 2, 959 },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        s.ste_threshold = c[k].thr, s.ste_slope_bits = c[k].bits;
        g7sf_iecp_pixel p = px(0, 800, 0);
        g7sf_iecp_tcc(&s, &p, &c[k].score, 1);
        CHECKF(p.c[1] == 2048 + c[k].want, "case %zu: got %d, want %d", k, p.c[1] - 2048,
               c[k].want);
    }
    /* a reducing factor is pulled up toward 1 as well: SatFactor 64, score
     * 31: SFs4 = (128 x 248 + 8 x 64) / 256 / 128 = 0.984375; 800 x it =
     * 787.5 -> 788 */
    static const unsigned half[6] = { 64, 64, 64, 64, 64, 64 };
    set_sat(&s, half);
    s.ste_threshold = 0, s.ste_slope_bits = 0;
    uint8_t sc = 31;
    g7sf_iecp_pixel p = px(0, 800, 0);
    g7sf_iecp_tcc(&s, &p, &sc, 1);
    CHECK_EQ(p.c[1], 2048 + 788);
}

/* ---- the reference: the text's formulas in doubles, written from lines
 * 6600-6738 and this file's decisions (docs/spec-notes.md), never calling
 * the code under test ---- */

/* theta as a real index 0 .. 1024: arctan(x) ~ -0.2880 x^2 + 1.0797 x -
 * 0.005 on the octant (x = min/max of |U|, |V|, line 6610), not below 0,
 * the other octants by symmetry; counter-clockwise from +U */
static double ref_theta(double u, double v)
{
    double au = fabs(u), av = fabs(v);
    if (au == 0 && av == 0)
        return 0;
    double x = fmin(au, av) / fmax(au, av);
    double t = fmax(-0.2880 * x * x + 1.0797 * x - 0.005, 0);
    if (av > au)
        t = M_PI / 2 - t;
    if (u < 0)
        t = M_PI - t;
    if (v < 0)
        t = 2 * M_PI - t;
    return t * 1024 / (2 * M_PI);
}

/* SF_final for chroma (u, v) (12-bit offsets) with hue index th */
static double ref_sf(const g7sf_color_processing_state *s, int th, double u, double v, int score)
{
    const double bc[6] = { s->base_color_1, s->base_color_2, s->base_color_3,
                           s->base_color_4, s->base_color_5, s->base_color_6 };
    const double sf[6] = { s->sat_factor1 / 128.0, s->sat_factor2 / 128.0, s->sat_factor3 / 128.0,
                           s->sat_factor4 / 128.0, s->sat_factor5 / 128.0, s->sat_factor6 / 128.0 };
    const double slope[6] = {
        s->color_transit_slope_12 / 65536.0, s->color_transit_slope_23 / 65536.0,
        s->color_transit_slope_34 / 65536.0, s->color_transit_slope_45 / 65536.0,
        s->color_transit_slope_56 / 65536.0, s->color_transit_slope_61 / 65536.0 };
    const double bias[6] = { s->color_bias_1 / 256.0, s->color_bias_2 / 256.0,
                             s->color_bias_3 / 256.0, s->color_bias_4 / 256.0,
                             s->color_bias_5 / 256.0, s->color_bias_6 / 256.0 };
    /* the interval [BaseColor_i, BaseColor_i+1) on the circle holding
     * theta, the first of 1..6; none: the sixth */
    int i = 5;
    for (int k = 5; k >= 0; k--) {
        double span = fmod(bc[(k + 1) % 6] - bc[k] + 1024, 1024);
        if (fmod(th - bc[k] + 1024, 1024) < span)
            i = k;
    }
    double d = fmod(th - bc[i] + 1024, 1024);
    double alpha = fmin(fmax(d * slope[i] - bias[i], 0), 1);
    double sfs1 = (1 - alpha) * sf[i] + alpha * sf[(i + 1) % 6];
    /* UVmax in 10-bit units: the 12-bit offsets / 4 */
    double uvmax = fmax(fabs(u), fabs(v)) / 4, maxc = s->uvmax_color;
    double sfs2 = sfs1;
    if (sfs1 > 1) {
        if (uvmax > maxc)
            sfs2 = 1;
        else  /* 1/MaxColor is Inverse UVMax Color; the weight at most 1 */
            sfs2 = 1 + (sfs1 - 1) *
                       fmin((maxc - uvmax) * (s->inverse_uvmax_color / 65536.0), 1);
    }
    double clf, thr = s->uv_threshold, wid = ldexp(1, (int)s->uv_threshold_bits);
    if (sfs2 <= 1)
        clf = 1;
    else if (uvmax <= thr)
        clf = 0;
    else if (uvmax < thr + wid)
        clf = (uvmax - thr) / wid;
    else
        clf = 1;
    double sfs3 = 1 + (sfs2 - 1) * clf;
    double diff = (score - (double)s->ste_threshold) * 8;
    double ste = fmin(fmax(diff * ldexp(1, (int)s->ste_slope_bits), 0), 255);
    return (128 * ste + (256 - ste) * sfs3 * 128) / 256 / 128;
}

static void random_tcc_state(g7sf_color_processing_state *s, int k)
{
    *s = driver_default();
    unsigned f[6];
    for (int i = 0; i < 6; i++)
        f[i] = (unsigned)rnd(0, 255);
    set_sat(s, f);
    if (k % 8 == 7) {
        /* any base colours at all, in any order */
        s->base_color_1 = (uint32_t)rnd(0, 1023), s->base_color_2 = (uint32_t)rnd(0, 1023);
        s->base_color_3 = (uint32_t)rnd(0, 1023), s->base_color_4 = (uint32_t)rnd(0, 1023);
        s->base_color_5 = (uint32_t)rnd(0, 1023), s->base_color_6 = (uint32_t)rnd(0, 1023);
    } else if (k % 8) {
        /* a rotated circle of six ascending base colours */
        int a = rnd(0, 1023), cut[5];
        for (int i = 0; i < 5; i++)
            cut[i] = rnd(1, 1018);
        for (int i = 0; i < 5; i++)   /* sort */
            for (int j = i + 1; j < 5; j++)
                if (cut[j] < cut[i]) {
                    int t = cut[i];
                    cut[i] = cut[j], cut[j] = t;
                }
        s->base_color_1 = (uint32_t)a;
        s->base_color_2 = (uint32_t)((a + cut[0] + 1) & 1023);
        s->base_color_3 = (uint32_t)((a + cut[1] + 2) & 1023);
        s->base_color_4 = (uint32_t)((a + cut[2] + 3) & 1023);
        s->base_color_5 = (uint32_t)((a + cut[3] + 4) & 1023);
        s->base_color_6 = (uint32_t)((a + cut[4] + 5) & 1023);
    }
    if (k % 4) {
        s->color_transit_slope_12 = (uint32_t)rnd(0, 65535);
        s->color_transit_slope_23 = (uint32_t)rnd(0, 4000);
        s->color_transit_slope_34 = (uint32_t)rnd(0, 4000);
        s->color_transit_slope_45 = (uint32_t)rnd(0, 4000);
        s->color_transit_slope_56 = (uint32_t)rnd(0, 4000);
        s->color_transit_slope_61 = (uint32_t)rnd(0, 4000);
        s->color_bias_1 = (uint32_t)rnd(0, 1023), s->color_bias_2 = (uint32_t)rnd(0, 300);
        s->color_bias_3 = (uint32_t)rnd(0, 300), s->color_bias_4 = (uint32_t)rnd(0, 300);
        s->color_bias_5 = (uint32_t)rnd(0, 300), s->color_bias_6 = (uint32_t)rnd(0, 300);
        s->uv_threshold = (uint32_t)rnd(0, 127), s->uv_threshold_bits = (uint32_t)rnd(0, 7);
        s->ste_threshold = (uint32_t)rnd(0, 31), s->ste_slope_bits = (uint32_t)rnd(0, 7);
        s->uvmax_color = (uint32_t)rnd(1, 511);
        /* mostly 1 / UVMaxColor, rounded, as a driver writes it; else any */
        s->inverse_uvmax_color = k % 3 ? (uint32_t)fmin(floor(65536.0 / s->uvmax_color + 0.5), 65535)
                                       : (uint32_t)rnd(0, 65535);
    }
}

TEST(tcc_against_doubles)
{
    /* The code keeps each step exact and rounds once; the reference
     * computes the same real numbers in doubles (a few dozen operations on
     * values below 2^12 with 52-bit mantissas: relative error < 1e-13), so
     * the two outputs must be equal except where the exact U SF_final
     * lies within that error of a half: there (fraction within 1e-6 of
     * 0.5) one step either way is allowed.  theta is compared as an
     * integer index: pixels whose real index lies within 0.15 of a half
     * (where the integer hue's coefficients, quantised to 2^-12, may round
     * the other way: at most 0.08 index apart, see
     * hue_index_matches_the_polynomial) are skipped and counted. */
    int bad = 0, compared = 0, skipped = 0, ties = 0;
    for (int k = 0; k < 400; k++) {
        g7sf_color_processing_state s;
        random_tcc_state(&s, k);
        for (int n = 0; n < 64; n++) {
            int u, v;
            switch (n % 4) {
            case 0: u = rnd(-2048, 2047), v = rnd(-2048, 2047); break;
            case 1: u = rnd(-60, 60), v = rnd(-60, 60); break;        /* near grey */
            case 2: u = rnd(-600, 600), v = rnd(-600, 600); break;
            default: u = 4 * rnd(-512, 511), v = 4 * rnd(-512, 511); break;  /* 10-bit */
            }
            uint8_t score = (uint8_t)rnd(0, 31);
            double tr = ref_theta(u, v);
            double fr = tr - floor(tr);
            if (fabs(fr - 0.5) < 0.15) {
                skipped++;
                continue;
            }
            int th = (int)floor(tr + 0.5) & 1023;
            double sfr = ref_sf(&s, th, u, v, score);
            g7sf_iecp_pixel p = px(100, u, v);
            g7sf_iecp_tcc(&s, &p, n & 1 ? &score : NULL, 1);
            if (!(n & 1))
                sfr = ref_sf(&s, th, u, v, 0);
            const double in[2] = { u, v };
            for (int c = 0; c < 2; c++) {
                double x = in[c] * sfr + 0.5;
                double want = floor(x);
                int tie = fabs(x - floor(x)) < 1e-6 || fabs(x - floor(x) - 1) < 1e-6;
                double w = fmin(fmax(want + 2048, 0), 4095), got = p.c[c + 1];
                if (tie)
                    ties++;
                if (tie ? fabs(got - w) > 1 : got != w) {
                    if (bad++ < 5)
                        t_fail(__FILE__, __LINE__, "state %d (%d, %d) c%d: got %g, want %g", k,
                               u, v, c + 1, got, w);
                }
            }
            compared++;
        }
    }
    CHECK_EQ(bad, 0);
    CHECKF(compared >= 10000, "only %d pixels compared (%d skipped)", compared, skipped);
    CHECKF(ties < compared / 10, "%d ties of %d", ties, compared);
}

TEST(tcc_ten_bit_chroma_is_exact)
{
    /* A chroma that is 4 x a 10-bit value: thresholds x 4 at 12 bits give
     * the 10-bit formulas' factor: the output is 4 x the 10-bit output
     * computed exactly where that is an integer.  Defaults, SF 1.5, UVmax
     * 10-bit 7 (ramp: CLF = (7 - 3)/8 = 1/2): W = (448 - 7) 146 / 65536 =
     * 64386/65536; SFs3 = 1 + 0.5 x W x 0.5 = 1 + 64386/262144; 12-bit U =
     * 28: 28 x SFs3 = 28 + 6.877 -> 35 (as tcc_grey_pixels_limited). */
    g7sf_color_processing_state s = driver_default();
    static const unsigned f15[6] = { 192, 192, 192, 192, 192, 192 };
    set_sat(&s, f15);
    g7sf_iecp_pixel p = px(0, 28, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 35);
    /* the 12-bit values between 10-bit steps move the ramp by quarters:
     * U = 29: CLF = (29 - 12) / 32; SFs3 - 1 = 0.5 x (1763 x 146 / 2^18) x
     * 17/32 = 0.26083; 29 x 1.26083 = 36.564 -> 37 */
    p = px(0, 29, 0);
    g7sf_iecp_tcc(&s, &p, NULL, 1);
    CHECK_EQ(p.c[1], 2048 + 37);
}

/* ---- the hue angle (src/media/iecp_hue.c) ---- */

TEST(hue_index_against_atan2)
{
    /* the PRM's approximation errs by at most 0.005 rad (line 6612, 0.005
     * x 1024 / 2 pi = 0.815 index) and the index is rounded (0.5): within
     * 1.32 of atan2's angle everywhere */
    double worst = 0;
    long n = 0;
    for (int u = -2048; u <= 2047; u += 5)
        for (int v = -2048; v <= 2047; v += 3) {
            if (!u && !v)
                continue;
            double a = atan2(v, u) * 1024 / (2 * M_PI);
            double d = fmod((double)iecp_hue_index(u, v) - a + 1536, 1024) - 512;
            worst = fmax(worst, fabs(d));
            n++;
        }
    CHECKF(worst <= 1.32, "worst %g index of %ld points", worst, n);
    CHECK(n > 500000);
    /* the axes and diagonals exactly */
    CHECK_EQ(iecp_hue_index(0, 0), 0u);
    CHECK_EQ(iecp_hue_index(100, 0), 0u);
    CHECK_EQ(iecp_hue_index(0, 100), 256u);
    CHECK_EQ(iecp_hue_index(-100, 0), 512u);
    CHECK_EQ(iecp_hue_index(0, -100), 768u);
    CHECK_EQ(iecp_hue_index(7, 7), 128u);
    CHECK_EQ(iecp_hue_index(-7, 7), 384u);
    CHECK_EQ(iecp_hue_index(-7, -7), 640u);
    CHECK_EQ(iecp_hue_index(7, -7), 896u);
    /* the default base colours' own hues: red (307, 108 degrees) lies
     * toward +V and -U, blue (995) just below +U */
    double r = 307 * 2 * M_PI / 1024, b = 995 * 2 * M_PI / 1024;
    CHECK_EQ(iecp_hue_index((int)lround(1500 * cos(r)), (int)lround(1500 * sin(r))), 307u);
    CHECK_EQ(iecp_hue_index((int)lround(1500 * cos(b)), (int)lround(1500 * sin(b))), 995u);
}

TEST(hue_index_matches_the_polynomial)
{
    /* against the PRM's polynomial in doubles (ref_theta): the same
     * integer wherever the real index is not within 0.1 of a half (the
     * integer version's Q12 coefficients and divider move it by < 0.08) */
    long n = 0, bad = 0;
    for (int u = -2048; u <= 2047; u += 7)
        for (int v = -2048; v <= 2047; v += 4) {
            double t = ref_theta(u, v);
            if (fabs(t - floor(t) - 0.5) < 0.1)
                continue;
            unsigned want = (unsigned)floor(t + 0.5) & 1023;
            if (iecp_hue_index(u, v) != want && bad++ < 5)
                t_fail(__FILE__, __LINE__, "(%d, %d): got %u, want %u (%.3f)", u, v,
                       iecp_hue_index(u, v), want, t);
            n++;
        }
    CHECK_EQ(bad, 0);
    CHECK(n > 200000);
}
