/* The deinterlace message through g7sf_send() (§2.13.1.4, writebacks
 * §2.13.2.6): state, binding table, MEDIA_SURFACE_STATEs and frames laid
 * out as a driver lays them out.  Layout tests use scenes whose results
 * are known by hand; packing tests compare every writeback byte with the
 * function layer (media.h) run on the same frames in host memory. */
#include <stdlib.h>
#include <string.h>

#include "dndi_setup.h"
#include "harness.h"

#define SENT 0xDEADBEEFu
#define CUR_BASE  0x00400000u
#define PREV_BASE 0x00800000u
#define STAT_BASE 0x00C00000u

static void fill_wb(g7sf_reg *w, int n)
{
    for (int r = 0; r < n; r++)
        for (int d = 0; d < 8; d++)
            w[r].ud[d] = SENT;
}

static void put_state(g7sf_gpu *gpu, unsigned index, d_state s)
{
    uint32_t dw[8];
    d_state_dwords(&s, dw);
    d_write_state(gpu, index, dw);
}

/* The statistics surface as the tests keep it: pitch bytes x rows, linear,
 * written to STAT_BASE and bound at bti. */
typedef struct stats {
    int pitch, rows;
    uint8_t *b;
} stats;

static stats stats_new(int pitch, int rows)
{
    return (stats){ pitch, rows, calloc((size_t)pitch * rows, 1) };
}

static void stats_bind(g7sf_gpu *gpu, unsigned bti, const stats *s)
{
    d_layout l = { .format = 7, .base = STAT_BASE, .pitch = (uint32_t)s->pitch };
    g7sf_mem_write(gpu, STAT_BASE, s->b, (size_t)s->pitch * s->rows);
    d_bind(gpu, bti, &l, s->pitch, s->rows);
}

/* Denoise history of 4x4 (x, y) (§2.8.6.2: pitch / 2 + x / 4, y / 4). */
static uint8_t *hist_at(const stats *s, int x, int y)
{
    return s->b + (size_t)(y / 4) * s->pitch + s->pitch / 2 + x / 4;
}

/* ---- DN only ------------------------------------------------------------ */

/* A static scene (previous = current) with the DN only: t_diff = 0 is below
 * Low Temporal Difference Threshold 8 and no 4x4 moves (STAD 0, no motion
 * pixel), so each pixel is the temporal filter (h * v + (256 - h) * v + 128)
 * >> 8 = v: the writeback gives back the frame's own block (§2.8.2.2-4). */
