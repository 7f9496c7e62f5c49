/* Media state tables: MEDIA_SURFACE_STATE, the sample_8x8 and deinterlace
 * SAMPLER_STATE and SAMPLER_8x8_STATE, and their enums. */
#include "state_table.h"

const g7sf_enum g7sf_en_picture_structure[] = {
    {0, "Frame Picture"}, {1, "Top Field Picture"}, {2, "Bottom Field Picture"}, {0, 0} };
/* The PRM's names; R8B8_UNORM is "(CrCb)", R8_UNORM "(Cr/Cb)" in the text. */
const g7sf_enum g7sf_en_media_surface_format[] = {
    {0, "YCRCB_NORMAL"}, {1, "YCRCB_SWAPUVY"}, {2, "YCRCB_SWAPUV"}, {3, "YCRCB_SWAPY"},
    {4, "PLANAR_420_8"}, {5, "PLANAR_411_8"}, {6, "PLANAR_422_8"},
    {7, "STMM_DN_STATISTICS"}, {8, "R10G10B10A2_UNORM"}, {9, "R8G8B8A8_UNORM"},
    {10, "R8B8_UNORM"}, {11, "R8_UNORM"}, {12, "Y8_UNORM"}, {0, 0} };
const g7sf_enum g7sf_en_tilemode[] = {
    {0, "TILEMODE_LINEAR"}, {2, "TILEMODE_XMAJOR"}, {3, "TILEMODE_YMAJOR"}, {0, 0} };

#define ROW_T g7sf_media_surface_state
G7SF_STATE_DESC(MEDIA_SURFACE_STATE, "2.12.2.2")
#undef ROW_T

#define ROW_T g7sf_sampler_state_8x8
G7SF_STATE_DESC(SAMPLER_STATE_8X8, "2.12.3.2")
#undef ROW_T

#define ROW_T g7sf_sampler_state_di
G7SF_STATE_DESC(SAMPLER_STATE_DI, "2.12.3.3")
#undef ROW_T

#define ROW_T g7sf_sampler_8x8_state
G7SF_STATE_DESC(SAMPLER_8x8_STATE, "2.12.4")
#undef ROW_T
