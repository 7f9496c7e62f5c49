#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "harness.h"
#include "tool_run.h"

char t_tool_stdout[8192], t_tool_stderr[8192];

int t_tool_run(const char *tool, const char *fmt, ...)
{
    char args[4096], cmd[5120], so[256], se[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(so, sizeof so, "%s/tests/%s.stdout", t_build_dir(), tool);
    snprintf(se, sizeof se, "%s/tests/%s.stderr", t_build_dir(), tool);
    snprintf(cmd, sizeof cmd, "T=%s/%s; $T %s > %s 2> %s", t_build_dir(), tool, args, so, se);
    int st = system(cmd);
    t_read_text(so, t_tool_stdout, sizeof t_tool_stdout);
    t_read_text(se, t_tool_stderr, sizeof t_tool_stderr);
    return st < 0 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

bool t_same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    bool same = fa && fb;
    for (int ca = 0, cb = 0; same && ca != EOF;)
        ca = fgetc(fa), cb = fgetc(fb), same = ca == cb;
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}
