/* The Data Port at function level (§3): every operation its messages run,
 * on decoded state and plain C values, without messages or registers.
 * g7sf_send() decodes a message and calls these; a C user with decoded
 * state can call them directly.
 *
 * Common rules: slot i of an n-slot operation (n <= 32) takes part when
 * bit i of `enable` is set; slots run in ascending order (with equal
 * addresses the highest slot's write wins, and atomics see each other's
 * results); an access outside the target reads 0 and is never written.
 * Results: 0, G7SF_EINVAL (NULL pointers, n > 32, a bad aop or size),
 * G7SF_ENOMEM (graphics memory could not grow). */
#ifndef GEN7SF_DATAPORT_H
#define GEN7SF_DATAPORT_H

#include "format.h"
#include "gen7sf.h"
#include "state.h"
#include "surface.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Buffers: OWord block, DWord scattered and scratch messages ---- */

/* A buffer as the block and scattered messages see it: bytes [0, size)
 * from graphics address base.  Every DWord access is checked whole. */
typedef struct g7sf_dp_buffer {
    uint32_t base;
    uint64_t size;
} g7sf_dp_buffer;

/* The buffer a RENDER_SURFACE_STATE describes for the OWord/DWord messages
 * (§3.9.3-3.9.7): SURFTYPE_BUFFER, untiled, base aligned to `align` bytes;
 * size = entries x 16 bytes, or x 1 byte for Surface Format RAW.
 * SURFTYPE_NULL gives an empty buffer.  G7SF_ESTATE for anything else. */
G7SF_API int g7sf_dp_buffer_from_surface(const g7sf_render_surface_state *ss, uint32_t align,
                                         g7sf_dp_buffer *out);

/* DWord gather/scatter at byte offsets into a buffer.  Gather leaves the
 * disabled slots of dst untouched. */
G7SF_API int g7sf_dp_gather(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                            unsigned n, uint32_t enable, uint32_t *dst);
G7SF_API int g7sf_dp_scatter(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                             unsigned n, uint32_t enable, const uint32_t *src);
/* n consecutive DWords from byte `offset` (slot i at offset + 4i): the
 * same as gather/scatter with those offsets, in one pass. */
G7SF_API int g7sf_dp_block_read(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset,
                                unsigned n, uint32_t enable, uint32_t *dst);
G7SF_API int g7sf_dp_block_write(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset,
                                 unsigned n, uint32_t enable, const uint32_t *src);

/* ---- Untyped surfaces, byte scattered, SLM (§3.9.8, §3.9.9, §3.2.3) ---- */

#define G7SF_SLM_SIZE 0x10000u

/* What an untyped or byte scattered access addresses. */
typedef struct g7sf_dp_untyped {
    uint8_t *slm;          /* non-NULL: G7SF_SLM_SIZE bytes of shared local memory,
                            * no bounds: offsets wrap byte by byte */
    g7sf_dp_buffer buf;    /* else bytes [0, buf.size) from buf.base */
    uint32_t pitch;        /* a structured buffer's bytes per structure; 0 otherwise */
} g7sf_dp_untyped;

/* Which surfaces g7sf_dp_untyped_from_surface accepts: the untyped
 * messages take RAW SURFTYPE_BUFFER (sizes in bytes) and SURFTYPE_STRBUF
 * (entries x pitch); byte scattered takes SURFTYPE_BUFFER of 4-byte
 * elements (RAW: bytes).  Both: untiled, DWord aligned base; SURFTYPE_NULL
 * gives an empty target.  G7SF_ESTATE for anything else. */
enum g7sf_dp_untyped_rules { G7SF_DP_UNTYPED_RAW, G7SF_DP_UNTYPED_BYTE };
G7SF_API int g7sf_dp_untyped_from_surface(const g7sf_render_surface_state *ss,
                                          enum g7sf_dp_untyped_rules rules, g7sf_dp_untyped *out);

/* The append counter of a buffer (Atomic Counter Operation, 3.9.9.7): the
 * DWord at RENDER_SURFACE_STATE's Append Counter Address, as an untyped
 * target of 4 bytes at offset 0 (empty when the counter is disabled, so
 * every access is out of bounds).  G7SF_ESTATE unless SURFTYPE_BUFFER or
 * STRBUF. */
G7SF_API int g7sf_dp_append_counter_from_surface(const g7sf_render_surface_state *ss,
                                                 g7sf_dp_untyped *out);

/* The byte offset of element (U, V): U x pitch + V in a structured buffer,
 * else U; the low two bits of a byte address (U raw, V structured) are no
 * address bits (untyped accesses are DWord aligned, §3.9.9). */
