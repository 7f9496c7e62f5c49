/* The pipeline's colour state (gen7sf/vpp.h): software's ACE curve
 * (g7sf_vpp_ace_curve) run through the pipe's ACE stage, the CSC fields
 * against the equations, and g7sf_vpp_color_state's checks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "gen7sf/iecp.h"
#include "gen7sf/vpp.h"

/* The 12-bit curve the state programs: f[y] for y = 0..4095. */
static void curve(const g7sf_color_processing_state *st, uint16_t f[4096])
{
    g7sf_iecp_pixel px[4096];
    for (int y = 0; y < 4096; y++)
        px[y] = (g7sf_iecp_pixel){ { (uint16_t)y, 2048, 2048 }, 0 };
    g7sf_iecp_ace(st, px, 4096);
    for (int y = 0; y < 4096; y++)
        f[y] = px[y].c[0];
}

static bool monotonic(const uint16_t f[4096])
{
    for (int y = 1; y < 4096; y++)
        if (f[y] < f[y - 1])
            return false;
    return true;
}

static void fill(uint32_t h[256], int lo, int hi, uint32_t count)
{
    memset(h, 0, 256 * sizeof h[0]);
    for (int b = lo; b <= hi; b++)
        h[b] = count;
}

TEST(ace_strength_0_is_the_identity)
{
    uint32_t h[256];
    uint16_t f[4096];
    g7sf_color_processing_state st;
    g7sf_vpp_ace_history hist = { 0 };
    fill(h, 100, 140, 500);
    for (int k = 0; k < 3; k++) {   /* with its history too */
        g7sf_iecp_state_neutral(&st);
        CHECK_EQ(g7sf_vpp_ace_curve(h, 0, &hist, &st), 0);
        CHECK(st.ace_enable);
        curve(&st, f);
        for (int y = 0; y < 4096; y++)
            CHECK_EQ(f[y], y);
    }
}

TEST(ace_curves_are_monotonic)
{
    uint32_t h[256];
    uint16_t f[4096];
    g7sf_color_processing_state st;
    /* dull, dark, bright, one level, empty, bimodal, saturated bins */
    static const struct { int lo, hi; uint32_t n; } cases[] = {
        { 100, 140, 1000 }, { 0, 40, 70 }, { 200, 255, 3 }, { 128, 128, 1 << 20 },
        { 0, -1, 0 }, { 16, 20, 9 }, { 0, 255, 0xFFFFFF },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int s = 0; s <= 100; s += 25) {
            fill(h, cases[c].lo, cases[c].hi, cases[c].n);
            if (c == 5)
                h[230] = 1000;
            g7sf_vpp_ace_history hist = { 0 };
            for (int k = 0; k < 2; k++) {
                g7sf_iecp_state_neutral(&st);
                CHECK_EQ(g7sf_vpp_ace_curve(h, s, &hist, &st), 0);
                curve(&st, f);
                CHECKF(monotonic(f), "case %zu strength %d", c, s);
                /* points strictly increasing from 16 to 235 */
                const uint32_t pt[12] = { st.ymin, st.y1, st.y2, st.y3, st.y4, st.y5,
                                          st.y6, st.y7, st.y8, st.y9, st.y10, st.ymax };
                CHECK_EQ(pt[0], 16);
                CHECK_EQ(pt[11], 235);
                for (int i = 1; i < 12; i++)
                    CHECK(pt[i] > pt[i - 1]);
            }
        }
}

/* A flat histogram over the video range is already equalised: the curve
 * stays within 2 levels of the identity; a dull one is stretched. */
TEST(ace_flat_is_near_the_identity_and_dull_is_stretched)
{
    uint32_t h[256];
    uint16_t f[4096];
    g7sf_color_processing_state st;
    fill(h, 16, 235, 100);
    g7sf_iecp_state_neutral(&st);
    CHECK_EQ(g7sf_vpp_ace_curve(h, 100, NULL, &st), 0);
    curve(&st, f);
    int worst = 0;
    for (int y = 16 * 16; y <= 235 * 16; y++)
        worst = abs(f[y] - y) > worst ? abs(f[y] - y) : worst;
    CHECKF(worst <= 2 * 16, "%d 12-bit units from the identity", worst);
    fill(h, 100, 139, 100);
    CHECK_EQ(g7sf_vpp_ace_curve(h, 100, NULL, &st), 0);
    curve(&st, f);
    CHECKF(f[139 * 16] - f[100 * 16] > 60 * 16, "39 levels became %d",
           (f[139 * 16] - f[100 * 16]) / 16);
}

