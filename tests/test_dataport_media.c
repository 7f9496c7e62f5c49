/* Media Block Read/Write (§3.9.6) through g7sf_send(): headers written DWord
 * by DWord from the M0 table (8700-8790), surfaces from RENDER_SURFACE_STATE
 * DWords, expected memory from tile addresses computed here from the tiling
 * definition, boundary behaviour from the §3.6.2 table (7053-7073). */
#include <string.h>

#include "gen7sf/iecp.h"
#include "gpu_setup.h"
#include "msg/dp_msg.h"
#include "harness.h"

#define SC G7SF_SFID_SAMPLER_CACHE
#define RC G7SF_SFID_RENDER_CACHE
#define DC1 G7SF_SFID_DATA_CACHE1
#define SURF 0x00400000u
#define SENT 0xA5u
enum { MB_READ = 0x4, MB_WRITE = 0xA };
enum { F_R8 = 0x143, F_R16 = 0x10D, F_R32 = 0x0D7, F_R32G32 = 0x087, F_YUYV = 0x182,
       F_UYVY = 0x190, F_BC1 = 0x186 };
enum { LINEAR, XT, YT };

typedef struct surf {
    unsigned fmt, w, h, pitch, tiling, vls, vlso, mode, type, depth;
    uint32_t base;
} surf;

/* RENDER_SURFACE_STATE DW0-DW5 by hand: DW0 type 31:29, format 26:18, tiled
 * 14, walk 13 (1 = Y), line stride 12, offset 11, boundary mode 7:6; DW1
 * base; DW2 height-1 29:16, width-1 13:0; DW3 depth-1 31:21, pitch-1 17:0. */
static void bind(g7sf_gpu *gpu, unsigned bti, const surf *s)
{
    uint32_t dw[8] = {
        (s->type ? s->type : 1u) << 29 | s->fmt << 18 | (s->tiling ? 1u << 14 : 0) |
            (s->tiling == YT ? 1u << 13 : 0) | s->vls << 12 | s->vlso << 11 | s->mode << 6,
        s->base ? s->base : SURF,
        (s->h - 1) << 16 | (s->w - 1),
        (s->depth ? s->depth - 1 : 0) << 21 | (s->pitch - 1),
    };
    t_bind_state(gpu, bti, dw);
}

/* Byte offset of (x bytes, row) from the base: X tiles 512 bytes x 8 rows,
 * row-major; Y tiles 128 bytes x 32 rows as eight 16-byte columns. */
static uint32_t tile_off(unsigned tiling, unsigned pitch, unsigned x, unsigned y)
{
    if (tiling == XT)
        return ((y / 8) * (pitch / 512) + x / 512) * 4096 + (y % 8) * 512 + x % 512;
    if (tiling == YT)
        return ((y / 32) * (pitch / 128) + x / 128) * 4096 + (x % 128 / 16) * 512 + (y % 32) * 16 +
               x % 16;
    return y * pitch + x;
}

static uint8_t pattern(unsigned x, unsigned y) { return (uint8_t)(x * 7 + y * 29 + 1); }

static void fill(g7sf_gpu *gpu, const surf *s, unsigned row_bytes, unsigned rows)
{
    for (unsigned y = 0; y < rows; y++)
        for (unsigned x = 0; x < row_bytes; x++) {
            uint8_t v = pattern(x, y);
            g7sf_mem_write(gpu, SURF + tile_off(s->tiling, s->pitch, x, y), &v, 1);
        }
}

static uint8_t peek8(g7sf_gpu *gpu, uint32_t a)
{
    uint8_t v = 0;
    g7sf_mem_read(gpu, a, &v, 1);
    return v;
}

/* M0.0 X, M0.1 Y, M0.2 (height-1) << 16 | (width-1) plus extra bits, M0.3. */
static void header(g7sf_reg *h, int32_t x, int32_t y, unsigned w, unsigned ht, uint32_t m2_extra,
                   uint32_t m3)
{
    memset(h, 0, sizeof *h);
    h->ud[0] = (uint32_t)x, h->ud[1] = (uint32_t)y;
    h->ud[2] = (ht - 1) << 16 | (w - 1) | m2_extra;
    h->ud[3] = m3;
}

static int send_read(g7sf_gpu *gpu, g7sf_thread *thr, unsigned sfid, unsigned ctrl,
                     const g7sf_reg *h, unsigned rlen, g7sf_reg *wb)
{
    memset(wb, SENT, 32 * (rlen + 1));
    return t_send(gpu, thr, sfid, t_desc(1, rlen, 1, MB_READ, ctrl, 1), 0, h, wb);
}

TEST(media_block_read_linear_rows_at_next_power_of_two_pitch)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf s = { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64 };
    bind(gpu, 1, &s);
    fill(gpu, &s, 64, 16);
    g7sf_reg h, wb[9];
    /* 5 bytes x 3 rows: pitch 8, rows at bytes 0, 8, 16 of W0 */
    header(&h, 10, 2, 5, 3, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
    const uint8_t *b = (const uint8_t *)wb;
    for (unsigned r = 0; r < 3; r++)
        for (unsigned i = 0; i < 8; i++)
            CHECK_EQ(b[8 * r + i], i < 5 ? pattern(10 + i, 2 + r) : SENT);
    for (unsigned i = 24; i < 64; i++)
        CHECK_EQ(b[i], SENT);   /* rest of W0 and W1 untouched */
    /* 17 bytes: pitch 32, one row per register; 8 rows = 8 registers */
    header(&h, 40, 8, 17, 8, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, SC, 0, &h, 8, wb), 0);
    for (unsigned r = 0; r < 8; r++)
        for (unsigned i = 0; i < 32; i++)
            CHECK_EQ(b[32 * r + i], i < 17 ? pattern(40 + i, 8 + r) : SENT);
    CHECK_EQ(b[256], SENT);
    /* 3 bytes: pitch 4 */
    header(&h, 0, 0, 3, 2, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
    CHECK_EQ(b[4], pattern(0, 1));
    CHECK_EQ(b[3], SENT);
    g7sf_gpu_destroy(gpu);
}

static void tiled_round_trip(unsigned tiling, int32_t x)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf s = { .fmt = F_R32, .w = 256, .h = 64, .pitch = 1024, .tiling = tiling };
    bind(gpu, 1, &s);
    g7sf_reg p[9], wb[9];
    /* 32 bytes x 8 rows from (x, 5): crosses tile columns and a tile row */
    header(&p[0], x, 5, 32, 8, 0, 0);
    for (unsigned i = 0; i < 256; i++)
        ((uint8_t *)&p[1])[i] = (uint8_t)(0x80 + i);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(9, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), 0);
    for (unsigned r = 0; r < 8; r++)
        for (unsigned i = 0; i < 32; i++)
            CHECK_EQ(peek8(gpu, SURF + tile_off(tiling, 1024, (unsigned)x + i, 5 + r)),
                     (uint8_t)(0x80 + 32 * r + i));
    CHECK_EQ(peek8(gpu, SURF + tile_off(tiling, 1024, (unsigned)x + 32, 5)), 0);
    CHECK_EQ(send_read(gpu, &thr, SC, 0, &p[0], 8, wb), 0);
    CHECK(memcmp(wb, &p[1], 256) == 0);
    CHECK_EQ(wb[8].ud[0], 0xA5A5A5A5u);
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_write_and_read_x_tiled) { tiled_round_trip(XT, 496); }
TEST(media_block_write_and_read_y_tiled) { tiled_round_trip(YT, 104); }

