/* The data port's per-gpu context (dp_gpu.h). */
#include <stdlib.h>

#include "dp_gpu.h"

/* all samples enabled, one sample per pixel, per-pixel dispatch */
const g7sf_render_cache_state dp_render_cache_defaults = {
    .sample_mask = 0xFF, .num_samples = 1, .dispatch_mode = G7SF_MSDISPMODE_PERPIXEL };

static void dp_gpu_init(void *ctx)
{
    dp_gpu *g = ctx;
    g->render_cache = dp_render_cache_defaults;
    atomic_init(&g->atomic_busy, false);
    pthread_mutex_init(&g->msaa_lock, NULL);
}

static void dp_gpu_fini(void *ctx)
{
    dp_gpu *g = ctx;
    free(g->msaa);   /* tiles still dirty are lost, as with the gpu's memory */
    pthread_mutex_destroy(&g->msaa_lock);
}

static const g7sf_unit_class dp_gpu_class = { sizeof(dp_gpu), dp_gpu_init, dp_gpu_fini };

dp_gpu *dp_gpu_get(g7sf_gpu *gpu) { return g7sf_unit_ctx(gpu, G7SF_UNIT_DATAPORT, &dp_gpu_class); }
