/* SAMPLER_STATE (§2.12.3.1) and the enums the sampler structures share. */
#include "state_table.h"

/* The g7sf_en_ tables of the lists in state_sampler.h. */
G7SF_SAMPLER_ENUMS(G7SF_ENUM_TABLE)

#define ROW_T g7sf_sampler_state
G7SF_STATE_DESC(SAMPLER_STATE, "2.12.3.1")
#undef ROW_T
