/* OWord Block Read/Write, Unaligned OWord Block Read, OWord Dual Block
 * Read/Write through g7sf_send(), with state laid out by hand.  Expected
 * memory/registers follow the PRM tables of §3.9.3-3.9.5 directly. */
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define CC G7SF_SFID_CONSTANT_CACHE
#define SC G7SF_SFID_SAMPLER_CACHE
#define BUF 0x00200000u      /* buffer base */
#define SENTINEL 0xDEADBEEFu

enum { OWORD_READ = 0x0, UNALIGNED_READ = 0x1, DUAL_READ = 0x2, OWORD_WRITE = 0x8,
       DUAL_WRITE = 0xA };

static void fill_wb(g7sf_reg *wb, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
}

/* Memory holds DWord i = 0x1000 + i from BUF on. */
static void fill_buffer(g7sf_gpu *gpu, unsigned dwords)
{
    for (unsigned i = 0; i < dwords; i++)
        t_poke(gpu, BUF + 4 * i, 0x1000 + i);
}

TEST(oword_block_write_8_owords_lands_at_global_offset_in_owords)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 3, 4, 0x000, BUF, 64, false);   /* 64 x 16 bytes */
    g7sf_reg p[5] = {0};
    p[0].ud[2] = 3;   /* Global Offset: OWord 3 = byte 48 */
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0xA0000000u | r << 8 | d;
    /* block size 100b = 8 OWords: 1 header + 4 data registers */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(5, 0, 1, OWORD_WRITE, 4, 3), 0xFFFF, p, NULL), 0);
    /* M1.3:0 = OWord[Offset], M1.7:4 = OWord[Offset+1], ... M4.7:4 = OWord[Offset+7] */
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            CHECK_EQ(t_peek(gpu, BUF + 48 + 32 * (r - 1) + 4 * d), 0xA0000000u | r << 8 | d);
    CHECK_EQ(t_peek(gpu, BUF + 44), 0);          /* nothing before */
    CHECK_EQ(t_peek(gpu, BUF + 48 + 128), 0);    /* nothing after */

    /* and read back through the constant cache */
    g7sf_reg wb[5];
    fill_wb(wb, 5);
    CHECK_EQ(t_send(gpu, &thr, CC, t_desc(1, 4, 1, OWORD_READ, 4, 3), 0xFFFF, p, wb), 0);
    for (unsigned r = 0; r < 4; r++)
        CHECK(memcmp(&wb[r], &p[r + 1], 32) == 0);
    CHECK_EQ(wb[4].ud[0], SENTINEL);             /* nothing past rlen */
    g7sf_gpu_destroy(gpu);
}

TEST(one_oword_forms_use_one_register_half)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 16, false);
    fill_buffer(gpu, 64);
    g7sf_reg h = {0}, wb[1];
    h.ud[2] = 2;   /* OWord 2 = DWords 8..11 */
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 1, OWORD_READ, 1, 0), 0x00F0, &h, wb), 0);
    for (unsigned d = 0; d < 4; d++) {
        CHECK_EQ(wb[0].ud[d], SENTINEL);        /* low half unchanged */
        CHECK_EQ(wb[0].ud[4 + d], 0x1000 + 8 + d);
    }
    /* the high-half OWord is enabled by EMask bits 7:4 only */
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 1, OWORD_READ, 1, 0), 0x000F, &h, wb), 0);
    CHECK_EQ(wb[0].ud[4], SENTINEL);
    /* low-half write takes M1.3:0 */
    g7sf_reg p[2] = {{{0}}};
    p[0].ud[2] = 5;
    for (unsigned d = 0; d < 8; d++)
        p[1].ud[d] = 0x55000000u + d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 1, OWORD_WRITE, 0, 0), 0x000F, p, NULL), 0);
    for (unsigned d = 0; d < 4; d++)
        CHECK_EQ(t_peek(gpu, BUF + 80 + 4 * d), 0x55000000u + d);
    CHECK_EQ(t_peek(gpu, BUF + 96), 0x1000 + 24);   /* OWord 6 untouched */
    g7sf_gpu_destroy(gpu);
}

