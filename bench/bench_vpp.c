/* make bench: the video pipeline's input frames per second at 1080i and
 * 576i (4:2:0, top field first, field rate) for denoise only (weave with
 * DN), MADI, MCDI and auto (MCDI + film detection, with DN), on 1 and 2
 * threads.  Fields per second are twice the frames per second.  make bench
 * runs it twice: with the SIMD kernels, and with G7SF_CPU=c (the C
 * references).  On a shared machine wall time depends on the load: the
 * single-thread run is also given per second of its own CPU time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen7sf/vpp.h"

/* 8 frames: the motion repeats after 16 fields, so the clip loops without
 * a cut */
enum { CLIP = 8 };

static double now(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int discard(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    (void)out, (void)st;
    ++*(long *)user;
    return 0;
}

/* A clip of interlaced video: moving texture and edges with a little
 * noise, each field (top first) taken at its own time t, so that no film
 * cadence is found in it. */
static void make_clip(uint8_t *clip[CLIP][3], int w, int h)
{
    unsigned seed = 1;
    for (int f = 0; f < CLIP; f++) {
        for (int i = 0; i < 3; i++)
            clip[f][i] = malloc((size_t)w * h);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int t = 2 * f + (y & 1);
                seed = seed * 1103515245u + 12345u;
                int v = ((x + 3 * t) / 24 + y / 24) & 1 ? 170 : 60;
                clip[f][0][y * w + x] = (uint8_t)(v + ((x * x + y * 3 + t * 5) & 15) + (seed >> 29));
            }
        /* 4:2:0 chroma row j is in the field of its parity */
        for (int i = 1; i < 3; i++)
            for (int k = 0; k < w / 2 * (h / 2); k++)
                clip[f][i][k] = (uint8_t)(128 + (k * (i * 2 + 1) + 2 * (2 * f + (k / (w / 2) & 1))) % 32);
    }
}

/* Frames per second over ~1.5 s (and per CPU second in *cpu_fps), or a
 * negative error. */
static double run(int w, int h, enum g7sf_vpp_deinterlace di, int denoise, int threads,
                  uint8_t *clip[CLIP][3], double *cpu_fps)
{
    g7sf_vpp_config c = { .width = w, .height = h, .chroma = G7SF_CHROMA_420, .deinterlace = di,
                          .rate = G7SF_VPP_RATE_FIELD, .top_first = true, .denoise = denoise,
                          .threads = threads };
    int err;
    g7sf_vpp *v = g7sf_vpp_create(&c, &err);
    if (!v)
        return err;
    long outs = 0, frames = 0;
    double t0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID), t = 0;
    do {
        uint8_t **p = clip[frames % CLIP];
        g7sf_vpp_picture pic = { { p[0], p[1], p[2] }, { w, w / 2, w / 2 } };
        err = g7sf_vpp_push(v, &pic, discard, &outs);
        frames++;
    } while (!err && (t = now(CLOCK_MONOTONIC) - t0) < 1.5);
    *cpu_fps = frames / (now(CLOCK_PROCESS_CPUTIME_ID) - c0);
    g7sf_vpp_destroy(v);
    return err ? err : frames / t;
}

int main(void)
{
    static const struct { const char *name; enum g7sf_vpp_deinterlace di; int denoise; } modes[] = {
        { "DN only", G7SF_VPP_DI_WEAVE, 32 },
        { "MADI", G7SF_VPP_DI_MADI, -1 },
        { "MCDI", G7SF_VPP_DI_MCDI, -1 },
        { "auto + DN", G7SF_VPP_DI_AUTO, 32 },
    };
    static const int sizes[2][2] = { { 1920, 1080 }, { 720, 576 } };
    const char *isa = getenv("G7SF_CPU");
    printf("kernels: %s\n", isa && *isa ? isa : "the best the CPU has (G7SF_CPU unset)");
    printf("%-20s %-10s %16s %16s %16s\n", "video pipeline", "mode", "1 thread",
           "1 thread per CPU", "2 threads");
    for (int s = 0; s < 2; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        uint8_t *clip[CLIP][3];
        make_clip(clip, w, h);
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            printf("%-20s %-10s", s ? "576i (720x576)" : "1080i (1920x1080)", modes[m].name);
            for (int t = 1; t <= 2; t++) {
                double cpu = 0, fps = run(w, h, modes[m].di, modes[m].denoise, t, clip, &cpu);
                if (fps < 0)
                    printf(t == 1 ? " %16s %16s" : " %16s", "n/a", "n/a");
                else if (t == 1)
                    printf(" %6.1f frames/s %6.1f frames/s", fps, cpu);
                else
                    printf(" %6.1f frames/s", fps);
            }
            printf("\n");
        }
        for (int f = 0; f < CLIP; f++)
            for (int i = 0; i < 3; i++)
                free(clip[f][i]);
    }
    printf("(fields/s = 2 x frames/s; n/a: the pipeline returned an error)\n");
    return 0;
}
