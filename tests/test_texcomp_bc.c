/* BC1-BC5 and DXT1_RGB block decoders (src/core/texcomp_bc.c).  Blocks are
 * packed field by field from the Khronos/D3D layouts; expected texels are
 * worked out by hand in the comments.  Rounding: docs/spec-notes.md,
 * "BC1-BC5 and DXT1_RGB". */
#include <math.h>

#include "core/texcomp.h"
#include "harness.h"

/* BC1 colour block: c0, c1 little-endian, then 2-bit indices, texel t at
 * bits 2t of a little-endian 32-bit word. */
static void pack_bc1(uint8_t b[8], unsigned c0, unsigned c1, const unsigned idx[16])
{
    uint32_t bits = 0;
    for (int t = 0; t < 16; t++)
        bits |= (uint32_t)idx[t] << (2 * t);
    b[0] = c0 & 0xff; b[1] = c0 >> 8;
    b[2] = c1 & 0xff; b[3] = c1 >> 8;
    for (int k = 0; k < 4; k++)
        b[4 + k] = (uint8_t)(bits >> (8 * k));
}

/* BC4-style block: two endpoint bytes, then 3-bit codes, texel t at bits 3t
 * of a little-endian 48-bit word. */
static void pack_bc4(uint8_t b[8], uint8_t e0, uint8_t e1, const unsigned code[16])
{
    uint64_t bits = 0;
    for (int t = 0; t < 16; t++)
        bits |= (uint64_t)code[t] << (3 * t);
    b[0] = e0;
    b[1] = e1;
    for (int k = 0; k < 6; k++)
        b[2 + k] = (uint8_t)(bits >> (8 * k));
}

static void check_texel(const texcomp_4x4 out, int t, float r, float g, float b, float a,
                        int line)
{
    const float want[4] = { r, g, b, a };
    for (int c = 0; c < 4; c++)
        if (out[t][c] != want[c])
            t_fail(__FILE__, line, "texel %d channel %d: got %.9g (%.4f/255), want %.9g",
                   t, c, out[t][c], out[t][c] * 255.0, want[c]);
}
#define CHECK_TEXEL(out, t, r, g, b, a) check_texel(out, t, r, g, b, a, __LINE__)

/* Index patterns that differ between rows and columns, so a transposed or
 * mirrored layout fails. */
static const unsigned idx2[16] = { 0, 1, 2, 3,  1, 2, 3, 0,  2, 3, 0, 1,  3, 0, 1, 2 };
static const unsigned code3[16] = { 0, 3, 6, 1, 4, 7, 2, 5,  1, 4, 7, 2, 5, 0, 3, 6 };

/* Palette entry (8-bit RGB, alpha in [0,1]) -> expected texel checks. */
struct rgba8 { int r, g, b; float a; };
static void check_palette(const texcomp_4x4 out, const unsigned idx[16],
                          const struct rgba8 pal[4], int line)
{
    for (int t = 0; t < 16; t++) {
        const struct rgba8 *p = &pal[idx[t]];
        check_texel(out, t, p->r / 255.0f, p->g / 255.0f, p->b / 255.0f, p->a, line);
    }
}

TEST(bc1_four_colour_red_to_cyan)
{
    /* c0 = 0xF800: R5 31 G6 0 B5 0 -> (255, 0, 0); c1 = 0x07FF -> (0, 255, 255).
     * 0xF800 > 0x07FF: four colours.  Interpolation (llvmpipe's weights):
     *   2: (171*c0 + 85*c1) >> 8: R 171*255 = 43605 -> 170, G/B 85*255 = 21675 -> 84
     *   3: (86*c0 + 170*c1) >> 8: R 86*255 = 21930 -> 85, G/B 170*255 = 43350 -> 169
     * (D3D's exact thirds would be 170, 85, 85 and 85, 170, 170.) */
    const struct rgba8 pal[4] = {
        { 255, 0, 0, 1 }, { 0, 255, 255, 1 }, { 170, 84, 84, 1 }, { 85, 169, 169, 1 } };
    uint8_t b[8];
    texcomp_4x4 out;
    pack_bc1(b, 0xF800, 0x07FF, idx2);
    texcomp_bc1(b, 0, out);
    check_palette(out, idx2, pal, __LINE__);
    texcomp_bc1(b, 1, out);              /* DXT1_RGB: same in four-colour mode */
    check_palette(out, idx2, pal, __LINE__);
}

