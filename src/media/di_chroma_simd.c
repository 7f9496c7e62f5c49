/* SSE4.1 and AVX2 versions of the chroma deinterlace kernels (dsp.h); the
 * definitions are di_chroma_up_c and di_chroma_sdi_c in di_chroma.c, which
 * they match bit for bit.  Bytes are Cr/Cb samples, 16 at a time; only the
 * blend's weighted sum needs 16-bit lanes (SSE4.1 two vectors, AVX2 one).
 * With lo <= s <= hi the weights sum to hi - lo <= 255, so the sum is below
 * 2^16 and a logical shift and a min give di_blend's value; the other lanes
 * take sp or tp. */
#include <string.h>

#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86
#include "simd_x86.h"

static inline SSE41 __m128i load16(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)p); }

/* (a + b) / 2, rounded down */
static inline SSE41 __m128i floor_avg(__m128i a, __m128i b)
{
    return _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), _mm_set1_epi8(1)));
}

/* Byte 2i + c of a per-pair row v[i] (8 bytes). */
static inline SSE41 __m128i pairs_to_bytes(const uint8_t v[8])
{
    __m128i r = _mm_loadl_epi64((const __m128i *)v);
    return _mm_unpacklo_epi8(r, r);
}

/* The pshufb mask of bytes h .. h + 15 of an up-sampled line: pair
 * min(max(x / 2 - 1, 0), 7) of byte x. */
static inline SSE41 __m128i up_pairs(int h)
{
    return h ? _mm_set1_epi8(7) : _mm_setr_epi8(0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6);
}

/* di_blend's choice: tp below stmm_min, sp above stmm_max, else w. */
static inline SSE41 __m128i blend_range(const g7sf_di_params *p, __m128i s, __m128i w,
                                        __m128i sp, __m128i tp)
{
    __m128i lo = _mm_set1_epi8((char)p->stmm_min), hi = _mm_set1_epi8((char)p->stmm_max);
    w = _mm_blendv_epi8(sp, w, _mm_cmpeq_epi8(_mm_min_epu8(s, hi), s));
    return _mm_blendv_epi8(tp, w, _mm_cmpeq_epi8(_mm_max_epu8(s, lo), s));
}

/* The chroma SDI's angle value before the blend toward c90: +-27 degrees
 * (sign of the angle offset), averaged with c90 for +-45 (index 3, 5). */
static inline SSE41 __m128i sdi_three(const uint8_t *a, const uint8_t *b, __m128i c90,
                                      __m128i angle)
{
    __m128i mid = _mm_set1_epi8(DI_A90);
    __m128i c27 = _mm_blendv_epi8(c90, _mm_avg_epu8(load16(a), load16(b + 4)),
                                  _mm_cmpgt_epi8(angle, mid));
    c27 = _mm_blendv_epi8(c27, _mm_avg_epu8(load16(a + 4), load16(b)), _mm_cmpgt_epi8(mid, angle));
    __m128i one = _mm_or_si128(_mm_cmpeq_epi8(angle, _mm_set1_epi8(DI_A90 - 1)),
                               _mm_cmpeq_epi8(angle, _mm_set1_epi8(DI_A90 + 1)));
    return _mm_blendv_epi8(c27, _mm_avg_epu8(c90, c27), one);
}

/* ---- SSE4.1: two vectors of 8 words ---- */

static inline SSE41 __m128i weigh8(const g7sf_di_params *p, __m128i s, __m128i sp, __m128i tp)
{
    __m128i v = _mm_add_epi16(_mm_mullo_epi16(_mm_sub_epi16(s, _mm_set1_epi16((short)p->stmm_min)), sp),
                              _mm_mullo_epi16(_mm_sub_epi16(_mm_set1_epi16((short)p->stmm_max), s), tp));
    v = _mm_srl_epi16(v, _mm_cvtsi32_si128((int)p->stmm_shift));
    return _mm_min_epu16(v, _mm_set1_epi16(255));
}

static inline SSE41 __m128i weigh_sse41(const g7sf_di_params *p, __m128i s, __m128i sp, __m128i tp)
{
    __m128i z = _mm_setzero_si128();
    __m128i lo = weigh8(p, _mm_cvtepu8_epi16(s), _mm_cvtepu8_epi16(sp), _mm_cvtepu8_epi16(tp));
    __m128i hi = weigh8(p, _mm_unpackhi_epi8(s, z), _mm_unpackhi_epi8(sp, z), _mm_unpackhi_epi8(tp, z));
    return _mm_packus_epi16(lo, hi);
}

#define TARGET SSE41
#define NAME(f) f##_sse41
#include "di_chroma_simd_body.h"
#undef TARGET
#undef NAME

/* ---- AVX2: one vector of 16 words ---- */

static inline AVX2 __m128i weigh_avx2(const g7sf_di_params *p, __m128i s8, __m128i sp8, __m128i tp8)
{
    __m256i s = _mm256_cvtepu8_epi16(s8);
    __m256i v = _mm256_add_epi16(
        _mm256_mullo_epi16(_mm256_sub_epi16(s, _mm256_set1_epi16((short)p->stmm_min)),
                           _mm256_cvtepu8_epi16(sp8)),
        _mm256_mullo_epi16(_mm256_sub_epi16(_mm256_set1_epi16((short)p->stmm_max), s),
                           _mm256_cvtepu8_epi16(tp8)));
    v = _mm256_srl_epi16(v, _mm_cvtsi32_si128((int)p->stmm_shift));
    v = _mm256_min_epu16(v, _mm256_set1_epi16(255));
    return _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

#define TARGET AVX2
#define NAME(f) f##_avx2
#include "di_chroma_simd_body.h"
#undef TARGET
#undef NAME

#endif
