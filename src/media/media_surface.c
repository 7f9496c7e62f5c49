/* MEDIA_SURFACE_STATE surfaces of the DN/DI unit (§2.12.2.2): decoding,
 * checks, and copying windows of their pixels to host planes. */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/surface.h"
#include "core/gpu.h"
#include "core/tiling.h"
#include "media_surface.h"

/* Byte of Y0, Y1, Cb, Cr in each 4-byte pixel pair of the packed formats
 * (line 8639: NORMAL is YUYV, SWAPY UYVY, SWAPUV YVYU, SWAPUVY VYUY). */
static const uint8_t packed_pos[4][4] = {
    [G7SF_MEDIA_YCRCB_NORMAL]  = { 0, 2, 1, 3 },
    [G7SF_MEDIA_YCRCB_SWAPUVY] = { 1, 3, 2, 0 },
    [G7SF_MEDIA_YCRCB_SWAPUV]  = { 0, 2, 3, 1 },
    [G7SF_MEDIA_YCRCB_SWAPY]   = { 1, 3, 0, 2 },
};

static int chroma_xshift(enum g7sf_chroma c) { return c == G7SF_CHROMA_411 ? 2 : 1; }
static int chroma_yshift(enum g7sf_chroma c) { return c == G7SF_CHROMA_420 ? 1 : 0; }

static int bad(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return G7SF_ESTATE;
}

static int yuv_from_state(const g7sf_media_surface_state *ss, g7sf_media_surface *s, bool avs,
                          const char **why)
{
    static const enum g7sf_chroma planar[] = { G7SF_CHROMA_420, G7SF_CHROMA_411, G7SF_CHROMA_422 };
    s->packed = s->format <= G7SF_MEDIA_YCRCB_SWAPY;
    s->chroma = s->packed ? G7SF_CHROMA_422 : planar[s->format - G7SF_MEDIA_PLANAR_420_8];
    /* line 3098: deinterlace surfaces are a multiple of 8 wide (which covers
     * the multiples of 2 and 4 the chroma subsampling needs); sample_8x8's
     * (PLANAR_420 and YCRCB only) a multiple of 2 (line 3097) */
    if (s->width % (avs ? 2 : 8))
        return bad(why, avs ? "Width + 1 is odd" : "Width + 1 is not a multiple of 8");
    if (s->format == G7SF_MEDIA_PLANAR_420_8 && s->height % 2)
        return bad(why, "PLANAR_420 Height + 1 is odd");
    if (s->pitch < (uint32_t)s->width * (s->packed ? 2 : 1))
        return bad(why, "Surface Pitch is smaller than a row");
    if (s->packed)
        return 0;
    s->interleaved = ss->interleave_chroma;
    s->cb_x = ss->x_offset_for_ucb, s->cb_y = ss->y_offset_for_ucb;
    s->cr_x = ss->x_offset_for_vcr, s->cr_y = ss->y_offset_for_vcr;
    s->chroma_pitch = !s->interleaved && ss->half_pitch_for_chroma ? s->pitch / 2 : s->pitch;
    if ((s->cb_y | (s->interleaved ? 0 : s->cr_y)) & 1)
        return bad(why, "odd Y Offset for a chroma plane");
    if (s->format != G7SF_MEDIA_PLANAR_411_8 && ((s->cb_x | (s->interleaved ? 0 : s->cr_x)) & 1))
        return bad(why, "odd X Offset for a chroma plane");
    if (s->chroma_pitch != s->pitch && s->tiling != G7SF_TILING_LINEAR)
        return bad(why, "Half Pitch for Chroma on a tiled surface");
    uint32_t cw = (uint32_t)s->width >> chroma_xshift(s->chroma);
    if ((s->interleaved ? 2 * cw : cw) > s->chroma_pitch)
        return bad(why, "chroma pitch is smaller than a chroma row");
    return 0;
}

/* Bytes per pixel of the formats only sample_8x8 reads (line 3110 ff.). */
static unsigned avs_only_bpp(unsigned format)
{
    switch (format) {
    case G7SF_MEDIA_R10G10B10A2_UNORM:
    case G7SF_MEDIA_R8G8B8A8_UNORM: return 4;
    case G7SF_MEDIA_R8B8_UNORM: return 2;
    case G7SF_MEDIA_R8_UNORM:
    case G7SF_MEDIA_Y8_UNORM: return 1;
    default: return 0;
    }
}

