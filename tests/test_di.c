/* The deinterlacer (§2.8.4): kernels on hand-filled windows and whole block
 * passes on small frames.  Every expected value is worked out by hand from
 * the PRM formulas (or the documented decisions) in the comment beside it. */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/media.h"
#include "harness.h"
#include "media/di_core.h"

/* Small-number controls: middle band 64..128 (128 - 64 = 1 << 6). */
static g7sf_di_params base(void)
{
    return (g7sf_di_params){ .stmm_c2 = 2, .vecm_mul = 16, .tdm_shift1 = 4, .tdm_shift2 = 6,
                             .stmm_md_th = 255, .stmm_trc1 = 64, .stmm_trc2 = 0,
                             .stmm_min = 64, .stmm_max = 128, .stmm_shift = 6, .sdi_th = 100,
                             .sdi_delta = 5, .sdi_t1 = 50, .sdi_t2 = 100, .sdi_angle2x1 = 37,
                             .top_first = true };
}

static void win_fill(di_window *w, int v) { memset(w, v, sizeof *w); }

/* ---- frames ----------------------------------------------------------- */

enum { FW = 32, FH = 16 };
typedef struct frame {
    uint8_t y[FH][FW], cb[FH][FW], cr[FH][FW];
    g7sf_yuv v;
} frame;

static void frame_init(frame *f, enum g7sf_chroma c, int w, int h)
{
    int cw = c == G7SF_CHROMA_411 ? w / 4 : w / 2, ch = c == G7SF_CHROMA_420 ? h / 2 : h;
    f->v = (g7sf_yuv){ .y = { &f->y[0][0], FW, w, h },
                       .cb = { &f->cb[0][0], FW, cw, ch },
                       .cr = { &f->cr[0][0], FW, cw, ch },
                       .chroma = c };
}

static void frame_random(frame *f)
{
    for (int y = 0; y < FH; y++)
        for (int x = 0; x < FW; x++) {
            f->y[y][x] = (uint8_t)t_rand();
            f->cb[y][x] = (uint8_t)t_rand();
            f->cr[y][x] = (uint8_t)t_rand();
        }
}

static uint8_t stmm_zero[FH][FW / 2];

/* ---- state ------------------------------------------------------------ */

TEST(params_from_state)
{
    g7sf_sampler_state_di s = { .stmm_c2 = 1, .multiplier_for_vecm = 30, .stmm_shift_down = 2,
                                .stmm_shift_up = 1, .stmm_blending_constant_select = 1,
                                .blending_constant_large_stmm = 64,
                                .blending_constant_small_stmm = 125, .maximum_stmm = 150,
                                .minimum_stmm = 118, .stmm_output_shift = 5, .sdi_threshold = 100,
                                .sdi_delta = 5, .sdi_fallback_mode_1_t1_constant = 50,
                                .sdi_fallback_mode_1_t2_constant = 100,
                                .sdi_fallback_mode_2_constant = 37, .cat_slope = 9,
                                .cat_threshold_1 = 2, .sad_threshold_a = 5, .sad_threshold_b = 10,
                                .mcdi_enable = 1, .dndi_top_first = 1,
                                .fmd_for_2nd_field_of_previous_frame = 2,
                                .fmd_for_1st_field_of_current_frame = 1 };
    g7sf_di_params p;
    g7sf_di_params_from_state(&s, &p);
    CHECK_EQ(p.stmm_c2, 2);         /* field + 1 */
    CHECK_EQ(p.vecm_mul, 30);
    CHECK_EQ(p.tdm_shift1, 6);      /* code 2: shift by 6 */
    CHECK_EQ(p.tdm_shift2, 7);      /* code 1: shift by 7 */
    CHECK_EQ(p.stmm_md_th, 150);    /* select 1: the maximum */
    CHECK_EQ(p.stmm_trc1, 64);
    CHECK_EQ(p.stmm_trc2, 125);
    CHECK_EQ(p.stmm_min, 118);
    CHECK_EQ(p.stmm_max, 150);
    CHECK_EQ(p.stmm_shift, 5);
    CHECK_EQ(p.sdi_th, 100);
    CHECK_EQ(p.sdi_delta, 5);
    CHECK_EQ(p.sdi_t1, 50);
    CHECK_EQ(p.sdi_t2, 100);
    CHECK_EQ(p.sdi_angle2x1, 37);
    CHECK_EQ(p.cat_slope, 10);      /* field + 1 */
    CHECK_EQ(p.cat_th1, 2);
    CHECK(p.mcdi && p.top_first && !p.first_frame);
    CHECK_EQ(p.cadence_prev2, 2);
    CHECK_EQ(p.cadence_cur1, 1);
    s.stmm_blending_constant_select = 0;
    g7sf_di_params_from_state(&s, &p);
    CHECK_EQ(p.stmm_md_th, 118);    /* select 0: the minimum */
}

/* ---- STMM ------------------------------------------------------------- */

