/* BC7 and BC6H block decoders (src/core/texcomp_bc7.c, texcomp_bc6h.c) and
 * their shared tables (texcomp_bptc.c).  Blocks are packed field by field
 * here from the Khronos Data Format Specification ("DFS") / ARB_texture_
 * compression_bptc ("ARB") layouts; expected texels are worked out by hand
 * in the comments:
 *   BC7:  channel = (v << (8 - n)) | (v >> (2n - 8)) for an n-bit endpoint
 *         (P-bit included), texel = ((64 - w) * e0 + w * e1 + 32) >> 6,
 *         w from {0,21,43,64}, {0,9,18,27,37,46,55,64},
 *         {0,4,9,13,17,21,26,30,34,38,43,47,51,55,60,64}.
 *   BC6H: see the comment above bc6h_cases. */
#include <math.h>
#include <string.h>

#include "core/texcomp.h"
#include "core/texcomp_bptc.h"
#include "harness.h"

/* LSB-first block writer. */
typedef struct { uint8_t b[16]; unsigned pos; } blk_writer;

static void put(blk_writer *w, unsigned n, uint32_t v)
{
    for (unsigned k = 0; k < n; k++, w->pos++)
        if ((v >> k) & 1)
            w->b[w->pos / 8] |= (uint8_t)(1u << (w->pos % 8));
}

/* Checks texel t against 8-bit RGBA values: the decoder must give n / 255. */
static void check_rgba8(const texcomp_4x4 out, unsigned t, unsigned r,
                        unsigned g, unsigned b, unsigned a, int line)
{
    const unsigned want[4] = { r, g, b, a };
    for (unsigned c = 0; c < 4; c++)
        if (out[t][c] != (float)want[c] / 255.0f)
            t_fail(__FILE__, line, "texel %u channel %u: got %.9g (x255 = %.4f), want %u",
                   t, c, out[t][c], out[t][c] * 255.0, want[c]);
}
#define RGBA8(out, t, r, g, b, a) check_rgba8(out, t, r, g, b, a, __LINE__)

/* ---- BC7 ---- */

/* Mode 0: 3 subsets, partition 0 (DFS: 0011 0011 0221 2222 by rows;
 * anchors texel 0, 3 and 15), RGBP 4.4.4.1 with a P-bit per endpoint,
 * 3-bit indices. */
TEST(bc7_mode0)
{
    blk_writer w = { {0}, 0 };
    put(&w, 1, 1);                      /* mode 0 */
    put(&w, 4, 0);                      /* partition 0 */
    /* endpoints s0e0 s0e1 s1e0 s1e1 s2e0 s2e1, R then G then B */
    static const unsigned r[6] = { 0, 15, 15, 15, 0, 0 };
    static const unsigned g[6] = { 0, 15, 0, 0, 0, 0 };
    static const unsigned b[6] = { 0, 15, 0, 0, 15, 15 };
    static const unsigned p[6] = { 0, 1, 0, 0, 1, 1 };
    for (int i = 0; i < 6; i++) put(&w, 4, r[i]);
    for (int i = 0; i < 6; i++) put(&w, 4, g[i]);
    for (int i = 0; i < 6; i++) put(&w, 4, b[i]);
    for (int i = 0; i < 6; i++) put(&w, 1, p[i]);
    /* s0: e0 = 00000 -> 0, e1 = 11111 -> 255.  s1: R 11110 = 30 ->
     * 240 | 7 = 247, G = B = 0.  s2: B 11111 -> 255, R = G = 00001 -> 8. */
    static const unsigned idx[16] = { 0, 3, 5, 3, 7, 4, 6, 5, 1, 2, 2, 4, 6, 1, 0, 2 };
    for (unsigned t = 0; t < 16; t++)
        put(&w, (t == 0 || t == 3 || t == 15) ? 2 : 3, idx[t]);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    RGBA8(out, 0, 0, 0, 0, 255);
    RGBA8(out, 1, 108, 108, 108, 255);  /* w 27: (27*255+32)>>6 = 6917>>6 */
    RGBA8(out, 4, 255, 255, 255, 255);  /* w 64 */
    RGBA8(out, 5, 147, 147, 147, 255);  /* w 37: 9467>>6 */
    RGBA8(out, 8, 36, 36, 36, 255);     /* w 9: 2327>>6 */
    RGBA8(out, 2, 247, 0, 0, 255);      /* subset 1 */
    RGBA8(out, 3, 247, 0, 0, 255);
    RGBA8(out, 11, 247, 0, 0, 255);
    RGBA8(out, 9, 8, 8, 255, 255);      /* subset 2 */
    RGBA8(out, 15, 8, 8, 255, 255);
}

/* Mode 1: 2 subsets, partition 13 (rows 0-1 subset 0, rows 2-3 subset 1;
 * anchor of subset 1: texel 15), RGBP 6.6.6.1 with a P-bit per subset. */
