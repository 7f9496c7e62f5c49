/* MAPFILTER_ANISOTROPIC: footprint axes, ratio and LOD (smp_aniso_setup),
 * the LEGACY probe layout, the EWA ellipse and weights, and both filters on
 * real textures.  Expected values worked out by hand; the choices are in
 * docs/spec-notes.md "Anisotropic filtering". */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "sampler/aniso.h"
#include "sampler/smp.h"
#include "sampler_fixture.h"

#define NEAR(a, b, eps) (fabs((double)(a) - (double)(b)) < (eps))
enum { LEGACY, EWA };
enum { MAPFILTER_ANISOTROPIC = 2 };

static void setup(unsigned dims, unsigned max_aniso, const float d[2][3], smp_aniso *out)
{
    g7sf_sampler s;
    memset(&s, 0, sizeof s);
    s.state.maximum_anisotropy = max_aniso;
    smp_ctx c;
    memset(&c, 0, sizeof c);
    c.dims = dims;
    c.smp = &s;
    smp_aniso_setup(&c, d, out);
}

static void check_setup(int line, const float d[2][3], unsigned max_aniso, double ratio,
                        double lod)
{
    smp_aniso a;
    setup(2, max_aniso, d, &a);
    CHECKF(NEAR(a.ratio, ratio, 1e-5) && NEAR(a.lod, lod, 1e-5),
           "line %d: ratio %.7g lod %.7g, want %.7g %.7g", line, a.ratio, a.lod, ratio, lod);
}
#define SETUP(d, m, r, l) check_setup(__LINE__, (const float(*)[3])(d), m, r, l)

TEST(aniso_setup_axes_ratio_lod)
{
    /* Axis-aligned: major 8, minor 2: ratio 4, LOD log2(2). */
    SETUP(((float[2][3]){ { 8, 0, 0 }, { 0, 2, 0 } }), 7, 4.0, 1.0);
    SETUP(((float[2][3]){ { 0, 2, 0 }, { 8, 0, 0 } }), 7, 4.0, 1.0);
    /* Maximum Anisotropy 0 is 2:1: the minor axis grows to 8/2, LOD 2. */
    SETUP(((float[2][3]){ { 8, 0, 0 }, { 0, 2, 0 } }), 0, 2.0, 2.0);
    /* 64:1 under 16:1 (field 7) and 8:1 (field 3): LOD log2(64/16), log2(64/8). */
    SETUP(((float[2][3]){ { 64, 0, 0 }, { 0, 1, 0 } }), 7, 16.0, 2.0);
    SETUP(((float[2][3]){ { 64, 0, 0 }, { 0, 1, 0 } }), 3, 8.0, 3.0);
    /* Diagonal, orthogonal: |(3,3)| = 3 sqrt 2, |(-1,1)| = sqrt 2: 3:1, LOD 0.5. */
    SETUP(((float[2][3]){ { 3, 3, 0 }, { -1, 1, 0 } }), 7, 3.0, 0.5);
    /* Isotropic, rotated: both length 2. */
    SETUP(((float[2][3]){ { 1.2f, 1.6f, 0 }, { -1.6f, 1.2f, 0 } }), 7, 1.0, 1.0);
    /* Skewed: d/dx = (4, 0), d/dy = (4, 1) are nearly the same length, but the
     * parallelogram is thin.  J J^T = [[32, 4], [4, 1]]: major^2 = (33 +
     * sqrt 1025)/2, major = 5.7015621, minor = |det J| / major = 4 / major =
     * 0.7015621: ratio 8.1269526, LOD log2(0.7015621) = -0.5113572. */
    SETUP(((float[2][3]){ { 4, 0, 0 }, { 4, 1, 0 } }), 7, 8.1269526, -0.5113572);
    /* Parallel derivatives (no minor axis): the cap; major = sqrt(8^2 + 16^2),
     * LOD log2(sqrt 320 / 16) = 0.1609640. */
    SETUP(((float[2][3]){ { 8, 0, 0 }, { 16, 0, 0 } }), 7, 16.0, 0.1609640);
    /* Garbage bits above the 3-bit field are ignored. */
    SETUP(((float[2][3]){ { 64, 0, 0 }, { 0, 1, 0 } }), 0xFB, 8.0, 3.0);
}

