/* Graphics memory: a sparse 4 GiB address space of 4 KiB pages, allocated on
 * first write; two-level table so that an empty gpu costs 8 KiB. */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

#define PAGES_PER_DIR (1u << (G7SF_DIR_SHIFT - G7SF_PAGE_SHIFT))

static bool in_space(uint32_t addr, size_t len)
{
    return len <= (size_t)0x100000000ull - addr;
}

const uint8_t *g7sf_mem_page(const g7sf_gpu *gpu, uint32_t addr)
{
    uint8_t **d = gpu->dir[addr >> G7SF_DIR_SHIFT];
    return d ? d[(addr >> G7SF_PAGE_SHIFT) & (PAGES_PER_DIR - 1)] : NULL;
}

static uint8_t *page_for_write(g7sf_gpu *gpu, uint32_t addr)
{
    uint8_t ***d = &gpu->dir[addr >> G7SF_DIR_SHIFT];
    if (!*d && !(*d = calloc(PAGES_PER_DIR, sizeof **d)))
        return NULL;
    uint8_t **p = &(*d)[(addr >> G7SF_PAGE_SHIFT) & (PAGES_PER_DIR - 1)];
    if (!*p) {
        if (!(*p = calloc(1, G7SF_PAGE_SIZE)))
            return NULL;
        gpu->pages++;
    }
    return *p;
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

size_t g7sf_mem_pages(const g7sf_gpu *gpu) { return gpu ? gpu->pages : 0; }

void g7sf_mem_free_all(g7sf_gpu *gpu)
{
    for (size_t i = 0; i < sizeof gpu->dir / sizeof gpu->dir[0]; i++) {
        if (!gpu->dir[i])
            continue;
        for (unsigned k = 0; k < PAGES_PER_DIR; k++)
            free(gpu->dir[i][k]);
        free(gpu->dir[i]);
        gpu->dir[i] = NULL;
    }
    gpu->pages = 0;
}
