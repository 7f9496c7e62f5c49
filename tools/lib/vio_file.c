/* Input and output paths: "-" for the standard streams, refusal to write
 * over the input, and a temporary file renamed into place on success so a
 * failed run never leaves a partial output where a file was. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "video_io.h"

FILE *vio_open_input(const char *path, vio_error *err)
{
    if (!strcmp(path, "-"))
        return stdin;
    FILE *fp = fopen(path, "rb");
    if (!fp)
        vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
    return fp;
}

void vio_close_input(FILE *fp)
{
    if (fp && fp != stdin)
        fclose(fp);
}

static bool same_file(FILE *input, const struct stat *out)
{
    struct stat in;
    return input && S_ISREG(out->st_mode) && !fstat(fileno(input), &in)
        && in.st_dev == out->st_dev && in.st_ino == out->st_ino;
}

/* Creates "final.tmp-PID-N" with O_EXCL, so the umask applies to a new file
 * and no existing file is reused. */
static int create_temp(vio_sink *s, const struct stat *old, vio_error *err)
{
    static unsigned counter;
    size_t cap = strlen(s->path) + 48;
    if (!(s->tmp = malloc(cap)))
        return vio_fail(err, VIO_E_NOMEM, "out of memory");
    int fd = -1;
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        snprintf(s->tmp, cap, "%s.tmp-%ld-%u", s->path, (long)getpid(), counter++);
        fd = open(s->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        return vio_fail(err, VIO_E_OPEN, "%s: cannot create a temporary file beside it: %s",
                        s->path, strerror(errno));
    if (old)   /* the replacement keeps the permissions of the file it replaces */
        fchmod(fd, old->st_mode & 07777);
    if (!(s->fp = fdopen(fd, "wb"))) {
        close(fd);
        unlink(s->tmp);
        return vio_fail(err, VIO_E_OPEN, "%s: %s", s->tmp, strerror(errno));
    }
    return 0;
}

int vio_open_output(vio_sink *s, const char *path, FILE *input, vio_error *err)
{
    struct stat st, lst;
    memset(s, 0, sizeof *s);
    bool to_stdout = !strcmp(path, "-");
    bool exists = !(to_stdout ? fstat(STDOUT_FILENO, &st) : stat(path, &st));
    int rc = 0;
    if (exists && same_file(input, &st))
        return vio_fail(err, VIO_E_SAME_FILE, "%s: the output is the input file", path);
    if (to_stdout) {
        s->fp = stdout;
        return 0;
    }
    /* through a symbolic link, the target is what gets replaced */
    bool link = exists && !lstat(path, &lst) && S_ISLNK(lst.st_mode);
    if (!(s->path = link ? realpath(path, NULL) : strdup(path)))
        return vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
    if (!exists || S_ISREG(st.st_mode))
        rc = create_temp(s, exists ? &st : NULL, err);
    else if (!(s->fp = fopen(path, "wb")))   /* a device or FIFO: written in place */
        rc = vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
    if (rc) {
        free(s->path);
        free(s->tmp);
        memset(s, 0, sizeof *s);
    }
    return rc;
}

int vio_close_output(vio_sink *s, bool ok, vio_error *err)
{
    int rc = 0;
    if (s->fp) {
        errno = 0;
        bool bad = ferror(s->fp);
        bad |= s->fp == stdout ? fflush(stdout) != 0 : fclose(s->fp) != 0;
        /* after a failed run the caller already holds the first error */
        if (bad && ok)
            rc = vio_fail(err, VIO_E_IO, "%s: write error: %s", s->path ? s->path : "stdout",
                          errno ? strerror(errno) : "stream error");
    }
    if (s->tmp) {
        if (ok && !rc && rename(s->tmp, s->path))
            rc = vio_fail(err, VIO_E_OPEN, "%s: cannot rename %s over it: %s", s->path,
                          s->tmp, strerror(errno));
        if (!ok || rc)
            unlink(s->tmp);
    }
    free(s->path);
    free(s->tmp);
    memset(s, 0, sizeof *s);
    return rc;
}