G7SF_API uint64_t g7sf_dp_untyped_offset(const g7sf_dp_untyped *u, uint32_t U, uint32_t V);
/* The same for n slots at once: offsets[i] of (U[i], V[i]); V NULL
 * stands for V = 0 in every slot. */
G7SF_API void g7sf_dp_untyped_offsets(const g7sf_dp_untyped *u, const uint32_t *U,
                                      const uint32_t *V, unsigned n, uint64_t *offsets);

/* Up to four DWord channels per slot: channel k (R, G, B, A) of slot i is
 * the DWord at offsets[i] + 4k, taken when bit k of `channels` is set.
 * data holds the taken channels packed: the j-th taken channel of slot i
 * is data[j * n + i].  A read leaves the disabled slots' data untouched. */
G7SF_API int g7sf_dp_untyped_read(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                                  unsigned n, uint32_t enable, unsigned channels, uint32_t *data);
G7SF_API int g7sf_dp_untyped_write(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                                   unsigned n, uint32_t enable, unsigned channels,
                                   const uint32_t *data);

/* `bytes` (1, 2 or 4) little-endian bytes at any byte offset: a gather
 * replaces the low bytes of data[i] and keeps the rest, a scatter stores
 * the low bytes of data[i]. */
G7SF_API int g7sf_dp_byte_gather(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                                 unsigned n, uint32_t enable, unsigned bytes, uint32_t *data);
G7SF_API int g7sf_dp_byte_scatter(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                                  unsigned n, uint32_t enable, unsigned bytes,
                                  const uint32_t *data);

/* ---- Atomic operations (§3.9.9) ---- */

/* Atomic Operation Type desc[11:8].  CMPWR8B (64-bit compare and write)
 * exists on untyped buffers only; it is reserved elsewhere. */
enum g7sf_dp_aop {
    G7SF_AOP_CMPWR8B, G7SF_AOP_AND, G7SF_AOP_OR, G7SF_AOP_XOR, G7SF_AOP_MOV, G7SF_AOP_INC,
    G7SF_AOP_DEC, G7SF_AOP_ADD, G7SF_AOP_SUB, G7SF_AOP_REVSUB, G7SF_AOP_IMAX, G7SF_AOP_IMIN,
    G7SF_AOP_UMAX, G7SF_AOP_UMIN, G7SF_AOP_CMPWR, G7SF_AOP_PREDEC
};
/* The sources an operation takes: 0 (INC, DEC, PREDEC), 2 (CMPWR,
 * CMPWR8B) or 1. */
G7SF_API unsigned g7sf_dp_aop_sources(enum g7sf_dp_aop aop);

/* One read-modify-write per enabled slot of the DWord (CMPWR8B: QWord) at
 * offsets[i], with sources src0[i], src1[i] (read only as the operation
 * needs; CMPWR8B's are 64-bit, the others' low 32 bits).  ret (may be
 * NULL) gets the value each slot returns: the old value (PREDEC: the new
 * one), 0 out of bounds.  All slots run under the gpu's atomic lock, so no
 * other atomic operation comes between a slot's read and write.  CMPWR8B
 * on SLM: G7SF_EINVAL. */
G7SF_API int g7sf_dp_untyped_atomic(g7sf_gpu *gpu, const g7sf_dp_untyped *u, enum g7sf_dp_aop aop,
                                    const uint64_t *offsets, unsigned n, uint32_t enable,
                                    const uint64_t *src0, const uint64_t *src1, uint64_t *ret);

/* ---- Typed surfaces (§3.9.9) ---- */

/* A surface as the typed messages access it. */
typedef struct g7sf_dp_typed {
    g7sf_surface s;                      /* levels: surface_min_lod + MIP Count + 1 */
    const struct g7sf_format_info *fmt;
    unsigned min_lod, mip_count;         /* LOD L is level min_lod + L, L <= mip_count */
    unsigned bytes;                      /* bytes per texel */
    bool null;                           /* SURFTYPE_NULL: every slot out of bounds */
    bool array;                          /* Surface Array */
    bool vstride;                        /* Vertical Line Stride: V counts rows 2V + offset */
    unsigned vstride_offset;
} g7sf_dp_typed;

/* The surface of ss for typed access on platform p: 1D, 2D, 3D, BUFFER or
 * NULL, single-sampled, with a format that has `cap` (G7SF_CAP_TYPED_READ
 * or _WRITE), or with cap 0 the atomics' R32_UINT / R32_SINT.  G7SF_ESTATE
 * with a one-line reason in *why (may be NULL) otherwise. */
