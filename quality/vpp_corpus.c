/* make quality: gen7sf-vpp's deinterlacing modes on the corpus (corpus.h),
 * luma PSNR at field rate against the truth, beside FFmpeg's yadif, bwdif
 * and w3fdif when ffmpeg is installed.
 *
 *   vpp_corpus [--small] [--check] [--fields] [--denoise N] [--save DIR] [--photos DIR]
 *              [--no-ffmpeg] [NAME...]
 *
 * --small: the SD clips make check runs (tests/test_corpus.c asserts the
 * same rules on them); --check: exit 1 unless auto is within 0.1 dB of the
 * best of mcdi/madi/bob on every clip and madi beats bob on every clip
 * with a still part.  --photos DIR: the PNG photographs (default
 * build/photos, made by quality/fetch-photos); without them the photo
 * clips are skipped with the reason.  --fields: each mode's PSNR per field.  --denoise N: every
 * gen7sf mode with denoise strength N (0..64) first.  --save DIR: writes
 * each clip as DIR/NAME.y4m and its truth as DIR/NAME.truth.y4m (one
 * progressive frame per field), for other tools. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "corpus.h"

enum { MODES = 4, FILTERS = 3 };
static const enum g7sf_vpp_deinterlace modes[MODES] = { G7SF_VPP_DI_AUTO, G7SF_VPP_DI_MCDI,
                                                        G7SF_VPP_DI_MADI, G7SF_VPP_DI_BOB };
static const char *const mode_names[MODES] = { "auto", "mcdi", "madi", "bob" };
static const char *const filters[FILTERS] = { "yadif=mode=send_field:parity=tff",
                                              "bwdif=mode=send_field:parity=tff",
                                              "w3fdif=deint=all,setfield=tff" };
static const char *const filter_names[FILTERS] = { "yadif", "bwdif", "w3fdif" };

/* The clip's frames (interlaced, 30000/1001) or its truth (progressive,
 * one frame per field: 60000/1001) as Y4M. */
static int write_y4m(const char *file, const synth_seq *s, bool interlaced)
{
    vio_info info = { .fps_num = interlaced ? 30000 : 60000, .fps_den = 1001,
                      .format = VIO_FMT_I420, .interlace = interlaced ? VIO_TFF : VIO_PROGRESSIVE };
    return synth_seq_write_y4m(file, s, 0, s->n, &info);
}

/* FFmpeg filter i on the clip: PSNR, or NAN. */
static double ffmpeg_psnr(int i, const corpus_clip *clip, const char *dir)
{
    char in[512], out[512], cmd[1536];
    snprintf(in, sizeof in, "%s/corpus_in.y4m", dir);
    snprintf(out, sizeof out, "%s/corpus_ff.y4m", dir);
    if (write_y4m(in, &clip->video, true))
        return NAN;
    snprintf(cmd, sizeof cmd,
             "ffmpeg -nostdin -v error -y -i %s -vf %s -pix_fmt yuv420p -f yuv4mpegpipe %s", in,
             filters[i], out);
    double r = NAN;
    if (system(cmd) == 0) {
        synth_seq s;
        synth_seq_init(&s, VIO_CHROMA_420, clip->video.width, clip->video.height);
        if (synth_seq_read_y4m(out, &s, -1) == 0)
            r = corpus_psnr_seq(&s, clip);
        synth_seq_free(&s);
    }
    remove(in);
    remove(out);
    return r;
}

/* DIR/NAME.y4m (the interlaced clip) and DIR/NAME.truth.y4m (the truth,
 * one progressive frame per field). */
static int save_clip(const char *dir, const char *name, const corpus_clip *clip)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.y4m", dir, name);
    if (write_y4m(path, &clip->video, true))
        return -1;
    snprintf(path, sizeof path, "%s/%s.truth.y4m", dir, name);
    return write_y4m(path, &clip->truth, false);
}

/* A denoise strength 0..64 into *v. */
static bool strength(const char *text, int *v)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || *end || n < 0 || n > 64)
        return false;
    *v = (int)n;
    return true;
}

static const char usage[] =
    "usage: vpp_corpus [--small] [--check] [--fields] [--denoise N] [--save DIR]\n"
    "                  [--photos DIR] [--no-ffmpeg] [NAME...]\n";

