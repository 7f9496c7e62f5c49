/* Byte Scattered Read/Write (§3.9.8) through g7sf_send(). */
#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define BUF 0x00700000u
#define SENTINEL 0xDEADBEEFu
#define RAW 0x1FF
enum { BYTE_READ = 0x4, BYTE_WRITE = 0xC };
/* desc[11:10] Data Size and desc[8] SIMD Mode, as t_desc control bits */
enum { B1 = 0 << 2, B2 = 1 << 2, B4 = 2 << 2, SIMD8 = 0, SIMD16 = 1 };

static uint8_t peek8(g7sf_gpu *gpu, uint32_t a)
{
    uint8_t v = 0;
    g7sf_mem_read(gpu, a, &v, 1);
    return v;
}

TEST(byte_scattered_sizes_misaligned_global_offset_and_right_justified_reads)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 1, 4, RAW, BUF, 64, false);
    g7sf_reg p[3] = {{{0}}};
    p[0].ud[2] = 3;                                  /* Global Offset, bytes */
    p[1].ud[0] = 0, p[2].ud[0] = 0xFFFFFFA1u;        /* byte 3 <- 0xA1 (upper bits ignored) */
    p[1].ud[1] = 2, p[2].ud[1] = 0x000000B2u;        /* byte 5 */
    p[1].ud[2] = 7, p[2].ud[2] = 0x000000C3u;        /* masked */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(3, 0, 1, BYTE_WRITE, B1 | SIMD8, 1), 0x03, p, NULL), 0);
    CHECK_EQ(peek8(gpu, BUF + 3), 0xA1);
    CHECK_EQ(peek8(gpu, BUF + 4), 0);
    CHECK_EQ(peek8(gpu, BUF + 5), 0xB2);
    CHECK_EQ(peek8(gpu, BUF + 10), 0);
    /* words and DWords at odd offsets, header-less: M0 offsets, M1 data */
    g7sf_reg q[2] = {{{0}}};
    q[0].ud[0] = 9, q[1].ud[0] = 0x1122D4E5u;        /* 2 bytes at 9: E5 D4 */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, BYTE_WRITE, B2 | SIMD8, 1), 0x01, q, NULL), 0);
    CHECK_EQ(peek8(gpu, BUF + 9), 0xE5);
    CHECK_EQ(peek8(gpu, BUF + 10), 0xD4);
    CHECK_EQ(peek8(gpu, BUF + 11), 0);
    q[0].ud[0] = 13, q[1].ud[0] = 0x44332211u;       /* 4 bytes at 13 */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, BYTE_WRITE, B4 | SIMD8, 1), 0x01, q, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0x33221100u);
    CHECK_EQ(t_peek(gpu, BUF + 16), 0x00000044u);
    /* reads write only the requested low bytes of each DWord */
    g7sf_reg r[2] = {{{0}}}, wb[2];
    r[0].ud[0] = 3, r[0].ud[1] = 9, r[0].ud[2] = 13, r[0].ud[3] = 5;
    for (unsigned d = 0; d < 8; d++)
        wb[0].ud[d] = wb[1].ud[d] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B1 | SIMD8, 1), 0x0B, r, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0xDEADBEA1u);
    CHECK_EQ(wb[0].ud[1], 0xDEADBEE5u);
    CHECK_EQ(wb[0].ud[2], SENTINEL);                 /* slot 2 masked */
    CHECK_EQ(wb[0].ud[3], 0xDEADBEB2u);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B2 | SIMD8, 1), 0x02, r, wb), 0);
    CHECK_EQ(wb[0].ud[1], 0xDEADD4E5u);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B4 | SIMD8, 1), 0x04, r, wb), 0);
    CHECK_EQ(wb[0].ud[2], 0x44332211u);
    CHECK_EQ(wb[1].ud[0], SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(byte_scattered_simd16_and_out_of_bounds_per_element)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, RAW, BUF, 64, false);           /* RAW: 64 bytes */
    t_bind_buffer(gpu, 2, 4, 0x0D7, BUF, 4, false);          /* R32_UINT: 4 x 4 bytes */
    for (unsigned i = 0; i < 32; i++)
        t_poke(gpu, BUF + 4 * i, 0x01010101u * (i + 1));
    g7sf_reg p[2] = {{{0}}}, wb[3];
    uint32_t off[16] = { 60, 61, 62, 63, 64, 0xFFFFFFFFu, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36 };
    for (unsigned i = 0; i < 16; i++)
        p[i / 8].ud[i % 8] = off[i];
    for (unsigned d = 0; d < 24; d++)
        wb[d / 8].ud[d % 8] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 2, 0, BYTE_READ, B4 | SIMD16, 0), 0xFFFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x10101010u);   /* bytes 60-63: the last DWord */
    CHECK_EQ(wb[0].ud[1], 0);             /* 61-64 crosses the end: outside */
    CHECK_EQ(wb[0].ud[4], 0);
    CHECK_EQ(wb[0].ud[5], 0);
    for (unsigned i = 6; i < 16; i++)
        CHECK_EQ(wb[i / 8].ud[i % 8], 0x01010101u * (off[i] / 4 + 1));
    CHECK_EQ(wb[2].ud[0], SENTINEL);
    /* 2 bytes at 62 fit; writes crossing the end are dropped */
    g7sf_reg q[4] = {{{0}}};
    q[0].ud[0] = 62, q[0].ud[1] = 63;
    q[2].ud[0] = 0xAAAA, q[2].ud[1] = 0xBBBB;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(4, 0, 0, BYTE_WRITE, B2 | SIMD16, 0), 0x0003, q, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 60), 0xAAAA1010u);
    CHECK_EQ(t_peek(gpu, BUF + 64), 0x11111111u);
    /* a non-RAW buffer counts 4-byte elements (§3.9.8): 16 bytes */
    g7sf_reg s = {{15, 16, 0, 0, 0, 0, 0, 0}};
    wb[0].ud[0] = wb[0].ud[1] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B1 | SIMD8, 2), 0x03, &s, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0xDEADBE04u);
    CHECK_EQ(wb[0].ud[1], 0xDEADBE00u);
    g7sf_gpu_destroy(gpu);
}

