/* Internal: the data port's message table and what its handlers share. */
#ifndef G7SF_DATAPORT_DP_H
#define G7SF_DATAPORT_DP_H

#include "gen7sf/dataport.h"
#include "gen7sf/surface.h"
#include "msg/msg.h"

enum {
    DP_WRITE = 1,            /* a write message: EOT allowed, no writeback */
    DP_HEADER = 2,           /* header always required */
    DP_HEADER_STATELESS = 4, /* header required with BTI 255 (it holds the base) */
    DP_IVB_ONLY = 8          /* reserved on Haswell's data cache port 0 */
};

#define DP_BTI_SLM       254
#define DP_BTI_STATELESS 255

typedef struct dp_msg_type dp_msg_type;
struct dp_msg_type {
    const char *name;                               /* NULL: reserved encoding */
    int (*run)(g7sf_msg_ctx *c, const dp_msg_type *t);  /* NULL: not modelled yet */
    unsigned flags;
};

/* The buffer the message's BTI names (stateless, or binding table +
 * RENDER_SURFACE_STATE), checked for what the block/scattered messages
 * accept; base aligned to `align`.  Latches and returns the error. */
int dp_bind_buffer(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align, g7sf_dp_buffer *out);
/* The RENDER_SURFACE_STATE the message's BTI binds (binding table entry,
 * read and decoded); latches and returns the error. */
int dp_surface_state(g7sf_msg_ctx *c, const dp_msg_type *t, g7sf_render_surface_state *ss);
/* The same, and its layout (g7sf_surface_from_state): G7SF_ESTATE latched
 * when the state describes no valid surface.  Callers check the surface
 * type and format their message allows. */
int dp_bind_surface(g7sf_msg_ctx *c, const dp_msg_type *t, g7sf_render_surface_state *ss,
                    g7sf_surface *s);
/* mlen must be header + data_regs, rlen must be rlen_want. */
int dp_check_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs, unsigned rlen_want);
/* M0.2 Global Offset, or 0 without a header. */
uint32_t dp_global_offset(const g7sf_msg_ctx *c);

int dp_oword_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_unaligned_oword_block_read(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_oword_dual_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_dword_scattered(g7sf_msg_ctx *c, const dp_msg_type *t);

/* The DWord slots of one block or scattered message: slot i is the DWord
 * at byte offset[i] of the buffer and register dword reg_dw[i] (register
 * reg_dw[i] / 8) of the writeback, or of the write data. */
typedef struct dp_slots {
    unsigned n;
    uint32_t enable;
    uint64_t offset[32];
    uint8_t reg_dw[32];
} dp_slots;

/* Runs the slots: a read gathers and writes the enabled slots back; a
 * write takes slot data from the data registers starting at data register
 * write_data_reg (counted after the header) and scatters it. */
int dp_transfer(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_dp_buffer *buf,
                const dp_slots *s, unsigned write_data_reg);

/* Atomic Operation Type desc[11:8] (§3.9.9).  0 is CMPWR8B on the untyped
 * messages and reserved on the others. */
enum dp_aop {
    DP_AOP_CMPWR8B, DP_AOP_AND, DP_AOP_OR, DP_AOP_XOR, DP_AOP_MOV, DP_AOP_INC, DP_AOP_DEC,
    DP_AOP_ADD, DP_AOP_SUB, DP_AOP_REVSUB, DP_AOP_IMAX, DP_AOP_IMIN, DP_AOP_UMAX, DP_AOP_UMIN,
    DP_AOP_CMPWR, DP_AOP_PREDEC
};
/* Sources the payload carries for aop: 0 (INC, DEC, PREDEC), 2 (CMPWR,
 * CMPWR8B, whose sources are 64-bit pairs) or 1. */
unsigned dp_aop_sources(unsigned aop);
/* The 32-bit operations AND..PREDEC on old_dst: returns new_dst and stores
 * the value the message returns (old_dst; new_dst for PREDEC) in *ret. */
uint32_t dp_aop32(unsigned aop, uint32_t old, uint32_t src0, uint32_t src1, uint32_t *ret);
/* CMPWR8B on the 64-bit old_dst: new value; it returns old_dst. */
static inline uint64_t dp_aop_cmpwr8b(uint64_t old, uint64_t src0, uint64_t src1)
{
    return old == src0 ? src1 : old;
}

/* Media block, scratch, memory fence (media_block.c, scratch.c, fence.c)
 * and what they share with the OWord block messages (block.c). */
int dp_media_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_scratch_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_memory_fence(g7sf_msg_ctx *c, const dp_msg_type *t);
/* The stateless buffer: General State Base + M0.5[31:10] up to the General
 * State Access Upper Bound; latches and returns the error. */
int dp_stateless_buffer(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align, g7sf_dp_buffer *out);
/* EMask bit of register dword (reg, dw) of a block of registers: the low
 * byte covers even registers, the high byte odd ones (§3.9.3, §3.9.10). */
static inline unsigned dp_emask_bit(unsigned reg, unsigned dw) { return (reg & 1) * 8 + dw; }
/* OWord channel mode: any enabled DWord of an OWord enables all four. */
uint32_t dp_oword_enable(uint32_t enable);

#endif
