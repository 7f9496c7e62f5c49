/* The colour processing pipe at function level (gen7sf/iecp.h): ProcAmp
 * and the colour space conversion worked by hand from the PRM's formulas
 * (lines 6742-6814) and against a reference in doubles written here (the
 * formula as real arithmetic, rounded half up once, clamped to 12 bits);
 * the enable bits, the pipe's order and the stages not modelled yet. */
#include <math.h>
#include <string.h>

#include "gen7sf/iecp.h"
#include "harness.h"
#include "media/iecp_int.h"

static g7sf_color_processing_state neutral(void)
{
    /* ProcAmp 1.0 / 0 / cos 1 / sin 0; CSC the identity; nothing enabled
     * (the fields checked in test_iecp's state_neutral_is_the_pipes_rest) */
    g7sf_color_processing_state s;
    g7sf_iecp_state_neutral(&s);
    return s;
}

static g7sf_iecp_pixel px(int y, int u, int v)
{
    return (g7sf_iecp_pixel){ { (uint16_t)y, (uint16_t)u, (uint16_t)v }, 0xABCD };
}

static int clamp12(double v) { return v < 0 ? 0 : v > 4095 ? 4095 : (int)v; }

TEST(state_neutral_is_the_pipes_rest)
{
    g7sf_color_processing_state s;
    memset(&s, 0x5A, sizeof s);
    g7sf_iecp_state_neutral(&s);
    CHECK_EQ(s.contrast, 128u);
    CHECK_EQ(s.brightness, 0);
    CHECK_EQ(s.cos_c_s, 256);
    CHECK_EQ(s.sin_c_s, 0);
    CHECK(s.c0 == 1024 && s.c4 == 1024 && s.c8 == 1024);
    CHECK(!s.c1 && !s.c2 && !s.c3 && !s.c5 && !s.c6 && !s.c7);
    CHECK(!s.procamp_enable && !s.transform_enable && !s.std_enable && !s.ace_enable &&
          !s.tcc_enable && !s.color_gamut_compression_enable && !s.yuv_in && !s.yuv_out);
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    CHECK_EQ(g7sf_state_pack(&g7sf_desc_COLOR_PROCESSING_STATE, &s, dw), 0);
}

TEST(procamp_neutral_is_the_identity)
{
    g7sf_color_processing_state s = neutral();
    for (int v = 0; v <= 4095; v += 7) {
        g7sf_iecp_pixel p = px(v, 4095 - v, (v * 3) % 4096);
        g7sf_iecp_procamp(&s, &p, 1);
        CHECK_EQ(p.c[0], v);
        CHECK_EQ(p.c[1], 4095 - v);
        CHECK_EQ(p.c[2], (v * 3) % 4096);
        CHECK_EQ(p.a, 0xABCD);
    }
}

TEST(procamp_by_hand)
{
    g7sf_color_processing_state s = neutral();
    s.contrast = 192;          /* 1.5 */
    s.brightness = -160;       /* -10.0 in 8-bit units: -160 in 12 bits */
    g7sf_iecp_pixel p[3] = { px(1000, 2048, 2048), px(257, 2048, 2048), px(255, 2048, 2048) };
    g7sf_iecp_procamp(&s, p, 3);
    CHECK_EQ(p[0].c[0], 1212);   /* (1000 - 256) * 1.5 = 1116; - 160 + 256 */
    CHECK_EQ(p[1].c[0], 98);     /* 1 * 1.5 = 1.5 rounds up to 2; 2 - 160 + 256 */
    CHECK_EQ(p[2].c[0], 95);     /* -1.5 rounds up to -1; -1 - 160 + 256 */
    CHECK_EQ(p[0].c[1], 2048);   /* neutral chroma stays neutral */
    CHECK_EQ(p[0].c[2], 2048);
    /* a hue of 90 degrees: cos 0, sin 1: U' = V, V' = 4096 - U */
    s = neutral();
    s.cos_c_s = 0, s.sin_c_s = 256;
    g7sf_iecp_pixel q[2] = { px(300, 1000, 3000), px(300, 0, 2048) };
    g7sf_iecp_procamp(&s, q, 2);
    CHECK_EQ(q[0].c[1], 3000);
    CHECK_EQ(q[0].c[2], 3096);   /* -(1000 - 2048) + 2048 */
    CHECK_EQ(q[1].c[2], 4095);   /* 4096 clamps */
    /* saturation 0: cos_c_s = sin_c_s = 0 gives neutral chroma */
    s = neutral();
    s.cos_c_s = 0;
    g7sf_iecp_pixel r = px(700, 123, 3999);
    g7sf_iecp_procamp(&s, &r, 1);
    CHECK_EQ(r.c[1], 2048);
    CHECK_EQ(r.c[2], 2048);
    /* black (Y 256) stays black under any contrast; brightness adds */
    s = neutral();
    s.contrast = 2047, s.brightness = 16;
    g7sf_iecp_pixel k = px(256, 2048, 2048);
    g7sf_iecp_procamp(&s, &k, 1);
    CHECK_EQ(k.c[0], 272);
}

