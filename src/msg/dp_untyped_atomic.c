/* Untyped Atomic Operation and Atomic Counter Operation (§3.9.9): one
 * read-modify-write of a DWord (a QWord for AOP_CMPWR8B) per slot, run by
 * g7sf_dp_untyped_atomic. */
#include "desc.h"
#include "dp_msg.h"

typedef struct atomic_msg {
    unsigned n;        /* slots: 2 (SIMD4x2), 8 or 16 */
    unsigned regs;     /* registers per source: 1 for SIMD4x2, n / 8 */
    unsigned params;   /* address parameters: 0 (counter), 1 (U) or 2 (U, V) */
    unsigned src_reg;  /* first source register, counted after the header */
    unsigned aop;
    unsigned nsrc;     /* source DWords per slot: CMPWR8B's 64-bit pair is 4 */
    bool ret;          /* Return Data Control desc[13] */
    uint32_t slots;
} atomic_msg;

/* Source DWord k of slot i (CMPWR8B: src0 low, high, src1 low, high):
 * SIMD4x2 in DWord 4i + k of one register, else register k x regs on. */
static uint32_t source(const g7sf_msg_ctx *c, const atomic_msg *m, unsigned k, unsigned i)
{
    if (k >= m->nsrc)
        return 0;
    if (m->n == 2)
        return g7sf_msg_data(c, m->src_reg)->ud[4 * i + k];
    return g7sf_msg_data(c, m->src_reg + k * m->regs + i / 8)->ud[i % 8];
}

/* Return DWord h (CMPWR8B's high half: 1) of slot i. */
static uint32_t *ret_dword(g7sf_msg_ctx *c, const atomic_msg *m, unsigned h, unsigned i)
{
    return m->n == 2 ? &c->wb[0].ud[4 * i + h] : &c->wb[h * m->regs + i / 8].ud[i % 8];
}

/* Decodes desc[13:8] and checks the lengths: counters have no address
 * payload, SIMD4x2 one register, SIMD8/16 U or U and V (mlen tells). */
static int layout(g7sf_msg_ctx *c, const dp_msg_type *t, bool simd4x2, bool counter, atomic_msg *m)
{
    *m = (atomic_msg){ .aop = desc_get(c->fc, DESC_DP_AOP),
                       .ret = desc_get(c->fc, DESC_DP_RETURN_DATA) };
    m->n = simd4x2 ? 2 : desc_get(c->fc, DESC_DP_ATOMIC_SIMD8) ? 8 : 16;
    m->regs = simd4x2 ? 1 : m->n / 8;
    m->nsrc = m->aop == G7SF_AOP_CMPWR8B ? 4 : g7sf_dp_aop_sources(m->aop);
    m->slots = simd4x2 ? dp_simd4x2_mask(c) : dp_untyped_mask(c, m->n);
    if (counter && m->aop == G7SF_AOP_CMPWR8B)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved atomic operation 0", t->name);
    unsigned src_regs = m->nsrc ? (simd4x2 ? 1 : m->nsrc * m->regs) : 0;
    unsigned rlen = !m->ret ? 0 : simd4x2 ? 1 : (m->aop == G7SF_AOP_CMPWR8B ? 2 : 1) * m->regs;
    int r = counter || simd4x2
          ? dp_check_lengths(c, t, (counter ? 0 : 1) + src_regs, rlen)
          : dp_untyped_lengths(c, t, m->regs, src_regs, rlen, &m->params);
    if (simd4x2 && !counter)
        m->params = 2;   /* U and V share the one address register */
    m->src_reg = simd4x2 ? m->params / 2 : m->params * m->regs;
    return r;
}

/* Runs the enabled slots on u (offsets from the address payload, or 0
 * for a counter) and returns their values when asked. */
static int run(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_dp_untyped *u,
               const atomic_msg *m)
{
    bool wide = m->aop == G7SF_AOP_CMPWR8B;
    uint64_t off[16] = { 0 }, src0[16], src1[16], ret[16];
    if (m->params)
        dp_untyped_offsets(c, u, m->n, m->params, off);
    for (unsigned i = 0; i < m->n; i++) {
        src0[i] = wide ? source(c, m, 0, i) | (uint64_t)source(c, m, 1, i) << 32 : source(c, m, 0, i);
        src1[i] = wide ? source(c, m, 2, i) | (uint64_t)source(c, m, 3, i) << 32 : source(c, m, 1, i);
    }
    int r = g7sf_dp_untyped_atomic(c->gpu, u, m->aop, off, m->n, m->slots, src0, src1, ret);
    if (r)
        return dp_fail(c, t, r);
    for (unsigned i = 0; m->ret && i < m->n; i++) {
        if (!(m->slots >> i & 1))
            continue;
        *ret_dword(c, m, 0, i) = (uint32_t)ret[i];
        if (wide)
            *ret_dword(c, m, 1, i) = (uint32_t)(ret[i] >> 32);
    }
    return 0;
}

static int untyped_atomic(g7sf_msg_ctx *c, const dp_msg_type *t, bool simd4x2)
{
    atomic_msg m;
    g7sf_dp_untyped u;
    int r = dp_bind_untyped(c, t, G7SF_DP_UNTYPED_RAW, &u);
    if (r || (r = layout(c, t, simd4x2, false, &m)))
        return r;
    if (u.slm && m.aop == G7SF_AOP_CMPWR8B)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: AOP_CMPWR8B is not supported for SLM", t->name);
    return run(c, t, &u, &m);
}

int dp_untyped_atomic(g7sf_msg_ctx *c, const dp_msg_type *t) { return untyped_atomic(c, t, false); }
int dp_untyped_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t) { return untyped_atomic(c, t, true); }

/* The counter is the DWord at RENDER_SURFACE_STATE DW6 Append Counter
 * Address; every slot hits it, in ascending slot order (each gets its own
 * value, the append-buffer use).  Disabled: out of bounds (3.9.9.7). */
static int atomic_counter(g7sf_msg_ctx *c, const dp_msg_type *t, bool simd4x2)
{
    unsigned bti = desc_get(c->fc, DESC_BTI);
    atomic_msg m;
    g7sf_render_surface_state ss;
    if (bti == DP_BTI_STATELESS || bti == DP_BTI_SLM)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: BTI %u (stateless or SLM) has no append counter",
                             t->name, bti);
    int r = dp_surface_state(c, t, &ss);
    if (r || (r = layout(c, t, simd4x2, true, &m)))
        return r;
    g7sf_dp_untyped u;
    if (g7sf_dp_append_counter_from_surface(&ss, &u))
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u is not a buffer (no append counter)",
                             t->name, bti);
    return run(c, t, &u, &m);
}

int dp_atomic_counter(g7sf_msg_ctx *c, const dp_msg_type *t) { return atomic_counter(c, t, false); }
int dp_atomic_counter_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t) { return atomic_counter(c, t, true); }
