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

#include "core/gpu.h"
#include "msg.h"

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
enum { BIND_STATE_DWORDS = G7SF_RENDER_SURFACE_STATE_DWORDS, BIND_ENTRIES = 64 };

typedef struct bind_entry {
    uint64_t gpu;                /* g7sf_gpu id; 0: empty */
    uint32_t bt, base, bound;    /* binding table offset, Surface State Base and bound */
    uint32_t tag;                /* bti | kind << 8 | nextra << 16 */
    const uint8_t *entry_at;     /* the binding table entry in host memory */
    const uint8_t *state_at;     /* the RENDER_SURFACE_STATE it pointed at */
    uint32_t entry;
    uint32_t key[BIND_STATE_DWORDS + BIND_EXTRA_MAX];   /* the state's DWords, then the extras */
    _Alignas(16) unsigned char value[BIND_VALUE_BYTES];
} bind_entry;

/* This thread's entries (bind_cache.c). */
extern _Thread_local bind_entry g7sf_bind_cache[BIND_ENTRIES];

static inline bind_entry *g7sf_bind_slot(unsigned bti, unsigned kind)
{
    return &g7sf_bind_cache[(bti * 7u + kind) % BIND_ENTRIES];
}

/* The DWords at host address p, which need not be aligned (Surface State
 * Base and the binding table offset are guest values), equal a[0..n);
 * without a library call (n is small and fixed). */
static inline bool g7sf_bind_same(const uint8_t *p, const uint32_t *a, unsigned n)
{
    uint32_t diff = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, p + 4 * i, 4);
        diff |= v ^ a[i];
    }
    return diff == 0;
}

/* The entry still describes memory (same gpu, tables, entry and state).
 * Only decodes without an error are kept. */
static inline bool g7sf_bind_current(const bind_entry *e, const g7sf_msg_ctx *c, uint32_t tag,
                                     const uint32_t *extra, unsigned nextra)
{
    const struct g7sf_base_reg *b = &c->gpu->bases[G7SF_BASE_SURFACE];
    if (e->gpu != c->gpu->id || e->tag != tag || e->bt != c->thr->binding_table ||
        e->base != b->base || e->bound != b->bound)
        return false;
    uint32_t diff = 0;
    for (unsigned i = 0; i < nextra; i++)
        diff |= e->key[BIND_STATE_DWORDS + i] ^ extra[i];
    return diff == 0 && g7sf_bind_same(e->entry_at, &e->entry, 1) &&
           g7sf_bind_same(e->state_at, e->key, BIND_STATE_DWORDS);
}

/* g7sf_msg_bind (msg.h) when the entry is not current: the full path. */
int g7sf_msg_bind_miss(g7sf_msg_ctx *c, unsigned bti, const char *who, int kind,
                       const uint32_t *extra, unsigned nextra, g7sf_msg_decode_fn fn, void *out,
                       size_t size, int *err, const char **why);

/* The value cached for binding table entry bti under kind and
 * extra[0..nextra) when it is current, else NULL: the hit path of
 * g7sf_msg_bind, for callers that inline it. */
static inline const void *g7sf_msg_bind_peek(const g7sf_msg_ctx *c, unsigned bti, int kind,
                                             const uint32_t *extra, unsigned nextra)
{
    nextra = nextra < BIND_EXTRA_MAX ? nextra : BIND_EXTRA_MAX;
    uint32_t tag = bti | (uint32_t)kind << 8 | nextra << 16;
    const bind_entry *e = g7sf_bind_slot(bti, (unsigned)kind);
    return g7sf_bind_current(e, c, tag, extra, nextra) ? e->value : NULL;
}

/* fn applied to the state of binding table entry bti and extra[0..n),
 * decoded once per change of those values in this thread (kind an enum
 * bind_kind): out filled (size bytes) and fn's result in *err, with *why
 * when it is an error (callers latch it in their own words).  Returns 0,
 * or G7SF_EFAULT latched when the state is outside its bounds.  Inline for
 * the hit: with nextra and size constants it is a few compares and a copy
 * of known size. */
static inline int g7sf_msg_bind(g7sf_msg_ctx *c, unsigned bti, const char *who, int kind,
                                const uint32_t *extra, unsigned nextra, g7sf_msg_decode_fn fn,
                                void *out, size_t size, int *err, const char **why)
{
    const void *hit = size <= BIND_VALUE_BYTES ? g7sf_msg_bind_peek(c, bti, kind, extra, nextra)
                                               : NULL;
    if (hit) {
        memcpy(out, hit, size);
        *err = 0;
        return 0;
    }
    nextra = nextra < BIND_EXTRA_MAX ? nextra : BIND_EXTRA_MAX;
    return g7sf_msg_bind_miss(c, bti, who, kind, extra, nextra, fn, out, size, err, why);
}

#endif
