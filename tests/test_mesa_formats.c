/* gen7sf's texel decode against Mesa's llvmpipe: the same bytes go to
 * glTexImage2D / glCompressedTexImage2D, come back through glGetTexImage as
 * RGBA floats (or integers) and must equal g7sf_unit_decode's texels.
 * What is compared, what GL cannot express and the tolerances are in
 * docs/spec-notes.md, "Mesa differential test". */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/format.h"
#include "harness.h"
#include "mesa_gl.h"

/* Where Mesa differs from gen7sf for a documented reason (spec-notes). */
enum {
    TOL_ULP = 1,        /* UNORM/SNORM to float: Mesa may multiply by 1/(2^n-1) */
    TOL_SNORM_MIN = 2,  /* the most negative SNORM code: Mesa -128/127, gen7sf -1 */
    TOL_SRGB = 4,       /* glGetTexImage returns sRGB texels encoded: the test
                           applies the sRGB curve to Mesa's R, G, B */
    TOL_ZERO_SIGN = 8,  /* BC6H signed zero: gen7sf +0 (D3D), Mesa -0 */
};

/* Edge texels: each value repeated over the texel, `elem` bytes at a time. */
typedef struct special { uint8_t elem, n; uint32_t v[12]; } special;

/* Mode steering and counting for compressed formats. */
typedef struct modes {
    unsigned n;
    const char *const *names;
    void (*shape)(uint8_t *block, unsigned i);   /* NULL: random blocks as they come */
    unsigned (*classify)(const uint8_t *block);
} modes;

typedef struct fcase {
    unsigned code;                  /* SURFACE_FORMAT */
    GLenum internal, format, type;  /* format 0: compressed */
    GLenum read;                    /* GL_FLOAT, GL_UNSIGNED_INT or GL_INT */
    const char *swz;                /* gen7sf's R, G, B, A from Mesa's: r g b a 0 1 */
    uint8_t flags;                  /* TOL_* */
    float tol;                      /* absolute tolerance of the channels in tol_ch */
    uint8_t tol_ch;                 /* bit c: channel c (R, G, B, A) */
    const char *ext;                /* extension the context must list, or NULL */
    const special *sp;
    const modes *md;
} fcase;

/* ---- edge values ---------------------------------------------------------- */

static const special sp_half = { 2, 10, {
    0x8000, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0xFE01, 0x0001, 0x03FF, 0x7BFF, 0xFBFF } };
static const special sp_float = { 4, 10, {
    0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFFFFFFF,
    0x00000001, 0x807FFFFF, 0x7F7FFFFF, 0xFF7FFFFF } };
static const special sp_snorm8 = { 1, 4, { 0x80, 0x81, 0x7F, 0xFF } };
static const special sp_snorm16 = { 2, 4, { 0x8000, 0x8001, 0x7FFF, 0xFFFF } };
static const special sp_int32 = { 4, 3, { 0x80000000, 0x7FFFFFFF, 0xFFFFFFFF } };
/* R11G11B10_FLOAT: R in 10:0 and G in 21:11 (6-bit mantissa), B in 31:22
 * (5-bit mantissa); exponent 31 is infinity/NaN, 0 denormal. */
#define R11G11B10(r, g, b) ((uint32_t)(r) | (uint32_t)(g) << 11 | (uint32_t)(b) << 22)
static const special sp_r11g11b10 = { 4, 6, {
    R11G11B10(0x7C0, 0x7C0, 0x3E0), R11G11B10(0x7C1, 0x7FF, 0x3FF),
    R11G11B10(0x001, 0x03F, 0x01F), R11G11B10(0x7BF, 0x7BF, 0x3DF),
    R11G11B10(0x040, 0x040, 0x020), R11G11B10(0x7C0, 0x001, 0x3E1) } };
/* R9G9B9E5_SHAREDEXP: mantissas 8:0, 17:9, 26:18, exponent 31:27. */
#define RGB9E5(r, g, b, e) ((uint32_t)(r) | (uint32_t)(g) << 9 | (uint32_t)(b) << 18 | (uint32_t)(e) << 27)
static const special sp_rgb9e5 = { 4, 5, {
    RGB9E5(0x1FF, 0x1FF, 0x1FF, 31), RGB9E5(1, 0, 0x100, 0), RGB9E5(0x1FF, 1, 0, 0),
    RGB9E5(0x100, 0x080, 0x001, 31), RGB9E5(0, 0, 0, 31) } };

/* ---- compressed modes ----------------------------------------------------- */

/* BC7: the mode is the position of the lowest set bit of byte 0; byte 0 = 0
 * is the reserved ninth pattern. */
static void bc7_shape(uint8_t *b, unsigned i)
{
    unsigned m = i % 9;
    b[0] = m == 8 ? 0 : (uint8_t)((b[0] & (0xFEu << m)) | 1u << m);
}

