/* Texture address control (§2.2.3): where a texel index outside [0, n)
 * lands under each TEXCOORDMODE (smp_fixed, the fixed-point positions the
 * filters work on, is inline in smp.h). */
#include <math.h>

#include "smp.h"

static int64_t floor_mod(int64_t i, int64_t n)
{
    int64_t m = i % n;
    return m < 0 ? m + n : m;
}

static int32_t clamp_index(int64_t i, uint32_t n)
{
    return i < 0 ? 0 : i >= n ? (int32_t)n - 1 : (int32_t)i;
}

int32_t smp_address(unsigned mode, int64_t i, uint32_t n, int32_t *edge)
{
    if (i >= 0 && i < n)   /* every mode leaves indices inside alone */
        return (int32_t)i;
    switch (mode) {
    case G7SF_TEXCOORDMODE_WRAP:
        return (int32_t)floor_mod(i, n);
    case G7SF_TEXCOORDMODE_MIRROR: {   /* flipped at every integer junction */
        int64_t m = floor_mod(i, 2 * (int64_t)n);
        return (int32_t)(m < n ? m : 2 * (int64_t)n - 1 - m);
    }
    case G7SF_TEXCOORDMODE_MIRROR_ONCE:   /* |u|, then clamp; texel -1 mirrors onto 0 */
        return clamp_index(i < 0 ? -1 - i : i, n);
    case G7SF_TEXCOORDMODE_CLAMP_BORDER:
    case G7SF_TEXCOORDMODE_HALF_BORDER:
        if (i < 0 || i >= n) {
            if (edge)
                *edge = clamp_index(i, n);
            return SMP_OUTSIDE;
        }
        return (int32_t)i;
    default:  /* G7SF_TEXCOORDMODE_CLAMP; _CUBE once cube.c has crossed faces */
        return clamp_index(i, n);
    }
}
