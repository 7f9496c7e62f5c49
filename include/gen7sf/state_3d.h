/* Sampler-related 3D state: SAMPLER_BORDER_COLOR_STATE (§2.12.5), the
 * commands 3DSTATE_CHROMA_KEY (§2.12.6), 3DSTATE_SAMPLER_PALETTE_LOAD0/1
 * (§2.12.7) and 3DSTATE_MONOFILTER_SIZE (§2.12.8), and the render-target
 * blending state BLEND_STATE and COLOR_CALC_STATE, which the PRM text does
 * not contain (taken from Mesa's gen7.xml; their section is "").
 * Included by state.h. */
#ifndef GEN7SF_STATE_3D_H
#define GEN7SF_STATE_3D_H

/* The border colour for DX10/OGL mode is four floats; DX9 mode reads DW0 as
 * UNORM8 A/B/G/R over the float red, hence the V rows.  The 12-DW layout of
 * §2.12.5.1 (every format at once) is an older chip's; Ivy Bridge reads 4
 * DWs.  Haswell's 20-DW layout (integer colours at DW16) is not modelled
 * yet (docs/spec-notes.md). */
#define G7SF_SAMPLER_BORDER_COLOR_STATE_DWORDS 4
#define G7SF_SAMPLER_BORDER_COLOR_STATE_FIELDS(F, A, V)                                   \
    F(border_color_red,         "Border Color Red",         0, 31,  0, FLOAT, 0, 0)       \
    F(border_color_green,       "Border Color Green",       1, 31,  0, FLOAT, 0, 0)       \
    F(border_color_blue,        "Border Color Blue",        2, 31,  0, FLOAT, 0, 0)       \
    F(border_color_alpha,       "Border Color Alpha",       3, 31,  0, FLOAT, 0, 0)       \
    V(border_color_unorm_alpha, "Border Color Unorm Alpha", 0, 31, 24, U,     0, 0)       \
    V(border_color_unorm_blue,  "Border Color Unorm Blue",  0, 23, 16, U,     0, 0)       \
    V(border_color_unorm_green, "Border Color Unorm Green", 0, 15,  8, U,     0, 0)       \
    V(border_color_unorm_red,   "Border Color Unorm Red",   0,  7,  0, U,     0, 0)
G7SF_STATE_STRUCT(SAMPLER_BORDER_COLOR_STATE, sampler_border_color_state)

/* DW0 of every 3D command.  A command occupies DWord Length + 2 DWords. */
#define G7SF_3D_COMMAND_HEADER(F)                                                         \
    F(command_type,        "Command Type",          0, 31, 29, U, 0, 0)                   \
    F(command_subtype,     "Command SubType",       0, 28, 27, U, 0, 0)                   \
    F(command_opcode,      "3D Command Opcode",     0, 26, 24, U, 0, 0)                   \
    F(command_sub_opcode,  "3D Command Sub Opcode", 0, 23, 16, U, 0, 0)                   \
    F(dword_length,        "DWord Length",          0,  7,  0, U, 0, 0)

/* Header values of these commands (PRM, agreeing with gen7.xml). */
enum g7sf_3d_command {
    G7SF_COMMAND_TYPE_GFXPIPE = 3,
    G7SF_COMMAND_SUBTYPE_GFXPIPE_3D = 3,
    G7SF_3D_OPCODE_3DSTATE_NONPIPELINED = 1,
    G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD0 = 0x02,
    G7SF_SUBOP_3DSTATE_CHROMA_KEY = 0x04,
    G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD1 = 0x0C,   /* gen7.xml: not in the PRM text */
    G7SF_SUBOP_3DSTATE_MONOFILTER_SIZE = 0x11,
    G7SF_LENGTH_3DSTATE_CHROMA_KEY = 2,
    G7SF_LENGTH_3DSTATE_MONOFILTER_SIZE = 0,
    /* the render cache's commands (render_cache.h), from gen7.xml */
    G7SF_3D_OPCODE_3DSTATE_PIPELINED = 0,
    G7SF_SUBOP_3DSTATE_MULTISAMPLE = 0x0D,          /* non-pipelined */
    G7SF_SUBOP_3DSTATE_WM = 0x14,
    G7SF_SUBOP_3DSTATE_SAMPLE_MASK = 0x18,
    G7SF_SUBOP_3DSTATE_BLEND_STATE_POINTERS = 0x24,
    G7SF_LENGTH_3DSTATE_MULTISAMPLE = 2,
    G7SF_LENGTH_3DSTATE_WM = 1,
    G7SF_LENGTH_3DSTATE_SAMPLE_MASK = 0,
    G7SF_LENGTH_3DSTATE_BLEND_STATE_POINTERS = 0
};

