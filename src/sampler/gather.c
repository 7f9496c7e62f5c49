/* gather4, gather4_c, gather4_po, gather4_po_c (§2.13.1.4, L4745-4781): the
 * 2x2 bilinear footprint at the view's first level, unfiltered: one channel
 * of each texel (or its shadow compare result) into red = lower left, green
 * = lower right, blue = upper right, alpha = upper left, which is also
 * OpenGL's textureGather order (i0j1, i1j1, i1j0, i0j0). */
#include "smp.h"

/* gather4_c's formats (L4769). */
static bool shadow_gather_format(unsigned code)
{
    return code == G7SF_FORMAT_R32_FLOAT_X8X24_TYPELESS || code == G7SF_FORMAT_R32_FLOAT ||
           code == G7SF_FORMAT_R24_UNORM_X8_TYPELESS || code == G7SF_FORMAT_R16_UNORM;
}

/* gather4_po's offu/offv: the low 6 bits as a signed value, -32..31. */
static int offset6(int32_t v)
{
    return (int)((uint32_t)v & 0x3f) - ((uint32_t)v & 0x20 ? 64 : 0);
}

/* The lanes of todo through lanes.c's gather kernel, in groups of one
 * slice, on a 2D surface (c->quad) without chroma key: each position as
 * the per-pixel loop below makes it.  Returns the lanes left to that loop
 * (a missing image, a position or texel the kernel sends back). */
static unsigned gather_lanes(smp_ctx *c, const g7sf_sample_args *a, const smp_level *L,
                             unsigned src, bool po, unsigned todo, g7sf_sample_result *out)
{
    const bool unnorm = c->smp->state.non_normalized_coordinate_enable;
    smp_lanes g;
    uint32_t slice[SMP_LANES];
    unsigned left = 0;
    g.n = a->n;
    for (unsigned i = 0; i < SMP_LANES; i++) {
        for (unsigned k = 0; k < 2; k++) {
            float p = a->p[k ? G7SF_PARAM_V : G7SF_PARAM_U][i].f;
            if (!unnorm)
                p *= (float)L->size[k];
            int32_t off = a->p[k ? G7SF_PARAM_OFFV : G7SF_PARAM_OFFU][i].i;
            g.p[k][i] = p + (float)(po ? offset6(off) : a->offset[k]);
        }
        g.ref[i] = a->p[G7SF_PARAM_REF][i].f;
        slice[i] = c->tex->array_len > 1 ? smp_slice(c, a->p[G7SF_PARAM_R][i].f, 0)
                                         : c->tex->min_array_element;
    }
    while (todo) {
        unsigned first = (unsigned)__builtin_ctz(todo), group = 0;
        for (unsigned i = first; i < SMP_LANES; i++)
            if ((todo >> i & 1) && slice[i] == slice[first])
                group |= 1u << i;
        todo &= ~group;
        smp_lanes_level lv = {
            .m = smp_image_at(c, L->lod, slice[first]), .size = { L->size[0], L->size[1] },
            .ratio = { 1.0f, 1.0f }, .round = { c->round[0], c->round[1] },
            .mode = { c->mode[0], c->mode[1] }, .channel = src,
        };
        for (unsigned i = 0; i < SMP_LANES; i++)
            g.act[i] = group >> i & 1;
        float o[4][SMP_LANES];
        if (!lv.m || !smp_lanes_run(SMP_LANES_GATHER, c, &g, &lv, o)) {
            left |= group;
            continue;
        }
        smp_lanes_count++;
        for (unsigned i = 0; i < SMP_LANES; i++)
            if (group >> i & 1)
                for (unsigned k = 0; k < 4; k++)
                    out->px[i].f[k] = o[k][i];
    }
    return left;
}

