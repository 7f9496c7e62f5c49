/* Texel decode of the uncompressed formats: bit patterns written by hand
 * from the format definitions, expected values worked out from the rules
 * (UNORM v/(2^n-1), SNORM v/(2^(n-1)-1) clamped at -1, IEEE half/float,
 * unsigned 11/10-bit floats, shared exponent, sRGB curve, channel mapping
 * of §2.12.2.1.2). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/format.h"
#include "harness.h"

static g7sf_texel dec_at(const char *name, const void *unit, unsigned x, const g7sf_palettes *pal)
{
    g7sf_texel t;
    memset(&t, 0xA5, sizeof t);
    const struct g7sf_format_info *f = g7sf_format_by_name(name);
    CHECKF(f != NULL, "no format %s", name);
    if (f) {
        int err = g7sf_texel_decode(f, unit, x, 0, pal, &t);
        CHECKF(err == 0, "%s: decode returned %d", name, err);
    }
    return t;
}

static g7sf_texel dec(const char *name, const void *unit) { return dec_at(name, unit, 0, NULL); }

/* Exact comparison: same bits, or both NaN. */
static int same(float a, float b)
{
    uint32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    return x == y || (a != a && b != b);
}

#define CHECK_F4(name, t, r, g, b, a)                                                     \
    CHECKF(same((t).f[0], r) && same((t).f[1], g) && same((t).f[2], b) && same((t).f[3], a), \
           "%s: got (%.9g %.9g %.9g %.9g), want (%.9g %.9g %.9g %.9g)", name, (t).f[0],     \
           (t).f[1], (t).f[2], (t).f[3], (double)(r), (double)(g), (double)(b), (double)(a))
#define CHECK_I4(name, t, r, g, b, a)                                                     \
    CHECKF((t).i[0] == (r) && (t).i[1] == (g) && (t).i[2] == (b) && (t).i[3] == (a),         \
           "%s: got (%d %d %d %d), want (%d %d %d %d)", name, (t).i[0], (t).i[1], (t).i[2], \
           (t).i[3], (int)(r), (int)(g), (int)(b), (int)(a))

TEST(decode_unorm_8_and_packed)
{
    const uint8_t rgba[4] = { 0x00, 0x80, 0xFF, 0x33 };
    g7sf_texel t = dec("R8G8B8A8_UNORM", rgba);
    CHECK_F4("R8G8B8A8_UNORM", t, 0.0f, 128.0f / 255, 1.0f, 0.2f);   /* 51/255 = 0.2 */
    t = dec("B8G8R8A8_UNORM", rgba);                                   /* B first in memory */
    CHECK_F4("B8G8R8A8_UNORM", t, 1.0f, 128.0f / 255, 0.0f, 0.2f);
    t = dec("B8G8R8X8_UNORM", rgba);
    CHECK_F4("B8G8R8X8_UNORM", t, 1.0f, 128.0f / 255, 0.0f, 1.0f);

    /* B5G6R5: R in 15:11, G in 10:5, B in 4:0. 0x8410 = 10000 100000 10000. */
    uint8_t w[2] = { 0x10, 0x84 };
    t = dec("B5G6R5_UNORM", w);
    CHECK_F4("B5G6R5 0x8410", t, 16.0f / 31, 32.0f / 63, 16.0f / 31, 1.0f);
    w[0] = 0x1F; w[1] = 0x00;
    t = dec("B5G6R5_UNORM", w);
    CHECK_F4("B5G6R5 0x001F", t, 0.0f, 0.0f, 1.0f, 1.0f);
    /* B5G5R5A1: A in bit 15, R in 14:10. 0xFC00 = 1 11111 00000 00000. */
    w[0] = 0x00; w[1] = 0xFC;
    t = dec("B5G5R5A1_UNORM", w);
    CHECK_F4("B5G5R5A1 0xFC00", t, 1.0f, 0.0f, 0.0f, 1.0f);
    /* B4G4R4A4 0xF00F: B = F (3:0), G = 0, R = 0, A = F (15:12). */
    w[0] = 0x0F; w[1] = 0xF0;
    t = dec("B4G4R4A4_UNORM", w);
    CHECK_F4("B4G4R4A4 0xF00F", t, 0.0f, 0.0f, 1.0f, 1.0f);
    /* A4B4G4R4 0x1234: A = 4, B = 3, G = 2, R = 1 (fifteenths). */
    w[0] = 0x34; w[1] = 0x12;
    t = dec("A4B4G4R4_UNORM", w);
    CHECK_F4("A4B4G4R4 0x1234", t, 1.0f / 15, 2.0f / 15, 3.0f / 15, 4.0f / 15);
    /* R10G10B10A2 0xC00003FF: R = 1023, G = B = 0, A = 3. */
    const uint8_t d[4] = { 0xFF, 0x03, 0x00, 0xC0 };
    t = dec("R10G10B10A2_UNORM", d);
    CHECK_F4("R10G10B10A2_UNORM", t, 1.0f, 0.0f, 0.0f, 1.0f);
    t = dec("B10G10R10A2_UNORM", d);
    CHECK_F4("B10G10R10A2_UNORM", t, 0.0f, 0.0f, 1.0f, 1.0f);
    /* R24_UNORM_X8: 0x800000 of 2^24 - 1; the X byte is ignored. */
    const uint8_t r24[4] = { 0x00, 0x00, 0x80, 0xEE };
    t = dec("R24_UNORM_X8_TYPELESS", r24);
    CHECK_F4("R24_UNORM_X8", t, 8388608.0f / 16777215.0f, 0.0f, 0.0f, 1.0f);
}

