/* One DN/DI pass over a frame (src/vpp/vpp_pass.h): where the kernel's
 * stores land in the statistics surface (§2.8.6.2, 001 lines 1542-1564),
 * stripes, and bad arguments.  Expected values are worked out by hand. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "vpp/vpp_pass.h"

enum { W = 32, H = 16, PITCH = 40 };

static uint8_t frame_a[H][W], frame_b[H][W];

static g7sf_yuv luma(uint8_t (*f)[W])
{
    return (g7sf_yuv){ .y = { f ? &f[0][0] : NULL, W, W, H } };
}

/* DN only, the driver's DN/DI history numbers. */
static g7sf_sampler_state_di dn_state(bool first)
{
    return (g7sf_sampler_state_di){ .dn_enable = 1, .dndi_first_frame = first,
                                    .denoise_stad_threshold = 140,
                                    .denoise_maximum_history = 192, .denoise_history_delta = 7,
                                    .denoise_asd_threshold = 38,
                                    .denoise_threshold_for_sum_of_complexity_measure = 38,
                                    .denoise_moving_pixel_threshold = 1,
                                    .temporal_difference_threshold = 16,
                                    .low_temporal_difference_threshold = 8,
                                    .good_neighbor_threshold = 4, .bne_edge_threshold = 1,
                                    .block_noise_estimate_noise_threshold = 31,
                                    .dndi_stream_id = 1 };
}

/* Runs a whole DN-only pass of cur against prev, stat_in -> stat_out. */
static int dn_pass(bool first, uint8_t (*cur)[W], uint8_t (*prev)[W], const uint8_t *stat_in,
                   uint8_t *stat_out, uint8_t *dn, vpp_pass_out *o)
{
    g7sf_sampler_state_di s = dn_state(first);
    g7sf_yuv c = luma(cur), p = luma(prev);
    vpp_pass_in in = { &s, &c, &p, stat_in, PITCH, NULL, VPP_STAT_IVB };
    *o = (vpp_pass_out){ .dn = { dn, W }, .stat_out = stat_out };
    return vpp_pass_run(&in, o, 0, vpp_pass_rows(&s, H), false, NULL);
}

TEST(history_lands_at_half_pitch)
{
    memset(frame_a, 100, sizeof frame_a);
    uint8_t s0[H * PITCH], s1[H * PITCH], s2[H * PITCH], dn[H * W];
    memset(s0, 0xAA, sizeof s0), memset(s1, 0xAA, sizeof s1), memset(s2, 0xAA, sizeof s2);
    vpp_pass_out o;
    CHECK_EQ(dn_pass(true, frame_a, NULL, NULL, s0, dn, &o), 0);
    /* 16x8 blocks: 4x4 history (x, y) at row y / 4, column 40 / 2 + x / 4 =
     * 20 .. 27, rows 0 .. 3; the first frame writes 0 there and nothing else */
    for (int y = 0; y < H; y++)
        for (int x = 0; x < PITCH; x++) {
            int want = y < H / 4 && x >= 20 && x < 28 ? 0 : 0xAA;
            CHECKF(s0[y * PITCH + x] == want, "first (%d,%d): %d", x, y, s0[y * PITCH + x]);
        }
    /* a flat frame: every pixel passes the BNE gates with metric 0, so each
     * of the 2 x 2 blocks has BNE 0; stream 1 counts them */
    CHECK_EQ(o.gne.count[1], 4);
    CHECK_EQ(o.gne.sum[1], 0);
    CHECK_EQ(o.gne.count[0], 0);
    CHECK_EQ(dn[5 * W + 7], 100);
    /* static: STAD 0, not moving; h 0 < 128 -> 128, then 128 + delta 7 */
    CHECK_EQ(dn_pass(false, frame_a, frame_a, s0, s1, dn, &o), 0);
    CHECK_EQ(dn_pass(false, frame_a, frame_a, s1, s2, dn, &o), 0);
    for (int y = 0; y < H / 4; y++)
        for (int x = 20; x < 28; x++) {
            CHECK_EQ(s1[y * PITCH + x], 128);
            CHECK_EQ(s2[y * PITCH + x], 135);
        }
    CHECK_EQ(s2[0 * PITCH + 19], 0xAA);    /* the STMM half is the DI's */
    CHECK_EQ(o.moving_4x4, 0);
}

