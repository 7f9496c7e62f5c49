/* Global noise estimate -> the next frame's denoise thresholds: the curve
 * software must supply (§2.8.3 gives only the GNE counters).  The design
 * and its numbers are in docs/spec-notes.md, "Video pipeline (driver
 * side)". */
#ifndef GEN7SF_VPP_NOISE_H
#define GEN7SF_VPP_NOISE_H

#include "gen7sf/state.h"

/* The noise level in quarter grey levels (4 sigma of Gaussian noise) that a
 * GNE of sum / count stands for; the prior (16, sigma 4) when count is 0. */
unsigned vpp_noise_level(uint32_t sum, uint32_t count);

/* Sets the DN fields of s for noise level q (vpp_noise_level) and strength
 * 0..64 (32 nominal). */
void vpp_noise_thresholds(unsigned q, int strength, g7sf_sampler_state_di *s);

#endif
