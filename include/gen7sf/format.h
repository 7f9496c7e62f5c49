/* Surface formats (§2.12.2.1.1, SURFACE_FORMAT): the 9-bit codes of the
 * Surface Format field, their PRM names and their storage size.
 *
 * G7SF_FORMAT_LIST(X) has one row per code, in PRM order:
 *   X(code, NAME, bits_per_block, block_width, block_height)
 * A block is the smallest addressable unit: one pixel for ordinary formats,
 * a 4x4 (8x4 for FXT1) texel block for compressed ones.  Sizes are the PRM's
 * BPE column; where it says 0 (compressed, YUV, RAW) docs/spec-notes.md
 * ("Surface format sizes") gives the choice:
 *   - YCRCB_*: 16 bits per pixel, 1x1 (as Mesa's isl; two pixels share
 *     their chroma, but each is addressed as 16 bits);
 *   - PLANAR_420_8: 8 bits, 1x1, the size of the Y plane's texels;
 *   - RAW: 8 bits, 1x1 (untyped messages address bytes);
 *   - MONO8, R1_UNORM: 1 bit per pixel; P2_*: 2 bits per pixel. */
#ifndef GEN7SF_FORMAT_H
#define GEN7SF_FORMAT_H

#include <stdint.h>

#include "gen7sf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define G7SF_FORMAT_LIST(X)                                    \
    X(0x000, R32G32B32A32_FLOAT,        128, 1, 1)             \
    X(0x001, R32G32B32A32_SINT,         128, 1, 1)             \
    X(0x002, R32G32B32A32_UINT,         128, 1, 1)             \
    X(0x003, R32G32B32A32_UNORM,        128, 1, 1)             \
    X(0x004, R32G32B32A32_SNORM,        128, 1, 1)             \
    X(0x005, R64G64_FLOAT,              128, 1, 1)             \
    X(0x006, R32G32B32X32_FLOAT,        128, 1, 1)             \
    X(0x007, R32G32B32A32_SSCALED,      128, 1, 1)             \
    X(0x008, R32G32B32A32_USCALED,      128, 1, 1)             \
    X(0x020, R32G32B32A32_SFIXED,       128, 1, 1)             \
    X(0x021, R64G64_PASSTHRU,           128, 1, 1)             \
    X(0x040, R32G32B32_FLOAT,            96, 1, 1)             \
    X(0x041, R32G32B32_SINT,             96, 1, 1)             \
    X(0x042, R32G32B32_UINT,             96, 1, 1)             \
    X(0x043, R32G32B32_UNORM,            96, 1, 1)             \
    X(0x044, R32G32B32_SNORM,            96, 1, 1)             \
    X(0x045, R32G32B32_SSCALED,          96, 1, 1)             \
    X(0x046, R32G32B32_USCALED,          96, 1, 1)             \
    X(0x050, R32G32B32_SFIXED,           96, 1, 1)             \
    X(0x080, R16G16B16A16_UNORM,         64, 1, 1)             \
    X(0x081, R16G16B16A16_SNORM,         64, 1, 1)             \
    X(0x082, R16G16B16A16_SINT,          64, 1, 1)             \
    X(0x083, R16G16B16A16_UINT,          64, 1, 1)             \
    X(0x084, R16G16B16A16_FLOAT,         64, 1, 1)             \
    X(0x085, R32G32_FLOAT,               64, 1, 1)             \
    X(0x086, R32G32_SINT,                64, 1, 1)             \
    X(0x087, R32G32_UINT,                64, 1, 1)             \
    X(0x088, R32_FLOAT_X8X24_TYPELESS,   64, 1, 1)             \
    X(0x089, X32_TYPELESS_G8X24_UINT,    64, 1, 1)             \
    X(0x08A, L32A32_FLOAT,               64, 1, 1)             \
    X(0x08B, R32G32_UNORM,               64, 1, 1)             \
    X(0x08C, R32G32_SNORM,               64, 1, 1)             \
    X(0x08D, R64_FLOAT,                  64, 1, 1)             \
    X(0x08E, R16G16B16X16_UNORM,         64, 1, 1)             \
    X(0x08F, R16G16B16X16_FLOAT,         64, 1, 1)             \
    X(0x090, A32X32_FLOAT,               64, 1, 1)             \
    X(0x091, L32X32_FLOAT,               64, 1, 1)             \
    X(0x092, I32X32_FLOAT,               64, 1, 1)             \
    X(0x093, R16G16B16A16_SSCALED,       64, 1, 1)             \
    X(0x094, R16G16B16A16_USCALED,       64, 1, 1)             \
    X(0x095, R32G32_SSCALED,             64, 1, 1)             \
    X(0x096, R32G32_USCALED,             64, 1, 1)             \
    X(0x0A0, R32G32_SFIXED,              64, 1, 1)             \
    X(0x0A1, R64_PASSTHRU,               64, 1, 1)             \
    X(0x0C0, B8G8R8A8_UNORM,             32, 1, 1)             \
    X(0x0C1, B8G8R8A8_UNORM_SRGB,        32, 1, 1)             \
    X(0x0C2, R10G10B10A2_UNORM,          32, 1, 1)             \
    X(0x0C3, R10G10B10A2_UNORM_SRGB,     32, 1, 1)             \
    X(0x0C4, R10G10B10A2_UINT,           32, 1, 1)             \
    X(0x0C5, R10G10B10_SNORM_A2_UNORM,   32, 1, 1)             \
    X(0x0C7, R8G8B8A8_UNORM,             32, 1, 1)             \
    X(0x0C8, R8G8B8A8_UNORM_SRGB,        32, 1, 1)             \
    X(0x0C9, R8G8B8A8_SNORM,             32, 1, 1)             \
    X(0x0CA, R8G8B8A8_SINT,              32, 1, 1)             \
    X(0x0CB, R8G8B8A8_UINT,              32, 1, 1)             \
    X(0x0CC, R16G16_UNORM,               32, 1, 1)             \
    X(0x0CD, R16G16_SNORM,               32, 1, 1)             \
    X(0x0CE, R16G16_SINT,                32, 1, 1)             \
    X(0x0CF, R16G16_UINT,                32, 1, 1)             \
    X(0x0D0, R16G16_FLOAT,               32, 1, 1)             \
    X(0x0D1, B10G10R10A2_UNORM,          32, 1, 1)             \
    X(0x0D2, B10G10R10A2_UNORM_SRGB,     32, 1, 1)             \
    X(0x0D3, R11G11B10_FLOAT,            32, 1, 1)             \
    X(0x0D6, R32_SINT,                   32, 1, 1)             \
    X(0x0D7, R32_UINT,                   32, 1, 1)             \
    X(0x0D8, R32_FLOAT,                  32, 1, 1)             \
    X(0x0D9, R24_UNORM_X8_TYPELESS,      32, 1, 1)             \
    X(0x0DA, X24_TYPELESS_G8_UINT,       32, 1, 1)             \
    X(0x0DD, L32_UNORM,                  32, 1, 1)             \
    X(0x0DE, A32_UNORM,                  32, 1, 1)             \
    X(0x0DF, L16A16_UNORM,               32, 1, 1)             \
    X(0x0E0, I24X8_UNORM,                32, 1, 1)             \
    X(0x0E1, L24X8_UNORM,                32, 1, 1)             \
    X(0x0E2, A24X8_UNORM,                32, 1, 1)             \
    X(0x0E3, I32_FLOAT,                  32, 1, 1)             \
    X(0x0E4, L32_FLOAT,                  32, 1, 1)             \
    X(0x0E5, A32_FLOAT,                  32, 1, 1)             \
    X(0x0E6, X8B8_UNORM_G8R8_SNORM,      32, 1, 1)             \
    X(0x0E7, A8X8_UNORM_G8R8_SNORM,      32, 1, 1)             \
    X(0x0E8, B8X8_UNORM_G8R8_SNORM,      32, 1, 1)             \
    X(0x0E9, B8G8R8X8_UNORM,             32, 1, 1)             \
    X(0x0EA, B8G8R8X8_UNORM_SRGB,        32, 1, 1)             \
    X(0x0EB, R8G8B8X8_UNORM,             32, 1, 1)             \
    X(0x0EC, R8G8B8X8_UNORM_SRGB,        32, 1, 1)             \
    X(0x0ED, R9G9B9E5_SHAREDEXP,         32, 1, 1)             \
    X(0x0EE, B10G10R10X2_UNORM,          32, 1, 1)             \
    X(0x0F0, L16A16_FLOAT,               32, 1, 1)             \
    X(0x0F1, R32_UNORM,                  32, 1, 1)             \
    X(0x0F2, R32_SNORM,                  32, 1, 1)             \
    X(0x0F3, R10G10B10X2_USCALED,        32, 1, 1)             \
    X(0x0F4, R8G8B8A8_SSCALED,           32, 1, 1)             \
    X(0x0F5, R8G8B8A8_USCALED,           32, 1, 1)             \
    X(0x0F6, R16G16_SSCALED,             32, 1, 1)             \
    X(0x0F7, R16G16_USCALED,             32, 1, 1)             \
    X(0x0F8, R32_SSCALED,                32, 1, 1)             \
    X(0x0F9, R32_USCALED,                32, 1, 1)             \
    X(0x100, B5G6R5_UNORM,               16, 1, 1)             \
    X(0x101, B5G6R5_UNORM_SRGB,          16, 1, 1)             \
    X(0x102, B5G5R5A1_UNORM,             16, 1, 1)             \
    X(0x103, B5G5R5A1_UNORM_SRGB,        16, 1, 1)             \
    X(0x104, B4G4R4A4_UNORM,             16, 1, 1)             \
    X(0x105, B4G4R4A4_UNORM_SRGB,        16, 1, 1)             \
    X(0x106, R8G8_UNORM,                 16, 1, 1)             \
    X(0x107, R8G8_SNORM,                 16, 1, 1)             \
    X(0x108, R8G8_SINT,                  16, 1, 1)             \
    X(0x109, R8G8_UINT,                  16, 1, 1)             \
    X(0x10A, R16_UNORM,                  16, 1, 1)             \
    X(0x10B, R16_SNORM,                  16, 1, 1)             \
    X(0x10C, R16_SINT,                   16, 1, 1)             \
    X(0x10D, R16_UINT,                   16, 1, 1)             \
    X(0x10E, R16_FLOAT,                  16, 1, 1)             \
    X(0x10F, A8P8_UNORM_PALETTE0,        16, 1, 1)             \
    X(0x110, A8P8_UNORM_PALETTE1,        16, 1, 1)             \
    X(0x111, I16_UNORM,                  16, 1, 1)             \
    X(0x112, L16_UNORM,                  16, 1, 1)             \
    X(0x113, A16_UNORM,                  16, 1, 1)             \
    X(0x114, L8A8_UNORM,                 16, 1, 1)             \
    X(0x115, I16_FLOAT,                  16, 1, 1)             \
    X(0x116, L16_FLOAT,                  16, 1, 1)             \
    X(0x117, A16_FLOAT,                  16, 1, 1)             \
    X(0x118, L8A8_UNORM_SRGB,            16, 1, 1)             \
    X(0x119, R5G5_SNORM_B6_UNORM,        16, 1, 1)             \
    X(0x11A, B5G5R5X1_UNORM,             16, 1, 1)             \
    X(0x11B, B5G5R5X1_UNORM_SRGB,        16, 1, 1)             \
    X(0x11C, R8G8_SSCALED,               16, 1, 1)             \
    X(0x11D, R8G8_USCALED,               16, 1, 1)             \
    X(0x11E, R16_SSCALED,                16, 1, 1)             \
    X(0x11F, R16_USCALED,                16, 1, 1)             \
    X(0x122, P8A8_UNORM_PALETTE0,        16, 1, 1)             \
    X(0x123, P8A8_UNORM_PALETTE1,        16, 1, 1)             \
    X(0x124, A1B5G5R5_UNORM,             16, 1, 1)             \
    X(0x125, A4B4G4R4_UNORM,             16, 1, 1)             \
    X(0x126, L8A8_UINT,                  16, 1, 1)             \
    X(0x127, L8A8_SINT,                  16, 1, 1)             \
    X(0x140, R8_UNORM,                    8, 1, 1)             \
    X(0x141, R8_SNORM,                    8, 1, 1)             \
    X(0x142, R8_SINT,                     8, 1, 1)             \
    X(0x143, R8_UINT,                     8, 1, 1)             \
    X(0x144, A8_UNORM,                    8, 1, 1)             \
    X(0x145, I8_UNORM,                    8, 1, 1)             \
    X(0x146, L8_UNORM,                    8, 1, 1)             \
    X(0x147, P4A4_UNORM_PALETTE0,         8, 1, 1)             \
    X(0x148, A4P4_UNORM_PALETTE0,         8, 1, 1)             \
    X(0x149, R8_SSCALED,                  8, 1, 1)             \
    X(0x14A, R8_USCALED,                  8, 1, 1)             \
    X(0x14B, P8_UNORM_PALETTE0,           8, 1, 1)             \
    X(0x14C, L8_UNORM_SRGB,               8, 1, 1)             \
    X(0x14D, P8_UNORM_PALETTE1,           8, 1, 1)             \
    X(0x14E, P4A4_UNORM_PALETTE1,         8, 1, 1)             \
    X(0x14F, A4P4_UNORM_PALETTE1,         8, 1, 1)             \
    X(0x150, Y8_UNORM,                    8, 1, 1)             \
    X(0x152, L8_UINT,                     8, 1, 1)             \
    X(0x153, L8_SINT,                     8, 1, 1)             \
    X(0x154, I8_UINT,                     8, 1, 1)             \
    X(0x155, I8_SINT,                     8, 1, 1)             \
    X(0x180, DXT1_RGB_SRGB,              64, 4, 4)             \
    X(0x181, R1_UNORM,                    1, 1, 1)             \
    X(0x182, YCRCB_NORMAL,               16, 1, 1)             \
    X(0x183, YCRCB_SWAPUVY,              16, 1, 1)             \
    X(0x184, P2_UNORM_PALETTE0,           2, 1, 1)             \
    X(0x185, P2_UNORM_PALETTE1,           2, 1, 1)             \
    X(0x186, BC1_UNORM,                  64, 4, 4)             \
    X(0x187, BC2_UNORM,                 128, 4, 4)             \
    X(0x188, BC3_UNORM,                 128, 4, 4)             \
    X(0x189, BC4_UNORM,                  64, 4, 4)             \
    X(0x18A, BC5_UNORM,                 128, 4, 4)             \
    X(0x18B, BC1_UNORM_SRGB,             64, 4, 4)             \
    X(0x18C, BC2_UNORM_SRGB,            128, 4, 4)             \
    X(0x18D, BC3_UNORM_SRGB,            128, 4, 4)             \
    X(0x18E, MONO8,                       1, 1, 1)             \
    X(0x18F, YCRCB_SWAPUV,               16, 1, 1)             \
    X(0x190, YCRCB_SWAPY,                16, 1, 1)             \
    X(0x191, DXT1_RGB,                   64, 4, 4)             \
    X(0x192, FXT1,                      128, 8, 4)             \
    X(0x193, R8G8B8_UNORM,               24, 1, 1)             \
    X(0x194, R8G8B8_SNORM,               24, 1, 1)             \
    X(0x195, R8G8B8_SSCALED,             24, 1, 1)             \
    X(0x196, R8G8B8_USCALED,             24, 1, 1)             \
    X(0x197, R64G64B64A64_FLOAT,        256, 1, 1)             \
    X(0x198, R64G64B64_FLOAT,           192, 1, 1)             \
    X(0x199, BC4_SNORM,                  64, 4, 4)             \
    X(0x19A, BC5_SNORM,                 128, 4, 4)             \
    X(0x19B, R16G16B16_FLOAT,            48, 1, 1)             \
    X(0x19C, R16G16B16_UNORM,            48, 1, 1)             \
    X(0x19D, R16G16B16_SNORM,            48, 1, 1)             \
    X(0x19E, R16G16B16_SSCALED,          48, 1, 1)             \
    X(0x19F, R16G16B16_USCALED,          48, 1, 1)             \
    X(0x1A1, BC6H_SF16,                 128, 4, 4)             \
    X(0x1A2, BC7_UNORM,                 128, 4, 4)             \
    X(0x1A3, BC7_UNORM_SRGB,            128, 4, 4)             \
    X(0x1A4, BC6H_UF16,                 128, 4, 4)             \
    X(0x1A5, PLANAR_420_8,                8, 1, 1)             \
    X(0x1A8, R8G8B8_UNORM_SRGB,          24, 1, 1)             \
    X(0x1A9, ETC1_RGB8,                  64, 4, 4)             \
    X(0x1AA, ETC2_RGB8,                  64, 4, 4)             \
    X(0x1AB, EAC_R11,                    64, 4, 4)             \
    X(0x1AC, EAC_RG11,                  128, 4, 4)             \
    X(0x1AD, EAC_SIGNED_R11,             64, 4, 4)             \
    X(0x1AE, EAC_SIGNED_RG11,           128, 4, 4)             \
    X(0x1AF, ETC2_SRGB8,                 64, 4, 4)             \
    X(0x1B0, R16G16B16_UINT,             48, 1, 1)             \
    X(0x1B1, R16G16B16_SINT,             48, 1, 1)             \
    X(0x1B2, R32_SFIXED,                 32, 1, 1)             \
    X(0x1B3, R10G10B10A2_SNORM,          32, 1, 1)             \
    X(0x1B4, R10G10B10A2_USCALED,        32, 1, 1)             \
    X(0x1B5, R10G10B10A2_SSCALED,        32, 1, 1)             \
    X(0x1B6, R10G10B10A2_SINT,           32, 1, 1)             \
    X(0x1B7, B10G10R10A2_SNORM,          32, 1, 1)             \
    X(0x1B8, B10G10R10A2_USCALED,        32, 1, 1)             \
    X(0x1B9, B10G10R10A2_SSCALED,        32, 1, 1)             \
    X(0x1BA, B10G10R10A2_UINT,           32, 1, 1)             \
    X(0x1BB, B10G10R10A2_SINT,           32, 1, 1)             \
    X(0x1BC, R64G64B64A64_PASSTHRU,     256, 1, 1)             \
    X(0x1BD, R64G64B64_PASSTHRU,        192, 1, 1)             \
    X(0x1C0, ETC2_RGB8_PTA,              64, 4, 4)             \
    X(0x1C1, ETC2_SRGB8_PTA,             64, 4, 4)             \
    X(0x1C2, ETC2_EAC_RGBA8,            128, 4, 4)             \
    X(0x1C3, ETC2_EAC_SRGB8_A8,         128, 4, 4)             \
    X(0x1C8, R8G8B8_UINT,                24, 1, 1)             \
    X(0x1C9, R8G8B8_SINT,                24, 1, 1)             \
    X(0x1FF, RAW,                         8, 1, 1)

