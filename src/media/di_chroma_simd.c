/* SSE4.1 and AVX2 versions of the chroma deinterlace kernels (dsp.h); the
 * definitions are di_chroma_up_c and di_chroma_sdi_c in di_chroma.c, which
 * they match bit for bit.  Bytes are Cr/Cb samples, 16 at a time; only the
 * blend's weighted sum needs 16-bit lanes (SSE4.1 two vectors, AVX2 one).
 * With lo <= s <= hi the weights sum to hi - lo <= 255, so the sum is below
 * 2^16 and a logical shift and a min give di_blend's value; the other lanes
 * take sp or tp. */
#include <stdbool.h>
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

/* ---- AVX2 along the band's lines: 16 pairs (32 bytes) a step ---- */

/* per byte the pair (of 16 bytes broadcast to both halves) whose STMM3 or
 * angle it takes: side -1, 0, +1 (dsp.h, up_line), 8 pairs a block */
static const int8_t side_mask[3][32] = {
    { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
      8, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14 },
    { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
      8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15 },
    { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 7,
      9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 15, 15 },
};

/* 16 per-pair bytes at v as 32 per-byte ones by mask (8 at the tail: the
 * high half is then not used) */
static inline AVX2 __m256i pairs32(const uint8_t *v, bool tail, __m256i mask)
{
    __m128i r = tail ? _mm_loadl_epi64((const __m128i *)v) : _mm_loadu_si128((const __m128i *)v);
    return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(r), mask);
}

/* 32 bytes at p, or 16 at the tail (the high half then unset) */
static inline AVX2 __m256i load_n(const uint8_t *p, bool tail)
{
    return tail ? _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p))
                : _mm256_loadu_si256((const __m256i *)p);
}

static inline AVX2 void store_n(uint8_t *p, __m256i v, bool tail)
{
    if (tail)
        _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(v));
    else
        _mm256_storeu_si256((__m256i *)p, v);
}

static inline AVX2 __m256i floor_avg2(__m256i a, __m256i b)
{
    return _mm256_sub_epi8(_mm256_avg_epu8(a, b),
                           _mm256_and_si256(_mm256_xor_si256(a, b), _mm256_set1_epi8(1)));
}

/* weigh8 on 16 words */
static inline AVX2 __m256i weigh16(const g7sf_di_params *p, __m256i s, __m256i sp, __m256i tp)
{
    __m256i v = _mm256_add_epi16(
        _mm256_mullo_epi16(_mm256_sub_epi16(s, _mm256_set1_epi16((short)p->stmm_min)), sp),
        _mm256_mullo_epi16(_mm256_sub_epi16(_mm256_set1_epi16((short)p->stmm_max), s), tp));
    v = _mm256_srl_epi16(v, _mm_cvtsi32_si128((int)p->stmm_shift));
    return _mm256_min_epu16(v, _mm256_set1_epi16(255));
}

/* di_blend of 32 bytes: the weighted sum in the halves' words (unpacked
 * and packed within each half, so the bytes keep their places), then the
 * range's choice as blend_range's */
static inline AVX2 __m256i blend32(const g7sf_di_params *p, __m256i s, __m256i sp, __m256i tp)
{
    __m256i z = _mm256_setzero_si256();
    __m256i w = _mm256_packus_epi16(
        weigh16(p, _mm256_unpacklo_epi8(s, z), _mm256_unpacklo_epi8(sp, z),
                _mm256_unpacklo_epi8(tp, z)),
        weigh16(p, _mm256_unpackhi_epi8(s, z), _mm256_unpackhi_epi8(sp, z),
                _mm256_unpackhi_epi8(tp, z)));
    __m256i lo = _mm256_set1_epi8((char)p->stmm_min), hi = _mm256_set1_epi8((char)p->stmm_max);
    w = _mm256_blendv_epi8(sp, w, _mm256_cmpeq_epi8(_mm256_min_epu8(s, hi), s));
    return _mm256_blendv_epi8(tp, w, _mm256_cmpeq_epi8(_mm256_max_epu8(s, lo), s));
}

AVX2 void di_chroma_up_line_avx2(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                                 const uint8_t *t0, const uint8_t *t1, const uint8_t *s3,
                                 int side, uint8_t *dst, int n)
{
    __m256i mask = _mm256_loadu_si256((const __m256i *)side_mask[side < 0 ? 0 : side > 0 ? 2 : 1]);
    for (int i = 0; i < n; i += 16) {
        bool tail = n - i < 16;     /* 8 pairs */
        int x = 2 * i;
        __m256i sp = floor_avg2(load_n(up + x, tail), load_n(dn + x, tail));
        __m256i tp = floor_avg2(load_n(t0 + x, tail), load_n(t1 + x, tail));
        store_n(dst + x, blend32(p, pairs32(s3 + i, tail, mask), sp, tp), tail);
    }
}

AVX2 void di_chroma_sdi_line_avx2(const g7sf_di_params *p, const uint8_t *const a[3],
                                  const uint8_t *const b[3], const uint8_t *t0,
                                  const uint8_t *t1, const uint8_t *s3, const uint8_t *angle,
                                  uint8_t *dst, int n)
{
    __m256i mask = _mm256_loadu_si256((const __m256i *)side_mask[1]);
    __m256i mid = _mm256_set1_epi8(DI_A90);
    __m256i m1 = _mm256_set1_epi8(DI_A90 - 1), p1 = _mm256_set1_epi8(DI_A90 + 1);
    for (int i = 0; i < n; i += 16) {
        bool tail = n - i < 16;
        int x = 2 * i;
        __m256i s = pairs32(s3 + i, tail, mask), ang = pairs32(angle + i, tail, mask);
        __m256i c90 = _mm256_avg_epu8(load_n(a[1] + x, tail), load_n(b[1] + x, tail));
        /* +-27 degrees by the sign of the angle's offset, +-45 (index
         * A90 -+ 1) averaged with c90 */
        __m256i c27 = _mm256_blendv_epi8(
            c90, _mm256_avg_epu8(load_n(a[0] + x, tail), load_n(b[2] + x, tail)),
            _mm256_cmpgt_epi8(ang, mid));
        c27 = _mm256_blendv_epi8(
            c27, _mm256_avg_epu8(load_n(a[2] + x, tail), load_n(b[0] + x, tail)),
            _mm256_cmpgt_epi8(mid, ang));
        __m256i one = _mm256_or_si256(_mm256_cmpeq_epi8(ang, m1), _mm256_cmpeq_epi8(ang, p1));
        __m256i three = _mm256_blendv_epi8(c27, _mm256_avg_epu8(c90, c27), one);
        __m256i v = blend32(p, s, three, c90);
        v = blend32(p, s, v, _mm256_avg_epu8(load_n(t0 + x, tail), load_n(t1 + x, tail)));
        store_n(dst + x, v, tail);
    }
}

#endif
