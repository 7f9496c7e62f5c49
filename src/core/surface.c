/* Surface layout: where each level, slice and sample of a surface lies in
 * its 2D layout, and from there in memory (docs/spec-notes.md, "Surface
 * layout", records each rule and where it comes from).
 *
 * Positions are in "layout pixels": pixels, or samples of a DEPTH_STENCIL
 * multisampled surface; a compressed block covers block_w x block_h of them
 * and one memory row of blocks covers block_h layout rows. */
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "core/tiling.h"

#define SPACE_END 0x100000000ull   /* 4 GiB */

static uint32_t minify(uint32_t v, unsigned lod)
{
    v = lod < 32 ? v >> lod : 0;
    return v ? v : 1;
}

/* The public queries take any g7sf_surface, validated or not: a zero
 * alignment or block size (which validate refuses) counts as 1 rather than
 * dividing by zero.  The branch is always taken the same way on real
 * surfaces. */
static uint32_t nz(uint32_t v) { return v ? v : 1; }

/* Levels walked by the layout loops: validate allows 15, so a surface it
 * refused (levels or lod up to 2^32) costs at most 16 steps, not a hang. */
enum { LEVELS_WALKED = 16 };
static unsigned walked(unsigned n) { return n < LEVELS_WALKED ? n : LEVELS_WALKED; }

static uint32_t align_up(uint32_t v, uint32_t a) { return (v + nz(a) - 1) / nz(a) * nz(a); }

static uint32_t div_up(uint32_t v, uint32_t d) { return (v + nz(d) - 1) / nz(d); }

static int is_buffer(const g7sf_surface *s)
{
    return s->type == G7SF_SURFTYPE_BUFFER || s->type == G7SF_SURFTYPE_STRBUF;
}

static int interleaved(const g7sf_surface *s)
{
    return s->samples > 1 && s->msfmt == G7SF_MSFMT_DEPTH_STENCIL;
}

/* Compressed formats align levels to one block, whatever HALIGN/VALIGN say. */
static uint32_t align_i(const g7sf_surface *s)
{
    return nz(s->block_w > 1 || s->block_h > 1 ? s->block_w : s->halign);
}

static uint32_t align_j(const g7sf_surface *s)
{
    return nz(s->block_w > 1 || s->block_h > 1 ? s->block_h : s->valign);
}

/* Level 0 in layout pixels: DEPTH_STENCIL multisampling turns each 2x2
 * pixel quad into 4x4 (4x) or 8x4 (8x) samples. */
static void level0_layout(const g7sf_surface *s, uint32_t *w, uint32_t *h)
{
    *w = s->width, *h = s->height;
    if (interleaved(s)) {
        *w = align_up(*w, 2) * (s->samples == 8 ? 4 : 2);
        *h = align_up(*h, 2) * 2;
    }
}

/* Aligned width and height of level l in the layout. */
static uint32_t lw(const g7sf_surface *s, unsigned l)
{
    uint32_t w, h;
    level0_layout(s, &w, &h);
    return align_up(minify(w, l), align_i(s));
}

static uint32_t lh(const g7sf_surface *s, unsigned l)
{
    uint32_t w, h;
    level0_layout(s, &w, &h);
    return align_up(minify(h, l), align_j(s));
}

/* Physical slices of a 1D/2D/cube surface: MSS stores each sample as a slice. */
static uint32_t phys_slices(const g7sf_surface *s)
{
    return s->samples > 1 && s->msfmt == G7SF_MSFMT_MSS ? s->depth * s->samples : s->depth;
}

void g7sf_surface_level_size(const g7sf_surface *s, unsigned lod,
                             uint32_t *w, uint32_t *h, uint32_t *d)
{
    if (w) *w = minify(s->width, lod);
    if (h) *h = minify(s->height, lod);
    if (d) *d = s->type == G7SF_SURFTYPE_3D ? minify(s->depth, lod) : s->depth;
}

