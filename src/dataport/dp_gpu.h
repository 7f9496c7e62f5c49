/* Internal: the data port's per-gpu context. */
#ifndef G7SF_DATAPORT_DP_GPU_H
#define G7SF_DATAPORT_DP_GPU_H

#include <pthread.h>
#include <sched.h>

#include "core/gpu.h"
#include "gen7sf/msaa_compress.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/state.h"

typedef struct dp_gpu {
    /* The render cache's pipeline state (g7sf_render_cache_command). */
    g7sf_render_cache_state render_cache;
    /* Held across one atomic message's read-modify-writes (§3.9.9): host
     * threads may send to one gpu at once, and no other atomic message may
     * come between an atomic's read and its write. */
    atomic_bool atomic_busy;
    /* The render cache's tiles of MSAA index-compressed surfaces
     * (rt_msaa_cache.c; allocated on first use) and their counters, under
     * msaa_lock: host threads may write render targets at once. */
    pthread_mutex_t msaa_lock;
    struct rt_msaa_cache *msaa;
    g7sf_msaa_stats msaa_stats;
} dp_gpu;

/* The render cache state before any command. */
extern const g7sf_render_cache_state dp_render_cache_defaults;

/* The context, created on first use; NULL when host memory ran out. */
dp_gpu *dp_gpu_get(g7sf_gpu *gpu);

static inline void dp_atomic_lock(dp_gpu *g)
{
    while (atomic_exchange_explicit(&g->atomic_busy, true, memory_order_acquire))
        sched_yield();   /* the holder runs a few slots: let it finish */
}
static inline void dp_atomic_unlock(dp_gpu *g)
{
    atomic_store_explicit(&g->atomic_busy, false, memory_order_release);
}

#endif
