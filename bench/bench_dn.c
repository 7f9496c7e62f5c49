/* make bench: 1920x1080 luma denoise frames per second through
 * g7sf_dn_block(), DN only (16x8 blocks, progressive) and with DI's 16x4
 * blocks (field lines), with the kernels of the widest instruction set the
 * CPU has (G7SF_CPU=c|sse4.1|avx2 narrows it). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/cpu.h"
#include "gen7sf/media.h"

enum { W = 1920, H = 1080 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Denoises frames for ~1 s of denoising (making the input is not timed),
 * each frame's output the next one's prev. */
static void bench(const char *name, int bh, bool field)
{
    static uint8_t cur[H][W], den[2][H][W], hist[2][H / 4][W / 4];
    g7sf_dn_params p = { .stad_th = 140, .mp_th = 1, .tasd_th = 38, .scm_th = 64,
                         .history_max = 192, .history_delta = 8, .temporal_diff_th = 16,
                         .temporal_diff_low = 8, .good_neighbor_th = 4, .bne_edge_th = 1,
                         .bne_noise_th = 15, .field = field, .first_frame = true };
    unsigned seed = 1;
    g7sf_gne gne = { { 0 }, { 0 } };
    g7sf_dn_block_stats st;
    int frames = 0;
    double t = 0;
    do {
        for (int y = 0; y < H; y++)        /* a moving ramp plus noise */
            for (int x = 0; x < W; x++) {
                seed = seed * 1103515245u + 12345u;
                cur[y][x] = (uint8_t)((x + y + frames * 2) / 16 + (seed >> 28));
            }
        g7sf_plane c = { &cur[0][0], W, W, H }, pv = { &den[frames & 1][0][0], W, W, H };
        uint8_t (*out)[W] = den[~frames & 1];
        double t0 = now();
        for (int by = 0; by < H; by += bh)
            for (int bx = 0; bx < W; bx += 16) {
                if (g7sf_dn_block(&p, &c, &pv, bx, by, bh, &hist[frames & 1][by / 4][bx / 4],
                                  &hist[~frames & 1][by / 4][bx / 4], W / 4, &out[by][bx], W,
                                  &st)) {
                    fprintf(stderr, "%s: g7sf_dn_block failed\n", name);
                    exit(1);
                }
                g7sf_gne_add(&gne, 0, st.bne);
            }
        t += now() - t0;
        p.first_frame = false;
        frames++;
    } while (t < 1.0);
    printf("%-40s %-6s %8.1f frames/s, %8.0f blocks/s (GNE %u over %u blocks)\n", name,
           cpu_name(cpu_flags()), frames / t, frames / t * (W / 16) * ((H + bh - 1) / bh),
           gne.sum[0], gne.count[0]);
}

int main(void)
{
    bench("DN 1920x1080 luma, 16x8 progressive", 8, false);
    bench("DN 1920x1080 luma, 16x4 field", 4, true);
    return 0;
}
