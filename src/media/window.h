/* Reading a plane around a block with the media units' frame-edge rule:
 * columns clamp to the picture, lines to the nearest line of the same field
 * (field mode) or of the frame (docs/spec-notes.md, "Denoise", frame edges). */
#ifndef GEN7SF_MEDIA_WINDOW_H
#define GEN7SF_MEDIA_WINDOW_H

#include <string.h>

#include "gen7sf/media.h"

/* Line y of a picture h lines high as the filters read it; step 2 keeps the
 * field of y, step 1 clamps to the frame. */
int media_clamp_line(int y, int h, int step);

/* media_load for windows that cross the left or right edge. */
void media_load_clamped(const g7sf_plane *pl, int x0, int y0, int rows, int cols, int step,
                        uint8_t *dst, int dst_stride);

/* Copies rows x cols pixels from (x0, y0) of pl into dst, lines y0 + r read
 * through media_clamp_line(., ., step), columns clamped.  Inline so that the
 * callers' constant widths make the row copies a few vector moves rather
 * than calls to the library's memcpy, which cost more than the copy. */
static inline void media_load(const g7sf_plane *pl, int x0, int y0, int rows, int cols,
                              int step, uint8_t *dst, int dst_stride)
{
    if (x0 < 0 || x0 + cols > pl->width) {
        media_load_clamped(pl, x0, y0, rows, cols, step, dst, dst_stride);
        return;
    }
    for (int r = 0; r < rows; r++, dst += dst_stride) {
        int y = y0 + r;
        if (y < 0 || y >= pl->height)
            y = media_clamp_line(y, pl->height, step);
        memcpy(dst, pl->data + (size_t)y * pl->stride + x0, (size_t)cols);
    }
}

/* Points row[0 .. rows - 1] at lines y0.. of pl from column x0, cols wide,
 * through the frame-edge rule: into the plane where the columns lie inside
 * it (no copy), else at copies in copy (rows x cols) with the columns clamped. */
void media_point_rows(const g7sf_plane *pl, int x0, int y0, int rows, int cols, int step,
                      const uint8_t **row, uint8_t *copy);

#endif
