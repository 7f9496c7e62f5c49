/* SAMPLER_STATE (§2.12.3.1). */
#include <string.h>

#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

TEST(sampler_state_round_trip) { t_state_round_trip(&g7sf_desc_SAMPLER_STATE, 2000); }

/* Positions from Mesa src/intel/genxml/gen7.xml, struct SAMPLER_STATE. */
TEST(sampler_state_positions_match_mesa_gen7_xml)
{
    static const t_field_pos pos[] = {
        {"Sampler Disable", 31, 31},          {"Texture Border Color Mode", 29, 29},
        {"LOD PreClamp Enable", 28, 28},      {"Base Mip Level", 22, 26},
        {"Mip Mode Filter", 20, 21},          {"Mag Mode Filter", 17, 19},
        {"Min Mode Filter", 14, 16},          {"Texture LOD Bias", 1, 13},
        {"Anisotropic Algorithm", 0, 0},      {"Min LOD", 52, 63},
        {"Max LOD", 40, 51},                  {"Shadow Function", 33, 35},
        {"Cube Surface Control Mode", 32, 32},{"Border Color Pointer", 69, 95},
        {"ChromaKey Enable", 121, 121},       {"ChromaKey Index", 119, 120},
        {"ChromaKey Mode", 118, 118},         {"Maximum Anisotropy", 115, 117},
        {"R Address Min Filter Rounding Enable", 109, 109},
        {"R Address Mag Filter Rounding Enable", 110, 110},
        {"V Address Min Filter Rounding Enable", 111, 111},
        {"V Address Mag Filter Rounding Enable", 112, 112},
        {"U Address Min Filter Rounding Enable", 113, 113},
        {"U Address Mag Filter Rounding Enable", 114, 114},
        {"Trilinear Filter Quality", 107, 108},
        {"Non-normalized Coordinate Enable", 106, 106},
        {"TCX Address Control Mode", 102, 104}, {"TCY Address Control Mode", 99, 101},
        {"TCZ Address Control Mode", 96, 98},
    };
    t_state_positions(&g7sf_desc_SAMPLER_STATE, pos, sizeof pos / sizeof pos[0]);
}

TEST(sampler_state_fixed_point_and_enums_print_and_parse)
{
    const g7sf_state_desc *d = &g7sf_desc_SAMPLER_STATE;
    const g7sf_field *bias = g7sf_state_field(d, "Texture LOD Bias");
    const g7sf_field *minf = g7sf_state_field(d, "Min Mode Filter");
    const g7sf_field *bcp = g7sf_state_field(d, "Border Color Pointer");
    char buf[64];
    int64_t v;
    /* S4.8: -1.5 is -384, 13 bits two's complement 0x1E80, at DW0 bits 13:1 */
    CHECK_EQ(g7sf_field_parse(bias, "-1.5", &v), 0);
    CHECK_EQ(v, -384);
    uint32_t dw[4] = {0};
    CHECK_EQ(g7sf_field_insert(bias, 0, dw, v), 0);
    CHECK_EQ(dw[0], 0x1E80u << 1);
    CHECK_EQ(g7sf_field_extract(bias, 0, dw), -384);
    g7sf_field_format(bias, -384, buf, sizeof buf);
    CHECK_STR(buf, "-1.5 (raw:0x1e80)");
    CHECK_EQ(g7sf_field_parse(bias, "16.0", &v), G7SF_ERANGE);   /* range [-16, 16) */
    CHECK_EQ(g7sf_field_parse(bias, "0.001", &v), G7SF_ERANGE);  /* not a multiple of 1/256 */
    CHECK_EQ(g7sf_field_parse(minf, "MAPFILTER_ANISOTROPIC", &v), 0);
    CHECK_EQ(v, 2);
    g7sf_field_format(minf, 1, buf, sizeof buf);
    CHECK_STR(buf, "1 (MAPFILTER_LINEAR)");
    g7sf_field_format(minf, 4, buf, sizeof buf);
    CHECK_STR(buf, "4 (reserved)");
    CHECK_EQ(g7sf_field_parse(minf, "8", &v), G7SF_ERANGE);
    CHECK_EQ(g7sf_field_parse(minf, "LINEAR", &v), G7SF_EINVAL);
    /* ADDR keeps the value in place and must be aligned to its low bit */
    CHECK_EQ(g7sf_field_parse(bcp, "0x1000", &v), 0);
    CHECK_EQ(g7sf_field_parse(bcp, "0x1010", &v), G7SF_ERANGE);
    memset(dw, 0, sizeof dw);
    CHECK_EQ(g7sf_field_insert(bcp, 0, dw, 0x12340), 0);
    CHECK_EQ(dw[2], 0x12340u);
}

