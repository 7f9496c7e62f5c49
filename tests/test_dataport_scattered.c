/* DWord Scattered Read/Write (§3.9.7) through g7sf_send(). */
#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define CC G7SF_SFID_CONSTANT_CACHE
#define BUF 0x00300000u
#define SENTINEL 0xDEADBEEFu
enum { SCATTERED_READ = 0x3, SCATTERED_WRITE = 0xB, SIMD8 = 2, SIMD16 = 3 };

TEST(dword_scattered_16_read_write_with_mask_and_global_offset)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 5, 4, 0x000, BUF, 16, false);   /* 256 bytes = 64 DWords */
    g7sf_reg p[5] = {{{0}}};
    p[0].ud[2] = 10;                                   /* Global Offset in DWords */
    for (unsigned i = 0; i < 16; i++) {
        p[1 + i / 8].ud[i % 8] = (i * 7) % 40;         /* offsets 0,7,14,..: distinct */
        p[3 + i / 8].ud[i % 8] = 0xE0000000u + i;
    }
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(5, 0, 1, SCATTERED_WRITE, SIMD16, 5), 0xF0F5, p, NULL), 0);
    for (unsigned i = 0; i < 16; i++) {
        bool on = 0xF0F5 >> i & 1;
        CHECK_EQ(t_peek(gpu, BUF + 4 * (10 + (i * 7) % 40)), on ? 0xE0000000u + i : 0);
    }
    g7sf_reg wb[3];
    for (unsigned r = 0; r < 3; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, CC, t_desc(3, 2, 1, SCATTERED_READ, SIMD16, 5), 0xFFFE, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], SENTINEL);                   /* slot 0 disabled */
    for (unsigned i = 1; i < 16; i++)
        CHECK_EQ(wb[i / 8].ud[i % 8], (0xF0F5 >> i & 1) ? 0xE0000000u + i : 0);
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(dword_scattered_8_headerless_out_of_bounds_and_same_address_order)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 2, false);    /* 32 bytes = DWords 0..7 */
    g7sf_reg p[2] = {{{0}}};
    unsigned off[8] = { 0, 3, 3, 8, 7, 0xFFFFFFFFu, 1, 3 };
    for (unsigned i = 0; i < 8; i++)
        p[0].ud[i] = off[i], p[1].ud[i] = 0x100 + i;
    /* header-less on the data cache: M0 offsets, M1 data; EMask high byte ignored */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, SCATTERED_WRITE, SIMD8, 0), 0xFF7F, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 0), 0x100);
    CHECK_EQ(t_peek(gpu, BUF + 4), 0x106);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0x102);   /* slots 1, 2 hit DWord 3; 7 is masked: 2 wins */
    CHECK_EQ(t_peek(gpu, BUF + 28), 0x104);
    CHECK_EQ(t_peek(gpu, BUF + 32), 0);       /* DWord 8: outside, dropped */
    g7sf_reg wb[1];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, SCATTERED_READ, SIMD8, 0), 0x00FF, p, wb), 0);
    unsigned want[8] = { 0x100, 0x102, 0x102, 0, 0x104, 0, 0x106, 0x102 };
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ(wb[0].ud[i], want[i]);
    /* header-less is not allowed stateless, nor on block size 01 */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, SCATTERED_READ, SIMD8, 255), 0xFF, p, wb),
             G7SF_EHEADER);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, SCATTERED_READ, 1, 0), 0xFF, p, wb),
             G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 2, 0, SCATTERED_READ, SIMD16, 0), 0xFF, p, wb),
             G7SF_EMLEN);
    g7sf_gpu_destroy(gpu);
}

TEST(dword_scattered_needs_only_dword_aligned_base)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF + 4, 1, false);
    t_poke(gpu, BUF + 4, 0x11);
    t_poke(gpu, BUF + 20, 0x22);
    g7sf_reg p = {{0, 4, 0, 0, 0, 0, 0, 0}}, wb[1];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, SCATTERED_READ, SIMD8, 0), 0x03, &p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x11);
    CHECK_EQ(wb[0].ud[1], 0);   /* byte 16 of a 16-byte buffer: outside */
    g7sf_gpu_destroy(gpu);
}

/* Spec 8838 clamps "X/Y offsets" to the surface edge, 8870 reads 0 and
 * drops writes: we read 0 (docs/spec-notes.md).  The last DWord inside is
 * non-zero, so a clamped read would return it. */
