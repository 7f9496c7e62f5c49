/* Internal: the data port's messages (§3.9): the message table and what
 * their decoders share.  Each decoder turns descriptor, header and payload
 * into plain values and runs the function level (gen7sf/dataport.h,
 * gen7sf/render_cache.h), then lays its results out in the writeback. */
#ifndef G7SF_MSG_DP_MSG_H
#define G7SF_MSG_DP_MSG_H

#include "gen7sf/dataport.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/surface.h"
#include "msg.h"

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
    int (*run)(g7sf_msg_ctx *c, const dp_msg_type *t);
    unsigned flags;
};

/* Latches code with "<message>: <what the function level said>". */
int dp_fail(g7sf_msg_ctx *c, const dp_msg_type *t, int code);

/* The buffer the message's BTI names (stateless, or binding table +
 * RENDER_SURFACE_STATE), checked for what the block/scattered messages
 * accept; base aligned to `align`.  Latches and returns the error. */
int dp_bind_buffer(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align, g7sf_dp_buffer *out);
/* The RENDER_SURFACE_STATE the message's BTI binds (binding table entry,
 * read and decoded once per change through the message layer's memo);
 * latches and returns the error. */
int dp_surface_state(g7sf_msg_ctx *c, const dp_msg_type *t, g7sf_render_surface_state *ss);
/* The stateless buffer: General State Base + M0.5[31:10] up to the General
 * State Access Upper Bound; latches and returns the error. */
int dp_stateless_buffer(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align, g7sf_dp_buffer *out);
/* Binds the BTI for an untyped or byte scattered message: SLM (254, on
 * the data cache ports), or the surface under `rules`; stateless refused.
 * Latches and returns the error. */
int dp_bind_untyped(g7sf_msg_ctx *c, const dp_msg_type *t, enum g7sf_dp_untyped_rules rules,
                    g7sf_dp_untyped *u);
/* Binds the BTI for a typed message (g7sf_dp_typed_from_surface with cap);
 * latches G7SF_ESTATE with the reason. */
int dp_bind_typed(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned cap, g7sf_dp_typed *ts);

/* mlen must be header + data_regs, rlen must be rlen_want. */
int dp_check_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs, unsigned rlen_want);
/* M0.2 Global Offset, or 0 without a header. */
uint32_t dp_global_offset(const g7sf_msg_ctx *c);
/* OWord channel mode: any enabled DWord of an OWord enables all four. */
uint32_t dp_oword_enable(uint32_t enable);
/* The EMask of `dwords` consecutive register DWords from DWord 0 of a
 * block of registers: EMask's low byte covers the even registers' DWords,
 * the high byte the odd ones' (§3.9.3, §3.9.10). */
uint32_t dp_block_emask(const g7sf_msg_ctx *c, unsigned first_dw, unsigned dwords);

/* Untyped: the slots a SIMD8 (n 8) or SIMD16 (n 16) message runs (the
 * execution mask AND the header's Pixel/Sample Mask M0.7[15:0]); SIMD4x2
 * slot s runs when any EMask bit of 4s..4s+3 is set (§3.9.9). */
uint32_t dp_untyped_mask(const g7sf_msg_ctx *c, unsigned n);
uint32_t dp_simd4x2_mask(const g7sf_msg_ctx *c);
/* Checks mlen for an address payload of U, or U and V, of `regs`
 * registers each followed by data_regs, and rlen; *params = 1 or 2. */
int dp_untyped_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned regs, unsigned data_regs,
                       unsigned rlen, unsigned *params);
/* Slot byte offsets from the address payload (the first data registers):
 * SIMD4x2 (n 2) U in DWord 4i, V in 4i + 1; SIMD8/16 the U registers,
 * then V's when params is 2. */
void dp_untyped_offsets(const g7sf_msg_ctx *c, const g7sf_dp_untyped *u, unsigned n,
                        unsigned params, uint64_t *offsets);

/* Typed: mlen = header + 1..4 address registers (U, V, R, LOD) + data_regs,
 * rlen = rlen_want; the address register count goes to *addr_regs. */
int dp_typed_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                     unsigned rlen_want, unsigned *addr_regs);
/* SIMD8 slots: EMask[7:0] AND the Slot Group's byte of M0.7[15:0]. */
uint32_t dp_typed_simd8_mask(const g7sf_msg_ctx *c, unsigned slot_group);

/* The message decoders, one per message type of the table. */
int dp_oword_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_unaligned_oword_block_read(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_oword_dual_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_dword_scattered(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_byte_scattered(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_media_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_scratch_block(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_memory_fence(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_untyped_surface(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_untyped_atomic(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_untyped_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_atomic_counter(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_atomic_counter_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_typed_surface(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_typed_atomic(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_typed_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_render_target_write(g7sf_msg_ctx *c, const dp_msg_type *t);

#endif
