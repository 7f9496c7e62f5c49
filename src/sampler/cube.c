/* Cube maps: face selection (§2.1.2) and TEXCOORDMODE_CUBE face crossing
 * (§2.2.3.6).  Face orientation is OpenGL 4.5 table 8.19 (= D3D). */
#include <math.h>

#include "smp.h"

/* Per face (enum g7sf_cube_face): which direction component becomes sc and
 * tc, and with which sign.  The major axis is face / 2, negative for odd
 * faces. */
static const struct { uint8_t s_axis, t_axis; int8_t s_sign, t_sign; } face_axes[6] = {
    [G7SF_CUBE_POS_X] = { 2, 1, -1, -1 },   /* sc = -rz, tc = -ry */
    [G7SF_CUBE_NEG_X] = { 2, 1, +1, -1 },   /* sc = +rz, tc = -ry */
    [G7SF_CUBE_POS_Y] = { 0, 2, +1, +1 },   /* sc = +rx, tc = +rz */
    [G7SF_CUBE_NEG_Y] = { 0, 2, +1, -1 },   /* sc = +rx, tc = -rz */
    [G7SF_CUBE_POS_Z] = { 0, 1, +1, -1 },   /* sc = +rx, tc = -ry */
    [G7SF_CUBE_NEG_Z] = { 0, 1, -1, -1 },   /* sc = -rx, tc = -ry */
};

void smp_cube_map(const float dir[3], const float ddir[2][3], unsigned *face, float st[2],
                  float dst[2][2])
{
    float ax = fabsf(dir[0]), ay = fabsf(dir[1]), az = fabsf(dir[2]);
    /* Ties: Z over Y over X (as D3D asks); NaN components lose. */
    unsigned axis = az >= fmaxf(ax, ay) ? 2 : ay >= ax ? 1 : 0;
    unsigned f = 2 * axis + (dir[axis] < 0);
    int sign = f & 1 ? -1 : 1;
    unsigned sa = face_axes[f].s_axis, ta = face_axes[f].t_axis;
    /* Double: a tiny |ma| must not overflow the quotient rule's ma^2. */
    double ma = fabs((double)dir[axis]);
    double sc = face_axes[f].s_sign * (double)dir[sa];
    double tc = face_axes[f].t_sign * (double)dir[ta];
    bool ok = ma > 0 && isfinite(ma);

    *face = f;
    /* |sc|, |tc| <= ma, so s and t land in [0, 1]; a zero or infinite ma
     * (or NaN) gives the face centre and no derivatives. */
    double s = ok ? 0.5 * (sc / ma + 1) : 0.5, t = ok ? 0.5 * (tc / ma + 1) : 0.5;
    st[0] = !isnan(s) ? (float)s : 0.5f;
    st[1] = !isnan(t) ? (float)t : 0.5f;
    for (unsigned k = 0; k < 2; k++) {
        /* d(sc/ma) = (dsc * ma - sc * dma) / ma^2, with dma = d|ma|. */
        double dma = sign * (double)ddir[k][axis];
        double dsc = face_axes[f].s_sign * (double)ddir[k][sa];
        double dtc = face_axes[f].t_sign * (double)ddir[k][ta];
        dst[k][0] = ok ? (float)(0.5 * (dsc * ma - sc * dma) / (ma * ma)) : 0.0f;
        dst[k][1] = ok ? (float)(0.5 * (dtc * ma - tc * dma) / (ma * ma)) : 0.0f;
    }
}

/* Texel (i, j) of an n x n face sits on the cube of half-size n (integer
 * units of half a texel): major component +-n, the face coordinates
 * 2i + 1 - n and 2j + 1 - n along the s and t axes.  A texel k rows past an
 * edge has |component| = n + 2k - 1 on that axis; folding it over the edge
 * (that component to +-n, the major one to +-(n - 2k + 1)) lands on the
 * k-th row of the adjacent face, the same distance along the edge. */
bool smp_cube_cross(uint32_t n, uint32_t first, int64_t *x, int64_t *y, uint32_t *slice)
{
    if (n == 0)
        return false;
    bool ox = *x < 0 || *x >= n, oy = *y < 0 || *y >= n;
    if (!ox && !oy)
        return true;
    if (ox && oy)
        return false;                   /* a corner: the caller clamps */

    int64_t N = n;
    /* Beyond the whole adjacent face: its far row. */
    int64_t i = *x < -N ? -N : *x > 2 * N - 1 ? 2 * N - 1 : *x;
    int64_t j = *y < -N ? -N : *y > 2 * N - 1 ? 2 * N - 1 : *y;
    unsigned f = smp_cube_face(*slice, first), ma = f / 2;
    int64_t P[3];
    P[ma] = f & 1 ? -N : N;
    P[face_axes[f].s_axis] = face_axes[f].s_sign * (2 * i + 1 - N);
    P[face_axes[f].t_axis] = face_axes[f].t_sign * (2 * j + 1 - N);

    unsigned a = ox ? face_axes[f].s_axis : face_axes[f].t_axis;
    int64_t over = P[a] < 0 ? -P[a] : P[a];     /* n + 2k - 1 */
    P[ma] = (f & 1 ? -1 : 1) * (2 * N - over);
    P[a] = P[a] < 0 ? -N : N;
    unsigned g = 2 * a + (P[a] < 0);

    *x = (face_axes[g].s_sign * P[face_axes[g].s_axis] + N - 1) / 2;
    *y = (face_axes[g].t_sign * P[face_axes[g].t_axis] + N - 1) / 2;
    *slice = *slice - f + g;
    return true;
}