/* The formulas in doubles: each product exact, one rounding half up. */
static void procamp_ref(const g7sf_color_processing_state *s, const int in[3], int out[3])
{
    double c = s->contrast / 128.0, b = s->brightness, cs = s->cos_c_s / 256.0,
           sn = s->sin_c_s / 256.0;
    double u = in[1] - 2048.0, v = in[2] - 2048.0;
    out[0] = clamp12(floor((in[0] - 256.0) * c + 0.5) + b + 256);
    out[1] = clamp12(floor(u * cs + v * sn + 0.5) + 2048);
    out[2] = clamp12(floor(v * cs - u * sn + 0.5) + 2048);
}

static int rnd(int lo, int hi) { return lo + (int)(t_rand() % (uint64_t)(hi - lo + 1)); }

TEST(procamp_against_doubles)
{
    int bad = 0;
    for (int k = 0; k < 20000; k++) {
        g7sf_color_processing_state s = neutral();
        s.contrast = (uint32_t)rnd(0, 2047), s.brightness = rnd(-2048, 2047);
        s.cos_c_s = rnd(-32768, 32767), s.sin_c_s = rnd(-32768, 32767);
        int in[3] = { rnd(0, 4095), rnd(0, 4095), rnd(0, 4095) }, want[3];
        g7sf_iecp_pixel p = px(in[0], in[1], in[2]);
        g7sf_iecp_procamp(&s, &p, 1);
        procamp_ref(&s, in, want);
        for (int c = 0; c < 3; c++)
            bad += p.c[c] != want[c];
    }
    CHECK_EQ(bad, 0);
}

TEST(csc_by_hand)
{
    /* BT.601 limited-range YUV to RGB in S2.10: R = 1.164 (Y - 16) + 1.596
     * (V - 128) with rows (Y, U, V); offsets In -16, -128, -128 */
    g7sf_color_processing_state s = neutral();
    s.transform_enable = 1, s.yuv_in = 1;
    s.c0 = 1192, s.c1 = 0, s.c2 = 1634;     /* R */
    s.c3 = 1192, s.c4 = -401, s.c5 = -832;  /* G */
    s.c6 = 1192, s.c7 = 2066, s.c8 = 0;     /* B */
    s.offset_in_1 = -16, s.offset_in_2 = -128, s.offset_in_3 = -128;
    /* Y 235, U V 128 (white): R = 1192 * 219 * 16 / 1024 = 4078.875 -> 4079 */
    g7sf_iecp_pixel p[2] = { px(235 * 16, 128 * 16, 128 * 16), px(16 * 16, 128 * 16, 255 * 16) };
    g7sf_iecp_csc(&s, p, 2);
    CHECK_EQ(p[0].c[0], 4079);
    CHECK_EQ(p[0].c[1], 4079);
    CHECK_EQ(p[0].c[2], 4079);
    /* black with V 255: R = 1634 * 127 * 16 / 1024 = 3242.4 -> 3242; G =
     * -832 * 2032 / 1024 = -1651 -> 0; B = 0 */
    CHECK_EQ(p[1].c[0], 3242);
    CHECK_EQ(p[1].c[1], 0);
    CHECK_EQ(p[1].c[2], 0);
    CHECK_EQ(p[1].a, 0xABCD);
    /* output offsets only with YUV_OUT: +64 (8-bit) is +1024 */
    s = neutral();
    s.offset_out_1 = 64, s.offset_in_1 = 100;
    g7sf_iecp_pixel q = px(100, 200, 300);
    g7sf_iecp_csc(&s, &q, 1);
    CHECK_EQ(q.c[0], 100);                 /* neither enable: the matrix alone */
    s.yuv_out = 1;
    q = px(100, 200, 300);
    g7sf_iecp_csc(&s, &q, 1);
    CHECK_EQ(q.c[0], 1124);
    s.yuv_in = 1;
    q = px(100, 200, 300);
    g7sf_iecp_csc(&s, &q, 1);
    CHECK_EQ(q.c[0], 2724);                /* (100 + 1600) + 1024 */
}

