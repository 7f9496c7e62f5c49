/* Helpers of the x86 kernels (*_simd.c): target attributes, so the files
 * build without -march flags and run only where dsp.c chose them, 16-word
 * lane shifts, and the absolute differences summed in column pairs that the
 * window sums of the MCDI search, the SDI angle costs and the STMM start from. */
#ifndef G7SF_MEDIA_SIMD_X86_H
#define G7SF_MEDIA_SIMD_X86_H

#include <immintrin.h>

#define SSE41 __attribute__((target("sse4.1")))
#define AVX2 __attribute__((target("avx2")))

/* 16 words as two halves for SSE4.1; SHR(v, n): lane i gets lane i + n,
 * zeros coming in above */
typedef struct w16 { __m128i lo, hi; } w16;
#define SHR(v, n) ((w16){ _mm_alignr_epi8((v).hi, (v).lo, 2 * (n)), _mm_srli_si128((v).hi, 2 * (n)) })
/* in a 256-bit register: the high half, zero above, feeds the low one */
#define SHR2(v, n) _mm256_alignr_epi8(_mm256_permute2x128_si256((v), (v), 0x81), (v), 2 * (n))

/* |a - b| of 16 bytes summed in column pairs (2j, 2j + 1): 8 words */
static inline SSE41 __m128i pair_ad(__m128i a, __m128i b)
{
    __m128i d = _mm_sub_epi8(_mm_max_epu8(a, b), _mm_min_epu8(a, b));
    return _mm_maddubs_epi16(d, _mm_set1_epi8(1));
}

/* the same for 32 bytes: 16 words */
static inline AVX2 __m256i pair_ad2(__m256i a, __m256i b)
{
    __m256i d = _mm256_sub_epi8(_mm256_max_epu8(a, b), _mm256_min_epu8(a, b));
    return _mm256_maddubs_epi16(d, _mm256_set1_epi8(1));
}

/* The STMM kernels' quotient (stmm_simd.c, stmm_rows_simd.c): min(255,
 * n / d), n = (t >> s1) << s2, of 16-bit t and d (d * 255 fits): in 32
 * bits, n limited to 255 * d, then the float quotient, exact as in stmm.c:
 * NAMEF32 for the words' halves widened, NAMEF for all. */
#define QUOT_DEF(NAMEF, T, W, P, ATTR)                                                      \
    static inline ATTR T NAMEF##32(T t, T d, T lim, __m128i s1, __m128i s2)                \
    {                                                                                      \
        T n = P##min_epu32(P##sll_epi32(P##srl_epi32(t, s1), s2), lim);                    \
        return P##cvttps_epi32(P##div_ps(P##cvtepi32_ps(n), P##cvtepi32_ps(d)));           \
    }                                                                                      \
    static inline ATTR T NAMEF(T t, T d, __m128i s1, __m128i s2)                           \
    {                                                                                      \
        T z = P##setzero_si##W(), lim = P##mullo_epi16(d, P##set1_epi16(255));             \
        T lo = NAMEF##32(P##unpacklo_epi16(t, z), P##unpacklo_epi16(d, z),                 \
                         P##unpacklo_epi16(lim, z), s1, s2);                               \
        T hi = NAMEF##32(P##unpackhi_epi16(t, z), P##unpackhi_epi16(d, z),                 \
                         P##unpackhi_epi16(lim, z), s1, s2);                               \
        return P##packus_epi32(lo, hi);                                                    \
    }

QUOT_DEF(quot_sse41, __m128i, 128, _mm_, SSE41)
QUOT_DEF(quot_avx2, __m256i, 256, _mm256_, AVX2)

#endif
