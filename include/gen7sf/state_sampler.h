/* SAMPLER_STATE for the 3D sampler messages (§2.12.3.1). Included by state.h. */
#ifndef GEN7SF_STATE_SAMPLER_H
#define GEN7SF_STATE_SAMPLER_H

#define G7SF_SAMPLER_STATE_DWORDS 4
#define G7SF_SAMPLER_STATE_FIELDS(F, A, V, H)                                                        \
    F(sampler_disable,            "Sampler Disable",                0, 31, 31, BOOL, 0, 0)    \
    F(texture_border_color_mode,  "Texture Border Color Mode",      0, 29, 29, ENUM, 0, g7sf_en_border_color_mode) \
    F(lod_preclamp_enable,        "LOD PreClamp Enable",            0, 28, 28, ENUM, 0, g7sf_en_lod_preclamp) \
    F(base_mip_level,             "Base Mip Level",                 0, 26, 22, UFIX, 1, 0)    \
    F(mip_mode_filter,            "Mip Mode Filter",                0, 21, 20, ENUM, 0, g7sf_en_mipfilter) \
    F(mag_mode_filter,            "Mag Mode Filter",                0, 19, 17, ENUM, 0, g7sf_en_mapfilter) \
    F(min_mode_filter,            "Min Mode Filter",                0, 16, 14, ENUM, 0, g7sf_en_mapfilter) \
    F(texture_lod_bias,           "Texture LOD Bias",               0, 13,  1, SFIX, 8, 0)    \
    F(anisotropic_algorithm,      "Anisotropic Algorithm",          0,  0,  0, ENUM, 0, g7sf_en_aniso_algorithm) \
    F(min_lod,                    "Min LOD",                        1, 31, 20, UFIX, 8, 0)    \
    F(max_lod,                    "Max LOD",                        1, 19,  8, UFIX, 8, 0)    \
    F(reduction_type,             "Reduction Type (gen7sf ext)",    1,  7,  6, ENUM, 0, g7sf_en_reduction_type) \
    F(reduction_region_enable,    "Reduction Region Footprint (gen7sf ext)", 1, 5, 5, BOOL, 0, 0) \
    F(shadow_function,            "Shadow Function",                1,  3,  1, ENUM, 0, g7sf_en_prefilter_op) \
    F(cube_surface_control_mode,  "Cube Surface Control Mode",      1,  0,  0, ENUM, 0, g7sf_en_cube_control) \
    F(border_color_pointer,       "Border Color Pointer",           2, 31,  5, ADDR, 0, 0)    \
    F(reduction_region_width,     "Reduction Region Width (gen7sf ext)",  3, 31, 29, U, 0, 0) /* n - 1 */ \
    F(reduction_region_height,    "Reduction Region Height (gen7sf ext)", 3, 28, 26, U, 0, 0) /* n - 1 */ \
    F(chromakey_enable,           "ChromaKey Enable",               3, 25, 25, BOOL, 0, 0)    \
    F(chromakey_index,            "ChromaKey Index",                3, 24, 23, U,    0, 0)    \
    F(chromakey_mode,             "ChromaKey Mode",                 3, 22, 22, ENUM, 0, g7sf_en_chromakey_mode) \
    F(maximum_anisotropy,         "Maximum Anisotropy",             3, 21, 19, ENUM, 0, g7sf_en_aniso_ratio) \
    F(u_address_mag_rounding,     "U Address Mag Filter Rounding Enable", 3, 18, 18, BOOL, 0, 0) \
    F(u_address_min_rounding,     "U Address Min Filter Rounding Enable", 3, 17, 17, BOOL, 0, 0) \
    F(v_address_mag_rounding,     "V Address Mag Filter Rounding Enable", 3, 16, 16, BOOL, 0, 0) \
    F(v_address_min_rounding,     "V Address Min Filter Rounding Enable", 3, 15, 15, BOOL, 0, 0) \
    F(r_address_mag_rounding,     "R Address Mag Filter Rounding Enable", 3, 14, 14, BOOL, 0, 0) \
    F(r_address_min_rounding,     "R Address Min Filter Rounding Enable", 3, 13, 13, BOOL, 0, 0) \
    F(trilinear_filter_quality,   "Trilinear Filter Quality",       3, 12, 11, ENUM, 0, g7sf_en_trilinear_quality) \
    F(non_normalized_coordinate_enable, "Non-normalized Coordinate Enable", 3, 10, 10, BOOL, 0, 0) \
    F(reduction_type_enable,      "Reduction Type Enable (gen7sf ext)", 3, 9, 9, BOOL, 0, 0) \
    F(tcx_address_control_mode,   "TCX Address Control Mode",       3,  8,  6, ENUM, 0, g7sf_en_texcoordmode) \
    F(tcy_address_control_mode,   "TCY Address Control Mode",       3,  5,  3, ENUM, 0, g7sf_en_texcoordmode) \
    F(tcz_address_control_mode,   "TCZ Address Control Mode",       3,  2,  0, ENUM, 0, g7sf_en_texcoordmode)
