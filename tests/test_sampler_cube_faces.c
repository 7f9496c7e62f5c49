/* Cube Face Enables (RENDER_SURFACE_STATE DW0 5:0, PRM L2163-2177): a
 * disabled face "is represented by the texture map's border color".  Every
 * test runs on Ivy Bridge and Haswell.  Expected values are worked out by
 * hand in the comments from OpenGL 4.5 table 8.19 (face selection, as
 * test_sampler_cube.c) and the bilinear weights of §2.2.2. */
#include <math.h>
#include <stdint.h>

#include "harness.h"
#include "sampler_fixture.h"

enum { PX, NX, PY, NY, PZ, NZ };
enum { CLAMP_MODE = 2, CUBE_MODE = 3 };     /* TEXCOORDMODE_* */

/* Cube Face Enables bit of each face: bit 5 -X, 4 +X, 3 -Y, 2 +Y, 1 -Z,
 * 0 +Z (L2173-2178). */
static const unsigned face_bit[6] = { [PX] = 4, [NX] = 5, [PY] = 2, [NY] = 3,
                                      [PZ] = 0, [NZ] = 1 };

/* The border colour (DX10/OGL mode: the four floats as programmed), none
 * of whose channels a texel below has (texels: blue 0, alpha 1). */
static const float border[4] = { 1.0f, 0.0f, 0.5f, 0.25f };

/* A 4x4 R8G8B8A8_UNORM cube on `platform`: texel (i, j) of face f has red
 * 40 f + 4 j + i, green and blue 0, alpha 255; Cube Face Enables `enables`;
 * NEAREST or LINEAR (`linear`), address mode `mode` on all axes, mag
 * rounding on; n = 8 pixels, op `op`. */
static void cube_init(t_smp *f, unsigned platform, unsigned enables, unsigned mode, bool linear,
                      unsigned op)
{
    t_smp_init(f, G7SF_SURFTYPE_CUBE, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 4, 6, 1);
    g7sf_gpu_destroy(f->gpu);   /* memory is still empty: swap in the platform's */
    f->gpu = g7sf_gpu_create_ex(&(g7sf_gpu_options){ .platform = platform });
    f->tex.cube_face_enables = enables;
    for (uint32_t face = 0; face < 6; face++) {
        uint32_t tex[16];
        for (uint32_t t = 0; t < 16; t++)
            tex[t] = 0xFF000000u | (40 * face + t);
        t_smp_fill(f, 0, face, tex);
    }
    g7sf_sampler_state *ss = &f->smp.state;
    ss->mag_mode_filter = ss->min_mode_filter = linear ? 1 : 0;
    ss->u_address_mag_rounding = ss->v_address_mag_rounding = ss->r_address_mag_rounding = 1;
    ss->texture_border_color_mode = 0;   /* DX10/OGL */
    f->smp.border.border_color_red = border[0];
    f->smp.border.border_color_green = border[1];
    f->smp.border.border_color_blue = border[2];
    f->smp.border.border_color_alpha = border[3];
    t_smp_address(f, mode);
    t_smp_op(f, op, 8, 1);
}

static void set_dir(t_smp *f, unsigned i, const float d[3])
{
    t_smp_param(f, G7SF_PARAM_U, i, d[0]);
    t_smp_param(f, G7SF_PARAM_V, i, d[1]);
    t_smp_param(f, G7SF_PARAM_R, i, d[2]);
}

static bool near(float got, double want)
{
    return fabs((double)got - want) < 1e-6;
}

static void check_px(int line, const t_smp *f, unsigned i, double r, double g, double b,
                     double a)
{
    const float *p = f->res.px[i].f;
    CHECKF(near(p[0], r) && near(p[1], g) && near(p[2], b) && near(p[3], a),
           "line %d px %u: (%g %g %g %g), want (%g %g %g %g)", line, i, p[0], p[1], p[2],
           p[3], r, g, b, a);
}
#define PX_IS(f, i, r, g, b, a) check_px(__LINE__, f, i, r, g, b, a)

