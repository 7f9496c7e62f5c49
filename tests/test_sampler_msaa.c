/* ld_mcs, ld2dms, ld2dss (§2.7.1, §2.13.1.4) through g7sf_sample, on 2x2
 * multisampled MSS surfaces whose sample slices hold distinct colours and
 * whose MCS bytes are written by hand at their Y-tiled addresses (inside
 * the first tile: y * 16 + x_bytes).  MCS encoding: docs/spec-notes.md
 * "Sampler operations". */
#include <math.h>

#include "harness.h"
#include "smp_tex.h"

#define TEX_BASE 0x600000u
#define MCS_BASE 0x700000u

static g7sf_gpu *gpu;

/* Red of pixel (x, y) in sample slice s: 0x20 s + 2y + x; G, B, A fixed. */
static unsigned red(unsigned x, unsigned y, unsigned s)
{
    return 0x20 * s + 2 * y + x;
}

/* A 2x2 R8G8B8A8_UNORM surface with `samples` samples and an MCS whose
 * per-pixel values are mcs[y][x]. */
static void ms_texture(g7sf_texture *t, unsigned samples, const uint32_t mcs[2][2])
{
    if (!gpu)
        gpu = g7sf_gpu_create();
    t_tex(t, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, TEX_BASE);
    g7sf_surface *s = &t->surf;
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
        t_tex_fill(gpu, t, sl, rows);
    }
    unsigned bytes = samples == 8 ? 4 : 1;
    for (unsigned y = 0; y < 2; y++)
        for (unsigned x = 0; x < 2; x++) {
            uint8_t b[4] = { (uint8_t)mcs[y][x], (uint8_t)(mcs[y][x] >> 8),
                             (uint8_t)(mcs[y][x] >> 16), (uint8_t)(mcs[y][x] >> 24) };
            CHECK_EQ(g7sf_mem_write(gpu, MCS_BASE + y * 16 + x * bytes, b, bytes), 0);
        }
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
static void px_args(g7sf_sample_args *a, unsigned i, int x, int y, uint32_t si, uint32_t mcs)
{
    a->p[G7SF_PARAM_U][i].i = x, a->p[G7SF_PARAM_V][i].i = y;
    a->p[G7SF_PARAM_SI][i].u = si, a->p[G7SF_PARAM_MCS][i].u = mcs;
}

TEST(ld2dms_4x_maps_samples_through_mcs)
{
    static const uint32_t mcs[2][2] = { { 0xE4, 0x1B }, { 0x00, 0xFF } };
    g7sf_texture t;
    g7sf_sample_args a;
    g7sf_sample_result r;
    ms_texture(&t, 4, mcs);
    t.clear_color = 0xA;   /* red and blue CC_ONE */
    t_args(&a, G7SF_OP_LD2DMS, 8);
    px_args(&a, 0, 0, 0, 2, 0xE4);   /* 11 10 01 00: sample 2 in slice 2 */
    px_args(&a, 1, 1, 0, 0, 0x1B);   /* 00 01 10 11: sample 0 in slice 3 */
    px_args(&a, 2, 1, 0, 3, 0x1B);   /* sample 3 in slice 0 */
    px_args(&a, 3, 0, 1, 3, 0x00);   /* everything in slice 0 */
    px_args(&a, 4, 1, 1, 1, 0xFF);   /* cleared */
    px_args(&a, 5, 1, 1, 4, 0x00);   /* sample 4 of 4: out of range */
    px_args(&a, 6, 2, 0, 0, 0x00);   /* x out of range */
    px_args(&a, 7, 0, 0, 1, 0x3E4);  /* bits above the byte ignored: slice 1 */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_EQ(r.type, G7SF_TEXEL_FLOAT);
    CHECK_RED(&r.px[0], red(0, 0, 2));
    CHECK_RED(&r.px[1], red(1, 0, 3));
    CHECK_RED(&r.px[2], red(1, 0, 0));
    CHECK_RED(&r.px[3], red(0, 1, 0));
    CHECK_RGBA(&r.px[4], 1, 0, 1, 0);
    CHECK_RGBA(&r.px[5], 0, 0, 0, 0);
    CHECK_RGBA(&r.px[6], 0, 0, 0, 0);
    CHECK_RED(&r.px[7], red(0, 0, 1));
}