/* Picture flat 100 with c(1, 0) = 120, reference flat 100 with r(0, 0) =
 * 140; pair 0 of line 0 (a 1st-field line: the picture is prev).
 *   SVCM = |c(1,0) - c(1,-2)| + |c(1,2) - c(1,0)| = 20 + 20 = 40
 *   SHCM = row 0: |c(0,0) - c(1,0)| + |c(1,0) - c(2,0)| = 40
 *   VECM = (|c(0,0) - c(1,0)| * 16) >> 5 = 320 >> 5 = 10;  SCM = 70
 *   c'(1,0) = (240+100+100+200+200) >> 3 = 105, c'(0,0) = c'(2,0) = 820 >> 3 = 102,
 *   c'(1,+-2) = 105;  r'(0,0) = 880 >> 3 = 110, r'(-1,0) = r'(1,0) = 105,
 *   r'(0,+-2) = 110; everything else 100.
 *   TDM row 0: |100-105| + |102-110| + |105-105| + |102-100| = 15;
 *   rows -2 and 2: |100-110| + |105-100| = 15 each: TDM = 45
 *   STMM = ((45 >> 4) << 6) / ((70 >> 4) + 2) = 128 / 6 = 21 */
TEST(stmm_measures_by_hand)
{
    g7sf_di_params p = base();
    di_window pic, ref;
    win_fill(&pic, 100);
    win_fill(&ref, 100);
    DIW(&pic, 1, 0) = 120;
    DIW(&ref, 0, 0) = 140;
    di_stmm s[4];
    di_stmm_measure(&p, &pic, &ref, 0, s);
    CHECK_EQ(s[0].svcm[1], 40);
    CHECK_EQ(s[0].shcm[1], 40);
    CHECK_EQ(s[0].vecm[1], 10);
    CHECK_EQ(s[0].scm[1], 70);
    CHECK_EQ(s[0].tdm[1], 45);
    CHECK_EQ(s[0].stmm[1], 21);
    /* pair 5 (x 10, 11) sees nothing: all 0 */
    CHECK_EQ(s[0].tdm[6] + s[0].scm[6] + s[0].stmm[6], 0);
}

/* SCM floors at 0; a large TDM over a small divisor saturates at 255. */
TEST(stmm_scm_floor_and_saturation)
{
    g7sf_di_params p = base();
    p.vecm_mul = 63;
    di_window pic, ref;
    win_fill(&pic, 100);
    win_fill(&ref, 100);
    for (int y = -8; y < 12; y++)
        DIW(&pic, 1, y) = 120;      /* a vertical line at x = 1 */
    di_stmm s[4];
    di_stmm_measure(&p, &pic, &ref, 0, s);
    /* SVCM 0; SHCM = 3 rows x (20 + 20) = 120; VECM = (5 x 20 x 63) >> 5 =
     * 6300 >> 5 = 196 > 120: SCM = 0 */
    CHECK_EQ(s[0].svcm[1], 0);
    CHECK_EQ(s[0].shcm[1], 120);
    CHECK_EQ(s[0].vecm[1], 196);
    CHECK_EQ(s[0].scm[1], 0);
    win_fill(&pic, 0);
    win_fill(&ref, 255);
    di_stmm_measure(&p, &pic, &ref, 2, s);
    /* TDM = 20 x 255 = 5100; ((5100 >> 4) << 6) / (0 + 2) = 10176 -> 255 */
    CHECK_EQ(s[2].tdm[4], 5100);
    CHECK_EQ(s[2].stmm[4], 255);
}

/* STMM2 = (trc x STMM_s + (256 - trc) x STMM) / 256, trc1 above md_th. */
TEST(stmm2_smoothing_constants)
{
    g7sf_di_params p = base();
    p.stmm_md_th = 118, p.stmm_trc1 = 64, p.stmm_trc2 = 125;
    CHECK_EQ(di_stmm2(&p, 200, 100), 175);  /* (64*100 + 192*200) / 256 = 44800 / 256 */
    CHECK_EQ(di_stmm2(&p, 100, 200), 148);  /* (125*200 + 131*100) / 256 = 38100 / 256 = 148.8 */
    CHECK_EQ(di_stmm2(&p, 118, 200), 158);  /* not above md_th: (25000 + 131*118) / 256 = 40458 / 256 */
    CHECK_EQ(di_stmm2(&p, 119, 200), 139);  /* (12800 + 192*119) / 256 = 35648 / 256 = 139.25 */
}

/* ---- SDI -------------------------------------------------------------- */

static int angle_index(int off)
{
    for (int a = 0; a < DI_ANGLES; a++)
        if (di_angle_off[a] == off)
            return a;
    return -1;
}

/* A step edge moving k pixels per frame line: 40 left of x - k*y = 8,
 * 200 right of it.  n(x + k, y + 1) and n(x - k, y - 1) always fall on the
 * same side, so offset k costs 0 and the right angle rebuilds line y
 * exactly. */
static void step_edge(di_window *w, int k)
{
    for (int y = -DIW_T; y < DIW_H - DIW_T; y++)
        for (int x = -DIW_L; x < DIW_W - DIW_L; x++)
            DIW(w, x, y) = x - k * y < 8 ? 40 : 200;
}