/* Reads a 16-byte row from X = -8 and from X = row_bytes - 8 of a 1-row
 * surface holding bytes 0x10.. and checks both against want_left/right. */
static void edge_case(unsigned fmt, unsigned w_pixels, unsigned bpp, const uint8_t want_left[16],
                      const uint8_t want_right[16])
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf s = { .fmt = fmt, .w = w_pixels, .h = 1, .pitch = 64 };
    bind(gpu, 1, &s);
    for (unsigned i = 0; i < w_pixels * bpp; i++) {
        uint8_t v = (uint8_t)(0x10 + i);
        g7sf_mem_write(gpu, SURF + i, &v, 1);
    }
    g7sf_reg h, wb[2];
    header(&h, -8, 0, 16, 1, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
    CHECK(memcmp(wb, want_left, 16) == 0);
    header(&h, (int32_t)(w_pixels * bpp) - 8, 0, 16, 1, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
    CHECK(memcmp(wb, want_right, 16) == 0);
    g7sf_gpu_destroy(gpu);
}

/* Spec 8625-8647: 8bpp B0B0B0B0 / B3B3B3B3, 16bpp B0B1B0B1 / B2B3B2B3,
 * 32bpp the dword; surfaces 16 bytes wide, bytes 0x10..0x1F. */
TEST(media_block_read_replicates_edge_pixel_by_format)
{
    const uint8_t l8[16] = { 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x10,
                             0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17 };
    const uint8_t r8[16] = { 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
                             0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F, 0x1F };
    edge_case(F_R8, 16, 1, l8, r8);
    const uint8_t l16[16] = { 0x10, 0x11, 0x10, 0x11, 0x10, 0x11, 0x10, 0x11,
                              0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17 };
    const uint8_t r16[16] = { 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
                              0x1E, 0x1F, 0x1E, 0x1F, 0x1E, 0x1F, 0x1E, 0x1F };
    edge_case(F_R16, 8, 2, l16, r16);
    const uint8_t l32[16] = { 0x10, 0x11, 0x12, 0x13, 0x10, 0x11, 0x12, 0x13,
                              0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17 };
    const uint8_t r32[16] = { 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
                              0x1C, 0x1D, 0x1E, 0x1F, 0x1C, 0x1D, 0x1E, 0x1F };
    edge_case(F_R32, 4, 4, l32, r32);
    /* 64-bit pixels (undefined in the PRM): the whole 8-byte pixel, as the
     * 8/16/32-bit rules do */
    const uint8_t l64[16] = { 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
                              0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17 };
    const uint8_t r64[16] = { 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
                              0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F };
    edge_case(F_R32G32, 2, 8, l64, r64);
}

/* YUYV: Y0U0Y1V0 -> left Y0U0Y0V0, right Y1U0Y1V0; UYVY: U0Y0V0Y1 -> left
 * U0Y0V0Y0, right U0Y1V0Y1 (spec 8637-8641).  Pairs 10 11 12 13 .. 1C 1D 1E 1F. */
TEST(media_block_read_replicates_yuv422_pairs)
{
    const uint8_t yuyv_l[16] = { 0x10, 0x11, 0x10, 0x13, 0x10, 0x11, 0x10, 0x13,
                                 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17 };
    const uint8_t yuyv_r[16] = { 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
                                 0x1E, 0x1D, 0x1E, 0x1F, 0x1E, 0x1D, 0x1E, 0x1F };
    edge_case(F_YUYV, 8, 2, yuyv_l, yuyv_r);
    const uint8_t uyvy_l[16] = { 0x10, 0x11, 0x12, 0x11, 0x10, 0x11, 0x12, 0x11,
                                 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17 };
    const uint8_t uyvy_r[16] = { 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x1F,
                                 0x1C, 0x1F, 0x1E, 0x1F, 0x1C, 0x1F, 0x1E, 0x1F };
    edge_case(F_UYVY, 8, 2, uyvy_l, uyvy_r);
}

/* §3.6.2's table, row by row: a surface of four rows (row r holds bytes
 * r), input rows -4..+7 (the text says -3..+7, but each Behavior string
 * has twelve entries; -4..+7 fits every row), read as one 1-byte-wide,
 * 12-row block (pitch 1: W0 bytes 0..11). */
TEST(media_block_boundary_table_row_by_row)
{
    static const struct { unsigned mode, vls, vlso; const char *behavior; } table[] = {
        { 0, 0, 0, "000001233333" }, { 0, 1, 0, "000002222222" }, { 0, 1, 1, "111113333333" },
        { 2, 0, 0, "000001233333" }, { 2, 1, 0, "000002333333" }, { 2, 1, 1, "000013333333" },
        { 3, 0, 0, "010101232323" }, { 3, 1, 0, "000002222222" }, { 3, 1, 1, "111113333333" },
    };
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned x = 0; x < 64; x++) {
            uint8_t v = (uint8_t)r;
            g7sf_mem_write(gpu, SURF + 64 * r + x, &v, 1);
        }
    g7sf_reg h, wb[2];
    header(&h, 0, -4, 1, 12, 0, 0);
    for (unsigned k = 0; k < sizeof table / sizeof table[0]; k++) {
        /* the frame surface (Height 3) with the descriptor's override ... */
        surf s = { .fmt = F_R8, .w = 64, .h = 4, .pitch = 64, .mode = table[k].mode };
        bind(gpu, 1, &s);
        unsigned ctrl = 4 | table[k].vls << 1 | table[k].vlso;
        CHECK_EQ(send_read(gpu, &thr, RC, ctrl, &h, 1, wb), 0);
        for (unsigned i = 0; i < 12; i++)
            CHECKF(((uint8_t *)wb)[i] == table[k].behavior[i] - '0', "row %u input %d: got %u",
                   k, (int)i - 4, ((uint8_t *)wb)[i]);
        CHECK_EQ(((uint8_t *)wb)[12], SENT);
        /* ... and the same through the state's own fields: a field surface
         * (Height 1, stride 1) is a 4-row frame, read without override */
        if (table[k].vls) {
            surf f = { .fmt = F_R8, .w = 64, .h = 2, .pitch = 64, .mode = table[k].mode,
                       .vls = 1, .vlso = table[k].vlso };
            bind(gpu, 1, &f);
            CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
            for (unsigned i = 0; i < 12; i++)
                CHECK_EQ(((uint8_t *)wb)[i], table[k].behavior[i] - '0');
        }
    }
    /* a field surface read as the frame (override, stride 0): all 4 rows */
    surf f = { .fmt = F_R8, .w = 64, .h = 2, .pitch = 64, .vls = 1, .vlso = 1 };
    bind(gpu, 1, &f);
    CHECK_EQ(send_read(gpu, &thr, RC, 4, &h, 1, wb), 0);
    for (unsigned i = 0; i < 12; i++)
        CHECK_EQ(((uint8_t *)wb)[i], "000001233333"[i] - '0');
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_write_outside_dropped_and_field_rows)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf s = { .fmt = F_R8, .w = 6, .h = 4, .pitch = 64 };
    bind(gpu, 1, &s);
    g7sf_reg p[3];
    /* 8 bytes x 4 rows at (-4, -2): only x 0..3 of rows 0, 1 are inside */
    header(&p[0], -4, -2, 8, 4, 0, 0);
    for (unsigned i = 0; i < 64; i++)
        ((uint8_t *)&p[1])[i] = (uint8_t)(0x40 + i);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), 0);
    for (unsigned y = 0; y < 5; y++)
        for (unsigned x = 0; x < 8; x++) {
            bool in = y < 2 && x < 4;
            CHECK_EQ(peek8(gpu, SURF + 64 * y + x), in ? 0x40 + 8 * (y + 2) + 4 + x : 0);
        }
    /* right edge: width 6 bytes; a DWord at X = 4 writes bytes 4, 5 only */
    header(&p[0], 4, 3, 4, 1, 0, 0);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), 0);
    CHECK_EQ(peek8(gpu, SURF + 64 * 3 + 4), 0x40);
    CHECK_EQ(peek8(gpu, SURF + 64 * 3 + 5), 0x41);
    CHECK_EQ(peek8(gpu, SURF + 64 * 3 + 6), 0);
    /* odd field (override 11b): logical rows 0, 1 are memory rows 1, 3;
     * logical rows 2, 3 are outside the field and dropped */
    g7sf_gpu_destroy(gpu);
    gpu = t_gpu(G7SF_IVB, &thr);
    bind(gpu, 1, &s);
    header(&p[0], 0, 0, 4, 4, 0, 0);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, 1, MB_WRITE, 7, 1), 0, p, NULL), 0);
    unsigned want[6] = { 0, 0x40, 0, 0x44, 0, 0 };
    for (unsigned y = 0; y < 6; y++)
        CHECK_EQ(peek8(gpu, SURF + 64 * y), want[y]);
    g7sf_gpu_destroy(gpu);
}

