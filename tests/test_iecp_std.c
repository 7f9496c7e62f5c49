/* Skin tone detection and enhancement (gen7sf/iecp.h, PRM lines
 * 6160-6539): factors worked by hand from the text's formulas with the
 * decisions of docs/spec-notes.md ("IECP: skin tone detection and
 * enhancement"), the PRM's recommended state's PWLFs checked for
 * continuity, a reference in doubles written here from the text (the
 * arithmetic the text gives, as real numbers) over random states and
 * pixels, the 4:2:2 pair modes and the "Output STD Decisions" mode. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/iecp.h"
#include "harness.h"

static g7sf_iecp_pixel px(int y, int u, int v)
{
    return (g7sf_iecp_pixel){ { (uint16_t)y, (uint16_t)u, (uint16_t)v }, 0x1234 };
}

/* A detector whose only limit is the one a test looks at: Cos -1.0, Sin 0
 * (Sat = U - U_Mid, Hue = V - V_Mid exactly), a wide rectangle and
 * rhombus, Y accepted everywhere, the VY classifier off. */
static g7sf_color_processing_state open_detector(void)
{
    g7sf_color_processing_state s;
    g7sf_iecp_state_neutral(&s);
    s.std_enable = 1;
    s.u_mid = 110, s.v_mid = 154;
    s.cos_alpha = -128, s.sin_alpha = 0;
    s.sat_max = 63, s.hue_max = 63, s.hs_margin = 0;
    s.diamond_th = 63, s.diamond_margin = 0, s.diamond_alpha = 0;
    s.y_point_1 = 0, s.y_point_2 = 0, s.y_point_3 = 255, s.y_point_4 = 255;
    return s;
}

/* At (U_Mid + du, V_Mid + dv) levels, Y level y (12-bit: x 16). */
static g7sf_iecp_pixel at(const g7sf_color_processing_state *s, double y, double du, double dv)
{
    return px((int)lround(16 * y), (int)lround(16 * (s->u_mid + du)),
              (int)lround(16 * (s->v_mid + dv)));
}

static int score1(const g7sf_color_processing_state *s, g7sf_iecp_pixel p)
{
    uint8_t sc = 99;
    g7sf_iecp_std(s, &p, &sc, 1, 0);
    return sc;
}

TEST(std_rectangle_by_hand)
{
    g7sf_color_processing_state s = open_detector();
    s.sat_max = 31, s.hue_max = 14, s.hs_margin = 3;   /* ramps 2^3 = 8 levels wide */
    /* Sat 25: (31 - 25) x 2^(5 - 3) = 24; Hue 0: 14 x 4 = 56, at most 31 */
    CHECK_EQ(score1(&s, at(&s, 128, 25, 0)), 24);
    CHECK_EQ(score1(&s, at(&s, 128, -25, 0)), 24);        /* |Sat| */
    /* Sat 30.5: 0.5 x 4 = 2 */
    CHECK_EQ(score1(&s, at(&s, 128, 30.5, 0)), 2);
    /* Hue 12.25: (14 - 12.25) x 4 = 7; Sat 0 gives 31 */
    CHECK_EQ(score1(&s, at(&s, 128, 0, 12.25)), 7);
    /* on the edge and outside: 0 */
    CHECK_EQ(score1(&s, at(&s, 128, 31, 0)), 0);
    CHECK_EQ(score1(&s, at(&s, 128, 0, -14.0625)), 0);
    /* HS Margin 7 (over 5): divided by 2^2: Sat 21: 10 / 4 = 2.5, floor 2 */
    s.hs_margin = 7;
    CHECK_EQ(score1(&s, at(&s, 128, 21, 0)), 2);
    /* HS Margin 0: x 32: 0.5 level from the edge is 16 */
    s.hs_margin = 0, s.hue_max = 63;
    CHECK_EQ(score1(&s, at(&s, 128, 30.5, 0)), 16);
}

TEST(std_rotation_by_hand)
{
    /* Cos 0, Sin -1.0: Sat = -(-Vc x -1) = -Vc, Hue = -(Uc x -1) = Uc */
    g7sf_color_processing_state s = open_detector();
    s.cos_alpha = 0, s.sin_alpha = -128;
    s.sat_max = 10, s.hue_max = 40, s.hs_margin = 5;    /* factor = distance in levels */
    CHECK_EQ(score1(&s, at(&s, 128, 0, 4)), 6);         /* Sat -4: 10 - 4 */
    CHECK_EQ(score1(&s, at(&s, 128, 30, 4)), 6);        /* Hue 30 is inside 40 */
    s.hue_max = 20;
    CHECK_EQ(score1(&s, at(&s, 128, 30, 4)), 0);
    /* a turn of 45 degrees at S0.7: cos = sin = 91/128; Uc 8, Vc 0:
     * Sat = -(8 x 91) / 128 = -5.6875, Hue = -5.6875; rectangle with
     * margin 5: 10 - 5.6875 = 4.31, floor 4 */
    s = open_detector();
    s.cos_alpha = 91, s.sin_alpha = 91;
    s.sat_max = 10, s.hue_max = 10, s.hs_margin = 5;
    CHECK_EQ(score1(&s, at(&s, 128, 8, 0)), 4);
}