uint32_t g7sf_surface_qpitch(const g7sf_surface *s)
{
    if (s->array_spacing == G7SF_ARYSPC_LOD0)
        return lh(s, 0);
    /* Ivy Bridge's ARYSPC_FULL equation: room for LOD0, LOD1 and the column
     * of smaller levels beside LOD1. */
    return lh(s, 0) + lh(s, 1) + 12 * align_j(s);
}

/* 3D: level l holds its minify(depth, l) slices 2^l per row, levels stacked. */
static uint32_t slices_per_row(unsigned l) { return l < 31 ? 1u << l : 1u << 31; }

static void offset_3d(const g7sf_surface *s, unsigned lod, uint32_t z, uint64_t *x,
                      uint64_t *y)
{
    *x = 0, *y = 0;
    for (unsigned l = 0; l < walked(lod); l++)
        *y += (uint64_t)lh(s, l) * div_up(minify(s->depth, l), slices_per_row(l));
    *x += (uint64_t)lw(s, lod) * (z % slices_per_row(lod));
    *y += (uint64_t)lh(s, lod) * (z / slices_per_row(lod));
}

/* 1D/2D/cube: LOD1 below LOD0, LOD2 and smaller stacked right of LOD1. */
static void offset_2d(const g7sf_surface *s, unsigned lod, uint32_t phys_slice,
                      uint64_t *x, uint64_t *y)
{
    *x = 0, *y = (uint64_t)phys_slice * g7sf_surface_qpitch(s);
    for (unsigned l = 0; l < walked(lod); l++) {
        if (l == 1)
            *x += lw(s, 1);
        else
            *y += lh(s, l);
    }
}

/* Origin of a level of a physical slice (3D: z), X/Y Offset included, in 64
 * bits: fields at their maxima overflow 32. */
static void phys_offset(const g7sf_surface *s, unsigned lod, uint32_t phys_slice,
                        uint64_t *x, uint64_t *y)
{
    if (s->type == G7SF_SURFTYPE_3D)
        offset_3d(s, lod, phys_slice, x, y);
    else
        offset_2d(s, lod, phys_slice, x, y);
    *x += s->x_offset, *y += s->y_offset;
}

static uint32_t phys_slice_of(const g7sf_surface *s, uint32_t slice, unsigned sample)
{
    return s->samples > 1 && s->msfmt == G7SF_MSFMT_MSS ? slice * s->samples + sample : slice;
}

void g7sf_surface_image_offset(const g7sf_surface *s, unsigned lod, uint32_t slice,
                               unsigned sample, uint32_t *x, uint32_t *y)
{
    uint64_t x64, y64;
    phys_offset(s, lod, phys_slice_of(s, slice, sample), &x64, &y64);
    *x = (uint32_t)x64, *y = (uint32_t)y64;
}

/* Checks (lod, slice, sample) against the surface. */
static int check_image(const g7sf_surface *s, unsigned lod, uint32_t slice, unsigned sample)
{
    if (!s || is_buffer(s) || s->type == G7SF_SURFTYPE_NULL)
        return G7SF_EINVAL;
    uint32_t d;
    g7sf_surface_level_size(s, lod, NULL, NULL, &d);
    if (lod >= s->levels || slice >= d || sample >= s->samples)
        return G7SF_ERANGE;
    return 0;
}

static int pixel_position64(const g7sf_surface *s, uint32_t x, uint32_t y, uint32_t slice,
                            unsigned lod, unsigned sample, uint64_t *px, uint64_t *py)
{
    int err = check_image(s, lod, slice, sample);
    if (err)
        return err;
    uint32_t w, h;
    g7sf_surface_level_size(s, lod, &w, &h, NULL);
    if (x >= w || y >= h)
        return G7SF_ERANGE;
    if (interleaved(s)) {
        /* Sample bits go between the pixel bits: x gets sample bit 0 (and bit
         * 2 at 8x) above its own bit 0, y gets sample bit 1 above bit 0. */
        uint32_t sx = s->samples == 8 ? (sample & 4) | (sample & 1) << 1 : (sample & 1) << 1;
        x = (x & ~1u) << (s->samples == 8 ? 2 : 1) | sx | (x & 1);
        y = (y & ~1u) << 1 | (sample & 2) | (y & 1);
    }
    phys_offset(s, lod, phys_slice_of(s, slice, sample), px, py);
    *px += x, *py += y;
    return 0;
}

