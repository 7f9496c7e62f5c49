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
 * DWs.  Haswell's is 20 DWs (gen75.xml; the PRM text has no Haswell
 * layout): the same floats, DW4-15 unused, and the colour of integer
 * formats in DW16-19, read by channel width: 8-bit channels in DW16, 16-bit
 * ones R/G in DW16 and B/A in DW18, 32-bit ones a DWord each (the H rows;
 * docs/spec-notes.md, "Haswell"). */
#define G7SF_SAMPLER_BORDER_COLOR_STATE_DWORDS 4
#define G7SF_SAMPLER_BORDER_COLOR_STATE_FIELDS(F, A, V, H)                                \
    F(border_color_red,         "Border Color Red",         0, 31,  0, FLOAT, 0, 0)       \
    F(border_color_green,       "Border Color Green",       1, 31,  0, FLOAT, 0, 0)       \
    F(border_color_blue,        "Border Color Blue",        2, 31,  0, FLOAT, 0, 0)       \
    F(border_color_alpha,       "Border Color Alpha",       3, 31,  0, FLOAT, 0, 0)       \
    V(border_color_unorm_alpha, "Border Color Unorm Alpha", 0, 31, 24, U,     0, 0)       \
    V(border_color_unorm_blue,  "Border Color Unorm Blue",  0, 23, 16, U,     0, 0)       \
    V(border_color_unorm_green, "Border Color Unorm Green", 0, 15,  8, U,     0, 0)       \
    V(border_color_unorm_red,   "Border Color Unorm Red",   0,  7,  0, U,     0, 0)       \
    H(border_color_32bit_red,   "Border Color 32bit Red",   16, 31, 0, U,     0, 0, 0)    \
    H(border_color_32bit_green, "Border Color 32bit Green", 17, 31, 0, U,     0, 0, 0)    \
    H(border_color_32bit_blue,  "Border Color 32bit Blue",  18, 31, 0, U,     0, 0, 0)    \
    H(border_color_32bit_alpha, "Border Color 32bit Alpha", 19, 31, 0, U,     0, 0, 0)    \
    H(border_color_16bit_red,   "Border Color 16bit Red",   16, 15, 0, U,     0, 0, 1)    \
    H(border_color_16bit_green, "Border Color 16bit Green", 16, 31, 16, U,    0, 0, 1)    \
    H(border_color_16bit_blue,  "Border Color 16bit Blue",  18, 15, 0, U,     0, 0, 1)    \
    H(border_color_16bit_alpha, "Border Color 16bit Alpha", 18, 31, 16, U,    0, 0, 1)    \
    H(border_color_8bit_red,    "Border Color 8bit Red",    16,  7, 0, U,     0, 0, 1)    \
    H(border_color_8bit_green,  "Border Color 8bit Green",  16, 15, 8, U,     0, 0, 1)    \
    H(border_color_8bit_blue,   "Border Color 8bit Blue",   16, 23, 16, U,    0, 0, 1)    \
    H(border_color_8bit_alpha,  "Border Color 8bit Alpha",  16, 31, 24, U,    0, 0, 1)
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
#define G7SF_3DSTATE_CHROMA_KEY_FIELDS(F, A, V, H)                                           \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(chromakey_table_index, "ChromaKey Table Index", 1, 31, 30, U, 0, 0)                 \
    F(chromakey_low_value,   "ChromaKey Low Value",   2, 31,  0, U, 0, 0)                 \
    F(chromakey_high_value,  "ChromaKey High Value",  3, 31,  0, U, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_CHROMA_KEY, 3dstate_chroma_key)

/* Room for all 256 palette entries (DWord Length 255); a shorter load
 * carries DWord Length + 1 entries and fills the palette from index 0. */
#define G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_DWORDS 257
#define G7SF_3DSTATE_SAMPLER_PALETTE_LOAD0_FIELDS(F, A, V, H)                                \
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
#define G7SF_3DSTATE_MONOFILTER_SIZE_FIELDS(F, A, V, H)                                      \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(monochrome_filter_width,  "Monochrome Filter Width",  1, 5, 3, U, 0, 0)             \
    F(monochrome_filter_height, "Monochrome Filter Height", 1, 2, 0, U, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_MONOFILTER_SIZE, 3dstate_monofilter_size)