TEST(dn_only_static_scene_layout_yuy2)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = d_gpu(&thr);
    d_frame f = d_frame_new(48, 16, G7SF_CHROMA_422);
    for (int y = 0; y < 16; y++) {
        for (int x = 0; x < 48; x++)
            f.p[0][y * 48 + x] = (uint8_t)(16 + x + 3 * y);
        for (int i = 0; i < 24; i++)
            f.p[1][y * 24 + i] = (uint8_t)(3 * i + 5 * y), f.p[2][y * 24 + i] = (uint8_t)(250 - 2 * i - 3 * y);
    }
    d_layout cur = d_layout_for(0, 0, false, CUR_BASE, 48, 16);
    d_layout prev = d_layout_for(0, 0, false, PREV_BASE, 48, 16);
    d_write_frame(gpu, &cur, &f);
    d_write_frame(gpu, &prev, &f);
    d_bind(gpu, 4, &cur, 48, 16);
    d_bind(gpu, 5, &prev, 48, 16);
    stats st = stats_new(64, 16);
    /* histories of the block (16, 8): its 4x4s at rows 2 and 3 */
    static const uint8_t hin[8] = { 100, 140, 150, 160, 170, 180, 190, 200 };
    memcpy(hist_at(&st, 16, 8), hin, 4);
    memcpy(hist_at(&st, 16, 12), hin + 4, 4);
    stats_bind(gpu, 6, &st);
    put_state(gpu, 0, (d_state){ .dn = true, .top_first = true });

    g7sf_reg w[10];
    fill_wb(w, 10);
    CHECK_EQ(d_send(gpu, &thr, 4, 0, 16, 8, true, 9, w), 0);
    /* W0-W3: luma lines 8..15, two a register, pixels 16..31 */
    for (int r = 0; r < 4; r++)
        for (int b = 0; b < 32; b++)
            CHECKF(d_byte(w, r, b) == 16 + 16 + b % 16 + 3 * (8 + 2 * r + b / 16),
                   "W%d byte %d: %u", r, b, d_byte(w, r, b));
    /* W4 (Gen7+ DI disabled block, lines 5790-5820) */
    CHECK_EQ(w[4].ud[7], 8u << 16 | 16);          /* Y, X */
    /* STAD 0; SHCM per 4x4: 3 pairs x 4 rows x |1| = 12, 48 a 16x4; SVCM:
     * 3 pairs x 4 columns x |3| = 36, 144 a 16x4 */
    CHECK_EQ(w[4].ud[6], 0u << 16 | 48);          /* STAD top, SHCM top */
    CHECK_EQ(w[4].ud[5], 144u << 16 | 0);         /* SVCM top, STAD bottom */
    CHECK_EQ(w[4].ud[4], 48u << 16 | 144);        /* SHCM bottom, SVCM bottom */
    CHECK_EQ(w[4].ud[3], 0);
    /* BNE: field mode, lines 2 apart: Hrz >= 4 * |2 lines x 3| = 24, so ED =
     * (Hrz + Vrt) >> 3 >= 3 is never below BNE Edge Threshold 1: 255 */
    CHECK_EQ(w[4].ud[2], 255);
    /* history of a static block: < 128 -> 128, else + 8 up to max 192 */
    CHECK_EQ(w[4].ud[0], 168u << 24 | 158u << 16 | 148u << 8 | 128);
    CHECK_EQ(w[4].ud[1], 200u << 24 | 198u << 16 | 188u << 8 | 178);
    /* W5-W8: chroma lines 8..15 as read, Cr(2i) at byte 2i, Cb(2i) at 2i + 1,
     * chroma samples 8..15 */
    for (int r = 0; r < 4; r++)
        for (int b = 0; b < 32; b++) {
            int y = 8 + 2 * r + b / 16, i = 8 + (b % 16) / 2;
            int want = b % 2 ? 3 * i + 5 * y : 250 - 2 * i - 3 * y;
            CHECKF(d_byte(w, 5 + r, b) == want, "W%d byte %d: %u, want %d", 5 + r, b,
                   d_byte(w, 5 + r, b), want);
        }
    CHECK_EQ(w[9].ud[0], SENT);                   /* nothing past rlen 9 */
    free(st.b);
    d_frame_free(&f);
    g7sf_gpu_destroy(gpu);
}

/* First frame, flat 100, NV12: the spatial filter alone, 9 good neighbours:
 * ((900 + 4) * gn_q_table[8] = 227) >> 11 = 205208 >> 11 = 100.  BNE: ED 0
 * passes, every |y - median| is 0: 0.  History out 0, STAD 0 (§2.8.6.3).
 * BTI + 1 / + 2 are not read: they hold garbage. */
TEST(dn_only_first_frame_flat_nv12)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = d_gpu(&thr);
    d_frame f = d_frame_new(32, 16, G7SF_CHROMA_420);
    memset(f.p[0], 100, 32 * 16);
    d_layout cur = d_layout_for(4, 0, true, CUR_BASE, 32, 16);
    d_write_frame(gpu, &cur, &f);
    d_bind(gpu, 0, &cur, 32, 16);
    uint32_t junk[8] = { 1, 2, 3, 0xFFFFFFFFu, 5, 6, 7, 8 };
    t_bind_state(gpu, 1, junk);
    t_bind_state(gpu, 2, junk);
    put_state(gpu, 0, (d_state){ .dn = true, .first = true });
    g7sf_reg w[6];
    fill_wb(w, 6);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 16, 8, true, 5, w), 0);
    for (int r = 0; r < 4; r++)
        for (int d = 0; d < 8; d++)
            CHECK_EQ(w[r].ud[d], 0x64646464u);
    CHECK_EQ(w[4].ud[7], 8u << 16 | 16);
    for (int d = 0; d < 7; d++)
        CHECKF(w[4].ud[d] == 0, "W4.%d = 0x%x", d, w[4].ud[d]);
    CHECK_EQ(w[5].ud[0], SENT);
    d_frame_free(&f);
    g7sf_gpu_destroy(gpu);
}

