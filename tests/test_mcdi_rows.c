/* The MCDI motion search along whole lines (src/media/mcdi_rows.c) against
 * the block search it stands for (mcdi_search_c on each block's windows):
 * every pair of every line of random pictures, for each instruction set,
 * the lines in order and at random, and after a reset on new contents in
 * the same buffers; and the argument rules. */
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "gen7sf/media.h"
#include "harness.h"
#include "media/di_int.h"
#include "media/dsp.h"
#include "media/mcdi_rows.h"
#include "media_isa.h"

static unsigned rnd(unsigned n) { return (unsigned)(t_rand() % n); }

enum { MAXW = 160, MAXH = 40 };

static uint8_t clip(int v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

/* The picture: random noise, flat, 0/255 extremes, or a pattern that
 * moves (smooth gradients with texture, blocks of random levels), so that
 * the reference can be the picture moved by a candidate. */
static void fill_pic(uint8_t pic[MAXH][MAXW], int w, int h, int kind)
{
    int flat = (int)rnd(256), fx = 1 + (int)rnd(9), fy = 1 + (int)rnd(9);
    uint8_t lv[16];
    for (int i = 0; i < 16; i++)
        lv[i] = (uint8_t)rnd(256);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int q;
            switch (kind) {
            case 0: q = (int)rnd(256); break;
            case 1: q = flat; break;
            case 2: q = rnd(2) ? 255 : 0; break;
            case 3: q = (x * fx + y * fy + (x * y) % 13) & 255; break;
            default: q = lv[(x / fx + 3 * (y / fy)) & 15]; break;
            }
            pic[y][x] = (uint8_t)q;
        }
}

/* The reference: its own noise, the same flat level (every candidate
 * ties), or the picture moved by a candidate's vector (clamped at the
 * edges) with a little noise or none, or with flat parts (ties among the
 * candidates the moved picture matches). */
static void fill_ref(uint8_t ref[MAXH][MAXW], uint8_t pic[MAXH][MAXW], int w, int h, int kind)
{
    int mode = (int)rnd(4), k = (int)rnd(MCDI_NCAND), noise = (int)rnd(3);
    int mx = mcdi_cand[k][0], my = mcdi_cand[k][1];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int q;
            if (mode == 0 && kind != 1) {
                q = (int)rnd(256);
            } else {
                int sx = x - mx, sy = y - my;
                sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx;
                sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
                q = pic[sy][sx] + (noise ? (int)rnd(2 * noise + 1) - noise : 0);
                if (mode == 3 && (x / 8 + y / 4) % 2)
                    q = pic[0][0];
            }
            ref[y][x] = clip(q);
        }
}

/* Pixel buffers the pictures live in; kept across reps so that a reset
 * meets new contents at the same addresses. */
static uint8_t bufa[MAXH][MAXW], bufb[MAXH][MAXW];

/* Lines of random pictures through kernels k against the block search of
 * every block of each line; returns the lines compared. */
