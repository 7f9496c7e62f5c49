/* The FMD grid kernel (dsp.h) for one instruction set, included by
 * fmd_simd.c once per set.  A grid line's 16 block columns are 16 / NL
 * chunks of NL 16-bit lanes; the includer defines
 *   V, NL          the vector type and its lanes
 *   I(op)          the intrinsic op of that width (I(add_epi16))
 *   VAND, VOR, VANDNOT, VZERO
 *   WIDEN(x)       the low NL bytes of the __m128i x as words
 *   LOADW(p)       NL bytes at p as words
 *   LOW128(v)      lanes 0 .. 7 of v
 *   PACKROW(v)     the 16 bytes of chunks v[] (words <= 255)
 *   SUM32(v)       an __m128i of 4 dwords whose sum is the sum of v's lanes
 *   TARGET, NAME(f) */

enum { NAME(NC) = 16 / NL };

/* An evaluation's input lines, one column per lane: cur lines y - 2 ..
 * y + 3, prev lines y - 1 .. y + 2 around grid line y. */
typedef struct NAME(fmd_in) {
    V c[6], p[4];
} NAME(fmd_in);

/* The thresholds (fmd_lanes) in every lane. */
typedef struct NAME(fmd_k) {
    V tdiff, h, vdiff2, moving_first;
} NAME(fmd_k);

static inline TARGET V NAME(fmd_absd)(V a, V b) { return I(abs_epi16)(I(sub_epi16)(a, b)); }

/* d * d for |d| <= 255: the low 16 bits hold it whole (unsigned) */
static inline TARGET V NAME(fmd_sq)(V d) { return I(mullo_epi16)(d, d); }

/* a <= b, unsigned */
static inline TARGET V NAME(fmd_le)(V a, V b)
{
    return I(cmpeq_epi16)(I(subs_epu16)(a, b), VZERO);
}

/* The TEAR test of square a2 against the sum s of two, a2 >= vdiff2 too. */
static inline TARGET V NAME(fmd_tear)(V a2, V s, V vdiff2)
{
    return VANDNOT(NAME(fmd_le)(a2, s), NAME(fmd_le)(vdiff2, a2));
}

/* max(min(u, d) - t, t - max(u, d)): half of |t-u| + |t-d| - |u-d| where
 * that is positive (t beyond both), at most 0 where t lies between them */
static inline TARGET V NAME(fmd_excess)(V t, V u, V d)
{
    return I(max_epi16)(I(sub_epi16)(I(min_epi16)(u, d), t), I(sub_epi16)(t, I(max_epi16)(u, d)));
}

/* The pixel codes (enum fmd_code) of the lanes, pixel_tests() in fmd.c;
 * d[] gets the five absolute differences summed for v0..v4. */
static inline TARGET V NAME(fmd_code)(const NAME(fmd_in) *in, const NAME(fmd_k) *k, bool first,
                                      V d[5])
{
    V ct = in->c[2], cb = in->c[3];
    V ctcb = NAME(fmd_absd)(ct, cb);
    V ctct2 = NAME(fmd_sq)(I(sub_epi16)(ct, in->c[4]));
    V cbcb2 = NAME(fmd_sq)(I(sub_epi16)(in->c[1], cb));
    V smooth = I(cmpgt_epi16)(k->h, I(max_epi16)(NAME(fmd_excess)(ct, in->c[0], in->c[4]),
                                                 NAME(fmd_excess)(cb, in->c[1], in->c[5])));
    V ctpt, cbpb, ctpb, cbpt, ptpt2, pbpb2, moving;
    if (first) {
        ctpt = cbpb = ctpb = cbpt = I(set1_epi16)(FMD_MAX_ABS);
        ptpt2 = pbpb2 = I(set1_epi16)((short)FMD_SQ_MAX);
        moving = k->moving_first;
    } else {
        V pt = in->p[1], pb = in->p[2];
        ctpt = NAME(fmd_absd)(ct, pt), cbpb = NAME(fmd_absd)(cb, pb);
        ctpb = NAME(fmd_absd)(ct, pb), cbpt = NAME(fmd_absd)(cb, pt);
        ptpt2 = NAME(fmd_sq)(I(sub_epi16)(pt, in->p[3]));
        pbpb2 = NAME(fmd_sq)(I(sub_epi16)(in->p[0], pb));
        /* |cTpT|^2 + |cBpB|^2 reaches 130050: summed in dword pairs */
        V lo = I(unpacklo_epi16)(ctpt, cbpb), hi = I(unpackhi_epi16)(ctpt, cbpb);
        moving = I(packs_epi32)(I(cmpgt_epi32)(I(madd_epi16)(lo, lo), k->tdiff),
                                I(cmpgt_epi32)(I(madd_epi16)(hi, hi), k->tdiff));
    }
    /* a single square (<= 65025) against a saturated sum of two: exact */
    V ctcb2 = NAME(fmd_sq)(ctcb), fit = NAME(fmd_le)(ctcb2, I(adds_epu16)(ctct2, cbcb2));
    V t1 = VANDNOT(fit, NAME(fmd_le)(k->vdiff2, ctcb2));
    V t2 = NAME(fmd_tear)(NAME(fmd_sq)(ctpb), I(adds_epu16)(ctct2, pbpb2), k->vdiff2);
    V t3 = NAME(fmd_tear)(NAME(fmd_sq)(cbpt), I(adds_epu16)(ptpt2, cbcb2), k->vdiff2);
    V tears = VOR(VOR(VAND(t1, I(set1_epi16)(FMD_TEAR1)), VAND(t2, I(set1_epi16)(FMD_TEAR2))),
                  VOR(VAND(t3, I(set1_epi16)(FMD_TEAR3)), I(set1_epi16)(FMD_MOTION)));
    /* FMD_TEARING, or FMD_FITTING = 2 x FMD_TEARING where cTcB does not tear */
    V counter = I(add_epi16)(I(set1_epi16)(FMD_TEARING), VAND(fit, I(set1_epi16)(FMD_TEARING)));
    d[0] = ctpt, d[1] = cbpb, d[2] = ctcb, d[3] = ctpb, d[4] = cbpt;
    return VAND(moving, VOR(VAND(smooth, tears), counter));
}

