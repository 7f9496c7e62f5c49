/* The render target write's colour pipeline over a message's 16 slots at
 * once, for 8-bit UNORM targets of 4-byte pixels (rt_batch.h): structure
 * of arrays, the factor and function choices made per message, so each
 * loop over the slots is straight-line and vectorises.  Every operation is
 * rt_color_output's / rt_blend's, in the same order, on the same float32
 * values (tests/test_rt_write_fast.c compares the memory bit for bit).
 * Only the sign of a zero may differ (min/max, 0 + x): every result goes
 * through the UNORM encode, where both zeros give 0 and a zero's sign
 * changes no other result.
 *
 * Plain C: the reference, and what runs without AVX2 or with G7SF_CPU=c;
 * rt_kernel_avx2.c is the same in intrinsics, chosen per pipeline. */
#include <string.h>

#include "core/cpu.h"
#include "dataport/rt_batch.h"

#define INLINE static inline __attribute__((always_inline))

enum { L = 16 };

/* A loop over the slots, kept a loop: unrolled whole (which the compiler
 * does first to a 16-trip loop once it is inlined), it is no longer
 * vectorised as a loop, and the pieces mostly not at all. */
#define EACH_LANE _Pragma("GCC unroll 1") for (unsigned l = 0; l < L; l++)

/* Each select on one comparison, both made: the compiler turns them into
 * vector compares and blends (a comparison in a nested branch it may not
 * make unconditionally). */
INLINE float clampf(float v, float lo, float hi)
{
    float t = v > hi ? hi : v;
    return v < lo ? lo : t;   /* NaN passes, as clamp4's */
}

/* fminf / fmaxf when b is never NaN (a destination decoded from UNORM, or
 * 1 minus one): a NaN a gives b, as fminf's NaN operand gives the other. */
INLINE float minf(float a, float b) { return a < b ? a : b; }
INLINE float maxf(float a, float b) { return a > b ? a : b; }

/* conv_float_to_unorm(v, 8)'s range: NaN and v <= 0 give 0, v >= 1 gives
 * 1 (then 255).  Every clamp range holds [0, 1], so after it the post-blend
 * clamp (and, without blending, the pre-blend one) changes no byte. */
INLINE float unorm_range(float v)
{
    float t = v > 1.0f ? 1.0f : v;
    return v > 0.0f ? t : 0.0f;
}

/* v's bytes at bit sh of out: the range, then round half up of v * 255 in
 * double, exact (24 x 8 bits) as conv_float_to_unorm's round_half_up; two
 * loops, as the compiler vectorises them and not the one. */
INLINE void encode(const float *r, unsigned sh, uint32_t *out)
{
    float v[L];
    EACH_LANE
        v[l] = unorm_range(r[l]);
    EACH_LANE
        out[l] |= (uint32_t)(int32_t)((double)v[l] * 255.0 + 0.5) << sh;
}

/* One channel's blend (rt_blend): factors from fs/fd, transformed. */
INLINE void blend(unsigned func, const rt_factor *sf, const rt_factor *df, const float *fs,
                  const float *fd, const float *s, const float *d, float *out)
{
    if (func == G7SF_BLENDFUNCTION_MIN) {   /* no factors */
        EACH_LANE
            out[l] = minf(s[l], d[l]);
        return;
    }
    if (func == G7SF_BLENDFUNCTION_MAX) {
        EACH_LANE
            out[l] = maxf(s[l], d[l]);
        return;
    }
    bool si = sf->inv, di = df->inv;
    float slo = sf->lo, shi = sf->hi, dlo = df->lo, dhi = df->hi;
    float st[L], dt[L];
    EACH_LANE {
        float a = si ? 1.0f - fs[l] : fs[l], b = di ? 1.0f - fd[l] : fd[l];
        st[l] = s[l] * clampf(a, slo, shi);
        dt[l] = d[l] * clampf(b, dlo, dhi);
    }
    if (func == G7SF_BLENDFUNCTION_ADD)
        EACH_LANE
            out[l] = st[l] + dt[l];
    else if (func == G7SF_BLENDFUNCTION_SUBTRACT)
        EACH_LANE
            out[l] = st[l] - dt[l];
    else
        EACH_LANE
            out[l] = dt[l] - st[l];
}

