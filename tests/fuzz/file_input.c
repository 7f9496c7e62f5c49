/* The input as a file (see file_input.h).  One file per process, rewritten
 * in place: creating a file per input would cost more than most inputs. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_input.h"

static char path[4096];
static int fd = -1;

static void remove_file(void)
{
    if (fd >= 0)
        unlink(path);
}

const char *fuzz_file_input(const uint8_t *data, size_t n)
{
    if (fd < 0) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/g7sf-fuzz-XXXXXX", dir && *dir ? dir : "/tmp");
        fd = mkstemp(path);
        if (fd < 0) {
            perror(path);
            abort();
        }
        atexit(remove_file);
    }
    size_t done = 0;
    if (ftruncate(fd, 0))
        abort();
    while (done < n) {
        ssize_t w = pwrite(fd, data + done, n - done, (off_t)done);
        if (w <= 0) {
            perror(path);
            abort();
        }
        done += (size_t)w;
    }
    return path;
}
