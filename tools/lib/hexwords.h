/* Hex dumps of 32-bit words, as gen7sf-state reads and gen7sf-tex writes
 * them: words separated by whitespace or commas, text from '#' to the end
 * of the line ignored.  A word is hex digits (any number of leading zeros:
 * the radix is always 16, so "010" is 10h) with an optional 0x, its value
 * under 2^32; a word followed by ':' is an address label and is skipped.
 * Lines may be of any length.  Any other token is an error naming the line
 * and column: nothing is skipped silently and no word is ever split. */
#ifndef G7SF_HEXWORDS_H
#define G7SF_HEXWORDS_H

#include <stdint.h>

#include "video_io.h"

/* Reads at most max words from path ("-": standard input).  Returns the
 * count, or VIO_E_OPEN / VIO_E_IO, VIO_E_BAD_TAG (a token that is not a hex
 * word or label; the message is "PATH:LINE:COLUMN: ...") or VIO_E_SIZE
 * (more than max words) with a message in err. */
long hexwords_read(const char *path, uint32_t *w, unsigned max, vio_error *err);

#endif
