/* SAMPLER_STATE for the 3D sampler messages (§2.12.3.1). Included by state.h. */
#ifndef GEN7SF_STATE_SAMPLER_H
#define GEN7SF_STATE_SAMPLER_H

#define G7SF_SAMPLER_STATE_DWORDS 4
#define G7SF_SAMPLER_STATE_FIELDS(F, A, V)                                                        \
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
    F(shadow_function,            "Shadow Function",                1,  3,  1, ENUM, 0, g7sf_en_prefilter_op) \
    F(cube_surface_control_mode,  "Cube Surface Control Mode",      1,  0,  0, ENUM, 0, g7sf_en_cube_control) \
    F(border_color_pointer,       "Border Color Pointer",           2, 31,  5, ADDR, 0, 0)    \
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
    F(tcx_address_control_mode,   "TCX Address Control Mode",       3,  8,  6, ENUM, 0, g7sf_en_texcoordmode) \
    F(tcy_address_control_mode,   "TCY Address Control Mode",       3,  5,  3, ENUM, 0, g7sf_en_texcoordmode) \
    F(tcz_address_control_mode,   "TCZ Address Control Mode",       3,  2,  0, ENUM, 0, g7sf_en_texcoordmode)
G7SF_STATE_STRUCT(SAMPLER_STATE, sampler_state)

/* Enum names shared between structures. */
G7SF_API extern const g7sf_enum g7sf_en_border_color_mode[], g7sf_en_lod_preclamp[],
    g7sf_en_mipfilter[], g7sf_en_mapfilter[], g7sf_en_aniso_algorithm[],
    g7sf_en_prefilter_op[], g7sf_en_cube_control[], g7sf_en_chromakey_mode[],
    g7sf_en_aniso_ratio[], g7sf_en_trilinear_quality[], g7sf_en_texcoordmode[];

#endif
