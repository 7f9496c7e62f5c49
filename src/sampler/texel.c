/* Texel fetch (§2.3): reading and decoding texels through a small cache of
 * decoded units, the border colour, and the prefilter operations that act
 * on each texel before filtering (chroma key §2.3.1, shadow compare §2.4).
 * Palette lookup and sRGB linearisation (§2.6) happen in the format
 * decode. */
#include <string.h>

#include "core/gpu.h"
#include "core/memory.h"
#include "core/tiling.h"
#include "inplace.h"
#include "unit_cache.h"

static uint8_t log2u(unsigned v)
{
    return (uint8_t)__builtin_ctz(v);
}

void smp_fetch_init(smp_ctx *c)
{
    const struct g7sf_format_info *f = c->fmt;
    const g7sf_surface *s = &c->tex->surf;
    memset(c->cache.valid, 0, sizeof c->cache.valid);
    /* unit and block sizes are powers of two (1 to 8): shifts, not divisions */
    c->unit_wshift = log2u(f->unit_w), c->unit_hshift = log2u(f->unit_h);
    c->block_wshift = log2u(s->block_w), c->block_hshift = log2u(s->block_h);
    c->block_bytes = s->bpb / 8;
    c->fast = (uint8_t)smp_fast_kind(c->tex->format);
    /* the fast formats are one texel per unit: read them in place unless
     * the reference path is asked for (smp_reference); RGBA16F's decode
     * (four half conversions) costs more than a cache hit, so it keeps the
     * cache */
    c->direct = c->fast != SMP_FAST_NONE && c->fast != SMP_FAST_RGBA16F && !smp_reference();
    if (c->fast != SMP_FAST_NONE)
        smp_fast_init();
    c->page_host = NULL;
    c->unit_shift = 0;
    while ((2u << c->unit_shift) <= f->unit_bytes)
        c->unit_shift++;
    c->cache.lines = SMP_CACHE_TEXELS >> (c->unit_wshift + c->unit_hshift);
}

static inline int unit_address(const smp_ctx *c, const smp_image *m, uint32_t ux, uint32_t uy,
                               uint32_t *addr)
{
    return smp_unit_address(c, m, ux, uy, addr);
}

/* The texel of a fetch that failed: zero, and the first error kept
 * (G7SF_EFAULT past 4 GiB; G7SF_ESTATE for a level, slice or sample the
 * surface does not have, which only a hand-built view reaches).  The
 * callers return here before touching the address, which the failed
 * computation left unset (passing it on let clang -O1/-O2 fold the
 * failure check away and dereference NULL). */
static const g7sf_texel *fetch_failed(smp_ctx *c, int err)
{
    static const g7sf_texel zero;
    if (!c->err)
        c->err = err == G7SF_EFAULT ? G7SF_EFAULT : G7SF_ESTATE;
    return &zero;
}

/* Texel (x, y) of the unit at addr, through the cache (valid until the
 * next fetch). */
static inline const g7sf_texel *unit_texel(smp_ctx *c, uint32_t addr, uint32_t x, uint32_t y)
{
    uint32_t dx = x & ((1u << c->unit_wshift) - 1), dy = y & ((1u << c->unit_hshift) - 1);
    return &smp_unit_texels(c, addr)[(dy << c->unit_wshift) + dx];
}

/* Texel (x, y) of image m of a single-sampled surface laid out in 2D (not a
 * buffer, not planar). */
static inline const g7sf_texel *texel_2d(smp_ctx *c, const smp_image *m, uint32_t x,
                                         uint32_t y)
{
    /* from the unit's first texel: YCRCB pairs share a 32-bit unit of 2 pixels */
    uint32_t addr = 0;
    int err = unit_address(c, m, x >> c->unit_wshift << c->unit_wshift,
                           y >> c->unit_hshift << c->unit_hshift, &addr);
    return err ? fetch_failed(c, err) : unit_texel(c, addr, x, y);
}

static void fetch_planar(smp_ctx *c, unsigned lod, uint32_t x, uint32_t y, uint32_t z,
                         g7sf_texel *out)
{
    g7sf_surface uv;
    uint32_t ya, uva;
    uint8_t luma = 0, chroma[2] = { 0, 0 };
    if (g7sf_surface_texel_address(&c->tex->surf, x, y, z, lod, 0, &ya) ||
        g7sf_surface_uv_plane(&c->tex->surf, &uv) ||
        g7sf_surface_texel_address(&uv, x / 2, y / 2, z, lod, 0, &uva) ||
        g7sf_mem_read(c->gpu, ya, &luma, 1) || g7sf_mem_read(c->gpu, uva, chroma, 2))
        c->err = c->err ? c->err : G7SF_EFAULT;
    g7sf_planar_420_8_decode(luma, chroma, out);
}

