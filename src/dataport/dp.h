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
/* In bounds: all `bytes` bytes at off inside the buffer and inside the
 * 4 GiB space; then *addr is their graphics address. */
bool dp_buffer_address(const g7sf_dp_buffer *buf, uint64_t off, unsigned bytes, uint32_t *addr);

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

/* Untyped Surface Read/Write, Untyped Atomic Operation, Atomic Counter
 * Operation (§3.9.9), Byte Scattered Read/Write (§3.9.8) and the shared
 * local memory they can address (§3.2.3). */
int dp_untyped_surface(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_untyped_atomic(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_untyped_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_atomic_counter(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_atomic_counter_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_byte_scattered(g7sf_msg_ctx *c, const dp_msg_type *t);

#define DP_SLM_SIZE 0x10000u
/* SLM bytes little-endian at off, each byte's address modulo 64 KiB. */
uint32_t dp_slm_load(const uint8_t *slm, uint32_t off, unsigned bytes);
void dp_slm_store(uint8_t *slm, uint32_t off, unsigned bytes, uint32_t v);

/* What an untyped or byte scattered message addresses: the SLM, or bytes
 * [0, buf.size) of memory from buf.base. */
typedef struct dp_untyped {
    uint8_t *slm;          /* non-NULL: BTI 254 */
    g7sf_dp_buffer buf;
    uint32_t pitch;        /* SURFTYPE_STRBUF: bytes per structure; else 0 */
} dp_untyped;
enum { DP_UNTYPED_RAW, DP_UNTYPED_BYTE };   /* dp_bind_untyped's surface rules */
/* Binds the BTI: SLM (254), a RAW BUFFER/STRBUF for the untyped messages,
 * a BUFFER with 4-byte elements for byte scattered; stateless refused.
 * Latches and returns the error. */
int dp_bind_untyped(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned rules, dp_untyped *u);
/* Byte offset of (U, V): U x pitch + V for structured buffers, else U. */
static inline uint64_t dp_untyped_offset(const dp_untyped *u, uint32_t U, uint32_t V)
{
    return u->pitch ? (uint64_t)U * u->pitch + V : U;
}
/* Slot i's byte offset from the address payload (the first data
 * registers): SIMD4x2 (n 2) U in DWord 4i, V in 4i + 1; SIMD8/16 the U
 * registers, then V's when params is 2.  The low two bits of a byte
 * address (raw U, structured V) are no address bits (DWord aligned, §3.9.9). */
uint64_t dp_untyped_slot_offset(const g7sf_msg_ctx *c, const dp_untyped *u, unsigned n,
                                unsigned params, unsigned i);
/* `bytes` (1, 2, 4 or 8) at off: false, and 0 in *v, when out of bounds. */
bool dp_untyped_load(g7sf_gpu *gpu, const dp_untyped *u, uint64_t off, unsigned bytes, uint64_t *v);
/* Dropped out of bounds; G7SF_ENOMEM when memory cannot grow, else 0. */
int dp_untyped_store(g7sf_gpu *gpu, const dp_untyped *u, uint64_t off, unsigned bytes, uint64_t v);
/* The slots a SIMD8 (n 8) or SIMD16 (n 16) untyped message runs: the
 * execution mask AND the header's Pixel/Sample Mask M0.7[15:0]. */
uint32_t dp_untyped_mask(const g7sf_msg_ctx *c, unsigned n);
/* SIMD4x2: slot s runs when any EMask bit of 4s..4s+3 is set (§3.9.9). */
uint32_t dp_simd4x2_mask(const g7sf_msg_ctx *c);
/* Checks mlen for an address payload of U, or U and V, of `regs`
 * registers each followed by data_regs, and rlen; *params = 1 or 2. */
int dp_untyped_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned regs, unsigned data_regs,
                       unsigned rlen, unsigned *params);

#endif
