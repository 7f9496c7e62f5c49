/* FXT1 decoder against values computed by hand from the
 * GL_3DFX_texture_compression_FXT1 specification.  Blocks are assembled
 * bit by bit: bit n is bit n % 8 of byte n / 8 ("little-endian"). */
#include <math.h>
#include <string.h>

#include "core/texcomp.h"
#include "harness.h"

static void put(uint8_t b[16], unsigned lsb, unsigned n, unsigned v)
{
    for (unsigned i = 0; i < n; i++) {
        const unsigned bit = lsb + i;
        b[bit / 8] = (uint8_t)((b[bit / 8] & ~(1u << bit % 8)) | (v >> i & 1) << bit % 8);
    }
}

/* A 15-bit colour (r5, g5, b5) whose blue LSB is at bit lsb. */
static void put555(uint8_t b[16], unsigned lsb, unsigned r, unsigned g, unsigned bl)
{
    put(b, lsb + 10, 5, r);
    put(b, lsb + 5, 5, g);
    put(b, lsb, 5, bl);
}

/* Spec texel t: t0..t15 the left 4x4 (row-major), t16..t31 the right. */
static int texel_x(int t) { return t / 16 * 4 + t % 4; }
static int texel_y(int t) { return t % 16 / 4; }

/* Each texel t against want[t / 16][index(t)]. */
static void check_block(float out[32][4], const int *index, const int want[2][8][4])
{
    for (int t = 0; t < 32; t++) {
        const float *o = out[texel_y(t) * 8 + texel_x(t)];
        const int *w = want[t / 16][index[t]];
        for (int c = 0; c < 4; c++)
            CHECKF(o[c] == (float)w[c] / 255.0f, "texel %d (x %d y %d) ch %d: got %g/255, want %d",
                   t, texel_x(t), texel_y(t), c, (double)o[c] * 255.0, w[c]);
    }
}

/* Both halves use the same palette. */
static void same_halves(const int pal[8][4], int want[2][8][4])
{
    memcpy(want[0], pal, sizeof(int[8][4]));
    memcpy(want[1], pal, sizeof(int[8][4]));
}

/* CC_HI: color1 = (31, 0, 10) -> (255, 0, 82), color0 = (0, 31, 20) ->
 * (0, 255, 165) (5 -> 8 bits: upper 3 bits repeated).  Bit 125 (color1's
 * red MSB) = 1 makes the mode field 001b, still CC_HI.  Level i =
 * ((6 - i) c0 + i c1 + 3) / 6; 7 transparent.  Texel t has index t % 8
 * (texel 21's index straddles bits 63/64). */
TEST(fxt1_cc_hi)
{
    uint8_t b[16] = { 0 };
    put555(b, 111, 31, 0, 10);
    put555(b, 96, 0, 31, 20);
    int index[32];
    for (int t = 0; t < 32; t++) {
        index[t] = t % 8;
        put(b, 3 * (unsigned)t, 3, (unsigned)index[t]);
    }
    static const int pal[8][4] = {
        { 0, 255, 165, 255 },
        { 43, 213, 151, 255 },   /* (255+3)/6, (1275+3)/6, (825+82+3)/6 = 910/6 */
        { 85, 170, 137, 255 },   /* 513/6, 1023/6, (660+164+3)/6 = 827/6 */
        { 128, 128, 124, 255 },  /* 768/6, 768/6, (495+246+3)/6 = 744/6 */
        { 170, 85, 110, 255 },   /* 1023/6, 513/6, (330+328+3)/6 = 661/6 */
        { 213, 43, 96, 255 },    /* 1278/6, 258/6, (165+410+3)/6 = 578/6 */
        { 255, 0, 82, 255 },
        { 0, 0, 0, 0 },
    };
    int want[2][8][4];
    same_halves(pal, want);
    float out[32][4];
    texcomp_fxt1(b, out);
    check_block(out, index, want);
}

/* CC_CHROMA (mode 010b): four RGB555 colours, no interpolation.  3 -> 24
 * and 28 -> 231 by bit replication.  Bit 124 (unused) set: no effect. */
