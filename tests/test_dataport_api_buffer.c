/* The data port's buffer functions called directly (dataport.h): the
 * buffer a surface state gives the OWord/DWord messages, block read/write
 * and DWord gather/scatter.  Expected values by hand from the header's
 * rules: slot i at offset + 4i, every DWord checked whole, an access
 * outside reads 0 and is never written, disabled slots untouched,
 * ascending slots (the highest wins on equal offsets). */
#include <stdint.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"
#include "harness.h"

#define BUF 0x00200000u
#define BUF_BYTES 64u   /* DWords 0-15 */

/* A 64-byte buffer at BUF; memory DWord i from BUF on = 0x1000 + i for 32
 * DWords, so that a read past the buffer would see nonzero data. */
static g7sf_gpu *buffer_gpu(g7sf_dp_buffer *buf)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    dpa_fill(gpu, BUF, 32, 0x1000);
    *buf = (g7sf_dp_buffer){ BUF, BUF_BYTES };
    return gpu;
}

/* A block read of n slots into DPA_SENTINEL-filled data, compared with
 * want[0..n-1] (DPA_SENTINEL: the slot untouched). */
static void check_block_read(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset,
                             unsigned n, uint32_t enable, const uint32_t *want)
{
    uint32_t d[32];
    dpa_set(d, 32, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_block_read(gpu, buf, offset, n, enable, d), 0);
    for (unsigned i = 0; i < n; i++)
        CHECKF(d[i] == want[i], "offset 0x%llx slot %u: 0x%x, want 0x%x",
               (unsigned long long)offset, i, d[i], want[i]);
    if (n < 32)
        CHECK_EQ(d[n], DPA_SENTINEL);   /* nothing past n */
}

TEST(buffer_from_surface_sizes_and_refusals)
{
    g7sf_dp_buffer b;
    /* any format but RAW: entries x 16 bytes (one OWord an entry), even
     * R32_UINT; 300 entries = 299 over Width [6:0] 43 and Height 2 */
    g7sf_render_surface_state ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R32_UINT,
                                                 BUF, 300, 1);
    CHECK_EQ(ss.width, 43);
    CHECK_EQ(ss.height, 2);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), 0);
    CHECK_EQ(b.base, BUF);
    CHECK_EQ(b.size, 300 * 16);
    /* RAW: one byte an entry; Depth holds bits [30:21], so 2^31 entries */
    ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, BUF, 100, 1);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), 0);
    CHECK_EQ(b.size, 100);
    ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, 0, 0x80000000u, 1);
    CHECK_EQ(ss.depth, 0x3FF);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), 0);
    CHECK_EQ(b.size, 0x80000000ull);
    /* SURFTYPE_NULL: empty, whatever the other fields */
    ss.surface_type = G7SF_SURFTYPE_NULL;
    ss.tiled_surface = 1;
    b = (g7sf_dp_buffer){ 1, 1 };
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), 0);
    CHECK_EQ(b.base, 0);
    CHECK_EQ(b.size, 0);
    /* refused: tiled, a base off the alignment asked for, not a buffer */
    ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, BUF + 8, 64, 1);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), G7SF_ESTATE);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 4, &b), 0);
    CHECK_EQ(b.base, BUF + 8);
    ss.tiled_surface = 1;
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 4, &b), G7SF_ESTATE);
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, BUF, 4, 4, 1, 16);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), G7SF_ESTATE);
    ss = dpa_buffer_ss(G7SF_SURFTYPE_STRBUF, G7SF_FORMAT_RAW, BUF, 4, 16);
    CHECK_EQ(g7sf_dp_buffer_from_surface(&ss, 16, &b), G7SF_ESTATE);
}

