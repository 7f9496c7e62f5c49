/* Media state: MEDIA_SURFACE_STATE (§2.12.2.2), SAMPLER_STATE for sample_8x8
 * (§2.12.3.2) and deinterlace (§2.12.3.3), SAMPLER_8x8_STATE (§2.12.4).
 * Line numbers are into spec/001_c1c57b1d5d55c865.txt.  "vaapi" is
 * intel-vaapi-driver src/i965_structs.h, its bitfields written out by hand
 * as absolute bit numbers (dword*32 + bit). */
#include <string.h>

#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

#define N(a) (unsigned)(sizeof (a) / sizeof (a)[0])

TEST(media_state_round_trips)
{
    t_state_round_trip(&g7sf_desc_MEDIA_SURFACE_STATE, 2000);
    t_state_round_trip(&g7sf_desc_SAMPLER_STATE_8X8, 2000);
    t_state_round_trip(&g7sf_desc_SAMPLER_STATE_DI, 2000);
    t_state_round_trip(&g7sf_desc_SAMPLER_8x8_STATE, 200);
}

TEST(registry_finds_the_media_structures)
{
    CHECK(g7sf_state_find("sampler_8x8_state") == &g7sf_desc_SAMPLER_8x8_STATE);
    CHECK_EQ(g7sf_desc_MEDIA_SURFACE_STATE.dwords, 6);
    CHECK_EQ(g7sf_desc_SAMPLER_STATE_8X8.dwords, 4);
    CHECK_EQ(g7sf_desc_SAMPLER_STATE_DI.dwords, 8);
    CHECK_EQ(g7sf_desc_SAMPLER_8x8_STATE.dwords, 17 * 8 + 2);
}

/* vaapi struct gen7_surface_state2; its tile_walk (64) + tiled_surface (65)
 * are the PRM's two-bit Tile Mode. */
TEST(media_surface_state_positions_match_vaapi)
{
    static const t_field_pos pos[] = {
        {"Surface Base Address", 0, 31},
        {"Cr(V)/Cb(U) Pixel Offset V Direction", 32, 33}, {"Picture Structure", 34, 35},
        {"Width", 36, 49},               {"Height", 50, 63},
        {"Tile Mode", 64, 65},           {"Half Pitch for Chroma", 66, 66},
        {"Surface Pitch", 67, 84},       {"Surface Object Control State", 86, 89},
        {"Interleave Chroma", 91, 91},   {"Surface Format", 92, 95},
        {"Y Offset for U(Cb)", 96, 110}, {"X Offset for U(Cb)", 112, 125},
        {"Y Offset for V(Cr)", 128, 142},{"X Offset for V(Cr)", 144, 157},
    };
    t_state_positions(&g7sf_desc_MEDIA_SURFACE_STATE, pos, N(pos));
}

TEST(media_surface_state_decodes_a_tiled_nv12_frame)
{
    /* 1920x1080 NV12, Y-major, pitch 2048, UV plane at row 1088, by hand:
     * DW1 = 1079 << 18 | 1919 << 4 = 0x10DC0000 | 0x77F0
     * DW2 = PLANAR_420_8 (4) << 28 | Interleave Chroma << 27 | 2047 << 3
     *       | TILEMODE_YMAJOR (3) = 0x40000000 | 0x08000000 | 0x3FF8 | 3 */
    const uint32_t dw[6] = { 0x00100000, 0x10DC77F0, 0x48003FFB, 0x00000440, 0, 0 };
    static const t_field_val want[] = {
        {"Surface Base Address", 0x100000}, {"Height", 1079}, {"Width", 1919},
        {"Picture Structure", 0}, {"Surface Format", 4}, {"Interleave Chroma", 1},
        {"Surface Pitch", 2047}, {"Half Pitch for Chroma", 0}, {"Tile Mode", 3},
        {"X Offset for U(Cb)", 0}, {"Y Offset for U(Cb)", 1088}, {0, 0}};
    t_state_values(&g7sf_desc_MEDIA_SURFACE_STATE, dw, want);

    const g7sf_state_desc *d = &g7sf_desc_MEDIA_SURFACE_STATE;
    int64_t v;
    char buf[64];
    CHECK_EQ(g7sf_field_parse(g7sf_state_field(d, "Surface Format"), "PLANAR_420_8", &v), 0);
    CHECK_EQ(v, 4);
    CHECK_EQ(g7sf_field_parse(g7sf_state_field(d, "Tile Mode"), "TILEMODE_XMAJOR", &v), 0);
    CHECK_EQ(v, 2);
    g7sf_field_format(g7sf_state_field(d, "Tile Mode"), 1, buf, sizeof buf);
    CHECK_STR(buf, "1 (reserved)");
    g7sf_field_format(g7sf_state_field(d, "Surface Format"), 12, buf, sizeof buf);
    CHECK_STR(buf, "12 (Y8_UNORM)");
    /* U0.2 chroma siting: 0.5 pixel is 2 */
    CHECK_EQ(g7sf_field_parse(g7sf_state_field(d, "Cr(V)/Cb(U) Pixel Offset V Direction"),
                              "0.5", &v), 0);
    CHECK_EQ(v, 2);
}

