/* SSE4.1 and AVX2 versions of the SDI window sums (dsp.h); the definition
 * is di_sdi_costs_c in sdi.c, which they match bit for bit.  A row is the
 * 32 columns -6 .. 25: column pair j (columns 2j - 6, 2j - 5) is word j, and
 * lane i reads pair words i + 1 .. i + 3, so every sum is the pair words
 * shifted down by 1..4 lanes with zeros coming in, as in the C. */
#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86
#include "simd_x86.h"

enum { C0 = -6 };

#define LOAD(p) _mm_loadu_si128((const __m128i *)(p))
#define LOAD2(p) _mm256_loadu_si256((const __m256i *)(p))

static inline SSE41 w16 add(w16 a, w16 b)
{
    return (w16){ _mm_add_epi16(a.lo, b.lo), _mm_add_epi16(a.hi, b.hi) };
}

static inline SSE41 w16 pair_ad_row(const uint8_t *a, const uint8_t *b)
{
    return (w16){ pair_ad(LOAD(a), LOAD(b)), pair_ad(LOAD(a + 16), LOAD(b + 16)) };
}

static inline SSE41 void store(uint16_t *dst, w16 v)
{
    _mm_storeu_si128((__m128i *)dst, v.lo);
    _mm_storeu_si128((__m128i *)(dst + 8), v.hi);
}

/* max(m, |a - v| + |v - b|), the SUM_H2 term */
static inline SSE41 __m128i h2_term(__m128i m, __m128i a, __m128i b, __m128i v)
{
    return _mm_max_epi16(m, _mm_add_epi16(_mm_abs_epi16(_mm_sub_epi16(a, v)),
                                          _mm_abs_epi16(_mm_sub_epi16(v, b))));
}

static inline AVX2 __m256i h2_term2(__m256i m, __m256i a, __m256i b, __m256i v)
{
    return _mm256_max_epi16(m, _mm256_add_epi16(_mm256_abs_epi16(_mm256_sub_epi16(a, v)),
                                                _mm256_abs_epi16(_mm256_sub_epi16(v, b))));
}

void SSE41 di_sdi_costs_sse41(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                              uint16_t h2[DI_LANES])
{
    for (int a = 0; a < DI_ANGLES; a++) {
        int off = di_angle_off[a];
        w16 q[3];
        for (int r = 0; r < 3; r++) {
            int y = l + 2 * r - 2;
            q[r] = pair_ad_row(&DIW(pic, C0 + off, y + 1), &DIW(pic, C0 - off, y - 1));
        }
        w16 col = add(add(q[0], q[1]), q[2]);
        store(s->cost[a], add(add(SHR(col, 1), SHR(col, 2)), SHR(col, 3)));
        store(s->cost2x1[a], SHR(q[1], 2));
    }
    w16 s1 = { _mm_setzero_si128(), _mm_setzero_si128() }, s2 = s1;
    const __m128i lowb = _mm_set1_epi16(0xFF);
    for (int y = l - 1; y <= l + 1; y += 2) {
        const uint8_t *c = &DIW(pic, C0, y);
        w16 q = pair_ad_row(c, c + 1);
        s1 = add(s1, add(add(SHR(q, 1), SHR(q, 2)), SHR(q, 3)));
        /* even and odd columns of the row as words */
        w16 ev = { _mm_and_si128(LOAD(c), lowb), _mm_and_si128(LOAD(c + 16), lowb) };
        w16 od = { _mm_srli_epi16(LOAD(c), 8), _mm_srli_epi16(LOAD(c + 16), 8) };
        w16 e1 = SHR(ev, 1), e2 = SHR(ev, 2), e3 = SHR(ev, 3), e4 = SHR(ev, 4);
        w16 o1 = SHR(od, 1), o2 = SHR(od, 2), o3 = SHR(od, 3);
        w16 m = { _mm_setzero_si128(), _mm_setzero_si128() };
#define TERM(half) \
        m.half = h2_term(m.half, e1.half, e4.half, e1.half); \
        m.half = h2_term(m.half, e1.half, e4.half, o1.half); \
        m.half = h2_term(m.half, e1.half, e4.half, e2.half); \
        m.half = h2_term(m.half, e1.half, e4.half, o2.half); \
        m.half = h2_term(m.half, e1.half, e4.half, e3.half); \
        m.half = h2_term(m.half, e1.half, e4.half, o3.half)
        TERM(lo);
        TERM(hi);
#undef TERM
        s2 = add(s2, m);
    }
    store(h1, s1);
    store(h2, s2);
}

