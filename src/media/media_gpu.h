/* Internal: the media unit's per-gpu context (media_gpu.c): host memory
 * for the frame copies of g7sf_dndi_block, and the colour pipe's
 * statistics (the VSC counters software reads through MMIO, PRM lines
 * 6064, 6561-6563) that every IECP Media Block Write adds to. */
#ifndef G7SF_MEDIA_GPU_H
#define G7SF_MEDIA_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/iecp.h"

/* Host memory of at least size bytes for one pass: the gpu's scratch, or
 * when another thread holds it, or it can't grow, a buffer of the pass's
 * own (*own set).  NULL when out of memory.  Give it back with
 * media_scratch_put. */
uint8_t *media_scratch_take(g7sf_gpu *gpu, size_t size, bool *own);
void media_scratch_put(g7sf_gpu *gpu, uint8_t *mem, bool own);

/* Adds one message's statistics st to the gpu's: the histogram, Ymin,
 * Ymax and the pixel count only when luma (the message's pixels are in
 * the histogram's area: Full Image Histogram or M0.3[1] Area of
 * Interest), the skin and out-of-range counts always; each counter
 * saturates at its width.  0, or G7SF_ENOMEM when the context cannot be
 * created. */
int media_iecp_stats_add(g7sf_gpu *gpu, const g7sf_iecp_stats *st, bool luma);

#endif