/* The codes as an enum: G7SF_FORMAT_R8G8B8A8_UNORM = 0x0C7, ... */
#define G7SF_FORMAT_ENUMERATOR(code, name, bpb, bw, bh) G7SF_FORMAT_##name = code,
enum g7sf_format { G7SF_FORMAT_LIST(G7SF_FORMAT_ENUMERATOR) };
#undef G7SF_FORMAT_ENUMERATOR

/* Numeric type of a channel. */
enum g7sf_ctype {
    G7SF_TYPE_X,        /* unused bits (X, TYPELESS): ignored by decode, 0 on encode */
    G7SF_TYPE_UNORM,
    G7SF_TYPE_SNORM,
    G7SF_TYPE_UINT,
    G7SF_TYPE_SINT,
    G7SF_TYPE_FLOAT,    /* IEEE binary16/32/64 */
    G7SF_TYPE_UFLOAT,   /* unsigned 11- and 10-bit floats (R11G11B10_FLOAT) */
    G7SF_TYPE_USCALED,  /* unsigned integer returned as float */
    G7SF_TYPE_SSCALED,  /* signed integer returned as float */
    G7SF_TYPE_SFIXED,   /* signed 16.16 fixed point */
    G7SF_TYPE_RAW       /* PASSTHRU: the bits, as 32-bit words */
};

