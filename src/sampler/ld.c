/* The ld message (§2.13.1.4): an unfiltered texel at integer coordinates,
 * zero outside the surface or MIP range. */
#include <string.h>

#include "smp.h"

static bool has_alpha(const struct g7sf_format_info *f)
{
    switch (f->layout) {
    case G7SF_LAYOUT_PALETTE:
        return true;
    case G7SF_LAYOUT_COMPRESSED:
        return !strncmp(f->name, "BC1", 3) || !strncmp(f->name, "BC2", 3) ||
               !strncmp(f->name, "BC3", 3) || !strncmp(f->name, "BC7", 3) ||
               !strncmp(f->name, "FXT1", 4) || strstr(f->name, "RGBA") || strstr(f->name, "PTA");
    case G7SF_LAYOUT_CHANNELS:
        for (unsigned i = 0; i < f->nchannels; i++)
            if (f->ch[i].name == G7SF_CH_A || f->ch[i].name == G7SF_CH_I)
                return true;
        return false;
    default:
        return false;
    }
}

/* ld's erratum (§2.13.1.4 programming notes): these formats without alpha
 * read alpha 0, not 1, outside the surface. */
static bool ld_alpha_erratum(unsigned code)
{
    static const uint16_t list[] = {
        G7SF_FORMAT_R32G32B32X32_FLOAT, G7SF_FORMAT_X32_TYPELESS_G8X24_UINT,
        G7SF_FORMAT_R16G16B16X16_UNORM, G7SF_FORMAT_R16G16B16X16_FLOAT,
        G7SF_FORMAT_X24_TYPELESS_G8_UINT, G7SF_FORMAT_L24X8_UNORM, G7SF_FORMAT_L32_FLOAT,
        G7SF_FORMAT_B8G8R8X8_UNORM, G7SF_FORMAT_B8G8R8X8_UNORM_SRGB,
        G7SF_FORMAT_R8G8B8X8_UNORM, G7SF_FORMAT_R8G8B8X8_UNORM_SRGB,
        G7SF_FORMAT_B10G10R10X2_UNORM, G7SF_FORMAT_B5G6R5_UNORM,
        G7SF_FORMAT_B5G6R5_UNORM_SRGB, G7SF_FORMAT_L16_UNORM,
        G7SF_FORMAT_R5G5_SNORM_B6_UNORM, G7SF_FORMAT_L8_UNORM, G7SF_FORMAT_L8_UNORM_SRGB,
        G7SF_FORMAT_R1_UNORM, G7SF_FORMAT_BC4_UNORM,
    };
    for (unsigned i = 0; i < sizeof list / sizeof list[0]; i++)
        if (list[i] == code)
            return true;
    return false;
}

void smp_zero_texel(const smp_ctx *c, g7sf_texel *t)
{
    memset(t, 0, sizeof *t);
    if (c->fmt && !has_alpha(c->fmt) && !(c->op == G7SF_OP_LD && ld_alpha_erratum(c->fmt->code))) {
        if (c->cls == G7SF_TEXEL_FLOAT)
            t->f[3] = 1.0f;
        else
            t->u[3] = 1;
    }
}

int smp_ld(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    const g7sf_texture *t = c->tex;
    unsigned type = t->surf.type;
    if (type == G7SF_SURFTYPE_CUBE || type == G7SF_SURFTYPE_STRBUF || t->surf.samples > 1 ||
        c->fmt->layout == G7SF_LAYOUT_MONO)
        return G7SF_ESTATE;
    /* the array index rides in the parameter after the last coordinate */
    bool arrayed = type != G7SF_SURFTYPE_3D && type != G7SF_SURFTYPE_BUFFER;
    unsigned ai_param = type == G7SF_SURFTYPE_1D ? G7SF_PARAM_V : G7SF_PARAM_R;
    for (unsigned i = 0; i < a->n; i++) {
        if (!(a->mask >> i & 1))
            continue;
        int64_t x = (int64_t)a->p[G7SF_PARAM_U][i].i + a->offset[0];
        int64_t y = type == G7SF_SURFTYPE_1D || type == G7SF_SURFTYPE_BUFFER
                        ? 0 : (int64_t)a->p[G7SF_PARAM_V][i].i + a->offset[1];
        int64_t z = type == G7SF_SURFTYPE_3D ? (int64_t)a->p[G7SF_PARAM_R][i].i + a->offset[2] : 0;
        int64_t ai = arrayed ? a->p[ai_param][i].i : 0;
        int64_t lod = type == G7SF_SURFTYPE_BUFFER ? 0 : a->p[G7SF_PARAM_LOD][i].i;
        uint32_t w, h, d;
        bool in = lod >= 0 && lod <= t->mip_count;
        if (in) {
            g7sf_surface_level_size(&t->surf, t->surface_min_lod + (unsigned)lod, &w, &h, &d);
            if (type != G7SF_SURFTYPE_3D)
                d = 1;
            in = x >= 0 && x < w && y >= 0 && y < h && z >= 0 && z < d && ai >= 0 &&
                 ai < t->array_len;
        }
        if (!in) {
            smp_zero_texel(c, &out->px[i]);
            continue;
        }
        uint32_t slice = type == G7SF_SURFTYPE_3D ? (uint32_t)z : t->min_array_element + (uint32_t)ai;
        unsigned plod = t->surface_min_lod + (unsigned)lod;
        if (c->direct && type != G7SF_SURFTYPE_BUFFER)   /* read in place where it can */
            smp_fetch_2d(c, smp_image_at(c, plod, slice), plod, (uint32_t)x, (uint32_t)y, slice,
                         &out->px[i]);
        else
            smp_fetch(c, plod, (uint32_t)x, (uint32_t)y, slice, 0, &out->px[i]);
    }
    return 0;
}