TEST(bc7_mode1_shared_pbit)
{
    blk_writer w = { {0}, 0 };
    put(&w, 2, 2);                      /* mode 1: 01 */
    put(&w, 6, 13);
    static const unsigned r[4] = { 0, 63, 32, 32 }, g[4] = { 0, 63, 0, 0 },
                          b[4] = { 0, 63, 0, 0 };
    for (int i = 0; i < 4; i++) put(&w, 6, r[i]);
    for (int i = 0; i < 4; i++) put(&w, 6, g[i]);
    for (int i = 0; i < 4; i++) put(&w, 6, b[i]);
    put(&w, 1, 1);                      /* subset 0's P-bit */
    put(&w, 1, 0);                      /* subset 1's */
    /* s0: e0 0000001 -> 2 | 0 = 2, e1 1111111 -> 255.
     * s1: R 1000000 = 64 -> 128 | 1 = 129, G = B = 0, both ends. */
    static const unsigned idx[16] = { 0, 2, 7, 1, 5, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4, 3 };
    for (unsigned t = 0; t < 16; t++)
        put(&w, (t == 0 || t == 15) ? 2 : 3, idx[t]);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    RGBA8(out, 0, 2, 2, 2, 255);
    RGBA8(out, 1, 73, 73, 73, 255);     /* w 18: (46*2+18*255+32)>>6 = 4714>>6 */
    RGBA8(out, 2, 255, 255, 255, 255);
    RGBA8(out, 3, 38, 38, 38, 255);     /* w 9: (55*2+9*255+32)>>6 = 2437>>6 */
    RGBA8(out, 8, 129, 0, 0, 255);
    RGBA8(out, 15, 129, 0, 0, 255);
}

/* Mode 2: 3 subsets, partition 18 (0000 1122 1122 1122).  The anchor of
 * subset 1 is texel 8 (DFS/ARB A3a[18] = 8), not its first texel 4: texel 4
 * has 2 index bits, texel 8 one.  RGB 5.5.5, no P-bits, 2-bit indices. */
TEST(bc7_mode2_anchor_not_first_texel)
{
    blk_writer w = { {0}, 0 };
    put(&w, 3, 4);                      /* mode 2: 001 */
    put(&w, 6, 18);
    static const unsigned r[6] = { 0, 31, 31, 0, 0, 0 }, g[6] = { 0, 31, 0, 31, 0, 0 },
                          b[6] = { 0, 31, 0, 0, 16, 16 };
    for (int i = 0; i < 6; i++) put(&w, 5, r[i]);
    for (int i = 0; i < 6; i++) put(&w, 5, g[i]);
    for (int i = 0; i < 6; i++) put(&w, 5, b[i]);
    /* s0 0 .. 255 grey; s1 (255,0,0) .. (0,255,0); s2 B 10000 -> 128|4 = 132 */
    static const unsigned idx[16] = { 1, 2, 3, 0, 3, 1, 2, 2, 1, 2, 0, 0, 3, 3, 2, 1 };
    for (unsigned t = 0; t < 16; t++)
        put(&w, (t == 0 || t == 8 || t == 15) ? 1 : 2, idx[t]);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    RGBA8(out, 0, 84, 84, 84, 255);     /* w 21: 5387>>6 */
    RGBA8(out, 1, 171, 171, 171, 255);  /* w 43: 10997>>6 */
    RGBA8(out, 2, 255, 255, 255, 255);
    RGBA8(out, 3, 0, 0, 0, 255);
    RGBA8(out, 4, 0, 255, 0, 255);      /* index 3 needs both bits */
    RGBA8(out, 5, 171, 84, 0, 255);     /* w 21: R (43*255+32)>>6, G (21*255+32)>>6 */
    RGBA8(out, 8, 171, 84, 0, 255);
    RGBA8(out, 9, 84, 171, 0, 255);
    RGBA8(out, 6, 0, 0, 132, 255);
    RGBA8(out, 15, 0, 0, 132, 255);
}

/* Mode 3: 2 subsets, partition 35 (0011 0011 1100 1100).  Texel 2 is the
 * first of subset 1 but the anchor is texel 8 (ARB A2[35] = 8; DFS 1.4's
 * anchor table has (2,0) there, KhronosGroup/DataFormat issue 28; the
 * DFS source tables and Mesa have 8).  RGBP 7.7.7.1 per endpoint. */
