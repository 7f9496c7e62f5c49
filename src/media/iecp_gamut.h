/* Colour gamut compression's pieces the tests reach (src/media/iecp_gamut.c,
 * PRM 001 §3.6.1.7, lines 6816-7051): the 512-entry vertex table the PRM
 * lost and the xvYCC decode / encode of lines 6880-6884 and 7051.
 * Decisions: docs/spec-notes.md, "IECP". */
#ifndef GEN7SF_IECP_GAMUT_H
#define GEN7SF_IECP_GAMUT_H

#include <stdint.h>

#include "iecp_int.h"

/* The RGB cube's white in the decoded (C, L) plane: "denorm = 4096"
 * (line 6936); the chroma of U'' = +-0.5 is +-2048. */
#define IECP_GAMUT_WHITE 4096

/* Color Space Mode (DW66 3:0): the only value name the text kept is BT709,
 * in the first row, and the packed default (0x8A800000) holds 0: 0 is
 * BT.709, 1 BT.601, the other (unnamed) values BT.709. */
enum { IECP_GAMUT_BT709 = 0, IECP_GAMUT_BT601 = 1 };

/* The vertex (cusp) of hue k * pi / 512, k = 0 .. 511, counter-clockwise
 * from +U toward +V: the point of largest chroma of the colour space's
 * RGB cube in that half-plane of (Y'', U'', V'') x 4096, *sat its chroma
 * (c_V) and *luma its lightness (l_V, "Luma1"), each rounded to the
 * nearest integer.  Hue k + 512 has the same chroma and the lightness
 * 4096 - l_V ("Luma2", line 6936). */
void iecp_gamut_vertex(unsigned space, unsigned k, unsigned *sat, unsigned *luma);

/* a / b rounded toward minus infinity, b != 0: the text's ">> 12" on a
 * negative product without relying on the implementation-defined shift */
static inline int64_t iecp_gamut_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return q - ((a % b != 0) && ((a < 0) != (b < 0)));
}

/* xvYCC decoding (lines 6880-6884): Y'' = (Y - 256) * 4788 >> 12, U'' =
 * (U - 2048) * 4681 >> 12 (V'' likewise); >> is a floor */
static inline int32_t iecp_xvycc_decode_y(int32_t y)
{
    return (int32_t)iecp_gamut_floor_div((int64_t)(y - 256) * 4788, 4096);
}
static inline int32_t iecp_xvycc_decode_c(int32_t c)
{
    return (int32_t)iecp_gamut_floor_div((int64_t)(c - 2048) * 4681, 4096);
}

/* xvYCC encoding (line 7051): Y = clamp((Y'' * 3504 >> 12) + 256),
 * U = clamp((U'' * 3584 >> 12) + 2048) */
static inline uint16_t iecp_xvycc_encode_y(int64_t y)
{
    return iecp_clamp12(iecp_gamut_floor_div(y * 3504, 4096) + 256);
}
static inline uint16_t iecp_xvycc_encode_c(int64_t c)
{
    return iecp_clamp12(iecp_gamut_floor_div(c * 3584, 4096) + 2048);
}

#endif
