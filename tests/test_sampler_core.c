/* The sampler's core stages, values worked out by hand from §2.2 and the
 * decisions in docs/spec-notes.md "Sampling engine". */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "sampler/smp.h"
#include "sampler_fixture.h"

enum { WRAP, MIRROR, CLAMP, CUBE, CLAMP_BORDER, MIRROR_ONCE, HALF_BORDER };

#define NEAR(a, b) (fabsf((a) - (b)) < 1e-6f)

TEST(address_modes_on_four_texels)
{
    /* indices -6 .. 9 on an axis of 4 texels; -1 = outside (border) */
    static const int32_t want[7][16] = {
        [WRAP] =         { 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1 },
        [MIRROR] =       { 2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1 },
        [CLAMP] =        { 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3 },
        [CUBE] =         { 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3 },
        [CLAMP_BORDER] = { -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1 },
        [MIRROR_ONCE] =  { 3, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3 },
        [HALF_BORDER] =  { -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1 },
    };
    for (unsigned m = 0; m < 7; m++)
        for (int i = -6; i <= 9; i++) {
            int32_t edge = 99;
            int32_t got = smp_address(m, i, 4, &edge);
            CHECKF(got == want[m][i + 6], "mode %u index %d: got %d want %d", m, i, got,
                   want[m][i + 6]);
            if (m == HALF_BORDER && got == SMP_OUTSIDE)
                CHECK_EQ(edge, i < 0 ? 0 : 3);
        }
    /* far outside: wraps stay exact */
    CHECK_EQ(smp_address(WRAP, -4000000001LL, 3, NULL), 1);   /* -4000000001 = 3 * -1333333334 + 1 */
    CHECK_EQ(smp_address(MIRROR, 13, 3, NULL), 1);            /* 13 mod 6 = 1 */
}

TEST(fixed_point_positions)
{
    CHECK_EQ(smp_fixed(1.0f, true), 256);
    CHECK_EQ(smp_fixed(1.0f / 512.0f, true), 1);      /* 0.5 step rounds up */
    CHECK_EQ(smp_fixed(1.0f / 512.0f, false), 0);     /* truncation */
    CHECK_EQ(smp_fixed(-1.0f / 1024.0f, false), -1);  /* toward minus infinity */
    CHECK_EQ(smp_fixed(NAN, true), 0);
    CHECK(smp_fixed(INFINITY, true) == (int64_t)1.0e12f);
    CHECK(smp_fixed(-INFINITY, false) == -(int64_t)1.0e12f);
}

TEST(lod_from_gradients)
{
    const float a[2][3] = { { 4, 0, 0 }, { 0, 2, 0 } };      /* rho = max(4, 2) */
    CHECK(NEAR(smp_lod_from_grad(a, 2), 2.0f));
    const float b[2][3] = { { 3, 4, 0 }, { 1, 0, 0 } };      /* rho = 5 */
    CHECK(NEAR(smp_lod_from_grad(b, 2), log2f(5.0f)));
    const float c3[2][3] = { { 0, 0, 8 }, { 0, 0, 0 } };     /* r counts only in 3D */
    CHECK(NEAR(smp_lod_from_grad(c3, 3), 3.0f));
    CHECK(smp_lod_from_grad(c3, 2) == -INFINITY);
}

/* A context with a 6-level texture and the given sampler for smp_lod_select. */
static void lod_ctx(smp_ctx *c, g7sf_texture *t, g7sf_sampler *s)
{
    memset(c, 0, sizeof *c);
    memset(t, 0, sizeof *t);
    t->mip_count = 5;
    c->tex = t;
    c->smp = s;
}

