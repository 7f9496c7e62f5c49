/* g7sf_dndi_block (media.h), the DN/DI unit's pass over a block of frames
 * in graphics memory, called directly: its result against the writeback of
 * the deinterlace message on the same state and surfaces (every byte, the
 * layout of §2.13.2.6 written out again here), results known by hand, and
 * its argument checks. */
#include <stdlib.h>
#include <string.h>

#include "dndi_setup.h"
#include "harness.h"

#define SENT 0xDEADBEEFu
#define CUR_BASE  0x00400000u
#define PREV_BASE 0x00800000u
#define STAT_BASE 0x00C00000u

/* The surface the message decodes from the MEDIA_SURFACE_STATE of l. */
static g7sf_media_surface surface_of(const d_layout *l, int w, int h)
{
    uint32_t dw[8];
    g7sf_media_surface_state ss;
    g7sf_media_surface s;
    const char *why = "unset";
    d_surface_dwords(l, w, h, dw);
    g7sf_state_unpack(&g7sf_desc_MEDIA_SURFACE_STATE, dw, &ss);
    CHECK_EQ(g7sf_media_surface_from_state(&ss, &s, &why), 0);
    CHECK(why == NULL);
    return s;
}

/* Frames at CUR_BASE / PREV_BASE bound at BTI 8 / 9, the statistics at
 * STAT_BASE (pitch bytes x rows, linear) at BTI 10, the state element 3
 * (Sampler Index 6), and the same as function-level values. */
typedef struct fixture {
    g7sf_gpu *gpu;
    g7sf_thread thr;
    d_frame cur, prev;
    int pitch, rows;            /* statistics */
    uint8_t *stats;
    g7sf_sampler_state_di st;
    g7sf_media_surface s_cur, s_prev, s_stat;
    bool packed;
} fixture;

static void fixture_state(fixture *f, d_state ds)
{
    uint32_t dw[8];
    d_state_dwords(&ds, dw);
    d_write_state(f->gpu, 3, dw);
    g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_DI, dw, &f->st);
}

static void fixture_stats(fixture *f)
{
    d_layout sl = { .format = 7, .base = STAT_BASE, .pitch = (uint32_t)f->pitch };
    g7sf_mem_write(f->gpu, STAT_BASE, f->stats, (size_t)f->pitch * f->rows);
    d_bind(f->gpu, 10, &sl, f->pitch, f->rows);
    f->s_stat = surface_of(&sl, f->pitch, f->rows);
}

/* Writes the frames f->cur and f->prev (filled by the caller) to memory. */
static void fixture_frames(fixture *f, unsigned format, unsigned tile, bool interleave)
{
    int w = f->cur.w, h = f->cur.h;
    d_layout lc = d_layout_for(format, tile, interleave, CUR_BASE, w, h);
    d_layout lp = d_layout_for(format, tile, interleave, PREV_BASE, w, h);
    d_write_frame(f->gpu, &lc, &f->cur);
    d_write_frame(f->gpu, &lp, &f->prev);
    d_bind(f->gpu, 8, &lc, w, h);
    d_bind(f->gpu, 9, &lp, w, h);
    f->s_cur = surface_of(&lc, w, h);
    f->s_prev = surface_of(&lp, w, h);
    f->packed = format <= 3;
}

static void fixture_new(fixture *f, int w, int h, enum g7sf_chroma chroma)
{
    memset(f, 0, sizeof *f);
    f->gpu = d_gpu(&f->thr);
    f->cur = d_frame_new(w, h, chroma);
    f->prev = d_frame_new(w, h, chroma);
    f->pitch = (w + 15) / 16 * 16 + 32;
    f->rows = (h + 7) / 8 * 8;
    f->stats = calloc((size_t)f->pitch * f->rows, 1);
}

/* Random frames and statistics; a static, lightly noisy area in the middle
 * so that the DN mixes temporal and spatial results. */
