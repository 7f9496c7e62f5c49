/* Internal: the data port's messages (§3.9): the message table and what
 * their decoders share.  Each decoder turns descriptor, header and payload
 * into plain values and runs the function level (gen7sf/dataport.h,
 * gen7sf/render_cache.h), then lays its results out in the writeback. */
#ifndef G7SF_MSG_DP_MSG_H
#define G7SF_MSG_DP_MSG_H

#include "gen7sf/dataport.h"
#include "gen7sf/iecp.h"
#include "gen7sf/render_cache.h"
#include "gen7sf/surface.h"
#include "bind_cache.h"
#include "desc.h"
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
int dp_bind_buffer_full(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align,
                        g7sf_dp_buffer *out);
/* (inline: a surface whose decode is cached costs a few compares) */
static inline int dp_bind_buffer(g7sf_msg_ctx *c, const dp_msg_type *t, uint32_t align,
                                 g7sf_dp_buffer *out)
{
    unsigned bti = desc_get(c->fc, DESC_BTI);
    const g7sf_dp_buffer *hit = bti < DP_BTI_SLM ? g7sf_msg_bind_peek(c, bti, BIND_DP_BUFFER,
                                                                      &align, 1) : NULL;
    if (hit) {
        *out = *hit;
        return 0;
    }
    return dp_bind_buffer_full(c, t, align, out);
}
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

/* dp_check_lengths when they are wrong: latches which one. */
int dp_lengths_fail(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                    unsigned rlen_want);
/* mlen must be header + data_regs, rlen must be rlen_want (inline: every
 * message asks). */
static inline int dp_check_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                                   unsigned rlen_want)
{
    if (c->mlen == data_regs + (c->header ? 1u : 0u) && c->rlen == rlen_want)
        return 0;
    return dp_lengths_fail(c, t, data_regs, rlen_want);
}
/* M0.2 Global Offset, or 0 without a header. */
static inline uint32_t dp_global_offset(const g7sf_msg_ctx *c)
{
    return c->header ? c->msg->payload[0].ud[2] : 0;
}
/* OWord channel mode: any enabled DWord of an OWord enables all four. */
static inline uint32_t dp_oword_enable(uint32_t enable)
{
    /* bit 0 of each nibble: any of its four bits; then the nibble filled */
    uint32_t any = (enable | enable >> 1 | enable >> 2 | enable >> 3) & 0x11111111u;
    return any * 0xF;
}
/* The EMask of `dwords` consecutive register DWords from DWord 0 of a
 * block of registers: EMask's low byte covers the even registers' DWords,
 * the high byte the odd ones' (§3.9.3, §3.9.10). */
static inline uint32_t dp_block_emask(const g7sf_msg_ctx *c, unsigned first_dw, unsigned dwords)
{
    /* register k's DWords take the EMask byte k & 1: the 16-bit mask
     * repeated covers registers 0..3, from first_dw on */
    uint64_t m = c->msg->exec_mask & 0xFFFF;
    uint64_t all = (m | m << 16) | (m | m << 16) << 32;
    uint32_t enable = (uint32_t)(all >> first_dw);
    return dwords >= 32 ? enable : enable & ((1u << dwords) - 1);
}

/* Untyped: the slots a SIMD8 (n 8) or SIMD16 (n 16) message runs (the
 * execution mask AND the header's Pixel/Sample Mask M0.7[15:0]); SIMD4x2
 * slot s runs when any EMask bit of 4s..4s+3 is set (§3.9.9). */
uint32_t dp_untyped_mask(const g7sf_msg_ctx *c, unsigned n);
uint32_t dp_simd4x2_mask(const g7sf_msg_ctx *c);
/* SIMD4x2 data: the register holds slot s channel k in DWord 4s + k; the
 * surface functions take the j-th enabled channel of slot s at data[2j + s].
 * pack: the message's data register (`in`) to data; unpack: data to the
 * writeback register (`out`) for the slots on, other DWords untouched. */
void dp_simd4x2_pack(const uint32_t *in, unsigned channels, uint32_t data[8]);
void dp_simd4x2_unpack(const uint32_t data[8], unsigned channels, uint32_t slots, uint32_t *out);
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

/* Colour processing of a Media Block Write (dp_iecp.c): whether the
 * surface is one it writes (0, or an error latched; the caller sends
 * R16_UNORM, NV12, to dp_iecp_nv12_surface instead), and the w x h bytes of write data at
 * `data` (rows `pitch` apart) run through the pipe in place. */
int dp_iecp_surface(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_surface_state *ss);
int dp_iecp_write_data(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned w, unsigned h,
                       unsigned pitch, uint8_t *data);
/* A block's pixels after the pipe: row r's pixel i at px[r * per_row + i]
 * (12 bits a channel), the state read and the Message Format (M0.3 3:2).
 * The header's rules keep a block within 256 bytes, 128 pixels. */
#define DP_IECP_MAX_PIXELS 128
typedef struct dp_iecp_block {
    g7sf_color_processing_state s;
    unsigned format, per_row;
    g7sf_iecp_pixel px[DP_IECP_MAX_PIXELS];
} dp_iecp_block;
/* Reads the COLOR_PROCESSING_STATE M0.3 points at, unpacks the w x h
 * bytes at data, runs them through the pipe (each pair in 4:2:2 or 4:4:4
 * mode: dp_iecp_444_pairs) and adds the statistics to the gpu's.  0, or
 * the error latched. */
int dp_iecp_run_block(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned w, unsigned h,
                      unsigned pitch, const uint8_t *data, dp_iecp_block *b);
/* The auto UV detection of 4:4:4 input (lines 6100-6116): bit k set when
 * pixels 2k, 2k + 1 of the row `top` and of the row below it (`bottom`,
 * NULL for a last row without a partner) run as a 4:2:2 pair: their U and
 * V MSB 8 bits (12-bit >> 4) equal in both rows, or Forced 422 for 444;
 * none with Forced 444 for 444 (which outranks it).  n pixels a row, the
 * last one alone when n is odd; pairs past the 64th pixel are 4:4:4. */
unsigned dp_iecp_444_pairs(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *top,
                           const g7sf_iecp_pixel *bottom, unsigned n);
/* 12 bits to 8, rounded half up and saturated: the 8-bit outputs' one
 * conversion (the message formats' and NV12's). */
static inline unsigned dp_iecp_to8(unsigned v)
{
    v = (v + 8) >> 4;
    return v > 255 ? 255 : v;
}
/* NV12 output (dp_iecp_nv12.c, lines 8651-8670, RENDER_SURFACE_STATE
 * Width ~2240 and DW6): the surface state's restrictions (G7SF_ESTATE),
 * and the write of the w x h message bytes at (x, y) (message bytes,
 * rows) into the Y plane of m and the UV plane the state's DW6 places
 * (the message's restrictions: G7SF_EPAYLOAD).  Errors latched. */
int dp_iecp_nv12_surface(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_surface_state *ss);
int dp_iecp_nv12_write(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_surface_state *ss,
                       const g7sf_dp_media_surface *m, int64_t x, int64_t y, unsigned w,
                       unsigned h, unsigned pitch, const uint8_t *data);
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
