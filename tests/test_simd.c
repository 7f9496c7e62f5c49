/* checkasm style: every SIMD kernel against its C reference (src/media/dsp.h)
 * on the same random and edge-case inputs, bit for bit.  One case per kernel
 * and instruction set; a set the CPU lacks is skipped with a message. */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

/* ---- inputs ---- */

enum fill { F_RAND, F_ZERO, F_FULL, F_EXTREMES, F_LOW, F_COUNT };

/* Random bytes, all 0, all 255, random 0/255, random 0/1 (many equal SADs:
 * the tie rule decides). */
static void fill_bytes(uint8_t *p, size_t n, enum fill f)
{
    for (size_t i = 0; i < n; i++) {
        unsigned r = (unsigned)t_rand();
        p[i] = f == F_RAND ? (uint8_t)r : f == F_ZERO ? 0 : f == F_FULL ? 255
             : f == F_EXTREMES ? (r & 1 ? 255 : 0) : (uint8_t)(r & 1);
    }
}

/* ---- MCDI motion search ---- */

static void check_mcdi_search(const t_isa *s)
{
    media_dsp d;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    static di_window pic, ref;
    int cases = 0;
    for (int fp = 0; fp < F_COUNT; fp++)
        for (int fr = 0; fr < F_COUNT; fr++)
            for (int rep = 0; rep < 20; rep++)
                for (int l0 = 0; l0 < 2; l0++) {
                    fill_bytes(&pic.p[0][0], sizeof pic.p, (enum fill)fp);
                    fill_bytes(&ref.p[0][0], sizeof ref.p, (enum fill)fr);
                    mcdi_block want, got;
                    /* the same garbage in both: lines not searched stay as they were */
                    fill_bytes((uint8_t *)&want, sizeof want, F_RAND);
                    got = want;
                    mcdi_search_c(&pic, &ref, l0, &want);
                    d.mcdi.search(&pic, &ref, l0, &got);
                    CHECKF(!memcmp(&want, &got, sizeof want),
                           "%s: fills %d/%d l0 %d: differs from C (line %d pair 0: sad %u/%u "
                           "mv (%d,%d)/(%d,%d))", s->name, fp, fr, l0, l0, got.sad[l0][0],
                           want.sad[l0][0], got.mvx[l0][0], got.mvy[l0][0], want.mvx[l0][0],
                           want.mvy[l0][0]);
                    cases++;
                    if (t_failed())
                        return;
                }
    CHECK_EQ(cases, F_COUNT * F_COUNT * 40);
}

/* The largest SAD: picture all 0, reference all 255 gives 6 x 5 x 255 = 7650
 * for every candidate; the tie goes to the last tested, {1, 2}. */
static void check_mcdi_search_max(const t_isa *s)
{
    media_dsp d;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    static di_window pic, ref;
    memset(pic.p, 0, sizeof pic.p);
    memset(ref.p, 255, sizeof ref.p);
    mcdi_block m;
    memset(&m, 0, sizeof m);
    d.mcdi.search(&pic, &ref, 1, &m);
    for (int l = 1; l < 4; l += 2)
        for (int i = 0; i < 8; i++)
            CHECKF(m.sad[l][i] == 7650 && m.mvx[l][i] == 1 && m.mvy[l][i] == 2,
                   "%s line %d pair %d: sad %u mv (%d,%d), want 7650 (1,2)", s->name, l, i,
                   m.sad[l][i], m.mvx[l][i], m.mvy[l][i]);
}

TEST(mcdi_search_sse41) { check_mcdi_search(&t_isa_sse41); }
TEST(mcdi_search_avx2) { check_mcdi_search(&t_isa_avx2); }
TEST(mcdi_search_max_sad_sse41) { check_mcdi_search_max(&t_isa_sse41); }
TEST(mcdi_search_max_sad_avx2) { check_mcdi_search_max(&t_isa_avx2); }

/* ---- SDI window sums ---- */

typedef struct sdi_sums {
    di_sdi s;
    uint16_t h1[DI_LANES], h2[DI_LANES];
} sdi_sums;

