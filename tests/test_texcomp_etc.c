/* ETC1 / ETC2 / EAC block decoders against values computed by hand from the
 * Khronos Data Format Specification (ETC1 and ETC2 chapters), and against
 * Mesa's decoders for every table, multiplier and mode (the last section;
 * the test keeps no copy of the library's tables).  Blocks are assembled
 * field by field as the big-endian 64-bit words the spec draws. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/texcomp.h"
#include "harness.h"
#include "mesa_gl.h"

/* Set bits lsb .. lsb + n - 1 of a block word. */
static void put(uint64_t *w, unsigned lsb, unsigned n, uint64_t v)
{
    *w = (*w & ~(((UINT64_C(1) << n) - 1) << lsb)) | v << lsb;
}

/* Pixel index of texel (x, y): spec pixel i = 4x + y, MSB bit 16 + i, LSB bit i. */
static void put_index(uint64_t *w, int x, int y, unsigned idx)
{
    const unsigned i = (unsigned)(4 * x + y);
    put(w, 16 + i, 1, idx >> 1);
    put(w, i, 1, idx & 1);
}

/* Every texel gets index (4x + y) % 4, so each sub-block sees all four. */
static void put_index_pattern(uint64_t *w)
{
    for (int x = 0; x < 4; x++)
        for (int y = 0; y < 4; y++)
            put_index(w, x, y, (unsigned)(4 * x + y) % 4);
}

static void to_bytes(uint64_t w, uint8_t b[8])
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(w >> (56 - 8 * i));
}

/* Texel (x, y) against an RGBA8 expectation. */
static void check_rgba8(texcomp_4x4 out, int x, int y, const int want[4])
{
    const float *t = out[y * 4 + x];
    for (int c = 0; c < 4; c++)
        CHECKF(t[c] == (float)want[c] / 255.0f, "texel (%d,%d) channel %d: got %.6f (%g/255), want %d",
               x, y, c, (double)t[c], (double)t[c] * 255.0, want[c]);
}

/* Check a block whose texel colour depends on (sub-block, index). */
static void check_subblocks(texcomp_4x4 out, int flip, const int want[2][4][4])
{
    for (int x = 0; x < 4; x++)
        for (int y = 0; y < 4; y++)
            check_rgba8(out, x, y, want[flip ? y >= 2 : x >= 2][(4 * x + y) % 4]);
}

/* Check a block whose texel colour depends only on its index. */
static void check_paint(texcomp_4x4 out, const int want[4][4])
{
    for (int x = 0; x < 4; x++)
        for (int y = 0; y < 4; y++)
            check_rgba8(out, x, y, want[(4 * x + y) % 4]);
}

/* Individual mode, the spec's example colours: base 1 (4,11,9) -> (68,187,153)
 * with table 4 {18, 60}; base 2 (14,3,8) -> (238,51,136) with table 0 {2, 8};
 * flip 0 (left half is sub-block 1).  Index 0 +a, 1 +b, 2 -a, 3 -b. */
TEST(etc1_individual)
{
    uint64_t w = 0;
    put(&w, 60, 4, 4); put(&w, 56, 4, 14);   /* R1, R2 */
    put(&w, 52, 4, 11); put(&w, 48, 4, 3);   /* G1, G2 */
    put(&w, 44, 4, 9); put(&w, 40, 4, 8);    /* B1, B2 */
    put(&w, 37, 3, 4); put(&w, 34, 3, 0);    /* tables */
    put_index_pattern(&w);
    static const int want[2][4][4] = {
        { { 86, 205, 171, 255 }, { 128, 247, 213, 255 },   /* +18, +60 */
          { 50, 169, 135, 255 }, { 8, 127, 93, 255 } },    /* -18, -60 */
        { { 240, 53, 138, 255 }, { 246, 59, 144, 255 },    /* +2, +8 */
          { 236, 49, 134, 255 }, { 230, 43, 128, 255 } },  /* -2, -8 */
    };
    uint8_t b[8];
    to_bytes(w, b);
    texcomp_4x4 out;
    texcomp_etc1(b, out);
    check_subblocks(out, 0, want);
    texcomp_etc2_rgb8(b, 0, out);   /* ETC2 is a superset */
    check_subblocks(out, 0, want);
}

/* Differential mode, the spec's example: (29,26,8) -> (239,214,66), delta
 * (-4,-3,+3) -> (25,23,11) -> (206,189,90); tables 2 {9,29} and 3 {13,42};
 * flip 1 (top half is sub-block 1).  Clamping: 239 + 29 = 268 -> 255. */
static uint64_t differential_block(void)
{
    uint64_t w = 0;
    put(&w, 59, 5, 29); put(&w, 56, 3, 4);   /* R, dR = 100b = -4 */
    put(&w, 51, 5, 26); put(&w, 48, 3, 5);   /* G, dG = 101b = -3 */
    put(&w, 43, 5, 8); put(&w, 40, 3, 3);    /* B, dB = +3 */
    put(&w, 37, 3, 2); put(&w, 34, 3, 3);
    put(&w, 33, 1, 1); put(&w, 32, 1, 1);    /* diff, flip */
    put_index_pattern(&w);
    return w;
}

