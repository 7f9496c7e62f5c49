/* Hex dumps of 32-bit words, as gen7sf-state reads and gen7sf-tex writes
 * them: whitespace- or comma-separated hex words, text after '#' ignored,
 * words ending in ':' (address labels) ignored. */
#ifndef G7SF_HEXWORDS_H
#define G7SF_HEXWORDS_H

#include <stdint.h>

#include "video_io.h"

/* Reads at most max words from path ("-": standard input).  Returns the
 * count, or VIO_E_OPEN / VIO_E_IO, VIO_E_BAD_TAG (a token that is not a hex
 * word) or VIO_E_SIZE (more than max words) with a message in err. */
long hexwords_read(const char *path, uint32_t *w, unsigned max, vio_error *err);

#endif
