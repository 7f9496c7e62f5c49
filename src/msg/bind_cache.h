/* Internal: what the state a message binds decodes to, cached per host
 * thread.  State lives in graphics memory and may change between messages,
 * so an entry is keyed by the raw DWords read (and what else the decode
 * depends on), never by an address: a message still reads its state, but
 * decodes it once per change.  Nothing is shared between threads, so
 * threads sending to one gpu never wait on each other here. */
#ifndef G7SF_MSG_BIND_CACHE_H
#define G7SF_MSG_BIND_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf/gen7sf.h"

/* What a cached value is: one kind per decode. */
enum bind_kind {
    BIND_RSS,            /* g7sf_render_surface_state */
    BIND_TEXTURE,        /* g7sf_texture (sampler) */
    BIND_DP_BUFFER,      /* g7sf_dp_buffer; extra key: alignment */
    BIND_DP_UNTYPED,     /* g7sf_dp_untyped; extra key: rules */
    BIND_DP_TYPED,       /* g7sf_dp_typed; extra key: capability */
    BIND_DP_MEDIA,       /* g7sf_dp_media_surface; extra key: field override */
    BIND_RT,             /* g7sf_rt_target; extra key: array index, samples, tiling */
    BIND_BLEND           /* g7sf_blend_state + g7sf_color_calc_state */
};

#define BIND_KEY_DWORDS 24     /* BLEND_STATE and COLOR_CALC_STATE: 22 */
#define BIND_VALUE_BYTES 256

/* The value cached for kind and key[0..n) on gpu in this thread, with the
 * result the decode had in *err; NULL when absent. */
const void *bind_cache_get(const g7sf_gpu *gpu, enum bind_kind kind, const uint32_t *key,
                           unsigned n, int *err);
/* Caches value (size bytes) and err for kind and key[0..n). */
void bind_cache_put(const g7sf_gpu *gpu, enum bind_kind kind, const uint32_t *key, unsigned n,
                    int err, const void *value, size_t size);

#endif
