/* Motion compensated deinterlace (§2.8.4.9-2.8.4.12): motion search, the
 * smoothness check, motion compensation, the consistency check and content
 * adaptive thresholding.  Windows are filled directly; expected values are
 * worked out by hand in the comments, or by the PRM formula written out
 * plainly in the test (brute-force SAD, half-pel positions). */
#include <string.h>

#include "harness.h"
#include "media/mcdi.h"

/* The driver defaults (landscape notes), smooth MV threshold 0. */
static g7sf_di_params base(void)
{
    return (g7sf_di_params){ .cat_th1 = 0, .cat_slope = 10, .sad_tight_th = 5, .sad_tha = 5,
                             .sad_thb = 10, .smooth_mv_th = 0, .mc_consistency_th = 25,
                             .neighbor_pixel_th = 10, .mcdi = true, .top_first = true };
}

/* The candidates in PRM order (line 1242), written out independently. */
static const int cands[16][2] = { { -1, -2 }, { 0, -2 }, { 1, -2 }, { -6, 0 }, { -5, 0 }, { -4, 0 },
                                  { -3, 0 },  { -2, 0 }, { 2, 0 },  { 3, 0 },  { 4, 0 },  { 5, 0 },
                                  { 6, 0 },   { -1, 2 }, { 0, 2 },  { 1, 2 } };

static void fill(di_window *w, int v) { memset(w->p, v, sizeof w->p); }

/* Window pixel (x, y) = f(x, y) over the whole window. */
static void fill_fn(di_window *w, int (*f)(int, int, const void *), const void *arg)
{
    for (int y = -DIW_T; y < DIW_H - DIW_T; y++)
        for (int x = -DIW_L; x < DIW_W - DIW_L; x++)
            DIW(w, x, y) = (uint8_t)f(x, y, arg);
}

/* A random texture larger than the window by 8 on every side, so shifted
 * copies are defined everywhere. */
typedef struct tex {
    uint8_t v[DIW_H + 16][DIW_W + 16];
    int dx, dy;                     /* the copy reads tex(x - dx, y - dy) */
} tex;

static int tex_at(int x, int y, const void *arg)
{
    const tex *t = arg;
    return t->v[DIW_T + 8 + y - t->dy][DIW_L + 8 + x - t->dx];
}

static void tex_random(tex *t)
{
    for (int y = 0; y < DIW_H + 16; y++)
        for (int x = 0; x < DIW_W + 16; x++)
            t->v[y][x] = (uint8_t)t_rand();
}

/* prev = texture, cur = texture moved by (dx, dy). */
static void moving(tex *t, int dx, int dy, di_window *prev, di_window *cur)
{
    t->dx = 0, t->dy = 0;
    fill_fn(prev, tex_at, t);
    t->dx = dx, t->dy = dy;
    fill_fn(cur, tex_at, t);
}

/* A linear ramp 128 + x + 4y moved by (dx, dy): only the true vector has SAD
 * 0 for the candidates used below (x + 4y never cancels another candidate's
 * offset), and every value is easy to work out. */
static int ramp(int x, int y, const void *arg)
{
    const int *d = arg;
    return 128 + (x - d[0]) + 4 * (y - d[1]);
}

static void moving_ramp(int dx, int dy, di_window *prev, di_window *cur)
{
    int z[2] = { 0, 0 }, d[2] = { dx, dy };
    fill_fn(prev, ramp, z);
    fill_fn(cur, ramp, d);
}

/* The motion compensated value by the PRM's half-pel reading, written
 * plainly: Mx/2 and My/2 are positions; a half position averages the two
 * pixels around it (lines on either side keep line y's field), rounding
 * half up. */
static int mc_expect(const di_window *ref, int x, int y, int mx, int my)
{
    int xs[2], ys[2], nx = 1, ny = 1, sum = 0;
    xs[0] = x + (mx - (mx & 1)) / 2;            /* floor(mx / 2) */
    if (mx & 1)
        xs[1] = xs[0] + 1, nx = 2;
    ys[0] = y;
    if (my)
        ys[0] = y + my / 2 - 1, ys[1] = y + my / 2 + 1, ny = 2;
    for (int a = 0; a < nx; a++)
        for (int b = 0; b < ny; b++)
            sum += DIW(ref, xs[a], ys[b]);
    return (sum + nx * ny / 2) / (nx * ny);
}

/* Every candidate as a whole-window motion: with top field first, lines 0
 * and 2 search prev in cur and find the motion, lines 1 and 3 search cur in
 * prev and find its opposite; SAD 0; all vectors agree, so every pair is
 * smooth at threshold 0; and each pixel is compensated from the reference. */