TEST(bc7_mode3_partition35_anchor)
{
    blk_writer w = { {0}, 0 };
    put(&w, 4, 8);                      /* mode 3: 0001 */
    put(&w, 6, 35);
    static const unsigned r[4] = { 0, 127, 100, 0 }, g[4] = { 0, 127, 0, 50 },
                          b[4] = { 0, 127, 0, 0 }, p[4] = { 0, 1, 1, 0 };
    for (int i = 0; i < 4; i++) put(&w, 7, r[i]);
    for (int i = 0; i < 4; i++) put(&w, 7, g[i]);
    for (int i = 0; i < 4; i++) put(&w, 7, b[i]);
    for (int i = 0; i < 4; i++) put(&w, 1, p[i]);
    /* s0 0 .. 255; s1 e0 (201, 1, 1), e1 (0, 100, 0) */
    static const unsigned idx[16] = { 1, 2, 3, 1, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
    for (unsigned t = 0; t < 16; t++)
        put(&w, (t == 0 || t == 8) ? 1 : 2, idx[t]);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    RGBA8(out, 0, 84, 84, 84, 255);
    RGBA8(out, 1, 171, 171, 171, 255);
    RGBA8(out, 2, 0, 100, 0, 255);
    /* w 21: R (43*201+32)>>6 = 8675>>6 = 135, G (43+2100+32)>>6 = 33,
     * B (43+32)>>6 = 1 */
    RGBA8(out, 3, 135, 33, 1, 255);
    RGBA8(out, 4, 255, 255, 255, 255);
    RGBA8(out, 8, 135, 33, 1, 255);
    RGBA8(out, 9, 201, 1, 1, 255);
}

/* Mode 4 blocks: rotation, index selection, RGB 5.5.5 / A6 endpoints, the
 * 2-bit and 3-bit index sets (anchor texel 0 one bit shorter in each). */
static void bc7_mode4_block(uint8_t out[16], unsigned rot, unsigned isel,
                            const unsigned rgb[6], const unsigned a[2],
                            const unsigned idx2[16], const unsigned idx3[16])
{
    blk_writer w = { {0}, 0 };
    put(&w, 5, 16);
    put(&w, 2, rot);
    put(&w, 1, isel);
    for (int i = 0; i < 6; i++) put(&w, 5, rgb[i]);
    put(&w, 6, a[0]);
    put(&w, 6, a[1]);
    for (unsigned t = 0; t < 16; t++) put(&w, t ? 2 : 1, idx2[t]);
    for (unsigned t = 0; t < 16; t++) put(&w, t ? 3 : 2, idx3[t]);
    memcpy(out, w.b, 16);
    CHECK_EQ(w.pos, 128);
}

TEST(bc7_mode4_isel1_rotation1)
{
    /* R 0 .. 31, G 16, 16 (-> 132), B 31 .. 0; A 0 .. 63 (-> 0 .. 255) */
    static const unsigned rgb[6] = { 0, 31, 16, 16, 31, 0 }, a[2] = { 0, 63 };
    static const unsigned i2[16] = { 1, 3, 2 }, i3[16] = { 3, 7, 0 };
    uint8_t blk[16];
    bc7_mode4_block(blk, 1, 1, rgb, a, i2, i3);
    texcomp_4x4 out;
    texcomp_bc7(blk, out);
    /* isel 1: colour from the 3-bit indices, alpha from the 2-bit ones.
     * Texel 0: colour w 27: R 108, B (37*255+32)>>6 = 147; alpha w 21: 84;
     * rotation 1 swaps A and R. */
    RGBA8(out, 0, 84, 132, 147, 108);
    RGBA8(out, 1, 255, 132, 0, 255);    /* colour w 64, alpha w 64 */
    RGBA8(out, 2, 171, 132, 255, 0);    /* colour w 0, alpha w 43 */
    RGBA8(out, 3, 0, 132, 255, 0);
}

TEST(bc7_mode4_isel0_rotation2)
{
    /* R 8 (-> 66), G 0 .. 31, B 0; A 0 .. 63 */
    static const unsigned rgb[6] = { 8, 8, 0, 31, 0, 0 }, a[2] = { 0, 63 };
    static const unsigned i2[16] = { 1, 0, 0, 0, 0, 2 }, i3[16] = { 3, 0, 0, 0, 0, 6 };
    uint8_t blk[16];
    bc7_mode4_block(blk, 2, 0, rgb, a, i2, i3);
    texcomp_4x4 out;
    texcomp_bc7(blk, out);
    /* isel 0: colour from the 2-bit indices, alpha from the 3-bit ones;
     * rotation 2 swaps A and G.  Texel 0: G w 21 = 84, A w 27 = 108. */
    RGBA8(out, 0, 66, 108, 0, 84);
    /* Texel 5: G w 43 = 171, A w 55 = (55*255+32)>>6 = 14057>>6 = 219 */
    RGBA8(out, 5, 66, 219, 0, 171);
    RGBA8(out, 1, 66, 0, 0, 0);
}

/* Mode 5: RGB 7.7.7, A8, 2-bit colour and alpha indices, rotation 3. */
TEST(bc7_mode5_rotation3)
{
    blk_writer w = { {0}, 0 };
    put(&w, 6, 32);
    put(&w, 2, 3);
    static const unsigned rgb[6] = { 127, 127, 0, 127, 0, 0 };
    for (int i = 0; i < 6; i++) put(&w, 7, rgb[i]);
    put(&w, 8, 10);
    put(&w, 8, 200);
    for (unsigned t = 0; t < 16; t++) put(&w, t ? 2 : 1, t == 0 ? 1 : t == 15 ? 2 : 0);
    for (unsigned t = 0; t < 16; t++) put(&w, t ? 2 : 1, t == 0 ? 1 : t == 15 ? 3 : 0);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    /* R 255, G 0 .. 255, B 0; A 10 .. 200 (8 bits: no expansion).
     * Texel 0: G w 21 = 84, A w 21: (43*10+21*200+32)>>6 = 4662>>6 = 72;
     * rotation 3 swaps A and B. */
    RGBA8(out, 0, 255, 84, 72, 0);
    RGBA8(out, 15, 255, 171, 200, 0);
    RGBA8(out, 7, 255, 0, 10, 0);
}

/* Mode 6: one subset, RGBAP 7.7.7.7.1, 4-bit indices: every weight. */
TEST(bc7_mode6_all_weights)
{
    blk_writer w = { {0}, 0 };
    put(&w, 7, 64);
    static const unsigned v[8] = { 0, 127, 64, 64, 127, 0, 127, 127 };  /* R0 R1 G0 G1 ... */
    for (int i = 0; i < 8; i++) put(&w, 7, v[i]);
    put(&w, 1, 0);
    put(&w, 1, 1);
    /* e0 = (0, 128, 254, 254), e1 = (255, 129, 1, 255) */
    put(&w, 3, 5);                      /* texel 0 (anchor): index 5 */
    for (unsigned t = 1; t < 16; t++) put(&w, 4, t);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    /* R = (w*255+32)>>6 for w = 21 (texel 0), then 4, 9, 13, ... 64 */
    static const unsigned red[16] = { 84, 16, 36, 52, 68, 84, 104, 120, 135,
                                      151, 171, 187, 203, 219, 239, 255 };
    for (unsigned t = 0; t < 16; t++)
        CHECKF(out[t][0] == (float)red[t] / 255.0f, "texel %u R %g want %u",
               t, out[t][0] * 255.0, red[t]);
    /* w 21: G (43*128+21*129+32)>>6 = 8245>>6 = 128, B (43*254+21+32)>>6 =
     * 10975>>6 = 171, A (43*254+21*255+32)>>6 = 16309>>6 = 254 */
    RGBA8(out, 0, 84, 128, 171, 254);
    /* w 34: G (30*128+34*129+32)>>6 = 8258>>6 = 129, B (30*254+34+32)>>6 =
     * 7686>>6 = 120, A (30*254+34*255+32)>>6 = 16322>>6 = 255 */
    RGBA8(out, 8, 135, 129, 120, 255);
    RGBA8(out, 15, 255, 129, 1, 255);
}

/* Mode 7: 2 subsets, partition 1 (column 3 is subset 1, anchor texel 15),
 * RGBAP 5.5.5.5.1 per endpoint, 2-bit indices. */
TEST(bc7_mode7)
{
    blk_writer w = { {0}, 0 };
    put(&w, 8, 128);
    put(&w, 6, 1);
    static const unsigned e[4][4] = { { 0, 0, 0, 0 }, { 31, 31, 31, 31 },
                                      { 16, 0, 0, 16 }, { 16, 0, 0, 16 } };
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < 4; i++) put(&w, 5, e[i][c]);
    static const unsigned p[4] = { 0, 1, 0, 0 };
    for (int i = 0; i < 4; i++) put(&w, 1, p[i]);
    /* s0: 0 .. 255 in all four channels; s1: 6-bit 100000 -> 128 | 2 = 130 */
    static const unsigned idx[16] = { 1, 2, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
    for (unsigned t = 0; t < 16; t++)
        put(&w, (t == 0 || t == 15) ? 1 : 2, idx[t]);
    CHECK_EQ(w.pos, 128);
    texcomp_4x4 out;
    texcomp_bc7(w.b, out);
    RGBA8(out, 0, 84, 84, 84, 84);
    RGBA8(out, 1, 171, 171, 171, 171);
    RGBA8(out, 2, 255, 255, 255, 255);
    RGBA8(out, 3, 130, 0, 0, 130);
    RGBA8(out, 15, 130, 0, 0, 130);
    RGBA8(out, 4, 0, 0, 0, 0);
}

/* Low byte 0: the reserved "mode 8"; D3D: a block of zeros, alpha too. */
TEST(bc7_reserved_mode_is_zero)
{
    uint8_t blk[16];
    memset(blk, 0xA5, sizeof blk);
    blk[0] = 0;
    texcomp_4x4 out;
    texcomp_bc7(blk, out);
    for (unsigned t = 0; t < 16; t++)
        RGBA8(out, t, 0, 0, 0, 0);
}

/* ---- BC6H ----
 * Layouts: the ARB's Table.F strings, parsed here (v[a:b]: the first bit
 * read goes to bit b, the next toward a).  Two-subset blocks use partition
 * 13 (rows 0-1 subset 0, rows 2-3 subset 1, anchors 0 and 15) and indices
 * t0 0, t1 7, t2 4 (w 37), t8 0, t9 7; one-subset blocks t0 0, t1 15,
 * t2 8 (w 34); other texels 0.
 * Endpoints: signed formats sign-extend e0 at EPB bits; transformed modes
 * (and signed ones) sign-extend the others at their delta bits; transformed
 * endpoints are (e0 + delta) mod 2^EPB, sign-extended again when signed.
 * Unquantize, unsigned: 0 -> 0, max -> 0xFFFF, x -> x * 2^(16-EPB) +
 * 2^(15-EPB) ((x << 15) + 0x4000 >> (EPB - 1)); EPB 16 as is.  Signed: the
 * magnitude m: 0 -> 0, m >= 2^(EPB-1) - 1 -> 0x7FFF, else m * 2^(16-EPB) +
 * 2^(15-EPB); EPB 16 as is.  Interpolation as BC7 (floor of v/64).  Final:
 * unsigned v*31 >> 6; signed |v|*31 >> 5 with 0x8000 if v < 0 and the
 * magnitude is not 0.  Halves below are those results. */
struct bc6h_case {
    const char *name;
    int is_signed;
    unsigned mode;
    const char *layout;
    unsigned e[4][3];       /* stored r, g, b of endpoints 0 .. 3 */
    uint16_t want[5][3];    /* texels 0, 1, 2 (and 8, 9) */
};

/* The shared pattern of the two-subset transformed cases, EPB E, deltas
 * dr dg db: r0 = 2^(E-1), r1 = -1, r2 = +1, r3 = 0; g0 = 0, g1 = 3,
 * g2 = -2 (wraps to 2^E - 2), g3 = 2^(dg-1) - 1; b0 = 2^E - 1 (-> 0xFFFF),
 * b1 = 0, b2 = +1 (wraps to 0), b3 = -1. */
#define TWO(E, dr, dg, db) {                                                 \
    { 1u << (E - 1), 0, (1u << E) - 1 },                                     \
    { (1u << dr) - 1, 3, 0 },                                                \
    { 1, (1u << dg) - 2, 1 },                                                \
    { 0, (1u << (dg - 1)) - 1, (1u << db) - 1 } }