TEST(bc1_endpoint_bit_replication)
{
    /* c0 = R5 16, G6 33, B5 5 = 0x8000 | 0x420 | 5 = 0x8425:
     *   R 16<<3 | 16>>2 = 128|4 = 132, G 33<<2 | 33>>4 = 132|2 = 134, B 40|1 = 41.
     * c1 = R5 1, G6 1, B5 1 = 0x0821: R 8|0 = 8, G 4|0 = 4, B 8.
     * 2: R 171*132 + 85*8 = 23252 -> 90, G 171*134 + 85*4 = 23254 -> 90,
     *    B 171*41 + 85*8 = 7691 -> 30
     * 3: R 86*132 + 170*8 = 12712 -> 49, G 86*134 + 170*4 = 12204 -> 47,
     *    B 86*41 + 170*8 = 4886 -> 19 */
    const struct rgba8 pal[4] = {
        { 132, 134, 41, 1 }, { 8, 4, 8, 1 }, { 90, 90, 30, 1 }, { 49, 47, 19, 1 } };
    uint8_t b[8];
    texcomp_4x4 out;
    pack_bc1(b, 0x8425, 0x0821, idx2);
    texcomp_bc1(b, 0, out);
    check_palette(out, idx2, pal, __LINE__);
}

TEST(bc1_three_colour_and_dxt1_rgb)
{
    /* c0 = 0 (black) <= c1 = R5 4, G6 16, B5 5 = 0x2000 | 0x200 | 5 = 0x2205:
     *   R 32|1 = 33, G 64|1 = 65, B 40|1 = 41.
     * 2: midpoint rounded up, (c0 + c1 + 1) >> 1: R 34>>1 = 17, G 66>>1 = 33, B 42>>1 = 21
     * 3: black, transparent for BC1, opaque for DXT1_RGB. */
    struct rgba8 pal[4] = {
        { 0, 0, 0, 1 }, { 33, 65, 41, 1 }, { 17, 33, 21, 1 }, { 0, 0, 0, 0 } };
    uint8_t b[8];
    texcomp_4x4 out;
    pack_bc1(b, 0x0000, 0x2205, idx2);
    texcomp_bc1(b, 0, out);
    check_palette(out, idx2, pal, __LINE__);
    pal[3].a = 1;
    texcomp_bc1(b, 1, out);
    check_palette(out, idx2, pal, __LINE__);
}

TEST(bc1_equal_endpoints_are_three_colour)
{
    /* c0 == c1 = 0xFFFF (white): c0 > c1 fails, so three colours:
     * 2 = (255 + 255 + 1) >> 1 = 255, 3 = transparent black. */
    const struct rgba8 pal[4] = {
        { 255, 255, 255, 1 }, { 255, 255, 255, 1 }, { 255, 255, 255, 1 }, { 0, 0, 0, 0 } };
    uint8_t b[8];
    texcomp_4x4 out;
    pack_bc1(b, 0xFFFF, 0xFFFF, idx2);
    texcomp_bc1(b, 0, out);
    check_palette(out, idx2, pal, __LINE__);
}

TEST(bc2_explicit_alpha_four_colour_always)
{
    /* Alpha: 4 bits per texel, texel t at bits 4t; here texel t has alpha t,
     * so byte k = (2k) | (2k+1) << 4.  Expected alpha t / 15.
     * Colour: c0 = 0x07FF (cyan) < c1 = 0xF800 (red), still four colours:
     *   2: R 85*255 = 21675 -> 84, G/B 171*255 = 43605 -> 170
     *   3: R 170*255 = 43350 -> 169, G/B 86*255 = 21930 -> 85 */
    const int pal[4][3] = { { 0, 255, 255 }, { 255, 0, 0 }, { 84, 170, 170 }, { 169, 85, 85 } };
    uint8_t b[16] = { 0x10, 0x32, 0x54, 0x76, 0x98, 0xBA, 0xDC, 0xFE };
    texcomp_4x4 out;
    pack_bc1(b + 8, 0x07FF, 0xF800, idx2);
    texcomp_bc2(b, out);
    for (int t = 0; t < 16; t++) {
        const int *p = pal[idx2[t]];
        CHECK_TEXEL(out, t, p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, t / 15.0f);
    }
}

/* Expected BC4 palettes as numerator / denominator. */
struct frac { int num, den; };

static void check_channel(const texcomp_4x4 out, int ch, const unsigned code[16],
                          const struct frac pal[8], int line)
{
    for (int t = 0; t < 16; t++) {
        float want = (float)pal[code[t]].num / (float)pal[code[t]].den;
        if (out[t][ch] != want)
            t_fail(__FILE__, line, "texel %d channel %d (code %u): got %.9g, want %d/%d",
                   t, ch, code[t], out[t][ch], pal[code[t]].num, pal[code[t]].den);
    }
}

