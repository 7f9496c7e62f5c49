/* COLOR_PROCESSING_STATE (§3.8.3).  Every number below was read by hand from
 * spec/001_c1c57b1d5d55c865.txt; the number after each is its line there.
 * docs/spec-notes.md "COLOR_PROCESSING_STATE" explains every X and N row. */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

static const g7sf_state_desc *const cps = &g7sf_desc_COLOR_PROCESSING_STATE;

TEST(cps_round_trip) { t_state_round_trip(cps, 2000); }

TEST(cps_size_and_registry)
{
    CHECK_EQ(cps->dwords, 67);   /* DW0-28 STD/STE ... DW64-66 gamut compression */
    CHECK_EQ(sizeof(g7sf_color_processing_state), cps->struct_size);
    CHECK(g7sf_state_find("color_processing_state") == cps);
    CHECK_STR(cps->section, "3.8.3");
}

/* The packed "Default Value" dwords the text gives, where they can be placed. */
typedef struct { unsigned dw; uint32_t value; unsigned line; } packed_default;
static const packed_default packed[] = {
    /* STD/STE, 7127-7137: the OCR holds 36 values for 29 dwords; DW0-20 are
     * the first three rows, DW21 the next value, DW22-28 the run that starts
     * 0x0007CF80 (placed by the fields they decode to). */
    {0, 0x9A6E39F0, 7127}, {1, 0x400C0000, 7127}, {2, 0x00001180, 7127},
    {3, 0xFE2F2E00, 7127}, {4, 0x000000FF, 7127}, {5, 0x00140000, 7127},
    {6, 0xD82E0000, 7127}, {7, 0x8285ECEC, 7130}, {8, 0x00008282, 7130},
    {9, 0x00000000, 7130}, {10, 0x02117000, 7130}, {11, 0xA38FEC96, 7130},
    {12, 0x00008CC8, 7130}, {13, 0x00000000, 7130}, {14, 0x01478000, 7132},
    {15, 0x0007C300, 7132}, {16, 0, 7132}, {17, 0, 7132}, {18, 0x1C180000, 7132},
    {19, 0, 7132}, {20, 0, 7132}, {21, 0, 7133}, {22, 0x0007CF80, 7136},
    {23, 0, 7136}, {24, 0, 7136}, {25, 0x1C080000, 7136}, {26, 0, 7136},
    {27, 0, 7136}, {28, 0, 7137},
    /* ACE, 7549-7550 ("0xEE BD8C4B0" read as 0xEBD8C4B0) */
    {29, 0x00000068, 7549}, {30, 0x4C382410, 7549}, {31, 0x9C887460, 7549},
    {32, 0xEBD8C4B0, 7549}, {33, 0x604C3824, 7549}, {34, 0xB09C8874, 7549},
    {35, 0x0000D8C4, 7549}, {36, 0, 7550}, {37, 0, 7550}, {38, 0, 7550},
    {39, 0, 7550}, {40, 0, 7550}, {41, 0, 7550},
    /* TCC, 7722 */
    {42, 0xDCDCDC00, 7722}, {43, 0xDCDCDC00, 7722}, {44, 0x1E34CC91, 7722},
    {45, 0x3E3CCE91, 7722}, {46, 0x02E80195, 7722}, {47, 0x0197046B, 7722},
    {48, 0x01790174, 7722}, {49, 0x00096000, 7722}, {50, 0, 7722},
    {51, 0x03030000, 7722}, {52, 0x009201C0, 7722},
    /* ProcAmp 7881; CSC 7914 (only DW55 and C8's 0x4B4 are legible);
     * gamut compression 8029 */
    {53, 0x00020001, 7881}, {54, 0x01000000, 7881},
    {55, 0x00002000, 7914}, {59, 0x000004B4, 7914},
    {64, 0x00D2911F, 8029}, {65, 0x30000334, 8029}, {66, 0x8A800000, 8029},
};

