/* Anisotropic filtering against Mesa's softpipe, whose filter is the EWA
 * one (llvmpipe's is not): MAPFILTER_ANISOTROPIC with the EWA algorithm
 * as Mesa's i965 programs it for GL_TEXTURE_MAX_ANISOTROPY 2..16.  Its own
 * binary: the Gallium driver is chosen once per process.  Tolerances:
 * docs/spec-notes.md, "Sampler Mesa differential test". */
#include <stdio.h>

#include "harness.h"
#include "mesa_sample.h"

TEST(mesa_sampler_aniso_softpipe)
{
    const char *why = NULL;
    const mesa_gl *gl = mesa_gl_open_driver("softpipe", NULL, &why);
    if (!gl) {
        printf("  Mesa softpipe unavailable: %s\n", why);
        SKIP("no Mesa softpipe context");
    }
    printf("  GL_RENDERER %s, GL_VERSION %s\n", gl->renderer, gl->version);
    /* Two filters that share no weights: a per-sample bound would only
     * measure that; the mean bounds how far the footprints part. */
    static const float ratios[] = { 2.0f, 4.0f, 8.0f, 16.0f };
    ms_config cs[4];
    char nm[4][48];
    for (unsigned i = 0; i < 4; i++) {
        snprintf(nm[i], sizeof nm[i], "2D LML aniso %gx", (double)ratios[i]);
        cs[i] = (ms_config){ .name = nm[i], .target = GL_TEXTURE_2D, .w = 64, .h = 32,
                             .fmt = MS_RGBA8, .min_filter = GL_LINEAR_MIPMAP_LINEAR,
                             .mag_filter = GL_LINEAR, .aniso = ratios[i], .func = MS_GRAD,
                             .coord = { -1.0f, 2.0f }, .lod = { -1.0f, 5.0f },
                             .aniso_ratio = 2.0f * ratios[i], .tol = 1.0f, .max_rate = 1.0f,
                             .max_boundary = 1.0f, .max_mean = 0.25f, .smooth = true };
    }
    for (unsigned i = 0; i < 4; i++) {
        ms_stats st;
        char msg[1024];
        if (!ms_run(gl, &cs[i], 32, 32, &st, msg, sizeof msg)) {
            CHECKF(0, "%s: GL refused: %s", cs[i].name, msg);
            continue;
        }
        ms_report(&cs[i], &st);
    }
}
