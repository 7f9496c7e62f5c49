/* The field motion detector (§2.8.5): every expected value is worked out by
 * hand from the PRM formulas in the comment beside it. */
#include <string.h>

#include "gen7sf/media.h"
#include "harness.h"

/* Pictures are at most 48x12, stored 48 bytes per row. */
enum { S = 48, R = 12 };
typedef uint8_t pic[R][S];

/* Top (even) lines t, bottom (odd) lines b. */
static void fields(pic p, int t, int b)
{
    for (int y = 0; y < R; y++)
        memset(p[y], y & 1 ? b : t, S);
}

static g7sf_di_params params(unsigned tdiff, unsigned vdiff1, unsigned vdiff2, unsigned thr)
{
    return (g7sf_di_params){ .fmd_tdiff = tdiff, .fmd_vdiff1 = vdiff1, .fmd_vdiff2 = vdiff2,
                             .fmd_thr_tear = thr };
}

static int run(const g7sf_di_params *p, pic cur, pic prev, int w, int h, int bx, int by,
               g7sf_fmd_block *b)
{
    g7sf_plane c = { &cur[0][0], S, w, h }, pv = { prev ? &prev[0][0] : NULL, S, w, h };
    return g7sf_fmd_block_run(p, &c, prev ? &pv : NULL, bx, by, b);
}

static void check_v(const g7sf_fmd_block *b, const uint32_t want[11])
{
    for (int k = 0; k < 11; k++)
        CHECKF(b->v[k] == want[k], "v[%d]: got %u, want %u", k, b->v[k], want[k]);
}

/* 16x4 frame, cur fields 100 / 110, prev fields 103 / 105: per even-line
 * pixel |cTpT| = 3, |cBpB| = 5, |cTcB| = 10, |cTpB| = |100 - 105| = 5,
 * |cBpT| = |110 - 103| = 7; 32 pixels: sums 96, 160, 320, 160, 224 (absolute
 * values: squares would give 288 for cTpT), frame contributions >> 4: 6, 10,
 * 20, 10, 14.  Moving: 3^2 + 5^2 = 34 > tdiff 33.  Tearing: 10^2 = 100 >
 * cTcT + cBcB = 0, so v5 = 32, v6 = 0.  Smooth (cT = cB = 0 < 1): v7 = 32.
 * vdiff2 1: TEAR1 (100 > 0), TEAR2 (25 > cTcT + pBpB = 0), TEAR3 (49 > 0)
 * everywhere, each with a tearing neighbour at x +- 1: v8 = v9 = v10 = 32;
 * v8 is not > v9, no zeroing; 32 >= thr 2. */
TEST(simple_differences_and_counters)
{
    pic cur, prev;
    fields(cur, 100, 110);
    fields(prev, 103, 105);
    g7sf_di_params p = params(33, 1, 1, 2);
    g7sf_fmd_block b;
    CHECK_EQ(run(&p, cur, prev, 16, 4, 0, 0, &b), 0);
    CHECK_EQ(b.diff[0], 96);
    CHECK_EQ(b.diff[1], 160);
    CHECK_EQ(b.diff[2], 320);
    CHECK_EQ(b.diff[3], 160);
    CHECK_EQ(b.diff[4], 224);
    CHECK_EQ(b.tearing, 32);
    CHECK_EQ(b.fitting, 0);
    CHECK_EQ(b.motion, 32);
    check_v(&b, (const uint32_t[11]){ 6, 10, 20, 10, 14, 32, 0, 32, 32, 32, 32 });

    /* 34 is not > tdiff 34: no pixel moves, v5..v10 all 0 */
    p.fmd_tdiff = 34;
    CHECK_EQ(run(&p, cur, prev, 16, 4, 0, 0, &b), 0);
    check_v(&b, (const uint32_t[11]){ 6, 10, 20, 10, 14, 0, 0, 0, 0, 0, 0 });
    CHECK_EQ(b.motion, 0);

    /* thr_tear 33: the 32 tears of each kind are dropped, v7 stays */
    p = params(33, 1, 1, 33);
    run(&p, cur, prev, 16, 4, 0, 0, &b);
    check_v(&b, (const uint32_t[11]){ 6, 10, 20, 10, 14, 32, 0, 32, 0, 0, 0 });
}

