/* The x86 FMD grid kernel (dsp.h), bit-exact to fmd_grid_c (fmd.c).  Each
 * grid position gets a code byte: its TEAR bits and its v5..v7 counter bit;
 * the four grid lines' 16 block columns are evaluated in 16-bit lanes, the
 * four neighbour positions at columns -1 and 16 in one more evaluation,
 * then the stray filter and the counts work on the code bytes.  The
 * thresholds become lane-width ones here (fmd_lanes_setup), exact for any
 * value of the params. */
#include "core/cpu.h"
#include "dsp.h"

#if CPU_X86

#include "simd_x86.h"

enum {
    FMD_MAX_ABS = 255,          /* first frame: a difference with prev */
    FMD_SQ_MAX = FMD_MAX_ABS * FMD_MAX_ABS,
    FMD_SUM_MAX = 2 * FMD_SQ_MAX,
};

/* A position's code: TEAR1..3 as pixel_tests() returns them, and the counter
 * it increments (moving pixels only). */
enum fmd_code {
    FMD_TEAR1 = 1, FMD_TEAR2 = 2, FMD_TEAR3 = 4,
    FMD_TEARING = 8, FMD_FITTING = 16, FMD_MOTION = 32,     /* v5, v6, v7 */
};

/* The thresholds as the lanes compare them. */
typedef struct fmd_lanes {
    int tdiff;                  /* moving: |cTpT|^2 + |cBpB|^2 > tdiff, in dwords */
    short h;                    /* smooth: excess (fmd_excess) < h */
    short vdiff2;               /* the vdiff2 tests: d^2 >= vdiff2, unsigned */
    short moving_first;         /* all ones if 2 x 255^2 > fmd_tdiff */
} fmd_lanes;

static void fmd_lanes_setup(const g7sf_di_params *p, fmd_lanes *l)
{
    /* a sum of two squares of differences is at most FMD_SUM_MAX */
    l->tdiff = p->fmd_tdiff < FMD_SUM_MAX ? (int)p->fmd_tdiff : FMD_SUM_MAX;
    l->moving_first = p->fmd_tdiff < FMD_SUM_MAX ? -1 : 0;
    /* cT = |t-u| + |t-d| - |u-d| is 2 e, e = max(0, excess) <= 255, so cT
     * < v (the reference's int compare) iff e < ceil(v / 2) = h.  For h >=
     * 1 that is excess < h; for h = 0 nothing is smooth, and the excess is
     * at least -255 > INT16_MIN. */
    int v = (int)p->fmd_vdiff1;
    v = v < 0 ? 0 : v > 2 * FMD_MAX_ABS + 1 ? 2 * FMD_MAX_ABS + 1 : v;
    l->h = (short)(v ? (v + 1) / 2 : INT16_MIN);
    /* no square of a difference reaches 255^2 + 1 */
    l->vdiff2 = (short)(p->fmd_vdiff2 <= FMD_SQ_MAX ? p->fmd_vdiff2 : FMD_SQ_MAX + 1);
}

/* Bytes 0 .. 3: line y + k at the grid positions (x, y) = (-1, 0), (16, 0),
 * (-1, 2), (16, 2) (rows: cur or prev of an fmd_window). */
static inline SSE41 __m128i fmd_edge_bytes(const uint8_t *const *rows, int k)
{
    const uint8_t *a = rows[FMD_WT + k], *b = rows[FMD_WT + 2 + k];
    uint32_t v = a[0] | (uint32_t)a[FMD_WW - 1] << 8 | (uint32_t)b[0] << 16 |
                 (uint32_t)b[FMD_WW - 1] << 24;
    return _mm_cvtsi32_si128((int)v);
}

/* How many bytes of a and b have bit k set. */
static inline SSE41 unsigned fmd_bits(__m128i a, __m128i b, int k)
{
    __m128i one = _mm_set1_epi8(1);
    __m128i s = _mm_add_epi8(_mm_and_si128(_mm_srli_epi16(a, k), one),
                             _mm_and_si128(_mm_srli_epi16(b, k), one));
    s = _mm_sad_epu8(s, _mm_setzero_si128());
    return (unsigned)_mm_cvtsi128_si32(_mm_add_epi32(s, _mm_unpackhi_epi64(s, s)));
}

/* The tear filter of §2.8.5.3 and the counts, from code[r] (columns 0 .. 15
 * of grid line 2r - 2, zero outside the frame) and the edge positions' codes
 * in bytes 0 .. 3 of edges (fmd_edge_bytes order). */
