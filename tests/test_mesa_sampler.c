/* gen7sf's sampling engine against Mesa's llvmpipe: every configuration
 * GL can express (targets, filters, address modes, LOD controls, compare,
 * gather, texelFetch), sampled at random inputs by a fragment shader and by
 * g7sf_sample with the state Mesa's i965 driver would program.  What is
 * compared and the tolerances: docs/spec-notes.md, "Sampler Mesa
 * differential test". */
#include <stdio.h>

#include "harness.h"
#include "mesa_sample.h"

/* Configurations are a macro of defaults followed by the fields they
 * change: later designators override earlier ones on purpose. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Winitializer-overrides"
#else
#pragma GCC diagnostic ignored "-Woverride-init"
#endif

/* Exact answers (nearest, ld, gather) within half a code; filtered ones
 * within 2/255 (weights at 1/256 here, floats in llvmpipe).  No
 * unexplained disagreement; at most 3% on texel/LOD boundaries. */
#define EXACT .tol = 0.5f / 255.0f, .max_boundary = 0.03f
#define FILTERED .tol = 2.0f / 255.0f, .max_boundary = 0.03f
/* A 2D RGBA8 mip chain (32 x 16: non-square) sampled with textureGrad. */
#define TEX2D .target = GL_TEXTURE_2D, .w = 32, .h = 16, .fmt = MS_RGBA8, \
              .coord = { -1.5f, 2.5f }, .lod = { -2.0f, 6.0f }, .aniso_ratio = 2.0f
#define LML .min_filter = GL_LINEAR_MIPMAP_LINEAR, .mag_filter = GL_LINEAR
#define NMN .min_filter = GL_NEAREST_MIPMAP_NEAREST, .mag_filter = GL_NEAREST
#define BORDER .border = { 0.2f, 0.4f, 0.6f, 0.8f }

/* The grid: 64 x 64 samples per configuration, 32 x 32 under the
 * sanitizers (keeps that run short). */
static unsigned grid(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 32;
#else
    return 64;
#endif
}

static const mesa_gl *open_gl(void)
{
    const char *why = NULL;
    /* no_quad_lod: one LOD per pixel (textureGrad's per-pixel gradients) */
    const mesa_gl *gl = mesa_gl_open_driver("llvmpipe", "no_quad_lod,no_aos_sampling", &why);
    if (!gl)
        printf("  Mesa unavailable: %s\n", why);
    return gl;
}

/* Every configuration of cs; one GL refused fails the case, or with
 * refused_skips ends it skipped (the rest still run and report). */
static void run_configs(const ms_config *cs, size_t n, bool refused_skips)
{
    const mesa_gl *gl = open_gl();
    if (!gl) {
        t_skip("no Mesa llvmpipe context");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        ms_stats st;
        char why[1024];
        if (!ms_run(gl, &cs[i], grid(), grid(), &st, why, sizeof why)) {
            if (!refused_skips) {
                CHECKF(0, "%s: GL refused: %s", cs[i].name, why);
                continue;
            }
            char msg[1200];
            snprintf(msg, sizeof msg, "%s: GL refused: %s", cs[i].name, why);
            t_skip(msg);
            continue;
        }
        ms_report(&cs[i], &st);
    }
}

static void run_all(const ms_config *cs, size_t n) { run_configs(cs, n, false); }

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* min x mag x mip filters on a 2D mip chain, textureGrad. */
TEST(mesa_sampler_filters)
{
    static const GLenum mins[] = { GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST,
                                   GL_LINEAR_MIPMAP_NEAREST, GL_NEAREST_MIPMAP_LINEAR,
                                   GL_LINEAR_MIPMAP_LINEAR };
    static const char *const names[] = { "N", "L", "NMN", "LMN", "NML", "LML" };
    ms_config cs[12];
    char nm[12][48];
    for (unsigned i = 0; i < 12; i++) {
        bool mag_lin = i & 1, min_lin = (i / 2) & 1;
        snprintf(nm[i], sizeof nm[i], "2D min %s mag %s", names[i / 2], mag_lin ? "L" : "N");
        cs[i] = (ms_config){ .name = nm[i], TEX2D, .min_filter = mins[i / 2],
                             .mag_filter = mag_lin ? GL_LINEAR : GL_NEAREST, .func = MS_GRAD,
                             EXACT };
        if (mag_lin || min_lin || i / 2 >= 4)   /* filtered, or blended between levels */
            cs[i].tol = 2.0f / 255.0f;
    }
    run_all(cs, N(cs));
}