TEST(std_rhombus_by_hand)
{
    g7sf_color_processing_state s = open_detector();
    s.diamond_th = 35, s.diamond_margin = 4, s.diamond_alpha = 64;   /* Alpha 1.0, margin 16 */
    /* Dist = |Sat| + |Hue|: 15 is inside the inner rhombus (35 - 16 = 19) */
    CHECK_EQ(score1(&s, at(&s, 128, 10, 5)), 31);
    /* 25: (35 - 25) x 2^(5 - 4) = 20 */
    CHECK_EQ(score1(&s, at(&s, 128, 20, -5)), 20);
    /* 19 exactly: on the inner edge the ramp gives 32, at most 31 */
    CHECK_EQ(score1(&s, at(&s, 128, 14, 5)), 31);
    /* 35 and beyond: 0 */
    CHECK_EQ(score1(&s, at(&s, 128, 30, 5)), 0);
    /* Alpha 1.5 (96): 10 + 1.5 x 10 = 25 -> 20; du 4 shifts the centre:
     * |10 - 4| + 15 = 21 -> (35 - 21) x 2 = 28 */
    s.diamond_alpha = 96;
    CHECK_EQ(score1(&s, at(&s, 128, 10, 10)), 20);
    s.diamond_du = 4;
    CHECK_EQ(score1(&s, at(&s, 128, 10, 10)), 28);
    /* dv -2: |10 - 4| + 1.5 |10 + 2| = 24 -> 22 */
    s.diamond_dv = -2;
    CHECK_EQ(score1(&s, at(&s, 128, 10, 10)), 22);
    /* Diamond Margin 7 (over 5): (35 - 24) / 4 = 2.75, floor 2 */
    s.diamond_margin = 7;
    CHECK_EQ(score1(&s, at(&s, 128, 10, 10)), 2);
}

TEST(std_y_trapeze_by_hand)
{
    /* The PRM's points 46, 47, 254, 255 and slopes 31/8 */
    g7sf_color_processing_state s = open_detector();
    s.y_point_1 = 46, s.y_point_2 = 47, s.y_point_3 = 254, s.y_point_4 = 255;
    s.y_slope_1 = 31, s.y_slope_2 = 31;
    CHECK_EQ(score1(&s, at(&s, 45.9375, 0, 0)), 0);   /* below the first point */
    CHECK_EQ(score1(&s, at(&s, 46, 0, 0)), 0);        /* 0 x 3.875 */
    CHECK_EQ(score1(&s, at(&s, 46.5, 0, 0)), 1);      /* 0.5 x 3.875 = 1.94 */
    CHECK_EQ(score1(&s, at(&s, 46.9375, 0, 0)), 3);   /* 0.9375 x 3.875 = 3.63 */
    CHECK_EQ(score1(&s, at(&s, 47, 0, 0)), 31);
    CHECK_EQ(score1(&s, at(&s, 253.9375, 0, 0)), 31);
    CHECK_EQ(score1(&s, at(&s, 254.25, 0, 0)), 2);    /* 0.75 x 3.875 = 2.9 */
    CHECK_EQ(score1(&s, at(&s, 255, 0, 0)), 0);
    /* a wide ramp: points 16, 32 with slope 2.0 (16): Y 20 gives 8 */
    s.y_point_1 = 16, s.y_point_2 = 32, s.y_slope_1 = 16;
    CHECK_EQ(score1(&s, at(&s, 20, 0, 0)), 8);
}

TEST(std_vy_classifier_by_hand)
{
    g7sf_color_processing_state s = open_detector();
    s.vy_std_enable = 1;
    /* lower line flat at V 130, upper flat at 200 */
    s.p0l = s.p0u = 0, s.p1l = s.p1u = 100, s.p2l = s.p2u = 200, s.p3l = s.p3u = 250;
    s.b0l = s.b1l = s.b2l = s.b3l = 130;
    s.b0u = s.b1u = s.b2u = s.b3u = 200;
    s.inverse_margin_vyl = 3277;   /* 1 / 20 levels */
    s.inverse_margin_vyu = 1638;   /* 1 / 40 levels */
    /* V 140 (V_Mid 154 - 14): lower det (140 - 130) / 20 = 0.5 -> 16
     * (3277 / 65536 x 10 x 32 = 16.0005); upper (200 - 140) / 40 = 1.5 -> 31 */
    CHECK_EQ(score1(&s, at(&s, 128, 0, -14)), 16);
    /* V 190: lower 3 -> 31; upper 10 / 40 = 0.25 -> 7 (1638 x 10 x 32 / 65536 = 7.998) */
    CHECK_EQ(score1(&s, at(&s, 128, 0, 36)), 7);
    CHECK_EQ(score1(&s, at(&s, 128, 0, -30)), 0);     /* V 124: below the lower line */
    /* a sloped segment: S1L = +128 (0.5) from P1L = 100 (bias 130): at Y
     * 140 the lower line is 150; V 160 is 10 above -> 16 */
    s.s1l = 128, s.b2l = 180, s.p2l = 160;
    CHECK_EQ(score1(&s, at(&s, 140, 0, 6)), 16);
    /* a negative slope (S2.8 -5/256, as the PRM's S0L): from P0L 0 bias 130
     * at Y 64: 130 - 1.25 = 128.75; V 138.75 -> 10 above -> 16 */
    s = open_detector();
    s.vy_std_enable = 1;
    s.p1l = s.p2l = s.p3l = 255, s.b0l = 130, s.s0l = -5;
    s.p0u = 0, s.p1u = s.p2u = s.p3u = 255, s.b0u = 255, s.inverse_margin_vyu = 65535;
    s.inverse_margin_vyl = 3277;
    CHECK_EQ(score1(&s, at(&s, 64, 0, 138.75 - 154)), 16);
    /* off: the same pixel is skin everywhere else */
    s.vy_std_enable = 0;
    CHECK_EQ(score1(&s, at(&s, 64, 0, 138.75 - 154)), 31);
}

