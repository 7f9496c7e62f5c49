/* COLOR_PROCESSING_STATE (§3.8.3) table and its enums. */
#include "state_table.h"

/* The g7sf_en_ tables of the lists in state_cps.h. */
G7SF_CPS_ENUMS(G7SF_ENUM_TABLE)

#define ROW_T g7sf_color_processing_state
G7SF_STATE_DESC(COLOR_PROCESSING_STATE, "3.8.3")
#undef ROW_T
