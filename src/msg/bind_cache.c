/* The per-thread binding cache (bind_cache.h): its entries and the full
 * path of g7sf_msg_bind, taken when an entry is not current. */
#include <string.h>

#include "bind_cache.h"
#include "gen7sf/state.h"
#include "msg.h"

_Thread_local bind_entry g7sf_bind_cache[BIND_ENTRIES];

int g7sf_msg_bind_miss(g7sf_msg_ctx *c, unsigned bti, const char *who, int kind,
                       const uint32_t *extra, unsigned nextra, g7sf_msg_decode_fn fn, void *out,
                       size_t size, int *err, const char **why)
{
    enum { N = BIND_STATE_DWORDS };
    uint32_t tag = bti | (uint32_t)kind << 8 | nextra << 16;
    bind_entry *e = g7sf_bind_slot(bti, (unsigned)kind);
    /* read, decode, remember where it was read */
    uint32_t bt_addr, ss_addr, key[N + BIND_EXTRA_MAX];
    int r = g7sf_msg_surface_state_at(c, bti, N * 4, who, &bt_addr, &ss_addr);
    if (r)
        return r;
    g7sf_msg_read_dw(c->gpu, ss_addr, key, N);
    if (nextra)   /* extra may be NULL when there is none */
        memcpy(key + N, extra, nextra * sizeof *extra);
    g7sf_render_surface_state ss;
    g7sf_state_unpack_on(&g7sf_desc_RENDER_SURFACE_STATE, c->gpu->platform, key, &ss);
    *err = fn(&ss, extra, out, why);
    const uint8_t *entry_at = g7sf_mem_span(c->gpu, bt_addr, 4);
    const uint8_t *state_at = g7sf_mem_span(c->gpu, ss_addr, N * 4);
    if (*err || size > BIND_VALUE_BYTES || !entry_at || !state_at) {
        e->gpu = 0;   /* an error (decoded again for its reason), or state in
                       * pages never written: nothing to point at */
        return 0;
    }
    const struct g7sf_base_reg *b = &c->gpu->bases[G7SF_BASE_SURFACE];
    *e = (bind_entry){ .gpu = c->gpu->id, .bt = c->thr->binding_table, .base = b->base,
                       .bound = b->bound, .tag = tag, .entry_at = entry_at,
                       .state_at = state_at };
    memcpy(&e->entry, entry_at, 4);
    memcpy(e->key, key, sizeof key);
    memcpy(e->value, out, size);
    return 0;
}
