/* For targets whose code under test opens a path: the input as a file. */
#ifndef G7SF_FUZZ_FILE_INPUT_H
#define G7SF_FUZZ_FILE_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* Writes data to this process's scratch file number `slot` (0 or 1;
 * created on first use in $TMPDIR, else /dev/shm when there is one, else
 * /tmp; removed at exit) and returns its path.  Aborts when the file
 * cannot be written: a fuzz run without its input means nothing. */
const char *fuzz_file_input(unsigned slot, const uint8_t *data, size_t n);

#endif
