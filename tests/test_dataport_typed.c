/* Typed Surface Read/Write (§3.9.9) through g7sf_send(): RENDER_SURFACE_STATE
 * DWords and payloads written by hand as the PRM lays them out (header M0,
 * U M1, V M2, R M3, LOD M4, then R, G, B, A data registers), expected
 * memory written out as bytes or computed by plain C in the test. */
#include <math.h>
#include <string.h>

#include "gen7sf/format.h"
#include "gpu_setup.h"
#include "harness.h"

#define RC G7SF_SFID_RENDER_CACHE
#define DC1 G7SF_SFID_DATA_CACHE1
#define IMG 0x00200000u
#define SENTINEL 0xDEADBEEFu
enum { READ = 0x5, WRITE = 0xD };
/* Haswell port 1's slot group desc[13:12], as message control bits 5:4 */
enum { HSW_SIMD4X2 = 0 << 4, HSW_LOW8 = 1 << 4, HSW_HIGH8 = 2 << 4, HSW_RESERVED = 3 << 4 };
enum { T1D = 0, T2D = 1, T3D = 2, TCUBE = 3, TBUF = 4, TSTRBUF = 5, TNULL = 7 };
enum { LINEAR = 0, XTILE = 1, YTILE = 2 };

typedef struct img {
    unsigned type, format, tiling, w, h, d, pitch;
    bool array, lod0_spacing;
    unsigned mip_count, min_lod;
    unsigned vls, vls_offset;   /* Vertical Line Stride / Offset */
    uint32_t base;
} img;

/* RENDER_SURFACE_STATE by hand: DW0 type 31:29, array 28, format 26:18,
 * VALIGN 4 (17:16 = 1), HALIGN 4, tiled 14, walk 13 (1 = Y), VLS 12, VLS
 * offset 11, spacing 10; DW1 base; DW2 height-1 29:16, width-1 13:0; DW3
 * depth-1 31:21, pitch-1; DW5 min LOD 7:4, MIP count 3:0. */
static void bind(g7sf_gpu *gpu, unsigned bti, const img *m)
{
    uint32_t dw[8] = {
        m->type << 29 | (m->array ? 1u << 28 : 0) | m->format << 18 | 1u << 16 |
            (m->tiling ? 1u << 14 : 0) | (m->tiling == YTILE ? 1u << 13 : 0) | m->vls << 12 |
            m->vls_offset << 11 | (m->lod0_spacing ? 1u << 10 : 0),
        m->base ? m->base : IMG,
        (m->h - 1) << 16 | (m->w - 1),
        (m->d - 1) << 21 | (m->pitch - 1),
        0,
        m->min_lod << 4 | m->mip_count,
        0, 0,
    };
    t_bind_state(gpu, bti, dw);
}

/* A buffer of n entries: entries - 1 over Width 6:0, Height 20:7, Depth. */
static void bind_buffer(g7sf_gpu *gpu, unsigned bti, unsigned format, uint32_t base, uint32_t n)
{
    t_bind_buffer(gpu, bti, TBUF, format, base, n, false);
}

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* Payload: header with pixel mask, then U, V, R, LOD for the slots given
 * and data registers; unset slots address (0,0,0,0). */
typedef struct msg { g7sf_reg p[9]; } msg;
static void header(msg *m, uint32_t pixel_mask) { memset(m, 0, sizeof *m); m->p[0].ud[7] = pixel_mask; }
static void slot(msg *m, unsigned i, uint32_t u, uint32_t v, uint32_t r, uint32_t lod)
{
    m->p[1].ud[i] = u, m->p[2].ud[i] = v, m->p[3].ud[i] = r, m->p[4].ud[i] = lod;
}

static int send(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned sfid, unsigned type,
                unsigned mlen, unsigned rlen, unsigned ctrl, uint16_t emask, const msg *m,
                g7sf_reg *wb)
{
    return t_send(gpu, thr, sfid, t_desc(mlen, rlen, true, type, ctrl, 0), emask, m->p, wb);
}

static void fill_wb(g7sf_reg *wb, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
}

static uint8_t peek8(g7sf_gpu *gpu, uint32_t a) { uint8_t b = 0; g7sf_mem_read(gpu, a, &b, 1); return b; }

TEST(write_r8g8b8a8_unorm_rounds_and_clamps)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    img m = { .type = T2D, .format = G7SF_FORMAT_R8G8B8A8_UNORM, .w = 8, .h = 4, .d = 1, .pitch = 32 };
    bind(gpu, 0, &m);
    msg p;
    header(&p, 0xFFFF);
    slot(&p, 0, 3, 2, 0, 0);
    slot(&p, 1, 4, 2, 0, 0);
    /* R, G, B, A registers after 4 address registers: M5..M8 */
    float v[2][4] = { { 0.5f, 1.0f, 0.0f, 0.2f }, { 1.5f, -0.5f, NAN, 1.0f } };
    for (unsigned s = 0; s < 2; s++)
        for (unsigned c = 0; c < 4; c++)
            p.p[5 + c].ud[s] = fbits(v[s][c]);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 9, 0, 0, 0x03, &p, NULL), 0);
    /* 0.5 * 255 = 127.5 -> 128; 0.2 * 255 = 51; 1.5 -> 255; -0.5 and NaN -> 0 */
    CHECK_EQ(t_peek(gpu, IMG + 2 * 32 + 3 * 4), 0x3300FF80u);
    CHECK_EQ(t_peek(gpu, IMG + 2 * 32 + 4 * 4), 0xFF0000FFu);
    CHECK_EQ(t_peek(gpu, IMG), 0);   /* slots 2..7 are off */
    g7sf_gpu_destroy(gpu);
}

