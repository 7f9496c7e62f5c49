/* gen7sf-tex msaa: a multisampled scene of flat-coloured triangles drawn
 * through real messages (g7sf_send) and resolved through the sampler.
 *
 * Rasterisation (the windower's part, done here): vertices in 1/256 pixel
 * fixed point (image coordinates, y down, pixel (x, y) spans [x, x+1) x
 * [y, y+1)); a sample s of pixel (x, y) sits at (256 x + pos[s].x, 256 y +
 * pos[s].y); it is covered when the three edge functions, exact 64-bit
 * integers, are all > 0, or = 0 on a top or left edge (the top-left fill
 * rule: a top edge is horizontal with the inside below it, a left edge
 * has the inside to its right).  Degenerate triangles draw nothing; both
 * windings draw.
 *
 * Writing: 3DSTATE_MULTISAMPLE (4 or 8 samples), 3DSTATE_WM
 * (MSRASTMODE_ON_PIXEL, per-pixel dispatch), BLEND_STATE all zero (no
 * blending, every channel written), then per triangle (after a background
 * that covers every sample) one SIMD16 Render Target Write with a header
 * and oMask per 4x4 block of its bounding box with any covered sample:
 * slots are 4 subspans of 2x2 in raster order, Pixel Enables the pixels
 * with a covered sample, and each slot's oMask (M2) its coverage - gen7sf
 * models no windower sideband, so the per-sample coverage travels in the
 * oMask, which the data port ANDs with 3DSTATE_SAMPLE_MASK (all ones).
 * The target: R8G8B8A8_UNORM, Y-tiled, MSS, ARYSPC_LOD0, MCS enabled.
 *
 * Resolve: per 4x4 block a SIMD16 ld_mcs (u, v) then one SIMD16 ld2dms (si,
 * mcs, u, v) per sample; the UNORM8 codes (lrint of 255 x the float) of the
 * n samples are summed and divided rounding to nearest, halves up:
 * (sum + n / 2) / n. */
#ifndef G7SF_TEX_MSAA_H
#define G7SF_TEX_MSAA_H

#include <stdbool.h>
#include <stdint.h>

#include "video_io.h"

#define TEX_MSAA_MAX_DIM  2048   /* largest side */
#define TEX_MSAA_MAX_TRIS 256

/* A flat-coloured triangle: vertices in 1/256 pixel units, image
 * coordinates (y down); colour R in bits 7:0 ... A in 31:24. */
typedef struct tex_msaa_tri {
    int32_t x[3], y[3];
    uint32_t rgba;
} tex_msaa_tri;

typedef struct tex_msaa_scene {
    uint32_t background;   /* every sample, before the triangles */
    unsigned n;            /* triangles, drawn in order (later ones on top) */
    tex_msaa_tri tri[TEX_MSAA_MAX_TRIS];
} tex_msaa_scene;

/* The built-in scene of a w x h frame: n (<= TEX_MSAA_MAX_TRIS)
 * triangles of 6 opaque colours on a dark background, sizes 1/16 to 1/2
 * of the shorter side, vertices anywhere on the 1/256 grid inside [0, w] x
 * [0, h]; the same seed gives the same scene. */
void tex_msaa_scene_make(uint32_t w, uint32_t h, unsigned n, uint32_t seed, tex_msaa_scene *s);

/* The standard sample positions (1/256 pixel from the pixel's top-left
 * corner, multiples of 1/16), which Gen7 drivers program in
 * 3DSTATE_MULTISAMPLE: 4x (6,2) (14,6) (2,10) (10,14) sixteenths; 8x the
 * D3D standard pattern.  samples 4 or 8; NULL otherwise. */
const uint8_t (*tex_msaa_std_positions(unsigned samples))[2];

/* Whether sample point (px, py) (1/256 pixel) is inside t, by the rule
 * above. */
bool tex_msaa_covers(const tex_msaa_tri *t, int64_t px, int64_t py);

typedef struct tex_msaa_opts {
    uint32_t w, h;                   /* 1..TEX_MSAA_MAX_DIM */
    unsigned samples;                /* 4 or 8 */
    bool compress;                   /* opt in to the index-bit compression
                                        (G7SF_EXT_MSAA_INDEX + SURFACE_STATE DW6
                                        bit 1); false: the Gen7 MCS scheme */
    const tex_msaa_scene *scene;
    const uint8_t (*positions)[2];   /* samples entries; NULL: the standard ones */
} tex_msaa_opts;

typedef struct tex_msaa_stats {
    unsigned long rt_messages;       /* SIMD16 render target writes */
    unsigned long sample_messages;   /* SIMD16 ld_mcs and ld2dms */
    bool traffic_valid;              /* g7sf_msaa_stats_read gave the fields below */
    uint64_t tiles_evicted, tiles_index, tiles_delta, tiles_palette, tiles_uncompressed;
    uint64_t bytes_written, bytes_read, baseline_written, baseline_read;
} tex_msaa_stats;

/* Draws o->scene, flushes the render cache (g7sf_render_cache_flush: the
 * sampler sees an opt-in surface's writes after it) and resolves it into
 * rgba (w x h RGBA8, rows 4 w bytes apart); the traffic counters are
 * zeroed after the state is set up and read after the resolve.  stats may
 * be NULL.  VIO_E_SIZE for sizes, sample or triangle counts out of range,
 * VIO_E_NOMEM, VIO_E_ARG when a message fails (what and why). */
int tex_msaa_render(const tex_msaa_opts *o, uint8_t *rgba, tex_msaa_stats *stats,
                    vio_error *err);

#endif
