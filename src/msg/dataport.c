/* Data port message routing (§3.9.2): the message types each of the four
 * caches accepts on Ivy Bridge, header rules, binding, lengths. */
#include <stdio.h>

#include "core/gpu.h"
#include "desc.h"
#include "dp_msg.h"

/* Message Type desc[17:14] per port, from the Ivy Bridge descriptor tables
 * (spec 8214-8303); the older layout at 8191-8213 is Sandy Bridge's. */
static const dp_msg_type sampler_cache[16] = {
    [0x1] = { "Unaligned OWord Block Read", dp_unaligned_oword_block_read, DP_HEADER },
    [0x4] = { "Media Block Read", dp_media_block, DP_HEADER },
};
static const dp_msg_type render_cache[16] = {
    [0x4] = { "Media Block Read", dp_media_block, DP_HEADER },
    [0x5] = { "Typed Surface Read", dp_typed_surface, DP_HEADER },
    [0x6] = { "Typed Atomic Operation", dp_typed_atomic, DP_HEADER },
    [0x7] = { "Memory Fence", dp_memory_fence, DP_HEADER },
    [0xA] = { "Media Block Write", dp_media_block, DP_WRITE | DP_HEADER },
    [0xC] = { "Render Target Write", dp_render_target_write, DP_WRITE },
    [0xD] = { "Typed Surface Write", dp_typed_surface, DP_WRITE | DP_HEADER },
};
static const dp_msg_type constant_cache[16] = {
    [0x0] = { "OWord Block Read", dp_oword_block, DP_HEADER },
    [0x1] = { "Unaligned OWord Block Read", dp_unaligned_oword_block_read, DP_HEADER },
    [0x2] = { "OWord Dual Block Read", dp_oword_dual_block, DP_HEADER_STATELESS },
    [0x3] = { "DWord Scattered Read", dp_dword_scattered, DP_HEADER_STATELESS },
};
/* Ivy Bridge's data cache; Haswell's port 0 is the same without the
 * untyped messages, which moved to port 1 (DP_IVB_ONLY). */
static const dp_msg_type data_cache[16] = {
    [0x0] = { "OWord Block Read", dp_oword_block, DP_HEADER },
    [0x1] = { "Unaligned OWord Block Read", dp_unaligned_oword_block_read, DP_HEADER },
    [0x2] = { "OWord Dual Block Read", dp_oword_dual_block, DP_HEADER_STATELESS },
    [0x3] = { "DWord Scattered Read", dp_dword_scattered, DP_HEADER_STATELESS },
    [0x4] = { "Byte Scattered Read", dp_byte_scattered, 0 },
    [0x5] = { "Untyped Surface Read", dp_untyped_surface, DP_IVB_ONLY },
    [0x6] = { "Untyped Atomic Operation", dp_untyped_atomic, DP_IVB_ONLY },
    [0x7] = { "Memory Fence", dp_memory_fence, DP_HEADER },
    [0x8] = { "OWord Block Write", dp_oword_block, DP_WRITE | DP_HEADER },
    [0xA] = { "OWord Dual Block Write", dp_oword_dual_block, DP_WRITE | DP_HEADER_STATELESS },
    [0xB] = { "DWord Scattered Write", dp_dword_scattered, DP_WRITE | DP_HEADER_STATELESS },
    [0xC] = { "Byte Scattered Write", dp_byte_scattered, DP_WRITE },
    [0xD] = { "Untyped Surface Write", dp_untyped_surface, DP_WRITE | DP_IVB_ONLY },
};
/* Haswell's data cache port 1 (SFID 12): the PRM text names the SIMD4x2
 * atomics and the atomic counters without a type code; the codes are
 * Mesa's (docs/spec-notes.md "Haswell data cache port 1"). */
static const dp_msg_type data_cache1[16] = {
    [0x1] = { "Untyped Surface Read", dp_untyped_surface, 0 },
    [0x2] = { "Untyped Atomic Operation", dp_untyped_atomic, 0 },
    [0x3] = { "Untyped Atomic Operation SIMD4x2", dp_untyped_atomic_simd4x2, 0 },
    [0x4] = { "Media Block Read", dp_media_block, DP_HEADER },
    [0x5] = { "Typed Surface Read", dp_typed_surface, DP_HEADER },
    [0x6] = { "Typed Atomic Operation", dp_typed_atomic, DP_HEADER },
    [0x7] = { "Typed Atomic Operation SIMD4x2", dp_typed_atomic_simd4x2, DP_HEADER },
    [0x9] = { "Untyped Surface Write", dp_untyped_surface, DP_WRITE },
    [0xA] = { "Media Block Write", dp_media_block, DP_WRITE | DP_HEADER },
    [0xB] = { "Atomic Counter Operation", dp_atomic_counter, 0 },
    [0xC] = { "Atomic Counter Operation SIMD4x2", dp_atomic_counter_simd4x2, 0 },
    [0xD] = { "Typed Surface Write", dp_typed_surface, DP_WRITE | DP_HEADER },
};
/* desc[18] = 1: the scratch category, desc[17] selects the write. */
static const dp_msg_type scratch[2] = {
    { "Scratch Block Read", dp_scratch_block, DP_HEADER },
    { "Scratch Block Write", dp_scratch_block, DP_WRITE | DP_HEADER },
};

