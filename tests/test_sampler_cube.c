/* Cube maps: face selection, face coordinates and their derivatives
 * (smp_cube_map), and TEXCOORDMODE_CUBE face crossing (smp_cube_cross).
 * Expected values are worked out by hand from OpenGL 4.5 table 8.19. */
#include <math.h>
#include <stdint.h>

#include "harness.h"
#include "sampler/smp.h"
#include "sampler_fixture.h"

enum { PX, NX, PY, NY, PZ, NZ };
enum { CLAMP_MODE = 2, CUBE_MODE = 3 };     /* TEXCOORDMODE_* */

static const float no_ddir[2][3];

static void check_map(int line, float x, float y, float z, unsigned want_face, float want_s,
                      float want_t)
{
    float dir[3] = { x, y, z }, st[2], dst[2][2];
    unsigned face = 99;
    smp_cube_map(dir, no_ddir, &face, st, dst);
    CHECKF(face == want_face && st[0] == want_s && st[1] == want_t,
           "line %d: (%g,%g,%g): face %u st (%g,%g), want %u (%g,%g)", line, x, y, z,
           face, st[0], st[1], want_face, want_s, want_t);
}
#define MAP(x, y, z, f, s, t) check_map(__LINE__, x, y, z, f, s, t)

/* One direction per face: s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2. */
TEST(cube_map_faces)
{
    MAP(2, 0.5f, -1, PX, 0.75f, 0.375f);      /* sc = -rz = 1, tc = -ry = -0.5 */
    MAP(-4, 1, 2, NX, 0.75f, 0.375f);         /* sc = rz = 2, tc = -ry = -1 */
    MAP(1, 2, -1, PY, 0.75f, 0.25f);          /* sc = rx = 1, tc = rz = -1 */
    MAP(1, -2, -1, NY, 0.75f, 0.75f);         /* sc = rx = 1, tc = -rz = 1 */
    MAP(0.5f, 1, 2, PZ, 0.625f, 0.25f);       /* sc = rx, tc = -ry */
    MAP(0.5f, 1, -2, NZ, 0.375f, 0.25f);      /* sc = -rx, tc = -ry */
    /* Already divided by the major component (what the PRM says the shader
     * sends): the corners of a face. */
    MAP(1, 1, 1, PZ, 1.0f, 0.0f);
    MAP(-1, -1, -1, NZ, 1.0f, 1.0f);
}

/* Equal magnitudes: Z over Y over X, whatever the signs. */
TEST(cube_map_ties)
{
    MAP(1, 1, 1, PZ, 1.0f, 0.0f);
    MAP(-3, 3, -3, NZ, 1.0f, 0.0f);
    MAP(1, 1, 0, PY, 1.0f, 0.5f);
    MAP(-1, -1, 0.5f, NY, 0.0f, 0.25f);
    MAP(2, 0, -2, NZ, 0.0f, 0.5f);
    MAP(-2, 0.5f, 2, PZ, 0.0f, 0.375f);
}

/* No direction: a defined face and the face centre, never NaN. */
TEST(cube_map_degenerate)
{
    float dd[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
    const float bad[][3] = { { 0, 0, 0 }, { NAN, 1, 0 }, { NAN, NAN, NAN },
                             { INFINITY, INFINITY, 0 }, { 0, -0.0f, 0 } };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        float st[2], dst[2][2];
        unsigned face = 99;
        smp_cube_map(bad[i], dd, &face, st, dst);
        CHECKF(face < 6 && st[0] == 0.5f && st[1] == 0.5f, "case %u: face %u st %g %g", i,
               face, st[0], st[1]);
        CHECK(dst[0][0] == 0 && dst[0][1] == 0 && dst[1][0] == 0 && dst[1][1] == 0);
    }
    float st[2], dst[2][2];
    unsigned face;
    smp_cube_map((const float[3]){ 0, 0, 0 }, dd, &face, st, dst);
    CHECK_EQ(face, PZ);
    /* An infinite major axis with finite minor ones: the limit, the centre. */
    smp_cube_map((const float[3]){ -INFINITY, 1, 2 }, dd, &face, st, dst);
    CHECK_EQ(face, NX);
    CHECK(st[0] == 0.5f && st[1] == 0.5f);
    /* A tiny major axis: the quotient rule's ma^2 does not overflow into NaN. */
    smp_cube_map((const float[3]){ 1e-30f, 0, 0 }, dd, &face, st, dst);
    CHECK_EQ(face, PX);
    CHECK(!isnan(dst[0][0]) && !isnan(dst[1][1]));
}

