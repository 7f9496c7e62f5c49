/* The render target write called directly (render_cache.h):
 * g7sf_rt_target_from_state and g7sf_rt_write on an R8G8B8A8_UNORM target,
 * BLEND_STATE / COLOR_CALC_STATE as C structs.  Expected bytes by hand:
 * UNORM8 encode clamps to [0, 1] and rounds half away from zero, so
 * 0.5 x 255 = 127.5 -> 128 (docs/spec-notes.md "Format conversion",
 * "UNORM/SNORM encode"; the same rule as tests/test_dataport_rt.c);
 * formats from the list of spec 10190-10255. */
#include <string.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"
#include "harness.h"

#define RT 0x00900000u   /* 4 x 4 pixels, pitch 16: (x, y) at RT + 16y + 4x */

static g7sf_render_surface_state rt_state(unsigned format)
{
    return dpa_image_ss(G7SF_SURFTYPE_2D, format, RT, 4, 4, 1, 16);
}

/* A gpu with every pixel of the target, and the DWord after it, at
 * `fill`; *t the R8G8B8A8_UNORM target. */
static g7sf_gpu *rt_gpu_fill(g7sf_rt_target *t, uint32_t fill)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_render_surface_state ss = rt_state(G7SF_FORMAT_R8G8B8A8_UNORM);
    const char *why = NULL;
    CHECKF(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, t, &why) == 0,
           "from_state: %s", why ? why : "?");
    for (unsigned i = 0; i <= 16; i++)
        t_poke(gpu, RT + 4 * i, fill);
    return gpu;
}

static g7sf_rt_pixel pixel(uint32_t x, uint32_t y, float r, float g, float b, float a)
{
    return (g7sf_rt_pixel){ .x = x, .y = y, .cover = 1, .alpha = a,
                            .src0 = { .f = { r, g, b, a } } };
}

/* Every pixel of the target and the DWord after it: `want` where given
 * (pairs of pixel index, value), `fill` elsewhere. */
static void check_pixels(g7sf_gpu *gpu, uint32_t fill, const uint32_t (*want)[2], unsigned n)
{
    for (unsigned i = 0; i <= 16; i++) {
        uint32_t v = fill;
        for (unsigned k = 0; k < n; k++)
            if (want[k][0] == i)
                v = want[k][1];
        CHECKF(t_peek(gpu, RT + 4 * i) == v, "pixel (%u, %u): 0x%08x, want 0x%08x", i % 4,
               i / 4, t_peek(gpu, RT + 4 * i), v);
    }
}

TEST(rt_target_from_state_formats_and_refusals)
{
    g7sf_rt_target t;
    const char *why;
    g7sf_render_surface_state ss = rt_state(G7SF_FORMAT_R8G8B8A8_UNORM);
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, NULL), 0);
    CHECK(!t.null && !t.mcs && t.fmt != NULL);
    CHECK_EQ(t.s.base, RT);
    CHECK_EQ(t.slice, 0);
    CHECK_EQ(t.lod, 0);
    /* B5G5R5X1_UNORM is not in the list (spec 10190-10255, which has
     * B5G5R5X1_UNORM_SRGB at 10241) */
    ss.surface_format = G7SF_FORMAT_B5G5R5X1_UNORM;
    why = NULL;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_HSW, 0, 1, false, &t, &why), G7SF_ESTATE);
    ss.surface_format = G7SF_FORMAT_B5G5R5X1_UNORM_SRGB;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, NULL), 0);
    /* a linear surface where a tiled one is needed; a sample count the
     * target disagrees with; field mode; rotation of a linear
     * R8G8B8A8_UNORM target (X-tiled targets of its format list only:
     * test_dataport_rt_rotation.c) */
    ss = rt_state(G7SF_FORMAT_R8G8B8A8_UNORM);
    why = NULL;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, true, &t, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 4, false, &t, NULL), G7SF_ESTATE);
    ss.vertical_line_stride = 1;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, NULL), G7SF_ESTATE);
    ss.vertical_line_stride = 0;
    ss.render_target_rotation = G7SF_RTROTATE_90DEG;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, NULL), G7SF_ESTATE);
    /* SURFTYPE_NULL: accepted, writes dropped */
    ss.surface_type = G7SF_SURFTYPE_NULL;
    CHECK_EQ(g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &t, NULL), 0);
    CHECK(t.null);
}

TEST(rt_write_unorm8_without_blending)
{
    g7sf_rt_target t;
    g7sf_gpu *gpu = rt_gpu_fill(&t, DPA_SENTINEL);
    const g7sf_blend_state bs = { 0 };
    const g7sf_color_calc_state cc = { 0 };
    g7sf_rt_pixel px[5] = {
        /* R 255, G 127.5 -> 128, B 0, A 63.75 -> 64 */
        pixel(1, 2, 1.0f, 0.5f, 0.0f, 0.25f),
        /* 0.2 x 255 = 51; -0.5 and 2.0 clamp to 0 and 255 */
        pixel(3, 3, 0.2f, -0.5f, 2.0f, 1.0f),
        /* outside: x = 4 (row 0's bytes 16-19 would be pixel (0, 1)) and y = 4 */
        pixel(4, 0, 1.0f, 1.0f, 1.0f, 1.0f),
        pixel(0, 4, 1.0f, 1.0f, 1.0f, 1.0f),
        /* no sample covered */
        pixel(2, 0, 1.0f, 1.0f, 1.0f, 1.0f),
    };
    px[4].cover = 0;
    const char *why = NULL;
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, px, 5, false, &why), 0);
    const uint32_t want[2][2] = { { 9, 0x400080FFu }, { 15, 0xFFFF0033u } };
    check_pixels(gpu, DPA_SENTINEL, want, 2);
    /* Write Disable Green keeps pixel (1, 2)'s G byte */
    g7sf_blend_state masked = { 0 };
    masked.write_disable_green[0] = 1;
    px[0] = pixel(1, 2, 0.0f, 0.0f, 0.0f, 0.0f);
    CHECK_EQ(g7sf_rt_write(gpu, &t, &masked, 0, &cc, px, 1, false, &why), 0);
    CHECK_EQ(t_peek(gpu, RT + 36), 0x00008000u);
    g7sf_gpu_destroy(gpu);
}