/* The PRM's recommended programming (prose defaults, lines 7143-7545, the
 * raw values test_state_cps's table lists) with S1U +113: as printed
 * (-113) the upper line would jump from 126 to B2U 200 at P2U; +113 meets
 * it (163 + 84 x 113 / 256 = 200.1), as every other default segment meets
 * the next bias. */
static g7sf_color_processing_state recommended(void)
{
    g7sf_color_processing_state s;
    g7sf_iecp_state_neutral(&s);
    s.std_enable = s.ste_enable = s.vy_std_enable = 1;
    s.v_mid = 154, s.u_mid = 110, s.hue_max = 14, s.sat_max = 31;
    s.diamond_margin = 4, s.hs_margin = 3, s.cos_alpha = 79, s.sin_alpha = 101;
    s.diamond_alpha = 100, s.diamond_th = 35;
    s.y_point_1 = 46, s.y_point_2 = 47, s.y_point_3 = 254, s.y_point_4 = 255;
    s.y_slope_1 = s.y_slope_2 = 31;
    s.inverse_margin_vyl = 3300, s.inverse_margin_vyu = 1600;
    s.p0l = 46, s.p1l = 216, s.p2l = 236, s.p3l = 236;
    s.b0l = 133, s.b1l = 130, s.b2l = 130, s.b3l = 130, s.s0l = -5;
    s.p0u = 46, s.p1u = 66, s.p2u = 150, s.p3u = 236;
    s.b0u = 143, s.b1u = 163, s.b2u = 200, s.b3u = 140;
    s.s0u = 256, s.s1u = 113, s.s2u = -179;
    s.skin_types_margin = 20, s.skin_types_thresh = 120;
    s.satp1 = -6, s.satp2 = 6, s.satp3 = 31, s.satb1 = -8, s.satb2 = 8, s.satb3 = 124;
    s.sats0 = 297, s.sats1 = 85, s.sats2 = 297, s.sats3 = 256;
    s.huep1 = -6, s.huep2 = 6, s.huep3 = 14, s.hueb1 = -8, s.hueb2 = 8, s.hueb3 = 56;
    s.hues0 = 384, s.hues1 = 85, s.hues2 = 384, s.hues3 = 256;
    return s;
}

/* The value at point k+1 of the segment from point k, in levels. */
static double seg_end(double p0, double b0, double slope, double p1) { return b0 + slope * (p1 - p0); }

TEST(std_recommended_pwlfs_are_continuous)
{
    g7sf_color_processing_state s = recommended();
    /* saturation: -31 -> -2 -> 2 -> 31, slopes 297/256, 85/256, 297/256 */
    CHECK(fabs(seg_end(-(double)s.sat_max, -(double)s.sat_max, s.sats0 / 256.0, s.satp1) - s.satb1 / 4.0) < 0.1);
    CHECK(fabs(seg_end(s.satp1, s.satb1 / 4.0, s.sats1 / 256.0, s.satp2) - s.satb2 / 4.0) < 0.1);
    CHECK(fabs(seg_end(s.satp2, s.satb2 / 4.0, s.sats2 / 256.0, s.satp3) - s.satb3 / 4.0) < 0.1);
    CHECK(fabs(seg_end(-(double)s.hue_max, -(double)s.hue_max, s.hues0 / 256.0, s.huep1) - s.hueb1 / 4.0) < 0.1);
    CHECK(fabs(seg_end(s.huep2, s.hueb2 / 4.0, s.hues2 / 256.0, s.huep3) - s.hueb3 / 4.0) < 0.1);
    /* the VY lines */
    CHECK(fabs(seg_end(s.p0l, s.b0l, s.s0l / 256.0, s.p1l) - s.b1l) < 0.5);
    CHECK(fabs(seg_end(s.p0u, s.b0u, s.s0u / 256.0, s.p1u) - s.b1u) < 0.5);
    CHECK(fabs(seg_end(s.p1u, s.b1u, s.s1u / 256.0, s.p2u) - s.b2u) < 0.5);
    CHECK(fabs(seg_end(s.p2u, s.b2u, s.s2u / 256.0, s.p3u) - s.b3u) < 0.5);
    /* and the detector finds skin at its centre (Y 128, U 110, V 154):
     * every factor 31 but the VY classifier's upper line, 163 + 62 x 113
     * / 256 = 190.37 at Y 128, 36.37 above V 154: 36.37 x 1600 / 65536
     * x 32 = 28.4, floor 28; not in saturated blue or grey */
    CHECK_EQ(score1(&s, at(&s, 128, 0, 0)), 28);
    CHECK_EQ(score1(&s, px(128 * 16, 240 * 16, 110 * 16)), 0);
    CHECK_EQ(score1(&s, px(128 * 16, 2048, 2048)), 0);
}

