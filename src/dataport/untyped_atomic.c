/* Untyped Atomic Operation and Atomic Counter Operation (§3.9.9): one
 * read-modify-write of a DWord (a QWord for AOP_CMPWR8B) per slot.  The
 * slots of one message run in ascending order, all of them under the
 * gpu's atomic lock, so slots sharing an address see each other's result
 * and no other atomic message comes in between. */
#include "dp.h"
#include "dp_gpu.h"

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
    *m = (atomic_msg){ .aop = (c->fc >> 8) & 0xF, .ret = (c->fc >> 13) & 1 };
    m->n = simd4x2 ? 2 : (c->fc >> 12) & 1 ? 8 : 16;
    m->regs = simd4x2 ? 1 : m->n / 8;
    m->nsrc = m->aop == DP_AOP_CMPWR8B ? 4 : dp_aop_sources(m->aop);
    m->slots = simd4x2 ? dp_simd4x2_mask(c) : dp_untyped_mask(c, m->n);
    if (counter && m->aop == DP_AOP_CMPWR8B)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: reserved atomic operation 0", t->name);
    unsigned src_regs = m->nsrc ? (simd4x2 ? 1 : m->nsrc * m->regs) : 0;
    unsigned rlen = !m->ret ? 0 : simd4x2 ? 1 : (m->aop == DP_AOP_CMPWR8B ? 2 : 1) * m->regs;
    int r = counter || simd4x2
          ? dp_check_lengths(c, t, (counter ? 0 : 1) + src_regs, rlen)
          : dp_untyped_lengths(c, t, m->regs, src_regs, rlen, &m->params);
    if (simd4x2 && !counter)
        m->params = 2;   /* U and V share the one address register */
    m->src_reg = simd4x2 ? m->params / 2 : m->params * m->regs;
    return r;
}

/* Runs the enabled slots on u; out of bounds, a slot writes nothing and
 * returns 0. */
static int run(g7sf_msg_ctx *c, const dp_msg_type *t, const dp_untyped *u, const atomic_msg *m)
{
    bool wide = m->aop == DP_AOP_CMPWR8B;
    int r = 0;
    dp_gpu *g = dp_gpu_get(c->gpu);
    if (!g)
        return g7sf_msg_fail(c, G7SF_ENOMEM, "%s: %s", t->name, g7sf_strerror(G7SF_ENOMEM));
    dp_atomic_lock(g);
    for (unsigned i = 0; !r && i < m->n; i++) {
        if (!(m->slots >> i & 1))
            continue;
        uint64_t off = m->params ? dp_untyped_slot_offset(c, u, m->n, m->params, i) : 0, old, v, ret;
        bool in = dp_untyped_load(c->gpu, u, off, wide ? 8 : 4, &old);
        if (wide) {
            v = dp_aop_cmpwr8b(old, source(c, m, 0, i) | (uint64_t)source(c, m, 1, i) << 32,
                               source(c, m, 2, i) | (uint64_t)source(c, m, 3, i) << 32);
            ret = old;
        } else {
            uint32_t r32;
            v = dp_aop32(m->aop, (uint32_t)old, source(c, m, 0, i), source(c, m, 1, i), &r32);
            ret = r32;
        }
        if (in)
            r = dp_untyped_store(c->gpu, u, off, wide ? 8 : 4, v);
        if (m->ret) {
            *ret_dword(c, m, 0, i) = in ? (uint32_t)ret : 0;
            if (wide)
                *ret_dword(c, m, 1, i) = in ? (uint32_t)(ret >> 32) : 0;
        }
    }
    dp_atomic_unlock(g);
    return r ? g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r)) : 0;
}

static int untyped_atomic(g7sf_msg_ctx *c, const dp_msg_type *t, bool simd4x2)
{
    atomic_msg m;
    dp_untyped u;
    int r = dp_bind_untyped(c, t, DP_UNTYPED_RAW, &u);
    if (r || (r = layout(c, t, simd4x2, false, &m)))
        return r;
    if (u.slm && m.aop == DP_AOP_CMPWR8B)
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
    unsigned bti = c->fc & 0xFF;
    atomic_msg m;
    g7sf_render_surface_state ss;
    if (bti == DP_BTI_STATELESS || bti == DP_BTI_SLM)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: BTI %u (stateless or SLM) has no append counter",
                             t->name, bti);
    int r = dp_surface_state(c, t, &ss);
    if (r || (r = layout(c, t, simd4x2, true, &m)))
        return r;
    if (ss.surface_type != G7SF_SURFTYPE_BUFFER && ss.surface_type != G7SF_SURFTYPE_STRBUF)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u is not a buffer (no append counter)",
                             t->name, bti);
    dp_untyped u = { .buf = { ss.append_counter_address, ss.append_counter_enable ? 4 : 0 } };
    return run(c, t, &u, &m);
}

int dp_atomic_counter(g7sf_msg_ctx *c, const dp_msg_type *t) { return atomic_counter(c, t, false); }
int dp_atomic_counter_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t) { return atomic_counter(c, t, true); }