static const char *port_name(unsigned sfid)
{
    switch (sfid) {
    case G7SF_SFID_SAMPLER_CACHE:  return "sampler cache";
    case G7SF_SFID_RENDER_CACHE:   return "render cache";
    case G7SF_SFID_CONSTANT_CACHE: return "constant cache";
    case G7SF_SFID_DATA_CACHE1:    return "data cache port 1";
    default:                       return "data cache";
    }
}

static const dp_msg_type *message_type(const g7sf_msg_ctx *c)
{
    unsigned type = desc_get(c->fc, DESC_DP_MSG_TYPE);
    switch (c->msg->sfid) {
    case G7SF_SFID_SAMPLER_CACHE:  return &sampler_cache[type];
    case G7SF_SFID_RENDER_CACHE:   return &render_cache[type];
    case G7SF_SFID_CONSTANT_CACHE: return &constant_cache[type];
    case G7SF_SFID_DATA_CACHE1:    return &data_cache1[type];
    default:   /* data cache: desc[18] selects the scratch category */
        return desc_get(c->fc, DESC_DP_CATEGORY) ? &scratch[desc_get(c->fc, DESC_DP_SCRATCH_WRITE)]
                                                 : &data_cache[type];
    }
}

int g7sf_dataport_send(g7sf_msg_ctx *c)
{
    const dp_msg_type *t = message_type(c);
    unsigned bti = desc_get(c->fc, DESC_BTI);
    if (!t->name || ((t->flags & DP_IVB_ONLY) && c->gpu->platform == G7SF_HSW))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved message type %u", port_name(c->msg->sfid),
                             desc_get(c->fc, DESC_DP_MSG_TYPE));
    if (c->msg->eot && !(t->flags & DP_WRITE))
        return g7sf_msg_fail(c, G7SF_EEOT, "%s: EOT on a read message (%s)", port_name(c->msg->sfid),
                             t->name);
    if (!c->header && ((t->flags & DP_HEADER) ||
                       ((t->flags & DP_HEADER_STATELESS) && bti == DP_BTI_STATELESS)))
        return g7sf_msg_fail(c, G7SF_EHEADER, "%s requires a header%s", t->name,
                             t->flags & DP_HEADER ? "" : " with BTI 255 (stateless)");
    return t->run(c, t);
}

int dp_lengths_fail(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                    unsigned rlen_want)
{
    unsigned mlen_want = data_regs + (c->header ? 1 : 0);
    if (c->mlen != mlen_want)
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, expected %u", t->name,
                             c->mlen, mlen_want);
    if (c->rlen != rlen_want)
        return g7sf_msg_fail(c, G7SF_ERLEN, "%s: response length %u, expected %u", t->name,
                             c->rlen, rlen_want);
    return G7SF_EINVAL;   /* not reached: dp_check_lengths calls only on a mismatch */
}

/* Stateless (§3.2.2): a buffer from General State Base + M0.5[31:10] up to
 * the General State Access Upper Bound (or 4 GiB). */
int dp_stateless_buffer(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align,
                        g7sf_dp_buffer *out)
{
    const struct g7sf_base_reg *g = &c->gpu->bases[G7SF_BASE_GENERAL];
    uint64_t base = (uint64_t)g->base + (c->msg->payload[0].ud[5] & ~0x3FFu);
    uint64_t end = g->bound ? g->bound : 0x100000000ull;
    if (base >= 0x100000000ull || (base & (align - 1)))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: stateless base 0x%llx is outside memory or "
                             "misaligned", t->name, (unsigned long long)base);
    *out = (g7sf_dp_buffer){ (uint32_t)base, end > base ? end - base : 0 };
    return 0;
}

int dp_fail(g7sf_msg_ctx *c, const dp_msg_type *t, int code)
{
    return g7sf_msg_fail(c, code, "%s: %s", t->name, g7sf_strerror(code));
}
