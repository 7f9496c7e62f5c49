/* Format layouts read from the PRM names (format_desc.c): channel fields,
 * types, decode units, texel classes, sRGB and palette flags, checked
 * against the formats' definitions written out by hand. */
#include <string.h>

#include "gen7sf/format.h"
#include "harness.h"

static const struct g7sf_format_info *by(const char *name)
{
    const struct g7sf_format_info *f = g7sf_format_by_name(name);
    CHECKF(f != NULL, "no format %s", name);
    return f;
}

/* "R5U0 G6U5 ..." : name letter, bits, type letter, shift, for each field. */
static void check_channels(const char *name, const char *want)
{
    const struct g7sf_format_info *f = by(name);
    if (!f)
        return;
    char got[128] = "";
    const char *names = "RGBALIPXE", *types = "xUSuiFfdsXr";
    for (unsigned k = 0; k < f->nchannels; k++) {
        char one[24];
        snprintf(one, sizeof one, "%s%c%u%c%u", k ? " " : "", names[f->ch[k].name],
                 f->ch[k].bits, types[f->ch[k].type], f->ch[k].shift);
        strcat(got, one);
    }
    CHECKF(strcmp(got, want) == 0, "%s: channels \"%s\", want \"%s\"", name, got, want);
}

TEST(format_channels_packed_from_bit_0_in_name_order)
{
    check_channels("R8G8B8A8_UNORM", "R8U0 G8U8 B8U16 A8U24");
    check_channels("B5G6R5_UNORM", "B5U0 G6U5 R5U11");
    check_channels("A1B5G5R5_UNORM", "A1U0 B5U1 G5U6 R5U11");
    check_channels("R10G10B10_SNORM_A2_UNORM", "R10S0 G10S10 B10S20 A2U30");
    check_channels("R5G5_SNORM_B6_UNORM", "R5S0 G5S5 B6U10");
    check_channels("X8B8_UNORM_G8R8_SNORM", "X8x0 B8U8 G8S16 R8S24");
    check_channels("A8X8_UNORM_G8R8_SNORM", "A8U0 X8x8 G8S16 R8S24");
    check_channels("R32_FLOAT_X8X24_TYPELESS", "R32F0 X8x32 X24x40");
    check_channels("X32_TYPELESS_G8X24_UINT", "X32x0 G8u32 X24x40");
    check_channels("R11G11B10_FLOAT", "R11f0 G11f11 B10f22");
    check_channels("R9G9B9E5_SHAREDEXP", "R9F0 G9F9 B9F18 E5x27");
    check_channels("P4A4_UNORM_PALETTE0", "P4U0 A4U4");
    check_channels("A4P4_UNORM_PALETTE1", "A4U0 P4U4");
    check_channels("L8A8_UINT", "L8u0 A8u8");
    check_channels("I24X8_UNORM", "I24U0 X8x24");
    check_channels("R16G16B16X16_FLOAT", "R16F0 G16F16 B16F32 X16x48");
    check_channels("R32G32_SFIXED", "R32X0 G32X32");
    check_channels("R64G64B64A64_FLOAT", "R64F0 G64F64 B64F128 A64F192");
    check_channels("R64G64_PASSTHRU", "R64r0 G64r64");
    check_channels("R10G10B10X2_USCALED", "R10d0 G10d10 B10d20 X2x30");
    check_channels("P2_UNORM_PALETTE0", "P2U0");
    check_channels("R1_UNORM", "R1U0");
}

TEST(format_every_code_has_a_layout)
{
    unsigned n = 0;
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f)
            continue;
        n++;
        CHECKF(f->unit_w >= 1 && f->unit_h >= 1 && f->unit_bytes >= 1, "%s: no decode unit",
               f->name);
        if (f->layout == G7SF_LAYOUT_CHANNELS || f->layout == G7SF_LAYOUT_PALETTE) {
            unsigned bits = 0;
            for (unsigned k = 0; k < f->nchannels; k++)
                bits += f->ch[k].bits;
            CHECKF(f->nchannels > 0 && bits == f->bits_per_block, "%s: %u channels, %u bits",
                   f->name, f->nchannels, bits);
        }
        /* A unit is whole blocks (or one YCrCb pair of two 16-bit pixels). */
        CHECKF(f->unit_bytes * 8u == (unsigned)f->bits_per_block * f->unit_w * f->unit_h /
                                         (f->block_w * f->block_h),
               "%s: unit %ux%u of %u bytes", f->name, f->unit_w, f->unit_h, f->unit_bytes);
    }
    CHECK_EQ(n, 221);
}

