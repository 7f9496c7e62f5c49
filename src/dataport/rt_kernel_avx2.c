/* rt_kernel.c's kernel in AVX2 intrinsics: the 16 slots as two vectors of
 * 8 (slots 0-7: subspans 0 and 1; 8-15: subspans 2 and 3), no loops over
 * the slots.  rt_kernel_unorm8_c is the definition; this one does the same
 * float32 operations in the same order on the same values, so the bytes
 * are the same (tests/test_rt_write_fast.c compares both kernels with the
 * per-pixel path).  Comparisons become min/max with the operands ordered
 * as the C selects: _mm256_min_ps(a, b) is a < b ? a : b, NaN giving b. */
#include <string.h>

#include "core/cpu.h"
#include "dataport/rt_batch.h"

#if CPU_X86
#include <immintrin.h>

#define AVX2 static inline __attribute__((target("avx2"), always_inline))

/* loops over channels and subspans: straight-line code */
#define UNROLL _Pragma("GCC unroll 4")

/* 16 slots: h[0] slots 0-7, h[1] slots 8-15 */
typedef struct f16 { __m256 h[2]; } f16;
typedef struct u16 { __m256i h[2]; } u16;

AVX2 f16 load16(const float *p) { return (f16){ { _mm256_loadu_ps(p), _mm256_loadu_ps(p + 8) } }; }
AVX2 f16 set16(float v) { return (f16){ { _mm256_set1_ps(v), _mm256_set1_ps(v) } }; }
#define OP16(name, op)                                                        \
    AVX2 f16 name(f16 a, f16 b)                                               \
    {                                                                         \
        return (f16){ { op(a.h[0], b.h[0]), op(a.h[1], b.h[1]) } };           \
    }
/* min16(a, b): a < b ? a : b, NaN giving b; max16: a > b ? a : b */
OP16(min16, _mm256_min_ps)
OP16(max16, _mm256_max_ps)
OP16(add16, _mm256_add_ps)
OP16(sub16, _mm256_sub_ps)
OP16(mul16, _mm256_mul_ps)

/* clampf: v > hi ? hi : v, then v < lo ? lo : that (NaN passes; lo <= hi,
 * so the second select sees v unchanged whenever it picks lo) */
AVX2 f16 clamp16(f16 v, float lo, float hi) { return max16(set16(lo), min16(set16(hi), v)); }

/* unorm_range: NaN and v <= 0 give 0, v >= 1 gives 1 */
AVX2 f16 range16(f16 v) { return min16(max16(v, set16(0.0f)), set16(1.0f)); }

/* encode of 4 slots in range: (int)((double)v * 255 + 0.5) as the C kernel */
AVX2 __m128i encode4(__m128 v)
{
    __m256d d = _mm256_mul_pd(_mm256_cvtps_pd(v), _mm256_set1_pd(255.0));
    return _mm256_cvttpd_epi32(_mm256_add_pd(d, _mm256_set1_pd(0.5)));
}

/* Byte `at` of every word as a word: pshufb masks, byte at of each word
 * to its byte 0, zeros above (0x80). */
#define B(at, w) (4 * (w) + (at)), -128, -128, -128
#define M(at) { B(at, 0), B(at, 1), B(at, 2), B(at, 3), B(at, 0), B(at, 1), B(at, 2), B(at, 3) }
static const int8_t byte_mask[4][32] __attribute__((aligned(32))) = { M(0), M(1), M(2), M(3) };
#undef M
#undef B

/* conv_unorm_to_float of byte `at` of every word: x / 255.0f */
AVX2 f16 decode16(u16 dw, int at)
{
    __m256i m = _mm256_load_si256((const __m256i *)byte_mask[at]);
    __m256 k = _mm256_set1_ps(255.0f);
    f16 d;
    for (unsigned h = 0; h < 2; h++)
        d.h[h] = _mm256_div_ps(_mm256_cvtepi32_ps(_mm256_shuffle_epi8(dw.h[h], m)), k);
    return d;
}

/* The pixels of whole subspans: pair i (slots 2i, 2i + 1) 8 bytes at
 * px[2i] (rt_batch.c checked them, every slot covered).  A linear pitch
 * may leave them 4-byte aligned only: movq and movhps, whose intrinsics
 * do not dereference a double (GCC's _mm_loadh_pd does). */
