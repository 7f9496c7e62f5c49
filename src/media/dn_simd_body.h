/* The denoise kernels (dsp.h) for one instruction set, included by
 * dn_simd.c once per set.  The block's 16 pixels of a line are 16 / NL
 * chunks of NL 16-bit lanes; the includer defines
 *   V, NL          the vector type and its lanes
 *   I(op)          the intrinsic op of that width (I(add_epi16))
 *   VAND, VOR, VZERO
 *   LOADW(p)       NL bytes at p as words
 *   GROUPW(p, x0)  lane i: byte p[(x0 + i) / 4] (a value per 4x4)
 *   TABW(t)        a 16-byte table in every 128-bit half, for pshufb
 *   GROUP4(v)      4 dwords: the sums of lanes 4g .. 4g + 3 of chunks v[]
 *   STORE_ROW(p, r), HMIN(v)
 *   TARGET, NAME(f) */

enum { NAME(NC) = DN_BW / NL };

/* The 4x4 measures of band b (lines 4b .. 4b + 3), per lane: the sums
 * over the band's lines of |d|, d, |d| >= th, the horizontal and the
 * vertical activity. */
static inline TARGET void NAME(band_sums)(const dn_window *w, V th1, int b, int x0, V s[5])
{
    const uint8_t *const *c = &w->cur[w->step + 4 * b];
    V stad = VZERO, tsd = VZERO, mp = VZERO, shcm = VZERO, svcm = VZERO;
    V cc = LOADW(c[0] + 1 + x0);
    for (int r = 0; r < 4; r++) {
        V d = I(sub_epi16)(cc, LOADW(w->prev[4 * b + r] + x0)), ad = I(abs_epi16)(d);
        stad = I(add_epi16)(stad, ad);
        tsd = I(add_epi16)(tsd, d);
        mp = I(sub_epi16)(mp, I(cmpgt_epi16)(ad, th1));
        shcm = I(add_epi16)(shcm, I(abs_epi16)(I(sub_epi16)(cc, LOADW(c[r] + 2 + x0))));
        if (r < 3) {
            V next = LOADW(c[r + 1] + 1 + x0);
            svcm = I(add_epi16)(svcm, I(abs_epi16)(I(sub_epi16)(cc, next)));
            cc = next;
        }
    }
    s[0] = stad, s[1] = tsd, s[2] = mp, s[3] = svcm;
    /* the last column of each 4x4 has no right neighbour inside it */
    s[4] = VAND(shcm, I(set1_epi64x)(0x0000FFFFFFFFFFFF));
}

void TARGET NAME(dn_motion)(const dn_window *w, unsigned th, g7sf_dn_block_stats *st)
{
    V th1 = I(set1_epi16)((short)((int)th - 1));
    for (int b = 0; b < w->bh / 4; b++) {
        V s[5][NAME(NC)];
        for (int c = 0; c < NAME(NC); c++) {
            V t[5];
            NAME(band_sums)(w, th1, b, c * NL, t);
            for (int q = 0; q < 5; q++)
                s[q][c] = t[q];
        }
        dn_store_groups(st, b, GROUP4(s[0]), GROUP4(s[1]), GROUP4(s[2]), GROUP4(s[3]),
                        GROUP4(s[4]));
    }
}

/* The filter's controls in every lane. */
typedef struct NAME(dn_lanes) {
    V gn1, th, th1, low, q, half, edge, noise, qlo, qhi;
} NAME(dn_lanes);

static inline TARGET V NAME(absd)(V a, V b) { return I(abs_epi16)(I(sub_epi16)(a, b)); }

static inline TARGET V NAME(med3)(V a, V b, V c)
{
    return I(max_epi16)(I(min_epi16)(a, b), I(min_epi16)(I(max_epi16)(a, b), c));
}

