/* The denoise unit (§2.8.2-2.8.3): every expected value is worked out by hand
 * from the PRM formulas in the comment beside it. */
#include <string.h>

#include "gen7sf/media.h"
#include "harness.h"

/* Driver-like DN-only thresholds, chosen so the arithmetic stays small. */
static g7sf_dn_params base(void)
{
    return (g7sf_dn_params){ .stad_th = 140, .mp_th = 1, .tasd_th = 38, .scm_th = 64,
                             .history_max = 192, .history_delta = 8, .temporal_diff_th = 16,
                             .temporal_diff_low = 8, .good_neighbor_th = 4, .bne_edge_th = 1,
                             .bne_noise_th = 15 };
}

/* Pictures are at most 32x8, stored 32 bytes per row. */
enum { S = 32 };
typedef uint8_t pic[8][S];

static void fill(pic p, int v) { memset(p, v, sizeof(pic)); }

/* 100 where x + y is even, 104 where odd: every 3x3 holds both values. */
static void checker(pic p)
{
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < S; x++)
            p[y][x] = (x + y) & 1 ? 104 : 100;
}

static void add(pic dst, const pic src, int d)
{
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < S; x++)
            dst[y][x] = (uint8_t)(src[y][x] + d);
}

/* Runs the block at (bx, by) of a w x h picture; histories 4 per row. */
static int run_at(const g7sf_dn_params *p, pic cur, pic prev, int w, int h, int bx, int by,
                  int bh, const uint8_t *hin, uint8_t *hout, uint8_t out[8][16],
                  g7sf_dn_block_stats *st)
{
    g7sf_plane c = { &cur[0][0], S, w, h }, pv = { prev ? &prev[0][0] : NULL, S, w, h };
    return g7sf_dn_block(p, &c, prev ? &pv : NULL, bx, by, bh, hin, hout, 4, &out[0][0], 16, st);
}

static int run(const g7sf_dn_params *p, pic cur, pic prev, int bh, const uint8_t *hin,
               uint8_t *hout, uint8_t out[8][16], g7sf_dn_block_stats *st)
{
    return run_at(p, cur, prev, 16, bh, 0, 0, bh, hin, hout, out, st);
}

TEST(params_from_state)
{
    g7sf_sampler_state_di s = { .denoise_stad_threshold = 140, .denoise_maximum_history = 192,
                                .denoise_history_delta = 7, .denoise_asd_threshold = 38,
                                .temporal_difference_threshold = 40,
                                .low_temporal_difference_threshold = 10,
                                .denoise_moving_pixel_threshold = 1,
                                .denoise_threshold_for_sum_of_complexity_measure = 38,
                                .good_neighbor_threshold = 12, .bne_edge_threshold = 1,
                                .block_noise_estimate_noise_threshold = 20, .progressive_dn = 1,
                                .dndi_first_frame = 1 };
    g7sf_dn_params p;
    g7sf_dn_params_from_state(&s, &p);
    CHECK_EQ(p.stad_th, 140);
    CHECK_EQ(p.history_max, 192);
    CHECK_EQ(p.history_delta, 7);
    CHECK_EQ(p.tasd_th, 38);
    CHECK_EQ(p.scm_th, 38);
    CHECK_EQ(p.mp_th, 1);
    CHECK_EQ(p.good_neighbor_th, 12);
    CHECK_EQ(p.bne_edge_th, 1);
    CHECK_EQ(p.bne_noise_th, 20);
    CHECK_EQ(p.temporal_diff_th, 40);
    CHECK_EQ(p.temporal_diff_low, 24);      /* 40 - 10 > 16: raised to 40 - 16 */
    CHECK(!p.field && p.first_frame);
    s.low_temporal_difference_threshold = 30, s.progressive_dn = 0;
    g7sf_dn_params_from_state(&s, &p);
    CHECK_EQ(p.temporal_diff_low, 30);
    CHECK(p.field);
}