TEST(write_conversions_written_out_as_bits)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    struct { unsigned format, bytes; float f[4]; int32_t i[4]; bool ints; uint8_t want[16]; } c[] = {
        /* R16G16B16A16_FLOAT: 1.0 = 0x3C00, -2.0 = 0xC000, 0.5 = 0x3800, 65504 = 0x7BFF */
        { G7SF_FORMAT_R16G16B16A16_FLOAT, 8, { 1.0f, -2.0f, 0.5f, 65504.0f }, {0}, false,
          { 0x00, 0x3C, 0x00, 0xC0, 0x00, 0x38, 0xFF, 0x7B } },
        /* R32G32B32A32_FLOAT: the bits */
        { G7SF_FORMAT_R32G32B32A32_FLOAT, 16, { 1.0f, -0.0f, 2.5f, -3.0f }, {0}, false,
          { 0, 0, 0x80, 0x3F, 0, 0, 0, 0x80, 0, 0, 0x20, 0x40, 0, 0, 0x40, 0xC0 } },
        /* R10G10B10A2_UNORM: 1023 | 512 << 10 | 0 << 20 | 1 << 30 = 0x40080 3FF */
        { G7SF_FORMAT_R10G10B10A2_UNORM, 4, { 1.0f, 0.5f, 0.0f, 1.0f / 3 }, {0}, false,
          { 0xFF, 0x03, 0x08, 0x40 } },
        /* R11G11B10_FLOAT: R 1.0 = 15 << 6, G 2.0 = 16 << 6, B 1.0 = 15 << 5 */
        { G7SF_FORMAT_R11G11B10_FLOAT, 4, { 1.0f, 2.0f, 1.0f, 0 }, {0}, false,
          { 0xC0, 0x03, 0x20, 0x78 } },
        /* B5G6R5_UNORM: B 4:0 = 0, G 10:5 = 31.5 -> 32, R 15:11 = 31 */
        { G7SF_FORMAT_B5G6R5_UNORM, 2, { 1.0f, 0.5f, 0.0f, 0 }, {0}, false, { 0x00, 0xFC } },
        /* R8_SINT saturates */
        { G7SF_FORMAT_R8_SINT, 1, {0}, { 200 }, true, { 0x7F } },
        { G7SF_FORMAT_R8_SINT, 1, {0}, { -300 }, true, { 0x80 } },
        { G7SF_FORMAT_R8_SINT, 1, {0}, { -5 }, true, { 0xFB } },
        /* R8G8_UINT saturates (U32 300 -> 255) */
        { G7SF_FORMAT_R8G8_UINT, 2, {0}, { 300, 7 }, true, { 0xFF, 0x07 } },
        /* R32_UINT: the U32 */
        { G7SF_FORMAT_R32_UINT, 4, {0}, { (int32_t)0x89ABCDEF }, true, { 0xEF, 0xCD, 0xAB, 0x89 } },
        /* B8G8R8A8_UNORM: bytes B, G, R, A */
        { G7SF_FORMAT_B8G8R8A8_UNORM, 4, { 1.0f, 0.0f, 0.2f, 0.0f }, {0}, false,
          { 0x33, 0x00, 0xFF, 0x00 } },
        /* A8_UNORM: the alpha channel only */
        { G7SF_FORMAT_A8_UNORM, 1, { 1.0f, 1.0f, 1.0f, 0.2f }, {0}, false, { 0x33 } },
    };
    for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
        img m = { .type = T2D, .format = c[k].format, .w = 4, .h = 4, .d = 1, .pitch = 64 };
        bind(gpu, 0, &m);
        msg p;
        header(&p, 0xFF);
        slot(&p, 0, 1, 1, 0, 0);
        for (unsigned ch = 0; ch < 4; ch++)
            p.p[5 + ch].ud[0] = c[k].ints ? (uint32_t)c[k].i[ch] : fbits(c[k].f[ch]);
        CHECK_EQ(send(gpu, &thr, RC, WRITE, 9, 0, 0, 0x01, &p, NULL), 0);
        for (unsigned b = 0; b < c[k].bytes; b++)
            CHECKF(peek8(gpu, IMG + 64 + c[k].bytes + b) == c[k].want[b], "format 0x%x byte %u: "
                   "0x%02x, want 0x%02x", c[k].format, b, peek8(gpu, IMG + 64 + c[k].bytes + b),
                   c[k].want[b]);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(read_r32_formats_fill_missing_channels_with_0_0_1)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    struct { unsigned format; uint32_t one; } c[] = {
        { G7SF_FORMAT_R32_UINT, 1 }, { G7SF_FORMAT_R32_SINT, 1 }, { G7SF_FORMAT_R32_FLOAT, 0x3F800000u },
    };
    for (unsigned k = 0; k < 3; k++) {
        img m = { .type = T1D, .format = c[k].format, .w = 16, .h = 1, .d = 1, .pitch = 64 };
        bind(gpu, 0, &m);
        for (unsigned x = 0; x < 16; x++)
            t_poke(gpu, IMG + 4 * x, 0xC0000000u + x);
        msg p;
        header(&p, 0xFF);
        for (unsigned s = 0; s < 8; s++)
            slot(&p, s, 2 * s, 0, 0, 0);
        g7sf_reg wb[5];
        fill_wb(wb, 5);
        /* U only: mlen 2 */
        CHECK_EQ(send(gpu, &thr, RC, READ, 2, 4, 0, 0xFF, &p, wb), 0);
        for (unsigned s = 0; s < 8; s++) {
            CHECK_EQ(wb[0].ud[s], 0xC0000000u + 2 * s);
            CHECK_EQ(wb[1].ud[s], 0);
            CHECK_EQ(wb[2].ud[s], 0);
            CHECK_EQ(wb[3].ud[s], c[k].one);
        }
        CHECK_EQ(wb[4].ud[0], SENTINEL);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(format_lists_ivb_and_hsw)
{
    g7sf_thread thr;
    for (int plat = 0; plat < 2; plat++) {
        g7sf_gpu *gpu = t_gpu(plat, &thr);
        msg p;
        header(&p, 0xFF);
        g7sf_reg wb[4];
        struct { unsigned format, type; int want[2]; } c[] = {
            { G7SF_FORMAT_R8G8B8A8_UNORM, READ, { G7SF_ESTATE, G7SF_ESTATE } },
            { G7SF_FORMAT_R8G8B8A8_UINT, READ, { G7SF_ESTATE, 0 } },   /* Haswell (isl) */
            { G7SF_FORMAT_R16_UINT, READ, { G7SF_ESTATE, 0 } },
            { G7SF_FORMAT_R32_FLOAT, READ, { 0, 0 } },
            { G7SF_FORMAT_R8G8B8A8_UNORM_SRGB, WRITE, { G7SF_ESTATE, G7SF_ESTATE } },
            { G7SF_FORMAT_R32G32B32_FLOAT, WRITE, { G7SF_ESTATE, G7SF_ESTATE } },
            { G7SF_FORMAT_RAW, WRITE, { G7SF_ESTATE, G7SF_ESTATE } },
            { G7SF_FORMAT_R16G16_SINT, WRITE, { 0, 0 } },   /* not in the PRM's list: isl */
        };
        for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
            img m = { .type = T2D, .format = c[k].format, .w = 4, .h = 4, .d = 1, .pitch = 64 };
            bind(gpu, 0, &m);
            int r = c[k].type == READ ? send(gpu, &thr, RC, READ, 2, 1, 0xE, 0xFF, &p, wb)
                                      : send(gpu, &thr, RC, WRITE, 3, 0, 0xE, 0xFF, &p, NULL);
            CHECKF(r == c[k].want[plat], "platform %d format 0x%x type %u: %d", plat,
                   c[k].format, c[k].type, r);
        }
        g7sf_gpu_destroy(gpu);
    }
}