static void fixture_random(fixture *f, unsigned format, unsigned tile, bool interleave)
{
    int n = f->cur.w * f->cur.h;
    d_frame_random(&f->cur);
    d_frame_random(&f->prev);
    for (int i = n / 4; i < n / 2; i++)
        f->prev.p[0][i] = (uint8_t)(f->cur.p[0][i] + (int)(t_rand() % 5) - 2);
    for (int i = 0; i < f->pitch * f->rows; i++)
        f->stats[i] = (uint8_t)t_rand();
    fixture_frames(f, format, tile, interleave);
    fixture_stats(f);
}

static void fixture_free(fixture *f)
{
    d_frame_free(&f->cur);
    d_frame_free(&f->prev);
    free(f->stats);
    g7sf_gpu_destroy(f->gpu);
}

static int run(fixture *f, int x, int y, g7sf_dndi_result *res, const char **why)
{
    bool first = f->st.dndi_first_frame;
    return g7sf_dndi_block(f->gpu, &f->st, &f->s_cur, first ? NULL : &f->s_prev,
                           first ? NULL : &f->s_stat, x, y, res, why);
}

/* ---- the result against the message's writeback ------------------------- */

static void set_byte(g7sf_reg *w, int r, int b, uint8_t v)
{
    w[r].ud[b / 4] = (w[r].ud[b / 4] & ~(0xFFu << 8 * (b % 4))) | (uint32_t)v << 8 * (b % 4);
}

/* 16-byte line `half` (0 or 1) of register r. */
static void set_line(g7sf_reg *w, int r, int half, const uint8_t *line)
{
    for (int i = 0; i < 16; i++)
        set_byte(w, r, 16 * half + i, line[i]);
}

static uint32_t half_sum(const uint16_t *v, int k0)
{
    return (uint32_t)v[k0] + v[k0 + 1] + v[k0 + 2] + v[k0 + 3];
}

/* The writeback §2.13.2.6 gives for result d of block (x, y): */
static void expected_writeback(const g7sf_dndi_result *d, bool di, bool dn, bool packed, int x,
                               int y, g7sf_reg *w)
{
    const g7sf_dn_block_stats *s = &d->dn;
    uint32_t xy = (uint32_t)y << 16 | (uint32_t)x;
    if (!di) {
        /* W0-W3 luma lines 0-7; W4 the Gen7+ "DI Disabled" block (lines
         * 5765-5790): histories, BNE, the top / bottom 16x4 sums; W5-W8
         * chroma lines 0-7 */
        for (int l = 0; l < 8; l++) {
            set_line(w, l / 2, l % 2, d->y[l]);
            if (packed)
                set_line(w, 5 + l / 2, l % 2, d->c[l]);
            set_byte(w, 4, l, d->hist[l]);
        }
        w[4].ud[2] = s->bne;
        w[4].ud[3] = 0;
        w[4].ud[4] = half_sum(s->shcm, 4) << 16 | half_sum(s->svcm, 4);
        w[4].ud[5] = half_sum(s->svcm, 0) << 16 | half_sum(s->stad, 4);
        w[4].ud[6] = half_sum(s->stad, 0) << 16 | half_sum(s->shcm, 0);
        w[4].ud[7] = xy;
        return;
    }
    /* W0-W3 the previous frame's 2nd field, luma then chroma; W4-W7 the
     * current frame's 1st field; W8 STMM, 8 bytes a line; W9 the Gen7+ "DI
     * Enabled" block (5737-5764); W10 / W11 the current 2nd field */
    for (int l = 0; l < 4; l++) {
        set_line(w, l / 2, l % 2, d->di.prev2_y[l]);
        set_line(w, 2 + l / 2, l % 2, d->di.prev2_c[l]);
        set_line(w, 4 + l / 2, l % 2, d->di.cur1_y[l]);
        set_line(w, 6 + l / 2, l % 2, d->di.cur1_c[l]);
        for (int i = 0; i < 8; i++)
            set_byte(w, 8, 8 * l + i, d->di.stmm[l][i]);
        set_byte(w, 9, l, d->hist[l]);
    }
    const g7sf_fmd_block *m = &d->fmd;
    set_byte(w, 9, 4, s->bne);
    set_byte(w, 9, 5, m->motion);
    set_byte(w, 9, 6, m->fitting);
    set_byte(w, 9, 7, m->tearing);
    w[9].ud[2] = 0;
    w[9].ud[3] = (uint32_t)m->diff[3] << 16 | m->diff[4];
    w[9].ud[4] = (uint32_t)m->diff[1] << 16 | m->diff[2];
    w[9].ud[5] = half_sum(s->svcm, 0) << 16 | m->diff[0];
    w[9].ud[6] = half_sum(s->stad, 0) << 16 | half_sum(s->shcm, 0);
    w[9].ud[7] = xy;
    for (int k = 0; dn && k < 2; k++) {
        set_line(w, 10, k, d->cur2_y[k]);
        if (packed)
            set_line(w, 11, k, d->cur2_c[k]);
    }
}