/* Static block: cur is the checkerboard, prev = cur + 2.
 * Per 4x4: STAD = 16 * 2 = 32 <= 140, no |c - p| >= 16 so BK_Motion_Pixel
 * = 0 <= 1: static.  TASD = |16 * -2| = 32 <= 38: no reset.  SHCM = SVCM =
 * 12 * 4 = 48.  History: 136 -> 144 (+delta 8), 100 -> 128, 188 -> 196
 * (below max 192, so + 8 even past max), 192 -> 192 (at max).
 * Pixel (0, 0), c = 100, p = 102, h = 144, t_diff = 2 < low 8: temporal
 * = (144 * 102 + 112 * 100 + 128) >> 8 = 26016 >> 8 = 101, inside [100, 104].
 * Pixel (1, 0), c = 104, p = 106: (144 * 106 + 112 * 104 + 128) >> 8 =
 * 27040 >> 8 = 105 >= block_max 104 -> (105 + 104) >> 1 = 104.
 * Pixel (4, 0) (h = 128): (128 * 102 + 128 * 100 + 128) >> 8 = 25984 >> 8 = 101. */
TEST(static_block_history_grows_and_output_is_temporal)
{
    g7sf_dn_params p = base();
    pic cur, prev;
    checker(cur);
    add(prev, cur, 2);
    uint8_t hin[8] = { 136, 100, 188, 192, 136, 100, 188, 192 }, hout[8], out[8][16];
    g7sf_dn_block_stats st;
    CHECK_EQ(run(&p, cur, prev, 8, hin, hout, out, &st), 0);
    const uint8_t want[4] = { 144, 128, 196, 192 };
    for (int k = 0; k < 8; k++) {
        CHECK_EQ(hout[k], want[k % 4]);
        CHECK_EQ(st.stad[k], 32);
        CHECK_EQ(st.tasd[k], 32);
        CHECK_EQ(st.shcm[k], 48);
        CHECK_EQ(st.svcm[k], 48);
        CHECK_EQ(st.motion_pixels[k], 0);
    }
    CHECK_EQ(out[0][0], 101);
    CHECK_EQ(out[0][1], 104);
    CHECK_EQ(out[0][4], 101);
}

/* The reset rule: flat cur 100, prev 102.  Per 4x4 STAD 32, TASD 32, SCM 0.
 * Static; with dnmh_tasd_th 0, TASD 32 > 0 and SCM 0 < 64: history 180 ->
 * 128.  With dnmh_tasd_th 38 the reset does not fire: 180 -> 188. */
TEST(static_block_history_reset_by_tasd_and_scm)
{
    g7sf_dn_params p = base();
    pic cur, prev;
    fill(cur, 100);
    fill(prev, 102);
    uint8_t hin[4] = { 180, 180, 180, 180 }, hout[4], out[8][16];
    g7sf_dn_block_stats st;
    p.tasd_th = 0;
    run(&p, cur, prev, 4, hin, hout, out, &st);
    CHECK_EQ(hout[0], 128);
    CHECK_EQ(hout[3], 128);
    p.tasd_th = 38;
    run(&p, cur, prev, 4, hin, hout, out, &st);
    CHECK_EQ(hout[0], 188);
}

/* Moving block: prev = cur + 20, so every |c - p| = 20 >= 16: BK_Motion_Pixel
 * 16 > 1, STAD = TASD = 320.  History 200 -> 100, 127 -> 0, 128 -> 64.
 * Output = spatial.  All 9 of each 3x3 are good (|104 - 100| = 4 <= 4).
 * Interior c = 100 (x + y even): 5 x 100 + 4 x 104 = 916,
 * ((916 + 4) * 227) >> 11 = 208840 >> 11 = 101.  c = 104: 5 x 104 + 4 x 100
 * = 920, (924 * 227) >> 11 = 209748 >> 11 = 102. */