/* The Typed Surface Write list of §3.9.9 (spec 9160-9211), by name, and the
 * Haswell typed read additions of isl. */
static const char *const write_list[] = {
    "R32G32B32A32_FLOAT", "R32G32B32A32_SINT", "R32G32B32A32_UINT", "R16G16B16A16_UNORM",
    "R16G16B16A16_SNORM", "R16G16B16A16_SINT", "R16G16B16A16_UINT", "R16G16B16A16_FLOAT",
    "R32G32_FLOAT", "R32G32_SINT", "R32G32_UINT", "B8G8R8A8_UNORM", "R10G10B10A2_UNORM",
    "R10G10B10A2_UINT", "R8G8B8A8_UNORM", "R8G8B8A8_SNORM", "R8G8B8A8_SINT", "R8G8B8A8_UINT",
    "R16G16_UNORM", "R16G16_SNORM", "R16G16_UINT", "R16G16_FLOAT", "B10G10R10A2_UNORM",
    "R11G11B10_FLOAT", "R32_SINT", "R32_UINT", "R32_FLOAT", "B5G6R5_UNORM", "B5G5R5A1_UNORM",
    "B4G4R4A4_UNORM", "R8G8_UNORM", "R8G8_SNORM", "R8G8_SINT", "R8G8_UINT", "R16_UNORM",
    "R16_SNORM", "R16_SINT", "R16_UINT", "R16_FLOAT", "B5G5R5X1_UNORM", "R8_UNORM", "R8_SNORM",
    "R8_SINT", "R8_UINT", "A8_UNORM",
};

static bool hsw_readable(const char *name)
{
    static const char *const l[] = { "R32_SINT", "R32_UINT", "R32_FLOAT", "R8_UINT", "R8G8_UINT",
                                     "R8G8B8A8_UINT", "R16_UINT", "R16G16_UINT", "R16G16B16A16_UINT" };
    for (unsigned k = 0; k < sizeof l / sizeof l[0]; k++)
        if (!strcmp(l[k], name))
            return true;
    return false;
}

/* The format layer is tested on its own (test_format_encode, _decode):
 * here it is the reference for what the message must store and return. */
TEST(every_typed_format_round_trips_through_the_format_layer)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    for (unsigned k = 0; k < sizeof write_list / sizeof write_list[0]; k++) {
        const struct g7sf_format_info *f = g7sf_format_by_name(write_list[k]);
        CHECK(f != NULL);
        if (!f)
            continue;
        unsigned bytes = f->bits_per_block / 8;
        img m = { .type = T2D, .format = f->code, .w = 8, .h = 2, .d = 1, .pitch = 128 };
        bind(gpu, 0, &m);
        msg p;
        header(&p, 0xFF);
        g7sf_texel in[8];
        for (unsigned s = 0; s < 8; s++) {
            slot(&p, s, s, 1, 0, 0);
            for (unsigned c = 0; c < 4; c++) {
                uint64_t r = t_rand();
                if (f->texel == G7SF_TEXEL_FLOAT)
                    in[s].f[c] = (float)((int)(r % 4001) - 2000) / 1000.0f;
                else
                    in[s].u[c] = (uint32_t)r;
                p.p[5 + c].ud[s] = in[s].u[c];
            }
        }
        /* port 1: desc[13:12] = 01b, SIMD8 low slots (00b would be SIMD4x2) */
        CHECK_EQ(send(gpu, &thr, DC1, WRITE, 9, 0, HSW_LOW8, 0xFF, &p, NULL), 0);
        for (unsigned s = 0; s < 8; s++) {
            uint8_t want[16] = {0}, got[16] = {0};
            g7sf_texel_encode(f, &in[s], want, 0, 0);
            g7sf_mem_read(gpu, IMG + 128 + s * bytes, got, bytes);
            CHECKF(!memcmp(want, got, bytes), "%s slot %u", f->name, s);
        }
        if (!hsw_readable(f->name))
            continue;
        g7sf_reg wb[4];
        fill_wb(wb, 4);
        CHECK_EQ(send(gpu, &thr, DC1, READ, 3, 4, HSW_LOW8, 0xFF, &p, wb), 0);
        for (unsigned s = 0; s < 8; s++) {
            uint8_t unit[16] = {0};
            g7sf_texel want;
            g7sf_mem_read(gpu, IMG + 128 + s * bytes, unit, bytes);
            g7sf_texel_decode(f, unit, 0, 0, NULL, &want);
            for (unsigned c = 0; c < 4; c++)
                CHECKF(wb[c].ud[s] == want.u[c], "%s slot %u channel %u", f->name, s, c);
        }
    }
    g7sf_gpu_destroy(gpu);
}

/* X tile: 512 bytes x 8 rows; Y tile: 128 x 32 in 16-byte columns. */
static uint32_t x_tiled(uint32_t pitch, uint32_t xb, uint32_t y)
{
    return (y / 8 * (pitch / 512) + xb / 512) * 4096 + y % 8 * 512 + xb % 512;
}
static uint32_t y_tiled(uint32_t pitch, uint32_t xb, uint32_t y)
{
    return (y / 32 * (pitch / 128) + xb / 128) * 4096 + xb % 128 / 16 * 512 + y % 32 * 16 + xb % 16;
}

TEST(tiled_x_and_y_2d_surfaces)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    static const uint32_t xy[8][2] = { { 0, 0 }, { 5, 0 }, { 127, 7 }, { 128, 8 }, { 200, 9 },
                                       { 31, 33 }, { 33, 40 }, { 250, 63 } };
    for (unsigned tiling = XTILE; tiling <= YTILE; tiling++) {
        img m = { .type = T2D, .format = G7SF_FORMAT_R32_UINT, .tiling = tiling, .w = 256,
                  .h = 64, .d = 1, .pitch = 1024 };
        bind(gpu, 1 + tiling, &m);
        msg p;
        header(&p, 0xFF);
        for (unsigned s = 0; s < 8; s++) {
            slot(&p, s, xy[s][0], xy[s][1], 0, 0);
            p.p[3].ud[s] = 0x7000 + 16 * tiling + s;   /* R data right after U, V */
        }
        CHECK_EQ(t_send(gpu, &thr, RC, t_desc(4, 0, true, WRITE, 0xE, 1 + tiling), 0xFF, p.p, NULL), 0);
        for (unsigned s = 0; s < 8; s++) {
            uint32_t off = tiling == XTILE ? x_tiled(1024, 4 * xy[s][0], xy[s][1])
                                           : y_tiled(1024, 4 * xy[s][0], xy[s][1]);
            CHECKF(t_peek(gpu, IMG + off) == 0x7000 + 16 * tiling + s, "tiling %u slot %u",
                   tiling, s);
        }
        g7sf_reg wb[1];
        fill_wb(wb, 1);
        CHECK_EQ(t_send(gpu, &thr, RC, t_desc(3, 1, true, READ, 0xE, 1 + tiling), 0xFF, p.p, wb), 0);
        for (unsigned s = 0; s < 8; s++)
            CHECK_EQ(wb[0].ud[s], 0x7000 + 16 * tiling + s);
    }
    g7sf_gpu_destroy(gpu);
}

