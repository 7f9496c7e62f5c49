/* Haswell chroma denoise (002 "Chroma Noise Reduction", docs/spec-notes.md
 * "Haswell chroma denoise (002)"): every expected value is worked out by
 * hand from the luma formulas (§2.8.2) in the comment beside it. */
#include <limits.h>
#include <string.h>

#include "gen7sf/media.h"
#include "harness.h"

/* Luma controls shared with chroma: the DN-only driver values, with the
 * moving pixel threshold at 16 (never exceeded) unless a test says so. */
static g7sf_dn_params luma(void)
{
    return (g7sf_dn_params){ .stad_th = 140, .mp_th = 16, .tasd_th = 38, .scm_th = 64,
                             .history_max = 192, .history_delta = 8, .temporal_diff_th = 16,
                             .temporal_diff_low = 8, .good_neighbor_th = 4, .bne_edge_th = 1,
                             .bne_noise_th = 15 };
}

/* The Haswell driver's chroma values. */
static g7sf_dn_chroma_params chroma_hsw(void)
{
    g7sf_dn_chroma_params c;
    g7sf_dn_chroma_params_from_values(140, 13, 7, &c);
    return c;
}

/* Chroma planes are at most 16x8, stored 16 bytes per row. */
enum { S = 16 };
typedef uint8_t pic[8][S];

static void fill(pic p, int v) { memset(p, v, sizeof(pic)); }

static g7sf_plane plane(pic p, int w, int h) { return (g7sf_plane){ &p[0][0], S, w, h }; }

TEST(params_from_values)
{
    g7sf_dn_chroma_params c = chroma_hsw();
    CHECK_EQ(c.stad_th, 140);
    CHECK_EQ(c.temporal_diff_th, 13);
    CHECK_EQ(c.temporal_diff_low, 7);       /* 13 - 7 = 6 <= 16: kept */
    g7sf_dn_chroma_params_from_values(100, 40, 10, &c);
    CHECK_EQ(c.temporal_diff_low, 24);      /* 40 - 10 > 16: raised to 40 - 16 */
    g7sf_dn_chroma_params_from_values(100, 30, 30, &c);
    CHECK_EQ(c.temporal_diff_low, 30);      /* low >= th: empty middle band, kept */
    g7sf_dn_chroma_params_from_values(100, 20, UINT_MAX, &c);
    CHECK_EQ(c.temporal_diff_low, UINT_MAX);    /* no wrap-around in th - low */
}

/* 4:2:0, one 16x4 luma block: an 8x2 chroma block, four 2x2 groups, each
 * detected on the 4x4 window one column left/right and one line above/below
 * (clamped: lines -1, 0, 1, 2 read rows 0, 0, 1, 1).  Column 5 changes by
 * d in both rows; it lies in the windows of group 2 (columns 3..6) and
 * group 3 (columns 5..8 -> 5, 6, 7, 7), 4 positions each. */
static void column5(int d, uint8_t hout[4], uint8_t out[8][8], g7sf_dn_block_stats *st)
{
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 100);
    cur[0][5] = cur[1][5] = (uint8_t)(100 + d);
    g7sf_plane pc = plane(cur, 8, 2), pp = plane(prev, 8, 2);
    const uint8_t hin[4] = { 160, 100, 160, 100 };
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, st), 0);
}

TEST(motion_per_group_420)
{
    uint8_t hout[4], out[8][8];
    g7sf_dn_block_stats st;
    column5(36, hout, out, &st);
    /* groups 0, 1: nothing changed in their windows */
    CHECK_EQ(st.stad[0], 0);
    CHECK_EQ(st.stad[1], 0);
    CHECK_EQ(st.stad[2], 144);              /* 4 x 36 */
    CHECK_EQ(st.stad[3], 144);
    CHECK_EQ(st.tasd[2], 144);
    CHECK_EQ(st.motion_pixels[2], 4);       /* 36 >= 13, 4 positions */
    CHECK_EQ(st.motion_pixels[1], 0);
    /* group 2 rows 136 at window column 2: |0| + |36| + |36| per row, 4 rows */
    CHECK_EQ(st.shcm[2], 288);
    /* group 3 rows 136 100 100 100: 36 per row */
    CHECK_EQ(st.shcm[3], 144);
    CHECK_EQ(st.svcm[2], 0);                /* no vertical change */
    CHECK_EQ(st.bne, 255);
    /* static: 160 -> 160 + 8, 100 (< 128) -> 128; moving (144 > 140):
     * 160 -> 80, 100 (< 128) -> 0 */
    CHECK_EQ(hout[0], 168);
    CHECK_EQ(hout[1], 128);
    CHECK_EQ(hout[2], 80);
    CHECK_EQ(hout[3], 0);
    /* moving groups keep their input */
    CHECK_EQ(out[0][5], 136);
    CHECK_EQ(out[1][4], 100);
    CHECK_EQ(out[0][0], 100);               /* (168 * 100 + 88 * 100 + 128) >> 8 */
}

