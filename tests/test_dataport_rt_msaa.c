/* Render Target Write to multisampled targets: per-pixel coverage (pixel
 * enable x 3DSTATE_SAMPLE_MASK x oMask x alpha to coverage), per-sample
 * dispatch with the Starting Sample Pair Index (10256-10311), and the MCS,
 * all read back through the sampler's ld2dss / ld_mcs / ld2dms messages:
 * an independent path to the samples. */
#include <string.h>

#include "gen7sf/render_cache.h"
#include "gen7sf/surface.h"
#include "gpu_setup.h"
#include "harness.h"
#include "rt_setup.h"

#define F2U(f) ((union { float x; uint32_t u; }){ (f) }.u)
#define MCS_BASE 0x00600000u
#define SMP_BTI 3

/* A 4x2 Y-tiled R8G8B8A8_UNORM MSS target with `samples`, ARYSPC_LOD0,
 * optionally an MCS (pitch 128); bound at RT_BTI and, for the sampler, at
 * SMP_BTI; 3DSTATE_MULTISAMPLE set to match. */
static void bind_ms(g7sf_gpu *gpu, unsigned samples, int mcs)
{
    unsigned enc = samples == 4 ? 2 : 3;
    const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 1) | 1u << 10, RT_BASE, 1u << 16 | 3, 127,
                             enc << 3, 0, mcs ? MCS_BASE | 1 : 0,
                             1u << 31 | 1u << 29 | 1u << 28 };   /* clear colour R, B, A = 1 */
    t_bind_state(gpu, RT_BTI, ss);
    t_bind_state(gpu, SMP_BTI, ss);
    const uint32_t ms[4] = { 0x790D0002u, enc << 1, 0, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
}

static void set_persample(g7sf_gpu *gpu, bool on)
{
    /* 3DSTATE_WM: MSRASTMODE_ON_PIXEL (2); Dispatch Mode DW2[31]: 0 PERSAMPLE */
    const uint32_t wm[3] = { 0x78140001u, 2, on ? 0 : 1u << 31 };
    CHECK_EQ(g7sf_render_cache_command(gpu, wm, 3), 0);
}

static uint32_t to_rgba8(const float c[4])
{
    uint32_t v = 0;
    for (unsigned k = 0; k < 4; k++)
        v |= (uint32_t)(c[k] * 255.0f + 0.5f) << (8 * k);
    return v;
}

/* SIMD8 sampler message (header-less, sampler 0): type, n parameters. */
static void sample8(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned type, const g7sf_reg *p,
                    unsigned n, g7sf_reg wb[4])
{
    uint32_t desc = n << 25 | 4u << 20 | 1u << 17 | type << 12 | SMP_BTI;
    CHECK_EQ(t_send(gpu, thr, G7SF_SFID_SAMPLER, desc, 0xFF, p, wb), 0);
}

/* Sample si of pixel (x, y) through ld2dss (type 31: SI, U, V, R, LOD). */
static uint32_t read_sample(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t x, uint32_t y,
                            uint32_t si)
{
    g7sf_reg p[5] = { 0 }, wb[4];
    p[0].ud[0] = si, p[1].ud[0] = x, p[2].ud[0] = y;
    sample8(gpu, thr, 31, p, 5, wb);
    float v[4];
    for (unsigned k = 0; k < 4; k++)
        memcpy(&v[k], &wb[k].ud[0], 4);
    return to_rgba8(v);
}

/* After a SIMD8 per-pixel message with rt_colors(): sample n of slot j's
 * pixel holds slot j's colour when covered[j] bit n, else 0. */
static void expect_4x(g7sf_gpu *gpu, const g7sf_thread *thr, const uint16_t xy[4][2],
                      const uint8_t covered[8])
{
    for (unsigned j = 0; j < 8; j++)
        for (unsigned n = 0; n < 4; n++) {
            uint32_t got = read_sample(gpu, thr, xy[j / 4][0] + (j & 1), j >> 1 & 1, n);
            CHECKF(got == (covered[j] >> n & 1 ? rt_slot_rgba8(j) : 0), "slot %u sample %u: %08x",
                   j, n, got);
        }
}

