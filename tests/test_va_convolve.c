/* Video Analytics convolve (§2.10.3.1, lines 1703-1785) through
 * g7sf_va_convolve_block.  Every expected value is worked out here from
 * the pseudocode by hand: S3.12 coefficient k is k / 4096, the result of a
 * real sum v is floor(v / 2^scale + 1/2) (the doubling, INT, shift and
 * (v + 1) >> 1 of lines 1772-1776), clamped to 16-bit SINT. */
#include <string.h>

#include "gen7sf/va.h"
#include "harness.h"

enum { ONE = 4096 };    /* 1.0 in S3.12 */

static g7sf_va_image u8_image(const uint8_t *p, int w, int h)
{
    return (g7sf_va_image){ p, (size_t)w, w, h, G7SF_VA_U8 };
}

/* One output pixel of a 1-row U8 matrix row[] at x. */
static int16_t at_x(const g7sf_va_convolve *c, const uint8_t *row, int n, int x)
{
    g7sf_va_image s = u8_image(row, n, 1);
    int16_t out = 0x5A5A;
    CHECK_EQ(g7sf_va_convolve_block(c, &s, x, 0, 1, 1, &out, 1, NULL), 0);
    return out;
}

TEST(identity_returns_the_samples)
{
    static const uint8_t img[3][5] = { { 0, 1, 2, 254, 255 }, { 9, 8, 7, 6, 5 },
                                       { 100, 101, 102, 103, 104 } };
    const int16_t k[1] = { ONE };
    g7sf_va_convolve c = { 1, 1, k, 0, false };
    g7sf_va_image s = u8_image(&img[0][0], 5, 3);
    int16_t out[3][6];
    memset(out, 0x5A, sizeof out);
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 0, 0, 5, 3, &out[0][0], 6, NULL), 0);
    for (int y = 0; y < 3; y++) {
        for (int x = 0; x < 5; x++)
            CHECK_EQ(out[y][x], img[y][x]);
        CHECK_EQ((uint16_t)out[y][5], 0x5A5A);   /* past the block: untouched */
    }
}

/* 0.5 x sample: 3 -> 1.5 -> 2, 5 -> 2.5 -> 3 (halves go up); with scale
 * 1 and 2.0: sample / 2 the same way. */
TEST(rounding_is_half_up)
{
    static const uint8_t row[4] = { 3, 5, 4, 1 };
    const int16_t half[1] = { ONE / 2 }, two[1] = { 2 * ONE };
    g7sf_va_convolve c = { 1, 1, half, 0, false };
    static const int16_t want[4] = { 2, 3, 2, 1 };
    for (int x = 0; x < 4; x++)
        CHECK_EQ(at_x(&c, row, 4, x), want[x]);
    c.kernel = two, c.scale = 2;    /* 2 v / 4 */
    for (int x = 0; x < 4; x++)
        CHECK_EQ(at_x(&c, row, 4, x), want[x]);
    /* a third of 1 (1365 / 4096 = 0.333): 0 ; of 2: 0.667 -> 1 */
    const int16_t third[1] = { 1365 };
    c.kernel = third, c.scale = 0;
    CHECK_EQ(at_x(&c, row + 3, 1, 0), 0);
    static const uint8_t two_px[1] = { 2 };
    CHECK_EQ(at_x(&c, two_px, 1, 0), 1);
}

/* S16 samples: -3 x 0.5 = -1.5 -> floor(-1) = -1; -5 x 0.5 = -2.5 -> -2;
 * -3 x 1/3 (1365) = -0.99975.. -> floor(-0.49975..) = -1. */
TEST(negative_values_round_half_up_too)
{
    const int16_t v[3] = { -3, -5, -32768 };
    g7sf_va_image s = { v, sizeof v, 3, 1, G7SF_VA_S16 };
    const int16_t half[1] = { ONE / 2 }, third[1] = { 1365 };
    g7sf_va_convolve c = { 1, 1, half, 0, false };
    int16_t out[3];
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 0, 0, 3, 1, out, 3, NULL), 0);
    CHECK_EQ(out[0], -1);
    CHECK_EQ(out[1], -2);
    CHECK_EQ(out[2], -16384);
    c.kernel = third;
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 0, 0, 1, 1, out, 1, NULL), 0);
    CHECK_EQ(out[0], -1);
}