TEST(sampler_state_decodes_a_typical_trilinear_state)
{
    /* Built by hand: DW0 = MIPFILTER_LINEAR(3)<<20 | LINEAR<<17 | LINEAR<<14
     * | LOD PreClamp OGL<<28; DW1 = Max LOD 13.0 (13*256)<<8; DW3 =
     * TCX/TCY/TCZ = WRAP, CLAMP, MIRROR; rounding U/V min+mag enabled. */
    const uint32_t dw[4] = { 0x10000000u | 3u << 20 | 1u << 17 | 1u << 14,
                             (13u * 256) << 8, 0x00000020u,
                             0x00078000u | 0u << 6 | 2u << 3 | 1u };
    static const t_field_val want[] = {
        {"LOD PreClamp Enable", 1}, {"Mip Mode Filter", 3}, {"Mag Mode Filter", 1},
        {"Min Mode Filter", 1}, {"Max LOD", 3328}, {"Min LOD", 0},
        {"Border Color Pointer", 0x20}, {"U Address Min Filter Rounding Enable", 1},
        {"V Address Mag Filter Rounding Enable", 1}, {"R Address Min Filter Rounding Enable", 0},
        {"TCX Address Control Mode", 0}, {"TCY Address Control Mode", 2},
        {"TCZ Address Control Mode", 1}, {0, 0}};
    t_state_values(&g7sf_desc_SAMPLER_STATE, dw, want);
    g7sf_sampler_state s;
    g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE, dw, &s);
    CHECK_EQ(s.mip_mode_filter, 3);
    CHECK_EQ(s.max_lod, 3328);
    CHECK_EQ(s.tcy_address_control_mode, 2);
}

/* The min/max extension's fields (issue 22 A, docs/spec-notes.md "Patent
 * 003"): at their decided bits, and only in bits the PRM reserves, i.e.
 * outside every field of Mesa's gen7.xml (the positions test above);
 * together with that test, the table's PRM fields are gen7.xml's and the
 * rest is the extension's. */
TEST(sampler_state_extension_fields_sit_in_reserved_bits)
{
    static const t_field_pos ext[] = {
        {"Reduction Type (gen7sf ext)", 38, 39},
        {"Reduction Region Footprint (gen7sf ext)", 37, 37},
        {"Reduction Region Width (gen7sf ext)", 125, 127},
        {"Reduction Region Height (gen7sf ext)", 122, 124},
        {"Reduction Type Enable (gen7sf ext)", 105, 105},
    };
    const g7sf_state_desc *d = &g7sf_desc_SAMPLER_STATE;
    t_state_positions(d, ext, sizeof ext / sizeof ext[0]);
    uint32_t prm[4] = { 0 }, mine[4] = { 0 };
    unsigned n_ext = 0;
    for (unsigned i = 0; i < d->nfields; i++) {
        const g7sf_field *f = &d->fields[i];
        uint32_t m = (f->hi == 31 ? ~0u : (1u << (f->hi + 1)) - 1) & ~((1u << f->lo) - 1);
        bool is_ext = strstr(f->name, "(gen7sf ext)") != NULL;
        n_ext += is_ext;
        CHECKF(!(prm[f->dw] & m) && !(mine[f->dw] & m), "%s overlaps another field", f->name);
        (is_ext ? mine : prm)[f->dw] |= m;
    }
    CHECK_EQ(n_ext, 5);
    /* the extension's bits are exactly these */
    CHECK_EQ(mine[0], 0u);
    CHECK_EQ(mine[1], 0xE0u);
    CHECK_EQ(mine[2], 0u);
    CHECK_EQ(mine[3], 0xFC000200u);
    const g7sf_field *rt = g7sf_state_field(d, "Reduction Type (gen7sf ext)");
    char buf[64];
    g7sf_field_format(rt, 3, buf, sizeof buf);
    CHECK_STR(buf, "3 (MAXIMUM)");
    int64_t v;
    CHECK_EQ(g7sf_field_parse(rt, "MINIMUM", &v), 0);
    CHECK_EQ(v, 2);
    CHECK_EQ(G7SF_REDUCTION_STD_FILTER, 0);
    CHECK_EQ(G7SF_REDUCTION_COMPARISON, 1);
    CHECK_EQ(G7SF_REDUCTION_MINIMUM, 2);
    CHECK_EQ(G7SF_REDUCTION_MAXIMUM, 3);
}
