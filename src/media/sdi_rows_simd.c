/* The AVX2 version of the line SDI kernels (sdi_rows.h); the definitions
 * are the C kernels in sdi_rows.c, which these match bit for bit
 * (tests/test_di_rows.c).  Pairs run 16 to a vector in 16-bit lanes (every
 * sum fits: AngleCost_6x3 <= 4590, the fallback 2 sums <= 10710, SUM_H
 * <= 3060), pixels 32 to a vector; the loops run over whole vectors into
 * the rows' room (sdi_rows.h). */
#include "core/cpu.h"
#include "sdi_rows.h"

#if CPU_X86
#include "simd_x86.h"

typedef __m256i V;

static inline AVX2 V load(const void *p) { return _mm256_loadu_si256((const V *)p); }
static inline AVX2 void store(void *p, V v) { _mm256_storeu_si256((V *)p, v); }
static inline AVX2 V set16(int v) { return _mm256_set1_epi16((short)v); }
static inline AVX2 V even(V v) { return _mm256_and_si256(v, set16(0xFF)); }
static inline AVX2 V odd(V v) { return _mm256_srli_epi16(v, 8); }
static inline AVX2 V absdiff16(V a, V b) { return _mm256_abs_epi16(_mm256_sub_epi16(a, b)); }
/* a where m, else b */
static inline AVX2 V pick(V m, V a, V b) { return _mm256_blendv_epi8(b, a, m); }

/* pairs k of the vector loops over pairs: the w / 2 + 2 and 16 more, whole
 * vectors (the median reads two past a vector) */
static int pairs_run(int w) { return ((w / 2 + 2 + 15) & ~15) + 16; }

static AVX2 void d_avx2(const uint8_t *lo, const uint8_t *hi, int w, uint16_t *d, int ds)
{
    (void)w;
    for (int a = 0; a < DI_ANGLES; a++) {
        int o = di_angle_off[a];
        uint16_t *pa = d + (size_t)a * ds, *wa = d + (size_t)(DI_ANGLES + a) * ds;
        for (int k = 0; k < ds; k += 16)
            store(pa + k, pair_ad2(load(hi + 2 * k - 4 + o), load(lo + 2 * k - 4 - o)));
        /* W to ds - 16: the vector loops read no further (sr_stride) */
        for (int k = 0; k + 16 < ds; k += 16)
            store(wa + k, _mm256_add_epi16(_mm256_add_epi16(load(pa + k), load(pa + k + 1)),
                                           load(pa + k + 2)));
    }
}

static AVX2 void costs_avx2(const uint16_t *d0, const uint16_t *d1, const uint16_t *d2, int ds,
                            int w, uint16_t *cost, int cs)
{
    int n = pairs_run(w);
    for (int a = 0; a < DI_ANGLES; a++) {
        size_t r = (size_t)(DI_ANGLES + a) * ds;
        for (int k = 0; k < n; k += 16)
            store(cost + (size_t)a * cs + k,
                  _mm256_add_epi16(_mm256_add_epi16(load(d0 + r + k), load(d1 + r + k)),
                                   load(d2 + r + k)));
    }
}

/* SUM_H1 and SUM_H2 of line c for the 16 pairs from k (sdi_rows_sumh_c). */
static inline AVX2 void sumh_line(const uint8_t *c, int k, V *h1, V *h2)
{
    const uint8_t *v = c + 2 * k - 4;
    /* words of the loads at v + 2t: column 2k - 4 + 2t (even) and the
     * next (odd) */
    V w0 = load(v), w1 = load(v + 2), w2 = load(v + 4), a = even(w0), b = even(load(v + 6));
    V s = _mm256_add_epi16(_mm256_add_epi16(pair_ad2(w0, load(v + 1)), pair_ad2(w1, load(v + 3))),
                           pair_ad2(w2, load(v + 5)));
    V t[6] = { a, odd(w0), even(w1), odd(w1), even(w2), odd(w2) };
    V m = _mm256_setzero_si256();
    for (int i = 0; i < 6; i++)
        m = _mm256_max_epi16(m, _mm256_add_epi16(absdiff16(a, t[i]), absdiff16(t[i], b)));
    *h1 = _mm256_add_epi16(*h1, s);
    *h2 = _mm256_add_epi16(*h2, m);
}

static AVX2 void sumh_avx2(const uint8_t *up, const uint8_t *dn, int w, uint16_t *h1, uint16_t *h2)
{
    int n = pairs_run(w);
    for (int k = 0; k < n; k += 16) {
        V s = _mm256_setzero_si256(), m = _mm256_setzero_si256();
        sumh_line(up, k, &s, &m);
        sumh_line(dn, k, &s, &m);
        store(h1 + k, s);
        store(h2 + k, m);
    }
}

