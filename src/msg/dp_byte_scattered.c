/* Byte Scattered Read/Write (§3.9.8): 8 or 16 bytes, words or DWords,
 * possibly misaligned, at byte offsets plus the Global Offset; EMask bit i
 * enables slot i. */
#include "desc.h"
#include "dp_msg.h"

int dp_byte_scattered(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned size = desc_get(c->fc, DESC_DP_BYTE_SIZE);
    unsigned n = desc_get(c->fc, DESC_DP_BYTE_SIMD16) ? 16 : 8, regs = n / 8;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_untyped u;
    if (size == 3)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved data size 3", t->name);
    int r = dp_check_lengths(c, t, write ? 2 * regs : regs, write ? 0 : regs);
    if (r || (r = dp_bind_untyped(c, t, G7SF_DP_UNTYPED_BYTE, &u)))
        return r;
    uint64_t global = dp_global_offset(c), off[16];
    uint32_t enable = c->msg->exec_mask & ((1u << n) - 1);
    for (unsigned i = 0; i < n; i++)
        off[i] = global + g7sf_msg_data_dw(c, 0)[i];
    if (write)
        r = g7sf_dp_byte_scatter(c->gpu, &u, off, n, enable, 1u << size, g7sf_msg_data_dw(c, regs));
    else
        r = g7sf_dp_byte_gather(c->gpu, &u, off, n, enable, 1u << size, g7sf_msg_wb_dw(c));
    return r ? dp_fail(c, t, r) : 0;
}
