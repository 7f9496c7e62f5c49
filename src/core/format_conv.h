/* Number conversions of the format layer: normalized integers, small
 * floats, the shared exponent and sRGB, both ways.  Rules and their sources
 * are in docs/spec-notes.md, "Texel conversion rules". */
#ifndef G7SF_FORMAT_CONV_H
#define G7SF_FORMAT_CONV_H

#include <stdint.h>

/* n-bit normalized integers (1 <= n <= 32) to float: UNORM v / (2^n - 1);
 * SNORM max(v / (2^(n-1) - 1), -1), so both -2^(n-1) and its successor are
 * -1.0 (the D3D10 / GL 4.2 rule).  v is the raw field, sign-extended for
 * SNORM. */
float conv_unorm_to_float(uint32_t v, unsigned bits);
float conv_snorm_to_float(int32_t v, unsigned bits);
/* Float to n-bit normalized integer: NaN -> 0, clamp to the range, then
 * round half away from zero (D3D's "+0.5 then truncate"), in exact
 * arithmetic.  SNORM returns the two's complement field. */
uint32_t conv_float_to_unorm(float f, unsigned bits);
uint32_t conv_float_to_snorm(float f, unsigned bits);

/* Unsigned floats of R11G11B10_FLOAT: 5-bit exponent (bias 15) and a 6- or
 * 5-bit mantissa (mbits).  Decode is exact.  Encode rounds to nearest even;
 * negative values and -inf give 0, NaN stays NaN, overflow gives +inf. */
float conv_ufloat_to_float(uint32_t v, unsigned mbits);
uint32_t conv_float_to_ufloat(float f, unsigned mbits);
/* IEEE binary16 (exact decode; encode rounds to nearest even, keeps NaN
 * quiet and its sign, overflows to infinity). */
float conv_half_to_float(uint16_t h);
uint16_t conv_float_to_half(float f);

/* R9G9B9E5_SHAREDEXP: 9-bit mantissas (no implicit one) over 2^(e - 24). */
void conv_rgb9e5_to_float(uint32_t v, float rgb[3]);
uint32_t conv_float_to_rgb9e5(const float rgb[3]);

/* sRGB, the standard curve (IEC 61966-2-1) computed in double and rounded
 * once: an n-bit UNORM sRGB field to linear float (tables for n <= 10), and
 * linear float to the field (NaN and negatives 0, clamp at 1, round half
 * up). */
float conv_srgb_unorm_to_linear(uint32_t v, unsigned bits);
uint32_t conv_linear_to_srgb_unorm(float l, unsigned bits);

#endif
