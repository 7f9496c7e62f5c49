/* The BPTC tables (Khronos Data Format Specification tables "Partition table
 * for BPTC 2 subset", "... 3 subset", the anchor index tables and the
 * interpolation factors; the same in ARB_texture_compression_bptc as
 * Table.P2, P3, A2, A3a, A3b) and the reading they drive. */
#include "texcomp_bptc.h"

/* Partition p: the subset of texel t in bits 2t+1:2t. */
static const uint32_t partition2[64] = {
    0x50505050, 0x40404040, 0x54545454, 0x54505040,
    0x50404000, 0x55545450, 0x55545040, 0x54504000,
    0x50400000, 0x55555450, 0x55544000, 0x54400000,
    0x55555440, 0x55550000, 0x55555500, 0x55000000,
    0x55150100, 0x00004054, 0x15010000, 0x00405054,
    0x00004050, 0x15050100, 0x05010000, 0x40505054,
    0x00404050, 0x05010100, 0x14141414, 0x05141450,
    0x01155440, 0x00555500, 0x15014054, 0x05414150,
    0x44444444, 0x55005500, 0x11441144, 0x05055050,
    0x05500550, 0x11114444, 0x41144114, 0x44111144,
    0x15055054, 0x01055040, 0x05041050, 0x05455150,
    0x14414114, 0x50050550, 0x41411414, 0x00141400,
    0x00041504, 0x00105410, 0x10541000, 0x04150400,
    0x50410514, 0x41051450, 0x05415014, 0x14054150,
    0x41050514, 0x41505014, 0x40011554, 0x54150140,
    0x50505500, 0x00555050, 0x15151010, 0x54540404,
};

static const uint32_t partition3[64] = {
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8,
    0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
    0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090,
    0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
    0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0,
    0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
    0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400,
    0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
    0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424,
    0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
    0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0,
    0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
    0xaa444444, 0x54a854a8, 0x95809580, 0x96969600,
    0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
    0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000,
    0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

/* Anchor texel of subset 1 of the two-subset partitions. */
static const uint8_t anchor2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    15,  2,  8,  2,  2,  8,  8, 15,  2,  8,  2,  2,  8,  8,  2,  2,
    15, 15,  6,  8,  2,  8, 15, 15,  2,  8,  2,  2,  2, 15, 15,  6,
     6,  2,  6,  8, 15, 15,  2,  2, 15, 15, 15, 15, 15,  2,  2, 15,
};

/* Anchor texels of the three-subset partitions: subset 1 in bits 3:0,
 * subset 2 in bits 7:4. */
static const uint8_t anchor3[64] = {
    0xf3, 0x83, 0x8f, 0x3f, 0xf8, 0xf3, 0x3f, 0x8f,
    0xf8, 0xf8, 0xf6, 0xf6, 0xf6, 0xf5, 0xf3, 0x83,
    0xf3, 0x83, 0xf8, 0x3f, 0xf3, 0x83, 0xf6, 0x8a,
    0x35, 0xf8, 0x68, 0xa6, 0xf8, 0xf5, 0xaf, 0x8f,
    0xf8, 0x3f, 0xf3, 0xa5, 0xa6, 0x8a, 0x98, 0xaf,
    0x6f, 0xf3, 0x8f, 0xf5, 0x3f, 0x6f, 0x6f, 0x8f,
    0xf3, 0x3f, 0xf5, 0xf5, 0xf5, 0xf8, 0xf5, 0xfa,
    0xf5, 0xfa, 0xf8, 0xfd, 0x3f, 0xfc, 0xf3, 0x83,
};

const uint8_t bptc_weights[3][16] = {
    { 0, 21, 43, 64 },
    { 0, 9, 18, 27, 37, 46, 55, 64 },
    { 0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64 },
};

void bptc_bits_init(bptc_bits *b, const uint8_t block[16])
{
    b->lo = b->hi = 0;
    for (int i = 7; i >= 0; i--) {
        b->lo = b->lo << 8 | block[i];
        b->hi = b->hi << 8 | block[8 + i];
    }
    b->pos = 0;
}

unsigned bptc_subset(unsigned nsubsets, unsigned p, unsigned t)
{
    if (nsubsets == 1)
        return 0;
    const uint32_t *table = nsubsets == 2 ? partition2 : partition3;
    return (table[p & 63] >> (2 * t)) & 3;
}

/* Is texel t the anchor of its subset? */
static int is_anchor(unsigned nsubsets, unsigned p, unsigned t)
{
    if (t == 0)
        return 1;
    if (nsubsets == 2)
        return t == anchor2[p & 63];
    if (nsubsets == 3)
        return t == (anchor3[p & 63] & 15u) || t == (anchor3[p & 63] >> 4);
    return 0;
}

void bptc_read_indices(bptc_bits *b, unsigned nsubsets, unsigned p,
                       unsigned bits, uint8_t idx[16])
{
    for (unsigned t = 0; t < 16; t++)
        idx[t] = (uint8_t)bptc_get(b, bits - (unsigned)is_anchor(nsubsets, p, t));
}