static inline SSE41 void fmd_count(const __m128i code[4], __m128i edges, unsigned out,
                                   fmd_grid *g)
{
    uint32_t inside = (out & FMD_OUT_LEFT ? 0 : 0x00FF00FFu) |
                      (out & FMD_OUT_RIGHT ? 0 : 0xFF00FF00u);
    edges = _mm_and_si128(edges, _mm_cvtsi32_si128((int)inside));
    /* the neighbours' codes at x - 1, x + 1 and on the lines above and below */
    __m128i n1 = _mm_or_si128(
        _mm_or_si128(_mm_alignr_epi8(code[1], _mm_slli_si128(edges, 15), 15),
                     _mm_alignr_epi8(_mm_srli_si128(edges, 1), code[1], 1)),
        _mm_or_si128(code[0], code[2]));
    __m128i n2 = _mm_or_si128(
        _mm_or_si128(_mm_alignr_epi8(code[2], _mm_slli_si128(edges, 13), 15),
                     _mm_alignr_epi8(_mm_srli_si128(edges, 3), code[2], 1)),
        _mm_or_si128(code[1], code[3]));
    /* a TEAR bit stays where a neighbour has it; the counter bits stay */
    __m128i counters = _mm_set1_epi8((char)~(FMD_TEAR1 | FMD_TEAR2 | FMD_TEAR3));
    __m128i x1 = _mm_and_si128(code[1], _mm_or_si128(n1, counters));
    __m128i x2 = _mm_and_si128(code[2], _mm_or_si128(n2, counters));
    for (int k = 0; k < 3; k++) {
        g->tears[k] = fmd_bits(x1, x2, k);
        g->cnt[k] = fmd_bits(x1, x2, k + 3);
    }
}

/* g->sum[q]: the sum of the 4 dwords of s_q. */
static inline SSE41 void fmd_sums(__m128i s0, __m128i s1, __m128i s2, __m128i s3, __m128i s4,
                                  fmd_grid *g)
{
    __m128i s = _mm_hadd_epi32(_mm_hadd_epi32(s0, s1), _mm_hadd_epi32(s2, s3));
    _mm_storeu_si128((__m128i *)g->sum, s);
    s4 = _mm_hadd_epi32(s4, s4);
    g->sum[4] = (unsigned)_mm_cvtsi128_si32(_mm_hadd_epi32(s4, s4));
}

/* ---- SSE4.1: two chunks of 8 ---- */

#define V __m128i
#define NL 8
#define I(op) _mm_##op
#define VAND _mm_and_si128
#define VOR _mm_or_si128
#define VANDNOT _mm_andnot_si128
#define VZERO _mm_setzero_si128()
#define WIDEN(x) _mm_cvtepu8_epi16(x)
#define LOADW(p) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(p)))
#define LOW128(v) (v)
#define PACKROW(v) _mm_packus_epi16((v)[0], (v)[1])
#define SUM32(v) _mm_madd_epi16(v, _mm_set1_epi16(1))
#define TARGET SSE41
#define NAME(f) f##_sse41

#include "fmd_simd_body.h"

#undef V
#undef NL
#undef I
#undef VAND
#undef VOR
#undef VANDNOT
#undef VZERO
#undef WIDEN
#undef LOADW
#undef LOW128
#undef PACKROW
#undef SUM32
#undef TARGET
#undef NAME

/* ---- AVX2: one chunk of 16 ---- */

static inline AVX2 __m128i sum32_avx2(__m256i v)
{
    v = _mm256_madd_epi16(v, _mm256_set1_epi16(1));
    return _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

#define V __m256i
#define NL 16
#define I(op) _mm256_##op
#define VAND _mm256_and_si256
#define VOR _mm256_or_si256
#define VANDNOT _mm256_andnot_si256
#define VZERO _mm256_setzero_si256()
#define WIDEN(x) _mm256_cvtepu8_epi16(x)
#define LOADW(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(p)))
#define LOW128(v) _mm256_castsi256_si128(v)
#define PACKROW(v) \
    _mm_packus_epi16(_mm256_castsi256_si128((v)[0]), _mm256_extracti128_si256((v)[0], 1))
#define SUM32(v) sum32_avx2(v)
#define TARGET AVX2
#define NAME(f) f##_avx2

#include "fmd_simd_body.h"

#endif
