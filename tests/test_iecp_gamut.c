/* Colour gamut compression (gen7sf/iecp.h, src/media/iecp_gamut.c; PRM 001
 * §3.6.1.7, lines 6816-7051): the vertex table against a search of the RGB
 * cube in doubles written here, the xvYCC decode / encode by hand, pixels
 * of RGBs inside the cube unchanged, pixels outside brought back to the
 * cube (RGB decoded in doubles) with their hue, the advanced mode's map,
 * 4:2:2 pairs and the statistics by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/iecp.h"
#include "harness.h"
#include "media/iecp_gamut.h"

static const double KR[2] = { 0.2126, 0.299 }, KB[2] = { 0.0722, 0.114 };   /* 709, 601 */
static const double PI = 3.14159265358979323846;

/* The stage's state as the PRM's defaults (DW64-66, lines 8027-8116), with
 * the enable set. */
static g7sf_color_processing_state cgc_state(void)
{
    g7sf_color_processing_state s;
    g7sf_iecp_state_neutral(&s);
    s.color_gamut_compression_enable = 1;
    s.full_range_mapping_enable = 0;
    s.d_in_default = 205, s.d_out_default = 164, s.d1_out = 287, s.d1_in = 820;
    s.compression_line_shift = 3;
    s.xvycc_decode_encode_enable = 1;
    s.scaling_factor_mode = 2;
    s.color_space_mode = 0;
    return s;
}

static g7sf_iecp_pixel px(int y, int u, int v)
{
    return (g7sf_iecp_pixel){ { (uint16_t)y, (uint16_t)u, (uint16_t)v }, 0x1234 };
}

/* RGB (any reals) to Y''U''V'' (Y'' 0 .. 1 over the cube, U'', V'' +-0.5) */
static void rgb_to_yuv(int sp, const double rgb[3], double yuv[3])
{
    double kr = KR[sp], kb = KB[sp], kg = 1 - kr - kb;
    yuv[0] = kr * rgb[0] + kg * rgb[1] + kb * rgb[2];
    yuv[1] = (rgb[2] - yuv[0]) / (2 * (1 - kb));
    yuv[2] = (rgb[0] - yuv[0]) / (2 * (1 - kr));
}

static void yuv_to_rgb(int sp, const double yuv[3], double rgb[3])
{
    double kr = KR[sp], kb = KB[sp], kg = 1 - kr - kb;
    rgb[0] = yuv[0] + 2 * (1 - kr) * yuv[2];
    rgb[2] = yuv[0] + 2 * (1 - kb) * yuv[1];
    rgb[1] = (yuv[0] - kr * rgb[0] - kb * rgb[2]) / kg;
}

/* 12-bit codes of Y''U''V'': xvYCC (256 + 3504 Y'', 2048 + 3584 U'') or,
 * with the decode off, the full range the stage then assumes (4096 Y'',
 * 2048 + 4096 U''); rounded, clamped */
static int code(double v) { return v < 0 ? 0 : v > 4095 ? 4095 : (int)floor(v + 0.5); }
static g7sf_iecp_pixel encode(bool xv, const double yuv[3])
{
    if (xv)
        return px(code(256 + 3504 * yuv[0]), code(2048 + 3584 * yuv[1]),
                  code(2048 + 3584 * yuv[2]));
    return px(code(4096 * yuv[0]), code(2048 + 4096 * yuv[1]), code(2048 + 4096 * yuv[2]));
}
static void decode(bool xv, const g7sf_iecp_pixel *p, double yuv[3])
{
    yuv[0] = xv ? (p->c[0] - 256) / 3504.0 : p->c[0] / 4096.0;
    yuv[1] = (p->c[1] - 2048) / (xv ? 3584.0 : 4096.0);
    yuv[2] = (p->c[2] - 2048) / (xv ? 3584.0 : 4096.0);
}

/* How far an RGB is outside the unit cube (0 inside) */
static double outside(const double rgb[3])
{
    double d = 0;
    for (int i = 0; i < 3; i++) {
        double e = rgb[i] < 0 ? -rgb[i] : rgb[i] > 1 ? rgb[i] - 1 : 0;
        d = e > d ? e : d;
    }
    return d;
}

