/* Buffers for the data port's block and scattered messages: from state, and
 * the DWord gather/scatter every such message reduces to. */
#include <string.h>

#include "core/memory.h"
#include "dp.h"

int g7sf_dp_buffer_from_surface(const g7sf_render_surface_state *ss, uint32_t align,
                                g7sf_dp_buffer *out)
{
    if (ss->surface_type == G7SF_SURFTYPE_NULL) {
        *out = (g7sf_dp_buffer){ 0, 0 };
        return 0;
    }
    if (ss->surface_type != G7SF_SURFTYPE_BUFFER || ss->tiled_surface ||
        (ss->surface_base_address & (align - 1)))
        return G7SF_ESTATE;
    bool raw = ss->surface_format == G7SF_FORMAT_RAW;
    uint64_t entries = g7sf_buffer_entries(ss->width, ss->height, ss->depth, raw);
    *out = (g7sf_dp_buffer){ ss->surface_base_address, entries * (raw ? 1 : 16) };
    return 0;
}

/* The lane-by-lane reference: every lane through dp_buffer_address and
 * g7sf_mem_span, else g7sf_mem_read / _write (zeros from pages never
 * written; allocation for writes). */
int dp_gather_ref(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets, unsigned n,
                  uint32_t enable, uint32_t *dst)
{
    if (!gpu || !buf || n > 32 || (n && (!offsets || !dst)))
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++) {
        uint32_t a;
        if (!(enable >> i & 1))
            continue;
        if (!dp_buffer_address(buf, offsets[i], 4, &a)) {
            dst[i] = 0;
            continue;
        }
        const uint8_t *p = g7sf_mem_span(gpu, a, 4);
        if (p)
            memcpy(&dst[i], p, 4);
        else
            g7sf_mem_read(gpu, a, &dst[i], 4);   /* cannot fail: inside 4 GiB */
    }
    return 0;
}

int dp_scatter_ref(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                   unsigned n, uint32_t enable, const uint32_t *src)
{
    if (!gpu || !buf || n > 32 || (n && (!offsets || !src)))
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++) {
        uint32_t a;
        if (!(enable >> i & 1) || !dp_buffer_address(buf, offsets[i], 4, &a))
            continue;
        uint8_t *p = g7sf_mem_span(gpu, a, 4);
        int r = 0;
        if (p)
            memcpy(p, &src[i], 4);
        else
            r = g7sf_mem_write(gpu, a, &src[i], 4);
        if (r)
            return r;
    }
    return 0;
}

/* The same, with one compare per lane for bounds and page: the window of
 * a page (dp_window_at, first the first enabled lane's) holds the lanes of
 * a common message, four at a time; a lane outside it moves it to its own
 * page (dp_window_host).  What no page holds whole (a page never written,
 * a DWord across two pages) goes through g7sf_mem_read / _write as in the
 * reference.  Enabled lanes run in ascending order, so the highest of
 * equal addresses writes last. */
int g7sf_dp_gather(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                   unsigned n, uint32_t enable, uint32_t *dst)
{
    if (!gpu || !buf || n > 32 || (n && (!offsets || !dst)))
        return G7SF_EINVAL;
    uint32_t lanes = enable & dp_lanes(n);
    if (!lanes)
        return 0;
    uint64_t lim = dp_buffer_limit(buf, 4), q[4];
    dp_window w = dp_window_at(gpu, buf, lim, offsets[__builtin_ctz(lanes)], 4);
    for (size_t i = 0; i < n;) {
        if (i + 4 <= n && dp_quad_in_window(offsets, i, lanes, w, q)) {
            for (unsigned k = 0; k < 4; k++)
                memcpy(&dst[i + k], w.host + q[k], 4);
            i += 4;
            continue;
        }
        if (lanes >> i & 1) {
            const uint8_t *p = dp_window_host(gpu, buf, lim, &w, offsets[i], 4);
            if (p)
                memcpy(&dst[i], p, 4);
            else if (offsets[i] >= lim)
                dst[i] = 0;   /* out of bounds reads 0 */
            else   /* cannot fail: inside 4 GiB */
                g7sf_mem_read(gpu, buf->base + (uint32_t)offsets[i], &dst[i], 4);
        }
        i++;
    }
    return 0;
}

int g7sf_dp_scatter(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                    unsigned n, uint32_t enable, const uint32_t *src)
{
    if (!gpu || !buf || n > 32 || (n && (!offsets || !src)))
        return G7SF_EINVAL;
    uint32_t lanes = enable & dp_lanes(n);
    if (!lanes)
        return 0;
    uint64_t lim = dp_buffer_limit(buf, 4), q[4];
    dp_window w = dp_window_at(gpu, buf, lim, offsets[__builtin_ctz(lanes)], 4);
    for (size_t i = 0; i < n;) {
        if (i + 4 <= n && dp_quad_in_window(offsets, i, lanes, w, q)) {
            for (unsigned k = 0; k < 4; k++)   /* lane by lane */
                memcpy(w.host + q[k], &src[i + k], 4);
            i += 4;
            continue;
        }
        if (lanes >> i & 1 && offsets[i] < lim) {   /* out of bounds: dropped */
            uint8_t *p = dp_window_host(gpu, buf, lim, &w, offsets[i], 4);
            int r = 0;
            if (p)
                memcpy(p, &src[i], 4);
            else
                r = g7sf_mem_write(gpu, buf->base + (uint32_t)offsets[i], &src[i], 4);
            if (r)
                return r;
        }
        i++;
    }
    return 0;
}

/* The block's slot offsets, for the general path.  A slot past 2^64 must
 * not wrap to a small offset: UINT64_MAX holds no DWord of any buffer. */
static void block_offsets(uint64_t offset, unsigned n, uint64_t *offsets)
{
    for (unsigned i = 0; i < n; i++)
        offsets[i] = offset > UINT64_MAX - 4 * i ? UINT64_MAX : offset + 4 * i;
}

int g7sf_dp_block_read(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset, unsigned n,
                       uint32_t enable, uint32_t *dst)
{
    uint32_t a;
    uint64_t offsets[32];
    if (!gpu || !buf || n > 32 || (n && !dst))
        return G7SF_EINVAL;
    if (dp_whole_block(buf, offset, n, enable, &a)) {
        const uint8_t *p = g7sf_mem_span(gpu, a, 4 * n);
        if (!p)
            return g7sf_mem_read(gpu, a, dst, 4 * n);
        memcpy(dst, p, 4 * n);
        return 0;
    }
    block_offsets(offset, n, offsets);
    return g7sf_dp_gather(gpu, buf, offsets, n, enable, dst);
}

int g7sf_dp_block_write(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset, unsigned n,
                        uint32_t enable, const uint32_t *src)
{
    uint32_t a;
    uint64_t offsets[32];
    if (!gpu || !buf || n > 32 || (n && !src))
        return G7SF_EINVAL;
    if (dp_whole_block(buf, offset, n, enable, &a)) {
        uint8_t *p = g7sf_mem_span(gpu, a, 4 * n);
        if (!p)
            return g7sf_mem_write(gpu, a, src, 4 * n);
        memcpy(p, src, 4 * n);
        return 0;
    }
    block_offsets(offset, n, offsets);
    return g7sf_dp_scatter(gpu, buf, offsets, n, enable, src);
}
