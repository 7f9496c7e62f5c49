/* OWord Block Read/Write (§3.9.3), Unaligned OWord Block Read (§3.9.4) and
 * OWord Dual Block Read/Write (§3.9.5). */
#include "dp.h"

/* Block Size desc[10:8]: 0/1 one OWord in the low/high register half,
 * 2, 3, 4: 2, 4, 8 OWords; the rest reserved (0). */
static unsigned block_owords(unsigned bs) { return bs <= 1 ? 1 : bs <= 4 ? 1u << (bs - 1) : 0; }

/* Block reads use the mask per OWord: any of its four bits reads all four. */
uint32_t dp_oword_enable(uint32_t enable)
{
    uint32_t out = 0;
    for (unsigned o = 0; o < 8; o++)
        if (enable >> (4 * o) & 0xF)
            out |= 0xFu << (4 * o);
    return out;
}

static int block(g7sf_msg_ctx *c, const dp_msg_type *t, bool unaligned)
{
    unsigned bs = (c->fc >> 8) & 7, n = block_owords(bs), nregs = n <= 2 ? 1 : n / 2;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!n)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved block size %u", t->name, bs);
    int r = dp_check_lengths(c, t, write ? nregs : 0, write ? 0 : nregs);
    if (r || (r = dp_bind_buffer(c, t, 16, &buf)))
        return r;
    /* Global Offset M0.2: OWords, or DWord-aligned bytes for the unaligned read */
    uint64_t base = unaligned ? dp_global_offset(c) & ~3u : (uint64_t)dp_global_offset(c) * 16;
    dp_slots s = { .n = 4 * n };
    for (unsigned o = 0; o < n; o++) {
        unsigned reg = n == 1 ? 0 : o / 2, half = n == 1 ? bs : o % 2;
        for (unsigned d = 0; d < 4; d++) {
            unsigned i = 4 * o + d, rdw = 4 * half + d;
            s.offset[i] = base + 16 * o + 4 * d;
            s.reg_dw[i] = (uint8_t)(8 * reg + rdw);
            s.enable |= (uint32_t)(c->msg->exec_mask >> dp_emask_bit(reg, rdw) & 1) << i;
        }
    }
    if (unaligned)
        s.enable = s.n == 32 ? 0xFFFFFFFFu : (1u << s.n) - 1;   /* EMask ignored (§3.9.4) */
    else if (!write)
        s.enable = dp_oword_enable(s.enable);
    return dp_transfer(c, t, &buf, &s, 0);
}

int dp_oword_block(g7sf_msg_ctx *c, const dp_msg_type *t) { return block(c, t, false); }

int dp_unaligned_oword_block_read(g7sf_msg_ctx *c, const dp_msg_type *t) { return block(c, t, true); }

/* Two OWord offsets in M1.0 / M1.4 (plus the Global Offset); register k
 * holds OWord[Offset0 + k] low and OWord[Offset1 + k] high; the low eight
 * EMask bits apply to every register. */
int dp_oword_dual_block(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned bs = (c->fc >> 8) & 3, n = bs == 0 ? 1 : bs == 2 ? 4 : 0;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!n)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved block size %u", t->name, bs);
    int r = dp_check_lengths(c, t, write ? 1 + n : 1, write ? 0 : n);
    if (r || (r = dp_bind_buffer(c, t, 16, &buf)))
        return r;
    const g7sf_reg *offsets = g7sf_msg_data(c, 0);
    uint64_t global = dp_global_offset(c);
    dp_slots s = { .n = 8 * n };
    for (unsigned k = 0; k < n; k++)
        for (unsigned half = 0; half < 2; half++)
            for (unsigned d = 0; d < 4; d++) {
                unsigned i = 8 * k + 4 * half + d;
                s.offset[i] = (global + offsets->ud[4 * half] + k) * 16 + 4 * d;
                s.reg_dw[i] = (uint8_t)i;
                s.enable |= (uint32_t)(c->msg->exec_mask >> (4 * half + d) & 1) << i;
            }
    if (!write)
        s.enable = dp_oword_enable(s.enable);
    return dp_transfer(c, t, &buf, &s, 1);
}
