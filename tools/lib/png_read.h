/* PNG stills in: any PNG libpng reads (gray, gray + alpha, RGB, RGBA,
 * palette; 16-bit samples keep their high byte) as 8-bit RGBA.
 *
 * In two steps, so that a caller can refuse an image by its header before
 * anything the size of the image is allocated or decoded: png_in_open reads
 * the chunks up to the pixels, png_in_read the pixels into the caller's
 * buffer.  (A 261 KB PNG can claim 16384 x 16384 pixels: 1 GiB of RGBA.) */
#ifndef G7SF_PNG_READ_H
#define G7SF_PNG_READ_H

#include <stdint.h>

#include "video_io.h"

typedef struct png_in png_in;

/* Opens path and reads its header: *w x *h pixels, each side 1..max_side
 * (at most VIO_MAX_DIM), checked from IHDR before any row buffer exists
 * (libpng keeps at most 8 MB of any other chunk).
 * Returns 0 and *p (png_in_close it), or VIO_E_OPEN, VIO_E_IO (not a PNG,
 * corrupt or truncated header), VIO_E_SIZE, VIO_E_NOMEM with the message in
 * err. */
int png_in_open(png_in **p, const char *path, uint32_t max_side, uint32_t *w, uint32_t *h,
                vio_error *err);
/* Reads the pixels into rgba: w * h RGBA pixels, rows 4 * w bytes apart.
 * Gray is copied to R, G and B; no alpha reads as 255.  0, or VIO_E_IO
 * (corrupt or truncated data), VIO_E_NOMEM.  Once only. */
int png_in_read(png_in *p, uint8_t *rgba, vio_error *err);
void png_in_close(png_in *p);

/* Both steps: path into a new buffer of *w x *h RGBA pixels (free() it),
 * sizes 1..VIO_MAX_DIM. */
int png_read_rgba(const char *path, uint8_t **rgba, uint32_t *w, uint32_t *h, vio_error *err);

#endif
