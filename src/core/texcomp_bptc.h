/* What the BC6H and BC7 (BPTC) decoders share: the block bit reader, the
 * partition and anchor tables, the index weights and the interpolation.
 * Source: the Khronos Data Format Specification, "BPTC Compressed Texture
 * Image Formats" (also ARB_texture_compression_bptc); docs/spec-notes.md,
 * "BC6H and BC7". */
#ifndef G7SF_TEXCOMP_BPTC_H
#define G7SF_TEXCOMP_BPTC_H

#include <stdint.h>

/* The block as a 128-bit little-endian number, read upward from bit 0. */
typedef struct bptc_bits {
    uint64_t lo, hi;
    unsigned pos;
} bptc_bits;

void bptc_bits_init(bptc_bits *b, const uint8_t block[16]);

/* The next n (<= 32) bits, the first one in bit 0.  Past bit 127 zeros are
 * read (the mode layouts never get there). */
static inline uint32_t bptc_get(bptc_bits *b, unsigned n)
{
    unsigned p = b->pos;
    uint64_t v = p >= 128 ? 0
               : p >= 64  ? b->hi >> (p - 64)
               : p == 0   ? b->lo
               : (b->lo >> p) | (b->hi << (64 - p));
    b->pos = p + n;
    return (uint32_t)(v & ((1ull << n) - 1));
}

/* Subset (0 .. nsubsets - 1) of texel t (0 .. 15, x-major) in partition p
 * (0 .. 63) for 1, 2 or 3 subsets. */
unsigned bptc_subset(unsigned nsubsets, unsigned p, unsigned t);

/* Reads the 16 indices of `bits` bits, x-major; the anchor index of each
 * subset has one bit less (its implicit top bit is 0). */
void bptc_read_indices(bptc_bits *b, unsigned nsubsets, unsigned p,
                       unsigned bits, uint8_t idx[16]);

/* The 6-bit interpolation factor of index i of a 2-, 3- or 4-bit index. */
extern const uint8_t bptc_weights[3][16];
static inline unsigned bptc_weight(unsigned bits, unsigned i)
{
    return bptc_weights[bits - 2][i];
}

/* ((64 - w) * e0 + w * e1 + 32) >> 6, rounding toward minus infinity also
 * for the negative endpoints of signed BC6H (|e| < 2^17): the bias keeps the
 * shifted value non-negative. */
static inline int bptc_interpolate(int e0, int e1, unsigned w)
{
    int v = (64 - (int)w) * e0 + (int)w * e1 + 32;
    return ((v + (1 << 23)) >> 6) - (1 << 17);
}

#endif
