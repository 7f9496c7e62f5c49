/* State the sampler cannot read gives an error, never a crash or a read
 * outside graphics memory: images that do not exist, NaN and huge
 * derivatives, with every filter. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "sampler_fixture.h"

enum { MAPFILTER_ANISOTROPIC = 2, ANISO_EWA = 1 };

/* A texture of one level whose view claims eleven more (a caller's
 * hand-built g7sf_texture): the LOD reaches images that do not exist. */
TEST(ewa_on_a_missing_level_is_an_error)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1);
    t_smp_fill32(&f, 0, 0, 0x80402010u);
    f.tex.mip_count = 11;
    f.smp.state.min_mode_filter = MAPFILTER_ANISOTROPIC;
    f.smp.state.mag_mode_filter = MAPFILTER_ANISOTROPIC;
    f.smp.state.anisotropic_algorithm = ANISO_EWA;
    f.smp.state.max_lod = 14 << 8;
    f.smp.state.mip_mode_filter = 1;   /* MIPFILTER_NEAREST */
    t_smp_op(&f, G7SF_OP_SAMPLE_D, 8, 8);
    for (unsigned i = 0; i < 8; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, 0.5f);
        t_smp_param(&f, G7SF_PARAM_V, i, 0.5f);
        t_smp_param(&f, G7SF_PARAM_DUDX, i, 4096.0f);
        t_smp_param(&f, G7SF_PARAM_DVDY, i, 2048.0f);
    }
    int r = t_smp_run(&f);
    CHECK_EQ(r, G7SF_ESTATE);
    t_smp_fini(&f);
}

/* A multisampled view whose array claims slices its surface lacks: ld2dms
 * at array index 3 of a one-slice surface goes through the general texel
 * address (the second fetch path), which fails and must not be used. */
TEST(ld2dms_on_a_missing_slice_is_an_error)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1);
    f.tex.surf.samples = 4;
    f.tex.surf.array_spacing = G7SF_ARYSPC_LOD0;
    CHECK_EQ(g7sf_surface_validate(&f.tex.surf), 0);
    f.tex.array_len = 4;
    t_smp_op(&f, G7SF_OP_LD2DMS, 8, 8);
    for (unsigned i = 0; i < 8; i++) {
        f.args.p[G7SF_PARAM_U][i].i = (int32_t)i;
        f.args.p[G7SF_PARAM_V][i].i = 1;
        f.args.p[G7SF_PARAM_R][i].i = i < 4 ? 0 : 3;
        f.args.p[G7SF_PARAM_SI][i].u = i & 3;
    }
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    t_smp_fini(&f);
}

/* EWA as the magnification filter alone, with sample_l: the derivatives
 * are not cleaned by the anisotropic LOD set-up.  A NaN coordinate makes
 * them NaN for its whole subspan; huge ones make them overflow.  On a
 * constant texture every footprint averages to the constant. */
static void ewa_mag_case(enum g7sf_platform plat, unsigned op, float u0, float v1)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 16, 16, 1, 1);
    g7sf_gpu_destroy(f.gpu);
    f.gpu = g7sf_gpu_create_ex(&(g7sf_gpu_options){ .platform = plat });
    t_smp_fill32(&f, 0, 0, 0x3E800000u);   /* 0.25f */
    f.smp.state.min_mode_filter = 1;       /* MAPFILTER_LINEAR */
    f.smp.state.mag_mode_filter = MAPFILTER_ANISOTROPIC;
    f.smp.state.anisotropic_algorithm = ANISO_EWA;
    f.smp.state.maximum_anisotropy = 7;
    f.smp.state.shadow_function = 5;       /* PREFILTEROP_GREATER: 0.25 > 0.5 fails */
    t_smp_op(&f, op, 16, 16);
    for (unsigned i = 0; i < 16; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, i == 0 ? u0 : 0.1f * (float)(i & 3));
        t_smp_param(&f, G7SF_PARAM_V, i, i == 1 ? v1 : 0.1f * (float)(i >> 2));
        t_smp_param(&f, G7SF_PARAM_REF, i, 0.5f);
    }
    CHECK_EQ(t_smp_run(&f), 0);
    /* sample_l_c: a failing compare reads 1 (§2.4: 0 where the function
     * holds); the EWA weights sum to 1 within float rounding */
    float want = op == G7SF_OP_SAMPLE_L_C ? 1.0f : 0.25f;
    for (unsigned i = 0; i < 16; i++)
        CHECKF(fabsf(f.res.px[i].f[0] - want) <= 1e-6f * want, "op %u u0 %g v1 %g pixel %u: %g, want %g", op,
               (double)u0, (double)v1, i, (double)f.res.px[i].f[0], (double)want);
    t_smp_fini(&f);
}

TEST(ewa_magnification_with_nan_or_huge_derivatives)
{
    ewa_mag_case(G7SF_IVB, G7SF_OP_SAMPLE_L, NAN, 0.0f);
    ewa_mag_case(G7SF_IVB, G7SF_OP_SAMPLE_L, 3e38f, -3e38f);
    ewa_mag_case(G7SF_HSW, G7SF_OP_SAMPLE_L_C, NAN, 0.0f);
    ewa_mag_case(G7SF_HSW, G7SF_OP_SAMPLE_L_C, INFINITY, 0.0f);
}
