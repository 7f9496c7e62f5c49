/* MAPFILTER_ANISOTROPIC (§2.2.2.3): LEGACY (bilinear probes along the major
 * axis) and EWA (Heckbert's elliptical weighted average, Gaussian).  The
 * footprint of a pixel is the ellipse J J^T of its texel-space derivatives
 * (J's columns d/dx, d/dy); its semi-axes are J's singular values. */
#include <math.h>

#include "aniso.h"
#include "smp.h"

/* J J^T of the (u, v) derivatives, axes scaled, and det J. */
typedef struct footprint { double uu, uv, vv, det; } footprint;

static footprint footprint_of(const float d[2][3], const double scale[2])
{
    double ux = d[0][0] * scale[0], vx = d[0][1] * scale[1];
    double uy = d[1][0] * scale[0], vy = d[1][1] * scale[1];
    return (footprint){ ux * ux + uy * uy, ux * vx + uy * vy, vx * vx + vy * vy,
                        ux * vy - uy * vx };
}

/* The major semi-axis (largest singular value) and its unit direction. */
static double major_axis(const footprint *m, double dir[2])
{
    double h = 0.5 * (m->uu - m->vv);
    double l1 = 0.5 * (m->uu + m->vv) + hypot(h, m->uv);
    /* The eigenvector of l1, from the better-conditioned row. */
    double x = h >= 0 ? l1 - m->vv : m->uv, y = h >= 0 ? m->uv : l1 - m->uu;
    double n = hypot(x, y);
    dir[0] = n > 0 ? x / n : 1;     /* a circle: any direction */
    dir[1] = n > 0 ? y / n : 0;
    return sqrt(l1);
}

static bool finite_grad(const float d[2][3])
{
    return isfinite(d[0][0]) && isfinite(d[0][1]) && isfinite(d[1][0]) && isfinite(d[1][1]);
}

void smp_aniso_setup(const smp_ctx *c, const float d[2][3], smp_aniso *out)
{
    static const double one[2] = { 1, 1 };
    double dir[2], major = 0, minor = 0;
    bool aniso = c->dims == 2 && finite_grad(d);

    for (unsigned k = 0; k < 2; k++)
        for (unsigned a = 0; a < 3; a++)
            out->d[k][a] = aniso ? d[k][a] : 0.0f;
    if (aniso) {
        footprint m = footprint_of(d, one);
        major = major_axis(&m, dir);
        minor = major > 0 ? fabs(m.det) / major : 0;
    }
    /* 1D and 3D have no minor axis to speak of, NaN/Inf derivatives no
     * ellipse, a point no axes: the isotropic LOD, one probe. */
    if (!(major > 0)) {
        out->lod = smp_lod_from_grad(d, c->dims);
        out->ratio = 1.0f;
        return;
    }
    double cap = 2.0 * (c->smp->state.maximum_anisotropy & 7) + 2;
    double ratio = minor * cap > major ? fmax(major / minor, 1.0) : cap;
    out->ratio = (float)ratio;
    out->lod = (float)log2(major / ratio);
}

unsigned smp_aniso_probes(float ratio, float off[SMP_ANISO_MAX_PROBES],
                          float wt[SMP_ANISO_MAX_PROBES])
{
    ratio = fmaxf(1.0f, fminf(ratio, SMP_ANISO_MAX_PROBES));
    unsigned ways = 2 * (unsigned)ceilf(0.5f * ratio);
    /* Interior probes one texel apart, each standing for one texel of the
     * ratio-texel footprint; the two ends share what is left, (ratio -
     * (ways - 2)) / 2 each, and sit where their texel ends at the
     * footprint's end.  Continuous in ratio: at ratio = ways - 2 the ends
     * weigh 0; at ratio 1 both probes are at the centre (plain bilinear). */
    float end = 0.5f * (ratio - 1), end_wt = 0.5f * (ratio - (float)(ways - 2)) / ratio;
    for (unsigned i = 0; i < ways; i++) {
        off[i] = (float)i - 0.5f * (float)(ways - 1);
        wt[i] = 1.0f / ratio;
    }
    off[0] = -end, off[ways - 1] = end;
    wt[0] = wt[ways - 1] = end_wt;
    return ways;
}

void smp_ewa_init(const float d[2][3], const double scale[2], smp_ewa *e)
{
    /* NaN or infinite derivatives (reaching here when only the
     * magnification filter is anisotropic, or the message gives the LOD)
     * describe no ellipse: a point, the reconstruction filter alone.  Left
     * in, they turned the row bounds into NaN casts to int64_t. */
    static const float point[2][3];
    footprint m = footprint_of(finite_grad(d) ? d : point, scale);
    double big = fmax(m.uu, m.vv), lim = SMP_EWA_MAX_HALF * SMP_EWA_MAX_HALF - 1;
    /* Shrink the footprint (not the reconstruction filter) so that the
     * ellipse's box stays within SMP_EWA_MAX_HALF: bounded work, and the
     * texel nearest the centre (r^2 <= 1/2) always has weight. */
    double k = big > lim ? lim / big : 1;
    e->suu = k * m.uu + 1;
    e->suv = k * m.uv;
    e->svv = k * m.vv + 1;
    e->det = e->suu * e->svv - e->suv * e->suv;
    e->half_u = sqrt(e->suu);
    e->half_v = sqrt(e->svv);
}

