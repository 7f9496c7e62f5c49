/* gen7sf-vpp: deinterlace, inverse telecine, denoise, scale and sharpen Y4M
 * or raw video through the modelled DN/DI unit and sample_8x8's scaler and
 * enhancement filter (include/gen7sf/vpp.h).  See
 * docs/man/gen7sf-vpp.1 for the options and the decisions on headers. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "gen7sf/vpp.h"
#include "video_io.h"
#include "vpp_run.h"

/* --sharpen alone: Gain Factor 40, the PRM's default (40 x 255 / 63) */
/* --ace and --skin-tone alone: half strength */
enum { DEFAULT_DENOISE = 32, MAX_THREADS = 64, DEFAULT_SHARPEN = 162, DEFAULT_ACE = 50,
       DEFAULT_SKIN = 50 };

static void usage(FILE *f)
{
    fprintf(f,
        "usage: %s [options] INPUT OUTPUT\n"
        "INPUT and OUTPUT are Y4M files, raw video with --size, or - (stdin/stdout).\n"
        "  --deinterlace=auto|mcdi|madi|bob|weave|off   (default auto)\n"
        "  --rate=field|frame|film    field: 2 frames per input frame (default),\n"
        "                             frame: 1, film: inverse telecine\n"
        "  --field-order=tff|bff|auto (default auto: the Y4M I tag)\n"
        "  --denoise[=0..64]          denoise (no value: %d)\n"
        "  --scale WxH                scale to WxH (even; W or H 0: keep the shape)\n"
        "  --sharpen[=0..255]         enhance detail (no value: %d)\n"
        "  --procamp=B:C:H:S          brightness -100..100, contrast 0..10, hue\n"
        "                             -180..180, saturation 0..10 (0:1:0:1: none)\n"
        "  --csc=FROM:TO              colour matrix conversion, each bt601 or bt709,\n"
        "                             -full for full range (e.g. bt601:bt709-full)\n"
        "  --ace[=0..100]             adaptive contrast enhancement (no value: %d)\n"
        "  --tcc=M:R:Y:G:C:B          saturation of magenta, red, yellow, green, cyan,\n"
        "                             blue, 0..1.99 each (1: unchanged)\n"
        "  --skin-tone[=0..100]       skin tone enhancement (no value: %d)\n"
        "  --gamut=basic|advanced     colour gamut compression\n"
        "  --threads N                worker threads (default: the CPUs online)\n"
        "  --stats FILE.json          per output frame statistics\n"
        "  --size WxH                 raw input of this size\n"
        "  --fps N/D                  raw input frame rate (default 25/1)\n"
        "  --format FMT               raw input layout: I420 NV12 YV12 YUY2 UYVY I422\n"
        "                             (default I420)\n"
        "  --output-format y4m|FMT    output container/layout (default: as the input)\n"
        "  --output-fps N/D           frame rate written to the output header\n"
        "  --quiet                    no notes or progress on stderr\n"
        "  --help, --version\n", cli_prog, DEFAULT_DENOISE, DEFAULT_SHARPEN, DEFAULT_ACE,
        DEFAULT_SKIN);
}

static int pick(const char *arg, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(arg, names[i]))
            return i;
    return -1;
}

static bool parse_long(const char *s, long lo, long hi, long *v)
{
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    if (!*s || *end || errno || x < lo || x > hi)
        return false;
    *v = x;
    return true;
}

/* Digits, perhaps with a sign or a point: meant as a number. */
static bool looks_like_number(const char *s)
{
    return !s[strspn(s, "+-.0123456789")] && strpbrk(s, "0123456789");
}

/* "AxB" (sep 'x') or "N/D" (sep '/', ':' also accepted), both positive. */
static bool parse_pair(const char *s, const char *seps, long max, long *a, long *b)
{
    char buf[64];
    size_t n = strcspn(s, seps);
    if (n >= sizeof buf || !s[n])
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    return parse_long(buf, 1, max, a) && parse_long(s + n + 1, 1, max, b);
}

static int parse_format(const char *s, bool allow_y4m, bool *y4m)
{
    if (allow_y4m && !strcasecmp(s, "y4m")) {
        *y4m = true;
        return -1;
    }
    static const enum vio_format raw[] = { VIO_FMT_I420, VIO_FMT_NV12, VIO_FMT_YV12,
                                           VIO_FMT_YUY2, VIO_FMT_UYVY, VIO_FMT_I422 };
    for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++)
        if (!strcasecmp(s, vio_format_name(raw[i])))
            return (int)raw[i];
    return -2;
}

static long cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : n;
}

