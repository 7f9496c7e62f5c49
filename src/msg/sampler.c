/* Sampling engine message routing (§2.13.1.1, descriptor at lines
 * 4440-4470): SIMD4x2 / SIMD8 / SIMD16 messages run g7sf_sample() on the
 * bound surface and sampler; of SIMD32/64, deinterlace, sample_unorm* and
 * cache_flush run (sample_8x8 is still to come). */
#include "desc.h"
#include "gen7sf/state.h"
#include "bind_cache.h"
#include "sample_msg.h"

/* SIMD32/64 message types (table at lines 4618-4629): name and what runs
 * it (NULL: not modelled yet); no name: reserved. */
static const struct {
    const char *name;
    int (*run)(g7sf_msg_ctx *c, const sampler_desc *d);
} simd32_64_types[32] = {
    [SAMPLER32_UNORM_PS] = { "sample_unorm (pixel shader)", sampler_unorm },
    [SAMPLER32_UNORM_KILLPIX_PS] = { "sample_unorm+killpix (pixel shader)", sampler_unorm },
    [SAMPLER32_8X8_PS] = { "sample_8x8 (pixel shader)", sampler_8x8 },
    [SAMPLER32_DEINTERLACE] = { "deinterlace", sampler_deinterlace },
    [SAMPLER32_UNORM_KILLPIX_MEDIA] = { "sample_unorm+killpix (media)", sampler_unorm },
    [SAMPLER32_8X8_MEDIA] = { "sample_8x8 (media)", sampler_8x8 },
    [SAMPLER32_UNORM_MEDIA] = { "sample_unorm (media)", sampler_unorm },
    [SAMPLER32_CACHE_FLUSH] = { "cache_flush", sampler_cache_flush },
};

static int texture(const g7sf_render_surface_state *ss, const uint32_t *extra, void *out,
                   const char **why)
{
    (void)extra, (void)why;
    return g7sf_texture_from_state(ss, out);
}

int sampler_bind_texture(g7sf_msg_ctx *c, unsigned bti, g7sf_texture *t)
{
    int err;
    const char *why;
    int r = g7sf_msg_bind(c, bti, "sampler", BIND_TEXTURE, NULL, 0, texture, t, sizeof *t, &err,
                          &why);
    if (!r && err)
        return g7sf_msg_fail(c, G7SF_ESTATE, "sampler: BTI %u: RENDER_SURFACE_STATE the sampler "
                             "cannot read", bti);
    return r;
}

int sampler_state_addr(g7sf_msg_ctx *c, const char *msg, uint32_t off, uint32_t bytes,
                       uint32_t *addr)
{
    uint32_t ptr = (c->header ? c->msg->payload[0].ud[3] : c->thr->sampler_state) & ~0x1Fu;
    uint64_t at = (uint64_t)ptr + off;
    if (at > UINT32_MAX ||
        g7sf_base_resolve(c->gpu, G7SF_BASE_DYNAMIC, (uint32_t)at, bytes, addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: SAMPLER_STATE at 0x%llx outside dynamic "
                             "state bounds", msg, (unsigned long long)at);
    return 0;
}

int sampler_bind_media(g7sf_msg_ctx *c, unsigned bti, const char *msg, const char *role,
                       sampler_media_decode decode, struct g7sf_media_surface *s)
{
    uint32_t ss_addr;
    int r = g7sf_msg_surface_state(c, bti, G7SF_MEDIA_SURFACE_STATE_DWORDS * 4, msg, &ss_addr);
    if (r)
        return r;
    g7sf_media_surface_state ss;
    if (g7sf_state_read(c->gpu, &g7sf_desc_MEDIA_SURFACE_STATE, ss_addr, &ss))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "%s: out of host memory", msg);
    const char *why;
    if ((r = decode(&ss, s, &why)))
        return g7sf_msg_fail(c, r, "%s: %s (BTI %u): %s", msg, role, bti, why);
    return 0;
}

static int sample_message(g7sf_msg_ctx *c, const sampler_desc *d)
{
    sample_msg m;
    g7sf_texture tex;
    g7sf_sampler smp;
    g7sf_sample_result res;
    int r = sample_msg_decode(c, d, &m);
    if (r || (r = sampler_bind_texture(c, d->bti, &tex)))
        return r;
    if (m.reads_sampler && (r = g7sf_sampler_read(c->gpu, m.sampler_state, &smp)))
        return g7sf_msg_fail(c, r, "sampler: SAMPLER_STATE %u at 0x%x or its border colour: %s",
                             d->sampler_index, m.sampler_state, g7sf_strerror(r));
    if ((r = g7sf_sample(c->gpu, &tex, m.reads_sampler ? &smp : NULL, &m.args, &res)))
        return g7sf_msg_fail(c, r, "sampler: %s: %s", g7sf_sample_op_name(d->type),
                             g7sf_strerror(r));
    sample_writeback(c, &m, &res);
    return 0;
}

int g7sf_sampler_send(g7sf_msg_ctx *c)
{
    sampler_desc d = { .simd = desc_get(c->fc, DESC_SMP_SIMD_MODE),
                       .type = desc_get(c->fc, DESC_SMP_TYPE),
                       .sampler_index = desc_get(c->fc, DESC_SMP_INDEX),
                       .bti = desc_get(c->fc, DESC_BTI) };
    if (d.simd != SAMPLER_SIMD32_64)
        return sample_message(c, &d);
    const char *name = simd32_64_types[d.type].name;
    if (!name)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "sampler: reserved SIMD32/64 message type %u",
                             d.type);
    if (!simd32_64_types[d.type].run)
        return g7sf_msg_fail(c, G7SF_ENOTIMPL, "sampler: %s is not modelled yet", name);
    return simd32_64_types[d.type].run(c, &d);
}
