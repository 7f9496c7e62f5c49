/* g7sf_avs_state_for_scale: the AVS filter tables a driver programs into
 * SAMPLER_8x8_STATE (§2.9) for a scale ratio.  Properties checked from the
 * definitions, not from the implementation: every phase sums to 64 (1.0 in
 * S1.6), every tap is in the PRM's range, phase 0 is the identity when not
 * downscaling, phase 16 (half way between texels 3 and 4) is symmetric, a
 * 2:1 downscale is lower-pass than 1:1, and the taps are the Lanczos
 * weights worked out again here in double (tap j of phase i weighs the
 * texel at distance j - 3 - i / 32 from the sample, a = 4 luma, 2 chroma,
 * distances scaled by the ratio when it is below 1). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/state.h"
#include "gen7sf/vpp.h"
#include "harness.h"

#define N(a) (int)(sizeof (a) / sizeof (a)[0])
#define PHASES G7SF_AVS_PHASES

/* 0.0625+: the smallest double above 1/16 (1/16 itself is refused) */
static double ratios[8];
static void init_ratios(void)
{
    static const double r[8] = { 0, 0.25, 0.5, 0.75, 1, 1.5, 2.67, 16 };
    memcpy(ratios, r, sizeof r);
    ratios[0] = nextafter(0.0625, 1);
}

/* The tables of one direction as [phase][tap]: luma taps 0..7, chroma
 * taps 2..5 at [0..3]. */
typedef struct tables { int luma[PHASES][8], chroma[PHASES][4]; } tables;

static tables get_x(const g7sf_sampler_8x8_state *s)
{
    tables t;
    for (int i = 0; i < PHASES; i++) {
        const int32_t l[8] = { s->table_0x_c0[i], s->table_0x_c1[i], s->table_0x_c2[i],
                               s->table_0x_c3[i], s->table_0x_c4[i], s->table_0x_c5[i],
                               s->table_0x_c6[i], s->table_0x_c7[i] };
        const int32_t c[4] = { s->table_1x_c2[i], s->table_1x_c3[i], s->table_1x_c4[i],
                               s->table_1x_c5[i] };
        for (int j = 0; j < 8; j++)
            t.luma[i][j] = l[j];
        for (int j = 0; j < 4; j++)
            t.chroma[i][j] = c[j];
    }
    return t;
}

static tables get_y(const g7sf_sampler_8x8_state *s)
{
    tables t;
    for (int i = 0; i < PHASES; i++) {
        const int32_t l[8] = { s->table_0y_c0[i], s->table_0y_c1[i], s->table_0y_c2[i],
                               s->table_0y_c3[i], s->table_0y_c4[i], s->table_0y_c5[i],
                               s->table_0y_c6[i], s->table_0y_c7[i] };
        const int32_t c[4] = { s->table_1y_c2[i], s->table_1y_c3[i], s->table_1y_c4[i],
                               s->table_1y_c5[i] };
        for (int j = 0; j < 8; j++)
            t.luma[i][j] = l[j];
        for (int j = 0; j < 4; j++)
            t.chroma[i][j] = c[j];
    }
    return t;
}

/* The X (out[0]) and Y (out[1]) tables of the state for (rx, ry). */
static void both(double rx, double ry, tables out[2])
{
    g7sf_sampler_8x8_state s;
    memset(&s, 0xA5, sizeof s);
    CHECK_EQ(g7sf_avs_state_for_scale(rx, ry, &s), 0);
    out[0] = get_x(&s);
    out[1] = get_y(&s);
}

/* ---- The ideal weights, in double -------------------------------------- */

static double ideal_sinc(double x)
{
    if (fabs(x) < 1e-12)
        return 1;
    double px = 3.14159265358979323846 * x;
    return sin(px) / px;
}

/* The normalised Lanczos weights of the n taps from tap `first` of phase i. */
static void ideal(int phase, double ratio, int first, int n, int a_max, double *w)
{
    double scale = ratio < 1 ? ratio : 1, sum = 0;
    /* the window: a_max, or what ends at the last tap once stretched by
     * 1 / scale (n / 2 taps each side) */
    double a = a_max * 2.0 / n > scale ? n * scale / 2 : a_max;
    for (int k = 0; k < n; k++) {
        double x = (first + k - 3 - phase / 32.0) * scale;
        w[k] = fabs(x) < a ? ideal_sinc(x) * ideal_sinc(x / a) : 0;
        sum += w[k];
    }
    for (int k = 0; k < n; k++)
        w[k] /= sum;
}

