/* gen7sf-synth as a user runs it: the command-line conventions (cli.h),
 * the bytes it writes, and its errors. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "tool_run.h"
#include "tool_spawn.h"

static const char *path(const char *name)
{
    return t_scratch_path("tool_synth_", name);
}

/* Runs "gen7sf-synth ARGS" through sh (ARGS may hold pipes and redirections,
 * with $T for the tool): tool_run.h keeps its stdout and stderr. */
static int run(const char *args)
{
    return t_tool_run("gen7sf-synth", "%s", args);
}

/* Runs the tool with args (NULL-terminated) as a child of the test, stderr
 * into t_tool_stderr, with an address-space limit (0: none).  Returns the wait
 * status and the child's peak resident set in KiB. */
static int spawn(const char *const args[], long long as_limit, long *maxrss_kb)
{
    char se[256];
    snprintf(se, sizeof se, "%s/tests/tool_synth.spawn.stderr", t_build_dir());
    int st = t_spawn_wait(t_spawn("gen7sf-synth", args, se, as_limit), maxrss_kb);
    t_read_text(se, t_tool_stderr, sizeof t_tool_stderr);
    return st;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* Every line of t_tool_stderr starts with "gen7sf-synth: " or is the --help hint,
 * and the tool's name appears once per line. */
static void check_lines_named(int line)
{
    for (const char *p = t_tool_stderr; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char l[1024];
        snprintf(l, sizeof l, "%.*s", (int)n, p);
        bool hint = !strcmp(l, "Try 'gen7sf-synth --help'.");
        if (!hint && (strncmp(l, "gen7sf-synth: ", 14) || count(l, "gen7sf-synth") != 1))
            t_fail(__FILE__, line, "stderr line \"%s\"", l);
        p += n + (e != NULL);
    }
}

TEST(help_and_version_exit_0)
{
    CHECK_EQ(run("--help"), 0);
    CHECK(strstr(t_tool_stdout, "usage: gen7sf-synth [options] OUTPUT KIND:FRAMES[:SIGMA] ...") != NULL);
    CHECK_STR(t_tool_stderr, "");
    CHECK_EQ(run("--version"), 0);
    CHECK_STR(t_tool_stdout, "gen7sf-synth 0.1.0\n");
    CHECK_EQ(run("-V"), 0);
    CHECK_STR(t_tool_stdout, "gen7sf-synth 0.1.0\n");
}

TEST(usage_errors_exit_2_and_point_at_help)
{
    static const struct { const char *args, *text; } bad[] = {
        { "", "OUTPUT and a section are required" },
        { "out.y4m", "no section after OUTPUT" },
        { "--bogus out.y4m zone:1", "unknown option '--bogus'" },
        { "-x out.y4m zone:1", "unknown option '-x'" },
        { "--truth", "option '--truth' needs a value" },
        { "--bff=1 out.y4m zone:1", "option '--bff' takes no value" },
        { "--size 8x4 out.y4m zone:1", "--size: '8x4' is not WxH" },
        { "--size 64 out.y4m zone:1", "--size: '64' is not WxH" },
        { "--fps 0/1 out.y4m zone:1", "--fps: '0/1' is not N/D" },
        { "--seed x out.y4m zone:1", "--seed: 'x' is not a number" },
        { "out.y4m zone", "'zone' is not a section KIND:FRAMES[:SIGMA]" },
        { "out.y4m zone:0", "'zone:0' is not a section" },
        { "out.y4m bogus:3", "'bogus:3' is not a section" },
        { "out.y4m zone:3:-1", "'zone:3:-1' is not a section" },
        { "out.y4m zone:3x", "'zone:3x' is not a section" },
        { "out.y4m zone:3:", "'zone:3:' is not a section" },
        { "out.y4m zone:3:1e9", "'zone:3:1e9' is not a section" },
        { "out.y4m zone:3:nan", "'zone:3:nan' is not a section" },
        { "out.y4m zone:+3", "'zone:+3' is not a section" },
        { "out.y4m zone:99999999999999999999", "is not a section" },
        { "out.y4m Zone:3", "'Zone:3' is not a section" },
        { "--size 64x32x out.y4m zone:1", "--size: '64x32x' is not WxH" },
        { "--size ' 64x32' out.y4m zone:1", "--size: ' 64x32' is not WxH" },
        { "--size 99999999999x32 out.y4m zone:1", "is not WxH" },
        { "--fps 25/1/1 out.y4m zone:1", "--fps: '25/1/1' is not N/D" },
        { "--seed -1 out.y4m zone:1", "--seed: '-1' is not a number" },
    };
    const char *out = path("out.y4m");
    remove(out);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* out.y4m stands for a scratch path */
        char args[512];
        const char *o = strstr(bad[i].args, "out.y4m");
        if (o)
            snprintf(args, sizeof args, "%.*s%s%s", (int)(o - bad[i].args), bad[i].args, out,
                     o + 7);
        else
            snprintf(args, sizeof args, "%s", bad[i].args);
        int st = run(args);
        CHECKF(st == 2, "'%s' gave %d", bad[i].args, st);
        CHECKF(strstr(t_tool_stderr, bad[i].text), "'%s': stderr \"%s\"", bad[i].args, t_tool_stderr);
        CHECKF(strstr(t_tool_stderr, "\nTry 'gen7sf-synth --help'.\n"), "'%s': stderr \"%s\"",
               bad[i].args, t_tool_stderr);
        check_lines_named(__LINE__);
    }
    struct stat st;
    CHECK(stat(out, &st) != 0);   /* nothing written for a bad command */
}

