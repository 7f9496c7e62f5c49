/* RENDER_SURFACE_STATE (§2.12.2.1, spec lines 1967-2615) and
 * BINDING_TABLE_STATE (§3.8.1). */
#include <string.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

TEST(render_surface_state_round_trip) { t_state_round_trip(&g7sf_desc_RENDER_SURFACE_STATE, 2000); }
TEST(binding_table_state_round_trip) { t_state_round_trip(&g7sf_desc_BINDING_TABLE_STATE, 200); }

/* Positions from Mesa src/intel/genxml/gen7.xml, struct RENDER_SURFACE_STATE.
 * Mesa calls the MCS fields "Auxiliary Surface Base Address/Pitch"; the
 * PRM's names are used here with Mesa's bit numbers. */
TEST(render_surface_state_positions_match_mesa_gen7_xml)
{
    static const t_field_pos pos[] = {
        {"Surface Type", 29, 31},               {"Surface Array", 28, 28},
        {"Surface Format", 18, 26},             {"Surface Vertical Alignment", 16, 17},
        {"Surface Horizontal Alignment", 15, 15}, {"Tiled Surface", 14, 14},
        {"Tile Walk", 13, 13},                  {"Vertical Line Stride", 12, 12},
        {"Vertical Line Stride Offset", 11, 11}, {"Surface Array Spacing", 10, 10},
        {"Render Cache Read Write Mode", 8, 8}, {"Media Boundary Pixel Mode", 6, 7},
        {"Cube Face Enable - Positive Z", 0, 0}, {"Cube Face Enable - Negative Z", 1, 1},
        {"Cube Face Enable - Positive Y", 2, 2}, {"Cube Face Enable - Negative Y", 3, 3},
        {"Cube Face Enable - Positive X", 4, 4}, {"Cube Face Enable - Negative X", 5, 5},
        {"Surface Base Address", 32, 63},       {"Height", 80, 93},
        {"Width", 64, 77},                      {"Depth", 117, 127},
        {"Surface Pitch", 96, 113},             {"Render Target Rotation", 157, 158},
        {"Minimum Array Element", 146, 156},    {"Render Target View Extent", 135, 145},
        {"Multisampled Surface Storage Format", 134, 134},
        {"Number of Multisamples", 131, 133},   {"Multisample Position Palette Index", 128, 130},
        {"Strbuf Minimum Array Element", 128, 154},
        {"X Offset", 185, 191},                 {"Y Offset", 180, 183},
        {"Surface Object Control State", 176, 179}, {"Surface Min LOD", 164, 167},
        {"MIP Count / LOD", 160, 163},          {"Append Counter Address", 198, 223},
        {"Append Counter Enable", 193, 193},    {"MCS Base Address", 204, 223},
        {"MCS Surface Pitch", 195, 203},        {"MCS Enable", 192, 192},
        {"X Offset for UV Plane", 208, 221},    {"Y Offset for UV Plane", 192, 205},
        {"Red Clear Color", 255, 255},          {"Green Clear Color", 254, 254},
        {"Blue Clear Color", 253, 253},         {"Alpha Clear Color", 252, 252},
        {"Resource Min LOD", 224, 235},
    };
    const g7sf_state_desc *d = &g7sf_desc_RENDER_SURFACE_STATE;
    t_state_positions(d, pos, sizeof pos / sizeof pos[0]);
    /* not Mesa's: gen7sf's extension in the bit gen7.xml leaves reserved
     * beside MCS Enable (gen7sf/msaa_compress.h) */
    static const t_field_pos ext[] = { {"Index Compression Enable (gen7sf ext)", 193, 193} };
    t_state_positions(d, ext, 1);
    CHECK_EQ(t_fields_on(d, G7SF_IVB), sizeof pos / sizeof pos[0] + 1);   /* none unchecked */
    CHECK_EQ(d->dwords, 8);
}

