/* The AVX2 versions of the AVS row kernels (avs_rows.h); the definitions
 * are the C kernels in avs_rows.c, which these match bit for bit
 * (tests/test_simd_avs.c).  Columns run 8 to a vector in 32-bit lanes,
 * where every sum within avs_rows.h's bounds fits, as in C (and lanes add
 * modulo 2^32: the order of the additions changes no bit); a last step
 * overlapping the one before takes the columns past the last whole step,
 * and rows of fewer than 8 columns go to C.  Horizontal: each column's 8
 * texels times its 8 taps in a vector of their own, the 8 vectors' sums
 * by a tree of horizontal adds into one, texels 3 and 4 of each column
 * (the smooth filter's) from 16-byte loads at texel 3 transposed, the
 * alphas at the first texels loaded one by one (an AVX2 gather was slower
 * on the Zen 4 measured).  Vertical: 16 columns a step, row by row, rows
 * of a tap 0 skipped. */
#include "avs_rows.h"
#include "core/cpu.h"

#if CPU_X86
#include "simd_x86.h"

typedef __m256i V;

static inline AVX2 V load(const void *p) { return _mm256_loadu_si256((const V *)p); }

/* avs_blend of 8 lanes: the same steps, arithmetic shifts */
static inline AVX2 V blend8(V sharp, V smooth, V alpha)
{
    V q = _mm256_sub_epi32(sharp, smooth);
    V s = _mm256_add_epi32(smooth, _mm256_mullo_epi32(alpha, _mm256_srai_epi32(q, 8)));
    V lo = _mm256_mullo_epi32(alpha, _mm256_and_si256(q, _mm256_set1_epi32(255)));
    lo = _mm256_srai_epi32(_mm256_add_epi32(lo, _mm256_set1_epi32(1 << 13)), 8);
    return _mm256_srai_epi32(_mm256_add_epi32(s, lo), 6);
}

/* 2 (x3 (32 - b) + x4 b), as 2 (32 x3 + (x4 - x3) b): the same modulo 2^32 */
static inline AVX2 V smooth8(V x3, V x4, V b)
{
    V s = _mm256_add_epi32(_mm256_slli_epi32(x3, 5),
                           _mm256_mullo_epi32(_mm256_sub_epi32(x4, x3), b));
    return _mm256_add_epi32(s, s);
}

/* 4 texels from p in the low half, from q in the high one */
static inline AVX2 V load2x4(const int32_t *p, const int32_t *q)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)p)),
                                   _mm_loadu_si128((const __m128i *)q), 1);
}

/* Columns i .. i + 7 of avs_hrow_c. */
static inline AVX2 V hrow8(const int32_t *t, const int *first, const int8_t (*k)[2][AVS_TAPS],
                           int sel, const uint8_t *beta, const int16_t *alpha, V afix, int i)
{
    const int *f = first + i;
    V p[8];
    for (int j = 0; j < 8; j++) {
        V kj = _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)k[i + j][sel]));
        p[j] = _mm256_mullo_epi32(load(t + f[j]), kj);
    }
    /* lane j of a (j < 4): the sum of p[j]'s lanes 0..3, lane 4 + j that
     * of its lanes 4..7; c likewise for p[4 + j] */
    V a = _mm256_hadd_epi32(_mm256_hadd_epi32(p[0], p[1]), _mm256_hadd_epi32(p[2], p[3]));
    V c = _mm256_hadd_epi32(_mm256_hadd_epi32(p[4], p[5]), _mm256_hadd_epi32(p[6], p[7]));
    V sharp = _mm256_add_epi32(_mm256_permute2x128_si256(a, c, 0x20),
                               _mm256_permute2x128_si256(a, c, 0x31));
    /* texels 3..6 of columns j and j + 4; interleaved, then texel 3 of all
     * 8 in order, and texel 4 */
    V u01 = _mm256_unpacklo_epi32(load2x4(t + f[0] + 3, t + f[4] + 3),
                                  load2x4(t + f[1] + 3, t + f[5] + 3));
    V u23 = _mm256_unpacklo_epi32(load2x4(t + f[2] + 3, t + f[6] + 3),
                                  load2x4(t + f[3] + 3, t + f[7] + 3));
    V b = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(beta + i)));
    V smooth = smooth8(_mm256_unpacklo_epi64(u01, u23), _mm256_unpackhi_epi64(u01, u23), b);
    V al = alpha ? _mm256_setr_epi32(alpha[f[0]], alpha[f[1]], alpha[f[2]], alpha[f[3]],
                                     alpha[f[4]], alpha[f[5]], alpha[f[6]], alpha[f[7]])
                 : afix;
    return blend8(sharp, smooth, al);
}

