/* Media Block Read/Write (§3.9.6): a rectangle of bytes of a 2D surface,
 * rows laid out in registers at a power-of-two pitch, reads replicating
 * the edge pixel out of bounds and following the Media Boundary Pixel Mode
 * rows of §3.6.2; writes outside the surface dropped. */
#include <string.h>

#include "core/gpu.h"
#include "dp.h"
#include "gen7sf/format.h"

/* The block a message addresses, in bytes and rows. */
typedef struct mb_block {
    int64_t x, y;            /* M0.0 / M0.1, signed */
    unsigned w, h;           /* bytes, rows */
    unsigned pitch, subreg;  /* register pitch and Sub-Register Offset, bytes */
    uint32_t pixel_mask;     /* one bit per DWord (PIXEL_MASK mode), all ones otherwise */
} mb_block;

/* The surface as the boundary rules see it. */
typedef struct mb_surface {
    g7sf_surface s;
    uint32_t row_bytes;      /* width in bytes */
    unsigned bpp;            /* bytes per pixel */
    int y_byte;              /* YCRCB: byte of Y inside each pixel (0 or 1); -1 otherwise */
    unsigned stride, offset; /* Vertical Line Stride / Offset in effect */
    uint32_t frame_rows;     /* rows in memory */
    uint32_t rows;           /* rows the access sees (the field's when stride = 1) */
    unsigned mode;           /* Media Boundary Pixel Mode: 0, 2 or 3 */
    bool null;               /* SURFTYPE_NULL: reads 0, writes dropped */
} mb_surface;

enum { MB_NORMAL_MODE = 0, MB_PROGRESSIVE_FRAME = 2, MB_INTERLACED_FRAME = 3 };

/* Largest Block Height per width class (1-4, 5-8, 9-16, 17-32 bytes),
 * Register Pitch Control and Sub-Register Offset / 4, 0 = illegal: the
 * table at spec 8790-8809. */
static const uint8_t max_height[4][4][8] = {
    { { 64, 1, 1, 1, 1, 1, 1, 1 }, { 64, 64, 0, 0, 2, 2, 0, 0 }, { 0 }, { 64, 64, 64, 64, 0, 0, 0, 0 } },
    { { 32, 0, 1, 0, 1, 0, 1, 0 }, { 32, 0, 32, 0, 0, 0, 0, 0 }, { 0 }, { 32, 0, 32, 0, 32, 0, 32, 0 } },
    { { 16, 0, 0, 0, 1, 0, 0, 0 }, { 16, 0, 0, 0, 16, 0, 0, 0 }, { 0 }, { 16, 0, 0, 0, 16, 0, 0, 0 } },
    { { 8 }, { 8 }, { 0 }, { 8 } },
};

static unsigned next_pow2(unsigned v)
{
    unsigned p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

static int header_block(g7sf_msg_ctx *c, const dp_msg_type *t, mb_block *b)
{
    const uint32_t *m0 = c->msg->payload[0].ud;
    bool write = t->flags & DP_WRITE;
    int64_t x = (int32_t)m0[0], y = (int32_t)m0[1];
    if (m0[3] >> 4 & 1) {   /* PIXEL_MASK: 32 bytes x 4 rows, M0.2 the mask */
        *b = (mb_block){ x, y, 32, 4, 32, 0, write ? m0[2] : 0xFFFFFFFFu };
        if (x % 32 || y % 4)
            return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: PIXEL_MASK needs X a multiple of 32 and "
                                 "Y of 4", t->name);
        return 0;
    }
    unsigned w = (m0[2] & 0x1F) + 1, h = ((m0[2] >> 16) & 0x3F) + 1;
    unsigned pc = (m0[2] >> 8) & 3, subreg = (m0[2] >> 24) & 0x1F;
    unsigned base_pitch = next_pow2(w);
    *b = (mb_block){ x, y, w, h, base_pitch * (pc + 1), subreg, 0xFFFFFFFFu };
    if ((pc || subreg) && c->msg->sfid != G7SF_SFID_SAMPLER_CACHE)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Register Pitch Control and Sub-Register "
                             "Offset must be 0 on this port", t->name);
    if (pc && w % 4)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Register Pitch Control needs a DWord "
                             "multiple Block Width, not %u", t->name, w);
    if (b->pitch > 32 || subreg % 4 || subreg % base_pitch)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: register pitch %u / Sub-Register Offset %u "
                             "illegal for width %u", t->name, b->pitch, subreg, w);
    unsigned cls = w <= 4 ? 0 : w <= 8 ? 1 : w <= 16 ? 2 : 3;
    if (h > max_height[cls][pc][subreg / 4])
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: %u x %u block (pitch control %u, offset %u) "
                             "is not a legal combination", t->name, w, h, pc, subreg);
    if (write && (w % 4 || b->x % 4))
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: write X offset and Block Width must be "
                             "DWord aligned", t->name);
    return 0;
}

