/* The deinterlace message (§2.13.1.4, SIMD32/64 type 01000, H + 1):
 * M1.2 / M1.6 Pixel 0 U / V give the block (pixel shader layout, lines
 * 4960-4980); the state is element Sampler Index / 2 of a SAMPLER_STATE_DI
 * array (§2.12.3.3); the surfaces are BTI (current frame), BTI + 1
 * (previous frame, the denoised one when DN is on) and BTI + 2 (statistics,
 * §2.8.6.2).  The writeback (§2.13.2.6, lines 5551-5883) is 16x4 with DI,
 * 16x8 DN only.  The message never writes memory: STMM and denoise history
 * come back in the writeback for the kernel to store.  Decisions:
 * docs/spec-notes.md, "Deinterlace message". */
#include <stdlib.h>
#include <string.h>

#include "media/di_int.h"
#include "media/media_surface.h"
#include "sampler.h"

enum { BW = G7SF_DN_BLOCK_W, MARGIN_X = 16, MARGIN_Y = 8 };

typedef struct di_msg {
    g7sf_msg_ctx *c;
    g7sf_sampler_state_di st;
    bool first;
    int x, y, bh;               /* the block: (x, y), 16 x bh */
    int pw, ph;                 /* frame size padded to whole blocks */
    g7sf_media_surface cur, prev, stat;
    media_frame fcur, fprev;
    uint8_t *stmm;              /* pw / 2 x ph STMM entries, DI only */
    uint8_t *mem;               /* the three, from media_scratch_take */
    bool own_mem;
    uint8_t hist_in[8];         /* denoise history of the block's 4x4s, 4 per row */
} di_msg;

static int read_state(g7sf_msg_ctx *c, const sampler_desc *d, g7sf_sampler_state_di *st)
{
    /* header M0.3 Sampler State Pointer, else the thread's (line 4482) */
    uint32_t ptr = (c->header ? c->msg->payload[0].ud[3] : c->thr->sampler_state) & ~0x1Fu;
    uint64_t off = (uint64_t)ptr + 32 * (d->sampler_index / 2);
    uint32_t addr;
    if (off > UINT32_MAX || g7sf_base_resolve(c->gpu, G7SF_BASE_DYNAMIC, (uint32_t)off,
                                              G7SF_SAMPLER_STATE_DI_DWORDS * 4, &addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "deinterlace: SAMPLER_STATE at 0x%llx outside "
                             "dynamic state bounds", (unsigned long long)off);
    if (g7sf_state_read(c->gpu, &g7sf_desc_SAMPLER_STATE_DI, addr, st))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "deinterlace: out of host memory");
    return 0;
}

static int bind(g7sf_msg_ctx *c, unsigned bti, const char *role, g7sf_media_surface *s)
{
    uint32_t ss_addr;
    int r = g7sf_msg_surface_state(c, bti, G7SF_MEDIA_SURFACE_STATE_DWORDS * 4, "deinterlace",
                                   &ss_addr);
    if (r)
        return r;
    g7sf_media_surface_state ss;
    if (g7sf_state_read(c->gpu, &g7sf_desc_MEDIA_SURFACE_STATE, ss_addr, &ss))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "deinterlace: out of host memory");
    const char *why;
    if (g7sf_media_surface_from_state(&ss, s, &why))
        return g7sf_msg_fail(c, G7SF_ESTATE, "deinterlace: %s (BTI %u): %s", role, bti, why);
    return 0;
}

/* DI Enable, DN Enable and the input format choose the writeback
 * (§2.13.2.6): 12 / 11 / 10 registers with DI, 9 / 5 without. */
static unsigned response_length(const g7sf_sampler_state_di *st, const g7sf_media_surface *cur)
{
    if (st->di_enable)
        return st->dn_enable ? (cur->packed ? 12 : 11) : 10;
    return cur->packed ? 9 : 5;
}

static int check_state(di_msg *m)
{
    const g7sf_sampler_state_di *st = &m->st;
    if (!st->di_enable && !st->dn_enable)
        return g7sf_msg_fail(m->c, G7SF_ESTATE, "deinterlace: DI Enable and DN Enable are both 0");
    if (st->di_enable && st->progressive_dn)
        return g7sf_msg_fail(m->c, G7SF_ESTATE, "deinterlace: Progressive DN with DI Enable");
    if (st->di_enable && st->di_partial)
        return g7sf_msg_fail(m->c, G7SF_ENOTIMPL, "deinterlace: the DI Partial writeback is not "
                             "described by the PRM");
    const char *why;
    if (g7sf_di_state_check(st, &why))
        return g7sf_msg_fail(m->c, G7SF_ESTATE, "deinterlace: SAMPLER_STATE_DI: %s", why);
    return 0;
}

