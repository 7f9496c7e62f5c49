/* Scratch Block Read/Write (§3.9.10, spec 10052-10156) through g7sf_send():
 * descriptors written bit by bit from the 3.9.10.1 table, the base from
 * General State Base + M0.5[31:10], data at HWord (32-byte) offsets. */
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define SENTINEL 0xDEADBEEFu

/* [28:25] mlen, [24:20] rlen, [19] header, [18] scratch, [17] write,
 * [16] DWord channel mode, [15] invalidate after read, [13:12] block size,
 * [11:0] HWord offset. */
static uint32_t sdesc(unsigned mlen, unsigned rlen, bool write, bool dword_mode, unsigned bs,
                      unsigned offset)
{
    return mlen << 25 | rlen << 20 | 1u << 19 | 1u << 18 | (unsigned)write << 17 |
           (unsigned)dword_mode << 16 | bs << 12 | offset;
}

static int send(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t desc, uint16_t emask,
                const g7sf_reg *p, g7sf_reg *wb)
{
    g7sf_msg m = { .sfid = DC, .desc = desc, .exec_mask = emask, .payload = p };
    return g7sf_send(gpu, thr, &m, wb);
}

static void fill_wb(g7sf_reg *wb, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
}

/* the thread's scratch space: General State Base + 0x800 */
#define SPACE (T_GENERAL_BASE + 0x800)

TEST(scratch_write_four_registers_read_back_two)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[5] = {{{0}}}, wb[3];
    p[0].ud[5] = 0x800 | 0x3FF;   /* M0.5[31:10]; the low bits are not part of it */
    p[0].ud[3] = 0xF;             /* M0.3 is ignored (10137) */
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0x5C000000u | r << 8 | d;
    /* block size 11b = 4 registers at HWord 3 = byte 96 */
    CHECK_EQ(send(gpu, &thr, sdesc(5, 0, 1, 1, 3, 3), 0xFFFF, p, NULL), 0);
    for (unsigned r = 0; r < 4; r++)
        for (unsigned d = 0; d < 8; d++)
            CHECK_EQ(t_peek(gpu, SPACE + 96 + 32 * r + 4 * d), 0x5C000000u | (r + 1) << 8 | d);
    CHECK_EQ(t_peek(gpu, SPACE + 92), 0);
    CHECK_EQ(t_peek(gpu, SPACE + 96 + 128), 0);
    /* 2 registers (01b) at HWord 4, OWord mode, invalidate after read set */
    fill_wb(wb, 3);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 2, 0, 0, 1, 4) | 1u << 15, 0xFFFF, p, wb), 0);
    CHECK(memcmp(&wb[0], &p[2], 64) == 0);
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    /* 1 register (00b) at the largest offset, 0xFFF: byte 131040 */
    CHECK_EQ(send(gpu, &thr, sdesc(2, 0, 1, 1, 0, 0xFFF), 0xFFFF, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, SPACE + 0xFFF * 32 + 28), 0x5C000107u);
    g7sf_gpu_destroy(gpu);
}

TEST(scratch_execution_mask_dword_and_oword_modes)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[5] = {{{0}}}, wb[4];
    p[0].ud[5] = 0x800;
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0x6A000000u | r << 8 | d;
    /* DWord mode, EMask 0x8001: bit 0 -> DWord 0 of M1, M3; bit 15 -> DWord 7 of M2, M4 */
    CHECK_EQ(send(gpu, &thr, sdesc(5, 0, 1, 1, 3, 0), 0x8001, p, NULL), 0);
    for (unsigned i = 0; i < 32; i++) {
        unsigned r = i / 8, d = i % 8;
        bool on = (r % 2 == 0 && d == 0) || (r % 2 == 1 && d == 7);
        CHECK_EQ(t_peek(gpu, SPACE + 4 * i), on ? 0x6A000000u | (r + 1) << 8 | d : 0);
    }
    /* OWord mode write, EMask 0x0210: bit 4 enables the high OWord of M1/M3,
     * bit 9 the low OWord of M2/M4 -- all four DWords of each */
    CHECK_EQ(send(gpu, &thr, sdesc(5, 0, 1, 0, 3, 8), 0x0210, p, NULL), 0);
    for (unsigned i = 0; i < 32; i++) {
        unsigned r = i / 8, d = i % 8;
        bool on = (r % 2 == 0 && d >= 4) || (r % 2 == 1 && d < 4);
        CHECK_EQ(t_peek(gpu, SPACE + 256 + 4 * i), on ? 0x6A000000u | (r + 1) << 8 | d : 0);
    }
    /* reads: DWord mode leaves disabled DWords of the destination alone */
    fill_wb(wb, 4);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 4, 0, 1, 3, 8), 0x0102, p, wb), 0);
    for (unsigned i = 0; i < 32; i++) {
        unsigned r = i / 8, d = i % 8;
        bool on = (r % 2 == 0 && d == 1) || (r % 2 == 1 && d == 0);
        bool written = (r % 2 == 0 && d >= 4) || (r % 2 == 1 && d < 4);
        CHECK_EQ(wb[r].ud[d], !on ? SENTINEL : written ? 0x6A000000u | (r + 1) << 8 | d : 0);
    }
    /* OWord mode read: bit 1 brings the whole low OWord of W0/W2 */
    fill_wb(wb, 4);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 4, 0, 0, 3, 0), 0x0002, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x6A000100u);
    CHECK_EQ(wb[0].ud[3], 0);
    CHECK_EQ(wb[0].ud[4], SENTINEL);
    CHECK_EQ(wb[1].ud[0], SENTINEL);
    CHECK_EQ(wb[2].ud[0], 0x6A000300u);
    g7sf_gpu_destroy(gpu);
}