/* A field default from the text.  P: the packed default decodes to it.
 * X: the packed default (or the algorithm) disagrees, so it is only packed
 * and read back.  N: no packed default can be placed for its dword. */
enum { P, X, N };
typedef struct { const char *field; int64_t value; unsigned line; int kind; } field_default;
static const field_default fdef[] = {
    {"V_Mid", 154, 7143, P}, {"U_Mid", 110, 7147, P}, {"Hue Max", 14, 7151, P},
    {"Sat Max", 31, 7159, P}, {"Output Control", 0, 7165, P},
    {"Diamond Margin", 4, 7173, P}, {"Diamond du", 0, 7176, P}, {"HS Margin", 3, 7180, P},
    {"Cos(alpha)", 79, 7184, X}, {"Sin(alpha)", 101, 7189, X},
    {"Diamond Alpha", 100, 7200, X}, {"Diamond Th", 35, 7202, P}, {"Diamond dv", 0, 7206, P},
    {"Y_point_3", 254, 7209, P}, {"Y_point_2", 47, 7213, P}, {"Y_point_1", 46, 7217, P},
    {"Y_Slope_2", 31, 7229, X}, {"Y_Slope_1", 31, 7232, X}, {"Y_point_4", 255, 7238, P},
    {"INV_skin_types_margin", 20, 7245, P}, {"Inverse Margin VYL", 3300, 7248, X},
    {"P1L", 216, 7250, P}, {"P0L", 46, 7253, P}, {"Inverse Margin VYU", 1600, 7257, X},
    {"B1L", 130, 7259, P}, {"B0L", 133, 7262, P}, {"P3L", 236, 7266, P}, {"P2L", 236, 7269, P},
    {"S0L", -5, 7279, X}, {"B3L", 130, 7281, P}, {"B2L", 130, 7285, P},
    {"S2L", 0, 7291, P}, {"S1L", 0, 7295, P},
    {"P1U", 66, 7299, P}, {"P0U", 46, 7303, P}, {"S3L", 0, 7312, P},
    {"B1U", 163, 7314, P}, {"B0U", 143, 7318, P}, {"P3U", 236, 7322, P}, {"P2U", 150, 7326, P},
    {"S0U", 256, 7334, X}, {"B3U", 140, 7336, P}, {"B2U", 200, 7340, P},
    {"S2U", -179, 7349, X}, {"S1U", -113, 7352, X},
    {"Skin Types Margin", 20, 7356, P}, {"Skin Types Thresh", 120, 7360, P},
    {"Skin Type Enable", 0, 7367, P}, {"S3U", 0, 7370, P},
    {"SATB1", -8, 7375, X}, {"SATP3", 31, 7377, P}, {"SATP2", 6, 7385, P}, {"SATP1", -6, 7390, X},
    {"SATS0", 297, 7395, X}, {"SATB3", 124, 7398, X}, {"SATB2", 8, 7401, X},
    {"SATS2", 297, 7406, X}, {"SATS1", 85, 7409, X},
    {"HUEP3", 14, 7416, P}, {"HUEP2", 6, 7420, P}, {"HUEP1", -6, 7425, X}, {"SATS3", 256, 7428, X},
    {"HUEB3", 56, 7433, X}, {"HUEB2", 8, 7436, X}, {"HUEB1", -8, 7439, X},
    {"HUES1", 85, 7447, X}, {"HUES0", 384, 7450, X}, {"HUES3", 256, 7455, X}, {"HUES2", 384, 7458, X},
    {"SATB1_DARK", 0, 7462, P}, {"SATP3_DARK", 31, 7464, P}, {"SATP2_DARK", 31, 7468, P},
    {"SATP1_DARK", -11, 7476, X},
    {"SATS0_DARK", 397, 7480, X}, {"SATB3_DARK", 124, 7483, X}, {"SATB2_DARK", 124, 7486, X},
    {"SATS2_DARK", 256, 7490, X}, {"SATS1_DARK", 189, 7493, X},
    {"HUEP3_DARK", 14, 7495, P}, {"HUEP2_DARK", 2, 7499, P}, {"SATS3_DARK", 256, 7512, X},
    {"HUEB3_DARK", 56, 7517, X}, {"HUEB2_DARK", 0, 7520, P}, {"HUEB1_DARK", 0, 7523, P},
    {"HUES1_DARK", 0, 7528, P}, {"HUES3_DARK", 256, 7541, X}, {"HUES2_DARK", 299, 7545, X},
    /* ACE */
    {"Skin Threshold", 26, 7559, P}, {"Full Image Histogram", 0, 7561, P},
    {"Y3", 76, 7568, P}, {"Y2", 56, 7572, P}, {"Y1", 36, 7576, P}, {"Ymin", 16, 7584, P},
    {"Y7", 156, 7587, P}, {"Y6", 136, 7589, P}, {"Y5", 116, 7593, P}, {"Y4", 96, 7597, P},
    {"Ymax", 235, 7600, P}, {"Y10", 216, 7603, P}, {"Y9", 196, 7607, P}, {"Y8", 176, 7611, P},
    {"B4", 96, 7618, P}, {"B3", 76, 7622, P}, {"B2", 56, 7625, P}, {"B1", 36, 7629, P},
    {"B8", 176, 7632, P}, {"B7", 156, 7635, P}, {"B6", 136, 7639, P}, {"B5", 116, 7642, P},
    {"B10", 216, 7648, P}, {"B9", 196, 7651, P},
    {"S1", 1024, 7663, X}, {"S0", 1024, 7668, X}, {"S3", 1024, 7673, X}, {"S2", 1024, 7678, X},
    {"S5", 1024, 7683, X}, {"S4", 1024, 7688, X}, {"S7", 1024, 7698, X}, {"S6", 1024, 7703, X},
    {"S9", 1024, 7708, X}, {"S8", 1024, 7713, X}, {"S10", 1024, 7718, X},
    /* TCC */
    {"SatFactor3", 220, 7726, P}, {"SatFactor2", 220, 7731, P}, {"SatFactor1", 220, 7739, P},
    {"SatFactor6", 220, 7747, P}, {"SatFactor5", 220, 7751, P}, {"SatFactor4", 220, 7755, P},
    {"Base Color 3", 483, 7763, P}, {"Base Color 2", 307, 7766, P}, {"Base Color 1", 145, 7769, P},
    {"Base Color 6", 995, 7774, P}, {"Base Color 4", 657, 7783, P},
    {"Color Transit Slope 23", 744, 7786, P}, {"Color Transit Slope 12", 405, 7790, P},
    {"Color Transit Slope 45", 407, 7794, P}, {"Color Transit Slope 34", 1131, 7798, P},
    {"Color Transit Slope 61", 377, 7802, P}, {"Color Transit Slope 56", 372, 7806, P},
    {"Color Bias 3", 0, 7810, P}, {"Color Bias 2", 150, 7814, P}, {"Color Bias 1", 0, 7818, P},
    {"Color Bias 6", 0, 7828, P}, {"Color Bias 5", 0, 7832, P}, {"ColorBias4", 0, 7836, P},
    {"UV Threshold", 3, 7844, P}, {"UV Threshold Bits", 3, 7850, P},
    {"STE Threshold", 0, 7856, P}, {"STE Slope Bits", 0, 7862, P},
    {"Inverse UVMax Color", 146, 7871, P}, {"UVMax Color", 448, 7877, P},
    /* ProcAmp */
    {"Contrast", 1, 7887, X}, {"Brightness", 0, 7893, P}, {"PROCAMP Enable", 1, 7897, P},
    {"Cos_c_s", 256, 7900, P}, {"Sin_c_s", 0, 7904, P},
    /* CSC */
    {"C1", 0, 7920, P}, {"C0", 1024, 7924, P}, {"YUV_IN", 0, 7928, P}, {"YUV_OUT", 0, 7932, P},
    {"C3", 0, 7939, N}, {"C2", 0, 7947, N}, {"C5", 0, 7954, N}, {"C4", 1024, 7958, N},
    {"C7", 0, 7964, N}, {"C6", 0, 7968, N}, {"C8", 1204, 7974, X},
    {"Offset out 1", 0, 7984, N}, {"Offset In 1", 0, 7988, N},
    {"Offset out 2", 0, 7995, N}, {"Offset in 2", 0, 7999, N},
    {"Offset out 3", 0, 8005, N}, {"Offset in 3", 0, 8009, N},
    /* Colour gamut compression */
    {"Full Range Mapping Enable", 0, 8034, P}, {"d(in,default)", 205, 8037, X},
    {"d(out,default)", 164, 8041, P}, {"d1(out)", 287, 8045, P},
    {"Compression Line Shift", 3, 8053, P}, {"d1(in)", 820, 8060, P},
    {"xvYcc Decode Encode Enable", 1, 8065, P}, {"Forced 444 for 444", 0, 8070, P},
    {"Forced 422 for 444", 0, 8073, P}, {"Forced 444 for 422", 0, 8075, P},
    {"STD Factor Mode", 2, 8081, P}, {"MV Dark Factor Mode", 2, 8089, P},
    {"Scaling Factor Mode", 2, 8102, P}, {"Override Saturation Equal Zero", 0, 8112, P},
};
#define NDEF (sizeof fdef / sizeof fdef[0])

