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

/* The line kernels (up_line on each side, sdi_line) against C on lines of
 * 8 to 48 pairs (a block's 8 and the 16 of a step), every fill and blend
 * setting; the bytes past the line stay as they were. */
static void check_line_kernel(const t_isa *s, bool sdi)
{
    media_dsp d;
    if (!t_table_for(s, &d))
        SKIP("CPU lacks this instruction set");
    if (!d.chroma.up_line || d.chroma.up_line == di_chroma_up_line_c)
        SKIP("no line kernels for this instruction set (the C ones serve)");
    enum { NP = 48, PAD = 8, LB = 2 * NP + 2 * PAD };
    int cases = 0;
    for (int f = 0; f < F_COUNT; f++)
        for (int k = 0; k < KCASES; k++)
            for (int side = -1; side <= 1; side++) {
                int n = 8 * (1 + (int)(t_rand() % (NP / 8)));
                g7sf_di_params p = { 0 };
                blend_params(&p, k);
                uint8_t l[8][LB], s3[NP], angle[NP], want[LB], got[LB];
                fill_bytes(&l[0][0], sizeof l, (enum fill)f);
                fill_bytes(s3, sizeof s3, (enum fill)((f + k) % F_COUNT));
                for (int i = 0; i < NP; i++)
                    angle[i] = (uint8_t)(k < 2 ? (8 * k + i) % DI_ANGLES : (int)(t_rand() % DI_ANGLES));
                memset(want, 0x5a, sizeof want);
                memset(got, 0x5a, sizeof got);
                if (sdi) {
                    const uint8_t *a[3] = { l[0] + PAD, l[1] + PAD, l[2] + PAD };
                    const uint8_t *b[3] = { l[3] + PAD, l[4] + PAD, l[5] + PAD };
                    di_chroma_sdi_line_c(&p, a, b, l[6] + PAD, l[7] + PAD, s3, angle, want + PAD, n);
                    d.chroma.sdi_line(&p, a, b, l[6] + PAD, l[7] + PAD, s3, angle, got + PAD, n);
                } else {
                    di_chroma_up_line_c(&p, l[0] + PAD, l[1] + PAD, l[2] + PAD, l[3] + PAD, s3,
                                        side, want + PAD, n);
                    d.chroma.up_line(&p, l[0] + PAD, l[1] + PAD, l[2] + PAD, l[3] + PAD, s3,
                                     side, got + PAD, n);
                }
                CHECKF(!memcmp(want, got, sizeof want),
                       "%s %s_line: fill %d case %d side %d, %d pairs: differs from C (min %u "
                       "max %u shift %u)", s->name, sdi ? "sdi" : "up", f, k, side, n,
                       p.stmm_min, p.stmm_max, p.stmm_shift);
                cases++;
                if (t_failed())
                    return;
            }
    CHECK_EQ(cases, F_COUNT * KCASES * 3);
}

TEST(chroma_up_line_avx2) { check_line_kernel(&t_isa_avx2, false); }
TEST(chroma_sdi_line_avx2) { check_line_kernel(&t_isa_avx2, true); }

/* The line kernels' C definitions against the block kernels they stand
 * for: a block's 8 pairs of di_chroma_up_c (its samples -1 .. 8) are the
 * line's own pairs with its left side at the first and its right side at
 * the last; di_chroma_sdi_c reads them so. */
TEST(chroma_line_c_is_block_c)
{
    int cases = 0;
    for (int f = 0; f < F_COUNT; f++)
        for (int k = 0; k < KCASES; k++) {
            g7sf_di_params p = { 0 };
            blend_params(&p, k);
            uint8_t l[4][DI_CROW], s3[8], angle[8], blk[DI_CROW], side[3][16];
            fill_bytes(&l[0][0], sizeof l, (enum fill)f);
            fill_bytes(s3, sizeof s3, (enum fill)((f + k) % F_COUNT));
            for (int i = 0; i < 8; i++)
                angle[i] = (uint8_t)(t_rand() % DI_ANGLES);
            di_chroma_up_c(&p, l[0], l[1], l[2], l[3], s3, blk);
            for (int sd = -1; sd <= 1; sd++) {
                int o = 2 + 2 * sd;
                di_chroma_up_line_c(&p, l[0] + o, l[1] + o, l[2] + o, l[3] + o, s3, sd,
                                    side[sd + 1], 8);
            }
            /* the block's samples -1 .. 8: the left side's first, the
             * line's own 0 .. 7, the right side's last */
            CHECK(!memcmp(blk, side[0], 2));
            CHECK(!memcmp(blk + 2, side[1], 16));
            CHECK(!memcmp(blk + 18, side[2] + 14, 2));
            /* the SDI from the block's up-sampled lines and from the sides */
            uint8_t want[16], got[16], b2[DI_CROW];
            memcpy(b2, blk, sizeof b2);
            for (int x = 0; x < DI_CROW; x++)
                b2[x] = (uint8_t)(b2[x] ^ 0x33);
            uint8_t bs[3][16];
            for (int sd = 0; sd < 3; sd++)
                for (int x = 0; x < 16; x++)
                    bs[sd][x] = (uint8_t)(side[sd][x] ^ 0x33);
            di_chroma_sdi_c(&p, blk, b2, l[2], l[3], s3, angle, want);
            const uint8_t *a[3] = { side[0], side[1], side[2] }, *b[3] = { bs[0], bs[1], bs[2] };
            di_chroma_sdi_line_c(&p, a, b, l[2] + 2, l[3] + 2, s3, angle, got, 8);
            CHECK(!memcmp(want, got, 16));
            cases++;
            if (t_failed())
                return;
        }
    CHECK_EQ(cases, F_COUNT * KCASES);
}

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
    CHECK(d.chroma.up_line == di_chroma_up_line_c);
    CHECK(d.chroma.sdi_line == di_chroma_sdi_line_c);
}