TEST(moving_block_history_halves_and_output_is_spatial)
{
    g7sf_dn_params p = base();
    pic cur, prev;
    checker(cur);
    add(prev, cur, 20);
    uint8_t hin[4] = { 200, 127, 128, 255 }, hout[4], out[8][16];
    g7sf_dn_block_stats st;
    run(&p, cur, prev, 4, hin, hout, out, &st);
    const uint8_t want[4] = { 100, 0, 64, 127 };
    for (int k = 0; k < 4; k++)
        CHECK_EQ(hout[k], want[k]);
    CHECK_EQ(st.stad[0], 320);
    CHECK_EQ(st.tasd[0], 320);
    CHECK_EQ(st.motion_pixels[0], 16);
    CHECK_EQ(out[2][6], 101);
    CHECK_EQ(out[2][5], 102);
}

/* Spatial filter with n good neighbours, 1..9 (first frame: spatial only).
 * Centre (5, 1) = 100; n - 1 of its neighbours 102 (good: 2 <= 4), the rest
 * 200 (bad).  Σ = 100 + 102 (n - 1); out = ((Σ + (n >> 1)) q[n - 1]) >> 11:
 * n=1: 100 * 2048 >> 11 = 100          n=2: 203 * 1024 = 207872 -> 101
 * n=3: 305 * 682 = 208010 -> 101       n=4: 408 * 512 = 208896 -> 102
 * n=5: 510 * 409 = 208590 -> 101       n=6: 613 * 341 = 209033 -> 102
 * n=7: 715 * 292 = 208780 -> 101       n=8: 818 * 256 = 209408 -> 102
 * n=9: 920 * 227 = 208840 -> 101       (2048 * 101 = 206848, * 102 = 208896) */
TEST(spatial_filter_good_neighbours_1_to_9)
{
    static const int nb[8][2] = { { 4, 0 }, { 5, 0 }, { 6, 0 }, { 4, 1 },
                                  { 6, 1 }, { 4, 2 }, { 5, 2 }, { 6, 2 } };
    static const int want[10] = { 0, 100, 101, 101, 102, 101, 102, 101, 102, 101 };
    g7sf_dn_params p = base();
    p.first_frame = true;
    for (int n = 1; n <= 9; n++) {
        pic cur;
        fill(cur, 200);
        cur[1][5] = 100;
        for (int i = 0; i < n - 1; i++)
            cur[nb[i][1]][nb[i][0]] = 102;
        uint8_t hout[4], out[8][16];
        g7sf_dn_block_stats st;
        run(&p, cur, NULL, 4, NULL, hout, out, &st);
        CHECKF(out[1][5] == want[n], "n=%d: got %d, want %d", n, out[1][5], want[n]);
    }
}

/* Blend in the middle band and the out-of-range clamp, on a checkerboard
 * with prev = cur but at three pixels; histories 192 (max) stay 192: 4x4 #1
 * STAD 12, TASD 12 <= 38; 4x4 #2 STAD 12, TASD |6 - 6| = 0; both static.
 * (5, 1): c = 100, p = 88: t_diff 12, low 8 <= 12 < 16.
 * temporal = (192 * 88 + 64 * 100 + 128) >> 8 = 23424 >> 8 = 91 < block_min
 * 100 -> (91 + 100) >> 1 = 95.  spatial = 101 (as in the moving test).
 * out = ((101 * 4 + 95 * 4 + 8 / 2) * q_table[7] = 128) >> 10
 *     = (788 * 128) >> 10 = 100864 >> 10 = 98.
 * (6, 1), c = 104 = p: temporal (256 * 104 + 128) >> 8 = 104 >= block_max
 * -> (104 + 104) >> 1 = 104; t_diff 0 < 8: out 104.
 * Pure temporal (t_diff 6 < low), clamped:
 * (9, 1): c = 100 = block_min, p = 94: (192 * 94 + 64 * 100 + 128) >> 8 =
 * 24576 >> 8 = 96 < 100 -> (96 + 100) >> 1 = 98.
 * (10, 1): c = 104 = block_max, p = 110: (192 * 110 + 64 * 104 + 128) >> 8 =
 * 27904 >> 8 = 109 >= 104 -> (109 + 104) >> 1 = 106. */
