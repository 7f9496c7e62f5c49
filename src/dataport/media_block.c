/* Media Block Read/Write (§3.9.6) at function level: a rectangle of bytes
 * of a 2D surface, reads replicating the edge pixel out of bounds and
 * following the Media Boundary Pixel Mode rows of §3.6.2, writes outside
 * the surface dropped. */
#include <string.h>

#include "core/tiling.h"
#include "dp.h"

/* Surface checks of §3.9.6 restrictions 1, 4, 9 and the boundary table's
 * field arithmetic (the message's desc[10:8] may override the state's line
 * stride: field >= 0). */
int g7sf_dp_media_surface_from_state(const g7sf_render_surface_state *state, int field,
                                     unsigned field_offset, g7sf_dp_media_surface *m,
                                     const char **why_out)
{
    if (!state || !m || field > 1 || field_offset > 1)
        return G7SF_EINVAL;
    const g7sf_render_surface_state ss = *state;
    memset(m, 0, sizeof *m);
    if (ss.surface_type == G7SF_SURFTYPE_NULL) {
        m->null = true;
        return 0;
    }
    const char *why = NULL;
    g7sf_surface *s = &m->s;
    if (g7sf_surface_from_state(&ss, s))
        why = "describes no valid surface";
    else if (s->type != G7SF_SURFTYPE_2D || s->depth != 1 || s->levels != 1 || s->samples != 1)
        why = "is not a single-level, non-arrayed SURFTYPE_2D";
    else if (s->block_w != 1 || s->block_h != 1 || s->bpb < 8 || (s->bpb & (s->bpb - 1)))
        /* the boundary rules name 8, 16 and 32 bpp, "hardware behavior for
         * any other surface types is undefined" (spec 8629-8650): 64 and 128
         * replicate their whole pixel alike (docs/spec-notes.md); 24, 48 and
         * 96-bit pixels are refused */
        why = "has a block-compressed, sub-byte or 24/48/96-bit format";
    else if (s->base % 32 || (s->tiling == G7SF_TILING_LINEAR && s->pitch % 64))
        why = "needs a 32-byte aligned base and (linear) a pitch multiple of 64";
    else if (ss.media_boundary_pixel_mode == 1)
        why = "has the reserved Media Boundary Pixel Mode 1";
    bool override = field >= 0;
    m->stride = override ? (unsigned)field : ss.vertical_line_stride;
    m->offset = m->stride ? (override ? field_offset : ss.vertical_line_stride_offset) : 0;
    m->frame_rows = s->height << ss.vertical_line_stride;
    if (!why && m->stride && m->frame_rows % 2)
        why = "has an odd frame height accessed as a field";
    unsigned tile_rows = s->tiling == G7SF_TILING_X ? 8 : s->tiling == G7SF_TILING_Y ? 32 : 1;
    uint64_t span = (uint64_t)s->pitch * ((s->y_offset + m->frame_rows + tile_rows - 1) / tile_rows *
                                         tile_rows);
    if (!why && (uint64_t)s->base + span > 0x100000000ull)
        why = "passes 4 GiB";
    if (why) {
        if (why_out)
            *why_out = why;
        return G7SF_ESTATE;
    }
    m->bpp = s->bpb / 8;
    m->row_bytes = s->width * m->bpp;
    m->rows = m->stride ? m->frame_rows / 2 : m->frame_rows;
    m->mode = ss.media_boundary_pixel_mode;
    switch (ss.surface_format) {
    case G7SF_FORMAT_YCRCB_NORMAL: case G7SF_FORMAT_YCRCB_SWAPUV: m->y_byte = 0; break;
    case G7SF_FORMAT_YCRCB_SWAPY:  case G7SF_FORMAT_YCRCB_SWAPUVY: m->y_byte = 1; break;
    default: m->y_byte = -1;
    }
    return 0;
}

/* §3.6.2: the memory row a read of logical row y uses (the table's rows). */
static uint32_t read_row(const g7sf_dp_media_surface *m, int64_t y)
{
    int64_t last = (int64_t)m->frame_rows - 1, row;
    if (m->stride && m->mode == G7SF_MEDIA_BOUNDARY_PROGRESSIVE_FRAME)   /* clamp to the frame, not the field */
        row = 2 * y + m->offset;
    else if (!m->stride && m->mode == G7SF_MEDIA_BOUNDARY_INTERLACED_FRAME && (y < 0 || y > last))
        row = y < 0 ? (y & 1) : last - ((y - last) & 1);  /* nearest row of the same field */
    else
        return (uint32_t)((y < 0 ? 0 : y >= m->rows ? m->rows - 1 : y) * (m->stride + 1) + m->offset);
    return (uint32_t)(row < 0 ? 0 : row > last ? last : row);
}

/* Byte column a read of column x takes: the edge pixel's own byte out of
 * bounds; YCRCB pairs keep their chroma and take the edge pixel's Y. */
static uint32_t read_column(const g7sf_dp_media_surface *m, int64_t x)
{
    if (x >= 0 && x < m->row_bytes)
        return (uint32_t)x;
    uint32_t edge = x < 0 ? 0 : m->row_bytes / m->bpp - 1;
    uint32_t in_pixel = (uint32_t)(x & (m->bpp - 1));
    if (m->y_byte < 0)
        return edge * m->bpp + in_pixel;
    if ((int)in_pixel == m->y_byte)
        return edge * 2 + (uint32_t)m->y_byte;
    return (edge & ~1u) * 2 + (uint32_t)(x & 3);
}

