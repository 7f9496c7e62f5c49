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
    int (*run)(g7sf_msg_ctx *c, const dp_msg_type *t);
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
 * when the state describes no valid surface.  SURFTYPE_NULL passes (s is
 * then meaningless): callers check the surface type and format their
 * message allows. */
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

/* Typed Surface Read/Write and Typed Atomic Operation (§3.9.9). */
/* The surface of a typed message, bound and checked once per message. */
typedef struct dp_typed {
    g7sf_surface s;                      /* levels: surface_min_lod + MIP Count + 1 */
    const struct g7sf_format_info *fmt;
    unsigned min_lod, mip_count;         /* LOD L is level min_lod + L, L <= mip_count */
    unsigned bytes;                      /* bytes per texel */
    bool null;                           /* SURFTYPE_NULL: every slot out of bounds */
    bool array;                          /* Surface Array */
    bool vstride;                        /* Vertical Line Stride: V counts rows 2V + offset */
    unsigned vstride_offset;
} dp_typed;
/* Binds the BTI's surface for a typed message: the types §3.9.9 allows
 * (1D, 2D, 3D, BUFFER, and NULL), single-sampled, with a format that has
 * `cap` (G7SF_CAP_TYPED_READ / _WRITE) on this platform, or with cap 0 the
 * atomics' R32_UINT / R32_SINT.  Latches G7SF_ESTATE with a reason. */
int dp_typed_bind(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned cap, dp_typed *ts);
/* mlen = header + 1..4 address registers (U, V, R, LOD) + data_regs, rlen
 * = rlen_want; the address register count goes to *addr_regs. */
int dp_typed_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                     unsigned rlen_want, unsigned *addr_regs);
/* SIMD8 slots: EMask[7:0] AND the Slot Group's byte of M0.7[15:0]. */
uint32_t dp_typed_simd8_mask(const g7sf_msg_ctx *c, unsigned slot_group);
/* Address of the texel at U, V, R, LOD (uvrl); false when out of bounds. */
bool dp_typed_address(const dp_typed *ts, const uint32_t uvrl[4], uint32_t *addr);
/* Where a slot's parameters sit: parameter p of slot i is dword
 * i * stride + p * dw_step of data register first + p * reg_step.  SIMD8:
 * a register per parameter; SIMD4x2: a register, four dwords per slot. */
typedef struct dp_typed_layout { unsigned slots, stride, reg_step, dw_step; } dp_typed_layout;
extern const dp_typed_layout dp_typed_simd8, dp_typed_simd4x2;
static inline uint32_t dp_typed_param(const g7sf_msg_ctx *c, const dp_typed_layout *l,
                                      unsigned first, unsigned i, unsigned p)
{
    return g7sf_msg_data(c, first + p * l->reg_step)->ud[i * l->stride + p * l->dw_step];
}
/* U, V, R, LOD of slot i from the address payload's first n parameters
 * (absent ones are 0). */
void dp_typed_uvrl(const g7sf_msg_ctx *c, const dp_typed_layout *l, unsigned n, unsigned i,
                   uint32_t uvrl[4]);

int dp_typed_surface(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_typed_atomic(g7sf_msg_ctx *c, const dp_msg_type *t);
int dp_typed_atomic_simd4x2(g7sf_msg_ctx *c, const dp_msg_type *t);

/* ---- Render Target Write (§3.9.11): rt_write.c (payload, slots, pixels),
 * rt_coverage.c (alpha test, alpha to coverage/one), rt_msaa.c (MCS) ---- */
int dp_render_target_write(g7sf_msg_ctx *c, const dp_msg_type *t);

/* BLEND_STATE entry's alpha test, alpha to coverage and alpha to one with
 * COLOR_CALC_STATE's reference, resolved once per message. */
typedef struct rt_coverage {
    unsigned samples;            /* the render target's: 1, 4 or 8 */
    bool alpha_test, alpha_to_coverage, alpha_to_one;
    unsigned alpha_test_func;    /* COMPAREFUNCTION_* */
    bool ref_float;              /* Alpha Test Format FLOAT32 */
    float ref_f;
    uint32_t ref_unorm8;
} rt_coverage;
void rt_coverage_prepare(rt_coverage *cv, const g7sf_blend_state *bs, unsigned rt,
                         const g7sf_color_calc_state *cc, unsigned samples);
/* The samples (bit n: sample n) that alpha (source 0 alpha, or the
 * colour's) lets through: none when the alpha test fails, the first
 * round(alpha * samples) with alpha to coverage, else all. */
uint32_t rt_coverage_mask(const rt_coverage *cv, float alpha);

/* Before samples of pixel (x, y) of `slice` of a multisampled surface with
 * an MCS are written: makes the pixel's MCS the identity (sample n in slice
 * n), first moving each sample's value (or the clear colour) to its own
 * slice, so that the sampler's ld_mcs/ld2dms read what is written next.
 * clear_unit: the surface's Clear Color encoded in one texel. */
int rt_mcs_identity(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y,
                    uint32_t slice, unsigned lod, const uint8_t *clear_unit, unsigned unit_bytes);

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