TEST(oword_block_execution_mask_reads_per_oword_writes_per_dword)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 16, false);
    fill_buffer(gpu, 64);
    g7sf_reg p[5] = {{{0}}}, wb[4];
    /* read 8 OWords with EMask 0x0201: bit 0 -> the low OWord of the even
     * registers (W0, W2), bit 9 -> the low OWord of the odd ones (W1, W3) */
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, 4, 0), 0x0201, p, wb), 0);
    for (unsigned d = 0; d < 4; d++) {
        CHECK_EQ(wb[0].ud[d], 0x1000 + d);
        CHECK_EQ(wb[0].ud[4 + d], SENTINEL);
        CHECK_EQ(wb[1].ud[d], 0x1000 + 8 + d);
        CHECK_EQ(wb[2].ud[d], 0x1000 + 16 + d);
        CHECK_EQ(wb[2].ud[4 + d], SENTINEL);
        CHECK_EQ(wb[3].ud[d], 0x1000 + 24 + d);
        CHECK_EQ(wb[3].ud[4 + d], SENTINEL);
    }
    /* write 8 OWords with EMask 0x8001: DWord 0 of even registers, DWord 7
     * of odd registers */
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0xB0000000u | r << 8 | d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(5, 0, 1, OWORD_WRITE, 4, 0), 0x8001, p, NULL), 0);
    for (unsigned i = 0; i < 32; i++) {
        unsigned reg = i / 8, d = i % 8;
        bool on = (reg % 2 == 0 && d == 0) || (reg % 2 == 1 && d == 7);
        CHECK_EQ(t_peek(gpu, BUF + 4 * i), on ? 0xB0000000u | (reg + 1) << 8 | d : 0x1000 + i);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(oword_block_out_of_bounds_reads_zero_and_drops_writes)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 4, false);   /* 4 entries x 16 = 64 bytes */
    fill_buffer(gpu, 64);
    g7sf_reg p[5] = {{{0}}}, wb[4];
    p[0].ud[2] = 2;   /* OWords 2..9: only 2 and 3 inside */
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, 4, 0), 0xFFFF, p, wb), 0);
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb[0].ud[d], 0x1000 + 8 + d);
    for (unsigned r = 1; r < 4; r++)
        for (unsigned d = 0; d < 8; d++)
            CHECK_EQ(wb[r].ud[d], 0);
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0xC0C0C0C0u;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(5, 0, 1, OWORD_WRITE, 4, 0), 0xFFFF, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 60), 0xC0C0C0C0u);      /* last DWord inside */
    CHECK_EQ(t_peek(gpu, BUF + 64), 0x1000 + 16);      /* first outside: untouched */
    CHECK_EQ(t_peek(gpu, BUF + 140), 0x1000 + 35);
    /* an offset whose byte address passes 4 GiB is out of bounds, not wrapped */
    p[0].ud[2] = 0x0FFFFFFF;
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, 4, 0), 0xFFFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    g7sf_gpu_destroy(gpu);
}

TEST(unaligned_oword_block_read_takes_dword_aligned_byte_offset_and_ignores_emask)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 16, false);
    fill_buffer(gpu, 64);
    g7sf_reg h = {0}, wb[2];
    h.ud[2] = 7;   /* bytes; bits 1:0 are not part of the offset: byte 4 = DWord 1 */
    unsigned sfids[] = { DC, CC, SC };
    for (unsigned k = 0; k < 3; k++) {
        fill_wb(wb, 2);
        CHECK_EQ(t_send(gpu, &thr, sfids[k], t_desc(1, 2, 1, UNALIGNED_READ, 3, 0), 0, &h, wb), 0);
        for (unsigned i = 0; i < 16; i++)
            CHECK_EQ(wb[i / 8].ud[i % 8], 0x1000 + 1 + i);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(dual_block_read_write_two_offsets_plus_global)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 1, 4, 0x000, BUF, 64, false);
    fill_buffer(gpu, 128);
    g7sf_reg p[6] = {{{0}}}, wb[4];
    p[0].ud[2] = 2;                     /* Global Offset */
    p[1].ud[0] = 1, p[1].ud[4] = 5;     /* Block Offset 0/1 -> OWords 3 and 7 */
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, CC, t_desc(2, 4, 1, DUAL_READ, 2, 1), 0x00FF, p, wb), 0);
    for (unsigned k = 0; k < 4; k++)
        for (unsigned d = 0; d < 4; d++) {
            CHECK_EQ(wb[k].ud[d], 0x1000 + (3 + k) * 4 + d);       /* OWord[Offset0 + k] */
            CHECK_EQ(wb[k].ud[4 + d], 0x1000 + (7 + k) * 4 + d);   /* OWord[Offset1 + k] */
        }
    /* 1-OWord write, header-less on the data cache: Global Offset 0 */
    g7sf_reg q[2] = {{{0}}};
    q[0].ud[0] = 20, q[0].ud[4] = 30;
    for (unsigned d = 0; d < 8; d++)
        q[1].ud[d] = 0xD0000000u + d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, DUAL_WRITE, 0, 1), 0x00F3, q, NULL), 0);
    /* EMask bits 0,1 for the low OWord's DWords 0,1; 4-7 for the high one */
    CHECK_EQ(t_peek(gpu, BUF + 320), 0xD0000000u);
    CHECK_EQ(t_peek(gpu, BUF + 324), 0xD0000001u);
    CHECK_EQ(t_peek(gpu, BUF + 328), 0x1000 + 82);
    for (unsigned d = 0; d < 4; d++)
        CHECK_EQ(t_peek(gpu, BUF + 480 + 4 * d), 0xD0000004u + d);
    /* 4-OWord write: M2..M5 hold OWord[Offset0+k] low / OWord[Offset1+k] high;
     * the PRM table (line 8580) lists M4 twice, the fourth pair is M5 */
    g7sf_reg w[6] = {{{0}}};
    w[1].ud[0] = 40, w[1].ud[4] = 50;
    for (unsigned k = 0; k < 4; k++)
        for (unsigned d = 0; d < 8; d++)
            w[2 + k].ud[d] = 0xF0000000u | k << 8 | d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(6, 0, 1, DUAL_WRITE, 2, 1), 0x00FF, w, NULL), 0);
    for (unsigned k = 0; k < 4; k++)
        for (unsigned d = 0; d < 4; d++) {
            CHECK_EQ(t_peek(gpu, BUF + (40 + k) * 16 + 4 * d), 0xF0000000u | k << 8 | d);
            CHECK_EQ(t_peek(gpu, BUF + (50 + k) * 16 + 4 * d), 0xF0000000u | k << 8 | (4 + d));
        }
    /* reads: one bit of a group of four reads the whole OWord */
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, DUAL_READ, 0, 1), 0x0020, q, wb), 0);
    CHECK_EQ(wb[0].ud[0], SENTINEL);
    CHECK_EQ(wb[0].ud[4], 0xD0000004u);
    CHECK_EQ(wb[0].ud[7], 0xD0000007u);
    g7sf_gpu_destroy(gpu);
}

