/* Untyped surfaces, SLM and byte scattered access called directly
 * (dataport.h): g7sf_dp_untyped_from_surface, g7sf_dp_untyped_offset(s),
 * g7sf_dp_untyped_read/write, g7sf_dp_byte_gather/scatter.  Expected
 * values by hand from §3.9.9 (spec 9093-9109: raw buffers of RAW
 * SURFTYPE_BUFFER, structured buffers of RAW SURFTYPE_STRBUF, U bytes or U
 * x pitch + V, DWord aligned; channels R, G, B, A the DWords at +0, +4,
 * +8, +12), §3.2.3 (64 KiB of SLM, wrapping) and the header's packing. */
#include <stdlib.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"
#include "harness.h"

#define BUF 0x00300000u

/* A raw buffer of `bytes` at BUF as the untyped messages see it (from its
 * surface state), memory DWord i = 0x100 + i for 80 DWords. */
static g7sf_gpu *raw_gpu(uint32_t bytes, g7sf_dp_untyped *u)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, BUF,
                                                 bytes, 1);
    CHECK_EQ(g7sf_dp_untyped_from_surface(&ss, G7SF_DP_UNTYPED_RAW, u), 0);
    dpa_fill(gpu, BUF, 80, 0x100);
    return gpu;
}

/* The result of from_surface on ss under `rules`, *u garbage before. */
static int from_surface(const g7sf_render_surface_state *ss, enum g7sf_dp_untyped_rules rules,
                        g7sf_dp_untyped *u)
{
    *u = (g7sf_dp_untyped){ (uint8_t *)u, { 0x55, 0x55 }, 0x55 };
    return g7sf_dp_untyped_from_surface(ss, rules, u);
}

TEST(untyped_from_surface_raw_and_structured_rules)
{
    g7sf_dp_untyped u;
    /* RAW BUFFER: bytes */
    g7sf_render_surface_state ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, BUF,
                                                 100, 1);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), 0);
    CHECK(u.slm == NULL);
    CHECK_EQ(u.buf.base, BUF);
    CHECK_EQ(u.buf.size, 100);
    CHECK_EQ(u.pitch, 0);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_BYTE, &u), 0);
    CHECK_EQ(u.buf.size, 100);
    /* a BUFFER of another format: refused by the untyped messages (9151),
     * 4-byte elements for byte scattered */
    ss.surface_format = G7SF_FORMAT_R32_UINT;
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), G7SF_ESTATE);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_BYTE, &u), 0);
    CHECK_EQ(u.buf.size, 400);
    CHECK_EQ(u.pitch, 0);
    /* RAW STRBUF: entries x pitch (Surface Pitch + 1 = 24); byte scattered
     * takes no structured buffer; STRBUF is RAW too (9099) */
    ss = dpa_buffer_ss(G7SF_SURFTYPE_STRBUF, G7SF_FORMAT_RAW, BUF, 10, 24);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), 0);
    CHECK_EQ(u.pitch, 24);
    CHECK_EQ(u.buf.base, BUF);
    CHECK_EQ(u.buf.size, 240);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_BYTE, &u), G7SF_ESTATE);
    ss.surface_format = G7SF_FORMAT_R32_UINT;
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), G7SF_ESTATE);
    /* tiled, a base that is not DWord aligned, not a buffer: refused */
    ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, BUF, 64, 1);
    ss.tiled_surface = 1;
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), G7SF_ESTATE);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_BYTE, &u), G7SF_ESTATE);
    ss.tiled_surface = 0;
    ss.surface_base_address = BUF + 2;
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), G7SF_ESTATE);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_BYTE, &u), G7SF_ESTATE);
    ss.surface_base_address = BUF + 4;
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), 0);
    CHECK_EQ(u.buf.base, BUF + 4);
    ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_RAW, BUF, 4, 4, 1, 16);
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), G7SF_ESTATE);
    /* SURFTYPE_NULL: an empty target */
    ss.surface_type = G7SF_SURFTYPE_NULL;
    CHECK_EQ(from_surface(&ss, G7SF_DP_UNTYPED_RAW, &u), 0);
    CHECK(u.slm == NULL);
    CHECK_EQ(u.buf.size, 0);
    CHECK_EQ(u.pitch, 0);
    CHECK_EQ(g7sf_dp_untyped_from_surface(NULL, G7SF_DP_UNTYPED_RAW, &u), G7SF_EINVAL);
}

