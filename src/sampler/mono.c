/* MAPFILTER_MONO (§2.2.2.4, L582-599) on MONO8.  The kernel's formula was a
 * figure and is lost; from the text: Nu x Nv kernel samples one texel apart,
 * centred on the pixel; the upper-left sample's position (u_f, v_f) has
 * integer part T00 and fraction beta.  Each sample is the bilinear blend of
 * its 2x2 texels at beta, and F is their mean: a box of Nu x Nv under the
 * bilinear weights, i.e. over (Nu + 1) x (Nv + 1) texels, edge columns
 * weighted 1 - beta_u and beta_u, inner ones 1 (rows alike).  Details in
 * docs/spec-notes.md "Sampler operations". */
#include "smp.h"

/* A Monochrome Filter Width/Height field: 1-7; 0 (not allowed) acts as 1. */
static unsigned kernel_size(unsigned field)
{
    return field ? (field < 7 ? field : 7) : 1;
}

/* The kernel's first texel index on one axis and beta in 1/SMP_SUB_ONE:
 * sample 0 sits n/2 texels before the centre, in texel-index space
 * (texel centres at +0.5). */
static int64_t kernel_start(float p, bool round, unsigned n, unsigned *beta)
{
    int64_t f = smp_fixed(p, round) - (int64_t)n * (SMP_SUB_ONE / 2);
    *beta = (unsigned)(f & (SMP_SUB_ONE - 1));
    return f >> SMP_SUB_BITS;
}

float smp_mono_filter(smp_ctx *c, const smp_level *L, const float p[3])
{
    const unsigned nu = kernel_size(c->smp->mono_width), nv = kernel_size(c->smp->mono_height);
    unsigned bu, bv;
    const int64_t u0 = kernel_start(p[0], c->round[0], nu, &bu);
    const int64_t v0 = kernel_start(p[1], c->round[1], nv, &bv);
    uint32_t sum = 0;   /* at most 8 * 8 * 256 * 256 */
    for (unsigned j = 0; j <= nv; j++) {
        uint32_t wv = j == 0 ? SMP_SUB_ONE - bv : j == nv ? bv : SMP_SUB_ONE;
        for (unsigned k = 0; k <= nu && wv; k++) {
            uint32_t wu = k == 0 ? SMP_SUB_ONE - bu : k == nu ? bu : SMP_SUB_ONE;
            if (!wu)
                continue;
            g7sf_texel t;
            smp_texel_at(c, L, u0 + k, v0 + j, 0, &t);
            sum += t.f[0] >= 0.5f ? wu * wv : 0;   /* one bit per texel */
        }
    }
    return (float)sum / (float)(nu * nv * SMP_SUB_ONE * SMP_SUB_ONE);
}
