/* SSE4.1 and AVX2 versions of the MCDI motion search (dsp.h); the
 * definition is mcdi_search_c in mcdi.c, which they match bit for bit.
 * A pixel pair's window is columns 2i - 2 .. 2i + 3: three column pairs.
 * So each line's absolute differences are summed in column pairs first
 * (pmaddubsw with 1s), over the 5 lines of each 6x5 window next, and three
 * neighbouring pair sums last.  All reads stay where the C reads (columns
 * -10 .. 21 of the picture and the moved reference). */
#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86
#include "simd_x86.h"

enum { ROWS = 7 };              /* lines l0 - 2 .. l0 + 4 */

/* Mx and My of the 16 candidates, one byte each: the tables pshufb looks
 * the best candidates up in. */
static inline SSE41 void cand_xy(__m128i *x, __m128i *y)
{
    const __m128i *c = (const __m128i *)(const void *)mcdi_cand;
    __m128i even = _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15);
    __m128i lo = _mm_shuffle_epi8(_mm_loadu_si128(c), even);        /* x 0..7, y 0..7 */
    __m128i hi = _mm_shuffle_epi8(_mm_loadu_si128(c + 1), even);    /* x 8..15, y 8..15 */
    *x = _mm_unpacklo_epi64(lo, hi);
    *y = _mm_unpackhi_epi64(lo, hi);
}

/* Writes the best SADs and their candidates' vectors to line l. */
static inline SSE41 void store_line(mcdi_block *m, int l, __m128i best, __m128i arg)
{
    __m128i x, y, k = _mm_packus_epi16(arg, arg);
    cand_xy(&x, &y);
    _mm_storeu_si128((__m128i *)(void *)m->sad[l], best);
    _mm_storel_epi64((__m128i *)(void *)m->mvx[l], _mm_shuffle_epi8(x, k));
    _mm_storel_epi64((__m128i *)(void *)m->mvy[l], _mm_shuffle_epi8(y, k));
}

/* Sums of the first (t 0) or last (t 1) 5 of the 7 lines, mid being the
 * middle 3's. */
static inline SSE41 __m128i lines5(const __m128i p[ROWS], __m128i mid, int t)
{
    return _mm_add_epi16(mid, _mm_add_epi16(p[5 * t], p[5 * t + 1]));
}

static inline SSE41 __m128i mid3(const __m128i p[ROWS])
{
    return _mm_add_epi16(_mm_add_epi16(p[2], p[3]), p[4]);
}

/* Two candidates at once: columns -2 .. 13 of each apart, 14 .. 21 of both
 * in one vector (k low, k + 1 high); only 14 .. 17 count. */
void SSE41 mcdi_search_sse41(const di_window *pic, const di_window *ref, int l0, mcdi_block *m)
{
    __m128i alo[ROWS], ahi[ROWS];
    for (int r = 0; r < ROWS; r++) {
        const uint8_t *a = &DIW(pic, -2, l0 - 2 + r);
        alo[r] = _mm_loadu_si128((const __m128i *)a);
        ahi[r] = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(a + 16)),
                                    _mm_loadl_epi64((const __m128i *)(a + 16)));
    }
    __m128i best[2] = { _mm_set1_epi16(-1), _mm_set1_epi16(-1) };
    __m128i arg[2] = { _mm_setzero_si128(), _mm_setzero_si128() };
    for (int k = 0; k < MCDI_NCAND; k += 2) {
        const uint8_t *b0 = &DIW(ref, -2 + mcdi_cand[k][0], l0 - 2 + mcdi_cand[k][1]);
        const uint8_t *b1 = &DIW(ref, -2 + mcdi_cand[k + 1][0], l0 - 2 + mcdi_cand[k + 1][1]);
        __m128i p0[ROWS], p1[ROWS], ph[ROWS];
        for (int r = 0; r < ROWS; r++) {
            const uint8_t *c0 = b0 + r * DIW_W, *c1 = b1 + r * DIW_W;
            p0[r] = pair_ad(alo[r], _mm_loadu_si128((const __m128i *)c0));
            p1[r] = pair_ad(alo[r], _mm_loadu_si128((const __m128i *)c1));
            __m128d h = _mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(c0 + 16))),
                                     (const double *)(const void *)(c1 + 16));
            ph[r] = pair_ad(ahi[r], _mm_castpd_si128(h));
        }
        __m128i m0 = mid3(p0), m1 = mid3(p1), mh = mid3(ph);
        for (int t = 0; t < 2; t++) {
            __m128i hi = lines5(ph, mh, t);
            for (int j = 0; j < 2; j++) {
                __m128i lo = lines5(j ? p1 : p0, j ? m1 : m0, t);
                __m128i hj = j ? _mm_unpackhi_epi64(hi, hi) : hi;
                __m128i sad = _mm_add_epi16(_mm_add_epi16(lo, _mm_alignr_epi8(hj, lo, 2)),
                                            _mm_alignr_epi8(hj, lo, 4));
                /* sad <= best: the last tested wins ties */
                __m128i take = _mm_cmpeq_epi16(_mm_min_epu16(sad, best[t]), sad);
                best[t] = _mm_min_epu16(sad, best[t]);
                arg[t] = _mm_blendv_epi8(arg[t], _mm_set1_epi16((short)(k + j)), take);
            }
        }
    }
    for (int t = 0; t < 2; t++)
        store_line(m, l0 + 2 * t, best[t], arg[t]);
}

