/* Anisotropic filtering against Mesa's softpipe, whose filter is
 * Heckbert's EWA: MAPFILTER_ANISOTROPIC with the EWA algorithm as Mesa's
 * i965 programs it for GL_TEXTURE_MAX_ANISOTROPY 2..16.  Its own binary:
 * the Gallium driver is chosen once per process.  Tolerances:
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
    /* Affine quads (softpipe takes anisotropic derivatives from the quad)
     * on a smooth texture.  Random LODs: softpipe reads one level, gen7sf
     * blends two, so loose bounds.  Whole LODs: both read the same level
     * and the footprints alone are compared, tightly. */
    static const float ratios[] = { 2.0f, 4.0f, 8.0f, 16.0f };
    ms_config cs[8];
    char nm[8][48];
    for (unsigned i = 0; i < 8; i++) {
        bool whole = i >= 4;
        float r = ratios[i % 4];
        snprintf(nm[i], sizeof nm[i], "2D LML aniso %gx%s", (double)r, whole ? " whole LOD" : "");
        cs[i] = (ms_config){ .name = nm[i], .target = GL_TEXTURE_2D, .w = 64, .h = 32,
                             .fmt = MS_RGBA8, .min_filter = GL_LINEAR_MIPMAP_LINEAR,
                             .mag_filter = GL_LINEAR, .aniso = r, .func = MS_IMPLICIT,
                             .coord = { -1.0f, 2.0f },
                             .lod = { whole ? 0.0f : -1.0f, whole ? 4.0f : 5.0f },
                             .aniso_ratio = 2.0f * r, .tol = whole ? 0.03f : 0.4f,
                             .max_mean = whole ? 0.0005f : 0.02f, .smooth = true,
                             .whole_lod = whole };
    }
    for (unsigned i = 0; i < 8; i++) {
        ms_stats st;
        char msg[1024];
        if (!ms_run(gl, &cs[i], 64, 64, &st, msg, sizeof msg)) {
            CHECKF(0, "%s: GL refused: %s", cs[i].name, msg);
            continue;
        }
        ms_report(&cs[i], &st);
    }
}
