/* The STMM kernel (dsp.h) for one instruction set, included by stmm_simd.c
 * once per set.  A row is the 32 columns -6 .. 25 as in stmm.c: as bytes,
 * or as 16 words, word j holding column 2j - 6 (EVEN), 2j - 5 (ODD) or the
 * pair's sum; lane i of the results reads words i + 1 .. i + 3, so each sum
 * is shifted down 1..3 lanes with zeros coming in, as split() pads.  The
 * includer defines
 *   V                  32 bytes, or 16 words
 *   LOADB(p)           the 32 bytes at p
 *   VADD VSUB VMAX VABS VAND VSRLI VSLLI VMULHI VMADDUBS VSET1 VZERO
 *                      the 16-bit (and maddubs) operations on V
 *   ABSDB(a, b)        |a - b| of bytes
 *   SHR(v, n)          lane i gets lane i + n, zeros above
 *   STOREW(p, v)       the 16 words to p
 *   STMM_Q(t, d, s1, s2, dst)  the 16 bytes min(255, ((t >> s1) << s2) / d)
 *   TARGET, NAME(f) */

#define EVEN(v) VAND(v, VSET1(0xFF))
#define ODD(v) VSRLI(v, 8)
/* byte weights (even, odd) for maddubs */
#define WEIGHTS(e, o) VSET1((o) << 8 | (e))

/* The cross filter c' of row y (line 1017) in even and odd columns: the
 * horizontal 1 2 1 by maddubs over the columns shifted one left, the
 * vertical 2s by maddubs picking the even or the odd byte. */
static inline TARGET void NAME(cross)(const di_window *w, int y, V *e, V *o)
{
    const uint8_t *m = &DIW(w, C0, y);
    V mm = LOADB(m), u = LOADB(&DIW(w, C0, y - 2)), d = LOADB(&DIW(w, C0, y + 2));
    V w12 = WEIGHTS(1, 2), w20 = WEIGHTS(2, 0), w02 = WEIGHTS(0, 2);
    V se = VADD(VADD(VMADDUBS(LOADB(m - 1), w12), ODD(mm)),
                VADD(VMADDUBS(u, w20), VMADDUBS(d, w20)));
    V so = VADD(VADD(VMADDUBS(mm, w12), ODD(LOADB(m + 1))),
                VADD(VMADDUBS(u, w02), VMADDUBS(d, w02)));
    *e = VSRLI(se, 3);
    *o = VSRLI(so, 3);
}

void TARGET NAME(di_stmm_measure)(const g7sf_di_params *p, const di_window *wp,
                                  const di_window *wc, int by, di_stmm s[4])
{
    /* |c' - r'| of rows -2..5, even and odd columns */
    V ade[8], ado[8];
    for (int r = 0; r < 8; r++) {
        V pe, po, ce, co;
        NAME(cross)(wp, r - 2, &pe, &po);
        NAME(cross)(wc, r - 2, &ce, &co);
        ade[r] = VABS(VSUB(pe, ce));
        ado[r] = VABS(VSUB(po, co));
    }
    __m128i s1 = _mm_cvtsi32_si128((int)p->tdm_shift1), s2 = _mm_cvtsi32_si128((int)p->tdm_shift2);
    V c2 = VSET1((int)p->stmm_c2), mul = VSET1((int)p->vecm_mul << 6), ones = WEIGHTS(1, 1);
    V te = VZERO, to = VZERO;
    for (int r = 0; r < 4; r++)
        te = VADD(te, ade[r]), to = VADD(to, ado[r]);
    for (int l = 0; l < 4; l++) {
        /* TDM rows l - 2 .. l + 2 */
        te = VADD(te, ade[l + 4]), to = VADD(to, ado[l + 4]);
        const di_window *pic = di_first_field_line(p, by + l) ? wp : wc;
        /* SVCM: the pairs' |c(y) - c(y - 2)| over y = l .. l + 2; SHCM
         * pairs and odd columns of |c(x) - c(x + 1)| over l - 1 .. l + 1,
         * VECM's even columns of it over l - 2 .. l + 2 */
        V row[5], vp = VZERO, hp = VZERO, ho = VZERO, h5e = VZERO;
        for (int k = 0; k < 5; k++) {
            const uint8_t *c = &DIW(pic, C0, l - 2 + k);
            V hd = ABSDB(row[k] = LOADB(c), LOADB(c + 1));
            if (k == 0 || k == 4) {
                h5e = VADD(h5e, EVEN(hd));
            } else {
                hp = VADD(hp, VMADDUBS(hd, ones));
                ho = VADD(ho, ODD(hd));
            }
            if (k >= 2)
                vp = VADD(vp, VMADDUBS(ABSDB(row[k], row[k - 2]), ones));
        }
        h5e = VADD(h5e, VSUB(hp, ho));
        V svcm = SHR(vp, 2), shcm = VADD(SHR(ho, 1), SHR(hp, 2));
        /* (h * mul) >> 5 as the high word of (h << 5) * (mul << 6): h <= 1275 */
        V vecm = VMULHI(VSLLI(SHR(h5e, 2), 5), mul);
        V scm = VMAX(VSUB(VADD(svcm, shcm), vecm), VZERO);
        V tdm = VADD(VADD(SHR(to, 1), SHR(VADD(te, to), 2)), SHR(te, 3));
        di_stmm *o = &s[l];
        STOREW(o->svcm, svcm);
        STOREW(o->shcm, shcm);
        STOREW(o->vecm, vecm);
        STOREW(o->scm, scm);
        STOREW(o->tdm, tdm);
        STMM_Q(tdm, VADD(VSRLI(scm, 4), c2), s1, s2, o->stmm);
        te = VSUB(te, ade[l]), to = VSUB(to, ado[l]);
    }
}

#undef EVEN
#undef ODD
#undef WEIGHTS
