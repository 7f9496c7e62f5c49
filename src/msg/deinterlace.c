/* The deinterlace message (§2.13.1.4, SIMD32/64 type 01000, H + 1):
 * M1.2 / M1.6 Pixel 0 U / V give the block (pixel shader layout, lines
 * 4960-4980); the state is element Sampler Index / 2 of a SAMPLER_STATE_DI
 * array (§2.12.3.3); the surfaces are BTI (current frame), BTI + 1
 * (previous frame, the denoised one when DN is on) and BTI + 2 (statistics,
 * §2.8.6.2).  The writeback (§2.13.2.6, lines 5551-5883) is 16x4 with DI,
 * 16x8 DN only.  The message never writes memory: STMM and denoise history
 * come back in the writeback for the kernel to store.  This file decodes
 * the message and lays out the writeback; the unit's pass over the block is
 * g7sf_dndi_block (media.h, src/media/dndi.c).  Decisions:
 * docs/spec-notes.md, "Deinterlace message". */
#include <string.h>

#include "gen7sf/media.h"
#include "sampler.h"

enum { BW = G7SF_DN_BLOCK_W };

static int read_state(g7sf_msg_ctx *c, const sampler_desc *d, g7sf_sampler_state_di *st)
{
    /* elements 8 dwords apart, one for each even Sampler Index */
    uint32_t addr;
    int r = sampler_state_addr(c, "deinterlace", 32 * (d->sampler_index / 2),
                               G7SF_SAMPLER_STATE_DI_DWORDS * 4, &addr);
    if (r)
        return r;
    if (g7sf_state_read(c->gpu, &g7sf_desc_SAMPLER_STATE_DI, addr, st))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "deinterlace: out of host memory");
    const char *why;
    r = g7sf_dndi_state_check(st, &why);
    return r ? g7sf_msg_fail(c, r, "deinterlace: SAMPLER_STATE_DI: %s", why) : 0;
}

static int bind(g7sf_msg_ctx *c, unsigned bti, const char *role, g7sf_media_surface *s)
{
    return sampler_bind_media(c, bti, "deinterlace", role, g7sf_media_surface_from_state, s);
}

/* DI Enable, DN Enable and the input format choose the writeback
 * (§2.13.2.6): 12 / 11 / 10 registers with DI, 9 / 5 without. */
static unsigned response_length(const g7sf_sampler_state_di *st, const g7sf_media_surface *cur)
{
    if (st->di_enable)
        return st->dn_enable ? (cur->packed ? 12 : 11) : 10;
    return cur->packed ? 9 : 5;
}

/* The block from M1.2 / M1.6: aligned to the block size, inside the frame. */
static int block_address(g7sf_msg_ctx *c, const g7sf_media_surface *cur, int bh, int *x, int *y)
{
    const g7sf_reg *m1 = g7sf_msg_data(c, 0);
    uint32_t u = m1->ud[2], v = m1->ud[6];
    if (u > 4095 || v > 2046 || u % BW || v % (uint32_t)bh)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "deinterlace: block (%u, %u) is not a 16x%d "
                             "block address", u, v, bh);
    if (u >= (uint32_t)cur->width || v >= (uint32_t)cur->height)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "deinterlace: block (%u, %u) outside the "
                             "%dx%d surface", u, v, cur->width, cur->height);
    *x = (int)u, *y = (int)v;
    return 0;
}

/* The previous frame and the statistics surface (not on the first frame);
 * g7sf_dndi_block checks that they fit the current frame. */
static int bind_history(g7sf_msg_ctx *c, const sampler_desc *d, g7sf_media_surface *prev,
                        g7sf_media_surface *stat)
{
    if (d->bti > 253)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "deinterlace: BTI %u leaves no room for the "
                             "previous frame and statistics at BTI + 1, + 2", d->bti);
    int r = bind(c, d->bti + 1, "previous frame", prev);
    return r ? r : bind(c, d->bti + 2, "statistics surface", stat);
}

