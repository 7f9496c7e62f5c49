/* Input and output paths: "-" for the standard streams, refusal to write
 * over the input, and a temporary file renamed into place on success so a
 * failed run never leaves a partial output where a file was. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "video_io.h"

/* ---- temporary files and the signals that would leave them behind ------
 * A temporary output is registered in a slot while it exists: its path in
 * static storage, written before the slot is marked live, so that the
 * handler only reads finished strings and calls nothing but unlink, signal
 * and raise (async-signal-safe).  The handler may run on any thread (the
 * video pipeline's workers too); the thread that registers blocks the
 * signals meanwhile.  After removing the files it restores the default
 * action and raises the signal again, so that the exit status still says
 * "killed by signal".  Signals the program ignores (nohup) stay ignored. */
enum { TEMP_SLOTS = 8 };
static char temp_path[TEMP_SLOTS][PATH_MAX];
/* release / acquire: a slot seen live has its path written, on any thread */
static atomic_int temp_live[TEMP_SLOTS];
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "a signal handler may only use lock-free atomics");
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM };
#define NFATAL (int)(sizeof fatal_signals / sizeof fatal_signals[0])

static void remove_temps_and_die(int sig)
{
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load_explicit(&temp_live[i], memory_order_acquire))
            unlink(temp_path[i]);
    signal(sig, SIG_DFL);
    raise(sig);   /* delivered with the default action once this returns */
}

static void install_handlers(void)
{
    static bool installed;
    if (installed)
        return;
    installed = true;
    for (int i = 0; i < NFATAL; i++) {
        struct sigaction old, sa = { .sa_handler = remove_temps_and_die };
        sigfillset(&sa.sa_mask);   /* one handler at a time */
        if (!sigaction(fatal_signals[i], NULL, &old) && old.sa_handler != SIG_IGN)
            sigaction(fatal_signals[i], &sa, NULL);
    }
}

/* Blocks (or restores) the fatal signals in this thread around a slot change. */
static void block_fatal(bool block, sigset_t *saved)
{
    if (block) {
        sigset_t set;
        sigemptyset(&set);
        for (int i = 0; i < NFATAL; i++)
            sigaddset(&set, fatal_signals[i]);
        pthread_sigmask(SIG_BLOCK, &set, saved);
    } else {
        pthread_sigmask(SIG_SETMASK, saved, NULL);
    }
}

/* A free slot holding path, marked live; -1 when none is free or the path
 * does not fit (the file is then not removed on a signal). */
static int temp_register(const char *path)
{
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (!atomic_load_explicit(&temp_live[i], memory_order_relaxed) &&
            strlen(path) < sizeof temp_path[i]) {
            memcpy(temp_path[i], path, strlen(path) + 1);
            atomic_store_explicit(&temp_live[i], 1, memory_order_release);
            return i;
        }
    return -1;
}

static void temp_release(int slot)
{
    if (slot >= 0)
        atomic_store_explicit(&temp_live[slot], 0, memory_order_release);
}

