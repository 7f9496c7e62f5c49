/* resinfo and sampleinfo (§2.13.1.1, L4702-4733): the surface is not
 * sampled; its sizes, level count, sample count and palette index come
 * back as U32.  Choices in docs/spec-notes.md "Sampler operations". */
#include <string.h>

#include "smp.h"

/* One pixel of resinfo at view level lod (the lod parameter, U32). */
static void resinfo_px(const g7sf_texture *t, uint32_t lod, g7sf_texel *o)
{
    const g7sf_surface *s = &t->surf;
    memset(o, 0, sizeof *o);
    if (s->type == G7SF_SURFTYPE_BUFFER || s->type == G7SF_SURFTYPE_STRBUF) {
        o->u[0] = s->width;   /* entries; the other channels are undefined: 0 */
        return;
    }
    if (s->type > G7SF_SURFTYPE_CUBE)   /* NULL */
        return;
    const uint32_t levels = t->mip_count + 1;
    o->u[3] = levels;
    if (lod >= levels)   /* past the view's levels: sizes 0, as D3D's resinfo */
        return;
    uint32_t w, h, d;
    g7sf_surface_level_size(s, t->surface_min_lod + lod, &w, &h, &d);
    const uint32_t arr = !t->surface_array ? 0
                         : s->type == G7SF_SURFTYPE_CUBE ? t->array_len / 6 : t->array_len;
    o->u[0] = w;
    switch (s->type) {
    case G7SF_SURFTYPE_1D: o->u[1] = arr; break;
    case G7SF_SURFTYPE_3D: o->u[1] = h, o->u[2] = d; break;
    default:               o->u[1] = h, o->u[2] = arr; break;   /* 2D, CUBE */
    }
}

int smp_resinfo(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    for (unsigned i = 0; i < a->n; i++)
        if (a->mask >> i & 1)
            resinfo_px(c->tex, a->p[G7SF_PARAM_LOD][i].u, &out->px[i]);
    out->type = G7SF_TEXEL_UINT;
    return 0;
}

int smp_sampleinfo(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    const g7sf_texture *t = c->tex;
    g7sf_texel v = {.u = {0, 0, 0, 0}};
    if (t->surf.type != G7SF_SURFTYPE_NULL)
        v.u[0] = t->surf.samples, v.u[3] = t->ms_palette_index + 1;
    for (unsigned i = 0; i < a->n; i++)
        if (a->mask >> i & 1)
            out->px[i] = v;
    out->type = G7SF_TEXEL_UINT;
    return 0;
}
