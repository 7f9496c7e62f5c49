/* The Data Port at function level (§3): buffer accesses without messages.
 * g7sf_send() builds on these; a C user with decoded state can call them. */
#ifndef GEN7SF_DATAPORT_H
#define GEN7SF_DATAPORT_H

#include "gen7sf.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A buffer as the data port's block and scattered messages see it: bytes
 * [0, size) from base.  Anything outside reads 0 and is never written. */
typedef struct g7sf_dp_buffer {
    uint32_t base;
    uint64_t size;
} g7sf_dp_buffer;

/* The buffer a RENDER_SURFACE_STATE describes for the OWord/DWord messages
 * (§3.9.3-3.9.7): SURFTYPE_BUFFER, untiled, base aligned to `align` bytes;
 * size = entries x 16 bytes, or x 1 byte for Surface Format RAW.
 * SURFTYPE_NULL gives an empty buffer.  G7SF_ESTATE for anything else. */
G7SF_API int g7sf_dp_buffer_from_surface(const g7sf_render_surface_state *ss, uint32_t align,
                                         g7sf_dp_buffer *out);

/* DWord gather/scatter at byte offsets into a buffer.  Slot i takes part
 * when bit i of `enable` is set; a gathered slot out of bounds reads 0, a
 * scattered one is dropped; slots run in ascending order, so with equal
 * offsets the highest slot's write wins.  Gather leaves disabled slots of
 * dst untouched.  n <= 32.  0 or G7SF_ENOMEM / G7SF_EINVAL. */
G7SF_API int g7sf_dp_gather(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                            unsigned n, uint32_t enable, uint32_t *dst);
G7SF_API int g7sf_dp_scatter(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                             unsigned n, uint32_t enable, const uint32_t *src);

#ifdef __cplusplus
}
#endif
#endif