/* The largest chroma at lightness l along the unit direction (du, dv) that
 * stays in the cube: each RGB channel is l + C a_ch, linear in C */
static double cmax_at(int sp, double l, double du, double dv)
{
    double a[3], best = 1e9;
    double kr = KR[sp], kb = KB[sp], kg = 1 - kr - kb;
    a[0] = 2 * (1 - kr) * dv;
    a[2] = 2 * (1 - kb) * du;
    a[1] = -(kr * a[0] + kb * a[2]) / kg;
    for (int i = 0; i < 3; i++) {
        double c = a[i] > 0 ? (1 - l) / a[i] : a[i] < 0 ? l / -a[i] : 1e9;
        best = c < best ? c : best;
    }
    return best;
}

/* The cusp by a search: cmax_at is concave in l (a triangle), so a
 * ternary search finds its top */
static void cusp_search(int sp, double h, double *c, double *l)
{
    double du = cos(h), dv = sin(h), lo = 0, hi = 1;
    for (int i = 0; i < 200; i++) {
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (cmax_at(sp, a, du, dv) < cmax_at(sp, b, du, dv))
            lo = a;
        else
            hi = b;
    }
    *l = (lo + hi) / 2;
    *c = cmax_at(sp, *l, du, dv);
}

TEST(vertex_table_against_a_search_of_the_cube)
{
    for (int sp = 0; sp < 2; sp++) {
        for (unsigned k = 0; k < 512; k++) {
            unsigned sat, luma;
            double c, l, c2, l2;
            iecp_gamut_vertex((unsigned)sp, k, &sat, &luma);
            cusp_search(sp, k * PI / 512, &c, &l);
            CHECKF(fabs(sat - 4096 * c) <= 0.51 && fabs(luma - 4096 * l) <= 0.51,
                   "space %d hue %u: table (%u, %u), search (%.3f, %.3f)", sp, k, sat, luma,
                   4096 * c, 4096 * l);
            /* hue + pi: the same chroma, lightness 4096 - l_V (line 6936) */
            cusp_search(sp, k * PI / 512 + PI, &c2, &l2);
            CHECKF(fabs(sat - 4096 * c2) <= 0.51 && fabs(4096 - luma - 4096 * l2) <= 0.51,
                   "space %d hue %u + pi: (%.3f, %.3f)", sp, k, 4096 * c2, 4096 * l2);
        }
    }
    /* By hand: hue 0 (+U, V'' = 0) meets the blue-magenta edge (t, 0, 1)
     * where R = Y, t = Kb / (1 - Kr): BT.709 0.0722 / 0.7874 = 0.091694,
     * so l_V = 4096 t = 375.58 and c_V = 4096 (1 - t) / (2 (1 - Kb)) =
     * 2004.97; BT.601 0.114 / 0.701 = 0.162625: 666.11, 1935.60 */
    unsigned sat, luma;
    iecp_gamut_vertex(IECP_GAMUT_BT709, 0, &sat, &luma);
    CHECK(sat == 2005 && luma == 376);
    iecp_gamut_vertex(IECP_GAMUT_BT601, 0, &sat, &luma);
    CHECK(sat == 1936 && luma == 666);
    /* Color Space Mode values other than 1 read BT.709 */
    iecp_gamut_vertex(7, 0, &sat, &luma);
    CHECK(sat == 2005 && luma == 376);
}

