/* Compression in the MSAA index bits (patent US 9466124, spec file 004;
 * issue 22 part B): a tile of 8x4 pixels x N samples (N = 4 or 8) of 32-bit
 * RGBA8 colours stored inside the tile's index bits (Gen7's MCS) so that no
 * colour plane is read or written.  Function-level codec only; the control
 * surface code, the render target write, ld_mcs/ld2dms and eviction are
 * later pieces.  Every choice below is in docs/spec-notes.md, "Patent 004".
 *
 * Index bits.  The tile's index bits are bytes; bit i is bit i % 8 of byte
 * i / 8 (LSB first, as the MCS lies in memory).  A field of w bits at offset
 * o holds bit j of its value at bit o + j.  Budget: Gen7's MCS per tile,
 * 8 bits x 32 pixels = 256 bits at 4x, 32 bits x 32 = 1024 bits at 8x.  The
 * patent counts 768 at 8x (3 index bits per sample, L52/L80); the 8x
 * encodings here use only bits 0..767 and require 768..1023 to be zero, so
 * they fit either figure.  Unused bits are written zero and a decoder
 * rejects any that are not.
 *
 * Pixels p = 0..31 in row-major order within the tile (p = 8 y + x);
 * samples are given and returned as colours[p * N + s].
 *
 * 4x layouts (256 bits):
 *   Mode A (palette, L32-34): bits 0..2 = 111 (the tag: pixel 0's status
 *     111 is unused in Method B), 3..63 zero, 64..95 colour 0, 96..127
 *     colour 1, then 1 bit per sample at 128 + 4 p + s (0 = colour 0).
 *   Method B (L38-50): bits 3p..3p+2 = status of pixel p (p's status 111 is
 *     malformed for p > 0, the Mode A tag for p = 0):
 *       000/001/010  one colour: palette entry 0/1/2
 *       011/100/101  two colours: pairs (0,1), (0,2), (1,2) - "medium",
 *                    4 payload bits, bit s = sample s (0 = lower entry)
 *       110          three colours - "complex", 7 payload bits, the value
 *                    sum d_s 3^s (sample 0 the lowest base-3 digit), < 81
 *     then the stored colours from bit 96, then the payload: the medium and
 *     complex pixels in pixel order, each field after the previous one.
 *     Plain: colours 0, 1, 2 at 96, 128, 160 with colour 0 < colour 1 (as
 *     uint32); payload bits 192..255 (64 bits: 16 medium or 9 complex).
 *     With the clear colour as entry 2 (L50): colours 0, 1 at 96, 128 with
 *     colour 0 > colour 1 (the order is the flag, as BC1's c0 > c1);
 *     payload bits 160..255 (96 bits).  Equal colours 0 and 1: malformed.
 * 8x layouts (bits 0..767 used):
 *   Mode A: bits 0..3 = 1111 (the tag: pixel 0's status 1111 is unused in
 *     Method B), 4..127 zero, colours 0..3 at 128 + 32 i, then 2 bits per
 *     sample at 256 + 2 (8 p + s).  Unused palette entries repeat colour 0.
 *   Method B (L52-56, L80: the 6-colour variant): bits 4p..4p+3 = status of
 *     pixel p: 0..5 one colour (that entry); 6..13 two colours, the pairs
 *     (0,1) (0,2) (0,3) (0,4) (0,5) (1,2) (1,3) (2,3), 8 payload bits (bit s
 *     = sample s, 0 = lower entry); 14 complex (any other set), 21 payload
 *     bits, the value sum d_s 6^s < 6^8 = 1679616; 15 the Mode A tag at
 *     pixel 0, malformed elsewhere.  Colours 0..5 at 128 + 32 i (an unused
 *     6th entry repeats colour 0; the encoder orders entries by sample
 *     count, most first, then by value), payload bits 320..767 (448: 21
 *     complex, or 20 complex + 3 medium), in pixel order as at 4x.  No
 *     clear-colour variant at 8x yet. */
#ifndef GEN7SF_MSAA_COMPRESS_H
#define GEN7SF_MSAA_COMPRESS_H

#include <stdint.h>

#include "gen7sf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define G7SF_MSAA_TILE_W      8
#define G7SF_MSAA_TILE_H      4
#define G7SF_MSAA_TILE_PIXELS 32
#define G7SF_MSAA_INDEX_BYTES_MAX 128   /* 1024 bits, the 8x MCS tile */

enum g7sf_msaa_method {
    G7SF_MSAA_MODE_A = 1,          /* palette: 2 colours (4x), 4 (8x) */
    G7SF_MSAA_METHOD_B = 2,        /* 3 stored colours (4x), 6 (8x) */
    G7SF_MSAA_METHOD_B_CLEAR = 3   /* 4x: 2 stored colours + the clear colour */
};

/* The index bits of one tile: 256 (N = 4) or 1024 (N = 8); 0 for another N. */
G7SF_API unsigned g7sf_msaa_index_bits(unsigned n);

/* Encodes 32 x n colours (colours[p * n + s]) into the index bits
 * (g7sf_msaa_index_bits(n) / 8 bytes written, every one of them).  clear:
 * the surface's clear colour, or NULL for none.  Tries Mode A (<= 2 colours
 * at 4x, <= 4 at 8x), then Method B (3 colours at 4x, with the clear colour
 * as entry 2 when it is one of them; 5 or 6 colours at 8x).  *method (may be NULL) gets the g7sf_msaa_method used.
 * Returns 0; G7SF_ERANGE when the tile does not fit (then the bits are
 * unspecified); G7SF_EINVAL for NULL colours/bits or n not 4 or 8. */
G7SF_API int g7sf_msaa_tile_encode(const uint32_t *colours, unsigned n, const uint32_t *clear,
                                   uint8_t *bits, int *method);

/* The inverse: 32 x n colours from the index bits (which are read only up
 * to g7sf_msaa_index_bits(n) / 8 bytes).  clear: needed only by a Method B
 * tile with the clear colour (else may be NULL).  Returns 0 (and the method
 * in *method, may be NULL); G7SF_EPAYLOAD for malformed bits (the tag code
 * 111 / 1111 past pixel 0, a base-3 value >= 81 or base-6 >= 6^8, payload
 * past the budget, non-zero unused bits, equal colours 0 and 1 in a 4x
 * Method B tile); G7SF_ESTATE for
 * a clear-colour tile with clear NULL; G7SF_EINVAL for NULL or n not 4 or
 * 8.  On an error colours may be partly written. */
G7SF_API int g7sf_msaa_tile_decode(const uint8_t *bits, unsigned n, const uint32_t *clear,
                                   uint32_t *colours, int *method);

/* The planes the Gen7 MCS scheme uses for the tile (L14-16: plane 0 filled
 * first): the most distinct colours in one pixel, 1..n; 0 for bad args. */
G7SF_API unsigned g7sf_msaa_tile_planes(const uint32_t *colours, unsigned n);

/* Bits moved for one tile (L22-36, control bits excluded): in the index
 * bits only; planes compressed 2:1 (planes x 512 + index bits, the L22
 * "50% compression"); uncompressed (planes x 1024 + index bits).  4x, 2
 * planes: 256, 1280, 2304. */
typedef struct g7sf_msaa_traffic {
    unsigned index_mode;
    unsigned planes_compressed;
    unsigned uncompressed;
} g7sf_msaa_traffic;
/* 0, or G7SF_EINVAL for NULL, n not 4 or 8, planes > n. */
G7SF_API int g7sf_msaa_tile_traffic(unsigned n, unsigned planes, g7sf_msaa_traffic *out);

#ifdef __cplusplus
}
#endif

#endif
