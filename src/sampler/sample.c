/* The sample* operations and LOD (§2.2, §2.13.1.4) over a message: the
 * surfaces they read, then each subspan's pixels through the fastest path
 * that takes them (the lanes kernel, fast2d.c per pixel, or the reference
 * per pixel in pixel.c). */
#include <string.h>

#include "smp.h"

int smp_sample_ops(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    /* sample* and LOD read single-sampled surfaces only (§2.7.1); LOD
     * neither integer formats nor buffers */
    unsigned type = c->tex->surf.type;
    if (c->tex->surf.samples > 1 || type == G7SF_SURFTYPE_STRBUF ||
        (a->op == G7SF_OP_LOD && (c->cls != G7SF_TEXEL_FLOAT || type == G7SF_SURFTYPE_BUFFER)))
        return G7SF_ESTATE;
    if (a->op == G7SF_OP_LOD)
        out->type = G7SF_TEXEL_FLOAT;
    smp_fast2d_plan(c, a);
    if (c->lanes) {
        smp_fast2d_lanes(c, a, out);
        return 0;
    }
    unsigned group = a->simd4x2 ? 1 : 4;
    for (unsigned first = 0; first < a->n; first += group) {
        if (!(a->mask >> first & ((1u << group) - 1)))
            continue;
        smp_pixel px[4];
        if (c->fast2d)
            smp_fast2d_setup(c, a, first, group, px);
        else
            smp_setup_pixels(c, a, first, group, px);
        for (unsigned j = 0; j < group; j++) {
            unsigned i = first + j;
            if (!(a->mask >> i & 1))
                continue;
            if (c->smp->state.sampler_disable) {   /* every channel reads 0 */
                memset(&out->px[i], 0, sizeof out->px[i]);
                continue;
            }
            c->chroma_matched = false;
            if (c->fast2d)
                smp_fast2d_pixel(c, a, i, &px[j], &out->px[i]);
            else
                smp_sample_pixel(c, a, i, &px[j], &out->px[i]);
            if (c->chroma_matched)                 /* KEYFILTER_KILL_ON_ANY_MATCH */
                out->live &= (uint16_t)~(1u << i);
        }
    }
    return 0;
}