TEST(untyped_offset_structured_and_raw)
{
    /* structured, pitch 24: U x 24 + V, V's low two bits no address bits */
    g7sf_dp_untyped s = { .pitch = 24 };
    CHECK_EQ(g7sf_dp_untyped_offset(&s, 3, 4), 76);
    CHECK_EQ(g7sf_dp_untyped_offset(&s, 3, 7), 76);
    CHECK_EQ(g7sf_dp_untyped_offset(&s, 3, 8), 80);
    CHECK_EQ(g7sf_dp_untyped_offset(&s, 0, 3), 0);
    /* U x pitch in 64 bits: (2^32 - 1) x 2048 */
    s.pitch = 2048;
    CHECK_EQ(g7sf_dp_untyped_offset(&s, 0xFFFFFFFFu, 0xFFFFFFFFu),
             0xFFFFFFFFull * 2048 + 0xFFFFFFFCull);
    /* raw: U with its low two bits dropped, V unused */
    const g7sf_dp_untyped r = { .buf = { BUF, 1024 } };
    CHECK_EQ(g7sf_dp_untyped_offset(&r, 0x1007, 0x55), 0x1004);
    CHECK_EQ(g7sf_dp_untyped_offset(&r, 0xFFFFFFFFu, 0), 0xFFFFFFFCull);
}

/* The batch form: slot i is g7sf_dp_untyped_offset(U[i], V[i]), V NULL
 * meaning 0, for raw and structured targets and a NULL target (raw). */
TEST(untyped_offsets_batch_is_the_single_form_per_slot)
{
    static const uint32_t pitches[] = { 0, 1, 4, 24, 2048, 0xFFFFFFFFu };
    for (unsigned t = 0; t < 6 * 40; t++) {
        g7sf_dp_untyped u = { .pitch = pitches[t % 6] };
        uint32_t U[32], V[32];
        uint64_t got[33], nov[33];
        unsigned n = (unsigned)(t_rand() % 33);
        for (unsigned i = 0; i < 32; i++) {
            U[i] = t_rand() % 3 ? (uint32_t)t_rand() : 0xFFFFFFFFu - (uint32_t)(t_rand() % 8);
            V[i] = (uint32_t)t_rand();
        }
        got[n] = nov[n] = 0x5555;   /* past the last slot: untouched */
        g7sf_dp_untyped_offsets(t % 12 == 11 ? NULL : &u, U, V, n, got);
        g7sf_dp_untyped_offsets(&u, U, NULL, n, nov);
        for (unsigned i = 0; i < n; i++) {
            uint64_t want = g7sf_dp_untyped_offset(t % 12 == 11 ? NULL : &u, U[i], V[i]);
            CHECKF(got[i] == want, "pitch %u slot %u U 0x%X V 0x%X: 0x%llX, want 0x%llX",
                   u.pitch, i, U[i], V[i], (unsigned long long)got[i], (unsigned long long)want);
            CHECK_EQ(nov[i], g7sf_dp_untyped_offset(&u, U[i], 0));
        }
        CHECK_EQ(got[n], 0x5555);
        CHECK_EQ(nov[n], 0x5555);
    }
    /* NULL U or offsets: nothing to do, nothing touched */
    uint64_t o = 7;
    g7sf_dp_untyped_offsets(NULL, NULL, NULL, 4, &o);
    CHECK_EQ(o, 7);
}