TEST(stad_threshold_is_strict)
{
    uint8_t hout[4], out[8][8];
    g7sf_dn_block_stats st;
    column5(35, hout, out, &st);
    CHECK_EQ(st.stad[2], 140);              /* 4 x 35: not > 140 */
    /* static; TASD 140 > 38 but SCM 280 is not < 64: no reset */
    CHECK_EQ(hout[2], 168);
    CHECK_EQ(hout[3], 128);
    /* t_diff 35 >= 13: the input value */
    CHECK_EQ(out[0][5], 135);
}

TEST(moving_pixels_use_chroma_threshold)
{
    g7sf_dn_params p = luma();
    p.mp_th = 1, p.temporal_diff_th = 40;   /* luma's 40 must not count here */
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 100);
    cur[0][0] = 113;                        /* |13| >= 13: a moving pixel */
    cur[0][3] = 112;                        /* |12| < 13 */
    g7sf_plane pc = plane(cur, 8, 2), pp = plane(prev, 8, 2);
    uint8_t hin[4] = { 200, 200, 200, 200 }, hout[4], out[8][8];
    g7sf_dn_block_stats st;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, &st), 0);
    /* group 0 reads columns 0, 0, 1, 2, rows 0, 0, 1, 1: (0, 0) 4 times */
    CHECK_EQ(st.motion_pixels[0], 4);
    CHECK_EQ(hout[0], 100);                 /* 4 > 1: moving, 200 / 2 */
    /* group 1 reads columns 1..4: (3, 0) twice, below 13 */
    CHECK_EQ(st.motion_pixels[1], 0);
    CHECK_EQ(st.stad[1], 24);               /* 2 x 12 */
    CHECK_EQ(hout[1], 200);                 /* static, 200 >= max 192: kept */
}

/* 4:2:2, a 16x4 luma block: 8x4 chroma, 2x4 groups whose windows add one
 * column each side and no line.  prev is 100; cur is 101 but 110 at (0, 0). */
TEST(temporal_filter_exact_422)
{
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 101);
    cur[0][0] = 110;
    g7sf_plane pc = plane(cur, 8, 4), pp = plane(prev, 8, 4);
    uint8_t hin[4] = { 176, 176, 176, 176 }, hout[4], out[8][8];
    g7sf_dn_block_stats st;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_422, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, &st), 0);
    /* group 0 window columns 0, 0, 1, 2: (0, 0) twice (10 each), 14 x 1 */
    CHECK_EQ(st.stad[0], 34);
    CHECK_EQ(st.tasd[0], 34);               /* <= 38: no reset */
    CHECK_EQ(st.shcm[0], 9);                /* row 0: 110 110 101 101 */
    CHECK_EQ(st.svcm[0], 18);               /* two window columns: |110 - 101| */
    CHECK_EQ(st.stad[1], 16);               /* 16 x 1 */
    CHECK_EQ(hout[0], 184);                 /* static: 176 + 8 */
    CHECK_EQ(hout[3], 184);
    /* (0, 0): temporal (184 * 100 + 72 * 110 + 128) >> 8 = 26448 >> 8 = 103;
     * t_diff 10 in [7, 13): ((110 * 3 + 103 * 3 + 6 / 2) * q_table[5] = 171)
     * >> 10 = 642 * 171 >> 10 = 109782 >> 10 = 107 */
    CHECK_EQ(out[0][0], 107);
    /* elsewhere: (184 * 100 + 72 * 101 + 128) >> 8 = 25800 >> 8 = 100,
     * t_diff 1 < 7: temporal */
    CHECK_EQ(out[0][1], 100);
    CHECK_EQ(out[3][7], 100);
    CHECK_EQ(out[1][0], 100);
}