TEST(sdi_each_direction_on_a_step_edge)
{
    g7sf_di_params p = base();
    const int ks[] = { -5, -3, -2, -1, 0, 1, 2, 3, 5 };
    for (unsigned n = 0; n < sizeof ks / sizeof ks[0]; n++) {
        int k = ks[n];
        di_window w;
        step_edge(&w, k);
        di_sdi s;
        di_sdi_line(&p, &w, 1, &s);
        /* line 1 crosses the edge at x = 8 + k: the pair holding it */
        int pair = (8 + k) / 2;
        CHECKF(s.angle[pair] == angle_index(k), "k %d: angle offset %d", k,
               di_angle_off[s.angle[pair]]);
        for (int x = 0; x < 16; x++)
            CHECKF(s.out[x] == (x - k < 8 ? 40 : 200), "k %d: x %d = %d", k, x, s.out[x]);
    }
}

/* Vertical stripes of period 4: 90 degrees and +-27 both cost 0; the rule
 * keeps 90 (no side wins) and the stripes come back exactly. */
TEST(sdi_vertical_stripes_stay_vertical)
{
    g7sf_di_params p = base();
    di_window w;
    for (int y = -DIW_T; y < DIW_H - DIW_T; y++)
        for (int x = -DIW_L; x < DIW_W - DIW_L; x++)
            DIW(&w, x, y) = (x & 3) < 2 ? 40 : 200;
    di_sdi s;
    di_sdi_line(&p, &w, 2, &s);
    for (int i = 0; i < 8; i++)
        CHECK_EQ(s.angle[i], DI_A90);
    for (int x = 0; x < 16; x++)
        CHECK_EQ(s.out[x], (x & 3) < 2 ? 40 : 200);
}

TEST(angle_decision_rule)
{
    uint16_t c[DI_ANGLES][DI_LANES];
    uint8_t a[DI_LANES];
    for (int i = 0; i < DI_ANGLES; i++)
        for (int j = 0; j < DI_LANES; j++)
            c[i][j] = 90;
    /* Th = 50, D = 5; every cost not set is 90 */
#define SET(lane, k, v) c[angle_index(k)][lane] = (v)
    /* lane 0: +45 40 (+ 5 < -45's 90: the + side), +27 30 < 40, +18 35 is
     * not lower: the walk stops at +27 although +11 costs 10 */
    SET(0, 1, 40), SET(0, 2, 30), SET(0, 3, 35), SET(0, 5, 10);
    /* lane 1: -45 and +45 both 20: no side -> 90 */
    SET(1, -1, 20), SET(1, 1, 20);
    /* lane 2: -45 30, +45 35: 30 + 5 is not below 35 -> 90;
     * lane 3: +45 36: 35 < 36, the - side; -27 90 is not lower -> -45 */
    SET(2, -1, 30), SET(2, 1, 35);
    SET(3, -1, 30), SET(3, 1, 36);
    /* lane 4: +45 20, +27 20: not lower, the steeper stays -> +45 */
    SET(4, 1, 20), SET(4, 2, 20);
    /* lanes 5, 6: the walk -45 40, -27 30, -18 20, -11 10 ends at -11;
     * vertical 15: 10 + 5 is not below 15 -> 90; vertical 16 -> -11 */
    SET(5, -1, 40), SET(5, -2, 30), SET(5, -3, 20), SET(5, -5, 10), SET(5, 0, 15);
    SET(6, -1, 40), SET(6, -2, 30), SET(6, -3, 20), SET(6, -5, 10), SET(6, 0, 16);
    /* lanes 7, 8: the gate Th = 50 on the minimum: +45 49 passes, 50 does
     * not (vertical 200) */
    SET(7, 1, 49), SET(7, 0, 200);
    SET(8, 1, 50), SET(8, 0, 200);
    /* lane 9: all 90 -> 90.  lane 10: +45 80 is over Th but the walk goes
     * on to +27 40 (+18 90 is not lower): 40 < 50, 40 + 5 < 90 -> +27 */
    SET(10, 1, 80), SET(10, 2, 40);
#undef SET
    di_angle_decide((const uint16_t (*)[DI_LANES])c, 50, 5, a);
    const int want[11] = { 2, 0, 0, -1, 1, 0, -5, 1, 0, 0, 2 };
    for (int i = 0; i < 11; i++)
        CHECKF(a[i] == angle_index(want[i]), "lane %d: offset %d, want %d", i,
               di_angle_off[a[i]], want[i]);
}

/* Fallback mode 1.  A 45-degree step edge (k = 1) whose dark side alternates
 * 40 / 44 with x - y, so offset +1 still costs 0.  Pair 2 of line 1 (x0 =
 * 4, window x 2..7): at 90 degrees rows 0 and -2 differ at x 6, 7, so the
 * rule picks +45.  SUM_H over x 2..8: row 0 is 40 44 40 44 40 44 200:
 * H1 = 5 x 4 + 156 = 176, H2 = max(|40 - c| + |c - 200|) = 160; row 2 is
 * all texture (x - 2 < 8): H1 = 6 x 4 = 24, H2 = 4 + 4 = 8 (c(2) = c(8) =
 * 40).  H1 = 200, H2 = 168: the fallback fires when 200 > 168 + T1 and
 * 200 >= T2. */
