/* The smoothness check, the per pixel MCDI kernels and the final blend (dsp.h) for one
 * instruction set, included by mcdi_pixel_simd.c once per set.  A line's 16
 * pixels are 16 / NL chunks of NL 16-bit lanes; a pixel pair's values sit
 * in the 32-bit lane over its two pixels, so a pair's 0 / -1 mask is also
 * the mask of both its pixels.  The includer defines
 *   V, NL          the vector type and its pixels (16-bit lanes)
 *   I(op)          the intrinsic op of that width (I(add_epi16))
 *   VAND, VOR, VANDNOT, VZERO
 *   TAB(t)         a 16-byte table in every 128-bit half, for pshufb
 *   BYTES16(p)     16 bytes at p for the first 8 pixels of the chunk, at
 *                  p + 8 for the next 8 (AVX2 only)
 *   LOADW(p)       NL bytes at p as words
 *   PAIR8(p), PAIR8S(p), PAIR16(p), PAIR32(p)
 *                  NL / 2 pair values (uint8, int8, uint16, uint32) as dwords
 *   STORE_ROW(p, r) the chunks r[] of words stored as 16 bytes
 *   TARGET, NAME(f) */

enum { NAME(NC) = 16 / NL };

/* Motion compensation (mcdi_compensate_c) of the chunk's pixels at x0 with
 * pair vectors mx, my (dwords), as words.  Each 8 pixels gather their two
 * columns x + Mx/2 and x + Mx - Mx/2 (offsets -3..3) from one 16-byte row
 * at x - 3 with pshufb, interleaved so that pmaddubsw adds them; the rows
 * l, l - 2 (My = -2) and l + 2 (My = 2) give the four terms. */
static inline TARGET V NAME(compensate)(const di_view *w, int l, int x0, V mx, V my)
{
    /* o0 + 3 = Mx/2 + 3 by Mx + 6; o1 + 3 = (Mx + 6) - (o0 + 3) */
    const __m128i half = _mm_setr_epi8(0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 0, 0, 0);
    const __m128i dup4 = _mm_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const __m128i odd = _mm_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1, 0, -1);
    const __m128i col = _mm_setr_epi8(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
    V k = I(shuffle_epi8)(I(add_epi32)(mx, I(set1_epi32)(6)), TAB(dup4));
    V o0 = I(shuffle_epi8)(TAB(half), k);
    V idx = I(add_epi8)(I(blendv_epi8)(o0, I(sub_epi8)(k, o0), TAB(odd)), TAB(col));
    V ones = I(set1_epi8)(1), h[3];
    for (int r = 0; r < 3; r++)     /* lines l - 2, l, l + 2 */
        h[r] = I(maddubs_epi16)(I(shuffle_epi8)(BYTES16(&DIV(w, x0 - 3, l - 2 + 2 * r)), idx), ones);
    V up = I(cmpgt_epi32)(I(set1_epi32)(-1), my), down = I(cmpgt_epi32)(my, I(set1_epi32)(1));
    V sum = I(add_epi16)(I(blendv_epi8)(h[1], h[0], up), I(blendv_epi8)(h[1], h[2], down));
    return I(srli_epi16)(I(add_epi16)(sum, I(set1_epi16)(2)), 2);
}

/* The smoothness check (mcdi_smoothness) a line at a time, a pair per
 * 16-bit lane (8 lanes whatever the set): sums and differences of int8
 * vectors and thresholds limited to 256 fit. */
void TARGET NAME(mcdi_smooth)(const g7sf_di_params *p, mcdi_block *m)
{
    const __m128i swap = _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    __m128i th = _mm_set1_epi16((short)(p->smooth_mv_th > 256 ? 256 : p->smooth_mv_th));
    __m128i x[4], y[4];
    for (int l = 0; l < 4; l++) {
        x[l] = _mm_cvtepi8_epi16(_mm_loadl_epi64((const __m128i *)m->mvx[l]));
        y[l] = _mm_cvtepi8_epi16(_mm_loadl_epi64((const __m128i *)m->mvy[l]));
    }
    for (int l = 0; l < 4; l++) {
        int l1 = l < 2 ? l + 1 : l - 1, l2 = l < 2 ? l + 2 : l - 2;
        __m128i d[6] = { _mm_add_epi16(x[l], x[l1]), _mm_add_epi16(y[l], y[l1]),
                         _mm_sub_epi16(x[l], x[l2]), _mm_sub_epi16(y[l], y[l2]),
                         _mm_sub_epi16(x[l], _mm_shuffle_epi8(x[l], swap)),
                         _mm_sub_epi16(y[l], _mm_shuffle_epi8(y[l], swap)) };
        __m128i far = _mm_setzero_si128();
        for (int k = 0; k < 6; k++)
            far = _mm_or_si128(far, _mm_cmpgt_epi16(_mm_abs_epi16(d[k]), th));
        __m128i ok = _mm_andnot_si128(far, _mm_set1_epi16(1));
        _mm_storel_epi64((__m128i *)m->smooth[l], _mm_packus_epi16(ok, ok));
    }
}

