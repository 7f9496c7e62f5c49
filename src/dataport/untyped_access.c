/* What the untyped and byte scattered messages address (§3.9.8, §3.9.9):
 * raw and structured buffers or SLM, and the element accesses on them. */
#include <string.h>

#include "core/memory.h"
#include "dp.h"

/* Untyped: Surface Format RAW, SURFTYPE_BUFFER (U bytes, RAW sizes count
 * bytes) or SURFTYPE_STRBUF (entries x pitch).  Byte scattered: any format,
 * SURFTYPE_BUFFER of 4-byte elements, except RAW whose size is in bytes. */
int g7sf_dp_untyped_from_surface(const g7sf_render_surface_state *ss,
                                 enum g7sf_dp_untyped_rules rules, g7sf_dp_untyped *u)
{
    if (!ss || !u)
        return G7SF_EINVAL;
    *u = (g7sf_dp_untyped){ 0 };
    bool raw = ss->surface_format == G7SF_FORMAT_RAW;
    bool strbuf = ss->surface_type == G7SF_SURFTYPE_STRBUF && rules == G7SF_DP_UNTYPED_RAW;
    if (ss->surface_type == G7SF_SURFTYPE_NULL)
        return 0;   /* everything out of bounds */
    if ((ss->surface_type != G7SF_SURFTYPE_BUFFER && !strbuf) || ss->tiled_surface ||
        (ss->surface_base_address & 3) || (rules == G7SF_DP_UNTYPED_RAW && !raw))
        return G7SF_ESTATE;
    /* STRBUF's entry count has 27 bits (Depth [26:21]), a RAW buffer's 31 */
    uint64_t entries = g7sf_buffer_entries(ss->width, ss->height, ss->depth, raw && !strbuf);
    u->pitch = strbuf ? ss->surface_pitch + 1 : 0;
    u->buf = (g7sf_dp_buffer){ ss->surface_base_address,
                               entries * (strbuf ? u->pitch : raw ? 1 : 4) };
    return 0;
}

int g7sf_dp_append_counter_from_surface(const g7sf_render_surface_state *ss,
                                        g7sf_dp_untyped *out)
{
    if (!ss || !out)
        return G7SF_EINVAL;
    *out = (g7sf_dp_untyped){ 0 };
    if (ss->surface_type != G7SF_SURFTYPE_BUFFER && ss->surface_type != G7SF_SURFTYPE_STRBUF)
        return G7SF_ESTATE;
    out->buf = (g7sf_dp_buffer){ ss->append_counter_address, ss->append_counter_enable ? 4 : 0 };
    return 0;
}

uint64_t g7sf_dp_untyped_offset(const g7sf_dp_untyped *u, uint32_t U, uint32_t V)
{
    return u && u->pitch ? (uint64_t)U * u->pitch + (V & ~3u) : U & ~3u;
}

void g7sf_dp_untyped_offsets(const g7sf_dp_untyped *u, const uint32_t *U, const uint32_t *V,
                             unsigned n, uint64_t *offsets)
{
    uint32_t pitch = u ? u->pitch : 0;
    if (!U || !offsets)
        return;
    /* one loop per case, so that each is a plain loop the compiler can
     * vectorise */
    if (!pitch)
        for (unsigned i = 0; i < n; i++)
            offsets[i] = U[i] & ~3u;
    else if (!V)
        for (unsigned i = 0; i < n; i++)
            offsets[i] = (uint64_t)U[i] * pitch;
    else
        for (unsigned i = 0; i < n; i++)
            offsets[i] = (uint64_t)U[i] * pitch + (V[i] & ~3u);
}

bool dp_untyped_load(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned bytes,
                     uint64_t *v)
{
    uint32_t a;
    *v = 0;
    if (u->slm) {
        *v = dp_slm_load(u->slm, (uint32_t)off, bytes);   /* 8 bytes never reach SLM */
        return true;
    }
    if (!dp_buffer_address(&u->buf, off, bytes, &a))
        return false;
    const uint8_t *p = g7sf_mem_span(gpu, a, bytes);
    if (p)
        memcpy(v, p, bytes);   /* little-endian host */
    else
        g7sf_mem_read(gpu, a, v, bytes);   /* cannot fail: in the space */
    return true;
}