/* What a channel holds. */
enum g7sf_cname { G7SF_CH_R, G7SF_CH_G, G7SF_CH_B, G7SF_CH_A, G7SF_CH_L,
                  G7SF_CH_I, G7SF_CH_P, G7SF_CH_X, G7SF_CH_E };

/* How a format's blocks are stored and decoded. */
enum g7sf_layout {
    G7SF_LAYOUT_CHANNELS,   /* channel fields of one little-endian element, packed from
                               bit 0 in the order of the name (B5G6R5: B in bits 4:0) */
    G7SF_LAYOUT_SHAREDEXP,  /* R9G9B9E5_SHAREDEXP */
    G7SF_LAYOUT_COMPRESSED, /* BC*, DXT1_RGB*, FXT1, ETC*, EAC* */
    G7SF_LAYOUT_YCRCB,      /* 4:2:2 packed: a 32-bit unit holds two pixels */
    G7SF_LAYOUT_PLANAR,     /* PLANAR_420_8: Y plane here, UV plane apart */
    G7SF_LAYOUT_Y8,         /* Y8_UNORM: luma only */
    G7SF_LAYOUT_PALETTE,    /* P2/P4/P8 indices (and A) through a sampler palette */
    G7SF_LAYOUT_MONO,       /* MONO8: one bit per texel */
    G7SF_LAYOUT_RAW         /* RAW: bytes for untyped messages, no texel meaning */
};

