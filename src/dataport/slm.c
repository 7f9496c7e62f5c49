/* Shared local memory (§3.2.3): 64 KiB without bounds checks; an address
 * past the end wraps, byte by byte, so an element straddling the end
 * continues at byte 0. */
#include "dp.h"

uint32_t dp_slm_load(const uint8_t *slm, uint32_t off, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned b = 0; b < bytes; b++)
        v |= (uint32_t)slm[(off + b) % G7SF_SLM_SIZE] << (8 * b);
    return v;
}

void dp_slm_store(uint8_t *slm, uint32_t off, unsigned bytes, uint32_t v)
{
    for (unsigned b = 0; b < bytes; b++)
        slm[(off + b) % G7SF_SLM_SIZE] = (uint8_t)(v >> (8 * b));
}