TEST(per_pixel_4x_coverage_is_enable_and_sample_mask_and_omask)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_ms(gpu, 4, 0);
    const uint32_t sm[2] = { 0x78180000u, 0xB };   /* samples 0, 1, 3 */
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 2), 0);
    g7sf_reg p[7];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    uint32_t enables = 0xEF;                        /* slot 4 off */
    rt_header(p, 1u << 12, 0, xy, enables);         /* oMask present: M2 */
    uint16_t omask[8] = { 0xF, 0x1, 0x2, 0x4, 0x8, 0xF, 0x3, 0xFFF0 };
    memset(&p[2], 0, sizeof p[2]);
    for (unsigned j = 0; j < 8; j++)
        p[2].ud[j / 2] |= (uint32_t)omask[j] << (16 * (j % 2));
    rt_colors(&p[3], 8);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(7, 1, RT_SIMD8, 0), p), 0);
    uint8_t covered[8];
    for (unsigned j = 0; j < 8; j++)
        covered[j] = enables >> j & 1 ? 0xB & omask[j] : 0;
    expect_4x(gpu, &thr, xy, covered);
    g7sf_gpu_destroy(gpu);
}

/* AlphaToCoverage (BLEND_STATE DW1[31]) covers samples 0 .. round(4a)-1;
 * AlphaToOne ([30]) then writes alpha 1. */
TEST(alpha_to_coverage_counts_and_alpha_to_one_at_4x)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_ms(gpu, 4, 0);
    rt_blend_entry(gpu, 0, 0, 3u << 30);
    g7sf_reg p[6];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0xFF);
    rt_colors(&p[2], 8);
    static const float a[8] = { 0.0f, 0.1f, 0.2f, 0.4f, 0.5f, 0.6f, 0.9f, 1.0f };
    /* round(4a) samples from 0: 0, 0 (0.4), 1 (0.8), 2 (1.6), 2, 2 (2.4), 4 (3.6), 4 */
    static const uint8_t covered[8] = { 0x0, 0x0, 0x1, 0x3, 0x3, 0x3, 0xF, 0xF };
    for (unsigned i = 0; i < 8; i++)
        p[5].ud[i] = F2U(a[i]);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
    expect_4x(gpu, &thr, xy, covered);
    g7sf_gpu_destroy(gpu);
}

/* AlphaToOne replaces source 0 alpha before blending, and only on a
 * multisampled target (GL 4.5 §17.3.3).  Blend SRC_ALPHA, ZERO, ADD on
 * colours with alpha 0.5, even slots only (exact halves):
 * 4x: alpha 1, so the colour is unchanged and alpha 1*1;
 * 1x: colour (i, 16+i, 32+i) / 2 and alpha 0.5*0.5 = 64/255 after rounding. */
TEST(alpha_to_one_precedes_blending_and_needs_samples)
{
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    for (unsigned samples = 1; samples <= 4; samples += 3) {
        g7sf_thread thr;
        g7sf_gpu *gpu = rt_gpu(&thr);
        if (samples == 4) {
            bind_ms(gpu, 4, 0);
        } else {   /* 8x2 linear R8G8B8A8_UNORM, pitch 32 */
            const uint32_t ss[8] = { rt_ss_dw0(1, 0x0C7, 0), RT_BASE, 1u << 16 | 7, 31 };
            t_bind_state(gpu, RT_BTI, ss);
        }
        /* DW0: blend enable [31], SRC_ALPHA (0x03) [9:5], ZERO (0x11) [4:0];
         * DW1: AlphaToOne [30] */
        rt_blend_entry(gpu, 0, 1u << 31 | 0x03u << 5 | 0x11u, 1u << 30);
        g7sf_reg p[6];
        rt_header(p, 0, 0, xy, 0x55);
        rt_colors(&p[2], 8);
        for (unsigned i = 0; i < 8; i++)
            p[5].ud[i] = F2U(0.5f);
        CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
        for (unsigned j = 0; j < 8; j += 2) {
            uint32_t x = xy[j / 4][0] + (j & 1), y = j >> 1 & 1;
            if (samples == 4) {
                for (unsigned n = 0; n < 4; n++)
                    CHECK_EQ(read_sample(gpu, &thr, x, y, n), rt_slot_rgba8(j));
            } else {
                uint32_t want = 64u << 24 | (32 + j) / 2 << 16 | (16 + j) / 2 << 8 | j / 2;
                CHECK_EQ(t_peek(gpu, RT_BASE + 32 * y + 4 * x), want);
            }
        }
        g7sf_gpu_destroy(gpu);
    }
}

