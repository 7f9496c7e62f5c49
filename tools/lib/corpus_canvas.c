/* The corpus canvases (corpus.h): a mosaic of photographs, or a render. */
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "png_read.h"

/* BT.601 limited range, in integers: Y 16..235, Cb and Cr 16..240. */
static void rgb_to_yuv(const uint8_t *rgb, uint8_t out[3])
{
    int r = rgb[0], g = rgb[1], b = rgb[2];
    out[0] = (uint8_t)((66 * r + 129 * g + 25 * b + 128 + (16 << 8)) >> 8);
    out[1] = (uint8_t)((-38 * r - 74 * g + 112 * b + 128 + (128 << 8)) >> 8);
    out[2] = (uint8_t)((112 * r - 94 * g - 18 * b + 128 + (128 << 8)) >> 8);
}

int corpus_mirror(long i, int n)
{
    long p = 2L * n;
    i %= p;
    if (i < 0)
        i += p;
    return (int)(i < n ? i : p - 1 - i);
}

static void put(vio_frame *c, int x, int y, const uint8_t yuv[3])
{
    for (int p = 0; p < 3; p++)
        c->data[p][(size_t)y * c->stride[p] + x] = yuv[p];
}

int corpus_canvas_photos(vio_frame *canvas, const char *const *files, int n, int cols, int rows,
                         int cell_w, int cell_h, vio_error *err)
{
    if (n < 1 || cols < 1 || rows < 1 || cell_w < 1 || cell_h < 1)
        return VIO_E_ARG;
    int rc = vio_frame_alloc(canvas, VIO_CHROMA_444, cols * cell_w, rows * cell_h);
    for (int cell = 0; !rc && cell < cols * rows; cell++) {
        uint8_t *rgba = NULL;
        uint32_t w, h;
        rc = png_read_rgba(files[cell % n], &rgba, &w, &h, err);
        if (rc)
            break;
        int ox = ((int)w - cell_w) / 2, oy = ((int)h - cell_h) / 2;
        int cx = cell % cols * cell_w, cy = cell / cols * cell_h;
        for (int y = 0; y < cell_h; y++)
            for (int x = 0; x < cell_w; x++) {
                uint8_t yuv[3];
                size_t at = (size_t)corpus_mirror(y + oy, (int)h) * w + corpus_mirror(x + ox, (int)w);
                rgb_to_yuv(rgba + 4 * at, yuv);
                put(canvas, cx + x, cy + y, yuv);
            }
        free(rgba);
    }
    if (rc)
        vio_frame_free(canvas);
    return rc;
}

/* ---- the render ---------------------------------------------------------- */

static int urand(uint64_t *st, int n)
{
    return (int)(synth_rand(st) % (uint64_t)n);
}

static void fill_rect(vio_frame *c, int x0, int y0, int w, int h, const uint8_t yuv[3])
{
    for (int y = y0 < 0 ? 0 : y0; y < y0 + h && y < c->height[0]; y++)
        for (int x = x0 < 0 ? 0 : x0; x < x0 + w && x < c->width[0]; x++)
            put(c, x, y, yuv);
}

static void random_colour(uint64_t *st, uint8_t yuv[3])
{
    uint8_t rgb[3] = { (uint8_t)urand(st, 256), (uint8_t)urand(st, 256), (uint8_t)urand(st, 256) };
    rgb_to_yuv(rgb, yuv);
}

/* What a CG frame has that photographs lack: long hard edges at every
 * angle, 1-pixel lines, smooth gradients and small text; with dither, the
 * checkerboards of pixel art too (1, 2 and 4 pixel squares). */
int corpus_canvas_render(vio_frame *c, int w, int h, uint64_t seed, bool dither)
{
    int rc = vio_frame_alloc(c, VIO_CHROMA_444, w, h);
    if (rc)
        return rc;
    uint64_t st = seed;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t rgb[3] = { (uint8_t)(x * 255 / w), (uint8_t)(y * 255 / h),
                               (uint8_t)(255 - (x + y) * 255 / (w + h)) }, yuv[3];
            rgb_to_yuv(rgb, yuv);
            put(c, x, y, yuv);
        }
    long shapes = (long)w * h / 6000;
    for (long i = 0; i < shapes; i++) {
        uint8_t a[3], b[3];
        random_colour(&st, a);
        random_colour(&st, b);
        int x = urand(&st, w), y = urand(&st, h);
        int sw = 8 + urand(&st, 120), sh = 8 + urand(&st, 120);
        switch (urand(&st, 5)) {
        case 0:     /* a flat block */
            fill_rect(c, x, y, sw, sh, a);
            break;
        case 1:     /* a checkerboard of 1, 2 or 4 pixel squares */
            if (!dither) {
                fill_rect(c, x, y, sw, sh, a);
                break;
            }
        {
            int k = 1 << urand(&st, 3);
            for (int yy = 0; yy < sh; yy += k)
                for (int xx = 0; xx < sw; xx += k)
                    fill_rect(c, x + xx, y + yy, k, k, (xx / k + yy / k) & 1 ? a : b);
            break;
        }
        case 2:     /* a disc */
            for (int yy = -sw / 2; yy <= sw / 2; yy++)
                for (int xx = -sw / 2; xx <= sw / 2; xx++)
                    if (xx * xx + yy * yy <= sw * sw / 4)
                        fill_rect(c, x + xx, y + yy, 1, 1, a);
            break;
        case 3:     /* a 1- or 2-pixel line at a random angle */
        {
            int ex = x + urand(&st, 400) - 200, ey = y + urand(&st, 400) - 200;
            int t = 1 + urand(&st, 2), n = abs(ex - x) > abs(ey - y) ? abs(ex - x) : abs(ey - y);
            for (int k = 0; k <= n; k++) {
                int d = n ? n : 1;
                fill_rect(c, x + (ex - x) * k / d, y + (ey - y) * k / d, t, t, a);
            }
            break;
        }
        default:    /* text */
            synth_text(c, 0, x, y, 1 + urand(&st, 4), a[0], "GEN7SF 0123456789 DN/DI");
            break;
        }
    }
    return 0;
}