TEST(search_finds_every_candidate_motion)
{
    g7sf_di_params p = base();
    static tex t;
    di_window prev, cur;
    mcdi_block m;
    tex_random(&t);
    for (int k = 0; k < 16; k++) {
        int dx = cands[k][0], dy = cands[k][1];
        moving(&t, dx, dy, &prev, &cur);
        mcdi_block_run(&p, &prev, &cur, &m);
        for (int l = 0; l < 4; l++) {
            int sx = l & 1 ? -dx : dx, sy = l & 1 ? -dy : dy;
            const di_window *ref = l & 1 ? &prev : &cur;
            for (int i = 0; i < 8; i++) {
                CHECKF(m.mvx[l][i] == sx && m.mvy[l][i] == sy && m.sad[l][i] == 0 &&
                           m.smooth[l][i],
                       "motion (%d,%d) line %d pair %d: mv (%d,%d) sad %u smooth %d", dx, dy, l,
                       i, m.mvx[l][i], m.mvy[l][i], m.sad[l][i], m.smooth[l][i]);
            }
            for (int x = 0; x < 16; x++)
                CHECKF(m.mc[l][x] == mc_expect(ref, x, l, sx, sy),
                       "motion (%d,%d) line %d x %d: mc %d want %d", dx, dy, l, x, m.mc[l][x],
                       mc_expect(ref, x, l, sx, sy));
        }
    }
}

/* Bottom field first swaps the roles: lines 1 and 3 are the 1st field,
 * missing in prev's 2nd field, and search prev in cur. */
TEST(search_bottom_first_swaps_picture_and_reference)
{
    g7sf_di_params p = base();
    static tex t;
    di_window prev, cur;
    mcdi_block m;
    p.top_first = false;
    tex_random(&t);
    moving(&t, 4, 0, &prev, &cur);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int i = 0; i < 8; i++) {
        CHECK_EQ(m.mvx[1][i], 4);
        CHECK_EQ(m.mvx[3][i], 4);
        CHECK_EQ(m.mvx[0][i], -4);
        CHECK_EQ(m.mvx[2][i], -4);
        CHECK_EQ(m.mvy[0][i], 0);
    }
    /* line 1, x = 3: ref cur, cur(3 + 2, 1) = tex(1, 1); line 0: ref prev,
     * prev(3 - 2, 0) = tex(1, 0) */
    CHECK_EQ(m.mc[1][3], DIW(&cur, 5, 1));
    CHECK_EQ(m.mc[0][3], DIW(&prev, 1, 0));
}

/* SAD = sum over x - 2 .. x + 3 and y - 2 .. y + 2 of |ref(i + Mx, j + My)
 * - pic(i, j)|, smallest kept, the last of equal ones: written out plainly
 * and compared on random windows (no motion, so the SADs differ). */
TEST(search_matches_plain_sad)
{
    g7sf_di_params p = base();
    di_window w[2];
    mcdi_block m;
    for (int round = 0; round < 20; round++) {
        for (int y = 0; y < DIW_H; y++)
            for (int x = 0; x < DIW_W; x++) {
                /* few levels, so ties happen */
                w[0].p[y][x] = (uint8_t)(t_rand() % 3 * 50);
                w[1].p[y][x] = (uint8_t)(t_rand() % 3 * 50);
            }
        p.top_first = round & 1;
        mcdi_block_run(&p, &w[0], &w[1], &m);
        for (int l = 0; l < 4; l++) {
            bool first = ((l & 1) == 0) == p.top_first;
            const di_window *pic = &w[!first], *ref = &w[first];
            for (int i = 0; i < 8; i++) {
                unsigned best = ~0u;
                int bx = 99, by = 99;
                for (int k = 0; k < 16; k++) {
                    unsigned sad = 0;
                    for (int a = 2 * i - 2; a <= 2 * i + 3; a++)
                        for (int b = l - 2; b <= l + 2; b++) {
                            int d = DIW(ref, a + cands[k][0], b + cands[k][1]) - DIW(pic, a, b);
                            sad += (unsigned)(d < 0 ? -d : d);
                        }
                    if (sad <= best)
                        best = sad, bx = cands[k][0], by = cands[k][1];
                }
                CHECKF(m.sad[l][i] == best && m.mvx[l][i] == bx && m.mvy[l][i] == by,
                       "round %d line %d pair %d: sad %u mv (%d,%d), want %u (%d,%d)", round, l, i,
                       m.sad[l][i], m.mvx[l][i], m.mvy[l][i], best, bx, by);
            }
        }
    }
}