void TARGET NAME(mcdi_compensate)(const di_view *w, int l, const int8_t mvx[8],
                                  const int8_t mvy[8], uint8_t out[16])
{
    V r[NAME(NC)];
    for (int c = 0; c < NAME(NC); c++)
        r[c] = NAME(compensate)(w, l, c * NL, PAIR8S(mvx + c * NL / 2), PAIR8S(mvy + c * NL / 2));
    STORE_ROW(out, r);
}

/* The chunk's bytes of line y at x + e[x / 2] (|e| <= 5), as words: two
 * pshufb of 4 pixels each, from the 16 bytes at x0 - 5 and x0 - 1. */
static inline TARGET V NAME(along_edge)(const di_view *pic, int y, int x0, V e)
{
    const __m128i dup2 = _mm_setr_epi8(0, 0, 4, 4, 8, 8, 12, 12, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m128i base = _mm_setr_epi8(5, 6, 7, 8, 5, 6, 7, 8, -128, -128, -128, -128, -128,
                                       -128, -128, -128);
    const __m128i lo = _mm_setr_epi8(0, 0, 0, 0, -128, -128, -128, -128, -128, -128, -128, -128,
                                     -128, -128, -128, -128);
    const __m128i hi = _mm_setr_epi8(-128, -128, -128, -128, 0, 0, 0, 0, -128, -128, -128, -128,
                                     -128, -128, -128, -128);
    V idx = I(add_epi8)(TAB(base), I(shuffle_epi8)(e, TAB(dup2)));
    V b = VOR(I(shuffle_epi8)(BYTES16(&DIV(pic, x0 - 5, y)), VOR(idx, TAB(lo))),
              I(shuffle_epi8)(BYTES16(&DIV(pic, x0 - 1, y)), VOR(idx, TAB(hi))));
    return I(unpacklo_epi8)(b, VZERO);
}

/* The pair tests of mcdi_select for the chunk's pairs (dwords): ok (smooth
 * and, outside the low band, the CAT band, the 90 degree angle and the tight
 * SAD test) and low (best SAD in the low band). */
static inline TARGET void NAME(pair_tests)(const mcdi_pixel_params *q, const mcdi_block *m, int l,
                                         const mcdi_line_info *s, int i0, V e, V *ok, V *low)
{
    V sad = PAIR16(m->sad[l] + i0), scm = PAIR32(s->scm + i0);
    V cost2 = I(slli_epi32)(PAIR16(s->angle_cost + i0), 1);
    *low = VANDNOT(I(cmpgt_epi32)(sad, I(set1_epi32)(q->cat_th1)), I(set1_epi32)(-1));
    /* CAT_TH2 * 30 <= SAD: below SCM_A and above SCM_B against 30 * SAD_THA,
     * 30 * SAD_THB; between, SCM / slope <= SAD / 30, i.e. SCM < slope *
     * (SAD / 30 + 1), SAD / 30 as (SAD * 34953) >> 20 (exact below 2^16) */
    V sad30 = I(srli_epi32)(I(mullo_epi32)(sad, I(set1_epi32)(34953)), 20);
    V prod = I(mullo_epi32)(I(set1_epi32)(q->slope), I(add_epi32)(sad30, I(set1_epi32)(1)));
    V in_a = I(cmpgt_epi32)(I(set1_epi32)(q->scm_a), scm);
    V in_b = I(cmpgt_epi32)(scm, I(set1_epi32)(q->scm_b));
    V high = I(cmpgt_epi32)(prod, scm);        /* SAD >= CAT_TH2 * 30 */
    high = I(blendv_epi8)(high, VANDNOT(I(cmpgt_epi32)(I(set1_epi32)(q->sad_b), sad),
                                        I(set1_epi32)(-1)), in_b);
    high = I(blendv_epi8)(high, VANDNOT(I(cmpgt_epi32)(I(set1_epi32)(q->sad_a), sad),
                                        I(set1_epi32)(-1)), in_a);
    V tight = I(cmpgt_epi32)(cost2, I(add_epi32)(sad, I(set1_epi32)(q->tight)));
    V mid = VANDNOT(high, VAND(I(cmpeq_epi32)(e, VZERO), tight));
    *ok = VAND(I(cmpgt_epi32)(PAIR8(m->smooth[l] + i0), VZERO), VOR(*low, mid));
}

void TARGET NAME(mcdi_choose)(const mcdi_pixel_params *q, const mcdi_block *m,
                              const di_view *pic, int l, const mcdi_line_info *s,
                              const uint8_t sdi[16], uint8_t out[16])
{
    V r[NAME(NC)];
    for (int c = 0; c < NAME(NC); c++) {
        int x0 = c * NL, i0 = x0 / 2;
        V e = PAIR8S(s->edge + i0), ok, low;
        NAME(pair_tests)(q, m, l, s, i0, e, &ok, &low);
        /* consistency: D_MC against the picture's own value, the opposite vector */
        V mc = LOADW(m->mc[l] + x0);
        V own = NAME(compensate)(pic, l, x0, I(sub_epi32)(VZERO, PAIR8S(m->mvx[l] + i0)),
                                 I(sub_epi32)(VZERO, PAIR8S(m->mvy[l] + i0)));
        V d_mc = I(abs_epi16)(I(sub_epi16)(mc, own));
        V d_sdi = I(abs_epi16)(I(sub_epi16)(NAME(along_edge)(pic, l - 1, x0, I(sub_epi32)(VZERO, e)),
                                            NAME(along_edge)(pic, l + 1, x0, e)));
        V cons = VAND(I(cmpgt_epi16)(d_sdi, d_mc),
                      I(cmpgt_epi16)(I(set1_epi16)(q->consistency_th), d_mc));
        /* NeighborPixel_TH: within th of [min, max] of the vertical neighbours */
        V a = LOADW(&DIV(pic, x0, l - 1)), b = LOADW(&DIV(pic, x0, l + 1));
        V th = I(set1_epi16)(q->neighbor_th);
        V far = VOR(I(cmpgt_epi16)(I(min_epi16)(a, b), I(add_epi16)(mc, th)),
                    I(cmpgt_epi16)(mc, I(add_epi16)(I(max_epi16)(a, b), th)));
        V take = VAND(VAND(ok, cons), VOR(low, VANDNOT(far, I(set1_epi16)(-1))));
        r[c] = I(blendv_epi8)(LOADW(sdi + x0), mc, take);
    }
    STORE_ROW(out, r);
}

void TARGET NAME(di_blend_line)(const g7sf_di_params *p, const uint8_t stmm3[8],
                                const uint8_t v[16], const uint8_t a[16], const uint8_t b[16],
                                uint8_t out[16])
{
    V lo = I(set1_epi16)((short)p->stmm_min), hi = I(set1_epi16)((short)p->stmm_max);
    __m128i shift = _mm_cvtsi32_si128((int)p->stmm_shift);
    V r[NAME(NC)];
    for (int c = 0; c < NAME(NC); c++) {
        int x0 = c * NL;
        V st = PAIR8(stmm3 + x0 / 2);
        st = VOR(st, I(slli_epi32)(st, 16));        /* both pixels of the pair */
        V sp = LOADW(v + x0), tm = I(avg_epu16)(LOADW(a + x0), LOADW(b + x0));
        /* lo <= STMM3 <= hi: the products stay below (hi - lo) * 256 */
        V mix = I(add_epi16)(I(mullo_epi16)(I(sub_epi16)(st, lo), sp),
                             I(mullo_epi16)(I(sub_epi16)(hi, st), tm));
        mix = I(min_epu16)(I(srl_epi16)(mix, shift), I(set1_epi16)(255));
        mix = I(blendv_epi8)(mix, sp, I(cmpgt_epi16)(st, hi));
        r[c] = I(blendv_epi8)(mix, tm, I(cmpgt_epi16)(lo, st));
    }
    STORE_ROW(out, r);
}
