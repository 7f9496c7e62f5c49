/* Render Target Write (§3.9.11, PRM 10158-10634): the message, its payload
 * layout (10447-10634), the pixel/sample-to-slot mapping (10256-10311) and
 * the render target's pixels.  Colour work is rt_color_*.c's (rt.h),
 * coverage from alpha rt_coverage.c's, MCS upkeep rt_msaa.c's.  Decisions:
 * docs/spec-notes.md "Data port: render target write". */
#include <string.h>

#include "dp.h"
#include "dp_gpu.h"
#include "rt.h"

/* Message Type desc[10:8] (10330-10340). */
enum { RT_SIMD16, RT_SIMD16_REPDATA, RT_SIMD8_DUALSRC_LO, RT_SIMD8_DUALSRC_HI, RT_SIMD8_LO,
       RT_SIMD8_IMAGE_WRITE = 7 };

/* The surface formats the message accepts (10200-10255). */
static const uint16_t rt_formats[] = {
    0x000, 0x001, 0x002, 0x080, 0x081, 0x082, 0x083, 0x084, 0x085, 0x086, 0x087, 0x0C0,
    0x0C1, 0x0C2, 0x0C4, 0x0C7, 0x0C8, 0x0C9, 0x0CA, 0x0CB, 0x0CC, 0x0CD, 0x0CE, 0x0CF,
    0x0D0, 0x0D1, 0x0D2, 0x0D3, 0x0D6, 0x0D7, 0x0D8, 0x100, 0x101, 0x102, 0x103, 0x104,
    0x105, 0x106, 0x107, 0x108, 0x109, 0x10A, 0x10B, 0x10C, 0x10D, 0x10E, 0x11B, 0x140,
    0x141, 0x142, 0x143, 0x144, 0x182, 0x183, 0x18F, 0x190 };

static bool rt_format(unsigned code)
{
    for (unsigned i = 0; i < sizeof rt_formats / sizeof *rt_formats; i++)
        if (rt_formats[i] == code)
            return true;
    return false;
}

/* Where each part of one message's payload is: data register numbers
 * counted from M0 (the header, when present, is two registers). */
typedef struct rt_layout {
    unsigned type, nslots, first_slot;  /* first_slot: 8 for SIMD8_DUALSRC_HI */
    bool s0a, omask, depth;
    unsigned reg_s0a, reg_omask, reg_color, reg_src1, mlen;
} rt_layout;

static int layout(g7sf_msg_ctx *c, const dp_msg_type *t, const uint32_t *m0, rt_layout *l)
{
    unsigned type = (c->fc >> 8) & 7, reg = c->header ? 2 : 0;
    bool simd16 = type == RT_SIMD16, dual = type == RT_SIMD8_DUALSRC_LO || type == RT_SIMD8_DUALSRC_HI;
    /* Source0 Alpha Present is not in the dispatch payload: 0 without a header (10361-10366) */
    *l = (rt_layout){ .type = type, .nslots = simd16 || type == RT_SIMD16_REPDATA ? 16 : 8,
                      .first_slot = type == RT_SIMD8_DUALSRC_HI ? 8 : 0,
                      .s0a = c->header && (m0[0] >> 11 & 1), .omask = m0[0] >> 12 & 1,
                      .depth = m0[0] >> 13 & 1 };
    if (type == 5 || type == 6)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved message type %u", t->name, type);
    if (l->s0a && (dual || type == RT_SIMD16_REPDATA))
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Source0 Alpha Present on a %s message",
                             t->name, dual ? "dual source" : "replicated data");
    if (l->depth && type == RT_SIMD16_REPDATA)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: source depth on a replicated data message",
                             t->name);
    unsigned regs_per_channel = simd16 ? 2 : 1;
    l->reg_s0a = reg;
    reg += l->s0a ? regs_per_channel : 0;
    l->reg_omask = reg;
    reg += l->omask;
    l->reg_color = reg;
    l->reg_src1 = reg + 4;
    reg += type == RT_SIMD16_REPDATA ? 1 : dual ? 8 : 4 * regs_per_channel;
    l->mlen = reg + (l->depth ? regs_per_channel : 0);   /* source depth: parsed, not used */
    if (c->mlen != l->mlen)
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, expected %u", t->name,
                             c->mlen, l->mlen);
    if (c->rlen)
        return g7sf_msg_fail(c, G7SF_ERLEN, "%s: response length %u, expected 0", t->name,
                             c->rlen);
    return 0;
}

