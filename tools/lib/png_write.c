/* PNG stills (see png_write.h). */
#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"

static uint8_t clamp8(int v)
{
    return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v;
}

/* One RGB pixel from the frame at (x, y); BT.601 video range in 16.16 fixed
 * point (1.164, 1.596, 0.392, 0.813, 2.017), chroma by nearest sample. */
static void rgb(const vio_frame *f, int x, int y, uint8_t *out)
{
    int cy = f->chroma == VIO_CHROMA_420 ? y / 2 : y;
    int l = (f->data[0][y * f->stride[0] + x] - 16) * 76284;
    int u = f->data[1][cy * f->stride[1] + x / 2] - 128;
    int v = f->data[2][cy * f->stride[2] + x / 2] - 128;
    out[0] = clamp8((l + 104595 * v + 32768) >> 16);
    out[1] = clamp8((l - 25690 * u - 53281 * v + 32768) >> 16);
    out[2] = clamp8((l + 132186 * u + 32768) >> 16);
}

/* Fills row y (bytes per pixel as the PNG's colour type). */
typedef void (*row_fn)(const void *ctx, uint32_t y, uint8_t *row);

/* Writes a w x h 8-bit PNG of that colour type (RGB or RGBA) row by row. */
static int write_png(const char *path, uint32_t w, uint32_t h, int rgba, row_fn fill,
                     const void *ctx, vio_error *err)
{
    uint8_t *row = malloc((size_t)w * (rgba ? 4 : 3));
    if (!row)
        return vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        free(row);
        return vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int rc = 0;
    if (!info || setjmp(png_jmpbuf(png))) {
        rc = vio_fail(err, VIO_E_IO, "%s: PNG write failed", path);
    } else {
        png_init_io(png, fp);
        png_set_IHDR(png, info, w, h, 8, rgba ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        for (uint32_t y = 0; y < h; y++) {
            fill(ctx, y, row);
            png_write_row(png, row);
        }
        png_write_end(png, NULL);
    }
    png_destroy_write_struct(&png, &info);
    if (fclose(fp) && !rc)
        rc = vio_fail(err, VIO_E_IO, "%s: %s", path, strerror(errno));
    free(row);
    return rc;
}

struct frames { const vio_frame *const *f; int n; };

static void frames_row(const void *ctx, uint32_t y, uint8_t *o)
{
    const struct frames *fr = ctx;
    for (int i = 0; i < fr->n; i++)
        for (int x = 0; x < fr->f[i]->width[0]; x++, o += 3)
            rgb(fr->f[i], x, (int)y, o);
}

int png_write_frames(const char *path, const vio_frame *const *frames, int n, vio_error *err)
{
    int w = 0, h = n > 0 && frames[0] ? frames[0]->height[0] : 0;
    for (int i = 0; i < n; i++) {
        const vio_frame *f = frames[i];
        if (!f || f->height[0] != h || f->planes != 3 ||
            (f->chroma != VIO_CHROMA_420 && f->chroma != VIO_CHROMA_422))
            return vio_fail(err, VIO_E_ARG, "%s: frames of one height, 4:2:0 or 4:2:2", path);
        w += f->width[0];
    }
    if (w < 1 || h < 1 || w > 1 << 16)
        return vio_fail(err, VIO_E_ARG, "%s: nothing to write or too wide", path);
    struct frames fr = { frames, n };
    return write_png(path, (uint32_t)w, (uint32_t)h, 0, frames_row, &fr, err);
}

struct image { const uint8_t *rgba; uint32_t w; int alpha; };

static void image_row(const void *ctx, uint32_t y, uint8_t *o)
{
    const struct image *im = ctx;
    const uint8_t *p = im->rgba + (size_t)y * im->w * 4;
    if (im->alpha) {
        memcpy(o, p, (size_t)im->w * 4);
        return;
    }
    for (uint32_t x = 0; x < im->w; x++, p += 4, o += 3)
        memcpy(o, p, 3);
}

int png_write_rgba(const char *path, const uint8_t *rgba, uint32_t w, uint32_t h, int alpha,
                   vio_error *err)
{
    if (!rgba || w < 1 || h < 1 || w > 1 << 16 || h > 1 << 16)
        return vio_fail(err, VIO_E_ARG, "%s: nothing to write or too large", path);
    struct image im = { rgba, w, alpha };
    return write_png(path, w, h, alpha, image_row, &im, err);
}
