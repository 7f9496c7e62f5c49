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

/* One texel the way the per-lane path reads it: in place where it can. */
static void ld_fetch(smp_ctx *c, unsigned plod, uint32_t x, uint32_t y, uint32_t slice,
                     g7sf_texel *out)
{
    if (c->direct && c->tex->surf.type != G7SF_SURFTYPE_BUFFER)
        smp_fetch_2d(c, smp_image_at(c, plod, slice), plod, x, y, slice, out);
    else
        smp_fetch(c, plod, x, y, slice, 0, out);
}

/* The lanes of todo (2D, in range; texel[], plod[], slice[] theirs)
 * through lanes.c's ld kernel in groups of one level and slice; a group
 * it sends back, lane by lane. */
static void ld_lanes(smp_ctx *c, smp_lanes *g, unsigned todo, const unsigned *plod,
                     const uint32_t *slice, g7sf_sample_result *out)
{
    while (todo) {
        unsigned first = (unsigned)__builtin_ctz(todo), group = 0;
        for (unsigned i = first; i < SMP_LANES; i++)
            if ((todo >> i & 1) && plod[i] == plod[first] && slice[i] == slice[first])
                group |= 1u << i;
        todo &= ~group;
        smp_lanes_level lv = { .m = smp_image_at(c, plod[first], slice[first]) };
        for (unsigned i = 0; i < SMP_LANES; i++)
            g->act[i] = group >> i & 1;
        float o[4][SMP_LANES];
        bool ok = lv.m && smp_lanes_run(SMP_LANES_LD, c, g, &lv, o);
        smp_lanes_count += ok;
        for (unsigned i = 0; i < SMP_LANES; i++) {
            if (!(group >> i & 1))
                continue;
            if (ok)
                for (unsigned k = 0; k < 4; k++)
                    out->px[i].f[k] = o[k][i];
            else
                ld_fetch(c, plod[i], g->texel[0][i], g->texel[1][i], slice[i], &out->px[i]);
        }
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
    /* 2D float-result surfaces go through the lanes kernel, in range */
    bool lanes = type == G7SF_SURFTYPE_2D && c->cls == G7SF_TEXEL_FLOAT &&
                 c->fmt->layout != G7SF_LAYOUT_PLANAR && !smp_reference() && a->n <= SMP_LANES;
    smp_lanes g;
    unsigned todo = 0, plod[SMP_LANES];
    uint32_t slices[SMP_LANES];
    g.n = a->n;
    memset(g.texel, 0, sizeof g.texel);   /* lanes outside todo compute on zeros */
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
        unsigned p = t->surface_min_lod + (unsigned)lod;
        if (!lanes) {
            ld_fetch(c, p, (uint32_t)x, (uint32_t)y, slice, &out->px[i]);
            continue;
        }
        g.texel[0][i] = (uint32_t)x, g.texel[1][i] = (uint32_t)y;
        plod[i] = p, slices[i] = slice;
        todo |= 1u << i;
    }
    ld_lanes(c, &g, todo, plod, slices, out);
    return 0;
}
