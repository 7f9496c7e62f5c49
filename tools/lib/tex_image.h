/* 8-bit RGBA images to and from the texels of a surface (gen7sf-tex).
 *
 * Mapping, pixel value v in 0..255:
 * - float formats (UNORM, SNORM, FLOAT, SCALED, ...): v / 255 into the
 *   encoder; decoded values are clamped to [0, 1] (NaN 0) and rounded to
 *   the nearest of 0..255.  SNORM negatives and HDR values clamp.
 * - sRGB formats: the pixel is sRGB-encoded and the library works in
 *   linear, so R, G, B pass the standard curve on the way in (to linear)
 *   and out (back to sRGB): an 8-bit sRGB format round-trips exactly.
 *   Alpha is linear in both.
 * - UINT / SINT formats: the integer v itself (the encoder saturates, e.g.
 *   R8_SINT keeps 0..127); decoded integers are clamped to 0..255.  Alpha
 *   of an integer format without an A or I channel is 255 (the sampler's
 *   default 1 would be nearly transparent).
 * No colour-space conversion: YCRCB texels decode to (Cr, Y, Cb) in
 * (R, G, B) and are shown so. */
#ifndef G7SF_TEX_IMAGE_H
#define G7SF_TEX_IMAGE_H

#include <stdint.h>

#include "tex_surf.h"

/* Encodes the t->s.width x t->s.height pixels of rgba (rows 4 * width
 * bytes apart) into t.  VIO_E_UNSUPPORTED for formats with no encoder here
 * (compressed, paletted, planar, RAW, PASSTHRU). */
int tex_image_encode(tex_surf *t, const uint8_t *rgba, vio_error *err);

/* 0, or VIO_E_UNSUPPORTED for formats whose texels need more than the
 * surface (paletted: the sampler palette; PLANAR_420_8: its UV plane) or
 * have none (RAW). */
int tex_image_decodable(const struct g7sf_format_info *f, vio_error *err);

/* Decodes every texel of t into rgba (same layout); *has_alpha tells
 * whether any alpha is below 255.  Fails as tex_image_decodable. */
int tex_image_decode(const tex_surf *t, uint8_t *rgba, int *has_alpha, vio_error *err);

#endif