static unsigned rlen_of(const fixture *f)
{
    if (f->st.di_enable)
        return f->st.dn_enable ? (f->packed ? 12 : 11) : 10;
    return f->packed ? 9 : 5;
}

/* Every block of the frame: the message and the function, compared. */
static void check_blocks(fixture *f, const char *what)
{
    int bh = f->st.di_enable ? 4 : 8;
    for (int by = 0; by < f->cur.h; by += bh)
        for (int bx = 0; bx < f->cur.w; bx += 16) {
            g7sf_reg wb[13], want[13];
            for (int r = 0; r < 13; r++)
                for (int d = 0; d < 8; d++)
                    wb[r].ud[d] = want[r].ud[d] = SENT;
            unsigned rlen = rlen_of(f);
            int r = d_send(f->gpu, &f->thr, 8, 6, (uint32_t)bx, (uint32_t)by, true, rlen, wb);
            CHECKF(r == 0, "%s: message, block (%d, %d): %d", what, bx, by, r);
            g7sf_dndi_result res;
            const char *why = "unset";
            r = run(f, bx, by, &res, &why);
            CHECKF(r == 0 && why == NULL, "%s: g7sf_dndi_block (%d, %d): %d (%s)", what, bx, by,
                   r, why ? why : "");
            if (r)
                continue;
            CHECK_EQ(res.bh, bh);
            if (!f->st.dn_enable) {
                /* DN off: no history, no STAD / SHCM / SVCM (5743-5750) */
                for (int k = 0; k < 8; k++)
                    CHECKF(res.hist[k] == 0 && res.dn.stad[k] == 0 && res.dn.shcm[k] == 0 &&
                               res.dn.svcm[k] == 0, "%s: DN off, 4x4 %d", what, k);
            }
            expected_writeback(&res, f->st.di_enable, f->st.dn_enable, f->packed, bx, by, want);
            for (unsigned b = 0; b < 13 * 32; b++) {
                uint8_t got = d_byte(wb, (int)b / 32, (int)b % 32);
                uint8_t exp = d_byte(want, (int)b / 32, (int)b % 32);
                if (got != exp) {
                    t_fail(__FILE__, __LINE__, "%s: block (%d, %d): W%u byte %u: message %u, "
                           "function %u", what, bx, by, b / 32, b % 32, got, exp);
                    break;
                }
            }
        }
}

typedef struct fmt_case {
    const char *name;
    unsigned format;
    bool interleave;
    enum g7sf_chroma chroma;
} fmt_case;

static const fmt_case formats[] = {
    { "YUY2", 0, false, G7SF_CHROMA_422 },
    { "UYVY", 3, false, G7SF_CHROMA_422 },
    { "NV12", 4, true, G7SF_CHROMA_420 },
    { "4:1:1 planar", 5, false, G7SF_CHROMA_411 },
    { "4:2:2 planar", 6, false, G7SF_CHROMA_422 },
};