/* PERSAMPLE, SIMD16, 4x, SSPI 0: slot quad q is sample q of subspan 0. */
TEST(per_sample_4x_simd16_slot_quads_are_samples)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_ms(gpu, 4, 0);
    set_persample(gpu, true);
    g7sf_reg p[10];
    const uint16_t xy[4][2] = { { 2, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    uint32_t enables = 0xFFBF;                      /* slot 6: pixel 2 sample 1 off */
    rt_header(p, 0, 0, xy, enables);
    rt_colors(&p[2], 16);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, RT_SIMD16, 0), p), 0);
    for (unsigned j = 0; j < 16; j++) {
        uint32_t got = read_sample(gpu, &thr, 2 + (j & 1), j >> 1 & 1, j / 4);
        CHECKF(got == (j == 6 ? 0 : rt_slot_rgba8(j)), "slot %u: %08x", j, got);
    }
    CHECK_EQ(read_sample(gpu, &thr, 0, 0, 0), 0);   /* subspan 1 has no slots */
    g7sf_gpu_destroy(gpu);
}

/* PERSAMPLE at 8x: SIMD16 with SSPI 2 covers samples 4-7; SIMD8 with SSPI
 * 1 samples 2-3; the sample mask still applies. */
TEST(per_sample_8x_starting_sample_pair_index)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_ms(gpu, 8, 0);
    set_persample(gpu, true);
    const uint32_t sm[2] = { 0x78180000u, 0x7F };   /* sample 7 masked */
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 2), 0);
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    g7sf_reg p[10];
    rt_header(p, 2u << 6, 0, xy, 0xFFFF);
    rt_colors(&p[2], 16);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(10, 1, RT_SIMD16, 0), p), 0);
    rt_header(p, 1u << 6, 0, xy, 0xFF);
    rt_colors(&p[2], 8);
    for (unsigned i = 0; i < 8; i++)
        p[2].ud[i] = F2U((float)(100 + i) / 255.0f);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);
    for (unsigned px = 0; px < 4; px++)
        for (unsigned n = 0; n < 8; n++) {
            uint32_t want = n >= 4 && n < 7 ? rt_slot_rgba8(4 * (n - 4) + px)
                          : n == 2 || n == 3 ? (rt_slot_rgba8(4 * (n - 2) + px) & ~0xFFu) | (100 + 4 * (n - 2) + px)
                          : 0;
            uint32_t got = read_sample(gpu, &thr, px & 1, px >> 1, n);
            CHECKF(got == want, "pixel %u sample %u: %08x want %08x", px, n, got, want);
        }
    g7sf_gpu_destroy(gpu);
}

/* Compressed 4x: the MCS entry of each written pixel becomes the identity
 * 0xE4 (sample n in slice n) after the samples it named (or the clear
 * colour, MCS 0xFF) moved to their own slices; ld_mcs and ld2dms see it. */
