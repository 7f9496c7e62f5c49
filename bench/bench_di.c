/* make bench: the deinterlacer on 1920x1080 4:2:0 frames, motion adaptive
 * (MADI), motion compensated (MCDI) and the first frame (SDI alone, what
 * bob runs), block by block (g7sf_di_block) and along whole lines
 * (g7sf_di_rows, the same bytes): blocks per second, the 1080i fields per
 * second that rate gives (each pass over the frame's 16x4 blocks outputs
 * two fields, the first frame's one), and the lines' gain. */
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

/* What a band of g7sf_di_rows leaves: the STMM for the next pass. */
typedef struct sink {
    uint8_t (*sout)[W / 2];
    unsigned check;
} sink;

static void put(void *ctx, const g7sf_di_band *b)
{
    sink *k = ctx;
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < W / 2; i++)
            k->sout[b->by + l][i] = b->stmm[l][i];
    k->check += b->prev2_y[1][3] + b->cur1_y[2][5] + b->cur1_c[1][4];
}

/* Blocks per second of the pass; rows: along lines. */
static double bench(const char *name, bool mcdi, bool first, bool rows)
{
    /* intel-vaapi-driver's Ivy Bridge DI values (its shift down code 3 gives 7) */
    g7sf_di_params p = { .stmm_c2 = 2, .vecm_mul = 30, .tdm_shift1 = 7, .tdm_shift2 = 7,
                         .stmm_md_th = 118, .stmm_trc1 = 64, .stmm_trc2 = 125,
                         .stmm_min = 118, .stmm_max = 150, .stmm_shift = 5, .sdi_th = 100,
                         .sdi_delta = 5, .sdi_t1 = 50, .sdi_t2 = 100, .sdi_angle2x1 = 37,
                         .cat_slope = 10, .sad_tight_th = 5, .sad_tha = 5, .sad_thb = 10,
                         .mc_consistency_th = 25, .neighbor_pixel_th = 10, .mcdi = mcdi,
                         .top_first = true, .first_frame = first };
    unsigned seed = 1;
    make_frame(frm[0], 0, &seed);
    make_frame(frm[1], 1, &seed);
    g7sf_yuv pv = yuv(frm[0]), cu = yuv(frm[1]);
    g7sf_di_block_out o;
    g7sf_di_rows_mem *mem = rows ? g7sf_di_rows_mem_new(W) : NULL;
    if (rows && !mem) {
        fprintf(stderr, "%s: out of memory\n", name);
        exit(1);
    }
    long blocks = 0;
    unsigned check = 0;
    double t0 = now(), t;
    int pass = 0;
    do {
        uint8_t (*sin)[W / 2] = stmm[pass & 1], (*sout)[W / 2] = stmm[~pass & 1];
        if (rows) {
            sink k = { sout, 0 };
            if (g7sf_di_rows(&p, &cu, &pv, &sin[0][0], W / 2, 0, H, mem, put, &k)) {
                fprintf(stderr, "%s: g7sf_di_rows failed\n", name);
                exit(1);
            }
            check += k.check;
            blocks += (W / 16) * (H / 4);
        } else {
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
        }
        pass++;
    } while ((t = now() - t0) < 1.5);
    g7sf_di_rows_mem_free(mem);
    double bps = blocks / t;
    printf("%-40s %10.0f blocks/s  %6.1f 1080i fields/s  (check %u)\n", name, bps,
           bps / ((W / 16) * (H / 4)) * (first ? 1 : 2), check);
    return bps;
}

int main(void)
{
    static const struct { const char *name; bool mcdi, first; } modes[] = {
        { "MADI", false, false }, { "MCDI", true, false }, { "first frame (bob)", false, true },
    };
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "DI 1080 4:2:0, %s, blocks", modes[m].name);
        snprintf(b, sizeof b, "DI 1080 4:2:0, %s, lines", modes[m].name);
        double blk = bench(a, modes[m].mcdi, modes[m].first, false);
        double row = bench(b, modes[m].mcdi, modes[m].first, true);
        printf("%-40s %10.2fx\n", "  lines / blocks", row / blk);
    }
    return 0;
}
