/* The colour processing pipe at function level (gen7sf/iecp.h): the
 * stages in order, the statistics, ACE's Y mapping, ProcAmp and the
 * colour space conversion on 12-bit pixels (the other stages:
 * iecp_std.c, iecp_gamut.c, iecp_tcc.c).  Every product is exact in 64
 * bits, then rounded half up (add half, shift: the floor); every result
 * is clamped to 12 bits.  Decisions: docs/spec-notes.md, "IECP". */
#include <string.h>

#include "iecp_int.h"

void g7sf_iecp_state_neutral(g7sf_color_processing_state *s)
{
    memset(s, 0, sizeof *s);
    s->contrast = 128, s->cos_c_s = 256;   /* U4.7 and S7.8 1.0 */
    s->c0 = s->c4 = s->c8 = 1024;          /* S2.10 1.0 */
}

/* A field of w bits as unpack reads it: the low w bits, sign-extended for
 * the signed formats. */
static uint32_t fit_u(uint32_t v, unsigned w) { return (uint32_t)(v & (((uint64_t)1 << w) - 1)); }

static int32_t fit_s(int32_t v, unsigned w)
{
    int64_t t = (int64_t)v & (((int64_t)1 << w) - 1);
    return (int32_t)(t >= (int64_t)1 << (w - 1) ? t - ((int64_t)1 << w) : t);
}

#define FIT_U    fit_u
#define FIT_BOOL fit_u
#define FIT_ENUM fit_u
#define FIT_UFIX fit_u
#define FIT_S    fit_s
#define FIT_SFIX fit_s
#define FIT_F(m, n, dw, hi, lo, t, fr, en) out->m = FIT_##t(s->m, (hi) - (lo) + 1);

/* Every member cut to its field (from the state table, the one source of
 * the widths): a structure filled by hand with values its fields cannot
 * hold runs as the DWords it would pack to, never into an overflow. */
void iecp_fit(const g7sf_color_processing_state *s, g7sf_color_processing_state *out)
{
    G7SF_COLOR_PROCESSING_STATE_FIELDS(FIT_F, , , )
}

static void ace(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
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
        p[i].c[0] = iecp_clamp12(16 * bias[k] + iecp_round_shift(slope[k] * (y - 16 * pt[k]), 10));
    }
}

static void procamp(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    /* Contrast U4.7 (128 is 1.0); Brightness S7.4 in 8-bit units, so in
     * 12-bit units its raw value; Cos_c_s, Sin_c_s S7.8 (256 is 1.0) */
    int64_t c = s->contrast, b = s->brightness, cs = s->cos_c_s, sn = s->sin_c_s;
    for (size_t i = 0; i < n; i++) {
        int64_t y = p[i].c[0] - 256, u = p[i].c[1] - 2048, v = p[i].c[2] - 2048;
        p[i].c[0] = iecp_clamp12(iecp_round_shift(y * c, 7) + b + 256);
        p[i].c[1] = iecp_clamp12(iecp_round_shift(u * cs + v * sn, 8) + 2048);
        p[i].c[2] = iecp_clamp12(iecp_round_shift(v * cs - u * sn, 8) + 2048);
    }
}

static void csc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
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
            p[i].c[k] = iecp_clamp12(iecp_round_shift(sum, 10) + (s->yuv_out ? 16 * out[k] : 0));
        }
    }
}

void g7sf_iecp_stats_clear(g7sf_iecp_stats *st)
{
    if (st) {
        memset(st, 0, sizeof *st);
        st->y_min = G7SF_IECP_MAX;
    }
}

static void ace_skin(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                     const uint8_t *score, size_t n, g7sf_iecp_stats *st)
{
    enum { CHUNK = 64 };
    for (size_t i0 = 0; i0 < n; i0 += CHUNK) {
        size_t m = n - i0 < CHUNK ? n - i0 : CHUNK;
        uint16_t y0[CHUNK];
        for (size_t i = 0; i < m; i++) {
            y0[i] = p[i0 + i].c[0];
            if (!st)
                continue;
            /* the histogram (VEBOX's Y[9:2], 8 bits of luma), 24-bit bins */
            uint32_t *bin = &st->histogram[y0[i] > G7SF_IECP_MAX ? 255 : y0[i] >> 4];
            *bin += *bin < 0xFFFFFF;
            st->y_min = y0[i] < st->y_min ? y0[i] : st->y_min;
            st->y_max = y0[i] > st->y_max ? y0[i] : st->y_max;
            st->pixels++;
            if (score && score[i0 + i] >= s->skin_threshold && s->std_enable)
                st->skin_pixels++;
        }
        ace(s, p + i0, m);
        /* skin keeps (score / 32) of its luma (line 6549) */
        for (size_t i = 0; score && i < m; i++) {
            int64_t d = (int64_t)p[i0 + i].c[0] - y0[i];
            p[i0 + i].c[0] = iecp_clamp12(y0[i] + iecp_round_shift(d * (32 - score[i0 + i]), 5));
        }
    }
}