TEST(blend_middle_band_and_out_of_range_clamp)
{
    g7sf_dn_params p = base();
    pic cur, prev;
    checker(cur);
    memcpy(prev, cur, sizeof prev);
    prev[1][5] = 88, prev[1][9] = 94, prev[1][10] = 110;
    uint8_t hin[4] = { 192, 192, 192, 192 }, hout[4], out[8][16];
    g7sf_dn_block_stats st;
    run(&p, cur, prev, 4, hin, hout, out, &st);
    CHECK_EQ(hout[1], 192);
    CHECK_EQ(hout[2], 192);
    CHECK_EQ(st.stad[1], 12);
    CHECK_EQ(st.tasd[1], 12);
    CHECK_EQ(st.tasd[2], 0);
    CHECK_EQ(out[1][5], 98);
    CHECK_EQ(out[1][6], 104);
    CHECK_EQ(out[1][9], 98);
    CHECK_EQ(out[1][10], 106);
}

/* q_table[12] = 79 and 79 * 13 = 1027 > 1024: th 13, low 0, flat 255 with
 * prev = cur, t_diff 0: ((255 * 0 + 255 * 13 + 13 / 2) * 79) >> 10 =
 * (3321 * 79) >> 10 = 262359 >> 10 = 256, saturated to 255. */
TEST(blend_saturates_to_8_bits)
{
    g7sf_dn_params p = base();
    p.temporal_diff_th = 13, p.temporal_diff_low = 0;
    pic cur;
    fill(cur, 255);
    uint8_t hin[4] = { 192, 192, 192, 192 }, hout[4], out[8][16];
    g7sf_dn_block_stats st;
    run(&p, cur, cur, 4, hin, hout, out, &st);
    CHECK_EQ(out[0][0], 255);
    CHECK_EQ(out[3][15], 255);
}

/* BNE.  (a) Flat 100 with one 120 at every (x % 3, y % 3) == (0, 0): each
 * 3x3 holds exactly one 120, median9 = 100, noise_max = 20, noise_metric
 * = 20.  With bne_nn_th 15: 20 < 15 fails everywhere -> 255.  With 21: a
 * pixel passes only when ED < 1; the noisy pixel as centre gives Hrz = Vrt
 * = 0, so BNE = 20 (elsewhere the 120 sits off-centre: e.g. above the
 * centre, Hrz = 2 * 20 = 40, ED = 40 >> 3 = 5; in a corner Hrz = Vrt = 20,
 * ED = 5).  With bne_nn_th 20, 20 < 20 fails: 255.  (b) One noisy pixel (5, 3) = 120 in flat 100: the pixels whose
 * 3x3 misses it have metric 0: BNE = 0.  (c) A ramp 16 x: Vrt = 4 * 32 =
 * 128 inside, 4 * 16 = 64 at the replicated sides: ED >= 8, none pass -> 255. */
TEST(block_noise_estimate)
{
    g7sf_dn_params p = base();
    pic cur, prev;
    uint8_t hin[8] = { 0 }, hout[8], out[8][16];
    g7sf_dn_block_stats st;
    fill(cur, 100);
    for (int y = 0; y < 8; y += 3)
        for (int x = 0; x < S; x += 3)
            cur[y][x] = 120;
    memcpy(prev, cur, sizeof prev);
    run(&p, cur, prev, 8, hin, hout, out, &st);
    CHECK_EQ(st.bne, 255);
    p.bne_noise_th = 20;
    run(&p, cur, prev, 8, hin, hout, out, &st);
    CHECK_EQ(st.bne, 255);
    p.bne_noise_th = 21;
    run(&p, cur, prev, 8, hin, hout, out, &st);
    CHECK_EQ(st.bne, 20);

    fill(cur, 100);
    cur[3][5] = 120;
    run(&p, cur, cur, 8, hin, hout, out, &st);
    CHECK_EQ(st.bne, 0);

    for (int y = 0; y < 8; y++)
        for (int x = 0; x < S; x++)
            cur[y][x] = (uint8_t)(16 * (x < 15 ? x : 15));
    run(&p, cur, cur, 8, hin, hout, out, &st);
    CHECK_EQ(st.bne, 255);
}

/* GNE: values below 255 are summed and counted per stream, the sum in 23
 * bits: 0x7FFFFE + 7 wraps to 5. */