/* One direction per face at face coordinates s = 0.625, t = 0.375
 * (sc/|ma| = 0.25, tc/|ma| = -0.25 by table 8.19: +X sc = -rz, tc = -ry;
 * -X sc = rz, tc = -ry; +Y sc = rx, tc = rz; -Y sc = rx, tc = -rz;
 * +Z sc = rx, tc = -ry; -Z sc = -rx, tc = -ry): texel-space (2.5, 1.5),
 * inside texel (2, 1), red 40 f + 6.  Bilinear there (gather4's
 * footprint) is the 2x2 from (2, 1) with zero weight on the second row
 * and column (1.5 - 0.5 = 1 exactly): gather4 returns red of (2, 2),
 * (3, 2), (3, 1), (2, 1) = 40 f + 10, + 11, + 7, + 6. */
static const float face_dir[6][3] = {
    [PX] = { 1, 0.25f, -0.25f },  [NX] = { -1, 0.25f, 0.25f },
    [PY] = { 0.25f, 1, -0.25f },  [NY] = { 0.25f, -1, 0.25f },
    [PZ] = { 0.25f, 0.25f, 1 },   [NZ] = { -0.25f, 0.25f, -1 },
};

/* Each face disabled in turn, sample_l (LOD 0) NEAREST under CLAMP and
 * CUBE (inside a face the two agree): the direction into the disabled
 * face gives the border colour, the other five their texel. */
TEST(cube_disabled_face_samples_the_border_colour)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++)
        for (unsigned mode = CLAMP_MODE; mode <= CUBE_MODE; mode++)
            for (unsigned off = 0; off < 6; off++) {
                t_smp f;
                cube_init(&f, plat, 0x3F & ~(1u << face_bit[off]), mode, false,
                          G7SF_OP_SAMPLE_L);
                f.args.mask = 0x3F;
                for (unsigned g = 0; g < 6; g++)
                    set_dir(&f, g, face_dir[g]);
                CHECK_EQ(t_smp_run(&f), 0);
                for (unsigned g = 0; g < 6; g++) {
                    if (g == off)
                        PX_IS(&f, g, border[0], border[1], border[2], border[3]);
                    else
                        PX_IS(&f, g, (40.0 * g + 6) / 255, 0, 0, 1);
                }
                t_smp_fini(&f);
            }
}

/* gather4 (red) with each face disabled in turn: all four texels of the
 * disabled face are the border's red, 1.0; the others as face_dir says. */
TEST(cube_disabled_face_gathers_the_border_colour)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++)
        for (unsigned off = 0; off < 6; off++) {
            t_smp f;
            cube_init(&f, plat, 0x3F & ~(1u << face_bit[off]), CLAMP_MODE, true,
                      G7SF_OP_GATHER4);
            f.args.mask = 0x3F;
            for (unsigned g = 0; g < 6; g++)
                set_dir(&f, g, face_dir[g]);
            CHECK_EQ(t_smp_run(&f), 0);
            for (unsigned g = 0; g < 6; g++) {
                double b = 40.0 * g;
                if (g == off)
                    PX_IS(&f, g, 1, 1, 1, 1);
                else
                    PX_IS(&f, g, (b + 10) / 255, (b + 11) / 255, (b + 7) / 255, (b + 6) / 255);
            }
            t_smp_fini(&f);
        }
}

/* All faces enabled: nothing changes (the value of
 * cube_disabled_face_samples_the_border_colour's enabled faces). */
TEST(cube_all_faces_enabled_reads_texels)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        cube_init(&f, plat, 0x3F, CLAMP_MODE, false, G7SF_OP_SAMPLE_L);
        f.args.mask = 0x3F;
        for (unsigned g = 0; g < 6; g++)
            set_dir(&f, g, face_dir[g]);
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned g = 0; g < 6; g++)
            PX_IS(&f, g, (40.0 * g + 6) / 255, 0, 0, 1);
        t_smp_fini(&f);
    }
}