/* Surface checks of §3.9.6 restrictions 1, 4, 9 and the boundary table's
 * field arithmetic (desc[10:8] overriding the state's line stride). */
static int bind(g7sf_msg_ctx *c, const dp_msg_type *t, mb_surface *m)
{
    g7sf_render_surface_state ss;
    int r = dp_surface_state(c, t, &ss);
    if (r)
        return r;
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
    else if (s->block_w != 1 || s->block_h != 1 || s->bpb == 96)
        why = "has a block-compressed, sub-byte or 96-bit format";
    else if (s->base % 32 || (s->tiling == G7SF_TILING_LINEAR && s->pitch % 64))
        why = "needs a 32-byte aligned base and (linear) a pitch multiple of 64";
    else if (ss.media_boundary_pixel_mode == 1)
        why = "has the reserved Media Boundary Pixel Mode 1";
    bool override = c->fc >> 10 & 1;
    m->stride = override ? c->fc >> 9 & 1 : ss.vertical_line_stride;
    m->offset = m->stride ? (override ? c->fc >> 8 & 1 : ss.vertical_line_stride_offset) : 0;
    m->frame_rows = s->height << ss.vertical_line_stride;
    if (!why && m->stride && m->frame_rows % 2)
        why = "has an odd frame height accessed as a field";
    unsigned tile_rows = s->tiling == G7SF_TILING_X ? 8 : s->tiling == G7SF_TILING_Y ? 32 : 1;
    uint64_t span = (uint64_t)s->pitch * ((s->y_offset + m->frame_rows + tile_rows - 1) / tile_rows *
                                         tile_rows);
    if (!why && (uint64_t)s->base + span > 0x100000000ull)
        why = "passes 4 GiB";
    if (why)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u: surface %s", t->name, c->fc & 0xFF, why);
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
static uint32_t read_row(const mb_surface *m, int64_t y)
{
    int64_t last = (int64_t)m->frame_rows - 1, row;
    if (m->stride && m->mode == MB_PROGRESSIVE_FRAME)   /* clamp to the frame, not the field */
        row = 2 * y + m->offset;
    else if (!m->stride && m->mode == MB_INTERLACED_FRAME && (y < 0 || y > last))
        row = y < 0 ? (y & 1) : last - ((y - last) & 1);  /* nearest row of the same field */
    else
        return (uint32_t)((y < 0 ? 0 : y >= m->rows ? m->rows - 1 : y) * (m->stride + 1) + m->offset);
    return (uint32_t)(row < 0 ? 0 : row > last ? last : row);
}

/* Byte column a read of column x takes: the edge pixel's own byte out of
 * bounds; YCRCB pairs keep their chroma and take the edge pixel's Y. */
static uint32_t read_column(const mb_surface *m, int64_t x)
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
static int move_bytes(g7sf_gpu *gpu, const mb_surface *m, uint32_t x, uint32_t row, uint8_t *buf,
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

static int read_block(g7sf_msg_ctx *c, const mb_surface *m, const mb_block *b)
{
    uint8_t *wb = (uint8_t *)c->wb;
    uint32_t col[32], lo = UINT32_MAX, hi = 0;
    if (m->null) {
        for (unsigned r = 0; r < b->h; r++)
            memset(wb + b->subreg + r * b->pitch, 0, b->w);
        return 0;
    }
    for (unsigned i = 0; i < b->w; i++) {
        col[i] = read_column(m, b->x + i);
        lo = col[i] < lo ? col[i] : lo;
        hi = col[i] > hi ? col[i] : hi;
    }
    for (unsigned r = 0; r < b->h; r++) {
        uint8_t span[48];   /* at most 32 columns and one 16-byte edge pixel */
        int e = move_bytes(c->gpu, m, lo, read_row(m, b->y + r), span, hi - lo + 1, false);
        if (e)
            return e;
        uint8_t *dst = wb + b->subreg + r * b->pitch;
        for (unsigned i = 0; i < b->w; i++)
            dst[i] = span[col[i] - lo];
    }
    return 0;
}

/* Writes the in-bounds bytes of each enabled DWord of each in-bounds row. */
static int write_block(g7sf_msg_ctx *c, const mb_surface *m, const mb_block *b)
{
    const uint8_t *src = (const uint8_t *)g7sf_msg_data(c, 0);
    if (m->null)
        return 0;
    for (unsigned r = 0; r < b->h; r++) {
        int64_t y = b->y + r;
        if (y < 0 || y >= m->rows)
            continue;
        uint32_t row = (uint32_t)y * (m->stride + 1) + m->offset;
        for (unsigned d = 0; d < b->w / 4; d++) {
            /* PIXEL_MASK bit of DWord d of row r (the 4x8 map of M0.2) */
            unsigned bit = (d >= 4) * 16 + (r >= 2) * 8 + (d % 4 >= 2) * 4 + (r % 2) * 2 + d % 2;
            int64_t x0 = b->x + 4 * d, x1 = x0 + 4;
            x0 = x0 < 0 ? 0 : x0;
            x1 = x1 > m->row_bytes ? m->row_bytes : x1;
            if (!(b->pixel_mask >> bit & 1) || x0 >= x1)
                continue;
            uint8_t buf[4];
            memcpy(buf, src + r * b->pitch + (x0 - b->x), (size_t)(x1 - x0));
            int e = move_bytes(c->gpu, m, (uint32_t)x0, row, buf, (unsigned)(x1 - x0), true);
            if (e)
                return e;
        }
    }
    return 0;
}

int dp_media_block(g7sf_msg_ctx *c, const dp_msg_type *t)
{
    bool write = t->flags & DP_WRITE;
    mb_block b;
    mb_surface m;
    if (c->fc & 0x3800)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "%s: descriptor bits 13:11 are reserved (MBZ)", t->name);
    int r = header_block(c, t, &b);
    if (r)
        return r;
    uint32_t m3 = c->msg->payload[0].ud[3];
    if (write && (m3 & 1))
        return g7sf_msg_fail(c, G7SF_ENOTIMPL, "%s: colour processing (IECP) is a later issue", t->name);
    if (!write && (m3 & 1) && c->msg->sfid != G7SF_SFID_SAMPLER_CACHE)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: Color Processing Enable must be 0 on a read",
                             t->name);
    unsigned regs = (b.subreg + (b.h - 1) * b.pitch + b.w + 31) / 32;
    if ((r = dp_check_lengths(c, t, write ? regs : 0, write ? 0 : regs)) || (r = bind(c, t, &m)))
        return r;
    /* §3.9.6 restrictions 6 and 7: offset and width in whole pixels (pairs for YCRCB) */
    unsigned unit = m.null ? 1 : m.y_byte >= 0 ? 4 : m.bpp;
    if (b.x % unit || b.w % unit)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: X offset and Block Width must be multiples of "
                             "%u bytes on this surface", t->name, unit);
    r = write ? write_block(c, &m, &b) : read_block(c, &m, &b);
    return r ? g7sf_msg_fail(c, r, "%s: %s", t->name, g7sf_strerror(r)) : 0;
}