G7SF_STATE_STRUCT(SAMPLER_STATE, sampler_state)

/* The values of the enumerated fields, one X(value, IDENT, "printed name") row
 * each (state.h, "Enumerated values"); above each list, the fields it names. */
/* Texture Border Color Mode */
#define G7SF_BORDER_COLOR_MODE_LIST(X)                                          \
    X(0, BORDER_COLOR_DX10_OGL, "DX10/OGL")                                     \
    X(1, BORDER_COLOR_DX9,      "DX9")
/* LOD PreClamp Enable */
#define G7SF_LOD_PRECLAMP_LIST(X)                                               \
    X(0, LOD_PRECLAMP_D3D, "D3D")                                               \
    X(1, LOD_PRECLAMP_OGL, "OGL")
/* Mip Mode Filter */
#define G7SF_MIPFILTER_LIST(X)                                                  \
    X(0, MIPFILTER_NONE,    "MIPFILTER_NONE")                                   \
    X(1, MIPFILTER_NEAREST, "MIPFILTER_NEAREST")                                \
    X(3, MIPFILTER_LINEAR,  "MIPFILTER_LINEAR")
/* Mag Mode Filter, Min Mode Filter */
#define G7SF_MAPFILTER_LIST(X)                                                  \
    X(0, MAPFILTER_NEAREST,     "MAPFILTER_NEAREST")                            \
    X(1, MAPFILTER_LINEAR,      "MAPFILTER_LINEAR")                             \
    X(2, MAPFILTER_ANISOTROPIC, "MAPFILTER_ANISOTROPIC")                        \
    X(6, MAPFILTER_MONO,        "MAPFILTER_MONO")
/* Anisotropic Algorithm */
#define G7SF_ANISO_ALGORITHM_LIST(X)                                            \
    X(0, ANISO_LEGACY, "LEGACY")                                                \
    X(1, ANISO_EWA,    "EWA")
/* Shadow Function */
#define G7SF_PREFILTER_OP_LIST(X)                                               \
    X(0, PREFILTEROP_ALWAYS,   "PREFILTEROP_ALWAYS")                            \
    X(1, PREFILTEROP_NEVER,    "PREFILTEROP_NEVER")                             \
    X(2, PREFILTEROP_LESS,     "PREFILTEROP_LESS")                              \
    X(3, PREFILTEROP_EQUAL,    "PREFILTEROP_EQUAL")                             \
    X(4, PREFILTEROP_LEQUAL,   "PREFILTEROP_LEQUAL")                            \
    X(5, PREFILTEROP_GREATER,  "PREFILTEROP_GREATER")                           \
    X(6, PREFILTEROP_NOTEQUAL, "PREFILTEROP_NOTEQUAL")                          \
    X(7, PREFILTEROP_GEQUAL,   "PREFILTEROP_GEQUAL")
/* Cube Surface Control Mode */
#define G7SF_CUBE_CONTROL_LIST(X)                                               \
    X(0, CUBECTRLMODE_PROGRAMMED, "CUBECTRLMODE_PROGRAMMED")                    \
    X(1, CUBECTRLMODE_OVERRIDE,   "CUBECTRLMODE_OVERRIDE")
