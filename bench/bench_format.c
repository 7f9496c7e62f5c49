/* make bench: texel decode and encode throughput of the format layer,
 * millions of texels per second, for representative formats: whole units
 * through g7sf_unit_decode (how a sampler fills its cache), single texels
 * through g7sf_texel_decode, and g7sf_texel_encode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen7sf/format.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

enum { UNITS = 4096 };

static uint8_t data[UNITS][32];
static g7sf_palettes pal;

/* Runs `what` over the random units for ~0.3 s; returns Mtexels/s. */
static double run(const struct g7sf_format_info *f, int what)
{
    unsigned per_unit = (unsigned)f->unit_w * f->unit_h;
    double t0 = now(), t;
    unsigned long texels = 0;
    volatile float sink = 0;
    do {
        for (unsigned u = 0; u < UNITS; u++) {
            g7sf_texel out[32];
            if (what == 0) {
                g7sf_unit_decode(f, data[u], &pal, out);
                sink += out[0].f[0];
                texels += per_unit;
            } else if (what == 1) {
                g7sf_texel_decode(f, data[u], u, u >> 2, &pal, out);
                sink += out[0].f[0];
                texels++;
            } else {
                g7sf_texel in = { .f = { 0.25f, 0.5f, (float)(u & 255) / 255, 1.0f } };
                g7sf_texel_encode(f, &in, data[u], u, 0);
                texels++;
            }
        }
        t = now() - t0;
    } while (t < 0.3);
    (void)sink;
    return texels / t / 1e6;
}

int main(void)
{
    static const char *const names[] = {
        "R8G8B8A8_UNORM", "B8G8R8A8_UNORM_SRGB", "B5G6R5_UNORM", "R16G16B16A16_FLOAT",
        "R32G32B32A32_FLOAT", "R11G11B10_FLOAT", "R9G9B9E5_SHAREDEXP", "R10G10B10A2_UNORM",
        "R8_SNORM", "L8A8_UNORM", "P8_UNORM_PALETTE0", "YCRCB_NORMAL", "MONO8",
        "BC1_UNORM", "BC3_UNORM", "BC5_UNORM", "BC6H_UF16", "BC7_UNORM", "ETC2_RGB8",
        "ETC2_EAC_RGBA8", "EAC_RG11", "FXT1",
    };
    unsigned seed = 7;
    for (unsigned u = 0; u < UNITS; u++)
        for (unsigned i = 0; i < 32; i++) {
            seed = seed * 1103515245u + 12345u;
            data[u][i] = (uint8_t)(seed >> 24);
        }
    printf("%-24s %14s %14s %14s\n", "format (Mtexels/s)", "unit decode", "texel decode",
           "texel encode");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const struct g7sf_format_info *f = g7sf_format_by_name(names[i]);
        if (!f) {
            fprintf(stderr, "bench_format: no format %s\n", names[i]);
            return 1;
        }
        g7sf_texel probe = {{0}};
        int encodes = g7sf_texel_encode(f, &probe, data[0], 0, 0) == 0;
        printf("%-24s %14.1f %14.1f ", names[i], run(f, 0), run(f, 1));
        if (encodes)
            printf("%14.1f\n", run(f, 2));
        else
            printf("%14s\n", "-");
    }
    return 0;
}
