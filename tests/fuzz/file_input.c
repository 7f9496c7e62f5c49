/* The input as a file (see file_input.h).  Files are made once per
 * process and rewritten in place: creating a file per input would cost
 * more than most inputs. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_input.h"

#define SLOTS 2
static char paths[SLOTS][4096];
static int fds[SLOTS] = { -1, -1 };

static void remove_files(void)
{
    for (unsigned i = 0; i < SLOTS; i++)
        if (fds[i] >= 0)
            unlink(paths[i]);
}

/* A memory file system when there is one: the inputs never need a disk. */
static const char *scratch_dir(void)
{
    const char *dir = getenv("TMPDIR");
    if (dir && *dir)
        return dir;
    return access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
}

const char *fuzz_file_input(unsigned slot, const uint8_t *data, size_t n)
{
    if (slot >= SLOTS)
        abort();
    if (fds[slot] < 0) {
        static int registered;
        snprintf(paths[slot], sizeof paths[slot], "%s/g7sf-fuzz-XXXXXX", scratch_dir());
        fds[slot] = mkstemp(paths[slot]);
        if (fds[slot] < 0) {
            perror(paths[slot]);
            abort();
        }
        if (!registered++)
            atexit(remove_files);
    }
    size_t done = 0;
    if (ftruncate(fds[slot], 0))
        abort();
    while (done < n) {
        ssize_t w = pwrite(fds[slot], data + done, n - done, (off_t)done);
        if (w <= 0) {
            perror(paths[slot]);
            abort();
        }
        done += (size_t)w;
    }
    return paths[slot];
}