/* A bilinear footprint at +X's edge with +Z: dir (1, 0.25, 0.875) is +X
 * at s = (-0.875 + 1) / 2 = 1/16, t = (-0.25 + 1) / 2 = 3/8, texel-space
 * (0.25, 1.5): texels -1 (weight 1/4) and 0 (3/4) of row 1 (row 2 weighs
 * 0).  Texel 0 is +X (0, 1), red 4.  Texel -1 is past the edge: on the
 * cube of half-size 4 it is (4, 1, 5), folded to (3, 1, 4) on +Z:
 * sc = rx = 3, tc = -ry = -1, i.e. +Z (3, 1), red 167.
 * TEXCOORDMODE_CUBE, +Z disabled: texel -1 is the border colour:
 *   red 3/4 * 4/255 + 1/4 * 1, green 0, blue 1/4 * 0.5,
 *   alpha 3/4 + 1/4 * 0.25.
 * TEXCOORDMODE_CUBE, +X disabled: texel 0 is the border colour:
 *   red 3/4 * 1 + 1/4 * 167/255, green 0, blue 3/4 * 0.5,
 *   alpha 3/4 * 0.25 + 1/4.
 * TEXCOORDMODE_CLAMP: texel -1 clamps to texel 0, so the footprint never
 * leaves +X: +Z disabled changes nothing (red 4/255), +X disabled gives
 * the border colour whole. */
TEST(cube_bilinear_at_an_edge_with_a_disabled_face)
{
    static const float dir[3] = { 1, 0.25f, 0.875f };
    const unsigned no_pz = 0x3F & ~(1u << face_bit[PZ]), no_px = 0x3F & ~(1u << face_bit[PX]);
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        cube_init(&f, plat, no_pz, CUBE_MODE, true, G7SF_OP_SAMPLE_L);
        set_dir(&f, 0, dir);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, 0.75 * 4 / 255 + 0.25, 0, 0.125, 0.75 + 0.0625);
        t_smp_fini(&f);

        cube_init(&f, plat, no_px, CUBE_MODE, true, G7SF_OP_SAMPLE_L);
        set_dir(&f, 0, dir);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, 0.75 + 0.25 * 167 / 255, 0, 0.375, 0.1875 + 0.25);
        t_smp_fini(&f);

        cube_init(&f, plat, no_pz, CLAMP_MODE, true, G7SF_OP_SAMPLE_L);
        set_dir(&f, 0, dir);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, 4.0 / 255, 0, 0, 1);
        t_smp_fini(&f);

        cube_init(&f, plat, no_px, CLAMP_MODE, true, G7SF_OP_SAMPLE_L);
        set_dir(&f, 0, dir);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, border[0], border[1], border[2], border[3]);
        t_smp_fini(&f);
    }
}

/* A corner under TEXCOORDMODE_CUBE with +Y disabled: dir (1, 0.875, 0.875)
 * is +X at texel-space (0.25, 0.25) (test_sampler_cube.c
 * cube_sample_at_a_corner): (0, 0) weighs 9/16, +X red 0; (0, -1) 3/16,
 * +Y (3, 3) -> now the border; (-1, 0) 3/16, +Z (3, 0), red 163; the
 * corner (-1, -1) 1/16, the mean of +X (0, 0), the +Y texel (border) and
 * the +Z texel.
 *   red   = 3/16 * 1 + 3/16 * 163/255 + 1/16 * (0 + 1 + 163/255) / 3
 *         = (3/16 + 1/48) * (1 + 163/255)
 *   green = 0
 *   blue  = 3/16 * 0.5 + 1/16 * 0.5 / 3 = 3/32 + 1/96
 *   alpha = 9/16 + 3/16 * 0.25 + 3/16 + 1/16 * (1 + 0.25 + 1) / 3
 * The same footprint with +X disabled instead: (0, 0) and +X's share of
 * the corner become the border, +Y (3, 3) is red 95:
 *   red   = 9/16 + 3/16 * 95/255 + 3/16 * 163/255
 *           + 1/16 * (1 + 95/255 + 163/255) / 3
 *   blue  = 9/16 * 0.5 + 1/16 * 0.5 / 3
 *   alpha = 9/16 * 0.25 + 3/16 + 3/16 + 1/16 * (0.25 + 1 + 1) / 3 */