TEST(dword_scattered_out_of_bounds_reads_zero_not_the_edge)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 1, false);   /* 16 bytes: DWords 0..3 */
    t_poke(gpu, BUF + 12, 0x4444);
    t_poke(gpu, BUF + 16, 0x5555);                   /* just outside */
    g7sf_reg p[2] = {{{3, 4, 100, 0x3FFFFFF, 0, 0, 0, 0}}}, wb[1];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, SCATTERED_READ, SIMD8, 0), 0x0F, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x4444);
    CHECK_EQ(wb[0].ud[1], 0);
    CHECK_EQ(wb[0].ud[2], 0);
    CHECK_EQ(wb[0].ud[3], 0);
    p[1].ud[1] = 0x9999;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, SCATTERED_WRITE, SIMD8, 0), 0x02, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 16), 0x5555);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0x4444);
    g7sf_gpu_destroy(gpu);
}

/* Offsets past the Range the payload table gives ([0, 3FFFFFFh], 8895)
 * are still addresses: in bounds of a large buffer they are accessed. */
TEST(dword_scattered_offset_past_stated_range_is_an_address)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 1u << 27, false);   /* 2 GiB */
    t_poke(gpu, BUF + 0x4000000u * 4, 0x600D);
    g7sf_reg p[1] = {{{0x4000000u, 0, 0, 0, 0, 0, 0, 0}}}, wb[1];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, SCATTERED_READ, SIMD8, 0), 0x01, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x600D);
    g7sf_gpu_destroy(gpu);
}

TEST(dword_scattered_every_size_on_every_port_and_reserved_bits)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 16, false);
    for (unsigned i = 0; i < 64; i++)
        t_poke(gpu, BUF + 4 * i, 0x2000 + i);
    g7sf_reg p[3] = {{{0}}}, wb[2];
    p[0].ud[2] = 1;   /* Global Offset */
    for (unsigned i = 0; i < 16; i++)
        p[1 + i / 8].ud[i % 8] = 3 * i;
    unsigned sfids[2] = { DC, CC };
    for (unsigned k = 0; k < 2; k++)
        for (unsigned bs = SIMD8; bs <= SIMD16; bs++) {
            unsigned n = bs == SIMD8 ? 1 : 2;
            for (unsigned r = 0; r < 2; r++)
                for (unsigned d = 0; d < 8; d++)
                    wb[r].ud[d] = SENTINEL;
            /* desc[13] Invalidate After Read: accepted, no effect here */
            CHECK_EQ(t_send(gpu, &thr, sfids[k], t_desc(1 + n, n, 1, SCATTERED_READ, bs | 0x20, 0),
                            0xFFFF, p, wb), 0);
            for (unsigned i = 0; i < 8 * n; i++)
                CHECK_EQ(wb[i / 8].ud[i % 8], 0x2000 + 1 + 3 * i);
            if (n == 1)
                CHECK_EQ(wb[1].ud[0], SENTINEL);
        }
    /* desc[12:10] reserved; block sizes 00 and 01 reserved */
    for (unsigned bit = 10; bit <= 12; bit++)
        CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, SCATTERED_READ, SIMD8 | 1u << (bit - 8), 0),
                        0xFF, p, wb), G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, SCATTERED_READ, 0, 0), 0xFF, p, wb), G7SF_EOPCODE);
    /* a write with desc[13] set: ignored for writes */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(3, 0, 1, SCATTERED_WRITE, SIMD8 | 0x20, 0), 0x01, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 4), 24);   /* data M2.0 (= 3 * 8) at DWord 1 + offset 0 */
    CHECK_EQ(t_peek(gpu, BUF + 8), 0x2000 + 2);
    g7sf_gpu_destroy(gpu);
}

TEST(dword_scattered_stateless_bound_and_4gib)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, 0xFFFFF000u, 0);
    t_poke(gpu, 0xFFFFFFFCu, 0xABC);
    g7sf_reg p[2] = {{{0}}}, wb[1];
    p[0].ud[5] = 0xC00;                           /* base 0xFFFFFC00 */
    p[1].ud[0] = 255, p[1].ud[1] = 256, p[1].ud[2] = 0xFFFFFFFFu;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, SCATTERED_READ, SIMD8, 255), 0x07, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0xABC);
    CHECK_EQ(wb[0].ud[1], 0);                     /* past 4 GiB: out of bounds */
    CHECK_EQ(wb[0].ud[2], 0);
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, T_GENERAL_BASE, T_GENERAL_BASE + 0x408);
    t_poke(gpu, T_GENERAL_BASE + 0x404, 0x1);
    t_poke(gpu, T_GENERAL_BASE + 0x408, 0x2);
    p[0].ud[5] = 0x400;
    p[1].ud[0] = 1, p[1].ud[1] = 2;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, SCATTERED_READ, SIMD8, 255), 0x03, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x1);
    CHECK_EQ(wb[0].ud[1], 0);                     /* at the upper bound: outside */
    g7sf_gpu_destroy(gpu);
}
