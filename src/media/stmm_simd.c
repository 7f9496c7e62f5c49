/* SSE4.1 and AVX2 versions of the STMM measure (dsp.h); the definition is
 * di_stmm_measure in stmm.c, which they match bit for bit.  The kernel is
 * stmm_simd_body.h; here are its operations on a row of 32 columns for
 * each set and the quotient. */
#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86
#include "simd_x86.h"

enum { C0 = -6 };

/* ---- SSE4.1: a row as two 16-byte halves ---- */

#define LIFT2(name, op)                                                                    \
    static inline SSE41 w16 name(w16 a, w16 b)                                             \
    {                                                                                      \
        return (w16){ op(a.lo, b.lo), op(a.hi, b.hi) };                                    \
    }
LIFT2(w_add, _mm_add_epi16)
LIFT2(w_sub, _mm_sub_epi16)
LIFT2(w_max, _mm_max_epi16)
LIFT2(w_and, _mm_and_si128)
LIFT2(w_mulhi, _mm_mulhi_epu16)
LIFT2(w_maddubs, _mm_maddubs_epi16)
#undef LIFT2

static inline SSE41 w16 w_abs(w16 a) { return (w16){ _mm_abs_epi16(a.lo), _mm_abs_epi16(a.hi) }; }

static inline SSE41 w16 w_absdb(w16 a, w16 b)
{
    return (w16){ _mm_sub_epi8(_mm_max_epu8(a.lo, b.lo), _mm_min_epu8(a.lo, b.lo)),
                  _mm_sub_epi8(_mm_max_epu8(a.hi, b.hi), _mm_min_epu8(a.hi, b.hi)) };
}

static inline SSE41 w16 w_load(const uint8_t *p)
{
    return (w16){ _mm_loadu_si128((const __m128i *)p), _mm_loadu_si128((const __m128i *)(p + 16)) };
}

static inline SSE41 void w_store(uint16_t *p, w16 v)
{
    _mm_storeu_si128((__m128i *)p, v.lo);
    _mm_storeu_si128((__m128i *)(p + 8), v.hi);
}

static inline SSE41 void stmm_q_sse41(w16 t, w16 d, __m128i s1, __m128i s2, uint8_t *dst)
{
    _mm_storeu_si128((__m128i *)dst, _mm_packus_epi16(quot_sse41(t.lo, d.lo, s1, s2),
                                                      quot_sse41(t.hi, d.hi, s1, s2)));
}

#define V w16
#define LOADB(p) w_load(p)
#define VADD w_add
#define VSUB w_sub
#define VMAX w_max
#define VABS w_abs
#define VAND w_and
#define VSRLI(v, n) ((w16){ _mm_srli_epi16((v).lo, n), _mm_srli_epi16((v).hi, n) })
#define VSLLI(v, n) ((w16){ _mm_slli_epi16((v).lo, n), _mm_slli_epi16((v).hi, n) })
#define VMULHI w_mulhi
#define VMADDUBS w_maddubs
#define VSET1(x) ((w16){ _mm_set1_epi16((short)(x)), _mm_set1_epi16((short)(x)) })
#define VZERO ((w16){ _mm_setzero_si128(), _mm_setzero_si128() })
#define ABSDB w_absdb
#define STOREW w_store
#define STMM_Q stmm_q_sse41
#define TARGET SSE41
#define NAME(f) f##_sse41
#include "stmm_simd_body.h"
#undef V
#undef LOADB
#undef VADD
#undef VSUB
#undef VMAX
#undef VABS
#undef VAND
#undef VSRLI
#undef VSLLI
#undef VMULHI
#undef VMADDUBS
#undef VSET1
#undef VZERO
#undef ABSDB
#undef SHR
#undef STOREW
#undef STMM_Q
#undef TARGET
#undef NAME

/* ---- AVX2: a row in one register ---- */

static inline AVX2 __m256i absdb_avx2(__m256i a, __m256i b)
{
    return _mm256_sub_epi8(_mm256_max_epu8(a, b), _mm256_min_epu8(a, b));
}

static inline AVX2 void stmm_q_avx2(__m256i t, __m256i d, __m128i s1, __m128i s2, uint8_t *dst)
{
    __m256i q = quot_avx2(t, d, s1, s2);
    _mm_storeu_si128((__m128i *)dst, _mm_packus_epi16(_mm256_castsi256_si128(q),
                                                      _mm256_extracti128_si256(q, 1)));
}

#define V __m256i
#define LOADB(p) _mm256_loadu_si256((const __m256i *)(p))
#define VADD _mm256_add_epi16
#define VSUB _mm256_sub_epi16
#define VMAX _mm256_max_epi16
#define VABS _mm256_abs_epi16
#define VAND _mm256_and_si256
#define VSRLI _mm256_srli_epi16
#define VSLLI _mm256_slli_epi16
#define VMULHI _mm256_mulhi_epu16
#define VMADDUBS _mm256_maddubs_epi16
#define VSET1(x) _mm256_set1_epi16((short)(x))
#define VZERO _mm256_setzero_si256()
#define ABSDB absdb_avx2
#define SHR SHR2
#define STOREW(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define STMM_Q stmm_q_avx2
#define TARGET AVX2
#define NAME(f) f##_avx2
#include "stmm_simd_body.h"

#endif
