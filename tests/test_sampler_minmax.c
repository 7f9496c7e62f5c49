/* Min/max reduction in the 3D sampler (issue 22 A, patent US 9355490,
 * shared spec 003; docs/spec-notes.md "Patent 003"): SAMPLER_STATE's
 * Reduction Type fields (gen7sf ext) on a gpu created with
 * G7SF_EXT_MINMAX_FILTER.  The standard footprints (GL
 * ARB_texture_filter_minmax, Vulkan VK_SAMPLER_REDUCTION_MODE_MIN/MAX: the
 * texels of non-zero weight of the footprint the filters choose) and the
 * patent's region footprint.  Expected values come from texel sets worked
 * out by hand from the filters' definitions (the bilinear 2x2 of floor(u -
 * 1/2), its second texel weighing the fraction), or from a brute-force
 * reduction written here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/minmax.h"
#include "gpu_setup.h"
#include "harness.h"
#include "sampler_fixture.h"

enum { WRAP, MIRROR, CLAMP, CUBE, CLAMP_BORDER };
enum { MIN = G7SF_REDUCTION_MINIMUM, MAX = G7SF_REDUCTION_MAXIMUM };

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* The fixture's texture on a gpu with the extension (or without). */
static void init(t_smp *f, bool ext, unsigned format, uint32_t w, uint32_t h, unsigned levels)
{
    t_smp_init(f, G7SF_SURFTYPE_2D, format, w, h, 1, levels);
    g7sf_gpu_destroy(f->gpu);
    g7sf_gpu_options o = { .platform = G7SF_IVB, .extensions = ext ? G7SF_EXT_MINMAX_FILTER : 0 };
    f->gpu = g7sf_gpu_create_ex(&o);
    f->smp.state.max_lod = 13 << 8;
    f->smp.state.maximum_anisotropy = 7;
}

static void reduction(t_smp *f, unsigned type)
{
    f->smp.state.reduction_type_enable = 1;
    f->smp.state.reduction_type = type;
}

static void filters(t_smp *f, unsigned minf, unsigned magf, unsigned mip)
{
    f->smp.state.min_mode_filter = minf;
    f->smp.state.mag_mode_filter = magf;
    f->smp.state.mip_mode_filter = mip;
}

/* RGBA32F texel (x, y) of a level: 4 channels with different orders, so
 * that min and max of each channel come from different texels. */
static float texval(unsigned lod, unsigned x, unsigned y, unsigned c)
{
    unsigned i = x + 4 * y + 16 * lod;
    switch (c) {
    case 0:  return (float)i;
    case 1:  return -(float)i;
    case 2:  return (float)((i * 7) % 16) - 8.0f;
    default: return 0.25f * (float)((i * 5 + 3) % 11);
    }
}

/* A 4x4 (and 2x2 level 1) RGBA32F texture of texval. */
static void fill_rgba32f(t_smp *f, unsigned levels)
{
    for (unsigned lod = 0; lod < levels; lod++) {
        unsigned n = 4 >> lod;
        float t[16][4];
        for (unsigned y = 0; y < n; y++)
            for (unsigned x = 0; x < n; x++)
                for (unsigned c = 0; c < 4; c++)
                    t[y * n + x][c] = texval(lod, x, y, c);
        t_smp_fill(f, lod, 0, t);
    }
}

typedef struct texref { unsigned lod, x, y; } texref;

/* min or max per channel over the texels of set s (n of them). */
static void reduce_set(unsigned type, const texref *s, unsigned n, float out[4])
{
    for (unsigned c = 0; c < 4; c++) {
        float r = texval(s[0].lod, s[0].x, s[0].y, c);
        for (unsigned k = 1; k < n; k++) {
            float v = texval(s[k].lod, s[k].x, s[k].y, c);
            r = type == MIN ? fminf(r, v) : fmaxf(r, v);
        }
        out[c] = r;
    }
}

/* sample_l at texel-space (x, y) of level 0 (4 texels wide), LOD lod, pixel 0. */
static int sample_l(t_smp *f, float x, float y, float lod)
{
    t_smp_op(f, G7SF_OP_SAMPLE_L, 8, 1);
    t_smp_param(f, G7SF_PARAM_U, 0, x / 4.0f);
    t_smp_param(f, G7SF_PARAM_V, 0, y / 4.0f);
    t_smp_param(f, G7SF_PARAM_LOD, 0, lod);
    return t_smp_run(f);
}

static void check_px(const t_smp *f, unsigned i, const float want[4], const char *what)
{
    for (unsigned c = 0; c < 4; c++)
        CHECKF(bits(f->res.px[i].f[c]) == bits(want[c]), "%s: channel %u is %g, want %g", what,
               c, f->res.px[i].f[c], want[c]);
}

/* Each case: a footprint found by hand and its min and max. */
static void check_set(t_smp *f, float x, float y, float lod, const texref *s, unsigned n,
                      const char *what)
{
    for (unsigned type = MIN; type <= MAX; type++) {
        reduction(f, type);
        float want[4];
        reduce_set(type, s, n, want);
        CHECK_EQ(sample_l(f, x, y, lod), 0);
        check_px(f, 0, want, what);
    }
}

