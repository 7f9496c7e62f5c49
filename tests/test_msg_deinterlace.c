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
    bool half_pitch;          /* separate planes with rows pitch / 2 apart (linear only) */
} fmt_case;

static const fmt_case formats[] = {
    { "YUY2 (YCRCB_NORMAL)", 0, false, G7SF_CHROMA_422, false },
    { "VYUY (YCRCB_SWAPUVY)", 1, false, G7SF_CHROMA_422, false },
    { "YVYU (YCRCB_SWAPUV)", 2, false, G7SF_CHROMA_422, false },
    { "UYVY (YCRCB_SWAPY)", 3, false, G7SF_CHROMA_422, false },
    { "NV12", 4, true, G7SF_CHROMA_420, false },
    { "I420 (separate planes)", 4, false, G7SF_CHROMA_420, false },
    { "I420, Half Pitch for Chroma", 4, false, G7SF_CHROMA_420, true },
    { "4:1:1 planar", 5, false, G7SF_CHROMA_411, false },
    { "4:1:1 interleaved", 5, true, G7SF_CHROMA_411, false },
    { "4:2:2 planar", 6, false, G7SF_CHROMA_422, false },
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
    if (fc->half_pitch) {   /* U from row h, V after its ch rows of pitch / 2 */
        lc.half_pitch = lp.half_pitch = true;
        lc.cr_y = lp.cr_y = (uint32_t)(h + s->cur.ch / 2);
    }
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
        for (int t = 0; t < (formats[f].half_pitch ? 1 : 3); t++) {
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

/* ---- lengths, routing and errors --------------------------------------- */

/* A small NV12 or YUY2 current frame at BTI 0 with previous and statistics
 * at BTI 1, 2; state element 0. */
static g7sf_gpu *small_setup(g7sf_thread *thr, unsigned format, d_state ds)
{
    g7sf_gpu *gpu = d_gpu(thr);
    bool planar = format == 4;
    d_layout cur = d_layout_for(format, 0, planar, CUR_BASE, 32, 16);
    d_layout prev = d_layout_for(format, 0, planar, PREV_BASE, 32, 16);
    d_bind(gpu, 0, &cur, 32, 16);
    d_bind(gpu, 1, &prev, 32, 16);
    stats st = stats_new(64, 16);
    stats_bind(gpu, 2, &st);
    free(st.b);
    put_state(gpu, 0, ds);
    return gpu;
}

/* §2.13.2.6: DI on: 12 (DN, 4:2:2 packed), 11 (DN, other), 10 (no DN);
 * DI off: 9 (4:2:2 packed), 5 (other).  Any other rlen is G7SF_ERLEN and
 * writes nothing. */
TEST(response_length_per_format_and_state)
{
    static const struct { bool di, dn; unsigned format, rlen; } cases[] = {
        { true, true, 0, 12 }, { true, true, 4, 11 }, { true, false, 0, 10 },
        { true, false, 4, 10 }, { false, true, 0, 9 }, { false, true, 4, 5 },
    };
    bool di = d_di_landed();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = small_setup(&thr, cases[i].format,
                                    (d_state){ .di = cases[i].di, .dn = cases[i].dn,
                                               .top_first = true });
        g7sf_reg w[16];
        for (unsigned rl = 0; rl < 16; rl++) {
            fill_wb(w, 16);
            int r = d_send(gpu, &thr, 0, 0, 16, 0, true, rl, w);
            if (rl != cases[i].rlen) {
                CHECKF(r == G7SF_ERLEN, "case %zu rlen %u: %d", i, rl, r);
                CHECKF(w[0].ud[0] == SENT, "case %zu rlen %u: register written", i, rl);
            } else {
                CHECKF(r == 0 || (!di && cases[i].di && r == G7SF_ENOTIMPL), "case %zu: %d", i, r);
            }
        }
        g7sf_gpu_destroy(gpu);
    }
}

TEST(message_length_and_descriptor)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = small_setup(&thr, 4, (d_state){ .dn = true });
    g7sf_reg p[3] = { { { 0 } } }, w[6];
    p[0].ud[3] = D_SAMPLER_OFF;
    uint32_t base = 5u << 20 | 3u << 17 | 8u << 12;   /* rlen 5, SIMD32/64, deinterlace */
    /* H + 1: 2 with a header, 1 without */
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, base | 2u << 25 | 1u << 19, 0, p, w), 0);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, base | 1u << 25, 0, p, w), 0);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, base | 3u << 25 | 1u << 19, 0, p, w), G7SF_EMLEN);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, base | 1u << 25 | 1u << 19, 0, p, w), G7SF_EMLEN);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, base | 2u << 25, 0, p, w), G7SF_EMLEN);
    /* Sampler Index must be even (line 4465) */
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, base | 1u << 25 | 1u << 8, 0, p, w), G7SF_EOPCODE);
    /* the other SIMD32/64 types go to their own rules (sample_unorm* and
     * cache_flush: response lengths 8, 9, 1; sample_8x8 16 without a header,
     * not 4), the reserved ones are errors, and type 8 in the other
     * SIMD modes is gather4, judged by its own rules: SIMD4x2 returns 1
     * register, SIMD16 takes 2 a parameter, and SIMD8 finds a
     * MEDIA_SURFACE_STATE where it reads RENDER_SURFACE_STATE */
    uint32_t simd32 = 1u << 25 | 4u << 20 | 3u << 17;
    static const struct { unsigned type; int code; } other[] = {
        { 0x00, G7SF_ERLEN }, { 0x02, G7SF_ERLEN }, { 0x03, G7SF_ERLEN },
        { 0x0A, G7SF_ERLEN }, { 0x0B, G7SF_ERLEN }, { 0x0C, G7SF_ERLEN },
        { 0x1F, G7SF_ERLEN },
    };
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, simd32 | other[i].type << 12, 0, p, w),
                 other[i].code);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, simd32 | 0x01u << 12, 0, p, w), G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, simd32 | 0x10u << 12, 0, p, w), G7SF_EOPCODE);
    static const int gather4[3] = { G7SF_ERLEN, G7SF_ESTATE, G7SF_EMLEN };
    for (unsigned simd = 0; simd < 3; simd++)
        CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, 1u << 25 | 4u << 20 | simd << 17 | 8u << 12,
                        0, p, w), gather4[simd]);
    g7sf_gpu_destroy(gpu);
}

