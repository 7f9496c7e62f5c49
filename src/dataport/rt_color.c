/* The render cache's colour pipeline for one pixel: BLEND_STATE resolved
 * per message (rt_color_prepare), then pre-blend clamp, blend or logic op,
 * post-blend clamp, colour write disables and the format encode
 * (rt_color_output).  Decisions: docs/spec-notes.md "Data port: blending". */
#include <math.h>
#include <string.h>

#include "core/format_conv.h"
#include "dataport/rt_blend.h"
#include "gen7sf/gen7sf.h"

static int refuse(const char **why, const char *reason)
{
    *why = reason;
    return G7SF_ESTATE;
}

/* The format channel holding component c (R, G, B, A), or NULL. */
static const struct g7sf_format_channel *channel_of(const struct g7sf_format_info *f, unsigned c)
{
    for (unsigned i = 0; i < f->nchannels; i++)
        if (f->ch[i].name == c)
            return &f->ch[i];
    return NULL;
}

/* Clamp range per component.  RTFORMAT follows the channel's type; a
 * component the format lacks (alpha of B5G6R5) takes the first channel's,
 * since its value still feeds the blend factors. */
static void clamp_range(rt_color *rc, unsigned range)
{
    for (unsigned c = 0; c < 4; c++) {
        unsigned type = G7SF_TYPE_UNORM;
        if (range == G7SF_COLORCLAMP_SNORM) {
            type = G7SF_TYPE_SNORM;
        } else if (range == G7SF_COLORCLAMP_RTFORMAT) {
            const struct g7sf_format_channel *ch = channel_of(rc->fmt, c);
            type = (ch ? ch : &rc->fmt->ch[0])->type;
        }
        rc->lo[c] = type == G7SF_TYPE_UNORM ? 0.0f : type == G7SF_TYPE_SNORM ? -1.0f : -INFINITY;
        rc->hi[c] = type == G7SF_TYPE_UNORM || type == G7SF_TYPE_SNORM ? 1.0f : INFINITY;
    }
}

/* Whether the format takes the 8-bit UNORM path, and where its bytes are. */
static void unorm8_codec(rt_color *rc)
{
    const struct g7sf_format_info *f = rc->fmt;
    rc->unorm8 = f->layout == G7SF_LAYOUT_CHANNELS && !f->srgb && f->unit_w == 1 &&
                 f->unit_h == 1 && f->nchannels > 0;
    for (unsigned c = 0; c < 4; c++)
        rc->byte_of[c] = -1;
    for (unsigned i = 0; rc->unorm8 && i < f->nchannels; i++) {
        const struct g7sf_format_channel *ch = &f->ch[i];
        rc->unorm8 = ch->name <= G7SF_CH_A && ch->type == G7SF_TYPE_UNORM && ch->bits == 8 &&
                     ch->shift % 8 == 0;
        if (rc->unorm8)
            rc->byte_of[ch->name] = (signed char)(ch->shift / 8);
    }
    /* what the generic decode gives for components the format lacks */
    static const unsigned char zero[16];
    g7sf_texel t;
    g7sf_texel_decode(f, zero, 0, 0, NULL, &t);
    for (unsigned c = 0; c < 4; c++)
        rc->missing[c] = t.f[c];
}

/* write_bits: the bit fields of the written channels; merge when one of
 * the format's channels is disabled. */
static void write_bits(rt_color *rc)
{
    const struct g7sf_format_info *f = rc->fmt;
    memset(rc->write_bits, 0, sizeof rc->write_bits);
    rc->merge = false;
    for (unsigned i = 0; i < f->nchannels; i++) {
        const struct g7sf_format_channel *ch = &f->ch[i];
        if (ch->name > G7SF_CH_A)
            continue;
        if (!(rc->write_mask >> ch->name & 1)) {
            rc->merge = true;
            continue;
        }
        for (unsigned b = ch->shift; b < ch->shift + ch->bits; b++)
            rc->write_bits[b / 8] |= (unsigned char)(1u << b % 8);
    }
}

