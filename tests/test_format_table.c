/* Surface format table (§2.12.2.1.1, spec lines 2617-2868 of
 * 001_c1c57b1d5d55c865.txt; line numbers below point there). */
#include <string.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "harness.h"

/* Counted in the PRM table: 220 distinct codes are printed (some rows
 * merged by the OCR, e.g. "093h 094h", "0ECh 0EDh", "1971i 198h"), and the
 * name R10G10B10X2_USCALED sits on the 0F2h row (line 2723) without its
 * code 0F3h, the gap between 0F2h and 0F4h: 221 formats, as many as Mesa's
 * isl enum lists for Gen7. */
#define PRM_FORMAT_COUNT 221

TEST(format_count_and_uniqueness)
{
    unsigned n = 0;
    const char *names[512] = {0};
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f)
            continue;
        CHECKF(f->code == code, "code 0x%03x: info says 0x%03x", code, f->code);
        for (unsigned i = 0; i < n; i++)
            CHECKF(strcmp(names[i], f->name) != 0, "name %s used twice", f->name);
        names[n++] = f->name;
    }
    CHECK_EQ(n, PRM_FORMAT_COUNT);
    CHECK(g7sf_format_info(512) == NULL);
    CHECK(g7sf_format_info(0x009) == NULL);   /* gap after 008h (line 2638) */
    CHECK(g7sf_format_info(0x0C6) == NULL);   /* gap between 0C5h and 0C7h (2683-2684) */
    CHECK(g7sf_format_info(0x151) == NULL);   /* gap between 150h and 152h (2792-2793) */
    CHECK(g7sf_format_info(0x1FE) == NULL);
}

TEST(format_enum_table_matches_lookup)
{
    unsigned n = 0;
    for (const g7sf_enum *e = g7sf_en_surface_format; e->name; e++, n++) {
        const struct g7sf_format_info *f = g7sf_format_info(e->value);
        CHECKF(f && strcmp(f->name, e->name) == 0, "enum %s (0x%03x) not in the lookup",
               e->name, (unsigned)e->value);
    }
    CHECK_EQ(n, PRM_FORMAT_COUNT);
}

static void check_format(unsigned code, const char *name, unsigned bpb, unsigned bw, unsigned bh)
{
    const struct g7sf_format_info *f = g7sf_format_info(code);
    CHECKF(f != NULL, "no format 0x%03x", code);
    if (!f)
        return;
    CHECKF(strcmp(f->name, name) == 0, "0x%03x is %s, want %s", code, f->name, name);
    CHECKF(f->bits_per_block == bpb && f->block_w == bw && f->block_h == bh,
           "%s: %u bits per %ux%u block, want %u per %ux%u", name, f->bits_per_block,
           f->block_w, f->block_h, bpb, bw, bh);
}

TEST(format_codes_checked_against_prm_lines)
{
    check_format(0x000, "R32G32B32A32_FLOAT", 128, 1, 1);   /* line 2630 */
    check_format(0x040, "R32G32B32_FLOAT", 96, 1, 1);       /* line 2641 */
    check_format(0x0C1, "B8G8R8A8_UNORM_SRGB", 32, 1, 1);   /* line 2679 */
    check_format(0x0C7, "R8G8B8A8_UNORM", 32, 1, 1);        /* line 2684 */
    check_format(0x0D3, "R11G11B10_FLOAT", 32, 1, 1);       /* line 2696 */
    check_format(0x100, "B5G6R5_UNORM", 16, 1, 1);          /* line 2734 */
    check_format(0x140, "R8_UNORM", 8, 1, 1);               /* line 2772 */
    check_format(0x182, "YCRCB_NORMAL", 16, 1, 1);          /* line 2800, BPE 0: see format.h */
    check_format(0x18E, "MONO8", 1, 1, 1);                  /* line 2812 */
    check_format(0x1A2, "BC7_UNORM", 128, 4, 4);            /* line 2836 */
    check_format(0x1A8, "R8G8B8_UNORM_SRGB", 24, 1, 1);     /* line 2840 */
    check_format(0x1C9, "R8G8B8_SINT", 24, 1, 1);           /* line 2867 */
    check_format(0x1FF, "RAW", 8, 1, 1);                    /* line 2868, BPE 0: see format.h */
}