TEST(block_read_write_in_bounds)
{
    g7sf_dp_buffer buf;
    g7sf_gpu *gpu = buffer_gpu(&buf);
    /* byte 8 = DWord 2: slots 0-7 = DWords 2-9 */
    const uint32_t at8[8] = { 0x1002, 0x1003, 0x1004, 0x1005, 0x1006, 0x1007, 0x1008, 0x1009 };
    check_block_read(gpu, &buf, 8, 8, 0xFF, at8);
    /* the whole buffer, enable bits above n ignored */
    const uint32_t all[16] = { 0x1000, 0x1001, 0x1002, 0x1003, 0x1004, 0x1005, 0x1006, 0x1007,
                               0x1008, 0x1009, 0x100A, 0x100B, 0x100C, 0x100D, 0x100E, 0x100F };
    check_block_read(gpu, &buf, 0, 16, 0xFFFFFFFFu, all);
    /* an unaligned block: slot 0 = bytes 6-9 = high half of DWord 1, low
     * half of DWord 2 (little-endian) */
    const uint32_t at6[2] = { 0x10020000u, 0x10030000u };
    check_block_read(gpu, &buf, 6, 2, 0x3, at6);
    const uint32_t w[4] = { 0xA0, 0xA1, 0xA2, 0xA3 };
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 20, 4, 0xF, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 16), 0x1004);
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(t_peek(gpu, BUF + 20 + 4 * i), 0xA0 + i);
    CHECK_EQ(t_peek(gpu, BUF + 36), 0x1009);
    g7sf_gpu_destroy(gpu);
}

TEST(block_partly_out_of_bounds_reads_zero_and_writes_nothing_there)
{
    g7sf_dp_buffer buf;
    g7sf_gpu *gpu = buffer_gpu(&buf);
    /* bytes 48..79: slots 0-3 are DWords 12-15, slots 4-7 past byte 64 */
    const uint32_t at48[8] = { 0x100C, 0x100D, 0x100E, 0x100F, 0, 0, 0, 0 };
    check_block_read(gpu, &buf, 48, 8, 0xFF, at48);
    /* a DWord across the end is outside whole: bytes 58-61 are in (DWord
     * 14's high half, 15's low half), 62-65 are not */
    const uint32_t at58[2] = { 0x100F0000u, 0 };
    check_block_read(gpu, &buf, 58, 2, 0x3, at58);
    /* write bytes 56..71: DWords 14, 15 written, 16, 17 (past the end) and
     * 13 (before) keep their values */
    const uint32_t w[4] = { 0xB0, 0xB1, 0xB2, 0xB3 };
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 56, 4, 0xF, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 52), 0x100D);
    CHECK_EQ(t_peek(gpu, BUF + 56), 0xB0);
    CHECK_EQ(t_peek(gpu, BUF + 60), 0xB1);
    CHECK_EQ(t_peek(gpu, BUF + 64), 0x1010);
    CHECK_EQ(t_peek(gpu, BUF + 68), 0x1011);
    /* the straddling DWord at byte 62 is not written, not even in part */
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 62, 1, 0x1, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 60), 0xB1);
    CHECK_EQ(t_peek(gpu, BUF + 64), 0x1010);
    /* wholly outside */
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 64, 2, 0x3, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 64), 0x1010);
    CHECK_EQ(t_peek(gpu, BUF + 68), 0x1011);
    g7sf_gpu_destroy(gpu);
}

TEST(block_disabled_slots_are_untouched)
{
    g7sf_dp_buffer buf;
    g7sf_gpu *gpu = buffer_gpu(&buf);
    /* 1010 0101b: slots 0, 2, 5, 7 */
    const uint32_t s = DPA_SENTINEL;
    const uint32_t some[8] = { 0x1000, s, 0x1002, s, s, 0x1005, s, 0x1007 };
    check_block_read(gpu, &buf, 0, 8, 0xA5, some);
    /* 0101 1010b: slots 1, 3, 4, 6 written */
    const uint32_t w[8] = { 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7 };
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 0, 8, 0x5A, w), 0);
    for (unsigned i = 0; i < 8; i++)
        CHECK_EQ(t_peek(gpu, BUF + 4 * i), (0x5A >> i & 1) ? 0xC0 + i : 0x1000 + i);
    /* nothing enabled: nothing read or written */
    const uint32_t none[8] = { s, s, s, s, s, s, s, s };
    check_block_read(gpu, &buf, 0, 8, 0, none);
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 0, 8, 0, w), 0);
    CHECK_EQ(t_peek(gpu, BUF), 0x1000);
    g7sf_gpu_destroy(gpu);
}

