/* make bench: the motion compensated deinterlacer's block kernels (search,
 * smoothness, compensation, then the MCDI/SDI decision of every missing
 * pixel) in 16x4 blocks per second, and what that is in 1080i fields per
 * second: a pass over a 1920x1080 frame pair is 120 x 270 blocks and yields
 * two fields.  G7SF_CPU=c gives the C kernels' speed. */
#include <stdio.h>
#include <time.h>

#include "core/cpu.h"
#include "media/di_int.h"

enum { NWIN = 256, BLOCKS_1080 = 120 * 270 };

/* CPU time of the process: the machine may be shared */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void)
{
    static di_window prev[NWIN], cur[NWIN];
    unsigned seed = 1;
    /* textured content moving (k % 7 - 3, k % 3 - 1) pixels between frames */
    for (int k = 0; k < NWIN; k++)
        for (int y = 0; y < DIW_H; y++)
            for (int x = 0; x < DIW_W; x++) {
                int dx = k % 7 - 3, dy = k % 3 - 1;
                seed = seed * 1103515245u + 12345u;
                prev[k].p[y][x] = (uint8_t)((x * 7 + y * 13 + k) * 3 + (seed >> 29));
                cur[k].p[y][x] = (uint8_t)(((x - dx) * 7 + (y - dy) * 13 + k) * 3 + (seed >> 30));
            }
    g7sf_di_params p = { .cat_th1 = 0, .cat_slope = 10, .sad_tight_th = 5, .sad_tha = 5,
                         .sad_thb = 10, .smooth_mv_th = 1, .mc_consistency_th = 25,
                         .neighbor_pixel_th = 10, .mcdi = true, .top_first = true };
    mcdi_sdi_info s = { .edge = 0, .angle_cost = 400, .scm = 70 };
    mcdi_block m;
    long blocks = 0, mc = 0;
    double t0 = now(), t;
    do {
        for (int k = 0; k < NWIN; k++, blocks++) {
            mcdi_block_run(&p, &prev[k], &cur[k], &m);
            di_view vp = di_view_of(&prev[k]), vc = di_view_of(&cur[k]);
            for (int l = 0; l < 4; l++)
                for (int x = 0; x < 16; x++)
                    mc += mcdi_select(&p, &m, di_first_field_line(&p, l) ? &vp : &vc, l, x, &s);
        }
    } while ((t = now() - t0) < 1.0);
    printf("%-40s %10.0f blocks/s = %.1f 1080i fields/s (%.0f%% MCDI pixels, %s)\n",
           "MCDI 16x4 blocks (search + decisions)", blocks / t, blocks / t / BLOCKS_1080 * 2,
           100.0 * mc / (blocks * 64.0), cpu_name(cpu_flags()));
    return 0;
}