/* pic flat 100, ref flat 103: every candidate's SAD is 30 pixels x 3 = 90;
 * all tie, so the last candidate (1, 2) wins. */
TEST(sad_sums_thirty_pixels)
{
    g7sf_di_params p = base();
    di_window prev, cur;
    mcdi_block m;
    fill(&prev, 100);
    fill(&cur, 103);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++) {
            CHECK_EQ(m.sad[l][i], 90);
            CHECK_EQ(m.mvx[l][i], 1);
            CHECK_EQ(m.mvy[l][i], 2);
        }
}

/* Flat windows but prev (5, 1) = 140.  Lines 0 and 2 (pictures: prev)
 * whose window holds (5, 1) have SAD 40 for every candidate, else 0.  Pair
 * i's columns are 2i - 2 .. 2i + 3: 5 is in pairs 1 (0..5), 2 (2..7) and
 * 3 (4..9), not 0 (-2..3) or 4 (6..11).  Line 0 covers lines -2..2, line 2
 * 0..4: both hold 1.  With the pixel at (5, 4) instead, only line 2 does. */
TEST(sad_window_is_six_by_five)
{
    g7sf_di_params p = base();
    di_window prev, cur;
    mcdi_block m;
    fill(&prev, 100);
    fill(&cur, 100);
    DIW(&prev, 5, 1) = 140;
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int i = 0; i < 8; i++) {
        int want = i >= 1 && i <= 3 ? 40 : 0;
        CHECK_EQ(m.sad[0][i], want);
        CHECK_EQ(m.sad[2][i], want);
    }
    DIW(&prev, 5, 1) = 100;
    DIW(&prev, 5, 4) = 140;
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int i = 0; i < 8; i++) {
        CHECK_EQ(m.sad[0][i], 0);
        CHECK_EQ(m.sad[2][i], i >= 1 && i <= 3 ? 40 : 0);
    }
}

/* Columns repeating every 4 pixels, prev = cur: of the candidates only X =
 * -4 and 4 (Y = 0) give SAD 0, and 4 is tested later.  Moved by 2, X = -6,
 * -2, 2 and 6 all give 0: the last, 6, wins (for lines 1 and 3 too: the
 * opposite motion -2 matches the same four).  Columns of a vertically
 * constant picture: (0, -2) and (0, 2) give 0, and (0, 2) wins. */
TEST(ties_keep_the_last_candidate)
{
    g7sf_di_params p = base();
    static tex t;
    di_window prev, cur;
    mcdi_block m;
    tex_random(&t);
    for (int y = 0; y < DIW_H + 16; y++)        /* period 4 across, random down */
        for (int x = 4; x < DIW_W + 16; x++)
            t.v[y][x] = t.v[y][x - 4];
    moving(&t, 0, 0, &prev, &cur);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++) {
            CHECK_EQ(m.mvx[l][i], 4);
            CHECK_EQ(m.mvy[l][i], 0);
            CHECK_EQ(m.sad[l][i], 0);
        }
    moving(&t, 2, 0, &prev, &cur);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++)
            CHECK_EQ(m.mvx[l][i], 6);
    tex_random(&t);
    for (int y = 1; y < DIW_H + 16; y++)        /* constant down */
        memcpy(t.v[y], t.v[0], sizeof t.v[0]);
    moving(&t, 0, 0, &prev, &cur);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++) {
            CHECK_EQ(m.mvx[l][i], 0);
            CHECK_EQ(m.mvy[l][i], 2);
        }
}

/* A static scene (prev = cur).  There is no (0, 0) candidate.  Flat: every
 * SAD is 0 and the last candidate (1, 2) wins; compensation averages four
 * equal pixels: 77.  A vertically constant scene picks (0, 2) (above) and
 * compensates AVG(ref(x, y), ref(x, y + 2)) = ref(x, y).  Vectors (1, 2) on
 * both fields fail the opposite-field sum, My: |2 + 2| = 4, even at the
 * largest threshold 3 (so a static scene never passes the smoothness
 * check). */
TEST(static_scene)
{
    g7sf_di_params p = base();
    static tex t;
    di_window prev, cur;
    mcdi_block m;
    fill(&prev, 77);
    fill(&cur, 77);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int l = 0; l < 4; l++) {
        for (int i = 0; i < 8; i++) {
            CHECK(m.mvx[l][i] == 1 && m.mvy[l][i] == 2 && m.sad[l][i] == 0);
            CHECK(!m.smooth[l][i]);
        }
        for (int x = 0; x < 16; x++)
            CHECK_EQ(m.mc[l][x], 77);
    }
    p.smooth_mv_th = 3;
    mcdi_block_run(&p, &prev, &cur, &m);
    CHECK(!m.smooth[0][0] && !m.smooth[3][7]);
    tex_random(&t);
    for (int y = 1; y < DIW_H + 16; y++)
        memcpy(t.v[y], t.v[0], sizeof t.v[0]);
    moving(&t, 0, 0, &prev, &cur);
    mcdi_block_run(&p, &prev, &cur, &m);
    for (int l = 0; l < 4; l++)
        for (int x = 0; x < 16; x++)
            CHECK_EQ(m.mc[l][x], DIW(&prev, x, l));
}

