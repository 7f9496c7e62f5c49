/* Media Block Read/Write (§3.9.6) messages: the block the header names,
 * its rows laid out in registers at a power-of-two pitch (or the 32 x 4
 * PIXEL_MASK block), the field override of desc[10:8]; the surface work is
 * g7sf_dp_media_block_read/write's. */
#include <stdlib.h>
#include <string.h>

#include "desc.h"
#include "dp_msg.h"

/* The block a message addresses, in bytes and rows. */
typedef struct mb_block {
    int64_t x, y;            /* M0.0 / M0.1, signed */
    unsigned w, h;           /* bytes, rows */
    unsigned pitch, subreg;  /* register pitch and Sub-Register Offset, bytes */
    uint32_t pixel_mask;     /* one bit per DWord (PIXEL_MASK mode), all ones otherwise */
} mb_block;

/* Largest Block Height per width class (1-4, 5-8, 9-16, 17-32 bytes),
 * Register Pitch Control and Sub-Register Offset / 4, 0 = illegal: the
 * table at spec 8790-8809. */
static const uint8_t max_height[4][4][8] = {
    { { 64, 1, 1, 1, 1, 1, 1, 1 }, { 64, 64, 0, 0, 2, 2, 0, 0 }, { 0 }, { 64, 64, 64, 64, 0, 0, 0, 0 } },
    { { 32, 0, 1, 0, 1, 0, 1, 0 }, { 32, 0, 32, 0, 0, 0, 0, 0 }, { 0 }, { 32, 0, 32, 0, 32, 0, 32, 0 } },
    { { 16, 0, 0, 0, 1, 0, 0, 0 }, { 16, 0, 0, 0, 16, 0, 0, 0 }, { 0 }, { 16, 0, 0, 0, 16, 0, 0, 0 } },
    { { 8 }, { 8 }, { 0 }, { 8 } },
};

static unsigned next_pow2(unsigned v)
{
    unsigned p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

static int header_block(g7sf_msg_ctx *c, const dp_msg_type *t, mb_block *b)
{
    const uint32_t *m0 = c->msg->payload[0].ud;
    bool write = t->flags & DP_WRITE;
    int64_t x = (int32_t)m0[0], y = (int32_t)m0[1];
    if (m0[3] >> 4 & 1) {   /* PIXEL_MASK: 32 bytes x 4 rows, M0.2 the mask */
        *b = (mb_block){ x, y, 32, 4, 32, 0, write ? m0[2] : 0xFFFFFFFFu };
        if (x % 32 || y % 4)
            return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: PIXEL_MASK needs X a multiple of 32 and "
                                 "Y of 4", t->name);
        return 0;
    }
    unsigned w = (m0[2] & 0x1F) + 1, h = ((m0[2] >> 16) & 0x3F) + 1;
    unsigned pc = (m0[2] >> 8) & 3, subreg = (m0[2] >> 24) & 0x1F;
    unsigned base_pitch = next_pow2(w);
    *b = (mb_block){ x, y, w, h, base_pitch * (pc + 1), subreg, 0xFFFFFFFFu };
    if ((pc || subreg) && c->msg->sfid != G7SF_SFID_SAMPLER_CACHE)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Register Pitch Control and Sub-Register "
                             "Offset must be 0 on this port", t->name);
    if (pc && w % 4)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Register Pitch Control needs a DWord "
                             "multiple Block Width, not %u", t->name, w);
    if (b->pitch > 32 || subreg % 4 || subreg % base_pitch)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: register pitch %u / Sub-Register Offset %u "
                             "illegal for width %u", t->name, b->pitch, subreg, w);
    unsigned cls = w <= 4 ? 0 : w <= 8 ? 1 : w <= 16 ? 2 : 3;
    if (h > max_height[cls][pc][subreg / 4])
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: %u x %u block (pitch control %u, offset %u) "
                             "is not a legal combination", t->name, w, h, pc, subreg);
    if (write && (w % 4 || b->x % 4))
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: write X offset and Block Width must be "
                             "DWord aligned", t->name);
    return 0;
}