int g7sf_surface_pixel_position(const g7sf_surface *s, uint32_t x, uint32_t y,
                                uint32_t slice, unsigned lod, unsigned sample,
                                uint32_t *px, uint32_t *py)
{
    uint64_t x64, y64;
    int err = pixel_position64(s, x, y, slice, lod, sample, &x64, &y64);
    if (err)
        return err;
    if (x64 > UINT32_MAX || y64 > UINT32_MAX)
        return G7SF_ERANGE;
    *px = (uint32_t)x64, *py = (uint32_t)y64;
    return 0;
}

/* Width and height of one slice's mip chain in layout pixels (2D), or of
 * the whole surface (3D). */
static uint32_t chain_width(const g7sf_surface *s)
{
    uint32_t w = 0;
    if (s->type == G7SF_SURFTYPE_3D) {
        for (unsigned l = 0; l < walked(s->levels); l++) {
            uint32_t d = minify(s->depth, l), n = d < slices_per_row(l) ? d : slices_per_row(l);
            uint32_t lw_n = lw(s, l) * n;
            w = lw_n > w ? lw_n : w;
        }
        return w;
    }
    w = lw(s, 0);
    uint32_t right = s->levels > 1 ? lw(s, 1) : 0;
    if (s->levels > 2)
        right += lw(s, 2);
    return right > w ? right : w;
}

static uint64_t chain_height(const g7sf_surface *s)
{
    uint64_t left = lh(s, 0), right = left;
    if (s->type == G7SF_SURFTYPE_3D) {
        uint64_t x, y;
        offset_3d(s, s->levels, 0, &x, &y);   /* where a next level would start */
        return y;
    }
    if (s->levels > 1)
        left += lh(s, 1);
    for (unsigned l = 2; l < walked(s->levels); l++)
        right += lh(s, l);
    uint64_t h = left > right ? left : right;
    return h + (uint64_t)(phys_slices(s) - 1) * g7sf_surface_qpitch(s);
}

static uint32_t bytes_per_block(const g7sf_surface *s) { return s->bpb / 8; }

static uint64_t entry_size(const g7sf_surface *s)
{
    return s->type == G7SF_SURFTYPE_STRBUF ? s->pitch : bytes_per_block(s);
}

uint32_t g7sf_surface_total_rows(const g7sf_surface *s)
{
    if (is_buffer(s) || s->type == G7SF_SURFTYPE_NULL)
        return s->type == G7SF_SURFTYPE_NULL ? 0 : 1;
    uint64_t rows = (s->y_offset + chain_height(s) + nz(s->block_h) - 1) / nz(s->block_h);
    return rows > UINT32_MAX ? UINT32_MAX : (uint32_t)rows;
}

uint64_t g7sf_surface_size(const g7sf_surface *s)
{
    if (s->type == G7SF_SURFTYPE_NULL)
        return 0;
    if (is_buffer(s))
        return (uint64_t)s->width * entry_size(s);
    uint64_t rows = g7sf_surface_total_rows(s);
    unsigned tr = g7sf_tiling_rows(s->tiling);
    return g7sf_tiled_offset(s->tiling, s->pitch, 0, (rows + tr - 1) / tr * tr);
}

/* Bytes from base to the block at layout pixel (px, py). */
static uint64_t layout_offset(const g7sf_surface *s, uint64_t px, uint64_t py)
{
    return g7sf_tiled_offset(s->tiling, s->pitch, px / nz(s->block_w) * bytes_per_block(s),
                             py / nz(s->block_h));
}

