/* Tables of the sampler-related 3D state and commands (state_3d.h) and the
 * blending enums; names as gen7.xml prefixes them. */
#include "state_table.h"

/* The g7sf_en_ tables of the lists in state_3d.h. */
G7SF_3D_ENUMS(G7SF_ENUM_TABLE)

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
