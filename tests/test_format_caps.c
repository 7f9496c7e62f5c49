/* Format capabilities on Ivy Bridge and Haswell (src/core/format_caps.c).
 * Expected values are read by hand from Mesa 22.3 isl_format.c's
 * format_info rows (Y or <= 70: both; 75: Haswell only; 80 and up or x:
 * neither), column by column. */
#include <string.h>

#include "core/format_int.h"
#include "gen7sf/format.h"
#include "gen7sf/gen7sf.h"
#include "harness.h"

enum { S = G7SF_CAP_SAMPLE, F = G7SF_CAP_FILTER, Z = G7SF_CAP_SHADOW,
       K = G7SF_CAP_CHROMA_KEY, R = G7SF_CAP_RENDER, B = G7SF_CAP_BLEND,
       V = G7SF_CAP_VERTEX, O = G7SF_CAP_STREAM_OUT, W = G7SF_CAP_TYPED_WRITE,
       T = G7SF_CAP_TYPED_READ };

/* By name through the code lookup (g7sf_format_by_name is the lead's). */
static const struct g7sf_format_info *by_name(const char *name)
{
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (f && strcmp(f->name, name) == 0)
            return f;
    }
    return NULL;
}

static void check_caps(const char *name, unsigned ivb, unsigned hsw)
{
    const struct g7sf_format_info *f = by_name(name);
    CHECKF(f != NULL, "no format %s", name);
    if (!f)
        return;
    uint16_t caps[2];
    format_caps(f->code, caps);
    CHECKF(caps[G7SF_IVB] == ivb, "%s on IVB: 0x%03x, want 0x%03x", name, caps[G7SF_IVB], ivb);
    CHECKF(caps[G7SF_HSW] == hsw, "%s on HSW: 0x%03x, want 0x%03x", name, caps[G7SF_HSW], hsw);
}

TEST(caps_spot_checks_against_isl)
{
    /* SF( Y, Y, x, x, Y, Y, Y, x, 60, 70, 110, ...) */
    check_caps("R8G8B8A8_UNORM", S|F|R|B|V|W, S|F|R|B|V|W);
    /* SF( Y, Y, x, x, Y, Y, x, x, 60, x, x, ...): no vertex fetch, no typed */
    check_caps("R8G8B8A8_UNORM_SRGB", S|F|R|B, S|F|R|B);
    /* SF( Y, 50, x, x, Y, Y, Y, Y, x, 70, 90, ...): filters (from gen 5) */
    check_caps("R32G32B32A32_FLOAT", S|F|R|B|V|O|W, S|F|R|B|V|O|W);
    /* SF( Y, x, x, x, Y, x, Y, Y, x, 70, 90, ...): integers don't filter or blend */
    check_caps("R32G32B32A32_UINT", S|R|V|O|W, S|R|V|O|W);
    /* SF( 70, 70, x, ...): BC6H/BC7 sample and filter on Ivy Bridge already */
    check_caps("BC7_UNORM", S|F, S|F);
    check_caps("BC6H_UF16", S|F, S|F);
    /* SF( Y, Y, x, Y, ...): BC1 has chroma key, its sRGB twin does not */
    check_caps("BC1_UNORM", S|F|K, S|F|K);
    check_caps("BC1_UNORM_SRGB", S|F, S|F);
    /* typed read: R32 from 70, *_UINT 8/16-bit from 75 */
    check_caps("R32_FLOAT", S|F|Z|R|B|V|O|W|T, S|F|Z|R|B|V|O|W|T);
    check_caps("R32_UINT", S|R|V|O|W|T, S|R|V|O|W|T);
    check_caps("R16G16B16A16_UINT", S|R|V|W, S|R|V|W|T);
    check_caps("R8_UINT", S|R|V|W, S|R|V|W|T);
    check_caps("R8_SINT", S|R|V|W, S|R|V|W);
    /* SF( Y, Y, Y, x, Y, 45, Y, x, 70, 70, 110, ...) */
    check_caps("R16_UNORM", S|F|Z|R|B|V|W, S|F|Z|R|B|V|W);
    /* SF( 75, 75, x, x, x, x, Y, ...): 3-channel 8/16-bit sample on HSW only */
    check_caps("R8G8B8_UNORM", V, S|F|V);
    check_caps("R16G16B16_SNORM", V, S|F|V);
    /* VB 75 */
    check_caps("B10G10R10A2_UNORM", S|F|R|B|W, S|F|R|B|V|W);
    check_caps("R32G32B32A32_SFIXED", 0, V);
    /* SF( Y, Y, x, Y, 80, 80, ...): BGRX renders only from gen 8 */
    check_caps("B8G8R8X8_UNORM", S|F|K, S|F|K);
    /* isl: SF( x, x, x, x, Y, Y, x, x, x, 70, x, ...), render but not sample;
     * not a render target here: absent from the list at PRM 10200-10255 (which
     * has B5G5R5X1_UNORM_SRGB); a typed write format (9195-9215) */
    check_caps("B5G5R5X1_UNORM", W, W);
    /* SF( Y, x, ...): MONO8 samples without filtering */
    check_caps("MONO8", S, S);
    /* SF( Y, Y, x, Y, Y, x, ...) and SF( Y, Y, x, x, Y, x, ...) */
    check_caps("YCRCB_NORMAL", S|F|K|R, S|F|K|R);
    check_caps("YCRCB_SWAPY", S|F|R, S|F|R);
    /* SF( 50, 50, ...) and SF( 45, 45, ...) palettes */
    check_caps("A8P8_UNORM_PALETTE1", S|F, S|F);
    check_caps("P2_UNORM_PALETTE0", S|F, S|F);
    /* SF( 50, 50, x, x, x, x, 60, ...) */
    check_caps("R16G16B16_FLOAT", S|F|V, S|F|V);
    check_caps("R32_FLOAT_X8X24_TYPELESS", S|F|Z, S|F|Z);
}

