/* TCC, Total Color Control (PRM 001 §3.6.1.4, lines 6586-6740; state
 * DW42-52, lines 7720-7860): a saturation factor per pixel, interpolated by
 * hue between six base colours' factors (SFs1), limited for saturated
 * (SFs2), grey (SFs3) and skin (SFs4) pixels, scales U and V about 2048.
 * Decisions: docs/spec-notes.md, "IECP".
 *
 * Arithmetic.  Every step is kept exact as an integer fraction and the
 * output rounded once, half up:
 *   SFs4 - 1 = (SFs1 - 1) W CLF (256 - STE) / 256          (1)
 * with W the over-saturation weight (MaxColor - UVmax) / MaxColor and CLF
 * the grey limiter, both taken as 1 when SFs1 <= 1 (their cases "SFs2 =
 * SFs1" and "CLF = 1").  Denominators: SFs1 2^23 (U1.7 factors times the
 * U0.16 alpha), W 2^18, CLF 2^(bits + 2), STE 2^8: at most 2^58, so the
 * product (1) is an int64_t and only its product with U needs the split
 * multiply of mul_round. */
#include "iecp_int.h"

/* floor(a q / 2^e + 1/2) for |a| <= 2^12, 0 <= q < 2^59, 29 < e < 63: the
 * one rounding, half up for either sign.  q is split at 2^29 so no
 * partial product exceeds 2^41; for a < 0, floor(-y + 1/2) = -floor((y
 * 2^e + 2^(e-1) - 1) / 2^e) with y = |a| q / 2^e. */
static int64_t mul_round(int64_t a, uint64_t q, int e)
{
    uint64_t m = (uint64_t)(a < 0 ? -a : a);
    uint64_t half = ((uint64_t)1 << (e - 1)) - (a < 0);
    uint64_t lo = m * (q & ((1u << 29) - 1)) + half;
    uint64_t r = (m * (q >> 29) + (lo >> 29)) >> (e - 29);
    return a < 0 ? -(int64_t)r : (int64_t)r;
}

/* SFs1 - 1 in units of 2^-23 for the hue index th (lines 6654-6664). */
static int64_t tcc_sfs1(const g7sf_color_processing_state *s, unsigned th)
{
    /* index i is the PRM's base colour i + 1; the interval i runs from
     * base colour i + 1 to i + 2 with ColorTransitSlope "(i+1)(i+2)" (line
     * 6636: 1/(BaseColor(i+1) - BaseColor(i))) and ColorBias i + 1, the
     * bias of the interval's own first colour as line 6664 subtracts
     * "ColorBias_i" (the defaults agree: Color Transit Slope 23 is twice
     * 1/(BC3 - BC2) with Color Bias 2 = 150/256, a steep transition from
     * red to yellow centred off red). */
    /* each field taken in its width (a structure filled by hand may hold
     * more), which keeps the bounds of (1) */
    const int32_t bc[6] = { (int32_t)(s->base_color_1 & 1023), (int32_t)(s->base_color_2 & 1023),
                            (int32_t)(s->base_color_3 & 1023), (int32_t)(s->base_color_4 & 1023),
                            (int32_t)(s->base_color_5 & 1023), (int32_t)(s->base_color_6 & 1023) };
    const int64_t sf[6] = { s->sat_factor1 & 255, s->sat_factor2 & 255, s->sat_factor3 & 255,
                            s->sat_factor4 & 255, s->sat_factor5 & 255, s->sat_factor6 & 255 };
    const int64_t slope[6] = {
        s->color_transit_slope_12 & 65535, s->color_transit_slope_23 & 65535,
        s->color_transit_slope_34 & 65535, s->color_transit_slope_45 & 65535,
        s->color_transit_slope_56 & 65535, s->color_transit_slope_61 & 65535 };
    const int64_t bias[6] = { s->color_bias_1 & 1023, s->color_bias_2 & 1023,
                              s->color_bias_3 & 1023, s->color_bias_4 & 1023,
                              s->color_bias_5 & 1023, s->color_bias_6 & 1023 };
    /* "theta, which lies in the [theta_Ci, theta_Ci+1] interval" (line
     * 6654): the angles are a circle of 1024, so the interval from base
     * colour 6 wraps to base colour 1 (slope 61, "1/(BC1 - BC6)" with BC1
     * past 1023).  The first interval (1 to 6) holding th, its start
     * included; when none does (all six base colours equal) the last. */
    int i = 5;
    for (int k = 0; k < 6; k++) {
        int32_t span = (bc[(k + 1) % 6] - bc[k]) & 1023;
        if ((((int32_t)th - bc[k]) & 1023) < span) {
            i = k;
            break;
        }
    }
    int j = (i + 1) % 6;
    int64_t d = ((int32_t)th - bc[i]) & 1023;   /* distance from base colour i */
    /* alpha = Min{Max[(theta - BaseColor_i) ColorTransitSlope_i -
     * ColorBias_i, 0], 1} (line 6664): slope U0.16 and bias U2.8 both in
     * units of 2^-16 */
    int64_t alpha = d * slope[i] - bias[i] * 256;
    alpha = alpha < 0 ? 0 : alpha > 65536 ? 65536 : alpha;
    /* SFs1 = (1 - alpha) SatFactor_i + alpha SatFactor_i+1 (line 6658),
     * the factors U1.7 (128 is 1.0) */
    return (65536 - alpha) * sf[i] + alpha * sf[j] - ((int64_t)128 << 16);
}

