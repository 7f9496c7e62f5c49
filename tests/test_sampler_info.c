/* resinfo and sampleinfo (§2.13.1.4, L4702-4733) through g7sf_sample.
 * Expected values from the PRM table: (Width+1)>>LOD etc. worked out by
 * hand for each surface. */
#include "harness.h"
#include "smp_tex.h"

static g7sf_gpu *gpu;

/* resinfo of t at each of the 8 lods in `lod`; px[i] are the results */
static g7sf_sample_result resinfo(const g7sf_texture *t, const uint32_t lod[8])
{
    g7sf_sample_args a;
    g7sf_sample_result r = { .type = 99 };
    t_args(&a, G7SF_OP_RESINFO, 8);
    for (unsigned i = 0; i < 8; i++)
        a.p[G7SF_PARAM_LOD][i].u = lod[i];
    if (!gpu)
        gpu = g7sf_gpu_create();
    CHECK_EQ(g7sf_sample(gpu, t, NULL, &a, &r), 0);
    CHECK_EQ(r.type, G7SF_TEXEL_UINT);
    return r;
}

#define CHECK_PX(px, a, b, c, d)                                                          \
    CHECKF((px).u[0] == (a) && (px).u[1] == (b) && (px).u[2] == (c) && (px).u[3] == (d), \
           "got (%u %u %u %u), want (%u %u %u %u)", (px).u[0], (px).u[1], (px).u[2],   \
           (px).u[3], (unsigned)(a), (unsigned)(b), (unsigned)(c), (unsigned)(d))

TEST(resinfo_2d_levels)
{
    /* 2D 20x7, MIP Count 4 (5 levels): 20x7, 10x3, 5x1, 2x1, 1x1 */
    g7sf_texture t;
    t_tex(&t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 20, 7, 1, 0x100000);
    t.surf.levels = 5, t.mip_count = 4;
    const uint32_t lod[8] = { 0, 1, 2, 3, 4, 5, 0xFFFFFFFFu, 31 };
    g7sf_sample_result r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 20, 7, 0, 5);
    CHECK_PX(r.px[1], 10, 3, 0, 5);
    CHECK_PX(r.px[2], 5, 1, 0, 5);
    CHECK_PX(r.px[3], 2, 1, 0, 5);
    CHECK_PX(r.px[4], 1, 1, 0, 5);
    /* past the view's levels (a negative lod is a huge U32): sizes 0 */
    CHECK_PX(r.px[5], 0, 0, 0, 5);
    CHECK_PX(r.px[6], 0, 0, 0, 5);
    CHECK_PX(r.px[7], 0, 0, 0, 5);
}

TEST(resinfo_view_starts_at_surface_min_lod)
{
    /* 64x32 with 4 levels, the view from level 2 (Surface Min LOD 2, MIP Count 1) */
    g7sf_texture t;
    t_tex(&t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 64, 32, 1, 0x100000);
    t.surf.levels = 4, t.surface_min_lod = 2, t.mip_count = 1;
    const uint32_t lod[8] = { 0, 1, 2 };
    g7sf_sample_result r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 16, 8, 0, 2);
    CHECK_PX(r.px[1], 8, 4, 0, 2);
    CHECK_PX(r.px[2], 0, 0, 0, 2);
}

TEST(resinfo_arrays_cubes_3d_1d)
{
    const uint32_t lod[8] = { 0, 1 };
    g7sf_texture t;
    /* 2D array of 3 (Depth 2): blue = Depth + 1 */
    t_tex(&t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 8, 4, 3, 0x100000);
    t.surface_array = 1;
    CHECK_PX(resinfo(&t, lod).px[0], 8, 4, 3, 1);
    /* the same surface without Surface Array: 0 */
    t.surface_array = 0;
    CHECK_PX(resinfo(&t, lod).px[0], 8, 4, 0, 1);
    /* 1D array of 5: green holds the array size */
    t_tex(&t, G7SF_SURFTYPE_1D, G7SF_FORMAT_R8_UNORM, 9, 1, 5, 0x100000);
    t.surface_array = 1, t.surf.levels = 2, t.mip_count = 1;
    g7sf_sample_result r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 9, 5, 0, 2);
    CHECK_PX(r.px[1], 4, 5, 0, 2);
    /* cube array of 2 cubes (12 faces): Depth + 1 = 2 */
    t_tex(&t, G7SF_SURFTYPE_CUBE, G7SF_FORMAT_R8_UNORM, 16, 16, 12, 0x100000);
    t.surface_array = 1, t.surf.levels = 2, t.mip_count = 1;
    r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 16, 16, 2, 2);
    CHECK_PX(r.px[1], 8, 8, 2, 2);
    /* 3D 8x4x6: depth minifies too: 4x2x3 */
    t_tex(&t, G7SF_SURFTYPE_3D, G7SF_FORMAT_R8_UNORM, 8, 4, 6, 0x100000);
    t.surf.levels = 2, t.mip_count = 1;
    r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 8, 4, 6, 2);
    CHECK_PX(r.px[1], 4, 2, 3, 2);
}

TEST(resinfo_buffer_and_null)
{
    const uint32_t lod[8] = { 0, 3 };
    g7sf_texture t;
    t_tex(&t, G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R32_FLOAT, 1000, 1, 1, 0x100000);
    g7sf_sample_result r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 1000, 0, 0, 0);
    CHECK_PX(r.px[1], 1000, 0, 0, 0);
    t.surf.type = G7SF_SURFTYPE_NULL;
    r = resinfo(&t, lod);
    CHECK_PX(r.px[0], 0, 0, 0, 0);
}

TEST(resinfo_leaves_masked_pixels)
{
    g7sf_texture t;
    t_tex(&t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 8, 4, 1, 0x100000);
    g7sf_sample_args a;
    g7sf_sample_result r;
    t_args(&a, G7SF_OP_RESINFO, 8);
    a.mask = 0x05;
    for (unsigned i = 0; i < 8; i++)
        r.px[i].u[0] = r.px[i].u[1] = r.px[i].u[2] = r.px[i].u[3] = 77;
    if (!gpu)
        gpu = g7sf_gpu_create();
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_PX(r.px[0], 8, 4, 0, 1);
    CHECK_PX(r.px[1], 77, 77, 77, 77);
    CHECK_PX(r.px[2], 8, 4, 0, 1);
    CHECK_PX(r.px[3], 77, 77, 77, 77);
}

TEST(sampleinfo)
{
    g7sf_texture t;
    g7sf_sample_args a;
    g7sf_sample_result r;
    t_tex(&t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 0x100000);
    if (!gpu)
        gpu = g7sf_gpu_create();
    t_args(&a, G7SF_OP_SAMPLEINFO, 4);
    /* single-sampled: 1 sample, palette 0 returned as 1 */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_EQ(r.type, G7SF_TEXEL_UINT);
    CHECK_PX(r.px[3], 1, 0, 0, 1);
    t.surf.samples = 8, t.ms_palette_index = 5;
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_PX(r.px[0], 8, 0, 0, 6);
    t.surf.samples = 4, t.ms_palette_index = 7;
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_PX(r.px[2], 4, 0, 0, 8);
    t.surf.type = G7SF_SURFTYPE_NULL;
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_PX(r.px[1], 0, 0, 0, 0);
}
