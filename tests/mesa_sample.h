/* The sampler differential test against Mesa: one configuration of GL
 * texture and sampler state, sampled at random inputs both by a fragment
 * shader on Mesa (llvmpipe or softpipe) and by g7sf_sample with the
 * SAMPLER_STATE / surface that Mesa's i965 driver would program for it.
 * Tolerances and why: docs/spec-notes.md, "Sampler Mesa differential test". */
#ifndef G7SF_TEST_MESA_SAMPLE_H
#define G7SF_TEST_MESA_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf/sampler.h"
#include "mesa_gl.h"

/* The GLSL lookup and the gen7sf operation that answers it. */
enum ms_func {
    MS_GRAD,          /* textureGrad: sample_d (shadow: sample_d_c, Haswell) */
    MS_GRAD_OFFSET,   /* textureGradOffset: sample_d with header offsets */
    MS_LOD,           /* textureLod: sample_l / sample_l_c */
    MS_IMPLICIT,      /* texture: sample / sample_c on 2x2 affine quads */
    MS_BIAS,          /* texture with bias: sample_b / sample_b_c */
    MS_FETCH,         /* texelFetch: ld */
    MS_GATHER,        /* textureGather: gather4 / gather4_c */
    MS_GATHER_OFFSET, /* textureGatherOffset: gather4 with header offsets */
    MS_GATHER_PO,     /* textureGatherOffset with per-pixel offsets: gather4_po */
    MS_QUERY_LOD,     /* textureQueryLod: the LOD message (red, green = x, y) */
};

/* Texture formats.  The integer ones (UI, I) are sampled through a
 * usampler / isampler into an integer render target and compared exactly. */
enum ms_format { MS_RGBA8, MS_RGBA32F, MS_DEPTH32F, MS_RGBA8UI, MS_RGBA16I, MS_RGBA16UI,
                 MS_RGBA32UI, MS_RG32UI, MS_R8I };

typedef struct ms_config {
    const char *name;
    GLenum target;            /* GL_TEXTURE_1D ... GL_TEXTURE_CUBE_MAP_ARRAY */
    uint32_t w, h, d;         /* base level; d: 3D depth, or layers (cubes x 6) */
    enum ms_format fmt;
    GLenum min_filter, mag_filter;
    GLenum wrap[3];           /* S, T, R; 0 = GL_REPEAT */
    float bias;               /* GL_TEXTURE_LOD_BIAS: a multiple of 1/256 */
    float min_lod, max_lod;   /* both 0: GL's defaults -1000, 1000 */
    int base_level, max_level;/* max_level 0: the last level */
    GLenum compare;           /* GL_TEXTURE_COMPARE_FUNC, 0 = no compare */
    float aniso;              /* GL_TEXTURE_MAX_ANISOTROPY, 0 or 1 = off */
    GLenum reduction;         /* GL_TEXTURE_REDUCTION_MODE_ARB: GL_MIN or GL_MAX
                                 (ARB_texture_filter_minmax), 0 = not set; gen7sf:
                                 a gpu with G7SF_EXT_MINMAX_FILTER, SAMPLER_STATE's
                                 Reduction Type MINIMUM / MAXIMUM */
    bool seamless;            /* GL_TEXTURE_CUBE_MAP_SEAMLESS */
    float border[4];
    uint32_t iborder[4];      /* integer formats: glTexParameterI(u)iv border colour
                                 (SINT formats: int32_t bits) */
    const char *swizzle;      /* GL_TEXTURE_SWIZZLE_R, G, B, A by letter: R G B A for
                                 GL_RED ..., 0 GL_ZERO, 1 GL_ONE ("BGRA", "RRR1");
                                 NULL = not set (identity) */
    bool hsw;                 /* run on a Haswell gpu (Shader Channel Select, integer
                                 border colours); sample_d_c runs there anyway */
    enum ms_func func;
    int offset[3];            /* *_OFFSET: constant texel offsets */
    unsigned comp;            /* gather: component */
    float coord[2];           /* normalized coordinates drawn from [lo, hi] */
    float lod[2];             /* LOD drawn from (gradients, lod, bias param) */
    float aniso_ratio;        /* gradients: major / minor axis up to this (>= 1) */
    float tol;                /* per channel |gen7sf - Mesa| counted as agreement */
    float max_rate;           /* allowed rate of disagreements outside boundaries */
    float max_boundary;       /* allowed rate of boundary-excused disagreements */
    float max_mean;           /* allowed mean |error| per channel (0: not checked) */
    float max_mip_lerp;       /* allowed rate of min/max answers that are llvmpipe's
                                 blend of two levels' reductions (mip_lerp()) */
    bool smooth;              /* RGBA8 2D: a smooth level 0 and a box-filtered mip
                                 chain instead of random levels (anisotropic
                                 filters, whose LOD rules differ, then compare
                                 footprints rather than unrelated levels) */
    bool whole_lod;           /* 2D gradients: orthogonal in texels, the
                                 anisotropic LOD an integer in [lod[0], lod[1]]
                                 (+1/1024): a one-level filter (softpipe's)
                                 and a trilinear one then read the same level */
} ms_config;

typedef struct ms_stats {
    unsigned samples, mismatches, boundary;  /* see explain() in mesa_sample.c */
    unsigned lod_approx;      /* explained by llvmpipe's approximate log2 */
    unsigned mip_lerp;        /* min/max: llvmpipe's blend of two levels' results */
    unsigned border_hits;     /* integer formats: Mesa answers equal to GL's border
                                 colour (the texture's channels, else 0 / alpha 1) */
    double max_err, sum_err;  /* over every sample and compared channel */
    int error;                /* a gen7sf error (the first one) */
} ms_stats;

/* Runs configuration c on a w x h grid of pixels (even sizes; random
 * content from t_rand) and fills st.  Returns false with why when GL
 * refused the configuration (shader, texture or framebuffer). */
bool ms_run(const mesa_gl *gl, const ms_config *c, unsigned w, unsigned h, ms_stats *st,
            char *why, size_t why_len);

/* One report line, and the harness checks of the thresholds. */
void ms_report(const ms_config *c, const ms_stats *st);

/* The state Mesa's i965 gen7 driver programs for c, in one place:
 * SAMPLER_STATE and border colour, and the texture view (Surface Min LOD,
 * MIP Count). */
void ms_sampler_from_gl(const ms_config *c, g7sf_sampler *smp);
void ms_texture_from_gl(const ms_config *c, unsigned levels, uint32_t base,
                        g7sf_texture *t);

#endif
