/* Render Target Write (§3.9.11) through g7sf_send(): payloads laid out as
 * the PRM's tables (10447-10634) and the sequencing summary say, state by
 * hand, memory checked at hand-computed addresses.  Blending is disabled
 * throughout: the colour is the plain format encode. */
#include <string.h>

#include "gen7sf/render_cache.h"
#include "gpu_setup.h"
#include "harness.h"
#include "rt_setup.h"

#define SENTINEL 0xDEADBEEFu
#define F2U(f) ((union { float x; uint32_t u; }){ (f) }.u)

/* A linear 2D R8G8B8A8_UNORM (0x0C7) render target w x h, pitch bytes,
 * memory filled with SENTINEL. */
static void bind_rgba8(g7sf_gpu *gpu, uint32_t w, uint32_t h, uint32_t pitch)
{
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 0), RT_BASE, (h - 1) << 16 | (w - 1),
                             pitch - 1 };
    t_bind_state(gpu, RT_BTI, ss);
    for (uint32_t a = 0; a < pitch * (h + 1); a += 4)
        t_poke(gpu, RT_BASE + a, SENTINEL);
}

/* RGBA8 of the colour k/255 per channel, as the R8G8B8A8_UNORM DWord. */
static uint32_t rgba8(unsigned r, unsigned g, unsigned b, unsigned a)
{
    return a << 24 | b << 16 | g << 8 | r;
}

/* A SIMD8 message with a header (mlen 6) and rt_colors. */
static int send_simd8(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t m0_0, unsigned rt_index,
                      const uint16_t xy[4][2], uint32_t enables, unsigned subtype, unsigned group)
{
    g7sf_reg p[6];
    rt_header(p, m0_0, rt_index, xy, enables);
    rt_colors(&p[2], 8);
    return rt_send(gpu, thr, rt_desc(6, 1, subtype, group), p);
}

static uint32_t px(g7sf_gpu *gpu, uint32_t pitch, uint32_t x, uint32_t y)
{
    return t_peek(gpu, RT_BASE + y * pitch + 4 * x);
}

TEST(simd8_writes_slots_to_subspan_pixels)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 8, 64);
    const uint16_t xy[4][2] = { { 2, 4 }, { 8, 0 }, { 0, 0 }, { 0, 0 } };
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0xFF, RT_SIMD8, 0), 0);
    /* slot i: subspan i/4, pixel i%4 (0 UL, 1 UR, 2 LL, 3 LR) */
    for (unsigned i = 0; i < 8; i++) {
        uint32_t x = xy[i / 4][0] + (i & 1), y = xy[i / 4][1] + (i >> 1 & 1);
        CHECKF(px(gpu, 64, x, y) == rgba8(i, 16 + i, 32 + i, 255), "slot %u at (%u,%u): %08x", i,
               x, y, px(gpu, 64, x, y));
    }
    CHECK_EQ(px(gpu, 64, 4, 4), SENTINEL);
    CHECK_EQ(px(gpu, 64, 1, 4), SENTINEL);
    CHECK_EQ(px(gpu, 64, 10, 0), SENTINEL);
    g7sf_gpu_destroy(gpu);
}

TEST(simd16_takes_slots_15_8_from_the_second_register_and_obeys_pixel_enables)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    g7sf_reg p[10];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 4, 2 }, { 6, 2 } };
    uint32_t enables = 0x5AA5;
    rt_header(p, 0, 0, xy, enables);
    /* M2/M3 red slots 7:0 / 15:8, M4/M5 green, M6/M7 blue, M8/M9 alpha */
    for (unsigned ch = 0; ch < 4; ch++)
        for (unsigned i = 0; i < 16; i++)
            p[2 + 2 * ch + i / 8].ud[i % 8] = F2U((float)(ch * 50 + i) / 255.0f);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, RT_SIMD16, 0), p), 0);
    for (unsigned i = 0; i < 16; i++) {
        uint32_t x = xy[i / 4][0] + (i & 1), y = xy[i / 4][1] + (i >> 1 & 1);
        uint32_t want = enables >> i & 1 ? rgba8(i, 50 + i, 100 + i, 150 + i) : SENTINEL;
        CHECKF(px(gpu, 64, x, y) == want, "slot %u: %08x want %08x", i, px(gpu, 64, x, y), want);
    }
    g7sf_gpu_destroy(gpu);
}