TEST(etc_differential)
{
    static const int want[2][4][4] = {
        { { 248, 223, 75, 255 }, { 255, 243, 95, 255 },
          { 230, 205, 57, 255 }, { 210, 185, 37, 255 } },
        { { 219, 202, 103, 255 }, { 248, 231, 132, 255 },
          { 193, 176, 77, 255 }, { 164, 147, 48, 255 } },
    };
    uint8_t b[8];
    to_bytes(differential_block(), b);
    texcomp_4x4 out;
    texcomp_etc1(b, out);
    check_subblocks(out, 1, want);
    texcomp_etc2_rgb8(b, 0, out);
    check_subblocks(out, 1, want);
    texcomp_etc2_rgb8(b, 1, out);   /* punch-through, opaque bit set */
    check_subblocks(out, 1, want);
}

/* Punch-through without the opaque bit: the small modifier is 0 and index
 * 2 is transparent black. */
TEST(etc2_punchthrough_differential)
{
    uint64_t w = differential_block();
    put(&w, 33, 1, 0);
    static const int want[2][4][4] = {
        { { 239, 214, 66, 255 }, { 255, 243, 95, 255 },    /* +0, +29 */
          { 0, 0, 0, 0 }, { 210, 185, 37, 255 } },         /* transparent, -29 */
        { { 206, 189, 90, 255 }, { 248, 231, 132, 255 },   /* +0, +42 */
          { 0, 0, 0, 0 }, { 164, 147, 48, 255 } },
    };
    uint8_t b[8];
    to_bytes(w, b);
    texcomp_4x4 out;
    texcomp_etc2_rgb8(b, 1, out);
    check_subblocks(out, 1, want);
}

/* T mode, the spec's example: base 1 (13,1,8) -> (221,17,136), base 2
 * (4,12,13) -> (68,204,221), distance index 101b -> 32.  R = 11111b with
 * dR = +1 overflows.  Paint: c1, c2 + d, c2, c2 - d. */
static uint64_t t_block(void)
{
    uint64_t w = 0;
    put(&w, 61, 3, 7);                        /* free bits: R = 11111b */
    put(&w, 59, 2, 3); put(&w, 58, 1, 0); put(&w, 56, 2, 1);   /* R1 = 11|01b; dR = 001b */
    put(&w, 52, 4, 1); put(&w, 48, 4, 8);     /* G1, B1 */
    put(&w, 44, 4, 4); put(&w, 40, 4, 12); put(&w, 36, 4, 13);
    put(&w, 34, 2, 2); put(&w, 33, 1, 1); put(&w, 32, 1, 1);   /* da, diff, db */
    put_index_pattern(&w);
    return w;
}

TEST(etc2_t_mode)
{
    static const int want[4][4] = {
        { 221, 17, 136, 255 }, { 100, 236, 253, 255 }, { 68, 204, 221, 255 }, { 36, 172, 189, 255 },
    };
    uint8_t b[8];
    to_bytes(t_block(), b);
    texcomp_4x4 out;
    texcomp_etc2_rgb8(b, 0, out);
    check_paint(out, want);
    texcomp_etc2_rgb8(b, 1, out);
    check_paint(out, want);

    uint64_t w = t_block();
    put(&w, 33, 1, 0);   /* punch-through, not opaque: paint colour 2 transparent */
    to_bytes(w, b);
    texcomp_etc2_rgb8(b, 1, out);
    static const int want_pt[4][4] = {
        { 221, 17, 136, 255 }, { 100, 236, 253, 255 }, { 0, 0, 0, 0 }, { 36, 172, 189, 255 },
    };
    check_paint(out, want_pt);
}

/* The T block in an ETC1 decoder: differential with R = 31 + 1 wrapping to
 * 0.  Fields as ETC1 reads them: G = 00011b = 3 (24), dG 0; B = 01001b = 9
 * (74), dB = 100b = -4 -> 5 (41); tables 110b = 6 {33,106} both; flip 1.
 * Base 1 (255,24,74), base 2 (0,24,41). */
TEST(etc1_overflow_wraps)
{
    static const int want[2][4][4] = {
        { { 255, 57, 107, 255 }, { 255, 130, 180, 255 },
          { 222, 0, 41, 255 }, { 149, 0, 0, 255 } },
        { { 33, 57, 74, 255 }, { 106, 130, 147, 255 },
          { 0, 0, 8, 255 }, { 0, 0, 0, 255 } },
    };
    uint8_t b[8];
    to_bytes(t_block(), b);
    texcomp_4x4 out;
    texcomp_etc1(b, out);
    check_subblocks(out, 1, want);
}

/* H mode, the spec's example: base 1 (13,1,8), base 2 (4,12,13); da = 1,
 * db = 0 and 221.. >= 68.. gives LSB 1: index 101b -> 32.  G as read for
 * mode selection = 000|1|1b = 3 with dG = 1|00b = -4 underflows (R = 01101b
 * with dR = 000b does not).  Paint: c1 + d, c1 - d, c2 + d, c2 - d. */
