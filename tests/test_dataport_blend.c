/* The render cache's colour pipeline (rt_color_prepare / rt_color_output)
 * called directly: every blend factor and function, independent alpha,
 * clamps, write disables, logic ops, format cases and refusals.  Expected
 * values are worked out by hand in the comments, with inputs chosen so
 * that every product and sum is exact in float32. */
#include <math.h>
#include <string.h>

#include "dataport/rt.h"
#include "gen7sf/gen7sf.h"
#include "harness.h"

#define RT 2   /* entry 2, so that entries 0/1 (left zero) must not be read */

enum { ONE = 0x01, SRC_COLOR, SRC_ALPHA, DST_ALPHA, DST_COLOR, SRC_ALPHA_SATURATE,
       CONST_COLOR, CONST_ALPHA, SRC1_COLOR, SRC1_ALPHA, ZERO = 0x11, INV_SRC_COLOR,
       INV_SRC_ALPHA, INV_DST_ALPHA, INV_DST_COLOR, INV_CONST_COLOR = 0x17, INV_CONST_ALPHA,
       INV_SRC1_COLOR, INV_SRC1_ALPHA };
enum { ADD, SUBTRACT, REVERSE_SUBTRACT, MIN, MAX };
enum { CLAMP_UNORM, CLAMP_SNORM, CLAMP_RTFORMAT };

/* s, s1, d and the constant: halves, quarters, eighths. */
static const float S[4] = { 0.5f, 0.25f, 0.75f, 0.5f };
static const float S1[4] = { 0.75f, 0.125f, 0.5f, 0.25f };
static const float D[4] = { 0.25f, 0.5f, 0.125f, 0.75f };
static const float K[4] = { 0.125f, 0.375f, 0.625f, 0.25f };

static const struct g7sf_format_info *fmt(const char *name)
{
    return g7sf_format_by_name(name);
}

/* Every field 0: blending and logic op off, all channels written. */
static g7sf_blend_state off(void)
{
    g7sf_blend_state bs;
    memset(&bs, 0, sizeof bs);
    return bs;
}

/* Blending on, src factor sf, dst factor df, function fn, no independent alpha. */
static g7sf_blend_state blend(unsigned sf, unsigned df, unsigned fn)
{
    g7sf_blend_state bs = off();
    bs.color_buffer_blend_enable[RT] = 1;
    bs.source_blend_factor[RT] = sf;
    bs.destination_blend_factor[RT] = df;
    bs.color_blend_function[RT] = fn;
    return bs;
}

static g7sf_color_calc_state constant(const float k[4])
{
    g7sf_color_calc_state cc;
    memset(&cc, 0, sizeof cc);
    cc.blend_constant_color_red = k[0];
    cc.blend_constant_color_green = k[1];
    cc.blend_constant_color_blue = k[2];
    cc.blend_constant_color_alpha = k[3];
    return cc;
}

/* One pixel through prepare + output into `unit`; prepare's code. */
static int run(const g7sf_blend_state *bs, const g7sf_color_calc_state *cc, const char *format,
               const g7sf_texel *s, const g7sf_texel *s1, void *unit)
{
    rt_color rc;
    const char *why = NULL;
    int rv = rt_color_prepare(&rc, G7SF_IVB, bs, RT, cc, fmt(format), &why);
    if (rv == 0)
        rt_color_output(&rc, s, s1, unit, 0, 0);
    return rv;
}

/* R32G32B32A32_FLOAT: the unit is the four floats, so results are exact. */
static void run_float(const g7sf_blend_state *bs, const float s[4], const float s1[4],
                      const float d[4], float out[4])
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_texel ts, ts1;
    memcpy(ts.f, s, 16);
    memcpy(ts1.f, s1, 16);
    memcpy(out, d, 16);
    CHECK_EQ(run(bs, &cc, "R32G32B32A32_FLOAT", &ts, &ts1, out), 0);
}

#define CHECK_RGBA(got, r, g, b, a)                                                     \
    do { const float *g_ = (got);                                                      \
         CHECKF(g_[0] == (r) && g_[1] == (g) && g_[2] == (b) && g_[3] == (a),         \
                "got (%g %g %g %g), want (%g %g %g %g)", g_[0], g_[1], g_[2], g_[3],  \
                (double)(r), (double)(g), (double)(b), (double)(a)); } while (0)