/* One R32_UINT slot write at (u, v, r, lod) to BTI 0; returns the code. */
static int write1(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t u, uint32_t v, uint32_t r,
                  uint32_t lod, uint32_t value)
{
    msg p;
    header(&p, 0xFF);
    slot(&p, 0, u, v, r, lod);
    p.p[5].ud[0] = value;
    return send(gpu, thr, RC, WRITE, 6, 0, 0xE, 0x01, &p, NULL);
}

/* One R32_UINT slot read, R only; SENTINEL when not written. */
static uint32_t read1(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t u, uint32_t v, uint32_t r,
                      uint32_t lod)
{
    msg p;
    header(&p, 0xFF);
    slot(&p, 0, u, v, r, lod);
    g7sf_reg wb = { { SENTINEL } };
    CHECK_EQ(send(gpu, thr, RC, READ, 5, 1, 0xE, 0x01, &p, &wb), 0);
    return wb.ud[0];
}

TEST(mip_levels_arrays_3d_slices_and_buffers)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    /* 2D 8x8, 2 levels, VALIGN 4: LOD1 (4x4) starts at row 8 */
    img m = { .type = T2D, .format = G7SF_FORMAT_R32_UINT, .w = 8, .h = 8, .d = 1, .pitch = 32,
              .mip_count = 1 };
    bind(gpu, 0, &m);
    CHECK_EQ(write1(gpu, &thr, 1, 2, 7, 1, 0x11), 0);   /* R ignored: not an array */
    CHECK_EQ(t_peek(gpu, IMG + 10 * 32 + 4), 0x11);
    CHECK_EQ(read1(gpu, &thr, 1, 2, 0, 1), 0x11);
    CHECK_EQ(write1(gpu, &thr, 1, 2, 0, 2, 0x12), 0);   /* LOD 2 > MIP Count: dropped */
    CHECK_EQ(read1(gpu, &thr, 1, 2, 0, 2), 0);
    CHECK_EQ(write1(gpu, &thr, 4, 0, 0, 1, 0x13), 0);   /* x past LOD1's width 4 */
    CHECK_EQ(t_peek(gpu, IMG + 8 * 32 + 16), 0);
    /* Surface Min LOD 1: LOD 0 is level 1 and the only one */
    m.min_lod = 1, m.mip_count = 0;
    bind(gpu, 0, &m);
    CHECK_EQ(write1(gpu, &thr, 3, 3, 0, 0, 0x14), 0);
    CHECK_EQ(t_peek(gpu, IMG + 11 * 32 + 12), 0x14);
    CHECK_EQ(read1(gpu, &thr, 3, 3, 0, 1), 0);
    CHECK_EQ(write1(gpu, &thr, 0, 0, 0, 0xFFFFFFFFu, 0x15), 0);   /* Min LOD + LOD wraps to 0 */
    CHECK_EQ(t_peek(gpu, IMG), 0);

    /* 2D array, LOD0 spacing: slice r at row 4r (QPitch = 4 rows) */
    uint32_t b2 = IMG + 0x10000;
    img a = { .type = T2D, .array = true, .lod0_spacing = true, .format = G7SF_FORMAT_R32_UINT,
              .w = 4, .h = 4, .d = 3, .pitch = 16, .base = b2 };
    bind(gpu, 0, &a);
    CHECK_EQ(write1(gpu, &thr, 1, 3, 2, 0, 0x21), 0);
    CHECK_EQ(t_peek(gpu, b2 + (8 + 3) * 16 + 4), 0x21);
    CHECK_EQ(write1(gpu, &thr, 1, 3, 3, 0, 0x22), 0);   /* array index 3 of 3 */
    CHECK_EQ(t_peek(gpu, b2 + (12 + 3) * 16 + 4), 0);
    /* 1D array: V is the array index; a 1D level is 1 row, aligned to 4 */
    img a1 = { .type = T1D, .array = true, .lod0_spacing = true, .format = G7SF_FORMAT_R32_UINT,
               .w = 4, .h = 1, .d = 2, .pitch = 16, .base = b2 + 0x1000 };
    bind(gpu, 0, &a1);
    CHECK_EQ(write1(gpu, &thr, 2, 1, 0, 0, 0x23), 0);
    CHECK_EQ(t_peek(gpu, b2 + 0x1000 + 4 * 16 + 8), 0x23);
    CHECK_EQ(read1(gpu, &thr, 2, 2, 0, 0), 0);           /* index 2 of 2 */
    /* 3D 4x4x3: slice z at row 4z of level 0 */
    img d3 = { .type = T3D, .format = G7SF_FORMAT_R32_UINT, .w = 4, .h = 4, .d = 3, .pitch = 16,
               .base = b2 + 0x2000 };
    bind(gpu, 0, &d3);
    CHECK_EQ(write1(gpu, &thr, 3, 1, 2, 0, 0x31), 0);
    CHECK_EQ(t_peek(gpu, b2 + 0x2000 + 9 * 16 + 12), 0x31);
    CHECK_EQ(read1(gpu, &thr, 3, 1, 2, 0), 0x31);
    CHECK_EQ(read1(gpu, &thr, 3, 1, 3, 0), 0);

    /* BUFFER: U is the entry index, entries of the format's size */
    bind_buffer(gpu, 0, G7SF_FORMAT_R32_UINT, b2 + 0x3000, 5);
    CHECK_EQ(write1(gpu, &thr, 4, 9, 9, 9, 0x41), 0);   /* V, R, LOD ignored */
    CHECK_EQ(t_peek(gpu, b2 + 0x3000 + 16), 0x41);
    CHECK_EQ(write1(gpu, &thr, 5, 0, 0, 0, 0x42), 0);
    CHECK_EQ(t_peek(gpu, b2 + 0x3000 + 20), 0);
    CHECK_EQ(read1(gpu, &thr, 4, 0, 0, 0), 0x41);
    /* a buffer ending at 4 GiB: entry 0 fits, entry 1 would pass it */
    bind_buffer(gpu, 0, G7SF_FORMAT_R32_UINT, 0xFFFFFFFCu, 4);
    CHECK_EQ(write1(gpu, &thr, 0, 0, 0, 0, 0x43), 0);
    CHECK_EQ(t_peek(gpu, 0xFFFFFFFCu), 0x43);
    CHECK_EQ(write1(gpu, &thr, 1, 0, 0, 0, 0x44), 0);
    CHECK_EQ(read1(gpu, &thr, 3, 0, 0, 0), 0);
    /* a 16-byte entry starting 8 bytes below 4 GiB: outside, no fault */
    bind_buffer(gpu, 0, G7SF_FORMAT_R32G32B32A32_UINT, 0xFFFFFFF8u, 1);
    CHECK_EQ(write1(gpu, &thr, 0, 0, 0, 0, 0x45), 0);
    CHECK_EQ(t_peek(gpu, 0xFFFFFFF8u), 0);
    g7sf_gpu_destroy(gpu);
}