TEST(mcs_pixels_expand_to_identity_and_read_back_through_the_sampler)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_ms(gpu, 4, 1);
    /* slices by hand through the layout helper: slice n holds 0x0n0n0n0n
     * at every pixel */
    g7sf_surface s = { .type = 1, .tiling = G7SF_TILING_Y, .base = RT_BASE, .pitch = 128,
                       .width = 4, .height = 2, .depth = 1, .levels = 1, .bpb = 32,
                       .block_w = 1, .block_h = 1, .halign = 4, .valign = 2,
                       .array_spacing = G7SF_ARYSPC_LOD0, .samples = 4 };
    for (unsigned n = 0; n < 4; n++) {
        uint32_t img[2][4];
        for (unsigned k = 0; k < 8; k++)
            img[k / 4][k % 4] = 0x01010101u * (n + 1);
        CHECK_EQ(g7sf_surface_write_linear(gpu, &s, 0, n, img, 16), 0);
    }
    /* MCS: Y-tiled bytes at MCS_BASE + y * 16 + x */
    const uint8_t mcs[2][4] = { { 0x00, 0xFF, 0x55, 0x00 }, { 0x1B, 0x00, 0x00, 0x00 } };
    for (unsigned y = 0; y < 2; y++)
        CHECK_EQ(g7sf_mem_write(gpu, MCS_BASE + y * 16, mcs[y], 4), 0);
    const uint32_t sm[2] = { 0x78180000u, 0x1 };   /* only sample 0 written */
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 2), 0);
    g7sf_reg p[6];
    const uint16_t xy[4][2] = { { 0, 0 }, { 2, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0x17);   /* (0,0), (1,0), (0,1); subspan 1: (2,0) */
    rt_colors(&p[2], 8);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), 0);

    /* ld_mcs (type 29: U, V, R, LOD) of (0,0) (1,0) (0,1) (1,1) (2,0) */
    g7sf_reg q[4] = { 0 }, wb[4];
    const uint32_t qx[5] = { 0, 1, 0, 1, 2 }, qy[5] = { 0, 0, 1, 1, 0 };
    for (unsigned i = 0; i < 5; i++)
        q[0].ud[i] = qx[i], q[1].ud[i] = qy[i];
    sample8(gpu, &thr, 29, q, 4, wb);
    const uint32_t want_mcs[5] = { 0xE4, 0xE4, 0xE4, 0x00, 0xE4 };   /* (1,1) not written */
    for (unsigned i = 0; i < 5; i++)
        CHECKF(wb[0].ud[i] == want_mcs[i], "MCS of (%u,%u): %#x", qx[i], qy[i], wb[0].ud[i]);

    /* ld2dms (type 30: SI, MCS, U, V, R, LOD) with those MCS values */
    const uint32_t clear = 0xFFFF00FFu;   /* R, B, A = 1 */
    const uint32_t want[5][4] = {
        { rt_slot_rgba8(0), 0x01010101u, 0x01010101u, 0x01010101u },   /* all from slice 0 */
        { rt_slot_rgba8(1), clear, clear, clear },                      /* was cleared */
        { rt_slot_rgba8(2), 0x03030303u, 0x02020202u, 0x01010101u },   /* 0x1B: 3 2 1 0 */
        { 0x01010101u, 0x01010101u, 0x01010101u, 0x01010101u },     /* MCS 0: slice 0 */
        { rt_slot_rgba8(4), 0x02020202u, 0x02020202u, 0x02020202u },   /* 0x55: slice 1 */
    };
    for (unsigned n = 0; n < 4; n++) {
        g7sf_reg r[6] = { 0 };
        for (unsigned i = 0; i < 5; i++)
            r[0].ud[i] = n, r[1].ud[i] = wb[0].ud[i], r[2].ud[i] = qx[i], r[3].ud[i] = qy[i];
        g7sf_reg out[4];
        sample8(gpu, &thr, 30, r, 6, out);
        for (unsigned i = 0; i < 5; i++) {
            float v[4];
            for (unsigned k = 0; k < 4; k++)
                memcpy(&v[k], &out[k].ud[i], 4);
            CHECKF(to_rgba8(v) == want[i][n], "(%u,%u) sample %u: %08x want %08x", qx[i], qy[i],
                   n, to_rgba8(v), want[i][n]);
        }
    }
    g7sf_gpu_destroy(gpu);
}

/* A target whose sample count 3DSTATE_MULTISAMPLE disagrees with. */
TEST(sample_count_must_match_3dstate_multisample)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = rt_gpu(&thr);
    bind_ms(gpu, 4, 0);
    const uint32_t ms[4] = { 0x790D0002u, 3u << 1, 0, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
    g7sf_reg p[6] = { 0 };
    const uint16_t xy[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    rt_header(p, 0, 0, xy, 0xFF);
    CHECK_EQ(rt_send(gpu, &thr, rt_desc(6, 1, RT_SIMD8, 0), p), G7SF_ESTATE);
    g7sf_gpu_destroy(gpu);
}
