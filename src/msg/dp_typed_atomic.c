/* Typed Atomic Operation (§3.9.9.3, .4): SIMD8 (Slot Group desc[12]) and
 * Haswell's SIMD4x2, on R32_UINT / R32_SINT texels addressed as the typed
 * reads and writes are; desc[13] returns data, desc[11:8] is the operation.
 * Slots run in ascending order, so slots on one texel see each other's
 * results (docs/spec-notes.md "Data port: typed messages"). */
#include "desc.h"
#include "dp_msg.h"

/* Where a slot's parameters sit: parameter p of slot i is dword
 * i * stride + p * dw_step of data register first + p * reg_step.  SIMD8:
 * a register per parameter; SIMD4x2: a register, four dwords per slot. */
typedef struct typed_layout { unsigned slots, stride, reg_step, dw_step; } typed_layout;
static const typed_layout simd8 = { 8, 1, 1, 0 }, simd4x2 = { 2, 4, 0, 1 };

static uint32_t param(const g7sf_msg_ctx *c, const typed_layout *l, unsigned first, unsigned i,
                      unsigned p)
{
    return g7sf_msg_data(c, first + p * l->reg_step)->ud[i * l->stride + p * l->dw_step];
}

/* addr_params parameters from the first data register, then the sources
 * from register src_reg; slot i returns into W0 dword i * l->stride. */
static int run(g7sf_msg_ctx *c, const dp_msg_type *t, const typed_layout *l, uint32_t mask,
               unsigned addr_params, unsigned src_reg)
{
    unsigned aop = desc_get(c->fc, DESC_DP_AOP), nsrc = g7sf_dp_aop_sources(aop);
    g7sf_dp_typed ts;
    int r = dp_bind_typed(c, t, 0, &ts);
    if (r)
        return r;
    uint32_t uvrl[8][4] = { { 0 } }, src[2][8] = { { 0 } }, ret[8];
    for (unsigned i = 0; i < l->slots; i++) {
        for (unsigned p = 0; p < addr_params; p++)
            uvrl[i][p] = param(c, l, 0, i, p);
        for (unsigned k = 0; k < nsrc; k++)
            src[k][i] = param(c, l, src_reg, i, k);
    }
    if ((r = g7sf_dp_typed_atomic(c->gpu, &ts, aop, (const uint32_t (*)[4])uvrl, l->slots, mask,
                                  src[0], src[1], ret)))
        return dp_fail(c, t, r);
    for (unsigned i = 0; desc_get(c->fc, DESC_DP_RETURN_DATA) && i < l->slots; i++)
        if (mask >> i & 1)
            c->wb[0].ud[i * l->stride] = ret[i];
    return 0;
}

static int reserved_aop(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: atomic operation 0000b is reserved", t->name);
}

int dp_typed_atomic(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned aop = desc_get(c->fc, DESC_DP_AOP), addr_regs = 0;
    if (!aop)
        return reserved_aop(c, t);
    int r = dp_typed_lengths(c, t, g7sf_dp_aop_sources(aop),
                             desc_get(c->fc, DESC_DP_RETURN_DATA), &addr_regs);
    return r ? r : run(c, t, &simd8, dp_typed_simd8_mask(c, desc_get(c->fc, DESC_DP_ATOMIC_SIMD8)), addr_regs,
                       addr_regs);
}

/* SIMD4x2: slot s takes U, V, R, LOD from M1 dwords 4s..4s+3 and Source0,
 * Source1 from M2 dwords 4s, 4s+1 (the untyped SIMD4x2 layout, 9753-9795,
 * with the typed parameters in the dwords it reserves for them); a slot is
 * on when any of its four EMask bits is; the header mask is ignored. */
int dp_typed_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned aop = desc_get(c->fc, DESC_DP_AOP);
    if (!aop)
        return reserved_aop(c, t);
    int r = dp_check_lengths(c, t, g7sf_dp_aop_sources(aop) ? 2 : 1,
                             desc_get(c->fc, DESC_DP_RETURN_DATA));
    return r ? r : run(c, t, &simd4x2, dp_simd4x2_mask(c), 4, 1);
}