/* Every address mode on S, another one on T at the same time. */
TEST(mesa_sampler_wrap)
{
    static const GLenum modes[] = { GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE,
                                    GL_CLAMP_TO_BORDER, GL_MIRROR_CLAMP_TO_EDGE };
    static const char *const names[] = { "REPEAT", "MIRRORED", "EDGE", "BORDER", "MIRROR_ONCE" };
    ms_config cs[10];
    char nm[10][48];
    for (unsigned i = 0; i < 10; i++) {
        unsigned m = i / 2, t = (m + 3) % 5;
        bool lin = i & 1;
        snprintf(nm[i], sizeof nm[i], "2D %s S %s T %s", lin ? "LML" : "NMN", names[m], names[t]);
        cs[i] = (ms_config){ .name = nm[i], TEX2D, .wrap = { modes[m], modes[t] }, BORDER,
                             .coord = { -2.5f, 3.5f }, .lod = { -2.0f, 4.0f },
                             .func = MS_GRAD, EXACT };
        if (lin) {
            cs[i].min_filter = GL_LINEAR_MIPMAP_LINEAR, cs[i].mag_filter = GL_LINEAR;
            cs[i].tol = 2.0f / 255.0f;
        } else {
            cs[i].min_filter = GL_NEAREST_MIPMAP_NEAREST, cs[i].mag_filter = GL_NEAREST;
        }
    }
    run_all(cs, N(cs));
}

/* LOD bias, min/max LOD, base/max level; textureLod, implicit LOD, bias. */
TEST(mesa_sampler_lod)
{
    static const ms_config cs[] = {
        { .name = "2D LML bias 1.5", TEX2D, LML, .bias = 1.5f, .func = MS_GRAD, FILTERED },
        { .name = "2D LML bias -2.25", TEX2D, LML, .bias = -2.25f, .func = MS_GRAD, FILTERED },
        { .name = "2D LML min 1.25 max 3.5", TEX2D, LML, .min_lod = 1.25f, .max_lod = 3.5f,
          .func = MS_GRAD, FILTERED },
        { .name = "2D NMN min 0.625 max 2.75", TEX2D, NMN, .min_lod = 0.625f, .max_lod = 2.75f,
          .func = MS_GRAD, EXACT },
        { .name = "2D LML base 1 max 3", TEX2D, LML, .base_level = 1, .max_level = 3,
          .func = MS_GRAD, FILTERED },
        { .name = "2D NMN base 2", TEX2D, NMN, .base_level = 2, .func = MS_GRAD, EXACT },
        { .name = "2D LML textureLod", TEX2D, LML, .lod = { -1.0f, 7.0f }, .func = MS_LOD,
          FILTERED },
        { .name = "2D NMN textureLod base 1", TEX2D, NMN, .base_level = 1,
          .lod = { -1.0f, 6.0f }, .func = MS_LOD, EXACT },
        { .name = "2D LML texture()", TEX2D, LML, .func = MS_IMPLICIT, FILTERED },
        { .name = "2D NMN texture()", TEX2D, NMN, .func = MS_IMPLICIT, EXACT },
        { .name = "2D LML texture(bias)", TEX2D, LML, .lod = { -1.0f, 3.0f }, .func = MS_BIAS,
          FILTERED },
        { .name = "2D LMN texture(bias) bias 0.5", TEX2D, .min_filter = GL_LINEAR_MIPMAP_NEAREST,
          .mag_filter = GL_LINEAR, .bias = 0.5f, .lod = { -1.0f, 3.0f }, .func = MS_BIAS,
          FILTERED },
        { .name = "2D LML textureGradOffset", TEX2D, LML, .offset = { 3, -2 },
          .func = MS_GRAD_OFFSET, FILTERED },
        { .name = "2D NMN textureGradOffset", TEX2D, NMN, .offset = { -8, 7 },
          .func = MS_GRAD_OFFSET, EXACT },
    };
    run_all(cs, N(cs));
}

