/* PNG stills through libpng: video frames side by side for the demo,
 * converted to RGB (BT.601, video range), and 8-bit RGBA images. */
#ifndef G7SF_PNG_WRITE_H
#define G7SF_PNG_WRITE_H

#include "video_io.h"

/* Writes the n frames (4:2:0 or 4:2:2, same height) left to right into one
 * RGB PNG at path.  Returns 0, VIO_E_ARG, VIO_E_NOMEM or VIO_E_OPEN/IO. */
int png_write_frames(const char *path, const vio_frame *const *frames, int n, vio_error *err);

/* Writes w x h RGBA pixels (rows 4 * w bytes apart) as an RGBA PNG, or as
 * RGB (alpha dropped) when alpha is 0.  Returns 0, VIO_E_ARG, VIO_E_NOMEM or
 * VIO_E_OPEN/IO. */
int png_write_rgba(const char *path, const uint8_t *rgba, uint32_t w, uint32_t h, int alpha,
                   vio_error *err);

#endif