TEST(rt_write_alpha_test_drops_a_pixel)
{
    g7sf_rt_target t;
    g7sf_gpu *gpu = rt_gpu_fill(&t, 0);
    g7sf_blend_state bs = { 0 };
    bs.alpha_test_enable[0] = 1;
    bs.alpha_test_function[0] = G7SF_COMPAREFUNCTION_LESS;
    g7sf_color_calc_state cc = { 0 };
    cc.alpha_test_format = G7SF_ALPHATEST_FLOAT32;
    cc.alpha_reference_value = 0.5f;
    /* alpha < 0.5 passes: 0.25 yes, 0.75 no, 0.5 no */
    const g7sf_rt_pixel px[3] = { pixel(0, 0, 1.0f, 0.0f, 0.0f, 0.25f),
                                  pixel(1, 0, 1.0f, 0.0f, 0.0f, 0.75f),
                                  pixel(2, 0, 1.0f, 0.0f, 0.0f, 0.5f) };
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, px, 3, false, NULL), 0);
    const uint32_t want[1][2] = { { 0, 0x400000FFu } };
    check_pixels(gpu, 0, want, 1);
    /* UNORM8 reference 128: alpha 0.5 rounds to 128 (not less), 127/255 to
     * 127 (less) */
    cc.alpha_test_format = G7SF_ALPHATEST_UNORM8;
    cc.alpha_reference_value_unorm8 = 128;
    const g7sf_rt_pixel q[2] = { pixel(0, 1, 0.0f, 1.0f, 0.0f, 0.5f),
                                 pixel(1, 1, 0.0f, 1.0f, 0.0f, 127.0f / 255.0f) };
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, q, 2, false, NULL), 0);
    CHECK_EQ(t_peek(gpu, RT + 16), 0);
    CHECK_EQ(t_peek(gpu, RT + 20), 0x7F00FF00u);
    /* the test is BLEND_STATE entry `index`'s: entry 1 has none */
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 1, &cc, q, 1, false, NULL), 0);
    CHECK_EQ(t_peek(gpu, RT + 16), 0x8000FF00u);
    g7sf_gpu_destroy(gpu);
}

TEST(rt_write_additive_blending)
{
    g7sf_rt_target t;
    /* destination R 0x40, G 0x10, B 0xC0, A 0x80 */
    g7sf_gpu *gpu = rt_gpu_fill(&t, 0x80C01040u);
    g7sf_blend_state bs = { 0 };
    bs.color_buffer_blend_enable[0] = 1;
    bs.color_blend_function[0] = G7SF_BLENDFUNCTION_ADD;
    bs.source_blend_factor[0] = G7SF_BLENDFACTOR_ONE;
    bs.destination_blend_factor[0] = G7SF_BLENDFACTOR_ONE;
    const g7sf_color_calc_state cc = { 0 };
    /* src + dst, in 255ths: R 63.75 + 64 = 127.75 -> 128; G 51 + 16 = 67;
     * B 127.5 + 192 -> clamped to 255; A (the colour factors: no
     * independent alpha) 63.75 + 128 = 191.75 -> 192 */
    const g7sf_rt_pixel px[1] = { pixel(2, 1, 0.25f, 0.2f, 0.5f, 0.25f) };
    const char *why = NULL;
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, px, 1, false, &why), 0);
    const uint32_t want[1][2] = { { 6, 0xC0FF4380u } };
    check_pixels(gpu, 0x80C01040u, want, 1);
    /* blending and a logic op at once: refused with a reason */
    bs.logic_op_enable[0] = 1;
    why = NULL;
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, px, 1, false, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    check_pixels(gpu, 0x80C01040u, want, 1);
    g7sf_gpu_destroy(gpu);
}

TEST(rt_write_null_target_and_errors)
{
    g7sf_rt_target t;
    g7sf_gpu *gpu = rt_gpu_fill(&t, DPA_SENTINEL);
    const g7sf_blend_state bs = { 0 };
    const g7sf_color_calc_state cc = { 0 };
    const g7sf_rt_pixel px[1] = { pixel(0, 0, 1.0f, 1.0f, 1.0f, 1.0f) };
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 8, &cc, px, 1, false, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_rt_write(gpu, &t, NULL, 0, &cc, px, 1, false, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, NULL, px, 1, false, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_rt_write(gpu, &t, &bs, 0, &cc, NULL, 1, false, NULL), G7SF_EINVAL);
    const g7sf_rt_target nul = { .null = true };
    CHECK_EQ(g7sf_rt_write(gpu, &nul, &bs, 0, &cc, px, 1, false, NULL), 0);
    /* a format description that is not the table's (its unit sizes bound
     * the pixel buffers): refused */
    struct g7sf_format_info fake = *t.fmt;
    fake.unit_bytes = 200;
    g7sf_rt_target bad = t;
    bad.fmt = &fake;
    CHECK_EQ(g7sf_rt_write(gpu, &bad, &bs, 0, &cc, px, 1, false, NULL), G7SF_EINVAL);
    check_pixels(gpu, DPA_SENTINEL, NULL, 0);
    g7sf_gpu_destroy(gpu);
}
