/* Texel decode: a decode unit of any format to RGBA, with the sampler's
 * channel mapping (§2.12.2.1.2, lines 2876-3056: L -> RGB, I -> RGBA,
 * A -> A, YCrCb -> (Cr, Y, Cb, 1), missing G/B 0 and A 1). */
#include <string.h>

#include "format_conv.h"
#include "format_int.h"
#include "gen7sf/format.h"
#include "texcomp.h"

uint64_t format_field(const uint8_t *p, unsigned bytes, unsigned shift, unsigned bits)
{
    unsigned first = shift / 8, n = (shift % 8 + bits + 7) / 8;
    uint64_t v = 0;
    for (unsigned i = 0; i < n && i < 8 && first + i < bytes; i++)
        v |= (uint64_t)p[first + i] << (8 * i);
    v >>= shift % 8;
    return bits == 64 ? v : v & ((1ull << bits) - 1);
}

static int32_t sign_extend(uint64_t v, unsigned bits)
{
    if (bits >= 32)
        return (int32_t)(uint32_t)v;
    uint32_t sign = 1u << (bits - 1);
    return (int32_t)(((uint32_t)v ^ sign) - sign);
}

/* One channel field as the texel's float or 32-bit integer. */
static void channel_value(const struct g7sf_format_channel *c, uint64_t v, int srgb,
                          g7sf_texel *t, unsigned slot)
{
    switch (c->type) {
    case G7SF_TYPE_UNORM:
        t->f[slot] = srgb ? conv_srgb_unorm_to_linear((uint32_t)v, c->bits)
                          : conv_unorm_to_float((uint32_t)v, c->bits);
        break;
    case G7SF_TYPE_SNORM:   t->f[slot] = conv_snorm_to_float(sign_extend(v, c->bits), c->bits); break;
    case G7SF_TYPE_SINT:    t->i[slot] = sign_extend(v, c->bits); break;
    case G7SF_TYPE_USCALED: t->f[slot] = (float)v; break;
    case G7SF_TYPE_SSCALED: t->f[slot] = (float)sign_extend(v, c->bits); break;
    case G7SF_TYPE_SFIXED:  t->f[slot] = (float)((double)sign_extend(v, c->bits) / 65536.0); break;
    case G7SF_TYPE_UFLOAT:  t->f[slot] = conv_ufloat_to_float((uint32_t)v, c->bits - 5u); break;
    case G7SF_TYPE_FLOAT:
        if (c->bits == 16) {
            t->f[slot] = conv_half_to_float((uint16_t)v);
        } else if (c->bits == 64) {
            double d;
            memcpy(&d, &v, sizeof d);
            t->f[slot] = (float)d;
        } else {
            t->u[slot] = (uint32_t)v;
        }
        break;
    default:                t->u[slot] = (uint32_t)v; break;   /* UINT */
    }
}

static void set_default(const struct g7sf_format_info *f, g7sf_texel *t)
{
    if (f->texel == G7SF_TEXEL_FLOAT) {
        t->f[0] = t->f[1] = t->f[2] = 0.0f;
        t->f[3] = 1.0f;
    } else {
        t->u[0] = t->u[1] = t->u[2] = 0;
        t->u[3] = 1;
    }
}

static void palette_entry(uint32_t e, g7sf_texel *t)
{
    t->f[0] = conv_unorm_to_float(e >> 16 & 255, 8);
    t->f[1] = conv_unorm_to_float(e >> 8 & 255, 8);
    t->f[2] = conv_unorm_to_float(e & 255, 8);
    t->f[3] = conv_unorm_to_float(e >> 24, 8);
}

/* Channel layouts (and palettes): texel k of a sub-byte unit sits k * bpb
 * bits up, lowest bits first (docs/spec-notes.md).  A palette index is
 * looked up first so that a format's own alpha (P4A4, A8P8) replaces the
 * palette's. */