TEST(result_is_what_the_message_writes_back)
{
    bool di = d_di_landed();
    static const unsigned tiles[] = { 0, 3 };
    static const d_state states[] = {
        { .dn = true, .top_first = true },
        { .dn = true, .first = true, .progressive = true },
        { .dn = true, .di = true, .top_first = true },
        { .di = true },
        { .dn = true, .di = true, .mcdi = true, .stream_id = 1 },
        { .dn = true, .di = true, .first = true, .top_first = true },
    };
    for (size_t fi = 0; fi < sizeof formats / sizeof *formats; fi++)
        for (size_t t = 0; t < sizeof tiles / sizeof *tiles; t++)
            for (size_t k = 0; k < sizeof states / sizeof *states; k++) {
                if (states[k].di && !di)
                    continue;
                fixture f;
                fixture_new(&f, 48, 16, formats[fi].chroma);
                fixture_state(&f, states[k]);
                fixture_random(&f, formats[fi].format, tiles[t], formats[fi].interleave);
                char what[80];
                snprintf(what, sizeof what, "%s, tile mode %u, state %zu", formats[fi].name,
                         tiles[t], k);
                check_blocks(&f, what);
                fixture_free(&f);
            }
    /* a frame 40 x 24: the right column of blocks half outside it */
    for (int k = 0; k < 2; k++) {
        if (k && !di)
            continue;
        fixture f;
        fixture_new(&f, 40, 24, G7SF_CHROMA_420);
        fixture_state(&f, (d_state){ .dn = true, .di = k == 1, .progressive = k == 0 });
        fixture_random(&f, 4, 0, true);
        check_blocks(&f, k ? "40x24 NV12, DN + DI" : "40x24 NV12, DN");
        fixture_free(&f);
    }
}

/* ---- results known by hand ---------------------------------------------- */

/* A static flat grey scene, DN only, not the first frame: t_diff = 0 is
 * below Low Temporal Difference Threshold 8 and no 4x4 moves (STAD 0, no
 * motion pixel), so each pixel is the temporal filter (h * 128 + (256 - h)
 * * 128 + 128) >> 8 = 128: the block is the input (§2.8.2.2-4).  STAD,
 * TASD, SHCM, SVCM and the motion pixels are 0; BNE: every |y - median| is
 * 0.  History (§2.8.2.1, not moving, TASD 0): below 128 it becomes 128,
 * else + Denoise History Delta 8 while below Maximum Denoise History 192,
 * which it may pass (184 -> 192, 190 -> 198), and from 192 on it stays. */