static void csc_ref(const g7sf_color_processing_state *s, const int in[3], int out[3])
{
    const double m[9] = { s->c0, s->c1, s->c2, s->c3, s->c4, s->c5, s->c6, s->c7, s->c8 };
    const double oi[3] = { s->offset_in_1, s->offset_in_2, s->offset_in_3 };
    const double oo[3] = { s->offset_out_1, s->offset_out_2, s->offset_out_3 };
    for (int k = 0; k < 3; k++) {
        double sum = 0;
        for (int j = 0; j < 3; j++)
            sum += m[3 * k + j] / 1024.0 * (in[j] + (s->yuv_in ? 16.0 * oi[j] : 0));
        out[k] = clamp12(floor(sum + 0.5) + (s->yuv_out ? 16.0 * oo[k] : 0));
    }
}

TEST(csc_against_doubles)
{
    int bad = 0;
    for (int k = 0; k < 20000; k++) {
        g7sf_color_processing_state s = neutral();
        int32_t *c[9] = { &s.c0, &s.c1, &s.c2, &s.c3, &s.c4, &s.c5, &s.c6, &s.c7, &s.c8 };
        for (int i = 0; i < 9; i++)
            *c[i] = rnd(-4096, 4095);
        int32_t *o[6] = { &s.offset_in_1, &s.offset_in_2, &s.offset_in_3, &s.offset_out_1,
                          &s.offset_out_2, &s.offset_out_3 };
        for (int i = 0; i < 6; i++)
            *o[i] = rnd(-512, 511);
        s.yuv_in = (uint32_t)rnd(0, 1), s.yuv_out = (uint32_t)rnd(0, 1);
        int in[3] = { rnd(0, 4095), rnd(0, 4095), rnd(0, 4095) }, want[3];
        g7sf_iecp_pixel p = px(in[0], in[1], in[2]);
        g7sf_iecp_csc(&s, &p, 1);
        csc_ref(&s, in, want);
        for (int i = 0; i < 3; i++)
            bad += p.c[i] != want[i];
    }
    CHECK_EQ(bad, 0);
}

/* ACE's curve set to the PRM's default points (7573-7640): each output
 * bias at its point, slopes 1.0 */
static void ace_identity(g7sf_color_processing_state *s)
{
    static const unsigned pts[12] = { 16, 36, 56, 76, 96, 116, 136, 156, 176, 196, 216, 235 };
    uint32_t *y[12] = { &s->ymin, &s->y1, &s->y2, &s->y3, &s->y4, &s->y5, &s->y6, &s->y7,
                        &s->y8, &s->y9, &s->y10, &s->ymax };
    uint32_t *b[10] = { &s->b1, &s->b2, &s->b3, &s->b4, &s->b5, &s->b6, &s->b7, &s->b8,
                        &s->b9, &s->b10 };
    uint32_t *sl[11] = { &s->s0, &s->s1, &s->s2, &s->s3, &s->s4, &s->s5, &s->s6, &s->s7,
                         &s->s8, &s->s9, &s->s10 };
    for (int k = 0; k < 12; k++)
        *y[k] = pts[k];
    for (int k = 0; k < 10; k++)
        *b[k] = pts[k + 1];
    for (int k = 0; k < 11; k++)
        *sl[k] = 1024;
}

TEST(ace_default_curve_is_the_identity)
{
    g7sf_color_processing_state s = neutral();
    ace_identity(&s);
    for (int v = 0; v <= 4095; v++) {
        g7sf_iecp_pixel p = px(v, 100, 200);
        g7sf_iecp_ace(&s, &p, 1);
        CHECK_EQ(p.c[0], v);
        CHECK(p.c[1] == 100 && p.c[2] == 200);
    }
}

