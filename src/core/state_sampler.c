/* SAMPLER_STATE (§2.12.3.1) and the enums the sampler structures share. */
#include "state_table.h"

const g7sf_enum g7sf_en_border_color_mode[] = { {0, "DX10/OGL"}, {1, "DX9"}, {0, 0} };
const g7sf_enum g7sf_en_lod_preclamp[] = { {0, "D3D"}, {1, "OGL"}, {0, 0} };
const g7sf_enum g7sf_en_mipfilter[] = {
    {0, "MIPFILTER_NONE"}, {1, "MIPFILTER_NEAREST"}, {3, "MIPFILTER_LINEAR"}, {0, 0} };
const g7sf_enum g7sf_en_mapfilter[] = {
    {0, "MAPFILTER_NEAREST"}, {1, "MAPFILTER_LINEAR"}, {2, "MAPFILTER_ANISOTROPIC"},
    {6, "MAPFILTER_MONO"}, {0, 0} };
const g7sf_enum g7sf_en_aniso_algorithm[] = { {0, "LEGACY"}, {1, "EWA"}, {0, 0} };
const g7sf_enum g7sf_en_prefilter_op[] = {
    {0, "PREFILTEROP_ALWAYS"}, {1, "PREFILTEROP_NEVER"}, {2, "PREFILTEROP_LESS"},
    {3, "PREFILTEROP_EQUAL"}, {4, "PREFILTEROP_LEQUAL"}, {5, "PREFILTEROP_GREATER"},
    {6, "PREFILTEROP_NOTEQUAL"}, {7, "PREFILTEROP_GEQUAL"}, {0, 0} };
const g7sf_enum g7sf_en_cube_control[] = {
    {0, "CUBECTRLMODE_PROGRAMMED"}, {1, "CUBECTRLMODE_OVERRIDE"}, {0, 0} };
const g7sf_enum g7sf_en_chromakey_mode[] = {
    {0, "KEYFILTER_KILL_ON_ANY_MATCH"}, {1, "KEYFILTER_REPLACE_BLACK"}, {0, 0} };
const g7sf_enum g7sf_en_aniso_ratio[] = {
    {0, "ANISORATIO_2"}, {1, "ANISORATIO_4"}, {2, "ANISORATIO_6"}, {3, "ANISORATIO_8"},
    {4, "ANISORATIO_10"}, {5, "ANISORATIO_12"}, {6, "ANISORATIO_14"}, {7, "ANISORATIO_16"},
    {0, 0} };
const g7sf_enum g7sf_en_trilinear_quality[] = {
    {0, "TRIQUAL_FULL"}, {2, "TRIQUAL_MED"}, {3, "TRIQUAL_LOW"}, {0, 0} };
const g7sf_enum g7sf_en_texcoordmode[] = {
    {0, "TEXCOORDMODE_WRAP"}, {1, "TEXCOORDMODE_MIRROR"}, {2, "TEXCOORDMODE_CLAMP"},
    {3, "TEXCOORDMODE_CUBE"}, {4, "TEXCOORDMODE_CLAMP_BORDER"},
    {5, "TEXCOORDMODE_MIRROR_ONCE"}, {6, "TEXCOORDMODE_HALF_BORDER"}, {0, 0} };

#define ROW_T g7sf_sampler_state
G7SF_STATE_DESC(SAMPLER_STATE, "2.12.3.1")
#undef ROW_T