TEST(gne_accumulates_per_stream)
{
    g7sf_gne g = { { 0 }, { 0 } };
    g7sf_gne_add(&g, 0, 2);
    g7sf_gne_add(&g, 0, 255);
    g7sf_gne_add(&g, 0, 7);
    g7sf_gne_add(&g, 1, 9);
    CHECK_EQ(g.sum[0], 9);
    CHECK_EQ(g.count[0], 2);
    CHECK_EQ(g.sum[1], 9);
    CHECK_EQ(g.count[1], 1);
    g.sum[1] = 0x7FFFFE;
    g7sf_gne_add(&g, 1, 7);
    CHECK_EQ(g.sum[1], 5);
    CHECK_EQ(g.count[1], 2);
}

/* Frame corner (first frame, spatial): (0,0) = 100, (1,0) = 102, (0,1) = 103,
 * (0,2) = 96, rest 200.  Progressive: lines -1 -> 0, 0, 1 and columns
 * -1 -> 0: rows [100 100 102] [100 100 102] [103 103 200]; good (<= 4): n = 8,
 * Σ = 400 + 204 + 206 = 810, (814 * 256) >> 11 = 208384 >> 11 = 101.
 * Field: lines -2 -> 0 (same field), 0, 2: [100 100 102] [100 100 102]
 * [96 96 200]: Σ = 400 + 204 + 192 = 796, (800 * 256) >> 11 = 100.
 * Field, (0, 1): lines -1 -> 1 (same field), 1, 3: [103 103 200] twice and
 * [200 200 200]: n = 4, Σ = 412, (414 * 512) >> 11 = 211968 >> 11 = 103.
 * Partial block at the bottom-right corner of a 20x6 picture, flat 50 with
 * (19, 5) = 52: lines 4, 5, 6 -> 5; columns 18, 19, 20 -> 19:
 * [50 50 50] [50 52 52] [50 52 52], all good: Σ = 458, (462 * 227) >> 11 =
 * 104874 >> 11 = 51 (block pixel (3, 1)). */
TEST(frame_corner_edge_rule)
{
    g7sf_dn_params p = base();
    p.first_frame = true;
    pic cur;
    fill(cur, 200);
    cur[0][0] = 100, cur[0][1] = 102, cur[1][0] = 103, cur[2][0] = 96;
    uint8_t hout[8], out[8][16];
    g7sf_dn_block_stats st;
    run(&p, cur, NULL, 4, NULL, hout, out, &st);
    CHECK_EQ(out[0][0], 101);
    p.field = true;
    run(&p, cur, NULL, 4, NULL, hout, out, &st);
    CHECK_EQ(out[0][0], 100);
    CHECK_EQ(out[1][0], 103);

    p.field = false;
    fill(cur, 50);
    cur[5][19] = 52;
    CHECK_EQ(run_at(&p, cur, NULL, 20, 6, 16, 4, 4, NULL, hout, out, &st), 0);
    CHECK_EQ(out[1][3], 51);
}

/* First frame: prev and history are not read, history written 0, the blend
 * is 100% spatial, STAD/TASD/motion pixels 0.  Flat 255: n = 9,
 * ((2295 + 4) * 227) >> 11 = 521873 >> 11 = 254 (the reciprocal 227 is below
 * 2048 / 9).  SHCM = SVCM = 0 still computed from cur. */
TEST(first_frame)
{
    g7sf_dn_params p = base();
    p.first_frame = true;
    pic cur;
    fill(cur, 255);
    uint8_t hout[8], out[8][16];
    memset(hout, 77, sizeof hout);
    g7sf_dn_block_stats st;
    CHECK_EQ(run(&p, cur, NULL, 8, NULL, hout, out, &st), 0);
    for (int k = 0; k < 8; k++) {
        CHECK_EQ(hout[k], 0);
        CHECK_EQ(st.stad[k], 0);
        CHECK_EQ(st.motion_pixels[k], 0);
    }
    CHECK_EQ(out[0][0], 254);
    CHECK_EQ(out[7][15], 254);
    CHECK_EQ(st.bne, 0);         /* flat: every metric 0, ED 0 */
}

