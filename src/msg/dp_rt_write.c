/* Render Target Write (§3.9.11, PRM 10158-10634) messages: the payload
 * layout (10447-10634), the pixel/sample-to-slot mapping (10256-10311),
 * BLEND_STATE and COLOR_CALC_STATE from memory.  A single-sampled target's
 * slots go to the data port as one batch, as the payload holds them
 * (dataport/rt_batch.h, with its placement kept in the binding and its
 * colour pipeline in the BLEND_STATE memo); a multisampled target's pixels
 * and samples to g7sf_rt_write.  Decisions: docs/spec-notes.md "Data port:
 * render target write". */
#include "bind_cache.h"
#include "core/cpu.h"
#include "dataport/rt_batch.h"
#include "desc.h"
#include "dp_msg.h"

/* Message Type desc[10:8] (10330-10340). */
enum { RT_SIMD16, RT_SIMD16_REPDATA, RT_SIMD8_DUALSRC_LO, RT_SIMD8_DUALSRC_HI, RT_SIMD8_LO,
       RT_SIMD8_IMAGE_WRITE = 7 };

/* Where each part of one message's payload is: data register numbers
 * counted from M0 (the header, when present, is two registers). */
typedef struct rt_layout {
    unsigned type, nslots, first_slot;  /* first_slot: 8 for SIMD8_DUALSRC_HI */
    bool s0a, omask, depth;
    unsigned reg_s0a, reg_omask, reg_color, reg_src1, mlen;
} rt_layout;

