/* Colour gamut compression (PRM 001 §3.6.1.7, lines 6816-7051; state
 * DW64-66, lines 8027-8116): xvYCC decoding, the pixel's (C, L, hue), the
 * out-of-range test against the RGB triangle of its hue, the clip (basic
 * mode) or the full range mapping (advanced mode) along the compression
 * line, the fixed-hue scaling of U, V and xvYCC encoding.  Every per-pixel
 * step is integer arithmetic (lengths in 1/256 of a 12-bit code, slopes as
 * exact fractions), so every compiler gives the same pixels.  Decisions:
 * docs/spec-notes.md, "IECP". */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>

#include "iecp_gamut.h"

/* ---- The vertex table (lines 6904-6936) ----------------------------------
 * The PRM describes m_SatVertex / m_LumaVertex (512 entries over hues
 * [0, pi), "derived off-line") but does not print them.  Each half-plane of
 * constant hue cuts the RGB cube (an affine image of it in Y''U''V'') in the
 * triangle black (0, 0), cusp (c_V, l_V), white (0, 4096): a plane through
 * the grey diagonal leaves black and white along two faces that meet at one
 * edge of the saturated hexagon R-Y-G-C-B-M (each face through black has
 * its far edges on that hexagon).  So the cusp is the hexagon's point of
 * that hue, found per hexagon edge by solving the linear equation
 * cross(chroma(t), direction) = 0.  The table is computed at first use
 * (pthread_once, as src/core/format_conv.c's tables) in doubles with
 * + - x / only (sin and cos by their series, no libm), so it is the same
 * wherever IEEE doubles are. */

static uint16_t vtx_sat[2][512], vtx_luma[2][512];
static pthread_once_t vtx_once = PTHREAD_ONCE_INIT;

/* sin x and cos x for 0 <= x <= pi / 4 (series to x^19: error < 1e-17) */
static void series_sincos(double x, double *s, double *c)
{
    double x2 = x * x, ts = x, tc = 1, ss = 0, sc = 0;
    for (int i = 1; i <= 20; i += 2) {
        ss += ts;
        sc += tc;
        ts = -ts * x2 / ((i + 1) * (i + 2));
        tc = -tc * x2 / (i * (i + 1));
    }
    *s = ss, *c = sc;
}

static void cusp(double kr, double kb, double du, double dv, double *cv, double *lv)
{
    /* the saturated hexagon R, Y, G, C, B, M and back to R */
    static const double hex[7][3] = { { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 }, { 0, 1, 1 },
                                      { 0, 0, 1 }, { 1, 0, 1 }, { 1, 0, 0 } };
    double kg = 1 - kr - kb;
    *cv = 0, *lv = 0;
    for (int e = 0; e < 6; e++) {
        double y[2], u[2], v[2], x[2];
        for (int j = 0; j < 2; j++) {
            const double *p = hex[e + j];
            y[j] = kr * p[0] + kg * p[1] + kb * p[2];
            u[j] = (p[2] - y[j]) / (2 * (1 - kb));   /* U'' = Cb'' in -0.5 .. 0.5 */
            v[j] = (p[0] - y[j]) / (2 * (1 - kr));
            x[j] = u[j] * dv - v[j] * du;           /* cross(chroma, direction) */
        }
        if ((x[0] > 0 && x[1] > 0) || (x[0] < 0 && x[1] < 0) || x[0] == x[1])
            continue;
        double t = x[0] / (x[0] - x[1]);
        double uu = u[0] + t * (u[1] - u[0]), vv = v[0] + t * (v[1] - v[0]);
        double c = uu * du + vv * dv;
        if (c > *cv)
            *cv = c, *lv = y[0] + t * (y[1] - y[0]);
    }
}

static void vtx_init(void)
{
    static const double k[2][2] = { { 0.2126, 0.0722 },    /* BT.709 Kr, Kb */
                                    { 0.299, 0.114 } };    /* BT.601 */
    const double pi = 3.14159265358979323846;
    for (unsigned i = 0; i < 512; i++) {
        /* hue i * pi / 512: quadrant i / 256, reduced to [0, pi / 4] */
        unsigned r = i % 256, m = r <= 128 ? r : 256 - r;
        double s, c, du, dv;
        series_sincos(m * pi / 512, &s, &c);
        if (r > 128) {
            double t = s;
            s = c, c = t;
        }
        du = i < 256 ? c : -s;
        dv = i < 256 ? s : c;
        for (int sp = 0; sp < 2; sp++) {
            double cv, lv;
            cusp(k[sp][0], k[sp][1], du, dv, &cv, &lv);
            vtx_sat[sp][i] = (uint16_t)(cv * IECP_GAMUT_WHITE + 0.5);
            vtx_luma[sp][i] = (uint16_t)(lv * IECP_GAMUT_WHITE + 0.5);
        }
    }
}

