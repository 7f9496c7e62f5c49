/* Internal: tile geometry shared by the surface layout code. */
#ifndef G7SF_CORE_TILING_H
#define G7SF_CORE_TILING_H

#include <stdint.h>

#include "gen7sf/surface.h"

/* Rows of one tile (1 for linear): whole-tile sizes round up to it. */
unsigned g7sf_tiling_rows(unsigned tiling);
/* Bytes of a row that stay contiguous in memory from an aligned x: the
 * longest run a copy can move with one memory access. */
uint32_t g7sf_tiling_run(unsigned tiling);
/* Bytes of Surface Pitch that one tile spans (0 for linear). */
uint32_t g7sf_tiling_span(unsigned tiling);

/* W tile: 8x8 blocks of 8x8 bytes, each block stored as Y-major 2x2 pairs:
 * offset bits (high to low) x5 x4 x3 y5 y4 y3 y2 x2 y1 x1 y0 x0. */
static inline uint32_t g7sf_w_in_tile(uint32_t x, uint32_t y)
{
    return (x & 0x38) << 6 | (y & 0x3C) << 3 | (x & 4) << 2 | (y & 2) << 2 |
           (x & 2) << 1 | (y & 1) << 1 | (x & 1);
}

/* g7sf_tiled_offset, inline for per-texel callers (the sampler): shifts and
 * masks on the tile sizes of each tiling.  Every tile is 4 KiB; tiles fill
 * the pitch left to right, then the next row of tiles.  Unknown tiling
 * values (g7sf_surface_validate rejects them) address linearly. */
static inline uint64_t g7sf_tile_offset(unsigned tiling, uint32_t pitch, uint64_t x,
                                        uint64_t y)
{
    switch (tiling) {
    case G7SF_TILING_X:   /* 512 bytes x 8 rows, row-major */
        return ((y >> 3) * (pitch >> 9) + (x >> 9)) * 4096 + (y & 7) * 512 + (x & 511);
    case G7SF_TILING_Y:   /* 128 bytes x 32 rows, in OWord columns */
        return ((y >> 5) * (pitch >> 7) + (x >> 7)) * 4096 + ((x >> 4) & 7) * 512 +
               (y & 31) * 16 + (x & 15);
    case G7SF_TILING_W:   /* 64 bytes x 64 rows, spanning 128 bytes of the pitch */
        return ((y >> 6) * (pitch >> 7) + (x >> 6)) * 4096 +
               g7sf_w_in_tile((uint32_t)x & 63, (uint32_t)y & 63);
    default:
        return y * pitch + x;
    }
}

/* g7sf_tile_offset(tiling, pitch, x, y) = g7sf_tile_row(tiling, pitch, y)
 * + g7sf_tile_col(tiling, x): every tiling places a byte by a sum (W: an OR
 * of disjoint bits) of a part from its row and a part from its column, so
 * the corners of a filter footprint cost two of each.
 * (tests/test_surface.c checks the sum against g7sf_tile_offset.) */
static inline uint64_t g7sf_tile_row(unsigned tiling, uint32_t pitch, uint64_t y)
{
    switch (tiling) {
    case G7SF_TILING_X: return (y >> 3) * (pitch >> 9) * 4096 + (y & 7) * 512;
    case G7SF_TILING_Y: return (y >> 5) * (pitch >> 7) * 4096 + (y & 31) * 16;
    case G7SF_TILING_W: return (y >> 6) * (pitch >> 7) * 4096 + g7sf_w_in_tile(0, (uint32_t)y & 63);
    default:            return y * pitch;
    }
}

static inline uint64_t g7sf_tile_col(unsigned tiling, uint64_t x)
{
    switch (tiling) {
    case G7SF_TILING_X: return (x >> 9) * 4096 + (x & 511);
    case G7SF_TILING_Y: return (x >> 7) * 4096 + ((x >> 4) & 7) * 512 + (x & 15);
    case G7SF_TILING_W: return (x >> 6) * 4096 + g7sf_w_in_tile((uint32_t)x & 63, 0);
    default:            return x;
    }
}

#endif