TEST(xvycc_decode_encode_by_hand)
{
    /* lines 6880-6884 */
    CHECK_EQ(iecp_xvycc_decode_y(256), 0);
    CHECK_EQ(iecp_xvycc_decode_y(3760), 4095);     /* 3504 x 4788 = 16777152, >> 12 */
    CHECK_EQ(iecp_xvycc_decode_y(0), -300);        /* -299.25 floored */
    CHECK_EQ(iecp_xvycc_decode_y(4095), 4487);     /* 3839 x 4788 >> 12 = 4487.58 */
    CHECK_EQ(iecp_xvycc_decode_c(2048), 0);
    CHECK_EQ(iecp_xvycc_decode_c(3840), 2047);     /* 1792 x 4681 >> 12 = 2047.94 */
    CHECK_EQ(iecp_xvycc_decode_c(256), -2048);     /* -2047.94 floored */
    CHECK_EQ(iecp_xvycc_decode_c(2047), -2);       /* -4681 >> 12 = -1.14 floored */
    CHECK_EQ(iecp_xvycc_decode_c(2049), 1);
    /* line 7051 */
    CHECK_EQ(iecp_xvycc_encode_y(0), 256);
    CHECK_EQ(iecp_xvycc_encode_y(4096), 3760);     /* 4096 x 3504 >> 12 */
    CHECK_EQ(iecp_xvycc_encode_y(4095), 3759);     /* the round trip loses one: 3503.14 */
    CHECK_EQ(iecp_xvycc_encode_y(-300), 0);        /* -257 + 256 clamps */
    CHECK_EQ(iecp_xvycc_encode_y(5000), 4095);
    CHECK_EQ(iecp_xvycc_encode_c(2048), 3840);
    CHECK_EQ(iecp_xvycc_encode_c(-2048), 256);
    CHECK_EQ(iecp_xvycc_encode_c(-1), 2047);       /* -0.875 floored */
    CHECK_EQ(iecp_xvycc_encode_c(-3000), 0);
}

/* Every 1/16 of the cube: pixels inside by a margin come out exactly as
 * they went in (and are not counted); the ones on the surface move by at
 * most near_tol codes: their codes round a little out, and the vertex
 * read is that of the TCC's hue index, up to 1.22 indices (0.0075 rad)
 * from the pixel's hue, whose triangle may be a little smaller. */
static void in_gamut_case(g7sf_color_processing_state s, bool xv, double margin, int near_tol)
{
    s.xvycc_decode_encode_enable = xv;
    int changed = 0;
    g7sf_iecp_stats deep_st;
    g7sf_iecp_stats_clear(&deep_st);
    for (int sp = 0; sp < 2; sp++) {
        s.color_space_mode = (unsigned)sp;
        for (int r = 0; r <= 16; r++)
            for (int g = 0; g <= 16; g++)
                for (int b = 0; b <= 16; b++) {
                    double rgb[3] = { r / 16.0, g / 16.0, b / 16.0 }, yuv[3];
                    rgb_to_yuv(sp, rgb, yuv);
                    g7sf_iecp_pixel p0 = encode(xv, yuv), p = p0;
                    bool deep = true;
                    for (int i = 0; i < 3; i++)
                        deep = deep && rgb[i] >= margin && rgb[i] <= 1 - margin;
                    g7sf_iecp_gamut(&s, &p, 1, 0, deep ? &deep_st : NULL);
                    int tol = deep ? 0 : near_tol;
                    for (int i = 0; i < 3; i++)
                        CHECKF(abs(p.c[i] - p0.c[i]) <= tol,
                               "space %d xv %d rgb (%d %d %d) ch %d: %d -> %d", sp, xv, r, g, b, i,
                               p0.c[i], p.c[i]);
                    CHECK_EQ(p.a, 0x1234);
                    changed += memcmp(&p, &p0, sizeof p) != 0;
                }
    }
    CHECK_EQ(deep_st.out_of_range, 0);
    if (!s.full_range_mapping_enable)   /* basic: a part of the surface only */
        CHECK(changed < 2 * 17 * 17 * 17 / 4);
}

TEST(in_gamut_pixels_unchanged_basic)
{
    g7sf_color_processing_state s = cgc_state();
    in_gamut_case(s, true, 1 / 32.0, 24);   /* seen: 17 */
    in_gamut_case(s, false, 1 / 32.0, 24);  /* 20 */
    s.compression_line_shift = 0;
    in_gamut_case(s, true, 1 / 32.0, 24);   /* 10 */
    /* shift 7: a compression line almost level meets a shallow lower edge
     * (blue's) far along */
    s.compression_line_shift = 7;
    in_gamut_case(s, true, 1 / 32.0, 64);   /* 47 */
}

