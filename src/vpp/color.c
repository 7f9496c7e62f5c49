/* The colour pipe's state for the pipeline (gen7sf/vpp.h): what a driver
 * programs in COLOR_PROCESSING_STATE for VA-API-like controls (ProcAmp,
 * CSC, ACE, TCC, skin tone, gamut compression).  The pixels: color_rows.c;
 * ACE's curve: ace.c.  Decisions: docs/spec-notes.md, "Video pipeline:
 * colour processing". */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "gen7sf/iecp.h"
#include "gen7sf/vpp.h"

int g7sf_vpp_procamp_state(double brightness, double contrast, double hue, double saturation,
                           g7sf_color_processing_state *st)
{
    if (!st || !(brightness >= -100 && brightness <= 100) || !(contrast >= 0 && contrast <= 10) ||
        !(hue >= -180 && hue <= 180) || !(saturation >= 0 && saturation <= 10))
        return G7SF_EINVAL;
    g7sf_iecp_state_neutral(st);
    double h = hue * 3.14159265358979323846 / 180, cs = contrast * saturation * 256;
    st->procamp_enable = 1;
    st->contrast = (uint32_t)lround(contrast * 128);      /* U4.7: at most 1280 */
    st->brightness = (int32_t)lround(brightness * 16);    /* S7.4: -1600 .. 1600 */
    st->cos_c_s = (int32_t)lround(cos(h) * cs);           /* S7.8: |v| <= 25600 */
    st->sin_c_s = (int32_t)lround(sin(h) * cs);
    return 0;
}