int rt_color_prepare(rt_color *out, enum g7sf_platform p, const g7sf_blend_state *bs, unsigned rt,
                     const g7sf_color_calc_state *cc, const struct g7sf_format_info *fmt,
                     const char **why)
{
    rt_color rc = { .fmt = fmt };
    bool is_float;
    if (rt > 7)
        return refuse(why, "render target index above 7");
    if (!fmt || (unsigned)p > G7SF_HSW || !(fmt->caps[p] & G7SF_CAP_RENDER))
        return refuse(why, "surface format is not a render target format");
    rc.blend = bs->color_buffer_blend_enable[rt];
    rc.logic_op = bs->logic_op_enable[rt];
    rc.logic_func = bs->logic_op_function[rt];
    rc.color_func = bs->color_blend_function[rt];
    rc.src_factor = bs->source_blend_factor[rt];
    rc.dst_factor = bs->destination_blend_factor[rt];
    if (bs->independent_alpha_blend_enable[rt]) {
        rc.alpha_func = bs->alpha_blend_function[rt];
        rc.src_alpha_factor = bs->source_alpha_blend_factor[rt];
        rc.dst_alpha_factor = bs->destination_alpha_blend_factor[rt];
    } else {
        rc.alpha_func = rc.color_func;
        rc.src_alpha_factor = rc.src_factor;
        rc.dst_alpha_factor = rc.dst_factor;
    }
    rc.write_mask = (bs->write_disable_red[rt] ? 0u : 1u) | (bs->write_disable_green[rt] ? 0u : 2u) |
                    (bs->write_disable_blue[rt] ? 0u : 4u) | (bs->write_disable_alpha[rt] ? 0u : 8u);
    rc.pre_clamp = bs->pre_blend_color_clamp_enable[rt];
    rc.post_clamp = bs->post_blend_color_clamp_enable[rt];
    rc.clamp_range = bs->color_clamp_range[rt];
    rc.int_format = fmt->texel != G7SF_TEXEL_FLOAT;
    rc.constant[0] = cc->blend_constant_color_red;
    rc.constant[1] = cc->blend_constant_color_green;
    rc.constant[2] = cc->blend_constant_color_blue;
    rc.constant[3] = cc->blend_constant_color_alpha;
    is_float = fmt->nchannels && (fmt->ch[0].type == G7SF_TYPE_FLOAT ||
                                  fmt->ch[0].type == G7SF_TYPE_UFLOAT);

    if (rc.blend && rc.logic_op)
        return refuse(why, "blending and logic op both enabled");
    if (rc.blend) {
        if (!(fmt->caps[p] & G7SF_CAP_BLEND))
            return refuse(why, "blending enabled on a format that cannot blend");
        if (rc.color_func > G7SF_BLENDFUNCTION_MAX || rc.alpha_func > G7SF_BLENDFUNCTION_MAX)
            return refuse(why, "reserved blend function");
        if (!rt_blend_factor_valid(rc.src_factor) || !rt_blend_factor_valid(rc.dst_factor) ||
            !rt_blend_factor_valid(rc.src_alpha_factor) ||
            !rt_blend_factor_valid(rc.dst_alpha_factor))
            return refuse(why, "reserved blend factor");
        const unsigned factors[4] = { rc.src_factor, rc.dst_factor, rc.src_alpha_factor,
                                      rc.dst_alpha_factor };
        for (unsigned i = 0; i < 4; i++) {
            unsigned f = factors[i] & ~(unsigned)RT_BLENDFACTOR_INV;
            bool factors_used = (i < 2 ? rc.color_func : rc.alpha_func) < G7SF_BLENDFUNCTION_MIN;
            if (factors_used && (f == G7SF_BLENDFACTOR_SRC1_COLOR || f == G7SF_BLENDFACTOR_SRC1_ALPHA))
                rc.dual_source_factors = true;
        }
    }
    if (rc.logic_op && (is_float || fmt->layout != G7SF_LAYOUT_CHANNELS))
        return refuse(why, "logic op on a float or non-channel format");
    if (rc.clamp_range > G7SF_COLORCLAMP_RTFORMAT)
        return refuse(why, "reserved colour clamp range");
    if (fmt->layout != G7SF_LAYOUT_CHANNELS && rc.write_mask != 0 && rc.write_mask != 0xF)
        return refuse(why, "partial colour write disables on a YCrCb render target");
    clamp_range(&rc, rc.clamp_range);
    unorm8_codec(&rc);
    if (rc.pre_clamp && !rc.int_format)
        for (unsigned c = 0; c < 4; c++)
            rc.constant[c] = rc.constant[c] < rc.lo[c] ? rc.lo[c]
                           : rc.constant[c] > rc.hi[c] ? rc.hi[c] : rc.constant[c];
    write_bits(&rc);
    *out = rc;
    return 0;
}

