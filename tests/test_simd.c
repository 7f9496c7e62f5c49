/* checkasm style: every SIMD kernel against its C reference (src/media/dsp.h)
 * on the same random and edge-case inputs, bit for bit.  One case per kernel
 * and instruction set; a set the CPU lacks is skipped with a message. */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"

typedef struct isa {
    const char *name;
    unsigned flags;             /* what media_dsp_init gets: the set and those below it */
} isa;

static const isa isa_sse41 = { "sse4.1", CPU_SSE41 };
static const isa isa_avx2 = { "avx2", CPU_SSE41 | CPU_AVX2 };

/* The table for the set, or NULL (and the case skipped) when the CPU lacks it. */
static bool table_for(const isa *s, media_dsp *d)
{
    if (!CPU_X86 || (cpu_flags_host() & s->flags) != s->flags)
        return false;
    media_dsp_init(d, s->flags);
    printf("  covered: %s\n", s->name);
    return true;
}

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

static void check_mcdi_search(const isa *s)
{
    media_dsp d;
    if (!table_for(s, &d))
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
static void check_mcdi_search_max(const isa *s)
{
    media_dsp d;
    if (!table_for(s, &d))
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

TEST(mcdi_search_sse41) { check_mcdi_search(&isa_sse41); }
TEST(mcdi_search_avx2) { check_mcdi_search(&isa_avx2); }
TEST(mcdi_search_max_sad_sse41) { check_mcdi_search_max(&isa_sse41); }
TEST(mcdi_search_max_sad_avx2) { check_mcdi_search_max(&isa_avx2); }

/* ---- SDI window sums ---- */

typedef struct sdi_sums {
    di_sdi s;
    uint16_t h1[DI_LANES], h2[DI_LANES];
} sdi_sums;

static void check_sdi_costs(const isa *is)
{
    media_dsp d;
    if (!table_for(is, &d))
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
static void check_sdi_costs_line(const isa *is)
{
    media_dsp d;
    if (!table_for(is, &d))
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

TEST(di_sdi_costs_sse41) { check_sdi_costs(&isa_sse41); }
TEST(di_sdi_costs_avx2) { check_sdi_costs(&isa_avx2); }
TEST(di_sdi_costs_line_sse41) { check_sdi_costs_line(&isa_sse41); }
TEST(di_sdi_costs_line_avx2) { check_sdi_costs_line(&isa_avx2); }

/* ---- SDI angle decision ---- */

static void check_angle_decide(const isa *is)
{
    media_dsp d;
    if (!table_for(is, &d))
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
    if (table_for(&isa_sse41, &d))
        check_angle_decide_large("sse4.1", d.di.angle_decide);
    if (table_for(&isa_avx2, &d))
        check_angle_decide_large("avx2", d.di.angle_decide);
}

TEST(di_angle_decide_sse41) { check_angle_decide(&isa_sse41); }
TEST(di_angle_decide_avx2) { check_angle_decide(&isa_avx2); }

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
    CHECK(d.di.angle_decide == di_angle_decide);
    if (saved)
        setenv("G7SF_CPU", saved, 1);
    else
        unsetenv("G7SF_CPU");
    free(saved);
}
