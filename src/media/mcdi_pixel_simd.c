/* SSE4.1 and AVX2 versions of the per pixel MCDI kernels and the final
 * blend (dsp.h): one body, mcdi_pixel_body.h, for both sets.  The
 * definitions are mcdi_compensate_c, mcdi_choose_c (mcdi.c) and
 * di_blend_line_c (di.c), which they match bit for bit. */
#include <string.h>

#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86
#include "simd_x86.h"

/* 4 bytes at p in the low dword */
static inline SSE41 __m128i load4(const void *p)
{
    int v;
    memcpy(&v, p, 4);
    return _mm_cvtsi32_si128(v);
}

#define V __m128i
#define NL 8
#define I(op) _mm_##op
#define VAND _mm_and_si128
#define VOR _mm_or_si128
#define VANDNOT _mm_andnot_si128
#define VZERO _mm_setzero_si128()
#define TAB(t) (t)
#define BYTES16(p) _mm_loadu_si128((const __m128i *)(p))
#define LOADW(p) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(p)))
#define PAIR8(p) _mm_cvtepu8_epi32(load4(p))
#define PAIR8S(p) _mm_cvtepi8_epi32(load4(p))
#define PAIR16(p) _mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)(p)))
#define PAIR32(p) _mm_loadu_si128((const __m128i *)(p))
#define STORE_ROW(p, r) _mm_storeu_si128((__m128i *)(p), _mm_packus_epi16((r)[0], (r)[1]))
#define TARGET SSE41
#define NAME(f) f##_sse41

#include "mcdi_pixel_body.h"

#undef V
#undef NL
#undef I
#undef VAND
#undef VOR
#undef VANDNOT
#undef VZERO
#undef TAB
#undef BYTES16
#undef LOADW
#undef PAIR8
#undef PAIR8S
#undef PAIR16
#undef PAIR32
#undef STORE_ROW
#undef TARGET
#undef NAME

/* the two 8-pixel halves of the line in the two 128-bit halves */
static inline AVX2 __m256i bytes16_avx2(const uint8_t *p)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
                                   _mm_loadu_si128((const __m128i *)(p + 8)), 1);
}

/* 16 words (pixels 0..7 in the low half, 8..15 in the high one) as 16 bytes */
static inline AVX2 void store_row_avx2(uint8_t *p, __m256i r)
{
    __m256i b = _mm256_permute4x64_epi64(_mm256_packus_epi16(r, r), 0x08);
    _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(b));
}

#define V __m256i
#define NL 16
#define I(op) _mm256_##op
#define VAND _mm256_and_si256
#define VOR _mm256_or_si256
#define VANDNOT _mm256_andnot_si256
#define VZERO _mm256_setzero_si256()
#define TAB(t) _mm256_broadcastsi128_si256(t)
#define BYTES16(p) bytes16_avx2(p)
#define LOADW(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p)))
#define PAIR8(p) _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(p)))
#define PAIR8S(p) _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(p)))
#define PAIR16(p) _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(p)))
#define PAIR32(p) _mm256_loadu_si256((const __m256i *)(p))
#define STORE_ROW(p, r) store_row_avx2(p, (r)[0])
#define TARGET AVX2
#define NAME(f) f##_avx2

#include "mcdi_pixel_body.h"

#endif
