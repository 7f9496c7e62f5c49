/* The render target write's colour pipeline over a message's 16 slots at
 * once, for 8-bit UNORM targets of 4-byte pixels (rt_batch.h): structure
 * of arrays, the factor and function choices made per message, so each
 * loop over the slots is straight-line and vectorises.  Every operation is
 * rt_color_output's / rt_blend's, in the same order, on the same float32
 * values (tests/test_rt_write_fast.c compares the memory bit for bit).
 * Only the sign of a zero may differ (min/max, 0 + x): every result goes
 * through the UNORM encode, where both zeros give 0 and a zero's sign
 * changes no other result. */
#include <string.h>

#include "dataport/rt_batch.h"

enum { L = 16 };

/* Each select on one comparison, both made: the compiler turns them into
 * vector compares and blends (a comparison in a nested branch it may not
 * make unconditionally). */
static inline float clampf(float v, float lo, float hi)
{
    float t = v > hi ? hi : v;
    return v < lo ? lo : t;   /* NaN passes, as clamp4's */
}

/* fminf / fmaxf when b is never NaN (a destination decoded from UNORM, or
 * 1 minus one): a NaN a gives b, as fminf's NaN operand gives the other. */
static inline float minf(float a, float b) { return a < b ? a : b; }
static inline float maxf(float a, float b) { return a > b ? a : b; }

/* conv_float_to_unorm(v, 8)'s range: NaN and v <= 0 give 0, v >= 1 gives
 * 1 (then 255); the rounding is in the caller's loop, apart: the compiler
 * vectorises the two loops, not the one. */
static inline float unorm_range(float v)
{
    float t = v > 1.0f ? 1.0f : v;
    return v > 0.0f ? t : 0.0f;
}

/* One channel's blend (rt_blend): factors from fs/fd, transformed. */
static void blend(unsigned func, const rt_factor *sf, const rt_factor *df, const float *fs,
                  const float *fd, const float *s, const float *d, float *out)
{
    switch (func) {
    case G7SF_BLENDFUNCTION_MIN:
        for (unsigned l = 0; l < L; l++)
            out[l] = minf(s[l], d[l]);
        return;
    case G7SF_BLENDFUNCTION_MAX:
        for (unsigned l = 0; l < L; l++)
            out[l] = maxf(s[l], d[l]);
        return;
    default:
        break;
    }
    bool si = sf->inv, di = df->inv;
    float slo = sf->lo, shi = sf->hi, dlo = df->lo, dhi = df->hi;
    float st[L], dt[L];
    for (unsigned l = 0; l < L; l++) {
        float a = si ? 1.0f - fs[l] : fs[l], b = di ? 1.0f - fd[l] : fd[l];
        st[l] = s[l] * clampf(a, slo, shi);
        dt[l] = d[l] * clampf(b, dlo, dhi);
    }
    if (func == G7SF_BLENDFUNCTION_ADD)
        for (unsigned l = 0; l < L; l++)
            out[l] = st[l] + dt[l];
    else if (func == G7SF_BLENDFUNCTION_SUBTRACT)
        for (unsigned l = 0; l < L; l++)
            out[l] = st[l] - dt[l];
    else
        for (unsigned l = 0; l < L; l++)
            out[l] = dt[l] - st[l];
}

static const float *source(const rt_factor *f, const float *k, const float (*s)[L],
                           const float (*s1)[L], const float (*d)[L], const float *sat,
                           unsigned c)
{
    switch (f->src) {
    case RT_FSRC_S:   return s[c];
    case RT_FSRC_SA:  return s[3];
    case RT_FSRC_D:   return d[c];
    case RT_FSRC_DA:  return d[3];
    case RT_FSRC_SAT: return sat;
    case RT_FSRC_S1:  return s1[c];
    case RT_FSRC_S1A: return s1[3];
    default:          return k;
    }
}

void rt_kernel_unorm8(const rt_pipeline *p, const rt_batch *b, uint32_t lanes,
                      uint8_t *const px[16])
{
    static const float zero[4][L];
    const rt_color *rc = &p->rc;
    const float (*src1)[L] = b->dual ? b->src1 : zero;
    float s[4][L], s1[4][L], d[4][L], r[4][L], sat[L];
    uint32_t dw[L], out[L];

    for (unsigned l = 0; l < L; l++) {   /* little-endian host, as g7sf_msg_read_dw */
        dw[l] = 0;
        if (lanes >> l & 1)
            memcpy(&dw[l], px[l], 4);
    }
    for (unsigned c = 0; c < 4; c++) {
        float lo = p->pre_lo[c], hi = p->pre_hi[c];
        for (unsigned l = 0; l < L; l++) {
            s[c][l] = clampf(b->src0[c][l], lo, hi);
            s1[c][l] = clampf(src1[c][l], lo, hi);
        }
    }
    if (rc->blend) {
        for (unsigned c = 0; c < 4; c++) {   /* conv_unorm_to_float: x / 255.0f */
            int at = rc->byte_of[c];
            if (at < 0) {
                for (unsigned l = 0; l < L; l++)
                    d[c][l] = rc->missing[c];
                continue;
            }
            unsigned sh = 8u * (unsigned)at;
            for (unsigned l = 0; l < L; l++)
                d[c][l] = (float)(dw[l] >> sh & 0xFF) / 255.0f;
        }
        if (p->need_sat)
            for (unsigned l = 0; l < L; l++)
                sat[l] = minf(s[3][l], 1.0f - d[3][l]);
        for (unsigned c = 0; c < 4; c++)
            blend(p->func[c], &p->sf[c], &p->df[c],
                  source(&p->sf[c], p->kv[0][c], s, s1, d, sat, c),
                  source(&p->df[c], p->kv[1][c], s, s1, d, sat, c), s[c], d[c], r[c]);
    } else {
        for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < L; l++)
                r[c][l] = s[c][l];
    }
    for (unsigned l = 0; l < L; l++)
        out[l] = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (rc->byte_of[c] < 0)
            continue;
        unsigned sh = 8u * (unsigned)rc->byte_of[c];
        float lo = p->post_lo[c], hi = p->post_hi[c], v[L];
        for (unsigned l = 0; l < L; l++)
            v[l] = unorm_range(clampf(r[c][l], lo, hi));
        /* round half up of v * 255 in double: exact (24 x 8 bits), as
         * conv_float_to_unorm's round_half_up */
        for (unsigned l = 0; l < L; l++)
            out[l] |= (uint32_t)(int32_t)((double)v[l] * 255.0 + 0.5) << sh;
    }
    uint32_t keep = p->keep;
    for (unsigned l = 0; l < L; l++)
        out[l] = (dw[l] & ~keep) | (out[l] & keep);
    for (unsigned l = 0; l < L; l++)
        if (lanes >> l & 1)
            memcpy(px[l], &out[l], 4);
}
