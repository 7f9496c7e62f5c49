/* Internal: what the state a message binds decodes to, cached per host
 * thread.  State lives in graphics memory and may change between messages,
 * so an entry is checked against the memory each time: the binding table
 * entry and the RENDER_SURFACE_STATE DWords it decoded are compared with
 * what memory holds now, through host pointers kept from the first read
 * (pages never move while their gpu lives).  A message still looks at its
 * state, but decodes it once per change.  Nothing is shared between
 * threads, so threads sending to one gpu never wait on each other here. */
#ifndef G7SF_MSG_BIND_CACHE_H
#define G7SF_MSG_BIND_CACHE_H

/* What a cached value is: one kind per decode. */
enum bind_kind {
    BIND_RSS,            /* g7sf_render_surface_state */
    BIND_TEXTURE,        /* g7sf_texture (sampler) */
    BIND_DP_BUFFER,      /* g7sf_dp_buffer; extra: alignment */
    BIND_DP_UNTYPED,     /* g7sf_dp_untyped; extra: rules */
    BIND_DP_TYPED,       /* g7sf_dp_typed; extra: capability, platform */
    BIND_RT              /* g7sf_rt_target; extra: platform, array index, samples, tiling */
};

#define BIND_EXTRA_MAX   4
#define BIND_VALUE_BYTES 192

#endif
