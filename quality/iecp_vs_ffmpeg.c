/* make quality: gen7sf-vpp's colour pipe (--procamp, --csc) beside
 * FFmpeg's filters on the same clip (issue 21's independent reference):
 * per case the PSNR and the largest difference of each plane.  Printed,
 * not asserted; skipped, with the reason, when ffmpeg cannot be run.
 *
 *   iecp_vs_ffmpeg [--keep DIR]
 *
 * The clip: FFmpeg's testsrc2 (saturated colour bars, gradients, moving
 * shapes), 720x576 4:2:0, 10 frames.  gen7sf-vpp is found beside this
 * program's build directory (build/quality/.. ).
 *
 * Where the formulas differ (so the figures are not all "equal"):
 * - ProcAmp's hue turns (U, V) by -H (U' = U cos + V sin, line 6760),
 *   FFmpeg's hue by +h: --procamp=..:H:.. is compared with hue=h=-H.
 * - eq's brightness is kept in whole percent, each (100 + p) x 511 / 200
 *   truncated: 2.555 levels a step, so brightness B (levels) reaches eq as
 *   floor(...) of B / 2.555 percent, up to 2.5 levels off.
 * - eq's contrast turns about 128, ProcAmp's about 16 (Y - 256 at 12
 *   bits), and ProcAmp scales chroma by C too (Cos_c_s = cos(H) x C x S,
 *   line 6770): the contrast case adds (C - 1) x 112 levels of eq
 *   brightness and eq saturation C, within eq's quantisation (eq's
 *   contrast is kept in 1/4096, its chroma in 8.8: ~2 levels).
 * - colormatrix works in 16.16 integers from 3-digit coefficients, luma
 *   off by up to ~1 level; colorspace (matrix only: same primaries and
 *   transfer both sides) in floats: within rounding.
 * Tolerance expected: chroma ProcAmp and CSC within 1 level (rounding of
 * S7.8 / S2.10 coefficients and of 12-bit results); brightness and
 * contrast within eq's quantisation. */
#include <errno.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "video_io.h"

extern char **environ;

enum { MAX_FRAMES = 10 };

/* argv with stdin, stdout and stderr on /dev/null; 0 when it exited 0. */
static int run(char *const argv[])
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", 0, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", 1, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", 1, 0);
    pid_t pid;
    int st = 0, rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc || waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
        return -1;
    return 0;
}

/* Plane by plane over all frames: PSNR (peak 255) and the largest
 * difference; false when the files differ in shape. */
static bool compare(const char *a, const char *b, double psnr[3], int maxd[3])
{
    static vio_frame fa[MAX_FRAMES], fb[MAX_FRAMES];
    int na = vio_read_y4m_file(a, fa, MAX_FRAMES, NULL), nb = vio_read_y4m_file(b, fb, MAX_FRAMES, NULL);
    bool ok = na > 0 && na == nb;
    for (int p = 0; p < 3 && ok; p++) {
        double se = 0, n = 0;
        maxd[p] = 0;
        for (int k = 0; k < na && ok; k++) {
            ok = fa[k].width[p] == fb[k].width[p] && fa[k].height[p] == fb[k].height[p];
            for (int y = 0; ok && y < fa[k].height[p]; y++)
                for (int x = 0; x < fa[k].width[p]; x++) {
                    int d = fa[k].data[p][y * fa[k].stride[p] + x] -
                            fb[k].data[p][y * fb[k].stride[p] + x];
                    se += (double)d * d, n++;
                    maxd[p] = abs(d) > maxd[p] ? abs(d) : maxd[p];
                }
        }
        psnr[p] = se > 0 ? 10 * log10(255.0 * 255.0 * n / se) : INFINITY;
    }
    for (int k = 0; k < na; k++)
        vio_frame_free(&fa[k]);
    for (int k = 0; k < nb; k++)
        vio_frame_free(&fb[k]);
    return ok;
}

typedef struct vs_case {
    const char *opt;        /* gen7sf-vpp's */
    const char *vf;         /* ffmpeg's -vf */
} vs_case;