TEST(nearest_is_the_one_texel)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1);
    fill_rgba32f(&f, 1);
    filters(&f, G7SF_MAPFILTER_NEAREST, G7SF_MAPFILTER_NEAREST, G7SF_MIPFILTER_NONE);
    static const texref s[] = { { 0, 1, 2 } };
    check_set(&f, 1.3f, 2.7f, 0.0f, s, 1, "nearest (1.3, 2.7)");
    t_smp_fini(&f);
}

TEST(linear_counts_only_texels_of_nonzero_weight)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1);
    fill_rgba32f(&f, 1);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    /* (1.75, 2.25): floor(1.25) = 1 weight .25 on x = 2, floor(1.75) = 1
     * weight .75 on y = 2: the four texels (1..2, 1..2) */
    static const texref four[] = { { 0, 1, 1 }, { 0, 2, 1 }, { 0, 1, 2 }, { 0, 2, 2 } };
    check_set(&f, 1.75f, 2.25f, 0.0f, four, 4, "linear (1.75, 2.25)");
    /* x = 2.5 is texel 2's centre: x = 3 weighs 0 and must not count */
    static const texref two[] = { { 0, 2, 1 }, { 0, 2, 2 } };
    check_set(&f, 2.5f, 2.25f, 0.0f, two, 2, "linear (2.5, 2.25)");
    /* both on centres: one texel */
    static const texref one[] = { { 0, 2, 1 } };
    check_set(&f, 2.5f, 1.5f, 0.0f, one, 1, "linear (2.5, 1.5)");
    /* and the zero-weight neighbours would have changed it: texel (3, 2)
     * has the largest red and the smallest green of the 2x2 (3..2, 1..2) */
    reduction(&f, MAX);
    CHECK_EQ(sample_l(&f, 2.5f, 1.5f, 0.0f), 0);
    CHECK(f.res.px[0].f[0] < texval(0, 3, 2, 0));
    t_smp_fini(&f);
}

TEST(trilinear_takes_both_levels_only_when_beta_is_fractional)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 2);
    fill_rgba32f(&f, 2);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR);
    /* level 0 at (1.75, 2.25): (1..2, 1..2); level 1 at (0.875, 1.125):
     * floor(0.375) = 0 weight .375, floor(0.625) = 0 weight .625: all four */
    static const texref both[] = { { 0, 1, 1 }, { 0, 2, 1 }, { 0, 1, 2 }, { 0, 2, 2 },
                                   { 1, 0, 0 }, { 1, 1, 0 }, { 1, 0, 1 }, { 1, 1, 1 } };
    check_set(&f, 1.75f, 2.25f, 0.5f, both, 8, "trilinear LOD 0.5");
    /* LOD 1: beta 0 at level 1, level 0 weighs nothing */
    check_set(&f, 1.75f, 2.25f, 1.0f, both + 4, 4, "LOD 1");
    /* LOD 0.25 with MIPFILTER_NEAREST: level 0 alone */
    f.smp.state.mip_mode_filter = G7SF_MIPFILTER_NEAREST;
    check_set(&f, 1.75f, 2.25f, 0.25f, both, 4, "mip nearest LOD 0.25");
    t_smp_fini(&f);
}

TEST(border_colour_is_a_texel_of_the_footprint)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1);
    fill_rgba32f(&f, 1);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    t_smp_address(&f, CLAMP_BORDER);
    const float border[4] = { -50.0f, 50.0f, 0.125f, 7.0f };
    f.smp.border.border_color_red = border[0], f.smp.border.border_color_green = border[1];
    f.smp.border.border_color_blue = border[2], f.smp.border.border_color_alpha = border[3];
    /* (0.25, 1.5): x = -1 (border, weight .75) and x = 0 of row 1 */
    for (unsigned type = MIN; type <= MAX; type++) {
        reduction(&f, type);
        float want[4];
        for (unsigned c = 0; c < 4; c++) {
            float t = texval(0, 0, 1, c);
            want[c] = type == MIN ? fminf(t, border[c]) : fmaxf(t, border[c]);
        }
        CHECK_EQ(sample_l(&f, 0.25f, 1.5f, 0.0f), 0);
        check_px(&f, 0, want, "border");
    }
    t_smp_fini(&f);
}