/* The four compensation cases on the ramp 128 + x + 4y (prev) moved by a
 * candidate (cur = ramp - dx - 4 dy).  Line 0 compensates from cur with the
 * motion, line 1 from prev with its opposite; pixel x = 4. */
TEST(compensation_cases)
{
    g7sf_di_params p = base();
    di_window prev, cur;
    mcdi_block m;
    static const struct {
        int dx, dy, line0, line1;
    } c[] = {
        /* Mx even, My 0.  (-4, 0): cur = ramp + 4; line 0 cur(4 - 2, 0) = 128 + 2 + 4
         * = 134; line 1 (4, 0) from prev: prev(4 + 2, 1) = 128 + 6 + 4 = 138. */
        { -4, 0, 134, 138 },
        /* Mx odd, My 0.  (3, 0): cur = ramp - 3; line 0 AVG(cur(5, 0), cur(6, 0)) =
         * (130 + 131 + 1) >> 1 = 131; line 1 (-3, 0): Mx/2 = -1, AVG(prev(3, 1),
         * prev(2, 1)) = (135 + 134 + 1) >> 1 = 135. */
        { 3, 0, 131, 135 },
        /* (-5, 0): cur = ramp + 5; line 0 Mx/2 = -2: AVG(cur(2, 0), cur(1, 0)) =
         * (135 + 134 + 1) >> 1 = 135; line 1 (5, 0): AVG(prev(6, 1), prev(7, 1)) =
         * (138 + 139 + 1) >> 1 = 139. */
        { -5, 0, 135, 139 },
        /* Mx even, |My| 2.  (0, 2): cur = ramp - 8; line 0 AVG(cur(4, 0), cur(4, 2))
         * = (124 + 132 + 1) >> 1 = 128; line 1 (0, -2): AVG(prev(4, -1), prev(4, 1))
         * = (128 + 136 + 1) >> 1 = 132. */
        { 0, 2, 128, 132 },
        /* Mx odd, |My| 2.  (1, 2): cur = ramp - 9; line 0 AVG(cur(4, 0), cur(5, 0),
         * cur(4, 2), cur(5, 2)) = (123 + 124 + 131 + 132 + 2) >> 2 = 128; line 1
         * (-1, -2): AVG(prev(4, -1), prev(3, -1), prev(4, 1), prev(3, 1)) =
         * (128 + 127 + 136 + 135 + 2) >> 2 = 132. */
        { 1, 2, 128, 132 },
        /* (-1, -2), the case with the printed typo: cur = ramp + 9; line 0
         * AVG(cur(4, -2), cur(3, -2), cur(4, 0), cur(3, 0)) = (133 + 132 + 141 +
         * 140 + 2) >> 2 = 137 (the printed 4th term cur(3, -2) would give 135);
         * line 1 (1, 2): AVG(prev(4, 1), prev(5, 1), prev(4, 3), prev(5, 3)) =
         * (136 + 137 + 144 + 145 + 2) >> 2 = 141. */
        { -1, -2, 137, 141 },
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        moving_ramp(c[k].dx, c[k].dy, &prev, &cur);
        mcdi_block_run(&p, &prev, &cur, &m);
        CHECKF(m.mvx[0][2] == c[k].dx && m.mvy[0][2] == c[k].dy, "motion (%d,%d): mv (%d,%d)",
               c[k].dx, c[k].dy, m.mvx[0][2], m.mvy[0][2]);
        CHECKF(m.mc[0][4] == c[k].line0, "motion (%d,%d): line 0 mc %d want %d", c[k].dx,
               c[k].dy, m.mc[0][4], c[k].line0);
        CHECKF(m.mc[1][4] == c[k].line1, "motion (%d,%d): line 1 mc %d want %d", c[k].dx,
               c[k].dy, m.mc[1][4], c[k].line1);
    }
}

/* ---- smoothness check ---------------------------------------------- */

/* One motion everywhere, as a real search gives it: (mx, my) on lines 0
 * and 2, the opposite on lines 1 and 3. */