AVX2 void avs_hrow_avx2(const int32_t *t, const int *first, const int8_t (*k)[2][AVS_TAPS],
                        int sel, const uint8_t *beta, const int16_t *alpha, int a_fixed, int n,
                        int32_t *out)
{
    if (n < 8) {
        avs_hrow_c(t, first, k, sel, beta, alpha, a_fixed, n, out);
        return;
    }
    V afix = _mm256_set1_epi32(a_fixed);
    for (int i = 0;; i += 8) {
        i = i > n - 8 ? n - 8 : i;
        _mm256_storeu_si256((V *)(out + i), hrow8(t, first, k, sel, beta, alpha, afix, i));
        if (i == n - 8)
            break;
    }
}

/* Columns i .. i + 7 of avs_vrow_c from their sharp sums, limited to
 * 0xFF00 (packus limits them to 0). */
static inline AVX2 V vfinish(V sharp, const int32_t *v3, const int32_t *v4, V b,
                             const int16_t *alpha, V afix, int i)
{
    V al = alpha ? _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(alpha + i))) : afix;
    V f = blend8(sharp, smooth8(load(v3 + i), load(v4 + i), b), al);
    return _mm256_min_epi32(f, _mm256_set1_epi32(0xFF00));
}

/* Columns i .. i + 7 of avs_vrow_c: the m nonzero taps k of rows r. */
static inline AVX2 void vrow8(const int32_t *const r[AVS_TAPS], const int32_t k[AVS_TAPS], int m,
                              const int32_t *const rows[AVS_TAPS], V b, const int16_t *alpha,
                              V afix, int i, uint16_t *out)
{
    V sharp = _mm256_setzero_si256();
    for (int t = 0; t < m; t++)
        sharp = _mm256_add_epi32(sharp,
                                 _mm256_mullo_epi32(load(r[t] + i), _mm256_set1_epi32(k[t])));
    V f = vfinish(sharp, rows[3], rows[4], b, alpha, afix, i);
    _mm_storeu_si128((__m128i *)(out + i),
                     _mm_packus_epi32(_mm256_castsi256_si128(f), _mm256_extracti128_si256(f, 1)));
}

/* Columns i .. i + 15: each row's two vectors per tap */
static inline AVX2 void vrow16(const int32_t *const r[AVS_TAPS], const int32_t k[AVS_TAPS], int m,
                               const int32_t *const rows[AVS_TAPS], V b, const int16_t *alpha,
                               V afix, int i, uint16_t *out)
{
    V s0 = _mm256_setzero_si256(), s1 = s0;
    for (int t = 0; t < m; t++) {
        V kt = _mm256_set1_epi32(k[t]);
        s0 = _mm256_add_epi32(s0, _mm256_mullo_epi32(load(r[t] + i), kt));
        s1 = _mm256_add_epi32(s1, _mm256_mullo_epi32(load(r[t] + i + 8), kt));
    }
    V f0 = vfinish(s0, rows[3], rows[4], b, alpha, afix, i);
    V f1 = vfinish(s1, rows[3], rows[4], b, alpha, afix, i + 8);
    /* packus works within halves: words of f0 0..3, f1 0..3, f0 4..7, f1 4..7 */
    _mm256_storeu_si256((V *)(out + i),
                        _mm256_permute4x64_epi64(_mm256_packus_epi32(f0, f1), 0xD8));
}

AVX2 void avs_vrow_avx2(const int32_t *const rows[AVS_TAPS], const int8_t k[AVS_TAPS],
                        unsigned b, const int16_t *alpha, int a_fixed, int n, uint16_t *out)
{
    if (n < 8) {
        avs_vrow_c(rows, k, b, alpha, a_fixed, n, out);
        return;
    }
    const int32_t *r[AVS_TAPS];
    int32_t kk[AVS_TAPS];
    int m = 0;
    for (int t = 0; t < AVS_TAPS; t++)
        if (k[t])
            r[m] = rows[t], kk[m++] = k[t];
    V bv = _mm256_set1_epi32((int32_t)b), afix = _mm256_set1_epi32(a_fixed);
    if (n < 16) {
        vrow8(r, kk, m, rows, bv, alpha, afix, 0, out);
        vrow8(r, kk, m, rows, bv, alpha, afix, n - 8, out);
        return;
    }
    for (int i = 0;; i += 16) {
        i = i > n - 16 ? n - 16 : i;
        vrow16(r, kk, m, rows, bv, alpha, afix, i, out);
        if (i == n - 16)
            break;
    }
}

/* the IEF: the C body compiled for AVX2 (avs_ief_body.h) */
#define AVS_IEF_NAME avs_ief_avx2
#define AVS_IEF_TARGET AVX2
#include "avs_ief_body.h"

#endif
