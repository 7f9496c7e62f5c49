#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "harness.h"
#include "tool_run.h"

char t_tool_stderr[4096];

int t_tool_run(const char *tool, const char *fmt, ...)
{
    char args[1536], cmd[2048], se[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(se, sizeof se, "%s/tests/%s.stderr", t_build_dir(), tool);
    snprintf(cmd, sizeof cmd, "%s/%s %s > /dev/null 2> %s", t_build_dir(), tool, args, se);
    int st = system(cmd);
    FILE *f = fopen(se, "rb");
    size_t len = f ? fread(t_tool_stderr, 1, sizeof t_tool_stderr - 1, f) : 0;
    t_tool_stderr[len] = 0;
    if (f)
        fclose(f);
    return st < 0 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}
