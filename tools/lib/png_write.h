/* PNG stills for the demo: frames side by side, converted to RGB (BT.601,
 * video range), through libpng. */
#ifndef G7SF_PNG_WRITE_H
#define G7SF_PNG_WRITE_H

#include "video_io.h"

/* Writes the n frames (4:2:0 or 4:2:2, same height) left to right into one
 * RGB PNG at path.  Returns 0, VIO_E_ARG, VIO_E_NOMEM or VIO_E_OPEN/IO. */
int png_write_frames(const char *path, const vio_frame *const *frames, int n, vio_error *err);

#endif