TEST(bad_arguments)
{
    g7sf_dn_params p = base();
    pic cur;
    fill(cur, 0);
    uint8_t hin[8] = { 0 }, hout[8], out[8][16];
    g7sf_dn_block_stats st;
    CHECK_EQ(run(&p, cur, cur, 6, hin, hout, out, &st), G7SF_EINVAL);
    CHECK_EQ(run(&p, cur, NULL, 4, hin, hout, out, &st), G7SF_EINVAL);
    CHECK_EQ(run(&p, cur, cur, 4, NULL, hout, out, &st), G7SF_EINVAL);
    CHECK_EQ(run_at(&p, cur, cur, 32, 8, 8, 0, 4, hin, hout, out, &st), G7SF_EINVAL);
    CHECK_EQ(run_at(&p, cur, cur, 32, 8, 0, 2, 4, hin, hout, out, &st), G7SF_EINVAL);
    CHECK_EQ(run_at(&p, cur, cur, 32, 8, 32, 0, 4, hin, hout, out, &st), G7SF_EINVAL);
    /* thresholds that would index past the reciprocal tables */
    g7sf_dn_params q = p;
    q.temporal_diff_low = 0, q.temporal_diff_th = 17;       /* th - low = 17 > 16 */
    CHECK_EQ(run(&q, cur, cur, 4, hin, hout, out, &st), G7SF_EINVAL);
    q = p, q.temporal_diff_low = 20;                        /* low 20 > th 16 */
    CHECK_EQ(run(&q, cur, cur, 4, hin, hout, out, &st), G7SF_EINVAL);
    q = p, q.good_neighbor_th = 0x80000000u;                /* negative as an int */
    CHECK_EQ(run(&q, cur, cur, 4, hin, hout, out, &st), G7SF_EINVAL);
    q = p, q.temporal_diff_low = 0;                         /* th - low = 16: allowed */
    CHECK_EQ(run(&q, cur, cur, 4, hin, hout, out, &st), 0);
}

/* Properties over random pictures.  A static, noise-free input (prev = cur)
 * comes out unchanged: STAD 0, no motion pixel, t_diff 0 < low, temporal =
 * (256 c + 128) >> 8 = c, and c >= block_max only when c = block_max, where
 * (c + c) >> 1 = c.  Histories read at most max (>= 128) stay at most
 * max + delta - 1; moving ones drop to h / 2 or 0. */
TEST(properties_on_random_pictures)
{
    for (int iter = 0; iter < 200; iter++) {
        g7sf_dn_params p = base();
        p.field = iter & 1;
        p.history_max = 128 + (unsigned)(t_rand() % 113);
        p.history_delta = (unsigned)(t_rand() % 16);
        p.good_neighbor_th = (unsigned)(t_rand() % 64);
        pic cur, prev;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < S; x++)
                cur[y][x] = (uint8_t)t_rand();
        uint8_t hin[8], hout[8], out[8][16];
        for (int k = 0; k < 8; k++)
            hin[k] = (uint8_t)(t_rand() % (p.history_max + 1));
        g7sf_dn_block_stats st;
        run_at(&p, cur, cur, 32, 8, 16, 0, 8, hin, hout, out, &st);
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 16; x++)
                CHECKF(out[y][x] == cur[y][16 + x], "iter %d (%d,%d): %d != %d", iter, x, y,
                       out[y][x], cur[y][16 + x]);
        unsigned bound = p.history_max + p.history_delta - (p.history_delta > 0);
        for (int k = 0; k < 8; k++)
            CHECKF(hout[k] <= bound, "history %d > %u", hout[k], bound);
        /* a moving frame: every history falls to h / 2 or 0 */
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < S; x++)
                prev[y][x] = (uint8_t)(cur[y][x] ^ 0x80);
        run_at(&p, cur, prev, 32, 8, 16, 0, 8, hin, hout, out, &st);
        for (int k = 0; k < 8; k++)
            CHECK_EQ(hout[k], hin[k] >= 128 ? hin[k] / 2 : 0);
        if (t_failed())
            break;
    }
}