/* PIXEL_MASK bit of DWord d of row r: the 4 x 8 map of M0.2. */
static unsigned pixel_mask_bit(unsigned d, unsigned r)
{
    return (d >= 4) * 16 + (r >= 2) * 8 + (d % 4 >= 2) * 4 + (r % 2) * 2 + d % 2;
}

int dp_media_block(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    bool write = t->flags & DP_WRITE;
    mb_block b;
    if (desc_get(c->fc, DESC_DP_MB_MBZ))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: descriptor bits 13:11 are reserved (MBZ)", t->name);
    int r = header_block(c, t, &b);
    if (r)
        return r;
    uint32_t m3 = c->msg->payload[0].ud[3];
    bool iecp = write && (m3 & 1);
    if (!write && (m3 & 1) && c->msg->sfid != G7SF_SFID_SAMPLER_CACHE)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Color Processing Enable must be 0 on a read",
                             t->name);
    unsigned regs = (b.subreg + (b.h - 1) * b.pitch + b.w + 31) / 32;
    g7sf_render_surface_state ss;
    if ((r = dp_check_lengths(c, t, write ? regs : 0, write ? 0 : regs)) ||
        (r = dp_surface_state(c, t, &ss)) ||
        (iecp && (r = ss.surface_format == G7SF_FORMAT_R16_UNORM   /* NV12, lines 8651-8670 */
                          ? dp_iecp_nv12_surface(c, t, &ss) : dp_iecp_surface(c, t, &ss))))
        return r;
    /* desc[10] overrides the state's Vertical Line Stride with desc[9:8] */
    g7sf_dp_media_surface m;
    const char *why = "";
    bool field = desc_get(c->fc, DESC_DP_MB_OVERRIDE);
    if ((r = g7sf_dp_media_surface_from_state(&ss, field ? (int)desc_get(c->fc, DESC_DP_MB_STRIDE) : -1,
                                               desc_get(c->fc, DESC_DP_MB_OFFSET), &m, &why)))
        return g7sf_msg_fail(c, r, "%s: BTI %u: surface %s", t->name, desc_get(c->fc, DESC_BTI), why);
    /* §3.9.6 restrictions 6 and 7: offset and width in whole pixels (pairs for YCRCB) */
    unsigned unit = m.null ? 1 : m.y_byte >= 0 ? 4 : m.bpp;
    if (b.x % unit || b.w % unit)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: X offset and Block Width must be multiples of "
                             "%u bytes on this surface", t->name, unit);
    if (!write) {
        r = g7sf_dp_media_block_read(c->gpu, &m, b.x, b.y, b.w, b.h,
                                     (uint8_t *)g7sf_msg_wb_dw(c) + b.subreg, b.pitch);
    } else {
        uint8_t row_mask[64];
        for (unsigned y = 0; y < b.h; y++) {
            row_mask[y] = 0;
            for (unsigned d = 0; d < 8; d++)
                row_mask[y] |= (uint8_t)((b.pixel_mask >> pixel_mask_bit(d, y) & 1) << d);
        }
        const uint8_t *src = (const uint8_t *)g7sf_msg_data_dw(c, 0);
        if (iecp && ss.surface_format == G7SF_FORMAT_R16_UNORM)   /* NV12 (lines 8651-8670) */
            return dp_iecp_nv12_write(c, t, &ss, &m, b.x, b.y, b.w, b.h, b.pitch, src);
        uint8_t *processed = NULL;
        if (iecp) {   /* the write data through the colour pipe, on a copy */
            size_t bytes = (size_t)(b.h - 1) * b.pitch + b.w;
            if (!(processed = malloc(bytes)))
                return g7sf_msg_fail(c, G7SF_ENOMEM, "%s: out of host memory", t->name);
            memcpy(processed, src, bytes);
            if ((r = dp_iecp_write_data(c, t, b.w, b.h, b.pitch, processed))) {
                free(processed);
                return r;
            }
            src = processed;
        }
        r = g7sf_dp_media_block_write(c->gpu, &m, b.x, b.y, b.w, b.h, src, b.pitch, row_mask);
        free(processed);
    }
    return r ? dp_fail(c, t, r) : 0;
}
