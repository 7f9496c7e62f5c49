/* The random numbers of the synthetic clips: the generator the scenes and
 * the noise draw from, and Gaussian noise per frame (see synth.h).  Below
 * the scenes and the sequences, which both use it. */
#include <math.h>

#include "synth.h"

uint64_t synth_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void synth_noise(vio_frame *f, double sigma, uint64_t seed)
{
    uint64_t st = seed;
    double spare = 0;
    bool have_spare = false;
    for (int p = 0; p < f->planes; p++)
        for (int y = 0; y < f->height[p]; y++) {
            uint8_t *row = f->data[p] + y * f->stride[p];
            for (int x = 0; x < f->width[p]; x++) {
                double g;
                if (have_spare) {
                    g = spare, have_spare = false;
                } else {
                    /* Box-Muller: two normal values from two uniform ones in (0, 1] */
                    double u1 = ((double)(synth_rand(&st) >> 11) + 1) * 0x1p-53;
                    double u2 = (double)(synth_rand(&st) >> 11) * 0x1p-53;
                    double r = sqrt(-2 * log(u1));
                    g = r * cos(2 * M_PI * u2);
                    spare = r * sin(2 * M_PI * u2), have_spare = true;
                }
                double v = row[x] + sigma * g;
                row[x] = v <= 0 ? 0 : v >= 255 ? 255 : (uint8_t)lrint(v);
            }
        }
}

void synth_noise_frame(vio_frame *f, double sigma, uint64_t seed, long index)
{
    uint64_t st = seed ^ (uint64_t)index * 0xD1B54A32D192ED03ull;
    synth_noise(f, sigma, synth_rand(&st));
}