static const packed_default *packed_at(unsigned dw)
{
    for (size_t i = 0; i < sizeof packed / sizeof packed[0]; i++)
        if (packed[i].dw == dw)
            return &packed[i];
    return NULL;
}

TEST(cps_packed_defaults_decode_to_field_defaults)
{
    uint32_t dw[67] = {0};
    for (size_t i = 0; i < sizeof packed / sizeof packed[0]; i++)
        dw[packed[i].dw] = packed[i].value;
    unsigned checked = 0;
    for (size_t i = 0; i < NDEF; i++) {
        const g7sf_field *f = g7sf_state_field(cps, fdef[i].field);
        CHECKF(f != NULL, "no field \"%s\"", fdef[i].field);
        if (!f || fdef[i].kind != P)
            continue;
        CHECKF(packed_at(f->dw) != NULL, "%s: DW%u has no packed default", f->name, f->dw);
        int64_t got = g7sf_field_extract(f, 0, dw);
        CHECKF(got == fdef[i].value, "%s (line %u): packed default DW%u gives %lld, text %lld",
               f->name, fdef[i].line, f->dw, (long long)got, (long long)fdef[i].value);
        checked++;
    }
    CHECK_EQ(checked, 124);   /* the P rows above */
}

/* Every field default, contradicted or not, fits its field and comes back. */
TEST(cps_field_defaults_pack_and_read_back)
{
    g7sf_color_processing_state s, back;
    uint32_t dw[67];
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < NDEF; i++) {
        const g7sf_field *f = g7sf_state_field(cps, fdef[i].field);
        if (f)
            CHECKF(g7sf_field_set(f, 0, &s, fdef[i].value) == 0, "%s (line %u): %lld does not fit",
                   f->name, fdef[i].line, (long long)fdef[i].value);
    }
    CHECK_EQ(g7sf_state_pack(cps, &s, dw), 0);
    g7sf_state_unpack(cps, dw, &back);
    for (size_t i = 0; i < NDEF; i++) {
        const g7sf_field *f = g7sf_state_field(cps, fdef[i].field);
        if (f)
            CHECKF(g7sf_field_extract(f, 0, dw) == fdef[i].value &&
                   g7sf_field_get(f, 0, &back) == fdef[i].value,
                   "%s (line %u): default %lld does not read back", f->name, fdef[i].line,
                   (long long)fdef[i].value);
    }
    /* Hand-packed where every field of the dword has a text default: */
    CHECK_EQ(dw[1], 4u << 28 | 3u << 18 | 79u << 10 | 101u);      /* cos/sin 79/128, 101/128 */
    CHECK_EQ(dw[13], (0x800u - 179) << 11 | (0x800u - 113));       /* S2U, S1U in S2.8 */
    CHECK_EQ(dw[53], 1u << 17 | 1u);                               /* Contrast 1, enabled */
    CHECK_EQ(dw[57], 0x400u);                                      /* C4 = 1.0 */
    CHECK_EQ(dw[64], 205u << 20 | 164u << 10 | 287u);              /* 0x0CD2911F */
    /* where they agree with the packed default, the whole dword does */
    CHECK_EQ(dw[0], 0x9A6E39F0u);
    CHECK_EQ(dw[30], 0x4C382410u);
    CHECK_EQ(dw[44], 0x1E34CC91u);
    CHECK_EQ(dw[65], 0x30000334u);
    CHECK_EQ(dw[66], 0x8A800000u);
}

