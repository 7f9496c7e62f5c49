/* Running a built tool as a user does, for the tool tests. */
#ifndef G7SF_TEST_TOOL_RUN_H
#define G7SF_TEST_TOOL_RUN_H

#include <stdbool.h>

/* Runs "BUILD/<tool> ARGS" through sh, with $T standing for the tool (so
 * that ARGS may hold pipes and redirections); the first 8 KiB of its stdout
 * and of its stderr are kept in t_tool_stdout and t_tool_stderr.  The exit
 * status, or -1 when the tool did not exit (a crash). */
int t_tool_run(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
extern char t_tool_stdout[8192], t_tool_stderr[8192];

/* Whether two files hold the same bytes (and both open). */
bool t_same_file(const char *a, const char *b);

#endif
