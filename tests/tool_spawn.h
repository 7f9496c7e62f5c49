/* Running a built tool as a child of the test itself (no shell between),
 * for what tool_run.h cannot see: signals sent to the tool, its own exit
 * status and its peak memory. */
#ifndef G7SF_TEST_TOOL_SPAWN_H
#define G7SF_TEST_TOOL_SPAWN_H

#include <stdbool.h>
#include <sys/types.h>

/* Starts BUILD/<tool> with args (NULL-terminated, after the program name),
 * stdout to /dev/null, stderr to the file err_path, SIGINT, SIGTERM and
 * SIGHUP at their default action (as from a terminal), and an address-space
 * limit in bytes (0: none).  Returns the pid, or -1. */
pid_t t_spawn(const char *tool, const char *const args[], const char *err_path,
              long long as_limit);
/* Waits for it: the wait status; *maxrss_kb (may be NULL) gets its peak
 * resident set in KiB (wait4: this child's alone). */
int t_spawn_wait(pid_t pid, long *maxrss_kb);
/* Waits up to seconds for a file in directory dir whose name starts with
 * prefix; fills name (cap bytes) and returns true when there is one. */
bool t_wait_for_file(const char *dir, const char *prefix, double seconds, char *name,
                     size_t cap);
/* Whether directory dir holds a file whose name starts with prefix. */
bool t_file_with_prefix(const char *dir, const char *prefix);

#endif