/* SIMD8_DUALSRC_HI covers slots 15:8: subspans 2 and 3, enables 15:8; the
 * source-1 registers follow source 0 and do not reach memory without a
 * SRC1 blend factor. */
TEST(dual_source_lo_and_hi_pick_their_slot_half)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 8, 2 }, { 12, 2 } };
    for (unsigned hi = 0; hi < 2; hi++) {
        g7sf_reg p[10];
        rt_header(p, 0, 0, xy, hi ? 0x0F00 : 0x00F0);
        rt_colors(&p[2], 8);
        for (unsigned r = 6; r < 10; r++)
            for (unsigned d = 0; d < 8; d++)
                p[r].ud[d] = F2U(0.5f);
        CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, hi ? RT_DUAL_HI : RT_DUAL_LO, 0), p), 0);
    }
    /* lo: enables 7:4 = subspan 1, slots 4-7; hi: enables 11:8 = subspan 2,
     * data slots 0-3 of the message */
    for (unsigned i = 0; i < 4; i++) {
        CHECK_EQ(px(gpu, 64, 2 + (i & 1), i >> 1), rgba8(4 + i, 20 + i, 36 + i, 255));
        CHECK_EQ(px(gpu, 64, 8 + (i & 1), 2 + (i >> 1)), rgba8(i, 16 + i, 32 + i, 255));
        CHECK_EQ(px(gpu, 64, i & 1, i >> 1), SENTINEL);
        CHECK_EQ(px(gpu, 64, 12 + (i & 1), 2 + (i >> 1)), SENTINEL);
    }
    g7sf_gpu_destroy(gpu);
}

/* Slot Group Select HI (desc[11]): a single-sample per-pixel message reads
 * the same header fields; the header is the one for slots 31:16. */
TEST(slot_group_hi_uses_its_own_header)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    const uint16_t xy[4][2] = { { 4, 2 }, { 6, 2 }, { 0, 0 }, { 0, 0 } };
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0x0F, RT_SIMD8, 1), 0);
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(px(gpu, 64, 4 + (i & 1), 2 + (i >> 1)), rgba8(i, 16 + i, 32 + i, 255));
    CHECK_EQ(px(gpu, 64, 6, 2), SENTINEL);
    g7sf_gpu_destroy(gpu);
}

/* SIMD16_REPDATA: one RGBA in M2.3:0 for all 16 slots; tiled surfaces only.
 * Y-tiled, pitch 128: byte (xb, y) of the first tile is at
 * (xb / 16) * 512 + y * 16 + xb % 16. */
TEST(replicated_data_fills_sixteen_pixels_of_a_y_tiled_target)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 1), RT_BASE, 7u << 16 | 15, 127 };
    t_bind_state(gpu, RT_BTI, ss);
    g7sf_reg p[3];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 4, 2 }, { 6, 2 } };
    rt_header(p, 0, 0, xy, 0xFFFF);
    memset(&p[2], 0, sizeof p[2]);
    p[2].ud[0] = F2U(1.0f), p[2].ud[1] = F2U(0.0f), p[2].ud[2] = F2U(128.0f / 255.0f);
    p[2].ud[3] = F2U(1.0f);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(3, 1, RT_REPDATA, 0), p), 0);
    for (unsigned i = 0; i < 16; i++) {
        uint32_t x = xy[i / 4][0] + (i & 1), y = xy[i / 4][1] + (i >> 1 & 1), xb = 4 * x;
        CHECK_EQ(t_peek(gpu, RT_BASE + (xb / 16) * 512 + y * 16 + xb % 16), 0xFF8000FFu);
    }
    CHECK_EQ(t_peek(gpu, RT_BASE + 2 * 512), 0);   /* (8, 0): no slot */
    /* a linear target refuses it */
    const uint32_t lin[8] = { rt_ss_dw0(1, 0x0C7, 0), RT_BASE, 7u << 16 | 15, 127 };
    t_bind_state(gpu, RT_BTI, lin);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(3, 1, RT_REPDATA, 0), p), G7SF_ESTATE);
    g7sf_gpu_destroy(gpu);
}

