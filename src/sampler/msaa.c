/* ld_mcs, ld2dms, ld2dss (§2.7.1, §2.13.1.4 L4718-4733): unfiltered loads
 * from a multisampled 2D surface.  The MCS encoding is not in the spec
 * text; docs/spec-notes.md "Sampler operations" gives its source. */

#include <string.h>

#include "core/msaa_tile.h"
#include "smp.h"

/* The physical sample slice that sample si of a pixel lives in, from the
 * pixel's MCS value; -1 for the clear colour.  4x: 2 bits per sample, 0xFF
 * (every field 3) means cleared.  8x: 4 bits per sample, all ones means
 * cleared, and so does any field past the last slice (msaa_mcs_plane, the
 * render cache's reading too). */
static int mcs_slice(uint32_t mcs, unsigned samples, unsigned si)
{
    return msaa_mcs_plane(mcs, samples, si);
}

/* Clear Color (CC_ZERO/CC_ONE per channel) as a texel of the format: the
 * 0/1 colour stored and read back, so channels the format lacks read as
 * they would from memory. */
static void clear_texel(const smp_ctx *c, g7sf_texel *t)
{
    g7sf_texel v;
    for (unsigned k = 0; k < 4; k++) {
        unsigned bit = c->tex->clear_color >> (3 - k) & 1;
        if (c->cls == G7SF_TEXEL_FLOAT)
            v.f[k] = (float)bit;
        else
            v.u[k] = bit;
    }
    uint8_t unit[32] = { 0 };
    if (g7sf_texel_encode(c->fmt, &v, unit, 0, 0) ||
        g7sf_texel_decode(c->fmt, unit, 0, 0, NULL, t))
        *t = v;
}

/* ld_mcs: the pixel's MCS value as R8_UINT (4x) or R32_UINT (8x); 0 for a
 * surface without MCS. */