/* The public stages: each fits the state once, then runs. */
#define FITTED(s) \
    g7sf_color_processing_state fitted_; \
    iecp_fit(s, &fitted_)

void g7sf_iecp_ace(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    FITTED(s);
    ace(&fitted_, p, n);
}

void g7sf_iecp_procamp(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    FITTED(s);
    procamp(&fitted_, p, n);
}

void g7sf_iecp_csc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n)
{
    FITTED(s);
    csc(&fitted_, p, n);
}

void g7sf_iecp_std(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p,
                   uint8_t *score, size_t n, unsigned flags)
{
    FITTED(s);
    iecp_std(&fitted_, p, score, n, flags);
}

void g7sf_iecp_ste(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                   const uint8_t *score, size_t n, unsigned flags)
{
    FITTED(s);
    iecp_ste(&fitted_, p, score, n, flags);
}

void g7sf_iecp_gamut(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                     unsigned flags, g7sf_iecp_stats *st)
{
    FITTED(s);
    iecp_gamut(&fitted_, p, n, flags, st);
}

void g7sf_iecp_tcc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                   const uint8_t *score, size_t n)
{
    FITTED(s);
    iecp_tcc(&fitted_, p, score, n);
}

void g7sf_iecp_ace_skin(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                        const uint8_t *score, size_t n, g7sf_iecp_stats *st)
{
    FITTED(s);
    ace_skin(&fitted_, p, score, n, st);
}

int g7sf_iecp_run(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                  unsigned flags, g7sf_iecp_stats *st, const char **why)
{
    const char *w = !s || (!p && n) ? "NULL state or pixels"
                    : flags & ~G7SF_IECP_PAIRS ? "unknown flags (G7SF_IECP_PAIRS is the only one)"
                    : flags & G7SF_IECP_PAIRS && n % 2 ? "an odd pixel count in 4:2:2 pairs"
                    : NULL;
    if (why)
        *why = w;
    if (w)
        return G7SF_EINVAL;
    g7sf_color_processing_state fitted;
    iecp_fit(s, &fitted);
    s = &fitted;
    enum { CHUNK = 256 };
    uint8_t score[CHUNK];
    bool std = s->std_enable, decisions = std && s->output_control == G7SF_STD_OUTPUT_STD_DECISIONS;
    for (size_t i0 = 0; i0 < n; i0 += CHUNK) {
        size_t m = n - i0 < CHUNK ? n - i0 : CHUNK;
        g7sf_iecp_pixel *q = p + i0;
        for (size_t i = 0; i < m; i++)   /* 12 bits in: more reads as 4095 */
            for (int c = 0; c < 3; c++)
                q[i].c[c] = q[i].c[c] > G7SF_IECP_MAX ? G7SF_IECP_MAX : q[i].c[c];
        if (std)
            iecp_std(s, q, score, m, flags);
        if (std && s->ste_enable && !decisions)
            iecp_ste(s, q, score, m, flags);
        if (decisions)   /* line 6533: the score instead of the pixel */
            for (size_t i = 0; i < m; i++)
                q[i].c[0] = (uint16_t)(0x7FF + (score[i] << 6)), q[i].c[1] = q[i].c[2] = 0x7FF;
        if (s->color_gamut_compression_enable && !decisions)
            iecp_gamut(s, q, m, flags, st);
        if (s->ace_enable)
            ace_skin(s, q, std ? score : NULL, m, st);
        if (decisions)   /* "other functions ... after STDE ... disabled" */
            continue;
        if (s->tcc_enable)
            iecp_tcc(s, q, std ? score : NULL, m);
        if (s->procamp_enable)
            procamp(s, q, m);
        if (s->transform_enable)
            csc(s, q, m);
    }
    return 0;
}