static unsigned bc7_classify(const uint8_t *b)
{
    unsigned m = 0;
    while (m < 8 && !(b[0] >> m & 1))
        m++;
    return m;
}

static const char *const bc7_names[] = { "m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7",
                                         "reserved" };
static const modes bc7_modes = { 9, bc7_names, bc7_shape, bc7_classify };

/* BC6H: bits 1:0 = 00 or 01 are the 2-bit modes 1 and 2; otherwise bits 4:0
 * are the mode: xxx10 and xxx11, of which 10011, 10111, 11011, 11111 are
 * reserved.  Pattern k: 0, 1, then the 5-bit values 00010, 00110, ..., 11111. */
static uint8_t bc6h_pattern(unsigned k)
{
    return (uint8_t)(k < 2 ? k : ((k - 2) & 7) << 2 | (k - 2 < 8 ? 2 : 3));
}

static void bc6h_shape(uint8_t *b, unsigned i)
{
    unsigned k = i % 18;
    b[0] = (uint8_t)(k < 2 ? (b[0] & ~3u) : (b[0] & ~0x1Fu)) | bc6h_pattern(k);
}

static unsigned bc6h_classify(const uint8_t *b)
{
    if ((b[0] & 3) < 2)
        return b[0] & 3;
    unsigned v = b[0] & 0x1F;
    return 2 + (v >> 2 & 7) + ((v & 3) == 3 ? 8 : 0);
}

static const char *const bc6h_names[] = {
    "00", "01", "00010", "00110", "01010", "01110", "10010", "10110", "11010", "11110",
    "00011", "00111", "01011", "01111", "10011r", "10111r", "11011r", "11111r" };
static const modes bc6h_modes = { 18, bc6h_names, bc6h_shape, bc6h_classify };

/* ETC1/ETC2 colour block: bytes 0-2 hold R, G, B (5-bit base and 3-bit
 * signed delta in differential mode), byte 3 bit 1 the diff (for PTA: the
 * opaque) bit.  In ETC2 a differential block whose R, G or B base + delta
 * leaves 0..31 is a T, H or planar block (tested in that order). */
static unsigned etc_overflow(const uint8_t *b)
{
    for (unsigned c = 0; c < 3; c++) {
        int v = (b[c] >> 3) + ((b[c] & 7) ^ 4) - 4;
        if (v < 0 || v > 31)
            return c + 1;
    }
    return 0;
}

enum { ETC_INDIVIDUAL, ETC_DIFFERENTIAL, ETC_T, ETC_H, ETC_PLANAR };

static unsigned etc2_classify(const uint8_t *b)
{
    return b[3] & 2 ? ETC_DIFFERENTIAL + etc_overflow(b) : ETC_INDIVIDUAL;
}

/* ETC1 is compared through GL's ETC2 (desktop GL has no ETC1 format): only
 * blocks that mean the same in both, redrawing overflowing ones. */
static void etc1_shape(uint8_t *b, unsigned i)
{
    (void)i;
    while ((b[3] & 2) && etc_overflow(b)) {
        uint64_t r = t_rand();
        memcpy(b, &r, 3);
    }
}

/* The ETC2+EAC block is the EAC alpha half then the colour half. */
static unsigned etc2_eac_classify(const uint8_t *b) { return etc2_classify(b + 8); }

/* Punch-through: the bit is "opaque", the block is never individual. */
static unsigned etc2_pta_classify(const uint8_t *b)
{
    return etc_overflow(b) + (b[3] & 2 ? 0 : 4);
}

static const char *const etc_names[] = { "individual", "differential", "T", "H", "planar" };
static const char *const etc_pta_names[] = { "diff", "T", "H", "planar", "diff-transp",
                                             "T-transp", "H-transp", "planar-transp" };
static const modes etc1_modes = { 2, etc_names, etc1_shape, etc2_classify };
static const modes etc2_modes = { 5, etc_names, NULL, etc2_classify };
static const modes etc2_eac_modes = { 5, etc_names, NULL, etc2_eac_classify };
static const modes etc2_pta_modes = { 8, etc_pta_names, NULL, etc2_pta_classify };

/* FXT1: bits 127:125 (byte 15, 7:5): 00x CC_HI, 010 CC_CHROMA, 011 CC_ALPHA,
 * 1xx CC_MIXED. */
static unsigned fxt1_classify(const uint8_t *b)
{
    unsigned m = b[15] >> 5;
    return m >= 4 ? 3 : m < 2 ? 0 : m - 1;
}

static const char *const fxt1_names[] = { "CC_HI", "CC_CHROMA", "CC_ALPHA", "CC_MIXED" };
static const modes fxt1_modes = { 4, fxt1_names, NULL, fxt1_classify };

/* ---- the formats ---------------------------------------------------------- */

#define F(name) G7SF_FORMAT_##name
#define UN(name, ifmt, fmt, type, swz, ext)                                   \
    { F(name), ifmt, fmt, type, GL_FLOAT, swz, TOL_ULP, 0, 0, ext, NULL, NULL }