TEST(ace_rejects_bad_arguments)
{
    uint32_t h[256] = { 0 };
    g7sf_color_processing_state st;
    g7sf_iecp_state_neutral(&st);
    CHECK_EQ(g7sf_vpp_ace_curve(NULL, 50, NULL, &st), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_ace_curve(h, 50, NULL, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_ace_curve(h, 101, NULL, &st), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_ace_curve(h, -1, NULL, &st), G7SF_EINVAL);
    CHECK(!st.ace_enable);
}

/* BT.601 -> BT.709 limited: the known matrix (Y row 1, -0.1156, -0.2079;
 * U row 0, 1.0187, 0.1145; V row 0, 0.0750, 1.0254) in S2.10. */
TEST(csc_fields)
{
    g7sf_color_processing_state st;
    g7sf_iecp_state_neutral(&st);
    CHECK_EQ(g7sf_vpp_csc_state(G7SF_VPP_BT601, false, G7SF_VPP_BT709, false, &st), 0);
    const int32_t c[9] = { st.c0, st.c1, st.c2, st.c3, st.c4, st.c5, st.c6, st.c7, st.c8 };
    const double want[9] = { 1, -0.1156, -0.2079, 0, 1.0187, 0.1145, 0, 0.0750, 1.0254 };
    for (int i = 0; i < 9; i++)
        CHECKF(fabs(c[i] - want[i] * 1024) <= 1, "C%d %d", i, c[i]);
    CHECK(st.transform_enable && st.yuv_in && st.yuv_out);
    CHECK_EQ(st.offset_in_1, -16);
    CHECK_EQ(st.offset_in_2, -128);
    CHECK_EQ(st.offset_out_1, 16);
    CHECK_EQ(st.offset_out_3, 128);
    CHECK_EQ(g7sf_vpp_csc_state(G7SF_VPP_BT709, true, G7SF_VPP_BT709, true, &st), 0);
    CHECK(st.c0 == 1024 && st.c4 == 1024 && st.c8 == 1024 && !st.c1 && !st.c2 && !st.c3 &&
          !st.c5 && !st.c6 && !st.c7);
    CHECK_EQ(st.offset_in_1, 0);
    CHECK_EQ(g7sf_vpp_csc_state((enum g7sf_vpp_matrix)2, false, G7SF_VPP_BT709, false, &st),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_csc_state(G7SF_VPP_BT601, false, G7SF_VPP_BT709, false, NULL), G7SF_EINVAL);
}

TEST(color_state_checks_and_enables)
{
    g7sf_color_processing_state st;
    g7sf_vpp_config c = { 0 };
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), 0);
    CHECK(!st.std_enable && !st.ace_enable && !st.tcc_enable && !st.procamp_enable &&
          !st.transform_enable && !st.color_gamut_compression_enable);
    c.tcc = true;
    for (int i = 0; i < 6; i++)
        c.tcc_saturation[i] = 1;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), 0);
    CHECK(st.tcc_enable && st.sat_factor1 == 128 && st.sat_factor6 == 128);
    CHECK_EQ(st.base_color_2, 307);   /* red: the TCC defaults */
    c.tcc_saturation[3] = 1.991;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), G7SF_EINVAL);
    c.tcc_saturation[3] = NAN;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), G7SF_EINVAL);
    c.tcc_saturation[3] = 1.99;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), 0);
    CHECK_EQ(st.sat_factor4, 255);
    c.skin_tone = true, c.skin_tone_strength = 0;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), 0);
    CHECK(st.std_enable && st.ste_enable && st.ace_enable);
    CHECK(st.u_mid == 110 && st.v_mid == 154);
    /* strength 0: both PWLs the identity */
    CHECK(st.satb1 == -24 && st.satb2 == 24 && st.sats0 == 256 && st.sats1 == 256 &&
          st.sats2 == 256 && st.hueb1 == -24 && st.hues0 == 256 && st.hues2 == 256);
    c.skin_tone_strength = 100;   /* the PRM's prose programming */
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), 0);
    CHECK(st.satb1 == -8 && st.sats0 == 297 && st.sats1 == 85 && st.hueb1 == -8 &&
          st.hues0 == 384 && st.hues1 == 85 && st.hues2 == 384 && st.hueb3 == 56);
    c.skin_tone_strength = 101;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), G7SF_EINVAL);
    c.skin_tone_strength = 50, c.ace = true, c.ace_strength = -1;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), G7SF_EINVAL);
    c.ace_strength = 50, c.gamut = (enum g7sf_vpp_gamut)3;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), G7SF_EINVAL);
    c.gamut = G7SF_VPP_GAMUT_ADVANCED;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), 0);
    CHECK(st.color_gamut_compression_enable && st.full_range_mapping_enable);
    CHECK_EQ(st.d_in_default, 205);
    c.csc = true, c.csc_to = (enum g7sf_vpp_matrix)7;
    CHECK_EQ(g7sf_vpp_color_state(&c, &st), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_color_state(NULL, &st), G7SF_EINVAL);
}
