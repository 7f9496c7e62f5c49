/* MAPFILTER_MONO on MONO8 (§2.2.2.4, L582-599) through g7sf_sample.  The
 * kernel is our reading of the lost figure (docs/spec-notes.md "Sampler
 * operations"): Nu x Nv samples one texel apart centred on the pixel, each
 * a bilinear blend at the fraction beta of the upper-left sample's position
 * u_f = p - Nu/2 (texel-index space), averaged.  Expected intensities are
 * counted by hand from the bit rows below. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "sampler_fixture.h"

enum { MONO = 6, CLAMP_BORDER = 4 };

/* 16x4 texels; texel k of a byte is bit k:
 *   row 0: 0xFF 0x00  texels 0-7 set
 *   row 1: 0x0F 0xF0  texels 0-3 and 12-15 set
 *   row 2: 0xAA 0x55  texels 1, 3, 5, 7, 8, 10, 12, 14 set
 *   row 3: 0x00 0xFF  texels 8-15 set */
static void mono_texture(t_smp *f)
{
    static const uint8_t bits[4][2] = { { 0xFF, 0x00 }, { 0x0F, 0xF0 }, { 0xAA, 0x55 },
                                        { 0x00, 0xFF } };
    t_smp_init(f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8_UNORM, 16, 4, 1, 1);
    /* laid out from RENDER_SURFACE_STATE, as a driver would describe it */
    g7sf_render_surface_state ss;
    memset(&ss, 0, sizeof ss);
    ss.surface_type = G7SF_SURFTYPE_2D;
    ss.surface_format = G7SF_FORMAT_MONO8;
    ss.width = 15, ss.height = 3, ss.surface_pitch = 63;
    ss.surface_base_address = T_TEX_BASE;
    CHECK_EQ(g7sf_surface_from_state(&ss, &f->tex.surf), 0);
    f->tex.format = G7SF_FORMAT_MONO8;
    CHECK_EQ(g7sf_surface_write_linear(f->gpu, &f->tex.surf, 0, 0, bits, 2), 0);
    t_smp_address(f, CLAMP_BORDER);
    f->smp.state.min_mode_filter = f->smp.state.mag_mode_filter = MONO;
}

/* sample_l at LOD 0 of each texel-space position (x[i], y[i]) with an
 * Nu x Nv kernel; checks the intensity in all four channels. */
static void check_mono(unsigned nu, unsigned nv, unsigned n, const float *x, const float *y,
                       const float *want, int line)
{
    t_smp f;
    mono_texture(&f);
    f.smp.mono_width = nu, f.smp.mono_height = nv;
    t_smp_op(&f, G7SF_OP_SAMPLE_L, 8, n);
    for (unsigned i = 0; i < n; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, x[i] / 16.0f);
        t_smp_param(&f, G7SF_PARAM_V, i, y[i] / 4.0f);
    }
    int err = t_smp_run(&f);
    if (err)
        t_fail(__FILE__, line, "g7sf_sample: %d", err);
    for (unsigned i = 0; i < n && !err; i++)
        for (unsigned k = 0; k < 4; k++)
            if (fabsf(f.res.px[i].f[k] - want[i]) > 1e-6f)
                t_fail(__FILE__, line, "%ux%u at (%g, %g) ch %u: got %g, want %g", nu, nv,
                       x[i], y[i], k, f.res.px[i].f[k], want[i]);
    t_smp_fini(&f);
}
#define CHECK_MONO(nu, nv, x, y, want)                                                    \
    check_mono(nu, nv, sizeof(x) / sizeof(x[0]), x, y, want, __LINE__)

TEST(mono_1x1_is_bilinear)
{
    /* texel centres read the texel; (7.75, 0.5): 3/4 of texel 7 (1) and 1/4
     * of texel 8 (0) */
    static const float x[] = { 3.5f, 4.5f, 10.5f, 7.75f, 8.0f };
    static const float y[] = { 1.5f, 1.5f, 2.5f, 0.5f, 3.0f };
    /* (8.0, 3.0): texels 7, 8 of rows 2 and 3 at 1/4 each: 1 + 1 + 0 + 1 */
    static const float want[] = { 1.0f, 0.0f, 1.0f, 0.75f, 0.75f };
    CHECK_MONO(1, 1, x, y, want);
    /* field value 0 is not allowed; it acts as 1 */
    CHECK_MONO(0, 0, x, y, want);
}

TEST(mono_kernels)
{
    /* 3x3 at (1.5, 1.5): texels 0-2 of rows 0-2: 3 + 3 + 1 = 7 of 9 */
    static const float x1[] = { 1.5f }, y1[] = { 1.5f }, w1[] = { 7.0f / 9.0f };
    CHECK_MONO(3, 3, x1, y1, w1);
    /* 2x2 at the corner (8, 2): texels 7, 8 of rows 1 and 2: 0 0 1 1 */
    static const float x2[] = { 8.0f }, y2[] = { 2.0f }, w2[] = { 0.5f };
    CHECK_MONO(2, 2, x2, y2, w2);
    /* 2x1 at (8.25, 0.5): u_f = 7.25, texels 7 (3/4), 8 (1), 9 (1/4) of row
     * 0 = 1, 0, 0: 0.75 / 2 */
    static const float x3[] = { 8.25f }, y3[] = { 0.5f }, w3[] = { 0.375f };
    CHECK_MONO(2, 1, x3, y3, w3);
    /* 6x5 (the PRM's example size) at (8, 2): u_f = 5, v_f = -0.5: columns
     * 5-10 (beta_u 0) of rows -1..4 at beta_v 1/2: rows -1 and 4 (border,
     * 0) weigh 1/2, rows 0-3 weigh 1.  Row 0: 5,6,7 -> 3; row 1: none; row
     * 2: 5,7,8,10 -> 4; row 3: 8,9,10 -> 3.  10 / 30 */
    static const float x4[] = { 8.0f }, y4[] = { 2.0f }, w4[] = { 10.0f / 30.0f };
    CHECK_MONO(6, 5, x4, y4, w4);
}

TEST(mono_border_is_zero)
{
    /* 3x3 at (0.5, 0.5): columns and rows -1..1; inside: texels 0, 1 of rows
     * 0 and 1, all set: 4 of 9.  At (16.5, 4.5): columns 15-17, rows 3-5;
     * only texel (15, 3) is inside, and set: 1 of 9 */
    static const float x[] = { 0.5f, 16.5f }, y[] = { 0.5f, 4.5f };
    static const float want[] = { 4.0f / 9.0f, 1.0f / 9.0f };
    CHECK_MONO(3, 3, x, y, want);
}

TEST(mono_filter_needs_mono8)
{
    t_smp f;
    mono_texture(&f);
    t_smp_op(&f, G7SF_OP_SAMPLE_L, 8, 1);
    CHECK_EQ(t_smp_run(&f), 0);
    f.tex.format = G7SF_FORMAT_R8_UNORM;
    CHECK_EQ(t_smp_run(&f), G7SF_ESTATE);
    t_smp_fini(&f);
}
