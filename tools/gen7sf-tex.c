/* gen7sf-tex: PNG images to and from surfaces of any format and tiling,
 * through the format layer and the surface layout.  See gen7sf-tex(1).
 *   gen7sf-tex convert IN.png OUT.surf --format NAME [--tiling T] [--pitch N]
 *   gen7sf-tex convert IN.surf OUT.png                   (IN.surf.state tells)
 *   gen7sf-tex convert IN.surf OUT.png --format NAME --size WxH [--tiling T] [--pitch N]
 *   gen7sf-tex render [--size WxH] [--texture PNG] [--scene plane|tunnel] -o OUT.png
 *   gen7sf-tex msaa [--samples 4|8] [--compress] [--size WxH] [--triangles N] [--seed N]
 *                   -o OUT.png
 * Exit status (cli.h): 0 done, 1 bad input or a failed conversion, 2 usage. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "cli.h"
#include "format_arg.h"
#include "gen7sf/state.h"
#include "png_read.h"
#include "png_write.h"
#include "tex_image.h"
#include "tex_mip.h"
#include "tex_msaa.h"
#include "progress.h"
#include "tex_render.h"
#include "tex_surf.h"

static int usage(void)
{
    const char *p = cli_prog;
    printf(
        "usage: %s convert IN.png OUT.surf --format NAME [--tiling linear|x|y] [--pitch N]\n"
        "       %s convert IN.surf OUT.png\n"
        "       %s convert IN.surf OUT.png --format NAME --size WxH [--tiling T] [--pitch N]\n"
        "       %s render [--size WxH] [--texture PNG] [--scene plane|tunnel] -o OUT.png\n"
        "       %s msaa [--samples 4|8] [--compress] [--size WxH] [--triangles N]\n"
        "            [--seed N] -o OUT.png\n"
        "       %s --help | --version\n"
        "A PNG input is encoded into a surface: OUT.surf holds its bytes, OUT.surf.state\n"
        "its RENDER_SURFACE_STATE.  Otherwise the surface is decoded to a PNG; its state\n"
        "comes from IN.surf.state, or from --format and --size for a raw surface.\n"
        "  --format NAME   surface format (PRM name, any case, or code; see\n"
        "                  gen7sf-state formats)\n"
        "  --tiling T      linear (default), x or y\n"
        "  --pitch N       bytes from row to row, 1..262144 (default: the smallest that\n"
        "                  fits)\n"
        "  --size WxH      size of a raw surface in pixels, each side 1..16384\n"
        "render draws a mip-mapped textured scene in perspective three times, side by\n"
        "side, through SIMD16 sample messages: nearest, trilinear, 16x anisotropic.\n"
        "  --size WxH      one panel (default 320x240, each side 1..%u)\n"
        "  --texture PNG   the texture (default: a built-in 256x256 pattern)\n"
        "  --scene S       plane (default: a ground plane at a grazing angle) or tunnel\n"
        "  -o OUT.png      the picture, 3W x H\n"
        "msaa draws flat triangles into a multisampled R8G8B8A8_UNORM target with MCS\n"
        "through SIMD16 render target writes (per-sample coverage in oMask), resolves\n"
        "it through ld_mcs and ld2dms (the mean of the samples, rounded) and prints\n"
        "the messages sent and the render cache's MSAA traffic.\n"
        "  --samples N     4 (default) or 8 (4x and 8x are accepted too)\n"
        "  --compress      the surface opts in to the index-bit compression\n"
        "                  (US 9466124; without it: the Gen7 MCS scheme)\n"
        "  --size WxH      the frame (default 320x240, each side 1..%u)\n"
        "  --triangles N   triangles over the background, 0..%u (default 40)\n"
        "  --seed N        the scene's seed (default 0)\n"
        "  -o OUT.png      the resolved picture, W x H\n"
        "Numbers are decimal (no leading zero) or 0x hex.\n"
        "Exit status: 0 done, 1 bad input or a failed conversion, 2 usage error.\n",
        p, p, p, p, p, p, TEX_RENDER_MAX_DIM, TEX_MSAA_MAX_DIM, TEX_MSAA_MAX_TRIS);
    return CLI_EXIT_OK;
}

static int ends_with_png(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && !strcasecmp(path + n - 4, ".png");
}

/* A number in 1..max, in the library's integer syntax (decimal without
 * leading zeros, 0x hex: "0100" is refused, never octal or decimal). */
static int parse_count(const char *s, uint32_t max, uint32_t *v)
{
    int64_t n;
    if (*s < '0' || *s > '9' || g7sf_parse_int(s, &n) || n < 1 || n > max)
        return 0;
    *v = (uint32_t)n;
    return 1;
}

