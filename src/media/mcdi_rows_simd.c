/* The AVX2 version of the line MCDI kernels (mcdi_rows.h); the definitions
 * are the C kernels in mcdi_rows.c, which these match bit for bit
 * (tests/test_mcdi_rows.c).  Column pairs run 16 to a vector in 16-bit
 * lanes, pixels 32 to a vector; the rows hold 8 times the differences (a
 * 6x5 SAD of §2.8.4.9 is at most 30 x 255 = 7650, times 8 61200: still
 * 16 bits, with 3 bits free for the candidate, best_group).  The loops run
 * over whole vectors into the rows' room (mcdi_rows.h). */
#include "core/cpu.h"
#include "dsp.h"
#include "mcdi_rows.h"

#if CPU_X86
#include "simd_x86.h"

typedef __m256i V;

static inline AVX2 V load(const void *p) { return _mm256_loadu_si256((const V *)p); }
static inline AVX2 void store(void *p, V v) { _mm256_storeu_si256((V *)p, v); }

/* |a - b| of 32 bytes summed in column pairs, times 8 (the rows' unit:
 * see best_group); at most 2 x 255 x 8 = 4080, which pmaddubsw's signed
 * sums hold. */
static inline AVX2 V pair_ad8(V a, V b)
{
    V d = _mm256_or_si256(_mm256_subs_epu8(a, b), _mm256_subs_epu8(b, a));
    return _mm256_maddubs_epi16(d, _mm256_set1_epi8(8));
}

/* The 16 candidates' vectors for the column pairs from q (at out, the
 * next 16 x 16 entries): the picture's 32 bytes loaded once for all 16
 * references b[k] (the reference line of My_k moved by Mx_k). */
static inline AVX2 void diff_at(const uint8_t *pic, const uint8_t *const b[MCDI_NCAND],
                                const uint16_t *add, uint16_t *out, int q)
{
    V a = load(pic + 2 * q - 2);
    for (int k = 0; k < MCDI_NCAND; k++) {
        V d = pair_ad8(a, load(b[k] + 2 * q - 2));
        store(out + 16 * k, add ? _mm256_add_epi16(d, load(add + 16 * k)) : d);
    }
}

static AVX2 void diff_avx2(const uint8_t *pic, const uint8_t *const ref[3], const uint16_t *add,
                           uint16_t *out, int ps)
{
    const uint8_t *b[MCDI_NCAND];
    for (int k = 0; k < MCDI_NCAND; k++)
        b[k] = ref[mcdi_cand[k][1] / 2 + 1] + mcdi_cand[k][0];
    /* two loops, so that neither tests add per vector */
    if (add)
        for (int q = 0; q < ps; q += 16)
            diff_at(pic, b, add + mr_at(0, q), out + mr_at(0, q), q);
    else
        for (int q = 0; q < ps; q += 16)
            diff_at(pic, b, NULL, out + mr_at(0, q), q);
}

/* Mx and My of the 16 candidates, one byte each: the tables pshufb looks
 * the best candidates' vectors up in (as in mcdi_simd.c). */
static inline AVX2 void cand_xy(__m128i *x, __m128i *y)
{
    const __m128i *c = (const __m128i *)(const void *)mcdi_cand;
    __m128i even = _mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15);
    __m128i lo = _mm_shuffle_epi8(_mm_loadu_si128(c), even);        /* x 0..7, y 0..7 */
    __m128i hi = _mm_shuffle_epi8(_mm_loadu_si128(c + 1), even);    /* x 8..15, y 8..15 */
    *x = _mm_unpacklo_epi64(lo, hi);
    *y = _mm_unpackhi_epi64(lo, hi);
}

enum { CHUNK = 8 };             /* vectors of pairs whose bests stay in registers */

