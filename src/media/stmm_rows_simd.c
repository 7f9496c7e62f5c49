/* The AVX2 version of the line STMM kernels (stmm_rows.h); the definitions
 * are the C kernels in stmm_rows.c, which these match bit for bit
 * (tests/test_di_rows.c).  Pairs run 16 to a vector, word i of a load at
 * column c0 + 2i holding columns c and c + 1 of pair k0 + i (c = 2k - 2):
 * a load one column to the left pairs c - 1 with c, one to the right
 * c + 1 with c + 2, so every window is a few loads and byte pair sums.
 * The sums fit 16 bits: TDM <= 5100, SVCM + SHCM <= 3825, VECM <= 2510. */
#include "core/cpu.h"
#include "stmm_rows.h"

#if CPU_X86
#include "simd_x86.h"

typedef __m256i V;

static inline AVX2 V load(const void *p) { return _mm256_loadu_si256((const V *)p); }
static inline AVX2 V absdb(V a, V b) { return _mm256_sub_epi8(_mm256_max_epu8(a, b), _mm256_min_epu8(a, b)); }
static inline AVX2 V pairsum(V v) { return _mm256_maddubs_epi16(v, _mm256_set1_epi8(1)); }
static inline AVX2 V low_byte(V v) { return _mm256_and_si256(v, _mm256_set1_epi16(0xFF)); }

/* c' of 16 columns from x, as words */
static inline AVX2 V cross16(const uint8_t *const l[3], int x)
{
    V m = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(l[1] + x)));
    V ml = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(l[1] + x - 1)));
    V mr = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(l[1] + x + 1)));
    V u = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(l[0] + x)));
    V d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(l[2] + x)));
    V s = _mm256_add_epi16(_mm256_slli_epi16(_mm256_add_epi16(_mm256_add_epi16(m, u), d), 1),
                           _mm256_add_epi16(ml, mr));
    return _mm256_srli_epi16(s, 3);
}

static AVX2 void ad_avx2(const uint8_t *const pl[3], const uint8_t *const cl[3], int w,
                         uint8_t *ad)
{
    for (int x = -64; x < w + 64; x += 16) {
        V a = _mm256_abs_epi16(_mm256_sub_epi16(cross16(pl, x), cross16(cl, x)));
        __m128i b = _mm_packus_epi16(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
        _mm_storeu_si128((__m128i *)(ad + x), b);
    }
}

static AVX2 void line_avx2(const g7sf_di_params *p, const uint8_t *const ad[5],
                           const uint8_t *const ln[5], int w, uint8_t *stmm, uint16_t *hv)
{
    __m128i s1 = _mm_cvtsi32_si128((int)p->tdm_shift1), s2 = _mm_cvtsi32_si128((int)p->tdm_shift2);
    V mul = _mm256_set1_epi16((short)p->vecm_mul), c2 = _mm256_set1_epi16((short)p->stmm_c2);
    for (int k = 0; k < w / 2 + 2; k += 16) {
        int c0 = 2 * k - 2;
        V tdm = _mm256_setzero_si256(), h5 = tdm, svcm = tdm, shcm = tdm;
        for (int r = 0; r < 5; r++) {
            tdm = _mm256_add_epi16(tdm, _mm256_add_epi16(pairsum(load(ad[r] + c0 - 1)),
                                                         pairsum(load(ad[r] + c0 + 1))));
            V at = load(ln[r] + c0);
            h5 = _mm256_add_epi16(h5, low_byte(absdb(at, load(ln[r] + c0 + 1))));
            if (r >= 2)
                svcm = _mm256_add_epi16(svcm, pair_ad2(at, load(ln[r - 2] + c0)));
            if (r >= 1 && r <= 3)
                shcm = _mm256_add_epi16(
                    shcm, _mm256_add_epi16(pairsum(absdb(load(ln[r] + c0 - 1), at)),
                                           low_byte(absdb(load(ln[r] + c0 + 1),
                                                          load(ln[r] + c0 + 2)))));
        }
        /* VECM = h5 * mul >> 5 from the 32-bit product's halves */
        V lo = _mm256_mullo_epi16(h5, mul), hi = _mm256_mulhi_epu16(h5, mul);
        V vecm = _mm256_or_si256(_mm256_slli_epi16(hi, 11), _mm256_srli_epi16(lo, 5));
        V hvs = _mm256_add_epi16(svcm, shcm);
        V scm = _mm256_max_epi16(_mm256_sub_epi16(hvs, vecm), _mm256_setzero_si256());
        V q = quot_avx2(tdm, _mm256_add_epi16(_mm256_srli_epi16(scm, 4), c2), s1, s2);
        V b = _mm256_permute4x64_epi64(_mm256_packus_epi16(q, q), 0x08);
        _mm_storeu_si128((__m128i *)(stmm + k), _mm256_castsi256_si128(b));
        _mm256_storeu_si256((V *)(hv + k), hvs);
    }
}

/* di_stmm2 in 16-bit lanes: trc * s_in + (256 - trc) * stmm <= 256 * 255 */
static AVX2 void smooth_avx2(const g7sf_di_params *p, const uint8_t *stmm, const uint8_t *s_in,
                             int w, uint8_t *st2, uint8_t *st3)
{
    int n = w / 2;
    V th = _mm256_set1_epi16((short)p->stmm_md_th), t1 = _mm256_set1_epi16((short)p->stmm_trc1),
      t2 = _mm256_set1_epi16((short)p->stmm_trc2), full = _mm256_set1_epi16(256);
    for (int j = 0; j < n; j += 16) {
        /* s_in is the caller's row: its last 8 pairs (n is a multiple of
         * 8) are read through a copy, not past its end */
        uint8_t tail[16] = { 0 };
        const uint8_t *si = s_in + j;
        if (j + 16 > n) {
            for (int i = 0; i < n - j; i++)
                tail[i] = si[i];
            si = tail;
        }
        V a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(stmm + j + 1)));
        V b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)si));
        V trc = _mm256_blendv_epi8(t2, t1, _mm256_cmpgt_epi16(a, th));
        V v = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(trc, b),
                                                 _mm256_mullo_epi16(_mm256_sub_epi16(full, trc), a)),
                                8);
        _mm_storeu_si128((__m128i *)(st2 + j),
                         _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
    }
    st2[-1] = st2[0], st2[n] = st2[n - 1];
    for (int j = 0; j < n; j += 32)
        _mm256_storeu_si256((V *)(st3 + j),
                            _mm256_max_epu8(_mm256_max_epu8(load(st2 + j - 1), load(st2 + j)),
                                            load(st2 + j + 1)));
}

const stmm_rows_dsp stmm_rows_avx2 = { ad_avx2, line_avx2, smooth_avx2 };
#endif
