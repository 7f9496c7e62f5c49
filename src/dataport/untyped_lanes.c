/* Untyped read and write (§3.9.9) lane by lane at speed: what the
 * reference (dp_untyped_read_ref, _write_ref in untyped_access.c) does,
 * with whole elements taken straight from a page's window, four lanes at
 * a time for all four channels.  Bit-identical to the reference
 * (tests/test_dp_lanes_fast.c). */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "dp.h"

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
 * takes the reference's step (dp_untyped_read_lane, _write_lane), which
 * gives the same bytes for an element a window holds.  A buffer's window
 * moves to the page of an element outside it (dp_window_host). */
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
 * (lane_host), or through the reference's lane (dp_untyped_read_lane,
 * _write_lane). */
int g7sf_dp_untyped_read(g7sf_gpu *gpu, const g7sf_dp_untyped *u, const uint64_t *offsets,
                         unsigned n, uint32_t enable, unsigned channels, uint32_t *data)
{
    if (dp_untyped_bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    uint32_t on = enable & dp_lanes(n);
    if (!channels || !on)
        return 0;
    uint8_t chan[4];
    unsigned nch = channel_list(channels, chan);
    elements el = elements_at(gpu, u, offsets[__builtin_ctz(on)], dp_channel_span(channels));
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
                dp_untyped_read_lane(gpu, u, offsets[i], (unsigned)i, n, channels, data);
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
    if (dp_untyped_bad_args(gpu, u, offsets, n, data) || channels > 0xF)
        return G7SF_EINVAL;
    uint32_t on = enable & dp_lanes(n);
    if (!channels || !on)
        return 0;
    uint8_t chan[4];
    unsigned nch = channel_list(channels, chan);
    elements el = elements_at(gpu, u, offsets[__builtin_ctz(on)], dp_channel_span(channels));
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
                int r = dp_untyped_write_lane(gpu, u, offsets[i], (unsigned)i, n, channels, data);
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
