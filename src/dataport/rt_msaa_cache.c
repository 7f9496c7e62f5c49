/* The render cache's tiles of MSAA index-compressed surfaces (patent US
 * 9466124 L60-74; gen7sf/msaa_compress.h, dp.h): render target writes to
 * an opt-in surface land in 8x4-pixel tiles held here; a tile leaving the
 * cache (least recently used, g7sf_render_cache_flush, a render cache
 * Memory Fence) goes to memory in its index bits when every sample is
 * known and the codec takes it, else as Gen7 planes with a control code
 * naming the smaller plane compressor.  Decisions: docs/spec-notes.md
 * "Patent 004". */
#include <stdlib.h>
#include <string.h>

#include "core/msaa_tile.h"
#include "dp.h"
#include "dp_gpu.h"
#include "rt.h"

#define CACHE_TILES 64
#define N_MAX 8

typedef struct tile {
    bool used, dirty;
    uint64_t stamp;                 /* last use: the smallest is replaced */
    g7sf_surface s;                 /* the surface (identity and layout) */
    uint32_t clear;                 /* its clear colour's unit */
    uint32_t slice, tx, ty;
    unsigned code;                  /* the control code it was filled from */
    unsigned planes_cached;         /* physical planes read into the cache */
    uint32_t dirty_px;              /* pixels written */
    uint32_t mcs[G7SF_MSAA_TILE_PIXELS];     /* the MCS at fill (planes tiles) */
    uint8_t known[G7SF_MSAA_TILE_PIXELS];    /* samples whose colour is here */
    uint32_t colour[G7SF_MSAA_TILE_PIXELS * N_MAX];
} tile;

struct rt_msaa_cache {
    uint64_t clock;
    tile t[CACHE_TILES];
};

bool rt_msaa_active(const g7sf_gpu *gpu, const g7sf_rt_target *rt)
{
    return rt->mcs && msaa_tile_opted_in(gpu, &rt->s) && rt->fmt && rt->fmt->unit_bytes == 4 &&
           rt->fmt->unit_w == 1 && !rt->rotation;
}

int rt_msaa_begin(g7sf_gpu *gpu)
{
    dp_gpu *g = dp_gpu_get(gpu);
    if (!g)
        return G7SF_ENOMEM;
    pthread_mutex_lock(&g->msaa_lock);
    if (!g->msaa && !(g->msaa = calloc(1, sizeof *g->msaa))) {
        pthread_mutex_unlock(&g->msaa_lock);
        return G7SF_ENOMEM;
    }
    return 0;
}

void rt_msaa_end(g7sf_gpu *gpu)
{
    pthread_mutex_unlock(&dp_gpu_get(gpu)->msaa_lock);   /* exists: begin made it */
}

static int state(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return G7SF_ESTATE;
}

static unsigned all_samples(unsigned n) { return (1u << n) - 1; }

static bool inside(const tile *e, unsigned q)
{
    return e->tx * 8 + q % 8 < e->s.width && e->ty * 4 + q / 8 < e->s.height;
}

/* Reads physical plane `plane` of the tile into the samples that live in it. */
static int read_plane(g7sf_gpu *gpu, dp_gpu *g, tile *e, unsigned plane)
{
    const unsigned n = e->s.samples;
    for (unsigned q = 0; q < G7SF_MSAA_TILE_PIXELS; q++) {
        if (!inside(e, q) || e->known[q] == all_samples(n))
            continue;
        uint32_t addr, v;
        int r = g7sf_surface_texel_address(&e->s, e->tx * 8 + q % 8, e->ty * 4 + q / 8, e->slice,
                                           0, plane, &addr);
        if (r || (r = g7sf_mem_read(gpu, addr, &v, 4)))
            return r;
        for (unsigned si = 0; si < n; si++)
            if (!(e->known[q] >> si & 1) && msaa_mcs_plane(e->mcs[q], n, si) == (int)plane) {
                e->colour[q * n + si] = v;
                e->known[q] |= (uint8_t)(1u << si);
            }
    }
    e->planes_cached |= 1u << plane;
    g->msaa_stats.bytes_read += 128;   /* a plane of the tile: 32 pixels x 4 bytes */
    g->msaa_stats.baseline_read += 128;
    return 0;
}

/* The tile from memory: the control byte, then the index bits (INDEX: the
 * whole tile known) or the MCS (planes tiles: samples of cleared pixels
 * known, the rest as their planes are read). */
