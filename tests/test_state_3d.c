/* Sampler-related 3D state and commands (§2.12.5-2.12.8, spec lines
 * 4199-4420) and BLEND_STATE / COLOR_CALC_STATE (Mesa gen7.xml only). */
#include <string.h>

#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

#define N(a) (sizeof (a) / sizeof (a)[0])

TEST(round_trips)
{
    t_state_round_trip(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, 2000);
    t_state_round_trip(&g7sf_desc_3DSTATE_CHROMA_KEY, 1000);
    t_state_round_trip(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0, 50);
    t_state_round_trip(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD1, 50);
    t_state_round_trip(&g7sf_desc_3DSTATE_MONOFILTER_SIZE, 1000);
    t_state_round_trip(&g7sf_desc_BLEND_STATE, 500);
    t_state_round_trip(&g7sf_desc_COLOR_CALC_STATE, 2000);
}

TEST(registry_finds_the_3d_structures)
{
    CHECK(g7sf_state_find("3dstate_chroma_key") == &g7sf_desc_3DSTATE_CHROMA_KEY);
    CHECK_EQ(g7sf_desc_SAMPLER_BORDER_COLOR_STATE.dwords, 4);
    CHECK_EQ(g7sf_desc_3DSTATE_CHROMA_KEY.dwords, 4);
    CHECK_EQ(g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0.dwords, 257);   /* 1 + 256 entries */
    CHECK_EQ(g7sf_desc_3DSTATE_MONOFILTER_SIZE.dwords, 2);
    CHECK_EQ(g7sf_desc_BLEND_STATE.dwords, 16);                      /* 8 x 2 */
    CHECK_EQ(g7sf_desc_COLOR_CALC_STATE.dwords, 6);
}

/* gen7.xml positions.  Its "Border Color Float X" are the PRM's "Border
 * Color X" (lines 4216-4242); its "Border Color Unorm X" keep their name. */
TEST(sampler_border_color_state_positions_match_mesa_gen7_xml)
{
    static const t_field_pos pos[] = {
        {"Border Color Unorm Red", 0, 7},    {"Border Color Unorm Green", 8, 15},
        {"Border Color Unorm Blue", 16, 23}, {"Border Color Unorm Alpha", 24, 31},
        {"Border Color Red", 0, 31},         {"Border Color Green", 32, 63},
        {"Border Color Blue", 64, 95},       {"Border Color Alpha", 96, 127},
    };
    t_state_positions(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, pos, N(pos));
    CHECK_EQ(t_fields_on(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, G7SF_IVB), N(pos));
}

/* gen75.xml's 20-DWord layout adds the integer colours at DW16-19. */
TEST(sampler_border_color_state_haswell_positions_match_mesa_gen75_xml)
{
    static const t_field_pos pos[] = {
        {"Border Color 8bit Red", 512, 519},    {"Border Color 8bit Green", 520, 527},
        {"Border Color 8bit Blue", 528, 535},   {"Border Color 8bit Alpha", 536, 543},
        {"Border Color 16bit Red", 512, 527},   {"Border Color 16bit Green", 528, 543},
        {"Border Color 16bit Blue", 576, 591},  {"Border Color 16bit Alpha", 592, 607},
        {"Border Color 32bit Red", 512, 543},   {"Border Color 32bit Green", 544, 575},
        {"Border Color 32bit Blue", 576, 607},  {"Border Color 32bit Alpha", 608, 639},
    };
    const g7sf_state_desc *d = &g7sf_desc_SAMPLER_BORDER_COLOR_STATE;
    t_state_positions(d, pos, N(pos));
    CHECK_EQ(t_fields_on(d, G7SF_HSW) - t_fields_on(d, G7SF_IVB), N(pos));
    CHECK_EQ(g7sf_state_dwords(d, G7SF_HSW), 20);
}

static const t_field_pos command_header[] = {
    {"Command Type", 29, 31}, {"Command SubType", 27, 28}, {"3D Command Opcode", 24, 26},
    {"3D Command Sub Opcode", 16, 23}, {"DWord Length", 0, 7} };