double smp_ewa_weight(const smp_ewa *e, double du, double dv)
{
    double r2 = (e->svv * du * du - 2 * e->suv * du * dv + e->suu * dv * dv) / e->det;
    return r2 < 1 ? exp(-2 * r2) : 0;
}

/* Floor of a fixed-point coordinate and its fraction in texels: the loops
 * run on small offsets, exact however far out p lies. */
static int64_t split_fixed(int64_t f, double *frac)
{
    int64_t i = f / SMP_SUB_ONE - (f % SMP_SUB_ONE < 0);
    *frac = (double)(f - i * SMP_SUB_ONE) / SMP_SUB_ONE;
    return i;
}

/* Texel centres inside the ellipse around p (fixed point, texels): each
 * row's span solved from the quadratic, so only texels that weigh are
 * fetched.  The texel nearest p always weighs (see smp_ewa_init). */
static void ewa_filter(smp_ctx *c, const smp_level *L, const int64_t p[2], const smp_ewa *e,
                       float w, float acc[4])
{
    double fu, fv;
    int64_t iu = split_fixed(p[0], &fu), iv = split_fixed(p[1], &fv);
    double sum[4] = { 0, 0, 0, 0 }, den = 0;
    int64_t j0 = (int64_t)ceil(fv - e->half_v - 0.5), j1 = (int64_t)floor(fv + e->half_v - 0.5);
    for (int64_t j = j0; j <= j1; j++) {
        double dv = (double)j + 0.5 - fv;
        double span = sqrt(fmax(e->det * (e->svv - dv * dv), 0)) / e->svv;
        double mid = fu + e->suv * dv / e->svv;
        int64_t i0 = (int64_t)ceil(mid - span - 0.5), i1 = (int64_t)floor(mid + span - 0.5);
        float row[4] = { 0, 0, 0, 0 };     /* float per row, double across: thousands of taps */
        for (int64_t i = i0; i <= i1; i++) {
            double wt = smp_ewa_weight(e, (double)i + 0.5 - fu, dv);
            if (wt > 0 && c->reduce) {   /* min/max: every tap of the ellipse */
                smp_tap(c, L, iu + i, iv + j, 0, w, acc);
            } else if (wt > 0) {
                smp_tap(c, L, iu + i, iv + j, 0, (float)wt, row);
                den += (float)wt;
            }
        }
        for (unsigned ch = 0; ch < 4; ch++)
            sum[ch] += row[ch];
    }
    if (c->reduce)
        return;
    for (unsigned ch = 0; ch < 4; ch++)
        acc[ch] += (float)(w * sum[ch] / den);
}

void smp_aniso_direction(const smp_aniso *a, const double scale[2], float dir[2])
{
    footprint m = footprint_of(a->d, scale);
    double d[2];
    major_axis(&m, d);
    dir[0] = (float)d[0], dir[1] = (float)d[1];
}

void smp_aniso_filter(smp_ctx *c, const smp_level *L, const float p[3], const smp_aniso *a,
                      float w, float acc[4])
{
    if (c->dims != 2) {
        smp_linear(c, L, p, w, acc);
        return;
    }
    /* a->d is in texels of the view's first level; L's axes shrink on their
     * own (a 64x1 level chain keeps v). */
    double scale[2] = { (double)L->size[0] / c->base[0], (double)L->size[1] / c->base[1] };

    if (c->smp->state.anisotropic_algorithm == G7SF_ANISO_EWA) {
        smp_ewa e;
        smp_ewa_init(a->d, scale, &e);
        /* The filters' sub-texel grid, which also tames NaN and huge p. */
        int64_t pf[2] = { smp_fixed(p[0], c->round[0]), smp_fixed(p[1], c->round[1]) };
        ewa_filter(c, L, pf, &e, w, acc);
        return;
    }
    if (a->ratio <= 1.0f) {
        smp_linear(c, L, p, w, acc);
        return;
    }
    float dir[2];
    smp_aniso_direction(a, scale, dir);
    float off[SMP_ANISO_MAX_PROBES], wt[SMP_ANISO_MAX_PROBES];
    unsigned n = smp_aniso_probes(a->ratio, off, wt);
    for (unsigned i = 0; i < n; i++) {
        float q[3] = { p[0] + off[i] * dir[0], p[1] + off[i] * dir[1], p[2] };
        smp_linear(c, L, q, w * wt[i], acc);
    }
}
