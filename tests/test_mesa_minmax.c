/* Min/max reduction (issue 22 A; SAMPLER_STATE Reduction Type, gen7sf ext,
 * on a gpu with G7SF_EXT_MINMAX_FILTER) against Mesa's llvmpipe with
 * GL_ARB_texture_filter_minmax (GL_TEXTURE_REDUCTION_MODE_ARB GL_MIN /
 * GL_MAX): the standard footprints, nearest, bilinear, trilinear and
 * anisotropic, on RGBA8 and RGBA32F.  A min or max is a texel, so the
 * answers compare exactly (within half a code); what llvmpipe does
 * differently is counted by the explanation classes of mesa_sample.c
 * (texel/LOD boundaries, its LOD approximation) with bounded rates:
 * docs/spec-notes.md, "Patent 003". */
#include <stdio.h>

#include "harness.h"
#include "mesa_sample.h"

#if defined(__clang__)
#pragma clang diagnostic ignored "-Winitializer-overrides"
#else
#pragma GCC diagnostic ignored "-Woverride-init"
#endif

#define EXACT .tol = 0.5f / 255.0f, .max_boundary = 0.03f
/* 2D 32 x 16 mip chain, textureGrad (per-pixel gradients) */
#define TEX2D .target = GL_TEXTURE_2D, .w = 32, .h = 16, .func = MS_GRAD, \
              .coord = { -1.5f, 2.5f }, .lod = { -2.0f, 6.0f }, .aniso_ratio = 2.0f

/* 48 x 48 samples a configuration: the sixteen run in a few seconds. */
enum { GRID = 48 };

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void run_configs(const ms_config *cs, size_t n)
{
    const char *why = NULL;
    const mesa_gl *gl = mesa_gl_open_driver("llvmpipe", "no_quad_lod,no_aos_sampling", &why);
    if (!gl) {
        printf("  Mesa unavailable: %s\n", why);
        t_skip("no Mesa llvmpipe context");
        return;
    }
    if (!mesa_gl_has_extension(gl, "GL_ARB_texture_filter_minmax")) {
        t_skip("llvmpipe lacks GL_ARB_texture_filter_minmax");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        ms_stats st;
        char why_run[1024];
        if (!ms_run(gl, &cs[i], GRID, GRID, &st, why_run, sizeof why_run)) {
            CHECKF(0, "%s: GL refused: %s", cs[i].name, why_run);
            continue;
        }
        ms_report(&cs[i], &st);
    }
}

/* Nearest, bilinear (one level), trilinear, each with MIN and MAX, on
 * RGBA8 and RGBA32F. */
TEST(mesa_minmax_filters)
{
    static const struct { const char *name; GLenum min, mag; } f[] = {
        { "N", GL_NEAREST, GL_NEAREST },
        { "L", GL_LINEAR, GL_LINEAR },
        { "LML", GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR },
        { "NMN", GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST },
        { "NML", GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST },
    };
    static const struct { const char *name; enum ms_format fmt; } fm[] = {
        { "RGBA8", MS_RGBA8 }, { "RGBA32F", MS_RGBA32F } };
    ms_config cs[20];
    char nm[20][48];
    unsigned n = 0;
    for (unsigned i = 0; i < N(f); i++)
        for (unsigned k = 0; k < N(fm); k++)
            for (unsigned r = 0; r < 2; r++, n++) {
                snprintf(nm[n], sizeof nm[n], "2D %s %s %s", fm[k].name, f[i].name,
                         r ? "MAX" : "MIN");
                cs[n] = (ms_config){ .name = nm[n], TEX2D, .fmt = fm[k].fmt,
                                     .min_filter = f[i].min, .mag_filter = f[i].mag,
                                     .reduction = r ? GL_MAX : GL_MIN, EXACT };
                /* blending between levels: llvmpipe blends the two
                 * levels' reductions (mip_lerp in mesa_sample.c) on 61-63%
                 * of the samples (LML) */
                if (f[i].min == GL_LINEAR_MIPMAP_LINEAR || f[i].min == GL_NEAREST_MIPMAP_LINEAR)
                    cs[n].max_mip_lerp = 0.70f;
            }
    run_configs(cs, n);
}