/* One 2-DW BLEND_STATE_ENTRY per render target, 8 render targets: every
 * field is an array indexed by the Render Target Index. */
#define G7SF_BLEND_STATE_DWORDS 16
#define G7SF_BLEND_STATE_FIELDS(F, A, V, H)                                                                    \
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
#define G7SF_COLOR_CALC_STATE_FIELDS(F, A, V, H)                                                          \
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
#define G7SF_3DSTATE_BLEND_STATE_POINTERS_FIELDS(F, A, V, H)                                 \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(blend_state_pointer, "Blend State Pointer", 1, 31, 6, ADDR, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_BLEND_STATE_POINTERS, 3dstate_blend_state_pointers)

#define G7SF_3DSTATE_SAMPLE_MASK_DWORDS 2
#define G7SF_3DSTATE_SAMPLE_MASK_FIELDS(F, A, V, H)                                          \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(sample_mask, "Sample Mask", 1, 7, 0, U, 0, 0)
G7SF_STATE_STRUCT(3DSTATE_SAMPLE_MASK, 3dstate_sample_mask)

#define G7SF_3DSTATE_MULTISAMPLE_DWORDS 4
#define G7SF_3DSTATE_MULTISAMPLE_FIELDS(F, A, V, H)                                          \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(pixel_location,         "Pixel Location",         1, 4, 4, ENUM, 0, g7sf_en_pixel_location) \
    F(number_of_multisamples, "Number of Multisamples", 1, 3, 1, ENUM, 0, g7sf_en_num_multisamples)
G7SF_STATE_STRUCT(3DSTATE_MULTISAMPLE, 3dstate_multisample)

#define G7SF_3DSTATE_WM_DWORDS 3
#define G7SF_3DSTATE_WM_FIELDS(F, A, V, H)                                                   \
    G7SF_3D_COMMAND_HEADER(F)                                                             \
    F(multisample_rasterization_mode, "Multisample Rasterization Mode", 1, 1, 0, ENUM, 0, g7sf_en_msrast_mode) \
    F(multisample_dispatch_mode,      "Multisample Dispatch Mode",      2, 31, 31, ENUM, 0, g7sf_en_ms_dispatch_mode)
G7SF_STATE_STRUCT(3DSTATE_WM, 3dstate_wm)

/* The values of the enumerated fields, one X(value, IDENT, "printed name") row
 * each (state.h, "Enumerated values"); above each list, the fields it names. */