/* Fitting: cur fields equal (100), prev 110: moving (100 + 100 > 175),
 * cTcB = 0 is not > 0: v6 = 32, v5 = 0.  Sums: cTpT = cBpB = cTpB = cBpT =
 * 32 x 10 = 320 (>> 4 = 20), cTcB 0.  No TEAR1 (0 < vdiff2); TEAR2: 100 >=
 * 100 and 100 > 0: 32, TEAR3 likewise. */
TEST(fitting_count)
{
    pic cur, prev;
    fields(cur, 100, 100);
    fields(prev, 110, 110);
    g7sf_di_params p = params(175, 16, 100, 2);
    g7sf_fmd_block b;
    run(&p, cur, prev, 16, 4, 0, 0, &b);
    CHECK_EQ(b.tearing, 0);
    CHECK_EQ(b.fitting, 32);
    check_v(&b, (const uint32_t[11]){ 20, 20, 0, 20, 20, 0, 32, 32, 0, 32, 32 });
    /* vdiff2 101: 100 < 101, no tears at all */
    p.fmd_vdiff2 = 101;
    run(&p, cur, prev, 16, 4, 0, 0, &b);
    check_v(&b, (const uint32_t[11]){ 20, 20, 0, 20, 20, 0, 32, 32, 0, 0, 0 });
}

/* The first block rule: cur 100 / 110, prev 104 / 106.  |cTpT| = |cBpB| = 4:
 * 16 + 16 = 32 > tdiff 31.  cTcB^2 = 100, cTpB^2 = |100 - 106|^2 = 36, cBpT^2
 * = |110 - 104|^2 = 36.  vdiff2 37: only TEAR1, v8 = 32 > v9 = v10 = 0, so
 * v7 = v8 = v9 = v10 = 0 (v5 = 32 stays).  vdiff2 36: all three tear, v8 =
 * v9 = v10 = 32, nothing is zeroed. */
TEST(dominant_tear1_zeroes_v7_to_v10)
{
    pic cur, prev;
    fields(cur, 100, 110);
    fields(prev, 104, 106);
    g7sf_di_params p = params(31, 16, 37, 1);
    g7sf_fmd_block b;
    run(&p, cur, prev, 16, 4, 0, 0, &b);
    /* sums 128, 128, 320, 192, 192 */
    check_v(&b, (const uint32_t[11]){ 8, 8, 20, 12, 12, 32, 0, 0, 0, 0, 0 });
    CHECK_EQ(b.motion, 0);
    CHECK_EQ(b.tearing, 32);
    p.fmd_vdiff2 = 36;
    run(&p, cur, prev, 16, 4, 0, 0, &b);
    check_v(&b, (const uint32_t[11]){ 8, 8, 20, 12, 12, 32, 0, 32, 32, 32, 32 });
    CHECK_EQ(b.motion, 32);
}

/* Vertical smoothness, with the minus read into "ABS(c(x,y-2) + c(x,y+2))".
 * 16x8 frame, block (0, 4); top lines 0, 2, 6 are 100, line 4 is 130; bottom
 * lines 100; prev = 120 everywhere (moving: 20^2 + 20^2 > 175).
 * Line 4: cT = |130 - 100| + |130 - 100| - |100 - 100| = 60 >= 16: not
 * smooth (with a plus it would be 60 - 200 < 0).  Line 6: line 8 reads as
 * line 6 (same field), cT = |100 - 130| + 0 - |130 - 100| = 0, cB = 0:
 * smooth.  v7 = 16.  Tearing: line 4 cTcB = 900 is not > cTcT = 900 + cBcB
 * = 0; line 6 cTcB = 0: v6 = 32.  Sums: cTpT = 16 x |130 - 120| + 16 x
 * |100 - 120| = 480 (>> 4 = 30); cBpB = 32 x 20 = 640 (40); cTcB = 16 x 30
 * = 480 (30); cTpB = 480 (30); cBpT = 640 (40).  TEAR2 at line 6 (cTpB 400 >= 100, > cTcT 0 + pBpB 0) and
 * TEAR3 (cBpT 400 > pTpT 0 + cBcB 0), each with x neighbours: 16. */
