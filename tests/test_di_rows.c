/* The deinterlacer along whole lines (g7sf_di_rows, src/media/sdi_rows.c)
 * against the block pass it stands for (g7sf_di_block, the model of one
 * message): every block of random frames and states, byte for byte; the
 * line SDI of each instruction set against the block SDI of every block;
 * and the argument rules. */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "gen7sf/media.h"
#include "harness.h"
#include "media/di_int.h"
#include "media/dsp.h"
#include "media/sdi_rows.h"
#include "media/stmm_rows.h"
#include "media/window.h"
#include "media_isa.h"

static unsigned rnd(unsigned n) { return (unsigned)(t_rand() % n); }

enum { MAXW = 160, MAXH = 40 };

/* Pictures whose SDI takes every angle: edges of slope o (P(x, y) =
 * f(x - o y), so that angle offset o matches exactly) between segments of
 * random length and level, with or without noise, or fine stripes (the
 * fallbacks), random noise, flat, or 0/255 extremes. */
static void fill(uint8_t *p, int stride, int w, int h)
{
    int kind = (int)rnd(6), o = (int)rnd(11) - 5, noise = (int)rnd(3);
    int flat = (int)rnd(256);
    uint8_t f[MAXW + 11 * MAXH];    /* f(t), t = x - o y + 5 MAXH, |o| <= 5 */
    int len = 0, v = (int)rnd(256);
    for (size_t t = 0; t < sizeof f; t++) {
        if (len-- <= 0) {
            len = kind == 1 ? (int)rnd(2) : 2 + (int)rnd(20);
            v = (int)rnd(256);
        }
        f[t] = (uint8_t)v;
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int q;
            switch (kind) {
            case 0:
            case 1:
            case 2:
                q = f[x - o * y + 5 * MAXH] + (noise ? (int)rnd(2 * noise + 1) - noise : 0);
                q = q < 0 ? 0 : q > 255 ? 255 : q;
                break;
            case 3: q = (int)rnd(256); break;
            case 4: q = flat; break;
            default: q = rnd(2) ? 255 : 0; break;
            }
            p[(size_t)y * stride + x] = (uint8_t)q;
        }
}

typedef struct frame {
    uint8_t y[MAXH][MAXW], cb[MAXH][MAXW], cr[MAXH][MAXW];
    g7sf_yuv v;
} frame;

static void frame_make(frame *f, enum g7sf_chroma c, int w, int h)
{
    int cw = c == G7SF_CHROMA_411 ? w / 4 : w / 2, ch = c == G7SF_CHROMA_420 ? h / 2 : h;
    fill(&f->y[0][0], MAXW, w, h);
    fill(&f->cb[0][0], MAXW, cw, ch);
    fill(&f->cr[0][0], MAXW, cw, ch);
    f->v = (g7sf_yuv){ .y = { &f->y[0][0], MAXW, w, h },
                       .cb = { &f->cb[0][0], MAXW, cw, ch },
                       .cr = { &f->cr[0][0], MAXW, cw, ch },
                       .chroma = c };
}

/* A state a driver could send: every field random in its range, often
 * the values the decisions turn on. */
static g7sf_di_params random_params(void)
{
    g7sf_sampler_state_di s;
    uint8_t *b = (uint8_t *)&s;
    for (size_t i = 0; i < sizeof s; i++)
        b[i] = (uint8_t)rnd(256);
    g7sf_di_params p;
    g7sf_di_params_from_state(&s, &p);
    /* the fields' ranges (di_params_invalid), and thresholds the SDI turns on */
    p.cadence_prev2 = rnd(4) ? 0 : rnd(3);
    p.cadence_cur1 = rnd(4) ? 0 : rnd(3);
    p.stmm_c2 = 1 + rnd(8);
    p.vecm_mul = rnd(64);
    p.tdm_shift1 = rnd(32), p.tdm_shift2 = rnd(19);
    p.stmm_md_th = rnd(256), p.stmm_trc1 = rnd(257), p.stmm_trc2 = rnd(257);
    p.stmm_min = rnd(256), p.stmm_max = rnd(256), p.stmm_shift = rnd(17);
    if (rnd(2))
        p.stmm_min = 0;     /* every line spatial */
    unsigned *sdi[] = { &p.sdi_th, &p.sdi_delta, &p.sdi_t1, &p.sdi_t2, &p.sdi_angle2x1 };
    static const unsigned lim[] = { 0, 1, 254, 255 };
    for (int k = 0; k < 5; k++)
        *sdi[k] = rnd(3) ? rnd(256) : lim[rnd(4)];
    if (rnd(2))
        p.sdi_th = 255, p.sdi_t2 = 255;     /* angles taken more often */
    p.mcdi = rnd(2);
    p.top_first = rnd(2);
    p.first_frame = rnd(3) == 0;
    return p;
}