/* One subset: r0 = 2^(E-1), r1 = -1; g0 = 0, g1 = 3; b0 = max, b1 = +1. */
#define ONE(E, d) { { 1u << (E - 1), 0, (1u << E) - 1 }, { (1u << d) - 1, 3, 1 } }

static const struct bc6h_case bc6h_cases[] = {
    /* E 10: r 512 -> 32800, 511 -> 32736 ... */
    { "mode 0", 0, 0,
      "m[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],"
      "g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]",
      TWO(10, 5, 5, 5),
      /* r 32800*31>>6 = 15887; g 3 -> 224 -> 108; b 0xFFFF -> 31743 */
      { { 0x3e0f, 0x0000, 0x7bff }, { 0x3df0, 0x006c, 0x7bff }, { 0x3dfd, 0x003e, 0x7bff },
        { 0x3e2e, 0x7bd1, 0x0000 }, { 0x3e0f, 0x01e0, 0x7bd1 } } },
    { "mode 1", 0, 1,
      "m[1:0],g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],"
      "g2[4],b0[6:0],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],"
      "b2[3:0],r2[5:0],r3[5:0]",
      TWO(7, 6, 6, 6),
      /* E 7: r 64 -> 64*512+256 = 33024 -> 15996 = 0x3e7c */
      { { 0x3e7c, 0x0000, 0x7bff }, { 0x3d84, 0x0364, 0x7bff }, { 0x3dec, 0x01f5, 0x7bff },
        { 0x3f74, 0x7a8c, 0x0000 }, { 0x3e7c, 0x1e84, 0x7a8c } } },
    { "mode 2", 0, 2,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],"
      "b3[0],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]",
      TWO(11, 5, 4, 4),
      /* E 11: r 1024 -> 1024*32+16 = 32784 -> 15879 = 0x3e07 */
      { { 0x3e07, 0x0000, 0x7bff }, { 0x3df8, 0x0036, 0x7bff }, { 0x3dff, 0x001f, 0x7bff },
        { 0x3e17, 0x7be8, 0x0000 }, { 0x3e07, 0x0074, 0x7be8 } } },
    { "mode 6", 0, 6,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],"
      "g0[10],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],r3[3:0],"
      "g2[4],b3[3]",
      TWO(11, 4, 5, 4),
      /* g3 = 15 -> 15*32+16 = 496 -> 240 = 0x00f0 */
      { { 0x3e07, 0x0000, 0x7bff }, { 0x3df8, 0x0036, 0x7bff }, { 0x3dff, 0x001f, 0x7bff },
        { 0x3e17, 0x7be8, 0x0000 }, { 0x3e07, 0x00f0, 0x7be8 } } },
    { "mode 10", 0, 10,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],"
      "g0[10],b3[0],g3[3:0],b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],r3[3:0],"
      "b3[4],b3[3]",
      TWO(11, 4, 4, 5),
      { { 0x3e07, 0x0000, 0x7bff }, { 0x3df8, 0x0036, 0x7bff }, { 0x3dff, 0x001f, 0x7bff },
        { 0x3e17, 0x7be8, 0x0000 }, { 0x3e07, 0x0074, 0x7be8 } } },
    { "mode 14", 0, 14,
      "m[4:0],r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],"
      "g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]",
      TWO(9, 5, 5, 5),
      /* E 9: r 256 -> 256*128+64 = 32832 -> 15903 = 0x3e1f */
      { { 0x3e1f, 0x0000, 0x7bff }, { 0x3de1, 0x00d9, 0x7bff }, { 0x3dfb, 0x007d, 0x7bff },
        { 0x3e5d, 0x7ba3, 0x0000 }, { 0x3e1f, 0x03c1, 0x7ba3 } } },
    { "mode 18", 0, 18,
      "m[4:0],r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],"
      "r1[5:0],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],"
      "r3[5:0]",
      TWO(8, 6, 5, 5),
      /* E 8: r 128 -> 128*256+128 = 32896 -> 15934 = 0x3e3e */
      { { 0x3e3e, 0x0000, 0x7bff }, { 0x3dc2, 0x01b2, 0x7bff }, { 0x3df6, 0x00fa, 0x7bff },
        { 0x3eba, 0x7b46, 0x0000 }, { 0x3e3e, 0x0782, 0x7b46 } } },
    { "mode 22", 0, 22,
      "m[4:0],r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],"
      "r1[4:0],g3[4],g2[3:0],g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],"
      "b3[2],r3[4:0],b3[3]",
      TWO(8, 5, 6, 5),
      /* g3 = 31 -> 31*256+128 = 8064 -> 3906 = 0x0f42 */
      { { 0x3e3e, 0x0000, 0x7bff }, { 0x3dc2, 0x01b2, 0x7bff }, { 0x3df6, 0x00fa, 0x7bff },
        { 0x3eba, 0x7b46, 0x0000 }, { 0x3e3e, 0x0f42, 0x7b46 } } },
    { "mode 26", 0, 26,
      "m[4:0],r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],"
      "r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],"
      "b3[2],r3[4:0],b3[3]",
      TWO(8, 5, 5, 6),
      { { 0x3e3e, 0x0000, 0x7bff }, { 0x3dc2, 0x01b2, 0x7bff }, { 0x3df6, 0x00fa, 0x7bff },
        { 0x3eba, 0x7b46, 0x0000 }, { 0x3e3e, 0x0782, 0x7b46 } } },
    /* Mode 30 stores all four endpoints (6 bits, no transform). */
    { "mode 30", 0, 30,
      "m[4:0],r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],"
      "g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],"
      "b1[5:0],b2[3:0],r2[5:0],r3[5:0]",
      { { 32, 0, 63 }, { 63, 3, 63 }, { 1, 62, 1 }, { 0, 31, 62 } },
      /* r 32 -> 33280 -> 16120 = 0x3ef8, 63 -> 0xFFFF; t2 r (27*33280+
       * 37*65535+32)>>6 = 51927 -> 25152 = 0x6240 (800.0) */
      { { 0x3ef8, 0x0000, 0x7bff }, { 0x7bff, 0x06c8, 0x7bff }, { 0x6240, 0x03eb, 0x7bff },
        { 0x02e8, 0x7918, 0x02e8 }, { 0x0000, 0x3d08, 0x7918 } } },
    { "mode 30 signed", 1, 30,
      "m[4:0],r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],"
      "g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],"
      "b1[5:0],b2[3:0],r2[5:0],r3[5:0]",
      { { 32, 0, 63 }, { 63, 3, 63 }, { 1, 62, 1 }, { 0, 31, 62 } },
      /* r0 100000 = -32 -> 0x7FFF negated -> 0xfbff; -1 -> -(1*1024+512) =
       * -1536 -> 1488 | 0x8000 = 0x85d0; g3 31 >= 31 -> 0x7FFF -> 0x7bff */
      { { 0xfbff, 0x0000, 0x85d0 }, { 0x85d0, 0x0d90, 0x85d0 }, { 0xb7ac, 0x07d7, 0x85d0 },
        { 0x05d0, 0x89b0, 0x05d0 }, { 0x0000, 0x7bff, 0x89b0 } } },
    { "mode 0 signed", 1, 0,
      "m[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],"
      "g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]",
      TWO(10, 5, 5, 5),
      /* r0 = -512 -> -0x7FFF; r1 = (-512 - 1) mod 1024 = 511 -> +0x7FFF;
       * b0 = -1 -> -96 -> 93 | 0x8000 = 0x805d */
      { { 0xfbff, 0x0000, 0x805d }, { 0x7bff, 0x00d9, 0x805d }, { 0x1360, 0x007d, 0x805d },
        { 0xfbff, 0x809b, 0x0000 }, { 0xfbff, 0x03c1, 0x809b } } },
    { "mode 3", 0, 3, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]",
      { { 512, 0, 1023 }, { 1023, 3, 0 } },
      /* t2 w 34: r (30*32800+34*65535+32)>>6 = 50190 -> 24310 = 0x5ef6 */
      { { 0x3e0f, 0x0000, 0x7bff }, { 0x7bff, 0x006c, 0x0000 }, { 0x5ef6, 0x0039, 0x3a20 } } },
    { "mode 3 signed", 1, 3, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]",
      { { 512, 0, 1023 }, { 1023, 3, 0 } },
      /* t2 r (30*-32767+34*-96+32)>>6 = floor(-986242/64) = -15411 ->
       * 14929 | 0x8000 = 0xba51 */
      { { 0xfbff, 0x0000, 0x805d }, { 0x805d, 0x00d9, 0x0000 }, { 0xba51, 0x0073, 0x802b } } },
    { "mode 7", 0, 7,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]",
      ONE(11, 9),
      { { 0x3e07, 0x0000, 0x7bff }, { 0x3df8, 0x0036, 0x0000 }, { 0x3dff, 0x001d, 0x3a20 } } },
    { "mode 11", 0, 11,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],"
      "b1[7:0],b0[10:11]",
      ONE(12, 8),
      /* E 12: r 2048 -> 2048*16+8 = 32776 -> 15875 = 0x3e03 */
      { { 0x3e03, 0x0000, 0x7bff }, { 0x3dfc, 0x001b, 0x0000 }, { 0x3e00, 0x000e, 0x3a20 } } },
    { "mode 15", 0, 15,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],"
      "b1[3:0],b0[10:15]",
      ONE(16, 4),
      /* EPB 16: no unquantization; r 32768 -> 15872 = 0x3e00 */
      { { 0x3e00, 0x0000, 0x7bff }, { 0x3dff, 0x0001, 0x0000 }, { 0x3dff, 0x0000, 0x3a20 } } },
    /* The -32768 endpoint: 32768*31 >> 5 = 31744 = 0x7C00 with the sign:
     * 0xFC00, minus infinity (D3D: "supports -INF ... an artifact of the
     * format").  b0 = -1: 31 >> 5 = 0, +0 (D3D; Khronos and Mesa: -0). */
    { "mode 15 signed", 1, 15,
      "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],"
      "b1[3:0],b0[10:15]",
      ONE(16, 4),
      { { 0xfc00, 0x0000, 0x0000 }, { 0x7bff, 0x0002, 0x0000 }, { 0x07bf, 0x0001, 0x0000 } } },
};

