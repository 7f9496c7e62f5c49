/* OWord Block Read/Write (§3.9.3), Unaligned OWord Block Read (§3.9.4) and
 * OWord Dual Block Read/Write (§3.9.5): the messages of contiguous
 * DWords. */
#include "dataport/dp.h"
#include "desc.h"
#include "dp_msg.h"

/* Block Size desc[10:8]: 0/1 one OWord in the low/high register half,
 * 2, 3, 4: 2, 4, 8 OWords; the rest reserved (0). */
static unsigned block_owords(unsigned bs) { return bs <= 1 ? 1 : bs <= 4 ? 1u << (bs - 1) : 0; }

static int block(g7sf_msg_ctx *c, const dp_msg_type *t, bool unaligned)
{
    unsigned bs = desc_get(c->fc, DESC_DP_BLOCK_SIZE), n = block_owords(bs), nregs = n <= 2 ? 1 : n / 2;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!n)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved block size %u", t->name, bs);
    int r = dp_check_lengths(c, t, write ? nregs : 0, write ? 0 : nregs);
    if (r || (r = dp_bind_buffer(c, t, 16, &buf)))
        return r;
    /* Global Offset M0.2: OWords, or DWord-aligned bytes for the unaligned read */
    uint64_t off = unaligned ? dp_global_offset(c) & ~3u : (uint64_t)dp_global_offset(c) * 16;
    /* one OWord sits in the half of register 0 Block Size names; more fill
     * whole registers from register 0 */
    unsigned first = n == 1 ? 4 * bs : 0, dwords = 4 * n;
    uint32_t enable = dp_block_emask(c, first, dwords);
    if (unaligned)
        enable = dwords == 32 ? 0xFFFFFFFFu : (1u << dwords) - 1;   /* EMask ignored (§3.9.4) */
    else if (!write)
        enable = dp_oword_enable(enable);
    /* the common case inline (dp.h): the whole block in one page; the
     * function level's general path for the rest */
    uint8_t *host = dp_block_host(c->gpu, &buf, off, dwords, enable);
    if (host && write)
        memcpy(host, g7sf_msg_data_dw(c, 0) + first, 4 * dwords);
    else if (host)
        memcpy(g7sf_msg_wb_dw(c) + first, host, 4 * dwords);
    else if (write)
        r = g7sf_dp_block_write(c->gpu, &buf, off, dwords, enable, g7sf_msg_data_dw(c, 0) + first);
    else
        r = g7sf_dp_block_read(c->gpu, &buf, off, dwords, enable, g7sf_msg_wb_dw(c) + first);
    return r ? dp_fail(c, t, r) : 0;
}

int dp_oword_block(g7sf_msg_ctx *c, const dp_msg_type *t) { return block(c, t, false); }

int dp_unaligned_oword_block_read(g7sf_msg_ctx *c, const dp_msg_type *t) { return block(c, t, true); }

/* Two OWord offsets in M1.0 / M1.4 (plus the Global Offset); register k
 * holds OWord[Offset0 + k] low and OWord[Offset1 + k] high; the low eight
 * EMask bits apply to every register. */
int dp_oword_dual_block(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned bs = desc_get(c->fc, DESC_DP_BLOCK_SIZE2), n = bs == 0 ? 1 : bs == 2 ? 4 : 0;
    bool write = t->flags & DP_WRITE;
    g7sf_dp_buffer buf;
    if (!n)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved block size %u", t->name, bs);
    int r = dp_check_lengths(c, t, write ? 1 + n : 1, write ? 0 : n);
    if (r || (r = dp_bind_buffer(c, t, 16, &buf)))
        return r;
    const g7sf_reg *offsets = g7sf_msg_data(c, 0);
    uint64_t global = dp_global_offset(c), off[32];
    uint32_t enable = 0, data[32];
    for (unsigned i = 0; i < 8 * n; i++) {
        unsigned k = i / 8, half = i / 4 % 2, d = i % 4;
        off[i] = (global + offsets->ud[4 * half] + k) * 16 + 4 * d;
        enable |= (uint32_t)(c->msg->exec_mask >> (4 * half + d) & 1) << i;
        if (write)
            data[i] = g7sf_msg_data(c, 1 + k)->ud[i % 8];
    }
    if (write)
        return (r = g7sf_dp_scatter(c->gpu, &buf, off, 8 * n, enable, data)) ? dp_fail(c, t, r) : 0;
    enable = dp_oword_enable(enable);
    if ((r = g7sf_dp_gather(c->gpu, &buf, off, 8 * n, enable, data)))
        return dp_fail(c, t, r);
    for (unsigned i = 0; i < 8 * n; i++)
        if (enable >> i & 1)
            c->wb[i / 8].ud[i % 8] = data[i];
    return 0;
}