/* ---- packing checks: every byte against the function layer ------------ */

typedef struct fmt_case {
    const char *name;
    unsigned format;
    bool interleave;
    enum g7sf_chroma chroma;
} fmt_case;

static const fmt_case formats[] = {
    { "YUY2 (YCRCB_NORMAL)", 0, false, G7SF_CHROMA_422 },
    { "VYUY (YCRCB_SWAPUVY)", 1, false, G7SF_CHROMA_422 },
    { "YVYU (YCRCB_SWAPUV)", 2, false, G7SF_CHROMA_422 },
    { "UYVY (YCRCB_SWAPY)", 3, false, G7SF_CHROMA_422 },
    { "NV12", 4, true, G7SF_CHROMA_420 },
    { "I420 (separate planes)", 4, false, G7SF_CHROMA_420 },
    { "4:1:1 planar", 5, false, G7SF_CHROMA_411 },
    { "4:1:1 interleaved", 5, true, G7SF_CHROMA_411 },
    { "4:2:2 planar", 6, false, G7SF_CHROMA_422 },
};

/* One scene: random current and previous frames and statistics, bound at
 * BTI 8, 9, 10. */
typedef struct scene {
    g7sf_gpu *gpu;
    g7sf_thread thr;
    d_frame cur, prev;
    stats st;
    g7sf_sampler_state_di state;
    const fmt_case *fc;
} scene;

static void scene_new(scene *s, const fmt_case *fc, unsigned tile, int w, int h, d_state ds)
{
    s->gpu = d_gpu(&s->thr);
    s->fc = fc;
    s->cur = d_frame_new(w, h, fc->chroma);
    s->prev = d_frame_new(w, h, fc->chroma);
    d_frame_random(&s->cur);
    d_frame_random(&s->prev);
    /* a static, lightly noisy area in the middle so the DN mixes temporal
     * and spatial results */
    for (int i = w * h / 4; i < w * h / 2; i++)
        s->prev.p[0][i] = (uint8_t)(s->cur.p[0][i] + (int)(t_rand() % 5) - 2);
    d_layout lc = d_layout_for(fc->format, tile, fc->interleave, CUR_BASE, w, h);
    d_layout lp = d_layout_for(fc->format, tile, fc->interleave, PREV_BASE, w, h);
    d_write_frame(s->gpu, &lc, &s->cur);
    d_write_frame(s->gpu, &lp, &s->prev);
    d_bind(s->gpu, 8, &lc, w, h);
    d_bind(s->gpu, 9, &lp, w, h);
    s->st = stats_new((w + 15) / 16 * 16 + 32, (h + 7) / 8 * 8);
    for (int i = 0; i < s->st.pitch * s->st.rows; i++)
        s->st.b[i] = (uint8_t)t_rand();
    stats_bind(s->gpu, 10, &s->st);
    uint32_t dw[8];
    d_state_dwords(&ds, dw);
    d_write_state(s->gpu, 3, dw);
    g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_DI, dw, &s->state);
}

static void scene_free(scene *s)
{
    d_frame_free(&s->cur);
    d_frame_free(&s->prev);
    free(s->st.b);
    g7sf_gpu_destroy(s->gpu);
}

static unsigned sum4(const uint16_t *v) { return (unsigned)v[0] + v[1] + v[2] + v[3]; }

