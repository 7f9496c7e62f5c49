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
 * bytes are counted then).  False with c->err set when the bits are
 * malformed (G7SF_ESTATE) or unreadable. */
static bool index_sample(smp_ctx *c, index_tile *it, uint32_t x, uint32_t y, uint32_t slice,
                         unsigned si, g7sf_texel *o)
{
    const g7sf_surface *s = &c->tex->surf;
    const unsigned n = s->samples, mb = msaa_mcs_bytes(n);
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
        msaa_tile_count_read(c->gpu, 32u * mb, 0);
        if (g7sf_msaa_tile_decode(bits, n, &clear, it->colours, NULL)) {
            c->err = c->err ? c->err : G7SF_ESTATE;
            return false;
        }
        it->valid = true;
        it->tx = x / 8, it->ty = y / 4, it->slice = slice;
    }
    memcpy(unit, &it->colours[((y % 4) * 8 + x % 8) * n + si], 4);
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
    const unsigned mb = msaa_mcs_bytes(s->samples);
    index_tile itile;
    itile.valid = false;
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
        if (code < 0) {
            smp_zero_texel(c, o);
            continue;
        }
        if (mcs_op) {
            load_mcs(c, (uint32_t)x, (uint32_t)y, slice, plod, o);
            if (tiles) {
                o->u[1] = (uint32_t)code;
                msaa_tile_count_read(c->gpu, 1 + mb, mb);
            }
            continue;
        }
        if (code == G7SF_MSAA_CTRL_INDEX) {
            if (!index_sample(c, &itile, (uint32_t)x, (uint32_t)y, slice, si, o))
                smp_zero_texel(c, o);
            msaa_tile_count_read(c->gpu, 1, 4);
            continue;
        }
        if (tiles)
            msaa_tile_count_read(c->gpu, 1 + 4, 4);
        /* ld2dss names the slice; ld2dms maps the sample through the MCS */
        int phys = c->op == G7SF_OP_LD2DMS && compressed
                       ? mcs_slice(a->p[G7SF_PARAM_MCS][i].u, s->samples, si) : (int)si;
        if (phys < 0)
            clear_texel(c, o);
        else
            smp_fetch(c, plod, (uint32_t)x, (uint32_t)y, slice, (unsigned)phys, o);
    }
    return 0;
}
