/* Scratch Block Read/Write (§3.9.10): 1, 2 or 4 registers at a 32-byte
 * (HWord) offset of the thread's stateless scratch space. */
#include "dp.h"

int dp_scratch_block(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned bs = (c->fc >> 12) & 3, nregs = bs == 3 ? 4 : bs == 2 ? 0 : bs + 1;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!nregs || (c->fc >> 14 & 1))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved %s", t->name,
                             nregs ? "descriptor bit 14 (MBZ)" : "block size 10b");
    int r = dp_check_lengths(c, t, write ? nregs : 0, write ? 0 : nregs);
    if (r || (r = dp_stateless_buffer(c, t, 4, &buf)))
        return r;
    /* desc[11:0] is the offset, so the BTI field does not exist: always 255 */
    uint64_t base = 32 * (uint64_t)(c->fc & 0xFFF);
    dp_slots s = { .n = 8 * nregs };
    for (unsigned i = 0; i < s.n; i++) {
        s.offset[i] = base + 4 * i;
        s.reg_dw[i] = (uint8_t)i;
        s.enable |= (uint32_t)(c->msg->exec_mask >> dp_emask_bit(i / 8, i % 8) & 1) << i;
    }
    if (!(c->fc >> 16 & 1))   /* Channel Mode OWord: per OWord for reads and writes */
        s.enable = dp_oword_enable(s.enable);
    return dp_transfer(c, t, &buf, &s, 0);
}