G7SF_API int g7sf_dp_typed_from_surface(const g7sf_render_surface_state *ss, enum g7sf_platform p,
                                        unsigned cap, g7sf_dp_typed *out, const char **why);

/* Texel address of slot (U, V, R, LOD) = uvrl: the parameters each surface
 * type takes (1D: U, array slice V; 2D: U, V, slice R; 3D: U, V, R;
 * BUFFER: U).  False when out of bounds. */
G7SF_API bool g7sf_dp_typed_address(const g7sf_dp_typed *ts, const uint32_t uvrl[4],
                                    uint32_t *addr);

/* Typed reads and writes of slot i's texel at uvrl[i]: channels as in
 * g7sf_dp_untyped_read (the j-th taken channel of slot i in data[j * n +
 * i]), converted by the surface format (U32 for UINT, S32 for SINT, float
 * otherwise).  A write keeps the bits of the channels not taken.  Out of
 * bounds, a read returns 0 in every channel. */
G7SF_API int g7sf_dp_typed_read(g7sf_gpu *gpu, const g7sf_dp_typed *ts, const uint32_t (*uvrl)[4],
                                unsigned n, uint32_t enable, unsigned channels, uint32_t *data);
G7SF_API int g7sf_dp_typed_write(g7sf_gpu *gpu, const g7sf_dp_typed *ts, const uint32_t (*uvrl)[4],
                                 unsigned n, uint32_t enable, unsigned channels,
                                 const uint32_t *data);

/* g7sf_dp_untyped_atomic on the 32-bit texels at uvrl[i] of an R32_UINT /
 * R32_SINT surface.  CMPWR8B: G7SF_EINVAL. */
G7SF_API int g7sf_dp_typed_atomic(g7sf_gpu *gpu, const g7sf_dp_typed *ts, enum g7sf_dp_aop aop,
                                  const uint32_t (*uvrl)[4], unsigned n, uint32_t enable,
                                  const uint32_t *src0, const uint32_t *src1, uint32_t *ret);

/* ---- Media block (§3.9.6) ---- */

/* A 2D surface as the media block messages see it: bytes per row, the
 * field arithmetic of Vertical Line Stride and the Media Boundary Pixel
 * Mode rows of §3.6.2. */
typedef struct g7sf_dp_media_surface {
    g7sf_surface s;
    uint32_t row_bytes;      /* width in bytes */
    unsigned bpp;            /* bytes per pixel */
    int y_byte;              /* YCRCB: byte of Y inside each pixel (0 or 1); -1 otherwise */
    unsigned stride, offset; /* Vertical Line Stride / Offset in effect */
    uint32_t frame_rows;     /* rows in memory */
    uint32_t rows;           /* rows an access sees (the field's when stride = 1) */
    unsigned mode;           /* Media Boundary Pixel Mode: 0, 2 (progressive) or 3 (interlaced) */
    bool null;               /* SURFTYPE_NULL: reads 0, writes dropped */
} g7sf_dp_media_surface;

/* The surface ss describes, with Vertical Line Stride and its offset
 * taken from the state (field < 0) or overridden (field 0 or 1: stride,
 * with field_offset).  G7SF_ESTATE with a reason in *why (may be NULL)
 * for what §3.9.6 forbids. */
G7SF_API int g7sf_dp_media_surface_from_state(const g7sf_render_surface_state *ss, int field,
                                              unsigned field_offset, g7sf_dp_media_surface *out,
                                              const char **why);

/* A w x h byte rectangle at byte column x, row y (signed; row in the field
 * when the stride is on), w <= 32 bytes.  A read fills dst (row r at dst +
 * r * dst_pitch) and replicates the edge pixels outside the surface as
 * §3.6.2 says; a write stores the in-bounds bytes of the DWords whose bit
 * d is set in row_mask[r] (NULL: all), x and w DWord-aligned.
 * G7SF_EINVAL for x, w not in whole pixels (pairs for YCRCB). */
G7SF_API int g7sf_dp_media_block_read(g7sf_gpu *gpu, const g7sf_dp_media_surface *m, int64_t x,
                                      int64_t y, unsigned w, unsigned h, uint8_t *dst,
                                      size_t dst_pitch);
G7SF_API int g7sf_dp_media_block_write(g7sf_gpu *gpu, const g7sf_dp_media_surface *m, int64_t x,
                                       int64_t y, unsigned w, unsigned h, const uint8_t *src,
                                       size_t src_pitch, const uint8_t *row_mask);

/* ---- Colour processing statistics (§3.6.1) ---- */

#ifdef __cplusplus
}
#endif
#endif