/* M0.3[4] PIXEL_MASK: block 32 bytes x 4 rows; M0.2 bit per DWord as the
 * table at 8773 lays them out (rows of eight DWords). */
TEST(media_block_pixel_mask_mode)
{
    static const unsigned bit_of[4][8] = {
        { 0, 1, 4, 5, 16, 17, 20, 21 }, { 2, 3, 6, 7, 18, 19, 22, 23 },
        { 8, 9, 12, 13, 24, 25, 28, 29 }, { 10, 11, 14, 15, 26, 27, 30, 31 },
    };
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf s = { .fmt = F_R32, .w = 32, .h = 8, .pitch = 128 };
    bind(gpu, 1, &s);
    g7sf_reg p[5], wb[5];
    const uint32_t mask = 0x9C3A5E61u;
    memset(p, 0, sizeof p);
    p[0].ud[0] = 32, p[0].ud[1] = 4, p[0].ud[2] = mask, p[0].ud[3] = 1u << 4;
    for (unsigned r = 0; r < 4; r++)
        for (unsigned d = 0; d < 8; d++)
            p[1 + r].ud[d] = 0x70000000u | r << 8 | d;
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(5, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), 0);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned d = 0; d < 8; d++)
            CHECK_EQ(t_peek(gpu, SURF + 128 * (4 + r) + 32 + 4 * d),
                     mask >> bit_of[r][d] & 1 ? 0x70000000u | r << 8 | d : 0);
    /* reads ignore the mask: all 32 x 4 bytes */
    memset(wb, SENT, sizeof wb);
    CHECK_EQ(t_send(gpu, &thr, SC, t_desc(1, 4, 1, MB_READ, 0, 1), 0, p, wb), 0);
    CHECK_EQ(wb[0].ud[1], mask >> 1 & 1 ? 0x70000001u : 0);
    CHECK_EQ(wb[3].ud[7], mask >> 31 & 1 ? 0x70000307u : 0);
    /* X must be a multiple of 32, Y of 4 */
    p[0].ud[1] = 2;
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(5, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), G7SF_EPAYLOAD);
    g7sf_gpu_destroy(gpu);
}

/* Sampler cache only: M0.2[9:8] Register Pitch Control (x BasePitch) and
 * M0.2[28:24] Sub-Register Offset (bytes); rows keep their pitch across
 * registers. */