/* ChromaKey Mode */
#define G7SF_CHROMAKEY_MODE_LIST(X)                                             \
    X(0, KEYFILTER_KILL_ON_ANY_MATCH, "KEYFILTER_KILL_ON_ANY_MATCH")            \
    X(1, KEYFILTER_REPLACE_BLACK,     "KEYFILTER_REPLACE_BLACK")
/* Maximum Anisotropy */
#define G7SF_ANISO_RATIO_LIST(X)                                                \
    X(0, ANISORATIO_2,  "ANISORATIO_2")                                         \
    X(1, ANISORATIO_4,  "ANISORATIO_4")                                         \
    X(2, ANISORATIO_6,  "ANISORATIO_6")                                         \
    X(3, ANISORATIO_8,  "ANISORATIO_8")                                         \
    X(4, ANISORATIO_10, "ANISORATIO_10")                                        \
    X(5, ANISORATIO_12, "ANISORATIO_12")                                        \
    X(6, ANISORATIO_14, "ANISORATIO_14")                                        \
    X(7, ANISORATIO_16, "ANISORATIO_16")
/* Trilinear Filter Quality */
#define G7SF_TRILINEAR_QUALITY_LIST(X)                                          \
    X(0, TRIQUAL_FULL, "TRIQUAL_FULL")                                          \
    X(1, TRIQUAL_HIGH_MAG_CLAMP_MIPFILTER, "TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER")  \
    X(2, TRIQUAL_MED,  "TRIQUAL_MED")                                           \
    X(3, TRIQUAL_LOW,  "TRIQUAL_LOW")
/* TCX, TCY and TCZ Address Control Mode */
#define G7SF_TEXCOORDMODE_LIST(X)                                               \
    X(0, TEXCOORDMODE_WRAP,         "TEXCOORDMODE_WRAP")                        \
    X(1, TEXCOORDMODE_MIRROR,       "TEXCOORDMODE_MIRROR")                      \
    X(2, TEXCOORDMODE_CLAMP,        "TEXCOORDMODE_CLAMP")                       \
    X(3, TEXCOORDMODE_CUBE,         "TEXCOORDMODE_CUBE")                        \
    X(4, TEXCOORDMODE_CLAMP_BORDER, "TEXCOORDMODE_CLAMP_BORDER")                \
    X(5, TEXCOORDMODE_MIRROR_ONCE,  "TEXCOORDMODE_MIRROR_ONCE")                 \
    X(6, TEXCOORDMODE_HALF_BORDER,  "TEXCOORDMODE_HALF_BORDER")

/* Reduction Type (gen7sf ext): min/max filtering of patent US 9355490
 * (shared spec 003) in bits the Gen7 PRM reserves, numbered as later Intel
 * generations number it; read only on a gpu created with
 * G7SF_EXT_MINMAX_FILTER (gen7sf.h), else ignored as reserved bits are.
 * COMPARISON is reserved in this model (an illegal state when enabled). */
#define G7SF_REDUCTION_TYPE_LIST(X)                                             \
    X(0, REDUCTION_STD_FILTER, "STD_FILTER")                                    \
    X(1, REDUCTION_COMPARISON, "COMPARISON")                                    \
    X(2, REDUCTION_MINIMUM,    "MINIMUM")                                       \
    X(3, REDUCTION_MAXIMUM,    "MAXIMUM")

/* This header's lists: enum g7sf_<name> and table g7sf_en_<name> of each. */
#define G7SF_SAMPLER_ENUMS(X)                                                   \
    X(border_color_mode, BORDER_COLOR_MODE) X(lod_preclamp, LOD_PRECLAMP)       \
    X(mipfilter, MIPFILTER) X(mapfilter, MAPFILTER)                             \
    X(aniso_algorithm, ANISO_ALGORITHM) X(prefilter_op, PREFILTER_OP)           \
    X(cube_control, CUBE_CONTROL) X(chromakey_mode, CHROMAKEY_MODE)             \
    X(aniso_ratio, ANISO_RATIO) X(trilinear_quality, TRILINEAR_QUALITY)         \
    X(texcoordmode, TEXCOORDMODE) X(reduction_type, REDUCTION_TYPE)
G7SF_SAMPLER_ENUMS(G7SF_STATE_ENUM)

#endif