/* The robust angle (decision, fallbacks 1 and 2) of the 16 pairs from k. */
static inline AVX2 V robust(const g7sf_di_params *p, const uint16_t *cost, const uint16_t *c21,
                            int cs, const uint16_t *h1, const uint16_t *h2, int k)
{
    V c[DI_ANGLES];
    for (int a = 0; a < DI_ANGLES; a++)
        c[a] = load(cost + (size_t)a * cs + k);
    V dl = set16((int)p->sdi_delta), ones = _mm256_cmpeq_epi16(dl, dl);
    /* each side's first local minimum walking out from 45 degrees */
    V bn = c[DI_A90 - 1], bp = c[DI_A90 + 1], an = set16(DI_A90 - 1), ap = set16(DI_A90 + 1);
    V gn = ones, gp = ones;
    for (int s = 2; s <= DI_A90; s++) {
        gn = _mm256_and_si256(gn, _mm256_cmpgt_epi16(bn, c[DI_A90 - s]));
        an = pick(gn, set16(DI_A90 - s), an);
        bn = pick(gn, c[DI_A90 - s], bn);
        gp = _mm256_and_si256(gp, _mm256_cmpgt_epi16(bp, c[DI_A90 + s]));
        ap = pick(gp, set16(DI_A90 + s), ap);
        bp = pick(gp, c[DI_A90 + s], bp);
    }
    V n45 = c[DI_A90 - 1], p45 = c[DI_A90 + 1], c90 = c[DI_A90];
    V neg = _mm256_cmpgt_epi16(p45, _mm256_add_epi16(n45, dl));
    V pos = _mm256_cmpgt_epi16(n45, _mm256_add_epi16(p45, dl));
    V best = pick(neg, bn, bp);
    V ok = _mm256_and_si256(_mm256_or_si256(neg, pos),
                            _mm256_and_si256(_mm256_cmpgt_epi16(set16((int)p->sdi_th), best),
                                             _mm256_cmpgt_epi16(c90, _mm256_add_epi16(best, dl))));
    V a = pick(ok, pick(neg, an, ap), set16(DI_A90));
    /* fallback 1: fine horizontal detail (h1 > h2 + T1 and h1 >= T2) */
    V v1 = load(h1 + k), v2 = load(h2 + k);
    V fine = _mm256_andnot_si256(_mm256_cmpgt_epi16(set16((int)p->sdi_t2), v1),
                                 _mm256_cmpgt_epi16(v1, _mm256_add_epi16(v2, set16((int)p->sdi_t1))));
    /* fallback 2: the 2x1 window of the angle against vertical's */
    V ca = c90, c2 = load(c21 + (size_t)DI_A90 * cs + k), c2_90 = c2;
    for (int s = 0; s < DI_ANGLES; s++) {
        if (s == DI_A90)
            continue;
        V m = _mm256_cmpeq_epi16(a, set16(s));
        ca = pick(m, c[s], ca);
        c2 = pick(m, load(c21 + (size_t)s * cs + k), c2);
    }
    V v90 = _mm256_add_epi16(c90, _mm256_slli_epi16(c2_90, 3));
    V va = _mm256_add_epi16(ca, _mm256_slli_epi16(_mm256_add_epi16(c2, set16((int)p->sdi_angle2x1)), 3));
    return pick(_mm256_or_si256(fine, _mm256_cmpgt_epi16(va, v90)), set16(DI_A90), a);
}

static AVX2 void finish_avx2(const g7sf_di_params *p, const uint16_t *cost, const uint16_t *c21,
                             int cs, const uint16_t *h1, const uint16_t *h2, const uint8_t *up,
                             const uint8_t *dn, int w, uint8_t *rob, uint8_t *angle,
                             uint16_t *acost, uint8_t *out)
{
    int n = pairs_run(w);
    for (int k = 0; k < n; k += 16) {
        V r = robust(p, cost, c21, cs, h1, h2, k);
        _mm_storeu_si128((__m128i *)(rob + k),
                         _mm_packus_epi16(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1)));
    }
    /* the median of pairs j - 1, j, j + 1 and its cost */
    for (int k = 0; k < w / 2; k += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(rob + k)),
                y = _mm_loadu_si128((const __m128i *)(rob + k + 1)),
                z = _mm_loadu_si128((const __m128i *)(rob + k + 2));
        __m128i m = _mm_max_epu8(_mm_min_epu8(x, y), _mm_min_epu8(_mm_max_epu8(x, y), z));
        _mm_storeu_si128((__m128i *)(angle + k), m);
        V a = _mm256_cvtepu8_epi16(m), c = _mm256_setzero_si256();
        for (int s = 0; s < DI_ANGLES; s++)
            c = pick(_mm256_cmpeq_epi16(a, set16(s)), load(cost + (size_t)s * cs + k + 1), c);
        store(acost + k, c);
    }
    /* the pixels: each angle's average where the pixel's pair chose it */
    for (int x = 0; x < w; x += 32) {
        __m128i m = _mm_loadu_si128((const __m128i *)(angle + x / 2));
        V ax = _mm256_set_m128i(_mm_unpackhi_epi8(m, m), _mm_unpacklo_epi8(m, m));
        V v = _mm256_setzero_si256();
        for (int s = 0; s < DI_ANGLES; s++) {
            int o = di_angle_off[s];
            /* a rounded average, as di_avg */
            V c = _mm256_avg_epu8(load(up + x - o), load(dn + x + o));
            v = pick(_mm256_cmpeq_epi8(ax, _mm256_set1_epi8((char)s)), c, v);
        }
        store(out + x, v);
    }
}

const sdi_rows_dsp sdi_rows_avx2 = { d_avx2, costs_avx2, sumh_avx2, finish_avx2 };
#endif
