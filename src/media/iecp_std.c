/* Skin tone detection and enhancement (gen7sf/iecp.h; PRM 001 §3.6.1.2,
 * lines 6160-6539; state DW0-28).  Everything in integers at the pipe's
 * 12 bits: the chroma about (U_Mid, V_Mid) turned by alpha into Sat and
 * Hue (kept x 128, the S0.7 of Cos/Sin, so nothing is rounded before the
 * factors), the factors floored to 0 .. 31, the enhancement's change
 * rounded once.  Decisions (the lost exponents, the signs, the margins):
 * docs/spec-notes.md, "IECP: skin tone detection and enhancement". */
#include <stdlib.h>

#include "iecp_int.h"

/* One 8-bit level is 16 at 12 bits; Sat and Hue carry Cos/Sin's 2^7 too. */
enum { LEVEL = 16, SH = 16 * 128, FACTOR_MAX = G7SF_IECP_SCORE_MAX };

typedef struct sat_hue {
    int64_t sat, hue;   /* x SH: 2048 is one 8-bit level */
} sat_hue;

/* Lines 6178-6184: shift to the rectangle's middle, then rotate.  Sat =
 * -(Uc cos - Vc sin), Hue = -(Uc sin + Vc cos). */
static sat_hue rotate(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p)
{
    int64_t uc = (int64_t)p->c[1] - LEVEL * (int64_t)s->u_mid;
    int64_t vc = (int64_t)p->c[2] - LEVEL * (int64_t)s->v_mid;
    return (sat_hue){ -(uc * s->cos_alpha - vc * s->sin_alpha),
                      -(uc * s->sin_alpha + vc * s->cos_alpha) };
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t factor(int64_t v) { return v < 0 ? 0 : min64(v, FACTOR_MAX); }

/* Lines 6190-6222: inside the rectangle |Sat| <= Sat Max, |Hue| <= Hue
 * Max, each factor the distance to the edge x 2^(5 - HS Margin) (the
 * text's "2(HS_margin - 5)" lost its superscript and, in the multiplying
 * branch, its minus: the ramp climbs 0 .. 32 over 2^HS_Margin levels, as
 * the rhombus's does) - at 12 bits d >> (HS Margin + 6). */
static int64_t rectangle(const g7sf_color_processing_state *s, sat_hue h)
{
    int64_t ds = (int64_t)s->sat_max * SH - llabs(h.sat), dh = (int64_t)s->hue_max * SH - llabs(h.hue);
    if (ds < 0 || dh < 0)
        return 0;
    unsigned sh = s->hs_margin + 6;
    return min64(factor(ds >> sh), factor(dh >> sh));
}

/* Lines 6226-6262: Dist = |Sat - du| + Alpha |Hue - dv| (Alpha U2.6, so
 * Dist is kept x 64 more); 0 from Diamond Th out, 31 inside Th -
 * 2^Diamond Margin, between (Th - Dist) x 2^(5 - Diamond Margin) - the
 * margin a power of two as HS Margin's, which makes the ramp meet 31 at
 * the inner rhombus (with "Th - Margin" read literally it would jump). */
static int64_t rhombus(const g7sf_color_processing_state *s, sat_hue h)
{
    const int64_t unit = (int64_t)SH * 64;   /* one 8-bit level of Dist */
    int64_t dist = llabs(h.sat - (int64_t)s->diamond_du * SH) * 64 +
                   (int64_t)s->diamond_alpha * llabs(h.hue - (int64_t)s->diamond_dv * SH);
    int64_t th = (int64_t)s->diamond_th * unit, margin = unit << s->diamond_margin;
    if (dist >= th)
        return 0;
    if (dist < th - margin)
        return FACTOR_MAX;
    return factor((th - dist) >> (s->diamond_margin + 12));   /* x 32 / margin */
}

/* Lines 6266-6285: the trapeze in Y over Y_point_1 .. 4 (the text's
 * Point_0 .. 3), slopes U2.3 per 8-bit level. */
static int64_t y_factor(const g7sf_color_processing_state *s, int64_t y)
{
    int64_t p0 = LEVEL * (int64_t)s->y_point_1, p1 = LEVEL * (int64_t)s->y_point_2;
    int64_t p2 = LEVEL * (int64_t)s->y_point_3, p3 = LEVEL * (int64_t)s->y_point_4;
    if (y >= p0 && y < p1)
        return factor(((y - p0) * s->y_slope_1) >> 7);   /* /16 levels, /8 U2.3 */
    if (y >= p1 && y < p2)
        return FACTOR_MAX;
    if (y >= p2 && y < p3)
        return factor(((p3 - y) * s->y_slope_2) >> 7);
    return 0;
}

/* A PWLF of V over Y (lines 6300-6330): 4 points, the bias of each at its
 * point, the slope (S2.8) of the segment from it; below P0 the first
 * segment and beyond P3 the last continue.  V x 256 at 12 bits. */
static int64_t vy_line(const int64_t pt[4], const int64_t bias[4], const int64_t slope[4],
                       int64_t y)
{
    int k = 0;
    while (k < 3 && y >= LEVEL * pt[k + 1])
        k++;
    return LEVEL * bias[k] * 256 + slope[k] * (y - LEVEL * pt[k]);
}

/* Lines 6332-6358: det = (V - lower(Y)) / Margin_VYL and (upper(Y) - V)
 * / Margin_VYU, each clamped to [0, 1] and "reduced to 5 bits" as the
 * other factors: floor(32 det), at most 31; the inverse margins U0.16 per
 * 8-bit level. */
static int64_t vy_factor(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p)
{
    const int64_t pl[4] = { s->p0l, s->p1l, s->p2l, s->p3l }, bl[4] = { s->b0l, s->b1l, s->b2l, s->b3l };
    const int64_t sl[4] = { s->s0l, s->s1l, s->s2l, s->s3l };
    const int64_t pu[4] = { s->p0u, s->p1u, s->p2u, s->p3u }, bu[4] = { s->b0u, s->b1u, s->b2u, s->b3u };
    const int64_t su[4] = { s->s0u, s->s1u, s->s2u, s->s3u };
    int64_t y = p->c[0], v = (int64_t)p->c[2] << 8;
    /* (x 256 V at 12 bits) x U0.16 x 32: >> (8 + 4 + 16 - 5) */
    int64_t lo = (v - vy_line(pl, bl, sl, y)) * (int64_t)s->inverse_margin_vyl >> 23;
    int64_t up = (vy_line(pu, bu, su, y) - v) * (int64_t)s->inverse_margin_vyu >> 23;
    return min64(factor(lo), factor(up));
}

void iecp_std(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p,
              uint8_t *score, size_t n, unsigned flags)
{
    for (size_t i = 0; i < n; i++) {
        sat_hue h = rotate(s, &p[i]);
        int64_t f = min64(rectangle(s, h), rhombus(s, h));
        f = min64(f, y_factor(s, p[i].c[0]));
        if (s->vy_std_enable)
            f = min64(f, vy_factor(s, &p[i]));
        score[i] = (uint8_t)f;
    }
    /* 4:2:2 pairs: one factor for the shared U, V (lines 6124-6126) */
    for (size_t i = 0; flags & G7SF_IECP_PAIRS && i + 1 < n; i += 2)
        score[i] = score[i + 1] = (uint8_t)iecp_pair_combine(s->std_factor_mode, score[i], score[i + 1]);
}

/* The saturation or hue correction PWLF (lines 6392-6446): points
 * -Max, P1, P2, P3 (S6 levels), biases -Max, B1, B2, B3 (S7.2), slopes
 * S0 .. S3 (U3.8); the point Max maps to itself by the restrictions.  x
 * in SH units; the result x 256 more (the slope's 8 bits, nothing
 * rounded). */
typedef struct ste_pwl {
    int64_t pt[4], bias[4], slope[4];
} ste_pwl;

static int64_t pwl(const ste_pwl *f, int64_t x)
{
    int k = 0;
    while (k < 3 && x >= f->pt[k + 1])
        k++;
    return f->bias[k] * 256 + f->slope[k] * (x - f->pt[k]);
}

/* The bright (dark = 0) or dark set's two PWLFs, in SH units (a quarter
 * level of S7.2 is SH / 4). */
static void ste_pwls(const g7sf_color_processing_state *s, bool dark, ste_pwl *sat, ste_pwl *hue)
{
    int64_t smax = (int64_t)s->sat_max * SH, hmax = (int64_t)s->hue_max * SH;
#define SET(f, max, P1, P2, P3, B1, B2, B3, S0, S1, S2, S3)                               \
    *(f) = (ste_pwl){ { -(max), (int64_t)(P1) * SH, (int64_t)(P2) * SH, (int64_t)(P3) * SH }, \
                      { -(max), (int64_t)(B1) * SH / 4, (int64_t)(B2) * SH / 4,               \
                        (int64_t)(B3) * SH / 4 },                                             \
                      { S0, S1, S2, S3 } }
    if (!dark) {
        SET(sat, smax, s->satp1, s->satp2, s->satp3, s->satb1, s->satb2, s->satb3, s->sats0,
            s->sats1, s->sats2, s->sats3);
        SET(hue, hmax, s->huep1, s->huep2, s->huep3, s->hueb1, s->hueb2, s->hueb3, s->hues0,
            s->hues1, s->hues2, s->hues3);
    } else {
        SET(sat, smax, s->satp1_dark, s->satp2_dark, s->satp3_dark, s->satb1_dark, s->satb2_dark,
            s->satb3_dark, s->sats0_dark, s->sats1_dark, s->sats2_dark, s->sats3_dark);
        SET(hue, hmax, s->huep1_dark, s->huep2_dark, s->huep3_dark, s->hueb1_dark,
            s->hueb2_dark, s->hueb3_dark, s->hues0_dark, s->hues1_dark, s->hues2_dark,
            s->hues3_dark);
    }
#undef SET
}

/* Lines 6470-6486: MV dark, x 2^16: 1 below Thresh - Margin, 0 above
 * Thresh + Margin, between (Y_B - Y) x INV_skin_types_margin (U0.16 per
 * level, so / 16 at 12 bits), at most 1. */
static int64_t mv_dark(const g7sf_color_processing_state *s, int64_t y)
{
    int64_t ya = LEVEL * ((int64_t)s->skin_types_thresh - s->skin_types_margin);
    int64_t yb = LEVEL * ((int64_t)s->skin_types_thresh + s->skin_types_margin);
    if (y < ya)
        return 1 << 16;
    if (y > yb)
        return 0;
    return min64(((yb - y) * (int64_t)s->inv_skin_types_margin) >> 4, 1 << 16);
}

/* round(num / den) half up, den > 0 */
static int64_t div_round(int64_t num, int64_t den)
{
    int64_t q = num / den, r = num % den;
    if (r < 0)
        q--, r += den;
    return q + (2 * r >= den);
}

void iecp_ste(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
              const uint8_t *score, size_t n, unsigned flags)
{
    int64_t c = s->cos_alpha, sn = s->sin_alpha, norm = c * c + sn * sn;
    if (!norm)   /* no rotation: Sat and Hue are 0 for every pixel, nothing to change */
        return;
    ste_pwl sat[2], hue[2];
    ste_pwls(s, false, &sat[0], &hue[0]);
    ste_pwls(s, true, &sat[1], &hue[1]);
    bool pairs = flags & G7SF_IECP_PAIRS;
    for (size_t i = 0; i < n; i++) {
        if (!score[i])
            continue;
        sat_hue h = rotate(s, &p[i]);
        int64_t ns = pwl(&sat[0], h.sat), nh = pwl(&hue[0], h.hue);   /* x 256 */
        if (s->skin_type_enable) {   /* lines 6488-6500: blend by MV dark */
            /* 4:2:2 pairs: one MV dark a pair (lines 6128-6130) */
            int64_t d = pairs && (i | 1) < n
                            ? iecp_pair_combine(s->mv_dark_factor_mode,
                                                mv_dark(s, p[i & ~(size_t)1].c[0]),
                                                mv_dark(s, p[i | 1].c[0]))
                            : mv_dark(s, p[i].c[0]);
            int64_t ds = pwl(&sat[1], h.sat), dh = pwl(&hue[1], h.hue);
            ns = (d * ds + ((1 << 16) - d) * ns) >> 16;
            nh = (d * dh + ((1 << 16) - d) * nh) >> 16;
        }
        /* Lines 6502-6527: back to (U, V) and DU, DV x score / 32.  The
         * change in Sat, Hue turned back by the exact inverse of the
         * forward turn (its transpose over cos^2 + sin^2: the text's
         * back rotation has the opposite sign, and S0.7's cos^2 + sin^2
         * is not 1), so identity PWLFs change nothing. */
        int64_t dsat = ns - h.sat * 256, dhue = nh - h.hue * 256;
        int64_t den = norm * 256 * 32;
        int64_t du = div_round(-(dsat * c + dhue * sn) * score[i], den);
        int64_t dv = div_round((dsat * sn - dhue * c) * score[i], den);
        p[i].c[1] = iecp_clamp12(p[i].c[1] + du);
        p[i].c[2] = iecp_clamp12(p[i].c[2] + dv);
    }
}