/* The key values pack 8-bit channels A/R/G/B (YCrCb: A/Cr/Y/Cb) from bit 31
 * down; kept as one U each, as the PRM and gen7.xml do. */
#define G7SF_3DSTATE_CHROMA_KEY_DWORDS 4
#define G7SF_3DSTATE_CHROMA_KEY_FIELDS(F, A, V)                                           \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(chromakey_table_index, "ChromaKey Table Index", 1, 31, 30, U, 0, 0)                 \
    F(chromakey_low_value,   "ChromaKey Low Value",   2, 31,  0, U, 0, 0)                 \
    F(chromakey_high_value,  "ChromaKey High Value",  3, 31,  0, U, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_CHROMA_KEY, 3dstate_chroma_key)

/* Room for all 256 palette entries (DWord Length 255); a shorter load
 * carries DWord Length + 1 entries and fills the palette from index 0. */
#define G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_DWORDS 257
#define G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_FIELDS(F, A, V)                                \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    A(palette_alpha, "Palette Alpha", 1, 31, 24, U, 0, 0, 256, 1, 0)                      \
    A(palette_red,   "Palette Red",   1, 23, 16, U, 0, 0, 256, 1, 0)                      \
    A(palette_green, "Palette Green", 1, 15,  8, U, 0, 0, 256, 1, 0)                      \
    A(palette_blue,  "Palette Blue",  1,  7,  0, U, 0, 0, 256, 1, 0)
G7SF_STATE_STRUCT(3DSTATE_SAMPLER_PALETTE_LOAD0, 3dstate_sampler_palette_load0)

/* The second palette: the same layout under another sub-opcode. */
#define G7SF_3DSTATE_SAMPLER_PALETTE_LOAD1_DWORDS G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_DWORDS
#define G7SF_3DSTATE_SAMPLER_PALETTE_LOAD1_FIELDS G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_FIELDS
G7SF_STATE_STRUCT(3DSTATE_SAMPLER_PALETTE_LOAD1, 3dstate_sampler_palette_load1)

#define G7SF_3DSTATE_MONOFILTER_SIZE_DWORDS 2
#define G7SF_3DSTATE_MONOFILTER_SIZE_FIELDS(F, A, V)                                      \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(monochrome_filter_width,  "Monochrome Filter Width",  1, 5, 3, U, 0, 0)             \
    F(monochrome_filter_height, "Monochrome Filter Height", 1, 2, 0, U, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_MONOFILTER_SIZE, 3dstate_monofilter_size)

/* One 2-DW BLEND_STATE_ENTRY per render target, 8 render targets: every
 * field is an array indexed by the Render Target Index. */
