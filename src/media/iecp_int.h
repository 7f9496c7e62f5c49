/* The colour pipe's stages share these (src/media/iecp*.c): 12-bit
 * clamping, the one rounding, the hue angle of TCC and gamut compression,
 * and the combination of a 4:2:2 pair's two factors. */
#ifndef GEN7SF_IECP_INT_H
#define GEN7SF_IECP_INT_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf/iecp.h"

static inline uint16_t iecp_clamp12(int64_t v)
{
    return (uint16_t)(v < 0 ? 0 : v > G7SF_IECP_MAX ? G7SF_IECP_MAX : v);
}

/* floor(v / 2^n + 1/2), 1 <= n <= 62, |v| < 2^61: the pipe's one
 * rounding, half up.  Without a branch or a shift of a negative number:
 * v moved up by 2^62 (a multiple of 2^n) in unsigned arithmetic, shifted,
 * and moved back by 2^(62 - n). */
static inline int64_t iecp_round_shift(int64_t v, int n)
{
    uint64_t u = (uint64_t)v + ((uint64_t)1 << (n - 1)) + ((uint64_t)1 << 62);
    return (int64_t)(u >> n) - ((int64_t)1 << (62 - n));
}

/* The hue angle of the chroma (u, v) about zero (12-bit offsets from
 * 2048), as TCC computes it (lines 6600-6616) and gamut compression
 * reuses it (line 6880): arctan(x) ~ -0.2880 x^2 + 1.0797 x - 0.005 on
 * the octant 0 <= x <= 1, the other octants by symmetry; an index 0 ..
 * 1023 over the full turn, counter-clockwise from +U toward +V (the TCC's
 * default base colours, red at 307, magenta at 145, sit there).  (0, 0)
 * is angle 0. */
unsigned iecp_hue_index(int32_t u, int32_t v);

/* A 4:2:2 pair's two factors combined by a Factor Mode field (STD Factor
 * Mode, MV Dark Factor Mode, Scaling Factor Mode: 0 min, 1 max, 2 the
 * average rounded half up; 3, reserved, as 2). */
static inline int64_t iecp_pair_combine(unsigned mode, int64_t a, int64_t b)
{
    if (mode == 0)
        return a < b ? a : b;
    if (mode == 1)
        return a > b ? a : b;
    return iecp_round_shift(a + b, 1);
}

/* The stages on a state whose every member lies within its field's
 * width (iecp_fit's output, or g7sf_state_unpack's): the arithmetic is
 * sized for those widths.  The public g7sf_iecp_* functions fit first. */
void iecp_fit(const g7sf_color_processing_state *s, g7sf_color_processing_state *out);
void iecp_std(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p, uint8_t *score,
              size_t n, unsigned flags);
void iecp_ste(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, const uint8_t *score,
              size_t n, unsigned flags);
void iecp_gamut(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                unsigned flags, g7sf_iecp_stats *st);
void iecp_tcc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, const uint8_t *score,
              size_t n);

#endif