/* The best of candidates k0 .. k0 + 7 for the nv vectors of pairs from i0
 * (nv <= CHUNK).  The rows are 8 times the differences, so a SAD comes as
 * 8 x SAD <= 61200 and its low 3 bits are free: the candidate goes there
 * as 7 - (k - k0), and one unsigned minimum per candidate keeps the
 * smallest SAD and, of equal ones, the last candidate (sad <= best of
 * mcdi_search_c).  Per candidate: the 5 lines' sums V for nv + 1 vectors
 * into v (the window of a vector's last pair reaches two past it), then
 * the 6x5 windows V(i) + V(i + 1) + V(i + 2). */
static inline AVX2 void best_group(const uint16_t *r0, const uint16_t *r1, const uint16_t *p,
                                   int i0, int nv, int k0, V acc[CHUNK])
{
    uint16_t v[(CHUNK + 1) * 16];
    for (int j = 0; j < nv; j++)
        acc[j] = _mm256_set1_epi16(-1);
    /* vector j of candidate k at 256 j + 16 k from the chunk's start */
    size_t o0 = mr_at(k0, i0);
    r0 += o0, r1 += o0, p += o0;
    for (int k = k0; k < k0 + 8; k++, r0 += 16, r1 += 16, p += 16) {
        for (int j = 0; j <= nv; j++)
            store(v + 16 * j, _mm256_add_epi16(_mm256_add_epi16(load(r0 + 256 * j),
                                                                load(r1 + 256 * j)),
                                               load(p + 256 * j)));
        V tag = _mm256_set1_epi16((short)(7 - (k - k0)));
        for (int j = 0; j < nv; j++) {
            const uint16_t *c = v + 16 * j;
            V s = _mm256_add_epi16(_mm256_add_epi16(load(c), load(c + 1)), load(c + 2));
            acc[j] = _mm256_min_epu16(acc[j], _mm256_or_si256(s, tag));
        }
    }
}

/* The pairs from i0, nv vectors of them: candidates 0 .. 7 and 8 .. 15 in
 * two groups, the second winning ties (it was tested later). */
static inline AVX2 void best_chunk(const uint16_t *r0, const uint16_t *r1, const uint16_t *p,
                                   int i0, int nv, uint16_t *sad, int8_t *mvx, int8_t *mvy)
{
    V a0[CHUNK], a1[CHUNK];
    best_group(r0, r1, p, i0, nv, 0, a0);
    best_group(r0, r1, p, i0, nv, 8, a1);
    __m128i tx, ty;
    cand_xy(&tx, &ty);
    V seven = _mm256_set1_epi16(7);
    for (int j = 0; j < nv; j++) {
        int i = i0 + 16 * j;
        V s0 = _mm256_srli_epi16(a0[j], 3), s1 = _mm256_srli_epi16(a1[j], 3);
        V later = _mm256_cmpeq_epi16(_mm256_min_epu16(s1, s0), s1);
        V k0 = _mm256_xor_si256(_mm256_and_si256(a0[j], seven), seven);
        V k1 = _mm256_xor_si256(_mm256_and_si256(a1[j], seven), _mm256_set1_epi16(15));
        V k = _mm256_blendv_epi8(k0, k1, later);
        store(sad + i, _mm256_min_epu16(s0, s1));
        __m128i k8 = _mm_packus_epi16(_mm256_castsi256_si128(k), _mm256_extracti128_si256(k, 1));
        _mm_storeu_si128((__m128i *)(void *)(mvx + i), _mm_shuffle_epi8(tx, k8));
        _mm_storeu_si128((__m128i *)(void *)(mvy + i), _mm_shuffle_epi8(ty, k8));
    }
}

static AVX2 void best_avx2(const uint16_t *r0, const uint16_t *r1, const uint16_t *p, int w,
                           uint16_t *sad, int8_t *mvx, int8_t *mvy)
{
    int n = mr_pairs(w), i0 = 0;
    for (; i0 + CHUNK * 16 <= n; i0 += CHUNK * 16)
        best_chunk(r0, r1, p, i0, CHUNK, sad, mvx, mvy);
    if (i0 < n)
        best_chunk(r0, r1, p, i0, (n - i0) / 16, sad, mvx, mvy);
}

const mcdi_rows_dsp mcdi_rows_avx2 = { diff_avx2, best_avx2 };
#endif