TEST(untyped_read_write_pack_taken_channels)
{
    g7sf_dp_untyped u;
    g7sf_gpu *gpu = raw_gpu(256, &u);
    /* channels 1010b: G (+4) and A (+12).  Slot 2 at byte 248: G = bytes
     * 252-255 (in), A = bytes 260-263 (past 256: 0) */
    const uint64_t off[3] = { 0, 32, 248 };
    uint32_t d[6];
    dpa_set(d, 6, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, off, 3, 0x7, 0xA, d), 0);
    const uint32_t want[6] = { 0x101, 0x109, 0x13F, 0x103, 0x10B, 0 };
    for (unsigned i = 0; i < 6; i++)
        CHECK_EQ(d[i], want[i]);
    /* slot 1 disabled: its two entries untouched */
    dpa_set(d, 6, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, off, 3, 0x5, 0xA, d), 0);
    CHECK_EQ(d[0], 0x101);
    CHECK_EQ(d[1], DPA_SENTINEL);
    CHECK_EQ(d[4], DPA_SENTINEL);
    CHECK_EQ(d[5], 0);
    /* a write takes the same packing; R and B, the past-the-end A and the
     * disabled slot 1 stay */
    const uint32_t w[6] = { 0xA0, 0xA1, 0xA2, 0xB0, 0xB1, 0xB2 };
    CHECK_EQ(g7sf_dp_untyped_write(gpu, &u, off, 3, 0x5, 0xA, w), 0);
    const uint32_t mem[][2] = { { 0, 0x100 }, { 4, 0xA0 }, { 8, 0x102 }, { 12, 0xB0 },
                                { 36, 0x109 }, { 44, 0x10B }, { 248, 0x13E }, { 252, 0xA2 },
                                { 256, 0x140 }, { 260, 0x141 } };
    for (unsigned i = 0; i < sizeof mem / sizeof mem[0]; i++)
        CHECKF(t_peek(gpu, BUF + mem[i][0]) == mem[i][1], "byte %u: got 0x%x, want 0x%x",
               mem[i][0], t_peek(gpu, BUF + mem[i][0]), mem[i][1]);
    /* four channels: data[k * n + i] */
    const uint64_t one[1] = { 64 };
    uint32_t rgba[4];
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, one, 1, 1, 0xF, rgba), 0);
    for (unsigned k = 0; k < 4; k++)
        CHECK_EQ(rgba[k], 0x110 + k);
    /* no channel: nothing; a fifth channel bit: refused */
    dpa_set(d, 6, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, off, 3, 0x7, 0, d), 0);
    CHECK_EQ(d[0], DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, off, 3, 0x7, 0x10, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_untyped_write(gpu, &u, off, 3, 0x7, 0x1F, w), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, off, 33, 0x7, 0x1, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_untyped_write(gpu, NULL, off, 3, 0x7, 0x1, w), G7SF_EINVAL);
    CHECK_EQ(t_peek(gpu, BUF), 0x100);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_channels_past_2_64_are_outside_a_buffer)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    /* channel G of a slot at 2^64 - 4 is at 2^64: outside every buffer,
     * not byte 0 (2^64 mod 2^64) of this 8 GiB one */
    dpa_fill(gpu, 0, 2, 0x3000);
    const g7sf_dp_untyped big = { .buf = { 0, 0x200000000ull } };
    const uint64_t off[1] = { UINT64_MAX - 3 };
    uint32_t d[2] = { DPA_SENTINEL, DPA_SENTINEL };
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &big, off, 1, 1, 0x3, d), 0);
    CHECK_EQ(d[0], 0);
    CHECK_EQ(d[1], 0);
    const uint32_t w[2] = { 0xF0, 0xF1 };
    CHECK_EQ(g7sf_dp_untyped_write(gpu, &big, off, 1, 1, 0x3, w), 0);
    CHECK_EQ(t_peek(gpu, 0), 0x3000);
    CHECK_EQ(t_peek(gpu, 4), 0x3001);
    /* SLM has no end: 2^64 - 4 is byte 0xFFFC of it and 2^64 is byte 0 */
    uint8_t *slm = calloc(G7SF_SLM_SIZE, 1);
    const g7sf_dp_untyped shared = { .slm = slm };
    CHECK_EQ(g7sf_dp_untyped_write(gpu, &shared, off, 1, 1, 0x3, w), 0);
    CHECK_EQ(slm[0xFFFC], 0xF0);
    CHECK_EQ(slm[0], 0xF1);
    free(slm);
    g7sf_gpu_destroy(gpu);
}