/* Without a header M0/M1 are R0/R1 of the dispatch, except Render Target
 * Index and Source0 Alpha Present, which read as 0 (10353-10357). */
TEST(headerless_message_takes_r0_r1_with_rt_index_and_s0a_zero)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    rt_blend_entry(gpu, 5, 0, 0x0F000000u);   /* entry 5 disables every channel */
    const uint16_t xy[4][2] = { { 6, 2 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    g7sf_reg h[2];
    rt_header(h, 1u << 11, 5, xy, 0x09);      /* s0a flag and RT index 5: ignored */
    thr.r0 = h[0], thr.r1 = h[1];
    g7sf_reg p[4];
    rt_colors(p, 8);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(4, 0, RT_SIMD8, 0), p), 0);
    CHECK_EQ(px(gpu, 64, 6, 2), rgba8(0, 16, 32, 255));
    CHECK_EQ(px(gpu, 64, 7, 3), rgba8(3, 19, 35, 255));
    CHECK_EQ(px(gpu, 64, 7, 2), SENTINEL);
    g7sf_gpu_destroy(gpu);
}

/* M0.2[2:0] selects the BLEND_STATE entry: entry 3 disables red and green
 * writes (DW1 bits 26, 25). */
TEST(render_target_index_selects_the_blend_state_entry)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    rt_blend_entry(gpu, 3, 0, 3u << 25);
    t_poke(gpu, RT_BASE, 0x11223344u);
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    CHECK_EQ(send_simd8(gpu, &thr, 0, 3, xy, 0x1, RT_SIMD8, 0), 0);
    CHECK_EQ(px(gpu, 64, 0, 0), 0xFF203344u);   /* A = FF, B = 32 new; G, R kept */
    g7sf_gpu_destroy(gpu);
}

/* BLEND_STATE and COLOR_CALC_STATE rewritten in place between messages
 * (same pointers) are read again: each message sees the DWords memory holds
 * when it runs, whatever it decoded before.  Slot 0's colour is (0, 16,
 * 32, 255) / 255. */
TEST(blend_and_color_calc_state_rewritten_in_place_are_read_again)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    /* entry 3, red and green write disabled: B, A new, G, R kept */
    rt_blend_entry(gpu, 3, 0, 3u << 25);
    t_poke(gpu, RT_BASE, 0x11223344u);
    CHECK_EQ(send_simd8(gpu, &thr, 0, 3, xy, 0x1, RT_SIMD8, 0), 0);
    CHECK_EQ(px(gpu, 64, 0, 0), 0xFF203344u);
    /* the same entry, every channel written now */
    rt_blend_entry(gpu, 3, 0, 0);
    t_poke(gpu, RT_BASE, 0x11223344u);
    CHECK_EQ(send_simd8(gpu, &thr, 0, 3, xy, 0x1, RT_SIMD8, 0), 0);
    CHECK_EQ(px(gpu, 64, 0, 0), rgba8(0, 16, 32, 255));
    /* and back */
    rt_blend_entry(gpu, 3, 0, 3u << 25);
    t_poke(gpu, RT_BASE, 0x11223344u);
    CHECK_EQ(send_simd8(gpu, &thr, 0, 3, xy, 0x1, RT_SIMD8, 0), 0);
    CHECK_EQ(px(gpu, 64, 0, 0), 0xFF203344u);
    /* entry 0 (all zero: written, no blending) reads fewer DWords */
    t_poke(gpu, RT_BASE, 0x11223344u);
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0x1, RT_SIMD8, 0), 0);
    CHECK_EQ(px(gpu, 64, 0, 0), rgba8(0, 16, 32, 255));
    /* blending on entry 0: CONST_COLOR x source + ZERO (DW0: enable bit
     * 31, source factor 9:5 = 0x07, destination factor 4:0 = 0x11), the
     * constant COLOR_CALC_STATE DW2-5 */
    rt_blend_entry(gpu, 0, 1u << 31 | 0x07u << 5 | 0x11u, 0);
    for (unsigned c = 0; c < 4; c++)
        t_poke(gpu, RT_DYNAMIC + RT_CC + 8 + 4 * c, F2U(0.5f));
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0x1, RT_SIMD8, 0), 0);
    /* halves: 8, 16 exactly; alpha 127.5 rounds half up to 128 */
    CHECK_EQ(px(gpu, 64, 0, 0), rgba8(0, 8, 16, 128));
    for (unsigned c = 0; c < 4; c++)
        t_poke(gpu, RT_DYNAMIC + RT_CC + 8 + 4 * c, F2U(1.0f));
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0x1, RT_SIMD8, 0), 0);
    CHECK_EQ(px(gpu, 64, 0, 0), rgba8(0, 16, 32, 255));
    g7sf_gpu_destroy(gpu);
}