/* vaapi struct gen7_sampler_8x8; vaapi also names DW0 bit 31
 * "disable_8x8_filter", which the PRM marks reserved (not listed). */
TEST(sampler_state_8x8_positions_match_vaapi)
{
    static const t_field_pos pos[] = {
        {"Global Noise Estimation", 0, 7}, {"ChromaKey Index", 16, 17},
        {"ChromaKey Enable", 18, 18},      {"IEF Bypass", 29, 29},
        {"Sampler 8x8 State Pointer", 37, 63},
        {"Weak Edge Threshold", 64, 69},   {"Strong Edge Threshold", 72, 77},
        {"R5x Coefficient", 80, 84},       {"R5cx Coefficient", 85, 89},
        {"R5c Coefficient", 90, 94},
        {"R3x Coefficient", 96, 100},      {"R3c Coefficient", 102, 106},
        {"Gain Factor", 110, 115},         {"Non Edge Weight", 116, 118},
        {"Regular Weight", 120, 122},      {"Strong Edge Weight", 124, 126},
        {"IEF4Smooth Enable", 127, 127},
    };
    t_state_positions(&g7sf_desc_SAMPLER_STATE_8X8, pos, N(pos));
}

/* The PRM default value (line 3545) against each field's own default. */
TEST(sampler_state_8x8_default_value_matches_field_defaults)
{
    const uint32_t dw[4] = { 0x00000000, 0x00000000, 0x0D090801, 0x721A03C6 };
    static const t_field_val want[] = {
        {"IEF Bypass", 0}, {"ChromaKey Enable", 0}, {"Global Noise Estimation", 0},
        {"Sampler 8x8 State Pointer", 0},
        {"R5c Coefficient", 3},          /* 3600 */
        {"R5cx Coefficient", 8},         /* 3608 (labelled "R5x") */
        {"R5x Coefficient", 9},          /* 3612 (labelled "R5c") */
        {"Strong Edge Threshold", 8},    /* 3618 */
        {"Weak Edge Threshold", 1},      /* 3624 */
        {"IEF4Smooth Enable", 0},        /* 3630: 0 [Default] */
        {"Strong Edge Weight", 7},       /* 3632 */
        {"Regular Weight", 2},           /* 3638 */
        {"Non Edge Weight", 1},          /* 3644 */
        {"Gain Factor", 40},             /* 3653 */
        {"R3c Coefficient", 15},         /* 3659 */
        {"R3x Coefficient", 6},          /* 3665 */
        {0, 0}};
    t_state_values(&g7sf_desc_SAMPLER_STATE_8X8, dw, want);
    /* the defaults cover every non-reserved bit set in the default value */
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(dw[i] & g7sf_state_reserved_mask(&g7sf_desc_SAMPLER_STATE_8X8, i), 0);
}