static uint64_t h_block(const unsigned c1[3], const unsigned c2[3])
{
    uint64_t w = 0;
    put(&w, 59, 4, c1[0]);
    put(&w, 56, 3, c1[1] >> 1); put(&w, 52, 1, c1[1] & 1);
    put(&w, 51, 1, c1[2] >> 3); put(&w, 47, 3, c1[2] & 7);
    put(&w, 50, 1, 1);                        /* dG sign bit */
    put(&w, 43, 4, c2[0]); put(&w, 39, 4, c2[1]); put(&w, 35, 4, c2[2]);
    put(&w, 34, 1, 1); put(&w, 33, 1, 1); put(&w, 32, 1, 0);   /* da, diff, db */
    put_index_pattern(&w);
    return w;
}

TEST(etc2_h_mode)
{
    static const unsigned a[3] = { 13, 1, 8 }, c[3] = { 4, 12, 13 };
    static const int want[4][4] = {
        { 253, 49, 168, 255 }, { 189, 0, 104, 255 }, { 100, 236, 253, 255 }, { 36, 172, 189, 255 },
    };
    uint8_t b[8];
    to_bytes(h_block(a, c), b);
    texcomp_4x4 out;
    texcomp_etc2_rgb8(b, 0, out);
    check_paint(out, want);

    /* Swapped: base 1 (68,204,221) < base 2 (221,17,136), LSB 0: index
     * 100b -> 23.  Mode check: R = 00100b, dR = 110b = -2 -> 2; G = 000|0|1b
     * = 1, dG = 1|10b = -2 -> -1: H. */
    static const int want_swap[4][4] = {
        { 91, 227, 244, 255 }, { 45, 181, 198, 255 }, { 244, 40, 159, 255 }, { 198, 0, 113, 255 },
    };
    to_bytes(h_block(c, a), b);
    texcomp_etc2_rgb8(b, 0, out);
    check_paint(out, want_swap);

    uint64_t w = h_block(a, c);
    put(&w, 33, 1, 0);
    to_bytes(w, b);
    texcomp_etc2_rgb8(b, 1, out);
    static const int want_pt[4][4] = {
        { 253, 49, 168, 255 }, { 189, 0, 104, 255 }, { 0, 0, 0, 0 }, { 36, 172, 189, 255 },
    };
    check_paint(out, want_pt);
}

/* Planar, the spec's example: O (12,64,62) -> (48,129,251), H (50,5,37) ->
 * (203,10,150), V (40,112,45) -> (162,225,182).  Mode: R = 0|0011b, dR =
 * 00|1b = +1 and G = 0|0000b, dG = 00|1b = +1 fit; B = 111|11b = 31, dB =
 * 0|11b = +3 overflows. */
static uint64_t planar_block(const unsigned o[3], const unsigned h[3], const unsigned v[3])
{
    uint64_t w = 0;
    put(&w, 57, 6, o[0]);
    put(&w, 56, 1, o[1] >> 6); put(&w, 49, 6, o[1] & 63);
    put(&w, 48, 1, o[2] >> 5); put(&w, 43, 2, o[2] >> 3 & 3); put(&w, 39, 3, o[2] & 7);
    put(&w, 45, 3, 7);                        /* free bits: B = 111xxb */
    put(&w, 34, 5, h[0] >> 1); put(&w, 33, 1, 1); put(&w, 32, 1, h[0] & 1);
    put(&w, 25, 7, h[1]); put(&w, 19, 6, h[2]);
    put(&w, 13, 6, v[0]); put(&w, 6, 7, v[1]); put(&w, 0, 6, v[2]);
    return w;
}

TEST(etc2_planar)
{
    static const unsigned o[3] = { 12, 64, 62 }, h[3] = { 50, 5, 37 }, v[3] = { 40, 112, 45 };
    /* The spec's table, [y][x]. */
    static const int want[4][4][3] = {
        { { 48, 129, 251 }, { 87, 99, 226 }, { 126, 70, 201 }, { 164, 40, 175 } },
        { { 77, 153, 234 }, { 115, 123, 209 }, { 154, 94, 183 }, { 193, 64, 158 } },
        { { 105, 177, 217 }, { 144, 147, 191 }, { 183, 118, 166 }, { 221, 88, 141 } },
        { { 134, 201, 199 }, { 172, 171, 174 }, { 211, 142, 149 }, { 250, 112, 124 } },
    };
    uint64_t w = planar_block(o, h, v);
    uint8_t b[8];
    texcomp_4x4 out;
    for (int pass = 0; pass < 3; pass++) {
        /* ETC2; punch-through opaque; punch-through with bit 33 clear,
         * which planar ignores. */
        if (pass == 2)
            put(&w, 33, 1, 0);
        to_bytes(w, b);
        texcomp_etc2_rgb8(b, pass > 0, out);
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 4; x++) {
                const int *c = want[y][x];
                check_rgba8(out, x, y, (const int[4]){ c[0], c[1], c[2], 255 });
            }
    }
}

/* Planar clamping.  R: O 0, H = V = 63 (255): (255(x + y) + 2) >> 2.  G: O
 * 127 (255), H = V = 0: (1022 - 255(x + y)) >> 2.  B flat 30 -> 121.  As a
 * function of s = x + y, clamped to [0, 255]. */