/* Source factor f, destination factor ZERO, ADD: out = s * f.  Alpha uses
 * the same factor (no independent alpha), where *_COLOR reads the alpha
 * channel and SRC_ALPHA_SATURATE is 1. */
static void src_factor_case(unsigned f, float r, float g, float b, float a)
{
    g7sf_blend_state bs = blend(f, ZERO, ADD);
    float out[4];
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, r, g, b, a);
}

TEST(every_source_factor_times_source)
{
    /* s = (.5 .25 .75 .5), s1 = (.75 .125 .5 .25), d = (.25 .5 .125 .75), k = (.125 .375 .625 .25) */
    src_factor_case(ONE, 0.5f, 0.25f, 0.75f, 0.5f);
    src_factor_case(ZERO, 0, 0, 0, 0);
    src_factor_case(SRC_COLOR, 0.25f, 0.0625f, 0.5625f, 0.25f);          /* s*s */
    src_factor_case(SRC_ALPHA, 0.25f, 0.125f, 0.375f, 0.25f);            /* s*.5 */
    src_factor_case(DST_ALPHA, 0.375f, 0.1875f, 0.5625f, 0.375f);        /* s*.75 */
    src_factor_case(DST_COLOR, 0.125f, 0.125f, 0.09375f, 0.375f);        /* s*d */
    /* f = min(As, 1 - Ad) = min(.5, .25) = .25 on RGB, 1 on alpha */
    src_factor_case(SRC_ALPHA_SATURATE, 0.125f, 0.0625f, 0.1875f, 0.5f);
    src_factor_case(CONST_COLOR, 0.0625f, 0.09375f, 0.46875f, 0.125f);   /* s*k */
    src_factor_case(CONST_ALPHA, 0.125f, 0.0625f, 0.1875f, 0.125f);      /* s*.25 */
    src_factor_case(SRC1_COLOR, 0.375f, 0.03125f, 0.375f, 0.125f);       /* s*s1 */
    src_factor_case(SRC1_ALPHA, 0.125f, 0.0625f, 0.1875f, 0.125f);       /* s*.25 */
    src_factor_case(INV_SRC_COLOR, 0.25f, 0.1875f, 0.1875f, 0.25f);      /* s*(1-s) */
    src_factor_case(INV_SRC_ALPHA, 0.25f, 0.125f, 0.375f, 0.25f);        /* s*.5 */
    src_factor_case(INV_DST_ALPHA, 0.125f, 0.0625f, 0.1875f, 0.125f);    /* s*.25 */
    src_factor_case(INV_DST_COLOR, 0.375f, 0.125f, 0.65625f, 0.125f);    /* s*(1-d) */
    src_factor_case(INV_CONST_COLOR, 0.4375f, 0.15625f, 0.28125f, 0.375f); /* s*(1-k) */
    src_factor_case(INV_CONST_ALPHA, 0.375f, 0.1875f, 0.5625f, 0.375f);  /* s*.75 */
    src_factor_case(INV_SRC1_COLOR, 0.125f, 0.21875f, 0.375f, 0.375f);   /* s*(1-s1) */
    src_factor_case(INV_SRC1_ALPHA, 0.375f, 0.1875f, 0.5625f, 0.375f);   /* s*.75 */
}

TEST(destination_factors_multiply_the_destination)
{
    float out[4];
    g7sf_blend_state bs = blend(ZERO, SRC_COLOR, ADD);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.125f, 0.125f, 0.09375f, 0.375f);   /* d*s */
    bs = blend(ZERO, INV_SRC_ALPHA, ADD);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.125f, 0.25f, 0.0625f, 0.375f);     /* d*.5 */
    bs = blend(ZERO, SRC_ALPHA_SATURATE, ADD);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.0625f, 0.125f, 0.03125f, 0.75f);   /* d*(.25 .25 .25 1) */
}

TEST(every_blend_function)
{
    float out[4];
    g7sf_blend_state bs = blend(ONE, ONE, ADD);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.75f, 0.75f, 0.875f, 1.25f);        /* s + d */
    bs = blend(ONE, ONE, SUBTRACT);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.25f, -0.25f, 0.625f, -0.25f);      /* s - d */
    bs = blend(ONE, ONE, REVERSE_SUBTRACT);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, -0.25f, 0.25f, -0.625f, 0.25f);      /* d - s */
    /* MIN/MAX ignore the factors (here ones that would zero everything) */
    bs = blend(ZERO, ZERO, MIN);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.25f, 0.25f, 0.125f, 0.5f);
    bs = blend(ZERO, ZERO, MAX);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.5f, 0.5f, 0.75f, 0.75f);
    /* subtract with factors: s*As - d*Ad = s*.5 - d*.75 */
    bs = blend(SRC_ALPHA, DST_ALPHA, SUBTRACT);
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.0625f, -0.25f, 0.28125f, -0.3125f);
}

