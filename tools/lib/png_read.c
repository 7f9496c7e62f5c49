/* PNG stills in (see png_read.h). */
#include <errno.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "png_read.h"

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

int png_read_rgba(const char *path, uint8_t **rgba, uint32_t *w, uint32_t *h, vio_error *err)
{
    *rgba = NULL;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, err, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    /* volatile: assigned after setjmp and read after a longjmp */
    uint8_t *volatile buf = NULL;
    png_bytep *volatile rows = NULL;
    int rc = 0;
    if (!info) {
        rc = vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    } else if (setjmp(png_jmpbuf(png))) {
        char msg[sizeof err->msg];   /* on_error's text */
        snprintf(msg, sizeof msg, "%s", err->msg);
        rc = vio_fail(err, VIO_E_IO, "%s: not a readable PNG (%s)", path, msg);
    } else {
        png_init_io(png, fp);
        png_read_info(png, info);
        png_uint_32 pw = png_get_image_width(png, info), ph = png_get_image_height(png, info);
        if (!pw || !ph || pw > VIO_MAX_DIM || ph > VIO_MAX_DIM) {
            rc = vio_fail(err, VIO_E_SIZE, "%s: %ux%u: sizes are 1..%d", path, (unsigned)pw,
                          (unsigned)ph, VIO_MAX_DIM);
        } else {
            png_set_strip_16(png);
            png_set_packing(png);
            png_set_expand(png);          /* palette, low-bit gray, tRNS */
            png_set_gray_to_rgb(png);
            png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
            png_set_interlace_handling(png);
            png_read_update_info(png, info);
            buf = malloc((size_t)pw * ph * 4);
            rows = malloc(ph * sizeof *rows);
            if (!buf || !rows) {
                rc = vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
            } else {
                for (png_uint_32 y = 0; y < ph; y++)
                    rows[y] = buf + (size_t)y * pw * 4;
                png_read_image(png, rows);
                png_read_end(png, NULL);
                *w = pw, *h = ph;
            }
        }
    }
    png_destroy_read_struct(&png, &info, NULL);
    fclose(fp);
    free(rows);
    if (rc)
        free(buf);
    else
        *rgba = buf;
    return rc;
}
