/* Internal: what the data port's functions share.  The messages that run
 * them live in src/msg (dp_msg.h); nothing here sees a register. */
#ifndef G7SF_DATAPORT_DP_H
#define G7SF_DATAPORT_DP_H

#include "core/memory.h"
#include "gen7sf/dataport.h"
#include "gen7sf/render_cache.h"

/* In bounds: all `bytes` bytes at off inside the buffer and inside the
 * 4 GiB space; then *addr is their graphics address.  An offset past 4 GiB
 * is out before base + off is formed, so that a buffer sized near 2^64
 * cannot wrap it back to a low address. */
static inline bool dp_buffer_address(const g7sf_dp_buffer *buf, uint64_t off, unsigned bytes,
                                     uint32_t *addr)
{
    if (off > buf->size || buf->size - off < bytes || off > 0x100000000ull)
        return false;
    uint64_t a = (uint64_t)buf->base + off;
    if (a > 0x100000000ull - bytes)
        return false;
    *addr = (uint32_t)a;
    return true;
}

/* The same test for many offsets at once: off is in bounds for `bytes`
 * exactly when off < dp_buffer_limit(buf, bytes) (0: no offset is). */
static inline uint64_t dp_buffer_limit(const g7sf_dp_buffer *buf, unsigned bytes)
{
    uint64_t room = 0x100000000ull - buf->base;   /* bytes from base to the end of the space */
    uint64_t end = buf->size < room ? buf->size : room;
    return end >= bytes ? end - bytes + 1 : 0;
}

/* The lanes of an n-slot operation (n <= 32). */
static inline uint32_t dp_lanes(unsigned n) { return n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1; }

/* Every slot of an n-DWord block enabled and the whole block in bounds:
 * one memory access at *addr. */
static inline bool dp_whole_block(const g7sf_dp_buffer *buf, uint64_t offset, unsigned n,
                                  uint32_t enable, uint32_t *addr)
{
    uint32_t all = dp_lanes(n);
    return n && (enable & all) == all && dp_buffer_address(buf, offset, 4 * n, addr);
}

/* The host bytes of such a block when they lie in one existing page, else
 * NULL (g7sf_dp_block_read / _write then take their general path): what
 * the block messages try first, inline. */
static inline uint8_t *dp_block_host(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset,
                                     unsigned n, uint32_t enable)
{
    uint32_t a;
    return dp_whole_block(buf, offset, n, enable, &a) ? g7sf_mem_span(gpu, a, 4 * n) : NULL;
}

/* The offsets whose `bytes` lie in the buffer (below lim, its
 * dp_buffer_limit) and in the one existing page that holds offset `first`:
 * offset o is in the window when o - lo < len (one unsigned compare for
 * bounds and page), and its bytes are then at host + (o - lo).  len 0
 * when `first` is out of bounds, across pages or in a page never written:
 * every lane then takes the general path. */
typedef struct dp_window {
    uint64_t lo, len;
    uint8_t *host;
} dp_window;

static inline dp_window dp_window_at(const g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t lim,
                                     uint64_t first, unsigned bytes)
{
    dp_window w = { 0, 0, NULL };
    if (first >= lim)
        return w;
    uint32_t a = buf->base + (uint32_t)first, page = a & ~(G7SF_PAGE_SIZE - 1);
    uint8_t *p = g7sf_mem_page(gpu, a);
    if (!p)
        return w;
    /* [lo, hi): from the page's first byte (or the buffer's) to the last
     * offset whose bytes end in the page, and below lim */
    uint64_t lo = page > buf->base ? page - buf->base : 0;
    int64_t end = (int64_t)page + G7SF_PAGE_SIZE - bytes + 1 - buf->base;
    uint64_t hi = end < 0 ? 0 : (uint64_t)end < lim ? (uint64_t)end : lim;
    if (hi > lo)
        w = (dp_window){ lo, hi - lo, p + (buf->base + lo - page) };
    return w;
}