/* ---- a reference in doubles, from the text ---- */

static double clampd(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static double pwl4(const double pt[4], const double b[4], const double sl[4], double x)
{
    int k = 0;
    while (k < 3 && x >= pt[k + 1])
        k++;
    return b[k] + sl[k] * (x - pt[k]);
}

static int ref_score(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p)
{
    double y = p->c[0] / 16.0, uc = p->c[1] / 16.0 - s->u_mid, vc = p->c[2] / 16.0 - s->v_mid;
    double c = s->cos_alpha / 128.0, sn = s->sin_alpha / 128.0;
    double sat = -(uc * c - vc * sn), hue = -(uc * sn + vc * c);
    double rect = 0;
    if (fabs(sat) <= s->sat_max && fabs(hue) <= s->hue_max) {
        double k = ldexp(1, 5 - (int)s->hs_margin);
        rect = fmin(fmin(floor((s->sat_max - fabs(sat)) * k), 31),
                    fmin(floor((s->hue_max - fabs(hue)) * k), 31));
    }
    double dist = fabs(sat - s->diamond_du) + s->diamond_alpha / 64.0 * fabs(hue - s->diamond_dv);
    double m = ldexp(1, (int)s->diamond_margin), dia;
    if (dist >= s->diamond_th)
        dia = 0;
    else if (dist < s->diamond_th - m)
        dia = 31;
    else
        dia = fmin(31, floor((s->diamond_th - dist) * 32 / m));
    double yf = 0;
    if (y >= s->y_point_1 && y < s->y_point_2)
        yf = (y - s->y_point_1) * s->y_slope_1 / 8.0;
    else if (y >= s->y_point_2 && y < s->y_point_3)
        yf = 31;
    else if (y >= s->y_point_3 && y < s->y_point_4)
        yf = (s->y_point_4 - y) * s->y_slope_2 / 8.0;
    yf = clampd(floor(yf), 0, 31);
    double f = fmin(fmin(rect, dia), yf);
    if (s->vy_std_enable) {
        double pl[4] = { s->p0l, s->p1l, s->p2l, s->p3l }, bl[4] = { s->b0l, s->b1l, s->b2l, s->b3l };
        double sl[4] = { s->s0l / 256.0, s->s1l / 256.0, s->s2l / 256.0, s->s3l / 256.0 };
        double pu[4] = { s->p0u, s->p1u, s->p2u, s->p3u }, bu[4] = { s->b0u, s->b1u, s->b2u, s->b3u };
        double su[4] = { s->s0u / 256.0, s->s1u / 256.0, s->s2u / 256.0, s->s3u / 256.0 };
        double v = p->c[2] / 16.0;
        double dl = (v - pwl4(pl, bl, sl, y)) * s->inverse_margin_vyl / 65536.0;
        double du = (pwl4(pu, bu, su, y) - v) * s->inverse_margin_vyu / 65536.0;
        f = fmin(f, fmin(clampd(floor(32 * dl), 0, 31), clampd(floor(32 * du), 0, 31)));
    }
    return (int)f;
}

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}
static int32_t srnd(int bits) { return (int32_t)rnd(1u << bits) - (1 << (bits - 1)); }

static void random_std_state(g7sf_color_processing_state *s)
{
    g7sf_iecp_state_neutral(s);
    s->u_mid = rnd(256), s->v_mid = rnd(256), s->sat_max = rnd(64), s->hue_max = rnd(64);
    s->hs_margin = rnd(8), s->cos_alpha = srnd(8), s->sin_alpha = srnd(8);
    s->diamond_margin = rnd(8), s->diamond_du = srnd(7), s->diamond_dv = srnd(7);
    s->diamond_alpha = rnd(256), s->diamond_th = rnd(64);
    int a = rnd(256), b = rnd(256), c = rnd(256), d = rnd(256);
    int pts[4] = { a, b, c, d };
    for (int i = 0; i < 4; i++)   /* sorted */
        for (int j = i + 1; j < 4; j++)
            if (pts[j] < pts[i]) {
                int t = pts[i];
                pts[i] = pts[j], pts[j] = t;
            }
    s->y_point_1 = pts[0], s->y_point_2 = pts[1], s->y_point_3 = pts[2], s->y_point_4 = pts[3];
    s->y_slope_1 = rnd(32), s->y_slope_2 = rnd(32);
    s->vy_std_enable = rnd(2);
    s->p0l = rnd(64), s->p1l = 64 + rnd(64), s->p2l = 128 + rnd(64), s->p3l = 192 + rnd(64);
    s->p0u = rnd(64), s->p1u = 64 + rnd(64), s->p2u = 128 + rnd(64), s->p3u = 192 + rnd(64);
    s->b0l = rnd(256), s->b1l = rnd(256), s->b2l = rnd(256), s->b3l = rnd(256);
    s->b0u = rnd(256), s->b1u = rnd(256), s->b2u = rnd(256), s->b3u = rnd(256);
    s->s0l = srnd(11), s->s1l = srnd(11), s->s2l = srnd(11), s->s3l = srnd(11);
    s->s0u = srnd(11), s->s1u = srnd(11), s->s2u = srnd(11), s->s3u = srnd(11);
    s->inverse_margin_vyl = rnd(65536), s->inverse_margin_vyu = rnd(65536);
}