/* Moves n bytes at byte column x of memory row `row` (in bounds), in runs
 * that stay inside one 16-byte column of a Y tile (and so of an X tile). */
static int move_bytes(g7sf_gpu *gpu, const g7sf_dp_media_surface *m, uint32_t x, uint32_t row, uint8_t *buf,
                      unsigned n, bool write)
{
    const g7sf_surface *s = &m->s;
    while (n) {
        uint64_t xb = x + (uint64_t)s->x_offset * m->bpp;
        unsigned run = s->tiling == G7SF_TILING_LINEAR ? n : 16 - (unsigned)(xb % 16);
        run = run < n ? run : n;
        uint32_t a = s->base + (uint32_t)g7sf_tiled_offset(s->tiling, s->pitch, xb, row + s->y_offset);
        int r = write ? g7sf_mem_write(gpu, a, buf, run) : g7sf_mem_read(gpu, a, buf, run);
        if (r)
            return r;
        x += run, buf += run, n -= run;
    }
    return 0;
}

/* Bytes a block must be whole in: pixels, or pixel pairs for YCRCB. */
static unsigned pixel_unit(const g7sf_dp_media_surface *m)
{
    return m->null ? 1 : m->y_byte >= 0 ? 4 : m->bpp;
}

static bool bad_block(const g7sf_gpu *gpu, const g7sf_dp_media_surface *m, int64_t x, unsigned w,
                      const void *buf, size_t pitch, bool write)
{
    /* a g7sf_dp_media_surface a caller built must hold what
     * g7sf_dp_media_surface_from_state would give: pixels of 1-16 bytes,
     * a power of two, rows of whole pixels (read_column's edge pixel must
     * exist), rows and fields that fit the frame */
    if (!m || (!m->null && (m->bpp == 0 || m->bpp > 16 || (m->bpp & (m->bpp - 1)) ||
                            m->y_byte < -1 || m->y_byte > 1 || m->stride > 1 ||
                            m->offset > m->stride || m->row_bytes < m->bpp ||
                            m->row_bytes % m->bpp || m->rows == 0 ||
                            (uint64_t)m->rows * (m->stride + 1) > m->frame_rows)))
        return true;
    unsigned unit = pixel_unit(m);
    return !gpu || !buf || w == 0 || w > 32 || pitch < w || x % unit || w % unit ||
           (write && (x % 4 || w % 4)) || x < INT32_MIN || x > INT32_MAX;
}

int g7sf_dp_media_block_read(g7sf_gpu *gpu, const g7sf_dp_media_surface *m, int64_t x,
                             int64_t y, unsigned w, unsigned h, uint8_t *dst, size_t dst_pitch)
{
    uint32_t col[32], lo = UINT32_MAX, hi = 0;
    if (bad_block(gpu, m, x, w, dst, dst_pitch, false) || y < INT32_MIN || y > INT32_MAX)
        return G7SF_EINVAL;
    if (m->null) {
        for (unsigned r = 0; r < h; r++)
            memset(dst + r * dst_pitch, 0, w);
        return 0;
    }
    for (unsigned i = 0; i < w; i++) {
        col[i] = read_column(m, x + i);
        lo = col[i] < lo ? col[i] : lo;
        hi = col[i] > hi ? col[i] : hi;
    }
    for (unsigned r = 0; r < h; r++) {
        uint8_t span[48];   /* at most 32 columns and one 16-byte edge pixel */
        int e = move_bytes(gpu, m, lo, read_row(m, y + r), span, hi - lo + 1, false);
        if (e)
            return e;
        for (unsigned i = 0; i < w; i++)
            dst[r * dst_pitch + i] = span[col[i] - lo];
    }
    return 0;
}

int g7sf_dp_media_block_write(g7sf_gpu *gpu, const g7sf_dp_media_surface *m, int64_t x,
                              int64_t y, unsigned w, unsigned h, const uint8_t *src,
                              size_t src_pitch, const uint8_t *row_mask)
{
    if (bad_block(gpu, m, x, w, src, src_pitch, true) || y < INT32_MIN || y > INT32_MAX)
        return G7SF_EINVAL;
    if (m->null)
        return 0;
    for (unsigned r = 0; r < h; r++) {
        int64_t yr = y + r;
        if (yr < 0 || yr >= m->rows)
            continue;
        uint32_t row = (uint32_t)yr * (m->stride + 1) + m->offset;
        for (unsigned d = 0; d < w / 4; d++) {
            int64_t x0 = x + 4 * d, x1 = x0 + 4;
            x0 = x0 < 0 ? 0 : x0;
            x1 = x1 > m->row_bytes ? m->row_bytes : x1;
            if ((row_mask && !(row_mask[r] >> d & 1)) || x0 >= x1)
                continue;
            uint8_t buf[4];
            memcpy(buf, src + r * src_pitch + (x0 - x), (size_t)(x1 - x0));
            int e = move_bytes(gpu, m, (uint32_t)x0, row, buf, (unsigned)(x1 - x0), true);
            if (e)
                return e;
        }
    }
    return 0;
}
