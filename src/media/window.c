/* The media units' frame-edge rule for the windows they read. */
#include <string.h>

#include "window.h"

int media_clamp_line(int y, int h, int step)
{
    if (step == 2) {
        if (y < 0)
            y &= 1;
        else if (y >= h)
            y = h - 2 + ((y - h) & 1);
    }
    return y < 0 ? 0 : y >= h ? h - 1 : y;
}

void media_load_clamped(const g7sf_plane *pl, int x0, int y0, int rows, int cols, int step,
                        uint8_t *dst, int dst_stride)
{
    /* columns a < 0 repeat column 0, b >= width the last; the rest copies */
    int a = x0 < 0 ? -x0 : 0, b = x0 + cols > pl->width ? pl->width - x0 : cols;
    if (a > cols)
        a = cols;
    if (b < a)
        b = a;
    for (int r = 0; r < rows; r++, dst += dst_stride) {
        const uint8_t *src = pl->data + (size_t)media_clamp_line(y0 + r, pl->height, step) * pl->stride;
        memset(dst, src[0], (size_t)a);
        memcpy(dst + a, src + x0 + a, (size_t)(b - a));
        memset(dst + b, src[pl->width - 1], (size_t)(cols - b));
    }
}

void media_point_rows(const g7sf_plane *pl, int x0, int y0, int rows, int cols, int step,
                      const uint8_t **row, uint8_t *copy)
{
    /* locals: the stores to row[] could otherwise alias *pl */
    const uint8_t *data = pl->data;
    size_t stride = (size_t)pl->stride;
    int h = pl->height;
    if (x0 < 0 || x0 + cols > pl->width) {
        for (int r = 0; r < rows; r++) {
            media_load_clamped(pl, x0, y0 + r, 1, cols, step, copy + r * cols, cols);
            row[r] = copy + r * cols;
        }
        return;
    }
    for (int r = 0; r < rows; r++) {
        int y = y0 + r;
        if (y < 0 || y >= h)
            y = media_clamp_line(y, h, step);
        row[r] = data + (size_t)y * stride + x0;
    }
}
