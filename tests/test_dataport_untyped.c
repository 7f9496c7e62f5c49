/* Untyped Surface Read/Write (§3.9.9) through g7sf_send(): payloads laid
 * out as the tables of 3.9.9.10 / 3.9.9.11 give them, by hand. */
#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define DC1 G7SF_SFID_DATA_CACHE1
#define BUF 0x00400000u
#define SENTINEL 0xDEADBEEFu
#define RAW 0x1FF
enum { IVB_READ = 0x5, IVB_WRITE = 0xD, HSW_READ = 0x1, HSW_WRITE = 0x9 };
/* desc[13:12] SIMD mode into t_desc's control bits 13:8 */
enum { SIMD4X2 = 0x00, SIMD16 = 0x10, SIMD8 = 0x20 };

static void fill_wb(g7sf_reg *wb, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
}

static uint32_t val(unsigned ch, unsigned slot) { return 0xC0000000u | ch << 8 | slot; }

/* A gpu with a RAW buffer of `bytes` at BUF as BTI 0, DWord i = first + i
 * (the first 64 DWords). */
static g7sf_gpu *raw_gpu(enum g7sf_platform p, g7sf_thread *thr, uint32_t bytes, uint32_t first)
{
    g7sf_gpu *gpu = t_gpu(p, thr);
    t_bind_buffer(gpu, 0, 4, RAW, BUF, bytes, false);
    for (unsigned i = 0; i < 64; i++)
        t_poke(gpu, BUF + 4 * i, first + i);
    return gpu;
}

/* A structured buffer: entries x pitch bytes, RAW. */
static void bind_strbuf(g7sf_gpu *gpu, unsigned bti, uint32_t base, uint32_t entries, uint32_t pitch)
{
    uint32_t n = entries - 1;
    uint32_t dw[8] = { 5u << 29 | RAW << 18, base, ((n >> 7) & 0x3FFF) << 16 | (n & 0x7F),
                       (n >> 21) << 21 | (pitch - 1) };
    t_bind_state(gpu, bti, dw);
}