static void check_sdi_costs(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static di_window pic;
    int cases = 0;
    for (int f = 0; f < F_COUNT; f++)
        for (int rep = 0; rep < 30; rep++)
            for (int l = 0; l < 4; l++) {
                fill_bytes(&pic.p[0][0], sizeof pic.p, (enum fill)f);
                sdi_sums want, got;
                fill_bytes((uint8_t *)&want, sizeof want, F_RAND);
                got = want;
                di_sdi_costs_c(&pic, l, &want.s, want.h1, want.h2);
                d.di.sdi_costs(&pic, l, &got.s, got.h1, got.h2);
                CHECKF(!memcmp(&want, &got, sizeof want),
                       "%s: fill %d line %d: differs from C (lane 0: cost90 %u/%u h1 %u/%u "
                       "h2 %u/%u)", is->name, f, l, got.s.cost[DI_A90][0],
                       want.s.cost[DI_A90][0], got.h1[0], want.h1[0], got.h2[0], want.h2[0]);
                cases++;
                if (t_failed())
                    return;
            }
    CHECK_EQ(cases, F_COUNT * 30 * 4);
}

/* Line 2 all 255, the rest 0, interpolating line 1: the rows compared are
 * lines 0/-2, 2/0 and 4/2, so each column's 6x3 cost is 255 + 255 = 510
 * at every angle.  Lane i sums pair words i + 1 .. i + 3 of 16, zero past
 * them: 6 x 510 = 3060 for lanes 0..12, 2040 (13), 1020 (14), 0 (15).  The
 * 2x1 cost is pair word i + 2 of the middle row: 2 x 255 = 510 for lanes
 * 0..13, 0 for 14 and 15.  Lines 0 and 2 are flat: SUM_H1 = 0; SUM_H2 is
 * 0 too where the lane's x0 - 2 .. x0 + 4 lie in the row, but lanes 12..14
 * take x0 + 4 from the zero padding past it (pair word i + 4 >= 16) while
 * x0 - 2 .. x0 + 3 are 255 on line 2: |255 - 255| + |255 - 0| = 255. */
static void check_sdi_costs_line(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static di_window pic;
    memset(pic.p, 0, sizeof pic.p);
    memset(&DIW(&pic, -DIW_L, 2), 255, DIW_W);
    sdi_sums got;
    d.di.sdi_costs(&pic, 1, &got.s, got.h1, got.h2);
    for (int a = 0; a < DI_ANGLES; a++)
        for (int i = 0; i < DI_LANES; i++) {
            int c = i <= 12 ? 3060 : i == 13 ? 2040 : i == 14 ? 1020 : 0;
            int c2 = i <= 13 ? 510 : 0;
            CHECKF(got.s.cost[a][i] == c && got.s.cost2x1[a][i] == c2,
                   "%s angle %d lane %d: cost %u cost2x1 %u, want %d %d", is->name, a, i,
                   got.s.cost[a][i], got.s.cost2x1[a][i], c, c2);
        }
    for (int i = 0; i < DI_LANES; i++) {
        int h2 = i >= 12 && i <= 14 ? 255 : 0;
        CHECKF(got.h1[i] == 0 && got.h2[i] == h2, "%s lane %d: h1 %u h2 %u, want 0 %d", is->name,
               i, got.h1[i], got.h2[i], h2);
    }
}

/* Lines l and l + 2 in one call: what two calls of the C version give. */
static void check_sdi_costs2(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static di_window pic;
    int cases = 0;
    for (int f = 0; f < F_COUNT; f++)
        for (int rep = 0; rep < 30; rep++)
            for (int l = 0; l < 4; l++) {
                fill_bytes(&pic.p[0][0], sizeof pic.p, (enum fill)f);
                di_sdi want[2], got[2];
                uint16_t wh1[2][DI_LANES], wh2[2][DI_LANES], gh1[2][DI_LANES], gh2[2][DI_LANES];
                fill_bytes((uint8_t *)want, sizeof want, F_RAND);
                memcpy(got, want, sizeof got);
                di_sdi_costs_c(&pic, l, &want[0], wh1[0], wh2[0]);
                di_sdi_costs_c(&pic, l + 2, &want[1], wh1[1], wh2[1]);
                d.di.sdi_costs2(&pic, l, got, gh1, gh2);
                CHECKF(!memcmp(want, got, sizeof want) && !memcmp(wh1, gh1, sizeof wh1) &&
                       !memcmp(wh2, gh2, sizeof wh2),
                       "%s: fill %d lines %d, %d: differ from C", is->name, f, l, l + 2);
                cases++;
                if (t_failed())
                    return;
            }
    CHECK_EQ(cases, F_COUNT * 30 * 4);
}