TEST(dn_only_static_flat_grey)
{
    fixture f;
    fixture_new(&f, 32, 16, G7SF_CHROMA_420);
    fixture_state(&f, (d_state){ .dn = true, .top_first = true });
    for (int i = 0; i < 32 * 16; i++)
        f.cur.p[0][i] = f.prev.p[0][i] = 128;
    for (int i = 0; i < f.cur.cw * f.cur.ch; i++)
        f.cur.p[1][i] = f.cur.p[2][i] = f.prev.p[1][i] = f.prev.p[2][i] = 128;
    fixture_frames(&f, 4, 0, true);
    /* the block (16, 8): its 4x4s' histories at bytes pitch / 2 + 4.. of
     * rows 2 and 3 (§2.8.6.2) */
    static const uint8_t hin[8] = { 0, 100, 127, 128, 150, 184, 190, 250 };
    static const uint8_t hout[8] = { 128, 128, 128, 136, 158, 192, 198, 250 };
    memcpy(f.stats + 2 * f.pitch + f.pitch / 2 + 4, hin, 4);
    memcpy(f.stats + 3 * f.pitch + f.pitch / 2 + 4, hin + 4, 4);
    fixture_stats(&f);
    size_t pages = g7sf_mem_pages(f.gpu);
    g7sf_dndi_result res;
    memset(&res, 0x5A, sizeof res);
    CHECK_EQ(run(&f, 16, 8, &res, NULL), 0);
    CHECK_EQ(res.bh, 8);
    for (int l = 0; l < 8; l++)
        for (int x = 0; x < 16; x++) {
            CHECKF(res.y[l][x] == 128, "luma (%d, %d): %u", x, l, res.y[l][x]);
            CHECKF(res.c[l][x] == 0, "chroma of a 4:2:0 frame (%d, %d): %u", x, l, res.c[l][x]);
        }
    for (int k = 0; k < 8; k++) {
        CHECKF(res.hist[k] == hout[k], "history %d: %u from %u, want %u", k, res.hist[k], hin[k],
               hout[k]);
        CHECKF(res.dn.stad[k] == 0 && res.dn.tasd[k] == 0 && res.dn.shcm[k] == 0 &&
                   res.dn.svcm[k] == 0 && res.dn.motion_pixels[k] == 0, "4x4 %d statistics", k);
    }
    CHECK_EQ(res.dn.bne, 0);
    /* no DI part */
    const uint8_t *di = (const uint8_t *)&res.di;
    for (size_t i = 0; i < sizeof res.di; i++)
        CHECKF(di[i] == 0, "DI output byte %zu: %u", i, di[i]);
    CHECK_EQ(res.fmd.tearing | res.fmd.fitting | res.fmd.motion, 0);
    CHECK_EQ(g7sf_mem_pages(f.gpu), pages);     /* nothing written to memory */
    fixture_free(&f);
}

/* First frame, flat YUY2 (Y 100, Cb 60, Cr 200), DN only: the spatial
 * filter alone with 9 good neighbours, ((900 + 4) * gn_q_table[8] = 227)
 * >> 11 = 100; history 0 and STAD 0 on the first frame (§2.8.6.3); SHCM,
 * SVCM 0 on flat pixels; BNE 0.  The chroma lines of a 4:2:2 frame come
 * back as read: Cr at even bytes, Cb at odd.  The previous frame and the
 * statistics surface are not read (NULL). */
TEST(dn_only_first_frame_flat_yuy2)
{
    fixture f;
    fixture_new(&f, 32, 16, G7SF_CHROMA_422);
    fixture_state(&f, (d_state){ .dn = true, .first = true });
    memset(f.cur.p[0], 100, 32 * 16);
    memset(f.cur.p[1], 60, (size_t)f.cur.cw * f.cur.ch);
    memset(f.cur.p[2], 200, (size_t)f.cur.cw * f.cur.ch);
    fixture_frames(&f, 0, 0, false);
    g7sf_dndi_result res;
    const char *why = "unset";
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, &f.s_cur, NULL, NULL, 0, 8, &res, &why), 0);
    CHECK(why == NULL);
    for (int l = 0; l < 8; l++)
        for (int x = 0; x < 16; x++) {
            CHECK_EQ(res.y[l][x], 100);
            CHECK_EQ(res.c[l][x], x % 2 ? 60 : 200);
        }
    for (int k = 0; k < 8; k++)
        CHECKF(res.hist[k] == 0 && res.dn.stad[k] == 0 && res.dn.shcm[k] == 0 &&
                   res.dn.svcm[k] == 0, "4x4 %d", k);
    CHECK_EQ(res.dn.bne, 0);
    fixture_free(&f);
}

/* First frame, DN + DI, YUY2, luma constant along each line (40 + 10 y),
 * Cb 60 + y, Cr 200 - y.  The DN (spatial only; lines 2 apart differ by 20
 * > Good Neighbor Threshold 4, so the good neighbours are the centre row:
 * ((3v + 1) * 682) >> 11 = v) gives the frame back; the 1st-field lines of
 * the current frame are its own lines, the 2nd-field ones are the DN's,
 * STMM out is 255 on the first frame (line 1580), history and STAD 0, SVCM
 * 12 pairs x 10 x 4 = 480 a 16x4, BNE 255 (every ED >= 20 is above BNE
 * Edge Threshold 1). */