/* ds = (dsc |ma| - sc d|ma|) / (2 ma^2), worked out by hand. */
TEST(cube_map_derivatives)
{
    float st[2], dst[2][2];
    unsigned face;
    /* +Z, dir (0.5, 1, 2): s = (rx/rz + 1)/2, t = (-ry/rz + 1)/2.
     * d/dx moves rx by 1: ds = 1/(2*2) = 0.25, dt = 0.
     * d/dy moves rz by 1: ds = -rx/(2 rz^2) = -1/16, dt = ry/(2 rz^2) = 1/8. */
    const float dd1[2][3] = { { 1, 0, 0 }, { 0, 0, 1 } };
    smp_cube_map((const float[3]){ 0.5f, 1, 2 }, dd1, &face, st, dst);
    CHECK_EQ(face, PZ);
    CHECK(dst[0][0] == 0.25f && dst[0][1] == 0.0f);
    CHECK(dst[1][0] == -0.0625f && dst[1][1] == 0.125f);
    /* -X, dir (-4, 1, 2): s = (rz/-rx + 1)/2, t = (ry/rx + 1)/2.
     * d/dx moves rx by 1 (|ma| shrinks): ds = rz/(2 rx^2) = 1/16,
     * dt = -ry/(2 rx^2) = -1/32.  d/dy moves ry by 2: ds = 0, dt = 2/(2 rx) = -1/4. */
    const float dd2[2][3] = { { 1, 0, 0 }, { 0, 2, 0 } };
    smp_cube_map((const float[3]){ -4, 1, 2 }, dd2, &face, st, dst);
    CHECK_EQ(face, NX);
    CHECK(dst[0][0] == 0.0625f && dst[0][1] == -0.03125f);
    CHECK(dst[1][0] == 0.0f && dst[1][1] == -0.25f);
    /* -Y, dir (1, -2, -1): sc = rx, tc = -rz, |ma| = -ry.  d/dx moves ry by
     * -1 (|ma| grows by 1): ds = -sc/(2 ma^2) = -1/8, dt = -tc/(2 ma^2) = -1/8. */
    const float dd3[2][3] = { { 0, -1, 0 }, { 0, 0, 0 } };
    smp_cube_map((const float[3]){ 1, -2, -1 }, dd3, &face, st, dst);
    CHECK_EQ(face, NY);
    CHECK(dst[0][0] == -0.125f && dst[0][1] == -0.125f);
}

/* ---- TEXCOORDMODE_CUBE ---- */

static void check_cross(int line, unsigned face, int64_t x, int64_t y, unsigned want_face,
                        int64_t want_x, int64_t want_y)
{
    /* the third cube of an array view from slice 0, and of one whose
     * Minimum Array Element is 1 (its faces count from there) */
    for (uint32_t first = 0; first < 2; first++) {
        uint32_t slice = first + 6 * 2 + face;
        int64_t cx = x, cy = y;
        bool ok = smp_cube_cross(4, first, &cx, &cy, &slice);
        CHECKF(ok && slice == first + 6 * 2 + want_face && cx == want_x && cy == want_y,
               "line %d, first slice %u: got %d face %u (%" PRId64 ",%" PRId64 "), want face "
               "%u (%" PRId64 ",%" PRId64 ")", line, first, ok, slice - 12 - first, cx, cy,
               want_face, want_x, want_y);
    }
}
#define CROSS(f, x, y, g, x2, y2) check_cross(__LINE__, f, x, y, g, x2, y2)

/* Each of the 12 edges crossed from both sides, on a 4x4 face, one texel
 * out at position 1 along the edge (not symmetric, so a flipped edge
 * shows).  Worked out by placing the texel centre on the extended face
 * plane (sc or tc = -1.25 or 1.25) and reading table 8.19 backwards. */
TEST(cube_cross_edges)
{
    CROSS(PX, -1, 1, PZ, 3, 1);  CROSS(PX, 4, 1, NZ, 0, 1);
    CROSS(PX, 1, -1, PY, 3, 2);  CROSS(PX, 1, 4, NY, 3, 1);
    CROSS(NX, -1, 1, NZ, 3, 1);  CROSS(NX, 4, 1, PZ, 0, 1);
    CROSS(NX, 1, -1, PY, 0, 1);  CROSS(NX, 1, 4, NY, 0, 2);
    CROSS(PY, -1, 1, NX, 1, 0);  CROSS(PY, 4, 1, PX, 2, 0);
    CROSS(PY, 1, -1, NZ, 2, 0);  CROSS(PY, 1, 4, PZ, 1, 0);
    CROSS(NY, -1, 1, NX, 2, 3);  CROSS(NY, 4, 1, PX, 1, 3);
    CROSS(NY, 1, -1, PZ, 1, 3);  CROSS(NY, 1, 4, NZ, 2, 3);
    CROSS(PZ, -1, 1, NX, 3, 1);  CROSS(PZ, 4, 1, PX, 0, 1);
    CROSS(PZ, 1, -1, PY, 1, 3);  CROSS(PZ, 1, 4, NY, 1, 0);
    CROSS(NZ, -1, 1, PX, 3, 1);  CROSS(NZ, 4, 1, NX, 0, 1);
    CROSS(NZ, 1, -1, PY, 2, 0);  CROSS(NZ, 1, 4, NY, 2, 3);
}