AVX2 __m256i load_half(uint8_t *const px[16], unsigned h)
{
    __m128i a = _mm_loadl_epi64((const __m128i *)px[8 * h]);
    __m128i b = _mm_loadl_epi64((const __m128i *)px[8 * h + 4]);
    a = _mm_castps_si128(_mm_loadh_pi(_mm_castsi128_ps(a), (const __m64 *)px[8 * h + 2]));
    b = _mm_castps_si128(_mm_loadh_pi(_mm_castsi128_ps(b), (const __m64 *)px[8 * h + 6]));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

/* A factor's value a (rt_blend.c's factor()), inverted, clamped. */
AVX2 f16 factor16(f16 a, bool inv, bool clamp, const rt_factor *f)
{
    a = inv ? sub16(set16(1.0f), a) : a;
    return clamp ? clamp16(a, f->lo, f->hi) : a;
}

/* Channels c0 .. c1 - 1 (R, G, B, or A), which share their function and
 * the inversion of their factors (rt_blend.c: one BLEND_STATE choice for
 * the colour channels, one for alpha): each choice made once, the loop
 * over the channels unswitched on it. */
AVX2 void blend_group(const rt_pipeline *p, const f16 *v, unsigned c0, unsigned c1, f16 r[4])
{
    unsigned func = p->func[c0];
    bool si = p->sf[c0].inv, di = p->df[c0].inv, fc = p->fclamp;
    if (func == G7SF_BLENDFUNCTION_MIN || func == G7SF_BLENDFUNCTION_MAX) {
        for (unsigned c = c0; c < c1; c++) {   /* minf(s, d): d is never NaN */
            f16 s = v[RT_SEL_S + c], d = v[RT_SEL_D + c];
            r[c] = func == G7SF_BLENDFUNCTION_MIN ? min16(s, d) : max16(s, d);
        }
        return;
    }
#define GROUP(SI, DI)                                                                   \
    for (unsigned c = c0; c < c1; c++) {                                                \
        f16 st = mul16(v[RT_SEL_S + c], factor16(v[p->sel[0][c]], SI, fc, &p->sf[c]));   \
        f16 dt = mul16(v[RT_SEL_D + c], factor16(v[p->sel[1][c]], DI, fc, &p->df[c]));   \
        r[c] = func == G7SF_BLENDFUNCTION_ADD        ? add16(st, dt)                    \
             : func == G7SF_BLENDFUNCTION_SUBTRACT ? sub16(st, dt) : sub16(dt, st);   \
    }
    if (si && di)
        GROUP(true, true)
    else if (si)
        GROUP(true, false)
    else if (di)
        GROUP(false, true)
    else
        GROUP(false, false)
#undef GROUP
}

/* The blended colour r from the destination words dw: rows of v as
 * rt_pipeline.sel numbers them (S, D, S1, saturate, constants). */
AVX2 void blend16(const rt_pipeline *p, const rt_batch *b, u16 dw, f16 r[4])
{
    const rt_color *rc = &p->rc;
    f16 v[RT_SEL_ROWS];
    UNROLL for (unsigned c = 0; c < 4; c++) {
        float lo = p->pre_lo[c], hi = p->pre_hi[c];
        v[RT_SEL_S + c] = load16(b->src0[c]);
        if (rc->pre_clamp)
            v[RT_SEL_S + c] = clamp16(v[RT_SEL_S + c], lo, hi);
        if (p->need_s1)
            v[RT_SEL_S1 + c] = clamp16(b->dual ? load16(b->src1[c]) : set16(0.0f), lo, hi);
        int at = rc->byte_of[c];
        v[RT_SEL_D + c] = at < 0 ? set16(rc->missing[c]) : decode16(dw, at);
    }
    if (p->need_sat)
        v[RT_SEL_SAT] = min16(v[RT_SEL_S + 3], sub16(set16(1.0f), v[RT_SEL_D + 3]));
    for (unsigned k = 0; k < 8 && p->need_k; k++)
        v[RT_SEL_K + k] = load16(p->kv[k >> 2][k & 3]);
    blend_group(p, v, 0, 3, r);
    blend_group(p, v, 3, 4, r);
}

__attribute__((target("avx2"))) void rt_kernel_unorm8_avx2(const rt_pipeline *p,
                                                           const rt_batch *b, uint32_t lanes,
                                                           uint8_t *const px[16], bool quads)
{
    const rt_color *rc = &p->rc;
    bool whole = quads && lanes == 0xFFFF;
    u16 dw = { { _mm256_setzero_si256(), _mm256_setzero_si256() } };
    if (p->read_dst && whole) {
        dw.h[0] = load_half(px, 0), dw.h[1] = load_half(px, 1);
    } else if (p->read_dst) {   /* little-endian host, as g7sf_msg_read_dw */
        uint32_t w[16] = { 0 };
        for (unsigned l = 0; l < 16; l++)
            if (lanes >> l & 1)
                memcpy(&w[l], px[l], 4);
        dw.h[0] = _mm256_loadu_si256((const __m256i *)w);
        dw.h[1] = _mm256_loadu_si256((const __m256i *)(w + 8));
    }
    f16 r[4];
    if (rc->blend)
        blend16(p, b, dw, r);
    else
        for (unsigned c = 0; c < 4; c++)
            r[c] = load16(b->src0[c]);
    UNROLL for (unsigned c = 0; c < 4; c++)
        r[c] = range16(r[c]);
    /* four slots (a subspan) at a time: each channel's bytes as words,
     * bytes, then to their places in the pixels (rt_pipeline.pack) */
    __m128i keep = _mm_set1_epi32((int)p->keep), pack = _mm_loadu_si128((const __m128i *)p->pack);
    uint32_t w[16];
    UNROLL for (unsigned s = 0; s < 4; s++) {
        __m128i q[4];   /* a channel the format lacks too: pack drops it */
        UNROLL for (unsigned c = 0; c < 4; c++) {
            __m256 v = r[c].h[s >> 1];
            q[c] = encode4(s & 1 ? _mm256_extractf128_ps(v, 1) : _mm256_castps256_ps128(v));
        }
        __m128i o = _mm_shuffle_epi8(_mm_packus_epi16(_mm_packus_epi32(q[0], q[1]),
                                                      _mm_packus_epi32(q[2], q[3])), pack);
        if (p->keep != 0xFFFFFFFFu) {
            __m256i d = dw.h[s >> 1];
            __m128i d4 = s & 1 ? _mm256_extracti128_si256(d, 1) : _mm256_castsi256_si128(d);
            o = _mm_or_si128(_mm_andnot_si128(keep, d4), _mm_and_si128(o, keep));
        }
        if (whole) {
            _mm_storel_epi64((__m128i *)px[4 * s], o);
            _mm_storeh_pi((__m64 *)px[4 * s + 2], _mm_castsi128_ps(o));
        } else {
            _mm_storeu_si128((__m128i *)&w[4 * s], o);
        }
    }
    if (whole)
        return;
    for (unsigned l = 0; l < 16; l++)
        if (lanes >> l & 1)
            memcpy(px[l], &w[l], 4);
}
#endif
