/* gather4, gather4_c, gather4_po, gather4_po_c (§2.13.1.4, L4745-4781)
 * through g7sf_sample.  Which texel lands in which channel is worked out by
 * hand: a position p in texels has its 2x2 footprint at floor(p - 0.5);
 * red = lower left (i0, j1), green = lower right (i1, j1), blue = upper
 * right (i1, j0), alpha = upper left (i0, j0). */
#include <math.h>

#include "harness.h"
#include "sampler_fixture.h"

enum { WRAP = 0, CLAMP = 2, CLAMP_BORDER = 4 };

/* Texel (x, y) of the 4x4 R8G8B8A8_UNORM texture: R = 16y + x,
 * G = 0x80 + 16y + x, B = 0x40, A = 0xFF - (16y + x); slice s adds 4s to R. */
static uint8_t chan(unsigned x, unsigned y, unsigned s, unsigned k)
{
    unsigned v = 16 * y + x;
    const unsigned c[4] = { v + 4 * s, 0x80 + v, 0x40, 0xFF - v };
    return (uint8_t)c[k];
}

/* f with the 4x4 texture above, `slices` slices. */
static void rgba_texture(t_smp *f, unsigned slices)
{
    t_smp_init(f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 4, slices, 1);
    for (unsigned s = 0; s < slices; s++) {
        uint8_t rows[4][16];
        for (unsigned y = 0; y < 4; y++)
            for (unsigned x = 0; x < 4; x++)
                for (unsigned k = 0; k < 4; k++)
                    rows[y][4 * x + k] = chan(x, y, s, k);
        t_smp_fill(f, 0, s, rows);
    }
}

/* px holds channel k of texels LL, LR, UR, UL = (x0, y1), (x1, y1), (x1, y0), (x0, y0) */
static void check_gather(const g7sf_texel *px, unsigned x0, unsigned y0, unsigned x1,
                         unsigned y1, unsigned s, unsigned k, int line)
{
    const unsigned want[4] = { chan(x0, y1, s, k), chan(x1, y1, s, k), chan(x1, y0, s, k),
                               chan(x0, y0, s, k) };
    for (unsigned c = 0; c < 4; c++)
        if (fabsf(px->f[c] - (float)want[c] / 255.0f) > 1e-6f)
            t_fail(__FILE__, line, "channel %u: got %g (%g/255), want %u/255", c, px->f[c],
                   px->f[c] * 255.0f, want[c]);
}
#define CHECK_GATHER(px, x0, y0, x1, y1, s, k) check_gather(px, x0, y0, x1, y1, s, k, __LINE__)

TEST(gather4_footprint_order)
{
    t_smp f;
    rgba_texture(&f, 1);
    t_smp_address(&f, WRAP);
    t_smp_op(&f, G7SF_OP_GATHER4, 8, 4);
    /* pixel 0: (2, 2) texels -> footprint from (1, 1); pixel 1: (1.2, 2.9) ->
     * floor(0.7, 2.4) = (0, 2); pixel 2: (0, 0) wraps to (3, 3)..(0, 0);
     * pixel 3: (4.5, 0.6) -> (4 = 0, 0) */
    const float u[4] = { 0.5f, 0.3f, 0.0f, 1.125f }, v[4] = { 0.5f, 0.725f, 0.0f, 0.15f };
    for (unsigned i = 0; i < 4; i++)
        f.args.p[G7SF_PARAM_U][i].f = u[i], f.args.p[G7SF_PARAM_V][i].f = v[i];
    for (unsigned k = 0; k < 4; k++) {
        f.args.gather_channel = k;
        CHECK_EQ(t_smp_run(&f), 0);
        CHECK_EQ(f.res.type, G7SF_TEXEL_FLOAT);
        CHECK_GATHER(&f.res.px[0], 1, 1, 2, 2, 0, k);
        CHECK_GATHER(&f.res.px[1], 0, 2, 1, 3, 0, k);
        CHECK_GATHER(&f.res.px[2], 3, 3, 0, 0, 0, k);
        CHECK_GATHER(&f.res.px[3], 0, 0, 1, 1, 0, k);
    }
    t_smp_fini(&f);
}

