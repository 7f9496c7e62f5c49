/* The render cache: its pipeline state (what reaches the render target
 * write message, §3.9.11, by 3D commands rather than in the message) and
 * the render target write at function level. */
#ifndef GEN7SF_RENDER_CACHE_H
#define GEN7SF_RENDER_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"
#include "gen7sf.h"
#include "state.h"
#include "surface.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct g7sf_render_cache_state {
    uint32_t blend_state_pointer;   /* BLEND_STATE, offset from Dynamic State Base */
    unsigned sample_mask;           /* 3DSTATE_SAMPLE_MASK; all 8 samples at creation */
    unsigned num_samples;           /* 3DSTATE_MULTISAMPLE: 1, 4 or 8 */
    unsigned msrast_mode;           /* 3DSTATE_WM: G7SF_MSRASTMODE_* */
    unsigned dispatch_mode;         /* 3DSTATE_WM: G7SF_MSDISPMODE_* */
} g7sf_render_cache_state;

/* Executes one 3DSTATE_BLEND_STATE_POINTERS, 3DSTATE_SAMPLE_MASK,
 * 3DSTATE_MULTISAMPLE or 3DSTATE_WM command (ndw dwords from its header).
 * G7SF_EINVAL: NULL; G7SF_EOPCODE: another command, or a reserved Number
 * of Multisamples; G7SF_EMLEN: ndw differs from the command's length.
 * Nothing changes on error. */
G7SF_API int g7sf_render_cache_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw);
G7SF_API const g7sf_render_cache_state *g7sf_render_cache_state_get(const g7sf_gpu *gpu);

/* A render target as a render target write binds it. */
typedef struct g7sf_rt_target {
    g7sf_surface s;
    const struct g7sf_format_info *fmt;
    uint32_t slice;           /* the array slice written */
    unsigned lod;             /* the level written (the state's LOD field) */
    bool null;                /* SURFTYPE_NULL: every write dropped */
    bool mcs;                 /* compressed multisampled: the MCS is kept in step */
    uint8_t rotation;         /* Render Target Rotation (G7SF_RTROTATE_*): s is then the
                                 memory layout, Width and Height swapped */
    uint8_t clear_unit[16];   /* Clear Color encoded, for the MCS expansion */
} g7sf_rt_target;

/* The render target ss describes for a write to Render Target Array Index
 * rtai on platform p, with num_samples from 3DSTATE_MULTISAMPLE;
 * need_tiled for the message types that write tiled surfaces only
 * (replicated data, image write).  G7SF_ESTATE with a one-line reason in
 * *why (may be NULL). */
G7SF_API int g7sf_rt_target_from_state(const g7sf_render_surface_state *ss, enum g7sf_platform p,
                                       uint32_t rtai, unsigned num_samples, bool need_tiled,
                                       g7sf_rt_target *out, const char **why);

/* One pixel of a render target write. */
typedef struct g7sf_rt_pixel {
    uint32_t x, y;
    uint32_t cover;           /* samples to write (bit n: sample n), before the alpha test */
    float alpha;              /* the alpha of the alpha test and alpha to coverage */
    g7sf_texel src0, src1;    /* the shader's colour(s): floats, or integers for UINT/SINT */
} g7sf_rt_pixel;

/* Writes n pixels through BLEND_STATE entry `index` (0-7) of bs and
 * COLOR_CALC_STATE cc: alpha test, alpha to coverage and to one, pre-blend
 * clamp, blending or logic op (src1 the second source when dual), post-
 * blend clamp, write masks, format conversion, MCS upkeep.  Pixels outside
 * the surface are dropped.  G7SF_ESTATE with a reason in *why (may be
 * NULL) for blend state the format cannot take. */
G7SF_API int g7sf_rt_write(g7sf_gpu *gpu, const g7sf_rt_target *t, const g7sf_blend_state *bs,
                           unsigned index, const g7sf_color_calc_state *cc, const g7sf_rt_pixel *px,
                           unsigned n, bool dual, const char **why);

#ifdef __cplusplus
}
#endif
#endif