FILE *vio_open_input(const char *path, vio_error *err)
{
    bool std = !strcmp(path, "-");
    FILE *fp = std ? stdin : fopen(path, "rb");
    struct stat st;
    if (!fp) {
        vio_fail(err, VIO_E_OPEN, "%s: %s", path, strerror(errno));
        return NULL;
    }
    /* Linux opens a directory for reading; the first read would fail */
    if (!fstat(fileno(fp), &st) && S_ISDIR(st.st_mode)) {
        vio_fail(err, VIO_E_OPEN, "%s is a directory", std ? "standard input" : path);
        vio_close_input(fp);
        return NULL;
    }
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
 * and no existing file is reused.  It is registered for removal on a fatal
 * signal from before it exists (a name with our PID that was there is no
 * one else's) until vio_close_output. */
static int create_temp(vio_sink *s, const struct stat *old, vio_error *err)
{
    static unsigned counter;
    size_t cap = strlen(s->path) + 48;
    if (!(s->tmp = malloc(cap)))
        return vio_fail(err, VIO_E_NOMEM, "out of memory");
    int fd = -1, e = 0;
    sigset_t saved;
    install_handlers();
    block_fatal(true, &saved);
    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        snprintf(s->tmp, cap, "%s.tmp-%ld-%u", s->path, (long)getpid(), counter++);
        s->slot = temp_register(s->tmp);
        fd = open(s->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        e = errno;
        if (fd < 0)
            temp_release(s->slot), s->slot = -1;
        if (fd < 0 && e != EEXIST)
            break;
    }
    block_fatal(false, &saved);
    if (fd < 0)
        return vio_fail(err, VIO_E_OPEN, "%s: cannot create a temporary file beside it: %s",
                        s->path, strerror(e));
    if (old)   /* the replacement keeps the permissions of the file it replaces */
        fchmod(fd, old->st_mode & 07777);
    if (!(s->fp = fdopen(fd, "wb"))) {
        e = errno;
        close(fd);
        unlink(s->tmp);
        temp_release(s->slot), s->slot = -1;
        return vio_fail(err, VIO_E_OPEN, "%s: %s", s->tmp, strerror(e));
    }
    return 0;
}

int vio_open_output(vio_sink *s, const char *path, FILE *input, vio_error *err)
{
    struct stat st, lst;
    memset(s, 0, sizeof *s);
    s->slot = -1;
    bool to_stdout = !strcmp(path, "-");
    bool exists = !(to_stdout ? fstat(STDOUT_FILENO, &st) : stat(path, &st));
    int rc = 0;
    if (exists && same_file(input, &st))
        return vio_fail(err, VIO_E_SAME_FILE, "%s: the output is the input file", path);
    if (exists && S_ISDIR(st.st_mode))
        return vio_fail(err, VIO_E_OPEN, "%s is a directory", to_stdout ? "standard output" : path);
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
        s->slot = -1;
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
        /* renamed or removed: nothing left for a signal to remove */
        temp_release(s->slot);
    }
    free(s->path);
    free(s->tmp);
    memset(s, 0, sizeof *s);
    s->slot = -1;
    return rc;
}

/* What a path names: a file by st_dev/st_ino, or (not existing yet) by a
 * canonical name; neither when the path cannot be resolved. */
typedef struct path_id {
    bool known, exists;
    struct stat st;
    char name[PATH_MAX + NAME_MAX + 2];
} path_id;

static path_id identify(const char *path, bool out)
{
    path_id id = { 0 };
    if (!strcmp(path, "-")) {
        id.known = id.exists = !fstat(out ? STDOUT_FILENO : STDIN_FILENO, &id.st);
        return id;
    }
    if (!stat(path, &id.st)) {
        id.known = id.exists = true;
        return id;
    }
    if (errno != ENOENT)
        return id;
    /* not there yet: the real directory and the last component */
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    char dir[PATH_MAX], real[PATH_MAX];
    if (!*base)
        return id;
    if (!slash)
        strcpy(dir, ".");
    else if (slash == path)
        strcpy(dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return id;
    if (!realpath(dir, real))
        return id;
    id.known = snprintf(id.name, sizeof id.name, "%s/%s", real, base) < (int)sizeof id.name;
    return id;
}

bool vio_paths_clash(const char *a, bool a_out, const char *b, bool b_out)
{
    if (a_out && b_out && !strcmp(a, "-") && !strcmp(b, "-"))
        return true;
    path_id x = identify(a, a_out), y = identify(b, b_out);
    if (!x.known || !y.known || x.exists != y.exists)
        return false;
    if (!x.exists)
        return !strcmp(x.name, y.name);
    return x.st.st_dev == y.st.st_dev && x.st.st_ino == y.st.st_ino && !S_ISCHR(x.st.st_mode);
}

int vio_paths_check(int n, const char *const path[], const bool out[], const char *const what[],
                    vio_error *err)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (!path[i] || !path[j] || !vio_paths_clash(path[i], out[i], path[j], out[j]))
                continue;
            if (!strcmp(path[i], "-") && !strcmp(path[j], "-") && out[i] && out[j])
                return vio_fail(err, VIO_E_SAME_FILE, "%s and %s both go to standard output",
                                what[i], what[j]);
            return vio_fail(err, VIO_E_SAME_FILE, "%s '%s' and %s '%s' are the same file%s",
                            what[i], path[i], what[j], path[j],
                            out[i] && out[j] ? "" : ": the input would be lost");
        }
    return 0;
}
