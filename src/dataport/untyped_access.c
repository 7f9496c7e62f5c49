/* What the untyped and byte scattered messages address (§3.9.8, §3.9.9):
 * raw and structured buffers or SLM, and the element accesses on them. */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

static bool bad_args(const g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                     unsigned n, const void *data)
{
    return !gpu || !u || n > 32 || (n && (!offsets || !data));
}

/* The element's bytes up to the last channel taken. */
static unsigned channel_span(unsigned channels)
{
    return channels ? 4 * (32 - (unsigned)__builtin_clz(channels)) : 0;
}

/* Lane i of a read or write, through the general checks: the whole
 * element in one page at once, else channel by channel (each in bounds or
 * not on its own). */
static void read_lane(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned i,
                      unsigned n, unsigned channels, uint32_t *data)
{
    const uint8_t *p = dp_untyped_span(gpu, u, off, channel_span(channels));
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

static int write_lane(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t off, unsigned i,
                      unsigned n, unsigned channels, const uint32_t *data)
{
    uint8_t *p = dp_untyped_span(gpu, u, off, channel_span(channels));
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
    if (bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++)
        if (enable >> i & 1)
            read_lane(gpu, u, offsets[i], i, n, channels, data);
    return 0;
}

int dp_untyped_write_ref(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                         unsigned n, uint32_t enable, unsigned channels, const uint32_t *data)
{
    if (bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++) {
        int r = enable >> i & 1 ? write_lane(gpu, u, offsets[i], i, n, channels, data) : 0;
        if (r)
            return r;
    }
    return 0;
}

/* Where whole elements (span bytes) can be reached directly: in a
 * buffer, inside a page's window (dp_window_at; lim its bounds), first the
 * first enabled lane's; in SLM, wherever the element does not wrap. */
typedef struct elements {
    unsigned span;
    uint64_t lim;
    dp_window w;
} elements;

static elements elements_at(g7sf_gpu *gpu, const g7sf_dp_untyped *u, uint64_t first,
                            unsigned span)
{
    elements el = { span, 0, { 0, 0, NULL } };
    if (!u->slm) {
        el.lim = dp_buffer_limit(&u->buf, span);
        el.w = dp_window_at(gpu, &u->buf, el.lim, first, span);
    }
    return el;
}

/* The host bytes of the whole element at off, else NULL: the lane then
 * takes the reference's path (read_lane, write_lane), which gives the same
 * bytes for an element a window holds.  A buffer's window moves to the
 * page of an element outside it (dp_window_host). */
static inline uint8_t *lane_host(g7sf_gpu *gpu, const g7sf_dp_untyped *u, elements *el,
                                 uint64_t off)
{
    if (u->slm) {
        uint32_t o = (uint32_t)off & (G7SF_SLM_SIZE - 1);
        return o <= G7SF_SLM_SIZE - el->span ? u->slm + o : NULL;
    }
    return dp_window_host(gpu, &u->buf, el->lim, &el->w, off, el->span);
}

/* The taken channels in order: chan[j] is the j-th; returns how many. */
static unsigned channel_list(unsigned channels, uint8_t chan[4])
{
    unsigned nch = 0;
    for (unsigned k = 0; k < 4; k++)
        if (channels >> k & 1)
            chan[nch++] = (uint8_t)k;
    return nch;
}

/* Lanes i..i+3 all enabled with all four channels, their elements in the
 * window: *e gets their window offsets. */
static inline bool rgba_quad(const uint64_t *offsets, size_t i, unsigned n, uint32_t on,
                             unsigned nch, dp_window w, uint64_t e[4])
{
    return nch == 4 && i + 4 <= n && dp_quad_in_window(offsets, i, on, w, e);
}

#ifdef __SSE2__
/* Four RGBA elements to four channel rows, or back: the same 4x4
 * transpose of DWords. */
static inline void transpose4(__m128i v[4])
{
    __m128i t0 = _mm_unpacklo_epi32(v[0], v[1]), t1 = _mm_unpacklo_epi32(v[2], v[3]);
    __m128i t2 = _mm_unpackhi_epi32(v[0], v[1]), t3 = _mm_unpackhi_epi32(v[2], v[3]);
    v[0] = _mm_unpacklo_epi64(t0, t1);
    v[1] = _mm_unpackhi_epi64(t0, t1);
    v[2] = _mm_unpacklo_epi64(t2, t3);
    v[3] = _mm_unpackhi_epi64(t2, t3);
}
#endif

/* Four lanes' elements (at host + e[k]) into channel rows i..i+3 of data,
 * or back. */
static inline void quad_read(const uint8_t *host, const uint64_t e[4], uint32_t *data, size_t i,
                             unsigned n)
{
#ifdef __SSE2__
    __m128i v[4];
    for (unsigned k = 0; k < 4; k++)
        v[k] = _mm_loadu_si128((const __m128i *)(const void *)(host + e[k]));
    transpose4(v);
    for (unsigned c = 0; c < 4; c++)
        _mm_storeu_si128((__m128i *)(void *)(data + c * n + i), v[c]);
#else
    for (unsigned k = 0; k < 4; k++)
        for (unsigned c = 0; c < 4; c++)
            memcpy(&data[c * n + i + k], host + e[k] + 4 * c, 4);
#endif
}

static inline void quad_write(uint8_t *host, const uint64_t e[4], const uint32_t *data, size_t i,
                              unsigned n)
{
#ifdef __SSE2__
    __m128i v[4];
    for (unsigned c = 0; c < 4; c++)
        v[c] = _mm_loadu_si128((const __m128i *)(const void *)(data + c * n + i));
    transpose4(v);
    /* lane by lane: with equal addresses the higher lane writes last */
    for (unsigned k = 0; k < 4; k++)
        _mm_storeu_si128((__m128i *)(void *)(host + e[k]), v[k]);
#else
    for (unsigned k = 0; k < 4; k++)
        for (unsigned c = 0; c < 4; c++)
            memcpy(host + e[k] + 4 * c, &data[c * n + i + k], 4);
#endif
}

/* Enabled lanes in ascending order, four at a time when rgba_quad holds
 * (the common message), else one by one: straight from a window or SLM
 * (lane_host), or through the reference's lane (read_lane, write_lane). */
int g7sf_dp_untyped_read(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                         unsigned n, uint32_t enable, unsigned channels, uint32_t *data)
{
    if (bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    uint32_t on = enable & dp_lanes(n);
    if (!channels || !on)
        return 0;
    uint8_t chan[4];
    unsigned nch = channel_list(channels, chan);
    elements el = elements_at(gpu, u, offsets[__builtin_ctz(on)], channel_span(channels));
    for (size_t i = 0; i < n;) {
        uint64_t e[4];
        if (rgba_quad(offsets, i, n, on, nch, el.w, e)) {
            quad_read(el.w.host, e, data, i, n);
            i += 4;
            continue;
        }
        if (on >> i & 1) {
            const uint8_t *p = lane_host(gpu, u, &el, offsets[i]);
            uint32_t *d = data + i;
            if (!p)
                read_lane(gpu, u, offsets[i], (unsigned)i, n, channels, data);
            else if (nch == 4)
                for (unsigned j = 0; j < 4; j++, d += n)
                    memcpy(d, p + 4 * j, 4);
            else
                for (unsigned j = 0; j < nch; j++, d += n)
                    memcpy(d, p + 4 * chan[j], 4);
        }
        i++;
    }
    return 0;
}

int g7sf_dp_untyped_write(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                          unsigned n, uint32_t enable, unsigned channels, const uint32_t *data)
{
    if (bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    uint32_t on = enable & dp_lanes(n);
    if (!channels || !on)
        return 0;
    uint8_t chan[4];
    unsigned nch = channel_list(channels, chan);
    elements el = elements_at(gpu, u, offsets[__builtin_ctz(on)], channel_span(channels));
    for (size_t i = 0; i < n;) {
        uint64_t e[4];
        if (rgba_quad(offsets, i, n, on, nch, el.w, e)) {
            quad_write(el.w.host, e, data, i, n);
            i += 4;
            continue;
        }
        if (on >> i & 1) {
            uint8_t *p = lane_host(gpu, u, &el, offsets[i]);
            const uint32_t *d = data + i;
            if (!p) {
                int r = write_lane(gpu, u, offsets[i], (unsigned)i, n, channels, data);
                if (r)
                    return r;
            } else if (nch == 4) {
                for (unsigned j = 0; j < 4; j++, d += n)
                    memcpy(p + 4 * j, d, 4);
            } else {
                for (unsigned j = 0; j < nch; j++, d += n)
                    memcpy(p + 4 * chan[j], d, 4);
            }
        }
        i++;
    }
    return 0;
}

static bool bad_size(unsigned bytes) { return bytes != 1 && bytes != 2 && bytes != 4; }

int g7sf_dp_byte_gather(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                        unsigned n, uint32_t enable, unsigned bytes, uint32_t *data)
{
    if (bad_args(gpu, u, offsets, n, data) || bad_size(bytes))
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
    if (bad_args(gpu, u, offsets, n, data) || bad_size(bytes))
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