TEST(fxt1_cc_chroma)
{
    uint8_t b[16] = { 0 };
    put(b, 125, 3, 2);
    put(b, 124, 1, 1);
    put555(b, 64, 3, 28, 0);      /* color0 -> (24, 231, 0) */
    put555(b, 79, 31, 0, 7);      /* color1 -> (255, 0, 57) */
    put555(b, 94, 16, 16, 16);    /* color2 -> (132, 132, 132) */
    put555(b, 109, 0, 31, 1);     /* color3 -> (0, 255, 8) */
    int index[32];
    for (int t = 0; t < 32; t++) {
        index[t] = (t + t / 4) % 4;
        put(b, 2 * (unsigned)t, 2, (unsigned)index[t]);
    }
    static const int pal[8][4] = {
        { 24, 231, 0, 255 }, { 255, 0, 57, 255 }, { 132, 132, 132, 255 }, { 0, 255, 8, 255 },
    };
    int want[2][8][4];
    same_halves(pal, want);
    float out[32][4];
    texcomp_fxt1(b, out);
    check_block(out, index, want);
}

/* CC_MIXED colours: color0 (10, 20, 0), color1 (20, 10, 31), color2
 * (0, 31, 5), color3 (31, 0, 0); bit 127 = 1. */
static void mixed_colors(uint8_t b[16], unsigned alpha, unsigned glsb1, unsigned glsb3)
{
    put(b, 127, 1, 1);
    put(b, 126, 1, glsb3);
    put(b, 125, 1, glsb1);
    put(b, 124, 1, alpha);
    put555(b, 64, 10, 20, 0);
    put555(b, 79, 20, 10, 31);
    put555(b, 94, 0, 31, 5);
    put555(b, 109, 31, 0, 0);
}

/* alpha[0] = 0: all four colours RGB565.  Left: texel 0 has index 2, so
 * bit 1 = 1 and color0's green LSB = 1 ^ glsb1 (1) = 0: g6 40 -> 162;
 * color1 g6 = 10:1 = 21 -> 85.  Right: texel 16 has index 1, bit 33 = 0,
 * color2 green LSB = 0 ^ glsb3 (0) = 0: g6 62 -> 251; color3 g6 0.
 * Levels c0, (2 c0 + c1 + 1) / 3, (c0 + 2 c1 + 1) / 3, c1. */
TEST(fxt1_cc_mixed_opaque)
{
    uint8_t b[16] = { 0 };
    mixed_colors(b, 0, 1, 0);
    int index[32];
    for (int t = 0; t < 32; t++) {
        index[t] = t < 16 ? (t + 2) % 4 : (t + 1) % 4;
        put(b, 2 * (unsigned)t, 2, (unsigned)index[t]);
    }
    static const int want[2][8][4] = {
        { { 82, 162, 0, 255 },
          { 110, 136, 85, 255 },    /* (164+165+1)/3, (324+85+1)/3, 256/3 */
          { 137, 111, 170, 255 },   /* (82+330+1)/3, (162+170+1)/3, 511/3 */
          { 165, 85, 255, 255 } },
        { { 0, 251, 41, 255 },
          { 85, 167, 27, 255 },     /* 256/3, (502+1)/3, (82+1)/3 */
          { 170, 84, 14, 255 },     /* 511/3, (251+1)/3, (41+1)/3 */
          { 255, 0, 0, 255 } },
    };
    float out[32][4];
    texcomp_fxt1(b, out);
    check_block(out, index, want);

    /* Texel 0 index 1 instead (bit 1 = 0): color0's green LSB = 0 ^ 1 = 1,
     * g6 41 -> 166; levels (2*82+165+1)/3 = 110, (332+85+1)/3 = 139, 85. */
    put(b, 0, 2, 1);
    index[0] = 1;
    int want2[2][8][4];
    memcpy(want2, want, sizeof want2);
    const int l1[4] = { 110, 139, 85, 255 };
    memcpy(want2[0][1], l1, sizeof l1);
    want2[0][0][1] = 166;
    want2[0][2][1] = 112;   /* (166 + 170 + 1) / 3 */
    texcomp_fxt1(b, out);
    check_block(out, index, want2);
}

/* alpha[0] = 1: color0/2 RGB555, color1/3 RGB565 with the glsb bits (both
 * 1 here: color1 g6 21 -> 85, color3 g6 1 -> 4).  Levels c0, (c0 + c1) / 2
 * (no rounding term), c1, transparent black. */