TEST(sdi_fallback_1_fine_detail)
{
    di_window w;
    for (int y = -DIW_T; y < DIW_H - DIW_T; y++)
        for (int x = -DIW_L; x < DIW_W - DIW_L; x++)
            DIW(&w, x, y) = x - y < 8 ? ((x - y) & 1 ? 44 : 40) : 200;
    g7sf_di_params p = base();
    p.sdi_angle2x1 = 0;         /* fallback 2 off: 90 would need cost < 0 */
    const struct { unsigned t1, t2; bool fires; } cases[] = {
        { 31, 0, true }, { 32, 0, false }, { 0, 200, true }, { 0, 201, false } };
    for (unsigned n = 0; n < 4; n++) {
        p.sdi_t1 = cases[n].t1, p.sdi_t2 = cases[n].t2;
        di_sdi s;
        di_sdi_line(&p, &w, 1, &s);
        CHECK_EQ(s.decided[3], angle_index(1));
        CHECKF(s.robust[3] == (cases[n].fires ? DI_A90 : angle_index(1)),
               "T1 %u T2 %u: angle %d", cases[n].t1, cases[n].t2, s.robust[3]);
    }
}

/* Fallback mode 2 on the k = 1 step edge, pair 3 of line 1 (x0 = 6, window
 * x 4..9).  At 90 degrees, rows (0 vs -2), (2 vs 0), (4 vs 2) differ where
 * 6 <= x - row < 8: x 6, 7 for row 0 and 8, 9 for row 2, so AngleCost_6x3(90)
 * = 4 x 160 = 640 and AngleCost_2x1(90) (row 2, x 6..7) = 0; offset +1
 * costs 0 in both.  90 wins when 640 + 0 < 0 + ((0 + C) << 3): C > 80. */
TEST(sdi_fallback_2_window_2x1)
{
    di_window w;
    step_edge(&w, 1);
    g7sf_di_params p = base();
    p.sdi_t2 = 255;             /* fallback 1 off */
    di_sdi s;
    p.sdi_angle2x1 = 80;
    di_sdi_line(&p, &w, 1, &s);
    CHECK_EQ(s.cost[DI_A90][4], 640);
    CHECK_EQ(s.robust[4], angle_index(1));
    p.sdi_angle2x1 = 81;
    di_sdi_line(&p, &w, 1, &s);
    CHECK_EQ(s.robust[4], DI_A90);
}

TEST(sdi_horizontal_median)
{
    /* lanes hold pairs -1..8; an isolated +11 between 90s is dropped, a
     * -45 between -27 and 90 is kept, a run of +27 survives */
    uint8_t r[DI_LANES] = { 4, 4, 8, 4, 2, 3, 4, 6, 6, 6 }, a[8];
    di_angle_median(r, a);
    const uint8_t want[8] = { 4, 4, 4, 3, 3, 4, 6, 6 };
    /* pair 0: med(4,4,8) = 4; 1: med(4,8,4) = 4; 2: med(8,4,2) = 4;
     * 3: med(4,2,3) = 3; 4: med(2,3,4) = 3; 5: med(3,4,6) = 4;
     * 6: med(4,6,6) = 6; 7: med(6,6,6) = 6 */
    for (int i = 0; i < 8; i++)
        CHECK_EQ(a[i], want[i]);
}

/* ---- block passes ------------------------------------------------------ */

static int run(const g7sf_di_params *p, frame *cur, frame *prev, const uint8_t *stmm_in, int bx,
               int by, g7sf_di_block_out *o)
{
    return g7sf_di_block(p, &cur->v, prev ? &prev->v : NULL, stmm_in, FW / 2, bx, by, o);
}

/* A static scene (prev == cur): TDM = 0, STMM = 0 < stmm_min, so every
 * missing pixel is the TDI average of two equal pixels: both outputs are
 * the progressive frame, luma and 4:2:2 chroma. */
TEST(static_scene_is_the_progressive_frame)
{
    static frame f;
    frame_init(&f, G7SF_CHROMA_422, FW, FH);
    frame_random(&f);
    for (int top = 0; top < 2; top++)
        for (int by = 0; by < FH; by += 4)
            for (int bx = 0; bx < FW; bx += 16) {
                g7sf_di_params p = base();
                p.top_first = top;
                g7sf_di_block_out o;
                CHECK_EQ(run(&p, &f, &f, &stmm_zero[0][0], bx, by, &o), 0);
                for (int l = 0; l < 4; l++) {
                    CHECK(!memcmp(o.prev2_y[l], &f.y[by + l][bx], 16));
                    CHECK(!memcmp(o.cur1_y[l], &f.y[by + l][bx], 16));
                    for (int i = 0; i < 8; i++) {
                        CHECK_EQ(o.prev2_c[l][2 * i], f.cr[by + l][bx / 2 + i]);
                        CHECK_EQ(o.cur1_c[l][2 * i + 1], f.cb[by + l][bx / 2 + i]);
                    }
                    for (int i = 0; i < 8; i++)
                        CHECK_EQ(o.stmm[l][i], 0);
                }
            }
}

