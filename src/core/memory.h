/* Internal: host access to graphics memory's pages (memory.c allocates
 * them; they never move or go away while their gpu lives). */
#ifndef G7SF_CORE_MEMORY_H
#define G7SF_CORE_MEMORY_H

#include "gpu.h"

#define G7SF_PAGES_PER_DIR (1u << (G7SF_DIR_SHIFT - G7SF_PAGE_SHIFT))

/* The page holding addr, or NULL when never written (reads as zeros).
 * Table entries are published with a compare-and-swap and read with
 * acquire loads (memory.c). */
static inline uint8_t *g7sf_mem_page(const g7sf_gpu *gpu, uint32_t addr)
{
    void **d = __atomic_load_n(&gpu->dir[addr >> G7SF_DIR_SHIFT], __ATOMIC_ACQUIRE);
    return d ? __atomic_load_n(&d[(addr >> G7SF_PAGE_SHIFT) & (G7SF_PAGES_PER_DIR - 1)],
                               __ATOMIC_ACQUIRE)
             : NULL;
}

/* The host bytes of [addr, addr + len) when they lie in one page that
 * exists, else NULL: the fast path of the units' small accesses, which
 * fall back to g7sf_mem_read / g7sf_mem_write (zeros for pages never
 * written, allocation for writes). */
static inline uint8_t *g7sf_mem_span(const g7sf_gpu *gpu, uint32_t addr, size_t len)
{
    if ((addr & (G7SF_PAGE_SIZE - 1)) + len > G7SF_PAGE_SIZE)
        return NULL;
    uint8_t *p = g7sf_mem_page(gpu, addr);
    return p ? p + (addr & (G7SF_PAGE_SIZE - 1)) : NULL;
}

#endif