static int to_address(uint32_t base, uint64_t off, uint64_t len, uint32_t *addr)
{
    uint64_t a = base + off;
    if (a + len > SPACE_END)
        return G7SF_EFAULT;
    *addr = (uint32_t)a;
    return 0;
}

int g7sf_surface_texel_address(const g7sf_surface *s, uint32_t x, uint32_t y,
                               uint32_t z_or_array, unsigned lod, unsigned sample,
                               uint32_t *addr)
{
    uint64_t px, py;
    int err = pixel_position64(s, x, y, z_or_array, lod, sample, &px, &py);
    if (err)
        return err;
    if (!addr)
        return G7SF_EINVAL;
    return to_address(s->base, layout_offset(s, px, py), bytes_per_block(s), addr);
}

int g7sf_surface_mcs(const g7sf_surface *s, g7sf_surface *mcs)
{
    if (!s || !mcs || s->samples < 4 || s->msfmt != G7SF_MSFMT_MSS || !s->mcs_enable)
        return G7SF_EINVAL;
    *mcs = (g7sf_surface){
        .type = s->type, .tiling = G7SF_TILING_Y, .base = s->mcs_base,
        .pitch = s->mcs_pitch, .width = s->width, .height = s->height,
        .depth = s->depth, .levels = s->levels,
        .bpb = s->samples == 8 ? 32 : 8, .block_w = 1, .block_h = 1,
        .halign = s->halign, .valign = s->valign,
        .array_spacing = s->array_spacing, .samples = 1,
    };
    return 0;
}

int g7sf_surface_mcs_address(const g7sf_surface *s, uint32_t x, uint32_t y,
                             uint32_t array, unsigned lod, uint32_t *addr)
{
    g7sf_surface mcs;
    int err = g7sf_surface_mcs(s, &mcs);
    return err ? err : g7sf_surface_texel_address(&mcs, x, y, array, lod, 0, addr);
}

uint32_t g7sf_buffer_entries(uint32_t width_field, uint32_t height_field,
                             uint32_t depth_field, int raw)
{
    uint32_t d = depth_field & (raw ? 0x3FFu : 0x3Fu);
    return ((d << 21) | (height_field & 0x3FFFu) << 7 | (width_field & 0x7Fu)) + 1;
}

int g7sf_buffer_address(const g7sf_surface *s, uint32_t index, uint32_t offset,
                        uint32_t *addr)
{
    if (!s || !addr || !is_buffer(s))
        return G7SF_EINVAL;
    if (index >= s->width)
        return G7SF_ERANGE;
    return to_address(s->base, (uint64_t)index * entry_size(s) + offset, 1, addr);
}

int g7sf_surface_uv_plane(const g7sf_surface *s, g7sf_surface *uv)
{
    if (!s || !uv || !s->planar)
        return G7SF_EINVAL;
    *uv = *s;
    uv->planar = 0;
    uv->width = div_up(s->width, 2), uv->height = div_up(s->height, 2);
    uv->bpb = 16, uv->block_w = uv->block_h = 1;
    /* The UV X offset counts Y-plane pixels, one byte each: half as many
     * two-byte UV pixels. */
    uv->x_offset = s->uv_x_offset / 2, uv->y_offset = s->uv_y_offset;
    return 0;
}

static int is_pow2(uint32_t v) { return v && !(v & (v - 1)); }