static float fbits(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The tree's rule (minmax.h) on a bilinear pair: a NaN loses to a number,
 * of two NaNs the smaller pattern wins, -0 is below +0. */
TEST(nan_loses_and_minus_zero_is_below_plus_zero)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1);
    float t[16][4];
    memset(t, 0, sizeof t);
    /* texels (1, 1) and (2, 1): red NaN and 5; green -0 and +0; blue two
     * NaNs; alpha 3 and -2 */
    const float a[4] = { NAN, -0.0f, fbits(0x7fc00005u), 3.0f };
    const float b[4] = { 5.0f, 0.0f, fbits(0xffc00001u), -2.0f };
    memcpy(t[5], a, sizeof a);
    memcpy(t[6], b, sizeof b);
    t_smp_fill(&f, 0, 0, t);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    const uint32_t want[2][4] = {
        { bits(5.0f), bits(-0.0f), 0x7fc00005u, bits(-2.0f) },   /* MIN */
        { bits(5.0f), bits(0.0f), 0x7fc00005u, bits(3.0f) },     /* MAX */
    };
    for (unsigned type = MIN; type <= MAX; type++) {
        reduction(&f, type);
        CHECK_EQ(sample_l(&f, 2.0f, 1.5f, 0.0f), 0);   /* (1, 1), (2, 1) half each */
        for (unsigned c = 0; c < 4; c++)
            CHECKF(bits(f.res.px[0].f[c]) == want[type - MIN][c], "type %u ch %u: 0x%08x",
                   type, c, bits(f.res.px[0].f[c]));
    }
    /* one NaN texel alone (nearest): its NaN, not the start value */
    filters(&f, G7SF_MAPFILTER_NEAREST, G7SF_MAPFILTER_NEAREST, G7SF_MIPFILTER_NONE);
    reduction(&f, MIN);
    CHECK_EQ(sample_l(&f, 1.5f, 1.5f, 0.0f), 0);
    CHECK_EQ(bits(f.res.px[0].f[2]), 0x7fc00005u);
    t_smp_fini(&f);
}

/* 16x16 RGBA32F for the anisotropic footprint. */
static float aval(unsigned x, unsigned y, unsigned c)
{
    unsigned i = x + 16 * y;
    return c == 0 ? (float)((i * 37) % 101) : c == 1 ? -(float)((i * 53) % 97)
         : c == 2 ? (float)i : (float)(i % 7);
}

TEST(legacy_anisotropic_every_probe_texel)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 16, 16, 1);
    float t[256][4];
    for (unsigned i = 0; i < 256; i++)
        for (unsigned c = 0; c < 4; c++)
            t[i][c] = aval(i % 16, i / 16, c);
    t_smp_fill(&f, 0, 0, t);
    filters(&f, G7SF_MAPFILTER_ANISOTROPIC, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    /* sample_d, du/dx 8 texels, dv/dy 2: ratio 4 along u, LOD log2 2 = 1
     * (minified); probes at -1.5, -.5, .5, 1.5 texels (ends weigh .25 each
     * of 4, the inner ones 1/4) around (8.75, 8.5): x 7.25, 8.25, 9.25,
     * 10.25 -> bilinear columns 6-7, 7-8, 8-9, 9-10; y on row 8's centre:
     * row 8 alone.  So texels (6..10, 8). */
    for (unsigned type = MIN; type <= MAX; type++) {
        reduction(&f, type);
        t_smp_op(&f, G7SF_OP_SAMPLE_D, 8, 1);
        t_smp_param(&f, G7SF_PARAM_U, 0, 8.75f / 16);
        t_smp_param(&f, G7SF_PARAM_V, 0, 8.5f / 16);
        t_smp_param(&f, G7SF_PARAM_DUDX, 0, 0.5f);
        t_smp_param(&f, G7SF_PARAM_DVDY, 0, 0.125f);
        CHECK_EQ(t_smp_run(&f), 0);
        float want[4];
        for (unsigned c = 0; c < 4; c++) {
            want[c] = aval(6, 8, c);
            for (unsigned x = 7; x <= 10; x++)
                want[c] = type == MIN ? fminf(want[c], aval(x, 8, c))
                                      : fmaxf(want[c], aval(x, 8, c));
        }
        check_px(&f, 0, want, "LEGACY 4:1");
    }
    t_smp_fini(&f);
}

/* The comparison results of sample_c are what is reduced: 0.0 where the
 * Shadow Function holds, 1.0 where not (§2.4), so MIN is 0 when one texel
 * passes and MAX 1 when one fails. */
TEST(sample_c_reduces_the_comparison_results)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32_FLOAT, 4, 4, 1);
    float d[16];
    for (unsigned i = 0; i < 16; i++)
        d[i] = 0.1f * (float)(i % 4 + 1);   /* columns .1 .2 .3 .4 */
    t_smp_fill(&f, 0, 0, d);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    f.smp.state.shadow_function = G7SF_PREFILTEROP_LESS;
    static const struct { float x; float std, min, max; } cases[] = {
        { 2.0f, 0.5f, 0.0f, 1.0f },   /* columns 1, 2: .2 passes, .3 fails */
        { 1.0f, 0.0f, 0.0f, 0.0f },   /* columns 0, 1: both pass */
        { 3.0f, 1.0f, 1.0f, 1.0f },   /* columns 2, 3: both fail */
        { 2.5f, 1.0f, 1.0f, 1.0f },   /* column 2 alone (3 weighs 0) */
    };
    for (unsigned k = 0; k < 4; k++)
        for (unsigned type = G7SF_REDUCTION_STD_FILTER; type <= MAX; type++) {
            if (type == G7SF_REDUCTION_COMPARISON)
                continue;
            reduction(&f, type);
            t_smp_op(&f, G7SF_OP_SAMPLE_L_C, 8, 1);
            t_smp_param(&f, G7SF_PARAM_REF, 0, 0.25f);
            t_smp_param(&f, G7SF_PARAM_U, 0, cases[k].x / 4);
            t_smp_param(&f, G7SF_PARAM_V, 0, 0.5f);
            t_smp_param(&f, G7SF_PARAM_LOD, 0, 0.0f);
            CHECK_EQ(t_smp_run(&f), 0);
            float want = type == MIN ? cases[k].min : type == MAX ? cases[k].max : cases[k].std;
            CHECKF(f.res.px[0].f[0] == want, "x %g type %u: %g, want %g", cases[k].x, type,
                   f.res.px[0].f[0], want);
        }
    t_smp_fini(&f);
}