/* No ellipse: the isotropic LOD (§2.2.1.1, smp_lod_from_grad) and ratio 1. */
TEST(aniso_setup_fallbacks)
{
    smp_aniso a;
    const float zero[2][3] = { { 0 } };
    setup(2, 7, zero, &a);
    CHECK(a.ratio == 1.0f && a.lod == -INFINITY);
    /* 1D: rho = max(|du/dx|, |du/dy|) = 8 */
    const float d1[2][3] = { { 8, 0, 0 }, { 2, 0, 0 } };
    setup(1, 7, d1, &a);
    CHECK(a.ratio == 1.0f && a.lod == 3.0f);
    /* 3D: not supported anisotropically; the isotropic LOD of u, v, r */
    const float d3[2][3] = { { 1, 0, 0 }, { 0, 0, 16 } };
    setup(3, 7, d3, &a);
    CHECK(a.ratio == 1.0f && a.lod == 4.0f);
    /* NaN and Inf: ratio 1, and the shape the filters see is a point */
    const float bad[3][2][3] = { { { NAN, 0, 0 }, { 0, 1, 0 } },
                                 { { INFINITY, 0, 0 }, { 0, 1, 0 } },
                                 { { 1, -INFINITY, 0 }, { 0, NAN, 0 } } };
    for (unsigned i = 0; i < 3; i++) {
        setup(2, 7, bad[i], &a);
        CHECK(a.ratio == 1.0f);
        CHECK(a.d[0][0] == 0 && a.d[0][1] == 0 && a.d[1][0] == 0 && a.d[1][1] == 0);
    }
    /* Huge but finite: no overflow into NaN */
    const float huge[2][3] = { { 3e38f, 0, 0 }, { 0, 1e-30f, 0 } };
    setup(2, 7, huge, &a);
    CHECK(a.ratio == 16.0f);
    CHECK(NEAR(a.lod, log2(3e38 / 16), 1e-3));
}

static void check_probes(int line, float ratio, unsigned n, const float *off, const float *wt)
{
    float o[SMP_ANISO_MAX_PROBES], w[SMP_ANISO_MAX_PROBES];
    unsigned got = smp_aniso_probes(ratio, o, w);
    CHECKF(got == n, "line %d: ratio %g: %u probes, want %u", line, ratio, got, n);
    for (unsigned i = 0; i < n && i < got; i++)
        CHECKF(NEAR(o[i], off[i], 1e-6) && NEAR(w[i], wt[i], 1e-6),
               "line %d: ratio %g probe %u: at %g weight %g, want %g %g", line, ratio, i, o[i],
               w[i], off[i], wt[i]);
}
#define PROBES(r, n, ...) do { \
        static const float ow_[2][n] = __VA_ARGS__; \
        check_probes(__LINE__, r, n, ow_[0], ow_[1]); } while (0)

TEST(aniso_probe_layout)
{
    /* Ratio 1: both probes at the centre, half each (plain bilinear). */
    PROBES(1.0f, 2, { { 0, 0 }, { 0.5f, 0.5f } });
    /* (1, 2]: two probes whose texels end at the footprint's ends. */
    PROBES(1.5f, 2, { { -0.25f, 0.25f }, { 0.5f, 0.5f } });
    PROBES(2.0f, 2, { { -0.5f, 0.5f }, { 0.5f, 0.5f } });
    /* 3: four ways; interior at +-0.5 weigh 1/3, the ends (3 - 2)/2 / 3 = 1/6 at +-1. */
    PROBES(3.0f, 4, { { -1, -0.5f, 0.5f, 1 }, { 1 / 6.0f, 1 / 3.0f, 1 / 3.0f, 1 / 6.0f } });
    PROBES(4.0f, 4, { { -1.5f, -0.5f, 0.5f, 1.5f }, { 0.25f, 0.25f, 0.25f, 0.25f } });
    /* 5: six ways, ends (5 - 4)/2 / 5 = 0.1 at +-2 */
    PROBES(5.0f, 6, { { -2, -1.5f, -0.5f, 0.5f, 1.5f, 2 },
                      { 0.1f, 0.2f, 0.2f, 0.2f, 0.2f, 0.1f } });
    PROBES(16.0f, 16, { { -7.5f, -6.5f, -5.5f, -4.5f, -3.5f, -2.5f, -1.5f, -0.5f,
                          0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f },
                        { 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f,
                          0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f,
                          0.0625f, 0.0625f } });
    /* Out of range: clamped to [1, 16]. */
    PROBES(100.0f, 16, { { -7.5f, -6.5f, -5.5f, -4.5f, -3.5f, -2.5f, -1.5f, -0.5f,
                           0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f },
                         { 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f,
                           0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f, 0.0625f,
                           0.0625f, 0.0625f } });
    PROBES(0.25f, 2, { { 0, 0 }, { 0.5f, 0.5f } });
}