/* Source/Destination (Alpha) Blend Factor (BLEND_STATE, gen7.xml) */
#define G7SF_BLEND_FACTOR_LIST(X)                                               \
    X(0x01, BLENDFACTOR_ONE,                "BLENDFACTOR_ONE")                  \
    X(0x02, BLENDFACTOR_SRC_COLOR,          "BLENDFACTOR_SRC_COLOR")            \
    X(0x03, BLENDFACTOR_SRC_ALPHA,          "BLENDFACTOR_SRC_ALPHA")            \
    X(0x04, BLENDFACTOR_DST_ALPHA,          "BLENDFACTOR_DST_ALPHA")            \
    X(0x05, BLENDFACTOR_DST_COLOR,          "BLENDFACTOR_DST_COLOR")            \
    X(0x06, BLENDFACTOR_SRC_ALPHA_SATURATE, "BLENDFACTOR_SRC_ALPHA_SATURATE")   \
    X(0x07, BLENDFACTOR_CONST_COLOR,        "BLENDFACTOR_CONST_COLOR")          \
    X(0x08, BLENDFACTOR_CONST_ALPHA,        "BLENDFACTOR_CONST_ALPHA")          \
    X(0x09, BLENDFACTOR_SRC1_COLOR,         "BLENDFACTOR_SRC1_COLOR")           \
    X(0x0A, BLENDFACTOR_SRC1_ALPHA,         "BLENDFACTOR_SRC1_ALPHA")           \
    X(0x11, BLENDFACTOR_ZERO,               "BLENDFACTOR_ZERO")                 \
    X(0x12, BLENDFACTOR_INV_SRC_COLOR,      "BLENDFACTOR_INV_SRC_COLOR")        \
    X(0x13, BLENDFACTOR_INV_SRC_ALPHA,      "BLENDFACTOR_INV_SRC_ALPHA")        \
    X(0x14, BLENDFACTOR_INV_DST_ALPHA,      "BLENDFACTOR_INV_DST_ALPHA")        \
    X(0x15, BLENDFACTOR_INV_DST_COLOR,      "BLENDFACTOR_INV_DST_COLOR")        \
    X(0x17, BLENDFACTOR_INV_CONST_COLOR,    "BLENDFACTOR_INV_CONST_COLOR")      \
    X(0x18, BLENDFACTOR_INV_CONST_ALPHA,    "BLENDFACTOR_INV_CONST_ALPHA")      \
    X(0x19, BLENDFACTOR_INV_SRC1_COLOR,     "BLENDFACTOR_INV_SRC1_COLOR")       \
    X(0x1A, BLENDFACTOR_INV_SRC1_ALPHA,     "BLENDFACTOR_INV_SRC1_ALPHA")
/* Color and Alpha Blend Function */
#define G7SF_BLEND_FUNCTION_LIST(X)                                             \
    X(0, BLENDFUNCTION_ADD,              "BLENDFUNCTION_ADD")                   \
    X(1, BLENDFUNCTION_SUBTRACT,         "BLENDFUNCTION_SUBTRACT")              \
    X(2, BLENDFUNCTION_REVERSE_SUBTRACT, "BLENDFUNCTION_REVERSE_SUBTRACT")      \
    X(3, BLENDFUNCTION_MIN,              "BLENDFUNCTION_MIN")                   \
    X(4, BLENDFUNCTION_MAX,              "BLENDFUNCTION_MAX")
/* Logic Op Function */
#define G7SF_LOGIC_OP_LIST(X)                                                   \
    X( 0, LOGICOP_CLEAR,         "LOGICOP_CLEAR")                               \
    X( 1, LOGICOP_NOR,           "LOGICOP_NOR")                                 \
    X( 2, LOGICOP_AND_INVERTED,  "LOGICOP_AND_INVERTED")                        \
    X( 3, LOGICOP_COPY_INVERTED, "LOGICOP_COPY_INVERTED")                       \
    X( 4, LOGICOP_AND_REVERSE,   "LOGICOP_AND_REVERSE")                         \
    X( 5, LOGICOP_INVERT,        "LOGICOP_INVERT")                              \
    X( 6, LOGICOP_XOR,           "LOGICOP_XOR")                                 \
    X( 7, LOGICOP_NAND,          "LOGICOP_NAND")                                \
    X( 8, LOGICOP_AND,           "LOGICOP_AND")                                 \
    X( 9, LOGICOP_EQUIV,         "LOGICOP_EQUIV")                               \
    X(10, LOGICOP_NOOP,          "LOGICOP_NOOP")                                \
    X(11, LOGICOP_OR_INVERTED,   "LOGICOP_OR_INVERTED")                         \
    X(12, LOGICOP_COPY,          "LOGICOP_COPY")                                \
    X(13, LOGICOP_OR_REVERSE,    "LOGICOP_OR_REVERSE")                          \
    X(14, LOGICOP_OR,            "LOGICOP_OR")                                  \
    X(15, LOGICOP_SET,           "LOGICOP_SET")