TEST(media_block_sub_register_offset_and_pitch_control)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf s = { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64 };
    bind(gpu, 1, &s);
    fill(gpu, &s, 64, 16);
    g7sf_reg h, wb[3];
    /* width 4, pitch control 01 (8 bytes), offset 4: rows at 4, 12, 20, 28, 36 */
    header(&h, 8, 1, 4, 5, 4u << 24 | 1u << 8, 0);
    CHECK_EQ(send_read(gpu, &thr, SC, 0, &h, 2, wb), 0);
    const uint8_t *b = (const uint8_t *)wb;
    for (unsigned i = 0; i < 64; i++) {
        unsigned r = i / 8, k = i % 8;
        CHECK_EQ(b[i], k >= 4 && r < 5 ? pattern(8 + k - 4, 1 + r) : SENT);
    }
    CHECK_EQ(b[64], SENT);
    /* width 8, pitch control 11 (32 bytes), offset 24 (column 6): one row per register */
    header(&h, 0, 0, 8, 2, 24u << 24 | 3u << 8, 0);
    CHECK_EQ(send_read(gpu, &thr, SC, 0, &h, 2, wb), 0);
    CHECK_EQ(b[23], SENT);
    CHECK_EQ(b[24], pattern(0, 0));
    CHECK_EQ(b[56], pattern(0, 1));
    CHECK_EQ(b[63], pattern(7, 1));
    /* the render cache requires both to be zero */
    header(&h, 8, 1, 4, 5, 4u << 24 | 1u << 8, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 2, wb), G7SF_EPAYLOAD);
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_legal_combinations_and_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf ok = { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64 };
    bind(gpu, 1, &ok);
    g7sf_reg h, wb[33];
    /* the width classes' height limits: 64, 32, 16, 8 rows legal, one more not */
    static const unsigned widths[4] = { 4, 8, 16, 32 }, maxh[4] = { 64, 32, 16, 8 };
    for (unsigned k = 0; k < 4; k++) {
        unsigned w = widths[k], regs = (maxh[k] * w + 31) / 32;
        header(&h, 0, 0, w, maxh[k], 0, 0);
        CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, regs, wb), 0);
        if (maxh[k] < 64) {
            header(&h, 0, 0, w, maxh[k] + 1, 0, 0);
            CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, (maxh[k] * w + w + 31) / 32, wb), G7SF_EPAYLOAD);
        }
    }
    struct { unsigned sfid, type, ctrl, mlen, rlen, hdr; uint32_t m2, m3; int32_t x; int want; } c[] = {
        { SC, MB_READ, 0, 1, 1, 1, 3u << 16 | 4u << 24 | 3, 0, 0, G7SF_EPAYLOAD }, /* w4 pc00 off 4: 1 row only */
        { SC, MB_READ, 0, 1, 1, 1, 4u << 24 | 3, 0, 0, 0 },                     /* ... h1: legal */
        { SC, MB_READ, 0, 1, 1, 1, 2u << 8 | 3, 0, 0, G7SF_EPAYLOAD },          /* pitch control 10 */
        { SC, MB_READ, 0, 1, 1, 1, 1u << 8 | 2, 0, 0, G7SF_EPAYLOAD },          /* pc with width 3 */
        { SC, MB_READ, 0, 1, 2, 1, 1u << 8 | 31, 0, 0, G7SF_EPAYLOAD },         /* pitch 64 > 32 */
        { SC, MB_READ, 0, 1, 1, 1, 2u << 24 | 3, 0, 0, G7SF_EPAYLOAD },         /* offset not DWord */
        { SC, MB_READ, 0, 1, 1, 1, 4u << 24 | 7, 0, 0, G7SF_EPAYLOAD },         /* w8 offset 4 */
        { RC, MB_WRITE, 0, 2, 0, 1, 2, 0, 0, G7SF_EPAYLOAD },                   /* write width 3 */
        { RC, MB_WRITE, 0, 2, 0, 1, 3, 0, 2, G7SF_EPAYLOAD },                   /* write X not DWord */
        { RC, MB_WRITE, 0, 2, 0, 1, 3, 1, 0, G7SF_ESTATE },                     /* colour processing
                                                                                   onto R8 */
        { RC, MB_READ, 0, 1, 1, 1, 3, 1, 0, G7SF_EPAYLOAD },                    /* CP bit on RC read */
        { SC, MB_READ, 0, 1, 1, 1, 3, 1, 0, 0 },                                /* ignored on SC */
        { RC, MB_READ, 0, 1, 1, 0, 3, 0, 0, G7SF_EHEADER },
        { RC, MB_WRITE, 0, 1, 0, 0, 3, 0, 0, G7SF_EHEADER },
        { RC, MB_READ, 0, 2, 1, 1, 3, 0, 0, G7SF_EMLEN },
        { RC, MB_READ, 0, 1, 2, 1, 3, 0, 0, G7SF_ERLEN },
        { RC, MB_WRITE, 0, 2, 1, 1, 3, 0, 0, G7SF_ERLEN },
        { RC, MB_READ, 8, 1, 1, 1, 3, 0, 0, G7SF_EOPCODE },                     /* desc bit 11 */
        { SC, MB_WRITE, 0, 2, 0, 1, 3, 0, 0, G7SF_EOPCODE },                    /* SC is read-only */
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        g7sf_reg p[2] = {{{0}}};
        p[0].ud[0] = (uint32_t)c[i].x, p[0].ud[2] = c[i].m2, p[0].ud[3] = c[i].m3;
        if (!c[i].hdr)
            p[0] = p[1];
        memset(wb, SENT, 64);
        g7sf_clear_error(gpu);
        int r = t_send(gpu, &thr, c[i].sfid, t_desc(c[i].mlen, c[i].rlen, c[i].hdr, c[i].type,
                                                    c[i].ctrl, 1), 0, p, wb);
        CHECKF(r == c[i].want, "case %u: got %d, want %d", i, r, c[i].want);
        if (c[i].want)
            CHECK_EQ(wb[0].ud[0], 0xA5A5A5A5u);
    }
    /* Haswell's data cache port 1 carries both */
    g7sf_gpu *hsw = t_gpu(G7SF_HSW, &thr);
    bind(hsw, 1, &ok);
    header(&h, 0, 0, 4, 1, 0, 0);
    CHECK_EQ(send_read(hsw, &thr, DC1, 0, &h, 1, wb), 0);
    g7sf_reg p[2];
    header(&p[0], 0, 0, 4, 1, 0, 0);
    CHECK_EQ(t_send(hsw, &thr, DC1, t_desc(2, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), 0);
    g7sf_gpu_destroy(hsw);
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_surface_checks)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf bad[] = {
        { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64, .type = 4 },            /* BUFFER */
        { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64, .depth = 2 },           /* 2D array */
        { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64, .base = SURF + 16 },    /* base % 32 */
        { .fmt = F_R8, .w = 64, .h = 16, .pitch = 96 },                       /* linear pitch % 64 */
        { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64, .mode = 1 },            /* reserved mode */
        { .fmt = F_BC1, .w = 64, .h = 16, .pitch = 128 },                     /* compressed */
        { .fmt = F_R8, .w = 64, .h = 17, .pitch = 64, .base = 0xFFFFFC00u },  /* past 4 GiB */
        { .fmt = F_R8, .w = 64, .h = 3, .pitch = 64 },                        /* odd frame as field */
    };
    g7sf_reg h, wb[2];
    header(&h, 0, 0, 4, 1, 0, 0);
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bind(gpu, 1, &bad[i]);
        int r = send_read(gpu, &thr, RC, i == 7 ? 6 : 0, &h, 1, wb);
        CHECKF(r == G7SF_ESTATE, "case %u: got %d", i, r);
    }
    /* pixel-size alignment: 16bpp X offset 1; YUV pairs need 4 bytes */
    surf w16 = { .fmt = F_R16, .w = 32, .h = 16, .pitch = 64 };
    bind(gpu, 1, &w16);
    header(&h, 1, 0, 4, 1, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), G7SF_EPAYLOAD);
    surf yuv = { .fmt = F_YUYV, .w = 32, .h = 16, .pitch = 64 };
    bind(gpu, 1, &yuv);
    header(&h, 2, 0, 4, 1, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), G7SF_EPAYLOAD);
    /* the last rows below 4 GiB are fine, and extreme offsets clamp */
    surf top = { .fmt = F_R8, .w = 64, .h = 16, .pitch = 64, .base = 0xFFFFFC00u };
    bind(gpu, 1, &top);
    uint8_t v = 0x5C;
    g7sf_mem_write(gpu, 0xFFFFFFFFu, &v, 1);
    header(&h, INT32_MAX, INT32_MAX, 4, 1, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x5C5C5C5Cu);
    header(&h, INT32_MIN, INT32_MIN, 4, 1, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &h, 1, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_null_surface_reads_zero_drops_writes)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    uint32_t null_state[8] = { 7u << 29 };
    t_bind_state(gpu, 1, null_state);
    g7sf_reg p[2], wb[2];
    header(&p[0], 0, 0, 4, 2, 0, 0);
    CHECK_EQ(send_read(gpu, &thr, RC, 0, &p[0], 1, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    CHECK_EQ(wb[0].ud[1], 0);
    CHECK_EQ(wb[0].ud[2], 0xA5A5A5A5u);
    size_t pages = g7sf_mem_pages(gpu);
    memset(&p[1], 0xFF, 32);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, 1, MB_WRITE, 0, 1), 0, p, NULL), 0);
    CHECK_EQ(g7sf_mem_pages(gpu), pages);
    g7sf_gpu_destroy(gpu);
}

/* ---- colour processing (IECP) on a Media Block Write ---- */

enum { F_BGRA8 = 0x0C0, F_RGBA16 = 0x080, CPS_OFF = 0x200 };

/* COLOR_PROCESSING_STATE at General State Base + CPS_OFF; returns M0.3
 * for Message Format fmt with Color Processing Enable. */