TEST(command_positions_match_mesa_gen7_xml)
{
    static const t_field_pos chroma[] = {
        {"ChromaKey Table Index", 62, 63}, {"ChromaKey Low Value", 64, 95},
        {"ChromaKey High Value", 96, 127} };
    /* gen7.xml LOAD1 names the entry fields as the PRM does for LOAD0 */
    static const t_field_pos palette[] = {
        {"Palette Alpha", 56, 63}, {"Palette Red", 48, 55},
        {"Palette Green", 40, 47}, {"Palette Blue", 32, 39} };
    static const t_field_pos mono[] = {
        {"Monochrome Filter Width", 35, 37}, {"Monochrome Filter Height", 32, 34} };
    const g7sf_state_desc *cmds[] = {
        &g7sf_desc_3DSTATE_CHROMA_KEY, &g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0,
        &g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD1, &g7sf_desc_3DSTATE_MONOFILTER_SIZE };
    for (unsigned i = 0; i < N(cmds); i++)
        t_state_positions(cmds[i], command_header, N(command_header));
    t_state_positions(&g7sf_desc_3DSTATE_CHROMA_KEY, chroma, N(chroma));
    t_state_positions(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0, palette, N(palette));
    t_state_positions(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD1, palette, N(palette));
    t_state_positions(&g7sf_desc_3DSTATE_MONOFILTER_SIZE, mono, N(mono));
    CHECK_EQ(g7sf_desc_3DSTATE_CHROMA_KEY.nfields, N(command_header) + N(chroma));
    CHECK_EQ(g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0.nfields, N(command_header) + N(palette));
    CHECK_EQ(g7sf_desc_3DSTATE_MONOFILTER_SIZE.nfields, N(command_header) + N(mono));
}

/* Entry 0 of gen7.xml BLEND_STATE_ENTRY; entry i is 64 bits further. */
TEST(blend_state_positions_match_mesa_gen7_xml)
{
    static const t_field_pos pos[] = {
        {"Color Buffer Blend Enable", 31, 31},     {"Independent Alpha Blend Enable", 30, 30},
        {"Alpha Blend Function", 26, 28},          {"Source Alpha Blend Factor", 20, 24},
        {"Destination Alpha Blend Factor", 15, 19}, {"Color Blend Function", 11, 13},
        {"Source Blend Factor", 5, 9},             {"Destination Blend Factor", 0, 4},
        {"AlphaToCoverage Enable", 63, 63},        {"AlphaToOne Enable", 62, 62},
        {"AlphaToCoverage Dither Enable", 61, 61}, {"Write Disable Alpha", 59, 59},
        {"Write Disable Red", 58, 58},             {"Write Disable Green", 57, 57},
        {"Write Disable Blue", 56, 56},            {"Logic Op Enable", 54, 54},
        {"Logic Op Function", 50, 53},             {"Alpha Test Enable", 48, 48},
        {"Alpha Test Function", 45, 47},           {"Color Dither Enable", 44, 44},
        {"X Dither Offset", 42, 43},               {"Y Dither Offset", 40, 41},
        {"Color Clamp Range", 34, 35},             {"Pre-Blend Color Clamp Enable", 33, 33},
        {"Post-Blend Color Clamp Enable", 32, 32},
    };
    const g7sf_state_desc *d = &g7sf_desc_BLEND_STATE;
    t_state_positions(d, pos, N(pos));
    CHECK_EQ(d->nfields, N(pos));
    for (unsigned i = 0; i < d->nfields; i++)
        CHECKF(d->fields[i].count == 8 && d->fields[i].dw_stride == 2 &&
               d->fields[i].bit_stride == 0, "%s is not one element per render target",
               d->fields[i].name);
}

