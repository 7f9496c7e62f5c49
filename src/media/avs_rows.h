/* Internal: the AVS's row kernels (avs.c runs them through media_dsp):
 * one texel row filtered horizontally for every column of a block, and
 * one output row filtered vertically from 8 horizontal rows.  C in
 * avs_rows.c (the definition), AVX2 in avs_simd.c; every version gives the
 * same bits (tests/test_simd_avs.c). */
#ifndef G7SF_AVS_ROWS_H
#define G7SF_AVS_ROWS_H

#include <stdbool.h>
#include <stdint.h>

enum { AVS_TAPS = 8 };

/* floor(v / 2^n): GCC and clang shift negative values arithmetically (as
 * their manuals define), which is the floor. */
static inline int32_t avs_asr(int32_t v, int n) { return v >> n; }

/* (sharp x alpha + smooth x (256 - alpha) + 2^13) >> 14, the blend of the
 * sharp (1/64) and doubled smooth (1/32) filters by alpha (0 .. 256), in 32
 * bits: with q = sharp - smooth = 256 qh + ql (0 <= ql < 256) the sum is
 * 256 (smooth + alpha qh) + alpha ql + 2^13, and the 8 bits below the
 * shift cannot carry into it.  |sharp| <= 2^30 (8 taps of 128 on inputs of
 * at most 2^20), so every term fits. */
static inline int32_t avs_blend(int32_t sharp, int32_t smooth, int alpha)
{
    int32_t q = sharp - smooth, s = smooth + alpha * avs_asr(q, 8);
    return avs_asr(s + avs_asr(alpha * (q & 255) + (1 << 13), 8), 6);
}

/* Horizontal: for each column i < n, the vector t[f .. f + 7] (f =
 * first[i]) through taps k[i][sel] and beta[i], blended by alpha[f]
 * (alpha NULL: a_fixed), into out[i] (not clamped).  t holds texels (0 ..
 * 0xFF00). */
typedef void (*avs_hrow_fn)(const int32_t *t, const int *first, const int8_t (*k)[2][AVS_TAPS],
                            int sel, const uint8_t *beta, const int16_t *alpha, int a_fixed,
                            int n, int32_t *out);
void avs_hrow_c(const int32_t *t, const int *first, const int8_t (*k)[2][AVS_TAPS], int sel,
                const uint8_t *beta, const int16_t *alpha, int a_fixed, int n, int32_t *out);
void avs_hrow_avx2(const int32_t *t, const int *first, const int8_t (*k)[2][AVS_TAPS], int sel,
                   const uint8_t *beta, const int16_t *alpha, int a_fixed, int n, int32_t *out);

/* Vertical: for each column i < n, rows[0..7][i] (horizontal results, at
 * most 2^20 in magnitude) through taps k and beta b, blended by alpha[i]
 * (alpha NULL: a_fixed), clamped to 0 .. 0xFF00 into out[i]. */
typedef void (*avs_vrow_fn)(const int32_t *const rows[AVS_TAPS], const int8_t k[AVS_TAPS],
                            unsigned b, const int16_t *alpha, int a_fixed, int n, uint16_t *out);
void avs_vrow_c(const int32_t *const rows[AVS_TAPS], const int8_t k[AVS_TAPS], unsigned b,
                const int16_t *alpha, int a_fixed, int n, uint16_t *out);
void avs_vrow_avx2(const int32_t *const rows[AVS_TAPS], const int8_t k[AVS_TAPS], unsigned b,
                   const int16_t *alpha, int a_fixed, int n, uint16_t *out);

/* Division of a numerator below 2^21 by a constant: n m >> s (avs.c,
 * udiv_of). */
typedef struct avs_udiv {
    uint32_t m;
    unsigned s;
} avs_udiv;

/* The IEF state as the pixels use it (avs.c, ief_ctl_of): the thresholds
 * and weights of the sample_8x8 SAMPLER_STATE, each ring average's
 * weights, their sum w and its divider (rdiv(n, w) = (2n + w) / 2w; w 0:
 * no average, the pixel itself). */
typedef struct avs_ief {
    int strong_th, weak_th, strong_w, regular_w, non_edge_w, gain;
    bool smooth;                    /* IEF4Smooth Enable */
    int r3c, r3x, w3, r5c, r5x, r5cx, w5;
    avs_udiv d3, d5;
} avs_ief;

/* The IEF of pixels x0 .. x0 + n - 1 of the middle row of 5 rows r[] of
 * 10-bit values (columns x0 - 2 .. x0 + n + 1 read), as values << 6 into
 * dst.  C in avs_rows.c; the same body compiled for AVX2 in avs_simd.c
 * (avs_ief_body.h). */
typedef void (*avs_ief_fn)(const avs_ief *c, const uint16_t *const r[5], int x0, int n,
                           uint16_t *dst);
void avs_ief_c(const avs_ief *c, const uint16_t *const r[5], int x0, int n, uint16_t *dst);
void avs_ief_avx2(const avs_ief *c, const uint16_t *const r[5], int x0, int n, uint16_t *dst);

typedef struct avs_dsp {
    avs_hrow_fn hrow;
    avs_vrow_fn vrow;
    avs_ief_fn ief;
} avs_dsp;

#endif