TEST(decode_snorm_minus_one_twice)
{
    const uint8_t b[4] = { 0x80, 0x81, 0x7F, 0x01 };
    g7sf_texel t = dec("R8G8B8A8_SNORM", b);
    CHECK_F4("R8G8B8A8_SNORM", t, -1.0f, -1.0f, 1.0f, 1.0f / 127);
    /* 16-bit: 0x8000 and 0x8001 both -1; 0x4000 = 16384/32767. */
    const uint8_t h[4] = { 0x00, 0x80, 0x00, 0x40 };
    t = dec("R16G16_SNORM", h);
    CHECK_F4("R16G16_SNORM", t, -1.0f, 16384.0f / 32767, 0.0f, 1.0f);
    /* R10G10B10_SNORM_A2_UNORM: R = 0x200 (-512) -> -1, G = 0x201 (-511) ->
     * -1, B = 0x1FF -> 1, A = 1 -> 1/3. */
    uint32_t v = 0x200u | 0x201u << 10 | 0x1FFu << 20 | 1u << 30;
    uint8_t p[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    t = dec("R10G10B10_SNORM_A2_UNORM", p);
    CHECK_F4("R10G10B10_SNORM_A2_UNORM", t, -1.0f, -1.0f, 1.0f, 1.0f / 3);
    /* X8B8_UNORM_G8R8_SNORM: X, B, G, R from bit 0. */
    const uint8_t bump[4] = { 0x55, 0xFF, 0x81, 0x7F };
    t = dec("X8B8_UNORM_G8R8_SNORM", bump);
    CHECK_F4("X8B8_UNORM_G8R8_SNORM", t, 1.0f, -1.0f, 1.0f, 1.0f);
    /* R5G5_SNORM_B6_UNORM: R = 0x0F (15/15 = 1), G = 0x10 (-16 -> -1), B = 63. */
    uint16_t r5 = 0x0F | 0x10 << 5 | 63 << 10;
    uint8_t q[2] = { (uint8_t)r5, (uint8_t)(r5 >> 8) };
    t = dec("R5G5_SNORM_B6_UNORM", q);
    CHECK_F4("R5G5_SNORM_B6_UNORM", t, 1.0f, -1.0f, 1.0f, 1.0f);
}

TEST(decode_integers_keep_their_values)
{
    const uint8_t b[4] = { 0x80, 0xFF, 0x01, 0x7F };
    g7sf_texel t = dec("R8G8B8A8_SINT", b);
    CHECK_I4("R8G8B8A8_SINT", t, -128, -1, 1, 127);
    t = dec("R8G8B8A8_UINT", b);
    CHECK_I4("R8G8B8A8_UINT", t, 128, 255, 1, 127);
    t = dec("R8G8_UINT", b);                  /* missing B = 0, A = integer 1 */
    CHECK_I4("R8G8_UINT", t, 128, 255, 0, 1);
    const uint8_t w[4] = { 0xFF, 0xFF, 0xFF, 0x7F };
    t = dec("R32_SINT", w);
    CHECK_I4("R32_SINT", t, 0x7FFFFFFF, 0, 0, 1);
    /* R10G10B10A2_UINT 0xFFFFFFFF: 1023 x 3, 3. */
    const uint8_t ones[4] = { 0xFF, 0xFF, 0xFF, 0xFF };
    t = dec("R10G10B10A2_UINT", ones);
    CHECK_I4("R10G10B10A2_UINT", t, 1023, 1023, 1023, 3);
    t = dec("B10G10R10A2_SINT", ones);
    CHECK_I4("B10G10R10A2_SINT", t, -1, -1, -1, -1);
    /* Depth-stencil views: X32_TYPELESS_G8X24_UINT returns the stencil byte
     * (byte 4) in G; X24_TYPELESS_G8_UINT the top byte. */
    const uint8_t ds[8] = { 1, 2, 3, 4, 0x7B, 9, 9, 9 };
    t = dec("X32_TYPELESS_G8X24_UINT", ds);
    CHECK_I4("X32_TYPELESS_G8X24_UINT", t, 0, 0x7B, 0, 1);
    t = dec("X24_TYPELESS_G8_UINT", ds);
    CHECK_I4("X24_TYPELESS_G8_UINT", t, 0, 4, 0, 1);
    /* L8A8_SINT: L -> RGB, A. */
    const uint8_t la[2] = { 0xFE, 0x05 };
    t = dec("L8A8_SINT", la);
    CHECK_I4("L8A8_SINT", t, -2, -2, -2, 5);
    t = dec("I8_UINT", la);
    CHECK_I4("I8_UINT", t, 254, 254, 254, 254);
}

TEST(decode_scaled_and_fixed)
{
    const uint8_t b[2] = { 200, 0x80 };
    g7sf_texel t = dec("R8G8_USCALED", b);
    CHECK_F4("R8G8_USCALED", t, 200.0f, 128.0f, 0.0f, 1.0f);
    t = dec("R8G8_SSCALED", b);
    CHECK_F4("R8G8_SSCALED", t, -56.0f, -128.0f, 0.0f, 1.0f);
    /* SFIXED is 16.16: 0x00018000 = 1.5, 0xFFFF0000 = -1. */
    const uint8_t fx[8] = { 0x00, 0x80, 0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF };
    t = dec("R32G32_SFIXED", fx);
    CHECK_F4("R32G32_SFIXED", t, 1.5f, -1.0f, 0.0f, 1.0f);
}

static g7sf_texel dec_half(uint16_t h)
{
    uint8_t b[2] = { (uint8_t)h, (uint8_t)(h >> 8) };
    return dec("R16_FLOAT", b);
}

TEST(decode_half_float_specials)
{
    CHECK(same(dec_half(0x3C00).f[0], 1.0f));
    CHECK(same(dec_half(0xC000).f[0], -2.0f));
    CHECK(same(dec_half(0x7BFF).f[0], 65504.0f));
    CHECK(same(dec_half(0x0001).f[0], 0x1p-24f));              /* smallest subnormal */
    CHECK(same(dec_half(0x03FF).f[0], 1023 * 0x1p-24f));       /* largest subnormal */
    CHECK(same(dec_half(0x0400).f[0], 0x1p-14f));              /* smallest normal */
    CHECK(same(dec_half(0x7C00).f[0], INFINITY));
    CHECK(same(dec_half(0xFC00).f[0], -INFINITY));
    float nan = dec_half(0x7E00).f[0];
    CHECK(nan != nan);
    float neg0 = dec_half(0x8000).f[0];
    CHECK(neg0 == 0.0f && signbit(neg0));
    CHECK(same(dec_half(0x3555).f[0], 0x1.554p-2f));           /* 1.0101010101b * 2^-2 */
    /* L16A16_FLOAT maps L to RGB. */
    const uint8_t la[4] = { 0x00, 0x3C, 0x00, 0xB8 };           /* 1.0, -0.5 */
    g7sf_texel t = dec("L16A16_FLOAT", la);
    CHECK_F4("L16A16_FLOAT", t, 1.0f, 1.0f, 1.0f, -0.5f);
}

TEST(decode_float32_and_64)
{
    /* float32 passes every bit through, NaN payload included. */
    const uint8_t n[4] = { 0x45, 0x23, 0xC1, 0x7F };
    g7sf_texel t = dec("R32_FLOAT", n);
    CHECK_EQ(t.u[0], 0x7FC12345);
    /* R64_FLOAT: 1.5 = 0x3FF8000000000000; 1e300 overflows float to inf;
     * 2^-1074 (smallest double) underflows to +0. */
    uint64_t bits[3] = { 0x3FF8000000000000ull, 0x7E37E43C8800759Cull, 1 };
    uint8_t b[24];
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 8; k++)
            b[8 * i + k] = (uint8_t)(bits[i] >> (8 * k));
    t = dec("R64G64B64_FLOAT", b);
    CHECK_F4("R64G64B64_FLOAT", t, 1.5f, INFINITY, 0.0f, 1.0f);
    /* R64_FLOAT is a whole 8-byte unit: the first field alone. */
    t = dec("R64_FLOAT", b);
    CHECK_F4("R64_FLOAT", t, 1.5f, 0.0f, 0.0f, 1.0f);
    /* PASSTHRU returns the 64-bit fields as 32-bit words. */
    t = dec("R64G64_PASSTHRU", b);
    CHECK_EQ(t.u[0], 0);
    CHECK_EQ(t.u[1], 0x3FF80000);
    CHECK_EQ(t.u[2], 0x8800759C);
    CHECK_EQ(t.u[3], 0x7E37E43C);
}

