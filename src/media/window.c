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
    for (int r = 0; r < rows; r++, dst += dst_stride) {
        const uint8_t *src = pl->data + (size_t)media_clamp_line(y0 + r, pl->height, step) * pl->stride;
        for (int c = 0; c < cols; c++) {
            int x = x0 + c;
            dst[c] = src[x < 0 ? 0 : x >= pl->width ? pl->width - 1 : x];
        }
    }
}