TEST(format_special_layouts_and_units)
{
    const struct { const char *name; unsigned layout, w, h, bytes; } want[] = {
        { "BC1_UNORM", G7SF_LAYOUT_COMPRESSED, 4, 4, 8 },
        { "BC7_UNORM_SRGB", G7SF_LAYOUT_COMPRESSED, 4, 4, 16 },
        { "FXT1", G7SF_LAYOUT_COMPRESSED, 8, 4, 16 },
        { "EAC_RG11", G7SF_LAYOUT_COMPRESSED, 4, 4, 16 },
        { "YCRCB_SWAPY", G7SF_LAYOUT_YCRCB, 2, 1, 4 },
        { "PLANAR_420_8", G7SF_LAYOUT_PLANAR, 1, 1, 1 },
        { "Y8_UNORM", G7SF_LAYOUT_Y8, 1, 1, 1 },
        { "MONO8", G7SF_LAYOUT_MONO, 8, 1, 1 },
        { "R1_UNORM", G7SF_LAYOUT_CHANNELS, 8, 1, 1 },
        { "P2_UNORM_PALETTE1", G7SF_LAYOUT_PALETTE, 4, 1, 1 },
        { "A8P8_UNORM_PALETTE0", G7SF_LAYOUT_PALETTE, 1, 1, 2 },
        { "R9G9B9E5_SHAREDEXP", G7SF_LAYOUT_SHAREDEXP, 1, 1, 4 },
        { "RAW", G7SF_LAYOUT_RAW, 1, 1, 1 },
        { "R64G64B64_FLOAT", G7SF_LAYOUT_CHANNELS, 1, 1, 24 },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const struct g7sf_format_info *f = by(want[i].name);
        if (!f)
            continue;
        CHECKF(f->layout == want[i].layout && f->unit_w == want[i].w &&
               f->unit_h == want[i].h && f->unit_bytes == want[i].bytes,
               "%s: layout %u unit %ux%u/%u", f->name, f->layout, f->unit_w, f->unit_h,
               f->unit_bytes);
    }
}

TEST(format_texel_class_srgb_and_palette)
{
    CHECK_EQ(by("R8G8B8A8_UINT")->texel, G7SF_TEXEL_UINT);
    CHECK_EQ(by("R16G16_SINT")->texel, G7SF_TEXEL_SINT);
    CHECK_EQ(by("X24_TYPELESS_G8_UINT")->texel, G7SF_TEXEL_UINT);
    CHECK_EQ(by("R64_PASSTHRU")->texel, G7SF_TEXEL_UINT);
    CHECK_EQ(by("R10G10B10A2_SNORM")->texel, G7SF_TEXEL_FLOAT);
    CHECK_EQ(by("RAW")->texel, G7SF_TEXEL_NONE);
    CHECK_EQ(by("P8_UNORM_PALETTE1")->palette, 1);
    CHECK_EQ(by("P8A8_UNORM_PALETTE0")->palette, 0);
    /* The sRGB formats, counted by hand in the PRM table: 12 uncompressed
     * with _SRGB, R8G8B8_UNORM_SRGB, DXT1_RGB_SRGB, BC1-3 and BC7 _SRGB, and
     * the three ETC2 sRGB formats. */
    unsigned srgb = 0;
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (f && f->srgb) {
            srgb++;
            CHECKF(strstr(f->name, "SRGB") != NULL, "%s marked sRGB", f->name);
        }
    }
    CHECK_EQ(srgb, 21);
}

TEST(format_lookup_by_name)
{
    CHECK_EQ(by("R8G8B8A8_UNORM")->code, 0x0C7);
    CHECK_EQ(by("RAW")->code, 0x1FF);
    CHECK(g7sf_format_by_name("R8G8B8A8") == NULL);
    CHECK(g7sf_format_by_name("") == NULL);
    CHECK(g7sf_format_by_name(NULL) == NULL);
}
