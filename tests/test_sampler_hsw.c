/* Haswell's sampler differences, at the function level: Shader Channel
 * Select (RENDER_SURFACE_STATE DW7 27:16, gen75.xml), the integer border
 * colours of the 20-DWord SAMPLER_BORDER_COLOR_STATE (selected by Integer
 * Surface Format) and Trilinear Filter Quality 1.  Each case runs on both
 * platforms: Ivy Bridge ignores the first two and reads value 1 as
 * TRIQUAL_FULL.  Expected values are worked out in the comments from the
 * texels written; decisions: docs/spec-notes.md, "Haswell". */
#include <stdint.h>

#include "harness.h"
#include "sampler_fixture.h"

enum { NEAREST = 0, LINEAR = 1, CLAMP = 2, CLAMP_BORDER = 4, MIP_LINEAR = 3 };

/* t_smp_init on `platform` (its memory still empty, so the gpu can be
 * swapped). */
static void init_on(t_smp *f, unsigned platform, unsigned type, unsigned format, uint32_t w,
                    uint32_t h, unsigned levels)
{
    t_smp_init(f, type, format, w, h, 1, levels);
    g7sf_gpu_destroy(f->gpu);
    f->gpu = g7sf_gpu_create_ex(&(g7sf_gpu_options){ .platform = platform });
}

static void select_channels(t_smp *f, unsigned r, unsigned g, unsigned b, unsigned a)
{
    f->tex.channel_select[0] = r, f->tex.channel_select[1] = g;
    f->tex.channel_select[2] = b, f->tex.channel_select[3] = a;
}

/* A 2x2 R8G8B8A8_UNORM texture whose texel k (row-major) is
 * (0x10 + k, 0x40 + k, 0x80 + k, 0xF0 + k). */
static void rgba8_2x2(t_smp *f, unsigned platform)
{
    init_on(f, platform, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 2, 2, 1);
    uint32_t t[4];
    for (uint32_t k = 0; k < 4; k++)
        t[k] = (0xF0u + k) << 24 | (0x80u + k) << 16 | (0x40u + k) << 8 | (0x10u + k);
    t_smp_fill(f, 0, 0, t);
    t_smp_address(f, CLAMP);
}

/* sample, NEAREST at the centre of texel 3 (u = v = 0.75): R, G, B, A =
 * 0x13, 0x43, 0x83, 0xF3 / 255.  Selects B, ZERO, ONE, R on Haswell:
 * (0x83, 0, 255, 0x13) / 255; Ivy Bridge keeps R, G, B, A. */
TEST(shader_channel_select_routes_sample_results)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        rgba8_2x2(&f, plat);
        select_channels(&f, G7SF_SCS_BLUE, G7SF_SCS_ZERO, G7SF_SCS_ONE, G7SF_SCS_RED);
        t_smp_op(&f, G7SF_OP_SAMPLE, 4, 4);
        for (unsigned i = 0; i < 4; i++) {
            t_smp_param(&f, G7SF_PARAM_U, i, 0.75f);
            t_smp_param(&f, G7SF_PARAM_V, i, 0.75f);
        }
        CHECK_EQ(t_smp_run(&f), 0);
        const float hsw[4] = { 0x83 / 255.0f, 0.0f, 1.0f, 0x13 / 255.0f };
        const float ivb[4] = { 0x13 / 255.0f, 0x43 / 255.0f, 0x83 / 255.0f, 0xF3 / 255.0f };
        for (unsigned c = 0; c < 4; c++)
            CHECKF(f.res.px[2].f[c] == (plat == G7SF_HSW ? hsw : ivb)[c],
                   "platform %u channel %u: %g", plat, c, (double)f.res.px[2].f[c]);
        t_smp_fini(&f);
    }
}

/* ld on R32G32B32A32_UINT: texel (1, 0) = (11, 12, 13, 14).  Selects A,
 * A, G, ONE on Haswell: (14, 14, 12, 1), ONE an integer 1. */
TEST(shader_channel_select_routes_ld_integers)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        init_on(&f, plat, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32G32B32A32_UINT, 2, 1, 1);
        const uint32_t t[8] = { 1, 2, 3, 4, 11, 12, 13, 14 };
        t_smp_fill(&f, 0, 0, t);
        select_channels(&f, G7SF_SCS_ALPHA, G7SF_SCS_ALPHA, G7SF_SCS_GREEN, G7SF_SCS_ONE);
        t_smp_op(&f, G7SF_OP_LD, 4, 1);
        f.args.p[G7SF_PARAM_U][0].i = 1;
        CHECK_EQ(t_smp_run(&f), 0);
        CHECK_EQ(f.res.type, G7SF_TEXEL_UINT);
        const uint32_t hsw[4] = { 14, 14, 12, 1 }, ivb[4] = { 11, 12, 13, 14 };
        for (unsigned c = 0; c < 4; c++)
            CHECKF(f.res.px[0].u[c] == (plat == G7SF_HSW ? hsw : ivb)[c],
                   "platform %u channel %u: %u", plat, c, f.res.px[0].u[c]);
        t_smp_fini(&f);
    }
}