TEST(lod_bias_clamp_and_selection)
{
    smp_ctx c;
    g7sf_texture t;
    g7sf_sampler s;
    memset(&s, 0, sizeof s);
    lod_ctx(&c, &t, &s);
    smp_lodsel sel;
    s.state.max_lod = 5 << 8;
    s.state.mip_mode_filter = 3;                     /* LINEAR */
    smp_lod_select(&c, 2.3f, 0.0f, &sel);            /* 2.3 -> 589/256 */
    CHECK_EQ(sel.lod0, 2);
    CHECK_EQ(sel.lod1, 3);
    CHECK(NEAR(sel.beta, 77.0f / 256.0f));
    CHECK(!sel.mag);
    s.state.texture_lod_bias = -256;                 /* S4.8 -1.0 */
    smp_lod_select(&c, 2.5f, 0.25f, &sel);           /* 2.5 - 1 + 0.25 */
    CHECK_EQ(sel.lod0, 1);
    CHECK(NEAR(sel.beta, 0.75f));
    CHECK(NEAR(sel.lod_unclamped, 1.75f));
    s.state.texture_lod_bias = 0;
    s.state.mip_mode_filter = 1;                     /* NEAREST rounds */
    smp_lod_select(&c, 2.5f, 0.0f, &sel);
    CHECK_EQ(sel.lod0, 3);
    CHECK(sel.beta == 0.0f);
    smp_lod_select(&c, 9.0f, 0.0f, &sel);            /* clamped by MIPCnt */
    CHECK_EQ(sel.lod0, 5);
    CHECK(NEAR(sel.lod_clamped, 5.0f));
    CHECK(NEAR(sel.lod_unclamped, 9.0f));
    smp_lod_select(&c, -1.0f, 0.0f, &sel);           /* magnified */
    CHECK(sel.mag);
    CHECK_EQ(sel.lod0, 0);
    /* Min LOD 1.5: magnification still reads floor(AdjMinLod) = level 1 */
    s.state.min_lod = 384;
    smp_lod_select(&c, -1.0f, 0.0f, &sel);
    CHECK(sel.mag);
    CHECK_EQ(sel.lod0, 1);
    /* with pre-clamp the LOD is raised to 1.5 first: minified, NEAREST rounds to 2 */
    s.state.lod_preclamp_enable = 1;
    smp_lod_select(&c, -1.0f, 0.0f, &sel);
    CHECK(!sel.mag);
    CHECK_EQ(sel.lod0, 2);
    /* Base Mip Level 2.0 (U4.1 = 4) moves the min/mag crossover */
    memset(&s.state, 0, sizeof s.state);
    s.state.max_lod = 5 << 8;
    s.state.mip_mode_filter = 3;
    s.state.base_mip_level = 4;
    smp_lod_select(&c, 1.5f, 0.0f, &sel);
    CHECK(sel.mag);
    CHECK_EQ(sel.lod0, 0);
    /* MIPFILTER_NONE: level 0 of the view whatever the LOD */
    s.state.base_mip_level = 0;
    s.state.mip_mode_filter = 0;
    smp_lod_select(&c, 3.7f, 0.0f, &sel);
    CHECK_EQ(sel.lod0, 0);
    CHECK(sel.beta == 0.0f);
}

TEST(lod_surface_and_resource_min_lod)
{
    smp_ctx c;
    g7sf_texture t;
    g7sf_sampler s;
    memset(&s, 0, sizeof s);
    lod_ctx(&c, &t, &s);
    smp_lodsel sel;
    s.state.max_lod = 15 << 8;
    s.state.mip_mode_filter = 1;
    t.surface_min_lod = 2;
    smp_lod_select(&c, 1.0f, 0.0f, &sel);            /* physical level 2 + 1 */
    CHECK_EQ(sel.lod0, 3);
    CHECK(!sel.out_of_bounds);
    t.resource_min_lod = 4 << 8;                     /* AdjPR_minLOD = 4 - 2 = 2 */
    smp_lod_select(&c, 1.0f, 0.0f, &sel);
    CHECK_EQ(sel.lod0, 4);
    t.resource_min_lod = 8 << 8;                     /* 8 - 2 = 6 > MIPCnt 5 */
    smp_lod_select(&c, 1.0f, 0.0f, &sel);
    CHECK(sel.out_of_bounds);
}

