/* The media unit's per-gpu context (media_gpu.h): the deinterlace pass's
 * scratch memory and the colour pipe's statistics. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/gpu.h"
#include "media_gpu.h"

/* The media unit's per-gpu context.  mem: host memory for the frame
 * copies of g7sf_dndi_block (the deinterlace message's pass), kept
 * between passes (frame-sized buffers cost more to allocate than a pass's
 * work); taken by one pass at a time.  iecp: the colour pipe's statistics
 * of every IECP Media Block Write, the VSC's counters ("Video Statistic
 * Counter", line 6064: Ymin, Ymax, skin pixels, 6561-6563; the histogram
 * and the out-of-range counts, 6565, 6930), read and cleared by
 * g7sf_iecp_stats_read; iecp_lock orders the messages of concurrent host
 * threads and the readers. */
typedef struct media_gpu {
    uint8_t *mem;
    size_t size;
    atomic_bool taken;
    pthread_mutex_t iecp_lock;
    g7sf_iecp_stats iecp;
} media_gpu;

static void media_gpu_init(void *ctx)
{
    media_gpu *g = ctx;
    atomic_init(&g->taken, false);
    /* a default mutex needs no resources on the platforms we build for:
     * pthread_mutex_init cannot fail for want of memory there */
    pthread_mutex_init(&g->iecp_lock, NULL);
    g7sf_iecp_stats_clear(&g->iecp);
}

static void media_gpu_fini(void *ctx)
{
    media_gpu *g = ctx;
    free(g->mem);
    pthread_mutex_destroy(&g->iecp_lock);
}

static const g7sf_unit_class media_gpu_class = { sizeof(media_gpu), media_gpu_init,
                                                 media_gpu_fini };

static media_gpu *media_gpu_get(g7sf_gpu *gpu)
{
    return g7sf_unit_ctx(gpu, G7SF_UNIT_MEDIA, &media_gpu_class);
}

uint8_t *media_scratch_take(g7sf_gpu *gpu, size_t size, bool *own)
{
    media_gpu *g = media_gpu_get(gpu);
    *own = true;
    if (!g || atomic_exchange(&g->taken, true))
        return calloc(size ? size : 1, 1);
    if (g->size < size) {
        /* no realloc: the old contents are not wanted; zeroed so that
         * nothing a pass reads is indeterminate */
        free(g->mem);
        g->mem = calloc(size, 1);
        g->size = g->mem ? size : 0;
    }
    if (!g->mem) {
        atomic_store(&g->taken, false);
        return calloc(size ? size : 1, 1);
    }
    *own = false;
    return g->mem;
}

void media_scratch_put(g7sf_gpu *gpu, uint8_t *mem, bool own)
{
    if (own)
        free(mem);
    else   /* the context's memory: it exists */
        atomic_store(&media_gpu_get(gpu)->taken, false);
}

/* a + b, at most max (a <= max: the sums start at 0 and saturate) */
static uint32_t add_sat(uint32_t a, uint32_t b, uint32_t max)
{
    return b > max - a ? max : a + b;
}

int media_iecp_stats_add(g7sf_gpu *gpu, const g7sf_iecp_stats *st, bool luma)
{
    media_gpu *g = gpu && st ? media_gpu_get(gpu) : NULL;
    if (!g)
        return gpu && st ? G7SF_ENOMEM : G7SF_EINVAL;
    pthread_mutex_lock(&g->iecp_lock);
    g7sf_iecp_stats *a = &g->iecp;
    if (luma && st->pixels) {
        /* 24-bit bins (g7sf_iecp_stats), as the function level counts */
        for (unsigned i = 0; i < 256; i++)
            if (st->histogram[i])
                a->histogram[i] = add_sat(a->histogram[i], st->histogram[i], 0xFFFFFFu);
        a->y_min = st->y_min < a->y_min ? st->y_min : a->y_min;
        a->y_max = st->y_max > a->y_max ? st->y_max : a->y_max;
        a->pixels = st->pixels > UINT64_MAX - a->pixels ? UINT64_MAX : a->pixels + st->pixels;
    }
    a->skin_pixels = add_sat(a->skin_pixels, st->skin_pixels, UINT32_MAX);
    /* the 29-bit out-of-range counter (g7sf_iecp_stats) */
    a->out_of_range = add_sat(a->out_of_range, st->out_of_range, 0x1FFFFFFFu);
    a->out_of_range_distance = add_sat(a->out_of_range_distance, st->out_of_range_distance,
                                       UINT32_MAX);
    pthread_mutex_unlock(&g->iecp_lock);
    return 0;
}

int g7sf_iecp_stats_read(g7sf_gpu *gpu, g7sf_iecp_stats *out, bool clear)
{
    if (!gpu)
        return G7SF_EINVAL;
    media_gpu *g = media_gpu_get(gpu);
    if (!g)
        return G7SF_ENOMEM;
    pthread_mutex_lock(&g->iecp_lock);
    if (out)
        *out = g->iecp;
    if (clear)
        g7sf_iecp_stats_clear(&g->iecp);
    pthread_mutex_unlock(&g->iecp_lock);
    return 0;
}