TEST(byte_scattered_refuses_stateless_reserved_size_and_bad_surfaces)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);   /* port 0 on Haswell too */
    t_bind_buffer(gpu, 0, 4, RAW, BUF, 64, false);
    t_bind_buffer(gpu, 1, 4, RAW, BUF, 64, true);
    t_bind_buffer(gpu, 2, 5, RAW, BUF, 64, false);   /* SURFTYPE_STRBUF */
    t_bind_buffer(gpu, 3, 4, RAW, BUF + 2, 64, false);
    g7sf_reg p[3] = {{{0}}}, wb[2];
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B1 | SIMD8, 0), 0xFF, p, wb), 0);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 1, BYTE_READ, B1 | SIMD8, 255), 0xFF, p, wb),
             G7SF_EOPCODE);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, 3 << 2, 0), 0xFF, p, wb), G7SF_EOPCODE);
    for (unsigned bti = 1; bti <= 3; bti++)
        CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B1 | SIMD8, bti), 0xFF, p, wb),
                 G7SF_ESTATE);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 1, 0, BYTE_READ, B1 | SIMD16, 0), 0xFF, p, wb), G7SF_EMLEN);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 2, 0, BYTE_READ, B1 | SIMD16, 0), 0xFF, p, wb), 0);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 1, 0, BYTE_READ, B1 | SIMD16, 0), 0xFF, p, wb), G7SF_ERLEN);
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 0, BYTE_WRITE, B1 | SIMD16, 0), 0xFF, p, NULL),
             G7SF_EMLEN);
    g7sf_gpu_destroy(gpu);
}