/* Colour channel ch of slot i (0 .. nslots-1) of source src (0/1). */
static uint32_t color_dw(const g7sf_msg_ctx *c, const rt_layout *l, unsigned src, unsigned ch,
                         unsigned i)
{
    const g7sf_reg *p = c->msg->payload;
    switch (l->type) {
    case RT_SIMD16:         return p[l->reg_color + 2 * ch + i / 8].ud[i % 8];
    case RT_SIMD16_REPDATA: return p[l->reg_color].ud[ch];
    default:                return p[(src ? l->reg_src1 : l->reg_color) + ch].ud[i];
    }
}

/* The render target one message writes, and its state. */
typedef struct rt_target {
    g7sf_surface s;
    const struct g7sf_format_info *fmt;
    uint32_t slice;
    unsigned lod;
    bool mcs;                 /* compressed multisampled: keep the MCS identity */
    uint8_t clear_unit[16];   /* Clear Color encoded, for the MCS expansion */
} rt_target;

/* Binds the surface (BTI 255 is refused: no stateless render targets) and
 * checks what 10164-10188 restrict.  1: a NULL surface (writes dropped). */
static int bind_target(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned type, uint32_t rtai,
                       rt_target *rt)
{
    g7sf_render_surface_state ss;
    unsigned bti = c->fc & 0xFF;
    if (bti == DP_BTI_STATELESS)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s cannot be stateless (BTI 255)", t->name);
    int r = dp_bind_surface(c, t, &ss, &rt->s);
    if (r)
        return r;
    if (ss.surface_type == G7SF_SURFTYPE_NULL)
        return 1;
    const char *why = NULL;
    if (ss.surface_type == G7SF_SURFTYPE_STRBUF)
        why = "SURFTYPE_STRBUF";
    else if (!rt_format(ss.surface_format))
        why = "a surface format the message does not accept";
    else if (ss.vertical_line_stride)
        why = "Vertical Line Stride 1 (field mode)";
    else if ((type == RT_SIMD16_REPDATA || type == RT_SIMD8_IMAGE_WRITE) &&
             rt->s.tiling == G7SF_TILING_LINEAR)
        why = "a linear surface (replicated data and image write need a tiled one)";
    else if (rt->s.samples != g7sf_render_cache_state_get(c->gpu)->num_samples)
        why = "a sample count 3DSTATE_MULTISAMPLE disagrees with";
    if (why)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u is %s", t->name, bti, why);
    if (ss.render_target_rotation)
        return g7sf_msg_fail(c, G7SF_ENOTIMPL, "%s: Render Target Rotation is not modelled",
                             t->name);
    rt->fmt = g7sf_format_info(ss.surface_format);
    rt->lod = ss.mip_count_lod;   /* a render target's LOD field */
    /* Render Target Array Index outside [Minimum Array Element, Depth] (cube:
     * 5) is replaced by the Minimum Array Element (10395); buffers use 0 */
    uint32_t max = ss.surface_type == G7SF_SURFTYPE_CUBE ? 5 : ss.depth;
    rt->slice = ss.surface_type == G7SF_SURFTYPE_BUFFER ? 0
              : rtai < ss.minimum_array_element || rtai > max ? ss.minimum_array_element : rtai;
    rt->mcs = rt->s.mcs_enable && rt->s.msfmt == G7SF_MSFMT_MSS && rt->s.samples > 1;
    if (rt->mcs) {
        g7sf_texel clear;
        for (unsigned k = 0; k < 4; k++) {
            unsigned bit = (k == 0 ? ss.red_clear_color : k == 1 ? ss.green_clear_color
                            : k == 2 ? ss.blue_clear_color : ss.alpha_clear_color);
            if (rt->fmt->texel == G7SF_TEXEL_FLOAT)
                clear.f[k] = (float)bit;
            else
                clear.u[k] = bit;
        }
        memset(rt->clear_unit, 0, sizeof rt->clear_unit);
        g7sf_texel_encode(rt->fmt, &clear, rt->clear_unit, 0, 0);
    }
    return 0;
}