static bool wanted(const char *name, int argc, char **argv, int first)
{
    if (first >= argc)
        return true;
    for (int i = first; i < argc; i++)
        if (!strcmp(argv[i], name))
            return true;
    return false;
}

int main(int argc, char **argv)
{
    int denoise = -1;
    bool small = false, check = false, per_field = false;
    bool ff = system("ffmpeg -version > /dev/null 2>&1") == 0;
    const char *photos = "build/photos", *save = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--help")) {
            printf("%s", usage);
            return 0;
        }
        if (!strcmp(argv[i], "--small"))
            small = true;
        else if (!strcmp(argv[i], "--check"))
            check = true;
        else if (!strcmp(argv[i], "--fields"))
            per_field = true;
        else if (!strcmp(argv[i], "--no-ffmpeg"))
            ff = false;
        else if (!strcmp(argv[i], "--denoise") && i + 1 < argc && strength(argv[i + 1], &denoise))
            i++;
        else if (!strcmp(argv[i], "--save") && i + 1 < argc)
            save = argv[++i];
        else if (!strcmp(argv[i], "--photos") && i + 1 < argc)
            photos = argv[++i];
        else {
            fprintf(stderr, "%s", usage);
            return 2;
        }
    }
    corpus_canvases cv;
    char why[256];
    corpus_canvases_load(&cv, photos, small, why, sizeof why);
    if (!cv.have_photos)
        printf("photo clips skipped: %s\n", why);
    if (!ff)
        printf("ffmpeg not installed (or --no-ffmpeg): no yadif/bwdif/w3fdif columns\n");
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    printf("deinterlace, field rate, luma PSNR (dB) against the truth\n%-22s %9s", "clip", "size");
    for (int m = 0; m < MODES; m++)
        printf(" %7s", mode_names[m]);
    for (int f = 0; ff && f < FILTERS; f++)
        printf(" %7s", filter_names[f]);
    printf("  auto-best\n");
    int failures = 0;
    size_t n;
    const corpus_shot *shots = corpus_shots(small, &n);
    for (size_t k = 0; k < n; k++) {
        const corpus_shot *s = &shots[k];
        const vio_frame *canvas = corpus_canvas_of(&cv, s->source);
        if (!wanted(s->name, argc, argv, i) || !canvas)
            continue;
        corpus_clip clip;
        if (corpus_clip_make(&clip, canvas, s, 1)) {
            fprintf(stderr, "%s: cannot make the clip\n", s->name);
            return 1;
        }
        if (save && save_clip(save, s->name, &clip)) {
            fprintf(stderr, "%s: cannot write the clip into %s\n", s->name, save);
            return 1;
        }
        double p[MODES], *fields = calloc((size_t)clip.truth.n, sizeof *fields);
        char size[32];
        snprintf(size, sizeof size, "%dx%d", s->width, s->height);
        printf("%-22s %9s", s->name, size);
        fflush(stdout);
        for (int m = 0; m < MODES; m++) {
            p[m] = corpus_psnr(&clip, modes[m], denoise, 2, per_field ? fields : NULL);
            if (per_field) {
                printf("\n  %s:", mode_names[m]);
                for (long j = 0; j < clip.truth.n; j++)
                    printf(" %.1f", fields[j]);
                printf("\n  ");
            }
            printf(" %7.2f", p[m]);
            fflush(stdout);
        }
        for (int f = 0; ff && f < FILTERS; f++) {
            printf(" %7.2f", ffmpeg_psnr(f, &clip, tmp));
            fflush(stdout);
        }
        double best = fmax(p[1], fmax(p[2], p[3]));
        printf("  %+6.2f%s\n", p[0] - best, s->aliased ? "  (aliased: not held to the rules)" : "");
        corpus_clip_free(&clip);
        free(fields);
        const char *bad = corpus_rules_broken(s, p);
        if (bad) {
            printf("  ^ %s\n", bad);
            failures++;
        }
    }
    corpus_canvases_free(&cv);
    if (check && failures)
        printf("%d clip(s) break the rules\n", failures);
    return check && failures ? 1 : 0;
}