void iecp_gamut_vertex(unsigned space, unsigned k, unsigned *sat, unsigned *luma)
{
    pthread_once(&vtx_once, vtx_init);
    unsigned sp = space == IECP_GAMUT_BT601;
    *sat = vtx_sat[sp][k & 511];
    *luma = vtx_luma[sp][k & 511];
}

/* ---- Integer helpers ------------------------------------------------------ */

#define FR 8                                   /* fractional bits of lengths */
#define WX ((int64_t)IECP_GAMUT_WHITE << FR)  /* white's L */
#define SF_ONE 65536                           /* scaling factor 1.0 (U0.16) */

/* floor(sqrt(x)) for x < 2^62: the double's root (correctly rounded, so
 * the same everywhere) corrected to the exact integer root. */
static uint64_t isqrt64(uint64_t x)
{
    uint64_t r = (uint64_t)sqrt((double)x);
    while (r * r > x)
        r--;
    while ((r + 1) * (r + 1) <= x)
        r++;
    return r;
}

static int64_t ceil_div(int64_t a, int64_t b) { return -iecp_gamut_floor_div(-a, b); }

/* a / b rounded half up, b != 0 */
static int64_t round_div(int64_t a, int64_t b)
{
    if (b < 0)
        a = -a, b = -b;
    return iecp_gamut_floor_div(2 * a + b, 2 * b);
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* One pixel's analysis: everything before the pair's scaling factors meet. */
typedef struct cgc_px {
    int32_t l;          /* decoded lightness, 12-bit units */
    int64_t cx, lix;    /* C and l_I (eq. 8), Q8 */
    int64_t mn, md;     /* m_comp = mn / md, md > 0 */
    int64_t cout, lout; /* c_output, l_output (eqs. 11-12 or 14), Q8 */
    int64_t sf;         /* eq. 10, U0.16 */
    bool out;           /* eq. 4 */
    bool mapped;        /* Y follows the compression line */
    uint32_t dist;      /* |P - B|, rounded, 12-bit units (out only) */
} cgc_px;

static void analyse(const g7sf_color_processing_state *s, int32_t l, int32_t u, int32_t v,
                    cgc_px *q)
{
    *q = (cgc_px){ .l = l, .sf = SF_ONE };
    /* C = sqrt(u^2 + v^2) (line 6894), floor in Q8 */
    q->cx = (int64_t)isqrt64(((uint64_t)((int64_t)u * u + (int64_t)v * v)) << (2 * FR));
    if (!q->cx)   /* "If c_pi = 0, the pixel can be outputted without change" (6902) */
        return;
    /* The vertex (lines 6904-6957): the TCC's hue index, >= 512 folded onto
     * [0, pi); Luma2 = 4096 - Luma1 on the far side.  The side is the
     * index's (< 512: Luma1), which is the text's sign-of-V test except
     * where the index rounds across 0 or pi (V a hair above 0 with U < 0
     * gives 512, i.e. entry 0, whose own side is Luma2). */
    unsigned idx = iecp_hue_index(u, v), sat, luma;
    iecp_gamut_vertex(s->color_space_mode, idx & 511, &sat, &luma);
    int64_t cv = sat, lv = idx < 512 ? (int64_t)luma : IECP_GAMUT_WHITE - (int64_t)luma;
    if (!cv)   /* never for an RGB cube (every hue has a colour); no division by 0 */
        return;
    int64_t lx = (int64_t)l * (1 << FR), cx = q->cx;   /* l may be < 0: no << */
    /* eq. 4 (line 6961) x c_V (> 0): above the upper edge (vertex to white
     * (0, 1)) or below the lower edge (black (0, 0) to the vertex); "l_v -
     * 1" is l_V - white, the upper edge's rise */
    if (lx >= lv << FR)
        q->out = lx * cv - (lv - IECP_GAMUT_WHITE) * cx - WX * cv >= 0;
    else
        q->out = lx * cv - lv * cx < 0;
    bool up = l > lv;   /* e_V = 1 (eq. 7), and eq. 15's case */
    if (!q->out && !s->full_range_mapping_enable)
        return;         /* basic mode: in-range pixels leave as they came (eq. 13) */
    /* m_comp = m_vert >> shift = -1 / (m_boundary 2^shift) (eqs. 5-7, lines
     * 6973-6982), kept as the exact fraction -c_V / ((l_V - e_V) 2^shift) */
    int64_t d = lv - (up ? IECP_GAMUT_WHITE : 0);
    if (!d)
        d = up ? -1 : 1;
    int64_t mn = -cv, md = d * ((int64_t)1 << s->compression_line_shift);
    if (md < 0)
        mn = -mn, md = -md;
    q->mn = mn, q->md = md;
    q->lix = lx - round_div(cx * mn, md);   /* l_I = l_p - c_p m_comp (eq. 8) */
    /* B (eq. 9, line 6995): where the compression line, followed from P
     * toward the L axis, enters the triangle.  The text intersects only the edge of P's
     * side; that point lies beyond the vertex (outside) when the line
     * crosses the other edge first, and the line may reach the axis outside
     * [black, white] (shift 0 by a dark blue's vertex).  So: the c where the
     * line is inside is [lo, hi] (each edge a linear inequality a + b c >= 0
     * x md c_V); B is at hi (capped by c_p). */
    int64_t lo = 0, hi = INT64_MAX;
    bool empty = false;
    int64_t a[2] = { q->lix * md * cv, (WX - q->lix) * md * cv };
    int64_t b[2] = { mn * cv - lv * md, (lv - IECP_GAMUT_WHITE) * md - mn * cv };
    for (int e = 0; e < 2; e++) {
        if (b[e] > 0)
            lo = lo > ceil_div(-a[e], b[e]) ? lo : ceil_div(-a[e], b[e]);
        else if (b[e] < 0)
            hi = hi < iecp_gamut_floor_div(a[e], -b[e]) ? hi : iecp_gamut_floor_div(a[e], -b[e]);
        else if (a[e] < 0)
            empty = true;
    }
    empty = empty || lo > hi || lo > cx;
    int64_t cb, lb = 0;
    bool off_line = false;
    if (q->out) {
        if (empty) {
            /* The line meets the triangle only beyond P, or not at all: it
             * passes outside the vertex (a pixel just out by the vertex with
             * shift 0) or outside black / white.  Then B is eq. 9 as written,
             * the line's crossing with P's own edge, clamped to that edge's
             * segment: the vertex, black or white.  B is then off the line. */
            int64_t e = up ? WX : 0, num, den;
            if (up) {   /* upper edge l = W + (l_V - W) c / c_V */
                num = (q->lix - e) * md * cv;
                den = (lv - IECP_GAMUT_WHITE) * md - mn * cv;
            } else {    /* lower edge l = l_V c / c_V */
                num = q->lix * md * cv;
                den = lv * md - mn * cv;
            }
            cb = den ? clamp64(iecp_gamut_floor_div(num, den), 0, cv << FR) : 0;
            cb = cb < cx ? cb : cx;   /* never more chroma than P's */
            lb = e + round_div(cb * (lv - (up ? IECP_GAMUT_WHITE : 0)), cv);
            off_line = true;
        } else {
            cb = hi < cx ? hi : cx;
            lb = q->lix + round_div(cb * mn, md);
        }
        /* the statistics' distance (PRM 002 line 562, "sum of distances"):
         * |P - B|, the Euclidean length basic mode moves P, in 12-bit units */
        uint64_t dc = (uint64_t)(cx - cb), dl = (uint64_t)(lx > lb ? lx - lb : lb - lx);
        q->dist = (uint32_t)((isqrt64(dc * dc + dl * dl) + (1u << (FR - 1))) >> FR);
    } else {
        cb = empty || hi < cx ? cx : hi;   /* in range: B beyond P */
    }
    q->mapped = true;
    if (!s->full_range_mapping_enable || off_line) {
        q->cout = cb;   /* eq. 11: clipped to the boundary (and eq. 12) */
        q->lout = lb;
    } else {
        /* eqs. 14-15 (lines 7028-7045): R on the compression line at l_V
         * (or I), clamped to [axis, B]; the distance d(R, P) along the line
         * mapped by the piece-wise linear d_final: identity up to the knee
         * k = d(R, B) - d_in, then [k, d(R, B) + d_out] linearly onto [k,
         * d(R, B)], then B.  d_in, d_out above the vertex (l_p > l_V), d1_in, d1_out below
         * ("...Below"), in 12-bit units of length; along the line a length
         * x is x md / sqrt(md^2 + mn^2) of chroma. */
        int64_t lr = up ? (q->lix > lv << FR ? q->lix : lv << FR)
                        : (q->lix < lv << FR ? q->lix : lv << FR);
        int64_t cr = clamp64(round_div((lr - q->lix) * md, mn), 0, cb);
        int64_t din = up ? s->d_in_default : s->d1_in, dout = up ? s->d_out_default : s->d1_out;
        int64_t h = (int64_t)isqrt64((uint64_t)(md * md + mn * mn) << (2 * FR));   /* Q8 */
        int64_t ain = round_div((din << (2 * FR)) * md, h);
        int64_t aout = round_div((dout << (2 * FR)) * md, h);
        int64_t dp = cx - cr, db = cb - cr, k = db - ain > 0 ? db - ain : 0, o = db + aout, df;
        if (dp <= k)
            df = dp;
        else if (dp >= o)
            df = db;
        else
            df = k + iecp_gamut_floor_div((dp - k) * (db - k), o - k);
        q->cout = cr + df;
        q->lout = q->lix + round_div(q->cout * mn, md);   /* eq. 14's l_output */
    }
    q->sf = q->cout >= cx ? SF_ONE : q->cout <= 0 ? 0 : iecp_gamut_floor_div(q->cout << 16, cx);
}

/* eq. 13 (line 7022) and xvYCC encoding (7051) for one pixel with the
 * (pair's) scaling factor: a channel whose decoded value comes out
 * unchanged keeps its input code (the decode / encode pair alone moves 3760
 * to 3759) */
static void apply(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, const cgc_px *q,
                  int64_t sf, int32_t u, int32_t v, const g7sf_iecp_pixel *chroma_in)
{
    bool xv = s->xvycc_decode_encode_enable;
    if (q->mapped) {
        /* the pixel's own output with its own factor; with a pair's other
         * factor, the point of chroma sf C on the pixel's path: the segment
         * from P to its own output (on the compression line unless B is a
         * clamped end, above), or the compression line itself (eq. 12) when
         * the pixel alone would keep its chroma */
        int64_t lx, c = (sf * q->cx) >> 16, lpx = (int64_t)q->l * (1 << FR);
        if (sf == q->sf)
            lx = q->lout;
        else if (q->cout < q->cx)
            lx = lpx + round_div((q->lout - lpx) * (q->cx - c), q->cx - q->cout);
        else
            lx = q->lix + round_div(c * q->mn, q->md);
        lx = clamp64(lx, 0, WX);
        int64_t l = iecp_round_shift(lx, FR);
        if (l != q->l)
            p->c[0] = xv ? iecp_xvycc_encode_y(l) : iecp_clamp12(l);
    }
    int64_t uo = iecp_round_shift((int64_t)u * sf, 16), vo = iecp_round_shift((int64_t)v * sf, 16);
    p->c[1] = uo == u ? chroma_in->c[1] : xv ? iecp_xvycc_encode_c(uo) : iecp_clamp12(uo + 2048);
    p->c[2] = vo == v ? chroma_in->c[2] : xv ? iecp_xvycc_encode_c(vo) : iecp_clamp12(vo + 2048);
}

static void count(g7sf_iecp_stats *st, const cgc_px *q)
{
    if (!st || !q->out)
        return;
    if (st->out_of_range < (1u << 29) - 1)
        st->out_of_range++;
    uint64_t d = (uint64_t)st->out_of_range_distance + q->dist;
    st->out_of_range_distance = d > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)d;
}