/* The BLEND_STATE entries 0..rt (the pointer need not have room for all
 * eight; the rest read as 0) and COLOR_CALC_STATE, both offsets from
 * Dynamic State Base, decoded once per change of their DWords. */
static int read_state(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned rt, uint32_t cc_offset,
                      g7sf_blend_state *bs, g7sf_color_calc_state *cc)
{
    uint32_t dw[G7SF_BLEND_STATE_DWORDS + G7SF_COLOR_CALC_STATE_DWORDS] = { 0 }, addr;
    uint32_t *cdw = dw + G7SF_BLEND_STATE_DWORDS;
    size_t blen = (rt + 1) * 8, clen = G7SF_COLOR_CALC_STATE_DWORDS * 4;
    g7sf_gpu *gpu = c->gpu;
    dp_gpu *g = dp_gpu_get(gpu);
    if (!g)
        return g7sf_msg_fail(c, G7SF_ENOMEM, "%s: %s", t->name, g7sf_strerror(G7SF_ENOMEM));
    int r = g7sf_base_resolve(gpu, G7SF_BASE_DYNAMIC, g->render_cache.blend_state_pointer,
                              blen, &addr);
    if (!r)
        r = g7sf_mem_read(gpu, addr, dw, blen);
    if (!r && !(r = g7sf_base_resolve(gpu, G7SF_BASE_DYNAMIC, cc_offset, clen, &addr)))
        r = g7sf_mem_read(gpu, addr, cdw, clen);
    if (r)
        return g7sf_msg_fail(c, r, "%s: BLEND_STATE or COLOR_CALC_STATE outside dynamic state",
                             t->name);
    int took = g7sf_memo_take(&g->rt_state_memo.m, dw, sizeof dw / sizeof *dw);
    if (took == G7SF_MEMO_HIT) {
        *bs = g->rt_state_memo.bs;
        *cc = g->rt_state_memo.cc;
    } else {
        g7sf_state_unpack(&g7sf_desc_BLEND_STATE, dw, bs);
        g7sf_state_unpack(&g7sf_desc_COLOR_CALC_STATE, cdw, cc);
        if (took == G7SF_MEMO_MISS)
            g->rt_state_memo.bs = *bs, g->rt_state_memo.cc = *cc;
    }
    g7sf_memo_put(&g->rt_state_memo.m, took);
    return 0;
}

/* Writes the samples `cover` of pixel (x, y); pixels outside the surface
 * are dropped (10188). */
static int write_pixel(g7sf_msg_ctx *c, const rt_target *rt, const rt_color *rc, uint32_t x,
                       uint32_t y, uint32_t cover, const g7sf_texel *src0, const g7sf_texel *src1)
{
    const struct g7sf_format_info *f = rt->fmt;
    uint32_t ux = x - x % f->unit_w, addr;
    uint8_t unit[16];
    int r;
    if (rt->s.type == G7SF_SURFTYPE_BUFFER) {
        if (y || g7sf_buffer_address(&rt->s, ux, 0, &addr))
            return 0;
    } else if (rt->mcs && (r = rt_mcs_identity(c->gpu, &rt->s, x, y, rt->slice, rt->lod,
                                                 rt->clear_unit, f->unit_bytes))) {
        return r == G7SF_ERANGE ? 0 : r;
    }
    for (unsigned n = 0; cover >> n; n++) {
        if (!(cover >> n & 1))
            continue;
        if (rt->s.type != G7SF_SURFTYPE_BUFFER &&
            (r = g7sf_surface_texel_address(&rt->s, ux, y, rt->slice, rt->lod, n, &addr)))
            return r == G7SF_ERANGE ? 0 : r;
        if ((r = g7sf_mem_read(c->gpu, addr, unit, f->unit_bytes)))
            return r;
        rt_color_output(rc, src0, src1, unit, x % f->unit_w, y);
        if ((r = g7sf_mem_write(c->gpu, addr, unit, f->unit_bytes)))
            return r;
    }
    return 0;
}

