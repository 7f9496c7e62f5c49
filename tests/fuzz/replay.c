/* Runs a fuzz target's LLVMFuzzerTestOneInput over files and directories,
 * without libFuzzer: `make check` builds every target with this main() and
 * replays its seed corpus, so an input that once crashed a target keeps
 * failing the suite until the bug is fixed, with gcc as with clang.
 *
 *   fuzz_NAME [--no-fork] [FILE|DIR]...
 *
 * With no argument it replays the corpus directories it was built with
 * (FUZZ_CORPUS, colon-separated, relative to the top of the tree).  Each
 * input runs in a child process so that a crash is counted and named and
 * the others still run (--no-fork: in this process, for a debugger).  The
 * closing line is the test harness's "N passed, N failed, N skipped". */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"

#ifndef FUZZ_CORPUS
#define FUZZ_CORPUS ""
#endif

static bool no_fork;
static int passed, failed;
static const char *prog = "replay";

/* The whole file, or NULL with *n = 0 on error (said on stderr). */
static uint8_t *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t cap = 0;
    *n = 0;
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return NULL;
    }
    for (;;) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 4096;
            uint8_t *b = realloc(buf, cap);
            if (!b)
                break;
            buf = b;
        }
        size_t got = fread(buf + *n, 1, cap - *n, f);
        *n += got;
        if (!got)
            break;
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: read error\n", path);
        free(buf);
        *n = 0;
        return NULL;
    }
    return buf ? buf : malloc(1);
}

/* One input: passed when the target returns, failed when it crashes. */
static void run_one(const char *label, const uint8_t *data, size_t n)
{
    if (no_fork) {
        LLVMFuzzerTestOneInput(data, n);
        printf("ok   %s\n", label);
        passed++;
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        LLVMFuzzerTestOneInput(data, n);
        exit(0);   /* atexit handlers run: scratch files go, leaks are checked */
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) {
        printf("FAIL %s (cannot run it: %s)\n", label, strerror(errno));
        failed++;
    } else if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        printf("ok   %s\n", label);
        passed++;
    } else if (WIFSIGNALED(st)) {
        printf("FAIL %s (signal %d; rerun: %s --no-fork %s)\n", label, WTERMSIG(st), prog,
               label);
        failed++;
    } else {
        printf("FAIL %s (exit %d)\n", label, WEXITSTATUS(st));
        failed++;
    }
}

static void run_file(const char *path)
{
    size_t n;
    uint8_t *data = slurp(path, &n);
    if (!data) {
        printf("FAIL %s (unreadable)\n", path);
        failed++;
        return;
    }
    run_one(path, data, n);
    free(data);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of a directory in name order (the replay is the same on every
 * machine), hidden files skipped. */
static void run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        printf("FAIL %s (%s)\n", dir, strerror(errno));
        failed++;
        return;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn)
                break;
            names = nn;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[count] = malloc(len)))
            break;
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count)
        qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            run_file(names[i]);
        free(names[i]);
    }
    free(names);
}

static void run_path(const char *path, bool required)
{
    struct stat st;
    if (!required && stat(path, &st) != 0)
        return;   /* a built-in corpus directory this target does not have */
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        run_dir(path);
    else
        run_file(path);
}

int main(int argc, char **argv)
{
    int first = 1;
    setvbuf(stdout, NULL, _IOLBF, 0);
    prog = argv[0];
    if (argc > 1 && !strcmp(argv[1], "--no-fork"))
        no_fork = true, first = 2;
    run_one("(empty input)", (const uint8_t *)"", 0);
    if (first < argc) {
        for (int i = first; i < argc; i++)
            run_path(argv[i], true);
    } else {
        char dirs[] = FUZZ_CORPUS;
        for (char *s = strtok(dirs, ":"); s; s = strtok(NULL, ":"))
            run_path(s, false);
    }
    printf("%d passed, %d failed, 0 skipped\n", passed, failed);
    return failed ? 1 : 0;
}
