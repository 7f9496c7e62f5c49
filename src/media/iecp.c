/* The colour processing pipe at function level (gen7sf/iecp.h): ACE's Y
 * mapping, ProcAmp and the colour space conversion on 12-bit pixels.  Every product is
 * exact in 64 bits, then rounded half up (add half, shift: the floor);
 * every result is clamped to 12 bits.  Decisions: docs/spec-notes.md,
 * "IECP". */
#include <string.h>

#include "gen7sf/iecp.h"

static uint16_t clamp12(int64_t v)
{
    return (uint16_t)(v < 0 ? 0 : v > G7SF_IECP_MAX ? G7SF_IECP_MAX : v);
}

/* floor(v / 2^n + 1/2) */
static int64_t round_shift(int64_t v, int n)
{
    v += (int64_t)1 << (n - 1);
    return v >= 0 ? v >> n : -((-v + ((int64_t)1 << n) - 1) >> n);
}

void g7sf_iecp_state_neutral(g7sf_color_processing_state *s)
{
    memset(s, 0, sizeof *s);
    s->contrast = 128, s->cos_c_s = 256;   /* U4.7 and S7.8 1.0 */
    s->c0 = s->c4 = s->c8 = 1024;          /* S2.10 1.0 */
}

void g7sf_iecp_ace(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    /* point k (Ymin, Y1 .. Y10, Ymax), its output (Ymin itself, B1 .. B10)
     * and the slope of the segment from it (S0 .. S10), 12-bit points */
    const int64_t pt[12] = { s->ymin, s->y1, s->y2, s->y3, s->y4, s->y5, s->y6,
                             s->y7, s->y8, s->y9, s->y10, s->ymax };
    const int64_t bias[11] = { s->ymin, s->b1, s->b2, s->b3, s->b4, s->b5,
                               s->b6, s->b7, s->b8, s->b9, s->b10 };
    const int64_t slope[11] = { s->s0, s->s1, s->s2, s->s3, s->s4, s->s5,
                                s->s6, s->s7, s->s8, s->s9, s->s10 };
    for (size_t i = 0; i < n; i++) {
        int64_t y = p[i].c[0];
        int k = 0;   /* the last point at or below y (the first segment below Ymin) */
        while (k < 10 && y >= 16 * pt[k + 1])
            k++;
        p[i].c[0] = clamp12(16 * bias[k] + round_shift(slope[k] * (y - 16 * pt[k]), 10));
    }
}

void g7sf_iecp_procamp(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    /* Contrast U4.7 (128 is 1.0); Brightness S7.4 in 8-bit units, so in
     * 12-bit units its raw value; Cos_c_s, Sin_c_s S7.8 (256 is 1.0) */
    int64_t c = s->contrast, b = s->brightness, cs = s->cos_c_s, sn = s->sin_c_s;
    for (size_t i = 0; i < n; i++) {
        int64_t y = p[i].c[0] - 256, u = p[i].c[1] - 2048, v = p[i].c[2] - 2048;
        p[i].c[0] = clamp12(round_shift(y * c, 7) + b + 256);
        p[i].c[1] = clamp12(round_shift(u * cs + v * sn, 8) + 2048);
        p[i].c[2] = clamp12(round_shift(v * cs - u * sn, 8) + 2048);
    }
}

void g7sf_iecp_csc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    const int64_t m[9] = { s->c0, s->c1, s->c2, s->c3, s->c4, s->c5, s->c6, s->c7, s->c8 };
    /* offsets S9 in 8-bit units: 16 times that in 12 bits */
    const int64_t in[3] = { s->offset_in_1, s->offset_in_2, s->offset_in_3 };
    const int64_t out[3] = { s->offset_out_1, s->offset_out_2, s->offset_out_3 };
    for (size_t i = 0; i < n; i++) {
        int64_t v[3];
        for (int j = 0; j < 3; j++)
            v[j] = p[i].c[j] + (s->yuv_in ? 16 * in[j] : 0);
        for (int k = 0; k < 3; k++) {
            int64_t sum = m[3 * k] * v[0] + m[3 * k + 1] * v[1] + m[3 * k + 2] * v[2];
            p[i].c[k] = clamp12(round_shift(sum, 10) + (s->yuv_out ? 16 * out[k] : 0));
        }
    }
}

int g7sf_iecp_run(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                  const char **why)
{
    if (why)
        *why = NULL;
    if (!s || (!p && n))
        return G7SF_EINVAL;
    /* the stages before ProcAmp, in the pipe's order (lines 6035-6041) */
    const struct { bool on; const char *name; } before[] = {
        { s->std_enable || s->ste_enable, "skin tone detection/enhancement (STD/STE Enable)" },
        { s->color_gamut_compression_enable,
          "colour gamut compression (Color Gamut Compression Enable)" },
        { s->tcc_enable, "TCC (TCC Enable)" },
    };
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        if (before[i].on) {
            if (why)
                *why = before[i].name;
            return G7SF_ENOTIMPL;
        }
    if (s->ace_enable)
        g7sf_iecp_ace(s, p, n);
    if (s->procamp_enable)
        g7sf_iecp_procamp(s, p, n);
    if (s->transform_enable)
        g7sf_iecp_csc(s, p, n);
    return 0;
}