static int decode_channels(const struct g7sf_format_info *f, const uint8_t *p, unsigned x,
                           const g7sf_palettes *pal, g7sf_texel *t)
{
    unsigned base = (x % f->unit_w) * f->bits_per_block;
    /* Units of up to 8 bytes (all but the 64-bit-channel and 96/128-bit
     * formats) are read once. */
    int small = f->unit_bytes <= 8;
    uint64_t word = small ? format_field(p, f->unit_bytes, 0, 64) : 0;
    set_default(f, t);
    for (unsigned pass = f->layout == G7SF_LAYOUT_PALETTE ? 0 : 1; pass < 2; pass++) {
        for (unsigned k = 0; k < f->nchannels; k++) {
            const struct g7sf_format_channel *c = &f->ch[k];
            if ((c->name == G7SF_CH_P) != (pass == 0))
                continue;
            uint64_t v = !small ? format_field(p, f->unit_bytes, base + c->shift, c->bits)
                         : c->bits == 64 ? word      /* R64_FLOAT, R64_PASSTHRU */
                         : word >> (base + c->shift) & ((1ull << c->bits) - 1);
            if (c->type == G7SF_TYPE_RAW) {       /* PASSTHRU: R64, G64 as two words each */
                if (c->name <= G7SF_CH_G) {
                    t->u[2 * c->name] = (uint32_t)v;
                    t->u[2 * c->name + 1] = (uint32_t)(v >> 32);
                }
                continue;
            }
            switch (c->name) {
            case G7SF_CH_P:
                if (!pal)
                    return G7SF_EINVAL;
                palette_entry(pal->entry[f->palette][v], t);
                break;
            case G7SF_CH_R: case G7SF_CH_G: case G7SF_CH_B:
                channel_value(c, v, f->srgb, t, c->name);
                break;
            case G7SF_CH_A:
                channel_value(c, v, 0, t, 3);
                break;
            case G7SF_CH_L: case G7SF_CH_I:
                channel_value(c, v, f->srgb, t, 0);
                t->u[1] = t->u[2] = t->u[0];
                if (c->name == G7SF_CH_I)
                    t->u[3] = t->u[0];
                break;
            default:                              /* X, E */
                break;
            }
        }
    }
    return 0;
}

static void decode_sharedexp(const uint8_t *p, g7sf_texel *t)
{
    conv_rgb9e5_to_float((uint32_t)format_field(p, 4, 0, 32), t->f);
    t->f[3] = 1.0f;
}

static void decode_ycrcb(const struct g7sf_format_info *f, const uint8_t *p, unsigned x,
                         g7sf_texel *t)
{
    const uint8_t *o = format_ycrcb_order(f->code);
    t->f[0] = conv_unorm_to_float(p[o[3]], 8);
    t->f[1] = conv_unorm_to_float(p[o[x % 2]], 8);
    t->f[2] = conv_unorm_to_float(p[o[2]], 8);
    t->f[3] = 1.0f;
}

void g7sf_planar_420_8_decode(uint8_t y, const uint8_t uv[2], g7sf_texel *out)
{
    out->f[0] = conv_unorm_to_float(uv[1], 8);
    out->f[1] = conv_unorm_to_float(y, 8);
    out->f[2] = conv_unorm_to_float(uv[0], 8);
    out->f[3] = 1.0f;
}

/* A compressed block, all texels, sRGB applied to RGB of the sRGB formats
 * (whose decoders all produce 8-bit values). */
