/* BINDING_TABLE_STATE and RENDER_SURFACE_STATE tables and their enums. */
#include "state_table.h"

/* The g7sf_en_ tables of the lists in state_surface.h. */
G7SF_SURFACE_ENUMS(G7SF_ENUM_TABLE)

#define ROW_T g7sf_binding_table_state
G7SF_STATE_DESC(BINDING_TABLE_STATE, "3.8.1")
#undef ROW_T

#define ROW_T g7sf_render_surface_state
G7SF_STATE_DESC(RENDER_SURFACE_STATE, "2.12.2.1")
#undef ROW_T