TEST(trilinear_quality_drops_small_contributions)
{
    smp_ctx c;
    g7sf_texture t;
    g7sf_sampler s;
    memset(&s, 0, sizeof s);
    lod_ctx(&c, &t, &s);
    smp_lodsel sel;
    s.state.max_lod = 5 << 8;
    s.state.mip_mode_filter = 3;
    s.state.trilinear_filter_quality = 2;            /* MED: below 25% dropped */
    smp_lod_select(&c, 1.2f, 0.0f, &sel);
    CHECK_EQ(sel.lod0, 1);
    CHECK(sel.beta == 0.0f);
    smp_lod_select(&c, 1.8f, 0.0f, &sel);            /* level 1 gives 20%: only level 2 */
    CHECK_EQ(sel.lod0, 2);
    CHECK(sel.beta == 0.0f);
    smp_lod_select(&c, 1.3f, 0.0f, &sel);            /* 77/256 > 25%: kept */
    CHECK(NEAR(sel.beta, 77.0f / 256.0f));
    s.state.trilinear_filter_quality = 3;            /* LOW: below 37.5% */
    smp_lod_select(&c, 1.3f, 0.0f, &sel);
    CHECK(sel.beta == 0.0f);
}

/* R8G8B8A8_UNORM texel with red r. */
static uint32_t red(unsigned r)
{
    return 0xFF000000u | r;
}

TEST(nearest_and_linear_2d)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 2, 1, 1);
    const uint32_t tex[8] = { red(0), red(64), red(128), red(255),
                              red(8), red(16), red(32), red(200) };
    t_smp_fill(&f, 0, 0, tex);
    /* nearest: (u, v) = (0.6, 0.75) -> texel (2, 1) */
    t_smp_param(&f, G7SF_PARAM_U, 0, 0.6f);
    t_smp_param(&f, G7SF_PARAM_V, 0, 0.75f);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 32.0f / 255.0f));
    CHECK(NEAR(f.res.px[0].f[3], 1.0f));
    CHECK_EQ(f.res.type, G7SF_TEXEL_FLOAT);
    /* linear on row 0 (v = 0.25 is its centre): u = 0.25 -> x = 1.0: half
     * of texels 0 and 1 = 32/255; u = 0.3125 -> x = 1.25: 3/4 of texel 0
     * (w1 = 0.75 * 256 = 192) -> (64 * 64 + 192 * 64)/256 ... worked: texel
     * 0 (0) weight 64/256, texel 1 (64) weight 192/256 -> 48/255 */
    f.smp.state.mag_mode_filter = f.smp.state.min_mode_filter = 1;
    f.smp.state.u_address_mag_rounding = f.smp.state.v_address_mag_rounding = 1;
    t_smp_param(&f, G7SF_PARAM_U, 0, 0.25f);
    t_smp_param(&f, G7SF_PARAM_V, 0, 0.25f);
    t_smp_param(&f, G7SF_PARAM_U, 1, 0.3125f);
    t_smp_param(&f, G7SF_PARAM_V, 1, 0.25f);
    /* u = 0.5, v = 0.5: x = 2, y = 1: the four texels 1, 2 (row 0) and 5, 6
     * (row 1) equally: (64 + 128 + 16 + 32) / 4 = 60 */
    t_smp_param(&f, G7SF_PARAM_U, 2, 0.5f);
    t_smp_param(&f, G7SF_PARAM_V, 2, 0.5f);
    /* u = 0: x = 0, texel -1 wraps to 3: (255 + 0)/2 at v centre 0.25 */
    t_smp_param(&f, G7SF_PARAM_U, 3, 0.0f);
    t_smp_param(&f, G7SF_PARAM_V, 3, 0.25f);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 32.0f / 255.0f));
    CHECK(NEAR(f.res.px[1].f[0], 48.0f / 255.0f));
    CHECK(NEAR(f.res.px[2].f[0], 60.0f / 255.0f));
    CHECK(NEAR(f.res.px[3].f[0], 127.5f / 255.0f));
    t_smp_fini(&f);
}

