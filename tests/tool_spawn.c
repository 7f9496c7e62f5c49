/* Tools as children of the test (see tool_spawn.h). */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "tool_spawn.h"

pid_t t_spawn(const char *tool, const char *const args[], const char *err_path,
              long long as_limit)
{
    char prog[256];
    const char *argv[32] = { prog };
    snprintf(prog, sizeof prog, "%s/%s", t_build_dir(), tool);
    for (int i = 0; args[i] && i < 30; i++)
        argv[i + 1] = args[i];
    fflush(NULL);
    pid_t pid = fork();
    if (pid)
        return pid;
    int null = open("/dev/null", O_WRONLY);
    int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (null < 0 || err < 0)
        _exit(126);
    dup2(null, 1), dup2(err, 2);
    /* a test started in the background may have inherited them ignored */
    signal(SIGINT, SIG_DFL), signal(SIGTERM, SIG_DFL), signal(SIGHUP, SIG_DFL);
    if (as_limit) {
        struct rlimit rl = { (rlim_t)as_limit, (rlim_t)as_limit };
        setrlimit(RLIMIT_AS, &rl);
    }
    execv(prog, (char *const *)argv);
    _exit(127);
}

int t_spawn_wait(pid_t pid, long *maxrss_kb)
{
    int st = -1;
    struct rusage ru = { 0 };
    if (pid > 0 && wait4(pid, &st, 0, &ru) != pid)
        st = -1;
    if (maxrss_kb)
        *maxrss_kb = ru.ru_maxrss;
    return st;
}

static bool find(const char *dir, const char *prefix, char *name, size_t cap)
{
    DIR *d = opendir(dir);
    bool found = false;
    for (struct dirent *e; d && !found && (e = readdir(d));)
        if (!strncmp(e->d_name, prefix, strlen(prefix))) {
            found = true;
            if (name)
                snprintf(name, cap, "%s", e->d_name);
        }
    if (d)
        closedir(d);
    return found;
}

bool t_file_with_prefix(const char *dir, const char *prefix)
{
    return find(dir, prefix, NULL, 0);
}

bool t_wait_for_file(const char *dir, const char *prefix, double seconds, char *name,
                     size_t cap)
{
    for (double t = 0; t < seconds; t += 0.01) {
        if (find(dir, prefix, name, cap))
            return true;
        nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
    }
    return false;
}