/* gather4 at the centre of the 2x2 (u = v = 0.5) returns the four texels
 * in the order (0,1), (1,1), (1,0), (0,0) = texels 2, 3, 1, 0 (§2.2.3).
 * Channel 0 with Shader Channel Select Red = GREEN gathers green: 0x42,
 * 0x43, 0x41, 0x40; channel 1 with Green = ONE gathers four 1.0; channel
 * 2 with Blue = ZERO four 0.0.  Ivy Bridge gathers red, green, blue. */
TEST(shader_channel_select_picks_the_gathered_channel)
{
    static const unsigned order[4] = { 2, 3, 1, 0 };
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++)
        for (unsigned ch = 0; ch < 3; ch++) {
            t_smp f;
            rgba8_2x2(&f, plat);
            select_channels(&f, G7SF_SCS_GREEN, G7SF_SCS_ONE, G7SF_SCS_ZERO, G7SF_SCS_ALPHA);
            t_smp_op(&f, G7SF_OP_GATHER4, 4, 1);
            f.args.gather_channel = ch;
            t_smp_param(&f, G7SF_PARAM_U, 0, 0.5f);
            t_smp_param(&f, G7SF_PARAM_V, 0, 0.5f);
            CHECK_EQ(t_smp_run(&f), 0);
            /* red, green, blue of texel k start at 0x10, 0x40, 0x80 */
            static const unsigned ivb_base[3] = { 0x10, 0x40, 0x80 };
            for (unsigned k = 0; k < 4; k++) {
                float want = plat == G7SF_IVB ? (float)(ivb_base[ch] + order[k]) / 255.0f
                           : ch == 0          ? (float)(0x40 + order[k]) / 255.0f
                           : ch == 1          ? 1.0f
                                              : 0.0f;
                CHECKF(f.res.px[0].f[k] == want, "platform %u channel %u texel %u: %g, want %g",
                       plat, ch, k, (double)f.res.px[0].f[k], (double)want);
            }
            t_smp_fini(&f);
        }
}

/* Values 2 and 3 (and any above 7) name no channel: G7SF_ESTATE on
 * Haswell; Ivy Bridge has no such field. */
TEST(reserved_shader_channel_select_is_refused_on_haswell)
{
    static const unsigned bad[] = { 2, 3, 8 };
    for (unsigned k = 0; k < 3; k++)
        for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
            t_smp f;
            rgba8_2x2(&f, plat);
            f.tex.channel_select[k % 4] = bad[k];
            t_smp_op(&f, G7SF_OP_SAMPLE, 4, 4);
            CHECK_EQ(t_smp_run(&f), plat == G7SF_HSW ? G7SF_ESTATE : 0);
            t_smp_fini(&f);
        }
}

/* An integer 2x2 texture of `format` (texels 0) sampled NEAREST with
 * TEXCOORDMODE_CLAMP_BORDER at u = -0.5 (left of the map): the border. */
static int border_of(unsigned plat, unsigned format, unsigned isf,
                     const g7sf_sampler_border_color_state *b, g7sf_texel *out)
{
    t_smp f;
    init_on(&f, plat, G7SF_SURFTYPE_2D, format, 2, 2, 1);
    f.tex.integer_surface_format = isf;
    f.smp.border = *b;
    t_smp_address(&f, CLAMP_BORDER);
    t_smp_op(&f, G7SF_OP_SAMPLE, 4, 4);
    for (unsigned i = 0; i < 4; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, -0.5f);
        t_smp_param(&f, G7SF_PARAM_V, i, 0.25f);
    }
    int r = t_smp_run(&f);
    *out = f.res.px[3];
    t_smp_fini(&f);
    return r;
}

static void check_border(unsigned format, const g7sf_sampler_border_color_state *b,
                         const uint32_t want[4])
{
    g7sf_texel t;
    CHECK_EQ(border_of(G7SF_HSW, format, 1, b, &t), 0);
    for (unsigned c = 0; c < 4; c++)
        CHECKF(t.u[c] == want[c], "%s channel %u: 0x%x, want 0x%x",
               g7sf_format_info(format)->name, c, t.u[c], want[c]);
    /* Ivy Bridge: no border modes on integer surfaces (L4646); Haswell
     * without Integer Surface Format: the same */
    CHECK_EQ(border_of(G7SF_IVB, format, 1, b, &t), G7SF_ESTATE);
    CHECK_EQ(border_of(G7SF_HSW, format, 0, b, &t), G7SF_ESTATE);
}

