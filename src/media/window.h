/* Reading a plane around a block with the media units' frame-edge rule:
 * columns clamp to the picture, lines to the nearest line of the same field
 * (field mode) or of the frame (docs/spec-notes.md, "Denoise", frame edges). */
#ifndef GEN7SF_MEDIA_WINDOW_H
#define GEN7SF_MEDIA_WINDOW_H

#include "gen7sf/media.h"

/* Line y of a picture h lines high as the filters read it; step 2 keeps the
 * field of y, step 1 clamps to the frame. */
int media_clamp_line(int y, int h, int step);

/* Copies rows x cols pixels from (x0, y0) of pl into dst, lines y0 + r read
 * through media_clamp_line(., ., step), columns clamped. */
void media_load(const g7sf_plane *pl, int x0, int y0, int rows, int cols, int step,
                uint8_t *dst, int dst_stride);

#endif