/* Column sums of candidate b (its reference at the picture's columns
 * -10 .. 21, as mcdi_search_c reads them): pair sums of each line's absolute
 * differences, over lines l0 - 2 .. l0 + 2 to col[0] and l0 .. l0 + 4 to
 * col[1]; word j sums columns 2j - 10 and 2j - 9. */
static inline AVX2 void col_sums(const __m256i a[ROWS], const uint8_t *b, __m256i col[2])
{
#define AD(r) pair_ad2(a[r], _mm256_loadu_si256((const __m256i *)(b + (r) * DIW_W)))
    __m256i mid = _mm256_add_epi16(_mm256_add_epi16(AD(2), AD(3)), AD(4));
    col[0] = _mm256_add_epi16(mid, _mm256_add_epi16(AD(0), AD(1)));
    col[1] = _mm256_add_epi16(mid, _mm256_add_epi16(AD(5), AD(6)));
#undef AD
}

/* Two candidates at once: 2j in the low lane, 2j + 1 in the high one; each
 * lane keeps its own best, merged at the end.  Whole 32-byte lines (columns
 * -10 .. 21), their lanes regrouped per candidate before the box sums. */
void AVX2 mcdi_search_avx2(const di_window *pic, const di_window *ref, int l0, mcdi_block *m)
{
    __m256i p[ROWS];
    for (int r = 0; r < ROWS; r++)
        p[r] = _mm256_loadu_si256((const __m256i *)&DIW(pic, -10, l0 - 2 + r));
    __m256i best[2] = { _mm256_set1_epi16(-1), _mm256_set1_epi16(-1) };
    __m256i arg[2] = { _mm256_setzero_si256(), _mm256_setzero_si256() };
    for (int k = 0; k < MCDI_NCAND; k += 2) {
        __m256i c0[2], c1[2];
        col_sums(p, &DIW(ref, -10 + mcdi_cand[k][0], l0 - 2 + mcdi_cand[k][1]), c0);
        col_sums(p, &DIW(ref, -10 + mcdi_cand[k + 1][0], l0 - 2 + mcdi_cand[k + 1][1]), c1);
        __m256i kv = _mm256_setr_m128i(_mm_set1_epi16((short)k), _mm_set1_epi16((short)(k + 1)));
        for (int t = 0; t < 2; t++) {
            /* per lane, words 0 .. 7 of lo and hi: columns -10 .. 21 */
            __m256i lo = _mm256_permute2x128_si256(c0[t], c1[t], 0x20);
            __m256i hi = _mm256_permute2x128_si256(c0[t], c1[t], 0x31);
            /* the pair at x = 0 starts at column -2: word 4 */
            __m256i sad = _mm256_add_epi16(_mm256_add_epi16(_mm256_alignr_epi8(hi, lo, 8),
                                                            _mm256_alignr_epi8(hi, lo, 10)),
                                           _mm256_alignr_epi8(hi, lo, 12));
            __m256i take = _mm256_cmpeq_epi16(_mm256_min_epu16(sad, best[t]), sad);
            best[t] = _mm256_min_epu16(sad, best[t]);
            arg[t] = _mm256_blendv_epi8(arg[t], kv, take);
        }
    }
    for (int t = 0; t < 2; t++) {
        __m128i s0 = _mm256_castsi256_si128(best[t]), s1 = _mm256_extracti128_si256(best[t], 1);
        __m128i a0 = _mm256_castsi256_si128(arg[t]), a1 = _mm256_extracti128_si256(arg[t], 1);
        /* the odd lane wins with a smaller SAD, or an equal one tested later */
        __m128i lt = _mm_andnot_si128(_mm_cmpeq_epi16(_mm_min_epu16(s1, s0), s0),
                                      _mm_set1_epi16(-1));
        __m128i tie = _mm_and_si128(_mm_cmpeq_epi16(s1, s0),
                                    _mm_andnot_si128(_mm_cmpeq_epi16(_mm_max_epu16(a1, a0), a0),
                                                     _mm_set1_epi16(-1)));
        __m128i odd = _mm_or_si128(lt, tie);
        store_line(m, l0 + 2 * t, _mm_blendv_epi8(s0, s1, odd), _mm_blendv_epi8(a0, a1, odd));
    }
}

#endif
