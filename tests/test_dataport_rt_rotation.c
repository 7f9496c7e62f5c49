/* Render Target Rotation (RENDER_SURFACE_STATE DW4 30:29, PRM 2299-2319,
 * 2449, 10178; docs/spec-notes.md "Render Target Rotation") through
 * g7sf_send on Ivy Bridge and Haswell.  The target is 16 pixels wide and
 * 256 high before rotation (Width and Height describe it so), X-tiled
 * B8G8R8A8_UNORM with a 1024-byte pitch: rotated, memory holds 256 pixels
 * (two 512-byte tiles) per row and 16 rows (two tile rows).  X tiles: 512
 * bytes x 8 rows, 4096 bytes, row-major, so byte X of row Y is at
 * (Y / 8) * (pitch / 512) * 4096 + (X / 512) * 4096 + (Y % 8) * 512 + X % 512.
 * Every address below is worked out by hand from that. */
#include <string.h>

#include "gen7sf/render_cache.h"
#include "gen7sf/state.h"
#include "gpu_setup.h"
#include "harness.h"
#include "rt_setup.h"

#define SENTINEL 0xDEADBEEFu
#define W 16u
#define H 256u
#define PITCH 1024u
#define BYTES (32u * 8192u)   /* the unrotated layout's 32 tile rows: covers both */

/* RENDER_SURFACE_STATE by hand (gen7.xml): DW0 Surface Type [31:29],
 * Surface Array [28], Format [26:18], Tiled [14], Tile Walk [13] (0: X);
 * DW2 Height [29:16], Width [13:0]; DW3 Depth [31:21], Pitch [17:0];
 * DW4 Render Target Rotation [30:29]; DW5 X Offset [31:25], Y Offset
 * [23:20], LOD [3:0]. */
typedef struct rot_state {
    unsigned type, format, rotation, lod, x_off, y_off;
    uint32_t w, h, d, pitch;
    bool tiled, ywalk;
} rot_state;

static rot_state xtiled(unsigned rotation)
{
    return (rot_state){ .type = G7SF_SURFTYPE_2D, .format = G7SF_FORMAT_B8G8R8A8_UNORM,
                        .rotation = rotation, .w = W, .h = H, .d = 1, .pitch = PITCH,
                        .tiled = true };
}

static void state_dw(const rot_state *s, uint32_t dw[8])
{
    memset(dw, 0, 8 * sizeof *dw);
    dw[0] = s->type << 29 | (s->d > 1 && s->type != G7SF_SURFTYPE_3D ? 1u << 28 : 0) |
            s->format << 18 | (s->tiled ? 1u << 14 : 0) | (s->ywalk ? 1u << 13 : 0);
    dw[1] = RT_BASE;
    dw[2] = (s->h - 1) << 16 | (s->w - 1);
    dw[3] = (s->d - 1) << 21 | (s->pitch - 1);
    dw[4] = s->rotation << 29;
    dw[5] = s->x_off << 25 | s->y_off << 20 | s->lod;
}

static void bind(g7sf_gpu *gpu, const rot_state *s)
{
    uint32_t dw[8];
    state_dw(s, dw);
    t_bind_state(gpu, RT_BTI, dw);
    for (uint32_t a = 0; a < BYTES; a += 4)
        t_poke(gpu, RT_BASE + a, SENTINEL);
}

/* What slot i's colour (rt_colors: R i, G 16 + i, B 32 + i, A 255) is in
 * B8G8R8A8_UNORM: bytes B, G, R, A. */
static uint32_t bgra(unsigned i)
{
    return 0xFFu << 24 | i << 16 | (16 + i) << 8 | (32 + i);
}

static unsigned written(g7sf_gpu *gpu)
{
    unsigned n = 0;
    for (uint32_t a = 0; a < BYTES; a += 4)
        n += t_peek(gpu, RT_BASE + a) != SENTINEL;
    return n;
}

/* SIMD16 with a header: subspans xy, every pixel enabled. */
static int send16(g7sf_gpu *gpu, const g7sf_thread *thr, const uint16_t xy[4][2])
{
    g7sf_reg p[10];
    rt_header(p, 0, 0, xy, 0xFFFF);
    rt_colors(&p[2], 16);
    return rt_send(gpu, thr, rt_desc(10, 1, RT_SIMD16, 0), p);
}

/* One rotation on both platforms: slots 0-7 (subspans at (0, 0) and
 * (14, 254), the target's two corners) land at off[slot]; subspans 2 and
 * 3 at (2, 2) and (12, 100) at off[8..15]; nothing else is written. */