static void decode_compressed(const struct g7sf_format_info *f, const uint8_t *p,
                              float (*texels)[4])
{
    switch (f->code) {
    case G7SF_FORMAT_BC1_UNORM: case G7SF_FORMAT_BC1_UNORM_SRGB:
        texcomp_bc1(p, 0, texels); break;
    case G7SF_FORMAT_DXT1_RGB: case G7SF_FORMAT_DXT1_RGB_SRGB:
        texcomp_bc1(p, 1, texels); break;
    case G7SF_FORMAT_BC2_UNORM: case G7SF_FORMAT_BC2_UNORM_SRGB:
        texcomp_bc2(p, texels); break;
    case G7SF_FORMAT_BC3_UNORM: case G7SF_FORMAT_BC3_UNORM_SRGB:
        texcomp_bc3(p, texels); break;
    case G7SF_FORMAT_BC4_UNORM: texcomp_bc4(p, 0, texels); break;
    case G7SF_FORMAT_BC4_SNORM: texcomp_bc4(p, 1, texels); break;
    case G7SF_FORMAT_BC5_UNORM: texcomp_bc5(p, 0, texels); break;
    case G7SF_FORMAT_BC5_SNORM: texcomp_bc5(p, 1, texels); break;
    case G7SF_FORMAT_BC6H_UF16: texcomp_bc6h(p, 0, texels); break;
    case G7SF_FORMAT_BC6H_SF16: texcomp_bc6h(p, 1, texels); break;
    case G7SF_FORMAT_BC7_UNORM: case G7SF_FORMAT_BC7_UNORM_SRGB:
        texcomp_bc7(p, texels); break;
    case G7SF_FORMAT_ETC1_RGB8: texcomp_etc1(p, texels); break;
    case G7SF_FORMAT_ETC2_RGB8: case G7SF_FORMAT_ETC2_SRGB8:
        texcomp_etc2_rgb8(p, 0, texels); break;
    case G7SF_FORMAT_ETC2_RGB8_PTA: case G7SF_FORMAT_ETC2_SRGB8_PTA:
        texcomp_etc2_rgb8(p, 1, texels); break;
    case G7SF_FORMAT_ETC2_EAC_RGBA8: case G7SF_FORMAT_ETC2_EAC_SRGB8_A8:
        texcomp_etc2_eac_rgba8(p, texels); break;
    case G7SF_FORMAT_EAC_R11:         texcomp_eac_r11(p, 0, texels); break;
    case G7SF_FORMAT_EAC_SIGNED_R11:  texcomp_eac_r11(p, 1, texels); break;
    case G7SF_FORMAT_EAC_RG11:        texcomp_eac_rg11(p, 0, texels); break;
    case G7SF_FORMAT_EAC_SIGNED_RG11: texcomp_eac_rg11(p, 1, texels); break;
    default:                          texcomp_fxt1(p, texels); break;   /* FXT1 */
    }
    if (!f->srgb)
        return;
    for (unsigned i = 0; i < (unsigned)f->unit_w * f->unit_h; i++)
        for (unsigned c = 0; c < 3; c++)
            texels[i][c] = conv_srgb_unorm_to_linear((uint32_t)(texels[i][c] * 255.0f + 0.5f), 8);
}

/* Any layout but COMPRESSED: texel (x, y) of the unit. */
static int decode_one(const struct g7sf_format_info *f, const uint8_t *p, unsigned x,
                      const g7sf_palettes *pal, g7sf_texel *t)
{
    switch (f->layout) {
    case G7SF_LAYOUT_CHANNELS:
    case G7SF_LAYOUT_PALETTE:
        return decode_channels(f, p, x, pal, t);
    case G7SF_LAYOUT_SHAREDEXP:
        decode_sharedexp(p, t);
        return 0;
    case G7SF_LAYOUT_YCRCB:
        decode_ycrcb(f, p, x, t);
        return 0;
    case G7SF_LAYOUT_Y8:
        t->f[0] = t->f[2] = 0.0f;
        t->f[1] = conv_unorm_to_float(p[0], 8);
        t->f[3] = 1.0f;
        return 0;
    case G7SF_LAYOUT_MONO:
        t->f[0] = t->f[1] = t->f[2] = t->f[3] = (float)(p[0] >> (x % 8) & 1);
        return 0;
    default:                                   /* RAW, PLANAR */
        return G7SF_ENOTIMPL;
    }
}

int g7sf_unit_decode(const struct g7sf_format_info *f, const void *unit,
                     const g7sf_palettes *pal, g7sf_texel *out)
{
    if (!f || !unit || !out)
        return G7SF_EINVAL;
    unsigned n = (unsigned)f->unit_w * f->unit_h;
    if (f->layout == G7SF_LAYOUT_COMPRESSED) {
        float texels[32][4];
        decode_compressed(f, unit, texels);
        for (unsigned i = 0; i < n; i++)
            memcpy(out[i].f, texels[i], sizeof texels[i]);
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        int err = decode_one(f, unit, i, pal, &out[i]);
        if (err)
            return err;
    }
    return 0;
}

int g7sf_texel_decode(const struct g7sf_format_info *f, const void *unit, unsigned x,
                      unsigned y, const g7sf_palettes *pal, g7sf_texel *out)
{
    if (!f || !unit || !out)
        return G7SF_EINVAL;
    if (f->layout == G7SF_LAYOUT_COMPRESSED) {
        float texels[32][4];
        decode_compressed(f, unit, texels);
        memcpy(out->f, texels[(y % f->unit_h) * f->unit_w + x % f->unit_w], sizeof out->f);
        return 0;
    }
    return decode_one(f, unit, x, pal, out);
}