#define SN(name, ifmt, fmt, type, sp)                                         \
    { F(name), ifmt, fmt, type, GL_FLOAT, "rgba", TOL_ULP | TOL_SNORM_MIN, 0, 0, NULL, sp, NULL }
#define EX(name, ifmt, fmt, type, read, swz, sp, ext)                         \
    { F(name), ifmt, fmt, type, read, swz, 0, 0, 0, ext, sp, NULL }
#define SRGB(name, ifmt, fmt, swz, ext)                                       \
    { F(name), ifmt, fmt, GL_UNSIGNED_BYTE, GL_FLOAT, swz, TOL_ULP | TOL_SRGB, 0, 0, ext, NULL, NULL }
#define CMP(name, ifmt, flags, tol, tol_ch, ext, md)                          \
    { F(name), ifmt, 0, 0, GL_FLOAT, "rgba", flags, tol, tol_ch, ext, NULL, md }

#define UB GL_UNSIGNED_BYTE
#define US GL_UNSIGNED_SHORT
#define UI GL_UNSIGNED_INT
#define HF GL_HALF_FLOAT
#define RI GL_RED_INTEGER
#define RGI GL_RG_INTEGER
#define RGBI GL_RGB_INTEGER
#define RGBAI GL_RGBA_INTEGER
#define TEXINT "GL_EXT_texture_integer"
#define TEXFLOAT "GL_ARB_texture_float"