static int fill(g7sf_gpu *gpu, dp_gpu *g, tile *e, const char **why)
{
    const unsigned n = e->s.samples, mb = msaa_mcs_bytes(n);
    const uint32_t x0 = e->tx * 8, y0 = e->ty * 4;
    const char *reason = "";
    int r = msaa_tile_control_read(gpu, &e->s, x0, y0, e->slice, &e->code, &reason);
    if (r)
        return r == G7SF_ESTATE ? state(why, reason) : r;
    g->msaa_stats.bytes_read += 1;
    if (e->code == G7SF_MSAA_CTRL_INDEX) {
        uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
        if ((r = msaa_tile_index_read(gpu, &e->s, e->tx, e->ty, e->slice, bits)))
            return r;
        if (g7sf_msaa_tile_decode(bits, n, &e->clear, e->colour, NULL))
            return state(why, "MSAA control 0xF (index) over malformed index bits");
        memset(e->known, (int)all_samples(n), sizeof e->known);
        e->planes_cached = all_samples(n);
        g->msaa_stats.bytes_read += 32u * mb;
        g->msaa_stats.baseline_read += 32u * mb + 128u * g7sf_msaa_tile_planes(e->colour, n);
        return 0;
    }
    for (unsigned q = 0; q < G7SF_MSAA_TILE_PIXELS; q++) {
        e->known[q] = 0;
        e->mcs[q] = 0;
        if (!inside(e, q)) {   /* never written back */
            e->known[q] = (uint8_t)all_samples(n);
            for (unsigned si = 0; si < n; si++)
                e->colour[q * n + si] = e->clear;
            continue;
        }
        if ((r = msaa_pixel_mcs(gpu, &e->s, x0 + q % 8, y0 + q / 8, e->slice, &e->mcs[q])))
            return r;
        for (unsigned si = 0; si < n; si++)
            if (msaa_mcs_plane(e->mcs[q], n, si) < 0) {
                e->colour[q * n + si] = e->clear;
                e->known[q] |= (uint8_t)(1u << si);
            }
    }
    g->msaa_stats.bytes_read += 32u * mb;
    g->msaa_stats.baseline_read += 32u * mb;
    return 0;
}

/* ---- write-back ---- */

/* Pixel q's distinct colours in sample order (its planes 0..k-1) and the
 * MCS mapping each sample to its colour's plane; returns k. */
static unsigned pixel_planes(const tile *e, unsigned q, uint32_t *pal, uint32_t *mcs)
{
    const unsigned n = e->s.samples, w = n == 4 ? 2 : 4;
    unsigned k = 0;
    *mcs = 0;
    for (unsigned si = 0; si < n; si++) {
        uint32_t c = e->colour[q * n + si];
        unsigned j = 0;
        while (j < k && pal[j] != c)
            j++;
        if (j == k)
            pal[k++] = c;
        *mcs |= (uint32_t)j << (w * si);
    }
    return k;
}

/* Signed two's-complement width of d (0 for 0). */
static unsigned sbits(int d)
{
    unsigned w = 0;
    while (d && (d < -(1 << w) || d >= (1 << w)))
        w++;
    return d ? w + 1 : 0;
}

/* Sizes in bytes of plane data (nv values per plane, np planes, v[j * 32 +
 * i]) under the two compressors (docs/spec-notes.md "Patent 004"):
 * delta, per plane, 32 bits of its first value + 4 x 4 bits of widths +
 * (nv - 1) x the four channels' minimal signed widths of successive
 * differences; palette, 8 bits of count + 32 per distinct value + every
 * value's index in ceil(log2 distinct) bits. */
static void compressed_sizes(const uint32_t *v, unsigned np, unsigned nv, uint64_t *delta,
                             uint64_t *palette)
{
    uint64_t dbits = 0;
    uint32_t seen[N_MAX * G7SF_MSAA_TILE_PIXELS];
    unsigned distinct = 0;
    for (unsigned j = 0; j < np; j++) {
        const uint32_t *p = v + j * G7SF_MSAA_TILE_PIXELS;
        unsigned w[4] = { 0, 0, 0, 0 };
        for (unsigned i = 1; i < nv; i++)
            for (unsigned c = 0; c < 4; c++) {
                unsigned ww = sbits((int)(p[i] >> 8 * c & 0xff) - (int)(p[i - 1] >> 8 * c & 0xff));
                w[c] = ww > w[c] ? ww : w[c];
            }
        dbits += 32 + 16 + (uint64_t)(nv - 1) * (w[0] + w[1] + w[2] + w[3]);
        for (unsigned i = 0; i < nv; i++) {
            unsigned k = 0;
            while (k < distinct && seen[k] != p[i])
                k++;
            if (k == distinct)
                seen[distinct++] = p[i];
        }
    }
    unsigned b = 0;
    while ((1u << b) < distinct)
        b++;
    *delta = (dbits + 7) / 8;
    *palette = (8 + 32ull * distinct + (uint64_t)np * nv * b + 7) / 8;
}

