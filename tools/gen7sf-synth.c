/* gen7sf-synth: writes a synthetic interlaced clip made of sections, and
 * its progressive truth at field rate, as Y4M.  See gen7sf-synth(1).
 *   gen7sf-synth [--size WxH] [--fps N/D] [--bff] [--422] [--seed N]
 *                [--truth FILE] [--film-truth FILE] OUTPUT KIND:FRAMES[:SIGMA] ... */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>

#include "synth.h"
#include "video_io.h"

static const char *prog = "gen7sf-synth";

static int usage(FILE *f, int code)
{
    fprintf(f,
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
        "  --film-truth FILE   the film frames of the film sections\n", prog);
    return code;
}

static int fail(const char *what, const char *msg)
{
    fprintf(stderr, "%s: %s: %s\n", prog, what, msg);
    return 1;
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
        return fail(path, err.msg);
    int rc = vio_out_start(&out, &vio_y4m_muxer, sink.fp, info, &err);
    for (long i = 0; !rc && i < s->n; i++)
        rc = vio_out_write(&out, &s->f[i], &err) < 0;
    if (!rc || out.buf)
        vio_out_end(&out);
    int rc2 = vio_close_output(&sink, !rc, &err);
    return rc || rc2 ? fail(path, err.msg) : 0;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "size", required_argument, NULL, 's' }, { "fps", required_argument, NULL, 'f' },
        { "bff", no_argument, NULL, 'b' }, { "422", no_argument, NULL, '2' },
        { "seed", required_argument, NULL, 'S' }, { "truth", required_argument, NULL, 't' },
        { "film-truth", required_argument, NULL, 'F' }, { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int w = 720, h = 576, c;
    unsigned fn = 25, fd = 1;
    bool tff = true, c422 = false;
    unsigned long long seed = 1;
    const char *truth = NULL, *film = NULL;
    char tail;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (c) {
        case 's':
            if (sscanf(optarg, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 8 ||
                w > VIO_MAX_DIM || h > VIO_MAX_DIM)
                return fail("--size", "want WxH, at least 16x8");
            break;
        case 'f':
            if (sscanf(optarg, "%u/%u%c", &fn, &fd, &tail) != 2 || !fn || !fd ||
                fn > 1000000 || fd > 1000000)
                return fail("--fps", "want N/D, both 1..1000000");
            break;
        case 'b': tff = false; break;
        case '2': c422 = true; break;
        case 'S':
            if (sscanf(optarg, "%llu%c", &seed, &tail) != 1)
                return fail("--seed", "want a number");
            break;
        case 't': truth = optarg; break;
        case 'F': film = optarg; break;
        case 'h': return usage(stdout, 0);
        default: return usage(stderr, 2);
        }
    }
    if (argc - optind < 2)
        return usage(stderr, 2);
    signal(SIGPIPE, SIG_IGN);
    synth_clip clip;
    synth_clip_init(&clip, c422 ? VIO_CHROMA_422 : VIO_CHROMA_420, w, h);
    int rc = 0;
    for (int i = optind + 1; i < argc && !rc; i++) {
        char kind[16];
        long n;
        double sigma = 0;
        int k = sscanf(argv[i], "%15[a-z0-9]:%ld:%lf%c", kind, &n, &sigma, &tail);
        if (k < 2 || k > 3 || synth_clip_section(&clip, kind, n, sigma, tff, seed + (unsigned)i))
            rc = fail(argv[i], "not a section KIND:FRAMES[:SIGMA] (see --help)");
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