static const fcase uncompressed[] = {
    UN(R8_UNORM, GL_R8, GL_RED, UB, "rgba", NULL),
    UN(R8G8_UNORM, GL_RG8, GL_RG, UB, "rgba", NULL),
    UN(R8G8B8_UNORM, GL_RGB8, GL_RGB, UB, "rgba", NULL),
    UN(R8G8B8A8_UNORM, GL_RGBA8, GL_RGBA, UB, "rgba", NULL),
    UN(R8G8B8X8_UNORM, GL_RGB8, GL_RGBA, UB, "rgba", NULL),
    UN(B8G8R8A8_UNORM, GL_RGBA8, GL_BGRA, UB, "rgba", NULL),
    UN(B8G8R8X8_UNORM, GL_RGB8, GL_BGRA, UB, "rgba", NULL),
    SN(R8_SNORM, GL_R8_SNORM, GL_RED, GL_BYTE, &sp_snorm8),
    SN(R8G8_SNORM, GL_RG8_SNORM, GL_RG, GL_BYTE, &sp_snorm8),
    SN(R8G8B8_SNORM, GL_RGB8_SNORM, GL_RGB, GL_BYTE, &sp_snorm8),
    SN(R8G8B8A8_SNORM, GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, &sp_snorm8),
    EX(R8_UINT, GL_R8UI, RI, UB, UI, "rgba", NULL, NULL),
    EX(R8G8_UINT, GL_RG8UI, RGI, UB, UI, "rgba", NULL, NULL),
    EX(R8G8B8_UINT, GL_RGB8UI, RGBI, UB, UI, "rgba", NULL, NULL),
    EX(R8G8B8A8_UINT, GL_RGBA8UI, RGBAI, UB, UI, "rgba", NULL, NULL),
    EX(R8_SINT, GL_R8I, RI, GL_BYTE, GL_INT, "rgba", NULL, NULL),
    EX(R8G8_SINT, GL_RG8I, RGI, GL_BYTE, GL_INT, "rgba", NULL, NULL),
    EX(R8G8B8_SINT, GL_RGB8I, RGBI, GL_BYTE, GL_INT, "rgba", NULL, NULL),
    EX(R8G8B8A8_SINT, GL_RGBA8I, RGBAI, GL_BYTE, GL_INT, "rgba", NULL, NULL),
    UN(R16_UNORM, GL_R16, GL_RED, US, "rgba", NULL),
    UN(R16G16_UNORM, GL_RG16, GL_RG, US, "rgba", NULL),
    UN(R16G16B16_UNORM, GL_RGB16, GL_RGB, US, "rgba", NULL),
    UN(R16G16B16A16_UNORM, GL_RGBA16, GL_RGBA, US, "rgba", NULL),
    UN(R16G16B16X16_UNORM, GL_RGB16, GL_RGBA, US, "rgba", NULL),
    SN(R16_SNORM, GL_R16_SNORM, GL_RED, GL_SHORT, &sp_snorm16),
    SN(R16G16_SNORM, GL_RG16_SNORM, GL_RG, GL_SHORT, &sp_snorm16),
    SN(R16G16B16_SNORM, GL_RGB16_SNORM, GL_RGB, GL_SHORT, &sp_snorm16),
    SN(R16G16B16A16_SNORM, GL_RGBA16_SNORM, GL_RGBA, GL_SHORT, &sp_snorm16),
    EX(R16_UINT, GL_R16UI, RI, US, UI, "rgba", NULL, NULL),
    EX(R16G16_UINT, GL_RG16UI, RGI, US, UI, "rgba", NULL, NULL),
    EX(R16G16B16_UINT, GL_RGB16UI, RGBI, US, UI, "rgba", NULL, NULL),
    EX(R16G16B16A16_UINT, GL_RGBA16UI, RGBAI, US, UI, "rgba", NULL, NULL),
    EX(R16_SINT, GL_R16I, RI, GL_SHORT, GL_INT, "rgba", NULL, NULL),
    EX(R16G16_SINT, GL_RG16I, RGI, GL_SHORT, GL_INT, "rgba", NULL, NULL),
    EX(R16G16B16_SINT, GL_RGB16I, RGBI, GL_SHORT, GL_INT, "rgba", NULL, NULL),
    EX(R16G16B16A16_SINT, GL_RGBA16I, RGBAI, GL_SHORT, GL_INT, "rgba", NULL, NULL),
    EX(R16_FLOAT, GL_R16F, GL_RED, HF, GL_FLOAT, "rgba", &sp_half, NULL),
    EX(R16G16_FLOAT, GL_RG16F, GL_RG, HF, GL_FLOAT, "rgba", &sp_half, NULL),
    EX(R16G16B16_FLOAT, GL_RGB16F, GL_RGB, HF, GL_FLOAT, "rgba", &sp_half, NULL),
    EX(R16G16B16A16_FLOAT, GL_RGBA16F, GL_RGBA, HF, GL_FLOAT, "rgba", &sp_half, NULL),
    EX(R16G16B16X16_FLOAT, GL_RGB16F, GL_RGBA, HF, GL_FLOAT, "rgba", &sp_half, NULL),
    EX(R32_UINT, GL_R32UI, RI, UI, UI, "rgba", &sp_int32, NULL),
    EX(R32G32_UINT, GL_RG32UI, RGI, UI, UI, "rgba", &sp_int32, NULL),
    EX(R32G32B32_UINT, GL_RGB32UI, RGBI, UI, UI, "rgba", &sp_int32, NULL),
    EX(R32G32B32A32_UINT, GL_RGBA32UI, RGBAI, UI, UI, "rgba", &sp_int32, NULL),
    EX(R32_SINT, GL_R32I, RI, GL_INT, GL_INT, "rgba", &sp_int32, NULL),
    EX(R32G32_SINT, GL_RG32I, RGI, GL_INT, GL_INT, "rgba", &sp_int32, NULL),
    EX(R32G32B32_SINT, GL_RGB32I, RGBI, GL_INT, GL_INT, "rgba", &sp_int32, NULL),
    EX(R32G32B32A32_SINT, GL_RGBA32I, RGBAI, GL_INT, GL_INT, "rgba", &sp_int32, NULL),
    EX(R32_FLOAT, GL_R32F, GL_RED, GL_FLOAT, GL_FLOAT, "rgba", &sp_float, NULL),
    EX(R32G32_FLOAT, GL_RG32F, GL_RG, GL_FLOAT, GL_FLOAT, "rgba", &sp_float, NULL),
    EX(R32G32B32_FLOAT, GL_RGB32F, GL_RGB, GL_FLOAT, GL_FLOAT, "rgba", &sp_float, NULL),
    EX(R32G32B32A32_FLOAT, GL_RGBA32F, GL_RGBA, GL_FLOAT, GL_FLOAT, "rgba", &sp_float, NULL),
    EX(R32G32B32X32_FLOAT, GL_RGB32F, GL_RGBA, GL_FLOAT, GL_FLOAT, "rgba", &sp_float, NULL),
    /* Packed: GL's _REV types count from bit 0 like Gen's names (BGRA +
     * 1_5_5_5_REV is B in 4:0 ... A in 15); the plain types count from the
     * top (RGB + 5_6_5 is R in 15:11 ... B in 4:0, Gen's B5G6R5). */
    UN(R10G10B10A2_UNORM, GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, "rgba", NULL),
    UN(B10G10R10A2_UNORM, GL_RGB10_A2, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, "rgba", NULL),
    UN(B10G10R10X2_UNORM, GL_RGB10, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, "rgba", NULL),
    EX(R10G10B10A2_UINT, GL_RGB10_A2UI, RGBAI, GL_UNSIGNED_INT_2_10_10_10_REV, UI, "rgba",
       NULL, NULL),
    EX(B10G10R10A2_UINT, GL_RGB10_A2UI, GL_BGRA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, UI,
       "rgba", NULL, NULL),
    EX(R11G11B10_FLOAT, GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FLOAT,
       "rgba", &sp_r11g11b10, NULL),
    EX(R9G9B9E5_SHAREDEXP, GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_FLOAT, "rgba",
       &sp_rgb9e5, NULL),
    UN(B5G6R5_UNORM, GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, "rgba", NULL),
    UN(B5G5R5A1_UNORM, GL_RGB5_A1, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, "rgba", NULL),
    UN(B5G5R5X1_UNORM, GL_RGB5, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, "rgba", NULL),
    UN(A1B5G5R5_UNORM, GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, "rgba", NULL),
    UN(B4G4R4A4_UNORM, GL_RGBA4, GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4_REV, "rgba", NULL),
    UN(A4B4G4R4_UNORM, GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, "rgba", NULL),
    SRGB(R8G8B8A8_UNORM_SRGB, GL_SRGB8_ALPHA8, GL_RGBA, "rgba", NULL),
    SRGB(R8G8B8_UNORM_SRGB, GL_SRGB8, GL_RGB, "rgba", NULL),
    SRGB(R8G8B8X8_UNORM_SRGB, GL_SRGB8, GL_RGBA, "rgba", NULL),
    SRGB(B8G8R8A8_UNORM_SRGB, GL_SRGB8_ALPHA8, GL_BGRA, "rgba", NULL),
    SRGB(B8G8R8X8_UNORM_SRGB, GL_SRGB8, GL_BGRA, "rgba", NULL),
    /* glGetTexImage puts L and I in R (G = B = 0, A = 1) and A in A. */
    SRGB(L8_UNORM_SRGB, GL_SLUMINANCE8, GL_LUMINANCE, "rrr1", NULL),
    SRGB(L8A8_UNORM_SRGB, GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, "rrra", NULL),
    UN(L8_UNORM, GL_LUMINANCE8, GL_LUMINANCE, UB, "rrr1", NULL),
    UN(Y8_UNORM, GL_R8, GL_RED, UB, "0r01", NULL),  /* Y returned in G */
    UN(A8_UNORM, GL_ALPHA8, GL_ALPHA, UB, "000a", NULL),
    UN(I8_UNORM, GL_INTENSITY8, GL_LUMINANCE, UB, "rrrr", NULL),
    UN(L8A8_UNORM, GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, UB, "rrra", NULL),
    UN(L16_UNORM, GL_LUMINANCE16, GL_LUMINANCE, US, "rrr1", NULL),
    UN(A16_UNORM, GL_ALPHA16, GL_ALPHA, US, "000a", NULL),
    UN(I16_UNORM, GL_INTENSITY16, GL_LUMINANCE, US, "rrrr", NULL),
    UN(L16A16_UNORM, GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, US, "rrra", NULL),
    EX(L16_FLOAT, GL_LUMINANCE16F_ARB, GL_LUMINANCE, HF, GL_FLOAT, "rrr1", &sp_half, TEXFLOAT),
    EX(A16_FLOAT, GL_ALPHA16F_ARB, GL_ALPHA, HF, GL_FLOAT, "000a", &sp_half, TEXFLOAT),
    EX(I16_FLOAT, GL_INTENSITY16F_ARB, GL_LUMINANCE, HF, GL_FLOAT, "rrrr", &sp_half, TEXFLOAT),
    EX(L16A16_FLOAT, GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA, HF, GL_FLOAT, "rrra",
       &sp_half, TEXFLOAT),
    EX(L32_FLOAT, GL_LUMINANCE32F_ARB, GL_LUMINANCE, GL_FLOAT, GL_FLOAT, "rrr1", &sp_float,
       TEXFLOAT),
    EX(A32_FLOAT, GL_ALPHA32F_ARB, GL_ALPHA, GL_FLOAT, GL_FLOAT, "000a", &sp_float, TEXFLOAT),
    EX(I32_FLOAT, GL_INTENSITY32F_ARB, GL_LUMINANCE, GL_FLOAT, GL_FLOAT, "rrrr", &sp_float,
       TEXFLOAT),
    EX(L32A32_FLOAT, GL_LUMINANCE_ALPHA32F_ARB, GL_LUMINANCE_ALPHA, GL_FLOAT, GL_FLOAT, "rrra",
       &sp_float, TEXFLOAT),
    EX(L8_UINT, GL_LUMINANCE8UI_EXT, GL_LUMINANCE_INTEGER_EXT, UB, UI, "rrr1", NULL, TEXINT),
    EX(L8_SINT, GL_LUMINANCE8I_EXT, GL_LUMINANCE_INTEGER_EXT, GL_BYTE, GL_INT, "rrr1", NULL,
       TEXINT),
    EX(I8_UINT, GL_INTENSITY8UI_EXT, GL_LUMINANCE_INTEGER_EXT, UB, UI, "rrrr", NULL, TEXINT),
    EX(I8_SINT, GL_INTENSITY8I_EXT, GL_LUMINANCE_INTEGER_EXT, GL_BYTE, GL_INT, "rrrr", NULL,
       TEXINT),
    EX(L8A8_UINT, GL_LUMINANCE_ALPHA8UI_EXT, GL_LUMINANCE_ALPHA_INTEGER_EXT, UB, UI, "rrra",
       NULL, TEXINT),
    EX(L8A8_SINT, GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_BYTE, GL_INT,
       "rrra", NULL, TEXINT),
};