TEST(std_against_doubles)
{
    int bad = 0, skin = 0;
    for (int t = 0; t < 400; t++) {
        g7sf_color_processing_state s;
        random_std_state(&s);
        g7sf_iecp_pixel p[64];
        uint8_t sc[64];
        for (int i = 0; i < 64; i++) {
            /* half near the state's centre, where the factors are not 0 */
            int u = i & 1 ? (int)(16 * s.u_mid) + srnd(10) : (int)rnd(4096);
            int v = i & 1 ? (int)(16 * s.v_mid) + srnd(10) : (int)rnd(4096);
            p[i] = px((int)rnd(4096), u < 0 ? 0 : u > 4095 ? 4095 : u, v < 0 ? 0 : v > 4095 ? 4095 : v);
        }
        g7sf_iecp_std(&s, p, sc, 64, 0);
        for (int i = 0; i < 64; i++) {
            int want = ref_score(&s, &p[i]);
            skin += want > 0;
            if (sc[i] != want && bad++ < 5)
                CHECKF(0, "state %d pixel (%u %u %u): score %u, the reference %d", t, p[i].c[0],
                       p[i].c[1], p[i].c[2], sc[i], want);
        }
    }
    CHECK_EQ(bad, 0);
    CHECKF(skin > 500, "only %d non-zero scores", skin);   /* the comparison saw many non-zero scores */
}

/* ---- STE ---- */

static void identity_pwls(g7sf_color_processing_state *s)
{
    /* points -10, 0, 10 (hue -7, 0, 7), biases the same in quarters, slopes 1.0 */
    s->satp1 = -10, s->satp2 = 0, s->satp3 = 10, s->satb1 = -40, s->satb2 = 0, s->satb3 = 40;
    s->sats0 = s->sats1 = s->sats2 = s->sats3 = 256;
    s->huep1 = -7, s->huep2 = 0, s->huep3 = 7, s->hueb1 = -28, s->hueb2 = 0, s->hueb3 = 28;
    s->hues0 = s->hues1 = s->hues2 = s->hues3 = 256;
    s->satp1_dark = s->satp1, s->satp2_dark = s->satp2, s->satp3_dark = s->satp3;
    s->satb1_dark = s->satb1, s->satb2_dark = s->satb2, s->satb3_dark = s->satb3;
    s->sats0_dark = s->sats1_dark = s->sats2_dark = s->sats3_dark = 256;
    s->huep1_dark = s->huep1, s->huep2_dark = s->huep2, s->huep3_dark = s->huep3;
    s->hueb1_dark = s->hueb1, s->hueb2_dark = s->hueb2, s->hueb3_dark = s->hueb3;
    s->hues0_dark = s->hues1_dark = s->hues2_dark = s->hues3_dark = 256;
}

TEST(ste_identity_pwlfs_change_nothing)
{
    /* with the turn of the PRM's alpha (79, 101: cos^2 + sin^2 is not
     * 1.0 at S0.7) and any score */
    g7sf_color_processing_state s = open_detector();
    s.cos_alpha = 79, s.sin_alpha = 101, s.sat_max = 31, s.hue_max = 14;
    identity_pwls(&s);
    s.skin_type_enable = 1, s.skin_types_thresh = 120, s.skin_types_margin = 20;
    s.inv_skin_types_margin = 1638;
    for (int i = 0; i < 5000; i++) {
        g7sf_iecp_pixel p = px((int)rnd(4096), (int)rnd(4096), (int)rnd(4096)), q = p;
        uint8_t sc = (uint8_t)rnd(32);
        g7sf_iecp_ste(&s, &q, &sc, 1, 0);
        CHECK(q.c[0] == p.c[0] && q.c[1] == p.c[1] && q.c[2] == p.c[2] && q.a == p.a);
    }
}

/* Saturation halved toward the middle of the range: points -31 (fixed),
 * 0, 10, 20, (31 fixed); biases -31, 0, 5, 10, (31); slopes 1.0, 0.5,
 * 0.5, 21/11 (489/256). */
