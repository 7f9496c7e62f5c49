/* Decoders of compressed texel blocks: BC1-BC7, DXT1_RGB, FXT1, ETC1,
 * ETC2 and EAC.  The PRM's "Memory Data Formats" chapter is missing, so the
 * block layouts come from the published format definitions (Khronos Data
 * Format Specification, D3D, OpenGL ES 3.0 for ETC2/EAC, the FXT1 extension);
 * choices are in docs/spec-notes.md, "Compressed formats".
 *
 * Each decoder reads one block and writes all its texels row-major,
 * out[y * block_w + x][channel] in R, G, B, A order.  Values are what the
 * format defines before any sRGB conversion (the format layer applies that):
 * UNORM in [0, 1], SNORM in [-1, 1], BC6H the half-float values widened to
 * float.  Channels a format lacks are written as G = B = 0, A = 1.  Every
 * bit pattern decodes to something defined: no decoder fails. */
#ifndef G7SF_TEXCOMP_H
#define G7SF_TEXCOMP_H

#include <stdint.h>

/* 4x4 blocks: 16 texels. */
typedef float texcomp_4x4[16][4];

/* BC1 (and DXT1_RGB: opaque = 1, where index 3 of the three-colour mode is
 * opaque black instead of transparent black). */
void texcomp_bc1(const uint8_t block[8], int opaque, texcomp_4x4 out);
void texcomp_bc2(const uint8_t block[16], texcomp_4x4 out);
void texcomp_bc3(const uint8_t block[16], texcomp_4x4 out);
/* BC4 / BC5: red (and green) from one (two) 8-byte alpha-style blocks. */
void texcomp_bc4(const uint8_t block[8], int is_signed, texcomp_4x4 out);
void texcomp_bc5(const uint8_t block[16], int is_signed, texcomp_4x4 out);
void texcomp_bc6h(const uint8_t block[16], int is_signed, texcomp_4x4 out);
void texcomp_bc7(const uint8_t block[16], texcomp_4x4 out);

void texcomp_etc1(const uint8_t block[8], texcomp_4x4 out);
/* ETC2 RGB8; punchthrough = 1 for the RGB8_PTA (punch-through alpha) variant. */
void texcomp_etc2_rgb8(const uint8_t block[8], int punchthrough, texcomp_4x4 out);
/* ETC2_EAC_RGBA8: an 8-byte EAC alpha block, then an ETC2 RGB8 block. */
void texcomp_etc2_eac_rgba8(const uint8_t block[16], texcomp_4x4 out);
/* EAC R11 / RG11 (11-bit values, UNORM or SNORM). */
void texcomp_eac_r11(const uint8_t block[8], int is_signed, texcomp_4x4 out);
void texcomp_eac_rg11(const uint8_t block[16], int is_signed, texcomp_4x4 out);

/* FXT1: 8x4 blocks of 16 bytes, 32 texels (modes CC_HI, CC_CHROMA,
 * CC_MIXED, CC_ALPHA). */
void texcomp_fxt1(const uint8_t block[16], float out[32][4]);

#endif
