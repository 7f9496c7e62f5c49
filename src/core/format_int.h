/* Internal pieces of the format layer (src/core/format_*.c). */
#ifndef G7SF_FORMAT_INT_H
#define G7SF_FORMAT_INT_H

#include <stdint.h>

struct g7sf_format_info;

/* G7SF_CAP_* of a format code on Ivy Bridge (caps[0]) and Haswell (caps[1]);
 * zeros for codes with no format (format_caps.c). */
void format_caps(unsigned code, uint16_t caps[2]);

/* Fills the layout fields (layout, channels, texel class, sRGB, palette,
 * decode unit) of f from its name and size; -1 if the name cannot be read
 * (a table bug, caught by test_format_desc). */
int format_describe(struct g7sf_format_info *f);

/* Bits [shift, shift + bits) (bits <= 64) of a little-endian unit of
 * `bytes` bytes; bits past the unit read as 0. */
uint64_t format_field(const uint8_t *p, unsigned bytes, unsigned shift, unsigned bits);

/* Byte positions of Y0, Y1, Cb, Cr in the 32-bit pair of a YCRCB_* format:
 * the byte orders of the FOURCCs Intel's media drivers bind to them (YUY2
 * NORMAL, VYUY SWAPUVY, YVYU SWAPUV, UYVY SWAPY). */
const uint8_t *format_ycrcb_order(unsigned code);

#endif