/* The host bytes of the `bytes` at off, in bounds (off < lim) and in one
 * existing page, else NULL.  When off is outside *w, the window moves to
 * off's page (a message whose lanes cross into another page, or whose
 * first lane is elsewhere, then goes on there). */
static inline uint8_t *dp_window_host(const g7sf_gpu *gpu, const g7sf_dp_buffer *buf,
                                      uint64_t lim, dp_window *w, uint64_t off, unsigned bytes)
{
    uint64_t d = off - w->lo;
    if (d < w->len)
        return w->host + d;
    dp_window m = dp_window_at(gpu, buf, lim, off, bytes);
    if (off - m.lo >= m.len)
        return NULL;
    *w = m;
    return m.host + (off - m.lo);
}

/* Lanes i..i+3 (i + 4 <= n) all enabled and in the window: *d gets their
 * offsets in it. */
static inline bool dp_quad_in_window(const uint64_t *offsets, size_t i, uint32_t lanes,
                                     dp_window w, uint64_t d[4])
{
    if ((lanes >> i & 0xF) != 0xF)
        return false;
    for (unsigned k = 0; k < 4; k++)
        d[k] = offsets[i + k] - w.lo;
    return (d[0] < w.len) & (d[1] < w.len) & (d[2] < w.len) & (d[3] < w.len);
}

/* The untyped functions' argument check (G7SF_EINVAL when true). */
static inline bool dp_untyped_bad_args(const g7sf_gpu *gpu, const g7sf_dp_untyped *u,
                                       const uint64_t *offsets, unsigned n, const void *data)
{
    return !gpu || !u || n > 32 || (n && (!offsets || !data));
}

/* An untyped element's bytes up to the last channel taken. */
static inline unsigned dp_channel_span(unsigned channels)
{
    return channels ? 4 * (32 - (unsigned)__builtin_clz(channels)) : 0;
}

/* Lane i of an untyped read or write through the general checks (the
 * reference's step): the whole element in one page at once, else channel
 * by channel, each in bounds or not on its own.  data as in
 * g7sf_dp_untyped_read; the write returns G7SF_ENOMEM or 0. */
void dp_untyped_read_lane(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned i,
                          unsigned n, unsigned channels, uint32_t *data);
int dp_untyped_write_lane(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned i,
                          unsigned n, unsigned channels, const uint32_t *data);

/* The reference (one lane at a time through the general checks) of
 * g7sf_dp_gather / _scatter / _untyped_read / _untyped_write, which take
 * the same arguments and must give bit-identical results
 * (tests/test_dp_lanes_fast.c). */
int dp_gather_ref(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets, unsigned n,
                  uint32_t enable, uint32_t *dst);
int dp_scatter_ref(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                   unsigned n, uint32_t enable, const uint32_t *src);
int dp_untyped_read_ref(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                        unsigned n, uint32_t enable, unsigned channels, uint32_t *data);
int dp_untyped_write_ref(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                         unsigned n, uint32_t enable, unsigned channels, const uint32_t *data);

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

/* Render target writes to an MSAA index-compressed surface (rt_msaa_cache.c,
 * gen7sf/msaa_compress.h): rt_msaa_active says whether rt is one (the gpu's
 * G7SF_EXT_MSAA_INDEX and the surface's bit); rt_msaa_begin/end hold the
 * render cache's lock around a message's pixels; rt_msaa_write_pixel
 * writes the samples `cover` of (x, y) into the cached tile (filled from
 * memory first, the least recently used tile written back to make room).
 * G7SF_ESTATE with a reason in *why for a garbage control byte or index
 * bits; G7SF_ENOMEM; memory errors. */
struct rt_color;
bool rt_msaa_active(const g7sf_gpu *gpu, const g7sf_rt_target *rt);
int rt_msaa_begin(g7sf_gpu *gpu);
void rt_msaa_end(g7sf_gpu *gpu);
int rt_msaa_write_pixel(g7sf_gpu *gpu, const g7sf_rt_target *rt, const struct rt_color *rc,
                        uint32_t x, uint32_t y, uint32_t cover, const g7sf_texel *src0,
                        const g7sf_texel *src1, const char **why);

#endif