TEST(independent_alpha_blend_has_its_own_factors_and_function)
{
    float out[4];
    g7sf_blend_state bs = blend(ONE, ZERO, ADD);
    bs.alpha_blend_function[RT] = SUBTRACT;
    bs.source_alpha_blend_factor[RT] = ONE;
    bs.destination_alpha_blend_factor[RT] = ONE;
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.5f, 0.25f, 0.75f, 0.5f);           /* disabled: alpha fields ignored */
    bs.independent_alpha_blend_enable[RT] = 1;
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.5f, 0.25f, 0.75f, -0.25f);         /* alpha .5 - .75 */
    /* a colour factor for alpha reads the alpha channel: As*(1-Ad)... */
    bs.alpha_blend_function[RT] = ADD;
    bs.source_alpha_blend_factor[RT] = INV_DST_COLOR;    /* 1 - Ad = .25 */
    bs.destination_alpha_blend_factor[RT] = CONST_COLOR; /* Ka = .25 */
    run_float(&bs, S, S1, D, out);
    CHECK_RGBA(out, 0.5f, 0.25f, 0.75f, 0.3125f);        /* .5*.25 + .75*.25 */
}

TEST(missing_second_source_reads_zero)
{
    float out[4];
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = blend(SRC1_COLOR, INV_SRC1_ALPHA, ADD);
    g7sf_texel s;
    rt_color rc;
    const char *why;
    memcpy(s.f, S, 16);
    memcpy(out, D, 16);
    CHECK_EQ(rt_color_prepare(&rc, G7SF_IVB, &bs, RT, &cc, fmt("R32G32B32A32_FLOAT"), &why), 0);
    CHECK(rc.dual_source_factors);
    rt_color_output(&rc, &s, NULL, out, 0, 0);
    CHECK_RGBA(out, 0.25f, 0.5f, 0.125f, 0.75f);         /* s*0 + d*(1-0) */
    bs = blend(ONE, ZERO, ADD);
    CHECK_EQ(rt_color_prepare(&rc, G7SF_IVB, &bs, RT, &cc, fmt("R32G32B32A32_FLOAT"), &why), 0);
    CHECK(!rc.dual_source_factors);
}

TEST(pre_and_post_blend_clamps_by_range)
{
    static const float big[4] = { 1.5f, -1.5f, 0.25f, -0.25f };
    float out[4];
    g7sf_blend_state bs = blend(ONE, ZERO, ADD);
    bs.pre_blend_color_clamp_enable[RT] = 1;
    bs.color_clamp_range[RT] = CLAMP_UNORM;
    run_float(&bs, big, S1, D, out);
    CHECK_RGBA(out, 1.0f, 0.0f, 0.25f, 0.0f);
    bs.color_clamp_range[RT] = CLAMP_SNORM;
    run_float(&bs, big, S1, D, out);
    CHECK_RGBA(out, 1.0f, -1.0f, 0.25f, -0.25f);
    bs.color_clamp_range[RT] = CLAMP_RTFORMAT;            /* float target: no clamp */
    run_float(&bs, big, S1, D, out);
    CHECK_RGBA(out, 1.5f, -1.5f, 0.25f, -0.25f);
    /* pre-clamp acts before the blend: ONE+ONE of clamped 1 and d .25 = 1.25 */
    bs = blend(ONE, ONE, ADD);
    bs.pre_blend_color_clamp_enable[RT] = 1;
    run_float(&bs, big, S1, D, out);
    CHECK_RGBA(out, 1.25f, 0.5f, 0.375f, 0.75f);          /* (1 0 .25 0) + d */
    bs.post_blend_color_clamp_enable[RT] = 1;             /* ... post-clamp after it */
    run_float(&bs, big, S1, D, out);
    CHECK_RGBA(out, 1.0f, 0.5f, 0.375f, 0.75f);
    bs.pre_blend_color_clamp_enable[RT] = 0;              /* post only: 1.5+.25, -1.5+.5 */
    run_float(&bs, big, S1, D, out);
    CHECK_RGBA(out, 1.0f, 0.0f, 0.375f, 0.5f);
    /* the pre-clamp also clamps the constant colour: k = (2 -1 .5 .5) */
    static const float k2[4] = { 2.0f, -1.0f, 0.5f, 0.5f };
    g7sf_color_calc_state cc = constant(k2);
    g7sf_texel s;
    bs = blend(CONST_COLOR, ZERO, ADD);
    bs.pre_blend_color_clamp_enable[RT] = 1;
    memcpy(s.f, S, 16);
    memcpy(out, D, 16);
    CHECK_EQ(run(&bs, &cc, "R32G32B32A32_FLOAT", &s, NULL, out), 0);
    CHECK_RGBA(out, 0.5f, 0.0f, 0.375f, 0.25f);           /* s*(1 0 .5 .5) */
}