/* The header's M0.3 Sampler State Pointer, or the thread's without a
 * header; element Sampler Index / 2 of the array, 32 bytes apart. */
TEST(sampler_state_pointer_and_index)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = small_setup(&thr, 4, (d_state){ .dn = true });
    put_state(gpu, 1, (d_state){ 0 });            /* element 1: DN and DI off, illegal */
    g7sf_reg w[6];
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 5, w), 0);
    CHECK_EQ(d_send(gpu, &thr, 0, 2, 0, 0, true, 5, w), G7SF_ESTATE);
    CHECK_EQ(d_send(gpu, &thr, 0, 2, 0, 0, false, 5, w), G7SF_ESTATE);
    /* without a header the thread's pointer counts: one element further on,
     * index 0 is the illegal element */
    thr.sampler_state = D_SAMPLER_OFF + 32;
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, false, 5, w), G7SF_ESTATE);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 5, w), 0);   /* the header's M0.3 */
    /* a state outside the dynamic state bound */
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, D_DYNAMIC_BASE, D_DYNAMIC_BASE + D_SAMPLER_OFF + 16);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 5, w), G7SF_EFAULT);
    g7sf_gpu_destroy(gpu);
}

TEST(illegal_state)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = small_setup(&thr, 4, (d_state){ 0 });
    g7sf_reg w[12];
    /* DI Enable and DN Enable both 0 (line 3867) */
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 5, w), G7SF_ESTATE);
    /* Progressive DN requires DI off (line 3834) */
    put_state(gpu, 0, (d_state){ .di = true, .dn = true, .progressive = true });
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 11, w), G7SF_ESTATE);
    /* DI Partial: its writeback is not in the PRM (3854, 5553) */
    put_state(gpu, 0, (d_state){ .di = true, .dn = true, .partial = true });
    g7sf_clear_error(gpu);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 11, w), G7SF_ESTATE);
    g7sf_error e;
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ESTATE);
    CHECK(strstr(e.reason, "partial VDI writeback") != NULL);
    /* ... and with DI off it selects nothing (line 3857) */
    put_state(gpu, 0, (d_state){ .dn = true, .partial = true });
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 0, true, 5, w), 0);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ESTATE);   /* the first error stays latched */
    g7sf_gpu_destroy(gpu);
}