/* What g7sf_texel_decode returns for a format. */
enum g7sf_texel_class { G7SF_TEXEL_FLOAT, G7SF_TEXEL_UINT, G7SF_TEXEL_SINT,
                        G7SF_TEXEL_NONE /* RAW */ };

/* Capabilities (outside the PRM text, whose columns were lost: Mesa's
 * isl_format.c, see docs/spec-notes.md "Format capabilities"). */
enum {
    G7SF_CAP_SAMPLE      = 1u << 0,  /* sampling engine can read it */
    G7SF_CAP_FILTER      = 1u << 1,  /* ... and filter it */
    G7SF_CAP_SHADOW      = 1u << 2,  /* shadow compare */
    G7SF_CAP_CHROMA_KEY  = 1u << 3,
    G7SF_CAP_RENDER      = 1u << 4,  /* render target */
    G7SF_CAP_BLEND       = 1u << 5,  /* alpha blending on the render target */
    G7SF_CAP_VERTEX      = 1u << 6,  /* vertex fetch */
    G7SF_CAP_STREAM_OUT  = 1u << 7,  /* stream output */
    G7SF_CAP_TYPED_WRITE = 1u << 8,
    G7SF_CAP_TYPED_READ  = 1u << 9
};

struct g7sf_format_channel {
    uint8_t name;             /* enum g7sf_cname */
    uint8_t type;             /* enum g7sf_ctype */
    uint8_t bits;
    uint8_t shift;            /* first bit in the element */
};