TEST(stateless_model_uses_general_state_base_and_bound)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, T_GENERAL_BASE, T_GENERAL_BASE + 0x800);
    for (unsigned i = 0; i < 0x300; i++)
        t_poke(gpu, T_GENERAL_BASE + 0x400 + 4 * i, 0x7000 + i);
    g7sf_reg h = {0}, wb[4];
    h.ud[5] = 0x400 | 0x3FF;   /* Immediate Buffer Base Address [31:10]; low bits ignored */
    h.ud[2] = 62;              /* OWords 62..69 from 0x400: 62, 63 inside the bound */
    fill_wb(wb, 4);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, 4, 255), 0xFFFF, &h, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x7000 + 62 * 4);
    CHECK_EQ(wb[0].ud[7], 0x7000 + 63 * 4 + 3);
    CHECK_EQ(wb[1].ud[0], 0);   /* 0x800 and beyond: past the upper bound */
    g7sf_gpu_destroy(gpu);
}

TEST(raw_and_null_buffers)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    fill_buffer(gpu, 64);
    t_bind_buffer(gpu, 0, 4, 0x1FF, BUF, 20, false);   /* RAW: 20 entries of 1 byte */
    g7sf_reg h = {0}, wb[1];
    h.ud[2] = 1;   /* OWord 1 = bytes 16..31: only DWord 16..19 inside */
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 1, OWORD_READ, 2, 0), 0xFFFF, &h, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x1000 + 4);
    CHECK_EQ(wb[0].ud[1], 0);
    uint32_t null_state[8] = { 7u << 29 };
    t_bind_state(gpu, 2, null_state);
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 1, OWORD_READ, 2, 2), 0xFFFF, &h, wb), 0);
    CHECK_EQ(wb[0].ud[3], 0);
    g7sf_gpu_destroy(gpu);
}