/* 1D, 1D/2D arrays, 3D, cube maps and cube arrays. */
TEST(mesa_sampler_targets)
{
#define T1D .target = GL_TEXTURE_1D, .w = 64, .h = 1, .fmt = MS_RGBA8, \
            .coord = { -1.5f, 2.5f }, .lod = { -2.0f, 7.0f }
#define T1DA .target = GL_TEXTURE_1D_ARRAY, .w = 64, .h = 1, .d = 6, .fmt = MS_RGBA8, \
             .coord = { -1.5f, 2.5f }, .lod = { -2.0f, 7.0f }
#define T2DA .target = GL_TEXTURE_2D_ARRAY, .w = 16, .h = 32, .d = 5, .fmt = MS_RGBA8, \
             .coord = { -1.5f, 2.5f }, .lod = { -2.0f, 6.0f }, .aniso_ratio = 2.0f
#define T3D .target = GL_TEXTURE_3D, .w = 16, .h = 8, .d = 16, .fmt = MS_RGBA8, \
            .coord = { -1.5f, 2.5f }, .lod = { -2.0f, 5.0f }, .aniso_ratio = 2.0f
#define TCUBE .target = GL_TEXTURE_CUBE_MAP, .w = 16, .h = 16, .d = 6, .fmt = MS_RGBA8, \
              .lod = { -2.0f, 5.0f }
#define TCUBEA .target = GL_TEXTURE_CUBE_MAP_ARRAY, .w = 16, .h = 16, .d = 18, \
               .fmt = MS_RGBA8, .lod = { -2.0f, 5.0f }
    static const ms_config cs[] = {
        { .name = "1D LML", T1D, LML, .func = MS_GRAD, FILTERED },
        { .name = "1D NMN mirror", T1D, NMN, .wrap = { GL_MIRRORED_REPEAT }, .func = MS_GRAD,
          EXACT },
        { .name = "1D LML border offset", T1D, LML, .wrap = { GL_CLAMP_TO_BORDER }, BORDER,
          .offset = { 5 }, .func = MS_GRAD_OFFSET, FILTERED },
        { .name = "1D array LML", T1DA, LML, .func = MS_GRAD, FILTERED },
        { .name = "1D array NMN lod", T1DA, NMN, .func = MS_LOD, EXACT },
        { .name = "2D array LML", T2DA, LML, .func = MS_GRAD, FILTERED },
        { .name = "2D array NMN edge", T2DA, NMN, .wrap = { GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE },
          .func = MS_GRAD, EXACT },
        { .name = "2D array LML texture()", T2DA, LML, .func = MS_IMPLICIT, FILTERED },
        { .name = "3D LML", T3D, LML, .func = MS_GRAD, FILTERED },
        { .name = "3D NMN", T3D, NMN, .func = MS_GRAD, EXACT },
        { .name = "3D LML wrap mix", T3D, LML, BORDER,
          .wrap = { GL_CLAMP_TO_BORDER, GL_MIRROR_CLAMP_TO_EDGE, GL_MIRRORED_REPEAT },
          .func = MS_GRAD, FILTERED },
        { .name = "3D NML offset", T3D, .min_filter = GL_NEAREST_MIPMAP_LINEAR,
          .mag_filter = GL_NEAREST, .offset = { 1, -3, 2 }, .func = MS_GRAD_OFFSET, FILTERED },
        { .name = "cube NMN lod", TCUBE, NMN, .func = MS_LOD, EXACT },
        { .name = "cube LML lod", TCUBE, LML, .func = MS_LOD, FILTERED },
        { .name = "cube LML lod seamless", TCUBE, LML, .seamless = true, .func = MS_LOD,
          FILTERED },
        /* implicit LOD across cube faces: see spec-notes "Sampler Mesa
         * differential test", cube derivatives (a documented LOD tolerance) */
        { .name = "cube LML texture() seamless", TCUBE, LML, .seamless = true,
          .func = MS_IMPLICIT, .tol = 0.04f, .max_rate = 0.01f, .max_boundary = 0.40f },
        { .name = "cube NMN texture()", TCUBE, NMN, .func = MS_IMPLICIT, EXACT },
        { .name = "cube array LML lod seamless", TCUBEA, LML, .seamless = true,
          .func = MS_LOD, FILTERED },
        { .name = "cube array NMN lod", TCUBEA, NMN, .func = MS_LOD, EXACT },
    };
    run_all(cs, N(cs));
}