/* Formats isl gives nothing on gen 7: later chips only (ETC/EAC 80, the
 * PASSTHRU 80, A1B5G5R5 120, A4B4G4R4 80+, 8-bit L/I integers 90,
 * R8G8B8_UNORM_SRGB 80), never (Y8, PLANAR_420_8), or absent from isl's
 * table (L32/A32_UNORM, the *_G8R8_SNORM trio, RAW).  Every other format
 * has a row with something in it, so a row missing from the table shows. */
static const char *const no_caps[] = {
    "R64G64_PASSTHRU", "R64_PASSTHRU", "L32_UNORM", "A32_UNORM",
    "X8B8_UNORM_G8R8_SNORM", "A8X8_UNORM_G8R8_SNORM", "B8X8_UNORM_G8R8_SNORM",
    "A1B5G5R5_UNORM", "A4B4G4R4_UNORM", "L8A8_UINT", "L8A8_SINT", "Y8_UNORM",
    "L8_UINT", "L8_SINT", "I8_UINT", "I8_SINT", "PLANAR_420_8",
    "R8G8B8_UNORM_SRGB", "ETC1_RGB8", "ETC2_RGB8", "EAC_R11", "EAC_RG11",
    "EAC_SIGNED_R11", "EAC_SIGNED_RG11", "ETC2_SRGB8", "R64G64B64A64_PASSTHRU",
    "R64G64B64_PASSTHRU", "ETC2_RGB8_PTA", "ETC2_SRGB8_PTA", "ETC2_EAC_RGBA8",
    "ETC2_EAC_SRGB8_A8", "RAW",
};

static int in_no_caps(const char *name)
{
    for (unsigned i = 0; i < sizeof no_caps / sizeof no_caps[0]; i++)
        if (strcmp(no_caps[i], name) == 0)
            return 1;
    return 0;
}

TEST(caps_empty_exactly_for_later_or_absent_formats)
{
    for (unsigned i = 0; i < sizeof no_caps / sizeof no_caps[0]; i++)
        CHECKF(by_name(no_caps[i]) != NULL, "no format %s", no_caps[i]);
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f)
            continue;
        uint16_t caps[2];
        format_caps(code, caps);
        int none = caps[0] == 0 && caps[1] == 0;
        CHECKF(none == in_no_caps(f->name), "%s: caps 0x%03x/0x%03x", f->name, caps[0],
               caps[1]);
    }
}

TEST(caps_invariants)
{
    for (unsigned code = 0; code < 512; code++) {
        uint16_t caps[2] = {0xffff, 0xffff};
        format_caps(code, caps);
        if (!g7sf_format_info(code)) {
            CHECKF(caps[0] == 0 && caps[1] == 0, "code 0x%03x has no format but caps", code);
            continue;
        }
        const char *name = g7sf_format_info(code)->name;
        for (int p = 0; p < 2; p++) {
            unsigned c = caps[p];
            CHECKF(!(c & F) || (c & S), "%s: filters without sampling", name);
            CHECKF(!(c & Z) || (c & S), "%s: shadow without sampling", name);
            CHECKF(!(c & K) || (c & S), "%s: chroma key without sampling", name);
            CHECKF(!(c & B) || (c & R), "%s: blends without rendering", name);
            CHECKF(c < (1u << 10), "%s: unknown capability bits", name);
        }
        /* Haswell keeps everything Ivy Bridge has. */
        CHECKF((caps[0] & ~caps[1]) == 0, "%s: IVB 0x%03x not within HSW 0x%03x", name,
               caps[0], caps[1]);
    }
    uint16_t caps[2] = {1, 1};
    format_caps(512, caps);
    CHECK(caps[0] == 0 && caps[1] == 0);
    format_caps(~0u, caps);
    CHECK(caps[0] == 0 && caps[1] == 0);
}