int g7sf_surface_validate(const g7sf_surface *s)
{
    if (!s)
        return G7SF_EINVAL;
    if (s->type == G7SF_SURFTYPE_NULL)
        return 0;   /* every other field is ignored */
    if (s->type > G7SF_SURFTYPE_STRBUF || s->tiling > G7SF_TILING_W)
        return G7SF_ESTATE;
    if (!s->bpb || s->bpb % 8 || s->bpb > 128 || !s->block_w || !s->block_h ||
        s->block_w > 8 || s->block_h > 8)
        return G7SF_EINVAL;
    if (is_buffer(s)) {
        /* entries - 1 spread over 27 bits (RAW: 31; the struct has no format,
         * so any 8-bit BUFFER gets the RAW limit); STRBUF pitch 1..2048 */
        uint32_t max = s->bpb == 8 && s->type == G7SF_SURFTYPE_BUFFER ? 1u << 31 : 1u << 27;
        if (s->tiling != G7SF_TILING_LINEAR || !s->width || s->width > max ||
            (s->type == G7SF_SURFTYPE_STRBUF && (!s->pitch || s->pitch > 2048)))
            return G7SF_ESTATE;
        return 0;
    }
    const uint32_t max_wh = s->type == G7SF_SURFTYPE_3D ? 2048 : 16384;
    if (!s->width || s->width > max_wh || !s->height || s->height > 16384 ||
        !s->depth || s->depth > 2048 || !s->levels || s->levels > 15 ||
        (s->type == G7SF_SURFTYPE_1D && s->height != 1) ||
        (s->type == G7SF_SURFTYPE_CUBE && (s->depth % 6 || s->width != s->height)))
        return G7SF_ESTATE;
    if ((s->halign != 4 && s->halign != 8) || (s->valign != 2 && s->valign != 4) ||
        s->array_spacing > G7SF_ARYSPC_LOD0 || s->msfmt > G7SF_MSFMT_DEPTH_STENCIL)
        return G7SF_ESTATE;
    if (s->samples != 1) {
        /* Multisampled: 2D, one level; MSS also needs ARYSPC_LOD0 (L2119-2122). */
        if ((s->samples != 4 && s->samples != 8) || s->type != G7SF_SURFTYPE_2D ||
            s->levels != 1 ||
            (s->msfmt == G7SF_MSFMT_MSS && s->array_spacing != G7SF_ARYSPC_LOD0))
            return G7SF_ESTATE;
        if (s->mcs_enable && (s->msfmt != G7SF_MSFMT_MSS || s->mcs_base % 4096 ||
                              !s->mcs_pitch || s->mcs_pitch % 128 || s->mcs_pitch > 512 * 128))
            return G7SF_ESTATE;
        /* The MCS is a surface of its own (g7sf_surface_mcs): its rows must
         * fit MCS Surface Pitch as the surface's fit Surface Pitch, or MCS
         * addresses leave the MCS (a 16384-pixel 4x surface with a 128-byte
         * MCS pitch once validated, fuzz_surface). */
        g7sf_surface mcs;
        if (s->mcs_enable && (g7sf_surface_mcs(s, &mcs) || g7sf_surface_validate(&mcs)))
            return G7SF_ESTATE;
    }
    /* Surface Pitch: 18-bit field; whole tiles and a 4 KiB base when tiled;
     * X/Y Offset only on tiled surfaces, 4-pixel and 2-row units. */
    if (!s->pitch || s->pitch > 1u << 18 || s->x_offset > 508 || s->x_offset % 4 ||
        s->y_offset > 30 || s->y_offset % 2)
        return G7SF_ESTATE;
    if (s->tiling == G7SF_TILING_LINEAR) {
        if (s->x_offset || s->y_offset)
            return G7SF_ESTATE;
    } else {
        /* A block must not straddle tile columns: power-of-two blocks only;
         * W tiling holds 8-bit stencil only. */
        if (s->pitch % g7sf_tiling_span(s->tiling) || s->base % 4096 ||
            !is_pow2(bytes_per_block(s)) ||
            (s->tiling == G7SF_TILING_W && (s->bpb != 8 || s->block_w != 1 || s->block_h != 1)))
            return G7SF_ESTATE;
    }
    uint64_t row_bytes = (uint64_t)div_up(s->x_offset + chain_width(s), s->block_w) *
                         bytes_per_block(s);
    uint32_t row_pitch = s->tiling == G7SF_TILING_W ? s->pitch / 2 : s->pitch;
    if (row_bytes > row_pitch)
        return G7SF_ESTATE;
    if (s->planar && (s->uv_x_offset > 16383 || s->uv_y_offset > 16383 ||
                      s->uv_x_offset % 2 || s->uv_y_offset % 2))
        return G7SF_ESTATE;
    /* The UV plane's rows, from X Offset for UV Plane on, must fit the
     * pitch too, or its addresses leave the surface (a UV origin 16128
     * bytes into a 64-byte pitch once validated, fuzz_surface). */
    g7sf_surface uv;
    if (s->planar && (g7sf_surface_uv_plane(s, &uv) ||
                      (uint64_t)(uv.x_offset + chain_width(&uv)) * bytes_per_block(&uv) > row_pitch))
        return G7SF_ESTATE;
    return 0;
}