TEST(rtformat_clamp_follows_unorm_and_snorm_targets)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = blend(ONE, ONE, SUBTRACT);
    g7sf_texel s = { .f = { 2.0f, 2.0f, 2.0f, 2.0f } };
    uint32_t px = 0x80808080u;
    bs.pre_blend_color_clamp_enable[RT] = 1;
    bs.color_clamp_range[RT] = CLAMP_RTFORMAT;
    /* UNORM8: 1 - 128/255 = 127/255 -> 0x7F; unclamped 2 - .502 would give 0xFF */
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0x7F7F7F7Fu);
    px = 0x80808080u;
    bs.pre_blend_color_clamp_enable[RT] = 0;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0xFFFFFFFFu);
    /* SNORM8: -2 clamps to -1; -1 + 64/127 = -.496 -> round(-63.0) = -63 = 0xC1;
     * unclamped -2 + .504 = -1.496 -> -127 = 0x81 */
    bs = blend(ONE, ONE, ADD);
    bs.pre_blend_color_clamp_enable[RT] = 1;
    bs.color_clamp_range[RT] = CLAMP_RTFORMAT;
    s = (g7sf_texel){ .f = { -2.0f, -2.0f, -2.0f, -2.0f } };
    px = 0x40404040u;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_SNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0xC1C1C1C1u);
    px = 0x40404040u;
    bs.pre_blend_color_clamp_enable[RT] = 0;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_SNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0x81818181u);
}

TEST(write_disables_keep_destination_channels)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = off();
    g7sf_texel s = { .f = { 1.0f, 1.0f, 1.0f, 1.0f } };
    uint32_t px = 0x44332211u;
    bs.write_disable_green[RT] = 1;
    bs.write_disable_alpha[RT] = 1;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0x44FF22FFu);                            /* R, B written; G, A kept */
    /* B5G6R5: B 4:0, G 10:5, R 15:11; G disabled keeps 0x07E0 of 0xFFFF */
    uint16_t p16 = 0xFFFF;
    s = (g7sf_texel){ .f = { 0.0f, 0.0f, 0.0f, 1.0f } };
    bs.write_disable_alpha[RT] = 0;
    CHECK_EQ(run(&bs, &cc, "B5G6R5_UNORM", &s, NULL, &p16), 0);
    CHECK_EQ(p16, 0x07E0);
    /* all four disabled: nothing written, even with blending */
    bs = blend(ONE, ONE, ADD);
    bs.write_disable_red[RT] = bs.write_disable_green[RT] = 1;
    bs.write_disable_blue[RT] = bs.write_disable_alpha[RT] = 1;
    px = 0x44332211u;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0x44332211u);
}

/* Source bits 0xCC (1100) against destination 0xAA (1010) in every byte:
 * each result byte is the op's truth table read off bit by bit. */
