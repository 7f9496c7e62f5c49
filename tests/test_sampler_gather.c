/* gather4, gather4_c, gather4_po, gather4_po_c (§2.13.1.4, L4745-4781)
 * through g7sf_sample.  Which texel lands in which channel is worked out by
 * hand: a position p in texels has its 2x2 footprint at floor(p - 0.5);
 * red = lower left (i0, j1), green = lower right (i1, j1), blue = upper
 * right (i1, j0), alpha = upper left (i0, j0). */
#include <math.h>

#include "harness.h"
#include "smp_tex.h"

enum { WRAP = 0, CLAMP = 2, CLAMP_BORDER = 4 };

static g7sf_gpu *gpu;

/* Texel (x, y) of the 4x4 R8G8B8A8_UNORM texture: R = 16y + x,
 * G = 0x80 + 16y + x, B = 0x40, A = 0xFF - (16y + x); slice s adds 4s to R. */
static uint8_t chan(unsigned x, unsigned y, unsigned s, unsigned k)
{
    unsigned v = 16 * y + x;
    const unsigned c[4] = { v + 4 * s, 0x80 + v, 0x40, 0xFF - v };
    return (uint8_t)c[k];
}

static void rgba_texture(g7sf_texture *t, unsigned slices)
{
    if (!gpu)
        gpu = g7sf_gpu_create();
    t_tex(t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 4, slices, 0x400000);
    for (unsigned s = 0; s < slices; s++) {
        uint8_t rows[4][16];
        for (unsigned y = 0; y < 4; y++)
            for (unsigned x = 0; x < 4; x++)
                for (unsigned k = 0; k < 4; k++)
                    rows[y][4 * x + k] = chan(x, y, s, k);
        t_tex_fill(gpu, t, s, rows);
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

static int gather(const g7sf_texture *t, const g7sf_sampler *s, g7sf_sample_args *a,
                  g7sf_sample_result *r)
{
    return g7sf_sample(gpu, t, s, a, r);
}

TEST(gather4_footprint_order)
{
    g7sf_texture t;
    g7sf_sampler s;
    g7sf_sample_args a;
    g7sf_sample_result r;
    rgba_texture(&t, 1);
    t_smp(&s, WRAP);
    t_args(&a, G7SF_OP_GATHER4, 4);
    /* pixel 0: (2, 2) texels -> footprint from (1, 1); pixel 1: (1.2, 2.9) ->
     * floor(0.7, 2.4) = (0, 2); pixel 2: (0, 0) wraps to (3, 3)..(0, 0);
     * pixel 3: (4.5, 0.6) -> (4 = 0, 0) */
    const float u[4] = { 0.5f, 0.3f, 0.0f, 1.125f }, v[4] = { 0.5f, 0.725f, 0.0f, 0.15f };
    for (unsigned i = 0; i < 4; i++)
        a.p[G7SF_PARAM_U][i].f = u[i], a.p[G7SF_PARAM_V][i].f = v[i];
    for (unsigned k = 0; k < 4; k++) {
        a.gather_channel = k;
        CHECK_EQ(gather(&t, &s, &a, &r), 0);
        CHECK_EQ(r.type, G7SF_TEXEL_FLOAT);
        CHECK_GATHER(&r.px[0], 1, 1, 2, 2, 0, k);
        CHECK_GATHER(&r.px[1], 0, 2, 1, 3, 0, k);
        CHECK_GATHER(&r.px[2], 3, 3, 0, 0, 0, k);
        CHECK_GATHER(&r.px[3], 0, 0, 1, 1, 0, k);
    }
}

TEST(gather4_address_modes)
{
    g7sf_texture t;
    g7sf_sampler s;
    g7sf_sample_args a;
    g7sf_sample_result r;
    rgba_texture(&t, 1);
    t_args(&a, G7SF_OP_GATHER4, 1);
    a.p[G7SF_PARAM_U][0].f = 0.0f, a.p[G7SF_PARAM_V][0].f = 1.0f;   /* corner (0, 4) */
    t_smp(&s, CLAMP);
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    CHECK_GATHER(&r.px[0], 0, 3, 0, 3, 0, 0);   /* all four clamp to (0, 3) */
    /* CLAMP_BORDER: three of the four are the border colour */
    t_smp(&s, CLAMP_BORDER);
    s.border.border_color_red = 0.25f;
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    CHECK(r.px[0].f[0] == 0.25f && r.px[0].f[1] == 0.25f && r.px[0].f[3] == 0.25f);
    CHECK(fabsf(r.px[0].f[2] - chan(0, 3, 0, 0) / 255.0f) < 1e-6f);   /* UR = (0, 3) */
}

TEST(gather4_offsets)
{
    g7sf_texture t;
    g7sf_sampler s;
    g7sf_sample_args a;
    g7sf_sample_result r;
    rgba_texture(&t, 1);
    t_smp(&s, WRAP);
    t_args(&a, G7SF_OP_GATHER4, 1);
    a.p[G7SF_PARAM_U][0].f = 0.5f, a.p[G7SF_PARAM_V][0].f = 0.5f;
    a.offset[0] = 1, a.offset[1] = -1;   /* (2, 2) + (1, -1) = (3, 1): from (2, 0) */
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    CHECK_GATHER(&r.px[0], 2, 0, 3, 1, 0, 0);
    /* gather4_po: offu 0x3F = -1, offv 0x41 -> low 6 bits 1; the header's
     * offsets are replaced: (1, 3) -> from (0, 2).  Pixel 1: offu -32
     * (0xFFFFFFE0) and offv 31: (2 - 32, 2 + 31) = (-30, 33) -> from
     * (-31, 32) = (1, 0) wrapped */
    a.op = G7SF_OP_GATHER4_PO;
    a.mask = 3;
    a.p[G7SF_PARAM_U][1].f = 0.5f, a.p[G7SF_PARAM_V][1].f = 0.5f;
    a.p[G7SF_PARAM_OFFU][0].i = 0x3F, a.p[G7SF_PARAM_OFFV][0].i = 0x41;
    a.p[G7SF_PARAM_OFFU][1].i = -32, a.p[G7SF_PARAM_OFFV][1].i = 31;
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    CHECK_GATHER(&r.px[0], 0, 2, 1, 3, 0, 0);
    CHECK_GATHER(&r.px[1], 1, 0, 2, 1, 0, 0);
}

TEST(gather4_array_slices)
{
    g7sf_texture t;
    g7sf_sampler s;
    g7sf_sample_args a;
    g7sf_sample_result r;
    rgba_texture(&t, 3);
    t.surface_array = 1;
    t_smp(&s, WRAP);
    t_args(&a, G7SF_OP_GATHER4, 3);
    const float ai[3] = { 1.4f, 9.0f, -2.0f };   /* slices 1, 2 (clamped), 0 */
    for (unsigned i = 0; i < 3; i++) {
        a.p[G7SF_PARAM_U][i].f = a.p[G7SF_PARAM_V][i].f = 0.5f;
        a.p[G7SF_PARAM_R][i].f = ai[i];
    }
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    CHECK_GATHER(&r.px[0], 1, 1, 2, 2, 1, 0);
    CHECK_GATHER(&r.px[1], 1, 1, 2, 2, 2, 0);
    CHECK_GATHER(&r.px[2], 1, 1, 2, 2, 0, 0);
    /* Minimum Array Element 1: index 0 is slice 1 */
    t.min_array_element = 1, t.array_len = 2;
    a.p[G7SF_PARAM_R][0].f = 0.0f;
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    CHECK_GATHER(&r.px[0], 1, 1, 2, 2, 1, 0);
}

TEST(gather4_c_compares_each_texel)
{
    /* R32_FLOAT 2x2: upper row 0.1 0.6, lower row 0.4 0.9 */
    static const float texels[2][2] = { { 0.1f, 0.6f }, { 0.4f, 0.9f } };
    g7sf_texture t;
    g7sf_sampler s;
    g7sf_sample_args a;
    g7sf_sample_result r;
    if (!gpu)
        gpu = g7sf_gpu_create();
    t_tex(&t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 2, 2, 1, 0x500000);
    t_tex_fill(gpu, &t, 0, texels);
    t_smp(&s, CLAMP);
    s.state.shadow_function = 4;   /* LEQUAL: 0.0 where texel <= ref */
    t_args(&a, G7SF_OP_GATHER4_C, 2);
    a.gather_channel = 2;   /* ignored: the compare result is in every channel */
    for (unsigned i = 0; i < 2; i++)
        a.p[G7SF_PARAM_U][i].f = a.p[G7SF_PARAM_V][i].f = 0.5f;
    a.p[G7SF_PARAM_REF][0].f = 0.5f, a.p[G7SF_PARAM_REF][1].f = 0.6f;
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    /* (R, G, B, A) = (LL 0.4, LR 0.9, UR 0.6, UL 0.1) */
    const float want[2][4] = { { 0, 1, 1, 0 }, { 0, 1, 0, 0 } };
    for (unsigned i = 0; i < 2; i++)
        for (unsigned k = 0; k < 4; k++)
            CHECKF(r.px[i].f[k] == want[i][k], "px %u ch %u: %g", i, k, r.px[i].f[k]);
    /* gather4_po_c: offset (1, 0) clamps to the right column: LR 0.9, UR 0.6 twice */
    a.op = G7SF_OP_GATHER4_PO_C;
    a.p[G7SF_PARAM_OFFU][0].i = 1;
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
    const float want_po[4] = { 1, 1, 1, 1 };   /* 0.9, 0.9, 0.6, 0.6 against 0.5 */
    for (unsigned k = 0; k < 4; k++)
        CHECKF(r.px[0].f[k] == want_po[k], "po ch %u: %g", k, r.px[0].f[k]);
    CHECK(r.px[1].f[2] == 0.0f);   /* pixel 1 has no offset: UR 0.6 <= 0.6 */
}

TEST(gather4_refuses_what_the_prm_forbids)
{
    g7sf_texture t;
    g7sf_sampler s;
    g7sf_sample_args a;
    g7sf_sample_result r;
    rgba_texture(&t, 1);
    t_smp(&s, WRAP);
    t_args(&a, G7SF_OP_GATHER4_C, 1);
    CHECK_EQ(gather(&t, &s, &a, &r), G7SF_ESTATE);   /* not a shadow format */
    t.format = G7SF_FORMAT_R8G8B8A8_UINT;
    a.op = G7SF_OP_GATHER4;
    CHECK_EQ(gather(&t, &s, &a, &r), G7SF_ESTATE);   /* integer format */
    t.format = G7SF_FORMAT_R8G8B8A8_UNORM;
    t.surf.type = G7SF_SURFTYPE_3D;
    CHECK_EQ(gather(&t, &s, &a, &r), G7SF_ESTATE);
    t.surf.type = G7SF_SURFTYPE_CUBE, t.surf.depth = t.array_len = 6;
    a.op = G7SF_OP_GATHER4_PO;
    t_smp(&s, CLAMP);
    CHECK_EQ(gather(&t, &s, &a, &r), G7SF_ESTATE);   /* _po: 2D only */
    /* hostile coordinates: a defined result, no crash */
    rgba_texture(&t, 1);
    t_smp(&s, WRAP);
    a.op = G7SF_OP_GATHER4;
    a.mask = 0xF;
    const float bad[4] = { NAN, INFINITY, -INFINITY, 3e38f };
    for (unsigned i = 0; i < 4; i++)
        a.p[G7SF_PARAM_U][i].f = a.p[G7SF_PARAM_V][i].f = a.p[G7SF_PARAM_R][i].f = bad[i];
    CHECK_EQ(gather(&t, &s, &a, &r), 0);
}