TEST(bc3_alpha_eight_and_six_values)
{
    /* a0 = 200 > a1 = 10: eight values, code i >= 2: ((8-i)*a0 + (i-1)*a1) / 7 / 255
     *   2: 1200+10 = 1210   3: 1000+20 = 1020   4: 800+30 = 830
     *   5: 600+40 = 640     6: 400+50 = 450     7: 200+60 = 260   (over 1785) */
    const struct frac eight[8] = { { 200, 255 }, { 10, 255 }, { 1210, 1785 }, { 1020, 1785 },
                                   { 830, 1785 }, { 640, 1785 }, { 450, 1785 }, { 260, 1785 } };
    /* a0 = 10 <= a1 = 200: six values + 0 and 1, code 2..5: ((6-i)*a0 + (i-1)*a1) / 5 / 255
     *   2: 40+200 = 240   3: 30+400 = 430   4: 20+600 = 620   5: 10+800 = 810 (over 1275) */
    const struct frac six[8] = { { 10, 255 }, { 200, 255 }, { 240, 1275 }, { 430, 1275 },
                                 { 620, 1275 }, { 810, 1275 }, { 0, 1 }, { 1, 1 } };
    uint8_t b[16];
    texcomp_4x4 out;
    /* Colour c0 == c1 = 0x001F (blue): four-colour mode in BC3, so index 3 is
     * (86*255 + 170*255) >> 8 = 255 blue, not black. */
    pack_bc1(b + 8, 0x001F, 0x001F, idx2);
    pack_bc4(b, 200, 10, code3);
    texcomp_bc3(b, out);
    check_channel(out, 3, code3, eight, __LINE__);
    for (int t = 0; t < 16; t++)
        CHECKF(out[t][0] == 0.0f && out[t][1] == 0.0f && out[t][2] == 1.0f,
               "texel %d: (%g, %g, %g), want blue", t, out[t][0], out[t][1], out[t][2]);
    pack_bc4(b, 10, 200, code3);
    texcomp_bc3(b, out);
    check_channel(out, 3, code3, six, __LINE__);
}

static void check_rg_fill(const texcomp_4x4 out, int first)
{
    for (int t = 0; t < 16; t++) {
        for (int c = first; c < 3; c++)
            CHECKF(out[t][c] == 0.0f, "texel %d channel %d = %g, want 0", t, c, out[t][c]);
        CHECKF(out[t][3] == 1.0f, "texel %d alpha = %g, want 1", t, out[t][3]);
    }
}

TEST(bc4_unorm)
{
    /* r0 = 255 > r1 = 0: code i = (8-i)*255 / 7 / 255 = (8-i)/7 for i >= 2. */
    const struct frac eight[8] = { { 1, 1 }, { 0, 1 }, { 6, 7 }, { 5, 7 },
                                   { 4, 7 }, { 3, 7 }, { 2, 7 }, { 1, 7 } };
    /* r0 == r1 = 51: six values, all interpolants 51/255 = 0.2; codes 6, 7 = 0, 1. */
    const struct frac same[8] = { { 51, 255 }, { 51, 255 }, { 51, 255 }, { 51, 255 },
                                  { 51, 255 }, { 51, 255 }, { 0, 1 }, { 1, 1 } };
    uint8_t b[8];
    texcomp_4x4 out;
    pack_bc4(b, 255, 0, code3);
    texcomp_bc4(b, 0, out);
    check_channel(out, 0, code3, eight, __LINE__);
    check_rg_fill(out, 1);
    pack_bc4(b, 51, 51, code3);
    texcomp_bc4(b, 0, out);
    check_channel(out, 0, code3, same, __LINE__);
}