/* Values the programming notes forbid are state errors (G7SF_ESTATE), not
 * bad arguments: DW1 29:24 Temporal Difference Threshold must exceed DW1
 * 21:16 Low Temporal Difference Threshold by 1 to 16 (lines 3711-3716);
 * the cadence controls DW7 17:16 and 9:8 name fields 0-2 (3911-3920). */
TEST(forbidden_state_values_are_state_errors)
{
    static const struct { unsigned dw, shift, mask, value; bool di; unsigned rlen; } cases[] = {
        { 1, 16, 0x3F, 40, false, 5 },   /* low 40 above the driver's threshold */
        { 1, 16, 0x3F, 40, true, 11 },   /* the same with DI on */
        { 7, 16, 0x3, 3, true, 11 },     /* FMD for 2nd Field of Previous Frame 3 */
        { 7, 8, 0x3, 3, true, 11 },      /* FMD for 1st Field of Current Frame 3 */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = small_setup(&thr, 4, (d_state){ 0 });
        uint32_t dw[8];
        d_state_dwords(&(d_state){ .dn = true, .di = cases[i].di, .first = true }, dw);
        CHECKF((dw[1] >> 24 & 0x3F) < 40, "case %u: the driver's threshold is below 40", i);
        dw[cases[i].dw] &= ~(cases[i].mask << cases[i].shift);
        dw[cases[i].dw] |= cases[i].value << cases[i].shift;
        d_write_state(gpu, 0, dw);
        g7sf_reg wb[12];
        CHECKF(d_send(gpu, &thr, 0, 0, 0, 0, true, cases[i].rlen, wb) == G7SF_ESTATE, "case %u", i);
        /* the same state through the function layer's check */
        g7sf_sampler_state_di st;
        g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_DI, dw, &st);
        const char *why = NULL;
        CHECKF(g7sf_di_state_check(&st, &why) == G7SF_ESTATE && why, "case %u", i);
        /* and the field put back is accepted */
        d_state_dwords(&(d_state){ .dn = true, .di = cases[i].di, .first = true }, dw);
        g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_DI, dw, &st);
        CHECKF(g7sf_di_state_check(&st, &why) == 0 && !why, "case %u: driver state", i);
        g7sf_gpu_destroy(gpu);
    }
}

/* The block address M1.2 / M1.6: a multiple of 16 / 8 (DN only) or 4 (DI),
 * inside the current frame, within the ranges of lines 4967 and 4979. */
TEST(block_address)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = small_setup(&thr, 4, (d_state){ .dn = true });
    g7sf_reg w[12];
    fill_wb(w, 12);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 8, 0, true, 5, w), G7SF_EPAYLOAD);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 4, true, 5, w), G7SF_EPAYLOAD);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 32, 0, true, 5, w), G7SF_EPAYLOAD);   /* 32 wide */
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0, 16, true, 5, w), G7SF_EPAYLOAD);   /* 16 high */
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 4096, 0, true, 5, w), G7SF_EPAYLOAD);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 0xFFFFFFF0u, 0, true, 5, w), G7SF_EPAYLOAD);
    CHECK_EQ(w[0].ud[0], SENT);
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 16, 8, true, 5, w), 0);
    put_state(gpu, 0, (d_state){ .di = true, .dn = true });
    CHECK_EQ(d_send(gpu, &thr, 0, 0, 16, 2, true, 11, w), G7SF_EPAYLOAD);
    int r = d_send(gpu, &thr, 0, 0, 16, 12, true, 11, w);
    CHECK(r == 0 || (r == G7SF_ENOTIMPL && !d_di_landed()));
    g7sf_gpu_destroy(gpu);
}

/* Rewrites the MEDIA_SURFACE_STATE at bti as a w x h surface of layout l. */
static void rebind(g7sf_gpu *gpu, unsigned bti, d_layout l, int w, int h)
{
    d_bind(gpu, bti, &l, w, h);
}

TEST(illegal_surfaces)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = small_setup(&thr, 4, (d_state){ .dn = true });
    g7sf_reg w[12];
    d_layout nv12 = d_layout_for(4, 0, true, CUR_BASE, 32, 16), l;
