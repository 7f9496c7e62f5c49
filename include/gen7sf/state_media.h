/* State of the media sampler messages: MEDIA_SURFACE_STATE (§2.12.2.2), the
 * sample_8x8 and deinterlace SAMPLER_STATE (§2.12.3.2, §2.12.3.3) and
 * SAMPLER_8x8_STATE (§2.12.4).  Included by state.h.  Decisions on garbled
 * passages are in docs/spec-notes.md, "State tables (media)". */
#ifndef GEN7SF_STATE_MEDIA_H
#define GEN7SF_STATE_MEDIA_H

/* SURFACE_STATE for the deinterlace, sample_8x8 and VME messages.  DW5 is
 * reserved (MBZ); the PRM's default value lists six dwords. */
#define G7SF_MEDIA_SURFACE_STATE_DWORDS 6
#define G7SF_MEDIA_SURFACE_STATE_FIELDS(F, A, V, H)                                                  \
    F(surface_base_address,     "Surface Base Address",         0, 31,  0, ADDR, 0, 0)            \
    F(height,                   "Height",                       1, 31, 18, U,    0, 0)  /* n - 1 */ \
    F(width,                    "Width",                        1, 17,  4, U,    0, 0)  /* n - 1 */ \
    F(picture_structure,        "Picture Structure",            1,  3,  2, ENUM, 0, g7sf_en_picture_structure) \
    F(crv_cbu_pixel_offset_v_direction, "Cr(V)/Cb(U) Pixel Offset V Direction", 1, 1, 0, UFIX, 2, 0) \
    F(surface_format,           "Surface Format",               2, 31, 28, ENUM, 0, g7sf_en_media_surface_format) \
    F(interleave_chroma,        "Interleave Chroma",            2, 27, 27, BOOL, 0, 0)            \
    F(surface_object_control_state, "Surface Object Control State", 2, 25, 22, U, 0, 0)           \
    F(surface_pitch,            "Surface Pitch",                2, 20,  3, U,    0, 0)  /* n - 1 */ \
    F(half_pitch_for_chroma,    "Half Pitch for Chroma",        2,  2,  2, BOOL, 0, 0)            \
    F(tile_mode,                "Tile Mode",                    2,  1,  0, ENUM, 0, g7sf_en_tilemode) \
    F(x_offset_for_ucb,         "X Offset for U(Cb)",           3, 29, 16, U,    0, 0)            \
    F(y_offset_for_ucb,         "Y Offset for U(Cb)",           3, 14,  0, U,    0, 0)            \
    F(x_offset_for_vcr,         "X Offset for V(Cr)",           4, 29, 16, U,    0, 0)            \
    F(y_offset_for_vcr,         "Y Offset for V(Cr)",           4, 14,  0, U,    0, 0)
G7SF_STATE_STRUCT(MEDIA_SURFACE_STATE, media_surface_state)

/* SAMPLER_STATE for the sample_8x8 message: IEF/VSA controls and the
 * SAMPLER_8x8_STATE pointer.  PRM default: 0, 0, 0x0D090801, 0x721A03C6;
 * the comments give each field's default.  R5cx/R5x: the OCR labels differ,
 * see spec-notes. */