/* Horizontal stripes, prev == cur: even lines 100, odd lines 200.  STMM is
 * 0 (TDM 0), so STMM2 = (192 x STMM_s) >> 8 with trc2 = 192.  Line 0 (a
 * 1st-field line, missing in prev2): TDI = 100, SDI = avg(200, 200) = 200.
 * stmm_in of line 0: pair 1 = 60 -> 45, pair 4 = 120 -> 90, pair 7 = 220 ->
 * 165; STMM3 = 45 (pairs 0-2; pair -1 repeats pair 0), 90 (3-5), 165 (6, 7).
 *   45 < 64: 100;  90: ((90-64) x 200 + (128-90) x 100) >> 6 = 9000 >> 6 =
 *   140;  165 > 128: 200. */
TEST(blend_three_regions)
{
    static frame f;
    frame_init(&f, G7SF_CHROMA_422, FW, FH);
    for (int y = 0; y < FH; y++)
        memset(f.y[y], y & 1 ? 200 : 100, FW);
    static uint8_t sin[FH][FW / 2];
    memset(sin, 0, sizeof sin);
    sin[0][1] = 60, sin[0][4] = 120, sin[0][7] = 220;
    g7sf_di_params p = base();
    p.stmm_trc2 = 192;
    g7sf_di_block_out o;
    CHECK_EQ(run(&p, &f, &f, &sin[0][0], 0, 0, &o), 0);
    for (int x = 0; x < 16; x++)
        CHECK_EQ(o.prev2_y[0][x], x < 6 ? 100 : x < 12 ? 140 : 200);
    CHECK_EQ(o.stmm[0][1], 45);     /* (192 x 60) >> 8 */
    CHECK_EQ(o.stmm[0][4], 90);     /* (192 x 120) >> 8 */
    CHECK_EQ(o.stmm[0][7], 165);    /* (192 x 220) >> 8 */
    CHECK_EQ(o.stmm[0][0], 0);
    /* line 1 (missing in cur1) has STMM 0: TDI = 200; the own lines copy */
    for (int x = 0; x < 16; x++) {
        CHECK_EQ(o.cur1_y[1][x], 200);
        CHECK_EQ(o.cur1_y[0][x], 100);
        CHECK_EQ(o.prev2_y[1][x], 200);
    }
}

/* Progressive cadence reconstruction: the missing lines are the other
 * frame's or the same frame's lines, exactly, luma and chroma. */
TEST(cadence_weave_exact)
{
    static frame pv, cu;
    frame_init(&pv, G7SF_CHROMA_422, FW, FH);
    frame_init(&cu, G7SF_CHROMA_422, FW, FH);
    frame_random(&pv);
    frame_random(&cu);
    for (int top = 0; top < 2; top++)
        for (unsigned c2 = 1; c2 <= 2; c2++)
            for (unsigned c1 = 1; c1 <= 2; c1++) {
                g7sf_di_params p = base();
                p.top_first = top, p.cadence_prev2 = c2, p.cadence_cur1 = c1;
                g7sf_di_block_out o;
                int bx = 16, by = 4;
                CHECK_EQ(run(&p, &cu, &pv, &stmm_zero[0][0], bx, by, &o), 0);
                for (int l = 0; l < 4; l++) {
                    int y = by + l;
                    bool first = (y % 2 == 0) == top;
                    /* prev2: own lines from prev; missing (1st-field) lines
                     * from prev (1) or cur (2).  cur1: own lines from cur;
                     * missing from prev (1) or cur (2). */
                    frame *a = first ? (c2 == 1 ? &pv : &cu) : &pv;
                    frame *b = first ? &cu : (c1 == 1 ? &pv : &cu);
                    CHECK(!memcmp(o.prev2_y[l], &a->y[y][bx], 16));
                    CHECK(!memcmp(o.cur1_y[l], &b->y[y][bx], 16));
                    for (int i = 0; i < 8; i++) {
                        CHECK_EQ(o.prev2_c[l][2 * i], a->cr[y][bx / 2 + i]);
                        CHECK_EQ(o.prev2_c[l][2 * i + 1], a->cb[y][bx / 2 + i]);
                        CHECK_EQ(o.cur1_c[l][2 * i], b->cr[y][bx / 2 + i]);
                        CHECK_EQ(o.cur1_c[l][2 * i + 1], b->cb[y][bx / 2 + i]);
                    }
                }
            }
}

/* First frame: prev and stmm_in unread (NULL), cadence ignored, STMM out
 * 255, cur1 by SDI alone, prev2 a copy of cur1.  Even lines 100, odd lines
 * 200 (chroma 10 / 20): the missing odd lines become avg(100, 100) = 100. */
TEST(first_frame)
{
    static frame f;
    frame_init(&f, G7SF_CHROMA_422, FW, FH);
    for (int y = 0; y < FH; y++) {
        memset(f.y[y], y & 1 ? 200 : 100, FW);
        memset(f.cr[y], y & 1 ? 20 : 10, FW);
        memset(f.cb[y], y & 1 ? 21 : 11, FW);
    }
    g7sf_di_params p = base();
    p.first_frame = true, p.cadence_cur1 = 2, p.cadence_prev2 = 1;
    g7sf_di_block_out o;
    CHECK_EQ(run(&p, &f, NULL, NULL, 16, 8, &o), 0);
    for (int l = 0; l < 4; l++) {
        for (int x = 0; x < 16; x++) {
            CHECK_EQ(o.cur1_y[l][x], 100);
            CHECK_EQ(o.cur1_c[l][x], x & 1 ? 11 : 10);
        }
        for (int i = 0; i < 8; i++)
            CHECK_EQ(o.stmm[l][i], 255);
        CHECK(!memcmp(o.prev2_y[l], o.cur1_y[l], 16));
        CHECK(!memcmp(o.prev2_c[l], o.cur1_c[l], 16));
    }
}

