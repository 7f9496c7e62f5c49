/* A mip-mapped RGBA8 texture in graphics memory for the renderer
 * (gen7sf-tex render): the built-in pattern, a box-filtered mip chain and
 * its placement as a Y-tiled R8G8B8A8_UNORM_SRGB 2D surface. */
#ifndef G7SF_TEX_MIP_H
#define G7SF_TEX_MIP_H

#include <stdint.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/state.h"
#include "video_io.h"

/* Largest texture side accepted (the chain must fit graphics memory with
 * room to spare; RENDER_SURFACE_STATE allows 16384). */
#define TEX_MIP_MAX_DIM 4096

/* Fills size x size RGBA pixels with the built-in pattern: a checkerboard
 * of coloured cells, each with rows of thin glyph-like strokes, so both
 * low and high frequencies are present. */
void tex_mip_pattern(uint8_t *rgba, uint32_t size);

/* Lays the w x h sRGB image rgba and every smaller level down to 1x1
 * (each texel the mean, in linear light, of the 2x2 texels above it;
 * odd sizes repeat the last row or column) into gpu memory at `base`
 * (4 KiB aligned), Y-tiled, and fills *ss with its RENDER_SURFACE_STATE
 * (2D, HALIGN 4, VALIGN 2, all levels).  VIO_E_SIZE for sizes outside
 * 1..TEX_MIP_MAX_DIM, VIO_E_NOMEM, VIO_E_ARG if the memory refuses. */
int tex_mip_upload(g7sf_gpu *gpu, uint32_t base, const uint8_t *rgba, uint32_t w, uint32_t h,
                   g7sf_render_surface_state *ss, vio_error *err);

#endif
