/* BINDING_TABLE_STATE and RENDER_SURFACE_STATE tables and their enums. */
#include "state_table.h"

const g7sf_enum g7sf_en_surftype[] = {
    {0, "SURFTYPE_1D"}, {1, "SURFTYPE_2D"}, {2, "SURFTYPE_3D"}, {3, "SURFTYPE_CUBE"},
    {4, "SURFTYPE_BUFFER"}, {5, "SURFTYPE_STRBUF"}, {7, "SURFTYPE_NULL"}, {0, 0} };
const g7sf_enum g7sf_en_valign[] = { {0, "VALIGN_2"}, {1, "VALIGN_4"}, {0, 0} };
const g7sf_enum g7sf_en_halign[] = { {0, "HALIGN_4"}, {1, "HALIGN_8"}, {0, 0} };
const g7sf_enum g7sf_en_tilewalk[] = { {0, "TILEWALK_XMAJOR"}, {1, "TILEWALK_YMAJOR"}, {0, 0} };
const g7sf_enum g7sf_en_aryspc[] = { {0, "ARYSPC_FULL"}, {1, "ARYSPC_LOD0"}, {0, 0} };
const g7sf_enum g7sf_en_media_boundary[] = {
    {0, "NORMAL_MODE"}, {2, "PROGRESSIVE_FRAME"}, {3, "INTERLACED_FRAME"}, {0, 0} };
const g7sf_enum g7sf_en_rt_rotation[] = {
    {0, "RTROTATE_0DEG"}, {1, "RTROTATE_90DEG"}, {3, "RTROTATE_270DEG"}, {0, 0} };
const g7sf_enum g7sf_en_msfmt[] = { {0, "MSFMT_MSS"}, {1, "MSFMT_DEPTH_STENCIL"}, {0, 0} };
const g7sf_enum g7sf_en_multisamplecount[] = {
    {0, "MULTISAMPLECOUNT_1"}, {2, "MULTISAMPLECOUNT_4"}, {3, "MULTISAMPLECOUNT_8"}, {0, 0} };
const g7sf_enum g7sf_en_clear_color[] = { {0, "CC_ZERO"}, {1, "CC_ONE"}, {0, 0} };

#define ROW_T g7sf_binding_table_state
G7SF_STATE_DESC(BINDING_TABLE_STATE, "3.8.1")
#undef ROW_T

#define ROW_T g7sf_render_surface_state
G7SF_STATE_DESC(RENDER_SURFACE_STATE, "2.12.2.1")
#undef ROW_T