TEST(all_sixteen_logic_ops_on_uint_bits)
{
    static const uint8_t want[16] = {
        0x00,                /* CLEAR */
        0x11,                /* NOR: ~(CC|AA) = ~EE */
        0x22,                /* AND_INVERTED: ~CC & AA = 33 & AA */
        0x33,                /* COPY_INVERTED: ~CC */
        0x44,                /* AND_REVERSE: CC & ~AA = CC & 55 */
        0x55,                /* INVERT: ~AA */
        0x66,                /* XOR */
        0x77,                /* NAND: ~(CC&AA) = ~88 */
        0x88,                /* AND */
        0x99,                /* EQUIV: ~66 */
        0xAA,                /* NOOP */
        0xBB,                /* OR_INVERTED: 33 | AA */
        0xCC,                /* COPY */
        0xDD,                /* OR_REVERSE: CC | 55 */
        0xEE,                /* OR */
        0xFF                 /* SET */
    };
    g7sf_color_calc_state cc = constant(K);
    g7sf_texel s = { .u = { 0xCC, 0xCC, 0xCC, 0xCC } };
    for (unsigned op = 0; op < 16; op++) {
        g7sf_blend_state bs = off();
        uint32_t px = 0xAAAAAAAAu;
        bs.logic_op_enable[RT] = 1;
        bs.logic_op_function[RT] = op;
        CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UINT", &s, NULL, &px), 0);
        CHECKF(px == want[op] * 0x01010101u, "op %u: got 0x%08x", op, px);
    }
}

TEST(logic_op_on_unorm_uses_encoded_bits_and_write_mask)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = off();
    g7sf_texel s = { .f = { 0.8f, 0.8f, 0.8f, 0.8f } };   /* .8 * 255 = 204 = 0xCC */
    uint32_t px = 0xAAAAAAAAu;
    bs.logic_op_enable[RT] = 1;
    bs.logic_op_function[RT] = 6;                         /* XOR: CC ^ AA = 66 */
    bs.write_disable_blue[RT] = 1;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UNORM", &s, NULL, &px), 0);
    CHECK_EQ(px, 0x66AA6666u);
}

TEST(integer_targets_are_never_clamped)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = off();
    g7sf_texel s = { .u = { 200, 7, 0, 255 } };
    uint32_t px = 0;
    bs.pre_blend_color_clamp_enable[RT] = bs.post_blend_color_clamp_enable[RT] = 1;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UINT", &s, NULL, &px), 0);
    CHECK_EQ(px, 0xFF0007C8u);
}

TEST(srgb_blends_in_linear)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = blend(ONE, ONE, ADD);
    g7sf_texel s = { .f = { 0.25f, 0.0f, 0.0f, 0.25f } };
    uint32_t px = 0x80000080u;
    CHECK_EQ(run(&bs, &cc, "R8G8B8A8_UNORM_SRGB", &s, NULL, &px), 0);
    /* R: dst 128/255 decodes ((.50196+.055)/1.055)^2.4 = .215861, + .25 =
     * .465861, encodes 1.055*.465861^(1/2.4) - .055 = .712407 -> 181.66 -> 182.
     * A (linear): 128/255 + .25 = .75196 -> 191.75 -> 192. */
    CHECK_EQ(px, 0xC00000B6u);
}

TEST(missing_alpha_reads_one_and_alpha_only_formats)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = blend(DST_ALPHA, ZERO, ADD);
    g7sf_texel s = { .f = { 1.0f, 0.0f, 1.0f, 0.0f } };
    uint16_t p16 = 0;
    CHECK_EQ(run(&bs, &cc, "B5G6R5_UNORM", &s, NULL, &p16), 0);
    CHECK_EQ(p16, 0xF81F);                                /* s * Ad = s * 1 */
    /* A8: .5*.5 + (64/255)*.5 = .37549 -> 95.75 -> 96 */
    uint8_t a8 = 0x40;
    bs = blend(SRC_ALPHA, INV_SRC_ALPHA, ADD);
    s = (g7sf_texel){ .f = { 0.0f, 0.0f, 0.0f, 0.5f } };
    CHECK_EQ(run(&bs, &cc, "A8_UNORM", &s, NULL, &a8), 0);
    CHECK_EQ(a8, 0x60);
}

TEST(r11g11b10_float_blends_and_reencodes)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = blend(ONE, ONE, ADD);
    g7sf_texel s = { .f = { 1.0f, 2.0f, 0.5f, 1.0f } };
    /* dst R 1.0 = exp 15 << 6 = 0x3C0, G .5 = 14 << 6 = 0x380, B 1.0 = 15 << 5 = 0x1E0 */
    uint32_t px = 0x3C0u | 0x380u << 11 | 0x1E0u << 22;
    CHECK_EQ(run(&bs, &cc, "R11G11B10_FLOAT", &s, NULL, &px), 0);
    /* R 2.0 = 16 << 6; G 2.5 = 1.25 * 2: 16 << 6 | 16; B 1.5 = 15 << 5 | 16 */
    CHECK_EQ(px, 0x400u | 0x410u << 11 | 0x1F0u << 22);
}