TEST(cube_corner_with_a_disabled_face)
{
    static const float dir[3] = { 1, 0.875f, 0.875f };
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        cube_init(&f, plat, 0x3F & ~(1u << face_bit[PY]), CUBE_MODE, true, G7SF_OP_SAMPLE_L);
        set_dir(&f, 0, dir);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, (3.0 / 16 + 1.0 / 48) * (1 + 163.0 / 255), 0, 3.0 / 32 + 1.0 / 96,
              9.0 / 16 + 3.0 / 64 + 3.0 / 16 + 2.25 / 48);
        t_smp_fini(&f);

        cube_init(&f, plat, 0x3F & ~(1u << face_bit[PX]), CUBE_MODE, true, G7SF_OP_SAMPLE_L);
        set_dir(&f, 0, dir);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, 9.0 / 16 + 3.0 / 16 * (95.0 + 163) / 255 + (1 + 258.0 / 255) / 48, 0,
              9.0 / 32 + 0.5 / 48, 9.0 / 64 + 6.0 / 16 + 2.25 / 48);
        t_smp_fini(&f);
    }
}

/* gather4 across +X's edge under TEXCOORDMODE_CUBE with +Z disabled: the
 * footprint of cube_bilinear_at_an_edge_with_a_disabled_face, texels
 * (i0, j0) = (-1, 1).  Red = (-1, 2), green = (0, 2), blue = (0, 1),
 * alpha = (-1, 1) (§2.13.1.4 gather4 order).  (0, 2) and (0, 1) are +X,
 * red 8 and 4; (-1, 2) is +Z (3, 2) and (-1, 1) is +Z (3, 1) (the fold
 * above), both disabled: the border's red, 1.0. */
TEST(cube_gather4_across_an_edge_with_a_disabled_face)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        cube_init(&f, plat, 0x3F & ~(1u << face_bit[PZ]), CUBE_MODE, true, G7SF_OP_GATHER4);
        set_dir(&f, 0, (const float[3]){ 1, 0.25f, 0.875f });
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, 1, 8.0 / 255, 4.0 / 255, 1);
        t_smp_fini(&f);
    }
}

/* sample_c on a disabled face (undefined with DX9 border mode, L4683-4687):
 * the border colour's red is compared as a texel's would be: 1.0 > ref
 * 0.5 holds under GREATER (shadow function 5), so 0.0 in every channel;
 * the enabled face's texel, red 86/255, fails it: 1.0. */
TEST(cube_sample_c_on_a_disabled_face_compares_the_border)
{
    for (unsigned plat = G7SF_IVB; plat <= G7SF_HSW; plat++) {
        t_smp f;
        cube_init(&f, plat, 0x3F & ~(1u << face_bit[NY]), CLAMP_MODE, false,
                  G7SF_OP_SAMPLE_L_C);
        f.smp.state.shadow_function = 5;   /* PREFILTEROP_GREATER */
        f.args.mask = 0x3;
        set_dir(&f, 0, face_dir[NY]);
        set_dir(&f, 1, face_dir[PY]);
        t_smp_param(&f, G7SF_PARAM_REF, 0, 0.5f);
        t_smp_param(&f, G7SF_PARAM_REF, 1, 0.5f);
        CHECK_EQ(t_smp_run(&f), 0);
        PX_IS(&f, 0, 0, 0, 0, 0);   /* border red 1.0 > 0.5 */
        PX_IS(&f, 1, 1, 1, 1, 1);   /* +Y (2, 1): red 86/255 > 0.5 fails */
        t_smp_fini(&f);
    }
}