TEST(color_calc_state_positions_match_mesa_gen7_xml)
{
    static const t_field_pos pos[] = {
        {"Stencil Reference Value", 24, 31},       {"Backface Stencil Reference Value", 16, 23},
        {"Round Disable Function Disable", 15, 15}, {"Alpha Test Format", 0, 0},
        {"Alpha Reference Value As UNORM8", 32, 63}, {"Alpha Reference Value As FLOAT32", 32, 63},
        {"Blend Constant Color Red", 64, 95},      {"Blend Constant Color Green", 96, 127},
        {"Blend Constant Color Blue", 128, 159},   {"Blend Constant Color Alpha", 160, 191},
    };
    t_state_positions(&g7sf_desc_COLOR_CALC_STATE, pos, N(pos));
    CHECK_EQ(g7sf_desc_COLOR_CALC_STATE.nfields, N(pos));
}

/* DX10/OGL: R,G,B,A = 1.0 (0x3F800000), 0.5 (0x3F000000), 0.25 (0x3E800000),
 * -2.0 (0xC0000000).  The same DW0 read in DX9 mode: A = 0x3F, B = 0x80,
 * G = R = 0. */
TEST(sampler_border_color_state_decodes_both_modes)
{
    const uint32_t dw[4] = { 0x3F800000u, 0x3F000000u, 0x3E800000u, 0xC0000000u };
    g7sf_sampler_border_color_state s;
    g7sf_state_unpack(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, dw, &s);
    CHECK(s.border_color_red == 1.0f);
    CHECK(s.border_color_green == 0.5f);
    CHECK(s.border_color_blue == 0.25f);
    CHECK(s.border_color_alpha == -2.0f);
    CHECK_EQ(s.border_color_unorm_alpha, 0x3F);
    CHECK_EQ(s.border_color_unorm_blue, 0x80);
    CHECK_EQ(s.border_color_unorm_green, 0);
    CHECK_EQ(s.border_color_unorm_red, 0);

    /* DX9 opaque orange: R = 0xFF, G = 0x80, B = 0, A = 0xFF → 0xFF0080FF */
    const uint32_t dx9[4] = { 0xFF0080FFu, 0, 0, 0 };
    static const t_field_val want[] = {
        {"Border Color Unorm Red", 0xFF}, {"Border Color Unorm Green", 0x80},
        {"Border Color Unorm Blue", 0}, {"Border Color Unorm Alpha", 0xFF}, {0, 0}};
    t_state_values(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, dx9, want);
    char buf[32];
    g7sf_field_format(g7sf_state_field(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, "Border Color Green"),
                      0x3F000000, buf, sizeof buf);
    CHECK_STR(buf, "0.5 (raw:0x3f000000)");
}

/* Header DW0 of a 3D command: 3<<29 | 3<<27 | opcode<<24 | sub<<16 | length. */
static void check_header(const g7sf_state_desc *d, const uint32_t *dw, unsigned opcode,
                         unsigned sub_opcode, unsigned length)
{
    const t_field_val want[] = {
        {"Command Type", G7SF_COMMAND_TYPE_GFXPIPE}, {"Command SubType", G7SF_COMMAND_SUBTYPE_GFXPIPE_3D},
        {"3D Command Opcode", opcode}, {"3D Command Sub Opcode", sub_opcode},
        {"DWord Length", length}, {0, 0}};
    t_state_values(d, dw, want);
}

