/* Typed Surface Read/Write (§3.9.9): SIMD8, channel masks desc[11:8] (a set
 * bit leaves the channel out of the payload / writeback), Slot Group
 * desc[13] on the render cache; Haswell's data cache port 1 reads
 * desc[13:12] as SIMD4x2 or a SIMD8 slot group.  The texels are
 * g7sf_dp_typed_read/write's.  Also the lengths, slot masks and address
 * payloads of every typed message. */
#include "desc.h"
#include "dp_msg.h"

int dp_typed_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                     unsigned rlen_want, unsigned *addr_regs)
{
    unsigned fixed = 1 + data_regs;   /* the header is required */
    if (c->mlen < fixed + 1 || c->mlen > fixed + 4)
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, expected %u..%u", t->name,
                             c->mlen, fixed + 1, fixed + 4);
    if (c->rlen != rlen_want)
        return g7sf_msg_fail(c, G7SF_ERLEN, "%s: response length %u, expected %u", t->name,
                             c->rlen, rlen_want);
    *addr_regs = c->mlen - fixed;
    return 0;
}

uint32_t dp_typed_simd8_mask(const g7sf_msg_ctx *c, unsigned slot_group)
{
    return c->msg->exec_mask & (c->msg->payload[0].ud[7] >> (8 * slot_group)) & 0xFF;
}

enum typed_slots { LOW8, HIGH8, SIMD4X2 };

/* The slots a read/write runs.  Render cache: Slot Group desc[13], 0 low
 * and 1 high 8 slots, desc[12] ignored (9258-9266).  Haswell's port 1:
 * desc[13:12], 0 SIMD4x2, 1 low, 2 high, 3 reserved (Mesa's encoding; the
 * text has none, docs/spec-notes.md "Typed read/write slot group"). */
static int typed_slots(g7sf_msg_ctx *c, const dp_msg_type *t, enum typed_slots *slots)
{
    if (c->msg->sfid != G7SF_SFID_DATA_CACHE1) {
        *slots = desc_get(c->fc, DESC_DP_SLOT_GROUP) ? HIGH8 : LOW8;
        return 0;
    }
    static const enum typed_slots hsw[3] = { SIMD4X2, LOW8, HIGH8 };
    unsigned g = desc_get(c->fc, DESC_DP_SLOT_GROUP_HSW);
    if (g == 3)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: slot group 3 (desc[13:12] = 11b) is reserved, "
                             "expected 0 (SIMD4x2), 1 (low 8 slots) or 2 (high 8 slots)", t->name);
    *slots = hsw[g];
    return 0;
}

/* SIMD8: U, V, R, LOD a register each (as many as mlen brings), then the
 * enabled channels packed, a register each (the function's data order). */
static int typed_simd8(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned channels,
                       unsigned slot_group)
{
    bool write = t->flags & DP_WRITE;
    unsigned nch = (unsigned)__builtin_popcount(channels), addr_regs = 0;
    g7sf_dp_typed ts;
    int r = dp_typed_lengths(c, t, write ? nch : 0, write ? 0 : nch, &addr_regs);
    if (r || (r = dp_bind_typed(c, t, write ? G7SF_CAP_TYPED_WRITE : G7SF_CAP_TYPED_READ, &ts)))
        return r;
    uint32_t uvrl[8][4] = { { 0 } };
    const uint32_t *a = g7sf_msg_data_dw(c, 0);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned p = 0; p < addr_regs; p++)
            uvrl[i][p] = a[8 * p + i];
    uint32_t mask = dp_typed_simd8_mask(c, slot_group);
    if (write)
        r = g7sf_dp_typed_write(c->gpu, &ts, (const uint32_t (*)[4])uvrl, 8, mask, channels,
                                g7sf_msg_data_dw(c, addr_regs));
    else
        r = g7sf_dp_typed_read(c->gpu, &ts, (const uint32_t (*)[4])uvrl, 8, mask, channels,
                               g7sf_msg_wb_dw(c));
    return r ? dp_fail(c, t, r) : 0;
}

/* SIMD4x2 (Haswell port 1): mlen header + 1 address register (+ 1 data
 * register), rlen 1 for reads (9905 "always ... a single message
 * register"), 0 for writes.  Slot s: U, V, R, LOD in M1 DWords 4s..4s+3
 * (9753-9769 with the typed parameters in the DWords it leaves to typed
 * messages, as the typed SIMD4x2 atomic); channel k in DWord 4s + k of the
 * data register (9809-9826) and of W0 (9915-9920).  A masked channel's
 * DWord is ignored on writes and left untouched on reads, as is every
 * DWord of an inactive slot.  A slot is on when any of its four EMask bits
 * is (9231); the header's pixel mask is ignored (9504). */
static int typed_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned channels)
{
    bool write = t->flags & DP_WRITE;
    g7sf_dp_typed ts;
    int r = dp_check_lengths(c, t, write ? 2 : 1, write ? 0 : 1);
    if (r || (r = dp_bind_typed(c, t, write ? G7SF_CAP_TYPED_WRITE : G7SF_CAP_TYPED_READ, &ts)))
        return r;
    const uint32_t *a = g7sf_msg_data_dw(c, 0);
    uint32_t uvrl[2][4], data[8], slots = dp_simd4x2_mask(c);
    for (unsigned s = 0; s < 2; s++)
        for (unsigned p = 0; p < 4; p++)
            uvrl[s][p] = a[4 * s + p];
    if (write) {
        dp_simd4x2_pack(g7sf_msg_data_dw(c, 1), channels, data);
        r = g7sf_dp_typed_write(c->gpu, &ts, (const uint32_t (*)[4])uvrl, 2, slots, channels, data);
    } else if (!(r = g7sf_dp_typed_read(c->gpu, &ts, (const uint32_t (*)[4])uvrl, 2, slots,
                                        channels, data))) {
        dp_simd4x2_unpack(data, channels, slots, g7sf_msg_wb_dw(c));
    }
    return r ? dp_fail(c, t, r) : 0;
}

int dp_typed_surface(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    unsigned channels = ~desc_get(c->fc, DESC_DP_CHANNEL_MASK) & 0xF;
    enum typed_slots slots = LOW8;
    if (!channels)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: channel mask 1111b leaves no channel", t->name);
    int r = typed_slots(c, t, &slots);
    if (r)
        return r;
    return slots == SIMD4X2 ? typed_simd4x2(c, t, channels)
                            : typed_simd8(c, t, channels, slots == HIGH8);
}