TEST(di_first_frame_lines)
{
    if (!d_di_landed())
        SKIP("g7sf_di_block / g7sf_fmd_block_run not in this build yet");
    for (int top = 0; top < 2; top++) {
        fixture f;
        fixture_new(&f, 48, 16, G7SF_CHROMA_422);
        fixture_state(&f, (d_state){ .dn = true, .di = true, .first = true, .top_first = top });
        for (int y = 0; y < 16; y++) {
            memset(f.cur.p[0] + y * 48, 40 + 10 * y, 48);
            memset(f.cur.p[1] + y * 24, 60 + y, 24);
            memset(f.cur.p[2] + y * 24, 200 - y, 24);
        }
        fixture_frames(&f, 0, 0, false);
        g7sf_dndi_result res;
        CHECK_EQ(run(&f, 16, 4, &res, NULL), 0);
        CHECK_EQ(res.bh, 4);
        int k = 0, n1 = 0;
        for (int l = 0; l < 4; l++) {
            int y = 4 + l;
            for (int x = 0; x < 16; x++)
                CHECK_EQ(res.y[l][x], 40 + 10 * y);
            if ((y % 2 == 0) == (bool)top) {     /* a 1st-field line */
                n1++;
                for (int x = 0; x < 16; x++) {
                    CHECKF(res.di.cur1_y[l][x] == 40 + 10 * y, "top %d: line %d", top, l);
                    CHECK_EQ(res.di.cur1_c[l][x], x % 2 ? 60 + y : 200 - y);
                }
                continue;
            }
            for (int x = 0; x < 16; x++) {
                CHECKF(res.cur2_y[k][x] == 40 + 10 * y, "top %d: 2nd field line %d", top, k);
                CHECK_EQ(res.cur2_c[k][x], x % 2 ? 60 + y : 200 - y);
            }
            k++;
        }
        CHECK_EQ(k, 2);
        CHECK_EQ(n1, 2);
        for (int l = 0; l < 4; l++)
            for (int i = 0; i < 8; i++)
                CHECK_EQ(res.di.stmm[l][i], 255);
        CHECK_EQ(half_sum(res.dn.stad, 0), 0);
        CHECK_EQ(half_sum(res.dn.svcm, 0), 480);
        CHECK_EQ(res.dn.bne, 255);
        for (int i = 0; i < 8; i++)
            CHECK_EQ(res.hist[i], 0);
        fixture_free(&f);
    }
}

/* ---- argument checks ----------------------------------------------------- */

static void expect(fixture *f, int x, int y, int code, const char *what)
{
    g7sf_dndi_result res;
    const char *why = NULL;
    int r = run(f, x, y, &res, &why);
    CHECKF(r == code, "%s: %d, want %d", what, r, code);
    CHECKF(code ? why && *why : !why, "%s: reason %s", what, why ? why : "(none)");
}

/* expect() with *slot set to s, then put back. */
static void expect_surface(fixture *f, g7sf_media_surface *slot, g7sf_media_surface s, int code,
                           const char *what)
{
    g7sf_media_surface keep = *slot;
    *slot = s;
    expect(f, 0, 8, code, what);
    *slot = keep;
}