/* ---- Tests ------------------------------------------------------------- */

TEST(every_phase_sums_to_64)
{
    init_ratios();
    for (int a = 0; a < N(ratios); a++) {
        /* x and y from different ratios, so a mix-up shows */
        tables t[2];
        both(ratios[a], ratios[(a + 3) % N(ratios)], t);
        for (int d = 0; d < 2; d++)
            for (int i = 0; i < PHASES; i++) {
                int sl = 0, sc = 0;
                for (int j = 0; j < 8; j++)
                    sl += t[d].luma[i][j];
                for (int j = 0; j < 4; j++)
                    sc += t[d].chroma[i][j];
                CHECKF(sl == 64, "ratio %g dir %d phase %d: luma sum %d", ratios[a], d, i, sl);
                CHECKF(sc == 64, "ratio %g dir %d phase %d: chroma sum %d", ratios[a], d, i, sc);
            }
    }
}

TEST(every_tap_is_in_its_prm_range)
{
    static const int llo[8] = { -16, -32, -64, -128, -128, -64, -32, -16 };
    static const int lhi[8] = { 16, 32, 64, 128, 128, 64, 32, 16 };
    static const int clo[4] = { -64, 0, 0, -64 }, chi[4] = { 64, 128, 128, 64 };
    init_ratios();
    for (int a = 0; a < N(ratios); a++) {
        tables t[2];
        both(ratios[a], ratios[N(ratios) - 1 - a], t);
        for (int d = 0; d < 2; d++)
            for (int i = 0; i < PHASES; i++) {
                for (int j = 0; j < 8; j++)
                    CHECKF(t[d].luma[i][j] >= llo[j] && t[d].luma[i][j] < lhi[j],
                           "ratio %g dir %d phase %d luma tap %d: %d", ratios[a], d, i, j,
                           t[d].luma[i][j]);
                for (int j = 0; j < 4; j++)
                    CHECKF(t[d].chroma[i][j] >= clo[j] && t[d].chroma[i][j] < chi[j],
                           "ratio %g dir %d phase %d chroma tap %d: %d", ratios[a], d, i, j + 2,
                           t[d].chroma[i][j]);
            }
    }
}

/* The fields' own range checks agree: the state packs, and unpacks to
 * what was packed. */
TEST(state_packs_and_round_trips)
{
    init_ratios();
    for (int a = 0; a < N(ratios); a++) {
        g7sf_sampler_8x8_state s, back;
        uint32_t dw[G7SF_SAMPLER_8x8_STATE_DWORDS];
        CHECK_EQ(g7sf_avs_state_for_scale(ratios[a], ratios[a], &s), 0);
        CHECK_EQ(g7sf_state_pack(&g7sf_desc_SAMPLER_8x8_STATE, &s, dw), 0);
        g7sf_state_unpack(&g7sf_desc_SAMPLER_8x8_STATE, dw, &back);
        CHECK(memcmp(&s, &back, sizeof s) == 0);
    }
}

TEST(phase_0_is_the_identity_when_not_downscaling)
{
    const double up[] = { 1, nextafter(1, 2), 1.5, 2.67, 16 };
    for (int a = 0; a < N(up); a++) {
        tables t[2];
        both(up[a], up[a], t);
        for (int d = 0; d < 2; d++) {
            for (int j = 0; j < 8; j++)
                CHECKF(t[d].luma[0][j] == (j == 3 ? 64 : 0), "ratio %g dir %d luma tap %d: %d",
                       up[a], d, j, t[d].luma[0][j]);
            for (int j = 0; j < 4; j++)
                CHECKF(t[d].chroma[0][j] == (j == 1 ? 64 : 0), "ratio %g dir %d chroma tap %d: %d",
                       up[a], d, j + 2, t[d].chroma[0][j]);
        }
    }
}