/* The block from M1.2 / M1.6: aligned to the block size, inside the frame. */
static int check_block(di_msg *m)
{
    const g7sf_reg *m1 = g7sf_msg_data(m->c, 0);
    uint32_t u = m1->ud[2], v = m1->ud[6];
    if (u > 4095 || v > 2046 || u % BW || v % (uint32_t)m->bh)
        return g7sf_msg_fail(m->c, G7SF_EPAYLOAD, "deinterlace: block (%u, %u) is not a 16x%d "
                             "block address", u, v, m->bh);
    if (u >= (uint32_t)m->cur.width || v >= (uint32_t)m->cur.height)
        return g7sf_msg_fail(m->c, G7SF_EPAYLOAD, "deinterlace: block (%u, %u) outside the "
                             "%dx%d surface", u, v, m->cur.width, m->cur.height);
    m->x = (int)u, m->y = (int)v;
    return 0;
}

/* The previous frame and the statistics surface, read unless first frame. */
static int bind_history(di_msg *m, const sampler_desc *d)
{
    if (d->bti > 253)
        return g7sf_msg_fail(m->c, G7SF_EOPCODE, "deinterlace: BTI %u leaves no room for the "
                             "previous frame and statistics at BTI + 1, + 2", d->bti);
    int r = bind(m->c, d->bti + 1, "previous frame", &m->prev);
    if (r || (r = bind(m->c, d->bti + 2, "statistics surface", &m->stat)))
        return r;
    if (m->prev.format != m->cur.format || m->prev.width != m->cur.width ||
        m->prev.height != m->cur.height)
        return g7sf_msg_fail(m->c, G7SF_ESTATE, "deinterlace: previous frame (BTI %u) differs "
                             "from the current frame in format or size", d->bti + 1);
    if (m->stat.format != G7SF_MEDIA_STMM_DN_STATISTICS || m->stat.pitch < (uint32_t)m->pw ||
        m->stat.height < m->ph)
        return g7sf_msg_fail(m->c, G7SF_ESTATE, "deinterlace: BTI %u is not a STMM_DN_STATISTICS "
                             "surface of pitch >= %d and >= %d rows", d->bti + 2, m->pw, m->ph);
    return 0;
}