/* Probe count is the even ceiling of the ratio; weights sum to 1, are
 * symmetric, and the filter's moments move continuously with the ratio
 * (across each even ratio, where the count steps by two). */
TEST(aniso_probe_counts_sums_continuity)
{
    for (float r = 1.0f; r <= 16.0f; r += 0.125f) {
        float o[SMP_ANISO_MAX_PROBES], w[SMP_ANISO_MAX_PROBES];
        unsigned n = smp_aniso_probes(r, o, w);
        unsigned want = 2 * (unsigned)ceil(r / 2);
        CHECKF(n == want, "ratio %g: %u probes, want %u", r, n, want);
        double sum = 0, m1 = 0, m2 = 0;
        for (unsigned i = 0; i < n; i++)
            sum += w[i], m1 += w[i] * o[i], m2 += w[i] * o[i] * o[i];
        CHECKF(NEAR(sum, 1, 1e-6) && NEAR(m1, 0, 1e-6), "ratio %g: sum %g mean %g", r, sum, m1);
        for (unsigned i = 0; i < n; i++)
            CHECK(w[i] == w[n - 1 - i] && o[i] == -o[n - 1 - i] && w[i] > 0);
        /* the spread (second moment) grows with the ratio */
        float o2[SMP_ANISO_MAX_PROBES], w2[SMP_ANISO_MAX_PROBES];
        unsigned n2 = smp_aniso_probes(r + 1e-3f, o2, w2);
        double s2 = 0;
        for (unsigned i = 0; i < n2; i++)
            s2 += w2[i] * o2[i] * o2[i];
        CHECKF(s2 >= m2 && s2 - m2 < 0.01, "ratio %g: spread %g then %g", r, m2, s2);
    }
}

TEST(ewa_ellipse_and_weights)
{
    static const double one[2] = { 1, 1 };
    smp_ewa e;
    /* No footprint: the unit reconstruction circle. */
    smp_ewa_init((const float[2][3]){ { 0 } }, one, &e);
    CHECK(e.suu == 1 && e.suv == 0 && e.svv == 1 && e.det == 1);
    CHECK(e.half_u == 1 && e.half_v == 1);
    CHECK(NEAR(smp_ewa_weight(&e, 0, 0), 1, 1e-12));
    CHECK(NEAR(smp_ewa_weight(&e, 0.5, 0.5), exp(-1.0), 1e-12));  /* r^2 = 1/2 */
    CHECK(smp_ewa_weight(&e, 1, 0) == 0);             /* the edge is outside */
    CHECK(NEAR(smp_ewa_weight(&e, 0.999, 0), exp(-2 * 0.998001), 1e-12));  /* a cut, not a taper */
    CHECK(smp_ewa_weight(&e, 0, -1.5) == 0);
    /* du/dx = 3: S = [[10, 0], [0, 1]]; (sqrt(10)/2, 0) has r^2 = 1/4. */
    smp_ewa_init((const float[2][3]){ { 3, 0, 0 }, { 0, 0, 0 } }, one, &e);
    CHECK(e.suu == 10 && e.svv == 1 && e.det == 10);
    CHECK(NEAR(smp_ewa_weight(&e, sqrt(10) / 2, 0), exp(-0.5), 1e-12));
    /* Scaled axes: (4, 4) at a level 1/2 x 1/4 of the base: u 2, v 1: S = diag(5, 2). */
    smp_ewa_init((const float[2][3]){ { 4, 0, 0 }, { 0, 4, 0 } }, (const double[2]){ 0.5, 0.25 },
                 &e);
    CHECK(e.suu == 5 && e.svv == 2 && e.suv == 0);
    /* Off-diagonal: d/dx = (1, 1), d/dy = (1, -1): J J^T = 2 I, S = 3 I. */
    smp_ewa_init((const float[2][3]){ { 1, 1, 0 }, { 1, -1, 0 } }, one, &e);
    CHECK(e.suu == 3 && e.svv == 3 && e.suv == 0);
    /* d/dx = (2, 1) only: S = [[5, 2], [2, 2]], det 6; (1, 1): r^2 = (2 - 4 + 5)/6 = 1/2 */
    smp_ewa_init((const float[2][3]){ { 2, 1, 0 }, { 0, 0, 0 } }, one, &e);
    CHECK(e.suu == 5 && e.suv == 2 && e.svv == 2 && e.det == 6);
    CHECK(NEAR(smp_ewa_weight(&e, 1, 1), exp(-1.0), 1e-12));
}