static void tcc_pixel(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, unsigned score)
{
    int64_t u = (int64_t)p->c[1] - 2048, v = (int64_t)p->c[2] - 2048;
    int64_t d = tcc_sfs1(s, iecp_hue_index((int32_t)u, (int32_t)v));
    /* UVmax = max(|U|, |V|) (line 6672) of 10-bit chroma (line 6592);
     * the pipe's 12 bits hold 4 x the 10-bit value, so the 10-bit
     * thresholds UVMaxColor (448 "in 10bit", line 6672) and UV Threshold
     * are taken x 4 and UVmax keeps its two extra bits: a chroma that is
     * 4 x a 10-bit one gets the 10-bit hardware's factor exactly. */
    int64_t au = u < 0 ? -u : u, av = v < 0 ? -v : v, uvmax = au > av ? au : av;
    int bits = (int)(s->uv_threshold_bits & 7) + 2;
    int64_t w = (int64_t)1 << 18, clf = (int64_t)1 << bits;
    if (d > 0) {
        /* SFs2 (lines 6666-6670): 1 + (SFs1 - 1) (MaxColor - UVmax) /
         * MaxColor, 1 / MaxColor being Inverse UVMax Color (U0.16, line
         * 6672): W = (4 MaxColor - UVmax) Inv / 2^18.  Below 0 it is the
         * case UVmax > UVMaxColor, "SFs2 = 1"; above 1 (an Inverse
         * UVMax Color larger than 1 / UVMaxColor) it is held at 1 so the
         * limiter never boosts beyond SFs1. */
        w = (4 * (int64_t)(s->uvmax_color & 511) - uvmax) * (int64_t)(s->inverse_uvmax_color & 65535);
        w = w < 0 ? 0 : w > ((int64_t)1 << 18) ? (int64_t)1 << 18 : w;
        /* CLF (lines 6688-6698), for SFs2 > 1: 0 at UVmax <= UV_Threshold,
         * (UVmax - UV_Threshold) / 2^UV_Threshold_Bits up to UV_Threshold
         * + 2^UV_Threshold_Bits and, the case the text leaves out, 1
         * beyond, where the ramp reaches 1.  SFs3 = 1 + dSF CLF with dSF =
         * SFs2 - 1 (line 6684; the "2" under it is garbling: halving would
         * halve every boost, not the grey pixels').  SFs2 = 1 (w = 0) makes
         * dSF 0 whatever CLF is. */
        clf = uvmax - 4 * (int64_t)(s->uv_threshold & 127);
        clf = clf < 0 ? 0 : clf > ((int64_t)1 << bits) ? (int64_t)1 << bits : clf;
    }
    /* STE_factor = Min{Max[diff 2^STE_SlopeBits, 0], 255}, diff =
     * (STD_score - STE_Threshold) 2^3 (lines 6708-6714), 256 being 1
     * (line 6716); SFs4 = (128 STE + (256 - STE) SFs3) / 256 (line 6704):
     * 128 is 1.0 in U1.7, so SFs4 - 1 = (SFs3 - 1) (256 - STE) / 256. */
    int64_t ste = ((int64_t)score - (int64_t)(s->ste_threshold & 31)) *
                  ((int64_t)8 << (s->ste_slope_bits & 7));
    ste = ste < 0 ? 0 : ste > 255 ? 255 : ste;
    /* (1): |d| <= 2^23, w <= 2^18, clf <= 2^9, 256 - ste <= 2^8 */
    int64_t q = d * w * clf * (256 - ste);
    int e = 23 + 18 + bits + 8;
    /* U_new = U SF_final, V_new = V SF_final on unbiased chroma, then the
     * zero added back (lines 6726-6738: 512 at 10 bits, 2048 here) */
    for (int c = 1; c <= 2; c++) {
        int64_t x = c == 1 ? u : v;
        int64_t dx = q < 0 ? mul_round(-x, (uint64_t)-q, e) : mul_round(x, (uint64_t)q, e);
        p->c[c] = iecp_clamp12(2048 + x + dx);
    }
}

void iecp_tcc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
              const uint8_t *score, size_t n)
{
    for (size_t k = 0; k < n; k++)
        tcc_pixel(s, &p[k], score ? score[k] : 0);
}