/* 4:2:2 as above; prev 100, cur 104 but 90 at (4, 2) and 108 at (6, 3). */
TEST(asd_reset_no_clamp_no_spatial)
{
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 104);
    cur[2][4] = 90;
    cur[3][6] = 108;
    g7sf_plane pc = plane(cur, 8, 4), pp = plane(prev, 8, 4);
    uint8_t hin[4] = { 176, 176, 176, 176 }, hout[4], out[8][8];
    g7sf_dn_block_stats st;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_422, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, &st), 0);
    /* group 0: TASD 16 x 4 = 64 > 38 and SCM 0 < 64: static, reset to 128 */
    CHECK_EQ(st.tasd[0], 64);
    CHECK_EQ(hout[0], 128);
    /* group 1 (columns 1..4): TASD 15 x 4 - 10 = 50, SCM 14 + 28 = 42: reset */
    CHECK_EQ(hout[1], 128);
    /* group 2 (columns 3..6) holds both: STAD 14 x 4 + 10 + 8 = 74, TASD 56
     * - 10 + 8 = 54, SHCM 28 + 4, SVCM 28 + 4: SCM 64 is not < 64, so the
     * history grows: 176 + 8 */
    CHECK_EQ(st.stad[2], 74);
    CHECK_EQ(st.shcm[2], 32);
    CHECK_EQ(st.svcm[2], 32);
    CHECK_EQ(hout[2], 184);
    /* group 3 (columns 5, 6, 7, 7): TASD 60 + 8 = 68, SCM 8 + 4 = 12: reset */
    CHECK_EQ(hout[3], 128);
    /* (0, 0): temporal (128 * 100 + 128 * 104 + 128) >> 8 = 26240 >> 8 =
     * 102, t_diff 4 < 7; below its 3x3 minimum 104, yet no out-of-range
     * clamp (which would give (102 + 104) >> 1 = 103) */
    CHECK_EQ(out[0][0], 102);
    /* (4, 2), group 2: temporal (184 * 100 + 72 * 90 + 128) >> 8 = 25008 >>
     * 8 = 97; t_diff 10: ((90 * 3 + 97 * 3 + 3) * 171) >> 10 = 96444 >> 10 = 94 */
    CHECK_EQ(out[2][4], 94);
    /* (6, 3), group 3: temporal (128 * 100 + 128 * 108 + 128) >> 8 = 26752 >>
     * 8 = 104; t_diff 8: the input 108, not a 3x3 average (about 104, which
     * would give 104), is blended: ((108 * 1 + 104 * 5 + 3) * 171) >> 10 =
     * 107901 >> 10 = 105 */
    CHECK_EQ(out[3][6], 105);
}

/* 4:2:0, a 16x8 luma block: 8x4 chroma, two rows of groups (k 4..7 below),
 * histories 6 bytes apart.  Top groups read lines -1..2 (rows 0, 0, 1, 2),
 * bottom groups lines 1..4 (rows 1, 2, 3, 3). */
TEST(two_group_rows_420)
{
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c;
    g7sf_dn_chroma_params_from_values(70, 13, 7, &c);
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 100);
    cur[3][2] = 140;                        /* in groups 0/4 and 1/5 columns */
    cur[2][6] = 120;                        /* in groups 2/6 and 3/7 columns */
    g7sf_plane pc = plane(cur, 8, 4), pp = plane(prev, 8, 4);
    uint8_t hin[12], hout[12], out[8][8];
    memset(hin, 150, sizeof hin);
    memset(hout, 0xAA, sizeof hout);
    g7sf_dn_block_stats st;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 8, hin, hout, 6,
                                  &out[0][0], 8, &st), 0);
    /* row 3 only below, twice; row 2 once in each row of groups */
    static const int stad[8] = { 0, 0, 20, 20, 80, 80, 20, 20 };
    for (int k = 0; k < 8; k++)
        CHECKF(st.stad[k] == stad[k], "group %d: STAD %d, want %d", k, st.stad[k], stad[k]);
    CHECK_EQ(st.motion_pixels[4], 2);       /* 40 >= 13 twice */
    CHECK_EQ(st.motion_pixels[2], 1);       /* 20 >= 13 once */
    /* 80 > 70 moves (150 / 2); the rest static (150 + 8) */
    static const int h[8] = { 158, 158, 158, 158, 75, 75, 158, 158 };
    for (int k = 0; k < 8; k++)
        CHECKF(hout[k / 4 * 6 + k % 4] == h[k], "group %d: history %d, want %d", k,
               hout[k / 4 * 6 + k % 4], h[k]);
    CHECK_EQ(hout[4], 0xAA);                /* between the rows: untouched */
    CHECK_EQ(out[3][2], 140);               /* moving group 4: input */
    CHECK_EQ(out[2][6], 120);               /* static, t_diff 20 >= 13: input */
}