/* Render Target Array Index M0.0[26:16]; outside [Minimum Array Element,
 * Depth] it becomes the Minimum Array Element (10416).  2D array of 4
 * slices 4x4, ARYSPC_LOD0 (QPitch = 4 rows), pitch 16, minimum element 1. */
TEST(render_target_array_index_and_its_override)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 0) | 1u << 28 | 1u << 10, RT_BASE,
                             3u << 16 | 3, 3u << 21 | 15, 1u << 18 };
    t_bind_state(gpu, RT_BTI, ss);
    const struct { uint32_t rtai, slice; } cases[] = { { 2, 2 }, { 3, 3 }, { 4, 1 }, { 0, 1 },
                                                      { 0x7FF, 1 } };
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (unsigned a = 0; a < 4 * 16 * 4; a += 4)
            t_poke(gpu, RT_BASE + a, 0);
        CHECK_EQ(send_simd8(gpu, &thr, cases[k].rtai << 16, 0, xy, 0x1, RT_SIMD8, 0), 0);
        for (uint32_t s = 0; s < 4; s++)
            CHECKF(t_peek(gpu, RT_BASE + s * 4 * 16) ==
                       (s == cases[k].slice ? rgba8(0, 16, 32, 255) : 0),
                   "RTAI %u slice %u", cases[k].rtai, s);
    }
    g7sf_gpu_destroy(gpu);
}

/* A 3x2 target, pitch 16: (3, 0) and (4, 0) are outside and dropped; the
 * bytes where they would be are the next row's. */
TEST(pixels_outside_the_surface_are_dropped)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 3, 2, 16);
    const uint16_t xy[4][2] = { { 2, 0 }, { 4, 1 }, { 0, 0 }, { 0, 0 } };
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0xFF, RT_SIMD8, 0), 0);
    CHECK_EQ(t_peek(gpu, RT_BASE + 8), rgba8(0, 16, 32, 255));        /* (2, 0) */
    CHECK_EQ(t_peek(gpu, RT_BASE + 16 + 8), rgba8(2, 18, 34, 255));   /* (2, 1) */
    CHECK_EQ(t_peek(gpu, RT_BASE + 12), SENTINEL);                    /* padding */
    CHECK_EQ(t_peek(gpu, RT_BASE + 16), SENTINEL);                    /* (0, 1) */
    CHECK_EQ(t_peek(gpu, RT_BASE + 32), SENTINEL);                    /* row 2 */
    g7sf_gpu_destroy(gpu);
}