TEST(run_errors_name_the_file_once_and_exit_1)
{
    CHECK_EQ(run("/nonexistent/x.y4m zone:1"), 1);
    CHECKF(count(t_tool_stderr, "/nonexistent/x.y4m") == 1, "stderr \"%s\"", t_tool_stderr);
    CHECK(strstr(t_tool_stderr, "Try ") == NULL);
    check_lines_named(__LINE__);
    char args[512];
    snprintf(args, sizeof args, "--size 16x8 --truth /nonexistent/t.y4m %s zone:1",
             path("x.y4m"));
    CHECK_EQ(run(args), 1);
    CHECKF(count(t_tool_stderr, "/nonexistent/t.y4m") == 1, "stderr \"%s\"", t_tool_stderr);
    check_lines_named(__LINE__);
    remove(path("x.y4m"));
}

TEST(outputs_never_share_a_file)
{
    const char *out = path("share.y4m");
    char args[600];
    remove(out);
    snprintf(args, sizeof args, "--size 16x8 --truth %s %s zone:1", out, out);
    CHECK_EQ(run(args), 2);
    CHECK(strstr(t_tool_stderr, "are the same file\n") != NULL);
    const char *x = path("x.y4m");
    snprintf(args, sizeof args, "--size 16x8 --film-truth %s --truth %s %s film:2", out,
             t_scratch_alias("tool_synth_", "share.y4m"), x);
    CHECK_EQ(run(args), 2);
    struct stat st;
    CHECK(stat(out, &st) != 0 && stat(x, &st) != 0);
    CHECK_EQ(run("--size 16x8 --truth - - zone:1"), 2);
    CHECK_STR(t_tool_stderr, "gen7sf-synth: OUTPUT and --truth both go to standard output\n"
                        "Try 'gen7sf-synth --help'.\n");
    CHECK_STR(t_tool_stdout, "");
}

TEST(a_directory_is_named_as_one)
{
    const char *d = path("a_dir");
    char args[600], want[600];
    rmdir(d);
    CHECK_EQ(mkdir(d, 0755), 0);
    snprintf(args, sizeof args, "--size 16x8 %s zone:1", d);
    snprintf(want, sizeof want, "gen7sf-synth: %s is a directory\n", d);
    CHECK_EQ(run(args), 1);
    CHECK_STR(t_tool_stderr, want);
    rmdir(d);
}

/* Frames are made and written one by one: the peak memory of 2000 frames
 * is that of 50 (it held the whole clip: 3 frames of 12 KiB each per
 * interlaced frame at 128x64, 72 MiB more for 2000). */
TEST(memory_does_not_grow_with_the_frame_count)
{
    long rss[2];
    static const char *const counts[2] = { "zone:50", "zone:2000" };
    for (int i = 0; i < 2; i++) {
        const char *args[] = { "--size", "128x64", "--truth", "/dev/null", "/dev/null",
                               counts[i], NULL };
        int st = spawn(args, 0, &rss[i]);
        CHECKF(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: status %d, %s", counts[i], st,
               t_tool_stderr);
    }
    printf("     peak RSS: %ld KiB for 50 frames, %ld KiB for 2000\n", rss[0], rss[1]);
    CHECKF(rss[1] - rss[0] < 2048, "50 frames: %ld KiB, 2000 frames: %ld KiB", rss[0], rss[1]);
}