/* Chroma block line l of register r against Cb / Cr planes (4:2:2) line y. */
static void check_chroma_line(const g7sf_reg *w, int r, int l, const d_frame *f, int bx, int y,
                              const char *what)
{
    for (int i = 0; i < 8; i++) {
        CHECKF(d_byte(w, r, 16 * l + 2 * i) == f->p[2][y * f->cw + bx / 2 + i],
               "%s: W%d Cr(%d, %d)", what, r, bx + 2 * i, y);
        CHECKF(d_byte(w, r, 16 * l + 2 * i + 1) == f->p[1][y * f->cw + bx / 2 + i],
               "%s: W%d Cb(%d, %d)", what, r, bx + 2 * i, y);
    }
}

static void check_dn_only_block(scene *s, int bx, int by, const char *what)
{
    const d_frame *c = &s->cur;
    bool packed = s->fc->format <= 3;
    g7sf_reg w[10];
    fill_wb(w, 10);
    int r = d_send(s->gpu, &s->thr, 8, 6, (uint32_t)bx, (uint32_t)by, false, packed ? 9 : 5, w);
    CHECKF(r == 0, "%s: block (%d, %d): %d", what, bx, by, r);
    if (r)
        return;
    g7sf_dn_params p;
    g7sf_dn_params_from_state(&s->state, &p);
    g7sf_plane pc = { c->p[0], c->w, c->w, c->h }, pp = { s->prev.p[0], c->w, c->w, c->h };
    uint8_t out[8][16], hin[8], hist[8];
    g7sf_dn_block_stats bs;
    memcpy(hin, hist_at(&s->st, bx, by), 4);
    memcpy(hin + 4, hist_at(&s->st, bx, by + 4), 4);
    CHECK_EQ(g7sf_dn_block(&p, &pc, &pp, bx, by, 8, hin, hist, 4, &out[0][0], 16, &bs), 0);
    for (int l = 0; l < 8; l++)
        for (int x = 0; x < 16; x++)
            CHECKF(d_byte(w, l / 2, 16 * (l % 2) + x) == out[l][x], "%s: (%d, %d) luma %d, %d",
                   what, bx, by, x, l);
    CHECK_EQ(w[4].ud[7], (uint32_t)by << 16 | (uint32_t)bx);
    CHECK_EQ(w[4].ud[6], sum4(bs.stad) << 16 | sum4(bs.shcm));
    CHECK_EQ(w[4].ud[5], sum4(bs.svcm) << 16 | sum4(bs.stad + 4));
    CHECK_EQ(w[4].ud[4], sum4(bs.shcm + 4) << 16 | sum4(bs.svcm + 4));
    CHECK_EQ(w[4].ud[3], 0);
    CHECK_EQ(w[4].ud[2], bs.bne);
    for (int k = 0; k < 8; k++)
        CHECKF(d_byte(w, 4, k) == hist[k], "%s: history %d", what, k);
    if (packed)
        for (int l = 0; l < 8; l++)
            if (by + l < c->h)
                check_chroma_line(w, 5 + l / 2, l % 2, c, bx, by + l, what);
    CHECK_EQ(w[packed ? 9 : 5].ud[0], SENT);
}

TEST(dn_only_packing_every_format_and_tiling)
{
    static const unsigned tiles[] = { 0, 2, 3 };
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
        for (int t = 0; t < 3; t++) {
            scene s;
            scene_new(&s, &formats[f], tiles[t], 48, 16, (d_state){ .dn = true, .top_first = true });
            char what[80];
            snprintf(what, sizeof what, "%s, tile mode %u", formats[f].name, tiles[t]);
            for (int by = 0; by < 16; by += 8)
                for (int bx = 0; bx < 48; bx += 16)
                    check_dn_only_block(&s, bx, by, what);
            scene_free(&s);
        }
}

/* A surface 40 wide (a multiple of 8, not of 16): the last block is half
 * outside; the DN computes its outside pixels as it does at the frame edge. */
TEST(dn_only_partial_block_at_the_right_edge)
{
    scene s;
    scene_new(&s, &formats[4], 0, 40, 24, (d_state){ .dn = true, .progressive = true });
    for (int by = 0; by < 24; by += 8)
        check_dn_only_block(&s, 32, by, "40x24 NV12");
    scene_free(&s);
}