TEST(out_of_bounds_reads_zero_in_every_channel_writes_dropped)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    img m = { .type = T2D, .array = true, .lod0_spacing = true, .format = G7SF_FORMAT_R32_UINT,
              .w = 4, .h = 4, .d = 2, .pitch = 16 };
    bind(gpu, 0, &m);
    for (unsigned i = 0; i < 32; i++)
        t_poke(gpu, IMG + 4 * i, 0x500 + i);
    msg p;
    header(&p, 0xFF);
    slot(&p, 0, 3, 3, 1, 0);            /* in bounds: DWord 4*4 + 12 + 3 */
    slot(&p, 1, 4, 0, 0, 0);            /* U = width */
    slot(&p, 2, 0, 4, 0, 0);            /* V = height */
    slot(&p, 3, 0, 0, 2, 0);            /* R = array length */
    slot(&p, 4, 0, 0, 0, 1);            /* LOD past MIP Count */
    slot(&p, 5, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu);
    g7sf_reg wb[4];
    fill_wb(wb, 4);
    CHECK_EQ(send(gpu, &thr, RC, READ, 5, 4, 0, 0x3F, &p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x500 + 16 + 12 + 3);
    CHECK_EQ(wb[3].ud[0], 1);   /* alpha 1 in bounds ... */
    for (unsigned s = 1; s < 6; s++)
        for (unsigned c = 0; c < 4; c++)
            CHECKF(wb[c].ud[s] == 0, "slot %u channel %u", s, c);   /* ... 0 outside */
    CHECK_EQ(wb[0].ud[6], SENTINEL);
    for (unsigned s = 0; s < 6; s++)
        p.p[5].ud[s] = 0x900 + s;
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 6, 0, 0xE, 0x3F, &p, NULL), 0);
    for (unsigned i = 0; i < 32; i++)
        CHECK_EQ(t_peek(gpu, IMG + 4 * i), i == 31 ? 0x900u : 0x500 + i);
    CHECK_EQ(t_peek(gpu, IMG + 128), 0);
    /* SURFTYPE_NULL: everything out of bounds */
    img n = { .type = TNULL, .format = G7SF_FORMAT_R32_UINT, .w = 1, .h = 1, .d = 1, .pitch = 4 };
    bind(gpu, 0, &n);
    fill_wb(wb, 1);
    CHECK_EQ(send(gpu, &thr, RC, READ, 5, 1, 0xE, 0x01, &p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 6, 0, 0xE, 0x01, &p, NULL), 0);
    CHECK_EQ(t_peek(gpu, IMG + 4 * 31), 0x900u);
    g7sf_gpu_destroy(gpu);
}

TEST(channel_masks_select_payload_and_writeback_registers)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    img m = { .type = T2D, .format = G7SF_FORMAT_R8G8B8A8_UNORM, .w = 4, .h = 1, .d = 1, .pitch = 16 };
    bind(gpu, 0, &m);
    t_poke(gpu, IMG + 4, 0x44332211u);
    msg p;
    header(&p, 0xFF);
    slot(&p, 0, 1, 0, 0, 0);
    /* desc[11:8] = 0101b: red and blue masked; U only, then G and A */
    p.p[2].ud[0] = fbits(1.0f);
    p.p[3].ud[0] = fbits(0.0f);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 4, 0, 0x5, 0x01, &p, NULL), 0);
    CHECK_EQ(t_peek(gpu, IMG + 4), 0x0033FF11u);
    /* 1000b: alpha masked, R G B sent and written, A kept */
    t_poke(gpu, IMG + 4, 0x44332211u);
    p.p[2].ud[0] = fbits(1.0f), p.p[3].ud[0] = fbits(0.0f), p.p[4].ud[0] = fbits(1.0f);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 5, 0, 0x8, 0x01, &p, NULL), 0);
    CHECK_EQ(t_peek(gpu, IMG + 4), 0x44FF00FFu);
    /* a 16-bit format, G only: R keeps its bits */
    m.format = G7SF_FORMAT_B5G6R5_UNORM;
    bind(gpu, 0, &m);
    t_poke(gpu, IMG, 0xFFFFFFFFu);
    t_poke(gpu, IMG + 4, 0xFFFFFFFFu);
    p.p[2].ud[0] = fbits(0.0f);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 3, 0, 0xD, 0x01, &p, NULL), 0);
    CHECK_EQ(t_peek(gpu, IMG), 0xF81FFFFFu);   /* texel 1 = bytes 2-3: G 10:5 cleared */
    CHECK_EQ(t_peek(gpu, IMG + 4), 0xFFFFFFFFu);
    /* B5G5R5X1, every channel on: the X bit 15 is written (0) too */
    m.format = G7SF_FORMAT_B5G5R5X1_UNORM;
    bind(gpu, 0, &m);
    for (unsigned c = 0; c < 4; c++)
        p.p[2 + c].ud[0] = fbits(1.0f);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 6, 0, 0x0, 0x01, &p, NULL), 0);
    CHECK_EQ(t_peek(gpu, IMG), 0x7FFFFFFFu);
    /* Haswell read of R8G8B8A8_UINT with only B and A (0011b): two registers */
    m.format = G7SF_FORMAT_R8G8B8A8_UINT;
    bind(gpu, 0, &m);
    t_poke(gpu, IMG + 4, 0x44332211u);
    g7sf_reg wb[3];
    fill_wb(wb, 3);
    CHECK_EQ(send(gpu, &thr, RC, READ, 2, 2, 0x3, 0x01, &p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x33);
    CHECK_EQ(wb[1].ud[0], 0x44);
    CHECK_EQ(wb[0].ud[1], SENTINEL);
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(slot_group_selects_the_header_pixel_mask_byte)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    img m = { .type = T1D, .format = G7SF_FORMAT_R32_UINT, .w = 8, .h = 1, .d = 1, .pitch = 32 };
    bind(gpu, 0, &m);
    msg p;
    for (unsigned group = 0; group < 2; group++) {
        header(&p, group ? 0x5A0F : 0x00F0);   /* high byte 01011010b / low 11110000b */
        for (unsigned s = 0; s < 8; s++) {
            slot(&p, s, s, 0, 0, 0);
            p.p[2].ud[s] = 0x100 * (group + 1) + s;
        }
        /* EMask: low 8 bits 0x3C (EMask bits 15:8 play no part) */
        CHECK_EQ(send(gpu, &thr, RC, WRITE, 3, 0, 0xE | group << 5, 0xFF3C, &p, NULL), 0);
        uint32_t on = group ? 0x5A & 0x3C : 0xF0 & 0x3C;
        for (unsigned s = 0; s < 8; s++)
            CHECKF(t_peek(gpu, IMG + 4 * s) == (on >> s & 1 ? 0x100 * (group + 1) + s : 0),
                   "group %u slot %u", group, s);
        memset(p.p[2].ud, 0, 32);
        g7sf_mem_write(gpu, IMG, p.p[2].ud, 32);
        /* reads write only those slots of wb */
        for (unsigned s = 0; s < 8; s++)
            t_poke(gpu, IMG + 4 * s, 0x700 + s);
        g7sf_reg wb;
        fill_wb(&wb, 1);
        CHECK_EQ(send(gpu, &thr, RC, READ, 2, 1, 0xE | group << 5, 0x003C, &p, &wb), 0);
        for (unsigned s = 0; s < 8; s++)
            CHECK_EQ(wb.ud[s], on >> s & 1 ? 0x700 + s : SENTINEL);
        g7sf_mem_write(gpu, IMG, p.p[2].ud, 32);
    }
    g7sf_gpu_destroy(gpu);
}