/* Packs the fields of a Table.F layout string. */
static void bc6h_pack(blk_writer *w, const char *layout, unsigned mode,
                      const unsigned e[4][3])
{
    const char *s = layout;
    while (*s) {
        unsigned v;
        if (*s == 'm') {
            v = mode;
            s++;
        } else {
            unsigned c = (unsigned)(strchr("rgb", s[0]) - "rgb");
            v = e[s[1] - '0'][c];
            s += 2;
        }
        unsigned a = 0, b;
        for (s++; *s >= '0' && *s <= '9'; s++) a = a * 10 + (unsigned)(*s - '0');
        b = a;
        if (*s == ':')
            for (b = 0, s++; *s >= '0' && *s <= '9'; s++) b = b * 10 + (unsigned)(*s - '0');
        s++;                            /* ']' */
        if (*s == ',')
            s++;
        for (unsigned k = 0; k <= (a >= b ? a - b : b - a); k++)
            put(w, 1, v >> (a >= b ? b + k : b - k));
    }
}

static float half_value(uint16_t h)
{
    unsigned e = (h >> 10) & 31, f = h & 1023;
    float m = e == 31 ? INFINITY : e ? ldexpf((float)(1024 + f), (int)e - 25)
                                     : ldexpf((float)f, -24);
    return h & 0x8000 ? -m : m;
}