static const vs_case cases[] = {
    { "--procamp=0:1:0:1.5", "hue=s=1.5" },
    { "--procamp=0:1:-30:0.8", "hue=h=30:s=0.8" },
    { "--procamp=0:1:45:1", "hue=h=-45" },
    { "--procamp=10:1:20:1.1", "eq=brightness=0.0392,hue=h=-20:s=1.1" },
    { "--procamp=0:1.2:0:1", "eq=contrast=1.2:brightness=0.0878:saturation=1.2" },
    { "--csc=bt601:bt709", "colormatrix=bt601:bt709" },
    { "--csc=bt709:bt601", "colormatrix=bt709:bt601" },
    { "--csc=bt601:bt709", "colorspace=space=bt709:ispace=bt470bg:primaries=bt709:"
                           "iprimaries=bt709:trc=bt709:itrc=bt709:range=tv:irange=tv" },
    { "--csc=bt709:bt601", "colorspace=space=bt470bg:ispace=bt709:primaries=bt709:"
                           "iprimaries=bt709:trc=bt709:itrc=bt709:range=tv:irange=tv" },
    { "--csc=bt601:bt709-full", "colorspace=space=bt709:ispace=bt470bg:primaries=bt709:"
                                "iprimaries=bt709:trc=bt709:itrc=bt709:range=pc:irange=tv" },
};

int main(int argc, char **argv)
{
    char vpp[4200], dir[4096], clip[4200], ours[4200], theirs[4200];
    const char *keep = argc > 2 && !strcmp(argv[1], "--keep") ? argv[2] : NULL;
    snprintf(dir, sizeof dir, "%s", argv[0]);
    char *slash = strrchr(dir, '/');
    snprintf(vpp, sizeof vpp, "%.*s../gen7sf-vpp", slash ? (int)(slash + 1 - dir) : 0, dir);
    if (access(vpp, X_OK)) {
        printf("iecp_vs_ffmpeg: skipped (no %s)\n", vpp);
        return 0;
    }
    char *probe[] = { "ffmpeg", "-version", NULL };
    if (run(probe)) {
        printf("iecp_vs_ffmpeg: skipped (ffmpeg not found or not runnable)\n");
        return 0;
    }
    if (keep)
        snprintf(dir, sizeof dir, "%s", keep);
    else
        snprintf(dir, sizeof dir, "%s/g7sf_iecp_XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR")
                                                                          : "/tmp");
    if (!keep && !mkdtemp(dir)) {
        printf("iecp_vs_ffmpeg: skipped (no scratch directory: %s)\n", strerror(errno));
        return 0;
    }
    snprintf(clip, sizeof clip, "%s/clip.y4m", dir);
    snprintf(ours, sizeof ours, "%s/gen7sf.y4m", dir);
    snprintf(theirs, sizeof theirs, "%s/ffmpeg.y4m", dir);
    char *mk[] = { "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                   "testsrc2=size=720x576:rate=25", "-frames:v", "10", "-pix_fmt", "yuv420p",
                   "-f", "yuv4mpegpipe", clip, NULL };
    int status = 0;
    if (run(mk)) {
        printf("iecp_vs_ffmpeg: skipped (ffmpeg could not make the testsrc2 clip)\n");
        goto out;
    }
    printf("gen7sf-vpp colour pipe vs ffmpeg, testsrc2 720x576 4:2:0, %d frames "
           "(PSNR dB / largest difference in levels, Y U V)\n", MAX_FRAMES);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char opt[200];
        snprintf(opt, sizeof opt, "%s", cases[i].opt);
        char *g[] = { vpp, "--quiet", "--deinterlace=off", "--threads", "1", opt, clip, ours,
                      NULL };
        char *f[] = { "ffmpeg", "-nostdin", "-v", "error", "-y", "-threads", "1", "-i", clip,
                      "-vf", (char *)cases[i].vf, "-f", "yuv4mpegpipe", theirs, NULL };
        double psnr[3];
        int maxd[3];
        printf("%-24s %-44.44s", cases[i].opt, cases[i].vf);
        if (run(g) || run(f) || !compare(ours, theirs, psnr, maxd)) {
            printf(" failed\n");
            status = 1;
            continue;
        }
        for (int p = 0; p < 3; p++) {
            if (isinf(psnr[p]))
                printf("   inf/%-3d", maxd[p]);
            else
                printf(" %5.1f/%-3d", psnr[p], maxd[p]);
        }
        printf("\n");
        fflush(stdout);
    }
out:
    if (!keep) {
        remove(clip), remove(ours), remove(theirs);
        rmdir(dir);
    }
    return status;
}
