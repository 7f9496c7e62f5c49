/* The chroma deinterlace kernels (dsp.h) for one instruction set, included
 * by di_chroma_simd.c once per set after it defines TARGET, NAME(f) and
 * NAME(weigh)(p, s, sp, tp): the blend's weighted sum of 16 bytes. */

/* di_blend of 16 bytes: STMM3 s, spatial sp, temporal tp. */
static inline TARGET __m128i NAME(blend)(const g7sf_di_params *p, __m128i s, __m128i sp,
                                         __m128i tp)
{
    return blend_range(p, s, NAME(weigh)(p, s, sp, tp), sp, tp);
}

TARGET void NAME(di_chroma_up)(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                               const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                               uint8_t *dst)
{
    __m128i s = _mm_loadl_epi64((const __m128i *)s3);
    for (int h = 0; h < DI_CROW; h += 16) {
        __m128i v = floor_avg(load16(up + h), load16(dn + h));
        if (t0)
            v = NAME(blend)(p, _mm_shuffle_epi8(s, up_pairs(h)), v,
                            floor_avg(load16(t0 + h), load16(t1 + h)));
        _mm_storeu_si128((__m128i *)(dst + h), v);
    }
}

TARGET void NAME(di_chroma_sdi)(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b,
                                const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                                const uint8_t angle[8], uint8_t dst[16])
{
    __m128i s = pairs_to_bytes(s3), c90 = _mm_avg_epu8(load16(a + 2), load16(b + 2));
    __m128i v = NAME(blend)(p, s, sdi_three(a, b, c90, pairs_to_bytes(angle)), c90);
    if (t0)
        v = NAME(blend)(p, s, v, _mm_avg_epu8(load16(t0 + 2), load16(t1 + 2)));
    _mm_storeu_si128((__m128i *)dst, v);
}
