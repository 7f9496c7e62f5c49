/* BINDING_TABLE_STATE (§3.8.1) and RENDER_SURFACE_STATE (§2.12.2.1 / §3.8.2).
 * Included by state.h. */
#ifndef GEN7SF_STATE_SURFACE_H
#define GEN7SF_STATE_SURFACE_H

#define G7SF_BINDING_TABLE_STATE_DWORDS 1
#define G7SF_BINDING_TABLE_STATE_FIELDS(F, A, V, H)                                        \
    F(surface_state_pointer, "Surface State Pointer", 0, 31, 5, ADDR, 0, 0)
G7SF_STATE_STRUCT(BINDING_TABLE_STATE, binding_table_state)

/* DW6 holds the MCS fields, the UV-plane offsets of PLANAR_420_8 surfaces,
 * or the append counter of buffers: the latter two are V rows.  DW6 bit 1,
 * reserved on Gen7 beside MCS Enable, is gen7sf's Index Compression Enable
 * (patent US 9466124, gen7sf/msaa_compress.h): read only by a gpu created
 * with G7SF_EXT_MSAA_INDEX. */
#define G7SF_RENDER_SURFACE_STATE_DWORDS 8
#define G7SF_RENDER_SURFACE_STATE_FIELDS(F, A, V, H)                                                   \
    F(surface_type,              "Surface Type",                 0, 31, 29, ENUM, 0, g7sf_en_surftype) \
    F(surface_array,             "Surface Array",                0, 28, 28, BOOL, 0, 0)             \
    F(surface_format,            "Surface Format",               0, 26, 18, ENUM, 0, g7sf_en_surface_format) \
    F(surface_vertical_alignment,"Surface Vertical Alignment",   0, 17, 16, ENUM, 0, g7sf_en_valign) \
    F(surface_horizontal_alignment, "Surface Horizontal Alignment", 0, 15, 15, ENUM, 0, g7sf_en_halign) \
    F(tiled_surface,             "Tiled Surface",                0, 14, 14, BOOL, 0, 0)             \
    F(tile_walk,                 "Tile Walk",                    0, 13, 13, ENUM, 0, g7sf_en_tilewalk) \
    F(vertical_line_stride,      "Vertical Line Stride",         0, 12, 12, U,    0, 0)             \
    F(vertical_line_stride_offset, "Vertical Line Stride Offset", 0, 11, 11, U,   0, 0)             \
    F(surface_array_spacing,     "Surface Array Spacing",        0, 10, 10, ENUM, 0, g7sf_en_aryspc) \
    F(render_cache_read_write_mode, "Render Cache Read Write Mode", 0, 8, 8, U,    0, 0)             \
    F(media_boundary_pixel_mode, "Media Boundary Pixel Mode",    0,  7,  6, ENUM, 0, g7sf_en_media_boundary) \
    F(cube_face_enable_nx,       "Cube Face Enable - Negative X", 0, 5,  5, BOOL, 0, 0)             \
    F(cube_face_enable_px,       "Cube Face Enable - Positive X", 0, 4,  4, BOOL, 0, 0)             \
    F(cube_face_enable_ny,       "Cube Face Enable - Negative Y", 0, 3,  3, BOOL, 0, 0)             \
    F(cube_face_enable_py,       "Cube Face Enable - Positive Y", 0, 2,  2, BOOL, 0, 0)             \
    F(cube_face_enable_nz,       "Cube Face Enable - Negative Z", 0, 1,  1, BOOL, 0, 0)             \
    F(cube_face_enable_pz,       "Cube Face Enable - Positive Z", 0, 0,  0, BOOL, 0, 0)             \
    F(surface_base_address,      "Surface Base Address",         1, 31,  0, ADDR, 0, 0)             \
    F(height,                    "Height",                       2, 29, 16, U,    0, 0)             \
    F(width,                     "Width",                        2, 13,  0, U,    0, 0)             \
    F(depth,                     "Depth",                        3, 31, 21, U,    0, 0)             \
    H(integer_surface_format,    "Integer Surface Format",       3, 20, 18, U,    0, 0, 0)          \
    F(surface_pitch,             "Surface Pitch",                3, 17,  0, U,    0, 0)             \
    F(render_target_rotation,    "Render Target Rotation",       4, 30, 29, ENUM, 0, g7sf_en_rt_rotation) \
    F(minimum_array_element,     "Minimum Array Element",        4, 28, 18, U,    0, 0)             \
    F(render_target_view_extent, "Render Target View Extent",    4, 17,  7, U,    0, 0)             \
    F(multisampled_surface_storage_format, "Multisampled Surface Storage Format", 4, 6, 6, ENUM, 0, g7sf_en_msfmt) \
    F(number_of_multisamples,    "Number of Multisamples",       4,  5,  3, ENUM, 0, g7sf_en_multisamplecount) \
    F(multisample_position_palette_index, "Multisample Position Palette Index", 4, 2, 0, U, 0, 0)   \
    V(strbuf_minimum_array_element, "Strbuf Minimum Array Element", 4, 26, 0, U,  0, 0)             \
    F(x_offset,                  "X Offset",                     5, 31, 25, U,    0, 0)             \
    F(y_offset,                  "Y Offset",                     5, 23, 20, U,    0, 0)             \
    F(surface_object_control_state, "Surface Object Control State", 5, 19, 16, U, 0, 0)             \
    F(surface_min_lod,           "Surface Min LOD",              5,  7,  4, U,    0, 0)             \
    F(mip_count_lod,             "MIP Count / LOD",              5,  3,  0, U,    0, 0)             \
    F(mcs_base_address,          "MCS Base Address",             6, 31, 12, ADDR, 0, 0)             \
    F(mcs_surface_pitch,         "MCS Surface Pitch",            6, 11,  3, U,    0, 0)             \
    F(index_compression_enable,  "Index Compression Enable (gen7sf ext)", 6, 1, 1, BOOL, 0, 0)     \
    F(mcs_enable,                "MCS Enable",                   6,  0,  0, BOOL, 0, 0)             \
    V(x_offset_for_uv_plane,     "X Offset for UV Plane",        6, 29, 16, U,    0, 0)             \
    V(y_offset_for_uv_plane,     "Y Offset for UV Plane",        6, 13,  0, U,    0, 0)             \
    V(append_counter_address,    "Append Counter Address",       6, 31,  6, ADDR, 0, 0)             \
    V(append_counter_enable,     "Append Counter Enable",        6,  1,  1, BOOL, 0, 0)             \
    F(red_clear_color,           "Red Clear Color",              7, 31, 31, ENUM, 0, g7sf_en_clear_color) \
    F(green_clear_color,         "Green Clear Color",            7, 30, 30, ENUM, 0, g7sf_en_clear_color) \
    F(blue_clear_color,          "Blue Clear Color",             7, 29, 29, ENUM, 0, g7sf_en_clear_color) \
    F(alpha_clear_color,         "Alpha Clear Color",            7, 28, 28, ENUM, 0, g7sf_en_clear_color) \
    H(shader_channel_select_red, "Shader Channel Select Red",    7, 27, 25, ENUM, 0, g7sf_en_scs, 0) \
    H(shader_channel_select_green, "Shader Channel Select Green", 7, 24, 22, ENUM, 0, g7sf_en_scs, 0) \
    H(shader_channel_select_blue, "Shader Channel Select Blue",  7, 21, 19, ENUM, 0, g7sf_en_scs, 0) \
    H(shader_channel_select_alpha, "Shader Channel Select Alpha", 7, 18, 16, ENUM, 0, g7sf_en_scs, 0) \
    F(resource_min_lod,          "Resource Min LOD",             7, 11,  0, UFIX, 8, 0)
