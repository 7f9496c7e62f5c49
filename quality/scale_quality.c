/* make quality: the pipeline's scaler (g7sf_vpp with scale_width x
 * scale_height: the AVS with g7sf_avs_state_for_scale's Lanczos tables) on
 * the luma of real photographs, PSNR against the original, beside FFmpeg's
 * swscale bicubic and lanczos when ffmpeg is installed (issue 20: the
 * scaler should be at least as good as bicubic).  Printed, not asserted.
 *
 *   scale_quality [--photos DIR] [--no-ffmpeg]
 *
 * Cases, each scaler on its own:
 *   down-up 2/3       down to 2/3 and back (1080 -> 720 -> 1080)
 *   down-up 576/1080  down to 576/1080 and back (1080 -> 576 -> 1080)
 *   up x2, up x3      the 2x2 / 3x3 box average of the photo (made here, so
 *                     every scaler upscales the same input) scaled back up
 * Sizes are rounded to even (the pipeline's output must be). */
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "corpus.h"
#include "png_read.h"

extern char **environ;

enum { SCALERS = 3, CASES = 4, MIN_SIDE = 64 };
static const char *const scaler_names[SCALERS] = { "gen7sf", "bicubic", "lanczos" };

typedef struct scale_case {
    const char *name;
    int num, den;       /* round trip: via num / den of the size; up: den x */
    bool up;
} scale_case;
static const scale_case cases[CASES] = {
    { "down-up 2/3", 2, 3, false },
    { "down-up 576/1080", 576, 1080, false },
    { "up x2 (box 1/2)", 1, 2, true },
    { "up x3 (box 1/3)", 1, 3, true },
};

/* v * num / den rounded to the nearest even number. */
static int even_of(int v, int num, int den)
{
    return 2 * (int)lround((double)v * num / (2.0 * den));
}

static double psnr(const vio_frame *a, const vio_frame *b)
{
    synth_err e = { 0, 0 };
    synth_err_plane(&e, a->data[0], a->stride[0], b->data[0], b->stride[0], a->width[0],
                    a->height[0]);
    return synth_err_psnr(&e);
}

/* ---- gen7sf: the pipeline as gen7sf-vpp --scale runs it ----------------- */

typedef struct emit_ctx {
    vio_frame *out;
    int frames;
} emit_ctx;

static int emit(void *user, const g7sf_vpp_picture *pic, const g7sf_vpp_stats *st)
{
    (void)st;
    emit_ctx *c = user;
    if (c->frames++)
        return 0;
    for (int y = 0; y < c->out->height[0]; y++)
        memcpy(c->out->data[0] + y * c->out->stride[0], pic->data[0] + (size_t)y * pic->stride[0],
               (size_t)c->out->width[0]);
    return 0;
}

/* One 4:2:0 frame with neutral chroma through a progressive pipeline
 * (deinterlace off, no denoise, no sharpening) that only scales. */
static int scale_gen7sf(const vio_frame *in, vio_frame *out)
{
    g7sf_vpp_config cfg = {
        .width = in->width[0], .height = in->height[0], .chroma = G7SF_CHROMA_420,
        .deinterlace = G7SF_VPP_DI_OFF, .rate = G7SF_VPP_RATE_FRAME, .denoise = -1,
        .threads = 1, .platform = G7SF_IVB, .scale_width = out->width[0],
        .scale_height = out->height[0],
    };
    int err = 0;
    g7sf_vpp *v = g7sf_vpp_create(&cfg, &err);
    if (!v) {
        fprintf(stderr, "gen7sf: g7sf_vpp_create %dx%d -> %dx%d failed (%d)\n", cfg.width,
                cfg.height, cfg.scale_width, cfg.scale_height, err);
        return -1;
    }
    int cw = (cfg.width + 1) / 2, ch = (cfg.height + 1) / 2;
    uint8_t *chroma = malloc((size_t)cw * ch);
    if (!chroma) {
        g7sf_vpp_destroy(v);
        fprintf(stderr, "gen7sf: out of memory\n");
        return -1;
    }
    memset(chroma, 128, (size_t)cw * ch);
    g7sf_vpp_picture pic = { { in->data[0], chroma, chroma }, { (int)in->stride[0], cw, cw } };
    emit_ctx c = { out, 0 };
    int r = g7sf_vpp_push(v, &pic, emit, &c);
    if (!r)
        r = g7sf_vpp_flush(v, emit, &c);
    g7sf_vpp_destroy(v);
    free(chroma);
    if (r || c.frames != 1) {
        fprintf(stderr, "gen7sf: the pipeline returned %d with %d frame(s)\n", r, c.frames);
        return -1;
    }
    return 0;
}

