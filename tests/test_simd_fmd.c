/* The FMD grid kernels (src/media/dsp.h) against the C reference, bit for
 * bit: the kernel alone on random rows, and the whole block run on random
 * frames at every block position, first frame or not, under random and
 * extreme thresholds, on content made to tear (combing). */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

static unsigned rnd(unsigned n) { return (unsigned)(t_rand() % n); }

/* ---- inputs ---- */

enum fill { F_RAND, F_ZERO, F_FULL, F_EXTREMES, F_LOW, F_COMB, F_COMB_FULL, F_COUNT };

/* Line y of a picture: random bytes, all 0, all 255, random 0/255, random
 * 0/1, or combing: the two fields at levels a and b plus noise up to n, or
 * 0 / 255 fields with a few flipped pixels. */
typedef struct look {
    enum fill f;
    int a, b, n;
} look;

static look random_look(void)
{
    static const int noise[] = { 0, 1, 3, 15 };
    return (look){ (enum fill)rnd(F_COUNT), (int)rnd(256), (int)rnd(256), noise[rnd(4)] };
}

static void fill_line(uint8_t *p, int n, int y, const look *l)
{
    for (int i = 0; i < n; i++) {
        unsigned r = (unsigned)t_rand();
        int v;
        switch (l->f) {
        case F_RAND: v = (int)(r & 255); break;
        case F_ZERO: v = 0; break;
        case F_FULL: v = 255; break;
        case F_EXTREMES: v = r & 1 ? 255 : 0; break;
        case F_LOW: v = (int)(r & 1); break;
        case F_COMB:
            v = (y & 1 ? l->b : l->a) + (l->n ? (int)(r % (2 * l->n + 1)) - l->n : 0);
            break;
        default: v = (y & 1) ^ (r % 16 == 0) ? 255 : 0; break;     /* F_COMB_FULL */
        }
        p[i] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
}

/* Thresholds: the driver's, random ones near the decisions, and the
 * extremes of the lane-width compares (fmd_lanes_setup). */
static g7sf_di_params random_params(void)
{
    static const unsigned tdiff[] = { 0, 1, 175, 65024, 65025, 65534, 65535, 65536,
                                      130049, 130050, 130051, 0x7FFFFFFF, 0x80000000, UINT32_MAX };
    static const unsigned vdiff1[] = { 0, 1, 2, 3, 16, 509, 510, 511, 512, 0x7FFFFFFF,
                                       0x80000000, UINT32_MAX };
    static const unsigned vdiff2[] = { 0, 1, 2, 100, 65024, 65025, 65026, 65535, 65536,
                                       0x80000000, UINT32_MAX };
    g7sf_di_params p = { .fmd_tdiff = 175, .fmd_vdiff1 = 16, .fmd_vdiff2 = 100, .fmd_thr_tear = 2 };
    switch (rnd(4)) {
    case 0:
        break;
    case 1:
        p.fmd_tdiff = rnd(600), p.fmd_vdiff1 = rnd(40), p.fmd_vdiff2 = rnd(600);
        break;
    case 2: {
        /* a perfect square and its neighbours: where ceil_sqrt steps */
        unsigned s = rnd(257);
        p.fmd_tdiff = rnd(140000), p.fmd_vdiff1 = rnd(520), p.fmd_vdiff2 = s * s - 1 + rnd(3);
        break;
    }
    default:
        p.fmd_tdiff = tdiff[rnd(sizeof tdiff / sizeof *tdiff)];
        p.fmd_vdiff1 = vdiff1[rnd(sizeof vdiff1 / sizeof *vdiff1)];
        p.fmd_vdiff2 = vdiff2[rnd(sizeof vdiff2 / sizeof *vdiff2)];
        break;
    }
    /* mostly 0: the block rule would hide small tear counts */
    p.fmd_thr_tear = rnd(3) ? 0 : rnd(40);
    return p;
}

/* ---- the kernel alone ---- */

/* Random rows, each its own FMD_WW-byte allocation (the sanitizer build
 * sees a read past the row), random edge sides, first frame or not. */
static void check_grid(const t_isa *s)
{
    media_dsp d;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    uint8_t *rows[2][FMD_WH];
    for (int k = 0; k < 2; k++)
        for (int y = 0; y < FMD_WH; y++)
            rows[k][y] = malloc(FMD_WW);
    int cases = 0, torn = 0;
    for (int rep = 0; rep < 6000 && !t_failed(); rep++) {
        look lc = random_look(), lp = rnd(2) ? lc : random_look();
        fmd_window w = { .first = rnd(4) == 0, .out = rnd(16) };
        for (int y = 0; y < FMD_WH; y++) {
            fill_line(rows[0][y], FMD_WW, y, &lc);
            fill_line(rows[1][y], FMD_WW, y + (int)rnd(2), &lp);
            w.cur[y] = rows[0][y], w.prev[y] = rows[1][y];
        }
        g7sf_di_params p = random_params();
        fmd_grid want, got;
        fmd_grid_c(&w, &p, &want);
        d.fmd.grid(&w, &p, &got);
        CHECKF(!memcmp(&want, &got, sizeof want),
               "%s: case %d (fills %d/%d, first %d, out %u, tdiff %u vdiff1 %u vdiff2 %u): "
               "sums %u %u %u %u %u / %u %u %u %u %u, counters %u %u %u / %u %u %u, "
               "tears %u %u %u / %u %u %u",
               s->name, rep, lc.f, lp.f, w.first, w.out, p.fmd_tdiff, p.fmd_vdiff1, p.fmd_vdiff2,
               got.sum[0], got.sum[1], got.sum[2], got.sum[3], got.sum[4], want.sum[0],
               want.sum[1], want.sum[2], want.sum[3], want.sum[4], got.cnt[0], got.cnt[1],
               got.cnt[2], want.cnt[0], want.cnt[1], want.cnt[2], got.tears[0], got.tears[1],
               got.tears[2], want.tears[0], want.tears[1], want.tears[2]);
        torn += want.tears[0] + want.tears[1] + want.tears[2] > 0;
        cases++;
    }
    for (int k = 0; k < 2; k++)
        for (int y = 0; y < FMD_WH; y++)
            free(rows[k][y]);
    CHECK_EQ(cases, 6000);
    /* the inputs do reach the stray filter */
    CHECKF(torn > 600, "only %d of the cases tear", torn);
}

/* ---- the whole block run ---- */

static void check_fields(const char *name, int bx, int by, const g7sf_fmd_block *got,
                         const g7sf_fmd_block *want)
{
    bool same = got->tearing == want->tearing && got->fitting == want->fitting &&
                got->motion == want->motion &&
                !memcmp(got->diff, want->diff, sizeof got->diff) &&
                !memcmp(got->v, want->v, sizeof got->v);
    CHECKF(same, "%s: block (%d, %d): v5..v10 %u %u %u %u %u %u, want %u %u %u %u %u %u", name,
           bx, by, got->v[5], got->v[6], got->v[7], got->v[8], got->v[9], got->v[10],
           want->v[5], want->v[6], want->v[7], want->v[8], want->v[9], want->v[10]);
}

/* Every block of random frames up to 80x20 (so every frame edge), stride
 * padding included, against the C table; run_public also checks the
 * library's own table through g7sf_fmd_block_run. */
static void check_block_runs(const char *name, const fmd_dsp *d, bool run_public)
{
    static const int sizes[][2] = { { 16, 4 }, { 16, 8 }, { 32, 4 }, { 48, 12 }, { 64, 16 },
                                    { 80, 20 } };
    media_dsp ref;
    media_dsp_init(&ref, 0);
    int blocks = 0, torn = 0;
    for (int rep = 0; rep < 400 && !t_failed(); rep++) {
        int w = sizes[rnd(6)][0], h = sizes[rnd(6)][1], stride = w + (int)rnd(3) * 7;
        uint8_t *cur = malloc((size_t)stride * h), *prev = malloc((size_t)stride * h);
        look lc = random_look(), lp = rnd(2) ? lc : random_look();
        for (int y = 0; y < h; y++) {
            fill_line(cur + y * stride, stride, y, &lc);
            fill_line(prev + y * stride, stride, y + (int)rnd(2), &lp);
        }
        g7sf_plane c = { cur, stride, w, h }, pv = { prev, stride, w, h };
        g7sf_di_params p = random_params();
        p.first_frame = rnd(4) == 0;
        const g7sf_plane *pp = !p.first_frame && rnd(8) == 0 ? NULL : &pv;
        for (int by = 0; by < h; by += 4)
            for (int bx = 0; bx < w; bx += 16) {
                g7sf_fmd_block want, got;
                CHECK_EQ(fmd_block_run(&ref.fmd, &p, &c, pp, bx, by, &want), 0);
                CHECK_EQ(fmd_block_run(d, &p, &c, pp, bx, by, &got), 0);
                check_fields(name, bx, by, &got, &want);
                if (run_public) {
                    CHECK_EQ(g7sf_fmd_block_run(&p, &c, pp, bx, by, &got), 0);
                    check_fields("g7sf_fmd_block_run", bx, by, &got, &want);
                }
                torn += want.v[8] + want.v[9] + want.v[10] > 0;
                blocks++;
            }
        free(cur);
        free(prev);
    }
    CHECKF(blocks > 2000, "only %d blocks", blocks);
    CHECKF(torn > blocks / 10, "only %d of %d blocks tear", torn, blocks);
}

static void check_blocks(const t_isa *s)
{
    media_dsp d;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    check_block_runs(s->name, &d.fmd, false);
}

/* The extremes: flat frames of 0 and 255 (against each other too) under
 * the largest and smallest thresholds. */
static void check_flat(const t_isa *s)
{
    media_dsp d, ref;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    media_dsp_init(&ref, 0);
    static uint8_t cur[16][48], prev[16][48];
    static const unsigned th[] = { 0, 1, 65025, 130050, UINT32_MAX };
    for (int lc = 0; lc < 2; lc++)
        for (int lp = 0; lp < 2; lp++)
            for (int t = 0; t < 5 * 5 * 5; t++) {
                memset(cur, lc ? 255 : 0, sizeof cur);
                memset(prev, lp ? 255 : 0, sizeof prev);
                g7sf_plane c = { &cur[0][0], 48, 48, 16 }, pv = { &prev[0][0], 48, 48, 16 };
                g7sf_di_params p = { .fmd_tdiff = th[t % 5], .fmd_vdiff1 = th[t / 5 % 5],
                                     .fmd_vdiff2 = th[t / 25], .first_frame = lc != lp && t & 1 };
                for (int by = 0; by < 16; by += 4)
                    for (int bx = 0; bx < 48; bx += 16) {
                        g7sf_fmd_block want, got;
                        fmd_block_run(&ref.fmd, &p, &c, &pv, bx, by, &want);
                        fmd_block_run(&d.fmd, &p, &c, &pv, bx, by, &got);
                        check_fields(s->name, bx, by, &got, &want);
                    }
            }
}

TEST(fmd_grid_sse41) { check_grid(&t_isa_sse41); }
TEST(fmd_grid_avx2) { check_grid(&t_isa_avx2); }
TEST(fmd_blocks_sse41) { check_blocks(&t_isa_sse41); }
TEST(fmd_blocks_avx2) { check_blocks(&t_isa_avx2); }
TEST(fmd_flat_sse41) { check_flat(&t_isa_sse41); }
TEST(fmd_flat_avx2) { check_flat(&t_isa_avx2); }

/* g7sf_fmd_block_run, on whatever set this CPU (and G7SF_CPU) gives it. */
TEST(fmd_block_run_library_table)
{
    printf("  covered: %s\n", cpu_name(cpu_flags()));
    check_block_runs("library", &media_dsp_get()->fmd, true);
}