/* a * q >> sh for a * q < 2^(16 + sh): the 32-bit product in two halves */
#define MULSHR(a, q, sh) \
    VOR(I(srli_epi16)(I(mullo_epi16)(a, q), sh), I(slli_epi16)(I(mulhi_epu16)(a, q), 16 - (sh)))

/* Output pixels x0 .. x0 + NL - 1 of block line y; h the lanes' new
 * history, mv all ones where the 4x4 moves.  Lowers *bmin to the metric
 * of the lanes that pass the BNE test. */
static inline TARGET V NAME(filter_lanes)(const dn_window *w, const NAME(dn_lanes) *k, int y,
                                          int x0, V h, V mv, V *bmin)
{
    const uint8_t *u = w->cur[y] + x0, *m = w->cur[y + w->step] + x0,
                  *d = w->cur[y + 2 * w->step] + x0;
    V u0 = LOADW(u), u1 = LOADW(u + 1), u2 = LOADW(u + 2);
    V m0 = LOADW(m), ctr = LOADW(m + 1), m2 = LOADW(m + 2);
    V d0 = LOADW(d), d1 = LOADW(d + 1), d2 = LOADW(d + 2);
    const V one = I(set1_epi16)(1), c255 = I(set1_epi16)(255);

    /* good neighbours: |v - ctr| <= gn, summed and counted (n >= 1) */
    V s = VZERO, n = VZERO;
#define GOOD(v) do { V g_ = I(cmpgt_epi16)(k->gn1, NAME(absd)(v, ctr)); \
                     s = I(add_epi16)(s, VAND(g_, v)); n = I(sub_epi16)(n, g_); } while (0)
    GOOD(u0); GOOD(u1); GOOD(u2);
    GOOD(m0); GOOD(ctr); GOOD(m2);
    GOOD(d0); GOOD(d1); GOOD(d2);
#undef GOOD
    /* gn_q_table[n - 1]: its low and high bytes by pshufb, index n - 1 in
     * each word's low byte, 0x80 (a zero) in the high one */
    V idx = VOR(I(sub_epi16)(n, one), I(set1_epi16)((short)0x8000));
    V qn = VOR(I(shuffle_epi8)(k->qlo, idx), I(slli_epi16)(I(shuffle_epi8)(k->qhi, idx), 8));
    V spatial = MULSHR(I(add_epi16)(s, I(srli_epi16)(n, 1)), qn, 11);

    /* the columns' sorted triples: range and median9 of the 3x3 */
    V lo0 = I(min_epi16)(I(min_epi16)(u0, m0), d0), hi0 = I(max_epi16)(I(max_epi16)(u0, m0), d0);
    V lo1 = I(min_epi16)(I(min_epi16)(u1, ctr), d1), hi1 = I(max_epi16)(I(max_epi16)(u1, ctr), d1);
    V lo2 = I(min_epi16)(I(min_epi16)(u2, m2), d2), hi2 = I(max_epi16)(I(max_epi16)(u2, m2), d2);
    V lo = I(min_epi16)(I(min_epi16)(lo0, lo1), lo2), hi = I(max_epi16)(I(max_epi16)(hi0, hi1), hi2);
    V med = NAME(med3)(I(max_epi16)(I(max_epi16)(lo0, lo1), lo2),
                       NAME(med3)(NAME(med3)(u0, m0, d0), NAME(med3)(u1, ctr, d1),
                                  NAME(med3)(u2, m2, d2)),
                       I(min_epi16)(I(min_epi16)(hi0, hi1), hi2));

    /* block noise estimate */
    V sm = VZERO, mx = VZERO;
#define DEV(v) do { V e_ = NAME(absd)(v, med); sm = I(add_epi16)(sm, e_); mx = I(max_epi16)(mx, e_); } while (0)
    DEV(u0); DEV(u1); DEV(u2);
    DEV(m0); DEV(ctr); DEV(m2);
    DEV(d0); DEV(d1); DEV(d2);
