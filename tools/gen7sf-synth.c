/* gen7sf-synth: writes a synthetic interlaced clip made of sections, and
 * its progressive truth at field rate, as Y4M.  See gen7sf-synth(1).
 *   gen7sf-synth [--size WxH] [--fps N/D] [--bff] [--422] [--seed N]
 *                [--truth FILE] [--film-truth FILE] OUTPUT KIND:FRAMES[:SIGMA] ... */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "synth.h"
#include "video_io.h"

static int usage(void)
{
    printf(
        "usage: %s [options] OUTPUT KIND:FRAMES[:SIGMA] ...\n"
        "Writes interlaced Y4M to OUTPUT (- for stdout), one section per argument.\n"
        "KIND: film (3:2 telecine), film22 (2:2), smooth, smooth22 (3:2, 2:2 of broad\n"
        "gradients), fast (3:2, fast pan), zone, text, pan, still; FRAMES\n"
        "interlaced frames; SIGMA adds Gaussian noise of that standard deviation.\n"
        "  --size WxH          (default 720x576)\n"
        "  --fps N/D           interlaced frame rate (default 25/1)\n"
        "  --bff               bottom field first (default top field first)\n"
        "  --422               4:2:2 (default 4:2:0)\n"
        "  --seed N            noise seed (default 1)\n"
        "  --truth FILE        progressive truth, one frame per field\n"
        "  --film-truth FILE   the film frames of the film sections\n"
        "  --help, --version\n", cli_prog);
    return CLI_EXIT_OK;
}

enum { MAX_FPS = 1000000 };
#define MAX_FRAMES 1000000000L   /* per section: 1.27 years at 25 fps */
#define MAX_SIGMA  255.0

/* A decimal number lo..hi at *s (no sign, no spaces), advancing *s. */
static bool parse_num(const char **s, unsigned long long lo, unsigned long long hi,
                      unsigned long long *v)
{
    char *end;
    if (**s < '0' || **s > '9')
        return false;
    errno = 0;
    unsigned long long x = strtoull(*s, &end, 10);
    if (errno || x < lo || x > hi)
        return false;
    *s = end;
    *v = x;
    return true;
}

/* "A<sep>B" filling the whole string, each lo..hi. */
static bool parse_pair(const char *s, char sep, unsigned long long lo, unsigned long long hi,
                       unsigned long long *a, unsigned long long *b)
{
    return parse_num(&s, lo, hi, a) && *s++ == sep && parse_num(&s, lo, hi, b) && !*s;
}

typedef struct section {
    char kind[16];
    long frames;
    double sigma;
} section;

/* KIND:FRAMES[:SIGMA]: the syntax only; the kind is checked by the generator. */
static bool parse_section(const char *s, section *sec)
{
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789");
    unsigned long long frames;
    if (!n || n >= sizeof sec->kind || s[n] != ':')
        return false;
    memcpy(sec->kind, s, n);
    sec->kind[n] = 0;
    s += n + 1;
    if (!parse_num(&s, 1, MAX_FRAMES, &frames))
        return false;
    sec->frames = (long)frames;
    sec->sigma = 0;
    if (!*s)
        return true;
    if (*s++ != ':' || !((*s >= '0' && *s <= '9') || *s == '.'))
        return false;
    char *end;
    sec->sigma = strtod(s, &end);
    return !*end && isfinite(sec->sigma) && sec->sigma <= MAX_SIGMA;
}

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b, b = t;
    }
    return a;
}

/* One Y4M output, written frame by frame. */
typedef struct output {
    const char *path;           /* NULL: not asked for */
    vio_info info;
    vio_sink sink;
    vio_out out;
    bool opened, started;
} output;

static int open_output(output *o)
{
    vio_error err;
    if (vio_open_output(&o->sink, o->path, NULL, &err) < 0)
        return cli_fail("%s", err.msg);   /* the message names the path */
    o->opened = true;
    if (vio_out_start(&o->out, &vio_y4m_muxer, o->sink.fp, &o->info, &err) < 0)
        return cli_fail("%s: %s", o->path, err.msg);
    o->started = true;
    return 0;
}

static int write_frame(output *o, const vio_frame *f)
{
    vio_error err;
    if (o->started && vio_out_write(&o->out, f, &err) < 0)
        return cli_fail("%s: %s", o->path, err.msg);
    return 0;
}

/* Closes; renames into place when ok.  Returns the exit status. */
static int close_output(output *o, bool ok)
{
    vio_error err;
    if (o->started)
        vio_out_end(&o->out);
    if (o->opened && vio_close_output(&o->sink, ok, &err) < 0 && ok)
        return cli_fail("%s", err.msg);   /* names the path */
    return ok ? 0 : CLI_EXIT_RUN;
}

/* Generates the sections argv[first..argc) into the open outputs: video,
 * truth, film. */