/* vaapi struct gen7_sampler_dndi. */
TEST(sampler_state_di_positions_match_vaapi)
{
    static const t_field_pos pos[] = {
        {"Denoise ASD Threshold", 0, 7},           {"Denoise History Delta", 8, 11},
        {"VDI Walker Y Stride", 12, 13},           {"VDI Walker Frame Sharing Enable", 14, 14},
        {"Denoise Maximum History", 16, 23},       {"Denoise STAD Threshold", 24, 31},
        {"Denoise Threshold for Sum of Complexity Measure", 32, 39},
        {"Denoise Moving Pixel Threshold", 40, 44},{"STMM C2", 45, 47},
        {"Low Temporal Difference Threshold", 48, 53},
        {"Temporal Difference Threshold", 56, 61},
        {"Block Noise Estimate Noise Threshold", 64, 71}, {"BNE Edge Threshold", 72, 75},
        {"Smooth MV Threshold", 78, 79},           {"SAD Tight Threshold", 80, 83},
        {"CAT Slope", 84, 87},                     {"Good Neighbor Threshold", 88, 93},
        {"Maximum STMM", 96, 103},                 {"Multiplier for VECM", 104, 109},
        {"Blending Constant Across Time for Small Values of STMM", 112, 119},
        {"Blending Constant Across Time for Large Values of STMM", 120, 126},
        {"STMM Blending Constant Select", 127, 127},
        {"SDI Delta", 128, 135},                   {"SDI Threshold", 136, 143},
        {"STMM Output Shift", 144, 147},           {"STMM Shift Up", 148, 149},
        {"STMM Shift Down", 150, 151},             {"Minimum STMM", 152, 159},
        {"FMD Temporal Difference Threshold", 160, 167},
        {"SDI Fallback Mode 2 Constant", 168, 175},
        {"SDI Fallback Mode 1 T2 Constant", 176, 183},
        {"SDI Fallback Mode 1 T1 Constant", 184, 191},
        {"DN Enable", 192, 192},                   {"DI Enable", 193, 193},
        {"DI Partial", 194, 194},                  {"DN/DI Top First", 195, 195},
        {"DN/DI Stream ID", 196, 196},             {"DN/DI First Frame", 197, 197},
        {"Progressive DN", 198, 198},              {"MCDI Enable", 199, 199},
        {"FMD Tear Threshold", 200, 205},          {"CAT Threshold 1", 206, 207},
        {"FMD #2 Vertical Difference Threshold", 208, 215},
        {"FMD #1 Vertical Difference Threshold", 216, 223},
        {"SAD Threshold A", 224, 227},             {"SAD Threshold B", 228, 231},
        {"FMD for 1st Field of Current Frame", 232, 233},
        {"MC Pixel Consistency Threshold", 234, 239},
        {"FMD for 2nd Field of Previous Frame", 240, 241},
        {"VDI Walker Enable", 242, 242},           {"Neighbor Pixel Threshold", 243, 246},
        {"Column Width Minus 1", 247, 255},
    };
    t_state_positions(&g7sf_desc_SAMPLER_STATE_DI, pos, N(pos));
}

/* intel-vaapi-driver gen7_pp_nv12_dndi_initialize (Ivy Bridge, motion
 * compensated, top field first, not the first frame, 720 wide: column width
 * field w / 16 = 45), packed from field values.  The dwords by hand:
 * DW0 STAD 140 = 0x8C <<24 | max history 192 = 0xC0 <<16 | delta 7 <<8
 *     | ASD 38 = 0x26                                          = 0x8CC00726
 * DW1 tdiff 0, low 0 | STMM C2 field 2 <<13 = 0x4000 | moving pixel 1 <<8
 *     | SCM 38 = 0x26                                          = 0x00004126
 * DW2 good neighbor 12 <<24 | CAT slope field 9 <<20 | SAD tight 5 <<16
 *     | smooth MV 0 | BNE edge 1 <<8 | BNE noise 20 = 0x14     = 0x0C950114
 * DW3 select 0 | large 64 = 0x40 <<24 | small 125 = 0x7D <<16 | VECM 30 =
 *     0x1E <<8 | max STMM 150 = 0x96                           = 0x407D1E96
 * DW4 min STMM 118 = 0x76 <<24 | shift down 3 <<22 | up 1 <<20 | output
 *     shift 5 <<16 (0xC0|0x10|0x05 = 0xD5) | SDI th 100 = 0x64 <<8 | delta 5
 *                                                              = 0x76D56405
 * DW5 T1 50 = 0x32 <<24 | T2 100 = 0x64 <<16 | fallback 2 37 = 0x25 <<8
 *     | FMD tdiff 175 = 0xAF                                   = 0x326425AF
 * DW6 FMD#1 16 = 0x10 <<24 | FMD#2 100 = 0x64 <<16 | CAT th1 0 | tear 2 <<8
 *     | MCDI 0x80 | stream ID 0x10 | top first 0x08 | DI 0x02  = 0x1064029A
 * DW7 column 45 <<23 = 0x16800000 | neighbor 10 <<19 = 0x500000 | walker 0
 *     | MC pixel 25 <<10 = 0x6400 | SAD B 10 <<4 | SAD A 5     = 0x16D064A5 */
