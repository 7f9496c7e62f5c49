/* Buffers for the data port's block and scattered messages: from state, and
 * the DWord gather/scatter every such message reduces to. */
#include <string.h>

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

bool dp_buffer_address(const g7sf_dp_buffer *buf, uint64_t off, unsigned bytes, uint32_t *addr)
{
    uint64_t a = (uint64_t)buf->base + off;
    if (off > buf->size || buf->size - off < bytes || a > 0x100000000ull - bytes)
        return false;
    *addr = (uint32_t)a;
    return true;
}

/* Slots i..end-1 form a run: enabled, in bounds, at consecutive DWords, so
 * one memory access serves them (block messages are all runs). */
static unsigned run_end(const g7sf_dp_buffer *buf, const uint64_t *offsets, unsigned n,
                        uint32_t enable, unsigned i)
{
    uint32_t a;
    unsigned j = i + 1;
    while (j < n && (enable >> j & 1) && offsets[j] == offsets[j - 1] + 4 &&
           dp_buffer_address(buf, offsets[j], 4, &a))
        j++;
    return j;
}

int g7sf_dp_gather(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                   unsigned n, uint32_t enable, uint32_t *dst)
{
    if (!gpu || !buf || n > 32 || (n && (!offsets || !dst)))
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n;) {
        uint32_t a;
        if (!(enable >> i & 1)) {
            i++;
        } else if (!dp_buffer_address(buf, offsets[i], 4, &a)) {
            dst[i++] = 0;
        } else {
            unsigned end = run_end(buf, offsets, n, enable, i);
            g7sf_mem_read(gpu, a, &dst[i], 4 * (end - i));   /* cannot fail: inside 4 GiB */
            i = end;
        }
    }
    return 0;
}

int g7sf_dp_scatter(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, const uint64_t *offsets,
                    unsigned n, uint32_t enable, const uint32_t *src)
{
    if (!gpu || !buf || n > 32 || (n && (!offsets || !src)))
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n;) {
        uint32_t a;
        if (!(enable >> i & 1) || !dp_buffer_address(buf, offsets[i], 4, &a)) {
            i++;
            continue;
        }
        unsigned end = run_end(buf, offsets, n, enable, i);
        int r = g7sf_mem_write(gpu, a, &src[i], 4 * (end - i));
        if (r)
            return r;
        i = end;
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

/* Every slot enabled and the whole block in bounds: one memory access. */
static bool whole_block(const g7sf_dp_buffer *buf, uint64_t offset, unsigned n, uint32_t enable,
                        uint32_t *addr)
{
    uint32_t all = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
    return n && (enable & all) == all && dp_buffer_address(buf, offset, 4 * n, addr);
}

int g7sf_dp_block_read(g7sf_gpu *gpu, const g7sf_dp_buffer *buf, uint64_t offset, unsigned n,
                       uint32_t enable, uint32_t *dst)
{
    uint32_t a;
    uint64_t offsets[32];
    if (!gpu || !buf || n > 32 || (n && !dst))
        return G7SF_EINVAL;
    if (whole_block(buf, offset, n, enable, &a))
        return g7sf_mem_read(gpu, a, dst, 4 * n);
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
    if (whole_block(buf, offset, n, enable, &a))
        return g7sf_mem_write(gpu, a, src, 4 * n);
    block_offsets(offset, n, offsets);
    return g7sf_dp_scatter(gpu, buf, offsets, n, enable, src);
}
