/* The AVS row kernels (src/media/avs_rows.h): each SIMD version against
 * the C reference (avs_rows.c) on random and extreme rows of 1 to 300
 * columns (every tail), within the bounds avs_rows.h gives: texels 0 ..
 * 0xFF00 and horizontal results of at most 2^20 in magnitude, taps -128 ..
 * 127 (all zero, the identity, the extremes, random with zeros), betas
 * 0 .. 31, alphas 0 .. 256 fixed or per texel / column.  The arrays are
 * allocated to their exact sizes (the sanitizer build catches a read or
 * write past them) and the output is checked to be untouched past n. */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

enum { NMAX = 300, CASES = 3000, GUARD = 8 };

/* lo .. hi */
static int rnd(int lo, int hi) { return lo + (int)(t_rand() % (uint64_t)(hi - lo + 1)); }

static void *alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        abort();
    return p;
}

/* 8 taps: random, all zero, the identity, all -128, all 127, alternating
 * -128 / 127, random with about half zero, a sum of 64 */
enum { TAP_KINDS = 8 };
static void fill_taps(int8_t k[AVS_TAPS], int kind)
{
    for (int j = 0; j < AVS_TAPS; j++) {
        int v = rnd(-128, 127);
        switch (kind) {
        case 1: v = 0; break;
        case 2: v = j == 3 ? 64 : 0; break;
        case 3: v = -128; break;
        case 4: v = 127; break;
        case 5: v = j & 1 ? 127 : -128; break;
        case 6: v = t_rand() & 1 ? v : 0; break;
        case 7: v = j == 7 ? 0 : rnd(-20, 30); break;
        default: break;
        }
        k[j] = (int8_t)v;
    }
    if (kind == 7) {
        int s = 0;
        for (int j = 0; j < AVS_TAPS - 1; j++)
            s += k[j];
        k[AVS_TAPS - 1] = (int8_t)(s > 64 + 127 ? 127 : s < 64 - 128 ? -128 : 64 - s);
    }
}

/* alpha NULL with a_fixed 0, 256 or random, or per element: random, 0 / 256 */
static int16_t *make_alpha(int n, int kind, int *a_fixed)
{
    *a_fixed = kind == 0 ? 0 : kind == 1 ? 256 : rnd(0, 256);
    if (kind < 3)
        return NULL;
    int16_t *a = alloc((size_t)n * sizeof *a);
    for (int i = 0; i < n; i++)
        a[i] = (int16_t)(kind == 3 ? rnd(0, 256) : t_rand() & 1 ? 256 : 0);
    return a;
}

static bool have_avx2(const t_isa *s, media_dsp *d)
{
    if (!t_table_for(s, d))
        return false;
#if CPU_X86
    CHECK(d->avs.hrow == avs_hrow_avx2);
    CHECK(d->avs.vrow == avs_vrow_avx2);
    CHECK(d->avs.ief == avs_ief_avx2);
#endif
    return true;
}

/* ---- horizontal ---- */

/* texels: random, 0 / 0xFF00, all 0xFF00, all 0, random near 0 */
enum { TEX_KINDS = 5 };
static int32_t texel(int kind)
{
    switch (kind) {
    case 1: return t_rand() & 1 ? 0xFF00 : 0;
    case 2: return 0xFF00;
    case 3: return 0;
    case 4: return rnd(0, 3);
    default: return rnd(0, 0xFF00);
    }
}