TEST(sampler_state_di_packs_vaapi_ivb_deinterlace_defaults)
{
    g7sf_sampler_state_di s;
    memset(&s, 0, sizeof s);
    s.denoise_asd_threshold = 38;
    s.denoise_history_delta = 7;
    s.denoise_maximum_history = 192;
    s.denoise_stad_threshold = 140;
    s.denoise_threshold_for_sum_of_complexity_measure = 38;
    s.denoise_moving_pixel_threshold = 1;
    s.stmm_c2 = 2;
    s.block_noise_estimate_noise_threshold = 20;
    s.bne_edge_threshold = 1;
    s.sad_tight_threshold = 5;
    s.cat_slope = 9;
    s.good_neighbor_threshold = 12;
    s.maximum_stmm = 150;
    s.multiplier_for_vecm = 30;
    s.blending_constant_small_stmm = 125;
    s.blending_constant_large_stmm = 64;
    s.sdi_delta = 5;
    s.sdi_threshold = 100;
    s.stmm_output_shift = 5;
    s.stmm_shift_up = 1;
    s.stmm_shift_down = 3;
    s.minimum_stmm = 118;
    s.fmd_temporal_difference_threshold = 175;
    s.sdi_fallback_mode_2_constant = 37;
    s.sdi_fallback_mode_1_t2_constant = 100;
    s.sdi_fallback_mode_1_t1_constant = 50;
    s.di_enable = 1;
    s.dndi_top_first = 1;
    s.dndi_stream_id = 1;
    s.mcdi_enable = 1;
    s.fmd_tear_threshold = 2;
    s.fmd2_vertical_difference_threshold = 100;
    s.fmd1_vertical_difference_threshold = 16;
    s.sad_threshold_a = 5;
    s.sad_threshold_b = 10;
    s.mc_pixel_consistency_threshold = 25;
    s.neighbor_pixel_threshold = 10;
    s.column_width_minus_1 = 45;

    static const uint32_t want[8] = { 0x8CC00726, 0x00004126, 0x0C950114, 0x407D1E96,
                                      0x76D56405, 0x326425AF, 0x1064029A, 0x16D064A5 };
    uint32_t dw[8];
    CHECK_EQ(g7sf_state_pack(&g7sf_desc_SAMPLER_STATE_DI, &s, dw), 0);
    for (unsigned i = 0; i < 8; i++)
        CHECKF(dw[i] == want[i], "DW%u = 0x%08x, want 0x%08x", i, dw[i], want[i]);

    s.denoise_moving_pixel_threshold = 32;   /* 5-bit field */
    CHECK_EQ(g7sf_state_pack(&g7sf_desc_SAMPLER_STATE_DI, &s, dw), G7SF_ERANGE);
}

/* Phase 0 coefficients: vaapi struct i965_sampler_8x8_coefficient (Ivy
 * Bridge fills 1X/1Y taps 2..5 only); DW136/DW137: struct
 * i965_sampler_8x8_state dw136 and dw137.ilk. */