/* A random RGBA32F w x h texture (with levels), values small integers,
 * halves and signed zeros; neg: the same texture negated. */
static void random_levels(t_smp *f, unsigned levels, uint64_t seed, bool neg)
{
    uint64_t s = seed;
    for (unsigned lod = 0; lod < levels; lod++) {
        uint32_t w, h;
        g7sf_surface_level_size(&f->tex.surf, lod, &w, &h, NULL);
        float (*t)[4] = malloc(sizeof *t * w * h);
        for (unsigned i = 0; i < w * h; i++)
            for (unsigned c = 0; c < 4; c++) {
                s = s * 6364136223846793005ull + 1442695040888963407ull;
                unsigned r = (unsigned)(s >> 40);
                float v = r % 9 == 0 ? (r & 64 ? -0.0f : 0.0f) : (float)((int)(r % 201) - 100) * 0.5f;
                t[i][c] = neg ? -v : v;
            }
        t_smp_fill(f, lod, 0, t);
        free(t);
    }
}

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (float)(t_rand() % 100000) / 100000.0f;
}

/* min(x) = -max(-x) bit for bit (signed zeros included) over nearest,
 * linear, trilinear, LEGACY and EWA anisotropic footprints; and min <=
 * the weighted average <= max, min and max being texel values (the
 * texture's are multiples of 1/2 in [-50, 50]). */
TEST(duality_min_is_minus_max_of_minus)
{
    static const unsigned cfg[5][4] = {
        { G7SF_MAPFILTER_NEAREST, G7SF_MAPFILTER_NEAREST, G7SF_MIPFILTER_NEAREST, 0 },
        { G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE, 0 },
        { G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR, 0 },
        { G7SF_MAPFILTER_ANISOTROPIC, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR, 0 },
        { G7SF_MAPFILTER_ANISOTROPIC, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR, 1 },
    };
    t_smp a, b, mx, avg;
    init(&a, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 32, 32, 6);
    init(&b, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 32, 32, 6);
    init(&mx, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 32, 32, 6);
    init(&avg, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 32, 32, 6);
    random_levels(&a, 6, 7, false);
    random_levels(&b, 6, 7, true);
    random_levels(&mx, 6, 7, false);
    random_levels(&avg, 6, 7, false);
    for (unsigned k = 0; k < 5; k++) {
        filters(&a, cfg[k][0], cfg[k][1], cfg[k][2]);
        filters(&b, cfg[k][0], cfg[k][1], cfg[k][2]);
        a.smp.state.anisotropic_algorithm = b.smp.state.anisotropic_algorithm = cfg[k][3];
        reduction(&a, MIN);
        reduction(&b, MAX);
        mx.smp = a.smp, avg.smp = a.smp;
        reduction(&mx, MAX);
        reduction(&avg, G7SF_REDUCTION_STD_FILTER);
        for (unsigned iter = 0; iter < 40; iter++) {
            t_smp_op(&a, G7SF_OP_SAMPLE_D, 16, 16);
            for (unsigned i = 0; i < 16; i++) {
                float p[6] = { frand(-0.2f, 1.2f), frand(-0.2f, 1.2f), frand(-0.3f, 0.3f),
                               frand(-0.1f, 0.1f), frand(-0.1f, 0.1f), frand(-0.3f, 0.3f) };
                static const unsigned role[6] = { G7SF_PARAM_U, G7SF_PARAM_V, G7SF_PARAM_DUDX,
                                                  G7SF_PARAM_DUDY, G7SF_PARAM_DVDX,
                                                  G7SF_PARAM_DVDY };
                for (unsigned r = 0; r < 6; r++)
                    t_smp_param(&a, role[r], i, p[r]);
            }
            b.args = mx.args = avg.args = a.args;
            CHECK_EQ(t_smp_run(&a), 0);
            CHECK_EQ(t_smp_run(&b), 0);
            CHECK_EQ(t_smp_run(&mx), 0);
            CHECK_EQ(t_smp_run(&avg), 0);
            for (unsigned i = 0; i < 16; i++)
                for (unsigned c = 0; c < 4; c++) {
                    float lo = a.res.px[i].f[c], hi = mx.res.px[i].f[c];
                    float m = avg.res.px[i].f[c];
                    CHECKF(bits(lo) == bits(-b.res.px[i].f[c]),
                           "config %u pixel %u ch %u: min %g, -max(-x) %g", k, i, c, lo,
                           -b.res.px[i].f[c]);
                    CHECKF(lo - 1e-4f <= m && m <= hi + 1e-4f,
                           "config %u pixel %u ch %u: average %g outside [%g, %g]", k, i, c, m,
                           lo, hi);
                    for (unsigned e = 0; e < 2; e++) {
                        float v = e ? hi : lo;
                        CHECKF(v == floorf(2.0f * v) / 2.0f && fabsf(v) <= 50.0f,
                               "config %u pixel %u ch %u: %g is no texel value", k, i, c, v);
                    }
                }
        }
    }
    t_smp_fini(&a);
    t_smp_fini(&b);
    t_smp_fini(&mx);
    t_smp_fini(&avg);
}