struct g7sf_format_info {
    uint16_t code;             /* SURFACE_FORMAT value */
    const char *name;          /* PRM name, e.g. "R8G8B8A8_UNORM" */
    uint16_t bits_per_block;
    uint8_t block_w, block_h;  /* block size in pixels */
    uint8_t layout;            /* enum g7sf_layout */
    uint8_t texel;             /* enum g7sf_texel_class */
    uint8_t srgb;              /* RGB (and L) are sRGB-encoded */
    uint8_t palette;           /* PALETTE0 / PALETTE1 formats: 0 or 1 */
    uint8_t nchannels;         /* LAYOUT_CHANNELS/SHAREDEXP/PALETTE: fields of ch[] */
    struct g7sf_format_channel ch[4];
    uint16_t caps[2];          /* G7SF_CAP_* on [G7SF_IVB] and [G7SF_HSW] */
    /* The decode unit: what g7sf_texel_decode reads.  A block for ordinary
     * and compressed formats, a byte of 8 (MONO8, R1) or 4 (P2) texels, a
     * 32-bit pair of YCRCB texels. */
    uint8_t unit_w, unit_h, unit_bytes;
};

/* The format of a Surface Format code, or NULL if no format has that code. */
G7SF_API const struct g7sf_format_info *g7sf_format_info(unsigned code);
/* The format of a PRM name ("R8G8B8A8_UNORM"), or NULL. */
G7SF_API const struct g7sf_format_info *g7sf_format_by_name(const char *name);

