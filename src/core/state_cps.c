/* COLOR_PROCESSING_STATE (§3.8.3) table and its enums. */
#include "state_table.h"

const g7sf_enum g7sf_en_std_output_control[] = {
    {0, "Output Pixels"}, {1, "Output STD Decisions"}, {0, 0} };
const g7sf_enum g7sf_en_cgc_mapping[] = { {0, "Basic Mode"}, {1, "Advanced Mode"}, {0, 0} };
const g7sf_enum g7sf_en_std_factor_mode[] = {
    {0, "STDMin"}, {1, "STDMax"}, {2, "STDAve"}, {0, 0} };
const g7sf_enum g7sf_en_mv_dark_factor_mode[] = {
    {0, "MVDarkMin"}, {1, "MVDarkMax"}, {2, "MVDarkAve"}, {0, 0} };
const g7sf_enum g7sf_en_scaling_factor_mode[] = {
    {0, "SFMin"}, {1, "SFMax"}, {2, "SFAve"}, {0, 0} };

#define ROW_T g7sf_color_processing_state
G7SF_STATE_DESC(COLOR_PROCESSING_STATE, "3.8.3")
#undef ROW_T