/* A reference: the bilinear footprint of texel-space (x, y) (multiples
 * of 1/256, WRAP on a w x h level) by the definition, its min or max. */
static void bilinear_ref(const float (*t)[4], unsigned w, unsigned h, float x, float y,
                         unsigned type, float out[4], bool *single)
{
    int fx = (int)floorf(x * 256.0f) - 128, fy = (int)floorf(y * 256.0f) - 128;
    int x0 = fx >> 8, y0 = fy >> 8;
    unsigned nx = (fx & 255) ? 2 : 1, ny = (fy & 255) ? 2 : 1;
    *single = nx * ny == 1;
    bool first = true;
    for (unsigned j = 0; j < ny; j++)
        for (unsigned i = 0; i < nx; i++) {
            unsigned tx = (unsigned)((x0 + (int)i + 64 * (int)w) % (int)w);
            unsigned ty = (unsigned)((y0 + (int)j + 64 * (int)h) % (int)h);
            for (unsigned c = 0; c < 4; c++) {
                float v = t[ty * w + tx][c];
                out[c] = first ? v : type == MIN ? fminf(out[c], v) : fmaxf(out[c], v);
            }
            first = false;
        }
}

/* Random bilinear positions against the reference: the result is always
 * one of the footprint's texels, and on SIMD16 sample messages (implicit
 * derivatives, magnified) too. */
TEST(linear_against_a_reference_footprint)
{
    t_smp f;
    const unsigned w = 7, h = 5;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, w, h, 1);
    float t[35][4];
    for (unsigned i = 0; i < w * h; i++)
        for (unsigned c = 0; c < 4; c++)
            t[i][c] = (float)((int)(t_rand() % 1001) - 500);
    t_smp_fill(&f, 0, 0, t);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    /* positions round to the 1/256 grid (the normalized round trip may
     * land a hair below a grid point) */
    f.smp.state.u_address_mag_rounding = f.smp.state.u_address_min_rounding = 1;
    f.smp.state.v_address_mag_rounding = f.smp.state.v_address_min_rounding = 1;
    unsigned singles = 0;
    for (unsigned iter = 0; iter < 300; iter++) {
        unsigned type = iter & 1 ? MAX : MIN;
        reduction(&f, type);
        t_smp_op(&f, G7SF_OP_SAMPLE, 16, 16);
        float xy[16][2];
        for (unsigned i = 0; i < 16; i++) {
            /* a multiple of 1/256 texel; one in four on a centre */
            for (unsigned k = 0; k < 2; k++) {
                unsigned n = k ? h : w;
                int q = (int)(t_rand() % (n * 3 * 256)) - (int)n * 256;
                if (t_rand() % 4 == 0)
                    q = (q & ~255) + 128;
                xy[i][k] = (float)q / 256.0f;
                t_smp_param(&f, k ? G7SF_PARAM_V : G7SF_PARAM_U, i, xy[i][k] / (float)n);
            }
        }
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned i = 0; i < 16; i++) {
            float want[4];
            bool single;
            bilinear_ref((const float(*)[4])t, w, h, xy[i][0], xy[i][1], type, want, &single);
            singles += single;
            for (unsigned c = 0; c < 4; c++)
                CHECKF(f.res.px[i].f[c] == want[c], "(%g, %g) type %u ch %u: %g, want %g",
                       xy[i][0], xy[i][1], type, c, f.res.px[i].f[c], want[c]);
        }
    }
    CHECK(singles > 50);
    t_smp_fini(&f);
}

static unsigned address(unsigned mode, int i, unsigned n)
{
    if (mode == WRAP)
        return (unsigned)(((i % (int)n) + (int)n) % (int)n);
    return i < 0 ? 0 : i >= (int)n ? n - 1 : (unsigned)i;
}

/* The region footprint (003 L56-L66) against a brute-force min/max over
 * its w x h texels: origin floor(u - 3.5), the footprint at column (8 -
 * w) / 2 of the region, texels through CLAMP or WRAP. */