/* ---- FFmpeg's swscale, through raw gray files in a temporary folder ---- */

static int write_gray(const char *path, const vio_frame *f)
{
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    int bad = 0;
    for (int y = 0; y < f->height[0] && !bad; y++)
        bad = fwrite(f->data[0] + y * f->stride[0], 1, (size_t)f->width[0], fp) !=
              (size_t)f->width[0];
    if (fclose(fp) || bad) {
        fprintf(stderr, "%s: write failed\n", path);
        return -1;
    }
    return 0;
}

/* Exactly f's size of bytes, no more, no less. */
static int read_gray(const char *path, vio_frame *f)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    int bad = 0;
    for (int y = 0; y < f->height[0] && !bad; y++)
        bad = fread(f->data[0] + y * f->stride[0], 1, (size_t)f->width[0], fp) !=
              (size_t)f->width[0];
    bad = bad || fgetc(fp) != EOF;
    fclose(fp);
    if (bad)
        fprintf(stderr, "%s: not %dx%d gray pixels\n", path, f->width[0], f->height[0]);
    return bad ? -1 : 0;
}

/* ffmpeg with an argument vector (no shell: the temporary folder's name
 * needs no quoting); 0 when it exits with 0. */
static int run_ffmpeg(const char *in, const char *out, int w, int h, int ow, int oh,
                      const char *flags)
{
    char size[32], vf[96];
    snprintf(size, sizeof size, "%dx%d", w, h);
    snprintf(vf, sizeof vf, "scale=%d:%d:flags=%s", ow, oh, flags);
    char *argv[] = { "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt",
                     "gray", "-s", size, "-i", (char *)in, "-vf", vf, "-f", "rawvideo",
                     "-pix_fmt", "gray", (char *)out, NULL };
    pid_t pid;
    int st, r = posix_spawnp(&pid, "ffmpeg", NULL, NULL, argv, environ);
    if (r) {
        fprintf(stderr, "cannot run ffmpeg: %s\n", strerror(r));
        return -1;
    }
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "ffmpeg: waitpid: %s\n", strerror(errno));
            return -1;
        }
    if (!WIFEXITED(st) || WEXITSTATUS(st)) {
        fprintf(stderr, "ffmpeg -vf %s on %s failed (status %d)\n", vf, size, st);
        return -1;
    }
    return 0;
}

static int scale_ffmpeg(const char *flags, const vio_frame *in, vio_frame *out, const char *dir)
{
    char ip[4096], op[4096];
    snprintf(ip, sizeof ip, "%s/in.raw", dir);
    snprintf(op, sizeof op, "%s/out.raw", dir);
    int r = write_gray(ip, in);
    if (!r)
        r = run_ffmpeg(ip, op, in->width[0], in->height[0], out->width[0], out->height[0], flags);
    if (!r)
        r = read_gray(op, out);
    remove(ip);
    remove(op);
    return r;
}

/* in scaled into out (out's size) by scaler s; 0 or -1 with a message. */
static int scale(int s, const vio_frame *in, vio_frame *out, const char *dir)
{
    return s == 0 ? scale_gen7sf(in, out) : scale_ffmpeg(scaler_names[s], in, out, dir);
}