#define G7SF_SAMPLER_STATE_8X8_DWORDS 4
#define G7SF_SAMPLER_STATE_8X8_FIELDS(F, A, V, H)                                                    \
    F(ief_bypass,               "IEF Bypass",                   0, 29, 29, BOOL, 0, 0)            \
    F(chromakey_enable,         "ChromaKey Enable",             0, 18, 18, BOOL, 0, 0)            \
    F(chromakey_index,          "ChromaKey Index",              0, 17, 16, U,    0, 0)            \
    F(global_noise_estimation,  "Global Noise Estimation",      0,  7,  0, U,    0, 0)            \
    F(sampler_8x8_state_pointer, "Sampler 8x8 State Pointer",   1, 31,  5, ADDR, 0, 0)            \
    F(r5c_coefficient,          "R5c Coefficient",              2, 30, 26, UFIX, 5, 0)  /* 3 */   \
    F(r5cx_coefficient,         "R5cx Coefficient",             2, 25, 21, UFIX, 5, 0)  /* 8 */   \
    F(r5x_coefficient,          "R5x Coefficient",              2, 20, 16, UFIX, 5, 0)  /* 9 */   \
    F(strong_edge_threshold,    "Strong Edge Threshold",        2, 13,  8, U,    0, 0)  /* 8 */   \
    F(weak_edge_threshold,      "Weak Edge Threshold",          2,  5,  0, U,    0, 0)  /* 1 */   \
    F(ief4smooth_enable,        "IEF4Smooth Enable",            3, 31, 31, BOOL, 0, 0)            \
    F(strong_edge_weight,       "Strong Edge Weight",           3, 30, 28, U,    0, 0)  /* 7 */   \
    F(regular_weight,           "Regular Weight",               3, 26, 24, U,    0, 0)  /* 2 */   \
    F(non_edge_weight,          "Non Edge Weight",              3, 22, 20, U,    0, 0)  /* 1 */   \
    F(gain_factor,              "Gain Factor",                  3, 19, 14, U,    0, 0)  /* 40 */  \
    F(r3c_coefficient,          "R3c Coefficient",              3, 10,  6, UFIX, 5, 0)  /* 15 */  \
    F(r3x_coefficient,          "R3x Coefficient",              3,  4,  0, UFIX, 5, 0)  /* 6 */
G7SF_STATE_STRUCT(SAMPLER_STATE_8X8, sampler_state_8x8)

/* SAMPLER_STATE for the deinterlace message (DEINTERLACE_SAMPLER_STATE): an
 * array of up to 8 elements, 8 dwords apart.  Comments give the ranges and
 * defaults the PRM states.  The two FMD fields of DW7 select how a field is
 * rebuilt: 0 deinterlace, 1 weave with the previous field in sequence, 2 with
 * the next one (§2.8.4.8). */