#define G7SF_BLEND_STATE_DWORDS 16
#define G7SF_BLEND_STATE_FIELDS(F, A, V)                                                                    \
    A(color_buffer_blend_enable,     "Color Buffer Blend Enable",        0, 31, 31, BOOL, 0, 0, 8, 2, 0)      \
    A(independent_alpha_blend_enable, "Independent Alpha Blend Enable",  0, 30, 30, BOOL, 0, 0, 8, 2, 0)      \
    A(alpha_blend_function,          "Alpha Blend Function",             0, 28, 26, ENUM, 0, g7sf_en_blend_function, 8, 2, 0) \
    A(source_alpha_blend_factor,     "Source Alpha Blend Factor",        0, 24, 20, ENUM, 0, g7sf_en_blend_factor, 8, 2, 0) \
    A(destination_alpha_blend_factor, "Destination Alpha Blend Factor",  0, 19, 15, ENUM, 0, g7sf_en_blend_factor, 8, 2, 0) \
    A(color_blend_function,          "Color Blend Function",             0, 13, 11, ENUM, 0, g7sf_en_blend_function, 8, 2, 0) \
    A(source_blend_factor,           "Source Blend Factor",              0,  9,  5, ENUM, 0, g7sf_en_blend_factor, 8, 2, 0) \
    A(destination_blend_factor,      "Destination Blend Factor",         0,  4,  0, ENUM, 0, g7sf_en_blend_factor, 8, 2, 0) \
    A(alpha_to_coverage_enable,      "AlphaToCoverage Enable",           1, 31, 31, BOOL, 0, 0, 8, 2, 0)      \
    A(alpha_to_one_enable,           "AlphaToOne Enable",                1, 30, 30, BOOL, 0, 0, 8, 2, 0)      \
    A(alpha_to_coverage_dither_enable, "AlphaToCoverage Dither Enable",  1, 29, 29, BOOL, 0, 0, 8, 2, 0)      \
    A(write_disable_alpha,           "Write Disable Alpha",              1, 27, 27, BOOL, 0, 0, 8, 2, 0)      \
    A(write_disable_red,             "Write Disable Red",                1, 26, 26, BOOL, 0, 0, 8, 2, 0)      \
    A(write_disable_green,           "Write Disable Green",              1, 25, 25, BOOL, 0, 0, 8, 2, 0)      \
    A(write_disable_blue,            "Write Disable Blue",               1, 24, 24, BOOL, 0, 0, 8, 2, 0)      \
    A(logic_op_enable,               "Logic Op Enable",                  1, 22, 22, BOOL, 0, 0, 8, 2, 0)      \
    A(logic_op_function,             "Logic Op Function",                1, 21, 18, ENUM, 0, g7sf_en_logic_op, 8, 2, 0) \
    A(alpha_test_enable,             "Alpha Test Enable",                1, 16, 16, BOOL, 0, 0, 8, 2, 0)      \
    A(alpha_test_function,           "Alpha Test Function",              1, 15, 13, ENUM, 0, g7sf_en_compare_function, 8, 2, 0) \
    A(color_dither_enable,           "Color Dither Enable",              1, 12, 12, BOOL, 0, 0, 8, 2, 0)      \
    A(x_dither_offset,               "X Dither Offset",                  1, 11, 10, U,    0, 0, 8, 2, 0)      \
    A(y_dither_offset,               "Y Dither Offset",                  1,  9,  8, U,    0, 0, 8, 2, 0)      \
    A(color_clamp_range,             "Color Clamp Range",                1,  3,  2, ENUM, 0, g7sf_en_color_clamp_range, 8, 2, 0) \
    A(pre_blend_color_clamp_enable,  "Pre-Blend Color Clamp Enable",     1,  1,  1, BOOL, 0, 0, 8, 2, 0)      \
    A(post_blend_color_clamp_enable, "Post-Blend Color Clamp Enable",    1,  0,  0, BOOL, 0, 0, 8, 2, 0)
G7SF_STATE_STRUCT(BLEND_STATE, blend_state)

/* DW1 is the alpha test reference as FLOAT32 or, by Alpha Test Format, as
 * UNORM8 (the V row; gen7.xml gives it the whole DWord). */
