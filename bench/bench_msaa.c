/* make bench: gen7sf-tex msaa as a user runs it, a 1280x720 frame of 40
 * flat triangles at 4x and 8x, the Gen7 MCS scheme and the index-bit
 * compression opt-in (US 9466124): render cache bytes written and read
 * per frame (g7sf_msaa_stats, as the tool prints them), the baseline the
 * compressed run counts for the same tiles, the ratio baseline /
 * compressed, and the time the tool reports for drawing and resolving
 * (best of 2; no assertion on it).  The tool is found beside this
 * program's build directory (build/bench/bench_msaa -> build/gen7sf-tex);
 * BENCH_DIR sets the scratch directory (default /tmp). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RUNS = 2 };

typedef struct figures {
    int ok, counted;   /* the run succeeded; the library counted its traffic */
    unsigned long long w, r, bw, br, tiles, index, delta, palette, plain;
    double secs;
} figures;

/* Runs the tool; 0 with its figures, -1 when it failed (its first stderr
 * line in why). */
static int run(const char *tool, const char *out, unsigned n, int compress, figures *f,
               char *why, size_t wn)
{
    char cmd[9000];
    snprintf(cmd, sizeof cmd, "%s msaa --size 1280x720 --samples %u --triangles 40%s -o %s 2>&1",
             tool, n, compress ? " --compress" : "", out);
    memset(f, 0, sizeof *f);
    f->secs = -1;
    for (int k = 0; k < RUNS; k++) {
        FILE *p = popen(cmd, "r");
        if (!p) {
            snprintf(why, wn, "cannot run %.200s", tool);
            return -1;
        }
        char line[512], first[512] = "";
        double secs = -1;
        while (fgets(line, sizeof line, p)) {
            if (!first[0])
                snprintf(first, sizeof first, "%s", line);
            const char *m = strstr(line, "messages:");
            const char *t = m ? strrchr(line, ',') : NULL;
            if (t)
                sscanf(t, ", %lf s", &secs);
            if (sscanf(line, "bytes per frame: written %llu, read %llu", &f->w, &f->r) == 2)
                f->counted = 1;
            sscanf(line, "baseline (Gen7, planes uncompressed): written %llu, read %llu", &f->bw,
                   &f->br);
            sscanf(line, "tiles evicted: %llu (index %llu, delta %llu, palette %llu, "
                   "uncompressed %llu)", &f->tiles, &f->index, &f->delta, &f->palette, &f->plain);
        }
        if (pclose(p) != 0 || secs < 0) {
            first[strcspn(first, "\n")] = 0;
            snprintf(why, wn, "%s", first);
            return -1;
        }
        if (f->secs < 0 || secs < f->secs)
            f->secs = secs;
    }
    f->ok = 1;
    return 0;
}

static double ratio(unsigned long long a, unsigned long long b)
{
    return b ? (double)a / (double)b : 0.0;
}

int main(int argc, char **argv)
{
    (void)argc;
    char tool[4096], out[4200];
    snprintf(tool, sizeof tool, "%s", argv[0]);
    char *slash = strrchr(tool, '/');
    /* build/bench/bench_msaa -> build/gen7sf-tex */
    if (slash) {
        *slash = 0;
        slash = strrchr(tool, '/');
    }
    if (slash)
        snprintf(slash + 1, sizeof tool - (size_t)(slash + 1 - tool), "gen7sf-tex");
    else
        snprintf(tool, sizeof tool, "./gen7sf-tex");
    const char *dir = getenv("BENCH_DIR");
    snprintf(out, sizeof out, "%s/bench_msaa.png", dir ? dir : "/tmp");
    printf("bench_msaa: gen7sf-tex msaa, 1280x720, 40 triangles: bytes per frame through the "
           "render cache and the sampler (g7sf_msaa_stats), best time of %d runs\n", RUNS);
    int rc = 0;
    for (unsigned n = 4; n <= 8; n += 4) {
        figures f[2];
        char why[600];
        for (int c = 0; c < 2; c++)
            if (run(tool, out, n, c, &f[c], why, sizeof why)) {
                printf("  %ux %s: failed: %s\n", n, c ? "compressed" : "Gen7 MCS", why);
                rc = 1;
            }
        if (f[0].ok) {
            /* the library may count opt-in surfaces only: the Gen7 frame's
             * traffic is then the compressed run's baseline */
            bool own = f[0].counted && (f[0].w || f[0].r);
            unsigned long long w = own ? f[0].w : f[1].bw, r = own ? f[0].r : f[1].br;
            printf("  %ux Gen7 MCS:   written %10llu  read %10llu  %.3f s%s\n", n, w, r,
                   f[0].secs, own ? "" : "  (the compressed run's baseline)");
        }
        if (f[1].ok)
            printf("  %ux compressed: written %10llu  read %10llu  %.3f s  tiles %llu: index "
                   "%llu, delta %llu, palette %llu, uncompressed %llu\n", n, f[1].w, f[1].r,
                   f[1].secs, f[1].tiles, f[1].index, f[1].delta, f[1].palette, f[1].plain);
        if (f[1].ok && f[1].counted)
            printf("  %ux ratio baseline / compressed: written %.3f, read %.3f, total %.3f\n", n,
                   ratio(f[1].bw, f[1].w), ratio(f[1].br, f[1].r),
                   ratio(f[1].bw + f[1].br, f[1].w + f[1].r));
    }
    remove(out);
    return rc;
}