TEST(field_mode_edge_lines)
{
    /* with Progressive DN 0, line -1 is the nearest line of its field (1):
     * group 0 reads rows 1, 0, 1, 2 instead of 0, 0, 1, 2 */
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 100);
    cur[1][0] = 130;
    g7sf_plane pc = plane(cur, 8, 4), pp = plane(prev, 8, 4);
    uint8_t hin[4] = { 150, 150, 150, 150 }, hout[4], out[8][8];
    g7sf_dn_block_stats st;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, &st), 0);
    CHECK_EQ(st.stad[0], 60);               /* columns 0, 0: row 1 once, 2 x 30 */
    p.field = true;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, &st), 0);
    CHECK_EQ(st.stad[0], 120);              /* row 1 twice: 4 x 30 */
}

TEST(first_frame)
{
    g7sf_dn_params p = luma();
    p.first_frame = true;
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur;
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < S; x++)
            cur[y][x] = (uint8_t)(y * 16 + x * 3);
    g7sf_plane pc = plane(cur, 8, 8);
    uint8_t hout[8], out[8][8];
    memset(hout, 0xAA, sizeof hout);
    g7sf_dn_block_stats st;
    /* prev and hist_in unread: NULL */
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_422, &pc, NULL, 0, 0, 8, NULL, hout, 4,
                                  &out[0][0], 8, &st), 0);
    for (int k = 0; k < 8; k++) {
        CHECK_EQ(hout[k], 0);
        CHECK_EQ(st.stad[k], 0);
        CHECK_EQ(st.motion_pixels[k], 0);
    }
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++)
            CHECKF(out[y][x] == cur[y][x], "(%d, %d): %d, want the input %d", x, y, out[y][x],
                   cur[y][x]);
    /* group 0 still measures its complexity: rows 0 3 6 (x 0, 0, 1, 2 ->
     * 0, 0, 3, 6): 0 + 3 + 3 = 6 per row, 4 rows */
    CHECK_EQ(st.shcm[0], 24);
}

TEST(block_position_and_partial_block)
{
    /* the block of luma (16, 4) in 4:2:0 is chroma (8, 2); a plane 9 wide
     * and 3 high leaves most of it outside, read as the nearest sample */
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(prev, 100);
    fill(cur, 100);
    cur[2][8] = 50;
    g7sf_plane pc = plane(cur, 9, 3), pp = plane(prev, 9, 3);
    uint8_t hin[4] = { 150, 150, 150, 150 }, hout[4], out[8][8];
    g7sf_dn_block_stats st;
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 16, 4, 4, hin, hout, 4,
                                  &out[0][0], 8, &st), 0);
    /* group 0: columns 7, 8, 9, 10 -> 7, 8, 8, 8; lines 1, 2, 3, 4 -> 1,
     * 2, 2, 2: (8, 2) 3 x 3 = 9 times, 50 each */
    CHECK_EQ(st.stad[0], 450);
    CHECK_EQ(hout[0], 75);                  /* moving: 150 / 2 */
    CHECK_EQ(out[0][0], 50);                /* the block's (0, 0) is (8, 2) */
    CHECK_EQ(out[1][7], 50);                /* (15, 3) clamps to (8, 2) */
}