static void check_rotation(unsigned rotation, const uint32_t off[16])
{
    static const enum g7sf_platform plat[2] = { G7SF_IVB, G7SF_HSW };
    static const uint16_t xy[4][2] = { { 0, 0 }, { 14, 254 }, { 2, 2 }, { 12, 100 } };
    for (unsigned k = 0; k < 2; k++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = rt_gpu_on(plat[k], &thr);
        const rot_state s = xtiled(rotation);
        bind(gpu, &s);
        CHECK_EQ(send16(gpu, &thr, xy), 0);
        for (unsigned i = 0; i < 16; i++)
            CHECKF(t_peek(gpu, RT_BASE + off[i]) == bgra(i), "%s rotation %u slot %u: +%u = %08x",
                   k ? "HSW" : "IVB", rotation, i, off[i], t_peek(gpu, RT_BASE + off[i]));
        CHECKF(written(gpu) == 16, "%s rotation %u: %u DWords written", k ? "HSW" : "IVB",
               rotation, written(gpu));
        g7sf_gpu_destroy(gpu);
    }
}

TEST(rotation_0_x_tiled_is_the_plain_layout)
{
    /* 16 x 256 in memory: (x, y) at (y / 8) * 8192 + (y % 8) * 512 + 4x.
     * Slots 0-3 (0,0) (1,0) (0,1) (1,1); 4-7 (14,254) (15,254) (14,255)
     * (15,255): 254 = 31 * 8 + 6; 8-11 from (2, 2); 12-15 from (12, 100):
     * 100 = 12 * 8 + 4. */
    static const uint32_t off[16] = {
        0, 4, 512, 516,
        31 * 8192 + 6 * 512 + 56, 31 * 8192 + 6 * 512 + 60,
        31 * 8192 + 7 * 512 + 56, 31 * 8192 + 7 * 512 + 60,
        2 * 512 + 8, 2 * 512 + 12, 3 * 512 + 8, 3 * 512 + 12,
        12 * 8192 + 4 * 512 + 48, 12 * 8192 + 4 * 512 + 52,
        12 * 8192 + 5 * 512 + 48, 12 * 8192 + 5 * 512 + 52,
    };
    check_rotation(G7SF_RTROTATE_0DEG, off);
}

TEST(rotation_90_turns_clockwise_into_a_256_x_16_layout)
{
    /* 90: (x, y) -> column 255 - y, row x.  (0,0) -> (255, 0): byte 1020
     * is tile 1, +508.  (14,254) -> (1, 14): tile row 1 (8192), row 6.
     * (2,2) -> (253, 2): byte 1012, tile 1 +500.  (12,100) -> (155, 12):
     * byte 620, tile 1 +108, tile row 1, row 4. */
    static const uint32_t off[16] = {
        4096 + 508, 4096 + 512 + 508, 4096 + 504, 4096 + 512 + 504,
        8192 + 6 * 512 + 4, 8192 + 7 * 512 + 4, 8192 + 6 * 512, 8192 + 7 * 512,
        4096 + 2 * 512 + 500, 4096 + 3 * 512 + 500, 4096 + 2 * 512 + 496, 4096 + 3 * 512 + 496,
        8192 + 4096 + 4 * 512 + 108, 8192 + 4096 + 5 * 512 + 108,
        8192 + 4096 + 4 * 512 + 104, 8192 + 4096 + 5 * 512 + 104,
    };
    check_rotation(G7SF_RTROTATE_90DEG, off);
}

TEST(rotation_270_turns_counterclockwise_into_a_256_x_16_layout)
{
    /* 270: (x, y) -> column y, row 15 - x.  (0,0) -> (0, 15): tile row 1,
     * row 7.  (14,254) -> (254, 1): byte 1016, tile 1 +504.  (2,2) ->
     * (2, 13): tile row 1, row 5, +8.  (12,100) -> (100, 3): byte 400. */
    static const uint32_t off[16] = {
        8192 + 7 * 512, 8192 + 6 * 512, 8192 + 7 * 512 + 4, 8192 + 6 * 512 + 4,
        4096 + 512 + 504, 4096 + 504, 4096 + 512 + 508, 4096 + 508,
        8192 + 5 * 512 + 8, 8192 + 4 * 512 + 8, 8192 + 5 * 512 + 12, 8192 + 4 * 512 + 12,
        3 * 512 + 400, 2 * 512 + 400, 3 * 512 + 404, 2 * 512 + 404,
    };
    check_rotation(G7SF_RTROTATE_270DEG, off);
}