void iecp_gamut(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                unsigned flags, g7sf_iecp_stats *st)
{
    bool xv = s->xvycc_decode_encode_enable;
    size_t step = flags & G7SF_IECP_PAIRS ? 2 : 1;
    for (size_t i = 0; i < n; i += step) {
        size_t m = i + step <= n ? step : 1;
        /* a pair's U, V: pixel 2k's (after STE both hold the same, 6136) */
        g7sf_iecp_pixel in = p[i];
        int32_t u = xv ? iecp_xvycc_decode_c(in.c[1]) : (int32_t)in.c[1] - 2048;
        int32_t v = xv ? iecp_xvycc_decode_c(in.c[2]) : (int32_t)in.c[2] - 2048;
        cgc_px q[2];
        for (size_t j = 0; j < m; j++) {
            int32_t y = p[i + j].c[0];
            analyse(s, xv ? iecp_xvycc_decode_y(y) : y, u, v, &q[j]);
            count(st, &q[j]);
        }
        /* lines 6140-6144: four detections, a 4:2:2 pair's two SFs combined
         * by Scaling Factor Mode into the pair's one U, V */
        int64_t sf = m == 2 ? iecp_pair_combine(s->scaling_factor_mode, q[0].sf, q[1].sf) : q[0].sf;
        for (size_t j = 0; j < m; j++)
            apply(s, &p[i + j], &q[j], sf, u, v, &in);
    }
}