static void check_hrow(const t_isa *s)
{
    media_dsp d;
    if (!have_avx2(s, &d))
        SKIP("CPU lacks this instruction set");
    int cases = 0;
    for (int c = 0; c < CASES; c++) {
        int n = c < NMAX ? c + 1 : rnd(1, NMAX);
        /* the texels: L of them, first[] in 0 .. L - 8 */
        int L = AVS_TAPS + rnd(0, c % 3 == 0 ? 8 : n + 16);
        int32_t *t = alloc((size_t)L * sizeof *t);
        int tk = c % TEX_KINDS;
        for (int x = 0; x < L; x++)
            t[x] = texel(tk);
        int *first = alloc((size_t)n * sizeof *first);
        int fmode = (c / TEX_KINDS) % 4;
        for (int i = 0; i < n; i++) {
            if (fmode == 0)          /* random */
                first[i] = rnd(0, L - AVS_TAPS);
            else if (fmode == 1)     /* rising, as a scaler's */
                first[i] = (int)((long)i * (L - AVS_TAPS) / (n > 1 ? n - 1 : 1));
            else if (fmode == 2)     /* a few repeated */
                first[i] = t_rand() & 1 ? 0 : L - AVS_TAPS;
            else                     /* falling */
                first[i] = (int)((long)(n - 1 - i) * (L - AVS_TAPS) / (n > 1 ? n - 1 : 1));
        }
        /* both ends of the texels read somewhere */
        first[rnd(0, n - 1)] = 0;
        first[rnd(0, n - 1)] = L - AVS_TAPS;
        int8_t (*k)[2][AVS_TAPS] = alloc((size_t)n * sizeof *k);
        int kk = c % TAP_KINDS, mixed = c % 5 == 0;
        for (int i = 0; i < n; i++)
            for (int sl = 0; sl < 2; sl++)
                fill_taps(k[i][sl], mixed ? rnd(0, TAP_KINDS - 1) : kk);
        uint8_t *beta = alloc((size_t)n);
        for (int i = 0; i < n; i++)
            beta[i] = (uint8_t)(c % 7 == 0 ? 0 : c % 7 == 1 ? 31 : rnd(0, 31));
        int a_fixed, ak = c % 5;
        int16_t *alpha = make_alpha(L - AVS_TAPS + 1, ak, &a_fixed);
        int sel = (c / 2) & 1;
        int32_t *want = alloc((size_t)(n + GUARD) * sizeof *want);
        int32_t *got = alloc((size_t)(n + GUARD) * sizeof *got);
        for (int i = 0; i < n + GUARD; i++)
            want[i] = got[i] = 0x5a5a5a5a;
        avs_hrow_c(t, first, (const int8_t (*)[2][AVS_TAPS])k, sel, beta, alpha, a_fixed, n, want);
        d.avs.hrow(t, first, (const int8_t (*)[2][AVS_TAPS])k, sel, beta, alpha, a_fixed, n, got);
        int bad = -1;
        for (int i = 0; i < n + GUARD && bad < 0; i++)
            bad = want[i] != got[i] ? i : -1;
        CHECKF(bad < 0,
               "%s hrow case %d: n %d, %d texels (kind %d), first mode %d, taps %d, alpha %d "
               "(fixed %d), sel %d: column %d is %d, want %d",
               s->name, c, n, L, tk, fmode, mixed ? -1 : kk, ak, a_fixed, sel, bad,
               bad < 0 ? 0 : got[bad], bad < 0 ? 0 : want[bad]);
        free(t), free(first), free(k), free(beta), free(alpha), free(want), free(got);
        cases++;
        if (t_failed())
            return;
    }
    CHECK_EQ(cases, CASES);
}

TEST(avs_hrow_avx2) { check_hrow(&t_isa_avx2); }

/* ---- vertical ---- */

/* horizontal results: random in +-2^20, the extremes +-2^20 and 0xFF00
 * mixed with 0 and +-1, random near 0 (negative rounding), random around
 * the texel range, all 2^20, all -2^20 */
enum { ROW_KINDS = 7, HMAX = 1 << 20 };
static int32_t hvalue(int kind)
{
    static const int32_t ext[] = { -HMAX, HMAX, 0xFF00, 0, 1, -1, 0xFF01 };
    switch (kind) {
    case 1: return ext[t_rand() % (sizeof ext / sizeof ext[0])];
    case 2: return rnd(-300, 300);
    case 3: return rnd(-0x1000, 0xFF00 + 0x1000);
    case 4: return HMAX;
    case 5: return -HMAX;
    case 6: return t_rand() & 1 ? rnd(HMAX - 4, HMAX) : rnd(-HMAX, -HMAX + 4);
    default: return rnd(-HMAX, HMAX);
    }
}

static void check_vrow(const t_isa *s)
{
    media_dsp d;
    if (!have_avx2(s, &d))
        SKIP("CPU lacks this instruction set");
    int cases = 0, clamped_lo = 0, clamped_hi = 0, inside = 0;
    for (int c = 0; c < CASES; c++) {
        int n = c < NMAX ? c + 1 : rnd(1, NMAX);
        int rk = c % ROW_KINDS;
        /* 8 rows of their own, or some repeated (the image's edge rows) */
        int32_t *own[AVS_TAPS];
        const int32_t *rows[AVS_TAPS];
        bool repeat = c % 4 == 3;
        for (int j = 0; j < AVS_TAPS; j++) {
            own[j] = alloc((size_t)n * sizeof(int32_t));
            for (int i = 0; i < n; i++)
                own[j][i] = hvalue(rk == 0 && c % 3 == 0 ? rnd(0, ROW_KINDS - 1) : rk);
        }
        for (int j = 0; j < AVS_TAPS; j++)
            rows[j] = repeat ? own[j < 2 ? 2 : j > 5 ? 5 : j] : own[j];
        int8_t k[AVS_TAPS];
        int kk = (c / ROW_KINDS) % TAP_KINDS;
        fill_taps(k, kk);
        unsigned b = c % 11 == 0 ? 0 : c % 11 == 1 ? 31 : (unsigned)rnd(0, 31);
        int a_fixed, ak = (c / 3) % 5;
        int16_t *alpha = make_alpha(n, ak, &a_fixed);
        uint16_t *want = alloc((size_t)(n + GUARD) * sizeof *want);
        uint16_t *got = alloc((size_t)(n + GUARD) * sizeof *got);
        for (int i = 0; i < n + GUARD; i++)
            want[i] = got[i] = 0x5a5a;
        avs_vrow_c(rows, k, b, alpha, a_fixed, n, want);
        d.avs.vrow(rows, k, b, alpha, a_fixed, n, got);
        int bad = -1;
        for (int i = 0; i < n + GUARD && bad < 0; i++)
            bad = want[i] != got[i] ? i : -1;
        for (int i = 0; i < n; i++) {
            clamped_lo += want[i] == 0;
            clamped_hi += want[i] == 0xFF00;
            inside += want[i] > 0 && want[i] < 0xFF00;
        }
        CHECKF(bad < 0,
               "%s vrow case %d: n %d, rows kind %d%s, taps %d (%d %d %d %d %d %d %d %d), "
               "beta %u, alpha %d (fixed %d): column %d is %d, want %d",
               s->name, c, n, rk, repeat ? " repeated" : "", kk, k[0], k[1], k[2], k[3],
               k[4], k[5], k[6], k[7], b, ak, a_fixed, bad, bad < 0 ? 0 : got[bad],
               bad < 0 ? 0 : want[bad]);
        for (int j = 0; j < AVS_TAPS; j++)
            free(own[j]);
        free(alpha), free(want), free(got);
        cases++;
        if (t_failed())
            return;
    }
    CHECK_EQ(cases, CASES);
    /* the clamp at both ends and the values between all met */
    CHECK(clamped_lo > 1000);
    CHECK(clamped_hi > 1000);
    CHECK(inside > 1000);
}