int dp_untyped_store(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned bytes,
                     uint64_t v)
{
    uint32_t a;
    if (u->slm) {
        dp_slm_store(u->slm, (uint32_t)off, bytes, (uint32_t)v);
        return 0;
    }
    if (!dp_buffer_address(&u->buf, off, bytes, &a))
        return 0;
    uint8_t *p = g7sf_mem_span(gpu, a, bytes);
    if (!p)
        return g7sf_mem_write(gpu, a, &v, bytes);
    memcpy(p, &v, bytes);
    return 0;
}

uint8_t *dp_untyped_span(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned bytes)
{
    uint32_t a;
    return !u->slm && dp_buffer_address(&u->buf, off, bytes, &a) ? g7sf_mem_span(gpu, a, bytes)
                                                                  : NULL;
}

/* Channel k of the element at off.  Past 2^64 a buffer has no byte
 * (UINT64_MAX holds no DWord); SLM wraps modulo 64 KiB, which 2^64 is a
 * multiple of. */
static uint64_t channel_offset(const g7sf_dp_untyped *u, uint64_t off, unsigned k)
{
    uint64_t o = off + 4 * k;
    return !u->slm && o < off ? UINT64_MAX : o;
}

/* The reference: lane by lane (dp.h), the fast paths in untyped_lanes.c. */
void dp_untyped_read_lane(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned i,
                          unsigned n, unsigned channels, uint32_t *data)
{
    const uint8_t *p = dp_untyped_span(gpu, u, off, dp_channel_span(channels));
    for (unsigned k = 0, j = 0; k < 4; k++) {
        uint64_t v;
        if (!(channels >> k & 1))
            continue;
        if (p) {
            memcpy(&data[j++ * n + i], p + 4 * k, 4);
        } else {
            dp_untyped_load(gpu, u, channel_offset(u, off, k), 4, &v);
            data[j++ * n + i] = (uint32_t)v;
        }
    }
}

int dp_untyped_write_lane(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned i,
                          unsigned n, unsigned channels, const uint32_t *data)
{
    uint8_t *p = dp_untyped_span(gpu, u, off, dp_channel_span(channels));
    for (unsigned k = 0, j = 0; k < 4; k++) {
        if (!(channels >> k & 1))
            continue;
        int r = 0;
        if (p)
            memcpy(p + 4 * k, &data[j++ * n + i], 4);
        else
            r = dp_untyped_store(gpu, u, channel_offset(u, off, k), 4, data[j++ * n + i]);
        if (r)
            return r;
    }
    return 0;
}

int dp_untyped_read_ref(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                        unsigned n, uint32_t enable, unsigned channels, uint32_t *data)
{
    if (dp_untyped_bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++)
        if (enable >> i & 1)
            dp_untyped_read_lane(gpu, u, offsets[i], i, n, channels, data);
    return 0;
}

int dp_untyped_write_ref(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                         unsigned n, uint32_t enable, unsigned channels, const uint32_t *data)
{
    if (dp_untyped_bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++) {
        int r = 0;
        if (enable >> i & 1)
            r = dp_untyped_write_lane(gpu, u, offsets[i], i, n, channels, data);
        if (r)
            return r;
    }
    return 0;
}

static bool bad_size(unsigned bytes) { return bytes != 1 && bytes != 2 && bytes != 4; }

int g7sf_dp_byte_gather(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                        unsigned n, uint32_t enable, unsigned bytes, uint32_t *data)
{
    if (dp_untyped_bad_args(gpu, u, offsets, n, data) || bad_size(bytes))
        return G7SF_EINVAL;
    /* the data is right-justified: a read replaces only the bytes it reads */
    uint32_t keep = bytes == 4 ? 0 : ~0u << (8 * bytes);
    for (unsigned i = 0; i < n; i++) {
        uint64_t v;
        if (!(enable >> i & 1))
            continue;
        dp_untyped_load(gpu, u, offsets[i], bytes, &v);
        data[i] = (data[i] & keep) | (uint32_t)v;
    }
    return 0;
}

int g7sf_dp_byte_scatter(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                         unsigned n, uint32_t enable, unsigned bytes, const uint32_t *data)
{
    if (dp_untyped_bad_args(gpu, u, offsets, n, data) || bad_size(bytes))
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++) {
        if (!(enable >> i & 1))
            continue;
        int r = dp_untyped_store(gpu, u, offsets[i], bytes, data[i]);
        if (r)
            return r;
    }
    return 0;
}