TEST(etc2_planar_clamps)
{
    static const unsigned o[3] = { 0, 127, 30 }, h[3] = { 63, 0, 30 }, v[3] = { 63, 0, 30 };
    static const int r[7] = { 0, 64, 128, 191, 255, 255, 255 };   /* 1277, 1532 >> 2 clamp */
    static const int g[7] = { 255, 191, 128, 64, 0, 0, 0 };       /* -253, -508 clamp */
    uint8_t b[8];
    to_bytes(planar_block(o, h, v), b);
    texcomp_4x4 out;
    texcomp_etc2_rgb8(b, 0, out);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++)
            check_rgba8(out, x, y, (const int[4]){ r[x + y], g[x + y], 121, 255 });
}

/* EAC block: base, multiplier, table and texel (x, y)'s 3-bit index at bits
 * 47 - 3i .. 45 - 3i, i = 4x + y.  Index pattern i % 8. */
static void eac_block(unsigned base, unsigned mult, unsigned table, uint8_t b[8])
{
    uint64_t w = 0;
    put(&w, 56, 8, base); put(&w, 52, 4, mult); put(&w, 48, 4, table);
    for (unsigned i = 0; i < 16; i++)
        put(&w, 45 - 3 * i, 3, i % 8);
    to_bytes(w, b);
}

/* One channel of a decoded block against want[i % 8] / scale. */
static void check_eac(texcomp_4x4 out, int ch, const int want[8], float scale)
{
    for (int x = 0; x < 4; x++)
        for (int y = 0; y < 4; y++) {
            const float got = out[y * 4 + x][ch], exp = (float)want[(4 * x + y) % 8] / scale;
            CHECKF(got == exp, "texel (%d,%d) ch %d: got %.7f (%g), want %d", x, y, ch,
                   (double)got, (double)got * scale, want[(4 * x + y) % 8]);
        }
}

/* RGBA8: colour block all zero = individual, base (0,0,0), table 0, index 0
 * -> +2: (2,2,2).  Alpha = clamp(base + modifier * multiplier). */
TEST(etc2_eac_rgba8)
{
    uint8_t b[16] = { 0 };
    texcomp_4x4 out;
    /* Base 103, table 13 {-1,-2,-3,-10,0,1,2,9}, multiplier 2 (the spec's
     * example: index 3 gives 83). */
    static const int a1[8] = { 101, 99, 97, 83, 103, 105, 107, 121 };
    eac_block(103, 2, 13, b);
    texcomp_etc2_eac_rgba8(b, out);
    check_eac(out, 3, a1, 255.0f);
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 3; c++)
            CHECK(out[i][c] == 2.0f / 255.0f);
    /* Base 250, table 0 {-3,-6,-9,-15,2,5,8,14} x 15: 205, 160, 115, 25, then
     * 280, 325, 370, 460 clamp to 255. */
    static const int a2[8] = { 205, 160, 115, 25, 255, 255, 255, 255 };
    eac_block(250, 15, 0, b);
    texcomp_etc2_eac_rgba8(b, out);
    check_eac(out, 3, a2, 255.0f);
    /* Base 5: 5 - 45 ... clamp to 0; 5 + 30, + 75, + 120, + 210. */
    static const int a3[8] = { 0, 0, 0, 0, 35, 80, 125, 215 };
    eac_block(5, 15, 0, b);
    texcomp_etc2_eac_rgba8(b, out);
    check_eac(out, 3, a3, 255.0f);
    /* Multiplier 0 in the 8-bit alpha really multiplies by 0. */
    static const int a4[8] = { 77, 77, 77, 77, 77, 77, 77, 77 };
    eac_block(77, 0, 13, b);
    texcomp_etc2_eac_rgba8(b, out);
    check_eac(out, 3, a4, 255.0f);
}

/* Unsigned R11: clamp(base * 8 + 4 + modifier * multiplier * 8, 0, 2047). */
TEST(eac_r11_unsigned)
{
    uint8_t b[8];
    texcomp_4x4 out;
    /* The spec's example: 828 + 8 * 2 * {-1,-2,-3,-10,0,1,2,9}; index 3 -> 668. */
    static const int v1[8] = { 812, 796, 780, 668, 828, 844, 860, 972 };
    eac_block(103, 2, 13, b);
    texcomp_eac_r11(b, 0, out);
    check_eac(out, 0, v1, 2047.0f);
    for (int i = 0; i < 16; i++)
        CHECK(out[i][1] == 0.0f && out[i][2] == 0.0f && out[i][3] == 1.0f);
    /* Multiplier 0 means 1/8: 828 + modifier; index 3 -> 818 (the spec's). */
    static const int v2[8] = { 827, 826, 825, 818, 828, 829, 830, 837 };
    eac_block(103, 0, 13, b);
    texcomp_eac_r11(b, 0, out);
    check_eac(out, 0, v2, 2047.0f);
    /* 2044 + 120 * {-3,-6,-9,-15,2,5,8,14}: high side clamps to 2047. */
    static const int v3[8] = { 1684, 1324, 964, 244, 2047, 2047, 2047, 2047 };
    eac_block(255, 15, 0, b);
    texcomp_eac_r11(b, 0, out);
    check_eac(out, 0, v3, 2047.0f);
    /* 4 + 120 * ...: low side clamps to 0. */
    static const int v4[8] = { 0, 0, 0, 0, 244, 604, 964, 1684 };
    eac_block(0, 15, 0, b);
    texcomp_eac_r11(b, 0, out);
    check_eac(out, 0, v4, 2047.0f);
}