TEST(block_message_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 16, false);
    t_bind_buffer(gpu, 1, 1, 0x000, BUF, 16, false);          /* SURFTYPE_2D */
    t_bind_buffer(gpu, 2, 4, 0x000, BUF, 16, true);           /* tiled */
    t_bind_buffer(gpu, 3, 4, 0x000, BUF + 8, 16, false);      /* not OWord aligned */
    g7sf_reg p[5] = {{{0}}}, wb[4];
    struct { unsigned sfid; uint32_t desc; int want; } cases[] = {
        { DC, t_desc(1, 4, 0, OWORD_READ, 4, 0), G7SF_EHEADER },
        { DC, t_desc(2, 4, 1, OWORD_READ, 4, 0), G7SF_EMLEN },
        { DC, t_desc(1, 3, 1, OWORD_READ, 4, 0), G7SF_ERLEN },
        { DC, t_desc(5, 1, 1, OWORD_WRITE, 4, 0), G7SF_ERLEN },   /* IVB writes: no commit */
        { DC, t_desc(1, 4, 1, OWORD_READ, 5, 0), G7SF_EOPCODE },  /* reserved block size */
        { DC, t_desc(2, 1, 1, DUAL_READ, 1, 0), G7SF_EOPCODE },
        { CC, t_desc(5, 0, 1, OWORD_WRITE, 4, 0), G7SF_EOPCODE }, /* CC is read-only */
        { SC, t_desc(1, 4, 1, OWORD_READ, 4, 0), G7SF_EOPCODE },  /* not on the sampler cache */
        { G7SF_SFID_RENDER_CACHE, t_desc(1, 4, 1, OWORD_READ, 4, 0), G7SF_EOPCODE },
        { DC, t_desc(1, 4, 1, OWORD_READ, 4, 1), G7SF_ESTATE },
        { DC, t_desc(1, 4, 1, OWORD_READ, 4, 2), G7SF_ESTATE },
        { DC, t_desc(1, 4, 1, OWORD_READ, 4, 3), G7SF_ESTATE },
        { DC, t_desc(1, 4, 1, OWORD_READ, 4, 254), G7SF_EOPCODE }, /* SLM not allowed */
        { DC, t_desc(1, 1, 0, DUAL_READ, 0, 255), G7SF_EHEADER },  /* stateless needs M0.5 */
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        g7sf_clear_error(gpu);
        fill_wb(wb, 4);
        int r = t_send(gpu, &thr, cases[i].sfid, cases[i].desc, 0xFFFF, p, wb);
        CHECKF(r == cases[i].want, "case %u: got %d (%s), want %d", i, r, g7sf_strerror(r),
               cases[i].want);
        g7sf_error e;
        CHECK_EQ(g7sf_last_error(gpu, &e), cases[i].want);
        CHECK_EQ(e.desc, cases[i].desc);
        CHECK_EQ(wb[0].ud[0], SENTINEL);   /* an erroneous message writes nothing */
    }
    /* BTI 254 is an ordinary surface on the constant cache */
    g7sf_clear_error(gpu);
    t_bind_buffer(gpu, 254, 4, 0x000, BUF, 16, false);
    CHECK_EQ(t_send(gpu, &thr, CC, t_desc(1, 4, 1, OWORD_READ, 4, 254), 0xFFFF, p, wb), 0);
    /* a binding table outside the surface state bound */
    thr.binding_table = T_SURFACE_BOUND - T_SURFACE_BASE - 2;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, 4, 0), 0xFFFF, p, wb), G7SF_EFAULT);
    g7sf_gpu_destroy(gpu);
}

/* Every Block Size on every port that has the message, desc[13]
 * (Invalidate After Read) set: the PRM writeback tables (8425-8440,
 * 8488-8498, 8590-8601) give OWord o of the block in register o / 2, half
 * o % 2; a single OWord goes to the half the Block Size names. */
