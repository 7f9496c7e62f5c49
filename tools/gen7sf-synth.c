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
        "KIND: film (3:2 telecine), film22 (2:2), zone, text, pan, still; FRAMES\n"
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

static int write_seq(const char *path, const synth_seq *s, const vio_info *info)
{
    vio_sink sink;
    vio_out out;
    vio_error err;
    if (vio_open_output(&sink, path, NULL, &err) < 0)
        return cli_fail("%s", err.msg);   /* the message names the path */
    int rc = vio_out_start(&out, &vio_y4m_muxer, sink.fp, info, &err);
    for (long i = 0; !rc && i < s->n; i++)
        rc = vio_out_write(&out, &s->f[i], &err) < 0;
    if (!rc || out.buf)
        vio_out_end(&out);
    int rc2 = vio_close_output(&sink, !rc, &err);
    if (!rc && !rc2)
        return 0;
    /* open and close errors name the path, stream errors do not */
    return rc ? cli_fail("%s: %s", path, err.msg) : cli_fail("%s", err.msg);
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
    static const bool out[] = { true, true, true };
    const char *const outs[] = { argv[optind], truth, film };
    vio_error err;
    if (vio_paths_check(3, outs, out, what, &err))
        return cli_usage_error("%s", err.msg);
    signal(SIGPIPE, SIG_IGN);
    synth_clip clip;
    synth_clip_init(&clip, c422 ? VIO_CHROMA_422 : VIO_CHROMA_420, w, h);
    int rc = 0;
    for (int i = optind + 1; i < argc && !rc; i++) {
        section sec;
        if (!parse_section(argv[i], &sec) ||
            synth_clip_section(&clip, sec.kind, sec.frames, sec.sigma, tff, seed + (unsigned)i))
            rc = cli_usage_error("'%s' is not a section KIND:FRAMES[:SIGMA]", argv[i]);
    }
    vio_info info = { .width = w, .height = h, .fps_num = fn, .fps_den = fd,
                      .format = c422 ? VIO_FMT_I422 : VIO_FMT_I420,
                      .interlace = tff ? VIO_TFF : VIO_BFF, .sar_num = 0, .sar_den = 0 };
    if (!rc)
        rc = write_seq(argv[optind], &clip.video, &info);
    info.interlace = VIO_PROGRESSIVE;
    info.fps_num = 2 * fn;
    if (!rc && truth)
        rc = write_seq(truth, &clip.truth, &info);
    if (!rc && film) {
        /* nominally 2/5 of the field rate (3:2 film) */
        unsigned g = gcd(4 * fn, 5 * fd);
        info.fps_num = 4 * fn / g, info.fps_den = 5 * fd / g;
        rc = write_seq(film, &clip.film, &info);
    }
    synth_clip_free(&clip);
    return rc;
}
