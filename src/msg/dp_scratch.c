/* Scratch Block Read/Write (§3.9.10): 1, 2 or 4 registers at a 32-byte
 * (HWord) offset of the thread's stateless scratch space. */
#include "desc.h"
#include "dp_msg.h"

int dp_scratch_block(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned bs = desc_get(c->fc, DESC_DP_SCRATCH_SIZE), nregs = bs == 3 ? 4 : bs == 2 ? 0 : bs + 1;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!nregs || desc_get(c->fc, DESC_DP_SCRATCH_MBZ))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved %s", t->name,
                             nregs ? "descriptor bit 14 (MBZ)" : "block size 10b");
    int r = dp_check_lengths(c, t, write ? nregs : 0, write ? 0 : nregs);
    if (r || (r = dp_stateless_buffer(c, t, 4, &buf)))
        return r;
    /* desc[11:0] is the offset, so the BTI field does not exist: always 255 */
    uint64_t off = 32 * (uint64_t)desc_get(c->fc, DESC_DP_SCRATCH_OFFSET);
    unsigned n = 8 * nregs;
    uint32_t enable = dp_block_emask(c, 0, n);
    if (!desc_get(c->fc, DESC_DP_SCRATCH_CHMODE))   /* OWord mode: per OWord, reads and writes */
        enable = dp_oword_enable(enable);
    if (write)
        r = g7sf_dp_block_write(c->gpu, &buf, off, n, enable, g7sf_msg_data_dw(c, 0));
    else
        r = g7sf_dp_block_read(c->gpu, &buf, off, n, enable, g7sf_msg_wb_dw(c));
    return r ? dp_fail(c, t, r) : 0;
}
