/* SSE4.1 and AVX2 versions of the denoise kernels (dsp.h); the definitions
 * are dn_motion_c and dn_filter_c in dn.c, which they match bit for bit.
 * One body (dn_simd_body.h) in 16-bit lanes: SSE4.1 takes a line of the
 * block as two chunks of 8 pixels, AVX2 as one of 16.  Every intermediate
 * fits a signed word (sums of nine pixels, products below 2^16); the two
 * reciprocal products that do not are formed from mullo and mulhi. */
#include <string.h>

#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86
#include "simd_x86.h"

static inline uint32_t load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Band b's four 4x4 sums of each measure (dwords) into the stats. */
static inline SSE41 void dn_store_groups(g7sf_dn_block_stats *st, int b, __m128i stad,
                                         __m128i tsd, __m128i mp, __m128i svcm, __m128i shcm)
{
    _mm_storel_epi64((__m128i *)&st->stad[4 * b], _mm_packus_epi32(stad, stad));
    tsd = _mm_abs_epi32(tsd);
    _mm_storel_epi64((__m128i *)&st->tasd[4 * b], _mm_packus_epi32(tsd, tsd));
    _mm_storel_epi64((__m128i *)&st->shcm[4 * b], _mm_packus_epi32(shcm, shcm));
    _mm_storel_epi64((__m128i *)&st->svcm[4 * b], _mm_packus_epi32(svcm, svcm));
    mp = _mm_packus_epi32(mp, mp);
    uint32_t m = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(mp, mp));
    memcpy(&st->motion_pixels[4 * b], &m, sizeof m);
}

/* The low and the high bytes of dn_gn_q_table, 16 each. */
static inline SSE41 void dn_gn_q_bytes(__m128i *lo, __m128i *hi)
{
    __m128i t0 = _mm_loadu_si128((const __m128i *)dn_gn_q_table);
    __m128i t1 = _mm_loadu_si128((const __m128i *)(dn_gn_q_table + 8));
    __m128i b = _mm_set1_epi16(0xFF);
    *lo = _mm_packus_epi16(_mm_and_si128(t0, b), _mm_and_si128(t1, b));
    *hi = _mm_packus_epi16(_mm_srli_epi16(t0, 8), _mm_srli_epi16(t1, 8));
}

/* ---- SSE4.1: chunks of 8 ---- */

#define V __m128i
#define NL 8
#define I(op) _mm_##op
#define VAND _mm_and_si128
#define VOR _mm_or_si128
#define VZERO _mm_setzero_si128()
#define LOADW(p) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(p)))
/* bytes x0 / 4 and x0 / 4 + 1 four times each, as words */
#define GROUPW(p, x0)                                                                   \
    _mm_shuffle_epi8(_mm_cvtsi32_si128((int)load32(p)),                                 \
                     _mm_setr_epi8((x0) / 4, -1, (x0) / 4, -1, (x0) / 4, -1, (x0) / 4, -1, \
                                   (x0) / 4 + 1, -1, (x0) / 4 + 1, -1, (x0) / 4 + 1, -1,  \
                                   (x0) / 4 + 1, -1))
#define TABW(t) (t)
#define GROUP4(v) _mm_hadd_epi32(_mm_madd_epi16((v)[0], _mm_set1_epi16(1)), \
                                 _mm_madd_epi16((v)[1], _mm_set1_epi16(1)))
#define STORE_ROW(p, r) _mm_storeu_si128((__m128i *)(p), _mm_packus_epi16((r)[0], (r)[1]))
#define HMIN(v) (unsigned)_mm_extract_epi16(_mm_minpos_epu16(v), 0)
#define TARGET SSE41
#define NAME(f) f##_sse41

#include "dn_simd_body.h"

#undef V
#undef NL
#undef I
#undef VAND
#undef VOR
#undef VZERO
#undef LOADW
#undef GROUPW
#undef TABW
#undef GROUP4
#undef STORE_ROW
#undef HMIN
#undef TARGET
#undef NAME

/* ---- AVX2: one chunk of 16 ---- */

/* the sums of lanes 4g .. 4g + 3: pairs by madd, then pairs of pairs */
static inline AVX2 __m128i group4_avx2(__m256i v)
{
    __m256i s = _mm256_madd_epi16(v, _mm256_set1_epi16(1));
    s = _mm256_hadd_epi32(s, s);
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(s, 0x08));
}

static inline AVX2 unsigned hmin_avx2(__m256i v)
{
    __m128i m = _mm_min_epu16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (unsigned)_mm_extract_epi16(_mm_minpos_epu16(m), 0);
}

#define V __m256i
#define NL 16
#define I(op) _mm256_##op
#define VAND _mm256_and_si256
#define VOR _mm256_or_si256
#define VZERO _mm256_setzero_si256()
#define LOADW(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p)))
#define GROUPW(p, x0)                                                                      \
    _mm256_shuffle_epi8(_mm256_set1_epi32((int)load32(p)),                                 \
                        _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 1, -1, 1, -1, 1, -1, 1, -1, \
                                         2, -1, 2, -1, 2, -1, 2, -1, 3, -1, 3, -1, 3, -1, 3, -1))
#define TABW(t) _mm256_broadcastsi128_si256(t)
#define GROUP4(v) group4_avx2((v)[0])
#define STORE_ROW(p, r) \
    _mm_storeu_si128((__m128i *)(p), _mm_packus_epi16(_mm256_castsi256_si128((r)[0]), \
                                                      _mm256_extracti128_si256((r)[0], 1)))
#define HMIN(v) hmin_avx2(v)
#define TARGET AVX2
#define NAME(f) f##_avx2

#include "dn_simd_body.h"

#endif
