/* ld_mcs, ld2dms, ld2dss (§2.7.1, §2.13.1.4) through g7sf_sample, on 2x2
 * multisampled MSS surfaces whose sample slices hold distinct colours and
 * whose MCS bytes are written by hand at their Y-tiled addresses (inside
 * the first tile: y * 16 + x_bytes).  MCS encoding: docs/spec-notes.md
 * "Sampler operations". */
#include <math.h>

#include "harness.h"
#include "sampler_fixture.h"

#define MCS_BASE 0x700000u

/* Red of pixel (x, y) in sample slice s: 0x20 s + 2y + x; G, B, A fixed. */
static unsigned red(unsigned x, unsigned y, unsigned s)
{
    return 0x20 * s + 2 * y + x;
}

/* The platform ms_texture's gpu has (Ivy Bridge unless a test says). */
static unsigned ms_platform = G7SF_IVB;

/* A 2x2 R8G8B8A8_UNORM surface with `samples` samples and an MCS whose
 * per-pixel values are mcs[y][x]; args for op on npx of 8 pixels. */
static void ms_texture(t_smp *f, unsigned samples, const uint32_t mcs[2][2], unsigned op,
                       unsigned npx)
{
    t_smp_init(f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
    if (ms_platform != G7SF_IVB) {   /* memory still empty: swap the gpu */
        g7sf_gpu_destroy(f->gpu);
        f->gpu = g7sf_gpu_create_ex(&(g7sf_gpu_options){ .platform = ms_platform });
    }
    g7sf_surface *s = &f->tex.surf;
    s->samples = samples;
    s->array_spacing = G7SF_ARYSPC_LOD0;
    s->mcs_enable = 1, s->mcs_base = MCS_BASE, s->mcs_pitch = 128;
    for (unsigned sl = 0; sl < samples; sl++) {
        uint8_t rows[2][8];
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 2; x++) {
                rows[y][4 * x] = (uint8_t)red(x, y, sl);
                rows[y][4 * x + 1] = 0x11, rows[y][4 * x + 2] = 0x22, rows[y][4 * x + 3] = 0x33;
            }
        t_smp_fill(f, 0, sl, rows);
    }
    unsigned bytes = samples == 8 ? 4 : 1;
    for (unsigned y = 0; y < 2; y++)
        for (unsigned x = 0; x < 2; x++) {
            uint8_t b[4] = { (uint8_t)mcs[y][x], (uint8_t)(mcs[y][x] >> 8),
                             (uint8_t)(mcs[y][x] >> 16), (uint8_t)(mcs[y][x] >> 24) };
            CHECK_EQ(g7sf_mem_write(f->gpu, MCS_BASE + y * 16 + x * bytes, b, bytes), 0);
        }
    t_smp_op(f, op, 8, npx);
}

static void check_red(const g7sf_texel *px, unsigned want, int line)
{
    if (fabsf(px->f[0] - (float)want / 255.0f) > 1e-6f || fabsf(px->f[3] - 0x33 / 255.0f) > 1e-6f)
        t_fail(__FILE__, line, "got red %g/255 alpha %g/255, want %u/255 and 0x33/255",
               px->f[0] * 255.0f, px->f[3] * 255.0f, want);
}
#define CHECK_RED(px, want) check_red(px, want, __LINE__)

static void check_rgba(const g7sf_texel *px, float r, float g, float b, float a, int line)
{
    if (px->f[0] != r || px->f[1] != g || px->f[2] != b || px->f[3] != a)
        t_fail(__FILE__, line, "got (%g %g %g %g), want (%g %g %g %g)", px->f[0], px->f[1],
               px->f[2], px->f[3], r, g, b, a);
}
#define CHECK_RGBA(px, r, g, b, a) check_rgba(px, r, g, b, a, __LINE__)

/* One ld2dms/ld2dss/ld_mcs pixel: (x, y), sample si, mcs value. */
static void px_args(t_smp *f, unsigned i, int x, int y, uint32_t si, uint32_t mcs)
{
    f->args.p[G7SF_PARAM_U][i].i = x, f->args.p[G7SF_PARAM_V][i].i = y;
    f->args.p[G7SF_PARAM_SI][i].u = si, f->args.p[G7SF_PARAM_MCS][i].u = mcs;
}

