/* DWord Scattered Read/Write (§3.9.7): 8 or 16 DWord offsets (plus the
 * Global Offset, all in DWords); EMask bit i enables slot i.  desc[13]
 * (invalidate after read) is a cache hint with nothing to do here. */
#include "dp.h"

int dp_dword_scattered(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned bs = (c->fc >> 8) & 3, n = bs == 2 ? 8 : bs == 3 ? 16 : 0, nregs = n / 8;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!n || (c->fc & 0x1C00))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved block size %u or bits 12:10 set",
                             t->name, bs);
    int r = dp_check_lengths(c, t, write ? 2 * nregs : nregs, write ? 0 : nregs);
    if (r || (r = dp_bind_buffer(c, t, 4, &buf)))
        return r;
    uint64_t global = dp_global_offset(c);
    dp_slots s = { .n = n, .enable = c->msg->exec_mask & ((1u << n) - 1) };
    for (unsigned i = 0; i < n; i++) {
        s.offset[i] = (global + g7sf_msg_data(c, i / 8)->ud[i % 8]) * 4;
        s.reg_dw[i] = (uint8_t)i;
    }
    return dp_transfer(c, t, &buf, &s, nregs);
}
