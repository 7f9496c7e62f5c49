/* Internal: the AVS's row kernels (avs.c runs them through media_dsp):
 * one texel row filtered horizontally for every column of a block, and
 * one output row filtered vertically from 8 horizontal rows.  C in
 * avs_rows.c (the definition), AVX2 in avs_simd.c; every version gives the
 * same bits (tests/test_simd_avs.c). */
#ifndef G7SF_AVS_ROWS_H
#define G7SF_AVS_ROWS_H

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

typedef struct avs_dsp {
    avs_hrow_fn hrow;
    avs_vrow_fn vrow;
} avs_dsp;

#endif