/* One decoded texel: RGBA as floats, or as integers for UINT/SINT formats.
 * Channels the format lacks read as 0 (R, G, B) and 1 / 1.0 (A). */
typedef union g7sf_texel { float f[4]; uint32_t u[4]; int32_t i[4]; } g7sf_texel;

/* The two sampler palettes (3DSTATE_SAMPLER_PALETTE_LOAD0/1): entries are
 * A8R8G8B8 as loaded (alpha in 31:24, blue in 7:0). */
typedef struct g7sf_palettes { uint32_t entry[2][256]; } g7sf_palettes;

/* Decodes texel (x, y) from the decode unit at `unit` (f->unit_bytes bytes,
 * holding texels x - x % unit_w ... and y - y % unit_h ...; only x % unit_w
 * and y % unit_h are used).  Paletted formats need `pal`; other formats
 * ignore it.  sRGB formats are returned linear (standard curve, exact to
 * float).  Returns 0, G7SF_EINVAL (NULL argument, paletted format without
 * palette) or G7SF_ENOTIMPL (RAW and PLANAR_420_8: use
 * g7sf_planar_420_8_decode). */
G7SF_API int g7sf_texel_decode(const struct g7sf_format_info *f, const void *unit, unsigned x,
                               unsigned y, const g7sf_palettes *pal, g7sf_texel *out);