#define EXPECT(code, why)                                                                  \
    do {                                                                                   \
        int r_ = d_send(gpu, &thr, 0, 0, 0, 0, true, 5, w);                                \
        CHECKF(r_ == (code), "%s: %d", why, r_);                                            \
        rebind(gpu, 0, nv12, 32, 16);                                                      \
        rebind(gpu, 1, d_layout_for(4, 0, true, PREV_BASE, 32, 16), 32, 16);               \
    } while (0)
    EXPECT(0, "the setup itself");
    l = nv12, l.format = 8;          /* R10G10B10A2_UNORM: sample_8x8 only */
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "sample_8x8 format");
    l = nv12, l.format = 7;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "statistics as the current frame");
    rebind(gpu, 0, nv12, 36, 16);    /* line 3098: a multiple of 8 wide */
    EXPECT(G7SF_ESTATE, "width 36");
    rebind(gpu, 0, nv12, 32, 15);    /* line 3089: PLANAR_420 height even */
    EXPECT(G7SF_ESTATE, "PLANAR_420 height 15");
    l = nv12, l.tile = 1;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "reserved tile mode");
    l = nv12, l.tile = 3, l.pitch = 96;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "Y-tiled pitch 96");
    l = nv12, l.tile = 2, l.pitch = 512, l.base = CUR_BASE + 64;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "tiled base not 4 KiB aligned");
    l = nv12, l.pitch = 16;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "pitch below a row");
    l = nv12, l.cb_y = 17;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "odd chroma Y offset");
    l = nv12, l.interleave = false, l.cr_x = 3;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "odd V(Cr) X offset");
    l = nv12, l.interleave = false, l.half_pitch = true, l.tile = 3, l.pitch = 128;
    l.base = CUR_BASE;
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_ESTATE, "half pitch on a tiled surface");
    /* the previous frame must match the current one */
    rebind(gpu, 1, d_layout_for(0, 0, false, PREV_BASE, 32, 16), 32, 16);
    EXPECT(G7SF_ESTATE, "previous frame YUY2");
    rebind(gpu, 1, d_layout_for(4, 0, true, PREV_BASE, 48, 16), 48, 16);
    EXPECT(G7SF_ESTATE, "previous frame wider");
    /* the statistics surface: STMM_DN_STATISTICS, pitch >= the padded
     * width, rows >= the padded height */
    d_layout sl = { .format = 7, .base = STAT_BASE, .pitch = 64 };
    d_bind(gpu, 2, &sl, 64, 8);
    EXPECT(G7SF_ESTATE, "8-row statistics");
    sl.pitch = 16;
    d_bind(gpu, 2, &sl, 16, 16);
    EXPECT(G7SF_ESTATE, "statistics pitch 16");
    sl.pitch = 64, sl.format = 11;
    d_bind(gpu, 2, &sl, 64, 16);
    EXPECT(G7SF_ESTATE, "R8_UNORM statistics");
    sl.format = 7;
    d_bind(gpu, 2, &sl, 64, 16);
    EXPECT(0, "statistics restored");
    /* pixels past 4 GiB */
    l = nv12, l.base = 0xFFFFFF00u;   /* 256 bytes left, the Y plane is 512 */
    rebind(gpu, 0, l, 32, 16);
    EXPECT(G7SF_EFAULT, "frame past 4 GiB");
    /* binding table entries and surface states outside the surface state bounds */
    t_poke(gpu, T_SURFACE_BASE + T_BINDING_TABLE, 0x20000);
    EXPECT(G7SF_EFAULT, "surface state outside bounds");
    thr.binding_table = 0xFFFF0;
    EXPECT(G7SF_EFAULT, "binding table outside bounds");
    thr.binding_table = T_BINDING_TABLE;
    /* BTI 254 leaves no room for BTI + 2 unless on the first frame */
    d_bind(gpu, 254, &nv12, 32, 16);
    CHECK_EQ(d_send(gpu, &thr, 254, 0, 0, 0, true, 5, w), G7SF_EOPCODE);
    put_state(gpu, 0, (d_state){ .dn = true, .first = true });
    CHECK_EQ(d_send(gpu, &thr, 254, 0, 0, 0, true, 5, w), 0);
#undef EXPECT
    g7sf_gpu_destroy(gpu);
}

/* ---- DI enabled ---------------------------------------------------------- */