static uint32_t put_cps(g7sf_gpu *gpu, const g7sf_color_processing_state *s, unsigned fmt)
{
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    CHECK_EQ(g7sf_state_pack(&g7sf_desc_COLOR_PROCESSING_STATE, s, dw), 0);
    g7sf_mem_write(gpu, T_GENERAL_BASE + CPS_OFF, dw, sizeof dw);
    return CPS_OFF | fmt << 2 | 1;
}

/* Writes one row of `bytes` bytes (payload p[1]) at (0, 0) of the surface at
 * BTI 1 with header M0.3 m3. */
static int send_cp(g7sf_gpu *gpu, g7sf_thread *thr, const uint8_t *bytes, unsigned n, uint32_t m3)
{
    g7sf_reg p[2];
    header(&p[0], 0, 0, n, 1, 0, m3);
    memset(&p[1], 0, sizeof p[1]);
    memcpy(p[1].ud, bytes, n);
    g7sf_clear_error(gpu);
    return t_send(gpu, thr, RC, t_desc(2, 0, 1, MB_WRITE, 0, 1), 0, p, NULL);
}

static g7sf_color_processing_state cps_neutral(void)
{
    /* ProcAmp 1.0 / 0 / cos 1 / sin 0; CSC the identity; nothing enabled
     * (the fields checked in test_iecp's state_neutral_is_the_pipes_rest) */
    g7sf_color_processing_state s;
    g7sf_iecp_state_neutral(&s);
    return s;
}

TEST(media_block_write_colour_processing)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    /* 4:2:2 8-bit onto YUYV: ProcAmp contrast 2.0 and saturation 2.0 (in 8-bit
     * terms (Y - 16) 2 + 16 and (C - 128) 2 + 128): Y0 60 -> 104, U 100 -> 72,
     * Y1 200 -> 384 -> 255, V 150 -> 172 */
    surf yuyv = { .fmt = F_YUYV, .w = 16, .h = 4, .pitch = 64 };
    bind(gpu, 1, &yuyv);
    g7sf_color_processing_state s = cps_neutral();
    s.procamp_enable = 1, s.contrast = 256, s.cos_c_s = 512;
    const uint8_t in422[4] = { 60, 100, 200, 150 };
    CHECK_EQ(send_cp(gpu, &thr, in422, 4, put_cps(gpu, &s, 0)), 0);
    const uint8_t want422[4] = { 104, 72, 255, 172 };
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(peek8(gpu, SURF + i), want422[i]);
    /* 4:4:4 8-bit (bytes V, U, Y, A) through BT.601 YUV to RGB onto BGRA:
     * white (235, 128, 128) -> 4079 -> 255 each; alpha from the state's high
     * byte */
    surf bgra = { .fmt = F_BGRA8, .w = 4, .h = 4, .pitch = 64 };
    bind(gpu, 1, &bgra);
    s = cps_neutral();
    s.transform_enable = 1, s.yuv_in = 1;
    s.c0 = 1192, s.c2 = 1634, s.c3 = 1192, s.c4 = -401, s.c5 = -832, s.c6 = 1192, s.c7 = 2066,
    s.c8 = 0, s.c1 = 0;
    s.offset_in_1 = -16, s.offset_in_2 = -128, s.offset_in_3 = -128;
    s.alpha_from_state_select = 1, s.color_pipe_alpha = 0xAB00;
    /* white, then black with V 255: R 3242 -> 203, G 0, B 0 */
    const uint8_t in444[8] = { 128, 128, 235, 7, 255, 128, 16, 9 };
    CHECK_EQ(send_cp(gpu, &thr, in444, 8, put_cps(gpu, &s, 1)), 0);
    const uint8_t want444[8] = { 255, 255, 255, 0xAB, 0, 0, 203, 0xAB };
    for (unsigned i = 0; i < 8; i++)
        CHECKF(peek8(gpu, SURF + i) == want444[i], "byte %u: %u, want %u", i,
               peek8(gpu, SURF + i), want444[i]);
    /* the message's alpha when Alpha from State Select is 0; Forced 422 for
     * 444 averages the pair's U: 100 and 50 -> 75 for both */
    s = cps_neutral();
    s.procamp_enable = 1, s.forced_422_for_444 = 1;
    const uint8_t pair[8] = { 128, 100, 80, 7, 128, 50, 90, 9 };
    CHECK_EQ(send_cp(gpu, &thr, pair, 8, put_cps(gpu, &s, 1)), 0);
    const uint8_t want_pair[8] = { 128, 75, 80, 7, 128, 75, 90, 9 };
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ(peek8(gpu, SURF + i), want_pair[i]);
    /* 4:4:4 16-bit onto R16G16B16A16: 12 bits inside, so 0x1234 comes back
     * as 0x1230; alpha passes as it came */
    surf rgba16 = { .fmt = F_RGBA16, .w = 4, .h = 4, .pitch = 64 };
    bind(gpu, 1, &rgba16);
    s = cps_neutral();
    s.procamp_enable = 1;
    const uint8_t in16[8] = { 0x34, 0x12, 0x00, 0x40, 0x00, 0x80, 0x21, 0x43 };
    CHECK_EQ(send_cp(gpu, &thr, in16, 8, put_cps(gpu, &s, 3)), 0);
    const uint8_t want16[8] = { 0x30, 0x12, 0x00, 0x40, 0x00, 0x80, 0x21, 0x43 };
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ(peek8(gpu, SURF + i), want16[i]);
    /* errors: a format it does not write (NV12 through R16_UNORM has its
     * own tests below), nothing written */
    s = cps_neutral();
    const uint8_t other[4] = { 1, 2, 3, 4 };
    surf r32 = { .fmt = F_R32, .w = 16, .h = 4, .pitch = 64 };
    bind(gpu, 1, &r32);
    CHECK_EQ(send_cp(gpu, &thr, other, 4, put_cps(gpu, &s, 0)), G7SF_ESTATE);
    /* 16-bit formats take 8-byte pixel units */
    bind(gpu, 1, &rgba16);
    s = cps_neutral();
    CHECK_EQ(send_cp(gpu, &thr, other, 4, put_cps(gpu, &s, 2)), G7SF_EPAYLOAD);
    g7sf_gpu_destroy(gpu);
}

/* ---- IECP into NV12 (R16_UNORM, lines 8651-8670) ---- */

enum { F_R16_UNORM = 0x10A, UV_ROW = 8 };

/* The decoded state is kept per thread between messages (dp_iecp.c):
 * rewriting one DWord at the same pointer, or the same pointer on another
 * gpu, must be seen by the very next message. */