TEST(bad_messages_are_refused_with_a_latched_reason)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 16, 4, 64);
    g7sf_reg p[16] = { 0 };
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0xFF);
    g7sf_error e;
    /* SIMD8 with a header is 6 registers */
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(5, 1, RT_SIMD8, 0), p), G7SF_EMLEN);
    CHECK_EQ(g7sf_last_error(gpu, &e), G7SF_EMLEN);
    CHECK(strstr(e.reason, "expected 6") != NULL);
    g7sf_clear_error(gpu);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(7, 1, RT_SIMD8, 0), p), G7SF_EMLEN);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(1, 1, RT_SIMD8, 0), p), G7SF_EMLEN);
    /* s0a + oMask + depth SIMD16: 2 + 2 + 1 + 8 + 2 = 15 */
    p[0].ud[0] = 7u << 11;
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(15, 1, RT_SIMD16, 0), p), 0);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(14, 1, RT_SIMD16, 0), p), G7SF_EMLEN);
    /* source 0 alpha on dual source / replicated data */
    p[0].ud[0] = 1u << 11;
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, RT_DUAL_LO, 0), p), G7SF_EPAYLOAD);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(3, 1, RT_REPDATA, 0), p), G7SF_EPAYLOAD);
    p[0].ud[0] = 0;
    /* reserved subtypes 101, 110; response length; stateless */
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, 5, 0), p), G7SF_EOPCODE);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, 6, 0), p), G7SF_EOPCODE);
    g7sf_reg wb[1];
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_RENDER_CACHE, rt_desc(6, 1, RT_SIMD8, 0) | 1u << 20, 0, p,
                    wb), G7SF_ERLEN);
    CHECK_EQ(rt_send(gpu, &thr, (rt_desc(6, 1, RT_SIMD8, 0) & ~0xFFu) | 255, p), G7SF_EOPCODE);
    /* surfaces: STRBUF, a format not in the list (R32G32B32_FLOAT 0x040),
     * field mode, image write on a linear surface */
    const uint32_t strbuf[8] = { rt_ss_dw0(5, 0x0C7, 0), RT_BASE, 0, 15 };
    t_bind_state(gpu, RT_BTI, strbuf);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), G7SF_ESTATE);
    const uint32_t rgb32[8] = { rt_ss_dw0(1, 0x040, 0), RT_BASE, 3u << 16 | 3, 63 };
    t_bind_state(gpu, RT_BTI, rgb32);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), G7SF_ESTATE);
    const uint32_t field[8] = { rt_ss_dw0(1, 0x0C7, 0) | 1u << 12, RT_BASE, 3u << 16 | 3, 63 };
    t_bind_state(gpu, RT_BTI, field);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), G7SF_ESTATE);
    bind_rgba8(gpu, 16, 4, 64);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_IMAGE, 0), p), G7SF_ESTATE);
    /* EOT is allowed */
    g7sf_msg m = { .sfid = G7SF_SFID_RENDER_CACHE, .desc = rt_desc(6, 1, RT_SIMD8, 0), .eot = true,
                   .payload = p };
    CHECK_EQ(g7sf_send(gpu, &thr, &m, NULL), 0);
    g7sf_gpu_destroy(gpu);
}

/* A NULL surface takes the message and writes nothing. */
TEST(null_surface_drops_the_write)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint32_t ss[8] = { rt_ss_dw0(7, 0x0C7, 0), RT_BASE };
    t_bind_state(gpu, RT_BTI, ss);
    t_poke(gpu, RT_BASE, SENTINEL);
    g7sf_reg p[6] = { 0 };
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0xFF);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
    CHECK_EQ(t_peek(gpu, RT_BASE), SENTINEL);
    g7sf_gpu_destroy(gpu);
}

/* SIMD8 image write (111b) is the SIMD8 single source layout on a tiled
 * surface. */
TEST(image_write_on_a_tiled_surface)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 1), RT_BASE, 7u << 16 | 15, 127 };
    t_bind_state(gpu, RT_BTI, ss);
    const uint16_t xy[4][2] = { { 4, 0 }, { 0, 2 }, { 0, 0 }, { 0, 0 } };
    CHECK_EQ(send_simd8(gpu, &thr, 0, 0, xy, 0xFF, RT_IMAGE, 0), 0);
    /* (4, 0): xb 16 -> 512; (1, 3): xb 4 -> 3 * 16 + 4 */
    CHECK_EQ(t_peek(gpu, RT_BASE + 512), rgba8(0, 16, 32, 255));
    CHECK_EQ(t_peek(gpu, RT_BASE + 52), rgba8(7, 23, 39, 255));
    g7sf_gpu_destroy(gpu);
}

/* BLEND_STATE DW1: Alpha Test Enable [16], Function [15:13]
 * (COMPAREFUNCTION_ALWAYS..GEQUAL = 0..7); COLOR_CALC_STATE DW0[0] Alpha
 * Test Format (1 FLOAT32), DW1 the reference. */