static void vectors(mcdi_block *m, int mx, int my)
{
    memset(m, 0, sizeof *m);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++)
            m->mvx[l][i] = (int8_t)(l & 1 ? -mx : mx), m->mvy[l][i] = (int8_t)(l & 1 ? -my : my);
}

static void check_smooth(const mcdi_block *m, const bool want[4][8], const char *what)
{
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++)
            CHECKF(m->smooth[l][i] == want[l][i], "%s: line %d pair %d smooth %d", what, l, i,
                   m->smooth[l][i]);
}

/* (2, 0) / (-2, 0) everywhere is smooth.  Line 1 pair 0 set to (-1, 0):
 * line 0 pair 0 vs line 1: |2 + -1| = 1 > 0 fails; line 1 pair 0 vs line 2
 * (sum) |-1 + 2| = 1 fails; line 2 pair 0 vs line 1 (sum) fails; line 3
 * pair 0 vs line 1 (difference) |-2 - -1| = 1 fails; line 1 pair 1 (x = 2,
 * high X) vs pair 0: |-2 - -1| = 1 fails.  Line 0 pair 1 compares lines 1
 * and 2 of pair 1 only: passes.  Threshold 1 passes them all. */
TEST(smoothness_lines_one_and_two_look_down)
{
    g7sf_di_params p = base();
    mcdi_block m;
    bool want[4][8];
    vectors(&m, 2, 0);
    mcdi_smoothness(&p, &m);
    memset(want, 1, sizeof want);
    check_smooth(&m, want, "uniform");
    m.mvx[1][0] = -1;
    mcdi_smoothness(&p, &m);
    want[0][0] = want[1][0] = want[2][0] = want[3][0] = want[1][1] = false;
    check_smooth(&m, want, "line 1 pair 0 off by 1");
    p.smooth_mv_th = 1;
    mcdi_smoothness(&p, &m);
    memset(want, 1, sizeof want);
    check_smooth(&m, want, "threshold 1");
}

/* (0, 0) everywhere, line 3 pair 5 (x = 10, high X) set to (0, 2):
 * line 3 pair 5 vs line 2 (sum) |2 + 0| = 2 fails; line 3 pair 4 (x = 8,
 * low X) vs pair 5: |0 - 2| fails; line 1 pair 5 vs line 3 (difference)
 * fails.  Line 2 pair 5 looks at lines 1 and 0, not 3: passes; line 3 pair
 * 6 (x = 12) pairs with 7, in the next 4x4: passes.  Threshold 2 passes. */
TEST(smoothness_lines_three_and_four_look_up)
{
    g7sf_di_params p = base();
    mcdi_block m;
    bool want[4][8];
    vectors(&m, 0, 0);
    m.mvy[3][5] = 2;
    mcdi_smoothness(&p, &m);
    memset(want, 1, sizeof want);
    want[3][5] = want[3][4] = want[1][5] = false;
    check_smooth(&m, want, "line 3 pair 5 at My 2");
    p.smooth_mv_th = 2;
    mcdi_smoothness(&p, &m);
    memset(want, 1, sizeof want);
    check_smooth(&m, want, "threshold 2");
}

/* Only the horizontal comparison differs: line 0 pair 2 (x = 4, low X) set
 * to (2, 2), and lines 1 and 2 of pair 2 set to match ((-2, -2) and
 * (2, 2)) so the vertical comparisons of line 0 pass.  Line 0 pair 2 vs
 * pair 3: |2 - 0| fails; line 0 pair 3 vs pair 2 fails; lines 1 and 2 of
 * pairs 2 and 3 likewise; line 3 pair 2 vs line 2 (sum) |0 + 2| and vs line
 * 1 (difference) |0 - -2| fails; line 3 pair 3 (both (0, 0)) passes, and so
 * does every other pair. */
TEST(smoothness_horizontal_pair_stays_in_the_4x4)
{
    g7sf_di_params p = base();
    mcdi_block m;
    bool want[4][8];
    vectors(&m, 0, 0);
    m.mvx[0][2] = 2, m.mvy[0][2] = 2;
    m.mvx[1][2] = -2, m.mvy[1][2] = -2;
    m.mvx[2][2] = 2, m.mvy[2][2] = 2;
    mcdi_smoothness(&p, &m);
    memset(want, 1, sizeof want);
    for (int l = 0; l < 4; l++)
        want[l][2] = false;
    want[0][3] = want[1][3] = want[2][3] = false;
    check_smooth(&m, want, "pair 2 moved");
    CHECK(m.smooth[0][1]);          /* pair 1 (x = 2) pairs with 0, not 2 */
}