#define S3TC "GL_EXT_texture_compression_s3tc"
#define RGTC "GL_ARB_texture_compression_rgtc"
#define BPTC "GL_ARB_texture_compression_bptc"
#define ES3 "GL_ARB_ES3_compatibility"
#define FXT1_EXT "GL_3DFX_texture_compression_FXT1"

/* Mesa's RGTC decoder (BC3 alpha, BC4, BC5) rounds to 8 bits, gen7sf keeps
 * the exact interpolant; Mesa keeps EAC R11/RG11 as 16-bit values, gen7sf
 * n / 2047 (n / 1023); Mesa widens FXT1's 5/6-bit colours by rounding,
 * gen7sf by bit replication (spec-notes "Mesa differential test"). */
#define RGTC_U (2.0f / 255)
#define RGTC_S (2.0f / 127)
#define EAC_U (1.0f / 65535)
#define EAC_S (1.0f / 32767)
#define FXT1_TOL (1.0001f / 255)
#define CH_R 1
#define CH_RG 3
#define CH_A 8
#define CH_RGBA 15

static const fcase compressed[] = {
    CMP(DXT1_RGB, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, TOL_ULP, 0, 0, S3TC, NULL),
    CMP(BC1_UNORM, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, TOL_ULP, 0, 0, S3TC, NULL),
    CMP(BC2_UNORM, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, TOL_ULP, 0, 0, S3TC, NULL),
    CMP(BC3_UNORM, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, TOL_ULP, RGTC_U, CH_A, S3TC, NULL),
    CMP(DXT1_RGB_SRGB, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, TOL_ULP | TOL_SRGB, 0, 0, S3TC, NULL),
    CMP(BC1_UNORM_SRGB, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, TOL_ULP | TOL_SRGB, 0, 0, S3TC,
        NULL),
    CMP(BC2_UNORM_SRGB, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, TOL_ULP | TOL_SRGB, 0, 0, S3TC,
        NULL),
    CMP(BC3_UNORM_SRGB, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, TOL_ULP | TOL_SRGB, RGTC_U, CH_A,
        S3TC, NULL),
    CMP(BC4_UNORM, GL_COMPRESSED_RED_RGTC1, TOL_ULP, RGTC_U, CH_R, RGTC, NULL),
    CMP(BC4_SNORM, GL_COMPRESSED_SIGNED_RED_RGTC1, TOL_ULP | TOL_SNORM_MIN, RGTC_S, CH_R, RGTC,
        NULL),
    CMP(BC5_UNORM, GL_COMPRESSED_RG_RGTC2, TOL_ULP, RGTC_U, CH_RG, RGTC, NULL),
    CMP(BC5_SNORM, GL_COMPRESSED_SIGNED_RG_RGTC2, TOL_ULP | TOL_SNORM_MIN, RGTC_S, CH_RG, RGTC,
        NULL),
    CMP(BC6H_UF16, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 0, 0, 0, BPTC, &bc6h_modes),
    CMP(BC6H_SF16, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, TOL_ZERO_SIGN, 0, 0, BPTC,
        &bc6h_modes),
    CMP(BC7_UNORM, GL_COMPRESSED_RGBA_BPTC_UNORM, TOL_ULP, 0, 0, BPTC, &bc7_modes),
    CMP(BC7_UNORM_SRGB, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, TOL_ULP | TOL_SRGB, 0, 0, BPTC,
        &bc7_modes),
    CMP(ETC1_RGB8, GL_COMPRESSED_RGB8_ETC2, TOL_ULP, 0, 0, ES3, &etc1_modes),
    CMP(ETC2_RGB8, GL_COMPRESSED_RGB8_ETC2, TOL_ULP, 0, 0, ES3, &etc2_modes),
    CMP(ETC2_SRGB8, GL_COMPRESSED_SRGB8_ETC2, TOL_ULP | TOL_SRGB, 0, 0, ES3, &etc2_modes),
    CMP(ETC2_RGB8_PTA, GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, TOL_ULP, 0, 0, ES3,
        &etc2_pta_modes),
    CMP(ETC2_SRGB8_PTA, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, TOL_ULP | TOL_SRGB, 0, 0,
        ES3, &etc2_pta_modes),
    CMP(ETC2_EAC_RGBA8, GL_COMPRESSED_RGBA8_ETC2_EAC, TOL_ULP, 0, 0, ES3, &etc2_eac_modes),
    CMP(ETC2_EAC_SRGB8_A8, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, TOL_ULP | TOL_SRGB, 0, 0, ES3,
        &etc2_eac_modes),
    CMP(EAC_R11, GL_COMPRESSED_R11_EAC, TOL_ULP, EAC_U, CH_R, ES3, NULL),
    CMP(EAC_RG11, GL_COMPRESSED_RG11_EAC, TOL_ULP, EAC_U, CH_RG, ES3, NULL),
    CMP(EAC_SIGNED_R11, GL_COMPRESSED_SIGNED_R11_EAC, TOL_ULP, EAC_S, CH_R, ES3, NULL),
    CMP(EAC_SIGNED_RG11, GL_COMPRESSED_SIGNED_RG11_EAC, TOL_ULP, EAC_S, CH_RG, ES3, NULL),
    CMP(FXT1, GL_COMPRESSED_RGBA_FXT1_3DFX, TOL_ULP, FXT1_TOL, CH_RGBA, FXT1_EXT, &fxt1_modes),
};