static void refused(const g7sf_blend_state *bs, const char *format, unsigned rt)
{
    g7sf_color_calc_state cc = constant(K);
    rt_color rc;
    const char *why = NULL;
    CHECK_EQ(rt_color_prepare(&rc, G7SF_IVB, bs, rt, &cc, fmt(format), &why), G7SF_ESTATE);
    CHECKF(why && *why, "%s: no reason", format);
}

TEST(refusals)
{
    g7sf_blend_state bs = blend(ONE, ZERO, ADD), ok = bs;
    refused(&bs, "R8G8B8A8_UINT", RT);                    /* integer: cannot blend */
    refused(&bs, "YCRCB_NORMAL", RT);
    refused(&bs, "BC1_UNORM", RT);                        /* not a render target */
    refused(&bs, "R8G8B8A8_UNORM", 8);
    bs.logic_op_enable[RT] = 1;
    refused(&bs, "R8G8B8A8_UNORM", RT);                   /* blend and logic op */
    bs.color_buffer_blend_enable[RT] = 0;
    refused(&bs, "R32G32B32A32_FLOAT", RT);               /* logic op on float */
    refused(&bs, "R16G16B16A16_FLOAT", RT);
    refused(&bs, "R11G11B10_FLOAT", RT);
    bs = ok;
    bs.source_blend_factor[RT] = 0x00;
    refused(&bs, "R8G8B8A8_UNORM", RT);
    bs.source_blend_factor[RT] = 0x16;                    /* INV_SRC_ALPHA_SATURATE */
    refused(&bs, "R8G8B8A8_UNORM", RT);
    bs.source_blend_factor[RT] = 0x0B;
    refused(&bs, "R8G8B8A8_UNORM", RT);
    bs = ok;
    bs.color_blend_function[RT] = 5;
    refused(&bs, "R8G8B8A8_UNORM", RT);
    bs = ok;
    bs.independent_alpha_blend_enable[RT] = 1;            /* alpha factor 0: reserved */
    refused(&bs, "R8G8B8A8_UNORM", RT);
    bs = ok;
    bs.color_clamp_range[RT] = 3;
    refused(&bs, "R8G8B8A8_UNORM", RT);
    bs = off();
    bs.write_disable_red[RT] = 1;
    refused(&bs, "YCRCB_NORMAL", RT);                     /* channels share the pair */
}

TEST(blend_state_off_passes_through_ycrcb_and_ignores_reserved_unused_fields)
{
    g7sf_color_calc_state cc = constant(K);
    g7sf_blend_state bs = off();
    g7sf_texel s = { .f = { 1.0f, 0.0f, 1.0f, 1.0f } };   /* (Cr, Y, Cb) */
    uint32_t px = 0x12345678u;
    bs.source_blend_factor[RT] = 0x00;                    /* blending off: not looked at */
    CHECK_EQ(run(&bs, &cc, "YCRCB_NORMAL", &s, NULL, &px), 0);
    /* YCRCB_NORMAL bytes Y0 U Y1 V: Y0 = 0, Cb(U) = 0xFF, Y1 kept 0x34, Cr(V) = 0xFF */
    CHECK_EQ(px, 0xFF34FF00u);
}

/* GL 4.5 §17.3.6.1: with the pre-blend clamp the factors are clamped too.
 * On an SNORM range INV_DST_ALPHA of Ad = -.5 is 1.5, clamped to 1. */
TEST(pre_blend_clamp_clamps_the_factors)
{
    static const float s[4] = { 0.5f, 0.25f, 0.75f, 0.5f };
    static const float d[4] = { 0.25f, 0.5f, 0.125f, -0.5f };
    float out[4];
    g7sf_blend_state bs = blend(INV_DST_ALPHA, ZERO, ADD);
    bs.pre_blend_color_clamp_enable[RT] = 1;
    bs.color_clamp_range[RT] = CLAMP_SNORM;
    run_float(&bs, s, S1, d, out);
    CHECK_RGBA(out, 0.5f, 0.25f, 0.75f, 0.5f);            /* s * 1 */
    bs.pre_blend_color_clamp_enable[RT] = 0;
    run_float(&bs, s, S1, d, out);
    CHECK_RGBA(out, 0.75f, 0.375f, 1.125f, 0.75f);        /* s * 1.5 */
}
