/* Render Target Write (§3.9.11) on 1D, 3D, cube and buffer targets
 * (restrictions 10164-10188, Render Target Array Index M0.0[26:16] and its
 * override 10385-10395) and on an 8x compressed multisampled target.
 * Targets are linear R8G8B8A8_UNORM unless said; addresses by hand from
 * the surface layout rules. */
#include <string.h>

#include "gen7sf/render_cache.h"
#include "gen7sf/surface.h"
#include "gpu_setup.h"
#include "harness.h"
#include "rt_setup.h"

#define SENTINEL 0xDEADBEEFu
#define MCS_BASE 0x00600000u
#define SMP_BTI 3

enum { T_1D = 0, T_3D = 2, T_CUBE = 3, T_BUFFER = 4 };

/* RENDER_SURFACE_STATE DW0-DW5 (gen7.xml): DW0 Surface Array [28], Array
 * Spacing [10] (1 LOD0); DW2 Height [29:16] Width [13:0]; DW3 Depth [31:21]
 * Pitch [17:0]; DW4 Minimum Array Element [28:18]; DW5 LOD [3:0]. */
static void bind(g7sf_gpu *gpu, uint32_t dw0, uint32_t w, uint32_t h, uint32_t d,
                 uint32_t pitch, uint32_t min_elem, uint32_t lod, uint32_t fill_bytes)
{
    const uint32_t ss[8] = { dw0, RT_BASE, (h - 1) << 16 | (w - 1), (d - 1) << 21 | (pitch - 1),
                             min_elem << 18, lod };
    t_bind_state(gpu, RT_BTI, ss);
    for (uint32_t a = 0; a < fill_bytes; a += 4)
        t_poke(gpu, RT_BASE + a, SENTINEL);
}

/* SIMD8 with a header: Render Target Array Index rtai, two subspans. */
static void send(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t rtai, const uint16_t xy[4][2],
                 uint32_t enables)
{
    g7sf_reg p[6];
    rt_header(p, rtai << 16, 0, xy, enables);
    rt_colors(&p[2], 8);
    CHECK_EQ(rt_send(gpu, thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
}

/* Counts the DWords in [0, bytes) of the target that are not SENTINEL. */
static unsigned written(g7sf_gpu *gpu, uint32_t bytes)
{
    unsigned n = 0;
    for (uint32_t a = 0; a < bytes; a += 4)
        n += t_peek(gpu, RT_BASE + a) != SENTINEL;
    return n;
}

/* An arrayed target at LOD 0 and what one message writes in the slice its
 * array index selects: n DWords at offsets off[] from the slice, slot[]'s
 * colours, nothing else in the first `size` bytes. */
typedef struct slice_target {
    uint32_t dw0, w, h, d, pitch, min_elem, slice_bytes, size;
    uint16_t xy[4][2];
    uint32_t enables;
    unsigned n;
    uint32_t off[4];
    unsigned slot[4];
} slice_target;

typedef struct { uint32_t rtai, slice; } rtai_case;

static void check_slices(g7sf_gpu *gpu, const g7sf_thread *thr, const slice_target *t,
                         const rtai_case *cases, unsigned ncases)
{
    for (unsigned k = 0; k < ncases; k++) {
        bind(gpu, t->dw0, t->w, t->h, t->d, t->pitch, t->min_elem, 0, t->size);
        send(gpu, thr, cases[k].rtai, t->xy, t->enables);
        uint32_t base = RT_BASE + t->slice_bytes * cases[k].slice;
        for (unsigned i = 0; i < t->n; i++)
            CHECKF(t_peek(gpu, base + t->off[i]) == rt_slot_rgba8(t->slot[i]),
                   "depth %u RTAI %u: slice %u +%u", t->d, cases[k].rtai, cases[k].slice,
                   t->off[i]);
        CHECKF(written(gpu, t->size) == t->n, "depth %u RTAI %u: %u DWords written", t->d,
               cases[k].rtai, written(gpu, t->size));
    }
}

/* 1D array, 8 wide, 4 slices, ARYSPC_LOD0: QPitch = height 1 aligned to
 * VALIGN 2 = 2 rows of 32 bytes, slice s at 64 s.  Only y = 0 exists: the
 * lower pixels of a subspan (y = 1) are outside the surface and dropped
 * (10166 "Y must be zero", 10188), not written into the QPitch padding.
 * Minimum Array Element 1: an index outside [1, Depth 3] becomes 1. */
TEST(one_d_array_slice_from_array_index_and_y_nonzero_dropped)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const slice_target t = { rt_ss_dw0(T_1D, 0x0C7, 0) | 1u << 28 | 1u << 10, 8, 1, 4, 32, 1,
                             64, 4 * 64, { { 2, 0 }, { 6, 0 } }, 0xFF,
                             4, { 8, 12, 24, 28 }, { 0, 1, 4, 5 } };
    const rtai_case cases[] = { { 2, 2 }, { 3, 3 }, { 0, 1 }, { 4, 1 }, { 511, 1 } };
    check_slices(gpu, &thr, &t, cases, sizeof cases / sizeof *cases);
    g7sf_gpu_destroy(gpu);
}

/* 3D 4x2x4, LOD 0: slices stacked, each 2 rows (VALIGN 2) of 16 bytes, z
 * at 32 z.  Minimum Array Element 1: z outside [1, Depth 3] becomes 1. */
TEST(three_d_array_index_is_the_depth_slice_with_the_override)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const slice_target t = { rt_ss_dw0(T_3D, 0x0C7, 0), 4, 2, 4, 16, 1, 32, 4 * 32,
                             { { 2, 0 } }, 0x9, 2, { 8, 16 + 12 }, { 0, 3 } };   /* (2,0) (3,1) */
    const rtai_case cases[] = { { 1, 1 }, { 3, 3 }, { 0, 1 }, { 4, 1 }, { 2047, 1 } };
    check_slices(gpu, &thr, &t, cases, sizeof cases / sizeof *cases);
    g7sf_gpu_destroy(gpu);
}

