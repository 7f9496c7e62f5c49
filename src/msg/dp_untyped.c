/* Untyped Surface Read/Write (§3.9.9): up to four DWords (R, G, B, A) at
 * the byte address of each slot's U (raw buffer, SLM) or U x pitch + V
 * (structured buffer); no format conversion.  Also the slot masks, lengths
 * and address payloads every untyped message shares. */
#include "desc.h"
#include "dp_msg.h"

enum { SIMD4X2, SIMD16, SIMD8 };   /* SIMD Mode desc[13:12]; 3 reserved */

uint32_t dp_untyped_mask(const g7sf_msg_ctx *c, unsigned n)
{
    uint32_t pixel = c->header ? c->msg->payload[0].ud[7] : 0xFFFF;   /* M0.7[15:0] */
    return c->msg->exec_mask & pixel & ((1u << n) - 1);
}

uint32_t dp_simd4x2_mask(const g7sf_msg_ctx *c)
{
    return (c->msg->exec_mask & 0x0F ? 1u : 0) | (c->msg->exec_mask & 0xF0 ? 2u : 0);
}

void dp_simd4x2_pack(const uint32_t *in, unsigned channels, uint32_t data[8])
{
    for (unsigned s = 0; s < 2; s++)
        for (unsigned k = 0, j = 0; k < 4; k++)
            if (channels >> k & 1)
                data[2 * j++ + s] = in[4 * s + k];
}

void dp_simd4x2_unpack(const uint32_t data[8], unsigned channels, uint32_t slots, uint32_t *out)
{
    for (unsigned s = 0; s < 2; s++)
        for (unsigned k = 0, j = 0; k < 4 && (slots >> s & 1); k++)
            if (channels >> k & 1)
                out[4 * s + k] = data[2 * j++ + s];
}

int dp_untyped_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned regs, unsigned data_regs,
                       unsigned rlen, unsigned *params)
{
    /* §3.9.9.10: mlen tells how many address parameters came; untyped
     * messages take U and V at most (R and LOD are typed only). */
    *params = c->mlen == (c->header ? 1u : 0) + 2 * regs + data_regs ? 2 : 1;
    return dp_check_lengths(c, t, *params * regs + data_regs, rlen);
}

void dp_untyped_offsets(const g7sf_msg_ctx *c, const g7sf_dp_untyped *u, unsigned n,
                        unsigned params, uint64_t *offsets)
{
    const uint32_t *a = g7sf_msg_data_dw(c, 0);
    /* SIMD8/16: the U registers, then V's */
    if (n != 2) {
        g7sf_dp_untyped_offsets(u, a, params == 2 ? a + n : NULL, n, offsets);
        return;
    }
    /* SIMD4x2: U, V in DWords 4i, 4i + 1 */
    for (unsigned i = 0; i < n; i++)
        offsets[i] = g7sf_dp_untyped_offset(u, a[4 * i], params == 2 ? a[4 * i + 1] : 0);
}

/* Channel mask desc[11:8], a set bit disabling R, G, B, A: writes may
 * only drop channels from the top (the payload packs them, 3.9.9.2). */
static bool write_mask_legal(unsigned m) { return m == 0 || m == 8 || m == 12 || m == 14; }

/* SIMD4x2: one address register (slot s: U in DWord 4s, V in 4s + 1) and
 * one data or writeback register (slot s channel k in DWord 4s + k). */
static int simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_dp_untyped *u,
                   unsigned channels)
{
    bool write = t->flags & DP_WRITE;
    int r = dp_check_lengths(c, t, write ? 2 : 1, write ? 0 : 1);
    if (r)
        return r;
    uint64_t off[2];
    uint32_t data[8], slots = dp_simd4x2_mask(c);
    dp_untyped_offsets(c, u, 2, 2, off);
    if (write) {
        dp_simd4x2_pack(g7sf_msg_data_dw(c, 1), channels, data);
        r = g7sf_dp_untyped_write(c->gpu, u, off, 2, slots, channels, data);
    } else if (!(r = g7sf_dp_untyped_read(c->gpu, u, off, 2, slots, channels, data))) {
        dp_simd4x2_unpack(data, channels, slots, g7sf_msg_wb_dw(c));
    }
    return r ? dp_fail(c, t, r) : 0;
}

int dp_untyped_surface(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned mode = desc_get(c->fc, DESC_DP_SIMD_MODE);
    unsigned chmask = desc_get(c->fc, DESC_DP_CHANNEL_MASK);
    bool write = t->flags & DP_WRITE;
    if (mode == 3)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved SIMD mode 3", t->name);
    if (write ? !write_mask_legal(chmask) : chmask == 0xF)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: channel mask 0x%X not allowed", t->name, chmask);
    /* 3.9.9.2: SIMD4x2 "valid for read message only"; Haswell's port 1
     * writes it (its SIMD4x2 write payload, 3.9.9.10.12) */
    if (mode == SIMD4X2 && write && c->msg->sfid != G7SF_SFID_DATA_CACHE1)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: SIMD4x2 is for reads only on this port", t->name);
    g7sf_dp_untyped u;
    int r = dp_bind_untyped(c, t, G7SF_DP_UNTYPED_RAW, &u);
    if (r)
        return r;
    unsigned channels = ~chmask & 0xF;
    if (mode == SIMD4X2)
        return simd4x2(c, t, &u, channels);

    unsigned n = mode == SIMD16 ? 16 : 8, regs = n / 8, params;
    /* the number of channels taken: a 4-bit population count from a table
     * of sixteen nibbles (the build has no popcnt instruction) */
    unsigned nch = (unsigned)(0x4332322132212110ull >> 4 * channels & 0xF);
    if ((r = dp_untyped_lengths(c, t, regs, write ? nch * regs : 0, write ? 0 : nch * regs, &params)))
        return r;
    uint64_t off[16];
    dp_untyped_offsets(c, &u, n, params, off);
    /* the enabled channels packed, `regs` registers each: the function's
     * data order, so the registers are its data */
    if (write)
        r = g7sf_dp_untyped_write(c->gpu, &u, off, n, dp_untyped_mask(c, n), channels,
                                  g7sf_msg_data_dw(c, params * regs));
    else
        r = g7sf_dp_untyped_read(c->gpu, &u, off, n, dp_untyped_mask(c, n), channels,
                                 g7sf_msg_wb_dw(c));
    return r ? dp_fail(c, t, r) : 0;
}