TEST(vertical_smoothness_uses_a_difference)
{
    pic cur, prev;
    fields(cur, 100, 100);
    memset(cur[4], 130, S);
    fields(prev, 120, 120);
    g7sf_di_params p = params(175, 16, 100, 2);
    g7sf_fmd_block b;
    CHECK_EQ(run(&p, cur, prev, 16, 8, 0, 4, &b), 0);
    check_v(&b, (const uint32_t[11]){ 30, 40, 30, 30, 40, 0, 32, 16, 0, 16, 16 });
    /* a peak of 8: cT = 16 is not < 16; vdiff1 17 makes line 4 smooth.
     * Line 4 now: cTpB^2 = |108 - 120|^2 = 144 > cTcT 64 + pBpB 0: TEAR2;
     * cBpT^2 = 400 > pTpT 0 + cBcB 0: TEAR3.  Sums: cTpT = 16 x 12 + 16 x 20
     * = 512 (32), cTcB = 16 x 8 = 128 (8), cTpB = 512 (32). */
    memset(cur[4], 108, S);
    run(&p, cur, prev, 16, 8, 0, 4, &b);
    CHECK_EQ(b.v[7], 16);
    p.fmd_vdiff1 = 17;
    run(&p, cur, prev, 16, 8, 0, 4, &b);
    check_v(&b, (const uint32_t[11]){ 32, 40, 8, 32, 40, 0, 32, 32, 0, 32, 32 });
}

/* First frame: differences with prev read as 255.  cur 100 / 110: sums cTpT
 * = cBpB = cTpB = cBpT = 32 x 255 = 8160 (>> 4 = 510), cTcB 320 (20).
 * Moving everywhere, tearing (100 > 0): v5 = 32; smooth: v7 = 32.  TEAR1 (100
 * >= 100, 100 > 0); TEAR2: 65025 > cTcT 0 + pBpB 65025 fails, TEAR3 too.  So
 * v8 = 32 dominates and v7..v10 are zeroed. */
TEST(first_frame_reads_prev_as_maximum_difference)
{
    pic cur, prev;
    fields(cur, 100, 110);
    fields(prev, 0, 0);
    g7sf_di_params p = params(175, 16, 100, 2);
    g7sf_fmd_block b;
    CHECK_EQ(run(&p, cur, NULL, 16, 4, 0, 0, &b), 0);
    CHECK_EQ(b.diff[0], 8160);
    CHECK_EQ(b.diff[2], 320);
    check_v(&b, (const uint32_t[11]){ 510, 510, 20, 510, 510, 32, 0, 0, 0, 0, 0 });
    /* the state bit alone does the same, prev unread */
    p.first_frame = true;
    g7sf_fmd_block b2;
    CHECK_EQ(run(&p, cur, prev, 16, 4, 0, 0, &b2), 0);
    CHECK(!memcmp(&b, &b2, sizeof b));
}

/* Tears and their neighbours.  48x12 frame, block (16, 4) (even lines 4,
 * 6); cur and prev 100 except a top-field strip of 130 in cur at the given
 * columns and top lines.  In a strip column, top line y of the strip with
 * the next top line also in the strip: cTpT = 30 (moving), cTcB^2 = 900 >
 * cTcT 0 + cBcB 0 and cTpB^2 = 900 > cTcT 0 + pBpB 0: TEAR1 and TEAR2,
 * smooth (the strip edge is monotone: cT = 30 + 0 - 30 = 0).  The last top
 * line of the strip has cTcT = 900: no tear.  cBpT = 0: never TEAR3. */
static void strip(pic cur, pic prev, int x0, int x1, int y0, int y1)
{
    fields(cur, 100, 100);
    fields(prev, 100, 100);
    for (int y = y0; y <= y1; y += 2)
        for (int x = x0; x <= x1; x++)
            cur[y][x] = 130;
}

static void tears(int x0, int x1, int y0, int y1, int bx, unsigned want8)
{
    pic cur, prev;
    strip(cur, prev, x0, x1, y0, y1);
    g7sf_di_params p = params(175, 16, 100, 1);
    g7sf_fmd_block b;
    CHECK_EQ(run(&p, cur, prev, 48, 12, bx, 4, &b), 0);
    CHECKF(b.v[8] == want8 && b.v[9] == want8 && b.v[10] == 0,
           "strip x %d-%d lines %d-%d: v8 %u v9 %u v10 %u, want %u %u 0", x0, x1, y0, y1,
           b.v[8], b.v[9], b.v[10], want8, want8);
}