/* ---- the cases --------------------------------------------------------- */

/* The top left w x h of f, without a copy. */
static vio_frame crop(const vio_frame *f, int w, int h)
{
    vio_frame c = *f;
    c.width[0] = w, c.height[0] = h;
    return c;
}

/* The exact k x k box average (rounded) of f, whose sides are multiples of
 * k: a downscaler that favours none of the scalers compared. */
static void box_down(const vio_frame *f, int k, vio_frame *low)
{
    for (int y = 0; y < low->height[0]; y++)
        for (int x = 0; x < low->width[0]; x++) {
            int sum = 0;
            for (int j = 0; j < k; j++)
                for (int i = 0; i < k; i++)
                    sum += f->data[0][(y * k + j) * f->stride[0] + x * k + i];
            low->data[0][y * low->stride[0] + x] = (uint8_t)((sum + k * k / 2) / (k * k));
        }
}

/* Case c of photo y (luma, even sides) with scaler s: PSNR, or NAN. */
static double run_case(const scale_case *c, int s, const vio_frame *y, const char *dir)
{
    int w = y->width[0], h = y->height[0], k = c->den;
    vio_frame ref = *y, mid = { 0 }, out = { 0 };
    if (c->up)      /* sides multiples of 2k, so that the box average is even too */
        ref = crop(y, w / (2 * k) * 2 * k, h / (2 * k) * 2 * k);
    int mw = c->up ? ref.width[0] / k : even_of(w, c->num, c->den);
    int mh = c->up ? ref.height[0] / k : even_of(h, c->num, c->den);
    if (vio_frame_alloc(&mid, VIO_CHROMA_MONO, mw, mh) ||
        vio_frame_alloc(&out, VIO_CHROMA_MONO, ref.width[0], ref.height[0])) {
        fprintf(stderr, "%s: out of memory\n", c->name);
        vio_frame_free(&mid);
        return NAN;
    }
    if (c->up)
        box_down(&ref, k, &mid);
    double r = NAN;
    if ((c->up || !scale(s, y, &mid, dir)) && !scale(s, &mid, &out, dir))
        r = psnr(&out, &ref);
    vio_frame_free(&mid);
    vio_frame_free(&out);
    return r;
}

/* The luma of a photo (BT.601 limited range, as the corpus's canvases),
 * cropped to even sides: 0, 1 (too small, skipped) or -1. */