/* 4:2:0 up-sampling, block at by = 4 of a 32x12 frame, flat static luma.
 * Chroma rows j: prev P[j] = 10 (j + 1), cur C[j] = P[j] + 100 (Cr; Cb
 * one more).  Top first.  Lines 4 and 7 have their own row (j = 2 top,
 * j = 3 bottom); line 5 (bottom field) falls on top row 2 and line 6 (top
 * field) on bottom row 3, and are doubled.
 * STMM3 = 0, temporal:  prev line 5 (prev's 2nd field) = (P2 + C2) / 2 = 80,
 *   prev line 6 (prev's 1st field: only its own frame) = P3 = 40;
 *   cur line 5 (cur's 2nd field) = C2 = 130, cur line 6 = (P3 + C3) / 2 = 90.
 *   prev2: line 4 missing = avg(P2 30, C2 130) = 80, line 5 = 80, line 6
 *   missing = avg(40, 90) = 65, line 7 = P3 = 40;  cur1: 4 = 130, 5 missing
 *   = avg(80, 130) = 105, 6 = 90, 7 missing = avg(P3 40, C3 140) = 90.
 * STMM3 = 255, spatial:  prev line 5 = (P1 + P3) / 2 = 30, line 6 = (P2 + P4)
 *   / 2 = 40; cur 5 = 130, 6 = 140.  Missing lines are SDI at 90 degrees
 *   (flat luma): prev2 4 = avg(P1 20, 30) = 25, 6 = avg(30, P3 40) = 35;
 *   cur1 5 = avg(C2 130, 140) = 135, 7 = avg(140, C4 150) = 145. */
TEST(chroma_420_upsampling)
{
    static frame pv, cu;
    frame_init(&pv, G7SF_CHROMA_420, FW, 12);
    frame_init(&cu, G7SF_CHROMA_420, FW, 12);
    memset(pv.y, 77, sizeof pv.y);
    memset(cu.y, 77, sizeof cu.y);
    for (int j = 0; j < 6; j++) {
        memset(pv.cr[j], 10 * (j + 1), FW);
        memset(pv.cb[j], 10 * (j + 1) + 1, FW);
        memset(cu.cr[j], 10 * (j + 1) + 100, FW);
        memset(cu.cb[j], 10 * (j + 1) + 101, FW);
    }
    static uint8_t sin[FH][FW / 2];
    const int t_prev2[4] = { 80, 80, 65, 40 }, t_cur1[4] = { 130, 105, 90, 90 };
    const int s_prev2[4] = { 25, 30, 35, 40 }, s_cur1[4] = { 130, 135, 140, 145 };
    for (int moving = 0; moving < 2; moving++) {
        g7sf_di_params p = base();
        p.stmm_trc2 = 256;      /* STMM2 = STMM_s */
        memset(sin, moving ? 255 : 0, sizeof sin);
        g7sf_di_block_out o;
        CHECK_EQ(run(&p, &cu, &pv, &sin[0][0], 0, 4, &o), 0);
        for (int l = 0; l < 4; l++)
            for (int i = 0; i < 8; i++) {
                int a = moving ? s_prev2[l] : t_prev2[l], b = moving ? s_cur1[l] : t_cur1[l];
                CHECKF(o.prev2_c[l][2 * i] == a && o.prev2_c[l][2 * i + 1] == a + 1,
                       "moving %d prev2 line %d: %d/%d, want %d", moving, l, o.prev2_c[l][2 * i],
                       o.prev2_c[l][2 * i + 1], a);
                CHECKF(o.cur1_c[l][2 * i] == b && o.cur1_c[l][2 * i + 1] == b + 1,
                       "moving %d cur1 line %d: %d/%d, want %d", moving, l, o.cur1_c[l][2 * i],
                       o.cur1_c[l][2 * i + 1], b);
            }
    }
}

/* 4:1:1: 4:2:2 sample 2k is C[k], sample 2k + 1 the rounded average of C[k]
 * and C[k + 1].  C[k] = 10k + (k & 1): 0, 11, 20, 31, 40 -> samples 0, 6,
 * 11, 16, 20, 26, 31, 36 ((0 + 11 + 1) >> 1 = 6, (11 + 20 + 1) >> 1 = 16,
 * (20 + 31 + 1) >> 1 = 26, (31 + 40 + 1) >> 1 = 36).  Static: every line. */
TEST(chroma_411_upsampling)
{
    static frame f;
    frame_init(&f, G7SF_CHROMA_411, FW, FH);
    frame_random(&f);
    for (int y = 0; y < FH; y++)
        for (int k = 0; k < FW / 4; k++)
            f.cr[y][k] = f.cb[y][k] = (uint8_t)(10 * k + (k & 1));
    g7sf_di_params p = base();
    g7sf_di_block_out o;
    CHECK_EQ(run(&p, &f, &f, &stmm_zero[0][0], 0, 4, &o), 0);
    const int want[8] = { 0, 6, 11, 16, 20, 26, 31, 36 };
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++) {
            CHECK_EQ(o.prev2_c[l][2 * i], want[i]);
            CHECK_EQ(o.cur1_c[l][2 * i + 1], want[i]);
        }
}

