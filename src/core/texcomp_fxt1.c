/* FXT1 block decoder (8x4 texels in 128 bits), from the
 * GL_3DFX_texture_compression_FXT1 extension specification (draft 0.4):
 * modes CC_HI, CC_CHROMA, CC_MIXED and CC_ALPHA.  Bit n of the block is bit
 * n % 8 of byte n / 8.  Texel t (0..31) of the spec is in the left 4x4
 * half for t < 16, the right half otherwise, row-major within the half.
 * Interpolation rounding follows the extension text; see docs/spec-notes.md,
 * "FXT1". */
#include "core/texcomp.h"

typedef int fxt1_rgba[4];

static unsigned fxt1_bits(const uint64_t q[2], unsigned pos, unsigned n)
{
    uint64_t v = q[pos / 64] >> (pos % 64);
    if (pos % 64 + n > 64)
        v |= q[1] << (64 - pos % 64);
    return (unsigned)v & ((1u << n) - 1);
}

/* 5 or 6 bits to 8 by replicating the top bits (the extension's rule). */
static int up(unsigned v, unsigned bits) { return (int)(v << (8 - bits) | v >> (2 * bits - 8)); }

/* RGB555 colour k of the 15-bit colour array that starts at bit 64 (red in
 * the top 5 bits); alpha 255. */
static void fxt1_color555(const uint64_t q[2], unsigned k, fxt1_rgba c)
{
    const unsigned at = 64 + 15 * k;
    c[0] = up(fxt1_bits(q, at + 10, 5), 5);
    c[1] = up(fxt1_bits(q, at + 5, 5), 5);
    c[2] = up(fxt1_bits(q, at, 5), 5);
    c[3] = 255;
}

/* (wa * a + wb * b + bias) / (wa + wb) per channel, as the extension writes
 * each interpolated level. */
static void fxt1_mix(const fxt1_rgba a, const fxt1_rgba b, int wa, int wb, int bias,
                     fxt1_rgba o)
{
    for (int k = 0; k < 4; k++)
        o[k] = (wa * a[k] + wb * b[k] + bias) / (wa + wb);
}

/* Four levels a, (2a + b + 1) / 3, (a + 2b + 1) / 3, b. */
static void fxt1_lerp4(const fxt1_rgba a, const fxt1_rgba b, fxt1_rgba pal[4])
{
    for (int k = 0; k < 4; k++) {
        pal[0][k] = a[k];
        pal[3][k] = b[k];
    }
    fxt1_mix(a, b, 2, 1, 1, pal[1]);
    fxt1_mix(a, b, 1, 2, 1, pal[2]);
}

static void fxt1_zero(fxt1_rgba c) { c[0] = c[1] = c[2] = c[3] = 0; }

/* Palette pal[half][index] looked up with bits-wide indices packed from
 * bit 0, texel 0 first. */
static void fxt1_emit(const uint64_t q[2], unsigned bits, fxt1_rgba pal[2][8],
                      float out[32][4])
{
    for (unsigned t = 0; t < 32; t++) {
        const unsigned half = t / 16, x = half * 4 + t % 4, y = t % 16 / 4;
        const int *c = pal[half][fxt1_bits(q, t * bits, bits)];
        for (int k = 0; k < 4; k++)
            out[y * 8 + x][k] = (float)c[k] / 255.0f;
    }
}

/* CC_HI: two RGB555 colours (color1 at bit 111, color0 at bit 96), seven
 * levels (6 - i) / 6 apart rounded by +3, index 7 transparent black. */
static void fxt1_hi(const uint64_t q[2], fxt1_rgba pal[2][8])
{
    fxt1_rgba c0, c1;
    for (int k = 0; k < 3; k++) {
        c0[k] = up(fxt1_bits(q, 106 - 5 * (unsigned)k, 5), 5);
        c1[k] = up(fxt1_bits(q, 121 - 5 * (unsigned)k, 5), 5);
    }
    c0[3] = c1[3] = 255;
    for (int i = 0; i < 7; i++)
        fxt1_mix(c0, c1, 6 - i, i, 3, pal[0][i]);
    fxt1_zero(pal[0][7]);
}