TEST(advanced_leaves_deep_inside_unchanged)
{
    /* design: the knee is d_in (d1_in below the vertex) inside the
     * boundary along the compression line; with 100 (2.4% of white) the
     * RGBs 1/4 inside every face are deeper than that */
    g7sf_color_processing_state s = cgc_state();
    s.full_range_mapping_enable = 1;
    s.d_in_default = s.d1_in = 100;
    in_gamut_case(s, true, 0.25, 4095);
}

/* max RGB excursion and max hue error over RGBs outside the cube */
static void out_of_range_case(g7sf_color_processing_state s, bool xv, double rgb_tol)
{
    s.xvycc_decode_encode_enable = xv;
    int counted = 0;
    for (int sp = 0; sp < 2; sp++) {
        s.color_space_mode = (unsigned)sp;
        for (int it = 0; it < 4000; it++) {
            double rgb[3], yuv[3], out[3], yo[3];
            for (int i = 0; i < 3; i++)
                rgb[i] = -0.4 + 1.8 * (double)(t_rand() % 100000) / 100000;
            rgb_to_yuv(sp, rgb, yuv);
            g7sf_iecp_pixel p0 = encode(xv, yuv), p = p0;
            double yin[3];
            decode(xv, &p0, yin);
            double rin[3];
            yuv_to_rgb(sp, yin, rin);
            g7sf_iecp_stats st;
            g7sf_iecp_stats_clear(&st);
            g7sf_iecp_gamut(&s, &p, 1, 0, &st);
            decode(xv, &p, yo);
            yuv_to_rgb(sp, yo, out);
            CHECKF(outside(out) <= rgb_tol,
                   "space %d xv %d shift %u: rgb (%.3f %.3f %.3f) codes (%d %d %d)"
                   " -> (%d %d %d) rgb (%.4f %.4f %.4f)",
                   sp, xv, s.compression_line_shift, rin[0], rin[1], rin[2], p0.c[0], p0.c[1],
                   p0.c[2], p.c[0], p.c[1], p.c[2], out[0], out[1], out[2]);
            /* a pixel well outside is counted */
            if (outside(rin) > 0.01) {
                CHECKF(st.out_of_range == 1, "rgb (%.3f %.3f %.3f) not counted", rin[0], rin[1],
                       rin[2]);
                counted++;
            }
            /* fixed hue: the output chroma is the input's scaled (eq. 13, line 7022) */
            double ci = hypot(yin[1], yin[2]), co = hypot(yo[1], yo[2]);
            if (co * 3584 >= 64) {
                double dh = atan2(yo[2], yo[1]) - atan2(yin[2], yin[1]);
                dh = fabs(remainder(dh, 2 * PI));
                /* a code of rounding in each of U, V, and 1e-3 to spare */
                CHECKF(dh <= 2.5 / (co * 3584) + 1e-3, "hue moved by %g rad (C %g -> %g)", dh,
                       ci, co);
            }
            CHECK(co <= ci + 2.0 / 3584);   /* never more saturated */
        }
    }
    CHECK(counted > 1000);
}

TEST(out_of_range_pixels_clipped_to_the_cube_basic)
{
    g7sf_color_processing_state s = cgc_state();
    /* a 12-bit code is 1/3504 of Y'' and 1/3584 of U'', V'': the clip is
     * to the rounded vertex, then the output rounded and floored (the
     * encode's >> 12): a few codes in RGB */
    for (unsigned shift = 0; shift <= 4; shift++) {
        s.compression_line_shift = shift;
        out_of_range_case(s, true, 0.004);
    }
    s.compression_line_shift = 3;
    out_of_range_case(s, false, 0.004);
}

TEST(out_of_range_pixels_inside_the_cube_advanced)
{
    g7sf_color_processing_state s = cgc_state();
    s.full_range_mapping_enable = 1;
    for (unsigned shift = 0; shift <= 4; shift += 2) {
        s.compression_line_shift = shift;
        out_of_range_case(s, true, 0.004);
    }
}