TEST(ewa_weights_symmetric_and_bounded)
{
    static const double one[2] = { 1, 1 };
    for (unsigned k = 0; k < 200; k++) {
        float d[2][3] = { { 0 } };
        for (unsigned i = 0; i < 4; i++)
            d[i / 2][i % 2] = (float)((double)(t_rand() % 20001) / 1000.0 - 10.0);
        smp_ewa e;
        smp_ewa_init((const float(*)[3])d, one, &e);
        for (unsigned i = 0; i < 20; i++) {
            double du = (double)(t_rand() % 2001) / 100.0 - 10, dv = (double)(t_rand() % 2001) / 100.0 - 10;
            double w = smp_ewa_weight(&e, du, dv);
            CHECK(w == smp_ewa_weight(&e, -du, -dv));
            CHECK(w >= 0 && w < 1);
            /* outside the bounding box: nothing */
            if (fabs(du) >= e.half_u || fabs(dv) >= e.half_v)
                CHECK(w == 0);
        }
        /* a texel centre within half a texel of the centre always weighs */
        CHECK(smp_ewa_weight(&e, 0.5, 0.5) > 0 && smp_ewa_weight(&e, -0.5, 0.5) > 0);
    }
    /* Absurd derivatives: the box is capped, the nearest texel still weighs. */
    smp_ewa e;
    smp_ewa_init((const float[2][3]){ { 3e38f, -3e38f, 0 }, { 1e30f, 2e30f, 0 } }, one, &e);
    CHECK(e.half_u <= SMP_EWA_MAX_HALF && e.half_v <= SMP_EWA_MAX_HALF);
    CHECK(smp_ewa_weight(&e, 0.5, 0.5) > 0 && smp_ewa_weight(&e, 0.5, -0.5) > 0);
}

/* ---- the filters on textures ---- */

typedef struct fx {
    t_smp f;
    smp_ctx c;
    smp_level L;
} fx;

/* A w x h R8G8B8A8_UNORM 2D texture (one level) with red = val(x, y) / 255;
 * Min filter anisotropic with algorithm `alg`, Maximum Anisotropy 16:1. */
static void fx_init(fx *x, uint32_t w, uint32_t h, unsigned alg, unsigned (*val)(int, int))
{
    t_smp_init(&x->f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, w, h, 1, 1);
    uint32_t tex[64 * 64];
    for (uint32_t j = 0; j < h; j++)
        for (uint32_t i = 0; i < w; i++)
            tex[j * w + i] = 0xFF000000u | val((int)i, (int)j);
    t_smp_fill(&x->f, 0, 0, tex);
    x->f.smp.state.min_mode_filter = x->f.smp.state.mag_mode_filter = MAPFILTER_ANISOTROPIC;
    x->f.smp.state.anisotropic_algorithm = alg;
    x->f.smp.state.maximum_anisotropy = 7;
    CHECK_EQ(smp_ctx_init(&x->c, x->f.gpu, &x->f.tex, &x->f.smp, G7SF_OP_SAMPLE), 0);
    x->L = (smp_level){ .lod = 0, .size = { w, h, 1 }, .slice = 0 };
}

/* The red channel of the filter at p with derivatives d. */
static float fx_red(fx *x, float pu, float pv, const float d[2][3])
{
    smp_aniso a;
    smp_aniso_setup(&x->c, d, &a);
    float acc[4] = { 0, 0, 0, 0 };
    smp_aniso_filter(&x->c, &x->L, (const float[3]){ pu, pv, 0 }, &a, 1.0f, acc);
    return acc[0];
}

