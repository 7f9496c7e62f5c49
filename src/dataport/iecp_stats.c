/* The colour pipe's statistics per gpu (iecp_stats.h): what the VSC
 * ("Video Statistic Counter", line 6064) collects from the ACE and gamut
 * compression stages of every IECP write and software reads through MMIO
 * (Ymin, Ymax, skin pixels, lines 6064, 6561-6563; the histogram and the
 * out-of-range counts of lines 6565 and 6930), held in the data port's
 * context because the data port's render cache runs the pipe (line 6041). */
#include <stdint.h>

#include "dp_gpu.h"
#include "gen7sf/dataport.h"
#include "iecp_stats.h"

/* a + b, at most max (a <= max: the sums here start at 0 and saturate) */
static uint32_t add_sat(uint32_t a, uint32_t b, uint32_t max)
{
    return b > max - a ? max : a + b;
}

int dp_iecp_stats_add(g7sf_gpu *gpu, const g7sf_iecp_stats *st, bool luma)
{
    dp_gpu *g = gpu && st ? dp_gpu_get(gpu) : NULL;
    if (!g)
        return gpu && st ? G7SF_ENOMEM : G7SF_EINVAL;
    pthread_mutex_lock(&g->iecp_lock);
    g7sf_iecp_stats *a = &g->iecp_stats;
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

int g7sf_dp_iecp_stats(g7sf_gpu *gpu, g7sf_iecp_stats *out, bool clear)
{
    if (!gpu)
        return G7SF_EINVAL;
    dp_gpu *g = dp_gpu_get(gpu);
    if (!g)
        return G7SF_ENOMEM;
    pthread_mutex_lock(&g->iecp_lock);
    if (out)
        *out = g->iecp_stats;
    if (clear)
        g7sf_iecp_stats_clear(&g->iecp_stats);
    pthread_mutex_unlock(&g->iecp_lock);
    return 0;
}
