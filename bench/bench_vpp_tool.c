/* make bench: gen7sf-vpp as a user runs it, Y4M in and out on local disk,
 * at 1080i (1920x1080 4:2:0, top field first, field rate): output fields
 * per second of each mode on 1 thread and on every CPU online, beside
 * FFmpeg's bwdif (send_field, one thread) on the same clip in the same
 * run, the yardstick of issue 19, and the threads' gain (1 thread's time
 * over all of them).  Each rate is the best of 3 runs of the whole
 * process (wall time, start-up included): on a shared machine the best is
 * the least disturbed.  The ratio to bwdif is the median over pairs of
 * runs, bwdif and the mode one after the other, of bwdif's time over the
 * mode's: the machine's speed drifts from minute to minute (bwdif alone
 * has measured 123 to 182 fields/s in one day), and a pair sees the same
 * speed.  bwdif is skipped, with the reason,
 * when ffmpeg cannot be run.  Arguments: none, or "scale" (the tools are found beside
 * this program's build directory; "scale": the scaler alone); BENCH_DIR sets the scratch directory
 * (default /tmp; the clip is ~280 MB, the outputs twice that).  Then
 * the scaler (scale_bench). */
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

enum { RUNS = 3, FIELDS = 2 * 30 };

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Runs argv (its stdin, stdout and stderr on /dev/null); returns the
 * wall seconds, or -1 if it did not exit with 0. */
static double run(char *const argv[])
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", 0, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", 1, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", 1, 0);
    pid_t pid;
    double t0 = now();
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int st = 0;
    if (rc || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
        return -1;
    return now() - t0;
}