/* Copies a level of a physical slice row by row, each row in the longest
 * runs the tiling keeps contiguous. */
static int copy_level(g7sf_gpu *gpu, const g7sf_surface *s, unsigned lod, uint32_t slice,
                      uint8_t *host, size_t host_pitch, int write)
{
    if (!gpu || !host)
        return G7SF_EINVAL;
    int err = g7sf_surface_validate(s);
    if (err)
        return err;
    if (is_buffer(s) || s->type == G7SF_SURFTYPE_NULL)
        return G7SF_EINVAL;
    uint32_t d;
    g7sf_surface_level_size(s, lod, NULL, NULL, &d);
    if (lod >= s->levels || slice >= (s->type == G7SF_SURFTYPE_3D ? d : phys_slices(s)))
        return G7SF_ERANGE;
    uint32_t w0, h0;
    level0_layout(s, &w0, &h0);
    const uint32_t bpb = bytes_per_block(s);
    const uint64_t row_bytes = (uint64_t)div_up(minify(w0, lod), s->block_w) * bpb;
    const uint32_t rows = div_up(minify(h0, lod), s->block_h);
    if (host_pitch < row_bytes)
        return G7SF_EINVAL;
    uint64_t px, py;
    phys_offset(s, lod, slice, &px, &py);
    const uint64_t x0 = px / s->block_w * bpb, y0 = py / s->block_h;
    const uint32_t run = g7sf_tiling_run(s->tiling);
    /* Pass 0 only checks every run's address, so that a fault copies nothing. */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t r = 0; r < rows; r++) {
            uint8_t *line = host + (size_t)r * host_pitch;
            for (uint64_t xb = 0; xb < row_bytes;) {
                uint64_t n = run - (x0 + xb) % run;
                if (n > row_bytes - xb)
                    n = row_bytes - xb;
                uint32_t a;
                err = to_address(s->base,
                                 g7sf_tiled_offset(s->tiling, s->pitch, x0 + xb, y0 + r), n, &a);
                if (!err && pass)
                    err = write ? g7sf_mem_write(gpu, a, line + xb, (size_t)n)
                                : g7sf_mem_read(gpu, a, line + xb, (size_t)n);
                if (err)
                    return err;
                xb += n;
            }
        }
    }
    return 0;
}

int g7sf_surface_write_linear(g7sf_gpu *gpu, const g7sf_surface *s, unsigned lod,
                              uint32_t slice, const void *src, size_t src_pitch)
{
    /* copy_level only reads through host when writing. */
    return copy_level(gpu, s, lod, slice, (uint8_t *)(uintptr_t)src, src_pitch, 1);
}

int g7sf_surface_read_linear(g7sf_gpu *gpu, const g7sf_surface *s, unsigned lod,
                             uint32_t slice, void *dst, size_t dst_pitch)
{
    return copy_level(gpu, s, lod, slice, dst, dst_pitch, 0);
}
