/* Placeholder until the anisotropic filter lands (issue 5, in progress). */
#include <string.h>

#include "smp.h"

void smp_aniso_setup(const smp_ctx *c, const float d[2][3], smp_aniso *out)
{
    memcpy(out->d, d, sizeof out->d);
    out->lod = smp_lod_from_grad(d, c->dims);
    out->ratio = 1.0f;
}

void smp_aniso_filter(smp_ctx *c, const smp_level *L, const float p[3], const smp_aniso *a,
                      float w, float acc[4])
{
    (void)a;
    smp_linear(c, L, p, w, acc);
}