TEST(border_and_half_border)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
    t_smp_fill32(&f, 0, 0, 0xFF0000FFu);              /* (1, 0, 0, 1) */
    f.smp.state.tcx_address_control_mode = CLAMP_BORDER;
    f.smp.border.border_color_red = 0.0f;
    f.smp.border.border_color_green = 0.5f;
    f.smp.border.border_color_blue = 0.25f;
    f.smp.border.border_color_alpha = 0.0f;
    t_smp_param(&f, G7SF_PARAM_U, 0, -0.25f);         /* x = -0.5: texel -1 */
    t_smp_param(&f, G7SF_PARAM_U, 1, 0.25f);          /* inside */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 0.0f) && NEAR(f.res.px[0].f[1], 0.5f) &&
          NEAR(f.res.px[0].f[2], 0.25f) && NEAR(f.res.px[0].f[3], 0.0f));
    CHECK(NEAR(f.res.px[1].f[0], 1.0f));
    f.smp.state.tcx_address_control_mode = HALF_BORDER;   /* halfway: (0.5, 0.25, 0.125, 0.5) */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 0.5f) && NEAR(f.res.px[0].f[1], 0.25f) &&
          NEAR(f.res.px[0].f[2], 0.125f) && NEAR(f.res.px[0].f[3], 0.5f));
    /* DX9 mode: one UNORM8 dword, A B G R from bit 31 */
    f.smp.state.tcx_address_control_mode = CLAMP_BORDER;
    f.smp.state.texture_border_color_mode = 1;
    f.smp.border.border_color_unorm_red = 51;
    f.smp.border.border_color_unorm_alpha = 255;
    f.smp.border.border_color_unorm_green = f.smp.border.border_color_unorm_blue = 0;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 0.2f) && NEAR(f.res.px[0].f[3], 1.0f));
    t_smp_fini(&f);
}

TEST(mip_levels_and_sample_l)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 3);
    t_smp_fill32(&f, 0, 0, red(0));
    t_smp_fill32(&f, 1, 0, red(200));
    t_smp_fill32(&f, 2, 0, red(100));
    f.args.op = G7SF_OP_SAMPLE_L;
    f.smp.state.max_lod = 2 << 8;
    f.smp.state.mip_mode_filter = 3;
    const float lods[4] = { 0.25f, 1.5f, 7.0f, -2.0f };
    for (unsigned i = 0; i < 4; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, 0.5f);
        t_smp_param(&f, G7SF_PARAM_V, i, 0.5f);
        t_smp_param(&f, G7SF_PARAM_LOD, i, lods[i]);
    }
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 0.25f * 200.0f / 255.0f));
    CHECK(NEAR(f.res.px[1].f[0], 150.0f / 255.0f));     /* half of 200 and 100 */
    CHECK(NEAR(f.res.px[2].f[0], 100.0f / 255.0f));     /* clamped to level 2 */
    CHECK(NEAR(f.res.px[3].f[0], 0.0f));                /* magnified: level 0 */
    f.smp.state.mip_mode_filter = 1;                    /* NEAREST: 0.25 -> 0, 1.5 -> 2 */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[0].f[0], 0.0f));
    CHECK(NEAR(f.res.px[1].f[0], 100.0f / 255.0f));
    t_smp_fini(&f);
}

TEST(implicit_derivatives_and_lod_message)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 5);
    f.args.op = G7SF_OP_LOD;
    f.smp.state.max_lod = 4 << 8;
    f.smp.state.min_mode_filter = 1;
    f.smp.state.mip_mode_filter = 3;
    f.smp.state.texture_lod_bias = 128;                 /* +0.5 */
    /* UL (0, 0), UR (0.25, 0), LL (0, 0.125): d/dx = 4 texels, d/dy = 2 -> LOD 2 */
    const float u[4] = { 0.0f, 0.25f, 0.0f, 0.25f }, v[4] = { 0.0f, 0.0f, 0.125f, 0.125f };
    for (unsigned i = 0; i < 4; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, u[i]);
        t_smp_param(&f, G7SF_PARAM_V, i, v[i]);
    }
    f.args.mask = 0x8;                                  /* EMask does not matter */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[3].f[0], 2.5f));
    CHECK(NEAR(f.res.px[3].f[1], 2.5f));
    f.smp.state.texture_lod_bias = 1024;                /* +4: clamped to 4, unclamped 6 */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(NEAR(f.res.px[3].f[0], 4.0f));
    CHECK(NEAR(f.res.px[3].f[1], 6.0f));
    t_smp_fini(&f);
}