TEST(c_zero_unchanged)
{
    g7sf_color_processing_state s = cgc_state();
    for (int mode = 0; mode < 2; mode++)
        for (int xv = 0; xv < 2; xv++) {
            s.full_range_mapping_enable = (unsigned)mode;
            s.xvycc_decode_encode_enable = (unsigned)xv;
            g7sf_iecp_stats st;
            g7sf_iecp_stats_clear(&st);
            for (int y = 0; y <= 4095; y++) {
                g7sf_iecp_pixel p = px(y, 2048, 2048);
                g7sf_iecp_gamut(&s, &p, 1, 0, &st);
                CHECK(p.c[0] == y && p.c[1] == 2048 && p.c[2] == 2048);
            }
            CHECK_EQ(st.out_of_range, 0);   /* "c_pi = 0 ... without change" (6902) */
        }
}

TEST(advanced_with_no_bands_is_basic)
{
    /* design: d_in = d_out = 0 leaves no band: the identity up to the
     * boundary and the clip beyond, i.e. basic mode, bit for bit */
    g7sf_color_processing_state a = cgc_state(), b = cgc_state();
    b.full_range_mapping_enable = 1;
    b.d_in_default = b.d_out_default = b.d1_in = b.d1_out = 0;
    for (int it = 0; it < 20000; it++) {
        uint64_t r = t_rand();
        g7sf_iecp_pixel p = px((int)(r & 4095), (int)(r >> 12 & 4095), (int)(r >> 24 & 4095));
        g7sf_iecp_pixel q = p;
        g7sf_iecp_gamut(&a, &p, 1, 0, NULL);
        g7sf_iecp_gamut(&b, &q, 1, 0, NULL);
        CHECKF(!memcmp(&p, &q, sizeof p), "(%d %d %d): basic (%d %d %d), advanced (%d %d %d)",
               (int)(r & 4095), (int)(r >> 12 & 4095), (int)(r >> 24 & 4095), p.c[0], p.c[1],
               p.c[2], q.c[0], q.c[1], q.c[2]);
    }
}

/* Output chroma (decoded) of a pixel at Y with chroma k x (du, dv) */
static double chroma_out(const g7sf_color_processing_state *s, int y, int k, double du, double dv,
                         g7sf_iecp_pixel *p)
{
    *p = px(y, 2048 + (int)lround(k * du), 2048 + (int)lround(k * dv));
    g7sf_iecp_gamut(s, p, 1, 0, NULL);
    return hypot(p->c[1] - 2048, p->c[2] - 2048);
}

TEST(advanced_along_a_compression_line_against_doubles)
{
    /* The design in doubles: pixels of hue 0 (V'' = 0) below the vertex on
     * one compression line (slope -c_V / (l_V 2^3)) crossing l_V at R and
     * the lower edge at B; with d1_in 200, d1_out 150 the distance from R
     * is kept up to d(R, B) - 200, mapped linearly from there to d(R, B) +
     * 150 onto the rest of the way to B, and beyond clipped to B.  Decode
     * off: Y, U - 2048 are L, C. */
    g7sf_color_processing_state s = cgc_state();
    s.full_range_mapping_enable = 1;
    s.xvycc_decode_encode_enable = 0;
    s.d1_in = 200, s.d1_out = 150;
    unsigned sat, luma;
    iecp_gamut_vertex(IECP_GAMUT_BT709, 0, &sat, &luma);
    double cv = sat, lv = luma, m = -cv / (lv * 8), li0 = lv + 600;
    double g = sqrt(1 + m * m), ain = 200 / g, aout = 150 / g;
    int kept = 0, banded = 0, clipped = 0;
    double prev = 0;
    for (int c = (int)((li0 - lv) / -m) + 2; c < 2047; c++) {
        int y = (int)lround(li0 + m * c);
        if (y < 0)
            break;
        double li = y - m * c;   /* this pixel's own line */
        double cr = (li - lv) / -m, cb = li / (lv / cv - m), db = cb - cr, dp = c - cr;
        double k = db - ain > 0 ? db - ain : 0, o = db + aout, df;
        df = dp <= k ? dp : dp >= o ? db : k + (dp - k) * (db - k) / (o - k);
        double cout = cr + df, lout = li + m * cout;
        kept += dp <= k, banded += dp > k && dp < o, clipped += dp >= o;
        g7sf_iecp_pixel p = px(y, 2048 + c, 2048);
        g7sf_iecp_gamut(&s, &p, 1, 0, NULL);
        CHECKF(fabs(p.c[1] - 2048 - cout) <= 1.5 && fabs(p.c[0] - lout) <= 1.5 && p.c[2] == 2048,
               "C %d L %d: (%d %d %d), want C %.2f L %.2f", c, y, p.c[0], p.c[1], p.c[2], cout,
               lout);
        /* monotonic along the line */
        CHECKF(p.c[1] - 2048 >= prev - 1, "C %d: %d after %.0f", c, p.c[1] - 2048, prev);
        prev = p.c[1] - 2048 > prev ? p.c[1] - 2048 : prev;
    }
    CHECK(kept > 20 && banded > 100 && clipped > 20);
}

