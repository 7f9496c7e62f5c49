/* The render target write's per-pixel coverage from alpha: alpha test,
 * alpha to coverage, alpha to one.  The Windower chapter that defines them
 * is not in the PRM text: GL 4.5 §14.9.3 / §17.3.5 rules, decisions in
 * docs/spec-notes.md "Data port: render target write". */
#include <math.h>

#include "dp.h"

void rt_coverage_prepare(rt_coverage *cv, const g7sf_blend_state *bs, unsigned rt,
                         const g7sf_color_calc_state *cc, unsigned samples)
{
    /* alpha to coverage and alpha to one are multisample operations (GL
     * 4.5 §17.3.3): a single-sample target skips them */
    bool ms = samples > 1;
    *cv = (rt_coverage){
        .samples = samples,
        .alpha_test = bs->alpha_test_enable[rt],
        .alpha_to_coverage = ms && bs->alpha_to_coverage_enable[rt],
        .alpha_to_one = ms && bs->alpha_to_one_enable[rt],
        .alpha_test_func = bs->alpha_test_function[rt],
        .ref_float = cc->alpha_test_format == G7SF_ALPHATEST_FLOAT32,
        .ref_f = cc->alpha_reference_value,
        .ref_unorm8 = cc->alpha_reference_value_unorm8,
    };
}

/* COMPAREFUNCTION_*: `a func ref`, from a three-way comparison (NaN
 * compares unordered: only NOTEQUAL and ALWAYS pass). */
static bool compare(unsigned func, bool lt, bool eq, bool gt)
{
    switch (func) {
    case G7SF_COMPAREFUNCTION_ALWAYS: return true;
    case G7SF_COMPAREFUNCTION_NEVER: return false;
    case G7SF_COMPAREFUNCTION_LESS: return lt;
    case G7SF_COMPAREFUNCTION_EQUAL: return eq;
    case G7SF_COMPAREFUNCTION_LEQUAL: return lt || eq;
    case G7SF_COMPAREFUNCTION_GREATER: return gt;
    case G7SF_COMPAREFUNCTION_NOTEQUAL: return !eq;
    default: return gt || eq;   /* GEQUAL */
    }
}

/* UNORM8 alpha: clamped, rounded to nearest, NaN as 0 (the D3D rule). */
static uint32_t unorm8(float a)
{
    if (!(a > 0.0f))
        return 0;
    return a >= 1.0f ? 255u : (uint32_t)(a * 255.0f + 0.5f);
}

uint32_t rt_coverage_mask(const rt_coverage *cv, float alpha)
{
    uint32_t all = (1u << cv->samples) - 1;
    if (cv->alpha_test) {
        bool pass;
        if (cv->ref_float) {
            pass = compare(cv->alpha_test_func, alpha < cv->ref_f, alpha == cv->ref_f,
                           alpha > cv->ref_f);
        } else {
            uint32_t a8 = unorm8(alpha);
            pass = compare(cv->alpha_test_func, a8 < cv->ref_unorm8, a8 == cv->ref_unorm8,
                           a8 > cv->ref_unorm8);
        }
        if (!pass)
            return 0;
    }
    if (!cv->alpha_to_coverage)
        return all;
    /* samples 0 .. n-1 with n = round(alpha * samples); no dither pattern */
    float n = alpha > 0.0f ? floorf(fminf(alpha, 1.0f) * (float)cv->samples + 0.5f) : 0.0f;
    return (1u << (unsigned)n) - 1;
}