TEST(slm_elements_wrap_around_the_64_kib)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint8_t *slm = calloc(G7SF_SLM_SIZE, 1);
    const g7sf_dp_untyped u = { .slm = slm };
    /* R at 0xFFFE spans bytes FFFE, FFFF, 0, 1; G continues at 2..5 */
    const uint64_t off[1] = { 0xFFFE };
    const uint32_t w[2] = { 0x44332211u, 0x88776655u };
    CHECK_EQ(g7sf_dp_untyped_write(gpu, &u, off, 1, 1, 0x3, w), 0);
    const unsigned at[8] = { 0xFFFE, 0xFFFF, 0, 1, 2, 3, 4, 5 };
    for (unsigned b = 0; b < 8; b++)
        CHECK_EQ(slm[at[b]], 0x11 * (b + 1));
    CHECK_EQ(slm[0xFFFD], 0);
    CHECK_EQ(slm[6], 0);
    uint32_t d[2];
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, off, 1, 1, 0x3, d), 0);
    CHECK_EQ(d[0], 0x44332211u);
    CHECK_EQ(d[1], 0x88776655u);
    /* an offset past 64 KiB names the same bytes as its low 16 bits */
    const uint64_t far[1] = { 0x10002 };
    CHECK_EQ(g7sf_dp_untyped_read(gpu, &u, far, 1, 1, 0x1, d), 0);
    CHECK_EQ(d[0], 0x88776655u);
    /* byte scattered wraps the same way: two bytes at 0xFFFF */
    const uint64_t last[1] = { 0xFFFF };
    const uint32_t v[1] = { 0xCCBBAA99u };
    CHECK_EQ(g7sf_dp_byte_scatter(gpu, &u, last, 1, 1, 2, v), 0);
    CHECK_EQ(slm[0xFFFF], 0x99);
    CHECK_EQ(slm[0], 0xAA);
    CHECK_EQ(slm[1], 0x44);
    free(slm);
    g7sf_gpu_destroy(gpu);
}

/* A 16-byte buffer for byte scattered (4 R32_UINT elements) at BUF,
 * memory byte k = 0x10 + k for 32 bytes. */
static g7sf_gpu *byte_gpu(g7sf_dp_untyped *u)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R32_UINT,
                                                 BUF, 4, 1);
    CHECK_EQ(g7sf_dp_untyped_from_surface(&ss, G7SF_DP_UNTYPED_BYTE, u), 0);
    CHECK_EQ(u->buf.size, 16);
    dpa_fill_bytes(gpu, BUF, 32, 0x10);
    return gpu;
}