TEST(decode_r11g11b10_and_shared_exponent)
{
    /* R = 1.0 (exp 15, mant 0: 0x3C0), G = max 65024 (exp 30, mant 63:
     * 0x7BF), B = 2^-14 * 1/32 (10-bit subnormal: 1). */
    uint32_t v = 0x3C0u | 0x7BFu << 11 | 1u << 22;
    uint8_t p[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    g7sf_texel t = dec("R11G11B10_FLOAT", p);
    CHECK_F4("R11G11B10_FLOAT", t, 1.0f, 65024.0f, 0x1p-19f, 1.0f);
    /* Infinity and NaN: exponent 31. */
    v = 0x7C0u | 0x7C1u << 11 | 0x3E0u << 22;
    uint8_t q[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    t = dec("R11G11B10_FLOAT", q);
    CHECK(t.f[0] == INFINITY && t.f[1] != t.f[1] && t.f[2] == INFINITY);
    /* RGB9E5: value = m * 2^(e - 24).  e = 15: 256 -> 0.5; e = 31: 511 ->
     * 65408; e = 0: 1 -> 2^-24. */
    v = 256u | 511u << 9 | 1u << 18 | 15u << 27;
    uint8_t r[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    t = dec("R9G9B9E5_SHAREDEXP", r);
    CHECK_F4("R9G9B9E5 e=15", t, 0.5f, 511 * 0x1p-9f, 0x1p-9f, 1.0f);
    v = 511u | 31u << 27;
    uint8_t s[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    t = dec("R9G9B9E5_SHAREDEXP", s);
    CHECK_F4("R9G9B9E5 e=31", t, 65408.0f, 0.0f, 0.0f, 1.0f);
}

TEST(decode_luminance_intensity_alpha)
{
    const uint8_t b[2] = { 0x40, 0xC0 };
    g7sf_texel t = dec("L8_UNORM", b);
    CHECK_F4("L8_UNORM", t, 64.0f / 255, 64.0f / 255, 64.0f / 255, 1.0f);
    t = dec("I8_UNORM", b);
    CHECK_F4("I8_UNORM", t, 64.0f / 255, 64.0f / 255, 64.0f / 255, 64.0f / 255);
    t = dec("A8_UNORM", b);
    CHECK_F4("A8_UNORM", t, 0.0f, 0.0f, 0.0f, 64.0f / 255);
    t = dec("L8A8_UNORM", b);
    CHECK_F4("L8A8_UNORM", t, 64.0f / 255, 64.0f / 255, 64.0f / 255, 192.0f / 255);
    t = dec("R8_UNORM", b);
    CHECK_F4("R8_UNORM", t, 64.0f / 255, 0.0f, 0.0f, 1.0f);
    const uint8_t f32[8] = { 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0xC0 };  /* 1, -2 */
    t = dec("I32X32_FLOAT", f32);
    CHECK_F4("I32X32_FLOAT", t, 1.0f, 1.0f, 1.0f, 1.0f);
    t = dec("A32X32_FLOAT", f32);
    CHECK_F4("A32X32_FLOAT", t, 0.0f, 0.0f, 0.0f, 1.0f);
    t = dec("L32A32_FLOAT", f32);
    CHECK_F4("L32A32_FLOAT", t, 1.0f, 1.0f, 1.0f, -2.0f);
}

/* The sRGB decode curve, written out: s <= 0.04045 ? s/12.92 :
 * ((s + 0.055)/1.055)^2.4, in double. */
static float srgb(unsigned v, unsigned max)
{
    double s = (double)v / max;
    return (float)(s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4));
}

TEST(decode_srgb_rgb_only)
{
    const uint8_t b[4] = { 0x80, 0x0A, 0xFF, 0x80 };
    g7sf_texel t = dec("R8G8B8A8_UNORM_SRGB", b);
    CHECK_F4("R8G8B8A8_UNORM_SRGB", t, srgb(0x80, 255), srgb(10, 255), 1.0f, 128.0f / 255);
    /* Spot values of the curve, worked by hand: 10/255 = 0.0392 is in the
     * linear segment, 0.0392/12.92 = 0.0030353; 128/255 -> 0.2158605. */
    CHECK(fabsf(t.f[1] - 0.0030353f) < 1e-6f);
    CHECK(fabsf(t.f[0] - 0.2158605f) < 1e-6f);
    t = dec("L8_UNORM_SRGB", b);
    CHECK_F4("L8_UNORM_SRGB", t, srgb(0x80, 255), srgb(0x80, 255), srgb(0x80, 255), 1.0f);
    /* 5- and 6-bit sRGB fields use the same curve on v / (2^n - 1). */
    uint8_t w[2] = { 0x10, 0x84 };
    t = dec("B5G6R5_UNORM_SRGB", w);
    CHECK_F4("B5G6R5_UNORM_SRGB", t, srgb(16, 31), srgb(32, 63), srgb(16, 31), 1.0f);
    uint32_t v = 512u | 1023u << 10 | 0u << 20 | 2u << 30;
    uint8_t p[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    t = dec("R10G10B10A2_UNORM_SRGB", p);
    CHECK_F4("R10G10B10A2_UNORM_SRGB", t, srgb(512, 1023), 1.0f, 0.0f, 2.0f / 3);
}

TEST(decode_palettes)
{
    static g7sf_palettes pal;
    pal.entry[0][3] = 0x80FF4000;     /* A 0x80, R 0xFF, G 0x40, B 0x00 */
    pal.entry[1][3] = 0x11223344;
    pal.entry[0][10] = 0xFF000080;
    pal.entry[0][5] = 0x00102030;
    uint8_t b = 3;
    g7sf_texel t = dec_at("P8_UNORM_PALETTE0", &b, 0, &pal);
    CHECK_F4("P8 palette 0", t, 1.0f, 64.0f / 255, 0.0f, 128.0f / 255);
    t = dec_at("P8_UNORM_PALETTE1", &b, 0, &pal);
    CHECK_F4("P8 palette 1", t, 0x22 / 255.0f, 0x33 / 255.0f, 0x44 / 255.0f, 0x11 / 255.0f);
    /* P4A4 0xA3: index 3 (low nibble), alpha 10/15 replaces the palette's. */
    b = 0xA3;
    t = dec_at("P4A4_UNORM_PALETTE0", &b, 0, &pal);
    CHECK_F4("P4A4", t, 1.0f, 64.0f / 255, 0.0f, 10.0f / 15);
    /* A4P4 0xA3: alpha 3/15, index 10. */
    t = dec_at("A4P4_UNORM_PALETTE0", &b, 0, &pal);
    CHECK_F4("A4P4", t, 0.0f, 0.0f, 128.0f / 255, 3.0f / 15);
    const uint8_t ap[2] = { 0x11, 0x05 };     /* A8P8: A then P */
    t = dec_at("A8P8_UNORM_PALETTE0", ap, 0, &pal);
    CHECK_F4("A8P8", t, 0x10 / 255.0f, 0x20 / 255.0f, 0x30 / 255.0f, 0x11 / 255.0f);
    const uint8_t pa[2] = { 0x03, 0xFF };     /* P8A8: P then A */
    t = dec_at("P8A8_UNORM_PALETTE0", pa, 0, &pal);
    CHECK_F4("P8A8", t, 1.0f, 64.0f / 255, 0.0f, 1.0f);
    /* P2: four 2-bit indices, texel 0 in bits 1:0.  0xC4 = 11 00 01 00. */
    static g7sf_palettes p2;
    for (unsigned i = 0; i < 4; i++)
        p2.entry[1][i] = 0xFF000000u | i * 0x10;
    b = 0xC4;
    const unsigned want[4] = { 0, 1, 0, 3 };
    for (unsigned x = 0; x < 4; x++) {
        t = dec_at("P2_UNORM_PALETTE1", &b, x, &p2);
        CHECK_F4("P2", t, 0.0f, 0.0f, want[x] * 0x10 / 255.0f, 1.0f);
    }
    /* No palette given: an error, not a crash. */
    g7sf_texel u;
    CHECK_EQ(g7sf_texel_decode(g7sf_format_by_name("P8_UNORM_PALETTE0"), &b, 0, 0, NULL, &u),
             G7SF_EINVAL);
}

TEST(decode_mono8_and_r1)
{
    const uint8_t b = 0x85;               /* 1000 0101: texels 0, 2 and 7 set */
    const int want[8] = { 1, 0, 1, 0, 0, 0, 0, 1 };
    for (unsigned x = 0; x < 8; x++) {
        g7sf_texel t = dec_at("MONO8", &b, x, NULL);
        float v = (float)want[x];
        CHECK_F4("MONO8", t, v, v, v, v);
        t = dec_at("R1_UNORM", &b, x + 8, NULL);   /* any x with the same x % 8 */
        CHECK_F4("R1_UNORM", t, v, 0.0f, 0.0f, 1.0f);
    }
}

TEST(decode_ycrcb_pairs)
{
    /* Y0 = 0x10, Y1 = 0x30, Cb = 0x20, Cr = 0x40 in each byte order. */
    const struct { const char *name; uint8_t b[4]; } fmt[] = {
        { "YCRCB_NORMAL",  { 0x10, 0x20, 0x30, 0x40 } },   /* Y0 Cb Y1 Cr */
        { "YCRCB_SWAPUVY", { 0x40, 0x10, 0x20, 0x30 } },   /* Cr Y0 Cb Y1 */
        { "YCRCB_SWAPUV",  { 0x10, 0x40, 0x30, 0x20 } },   /* Y0 Cr Y1 Cb */
        { "YCRCB_SWAPY",   { 0x20, 0x10, 0x40, 0x30 } },   /* Cb Y0 Cr Y1 */
    };
    for (size_t i = 0; i < 4; i++) {
        g7sf_texel t = dec_at(fmt[i].name, fmt[i].b, 0, NULL);
        CHECK_F4(fmt[i].name, t, 0x40 / 255.0f, 0x10 / 255.0f, 0x20 / 255.0f, 1.0f);
        t = dec_at(fmt[i].name, fmt[i].b, 3, NULL);           /* odd texel: Y1 */
        CHECK_F4(fmt[i].name, t, 0x40 / 255.0f, 0x30 / 255.0f, 0x20 / 255.0f, 1.0f);
    }
    const uint8_t y = 0x50;
    g7sf_texel t = dec("Y8_UNORM", &y);
    CHECK_F4("Y8_UNORM", t, 0.0f, 0x50 / 255.0f, 0.0f, 1.0f);
    const uint8_t uv[2] = { 0x60, 0x70 };
    g7sf_planar_420_8_decode(0x50, uv, &t);
    CHECK_F4("PLANAR_420_8", t, 0x70 / 255.0f, 0x50 / 255.0f, 0x60 / 255.0f, 1.0f);
    CHECK_EQ(g7sf_texel_decode(g7sf_format_by_name("PLANAR_420_8"), &y, 0, 0, NULL, &t),
             G7SF_ENOTIMPL);
    CHECK_EQ(g7sf_texel_decode(g7sf_format_by_name("RAW"), &y, 0, 0, NULL, &t), G7SF_ENOTIMPL);
    CHECK_EQ(g7sf_texel_decode(NULL, &y, 0, 0, NULL, &t), G7SF_EINVAL);
    CHECK_EQ(g7sf_texel_decode(g7sf_format_by_name("R8_UNORM"), NULL, 0, 0, NULL, &t),
             G7SF_EINVAL);
}

/* Every format, random units in buffers of exactly unit_bytes (the
 * sanitizer build catches any read past them), every texel of the unit:
 * decode succeeds (or says why not) and integer formats stay in range. */
TEST(decode_every_format_reads_only_its_unit)
{
    static g7sf_palettes pal;
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f)
            continue;
        for (int rep = 0; rep < 20; rep++) {
            uint8_t *unit = malloc(f->unit_bytes);
            for (unsigned i = 0; i < f->unit_bytes; i++)
                unit[i] = (uint8_t)t_rand();
            g7sf_texel all[32];
            int err = g7sf_unit_decode(f, unit, &pal, all);
            int expect = f->layout == G7SF_LAYOUT_RAW || f->layout == G7SF_LAYOUT_PLANAR
                             ? G7SF_ENOTIMPL : 0;
            CHECKF(err == expect, "%s: unit decode %d", f->name, err);
            for (unsigned i = 0; !err && i < (unsigned)f->unit_w * f->unit_h; i++) {
                g7sf_texel one;
                g7sf_texel_decode(f, unit, i % f->unit_w, i / f->unit_w, &pal, &one);
                CHECKF(memcmp(&one, &all[i], sizeof one) == 0, "%s: texel %u differs", f->name, i);
            }
            free(unit);
        }
    }
}

/* The format layer's part of compressed decode: which decoder a code uses
 * and the sRGB curve on RGB (not A) of the sRGB formats.  A BC1 block with
 * c0 = 0x0000 <= c1 = 0xFFFF is in three-colour mode; index 3 is
 * transparent black for BC1 and opaque black for DXT1_RGB; index 1 is
 * white, index 2 the midpoint of the 8-bit endpoints (128). */
TEST(decode_compressed_dispatch_and_srgb)
{
    const uint8_t blk[8] = { 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00 };
    /* Indices: texels 0-3 = 3, texels 4-15 = 0 (black). */
    g7sf_texel t = dec_at("BC1_UNORM", blk, 0, NULL);
    CHECK_F4("BC1 index 3", t, 0.0f, 0.0f, 0.0f, 0.0f);
    t = dec_at("DXT1_RGB", blk, 0, NULL);
    CHECK_F4("DXT1_RGB index 3", t, 0.0f, 0.0f, 0.0f, 1.0f);
    const uint8_t mid[8] = { 0x00, 0x00, 0xFF, 0xFF, 0xAA, 0x55, 0x00, 0x00 };
    /* Row 0: indices 2 2 2 2 (0xAA), row 1: 1 1 1 1 (0x55). */
    t = dec_at("BC1_UNORM_SRGB", mid, 1, NULL);
    float m = srgb(128, 255);
    CHECK_F4("BC1_UNORM_SRGB midpoint", t, m, m, m, 1.0f);
    const struct g7sf_format_info *f = g7sf_format_by_name("BC1_UNORM_SRGB");
    CHECK_EQ(g7sf_texel_decode(f, mid, 2, 1, NULL, &t), 0);
    CHECK_F4("BC1_UNORM_SRGB white", t, 1.0f, 1.0f, 1.0f, 1.0f);
    /* BC2 with explicit alpha 0x8 (8/15) everywhere: alpha stays linear.
     * BC2 colour is always four-colour, so index 2 is 2/3 c0 + 1/3 c1,
     * (171 * 0 + 85 * 255) >> 8 = 84 with the rounding of spec-notes
     * "BC1-BC5 and DXT1_RGB". */
    uint8_t bc2[16];
    memset(bc2, 0x88, 8);
    memcpy(bc2 + 8, mid, 8);
    t = dec_at("BC2_UNORM_SRGB", bc2, 0, NULL);
    float third = srgb(84, 255);
    CHECK_F4("BC2_UNORM_SRGB", t, third, third, third, 8.0f / 15);
}

/* The public curve: values worked by hand (0.5 -> 1.055 * 0.5^(1/2.4) -
 * 0.055 = 0.735357; 128/255 -> 0.2158605), the linear segments, clamps. */
TEST(srgb_curve_functions)
{
    CHECK(fabsf(g7sf_linear_to_srgb(0.5f) - 0.735357f) < 1e-6f);
    CHECK(fabsf(g7sf_srgb_to_linear(128.0f / 255) - 0.2158605f) < 1e-6f);
    CHECK(fabsf(g7sf_linear_to_srgb(0.001f) - 0.01292f) < 1e-7f);
    CHECK(fabsf(g7sf_srgb_to_linear(0.04f) - 0.04f / 12.92f) < 1e-9f);
    CHECK(g7sf_linear_to_srgb(NAN) == 0.0f && g7sf_linear_to_srgb(-1.0f) == 0.0f);
    CHECK(g7sf_linear_to_srgb(2.0f) == 1.0f && g7sf_srgb_to_linear(2.0f) == 1.0f);
}