/* What gen75.xml adds (the rest is gen7.xml's, above). */
TEST(render_surface_state_haswell_positions_match_mesa_gen75_xml)
{
    static const t_field_pos pos[] = {
        {"Integer Surface Format", 114, 116},    {"Shader Channel Select Red", 249, 251},
        {"Shader Channel Select Green", 246, 248}, {"Shader Channel Select Blue", 243, 245},
        {"Shader Channel Select Alpha", 240, 242},
    };
    const g7sf_state_desc *d = &g7sf_desc_RENDER_SURFACE_STATE;
    t_state_positions(d, pos, sizeof pos / sizeof pos[0]);
    CHECK_EQ(t_fields_on(d, G7SF_HSW) - t_fields_on(d, G7SF_IVB), sizeof pos / sizeof pos[0]);
    for (unsigned i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        const g7sf_field *f = g7sf_state_field(d, pos[i].field);
        CHECKF(f && !g7sf_field_on(f, G7SF_IVB), "%s on Ivy Bridge", pos[i].field);
    }
    /* SCS_ZERO 0, SCS_ONE 1, SCS_RED .. SCS_ALPHA 4 .. 7 (gen75.xml) */
    CHECK_EQ(G7SF_SCS_ZERO, 0);
    CHECK_EQ(G7SF_SCS_ONE, 1);
    CHECK_EQ(G7SF_SCS_RED, 4);
    CHECK_EQ(G7SF_SCS_ALPHA, 7);
}

TEST(binding_table_state_position_matches_mesa_gen7_xml)
{
    static const t_field_pos pos[] = { {"Surface State Pointer", 5, 31} };
    t_state_positions(&g7sf_desc_BINDING_TABLE_STATE, pos, 1);
    /* an entry points at the SURFACE_STATE 0x1040 bytes above the base */
    const uint32_t dw = 0x00001040u;
    static const t_field_val want[] = { {"Surface State Pointer", 0x1040}, {0, 0} };
    t_state_values(&g7sf_desc_BINDING_TABLE_STATE, &dw, want);
}

/* A 2D, Y-tiled, 256x128 R8G8B8A8_UNORM texture with a full chain of 9 mip
 * levels (256 → 1: log2(256) + 1), at 0x00100000, MOCS 1 (L3 cacheable),
 * encoded by hand from the PRM field descriptions:
 *   DW0 = SURFTYPE_2D 1<<29          0x20000000
 *       | format 0C7h<<18            0x031C0000
 *       | VALIGN_4 (1)<<16           0x00010000  (required for tiled Y RTs, line 2054)
 *       | Tiled Surface 1<<14        0x00004000
 *       | TILEWALK_YMAJOR 1<<13      0x00002000   = 0x231D6000
 *   DW1 = base                                      0x00100000
 *   DW2 = (Height-1 = 127)<<16 | (Width-1 = 255)    0x007F00FF
 *   DW3 = Depth-1 = 0; Pitch-1 = 256*4-1 = 1023     0x000003FF
 *   DW4 = 0
 *   DW5 = MOCS 1<<16 | MIP Count (U4 in LOD units - 1, line 2480: 8) 0x00010008
 *   DW6 = DW7 = 0 */