TEST(advanced_moves_the_band_inward_never_past_the_clip)
{
    g7sf_color_processing_state s = cgc_state(), basic = cgc_state();
    s.full_range_mapping_enable = 1;
    int moved_inside = 0, kept_more = 0;
    for (int h = 0; h < 64; h++) {
        double du = cos(h * 2 * PI / 64), dv = sin(h * 2 * PI / 64);
        for (int y = 400; y <= 3600; y += 400) {
            for (int k = 0; k <= 2047; k += 4) {
                g7sf_iecp_pixel p, q;
                double c = chroma_out(&s, y, k, du, dv, &p);
                double cb = chroma_out(&basic, y, k, du, dv, &q);
                /* in-range pixels (basic keeps them): some move inward */
                if (q.c[1] == 2048 + (int)lround(k * du) && q.c[2] == 2048 + (int)lround(k * dv) &&
                    c < cb - 4)
                    moved_inside++;
                /* never more chroma than the clip's */
                kept_more += c > cb + 2;
            }
        }
    }
    CHECK(moved_inside > 100);
    CHECK_EQ(kept_more, 0);
}

TEST(pairs_combine_scaling_factors)
{
    g7sf_color_processing_state s = cgc_state();
    /* one chroma: a pixel of mid lightness keeps it, a bright one is out of
     * range (blue-ish chroma at near white) */
    const int U = 2048 + 900, V = 2048 - 200, YIN = 1500, YOUT = 3600;
    g7sf_iecp_pixel a = px(YIN, U, V), b = px(YOUT, U, V);
    g7sf_iecp_gamut(&s, &a, 1, 0, NULL);
    g7sf_iecp_gamut(&s, &b, 1, 0, NULL);
    CHECK(a.c[0] == YIN && a.c[1] == U && a.c[2] == V);   /* in range alone */
    CHECK(b.c[1] < U - 50);                               /* out of range alone */
    for (unsigned mode = 0; mode < 3; mode++) {
        s.scaling_factor_mode = mode;
        g7sf_iecp_pixel pr[4] = { px(YIN, U, V), px(YOUT, U, V), px(YOUT, U, V), px(YIN, U, V) };
        g7sf_iecp_stats st;
        g7sf_iecp_stats_clear(&st);
        g7sf_iecp_gamut(&s, pr, 4, G7SF_IECP_PAIRS, &st);
        CHECK_EQ(st.out_of_range, 2);   /* four detections (line 6142) */
        for (int k = 0; k < 4; k += 2)
            CHECK(pr[k].c[1] == pr[k + 1].c[1] && pr[k].c[2] == pr[k + 1].c[2]);
        /* the in-range pixels keep their Y */
        CHECK_EQ(pr[0].c[0], YIN);
        CHECK_EQ(pr[3].c[0], YIN);
        /* the order within the pair does not matter */
        CHECK(pr[0].c[1] == pr[2].c[1] && pr[0].c[2] == pr[2].c[2] && pr[1].c[0] == pr[2].c[0]);
        if (mode == 0) {   /* min: the out-of-range pixel's factor, as alone */
            CHECK(pr[0].c[1] == b.c[1] && pr[0].c[2] == b.c[2]);
            CHECK_EQ(pr[1].c[0], b.c[0]);
        } else if (mode == 1) {   /* max: 1.0, nothing moves */
            CHECK(pr[0].c[1] == U && pr[0].c[2] == V);
            CHECK_EQ(pr[1].c[0], YOUT);
        } else {   /* average: half way, the bright Y on its line in between */
            double want = (U - 2048 + b.c[1] - 2048) / 2.0 + 2048;
            CHECKF(fabs(pr[0].c[1] - want) <= 2, "U %d, want %.1f", pr[0].c[1], want);
            want = (V - 2048 + b.c[2] - 2048) / 2.0 + 2048;
            CHECKF(fabs(pr[0].c[2] - want) <= 2, "V %d, want %.1f", pr[0].c[2], want);
            CHECK(pr[1].c[0] != YOUT && pr[1].c[0] != b.c[0]);
            CHECK((pr[1].c[0] - YOUT) * (pr[1].c[0] - b.c[0]) < 0);
        }
    }
}