/* Chroma along the luma angle.  Luma of both frames: a +27 degree step
 * edge (k = 2), 40 where x - 2 (y - 4) < 8, else 200; stmm_in 255 with
 * trc = 256 gives STMM3 = 255, above max: pure SDI, and chroma_3angle.
 * Chroma 4:2:2, Cr = Cb = i x y (sample i, line y).  Line 5 (l = 1) is
 * missing in cur1; the lines around it are 4 and 6.
 *   90 degrees: avg(4i, 6i) = 5i;  +27 (chroma offset +1: sample i - 1
 *   above, i + 1 below): avg(4(i - 1), 6(i + 1)) = (10i + 2 + 1) >> 1 = 5i + 1.
 * Pair 5 (x 10, 11) holds the edge at line 5 (x = 10) and takes +27: 26.
 * Pair 0 (window x -2..3) sees no vertical difference (lines 2, 4, 6 cross
 * the edge at x 4, 8, 12) and keeps 90 after the median with pair -1: 0
 * (+27 would give 1); pair 1 (window 0..5: lines 4 and 2 differ at x 4, 5)
 * takes +27: 6 (90 would give 5). */
TEST(chroma_follows_luma_angle)
{
    static frame f;
    frame_init(&f, G7SF_CHROMA_422, FW, FH);
    for (int y = 0; y < FH; y++) {
        for (int x = 0; x < FW; x++)
            f.y[y][x] = x - 2 * (y - 4) < 8 ? 40 : 200;
        for (int i = 0; i < FW / 2; i++)
            f.cb[y][i] = f.cr[y][i] = (uint8_t)(i * y);
    }
    static uint8_t sin[FH][FW / 2];
    memset(sin, 255, sizeof sin);
    g7sf_di_params p = base();
    p.stmm_trc1 = p.stmm_trc2 = 256;
    g7sf_di_block_out o;
    CHECK_EQ(run(&p, &f, &f, &sin[0][0], 0, 4, &o), 0);
    for (int x = 0; x < 16; x++)    /* the luma edge rebuilt: x - 2 < 8 */
        CHECK_EQ(o.cur1_y[1][x], x < 10 ? 40 : 200);
    CHECK_EQ(o.cur1_c[1][10], 26);  /* Cr of sample 5 */
    CHECK_EQ(o.cur1_c[1][11], 26);  /* Cb */
    CHECK_EQ(o.cur1_c[1][0], 0);
    CHECK_EQ(o.cur1_c[1][2], 6);
}

/* MCDI on: the decision only replaces the SDI input of the blend, so a
 * static scene still comes back exactly. */
TEST(mcdi_static_scene)
{
    static frame f;
    frame_init(&f, G7SF_CHROMA_420, FW, FH);
    frame_random(&f);
    g7sf_di_params p = base();
    p.mcdi = true, p.cat_slope = 10, p.sad_tha = 5, p.sad_thb = 10, p.mc_consistency_th = 25;
    g7sf_di_block_out o;
    CHECK_EQ(run(&p, &f, &f, &stmm_zero[0][0], 16, 8, &o), 0);
    for (int l = 0; l < 4; l++) {
        CHECK(!memcmp(o.prev2_y[l], &f.y[8 + l][16], 16));
        CHECK(!memcmp(o.cur1_y[l], &f.y[8 + l][16], 16));
    }
}