/* ---- Haswell data cache port 1: slot group desc[13:12], SIMD4x2 ---- */

/* SIMD4x2 payload: slot s's U, V, R, LOD in M1 DWords 4s..4s+3, its R, G,
 * B, A in M2 DWords 4s..4s+3 (3.9.9.10.9, .12). */
static void slot4x2(msg *m, unsigned s, uint32_t u, uint32_t v, const uint32_t rgba[4])
{
    m->p[1].ud[4 * s] = u, m->p[1].ud[4 * s + 1] = v;
    for (unsigned k = 0; k < 4; k++)
        m->p[2].ud[4 * s + k] = rgba[k];
}

/* An R16G16B16A16_UINT texel: R | G << 16 in its first DWord, B | A << 16
 * in the second. */
#define CHECK_TEXEL16(gpu, addr, r, g, b, a)                                      \
    do { CHECK_EQ(t_peek(gpu, addr), (r) | (uint32_t)(g) << 16);                  \
         CHECK_EQ(t_peek(gpu, (addr) + 4), (b) | (uint32_t)(a) << 16); } while (0)

TEST(hsw_port1_simd4x2_write_then_read_two_slots)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    /* every channel, and typed-readable on Haswell: 8-byte texels, 32-byte
     * rows, (u, v) at IMG + 32v + 8u */
    img m = { .type = T2D, .format = G7SF_FORMAT_R16G16B16A16_UINT, .w = 4, .h = 2, .d = 1,
              .pitch = 32 };
    bind(gpu, 0, &m);
    msg p;
    header(&p, 0x0000);   /* the pixel mask is ignored for SIMD4x2 (9504) */
    slot4x2(&p, 0, 1, 0, (const uint32_t[4]){ 0x11, 0x12, 0x13, 0x14 });
    slot4x2(&p, 1, 2, 1, (const uint32_t[4]){ 0x21, 0x22, 0x23, 0x24 });
    /* EMask 0x0081: bit 0 turns slot 0 on, bit 7 slot 1 (9231) */
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 3, 0, HSW_SIMD4X2, 0x0081, &p, NULL), 0);
    CHECK_TEXEL16(gpu, IMG + 8, 0x11, 0x12, 0x13, 0x14);
    CHECK_TEXEL16(gpu, IMG + 32 + 16, 0x21, 0x22, 0x23, 0x24);
    CHECK_TEXEL16(gpu, IMG, 0, 0, 0, 0);
    CHECK_TEXEL16(gpu, IMG + 32 + 8, 0, 0, 0, 0);
    /* read back: one register, slot s channel k in W0 DWord 4s + k */
    g7sf_reg wb;
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_SIMD4X2, 0x0081, &p, &wb), 0);
    static const uint32_t both[8] = { 0x11, 0x12, 0x13, 0x14, 0x21, 0x22, 0x23, 0x24 };
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb.ud[d], both[d]);
    /* slot 1 alone (EMask bit 5): slot 0's DWords untouched */
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_SIMD4X2, 0x0020, &p, &wb), 0);
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb.ud[d], d < 4 ? SENTINEL : both[d]);
    /* slot 0 alone writes; slot 1's texel keeps its value */
    slot4x2(&p, 0, 1, 0, (const uint32_t[4]){ 0x31, 0x32, 0x33, 0x34 });
    slot4x2(&p, 1, 2, 1, (const uint32_t[4]){ 0x41, 0x42, 0x43, 0x44 });
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 3, 0, HSW_SIMD4X2, 0x000F, &p, NULL), 0);
    CHECK_TEXEL16(gpu, IMG + 8, 0x31, 0x32, 0x33, 0x34);
    CHECK_TEXEL16(gpu, IMG + 32 + 16, 0x21, 0x22, 0x23, 0x24);
    /* channel mask 0101b (R, B off): G and A come from DWords 4s+1, 4s+3
     * and are written; R and B keep their memory */
    slot4x2(&p, 0, 1, 0, (const uint32_t[4]){ 0x51, 0x52, 0x53, 0x54 });
    slot4x2(&p, 1, 2, 1, (const uint32_t[4]){ 0x61, 0x62, 0x63, 0x64 });
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 3, 0, HSW_SIMD4X2 | 0x5, 0x00FF, &p, NULL), 0);
    CHECK_TEXEL16(gpu, IMG + 8, 0x31, 0x52, 0x33, 0x54);
    CHECK_TEXEL16(gpu, IMG + 32 + 16, 0x21, 0x62, 0x23, 0x64);
    /* and read with 0101b: only the G and A DWords are written */
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_SIMD4X2 | 0x5, 0x00FF, &p, &wb), 0);
    static const uint32_t ga[8] = { SENTINEL, 0x52, SENTINEL, 0x54, SENTINEL, 0x62, SENTINEL, 0x64 };
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb.ud[d], ga[d]);
    g7sf_gpu_destroy(gpu);
}