static int layout(g7sf_msg_ctx *c, const dp_msg_type *t, const uint32_t *m0, rt_layout *l)
{
    unsigned type = desc_get(c->fc, DESC_DP_RT_TYPE), reg = c->header ? 2 : 0;
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

/* What a binding keeps: the target and where its pixels are. */
typedef struct rt_bound {
    g7sf_rt_target rt;
    rt_place place;
} rt_bound;
_Static_assert(sizeof(rt_bound) <= BIND_VALUE_BYTES, "rt_bound fits a bind_cache entry");

/* extra: platform, Render Target Array Index, samples, tiled only */
static int target(const g7sf_render_surface_state *ss, const uint32_t *extra, void *out,
                  const char **why)
{
    rt_bound *b = out;
    int r = g7sf_rt_target_from_state(ss, (enum g7sf_platform)extra[0], extra[1], extra[2],
                                      extra[3], &b->rt, why);
    if (!r)
        rt_place_init(&b->place, &b->rt);
    return r;
}

/* Binds the surface (BTI 255 is refused: no stateless render targets) and
 * checks what 10164-10188 restrict, once per change of the state: *out
 * points at the cached binding, or at *room when it was decoded now. */
static int bind_target(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned type, uint32_t rtai,
                       unsigned num_samples, rt_bound *room, const rt_bound **out)
{
    unsigned bti = desc_get(c->fc, DESC_BTI);
    if (bti == DP_BTI_STATELESS)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s cannot be stateless (BTI 255)", t->name);
    bool need_tiled = type == RT_SIMD16_REPDATA || type == RT_SIMD8_IMAGE_WRITE;
    const uint32_t extra[4] = { c->gpu->platform, rtai, num_samples, need_tiled };
    if ((*out = g7sf_msg_bind_peek(c, bti, BIND_RT, extra, 4)))
        return 0;
    int err;
    const char *why = "";
    *out = room;
    int r = g7sf_msg_bind(c, bti, t->name, BIND_RT, extra, 4, target, room, sizeof *room, &err,
                          &why);
    if (r || !err)
        return r;
    if (err == G7SF_ESTATE)
        return g7sf_msg_fail(c, err, "%s: BTI %u is %s", t->name, bti, why);
    return g7sf_msg_fail(c, err, "%s: %s", t->name, why);
}

/* The last BLEND_STATE + COLOR_CALC_STATE decoded in this thread, keyed by
 * their DWords (too big for bind_cache's entries), and the colour pipeline
 * last resolved from them (for format fmt, entry index, samples). */
static _Thread_local struct {
    uint64_t gpu;
    enum g7sf_platform platform;   /* the gpu's: format capabilities differ */
    unsigned bdw;   /* BLEND_STATE DWords read: 2 per entry up to the one used */
    uint32_t key[G7SF_BLEND_STATE_DWORDS + G7SF_COLOR_CALC_STATE_DWORDS];
    g7sf_blend_state bs;
    g7sf_color_calc_state cc;
    bool piped;
    const struct g7sf_format_info *fmt;
    unsigned index, samples;
    rt_pipeline pipe;
} blend_memo;

/* The BLEND_STATE entries 0..rt (the pointer need not have room for all
 * eight; the rest read as 0) and COLOR_CALC_STATE, both offsets from
 * Dynamic State Base, decoded once per change of their DWords into
 * blend_memo: compared where they lie when both are in pages that exist,
 * as bind_cache.h compares surface state. */
static int read_state(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_cache_state *rcs,
                      unsigned rt, uint32_t cc_offset)
{
    enum { BDW = G7SF_BLEND_STATE_DWORDS, CDW = G7SF_COLOR_CALC_STATE_DWORDS };
    uint32_t baddr, caddr;
    unsigned bdw = (rt + 1) * 2;
    g7sf_gpu *gpu = c->gpu;
    int r = g7sf_base_resolve(gpu, G7SF_BASE_DYNAMIC, rcs->blend_state_pointer, 4 * bdw, &baddr);
    if (!r)
        r = g7sf_base_resolve(gpu, G7SF_BASE_DYNAMIC, cc_offset, 4 * CDW, &caddr);
    if (r)
        return g7sf_msg_fail(c, r, "%s: BLEND_STATE or COLOR_CALC_STATE outside dynamic state",
                             t->name);
    const uint8_t *bp = g7sf_mem_span(gpu, baddr, 4 * bdw), *cp = g7sf_mem_span(gpu, caddr, 4 * CDW);
    if (blend_memo.gpu == gpu->id && blend_memo.bdw == bdw && bp && cp &&
        g7sf_bind_same(bp, blend_memo.key, bdw) && g7sf_bind_same(cp, blend_memo.key + BDW, CDW))
        return 0;
    uint32_t dw[BDW + CDW] = { 0 };
    g7sf_msg_read_dw(gpu, baddr, dw, bdw);
    g7sf_msg_read_dw(gpu, caddr, dw + BDW, CDW);
    if (blend_memo.gpu == gpu->id && blend_memo.bdw == bdw && !memcmp(blend_memo.key, dw, sizeof dw))
        return 0;
    g7sf_state_unpack(&g7sf_desc_BLEND_STATE, dw, &blend_memo.bs);
    g7sf_state_unpack(&g7sf_desc_COLOR_CALC_STATE, dw + BDW, &blend_memo.cc);
    blend_memo.gpu = gpu->id;
    blend_memo.platform = gpu->platform;
    blend_memo.bdw = bdw;
    memcpy(blend_memo.key, dw, sizeof dw);
    blend_memo.piped = false;
    return 0;
}

/* blend_memo's pipeline for this target and entry, resolved once. */
static const rt_pipeline *pipeline(const g7sf_rt_target *rt, unsigned index)
{
    if (!blend_memo.piped || blend_memo.fmt != rt->fmt || blend_memo.index != index ||
        blend_memo.samples != rt->s.samples) {
        rt_pipeline_prepare(&blend_memo.pipe, blend_memo.platform, rt->fmt, &blend_memo.bs, index,
                            &blend_memo.cc, rt->s.samples, cpu_flags());
        blend_memo.piped = true;
        blend_memo.fmt = rt->fmt;
        blend_memo.index = index;
        blend_memo.samples = rt->s.samples;
    }
    return &blend_memo.pipe;
}

/* A single-sampled target's slots as one batch (rt_batch.h): every slot
 * covers its pixel's one sample, so only the enables, colours and alpha
 * matter. */
static int write_batch(g7sf_msg_ctx *c, const dp_msg_type *t, const rt_layout *l,
                       const rt_bound *b, unsigned index, const uint32_t *m1)
{
    const g7sf_reg *p = c->msg->payload;
    rt_batch bt;
    bt.lanes = m1[7] & 0xFFFF & (((1u << l->nslots) - 1) << l->first_slot);
    bt.dual = l->type == RT_SIMD8_DUALSRC_LO || l->type == RT_SIMD8_DUALSRC_HI;
    for (unsigned s = 0; s < 4; s++) {
        bt.x[s] = m1[2 + s] & 0xFFFF;
        bt.y[s] = m1[2 + s] >> 16;
    }
    if (l->type == RT_SIMD16) {   /* R of slots 0-15 in two registers, then G, B, A */
        memcpy(bt.src0, &p[l->reg_color], sizeof bt.src0);
    } else if (l->type == RT_SIMD16_REPDATA) {
        for (unsigned ch = 0; ch < 4; ch++)
            for (unsigned j = 0; j < 16; j++)
                memcpy(&bt.src0[ch][j], &p[l->reg_color].ud[ch], 4);
    } else {                      /* SIMD8: one register per channel */
        memset(bt.src0, 0, sizeof bt.src0);
        memset(bt.src1, 0, sizeof bt.src1);
        for (unsigned ch = 0; ch < 4; ch++) {
            memcpy(&bt.src0[ch][l->first_slot], &p[l->reg_color + ch], 32);
            if (bt.dual)
                memcpy(&bt.src1[ch][l->first_slot], &p[l->reg_src1 + ch], 32);
        }
    }
    if (l->s0a)   /* never with dual source or replicated data: slots from 0 */
        memcpy(bt.alpha, &p[l->reg_s0a], 4 * l->nslots);
    else
        memcpy(bt.alpha, bt.src0[3], sizeof bt.alpha);
    const char *why = NULL;
    int r = rt_write_batch(c->gpu, &b->rt, &b->place, pipeline(&b->rt, index), &bt, &why);
    if (r)
        return g7sf_msg_fail(c, r, "%s: %s", t->name, why ? why : g7sf_strerror(r));
    return 0;
}

int dp_render_target_write(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    /* without a header, M0/M1 are R0/R1 of the dispatch (10361) */
    const uint32_t *m0 = c->header ? c->msg->payload[0].ud : c->thr->r0.ud;
    const uint32_t *m1 = c->header ? c->msg->payload[1].ud : c->thr->r1.ud;
    rt_layout l;
    rt_bound room;
    const rt_bound *bound;
    if (c->header && c->mlen < 2)   /* the header itself is two registers */
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, the header alone is 2",
                             t->name, c->mlen);
    const g7sf_render_cache_state *rcs = g7sf_render_cache_state_get(c->gpu);
    int r = layout(c, t, m0, &l);
    if (r || (r = bind_target(c, t, l.type, m0[0] >> 16 & 0x7FF, rcs->num_samples, &room,
                              &bound)))
        return r;
    const g7sf_rt_target *rtp = &bound->rt;
    if (rtp->null)
        return 0;   /* every write dropped: no state read */
    unsigned rt_index = c->header ? m0[2] & 7 : 0;
    if ((r = read_state(c, t, rcs, rt_index, m0[1] & ~63u)))
        return r;
    if (rtp->s.samples == 1)
        return write_batch(c, t, &l, bound, rt_index, m1);

    unsigned samples = rtp->s.samples, sspi = m0[0] >> 6 & 7;
    bool persample = samples > 1 && rcs->msrast_mode >= G7SF_MSRASTMODE_ON_PIXEL &&
                     rcs->dispatch_mode == G7SF_MSDISPMODE_PERSAMPLE;
    uint32_t all = (1u << samples) - 1, ms_mask = samples > 1 ? rcs->sample_mask & all : all;
    unsigned group = desc_get(c->fc, DESC_DP_RT_SLOT_GROUP);   /* slots 31:16 */
    bool dual = l.type == RT_SIMD8_DUALSRC_LO || l.type == RT_SIMD8_DUALSRC_HI;
    uint32_t enables = m1[7] & 0xFFFF;
    g7sf_rt_pixel px[16];
    unsigned n = 0;
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
        g7sf_rt_pixel *p = &px[n++];
        for (unsigned ch = 0; ch < 4; ch++) {
            p->src0.u[ch] = color_dw(c, &l, 0, ch, i);
            p->src1.u[ch] = dual ? color_dw(c, &l, 1, ch, i) : 0;
        }
        union { uint32_t u; float f; } alpha = { p->src0.u[3] };
        if (l.s0a)
            alpha.u = c->msg->payload[l.reg_s0a + i / 8].ud[i % 8];
        uint32_t xy = m1[2 + subspan];
        p->x = (xy & 0xFFFF) + (j & 1);
        p->y = (xy >> 16) + ((j >> 1) & 1);
        p->cover = cover;
        p->alpha = alpha.f;
    }
    const char *why = NULL;
    if ((r = g7sf_rt_write(c->gpu, rtp, &blend_memo.bs, rt_index, &blend_memo.cc, px, n, dual,
                           &why)))
        return g7sf_msg_fail(c, r, "%s: %s", t->name, why ? why : g7sf_strerror(r));
    return 0;
}