TEST(phase_16_is_symmetric)
{
    init_ratios();
    for (int a = 0; a < N(ratios); a++) {
        tables t[2];
        both(ratios[a], ratios[(a + 5) % N(ratios)], t);
        for (int d = 0; d < 2; d++) {
            const int *l = t[d].luma[16], *c = t[d].chroma[16];
            for (int j = 0; j < 4; j++)
                CHECKF(l[j] == l[7 - j], "ratio %g dir %d: luma tap %d %d, tap %d %d",
                       ratios[a], d, j, l[j], 7 - j, l[7 - j]);
            CHECKF(c[0] == c[3] && c[1] == c[2], "ratio %g dir %d: chroma %d %d %d %d",
                   ratios[a], d, c[0], c[1], c[2], c[3]);
            /* half way between texels 3 and 4: they weigh most (all the
             * same when downscaling by nearly 16) */
            CHECK(l[3] >= l[2] && l[3] >= l[1] && l[3] >= l[0] && l[3] > 0);
            CHECK(c[1] >= c[0] && c[1] > 0);
        }
    }
}

/* 2:1 down vs 1:1: phase 0 spreads over the neighbours (a half-band
 * filter), the centre tap drops, the neighbours 1 and 3 away get weight.
 * At half the frequency the window narrows to a = 2 (stretched to the 4
 * taps each side): the taps at +-2 are sinc(1) = 0, those at +-1 and +-3
 * are non-zero. */
TEST(downscale_by_half_is_lower_pass)
{
    tables up[2], down[2];
    both(1, 1, up);
    both(0.5, 0.5, down);
    for (int d = 0; d < 2; d++) {
        const int *l = down[d].luma[0], *c = down[d].chroma[0];
        CHECKF(l[3] < up[d].luma[0][3], "luma centre %d", l[3]);
        CHECK(l[3] > 16 && l[3] < 48);
        CHECK(l[2] > 0 && l[4] > 0);            /* +-1: positive */
        CHECK(l[0] != 0 && l[6] != 0);          /* +-3: negative lobe */
        CHECK(l[0] < 0 && l[6] < 0);
        CHECK_EQ(l[1], 0);                      /* +-2: a zero of sinc(x / 2) */
        CHECK_EQ(l[5], 0);
        CHECK(l[2] == l[4]);                    /* beta 0: symmetric about tap 3 */
        CHECK(l[0] == l[6]);
        CHECKF(c[1] < up[d].chroma[0][1], "chroma centre %d", c[1]);
        CHECK(c[2] > 0);                        /* +1 */
        CHECK(c[0] > 0 && c[0] == c[2]);        /* -1 */
        CHECK_EQ(c[3], 0);                      /* +2: a zero */
    }
    /* and a quarter: lower still */
    tables q[2];
    both(0.25, 0.25, q);
    CHECK(q[0].luma[0][3] < down[0].luma[0][3]);
    CHECK(q[0].chroma[0][1] < down[0].chroma[0][1]);
}

/* One tap of one phase against the weight worked out here: the quantised
 * tap is within 1 of round(64 w / sum w) (the remainder of the rounding
 * may land on it). */
TEST(taps_match_the_lanczos_weights)
{
    g7sf_sampler_8x8_state s;
    /* luma phase 5 (beta 5/32), tap 2 (texel -1), x down by 3/4, y up by 1.5 */
    CHECK_EQ(g7sf_avs_state_for_scale(0.75, 1.5, &s), 0);
    double w[8];
    ideal(5, 0.75, 0, 8, 4, w);
    CHECKF(labs(s.table_0x_c2[5] - lround(64 * w[2])) <= 1, "0X[5][2] %d, ideal %.3f",
           (int)s.table_0x_c2[5], 64 * w[2]);
    ideal(5, 1.5, 0, 8, 4, w);
    CHECKF(labs(s.table_0y_c2[5] - lround(64 * w[2])) <= 1, "0Y[5][2] %d, ideal %.3f",
           (int)s.table_0y_c2[5], 64 * w[2]);
    /* chroma phase 11, tap 5 (texel +2) */
    ideal(11, 0.75, 2, 4, 2, w);
    CHECKF(labs(s.table_1x_c5[11] - lround(64 * w[3])) <= 1, "1X[11][5] %d, ideal %.3f",
           (int)s.table_1x_c5[11], 64 * w[3]);
    ideal(11, 1.5, 2, 4, 2, w);
    CHECKF(labs(s.table_1y_c5[11] - lround(64 * w[3])) <= 1, "1Y[11][5] %d, ideal %.3f",
           (int)s.table_1y_c5[11], 64 * w[3]);
}

/* Every tap of every phase: within 1 of the ideal, the largest within the
 * whole rounding error a phase can have (n / 2 units). */
