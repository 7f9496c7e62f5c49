/* The chroma deinterlace kernels (src/media/dsp.h, di_chroma.c): each SIMD
 * version against the C reference on random and extreme lines, then the
 * whole chroma of a block (di_chroma_block_dsp, what g7sf_di_block calls)
 * with each instruction set's table against the C table and against all its
 * lines computed (di_chroma_block_all), for every chroma
 * format, field order, first frame or not, cadence and block position. */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

enum fill { F_RAND, F_ZERO, F_FULL, F_EXTREMES, F_COUNT };

/* random bytes, all 0, all 255, random 0 / 255 */
static void fill_bytes(uint8_t *p, size_t n, enum fill f)
{
    for (size_t i = 0; i < n; i++) {
        unsigned r = (unsigned)t_rand();
        p[i] = f == F_RAND ? (uint8_t)r : f == F_ZERO ? 0 : f == F_FULL ? 255 : r & 1 ? 255 : 0;
    }
}

/* The blend's controls: min/max STMM at their extremes, equal, crossed, the
 * shift from 0 to 16, and random. */
static void blend_params(g7sf_di_params *p, int k)
{
    static const unsigned fixed[][3] = {
        { 0, 255, 8 }, { 0, 255, 0 }, { 0, 255, 16 }, { 255, 255, 0 }, { 0, 0, 0 },
        { 200, 40, 7 }, { 32, 160, 7 }, { 1, 254, 1 },
    };
    enum { NF = sizeof fixed / sizeof fixed[0] };
    if (k < NF) {
        p->stmm_min = fixed[k][0], p->stmm_max = fixed[k][1], p->stmm_shift = fixed[k][2];
    } else {
        p->stmm_min = (unsigned)(t_rand() % 256), p->stmm_max = (unsigned)(t_rand() % 256);
        p->stmm_shift = (unsigned)(t_rand() % 17);
    }
}

/* ---- the kernels ---- */

enum { KCASES = 24 };

/* The up-sampler (sdi false) or the chroma SDI against C on every fill,
 * blend setting and with or without the temporal neighbours. */
static void check_kernel(const t_isa *s, bool sdi)
{
    media_dsp d;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    int cases = 0;
    for (int f = 0; f < F_COUNT; f++)
        for (int k = 0; k < KCASES; k++)
            for (int temporal = 0; temporal < 2; temporal++) {
                g7sf_di_params p = { 0 };
                blend_params(&p, k);
                uint8_t l[4][DI_CROW], s3[8], angle[8], want[DI_CROW], got[DI_CROW];
                fill_bytes(&l[0][0], sizeof l, (enum fill)f);
                fill_bytes(s3, sizeof s3, (enum fill)((f + k) % F_COUNT));
                for (int i = 0; i < 8; i++)     /* every angle, then random */
                    angle[i] = (uint8_t)(k < 2 ? (8 * k + i) % DI_ANGLES : (int)(t_rand() % DI_ANGLES));
                const uint8_t *t = temporal ? l[2] : NULL;
                if (sdi) {
                    di_chroma_sdi_c(&p, l[0], l[1], t, l[3], s3, angle, want);
                    d.chroma.sdi(&p, l[0], l[1], t, l[3], s3, angle, got);
                } else {
                    di_chroma_up_c(&p, l[0], l[1], t, l[3], s3, want);
                    d.chroma.up(&p, l[0], l[1], t, l[3], s3, got);
                }
                CHECKF(!memcmp(want, got, sdi ? 16 : DI_CBYTES),
                       "%s %s: fill %d case %d temporal %d: differs from C (min %u max %u shift %u)",
                       s->name, sdi ? "sdi" : "up", f, k, temporal, p.stmm_min, p.stmm_max,
                       p.stmm_shift);
                cases++;
                if (t_failed())
                    return;
            }
    CHECK_EQ(cases, F_COUNT * KCASES * 2);
}

TEST(chroma_up_sse41) { check_kernel(&t_isa_sse41, false); }
TEST(chroma_up_avx2) { check_kernel(&t_isa_avx2, false); }
TEST(chroma_sdi_sse41) { check_kernel(&t_isa_sse41, true); }
TEST(chroma_sdi_avx2) { check_kernel(&t_isa_avx2, true); }

/* ---- the block ---- */

/* A frame of w x h luma with chroma planes of the format, each plane's
 * stride a little wider than its width. */
typedef struct frame {
    g7sf_yuv yuv;
    uint8_t *mem[3];
} frame;