void smp_fetch_2d(smp_ctx *c, const smp_image *m, unsigned lod, uint32_t x, uint32_t y,
                  uint32_t z, g7sf_texel *t)
{
    uint32_t addr;
    const uint8_t *p;
    if (c->direct && !smp_unit_address(c, m, x, y, &addr) &&
        (p = smp_host_bytes(c, addr, c->block_bytes)) != NULL)
        smp_decode_direct(c, p, t);
    else
        smp_fetch(c, lod, x, y, z, 0, t);
}

const g7sf_texel *smp_texel_cached(smp_ctx *c, const smp_image *m, uint32_t x, uint32_t y)
{
    return texel_2d(c, m, x, y);
}

void smp_fetch(smp_ctx *c, unsigned lod, uint32_t x, uint32_t y, uint32_t z,
               unsigned sample, g7sf_texel *out)
{
    const g7sf_surface *s = &c->tex->surf;
    if (c->fmt->layout == G7SF_LAYOUT_PLANAR) {
        fetch_planar(c, lod, x, y, z, out);
        return;
    }
    if (s->type != G7SF_SURFTYPE_BUFFER && s->samples == 1) {
        *out = *texel_2d(c, smp_image_at(c, lod, z), x, y);
        return;
    }
    uint32_t addr = 0;
    int err = s->type == G7SF_SURFTYPE_BUFFER
              ? g7sf_buffer_address(s, x, 0, &addr)
              : g7sf_surface_texel_address(s, x >> c->unit_wshift << c->unit_wshift,
                                           y >> c->unit_hshift << c->unit_hshift, z, lod,
                                           sample, &addr);
    *out = err ? *fetch_failed(c, err) : *unit_texel(c, addr, x, y);
}

/* For the chroma key of texel (x, y, zs) of L: the texel whose chroma is
 * averaged in when x has none of its own (the second of a YCrCb pair), the
 * next pair's first; NULL when x has its own or is the level's last. */
static const g7sf_texel *key_right(smp_ctx *c, const smp_level *L, uint32_t x, uint32_t y,
                                   uint32_t zs, g7sf_texel *buf)
{
    if (!c->chroma || c->fmt->layout != G7SF_LAYOUT_YCRCB || !(x & 1) || x + 1 >= L->size[0])
        return NULL;
    smp_fetch(c, L->lod, x + 1, y, zs, 0, buf);
    return buf;
}

/* Chroma key (KEYFILTER_REPLACE_BLACK makes a matching texel black, in the
 * YCrCb sense for YCrCb formats) and shadow compare on one texel; right as
 * key_right's. */
static void prefilter(smp_ctx *c, g7sf_texel *t, const g7sf_texel *right)
{
    if (c->chroma && smp_chroma_match(c, t, right)) {
        if (c->smp->state.chromakey_mode == G7SF_KEYFILTER_KILL_ON_ANY_MATCH) {
            c->chroma_matched = true;
        } else if (c->fmt->layout == G7SF_LAYOUT_YCRCB) {
            t->f[0] = t->f[2] = 128.0f / 255.0f, t->f[1] = 16.0f / 255.0f, t->f[3] = 0.0f;
        } else {
            memset(t, 0, sizeof *t);
        }
    }
    if (c->compare)
        smp_compare_texel(c, t);
}

/* Whether slice `slice` of a cube view is a face its Cube Face Enables
 * (RENDER_SURFACE_STATE DW0 5:0, L2163-2177) disable: "that face is
 * represented by the texture map's border color".  The field's bits run
 * -X +X -Y +Y -Z +Z from bit 5 down, the faces (enum g7sf_cube_face)
 * +X -X +Y -Y +Z -Z from 0 up.  Faces count from Minimum Array Element
 * (smp_slice). */
bool smp_face_disabled(const smp_ctx *c, uint32_t slice)
{
    unsigned f = smp_cube_face(slice, c->tex->min_array_element);
    return !(c->tex->cube_face_enables >> (4 - 2 * (f / 2) + (f & 1)) & 1);
}

/* The prefiltered texel at (x, y, z) of slice `slice` of level L through
 * the address modes.  A texel of a disabled cube face is the border
 * colour, whatever the address mode (docs/spec-notes.md): each texel of a
 * footprint, each face a TEXCOORDMODE_CUBE crossing reaches, each texel of
 * a gather. */