INLINE const float *source(const rt_factor *f, const float *k, const float (*s)[L],
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

/* The blended colour r of every slot, from the destination words dw. */
INLINE void blend_all(const rt_pipeline *p, const rt_batch *b, const uint32_t *dw,
                      float (*r)[L])
{
    static const float zero[4][L];
    const rt_color *rc = &p->rc;
    const float (*src1)[L] = b->dual ? b->src1 : zero;
    float s[4][L], s1[4][L], d[4][L], sat[L];
    for (unsigned c = 0; c < 4; c++) {
        float lo = p->pre_lo[c], hi = p->pre_hi[c];
        EACH_LANE
            s[c][l] = clampf(b->src0[c][l], lo, hi);
        if (p->need_s1)
            EACH_LANE
                s1[c][l] = clampf(src1[c][l], lo, hi);
    }
    for (unsigned c = 0; c < 4; c++) {   /* conv_unorm_to_float: x / 255.0f */
        int at = rc->byte_of[c];
        if (at < 0) {
            EACH_LANE
                d[c][l] = rc->missing[c];
            continue;
        }
        unsigned sh = 8u * (unsigned)at;
        EACH_LANE
            d[c][l] = (float)(dw[l] >> sh & 0xFF) / 255.0f;
    }
    if (p->need_sat)
        EACH_LANE
            sat[l] = minf(s[3][l], 1.0f - d[3][l]);
    for (unsigned c = 0; c < 4; c++)
        blend(p->func[c], &p->sf[c], &p->df[c],
              source(&p->sf[c], p->kv[0][c], s, s1, d, sat, c),
              source(&p->df[c], p->kv[1][c], s, s1, d, sat, c), s[c], d[c], r[c]);
}

INLINE void kernel(const rt_pipeline *p, const rt_batch *b, uint32_t lanes,
                   uint8_t *const px[16])
{
    const rt_color *rc = &p->rc;
    float r[4][L];
    uint32_t dw[L] = { 0 }, out[L] = { 0 }, keep = p->keep;
    /* little-endian host, as g7sf_msg_read_dw; all slots without a test.
     * Loads and stores of scattered pixels: unrolled, not vectorised */
    if (p->read_dst && lanes == 0xFFFF)
        for (unsigned l = 0; l < L; l++)
            memcpy(&dw[l], px[l], 4);
    else if (p->read_dst)
        for (unsigned l = 0; l < L; l++)
            if (lanes >> l & 1)
                memcpy(&dw[l], px[l], 4);
    if (rc->blend)
        blend_all(p, b, dw, r);
    for (unsigned c = 0; c < 4; c++)
        if (rc->byte_of[c] >= 0)
            encode(rc->blend ? r[c] : b->src0[c], 8u * (unsigned)rc->byte_of[c], out);
    EACH_LANE
        out[l] = (dw[l] & ~keep) | (out[l] & keep);
    if (lanes == 0xFFFF)
        for (unsigned l = 0; l < L; l++)
            memcpy(px[l], &out[l], 4);
    else
        for (unsigned l = 0; l < L; l++)
            if (lanes >> l & 1)
                memcpy(px[l], &out[l], 4);
}

void rt_kernel_unorm8_c(const rt_pipeline *p, const rt_batch *b, uint32_t lanes,
                        uint8_t *const px[16], bool quads)
{
    (void)quads;
    kernel(p, b, lanes, px);
}

rt_kernel_fn rt_kernel_unorm8_for(unsigned cpu)
{
#if CPU_X86
    if (cpu & CPU_AVX2)
        return rt_kernel_unorm8_avx2;
#endif
    (void)cpu;
    return rt_kernel_unorm8_c;
}