/* Allocation failure is named as such; "not a section" is for syntax */
TEST(out_of_memory_is_not_a_syntax_error)
{
#ifdef T_UNDER_ASAN
    SKIP("AddressSanitizer needs more address space than the limit leaves");
#else
    const char *out = path("oom.y4m");
    remove(out);
    /* 16384x16384 4:2:0 frames are 384 MiB: a few of them exceed 1 GiB */
    const char *args[] = { "--size", "16384x16384", out, "zone:2", NULL };
    int st = spawn(args, 1LL << 30, NULL);
    CHECKF(WIFEXITED(st) && WEXITSTATUS(st) == 1, "status %d", st);
    CHECKF(strstr(t_tool_stderr, "gen7sf-synth: out of memory") == t_tool_stderr, "stderr \"%s\"", t_tool_stderr);
    CHECK(strstr(t_tool_stderr, "not a section") == NULL);
    struct stat sb;
    CHECK(stat(out, &sb) != 0);
    /* under the same limit a bad section is still a usage error */
    const char *bad[] = { "--size", "16384x16384", out, "zone:2x", NULL };
    st = spawn(bad, 1LL << 30, NULL);
    CHECKF(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    CHECK(strstr(t_tool_stderr, "'zone:2x' is not a section KIND:FRAMES[:SIGMA]") != NULL);
#endif
}

/* The noise depends on --seed and the section, not on the other options */
TEST(noise_follows_the_seed_not_the_command_line)
{
    char a[300], b[300], args[900];
    snprintf(a, sizeof a, "%s", path("seed_a.y4m"));
    snprintf(b, sizeof b, "%s", path("seed_b.y4m"));
    snprintf(args, sizeof args, "--size 32x16 %s still:2:8 zone:1:4", a);
    CHECK_EQ(run(args), 0);
    snprintf(args, sizeof args, "--size 32x16 --seed 1 --truth %s %s still:2:8 zone:1:4",
             path("seed_t.y4m"), b);
    CHECK_EQ(run(args), 0);
    CHECK(t_same_file(a, b));
    snprintf(args, sizeof args, "--size 32x16 --seed 2 %s still:2:8 zone:1:4", b);
    CHECK_EQ(run(args), 0);
    CHECK(!t_same_file(a, b));
    remove(a), remove(b), remove(path("seed_t.y4m"));
}

/* Killed while writing: no temporary file is left, no output appears, and
 * the exit status says which signal.  The --truth FIFO holds the tool: it
 * opens OUTPUT (a temporary file beside it) first, then waits for a reader. */
TEST(a_signal_leaves_no_temporary_file)
{
    char dir[300], fifo[400], out[400], se[400];
    snprintf(dir, sizeof dir, "%s", path("sig_dir"));
    snprintf(fifo, sizeof fifo, "%s/truth.fifo", dir);
    snprintf(out, sizeof out, "%s/out.y4m", dir);
    snprintf(se, sizeof se, "%s/stderr", dir);
    mkdir(dir, 0755);
    remove(fifo), remove(out);
    CHECK_EQ(mkfifo(fifo, 0600), 0);
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        const char *args[] = { "--size", "16x8", "--truth", fifo, out, "zone:5", NULL };
        pid_t pid = t_spawn("gen7sf-synth", args, se, 0);
        char tmp[256];
        bool made = t_wait_for_file(dir, "out.y4m.tmp-", 20, tmp, sizeof tmp);
        CHECKF(made, "signal %d: no temporary file appeared", sigs[i]);
        kill(pid, made ? sigs[i] : SIGKILL);
        int st = t_spawn_wait(pid, NULL);
        CHECKF(WIFSIGNALED(st) && WTERMSIG(st) == sigs[i], "signal %d: status 0x%x", sigs[i], st);
        CHECKF(!t_file_with_prefix(dir, "out.y4m.tmp-"), "signal %d: %s left", sigs[i], tmp);
        struct stat sb;
        CHECK(stat(out, &sb) != 0);
    }
    remove(fifo), remove(se), rmdir(dir);
}