TEST(bc6h_every_mode)
{
    for (size_t i = 0; i < sizeof bc6h_cases / sizeof bc6h_cases[0]; i++) {
        const struct bc6h_case *k = &bc6h_cases[i];
        int two = (k->mode & 3) != 3;   /* modes 3, 7, 11, 15: one subset */
        blk_writer w = { {0}, 0 };
        bc6h_pack(&w, k->layout, k->mode, k->e);
        if (two) {
            CHECKF(w.pos == 77, "%s: %u header bits", k->name, w.pos);
            put(&w, 5, 13);
            for (unsigned t = 0; t < 16; t++)
                put(&w, (t == 0 || t == 15) ? 2 : 3, t == 1 || t == 9 ? 7 : t == 2 ? 4 : 0);
        } else {
            CHECKF(w.pos == 65, "%s: %u header bits", k->name, w.pos);
            for (unsigned t = 0; t < 16; t++)
                put(&w, t ? 4 : 3, t == 1 ? 15 : t == 2 ? 8 : 0);
        }
        CHECK_EQ(w.pos, 128);
        texcomp_4x4 out;
        texcomp_bc6h(w.b, k->is_signed, out);
        static const unsigned texel[5] = { 0, 1, 2, 8, 9 };
        for (unsigned j = 0; j < (two ? 5u : 3u); j++)
            for (unsigned c = 0; c < 3; c++) {
                float got = out[texel[j]][c], want = half_value(k->want[j][c]);
                CHECKF(got == want && signbit(got) == signbit(want),
                       "%s texel %u channel %u: got %.9g, want %.9g (0x%04x)",
                       k->name, texel[j], c, got, want, k->want[j][c]);
            }
        for (unsigned t = 0; t < 16; t++)
            CHECKF(out[t][3] == 1.0f, "%s texel %u alpha %g", k->name, t, out[t][3]);
    }
}