static int load_frames(di_msg *m)
{
    g7sf_gpu *gpu = m->c->gpu;
    size_t fb = media_frame_bytes(&m->cur, m->pw, m->ph), sb = 0;
    if (!m->first && m->st.di_enable)
        sb = (size_t)(m->pw / 2) * (size_t)m->ph;
    m->mem = media_scratch_take(gpu, fb * (m->first ? 1 : 2) + sb, &m->own_mem);
    if (!m->mem)
        return g7sf_msg_fail(m->c, G7SF_ENOMEM, "deinterlace: out of host memory");
    media_frame_init(&m->fcur, &m->cur, m->pw, m->ph, m->mem);
    if (!m->first)
        media_frame_init(&m->fprev, &m->prev, m->pw, m->ph, m->mem + fb);
    int r = media_frame_load(gpu, &m->cur, &m->fcur, m->x, m->y, BW, m->bh, MARGIN_X, MARGIN_Y);
    if (!r && !m->first)
        r = media_frame_load(gpu, &m->prev, &m->fprev, m->x, m->y, BW, m->bh, MARGIN_X, MARGIN_Y);
    if (r)
        return g7sf_msg_fail(m->c, r, "deinterlace: a frame's pixels pass 4 GiB");
    if (m->first)
        return 0;
    /* statistics (§2.8.6.2): history of 4x4 (x, y) at (pitch / 2 + x / 4,
     * y / 4), STMM of pixel pair (x, y) at (x / 2, y) */
    uint32_t hx = m->stat.pitch / 2 + (uint32_t)m->x / 4;
    for (int row = 0; !r && row < m->bh / 4; row++)
        r = media_surface_read_bytes(gpu, &m->stat, hx, (uint32_t)(m->y / 4 + row), 4,
                                     m->hist_in + 4 * row);
    if (!r && m->st.di_enable) {
        int sw = m->pw / 2;
        m->stmm = m->mem + 2 * fb;
        int x0 = m->x / 2 - MARGIN_X / 2 < 0 ? 0 : m->x / 2 - MARGIN_X / 2;
        int x1 = m->x / 2 + BW / 2 + MARGIN_X / 2 > sw ? sw : m->x / 2 + BW / 2 + MARGIN_X / 2;
        int y0 = m->y - MARGIN_Y < 0 ? 0 : m->y - MARGIN_Y;
        int y1 = m->y + m->bh + MARGIN_Y > m->ph ? m->ph : m->y + m->bh + MARGIN_Y;
        for (int y = y0; !r && y < y1; y++)
            r = media_surface_read_bytes(gpu, &m->stat, (uint32_t)x0, (uint32_t)y,
                                         (uint32_t)(x1 - x0), m->stmm + (size_t)y * sw + x0);
    }
    return r ? g7sf_msg_fail(m->c, r, "deinterlace: statistics surface: %s", g7sf_strerror(r)) : 0;
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

/* A chroma line as the chroma block holds it: Cr(2i) at [2i], Cb(2i) at
 * [2i + 1], from the 4:2:2 planes of the frame. */
static void chroma_line(const media_frame *f, int x, int y, uint8_t out[16])
{
    const uint8_t *cb = f->plane[1] + (size_t)y * f->w[1] + x / 2;
    const uint8_t *cr = f->plane[2] + (size_t)y * f->w[2] + x / 2;
    for (int i = 0; i < 8; i++)
        out[2 * i] = cr[i], out[2 * i + 1] = cb[i];
}

static uint32_t sum4(const uint16_t *v) { return (uint32_t)v[0] + v[1] + v[2] + v[3]; }

static int run_dn(di_msg *m, uint8_t out[8][BW], uint8_t hist_out[8], g7sf_dn_block_stats *st)
{
    g7sf_dn_params p;
    g7sf_dn_params_from_state(&m->st, &p);
    bool dn = m->st.dn_enable;
    /* DN off: only the block noise estimate is wanted (line 3870), and it
     * reads the current frame alone, as on a first frame */
    if (!dn)
        p.first_frame = true;
    bool temporal = dn && !m->first;
    int r = g7sf_dn_block(&p, &m->fcur.real, temporal ? &m->fprev.real : NULL, m->x, m->y, m->bh,
                          temporal ? m->hist_in : NULL, hist_out, 4, &out[0][0], BW, st);
    return r ? g7sf_msg_fail(m->c, r, "deinterlace: denoise: %s", g7sf_strerror(r)) : 0;
}

/* DN only: 16x8 luma in W0-W3, statistics W4, 4:2:2 chroma W5-W8. */
static int dn_only(di_msg *m, g7sf_reg *w)
{
    uint8_t out[8][BW], hist[8];
    g7sf_dn_block_stats st;
    int r = run_dn(m, out, hist, &st);
    if (r)
        return r;
    for (int i = 0; i < 4; i++)
        put_lines(&w[i], out[2 * i], out[2 * i + 1]);
    /* Block Noise Estimate/Denoise History block, Gen7+ DI Disabled */
    w[4] = (g7sf_reg){ { bytes4(hist), bytes4(hist + 4), st.bne, 0,
                         sum4(st.shcm + 4) << 16 | sum4(st.svcm + 4),
                         sum4(st.svcm) << 16 | sum4(st.stad + 4),
                         sum4(st.stad) << 16 | sum4(st.shcm),
                         (uint32_t)m->y << 16 | (uint32_t)m->x } };
    if (m->cur.packed)
        for (int i = 0; i < 4; i++) {
            uint8_t c0[16], c1[16];
            chroma_line(&m->fcur, m->x, m->y + 2 * i, c0);
            chroma_line(&m->fcur, m->x, m->y + 2 * i + 1, c1);
            put_lines(&w[5 + i], c0, c1);
        }
    return 0;
}

static int with_di(di_msg *m, g7sf_reg *w)
{
    uint8_t dn[8][BW], hist[8] = { 0 };
    g7sf_dn_block_stats st;
    int r = run_dn(m, dn, hist, &st);
    if (r)
        return r;
    bool dn_on = m->st.dn_enable;
    /* the DI reads the denoised block in its frame */
    for (int l = 0; dn_on && l < 4; l++)
        memcpy(m->fcur.plane[0] + (size_t)(m->y + l) * m->pw + m->x, dn[l], BW);

    g7sf_di_params p;
    g7sf_di_params_from_state(&m->st, &p);
    g7sf_fmd_block fmd;
    g7sf_di_block_out d;
    const g7sf_yuv *prev = m->first ? NULL : &m->fprev.yuv;
    r = g7sf_fmd_block_run(&p, &m->fcur.yuv.y, prev ? &prev->y : NULL, m->x, m->y, &fmd);
    if (r)
        return g7sf_msg_fail(m->c, r, "deinterlace: field motion detector: %s", g7sf_strerror(r));
    r = g7sf_di_block(&p, &m->fcur.yuv, prev, m->stmm, m->pw / 2, m->x, m->y, &d);
    if (r)
        return g7sf_msg_fail(m->c, r, "deinterlace: deinterlacer: %s", g7sf_strerror(r));

    put_lines(&w[0], d.prev2_y[0], d.prev2_y[1]);
    put_lines(&w[1], d.prev2_y[2], d.prev2_y[3]);
    put_lines(&w[2], d.prev2_c[0], d.prev2_c[1]);
    put_lines(&w[3], d.prev2_c[2], d.prev2_c[3]);
    put_lines(&w[4], d.cur1_y[0], d.cur1_y[1]);
    put_lines(&w[5], d.cur1_y[2], d.cur1_y[3]);
    put_lines(&w[6], d.cur1_c[0], d.cur1_c[1]);
    put_lines(&w[7], d.cur1_c[2], d.cur1_c[3]);
    /* STMM block (5601-5617): 8 bytes a line, lines 0..3 in order */
    for (int l = 0; l < 4; l++)
        w[8].ud[2 * l] = bytes4(d.stmm[l]), w[8].ud[2 * l + 1] = bytes4(d.stmm[l] + 4);
    /* Block Noise Estimate/Denoise History block, Gen7+ DI Enabled; DN off:
     * STAD, SHCM, SVCM and the history 0 */
    uint32_t stad = dn_on ? sum4(st.stad) : 0, shcm = dn_on ? sum4(st.shcm) : 0,
             svcm = dn_on ? sum4(st.svcm) : 0;
    w[9] = (g7sf_reg){ { dn_on ? bytes4(hist) : 0,
                         (uint32_t)fmd.tearing << 24 | (uint32_t)fmd.fitting << 16 |
                             (uint32_t)fmd.motion << 8 | st.bne,
                         0,
                         (uint32_t)fmd.diff[3] << 16 | fmd.diff[4],
                         (uint32_t)fmd.diff[1] << 16 | fmd.diff[2],
                         svcm << 16 | fmd.diff[0],
                         stad << 16 | shcm,
                         (uint32_t)m->y << 16 | (uint32_t)m->x } };
    if (!dn_on)
        return 0;
    /* W10 / W11: the current frame's 2nd-field lines of the block, luma
     * denoised, chroma as read (4:2:2 packed input only) */
    int l2[2], n = 0;
    for (int l = 0; l < 4; l++)
        if (!di_first_field_line(&p, m->y + l))
            l2[n++] = l;
    put_lines(&w[10], dn[l2[0]], dn[l2[1]]);
    if (m->cur.packed) {
        uint8_t c0[16], c1[16];
        chroma_line(&m->fcur, m->x, m->y + l2[0], c0);
        chroma_line(&m->fcur, m->x, m->y + l2[1], c1);
        put_lines(&w[11], c0, c1);
    }
    return 0;
}

int sampler_deinterlace(g7sf_msg_ctx *c, const sampler_desc *d)
{
    di_msg m = { .c = c };
    if (c->mlen != (c->header ? 2u : 1u))
        return g7sf_msg_fail(c, G7SF_EMLEN, "deinterlace: message length %u, expected %u",
                             c->mlen, c->header ? 2u : 1u);
    if (d->sampler_index & 1)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "deinterlace: odd Sampler Index %u",
                             d->sampler_index);
    int r = read_state(c, d, &m.st);
    if (r || (r = check_state(&m)) || (r = bind(c, d->bti, "current frame", &m.cur)))
        return r;
    if (m.cur.format == G7SF_MEDIA_STMM_DN_STATISTICS)
        return g7sf_msg_fail(c, G7SF_ESTATE, "deinterlace: the current frame (BTI %u) is a "
                             "statistics surface", d->bti);
    unsigned rlen = response_length(&m.st, &m.cur);
    if (c->rlen != rlen)
        return g7sf_msg_fail(c, G7SF_ERLEN, "deinterlace: response length %u, expected %u",
                             c->rlen, rlen);
    m.first = m.st.dndi_first_frame;
    m.bh = m.st.di_enable ? 4 : 8;
    m.pw = (m.cur.width + BW - 1) / BW * BW;
    m.ph = (m.cur.height + m.bh - 1) / m.bh * m.bh;
    if ((r = check_block(&m)) || (!m.first && (r = bind_history(&m, d))))
        return r;

    g7sf_reg w[12];
    if (!(r = load_frames(&m)))
        r = m.st.di_enable ? with_di(&m, w) : dn_only(&m, w);
    if (!r)
        memcpy(c->wb, w, rlen * sizeof *w);
    if (m.mem)
        media_scratch_put(c->gpu, m.mem, m.own_mem);
    return r;
}