TEST(ld2dms_4x_maps_samples_through_mcs)
{
    static const uint32_t mcs[2][2] = { { 0xE4, 0x1B }, { 0x00, 0xFF } };
    t_smp f;
    ms_texture(&f, 4, mcs, G7SF_OP_LD2DMS, 8);
    f.tex.clear_color = 0xA;   /* red and blue CC_ONE */
    px_args(&f, 0, 0, 0, 2, 0xE4);   /* 11 10 01 00: sample 2 in slice 2 */
    px_args(&f, 1, 1, 0, 0, 0x1B);   /* 00 01 10 11: sample 0 in slice 3 */
    px_args(&f, 2, 1, 0, 3, 0x1B);   /* sample 3 in slice 0 */
    px_args(&f, 3, 0, 1, 3, 0x00);   /* everything in slice 0 */
    px_args(&f, 4, 1, 1, 1, 0xFF);   /* cleared */
    px_args(&f, 5, 1, 1, 4, 0x00);   /* sample 4 of 4: out of range */
    px_args(&f, 6, 2, 0, 0, 0x00);   /* x out of range */
    px_args(&f, 7, 0, 0, 1, 0x3E4);  /* bits above the byte ignored: slice 1 */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_EQ(f.res.type, G7SF_TEXEL_FLOAT);
    CHECK_RED(&f.res.px[0], red(0, 0, 2));
    CHECK_RED(&f.res.px[1], red(1, 0, 3));
    CHECK_RED(&f.res.px[2], red(1, 0, 0));
    CHECK_RED(&f.res.px[3], red(0, 1, 0));
    CHECK_RGBA(&f.res.px[4], 1, 0, 1, 0);
    CHECK_RGBA(&f.res.px[5], 0, 0, 0, 0);
    CHECK_RGBA(&f.res.px[6], 0, 0, 0, 0);
    CHECK_RED(&f.res.px[7], red(0, 0, 1));
    t_smp_fini(&f);
}

TEST(ld2dms_8x_four_bits_per_sample)
{
    static const uint32_t mcs[2][2] = { { 0x76543210, 0 }, { 0, 0 } };
    t_smp f;
    ms_texture(&f, 8, mcs, G7SF_OP_LD2DMS, 6);
    f.tex.clear_color = 0x1;   /* alpha only */
    px_args(&f, 0, 0, 0, 5, 0x76543210);   /* identity: slice 5 */
    px_args(&f, 1, 1, 1, 7, 0x01234567);   /* sample 7 -> slice 0 */
    px_args(&f, 2, 1, 1, 1, 0x000000F0);   /* sample 1's field F: clear */
    px_args(&f, 3, 1, 1, 0, 0x000000F0);   /* sample 0 -> slice 0 */
    px_args(&f, 4, 0, 1, 3, 0xFFFFFFFF);   /* whole pixel cleared */
    px_args(&f, 5, 0, 1, 2, 0x00000900);   /* field 9 names no slice: clear */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_RED(&f.res.px[0], red(0, 0, 5));
    CHECK_RED(&f.res.px[1], red(1, 1, 0));
    CHECK_RGBA(&f.res.px[2], 0, 0, 0, 1);
    CHECK_RED(&f.res.px[3], red(1, 1, 0));
    CHECK_RGBA(&f.res.px[4], 0, 0, 0, 1);
    CHECK_RGBA(&f.res.px[5], 0, 0, 0, 1);
    t_smp_fini(&f);
}

TEST(ld2dms_without_mcs_and_ld2dss)
{
    static const uint32_t mcs[2][2] = { { 0, 0 }, { 0, 0 } };
    t_smp f;
    ms_texture(&f, 4, mcs, G7SF_OP_LD2DSS, 3);
    /* ld2dss names the slice; the mcs parameter plays no part */
    px_args(&f, 0, 1, 0, 3, 0xFF);
    px_args(&f, 1, 0, 1, 1, 0);
    px_args(&f, 2, 0, 1, 9, 0);   /* slice 9 of 4: zeros */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_RED(&f.res.px[0], red(1, 0, 3));
    CHECK_RED(&f.res.px[1], red(0, 1, 1));
    CHECK_RGBA(&f.res.px[2], 0, 0, 0, 0);
    /* MCS disabled: ld2dms reads sample si from slice si whatever mcs says */
    f.tex.surf.mcs_enable = 0;
    f.args.op = G7SF_OP_LD2DMS;
    px_args(&f, 0, 1, 0, 2, 0xFF);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_RED(&f.res.px[0], red(1, 0, 2));
    t_smp_fini(&f);
}

TEST(ld_mcs_reads_the_control_surface)
{
    static const uint32_t mcs4[2][2] = { { 0xE4, 0x1B }, { 0x5A, 0xFF } };
    static const uint32_t mcs8[2][2] = { { 0x76543210, 0xFFFFFFFF }, { 0x01234567, 0x80 } };
    t_smp f;
    for (unsigned pass = 0; pass < 2; pass++) {
        const unsigned samples = pass ? 8 : 4;
        const uint32_t(*mcs)[2] = pass ? mcs8 : mcs4;
        if (pass)
            t_smp_fini(&f);
        ms_texture(&f, samples, mcs, G7SF_OP_LD_MCS, 5);
        for (unsigned i = 0; i < 4; i++)
            px_args(&f, i, (int)(i & 1), (int)(i >> 1), 0, 0);
        px_args(&f, 4, 0, -1, 0, 0);   /* outside: 0 */
        CHECK_EQ(t_smp_run(&f), 0);
        CHECK_EQ(f.res.type, G7SF_TEXEL_UINT);
        for (unsigned i = 0; i < 4; i++) {
            CHECK_EQ(f.res.px[i].u[0], mcs[i >> 1][i & 1]);
            /* as R8_UINT / R32_UINT: green, blue 0, alpha 1 */
            CHECK(f.res.px[i].u[1] == 0 && f.res.px[i].u[2] == 0 && f.res.px[i].u[3] == 1);
        }
        CHECK(f.res.px[4].u[0] == 0 && f.res.px[4].u[3] == 1);
    }
    f.tex.surf.mcs_enable = 0;   /* no MCS: 0 */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[1].u[0] == 0 && f.res.px[1].u[3] == 1);
    f.tex.surf.samples = 1;   /* not multisampled: refused */
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    t_smp_fini(&f);
}