TEST(fxt1_cc_mixed_alpha)
{
    uint8_t b[16] = { 0 };
    mixed_colors(b, 1, 1, 1);
    int index[32];
    for (int t = 0; t < 32; t++) {
        index[t] = t % 4;
        put(b, 2 * (unsigned)t, 2, (unsigned)index[t]);
    }
    static const int want[2][8][4] = {
        { { 82, 165, 0, 255 },
          { 123, 125, 127, 255 },   /* 247/2, 250/2, 255/2 */
          { 165, 85, 255, 255 },
          { 0, 0, 0, 0 } },
        { { 0, 255, 41, 255 },
          { 127, 129, 20, 255 },    /* 255/2, 259/2, 41/2 */
          { 255, 4, 0, 255 },
          { 0, 0, 0, 0 } },
    };
    float out[32][4];
    texcomp_fxt1(b, out);
    check_block(out, index, want);
}

/* CC_ALPHA (mode 011b), three ARGB5555 colours. */
static void alpha_colors(uint8_t b[16], unsigned lerp, const unsigned c[3][4])
{
    put(b, 125, 3, 3);
    put(b, 124, 1, lerp);
    for (unsigned k = 0; k < 3; k++) {
        put555(b, 64 + 15 * k, c[k][0], c[k][1], c[k][2]);
        put(b, 109 + 5 * k, 5, c[k][3]);
    }
}

/* lerp = 0: colours 0..2 with their alphas, index 3 transparent black. */
TEST(fxt1_cc_alpha_direct)
{
    static const unsigned c[3][4] = { { 31, 0, 0, 0 }, { 0, 31, 0, 16 }, { 3, 7, 28, 31 } };
    uint8_t b[16] = { 0 };
    alpha_colors(b, 0, c);
    int index[32];
    for (int t = 0; t < 32; t++) {
        index[t] = (t + t / 4) % 4;
        put(b, 2 * (unsigned)t, 2, (unsigned)index[t]);
    }
    static const int pal[8][4] = {
        { 255, 0, 0, 0 }, { 0, 255, 0, 132 }, { 24, 57, 231, 255 }, { 0, 0, 0, 0 },
    };
    int want[2][8][4];
    same_halves(pal, want);
    float out[32][4];
    texcomp_fxt1(b, out);
    check_block(out, index, want);
}

/* lerp = 1: left half color0 -> color1, right half color2 -> color1, four
 * levels on all of a, r, g, b.  color0 0, color1 all 31 (255), color2
 * (10, 20, 31, 0) -> (82, 165, 255, 0). */
TEST(fxt1_cc_alpha_lerp)
{
    static const unsigned c[3][4] = { { 0, 0, 0, 0 }, { 31, 31, 31, 31 }, { 10, 20, 31, 0 } };
    uint8_t b[16] = { 0 };
    alpha_colors(b, 1, c);
    int index[32];
    for (int t = 0; t < 32; t++) {
        index[t] = t % 4;
        put(b, 2 * (unsigned)t, 2, (unsigned)index[t]);
    }
    static const int want[2][8][4] = {
        { { 0, 0, 0, 0 }, { 85, 85, 85, 85 }, { 170, 170, 170, 170 }, { 255, 255, 255, 255 } },
        { { 82, 165, 255, 0 },
          { 140, 195, 255, 85 },    /* (164+255+1)/3, (330+255+1)/3, 766/3, 256/3 */
          { 197, 225, 255, 170 },   /* (82+510+1)/3, (165+510+1)/3, 766/3, 511/3 */
          { 255, 255, 255, 255 } },
    };
    float out[32][4];
    texcomp_fxt1(b, out);
    check_block(out, index, want);
}

/* Random blocks decode to finite values in [0, 1]. */
TEST(fxt1_garbage)
{
    for (int n = 0; n < 20000; n++) {
        uint8_t b[16];
        for (int i = 0; i < 16; i++)
            b[i] = (uint8_t)t_rand();
        float out[32][4];
        texcomp_fxt1(b, out);
        for (int i = 0; i < 32; i++)
            for (int c = 0; c < 4; c++)
                CHECKF(isfinite(out[i][c]) && out[i][c] >= 0.0f && out[i][c] <= 1.0f,
                       "block %d texel %d ch %d = %g", n, i, c, (double)out[i][c]);
        if (t_failed())
            return;
    }
}