TEST(ace_by_hand)
{
    g7sf_color_processing_state s = neutral();
    ace_identity(&s);
    s.b1 = 46;        /* Y1 (36) now maps to 46 */
    s.s0 = 1536;      /* 1.5 from Ymin to Y1 */
    g7sf_iecp_pixel p[5] = { px(400, 0, 0), px(576, 0, 0), px(100, 0, 0), px(4000, 0, 0),
                             px(257, 0, 0) };
    g7sf_iecp_ace(&s, p, 5);
    CHECK_EQ(p[0].c[0], 472);    /* 256 + 1.5 (400 - 256) */
    CHECK_EQ(p[1].c[0], 736);    /* at Y1: B1 = 46 x 16 */
    CHECK_EQ(p[2].c[0], 22);     /* below Ymin the first segment goes on: 256 - 1.5 x 156 */
    CHECK_EQ(p[3].c[0], 4000);   /* above Ymax the last: 3456 + (4000 - 3456) */
    CHECK_EQ(p[4].c[0], 258);    /* 256 + 1.5 rounds up to 258 */
}

TEST(ace_against_doubles)
{
    int bad = 0;
    for (int k = 0; k < 20000; k++) {
        g7sf_color_processing_state s = neutral();
        uint32_t *y[12] = { &s.ymin, &s.y1, &s.y2, &s.y3, &s.y4, &s.y5, &s.y6, &s.y7,
                            &s.y8, &s.y9, &s.y10, &s.ymax };
        uint32_t *b[10] = { &s.b1, &s.b2, &s.b3, &s.b4, &s.b5, &s.b6, &s.b7, &s.b8,
                            &s.b9, &s.b10 };
        uint32_t *sl[11] = { &s.s0, &s.s1, &s.s2, &s.s3, &s.s4, &s.s5, &s.s6, &s.s7,
                             &s.s8, &s.s9, &s.s10 };
        int last = rnd(0, 20);
        for (int i = 0; i < 12; i++)
            *y[i] = (uint32_t)(last = last + rnd(0, 25) > 255 ? 255 : last + rnd(0, 25));
        for (int i = 0; i < 10; i++)
            *b[i] = (uint32_t)rnd(0, 255);
        for (int i = 0; i < 11; i++)
            *sl[i] = (uint32_t)rnd(0, 2047);
        int in = rnd(0, 4095);
        /* the segment: the last point at or below the input, the first below Ymin */
        int seg = 0;
        for (int i = 1; i <= 10; i++)
            if (in >= 16 * (int)*y[i])
                seg = i;
        double base = seg ? 16.0 * *b[seg - 1] : 16.0 * s.ymin;
        double want = base + floor(*sl[seg] / 1024.0 * (in - 16.0 * *y[seg]) + 0.5);
        g7sf_iecp_pixel p = px(in, 0, 0);
        g7sf_iecp_ace(&s, &p, 1);
        bad += p.c[0] != clamp12(want);
    }
    CHECK_EQ(bad, 0);
}