TEST(all_taps_near_the_lanczos_weights)
{
    init_ratios();
    for (int a = 0; a < N(ratios); a++) {
        tables t[2];
        both(ratios[a], ratios[a], t);
        for (int d = 0; d < 2; d++)
            for (int i = 0; i < PHASES; i++) {
                double w[8];
                ideal(i, ratios[a], 0, 8, 4, w);
                int big = 0;
                for (int j = 1; j < 8; j++)
                    if (w[j] > w[big])
                        big = j;
                for (int j = 0; j < 8; j++) {
                    double e = fabs(t[d].luma[i][j] - 64 * w[j]);
                    CHECKF(e <= (j == big || fabs(w[j] - w[big]) < 1e-9 ? 4.5 : 1.5),
                           "ratio %g phase %d luma tap %d: %d, ideal %.3f", ratios[a], i, j,
                           t[d].luma[i][j], 64 * w[j]);
                }
                ideal(i, ratios[a], 2, 4, 2, w);
                big = 0;
                for (int j = 1; j < 4; j++)
                    if (w[j] > w[big])
                        big = j;
                for (int j = 0; j < 4; j++) {
                    double e = fabs(t[d].chroma[i][j] - 64 * w[j]);
                    CHECKF(e <= (j == big || fabs(w[j] - w[big]) < 1e-9 ? 2.5 : 1.5),
                           "ratio %g phase %d chroma tap %d: %d, ideal %.3f", ratios[a], i,
                           j + 2, t[d].chroma[i][j], 64 * w[j]);
                }
            }
    }
}

/* The X tables follow ratio_x only, the Y tables ratio_y only. */
TEST(x_and_y_are_independent)
{
    tables mixed[2], xs[2], ys[2];
    both(0.5, 2.67, mixed);
    both(0.5, 0.5, xs);
    both(2.67, 2.67, ys);
    CHECK(memcmp(&mixed[0], &xs[0], sizeof mixed[0]) == 0);
    CHECK(memcmp(&mixed[1], &ys[1], sizeof mixed[1]) == 0);
    CHECK(memcmp(&mixed[0], &mixed[1], sizeof mixed[0]) != 0);
    /* a ratio of 1 and any upscale give the same tables: no cutoff above 1 */
    tables one[2];
    both(1, 16, one);
    CHECK(memcmp(&one[0], &one[1], sizeof one[0]) == 0);
}

TEST(adaptive_defaults)
{
    g7sf_sampler_8x8_state s;
    memset(&s, 0xA5, sizeof s);
    CHECK_EQ(g7sf_avs_state_for_scale(1.5, 0.75, &s), 0);
    CHECK_EQ(s.default_sharpness_level, 255);
    CHECK_EQ(s.max_derivative_4_pixels, 7);
    CHECK_EQ(s.max_derivative_8_pixels, 20);
    CHECK_EQ(s.transition_area_with_4_pixels, 4);
    CHECK_EQ(s.transition_area_with_8_pixels, 5);
    CHECK_EQ(s.adaptive_filter_for_all_channels, 0);
    CHECK_EQ(s.rgb_adaptive, 0);
    CHECK_EQ(s.bypass_x_adaptive_filtering, 0);
    CHECK_EQ(s.bypass_y_adaptive_filtering, 0);
}

TEST(bad_arguments)
{
    g7sf_sampler_8x8_state s, before;
    memset(&s, 0x5A, sizeof s);
    before = s;
    const double bad[] = { 0, -1, 0.0625, nextafter(0.0625, 0), nextafter(16, 17), 17, 1e300,
                           INFINITY, -INFINITY, NAN };
    for (int a = 0; a < N(bad); a++) {
        CHECKF(g7sf_avs_state_for_scale(bad[a], 1, &s) == G7SF_EINVAL, "ratio_x %g", bad[a]);
        CHECKF(g7sf_avs_state_for_scale(1, bad[a], &s) == G7SF_EINVAL, "ratio_y %g", bad[a]);
    }
    CHECK(memcmp(&s, &before, sizeof s) == 0);      /* untouched */
    CHECK_EQ(g7sf_avs_state_for_scale(1, 1, NULL), G7SF_EINVAL);
    /* the edges of (1/16, 16] */
    CHECK_EQ(g7sf_avs_state_for_scale(nextafter(0.0625, 1), 16, &s), 0);
    CHECK_EQ(g7sf_avs_state_for_scale(16, nextafter(0.0625, 1), &s), 0);
}