/* Float texels: RGBA32F, and an R32F depth texture read without compare. */
TEST(mesa_sampler_float)
{
    static const ms_config cs[] = {
        { .name = "2D RGBA32F LML", TEX2D, .fmt = MS_RGBA32F, LML, .func = MS_GRAD, FILTERED },
        { .name = "2D RGBA32F NMN", TEX2D, .fmt = MS_RGBA32F, NMN, .func = MS_GRAD, EXACT },
        { .name = "2D DEPTH32F LML", TEX2D, .fmt = MS_DEPTH32F, LML, .func = MS_GRAD,
          FILTERED },
        { .name = "2D RGBA32F LML border", TEX2D, .fmt = MS_RGBA32F, LML, BORDER,
          .wrap = { GL_CLAMP_TO_BORDER, GL_CLAMP_TO_BORDER }, .func = MS_GRAD, FILTERED },
    };
    run_all(cs, N(cs));
}

/* Depth compare: every function, filtered and not, with every way of
 * choosing the LOD. */
TEST(mesa_sampler_shadow)
{
#define DEPTH TEX2D, .fmt = MS_DEPTH32F, .border = { 0.5f }
    static const GLenum fn[] = { GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER,
                                 GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS };
    static const char *const names[] = { "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
                                         "NOTEQUAL", "GEQUAL", "ALWAYS" };
    ms_config cs[8 + 11];
    char nm[8][48];
    for (unsigned i = 0; i < 8; i++) {
        snprintf(nm[i], sizeof nm[i], "2D shadow %s NMN lod", names[i]);
        cs[i] = (ms_config){ .name = nm[i], DEPTH, NMN, .compare = fn[i], .func = MS_LOD,
                             EXACT };
    }
    static const ms_config more[] = {
        { .name = "2D shadow LEQUAL LML lod", DEPTH, LML, .compare = GL_LEQUAL,
          .func = MS_LOD, FILTERED },
        { .name = "2D shadow GREATER L border", DEPTH, .min_filter = GL_LINEAR,
          .mag_filter = GL_LINEAR, .wrap = { GL_CLAMP_TO_BORDER, GL_CLAMP_TO_BORDER },
          .compare = GL_GREATER, .func = MS_LOD, FILTERED },
        { .name = "2D shadow LESS LML texture()", DEPTH, LML, .compare = GL_LESS,
          .func = MS_IMPLICIT, FILTERED },
        { .name = "2D shadow GEQUAL NMN bias", DEPTH, NMN, .compare = GL_GEQUAL,
          .lod = { -1.0f, 3.0f }, .func = MS_BIAS, EXACT },
        { .name = "2D shadow LESS LML bias", DEPTH, LML, .compare = GL_LESS,
          .lod = { -1.0f, 3.0f }, .func = MS_BIAS, FILTERED },
        { .name = "1D array shadow GEQUAL NMN lod", T1DA, .fmt = MS_DEPTH32F, NMN,
          .compare = GL_GEQUAL, .func = MS_LOD, EXACT },
        { .name = "1D array shadow LEQUAL LML bias", T1DA, .fmt = MS_DEPTH32F, LML,
          .compare = GL_LEQUAL, .lod = { -1.0f, 3.0f }, .func = MS_BIAS, FILTERED },
        { .name = "2D array shadow LEQUAL LML grad", T2DA, .fmt = MS_DEPTH32F, LML,
          .compare = GL_LEQUAL, .func = MS_GRAD, FILTERED },
        { .name = "1D shadow LESS LML lod", T1D, .fmt = MS_DEPTH32F, LML,
          .compare = GL_LESS, .func = MS_LOD, FILTERED },
        { .name = "cube shadow LEQUAL L texture()", TCUBE, .fmt = MS_DEPTH32F,
          .min_filter = GL_LINEAR, .mag_filter = GL_LINEAR, .compare = GL_LEQUAL,
          .seamless = true, .func = MS_IMPLICIT, FILTERED },
        { .name = "cube array shadow LESS NMN", TCUBEA, .fmt = MS_DEPTH32F, NMN,
          .compare = GL_LESS, .func = MS_IMPLICIT, EXACT },
    };
    for (unsigned i = 0; i < N(more); i++)
        cs[8 + i] = more[i];
    run_all(cs, N(cs));
}