#undef DEV
    V hrz = NAME(absd)(I(add_epi16)(I(add_epi16)(u0, u2), I(add_epi16)(u1, u1)),
                       I(add_epi16)(I(add_epi16)(d0, d2), I(add_epi16)(d1, d1)));
    V vrt = NAME(absd)(I(add_epi16)(I(add_epi16)(u0, d0), I(add_epi16)(m0, m0)),
                       I(add_epi16)(I(add_epi16)(u2, d2), I(add_epi16)(m2, m2)));
    V pass = VAND(I(cmpgt_epi16)(k->edge, I(srli_epi16)(I(add_epi16)(hrz, vrt), 3)),
                  I(cmpgt_epi16)(k->noise, mx));
    *bmin = I(min_epu16)(*bmin, I(blendv_epi8)(c255, sm, pass));

    /* temporal filter and its out-of-range clamp; the sums stay below 2^16 */
    V pv = LOADW(w->prev[y] + x0);
    V t = I(srli_epi16)(I(add_epi16)(I(add_epi16)(I(mullo_epi16)(h, pv),
                                                  I(mullo_epi16)(I(sub_epi16)(I(set1_epi16)(256), h), ctr)),
                                     I(set1_epi16)(128)), 8);
    t = I(blendv_epi8)(t, I(srli_epi16)(I(add_epi16)(t, hi), 1),
                       I(cmpgt_epi16)(t, I(sub_epi16)(hi, one)));
    t = I(blendv_epi8)(t, I(srli_epi16)(I(add_epi16)(t, lo), 1), I(cmpgt_epi16)(lo, t));

    /* blend: the interpolation is only kept where low <= t_diff < th,
     * where it is at most 255 * 16 + 8 */
    V td = NAME(absd)(ctr, pv);
    V x = I(add_epi16)(I(add_epi16)(I(mullo_epi16)(spatial, I(sub_epi16)(td, k->low)),
                                    I(mullo_epi16)(t, I(sub_epi16)(k->th, td))),
                       k->half);
    V r = I(min_epu16)(MULSHR(x, k->q, 10), c255);
    r = I(blendv_epi8)(r, t, I(cmpgt_epi16)(k->low, td));
    return I(blendv_epi8)(r, spatial, VOR(I(cmpgt_epi16)(td, k->th1), mv));
}

unsigned TARGET NAME(dn_filter)(const dn_window *w, const dn_filter_params *fp,
                                const uint8_t hist[8], const uint8_t moving[8], uint8_t *out,
                                int out_stride)
{
    __m128i qlo, qhi;
    dn_gn_q_bytes(&qlo, &qhi);
    const NAME(dn_lanes) k = {
        .gn1 = I(set1_epi16)((short)(fp->gn + 1)),
        .th = I(set1_epi16)((short)fp->th),
        .th1 = I(set1_epi16)((short)(fp->th - 1)),
        .low = I(set1_epi16)((short)fp->low),
        .q = I(set1_epi16)((short)fp->q),
        .half = I(set1_epi16)((short)((fp->th - fp->low) / 2)),
        .edge = I(set1_epi16)((short)fp->edge_th),
        .noise = I(set1_epi16)((short)fp->noise_th),
        .qlo = TABW(qlo),
        .qhi = TABW(qhi),
    };
    V bmin = I(set1_epi16)(255);
    for (int y = 0; y < w->bh; y++) {
        V r[NAME(NC)];
        for (int c = 0; c < NAME(NC); c++) {
            int b4 = y / 4 * 4;     /* the line's first 4x4 */
            V mv = I(cmpgt_epi16)(GROUPW(moving + b4, c * NL), VZERO);
            r[c] = NAME(filter_lanes)(w, &k, y, c * NL, GROUPW(hist + b4, c * NL), mv, &bmin);
        }
        STORE_ROW(out + y * out_stride, r);
    }
    return HMIN(bmin);
}

#undef MULSHR
