/* Internal: the blend equations and logic ops of the render cache's colour
 * pipeline (rt_blend.c), used by rt_color.c. */
#ifndef G7SF_DATAPORT_RT_BLEND_H
#define G7SF_DATAPORT_RT_BLEND_H

#include <stdbool.h>
#include <stdint.h>

#include "dataport/rt.h"
#include "gen7sf/state.h"

/* The bit of a BLENDFACTOR_* value that inverts it: INV_x = 1 - x
 * (BLENDFACTOR_ZERO is INV_ONE). */
enum { RT_BLENDFACTOR_INV = G7SF_BLENDFACTOR_ZERO ^ G7SF_BLENDFACTOR_ONE };

/* Whether v names a factor (0x01-0x0A and their INV_, no INV_SRC_ALPHA_SATURATE). */
bool rt_blend_factor_valid(unsigned v);

/* The blended colour: src0 s, src1 s1, destination d (all RGBA floats, the
 * destination decoded to linear), with rc's factors, functions and
 * constant.  Float32 arithmetic, one rounding per operation. */
void rt_blend(const rt_color *rc, const float s[4], const float s1[4], const float d[4],
              float out[4]);

/* LOGICOP_* func on n bytes: s holds the source's encoded bits, d the
 * destination's; the result replaces s. */
void rt_logic_op(unsigned func, uint8_t *s, const uint8_t *d, unsigned n);

#endif