/* The opposite field's vector is compared by its sum: the same (2, 0) on
 * every line fails |2 + 2| = 4 > 3 even at the largest threshold. */
TEST(smoothness_opposite_field_is_summed)
{
    g7sf_di_params p = base();
    mcdi_block m;
    bool want[4][8];
    memset(&m, 0, sizeof m);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++)
            m.mvx[l][i] = 2;
    p.smooth_mv_th = 3;
    mcdi_smoothness(&p, &m);
    memset(want, 0, sizeof want);
    check_smooth(&m, want, "same sign on both fields");
}

/* ---- consistency check and content adaptive thresholding ------------ */

/* Pixel x = 4 of line 1 (pair 2), vector (2, 0): the picture's own value
 * with the opposite vector (-2, 0) is pic(4 - 1, 1) = pic(3, 1).  pic is
 * flat 100 with pic(4, 0) = 80 and pic(4, 2) = 120 (the 90 degree SDI ends,
 * |80 - 120| = 40, also the vertical neighbours) and MCDI value 110:
 * |110 - 100| = 10 < 40 and < 25, consistent; smooth; SAD 0 <= CAT_TH1 0. */
typedef struct scene {
    g7sf_di_params p;
    mcdi_block m;
    di_window pic;
    mcdi_sdi_info s;
} scene;

static void scene_init(scene *sc)
{
    sc->p = base();
    memset(&sc->m, 0, sizeof sc->m);
    sc->m.mvx[1][2] = 2;
    sc->m.smooth[1][2] = true;
    sc->m.mc[1][4] = 110;
    fill(&sc->pic, 100);
    DIW(&sc->pic, 4, 0) = 80;
    DIW(&sc->pic, 4, 2) = 120;
    sc->s = (mcdi_sdi_info){ .edge = 0, .angle_cost = 200, .scm = 20 };
}

static bool sel(const scene *sc)
{
    di_view v = di_view_of(&sc->pic);
    return mcdi_select(&sc->p, &sc->m, &v, 1, 4, &sc->s);
}

TEST(consistency_check)
{
    scene sc;
    scene_init(&sc);
    CHECK(sel(&sc));
    sc.m.mc[1][4] = 124;            /* |124 - 100| = 24 < 25 */
    CHECK(sel(&sc));
    sc.m.mc[1][4] = 125;            /* 25: not below MC_pixel_consistency_TH */
    CHECK(!sel(&sc));
    sc.p.mc_consistency_th = 26;
    CHECK(sel(&sc));
    scene_init(&sc);
    DIW(&sc.pic, 4, 0) = 95, DIW(&sc.pic, 4, 2) = 105;     /* SDI ends 10 apart */
    CHECK(!sel(&sc));               /* 10 > 10 fails */
    sc.m.mc[1][4] = 109;            /* 9 */
    CHECK(sel(&sc));
    /* the picture's own value moves with the vector: pic(3, 1) = 109 */
    sc.m.mc[1][4] = 110;
    DIW(&sc.pic, 3, 1) = 109;
    CHECK(sel(&sc));
    DIW(&sc.pic, 3, 1) = 100;
    DIW(&sc.pic, 5, 1) = 109;       /* pic(5, 1) is the vector's own side: unused */
    CHECK(!sel(&sc));
}

/* Along an angle the SDI ends are pic(x - Edge, y - 1), pic(x + Edge,
 * y + 1).  Flat picture (vertical ends equal: 0), pic(2, 0) = 60, pic(6, 2)
 * = 140: Edge 2 gives |60 - 140| = 80 > 10, consistent; Edge -2 takes
 * pic(6, 0), pic(2, 2) = 100, 100: 0, not.  (SAD 0: the low band, where the
 * angle does not matter.) */
TEST(consistency_check_along_the_sdi_angle)
{
    scene sc;
    scene_init(&sc);
    DIW(&sc.pic, 4, 0) = 100, DIW(&sc.pic, 4, 2) = 100;
    DIW(&sc.pic, 2, 0) = 60, DIW(&sc.pic, 6, 2) = 140;
    CHECK(!sel(&sc));
    sc.s.edge = 2;
    CHECK(sel(&sc));
    sc.s.edge = -2;
    CHECK(!sel(&sc));
}

/* The picture's own value for a half-pel vector: mv (-3, 2) at x = 4 of
 * line 1; the opposite (3, -2): x + 1 and x + 2, lines 1 - 1 -/+ 1 = -1,
 * 1: AVG(pic(5, -1), pic(6, -1), pic(5, 1), pic(6, 1)) = (100 + 101 +
 * 102 + 104 + 2) >> 2 = 102.  MCDI 126: 24 < 25 consistent; 127: 25 not. */