/* SUM_H1 and SUM_H2 terms of row y (di_sdi_costs_avx2 and _costs2_avx2 add
 * them over rows). */
static inline AVX2 void sum_h_row2(const di_window *pic, int y, __m256i *t1, __m256i *t2)
{
    const uint8_t *c = &DIW(pic, C0, y);
    __m256i v = LOAD2(c), q = pair_ad2(v, LOAD2(c + 1));
    *t1 = _mm256_add_epi16(_mm256_add_epi16(SHR2(q, 1), SHR2(q, 2)), SHR2(q, 3));
    __m256i ev = _mm256_and_si256(v, _mm256_set1_epi16(0xFF)), od = _mm256_srli_epi16(v, 8);
    __m256i e1 = SHR2(ev, 1), e4 = SHR2(ev, 4), m = _mm256_setzero_si256();
    m = h2_term2(m, e1, e4, e1);
    m = h2_term2(m, e1, e4, SHR2(od, 1));
    m = h2_term2(m, e1, e4, SHR2(ev, 2));
    m = h2_term2(m, e1, e4, SHR2(od, 2));
    m = h2_term2(m, e1, e4, SHR2(ev, 3));
    m = h2_term2(m, e1, e4, SHR2(od, 3));
    *t2 = m;
}

/* |c(x + off, y + 1) - c(x - off, y - 1)| of the pairs: the row pair of
 * angle offset off centred on line y. */
static inline AVX2 __m256i angle_pair2(const di_window *pic, int off, int y)
{
    return pair_ad2(LOAD2(&DIW(pic, C0 + off, y + 1)), LOAD2(&DIW(pic, C0 - off, y - 1)));
}

/* AngleCost_6x3 of a column sum of three row pairs. */
static inline AVX2 void store_cost6x3(uint16_t *dst, __m256i col)
{
    _mm256_storeu_si256((__m256i *)dst,
                        _mm256_add_epi16(_mm256_add_epi16(SHR2(col, 1), SHR2(col, 2)),
                                         SHR2(col, 3)));
}

void AVX2 di_sdi_costs_avx2(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                            uint16_t h2[DI_LANES])
{
    for (int a = 0; a < DI_ANGLES; a++) {
        int off = di_angle_off[a];
        __m256i q[3];
        for (int r = 0; r < 3; r++)
            q[r] = angle_pair2(pic, off, l + 2 * r - 2);
        store_cost6x3(s->cost[a], _mm256_add_epi16(_mm256_add_epi16(q[0], q[1]), q[2]));
        _mm256_storeu_si256((__m256i *)s->cost2x1[a], SHR2(q[1], 2));
    }
    __m256i s1 = _mm256_setzero_si256(), s2 = s1;
    for (int y = l - 1; y <= l + 1; y += 2) {
        __m256i t1, t2;
        sum_h_row2(pic, y, &t1, &t2);
        s1 = _mm256_add_epi16(s1, t1);
        s2 = _mm256_add_epi16(s2, t2);
    }
    _mm256_storeu_si256((__m256i *)h1, s1);
    _mm256_storeu_si256((__m256i *)h2, s2);
}

void SSE41 di_sdi_costs2_sse41(const di_window *pic, int l, di_sdi s[2],
                               uint16_t h1[2][DI_LANES], uint16_t h2[2][DI_LANES])
{
    di_sdi_costs_sse41(pic, l, &s[0], h1[0], h2[0]);
    di_sdi_costs_sse41(pic, l + 2, &s[1], h1[1], h2[1]);
}