static void frame_make(frame *f, int w, int h, enum g7sf_chroma fmt, enum fill fl)
{
    int cw = fmt == G7SF_CHROMA_411 ? w / 4 : w / 2, ch = fmt == G7SF_CHROMA_420 ? h / 2 : h;
    int size[3][2] = { { w, h }, { cw, ch }, { cw, ch } };
    g7sf_plane *pl[3] = { &f->yuv.y, &f->yuv.cb, &f->yuv.cr };
    for (int i = 0; i < 3; i++) {
        int stride = size[i][0] + (int)(t_rand() % 5);
        f->mem[i] = malloc((size_t)stride * size[i][1]);
        fill_bytes(f->mem[i], (size_t)stride * size[i][1], fl);
        *pl[i] = (g7sf_plane){ f->mem[i], stride, size[i][0], size[i][1] };
    }
    f->yuv.chroma = fmt;
}

static void frame_free(frame *f)
{
    for (int i = 0; i < 3; i++)
        free(f->mem[i]);
}

static void check_block(const t_isa *s)
{
    media_dsp d, c;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    media_dsp_init(&c, 0);
    static const int sizes[][2] = { { 16, 4 }, { 16, 8 }, { 32, 12 }, { 48, 8 }, { 64, 20 } };
    static const enum g7sf_chroma fmts[] = { G7SF_CHROMA_420, G7SF_CHROMA_422,
                                             G7SF_CHROMA_411 };
    long blocks = 0;
    for (int z = 0; z < 5; z++)
        for (int fi = 0; fi < 3; fi++)
            for (int fl = 0; fl < F_COUNT; fl++)
                for (int mode = 0; mode < 2 * 2 * 9; mode++) {
                    g7sf_di_params p = { 0 };
                    blend_params(&p, (int)(t_rand() % 16));
                    p.top_first = mode & 1;
                    p.first_frame = mode & 2;
                    p.cadence_prev2 = (unsigned)(mode / 4 % 3);
                    p.cadence_cur1 = (unsigned)(mode / 12);
                    int w = sizes[z][0], h = sizes[z][1];
                    frame cur, prev;
                    frame_make(&cur, w, h, fmts[fi], (enum fill)fl);
                    frame_make(&prev, w, h, fmts[fi], (enum fill)((fl + mode) % F_COUNT));
                    for (int by = 0; by < h; by += 4)
                        for (int bx = 0; bx < w; bx += 16) {
                            uint8_t stmm3[4][8], angle[4][8];
                            fill_bytes(&stmm3[0][0], sizeof stmm3, (enum fill)(t_rand() % F_COUNT));
                            for (int i = 0; i < 32; i++)
                                angle[i / 8][i % 8] = (uint8_t)(t_rand() % DI_ANGLES);
                            g7sf_di_block_out want, got;
                            memset(&want, 0x5a, sizeof want);
                            got = want;
                            const g7sf_yuv *pv = p.first_frame ? NULL : &prev.yuv;
                            di_chroma_block_dsp(&c.chroma, &p, &cur.yuv, pv, bx, by,
                                                (const uint8_t (*)[8])stmm3,
                                                (const uint8_t (*)[8])angle, &want);
                            di_chroma_block_dsp(&d.chroma, &p, &cur.yuv, pv, bx, by,
                                                (const uint8_t (*)[8])stmm3,
                                                (const uint8_t (*)[8])angle, &got);
                            CHECKF(!memcmp(&want, &got, sizeof want),
                                   "%s: %dx%d format %d fill %d mode %d block (%d, %d): "
                                   "differs from C", s->name, w, h, fi, fl, mode, bx, by);
                            /* the lines the output reads alone (and the
                             * first frame's short cut) change nothing */
                            g7sf_di_block_out all;
                            memset(&all, 0x5a, sizeof all);
                            di_chroma_block_all(&c.chroma, &p, &cur.yuv, pv, bx, by,
                                                (const uint8_t (*)[8])stmm3,
                                                (const uint8_t (*)[8])angle, &all);
                            CHECKF(!memcmp(&want, &all, sizeof want),
                                   "%dx%d format %d fill %d mode %d block (%d, %d): the "
                                   "needed lines differ from all lines", w, h, fi, fl, mode,
                                   bx, by);
                            blocks++;
                        }
                    frame_free(&cur);
                    frame_free(&prev);
                    if (t_failed())
                        return;
                }
    /* blocks per frame: 1 + 2 + 6 + 6 + 20 over the sizes */
    CHECK_EQ(blocks, 35L * 3 * F_COUNT * 36);
}

TEST(chroma_block_sse41) { check_block(&t_isa_sse41); }
TEST(chroma_block_avx2) { check_block(&t_isa_avx2); }

/* Without SIMD the table holds the references. */
TEST(chroma_c_table)
{
    media_dsp d;
    media_dsp_init(&d, 0);
    CHECK(d.chroma.up == di_chroma_up_c);
    CHECK(d.chroma.sdi == di_chroma_sdi_c);
}