TEST(consistency_check_half_pel_vector)
{
    scene sc;
    scene_init(&sc);
    sc.m.mvx[1][2] = -3, sc.m.mvy[1][2] = 2;
    DIW(&sc.pic, 5, -1) = 100, DIW(&sc.pic, 6, -1) = 101;
    DIW(&sc.pic, 5, 1) = 102, DIW(&sc.pic, 6, 1) = 104;
    sc.m.mc[1][4] = 126;
    CHECK(sel(&sc));
    sc.m.mc[1][4] = 127;
    CHECK(!sel(&sc));
}

/* Low band (best SAD <= CAT_TH1): MCDI iff consistent and smooth, whatever
 * the angle and angle cost. */
TEST(cat_low_band)
{
    scene sc;
    scene_init(&sc);
    sc.s.angle_cost = 0;
    CHECK(sel(&sc));
    sc.m.smooth[1][2] = false;
    CHECK(!sel(&sc));
    scene_init(&sc);
    sc.p.cat_th1 = 3, sc.m.sad[1][2] = 3, sc.s.angle_cost = 0;
    CHECK(sel(&sc));                /* 3 <= 3 */
    sc.m.sad[1][2] = 4;             /* middle band: 4 + 150 >= 0 */
    CHECK(!sel(&sc));
}

/* CAT_TH2 with slope 10, SAD_THA 5, SAD_THB 10: SCM_A = 50, SCM_B = 100.
 * SCM 20 < 50: 5; SCM 49: 5; 59: 59 / 10 = 5; 60: 6; 100: 10; 200 > 100:
 * 10.  The middle band ends below CAT_TH2 * 30 (angle cost 400 so the tight
 * test passes: SAD + 150 < 800 for these SADs). */
TEST(cat_th2_follows_scm)
{
    static const struct {
        unsigned scm, top;          /* CAT_TH2 * 30 */
    } c[] = { { 20, 150 }, { 49, 150 }, { 50, 150 }, { 59, 150 }, { 60, 180 },
              { 75, 210 }, { 100, 300 }, { 101, 300 }, { 200, 300 } };
    scene sc;
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        scene_init(&sc);
        sc.s.scm = c[k].scm, sc.s.angle_cost = 400;
        sc.m.sad[1][2] = (uint16_t)(c[k].top - 1);
        CHECKF(sel(&sc), "SCM %u: SAD %u in the band", c[k].scm, c[k].top - 1);
        sc.m.sad[1][2] = (uint16_t)c[k].top;
        CHECKF(!sel(&sc), "SCM %u: SAD %u above the band", c[k].scm, c[k].top);
    }
    /* slope field 3: slope 4, SCM_A 20, SCM_B 40; SCM 30: 30 / 4 = 7 -> 210 */
    scene_init(&sc);
    sc.p.cat_slope = 4, sc.s.scm = 30, sc.s.angle_cost = 400;
    sc.m.sad[1][2] = 209;
    CHECK(sel(&sc));
    sc.m.sad[1][2] = 210;
    CHECK(!sel(&sc));
}

/* Middle band (SCM 20: 0 < SAD < 150), SAD 100: also needs the 90 degree
 * angle and SAD + SAD_Tight_TH * 30 < angle cost * 2: 100 + 150 = 250 <
 * 2 * 126 = 252, not < 2 * 125 = 250. */
TEST(cat_middle_band)
{
    scene sc;
    scene_init(&sc);
    sc.m.sad[1][2] = 100, sc.s.angle_cost = 126;
    CHECK(sel(&sc));
    sc.s.angle_cost = 125;
    CHECK(!sel(&sc));
    sc.s.angle_cost = 126;
    sc.p.sad_tight_th = 6;          /* 100 + 180 = 280 >= 252 */
    CHECK(!sel(&sc));
    sc.p.sad_tight_th = 5;
    sc.m.smooth[1][2] = false;
    CHECK(!sel(&sc));
    sc.m.smooth[1][2] = true;
    sc.m.mc[1][4] = 130;            /* inconsistent: 30 >= 25 */
    CHECK(!sel(&sc));
    /* a consistent non-90-degree angle: pic(2, 0) = 60, pic(6, 2) = 140 */
    scene_init(&sc);
    sc.m.sad[1][2] = 100, sc.s.angle_cost = 126, sc.s.edge = 2;
    DIW(&sc.pic, 2, 0) = 60, DIW(&sc.pic, 6, 2) = 140;
    CHECK(!sel(&sc));
    sc.m.sad[1][2] = 0;             /* the same in the low band */
    CHECK(sel(&sc));
}

