/* The data port's per-gpu context (dp_gpu.h). */
#include "dp_gpu.h"

/* all samples enabled, one sample per pixel, per-pixel dispatch */
const g7sf_render_cache_state dp_render_cache_defaults = {
    .sample_mask = 0xFF, .num_samples = 1, .dispatch_mode = G7SF_MSDISPMODE_PERPIXEL };

static void dp_gpu_init(void *ctx)
{
    dp_gpu *g = ctx;
    g->render_cache = dp_render_cache_defaults;
    atomic_init(&g->atomic_busy, false);
    /* a default mutex needs no resources on the platforms we build for:
     * pthread_mutex_init cannot fail for want of memory there */
    pthread_mutex_init(&g->iecp_lock, NULL);
    g7sf_iecp_stats_clear(&g->iecp_stats);
}

static void dp_gpu_fini(void *ctx)
{
    dp_gpu *g = ctx;
    pthread_mutex_destroy(&g->iecp_lock);
}

static const g7sf_unit_class dp_gpu_class = { sizeof(dp_gpu), dp_gpu_init, dp_gpu_fini };

dp_gpu *dp_gpu_get(g7sf_gpu *gpu) { return g7sf_unit_ctx(gpu, G7SF_UNIT_DATAPORT, &dp_gpu_class); }