/* ---- comparison ----------------------------------------------------------- */

static float as_float(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* The linear value of Mesa's encoded sRGB channel.  Every sRGB format here
 * stores (or, compressed, decodes to) 8-bit codes and Mesa returns k / 255
 * within an ulp: take k back and apply the sRGB curve (IEC 61966-2-1) to
 * k / 255 in double, rounding once. */
static float srgb_to_linear(float m)
{
    double v = lround(m * 255.0) / 255.0;
    return (float)(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4));
}

/* Mesa's value of gen7sf channel ch, before tolerances. */
static uint32_t mesa_channel(const fcase *c, const uint32_t m[4], int ch)
{
    char s = c->swz[ch];
    if (s == '0' || s == '1') {
        uint32_t one = c->read == GL_FLOAT ? 0x3F800000u : 1u;
        return s == '1' ? one : 0;
    }
    uint32_t v = m[strchr("rgba", s) - "rgba"];
    if ((c->flags & TOL_SRGB) && ch < 3) {
        float lin = srgb_to_linear(as_float(v));
        memcpy(&v, &lin, 4);
    }
    return v;
}

typedef enum { SAME, CLOSE, DIFFERENT } verdict;

static verdict compare_channel(const fcase *c, int ch, uint32_t g, uint32_t m,
                               double *maxdiff)
{
    if (g == m)
        return SAME;
    if (c->read != GL_FLOAT)
        return DIFFERENT;
    float gf = as_float(g), mf = as_float(m);
    if (isnan(gf) && isnan(mf))
        return SAME;
    if (isnan(gf) || isnan(mf) || isinf(gf) || isinf(mf))
        return DIFFERENT;
    double d = fabs((double)gf - mf);
    if (d > *maxdiff)
        *maxdiff = d;
    if ((c->flags & TOL_ULP)
        && (nextafterf(mf, INFINITY) == gf || nextafterf(mf, -INFINITY) == gf))
        return CLOSE;
    if ((c->flags & TOL_SNORM_MIN) && gf == -1.0f && mf < -1.0f)
        return CLOSE;
    if ((c->flags & TOL_ZERO_SIGN) && gf == 0.0f && mf == 0.0f)
        return CLOSE;
    return (c->tol_ch >> ch & 1) && d <= c->tol ? CLOSE : DIFFERENT;
}

