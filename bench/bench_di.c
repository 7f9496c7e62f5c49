/* make bench: g7sf_di_block() on 1920x1080 4:2:0 frames, motion adaptive
 * (MADI) and motion compensated (MCDI): blocks per second and the 1080i
 * fields per second that rate gives (each pass over the frame's 16x4 blocks
 * outputs two fields). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gen7sf/media.h"

enum { W = 1920, H = 1080 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint8_t frm[2][H * 3 / 2][W], stmm[2][H][W / 2];

/* A moving ramp with noise, so every kind of block occurs. */
static void make_frame(uint8_t (*f)[W], int n, unsigned *seed)
{
    for (int y = 0; y < H * 3 / 2; y++)
        for (int x = 0; x < W; x++) {
            *seed = *seed * 1103515245u + 12345u;
            f[y][x] = (uint8_t)((x * 3 + y * 5 + n * 7) / 8 + (*seed >> 28));
        }
}

static g7sf_yuv yuv(uint8_t (*f)[W])
{
    return (g7sf_yuv){ .y = { &f[0][0], W, W, H },
                       .cb = { &f[H][0], W, W / 2, H / 2 },
                       .cr = { &f[H][W / 2], W, W / 2, H / 2 },
                       .chroma = G7SF_CHROMA_420 };
}

static void bench(const char *name, bool mcdi)
{
    /* intel-vaapi-driver's Ivy Bridge DI values (its shift down code 3 gives 7) */
    g7sf_di_params p = { .stmm_c2 = 2, .vecm_mul = 30, .tdm_shift1 = 7, .tdm_shift2 = 7,
                         .stmm_md_th = 118, .stmm_trc1 = 64, .stmm_trc2 = 125,
                         .stmm_min = 118, .stmm_max = 150, .stmm_shift = 5, .sdi_th = 100,
                         .sdi_delta = 5, .sdi_t1 = 50, .sdi_t2 = 100, .sdi_angle2x1 = 37,
                         .cat_slope = 10, .sad_tight_th = 5, .sad_tha = 5, .sad_thb = 10,
                         .mc_consistency_th = 25, .neighbor_pixel_th = 10, .mcdi = mcdi,
                         .top_first = true };
    unsigned seed = 1;
    make_frame(frm[0], 0, &seed);
    make_frame(frm[1], 1, &seed);
    g7sf_yuv pv = yuv(frm[0]), cu = yuv(frm[1]);
    g7sf_di_block_out o;
    long blocks = 0;
    unsigned check = 0;
    double t0 = now(), t;
    int pass = 0;
    do {
        uint8_t (*sin)[W / 2] = stmm[pass & 1], (*sout)[W / 2] = stmm[~pass & 1];
        for (int by = 0; by < H; by += 4)
            for (int bx = 0; bx < W; bx += 16) {
                if (g7sf_di_block(&p, &cu, &pv, &sin[0][0], W / 2, bx, by, &o)) {
                    fprintf(stderr, "%s: g7sf_di_block failed\n", name);
                    exit(1);
                }
                for (int l = 0; l < 4; l++)
                    for (int i = 0; i < 8; i++)
                        sout[by + l][bx / 2 + i] = o.stmm[l][i];
                check += o.prev2_y[1][3] + o.cur1_y[2][5] + o.cur1_c[1][4];
                blocks++;
            }
        pass++;
    } while ((t = now() - t0) < 1.5);
    double bps = blocks / t;
    printf("%-34s %10.0f blocks/s  %6.1f 1080i fields/s  (check %u)\n", name, bps,
           bps / ((W / 16) * (H / 4)) * 2, check);
}

int main(void)
{
    bench("DI 1920x1080 4:2:0, MADI", false);
    bench("DI 1920x1080 4:2:0, MCDI", true);
    return 0;
}