TEST(argument_errors)
{
    fixture f;
    fixture_new(&f, 32, 16, G7SF_CHROMA_420);
    fixture_state(&f, (d_state){ .dn = true, .top_first = true });
    fixture_random(&f, 4, 0, true);
    size_t pages = g7sf_mem_pages(f.gpu);
    g7sf_dndi_result res;
    const char *why = NULL;
    expect(&f, 16, 8, 0, "the setup");
    /* NULL pointers; the reason is optional */
    CHECK_EQ(g7sf_dndi_block(NULL, &f.st, &f.s_cur, &f.s_prev, &f.s_stat, 0, 0, &res, &why),
             G7SF_EINVAL);
    CHECK(why != NULL);
    CHECK_EQ(g7sf_dndi_block(f.gpu, NULL, &f.s_cur, &f.s_prev, &f.s_stat, 0, 0, &res, NULL),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, NULL, &f.s_prev, &f.s_stat, 0, 0, &res, NULL),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, &f.s_cur, &f.s_prev, &f.s_stat, 0, 0, NULL, NULL),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, &f.s_cur, NULL, &f.s_stat, 0, 0, &res, NULL),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, &f.s_cur, &f.s_prev, NULL, 0, 0, &res, NULL),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dndi_state_check(NULL, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_media_surface_from_state(NULL, &f.s_cur, NULL), G7SF_EINVAL);
    /* blocks: 16 x 8 aligned (DN only), inside the 32 x 16 frame */
    expect(&f, 32, 0, G7SF_EINVAL, "x past the frame");
    expect(&f, 0, 16, G7SF_EINVAL, "y past the frame");
    expect(&f, -16, 0, G7SF_EINVAL, "negative x");
    expect(&f, 0, -8, G7SF_EINVAL, "negative y");
    expect(&f, 8, 0, G7SF_EINVAL, "x not a multiple of 16");
    expect(&f, 0, 4, G7SF_EINVAL, "y a multiple of 4, not 8, without DI");
    /* the state */
    fixture_state(&f, (d_state){ .top_first = true });
    expect(&f, 0, 0, G7SF_ESTATE, "DN and DI off");
    fixture_state(&f, (d_state){ .dn = true, .di = true, .progressive = true });
    expect(&f, 0, 0, G7SF_ESTATE, "Progressive DN with DI");
    fixture_state(&f, (d_state){ .dn = true, .di = true, .partial = true });
    expect(&f, 0, 0, G7SF_ESTATE, "DI Partial");
    f.st.di_enable = false;
    expect(&f, 0, 0, 0, "DI Partial without DI");
    f.st.low_temporal_difference_threshold = 40;   /* above the Temporal Difference Threshold */
    expect(&f, 0, 0, G7SF_ESTATE, "Low Temporal Difference Threshold 40");
    fixture_state(&f, (d_state){ .dn = true, .top_first = true });
    /* the surfaces */
    g7sf_media_surface s = f.s_prev;
    s.width = 48;
    expect_surface(&f, &f.s_prev, s, G7SF_ESTATE, "previous frame wider");
    s = f.s_prev, s.format = 0;
    expect_surface(&f, &f.s_prev, s, G7SF_ESTATE, "previous frame of another format");
    expect_surface(&f, &f.s_stat, f.s_cur, G7SF_ESTATE, "a frame as the statistics surface");
    s = f.s_stat, s.pitch = 16;
    expect_surface(&f, &f.s_stat, s, G7SF_ESTATE, "statistics pitch below the frame width");
    s = f.s_stat, s.height = 8;
    expect_surface(&f, &f.s_stat, s, G7SF_ESTATE, "statistics rows below the frame height");
    expect_surface(&f, &f.s_cur, f.s_stat, G7SF_ESTATE, "the statistics surface as the frame");
    /* pixels and statistics past 4 GiB */
    s = f.s_stat, s.base = 0xFFFFFFC0u;
    expect_surface(&f, &f.s_stat, s, G7SF_EFAULT, "statistics past 4 GiB");
    s = f.s_cur, s.base = 0xFFFFFF00u;
    expect_surface(&f, &f.s_cur, s, G7SF_EFAULT, "frame past 4 GiB");
    /* the first frame reads neither the previous frame nor the statistics */
    fixture_state(&f, (d_state){ .dn = true, .first = true });
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, &f.s_cur, NULL, NULL, 16, 8, &res, NULL), 0);
    CHECK_EQ(g7sf_dndi_block(f.gpu, &f.st, &f.s_cur, &f.s_cur, &f.s_cur, 16, 8, &res, NULL), 0);
    CHECK_EQ(g7sf_mem_pages(f.gpu), pages);
    fixture_free(&f);
}