TEST(rotated_pixels_outside_width_x_height_are_dropped)
{
    /* Subspans at (16, 0) and (200, 2) are past Width 16 (inside memory's
     * 256-pixel rows), (4, 256) past Height 256; (14, 0) is inside. */
    static const uint16_t xy[4][2] = { { 16, 0 }, { 200, 2 }, { 4, 256 }, { 14, 0 } };
    static const unsigned rot[2] = { G7SF_RTROTATE_90DEG, G7SF_RTROTATE_270DEG };
    for (unsigned k = 0; k < 2; k++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = rt_gpu_on(k ? G7SF_HSW : G7SF_IVB, &thr);
        const rot_state s = xtiled(rot[k]);
        bind(gpu, &s);
        CHECK_EQ(send16(gpu, &thr, xy), 0);
        CHECKF(written(gpu) == 4, "rotation %u: %u DWords written", rot[k], written(gpu));
        /* slot 12, (14, 0): 90 -> (255, 14), 270 -> (0, 1) */
        uint32_t off = k ? 512 : 8192 + 4096 + 6 * 512 + 508;
        CHECKF(t_peek(gpu, RT_BASE + off) == bgra(12), "rotation %u: +%u", rot[k], off);
        g7sf_gpu_destroy(gpu);
    }
}

/* The dual source message (SIMD8_DUALSRC_LO, mlen 2 + 4 + 4). */
static int send_dual(g7sf_gpu *gpu, const g7sf_thread *thr)
{
    static const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 } };
    g7sf_reg p[10];
    rt_header(p, 0, 0, xy, 0xFF);
    rt_colors(&p[2], 8);
    rt_colors(&p[6], 8);
    return rt_send(gpu, thr, rt_desc(10, 1, RT_DUAL_LO, 0), p);
}

TEST(dual_source_refused_on_a_rotated_target)
{
    /* 10178: the dual source message needs RTROTATE_0DEG */
    static const unsigned rot[3] = { G7SF_RTROTATE_90DEG, G7SF_RTROTATE_270DEG,
                                     G7SF_RTROTATE_0DEG };
    for (unsigned p = 0; p < 2; p++)
        for (unsigned k = 0; k < 3; k++) {
            g7sf_thread thr;
            g7sf_gpu *gpu = rt_gpu_on(p ? G7SF_HSW : G7SF_IVB, &thr);
            const rot_state s = xtiled(rot[k]);
            bind(gpu, &s);
            int r = send_dual(gpu, &thr);
            if (rot[k] == G7SF_RTROTATE_0DEG) {
                CHECK_EQ(r, 0);
                CHECK_EQ(written(gpu), 8);
            } else {
                g7sf_error e;
                CHECK_EQ(r, G7SF_ESTATE);
                CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ESTATE);
                CHECKF(strstr(e.reason, "dual source") && strstr(e.reason, "Rotation"),
                       "reason: %s", e.reason);
                CHECK_EQ(written(gpu), 0);
            }
            g7sf_gpu_destroy(gpu);
        }
}

/* A 90-degree target changed by `change` is refused with G7SF_ESTATE, a
 * reason naming the rotation, and nothing written. */
static void refused(const rot_state *s, const char *what)
{
    static const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 2 }, { 2, 2 } };
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind(gpu, s);
    g7sf_error e;
    CHECKF(send16(gpu, &thr, xy) == G7SF_ESTATE, "%s: accepted", what);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_ESTATE);
    CHECKF(strstr(e.reason, "Rotation"), "%s: reason %s", what, e.reason);
    CHECKF(written(gpu) == 0, "%s: %u DWords written", what, written(gpu));
    g7sf_gpu_destroy(gpu);
}

TEST(rotation_restrictions_of_the_programming_notes_refused)
{
    rot_state s = xtiled(G7SF_RTROTATE_90DEG);
    s.rotation = 2;   /* reserved */
    refused(&s, "rotation 2");
    /* simple, non-array 2D only (2311) */
    s = xtiled(G7SF_RTROTATE_90DEG), s.type = G7SF_SURFTYPE_3D, s.d = 2;
    refused(&s, "3D");
    s = xtiled(G7SF_RTROTATE_270DEG), s.d = 2;
    refused(&s, "2D array");
    s = xtiled(G7SF_RTROTATE_90DEG), s.lod = 1;
    refused(&s, "LOD 1");
    /* X-major tiling only (2311) */
    s = xtiled(G7SF_RTROTATE_90DEG), s.ywalk = true;
    refused(&s, "Y tiled");
    s = xtiled(G7SF_RTROTATE_90DEG), s.tiled = false;
    refused(&s, "linear");
    /* the format list (2314-2318) */
    s = xtiled(G7SF_RTROTATE_90DEG), s.format = G7SF_FORMAT_R32G32B32A32_FLOAT;
    refused(&s, "R32G32B32A32_FLOAT");
    /* even Width and Height (2313-2314) */
    s = xtiled(G7SF_RTROTATE_90DEG), s.w = 15;
    refused(&s, "odd Width");
    s = xtiled(G7SF_RTROTATE_270DEG), s.h = 255;
    refused(&s, "odd Height");
    /* X and Y Offset zero (2449 and the X Offset's note above it) */
    s = xtiled(G7SF_RTROTATE_90DEG), s.x_off = 1;
    refused(&s, "X Offset");
    s = xtiled(G7SF_RTROTATE_90DEG), s.y_off = 1;
    refused(&s, "Y Offset");
    /* rotated rows of 256 pixels (1024 bytes) past a 512-byte pitch */
    s = xtiled(G7SF_RTROTATE_90DEG), s.pitch = 512;
    refused(&s, "pitch");
}

