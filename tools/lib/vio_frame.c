/* The in-memory frame and the file layouts it converts from and to. */
#include <stdlib.h>
#include <string.h>

#include "video_io.h"

enum layout { PLANAR, PLANAR_VU, SEMI_UV, PACKED };

static const struct {
    const char     *name;
    enum vio_chroma chroma;
    enum layout     layout;
    uint8_t         y0, u, y1, v;   /* byte offsets in a PACKED macropixel */
} formats[] = {
    [VIO_FMT_I420] = { "I420", VIO_CHROMA_420,  PLANAR,    0, 0, 0, 0 },
    [VIO_FMT_YV12] = { "YV12", VIO_CHROMA_420,  PLANAR_VU, 0, 0, 0, 0 },
    [VIO_FMT_NV12] = { "NV12", VIO_CHROMA_420,  SEMI_UV,   0, 0, 0, 0 },
    [VIO_FMT_YUY2] = { "YUY2", VIO_CHROMA_422,  PACKED,    0, 1, 2, 3 },
    [VIO_FMT_UYVY] = { "UYVY", VIO_CHROMA_422,  PACKED,    1, 0, 3, 2 },
    [VIO_FMT_I422] = { "I422", VIO_CHROMA_422,  PLANAR,    0, 0, 0, 0 },
    [VIO_FMT_I444] = { "I444", VIO_CHROMA_444,  PLANAR,    0, 0, 0, 0 },
    [VIO_FMT_I411] = { "I411", VIO_CHROMA_411,  PLANAR,    0, 0, 0, 0 },
    [VIO_FMT_GRAY] = { "GRAY", VIO_CHROMA_MONO, PLANAR,    0, 0, 0, 0 },
};

/* Chroma subsampling as shifts of the luma size. */
static const struct { uint8_t sx, sy, planes; } chromas[] = {
    [VIO_CHROMA_420]  = { 1, 1, 3 },
    [VIO_CHROMA_422]  = { 1, 0, 3 },
    [VIO_CHROMA_444]  = { 0, 0, 3 },
    [VIO_CHROMA_411]  = { 2, 0, 3 },
    [VIO_CHROMA_MONO] = { 0, 0, 1 },
};

const char *vio_format_name(enum vio_format fmt) { return formats[fmt].name; }
enum vio_chroma vio_format_chroma(enum vio_format fmt) { return formats[fmt].chroma; }

/* Plane p's size; chroma rounds up so odd luma sizes keep every pixel. */
static void plane_size(enum vio_chroma c, int w, int h, int p, int *pw, int *ph)
{
    unsigned sx = p ? chromas[c].sx : 0, sy = p ? chromas[c].sy : 0;
    *pw = (int)(((unsigned)w + (1u << sx) - 1) >> sx);
    *ph = (int)(((unsigned)h + (1u << sy) - 1) >> sy);
}

uint64_t vio_frame_bytes(enum vio_format fmt, int width, int height)
{
    enum vio_chroma c = formats[fmt].chroma;
    uint64_t n = 0;
    if (width < 1 || height < 1 || width > VIO_MAX_DIM || height > VIO_MAX_DIM)
        return 0;
    for (int p = 0; p < chromas[c].planes; p++) {
        int pw, ph;
        plane_size(c, width, height, p, &pw, &ph);
        n += (uint64_t)pw * (uint64_t)ph;
    }
    return n;
}

int vio_frame_shape(vio_frame *f, enum vio_chroma chroma, int width, int height)
{
    memset(f, 0, sizeof *f);
    if (width < 1 || height < 1 || width > VIO_MAX_DIM || height > VIO_MAX_DIM)
        return VIO_E_ARG;
    f->chroma = chroma;
    f->planes = chromas[chroma].planes;
    for (int p = 0; p < f->planes; p++) {
        plane_size(chroma, width, height, p, &f->width[p], &f->height[p]);
        /* 16-byte rows keep vector loops aligned row by row */
        f->stride[p] = (f->width[p] + 15) & ~15;
    }
    return 0;
}