void AVX2 di_sdi_costs2_avx2(const di_window *pic, int l, di_sdi s[2], uint16_t h1[2][DI_LANES],
                             uint16_t h2[2][DI_LANES])
{
    for (int a = 0; a < DI_ANGLES; a++) {
        int off = di_angle_off[a];
        /* the row pairs centred on lines l - 2, l, l + 2, l + 4: line l
         * takes the first three, line l + 2 the last three */
        __m256i q[4];
        for (int r = 0; r < 4; r++)
            q[r] = angle_pair2(pic, off, l + 2 * r - 2);
        __m256i mid = _mm256_add_epi16(q[1], q[2]);
        for (int k = 0; k < 2; k++) {
            store_cost6x3(s[k].cost[a], _mm256_add_epi16(mid, q[k ? 3 : 0]));
            _mm256_storeu_si256((__m256i *)s[k].cost2x1[a], SHR2(q[k + 1], 2));
        }
    }
    /* rows l - 1, l + 1 for line l; l + 1, l + 3 for line l + 2 */
    __m256i a1, a2, b1, b2, c1, c2;
    sum_h_row2(pic, l - 1, &a1, &a2);
    sum_h_row2(pic, l + 1, &b1, &b2);
    sum_h_row2(pic, l + 3, &c1, &c2);
    _mm256_storeu_si256((__m256i *)h1[0], _mm256_add_epi16(a1, b1));
    _mm256_storeu_si256((__m256i *)h2[0], _mm256_add_epi16(a2, b2));
    _mm256_storeu_si256((__m256i *)h1[1], _mm256_add_epi16(b1, c1));
    _mm256_storeu_si256((__m256i *)h2[1], _mm256_add_epi16(b2, c2));
}

/* The decision's thresholds as 16-bit words: with costs in 0..DI_COST_MAX
 * no outcome changes beyond 8192. */
static int clamp_th(unsigned v) { return v > 8192 ? 8192 : (int)v; }

/* Costs fit signed words, so the signed compares serve.  Each side walks
 * out from its 45 degrees while the next cost is lower (g: still walking). */
#define DECIDE(W, P, V)                                                                      \
    V n45 = P##loadu_si##W((const V *)cost[DI_A90 - 1]);                                     \
    V p45 = P##loadu_si##W((const V *)cost[DI_A90 + 1]);                                     \
    V bn = n45, bp = p45, an = P##set1_epi16(DI_A90 - 1), ap = P##set1_epi16(DI_A90 + 1);    \
    V gn = P##cmpeq_epi16(bn, bn), gp = gn;                                                  \
    for (int k = 2; k <= DI_A90; k++) {                                                      \
        V n = P##loadu_si##W((const V *)cost[DI_A90 - k]);                                   \
        V q = P##loadu_si##W((const V *)cost[DI_A90 + k]);                                   \
        gn = P##and_si##W(gn, P##cmpgt_epi16(bn, n));                                        \
        an = P##blendv_epi8(an, P##set1_epi16((short)(DI_A90 - k)), gn);                     \
        bn = P##blendv_epi8(bn, n, gn);                                                      \
        gp = P##and_si##W(gp, P##cmpgt_epi16(bp, q));                                        \
        ap = P##blendv_epi8(ap, P##set1_epi16((short)(DI_A90 + k)), gp);                     \
        bp = P##blendv_epi8(bp, q, gp);                                                      \
    }                                                                                        \
    V dd = P##set1_epi16((short)clamp_th(delta));                                            \
    V neg = P##cmpgt_epi16(p45, P##add_epi16(n45, dd));                                      \
    V pos = P##cmpgt_epi16(n45, P##add_epi16(p45, dd));                                      \
    V c = P##blendv_epi8(bp, bn, neg);                                                       \
    V ok = P##and_si##W(P##or_si##W(neg, pos),                                               \
                        P##and_si##W(P##cmpgt_epi16(P##set1_epi16((short)clamp_th(th)), c),  \
                                     P##cmpgt_epi16(P##loadu_si##W((const V *)cost[DI_A90]), \
                                                    P##add_epi16(c, dd))));                  \
    V side = P##blendv_epi8(ap, an, neg);                                                    \
    V res = P##blendv_epi8(P##set1_epi16(DI_A90), side, ok)

void SSE41 di_angle_decide_sse41(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                                 unsigned delta, uint8_t angle[DI_LANES])
{
    __m128i lo, hi;
    {
        DECIDE(128, _mm_, __m128i);
        lo = res;
    }
    cost = (const uint16_t (*)[DI_LANES])&cost[0][8];
    {
        DECIDE(128, _mm_, __m128i);
        hi = res;
    }
    _mm_storeu_si128((__m128i *)angle, _mm_packus_epi16(lo, hi));
}

void AVX2 di_angle_decide_avx2(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                               unsigned delta, uint8_t angle[DI_LANES])
{
    DECIDE(256, _mm256_, __m256i);
    _mm_storeu_si128((__m128i *)angle, _mm_packus_epi16(_mm256_castsi256_si128(res),
                                                        _mm256_extracti128_si256(res, 1)));
}