TEST(statistics_by_hand)
{
    g7sf_color_processing_state s = cgc_state();
    g7sf_iecp_pixel p[6] = {
        px(4095, 2049, 2048),   /* L 4487 > white, u 1: to white, |P - B| = 391 */
        px(0, 2048, 2049),      /* L -300 < black, v 1: to black, |P - B| = 300 */
        px(2008, 2048, 2048),   /* c = 0 */
        px(2008, 2300, 1900),   /* inside */
        px(1000, 2048, 2048),   /* c = 0 */
        px(3000, 2100, 2000),   /* inside */
    };
    g7sf_iecp_pixel q[6];
    memcpy(q, p, sizeof p);
    g7sf_iecp_stats st;
    g7sf_iecp_stats_clear(&st);
    g7sf_iecp_gamut(&s, p, 6, 0, &st);
    CHECK_EQ(st.out_of_range, 2);
    CHECK_EQ(st.out_of_range_distance, 391 + 300);
    /* the first: l_I above white, so B is white (4096 -> 3760), sf 0 */
    CHECK(p[0].c[0] == 3760 && p[0].c[1] == 2048 && p[0].c[2] == 2048);
    CHECK(p[1].c[0] == 256 && p[1].c[1] == 2048 && p[1].c[2] == 2048);
    CHECK(!memcmp(p + 2, q + 2, 4 * sizeof *p));
    /* they add up, and saturate: 29 bits, 32 bits */
    memcpy(p, q, sizeof p);
    g7sf_iecp_gamut(&s, p, 6, 0, &st);
    CHECK_EQ(st.out_of_range, 4);
    CHECK_EQ(st.out_of_range_distance, 2 * 691);
    st.out_of_range = (1u << 29) - 2;
    st.out_of_range_distance = 0xFFFFFF00u;
    memcpy(p, q, sizeof p);
    g7sf_iecp_gamut(&s, p, 6, 0, &st);
    CHECK_EQ(st.out_of_range, (1u << 29) - 1);
    CHECK_EQ(st.out_of_range_distance, 0xFFFFFFFFu);
    /* NULL statistics: the same pixels */
    memcpy(p, q, sizeof p);
    g7sf_iecp_gamut(&s, p, 6, 0, NULL);
    CHECK(p[0].c[0] == 3760 && p[1].c[0] == 256);
}

TEST(run_applies_the_stage_when_enabled)
{
    g7sf_color_processing_state s = cgc_state();
    g7sf_iecp_pixel p = px(4095, 2049, 2048), q = p;
    CHECK_EQ(g7sf_iecp_run(&s, &p, 1, 0, NULL, NULL), 0);
    CHECK(p.c[0] == 3760 && p.c[1] == 2048);
    s.color_gamut_compression_enable = 0;
    CHECK_EQ(g7sf_iecp_run(&s, &q, 1, 0, NULL, NULL), 0);
    CHECK(q.c[0] == 4095 && q.c[1] == 2049);
}