static unsigned v_const(int i, int j) { (void)i, (void)j; return 0x80; }
static unsigned v_rows(int i, int j) { (void)i; return (unsigned)(j * j * 3) & 0xFF; }
static unsigned v_step(int i, int j) { (void)j; return i >= 8 ? 0xFF : 0; }
static unsigned v_step_v(int i, int j) { (void)i; return j >= 8 ? 0xFF : 0; }
static unsigned v_noise(int i, int j) { return (unsigned)(i * 37 + j * 101 + i * j * 13) & 0xFF; }
static unsigned v_impulse(int i, int j) { return i == 8 && j == 8 ? 0xFF : 0; }

static const float derivs[][2][3] = {
    { { 1, 0, 0 }, { 0, 1, 0 } }, { { 8, 0, 0 }, { 0, 1, 0 } }, { { 3, 3, 0 }, { -1, 1, 0 } },
    { { 4, 0, 0 }, { 4, 1, 0 } }, { { 100, 7, 0 }, { 0.5f, -3, 0 } }, { { 0, 0, 0 }, { 0, 0, 0 } },
    { { 0.2f, 5, 0 }, { 0, 0.1f, 0 } },
};

TEST(aniso_constant_texture_stays_constant)
{
    for (unsigned alg = LEGACY; alg <= EWA; alg++) {
        fx x;
        fx_init(&x, 16, 16, alg, v_const);
        for (unsigned k = 0; k < sizeof derivs / sizeof derivs[0]; k++)
            for (unsigned i = 0; i < 8; i++) {
                float pu = (float)(t_rand() % 4096) / 128.0f - 8, pv = (float)(t_rand() % 4096) / 128.0f - 8;
                float r = fx_red(&x, pu, pv, derivs[k]);
                CHECKF(NEAR(r, 128 / 255.0, 1e-6), "alg %u derivs %u at (%g,%g): %g", alg, k, pu,
                       pv, r);
            }
        t_smp_fini(&x.f);
    }
}

/* Rows vary (red = 3 j^2), columns do not; the footprint's major axis runs
 * along u: every probe sees what bilinear sees at p.  p = (6.3, 5.25):
 * rows 4 and 5 (centres 4.5, 5.5), weights 1/4, 3/4:
 * (48 * 64 + 75 * 192) / 256 = 68.25. */
TEST(aniso_legacy_minor_axis_variation_is_bilinear)
{
    fx x;
    fx_init(&x, 16, 16, LEGACY, v_rows);
    const float d[2][3] = { { 6, 0, 0 }, { 0, 1, 0 } };
    CHECK(NEAR(fx_red(&x, 6.3f, 5.25f, d), 68.25 / 255, 1e-6));
    const float d2[2][3] = { { -16, 0, 0 }, { 0, 1.5f, 0 } };
    CHECK(NEAR(fx_red(&x, 9.0f, 5.25f, d2), 68.25 / 255, 1e-6));
    t_smp_fini(&x.f);
}

/* Ratio 1: exactly the bilinear filter at p.  p = (5.75, 9.5) on the noise
 * texture: texels (5, 9) and (6, 9) (centres 5.5, 6.5) weigh 3/4, 1/4:
 * red(5, 9) = (185 + 909 + 585) & 255 = 143, red(6, 9) = (222 + 909 + 702)
 * & 255 = 41: (143 * 192 + 41 * 64) / 256 = 117.5. */
TEST(aniso_legacy_isotropic_is_bilinear)
{
    fx x;
    fx_init(&x, 16, 16, LEGACY, v_noise);
    const float iso[2][3] = { { 1.5f, 0, 0 }, { 0, 1.5f, 0 } };
    CHECK(NEAR(fx_red(&x, 5.75f, 9.5f, iso), 117.5 / 255, 1e-6));
    /* and anywhere else, rotated derivatives: what MAPFILTER_LINEAR gives */
    const float rot[2][3] = { { 0.6f, 0.8f, 0 }, { -0.8f, 0.6f, 0 } };
    for (unsigned i = 0; i < 50; i++) {
        float p[3] = { (float)(t_rand() % 4096) / 128.0f - 8, (float)(t_rand() % 4096) / 128.0f - 8, 0 };
        float lin[4] = { 0, 0, 0, 0 };
        smp_linear(&x.c, &x.L, p, 1.0f, lin);
        CHECK(NEAR(fx_red(&x, p[0], p[1], rot), lin[0], 1e-6));
    }
    t_smp_fini(&x.f);
}