static void print_texel(const char *who, const uint32_t v[4], GLenum read)
{
    printf("    %-6s", who);
    for (int ch = 0; ch < 4; ch++) {
        if (read == GL_FLOAT)
            printf(" %08x (%.9g)", v[ch], as_float(v[ch]));
        else
            printf(" %08x", v[ch]);
    }
    printf("\n");
}

/* Fills n units (texels or blocks) of `bytes` bytes: all 0, all FF, the
 * format's edge values, then random bytes steered into each mode. */
static void fill(const fcase *c, uint8_t *data, unsigned n, unsigned bytes)
{
    for (unsigned i = 0; i < n * bytes; i += 8) {
        uint64_t r = t_rand();
        memcpy(data + i, &r, n * bytes - i < 8 ? n * bytes - i : 8);
    }
    memset(data, 0, bytes);
    memset(data + bytes, 0xFF, bytes);
    unsigned first = 2;
    for (unsigned k = 0; c->sp && k < c->sp->n; k++, first++)
        for (unsigned b = 0; b < bytes; b += c->sp->elem)
            memcpy(data + first * bytes + b, &c->sp->v[k], c->sp->elem);
    for (unsigned i = first; c->md && c->md->shape && i < n; i++)
        c->md->shape(data + i * bytes, i);
}

/* Prints how often each mode occurs in the n blocks; each must be there. */
static void check_modes(const modes *md, const char *name, const uint8_t *data, unsigned n,
                        unsigned bytes)
{
    unsigned count[18] = {0};
    for (unsigned u = 0; u < n; u++)
        count[md->classify(data + (size_t)u * bytes)]++;
    printf("      modes:");
    for (unsigned k = 0; k < md->n; k++)
        printf("%s %s %u", k ? "," : "", md->names[k], count[k]);
    printf("\n");
    for (unsigned k = 0; k < md->n; k++)
        CHECKF(count[k] >= 8, "%s: mode %s only %u times", name, md->names[k], count[k]);
}