TEST(clear_colour_in_the_format_class)
{
    static const uint32_t mcs[2][2] = { { 0xFF, 0xFF }, { 0xFF, 0xFF } };
    t_smp f;
    ms_texture(&f, 4, mcs, G7SF_OP_LD2DMS, 1);
    px_args(&f, 0, 0, 0, 0, 0xFF);
    /* R8_UNORM: green and blue absent read 0, alpha absent reads 1 */
    f.tex.format = G7SF_FORMAT_R8_UNORM, f.tex.surf.bpb = 8;
    f.tex.clear_color = 0xE;   /* R, G, B one; A zero */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_RGBA(&f.res.px[0], 1, 0, 0, 1);
    /* R16G16B16A16_UINT: integers 0 and 1 */
    f.tex.format = G7SF_FORMAT_R16G16B16A16_UINT, f.tex.surf.bpb = 64;
    f.tex.clear_color = 0x9;   /* R and A */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_EQ(f.res.type, G7SF_TEXEL_UINT);
    const g7sf_texel *px = &f.res.px[0];
    CHECK(px->u[0] == 1 && px->u[1] == 0 && px->u[2] == 0 && px->u[3] == 1);
    t_smp_fini(&f);
}

TEST(hostile_parameters_and_state_are_defined)
{
    static const uint32_t mcs[2][2] = { { 0, 0 }, { 0, 0 } };
    t_smp f;
    ms_texture(&f, 8, mcs, G7SF_OP_LD2DMS, 4);
    px_args(&f, 0, INT32_MIN, INT32_MAX, 0, 0);
    px_args(&f, 1, 0, 0, 0xFFFFFFFFu, 0xFFFFFFFFu);
    px_args(&f, 2, 0, 0, 0, 0);
    f.args.p[G7SF_PARAM_LOD][2].i = INT32_MIN;
    px_args(&f, 3, 1, 1, 12, 0);
    CHECK_EQ(t_smp_run(&f), 0);
    for (unsigned i = 0; i < 3; i++)
        CHECK_RGBA(&f.res.px[i], 0, 0, 0, 0);
    f.tex.surf.samples = 16;   /* no such count: a layout state cannot describe */
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    t_smp_fini(&f);
}

/* Haswell's Shader Channel Select routes ld2dms's texels but not ld_mcs's
 * MCS value, which is no texel (docs/spec-notes.md, "Haswell (Gen7.5)").
 * Selects A, ZERO, ONE, R.  ld2dms at (0, 0), sample 1 through MCS 0xE4
 * (sample i in slice i): (0x20, 0x11, 0x22, 0x33) / 255 becomes
 * (0x33 / 255, 0, 1, 0x20 / 255); ld_mcs still returns (0xE4, 0, 0, 1). */
TEST(haswell_channel_select_routes_ld2dms_not_ld_mcs)
{
    static const uint32_t mcs4[2][2] = { { 0xE4, 0xE4 }, { 0xE4, 0xE4 } };
    t_smp f;
    ms_platform = G7SF_HSW;
    ms_texture(&f, 4, mcs4, G7SF_OP_LD2DMS, 1);
    ms_platform = G7SF_IVB;
    f.tex.channel_select[0] = G7SF_SCS_ALPHA, f.tex.channel_select[1] = G7SF_SCS_ZERO;
    f.tex.channel_select[2] = G7SF_SCS_ONE, f.tex.channel_select[3] = G7SF_SCS_RED;
    px_args(&f, 0, 0, 0, 1, 0xE4);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_RGBA(&f.res.px[0], 0x33 / 255.0f, 0.0f, 1.0f, 0x20 / 255.0f);
    t_smp_op(&f, G7SF_OP_LD_MCS, 8, 1);
    px_args(&f, 0, 0, 0, 0, 0);
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].u[0] == 0xE4 && f.res.px[0].u[1] == 0 && f.res.px[0].u[2] == 0 &&
          f.res.px[0].u[3] == 1);
    t_smp_fini(&f);
}
