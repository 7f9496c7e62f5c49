/* Binding a message's surface: the RENDER_SURFACE_STATE a binding table
 * entry names, decoded through this thread's cache (bind_cache.h). */
#include <string.h>

#include "bind_cache.h"
#include "core/gpu.h"
#include "gen7sf/state.h"
#include "msg.h"

int g7sf_msg_rss_dwords(g7sf_msg_ctx *c, unsigned bti, const char *who, uint32_t *dw)
{
    uint32_t addr;
    int r = g7sf_msg_surface_state(c, bti, G7SF_RENDER_SURFACE_STATE_DWORDS * 4, who, &addr);
    if (!r)
        g7sf_msg_read_dw(c->gpu, addr, dw, G7SF_RENDER_SURFACE_STATE_DWORDS);
    return r;
}

_Static_assert(G7SF_RENDER_SURFACE_STATE_DWORDS + 4 <= BIND_KEY_DWORDS, "key room");

int g7sf_msg_bind(g7sf_msg_ctx *c, unsigned bti, const char *who, int kind, const uint32_t *extra,
                  unsigned nextra, g7sf_msg_decode_fn fn, void *out, size_t size, int *err,
                  const char **why)
{
    enum { N = G7SF_RENDER_SURFACE_STATE_DWORDS };
    uint32_t key[BIND_KEY_DWORDS];
    nextra = nextra < 4 ? nextra : 4;   /* the callers' keys have at most 4 */
    int r = g7sf_msg_rss_dwords(c, bti, who, key);
    if (r)
        return r;
    memcpy(key + N, extra, nextra * sizeof *extra);
    const void *v = bind_cache_get(c->gpu, kind, key, N + nextra, err);
    if (v && !*err) {
        memcpy(out, v, size);
        return 0;
    }
    /* a miss, or a refused state whose reason is wanted again */
    g7sf_render_surface_state ss;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, key, &ss);
    *err = fn(&ss, extra, out, why);
    if (!v)
        bind_cache_put(c->gpu, kind, key, N + nextra, *err, out, size);
    return 0;
}
