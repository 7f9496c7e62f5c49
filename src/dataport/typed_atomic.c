/* Typed Atomic Operation (§3.9.9.3, .4): SIMD8 (Slot Group desc[12]) and
 * Haswell's SIMD4x2, on R32_UINT / R32_SINT texels addressed as the typed
 * reads and writes are; desc[13] returns data, desc[11:8] is the operation.
 * Slots run in ascending order, so slots on one texel see each other's
 * results (docs/spec-notes.md "Data port: typed messages"). */
#include "dp.h"
#include "dp_gpu.h"

/* old -> new at addr; returns what the slot returns (0 out of bounds,
 * where nothing is written). */
static int atomic_slot(g7sf_msg_ctx *c, const dp_msg_type *t, const dp_typed *ts, unsigned aop,
                       const uint32_t uvrl[4], const uint32_t src[2], uint32_t *ret)
{
    uint32_t addr, old;
    *ret = 0;
    if (!dp_typed_address(ts, uvrl, &addr))
        return 0;
    g7sf_mem_read(c->gpu, addr, &old, 4);
    uint32_t v = dp_aop32(aop, old, src[0], src[1], ret);
    int r = g7sf_mem_write(c->gpu, addr, &v, 4);
    return r ? g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r)) : 0;
}

/* addr_params parameters from the first data register, then the sources
 * from register src_reg; slot i returns into W0 dword i * l->stride. */
static int run(g7sf_msg_ctx *c, const dp_msg_type *t, const dp_typed_layout *l, uint32_t mask,
               unsigned addr_params, unsigned src_reg)
{
    unsigned aop = c->fc >> 8 & 0xF, nsrc = dp_aop_sources(aop);
    dp_typed ts;
    int r = dp_typed_bind(c, t, 0, &ts);
    dp_gpu *g = dp_gpu_get(c->gpu);
    if (!r && !g)
        r = g7sf_msg_fail(c, G7SF_ENOMEM, "%s: %s", t->name, g7sf_strerror(G7SF_ENOMEM));
    if (r)
        return r;
    dp_atomic_lock(g);   /* no other atomic message between read and write */
    for (unsigned i = 0; !r && i < l->slots; i++) {
        uint32_t uvrl[4], src[2] = { 0, 0 }, ret;
        if (!(mask >> i & 1))
            continue;
        dp_typed_uvrl(c, l, addr_params, i, uvrl);
        for (unsigned k = 0; k < nsrc; k++)
            src[k] = dp_typed_param(c, l, src_reg, i, k);
        r = atomic_slot(c, t, &ts, aop, uvrl, src, &ret);
        if (!r && c->fc >> 13 & 1)
            c->wb[0].ud[i * l->stride] = ret;
    }
    dp_atomic_unlock(g);
    return r;
}

static int reserved_aop(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: atomic operation 0000b is reserved", t->name);
}

int dp_typed_atomic(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned aop = c->fc >> 8 & 0xF, addr_regs;
    if (!aop)
        return reserved_aop(c, t);
    int r = dp_typed_lengths(c, t, dp_aop_sources(aop), c->fc >> 13 & 1, &addr_regs);
    return r ? r : run(c, t, &dp_typed_simd8, dp_typed_simd8_mask(c, c->fc >> 12 & 1), addr_regs,
                       addr_regs);
}

/* SIMD4x2: slot s takes U, V, R, LOD from M1 dwords 4s..4s+3 and Source0,
 * Source1 from M2 dwords 4s, 4s+1 (the untyped SIMD4x2 layout, 9753-9795,
 * with the typed parameters in the dwords it reserves for them); a slot is
 * on when any of its four EMask bits is; the header mask is ignored. */
int dp_typed_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned aop = c->fc >> 8 & 0xF;
    if (!aop)
        return reserved_aop(c, t);
    int r = dp_check_lengths(c, t, dp_aop_sources(aop) ? 2 : 1, c->fc >> 13 & 1);
    uint32_t mask = (c->msg->exec_mask & 0x0F ? 1u : 0) | (c->msg->exec_mask & 0xF0 ? 2u : 0);
    return r ? r : run(c, t, &dp_typed_simd4x2, mask, 4, 1);
}