/* Signed R11: base as int8 (-128 read as -127), clamp(base * 8 + modifier *
 * multiplier * 8, -1023, 1023) / 1023. */
TEST(eac_r11_signed)
{
    uint8_t b[8];
    texcomp_4x4 out;
    /* The spec's example: 480 + 16 * {...}; index 3 -> 320. */
    static const int v1[8] = { 464, 448, 432, 320, 480, 496, 512, 624 };
    eac_block(60, 2, 13, b);
    texcomp_eac_r11(b, 1, out);
    check_eac(out, 0, v1, 1023.0f);
    /* 0x80 = -128 -> -127: -1016 + modifier (multiplier 0); -1026 clamps. */
    static const int v2[8] = { -1017, -1018, -1019, -1023, -1016, -1015, -1014, -1007 };
    eac_block(0x80, 0, 13, b);
    texcomp_eac_r11(b, 1, out);
    check_eac(out, 0, v2, 1023.0f);
    /* 127: 1016 + 120 * {-3,-6,-9,-15,2,5,8,14}. */
    static const int v3[8] = { 656, 296, -64, -784, 1023, 1023, 1023, 1023 };
    eac_block(127, 15, 0, b);
    texcomp_eac_r11(b, 1, out);
    check_eac(out, 0, v3, 1023.0f);
    /* 0xF6 = -10: -80 + 8 * 1 * {-3,-6,-9,-15,2,5,8,14}. */
    static const int v4[8] = { -104, -128, -152, -200, -64, -40, -16, 32 };
    eac_block(0xF6, 1, 0, b);
    texcomp_eac_r11(b, 1, out);
    check_eac(out, 0, v4, 1023.0f);
}

/* RG11: red from the first 8 bytes, green from the second. */
TEST(eac_rg11)
{
    uint8_t b[16];
    texcomp_4x4 out;
    eac_block(103, 2, 13, b);
    eac_block(103, 0, 13, b + 8);
    static const int r[8] = { 812, 796, 780, 668, 828, 844, 860, 972 };
    static const int g[8] = { 827, 826, 825, 818, 828, 829, 830, 837 };
    texcomp_eac_rg11(b, 0, out);
    check_eac(out, 0, r, 2047.0f);
    check_eac(out, 1, g, 2047.0f);
    for (int i = 0; i < 16; i++)
        CHECK(out[i][2] == 0.0f && out[i][3] == 1.0f);
    eac_block(60, 2, 13, b + 8);
    static const int gs[8] = { 464, 448, 432, 320, 480, 496, 512, 624 };
    texcomp_eac_rg11(b, 1, out);
    check_eac(out, 1, gs, 1023.0f);
}

static void check_range(texcomp_4x4 out, float lo, const char *what)
{
    for (int i = 0; i < 16; i++)
        for (int c = 0; c < 4; c++)
            CHECKF(isfinite(out[i][c]) && out[i][c] >= lo && out[i][c] <= 1.0f,
                   "%s texel %d ch %d = %g", what, i, c, (double)out[i][c]);
}

/* Random blocks: every decoder gives finite values in range; punch-through
 * alpha is 0 or 1 and a transparent texel is black. */
TEST(etc_garbage)
{
    for (int n = 0; n < 20000; n++) {
        uint8_t b[16];
        for (int i = 0; i < 16; i++)
            b[i] = (uint8_t)t_rand();
        texcomp_4x4 out;
        texcomp_etc1(b, out);
        check_range(out, 0.0f, "etc1");
        texcomp_etc2_rgb8(b, 0, out);
        check_range(out, 0.0f, "etc2");
        texcomp_etc2_rgb8(b, 1, out);
        check_range(out, 0.0f, "etc2 pta");
        for (int i = 0; i < 16; i++) {
            CHECK(out[i][3] == 0.0f || out[i][3] == 1.0f);
            if (out[i][3] == 0.0f)
                CHECK(out[i][0] == 0.0f && out[i][1] == 0.0f && out[i][2] == 0.0f);
        }
        texcomp_etc2_eac_rgba8(b, out);
        check_range(out, 0.0f, "rgba8");
        texcomp_eac_r11(b, 0, out);
        check_range(out, 0.0f, "r11");
        texcomp_eac_rg11(b, 1, out);
        check_range(out, -1.0f, "rg11 signed");
        if (t_failed())
            return;
    }
}

