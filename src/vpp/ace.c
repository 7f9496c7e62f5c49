/* Software's part of ACE (gen7sf/vpp.h, g7sf_vpp_ace_curve): the PRM
 * lists steps 2-10 (lines 6549-6563) without their constants; the ones
 * chosen are in docs/spec-notes.md, "Video pipeline: colour processing". */
#include <math.h>

#include "gen7sf/vpp.h"

enum { LO = 16, HI = 235, POINTS = 12 };

#define SLOPE_MIN 0.5
#define SLOPE_MAX 2.0
#define HISTORY 0.5   /* the previous curve's weight */

/* The previous curve (x increasing) at x, continued by its end segments. */
static double eval(const double *px, const double *py, double x)
{
    int k = 0;
    while (k < POINTS - 2 && x >= px[k + 1])
        k++;
    return py[k] + (py[k + 1] - py[k]) * (x - px[k]) / (px[k + 1] - px[k]);
}

int g7sf_vpp_ace_curve(const uint32_t histogram[256], int strength,
                       g7sf_vpp_ace_history *history, g7sf_color_processing_state *st)
{
    if (!histogram || !st || strength < 0 || strength > 100)
        return G7SF_EINVAL;
    /* step 2: bins limited to 4 x the mean count over the 220 levels */
    double total = 0, lim[256], sum = 0, mean = 0;
    for (int b = 0; b < 256; b++)
        total += histogram[b];
    double cap = total * 4 / (HI - LO + 1);
    cap = cap < 1 ? 1 : cap;
    for (int b = 0; b < 256; b++) {
        lim[b] = histogram[b] < cap ? histogram[b] : cap;
        sum += lim[b];
        mean += b * lim[b];
    }
    /* step 3, 4: the mean and the dark factor */
    mean = sum > 0 ? mean / sum : (LO + HI) / 2.0;
    double dark = (110 - mean) / 50;
    dark = dark < 0 ? 0 : dark > 1 ? 1 : dark;
    /* step 5: anchor inputs at the portions k / 11, integers strictly
     * increasing inside (LO, HI); bin b holds the levels [b, b + 1) */
    double x[POINTS], y[POINTS], below[POINTS];
    x[0] = LO, x[POINTS - 1] = HI;
    int b = 0;
    double cum = 0;
    for (int k = 1; k < POINTS - 1; k++) {
        double want = sum * k / (POINTS - 1), q = LO + (HI - LO) * k / (POINTS - 1.0);
        if (sum > 0) {
            while (b < 255 && cum + lim[b] < want)
                cum += lim[b++];
            q = b + (lim[b] > 0 ? (want - cum) / lim[b] : 0);
        }
        double lo = x[k - 1] + 1, hi = HI - (POINTS - 1 - k);
        q = floor(q + 0.5);
        x[k] = q < lo ? lo : q > hi ? hi : q;
    }
    /* the share of pixels below each anchor */
    for (int k = 0; k < POINTS; k++) {
        double c = 0;
        for (int i = 0; i < (int)x[k]; i++)
            c += lim[i];
        below[k] = sum > 0 ? c / sum : (x[k] - LO) / (HI - LO);
    }
    below[0] = 0, below[POINTS - 1] = 1;
    /* steps 6, 7: outputs of the bright and dark destinations, blended */
    for (int k = 0; k < POINTS; k++)
        y[k] = LO + (HI - LO) * ((1 - dark) * below[k] + dark * pow(below[k], 0.75));
    /* step 8: the slopes limited, rescaled toward reaching HI */
    double s[POINTS - 1];
    for (int k = 0; k < POINTS - 1; k++)
        s[k] = (y[k + 1] - y[k]) / (x[k + 1] - x[k]);
    for (int it = 0; it < 16; it++) {
        double t = 0;
        for (int k = 0; k < POINTS - 1; k++) {
            s[k] = s[k] < SLOPE_MIN ? SLOPE_MIN : s[k] > SLOPE_MAX ? SLOPE_MAX : s[k];
            t += s[k] * (x[k + 1] - x[k]);
        }
        if (fabs(t - (HI - LO)) < 1e-6)
            break;
        for (int k = 0; k < POINTS - 1; k++)
            s[k] *= (HI - LO) / t;
    }
    for (int k = 0; k < POINTS - 1; k++)
        y[k + 1] = y[k] + s[k] * (x[k + 1] - x[k]);
    /* step 9: softened toward the identity; step 10: the history blend */
    double a = strength / 100.0;
    for (int k = 0; k < POINTS; k++) {
        y[k] = x[k] + a * (y[k] - x[k]);
        if (history && history->valid)
            y[k] = (1 - HISTORY) * y[k] + HISTORY * eval(history->x, history->y, x[k]);
    }
    if (history) {
        history->valid = true;
        for (int k = 0; k < POINTS; k++)
            history->x[k] = x[k], history->y[k] = y[k];
    }
    /* the state: points, biases rounded, slopes rounded down */
    uint32_t *pt[POINTS] = { &st->ymin, &st->y1, &st->y2, &st->y3, &st->y4, &st->y5, &st->y6,
                             &st->y7, &st->y8, &st->y9, &st->y10, &st->ymax };
    uint32_t *bias[POINTS] = { NULL, &st->b1, &st->b2, &st->b3, &st->b4, &st->b5, &st->b6,
                               &st->b7, &st->b8, &st->b9, &st->b10, NULL };
    uint32_t *slope[POINTS - 1] = { &st->s0, &st->s1, &st->s2, &st->s3, &st->s4, &st->s5,
                                    &st->s6, &st->s7, &st->s8, &st->s9, &st->s10 };
    long out[POINTS];
    for (int k = 0; k < POINTS; k++) {
        long v = k ? lround(y[k]) : LO;   /* Ymin maps to itself */
        out[k] = v < 0 ? 0 : v > 255 ? 255 : v;
        out[k] = k && out[k] < out[k - 1] ? out[k - 1] : out[k];
        *pt[k] = (uint32_t)x[k];
        if (bias[k])
            *bias[k] = (uint32_t)out[k];
    }
    for (int k = 0; k < POINTS - 1; k++) {
        double v = floor(1024.0 * (double)(out[k + 1] - out[k]) / (x[k + 1] - x[k]));
        *slope[k] = (uint32_t)(v > 2047 ? 2047 : v);
    }
    st->ace_enable = 1;
    return 0;
}
