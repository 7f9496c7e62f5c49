/* Shader Channel Select (Haswell's RENDER_SURFACE_STATE DW7 27:16): which
 * surface channel, or constant, each result channel reads.  Decisions:
 * docs/spec-notes.md, "Haswell (Gen7.5)". */
#include "smp.h"

int smp_channel_source(const smp_ctx *c, unsigned i)
{
    if (!c->scs)
        return (int)i;
    unsigned v = c->tex->channel_select[i];
    return v == G7SF_SCS_ZERO ? -1 : v == G7SF_SCS_ONE ? -2 : (int)(v - G7SF_SCS_RED);
}

void smp_channel_select(const smp_ctx *c, g7sf_texel *t, bool float_result)
{
    const g7sf_texel in = *t;
    for (unsigned i = 0; i < 4; i++) {
        int src = smp_channel_source(c, i);
        t->u[i] = src >= 0 ? in.u[src] : src == -1 ? 0u : float_result ? 0x3f800000u : 1u;
    }
}

/* Shader Channel Select (RENDER_SURFACE_STATE DW7 27:16, Haswell): whether
 * it is in force (not R, G, B, A), or G7SF_ESTATE for a reserved value
 * (2, 3) or one no 3-bit field holds. */
int smp_channel_select_init(smp_ctx *c)
{
    static const unsigned identity[4] = { G7SF_SCS_RED, G7SF_SCS_GREEN, G7SF_SCS_BLUE,
                                          G7SF_SCS_ALPHA };
    c->scs = false;
    if (c->platform != G7SF_HSW)
        return 0;
    for (unsigned i = 0; i < 4; i++) {
        unsigned v = c->tex->channel_select[i];
        if (v > G7SF_SCS_ALPHA || (v != G7SF_SCS_ZERO && v != G7SF_SCS_ONE && v < G7SF_SCS_RED))
            return G7SF_ESTATE;
        c->scs |= v != identity[i];
    }
    return 0;
}