/* Further out: the face unfolds (k texels past the edge -> row k-1 of the
 * neighbour), then stops at the neighbour's far row. */
TEST(cube_cross_deep)
{
    CROSS(PX, -2, 1, PZ, 2, 1);
    CROSS(PX, -4, 1, PZ, 0, 1);
    CROSS(PX, -100, 1, PZ, 0, 1);
    CROSS(PZ, 1, INT64_MIN, PY, 1, 0);
    CROSS(PZ, INT64_MAX, 2, PX, 3, 2);
}

/* Texel (i, j) of face f, n x n, as a unit direction (table 8.19 inverted;
 * sc, tc may lie outside [-1, 1] for texels past an edge). */
static void texel_dir(unsigned f, int n, int i, int j, double d[3])
{
    double sc = (2.0 * i + 1 - n) / n, tc = (2.0 * j + 1 - n) / n;
    switch (f) {
    case PX: d[0] = 1;   d[1] = -tc; d[2] = -sc; break;
    case NX: d[0] = -1;  d[1] = -tc; d[2] = sc;  break;
    case PY: d[0] = sc;  d[1] = 1;   d[2] = tc;  break;
    case NY: d[0] = sc;  d[1] = -1;  d[2] = -tc; break;
    case PZ: d[0] = sc;  d[1] = -tc; d[2] = 1;   break;
    default: d[0] = -sc; d[1] = -tc; d[2] = -1;  break;
    }
    double l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    d[0] /= l, d[1] /= l, d[2] /= l;
}

/* For every texel just outside every edge of every face: the crossed-to
 * texel is the one whose centre direction is nearest (largest cosine). */
TEST(cube_cross_nearest)
{
    for (int n = 1; n <= 6; n++)
        for (unsigned f = 0; f < 6; f++)
            for (int e = 0; e < 4; e++)
                for (int pos = 0; pos < n; pos++) {
                    int x = e == 0 ? -1 : e == 1 ? n : pos;
                    int y = e == 2 ? -1 : e == 3 ? n : pos;
                    double d[3], c[3], best = -2;
                    unsigned bf = 0;
                    int bi = 0, bj = 0;
                    texel_dir(f, n, x, y, d);
                    for (unsigned g = 0; g < 6; g++)
                        for (int j = 0; j < n; j++)
                            for (int i = 0; i < n; i++) {
                                texel_dir(g, n, i, j, c);
                                double cs = d[0] * c[0] + d[1] * c[1] + d[2] * c[2];
                                if (cs > best)
                                    best = cs, bf = g, bi = i, bj = j;
                            }
                    int64_t X = x, Y = y;
                    uint32_t slice = f;
                    bool ok = smp_cube_cross((uint32_t)n, 0, &X, &Y, &slice);
                    CHECKF(ok && slice == bf && X == bi && Y == bj,
                           "n %d face %u (%d,%d): got face %u (%" PRId64 ",%" PRId64
                           "), nearest face %u (%d,%d)", n, f, x, y, slice, X, Y, bf, bi, bj);
                }
}

TEST(cube_cross_inside_and_corners)
{
    int64_t x = 2, y = 3;
    uint32_t slice = 5;
    CHECK(smp_cube_cross(4, 0, &x, &y, &slice));
    CHECK(x == 2 && y == 3 && slice == 5);
    const int64_t corners[][2] = { { -1, -1 }, { 4, -1 }, { -1, 4 }, { 4, 4 },
                                   { INT64_MIN, INT64_MAX } };
    for (unsigned i = 0; i < 5; i++) {
        x = corners[i][0], y = corners[i][1], slice = 7;
        CHECK(!smp_cube_cross(4, 0, &x, &y, &slice));
        CHECK(x == corners[i][0] && y == corners[i][1] && slice == 7);
    }
    x = -1, y = 0, slice = 0;
    CHECK(!smp_cube_cross(0, 0, &x, &y, &slice));
}

/* ---- through g7sf_sample ---- */

/* A 4x4 cube, R8G8B8A8_UNORM, red of face f texel (i, j) = 40 f + 4 j + i;
 * LINEAR, all three address modes `mode`; every pixel of the subspan looks
 * along dir (zero derivatives: magnified, level 0). */