/* Depth 2048 (field 2047): RTAI 2047 is in range, slice 2047 at 32 x 2047. */
TEST(three_d_array_index_reaches_2047)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind(gpu, rt_ss_dw0(T_3D, 0x0C7, 0), 4, 2, 2048, 16, 0, 0, 0);
    for (uint32_t a = 0; a < 32; a += 4)
        t_poke(gpu, RT_BASE + 32 * 2047 + a, SENTINEL), t_poke(gpu, RT_BASE + a, SENTINEL);
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    send(gpu, &thr, 2047, xy, 0x1);
    CHECK_EQ(t_peek(gpu, RT_BASE + 32 * 2047), rt_slot_rgba8(0));
    CHECK_EQ(t_peek(gpu, RT_BASE), SENTINEL);
    g7sf_gpu_destroy(gpu);
}

/* 3D 4x2x4 at LOD 1 (pitch 32): level 0 takes 4 slices x 2 rows = 8 rows;
 * level 1 (2x1x2, aligned 4x2) holds 2 slices side by side, z at
 * (4 z, 8).  RTAI 3 is within [0, Depth 3], so not overridden, but level 1
 * has no slice 3: the write is outside the surface and dropped (10188). */
TEST(three_d_at_lod1_slices_side_by_side_and_missing_slices_dropped)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    const uint32_t size = 10 * 32;
    bind(gpu, rt_ss_dw0(T_3D, 0x0C7, 0), 4, 2, 4, 32, 0, 1, size);
    send(gpu, &thr, 1, xy, 0x7);   /* (0,0), (1,0), (0,1) of slice 1 */
    CHECK_EQ(t_peek(gpu, RT_BASE + 8 * 32 + 16), rt_slot_rgba8(0));
    CHECK_EQ(t_peek(gpu, RT_BASE + 8 * 32 + 20), rt_slot_rgba8(1));
    CHECK_EQ(written(gpu, size), 2u);   /* (0,1) is outside the 2x1 level */
    send(gpu, &thr, 3, xy, 0x1);
    CHECK_EQ(written(gpu, size), 2u);
    g7sf_gpu_destroy(gpu);
}