/* A step (0 left of x = 8, 255 from it) under ratio 3 along u: probes at
 * 8.25 + (-1, -0.5, 0.5, 1) = 7.25, 7.75, 8.75, 9.25 weighing 1/6, 1/3,
 * 1/3, 1/6; bilinear there: 0, 255/4, 255, 255 -> 148.75.  The same along
 * v with the step across rows. */
TEST(aniso_legacy_probes_along_the_major_axis)
{
    fx x;
    fx_init(&x, 16, 16, LEGACY, v_step);
    const float du[2][3] = { { 6, 0, 0 }, { 0, 2, 0 } };
    CHECK(NEAR(fx_red(&x, 8.25f, 4.5f, du), 148.75 / 255, 1e-6));
    /* ratio 2: two probes at 7.75, 8.75, half each: (63.75 + 255) / 2 (bilinear
     * at 8.25 would be 191.25) */
    const float du2[2][3] = { { 4, 0, 0 }, { 0, 2, 0 } };
    CHECK(NEAR(fx_red(&x, 8.25f, 4.5f, du2), 159.375 / 255, 1e-6));
    /* the major axis along v instead: every probe on column 8.25's bilinear */
    const float dv[2][3] = { { 2, 0, 0 }, { 0, 6, 0 } };
    CHECK(NEAR(fx_red(&x, 8.25f, 4.5f, dv), 255 * 0.75 / 255, 1e-6));
    t_smp_fini(&x.f);
    fx_init(&x, 16, 16, LEGACY, v_step_v);
    CHECK(NEAR(fx_red(&x, 4.5f, 8.25f, dv), 148.75 / 255, 1e-6));
    t_smp_fini(&x.f);
}

/* An impulse: EWA's response at p = c + o equals that at c - o. */
TEST(ewa_response_point_symmetric)
{
    fx x;
    fx_init(&x, 16, 16, EWA, v_impulse);
    const float d[2][3] = { { 3, 1, 0 }, { -0.5f, 2, 0 } };
    for (unsigned i = 0; i < 40; i++) {
        float ou = (float)((int)(t_rand() % 1025) - 512) / 256.0f;
        float ov = (float)((int)(t_rand() % 1025) - 512) / 256.0f;
        float a = fx_red(&x, 8.5f + ou, 8.5f + ov, d), b = fx_red(&x, 8.5f - ou, 8.5f - ov, d);
        CHECKF(NEAR(a, b, 1e-6), "offset (%g,%g): %g vs %g", ou, ov, a, b);
    }
    /* at the centre with no footprint: the impulse's weight over the unit
     * circle's texels: centre (r^2 = 0), four at distance 1 (r^2 = 1: 0) */
    const float z[2][3] = { { 0 } };
    CHECK(NEAR(fx_red(&x, 8.5f, 8.5f, z), 1.0, 1e-6));
    /* between four texels: each at r^2 = 1/2, equal: the impulse is a quarter */
    CHECK(NEAR(fx_red(&x, 9.0f, 9.0f, z), 0.25, 1e-6));
    t_smp_fini(&x.f);
}

/* Derivatives come in texels of the first level; at level 1 of a 16x16
 * chain they halve: (2, 2) becomes S = I + I = 2I.  An impulse at level
 * 1's texel (4, 4), p at its centre: the centre weighs 1, its four
 * neighbours (r^2 = 1/2) e^-1 each, the rest nothing. */
TEST(ewa_level_scaling)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 2);
    uint32_t l1[64];
    for (unsigned i = 0; i < 64; i++)
        l1[i] = 0xFF000000u | (i == 4 * 8 + 4 ? 0xFF : 0);
    t_smp_fill(&f, 1, 0, l1);
    f.smp.state.min_mode_filter = MAPFILTER_ANISOTROPIC;
    f.smp.state.anisotropic_algorithm = EWA;
    smp_ctx c;
    CHECK_EQ(smp_ctx_init(&c, f.gpu, &f.tex, &f.smp, G7SF_OP_SAMPLE), 0);
    const smp_level L = { .lod = 1, .size = { 8, 8, 1 }, .slice = 0 };
    const float d[2][3] = { { 2, 0, 0 }, { 0, 2, 0 } };
    smp_aniso a;
    smp_aniso_setup(&c, d, &a);
    float acc[4] = { 0, 0, 0, 0 };
    smp_aniso_filter(&c, &L, (const float[3]){ 4.5f, 4.5f, 0 }, &a, 1.0f, acc);
    double centre = 1, side = exp(-1.0);
    CHECKF(NEAR(acc[0], centre / (centre + 4 * side), 1e-6), "%g", acc[0]);
    t_smp_fini(&f);
}