/* The 16-bit SINT range, not the text's -2^16 .. 2^16 - 1: U16 65535 x 1
 * is 32767, S16 -32768 x 2 is -32768, and 16384 x 2 is 32767. */
TEST(results_clamp_to_16_bit_sint)
{
    const uint16_t u[2] = { 65535, 40000 };
    const int16_t sv[2] = { -32768, 16384 };
    g7sf_va_image su = { u, sizeof u, 2, 1, G7SF_VA_U16 };
    g7sf_va_image ss = { sv, sizeof sv, 2, 1, G7SF_VA_S16 };
    const int16_t one[1] = { ONE }, two[1] = { 2 * ONE };
    g7sf_va_convolve c = { 1, 1, one, 0, false };
    int16_t out[2];
    CHECK_EQ(g7sf_va_convolve_block(&c, &su, 0, 0, 2, 1, out, 2, NULL), 0);
    CHECK_EQ(out[0], 32767);
    CHECK_EQ(out[1], 32767);
    c.kernel = two;
    CHECK_EQ(g7sf_va_convolve_block(&c, &ss, 0, 0, 2, 1, out, 2, NULL), 0);
    CHECK_EQ(out[0], -32768);
    CHECK_EQ(out[1], 32767);
    /* 40000 x 2 / 2^2 = 20000: inside again */
    c.scale = 2;
    CHECK_EQ(g7sf_va_convolve_block(&c, &su, 1, 0, 1, 1, out, 1, NULL), 0);
    CHECK_EQ(out[0], 20000);
}

/* The kernel is not flipped (line 1783): kernel[n][m] meets sample (x +
 * m - (w - 1) / 2, y + n - (h - 1) / 2).  [1 0 0] reads the left
 * neighbour, a column [0 0 1] the one below; an even width 2 puts its
 * centre at m = 0. */
TEST(kernel_orientation)
{
    static const uint8_t img[3][4] = { { 1, 2, 3, 4 }, { 10, 20, 30, 40 }, { 50, 60, 70, 80 } };
    g7sf_va_image s = u8_image(&img[0][0], 4, 3);
    const int16_t left[3] = { ONE, 0, 0 }, below[3] = { 0, 0, ONE }, pair[2] = { 0, ONE };
    int16_t out;
    g7sf_va_convolve c = { 3, 1, left, 0, false };
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 2, 1, 1, 1, &out, 1, NULL), 0);
    CHECK_EQ(out, 20);
    c = (g7sf_va_convolve){ 1, 3, below, 0, false };
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 2, 1, 1, 1, &out, 1, NULL), 0);
    CHECK_EQ(out, 70);
    c = (g7sf_va_convolve){ 2, 1, pair, 0, false };
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 1, 0, 1, 1, &out, 1, NULL), 0);
    CHECK_EQ(out, 3);
}

/* Edges: a 5-wide kernel of ones at x = 0 of 10 20 30 40 reads columns
 * -2 .. 2: clamped 10 10 10 20 30 = 80, mirrored (-2 -> 1, -1 -> 0) 20 10
 * 10 20 30 = 90; at x = 3: clamped 20 30 40 40 40 = 170, mirrored (4 ->
 * 3, 5 -> 2) 20 30 40 40 30 = 160. */
TEST(clamp_and_mirror_edges)
{
    static const uint8_t row[4] = { 10, 20, 30, 40 };
    const int16_t ones[5] = { ONE, ONE, ONE, ONE, ONE };
    g7sf_va_convolve c = { 5, 1, ones, 0, false };
    CHECK_EQ(at_x(&c, row, 4, 0), 80);
    CHECK_EQ(at_x(&c, row, 4, 3), 170);
    c.mirror = true;
    CHECK_EQ(at_x(&c, row, 4, 0), 90);
    CHECK_EQ(at_x(&c, row, 4, 3), 160);
    /* rows too: a 1x5 column at y = 0 of a 1-wide matrix 10 20 30 40 */
    g7sf_va_image col = { row, 1, 1, 4, G7SF_VA_U8 };
    c = (g7sf_va_convolve){ 1, 5, ones, 0, true };
    int16_t out;
    CHECK_EQ(g7sf_va_convolve_block(&c, &col, 0, 0, 1, 1, &out, 1, NULL), 0);
    CHECK_EQ(out, 90);
}