/* Cube 4x4, ARYSPC_LOD0: face f at 4 rows x 16 bytes x f = 64 f.  Minimum
 * Array Element 2; the range check uses 5 whatever the Depth (a cube array
 * of 2 cubes, Depth 1, has faces 6-11 the message cannot reach). */
TEST(cube_face_is_the_array_index_range_checked_against_5)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    slice_target t = { rt_ss_dw0(T_CUBE, 0x0C7, 0) | 1u << 10, 4, 4, 1, 16, 2, 64, 6 * 64,
                       { { 2, 2 } }, 0x8, 1, { 3 * 16 + 12 }, { 3 } };   /* (3,3) */
    const rtai_case one[] = { { 5, 5 }, { 2, 2 }, { 1, 2 }, { 6, 2 } };
    check_slices(gpu, &thr, &t, one, sizeof one / sizeof *one);
    t.d = 2, t.size = 12 * 64;
    const rtai_case two[] = { { 7, 2 }, { 11, 2 }, { 4, 4 } };
    check_slices(gpu, &thr, &t, two, sizeof two / sizeof *two);
    g7sf_gpu_destroy(gpu);
}

/* Buffer of 6 entries (Width field 5) of 4 bytes: X indexes entries at
 * 4 x; y != 0 and x >= 6 are dropped; the array index "must be zero" and
 * is ignored when it is not. */
TEST(buffer_only_x_indexes_and_the_array_index_is_ignored)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint16_t xy[4][2] = { { 0, 0 }, { 5, 0 }, { 0, 0 }, { 0, 0 } };
    const uint32_t rtai[2] = { 0, 3 };
    for (unsigned k = 0; k < 2; k++) {
        bind(gpu, rt_ss_dw0(T_BUFFER, 0x0C7, 0), 6, 1, 1, 4, 0, 0, 64);
        send(gpu, &thr, rtai[k], xy, 0xFF);   /* slot 5 is x = 6 */
        CHECK_EQ(t_peek(gpu, RT_BASE), rt_slot_rgba8(0));
        CHECK_EQ(t_peek(gpu, RT_BASE + 4), rt_slot_rgba8(1));
        CHECK_EQ(t_peek(gpu, RT_BASE + 20), rt_slot_rgba8(4));
        CHECKF(written(gpu, 64) == 3, "RTAI %u: %u written", rtai[k], written(gpu, 64));
    }
    g7sf_gpu_destroy(gpu);
}

/* SIMD8 sampler message (header-less, sampler 0) at SMP_BTI. */
static void sample8(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned type, const g7sf_reg *p,
                    unsigned n, g7sf_reg wb[4])
{
    uint32_t desc = n << 25 | 4u << 20 | 1u << 17 | type << 12 | SMP_BTI;
    CHECK_EQ(t_send(gpu, thr, G7SF_SFID_SAMPLER, desc, 0xFF, p, wb), 0);
}

/* Compressed 8x (MCS 32 bits, 4 bits per sample naming its slice; all
 * ones or a field of 8-15 reads the Clear Color): each written pixel's
 * MCS becomes 0x76543210 after its samples moved to their own slices. */