TEST(render_surface_state_decodes_a_2d_y_tiled_mipmapped_texture)
{
    const uint32_t dw[8] = { 0x231D6000u, 0x00100000u, 0x007F00FFu, 0x000003FFu,
                             0, 0x00010008u, 0, 0 };
    static const t_field_val want[] = {
        {"Surface Type", 1}, {"Surface Array", 0}, {"Surface Format", 0x0C7},
        {"Surface Vertical Alignment", 1}, {"Surface Horizontal Alignment", 0},
        {"Tiled Surface", 1}, {"Tile Walk", 1}, {"Surface Base Address", 0x00100000},
        {"Height", 127}, {"Width", 255}, {"Depth", 0}, {"Surface Pitch", 1023},
        {"Number of Multisamples", 0}, {"Surface Object Control State", 1},
        {"Surface Min LOD", 0}, {"MIP Count / LOD", 8}, {"MCS Enable", 0},
        {"Resource Min LOD", 0}, {0, 0}};
    t_state_values(&g7sf_desc_RENDER_SURFACE_STATE, dw, want);

    g7sf_render_surface_state s;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &s);
    CHECK_EQ(s.surface_format, G7SF_FORMAT_R8G8B8A8_UNORM);
    CHECK_EQ(s.tile_walk, 1);
    CHECK_EQ(s.width + 1, 256);
    CHECK_EQ(s.height + 1, 128);
    CHECK_EQ(s.mip_count_lod + 1, 9);
    uint32_t back[8];
    CHECK_EQ(g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &s, back), 0);
    for (unsigned i = 0; i < 8; i++)
        CHECKF(back[i] == dw[i], "DW%u packs as 0x%08x, want 0x%08x", i, back[i], dw[i]);

    char buf[64];
    g7sf_field_format(g7sf_state_field(&g7sf_desc_RENDER_SURFACE_STATE, "Surface Type"),
                      s.surface_type, buf, sizeof buf);
    CHECK_STR(buf, "1 (SURFTYPE_2D)");
}

/* A buffer of 1000 entries: entries-1 = 999 = 0b111_1100111 is split into
 * Width = bits 6:0 = 103 and Height = bits 20:7 = 7 (DW2 = 7<<16 | 103). */
TEST(render_surface_state_buffer_size_split)
{
    const uint32_t dw[8] = { 4u << 29 | 0x0D8u << 18, 0x2000u, 0x00070067u, 15u, 0, 0, 0, 0 };
    static const t_field_val want[] = {
        {"Surface Type", 4}, {"Surface Format", 0x0D8}, {"Width", 103}, {"Height", 7},
        {"Depth", 0}, {"Surface Pitch", 15}, {0, 0}};
    t_state_values(&g7sf_desc_RENDER_SURFACE_STATE, dw, want);
    g7sf_render_surface_state s;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &s);
    CHECK_EQ(((s.height << 7) | s.width) + 1, 1000);
}

/* DW6 read three ways: MCS at 0x00ABC000, pitch 3 (4 tiles - 1), enabled is
 * 0x00ABC000 | 3<<3 | 1 = 0x00ABC019; the same bits read as planar UV
 * offsets give X = bits 29:16 = 0x00AB, Y = bits 13:0 = 0x0019. */
TEST(render_surface_state_dw6_variants)
{
    const uint32_t dw[8] = { 0, 0, 0, 0, 0, 0, 0x00ABC019u, 0 };
    static const t_field_val want[] = {
        {"MCS Base Address", 0x00ABC000}, {"MCS Surface Pitch", 3}, {"MCS Enable", 1},
        {"X Offset for UV Plane", 0x00AB}, {"Y Offset for UV Plane", 0x0019},
        {"Append Counter Address", 0x00ABC000}, {"Append Counter Enable", 0},
        {"Index Compression Enable (gen7sf ext)", 0}, {0, 0}};
    t_state_values(&g7sf_desc_RENDER_SURFACE_STATE, dw, want);
    /* bit 1: the extension's Index Compression Enable, or a buffer's
     * Append Counter Enable */
    const uint32_t dw1[8] = { 0, 0, 0, 0, 0, 0, 0x00ABC01Bu, 0 };
    static const t_field_val want1[] = {
        {"MCS Enable", 1}, {"MCS Surface Pitch", 3}, {"Index Compression Enable (gen7sf ext)", 1},
        {"Append Counter Enable", 1}, {0, 0}};
    t_state_values(&g7sf_desc_RENDER_SURFACE_STATE, dw1, want1);
    /* the MCS address is 4 KiB aligned */
    int64_t v;
    const g7sf_field *mcs = g7sf_state_field(&g7sf_desc_RENDER_SURFACE_STATE, "MCS Base Address");
    CHECK_EQ(g7sf_field_parse(mcs, "0x1000", &v), 0);
    CHECK_EQ(g7sf_field_parse(mcs, "0x1800", &v), G7SF_ERANGE);
}