/* The fields by channel width (gen75.xml): 8-bit channels read DW16's
 * bytes, 16-bit ones DW16 (R, G) and DW18 (B, A), 32-bit ones DW16-19; a
 * two-channel 32-bit format takes green from the 32-bit blue field.  Narrow
 * fields are sign-extended for SINT; channels the format lacks read 0,
 * alpha 1 (L4207). */
TEST(haswell_integer_border_colours_by_channel_width)
{
    g7sf_sampler_border_color_state b = { 0 };
    b.border_color_red = 100.0f;   /* the floats are not read for integers */
    b.border_color_8bit_red = 1, b.border_color_8bit_green = 2;
    b.border_color_8bit_blue = 3, b.border_color_8bit_alpha = 0xFE;
    check_border(G7SF_FORMAT_R8G8B8A8_UINT, &b, (const uint32_t[4]){ 1, 2, 3, 0xFE });
    /* SINT: 0xFE is -2 */
    check_border(G7SF_FORMAT_R8G8B8A8_SINT, &b, (const uint32_t[4]){ 1, 2, 3, 0xFFFFFFFEu });
    /* R8: green, blue 0, alpha 1 */
    check_border(G7SF_FORMAT_R8_UINT, &b, (const uint32_t[4]){ 1, 0, 0, 1 });

    b = (g7sf_sampler_border_color_state){ 0 };
    b.border_color_16bit_red = 0xFFFE, b.border_color_16bit_green = 5;
    b.border_color_16bit_blue = 0x8000, b.border_color_16bit_alpha = 7;
    check_border(G7SF_FORMAT_R16G16B16A16_SINT, &b,
                 (const uint32_t[4]){ 0xFFFFFFFEu, 5, 0xFFFF8000u, 7 });
    check_border(G7SF_FORMAT_R16G16B16A16_UINT, &b, (const uint32_t[4]){ 0xFFFE, 5, 0x8000, 7 });
    /* 10-bit channels read the 16-bit fields, as they are */
    check_border(G7SF_FORMAT_R10G10B10A2_UINT, &b, (const uint32_t[4]){ 0xFFFE, 5, 0x8000, 7 });

    b = (g7sf_sampler_border_color_state){ 0 };
    b.border_color_32bit_red = 0x80000001u, b.border_color_32bit_green = 20;
    b.border_color_32bit_blue = 30, b.border_color_32bit_alpha = 40;
    check_border(G7SF_FORMAT_R32G32B32A32_UINT, &b,
                 (const uint32_t[4]){ 0x80000001u, 20, 30, 40 });
    check_border(G7SF_FORMAT_R32G32_UINT, &b, (const uint32_t[4]){ 0x80000001u, 30, 0, 1 });
    check_border(G7SF_FORMAT_R32_SINT, &b, (const uint32_t[4]){ 0x80000001u, 0, 0, 1 });
}

/* Shader Channel Select acts on the border colour too: it is a texel of
 * the result.  R8G8B8A8_UINT border (1, 2, 3, 4) selected A, B, G, R. */
TEST(shader_channel_select_routes_the_integer_border)
{
    t_smp f;
    init_on(&f, G7SF_HSW, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UINT, 2, 2, 1);
    f.tex.integer_surface_format = 1;
    select_channels(&f, G7SF_SCS_ALPHA, G7SF_SCS_BLUE, G7SF_SCS_GREEN, G7SF_SCS_RED);
    f.smp.border.border_color_8bit_red = 1, f.smp.border.border_color_8bit_green = 2;
    f.smp.border.border_color_8bit_blue = 3, f.smp.border.border_color_8bit_alpha = 4;
    t_smp_address(&f, CLAMP_BORDER);
    t_smp_op(&f, G7SF_OP_SAMPLE, 4, 4);
    for (unsigned i = 0; i < 4; i++)
        t_smp_param(&f, G7SF_PARAM_U, i, 1.5f);
    CHECK_EQ(t_smp_run(&f), 0);
    for (unsigned c = 0; c < 4; c++)
        CHECK_EQ(f.res.px[0].u[c], 4 - c);
    t_smp_fini(&f);
}

