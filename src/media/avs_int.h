/* Internal: the AVS + IEF core (avs.c) that g7sf_avs_block and the
 * sample_8x8 message share.  The message samples a window of a surface:
 * texel (X, Y) of a surface of width x height texels is at
 * ch[c][(Y - oy) * stride + X - ox], the window covering every texel the
 * block's footprints read (avs_footprint).  Decisions: docs/spec-notes.md,
 * "AVS" and "IEF". */
#ifndef G7SF_AVS_INT_H
#define G7SF_AVS_INT_H

#include "gen7sf/avs.h"

/* A surface of width x height texels of which [ox, ox + the window's own
 * columns) x [oy, ...) is in img (img.width, img.height: the surface's). */
typedef struct avs_window {
    g7sf_avs_image img;
    int ox, oy;
} avs_window;

/* The texel rectangle [*x0, *x1) x [*y0, *y1) (inside the surface) that
 * sampling the w x h block of walk reads, IEF margins included when ief is
 * on.  0, or G7SF_EINVAL with *why for a walk that cannot be sampled. */
int avs_footprint(const g7sf_avs_walk *walk, int width, int height, int w, int h, bool ief,
                  int *x0, int *x1, int *y0, int *y1, const char **why);

/* Whether the sample_8x8 SAMPLER_STATE runs the IEF. */
static inline bool avs_ief_on(const g7sf_sampler_state_8x8 *ief)
{
    return ief && !ief->ief_bypass;
}

/* g7sf_avs_block on a window (arguments checked by the caller, except the
 * walk, which avs_footprint checks). */
int avs_run(const g7sf_sampler_8x8_state *avs, const g7sf_sampler_state_8x8 *ief,
            const avs_window *src, const g7sf_avs_walk *walk, int w, int h,
            uint16_t *const out[4], ptrdiff_t out_stride, const char **why);

#endif