TEST(commands_decode_hand_built)
{
    /* gen7.xml defaults: type 3, subtype 3, opcode 1; sub-opcodes 4, 2, 12,
     * 17 (the PRM's 04h, 02h, 11h); lengths 2 (chroma key), 0 (monofilter). */
    CHECK_EQ(G7SF_COMMAND_TYPE_GFXPIPE, 3);
    CHECK_EQ(G7SF_COMMAND_SUBTYPE_GFXPIPE_3D, 3);
    CHECK_EQ(G7SF_3D_OPCODE_3DSTATE_NONPIPELINED, 1);
    CHECK_EQ(G7SF_SUBOP_3DSTATE_CHROMA_KEY, 4);
    CHECK_EQ(G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD0, 2);
    CHECK_EQ(G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD1, 12);
    CHECK_EQ(G7SF_SUBOP_3DSTATE_MONOFILTER_SIZE, 17);
    CHECK_EQ(G7SF_LENGTH_3DSTATE_CHROMA_KEY, 2);
    CHECK_EQ(G7SF_LENGTH_3DSTATE_MONOFILTER_SIZE, 0);

    /* Chroma key table entry 2, keys A/R/G/B 00/10/20/30 .. FF/40/50/60:
     * DW0 = 0x60000000 | 0x18000000 | 0x01000000 | 0x00040000 | 2 */
    const uint32_t ck[4] = { 0x79040002u, 2u << 30, 0x00102030u, 0xFF405060u };
    check_header(&g7sf_desc_3DSTATE_CHROMA_KEY, ck, 1, 4, 2);
    static const t_field_val ck_want[] = {
        {"ChromaKey Table Index", 2}, {"ChromaKey Low Value", 0x00102030},
        {"ChromaKey High Value", 0xFF405060}, {0, 0}};
    t_state_values(&g7sf_desc_3DSTATE_CHROMA_KEY, ck, ck_want);

    /* 5x3 mono filter: DW1 = 5<<3 | 3 = 0x2B */
    const uint32_t mf[2] = { 0x79110000u, 0x2Bu };
    check_header(&g7sf_desc_3DSTATE_MONOFILTER_SIZE, mf, 1, 0x11, 0);
    static const t_field_val mf_want[] = {
        {"Monochrome Filter Width", 5}, {"Monochrome Filter Height", 3}, {0, 0}};
    t_state_values(&g7sf_desc_3DSTATE_MONOFILTER_SIZE, mf, mf_want);

    /* Two palette-0 entries: DWord Length = (1 + 2) - 2 = 1. */
    uint32_t pl[257] = { 0x79020001u, 0xFF102030u, 0x80FFEE01u };
    check_header(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0, pl, 1, 2, 1);
    g7sf_3dstate_sampler_palette_load0 p;
    g7sf_state_unpack(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0, pl, &p);
    CHECK_EQ(p.palette_alpha[0], 0xFF);
    CHECK_EQ(p.palette_red[0], 0x10);
    CHECK_EQ(p.palette_green[0], 0x20);
    CHECK_EQ(p.palette_blue[0], 0x30);
    CHECK_EQ(p.palette_alpha[1], 0x80);
    CHECK_EQ(p.palette_red[1], 0xFF);
    CHECK_EQ(p.palette_green[1], 0xEE);
    CHECK_EQ(p.palette_blue[1], 0x01);
    CHECK_EQ(p.palette_alpha[255], 0);
    /* the last entry sits in DW256 */
    const g7sf_field *blue = g7sf_state_field(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD0, "Palette Blue");
    CHECK_EQ(g7sf_field_insert(blue, 255, pl, 0x7F), 0);
    CHECK_EQ(pl[256], 0x7F);
    char name[32];
    g7sf_field_name(blue, 255, name, sizeof name);
    CHECK_STR(name, "Palette Blue[255]");

    const uint32_t pl1[2] = { 0x790C0000u, 0x01020304u };
    check_header(&g7sf_desc_3DSTATE_SAMPLER_PALETTE_LOAD1, pl1, 1, 12, 0);
}

/* Render target 0: classic alpha blending, colour = src*As + dst*(1-As),
 * alpha separately = src*1 + dst*0:
 *   DW0 = Blend Enable 1<<31 | Independent Alpha 1<<30 | ADD(0)<<26
 *       | ONE(0x01)<<20 | ZERO(0x11)<<15 | ADD(0)<<11 | SRC_ALPHA(3)<<5
 *       | INV_SRC_ALPHA(0x13) = 0xC0000000 | 0x00100000 | 0x00088000 | 0x60 | 0x13
 *       = 0xC0188073
 *   DW1 = COLORCLAMP_RTFORMAT(2)<<2 | pre 1<<1 | post 1 = 0x0000000B
 * Render target 3 (DW7): Write Disable Alpha 1<<27 | Logic Op Enable 1<<22
 *   | LOGICOP_XOR(6)<<18 = 0x08580000.
 * Render target 7 (DW14): Alpha Blend Function MAX(4)<<26 = 0x10000000. */