/* What g7sf_di_rows handed over, cut into blocks: each band once, in
 * order. */
typedef struct got {
    g7sf_di_block_out b[MAXH / 4][MAXW / 16];
    int n, next_by, w;
    bool order;
} got;

static void put(void *ctx, const g7sf_di_band *band)
{
    got *g = ctx;
    g->order &= band->by == g->next_by;
    g->next_by = band->by + 4;
    g->n++;
    for (int bx = 0; bx < g->w; bx += 16) {
        g7sf_di_block_out *o = &g->b[band->by / 4][bx / 16];
        for (int l = 0; l < 4; l++) {
            memcpy(o->prev2_y[l], band->prev2_y[l] + bx, 16);
            memcpy(o->cur1_y[l], band->cur1_y[l] + bx, 16);
            memcpy(o->prev2_c[l], band->prev2_c[l] + bx, 16);
            memcpy(o->cur1_c[l], band->cur1_c[l] + bx, 16);
            memcpy(o->stmm[l], band->stmm[l] + bx / 2, 8);
        }
    }
}

static frame cur, prev;
static uint8_t stmm_in[MAXH][MAXW / 2];

TEST(rows_equal_blocks)
{
    static const enum g7sf_chroma chroma[] = { G7SF_CHROMA_420, G7SF_CHROMA_422,
                                               G7SF_CHROMA_411 };
    static got g;
    int blocks = 0, bad = 0;
    /* working memory kept from call to call while the width stays (the
     * frames' buffers are the same, their bytes new), or none */
    g7sf_di_rows_mem *mem = NULL;
    int mem_w = 0;
    for (int rep = 0; rep < 400; rep++) {
        enum g7sf_chroma c = chroma[rnd(3)];
        int w = 16 * (1 + (int)rnd(MAXW / 16)), h = 4 * (1 + (int)rnd(MAXH / 4));
        if (c == G7SF_CHROMA_420 && h % 8)
            h += 4 * (h + 4 <= MAXH ? 1 : -1);
        frame_make(&cur, c, w, h);
        frame_make(&prev, c, w, h);
        if (rnd(4) == 0)    /* a still scene: the temporal paths */
            memcpy(prev.y, cur.y, sizeof cur.y);
        for (int y = 0; y < MAXH; y++)
            for (int x = 0; x < MAXW / 2; x++)
                stmm_in[y][x] = (uint8_t)rnd(256);
        g7sf_di_params p = random_params();
        /* the whole frame, or a stripe of it */
        int y0 = 0, y1 = h;
        if (rnd(2)) {
            y0 = 4 * (int)rnd((unsigned)h / 4 + 1);
            y1 = y0 + 4 * (int)rnd((unsigned)(h - y0) / 4 + 1);
        }
        memset(&g, 0, sizeof g);
        g.w = w, g.next_by = y0, g.order = true;
        if (mem_w != w && rnd(4)) {
            g7sf_di_rows_mem_free(mem);
            mem = g7sf_di_rows_mem_new(w);
            mem_w = w;
            CHECK(mem != NULL);
        }
        /* the first frame reads no prev: often there is none */
        const g7sf_yuv *pv = p.first_frame && rnd(2) ? NULL : &prev.v;
        int err = g7sf_di_rows(&p, &cur.v, pv, &stmm_in[0][0], MAXW / 2, y0, y1,
                               mem_w == w ? mem : NULL, put, &g);
        CHECK_EQ(err, 0);
        CHECK(g.order);
        CHECK_EQ(g.n, (y1 - y0) / 4);
        for (int by = y0; by < y1 && !err; by += 4)
            for (int bx = 0; bx < w; bx += 16) {
                g7sf_di_block_out want;
                CHECK_EQ(g7sf_di_block(&p, &cur.v, pv, &stmm_in[0][0], MAXW / 2, bx, by, &want),
                         0);
                blocks++;
                if (memcmp(&want, &g.b[by / 4][bx / 16], sizeof want) && !bad++)
                    t_fail(__FILE__, __LINE__,
                               "block (%d, %d) of %dx%d differs (rep %d, first_frame %d, mcdi %d)",
                               bx, by, w, h, rep, p.first_frame, p.mcdi);
            }
    }
    g7sf_di_rows_mem_free(mem);
    CHECK_EQ(bad, 0);
    CHECK(blocks > 5000);
}

/* The line SDI of kernels k for every line of random pictures against the
 * block SDI (di_sdi_line on each block's window) of every block. */