/* Every texel of one decode unit, row-major: unit_w * unit_h entries (at
 * most 32, FXT1), same rules and returns as g7sf_texel_decode.  Decoding a
 * compressed block once this way is cheaper than texel by texel. */
G7SF_API int g7sf_unit_decode(const struct g7sf_format_info *f, const void *unit,
                              const g7sf_palettes *pal, g7sf_texel *out);

/* A PLANAR_420_8 texel from its Y byte and the U, V bytes of its 2x2 chroma
 * site (the UV plane stores U first): (Cr, Y, Cb, 1) = (V, Y, U, 1) / 255. */
G7SF_API void g7sf_planar_420_8_decode(uint8_t y, const uint8_t uv[2], g7sf_texel *out);

/* The sRGB curve of the sRGB formats (IEC 61966-2-1), computed in double
 * and rounded once: an encoded value in [0, 1] to linear, and back (NaN
 * and values below 0 give 0, values above 1 give 1). */
G7SF_API float g7sf_srgb_to_linear(float s);
G7SF_API float g7sf_linear_to_srgb(float l);

/* Encodes a texel (floats, or integers for UINT/SINT formats) into the
 * decode unit, changing only the bits of texel (x, y): the D3D/GL rules for
 * UNORM/SNORM (clamp, NaN to 0, round to nearest), round to nearest even for
 * floats, saturation for integers, exact sRGB encode.  YCRCB texels write
 * their Y and the pair's Cr/Cb; MONO8 and R1 store 1 for values >= 0.5.
 * G7SF_ENOTIMPL for formats with no encoding here (compressed, paletted,
 * PLANAR_420_8, RAW, PASSTHRU). */
G7SF_API int g7sf_texel_encode(const struct g7sf_format_info *f, const g7sf_texel *in, void *unit,
                               unsigned x, unsigned y);

#ifdef __cplusplus
}
#endif
#endif
