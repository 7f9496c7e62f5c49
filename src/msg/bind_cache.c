/* The per-thread binding cache (bind_cache.h) and g7sf_msg_bind, which
 * reads a binding through it. */
#include <string.h>

#include "bind_cache.h"
#include "gen7sf/state.h"
#include "msg.h"

enum { N = G7SF_RENDER_SURFACE_STATE_DWORDS, ENTRIES = 64 };

typedef struct bind_entry {
    uint64_t gpu;                /* g7sf_gpu id; 0: empty */
    uint32_t bt, base, bound;    /* binding table offset, Surface State Base and bound */
    uint32_t tag;                /* bti | kind << 8 | nextra << 16 */
    const uint8_t *entry_at;     /* the binding table entry in host memory */
    const uint8_t *state_at;     /* the RENDER_SURFACE_STATE it pointed at */
    uint32_t entry;
    uint32_t key[N + BIND_EXTRA_MAX];   /* the state's DWords, then the extra values */
    int err;
    _Alignas(16) unsigned char value[BIND_VALUE_BYTES];
} bind_entry;

_Static_assert(sizeof(g7sf_render_surface_state) <= BIND_VALUE_BYTES, "value room");
static _Thread_local bind_entry cache[ENTRIES];

static bind_entry *slot(unsigned bti, unsigned kind)
{
    return &cache[(bti * 7u + kind) % ENTRIES];
}

/* The DWords at host address p, which need not be aligned (Surface State
 * Base and the binding table offset are guest values), equal a[0..n);
 * without a library call (n is small and fixed). */
static inline bool same(const uint8_t *p, const uint32_t *a, unsigned n)
{
    uint32_t diff = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, p + 4 * i, 4);
        diff |= v ^ a[i];
    }
    return diff == 0;
}

/* The entry still describes memory: same gpu, tables, entry and state. */
static bool current(const bind_entry *e, const g7sf_msg_ctx *c, uint32_t tag,
                    const uint32_t *extra, unsigned nextra)
{
    const struct g7sf_base_reg *b = &c->gpu->bases[G7SF_BASE_SURFACE];
    return e->gpu == c->gpu->id && e->tag == tag && e->bt == c->thr->binding_table &&
           e->base == b->base && e->bound == b->bound && e->entry_at &&
           same(e->entry_at, &e->entry, 1) && same(e->state_at, e->key, N) &&
           (!nextra || !memcmp(e->key + N, extra, nextra * sizeof *extra));
}

int g7sf_msg_bind(g7sf_msg_ctx *c, unsigned bti, const char *who, int kind, const uint32_t *extra,
                  unsigned nextra, g7sf_msg_decode_fn fn, void *out, size_t size, int *err,
                  const char **why)
{
    nextra = nextra < BIND_EXTRA_MAX ? nextra : BIND_EXTRA_MAX;
    uint32_t tag = bti | (uint32_t)kind << 8 | nextra << 16;
    bind_entry *e = slot(bti, (unsigned)kind);
    if (current(e, c, tag, extra, nextra) && !e->err && size <= BIND_VALUE_BYTES) {
        memcpy(out, e->value, size);
        *err = 0;
        return 0;
    }
    /* the full path: read, decode, remember where it was read */
    uint32_t bt_addr, ss_addr, key[N + BIND_EXTRA_MAX];
    int r = g7sf_msg_surface_state_at(c, bti, N * 4, who, &bt_addr, &ss_addr);
    if (r)
        return r;
    g7sf_msg_read_dw(c->gpu, ss_addr, key, N);
    if (nextra)   /* extra may be NULL when there is none */
        memcpy(key + N, extra, nextra * sizeof *extra);
    g7sf_render_surface_state ss;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, key, &ss);
    *err = fn(&ss, extra, out, why);
    const uint8_t *entry_at = g7sf_mem_span(c->gpu, bt_addr, 4);
    const uint8_t *state_at = g7sf_mem_span(c->gpu, ss_addr, N * 4);
    if (size > BIND_VALUE_BYTES || !entry_at || !state_at) {
        e->gpu = 0;   /* state in pages never written: nothing to point at */
        return 0;
    }
    const struct g7sf_base_reg *b = &c->gpu->bases[G7SF_BASE_SURFACE];
    *e = (bind_entry){ .gpu = c->gpu->id, .bt = c->thr->binding_table, .base = b->base,
                       .bound = b->bound, .tag = tag, .entry_at = entry_at,
                       .state_at = state_at, .err = *err };
    memcpy(&e->entry, entry_at, 4);
    memcpy(e->key, key, sizeof key);
    memcpy(e->value, out, size);
    return 0;
}
