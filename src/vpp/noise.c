/* GNE -> denoise thresholds (noise.h). */
#include "noise.h"

enum { PRIOR_Q = 16 };

static unsigned isqrt(unsigned long long v)
{
    unsigned long long r = 0, bit = 1ull << 62;
    while (bit > v)
        bit >>= 2;
    for (; bit; bit >>= 2)
        if (v >= r + bit)
            v -= r + bit, r = (r >> 1) + bit;
        else
            r >>= 1;
    return (unsigned)r;
}

unsigned vpp_noise_level(uint32_t sum, uint32_t count)
{
    if (!count)
        return PRIOR_Q;
    /* measured on flat frames with Gaussian noise at the BNE gates below:
     * GNE = 2.5 sigma + sigma^2 / 4, so 4 sigma = sqrt(400 + 64 GNE) - 20 */
    unsigned long long g64 = ((unsigned long long)sum * 64 + count / 2) / count;
    return isqrt(400 + g64) - 20;
}

static unsigned scale(unsigned long long v, unsigned max)
{
    return v > max ? max : (unsigned)v;
}

void vpp_noise_thresholds(unsigned q, int strength, g7sf_sampler_state_di *s)
{
    unsigned long long qs = (unsigned long long)q * (unsigned)strength;
    /* temporal difference threshold 4 sigma (x strength / 32), low half of it */
    unsigned th = scale((qs + 16) / 32, 63);
    s->temporal_difference_threshold = th;
    s->low_temporal_difference_threshold = th > 32 ? th - 16 : th / 2;
    s->good_neighbor_threshold = scale((qs + 32) / 64, 63);     /* 2 sigma */
    s->denoise_stad_threshold = scale((6 * qs + 16) / 32, 255); /* 24 sigma over 16 pixels */
    s->denoise_asd_threshold = scale((10ull * q + 2) / 4, 63);  /* 10 sigma */
    s->denoise_threshold_for_sum_of_complexity_measure = 38;
    s->denoise_moving_pixel_threshold = 1;
    s->denoise_maximum_history = scale(128 + 2ull * (unsigned)strength, 240);
    s->denoise_history_delta = 8;
    /* the BNE gates stay fixed so the estimate does not follow the filter */
    s->bne_edge_threshold = 1;
    s->block_noise_estimate_noise_threshold = 31;
}