/* First frame, DN + DI, YUY2, luma constant along each line (40 + 10 y),
 * chroma Cb 60 + y, Cr 200 - y.  DN, first frame: spatial only; the lines 2
 * apart differ by 20 > Good Neighbor Threshold 4, so the good neighbours
 * are the centre row: ((3v + 1) * gn_q_table[2] = 682) >> 11 = v for every
 * 8-bit v, the frame itself.  The 1st-field lines of W4/W5 (W6/W7) are
 * those lines (§2.13.2.6, "Y=0 and Y=2 are the denoised data" for top
 * first); W10/W11 the 2nd-field lines; STMM out is 255 on the first frame
 * (line 1580); STAD and history 0; SVCM = 12 pairs x 10 x 4 = 480; BNE:
 * Hrz = 4 x |v(y - 2) - v(y + 2)| = 160, ED = 20 >= 1 everywhere: 255. */
TEST(di_first_frame_layout)
{
    if (!d_di_landed())
        SKIP("g7sf_di_block / g7sf_fmd_block_run not in this build yet");
    for (int top = 0; top < 2; top++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = d_gpu(&thr);
        d_frame f = d_frame_new(48, 16, G7SF_CHROMA_422);
        for (int y = 0; y < 16; y++) {
            memset(f.p[0] + y * 48, 40 + 10 * y, 48);
            memset(f.p[1] + y * 24, 60 + y, 24);
            memset(f.p[2] + y * 24, 200 - y, 24);
        }
        d_layout cur = d_layout_for(0, 0, false, CUR_BASE, 48, 16);
        d_write_frame(gpu, &cur, &f);
        d_bind(gpu, 0, &cur, 48, 16);
        put_state(gpu, 0, (d_state){ .dn = true, .di = true, .first = true, .top_first = top });
        g7sf_reg w[13];
        fill_wb(w, 13);
        CHECK_EQ(d_send(gpu, &thr, 0, 0, 16, 4, true, 12, w), 0);
        int second[2], n = 0;
        for (int l = 0; l < 4; l++) {
            int y = 4 + l;
            bool first_field = (y % 2 == 0) == (bool)top;
            if (!first_field) {
                second[n++] = y;
                continue;
            }
            for (int x = 0; x < 16; x++)
                CHECKF(d_byte(w, 4 + l / 2, 16 * (l % 2) + x) == 40 + 10 * y,
                       "top %d: W%d line %d", top, 4 + l / 2, l);
            for (int i = 0; i < 8; i++) {
                CHECK_EQ(d_byte(w, 6 + l / 2, 16 * (l % 2) + 2 * i), 200 - y);
                CHECK_EQ(d_byte(w, 6 + l / 2, 16 * (l % 2) + 2 * i + 1), 60 + y);
            }
        }
        for (int d = 0; d < 8; d++)
            CHECK_EQ(w[8].ud[d], 0xFFFFFFFFu);
        CHECK_EQ(w[9].ud[7], 4u << 16 | 16);
        CHECK_EQ(w[9].ud[6], 0);                        /* STAD, SHCM */
        CHECK_EQ(w[9].ud[5] >> 16, 480);                /* SVCM */
        CHECK_EQ(w[9].ud[2], 0);                        /* reserved */
        CHECK_EQ(w[9].ud[1] & 0xFF, 255);               /* BNE */
        CHECK_EQ(w[9].ud[0], 0);                        /* history */
        for (int k = 0; k < 2; k++)
            for (int x = 0; x < 16; x++) {
                CHECKF(d_byte(w, 10, 16 * k + x) == 40 + 10 * second[k], "top %d: W10 %d", top, k);
                if (x < 8) {
                    CHECK_EQ(d_byte(w, 11, 16 * k + 2 * x), 200 - second[k]);
                    CHECK_EQ(d_byte(w, 11, 16 * k + 2 * x + 1), 60 + second[k]);
                }
            }
        CHECK_EQ(w[12].ud[0], SENT);
        d_frame_free(&f);
        g7sf_gpu_destroy(gpu);
    }
}

static void check_line(const g7sf_reg *w, int r, int half, const uint8_t *want, const char *what,
                       const char *reg)
{
    for (int x = 0; x < 16; x++)
        CHECKF(d_byte(w, r, 16 * half + x) == want[x], "%s: %s (W%d) byte %d: %u, want %u", what,
               reg, r, 16 * half + x, d_byte(w, r, 16 * half + x), want[x]);
}

