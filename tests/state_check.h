/* Shared checks for state-structure tests: random round trips through the
 * field table, and field positions written out by hand from an outside
 * reference (Mesa's genxml: absolute bit numbers, dword*32 + bit). */
#ifndef G7SF_TEST_STATE_CHECK_H
#define G7SF_TEST_STATE_CHECK_H

#include "gen7sf/state.h"

/* A field position as Mesa's genxml writes it: start/end bit from DW0 bit 0. */
typedef struct { const char *field; unsigned start, end; } t_field_pos;

/* Random dwords → unpack → pack gives the dwords back, reserved bits cleared;
 * and random member values → pack → unpack gives the members back. */
void t_state_round_trip(const g7sf_state_desc *d, unsigned iterations);
/* Every listed field exists in d at exactly that position. */
void t_state_positions(const g7sf_state_desc *d, const t_field_pos *pos, unsigned n);
/* How many fields d has on platform p. */
unsigned t_fields_on(const g7sf_state_desc *d, enum g7sf_platform p);
/* Unpacks dw and checks named fields against expected values (NULL-ended). */
typedef struct { const char *field; int64_t value; } t_field_val;
void t_state_values(const g7sf_state_desc *d, const uint32_t *dw, const t_field_val *v);

#endif