static const char *const funcs[8] = { "ALWAYS", "NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER",
                                      "NOTEQUAL", "GEQUAL" };

/* pass[func] for a value below, equal to and above the reference. */
static const bool pass_lt_eq_gt[8][3] = {
    { 1, 1, 1 }, { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 },
    { 1, 1, 0 }, { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 } };

/* Slot alphas and where they fall against reference 0.5 (FLOAT32) and
 * 128 (UNORM8: the alpha rounded to 8 bits: 0.5 * 255 = 127.5 -> 128,
 * 127/255 -> 127, 0.25 -> 63.75 -> 64, 0.75 -> 191.25 -> 191). */
static const float alphas[8] = { 0.0f, 0.25f, 0.5f, 0.75f, 1.0f, 127.0f / 255.0f,
                                 128.0f / 255.0f, 129.0f / 255.0f };
static const int vs_float[8] = { 0, 0, 1, 2, 2, 0, 2, 2 };   /* 0 lt, 1 eq, 2 gt */
static const int vs_unorm8[8] = { 0, 0, 1, 2, 2, 0, 1, 2 };

TEST(alpha_test_every_function_both_reference_formats)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    for (unsigned fmt = 0; fmt < 2; fmt++) {
        t_poke(gpu, RT_DYNAMIC + RT_CC, fmt);
        t_poke(gpu, RT_DYNAMIC + RT_CC + 4, fmt ? F2U(0.5f) : 128);
        for (unsigned func = 0; func < 8; func++) {
            bind_rgba8(gpu, 4, 2, 16);
            rt_blend_entry(gpu, 0, 0, 1u << 16 | func << 13);
            g7sf_reg p[6];
            rt_header(p, 0, 0, xy, 0xFF);
            rt_colors(&p[2], 8);
            for (unsigned i = 0; i < 8; i++)
                p[5].ud[i] = F2U(alphas[i]);
            CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
            for (unsigned i = 0; i < 8; i++) {
                bool pass = pass_lt_eq_gt[func][fmt ? vs_float[i] : vs_unorm8[i]];
                uint32_t got = t_peek(gpu, RT_BASE + 16 * (i >> 1 & 1) + 4 * (2 * (i / 4) + (i & 1)));
                CHECKF((got != SENTINEL) == pass, "%s %s alpha %g: %s", fmt ? "FLOAT32" : "UNORM8",
                       funcs[func], alphas[i], pass ? "dropped" : "written");
            }
        }
    }
    g7sf_gpu_destroy(gpu);
}

/* Source 0 alpha (M2, before the colour) feeds the alpha test instead of
 * the colour's alpha, which is what gets written. */
TEST(alpha_test_reads_source0_alpha_when_present)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_rgba8(gpu, 4, 2, 16);
    t_poke(gpu, RT_DYNAMIC + RT_CC, 1);
    t_poke(gpu, RT_DYNAMIC + RT_CC + 4, F2U(0.5f));
    rt_blend_entry(gpu, 1, 0, 1u << 16 | 5u << 13);   /* GREATER, on entry 1 */
    g7sf_reg p[7];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 1u << 11, 1, xy, 0xFF);
    for (unsigned i = 0; i < 8; i++)
        p[2].ud[i] = F2U(i & 1 ? 1.0f : 0.0f);
    rt_colors(&p[3], 8);
    for (unsigned i = 0; i < 8; i++)
        p[6].ud[i] = F2U(i & 1 ? 0.0f : 1.0f);   /* colour alpha: the opposite */
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(7, 1, RT_SIMD8, 0), p), 0);
    for (unsigned i = 0; i < 8; i++) {
        uint32_t got = t_peek(gpu, RT_BASE + 16 * (i >> 1 & 1) + 4 * (2 * (i / 4) + (i & 1)));
        CHECK_EQ(got, i & 1 ? rgba8(i, 16 + i, 32 + i, 0) : SENTINEL);
    }
    g7sf_gpu_destroy(gpu);
}