int dp_render_target_write(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    /* without a header, M0/M1 are R0/R1 of the dispatch (10361) */
    const uint32_t *m0 = c->header ? c->msg->payload[0].ud : c->thr->r0.ud;
    const uint32_t *m1 = c->header ? c->msg->payload[1].ud : c->thr->r1.ud;
    rt_layout l;
    rt_target rt;
    if (c->header && c->mlen < 2)   /* the header itself is two registers */
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, the header alone is 2",
                             t->name, c->mlen);
    int r = layout(c, t, m0, &l);
    if (r || (r = bind_target(c, t, l.type, m0[0] >> 16 & 0x7FF, &rt)))
        return r < 0 ? r : 0;
    unsigned rt_index = c->header ? m0[2] & 7 : 0;
    g7sf_blend_state bs;
    g7sf_color_calc_state cc;
    rt_color rc;
    rt_coverage cv;
    const char *why = "";
    if ((r = read_state(c, t, rt_index, m0[1] & ~63u, &bs, &cc)))
        return r;
    if (rt_color_prepare(&rc, &bs, rt_index, &cc, rt.fmt, &why))
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: %s", t->name, why);
    rt_coverage_prepare(&cv, &bs, rt_index, &cc, rt.s.samples);

    const g7sf_render_cache_state *rcs = g7sf_render_cache_state_get(c->gpu);
    unsigned samples = rt.s.samples, sspi = m0[0] >> 6 & 7;
    bool persample = samples > 1 && rcs->msrast_mode >= G7SF_MSRASTMODE_ON_PIXEL &&
                     rcs->dispatch_mode == G7SF_MSDISPMODE_PERSAMPLE;
    uint32_t all = (1u << samples) - 1, ms_mask = samples > 1 ? rcs->sample_mask & all : all;
    unsigned group = (c->fc >> 11) & 1;   /* Slot Group Select: slots 31:16 */
    bool dual = l.type == RT_SIMD8_DUALSRC_LO || l.type == RT_SIMD8_DUALSRC_HI;
    uint32_t enables = m1[7] & 0xFFFF;
    for (unsigned i = 0; i < l.nslots; i++) {
        unsigned j = l.first_slot + i;    /* slot within the 16 the group selects */
        if (!(enables >> j & 1))
            continue;
        unsigned subspan = j / 4;
        uint32_t cover = all;
        if (persample) {
            /* slot quads run over the samples of a subspan, then subspans;
             * Starting Sample Pair Index offsets the sample (10256-10311) */
            unsigned k = j / 4 + 4 * group, sample = k % samples + 2 * sspi;
            if (sample >= samples)
                continue;
            subspan = (k / samples) % 4;
            cover = 1u << sample;
        }
        cover &= ms_mask;
        if (l.omask && samples > 1)
            cover &= c->msg->payload[l.reg_omask].ud[j / 2] >> (16 * (j % 2));
        g7sf_texel src0, src1;
        for (unsigned ch = 0; ch < 4; ch++) {
            src0.u[ch] = color_dw(c, &l, 0, ch, i);
            src1.u[ch] = dual ? color_dw(c, &l, 1, ch, i) : 0;
        }
        union { uint32_t u; float f; } alpha = { src0.u[3] };
        if (l.s0a)
            alpha.u = c->msg->payload[l.reg_s0a + i / 8].ud[i % 8];
        cover &= rt_coverage_mask(&cv, alpha.f);
        if (!cover)
            continue;
        if (cv.alpha_to_one) {
            if (rt.fmt->texel == G7SF_TEXEL_FLOAT)
                src0.f[3] = 1.0f;
            else
                src0.u[3] = 1;
        }
        uint32_t xy = m1[2 + subspan];
        uint32_t x = (xy & 0xFFFF) + (j & 1), y = (xy >> 16) + ((j >> 1) & 1);
        if ((r = write_pixel(c, &rt, &rc, x, y, cover, &src0, dual ? &src1 : NULL)))
            return g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r));
    }
    return 0;
}