TEST(hsw_port1_simd4x2_r32_uint_with_channel_masks)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    img m = { .type = T1D, .format = G7SF_FORMAT_R32_UINT, .w = 8, .h = 1, .d = 1, .pitch = 32 };
    bind(gpu, 0, &m);
    msg p;
    header(&p, 0xFFFF);
    /* R only (1110b): the G, B, A DWords of the data register are ignored */
    slot4x2(&p, 0, 3, 0, (const uint32_t[4]){ 0xAAA, 0xE1, 0xE2, 0xE3 });
    slot4x2(&p, 1, 5, 0, (const uint32_t[4]){ 0xBBB, 0xE4, 0xE5, 0xE6 });
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 3, 0, HSW_SIMD4X2 | 0xE, 0x00FF, &p, NULL), 0);
    for (unsigned u = 0; u < 8; u++)
        CHECK_EQ(t_peek(gpu, IMG + 4 * u), u == 3 ? 0xAAA : u == 5 ? 0xBBB : 0);
    /* G, B, A only (0001b): R32_UINT has none of them, so nothing changes */
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 3, 0, HSW_SIMD4X2 | 0x1, 0x00FF, &p, NULL), 0);
    CHECK_EQ(t_peek(gpu, IMG + 12), 0xAAA);
    CHECK_EQ(t_peek(gpu, IMG + 20), 0xBBB);
    /* read R and A (0110b): A a UINT format lacks reads as integer 1 */
    g7sf_reg wb;
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_SIMD4X2 | 0x6, 0x00FF, &p, &wb), 0);
    static const uint32_t ra[8] = { 0xAAA, SENTINEL, SENTINEL, 1, 0xBBB, SENTINEL, SENTINEL, 1 };
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb.ud[d], ra[d]);
    /* R only: still one register, W0.0 and W0.4 */
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_SIMD4X2 | 0xE, 0x00FF, &p, &wb), 0);
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb.ud[d], d == 0 ? 0xAAA : d == 4 ? 0xBBB : SENTINEL);
    g7sf_gpu_destroy(gpu);
}

/* SIMD8 R32_UINT write of value 0x100 + s to texel s (1D, 8 wide) with
 * pixel mask 0x5A0F and EMask 0xFF3C: the low group runs 0x0F & 0x3C =
 * slots 2, 3, the high group 0x5A & 0x3C = slots 3, 4.  Returns the send's
 * code; *written the texels that changed (then cleared). */
static int simd8_written(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned sfid, unsigned ctrl,
                         uint32_t *written)
{
    msg p;
    header(&p, 0x5A0F);
    for (unsigned s = 0; s < 8; s++) {
        slot(&p, s, s, 0, 0, 0);
        p.p[2].ud[s] = 0x100 + s;   /* R right after U */
    }
    int r = send(gpu, thr, sfid, WRITE, 3, 0, ctrl, 0xFF3C, &p, NULL);
    *written = 0;
    for (unsigned s = 0; s < 8; s++) {
        uint32_t v = t_peek(gpu, IMG + 4 * s);
        CHECKF(v == 0 || v == 0x100 + s, "sfid %u ctrl 0x%x texel %u = 0x%x", sfid, ctrl, s, v);
        *written |= (v != 0) << s;
        t_poke(gpu, IMG + 4 * s, 0);
    }
    return r;
}

TEST(hsw_port1_slot_group_is_desc_13_12)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    img m = { .type = T1D, .format = G7SF_FORMAT_R32_UINT, .w = 8, .h = 1, .d = 1, .pitch = 32 };
    bind(gpu, 0, &m);
    uint32_t w = 0;
    /* 11b first, so its reason is the latched one */
    CHECK_EQ(simd8_written(gpu, &thr, DC1, HSW_RESERVED | 0xE, &w), G7SF_EOPCODE);
    CHECK_EQ(w, 0);
    g7sf_error e;
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_EOPCODE);
    CHECK(strstr(e.reason, "Typed Surface Write") != NULL);
    CHECK(strstr(e.reason, "slot group 3") != NULL);
    CHECK_EQ(simd8_written(gpu, &thr, DC1, HSW_LOW8 | 0xE, &w), 0);
    CHECK_EQ(w, 0x0C);
    CHECK_EQ(simd8_written(gpu, &thr, DC1, HSW_HIGH8 | 0xE, &w), 0);
    CHECK_EQ(w, 0x18);
    /* a read with the high group fills slots 3 and 4 only */
    for (unsigned s = 0; s < 8; s++)
        t_poke(gpu, IMG + 4 * s, 0x700 + s);
    msg p;
    header(&p, 0x5A0F);
    for (unsigned s = 0; s < 8; s++)
        slot(&p, s, s, 0, 0, 0);
    g7sf_reg wb;
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_HIGH8 | 0xE, 0xFF3C, &p, &wb), 0);
    for (unsigned s = 0; s < 8; s++)
        CHECK_EQ(wb.ud[s], s == 3 || s == 4 ? 0x700 + s : SENTINEL);
    fill_wb(&wb, 1);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_RESERVED | 0xE, 0xFF3C, &p, &wb), G7SF_EOPCODE);
    CHECK_EQ(wb.ud[3], SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(render_cache_slot_group_is_desc_13_with_12_ignored)
{
    for (unsigned plat = 0; plat < 2; plat++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = t_gpu(plat ? G7SF_HSW : G7SF_IVB, &thr);
        img m = { .type = T1D, .format = G7SF_FORMAT_R32_UINT, .w = 8, .h = 1, .d = 1, .pitch = 32 };
        bind(gpu, 0, &m);
        /* desc[13:12] 00b, 01b: low slots (SIMD8, not SIMD4x2); 10b, 11b:
         * high slots (11b is not reserved here) */
        static const uint32_t want[4] = { 0x0C, 0x0C, 0x18, 0x18 };
        for (unsigned g = 0; g < 4; g++) {
            uint32_t w = 0;
            CHECKF(simd8_written(gpu, &thr, RC, g << 4 | 0xE, &w) == 0, "plat %u group %u", plat, g);
            CHECKF(w == want[g], "plat %u desc[13:12] %u: slots 0x%x, want 0x%x", plat, g, w,
                   want[g]);
        }
        g7sf_gpu_destroy(gpu);
    }
}

TEST(hsw_port1_simd4x2_lengths)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    img m = { .type = T2D, .format = G7SF_FORMAT_R16G16B16A16_UINT, .w = 4, .h = 2, .d = 1,
              .pitch = 32 };
    bind(gpu, 0, &m);
    msg p;
    header(&p, 0xFF);
    slot4x2(&p, 0, 0, 0, (const uint32_t[4]){ 1, 2, 3, 4 });
    slot4x2(&p, 1, 1, 0, (const uint32_t[4]){ 5, 6, 7, 8 });
    g7sf_reg wb[4];
    fill_wb(wb, 4);
    /* write: header + address + data = 3, nothing returned */
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 2, 0, HSW_SIMD4X2, 0xFF, &p, NULL), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 4, 0, HSW_SIMD4X2, 0xFF, &p, NULL), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 9, 0, HSW_SIMD4X2, 0xFF, &p, NULL), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, DC1, WRITE, 3, 1, HSW_SIMD4X2, 0xFF, &p, wb), G7SF_ERLEN);
    /* read: header + address = 2, one register back whatever the mask */
    CHECK_EQ(send(gpu, &thr, DC1, READ, 3, 1, HSW_SIMD4X2, 0xFF, &p, wb), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 5, 4, HSW_SIMD4X2, 0xFF, &p, wb), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 4, HSW_SIMD4X2, 0xFF, &p, wb), G7SF_ERLEN);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 0, HSW_SIMD4X2, 0xFF, &p, wb), G7SF_ERLEN);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 2, HSW_SIMD4X2 | 0xC, 0xFF, &p, wb), G7SF_ERLEN);
    /* the header is still required; 1111b still leaves no channel */
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, false, READ, HSW_SIMD4X2, 0), 0xFF, p.p + 1, wb),
             G7SF_EHEADER);
    CHECK_EQ(send(gpu, &thr, DC1, READ, 2, 1, HSW_SIMD4X2 | 0xF, 0xFF, &p, wb), G7SF_EOPCODE);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned d = 0; d < 8; d++)
            CHECK_EQ(wb[r].ud[d], SENTINEL);
    CHECK_TEXEL16(gpu, IMG, 0, 0, 0, 0);
    CHECK_TEXEL16(gpu, IMG + 8, 0, 0, 0, 0);
    g7sf_error e;
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_EMLEN);
    CHECK(strstr(e.reason, "expected 3") != NULL);
    g7sf_gpu_destroy(gpu);
}