/* Nothing the user gave may be lost: no two of INPUT, OUTPUT and --stats
 * may name the same file (an output renamed over the input or over the
 * other output, two streams mixed on standard output).  Returns -1 or the
 * exit status of a usage error. */
static int check_paths(const vpp_run_opts *o)
{
    static const char *const what[] = { "INPUT", "OUTPUT", "--stats" };
    static const bool out[] = { false, true, true };
    const char *const path[] = { o->input, o->output, o->stats };
    vio_error err;
    if (vio_paths_check(3, path, out, what, &err))
        return cli_usage_error("%s", err.msg);
    return -1;
}

enum { OPT_DI = 256, OPT_RATE, OPT_ORDER, OPT_DENOISE, OPT_THREADS, OPT_STATS, OPT_SIZE,
       OPT_FPS, OPT_FORMAT, OPT_OUT_FORMAT, OPT_OUT_FPS, OPT_SCALE, OPT_SHARPEN, OPT_PROCAMP,
       OPT_CSC, OPT_ACE, OPT_TCC, OPT_SKIN, OPT_GAMUT };

/* "B:C:H:S", four numbers within VA-API's ProcAmp ranges. */
static bool parse_procamp(const char *s, double v[4])
{
    static const double lo[4] = { -100, 0, -180, 0 }, hi[4] = { 100, 10, 180, 10 };
    for (int i = 0; i < 4; i++) {
        char *end;
        errno = 0;
        v[i] = strtod(s, &end);
        if (end == s || errno || !(v[i] >= lo[i] && v[i] <= hi[i]) || *end != (i < 3 ? ':' : 0))
            return false;
        s = end + 1;
    }
    return true;
}

/* "FROM:TO", each bt601 or bt709 with an optional "-full". */
static bool parse_csc(const char *s, vpp_run_opts *o)
{
    static const char *const names[] = { "bt601", "bt709", "bt601-full", "bt709-full" };
    char buf[32];
    size_t n = strcspn(s, ":");
    if (n >= sizeof buf || !s[n])
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    int a = pick(buf, names, 4), b = pick(s + n + 1, names, 4);
    if (a < 0 || b < 0)
        return false;
    o->color.csc = true;
    o->color.csc_from = (enum g7sf_vpp_matrix)(a % 2), o->color.csc_from_full = a >= 2;
    o->color.csc_to = (enum g7sf_vpp_matrix)(b % 2), o->color.csc_to_full = b >= 2;
    return true;
}

/* "M:R:Y:G:C:B", six numbers 0..1.99. */
static bool parse_tcc(const char *s, double v[6])
{
    for (int i = 0; i < 6; i++) {
        char *end;
        errno = 0;
        v[i] = strtod(s, &end);
        if (end == s || errno || !(v[i] >= 0 && v[i] <= 1.99) || *end != (i < 5 ? ':' : 0))
            return false;
        s = end + 1;
    }
    return true;
}

/* "WxH" with W, H in 0..16384, not both 0. */
static bool parse_scale(const char *s, long *w, long *h)
{
    char buf[64];
    size_t n = strcspn(s, "xX");
    if (n >= sizeof buf || !s[n])
        return false;
    memcpy(buf, s, n);
    buf[n] = 0;
    return parse_long(buf, 0, VIO_MAX_DIM, w) && parse_long(s + n + 1, 0, VIO_MAX_DIM, h) &&
           (*w || *h);
}