static double best(char *const argv[])
{
    double b = -1;
    for (int i = 0; i < RUNS; i++) {
        double t = run(argv);
        if (t < 0)
            return -1;
        b = b < 0 || t < b ? t : b;
    }
    return b;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* RUNS pairs of runs, ref (when not NULL) then argv: argv's best time, and
 * in *ratio the median of ref's time over argv's (-1 without ref); -1 if
 * argv failed (a failing ref gives no ratio). */
static double paired(char *const argv[], char *const ref[], double *ratio)
{
    double b = -1, r[RUNS];
    int n = 0;
    for (int i = 0; i < RUNS; i++) {
        double tr = ref ? run(ref) : -1, t = run(argv);
        if (t < 0)
            return -1;
        b = b < 0 || t < b ? t : b;
        if (tr > 0)
            r[n++] = tr / t;
    }
    qsort(r, (size_t)n, sizeof r[0], cmp_double);
    *ratio = n ? r[n / 2] : -1;
    return b;
}

/* The reference's best time, printed as a rate (units per second), or why
 * it was skipped (the command in `cmd`); -1 when it cannot run. */
static double reference(char *const ff[], double units, const char *name, const char *cmd)
{
    double t = best(ff);
    if (t > 0)
        printf("%-26s %10.1f\n", name, units / t);
    else
        printf("%-26s skipped: ffmpeg not found or failed (ffmpeg -threads 1 -filter_threads 1 "
               "%s)\n", name, cmd);
    return t;
}

/* One cell of a table: argv's rate (units per second of its best run)
 * and, with ref, the median ratio of ref's time to argv's; returns argv's
 * best time, -1 if it failed. */
static double cell(char *const argv[], char *const ref[], double units, const char *ref_name)
{
    double ratio, s = paired(argv, ref, &ratio);
    if (s < 0)
        printf(" %24s", "failed");
    else if (ratio > 0)
        printf(" %8.1f (%4.2fx %s)", units / s, ratio, ref_name);
    else
        printf(" %8.1f %15s", units / s, "");
    return s;
}

/* Issue 20's yardstick: 720x576 frames scaled to 1920x1080 (the AVS,
 * luma 8 taps and chroma 4, with and without the IEF), frames/s on 1
 * thread and on every CPU, beside FFmpeg's swscale lanczos on one thread
 * (median of paired runs, as above). */
enum { SCALE_FRAMES = 30 };

static void scale_bench(const char *vpp, const char *synth, const char *dir, const char *out,
                        const char *all)
{
    char clip[4200];
    snprintf(clip, sizeof clip, "%s/clip576.y4m", dir);
    char *mk[] = { (char *)synth, clip, "pan:10", "zone:10", "text:10", NULL };
    if (run(mk) < 0) {
        printf("gen7sf-vpp --scale: skipped (gen7sf-synth failed)\n");
        return;
    }
    char *ff[] = { "ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-filter_threads",
                   "1", "-i", clip, "-vf", "scale=1920:1080:flags=lanczos", "-f",
                   "yuv4mpegpipe", "-y", (char *)out, NULL };
    printf("\ngen7sf-vpp --scale 1920x1080, 720x576 Y4M file to Y4M file, %d frames, best of %d "
           "(frames/s; x lanczos: median of %d pairs of runs)\n", SCALE_FRAMES, RUNS, RUNS);
    double lz = reference(ff, SCALE_FRAMES, "ffmpeg lanczos, 1 thread",
                          "-vf scale=1920:1080:flags=lanczos");
    static const struct { const char *name; bool sharpen; } modes[] = {
        { "scale", false }, { "scale + sharpen", true },
    };
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        printf("%-26s", modes[m].name);
        for (int t = 0; t < 2; t++) {
            char *a[] = { (char *)vpp, "--quiet", "--deinterlace=off", "--scale", "1920x1080",
                          "--threads", t ? (char *)all : "1", clip, (char *)out, NULL, NULL };
            if (modes[m].sharpen)   /* before the file names */
                a[9] = a[8], a[8] = a[7], a[7] = "--sharpen";
            cell(a, lz > 0 ? ff : NULL, SCALE_FRAMES, "lanczos");
        }
        printf("  (1 thread, %s threads)\n", all);
        fflush(stdout);
    }
    /* ProcAmp (issue 21) on the same frames, beside FFmpeg's eq and hue */
    char *eq[] = { "ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-filter_threads",
                   "1", "-i", clip, "-vf", "eq=brightness=0.04:contrast=1.2:saturation=1.1,hue=h=20",
                   "-f", "yuv4mpegpipe", "-y", (char *)out, NULL };
    printf("\ngen7sf-vpp --procamp=10:1.2:20:1.1, 720x576 Y4M file to Y4M file, %d frames "
           "(frames/s; x eq,hue: median of %d pairs of runs)\n", SCALE_FRAMES, RUNS);
    double e = reference(eq, SCALE_FRAMES, "ffmpeg eq,hue, 1 thread",
                         "-vf eq=...,hue=h=20");
    printf("%-26s", "procamp");
    for (int t = 0; t < 2; t++) {
        char *a[] = { (char *)vpp, "--quiet", "--deinterlace=off", "--procamp=10:1.2:20:1.1",
                      "--threads", t ? (char *)all : "1", clip, (char *)out, NULL };
        cell(a, e > 0 ? eq : NULL, SCALE_FRAMES, "eq,hue");
    }
    printf("  (1 thread, %s threads)\n", all);
    /* the CSC (issue 21) beside FFmpeg's colormatrix */
    char *cm[] = { "ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-filter_threads",
                   "1", "-i", clip, "-vf", "colormatrix=bt601:bt709", "-f", "yuv4mpegpipe",
                   "-y", (char *)out, NULL };
    printf("\ngen7sf-vpp --csc=bt601:bt709, 720x576 Y4M file to Y4M file, %d frames "
           "(frames/s; x colormatrix: median of %d pairs of runs)\n", SCALE_FRAMES, RUNS);
    double m = reference(cm, SCALE_FRAMES, "ffmpeg colormatrix, 1 thread",
                         "-vf colormatrix=bt601:bt709");
    printf("%-26s", "csc");
    for (int t = 0; t < 2; t++) {
        char *a[] = { (char *)vpp, "--quiet", "--deinterlace=off", "--csc=bt601:bt709",
                      "--threads", t ? (char *)all : "1", clip, (char *)out, NULL };
        cell(a, m > 0 ? cm : NULL, SCALE_FRAMES, "colormatrix");
    }
    printf("  (1 thread, %s threads)\n", all);
    remove(clip);
}

