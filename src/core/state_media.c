/* Media state tables: MEDIA_SURFACE_STATE, the sample_8x8 and deinterlace
 * SAMPLER_STATE and SAMPLER_8x8_STATE, and their enums. */
#include "state_table.h"

/* The g7sf_en_ tables of the lists in state_media.h. */
G7SF_MEDIA_ENUMS(G7SF_ENUM_TABLE)

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
