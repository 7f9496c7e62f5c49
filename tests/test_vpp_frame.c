/* The pipeline's frame conversions and GNE curve (src/vpp/frame.h,
 * noise.h): values worked out by hand from the siting and curve in
 * docs/spec-notes.md, "Video pipeline (driver side)". */
#include <string.h>

#include "harness.h"
#include "vpp/frame.h"
#include "vpp/noise.h"

TEST(interlaced_chroma_up_siting)
{
    /* one column; field chroma T0 T1 (lines 0, 2) at frame y 0.5, 4.5 and
     * B0 B1 (lines 1, 3) at 2.5, 6.5 */
    const uint8_t src[4] = { 0, 80, 160, 240 };
    uint8_t dst[8];
    vpp_chroma_up(src, 1, 1, 4, dst, 1, true);
    CHECK_EQ(dst[0], 0);        /* above T0: clamped */
    CHECK_EQ(dst[1], 80);       /* above B0: clamped */
    CHECK_EQ(dst[2], 60);       /* y 2: 3/8 of T0..T1: (5*0 + 3*160 + 4) >> 3 = 484 >> 3 */
    CHECK_EQ(dst[3], 100);      /* y 3: 1/8 of B0..B1: (7*80 + 240 + 4) >> 3 = 804 >> 3 */
    CHECK_EQ(dst[4], 140);      /* y 4: 7/8 of T0..T1: (0 + 7*160 + 4) >> 3 = 1124 >> 3 */
    CHECK_EQ(dst[5], 180);      /* y 5: 5/8 of B0..B1: (3*80 + 5*240 + 4) >> 3 = 1444 >> 3 */
    CHECK_EQ(dst[6], 160);      /* below T1: clamped */
    CHECK_EQ(dst[7], 240);
}

TEST(progressive_chroma_up_siting)
{
    /* C0, C1 at frame y 0.5 and 2.5 */
    const uint8_t src[2] = { 0, 80 };
    uint8_t dst[4];
    vpp_chroma_up(src, 1, 1, 2, dst, 1, false);
    CHECK_EQ(dst[0], 0);
    CHECK_EQ(dst[1], 20);       /* (6*0 + 2*80 + 4) >> 3 = 164 >> 3 */
    CHECK_EQ(dst[2], 60);       /* (2*0 + 6*80 + 4) >> 3 = 484 >> 3 */
    CHECK_EQ(dst[3], 80);
}

TEST(chroma_down_averages_line_pairs)
{
    const uint8_t src[2][2] = { { 10, 0 }, { 21, 255 } };
    uint8_t dst[2];
    vpp_chroma_down(&src[0][0], 2, 2, 1, dst, 2);
    CHECK_EQ(dst[0], 16);       /* (10 + 21 + 1) >> 1 */
    CHECK_EQ(dst[1], 128);      /* (0 + 255 + 1) >> 1 */
}

TEST(chroma_weave_takes_lines_by_parity)
{
    /* two columns, 4 lines: a's lines are 10 + y, b's 20 + y; the 1st field
     * (lines of first_parity) from a */
    const uint8_t a[8] = { 10, 10, 11, 11, 12, 12, 13, 13 };
    const uint8_t b[8] = { 20, 20, 21, 21, 22, 22, 23, 23 };
    uint8_t dst[3 * 4];
    memset(dst, 0, sizeof dst);
    vpp_chroma_weave(a, b, 2, 2, 4, 0, dst, 3);     /* top field first */
    static const uint8_t top[12] = { 10, 10, 0, 21, 21, 0, 12, 12, 0, 23, 23, 0 };
    CHECK(!memcmp(dst, top, sizeof top));
    vpp_chroma_weave(a, b, 2, 2, 4, 1, dst, 3);     /* bottom field first */
    static const uint8_t bottom[12] = { 20, 20, 0, 11, 11, 0, 22, 22, 0, 13, 13, 0 };
    CHECK(!memcmp(dst, bottom, sizeof bottom));
}