TEST(gather4_address_modes)
{
    t_smp f;
    rgba_texture(&f, 1);
    t_smp_op(&f, G7SF_OP_GATHER4, 8, 1);
    f.args.p[G7SF_PARAM_U][0].f = 0.0f, f.args.p[G7SF_PARAM_V][0].f = 1.0f;   /* corner (0, 4) */
    t_smp_address(&f, CLAMP);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_GATHER(&f.res.px[0], 0, 3, 0, 3, 0, 0);   /* all four clamp to (0, 3) */
    /* CLAMP_BORDER: three of the four are the border colour */
    t_smp_address(&f, CLAMP_BORDER);
    f.smp.border.border_color_red = 0.25f;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].f[0] == 0.25f && f.res.px[0].f[1] == 0.25f && f.res.px[0].f[3] == 0.25f);
    CHECK(fabsf(f.res.px[0].f[2] - chan(0, 3, 0, 0) / 255.0f) < 1e-6f);   /* UR = (0, 3) */
    t_smp_fini(&f);
}

TEST(gather4_offsets)
{
    t_smp f;
    rgba_texture(&f, 1);
    t_smp_address(&f, WRAP);
    t_smp_op(&f, G7SF_OP_GATHER4, 8, 1);
    f.args.p[G7SF_PARAM_U][0].f = 0.5f, f.args.p[G7SF_PARAM_V][0].f = 0.5f;
    f.args.offset[0] = 1, f.args.offset[1] = -1;   /* (2, 2) + (1, -1) = (3, 1): from (2, 0) */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_GATHER(&f.res.px[0], 2, 0, 3, 1, 0, 0);
    /* gather4_po: offu 0x3F = -1, offv 0x41 -> low 6 bits 1; the header's
     * offsets are replaced: (1, 3) -> from (0, 2).  Pixel 1: offu -32
     * (0xFFFFFFE0) and offv 31: (2 - 32, 2 + 31) = (-30, 33) -> from
     * (-31, 32) = (1, 0) wrapped */
    f.args.op = G7SF_OP_GATHER4_PO;
    f.args.mask = 3;
    f.args.p[G7SF_PARAM_U][1].f = 0.5f, f.args.p[G7SF_PARAM_V][1].f = 0.5f;
    f.args.p[G7SF_PARAM_OFFU][0].i = 0x3F, f.args.p[G7SF_PARAM_OFFV][0].i = 0x41;
    f.args.p[G7SF_PARAM_OFFU][1].i = -32, f.args.p[G7SF_PARAM_OFFV][1].i = 31;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_GATHER(&f.res.px[0], 0, 2, 1, 3, 0, 0);
    CHECK_GATHER(&f.res.px[1], 1, 0, 2, 1, 0, 0);
    t_smp_fini(&f);
}

TEST(gather4_array_slices)
{
    t_smp f;
    rgba_texture(&f, 3);
    f.tex.surface_array = 1;
    t_smp_address(&f, WRAP);
    t_smp_op(&f, G7SF_OP_GATHER4, 8, 3);
    const float ai[3] = { 1.4f, 9.0f, -2.0f };   /* slices 1, 2 (clamped), 0 */
    for (unsigned i = 0; i < 3; i++) {
        f.args.p[G7SF_PARAM_U][i].f = f.args.p[G7SF_PARAM_V][i].f = 0.5f;
        f.args.p[G7SF_PARAM_R][i].f = ai[i];
    }
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_GATHER(&f.res.px[0], 1, 1, 2, 2, 1, 0);
    CHECK_GATHER(&f.res.px[1], 1, 1, 2, 2, 2, 0);
    CHECK_GATHER(&f.res.px[2], 1, 1, 2, 2, 0, 0);
    /* Minimum Array Element 1: index 0 is slice 1 */
    f.tex.min_array_element = 1, f.tex.array_len = 2;
    f.args.p[G7SF_PARAM_R][0].f = 0.0f;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_GATHER(&f.res.px[0], 1, 1, 2, 2, 1, 0);
    t_smp_fini(&f);
}