TEST(avs_vrow_avx2) { check_vrow(&t_isa_avx2); }

/* ---- the IEF ---- */

/* A divider as avs.c makes it (udiv_of), worked here from its definition:
 * m = ceil(2^(21 + l) / d), 2^l >= d. */
static avs_udiv divider(uint32_t d)
{
    unsigned l = 0;
    while ((1u << l) < d)
        l++;
    return (avs_udiv){ (uint32_t)(((1ull << (21 + l)) + d - 1) / d), 21 + l };
}

/* The AVX2 IEF row against C: random states (thresholds, weights, gain,
 * ring weights with zero sums, smooth or detail) on rows of 10-bit values
 * (random, 0 / 1020, flat, a step), 1 .. 300 pixels with the 2 columns
 * either side, the output untouched past n. */
static void check_ief(const t_isa *s)
{
    media_dsp d;
    if (!have_avx2(s, &d))
        SKIP("CPU lacks this instruction set");
    for (int k = 0; k < CASES; k++) {
        avs_ief c = { .strong_th = rnd(0, 63), .weak_th = rnd(0, 63), .strong_w = rnd(0, 7),
                      .regular_w = rnd(0, 7), .non_edge_w = rnd(0, 7), .gain = rnd(0, 63),
                      .smooth = k % 3 == 0 };
        int *w[5] = { &c.r3c, &c.r3x, &c.r5c, &c.r5x, &c.r5cx };
        for (int i = 0; i < 5; i++)
            *w[i] = t_rand() % 4 ? rnd(0, 31) : 0;
        c.w3 = 4 * (c.r3c + c.r3x), c.w5 = 4 * c.r5c + 4 * c.r5x + 8 * c.r5cx;
        c.d3 = divider(2 * (uint32_t)(c.w3 ? c.w3 : 1));
        c.d5 = divider(2 * (uint32_t)(c.w5 ? c.w5 : 1));
        int n = rnd(1, NMAX), kind = k % 4, wide = n + 4;
        uint16_t *rows[5], *o0 = alloc((size_t)(n + GUARD) * 2), *o1 = alloc((size_t)(n + GUARD) * 2);
        for (int r = 0; r < 5; r++) {
            rows[r] = alloc((size_t)wide * 2);
            for (int x = 0; x < wide; x++)
                rows[r][x] = (uint16_t)(kind == 0   ? rnd(0, 1020)
                                        : kind == 1 ? rnd(0, 1) * 1020
                                        : kind == 2 ? 512
                                                    : (x > wide / 2) * 1000 + 10);
        }
        for (int i = 0; i < n + GUARD; i++)
            o0[i] = o1[i] = 0x5A5A;
        const uint16_t *const cr[5] = { rows[0], rows[1], rows[2], rows[3], rows[4] };
        avs_ief_c(&c, cr, 2, n, o0);
        d.avs.ief(&c, cr, 2, n, o1);
        CHECKF(!memcmp(o0, o1, (size_t)(n + GUARD) * 2), "case %d: n %d, kind %d, smooth %d", k,
               n, kind, c.smooth);
        for (int i = n; i < n + GUARD; i++)
            CHECK_EQ(o1[i], 0x5A5A);
        for (int r = 0; r < 5; r++)
            free(rows[r]);
        free(o0), free(o1);
    }
}

TEST(avs_ief_avx2) { check_ief(&t_isa_avx2); }

/* Without SIMD the table holds the references. */
TEST(avs_c_table)
{
    media_dsp d;
    media_dsp_init(&d, 0);
    CHECK(d.avs.hrow == avs_hrow_c);
    CHECK(d.avs.vrow == avs_vrow_c);
    CHECK(d.avs.ief == avs_ief_c);
}