TEST(media_block_write_colour_processing_state_rewritten_in_place)
{
    g7sf_thread thr, thr2;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr), *gpu2 = t_gpu(G7SF_IVB, &thr2);
    surf yuyv = { .fmt = F_YUYV, .w = 16, .h = 4, .pitch = 64 };
    bind(gpu, 1, &yuyv);
    bind(gpu2, 1, &yuyv);
    const uint8_t in[4] = { 60, 128, 70, 128 };
    g7sf_color_processing_state s = cps_neutral();
    s.procamp_enable = 1, s.contrast = 256;   /* (60 - 16) 2 + 16 = 104, (70 - 16) 2 + 16 = 124 */
    uint32_t m3 = put_cps(gpu, &s, 0);
    for (int k = 0; k < 2; k++) {   /* the second time from the kept decode */
        CHECK_EQ(send_cp(gpu, &thr, in, 4, m3), 0);
        CHECK(peek8(gpu, SURF) == 104 && peek8(gpu, SURF + 2) == 124);
    }
    /* Brightness +8 levels (S7.4: 128) at the same pointer: 112, 132 */
    s.brightness = 128;
    CHECK_EQ(put_cps(gpu, &s, 0), m3);
    CHECK_EQ(send_cp(gpu, &thr, in, 4, m3), 0);
    CHECK_EQ(peek8(gpu, SURF), 112);
    CHECK_EQ(peek8(gpu, SURF + 2), 132);
    /* the other gpu's state at the same address: contrast 1.0 */
    s = cps_neutral();
    s.procamp_enable = 1;
    CHECK_EQ(put_cps(gpu2, &s, 0), m3);
    CHECK_EQ(send_cp(gpu2, &thr2, in, 4, m3), 0);
    CHECK(peek8(gpu2, SURF) == 60 && peek8(gpu2, SURF + 2) == 70);
    CHECK_EQ(send_cp(gpu, &thr, in, 4, m3), 0);   /* and back: the first gpu's own */
    CHECK_EQ(peek8(gpu, SURF), 112);
    g7sf_gpu_destroy(gpu2);
    g7sf_gpu_destroy(gpu);
}

/* An R16_UNORM surface of w Words (2w luma bytes) x h rows, linear, pitch
 * 64, DW6 X / Y Offset for UV Plane uv_x (bytes) and uv_y (rows); vls:
 * Vertical Line Stride. */
static void bind_nv12(g7sf_gpu *gpu, unsigned w, unsigned h, unsigned uv_x, unsigned uv_y,
                      unsigned vls)
{
    uint32_t dw[8] = { 1u << 29 | (uint32_t)F_R16_UNORM << 18 | vls << 12, SURF,
                       (h - 1) << 16 | (w - 1), 63, 0, 0, uv_x << 16 | uv_y, 0 };
    t_bind_state(gpu, 1, dw);
}

/* A w x h block at (x bytes, y) of rows packed w bytes apart, in the
 * message's register layout (pitch the next power of two); desc control
 * ctrl (bits 13:8). */
static int send_block(g7sf_gpu *gpu, g7sf_thread *thr, int32_t x, int32_t y, unsigned w,
                      unsigned h, const uint8_t *rows, uint32_t m3, unsigned ctrl)
{
    g7sf_reg p[9];
    unsigned pitch = 1;
    while (pitch < w)
        pitch <<= 1;
    unsigned regs = ((h - 1) * pitch + w + 31) / 32;
    header(&p[0], x, y, w, h, 0, m3);
    memset(&p[1], 0, 8 * sizeof p[1]);
    for (unsigned r = 0; r < h; r++)
        memcpy((uint8_t *)p[1].ud + r * pitch, rows + r * w, w);
    g7sf_clear_error(gpu);
    return t_send(gpu, thr, RC, t_desc(1 + regs, 0, 1, MB_WRITE, ctrl, 1), 0, p, NULL);
}

/* fills the first `rows` rows of the surface (pitch 64) with 0xEE */
static void paint(g7sf_gpu *gpu, unsigned rows)
{
    uint8_t junk[64];
    memset(junk, 0xEE, sizeof junk);
    for (unsigned r = 0; r < rows; r++)
        g7sf_mem_write(gpu, SURF + 64 * r, junk, sizeof junk);
}