/* textureGather: each component, offsets (constant and per pixel),
 * compare, arrays, address modes. */
TEST(mesa_sampler_gather)
{
#define G2D TEX2D, .min_filter = GL_LINEAR, .mag_filter = GL_LINEAR
    static const ms_config cs[] = {
        { .name = "gather R", G2D, .comp = 0, .func = MS_GATHER, EXACT },
        { .name = "gather G", G2D, .comp = 1, .func = MS_GATHER, EXACT },
        { .name = "gather B mirror", G2D, .comp = 2, .wrap = { GL_MIRRORED_REPEAT,
          GL_MIRROR_CLAMP_TO_EDGE }, .func = MS_GATHER, EXACT },
        { .name = "gather A border", G2D, .comp = 3, BORDER,
          .wrap = { GL_CLAMP_TO_BORDER, GL_CLAMP_TO_EDGE }, .func = MS_GATHER, EXACT },
        { .name = "gather R base 1", G2D, .base_level = 1, .func = MS_GATHER, EXACT },
        { .name = "gather offset (-8, 7)", G2D, .comp = 1, .offset = { -8, 7 },
          .func = MS_GATHER_OFFSET, EXACT },
        { .name = "gather4_po", G2D, .comp = 2, .func = MS_GATHER_PO, EXACT },
        { .name = "gather 2D array", T2DA, .min_filter = GL_LINEAR, .mag_filter = GL_LINEAR,
          .comp = 3, .func = MS_GATHER, EXACT },
        { .name = "gather RGBA32F", G2D, .fmt = MS_RGBA32F, .comp = 1, .func = MS_GATHER,
          EXACT },
        { .name = "gather shadow LEQUAL", G2D, .fmt = MS_DEPTH32F, .compare = GL_LEQUAL,
          .func = MS_GATHER, EXACT },
        { .name = "gather shadow GREATER offset", G2D, .fmt = MS_DEPTH32F,
          .compare = GL_GREATER, .offset = { 2, -3 }, .func = MS_GATHER_OFFSET, EXACT },
        { .name = "gather4_po_c LESS", G2D, .fmt = MS_DEPTH32F, .compare = GL_LESS,
          .func = MS_GATHER_PO, EXACT },
        { .name = "gather cube seamless", TCUBE, .min_filter = GL_LINEAR,
          .mag_filter = GL_LINEAR, .seamless = true, .func = MS_GATHER, EXACT },
    };
    run_all(cs, N(cs));
}

/* Anisotropic filtering 2x-16x (EWA, as i965 programs it): llvmpipe's
 * filter, like softpipe's, reads one level chosen from its own LOD rule,
 * and takes its derivatives from the quad, so the inputs are affine quads
 * on a smooth texture; the documented bounds are a mean and a loose
 * per-sample one (softpipe's test has the tight, footprint-only one). */
TEST(mesa_sampler_aniso)
{
#define ANISO(r) { .name = "2D LML aniso " #r "x texture()", .target = GL_TEXTURE_2D, \
                   .w = 64, .h = 32, .fmt = MS_RGBA8, LML, .aniso = r, .func = MS_IMPLICIT, \
                   .coord = { -1.0f, 2.0f }, .lod = { -1.0f, 5.0f }, .aniso_ratio = 2 * r, \
                   .smooth = true, .tol = 0.4f, .max_mean = 0.02f }
    static const ms_config cs[] = { ANISO(2), ANISO(4), ANISO(8), ANISO(16) };
#undef ANISO
    run_all(cs, N(cs));
}