/* 4 bytes into a dword, byte 0 in bits 7:0. */
static uint32_t bytes4(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Luma / chroma block (lines 5557-5600): two 16-byte lines a register. */
static void put_lines(g7sf_reg *r, const uint8_t *l0, const uint8_t *l1)
{
    for (int i = 0; i < 4; i++)
        r->ud[i] = bytes4(l0 + 4 * i), r->ud[4 + i] = bytes4(l1 + 4 * i);
}

static uint32_t sum4(const uint16_t *v) { return (uint32_t)v[0] + v[1] + v[2] + v[3]; }

/* DN only: 16x8 luma in W0-W3, statistics W4, 4:2:2 chroma W5-W8 (packed
 * input). */
static void dn_only(const g7sf_dndi_result *d, bool packed, int x, int y, g7sf_reg *w)
{
    const g7sf_dn_block_stats *st = &d->dn;
    for (int i = 0; i < 4; i++)
        put_lines(&w[i], d->y[2 * i], d->y[2 * i + 1]);
    /* Block Noise Estimate/Denoise History block, Gen7+ DI Disabled */
    w[4] = (g7sf_reg){ { bytes4(d->hist), bytes4(d->hist + 4), st->bne, 0,
                         sum4(st->shcm + 4) << 16 | sum4(st->svcm + 4),
                         sum4(st->svcm) << 16 | sum4(st->stad + 4),
                         sum4(st->stad) << 16 | sum4(st->shcm),
                         (uint32_t)y << 16 | (uint32_t)x } };
    for (int i = 0; packed && i < 4; i++)
        put_lines(&w[5 + i], d->c[2 * i], d->c[2 * i + 1]);
}

/* DI: W0-W7 the two deinterlaced fields, W8 STMM, W9 statistics and FMD;
 * with DN W10 the current frame's 2nd-field luma, W11 its chroma (packed
 * input). */
static void with_di(const g7sf_dndi_result *d, bool dn, bool packed, int x, int y, g7sf_reg *w)
{
    const g7sf_di_block_out *o = &d->di;
    const g7sf_fmd_block *fmd = &d->fmd;
    const g7sf_dn_block_stats *st = &d->dn;
    put_lines(&w[0], o->prev2_y[0], o->prev2_y[1]);
    put_lines(&w[1], o->prev2_y[2], o->prev2_y[3]);
    put_lines(&w[2], o->prev2_c[0], o->prev2_c[1]);
    put_lines(&w[3], o->prev2_c[2], o->prev2_c[3]);
    put_lines(&w[4], o->cur1_y[0], o->cur1_y[1]);
    put_lines(&w[5], o->cur1_y[2], o->cur1_y[3]);
    put_lines(&w[6], o->cur1_c[0], o->cur1_c[1]);
    put_lines(&w[7], o->cur1_c[2], o->cur1_c[3]);
    /* STMM block (5601-5617): 8 bytes a line, lines 0..3 in order */
    for (int l = 0; l < 4; l++)
        w[8].ud[2 * l] = bytes4(o->stmm[l]), w[8].ud[2 * l + 1] = bytes4(o->stmm[l] + 4);
    /* Block Noise Estimate/Denoise History block, Gen7+ DI Enabled (with DN
     * off the function gives STAD, SHCM, SVCM and the history as 0) */
    w[9] = (g7sf_reg){ { bytes4(d->hist),
                         (uint32_t)fmd->tearing << 24 | (uint32_t)fmd->fitting << 16 |
                             (uint32_t)fmd->motion << 8 | st->bne,
                         0,
                         (uint32_t)fmd->diff[3] << 16 | fmd->diff[4],
                         (uint32_t)fmd->diff[1] << 16 | fmd->diff[2],
                         sum4(st->svcm) << 16 | fmd->diff[0],
                         sum4(st->stad) << 16 | sum4(st->shcm),
                         (uint32_t)y << 16 | (uint32_t)x } };
    if (!dn)
        return;
    /* W10 / W11: luma denoised, chroma as read */
    put_lines(&w[10], d->cur2_y[0], d->cur2_y[1]);
    if (packed)
        put_lines(&w[11], d->cur2_c[0], d->cur2_c[1]);
}

int sampler_deinterlace(g7sf_msg_ctx *c, const sampler_desc *d)
{
    if (c->mlen != (c->header ? 2u : 1u))
        return g7sf_msg_fail(c, G7SF_EMLEN, "deinterlace: message length %u, expected %u",
                             c->mlen, c->header ? 2u : 1u);
    if (d->sampler_index & 1)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "deinterlace: odd Sampler Index %u",
                             d->sampler_index);
    g7sf_sampler_state_di st;
    g7sf_media_surface cur, prev, stat;
    int r = read_state(c, d, &st);
    if (r || (r = bind(c, d->bti, "current frame", &cur)))
        return r;
    if (cur.format == G7SF_MEDIA_STMM_DN_STATISTICS)
        return g7sf_msg_fail(c, G7SF_ESTATE, "deinterlace: the current frame (BTI %u) is a "
                             "statistics surface", d->bti);
    unsigned rlen = response_length(&st, &cur);
    if (c->rlen != rlen)
        return g7sf_msg_fail(c, G7SF_ERLEN, "deinterlace: response length %u, expected %u",
                             c->rlen, rlen);
    bool first = st.dndi_first_frame;
    int x = 0, y = 0;
    if ((r = block_address(c, &cur, st.di_enable ? 4 : 8, &x, &y)) ||
        (!first && (r = bind_history(c, d, &prev, &stat))))
        return r;

    g7sf_dndi_result res;
    const char *why;
    if ((r = g7sf_dndi_block(c->gpu, &st, &cur, first ? NULL : &prev, first ? NULL : &stat, x, y,
                             &res, &why)))
        return g7sf_msg_fail(c, r, "deinterlace: %s", why);
    g7sf_reg w[12];
    if (st.di_enable)
        with_di(&res, st.dn_enable, cur.packed, x, y, w);
    else
        dn_only(&res, cur.packed, x, y, w);
    memcpy(c->wb, w, rlen * sizeof *w);
    return 0;
}
