/* gen7sf: min/max texture filtering, the extension of patent US 9355490
 * (shared spec file 003) at function level, without a message: a footprint
 * inside a fixed 8x8 region around (u, v), texel quads as the unit of work,
 * the comparison tree of 15 blocks over up to four quads a pass and four
 * collectors accumulating over passes.  It extends Gen7 beyond its PRM;
 * nothing here changes a Gen7 message.  Decisions on the open points:
 * docs/spec-notes.md, "Patent 003: min/max filtering". */
#ifndef GEN7SF_MINMAX_H
#define GEN7SF_MINMAX_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bounding region (003 L56, L62): 8x8 texels = 16 quads of 2x2.
 * Region texel (x, y) is texels[y * 8 + x]; quad q covers region texels
 * (2 * (q % 4) + i, 2 * (q / 4) + j) for i, j in 0, 1; inside a quad texel
 * t = i + 2 * j (T0 T1 on the top row, T2 T3 below). */
enum { G7SF_MINMAX_SIDE = 8, G7SF_MINMAX_TEXELS = 64, G7SF_MINMAX_QUADS = 16 };

/* The min/max control (003 L124, L138): one for every block and collector. */
enum g7sf_minmax_op { G7SF_MINMAX_MIN = 0, G7SF_MINMAX_MAX = 1 };

/* The filter type ID (003 L46, L64): separable or not. */
enum g7sf_minmax_kind { G7SF_MINMAX_SEPARABLE = 0, G7SF_MINMAX_QUAD_MASK = 1 };

/* The filter shape ID (003 L66).
 * SEPARABLE: a width x height rectangle, 1..8 each, centred in the region:
 *   region columns (8 - width) / 2 .. (8 - width) / 2 + width - 1 (integer
 *   division), rows likewise.  Even sizes are centred exactly between
 *   region columns 3 and 4 (so 2x2 is the bilinear footprint of (u, v));
 *   an odd size has its extra texel on the low side (1x1 is region (3, 3)).
 * QUAD_MASK: bit q of quad_mask set = all four texels of quad q contribute
 *   (the "16 bits, one per 2x2" shape of the notes); 0 = empty footprint. */
typedef struct g7sf_minmax_footprint {
    unsigned kind;               /* enum g7sf_minmax_kind */
    int width, height;           /* SEPARABLE only */
    uint16_t quad_mask;          /* QUAD_MASK only */
} g7sf_minmax_footprint;

/* What one reduction returns.  Values are per channel (component-wise over
 * 4 channels); the counters count one channel's blocks (the 4 channels are
 * 4 lanes of the same blocks, so multiply by 4 for 32-bit comparators). */
typedef struct g7sf_minmax_result {
    float collector[4][4];       /* [collector][channel]: Result0..3 (003 L136) */
    bool collector_valid[4];     /* the collector saw a contributing texel; if not
                                    it holds the losing value (+inf min, -inf max) */
    float result[4];             /* [channel]: the final stage, op over the four */
    bool empty;                  /* no contributing texel: result = losing value */
    unsigned quads;              /* contributing quads (>= 1 contributing texel) */
    unsigned texels;             /* contributing texels */
    unsigned passes;             /* ceil(quads / 4) */
    unsigned tree_compares;      /* 15 per pass: 8 pairwise + 4 quad + 2 + 1 */
    unsigned collector_compares; /* 4 per pass */
    unsigned final_compares;     /* 3 (two pairs then one) unless empty: 0 */
    unsigned bytes_four;         /* 4 results x 4 channels x 4 bytes = 64 */
    unsigned bytes_one;          /* 1 result x 4 channels x 4 bytes = 16 */
    unsigned bytes_all;          /* every contributing texel returned: texels x 16 */
} g7sf_minmax_result;

/* Comparison rule of every block and collector (docs/spec-notes.md):
 * a NaN loses to any number (IEEE minNum/maxNum); of two NaNs the one with
 * the smaller bit pattern wins; -0 is below +0 (min gives -0, max +0).  So
 * the result never depends on the order of quads or passes.  The 3D
 * sampler's reduction (SAMPLER_STATE Reduction Type, gen7sf ext, on a gpu
 * with G7SF_EXT_MINMAX_FILTER; state_sampler.h) follows the same rule, and
 * its Reduction Region Footprint runs g7sf_minmax_region. */

/* 1 when region texel (x, y) (0..7 each) is in footprint f, 0 when not;
 * G7SF_EINVAL for a bad footprint or position. */
G7SF_API int g7sf_minmax_contributes(const g7sf_minmax_footprint *f, int x, int y);

/* The region's origin for a sample at unnormalized texel coordinates
 * (u, v): region texel (0, 0) is texture texel (*x0, *y0) = (floor(u - 3.5),
 * floor(v - 3.5)), the 8x8 texels whose centres are nearest (u, v), as the
 * 2x2 of bilinear is (floor(u - 0.5), floor(v - 0.5)).  Edges and address
 * modes are the caller's: it fetches the 64 texels.  G7SF_EINVAL for NULL,
 * a non-finite coordinate or one beyond +-2^30. */
G7SF_API int g7sf_minmax_region_origin(float u, float v, int *x0, int *y0);

/* The tree of 003 L122-L146 over n quads (0..16) given in the order they
 * enter the tree: quad[k][t][c] is texel t (T0..T3) channel c of the k-th
 * quad, texel_mask[k] bit t set when it contributes (NULL: all do; a quad
 * whose mask is 0 is skipped, as no address is generated for it, L60).
 * Passes take the contributing quads four at a time in order; positions of
 * the tree with no contributing texel carry the losing value (L146).
 * Returns 0 and fills *out, or G7SF_EINVAL (NULL, op, n) with *why (when
 * why is not NULL); *out is then untouched. */
G7SF_API int g7sf_minmax_quads(unsigned op, const float (*quad)[4][4], const uint8_t *texel_mask,
                               unsigned n, g7sf_minmax_result *out, const char **why);

/* The reduction of footprint f over the region's 64 texels (texels[y * 8 +
 * x][channel]): the contributing quads enter the tree in ascending q.
 * Returns 0 or G7SF_EINVAL as g7sf_minmax_quads (and for a bad footprint). */
G7SF_API int g7sf_minmax_region(const g7sf_minmax_footprint *f, unsigned op,
                                const float (*texels)[4], g7sf_minmax_result *out,
                                const char **why);

#ifdef __cplusplus
}
#endif

#endif
