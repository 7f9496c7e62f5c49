/* BC1-BC5 block decoders (S3TC/DXTn colour and alpha blocks, RGTC).
 * Layouts from the Khronos Data Format Specification (S3TC and RGTC
 * chapters) and the D3D block-compression definitions; the rounding of the
 * interpolated points is in docs/spec-notes.md, "BC1-BC5 and DXT1_RGB". */
#include "core/texcomp.h"

static unsigned le16(const uint8_t *p)
{
    return p[0] | (unsigned)p[1] << 8;
}

static uint64_t le_bytes(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* RGB565 to 8 bits per channel by bit replication. */
static void rgb565_to_8(unsigned c, int rgb[3])
{
    unsigned r = c >> 11, g = (c >> 5) & 63, b = c & 31;
    rgb[0] = (int)(r << 3 | r >> 2);
    rgb[1] = (int)(g << 2 | g >> 4);
    rgb[2] = (int)(b << 3 | b >> 2);
}

/* A BC1 colour block.  four_colour forces the four-colour mode (BC2 and BC3
 * colour blocks); opaque makes index 3 of the three-colour mode opaque black
 * (DXT1_RGB) instead of transparent black.  The 1/3 and 2/3 points and the
 * midpoint are rounded as llvmpipe does (spec notes). */
static void bc1_colour(const uint8_t blk[8], int four_colour, int opaque, texcomp_4x4 out)
{
    unsigned c0 = le16(blk), c1 = le16(blk + 2);
    uint32_t idx = (uint32_t)le_bytes(blk + 4, 4);
    int e0[3], e1[3], pal[4][3];
    float alpha3 = 1.0f;
    rgb565_to_8(c0, e0);
    rgb565_to_8(c1, e1);
    for (int ch = 0; ch < 3; ch++) {
        pal[0][ch] = e0[ch];
        pal[1][ch] = e1[ch];
        if (four_colour || c0 > c1) {
            pal[2][ch] = (171 * e0[ch] + 85 * e1[ch]) >> 8;
            pal[3][ch] = (86 * e0[ch] + 170 * e1[ch]) >> 8;
        } else {
            pal[2][ch] = (e0[ch] + e1[ch] + 1) >> 1;
            pal[3][ch] = 0;
        }
    }
    if (!four_colour && c0 <= c1 && !opaque)
        alpha3 = 0.0f;
    for (int t = 0; t < 16; t++) {
        unsigned i = (idx >> (2 * t)) & 3;
        for (int ch = 0; ch < 3; ch++)
            out[t][ch] = (float)pal[i][ch] / 255.0f;
        out[t][3] = i == 3 ? alpha3 : 1.0f;
    }
}

/* A BC4 block (also the BC3 alpha block, BC5 red and green) into channel ch.
 * Interpolated points are exact: numerator / (denominator * max), one
 * correctly rounded float division.  SNORM endpoints: -128 reads as -127. */
static void bc4_channel(const uint8_t blk[8], int is_signed, texcomp_4x4 out, int ch)
{
    int r0 = is_signed ? (int8_t)blk[0] : blk[0];
    int r1 = is_signed ? (int8_t)blk[1] : blk[1];
    int max = is_signed ? 127 : 255;
    uint64_t idx = le_bytes(blk + 2, 6);
    /* The mode compares the stored values (-128 < -127), as the Khronos
     * text does; its caveat leaves (-127, -128) to the implementation. */
    int den = r0 > r1 ? 7 : 5;
    float pal[8] = { [6] = is_signed ? -1.0f : 0.0f, [7] = 1.0f };
    if (r0 < -127)
        r0 = -127;
    if (r1 < -127)
        r1 = -127;
    pal[0] = (float)r0 / (float)max;
    pal[1] = (float)r1 / (float)max;
    for (int i = 2; i <= den; i++)
        pal[i] = (float)((den + 1 - i) * r0 + (i - 1) * r1) / (float)(den * max);
    for (int t = 0; t < 16; t++)
        out[t][ch] = pal[(idx >> (3 * t)) & 7];
}

/* Channels G, B of a one- or two-channel format; A = 1. */
static void fill_missing(texcomp_4x4 out, int first)
{
    for (int t = 0; t < 16; t++) {
        for (int ch = first; ch < 3; ch++)
            out[t][ch] = 0.0f;
        out[t][3] = 1.0f;
    }
}

void texcomp_bc1(const uint8_t block[8], int opaque, texcomp_4x4 out)
{
    bc1_colour(block, 0, opaque, out);
}

/* Explicit 4-bit alpha, then a four-colour block. */
void texcomp_bc2(const uint8_t block[16], texcomp_4x4 out)
{
    uint64_t a = le_bytes(block, 8);
    bc1_colour(block + 8, 1, 1, out);
    for (int t = 0; t < 16; t++)
        out[t][3] = (float)((a >> (4 * t)) & 15) / 15.0f;
}

/* A BC4 UNORM alpha block, then a four-colour block. */
void texcomp_bc3(const uint8_t block[16], texcomp_4x4 out)
{
    bc1_colour(block + 8, 1, 1, out);
    bc4_channel(block, 0, out, 3);
}

void texcomp_bc4(const uint8_t block[8], int is_signed, texcomp_4x4 out)
{
    fill_missing(out, 1);
    bc4_channel(block, is_signed, out, 0);
}

void texcomp_bc5(const uint8_t block[16], int is_signed, texcomp_4x4 out)
{
    fill_missing(out, 2);
    bc4_channel(block, is_signed, out, 0);
    bc4_channel(block + 8, is_signed, out, 1);
}
