/* The driver's own field-match measure for inverse telecine: how much two
 * fields comb when woven, computed from the frames in memory (the FMD
 * variances miss slow pans of smooth pictures: docs/spec-notes.md,
 * "Film-mode detection"). */
#ifndef GEN7SF_VPP_COMB_H
#define GEN7SF_VPP_COMB_H

#include <stdint.h>

/* Weave the top-field lines (even) of `top` with the bottom-field lines
 * (odd) of `bot` (both w x h luma planes of one stride) and measure the
 * comb: at each bottom line y, 2 bot(y) - top(y - 1) - top(y + 1), summed
 * with its sign over blocks of 32 columns x 8 bottom lines, and the
 * absolute block sums added.  *blocks gets the number of blocks. */
uint64_t vpp_comb(const uint8_t *top, const uint8_t *bot, int stride, int w, int h, long *blocks);

#endif
