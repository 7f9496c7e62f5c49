/* resinfo and sampleinfo (§2.13.1.4, L4702-4733) through g7sf_sample.
 * Expected values from the PRM table: (Width+1)>>LOD etc. worked out by
 * hand for each surface. */
#include "harness.h"
#include "sampler_fixture.h"

/* resinfo of f's texture at each of the 8 lods in `lod` */
static void resinfo(t_smp *f, const uint32_t lod[8])
{
    t_smp_op(f, G7SF_OP_RESINFO, 8, 8);
    for (unsigned i = 0; i < 8; i++)
        f->args.p[G7SF_PARAM_LOD][i].u = lod[i];
    f->res.type = 99;
    CHECK_EQ(t_smp_run(f), 0);
    CHECK_EQ(f->res.type, G7SF_TEXEL_UINT);
}

#define CHECK_PX(px, a, b, c, d)                                                          \
    CHECKF((px).u[0] == (a) && (px).u[1] == (b) && (px).u[2] == (c) && (px).u[3] == (d), \
           "got (%u %u %u %u), want (%u %u %u %u)", (px).u[0], (px).u[1], (px).u[2],   \
           (px).u[3], (unsigned)(a), (unsigned)(b), (unsigned)(c), (unsigned)(d))

TEST(resinfo_2d_levels)
{
    /* 2D 20x7, MIP Count 4 (5 levels): 20x7, 10x3, 5x1, 2x1, 1x1 */
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 20, 7, 1, 5);
    const uint32_t lod[8] = { 0, 1, 2, 3, 4, 5, 0xFFFFFFFFu, 31 };
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 20, 7, 0, 5);
    CHECK_PX(f.res.px[1], 10, 3, 0, 5);
    CHECK_PX(f.res.px[2], 5, 1, 0, 5);
    CHECK_PX(f.res.px[3], 2, 1, 0, 5);
    CHECK_PX(f.res.px[4], 1, 1, 0, 5);
    /* past the view's levels (a negative lod is a huge U32): sizes 0 */
    CHECK_PX(f.res.px[5], 0, 0, 0, 5);
    CHECK_PX(f.res.px[6], 0, 0, 0, 5);
    CHECK_PX(f.res.px[7], 0, 0, 0, 5);
    t_smp_fini(&f);
}

TEST(resinfo_view_starts_at_surface_min_lod)
{
    /* 64x32 with 4 levels, the view from level 2 (Surface Min LOD 2, MIP Count 1) */
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 64, 32, 1, 4);
    f.tex.surface_min_lod = 2, f.tex.mip_count = 1;
    const uint32_t lod[8] = { 0, 1, 2 };
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 16, 8, 0, 2);
    CHECK_PX(f.res.px[1], 8, 4, 0, 2);
    CHECK_PX(f.res.px[2], 0, 0, 0, 2);
    t_smp_fini(&f);
}

TEST(resinfo_arrays_cubes_3d_1d)
{
    const uint32_t lod[8] = { 0, 1 };
    t_smp f;
    /* 2D array of 3 (Depth 2): blue = Depth + 1; without Surface Array 0 */
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 8, 4, 3, 1);
    f.tex.surface_array = 1;
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 8, 4, 3, 1);
    f.tex.surface_array = 0;
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 8, 4, 0, 1);
    t_smp_fini(&f);
    /* 1D array of 5: green holds the array size */
    t_smp_init(&f, G7SF_SURFTYPE_1D, G7SF_FORMAT_R8_UNORM, 9, 1, 5, 2);
    f.tex.surface_array = 1;
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 9, 5, 0, 2);
    CHECK_PX(f.res.px[1], 4, 5, 0, 2);
    t_smp_fini(&f);
    /* cube array of 2 cubes (12 faces): Depth + 1 = 2 */
    t_smp_init(&f, G7SF_SURFTYPE_CUBE, G7SF_FORMAT_R8_UNORM, 16, 16, 12, 2);
    f.tex.surface_array = 1;
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 16, 16, 2, 2);
    CHECK_PX(f.res.px[1], 8, 8, 2, 2);
    t_smp_fini(&f);
    /* 3D 8x4x6: depth minifies too: 4x2x3 */
    t_smp_init(&f, G7SF_SURFTYPE_3D, G7SF_FORMAT_R8_UNORM, 8, 4, 6, 2);
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 8, 4, 6, 2);
    CHECK_PX(f.res.px[1], 4, 2, 3, 2);
    t_smp_fini(&f);
}

TEST(resinfo_buffer_and_null)
{
    const uint32_t lod[8] = { 0, 3 };
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R32_FLOAT, 1000, 1, 1, 1);
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 1000, 0, 0, 0);
    CHECK_PX(f.res.px[1], 1000, 0, 0, 0);
    f.tex.surf.type = G7SF_SURFTYPE_NULL;
    resinfo(&f, lod);
    CHECK_PX(f.res.px[0], 0, 0, 0, 0);
    t_smp_fini(&f);
}

TEST(resinfo_leaves_masked_pixels)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 8, 4, 1, 1);
    t_smp_op(&f, G7SF_OP_RESINFO, 8, 8);
    f.args.mask = 0x05;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k < 4; k++)
            f.res.px[i].u[k] = 77;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_PX(f.res.px[0], 8, 4, 0, 1);
    CHECK_PX(f.res.px[1], 77, 77, 77, 77);
    CHECK_PX(f.res.px[2], 8, 4, 0, 1);
    CHECK_PX(f.res.px[3], 77, 77, 77, 77);
    t_smp_fini(&f);
}

TEST(sampleinfo)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1);
    t_smp_op(&f, G7SF_OP_SAMPLEINFO, 4, 4);
    /* single-sampled: 1 sample, palette 0 returned as 1 */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_EQ(f.res.type, G7SF_TEXEL_UINT);
    CHECK_PX(f.res.px[3], 1, 0, 0, 1);
    f.tex.surf.array_spacing = G7SF_ARYSPC_LOD0;   /* as multisampled MSS surfaces need */
    f.tex.surf.samples = 8, f.tex.ms_palette_index = 5;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_PX(f.res.px[0], 8, 0, 0, 6);
    f.tex.surf.samples = 4, f.tex.ms_palette_index = 7;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_PX(f.res.px[2], 4, 0, 0, 8);
    f.tex.surf.type = G7SF_SURFTYPE_NULL;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_PX(f.res.px[1], 0, 0, 0, 0);
    t_smp_fini(&f);
}
