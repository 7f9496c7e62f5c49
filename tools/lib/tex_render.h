/* gen7sf-tex render: a perspective, mip-mapped textured scene drawn three
 * times side by side through real SIMD16 sample messages (g7sf_send):
 *   panel 0  MAPFILTER_NEAREST, MIPFILTER_NONE
 *   panel 1  MAPFILTER_LINEAR min/mag, MIPFILTER_LINEAR (trilinear)
 *   panel 2  MAPFILTER_ANISOTROPIC min, LINEAR mag, MIPFILTER_LINEAR,
 *            Maximum Anisotropy ANISORATIO_16
 * Pixels are shaded 16 at a time: a 4x4 block is 4 subspans of 2x2 (UL,
 * UR, LL, LR) in raster order; pixels off the scene (sky, the tunnel's far
 * end) or outside the panel are masked out of EMask and painted flat. */
#ifndef G7SF_TEX_RENDER_H
#define G7SF_TEX_RENDER_H

#include <stdint.h>

#include "progress.h"
#include "video_io.h"

enum tex_scene { TEX_SCENE_PLANE, TEX_SCENE_TUNNEL };
#define TEX_RENDER_PANELS 3
#define TEX_RENDER_MAX_DIM 2048   /* largest panel side */

typedef struct tex_render_opts {
    uint32_t w, h;               /* one panel, 1..TEX_RENDER_MAX_DIM each */
    enum tex_scene scene;
    const uint8_t *texture;      /* sRGB RGBA8, tw x th; NULL: the built-in
                                    256x256 pattern */
    uint32_t tw, th;
    progress *progress;          /* samples so far, after each row of blocks; NULL: none */
} tex_render_opts;

typedef struct tex_render_stats {
    unsigned long messages;      /* SIMD16 sample messages sent */
    unsigned long samples;       /* pixels they sampled (their EMask bits) */
    unsigned levels;             /* texture mip levels */
} tex_render_stats;

/* Draws the three panels into rgba, (3 * w) x h sRGB RGBA8 pixels (rows
 * 12 * w bytes apart; panel i at columns i*w..). stats may be NULL.
 * VIO_E_SIZE for sizes out of range, VIO_E_NOMEM, VIO_E_ARG when a
 * message fails (the message says which and why). */
int tex_render(const tex_render_opts *o, uint8_t *rgba, tex_render_stats *stats,
               vio_error *err);

#endif
