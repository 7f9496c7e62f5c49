/* Function-level sampler fixtures: a texture laid out in graphics memory
 * (linear, at T_TEX_BASE), a sampler with every field 0 (NEAREST, mip NONE,
 * WRAP) and message arguments for one subspan, for tests that call
 * g7sf_sample() directly. */
#ifndef G7SF_TEST_SAMPLER_FIXTURE_H
#define G7SF_TEST_SAMPLER_FIXTURE_H

#include "gen7sf/sampler.h"

#define T_TEX_BASE 0x00400000u

typedef struct t_smp {
    g7sf_gpu *gpu;
    g7sf_texture tex;
    g7sf_sampler smp;
    g7sf_sample_args args;
    g7sf_sample_result res;
} t_smp;

/* A texture of Surface Type `type`, `format`, w x h x depth (array length,
 * or 3D depth; cubes: faces), `levels` levels, HALIGN 4 / VALIGN 2, linear;
 * args: op sample, n 4, mask 0xF.  Memory reads as zeros until filled. */
void t_smp_init(t_smp *f, unsigned type, unsigned format, uint32_t w, uint32_t h,
                uint32_t depth, unsigned levels);
void t_smp_fini(t_smp *f);
/* Writes one level of one slice from rows of w * bytes-per-texel bytes. */
void t_smp_fill(t_smp *f, unsigned lod, uint32_t slice, const void *texels);
/* Fills a level of a 4-byte-per-texel format with one value. */
void t_smp_fill32(t_smp *f, unsigned lod, uint32_t slice, uint32_t value);
/* Sets pixel i's float parameter `role`. */
void t_smp_param(t_smp *f, unsigned role, unsigned i, float v);
/* TCX/TCY/TCZ Address Control Mode `mode` on every axis. */
void t_smp_address(t_smp *f, unsigned mode);
/* Sets op and enables the first npx of n pixels. */
void t_smp_op(t_smp *f, unsigned op, unsigned n, unsigned npx);
/* Runs f->args and returns the code. */
int t_smp_run(t_smp *f);

#endif