TEST(blend_state_decodes_per_render_target)
{
    uint32_t dw[16] = {0};
    dw[0] = 0xC0188073u, dw[1] = 0x0000000Bu, dw[7] = 0x08580000u, dw[14] = 0x10000000u;
    g7sf_blend_state b;
    g7sf_state_unpack(&g7sf_desc_BLEND_STATE, dw, &b);
    CHECK_EQ(b.color_buffer_blend_enable[0], 1);
    CHECK_EQ(b.independent_alpha_blend_enable[0], 1);
    CHECK_EQ(b.source_blend_factor[0], 3);
    CHECK_EQ(b.destination_blend_factor[0], 0x13);
    CHECK_EQ(b.source_alpha_blend_factor[0], 0x01);
    CHECK_EQ(b.destination_alpha_blend_factor[0], 0x11);
    CHECK_EQ(b.color_clamp_range[0], 2);
    CHECK_EQ(b.pre_blend_color_clamp_enable[0], 1);
    CHECK_EQ(b.post_blend_color_clamp_enable[0], 1);
    CHECK_EQ(b.color_buffer_blend_enable[1], 0);
    CHECK_EQ(b.write_disable_alpha[3], 1);
    CHECK_EQ(b.logic_op_enable[3], 1);
    CHECK_EQ(b.logic_op_function[3], 6);
    CHECK_EQ(b.write_disable_red[3], 0);
    CHECK_EQ(b.alpha_blend_function[7], 4);

    const g7sf_field *f = g7sf_state_field(&g7sf_desc_BLEND_STATE, "Destination Blend Factor");
    char buf[64];
    g7sf_field_format(f, b.destination_blend_factor[0], buf, sizeof buf);
    CHECK_STR(buf, "19 (BLENDFACTOR_INV_SRC_ALPHA)");
    int64_t v;
    f = g7sf_state_field(&g7sf_desc_BLEND_STATE, "Alpha Test Function");
    CHECK_EQ(g7sf_field_parse(f, "COMPAREFUNCTION_GEQUAL", &v), 0);
    CHECK_EQ(v, 7);
}

/* DW0 = stencil ref 0x55<<24 | back 0xAA<<16 | ALPHATEST_FLOAT32 = 0x55AA0001;
 * DW1 = 0.5f; blend constant (1, 0, 0.25, 1). */
TEST(color_calc_state_decodes_float_and_unorm_alpha_reference)
{
    const uint32_t dw[6] = { 0x55AA0001u, 0x3F000000u, 0x3F800000u, 0, 0x3E800000u, 0x3F800000u };
    g7sf_color_calc_state c;
    g7sf_state_unpack(&g7sf_desc_COLOR_CALC_STATE, dw, &c);
    CHECK_EQ(c.stencil_reference_value, 0x55);
    CHECK_EQ(c.backface_stencil_reference_value, 0xAA);
    CHECK_EQ(c.alpha_test_format, 1);
    CHECK(c.alpha_reference_value == 0.5f);
    CHECK(c.blend_constant_color_red == 1.0f && c.blend_constant_color_green == 0.0f);
    CHECK(c.blend_constant_color_blue == 0.25f && c.blend_constant_color_alpha == 1.0f);
    /* ALPHATEST_UNORM8 with reference 0x80 (128/255) */
    const uint32_t un[6] = { 0, 0x80u, 0, 0, 0, 0 };
    static const t_field_val want[] = {
        {"Alpha Test Format", 0}, {"Alpha Reference Value As UNORM8", 0x80}, {0, 0}};
    t_state_values(&g7sf_desc_COLOR_CALC_STATE, un, want);
}