/* Mode numbers 19, 23, 27, 31 are reserved: (0, 0, 0, 1) (DFS, D3D). */
TEST(bc6h_reserved_modes)
{
    static const unsigned reserved[4] = { 19, 23, 27, 31 };
    for (unsigned i = 0; i < 4; i++)
        for (int is_signed = 0; is_signed < 2; is_signed++) {
            uint8_t blk[16];
            for (unsigned k = 0; k < 16; k++) blk[k] = (uint8_t)t_rand();
            blk[0] = (uint8_t)((blk[0] & ~31u) | reserved[i]);
            texcomp_4x4 out;
            texcomp_bc6h(blk, is_signed, out);
            for (unsigned t = 0; t < 16; t++)
                CHECKF(out[t][0] == 0 && out[t][1] == 0 && out[t][2] == 0 && out[t][3] == 1
                       && !signbit(out[t][0]),
                       "mode %u texel %u: %g %g %g %g", reserved[i], t,
                       out[t][0], out[t][1], out[t][2], out[t][3]);
        }
}

/* ---- the shared tables ----
 * Spot values read in two publications: the DFS tables (4x4 grids,
 * KhronosGroup/DataFormat bptc.txt) and ARB_texture_compression_bptc's
 * Table.P2 / P3 (one row of 16 per partition) and A2 / A3a / A3b. */