/* CC_CHROMA: four RGB555 colours used as they are. */
static void fxt1_chroma(const uint64_t q[2], fxt1_rgba pal[2][8])
{
    for (unsigned k = 0; k < 4; k++)
        fxt1_color555(q, k, pal[0][k]);
}

/* CC_MIXED: per half colours 2h and 2h + 1.  The second colour is RGB565
 * with green's LSB from glsb (bit 125 + h).  alpha[0] (bit 124) = 0: the
 * first colour is RGB565 too, its green LSB = glsb ^ the MSB of the half's
 * first index (bit 1 or 33); four levels.  alpha[0] = 1: the first colour
 * is RGB555; levels first, (first + second) / 2, second, transparent. */
static void fxt1_mixed(const uint64_t q[2], fxt1_rgba pal[2][8])
{
    const unsigned alpha = fxt1_bits(q, 124, 1);
    for (unsigned h = 0; h < 2; h++) {
        const unsigned glsb = fxt1_bits(q, 125 + h, 1);
        fxt1_rgba a, b;
        fxt1_color555(q, 2 * h, a);
        fxt1_color555(q, 2 * h + 1, b);
        b[1] = up(fxt1_bits(q, 64 + 15 * (2 * h + 1) + 5, 5) << 1 | glsb, 6);
        if (alpha) {
            for (int k = 0; k < 4; k++) {
                pal[h][0][k] = a[k];
                pal[h][2][k] = b[k];
            }
            fxt1_mix(a, b, 1, 1, 0, pal[h][1]);
            fxt1_zero(pal[h][3]);
        } else {
            const unsigned sel = fxt1_bits(q, 32 * h + 1, 1);
            a[1] = up(fxt1_bits(q, 64 + 15 * (2 * h) + 5, 5) << 1 | (glsb ^ sel), 6);
            fxt1_lerp4(a, b, pal[h]);
        }
    }
}

/* CC_ALPHA: three ARGB5555 colours (alpha k at bit 109 + 5k).  lerp (bit
 * 124) = 0: colours 0..2 and transparent black.  lerp = 1: the left half
 * runs color0 -> color1, the right half color2 -> color1, four levels. */
static void fxt1_alpha(const uint64_t q[2], fxt1_rgba pal[2][8])
{
    fxt1_rgba c[3];
    for (unsigned k = 0; k < 3; k++) {
        fxt1_color555(q, k, c[k]);
        c[k][3] = up(fxt1_bits(q, 109 + 5 * k, 5), 5);
    }
    if (fxt1_bits(q, 124, 1)) {
        fxt1_lerp4(c[0], c[1], pal[0]);
        fxt1_lerp4(c[2], c[1], pal[1]);
    } else {
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 4; k++)
                pal[0][i][k] = c[i][k];
        fxt1_zero(pal[0][3]);
    }
}

/* Mode from bits 127:125: 00x CC_HI, 010 CC_CHROMA, 011 CC_ALPHA, 1xx
 * CC_MIXED, so every block has a mode.  Modes with one palette for the
 * whole block fill pal[0] and copy it to pal[1]. */
void texcomp_fxt1(const uint8_t block[16], float out[32][4])
{
    uint64_t q[2] = { 0, 0 };
    for (int i = 0; i < 16; i++)
        q[i / 8] |= (uint64_t)block[i] << (8 * (i % 8));
    fxt1_rgba pal[2][8] = { { { 0 } } };
    const unsigned mode = fxt1_bits(q, 125, 3);
    unsigned bits = 2;
    int shared = 1;
    if (mode < 2) {
        fxt1_hi(q, pal);
        bits = 3;
    } else if (mode == 2) {
        fxt1_chroma(q, pal);
    } else if (mode == 3) {
        fxt1_alpha(q, pal);
        shared = !fxt1_bits(q, 124, 1);
    } else {
        fxt1_mixed(q, pal);
        shared = 0;
    }
    if (shared)
        for (int i = 0; i < 8; i++)
            for (int k = 0; k < 4; k++)
                pal[1][i][k] = pal[0][i][k];
    fxt1_emit(q, bits, pal, out);
}
