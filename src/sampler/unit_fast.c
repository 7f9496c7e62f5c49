/* Decoders of the formats most textures use, for the sampler's decode
 * cache: one switch per unit instead of g7sf_unit_decode's walk over the
 * channel table.  g7sf_unit_decode is the definition; these equal it bit
 * for bit (tests/test_sampler_fastpath.c compares them on random units). */
#include <string.h>

#include "core/format_conv.h"
#include "smp.h"

unsigned smp_fast_kind(unsigned format)
{
    switch (format) {
    case G7SF_FORMAT_R8G8B8A8_UNORM:      return SMP_FAST_RGBA8;
    case G7SF_FORMAT_B8G8R8A8_UNORM:      return SMP_FAST_BGRA8;
    case G7SF_FORMAT_R8G8B8A8_UNORM_SRGB: return SMP_FAST_RGBA8_SRGB;
    case G7SF_FORMAT_B8G8R8A8_UNORM_SRGB: return SMP_FAST_BGRA8_SRGB;
    case G7SF_FORMAT_R32_FLOAT:           return SMP_FAST_R32F;
    case G7SF_FORMAT_R32G32B32A32_FLOAT:  return SMP_FAST_RGBA32F;
    case G7SF_FORMAT_R16G16B16A16_FLOAT:  return SMP_FAST_RGBA16F;
    default:                              return SMP_FAST_NONE;
    }
}

/* Four UNORM8 bytes, red at byte r (0 or 2: blue at the other), sRGB on
 * RGB. */
static void unorm8x4(const uint8_t *p, unsigned r, bool srgb, g7sf_texel *t)
{
    const uint8_t v[3] = { p[r], p[1], p[2 - r] };
    for (unsigned c = 0; c < 3; c++)
        t->f[c] = srgb ? conv_srgb_unorm_to_linear(v[c], 8) : conv_unorm_to_float(v[c], 8);
    t->f[3] = conv_unorm_to_float(p[3], 8);
}

void smp_fast_decode(unsigned kind, const uint8_t *p, g7sf_texel *t)
{
    switch (kind) {
    case SMP_FAST_RGBA8:      unorm8x4(p, 0, false, t); break;
    case SMP_FAST_BGRA8:      unorm8x4(p, 2, false, t); break;
    case SMP_FAST_RGBA8_SRGB: unorm8x4(p, 0, true, t); break;
    case SMP_FAST_BGRA8_SRGB: unorm8x4(p, 2, true, t); break;
    case SMP_FAST_R32F:       /* float channels keep their bits */
        memcpy(&t->u[0], p, 4);
        t->f[1] = t->f[2] = 0.0f, t->f[3] = 1.0f;
        break;
    case SMP_FAST_RGBA32F:
        memcpy(t->u, p, 16);
        break;
    default:                  /* SMP_FAST_RGBA16F */
        for (unsigned c = 0; c < 4; c++)
            t->f[c] = conv_half_to_float((uint16_t)(p[2 * c] | p[2 * c + 1] << 8));
        break;
    }
}