static float cube_sample(unsigned mode, float x, float y, float z)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_CUBE, G7SF_FORMAT_R8G8B8A8_UNORM, 4, 4, 6, 1);
    f.tex.cube_face_enables = 0x3F;
    for (uint32_t face = 0; face < 6; face++) {
        uint32_t tex[16];
        for (uint32_t t = 0; t < 16; t++)
            tex[t] = 0xFF000000u | (40 * face + t);
        t_smp_fill(&f, 0, face, tex);
    }
    g7sf_sampler_state *ss = &f.smp.state;
    ss->mag_mode_filter = ss->min_mode_filter = 1;
    ss->u_address_mag_rounding = ss->v_address_mag_rounding = ss->r_address_mag_rounding = 1;
    ss->tcx_address_control_mode = ss->tcy_address_control_mode = mode;
    ss->tcz_address_control_mode = mode;
    for (unsigned i = 0; i < 4; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, x);
        t_smp_param(&f, G7SF_PARAM_V, i, y);
        t_smp_param(&f, G7SF_PARAM_R, i, z);
    }
    CHECK_EQ(t_smp_run(&f), 0);
    float r = f.res.px[0].f[0];
    t_smp_fini(&f);
    return r;
}

/* dir (1, 0.25, 0.875) is on +X at s = 1/16, t = 3/8: texel position
 * (0.25, 1.5), between texel -1 (weight 1/4) and 0 (3/4) of row 1.
 * TEXCOORDMODE_CUBE: texel -1 is +Z (3, 1), red 167; texel 0 is 4:
 * 3/4 * 4 + 1/4 * 167 = 44.75.  CLAMP: both are texel 0, 4. */
TEST(cube_sample_across_an_edge)
{
    CHECK(fabsf(cube_sample(CUBE_MODE, 1, 0.25f, 0.875f) - 44.75f / 255) < 1e-6f);
    CHECK(fabsf(cube_sample(CLAMP_MODE, 1, 0.25f, 0.875f) - 4.0f / 255) < 1e-6f);
}

/* dir (1, 0.875, 0.875): +X at texel position (0.25, 0.25): (0, 0) weighs
 * 9/16 (red 0); (0, -1) 3/16 -> +Y (3, 3), red 95; (-1, 0) 3/16 -> +Z
 * (3, 0), red 163; the corner (-1, -1) 1/16 is the mean of the three
 * texels meeting there, (0 + 95 + 163) / 3 = 86:
 * 3/16 * (95 + 163) + 1/16 * 86 = 53.75. */
TEST(cube_sample_at_a_corner)
{
    CHECK(fabsf(cube_sample(CUBE_MODE, 1, 0.875f, 0.875f) - 53.75f / 255) < 1e-6f);
}

/* The corner's mean is a filter step: shadow compare (a prefilter) acts on
 * the three texels before it.  R32_FLOAT cube, all 0 except +Y (3, 3) and
 * +Z (3, 0), 1.0; ref 0.5, GREATER (0.0 where texel > ref).  The geometry
 * of cube_sample_at_a_corner: (0, 0) 9/16 -> 1; (0, -1) and (-1, 0) 3/16
 * each -> 0; the corner 1/16 -> (1 + 0 + 0) / 3.  Sum 9/16 + 1/48 = 7/12
 * (comparing the mean 2/3 instead would give 9/16). */
TEST(cube_corner_compares_before_the_mean)
{
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_CUBE, G7SF_FORMAT_R32_FLOAT, 4, 4, 6, 1);
    f.tex.cube_face_enables = 0x3F;
    for (uint32_t face = 0; face < 6; face++)
        t_smp_fill32(&f, 0, face, 0);
    uint32_t py[16] = { 0 }, pz[16] = { 0 };
    py[4 * 3 + 3] = pz[4 * 0 + 3] = 0x3F800000u;   /* 1.0f */
    t_smp_fill(&f, 0, PY, py);
    t_smp_fill(&f, 0, PZ, pz);
    g7sf_sampler_state *ss = &f.smp.state;
    ss->mag_mode_filter = ss->min_mode_filter = 1;
    ss->u_address_mag_rounding = ss->v_address_mag_rounding = ss->r_address_mag_rounding = 1;
    ss->shadow_function = 5;   /* PREFILTEROP_GREATER */
    t_smp_address(&f, CUBE_MODE);
    t_smp_op(&f, G7SF_OP_SAMPLE_C, 4, 4);
    for (unsigned i = 0; i < 4; i++) {
        t_smp_param(&f, G7SF_PARAM_REF, i, 0.5f);
        t_smp_param(&f, G7SF_PARAM_U, i, 1.0f);
        t_smp_param(&f, G7SF_PARAM_V, i, 0.875f);
        t_smp_param(&f, G7SF_PARAM_R, i, 0.875f);
    }
    CHECK_EQ(t_smp_run(&f), 0);
    CHECKF(fabsf(f.res.px[0].f[0] - 7.0f / 12) < 1e-6f, "%g", f.res.px[0].f[0]);
    t_smp_fini(&f);
}
