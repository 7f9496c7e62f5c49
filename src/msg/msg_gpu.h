/* Internal: the message layer's per-gpu context, the memos of the surface
 * state its messages bind. */
#ifndef G7SF_MSG_MSG_GPU_H
#define G7SF_MSG_MSG_GPU_H

#include "core/gpu.h"
#include "gen7sf/sampler.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"

_Static_assert(G7SF_RENDER_SURFACE_STATE_DWORDS <= G7SF_MEMO_DWORDS &&
               G7SF_BLEND_STATE_DWORDS + G7SF_COLOR_CALC_STATE_DWORDS <= G7SF_MEMO_DWORDS,
               "memo keys");

typedef struct msg_gpu {
    /* RENDER_SURFACE_STATE as a texture, with g7sf_texture_from_state's result */
    struct { g7sf_memo m; int err; g7sf_texture tex; } texture_memo;
    /* RENDER_SURFACE_STATE as the data port messages bind it */
    struct { g7sf_memo m; g7sf_render_surface_state ss; } dp_surface_memo;
    /* the BLEND_STATE + COLOR_CALC_STATE a render target write decoded */
    struct { g7sf_memo m; g7sf_blend_state bs; g7sf_color_calc_state cc; } rt_state_memo;
} msg_gpu;

/* The context, created on first use; NULL when host memory ran out (the
 * callers then decode without memos). */
msg_gpu *msg_gpu_get(g7sf_gpu *gpu);

#endif