TEST(region_footprint_against_brute_force)
{
    t_smp f;
    const unsigned W = 11, H = 9;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, W, H, 1);
    float t[99][4];
    for (unsigned i = 0; i < W * H; i++)
        for (unsigned c = 0; c < 4; c++)
            t[i][c] = (float)((int)(t_rand() % 2001) - 1000) * 0.25f;
    t_smp_fill(&f, 0, 0, t);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    f.smp.state.reduction_region_enable = 1;
    /* positions round to the 1/256 grid (the normalized round trip may
     * land a hair below a grid point) */
    f.smp.state.u_address_mag_rounding = f.smp.state.u_address_min_rounding = 1;
    f.smp.state.v_address_mag_rounding = f.smp.state.v_address_min_rounding = 1;
    for (unsigned iter = 0; iter < 400; iter++) {
        unsigned type = iter & 1 ? MAX : MIN, mode = iter & 2 ? WRAP : CLAMP;
        unsigned rw = 1 + t_rand() % 8, rh = 1 + t_rand() % 8;
        reduction(&f, type);
        t_smp_address(&f, mode);
        f.smp.state.reduction_region_width = rw - 1;
        f.smp.state.reduction_region_height = rh - 1;
        t_smp_op(&f, G7SF_OP_SAMPLE_L, 8, 8);
        float xy[8][2];
        for (unsigned i = 0; i < 8; i++) {
            for (unsigned k = 0; k < 2; k++) {
                unsigned n = k ? H : W;
                int q = (int)(t_rand() % ((n + 8) * 256)) - 4 * 256;   /* edges and past them */
                xy[i][k] = (float)q / 256.0f;
                t_smp_param(&f, k ? G7SF_PARAM_V : G7SF_PARAM_U, i, xy[i][k] / (float)n);
            }
            t_smp_param(&f, G7SF_PARAM_LOD, i, 0.0f);
        }
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned i = 0; i < 8; i++) {
            int x0 = (int)floorf(xy[i][0] - 3.5f) + (int)(8 - rw) / 2;
            int y0 = (int)floorf(xy[i][1] - 3.5f) + (int)(8 - rh) / 2;
            float want[4];
            for (unsigned c = 0; c < 4; c++) {
                want[c] = type == MIN ? INFINITY : -INFINITY;
                for (unsigned y = 0; y < rh; y++)
                    for (unsigned x = 0; x < rw; x++) {
                        float v = t[address(mode, y0 + (int)y, H) * W +
                                    address(mode, x0 + (int)x, W)][c];
                        want[c] = type == MIN ? fminf(want[c], v) : fmaxf(want[c], v);
                    }
                CHECKF(f.res.px[i].f[c] == want[c],
                       "%ux%u at (%g, %g) mode %u type %u ch %u: %g, want %g", rw, rh,
                       xy[i][0], xy[i][1], mode, type, c, f.res.px[i].f[c], want[c]);
            }
        }
    }
    t_smp_fini(&f);
}

/* The region reads the nearer of the two levels the LOD selects: a 1x1
 * footprint is region texel (3, 3) = texel floor(u - 0.5) of that level. */
TEST(region_footprint_reads_the_nearer_level)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 2);
    fill_rgba32f(&f, 2);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR);
    f.smp.state.reduction_region_enable = 1;   /* width, height 0: 1x1 */
    /* (2.25, 1.75) of level 0 is (1.125, 0.875) of level 1 */
    static const struct { float lod; texref t; } cases[] = {
        { 0.25f, { 0, 1, 1 } }, { 0.5f, { 1, 0, 0 } }, { 0.75f, { 1, 0, 0 } },
        { 1.0f, { 1, 0, 0 } },
    };
    for (unsigned k = 0; k < 4; k++)
        check_set(&f, 2.25f, 1.75f, cases[k].lod, &cases[k].t, 1, "region 1x1");
    t_smp_fini(&f);
}

/* Without G7SF_EXT_MINMAX_FILTER the five fields are reserved bits,
 * ignored: results equal those of the same state with them clear, bit for
 * bit (through the fast paths as well).  With the extension, Reduction
 * Type Enable 0 or STD_FILTER change nothing either; gather4 and integer
 * formats stay as they were under MIN/MAX. */