TEST(moving_blocks_counted)
{
    memset(frame_a, 100, sizeof frame_a);
    memset(frame_b, 100, sizeof frame_b);
    /* one 4x4 of b brighter by 20: STAD 16 x 20 = 320 > 140, moving */
    for (int y = 8; y < 12; y++)
        memset(&frame_b[y][4], 120, 4);
    uint8_t s0[H * PITCH] = { 0 }, s1[H * PITCH], dn[H * W];
    vpp_pass_out o;
    CHECK_EQ(dn_pass(false, frame_b, frame_a, s0, s1, dn, &o), 0);
    CHECK_EQ(o.moving_4x4, 1);
    /* moving: h 0 stays 0 (h < 128 -> 0); its neighbours go to 128 */
    CHECK_EQ(s1[2 * PITCH + 20 + 1], 0);
    CHECK_EQ(s1[2 * PITCH + 20 + 2], 128);
}

TEST(stripes_give_the_same_bytes)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            frame_a[y][x] = (uint8_t)t_rand(), frame_b[y][x] = (uint8_t)(frame_a[y][x] ^ (t_rand() & 7));
    uint8_t hist[H * PITCH];
    for (size_t i = 0; i < sizeof hist; i++)
        hist[i] = (uint8_t)t_rand();
    uint8_t s_one[H * PITCH] = { 0 }, s_two[H * PITCH] = { 0 }, dn1[H * W], dn2[H * W];
    g7sf_sampler_state_di s = dn_state(false);
    g7sf_yuv c = luma(frame_b), p = luma(frame_a);
    vpp_pass_in in = { &s, &c, &p, hist, PITCH, NULL, VPP_STAT_IVB };
    vpp_pass_out one = { .dn = { dn1, W }, .stat_out = s_one };
    vpp_pass_out two = { .dn = { dn2, W }, .stat_out = s_two }, two_b = two;
    CHECK_EQ(vpp_pass_rows(&s, H), 2);
    CHECK_EQ(vpp_pass_run(&in, &one, 0, 2, false, NULL), 0);
    CHECK_EQ(vpp_pass_run(&in, &two_b, 1, 2, false, NULL), 0);
    CHECK_EQ(vpp_pass_run(&in, &two, 0, 1, false, NULL), 0);
    CHECK(!memcmp(dn1, dn2, sizeof dn1));
    CHECK(!memcmp(s_one, s_two, sizeof s_one));
    CHECK_EQ(one.gne.count[1], two.gne.count[1] + two_b.gne.count[1]);
    CHECK_EQ(one.gne.sum[1], two.gne.sum[1] + two_b.gne.sum[1]);
    CHECK_EQ(one.moving_4x4, two.moving_4x4 + two_b.moving_4x4);
}

TEST(bad_arguments)
{
    memset(frame_a, 1, sizeof frame_a);
    uint8_t st[H * PITCH], dn[H * W];
    g7sf_sampler_state_di s = dn_state(false);
    g7sf_yuv c = luma(frame_a), p = luma(frame_a);
    vpp_pass_in in = { &s, &c, &p, st, PITCH, NULL, VPP_STAT_IVB };
    vpp_pass_out o = { .dn = { dn, W }, .stat_out = st };
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 3, false, NULL), G7SF_EINVAL);     /* 2 rows */
    CHECK_EQ(vpp_pass_run(&in, &o, 1, 0, false, NULL), G7SF_EINVAL);
    CHECK_EQ(vpp_pass_run(NULL, &o, 0, 1, false, NULL), G7SF_EINVAL);
    in.stat_pitch = W - 2;                                          /* < width */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    in.stat_pitch = PITCH - 1;                                      /* odd */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    in.stat_pitch = PITCH;
    in.prev = NULL;                                                 /* not the first frame */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    in.prev = &p;
    s.dn_enable = 0;                                                /* neither DN nor DI */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    s.dn_enable = 1;
    c.y.width = 24;                                                 /* not whole blocks */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    c.y.width = W, c.y.height = 12;                                 /* DN only: 16x8 blocks */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    c.y.height = H;
    s.di_enable = 1;                                                /* DI needs chroma planes */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 1, false, NULL), G7SF_EINVAL);
    s.di_enable = 0;
    /* no statistics surface: the same output, nothing stored */
    static uint8_t dn_stat[H * W], st_copy[H * PITCH];
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 2, false, NULL), 0);
    memcpy(dn_stat, dn, sizeof dn);
    memcpy(st_copy, st, sizeof st);
    memset(dn, 0, sizeof dn);
    o.stat_out = NULL;
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 2, false, NULL), 0);
    CHECK(!memcmp(dn, dn_stat, sizeof dn));
    CHECK(!memcmp(st, st_copy, sizeof st));
    o.stat_out = st;
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 2, false, NULL), 0);
    p.chroma = G7SF_CHROMA_422;                                     /* DN reads no chroma */
    CHECK_EQ(vpp_pass_run(&in, &o, 0, 2, false, NULL), 0);
}