/* The tile to memory (L60-74). */
static int write_back(g7sf_gpu *gpu, dp_gpu *g, tile *e)
{
    const unsigned n = e->s.samples, mb = msaa_mcs_bytes(n), full = all_samples(n);
    g7sf_msaa_stats *st = &g->msaa_stats;
    bool complete = true;
    for (unsigned q = 0; q < G7SF_MSAA_TILE_PIXELS; q++)
        complete = complete && e->known[q] == full;
    int r;
    if (complete && msaa_tile_whole(&e->s, e->tx, e->ty)) {
        uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
        if (!g7sf_msaa_tile_encode(e->colour, n, &e->clear, bits, NULL)) {
            if ((r = msaa_tile_index_write(gpu, &e->s, e->tx, e->ty, e->slice, bits)) ||
                (r = msaa_tile_control_write(gpu, &e->s, e->tx * 8, e->ty * 4, e->slice,
                                             G7SF_MSAA_CTRL_INDEX)))
                return r;
            st->tiles_evicted++;
            st->tiles_index++;
            st->bytes_written += 32u * mb + 1;
            st->baseline_written += 32u * mb + 128u * g7sf_msaa_tile_planes(e->colour, n);
            return 0;
        }
    }
    /* Gen7 planes: the pixels written (every pixel when the index bits held
     * the tile: its planes in memory are stale), each with its colours in
     * planes 0..k-1 and the MCS to match; pixels not written keep their
     * MCS and planes in memory */
    const uint32_t rewrite = e->code == G7SF_MSAA_CTRL_INDEX ? 0xFFFFFFFFu : e->dirty_px;
    uint32_t v[N_MAX * G7SF_MSAA_TILE_PIXELS];   /* plane j's values at v[j * 32 + i] */
    unsigned np = 0, nv = 0;
    for (unsigned q = 0; q < G7SF_MSAA_TILE_PIXELS; q++) {
        if (!(rewrite >> q & 1) || !inside(e, q))
            continue;
        uint32_t pal[N_MAX], mcs, addr;
        unsigned k = pixel_planes(e, q, pal, &mcs);
        const uint32_t x = e->tx * 8 + q % 8, y = e->ty * 4 + q / 8;
        for (unsigned j = 0; j < n; j++)   /* planes past k repeat plane 0 (counted only) */
            v[j * G7SF_MSAA_TILE_PIXELS + nv] = pal[j < k ? j : 0];
        nv++;
        np = k > np ? k : np;
        for (unsigned j = 0; j < k; j++)
            if ((r = g7sf_surface_texel_address(&e->s, x, y, e->slice, 0, j, &addr)) ||
                (r = g7sf_mem_write(gpu, addr, &pal[j], 4)))
                return r;
        if ((r = g7sf_surface_mcs_address(&e->s, x, y, e->slice, 0, &addr)) ||
            (r = g7sf_mem_write(gpu, addr, &mcs, mb)))
            return r;
    }
    if (complete)   /* every pixel known: the planes the tile uses */
        np = g7sf_msaa_tile_planes(e->colour, n);
    uint64_t delta, palette, plain = 128ull * np, bytes = plain;
    unsigned code = G7SF_MSAA_CTRL_PLANES;
    compressed_sizes(v, np, nv, &delta, &palette);
    if (nv && (delta < plain || palette < plain)) {
        code = palette < delta ? G7SF_MSAA_CTRL_PLANES_PALETTE : G7SF_MSAA_CTRL_PLANES_DELTA;
        bytes = palette < delta ? palette : delta;
    }
    if ((r = msaa_tile_control_write(gpu, &e->s, e->tx * 8, e->ty * 4, e->slice, code)))
        return r;
    st->tiles_evicted++;
    if (code == G7SF_MSAA_CTRL_PLANES)
        st->tiles_uncompressed++;
    else if (code == G7SF_MSAA_CTRL_PLANES_DELTA)
        st->tiles_delta++;
    else
        st->tiles_palette++;
    st->bytes_written += 32u * mb + bytes + 1;
    st->baseline_written += 32u * mb + plain;
    return 0;
}

static int evict(g7sf_gpu *gpu, dp_gpu *g, tile *e)
{
    int r = 0;
    if (e->used && e->dirty) {
        r = write_back(gpu, g, e);
        msaa_tile_invalidate(gpu);   /* memory changed: the sampler's L1 model drops its lines */
    }
    e->used = false;
    return r;
}