static int parse_size(const char *s, uint32_t *w, uint32_t *h)
{
    char buf[64], *x;
    snprintf(buf, sizeof buf, "%s", s);
    x = strchr(buf, 'x');
    if (!x)
        return 0;
    *x = 0;
    return parse_count(buf, VIO_MAX_DIM, w) && parse_count(x + 1, VIO_MAX_DIM, h);
}

static int parse_tiling(const char *s, unsigned *tiling)
{
    static const char *const names[] = { "linear", "x", "y" };
    for (unsigned i = 0; i < 3; i++)
        if (!strcasecmp(s, names[i])) {
            *tiling = i;   /* G7SF_TILING_LINEAR, _X, _Y */
            return 1;
        }
    return 0;
}

struct options {
    const struct g7sf_format_info *fmt;
    unsigned tiling;
    uint32_t pitch, w, h;
    int layout_given;   /* --tiling or --pitch */
    const char *texture, *out;   /* render: --texture, -o */
    enum tex_scene scene;
    int scene_given;
    unsigned samples, triangles;   /* msaa: --samples, --triangles (+1: 0 unset) */
    uint32_t seed;
    int compress, msaa_given;      /* --compress; any msaa option */
};

/* PNG to surface.  The PNG's header is read first and the surface laid
 * out (and refused, if it must be) before the image's pixels are read or
 * their buffer allocated. */
static int encode(const char *in, const char *out, const struct options *o)
{
    vio_error err;
    uint8_t *rgba = NULL;
    uint32_t w, h;
    tex_surf t = { 0 };
    png_in *png;
    if (!o->fmt)
        return cli_usage_error("encoding a PNG needs --format NAME");
    if (o->w)
        return cli_usage_error("--size is for a raw surface input; a PNG has its own size");
    int rc = png_in_open(&png, in, VIO_MAX_DIM, &w, &h, &err);
    if (rc)
        return cli_fail("%s", err.msg);
    char what[512];
    snprintf(what, sizeof what, "%s as a surface", in);
    rc = tex_surf_create_named(&t, o->fmt, w, h, o->tiling, o->pitch, what, &err);
    if (!rc && !(rgba = malloc((size_t)w * h * 4)))
        rc = vio_fail(&err, VIO_E_NOMEM, "%s: out of memory", in);
    if (!rc)
        rc = png_in_read(png, rgba, &err);
    png_in_close(png);
    if (!rc)
        rc = tex_image_encode(&t, rgba, &err);
    if (!rc)
        rc = tex_surf_save(&t, out, &err);
    tex_surf_free(&t);
    free(rgba);
    return rc ? cli_fail("%s", err.msg) : 0;
}

static int decode(const char *in, const char *out, const struct options *o)
{
    vio_error err;
    tex_surf t;
    int rc;
    if (o->fmt && !o->w)
        return cli_usage_error("a raw surface needs --size WxH with --format");
    if (!o->fmt && (o->w || o->layout_given))
        return cli_usage_error("--size, --tiling and --pitch describe a raw surface: give "
                               "--format too (without them the layout comes from IN.state)");
    if (o->fmt && tex_image_decodable(o->fmt, &err))
        return cli_fail("%s", err.msg);
    rc = o->fmt ? tex_surf_load_raw(&t, in, o->fmt, o->w, o->h, o->tiling, o->pitch, &err)
                : tex_surf_load(&t, in, &err);
    if (rc)
        return cli_fail("%s", err.msg);
    uint8_t *rgba = malloc((size_t)t.s.width * t.s.height * 4);
    int alpha = 0;
    if (!rgba)
        rc = vio_fail(&err, VIO_E_NOMEM, "%s: out of memory", in);
    if (!rc)
        rc = tex_image_decode(&t, rgba, &alpha, &err);
    if (!rc)
        rc = png_write_rgba(out, rgba, t.s.width, t.s.height, alpha, &err);
    free(rgba);
    tex_surf_free(&t);
    return rc ? cli_fail("%s", err.msg) : 0;
}

