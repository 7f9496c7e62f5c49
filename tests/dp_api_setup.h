/* Fixtures for the data port's function-level tests (test_dataport_api_*):
 * RENDER_SURFACE_STATE as the C struct, each field set by hand from its
 * PRM meaning (the "- 1" fields of §2.12.2.1), and memory patterns.  The
 * tests call the functions of dataport.h / render_cache.h directly. */
#ifndef G7SF_TEST_DP_API_SETUP_H
#define G7SF_TEST_DP_API_SETUP_H

#include "gen7sf/dataport.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/state.h"

#define DPA_SENTINEL 0xDEADBEEFu

/* A BUFFER or STRBUF of `entries`: entries - 1 split over Width [6:0],
 * Height [20:7] and Depth [30:21]; linear; Surface Pitch field = pitch - 1
 * (the STRBUF structure size; pass 1 for a buffer). */
g7sf_render_surface_state dpa_buffer_ss(unsigned surftype, unsigned format, uint32_t base,
                                        uint32_t entries, uint32_t pitch);
/* A linear 1D/2D/3D surface of w x h x d (d: array length or depth),
 * `pitch` bytes per row, HALIGN_4 / VALIGN_2, ARYSPC_FULL, one level. */
g7sf_render_surface_state dpa_image_ss(unsigned surftype, unsigned format, uint32_t base,
                                       uint32_t w, uint32_t h, uint32_t d, uint32_t pitch);

/* DWord i at addr + 4i = first + i, for i < dwords. */
void dpa_fill(g7sf_gpu *gpu, uint32_t addr, unsigned dwords, uint32_t first);
/* Byte i at addr + i = first + i (mod 256), for i < bytes. */
void dpa_fill_bytes(g7sf_gpu *gpu, uint32_t addr, unsigned bytes, uint8_t first);
/* The byte at addr. */
uint8_t dpa_peek8(g7sf_gpu *gpu, uint32_t addr);
/* Every one of n DWords set to v. */
void dpa_set(uint32_t *dst, unsigned n, uint32_t v);

/* The bits of a float. */
uint32_t dpa_f2u(float f);

#endif
