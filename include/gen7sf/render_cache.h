/* The render cache's pipeline state: what reaches the render target write
 * message (§3.9.11) by 3D commands rather than in the message. */
#ifndef GEN7SF_RENDER_CACHE_H
#define GEN7SF_RENDER_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf.h"

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

#ifdef __cplusplus
}
#endif
#endif