#define G7SF_COLOR_CALC_STATE_DWORDS 6
#define G7SF_COLOR_CALC_STATE_FIELDS(F, A, V)                                                          \
    F(stencil_reference_value,  "Stencil Reference Value",          0, 31, 24, U,     0, 0)            \
    F(backface_stencil_reference_value, "Backface Stencil Reference Value", 0, 23, 16, U, 0, 0)        \
    F(round_disable_function_disable, "Round Disable Function Disable", 0, 15, 15, BOOL, 0, 0)         \
    F(alpha_test_format,        "Alpha Test Format",                0,  0,  0, ENUM,  0, g7sf_en_alpha_test_format) \
    F(alpha_reference_value,    "Alpha Reference Value As FLOAT32", 1, 31,  0, FLOAT, 0, 0)            \
    V(alpha_reference_value_unorm8, "Alpha Reference Value As UNORM8", 1, 31, 0, U,   0, 0)            \
    F(blend_constant_color_red,   "Blend Constant Color Red",       2, 31,  0, FLOAT, 0, 0)            \
    F(blend_constant_color_green, "Blend Constant Color Green",     3, 31,  0, FLOAT, 0, 0)            \
    F(blend_constant_color_blue,  "Blend Constant Color Blue",      4, 31,  0, FLOAT, 0, 0)            \
    F(blend_constant_color_alpha, "Blend Constant Color Alpha",     5, 31,  0, FLOAT, 0, 0)
G7SF_STATE_STRUCT(COLOR_CALC_STATE, color_calc_state)

/* The render cache's pipeline state commands (gen7.xml; the PRM text has
 * no Windower chapter).  Only the fields the render cache uses are named:
 * 3DSTATE_MULTISAMPLE's sample offsets and 3DSTATE_WM's rasterizer fields
 * belong to units gen7sf does not model. */
#define G7SF_3DSTATE_BLEND_STATE_POINTERS_DWORDS 2
#define G7SF_3DSTATE_BLEND_STATE_POINTERS_FIELDS(F, A, V)                                 \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(blend_state_pointer, "Blend State Pointer", 1, 31, 6, ADDR, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_BLEND_STATE_POINTERS, 3dstate_blend_state_pointers)

#define G7SF_3DSTATE_SAMPLE_MASK_DWORDS 2
#define G7SF_3DSTATE_SAMPLE_MASK_FIELDS(F, A, V)                                          \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(sample_mask, "Sample Mask", 1, 7, 0, U, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_SAMPLE_MASK, 3dstate_sample_mask)

#define G7SF_3DSTATE_MULTISAMPLE_DWORDS 4
#define G7SF_3DSTATE_MULTISAMPLE_FIELDS(F, A, V)                                          \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(pixel_location,         "Pixel Location",         1, 4, 4, ENUM, 0, g7sf_en_pixel_location) \
    F(number_of_multisamples, "Number of Multisamples", 1, 3, 1, ENUM, 0, g7sf_en_num_multisamples)
G7SF_STATE_STRUCT(3DSTATE_MULTISAMPLE, 3dstate_multisample)

#define G7SF_3DSTATE_WM_DWORDS 3
#define G7SF_3DSTATE_WM_FIELDS(F, A, V)                                                   \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(multisample_rasterization_mode, "Multisample Rasterization Mode", 1, 1, 0, ENUM, 0, g7sf_en_msrast_mode) \
    F(multisample_dispatch_mode,      "Multisample Dispatch Mode",      2, 31, 31, ENUM, 0, g7sf_en_ms_dispatch_mode)
G7SF_STATE_STRUCT(3DSTATE_WM, 3dstate_wm)

enum { G7SF_NUMSAMPLES_1 = 0, G7SF_NUMSAMPLES_4 = 2, G7SF_NUMSAMPLES_8 = 3 };
enum { G7SF_MSRASTMODE_OFF_PIXEL, G7SF_MSRASTMODE_OFF_PATTERN, G7SF_MSRASTMODE_ON_PIXEL,
       G7SF_MSRASTMODE_ON_PATTERN };
enum { G7SF_MSDISPMODE_PERSAMPLE = 0, G7SF_MSDISPMODE_PERPIXEL = 1 };

G7SF_API extern const g7sf_enum g7sf_en_pixel_location[], g7sf_en_num_multisamples[],
    g7sf_en_msrast_mode[], g7sf_en_ms_dispatch_mode[];
G7SF_API extern const g7sf_enum g7sf_en_blend_factor[], g7sf_en_blend_function[],
    g7sf_en_logic_op[], g7sf_en_compare_function[], g7sf_en_color_clamp_range[],
    g7sf_en_alpha_test_format[];

#endif