/* The message against the function layer on the same frames: the DN of the
 * 16x4 block, its luma put into the current frame, the FMD and DI on that. */
static void check_di_block(scene *s, int bx, int by, const char *what)
{
    const g7sf_sampler_state_di *st = &s->state;
    bool dn = st->dn_enable, first = st->dndi_first_frame, packed = s->fc->format <= 3;
    int w = s->cur.w, h = s->cur.h, rlen = dn ? (packed ? 12 : 11) : 10;
    g7sf_reg wb[13];
    fill_wb(wb, 13);
    int r = d_send(s->gpu, &s->thr, 8, 6, (uint32_t)bx, (uint32_t)by, true, (unsigned)rlen, wb);
    CHECKF(r == 0, "%s: block (%d, %d): %d", what, bx, by, r);
    if (r)
        return;

    g7sf_dn_params dnp;
    g7sf_dn_params_from_state(st, &dnp);
    dnp.first_frame |= !dn;
    bool temporal = dn && !first;
    g7sf_plane pc = { s->cur.p[0], w, w, h }, pp = { s->prev.p[0], w, w, h };
    uint8_t dno[4][16], hin[4], hout[8] = { 0 };
    g7sf_dn_block_stats bs;
    memcpy(hin, hist_at(&s->st, bx, by), 4);
    CHECK_EQ(g7sf_dn_block(&dnp, &pc, temporal ? &pp : NULL, bx, by, 4, temporal ? hin : NULL,
                           hout, 4, &dno[0][0], 16, &bs), 0);
    uint8_t *y = malloc((size_t)w * h);
    memcpy(y, s->cur.p[0], (size_t)w * h);
    for (int l = 0; dn && l < 4; l++)
        memcpy(y + (size_t)(by + l) * w + bx, dno[l], 16);
    g7sf_yuv cy = d_frame_yuv(&s->cur), py = d_frame_yuv(&s->prev);
    cy.y.data = y;
    g7sf_di_params dip;
    g7sf_di_params_from_state(st, &dip);
    g7sf_fmd_block fb;
    g7sf_di_block_out d;
    CHECK_EQ(g7sf_fmd_block_run(&dip, &cy.y, first ? NULL : &py.y, bx, by, &fb), 0);
    CHECK_EQ(g7sf_di_block(&dip, &cy, first ? NULL : &py, first ? NULL : s->st.b, s->st.pitch, bx,
                           by, &d), 0);
    for (int l = 0; l < 4; l++) {
        check_line(wb, l / 2, l % 2, d.prev2_y[l], what, "previous 2nd field luma");
        check_line(wb, 2 + l / 2, l % 2, d.prev2_c[l], what, "previous 2nd field chroma");
        check_line(wb, 4 + l / 2, l % 2, d.cur1_y[l], what, "current 1st field luma");
        check_line(wb, 6 + l / 2, l % 2, d.cur1_c[l], what, "current 1st field chroma");
        for (int i = 0; i < 8; i++)
            CHECKF(d_byte(wb, 8, 8 * l + i) == d.stmm[l][i], "%s: STMM (%d, %d)", what, 2 * i, l);
    }
    uint32_t sh = dn ? sum4(bs.shcm) : 0, sv = dn ? sum4(bs.svcm) : 0, sd = dn ? sum4(bs.stad) : 0;
    CHECK_EQ(wb[9].ud[7], (uint32_t)by << 16 | (uint32_t)bx);
    CHECK_EQ(wb[9].ud[6], sd << 16 | sh);
    CHECK_EQ(wb[9].ud[5], sv << 16 | fb.diff[0]);
    CHECK_EQ(wb[9].ud[4], (uint32_t)fb.diff[1] << 16 | fb.diff[2]);
    CHECK_EQ(wb[9].ud[3], (uint32_t)fb.diff[3] << 16 | fb.diff[4]);
    CHECK_EQ(wb[9].ud[2], 0);
    CHECK_EQ(wb[9].ud[1], (uint32_t)fb.tearing << 24 | (uint32_t)fb.fitting << 16 |
                              (uint32_t)fb.motion << 8 | bs.bne);
    CHECK_EQ(wb[9].ud[0], dn ? (uint32_t)hout[0] | hout[1] << 8 | hout[2] << 16 |
                                   (uint32_t)hout[3] << 24 : 0);
    if (dn) {
        int k = 0;
        for (int l = 0; l < 4; l++)
            if ((((by + l) & 1) == 0) != (bool)st->dndi_top_first) {
                check_line(wb, 10, k, dno[l], what, "current 2nd field luma");
                if (packed)
                    check_chroma_line(wb, 11, k, &s->cur, bx, by + l, what);
                k++;
            }
    }
    CHECK_EQ(wb[rlen].ud[0], SENT);
    free(y);
}