static void check_lines(const sdi_rows_dsp *k)
{
    static uint8_t pic[MAXH][MAXW];
    static uint8_t out[MAXW + SR_OVER], angle[MAXW / 2 + SR_OVER];
    static uint16_t acost[MAXW / 2 + SR_OVER];
    int lines = 0, bad = 0;
    for (int rep = 0; rep < 300; rep++) {
        int w = 16 * (1 + (int)rnd(MAXW / 16)), h = 2 + (int)rnd(MAXH - 1);
        fill(&pic[0][0], MAXW, w, h);
        g7sf_plane pl = { &pic[0][0], MAXW, w, h };
        g7sf_di_params p = random_params();
        sdi_rows *r = sdi_rows_new(w, k, NULL);
        CHECK(r != NULL);
        if (!r)
            return;
        const sdi_line res = { out, angle, acost };
        /* the lines in order, or at random (the caches hit and miss) */
        bool order = rnd(2);
        for (int i = 0; i < h; i++) {
            int y = order ? i : (int)rnd((unsigned)h);
            sdi_rows_line(r, &p, &pl, y, &res);
            lines++;
            for (int bx = 0; bx < w; bx += 16) {
                di_window win;
                int by = y & ~3;
                media_load(&pl, bx - DIW_L, by - DIW_T, DIW_H, DIW_W, 2, &win.p[0][0], DIW_W);
                di_sdi s;
                di_sdi_line(&p, &win, y - by, &s);
                bool same = !memcmp(s.out, out + bx, 16) && !memcmp(s.angle, angle + bx / 2, 8);
                for (int j = 0; j < 8; j++)
                    same &= s.cost[s.angle[j]][j + 1] == acost[bx / 2 + j];
                if (!same && !bad++)
                    t_fail(__FILE__, __LINE__, "line %d block %d of %dx%d differs (rep %d)",
                               y, bx, w, h, rep);
            }
        }
        sdi_rows_free(r);
    }
    CHECK_EQ(bad, 0);
    CHECK(lines > 3000);
}

TEST(line_sdi_c) { check_lines(&sdi_rows_c); }

TEST(line_sdi_avx2)
{
#if CPU_X86
    if (!t_isa_have(&t_isa_avx2))
        SKIP("CPU lacks AVX2");
    check_lines(&sdi_rows_avx2);
#else
    SKIP("not an x86 build: no AVX2 kernels");
#endif
}

/* The line STMM of kernels k for every line of random frame pairs against
 * the block STMM (di_stmm_measure on each block's windows) of every block:
 * STMM and SVCM + SHCM of lanes 0..9. */
static void check_stmm_lines(const stmm_rows_dsp *k)
{
    static uint8_t pa[MAXH][MAXW], pb[MAXH][MAXW];
    static uint8_t st[MAXW / 2 + 2 + ST_OVER];
    static uint16_t hv[MAXW / 2 + 2 + ST_OVER];
    int lines = 0, bad = 0;
    for (int rep = 0; rep < 300; rep++) {
        int w = 16 * (1 + (int)rnd(MAXW / 16)), h = 4 * (1 + (int)rnd(MAXH / 4));
        fill(&pa[0][0], MAXW, w, h);
        if (rnd(3))     /* motion: the other frame moved, with noise */
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    int v = pa[y][(x + 1) % w] + (int)rnd(9) - 4;
                    pb[y][x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
                }
        else
            fill(&pb[0][0], MAXW, w, h);
        g7sf_plane pp = { &pa[0][0], MAXW, w, h }, pc = { &pb[0][0], MAXW, w, h };
        g7sf_di_params p = random_params();
        stmm_rows *r = stmm_rows_new(w, k, NULL);
        CHECK(r != NULL);
        if (!r)
            return;
        bool order = rnd(2);
        for (int i = 0; i < h; i++) {
            int y = order ? i : (int)rnd((unsigned)h);
            bool first = di_first_field_line(&p, y);
            stmm_rows_line(r, &p, &pp, &pc, first ? &pp : &pc, y, st, hv);
            lines++;
            for (int bx = 0; bx < w; bx += 16) {
                di_window wp, wc;
                int by = y & ~3;
                di_window_load(&pp, bx, by, &wp);
                di_window_load(&pc, bx, by, &wc);
                di_stmm sm[4];
                di_stmm_measure(&p, &wp, &wc, by, sm);
                const di_stmm *s = &sm[y - by];
                bool same = true;
                for (int i2 = 0; i2 < DI_PAIRS; i2++)
                    same &= s->stmm[i2] == st[bx / 2 + i2] &&
                            s->svcm[i2] + s->shcm[i2] == hv[bx / 2 + i2];
                if (!same && !bad++)
                    t_fail(__FILE__, __LINE__, "STMM line %d block %d of %dx%d differs (rep %d)",
                           y, bx, w, h, rep);
            }
        }
        stmm_rows_reset(r);     /* new bytes in the same buffers next */
        stmm_rows_free(r);
    }
    CHECK_EQ(bad, 0);
    CHECK(lines > 3000);
}