TEST(function_level_rotated_target_and_dual_source)
{
    rot_state s = xtiled(G7SF_RTROTATE_270DEG);
    uint32_t dw[8];
    state_dw(&s, dw);
    g7sf_render_surface_state ss;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &ss);
    g7sf_rt_target t;
    const char *why = NULL;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_HSW, 0, 1, false, &t, &why), 0);
    /* the memory layout: Height pixels wide, Width rows */
    CHECK_EQ(t.rotation, G7SF_RTROTATE_270DEG);
    CHECK_EQ(t.s.width, H);
    CHECK_EQ(t.s.height, W);
    /* multisampled (Y-tiled, ARYSPC_LOD0: a valid 4x surface): not a
     * simple surface */
    s.ywalk = true;
    state_dw(&s, dw);
    g7sf_render_surface_state ms;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &ms);
    ms.number_of_multisamples = G7SF_MULTISAMPLECOUNT_4;
    ms.surface_array_spacing = G7SF_ARYSPC_LOD0;   /* as MSS needs */
    why = NULL;
    CHECK_EQ(g7sf_rt_target_from_state(&ms, G7SF_IVB, 0, 4, false, &t, &why), G7SF_ESTATE);
    CHECKF(why && strstr(why, "single-sampled"), "why: %s", why ? why : "-");
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, NULL), 0);
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_blend_state bs = { 0 };
    const g7sf_color_calc_state cc = { 0 };
    g7sf_rt_pixel px = { .x = 0, .y = 0, .cover = 1, .alpha = 1.0f };
    why = NULL;
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, &px, 1, true, &why), G7SF_ESTATE);
    CHECK(why && strstr(why, "dual source"));
    CHECK_EQ(t_peek(gpu, RT_BASE + 8192 + 7 * 512), 0);
    /* single source: (0, 0) -> column 0, row 15 */
    px.src0.f[0] = 1.0f;
    px.src0.f[3] = 1.0f;
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, &px, 1, false, NULL), 0);
    CHECK_EQ(t_peek(gpu, RT_BASE + 8192 + 7 * 512), 0xFFFF0000u);
    /* a hand-built target with the reserved rotation: not a target */
    t.rotation = 2;
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, &px, 1, false, NULL), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}

/* Haswell's Shader Channel Select (DW7 27:16) routes sampler results only:
 * a render target write stores its colours as sent, whatever the selects
 * say (docs/spec-notes.md, "Haswell (Gen7.5)").  The rotation-0 layout
 * above with selects B, G, R, ONE, and with DW7 0 (every select ZERO). */
TEST(haswell_channel_select_leaves_render_target_writes_alone)
{
    static const uint16_t xy[4][2] = { { 0, 0 }, { 14, 254 }, { 2, 2 }, { 12, 100 } };
    static const uint32_t dw7[2] = { 6u << 25 | 5u << 22 | 4u << 19 | 1u << 16, 0 };
    for (unsigned k = 0; k < 2; k++) {
        g7sf_thread thr;
        g7sf_gpu *gpu = rt_gpu_on(G7SF_HSW, &thr);
        const rot_state s = xtiled(G7SF_RTROTATE_0DEG);
        uint32_t dw[8];
        state_dw(&s, dw);
        dw[7] = dw7[k];
        t_bind_state(gpu, RT_BTI, dw);
        CHECK_EQ(send16(gpu, &thr, xy), 0);
        /* slot 0 at (0, 0), slot 3 at (1, 1): +0 and +516 */
        CHECK_EQ(t_peek(gpu, RT_BASE), bgra(0));
        CHECK_EQ(t_peek(gpu, RT_BASE + 516), bgra(3));
        g7sf_gpu_destroy(gpu);
    }
}
