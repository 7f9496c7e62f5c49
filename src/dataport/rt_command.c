/* The render cache's pipeline state commands (render_cache.h); encodings
 * from Mesa's gen7.xml (docs/spec-notes.md "Data port: render target
 * write"). */
#include "dp_gpu.h"

/* A GFXPIPE 3D command's opcode << 8 | sub-opcode, or -1 for another header. */
static int command_key(uint32_t dw0)
{
    if (dw0 >> 29 != G7SF_COMMAND_TYPE_GFXPIPE || (dw0 >> 27 & 3) != G7SF_COMMAND_SUBTYPE_GFXPIPE_3D)
        return -1;
    return (int)(dw0 >> 16 & 0x7FF);
}

#define KEY(op, sub) ((op) << 8 | (sub))

int g7sf_render_cache_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw)
{
    if (!gpu || !dw || !ndw)
        return G7SF_EINVAL;
    dp_gpu *g = dp_gpu_get(gpu);
    if (!g)
        return G7SF_ENOMEM;
    g7sf_render_cache_state *s = &g->render_cache;
    size_t len = (dw[0] & 0xFF) + 2;   /* DWord Length + 2 */
    size_t want;
    switch (command_key(dw[0])) {
    case KEY(G7SF_3D_OPCODE_3DSTATE_PIPELINED, G7SF_SUBOP_3DSTATE_BLEND_STATE_POINTERS):
        want = G7SF_3DSTATE_BLEND_STATE_POINTERS_DWORDS; break;
    case KEY(G7SF_3D_OPCODE_3DSTATE_PIPELINED, G7SF_SUBOP_3DSTATE_SAMPLE_MASK):
        want = G7SF_3DSTATE_SAMPLE_MASK_DWORDS; break;
    case KEY(G7SF_3D_OPCODE_3DSTATE_NONPIPELINED, G7SF_SUBOP_3DSTATE_MULTISAMPLE):
        want = G7SF_3DSTATE_MULTISAMPLE_DWORDS; break;
    case KEY(G7SF_3D_OPCODE_3DSTATE_PIPELINED, G7SF_SUBOP_3DSTATE_WM):
        want = G7SF_3DSTATE_WM_DWORDS; break;
    default:
        return G7SF_EOPCODE;
    }
    if (ndw != len || len != want)
        return G7SF_EMLEN;
    switch (dw[0] >> 16 & 0xFF) {
    case G7SF_SUBOP_3DSTATE_BLEND_STATE_POINTERS: {
        g7sf_3dstate_blend_state_pointers p;
        g7sf_state_unpack(&g7sf_desc_3DSTATE_BLEND_STATE_POINTERS, dw, &p);
        s->blend_state_pointer = p.blend_state_pointer;
        break;
    }
    case G7SF_SUBOP_3DSTATE_SAMPLE_MASK: {
        g7sf_3dstate_sample_mask m;
        g7sf_state_unpack(&g7sf_desc_3DSTATE_SAMPLE_MASK, dw, &m);
        s->sample_mask = m.sample_mask;
        break;
    }
    case G7SF_SUBOP_3DSTATE_MULTISAMPLE: {
        g7sf_3dstate_multisample m;
        g7sf_state_unpack(&g7sf_desc_3DSTATE_MULTISAMPLE, dw, &m);
        switch (m.number_of_multisamples) {
        case G7SF_NUMSAMPLES_1: s->num_samples = 1; break;
        case G7SF_NUMSAMPLES_4: s->num_samples = 4; break;
        case G7SF_NUMSAMPLES_8: s->num_samples = 8; break;
        default: return G7SF_EOPCODE;   /* reserved encoding */
        }
        break;
    }
    default: {   /* 3DSTATE_WM */
        g7sf_3dstate_wm w;
        g7sf_state_unpack(&g7sf_desc_3DSTATE_WM, dw, &w);
        s->msrast_mode = w.multisample_rasterization_mode;
        s->dispatch_mode = w.multisample_dispatch_mode;
        break;
    }
    }
    return 0;
}

const g7sf_render_cache_state *g7sf_render_cache_state_get(const g7sf_gpu *gpu)
{
    if (!gpu)
        return NULL;
    /* created here if need be (invisible to the caller), so that the
     * pointer shows what later commands load */
    const dp_gpu *g = dp_gpu_get((g7sf_gpu *)gpu);
    return g ? &g->render_cache : &dp_render_cache_defaults;
}