/* NeighborPixel_TH (middle band only): the MCDI value at most 10 outside
 * [min, max] of the vertical neighbours pic(4, 0) = 95, pic(4, 2) = 105.
 * 115 passes, 116 not; 85 passes, 84 not (picture's own value set 1 away
 * so the consistency check passes: |115 - 114| = 1 < 10).  In the low band
 * 116 is fine. */
TEST(cat_neighbor_pixel_threshold)
{
    static const struct {
        int mc, own;
        bool want;
    } c[] = { { 115, 114, true }, { 116, 115, false }, { 85, 86, true }, { 84, 85, false } };
    scene sc;
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        scene_init(&sc);
        sc.m.sad[1][2] = 100, sc.s.angle_cost = 400;
        DIW(&sc.pic, 4, 0) = 95, DIW(&sc.pic, 4, 2) = 105;
        sc.m.mc[1][4] = (uint8_t)c[k].mc;
        DIW(&sc.pic, 3, 1) = (uint8_t)c[k].own;
        CHECKF(sel(&sc) == c[k].want, "MCDI %d: want %d", c[k].mc, c[k].want);
        sc.m.sad[1][2] = 0;
        CHECKF(sel(&sc), "MCDI %d, low band", c[k].mc);
    }
    scene_init(&sc);                /* threshold 0: inside [95, 105] only */
    sc.p.neighbor_pixel_th = 0, sc.m.sad[1][2] = 100, sc.s.angle_cost = 400;
    DIW(&sc.pic, 4, 0) = 95, DIW(&sc.pic, 4, 2) = 105;
    sc.m.mc[1][4] = 105, DIW(&sc.pic, 3, 1) = 104;
    CHECK(sel(&sc));
    sc.m.mc[1][4] = 106, DIW(&sc.pic, 3, 1) = 105;
    CHECK(!sel(&sc));
}

/* Above the band, SDI whatever else holds. */
TEST(cat_high_band)
{
    scene sc;
    scene_init(&sc);
    sc.m.sad[1][2] = 150, sc.s.angle_cost = 1000;
    CHECK(!sel(&sc));
    sc.m.sad[1][2] = 7650;          /* the largest SAD: 30 x 255 */
    CHECK(!sel(&sc));
}

/* MCDI disabled or the first frame: always SDI.  Out-of-range pixel, line,
 * vector or angle: SDI, nothing read outside the window. */
TEST(select_rejects_bad_input)
{
    scene sc;
    scene_init(&sc);
    CHECK(sel(&sc));
    sc.p.mcdi = false;
    CHECK(!sel(&sc));
    scene_init(&sc);
    sc.p.first_frame = true;
    CHECK(!sel(&sc));
    scene_init(&sc);
    di_view v = di_view_of(&sc.pic);
    CHECK(!mcdi_select(&sc.p, &sc.m, &v, 4, 4, &sc.s));
    CHECK(!mcdi_select(&sc.p, &sc.m, &v, -1, 4, &sc.s));
    CHECK(!mcdi_select(&sc.p, &sc.m, &v, 1, 16, &sc.s));
    CHECK(!mcdi_select(&sc.p, &sc.m, &v, 1, -1, &sc.s));
    sc.m.mvx[1][2] = 7;
    CHECK(!sel(&sc));
    sc.m.mvx[1][2] = -128;
    CHECK(!sel(&sc));
    scene_init(&sc);
    sc.m.mvy[1][2] = 3;
    CHECK(!sel(&sc));
    scene_init(&sc);
    sc.s.edge = 17;
    CHECK(!sel(&sc));
    sc.s.edge = -1000000;
    CHECK(!sel(&sc));
    /* garbage thresholds cannot wrap the sums: SAD 100 + 2^32 - 1 ... */
    scene_init(&sc);
    sc.m.sad[1][2] = 100, sc.p.sad_tight_th = ~0u, sc.s.angle_cost = ~0u;
    CHECK(!sel(&sc));
    sc.p.cat_slope = 0;             /* never 0 from state; no division by 0 */
    sc.p.sad_tight_th = 5;
    CHECK(sel(&sc));
    /* a huge NeighborPixel_TH admits any value: MCDI 0 against neighbours
     * 80, 120 (own value 1: consistent) */
    sc.p.neighbor_pixel_th = ~0u;
    sc.m.mc[1][4] = 0, DIW(&sc.pic, 3, 1) = 1;
    CHECK(sel(&sc));
    sc.p.neighbor_pixel_th = 79;    /* 0 + 79 < 80 */
    CHECK(!sel(&sc));
}
