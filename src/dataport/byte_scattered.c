/* Byte Scattered Read/Write (§3.9.8): 8 or 16 bytes, words or DWords,
 * possibly misaligned, at byte offsets plus the Global Offset; EMask bit i
 * enables slot i. */
#include "dp.h"

int dp_byte_scattered(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned size = (c->fc >> 10) & 3, n = (c->fc >> 8) & 1 ? 16 : 8, regs = n / 8;
    bool write = t->flags & DP_WRITE;
    dp_untyped u;
    if (size == 3)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved data size 3", t->name);
    int r = dp_check_lengths(c, t, write ? 2 * regs : regs, write ? 0 : regs);
    if (r || (r = dp_bind_untyped(c, t, DP_UNTYPED_BYTE, &u)))
        return r;
    unsigned bytes = 1u << size;
    /* the data is right-justified; a read writes only the requested bytes */
    uint32_t keep = bytes == 4 ? 0 : ~0u << (8 * bytes);
    uint64_t global = dp_global_offset(c);
    uint32_t enable = c->msg->exec_mask & ((1u << n) - 1);
    for (unsigned i = 0; !r && i < n; i++) {
        if (!(enable >> i & 1))
            continue;
        uint64_t off = global + g7sf_msg_data(c, i / 8)->ud[i % 8], v;
        if (write) {
            r = dp_untyped_store(c->gpu, &u, off, bytes, g7sf_msg_data(c, regs + i / 8)->ud[i % 8]);
        } else {
            uint32_t *w = &c->wb[i / 8].ud[i % 8];
            dp_untyped_load(c->gpu, &u, off, bytes, &v);
            *w = (*w & keep) | (uint32_t)v;
        }
    }
    return r ? g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r)) : 0;
}