int vio_frame_alloc(vio_frame *f, enum vio_chroma chroma, int width, int height)
{
    size_t total = 0;
    int r = vio_frame_shape(f, chroma, width, height);
    if (r)
        return r;
    for (int p = 0; p < f->planes; p++)
        total += (size_t)f->stride[p] * (size_t)f->height[p];
    uint8_t *mem = malloc(total);
    if (!mem)
        return VIO_E_NOMEM;
    for (int p = 0; p < f->planes; p++) {
        f->data[p] = mem;
        mem += (size_t)f->stride[p] * (size_t)f->height[p];
    }
    return 0;
}

void vio_frame_free(vio_frame *f)
{
    free(f->data[0]);
    memset(f, 0, sizeof *f);
}

/* One sample between frame and file, in the direction asked. */
static inline void move(bool to_frame, uint8_t *frame_px, uint8_t *file_px)
{
    if (to_frame)
        *frame_px = *file_px;
    else
        *file_px = *frame_px;
}

/* Copies plane p between frame and file; returns the file bytes it covers. */
static size_t copy_plane(vio_frame *f, int p, uint8_t *buf, bool to_frame)
{
    size_t w = (size_t)f->width[p];
    for (int y = 0; y < f->height[p]; y++) {
        uint8_t *row = f->data[p] + y * f->stride[p];
        memcpy(to_frame ? row : buf + y * w, to_frame ? buf + y * w : row, w);
    }
    return w * (size_t)f->height[p];
}

bool vio_frame_is_file_layout(const vio_frame *f, enum vio_format fmt)
{
    if (formats[fmt].layout != PLANAR || f->chroma != formats[fmt].chroma)
        return false;
    for (int p = 0; p < f->planes; p++)
        if (f->stride[p] != f->width[p] ||
            (p && f->data[p] != f->data[p - 1] + (size_t)f->width[p - 1] * f->height[p - 1]))
            return false;
    return true;
}

bool vio_frame_planes_whole(const vio_frame *f, enum vio_format fmt)
{
    if (formats[fmt].layout != PLANAR || f->chroma != formats[fmt].chroma)
        return false;
    for (int p = 0; p < f->planes; p++)
        if (f->stride[p] != f->width[p])
            return false;
    return true;
}

/* Pack and unpack share this walk over the layout; each side it is given as
 * the source is only read (hence the casts in the two wrappers). */
static void transfer(vio_frame *f, enum vio_format fmt, uint8_t *buf, bool to_frame)
{
    int w = f->width[0], h = f->height[0];
    ptrdiff_t ys = f->stride[0], us = f->stride[1], vs = f->stride[2];
    switch (formats[fmt].layout) {
    case PLANAR:
    case PLANAR_VU:
        for (int i = 0; i < f->planes; i++)
            buf += copy_plane(f, formats[fmt].layout == PLANAR_VU && i ? 3 - i : i,
                              buf, to_frame);
        break;
    case SEMI_UV:
        buf += copy_plane(f, 0, buf, to_frame);
        for (int y = 0; y < f->height[1]; y++)
            for (int x = 0; x < f->width[1]; x++, buf += 2) {
                move(to_frame, f->data[1] + y * us + x, buf);
                move(to_frame, f->data[2] + y * vs + x, buf + 1);
            }
        break;
    case PACKED:   /* width is even (vio_info_check) */
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x += 2, buf += 4) {
                move(to_frame, f->data[0] + y * ys + x, buf + formats[fmt].y0);
                move(to_frame, f->data[0] + y * ys + x + 1, buf + formats[fmt].y1);
                move(to_frame, f->data[1] + y * us + x / 2, buf + formats[fmt].u);
                move(to_frame, f->data[2] + y * vs + x / 2, buf + formats[fmt].v);
            }
        break;
    }
}

void vio_frame_unpack(vio_frame *f, enum vio_format fmt, const uint8_t *buf)
{
    transfer(f, fmt, (uint8_t *)buf, true);
}

void vio_frame_pack(const vio_frame *f, enum vio_format fmt, uint8_t *buf)
{
    transfer((vio_frame *)f, fmt, buf, false);
}