TEST(bc4_snorm_endpoints_and_minus_128)
{
    texcomp_4x4 out;
    uint8_t b[8];
    /* r0 = 127 (0x7F) > r1 = -127 (0x81): code i = ((8-i)*127 - (i-1)*127) / 7 / 127
     * = (9 - 2i) / 7: 2: 5/7, 3: 3/7, 4: 1/7, 5: -1/7, 6: -3/7, 7: -5/7. */
    const struct frac eight[8] = { { 1, 1 }, { -1, 1 }, { 5, 7 }, { 3, 7 },
                                   { 1, 7 }, { -1, 7 }, { -3, 7 }, { -5, 7 } };
    pack_bc4(b, 0x7F, 0x81, code3);
    texcomp_bc4(b, 1, out);
    check_channel(out, 0, code3, eight, __LINE__);
    check_rg_fill(out, 1);

    /* r0 = -128 (0x80) <= r1 = 0: six values; -128 reads as -127 (-1.0):
     * code i = (6-i)*(-127) / 5 / 127 = -(6-i)/5: 2: -4/5, 3: -3/5, 4: -2/5,
     * 5: -1/5; 6: -1, 7: 1. */
    const struct frac six[8] = { { -1, 1 }, { 0, 1 }, { -4, 5 }, { -3, 5 },
                                 { -2, 5 }, { -1, 5 }, { -1, 1 }, { 1, 1 } };
    pack_bc4(b, 0x80, 0x00, code3);
    texcomp_bc4(b, 1, out);
    check_channel(out, 0, code3, six, __LINE__);

    /* r0 = -127 (0x81), r1 = -128 (0x80): the Khronos caveat pair.  The
     * stored values compare -127 > -128: eight-value mode, both endpoints
     * -1.0, so every code (6 and 7 too) gives -1. */
    const struct frac all_min[8] = { { -1, 1 }, { -1, 1 }, { -1, 1 }, { -1, 1 },
                                     { -1, 1 }, { -1, 1 }, { -1, 1 }, { -1, 1 } };
    pack_bc4(b, 0x81, 0x80, code3);
    texcomp_bc4(b, 1, out);
    check_channel(out, 0, code3, all_min, __LINE__);
}

TEST(bc5_red_then_green)
{
    /* Red block: r0 = 0 <= r1 = 255, code i = (i-1)*255 / 5 / 255 = (i-1)/5.
     * Green block: g0 = 255 > g1 = 0, code i = (8-i)/7 (as in bc4_unorm). */
    const struct frac red[8] = { { 0, 1 }, { 1, 1 }, { 1, 5 }, { 2, 5 },
                                 { 3, 5 }, { 4, 5 }, { 0, 1 }, { 1, 1 } };
    const struct frac green[8] = { { 1, 1 }, { 0, 1 }, { 6, 7 }, { 5, 7 },
                                   { 4, 7 }, { 3, 7 }, { 2, 7 }, { 1, 7 } };
    /* The green codes run the other way, so swapped halves fail. */
    unsigned rev[16];
    for (int t = 0; t < 16; t++)
        rev[t] = code3[15 - t];
    uint8_t b[16];
    texcomp_4x4 out;
    pack_bc4(b, 0, 255, code3);
    pack_bc4(b + 8, 255, 0, rev);
    texcomp_bc5(b, 0, out);
    check_channel(out, 0, code3, red, __LINE__);
    check_channel(out, 1, rev, green, __LINE__);
    check_rg_fill(out, 2);

    /* Signed: red r0 = 64 > r1 = -64: code 2 = (6*64 - 64) / 7 / 127 = 320/889;
     * green g0 = g1 = -128: six values of -1.0; codes 6, 7 = -1, 1. */
    const struct frac sred[8] = { { 64, 127 }, { -64, 127 }, { 320, 889 }, { 192, 889 },
                                  { 64, 889 }, { -64, 889 }, { -192, 889 }, { -320, 889 } };
    const struct frac sgreen[8] = { { -1, 1 }, { -1, 1 }, { -1, 1 }, { -1, 1 },
                                    { -1, 1 }, { -1, 1 }, { -1, 1 }, { 1, 1 } };
    pack_bc4(b, 64, (uint8_t)-64, code3);
    pack_bc4(b + 8, 0x80, 0x80, rev);
    texcomp_bc5(b, 1, out);
    check_channel(out, 0, code3, sred, __LINE__);
    check_channel(out, 1, rev, sgreen, __LINE__);
    check_rg_fill(out, 2);
}

/* Every bit pattern decodes to finite values in the format's range. */
TEST(random_blocks_decode_in_range)
{
    for (int n = 0; n < 20000; n++) {
        uint8_t b[16];
        for (int k = 0; k < 16; k++)
            b[k] = (uint8_t)t_rand();
        texcomp_4x4 out[8];
        texcomp_bc1(b, 0, out[0]);
        texcomp_bc1(b, 1, out[1]);
        texcomp_bc2(b, out[2]);
        texcomp_bc3(b, out[3]);
        texcomp_bc4(b, 0, out[4]);
        texcomp_bc4(b, 1, out[5]);
        texcomp_bc5(b, 0, out[6]);
        texcomp_bc5(b, 1, out[7]);
        for (int f = 0; f < 8; f++) {
            float lo = (f == 5 || f == 7) ? -1.0f : 0.0f;
            for (int t = 0; t < 16; t++)
                for (int c = 0; c < 4; c++) {
                    float v = out[f][t][c];
                    CHECKF(isfinite(v) && v >= lo && v <= 1.0f,
                           "decoder %d texel %d channel %d = %g", f, t, c, v);
                }
        }
        if (t_failed())
            return;
    }
}
