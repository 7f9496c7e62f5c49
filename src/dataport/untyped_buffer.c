/* What the untyped and byte scattered messages address (§3.9.8, §3.9.9):
 * binding, element access, slot masks and payload lengths they share. */
#include "core/gpu.h"
#include "dp.h"
#include "gen7sf/format.h"

static bool slm_port(unsigned sfid)
{
    return sfid == G7SF_SFID_DATA_CACHE || sfid == G7SF_SFID_DATA_CACHE1;
}

/* Untyped: Surface Format RAW, SURFTYPE_BUFFER (U bytes, RAW sizes count
 * bytes) or SURFTYPE_STRBUF (entries x pitch).  Byte scattered: any format,
 * SURFTYPE_BUFFER of 4-byte elements, except RAW whose size is in bytes. */
static int untyped_buffer(const g7sf_render_surface_state *ss, unsigned rules, dp_untyped *u)
{
    bool raw = ss->surface_format == G7SF_FORMAT_RAW;
    bool strbuf = ss->surface_type == G7SF_SURFTYPE_STRBUF && rules == DP_UNTYPED_RAW;
    if (ss->surface_type == G7SF_SURFTYPE_NULL)
        return 0;   /* everything out of bounds */
    if ((ss->surface_type != G7SF_SURFTYPE_BUFFER && !strbuf) || ss->tiled_surface ||
        (ss->surface_base_address & 3) || (rules == DP_UNTYPED_RAW && !raw))
        return G7SF_ESTATE;
    /* STRBUF's entry count has 27 bits (Depth [26:21]), a RAW buffer's 31 */
    uint64_t entries = g7sf_buffer_entries(ss->width, ss->height, ss->depth, raw && !strbuf);
    u->pitch = strbuf ? ss->surface_pitch + 1 : 0;
    u->buf = (g7sf_dp_buffer){ ss->surface_base_address,
                               entries * (strbuf ? u->pitch : raw ? 1 : 4) };
    return 0;
}

int dp_bind_untyped(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned rules, dp_untyped *u)
{
    unsigned bti = c->fc & 0xFF;
    *u = (dp_untyped){ 0 };
    if (bti == DP_BTI_STATELESS)   /* 8301: stateless is for the OWord/DWord messages */
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s does not support the stateless model (BTI 255)",
                             t->name);
    if (bti == DP_BTI_SLM && slm_port(c->msg->sfid)) {
        if (!c->thr->slm)
            return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI 254 but no SLM allocated", t->name);
        u->slm = c->thr->slm;
        return 0;
    }
    g7sf_render_surface_state ss;
    int r = dp_surface_state(c, t, &ss);
    if (r)
        return r;
    if (untyped_buffer(&ss, rules, u))
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u is not an untiled %s with a DWord "
                             "aligned base", t->name, bti,
                             rules == DP_UNTYPED_RAW ? "RAW SURFTYPE_BUFFER/STRBUF" : "SURFTYPE_BUFFER");
    return 0;
}

uint64_t dp_untyped_slot_offset(const g7sf_msg_ctx *c, const dp_untyped *u, unsigned n,
                                unsigned params, unsigned i)
{
    const g7sf_reg *a = g7sf_msg_data(c, n == 2 ? 0 : i / 8);
    unsigned dw = n == 2 ? 4 * i : i % 8;
    uint32_t U = a->ud[dw], V = 0;
    if (u->pitch && params == 2)
        V = n == 2 ? a->ud[dw + 1] : a[n / 8].ud[dw];
    return u->pitch ? dp_untyped_offset(u, U, V & ~3u) : U & ~3u;
}

bool dp_untyped_load(g7sf_gpu *gpu, const dp_untyped *u, uint64_t off, unsigned bytes, uint64_t *v)
{
    uint32_t a;
    *v = 0;
    if (u->slm) {
        *v = dp_slm_load(u->slm, (uint32_t)off, bytes);   /* 8 bytes never reach SLM */
        return true;
    }
    if (!dp_buffer_address(&u->buf, off, bytes, &a))
        return false;
    g7sf_mem_read(gpu, a, v, bytes);   /* little-endian host; cannot fail: in the space */
    return true;
}

int dp_untyped_store(g7sf_gpu *gpu, const dp_untyped *u, uint64_t off, unsigned bytes, uint64_t v)
{
    uint32_t a;
    if (u->slm) {
        dp_slm_store(u->slm, (uint32_t)off, bytes, (uint32_t)v);
        return 0;
    }
    return dp_buffer_address(&u->buf, off, bytes, &a) ? g7sf_mem_write(gpu, a, &v, bytes) : 0;
}

uint32_t dp_untyped_mask(const g7sf_msg_ctx *c, unsigned n)
{
    uint32_t pixel = c->header ? c->msg->payload[0].ud[7] : 0xFFFF;   /* M0.7[15:0] */
    return c->msg->exec_mask & pixel & ((1u << n) - 1);
}

uint32_t dp_simd4x2_mask(const g7sf_msg_ctx *c)
{
    return (c->msg->exec_mask & 0x0F ? 1u : 0) | (c->msg->exec_mask & 0xF0 ? 2u : 0);
}

int dp_untyped_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned regs, unsigned data_regs,
                       unsigned rlen, unsigned *params)
{
    /* §3.9.9.10: mlen tells how many address parameters came; untyped
     * messages take U and V at most (R and LOD are typed only). */
    *params = c->mlen == (c->header ? 1u : 0) + 2 * regs + data_regs ? 2 : 1;
    return dp_check_lengths(c, t, *params * regs + data_regs, rlen);
}