static int load_luma(const char *path, vio_frame *canvas)
{
    png_in *p;
    uint32_t w, h;
    vio_error err = { 0 };
    if (png_in_open(&p, path, VIO_MAX_DIM, &w, &h, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    png_in_close(p);
    int ew = (int)(w & ~1u), eh = (int)(h & ~1u);
    if (ew < MIN_SIDE || eh < MIN_SIDE) {
        printf("%s: %ux%u, smaller than %dx%d: skipped\n", path, w, h, MIN_SIDE, MIN_SIDE);
        return 1;
    }
    /* a one-cell mosaic: the corpus's own RGB -> YCbCr, cropped at the top left */
    if (corpus_canvas_photos(canvas, &path, 1, 1, 1, ew, eh, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    return 0;
}

static void print_cell(double v)
{
    if (isnan(v))
        printf(" %8s", "-");
    else
        printf(" %8.2f", v);
}

static const char usage[] = "usage: scale_quality [--photos DIR] [--no-ffmpeg]\n";

int main(int argc, char **argv)
{
    const char *photos = "build/photos";
    bool ff = system("ffmpeg -version > /dev/null 2>&1") == 0, no_ff = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            printf("%s", usage);
            return 0;
        }
        if (!strcmp(argv[i], "--photos") && i + 1 < argc)
            photos = argv[++i];
        else if (!strcmp(argv[i], "--no-ffmpeg"))
            no_ff = true;
        else {
            fprintf(stderr, "%s", usage);
            return 2;
        }
    }
    char pattern[4096];
    snprintf(pattern, sizeof pattern, "%s/*.png", photos);
    glob_t g;
    if (glob(pattern, 0, NULL, &g)) {
        printf("scale quality skipped: no PNG photographs in %s (run quality/fetch-photos %s)\n",
               photos, photos);
        return 0;
    }
    if (!ff)
        printf("ffmpeg not found: swscale columns skipped\n");
    else if (no_ff)
        printf("--no-ffmpeg: swscale columns skipped\n");
    int scalers = ff && !no_ff ? SCALERS : 1;
    const char *base = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char dir[4096] = "";
    if (scalers > 1) {
        snprintf(dir, sizeof dir, "%s/scale_quality.XXXXXX", base);
        if (!mkdtemp(dir)) {
            fprintf(stderr, "mkdtemp %s: %s (swscale columns skipped)\n", dir, strerror(errno));
            scalers = 1;
        }
    }
    printf("scaling, luma PSNR (dB) against the original: gen7sf (g7sf_vpp, AVS Lanczos "
           "tables)%s\n%-20s %9s %-18s", scalers > 1 ? ", FFmpeg swscale" : "", "photo", "size",
           "case");
    for (int s = 0; s < scalers; s++)
        printf(" %8s", scaler_names[s]);
    printf("\n");
    /* per case and scaler: sum and count of PSNR; of gen7sf - bicubic */
    double sum[CASES][SCALERS] = { { 0 } }, diff[CASES] = { 0 };
    int n[CASES][SCALERS] = { { 0 } }, nd[CASES] = { 0 }, failures = 0, unread = 0;
    /* a scaler that failed once is not run again: one message, not one a cell */
    bool failed[SCALERS] = { false };
    for (size_t f = 0; f < g.gl_pathc; f++) {
        vio_frame y;
        int rc = load_luma(g.gl_pathv[f], &y);
        unread += rc < 0;
        if (rc)
            continue;
        const char *name = strrchr(g.gl_pathv[f], '/') ? strrchr(g.gl_pathv[f], '/') + 1
                                                       : g.gl_pathv[f];
        char size[32];
        snprintf(size, sizeof size, "%dx%d", y.width[0], y.height[0]);
        for (int c = 0; c < CASES; c++) {
            printf("%-20.*s %9s %-18s", (int)(strlen(name) - 4), name, size, cases[c].name);
            double p[SCALERS];
            for (int s = 0; s < scalers; s++) {
                p[s] = failed[s] ? NAN : run_case(&cases[c], s, &y, dir);
                if (isnan(p[s]) && !failed[s]) {
                    failed[s] = true;
                    failures++;
                    fprintf(stderr, "%s failed: its column is left empty from here\n",
                            scaler_names[s]);
                }
                if (!isnan(p[s]))
                    sum[c][s] += p[s], n[c][s]++;
                print_cell(p[s]);
                fflush(stdout);
            }
            if (scalers > 1 && !isnan(p[0]) && !isnan(p[1]))
                diff[c] += p[0] - p[1], nd[c]++;
            printf("\n");
        }
        vio_frame_free(&y);
    }
    globfree(&g);
    for (int c = 0; c < CASES; c++) {
        printf("%-20s %9s %-18s", "mean", "", cases[c].name);
        for (int s = 0; s < scalers; s++)
            print_cell(n[c][s] ? sum[c][s] / n[c][s] : NAN);
        printf("\n");
    }
    for (int c = 0; scalers > 1 && c < CASES; c++)
        if (nd[c])
            printf("gen7sf - bicubic, %-18s %+.2f dB (mean)\n", cases[c].name, diff[c] / nd[c]);
    if (*dir && rmdir(dir))
        fprintf(stderr, "rmdir %s: %s\n", dir, strerror(errno));
    if (unread)
        printf("%d photo(s) could not be read (above)\n", unread);
    if (failures)
        printf("%d scaler(s) failed (above)\n", failures);
    return failures || unread ? 1 : 0;
}