#define G7SF_SAMPLER_STATE_DI_DWORDS 8
#define G7SF_SAMPLER_STATE_DI_FIELDS(F, A, V, H)                                                     \
    F(denoise_stad_threshold,   "Denoise STAD Threshold",       0, 31, 24, U,    0, 0)            \
    F(denoise_maximum_history,  "Denoise Maximum History",      0, 23, 16, U,    0, 0)  /* 128-240 */ \
    F(vdi_walker_frame_sharing_enable, "VDI Walker Frame Sharing Enable", 0, 14, 14, BOOL, 0, 0)  \
    F(vdi_walker_y_stride,      "VDI Walker Y Stride",          0, 13, 12, U,    0, 0)  /* 2^v blocks */ \
    F(denoise_history_delta,    "Denoise History Delta",        0, 11,  8, U,    0, 0)  /* 8 */   \
    F(denoise_asd_threshold,    "Denoise ASD Threshold",        0,  7,  0, U,    0, 0)  /* 0-63 */ \
    F(temporal_difference_threshold, "Temporal Difference Threshold", 1, 29, 24, U, 0, 0)         \
    F(low_temporal_difference_threshold, "Low Temporal Difference Threshold", 1, 21, 16, U, 0, 0) \
    F(stmm_c2,                  "STMM C2",                      1, 15, 13, U,    0, 0)  /* C2 - 1 */ \
    F(denoise_moving_pixel_threshold, "Denoise Moving Pixel Threshold", 1, 12, 8, U, 0, 0) /* 0-16 */ \
    F(denoise_threshold_for_sum_of_complexity_measure,                                           \
      "Denoise Threshold for Sum of Complexity Measure",          1,  7,  0, U,    0, 0)            \
    F(good_neighbor_threshold,  "Good Neighbor Threshold",      2, 29, 24, U,    0, 0)  /* 4 */   \
    F(cat_slope,                "CAT Slope",                    2, 23, 20, U,    0, 0)  /* slope - 1; 9 */ \
    F(sad_tight_threshold,      "SAD Tight Threshold",          2, 19, 16, U,    0, 0)  /* 5 */   \
    F(smooth_mv_threshold,      "Smooth MV Threshold",          2, 15, 14, U,    0, 0)            \
    F(bne_edge_threshold,       "BNE Edge Threshold",           2, 11,  8, U,    0, 0)  /* 1 */   \
    F(block_noise_estimate_noise_threshold, "Block Noise Estimate Noise Threshold", 2, 7, 0, U, 0, 0) /* 0-31 */ \
    F(stmm_blending_constant_select, "STMM Blending Constant Select", 3, 31, 31, U, 0, 0) /* 0 min, 1 max STMM */ \
    F(blending_constant_large_stmm,                                                               \
      "Blending Constant Across Time for Large Values of STMM",   3, 30, 24, U,    0, 0)  /* 64 */  \
    F(blending_constant_small_stmm,                                                               \
      "Blending Constant Across Time for Small Values of STMM",   3, 23, 16, U,    0, 0)  /* 125 */ \
    F(multiplier_for_vecm,      "Multiplier for VECM",          3, 13,  8, U,    0, 0)            \
    F(maximum_stmm,             "Maximum STMM",                 3,  7,  0, U,    0, 0)            \
    F(minimum_stmm,             "Minimum STMM",                 4, 31, 24, U,    0, 0)            \
    F(stmm_shift_down,          "STMM Shift Down",              4, 23, 22, U,    0, 0)  /* by 4+v; 3 reserved */ \
    F(stmm_shift_up,            "STMM Shift Up",                4, 21, 20, U,    0, 0)  /* by 6+v; 3 reserved */ \
    F(stmm_output_shift,        "STMM Output Shift",            4, 19, 16, U,    0, 0)  /* 0-16 */ \
    F(sdi_threshold,            "SDI Threshold",                4, 15,  8, U,    0, 0)            \
    F(sdi_delta,                "SDI Delta",                    4,  7,  0, U,    0, 0)            \
    F(sdi_fallback_mode_1_t1_constant, "SDI Fallback Mode 1 T1 Constant", 5, 31, 24, U, 0, 0)     \
    F(sdi_fallback_mode_1_t2_constant, "SDI Fallback Mode 1 T2 Constant", 5, 23, 16, U, 0, 0)     \
    F(sdi_fallback_mode_2_constant, "SDI Fallback Mode 2 Constant", 5, 15, 8, U,  0, 0)            \
    F(fmd_temporal_difference_threshold, "FMD Temporal Difference Threshold", 5, 7, 0, U, 0, 0)   \
    F(fmd1_vertical_difference_threshold, "FMD #1 Vertical Difference Threshold", 6, 31, 24, U, 0, 0) \
    F(fmd2_vertical_difference_threshold, "FMD #2 Vertical Difference Threshold", 6, 23, 16, U, 0, 0) \
    F(cat_threshold_1,          "CAT Threshold 1",              6, 15, 14, U,    0, 0)  /* 0 */   \
    F(fmd_tear_threshold,       "FMD Tear Threshold",           6, 13,  8, U,    0, 0)            \
    F(mcdi_enable,              "MCDI Enable",                  6,  7,  7, BOOL, 0, 0)            \
    F(progressive_dn,           "Progressive DN",               6,  6,  6, BOOL, 0, 0)            \
    F(dndi_first_frame,         "DN/DI First Frame",            6,  5,  5, BOOL, 0, 0)            \
    F(dndi_stream_id,           "DN/DI Stream ID",              6,  4,  4, U,    0, 0)            \
    F(dndi_top_first,           "DN/DI Top First",              6,  3,  3, BOOL, 0, 0)            \
    F(di_partial,               "DI Partial",                   6,  2,  2, BOOL, 0, 0)            \
    F(di_enable,                "DI Enable",                    6,  1,  1, BOOL, 0, 0)            \
    F(dn_enable,                "DN Enable",                    6,  0,  0, BOOL, 0, 0)            \
    F(column_width_minus_1,     "Column Width Minus 1",         7, 31, 23, U,    0, 0)            \
    F(neighbor_pixel_threshold, "Neighbor Pixel Threshold",     7, 22, 19, U,    0, 0)  /* 10 */  \
    F(vdi_walker_enable,        "VDI Walker Enable",            7, 18, 18, BOOL, 0, 0)            \
    F(fmd_for_2nd_field_of_previous_frame, "FMD for 2nd Field of Previous Frame", 7, 17, 16, U, 0, 0) /* cadence */ \
    F(mc_pixel_consistency_threshold, "MC Pixel Consistency Threshold", 7, 15, 10, U, 0, 0) /* 25 */ \
    F(fmd_for_1st_field_of_current_frame, "FMD for 1st Field of Current Frame", 7, 9, 8, U, 0, 0) /* cadence */ \
    F(sad_threshold_b,          "SAD Threshold B",              7,  7,  4, U,    0, 0)  /* 10 */  \
    F(sad_threshold_a,          "SAD Threshold A",              7,  3,  0, U,    0, 0)  /* 5 */