/* Returns -1 to go on, or the exit status. */
static int parse_options(int argc, char **argv, vpp_run_opts *o)
{
    static const struct option longs[] = {
        { "deinterlace", required_argument, NULL, OPT_DI },
        { "rate", required_argument, NULL, OPT_RATE },
        { "field-order", required_argument, NULL, OPT_ORDER },
        { "denoise", optional_argument, NULL, OPT_DENOISE },
        { "scale", required_argument, NULL, OPT_SCALE },
        { "sharpen", optional_argument, NULL, OPT_SHARPEN },
        { "procamp", required_argument, NULL, OPT_PROCAMP },
        { "csc", required_argument, NULL, OPT_CSC },
        { "ace", optional_argument, NULL, OPT_ACE },
        { "tcc", required_argument, NULL, OPT_TCC },
        { "skin-tone", optional_argument, NULL, OPT_SKIN },
        { "gamut", required_argument, NULL, OPT_GAMUT },
        { "threads", required_argument, NULL, OPT_THREADS },
        { "stats", required_argument, NULL, OPT_STATS },
        { "size", required_argument, NULL, OPT_SIZE },
        { "fps", required_argument, NULL, OPT_FPS },
        { "format", required_argument, NULL, OPT_FORMAT },
        { "output-format", required_argument, NULL, OPT_OUT_FORMAT },
        { "output-fps", required_argument, NULL, OPT_OUT_FPS },
        { "quiet", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    static const char *const di_names[] = { "auto", "mcdi", "madi", "bob", "weave", "off" };
    static const char *const rate_names[] = { "field", "frame", "film" };
    static const char *const order_names[] = { "bff", "tff", "auto" };
    *o = (vpp_run_opts){ .out_format = -1, .field_order = -1, .denoise = -1,
                         .threads = (int)cpus() };
    o->raw = (vio_info){ .fps_num = 25, .fps_den = 1, .format = VIO_FMT_I420 };
    bool format_given = false, fps_given = false;
    /* the word after "--denoise" / "--sharpen" / "--ace" / "--skin-tone" without '=' */
    const char *after_bare_denoise = NULL, *after_bare_sharpen = NULL, *after_bare_ace = NULL,
               *after_bare_skin = NULL;
    long a, b;
    int c, k;
    while ((c = getopt_long(argc, argv, ":qhV", longs, NULL)) != -1) {
        const char *arg = optarg;
        switch (c) {
        case OPT_DI:
            if ((k = pick(arg, di_names, 6)) < 0)
                return cli_usage_error("--deinterlace: unknown mode '%s'", arg);
            o->di = (enum g7sf_vpp_deinterlace)k;
            break;
        case OPT_RATE:
            if ((k = pick(arg, rate_names, 3)) < 0)
                return cli_usage_error("--rate: unknown rate '%s' (field, frame or film)", arg);
            o->rate = (enum g7sf_vpp_rate)k;
            break;
        case OPT_ORDER:
            if ((k = pick(arg, order_names, 3)) < 0)
                return cli_usage_error("--field-order: '%s' is not tff, bff or auto", arg);
            o->field_order = k == 2 ? -1 : k;
            break;
        case OPT_DENOISE:
            /* getopt permutes argv: keep the word itself, not its index */
            if (!arg && optind < argc)
                after_bare_denoise = argv[optind];
            if (!arg)
                o->denoise = DEFAULT_DENOISE;
            else if (parse_long(arg, 0, 64, &a))
                o->denoise = (int)a;
            else
                return cli_usage_error("--denoise: strength '%s' is not 0..64", arg);
            break;
        case OPT_SCALE:
            if (!parse_scale(arg, &a, &b))
                return cli_usage_error("--scale: '%s' is not WxH (0..16384 each, not both 0)",
                                       arg);
            o->scale_w = (int)a, o->scale_h = (int)b;
            break;
        case OPT_SHARPEN:
            if (!arg && optind < argc)
                after_bare_sharpen = argv[optind];
            if (!arg)
                o->sharpen = DEFAULT_SHARPEN;
            else if (parse_long(arg, 0, 255, &a))
                o->sharpen = (int)a;
            else
                return cli_usage_error("--sharpen: strength '%s' is not 0..255", arg);
            break;
        case OPT_PROCAMP: {
            double v[4];
            if (!parse_procamp(arg, v))
                return cli_usage_error("--procamp: '%s' is not B:C:H:S (brightness -100..100, "
                                       "contrast 0..10, hue -180..180, saturation 0..10)", arg);
            o->color.procamp = true;
            o->color.brightness = v[0], o->color.contrast = v[1];
            o->color.hue = v[2], o->color.saturation = v[3];
            break;
        }
        case OPT_CSC:
            if (!parse_csc(arg, o))
                return cli_usage_error("--csc: '%s' is not FROM:TO (each bt601 or bt709, "
                                       "optionally with -full)", arg);
            break;
        case OPT_ACE:
        case OPT_SKIN: {
            bool ace = c == OPT_ACE;
            if (!arg && optind < argc)
                *(ace ? &after_bare_ace : &after_bare_skin) = argv[optind];
            if (arg && !parse_long(arg, 0, 100, &a))
                return cli_usage_error("%s: strength '%s' is not 0..100",
                                       ace ? "--ace" : "--skin-tone", arg);
            int v = arg ? (int)a : ace ? DEFAULT_ACE : DEFAULT_SKIN;
            if (ace)
                o->color.ace = true, o->color.ace_strength = v;
            else
                o->color.skin_tone = true, o->color.skin_tone_strength = v;
            break;
        }
        case OPT_TCC:
            if (!parse_tcc(arg, o->color.tcc_saturation))
                return cli_usage_error("--tcc: '%s' is not M:R:Y:G:C:B (six saturation factors, "
                                       "0..1.99 each)", arg);
            o->color.tcc = true;
            break;
        case OPT_GAMUT:
            if (!strcmp(arg, "basic"))
                o->color.gamut = G7SF_VPP_GAMUT_BASIC;
            else if (!strcmp(arg, "advanced"))
                o->color.gamut = G7SF_VPP_GAMUT_ADVANCED;
            else
                return cli_usage_error("--gamut: '%s' is not basic or advanced", arg);
            break;
        case OPT_THREADS:
            if (!parse_long(arg, 1, MAX_THREADS, &a))
                return cli_usage_error("--threads: '%s' is not 1..64", arg);
            o->threads = (int)a;
            break;
        case OPT_STATS:
            o->stats = arg;
            break;
        case OPT_SIZE:
            if (!parse_pair(arg, "xX", VIO_MAX_DIM, &a, &b))
                return cli_usage_error("--size: '%s' is not WxH (1..16384 each)", arg);
            o->raw.width = (int)a, o->raw.height = (int)b, o->raw_in = true;
            break;
        case OPT_FPS:
        case OPT_OUT_FPS:
            if (!parse_pair(arg, "/:", INT_MAX, &a, &b))
                return cli_usage_error("frame rate '%s' is not N/D with N, D > 0", arg);
            if (c == OPT_FPS)
                o->raw.fps_num = (uint32_t)a, o->raw.fps_den = (uint32_t)b, fps_given = true;
            else
                o->out_fps_num = (uint32_t)a, o->out_fps_den = (uint32_t)b;
            break;
        case OPT_FORMAT:
            if ((k = parse_format(arg, false, NULL)) < 0)
                return cli_usage_error("--format: unknown raw layout '%s'", arg);
            o->raw.format = (enum vio_format)k, format_given = true;
            break;
        case OPT_OUT_FORMAT:
            o->out_y4m = false;
            if ((k = parse_format(arg, true, &o->out_y4m)) < -1)
                return cli_usage_error("--output-format: unknown layout '%s'", arg);
            o->out_format = k;
            break;
        case 'q':
            o->quiet = true;
            break;
        case 'h':
            usage(stdout);
            return CLI_EXIT_OK;
        case 'V':
            return cli_version();
        default:
            return cli_bad_option(c, argv);
        }
    }
    /* "--denoise 20": an optional value must be attached, so 20 is a file
     * name here; a number that is no file is the value meant */
    if (after_bare_denoise && looks_like_number(after_bare_denoise) &&
        access(after_bare_denoise, F_OK))
        return cli_usage_error("--denoise %s: write --denoise=%s (the strength must follow "
                               "'=', else it is taken for a file name)", after_bare_denoise,
                               after_bare_denoise);
    if (after_bare_sharpen && looks_like_number(after_bare_sharpen) &&
        access(after_bare_sharpen, F_OK))
        return cli_usage_error("--sharpen %s: write --sharpen=%s (the strength must follow "
                               "'=', else it is taken for a file name)", after_bare_sharpen,
                               after_bare_sharpen);
    const char *bare[] = { after_bare_ace, after_bare_skin }, *bare_name[] = { "--ace",
                                                                             "--skin-tone" };
    for (int i = 0; i < 2; i++)
        if (bare[i] && looks_like_number(bare[i]) && access(bare[i], F_OK))
            return cli_usage_error("%s %s: write %s=%s (the strength must follow '=', else "
                                   "it is taken for a file name)", bare_name[i], bare[i],
                                   bare_name[i], bare[i]);
    if (argc - optind != 2)
        return cli_usage_error("%s", argc - optind < 2 ? "INPUT and OUTPUT are required"
                                                         : "more than two file names");
    if (!o->raw_in && (format_given || fps_given))
        return cli_usage_error("--format and --fps describe raw input: give --size too");
    if (o->rate == G7SF_VPP_RATE_FILM && o->di != G7SF_VPP_DI_AUTO)
        return cli_usage_error("--rate=film needs --deinterlace=auto (film-mode detection)");
    /* by default the output is what the input is: Y4M, or raw in the same layout */
    if (!o->out_y4m && o->out_format < 0) {
        if (o->raw_in)
            o->out_format = (int)o->raw.format;
        else
            o->out_y4m = true;
    }
    o->input = argv[optind];
    o->output = argv[optind + 1];
    return check_paths(o);
}

int main(int argc, char **argv)
{
    vpp_run_opts o;
    cli_init("gen7sf-vpp");
    int st = parse_options(argc, argv, &o);
    if (st >= 0)
        return st;
    /* a closed pipe downstream is a write error to report, not a signal */
    signal(SIGPIPE, SIG_IGN);
    return vpp_run(&o);
}