/* Comparisons, not fminf/fmaxf: NaN passes through to the encoder, which
 * stores it (float) or turns it into 0 (UNORM/SNORM). */
static void clamp4(const rt_color *rc, float v[4])
{
    for (unsigned c = 0; c < 4; c++)
        v[c] = v[c] < rc->lo[c] ? rc->lo[c] : v[c] > rc->hi[c] ? rc->hi[c] : v[c];
}

/* The end of the pipeline both paths share: logic op, then the colour
 * write disables merge the encoded unit into the destination. */
static void store(const rt_color *rc, const uint8_t *enc, uint8_t *dst, unsigned n)
{
    uint8_t out[16];
    memcpy(out, enc, n);
    if (rc->logic_op)
        rt_logic_op(rc->logic_func, out, dst, n);
    if (!rc->merge) {
        memcpy(dst, out, n);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        dst[i] = (uint8_t)((dst[i] & ~rc->write_bits[i]) | (out[i] & rc->write_bits[i]));
}

void rt_color_output(const rt_color *rc, const g7sf_texel *src0, const g7sf_texel *src1,
                     void *unit, unsigned x, unsigned y)
{
    if (!rc->unorm8) {
        rt_color_output_ref(rc, src0, src1, unit, x, y);
        return;
    }
    static const g7sf_texel zero;
    g7sf_texel s = *src0, s1 = src1 ? *src1 : zero, r;
    uint8_t enc[16], *dst = unit;
    unsigned n = rc->fmt->unit_bytes;
    if (!rc->write_mask)
        return;
    if (rc->pre_clamp) {
        clamp4(rc, s.f);
        clamp4(rc, s1.f);
    }
    r = s;
    if (rc->blend) {
        float d[4];
        for (unsigned c = 0; c < 4; c++)   /* conv_unorm_to_float's expression */
            d[c] = rc->byte_of[c] < 0 ? rc->missing[c] : (float)dst[rc->byte_of[c]] / 255.0f;
        rt_blend(rc, s.f, s1.f, d, r.f);
    }
    if (rc->post_clamp)
        clamp4(rc, r.f);
    memcpy(enc, dst, n);
    for (unsigned c = 0; c < 4; c++)
        if (rc->byte_of[c] >= 0)
            enc[rc->byte_of[c]] = (uint8_t)conv_float_to_unorm(r.f[c], 8);
    store(rc, enc, dst, n);
}

void rt_color_output_ref(const rt_color *rc, const g7sf_texel *src0, const g7sf_texel *src1,
                         void *unit, unsigned x, unsigned y)
{
    static const g7sf_texel zero;
    g7sf_texel s = *src0, s1 = src1 ? *src1 : zero, r = s;
    uint8_t enc[16], *dst = unit;
    unsigned n = rc->fmt->unit_bytes;
    if (!rc->write_mask)
        return;
    if (!rc->int_format) {
        if (rc->pre_clamp) {
            clamp4(rc, s.f);
            clamp4(rc, s1.f);
        }
        r = s;
        if (rc->blend) {
            g7sf_texel d;
            g7sf_texel_decode(rc->fmt, unit, x, y, NULL, &d);
            rt_blend(rc, s.f, s1.f, d.f, r.f);
        }
        if (rc->post_clamp)
            clamp4(rc, r.f);
    }
    memcpy(enc, unit, n);
    g7sf_texel_encode(rc->fmt, &r, enc, x, y);
    store(rc, enc, dst, n);
}
