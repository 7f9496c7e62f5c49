/* Internal pieces of the format layer (src/core/format_*.c). */
#ifndef G7SF_FORMAT_INT_H
#define G7SF_FORMAT_INT_H

#include <stdint.h>

/* G7SF_CAP_* of a format code on Ivy Bridge (caps[0]) and Haswell (caps[1]);
 * zeros for codes with no format (format_caps.c). */
void format_caps(unsigned code, uint16_t caps[2]);

#endif
