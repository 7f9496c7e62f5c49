/* 8-bit RGBA images to and from surface texels (see tex_image.h). */
#include "tex_image.h"

static uint8_t to_byte(double v)
{
    return !(v > 0.0) ? 0 : v >= 1.0 ? 255 : (uint8_t)(v * 255.0 + 0.5);
}

static uint8_t clamp_byte(int64_t v)
{
    return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v;
}

static int has_alpha_channel(const struct g7sf_format_info *f)
{
    for (unsigned k = 0; k < f->nchannels; k++)
        if (f->ch[k].name == G7SF_CH_A || f->ch[k].name == G7SF_CH_I)
            return 1;
    return 0;
}

static void pixel_to_texel(const struct g7sf_format_info *f, const uint8_t *p, g7sf_texel *t)
{
    for (int c = 0; c < 4; c++) {
        if (f->texel == G7SF_TEXEL_UINT)
            t->u[c] = p[c];
        else if (f->texel == G7SF_TEXEL_SINT)
            t->i[c] = p[c];
        else
            t->f[c] = f->srgb && c < 3 ? g7sf_srgb_to_linear(p[c] / 255.0f) : p[c] / 255.0f;
    }
}

static void texel_to_pixel(const struct g7sf_format_info *f, int alpha, const g7sf_texel *t,
                           uint8_t *p)
{
    for (int c = 0; c < 4; c++) {
        if (f->texel == G7SF_TEXEL_UINT)
            p[c] = clamp_byte(t->u[c]);
        else if (f->texel == G7SF_TEXEL_SINT)
            p[c] = clamp_byte(t->i[c]);
        else
            p[c] = to_byte(f->srgb && c < 3 ? g7sf_linear_to_srgb(t->f[c]) : t->f[c]);
    }
    if (f->texel != G7SF_TEXEL_FLOAT && !alpha)
        p[3] = 255;
}

int tex_image_encode(tex_surf *t, const uint8_t *rgba, vio_error *err)
{
    const struct g7sf_format_info *f = t->fmt;
    for (uint32_t y = 0; y < t->s.height; y++) {
        for (uint32_t x = 0; x < t->s.width; x++) {
            g7sf_texel tx;
            uint8_t *unit = tex_surf_unit(t, x, y);
            if (!unit)
                return vio_fail(err, VIO_E_ARG, "texel (%u, %u) outside the surface", x, y);
            pixel_to_texel(f, rgba + ((size_t)y * t->s.width + x) * 4, &tx);
            int rc = g7sf_texel_encode(f, &tx, unit, x % f->unit_w, y % f->unit_h);
            if (rc == G7SF_ENOTIMPL)
                return vio_fail(err, VIO_E_UNSUPPORTED,
                                "%s: no encoder (compressed, paletted, planar, RAW and PASSTHRU "
                                "formats are decode only)", f->name);
            if (rc)
                return vio_fail(err, VIO_E_ARG, "%s: encode failed (%d)", f->name, rc);
        }
    }
    return 0;
}

int tex_image_decodable(const struct g7sf_format_info *f, vio_error *err)
{
    if (f->texel == G7SF_TEXEL_NONE || f->layout == G7SF_LAYOUT_PLANAR ||
        f->layout == G7SF_LAYOUT_PALETTE)
        return vio_fail(err, VIO_E_UNSUPPORTED, "%s: not decodable from the surface alone (%s)",
                        f->name, f->layout == G7SF_LAYOUT_PALETTE ? "needs the sampler palette"
                        : f->layout == G7SF_LAYOUT_PLANAR ? "needs its UV plane"
                                                         : "RAW has no texels");
    return 0;
}

int tex_image_decode(const tex_surf *t, uint8_t *rgba, int *has_alpha, vio_error *err)
{
    const struct g7sf_format_info *f = t->fmt;
    const int alpha = has_alpha_channel(f);
    const uint32_t w = t->s.width, h = t->s.height;
    *has_alpha = 0;
    if (tex_image_decodable(f, err))
        return err->code;
    for (uint32_t y0 = 0; y0 < h; y0 += f->unit_h) {
        for (uint32_t x0 = 0; x0 < w; x0 += f->unit_w) {
            g7sf_texel texels[32];
            const uint8_t *unit = tex_surf_unit(t, x0, y0);
            int rc = unit ? g7sf_unit_decode(f, unit, NULL, texels) : G7SF_EFAULT;
            if (rc)
                return vio_fail(err, VIO_E_ARG, "%s: decode failed at (%u, %u) (%d)", f->name,
                                x0, y0, rc);
            for (uint32_t j = 0; j < f->unit_h && y0 + j < h; j++) {
                for (uint32_t i = 0; i < f->unit_w && x0 + i < w; i++) {
                    uint8_t *p = rgba + ((size_t)(y0 + j) * w + x0 + i) * 4;
                    texel_to_pixel(f, alpha, &texels[j * f->unit_w + i], p);
                    *has_alpha |= p[3] != 255;
                }
            }
        }
    }
    return 0;
}
