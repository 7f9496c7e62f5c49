/* What a data port message's BTI binds: the RENDER_SURFACE_STATE decoded
 * for the message's kind of access, once per change of the state in this
 * thread (g7sf_msg_bind), or SLM, or the stateless buffer. */
#include "bind_cache.h"
#include "desc.h"
#include "dp_msg.h"

static int copy_state(const g7sf_render_surface_state *ss, const uint32_t *extra, void *out,
                      const char **why)
{
    (void)extra, (void)why;
    *(g7sf_render_surface_state *)out = *ss;
    return 0;
}

int dp_surface_state(g7sf_msg_ctx *c, const dp_msg_type *t, g7sf_render_surface_state *ss)
{
    int err;
    const char *why;
    return g7sf_msg_bind(c, desc_get(c->fc, DESC_BTI), t->name, BIND_RSS, NULL, 0, copy_state,
                         ss, sizeof *ss, &err, &why);
}

static int buffer(const g7sf_render_surface_state *ss, const uint32_t *extra, void *out,
                  const char **why)
{
    (void)why;
    return g7sf_dp_buffer_from_surface(ss, extra[0], out);
}

int dp_bind_buffer_full(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align,
                        g7sf_dp_buffer *out)
{
    unsigned bti = desc_get(c->fc, DESC_BTI);
    if (bti == DP_BTI_STATELESS)
        return dp_stateless_buffer(c, t, align, out);
    if (bti == DP_BTI_SLM && c->msg->sfid == G7SF_SFID_DATA_CACHE)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s cannot address SLM (BTI 254)", t->name);
    int err;
    const char *why;
    int r = g7sf_msg_bind(c, bti, t->name, BIND_DP_BUFFER, &align, 1, buffer, out, sizeof *out,
                          &err, &why);
    if (!r && err)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u is not an untiled SURFTYPE_BUFFER with "
                             "a %u-byte aligned base", t->name, bti, align);
    return r;
}

static bool slm_port(unsigned sfid)
{
    return sfid == G7SF_SFID_DATA_CACHE || sfid == G7SF_SFID_DATA_CACHE1;
}

static int untyped(const g7sf_render_surface_state *ss, const uint32_t *extra, void *out,
                   const char **why)
{
    (void)why;
    return g7sf_dp_untyped_from_surface(ss, (enum g7sf_dp_untyped_rules)extra[0], out);
}

int dp_bind_untyped(g7sf_msg_ctx *c, const dp_msg_type *t, enum g7sf_dp_untyped_rules rules,
                    g7sf_dp_untyped *u)
{
    unsigned bti = desc_get(c->fc, DESC_BTI);
    *u = (g7sf_dp_untyped){ 0 };
    if (bti == DP_BTI_STATELESS)   /* 8301: stateless is for the OWord/DWord messages */
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s does not support the stateless model (BTI 255)",
                             t->name);
    if (bti == DP_BTI_SLM && slm_port(c->msg->sfid)) {
        if (!c->thr->slm)
            return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI 254 but no SLM allocated", t->name);
        u->slm = c->thr->slm;
        return 0;
    }
    const uint32_t extra = rules;
    int err;
    const char *why;
    int r = g7sf_msg_bind(c, bti, t->name, BIND_DP_UNTYPED, &extra, 1, untyped, u, sizeof *u,
                          &err, &why);
    if (!r && err)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u is not an untiled %s with a DWord "
                             "aligned base", t->name, bti,
                             rules == G7SF_DP_UNTYPED_RAW ? "RAW SURFTYPE_BUFFER/STRBUF"
                                                          : "SURFTYPE_BUFFER");
    return r;
}

/* extra: capability, platform */
static int typed(const g7sf_render_surface_state *ss, const uint32_t *extra, void *out,
                 const char **why)
{
    return g7sf_dp_typed_from_surface(ss, (enum g7sf_platform)extra[1], extra[0], out, why);
}

int dp_bind_typed(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned cap, g7sf_dp_typed *ts)
{
    const uint32_t extra[2] = { cap, c->gpu->platform };
    unsigned bti = desc_get(c->fc, DESC_BTI);
    int err;
    const char *why = "";
    int r = g7sf_msg_bind(c, bti, t->name, BIND_DP_TYPED, extra, 2, typed, ts, sizeof *ts, &err,
                          &why);
    if (!r && err)
        return g7sf_msg_fail(c, err, "%s: BTI %u: %s", t->name, bti, why);
    return r;
}
