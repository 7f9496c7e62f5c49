/* Untyped Surface Read/Write (§3.9.9): up to four DWords (R, G, B, A) at
 * the byte address of each slot's U (raw buffer, SLM) or U x pitch + V
 * (structured buffer); no format conversion. */
#include "dp.h"

enum { SIMD4X2, SIMD16, SIMD8 };   /* SIMD Mode desc[13:12]; 3 reserved */

/* Channel mask desc[11:8], a set bit disabling R, G, B, A: writes may
 * only drop channels from the top (the payload packs them, 3.9.9.2). */
static bool write_mask_legal(unsigned m) { return m == 0 || m == 8 || m == 12 || m == 14; }

/* One DWord: a write takes it from DWord dw of data (a payload register),
 * a read puts it in DWord dw of wb register `reg`. */
static int transfer(g7sf_msg_ctx *c, const dp_msg_type *t, const dp_untyped *u, uint64_t off,
                    const g7sf_reg *data, unsigned reg, unsigned dw)
{
    uint64_t v;
    if (!(t->flags & DP_WRITE)) {
        dp_untyped_load(c->gpu, u, off, 4, &v);
        c->wb[reg].ud[dw] = (uint32_t)v;
        return 0;
    }
    int r = dp_untyped_store(c->gpu, u, off, 4, data->ud[dw]);
    return r ? g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r)) : 0;
}

/* SIMD4x2: one address register (slot s: U in DWord 4s, V in 4s + 1) and
 * one data or writeback register (slot s channel k in DWord 4s + k). */
static int simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t, const dp_untyped *u, unsigned chmask)
{
    bool write = t->flags & DP_WRITE;
    int r = dp_check_lengths(c, t, write ? 2 : 1, write ? 0 : 1);
    const g7sf_reg *a = g7sf_msg_data(c, 0);
    uint32_t slots = dp_simd4x2_mask(c);
    for (unsigned s = 0; !r && s < 2; s++) {
        uint64_t off = dp_untyped_slot_offset(c, u, 2, 2, s);
        for (unsigned k = 0; !r && k < 4; k++)
            if ((slots >> s & 1) && !(chmask >> k & 1))
                r = transfer(c, t, u, off + 4 * k, write ? a + 1 : NULL, 0, 4 * s + k);
    }
    return r;
}

int dp_untyped_surface(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned mode = (c->fc >> 12) & 3, chmask = (c->fc >> 8) & 0xF;
    bool write = t->flags & DP_WRITE;
    if (mode == 3)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved SIMD mode 3", t->name);
    if (write ? !write_mask_legal(chmask) : chmask == 0xF)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: channel mask 0x%X not allowed", t->name, chmask);
    /* 3.9.9.2: SIMD4x2 "valid for read message only"; Haswell's port 1
     * writes it (its SIMD4x2 write payload, 3.9.9.10.12) */
    if (mode == SIMD4X2 && write && c->msg->sfid != G7SF_SFID_DATA_CACHE1)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: SIMD4x2 is for reads only on this port", t->name);
    dp_untyped u;
    int r = dp_bind_untyped(c, t, DP_UNTYPED_RAW, &u);
    if (r)
        return r;
    if (mode == SIMD4X2)
        return simd4x2(c, t, &u, chmask);

    unsigned n = mode == SIMD16 ? 16 : 8, regs = n / 8, params;
    unsigned nch = 4 - (unsigned)__builtin_popcount(chmask);
    if ((r = dp_untyped_lengths(c, t, regs, write ? nch * regs : 0, write ? 0 : nch * regs, &params)))
        return r;
    uint32_t slots = dp_untyped_mask(c, n);
    for (unsigned i = 0; !r && i < n; i++) {
        if (!(slots >> i & 1))
            continue;
        uint64_t off = dp_untyped_slot_offset(c, &u, n, params, i);
        /* channel k's register: the enabled channels packed, regs each */
        for (unsigned k = 0, reg = i / 8; !r && k < 4; k++) {
            if (chmask >> k & 1)
                continue;
            const g7sf_reg *data = write ? g7sf_msg_data(c, params * regs + reg) : NULL;
            r = transfer(c, t, &u, off + 4 * k, data, reg, i % 8);
            reg += regs;
        }
    }
    return r;
}
