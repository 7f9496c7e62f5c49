/* Internal: what the data port's functions share.  The messages that run
 * them live in src/msg (dp_msg.h); nothing here sees a register. */
#ifndef G7SF_DATAPORT_DP_H
#define G7SF_DATAPORT_DP_H

#include "gen7sf/dataport.h"
#include "gen7sf/render_cache.h"

/* In bounds: all `bytes` bytes at off inside the buffer and inside the
 * 4 GiB space; then *addr is their graphics address. */
static inline bool dp_buffer_address(const g7sf_dp_buffer *buf, uint64_t off, unsigned bytes,
                                     uint32_t *addr)
{
    uint64_t a = (uint64_t)buf->base + off;
    if (off > buf->size || buf->size - off < bytes || a > 0x100000000ull - bytes)
        return false;
    *addr = (uint32_t)a;
    return true;
}

/* The host bytes of an in-bounds access of an untyped target that lies in
 * one existing page (g7sf_mem_span), else NULL: the caller then takes the
 * general path (SLM, bounds, unwritten pages). */
uint8_t *dp_untyped_span(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned bytes);

/* SLM bytes little-endian at off, each byte's address modulo 64 KiB. */
uint32_t dp_slm_load(const uint8_t *slm, uint32_t off, unsigned bytes);
void dp_slm_store(uint8_t *slm, uint32_t off, unsigned bytes, uint32_t v);

/* `bytes` (1, 2, 4 or 8) of an untyped target at off: false, and 0 in *v,
 * when out of bounds. */
bool dp_untyped_load(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned bytes,
                     uint64_t *v);
/* Dropped out of bounds; G7SF_ENOMEM when memory cannot grow, else 0. */
int dp_untyped_store(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned bytes,
                     uint64_t v);

/* The 32-bit operations AND..PREDEC on old: returns the new value and
 * stores the one the operation returns (old; the new one for PREDEC) in
 * *ret. */
uint32_t dp_aop32(unsigned aop, uint32_t old, uint32_t src0, uint32_t src1, uint32_t *ret);

/* ---- Render target write: rt_coverage.c (alpha test, alpha to
 * coverage/one) and rt_msaa.c (MCS) ---- */

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

#endif