static int render(const struct options *o)
{
    vio_error err;
    tex_render_opts r = { .w = o->w ? o->w : 320, .h = o->h ? o->h : 240, .scene = o->scene };
    uint8_t *tex = NULL, *rgba = NULL;
    if (o->fmt || o->layout_given)
        return cli_usage_error("--format, --tiling and --pitch are for convert, not render");
    if (!o->out)
        return cli_usage_error("render needs -o OUT.png");
    if (r.w > TEX_RENDER_MAX_DIM || r.h > TEX_RENDER_MAX_DIM)
        return cli_usage_error("render: --size is one panel, each side 1..%u",
                               TEX_RENDER_MAX_DIM);
    int rc = 0;
    if (o->texture) {   /* sides checked from the header, before the pixels */
        png_in *png;
        rc = png_in_open(&png, o->texture, TEX_MIP_MAX_DIM, &r.tw, &r.th, &err);
        if (!rc && !(tex = malloc((size_t)r.tw * r.th * 4)))
            rc = vio_fail(&err, VIO_E_NOMEM, "%s: out of memory", o->texture);
        if (!rc)
            rc = png_in_read(png, tex, &err);
        if (png)
            png_in_close(png);
    }
    r.texture = tex;
    if (!rc && !(rgba = malloc((size_t)TEX_RENDER_PANELS * r.w * r.h * 4)))
        rc = vio_fail(&err, VIO_E_NOMEM, "render: out of memory");
    progress prog;   /* on a terminal: samples so far and samples per second */
    progress_start(&prog, stderr, true, 0);
    progress_units(&prog, "samples", "samples/s");
    r.progress = &prog;
    if (!rc)
        rc = tex_render(&r, rgba, NULL, &err);
    if (!rc)
        rc = png_write_rgba(o->out, rgba, TEX_RENDER_PANELS * r.w, r.h, 0, &err);
    free(rgba);
    free(tex);
    return rc ? cli_fail("%s", err.msg) : 0;
}

