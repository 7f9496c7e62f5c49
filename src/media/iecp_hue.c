/* The TCC's hue angle (gen7sf/iecp.h, iecp_int.h): the PRM's quadratic
 * arctan on the octant, in integers so every compiler gives the same
 * index.  Decisions: docs/spec-notes.md, "IECP". */
#include <stdlib.h>

#include "iecp_int.h"

unsigned iecp_hue_index(int32_t u, int32_t v)
{
    int64_t au = llabs((long long)u), av = llabs((long long)v);
    if (!au && !av)
        return 0;
    int64_t lo = au < av ? au : av, hi = au < av ? av : au;
    int64_t x = (lo << 12) / hi;   /* the divider: U0.12, 0 .. 4096 */
    /* -0.2880 x^2 + 1.0797 x - 0.005 radians in Q36 (coefficients Q12:
     * -1180, 4422; -0.005 x 2^36 = -343597384), not below 0 */
    int64_t t = -1180 * x * x + 4422 * x * 4096 - 343597384;
    if (t < 0)
        t = 0;
    /* radians to 1/256 of an index: x 1024 / (2 pi) x 256 = 41721.5 */
    int64_t q = (t * 41722) >> 36;
    const int64_t quarter = 256 * 256;   /* 90 degrees, in 1/256 index */
    if (av > au)
        q = quarter - q;                 /* the octant above 45 degrees */
    if (u < 0)
        q = 2 * quarter - q;             /* quadrant II (and III below) */
    if (v < 0)
        q = 4 * quarter - q;
    return (unsigned)((q + 128) >> 8) & 1023;
}