static void texel_addressed(smp_ctx *c, const smp_level *L, int64_t x, int64_t y, int64_t z,
                            uint32_t slice, g7sf_texel *out)
{
    if (c->cube && smp_face_disabled(c, slice)) {
        *out = c->border;
        prefilter(c, out, NULL);
        return;
    }
    const int64_t in[3] = { x, y, z };
    int32_t idx[3] = { 0, 0, 0 }, edge[3] = { 0, 0, 0 };
    bool outside = false, half = false;
    for (unsigned k = 0; k < c->dims; k++) {
        idx[k] = smp_address(c->mode[k], in[k], L->size[k], &edge[k]);
        if (idx[k] == SMP_OUTSIDE) {
            outside = true;
            half |= c->mode[k] == 6;
            idx[k] = edge[k];
        }
    }
    if (outside && !half) {
        *out = c->border;
        prefilter(c, out, NULL);
        return;
    }
    uint32_t zs = c->dims == 3 ? (uint32_t)idx[2] : slice;
    g7sf_texel buf;
    smp_fetch(c, L->lod, (uint32_t)idx[0], (uint32_t)idx[1], zs, 0, out);
    if (half)   /* TEXCOORDMODE_HALF_BORDER: halfway to the border colour */
        for (unsigned i = 0; i < 4; i++)
            out->f[i] = 0.5f * (out->f[i] + c->border.f[i]);
    prefilter(c, out, half ? NULL : key_right(c, L, (uint32_t)idx[0], (uint32_t)idx[1], zs, &buf));
}

static int64_t clamp64(int64_t v, uint32_t n)
{
    return v < 0 ? 0 : v >= n ? (int64_t)n - 1 : v;
}

/* TEXCOORDMODE_CUBE past a face edge: the neighbour face's texel.  Past a
 * corner no single texel is adjacent; the PRM allows artifacts there, and
 * we return the mean of the three texels that meet at the corner (this
 * face's corner texel and the two across its edges), as GL suggests.  The
 * mean is a filter step: the prefilter (shadow compare) acts on the three
 * surface texels before it, as on every other texel of a footprint. */
static void texel_cube(smp_ctx *c, const smp_level *L, int64_t x, int64_t y, g7sf_texel *out)
{
    uint32_t n = L->size[0], slice = L->slice;
    if (smp_cube_cross(n, c->tex->min_array_element, &x, &y, &slice)) {
        texel_addressed(c, L, x, y, 0, slice, out);
        return;
    }
    int64_t cx = clamp64(x, n), cy = clamp64(y, n);
    const int64_t side[2][2] = { { x, cy }, { cx, y } };
    texel_addressed(c, L, cx, cy, 0, L->slice, out);
    for (unsigned e = 0; e < 2; e++) {
        int64_t sx = side[e][0], sy = side[e][1];
        uint32_t ss = L->slice;
        g7sf_texel t;
        smp_cube_cross(n, c->tex->min_array_element, &sx, &sy, &ss);
        texel_addressed(c, L, sx, sy, 0, ss, &t);
        for (unsigned i = 0; i < 4; i++)
            out->f[i] += t.f[i];
    }
    for (unsigned i = 0; i < 4; i++)
        out->f[i] *= 1.0f / 3.0f;
}

void smp_texel_at(smp_ctx *c, const smp_level *L, int64_t x, int64_t y, int64_t z,
                  g7sf_texel *out)
{
    if (c->cube && c->mode[0] == 3 && (x < 0 || y < 0 || x >= L->size[0] || y >= L->size[1]))
        texel_cube(c, L, x, y, out);   /* its texels are prefiltered before their mean */
    else
        texel_addressed(c, L, x, y, z, L->slice, out);
}

void smp_tap(smp_ctx *c, const smp_level *L, int64_t x, int64_t y, int64_t z, float w,
             float acc[4])
{
    g7sf_texel t;
    if (c->reduce) {   /* min/max: only texels of non-zero weight count */
        if (w != 0.0f) {
            smp_texel_at(c, L, x, y, z, &t);
            smp_reduce_fold(c, acc, t.f);
        }
        return;
    }
    smp_texel_at(c, L, x, y, z, &t);
    for (unsigned i = 0; i < 4; i++)
        acc[i] += w * t.f[i];
}

void smp_quad(smp_ctx *c, const smp_level *L, const uint32_t x[2], const uint32_t y[2],
              const float wt[4], float acc[4])
{
    const smp_image *m = smp_image_at(c, L->lod, L->slice);
    bool pre = c->chroma || c->compare;
    for (unsigned j = 0; j < 4; j++) {
        if (wt[j] == 0.0f)
            continue;
        g7sf_texel d;
        const g7sf_texel *t = &d;
        if (c->direct)
            smp_fetch_2d(c, m, L->lod, x[j & 1], y[j >> 1], L->slice, &d);
        else
            t = texel_2d(c, m, x[j & 1], y[j >> 1]);
        g7sf_texel p, buf;
        if (pre) {
            p = *t;
            prefilter(c, &p, key_right(c, L, x[j & 1], y[j >> 1], L->slice, &buf));
            t = &p;
        }
        if (c->reduce) {
            smp_reduce_fold(c, acc, t->f);
            continue;
        }
        for (unsigned i = 0; i < 4; i++)
            acc[i] += wt[j] * t->f[i];   /* as smp_tap: the same NaN wins */
    }
}