TEST(gather4_c_compares_each_texel)
{
    /* R32_FLOAT 2x2: upper row 0.1 0.6, lower row 0.4 0.9 */
    static const float texels[2][2] = { { 0.1f, 0.6f }, { 0.4f, 0.9f } };
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 2, 2, 1, 1);
    t_smp_fill(&f, 0, 0, texels);
    t_smp_address(&f, CLAMP);
    f.smp.state.shadow_function = 4;   /* LEQUAL: 0.0 where texel <= ref */
    t_smp_op(&f, G7SF_OP_GATHER4_C, 8, 2);
    f.args.gather_channel = 2;   /* ignored: the compare result is in every channel */
    for (unsigned i = 0; i < 2; i++)
        f.args.p[G7SF_PARAM_U][i].f = f.args.p[G7SF_PARAM_V][i].f = 0.5f;
    f.args.p[G7SF_PARAM_REF][0].f = 0.5f, f.args.p[G7SF_PARAM_REF][1].f = 0.6f;
    CHECK_EQ(t_smp_run(&f), 0);
    /* (R, G, B, A) = (LL 0.4, LR 0.9, UR 0.6, UL 0.1) */
    const float want[2][4] = { { 0, 1, 1, 0 }, { 0, 1, 0, 0 } };
    for (unsigned i = 0; i < 2; i++)
        for (unsigned k = 0; k < 4; k++)
            CHECKF(f.res.px[i].f[k] == want[i][k], "px %u ch %u: %g", i, k, f.res.px[i].f[k]);
    /* gather4_po_c: offset (1, 0) clamps to the right column: LR 0.9, UR 0.6 twice */
    f.args.op = G7SF_OP_GATHER4_PO_C;
    f.args.p[G7SF_PARAM_OFFU][0].i = 1;
    CHECK_EQ(t_smp_run(&f), 0);
    const float want_po[4] = { 1, 1, 1, 1 };   /* 0.9, 0.9, 0.6, 0.6 against 0.5 */
    for (unsigned k = 0; k < 4; k++)
        CHECKF(f.res.px[0].f[k] == want_po[k], "po ch %u: %g", k, f.res.px[0].f[k]);
    CHECK(f.res.px[1].f[2] == 0.0f);   /* pixel 1 has no offset: UR 0.6 <= 0.6 */
    t_smp_fini(&f);
}

TEST(gather4_refusals_hostile_input_and_sampler_disable)
{
    t_smp f;
    rgba_texture(&f, 1);
    t_smp_address(&f, WRAP);
    t_smp_op(&f, G7SF_OP_GATHER4_C, 8, 1);
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);   /* not a shadow format */
    f.tex.format = G7SF_FORMAT_R8G8B8A8_UINT;
    f.args.op = G7SF_OP_GATHER4;
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);   /* integer format */
    f.tex.format = G7SF_FORMAT_R8G8B8A8_UNORM;
    f.tex.surf.type = G7SF_SURFTYPE_3D;
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    f.tex.surf.type = G7SF_SURFTYPE_CUBE, f.tex.surf.depth = f.tex.array_len = 6;
    f.args.op = G7SF_OP_GATHER4_PO;
    t_smp_address(&f, CLAMP);
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);   /* _po: 2D only */
    /* hostile coordinates: a defined result, no crash */
    t_smp_fini(&f);
    rgba_texture(&f, 1);
    t_smp_address(&f, WRAP);
    f.args.op = G7SF_OP_GATHER4;
    f.args.mask = 0xF;
    const float bad[4] = { NAN, INFINITY, -INFINITY, 3e38f };
    for (unsigned i = 0; i < 4; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, bad[i]);
        t_smp_param(&f, G7SF_PARAM_V, i, bad[i]);
        t_smp_param(&f, G7SF_PARAM_R, i, bad[i]);
    }
    CHECK_EQ(t_smp_run(&f), 0);
    f.smp.state.sampler_disable = 1;
    t_smp_param(&f, G7SF_PARAM_U, 0, 0.5f);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].f[0] == 0.0f && f.res.px[0].f[3] == 0.0f);
    t_smp_fini(&f);
}