static void halving_sat(g7sf_color_processing_state *s, bool dark)
{
    if (!dark) {
        s->satp1 = 0, s->satp2 = 10, s->satp3 = 20, s->satb1 = 0, s->satb2 = 20, s->satb3 = 40;
        s->sats0 = 256, s->sats1 = 128, s->sats2 = 128, s->sats3 = 489;
    } else {
        s->satp1_dark = 0, s->satp2_dark = 10, s->satp3_dark = 20;
        s->satb1_dark = 0, s->satb2_dark = 20, s->satb3_dark = 40;
        s->sats0_dark = 256, s->sats1_dark = 128, s->sats2_dark = 128, s->sats3_dark = 489;
    }
}

TEST(ste_by_hand)
{
    g7sf_color_processing_state s = open_detector();
    s.sat_max = 31, s.hue_max = 14;
    identity_pwls(&s);
    halving_sat(&s, false);
    /* Sat 20 (U 130 levels = 2080, V_Mid): the PWLF gives B3 = 10, a
     * change of -10 levels; Cos -1 turns Sat back into U: DU = -10 levels
     * x 16 / 32 at score 16 = -80 */
    g7sf_iecp_pixel p = at(&s, 128, 20, 0);
    uint8_t sc = 16;
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 2080 - 80);
    CHECK_EQ(p.c[2], 154 * 16);
    CHECK_EQ(p.c[0], 128 * 16);
    /* Sat 5 (segment 1, from point 0, bias 0, slope 0.5): 2.5, a change
     * of -2.5 levels = -40; score 31: -40 x 31 / 32 = -38.75, rounds to -39 */
    p = at(&s, 128, 5, 0), sc = 31;
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 115 * 16 - 39);
    /* score 0: nothing */
    p = at(&s, 128, 5, 0), sc = 0;
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 115 * 16);
    /* the hue: Cos 0, Sin -1.0 gives Hue = Uc, Sat = -Vc; the hue PWLF
     * halving as the saturation's above (hue points within 14) */
    s = open_detector();
    s.cos_alpha = 0, s.sin_alpha = -128, s.sat_max = 31, s.hue_max = 14;
    identity_pwls(&s);
    s.huep1 = 0, s.huep2 = 4, s.huep3 = 8, s.hueb1 = 0, s.hueb2 = 8, s.hueb3 = 16;   /* 0, 2, 4 */
    s.hues0 = 256, s.hues1 = 128, s.hues2 = 128, s.hues3 = 427;   /* (14 - 4) / 6 x 256 */
    /* Uc 8 (Hue 8 = P3): new 4, change -4 levels: back, Uc = Hue: DU =
     * -64 at score 32/32... at 31: -62 */
    p = at(&s, 100, 8, 0), sc = 31;
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 118 * 16 - 62);
    CHECK_EQ(p.c[2], 154 * 16);
}

TEST(ste_skin_types_blend_by_hand)
{
    g7sf_color_processing_state s = open_detector();
    s.sat_max = 31, s.hue_max = 14;
    identity_pwls(&s);
    halving_sat(&s, true);   /* the dark set halves, the bright set keeps */
    s.skin_type_enable = 1, s.skin_types_thresh = 120, s.skin_types_margin = 20;
    s.inv_skin_types_margin = 1638;   /* 1 / 40 */
    uint8_t sc = 16;
    /* dark (Y 99 < 100): -80 as in ste_by_hand */
    g7sf_iecp_pixel p = at(&s, 99, 20, 0);
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 2080 - 80);
    /* bright (Y 141 > 140): unchanged */
    p = at(&s, 141, 20, 0);
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 2080);
    /* Y 120: MV dark (140 - 120) x 1638 / 65536 = 0.49988; Sat 20 x
     * 0.5001 + 10 x 0.49988 = 15.0012 (floored to 1/256: 15.0), change
     * -5 levels = -80 x 16 / 32 = -40 */
    p = at(&s, 120, 20, 0);
    g7sf_iecp_ste(&s, &p, &sc, 1, 0);
    CHECK_EQ(p.c[1], 2080 - 40);
    /* 4:2:2 pair: Y 99 (dark 1) and 141 (dark 0); MV Dark Factor Mode
     * min: 0 (no change), max: 1 (-80), average 0.5 (-40) */
    for (unsigned mode = 0; mode < 3; mode++) {
        s.mv_dark_factor_mode = mode;
        g7sf_iecp_pixel q[2] = { at(&s, 99, 20, 0), at(&s, 141, 20, 0) };
        uint8_t scs[2] = { 16, 16 };
        g7sf_iecp_ste(&s, q, scs, 2, G7SF_IECP_PAIRS);
        static const int want[3] = { 0, -80, -40 };
        CHECK_EQ(q[0].c[1], 2080 + want[mode]);
        CHECK_EQ(q[1].c[1], 2080 + want[mode]);
    }
}