TEST(media_block_write_iecp_nv12_by_hand)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    /* 8 Words = 16 luma pixels a row, 4 rows; the UV plane at row 8 */
    bind_nv12(gpu, 8, 4, 0, UV_ROW, 0);
    paint(gpu, 12);
    /* a 4 x 2 block of 4:2:2 8-bit pixels at pixel (4, 2): X counts message
     * bytes, 2 a pixel, so M0.0 = 8.  ProcAmp contrast and saturation 2.0:
     * Y -> (Y - 16) 2 + 16, C -> (C - 128) 2 + 128, saturated */
    g7sf_color_processing_state s = cps_neutral();
    s.procamp_enable = 1, s.contrast = 256, s.cos_c_s = 512;
    const uint8_t in[16] = { 60, 100, 200, 150, 70, 110, 80, 140,     /* Y0 U Y1 V x 2 */
                             30, 90, 40, 160, 50, 120, 16, 128 };     /* bottom U, V dropped */
    CHECK_EQ(send_block(gpu, &thr, 8, 2, 8, 2, in, put_cps(gpu, &s, 0), 0), 0);
    const uint8_t want_y[2][4] = { { 104, 255, 124, 144 }, { 44, 64, 84, 16 } };
    for (unsigned r = 0; r < 2; r++)
        for (unsigned i = 0; i < 4; i++)
            CHECKF(peek8(gpu, SURF + 64 * (2 + r) + 4 + i) == want_y[r][i], "Y row %u px %u: %u",
                   r, i, peek8(gpu, SURF + 64 * (2 + r) + 4 + i));
    /* one U, V pair per 2 x 2 from the top row: (100, 150) -> (72, 172),
     * (110, 140) -> (92, 152), at UV row 8 + 2 / 2, bytes 4..7 */
    const uint8_t want_uv[4] = { 72, 172, 92, 152 };
    for (unsigned i = 0; i < 4; i++)
        CHECKF(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 4 + i) == want_uv[i], "UV byte %u: %u", i,
               peek8(gpu, SURF + 64 * (UV_ROW + 1) + 4 + i));
    /* nothing else: the bytes around the block and the other UV rows */
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 3), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 8), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * 1 + 4), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * 4 + 4), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * UV_ROW + 4), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 2) + 4), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 8), 0xEE);

    /* 4:4:4 8-bit (V, U, Y, A), 4 x 2 at (0, 0), neutral ProcAmp: Y as it
     * came; each quad's pixel_0 U, V (line 8668): U, V of pixels 1 differ
     * so no quad is detected as 4:2:2 and nothing is averaged */
    s = cps_neutral();
    s.procamp_enable = 1;
    const uint8_t in444[32] = {
        11, 21, 31, 0, 12, 22, 32, 0, 13, 23, 33, 0, 14, 24, 34, 0,
        15, 25, 35, 0, 16, 26, 36, 0, 17, 27, 37, 0, 18, 28, 38, 0 };
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 16, 2, in444, put_cps(gpu, &s, 1), 0), 0);
    for (unsigned r = 0; r < 2; r++)
        for (unsigned i = 0; i < 4; i++)
            CHECK_EQ(peek8(gpu, SURF + 64 * r + i), 31 + 4 * r + i);
    const uint8_t want444[4] = { 21, 11, 23, 13 };   /* U, V of pixels 0 and 2 */
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(peek8(gpu, SURF + 64 * UV_ROW + i), want444[i]);

    /* 4:2:2 16-bit, 4 x 2: Y 0x3C00 -> 12-bit 0x3C0 -> 8-bit 60 */
    uint8_t in16[32];
    for (unsigned k = 0; k < 16; k++)
        in16[2 * k] = 0, in16[2 * k + 1] = (uint8_t)(60 + k);   /* Y0 U Y1 V words */
    CHECK_EQ(send_block(gpu, &thr, 16, 2, 16, 2, in16, put_cps(gpu, &s, 2), 0), 0);
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 4), 60);       /* Y0 of row 0 */
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 5), 62);       /* Y1 */
    CHECK_EQ(peek8(gpu, SURF + 64 * 3 + 4), 68);       /* Y0 of row 1 */
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 4), 61);   /* top U */
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 5), 63);   /* top V */

    /* clipping (line 8634): 8 pixels at pixel 12 of a 16-pixel row write
     * pixels 12..15 and their U, V only; rows above the surface dropped */
    paint(gpu, 12);
    uint8_t in8[32];
    for (unsigned k = 0; k < 32; k++)
        in8[k] = (uint8_t)(128 + k);
    s = cps_neutral();
    CHECK_EQ(send_block(gpu, &thr, 24, -2, 16, 4, (const uint8_t[64]){ 0 }, put_cps(gpu, &s, 0), 0), 0);
    for (unsigned a = 0; a < 12 * 64; a++)
        CHECKF(peek8(gpu, SURF + a) == 0xEE || (a % 64 >= 12 && a % 64 < 16 && a / 64 < 2) ||
               (a >= 64 * UV_ROW + 12 && a < 64 * UV_ROW + 16), "byte %u written", a);
    CHECK_EQ(peek8(gpu, SURF + 12), 0);                /* row 0 = block row 2 */
    CHECK_EQ(peek8(gpu, SURF + 64 + 15), 0);
    CHECK_EQ(peek8(gpu, SURF + 16), 0xEE);             /* pixel 16: outside */
    CHECK_EQ(send_block(gpu, &thr, 24, 2, 16, 2, in8, put_cps(gpu, &s, 0), 0), 0);
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 12), 128);     /* Y0 of the first pair */
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 13), 130);     /* Y1 */
    CHECK_EQ(peek8(gpu, SURF + 64 * 2 + 16), 0xEE);
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 12), 129);
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 13), 131);
    CHECK_EQ(peek8(gpu, SURF + 64 * (UV_ROW + 1) + 16), 0xEE);
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_write_iecp_nv12_restrictions)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_color_processing_state s = cps_neutral();
    uint8_t zero[64] = { 0 };
    /* the surface state (G7SF_ESTATE) */
    struct { unsigned w, h, uv_x, uv_y, vls; } bad_state[] = {
        { 7, 4, 0, 8, 0 },     /* 14 luma pixels: not a multiple of 4 (8653) */
        { 8, 3, 0, 8, 0 },     /* odd height (8654) */
        { 8, 4, 0, 8, 1 },     /* Vertical Line Stride 1 (8670) */
        { 8, 4, 0, 7, 0 },     /* odd Y Offset for UV Plane */
        { 8, 4, 2 + 1, 8, 0 }, /* odd X Offset for UV Plane */
        { 8, 4, 50, 8, 0 },    /* UV row 50 + 16 bytes past the 64-byte pitch */
    };
    for (unsigned i = 0; i < sizeof bad_state / sizeof bad_state[0]; i++) {
        bind_nv12(gpu, bad_state[i].w, bad_state[i].h, bad_state[i].uv_x, bad_state[i].uv_y,
                  bad_state[i].vls);
        int r = send_block(gpu, &thr, 0, 0, 8, 2, zero, put_cps(gpu, &s, 0), 0);
        CHECKF(r == G7SF_ESTATE, "state case %u: %d", i, r);
    }
    /* the message (G7SF_EPAYLOAD), on a good surface: nothing written */
    bind_nv12(gpu, 8, 4, 0, UV_ROW, 0);
    paint(gpu, 12);
    struct { int32_t x, y; unsigned w, h, fmt, ctrl; int want; } c[] = {
        { 0, 0, 16, 2, 3, 0, G7SF_EPAYLOAD },   /* 4:4:4 16-bit (8667) */
        { 0, 0, 4, 2, 0, 0, G7SF_EPAYLOAD },    /* 2 pixels of 4:2:2 8-bit */
        { 0, 0, 12, 2, 0, 0, G7SF_EPAYLOAD },   /* 6 pixels */
        { 0, 0, 32, 2, 1, 0, G7SF_EPAYLOAD },   /* 8 pixels of 4:4:4 8-bit */
        { 0, 0, 32, 2, 2, 0, G7SF_EPAYLOAD },   /* 8 pixels of 4:2:2 16-bit */
        { 0, 0, 8, 1, 0, 0, G7SF_EPAYLOAD },    /* 1 row (8668) */
        { 0, 0, 8, 3, 0, 0, G7SF_EPAYLOAD },    /* 3 rows */
        { 4, 0, 8, 2, 0, 0, G7SF_EPAYLOAD },    /* X 2 pixels (8658) */
        { 4, 0, 16, 2, 1, 0, G7SF_EPAYLOAD },   /* X 4 bytes = 1 4:4:4 pixel */
        { 0, 1, 8, 2, 0, 0, G7SF_EPAYLOAD },    /* odd Y (8656) */
        { 0, -3, 8, 2, 0, 0, G7SF_EPAYLOAD },
        { 0, 0, 8, 2, 0, 6, G7SF_EPAYLOAD },    /* descriptor: stride 1 (8670) */
        { 0, 0, 16, 2, 0, 0, 0 },               /* 8 pixels of 4:2:2 8-bit */
        { 16, -2, 16, 2, 1, 0, 0 },             /* 4 of 4:4:4 at pixel 4, above: dropped */
        { -8, 0, 8, 2, 0, 0, 0 },               /* left of the surface: dropped */
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint32_t m3 = put_cps(gpu, &s, c[i].fmt);
        int r = send_block(gpu, &thr, c[i].x, c[i].y, c[i].w, c[i].h, zero, m3, c[i].ctrl);
        CHECKF(r == c[i].want, "message case %u: got %d, want %d", i, r, c[i].want);
        if (i == 12)
            paint(gpu, 12);
    }
    for (unsigned a = 0; a < 12 * 64; a++)
        CHECKF(peek8(gpu, SURF + a) == 0xEE, "byte %u written", a);
    g7sf_gpu_destroy(gpu);
}