TEST(ld_integers_and_out_of_range)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, 3, 2, 1, 2);
    const uint32_t l0[6] = { 10, 11, 12, 13, 0xFFFFFFFFu, 15 }, l1[1] = { 77 };
    t_smp_fill(&f, 0, 0, l0);
    t_smp_fill(&f, 1, 0, l1);
    f.args.op = G7SF_OP_LD;
    const int32_t uv[4][3] = { { 1, 1, 0 }, { 0, 0, 1 }, { 3, 0, 0 }, { 0, 0, 2 } };   /* u v lod */
    for (unsigned i = 0; i < 4; i++) {
        f.args.p[G7SF_PARAM_U][i].i = uv[i][0];
        f.args.p[G7SF_PARAM_V][i].i = uv[i][1];
        f.args.p[G7SF_PARAM_LOD][i].i = uv[i][2];
    }
    CHECK_EQ(g7sf_sample(f.gpu, &f.tex, NULL, &f.args, &f.res), 0);
    CHECK_EQ(f.res.type, G7SF_TEXEL_UINT);
    CHECK_EQ(f.res.px[0].u[0], 0xFFFFFFFFu);
    CHECK_EQ(f.res.px[0].u[3], 1);
    CHECK_EQ(f.res.px[1].u[0], 77);
    CHECK_EQ(f.res.px[2].u[0], 0);                       /* x = 3 >= 3: zero, alpha 1 */
    CHECK_EQ(f.res.px[2].u[3], 1);
    CHECK_EQ(f.res.px[3].u[0], 0);                       /* lod 2 > MIP count 1 */
    t_smp_fini(&f);
    /* B5G6R5 is on the erratum list: alpha 0 outside */
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_B5G6R5_UNORM, 2, 2, 1, 1);
    f.args.op = G7SF_OP_LD;
    f.args.p[G7SF_PARAM_U][0].i = -1;
    CHECK_EQ(g7sf_sample(f.gpu, &f.tex, NULL, &f.args, &f.res), 0);
    CHECK(f.res.px[0].f[3] == 0.0f);
    t_smp_fini(&f);
}

TEST(disabled_sampler_null_surface_and_errors)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
    t_smp_fill32(&f, 0, 0, 0xFFFFFFFFu);
    f.smp.state.sampler_disable = 1;
    memset(&f.res, 0x55, sizeof f.res);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].f[0] == 0.0f && f.res.px[0].f[3] == 0.0f);
    f.smp.state.sampler_disable = 0;
    f.tex.surf.type = G7SF_SURFTYPE_NULL;
    memset(&f.res, 0x55, sizeof f.res);
    f.args.mask = 0x1;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].f[0] == 0.0f && f.res.px[0].f[3] == 0.0f);
    CHECK_EQ(f.res.px[1].u[0], 0x55555555u);             /* outside the mask: untouched */
    f.tex.surf.type = G7SF_SURFTYPE_2D;
    f.args.op = G7SF_OP_SAMPLE_D_C;                      /* Haswell only */
    CHECK_EQ(t_smp_run(&f), G7SF_EOPCODE);
    f.args.op = G7SF_OP_SAMPLE;
    f.args.simd4x2 = true;                               /* no subspans: no sample */
    f.args.n = 2;
    CHECK_EQ(t_smp_run(&f), G7SF_EOPCODE);
    f.args.simd4x2 = false;
    f.args.n = 5;
    CHECK_EQ(t_smp_run(&f), G7SF_EINVAL);
    f.args.n = 4;
    f.smp.state.min_mode_filter = 6;                     /* MONO on RGBA */
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    f.smp.state.min_mode_filter = 3;                     /* reserved */
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    f.smp.state.min_mode_filter = 0;
    f.smp.state.tcy_address_control_mode = 7;            /* reserved */
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    CHECK_EQ(g7sf_sample(f.gpu, &f.tex, NULL, &f.args, &f.res), G7SF_EINVAL);
    f.smp.state.tcy_address_control_mode = 0;
    /* hand-built layouts no state can describe (256-bit texels, width 0)
     * are refused before any texel is read */
    f.tex.format = G7SF_FORMAT_R64G64B64A64_FLOAT;
    f.tex.surf.bpb = 256;
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    f.tex.format = G7SF_FORMAT_R8G8B8A8_UNORM;
    f.tex.surf.bpb = 32;
    f.tex.surf.width = 0;
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    t_smp_fini(&f);
}

