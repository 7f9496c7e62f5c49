/* Internal: tile geometry shared by the surface layout code. */
#ifndef G7SF_CORE_TILING_H
#define G7SF_CORE_TILING_H

#include <stdint.h>

/* Rows of one tile (1 for linear): whole-tile sizes round up to it. */
unsigned g7sf_tiling_rows(unsigned tiling);
/* Bytes of a row that stay contiguous in memory from an aligned x: the
 * longest run a copy can move with one memory access. */
uint32_t g7sf_tiling_run(unsigned tiling);
/* Bytes of Surface Pitch that one tile spans (0 for linear). */
uint32_t g7sf_tiling_span(unsigned tiling);

#endif