/* 3x3 helpers, row-major */
static void mul3(const double a[9], const double b[9], double r[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            r[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
}

/* R'G'B' -> (Y', Pb, Pr) of a matrix, and its inverse */
static void ypbpr(enum g7sf_vpp_matrix m, double q[9], double inv[9])
{
    double kr = m == G7SF_VPP_BT709 ? 0.2126 : 0.299, kb = m == G7SF_VPP_BT709 ? 0.0722 : 0.114;
    double kg = 1 - kr - kb;
    const double f[9] = { kr, kg, kb,
                          -kr / (2 * (1 - kb)), -kg / (2 * (1 - kb)), 0.5,
                          0.5, -kg / (2 * (1 - kr)), -kb / (2 * (1 - kr)) };
    const double g[9] = { 1, 0, 2 * (1 - kr),
                          1, -2 * (1 - kb) * kb / kg, -2 * (1 - kr) * kr / kg,
                          1, 2 * (1 - kb), 0 };
    memcpy(q, f, sizeof f);
    memcpy(inv, g, sizeof g);
}

int g7sf_vpp_csc_state(enum g7sf_vpp_matrix from, bool from_full, enum g7sf_vpp_matrix to,
                       bool to_full, g7sf_color_processing_state *st)
{
    if (!st || (unsigned)from > G7SF_VPP_BT709 || (unsigned)to > G7SF_VPP_BT709)
        return G7SF_EINVAL;
    double qf[9], qfi[9], qt[9], qti[9], a[9], m[9];
    ypbpr(from, qf, qfi);
    ypbpr(to, qt, qti);
    mul3(qt, qfi, a);   /* (Y', Pb, Pr) of `from` -> of `to` */
    double yi = from_full ? 255 : 219, ci = from_full ? 255 : 224;
    double yo = to_full ? 255 : 219, co = to_full ? 255 : 224;
    const double in[3] = { yi, ci, ci }, out[3] = { yo, co, co };
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            m[3 * i + j] = out[i] * a[3 * i + j] / in[j];
    int32_t *c[9] = { &st->c0, &st->c1, &st->c2, &st->c3, &st->c4,
                      &st->c5, &st->c6, &st->c7, &st->c8 };
    for (int k = 0; k < 9; k++) {   /* S2.10: -4096 .. 4095 */
        long v = lround(m[k] * 1024);
        *c[k] = (int32_t)(v < -4096 ? -4096 : v > 4095 ? 4095 : v);
    }
    st->offset_in_1 = from_full ? 0 : -16, st->offset_in_2 = st->offset_in_3 = -128;
    st->offset_out_1 = to_full ? 0 : 16, st->offset_out_2 = st->offset_out_3 = 128;
    st->yuv_in = st->yuv_out = st->transform_enable = 1;
    return 0;
}

/* The PRM's packed defaults (test_state_cps places them; spec-notes
 * "COLOR_PROCESSING_STATE"): STD/STE DW0-28, ACE DW29-35, TCC DW42-52,
 * gamut compression DW64-66 (DW64 with d(in,default) 205, 0x0CD2911F). */
static const uint32_t packed[G7SF_COLOR_PROCESSING_STATE_DWORDS] = {
    [0] = 0x9A6E39F0, 0x400C0000, 0x00001180, 0xFE2F2E00, 0x000000FF, 0x00140000, 0xD82E0000,
    [7] = 0x8285ECEC, 0x00008282, 0, 0x02117000, 0xA38FEC96, 0x00008CC8, 0,
    [14] = 0x01478000, 0x0007C300, 0, 0, 0x1C180000, 0, 0, 0,
    [22] = 0x0007CF80, 0, 0, 0x1C080000, 0, 0, 0,
    [29] = 0x00000068, 0x4C382410, 0x9C887460, 0xEBD8C4B0, 0x604C3824, 0xB09C8874, 0x0000D8C4,
    [42] = 0xDCDCDC00, 0xDCDCDC00, 0x1E34CC91, 0x3E3CCE91, 0x02E80195, 0x0197046B, 0x01790174,
    [49] = 0x00096000, 0, 0x03030000, 0x009201C0,
    [64] = 0x0CD2911F, 0x30000334, 0x8A800000,
};

/* The STE's saturation or hue PWL for strength t (0..1): -max -> -max,
 * -6 -> -6 (1 - 2t/3), 6 -> 6 (1 - 2t/3), max -> max: the middle pulled
 * toward the skin centre; t = 1 is the PRM's prose programming (SATB1 -2,
 * SATS0 297, SATS1 85, HUEB1 -2, HUES0 384), t = 0 the identity.  p: the
 * three points, b: the biases S7.2, s: the slopes U3.8. */
static void ste_pwl(double t, int max, int32_t p[3], int32_t b[3], uint32_t s[4])
{
    int32_t inner = (int32_t)lround(-24 * (1 - 2 * t / 3));   /* raw S7.2 of f(-6) */
    p[0] = -6, p[1] = 6, p[2] = max;
    b[0] = inner, b[1] = -inner, b[2] = 4 * max;
    double f1 = inner / 4.0, f2 = -f1;
    s[0] = (uint32_t)lround(256 * (f1 + max) / (max - 6));
    s[1] = (uint32_t)lround(256 * (f2 - f1) / 12);
    s[2] = (uint32_t)lround(256 * (max - f2) / (max - 6));
    s[3] = 256;
}

static void skin_tone(int strength, g7sf_color_processing_state *st)
{
    /* the prose's STD programming where the packed list has 0
     * (spec-notes "COLOR_PROCESSING_STATE": recommended values) */
    st->cos_alpha = 79, st->sin_alpha = 101, st->diamond_alpha = 100;
    st->y_slope_1 = st->y_slope_2 = 31;
    st->inverse_margin_vyl = 3300, st->inverse_margin_vyu = 1600;
    st->s0l = -5, st->s0u = 256, st->s2u = -179, st->s1u = -113;
    int32_t p[3], b[3];
    uint32_t s[4];
    double t = strength / 100.0;
    /* one skin type (Skin Type Enable 0): the bright set alone is read */
    ste_pwl(t, (int)st->sat_max, p, b, s);
    st->satp1 = p[0], st->satp2 = p[1], st->satp3 = p[2];
    st->satb1 = b[0], st->satb2 = b[1], st->satb3 = b[2];
    st->sats0 = s[0], st->sats1 = s[1], st->sats2 = s[2], st->sats3 = s[3];
    ste_pwl(t, (int)st->hue_max, p, b, s);
    st->huep1 = p[0], st->huep2 = p[1], st->huep3 = p[2];
    st->hueb1 = b[0], st->hueb2 = b[1], st->hueb3 = b[2];
    st->hues0 = s[0], st->hues1 = s[1], st->hues2 = s[2], st->hues3 = s[3];
    st->skin_type_enable = 0;
    st->std_enable = st->ste_enable = 1;
    st->output_control = G7SF_STD_OUTPUT_PIXELS;
}

static bool in_range(double v, double lo, double hi)
{
    return v >= lo && v <= hi;
}

int g7sf_vpp_color_state(const g7sf_vpp_config *c, g7sf_color_processing_state *st)
{
    if (!c || !st)
        return G7SF_EINVAL;
    if (c->procamp) {
        if (g7sf_vpp_procamp_state(c->brightness, c->contrast, c->hue, c->saturation, st))
            return G7SF_EINVAL;
    } else {
        g7sf_iecp_state_neutral(st);
    }
    if (c->csc && g7sf_vpp_csc_state(c->csc_from, c->csc_from_full, c->csc_to, c->csc_to_full, st))
        return G7SF_EINVAL;
    if ((c->ace && !in_range(c->ace_strength, 0, 100)) ||
        (c->skin_tone && !in_range(c->skin_tone_strength, 0, 100)) ||
        (unsigned)c->gamut > G7SF_VPP_GAMUT_ADVANCED)
        return G7SF_EINVAL;
    for (int i = 0; c->tcc && i < 6; i++)
        if (!in_range(c->tcc_saturation[i], 0, 1.99))
            return G7SF_EINVAL;
    /* the defaults of the other stages, then what is asked */
    g7sf_color_processing_state d;
    g7sf_state_unpack(&g7sf_desc_COLOR_PROCESSING_STATE, packed, &d);
    /* how a 4:2:2 pair's factors combine: DW66's defaults (the averages) */
    st->std_factor_mode = d.std_factor_mode, st->mv_dark_factor_mode = d.mv_dark_factor_mode;
    st->scaling_factor_mode = d.scaling_factor_mode;
    if (c->skin_tone || c->ace) {   /* STD/STE DW0-28, ACE DW29-41 */
        size_t end = offsetof(g7sf_color_processing_state, sat_factor3);
        memcpy(st, &d, end);
        st->std_enable = st->ste_enable = 0;
        /* the identity curve (the prose slopes 1.0) until g7sf_vpp_ace_curve */
        st->s0 = st->s1 = st->s2 = st->s3 = st->s4 = st->s5 = 1024;
        st->s6 = st->s7 = st->s8 = st->s9 = st->s10 = 1024;
        /* --skin-tone alone: ACE as the identity, to count skin pixels */
        st->ace_enable = 1;
    }
    if (c->skin_tone)
        skin_tone(c->skin_tone_strength, st);
    if (c->tcc) {
        size_t a = offsetof(g7sf_color_processing_state, sat_factor3);
        size_t e = offsetof(g7sf_color_processing_state, contrast);
        memcpy((char *)st + a, (const char *)&d + a, e - a);
        uint32_t *f[6] = { &st->sat_factor1, &st->sat_factor2, &st->sat_factor3,
                           &st->sat_factor4, &st->sat_factor5, &st->sat_factor6 };
        for (int i = 0; i < 6; i++)   /* U1.7: 1.99 is 255 */
            *f[i] = (uint32_t)lround(c->tcc_saturation[i] * 128);
        st->tcc_enable = 1;
    }
    if (c->gamut) {
        size_t a = offsetof(g7sf_color_processing_state, color_gamut_compression_enable);
        memcpy((char *)st + a, (const char *)&d + a, sizeof *st - a);
        st->color_gamut_compression_enable = 1;
        st->full_range_mapping_enable = c->gamut == G7SF_VPP_GAMUT_ADVANCED;
    }
    return 0;
}
