/* Sampling engine message routing (§2.13.1.1, descriptor at lines
 * 4440-4470): the SIMD32/64 deinterlace message runs; every other sampler
 * message is a real message gen7sf does not model yet. */
#include "sampler.h"

/* SIMD32/64 message types (table at lines 4618-4629); NULL: reserved. */
static const char *const simd32_64_types[32] = {
    [0x00] = "sample_unorm (pixel shader)", [0x02] = "sample_unorm+killpix (pixel shader)",
    [0x03] = "sample_8x8 (pixel shader)",   [0x08] = "deinterlace",
    [0x0A] = "sample_unorm+killpix (media)", [0x0B] = "sample_8x8 (media)",
    [0x0C] = "sample_unorm (media)",         [0x1F] = "cache_flush",
};

int g7sf_sampler_send(g7sf_msg_ctx *c)
{
    sampler_desc d = { .simd = (c->fc >> 17) & 3, .type = (c->fc >> 12) & 0x1F,
                       .sampler_index = (c->fc >> 8) & 0xF, .bti = c->fc & 0xFF };
    if (d.simd != SAMPLER_SIMD32_64)
        return g7sf_msg_fail(c, G7SF_ENOTIMPL, "sampler: %s messages are not modelled yet",
                             (const char *[]){ "SIMD4x2", "SIMD8", "SIMD16" }[d.simd]);
    const char *name = simd32_64_types[d.type];
    if (!name)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "sampler: reserved SIMD32/64 message type %u",
                             d.type);
    if (d.type != SAMPLER_TYPE_DEINTERLACE)
        return g7sf_msg_fail(c, G7SF_ENOTIMPL, "sampler: %s is not modelled yet", name);
    return sampler_deinterlace(c, &d);
}