TEST(untyped_simd16_write_rgba_then_reads_pack_enabled_channels)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 2, 4, RAW, BUF, 1024, false);
    g7sf_reg p[10] = {{{0}}};
    for (unsigned i = 0; i < 16; i++) {
        p[i / 8].ud[i % 8] = 16 * i;                        /* M0-M1: U */
        for (unsigned k = 0; k < 4; k++)                    /* M2-M9: R, G, B, A */
            p[2 + 2 * k + i / 8].ud[i % 8] = val(k, i);
    }
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(10, 0, 0, IVB_WRITE, SIMD16 | 0, 2), 0xFFDF, p, NULL), 0);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned k = 0; k < 4; k++)
            CHECK_EQ(t_peek(gpu, BUF + 16 * i + 4 * k), i == 5 ? 0 : val(k, i));

    /* SIMD8, G and A masked (1010b): W0 red, W1 blue */
    g7sf_reg wb[3];
    fill_wb(wb, 3);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 2, 0, IVB_READ, SIMD8 | 0xA, 2), 0xFFF7, p, wb), 0);
    for (unsigned i = 0; i < 8; i++) {
        CHECK_EQ(wb[0].ud[i], i == 3 ? SENTINEL : i == 5 ? 0 : val(0, i));
        CHECK_EQ(wb[1].ud[i], i == 3 ? SENTINEL : i == 5 ? 0 : val(2, i));
        CHECK_EQ(wb[2].ud[i], SENTINEL);
    }

    /* SIMD16 red only (1110b) with a header: EMask AND M0.7[15:0] */
    g7sf_reg h[3] = {{{0}}};
    h[0].ud[7] = 0xFFFF0F0Fu;   /* bits 31:16 ignored */
    for (unsigned i = 0; i < 16; i++)
        h[1 + i / 8].ud[i % 8] = 16 * i;
    fill_wb(wb, 3);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(3, 2, 1, IVB_READ, SIMD16 | 0xE, 2), 0xFF00, h, wb), 0);
    for (unsigned i = 0; i < 16; i++)
        CHECK_EQ(wb[i / 8].ud[i % 8], i >= 8 && i < 12 ? val(0, i) : SENTINEL);
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_write_masks_only_drop_channels_from_the_top)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = raw_gpu(G7SF_IVB, &thr, 256, 0x1000);
    /* SIMD8, alpha masked (1000b): M0 U, M1 R, M2 G, M3 B */
    g7sf_reg p[4] = {{{0}}};
    for (unsigned i = 0; i < 8; i++) {
        p[0].ud[i] = 16 * i;
        for (unsigned k = 0; k < 3; k++)
            p[1 + k].ud[i] = val(k, i);
    }
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(4, 0, 0, IVB_WRITE, SIMD8 | 0x8, 0), 0x00FF, p, NULL), 0);
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned k = 0; k < 3; k++)
            CHECK_EQ(t_peek(gpu, BUF + 16 * i + 4 * k), val(k, i));
        CHECK_EQ(t_peek(gpu, BUF + 16 * i + 12), 0x1000 + 4 * i + 3);
    }
    /* 3.9.9.2: only 0000b, 1000b, 1100b, 1110b on writes; 1111b never on reads */
    for (unsigned m = 0; m < 16; m++) {
        bool legal = m == 0 || m == 8 || m == 12 || m == 14;
        unsigned nch = 4 - (unsigned)__builtin_popcount(m);
        int r = t_send(gpu, &thr, DC, t_desc(1 + nch, 0, 0, IVB_WRITE, SIMD8 | m, 0), 0, p, NULL);
        CHECKF(legal ? r == 0 : r == G7SF_EOPCODE, "write mask %u: %d", m, r);
    }
    g7sf_reg wb[4];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, IVB_READ, SIMD8 | 0xF, 0), 0xFF, p, wb),
             G7SF_EOPCODE);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_structured_buffer_index_times_pitch_plus_offset_bounds_per_dword)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    bind_strbuf(gpu, 7, BUF, 10, 24);   /* 240 bytes */
    g7sf_reg p[6] = {{{0}}};
    uint32_t U[8] = { 0, 1, 2, 9, 10, 0xFFFFFFFFu, 3, 8 };
    uint32_t V[8] = { 8, 8, 0, 12, 0, 0, 0x11, 4 };
    for (unsigned i = 0; i < 8; i++) {
        p[0].ud[i] = U[i], p[1].ud[i] = V[i];   /* M0 U (index), M1 V (byte offset) */
        for (unsigned k = 0; k < 4; k++)
            p[2 + k].ud[i] = val(k, i);
    }
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(6, 0, 0, HSW_WRITE, SIMD8, 7), 0x7F, p, NULL), 0);
    /* slot 0: 0*24+8 = 8; slot 1: 32; slot 2: 48; slot 3: 9*24+12 = 228:
     * 228, 232, 236 inside, 240 outside; slots 4, 5 outside; slot 6: V's
     * low bits are no address bits: 3*24+16 = 88; slot 7 masked */
    uint32_t base[8] = { 8, 32, 48, 228, 0, 0, 88, 196 };
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k < 4; k++) {
            bool in = i != 4 && i != 5 && i != 7 && base[i] + 4 * k < 240;
            if (in)
                CHECK_EQ(t_peek(gpu, BUF + base[i] + 4 * k), val(k, i));
        }
    CHECK_EQ(t_peek(gpu, BUF + 240), 0);
    CHECK_EQ(t_peek(gpu, BUF + 196), 0);   /* slot 7 masked */
    g7sf_reg wb[4];
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(2, 4, 0, HSW_READ, SIMD8, 7), 0xFF, p, wb), 0);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k < 4; k++) {
            bool in = i != 4 && i != 5 && i != 7 && base[i] + 4 * k < 240;
            CHECK_EQ(wb[k].ud[i], in ? val(k, i) : 0);
        }
    /* only U delivered: V reads as 0 (mlen tells, 3.9.9.10) */
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 0, HSW_READ, SIMD8 | 0xE, 7), 0x02, p, wb), 0);
    CHECK_EQ(wb[0].ud[1], 0);   /* bytes 24..27: nothing written there */
    t_poke(gpu, BUF + 24, 0x77);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(1, 1, 0, HSW_READ, SIMD8 | 0xE, 7), 0x02, p, wb), 0);
    CHECK_EQ(wb[0].ud[1], 0x77);
    g7sf_gpu_destroy(gpu);
}