int main(int argc, char **argv)
{
    /* build/bench/bench_vpp_tool -> build/ */
    char tools[4096], vpp[4200], synth[4200], dir[4096], clip[4200], out[4200];
    snprintf(tools, sizeof tools, "%s", argv[0]);
    char *slash = strrchr(tools, '/');
    snprintf(slash ? slash + 1 : tools, sizeof tools - (slash ? (size_t)(slash + 1 - tools) : 0),
             "..");
    snprintf(vpp, sizeof vpp, "%s/gen7sf-vpp", tools);
    snprintf(synth, sizeof synth, "%s/gen7sf-synth", tools);
    const char *base = getenv("BENCH_DIR");
    snprintf(dir, sizeof dir, "%s/g7sf_bench_XXXXXX", base && *base ? base : "/tmp");
    if (access(vpp, X_OK) || access(synth, X_OK) || !mkdtemp(dir)) {
        printf("gen7sf-vpp at 1080i: skipped (no %s or %s, or no scratch directory)\n", vpp,
               synth);
        return 0;
    }
    snprintf(clip, sizeof clip, "%s/clip.y4m", dir);
    snprintf(out, sizeof out, "%s/out.y4m", dir);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    cpus = cpus < 1 ? 1 : cpus > 64 ? 64 : cpus;
    char all[16];
    snprintf(all, sizeof all, "%ld", cpus);
    if (argc > 1 && !strcmp(argv[1], "scale")) {   /* the scaler alone */
        scale_bench(vpp, synth, dir, out, all);
        remove(out);
        rmdir(dir);
        return 0;
    }
    char *mk[] = { synth, "--size", "1920x1080", clip, "pan:10", "zone:10", "text:10", NULL };
    if (run(mk) < 0) {
        printf("gen7sf-vpp at 1080i: skipped (gen7sf-synth failed)\n");
        rmdir(dir);
        return 0;
    }
    char *ff[] = { "ffmpeg", "-nostdin", "-v", "error", "-threads", "1", "-filter_threads",
                   "1", "-i", clip, "-vf", "bwdif=mode=send_field", "-f", "yuv4mpegpipe", "-y",
                   out, NULL };
    printf("gen7sf-vpp, 1080i Y4M file to Y4M file, %d fields, best of %d, whole process "
           "(fields/s; x bwdif: median of %d pairs of runs)\n", FIELDS, RUNS, RUNS);
    double bw = reference(ff, FIELDS, "ffmpeg bwdif, 1 thread", "-vf bwdif=mode=send_field");
    char head[32];
    snprintf(head, sizeof head, "%s threads", all);
    printf("%-26s %24s %24s %6s\n", "mode", "1 thread", head, "gain");
    static const struct { const char *name, *di; bool dn; } modes[] = {
        { "bob", "--deinterlace=bob", false },      { "madi", "--deinterlace=madi", false },
        { "mcdi", "--deinterlace=mcdi", false },    { "auto", "--deinterlace=auto", false },
        { "auto + denoise", "--deinterlace=auto", true },
        { "madi + denoise", "--deinterlace=madi", true },
    };
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        printf("%-26s", modes[m].name);
        double one = -1;
        for (int t = 0; t < 2; t++) {
            char *a[] = { vpp, "--quiet", (char *)modes[m].di, "--threads", t ? all : "1",
                          clip, out, NULL, NULL };
            if (modes[m].dn)    /* before the file names */
                a[7] = a[6], a[6] = a[5], a[5] = "--denoise";
            double s = cell(a, bw > 0 ? ff : NULL, FIELDS, "bwdif");
            one = t ? one : s;
            /* the threads' gain: 1 thread's time over all of them */
            if (t && s > 0 && one > 0)
                printf(" %5.2fx", one / s);
        }
        printf("\n");
        fflush(stdout);
    }
    remove(clip);
    scale_bench(vpp, synth, dir, out, all);
    remove(out);
    rmdir(dir);
    return 0;
}