TEST(bptc_partition_spot_values)
{
    static const struct { unsigned ns, p; const char *rows; } spot[] = {
        { 2, 13, "0000000011111111" },
        { 2, 35, "0011001111001100" },
        { 2, 63, "0100010001110111" },
        { 3, 15, "0011200122002220" },
        { 3, 37, "0120120120120120" },
        { 3, 63, "0111201122012220" },
        { 3, 59, "0000000000002112" },
    };
    for (size_t i = 0; i < sizeof spot / sizeof spot[0]; i++)
        for (unsigned t = 0; t < 16; t++)
            CHECKF(bptc_subset(spot[i].ns, spot[i].p, t) == (unsigned)(spot[i].rows[t] - '0'),
                   "%u subsets, partition %u, texel %u", spot[i].ns, spot[i].p, t);
    for (unsigned t = 0; t < 16; t++)
        CHECK_EQ(bptc_subset(1, 0, t), 0);
}

/* Anchors through the index reader: with all bits set and 2-bit indices,
 * an anchor reads 1 (one bit), any other texel 3. */
static unsigned anchor_mask(unsigned ns, unsigned p)
{
    uint8_t ones[16];
    memset(ones, 0xFF, sizeof ones);
    bptc_bits b;
    bptc_bits_init(&b, ones);
    uint8_t idx[16];
    bptc_read_indices(&b, ns, p, 2, idx);
    unsigned mask = 0;
    for (unsigned t = 0; t < 16; t++)
        mask |= (idx[t] == 1u) << t;
    return mask;
}

TEST(bptc_anchor_spot_values)
{
    CHECK_EQ(anchor_mask(1, 0), 1u << 0);
    CHECK_EQ(anchor_mask(2, 0), 1u << 0 | 1u << 15);
    CHECK_EQ(anchor_mask(2, 17), 1u << 0 | 1u << 2);
    CHECK_EQ(anchor_mask(2, 35), 1u << 0 | 1u << 8);
    CHECK_EQ(anchor_mask(2, 47), 1u << 0 | 1u << 6);
    CHECK_EQ(anchor_mask(2, 63), 1u << 0 | 1u << 15);
    CHECK_EQ(anchor_mask(3, 0), 1u << 0 | 1u << 3 | 1u << 15);     /* A3a 3, A3b 15 */
    CHECK_EQ(anchor_mask(3, 23), 1u << 0 | 1u << 10 | 1u << 8);
    CHECK_EQ(anchor_mask(3, 24), 1u << 0 | 1u << 5 | 1u << 3);
    CHECK_EQ(anchor_mask(3, 38), 1u << 0 | 1u << 8 | 1u << 9);
    CHECK_EQ(anchor_mask(3, 59), 1u << 0 | 1u << 13 | 1u << 15);
    CHECK_EQ(anchor_mask(3, 61), 1u << 0 | 1u << 12 | 1u << 15);
}

/* Every anchor must sit in its own subset (texel 0 in subset 0): a
 * consistency check of the two transcribed tables against each other. */
TEST(bptc_anchors_in_their_subsets)
{
    for (unsigned ns = 2; ns <= 3; ns++)
        for (unsigned p = 0; p < 64; p++) {
            unsigned mask = anchor_mask(ns, p), seen = 0;
            CHECKF(__builtin_popcount(mask) == (int)ns, "%u subsets p %u: mask %x", ns, p, mask);
            for (unsigned t = 0; t < 16; t++)
                if (mask >> t & 1)
                    seen |= 1u << bptc_subset(ns, p, t);
            CHECKF(seen == (1u << ns) - 1, "%u subsets p %u: anchors in subsets %x", ns, p, seen);
        }
}

/* Random blocks (every mode, reserved ones too) decode to defined values:
 * BC7 n / 255; BC6H finite halves, -infinity only when signed. */
TEST(bptc_garbage_does_not_crash)
{
    for (unsigned n = 0; n < 20000; n++) {
        uint8_t blk[16];
        for (unsigned k = 0; k < 16; k++) blk[k] = (uint8_t)t_rand();
        if (n % 4 == 0) blk[0] = (uint8_t)(1u << (n / 4 % 8));     /* each BC7 mode */
        texcomp_4x4 out;
        texcomp_bc7(blk, out);
        for (unsigned t = 0; t < 16; t++)
            for (unsigned c = 0; c < 4; c++) {
                float v = out[t][c] * 255.0f;
                CHECKF(v >= 0 && v <= 255 && v == rintf(v), "bc7 %u: %g", n, out[t][c]);
            }
        for (int is_signed = 0; is_signed < 2; is_signed++) {
            texcomp_bc6h(blk, is_signed, out);
            for (unsigned t = 0; t < 16; t++) {
                for (unsigned c = 0; c < 3; c++) {
                    float v = out[t][c];
                    CHECKF((v >= (is_signed ? -65504.0f : 0.0f) && v <= 65504.0f)
                           || (is_signed && v == -INFINITY),
                           "bc6h %u signed %d: %g", n, is_signed, v);
                }
                CHECK(out[t][3] == 1.0f);
            }
        }
        if (t_failed())
            return;
    }
}