/* texelFetch: every level (from the base level) of each target that has it. */
TEST(mesa_sampler_fetch)
{
    static const ms_config cs[] = {
        { .name = "ld 1D", T1D, NMN, .func = MS_FETCH, EXACT },
        { .name = "ld 1D array", T1DA, NMN, .func = MS_FETCH, EXACT },
        { .name = "ld 2D", TEX2D, NMN, .func = MS_FETCH, EXACT },
        { .name = "ld 2D base 2", TEX2D, NMN, .base_level = 2, .func = MS_FETCH, EXACT },
        { .name = "ld 2D array", T2DA, NMN, .func = MS_FETCH, EXACT },
        { .name = "ld 3D", T3D, NMN, .func = MS_FETCH, EXACT },
        { .name = "ld 2D RGBA32F", TEX2D, .fmt = MS_RGBA32F, NMN, .func = MS_FETCH, EXACT },
    };
    run_all(cs, N(cs));
}

/* textureGrad on cube maps and cube arrays: the test turns GL's direction
 * and direction gradients into face coordinates and their derivatives
 * (table 8.19, quotient rule) and sends sample_d (sample_d_c, Haswell). */
TEST(mesa_sampler_cube_grad)
{
    static const ms_config cs[] = {
        { .name = "cube NMN grad", TCUBE, NMN, .func = MS_GRAD, EXACT },
        { .name = "cube LML grad", TCUBE, LML, .func = MS_GRAD, FILTERED },
        { .name = "cube NMN grad seamless", TCUBE, NMN, .seamless = true, .func = MS_GRAD,
          EXACT },
        { .name = "cube LML grad seamless", TCUBE, LML, .seamless = true, .func = MS_GRAD,
          FILTERED },
        { .name = "cube array NMN grad", TCUBEA, NMN, .func = MS_GRAD, EXACT },
        { .name = "cube array LML grad", TCUBEA, LML, .func = MS_GRAD, FILTERED },
        { .name = "cube array LML grad seamless", TCUBEA, LML, .seamless = true,
          .func = MS_GRAD, FILTERED },
        { .name = "cube shadow LEQUAL LML grad", TCUBE, .fmt = MS_DEPTH32F, LML,
          .compare = GL_LEQUAL, .seamless = true, .func = MS_GRAD, FILTERED },
    };
    run_all(cs, N(cs));
}

/* textureQueryLod against the LOD message: x = red (clamped), y = green. */
TEST(mesa_sampler_query_lod)
{
#define QLOD .func = MS_QUERY_LOD, .tol = 1.0f / 256.0f, .max_boundary = 0.03f
    static const ms_config cs[] = {
        { .name = "qlod 1D LML", T1D, LML, QLOD },
        { .name = "qlod 1D NMN", T1D, NMN, QLOD },
        { .name = "qlod 2D LML", TEX2D, LML, QLOD },
        { .name = "qlod 2D NMN", TEX2D, NMN, QLOD },
        { .name = "qlod 2D LML bias 1.5", TEX2D, LML, .bias = 1.5f, QLOD },
        { .name = "qlod 2D NMN bias -1.25", TEX2D, NMN, .bias = -1.25f, QLOD },
        { .name = "qlod 2D LML min 1.25 max 3.5", TEX2D, LML, .min_lod = 1.25f,
          .max_lod = 3.5f, QLOD },
        { .name = "qlod 2D NMN min 0.625 max 2.75", TEX2D, NMN, .min_lod = 0.625f,
          .max_lod = 2.75f, QLOD },
        { .name = "qlod 2D LML base 1 max 3", TEX2D, LML, .base_level = 1, .max_level = 3,
          QLOD },
        { .name = "qlod 2D NMN base 2", TEX2D, NMN, .base_level = 2, QLOD },
        { .name = "qlod 2D array LML", T2DA, LML, QLOD },
        { .name = "qlod 2D array NMN", T2DA, NMN, QLOD },
        { .name = "qlod 3D LML", T3D, LML, QLOD },
        { .name = "qlod 3D NMN", T3D, NMN, QLOD },
        { .name = "qlod cube LML", TCUBE, LML, QLOD, .tol = 0.05f },
        { .name = "qlod cube NMN", TCUBE, NMN, QLOD, .tol = 0.05f },
    };
#undef QLOD
    run_all(cs, N(cs));
}