TEST(interlaced_ramp_round_trip)
{
    /* progressive 4:2:0 chroma line c sits at frame y = 2c + 0.5; a ramp
     * C[c] = 10 + 8c is v(y) = 8 + 4y.  Up-sampled per field it must give
     * v(y) on every 4:2:2 line away from the clamped ends, and back down
     * C[c] exactly: interlaced 4:2:0 siting is progressive siting in frame
     * coordinates, so static content round-trips. */
    enum { N = 24 };
    uint8_t c420[N], c422[2 * N], back[N];
    for (int c = 0; c < N; c++)
        c420[c] = (uint8_t)(10 + 8 * c);
    vpp_chroma_up(c420, 1, 1, N, c422, 1, true);
    for (int y = 4; y < 2 * N - 4; y++)
        CHECKF(c422[y] == 8 + 4 * y, "4:2:2 line %d: %d, want %d", y, c422[y], 8 + 4 * y);
    vpp_chroma_down(c422, 1, 1, N, back, 1);
    for (int c = 2; c < N - 2; c++)
        CHECKF(back[c] == c420[c], "line %d: %d, want %d", c, back[c], c420[c]);
}

TEST(padding_keeps_fields)
{
    const uint8_t src[3][3] = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 } };
    uint8_t dst[6][4];
    vpp_pad_plane(&src[0][0], 3, 3, 3, &dst[0][0], 4, 4, 6, true);
    CHECK_EQ(dst[0][3], 3);     /* last column replicated */
    CHECK_EQ(dst[3][0], 4);     /* line 3 (odd field): line 1 */
    CHECK_EQ(dst[4][1], 8);     /* line 4 (even field): line 2 */
    CHECK_EQ(dst[5][3], 6);     /* line 5: line 1, column 2 */
    vpp_pad_plane(&src[0][0], 3, 3, 3, &dst[0][0], 4, 4, 6, false);
    CHECK_EQ(dst[3][0], 7);     /* progressive: the last line */
    CHECK_EQ(dst[5][3], 9);
}

/* The row-range conversions, run in uneven pieces, give the whole-plane
 * bytes (the pipeline runs them in stripes on its threads). */
TEST(row_ranges_match_whole_planes)
{
    enum { W = 7, L = 12, SW = 9 };
    uint8_t src[2 * L][SW], a[2 * L][W], b[2 * L][W], whole[2 * L][W + 3], part[2 * L][W + 3];
    for (int y = 0; y < 2 * L; y++)
        for (int x = 0; x < SW; x++)
            src[y][x] = (uint8_t)(y * 29 + x * 7 + (x * y) % 13), a[y][x % W] = (uint8_t)(y + x);
    memcpy(b, src, sizeof b);
    static const int cuts[] = { 0, 1, 4, 5, 11, 2 * L };
    for (int inter = 0; inter < 2; inter++) {
        vpp_chroma_up(&src[0][0], SW, W, L, &whole[0][0], W + 3, inter);
        for (int k = 0; k + 1 < 6; k++)
            vpp_chroma_up_rows(&src[0][0], SW, W, L, &part[0][0], W + 3, inter, cuts[k],
                               cuts[k + 1]);
        for (int y = 0; y < 2 * L; y++)
            CHECKF(!memcmp(whole[y], part[y], W), "up (interlaced %d), line %d", inter, y);
        vpp_pad_plane(&src[0][0], SW, 5, 9, &whole[0][0], W + 3, W + 3, 2 * L, inter);
        for (int k = 0; k + 1 < 6; k++)
            vpp_pad_rows(&src[0][0], SW, 5, 9, &part[0][0], W + 3, W + 3, inter, cuts[k],
                         cuts[k + 1]);
        for (int y = 0; y < 2 * L; y++)
            CHECKF(!memcmp(whole[y], part[y], W + 3), "pad (interlaced %d), line %d", inter, y);
    }
    vpp_chroma_down(&src[0][0], SW, W, L, &whole[0][0], W + 3);
    vpp_chroma_weave(&a[0][0], &b[0][0], W, W, L, 1, &whole[L][0], W + 3);
    for (int k = 0; k + 1 < 6; k++) {
        int y0 = cuts[k] / 2, y1 = cuts[k + 1] / 2;
        vpp_chroma_down_rows(&src[0][0], SW, W, &part[0][0], W + 3, y0, y1);
        vpp_chroma_weave_rows(&a[0][0], &b[0][0], W, W, 1, &part[L][0], W + 3, y0, y1);
    }
    for (int y = 0; y < 2 * L; y++)
        CHECKF(!memcmp(whole[y], part[y], W), "down / weave, line %d", y);
}