TEST(iecp_444_auto_uv_detection_per_quad)
{
    /* 12-bit values: 0x800 and 0x80F share their 8 MSBs, 0x810 does not */
    g7sf_color_processing_state s = cps_neutral();
    g7sf_iecp_pixel top[5] = { { { 0, 0x800, 0x400 }, 0 }, { { 0, 0x80F, 0x40A }, 0 },
                               { { 0, 0x800, 0x400 }, 0 }, { { 0, 0x810, 0x400 }, 0 },
                               { { 0, 0x123, 0x456 }, 0 } };
    g7sf_iecp_pixel bottom[5] = { { { 0, 0x900, 0x100 }, 0 }, { { 0, 0x901, 0x10F }, 0 },
                                  { { 0, 0x900, 0x100 }, 0 }, { { 0, 0x900, 0x100 }, 0 },
                                  { { 0, 0, 0 }, 0 } };
    CHECK_EQ(dp_iecp_444_pairs(&s, top, bottom, 4), 1u);     /* pair 1: top U differs */
    CHECK_EQ(dp_iecp_444_pairs(&s, top, NULL, 4), 1u);       /* a last row alone */
    CHECK_EQ(dp_iecp_444_pairs(&s, top, bottom, 5), 1u);     /* pixel 4 has no partner */
    bottom[1].c[2] = 0x110;                                   /* bottom V differs */
    CHECK_EQ(dp_iecp_444_pairs(&s, top, bottom, 4), 0u);
    CHECK_EQ(dp_iecp_444_pairs(&s, bottom + 2, top + 2, 2), 0u);
    CHECK_EQ(dp_iecp_444_pairs(&s, bottom + 2, bottom + 2, 2), 1u);
    s.forced_422_for_444 = 1;                                 /* every pair */
    CHECK_EQ(dp_iecp_444_pairs(&s, top, bottom, 4), 3u);
    CHECK_EQ(dp_iecp_444_pairs(&s, top, bottom, 5), 3u);
    s.forced_444_for_444 = 1;                                 /* outranks it: none */
    CHECK_EQ(dp_iecp_444_pairs(&s, top, bottom, 4), 0u);
    s.forced_422_for_444 = 0;
    CHECK_EQ(dp_iecp_444_pairs(&s, bottom + 2, bottom + 2, 2), 0u);
}

/* The detection through a message: 4:4:4 16-bit keeps 12 bits, so the
 * average a detected pair's U, V take (line 6108) shows in the output. */
TEST(media_block_write_iecp_444_detected_pairs_average)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf rgba16 = { .fmt = F_RGBA16, .w = 4, .h = 4, .pitch = 64 };
    bind(gpu, 1, &rgba16);
    g7sf_color_processing_state s = cps_neutral();
    s.procamp_enable = 1;
    /* words U, Y, V, A; pair 0: U 0x8010 / 0x8030 (8 MSBs 0x80 both) ->
     * 12-bit 0x801 / 0x803 -> 0x802 each; pair 1: U 0x8000 / 0x9000, not
     * detected, as it came; both rows alike */
    const uint16_t row[16] = { 0x8010, 0x1000, 0x4000, 1, 0x8030, 0x2000, 0x4000, 2,
                               0x8000, 0x3000, 0x4000, 3, 0x9000, 0x4000, 0x4000, 4 };
    uint8_t in[64];
    memcpy(in, row, 32), memcpy(in + 32, row, 32);
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 32, 2, in, put_cps(gpu, &s, 3), 0), 0);
    const uint16_t want_u[4] = { 0x8020, 0x8020, 0x8000, 0x9000 };
    for (unsigned r = 0; r < 2; r++)
        for (unsigned i = 0; i < 4; i++) {
            uint16_t u = (uint16_t)(peek8(gpu, SURF + 64 * r + 8 * i) |
                                    peek8(gpu, SURF + 64 * r + 8 * i + 1) << 8);
            CHECKF(u == want_u[i], "row %u pixel %u: U 0x%x, want 0x%x", r, i, u, want_u[i]);
        }
    /* Forced 444 for 444: no pair, U as it came (0x8010 -> 0x8010) */
    s.forced_444_for_444 = 1;
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 32, 2, in, put_cps(gpu, &s, 3), 0), 0);
    CHECK_EQ(peek8(gpu, SURF) | peek8(gpu, SURF + 1) << 8, 0x8010);
    g7sf_gpu_destroy(gpu);
}

TEST(media_block_write_iecp_statistics)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    surf yuyv = { .fmt = F_YUYV, .w = 16, .h = 4, .pitch = 64 };
    bind(gpu, 1, &yuyv);
    g7sf_iecp_stats st;
    CHECK_EQ(g7sf_iecp_stats_read(gpu, &st, false), 0);
    CHECK_EQ(st.pixels, 0);
    CHECK_EQ(st.y_min, G7SF_IECP_MAX);
    CHECK_EQ(g7sf_iecp_stats_read(NULL, &st, false), G7SF_EINVAL);
    /* ACE on (its curve's points all 0: the statistics are of its input),
     * Full Image Histogram: 8 pixels of 2 rows, Y 16, 16, 40, 235, 50,
     * 16, 60, 70 */
    g7sf_color_processing_state s = cps_neutral();
    s.ace_enable = 1, s.full_image_histogram = 1;
    const uint8_t in[16] = { 16, 128, 16, 128, 40, 128, 235, 128,
                             50, 100, 16, 200, 60, 128, 70, 128 };
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 8, 2, in, put_cps(gpu, &s, 0), 0), 0);
    CHECK_EQ(g7sf_iecp_stats_read(gpu, &st, false), 0);
    uint64_t sum = 0;
    for (unsigned i = 0; i < 256; i++)
        sum += st.histogram[i];
    CHECK_EQ(sum, 8);
    CHECK_EQ(st.pixels, 8);
    CHECK_EQ(st.histogram[16], 3);
    CHECK_EQ(st.histogram[40], 1);
    CHECK_EQ(st.histogram[235], 1);
    CHECK_EQ(st.histogram[50] + st.histogram[60] + st.histogram[70], 3);
    CHECK_EQ(st.y_min, 16 * 16);
    CHECK_EQ(st.y_max, 235 * 16);
    CHECK_EQ(st.skin_pixels, 0);
    /* without Full Image Histogram only M0.3[1] Area of Interest counts */
    s.full_image_histogram = 0;
    uint32_t m3 = put_cps(gpu, &s, 0);
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 8, 2, in, m3, 0), 0);
    CHECK_EQ(g7sf_iecp_stats_read(gpu, &st, false), 0);
    CHECK_EQ(st.pixels, 8);
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 8, 2, in, m3 | 2, 0), 0);
    /* an NV12 write counts alike; read and clear in one step */
    bind_nv12(gpu, 8, 4, 0, UV_ROW, 0);
    CHECK_EQ(send_block(gpu, &thr, 0, 0, 8, 2, in, m3 | 2, 0), 0);
    CHECK_EQ(g7sf_iecp_stats_read(gpu, &st, true), 0);
    CHECK_EQ(st.pixels, 24);
    CHECK_EQ(st.histogram[16], 9);
    CHECK_EQ(st.histogram[235], 3);
    CHECK_EQ(g7sf_iecp_stats_read(gpu, &st, false), 0);
    CHECK_EQ(st.pixels, 0);
    CHECK_EQ(st.histogram[16], 0);
    CHECK_EQ(st.y_min, G7SF_IECP_MAX);
    CHECK_EQ(st.y_max, 0);
    /* a gpu of its own counts on its own; ACE off counts nothing */
    g7sf_gpu *other = t_gpu(G7SF_IVB, &thr);
    bind(other, 1, &yuyv);
    s.ace_enable = 0, s.full_image_histogram = 1;
    CHECK_EQ(send_block(other, &thr, 0, 0, 8, 2, in, put_cps(other, &s, 0), 0), 0);
    CHECK_EQ(g7sf_iecp_stats_read(other, &st, true), 0);
    CHECK_EQ(st.pixels, 0);
    CHECK_EQ(g7sf_iecp_stats_read(gpu, NULL, true), 0);
    g7sf_gpu_destroy(other);
    g7sf_gpu_destroy(gpu);
}