/* A matrix smaller than the kernel (line 1767): a 1x1 matrix 7 under a
 * 5-wide kernel of ones.  Clamped, every tap reads 7: 35.  Mirrored, -1
 * and 1 read 0 (7), -2 -> 1 and 2 -> -1 stay outside and read 0: 21. */
TEST(matrix_smaller_than_the_kernel)
{
    static const uint8_t one[1] = { 7 };
    const int16_t ones[5] = { ONE, ONE, ONE, ONE, ONE };
    g7sf_va_convolve c = { 5, 1, ones, 0, false };
    CHECK_EQ(at_x(&c, one, 1, 0), 35);
    c.mirror = true;
    CHECK_EQ(at_x(&c, one, 1, 0), 21);
}

/* A 3x3 Sobel-like kernel (-1 0 1 in each row, S3.12) on a ramp of slope
 * 3: each row gives 6, three rows 18; at the left edge, clamped, the row
 * gives x1 - x0 = 3: 9. */
TEST(three_by_three)
{
    uint8_t img[4][6];
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 6; x++)
            img[y][x] = (uint8_t)(3 * x + 40 * y);
    const int16_t k[9] = { -ONE, 0, ONE, -ONE, 0, ONE, -ONE, 0, ONE };
    g7sf_va_convolve c = { 3, 3, k, 0, false };
    g7sf_va_image s = u8_image(&img[0][0], 6, 4);
    int16_t out[4][6];
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 0, 0, 6, 4, &out[0][0], 6, NULL), 0);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 6; x++)
            CHECK_EQ(out[y][x], x == 0 || x == 5 ? 9 : 18);
}

TEST(bad_arguments_are_refused_with_a_reason)
{
    static const uint8_t img[2][2] = { { 1, 2 }, { 3, 4 } };
    const int16_t k[1] = { ONE };
    g7sf_va_image s = u8_image(&img[0][0], 2, 2);
    g7sf_va_convolve c = { 1, 1, k, 0, false };
    int16_t out[4] = { 7, 7, 7, 7 };
    const char *why = NULL;
    struct { g7sf_va_convolve c; g7sf_va_image s; int x0, y0, w, h; size_t ds; const char *reason; } bad[] = {
        { { 0, 1, k, 0, false }, s, 0, 0, 1, 1, 1, "kernel" },
        { { 32, 1, k, 0, false }, s, 0, 0, 1, 1, 1, "kernel" },
        { { 1, 1, NULL, 0, false }, s, 0, 0, 1, 1, 1, "kernel" },
        { { 1, 1, k, 11, false }, s, 0, 0, 1, 1, 1, "scale" },
        { c, { img, 2, 2, 2, 3 }, 0, 0, 1, 1, 1, "type" },
        { c, { img, 1, 2, 2, G7SF_VA_U8 }, 0, 0, 1, 1, 1, "stride" },
        { c, { img, 2, 0, 2, G7SF_VA_U8 }, 0, 0, 1, 1, 1, "without samples" },
        { c, s, 1, 0, 2, 1, 2, "inside" },
        { c, s, -1, 0, 1, 1, 1, "inside" },
        { c, s, 0, 0, 0, 1, 1, "inside" },
        { c, s, 0, 0, 2, 2, 1, "destination stride" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(g7sf_va_convolve_block(&bad[i].c, &bad[i].s, bad[i].x0, bad[i].y0, bad[i].w,
                                        bad[i].h, out, bad[i].ds, &why),
                 G7SF_EINVAL);
        CHECKF(why && strstr(why, bad[i].reason), "case %zu: \"%s\"", i, why ? why : "(null)");
    }
    CHECK_EQ(g7sf_va_convolve_block(NULL, &s, 0, 0, 1, 1, out, 1, &why), G7SF_EINVAL);
    CHECK_EQ(g7sf_va_convolve_block(&c, NULL, 0, 0, 1, 1, out, 1, &why), G7SF_EINVAL);
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 0, 0, 1, 1, NULL, 1, &why), G7SF_EINVAL);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(out[i], 7);     /* nothing written */
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 1, 1, 1, 1, out, 1, &why), 0);
    CHECK(why == NULL);
    CHECK_EQ(out[0], 4);
}