TEST(format_ocr_damage_repaired)
{
    check_format(0x08D, "R64_FLOAT", 64, 1, 1);             /* line 2662: name blank */
    check_format(0x0C8, "R8G8B8A8_UNORM_SRGB", 32, 1, 1);   /* line 2685: name blank */
    check_format(0x111, "I16_UNORM", 16, 1, 1);             /* line 2751: name blank */
    check_format(0x149, "R8_SSCALED", 8, 1, 1);             /* line 2785: name blank */
    check_format(0x152, "L8_UINT", 8, 1, 1);                /* line 2793: name blank */
    check_format(0x092, "I32X32_FLOAT", 64, 1, 1);          /* line 2667: "132X32" */
    check_format(0x0E0, "I24X8_UNORM", 32, 1, 1);           /* line 2705: "124X8" */
    check_format(0x154, "I8_UINT", 8, 1, 1);                /* line 2795: "18_UINT" */
    check_format(0x155, "I8_SINT", 8, 1, 1);                /* line 2796: "18_SINT" */
    check_format(0x093, "R16G16B16A16_SSCALED", 64, 1, 1);  /* line 2668: merged rows */
    check_format(0x094, "R16G16B16A16_USCALED", 64, 1, 1);
    check_format(0x095, "R32G32_SSCALED", 64, 1, 1);        /* line 2670: "09011" */
    check_format(0x0ED, "R9G9B9E5_SHAREDEXP", 32, 1, 1);    /* line 2718: merged */
    check_format(0x0F3, "R10G10B10X2_USCALED", 32, 1, 1);   /* line 2723: merged */
    check_format(0x0D1, "B10G10R10A2_UNORM", 32, 1, 1);     /* line 2694: blank for '_' */
    check_format(0x0E6, "X8B8_UNORM_G8R8_SNORM", 32, 1, 1); /* line 2711 */
    check_format(0x14C, "L8_UNORM_SRGB", 8, 1, 1);          /* line 2788 */
    check_format(0x198, "R64G64B64_FLOAT", 192, 1, 1);      /* line 2822: 3 x 64 bits */
}

TEST(format_block_sizes_by_hand)
{
    /* BC1: two RGB565 endpoints (32 bits) + 16 2-bit indices (32) = 64 bits
     * for 4x4 texels; BC3 adds a 64-bit alpha block: 128. */
    check_format(0x186, "BC1_UNORM", 64, 4, 4);
    check_format(0x188, "BC3_UNORM", 128, 4, 4);
    /* BC4: two 8-bit endpoints + 16 3-bit indices = 16 + 48 = 64 bits */
    check_format(0x189, "BC4_UNORM", 64, 4, 4);
    check_format(0x18A, "BC5_UNORM", 128, 4, 4);        /* two BC4 blocks */
    check_format(0x1A9, "ETC1_RGB8", 64, 4, 4);         /* 4x4 at 4 bits per texel */
    check_format(0x1C2, "ETC2_EAC_RGBA8", 128, 4, 4);   /* ETC2 RGB + EAC alpha */
    check_format(0x1AC, "EAC_RG11", 128, 4, 4);         /* two 64-bit EAC blocks */
    check_format(0x192, "FXT1", 128, 8, 4);             /* 8x4 texels at 4 bits */
    /* Uncompressed: sum of the channel widths in the name. */
    check_format(0x0C2, "R10G10B10A2_UNORM", 32, 1, 1); /* 10+10+10+2 */
    check_format(0x19B, "R16G16B16_FLOAT", 48, 1, 1);   /* 3 x 16 */
    check_format(0x197, "R64G64B64A64_FLOAT", 256, 1, 1);
    check_format(0x104, "B4G4R4A4_UNORM", 16, 1, 1);
    check_format(0x181, "R1_UNORM", 1, 1, 1);
    check_format(0x184, "P2_UNORM_PALETTE0", 2, 1, 1);
    check_format(0x1A5, "PLANAR_420_8", 8, 1, 1);       /* the Y plane: see format.h */
}

TEST(format_names_print_in_surface_state)
{
    const g7sf_field *f = g7sf_state_field(&g7sf_desc_RENDER_SURFACE_STATE, "Surface Format");
    char buf[64];
    int64_t v;
    g7sf_field_format(f, 0x0C8, buf, sizeof buf);
    CHECK_STR(buf, "200 (R8G8B8A8_UNORM_SRGB)");
    CHECK_EQ(g7sf_field_parse(f, "I8_SINT", &v), 0);
    CHECK_EQ(v, 0x155);
    CHECK_EQ(G7SF_FORMAT_BC7_UNORM, 0x1A2);
}