static int check_kernels(const mcdi_rows_dsp *k, int reps)
{
    uint16_t sad[MAXW / 2 + MR_OVER];
    int8_t mvx[MAXW / 2 + MR_OVER], mvy[MAXW / 2 + MR_OVER];
    int lines = 0, bad = 0, nontrivial = 0;
    mcdi_rows *r = NULL;
    int rw = 0;
    for (int rep = 0; rep < reps && !bad; rep++) {
        /* often the last width again: the context is reset, not new */
        int w = rw && rnd(2) ? rw : 16 * (1 + (int)rnd(MAXW / 16)), h = 2 + (int)rnd(MAXH - 1);
        int kind = (int)rnd(5);
        fill_pic(bufa, w, h, kind);
        fill_ref(bufb, bufa, w, h, kind);
        g7sf_plane pa = { &bufa[0][0], MAXW, w, h }, pb = { &bufb[0][0], MAXW, w, h };
        /* a context for the width, else the last one reset (new contents in
         * the same buffers: nothing it kept may be taken) */
        if (rw != w || rnd(4) == 0) {
            mcdi_rows_free(r);
            r = mcdi_rows_new(w, k, NULL);
            rw = w;
            CHECK(r != NULL);
            if (!r)
                return lines;
        } else {
            mcdi_rows_reset(r);
        }
        /* as the DI asks: one parity's picture is the other's reference;
         * in order, or the lines at random (the caches hit and miss) */
        bool order = rnd(2), swap = rnd(2);
        int n = order ? h : 2 * h;
        for (int c = 0; c < n; c++) {
            int y = order ? c : (int)rnd((unsigned)h);
            bool a_pic = ((y & 1) != 0) == swap;
            const g7sf_plane *pic = a_pic ? &pa : &pb, *ref = a_pic ? &pb : &pa;
            memset(sad, 0xAA, sizeof sad);
            mcdi_rows_line(r, pic, ref, y, sad, mvx, mvy);
            lines++;
            int by = y & ~3, l = y & 3;
            for (int bx = 0; bx < w; bx += 16) {
                di_window wp, wr;
                di_window_load(pic, bx, by, &wp);
                di_window_load(ref, bx, by, &wr);
                mcdi_block m;
                memset(&m, 0, sizeof m);
                mcdi_search_c(&wp, &wr, l & 1, &m);
                for (int i = 0; i < 8; i++) {
                    int j = bx / 2 + i;
                    nontrivial += m.mvx[l][i] != mcdi_cand[MCDI_NCAND - 1][0] ||
                                  m.mvy[l][i] != mcdi_cand[MCDI_NCAND - 1][1];
                    if ((m.sad[l][i] != sad[j] || m.mvx[l][i] != mvx[j] ||
                         m.mvy[l][i] != mvy[j]) && !bad++)
                        t_fail(__FILE__, __LINE__,
                               "%dx%d rep %d line %d pair %d: sad %d (%d, %d), want %d (%d, %d)",
                               w, h, rep, y, j, sad[j], mvx[j], mvy[j], m.sad[l][i],
                               m.mvx[l][i], m.mvy[l][i]);
                }
            }
        }
    }
    mcdi_rows_free(r);
    CHECK_EQ(bad, 0);
    CHECK(nontrivial > lines);      /* not only the last candidate won */
    return lines;
}

TEST(line_search_c) { CHECK(check_kernels(&mcdi_rows_c, 400) > 10000); }

TEST(line_search_avx2)
{
#if CPU_X86
    if (!t_isa_have(&t_isa_avx2))
        SKIP("CPU lacks AVX2");
    CHECK(check_kernels(&mcdi_rows_avx2, 400) > 10000);
#else
    SKIP("not an x86 build: no AVX2 kernels");
#endif
}

/* Sums near the largest a SAD takes (all 0 against all 255), where every
 * candidate ties, through each kernel set. */
static void check_extremes(const mcdi_rows_dsp *k)
{
    static uint8_t z[MAXH][MAXW];
    memset(bufa, 0, sizeof bufa);
    memset(z, 255, sizeof z);
    g7sf_plane pa = { &bufa[0][0], MAXW, MAXW, MAXH }, pz = { &z[0][0], MAXW, MAXW, MAXH };
    mcdi_rows *r = mcdi_rows_new(MAXW, k, NULL);
    CHECK(r != NULL);
    if (!r)
        return;
    uint16_t sad[MAXW / 2 + MR_OVER];
    int8_t mvx[MAXW / 2 + MR_OVER], mvy[MAXW / 2 + MR_OVER];
    for (int y = 0; y < MAXH; y++) {
        mcdi_rows_line(r, y & 1 ? &pz : &pa, y & 1 ? &pa : &pz, y, sad, mvx, mvy);
        for (int i = 0; i < MAXW / 2; i++) {
            CHECK_EQ(sad[i], 30 * 255);
            CHECK_EQ(mvx[i], 1);        /* the last candidate */
            CHECK_EQ(mvy[i], 2);
        }
    }
    mcdi_rows_free(r);
}

TEST(line_search_extremes)
{
    check_extremes(&mcdi_rows_c);
#if CPU_X86
    if (!t_isa_have(&t_isa_avx2))
        SKIP("CPU lacks AVX2 (the C kernels passed)");
    check_extremes(&mcdi_rows_avx2);
#endif
}

TEST(bad_arguments)
{
    CHECK(mcdi_rows_new(0, &mcdi_rows_c, NULL) == NULL);
    CHECK(mcdi_rows_new(-16, &mcdi_rows_c, NULL) == NULL);
    CHECK(mcdi_rows_new(24, &mcdi_rows_c, NULL) == NULL);
    CHECK(mcdi_rows_new(32, NULL, NULL) == NULL);
    mcdi_rows_free(NULL);
}
