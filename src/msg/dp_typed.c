/* Typed Surface Read/Write (§3.9.9): SIMD8, channel masks desc[11:8] (a set
 * bit leaves the channel out of the payload / writeback), Slot Group
 * desc[13]; the texels are g7sf_dp_typed_read/write's.  Also the lengths,
 * slot masks and address payloads of every typed message. */
#include "desc.h"
#include "dp_msg.h"

int dp_typed_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                     unsigned rlen_want, unsigned *addr_regs)
{
    unsigned fixed = 1 + data_regs;   /* the header is required */
    if (c->mlen < fixed + 1 || c->mlen > fixed + 4)
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, expected %u..%u", t->name,
                             c->mlen, fixed + 1, fixed + 4);
    if (c->rlen != rlen_want)
        return g7sf_msg_fail(c, G7SF_ERLEN, "%s: response length %u, expected %u", t->name,
                             c->rlen, rlen_want);
    *addr_regs = c->mlen - fixed;
    return 0;
}

uint32_t dp_typed_simd8_mask(const g7sf_msg_ctx *c, unsigned slot_group)
{
    return c->msg->exec_mask & (c->msg->payload[0].ud[7] >> (8 * slot_group)) & 0xFF;
}

int dp_typed_surface(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    bool write = t->flags & DP_WRITE;
    unsigned channels = ~desc_get(c->fc, DESC_DP_CHANNEL_MASK) & 0xF, nch = (unsigned)__builtin_popcount(channels);
    unsigned addr_regs = 0;
    g7sf_dp_typed ts;
    if (!channels)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: channel mask 1111b leaves no channel", t->name);
    int r = dp_typed_lengths(c, t, write ? nch : 0, write ? 0 : nch, &addr_regs);
    if (r || (r = dp_bind_typed(c, t, write ? G7SF_CAP_TYPED_WRITE : G7SF_CAP_TYPED_READ, &ts)))
        return r;
    /* U, V, R, LOD: a register each, the parameters the message has */
    uint32_t uvrl[8][4] = { { 0 } };
    const uint32_t *a = g7sf_msg_data_dw(c, 0);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned p = 0; p < addr_regs; p++)
            uvrl[i][p] = a[8 * p + i];
    /* channel registers (the enabled ones packed) are the function's data */
    uint32_t mask = dp_typed_simd8_mask(c, desc_get(c->fc, DESC_DP_SLOT_GROUP));
    if (write)
        r = g7sf_dp_typed_write(c->gpu, &ts, (const uint32_t (*)[4])uvrl, 8, mask, channels,
                                g7sf_msg_data_dw(c, addr_regs));
    else
        r = g7sf_dp_typed_read(c->gpu, &ts, (const uint32_t (*)[4])uvrl, 8, mask, channels,
                               g7sf_msg_wb_dw(c));
    return r ? dp_fail(c, t, r) : 0;
}
