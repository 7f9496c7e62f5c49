/* DWord Scattered Read/Write (§3.9.7): 8 or 16 DWord offsets (plus the
 * Global Offset, all in DWords); EMask bit i enables slot i.  desc[13]
 * (invalidate after read) is a cache hint with nothing to do here. */
#include "desc.h"
#include "dp_msg.h"

int dp_dword_scattered(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned bs = desc_get(c->fc, DESC_DP_BLOCK_SIZE2), n = bs == 2 ? 8 : bs == 3 ? 16 : 0, nregs = n / 8;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!n || desc_get(c->fc, DESC_DP_SCATTERED_MBZ))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved block size %u or bits 12:10 set",
                             t->name, bs);
    int r = dp_check_lengths(c, t, write ? 2 * nregs : nregs, write ? 0 : nregs);
    if (r || (r = dp_bind_buffer(c, t, 4, &buf)))
        return r;
    uint64_t global = dp_global_offset(c), off[16];
    uint32_t enable = c->msg->exec_mask & ((1u << n) - 1);
    const uint32_t *dw = g7sf_msg_data_dw(c, 0);   /* the offset registers follow each other */
    for (unsigned i = 0; i < n; i++)
        off[i] = (global + dw[i]) * 4;
    /* slot i is DWord i of the data (or writeback) registers, which follow
     * each other in the payload array */
    if (write)
        r = g7sf_dp_scatter(c->gpu, &buf, off, n, enable, g7sf_msg_data_dw(c, nregs));
    else
        r = g7sf_dp_gather(c->gpu, &buf, off, n, enable, g7sf_msg_wb_dw(c));
    return r ? dp_fail(c, t, r) : 0;
}