TEST(block_and_gather_argument_errors)
{
    g7sf_dp_buffer buf;
    g7sf_gpu *gpu = buffer_gpu(&buf);
    uint32_t d[33];
    uint64_t off[33] = { 0 };
    dpa_set(d, 33, DPA_SENTINEL);
    /* n = 0: nothing happens */
    CHECK_EQ(g7sf_dp_block_read(gpu, &buf, 0, 0, 0xFFFFFFFFu, d), 0);
    CHECK_EQ(d[0], DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 0, 0, 0xFFFFFFFFu, d), 0);
    CHECK_EQ(t_peek(gpu, BUF), 0x1000);
    CHECK_EQ(g7sf_dp_gather(gpu, &buf, off, 0, 0xFFFFFFFFu, d), 0);
    CHECK_EQ(g7sf_dp_scatter(gpu, &buf, off, 0, 0xFFFFFFFFu, d), 0);
    CHECK_EQ(d[0], DPA_SENTINEL);
    CHECK_EQ(t_peek(gpu, BUF), 0x1000);
    /* n = 33: more slots than a message has */
    CHECK_EQ(g7sf_dp_block_read(gpu, &buf, 0, 33, 0xFFFFFFFFu, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 0, 33, 0xFFFFFFFFu, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_gather(gpu, &buf, off, 33, 0xFFFFFFFFu, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_scatter(gpu, &buf, off, 33, 0xFFFFFFFFu, d), G7SF_EINVAL);
    CHECK_EQ(d[0], DPA_SENTINEL);
    CHECK_EQ(t_peek(gpu, BUF), 0x1000);
    /* NULL pointers */
    CHECK_EQ(g7sf_dp_block_read(NULL, &buf, 0, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_block_read(gpu, NULL, 0, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_block_read(gpu, &buf, 0, 1, 1, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_block_write(NULL, &buf, 0, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_block_write(gpu, NULL, 0, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_block_write(gpu, &buf, 0, 1, 1, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_gather(gpu, &buf, NULL, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_gather(gpu, &buf, off, 1, 1, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_scatter(gpu, &buf, NULL, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_scatter(gpu, NULL, off, 1, 1, d), G7SF_EINVAL);
    CHECK_EQ(t_peek(gpu, BUF), 0x1000);
    /* 32 slots is the most, and allowed */
    CHECK_EQ(g7sf_dp_block_read(gpu, &buf, 0, 32, 0xFFFFFFFFu, d), 0);
    CHECK_EQ(d[15], 0x100F);
    CHECK_EQ(d[16], 0);   /* byte 64: outside */
    CHECK_EQ(d[32], DPA_SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(block_offsets_near_4_gib)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const uint32_t w[4] = { 0xD0, 0xD1, 0xD2, 0xD3 };
    dpa_fill(gpu, 0xFFFFFFF0u, 4, 0x2000);   /* the last 16 bytes of the space */
    dpa_fill(gpu, 0, 2, 0x3000);             /* where a wrapped address would land */
    /* a buffer whose size runs past 4 GiB: slots at 0xFFFFFFF8 and
     * 0xFFFFFFFC are in, those at 2^32 and 2^32 + 4 outside the space */
    const g7sf_dp_buffer top = { 0xFFFFFFF0u, 0x100 };
    const uint32_t at_top[4] = { 0x2002, 0x2003, 0, 0 };
    check_block_read(gpu, &top, 8, 4, 0xF, at_top);
    CHECK_EQ(g7sf_dp_block_write(gpu, &top, 8, 4, 0xF, w), 0);
    CHECK_EQ(t_peek(gpu, 0xFFFFFFF8u), 0xD0);
    CHECK_EQ(t_peek(gpu, 0xFFFFFFFCu), 0xD1);
    CHECK_EQ(t_peek(gpu, 0), 0x3000);
    CHECK_EQ(t_peek(gpu, 4), 0x3001);
    /* a base-0 buffer of 8 GiB: byte offset 2^32 - 4 is the last DWord of
     * the space, 2^32 is outside it though inside the buffer's size */
    const g7sf_dp_buffer big = { 0, 0x200000000ull };
    const uint32_t at_last[2] = { 0xD1, 0 };
    check_block_read(gpu, &big, 0xFFFFFFFCull, 2, 0x3, at_last);
    CHECK_EQ(g7sf_dp_block_write(gpu, &big, 0x100000000ull, 2, 0x3, w), 0);
    CHECK_EQ(t_peek(gpu, 0), 0x3000);
    CHECK_EQ(t_peek(gpu, 4), 0x3001);
    /* slot 1 of a block at byte 2^64 - 4 is at 2^64, not at byte 0 */
    const uint32_t zeros[2] = { 0, 0 };
    check_block_read(gpu, &big, UINT64_MAX - 3, 2, 0x3, zeros);
    CHECK_EQ(g7sf_dp_block_write(gpu, &big, UINT64_MAX - 3, 2, 0x3, w), 0);
    CHECK_EQ(t_peek(gpu, 0), 0x3000);
    g7sf_gpu_destroy(gpu);
}

TEST(gather_scatter_equal_offsets_highest_slot_wins)
{
    g7sf_dp_buffer buf;
    g7sf_gpu *gpu = buffer_gpu(&buf);
    /* slots 0, 2, 3 at byte 8 and slot 1 at byte 12: slot 3 writes last */
    const uint64_t off[4] = { 8, 12, 8, 8 };
    const uint32_t w[4] = { 0xE0, 0xE1, 0xE2, 0xE3 };
    CHECK_EQ(g7sf_dp_scatter(gpu, &buf, off, 4, 0xF, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 8), 0xE3);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0xE1);
    /* without slot 3, slot 2 is the highest at byte 8 */
    CHECK_EQ(g7sf_dp_scatter(gpu, &buf, off, 4, 0x7, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 8), 0xE2);
    CHECK_EQ(t_peek(gpu, BUF + 4), 0x1001);
    CHECK_EQ(t_peek(gpu, BUF + 16), 0x1004);
    /* gather: equal offsets all read the same DWord; out of bounds reads
     * 0; the disabled slot 2 keeps its value */
    const uint64_t goff[5] = { 12, 12, 0, 64, 0 };
    uint32_t d[5];
    dpa_set(d, 5, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_gather(gpu, &buf, goff, 5, 0x1B, d), 0);
    CHECK_EQ(d[0], 0xE1);
    CHECK_EQ(d[1], 0xE1);
    CHECK_EQ(d[2], DPA_SENTINEL);
    CHECK_EQ(d[3], 0);
    CHECK_EQ(d[4], 0x1000);
    /* consecutive offsets with a disabled slot in between: the gap stays */
    const uint64_t run[4] = { 32, 36, 40, 44 };
    CHECK_EQ(g7sf_dp_scatter(gpu, &buf, run, 4, 0xB, w), 0);
    CHECK_EQ(t_peek(gpu, BUF + 32), 0xE0);
    CHECK_EQ(t_peek(gpu, BUF + 36), 0xE1);
    CHECK_EQ(t_peek(gpu, BUF + 40), 0x100A);
    CHECK_EQ(t_peek(gpu, BUF + 44), 0xE3);
    g7sf_gpu_destroy(gpu);
}