static int generate(synth_gen *g, output out[3], char **argv, int first, int argc,
                    uint64_t seed)
{
    for (int i = first; i < argc; i++) {
        section sec;
        parse_section(argv[i], &sec);   /* checked before anything was opened */
        /* each section's noise seed: --seed plus its number, from 1 (not its
         * place in argv, which other options would shift) */
        if (synth_gen_section(g, sec.kind, sec.frames, sec.sigma, seed + (unsigned)(i - first + 1)))
            return cli_fail("%s: cannot start the section", argv[i]);
        int rc;
        while ((rc = synth_gen_next(g)) == 1) {
            if (write_frame(&out[0], g->video) || write_frame(&out[1], g->truth[0]) ||
                write_frame(&out[1], g->truth[1]))
                return CLI_EXIT_RUN;
            for (int k = 0; k < g->film_new; k++)
                if (write_frame(&out[2], g->film[k]))
                    return CLI_EXIT_RUN;
        }
        if (rc < 0)
            return cli_fail("%s: cannot render a frame", argv[i]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "size", required_argument, NULL, 's' }, { "fps", required_argument, NULL, 'f' },
        { "bff", no_argument, NULL, 'b' }, { "422", no_argument, NULL, '2' },
        { "seed", required_argument, NULL, 'S' }, { "truth", required_argument, NULL, 't' },
        { "film-truth", required_argument, NULL, 'F' }, { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    int w = 720, h = 576, c;
    unsigned fn = 25, fd = 1;
    bool tff = true, c422 = false;
    unsigned long long seed = 1, a, b;
    const char *truth = NULL, *film = NULL;
    cli_init("gen7sf-synth");
    while ((c = getopt_long(argc, argv, ":hV", longs, NULL)) != -1) {
        switch (c) {
        case 's':
            if (!parse_pair(optarg, 'x', 1, VIO_MAX_DIM, &a, &b) || a < 16 || b < 8)
                return cli_usage_error("--size: '%s' is not WxH, 16x8 to %dx%d", optarg,
                                       VIO_MAX_DIM, VIO_MAX_DIM);
            w = (int)a, h = (int)b;
            break;
        case 'f':
            if (!parse_pair(optarg, '/', 1, MAX_FPS, &a, &b))
                return cli_usage_error("--fps: '%s' is not N/D, both 1..%d", optarg, MAX_FPS);
            fn = (unsigned)a, fd = (unsigned)b;
            break;
        case 'b': tff = false; break;
        case '2': c422 = true; break;
        case 'S':
        {
            const char *p = optarg;
            if (!parse_num(&p, 0, UINT64_MAX, &seed) || *p)
                return cli_usage_error("--seed: '%s' is not a number 0..%llu", optarg,
                                       (unsigned long long)UINT64_MAX);
            break;
        }
        case 't': truth = optarg; break;
        case 'F': film = optarg; break;
        case 'h': return usage();
        case 'V': return cli_version();
        default: return cli_bad_option(c, argv);
        }
    }
    if (argc - optind < 2)
        return cli_usage_error("%s", argc == optind ? "OUTPUT and a section are required"
                                                    : "no section after OUTPUT");
    /* no output may replace another, or share standard output with it */
    static const char *const what[] = { "OUTPUT", "--truth", "--film-truth" };
    static const bool is_out[] = { true, true, true };
    const char *const outs[] = { argv[optind], truth, film };
    vio_error err;
    if (vio_paths_check(3, outs, is_out, what, &err))
        return cli_usage_error("%s", err.msg);
    /* the syntax of every section before anything is opened */
    for (int i = optind + 1; i < argc; i++) {
        section sec;
        if (!parse_section(argv[i], &sec) || !synth_gen_kind_ok(sec.kind))
            return cli_usage_error("'%s' is not a section KIND:FRAMES[:SIGMA]", argv[i]);
    }
    signal(SIGPIPE, SIG_IGN);

    /* frames are made and written one at a time: memory does not grow
     * with their number */
    synth_gen g;
    enum vio_chroma chroma = c422 ? VIO_CHROMA_422 : VIO_CHROMA_420;
    if (synth_gen_init(&g, chroma, w, h, tff) < 0)
        return cli_fail("out of memory for %dx%d frames (5 of %llu bytes)", w, h,
                        (unsigned long long)vio_frame_bytes(c422 ? VIO_FMT_I422 : VIO_FMT_I420,
                                                            w, h));
    output out[3] = { { .path = argv[optind] }, { .path = truth }, { .path = film } };
    vio_info info = { .width = w, .height = h, .fps_num = fn, .fps_den = fd,
                      .format = c422 ? VIO_FMT_I422 : VIO_FMT_I420,
                      .interlace = tff ? VIO_TFF : VIO_BFF };
    out[0].info = info;
    info.interlace = VIO_PROGRESSIVE;
    info.fps_num = 2 * fn;   /* one truth frame per field */
    out[1].info = info;
    /* the film rate: nominally 2/5 of the field rate (3:2 film) */
    unsigned gd = gcd(4 * fn, 5 * fd);
    info.fps_num = 4 * fn / gd, info.fps_den = 5 * fd / gd;
    out[2].info = info;
    int rc = 0;
    for (int i = 0; i < 3 && !rc; i++)
        if (out[i].path)
            rc = open_output(&out[i]);
    if (!rc)
        rc = generate(&g, out, argv, optind + 1, argc, seed);
    for (int i = 0; i < 3; i++) {
        int st = close_output(&out[i], !rc);
        rc = rc ? rc : st;
    }
    synth_gen_free(&g);
    return rc;
}