/* Trilinear Filter Quality 1 (Haswell's TRIQUAL_HIGH): a level weighing
 * less than 1/8 is dropped.  R32_FLOAT, level 0 all 0.0, level 1 all 1.0,
 * MIPFILTER_LINEAR, sample_l: the result is the weight of level 1.  LOD
 * 1/16: dropped on Haswell (0), blended on Ivy Bridge (value 1 reserved,
 * read as TRIQUAL_FULL: 1/16); LOD 15/16: level 0 dropped (1) / 15/16;
 * LOD 3/16 and 1/2: blended on both. */
TEST(trilinear_high_drops_levels_under_one_eighth_on_haswell)
{
    static const float lods[] = { 0.0625f, 0.9375f, 0.1875f, 0.5f };
    static const float hsw[] = { 0.0f, 1.0f, 0.1875f, 0.5f };
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        init_on(&f, plat, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 4, 4, 2);
        t_smp_fill32(&f, 0, 0, 0x00000000u);
        t_smp_fill32(&f, 1, 0, 0x3F800000u);
        f.smp.state.mip_mode_filter = MIP_LINEAR;
        f.smp.state.max_lod = 13 << 8;
        f.smp.state.trilinear_filter_quality = 1;
        t_smp_op(&f, G7SF_OP_SAMPLE_L, 4, 4);
        for (unsigned i = 0; i < 4; i++) {
            t_smp_param(&f, G7SF_PARAM_U, i, 0.5f);
            t_smp_param(&f, G7SF_PARAM_V, i, 0.5f);
            t_smp_param(&f, G7SF_PARAM_LOD, i, lods[i]);
        }
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned i = 0; i < 4; i++) {
            float want = plat == G7SF_HSW ? hsw[i] : lods[i];
            CHECKF(f.res.px[i].f[0] == want, "platform %u LOD %g: %g, want %g", plat,
                   (double)lods[i], (double)f.res.px[i].f[0], (double)want);
        }
        t_smp_fini(&f);
    }
}

/* Shader Channel Select leaves alone what is no texel: the LOD message's
 * LODs, and a disabled sampler's zeros.  LOD of a 4x4 R8G8B8A8 texture with
 * a quad one texel apart: LOD 0 in red (clamped) and green (unclamped),
 * whatever the selects (A, ONE, ZERO, G here). */
TEST(shader_channel_select_skips_lod_and_disabled_samplers)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        rgba8_2x2(&f, plat);
        select_channels(&f, G7SF_SCS_ALPHA, G7SF_SCS_ONE, G7SF_SCS_ZERO, G7SF_SCS_GREEN);
        t_smp_op(&f, G7SF_OP_LOD, 4, 4);
        /* 2x2 texels: u, v steps of 1/2 are one texel: LOD 0 */
        for (unsigned i = 0; i < 4; i++) {
            t_smp_param(&f, G7SF_PARAM_U, i, 0.5f * (float)(i & 1));
            t_smp_param(&f, G7SF_PARAM_V, i, 0.5f * (float)(i >> 1));
        }
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned c = 0; c < 4; c++)
            CHECKF(f.res.px[0].f[c] == 0.0f, "platform %u LOD channel %u: %g", plat, c,
                   (double)f.res.px[0].f[c]);
        f.smp.state.sampler_disable = 1;   /* every channel 0, ONE included */
        t_smp_op(&f, G7SF_OP_SAMPLE, 4, 4);
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned c = 0; c < 4; c++)
            CHECK_EQ(f.res.px[0].u[c], 0);
        t_smp_fini(&f);
    }
}

/* Texture Border Color Mode DX9 defines a UNORM8 colour for float
 * surfaces; an integer surface with Integer Surface Format set reads its
 * integer fields in that mode too (docs/spec-notes.md, "Haswell"). */
TEST(haswell_integer_border_in_dx9_mode)
{
    t_smp f;
    init_on(&f, G7SF_HSW, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UINT, 2, 2, 1);
    f.tex.integer_surface_format = 1;
    f.smp.state.texture_border_color_mode = G7SF_BORDER_COLOR_DX9;
    f.smp.border.border_color_unorm_red = 0x77;   /* DW0's UNORM8 red: not read */
    f.smp.border.border_color_8bit_red = 9, f.smp.border.border_color_8bit_green = 8;
    f.smp.border.border_color_8bit_blue = 7, f.smp.border.border_color_8bit_alpha = 6;
    t_smp_address(&f, CLAMP_BORDER);
    t_smp_op(&f, G7SF_OP_SAMPLE, 4, 4);
    for (unsigned i = 0; i < 4; i++)
        t_smp_param(&f, G7SF_PARAM_U, i, -0.5f);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].u[0] == 9 && f.res.px[0].u[1] == 8 && f.res.px[0].u[2] == 7 &&
          f.res.px[0].u[3] == 6);
    t_smp_fini(&f);
}
