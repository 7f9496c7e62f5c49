/* The atomic operations of §3.9.9 on one 32-bit destination: the table of
 * new_dst and ret every typed, untyped and counter atomic message uses.
 * Arithmetic wraps modulo 2^32; IMAX/IMIN compare as two's complement. */
#include "dp.h"

unsigned dp_aop_sources(unsigned aop)
{
    switch (aop) {
    case DP_AOP_INC: case DP_AOP_DEC: case DP_AOP_PREDEC: return 0;
    case DP_AOP_CMPWR: case DP_AOP_CMPWR8B:               return 2;
    default:                                              return 1;
    }
}

uint32_t dp_aop32(unsigned aop, uint32_t old, uint32_t src0, uint32_t src1, uint32_t *ret)
{
    uint32_t v;
    switch (aop) {
    case DP_AOP_AND:    v = old & src0; break;
    case DP_AOP_OR:     v = old | src0; break;
    case DP_AOP_XOR:    v = old ^ src0; break;
    case DP_AOP_MOV:    v = src0; break;
    case DP_AOP_INC:    v = old + 1; break;
    case DP_AOP_DEC:
    case DP_AOP_PREDEC: v = old - 1; break;
    case DP_AOP_ADD:    v = old + src0; break;
    case DP_AOP_SUB:    v = old - src0; break;
    case DP_AOP_REVSUB: v = src0 - old; break;
    case DP_AOP_IMAX:   v = (int32_t)old >= (int32_t)src0 ? old : src0; break;
    case DP_AOP_IMIN:   v = (int32_t)old <= (int32_t)src0 ? old : src0; break;
    case DP_AOP_UMAX:   v = old >= src0 ? old : src0; break;
    case DP_AOP_UMIN:   v = old <= src0 ? old : src0; break;
    case DP_AOP_CMPWR:  v = old == src0 ? src1 : old; break;
    default:            v = old; break;   /* CMPWR8B is 64-bit: dp_aop_cmpwr8b */
    }
    *ret = aop == DP_AOP_PREDEC ? v : old;
    return v;
}
