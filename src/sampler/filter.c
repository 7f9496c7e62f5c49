/* Intra-level filters (§2.2.2.1-2): MAPFILTER_NEAREST and MAPFILTER_LINEAR
 * over 1, 2 or 3 axes, on positions rounded to SMP_SUB_BITS. */
#include "smp.h"

void smp_nearest(smp_ctx *c, const smp_level *L, const float p[3], float w, float acc[4])
{
    int64_t i[3] = { 0, 0, 0 };
    for (unsigned k = 0; k < c->dims; k++)
        i[k] = smp_fixed(p[k], c->round[k]) >> SMP_SUB_BITS;
    smp_tap(c, L, i[0], i[1], i[2], w, acc);
}

void smp_linear_footprint(const smp_ctx *c, const float p[3], int64_t i0[3], unsigned w1[3])
{
    for (unsigned k = 0; k < 3; k++) {
        i0[k] = 0, w1[k] = 0;
        if (k >= c->dims)
            continue;
        /* texel centres sit at half-integers */
        int64_t f = smp_fixed(p[k], c->round[k]) - SMP_SUB_ONE / 2;
        i0[k] = f >> SMP_SUB_BITS;
        w1[k] = (unsigned)(f & (SMP_SUB_ONE - 1));
    }
}

void smp_linear(smp_ctx *c, const smp_level *L, const float p[3], float w, float acc[4])
{
    int64_t i0[3];
    unsigned w1[3];
    smp_linear_footprint(c, p, i0, w1);
    const float unit = 1.0f / SMP_SUB_ONE;
    float wk[3][2];
    for (unsigned k = 0; k < 3; k++)
        wk[k][0] = (float)(SMP_SUB_ONE - w1[k]) * unit, wk[k][1] = (float)w1[k] * unit;
    if (c->quad) {   /* the same taps in the same order, indices resolved once */
        uint32_t x[2], y[2];
        float wt[4];
        for (unsigned d = 0; d < 2; d++) {
            x[d] = (uint32_t)smp_address(c->mode[0], i0[0] + d, L->size[0], NULL);
            y[d] = (uint32_t)smp_address(c->mode[1], i0[1] + d, L->size[1], NULL);
        }
        for (unsigned j = 0; j < 4; j++)
            wt[j] = w * wk[0][j & 1] * wk[1][j >> 1] * wk[2][0];
        smp_quad(c, L, x, y, wt, acc);
        return;
    }
    unsigned nz = c->dims == 3 ? 2 : 1, ny = c->dims >= 2 ? 2 : 1;
    for (unsigned dz = 0; dz < nz; dz++)
        for (unsigned dy = 0; dy < ny; dy++)
            for (unsigned dx = 0; dx < 2; dx++) {
                float wt = w * wk[0][dx] * wk[1][dy] * wk[2][dz];
                if (wt != 0.0f)
                    smp_tap(c, L, i0[0] + dx, i0[1] + dy, i0[2] + dz, wt, acc);
            }
}