TEST(tear_strays_and_neighbours)
{
    /* one column, tear only at (20, 4): a stray, dropped.  Counters: line 4
     * tearing, line 6 fitting (cTcB 900 = cTcT 900), both moving and smooth:
     * v5 = 1, v6 = 1, v7 = 2 */
    pic cur, prev;
    strip(cur, prev, 20, 20, 4, 6);
    g7sf_di_params p = params(175, 16, 100, 1);
    g7sf_fmd_block b;
    run(&p, cur, prev, 48, 12, 16, 4, &b);
    /* sums: cTpT = cTcB = cTpB = 2 x 30 = 60 (>> 4 = 3) */
    check_v(&b, (const uint32_t[11]){ 3, 0, 3, 3, 0, 1, 1, 2, 0, 0, 0 });
    /* two columns: each tear has an x neighbour */
    tears(20, 21, 4, 6, 16, 2);
    /* (16, 4) keeps its tear through (15, 4), left of the block */
    tears(15, 16, 4, 6, 16, 1);
    /* (31, 4) through (32, 4), right of the block */
    tears(31, 32, 4, 6, 16, 1);
    /* (20, 6) through (20, 8), the line below the block (the A-stepping
     * erratum lost this check) */
    tears(20, 20, 6, 10, 16, 1);
    tears(20, 20, 6, 8, 16, 0);
    /* (20, 4) through (20, 2), the line above the block */
    tears(20, 20, 2, 6, 16, 1);
    /* column 0 of the frame: x - 1 is outside and never tears */
    tears(0, 0, 4, 6, 0, 0);
    tears(0, 1, 4, 6, 0, 2);
}

TEST(frame_sums_skip_edge_blocks_and_saturate)
{
    g7sf_fmd_block b = { .v = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 } };
    g7sf_fmd_frame f;
    memset(&f, 0, sizeof f);
    /* 64x32 frame: (16, 4) and (32, 24) are inside; (0, 4), (16, 0),
     * (48, 4) (touches x = 64) and (16, 28) (touches y = 32) are not */
    g7sf_fmd_add(&f, 0, &b, 16, 4, 64, 32);
    g7sf_fmd_add(&f, 0, &b, 32, 24, 64, 32);
    g7sf_fmd_add(&f, 0, &b, 0, 4, 64, 32);
    g7sf_fmd_add(&f, 0, &b, 16, 0, 64, 32);
    g7sf_fmd_add(&f, 0, &b, 48, 4, 64, 32);
    g7sf_fmd_add(&f, 0, &b, 16, 28, 64, 32);
    g7sf_fmd_add(&f, 1, &b, 16, 4, 64, 32);
    for (int k = 0; k < 11; k++) {
        CHECK_EQ(f.v[0][k], 2 * (k + 1));
        CHECK_EQ(f.v[1][k], k + 1);
    }
    f.v[1][3] = UINT32_MAX - 2;     /* + 4 saturates */
    g7sf_fmd_add(&f, 1, &b, 16, 4, 64, 32);
    CHECK_EQ(f.v[1][3], UINT32_MAX);
    CHECK_EQ(f.v[1][2], 6);
}

TEST(bad_arguments)
{
    pic cur, prev;
    fields(cur, 1, 2);
    fields(prev, 1, 2);
    g7sf_di_params p = params(175, 16, 100, 2);
    g7sf_fmd_block b;
    g7sf_plane c = { &cur[0][0], S, 48, 12 }, small = { &prev[0][0], S, 32, 12 };
    CHECK_EQ(g7sf_fmd_block_run(NULL, &c, &c, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, NULL, &c, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, 0, 0, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, 8, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, 0, 2, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, 48, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, 0, 12, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, -16, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &small, 0, 0, &b), G7SF_EINVAL);
    g7sf_plane odd = { &cur[0][0], S, 40, 12 }, shorter = { &cur[0][0], S, 48, 10 },
               narrow = { &cur[0][0], 16, 48, 12 }, none = { NULL, S, 48, 12 };
    CHECK_EQ(g7sf_fmd_block_run(&p, &odd, NULL, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &shorter, NULL, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &narrow, NULL, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &none, NULL, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &none, 0, 0, &b), G7SF_EINVAL);
    CHECK_EQ(g7sf_fmd_block_run(&p, &c, &c, 32, 8, &b), 0);
    g7sf_fmd_add(NULL, 0, &b, 16, 4, 64, 32);   /* ignored, no crash */
}
