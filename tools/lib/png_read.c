/* PNG stills in (see png_read.h). */
#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "png_read.h"

/* Ancillary chunks (text, ICC profiles) libpng may hold in memory: far
 * more than any real one, far less than an image. */
#define CHUNK_MAX (8u << 20)

struct png_in {
    FILE *fp;
    png_structp png;
    png_infop info;
    const char *path;
    uint32_t w, h;
    int done;
};

/* libpng reports through longjmp: its messages land in err. */
static void on_error(png_structp png, png_const_charp msg)
{
    vio_error *err = png_get_error_ptr(png);
    vio_fail(err, VIO_E_IO, "%s", msg);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg)
{
    (void)png, (void)msg;
}

/* After a longjmp: "PATH: not a readable PNG (libpng's words)". */
static int png_failed(const char *path, vio_error *err)
{
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s", err->msg);
    return vio_fail(err, VIO_E_IO, "%s: not a readable PNG (%s)", path, msg);
}

void png_in_close(png_in *p)
{
    if (!p)
        return;
    png_destroy_read_struct(&p->png, &p->info, NULL);
    if (p->fp)
        fclose(p->fp);
    free(p);
}

/* The header part of png_in_open, apart for setjmp: nothing here may
 * hold memory across a longjmp. */
static int read_header(png_in *p, uint32_t max_side, vio_error *err)
{
    if (setjmp(png_jmpbuf(p->png)))
        return png_failed(p->path, err);
    /* png_read_info allocates nothing the size of the image (row buffers
     * come with png_read_update_info, after the check below); chunks it
     * keeps are held to CHUNK_MAX */
    png_set_chunk_malloc_max(p->png, CHUNK_MAX);
    png_init_io(p->png, p->fp);
    png_read_info(p->png, p->info);
    png_uint_32 w, h;
    int depth, color, interlace;
    png_get_IHDR(p->png, p->info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    /* libpng has checked the IHDR (depth per colour type); checked again
     * because the transforms below assume it */
    if (!w || !h || w > max_side || h > max_side)
        return vio_fail(err, VIO_E_SIZE, "%s: %ux%u: sizes are 1..%u", p->path, (unsigned)w,
                        (unsigned)h, max_side);
    if ((depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16) ||
        (color != PNG_COLOR_TYPE_GRAY && color != PNG_COLOR_TYPE_GRAY_ALPHA &&
         color != PNG_COLOR_TYPE_RGB && color != PNG_COLOR_TYPE_RGB_ALPHA &&
         color != PNG_COLOR_TYPE_PALETTE))
        return vio_fail(err, VIO_E_IO, "%s: bit depth %d, colour type %d: not a PNG layout",
                        p->path, depth, color);
    png_set_strip_16(p->png);
    png_set_packing(p->png);
    png_set_expand(p->png);          /* palette, low-bit gray, tRNS */
    png_set_gray_to_rgb(p->png);
    png_set_add_alpha(p->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(p->png);
    png_read_update_info(p->png, p->info);
    /* what png_read_image will write per row, whatever the transforms */
    if (png_get_rowbytes(p->png, p->info) != (size_t)w * 4)
        return vio_fail(err, VIO_E_IO, "%s: rows of %zu bytes, not the %zu of RGBA8", p->path,
                        (size_t)png_get_rowbytes(p->png, p->info), (size_t)w * 4);
    p->w = w, p->h = h;
    return 0;
}

int png_in_open(png_in **pp, const char *path, uint32_t max_side, uint32_t *w, uint32_t *h,
                vio_error *err)
{
    *pp = NULL;
    if (max_side > VIO_MAX_DIM)
        max_side = VIO_MAX_DIM;
    png_in *p = calloc(1, sizeof *p);
    if (!p)
        return vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    p->path = path;
    p->fp = fopen(path, "rb");
    if (!p->fp) {
        int rc = vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
        png_in_close(p);
        return rc;
    }
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, err, on_error, on_warning);
    p->info = p->png ? png_create_info_struct(p->png) : NULL;
    int rc = p->info ? read_header(p, max_side, err)
                     : vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    if (rc) {
        png_in_close(p);
        return rc;
    }
    *w = p->w, *h = p->h;
    *pp = p;
    return 0;
}

/* The pixel part of png_in_read, apart for setjmp (rows is the caller's). */
static int read_pixels(png_in *p, png_bytep *rows, vio_error *err)
{
    if (setjmp(png_jmpbuf(p->png)))
        return png_failed(p->path, err);
    png_read_image(p->png, rows);
    png_read_end(p->png, NULL);
    return 0;
}

int png_in_read(png_in *p, uint8_t *rgba, vio_error *err)
{
    if (p->done)
        return vio_fail(err, VIO_E_ARG, "%s: pixels already read", p->path);
    p->done = 1;
    /* libpng's messages go to this call's err, not png_in_open's */
    png_set_error_fn(p->png, err, on_error, on_warning);
    png_bytep *rows = malloc(p->h * sizeof *rows);
    if (!rows)
        return vio_fail(err, VIO_E_NOMEM, "%s: out of memory", p->path);
    for (uint32_t y = 0; y < p->h; y++)
        rows[y] = rgba + (size_t)y * p->w * 4;
    int rc = read_pixels(p, rows, err);
    free(rows);
    return rc;
}

int png_read_rgba(const char *path, uint8_t **rgba, uint32_t *w, uint32_t *h, vio_error *err)
{
    png_in *p;
    *rgba = NULL;
    int rc = png_in_open(&p, path, VIO_MAX_DIM, w, h, err);
    if (rc)
        return rc;
    uint8_t *buf = malloc((size_t)*w * *h * 4);
    rc = buf ? png_in_read(p, buf, err) : vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    png_in_close(p);
    if (rc)
        free(buf);
    else
        *rgba = buf;
    return rc;
}