/* GL_TEXTURE_SWIZZLE_* as Haswell's Shader Channel Select (what i965 does
 * there): permutations, replication, ZERO / ONE, through filtered
 * sampling, textureGrad, textureLod, texelFetch and textureGather (whose
 * component c GL swizzles too: swizzle[c]'s channel, or 0 / 1), on 2D
 * textures and cube maps.  The
 * identity swizzle set explicitly on Ivy Bridge, which has no channel
 * select, changes nothing.  GL refusing a swizzle skips. */
TEST(mesa_sampler_swizzle)
{
#define HSW2D TEX2D, .hsw = true
#define G8 HSW2D, .min_filter = GL_LINEAR, .mag_filter = GL_LINEAR, .swizzle = "B0A1", \
           .func = MS_GATHER, EXACT
#define G32 G8, .fmt = MS_RGBA32F, .swizzle = "1A0G"
    static const ms_config cs[] = {
        { .name = "HSW BGRA LML texture()", HSW2D, LML, .swizzle = "BGRA",
          .func = MS_IMPLICIT, FILTERED },
        { .name = "HSW RRR1 NMN grad", HSW2D, NMN, .swizzle = "RRR1", .func = MS_GRAD, EXACT },
        { .name = "HSW 0G1R LML textureLod", HSW2D, LML, .swizzle = "0G1R",
          .lod = { -1.0f, 7.0f }, .func = MS_LOD, FILTERED },
        { .name = "HSW RRRA ld", HSW2D, NMN, .swizzle = "RRRA", .func = MS_FETCH, EXACT },
        { .name = "HSW ABGR RGBA32F LML texture()", HSW2D, .fmt = MS_RGBA32F, LML,
          .swizzle = "ABGR", .func = MS_IMPLICIT, FILTERED },
        { .name = "HSW GB0R RGBA32F NMN textureLod", HSW2D, .fmt = MS_RGBA32F, NMN,
          .swizzle = "GB0R", .lod = { -1.0f, 6.0f }, .func = MS_LOD, EXACT },
        { .name = "HSW A1RB RGBA32F ld", HSW2D, .fmt = MS_RGBA32F, NMN, .swizzle = "A1RB",
          .func = MS_FETCH, EXACT },
        { .name = "HSW B0A1 gather 0", G8, .comp = 0 },
        { .name = "HSW B0A1 gather 1", G8, .comp = 1 },
        { .name = "HSW B0A1 gather 2", G8, .comp = 2 },
        { .name = "HSW B0A1 gather 3", G8, .comp = 3 },
        { .name = "HSW 1A0G RGBA32F gather 0", G32, .comp = 0 },
        { .name = "HSW 1A0G RGBA32F gather 1", G32, .comp = 1 },
        { .name = "HSW 1A0G RGBA32F gather 2", G32, .comp = 2 },
        { .name = "HSW 1A0G RGBA32F gather 3", G32, .comp = 3 },
        { .name = "HSW cube BGR1 LML lod seamless", TCUBE, .hsw = true, LML, .seamless = true,
          .swizzle = "BGR1", .func = MS_LOD, FILTERED },
        { .name = "HSW cube GGG0 NMN texture()", TCUBE, .hsw = true, NMN, .swizzle = "GGG0",
          .func = MS_IMPLICIT, EXACT },
        { .name = "HSW cube A0R1 gather 0 seamless", TCUBE, .hsw = true, .min_filter = GL_LINEAR,
          .mag_filter = GL_LINEAR, .seamless = true, .swizzle = "A0R1", .comp = 0,
          .func = MS_GATHER, EXACT },
        { .name = "IVB RGBA LML texture()", TEX2D, LML, .swizzle = "RGBA",
          .func = MS_IMPLICIT, FILTERED },
        { .name = "IVB RGBA gather 2", TEX2D, .min_filter = GL_LINEAR,
          .mag_filter = GL_LINEAR, .swizzle = "RGBA", .comp = 2, .func = MS_GATHER, EXACT },
    };
#undef G32
#undef G8
    run_configs(cs, N(cs), true);
}