/* Slot 0 of a SIMD8 RGBA writeback. */
static bool slot0_is(const g7sf_reg *wb, uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
    return wb[0].ud[0] == r && wb[1].ud[0] == g && wb[2].ud[0] == b && wb[3].ud[0] == a;
}

TEST(untyped_raw_out_of_bounds_per_dword_huge_u_and_the_4gib_end)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = raw_gpu(G7SF_IVB, &thr, 64, 0x2000);
    g7sf_reg p[3] = {{{0}}}, wb[4];
    p[0].ud[0] = 56;           /* R, G inside; B, A at 64, 68 outside */
    p[0].ud[1] = 0xFFFFFFF0u;  /* far outside */
    p[0].ud[2] = 0x13;         /* low bits dropped: DWord 4 */
    p[1].ud[0] = 1234;         /* a V register: ignored by raw buffers */
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 4, 0, IVB_READ, SIMD8, 0), 0x07, p, wb), 0);
    CHECK(slot0_is(wb, 0x2000 + 14, 0x2000 + 15, 0, 0));
    for (unsigned k = 0; k < 4; k++) {
        CHECK_EQ(wb[k].ud[1], 0);
        CHECK_EQ(wb[k].ud[2], 0x2000 + 4 + k);
        CHECK_EQ(wb[k].ud[3], SENTINEL);
    }
    /* a buffer whose end passes 4 GiB: DWords past the space are outside */
    t_bind_buffer(gpu, 1, 4, RAW, 0xFFFFFFF0u, 256, false);
    for (unsigned i = 0; i < 8; i++)
        p[0].ud[i] = 8, p[1].ud[i] = val(0, i), p[2].ud[i] = val(1, i);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(3, 0, 0, IVB_WRITE, SIMD8 | 0xC, 1), 0x01, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, 0xFFFFFFF8u), val(0, 0));
    CHECK_EQ(t_peek(gpu, 0xFFFFFFFCu), val(1, 0));
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 0, IVB_READ, SIMD8, 1), 0x01, p, wb), 0);
    CHECK(slot0_is(wb, val(0, 0), val(1, 0), 0, 0));
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_simd4x2_one_register_per_two_slots)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = raw_gpu(G7SF_IVB, &thr, 256, 0x3000);
    g7sf_reg p[3] = {{{0}}}, wb[2];
    p[0].ud[7] = 0;            /* header Pixel/Sample Mask: ignored by SIMD4x2 */
    p[1].ud[0] = 0;            /* slot 0 U */
    p[1].ud[4] = 32;           /* slot 1 U */
    fill_wb(wb, 2);
    /* blue masked (0100b); EMask bit 4 only: slot 1 active */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, IVB_READ, SIMD4X2 | 0x4, 0), 0x0010, p, wb), 0);
    uint32_t want[8] = { SENTINEL, SENTINEL, SENTINEL, SENTINEL, 0x3008, 0x3009, SENTINEL, 0x300B };
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb[0].ud[d], want[d]);
    CHECK_EQ(wb[1].ud[0], SENTINEL);
    /* a structured buffer takes V from DWords 1 and 5 */
    bind_strbuf(gpu, 5, BUF, 4, 32);
    g7sf_reg a = {{1, 8, 0, 0, 2, 4, 0, 0}};   /* bytes 40 and 68 */
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, IVB_READ, SIMD4X2 | 0xE, 5), 0x11, &a, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x3000 + 10);
    CHECK_EQ(wb[0].ud[4], 0x3000 + 17);
    CHECK_EQ(wb[0].ud[1], SENTINEL);
    /* SIMD4x2 writes: reserved on Ivy Bridge, Haswell port 1 has them */
    for (unsigned d = 0; d < 8; d++)
        p[2].ud[d] = 0xA0 + d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(3, 0, 1, IVB_WRITE, SIMD4X2, 0), 0xFF, p, NULL),
             G7SF_EOPCODE);
    g7sf_gpu_destroy(gpu);
    gpu = t_gpu(G7SF_HSW, &thr);
    t_bind_buffer(gpu, 0, 4, RAW, BUF, 256, false);
    /* alpha masked (1000b): slot 0 DWords 0-2, slot 1 DWords 4-6 */
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(3, 0, 1, HSW_WRITE, SIMD4X2 | 0x8, 0), 0x11, p, NULL), 0);
    for (unsigned k = 0; k < 4; k++) {
        CHECK_EQ(t_peek(gpu, BUF + 4 * k), k < 3 ? 0xA0 + k : 0);
        CHECK_EQ(t_peek(gpu, BUF + 32 + 4 * k), k < 3 ? 0xA4 + k : 0);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_routing_lengths_and_state_errors)
{
    g7sf_thread thr;
    g7sf_gpu *ivb = t_gpu(G7SF_IVB, &thr), *hsw = t_gpu(G7SF_HSW, &thr);
    g7sf_reg p[8] = {{{0}}}, wb[8];
    t_bind_buffer(ivb, 0, 4, RAW, BUF, 64, false);
    t_bind_buffer(hsw, 0, 4, RAW, BUF, 64, false);
    struct { bool hsw; unsigned sfid; uint32_t desc; int want; } cases[] = {
        /* Haswell's port 0 has no untyped messages; Ivy Bridge has no port 1 */
        { 1, DC, t_desc(1, 1, 0, IVB_READ, SIMD8 | 0xE, 0), G7SF_EOPCODE },
        { 1, DC, t_desc(2, 0, 0, IVB_WRITE, SIMD8 | 0xE, 0), G7SF_EOPCODE },
        { 0, DC1, t_desc(1, 1, 0, HSW_READ, SIMD8 | 0xE, 0), G7SF_ESFID },
        { 1, DC1, t_desc(1, 1, 0, HSW_READ, SIMD8 | 0xE, 0), 0 },
        /* SIMD mode 3 reserved; stateless refused (BTI 255) */
        { 0, DC, t_desc(1, 1, 0, IVB_READ, 0x30 | 0xE, 0), G7SF_EOPCODE },
        { 0, DC, t_desc(2, 1, 1, IVB_READ, SIMD8 | 0xE, 255), G7SF_EOPCODE },
        /* lengths: SIMD16 red-only read is 2 (U) or 4 (U, V) registers, rlen 2 */
        { 0, DC, t_desc(3, 2, 0, IVB_READ, SIMD16 | 0xE, 0), G7SF_EMLEN },
        { 0, DC, t_desc(4, 2, 0, IVB_READ, SIMD16 | 0xE, 0), 0 },
        { 0, DC, t_desc(2, 1, 0, IVB_READ, SIMD16 | 0xE, 0), G7SF_ERLEN },
        { 0, DC, t_desc(6, 0, 0, IVB_WRITE, SIMD16 | 0xC, 0), 0 },   /* 2 U + 2 x 2 data */
        { 0, DC, t_desc(5, 0, 0, IVB_WRITE, SIMD16 | 0xC, 0), G7SF_EMLEN },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int r = t_send(cases[i].hsw ? hsw : ivb, &thr, cases[i].sfid, cases[i].desc, 0xFF, p, wb);
        CHECKF(r == cases[i].want, "case %u: %d, want %d", i, r, cases[i].want);
    }
    /* state: not RAW, tiled, not a buffer */
    t_bind_buffer(ivb, 1, 4, 0x0D7, BUF, 64, false);   /* R32_UINT */
    t_bind_buffer(ivb, 2, 4, RAW, BUF, 64, true);
    t_bind_buffer(ivb, 3, 1, RAW, BUF, 64, false);     /* SURFTYPE_2D */
    for (unsigned bti = 1; bti <= 3; bti++)
        CHECK_EQ(t_send(ivb, &thr, DC, t_desc(1, 1, 0, IVB_READ, SIMD8 | 0xE, bti), 0xFF, p, wb),
                 G7SF_ESTATE);
    g7sf_gpu_destroy(ivb);
    g7sf_gpu_destroy(hsw);
}
