/* COLOR_PROCESSING_STATE (§3.8.3): the state of the colour processing (IECP)
 * function, DW0-28 STD/STE, DW29-41 ACE, DW42-52 TCC, DW53-54 ProcAmp,
 * DW55-63 CSC, DW64-66 colour gamut compression.  Included by state.h.
 * Decisions on garbled passages: docs/spec-notes.md "COLOR_PROCESSING_STATE". */
#ifndef GEN7SF_STATE_CPS_H
#define GEN7SF_STATE_CPS_H

/* The bright-skin (DW15-21) and dark-skin (DW22-28) saturation/hue PWLs
 * share one layout; the dark set's names carry "_DARK". */
#define G7SF_CPS_SKIN_PWL(F, d, m, n)                                                  \
    F(satb1##m, "SATB1" n, (d),     30, 21, SFIX, 2, 0)                                \
    F(satp3##m, "SATP3" n, (d),     20, 14, S,    0, 0)                                \
    F(satp2##m, "SATP2" n, (d),     13,  7, S,    0, 0)                                \
    F(satp1##m, "SATP1" n, (d),      6,  0, S,    0, 0)                                \
    F(sats0##m, "SATS0" n, (d) + 1, 30, 20, UFIX, 8, 0)                                \
    F(satb3##m, "SATB3" n, (d) + 1, 19, 10, SFIX, 2, 0)                                \
    F(satb2##m, "SATB2" n, (d) + 1,  9,  0, SFIX, 2, 0)                                \
    F(sats2##m, "SATS2" n, (d) + 2, 21, 11, UFIX, 8, 0)                                \
    F(sats1##m, "SATS1" n, (d) + 2, 10,  0, UFIX, 8, 0)                                \
    F(huep3##m, "HUEP3" n, (d) + 3, 31, 25, S,    0, 0)                                \
    F(huep2##m, "HUEP2" n, (d) + 3, 24, 18, S,    0, 0)                                \
    F(huep1##m, "HUEP1" n, (d) + 3, 17, 11, S,    0, 0)                                \
    F(sats3##m, "SATS3" n, (d) + 3, 10,  0, UFIX, 8, 0)                                \
    F(hueb3##m, "HUEB3" n, (d) + 4, 29, 20, SFIX, 2, 0)                                \
    F(hueb2##m, "HUEB2" n, (d) + 4, 19, 10, SFIX, 2, 0)                                \
    F(hueb1##m, "HUEB1" n, (d) + 4,  9,  0, SFIX, 2, 0)                                \
    F(hues1##m, "HUES1" n, (d) + 5, 21, 11, UFIX, 8, 0)                                \
    F(hues0##m, "HUES0" n, (d) + 5, 10,  0, UFIX, 8, 0)                                \
    F(hues3##m, "HUES3" n, (d) + 6, 21, 11, UFIX, 8, 0)                                \
    F(hues2##m, "HUES2" n, (d) + 6, 10,  0, UFIX, 8, 0)

#define G7SF_COLOR_PROCESSING_STATE_DWORDS 67
#define G7SF_COLOR_PROCESSING_STATE_FIELDS(F, A, V, H)                                    \
    /* STD/STE */                                                                      \
    F(v_mid,            "V_Mid",                  0, 31, 24, U,    0, 0)               \
    F(u_mid,            "U_Mid",                  0, 23, 16, U,    0, 0)               \
    F(hue_max,          "Hue Max",                0, 15, 10, U,    0, 0)               \
    F(sat_max,          "Sat Max",                0,  9,  4, U,    0, 0)               \
    F(output_control,   "Output Control",         0,  2,  2, ENUM, 0, g7sf_en_std_output_control) \
    F(ste_enable,       "STE Enable",             0,  1,  1, BOOL, 0, 0)               \
    F(std_enable,       "STD Enable",             0,  0,  0, BOOL, 0, 0)               \
    F(diamond_margin,   "Diamond Margin",         1, 30, 28, U,    0, 0)               \
    F(diamond_du,       "Diamond du",             1, 27, 21, S,    0, 0)               \
    F(hs_margin,        "HS Margin",              1, 20, 18, U,    0, 0)               \
    F(cos_alpha,        "Cos(alpha)",             1, 17, 10, SFIX, 7, 0)               \
    F(sin_alpha,        "Sin(alpha)",             1,  7,  0, SFIX, 7, 0)               \
    F(diamond_alpha,    "Diamond Alpha",          2, 20, 13, UFIX, 6, 0)               \
    F(diamond_th,       "Diamond Th",             2, 12,  7, U,    0, 0)               \
    F(diamond_dv,       "Diamond dv",             2,  6,  0, S,    0, 0)               \
    F(y_point_3,        "Y_point_3",              3, 31, 24, U,    0, 0)               \
    F(y_point_2,        "Y_point_2",              3, 23, 16, U,    0, 0)               \
    F(y_point_1,        "Y_point_1",              3, 15,  8, U,    0, 0)               \
    F(vy_std_enable,    "VY_STD_Enable",          3,  7,  7, BOOL, 0, 0)               \
    F(y_slope_2,        "Y_Slope_2",              4, 17, 13, UFIX, 3, 0)               \
    F(y_slope_1,        "Y_Slope_1",              4, 12,  8, UFIX, 3, 0)               \
    F(y_point_4,        "Y_point_4",              4,  7,  0, U,    0, 0)               \
    F(inv_skin_types_margin, "INV_skin_types_margin", 5, 31, 16, UFIX, 16, 0)          \
    F(inverse_margin_vyl, "Inverse Margin VYL",   5, 15,  0, UFIX, 16, 0)              \
    F(p1l,              "P1L",                    6, 31, 24, U,    0, 0)               \
    F(p0l,              "P0L",                    6, 23, 16, U,    0, 0)               \
    F(inverse_margin_vyu, "Inverse Margin VYU",   6, 15,  0, UFIX, 16, 0)              \
    F(b1l,              "B1L",                    7, 31, 24, U,    0, 0)               \
    F(b0l,              "B0L",                    7, 23, 16, U,    0, 0)               \
    F(p3l,              "P3L",                    7, 15,  8, U,    0, 0)               \
    F(p2l,              "P2L",                    7,  7,  0, U,    0, 0)               \
    F(s0l,              "S0L",                    8, 26, 16, SFIX, 8, 0)               \
    F(b3l,              "B3L",                    8, 15,  8, U,    0, 0)               \
    F(b2l,              "B2L",                    8,  7,  0, U,    0, 0)               \
    F(s2l,              "S2L",                    9, 21, 11, SFIX, 8, 0)               \
    F(s1l,              "S1L",                    9, 10,  0, SFIX, 8, 0)               \
    F(p1u,              "P1U",                   10, 26, 19, U,    0, 0)               \
    F(p0u,              "P0U",                   10, 18, 11, U,    0, 0)               \
    F(s3l,              "S3L",                   10, 10,  0, SFIX, 8, 0)               \
    F(b1u,              "B1U",                   11, 31, 24, U,    0, 0)               \
    F(b0u,              "B0U",                   11, 23, 16, U,    0, 0)               \
    F(p3u,              "P3U",                   11, 15,  8, U,    0, 0)               \
    F(p2u,              "P2U",                   11,  7,  0, U,    0, 0)               \
    F(s0u,              "S0U",                   12, 26, 16, SFIX, 8, 0)               \
    F(b3u,              "B3U",                   12, 15,  8, U,    0, 0)               \
    F(b2u,              "B2U",                   12,  7,  0, U,    0, 0)               \
    F(s2u,              "S2U",                   13, 21, 11, SFIX, 8, 0)               \
    F(s1u,              "S1U",                   13, 10,  0, SFIX, 8, 0)               \
    F(skin_types_margin, "Skin Types Margin",    14, 27, 20, U,    0, 0)               \
    F(skin_types_thresh, "Skin Types Thresh",    14, 19, 12, U,    0, 0)               \
    F(skin_type_enable, "Skin Type Enable",      14, 11, 11, BOOL, 0, 0)               \
    F(s3u,              "S3U",                   14, 10,  0, SFIX, 8, 0)               \
    G7SF_CPS_SKIN_PWL(F, 15, , "")                                                     \
    G7SF_CPS_SKIN_PWL(F, 22, _dark, "_DARK")                                           \
    /* ACE */                                                                          \
    F(skin_threshold,   "Skin Threshold",        29,  6,  2, U,    0, 0)               \
    F(full_image_histogram, "Full Image Histogram", 29, 1, 1, BOOL, 0, 0)              \
    F(ace_enable,       "ACE Enable",            29,  0,  0, BOOL, 0, 0)               \
    F(y3,  "Y3",   30, 31, 24, U, 0, 0)  F(y2,  "Y2",  30, 23, 16, U, 0, 0)            \
    F(y1,  "Y1",   30, 15,  8, U, 0, 0)  F(ymin, "Ymin", 30, 7,  0, U, 0, 0)           \
    F(y7,  "Y7",   31, 31, 24, U, 0, 0)  F(y6,  "Y6",  31, 23, 16, U, 0, 0)            \
    F(y5,  "Y5",   31, 15,  8, U, 0, 0)  F(y4,  "Y4",  31,  7,  0, U, 0, 0)            \
    F(ymax, "Ymax", 32, 31, 24, U, 0, 0) F(y10, "Y10", 32, 23, 16, U, 0, 0)            \
    F(y9,  "Y9",   32, 15,  8, U, 0, 0)  F(y8,  "Y8",  32,  7,  0, U, 0, 0)            \
    F(b4,  "B4",   33, 31, 24, U, 0, 0)  F(b3,  "B3",  33, 23, 16, U, 0, 0)            \
    F(b2,  "B2",   33, 15,  8, U, 0, 0)  F(b1,  "B1",  33,  7,  0, U, 0, 0)            \
    F(b8,  "B8",   34, 31, 24, U, 0, 0)  F(b7,  "B7",  34, 23, 16, U, 0, 0)            \
    F(b6,  "B6",   34, 15,  8, U, 0, 0)  F(b5,  "B5",  34,  7,  0, U, 0, 0)            \
    F(b10, "B10",  35, 15,  8, U, 0, 0)  F(b9,  "B9",  35,  7,  0, U, 0, 0)            \
    F(s1,  "S1",   36, 26, 16, UFIX, 10, 0) F(s0,  "S0",  36, 10, 0, UFIX, 10, 0)      \
    F(s3,  "S3",   37, 26, 16, UFIX, 10, 0) F(s2,  "S2",  37, 10, 0, UFIX, 10, 0)      \
    F(s5,  "S5",   38, 26, 16, UFIX, 10, 0) F(s4,  "S4",  38, 10, 0, UFIX, 10, 0)      \
    F(s7,  "S7",   39, 26, 16, UFIX, 10, 0) F(s6,  "S6",  39, 10, 0, UFIX, 10, 0)      \
    F(s9,  "S9",   40, 26, 16, UFIX, 10, 0) F(s8,  "S8",  40, 10, 0, UFIX, 10, 0)      \
    F(s10, "S10",  41, 10,  0, UFIX, 10, 0)                                            \
    /* TCC */                                                                          \
    F(sat_factor3,      "SatFactor3",            42, 31, 24, UFIX, 7, 0)               \
    F(sat_factor2,      "SatFactor2",            42, 23, 16, UFIX, 7, 0)               \
    F(sat_factor1,      "SatFactor1",            42, 15,  8, UFIX, 7, 0)               \
    F(tcc_enable,       "TCC Enable",            42,  7,  7, BOOL, 0, 0)               \
    F(sat_factor6,      "SatFactor6",            43, 31, 24, UFIX, 7, 0)               \
    F(sat_factor5,      "SatFactor5",            43, 23, 16, UFIX, 7, 0)               \
    F(sat_factor4,      "SatFactor4",            43, 15,  8, UFIX, 7, 0)               \
    F(base_color_3,     "Base Color 3",          44, 29, 20, U,    0, 0)               \
    F(base_color_2,     "Base Color 2",          44, 19, 10, U,    0, 0)               \
    F(base_color_1,     "Base Color 1",          44,  9,  0, U,    0, 0)               \
    F(base_color_6,     "Base Color 6",          45, 29, 20, U,    0, 0)               \
    F(base_color_5,     "Base Color 5",          45, 19, 10, U,    0, 0)               \
    F(base_color_4,     "Base Color 4",          45,  9,  0, U,    0, 0)               \
    F(color_transit_slope_23, "Color Transit Slope 23", 46, 31, 16, UFIX, 16, 0)       \
    F(color_transit_slope_12, "Color Transit Slope 12", 46, 15,  0, UFIX, 16, 0)       \
    F(color_transit_slope_45, "Color Transit Slope 45", 47, 31, 16, UFIX, 16, 0)       \
    F(color_transit_slope_34, "Color Transit Slope 34", 47, 15,  0, UFIX, 16, 0)       \
    F(color_transit_slope_61, "Color Transit Slope 61", 48, 31, 16, UFIX, 16, 0)       \
    F(color_transit_slope_56, "Color Transit Slope 56", 48, 15,  0, UFIX, 16, 0)       \
    F(color_bias_3,     "Color Bias 3",          49, 31, 22, UFIX, 8, 0)               \
    F(color_bias_2,     "Color Bias 2",          49, 21, 12, UFIX, 8, 0)               \
    F(color_bias_1,     "Color Bias 1",          49, 11,  2, UFIX, 8, 0)               \
    F(color_bias_6,     "Color Bias 6",          50, 31, 22, UFIX, 8, 0)               \
    F(color_bias_5,     "Color Bias 5",          50, 21, 12, UFIX, 8, 0)               \
    F(color_bias_4,     "ColorBias4",            50, 11,  2, UFIX, 8, 0)               \
    F(uv_threshold,     "UV Threshold",          51, 30, 24, U,    0, 0)               \
    F(uv_threshold_bits, "UV Threshold Bits",    51, 18, 16, U,    0, 0)               \
    F(ste_threshold,    "STE Threshold",         51, 12,  8, U,    0, 0)               \
    F(ste_slope_bits,   "STE Slope Bits",        51,  2,  0, U,    0, 0)               \
    F(inverse_uvmax_color, "Inverse UVMax Color", 52, 31, 16, UFIX, 16, 0)             \
    F(uvmax_color,      "UVMax Color",           52,  8,  0, U,    0, 0)               \
    /* ProcAmp */                                                                      \
    F(contrast,         "Contrast",              53, 27, 17, UFIX, 7, 0)               \
    F(brightness,       "Brightness",            53, 12,  1, SFIX, 4, 0)               \
    F(procamp_enable,   "PROCAMP Enable",        53,  0,  0, BOOL, 0, 0)               \
    F(cos_c_s,          "Cos_c_s",               54, 31, 16, SFIX, 8, 0)               \
    F(sin_c_s,          "Sin_c_s",               54, 15,  0, SFIX, 8, 0)               \
    /* CSC: C0..C8 row-major 3x3 matrix, S2.10 */                                      \
    F(c1,               "C1",                    55, 28, 16, SFIX, 10, 0)              \
    F(c0,               "C0",                    55, 15,  3, SFIX, 10, 0)              \
    F(yuv_in,           "YUV_IN",                55,  2,  2, BOOL, 0, 0)               \
    F(yuv_out,          "YUV_OUT",               55,  1,  1, BOOL, 0, 0)               \
    F(transform_enable, "Transform Enable",      55,  0,  0, BOOL, 0, 0)               \
    F(c3,  "C3",   56, 25, 13, SFIX, 10, 0)  F(c2,  "C2",  56, 12, 0, SFIX, 10, 0)     \
    F(c5,  "C5",   57, 25, 13, SFIX, 10, 0)  F(c4,  "C4",  57, 12, 0, SFIX, 10, 0)     \
    F(c7,  "C7",   58, 25, 13, SFIX, 10, 0)  F(c6,  "C6",  58, 12, 0, SFIX, 10, 0)     \
    F(c8,  "C8",   59, 12,  0, SFIX, 10, 0)                                            \
    F(offset_out_1,     "Offset out 1",          60, 19, 10, S,    0, 0)               \
    F(offset_in_1,      "Offset In 1",           60,  9,  0, S,    0, 0)               \
    F(offset_out_2,     "Offset out 2",          61, 19, 10, S,    0, 0)               \
    F(offset_in_2,      "Offset in 2",           61,  9,  0, S,    0, 0)               \
    F(offset_out_3,     "Offset out 3",          62, 19, 10, S,    0, 0)               \
    F(offset_in_3,      "Offset in 3",           62,  9,  0, S,    0, 0)               \
    F(alpha_from_state_select, "Alpha from State Select", 63, 16, 16, U, 0, 0)         \
    F(color_pipe_alpha, "Color Pipe Alpha",      63, 15,  0, U,    0, 0)               \
    /* Colour gamut compression */                                                     \
    F(color_gamut_compression_enable, "Color Gamut Compression Enable", 64, 31, 31, BOOL, 0, 0) \
    F(full_range_mapping_enable, "Full Range Mapping Enable", 64, 30, 30, ENUM, 0, g7sf_en_cgc_mapping) \
    F(d_in_default,     "d(in,default)",         64, 29, 20, U,    0, 0)               \
    F(d_out_default,    "d(out,default)",        64, 19, 10, U,    0, 0)               \
    F(d1_out,           "d1(out)",               64,  9,  0, U,    0, 0)               \
    F(compression_line_shift, "Compression Line Shift", 65, 30, 28, U, 0, 0)           \
    F(d1_in,            "d1(in)",                65,  9,  0, U,    0, 0)               \
    F(xvycc_decode_encode_enable, "xvYcc Decode Encode Enable", 66, 31, 31, BOOL, 0, 0) \
    F(forced_444_for_444, "Forced 444 for 444",  66, 30, 30, BOOL, 0, 0)               \
    F(forced_422_for_444, "Forced 422 for 444",  66, 29, 29, BOOL, 0, 0)               \
    F(forced_444_for_422, "Forced 444 for 422",  66, 28, 28, BOOL, 0, 0)               \
    F(std_factor_mode,  "STD Factor Mode",       66, 27, 26, ENUM, 0, g7sf_en_std_factor_mode) \
    F(mv_dark_factor_mode, "MV Dark Factor Mode", 66, 25, 24, ENUM, 0, g7sf_en_mv_dark_factor_mode) \
    F(scaling_factor_mode, "Scaling Factor Mode", 66, 23, 22, ENUM, 0, g7sf_en_scaling_factor_mode) \
    F(override_saturation_equal_zero, "Override Saturation Equal Zero", 66, 4, 4, BOOL, 0, 0) \
    F(color_space_mode, "Color Space Mode",      66,  3,  0, U,    0, 0)
G7SF_STATE_STRUCT(COLOR_PROCESSING_STATE, color_processing_state)

/* The values of the enumerated fields, one X(value, IDENT, "printed name") row
 * each (state.h, "Enumerated values"); above each list, the fields it names. */
/* Output Control */
#define G7SF_STD_OUTPUT_CONTROL_LIST(X)                                         \
    X(0, STD_OUTPUT_PIXELS,        "Output Pixels")                             \
    X(1, STD_OUTPUT_STD_DECISIONS, "Output STD Decisions")
/* Full Range Mapping Enable */
#define G7SF_CGC_MAPPING_LIST(X)                                                \
    X(0, CGC_BASIC_MODE,    "Basic Mode")                                       \
    X(1, CGC_ADVANCED_MODE, "Advanced Mode")
/* STD Factor Mode */
#define G7SF_STD_FACTOR_MODE_LIST(X)                                            \
    X(0, STDMIN, "STDMin")                                                      \
    X(1, STDMAX, "STDMax")                                                      \
    X(2, STDAVE, "STDAve")
/* MV Dark Factor Mode */
#define G7SF_MV_DARK_FACTOR_MODE_LIST(X)                                        \
    X(0, MVDARKMIN, "MVDarkMin")                                                \
    X(1, MVDARKMAX, "MVDarkMax")                                                \
    X(2, MVDARKAVE, "MVDarkAve")
/* Scaling Factor Mode */
#define G7SF_SCALING_FACTOR_MODE_LIST(X)                                        \
    X(0, SFMIN, "SFMin")                                                        \
    X(1, SFMAX, "SFMax")                                                        \
    X(2, SFAVE, "SFAve")

/* This header's lists: enum g7sf_<name> and table g7sf_en_<name> of each. */
#define G7SF_CPS_ENUMS(X)                                                       \
    X(std_output_control, STD_OUTPUT_CONTROL) X(cgc_mapping, CGC_MAPPING)       \
    X(std_factor_mode, STD_FACTOR_MODE)                                         \
    X(mv_dark_factor_mode, MV_DARK_FACTOR_MODE)                                 \
    X(scaling_factor_mode, SCALING_FACTOR_MODE)
G7SF_CPS_ENUMS(G7SF_STATE_ENUM)

#endif