/* Haswell's integer border colours: UINT / SINT textures of 8-, 16- and
 * 32-bit channels (RG32 and a one-channel one too) clamped to a border set
 * with glTexParameterI(u)iv, through a usampler2D / isampler2D into an
 * integer target, compared exactly: texture() and textureLod at
 * coordinates in and out of [0, 1], texelFetch inside.  gen7sf gets the
 * 20-DWord border colour as i965 programs it on Haswell.  texture() with
 * GL_NEAREST (no mipmaps) magnifies only: llvmpipe minifies an integer
 * texture under GL_NEAREST from a mip level, not the base level GL
 * specifies (a float one it does not); NMN minifies.  GL refusing a
 * format skips. */
TEST(mesa_sampler_int_border)
{
#define INT2D .target = GL_TEXTURE_2D, .w = 32, .h = 16, .hsw = true, \
              .wrap = { GL_CLAMP_TO_BORDER, GL_CLAMP_TO_BORDER }, .coord = { -0.5f, 1.5f }, \
              .lod = { -1.0f, 3.0f }, .aniso_ratio = 2.0f, .tol = 0.0f, .max_boundary = 0.03f
#define NN .min_filter = GL_NEAREST, .mag_filter = GL_NEAREST, .lod = { -3.0f, 0.0f }
#define NEG(x) ((uint32_t)(x))
#define B8UI .fmt = MS_RGBA8UI, .iborder = { 200, 7, 255, 3 }
#define B16I .fmt = MS_RGBA16I, .iborder = { NEG(-1234), 32767, NEG(-32768), 5 }
#define B16UI .fmt = MS_RGBA16UI, .iborder = { 65535, 1, 40000, 300 }
#define B32UI .fmt = MS_RGBA32UI, .iborder = { 0xDEADBEEFu, 7, 0x80000000u, 42 }
#define BRG32 .fmt = MS_RG32UI, .iborder = { 0xCAFEF00Du, 123456789, 5, 9 }
#define BR8I .fmt = MS_R8I, .iborder = { NEG(-77), 12, 34, 56 }
    static const ms_config cs[] = {
        { .name = "RGBA8UI texture() N", INT2D, B8UI, NN, .func = MS_IMPLICIT },
        { .name = "RGBA8UI texture() NMN", INT2D, B8UI, NMN, .func = MS_IMPLICIT },
        { .name = "RGBA8UI ld", INT2D, B8UI, NMN, .func = MS_FETCH },
        { .name = "RGBA16I texture() N", INT2D, B16I, NN, .func = MS_IMPLICIT },
        { .name = "RGBA16I textureLod NMN", INT2D, B16I, NMN, .func = MS_LOD },
        { .name = "RGBA16I ld", INT2D, B16I, NMN, .func = MS_FETCH },
        { .name = "RGBA16UI texture() N", INT2D, B16UI, NN, .func = MS_IMPLICIT },
        { .name = "RGBA16UI texture() NMN", INT2D, B16UI, NMN, .func = MS_IMPLICIT },
        { .name = "RGBA16UI ld", INT2D, B16UI, NMN, .func = MS_FETCH },
        { .name = "RGBA32UI texture() N", INT2D, B32UI, NN, .func = MS_IMPLICIT },
        { .name = "RGBA32UI textureLod NMN", INT2D, B32UI, NMN, .func = MS_LOD },
        { .name = "RGBA32UI ld", INT2D, B32UI, NMN, .func = MS_FETCH },
        { .name = "RG32UI texture() N", INT2D, BRG32, NN, .func = MS_IMPLICIT },
        { .name = "RG32UI texture() NMN", INT2D, BRG32, NMN, .func = MS_IMPLICIT },
        { .name = "RG32UI ld", INT2D, BRG32, NMN, .func = MS_FETCH },
        { .name = "R8I texture() N", INT2D, BR8I, NN, .func = MS_IMPLICIT },
        { .name = "R8I textureLod NMN", INT2D, BR8I, NMN, .func = MS_LOD },
        { .name = "R8I ld", INT2D, BR8I, NMN, .func = MS_FETCH },
    };
    run_configs(cs, N(cs), true);
}
