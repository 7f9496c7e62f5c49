/* Internal to aniso.c: the pure geometry of MAPFILTER_ANISOTROPIC (probe
 * layout, EWA ellipse), apart from texel fetching so that it can be tested
 * on its own. */
#ifndef G7SF_SAMPLER_ANISO_H
#define G7SF_SAMPLER_ANISO_H

/* Maximum Anisotropy 7: 16:1, 16 probes. */
#define SMP_ANISO_MAX_PROBES 16

/* LEGACY: the probes for `ratio` (clamped to [1, 16]): offsets along the
 * major axis in texels and weights summing to 1.  Returns their number,
 * "ways", the even integer with ways - 2 < ratio <= ways. */
unsigned smp_aniso_probes(float ratio, float off[SMP_ANISO_MAX_PROBES],
                          float wt[SMP_ANISO_MAX_PROBES]);

/* EWA: the ellipse of texel-space derivatives d (d[k][0..1] = d(u,v)/dk),
 * axes scaled by scale[0..1], convolved with a unit reconstruction filter:
 * covariance S = J J^T + I (J capped so that neither half-width passes
 * SMP_EWA_MAX_HALF texels), det = |S|. */
#define SMP_EWA_MAX_HALF 32.0
typedef struct smp_ewa {
    double suu, suv, svv, det;
    double half_u, half_v;     /* half-widths of its bounding box, sqrt(suu), sqrt(svv) */
} smp_ewa;
void smp_ewa_init(const float d[2][3], const double scale[2], smp_ewa *e);
/* The weight of a texel centre at (du, dv) from the filter centre:
 * Heckbert's Gaussian exp(-2 r^2) inside the ellipse (r < 1), 0 outside. */
double smp_ewa_weight(const smp_ewa *e, double du, double dv);

#endif