/* --samples: 4, 8, 4x or 8x. */
static int parse_samples(const char *s, unsigned *n)
{
    if (!strcmp(s, "4") || !strcasecmp(s, "4x"))
        return *n = 4, 1;
    if (!strcmp(s, "8") || !strcasecmp(s, "8x"))
        return *n = 8, 1;
    return 0;
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static double ratio(uint64_t base, uint64_t got)
{
    return got ? (double)base / (double)got : 0.0;
}

static int msaa(const struct options *o)
{
    vio_error err;
    if (o->fmt || o->layout_given || o->texture || o->scene_given)
        return cli_usage_error("--format, --tiling, --pitch, --texture and --scene are not "
                               "for msaa");
    if (!o->out)
        return cli_usage_error("msaa needs -o OUT.png");
    tex_msaa_opts m = { .w = o->w ? o->w : 320, .h = o->h ? o->h : 240,
                        .samples = o->samples ? o->samples : 4, .compress = o->compress };
    if (m.w > TEX_MSAA_MAX_DIM || m.h > TEX_MSAA_MAX_DIM)
        return cli_usage_error("msaa: --size is WxH, each side 1..%u", TEX_MSAA_MAX_DIM);
    tex_msaa_scene *scene = malloc(sizeof *scene);
    uint8_t *rgba = malloc((size_t)m.w * m.h * 4);
    tex_msaa_stats st;
    int rc = 0;
    if (!scene || !rgba)
        rc = vio_fail(&err, VIO_E_NOMEM, "msaa: out of memory");
    double t0 = seconds(), t1 = t0;
    if (!rc) {
        tex_msaa_scene_make(m.w, m.h, o->triangles ? o->triangles - 1 : 40, o->seed, scene);
        m.scene = scene;
        rc = tex_msaa_render(&m, rgba, &st, &err);
        t1 = seconds();
    }
    if (!rc)
        rc = png_write_rgba(o->out, rgba, m.w, m.h, 0, &err);
    if (!rc) {
        printf("msaa: %ux%u, %ux, %u triangles, index compression %s\n", m.w, m.h, m.samples,
               scene->n, m.compress ? "on (opt-in surface)" : "off (Gen7 MCS)");
        printf("messages: %lu render target writes, %lu sampler (ld_mcs + ld2dms), %.3f s\n",
               st.rt_messages, st.sample_messages, t1 - t0);
        if (st.traffic_valid && !m.compress && !st.tiles_evicted && !st.bytes_written &&
            !st.bytes_read) {
            printf("traffic: the library counts it for opt-in surfaces only; this frame's "
                   "Gen7 figures are the baseline a --compress run prints\n");
        } else if (st.traffic_valid) {
            printf("tiles evicted: %llu (index %llu, delta %llu, palette %llu, "
                   "uncompressed %llu)\n", (unsigned long long)st.tiles_evicted,
                   (unsigned long long)st.tiles_index, (unsigned long long)st.tiles_delta,
                   (unsigned long long)st.tiles_palette,
                   (unsigned long long)st.tiles_uncompressed);
            printf("bytes per frame: written %llu, read %llu\n",
                   (unsigned long long)st.bytes_written, (unsigned long long)st.bytes_read);
            printf("baseline (Gen7, planes uncompressed): written %llu, read %llu\n",
                   (unsigned long long)st.baseline_written,
                   (unsigned long long)st.baseline_read);
            printf("ratio (baseline / this run): written %.3f, read %.3f, total %.3f\n",
                   ratio(st.baseline_written, st.bytes_written),
                   ratio(st.baseline_read, st.bytes_read),
                   ratio(st.baseline_written + st.baseline_read,
                         st.bytes_written + st.bytes_read));
        } else {
            printf("traffic: g7sf_msaa_stats_read gave no figures\n");
        }
    }
    free(scene);
    free(rgba);
    return rc ? cli_fail("%s", err.msg) : 0;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "format", required_argument, NULL, 'f' }, { "tiling", required_argument, NULL, 't' },
        { "pitch", required_argument, NULL, 'p' },  { "size", required_argument, NULL, 's' },
        { "texture", required_argument, NULL, 'x' }, { "scene", required_argument, NULL, 'c' },
        { "samples", required_argument, NULL, 'n' }, { "compress", no_argument, NULL, 'z' },
        { "triangles", required_argument, NULL, 'r' }, { "seed", required_argument, NULL, 'e' },
        { "help", no_argument, NULL, 'h' },         { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 } };
    struct options o = { 0 };
    cli_init("gen7sf-tex");
    for (int c; (c = getopt_long(argc, argv, ":ho:", longs, NULL)) != -1;) {
        switch (c) {
        case 'f':
            o.fmt = format_arg(optarg);
            if (!o.fmt)
                return cli_fail("unknown surface format '%s' (a name from gen7sf-state "
                                "formats, or a code: 0x hex, or decimal without leading "
                                "zeros)", optarg);
            break;
        case 't':
            if (!parse_tiling(optarg, &o.tiling))
                return cli_usage_error("--tiling is linear, x or y, not '%s'", optarg);
            o.layout_given = 1;
            break;
        case 'p':
            if (!parse_count(optarg, 1u << 18, &o.pitch))
                return cli_usage_error("--pitch is a byte count 1..262144 (decimal without "
                                       "leading zeros, or 0x hex), not '%s'", optarg);
            o.layout_given = 1;
            break;
        case 's':
            if (!parse_size(optarg, &o.w, &o.h))
                return cli_usage_error("--size is WxH, each side 1..%u, not '%s'",
                                       VIO_MAX_DIM, optarg);
            break;
        case 'x':
            o.texture = optarg;
            break;
        case 'c':
            if (strcmp(optarg, "plane") && strcmp(optarg, "tunnel"))
                return cli_usage_error("--scene is plane or tunnel, not '%s'", optarg);
            o.scene = strcmp(optarg, "plane") ? TEX_SCENE_TUNNEL : TEX_SCENE_PLANE;
            o.scene_given = 1;
            break;
        case 'o':
            o.out = optarg;
            break;
        case 'n':
            if (!parse_samples(optarg, &o.samples))
                return cli_usage_error("--samples is 4 or 8 (or 4x, 8x), not '%s'", optarg);
            o.msaa_given = 1;
            break;
        case 'z':
            o.compress = o.msaa_given = 1;
            break;
        case 'r': {
            uint32_t v;
            if (!strcmp(optarg, "0"))
                v = 0;
            else if (!parse_count(optarg, TEX_MSAA_MAX_TRIS, &v))
                return cli_usage_error("--triangles is 0..%u, not '%s'", TEX_MSAA_MAX_TRIS,
                                       optarg);
            o.triangles = v + 1;
            o.msaa_given = 1;
            break;
        }
        case 'e': {
            int64_t v;
            if (*optarg < '0' || *optarg > '9' || g7sf_parse_int(optarg, &v) || v < 0 ||
                v > 0xFFFFFFFF)
                return cli_usage_error("--seed is 0..4294967295, not '%s'", optarg);
            o.seed = (uint32_t)v;
            o.msaa_given = 1;
            break;
        }
        case 'h':
            return usage();
        case 'V':
            return cli_version();
        default:
            return cli_bad_option(c, argv);
        }
    }
    int n = argc - optind;
    const char *cmd = n ? argv[optind] : NULL;
    if (!cmd)
        return cli_usage_error("no command: convert, render or msaa");
    if (!strcmp(cmd, "msaa"))
        return n == 1 ? msaa(&o) : cli_usage_error("msaa takes no operands (-o OUT.png "
                                                   "names the output)");
    if (o.msaa_given)
        return cli_usage_error("--samples, --compress, --triangles and --seed are for msaa, "
                               "not %s", cmd);
    if (!strcmp(cmd, "render"))
        return n == 1 ? render(&o) : cli_usage_error("render takes no operands (-o OUT.png "
                                                     "names the output)");
    if (strcmp(cmd, "convert"))
        return cli_usage_error("unknown command '%s': convert, render or msaa", cmd);
    if (n != 3)
        return cli_usage_error("convert takes IN and OUT");
    if (o.texture || o.out || o.scene_given)
        return cli_usage_error("--texture, --scene and -o are for render, not convert");
    const char *in = argv[optind + 1], *out = argv[optind + 2];
    if (ends_with_png(in) && ends_with_png(out))
        return cli_usage_error("one side must be a surface: PNG to PNG is not a conversion");
    return ends_with_png(in) ? encode(in, out, &o) : decode(in, out, &o);
}