TEST(scratch_out_of_bounds_and_near_4gib)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, T_GENERAL_BASE, SPACE + 48);
    t_poke(gpu, SPACE + 40, 0x11);
    t_poke(gpu, SPACE + 44, 0x22);
    t_poke(gpu, SPACE + 48, 0x33);
    g7sf_reg p[2] = {{{0}}}, wb[1];
    p[0].ud[5] = 0x800;
    fill_wb(wb, 1);
    /* HWord 1 = bytes 32..63: 48 and up are past the General State Access Upper Bound */
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, 0, 1, 0, 1), 0xFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[2], 0x11);
    CHECK_EQ(wb[0].ud[3], 0x22);
    CHECK_EQ(wb[0].ud[4], 0);
    memset(&p[1], 0x77, 32);
    CHECK_EQ(send(gpu, &thr, sdesc(2, 0, 1, 1, 0, 1), 0xFF, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, SPACE + 44), 0x77777777u);
    CHECK_EQ(t_peek(gpu, SPACE + 48), 0x33);   /* dropped */
    /* a space at the top of the address space: offsets past 4 GiB read 0 */
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, 0xFFFFF000u, 0);
    t_poke(gpu, 0xFFFFFFFCu, 0x99);
    p[0].ud[5] = 0xC00;
    fill_wb(wb, 1);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, 0, 1, 0, 31), 0xFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[7], 0x99);
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, 0, 1, 0, 32), 0xFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    /* a base past 4 GiB is a fault, not a wrap */
    p[0].ud[5] = 0x1000;
    CHECK_EQ(send(gpu, &thr, sdesc(1, 1, 0, 1, 0, 0), 0xFF, p, wb), G7SF_EFAULT);
    g7sf_gpu_destroy(gpu);
}

TEST(scratch_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[5] = {{{0}}}, wb[4];
    struct { uint32_t desc; bool eot; int want; } c[] = {
        { sdesc(1, 2, 0, 1, 2, 0), false, G7SF_EOPCODE },            /* block size 10b */
        { sdesc(1, 1, 0, 1, 0, 0) | 1u << 14, false, G7SF_EOPCODE }, /* bit 14 MBZ */
        { sdesc(1, 1, 0, 1, 0, 0) & ~(1u << 19), false, G7SF_EHEADER },
        { sdesc(2, 1, 0, 1, 0, 0), false, G7SF_EMLEN },
        { sdesc(1, 2, 0, 1, 0, 0), false, G7SF_ERLEN },
        { sdesc(3, 0, 1, 1, 0, 0), false, G7SF_EMLEN },
        { sdesc(2, 1, 1, 1, 0, 0), false, G7SF_ERLEN },
        { sdesc(1, 1, 0, 1, 0, 0), true, G7SF_EEOT },                /* EOT on a read */
        { sdesc(2, 0, 1, 1, 0, 0), true, 0 },                        /* EOT on a write */
        { sdesc(1, 1, 0, 1, 0, 0xFE), false, 0 },                    /* [7:0] are offset bits */
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        g7sf_clear_error(gpu);
        fill_wb(wb, 4);
        g7sf_msg m = { .sfid = DC, .desc = c[i].desc, .eot = c[i].eot, .exec_mask = 0xFFFF,
                       .payload = p };
        int r = g7sf_send(gpu, &thr, &m, wb);
        CHECKF(r == c[i].want, "case %u: got %d, want %d", i, r, c[i].want);
        if (r)
            CHECK_EQ(wb[0].ud[0], SENTINEL);
    }
    /* Haswell's data cache port 0 keeps the scratch category */
    g7sf_gpu *hsw = t_gpu(G7SF_HSW, &thr);
    CHECK_EQ(send(hsw, &thr, sdesc(1, 1, 0, 1, 0, 0), 0xFF, p, wb), 0);
    g7sf_gpu_destroy(hsw);
    g7sf_gpu_destroy(gpu);
}