TEST(noise_level_curve)
{
    CHECK_EQ(vpp_noise_level(0, 0), 16);            /* the prior, sigma 4 */
    /* sigma 2: GNE 2.5 * 2 + 4 / 4 = 6; sqrt(400 + 64 * 6) - 20 = 28 - 20 */
    CHECK_EQ(vpp_noise_level(600, 100), 8);
    /* sigma 4: GNE 10 + 4 = 14; sqrt(400 + 896) - 20 = 36 - 20 */
    CHECK_EQ(vpp_noise_level(14 * 37, 37), 16);
    CHECK_EQ(vpp_noise_level(0, 5), 0);             /* clean */
    /* the 23-bit sum at its largest over one block: sqrt(400 + 64 * 0x7FFFFF) */
    CHECK_EQ(vpp_noise_level(0x7FFFFF, 1), 23150);
}

TEST(thresholds_from_noise_and_strength)
{
    g7sf_sampler_state_di s = { 0 };
    vpp_noise_thresholds(16, 32, &s);               /* sigma 4, nominal */
    CHECK_EQ(s.temporal_difference_threshold, 16);  /* 4 sigma: the drivers' 16 */
    CHECK_EQ(s.low_temporal_difference_threshold, 8);
    CHECK_EQ(s.good_neighbor_threshold, 8);         /* 2 sigma */
    CHECK_EQ(s.denoise_stad_threshold, 96);         /* 24 sigma */
    CHECK_EQ(s.denoise_asd_threshold, 40);          /* 10 sigma */
    CHECK_EQ(s.denoise_maximum_history, 192);       /* 128 + 2 * 32 */
    CHECK_EQ(s.denoise_history_delta, 8);
    CHECK_EQ(s.block_noise_estimate_noise_threshold, 31);
    CHECK_EQ(s.bne_edge_threshold, 1);
    vpp_noise_thresholds(16, 0, &s);                /* strength 0: spatial with exact neighbours */
    CHECK_EQ(s.temporal_difference_threshold, 0);
    CHECK_EQ(s.low_temporal_difference_threshold, 0);
    CHECK_EQ(s.good_neighbor_threshold, 0);
    CHECK_EQ(s.denoise_maximum_history, 128);
    vpp_noise_thresholds(100, 64, &s);              /* fields saturate */
    CHECK_EQ(s.temporal_difference_threshold, 63);  /* 100 * 64 / 32 = 200 */
    CHECK_EQ(s.low_temporal_difference_threshold, 47);  /* th - low <= 16 */
    CHECK_EQ(s.good_neighbor_threshold, 63);
    CHECK_EQ(s.denoise_stad_threshold, 255);
    CHECK_EQ(s.denoise_asd_threshold, 63);
    CHECK_EQ(s.denoise_maximum_history, 240);
    vpp_noise_thresholds(1, 32, &s);                /* th 1: low 0, difference 1 > 0 */
    CHECK_EQ(s.temporal_difference_threshold, 1);
    CHECK_EQ(s.low_temporal_difference_threshold, 0);
}