int media_surface_decode(const g7sf_media_surface_state *ss, g7sf_media_surface *s, bool avs,
                         const char **why)
{
    if (why)
        *why = NULL;
    if (!ss || !s)
        return G7SF_EINVAL;
    static const unsigned tiling[4] = { [G7SF_TILEMODE_LINEAR] = G7SF_TILING_LINEAR,
                                        [G7SF_TILEMODE_XMAJOR] = G7SF_TILING_X,
                                        [G7SF_TILEMODE_YMAJOR] = G7SF_TILING_Y };
    *s = (g7sf_media_surface){ .format = ss->surface_format, .tiling = tiling[ss->tile_mode & 3],
                          .base = ss->surface_base_address, .pitch = ss->surface_pitch + 1,
                          .width = (int)ss->width + 1, .height = (int)ss->height + 1,
                          .chroma_v_offset = ss->crv_cbu_pixel_offset_v_direction & 3 };
    /* the format table marks 5-7 "Deinterlace only", 8-12 "Sample_8x8 only" */
    if (avs && s->format >= G7SF_MEDIA_PLANAR_411_8 && s->format <= G7SF_MEDIA_STMM_DN_STATISTICS)
        return bad(why, "a deinterlace-only Surface Format (PLANAR_411_8, PLANAR_422_8 or "
                        "STMM_DN_STATISTICS)");
    if (avs ? s->format > G7SF_MEDIA_Y8_UNORM : s->format > G7SF_MEDIA_STMM_DN_STATISTICS)
        return bad(why, avs ? "a reserved Surface Format"
                            : "a Surface Format the DN/DI unit does not read");
    if (ss->tile_mode == 1)
        return bad(why, "reserved Tile Mode 1");
    if (s->tiling != G7SF_TILING_LINEAR &&
        (s->pitch % g7sf_tiling_span(s->tiling) || s->base % 4096))
        return bad(why, "tiled surface with a pitch not a multiple of the tile width or a base "
                        "not 4 KiB aligned");
    if (s->format == G7SF_MEDIA_STMM_DN_STATISTICS)
        return 0;
    unsigned bpp = avs_only_bpp(s->format);
    if (bpp)
        return s->pitch < (uint32_t)s->width * bpp ? bad(why, "Surface Pitch is smaller than a row")
                                                   : 0;
    return yuv_from_state(ss, s, avs, why);
}

int g7sf_media_surface_from_state(const g7sf_media_surface_state *ss, g7sf_media_surface *s,
                                  const char **why)
{
    return media_surface_decode(ss, s, false, why);
}

/* Where a plane's rows are: origin (bytes, rows) from the base, and the
 * bytes between rows (linear surfaces only; tiled ones use the pitch). */
typedef struct plane_loc { uint32_t ox, oy, pitch; } plane_loc;

/* n bytes from byte x of row y of a plane, run by run of the tiling. */
static int read_span(g7sf_gpu *gpu, const g7sf_media_surface *s, const plane_loc *l, uint32_t x,
                     uint32_t y, uint32_t n, uint8_t *dst)
{
    uint32_t run = g7sf_tiling_run(s->tiling);
    while (n) {
        uint64_t xb = (uint64_t)l->ox + x, off;
        uint32_t k = n;
        if (s->tiling == G7SF_TILING_LINEAR) {
            off = (uint64_t)l->oy * s->pitch + (uint64_t)y * l->pitch + xb;
        } else {
            off = g7sf_tiled_offset(s->tiling, s->pitch, xb, (uint64_t)l->oy + y);
            uint32_t left = run - (uint32_t)(xb % run);
            k = n < left ? n : left;
        }
        uint64_t a = (uint64_t)s->base + off;
        if (a + k > 0x100000000ull)
            return G7SF_EFAULT;
        g7sf_mem_read(gpu, (uint32_t)a, dst, k);
        x += k, dst += k, n -= k;
    }
    return 0;
}

int media_surface_read_bytes(g7sf_gpu *gpu, const g7sf_media_surface *s, uint32_t x, uint32_t y,
                             uint32_t n, uint8_t *dst)
{
    if ((uint64_t)x + n > s->pitch || y >= (uint32_t)s->height)
        return G7SF_ERANGE;
    return read_span(gpu, s, &(plane_loc){ 0, 0, s->pitch }, x, y, n, dst);
}

/* Pixels [x, x + n) of line y of plane p (0 Y, 1 Cb, 2 Cr), all inside the
 * surface: bytes are read a chunk at a time and the plane's own picked. */
