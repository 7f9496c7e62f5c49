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
