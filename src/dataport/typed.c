/* Typed Surface Read/Write (§3.9.9): SIMD8, channel masks desc[11:8] (a set
 * bit leaves the channel out of the payload / writeback), Slot Group
 * desc[13], data converted to and from the surface format (U32 for UINT,
 * S32 for SINT, float otherwise) by the format layer. */
#include <string.h>

#include "dp.h"
#include "gen7sf/format.h"

/* Bits of a texel that belong to masked (disabled) channels: a write keeps
 * them (set in keep[]) and replaces the rest, X bits included.  Returns
 * whether nothing is kept. */
static bool kept_bits(const struct g7sf_format_info *f, unsigned enabled, uint8_t keep[16])
{
    bool whole = true;
    memset(keep, 0, 16);
    for (unsigned k = 0; k < f->nchannels; k++) {
        const struct g7sf_format_channel *ch = &f->ch[k];
        if (ch->name > G7SF_CH_A || (enabled >> ch->name & 1))
            continue;
        whole = false;
        for (unsigned b = ch->shift; b < ch->shift + ch->bits; b++)
            keep[b / 8] |= (uint8_t)(1u << b % 8);
    }
    return whole;
}

static int write_texel(g7sf_gpu *gpu, const dp_typed *ts, const uint8_t keep[16], bool whole,
                       uint32_t addr, const g7sf_texel *tex)
{
    uint8_t enc[16] = {0}, old[16];
    g7sf_texel_encode(ts->fmt, tex, enc, 0, 0);   /* every typed format encodes */
    if (!whole) {
        g7sf_mem_read(gpu, addr, old, ts->bytes);
        for (unsigned b = 0; b < ts->bytes; b++)
            enc[b] = (uint8_t)((enc[b] & ~keep[b]) | (old[b] & keep[b]));
    }
    return g7sf_mem_write(gpu, addr, enc, ts->bytes);
}

int dp_typed_surface(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    bool write = t->flags & DP_WRITE;
    unsigned enabled = ~(c->fc >> 8) & 0xF, nch = (unsigned)__builtin_popcount(enabled);
    unsigned addr_regs;
    dp_typed ts;
    if (!enabled)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: channel mask 1111b leaves no channel", t->name);
    int r = dp_typed_lengths(c, t, write ? nch : 0, write ? 0 : nch, &addr_regs);
    if (r || (r = dp_typed_bind(c, t, write ? G7SF_CAP_TYPED_WRITE : G7SF_CAP_TYPED_READ, &ts)))
        return r;
    uint32_t mask = dp_typed_simd8_mask(c, c->fc >> 13 & 1);
    uint8_t keep[16];
    bool whole = !ts.null && kept_bits(ts.fmt, enabled, keep);
    for (unsigned i = 0; i < 8; i++) {
        uint32_t uvrl[4], addr;
        g7sf_texel tex = { .u = { 0 } };
        if (!(mask >> i & 1))
            continue;
        dp_typed_uvrl(c, &dp_typed_simd8, addr_regs, i, uvrl);
        bool in = dp_typed_address(&ts, uvrl, &addr);
        if (write) {
            for (unsigned k = 0, reg = addr_regs; k < 4; k++)
                if (enabled >> k & 1)
                    tex.u[k] = g7sf_msg_data(c, reg++)->ud[i];
            if (in && (r = write_texel(c->gpu, &ts, keep, whole, addr, &tex)))
                return g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r));
            continue;
        }
        if (in) {   /* out of bounds reads 0 in every channel (erratum, 9233-9235) */
            uint8_t unit[16];
            g7sf_mem_read(c->gpu, addr, unit, ts.bytes);
            g7sf_texel_decode(ts.fmt, unit, 0, 0, NULL, &tex);
        }
        for (unsigned k = 0, reg = 0; k < 4; k++)
            if (enabled >> k & 1)
                c->wb[reg++].ud[i] = tex.u[k];
    }
    return 0;
}