TEST(di_sdi_costs2_c) { check_sdi_costs2(&t_isa_c); }
TEST(di_sdi_costs2_sse41) { check_sdi_costs2(&t_isa_sse41); }
TEST(di_sdi_costs2_avx2) { check_sdi_costs2(&t_isa_avx2); }
TEST(di_sdi_costs_sse41) { check_sdi_costs(&t_isa_sse41); }
TEST(di_sdi_costs_avx2) { check_sdi_costs(&t_isa_avx2); }
TEST(di_sdi_costs_line_sse41) { check_sdi_costs_line(&t_isa_sse41); }
TEST(di_sdi_costs_line_avx2) { check_sdi_costs_line(&t_isa_avx2); }

/* ---- SDI angle decision ---- */

static void check_angle_decide(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    /* thresholds at the costs' ends, and unsigned values that are negative
     * as the C's ints */
    static const unsigned ths[] = { 0, 1, 2, 5, 50, DI_COST_MAX - 1, DI_COST_MAX,
                                    DI_COST_MAX + 1, 8192, 100000, 0x7FFFFFFF, 0x80000000,
                                    0xFFFFEE00, 0xFFFFFFFF };
    enum { NTH = sizeof ths / sizeof ths[0] };
    /* cost ranges: full, 0..3 (ties everywhere), the top end */
    static const int lo[] = { 0, 0, DI_COST_MAX - 3 }, span[] = { DI_COST_MAX + 1, 4, 4 };
    int cases = 0;
    for (int r = 0; r < 3; r++)
        for (int a = 0; a < NTH; a++)
            for (int b = 0; b < NTH; b++)
                for (int rep = 0; rep < 4; rep++) {
                    uint16_t cost[DI_ANGLES][DI_LANES];
                    for (int k = 0; k < DI_ANGLES; k++)
                        for (int i = 0; i < DI_LANES; i++)
                            cost[k][i] = (uint16_t)(lo[r] + (int)(t_rand() % (unsigned)span[r]));
                    uint8_t want[DI_LANES], got[DI_LANES];
                    di_angle_decide((const uint16_t (*)[DI_LANES])cost, ths[a], ths[b], want);
                    d.di.angle_decide((const uint16_t (*)[DI_LANES])cost, ths[a], ths[b], got);
                    CHECKF(!memcmp(want, got, sizeof want),
                           "%s: costs %d th %u delta %u: lane 0 angle %u, C %u", is->name, r,
                           ths[a], ths[b], got[0], want[0]);
                    cases++;
                    if (t_failed())
                        return;
                }
    CHECK_EQ(cases, 3 * NTH * NTH * 4);
}

/* Thresholds past any cost decide as the plain sums do: the n side's 10
 * beats the vertical 100 and the p side's 200; 10 < Th for every Th past
 * 10 (also 0x80000000 and 0xFFFFFFFF, negative as ints), and 10 + D < 100
 * up to D = 89. */