TEST(line_stmm_c) { check_stmm_lines(&stmm_rows_c); }

TEST(line_stmm_avx2)
{
#if CPU_X86
    if (!t_isa_have(&t_isa_avx2))
        SKIP("CPU lacks AVX2");
    check_stmm_lines(&stmm_rows_avx2);
#else
    SKIP("not an x86 build: no AVX2 kernels");
#endif
}

/* STMM2 and STMM3 along a line: the AVX2 kernel against the C one on
 * random STMM, saved STMM and controls (the C one is held to the blocks
 * by rows_equal_blocks where the library picks it, G7SF_CPU=c). */
TEST(line_smooth_avx2)
{
#if CPU_X86
    if (!t_isa_have(&t_isa_avx2))
        SKIP("CPU lacks AVX2");
    static uint8_t stmm[MAXW / 2 + 2 + ST_OVER], s_in[MAXW / 2];
    static uint8_t a2[MAXW / 2 + 64], a3[MAXW / 2 + 64], b2[MAXW / 2 + 64], b3[MAXW / 2 + 64];
    int bad = 0;
    for (int rep = 0; rep < 2000; rep++) {
        int w = 16 * (1 + (int)rnd(MAXW / 16));
        for (size_t i = 0; i < sizeof stmm; i++)
            stmm[i] = (uint8_t)rnd(256);
        for (int i = 0; i < w / 2; i++)
            s_in[i] = (uint8_t)rnd(256);
        g7sf_di_params p = random_params();
        stmm_rows_c.smooth(&p, stmm, s_in, w, a2 + 1, a3);
        stmm_rows_avx2.smooth(&p, stmm, s_in, w, b2 + 1, b3);
        bad += memcmp(a2, b2, (size_t)w / 2 + 2) || memcmp(a3, b3, (size_t)w / 2);
    }
    CHECK_EQ(bad, 0);
#else
    SKIP("not an x86 build: no AVX2 kernels");
#endif
}

TEST(bad_arguments)
{
    frame_make(&cur, G7SF_CHROMA_420, 32, 8);
    frame_make(&prev, G7SF_CHROMA_420, 32, 8);
    g7sf_di_params p = { .stmm_c2 = 1, .top_first = true };
    got g = { .w = 32, .order = true };
    const uint8_t *st = &stmm_in[0][0];
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 0, 8, NULL, NULL, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(NULL, &cur.v, &prev.v, st, MAXW / 2, 0, 8, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, -4, 8, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 2, 8, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 0, 6, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 0, 12, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 8, 4, NULL, put, &g), G7SF_EINVAL);
    /* after the first frame prev and the saved STMM are read */
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, NULL, st, MAXW / 2, 0, 8, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, NULL, MAXW / 2, 0, 8, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, 15, 0, 8, NULL, put, &g), G7SF_EINVAL);
    p.stmm_c2 = 0;      /* a control outside its field */
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 0, 8, NULL, put, &g), G7SF_EINVAL);
    CHECK_EQ(g.n, 0);
    /* an empty range is no work */
    p.stmm_c2 = 1;
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 4, 4, NULL, put, &g), 0);
    CHECK_EQ(g.n, 0);
    /* working memory for another width */
    g7sf_di_rows_mem *m16 = g7sf_di_rows_mem_new(16);
    CHECK(m16 != NULL);
    CHECK_EQ(g7sf_di_rows(&p, &cur.v, &prev.v, st, MAXW / 2, 0, 8, m16, put, &g), G7SF_EINVAL);
    g7sf_di_rows_mem_free(m16);
    CHECK(g7sf_di_rows_mem_new(0) == NULL);
    CHECK(g7sf_di_rows_mem_new(40) == NULL);
    g7sf_di_rows_mem_free(NULL);
    /* a line context only for widths the kernels take */
    CHECK(sdi_rows_new(0, &sdi_rows_c, NULL) == NULL);
    CHECK(sdi_rows_new(24, &sdi_rows_c, NULL) == NULL);
    CHECK(sdi_rows_new(32, NULL, NULL) == NULL);
    CHECK(stmm_rows_new(0, &stmm_rows_c, NULL) == NULL);
    CHECK(stmm_rows_new(24, &stmm_rows_c, NULL) == NULL);
    CHECK(stmm_rows_new(32, NULL, NULL) == NULL);
}

