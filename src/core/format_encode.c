/* Texel encode: RGBA (floats, or integers for UINT/SINT formats) into a
 * decode unit, as render target writes and typed writes store it.  The
 * rounding rules are in format_conv.h and docs/spec-notes.md ("Texel
 * conversion rules"). */
#include <math.h>
#include <string.h>

#include "format_conv.h"
#include "format_int.h"
#include "gen7sf/format.h"

static void put_field(uint8_t *p, unsigned bytes, unsigned shift, unsigned bits, uint64_t v)
{
    for (unsigned b = 0; b < bits; ) {
        unsigned byte = (shift + b) / 8, at = (shift + b) % 8;
        unsigned n = 8 - at < bits - b ? 8 - at : bits - b;
        if (byte >= bytes)
            return;
        uint8_t mask = (uint8_t)(((1u << n) - 1) << at);
        p[byte] = (uint8_t)((p[byte] & ~mask) | ((uint8_t)(v >> b << at) & mask));
        b += n;
    }
}

/* Float to a signed or unsigned integer field (SCALED, SFIXED): NaN -> 0,
 * round to nearest even, clamp to the field. */
static uint64_t float_to_int_field(double f, unsigned bits, int is_signed)
{
    double lo = is_signed ? -ldexp(1.0, (int)bits - 1) : 0.0;
    double hi = is_signed ? ldexp(1.0, (int)bits - 1) - 1.0 : ldexp(1.0, (int)bits) - 1.0;
    if (f != f)
        return 0;
    f = nearbyint(f);
    f = f < lo ? lo : f > hi ? hi : f;
    return (uint64_t)(int64_t)f;
}

static uint64_t uint_field(uint32_t u, unsigned bits)
{
    uint32_t max = bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
    return u > max ? max : u;
}

static uint64_t sint_field(int32_t i, unsigned bits)
{
    int32_t max = bits >= 32 ? INT32_MAX : (int32_t)((1u << (bits - 1)) - 1);
    int32_t min = -max - 1;
    return (uint64_t)(int64_t)(i > max ? max : i < min ? min : i);
}

static uint64_t float_field(float f, unsigned bits)
{
    if (bits == 16)
        return conv_float_to_half(f);
    if (bits == 64) {
        double d = f;
        uint64_t v;
        memcpy(&v, &d, sizeof v);
        return v;
    }
    uint32_t v;
    memcpy(&v, &f, sizeof v);
    return v;
}

/* The field of channel c from source slot s of the texel. */
static uint64_t channel_field(const struct g7sf_format_channel *c, const g7sf_texel *in,
                              unsigned s, int srgb)
{
    float f = in->f[s];
    switch (c->type) {
    case G7SF_TYPE_UNORM:
        return srgb ? conv_linear_to_srgb_unorm(f, c->bits) : conv_float_to_unorm(f, c->bits);
    case G7SF_TYPE_SNORM:   return conv_float_to_snorm(f, c->bits);
    case G7SF_TYPE_UINT:    return uint_field(in->u[s], c->bits);
    case G7SF_TYPE_SINT:    return sint_field(in->i[s], c->bits);
    case G7SF_TYPE_FLOAT:   return float_field(f, c->bits);
    case G7SF_TYPE_UFLOAT:  return conv_float_to_ufloat(f, c->bits - 5u);
    case G7SF_TYPE_USCALED: return float_to_int_field(f, c->bits, 0);
    case G7SF_TYPE_SSCALED: return float_to_int_field(f, c->bits, 1);
    case G7SF_TYPE_SFIXED:  return float_to_int_field((double)f * 65536.0, c->bits, 1);
    default:                return 0;       /* X */
    }
}

static void encode_channels(const struct g7sf_format_info *f, const g7sf_texel *in,
                            uint8_t *p, unsigned x)
{
    unsigned base = (x % f->unit_w) * f->bits_per_block;
    for (unsigned k = 0; k < f->nchannels; k++) {
        const struct g7sf_format_channel *c = &f->ch[k];
        /* L and I take red; A never takes the sRGB curve. */
        unsigned s = c->name <= G7SF_CH_A ? c->name : 0;
        int srgb = f->srgb && c->name != G7SF_CH_A;
        put_field(p, f->unit_bytes, base + c->shift, c->bits,
                  c->name == G7SF_CH_X ? 0 : channel_field(c, in, s, srgb));
    }
}

int g7sf_texel_encode(const struct g7sf_format_info *f, const g7sf_texel *in, void *unit,
                      unsigned x, unsigned y)
{
    (void)y;                                 /* every encodable unit is one row high */
    if (!f || !in || !unit)
        return G7SF_EINVAL;
    uint8_t *p = unit;
    switch (f->layout) {
    case G7SF_LAYOUT_CHANNELS:
        for (unsigned k = 0; k < f->nchannels; k++)
            if (f->ch[k].type == G7SF_TYPE_RAW)
                return G7SF_ENOTIMPL;        /* PASSTHRU */
        encode_channels(f, in, p, x);
        return 0;
    case G7SF_LAYOUT_SHAREDEXP:
        put_field(p, 4, 0, 32, conv_float_to_rgb9e5(in->f));
        return 0;
    case G7SF_LAYOUT_YCRCB: {
        const uint8_t *o = format_ycrcb_order(f->code);
        p[o[x % 2]] = (uint8_t)conv_float_to_unorm(in->f[1], 8);
        p[o[2]] = (uint8_t)conv_float_to_unorm(in->f[2], 8);
        p[o[3]] = (uint8_t)conv_float_to_unorm(in->f[0], 8);
        return 0;
    }
    case G7SF_LAYOUT_Y8:
        p[0] = (uint8_t)conv_float_to_unorm(in->f[1], 8);
        return 0;
    case G7SF_LAYOUT_MONO:
        put_field(p, 1, x % 8, 1, in->f[0] >= 0.5f);
        return 0;
    default:                                 /* compressed, palette, planar, RAW */
        return G7SF_ENOTIMPL;
    }
}
