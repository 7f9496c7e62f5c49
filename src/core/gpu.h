/* Internal: the gpu object (memory + base addresses + error latch). */
#ifndef G7SF_CORE_GPU_H
#define G7SF_CORE_GPU_H

#include <stdatomic.h>

#include "gen7sf/gen7sf.h"

#define G7SF_PAGE_SHIFT 12
#define G7SF_PAGE_SIZE  (1u << G7SF_PAGE_SHIFT)
#define G7SF_DIR_SHIFT  22            /* 1024 directories of 1024 pages */

struct g7sf_base_reg { uint32_t base, bound; };

/* Per-gpu contexts of the units above core (src/sampler, src/dataport,
 * src/media): each unit defines its context in its own folder and creates
 * it on first use; core only holds the slot and frees it with the gpu.
 * (The message layer's caches are per host thread: src/msg/bind_cache.h.) */
enum g7sf_unit { G7SF_UNIT_SAMPLER, G7SF_UNIT_DATAPORT, G7SF_UNIT_MEDIA,
                 G7SF_UNIT_COUNT };
typedef struct g7sf_unit_class {
    size_t size;                 /* of the context, allocated zeroed */
    void (*init)(void *ctx);     /* after allocation; may be NULL */
    void (*fini)(void *ctx);     /* before it is freed; may be NULL */
} g7sf_unit_class;

struct g7sf_gpu {
    enum g7sf_platform platform;
    unsigned extensions;          /* G7SF_EXT_* of the options */
    uint64_t id;                  /* unique in the process: names the gpu in caches */
    /* Lazily allocated page tables: directories (arrays of page
     * pointers), both held as void * so that memory.c's one compare-and-swap
     * installs either. */
    void *dir[1u << (32 - G7SF_DIR_SHIFT)];
    size_t pages;
    struct g7sf_base_reg bases[G7SF_BASE_COUNT];
    g7sf_error latch;
    /* The sampler's reads of MSAA index-compressed surfaces (msaa_tile.h):
     * bytes and the baseline's, and the epoch that empties the sampler's
     * modelled L1 (bumped by render cache write-backs, flushes, a clear) */
    struct { _Atomic uint64_t bytes, baseline, epoch; } msaa_reads;
    struct { _Atomic(void *) ctx; const g7sf_unit_class *cls; } unit[G7SF_UNIT_COUNT];
};

/* Unit u's context, created with cls on first use (one wins when threads
 * race; the others' copies are freed): NULL when host memory ran out. */
void *g7sf_unit_create(g7sf_gpu *gpu, enum g7sf_unit u, const g7sf_unit_class *cls);
static inline void *g7sf_unit_ctx(g7sf_gpu *gpu, enum g7sf_unit u, const g7sf_unit_class *cls)
{
    void *ctx = atomic_load_explicit(&gpu->unit[u].ctx, memory_order_acquire);
    return ctx ? ctx : g7sf_unit_create(gpu, u, cls);
}

void g7sf_mem_free_all(g7sf_gpu *gpu);
/* Records err in the latch unless one is latched already; returns err.code. */
int g7sf_latch(g7sf_gpu *gpu, const g7sf_error *err);

#endif
