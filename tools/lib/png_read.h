/* PNG stills in: any PNG libpng reads (gray, gray + alpha, RGB, RGBA,
 * palette; 16-bit samples keep their high byte) as 8-bit RGBA. */
#ifndef G7SF_PNG_READ_H
#define G7SF_PNG_READ_H

#include <stdint.h>

#include "video_io.h"

/* Reads path into a new buffer of *w x *h RGBA pixels (rows 4 * *w bytes
 * apart; free() it).  Gray is copied to R, G and B; no alpha reads as 255.
 * Sizes 1..VIO_MAX_DIM each, checked before anything is allocated.  Returns
 * 0, or VIO_E_OPEN, VIO_E_IO (not a PNG, corrupt or truncated), VIO_E_SIZE,
 * VIO_E_NOMEM with the message in err. */
int png_read_rgba(const char *path, uint8_t **rgba, uint32_t *w, uint32_t *h, vio_error *err);

#endif