/* What the text's packed defaults say where they disagree with the field
 * defaults: recorded, not taken as truth (docs/spec-notes.md). */
TEST(cps_packed_defaults_that_contradict_the_fields)
{
    const g7sf_field *cosf = g7sf_state_field(cps, "Cos(alpha)");
    const g7sf_field *din = g7sf_state_field(cps, "d(in,default)");
    uint32_t dw[67] = {0};
    dw[1] = 0x400C0000;      /* 7127: Cos(alpha) 0, text says 79/128 (7184) */
    dw[64] = 0x00D2911F;     /* 8029: d(in,default) 13, text says 205 (8037) */
    CHECK(g7sf_field_extract(cosf, 0, dw) != 79);
    CHECK(g7sf_field_extract(din, 0, dw) != 205);
    /* Base Color 5 has no field default in the text (7776); the packed DW45 gives 819 */
    dw[45] = 0x3E3CCE91;
    CHECK_EQ(g7sf_field_extract(g7sf_state_field(cps, "Base Color 5"), 0, dw), 819);
}

/* Hand-checked positions and signs of a few fields, one per block. */
TEST(cps_field_positions_and_types)
{
    static const t_field_pos pos[] = {
        {"V_Mid", 24, 31}, {"Cos(alpha)", 42, 49}, {"Diamond dv", 64, 70},
        {"SATB1", 15 * 32 + 21, 15 * 32 + 30}, {"SATB1_DARK", 22 * 32 + 21, 22 * 32 + 30},
        {"HUES2_DARK", 28 * 32, 28 * 32 + 10}, {"Ymin", 30 * 32, 30 * 32 + 7},
        {"S10", 41 * 32, 41 * 32 + 10}, {"ColorBias4", 50 * 32 + 2, 50 * 32 + 11},
        {"Brightness", 53 * 32 + 1, 53 * 32 + 12}, {"C8", 59 * 32, 59 * 32 + 12},
        {"Color Space Mode", 66 * 32, 66 * 32 + 3},
    };
    t_state_positions(cps, pos, sizeof pos / sizeof pos[0]);
    const g7sf_field *bright = g7sf_state_field(cps, "Brightness");
    const g7sf_field *c0 = g7sf_state_field(cps, "C0");
    char buf[64];
    int64_t v;
    CHECK_EQ(g7sf_field_parse(bright, "-2.5", &v), 0);   /* S7.4 */
    CHECK_EQ(v, -40);
    CHECK_EQ(g7sf_field_parse(c0, "-1.5", &v), 0);       /* S2.10 */
    CHECK_EQ(v, -1536);
    uint32_t dw[67] = {0};
    CHECK_EQ(g7sf_field_insert(c0, 0, dw, v), 0);
    CHECK_EQ(dw[55], (0x2000u - 1536) << 3);
    g7sf_field_format(g7sf_state_field(cps, "Scaling Factor Mode"), 2, buf, sizeof buf);
    CHECK_STR(buf, "2 (SFAve)");
}
