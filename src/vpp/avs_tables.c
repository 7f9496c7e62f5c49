/* The AVS filter tables of SAMPLER_8x8_STATE (§2.9, §2.12.4) for a scale
 * ratio, as a video driver computes them: Lanczos-windowed sinc phases,
 * low-passed when downscaling.  The contract (kernel, quantisation, the
 * adaptive defaults) is in include/gen7sf/vpp.h, g7sf_avs_state_for_scale.
 *
 * Decisions:
 *  - Geometry.  Phase i is the filter at beta = i / 32 past texel 3 of the
 *    8-texel footprint; tap j weighs the texel at j - 3 from floor(u), so
 *    its distance from the sample point is x = j - 3 - beta.  Luma uses taps
 *    0..7 with a = 4 (the window covers -4 < x < 4: tap 7 of phase 0 is at
 *    x = 4 and gets 0); chroma the four middle taps 2..5 with a = 2.
 *  - Downscaling.  With ratio r < 1 the kernel is L(x * r): stretched by
 *    1 / r, its cutoff at r times the input's Nyquist frequency.  Its
 *    window then reaches a / r texels, past the 4 (luma) or 2 (chroma) the
 *    table has below 1/2 and 1 resp.: a is narrowed to taps / 2 x r so the
 *    window ends at the last tap.  Cutting the wide window instead measured
 *    2 dB worse on a zone plate halved and doubled (aliasing), and the same
 *    within 0.1 dB on photographs (make quality).  The taps are renormalised
 *    afterwards, so the 1 / r gain of a true stretched kernel does not
 *    matter.  r >= 1 uses L(x) unchanged (no cutoff above the input's).
 *  - Exact zeros.  sinc is 0 at every non-zero integer by definition here
 *    (not sin(pi k) / (pi k), which is 1e-16-ish), and L is evaluated on
 *    |x|: phase 0 at r >= 1 is the identity in double already, and phase 16
 *    (x = +-0.5, +-1.5, ...) gives bit-identical weights to taps j and 7 - j.
 *  - Quantisation.  Each normalised weight times 64, rounded half away from
 *    0 (lround: symmetric in sign, so a symmetric phase stays symmetric),
 *    clamped to its tap's PRM range.  The remainder 64 - sum (at most a few
 *    units) goes one unit at a time onto the largest tap(s), largest by
 *    exact (double) weight: round robin over the taps of exactly equal
 *    largest weight, lowest tap first, then the next largest weight when
 *    those are at the end of their ranges.  The largest taps take it
 *    because their relative error grows least, and ranking by the exact
 *    weight rather than the rounded one puts it on the tap nearest the
 *    sample when rounding makes several equal (downscaling by nearly 16
 *    rounds every luma tap to 8).  In phase 16 the weights come in
 *    bit-identical pairs, the remainder is even, and the centre pair c3, c4
 *    takes half each, so the phase stays symmetric.
 *  - The PRM's ranges (S1.6 raw): table 0 c0, c7 [-16, 16), c1, c6
 *    [-32, 32), c2, c5 [-64, 64), c3, c4 [-128, 128); table 1 c2, c5
 *    [-64, 64), c3, c4 [0, 128).  None binds for ratios in (1/16, 16]
 *    (at 1/16 the stretched luma kernel is nearly flat, 8 per tap), but the
 *    clamp keeps the state packable whatever the kernel.
 *  - The adaptive controls are the values Intel's video drivers program;
 *    everything else in the structure is zero. */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "gen7sf/vpp.h"

#define AVS_ONE 64      /* 1.0 in S1.6 */
#define AVS_PI 3.14159265358979323846

static double sinc(double x)
{
    if (x == 0)
        return 1;
    if (x == nearbyint(x))
        return 0;
    return sin(AVS_PI * x) / (AVS_PI * x);
}

static double lanczos(double x, double a)
{
    x = fabs(x);
    return x < a ? sinc(x) * sinc(x / a) : 0;
}

/* One phase: n taps starting at tap `first` of the 8-tap footprint, ranges
 * lo[k] <= q[k] < hi[k], into q[0..n-1]. */
