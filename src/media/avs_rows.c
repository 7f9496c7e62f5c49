/* The AVS's row kernels in C, the definition the SIMD versions are held
 * to (avs_rows.h). */
#include "avs_rows.h"

void avs_hrow_c(const int32_t *t, const int *first, const int8_t (*k)[2][AVS_TAPS], int sel,
                const uint8_t *beta, const int16_t *alpha, int a_fixed, int n, int32_t *out)
{
    for (int i = 0; i < n; i++) {
        const int32_t *x = t + first[i];
        const int8_t *kk = k[i][sel];
        int32_t sharp = 0, b = beta[i];
        for (int j = 0; j < AVS_TAPS; j++)
            sharp += x[j] * kk[j];
        out[i] = avs_blend(sharp, 2 * (x[3] * (32 - b) + x[4] * b),
                           alpha ? alpha[first[i]] : a_fixed);
    }
}

void avs_vrow_c(const int32_t *const rows[AVS_TAPS], const int8_t k[AVS_TAPS], unsigned b,
                const int16_t *alpha, int a_fixed, int n, uint16_t *out)
{
    enum { CHUNK = 256 };
    int32_t acc[CHUNK];
    for (int i0 = 0; i0 < n; i0 += CHUNK) {
        int m = n - i0 < CHUNK ? n - i0 : CHUNK;
        /* the sharp sums tap by tap, taps of 0 skipped */
        for (int i = 0; i < m; i++)
            acc[i] = 0;
        for (int t = 0; t < AVS_TAPS; t++) {
            const int32_t *v = rows[t] + i0;
            int32_t kt = k[t];
            for (int i = 0; kt && i < m; i++)
                acc[i] += v[i] * kt;
        }
        const int32_t *v3 = rows[3] + i0, *v4 = rows[4] + i0;
        for (int i = 0; i < m; i++) {
            int32_t f = avs_blend(acc[i], 2 * (v3[i] * (int32_t)(32 - b) + v4[i] * (int32_t)b),
                                  alpha ? alpha[i0 + i] : a_fixed);
            out[i0 + i] = (uint16_t)(f < 0 ? 0 : f > 0xFF00 ? 0xFF00 : f);
        }
    }
}

#define AVS_IEF_NAME avs_ief_c
#define AVS_IEF_TARGET
#include "avs_ief_body.h"