TEST(byte_gather_replaces_only_the_low_bytes)
{
    g7sf_dp_untyped u;
    g7sf_gpu *gpu = byte_gpu(&u);
    /* one byte at 5 and at 0 */
    const uint64_t o1[2] = { 5, 0 };
    uint32_t d[3] = { 0xAABBCCDDu, 0x11223344u, DPA_SENTINEL };
    CHECK_EQ(g7sf_dp_byte_gather(gpu, &u, o1, 2, 0x3, 1, d), 0);
    CHECK_EQ(d[0], 0xAABBCC15u);
    CHECK_EQ(d[1], 0x11223310u);
    /* two bytes at the odd offset 7; two at 15 run past byte 16: the low
     * half reads 0, the high half is kept; slot 2 disabled */
    const uint64_t o2[3] = { 7, 15, 0 };
    dpa_set(d, 3, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_byte_gather(gpu, &u, o2, 3, 0x3, 2, d), 0);
    CHECK_EQ(d[0], 0xDEAD1817u);
    CHECK_EQ(d[1], 0xDEAD0000u);
    CHECK_EQ(d[2], DPA_SENTINEL);
    /* four bytes at 9 replace all of data[i]; at 13 they pass the end */
    const uint64_t o4[2] = { 9, 13 };
    dpa_set(d, 2, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_byte_gather(gpu, &u, o4, 2, 0x3, 4, d), 0);
    CHECK_EQ(d[0], 0x1C1B1A19u);
    CHECK_EQ(d[1], 0);
    /* 3 bytes (and 0, 8) are no size */
    dpa_set(d, 2, DPA_SENTINEL);
    CHECK_EQ(g7sf_dp_byte_gather(gpu, &u, o4, 2, 0x3, 3, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_byte_gather(gpu, &u, o4, 2, 0x3, 0, d), G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_byte_gather(gpu, &u, o4, 2, 0x3, 8, d), G7SF_EINVAL);
    CHECK_EQ(d[0], DPA_SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(byte_scatter_stores_the_low_bytes_in_bounds)
{
    g7sf_dp_untyped u;
    g7sf_gpu *gpu = byte_gpu(&u);
    /* two bytes at 3: 0x78 0x56; bytes 2 and 5 keep theirs */
    const uint64_t o2[1] = { 3 };
    const uint32_t v[1] = { 0x12345678u };
    CHECK_EQ(g7sf_dp_byte_scatter(gpu, &u, o2, 1, 1, 2, v), 0);
    CHECK_EQ(dpa_peek8(gpu, BUF + 2), 0x12);
    CHECK_EQ(dpa_peek8(gpu, BUF + 3), 0x78);
    CHECK_EQ(dpa_peek8(gpu, BUF + 4), 0x56);
    CHECK_EQ(dpa_peek8(gpu, BUF + 5), 0x15);
    /* one byte at 15, the last; slot 1's byte at 16 is outside */
    const uint64_t o1[2] = { 15, 16 };
    const uint32_t b[2] = { 0xFFFFFF99u, 0x77 };
    CHECK_EQ(g7sf_dp_byte_scatter(gpu, &u, o1, 2, 0x3, 1, b), 0);
    CHECK_EQ(dpa_peek8(gpu, BUF + 15), 0x99);
    CHECK_EQ(dpa_peek8(gpu, BUF + 16), 0x20);
    /* four bytes at the odd offset 9; at 14 they straddle the end: not
     * written, not even bytes 14 and 15 */
    const uint64_t o4[2] = { 9, 14 };
    const uint32_t q[2] = { 0xD4C3B2A1u, 0x01020304u };
    CHECK_EQ(g7sf_dp_byte_scatter(gpu, &u, o4, 2, 0x3, 4, q), 0);
    const uint8_t want[8] = { 0x18, 0xA1, 0xB2, 0xC3, 0xD4, 0x1D, 0x1E, 0x99 };
    for (unsigned k = 0; k < 8; k++)
        CHECK_EQ(dpa_peek8(gpu, BUF + 8 + k), want[k]);
    CHECK_EQ(dpa_peek8(gpu, BUF + 16), 0x20);
    CHECK_EQ(dpa_peek8(gpu, BUF + 17), 0x21);
    /* a disabled slot and a bad size write nothing */
    CHECK_EQ(g7sf_dp_byte_scatter(gpu, &u, o4, 2, 0x0, 4, q), 0);
    CHECK_EQ(g7sf_dp_byte_scatter(gpu, &u, o2, 1, 1, 3, v), G7SF_EINVAL);
    CHECK_EQ(dpa_peek8(gpu, BUF + 3), 0x78);
    CHECK_EQ(dpa_peek8(gpu, BUF + 9), 0xA1);
    g7sf_gpu_destroy(gpu);
}
