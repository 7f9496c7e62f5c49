/* Render target writes to compressed multisampled surfaces: the MCS kept
 * consistent with what the sampler's ld_mcs / ld2dms read (the MCS
 * encoding is outside the PRM text: docs/spec-notes.md "Sampler
 * operations"; the choice made here: "Data port: render target write"). */
#include <string.h>

#include "core/gpu.h"
#include "dp.h"

/* Identity MCS values: 4x, 2 bits per sample; 8x, 4 bits per sample. */
#define MCS_IDENTITY_4X 0xE4u          /* 3 2 1 0 */
#define MCS_IDENTITY_8X 0x76543210u

int rt_mcs_identity(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y,
                    uint32_t slice, unsigned lod, const uint8_t *clear_unit, unsigned unit_bytes)
{
    uint32_t mcs_addr, mcs = 0, addr;
    unsigned n = s->samples, bits = n == 4 ? 2 : 4, mcs_bytes = n == 4 ? 1 : 4;
    uint32_t identity = n == 4 ? MCS_IDENTITY_4X : MCS_IDENTITY_8X;
    uint32_t cleared = n == 4 ? 0xFFu : 0xFFFFFFFFu;
    int r = g7sf_surface_mcs_address(s, x, y, slice, lod, &mcs_addr);
    if (r || (r = g7sf_mem_read(gpu, mcs_addr, &mcs, mcs_bytes)))
        return r;
    if (mcs == identity)
        return 0;
    /* gather every sample where the MCS puts it before any slice changes */
    uint8_t value[8][16];
    for (unsigned k = 0; k < n; k++) {
        unsigned from = mcs >> (bits * k) & ((1u << bits) - 1);
        if (mcs == cleared || from >= n) {
            memcpy(value[k], clear_unit, unit_bytes);
            continue;
        }
        if ((r = g7sf_surface_texel_address(s, x, y, slice, lod, from, &addr)) ||
            (r = g7sf_mem_read(gpu, addr, value[k], unit_bytes)))
            return r;
    }
    for (unsigned k = 0; k < n; k++)
        if ((r = g7sf_surface_texel_address(s, x, y, slice, lod, k, &addr)) ||
            (r = g7sf_mem_write(gpu, addr, value[k], unit_bytes)))
            return r;
    return g7sf_mem_write(gpu, mcs_addr, &identity, mcs_bytes);
}