TEST(di_packing_every_format_and_tiling)
{
    if (!d_di_landed())
        SKIP("g7sf_di_block / g7sf_fmd_block_run not in this build yet");
    static const unsigned tiles[] = { 0, 2, 3 };
    static const d_state states[] = {
        { .dn = true, .di = true, .top_first = true },
        { .di = true, .top_first = false },
        { .dn = true, .di = true, .mcdi = true, .top_first = false, .stream_id = 1 },
        { .dn = true, .di = true, .first = true, .top_first = true },
    };
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
        for (int t = 0; t < (formats[f].half_pitch ? 1 : 3); t++)
            for (size_t k = 0; k < sizeof states / sizeof states[0]; k++) {
                scene s;
                scene_new(&s, &formats[f], tiles[t], 48, 16, states[k]);
                char what[96];
                snprintf(what, sizeof what, "%s, tile mode %u, state %zu", formats[f].name,
                         tiles[t], k);
                for (int by = 0; by < 16; by += 4)
                    for (int bx = 0; bx < 48; bx += 16)
                        check_di_block(&s, bx, by, what);
                scene_free(&s);
            }
}

/* ---- the host copies are reused between messages ---------------------- */

/* Every block's writeback, the blocks sent in raster order, or in reverse
 * when reverse. */
static void send_all(scene *s, bool reverse, g7sf_reg (*wb)[12])
{
    int bw = s->cur.w / 16, n = bw * (s->cur.h / 4);
    for (int i = 0; i < n; i++) {
        int k = reverse ? n - 1 - i : i;
        fill_wb(wb[k], 12);
        int r = d_send(s->gpu, &s->thr, 8, 6, (uint32_t)(k % bw * 16), (uint32_t)(k / bw * 4),
                       true, 11, wb[k]);
        CHECKF(r == 0, "block %d: %d", k, r);
    }
}

/* The message keeps its frame copies in memory of the gpu's and loads
 * only the windows its block reads: what earlier messages left there (here
 * other frames' pixels) must not change a writeback. */
TEST(di_writeback_independent_of_earlier_messages)
{
    if (!d_di_landed())
        SKIP("g7sf_di_block / g7sf_fmd_block_run not in this build yet");
    enum { W = 64, H = 32, N = (W / 16) * (H / 4) };
    scene s;
    scene_new(&s, &formats[4], 0, W, H, (d_state){ .dn = true, .di = true, .mcdi = true,
                                                   .top_first = true });
    static g7sf_reg wb1[N][12], wb2[N][12], other[N][12];
    send_all(&s, false, wb1);
    /* other pixels at the same addresses, sent in the other order */
    d_layout lc = d_layout_for(4, 0, true, CUR_BASE, W, H);
    d_layout lp = d_layout_for(4, 0, true, PREV_BASE, W, H);
    d_frame oc = d_frame_new(W, H, G7SF_CHROMA_420), op = d_frame_new(W, H, G7SF_CHROMA_420);
    d_frame_random(&oc);
    d_frame_random(&op);
    d_write_frame(s.gpu, &lc, &oc);
    d_write_frame(s.gpu, &lp, &op);
    send_all(&s, true, other);
    d_write_frame(s.gpu, &lc, &s.cur);
    d_write_frame(s.gpu, &lp, &s.prev);
    send_all(&s, true, wb2);
    int same_other = 0;
    for (int k = 0; k < N; k++) {
        CHECKF(!memcmp(wb1[k], wb2[k], sizeof wb1[k]), "block %d differs after other frames", k);
        same_other += !memcmp(wb1[k], other[k], sizeof wb1[k]);
    }
    CHECK_EQ(same_other, 0);    /* the other frames did give other results */
    d_frame_free(&oc);
    d_frame_free(&op);
    scene_free(&s);
}