G7SF_STATE_STRUCT(RENDER_SURFACE_STATE, render_surface_state)

/* The values of the enumerated fields, one X(value, IDENT, "printed name") row
 * each (state.h, "Enumerated values"); above each list, the fields it names. */
/* Surface Type */
#define G7SF_SURFTYPE_LIST(X)                                                   \
    X(0, SURFTYPE_1D,     "SURFTYPE_1D")                                        \
    X(1, SURFTYPE_2D,     "SURFTYPE_2D")                                        \
    X(2, SURFTYPE_3D,     "SURFTYPE_3D")                                        \
    X(3, SURFTYPE_CUBE,   "SURFTYPE_CUBE")                                      \
    X(4, SURFTYPE_BUFFER, "SURFTYPE_BUFFER")                                    \
    X(5, SURFTYPE_STRBUF, "SURFTYPE_STRBUF")                                    \
    X(7, SURFTYPE_NULL,   "SURFTYPE_NULL")
/* Surface Vertical Alignment */
#define G7SF_VALIGN_LIST(X)                                                     \
    X(0, VALIGN_2, "VALIGN_2")                                                  \
    X(1, VALIGN_4, "VALIGN_4")
/* Surface Horizontal Alignment */
#define G7SF_HALIGN_LIST(X)                                                     \
    X(0, HALIGN_4, "HALIGN_4")                                                  \
    X(1, HALIGN_8, "HALIGN_8")
