/* Internal: the gpu object (memory + base addresses + error latch). */
#ifndef G7SF_CORE_GPU_H
#define G7SF_CORE_GPU_H

#include <stdatomic.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/sampler.h"

#define G7SF_PAGE_SHIFT 12
#define G7SF_PAGE_SIZE  (1u << G7SF_PAGE_SHIFT)
#define G7SF_DIR_SHIFT  22            /* 1024 directories of 1024 pages */

struct g7sf_base_reg { uint32_t base, bound; };

struct g7sf_gpu {
    enum g7sf_platform platform;
    uint8_t **dir[1u << (32 - G7SF_DIR_SHIFT)];   /* lazily allocated page tables */
    size_t pages;
    struct g7sf_base_reg bases[G7SF_BASE_COUNT];
    g7sf_error latch;
    /* 3DSTATE_CHROMA_KEY, the palettes and 3DSTATE_MONOFILTER_SIZE as loaded
     * (g7sf_sampler_command). */
    g7sf_sampler_cmd_state sampler_cmd;
    /* Host memory for the deinterlace message's frame copies
     * (media_surface.h), kept between messages: frame-sized buffers cost
     * more to allocate than the message's work.  A message that finds it
     * taken (sent from another thread) allocates its own. */
    struct { uint8_t *mem; size_t size; atomic_bool taken; } media_scratch;
};

/* The page holding addr, or NULL when never written (reads as zeros). */
const uint8_t *g7sf_mem_page(const g7sf_gpu *gpu, uint32_t addr);
void g7sf_mem_free_all(g7sf_gpu *gpu);
/* Records err in the latch unless one is latched already; returns err.code. */
int g7sf_latch(g7sf_gpu *gpu, const g7sf_error *err);

#endif