/* ---- Mesa as the reference ------------------------------------------------
 *
 * The same blocks go to Mesa's llvmpipe through glCompressedTexImage2D and
 * come back through glGetTexImage as RGBA floats; gen7sf's decoders must
 * give the same values.  Mesa's decoders are written independently of
 * gen7sf's (and hold their own copies of the modifier and distance tables),
 * so every table row, multiplier and distance below is checked without the
 * test repeating a table.  ETC1 goes through GL's ETC2 (desktop GL has no
 * ETC1 format), on blocks that mean the same in both.
 *
 * Comparison: both values are taken back to the format's integer code, n =
 * round(v * s) with s = 255 (ETC2, EAC alpha), 2047 (R11) or 1023 (signed
 * R11), and the codes must be equal.  gen7sf's value must be exactly
 * (float)n / s (its documented conversion) and Mesa's within a quarter of a
 * code of n / s: Mesa returns 8-bit codes as n * (1.0f / 255) (within an
 * ulp) and keeps the 11-bit EAC values as 16-bit codes (n / 65535 or
 * n / 32767, within one 16-bit code of the 11-bit value, i.e. 0.03 of an
 * 11-bit code), so rounding recovers its 11-bit value exactly.  The sRGB
 * variants compare too: glGetTexImage returns sRGB texels still encoded,
 * which are the codes the linear decoders give. */

/* A list of blocks of 8 or 16 bytes. */
typedef struct blocks { uint8_t *b; unsigned n, cap, bytes; } blocks;

static uint8_t *add(blocks *s)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->b = realloc(s->b, (size_t)s->cap * s->bytes);
    }
    return memset(s->b + (size_t)s->n++ * s->bytes, 0, s->bytes);
}

static void add_word(blocks *s, uint64_t w) { to_bytes(w, add(s)); }

static uint64_t rand_word(void) { return t_rand(); }

/* A 5-bit base of 4..27: any 3-bit delta keeps it in 0..31. */
static void put_safe_base(uint64_t *w, unsigned c)
{
    put(w, 59 - 8 * c, 5, 4 + (unsigned)(t_rand() % 24));
}

/* Whether an ETC1/ETC2 colour word's differential bases overflow. */
static bool etc_overflows(uint64_t w)
{
    if (!(w >> 33 & 1))
        return false;
    for (unsigned c = 0; c < 3; c++) {
        const int base = (int)(w >> (59 - 8 * c) & 31);
        const int d = (int)(w >> (56 - 8 * c) & 7);
        const int v = base + (d >= 4 ? d - 8 : d);
        if (v < 0 || v > 31)
            return true;
    }
    return false;
}

/* ETC2 colour words: every table pair and flip in individual and
 * differential mode; every value of each of R, G, B's base/delta byte with
 * the channels before it safe (R overflowing: T; G: H; B: planar); every
 * T and H distance; the worked examples above and planar extremes; random
 * words.  With `both_opaque` each word also goes in with bit 33 flipped
 * (punch-through's opaque bit). */
static void etc_words(blocks *s, bool both_opaque)
{
    uint64_t w;
#define ADD(x) do { uint64_t x_ = (x); add_word(s, x_); \
                    if (both_opaque) add_word(s, x_ ^ UINT64_C(1) << 33); } while (0)
    for (unsigned diff = 0; diff < 2; diff++)
        for (unsigned t = 0; t < 128; t++) {
            w = rand_word();
            put(&w, 37, 3, t >> 4); put(&w, 34, 3, t >> 1 & 7); put(&w, 32, 1, t & 1);
            put(&w, 33, 1, diff);
            if (diff)
                for (unsigned c = 0; c < 3; c++)
                    put_safe_base(&w, c);
            ADD(w);
        }
    for (unsigned c = 0; c < 3; c++)
        for (unsigned v = 0; v < 256; v++) {
            w = rand_word();
            put(&w, 33, 1, 1);
            for (unsigned k = 0; k < c; k++)
                put_safe_base(&w, k);
            put(&w, 56 - 8 * c, 8, v);
            ADD(w);
        }
    for (unsigned i = 0; i < 8; i++) {
        w = t_block();
        put(&w, 34, 2, i >> 1); put(&w, 32, 1, i & 1);
        ADD(w);
    }
    static const unsigned a[3] = { 13, 1, 8 }, c2[3] = { 4, 12, 13 };
    for (unsigned i = 0; i < 8; i++) {
        w = i & 1 ? h_block(c2, a) : h_block(a, c2);
        put(&w, 34, 1, i >> 2); put(&w, 32, 1, i >> 1 & 1);
        ADD(w);
    }
    ADD(differential_block());
    static const unsigned po[3] = { 12, 64, 62 }, ph[3] = { 50, 5, 37 }, pv[3] = { 40, 112, 45 };
    static const unsigned z[3] = { 0, 0, 0 }, mx[3] = { 63, 127, 63 };
    static const unsigned co[3] = { 0, 127, 30 }, ch[3] = { 63, 0, 30 };
    ADD(planar_block(po, ph, pv));
    ADD(planar_block(co, ch, ch));
    ADD(planar_block(z, z, z));
    ADD(planar_block(mx, mx, mx));
    ADD(planar_block(mx, z, z));
    ADD(planar_block(z, mx, mx));
    ADD(planar_block(z, mx, z));
    ADD(planar_block(mx, z, mx));
    for (unsigned i = 0; i < 1024; i++)
        ADD(rand_word());