/* Tile Walk */
#define G7SF_TILEWALK_LIST(X)                                                   \
    X(0, TILEWALK_XMAJOR, "TILEWALK_XMAJOR")                                    \
    X(1, TILEWALK_YMAJOR, "TILEWALK_YMAJOR")
/* Surface Array Spacing */
#define G7SF_ARYSPC_LIST(X)                                                     \
    X(0, ARYSPC_FULL, "ARYSPC_FULL")                                            \
    X(1, ARYSPC_LOD0, "ARYSPC_LOD0")
/* Media Boundary Pixel Mode */
#define G7SF_MEDIA_BOUNDARY_LIST(X)                                             \
    X(0, MEDIA_BOUNDARY_NORMAL_MODE,       "NORMAL_MODE")                       \
    X(2, MEDIA_BOUNDARY_PROGRESSIVE_FRAME, "PROGRESSIVE_FRAME")                 \
    X(3, MEDIA_BOUNDARY_INTERLACED_FRAME,  "INTERLACED_FRAME")
/* Render Target Rotation */
#define G7SF_RT_ROTATION_LIST(X)                                                \
    X(0, RTROTATE_0DEG,   "RTROTATE_0DEG")                                      \
    X(1, RTROTATE_90DEG,  "RTROTATE_90DEG")                                     \
    X(3, RTROTATE_270DEG, "RTROTATE_270DEG")
/* Multisampled Surface Storage Format */
#define G7SF_MSFMT_LIST(X)                                                      \
    X(0, MSFMT_MSS,           "MSFMT_MSS")                                      \
    X(1, MSFMT_DEPTH_STENCIL, "MSFMT_DEPTH_STENCIL")
/* Number of Multisamples */
#define G7SF_MULTISAMPLECOUNT_LIST(X)                                           \
    X(0, MULTISAMPLECOUNT_1, "MULTISAMPLECOUNT_1")                              \
    X(2, MULTISAMPLECOUNT_4, "MULTISAMPLECOUNT_4")                              \
    X(3, MULTISAMPLECOUNT_8, "MULTISAMPLECOUNT_8")
/* Shader Channel Select Red, Green, Blue and Alpha (Haswell): the channel a
 * sampler result channel reads, or a constant */
#define G7SF_SCS_LIST(X)                                                        \
    X(0, SCS_ZERO,  "SCS_ZERO")                                                 \
    X(1, SCS_ONE,   "SCS_ONE")                                                  \
    X(4, SCS_RED,   "SCS_RED")                                                  \
    X(5, SCS_GREEN, "SCS_GREEN")                                                \
    X(6, SCS_BLUE,  "SCS_BLUE")                                                 \
    X(7, SCS_ALPHA, "SCS_ALPHA")
/* Red, Green, Blue and Alpha Clear Color */
#define G7SF_CLEAR_COLOR_LIST(X)                                                \
    X(0, CC_ZERO, "CC_ZERO")                                                    \
    X(1, CC_ONE,  "CC_ONE")

/* This header's lists: enum g7sf_<name> and table g7sf_en_<name> of each. */
#define G7SF_SURFACE_ENUMS(X)                                                   \
    X(surftype, SURFTYPE) X(valign, VALIGN) X(halign, HALIGN)                   \
    X(tilewalk, TILEWALK) X(aryspc, ARYSPC) X(media_boundary, MEDIA_BOUNDARY)   \
    X(rt_rotation, RT_ROTATION) X(msfmt, MSFMT)                                 \
    X(multisamplecount, MULTISAMPLECOUNT) X(scs, SCS) X(clear_color, CLEAR_COLOR)
G7SF_SURFACE_ENUMS(G7SF_STATE_ENUM)

/* Surface Format: from G7SF_FORMAT_LIST (format.h), as enum g7sf_format. */
G7SF_API extern const g7sf_enum g7sf_en_surface_format[];

#endif