TEST(ld2dms_8x_four_bits_per_sample)
{
    static const uint32_t mcs[2][2] = { { 0x76543210, 0 }, { 0, 0 } };
    g7sf_texture t;
    g7sf_sample_args a;
    g7sf_sample_result r;
    ms_texture(&t, 8, mcs);
    t.clear_color = 0x1;   /* alpha only */
    t_args(&a, G7SF_OP_LD2DMS, 6);
    px_args(&a, 0, 0, 0, 5, 0x76543210);   /* identity: slice 5 */
    px_args(&a, 1, 1, 1, 7, 0x01234567);   /* sample 7 -> slice 0 */
    px_args(&a, 2, 1, 1, 1, 0x000000F0);   /* sample 1's field F: clear */
    px_args(&a, 3, 1, 1, 0, 0x000000F0);   /* sample 0 -> slice 0 */
    px_args(&a, 4, 0, 1, 3, 0xFFFFFFFF);   /* whole pixel cleared */
    px_args(&a, 5, 0, 1, 2, 0x00000900);   /* field 9 names no slice: clear */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_RED(&r.px[0], red(0, 0, 5));
    CHECK_RED(&r.px[1], red(1, 1, 0));
    CHECK_RGBA(&r.px[2], 0, 0, 0, 1);
    CHECK_RED(&r.px[3], red(1, 1, 0));
    CHECK_RGBA(&r.px[4], 0, 0, 0, 1);
    CHECK_RGBA(&r.px[5], 0, 0, 0, 1);
}

TEST(ld2dms_without_mcs_and_ld2dss)
{
    static const uint32_t mcs[2][2] = { { 0, 0 }, { 0, 0 } };
    g7sf_texture t;
    g7sf_sample_args a;
    g7sf_sample_result r;
    ms_texture(&t, 4, mcs);
    /* ld2dss names the slice; the mcs parameter plays no part */
    t_args(&a, G7SF_OP_LD2DSS, 3);
    px_args(&a, 0, 1, 0, 3, 0xFF);
    px_args(&a, 1, 0, 1, 1, 0);
    px_args(&a, 2, 0, 1, 9, 0);   /* slice 9 of 4: zeros */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_RED(&r.px[0], red(1, 0, 3));
    CHECK_RED(&r.px[1], red(0, 1, 1));
    CHECK_RGBA(&r.px[2], 0, 0, 0, 0);
    /* MCS disabled: ld2dms reads sample si from slice si whatever mcs says */
    t.surf.mcs_enable = 0;
    a.op = G7SF_OP_LD2DMS;
    px_args(&a, 0, 1, 0, 2, 0xFF);
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_RED(&r.px[0], red(1, 0, 2));
}

TEST(ld_mcs_reads_the_control_surface)
{
    static const uint32_t mcs4[2][2] = { { 0xE4, 0x1B }, { 0x5A, 0xFF } };
    static const uint32_t mcs8[2][2] = { { 0x76543210, 0xFFFFFFFF }, { 0x01234567, 0x80 } };
    g7sf_texture t;
    g7sf_sample_args a;
    g7sf_sample_result r;
    t_args(&a, G7SF_OP_LD_MCS, 5);
    for (unsigned i = 0; i < 4; i++)
        px_args(&a, i, (int)(i & 1), (int)(i >> 1), 0, 0);
    px_args(&a, 4, 0, -1, 0, 0);   /* outside: 0 */
    ms_texture(&t, 4, mcs4);
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_EQ(r.type, G7SF_TEXEL_UINT);
    for (unsigned i = 0; i < 4; i++) {
        CHECK_EQ(r.px[i].u[0], mcs4[i >> 1][i & 1]);
        CHECK(r.px[i].u[1] == 0 && r.px[i].u[2] == 0 && r.px[i].u[3] == 1);   /* R8_UINT */
    }
    CHECK(r.px[4].u[0] == 0 && r.px[4].u[3] == 1);
    ms_texture(&t, 8, mcs8);
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(r.px[i].u[0], mcs8[i >> 1][i & 1]);
    t.surf.mcs_enable = 0;   /* no MCS: 0 */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK(r.px[1].u[0] == 0 && r.px[1].u[3] == 1);
    t.surf.samples = 1;   /* not multisampled: refused */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), G7SF_ESTATE);
}

TEST(clear_colour_in_the_format_class)
{
    static const uint32_t mcs[2][2] = { { 0xFF, 0xFF }, { 0xFF, 0xFF } };
    g7sf_texture t;
    g7sf_sample_args a;
    g7sf_sample_result r;
    ms_texture(&t, 4, mcs);
    t_args(&a, G7SF_OP_LD2DMS, 1);
    px_args(&a, 0, 0, 0, 0, 0xFF);
    /* R8_UNORM: green and blue absent read 0, alpha absent reads 1 */
    t.format = G7SF_FORMAT_R8_UNORM, t.surf.bpb = 8;
    t.clear_color = 0xE;   /* R, G, B one; A zero */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_RGBA(&r.px[0], 1, 0, 0, 1);
    /* R16G16B16A16_UINT: integers 0 and 1 */
    t.format = G7SF_FORMAT_R16G16B16A16_UINT, t.surf.bpb = 64;
    t.clear_color = 0x9;   /* R and A */
    CHECK_EQ(g7sf_sample(gpu, &t, NULL, &a, &r), 0);
    CHECK_EQ(r.type, G7SF_TEXEL_UINT);
    CHECK(r.px[0].u[0] == 1 && r.px[0].u[1] == 0 && r.px[0].u[2] == 0 && r.px[0].u[3] == 1);
}
