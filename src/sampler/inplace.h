/* Internal: reading texels in place, without the decode cache (texel.c,
 * fast2d.c, ld.c, gather.c): the decoders of the formats most textures use
 * and the page their bytes lie in.  The decoders equal g7sf_unit_decode
 * bit for bit (tests/test_sampler_fastpath.c compares them on random
 * units); their tables are filled by smp_fast_init (unit_fast.c). */
#ifndef G7SF_SAMPLER_INPLACE_H
#define G7SF_SAMPLER_INPLACE_H

#include <string.h>

#include "core/format_conv.h"
#include "core/memory.h"
#include "smp.h"

/* Four UNORM8 bytes, red at byte r (0 or 2: blue at the other), sRGB on
 * RGB: by the tables smp_fast_init fills. */
extern float smp_unorm8_table[256], smp_srgb8_table[256];
static inline void smp_unorm8x4(const uint8_t *p, unsigned r, bool srgb, g7sf_texel *t)
{
    const float *rgb = srgb ? smp_srgb8_table : smp_unorm8_table;
    t->f[0] = rgb[p[r]];
    t->f[1] = rgb[p[1]];
    t->f[2] = rgb[p[2 - r]];
    t->f[3] = smp_unorm8_table[p[3]];
}

/* One unit of fast kind `kind` (smp_fast_kind) from its bytes: one switch
 * per unit instead of g7sf_unit_decode's walk over the channel table. */
static inline void smp_fast_decode(unsigned kind, const uint8_t *p, g7sf_texel *t)
{
    switch (kind) {
    case SMP_FAST_RGBA8:      smp_unorm8x4(p, 0, false, t); break;
    case SMP_FAST_BGRA8:      smp_unorm8x4(p, 2, false, t); break;
    case SMP_FAST_RGBA8_SRGB: smp_unorm8x4(p, 0, true, t); break;
    case SMP_FAST_BGRA8_SRGB: smp_unorm8x4(p, 2, true, t); break;
    case SMP_FAST_R32F:       /* float channels keep their bits */
        memcpy(&t->u[0], p, 4);
        t->f[1] = t->f[2] = 0.0f, t->f[3] = 1.0f;
        break;
    case SMP_FAST_RGBA32F:
        memcpy(t->u, p, 16);
        break;
    case SMP_FAST_R24X8:      /* conv_unorm_to_float's division; X8 unused */
        t->f[0] = (float)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16) /
                  16777215.0f;
        t->f[1] = t->f[2] = 0.0f, t->f[3] = 1.0f;
        break;
    default:                  /* SMP_FAST_RGBA16F */
        for (unsigned c = 0; c < 4; c++)
            t->f[c] = conv_half_to_float((uint16_t)(p[2 * c] | p[2 * c + 1] << 8));
        break;
    }
}

/* The host bytes of [addr, addr + n) when they lie in one page that
 * exists (g7sf_mem_span), the message's last page remembered (pages never
 * move while their gpu lives, and one a message found is not given back). */
static inline const uint8_t *smp_host_bytes(smp_ctx *c, uint32_t addr, unsigned n)
{
    uint32_t in = addr & (G7SF_PAGE_SIZE - 1);
    if (in + n > G7SF_PAGE_SIZE)
        return NULL;
    if (!c->page_host || c->page_tag != addr >> G7SF_PAGE_SHIFT) {
        const uint8_t *p = g7sf_mem_page(c->gpu, addr);
        if (!p)
            return NULL;
        c->page_host = p, c->page_tag = addr >> G7SF_PAGE_SHIFT;
    }
    return c->page_host + in;
}
/* A texel of a format read in place (c->direct) from its bytes. */
static inline void smp_decode_direct(const smp_ctx *c, const uint8_t *p, g7sf_texel *t)
{
    if (c->fast == SMP_FAST_RGBA8)
        smp_unorm8x4(p, 0, false, t);
    else if (c->fast == SMP_FAST_BGRA8)
        smp_unorm8x4(p, 2, false, t);
    else
        smp_fast_decode(c->fast, p, t);
}
#endif