TEST(every_block_size_on_every_port)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 64, false);
    fill_buffer(gpu, 256);
    g7sf_reg h = {0}, wb[5];
    h.ud[2] = 5;
    static const unsigned owords[5] = { 1, 1, 2, 4, 8 };
    struct { unsigned sfid, type; uint32_t base_dw; } ports[] = {
        { DC, OWORD_READ, 20 }, { CC, OWORD_READ, 20 },              /* OWord 5 */
        { DC, UNALIGNED_READ, 1 }, { CC, UNALIGNED_READ, 1 },        /* byte 5 -> DWord 1 */
        { SC, UNALIGNED_READ, 1 },
    };
    for (unsigned k = 0; k < 5; k++)
        for (unsigned bs = 0; bs < 5; bs++) {
            unsigned n = owords[bs], regs = n <= 2 ? 1 : n / 2;
            fill_wb(wb, 5);
            int r = t_send(gpu, &thr, ports[k].sfid, t_desc(1, regs, 1, ports[k].type, 0x20 | bs, 0),
                           0xFFFF, &h, wb);
            CHECKF(r == 0, "port %u block size %u: %d", k, bs, r);
            for (unsigned o = 0; o < n; o++)
                for (unsigned d = 0; d < 4; d++) {
                    unsigned reg = o / 2, half = n == 1 ? bs : o % 2;
                    CHECK_EQ(wb[reg].ud[4 * half + d], 0x1000 + ports[k].base_dw + 4 * o + d);
                }
            if (n == 1)
                CHECK_EQ(wb[0].ud[4 * (1 - bs)], SENTINEL);
            CHECK_EQ(wb[regs].ud[0], SENTINEL);
        }
    /* OWord Block Write, every size, desc[13] ignored for writes */
    g7sf_reg p[5];
    for (unsigned bs = 0; bs < 5; bs++) {
        unsigned n = owords[bs], regs = n <= 2 ? 1 : n / 2;
        memset(p, 0, sizeof p);
        p[0].ud[2] = 16 + 8 * bs;
        for (unsigned i = 0; i < 32; i++)
            p[1 + i / 8].ud[i % 8] = 0xC1000000u | bs << 8 | i;
        CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1 + regs, 0, 1, OWORD_WRITE, 0x20 | bs, 0), 0xFFFF, p,
                        NULL), 0);
        for (unsigned o = 0; o < n; o++)
            for (unsigned d = 0; d < 4; d++) {
                unsigned reg = o / 2, half = n == 1 ? bs : o % 2;
                CHECK_EQ(t_peek(gpu, BUF + (16 + 8 * bs + o) * 16 + 4 * d),
                         0xC1000000u | bs << 8 | (8 * reg + 4 * half + d));
            }
        CHECK_EQ(t_peek(gpu, BUF + (16 + 8 * bs + n) * 16), 0x1000 + (16 + 8 * bs + n) * 4);
    }
    /* Dual block, 1 and 4 OWords, on both ports */
    g7sf_reg q[2] = {{{0}}};
    q[1].ud[0] = 2, q[1].ud[4] = 9;
    unsigned dual_ports[2] = { DC, CC };
    for (unsigned k = 0; k < 2; k++)
        for (unsigned bs = 0; bs <= 2; bs += 2) {
            unsigned n = bs ? 4 : 1;
            fill_wb(wb, 5);
            CHECK_EQ(t_send(gpu, &thr, dual_ports[k], t_desc(2, n, 1, DUAL_READ, 0x20 | bs, 0), 0xFF,
                            q, wb), 0);
            for (unsigned j = 0; j < n; j++)
                for (unsigned d = 0; d < 4; d++) {
                    CHECK_EQ(wb[j].ud[d], t_peek(gpu, BUF + (2 + j) * 16 + 4 * d));
                    CHECK_EQ(wb[j].ud[4 + d], t_peek(gpu, BUF + (9 + j) * 16 + 4 * d));
                }
            CHECK_EQ(wb[n].ud[0], SENTINEL);
        }
    g7sf_gpu_destroy(gpu);
}

TEST(block_reserved_sizes_and_masks_that_are_not_used)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, BUF, 64, false);
    fill_buffer(gpu, 256);
    g7sf_reg p[6] = {{{0}}}, wb[4];
    for (unsigned bs = 5; bs < 8; bs++) {
        CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, bs, 0), 0xFFFF, p, wb), G7SF_EOPCODE);
        CHECK_EQ(t_send(gpu, &thr, SC, t_desc(1, 4, 1, UNALIGNED_READ, bs, 0), 0xFFFF, p, wb),
                 G7SF_EOPCODE);
    }
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 4, 1, DUAL_READ, 3, 0), 0xFF, p, wb), G7SF_EOPCODE);
    /* 1-OWord messages use only EMask[7:0] (8383): the high byte alone reads nothing */
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 1, OWORD_READ, 0, 0), 0xFF00, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], SENTINEL);
    /* dual block: only EMask[7:0] (8530), for every register */
    for (unsigned r = 2; r < 6; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0xFACE0000u | r << 4 | d;
    p[1].ud[0] = 40, p[1].ud[4] = 50;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(6, 0, 1, DUAL_WRITE, 2, 0), 0xFF00, p, NULL), 0);
    for (unsigned k = 0; k < 4; k++)
        CHECK_EQ(t_peek(gpu, BUF + (40 + k) * 16), 0x1000 + (40 + k) * 4);
    /* dual block, stateless: the bound applies to both blocks */
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, T_GENERAL_BASE, T_GENERAL_BASE + 0x420);
    t_poke(gpu, T_GENERAL_BASE + 0x410, 0x31);
    t_poke(gpu, T_GENERAL_BASE + 0x420, 0x32);
    p[0].ud[5] = 0x400, p[0].ud[2] = 0;
    p[1].ud[0] = 1, p[1].ud[4] = 2;
    fill_wb(wb, 1);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, DUAL_READ, 0, 255), 0xFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x31);
    CHECK_EQ(wb[0].ud[4], 0);
    g7sf_gpu_destroy(gpu);
}
