/* Tile address math: byte offset of (x in bytes, y in rows) from a surface's
 * base for linear, X, Y and W tiling.  Every tile is 4 KiB; tiles fill the
 * pitch left to right, then the next row of tiles.  No bit-6 swizzling
 * (treated as disabled, see docs/spec-notes.md "Surface layout"). */
#include "gen7sf/surface.h"
#include "core/tiling.h"

#define TILE_BYTES 4096u

unsigned g7sf_tiling_rows(unsigned tiling)
{
    switch (tiling) {
    case G7SF_TILING_X: return 8;
    case G7SF_TILING_Y: return 32;
    case G7SF_TILING_W: return 64;
    default:            return 1;
    }
}

uint32_t g7sf_tiling_run(unsigned tiling)
{
    switch (tiling) {
    case G7SF_TILING_X: return 512;   /* a tile row */
    case G7SF_TILING_Y: return 16;    /* an OWord column row */
    case G7SF_TILING_W: return 2;     /* x bit 1 is above y bit 0 */
    default:            return UINT32_MAX;
    }
}

uint32_t g7sf_tiling_span(unsigned tiling)
{
    switch (tiling) {
    case G7SF_TILING_X: return 512;
    case G7SF_TILING_Y: return 128;
    /* A W tile is 64 bytes x 64 rows, but the programmed pitch counts stencil
     * rows in pairs (twice the row bytes), so it spans 128 of the pitch. */
    case G7SF_TILING_W: return 128;
    default:            return 0;
    }
}

/* W tile: 8x8 blocks of 8x8 bytes, each block stored as Y-major 2x2 pairs:
 * offset bits (high to low) x5 x4 x3 y5 y4 y3 y2 x2 y1 x1 y0 x0. */
static uint32_t w_in_tile(uint32_t x, uint32_t y)
{
    return (x & 0x38) << 6 | (y & 0x3C) << 3 | (x & 4) << 2 | (y & 2) << 2 |
           (x & 2) << 1 | (y & 1) << 1 | (x & 1);
}

uint64_t g7sf_tiled_offset(unsigned tiling, uint32_t pitch, uint64_t x_bytes,
                           uint64_t y_rows)
{
    /* Unknown values (g7sf_surface_validate rejects them) address linearly. */
    if (tiling > G7SF_TILING_W || tiling == G7SF_TILING_LINEAR)
        return y_rows * pitch + x_bytes;
    const uint64_t per_row = pitch / g7sf_tiling_span(tiling);
    const unsigned rows = g7sf_tiling_rows(tiling);
    const uint64_t tile_w = tiling == G7SF_TILING_W ? 64 : g7sf_tiling_span(tiling);
    const uint64_t tile = (y_rows / rows) * per_row + x_bytes / tile_w;
    const uint32_t x = (uint32_t)(x_bytes % tile_w), y = (uint32_t)(y_rows % rows);
    uint32_t in;
    switch (tiling) {
    case G7SF_TILING_X: in = y * 512 + x; break;                     /* row-major */
    case G7SF_TILING_Y: in = (x / 16) * 512 + y * 16 + x % 16; break; /* OWord columns */
    default:            in = w_in_tile(x, y); break;
    }
    return tile * TILE_BYTES + in;
}