TEST(vertical_line_stride_addresses_one_field)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    img m = { .type = T2D, .format = G7SF_FORMAT_R32_UINT, .w = 4, .h = 8, .d = 1, .pitch = 16,
              .vls = 1, .vls_offset = 1 };
    bind(gpu, 0, &m);
    CHECK_EQ(write1(gpu, &thr, 2, 1, 0, 0, 0x61), 0);    /* row 2*1 + 1 */
    CHECK_EQ(t_peek(gpu, IMG + 3 * 16 + 8), 0x61);
    CHECK_EQ(write1(gpu, &thr, 2, 4, 0, 0, 0x62), 0);    /* row 9 of 8: dropped */
    CHECK_EQ(t_peek(gpu, IMG + 9 * 16 + 8), 0);
    m.vls_offset = 0;
    bind(gpu, 0, &m);
    t_poke(gpu, IMG + 2 * 16 + 8, 0x65);
    CHECK_EQ(read1(gpu, &thr, 2, 1, 0, 0), 0x65);        /* row 2 */
    CHECK_EQ(write1(gpu, &thr, 0, 0x80000000u, 0, 0, 0x63), 0);   /* 2V overflows: outside */
    m.array = true;
    bind(gpu, 0, &m);
    CHECK_EQ(write1(gpu, &thr, 0, 0, 0, 0, 0x64), G7SF_ESTATE);
    g7sf_gpu_destroy(gpu);
}

TEST(message_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    img m = { .type = T2D, .format = G7SF_FORMAT_R32_UINT, .w = 4, .h = 4, .d = 1, .pitch = 16 };
    bind(gpu, 0, &m);
    msg p;
    header(&p, 0xFF);
    g7sf_reg wb[4];
    fill_wb(wb, 4);
    /* no address register / five of them */
    CHECK_EQ(send(gpu, &thr, RC, READ, 1, 1, 0xE, 0xFF, &p, wb), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, RC, READ, 6, 1, 0xE, 0xFF, &p, wb), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 2, 0, 0xE, 0xFF, &p, NULL), G7SF_EMLEN);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 8, 0, 0xC, 0xFF, &p, NULL), G7SF_EMLEN);
    /* rlen must be the enabled channel count; writes return nothing */
    CHECK_EQ(send(gpu, &thr, RC, READ, 2, 2, 0xE, 0xFF, &p, wb), G7SF_ERLEN);
    CHECK_EQ(send(gpu, &thr, RC, WRITE, 3, 1, 0xE, 0xFF, &p, wb), G7SF_ERLEN);
    CHECK_EQ(send(gpu, &thr, RC, READ, 2, 0, 0xF, 0xFF, &p, wb), G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 1, false, READ, 0xE, 0), 0xFF, p.p, wb), G7SF_EHEADER);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, false, WRITE, 0xE, 0), 0xFF, p.p, NULL), G7SF_EHEADER);
    for (unsigned r = 0; r < 4; r++)
        CHECK_EQ(wb[r].ud[0], SENTINEL);
    /* surface types the typed messages do not take, multisampling */
    unsigned bad[] = { TCUBE, TSTRBUF };
    for (unsigned k = 0; k < 2; k++) {
        img b = { .type = bad[k], .format = G7SF_FORMAT_R32_UINT, .w = 4, .h = 4, .d = 1, .pitch = 16 };
        bind(gpu, 0, &b);
        CHECK_EQ(send(gpu, &thr, RC, READ, 2, 1, 0xE, 0xFF, &p, wb), G7SF_ESTATE);
    }
    uint32_t ms[8] = { T2D << 29 | G7SF_FORMAT_R32_UINT << 18 | 1u << 10, IMG, 3u << 16 | 3, 15,
                       2u << 3 /* 4 samples */ };
    t_bind_state(gpu, 0, ms);
    CHECK_EQ(send(gpu, &thr, RC, READ, 2, 1, 0xE, 0xFF, &p, wb), G7SF_ESTATE);
    g7sf_error e;
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_EMLEN);   /* the first error stays latched */
    CHECK(strstr(e.reason, "Typed Surface Read") != NULL);
    g7sf_gpu_destroy(gpu);
}
