/* Tile address math: byte offset of (x in bytes, y in rows) from a surface's
 * base for linear, X, Y and W tiling.  Every tile is 4 KiB; tiles fill the
 * pitch left to right, then the next row of tiles.  No bit-6 swizzling
 * (treated as disabled, see docs/spec-notes.md "Surface layout"). */
#include "gen7sf/surface.h"
#include "core/tiling.h"

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

uint64_t g7sf_tiled_offset(unsigned tiling, uint32_t pitch, uint64_t x_bytes,
                           uint64_t y_rows)
{
    return g7sf_tile_offset(tiling, pitch, x_bytes, y_rows);
}