#undef ADD
}

/* EAC words: every table with every multiplier (0 included) on the bases
 * 0, 1, 127 (+127 signed), 128 (-128 signed: read as -127, reaching -1023
 * and clamping at it), 129, 254, 255 (-1 signed) and a random one, each
 * index pattern a rotation of 0..7 so all eight indices occur; then random
 * words. */
static void eac_words(blocks *s)
{
    static const unsigned bases[7] = { 0, 1, 127, 128, 129, 254, 255 };
    for (unsigned t = 0; t < 16; t++)
        for (unsigned m = 0; m < 16; m++)
            for (unsigned k = 0; k < 8; k++) {
                uint64_t w = 0;
                put(&w, 56, 8, k < 7 ? bases[k] : t_rand() & 255);
                put(&w, 52, 4, m); put(&w, 48, 4, t);
                for (unsigned i = 0; i < 16; i++)
                    put(&w, 45 - 3 * i, 3, (i + t + m + k) % 8);
                add_word(s, w);
            }
    for (unsigned i = 0; i < 1024; i++)
        add_word(s, rand_word());
}

static void dec_etc1(const uint8_t *b, texcomp_4x4 o) { texcomp_etc1(b, o); }
static void dec_rgb8(const uint8_t *b, texcomp_4x4 o) { texcomp_etc2_rgb8(b, 0, o); }
static void dec_pta(const uint8_t *b, texcomp_4x4 o) { texcomp_etc2_rgb8(b, 1, o); }
static void dec_rgba8(const uint8_t *b, texcomp_4x4 o) { texcomp_etc2_eac_rgba8(b, o); }
static void dec_r11(const uint8_t *b, texcomp_4x4 o) { texcomp_eac_r11(b, 0, o); }
static void dec_r11s(const uint8_t *b, texcomp_4x4 o) { texcomp_eac_r11(b, 1, o); }
static void dec_rg11(const uint8_t *b, texcomp_4x4 o) { texcomp_eac_rg11(b, 0, o); }
static void dec_rg11s(const uint8_t *b, texcomp_4x4 o) { texcomp_eac_rg11(b, 1, o); }

enum { SET_ETC1, SET_ETC2, SET_PTA, SET_RGBA8, SET_R11, SET_RG11 };

typedef struct refcase {
    const char *name;
    GLenum internal;
    unsigned set;                   /* SET_*: which blocks */
    void (*decode)(const uint8_t *, texcomp_4x4);
    float scale[4];                 /* code of each channel: round(v * scale) */
} refcase;

#define S8 { 255, 255, 255, 255 }
static const refcase refcases[] = {
    { "ETC1 (as RGB8_ETC2)", GL_COMPRESSED_RGB8_ETC2, SET_ETC1, dec_etc1, S8 },
    { "RGB8_ETC2", GL_COMPRESSED_RGB8_ETC2, SET_ETC2, dec_rgb8, S8 },
    { "SRGB8_ETC2", GL_COMPRESSED_SRGB8_ETC2, SET_ETC2, dec_rgb8, S8 },
    { "RGB8_PUNCHTHROUGH_ALPHA1", GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, SET_PTA,
      dec_pta, S8 },
    { "SRGB8_PUNCHTHROUGH_ALPHA1", GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, SET_PTA,
      dec_pta, S8 },
    { "RGBA8_ETC2_EAC", GL_COMPRESSED_RGBA8_ETC2_EAC, SET_RGBA8, dec_rgba8, S8 },
    { "SRGB8_ALPHA8_ETC2_EAC", GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, SET_RGBA8, dec_rgba8, S8 },
    { "R11_EAC", GL_COMPRESSED_R11_EAC, SET_R11, dec_r11, { 2047, 255, 255, 255 } },
    { "SIGNED_R11_EAC", GL_COMPRESSED_SIGNED_R11_EAC, SET_R11, dec_r11s, { 1023, 255, 255, 255 } },
    { "RG11_EAC", GL_COMPRESSED_RG11_EAC, SET_RG11, dec_rg11, { 2047, 2047, 255, 255 } },
    { "SIGNED_RG11_EAC", GL_COMPRESSED_SIGNED_RG11_EAC, SET_RG11, dec_rg11s,
      { 1023, 1023, 255, 255 } },
};
#undef S8

/* The blocks of a set, padded with random ones to whole rows of 64 (for
 * ETC1 ones that do not overflow). */
