/* The STMM measure's kernels (dsp.h di.stmm_measure) against the C
 * reference di_stmm_measure, the whole di_stmm of the 4 lines bit for bit,
 * on random, flat, extreme and striped windows with random parameters over
 * the whole range params_ok (di.c) accepts. */
#include <string.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

enum fill { F_RAND, F_ZERO, F_FULL, F_EXTREMES, F_FLAT, F_VSTRIPES, F_HSTRIPES, F_CHECKER,
            F_BARS, F_NOISE, F_COUNT };

static unsigned rnd(unsigned n) { return (unsigned)(t_rand() % n); }

/* Random bytes; all 0; all 255; random 0/255; one random value; 0/255
 * columns, lines, checkerboard; bars of random width and phase; small
 * noise around a random level. */
static void fill_window(di_window *w, enum fill f)
{
    unsigned v = rnd(256), period = 1 + rnd(6), phase = rnd(12);
    for (int y = 0; y < DIW_H; y++)
        for (int x = 0; x < DIW_W; x++) {
            unsigned r = (unsigned)t_rand(), b;
            switch (f) {
            case F_RAND: b = r & 255; break;
            case F_ZERO: b = 0; break;
            case F_FULL: b = 255; break;
            case F_EXTREMES: b = r & 1 ? 255 : 0; break;
            case F_FLAT: b = v; break;
            case F_VSTRIPES: b = x & 1 ? 255 : 0; break;
            case F_HSTRIPES: b = y & 1 ? 255 : 0; break;
            case F_CHECKER: b = (x ^ y) & 1 ? 255 : 0; break;
            case F_BARS: b = (x + phase) / period & 1 ? 255 : 0; break;
            default: b = v + (r & 7) > 255 ? 255 : v + (r & 7); break;
            }
            w->p[y][x] = (uint8_t)b;
        }
}

/* A value in 0..max, the ends one time in four each. */
static unsigned pick(unsigned lo, unsigned max)
{
    unsigned r = rnd(4);
    return r == 0 ? lo : r == 1 ? max : lo + rnd(max - lo + 1);
}

static g7sf_di_params random_params(void)
{
    return (g7sf_di_params){ .tdm_shift1 = pick(0, 31), .tdm_shift2 = pick(0, 18),
                             .stmm_c2 = pick(1, 8), .vecm_mul = pick(0, 63),
                             .top_first = rnd(2) };
}

/* Whether the kernel gives the reference's bits for these windows and
 * parameters, by 0..7; counts the STMM lanes strictly between 0 and 255. */
static bool same(const media_dsp *d, const t_isa *is, const g7sf_di_params *p,
                 const di_window *wp, const di_window *wc, int by, long *mid)
{
    di_stmm want[4], got[4];
    memset(want, 0xA5, sizeof want);
    memcpy(got, want, sizeof got);
    di_stmm_measure(p, wp, wc, by, want);
    d->di.stmm_measure(p, wp, wc, by, got);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < DI_LANES; i++)
            *mid += want[l].stmm[i] > 0 && want[l].stmm[i] < 255;
    if (!memcmp(want, got, sizeof want))
        return true;
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < DI_LANES; i++) {
            const di_stmm *a = &got[l], *b = &want[l];
            if (a->svcm[i] != b->svcm[i] || a->shcm[i] != b->shcm[i] ||
                a->vecm[i] != b->vecm[i] || a->scm[i] != b->scm[i] || a->tdm[i] != b->tdm[i] ||
                a->stmm[i] != b->stmm[i]) {
                t_fail(__FILE__, __LINE__,
                       "%s: by %d top %d s1 %u s2 %u c2 %u mul %u line %d lane %d: "
                       "svcm %u/%u shcm %u/%u vecm %u/%u scm %u/%u tdm %u/%u stmm %u/%u",
                       is->name, by, p->top_first, p->tdm_shift1, p->tdm_shift2, p->stmm_c2,
                       p->vecm_mul, l, i, a->svcm[i], b->svcm[i], a->shcm[i], b->shcm[i],
                       a->vecm[i], b->vecm[i], a->scm[i], b->scm[i], a->tdm[i], b->tdm[i],
                       a->stmm[i], b->stmm[i]);
                return false;
            }
        }
    return false;
}

/* Every pair of fills, random parameters and by. */
static void check_random(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static di_window wp, wc;
    long cases = 0, mid = 0;
    for (int fp = 0; fp < F_COUNT; fp++)
        for (int fc = 0; fc < F_COUNT; fc++)
            for (int rep = 0; rep < 30; rep++) {
                fill_window(&wp, (enum fill)fp);
                fill_window(&wc, (enum fill)fc);
                g7sf_di_params p = random_params();
                if (!same(&d, is, &p, &wp, &wc, (int)rnd(8), &mid))
                    return;
                cases++;
            }
    CHECK_EQ(cases, F_COUNT * F_COUNT * 30);
    /* the quotient itself was tested, not only its saturation */
    CHECKF(mid > 10000, "only %ld STMM values between 0 and 255", mid);
}

/* The extremes: largest TDM (0 against 255) and SCM (stripes, no VECM)
 * with the shifts and constants at both ends of their ranges. */
static void check_extremes(const t_isa *is)
{
    media_dsp d;
    if (!t_table_for(is, &d))
        SKIP("CPU lacks this instruction set");
    static const enum fill fills[] = { F_ZERO, F_FULL, F_VSTRIPES, F_HSTRIPES, F_CHECKER };
    static di_window wp, wc;
    static const unsigned s1s[] = { 0, 4, 31 }, s2s[] = { 0, 6, 18 }, c2s[] = { 1, 8 },
                          muls[] = { 0, 63 };
    long mid = 0;
    for (size_t a = 0; a < sizeof fills / sizeof fills[0]; a++)
        for (size_t b = 0; b < sizeof fills / sizeof fills[0]; b++) {
            fill_window(&wp, fills[a]);
            fill_window(&wc, fills[b]);
            for (int k = 0; k < 3 * 3 * 2 * 2 * 2; k++) {
                g7sf_di_params p = { .tdm_shift1 = s1s[k % 3], .tdm_shift2 = s2s[k / 3 % 3],
                                     .stmm_c2 = c2s[k / 9 % 2], .vecm_mul = muls[k / 18 % 2],
                                     .top_first = k / 36 };
                for (int by = 0; by < 2; by++)
                    if (!same(&d, is, &p, &wp, &wc, by, &mid))
                        return;
            }
        }
}

TEST(stmm_measure_c) { check_random(&t_isa_c); }
TEST(stmm_measure_sse41) { check_random(&t_isa_sse41); }
TEST(stmm_measure_avx2) { check_random(&t_isa_avx2); }
TEST(stmm_measure_extremes_sse41) { check_extremes(&t_isa_sse41); }
TEST(stmm_measure_extremes_avx2) { check_extremes(&t_isa_avx2); }