TEST(off_by_default_and_std_filter_are_bit_exact)
{
    static const unsigned cfg[4][3] = {
        { G7SF_MAPFILTER_NEAREST, G7SF_MAPFILTER_NEAREST, G7SF_MIPFILTER_NEAREST },
        { G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR },
        { G7SF_MAPFILTER_ANISOTROPIC, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_LINEAR },
        { G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE },
    };
    t_smp off, ext;
    init(&off, false, G7SF_FORMAT_R32G32B32A32_FLOAT, 32, 32, 6);
    init(&ext, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 32, 32, 6);
    random_levels(&off, 6, 11, false);
    random_levels(&ext, 6, 11, false);
    for (unsigned k = 0; k < 4; k++)
        for (unsigned variant = 0; variant < 4; variant++) {
            filters(&off, cfg[k][0], cfg[k][1], cfg[k][2]);
            off.smp.state.reduction_type_enable = off.smp.state.reduction_type = 0;
            off.smp.state.reduction_region_enable = 0;
            off.smp.state.reduction_region_width = off.smp.state.reduction_region_height = 0;
            g7sf_sampler plain = off.smp;
            /* variant 0: no extension, every field set; 1: no extension,
             * COMPARISON (illegal with it); 2: extension, enable 0; 3:
             * extension, STD_FILTER with the region */
            g7sf_sampler_state *s = variant < 2 ? &off.smp.state : &ext.smp.state;
            if (variant >= 2)
                ext.smp = plain;
            s->reduction_type_enable = variant != 2;
            s->reduction_type = variant == 1 ? G7SF_REDUCTION_COMPARISON
                              : variant == 3 ? G7SF_REDUCTION_STD_FILTER : MIN;
            s->reduction_region_enable = 1;
            s->reduction_region_width = 5, s->reduction_region_height = 2;
            t_smp *f = variant < 2 ? &off : &ext;
            for (unsigned iter = 0; iter < 20; iter++) {
                unsigned op = iter % 3 == 0 ? G7SF_OP_SAMPLE : iter % 3 == 1 ? G7SF_OP_SAMPLE_D
                                                                              : G7SF_OP_SAMPLE_L;
                t_smp_op(f, op, 16, 16);
                for (unsigned i = 0; i < 16; i++) {
                    t_smp_param(f, G7SF_PARAM_U, i, frand(-0.5f, 1.5f));
                    t_smp_param(f, G7SF_PARAM_V, i, frand(-0.5f, 1.5f));
                    t_smp_param(f, G7SF_PARAM_DUDX, i, frand(-0.2f, 0.2f));
                    t_smp_param(f, G7SF_PARAM_DVDY, i, frand(-0.2f, 0.2f));
                    t_smp_param(f, G7SF_PARAM_LOD, i, frand(-1.0f, 5.0f));
                }
                CHECK_EQ(t_smp_run(f), 0);
                g7sf_sample_result got = f->res;
                g7sf_sampler set = f->smp;
                f->smp = plain;
                CHECK_EQ(t_smp_run(f), 0);
                CHECKF(!memcmp(&got, &f->res, sizeof got), "config %u variant %u op %u differs",
                       k, variant, op);
                f->smp = set;
            }
        }
    /* gather4 under MIN: what it returns without */
    filters(&ext, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    ext.smp.state.reduction_type_enable = 0;
    ext.smp.state.reduction_region_enable = 0;
    g7sf_sampler plain = ext.smp;
    t_smp_op(&ext, G7SF_OP_GATHER4, 8, 8);
    for (unsigned i = 0; i < 8; i++) {
        t_smp_param(&ext, G7SF_PARAM_U, i, frand(0.0f, 1.0f));
        t_smp_param(&ext, G7SF_PARAM_V, i, frand(0.0f, 1.0f));
    }
    CHECK_EQ(t_smp_run(&ext), 0);
    g7sf_sample_result want = ext.res;
    reduction(&ext, MIN);
    CHECK_EQ(t_smp_run(&ext), 0);
    CHECK(!memcmp(&want, &ext.res, sizeof want));
    ext.smp = plain;
    t_smp_fini(&off);
    t_smp_fini(&ext);

    /* an integer format: nearest of the nearer level, unchanged */
    t_smp u;
    init(&u, true, G7SF_FORMAT_R32G32B32A32_UINT, 4, 4, 1);
    uint32_t ut[16][4];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++)
            ut[i][c] = 100 * i + c;
    t_smp_fill(&u, 0, 0, ut);
    filters(&u, G7SF_MAPFILTER_NEAREST, G7SF_MAPFILTER_NEAREST, G7SF_MIPFILTER_NONE);
    t_smp_address(&u, CLAMP);
    reduction(&u, MAX);
    CHECK_EQ(sample_l(&u, 2.25f, 1.75f, 0.0f), 0);
    for (unsigned c = 0; c < 4; c++)
        CHECK_EQ(u.res.px[0].u[c], ut[1 * 4 + 2][c]);
    t_smp_fini(&u);
}

TEST(illegal_reduction_states)
{
    t_smp f;
    init(&f, true, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1);
    fill_rgba32f(&f, 1);
    filters(&f, G7SF_MAPFILTER_LINEAR, G7SF_MAPFILTER_LINEAR, G7SF_MIPFILTER_NONE);
    reduction(&f, G7SF_REDUCTION_COMPARISON);   /* reserved in this model */
    CHECK_EQ(sample_l(&f, 1.0f, 1.0f, 0.0f), G7SF_ESTATE);
    t_smp_op(&f, G7SF_OP_GATHER4, 8, 1);
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    reduction(&f, MIN);
    CHECK_EQ(sample_l(&f, 1.0f, 1.0f, 0.0f), 0);
    t_smp_fini(&f);
    /* the region on a 1D surface */
    t_smp_init(&f, G7SF_SURFTYPE_1D, G7SF_FORMAT_R32G32B32A32_FLOAT, 4, 1, 1, 1);
    g7sf_gpu_destroy(f.gpu);
    g7sf_gpu_options o = { .extensions = G7SF_EXT_MINMAX_FILTER };
    f.gpu = g7sf_gpu_create_ex(&o);
    reduction(&f, MAX);
    CHECK_EQ(sample_l(&f, 1.0f, 0.0f, 0.0f), 0);
    f.smp.state.reduction_region_enable = 1;
    CHECK_EQ(sample_l(&f, 1.0f, 0.0f, 0.0f), G7SF_ESTATE);
    t_smp_fini(&f);
}