TEST(bad_arguments)
{
    g7sf_dn_params p = luma();
    g7sf_dn_chroma_params c = chroma_hsw();
    pic cur, prev;
    fill(cur, 1);
    fill(prev, 2);
    g7sf_plane pc = plane(cur, 8, 4), pp = plane(prev, 8, 4);
    uint8_t hin[8] = { 0 }, hout[16], out[8][8];
    g7sf_dn_block_stats st;
#define RUN(pp_, cc_, fmt_, c_, v_, bx_, by_, bh_, hi_, hs_, os_)                          \
    g7sf_dn_chroma_block(pp_, cc_, fmt_, c_, v_, bx_, by_, bh_, hi_, hout, hs_, &out[0][0], \
                         os_, &st)
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 4, 8), 0);
    CHECK_EQ(RUN(NULL, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, NULL, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_411, &pc, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, (enum g7sf_chroma)7, &pc, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, NULL, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, NULL, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, NULL, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 6, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 8, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 2, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, -16, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 16, 0, 4, hin, 4, 8), G7SF_EINVAL); /* x 8 */
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 4, 4, hin, 4, 8), 0);   /* chroma line 2 */
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 8, 4, hin, 4, 8), G7SF_EINVAL); /* line 4 */
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_422, &pc, &pp, 0, 4, 4, hin, 4, 8), G7SF_EINVAL); /* line 4 */
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 3, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 4, 7), G7SF_EINVAL);
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, NULL, 4,
                                  &out[0][0], 8, &st), G7SF_EINVAL);
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, hout, 4, NULL,
                                  8, &st), G7SF_EINVAL);
    CHECK_EQ(g7sf_dn_chroma_block(&p, &c, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, hout, 4,
                                  &out[0][0], 8, NULL), G7SF_EINVAL);
    /* planes: different sizes, no data, stride below width, empty */
    g7sf_plane small = plane(prev, 8, 2), nodata = { NULL, 8, 8, 4 },
               narrow = { &cur[0][0], 4, 8, 4 }, empty = { &cur[0][0], 8, 0, 4 };
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &pc, &small, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &nodata, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &narrow, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    CHECK_EQ(RUN(&p, &c, G7SF_CHROMA_420, &empty, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    /* a th - low beyond the 16-entry table, set without the constructor */
    g7sf_dn_chroma_params wide = { 140, 40, 10 };
    CHECK_EQ(RUN(&p, &wide, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 4, 8), G7SF_EINVAL);
    wide.temporal_diff_low = 24;
    CHECK_EQ(RUN(&p, &wide, G7SF_CHROMA_420, &pc, &pp, 0, 0, 4, hin, 4, 8), 0);
#undef RUN
}

/* Garbage thresholds and pictures: no crash, no read outside (run under
 * SAN=1), and a moving or first-frame group always keeps its input. */
TEST(random_inputs_stay_in_bounds)
{
    for (int it = 0; it < 500; it++) {
        g7sf_dn_params p = { .stad_th = (unsigned)t_rand(),
                             .mp_th = (unsigned)t_rand() % 20,
                             .tasd_th = (unsigned)t_rand() % 300,
                             .scm_th = (unsigned)t_rand() % 300,
                             .history_max = (unsigned)t_rand() % 256,
                             .history_delta = (unsigned)t_rand() % 16,
                             .field = t_rand() & 1,
                             .first_frame = (t_rand() % 8) == 0 };
        g7sf_dn_chroma_params c;
        g7sf_dn_chroma_params_from_values((unsigned)t_rand() % 400, (unsigned)t_rand(),
                                          (unsigned)t_rand() % 300, &c);
        pic cur, prev;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < S; x++)
                cur[y][x] = (uint8_t)t_rand(), prev[y][x] = (uint8_t)t_rand();
        int w = 1 + (int)(t_rand() % 8), h = 1 + (int)(t_rand() % 8);
        enum g7sf_chroma f = t_rand() & 1 ? G7SF_CHROMA_420 : G7SF_CHROMA_422;
        g7sf_plane pc = plane(cur, w, h), pp = plane(prev, w, h);
        uint8_t hin[8], hout[8], out[8][8];
        for (int k = 0; k < 8; k++)
            hin[k] = (uint8_t)t_rand();
        g7sf_dn_block_stats st;
        int bh = t_rand() & 1 ? 8 : 4;
        int err = g7sf_dn_chroma_block(&p, &c, f, &pc, &pp, 0, 0, bh, hin, hout, 4, &out[0][0], 8,
                                       &st);
        CHECK_EQ(err, 0);
        int gh = f == G7SF_CHROMA_420 ? 2 : 4;
        for (int y = 0; y < (f == G7SF_CHROMA_420 ? bh / 2 : bh) && y < h; y++)
            for (int x = 0; x < w; x++) {
                int k = y / gh * 4 + x / 2;
                bool moving = p.first_frame || st.stad[k] > c.stad_th ||
                              st.motion_pixels[k] > p.mp_th;
                CHECKF(!moving || out[y][x] == cur[y][x], "it %d (%d, %d): moving group changed",
                       it, x, y);
            }
        if (t_failed())
            break;
    }
}