TEST(sampler_8x8_state_positions_match_vaapi)
{
    static const t_field_pos pos[] = {
        {"Table 0X Filter Coefficient 0", 0, 7},    {"Table 0X Filter Coefficient 3", 24, 31},
        {"Table 0X Filter Coefficient 4", 32, 39},  {"Table 0X Filter Coefficient 7", 56, 63},
        {"Table 0Y Filter Coefficient 0", 64, 71},  {"Table 0Y Filter Coefficient 5", 104, 111},
        {"Table 0Y Filter Coefficient 7", 120, 127},
        {"Table 1X Filter Coefficient 2", 144, 151},{"Table 1X Filter Coefficient 3", 152, 159},
        {"Table 1X Filter Coefficient 4", 160, 167},{"Table 1X Filter Coefficient 5", 168, 175},
        {"Table 1Y Filter Coefficient 2", 208, 215},{"Table 1Y Filter Coefficient 3", 216, 223},
        {"Table 1Y Filter Coefficient 4", 224, 231},{"Table 1Y Filter Coefficient 5", 232, 239},
        {"Transition Area with 8 Pixels", 4352, 4354},
        {"Transition Area with 4 Pixels", 4356, 4358},
        {"Max Derivative 8 Pixels", 4360, 4367},    {"Max Derivative 4 Pixels", 4368, 4375},
        {"Default Sharpness Level", 4376, 4383},
        {"Bypass Y Adaptive Filtering", 4405, 4405},{"Bypass X Adaptive Filtering", 4406, 4406},
    };
    t_state_positions(&g7sf_desc_SAMPLER_8x8_STATE, pos, N(pos));
}

TEST(sampler_8x8_state_encodes_phases_and_controls)
{
    const g7sf_state_desc *d = &g7sf_desc_SAMPLER_8x8_STATE;
    g7sf_sampler_8x8_state s;
    memset(&s, 0, sizeof s);
    /* phase 0 is the identity: centre tap 3 = 1.0 = 64 in S1.6, all tables */
    s.table_0x_c3[0] = s.table_0y_c3[0] = s.table_1x_c3[0] = s.table_1y_c3[0] = 64;
    /* phase 16, luma X: taps -1/8, 5/8, 5/8, -1/8 = -8, 40, 40, -8 */
    s.table_0x_c2[16] = -8;
    s.table_0x_c3[16] = 40;
    s.table_0x_c4[16] = 40;
    s.table_0x_c5[16] = -8;
    s.default_sharpness_level = 255;
    s.max_derivative_4_pixels = 8;
    s.max_derivative_8_pixels = 20;
    s.transition_area_with_4_pixels = 4;
    s.transition_area_with_8_pixels = 5;
    s.bypass_x_adaptive_filtering = 1;
    s.bypass_y_adaptive_filtering = 1;
    s.adaptive_filter_for_all_channels = 1;

    uint32_t dw[138], want[138];
    memset(want, 0, sizeof want);
    want[0] = want[2] = want[6] = 0x40000000;   /* tap 3 at 31:24 */
    want[4] = 0x40000000 | 0x8000;              /* + adaptive filter all channels, bit 15 */
    /* phase 16 is DW128..135: DW128 = 40 <<24 | -8 (0xF8) <<16 = 0x28F80000,
     * DW129 = -8 (0xF8) <<8 | 40 = 0x0000F828 */
    want[128] = 0x28F80000;
    want[129] = 0x0000F828;
    want[136] = 0xFF000000 | 8u << 16 | 20u << 8 | 4u << 4 | 5;   /* 0xFF081445 */
    want[137] = 3u << 21;                                        /* 0x00600000 */
    CHECK_EQ(g7sf_state_pack(d, &s, dw), 0);
    for (unsigned i = 0; i < 138; i++)
        CHECKF(dw[i] == want[i], "DW%u = 0x%08x, want 0x%08x", i, dw[i], want[i]);

    /* a coefficient read back from its dword, and the S1.6 range */
    const g7sf_field *c2 = g7sf_state_field(d, "Table 0X Filter Coefficient 2");
    CHECK_EQ(g7sf_field_extract(c2, 16, want), -8);
    int64_t v;
    char buf[64];
    CHECK_EQ(g7sf_field_parse(c2, "-0.125", &v), 0);
    CHECK_EQ(v, -8);
    CHECK_EQ(g7sf_field_parse(c2, "2.0", &v), G7SF_ERANGE);   /* S1.6 tops at 127/64 */
    g7sf_field_name(c2, 16, buf, sizeof buf);
    CHECK_STR(buf, "Table 0X Filter Coefficient 2[16]");
    CHECK_EQ(g7sf_field_set(c2, 17, &s, 0), G7SF_ERANGE);     /* only 17 phases */
}
