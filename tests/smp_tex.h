/* Small textures in graphics memory for the sampler operation tests:
 * layouts filled in by hand (linear, one level), texels written through
 * g7sf_surface_write_linear from host arrays the tests spell out. */
#ifndef G7SF_TEST_SMP_TEX_H
#define G7SF_TEST_SMP_TEX_H

#include "gen7sf/sampler.h"

/* A linear 2D (or `type`) texture of `format`, w x h, `slices` array slices
 * (faces for cubes; samples per slice for multisampled), one level, at
 * graphics address base, pitch a multiple of 64 bytes. */
void t_tex(g7sf_texture *t, unsigned type, unsigned format, uint32_t w, uint32_t h,
           uint32_t slices, uint32_t base);
/* Writes physical slice `slice` of level 0 from rows of packed blocks. */
void t_tex_fill(g7sf_gpu *gpu, const g7sf_texture *t, uint32_t slice, const void *rows);
/* A sampler: NEAREST everywhere, MIPFILTER_NONE, address mode `mode` on
 * every axis. */
void t_smp(g7sf_sampler *s, unsigned mode);
/* Arguments for op, SIMD8 with the first `npx` pixels enabled. */
void t_args(g7sf_sample_args *a, unsigned op, unsigned npx);

#endif
