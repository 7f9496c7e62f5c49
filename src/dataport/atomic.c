/* The atomic operations of §3.9.9: the table of new_dst and ret every
 * typed, untyped and counter atomic message uses (arithmetic wraps modulo
 * 2^32; IMAX/IMIN compare as two's complement), and the read-modify-writes
 * on untyped targets and typed surfaces.  The slots of one operation run
 * in ascending order, all of them under the gpu's atomic lock, so slots
 * sharing an address see each other's result and no other atomic
 * operation comes in between. */
#include "dp.h"
#include "dp_gpu.h"

unsigned g7sf_dp_aop_sources(enum g7sf_dp_aop aop)
{
    switch (aop) {
    case G7SF_AOP_INC: case G7SF_AOP_DEC: case G7SF_AOP_PREDEC: return 0;
    case G7SF_AOP_CMPWR: case G7SF_AOP_CMPWR8B:                 return 2;
    default:                                                    return 1;
    }
}

uint32_t dp_aop32(unsigned aop, uint32_t old, uint32_t src0, uint32_t src1, uint32_t *ret)
{
    uint32_t v;
    switch (aop) {
    case G7SF_AOP_AND:    v = old & src0; break;
    case G7SF_AOP_OR:     v = old | src0; break;
    case G7SF_AOP_XOR:    v = old ^ src0; break;
    case G7SF_AOP_MOV:    v = src0; break;
    case G7SF_AOP_INC:    v = old + 1; break;
    case G7SF_AOP_DEC:
    case G7SF_AOP_PREDEC: v = old - 1; break;
    case G7SF_AOP_ADD:    v = old + src0; break;
    case G7SF_AOP_SUB:    v = old - src0; break;
    case G7SF_AOP_REVSUB: v = src0 - old; break;
    case G7SF_AOP_IMAX:   v = (int32_t)old >= (int32_t)src0 ? old : src0; break;
    case G7SF_AOP_IMIN:   v = (int32_t)old <= (int32_t)src0 ? old : src0; break;
    case G7SF_AOP_UMAX:   v = old >= src0 ? old : src0; break;
    case G7SF_AOP_UMIN:   v = old <= src0 ? old : src0; break;
    case G7SF_AOP_CMPWR:  v = old == src0 ? src1 : old; break;
    default:            v = old; break;   /* CMPWR8B is 64-bit: untyped_slot */
    }
    *ret = aop == G7SF_AOP_PREDEC ? v : old;
    return v;
}

/* Slot i of an untyped atomic: new value stored (in bounds), returned
 * value in *ret. */
static int untyped_slot(g7sf_gpu *gpu, const g7sf_dp_untyped *u, enum g7sf_dp_aop aop,
                        uint64_t off, uint64_t src0, uint64_t src1, uint64_t *ret)
{
    bool wide = aop == G7SF_AOP_CMPWR8B;
    uint64_t old, v;
    bool in = dp_untyped_load(gpu, u, off, wide ? 8 : 4, &old);
    if (wide) {
        v = old == src0 ? src1 : old;
        *ret = old;
    } else {
        uint32_t r32;
        v = dp_aop32(aop, (uint32_t)old, (uint32_t)src0, (uint32_t)src1, &r32);
        *ret = r32;
    }
    if (!in) {
        *ret = 0;
        return 0;
    }
    return dp_untyped_store(gpu, u, off, wide ? 8 : 4, v);
}

/* The sources slot i reads: those the operation takes, else 0. */
static uint64_t source(const uint64_t *src, unsigned k, enum g7sf_dp_aop aop, unsigned i)
{
    return k < g7sf_dp_aop_sources(aop) ? src[i] : 0;
}

/* Arguments an atomic operation refuses: NULL pointers it needs, more
 * than 32 slots, an operation outside the table. */
static bool bad_call(const void *gpu, const void *target, enum g7sf_dp_aop aop, unsigned n,
                     const void *addrs, const void *src0, const void *src1)
{
    unsigned nsrc = g7sf_dp_aop_sources(aop);
    return !gpu || !target || n > 32 || (unsigned)aop > G7SF_AOP_PREDEC ||
           (n && (!addrs || (nsrc > 0 && !src0) || (nsrc > 1 && !src1)));
}

/* The gpu's atomic lock, taken: its context, or NULL without host memory. */
static dp_gpu *locked(g7sf_gpu *gpu)
{
    dp_gpu *g = dp_gpu_get(gpu);
    if (g)
        dp_atomic_lock(g);
    return g;
}

int g7sf_dp_untyped_atomic(g7sf_gpu *gpu, const g7sf_dp_untyped *u, enum g7sf_dp_aop aop,
                           const uint64_t *offsets, unsigned n, uint32_t enable,
                           const uint64_t *src0, const uint64_t *src1, uint64_t *ret)
{
    if (bad_call(gpu, u, aop, n, offsets, src0, src1) || (u->slm && aop == G7SF_AOP_CMPWR8B))
        return G7SF_EINVAL;
    dp_gpu *g = locked(gpu);
    if (!g)
        return G7SF_ENOMEM;
    int r = 0;
    for (unsigned i = 0; !r && i < n; i++) {
        uint64_t v;
        if (!(enable >> i & 1))
            continue;
        r = untyped_slot(gpu, u, aop, offsets[i], source(src0, 0, aop, i), source(src1, 1, aop, i),
                         &v);
        if (ret)
            ret[i] = v;
    }
    dp_atomic_unlock(g);
    return r;
}

int g7sf_dp_typed_atomic(g7sf_gpu *gpu, const g7sf_dp_typed *ts, enum g7sf_dp_aop aop,
                         const uint32_t (*uvrl)[4], unsigned n, uint32_t enable,
                         const uint32_t *src0, const uint32_t *src1, uint32_t *ret)
{
    if (bad_call(gpu, ts, aop, n, uvrl, src0, src1) || aop == G7SF_AOP_CMPWR8B)
        return G7SF_EINVAL;
    unsigned nsrc = g7sf_dp_aop_sources(aop);
    dp_gpu *g = locked(gpu);
    if (!g)
        return G7SF_ENOMEM;
    int r = 0;
    for (unsigned i = 0; !r && i < n; i++) {
        uint32_t addr, old, v, out = 0;
        if (!(enable >> i & 1))
            continue;
        if (g7sf_dp_typed_address(ts, uvrl[i], &addr)) {
            g7sf_mem_read(gpu, addr, &old, 4);
            v = dp_aop32(aop, old, nsrc > 0 ? src0[i] : 0, nsrc > 1 ? src1[i] : 0, &out);
            r = g7sf_mem_write(gpu, addr, &v, 4);
        }
        if (ret)
            ret[i] = out;
    }
    dp_atomic_unlock(g);
    return r;
}