/* EWA changes little with the footprint: a slightly longer ellipse
 * changes the result slightly (a texel crossing the edge brings its
 * e^-2 share among many). */
TEST(ewa_continuous)
{
    fx x;
    fx_init(&x, 32, 32, EWA, v_noise);
    float prev = 0;
    for (unsigned k = 0; k <= 400; k++) {
        float s = 1.0f + (float)k / 100.0f;
        const float d[2][3] = { { s, 0.3f * s, 0 }, { 0, 1, 0 } };
        float r = fx_red(&x, 16.3f, 15.7f, d);
        if (k)
            CHECKF(NEAR(r, prev, 0.02), "stretch %g: %g after %g", s, r, prev);
        prev = r;
    }
    t_smp_fini(&x.f);
}

/* Through g7sf_sample: a 64x1-texel footprint under 16:1 picks level 2
 * (minor 64/16 = 4) and still returns a constant texture's value. */
TEST(aniso_through_sample_d)
{
    for (unsigned alg = LEGACY; alg <= EWA; alg++) {
        t_smp f;
        t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 7);
        for (unsigned l = 0; l < 7; l++)
            t_smp_fill32(&f, l, 0, 0xFF000000u | (l * 20));
        f.smp.state.min_mode_filter = f.smp.state.mag_mode_filter = MAPFILTER_ANISOTROPIC;
        f.smp.state.mip_mode_filter = 1;   /* MIPFILTER_NEAREST */
        f.smp.state.max_lod = 6 << 8;      /* U4.8 */
        f.smp.state.anisotropic_algorithm = alg;
        f.smp.state.maximum_anisotropy = 7;
        f.args.op = G7SF_OP_SAMPLE_D;
        for (unsigned i = 0; i < 4; i++) {
            t_smp_param(&f, G7SF_PARAM_U, i, 0.3f);
            t_smp_param(&f, G7SF_PARAM_V, i, 0.6f);
            t_smp_param(&f, G7SF_PARAM_DUDX, i, 1.0f);           /* 64 texels */
            t_smp_param(&f, G7SF_PARAM_DVDY, i, 1.0f / 64.0f);   /* 1 texel */
        }
        CHECK_EQ(t_smp_run(&f), 0);
        CHECKF(NEAR(f.res.px[0].f[0], 40 / 255.0, 1e-6), "alg %u: %g", alg, f.res.px[0].f[0]);
        t_smp_fini(&f);
    }
}

/* Absurd positions and derivatives: a defined, finite result, quickly. */
TEST(aniso_absurd_inputs)
{
    static const float pos[][2] = { { NAN, 3 }, { INFINITY, -INFINITY }, { 1e30f, -1e30f },
                                    { 5, 5 } };
    static const float dd[][2][3] = {
        { { 3e38f, 3e38f, 0 }, { -3e38f, 3e38f, 0 } }, { { NAN, 1, 0 }, { 1, 1, 0 } },
        { { INFINITY, 0, 0 }, { 0, 1, 0 } }, { { 1e-38f, 0, 0 }, { 0, 1e-38f, 0 } },
        { { 1e20f, 1, 0 }, { 1, 1e-20f, 0 } } };
    for (unsigned alg = LEGACY; alg <= EWA; alg++) {
        fx x;
        fx_init(&x, 16, 16, alg, v_const);
        for (unsigned i = 0; i < sizeof pos / sizeof pos[0]; i++)
            for (unsigned k = 0; k < sizeof dd / sizeof dd[0]; k++) {
                float r = fx_red(&x, pos[i][0], pos[i][1], dd[k]);
                CHECKF(NEAR(r, 128 / 255.0, 1e-6), "alg %u pos %u derivs %u: %g", alg, i, k, r);
            }
        t_smp_fini(&x.f);
    }
}