G7SF_STATE_STRUCT(SAMPLER_STATE_DI, sampler_state_di)

/* SAMPLER_8x8_STATE: the AVS filter tables (17 phases, 8 dwords each) and
 * the adaptive-filter controls.  The PRM's "Table 0X Filter Coefficient[i,j]"
 * (phase i, tap j) is field "Table 0X Filter Coefficient j", element i.
 * Coefficients are S1.6; the PRM ranges per tap are in the comments.  The
 * chroma tables 1X/1Y have the four middle taps 2..5 only. */
#define G7SF_SAMPLER_8x8_STATE_DWORDS 138
#define G7SF_AVS_PHASES 17
#define G7SF_SAMPLER_8x8_STATE_FIELDS(F, A, V, H)                                                    \
    A(table_0x_c0, "Table 0X Filter Coefficient 0", 0,  7,  0, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1/4 */  \
    A(table_0x_c1, "Table 0X Filter Coefficient 1", 0, 15,  8, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1/2 */  \
    A(table_0x_c2, "Table 0X Filter Coefficient 2", 0, 23, 16, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1 */    \
    A(table_0x_c3, "Table 0X Filter Coefficient 3", 0, 31, 24, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-2 */    \
    A(table_0x_c4, "Table 0X Filter Coefficient 4", 1,  7,  0, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-2 */    \
    A(table_0x_c5, "Table 0X Filter Coefficient 5", 1, 15,  8, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1 */    \
    A(table_0x_c6, "Table 0X Filter Coefficient 6", 1, 23, 16, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1/2 */  \
    A(table_0x_c7, "Table 0X Filter Coefficient 7", 1, 31, 24, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1/4 */  \
    A(table_0y_c0, "Table 0Y Filter Coefficient 0", 2,  7,  0, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c1, "Table 0Y Filter Coefficient 1", 2, 15,  8, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c2, "Table 0Y Filter Coefficient 2", 2, 23, 16, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c3, "Table 0Y Filter Coefficient 3", 2, 31, 24, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c4, "Table 0Y Filter Coefficient 4", 3,  7,  0, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c5, "Table 0Y Filter Coefficient 5", 3, 15,  8, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c6, "Table 0Y Filter Coefficient 6", 3, 23, 16, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_0y_c7, "Table 0Y Filter Coefficient 7", 3, 31, 24, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_1x_c2, "Table 1X Filter Coefficient 2", 4, 23, 16, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1 */    \
    A(table_1x_c3, "Table 1X Filter Coefficient 3", 4, 31, 24, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* [0,2) */ \
    A(table_1x_c4, "Table 1X Filter Coefficient 4", 5,  7,  0, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* [0,2) */ \
    A(table_1x_c5, "Table 1X Filter Coefficient 5", 5, 15,  8, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0) /* +-1 */    \
    A(table_1y_c2, "Table 1Y Filter Coefficient 2", 6, 23, 16, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_1y_c3, "Table 1Y Filter Coefficient 3", 6, 31, 24, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_1y_c4, "Table 1Y Filter Coefficient 4", 7,  7,  0, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    A(table_1y_c5, "Table 1Y Filter Coefficient 5", 7, 15,  8, SFIX, 6, 0, G7SF_AVS_PHASES, 8, 0)             \
    /* phase 0 only: in the other phases these bits are reserved */                               \
    F(adaptive_filter_for_all_channels, "Adaptive Filter for All Channels", 4, 15, 15, BOOL, 0, 0) \
    F(rgb_adaptive,             "RGB Adaptive",                 4, 14, 14, BOOL, 0, 0)            \
    F(default_sharpness_level,  "Default Sharpness Level",    136, 31, 24, U,    0, 0) /* 0 smooth..255 sharp */ \
    F(max_derivative_4_pixels,  "Max Derivative 4 Pixels",    136, 23, 16, U,    0, 0)            \
    F(max_derivative_8_pixels,  "Max Derivative 8 Pixels",    136, 15,  8, U,    0, 0)            \
    F(transition_area_with_4_pixels, "Transition Area with 4 Pixels", 136, 6, 4, U, 0, 0)          \
    F(transition_area_with_8_pixels, "Transition Area with 8 Pixels", 136, 2, 0, U, 0, 0)          \
    F(bypass_x_adaptive_filtering, "Bypass X Adaptive Filtering", 137, 22, 22, BOOL, 0, 0)        \
    F(bypass_y_adaptive_filtering, "Bypass Y Adaptive Filtering", 137, 21, 21, BOOL, 0, 0)
G7SF_STATE_STRUCT(SAMPLER_8x8_STATE, sampler_8x8_state)

/* The values of the enumerated fields, one X(value, IDENT, "printed name") row
 * each (state.h, "Enumerated values"); above each list, the fields it names. */
/* Picture Structure */
#define G7SF_PICTURE_STRUCTURE_LIST(X)                                          \
    X(0, FRAME_PICTURE,        "Frame Picture")                                 \
    X(1, TOP_FIELD_PICTURE,    "Top Field Picture")                             \
    X(2, BOTTOM_FIELD_PICTURE, "Bottom Field Picture")
/* Surface Format: the PRM's names; R8B8_UNORM is "(CrCb)", R8_UNORM "(Cr/Cb)" in the text */
#define G7SF_MEDIA_SURFACE_FORMAT_LIST(X)                                       \
    X( 0, MEDIA_YCRCB_NORMAL,       "YCRCB_NORMAL")                             \
    X( 1, MEDIA_YCRCB_SWAPUVY,      "YCRCB_SWAPUVY")                            \
    X( 2, MEDIA_YCRCB_SWAPUV,       "YCRCB_SWAPUV")                             \
    X( 3, MEDIA_YCRCB_SWAPY,        "YCRCB_SWAPY")                              \
    X( 4, MEDIA_PLANAR_420_8,       "PLANAR_420_8")                             \
    X( 5, MEDIA_PLANAR_411_8,       "PLANAR_411_8")                             \
    X( 6, MEDIA_PLANAR_422_8,       "PLANAR_422_8")                             \
    X( 7, MEDIA_STMM_DN_STATISTICS, "STMM_DN_STATISTICS")                       \
    X( 8, MEDIA_R10G10B10A2_UNORM,  "R10G10B10A2_UNORM")                        \
    X( 9, MEDIA_R8G8B8A8_UNORM,     "R8G8B8A8_UNORM")                           \
    X(10, MEDIA_R8B8_UNORM,         "R8B8_UNORM")                               \
    X(11, MEDIA_R8_UNORM,           "R8_UNORM")                                 \
    X(12, MEDIA_Y8_UNORM,           "Y8_UNORM")
/* Tile Mode */
#define G7SF_TILEMODE_LIST(X)                                                   \
    X(0, TILEMODE_LINEAR, "TILEMODE_LINEAR")                                    \
    X(2, TILEMODE_XMAJOR, "TILEMODE_XMAJOR")                                    \
    X(3, TILEMODE_YMAJOR, "TILEMODE_YMAJOR")

/* This header's lists: enum g7sf_<name> and table g7sf_en_<name> of each. */
#define G7SF_MEDIA_ENUMS(X)                                                     \
    X(picture_structure, PICTURE_STRUCTURE)                                     \
    X(media_surface_format, MEDIA_SURFACE_FORMAT) X(tilemode, TILEMODE)
G7SF_MEDIA_ENUMS(G7SF_STATE_ENUM)

#endif
