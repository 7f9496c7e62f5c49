/* Internal: the colour pipe's statistics in the data port's per-gpu
 * context (dp_gpu.h), fed by the message layer's IECP Media Block Writes
 * (src/msg/dp_iecp.c) and read by g7sf_dp_iecp_stats. */
#ifndef G7SF_DATAPORT_IECP_STATS_H
#define G7SF_DATAPORT_IECP_STATS_H

#include <stdbool.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/iecp.h"

/* Adds one message's statistics st to the gpu's: the histogram, Ymin,
 * Ymax and the pixel count only when luma (the message's pixels are in
 * the histogram's area: Full Image Histogram or M0.3[1] Area of
 * Interest), the skin and out-of-range counts always; each counter
 * saturates at its width.  0, or G7SF_ENOMEM when the context cannot be
 * created. */
int dp_iecp_stats_add(g7sf_gpu *gpu, const g7sf_iecp_stats *st, bool luma);

#endif