TEST(std_pairs_combine_by_mode)
{
    /* Y factors of a pair: 8 (Y 20 on a ramp from 16, slope 2.0) and 31 */
    g7sf_color_processing_state s = open_detector();
    s.y_point_1 = 16, s.y_point_2 = 32, s.y_slope_1 = 16;
    static const int want[4] = { 8, 31, 20, 20 };   /* min, max, (8 + 31 + 1) / 2, reserved as ave */
    for (unsigned mode = 0; mode < 4; mode++) {
        s.std_factor_mode = mode;
        g7sf_iecp_pixel p[4] = { at(&s, 20, 0, 0), at(&s, 100, 0, 0), at(&s, 20, 0, 0),
                                 at(&s, 20, 0, 0) };
        uint8_t sc[4];
        g7sf_iecp_std(&s, p, sc, 4, G7SF_IECP_PAIRS);
        CHECK_EQ(sc[0], want[mode]);
        CHECK_EQ(sc[1], want[mode]);
        CHECK_EQ(sc[2], 8);   /* the second pair agrees with itself */
        CHECK_EQ(sc[3], 8);
        g7sf_iecp_std(&s, p, sc, 4, 0);   /* without pairs each its own */
        CHECK(sc[0] == 8 && sc[1] == 31);
    }
}

TEST(run_std_decisions_and_ace_skin)
{
    g7sf_color_processing_state s = open_detector();
    s.sat_max = 31, s.hue_max = 63, s.hs_margin = 3;
    s.output_control = G7SF_STD_OUTPUT_STD_DECISIONS;
    s.procamp_enable = 1, s.contrast = 256;   /* disabled by the decisions mode */
    g7sf_iecp_pixel p[2] = { at(&s, 128, 25, 0), at(&s, 128, 40, 0) };   /* scores 24, 0 */
    CHECK_EQ(g7sf_iecp_run(&s, p, 2, 0, NULL, NULL), 0);
    CHECK_EQ(p[0].c[0], 0x7FF + (24 << 6));   /* line 6533 */
    CHECK(p[0].c[1] == 0x7FF && p[0].c[2] == 0x7FF);
    CHECK_EQ(p[1].c[0], 0x7FF);
    /* ACE's skin damping: a curve doubling Y's distance from Ymin... use
     * a flat offset: every bias 16 levels above its point, slopes 1.0 */
    s.output_control = 0, s.procamp_enable = 0, s.ace_enable = 1;
    s.ymin = 0, s.y1 = 20, s.y2 = 40, s.y3 = 60, s.y4 = 80, s.y5 = 100, s.y6 = 120, s.y7 = 140;
    s.y8 = 160, s.y9 = 180, s.y10 = 200, s.ymax = 255;
    s.b1 = 36, s.b2 = 56, s.b3 = 76, s.b4 = 96, s.b5 = 116, s.b6 = 136, s.b7 = 156, s.b8 = 176;
    s.b9 = 196, s.b10 = 216;
    s.s0 = 1024 * 36 / 20;   /* Ymin 0 -> 0, Y1 20 -> 36 */
    s.s1 = s.s2 = s.s3 = s.s4 = s.s5 = s.s6 = s.s7 = s.s8 = s.s9 = s.s10 = 1024;
    s.skin_threshold = 20;
    g7sf_iecp_pixel q[2] = { at(&s, 128, 25, 0), at(&s, 128, 40, 0) };
    g7sf_iecp_stats st;
    g7sf_iecp_stats_clear(&st);
    CHECK_EQ(g7sf_iecp_run(&s, q, 2, 0, &st, NULL), 0);
    /* not skin: +16 levels = +256; score 24: 256 x (32 - 24) / 32 = 64 */
    CHECK_EQ(q[1].c[0], 2048 + 256);
    CHECK_EQ(q[0].c[0], 2048 + 64);
    CHECK_EQ(st.pixels, 2u);
    CHECK_EQ(st.histogram[128], 2u);
    CHECK_EQ(st.skin_pixels, 1u);   /* 24 >= 20; 0 is not */
    CHECK(st.y_min == 2048 && st.y_max == 2048);
}