int media_read_pixels(g7sf_gpu *gpu, const g7sf_media_surface *s, int p, uint32_t x, uint32_t y,
                      uint32_t n, uint8_t *dst)
{
    enum { CHUNK = 64 };
    uint8_t raw[4 * CHUNK];
    while (n) {
        uint32_t k = n < CHUNK ? n : CHUNK;
        if (s->packed) {            /* 4 bytes a pixel pair: Y0, Y1, Cb, Cr */
            const uint8_t *pos = packed_pos[s->format];
            uint32_t pair0 = p ? x : x / 2, pairs = p ? k : (x + k + 1) / 2 - x / 2;
            int r = read_span(gpu, s, &(plane_loc){ 0, 0, s->pitch }, 4 * pair0, y, 4 * pairs,
                              raw);
            if (r)
                return r;
            for (uint32_t i = 0; i < k; i++)
                dst[i] = p ? raw[4 * i + pos[p + 1]]
                           : raw[4 * ((x + i) / 2 - pair0) + pos[(x + i) & 1]];
        } else {
            /* planar: the Y plane at the base; chroma planes at their offsets,
             * Cb and Cr alternating when interleaved */
            plane_loc l = { 0, 0, s->pitch };
            if (p == 1 || (p == 2 && s->interleaved))
                l = (plane_loc){ s->cb_x, s->cb_y, s->chroma_pitch };
            else if (p == 2)
                l = (plane_loc){ s->cr_x, s->cr_y, s->chroma_pitch };
            uint32_t step = p && s->interleaved ? 2 : 1, first = p == 2 && s->interleaved;
            int r = read_span(gpu, s, &l, step * x, y, step * k, raw);
            if (r)
                return r;
            for (uint32_t i = 0; i < k; i++)
                dst[i] = raw[step * i + first];
        }
        x += k, dst += k, n -= k;
    }
    return 0;
}

/* The line read for line y of a plane of h lines: y itself inside, the
 * nearest line of the same field past the bottom. */
static int field_line(int y, int h)
{
    if (y < h)
        return y;
    int l = y - 2 * ((y - h + 2) / 2);   /* h - 2 or h - 1, by parity */
    return l < 0 ? h - 1 : l;
}

size_t media_frame_bytes(const g7sf_media_surface *s, int pw, int ph)
{
    size_t cw = (size_t)(pw >> chroma_xshift(s->chroma)), ch = (size_t)(ph >> chroma_yshift(s->chroma));
    return (size_t)pw * (size_t)ph + 2 * cw * ch;
}

void media_frame_init(media_frame *f, const g7sf_media_surface *s, int pw, int ph, uint8_t *mem)
{
    int cw = pw >> chroma_xshift(s->chroma), ch = ph >> chroma_yshift(s->chroma);
    *f = (media_frame){ .w = { pw, cw, cw }, .h = { ph, ch, ch } };
    f->plane[0] = mem;
    f->plane[1] = mem + (size_t)pw * ph;
    f->plane[2] = f->plane[1] + (size_t)cw * ch;
    f->yuv = (g7sf_yuv){ .y = { f->plane[0], pw, pw, ph }, .cb = { f->plane[1], cw, cw, ch },
                         .cr = { f->plane[2], cw, cw, ch }, .chroma = s->chroma };
    f->real = (g7sf_plane){ f->plane[0], pw, s->width, s->height };
}

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

int media_frame_load(g7sf_gpu *gpu, const g7sf_media_surface *s, media_frame *f, int bx, int by,
                     int bw, int bh, int mx, int my)
{
    for (int p = 0; p < 3; p++) {
        int xs = p ? chroma_xshift(s->chroma) : 0, ys = p ? chroma_yshift(s->chroma) : 0;
        int w = s->width >> xs, h = s->height >> ys;
        int x0 = imax((bx >> xs) - mx, 0), x1 = imin(((bx + bw) >> xs) + mx, f->w[p]);
        int y0 = imax((by >> ys) - my, 0), y1 = imin(((by + bh) >> ys) + my, f->h[p]);
        /* read what lies inside the surface (at least its last column) */
        int rx0 = imin(x0, w - 1), rx1 = imax(imin(x1, w), rx0 + 1);
        for (int y = y0; y < y1; y++) {
            uint8_t *row = f->plane[p] + (size_t)y * f->w[p];
            int r = media_read_pixels(gpu, s, p, (uint32_t)rx0, (uint32_t)field_line(y, h),
                                (uint32_t)(rx1 - rx0), row + rx0);
            if (r)
                return r;
            for (int x = imax(x0, w); x < x1; x++)
                row[x] = row[w - 1];
        }
    }
    return 0;
}