/* ---- through g7sf_send(): SAMPLER_STATE in memory with the bits ---- */

#define DYN_BASE 0x00200000u
#define TEX_BASE 0x00300000u

static g7sf_gpu *send_gpu(bool ext, g7sf_thread *thr, uint32_t dw1_bits, uint32_t dw3_bits)
{
    g7sf_gpu_options o = { .platform = G7SF_IVB, .extensions = ext ? G7SF_EXT_MINMAX_FILTER : 0 };
    g7sf_gpu *gpu = g7sf_gpu_create_ex(&o);
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, T_SURFACE_BASE, T_SURFACE_BOUND);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYN_BASE, DYN_BASE + 0x10000);
    memset(thr, 0, sizeof *thr);
    thr->binding_table = T_BINDING_TABLE;
    thr->sampler_state = 0x100;
    /* SAMPLER_STATE 0: Mag and Min Mode Filter LINEAR (DW0 19:17, 16:14),
     * MIPFILTER_NONE, TEXCOORDMODE_CLAMP on every axis (DW3 8:6, 5:3, 2:0) */
    uint32_t st[4] = { 1u << 17 | 1u << 14, dw1_bits, 0x800, 2u << 6 | 2u << 3 | 2u | dw3_bits };
    g7sf_mem_write(gpu, DYN_BASE + 0x100, st, 16);
    /* R32G32B32A32_FLOAT 4x4 of texval at TEX_BASE, pitch 64 */
    float t[16][4];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned c = 0; c < 4; c++)
            t[i][c] = texval(0, i % 4, i / 4, c);
    g7sf_mem_write(gpu, TEX_BASE, t, sizeof t);
    uint32_t ss[8] = { 1u << 29 | 0x000u << 18, TEX_BASE, 3u << 16 | 3u, 64 - 1 };
    t_bind_state(gpu, 1, ss);
    return gpu;
}

/* SIMD16 sample_l (u, v, lod: 6 registers, 8 returned per 4 channels) with
 * Reduction Type MINIMUM / MAXIMUM in DW1 7:6 and Enable in DW3 bit 9. */
TEST(send_simd16_sample_l_min_and_max)
{
    for (unsigned variant = 0; variant < 4; variant++) {
        bool ext = variant < 3;
        unsigned type = variant == 1 ? MAX : MIN;
        uint32_t dw1 = variant == 2 ? 0 : type << 6, dw3 = 1u << 9;
        g7sf_thread thr;
        g7sf_gpu *gpu = send_gpu(ext, &thr, dw1, dw3);
        g7sf_reg p[6], wb[8];
        memset(p, 0, sizeof p);
        float xy[16][2];
        for (unsigned i = 0; i < 16; i++) {
            xy[i][0] = 0.5f + 0.25f * (float)(i % 8) + 0.125f;
            xy[i][1] = 0.5f + 0.75f * (float)(i / 8) + 0.25f * (float)(i % 3);
            p[2 + i / 8].ud[i % 8] = bits(xy[i][0] / 4);   /* lod u v: lod 0 */
            p[4 + i / 8].ud[i % 8] = bits(xy[i][1] / 4);
        }
        /* sample_l SIMD16: message type 2, SIMD mode 2 */
        uint32_t desc = 6u << 25 | 8u << 20 | 2u << 17 | 2u << 12 | 0u << 8 | 1u;
        CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc, 0xFFFF, p, wb), 0);
        for (unsigned i = 0; i < 16; i++) {
            float want[4] = { 0, 0, 0, 0 };
            float fx = xy[i][0] - 0.5f, fy = xy[i][1] - 0.5f;
            unsigned x0 = (unsigned)floorf(fx), y0 = (unsigned)floorf(fy);
            float ax = fx - (float)x0, ay = fy - (float)y0;
            texref s[4];
            unsigned n = 0;
            for (unsigned j = 0; j < 2; j++)
                for (unsigned k = 0; k < 2; k++) {
                    float wgt = (k ? ax : 1 - ax) * (j ? ay : 1 - ay);
                    if (variant >= 2) {   /* no reduction: the weighted average */
                        for (unsigned c = 0; c < 4; c++)
                            want[c] += wgt * texval(0, x0 + k, y0 + j, c);
                    } else if (wgt != 0) {
                        s[n++] = (texref){ 0, x0 + k, y0 + j };
                    }
                }
            if (variant < 2)
                reduce_set(type, s, n, want);
            for (unsigned c = 0; c < 4; c++) {
                float got;
                memcpy(&got, &wb[2 * c + i / 8].ud[i % 8], 4);
                CHECKF(variant < 2 ? got == want[c] : fabsf(got - want[c]) < 1e-4f,
                       "variant %u pixel %u ch %u: %g, want %g", variant, i, c, got, want[c]);
            }
        }
        g7sf_gpu_destroy(gpu);
    }
}