static void check_angle_decide_large(const char *name, di_angle_decide_fn f)
{
    uint16_t cost[DI_ANGLES][DI_LANES];
    for (int k = 0; k < DI_ANGLES; k++)
        for (int i = 0; i < DI_LANES; i++)
            cost[k][i] = k == DI_A90 ? 100 : k == DI_A90 - 1 ? 10 : 200;
    static const struct { unsigned th, delta; int want; } c[] = {
        { 0xFFFFFFFF, 0, DI_A90 - 1 },  { 0x80000000, 89, DI_A90 - 1 },
        { 0x80000000, 90, DI_A90 },     { 11, 0xFFFFFFFF, DI_A90 },
        { 10, 0, DI_A90 },              { 11, 0x80000000, DI_A90 },
    };
    for (size_t n = 0; n < sizeof c / sizeof c[0]; n++) {
        uint8_t a[DI_LANES];
        f((const uint16_t (*)[DI_LANES])cost, c[n].th, c[n].delta, a);
        for (int i = 0; i < DI_LANES; i++)
            CHECKF(a[i] == c[n].want, "%s th %u delta %u lane %d: angle %u, want %d", name,
                   c[n].th, c[n].delta, i, a[i], c[n].want);
    }
}

TEST(di_angle_decide_large_thresholds)
{
    check_angle_decide_large("c", di_angle_decide);
    media_dsp d;
    if (t_table_for(&t_isa_sse41, &d))
        check_angle_decide_large("sse4.1", d.di.angle_decide);
    if (t_table_for(&t_isa_avx2, &d))
        check_angle_decide_large("avx2", d.di.angle_decide);
}

TEST(di_angle_decide_sse41) { check_angle_decide(&t_isa_sse41); }
TEST(di_angle_decide_avx2) { check_angle_decide(&t_isa_avx2); }

/* ---- Denoise ---- */

enum { F_NEAR = F_COUNT, DN_FILLS };   /* 120..135: some neighbours good, some not */

/* A window and the pixels its rows point at. */
typedef struct dn_pix {
    uint8_t cur[DN_WIN_H][DN_WIN_W], prev[DN_MAX_BH][DN_BW];
    dn_window w;
} dn_pix;

static void dn_point(dn_pix *px, int bh, int step)
{
    for (int r = 0; r < DN_WIN_H; r++)
        px->w.cur[r] = px->cur[r];
    for (int y = 0; y < DN_MAX_BH; y++)
        px->w.prev[y] = px->prev[y];
    px->w.bh = bh, px->w.step = step;
}

/* The current frame by fill f; the previous one moved from it by a random
 * step in [-spread, spread] per pixel, clamped, so |cur - prev| crosses
 * the thresholds near spread. */
