/* Level of detail (§2.2.1): LOD from gradients, then the bias and clamp
 * pseudocode of §2.2.1.5 and the mip level selection (§2.2.1.5.1). */
#include <math.h>

#include "smp.h"

/* Beyond any level count: keeps infinities out of the integer parts. */
#define SMP_LOD_LIMIT 64.0f

/* fminf / fmaxf without libm calls (~15 per pixel otherwise), for operands
 * never NaN nor -0, where they give the same result: the state terms
 * (conversions of unsigned fields) and the LOD once past quantize's NaN
 * test and the bias added (x + y is -0 only when both are; the bias, an
 * integer times 2^-8, never is). */
static inline float min_n(float a, float b) { return a < b ? a : b; }
static inline float max_n(float a, float b) { return a > b ? a : b; }

static float quantize(float lod)
{
    if (isnan(lod))
        return 0.0f;
    lod = min_n(max_n(lod, -SMP_LOD_LIMIT), SMP_LOD_LIMIT);
    return smp_rintf(lod * (1 << SMP_LOD_BITS)) / (1 << SMP_LOD_BITS);
}

float smp_lod_from_grad(const float d[2][3], unsigned dims)
{
    float len2[2] = { 0.0f, 0.0f };
    for (unsigned j = 0; j < 2; j++)
        for (unsigned k = 0; k < dims; k++)
            len2[j] += d[j][k] * d[j][k];
    /* log2(sqrt(x)) = log2(x) / 2: one square root less per pixel.  fmaxf
     * inline: sums of squares are never -0; a NaN yields the other operand */
    float m = isnan(len2[1]) || len2[0] > len2[1] ? len2[0] : len2[1];
    return 0.5f * log2f(m);
}

static float clamp_n(float v, float lo, float hi)
{
    return max_n(min_n(v, hi), lo);
}

/* Trilinear Filter Quality: a level contributing less than this share is
 * dropped (none under TRIQUAL_FULL).  Value 1 is Haswell's
 * TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER, which no text we have describes: 1/8,
 * the step below MED's 1/4 and LOW's 3/8 (docs/spec-notes.md, "Haswell");
 * on Ivy Bridge it is reserved and read as TRIQUAL_FULL. */
static const float triqual_drop[4] = { [G7SF_TRIQUAL_HIGH_MAG_CLAMP_MIPFILTER] = 0.125f,
                                       [G7SF_TRIQUAL_MED] = 0.25f, [G7SF_TRIQUAL_LOW] = 0.375f };

void smp_lod_prepare(const smp_ctx *c, smp_lodconst *k)
{
    const g7sf_sampler_state *ss = &c->smp->state;
    const g7sf_texture *t = c->tex;
    const float unit = 1.0f / (1 << SMP_LOD_BITS);
    k->bias = (float)ss->texture_lod_bias * unit;       /* S4.8 */
    k->min_lod = (float)ss->min_lod * unit, k->max_lod = (float)ss->max_lod * unit;
    k->base = (float)ss->base_mip_level * 0.5f;          /* U4.1 */
    float mipcnt = (float)t->mip_count;
    k->adj_max = min_n(k->max_lod, mipcnt);
    float adj_min = min_n(k->min_lod, mipcnt);
    float adj_pr_min = (float)t->resource_min_lod * unit - (float)t->surface_min_lod;
    k->adj_min = max_n(adj_min, adj_pr_min);
    k->out_of_bounds = adj_pr_min > mipcnt;
    k->preclamp = ss->lod_preclamp_enable == G7SF_LOD_PRECLAMP_OGL;
    k->mip = ss->mip_mode_filter;
    unsigned q = ss->trilinear_filter_quality & 3;
    k->drop = triqual_drop[q];
    if (k->drop > 0.0f && !g7sf_enum_on(g7sf_en_trilinear_quality, q, c->platform))
        k->drop = 0.0f;   /* a value this platform reserves: TRIQUAL_FULL */
    k->surface_min_lod = t->surface_min_lod;
}

void smp_lod_choose(const smp_lodconst *k, float lod, float bias_param, smp_lodsel *out)
{
    out->out_of_bounds = k->out_of_bounds;
    lod = quantize(lod) + k->bias + quantize(bias_param);
    out->lod_unclamped = lod;
    if (k->preclamp)
        lod = clamp_n(lod, k->min_lod, k->max_lod);
    out->mag = lod - k->base <= 0.0f;
    if (out->mag || k->mip == G7SF_MIPFILTER_NONE) {
        lod = max_n(min_n(0.0f, smp_ceilf(k->adj_max)), smp_floorf(k->adj_min));
    } else if (k->mip == G7SF_MIPFILTER_NEAREST) {
        lod = smp_floorf(clamp_n(lod, k->adj_min, k->adj_max) + 0.5f);
    } else {                                /* G7SF_MIPFILTER_LINEAR (and reserved 2) */
        lod = clamp_n(lod, k->adj_min, k->adj_max);
    }
    out->lod_clamped = lod;
    float l0 = smp_floorf(lod);
    out->beta = lod - l0;
    if (out->beta > 0.0f && out->beta < k->drop)
        out->beta = 0.0f;
    else if (out->beta > 1.0f - k->drop)
        l0 += 1.0f, out->beta = 0.0f;
    /* Negative only when Resource Min LOD lies below Surface Min LOD and
     * Min LOD is 0: no level lies below the view's first */
    if (l0 < 0.0f)
        l0 = 0.0f, out->beta = 0.0f;
    out->lod0 = k->surface_min_lod + (unsigned)l0;
    out->lod1 = out->lod0 + (out->beta > 0.0f);
}

void smp_lod_select(const smp_ctx *c, float lod, float bias_param, smp_lodsel *out)
{
    smp_lodconst k;
    smp_lod_prepare(c, &k);
    smp_lod_choose(&k, lod, bias_param, out);
}