/* Uploads, reads back and compares one format; prints its line. */
static void run_case(const mesa_gl *gl, const fcase *c)
{
    const struct g7sf_format_info *f = g7sf_format_info(c->code);
    CHECKF(f != NULL, "no gen7sf format 0x%03x", c->code);
    if (!f)
        return;
    if (c->ext && !mesa_gl_has_extension(gl, c->ext)) {
        printf("  %-24s not compared: the context lacks %s\n", f->name, c->ext);
        return;
    }
    const unsigned uw = f->unit_w, uh = f->unit_h, bytes = f->unit_bytes;
    const unsigned w = c->format ? 64 : 128, h = c->format ? 64 : 128;
    const unsigned nx = w / uw, n = nx * (h / uh);
    uint8_t *data = malloc((size_t)n * bytes);
    uint32_t *back = malloc((size_t)w * h * 16);
    fill(c, data, n, bytes);

    GLuint tex;
    gl->GenTextures(1, &tex);
    gl->BindTexture(GL_TEXTURE_2D, tex);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 1);
    if (c->format)
        gl->TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internal, (GLsizei)w, (GLsizei)h, 0,
                       c->format, c->type, data);
    else
        gl->CompressedTexImage2D(GL_TEXTURE_2D, 0, c->internal, (GLsizei)w, (GLsizei)h, 0,
                                 (GLsizei)(n * bytes), data);
    GLenum err = gl->GetError();
    CHECKF(err == GL_NO_ERROR, "%s: upload: GL error 0x%x", f->name, err);
    const GLenum rfmt = c->read == GL_FLOAT ? GL_RGBA : GL_RGBA_INTEGER;
    gl->GetTexImage(GL_TEXTURE_2D, 0, rfmt, c->read, back);
    err = gl->GetError();
    CHECKF(err == GL_NO_ERROR, "%s: glGetTexImage: GL error 0x%x", f->name, err);
    gl->DeleteTextures(1, &tex);

    unsigned same = 0, within = 0, differ = 0;
    double maxdiff = 0;
    bool reported = false;
    for (unsigned u = 0; u < n && err == GL_NO_ERROR; u++) {
        const uint8_t *unit = data + (size_t)u * bytes;
        g7sf_texel t[32];
        int rc = g7sf_unit_decode(f, unit, NULL, t);
        if (rc != 0) {
            CHECKF(0, "%s: g7sf_unit_decode returned %d", f->name, rc);
            break;
        }
        for (unsigned i = 0; i < uw * uh; i++) {
            unsigned x = u % nx * uw + i % uw, y = u / nx * uh + i / uw;
            const uint32_t *m = back + ((size_t)y * w + x) * 4;
            uint32_t want[4];
            verdict worst = SAME;
            for (int ch = 0; ch < 4; ch++) {
                want[ch] = mesa_channel(c, m, ch);
                verdict v = compare_channel(c, ch, t[i].u[ch], want[ch], &maxdiff);
                worst = v > worst ? v : worst;
            }
            same += worst == SAME;
            within += worst == CLOSE;
            differ += worst == DIFFERENT;
            if (worst == DIFFERENT && !reported) {
                reported = true;
                t_fail(__FILE__, __LINE__, "%s: texel (%u, %u) of unit %u differs",
                       f->name, x, y, u);
                printf("    unit");
                for (unsigned b = 0; b < bytes; b++)
                    printf(" %02x", unit[b]);
                printf("\n");
                print_texel("gen7sf", t[i].u, c->read);
                print_texel("mesa", want, c->read);
            }
        }
    }
    printf("  %-20s %6u texels %6u exact %6u within tolerance %6u differ  max|d| %.3g\n",
           f->name, w * h, same, within, differ, maxdiff);
    if (c->md)
        check_modes(c->md, f->name, data, n, bytes);
    free(data);
    free(back);
}

static const mesa_gl *open_or_null(void)
{
    static bool printed;
    const char *why = NULL;
    const mesa_gl *gl = mesa_gl_open(&why);
    if (gl && !printed) {
        printed = true;
        printf("  GL_RENDERER %s, GL_VERSION %s\n", gl->renderer, gl->version);
    }
    if (!gl)
        printf("  Mesa unavailable: %s\n", why);
    return gl;
}

TEST(mesa_uncompressed_formats)
{
    const mesa_gl *gl = open_or_null();
    if (!gl)
        SKIP("no Mesa llvmpipe GL context (see above)");
    for (size_t i = 0; i < sizeof uncompressed / sizeof uncompressed[0]; i++)
        run_case(gl, &uncompressed[i]);
}

TEST(mesa_compressed_formats)
{
    const mesa_gl *gl = open_or_null();
    if (!gl)
        SKIP("no Mesa llvmpipe GL context (see above)");
    for (size_t i = 0; i < sizeof compressed / sizeof compressed[0]; i++)
        run_case(gl, &compressed[i]);
}