/* Columns x0 .. x0 + NL - 1 around grid line y. */
static inline TARGET void NAME(fmd_load)(const fmd_window *w, bool first, int y, int x0,
                                         NAME(fmd_in) *in)
{
    for (int j = 0; j < 6; j++)
        in->c[j] = LOADW(w->cur[FMD_WT + y - 2 + j] + 1 + x0);
    for (int j = 0; j < 4 && !first; j++)
        in->p[j] = LOADW(w->prev[FMD_WT + y - 1 + j] + 1 + x0);
}

/* The edge positions in lanes 0 .. 3 (fmd_edge_bytes). */
static inline TARGET void NAME(fmd_load_edges)(const fmd_window *w, bool first,
                                               NAME(fmd_in) *in)
{
    for (int j = 0; j < 6; j++)
        in->c[j] = WIDEN(fmd_edge_bytes(w->cur, j - 2));
    for (int j = 0; j < 4 && !first; j++)
        in->p[j] = WIDEN(fmd_edge_bytes(w->prev, j - 1));
}

static inline TARGET __attribute__((always_inline)) void
NAME(fmd_grid_run)(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g, bool first)
{
    fmd_lanes l;
    fmd_lanes_setup(p, &l);
    NAME(fmd_k) k = { I(set1_epi32)(l.tdiff), I(set1_epi16)(l.h), I(set1_epi16)(l.vdiff2),
                      I(set1_epi16)(l.moving_first) };
    __m128i code[4];
    V sum[5] = { VZERO, VZERO, VZERO, VZERO, VZERO }, d[5];
    for (int r = 0; r < 4; r++) {
        if ((r == 0 && (w->out & FMD_OUT_TOP)) || (r == 3 && (w->out & FMD_OUT_BOTTOM))) {
            code[r] = _mm_setzero_si128();
            continue;
        }
        V cv[NAME(NC)];
        for (int c = 0; c < NAME(NC); c++) {
            NAME(fmd_in) in;
            NAME(fmd_load)(w, first, 2 * r - 2, c * NL, &in);
            cv[c] = NAME(fmd_code)(&in, &k, first, d);
            for (int q = 0; q < 5 && (r == 1 || r == 2); q++)
                sum[q] = I(add_epi16)(sum[q], d[q]);    /* <= 4 x 255 a lane */
        }
        code[r] = PACKROW(cv);
    }
    NAME(fmd_in) in;
    NAME(fmd_load_edges)(w, first, &in);
    V e = NAME(fmd_code)(&in, &k, first, d);
    __m128i edges = _mm_packus_epi16(LOW128(e), _mm_setzero_si128());
    fmd_count(code, edges, w->out, g);
    fmd_sums(SUM32(sum[0]), SUM32(sum[1]), SUM32(sum[2]), SUM32(sum[3]), SUM32(sum[4]), g);
}

void TARGET NAME(fmd_grid)(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g)
{
    /* two copies: the first frame's has no prev work */
    if (w->first)
        NAME(fmd_grid_run)(w, p, g, true);
    else
        NAME(fmd_grid_run)(w, p, g, false);
}