int smp_gather4(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    const g7sf_texture *t = c->tex;
    const bool po = c->op == G7SF_OP_GATHER4_PO || c->op == G7SF_OP_GATHER4_PO_C;
    unsigned type = t->surf.type;
    if ((type != G7SF_SURFTYPE_2D && (type != G7SF_SURFTYPE_CUBE || po)) ||
        c->cls != G7SF_TEXEL_FLOAT || c->fmt->layout == G7SF_LAYOUT_MONO ||
        t->surf.samples > 1 || (c->compare && !shadow_gather_format(t->format)))
        return G7SF_ESTATE;
    const g7sf_sampler_state *ss = &c->smp->state;
    /* LOD 0 magnifies: the mag rounding enables apply */
    c->round[0] = ss->u_address_mag_rounding, c->round[1] = ss->v_address_mag_rounding;
    smp_level L = { .lod = t->surface_min_lod, .size = { 1, 1, 1 }, .slice = 0 };
    g7sf_surface_level_size(&t->surf, L.lod, &L.size[0], &L.size[1], NULL);
    /* the channel through Shader Channel Select (Haswell): a surface
     * channel, or SCS_ZERO / SCS_ONE for four constants; compare: every
     * channel holds the result */
    const int src = smp_channel_source(c, c->compare ? 0 : a->gather_channel & 3);
    out->type = G7SF_TEXEL_FLOAT;
    /* c->quad: 2D, no border mode on u or v (not a cube); read in place */
    const bool direct = c->direct && c->quad && !c->chroma;
    unsigned todo = a->mask & ((1u << a->n) - 1);
    if (c->quad && !c->chroma && !smp_reference() && src >= 0 && !ss->sampler_disable)
        todo = gather_lanes(c, a, &L, (unsigned)src, po, todo, out);
    for (unsigned i = 0; i < a->n; i++) {
        if (!(todo >> i & 1))
            continue;
        if (ss->sampler_disable) {   /* every channel reads 0, as for sample */
            out->px[i] = (g7sf_texel){ .f = { 0 } };
            continue;
        }
        float p[3] = { a->p[G7SF_PARAM_U][i].f, a->p[G7SF_PARAM_V][i].f, 0.0f };
        if (c->cube) {   /* u, v, r a direction, ai the cube; no offsets (L4479) */
            static const float no_deriv[2][3];
            const float dir[3] = { p[0], p[1], a->p[G7SF_PARAM_R][i].f };
            float st[2], dst[2][2];
            unsigned face;
            smp_cube_map(dir, no_deriv, &face, st, dst);
            L.slice = smp_slice(c, a->p[G7SF_PARAM_AI][i].f, face);
            p[0] = st[0] * (float)L.size[0], p[1] = st[1] * (float)L.size[1];
        } else {
            L.slice = smp_slice(c, a->p[G7SF_PARAM_R][i].f, 0);
            if (!ss->non_normalized_coordinate_enable)
                p[0] *= (float)L.size[0], p[1] *= (float)L.size[1];
            p[0] += (float)(po ? offset6(a->p[G7SF_PARAM_OFFU][i].i) : a->offset[0]);
            p[1] += (float)(po ? offset6(a->p[G7SF_PARAM_OFFV][i].i) : a->offset[1]);
        }
        c->ref = a->p[G7SF_PARAM_REF][i].f;
        int64_t i0[3];
        unsigned w1[3];
        smp_linear_footprint(c, p, i0, w1);
        /* (dx, dy) of red, green, blue, alpha from the upper-left texel */
        static const uint8_t corner[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
        for (unsigned k = 0; k < 4; k++) {
            g7sf_texel tx;
            if (src < 0) {
                out->px[i].f[k] = src == -1 ? 0.0f : 1.0f;
                continue;
            }
            int64_t x = i0[0] + corner[k][0], y = i0[1] + corner[k][1];
            if (direct) {   /* smp_texel_at's steps for these surfaces, in place */
                uint32_t ux = smp_address_in(c->mode[0], x, L.size[0]);
                uint32_t uy = smp_address_in(c->mode[1], y, L.size[1]);
                smp_fetch_2d(c, smp_image_at(c, L.lod, L.slice), L.lod, ux, uy, L.slice, &tx);
                if (c->compare)
                    smp_compare_texel(c, &tx);
            } else {
                smp_texel_at(c, &L, x, y, 0, &tx);
            }
            out->px[i].f[k] = tx.f[src];
        }
    }
    return 0;
}
