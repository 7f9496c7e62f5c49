/* Graphics memory: a sparse 4 GiB address space of 4 KiB pages, allocated on
 * first write; two-level table so that an empty gpu costs 8 KiB. */
#include <stdlib.h>
#include <string.h>

#include "memory.h"

#define PAGES_PER_DIR G7SF_PAGES_PER_DIR

static bool in_space(uint32_t addr, size_t len)
{
    return len <= (size_t)0x100000000ull - addr;
}

/* Table entries are published with a compare-and-swap (g7sf_mem_page in
 * gpu.h reads them with acquire loads): threads sending messages at once
 * may allocate the same page or directory, and the loser frees its copy,
 * so no write is lost. */

/* *slot, or a fresh zeroed block of `size` bytes installed there. */
static void *install(void **slot, size_t size, bool *fresh)
{
    void *cur = __atomic_load_n(slot, __ATOMIC_ACQUIRE), *mine;
    *fresh = false;
    if (cur || !(mine = calloc(1, size)))
        return cur;
    if (__atomic_compare_exchange_n(slot, &cur, mine, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
        *fresh = true;
        return mine;
    }
    free(mine);   /* another thread installed one first: cur holds it */
    return cur;
}

static uint8_t *page_for_write(g7sf_gpu *gpu, uint32_t addr)
{
    bool fresh;
    void **d = install(&gpu->dir[addr >> G7SF_DIR_SHIFT], PAGES_PER_DIR * sizeof(void *),
                       &fresh);
    if (!d)
        return NULL;
    uint8_t *p = install(&d[(addr >> G7SF_PAGE_SHIFT) & (PAGES_PER_DIR - 1)], G7SF_PAGE_SIZE,
                         &fresh);
    if (fresh)
        __atomic_fetch_add(&gpu->pages, 1, __ATOMIC_RELAXED);
    return p;
}

int g7sf_mem_write(g7sf_gpu *gpu, uint32_t addr, const void *src, size_t len)
{
    if (!gpu || (!src && len))
        return G7SF_EINVAL;
    if (!in_space(addr, len))
        return G7SF_EFAULT;
    /* Allocate every page first so that a failed allocation writes nothing. */
    for (uint64_t a = addr & ~(uint64_t)(G7SF_PAGE_SIZE - 1); a < (uint64_t)addr + len;
         a += G7SF_PAGE_SIZE)
        if (!page_for_write(gpu, (uint32_t)a))
            return G7SF_ENOMEM;
    const uint8_t *s = src;
    while (len) {
        uint32_t off = addr & (G7SF_PAGE_SIZE - 1);
        size_t n = G7SF_PAGE_SIZE - off < len ? G7SF_PAGE_SIZE - off : len;
        memcpy(page_for_write(gpu, addr) + off, s, n);
        s += n, len -= n, addr += (uint32_t)n;
    }
    return 0;
}

int g7sf_mem_read(g7sf_gpu *gpu, uint32_t addr, void *dst, size_t len)
{
    if (!gpu || (!dst && len))
        return G7SF_EINVAL;
    if (!in_space(addr, len))
        return G7SF_EFAULT;
    uint8_t *d = dst;
    while (len) {
        uint32_t off = addr & (G7SF_PAGE_SIZE - 1);
        size_t n = G7SF_PAGE_SIZE - off < len ? G7SF_PAGE_SIZE - off : len;
        const uint8_t *p = g7sf_mem_page(gpu, addr);
        if (p)
            memcpy(d, p + off, n);
        else
            memset(d, 0, n);
        d += n, len -= n, addr += (uint32_t)n;
    }
    return 0;
}

size_t g7sf_mem_pages(const g7sf_gpu *gpu)
{
    return gpu ? __atomic_load_n(&gpu->pages, __ATOMIC_RELAXED) : 0;
}

void g7sf_mem_free_all(g7sf_gpu *gpu)
{
    for (size_t i = 0; i < sizeof gpu->dir / sizeof gpu->dir[0]; i++) {
        void **d = gpu->dir[i];
        if (!d)
            continue;
        for (unsigned k = 0; k < PAGES_PER_DIR; k++)
            free(d[k]);
        free(gpu->dir[i]);
        gpu->dir[i] = NULL;
    }
    gpu->pages = 0;
}
