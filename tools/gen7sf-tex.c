/* gen7sf-tex: PNG images to and from surfaces of any format and tiling,
 * through the format layer and the surface layout.  See gen7sf-tex(1).
 *   gen7sf-tex convert IN.png OUT.surf --format NAME [--tiling T] [--pitch N]
 *   gen7sf-tex convert IN.surf OUT.png                   (IN.surf.state tells)
 *   gen7sf-tex convert IN.surf OUT.png --format NAME --size WxH [--tiling T] [--pitch N]
 *   gen7sf-tex render [--size WxH] [--texture PNG] [--scene plane|tunnel] -o OUT.png
 * Exit status (cli.h): 0 done, 1 bad input or a failed conversion, 2 usage. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "format_arg.h"
#include "gen7sf/state.h"
#include "png_read.h"
#include "png_write.h"
#include "tex_image.h"
#include "tex_mip.h"
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
        "Numbers are decimal (no leading zero) or 0x hex.\n"
        "Exit status: 0 done, 1 bad input or a failed conversion, 2 usage error.\n",
        p, p, p, p, p, TEX_RENDER_MAX_DIM);
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

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "format", required_argument, NULL, 'f' }, { "tiling", required_argument, NULL, 't' },
        { "pitch", required_argument, NULL, 'p' },  { "size", required_argument, NULL, 's' },
        { "texture", required_argument, NULL, 'x' }, { "scene", required_argument, NULL, 'c' },
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
        return cli_usage_error("no command: convert or render");
    if (!strcmp(cmd, "render"))
        return n == 1 ? render(&o) : cli_usage_error("render takes no operands (-o OUT.png "
                                                     "names the output)");
    if (strcmp(cmd, "convert"))
        return cli_usage_error("unknown command '%s': convert or render", cmd);
    if (n != 3)
        return cli_usage_error("convert takes IN and OUT");
    if (o.texture || o.out || o.scene_given)
        return cli_usage_error("--texture, --scene and -o are for render, not convert");
    const char *in = argv[optind + 1], *out = argv[optind + 2];
    if (ends_with_png(in) && ends_with_png(out))
        return cli_usage_error("one side must be a surface: PNG to PNG is not a conversion");
    return ends_with_png(in) ? encode(in, out, &o) : decode(in, out, &o);
}