TEST(run_follows_the_enable_bits_and_the_order)
{
    g7sf_color_processing_state s = neutral();
    s.contrast = 256;                       /* 2.0 */
    s.c0 = 512;                             /* Y / 2 */
    g7sf_iecp_pixel p = px(1256, 2048, 2048);
    CHECK_EQ(g7sf_iecp_run(&s, &p, 1, 0, NULL, NULL), 0);
    CHECK_EQ(p.c[0], 1256);                 /* nothing enabled */
    s.procamp_enable = 1;
    CHECK_EQ(g7sf_iecp_run(&s, &p, 1, 0, NULL, NULL), 0);
    CHECK_EQ(p.c[0], 2256);                 /* 1000 * 2 + 256 */
    s.transform_enable = 1;
    p = px(1256, 2048, 2048);
    CHECK_EQ(g7sf_iecp_run(&s, &p, 1, 0, NULL, NULL), 0);
    CHECK_EQ(p.c[0], 1128);                 /* ProcAmp, then the CSC halves it */
    /* bad arguments: an error with its reason, the pixels untouched */
    const char *why = NULL;
    g7sf_iecp_pixel two[3] = { px(1256, 2048, 2048), px(1256, 2048, 2048), px(1256, 2048, 2048) };
    CHECK_EQ(g7sf_iecp_run(&s, two, 3, G7SF_IECP_PAIRS, NULL, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "odd"));
    CHECK_EQ(g7sf_iecp_run(&s, two, 2, 4, NULL, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "flags"));
    CHECK_EQ(two[0].c[0], 1256);
    /* ACE, then ProcAmp, then the CSC: Y 1256 lies in the segment from Y3
     * (76 x 16 = 1216), mapped to B3 136 x 16 + 2 (1256 - 1216) = 2256;
     * ProcAmp (2256 - 256) x 2 + 256 = 4256 clamps to 4095; the CSC halves
     * it: 2047.5 rounds up to 2048 */
    g7sf_color_processing_state a = s;
    ace_identity(&a);
    a.ace_enable = 1;
    a.s0 = a.s1 = a.s2 = a.s3 = a.s4 = a.s5 = 2048, a.b1 = 56, a.b2 = 96, a.b3 = 136;
    p = px(1256, 2048, 2048);
    CHECK_EQ(g7sf_iecp_run(&a, &p, 1, 0, NULL, NULL), 0);
    CHECK_EQ(p.c[0], 2048);
    CHECK_EQ(g7sf_iecp_run(NULL, &p, 1, 0, NULL, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_iecp_run(&s, NULL, 0, 0, NULL, NULL), 0);
}

/* A structure filled by hand with values its fields cannot hold runs as
 * the DWords it would pack to (each member's low bits in its field),
 * through every stage: here packed bit by bit through the runtime field
 * table, then unpacked, and both run on the same pixels. */
TEST(run_on_members_beyond_their_fields_is_their_packed_bits)
{
    const g7sf_state_desc *d = &g7sf_desc_COLOR_PROCESSING_STATE;
    uint64_t r = 0x9E3779B97F4A7C15ull;
    for (int t = 0; t < 200; t++) {
        g7sf_color_processing_state g;
        unsigned char *b = (unsigned char *)&g;
        for (size_t i = 0; i < sizeof g; i++) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            b[i] = (unsigned char)r;
        }
        uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS] = { 0 };
        for (unsigned k = 0; k < d->nfields; k++) {
            const g7sf_field *f = &d->fields[k];
            unsigned w = f->hi - f->lo + 1u;
            uint64_t bits = (uint64_t)g7sf_field_get(f, 0, &g) & ((1ull << w) - 1);
            dw[f->dw] |= (uint32_t)(bits << f->lo);
        }
        g7sf_color_processing_state want;
        g7sf_state_unpack(d, dw, &want);
        g7sf_iecp_pixel p[32], q[32];
        for (int i = 0; i < 32; i++) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            p[i] = px((int)(r & 4095), (int)(r >> 12 & 4095), (int)(r >> 24 & 4095));
            if (i % 2)
                p[i].c[1] = p[i - 1].c[1], p[i].c[2] = p[i - 1].c[2];
        }
        memcpy(q, p, sizeof p);
        CHECK_EQ(g7sf_iecp_run(&g, p, 32, G7SF_IECP_PAIRS, NULL, NULL), 0);
        CHECK_EQ(g7sf_iecp_run(&want, q, 32, G7SF_IECP_PAIRS, NULL, NULL), 0);
        CHECK(!memcmp(p, q, sizeof p));
    }
}

/* The pipe's one rounding (iecp_int.h), branch-free, against floor((v +
 * 2^(n-1)) / 2^n) by C's truncating division corrected toward minus
 * infinity, over signs, ties and the widths the stages use. */
TEST(round_shift_is_floor_of_half_up)
{
    uint64_t r = 0x243F6A8885A308D3ull;
    for (int i = 0; i < 200000; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        int n = 1 + (int)(r % 40);
        int64_t v = (int64_t)(r >> 20) - ((int64_t)1 << 43);
        if (i % 4 == 0)   /* exact ties: odd multiples of 2^(n-1) */
            v = ((int64_t)(r >> 48) - (1 << 15)) * ((int64_t)1 << n) + ((int64_t)1 << (n - 1));
        int64_t a = v + ((int64_t)1 << (n - 1)), d = (int64_t)1 << n, q = a / d;
        if (a % d && a < 0)
            q--;
        CHECKF(iecp_round_shift(v, n) == q, "v %lld n %d: %lld, want %lld", (long long)v, n,
               (long long)iecp_round_shift(v, n), (long long)q);
    }
    CHECK_EQ(iecp_round_shift(-3, 1), -1);   /* -1.5 rounds up to -1 */
    CHECK_EQ(iecp_round_shift(3, 1), 2);     /* 1.5 to 2 */
    CHECK_EQ(iecp_round_shift(-5, 2), -1);   /* -1.25 to -1 */
}