TEST(ste_against_doubles)
{
    /* random states and pixels; the reference turns the PWLF's change back
     * with the inverse of the forward turn, MV dark and the blend floored
     * to 1/65536 and 1/256 as the decisions say, one rounding at the end */
    int bad = 0;
    for (int t = 0; t < 300; t++) {
        g7sf_color_processing_state s;
        random_std_state(&s);
        s.skin_type_enable = rnd(2), s.skin_types_thresh = rnd(256), s.skin_types_margin = rnd(64);
        s.inv_skin_types_margin = rnd(65536), s.mv_dark_factor_mode = rnd(3);
        s.satp1 = srnd(7), s.satp2 = srnd(7), s.satp3 = srnd(7), s.satb1 = srnd(10);
        s.satb2 = srnd(10), s.satb3 = srnd(10), s.sats0 = rnd(2048), s.sats1 = rnd(2048);
        s.sats2 = rnd(2048), s.sats3 = rnd(2048), s.huep1 = srnd(7), s.huep2 = srnd(7);
        s.huep3 = srnd(7), s.hueb1 = srnd(10), s.hueb2 = srnd(10), s.hueb3 = srnd(10);
        s.hues0 = rnd(2048), s.hues1 = rnd(2048), s.hues2 = rnd(2048), s.hues3 = rnd(2048);
        s.satp1_dark = srnd(7), s.satb1_dark = srnd(10), s.sats1_dark = rnd(2048);
        s.huep2_dark = srnd(7), s.hueb3_dark = srnd(10), s.hues0_dark = rnd(2048);
        for (int i = 0; i < 64; i++) {
            g7sf_iecp_pixel p = px((int)rnd(4096), (int)(16 * s.u_mid + srnd(9)) & 4095,
                                   (int)(16 * s.v_mid + srnd(9)) & 4095), q = p;
            uint8_t sc = (uint8_t)rnd(32);
            g7sf_iecp_ste(&s, &q, &sc, 1, 0);
            double c = s.cos_alpha / 128.0, sn = s.sin_alpha / 128.0;
            if (c == 0 && sn == 0)
                continue;
            double uc = p.c[1] / 16.0 - s.u_mid, vc = p.c[2] / 16.0 - s.v_mid;
            double sat = -(uc * c - vc * sn), hue = -(uc * sn + vc * c);
            double spt[4] = { -(double)s.sat_max, s.satp1, s.satp2, s.satp3 };
            double sb[4] = { -(double)s.sat_max, s.satb1 / 4.0, s.satb2 / 4.0, s.satb3 / 4.0 };
            double ss[4] = { s.sats0 / 256.0, s.sats1 / 256.0, s.sats2 / 256.0, s.sats3 / 256.0 };
            double hpt[4] = { -(double)s.hue_max, s.huep1, s.huep2, s.huep3 };
            double hb[4] = { -(double)s.hue_max, s.hueb1 / 4.0, s.hueb2 / 4.0, s.hueb3 / 4.0 };
            double hs[4] = { s.hues0 / 256.0, s.hues1 / 256.0, s.hues2 / 256.0, s.hues3 / 256.0 };
            double ns = pwl4(spt, sb, ss, sat), nh = pwl4(hpt, hb, hs, hue);
            if (s.skin_type_enable) {
                double sptd[4] = { -(double)s.sat_max, s.satp1_dark, s.satp2_dark, s.satp3_dark };
                double sbd[4] = { -(double)s.sat_max, s.satb1_dark / 4.0, s.satb2_dark / 4.0,
                                  s.satb3_dark / 4.0 };
                double ssd[4] = { s.sats0_dark / 256.0, s.sats1_dark / 256.0, s.sats2_dark / 256.0,
                                  s.sats3_dark / 256.0 };
                double hptd[4] = { -(double)s.hue_max, s.huep1_dark, s.huep2_dark, s.huep3_dark };
                double hbd[4] = { -(double)s.hue_max, s.hueb1_dark / 4.0, s.hueb2_dark / 4.0,
                                  s.hueb3_dark / 4.0 };
                double hsd[4] = { s.hues0_dark / 256.0, s.hues1_dark / 256.0, s.hues2_dark / 256.0,
                                  s.hues3_dark / 256.0 };
                double y = p.c[0] / 16.0, ya = (double)s.skin_types_thresh - s.skin_types_margin;
                double yb = (double)s.skin_types_thresh + s.skin_types_margin;
                double d = y < ya ? 1 : y > yb ? 0
                         : fmin(1, floor((yb - y) * s.inv_skin_types_margin) / 65536.0);
                double nsd = pwl4(sptd, sbd, ssd, sat), nhd = pwl4(hptd, hbd, hsd, hue);
                /* the blend floored to 1/256 of SH units (2048 per level) */
                ns = floor((d * nsd + (1 - d) * ns) * 2048 * 256) / (2048 * 256);
                nh = floor((d * nhd + (1 - d) * nh) * 2048 * 256) / (2048 * 256);
            }
            double ds = ns - sat, dh = nh - hue, norm = c * c + sn * sn;
            double du = -(ds * c + dh * sn) / norm * sc / 32 * 16;
            double dv = (ds * sn - dh * c) / norm * sc / 32 * 16;
            int wu = (int)clampd(p.c[1] + floor(du + 0.5), 0, 4095);
            int wv = (int)clampd(p.c[2] + floor(dv + 0.5), 0, 4095);
            /* a change exactly half way (the divisor cos^2 + sin^2 makes
             * ties, e.g. -1760.5) can land a hair off in doubles: there
             * either neighbour is the reference's */
            bool tie_u = fabs(du - floor(du) - 0.5) < 1e-9, tie_v = fabs(dv - floor(dv) - 0.5) < 1e-9;
            bool ok_u = q.c[1] == wu || (tie_u && abs(q.c[1] - wu) == 1);
            bool ok_v = q.c[2] == wv || (tie_v && abs(q.c[2] - wv) == 1);
            if ((!ok_u || !ok_v) && bad++ < 5)
                CHECKF(0, "state %d: (%u %u %u) score %u: (%u %u), the reference (%d %d)", t,
                       p.c[0], p.c[1], p.c[2], sc, q.c[1], q.c[2], wu, wv);
        }
    }
    CHECK_EQ(bad, 0);
}