TEST(bad_arguments)
{
    static frame f, g;
    frame_init(&f, G7SF_CHROMA_420, FW, FH);
    frame_init(&g, G7SF_CHROMA_420, FW, 12);
    g7sf_di_params p = base();
    g7sf_di_block_out o;
    const uint8_t *s = &stmm_zero[0][0];
    CHECK_EQ(g7sf_di_block(NULL, &f.v, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, NULL, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, NULL, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, NULL, FW / 2, 0, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2 - 1, 0, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, 0, 0, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, 8, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, 0, 2, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, 32, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, 0, 16, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, -16, 0, &o), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &g.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);  /* sizes */
    g7sf_yuv bad = f.v;
    bad.cb.height = FH;             /* not 4:2:0's h / 2 */
    CHECK_EQ(g7sf_di_block(&p, &bad, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    bad = f.v, bad.y.width = 24;    /* not a multiple of 16 */
    CHECK_EQ(g7sf_di_block(&p, &bad, &bad, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    bad = f.v, bad.chroma = (enum g7sf_chroma)7;
    CHECK_EQ(g7sf_di_block(&p, &bad, &bad, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    bad = f.v, bad.cr.data = NULL;
    CHECK_EQ(g7sf_di_block(&p, &bad, &bad, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    g7sf_di_params q = p;
    q.stmm_c2 = 0;                  /* a zero divisor */
    CHECK_EQ(g7sf_di_block(&q, &f.v, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    q = p, q.cadence_cur1 = 3;
    CHECK_EQ(g7sf_di_block(&q, &f.v, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    q = p, q.stmm_trc1 = 257;
    CHECK_EQ(g7sf_di_block(&q, &f.v, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    q = p, q.stmm_shift = 17;
    CHECK_EQ(g7sf_di_block(&q, &f.v, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    q = p, q.sdi_delta = 256;
    CHECK_EQ(g7sf_di_block(&q, &f.v, &f.v, s, FW / 2, 0, 0, &o), G7SF_EINVAL);
    /* the first frame needs neither prev nor stmm_in */
    q = p, q.first_frame = true;
    CHECK_EQ(g7sf_di_block(&q, &f.v, NULL, NULL, 0, 0, 0, &o), 0);
    CHECK_EQ(g7sf_di_block(&p, &f.v, &f.v, s, FW / 2, 16, 12, &o), 0);
}

/* Only lines by - 8 .. by + 11 and columns bx - 16 .. bx + 31 (chroma: the
 * same area) and STMM pairs bx / 2 - 1 .. bx / 2 + 8 of the block's lines
 * are read: changing everything else changes nothing. */
TEST(reads_only_the_stated_region)
{
    enum { W = 96, H = 48, BX = 48, BY = 20 };
    static uint8_t y[2][2][H][W], c[2][2][2][H / 2][W / 2], s[2][H][W / 2];
    g7sf_di_block_out o[2];
    for (int run_ = 0; run_ < 2; run_++) {
        for (int f = 0; f < 2; f++) {
            for (int yy = 0; yy < H; yy++)
                for (int x = 0; x < W; x++) {
                    bool in = yy >= BY - 8 && yy <= BY + 11 && x >= BX - 16 && x <= BX + 31;
                    y[run_][f][yy][x] = (uint8_t)(in ? (x * 7 + yy * 13 + f * 50) & 255 : t_rand());
                }
            for (int k = 0; k < 2; k++)
                for (int yy = 0; yy < H / 2; yy++)
                    for (int x = 0; x < W / 2; x++) {
                        bool in = yy >= BY / 2 - 4 && yy <= BY / 2 + 5 && x >= BX / 2 - 8 &&
                                  x <= BX / 2 + 15;
                        c[run_][f][k][yy][x] =
                            (uint8_t)(in ? (x * 5 + yy * 3 + k * 9 + f * 20) & 255 : t_rand());
                    }
        }
        for (int yy = 0; yy < H; yy++)
            for (int x = 0; x < W / 2; x++) {
                bool in = yy >= BY && yy < BY + 4 && x >= BX / 2 - 1 && x <= BX / 2 + 8;
                s[run_][yy][x] = (uint8_t)(in ? (x * 11 + yy) & 255 : t_rand());
            }
        g7sf_yuv fr[2];
        for (int f = 0; f < 2; f++)
            fr[f] = (g7sf_yuv){ .y = { &y[run_][f][0][0], W, W, H },
                                .cb = { &c[run_][f][0][0][0], W / 2, W / 2, H / 2 },
                                .cr = { &c[run_][f][1][0][0], W / 2, W / 2, H / 2 },
                                .chroma = G7SF_CHROMA_420 };
        g7sf_di_params p = base();
        p.mcdi = true;
        CHECK_EQ(g7sf_di_block(&p, &fr[1], &fr[0], &s[run_][0][0], W / 2, BX, BY, &o[run_]), 0);
    }
    CHECK(!memcmp(&o[0], &o[1], sizeof o[0]));
}

/* Frames in buffers of exactly their size, every block including the
 * corners: under ASan any read outside them fails the run. */
TEST(tight_buffers_all_blocks)
{
    enum { W = 48, H = 20 };
    uint8_t *y[2], *cb[2], *cr[2], *s = malloc(W / 2 * H);
    g7sf_yuv fr[2];
    for (int f = 0; f < 2; f++) {
        y[f] = malloc(W * H), cb[f] = malloc(W / 2 * H / 2), cr[f] = malloc(W / 2 * H / 2);
        for (int i = 0; i < W * H; i++)
            y[f][i] = (uint8_t)t_rand();
        for (int i = 0; i < W / 2 * H / 2; i++)
            cb[f][i] = (uint8_t)t_rand(), cr[f][i] = (uint8_t)t_rand();
        fr[f] = (g7sf_yuv){ .y = { y[f], W, W, H }, .cb = { cb[f], W / 2, W / 2, H / 2 },
                            .cr = { cr[f], W / 2, W / 2, H / 2 }, .chroma = G7SF_CHROMA_420 };
    }
    for (int i = 0; i < W / 2 * H; i++)
        s[i] = (uint8_t)t_rand();
    for (int mc = 0; mc < 2; mc++)
        for (int by = 0; by < H; by += 4)
            for (int bx = 0; bx < W; bx += 16) {
                g7sf_di_params p = base();
                p.mcdi = mc;
                g7sf_di_block_out o;
                CHECK_EQ(g7sf_di_block(&p, &fr[1], &fr[0], s, W / 2, bx, by, &o), 0);
                p.first_frame = true;
                CHECK_EQ(g7sf_di_block(&p, &fr[1], NULL, NULL, 0, bx, by, &o), 0);
            }
    for (int f = 0; f < 2; f++)
        free(y[f]), free(cb[f]), free(cr[f]);
    free(s);
}