static void avs_phase(int phase, double ratio, int first, int n, int a,
                      const int *lo, const int *hi, int *q)
{
    double beta = phase / 32.0, s = ratio < 1 ? ratio : 1;
    /* the window narrowed so that the stretched kernel ends within the
     * taps (n / 2 each side): a cut-off window rings */
    double win = n * s / 2.0 < a ? n * s / 2.0 : a;
    double w[8], sum = 0;
    for (int k = 0; k < n; k++) {
        w[k] = lanczos(((first + k - 3) - beta) * s, win);
        sum += w[k];
    }
    int total = 0;
    for (int k = 0; k < n; k++) {
        long v = lround(AVS_ONE * w[k] / sum);
        if (v < lo[k])
            v = lo[k];
        if (v > hi[k] - 1)
            v = hi[k] - 1;
        q[k] = (int)v;
        total += q[k];
    }
    /* the remainder onto the largest taps (by exact weight), tied ones in
     * turn */
    int r = AVS_ONE - total;
    bool done[8] = { false };
    while (r != 0) {
        double best = 0;
        bool any = false;
        for (int k = 0; k < n; k++)
            if (!done[k] && (!any || w[k] > best))
                best = w[k], any = true;
        if (!any)
            break;      /* every range full: cannot happen with these ranges */
        int step = r > 0 ? 1 : -1;
        for (bool moved = true; r != 0 && moved;) {
            moved = false;
            for (int k = 0; k < n && r != 0; k++) {
                if (done[k] || w[k] != best)
                    continue;
                int v = q[k] + step;
                if (v >= lo[k] && v < hi[k]) {
                    q[k] = v;
                    r -= step;
                    moved = true;
                }
            }
        }
        for (int k = 0; k < n; k++)
            if (w[k] == best)
                done[k] = true;
    }
}

static const int luma_lo[8] = { -16, -32, -64, -128, -128, -64, -32, -16 };
static const int luma_hi[8] = { 16, 32, 64, 128, 128, 64, 32, 16 };
static const int chroma_lo[4] = { -64, 0, 0, -64 };
static const int chroma_hi[4] = { 64, 128, 128, 64 };

static bool ratio_ok(double r)
{
    return isfinite(r) && r > 1.0 / 16 && r <= 16;
}

int g7sf_avs_state_for_scale(double ratio_x, double ratio_y, g7sf_sampler_8x8_state *s)
{
    if (!s || !ratio_ok(ratio_x) || !ratio_ok(ratio_y))
        return G7SF_EINVAL;
    memset(s, 0, sizeof *s);
    for (int i = 0; i < G7SF_AVS_PHASES; i++) {
        int q[8];
        avs_phase(i, ratio_x, 0, 8, 4, luma_lo, luma_hi, q);
        s->table_0x_c0[i] = q[0], s->table_0x_c1[i] = q[1];
        s->table_0x_c2[i] = q[2], s->table_0x_c3[i] = q[3];
        s->table_0x_c4[i] = q[4], s->table_0x_c5[i] = q[5];
        s->table_0x_c6[i] = q[6], s->table_0x_c7[i] = q[7];
        avs_phase(i, ratio_y, 0, 8, 4, luma_lo, luma_hi, q);
        s->table_0y_c0[i] = q[0], s->table_0y_c1[i] = q[1];
        s->table_0y_c2[i] = q[2], s->table_0y_c3[i] = q[3];
        s->table_0y_c4[i] = q[4], s->table_0y_c5[i] = q[5];
        s->table_0y_c6[i] = q[6], s->table_0y_c7[i] = q[7];
        avs_phase(i, ratio_x, 2, 4, 2, chroma_lo, chroma_hi, q);
        s->table_1x_c2[i] = q[0], s->table_1x_c3[i] = q[1];
        s->table_1x_c4[i] = q[2], s->table_1x_c5[i] = q[3];
        avs_phase(i, ratio_y, 2, 4, 2, chroma_lo, chroma_hi, q);
        s->table_1y_c2[i] = q[0], s->table_1y_c3[i] = q[1];
        s->table_1y_c4[i] = q[2], s->table_1y_c5[i] = q[3];
    }
    s->default_sharpness_level = 255;
    s->max_derivative_4_pixels = 7;
    s->max_derivative_8_pixels = 20;
    s->transition_area_with_4_pixels = 4;
    s->transition_area_with_8_pixels = 5;
    s->adaptive_filter_for_all_channels = 0;
    s->rgb_adaptive = 0;
    s->bypass_x_adaptive_filtering = 0;
    s->bypass_y_adaptive_filtering = 0;
    return 0;
}
