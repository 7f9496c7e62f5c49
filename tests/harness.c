/* Runs every registered case (or those named on the command line). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define MAX_TESTS 1024
static struct { const char *name; t_fn fn; } tests[MAX_TESTS];
static int ntests, cur_failed, cur_skipped;
static uint64_t rng;

void t_register(const char *name, t_fn fn)
{
    if (ntests == MAX_TESTS) {
        fprintf(stderr, "harness: more than %d tests\n", MAX_TESTS);
        exit(2);
    }
    tests[ntests].name = name;
    tests[ntests++].fn = fn;
}

void t_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (cur_failed++ >= 20)
        return;   /* enough to see what is wrong */
    fprintf(stdout, "  %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

void t_skip(const char *why)
{
    cur_skipped = 1;
    printf("  skipped: %s\n", why);
}

bool t_failed(void) { return cur_failed != 0; }

uint8_t *t_read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    *n = 0;
    if (f && !fseek(f, 0, SEEK_END)) {
        long len = ftell(f);
        buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
        if (buf && !fseek(f, 0, SEEK_SET))
            *n = fread(buf, 1, (size_t)len, f);
        if (buf)
            buf[*n] = 0;
    }
    if (f)
        fclose(f);
    return buf;
}

void t_read_text(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t len = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[len] = 0;
    if (f)
        fclose(f);
}

void t_write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    CHECKF(f && fwrite(data, 1, n, f) == n, "cannot write %s", path);
    if (f)
        fclose(f);
}

uint64_t t_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static bool selected(const char *name, int argc, char **argv)
{
    if (argc < 2)
        return true;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return true;
    return false;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0, skipped = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (int i = 0; i < ntests; i++) {
        if (!selected(tests[i].name, argc, argv))
            continue;
        cur_failed = cur_skipped = 0;
        rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)(i + 1) * 0x2545f4914f6cdd1dull;
        tests[i].fn();
        if (cur_failed) {
            failed++;
            printf("FAIL %s (%d failed checks)\n", tests[i].name, cur_failed);
        } else if (cur_skipped) {
            skipped++;
            printf("SKIP %s\n", tests[i].name);
        } else {
            passed++;
            printf("ok   %s\n", tests[i].name);
        }
    }
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}

const char *t_build_dir(void)
{
    const char *b = getenv("BUILD");
    return b ? b : "build";
}

const char *t_scratch_path(const char *prefix, const char *name)
{
    static char buf[8][256];
    static int k;
    char *p = buf[k++ % 8];
    snprintf(p, sizeof buf[0], "%s/tests/%s%s", t_build_dir(), prefix, name);
    return p;
}

const char *t_scratch_alias(const char *prefix, const char *name)
{
    static char buf[8][256];
    static int k;
    char *p = buf[k++ % 8];
    snprintf(p, sizeof buf[0], "%s/tests/./%s%s", t_build_dir(), prefix, name);
    return p;
}