static void fill_dn(dn_pix *px, int f, int spread, int bh, int step)
{
    fill_bytes(&px->cur[0][0], sizeof px->cur, f == F_NEAR ? F_RAND : (enum fill)f);
    if (f == F_NEAR)
        for (size_t i = 0; i < sizeof px->cur; i++)
            (&px->cur[0][0])[i] = (uint8_t)(120 + (&px->cur[0][0])[i] % 16);
    for (int y = 0; y < DN_MAX_BH; y++)
        for (int x = 0; x < DN_BW; x++) {
            int v = px->cur[step + y][1 + x] + (int)(t_rand() % (unsigned)(2 * spread + 1)) - spread;
            px->prev[y][x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    dn_point(px, bh, step);
}

static void check_motion_one(const t_isa *is, const media_dsp *d, const dn_window *w, unsigned th)
{
    g7sf_dn_block_stats want, got;
    /* the same garbage in both: the 4x4s past bh stay as they were */
    fill_bytes((uint8_t *)&want, sizeof want, F_RAND);
    memcpy(&got, &want, sizeof got);
    dn_motion_c(w, th, &want);
    d->dn.motion(w, th, &got);
    CHECKF(!memcmp(&want, &got, sizeof want),
           "%s: bh %d step %d th %u: 4x4 0: stad %u/%u tasd %u/%u shcm %u/%u svcm %u/%u mp %u/%u",
           is->name, w->bh, w->step, th, got.stad[0], want.stad[0], got.tasd[0], want.tasd[0],
           got.shcm[0], want.shcm[0], got.svcm[0], want.svcm[0], got.motion_pixels[0],
           want.motion_pixels[0]);
}

static void check_dn_motion(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static const int spreads[] = { 0, 1, 16, 255 };
    int cases = 0;
    for (int f = 0; f < DN_FILLS; f++)
        for (int sp = 0; sp < 4; sp++)
            for (int bh = 4; bh <= 8; bh += 4)
                for (int step = 1; step <= 2; step++)
                    for (unsigned th = 0; th <= 255; th++) {
                        dn_pix px;
                        fill_dn(&px, f, spreads[sp], bh, step);
                        check_motion_one(is, &d, &px.w, th);
                        cases++;
                        if (t_failed())
                            return;
                    }
    CHECK_EQ(cases, DN_FILLS * 4 * 2 * 2 * 256);
}

/* The largest sums: cur all 255, prev all 0.  Per 4x4: STAD = TASD =
 * 16 x 255 = 4080, all 16 pixels move (|d| = 255 >= 255), no activity. */
static void check_dn_motion_max(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    dn_pix px;
    memset(px.cur, 255, sizeof px.cur);
    memset(px.prev, 0, sizeof px.prev);
    dn_point(&px, 8, 2);
    g7sf_dn_block_stats st;
    d.dn.motion(&px.w, 255, &st);
    for (int k = 0; k < 8; k++)
        CHECKF(st.stad[k] == 4080 && st.tasd[k] == 4080 && st.motion_pixels[k] == 16 &&
               st.shcm[k] == 0 && st.svcm[k] == 0, "%s 4x4 %d: stad %u tasd %u mp %u shcm %u "
               "svcm %u, want 4080 4080 16 0 0", is->name, k, st.stad[k], st.tasd[k],
               st.motion_pixels[k], st.shcm[k], st.svcm[k]);
}

TEST(dn_motion_sse41) { check_dn_motion(&t_isa_sse41); }
TEST(dn_motion_avx2) { check_dn_motion(&t_isa_avx2); }
TEST(dn_motion_max_c) { check_dn_motion_max(&t_isa_c); }
TEST(dn_motion_max_sse41) { check_dn_motion_max(&t_isa_sse41); }
TEST(dn_motion_max_avx2) { check_dn_motion_max(&t_isa_avx2); }

typedef struct dn_case {
    g7sf_dn_params p;           /* the filter's controls */
    uint8_t hist[8], moving[8];
} dn_case;

/* Filters w with C and with the set's kernel; false (and a failure) if
 * the pixels or the BNE differ. */
static bool check_filter_one(const t_isa *is, const media_dsp *d, const dn_window *w,
                             const dn_case *c, const char *what)
{
    dn_filter_params fp;
    dn_filter_setup(&c->p, &fp);
    uint8_t want[DN_MAX_BH][DN_BW], got[DN_MAX_BH][DN_BW];
    memset(want, 0xA5, sizeof want);
    memset(got, 0xA5, sizeof got);
    unsigned bw = dn_filter_c(w, &fp, c->hist, c->moving, &want[0][0], DN_BW);
    unsigned bg = d->dn.filter(w, &fp, c->hist, c->moving, &got[0][0], DN_BW);
    int at = 0;
    while (at < DN_MAX_BH * DN_BW && (&want[0][0])[at] == (&got[0][0])[at])
        at++;
    CHECKF(bw == bg && at == DN_MAX_BH * DN_BW,
           "%s %s: bh %d step %d gn %u th %u low %u edge %u noise %u: bne %u (C %u); pixel "
           "(%d,%d) %u (C %u)", is->name, what, w->bh, w->step, c->p.good_neighbor_th,
           c->p.temporal_diff_th, c->p.temporal_diff_low, c->p.bne_edge_th, c->p.bne_noise_th,
           bg, bw, at % DN_BW, at / DN_BW, at < DN_MAX_BH * DN_BW ? (&got[0][0])[at] : 0,
           at < DN_MAX_BH * DN_BW ? (&want[0][0])[at] : 0);
    return !t_failed();
}

/* Histories: 0, 128, 255, random; motion: none, all (first frame), random. */
static void dn_case_fill(dn_case *c, int hmode, int mmode)
{
    for (int k = 0; k < 8; k++) {
        unsigned r = (unsigned)t_rand();
        c->hist[k] = hmode == 0 ? 0 : hmode == 1 ? 128 : hmode == 2 ? 255 : (uint8_t)r;
        c->moving[k] = mmode == 0 ? 0 : mmode == 1 ? 1 : (uint8_t)(r >> 8 & 1);
    }
}

static const g7sf_dn_params dn_base = {
    .temporal_diff_th = 16, .temporal_diff_low = 8, .good_neighbor_th = 4, .bne_edge_th = 1,
    .bne_noise_th = 15,
};

/* Random windows, histories and motion under random valid controls. */
static void check_dn_filter(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static const int spreads[] = { 0, 4, 20, 255 };
    int cases = 0;
    for (int f = 0; f < DN_FILLS; f++)
        for (int sp = 0; sp < 4; sp++)
            for (int hm = 0; hm < 4; hm++)
                for (int mm = 0; mm < 3; mm++)
                    for (int rep = 0; rep < 4; rep++) {
                        dn_pix px;
                        fill_dn(&px, f, spreads[sp], 4 + 4 * (rep & 1), 1 + (rep >> 1));
                        dn_case c = { .p = dn_base };
                        dn_case_fill(&c, hm, mm);
                        unsigned th = (unsigned)(t_rand() % 256);
                        c.p.temporal_diff_th = th;
                        c.p.temporal_diff_low = th - (unsigned)(t_rand() % (th < 16 ? th + 1 : 17));
                        c.p.good_neighbor_th = (unsigned)(t_rand() % 256);
                        c.p.bne_edge_th = (unsigned)(t_rand() % 40);
                        c.p.bne_noise_th = (unsigned)(t_rand() % 40);
                        if (!check_filter_one(is, &d, &px.w, &c, "random"))
                            return;
                        cases++;
                    }
    CHECK_EQ(cases, DN_FILLS * 4 * 4 * 3 * 4);
}

/* Every th with every low from th - 16 to th (th - low = 16 .. 0), prev
 * spread around th so t_diff falls on both sides of both. */
static void check_dn_filter_temporal_th(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    int cases = 0;
    for (unsigned th = 0; th <= 255; th++)
        for (unsigned low = th < 16 ? 0 : th - 16; low <= th; low++) {
            dn_pix px;
            fill_dn(&px, F_RAND, (int)th + 2, 8, 1 + (int)(low & 1));
            dn_case c = { .p = dn_base };
            dn_case_fill(&c, (int)(th % 4), 0);
            c.p.temporal_diff_th = th, c.p.temporal_diff_low = low;
            if (!check_filter_one(is, &d, &px.w, &c, "th/low"))
                return;
            cases++;
        }
    /* th 0..15 take 1..16 lows, th 16..255 take 17 each */
    CHECK_EQ(cases, 136 + 240 * 17);
}

/* Every good-neighbour threshold, and BNE thresholds at every value the
 * measures can take and past them (256 and beyond decide alike). */
static void check_dn_filter_spatial_th(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    int cases = 0;
    for (unsigned gn = 0; gn <= 255; gn++)
        for (int f = F_RAND; f < DN_FILLS; f += F_NEAR - F_RAND) {
            dn_pix px;
            fill_dn(&px, f, 8, 8, 1 + (int)(gn & 1));
            dn_case c = { .p = dn_base };
            dn_case_fill(&c, 3, 2);
            c.p.good_neighbor_th = gn;
            if (!check_filter_one(is, &d, &px.w, &c, "gn"))
                return;
            cases++;
        }
    static const unsigned big[] = { 256, 257, 1000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF };
    for (unsigned e = 0; e < 256 + 6; e++)
        for (int f = F_RAND; f < DN_FILLS; f += F_NEAR - F_RAND) {
            dn_pix px;
            fill_dn(&px, f, 8, 4 + 4 * (int)(e & 1), 1);
            dn_case c = { .p = dn_base };
            dn_case_fill(&c, 3, 2);
            unsigned v = e < 256 ? e : big[e - 256];
            c.p.bne_edge_th = v;
            c.p.bne_noise_th = e < 256 ? 255 - e : v;
            if (!check_filter_one(is, &d, &px.w, &c, "bne th"))
                return;
            cases++;
        }
    CHECK_EQ(cases, 256 * 2 + 262 * 2);
}

/* Flat windows, worked by hand, first frame (all 4x4s moving: spatial):
 * all 255 gives ((9 x 255 + 9 / 2) x gn_q_table[8]) >> 11 =
 * (2299 x 227) >> 11 = 521873 >> 11 = 254; all 0 gives (4 x 227) >> 11 = 0.
 * A flat 3x3 has median 255 (0), deviations 0 and no edge: every pixel
 * passes (0 < 1, 0 < 15) and BNE is 0.  With bne_edge_th 0 none passes
 * (ED 0 < 0 fails): BNE stays 255.  bne_edge_th 0xFFFFFFFF is a plain
 * large threshold (not a negative int): every pixel passes, BNE 0. */
static void check_dn_filter_flat(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static const unsigned edges[] = { 0, 1, 0xFFFFFFFF };
    for (int v = 0; v <= 255; v += 255)
        for (int e = 0; e < 3; e++) {
            unsigned edge = edges[e];
            dn_pix px;
            memset(px.cur, v, sizeof px.cur);
            memset(px.prev, 0, sizeof px.prev);
            dn_point(&px, 8, 2);
            dn_case c = { .p = dn_base };
            dn_case_fill(&c, 0, 1);
            c.p.bne_edge_th = edge;
            dn_filter_params fp;
            dn_filter_setup(&c.p, &fp);
            uint8_t out[DN_MAX_BH][DN_BW];
            unsigned bne = d.dn.filter(&px.w, &fp, c.hist, c.moving, &out[0][0], DN_BW);
            CHECKF(bne == (edge ? 0u : 255u), "%s flat %d edge %u: bne %u", is->name, v, edge,
                   bne);
            for (int y = 0; y < 8; y++)
                for (int x = 0; x < 16; x++)
                    CHECKF(out[y][x] == (v ? 254 : 0), "%s flat %d (%d,%d): %u, want %d",
                           is->name, v, x, y, out[y][x], v ? 254 : 0);
        }
}

TEST(dn_filter_sse41) { check_dn_filter(&t_isa_sse41); }
TEST(dn_filter_avx2) { check_dn_filter(&t_isa_avx2); }
TEST(dn_filter_temporal_th_sse41) { check_dn_filter_temporal_th(&t_isa_sse41); }
TEST(dn_filter_temporal_th_avx2) { check_dn_filter_temporal_th(&t_isa_avx2); }
TEST(dn_filter_spatial_th_sse41) { check_dn_filter_spatial_th(&t_isa_sse41); }
TEST(dn_filter_spatial_th_avx2) { check_dn_filter_spatial_th(&t_isa_avx2); }
TEST(dn_filter_flat_c) { check_dn_filter_flat(&t_isa_c); }
TEST(dn_filter_flat_sse41) { check_dn_filter_flat(&t_isa_sse41); }
TEST(dn_filter_flat_avx2) { check_dn_filter_flat(&t_isa_avx2); }

/* ---- dispatch ---- */

/* G7SF_CPU=c forces the C kernels; sse4.1 keeps at most SSE4.1. */
TEST(g7sf_cpu_limits_the_sets)
{
    const char *old = getenv("G7SF_CPU");
    char *saved = old ? strdup(old) : NULL;
    setenv("G7SF_CPU", "c", 1);
    CHECK_EQ(cpu_flags(), 0);
    setenv("G7SF_CPU", "sse4.1", 1);
    CHECK_EQ(cpu_flags() & ~(unsigned)CPU_SSE41, 0);
    CHECK_EQ(cpu_flags(), cpu_flags_host() & CPU_SSE41);
    media_dsp d;
    media_dsp_init(&d, 0);
    CHECK(d.mcdi.search == mcdi_search_c);
    CHECK(d.di.sdi_costs == di_sdi_costs_c);
    CHECK(d.di.sdi_costs2 == di_sdi_costs2_c);
    CHECK(d.di.angle_decide == di_angle_decide);
    CHECK(d.dn.motion == dn_motion_c);
    CHECK(d.dn.filter == dn_filter_c);
    if (saved)
        setenv("G7SF_CPU", saved, 1);
    else
        unsetenv("G7SF_CPU");
    free(saved);
}