/* The tile holding (x, y) of rt, in the cache. */
static int lookup(g7sf_gpu *gpu, dp_gpu *g, const g7sf_rt_target *rt, uint32_t x, uint32_t y,
                  tile **out, const char **why)
{
    struct rt_msaa_cache *c = g->msaa;
    const uint32_t tx = x / 8, ty = y / 4;
    tile *victim = &c->t[0];
    for (unsigned i = 0; i < CACHE_TILES; i++) {
        tile *e = &c->t[i];
        if (e->used && e->tx == tx && e->ty == ty && e->slice == rt->slice &&
            !memcmp(&e->s, &rt->s, sizeof e->s)) {
            e->stamp = ++c->clock;
            *out = e;
            return 0;
        }
        if (!e->used ? victim->used : victim->used && e->stamp < victim->stamp)
            victim = e;
    }
    int r = evict(gpu, g, victim);
    if (r)
        return r;
    tile *e = victim;
    e->s = rt->s;
    memcpy(&e->clear, rt->clear_unit, 4);
    e->slice = rt->slice;
    e->tx = tx;
    e->ty = ty;
    e->dirty = false;
    e->dirty_px = 0;
    e->planes_cached = 0;
    if ((r = fill(gpu, g, e, why)))
        return r;
    e->used = true;
    e->stamp = ++c->clock;
    *out = e;
    return 0;
}

int rt_msaa_write_pixel(g7sf_gpu *gpu, const g7sf_rt_target *rt, const rt_color *rc, uint32_t x,
                        uint32_t y, uint32_t cover, const g7sf_texel *src0,
                        const g7sf_texel *src1, const char **why)
{
    if (x >= rt->s.width || y >= rt->s.height)
        return 0;   /* dropped (10188) */
    dp_gpu *g = dp_gpu_get(gpu);
    tile *e;
    int r = lookup(gpu, g, rt, x, y, &e, why);
    if (r)
        return r;
    const unsigned n = rt->s.samples, q = (y % 4) * 8 + x % 8;
    cover &= all_samples(n);
    /* the samples the write keeps (and, when the colour work reads the
     * destination, those it writes) must be known: their planes are read */
    const bool reads_dst = rc->blend || rc->logic_op || rc->merge;
    unsigned need = (all_samples(n) & ~cover) | (reads_dst ? cover : 0);
    for (unsigned si = 0; si < n; si++)
        if ((need & ~e->known[q]) >> si & 1 &&
            (r = read_plane(gpu, g, e, (unsigned)msaa_mcs_plane(e->mcs[q], n, si))))
            return r;
    for (unsigned si = 0; si < n; si++)
        if (cover >> si & 1) {
            uint8_t unit[4];
            memcpy(unit, &e->colour[q * n + si], 4);
            rt_color_output(rc, src0, src1, unit, 0, y);
            memcpy(&e->colour[q * n + si], unit, 4);
            e->known[q] |= (uint8_t)(1u << si);
        }
    if (cover) {
        e->dirty = true;
        e->dirty_px |= 1u << q;
    }
    return 0;
}

int g7sf_render_cache_flush(g7sf_gpu *gpu)
{
    if (!gpu)
        return G7SF_EINVAL;
    dp_gpu *g = dp_gpu_get(gpu);
    if (!g)
        return G7SF_ENOMEM;
    int first = 0;
    pthread_mutex_lock(&g->msaa_lock);
    if (g->msaa)
        for (unsigned i = 0; i < CACHE_TILES; i++) {
            int r = evict(gpu, g, &g->msaa->t[i]);
            first = first ? first : r;
        }
    pthread_mutex_unlock(&g->msaa_lock);
    msaa_tile_invalidate(gpu);   /* the flush invalidates the sampler's cache (msaa_tile.h) */
    return first;
}

int g7sf_msaa_stats_read(g7sf_gpu *gpu, g7sf_msaa_stats *out, int clear)
{
    if (!gpu)
        return G7SF_EINVAL;
    dp_gpu *g = dp_gpu_get(gpu);
    if (!g)
        return G7SF_ENOMEM;
    pthread_mutex_lock(&g->msaa_lock);
    if (out) {
        *out = g->msaa_stats;
        out->bytes_read += atomic_load(&gpu->msaa_reads.bytes);
        out->baseline_read += atomic_load(&gpu->msaa_reads.baseline);
    }
    if (clear) {
        memset(&g->msaa_stats, 0, sizeof g->msaa_stats);
        atomic_store(&gpu->msaa_reads.bytes, 0);
        atomic_store(&gpu->msaa_reads.baseline, 0);
        msaa_tile_invalidate(gpu);   /* every thread's sampler L1 model starts cold */
    }
    pthread_mutex_unlock(&g->msaa_lock);
    return 0;
}