/* Formats through the plain encode: B5G6R5_UNORM (0x100), R32_UINT
 * (0x0D7, the payload's U32 as is), R16G16B16A16_FLOAT (0x084). */
TEST(formats_encode_their_texels)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const struct { unsigned fmt, bytes; uint32_t c[4]; uint32_t want[2]; } cases[] = {
        /* R 31 [15:11], G round(0.5 * 63) = 32 [10:5], B 0 */
        { 0x100, 2, { F2U(1.0f), F2U(0.5f), F2U(0.0f), F2U(1.0f) }, { 0xFC00, 0 } },
        { 0x0D7, 4, { 0xCAFEBABEu, 7, 8, 9 }, { 0xCAFEBABEu, 0 } },
        /* half floats 1.0 = 3C00, 0.5 = 3800, -2 = C000, 0 */
        { 0x084, 8, { F2U(1.0f), F2U(0.5f), F2U(-2.0f), F2U(0.0f) }, { 0x38003C00u, 0x0000C000u } },
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const uint32_t ss[8] = { rt_ss_dw0(1, cases[k].fmt, 0), RT_BASE, 1u << 16 | 3, 63 };
        t_bind_state(gpu, RT_BTI, ss);
        for (unsigned a = 0; a < 128; a += 4)
            t_poke(gpu, RT_BASE + a, 0);
        g7sf_reg p[6];
        const uint16_t xy[4][2] = { { 2, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
        rt_header(p, 0, 0, xy, 0x8);              /* slot 3: pixel (3, 1) */
        for (unsigned ch = 0; ch < 4; ch++)
            p[2 + ch].ud[3] = cases[k].c[ch];
        CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
        uint32_t at = RT_BASE + 64 + 3 * cases[k].bytes;
        uint32_t mask = cases[k].bytes == 2 ? 0xFFFF : 0xFFFFFFFFu;
        CHECKF((t_peek(gpu, at) & mask) == cases[k].want[0], "format %#x: %08x", cases[k].fmt,
               t_peek(gpu, at));
        if (cases[k].bytes == 8)
            CHECK_EQ(t_peek(gpu, at + 4), cases[k].want[1]);
        CHECK_EQ(t_peek(gpu, at - 4) & (cases[k].bytes == 2 ? 0xFFFF0000u : 0xFFFFFFFFu), 0);
    }
    g7sf_gpu_destroy(gpu);
}

/* YCRCB_NORMAL (0x182) stores pairs as Y0 Cb Y1 Cr.  Writing one pixel
 * sets its Y and the pair's Cb/Cr and keeps the other Y; two pixels of a
 * pair in one message: ascending slots, the last one's chroma stays. */
TEST(ycrcb_pixel_writes_share_the_pair_chroma)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x182, 0), RT_BASE, 1u << 16 | 3, 7 };
    t_bind_state(gpu, RT_BTI, ss);
    t_poke(gpu, RT_BASE, 0x40302010u);
    t_poke(gpu, RT_BASE + 4, 0x40302010u);
    g7sf_reg p[6] = { 0 };
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0x23);                 /* slots 0, 1 -> x 0, 1; slot 5 -> x 3 */
    const unsigned cr[8] = { 1, 2, 0, 0, 0, 64 }, y[8] = { 3, 4, 0, 0, 0, 200 },
                   cb[8] = { 5, 6, 0, 0, 0, 100 };
    for (unsigned i = 0; i < 8; i++) {
        p[2].ud[i] = F2U((float)cr[i] / 255.0f);  /* R = Cr */
        p[3].ud[i] = F2U((float)y[i] / 255.0f);   /* G = Y */
        p[4].ud[i] = F2U((float)cb[i] / 255.0f);  /* B = Cb */
        p[5].ud[i] = F2U(1.0f);
    }
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
    CHECK_EQ(t_peek(gpu, RT_BASE), 0x02040603u);      /* Y0 3, Cb 6, Y1 4, Cr 2 */
    CHECK_EQ(t_peek(gpu, RT_BASE + 4), 0x40C86410u);  /* Y0 kept, Cb 100, Y1 200, Cr 64 */
    g7sf_gpu_destroy(gpu);
}