/* Alpha Test Function */
#define G7SF_COMPARE_FUNCTION_LIST(X)                                           \
    X(0, COMPAREFUNCTION_ALWAYS,   "COMPAREFUNCTION_ALWAYS")                    \
    X(1, COMPAREFUNCTION_NEVER,    "COMPAREFUNCTION_NEVER")                     \
    X(2, COMPAREFUNCTION_LESS,     "COMPAREFUNCTION_LESS")                      \
    X(3, COMPAREFUNCTION_EQUAL,    "COMPAREFUNCTION_EQUAL")                     \
    X(4, COMPAREFUNCTION_LEQUAL,   "COMPAREFUNCTION_LEQUAL")                    \
    X(5, COMPAREFUNCTION_GREATER,  "COMPAREFUNCTION_GREATER")                   \
    X(6, COMPAREFUNCTION_NOTEQUAL, "COMPAREFUNCTION_NOTEQUAL")                  \
    X(7, COMPAREFUNCTION_GEQUAL,   "COMPAREFUNCTION_GEQUAL")
/* Color Clamp Range */
#define G7SF_COLOR_CLAMP_RANGE_LIST(X)                                          \
    X(0, COLORCLAMP_UNORM,    "COLORCLAMP_UNORM")                               \
    X(1, COLORCLAMP_SNORM,    "COLORCLAMP_SNORM")                               \
    X(2, COLORCLAMP_RTFORMAT, "COLORCLAMP_RTFORMAT")
/* Alpha Test Format (COLOR_CALC_STATE) */
#define G7SF_ALPHA_TEST_FORMAT_LIST(X)                                          \
    X(0, ALPHATEST_UNORM8,  "ALPHATEST_UNORM8")                                 \
    X(1, ALPHATEST_FLOAT32, "ALPHATEST_FLOAT32")
/* Pixel Location (3DSTATE_MULTISAMPLE) */
#define G7SF_PIXEL_LOCATION_LIST(X)                                             \
    X(0, PIXEL_LOCATION_CENTER,    "CENTER")                                    \
    X(1, PIXEL_LOCATION_UL_CORNER, "UL_CORNER")
/* Number of Multisamples (3DSTATE_MULTISAMPLE) */
#define G7SF_NUM_MULTISAMPLES_LIST(X)                                           \
    X(0, NUMSAMPLES_1, "NUMSAMPLES_1")                                          \
    X(2, NUMSAMPLES_4, "NUMSAMPLES_4")                                          \
    X(3, NUMSAMPLES_8, "NUMSAMPLES_8")
/* Multisample Rasterization Mode (3DSTATE_WM) */
#define G7SF_MSRAST_MODE_LIST(X)                                                \
    X(0, MSRASTMODE_OFF_PIXEL,   "MSRASTMODE_OFF_PIXEL")                        \
    X(1, MSRASTMODE_OFF_PATTERN, "MSRASTMODE_OFF_PATTERN")                      \
    X(2, MSRASTMODE_ON_PIXEL,    "MSRASTMODE_ON_PIXEL")                         \
    X(3, MSRASTMODE_ON_PATTERN,  "MSRASTMODE_ON_PATTERN")
/* Multisample Dispatch Mode (3DSTATE_WM) */
#define G7SF_MS_DISPATCH_MODE_LIST(X)                                           \
    X(0, MSDISPMODE_PERSAMPLE, "MSDISPMODE_PERSAMPLE")                          \
    X(1, MSDISPMODE_PERPIXEL,  "MSDISPMODE_PERPIXEL")

/* This header's lists: enum g7sf_<name> and table g7sf_en_<name> of each. */
#define G7SF_3D_ENUMS(X)                                                        \
    X(blend_factor, BLEND_FACTOR) X(blend_function, BLEND_FUNCTION)             \
    X(logic_op, LOGIC_OP) X(compare_function, COMPARE_FUNCTION)                 \
    X(color_clamp_range, COLOR_CLAMP_RANGE)                                     \
    X(alpha_test_format, ALPHA_TEST_FORMAT) X(pixel_location, PIXEL_LOCATION)   \
    X(num_multisamples, NUM_MULTISAMPLES) X(msrast_mode, MSRAST_MODE)           \
    X(ms_dispatch_mode, MS_DISPATCH_MODE)
G7SF_3D_ENUMS(G7SF_STATE_ENUM)

#endif
