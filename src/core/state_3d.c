/* Tables of the sampler-related 3D state and commands (state_3d.h) and the
 * blending enums; names as gen7.xml prefixes them. */
#include "state_table.h"

const g7sf_enum g7sf_en_blend_factor[] = {
    {0x01, "BLENDFACTOR_ONE"}, {0x02, "BLENDFACTOR_SRC_COLOR"}, {0x03, "BLENDFACTOR_SRC_ALPHA"},
    {0x04, "BLENDFACTOR_DST_ALPHA"}, {0x05, "BLENDFACTOR_DST_COLOR"},
    {0x06, "BLENDFACTOR_SRC_ALPHA_SATURATE"}, {0x07, "BLENDFACTOR_CONST_COLOR"},
    {0x08, "BLENDFACTOR_CONST_ALPHA"}, {0x09, "BLENDFACTOR_SRC1_COLOR"},
    {0x0A, "BLENDFACTOR_SRC1_ALPHA"}, {0x11, "BLENDFACTOR_ZERO"},
    {0x12, "BLENDFACTOR_INV_SRC_COLOR"}, {0x13, "BLENDFACTOR_INV_SRC_ALPHA"},
    {0x14, "BLENDFACTOR_INV_DST_ALPHA"}, {0x15, "BLENDFACTOR_INV_DST_COLOR"},
    {0x17, "BLENDFACTOR_INV_CONST_COLOR"}, {0x18, "BLENDFACTOR_INV_CONST_ALPHA"},
    {0x19, "BLENDFACTOR_INV_SRC1_COLOR"}, {0x1A, "BLENDFACTOR_INV_SRC1_ALPHA"}, {0, 0} };
const g7sf_enum g7sf_en_blend_function[] = {
    {0, "BLENDFUNCTION_ADD"}, {1, "BLENDFUNCTION_SUBTRACT"},
    {2, "BLENDFUNCTION_REVERSE_SUBTRACT"}, {3, "BLENDFUNCTION_MIN"},
    {4, "BLENDFUNCTION_MAX"}, {0, 0} };
const g7sf_enum g7sf_en_logic_op[] = {
    {0, "LOGICOP_CLEAR"}, {1, "LOGICOP_NOR"}, {2, "LOGICOP_AND_INVERTED"},
    {3, "LOGICOP_COPY_INVERTED"}, {4, "LOGICOP_AND_REVERSE"}, {5, "LOGICOP_INVERT"},
    {6, "LOGICOP_XOR"}, {7, "LOGICOP_NAND"}, {8, "LOGICOP_AND"}, {9, "LOGICOP_EQUIV"},
    {10, "LOGICOP_NOOP"}, {11, "LOGICOP_OR_INVERTED"}, {12, "LOGICOP_COPY"},
    {13, "LOGICOP_OR_REVERSE"}, {14, "LOGICOP_OR"}, {15, "LOGICOP_SET"}, {0, 0} };
const g7sf_enum g7sf_en_compare_function[] = {
    {0, "COMPAREFUNCTION_ALWAYS"}, {1, "COMPAREFUNCTION_NEVER"}, {2, "COMPAREFUNCTION_LESS"},
    {3, "COMPAREFUNCTION_EQUAL"}, {4, "COMPAREFUNCTION_LEQUAL"},
    {5, "COMPAREFUNCTION_GREATER"}, {6, "COMPAREFUNCTION_NOTEQUAL"},
    {7, "COMPAREFUNCTION_GEQUAL"}, {0, 0} };
const g7sf_enum g7sf_en_color_clamp_range[] = {
    {0, "COLORCLAMP_UNORM"}, {1, "COLORCLAMP_SNORM"}, {2, "COLORCLAMP_RTFORMAT"}, {0, 0} };
const g7sf_enum g7sf_en_alpha_test_format[] = {
    {0, "ALPHATEST_UNORM8"}, {1, "ALPHATEST_FLOAT32"}, {0, 0} };

const g7sf_enum g7sf_en_pixel_location[] = { {0, "CENTER"}, {1, "UL_CORNER"}, {0, 0} };
const g7sf_enum g7sf_en_num_multisamples[] = {
    {0, "NUMSAMPLES_1"}, {2, "NUMSAMPLES_4"}, {3, "NUMSAMPLES_8"}, {0, 0} };
const g7sf_enum g7sf_en_msrast_mode[] = {
    {0, "MSRASTMODE_OFF_PIXEL"}, {1, "MSRASTMODE_OFF_PATTERN"}, {2, "MSRASTMODE_ON_PIXEL"},
    {3, "MSRASTMODE_ON_PATTERN"}, {0, 0} };
const g7sf_enum g7sf_en_ms_dispatch_mode[] = {
    {0, "MSDISPMODE_PERSAMPLE"}, {1, "MSDISPMODE_PERPIXEL"}, {0, 0} };

#define ROW_T g7sf_sampler_border_color_state
G7SF_STATE_DESC(SAMPLER_BORDER_COLOR_STATE, "2.12.5")
#undef ROW_T

#define ROW_T g7sf_3dstate_chroma_key
G7SF_STATE_DESC(3DSTATE_CHROMA_KEY, "2.12.6")
#undef ROW_T

#define ROW_T g7sf_3dstate_sampler_palette_load0
G7SF_STATE_DESC(3DSTATE_SAMPLER_PALETTE_LOAD0, "2.12.7")
#undef ROW_T

/* Not in the PRM text: described beside LOAD0, whose section it shares. */
#define ROW_T g7sf_3dstate_sampler_palette_load1
G7SF_STATE_DESC(3DSTATE_SAMPLER_PALETTE_LOAD1, "2.12.7")
#undef ROW_T

#define ROW_T g7sf_3dstate_monofilter_size
G7SF_STATE_DESC(3DSTATE_MONOFILTER_SIZE, "2.12.8")
#undef ROW_T

/* The render cache's state and commands are not in the spec text (Vol. 4
 * Part 1): the render target write leaves blending, the colour calculator
 * and the pixel pipeline to "the Windower chapter" (001 lines 7075, 10160),
 * which is in Vol. 2 Part 1, the 3D pipeline volume.  Their subsection
 * numbers are not in any file we have, so the section names the volume and
 * chapter; layouts from gen7.xml (docs/spec-notes.md). */
#define WINDOWER_SECTION "Vol2 Part1 Windower"

#define ROW_T g7sf_blend_state
G7SF_STATE_DESC(BLEND_STATE, WINDOWER_SECTION)
#undef ROW_T

#define ROW_T g7sf_color_calc_state
G7SF_STATE_DESC(COLOR_CALC_STATE, WINDOWER_SECTION)
#undef ROW_T

#define ROW_T g7sf_3dstate_blend_state_pointers
G7SF_STATE_DESC(3DSTATE_BLEND_STATE_POINTERS, WINDOWER_SECTION)
#undef ROW_T

#define ROW_T g7sf_3dstate_sample_mask
G7SF_STATE_DESC(3DSTATE_SAMPLE_MASK, WINDOWER_SECTION)
#undef ROW_T

#define ROW_T g7sf_3dstate_multisample
G7SF_STATE_DESC(3DSTATE_MULTISAMPLE, WINDOWER_SECTION)
#undef ROW_T

#define ROW_T g7sf_3dstate_wm
G7SF_STATE_DESC(3DSTATE_WM, WINDOWER_SECTION)
#undef ROW_T