TEST(absurd_coordinates_do_not_escape)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 3, 5, 1, 1);
    t_smp_fill32(&f, 0, 0, red(9));
    f.smp.state.mag_mode_filter = f.smp.state.min_mode_filter = 1;
    f.smp.state.mip_mode_filter = 3;
    f.smp.state.max_lod = 15 << 8;
    const float bad[4] = { NAN, INFINITY, -1e30f, 3e38f };
    for (unsigned m = 0; m < 7; m++) {
        if (m == CUBE)
            continue;
        f.smp.state.tcx_address_control_mode = f.smp.state.tcy_address_control_mode = m;
        for (unsigned i = 0; i < 4; i++) {
            t_smp_param(&f, G7SF_PARAM_U, i, bad[i]);
            t_smp_param(&f, G7SF_PARAM_V, i, bad[3 - i]);
        }
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned i = 0; i < 4; i++)
            CHECK(f.res.px[i].f[0] >= 0.0f && f.res.px[i].f[0] <= 9.0f / 255.0f + 1e-6f);
    }
    t_smp_fini(&f);
}

TEST(which_operations_read_sampler_state)
{
    /* the message table's SAMPLER_STATE column: ld, resinfo, sampleinfo
     * and the multisample loads ignore the Sampler Index (line 4454) */
    static const unsigned reads[] = { 0, 1, 2, 3, 4, 5, 6, 8, 9, 12, 16, 17, 18, 20 };
    static const unsigned ignores[] = { 7, 10, 11, 29, 30, 31 };
    for (unsigned i = 0; i < sizeof reads / sizeof reads[0]; i++)
        CHECKF(g7sf_sample_op_reads_sampler(reads[i]), "type %u", reads[i]);
    for (unsigned i = 0; i < sizeof ignores / sizeof ignores[0]; i++)
        CHECKF(!g7sf_sample_op_reads_sampler(ignores[i]), "type %u", ignores[i]);
}

/* smp_floorf, smp_ceilf and smp_rintf equal libm's floorf, ceilf and rintf
 * bit for bit: signed zeros, halves (to even), the 2^23 edge, infinities,
 * NaNs, then every float of 2^22 values around small integers and 4
 * million random bit patterns.  A NaN in gives a NaN out on both sides;
 * whether libm quiets a signalling one depends on how the compiler calls
 * it (gcc's build returns it as is, clang's quietened), and the sampler
 * only rounds the results of arithmetic, which are never signalling. */
static void check_round(float x, unsigned *bad)
{
    const float got[3] = { smp_floorf(x), smp_ceilf(x), smp_rintf(x) };
    const float want[3] = { floorf(x), ceilf(x), rintf(x) };
    for (unsigned k = 0; k < 3; k++) {
        uint32_t g, w;
        memcpy(&g, &got[k], 4);
        memcpy(&w, &want[k], 4);
        if (g != w && !(isnan(x) && isnan(got[k]) && isnan(want[k])) && (*bad)++ < 5)
            t_fail(__FILE__, __LINE__, "%s(%a): %a, libm %a", k == 0 ? "floor" : k == 1 ? "ceil" : "rint",
                   (double)x, (double)got[k], (double)want[k]);
    }
}

TEST(exact_rounding_equals_libm)
{
    unsigned bad = 0;
    static const float special[] = { 0.0f, -0.0f, 0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f,
                                     0x1p23f, -0x1p23f, 0x1.fffffep22f, -0x1.fffffep22f,
                                     0x1p-149f, -0x1p-149f, INFINITY, -INFINITY, NAN, -NAN,
                                     0x1.fffffep127f, 0.49999997f, -0.49999997f };
    for (unsigned i = 0; i < sizeof special / sizeof special[0]; i++)
        check_round(special[i], &bad);
    for (int n = -64; n <= 64; n++) {   /* every float within 1/64 of n */
        float x = (float)n - 1.0f / 64;
        for (unsigned k = 0; k < 32768 && x <= (float)n + 1.0f / 64; k++, x = nextafterf(x, INFINITY))
            check_round(x, &bad);
    }
    for (unsigned i = 0; i < 4000000; i++) {
        uint32_t u = (uint32_t)t_rand();
        float x;
        memcpy(&x, &u, 4);
        check_round(x, &bad);
    }
    CHECK_EQ(bad, 0);
}