static blocks make_set(unsigned set)
{
    blocks s = { NULL, 0, 0, set >= SET_RGBA8 && set != SET_R11 ? 16 : 8 };
    if (set == SET_ETC1 || set == SET_ETC2 || set == SET_PTA) {
        blocks e = { NULL, 0, 0, 8 };
        etc_words(&e, set == SET_PTA);
        for (unsigned i = 0; i < e.n; i++) {
            const uint8_t *b = e.b + 8 * i;
            uint64_t w = 0;
            for (int k = 0; k < 8; k++)
                w = w << 8 | b[k];
            if (set != SET_ETC1 || !etc_overflows(w))
                memcpy(add(&s), b, 8);
        }
        free(e.b);
    } else if (set == SET_R11) {
        eac_words(&s);
    } else {
        /* RGBA8: EAC alpha word, then an ETC2 colour word; RG11: the
         * EAC words as red, paired with other EAC words as green. */
        blocks a = { NULL, 0, 0, 8 }, c = { NULL, 0, 0, 8 };
        eac_words(&a);
        if (set == SET_RGBA8)
            etc_words(&c, false);
        else
            eac_words(&c);
        for (unsigned i = 0; i < a.n; i++) {
            uint8_t *b = add(&s);
            memcpy(b, a.b + 8 * i, 8);
            memcpy(b + 8, c.b + 8 * ((i * 7 + 3) % c.n), 8);
        }
        free(a.b);
        free(c.b);
    }
    while (s.n % 64) {
        const uint64_t w = rand_word();
        if (set == SET_ETC1 && etc_overflows(w))
            continue;
        uint8_t *b = add(&s);
        for (unsigned k = 0; k < s.bytes; k++)
            b[k] = k < 8 ? (uint8_t)(w >> (56 - 8 * k)) : (uint8_t)t_rand();
    }
    return s;
}

/* Whether gen7sf's g and Mesa's m are the same code n at scale sc. */
static bool same_code(float g, float m, float sc)
{
    const double n = nearbyint((double)g * sc);
    return (double)g == (double)((float)n / sc) && fabs((double)m * sc - n) < 0.25;
}

static void compare_with_mesa(const mesa_gl *gl, const refcase *c)
{
    blocks s = make_set(c->set);
    const unsigned nx = 64, ny = s.n / nx, w = 4 * nx, h = 4 * ny;
    float *back = malloc((size_t)w * h * 4 * sizeof *back);
    GLuint tex;
    gl->GenTextures(1, &tex);
    gl->BindTexture(GL_TEXTURE_2D, tex);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    gl->CompressedTexImage2D(GL_TEXTURE_2D, 0, c->internal, (GLsizei)w, (GLsizei)h, 0,
                             (GLsizei)(s.n * s.bytes), s.b);
    GLenum err = gl->GetError();
    CHECKF(err == GL_NO_ERROR, "%s: upload: GL error 0x%x", c->name, err);
    if (err == GL_NO_ERROR) {
        gl->GetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back);
        err = gl->GetError();
        CHECKF(err == GL_NO_ERROR, "%s: glGetTexImage: GL error 0x%x", c->name, err);
    }
    gl->DeleteTextures(1, &tex);

    unsigned bad_texels = 0, bad_blocks = 0;
    for (unsigned u = 0; u < s.n && err == GL_NO_ERROR; u++) {
        const uint8_t *b = s.b + (size_t)u * s.bytes;
        texcomp_4x4 out;
        c->decode(b, out);
        unsigned bad = 0;
        for (unsigned i = 0; i < 16; i++) {
            const unsigned x = u % nx * 4 + i % 4, y = u / nx * 4 + i / 4;
            const float *m = back + ((size_t)y * w + x) * 4;
            bool ok = true;
            for (int ch = 0; ch < 4; ch++)
                ok = ok && same_code(out[i][ch], m[ch], c->scale[ch]);
            if (!ok && !bad_texels && !bad) {
                t_fail(__FILE__, __LINE__, "%s: block %u texel (%u,%u) differs from Mesa",
                       c->name, u, i % 4, i / 4);
                printf("    block");
                for (unsigned k = 0; k < s.bytes; k++)
                    printf(" %02x", b[k]);
                printf("\n    gen7sf");
                for (int ch = 0; ch < 4; ch++)
                    printf(" %.7g (%g)", (double)out[i][ch],
                           (double)out[i][ch] * c->scale[ch]);
                printf("\n    mesa  ");
                for (int ch = 0; ch < 4; ch++)
                    printf(" %.7g (%g)", (double)m[ch], (double)m[ch] * c->scale[ch]);
                printf("\n");
            }
            bad += !ok;
        }
        bad_texels += bad;
        bad_blocks += bad != 0;
    }
    printf("  %-26s %5u blocks %6u texels: %u texels in %u blocks differ\n", c->name, s.n,
           16 * s.n, bad_texels, bad_blocks);
    free(back);
    free(s.b);
}

TEST(etc_eac_against_mesa)
{
    const char *why = NULL;
    const mesa_gl *gl = mesa_gl_open(&why);
    if (!gl) {
        printf("  Mesa unavailable: %s\n", why);
        SKIP("no Mesa llvmpipe GL context (see above)");
    }
    if (!mesa_gl_has_extension(gl, "GL_ARB_ES3_compatibility")) {
        printf("  %s lacks GL_ARB_ES3_compatibility: ETC2/EAC not compared\n", gl->renderer);
        SKIP("no ETC2/EAC in the GL context");
    }
    printf("  GL_RENDERER %s, GL_VERSION %s\n", gl->renderer, gl->version);
    for (size_t i = 0; i < sizeof refcases / sizeof refcases[0]; i++)
        compare_with_mesa(gl, &refcases[i]);
}