static void load_mcs(smp_ctx *c, uint32_t x, uint32_t y, uint32_t slice, unsigned lod,
                     g7sf_texel *out)
{
    const g7sf_surface *s = &c->tex->surf;
    uint8_t b[4] = { 0, 0, 0, 0 };
    uint32_t addr;
    if (s->mcs_enable && s->msfmt == G7SF_MSFMT_MSS &&
        (g7sf_surface_mcs_address(s, x, y, slice, lod, &addr) ||
         g7sf_mem_read(c->gpu, addr, b, s->samples == 8 ? 4 : 1)))
        c->err = c->err ? c->err : G7SF_EFAULT;
    *out = (g7sf_texel){ .u = { (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                                    (uint32_t)b[3] << 24, 0, 0, 1 } };
}

/* ---- MSAA index compression (gen7sf/msaa_compress.h) ----
 * On an opt-in surface each pixel's tile has a control byte: INDEX tiles
 * hold their colours in the tile's MCS bytes, the others are Gen7's.  The
 * sampler reads memory only: tiles the render cache still holds are not
 * seen until a flush (docs/spec-notes.md "Patent 004"). */

/* ---- read accounting: a modelled sampler L1 (the stats only) ----
 * The bytes the sampler reads from an opt-in surface are counted as the
 * 64-byte lines that miss in a modelled L1, so that the index bits a
 * resolve's ld_mcs and n ld2dms messages all need count once, as a real
 * sampler's cache holds them between messages.  Gen7's sampler L1/L2 sizes
 * are not in the PRM text we have: the model's are parameters, 32 KiB of
 * 64-byte lines, 8-way set associative (64 sets, least recently used
 * replaced; set = line number mod 64).  One per host thread (a sending
 * thread stands for one EU's messages in order), for one gpu at a time
 * (keyed by its id: another gpu's message empties it), emptied when the
 * gpu's flush epoch moved (msaa_tile.h).  Two independent tag arrays, one
 * per column of g7sf_msaa_stats: L1_EXT the lines the extension reads
 * (the control byte's, once per message and tile; the pixel's MCS for
 * ld_mcs; for ld2dms / ld2dss the lines of an INDEX tile's 32 MCS values,
 * once per message and tile, or the sample's plane in a planes tile -
 * delta / palette planes are kept uncompressed, so counted as such),
 * L1_GEN7 the lines Gen7 reads for the same message (the MCS for ld_mcs;
 * the sample's plane for ld2dms / ld2dss: in an INDEX tile ld2dss's slice
 * si, ld2dms's the plane the render cache's planes write-back would have
 * given the sample).  In a planes tile, a sample the MCS parameter says
 * is cleared reads no plane in either.  The data are read from memory
 * whatever the model says. */
#define L1_LINE_SHIFT 6
#define L1_LINE_BYTES (1u << L1_LINE_SHIFT)
#define L1_SETS       64
#define L1_WAYS       8
enum { L1_EXT, L1_GEN7, L1_COLUMNS };

/* The distinct lines of the last INDEX tile's index bits (a resolve
 * decodes a tile n times per 4x4 block: their addresses once). */
typedef struct l1_index_lines {
    bool valid;
    g7sf_surface mcs;                              /* the MCS surface (all 32-bit fields) */
    uint32_t slice, tx, ty;
    unsigned count;
    uint32_t line[G7SF_MSAA_TILE_PIXELS];
} l1_index_lines;

typedef struct msaa_l1 {
    uint64_t gpu;                                  /* its id; 0: none yet */
    uint64_t epoch;                                /* its flush epoch when filled */
    uint32_t tag[L1_COLUMNS][L1_SETS][L1_WAYS];   /* line number + 1, most recent first; 0 empty */
    l1_index_lines index;
} msaa_l1;

static _Thread_local msaa_l1 l1_tls;

/* A message's view: the thread's L1, the surface's MCS surface, the tile
 * whose control line was touched last, and the bytes missed per column. */
typedef struct l1_reads {
    msaa_l1 *l1;
    g7sf_surface mcs;
    bool ctl_valid;
    uint32_t ctl_tx, ctl_ty, ctl_slice;
    uint64_t missed[L1_COLUMNS];
} l1_reads;

/* The thread's L1 for gpu, emptied when it held another gpu's lines or
 * the gpu's epoch moved. */
static msaa_l1 *l1_get(g7sf_gpu *gpu)
{
    msaa_l1 *l = &l1_tls;
    const uint64_t epoch = msaa_tile_epoch(gpu);
    if (l->gpu != gpu->id || l->epoch != epoch) {
        memset(l->tag, 0, sizeof l->tag);
        l->index.valid = false;
        l->gpu = gpu->id;
        l->epoch = epoch;
    }
    return l;
}

/* The line holding addr, in column col: a miss counts 64 bytes. */
static void l1_touch(l1_reads *rd, unsigned col, uint32_t addr)
{
    const uint32_t line = addr >> L1_LINE_SHIFT, key = line + 1;
    uint32_t *set = rd->l1->tag[col][line % L1_SETS];
    unsigned w = 0;
    while (w + 1 < L1_WAYS && set[w] != key)
        w++;
    if (set[w] != key)   /* w is the last way: the least recently used goes */
        rd->missed[col] += L1_LINE_BYTES;
    memmove(set + 1, set, w * sizeof *set);
    set[0] = key;
}

/* The line of pixel (x, y)'s MCS (as g7sf_surface_mcs_address). */
static void l1_touch_mcs(l1_reads *rd, unsigned col, uint32_t x, uint32_t y, uint32_t slice,
                         unsigned lod)
{
    uint32_t addr;
    if (!g7sf_surface_texel_address(&rd->mcs, x, y, slice, lod, 0, &addr))
        l1_touch(rd, col, addr);
}

/* The control byte's line, once per message and tile (a pixel of the tile
 * last touched would hit it). */
static void l1_touch_control(l1_reads *rd, const g7sf_surface *s, uint32_t x, uint32_t y,
                             uint32_t slice)
{
    uint32_t addr;
    if (rd->ctl_valid && rd->ctl_tx == x / 8 && rd->ctl_ty == y / 4 && rd->ctl_slice == slice)
        return;
    if (!g7sf_surface_msaa_control_address(s, x, y, slice, &addr)) {
        l1_touch(rd, L1_EXT, addr);
        rd->ctl_valid = true;
        rd->ctl_tx = x / 8, rd->ctl_ty = y / 4, rd->ctl_slice = slice;
    }
}

/* The lines of whole tile (tx, ty)'s index bits: its 32 pixels' MCS. */
static void l1_touch_index(l1_reads *rd, uint32_t tx, uint32_t ty, uint32_t slice)
{
    l1_index_lines *m = &rd->l1->index;
    if (!m->valid || m->tx != tx || m->ty != ty || m->slice != slice ||
        memcmp(&m->mcs, &rd->mcs, sizeof m->mcs)) {
        m->valid = false;
        m->count = 0;
        for (unsigned p = 0; p < G7SF_MSAA_TILE_PIXELS; p++) {
            uint32_t addr;
            if (g7sf_surface_texel_address(&rd->mcs, tx * 8 + p % 8, ty * 4 + p / 8, slice, 0, 0,
                                           &addr))
                return;
            unsigned k = 0;
            while (k < m->count && m->line[k] != addr >> L1_LINE_SHIFT)
                k++;
            if (k == m->count)
                m->line[m->count++] = addr >> L1_LINE_SHIFT;
        }
        m->mcs = rd->mcs;
        m->tx = tx, m->ty = ty, m->slice = slice;
        m->valid = true;
    }
    for (unsigned k = 0; k < m->count; k++)
        l1_touch(rd, L1_EXT, m->line[k] << L1_LINE_SHIFT);
}

static void l1_touch_plane(l1_reads *rd, unsigned col, const g7sf_surface *s, uint32_t x,
                           uint32_t y, uint32_t slice, unsigned lod, unsigned plane)
{
    uint32_t addr;
    if (!g7sf_surface_texel_address(s, x, y, slice, lod, plane, &addr))
        l1_touch(rd, col, addr);
}

/* The plane Gen7 would hold sample si of a pixel in, by the render
 * cache's plane write-back (rt_msaa_cache.c): the pixel's distinct colours
 * in sample order go to planes 0..k-1. */
static unsigned gen7_plane(const uint32_t *px, unsigned n, unsigned si)
{
    unsigned plane = 0;
    for (unsigned s = 0; s < n; s++) {
        unsigned f = 0;
        while (f < s && px[f] != px[s])
            f++;
        if (px[s] == px[si])
            return plane;
        plane += f == s;   /* a colour first seen at s: the next plane */
    }
    return 0;
}

/* The control code of the tile of (x, y); -1 with c->err set (G7SF_ESTATE
 * for a garbage byte). */
static int tile_code(smp_ctx *c, uint32_t x, uint32_t y, uint32_t slice)
{
    unsigned code;
    int r = msaa_tile_control_read(c->gpu, &c->tex->surf, x, y, slice, &code, NULL);
    if (r) {
        c->err = c->err ? c->err : r == G7SF_ESTATE ? G7SF_ESTATE : G7SF_EFAULT;
        return -1;
    }
    return (int)code;
}

/* The INDEX tile a message decoded last: a message's pixels in one tile
 * read and decode its index bits once. */
typedef struct index_tile {
    bool valid;
    uint32_t tx, ty, slice;
    uint32_t colours[G7SF_MSAA_TILE_PIXELS * 8];
} index_tile;

/* Sample si of (x, y) of an INDEX tile: the tile decoded from its index
 * bits with the surface's clear colour (once per message and tile: the
 * index bits' lines go through the L1 model then).  False with c->err set when the bits are
 * malformed (G7SF_ESTATE) or unreadable. */
static bool index_sample(smp_ctx *c, index_tile *it, l1_reads *rd, uint32_t x, uint32_t y,
                         uint32_t slice, unsigned si, g7sf_texel *o)
{
    const g7sf_surface *s = &c->tex->surf;
    const unsigned n = s->samples;
    uint8_t unit[32] = { 0 };
    if (!it->valid || it->tx != x / 8 || it->ty != y / 4 || it->slice != slice) {
        uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
        uint32_t clear;
        g7sf_texel ct;
        it->valid = false;
        clear_texel(c, &ct);
        if (g7sf_texel_encode(c->fmt, &ct, unit, 0, 0)) {
            c->err = c->err ? c->err : G7SF_ESTATE;
            return false;
        }
        memcpy(&clear, unit, 4);
        if (msaa_tile_index_read(c->gpu, s, x / 8, y / 4, slice, bits)) {
            c->err = c->err ? c->err : G7SF_EFAULT;
            return false;
        }
        if (rd->l1)
            l1_touch_index(rd, x / 8, y / 4, slice);
        if (g7sf_msaa_tile_decode(bits, n, &clear, it->colours, NULL)) {
            c->err = c->err ? c->err : G7SF_ESTATE;
            return false;
        }
        it->valid = true;
        it->tx = x / 8, it->ty = y / 4, it->slice = slice;
    }
    const uint32_t *px = &it->colours[((y % 4) * 8 + x % 8) * n];
    /* Gen7 reads the sample's plane: ld2dss names it, ld2dms finds it in
     * the MCS the planes write-back would have written */
    if (rd->l1)
        l1_touch_plane(rd, L1_GEN7, s, x, y, slice, 0,
                       c->op == G7SF_OP_LD2DSS ? si : gen7_plane(px, n, si));
    memcpy(unit, &px[si], 4);
    if (g7sf_texel_decode(c->fmt, unit, 0, 0, NULL, o))
        smp_zero_texel(c, o);
    return true;
}

int smp_ld_msaa(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    const g7sf_texture *t = c->tex;
    const g7sf_surface *s = &t->surf;
    const bool mcs_op = c->op == G7SF_OP_LD_MCS;
    if (s->type != G7SF_SURFTYPE_2D || c->fmt->layout == G7SF_LAYOUT_MONO ||
        (mcs_op && s->samples == 1))
        return G7SF_ESTATE;
    const bool compressed = s->mcs_enable && s->msfmt == G7SF_MSFMT_MSS;
    const bool tiles = msaa_tile_opted_in(c->gpu, s);
    index_tile itile;
    itile.valid = false;
    l1_reads rd;
    memset(&rd, 0, sizeof rd);
    if (tiles && !g7sf_surface_mcs(s, &rd.mcs))   /* opted in: it has one */
        rd.l1 = l1_get(c->gpu);
    out->type = mcs_op ? G7SF_TEXEL_UINT : c->cls;
    for (unsigned i = 0; i < a->n; i++) {
        if (!(a->mask >> i & 1))
            continue;
        g7sf_texel *o = &out->px[i];
        /* no texel offsets: the erratum says they must be 0 */
        int64_t x = a->p[G7SF_PARAM_U][i].i, y = a->p[G7SF_PARAM_V][i].i;
        int64_t ai = a->p[G7SF_PARAM_R][i].i, lod = a->p[G7SF_PARAM_LOD][i].i;
        uint32_t si = a->p[G7SF_PARAM_SI][i].u, w = 0, h = 0;
        bool in = lod >= 0 && lod <= t->mip_count && ai >= 0 && ai < t->array_len;
        if (in) {
            g7sf_surface_level_size(s, t->surface_min_lod + (unsigned)lod, &w, &h, NULL);
            in = x >= 0 && x < w && y >= 0 && y < h && (mcs_op || si < s->samples);
        }
        if (!in) {
            if (mcs_op)
                *o = (g7sf_texel){ .u = { 0, 0, 0, 1 } };
            else
                smp_zero_texel(c, o);
            continue;
        }
        const unsigned plod = t->surface_min_lod + (unsigned)lod;
        const uint32_t slice = t->min_array_element + (uint32_t)ai;
        /* an opt-in surface: the tile's control code (ld_mcs returns it in
         * .y; ld2dms / ld2dss decode an INDEX tile, whatever the MCS) */
        const int code = tiles ? tile_code(c, (uint32_t)x, (uint32_t)y, slice) : 0;
        if (rd.l1)   /* the control byte's line, read even when garbage */
            l1_touch_control(&rd, s, (uint32_t)x, (uint32_t)y, slice);
        if (code < 0) {
            smp_zero_texel(c, o);
            continue;
        }
        if (mcs_op) {
            load_mcs(c, (uint32_t)x, (uint32_t)y, slice, plod, o);
            if (tiles)
                o->u[1] = (uint32_t)code;
            if (rd.l1) {
                l1_touch_mcs(&rd, L1_EXT, (uint32_t)x, (uint32_t)y, slice, plod);
                l1_touch_mcs(&rd, L1_GEN7, (uint32_t)x, (uint32_t)y, slice, plod);
            }
            continue;
        }
        if (code == G7SF_MSAA_CTRL_INDEX) {
            if (!index_sample(c, &itile, &rd, (uint32_t)x, (uint32_t)y, slice, si, o))
                smp_zero_texel(c, o);
            continue;
        }
        /* ld2dss names the slice; ld2dms maps the sample through the MCS */
        int phys = c->op == G7SF_OP_LD2DMS && compressed
                       ? mcs_slice(a->p[G7SF_PARAM_MCS][i].u, s->samples, si) : (int)si;
        if (phys < 0) {
            clear_texel(c, o);
            continue;
        }
        if (rd.l1) {   /* the same plane line in both schemes */
            l1_touch_plane(&rd, L1_EXT, s, (uint32_t)x, (uint32_t)y, slice, plod, (unsigned)phys);
            l1_touch_plane(&rd, L1_GEN7, s, (uint32_t)x, (uint32_t)y, slice, plod, (unsigned)phys);
        }
        smp_fetch(c, plod, (uint32_t)x, (uint32_t)y, slice, (unsigned)phys, o);
    }
    if (rd.missed[L1_EXT] || rd.missed[L1_GEN7])
        msaa_tile_count_read(c->gpu, rd.missed[L1_EXT], rd.missed[L1_GEN7]);
    return 0;
}