TEST(mcs_8x_pixels_expand_to_identity_and_read_back_through_the_sampler)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    /* 4x2 Y-tiled, pitch 128, 8x (Number of Multisamples 3 at DW4[5:3]),
     * MCS at MCS_BASE (pitch 128), Clear Color R, B, A = 1 */
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 1) | 1u << 10, RT_BASE, 1u << 16 | 3, 127,
                             3u << 3, 0, MCS_BASE | 1, 1u << 31 | 1u << 29 | 1u << 28 };
    t_bind_state(gpu, RT_BTI, ss);
    t_bind_state(gpu, SMP_BTI, ss);
    const uint32_t ms[4] = { 0x790D0002u, 3u << 1, 0, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
    g7sf_surface s = { .type = 1, .tiling = G7SF_TILING_Y, .base = RT_BASE, .pitch = 128,
                       .width = 4, .height = 2, .depth = 1, .levels = 1, .bpb = 32,
                       .block_w = 1, .block_h = 1, .halign = 4, .valign = 2,
                       .array_spacing = G7SF_ARYSPC_LOD0, .samples = 8 };
    for (unsigned n = 0; n < 8; n++) {   /* slice n: 0x0(n+1) in every byte */
        uint32_t img[2][4];
        for (unsigned k = 0; k < 8; k++)
            img[k / 4][k % 4] = 0x01010101u * (n + 1);
        CHECK_EQ(g7sf_surface_write_linear(gpu, &s, 0, n, img, 16), 0);
    }
    /* MCS: Y-tiled, 4 bytes a pixel at MCS_BASE + 16 y + 4 x */
    const uint32_t mcs[2][4] = { { 0x00000000u, 0xFFFFFFFFu, 0x11111111u, 0x765432F0u },
                                 { 0x01234567u, 0x00000000u, 0, 0 } };
    for (unsigned y = 0; y < 2; y++)
        for (unsigned x = 0; x < 4; x++)
            t_poke(gpu, MCS_BASE + 16 * y + 4 * x, mcs[y][x]);
    const uint32_t sm[2] = { 0x78180000u, 0x1 };   /* only sample 0 written */
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 2), 0);
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    g7sf_reg p[6];
    rt_header(p, 0, 0, xy, 0x37);   /* (0,0) (1,0) (0,1); (2,0) (3,0) */
    rt_colors(&p[2], 8);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);

    /* ld_mcs (type 29: U, V, R, LOD) */
    enum { NPX = 6 };
    const uint32_t qx[NPX] = { 0, 1, 0, 1, 2, 3 }, qy[NPX] = { 0, 0, 1, 1, 0, 0 };
    g7sf_reg q[4] = { 0 }, wb[4];
    for (unsigned i = 0; i < NPX; i++)
        q[0].ud[i] = qx[i], q[1].ud[i] = qy[i];
    sample8(gpu, &thr, 29, q, 4, wb);
    for (unsigned i = 0; i < NPX; i++)
        CHECKF(wb[0].ud[i] == (i == 3 ? 0 : 0x76543210u), "MCS of (%u,%u): %#x", qx[i], qy[i],
               wb[0].ud[i]);

    /* ld2dms (type 30: SI, MCS, U, V, R, LOD) per sample */
    const uint32_t clear = 0xFFFF00FFu;
    for (unsigned n = 0; n < 8; n++) {
        const uint32_t want[NPX] = {
            0x01010101u,              /* MCS 0: every sample was slice 0 */
            clear,                    /* cleared */
            0x01010101u * (8 - n),    /* 0x01234567: sample n in slice 7 - n */
            0x01010101u,              /* not written, MCS 0 */
            0x02020202u,              /* all slice 1 */
            n == 1 ? clear : 0x01010101u * (n + 1),   /* field F: cleared */
        };
        g7sf_reg r[6] = { 0 }, out[4];
        for (unsigned i = 0; i < NPX; i++)
            r[0].ud[i] = n, r[1].ud[i] = wb[0].ud[i], r[2].ud[i] = qx[i], r[3].ud[i] = qy[i];
        sample8(gpu, &thr, 30, r, 6, out);
        for (unsigned i = 0; i < NPX; i++) {
            uint32_t got = 0;
            for (unsigned k = 0; k < 4; k++) {
                float v;
                memcpy(&v, &out[k].ud[i], 4);
                got |= (uint32_t)(v * 255.0f + 0.5f) << (8 * k);
            }
            uint32_t w = n == 0 && i != 3 ? rt_slot_rgba8(i) : want[i];
            CHECKF(got == w, "(%u,%u) sample %u: %08x want %08x", qx[i], qy[i], n, got, w);
        }
    }
    g7sf_gpu_destroy(gpu);
}