/* Fallback modes 1 and 2 of the lanes whose words a holds (decided angle
 * indices); T is the lanes' start in the 16 (0 or 8 for halves, 0 for
 * 256 bits).  Row k of a table is picked per lane where a == k. */
#define FALLBACK(W, P, V, T)                                                                 \
    V c = P##loadu_si##W((const V *)&s->cost[0][T]);                                        \
    V c2 = P##loadu_si##W((const V *)&s->cost2x1[0][T]);                                    \
    for (int k = 1; k < DI_ANGLES; k++) {                                                    \
        V m = P##cmpeq_epi16(a, P##set1_epi16((short)k));                                    \
        c = P##blendv_epi8(c, P##loadu_si##W((const V *)&s->cost[k][T]), m);                 \
        c2 = P##blendv_epi8(c2, P##loadu_si##W((const V *)&s->cost2x1[k][T]), m);            \
    }                                                                                        \
    V hs1 = P##loadu_si##W((const V *)&h1[T]), hs2 = P##loadu_si##W((const V *)&h2[T]);     \
    V fine = P##andnot_si##W(P##cmpgt_epi16(P##set1_epi16((short)p->sdi_t2), hs1),          \
                             P##cmpgt_epi16(hs1, P##add_epi16(hs2,                           \
                                                              P##set1_epi16((short)p->sdi_t1)))); \
    V c90 = P##add_epi16(P##loadu_si##W((const V *)&s->cost[DI_A90][T]),                    \
                         P##slli_epi16(P##loadu_si##W((const V *)&s->cost2x1[DI_A90][T]), 3)); \
    V ca = P##add_epi16(c, P##slli_epi16(P##add_epi16(c2, P##set1_epi16((short)p->sdi_angle2x1)), 3)); \
    V res = P##blendv_epi8(a, P##set1_epi16(DI_A90), P##or_si##W(fine, P##cmpgt_epi16(ca, c90)))

/* The rest after the fallback, on the 16 robust angle bytes: the median of
 * 3 neighbours and, per pixel, the average along its angle, blended in
 * from each of the 9 offsets. */
static inline SSE41 void median_interp(const di_window *pic, int l, __m128i robust, di_sdi *s)
{
    _mm_storeu_si128((__m128i *)s->robust, robust);
    __m128i r1 = _mm_srli_si128(robust, 1), r2 = _mm_srli_si128(robust, 2);
    __m128i med = _mm_max_epu8(_mm_min_epu8(robust, r1),
                               _mm_min_epu8(_mm_max_epu8(robust, r1), r2));
    _mm_storel_epi64((__m128i *)s->angle, med);
    __m128i ang = _mm_unpacklo_epi8(med, med), out = _mm_setzero_si128();
    const uint8_t *up = &DIW(pic, 0, l - 1), *dn = &DIW(pic, 0, l + 1);
    for (int k = 0; k < DI_ANGLES; k++) {
        int off = di_angle_off[k];
        __m128i v = _mm_avg_epu8(LOAD(up - off), LOAD(dn + off));
        out = _mm_blendv_epi8(out, v, _mm_cmpeq_epi8(ang, _mm_set1_epi8((char)k)));
    }
    _mm_storeu_si128((__m128i *)s->out, out);
}

void SSE41 di_sdi_finish_sse41(const g7sf_di_params *p, const di_window *pic, int l,
                               const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES], di_sdi *s)
{
    __m128i lo, hi, dec = LOAD(s->decided);
    {
        __m128i a = _mm_cvtepu8_epi16(dec);
        FALLBACK(128, _mm_, __m128i, 0);
        lo = res;
    }
    {
        __m128i a = _mm_cvtepu8_epi16(_mm_srli_si128(dec, 8));
        FALLBACK(128, _mm_, __m128i, 8);
        hi = res;
    }
    median_interp(pic, l, _mm_packus_epi16(lo, hi), s);
}

void AVX2 di_sdi_finish_avx2(const g7sf_di_params *p, const di_window *pic, int l,
                             const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES], di_sdi *s)
{
    __m256i a = _mm256_cvtepu8_epi16(LOAD(s->decided));
    FALLBACK(256, _mm256_, __m256i, 0);
    median_interp(pic, l, _mm_packus_epi16(_mm256_castsi256_si128(res),
                                           _mm256_extracti128_si256(res, 1)), s);
}

#endif
