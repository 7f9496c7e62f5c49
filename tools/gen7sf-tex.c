/* gen7sf-tex: PNG images to and from surfaces of any format and tiling,
 * through the format layer and the surface layout.  See gen7sf-tex(1).
 *   gen7sf-tex convert IN.png OUT.surf --format NAME [--tiling T] [--pitch N]
 *   gen7sf-tex convert IN.surf OUT.png                   (IN.surf.state tells)
 *   gen7sf-tex convert IN.surf OUT.png --format NAME --size WxH [--tiling T] [--pitch N]
 *   gen7sf-tex render [--size WxH] [--texture PNG] [--scene plane|tunnel] -o OUT.png */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format_arg.h"
#include "gen7sf/state.h"
#include "png_read.h"
#include "png_write.h"
#include "tex_image.h"
#include "tex_render.h"
#include "tex_surf.h"

static const char *prog = "gen7sf-tex";

static int usage(FILE *f, int code)
{
    fprintf(f,
        "usage: %s convert IN.png OUT.surf --format NAME [--tiling linear|x|y] [--pitch N]\n"
        "       %s convert IN.surf OUT.png\n"
        "       %s convert IN.surf OUT.png --format NAME --size WxH [--tiling T] [--pitch N]\n"
        "       %s render [--size WxH] [--texture PNG] [--scene plane|tunnel] -o OUT.png\n"
        "A PNG input is encoded into a surface: OUT.surf holds its bytes, OUT.surf.state\n"
        "its RENDER_SURFACE_STATE.  Otherwise the surface is decoded to a PNG; its state\n"
        "comes from IN.surf.state, or from --format and --size for a raw surface.\n"
        "  --format NAME   surface format (PRM name, any case, or code; see\n"
        "                  gen7sf-state formats)\n"
        "  --tiling T      linear (default), x or y\n"
        "  --pitch N       bytes from row to row (default: the smallest that fits)\n"
        "  --size WxH      size of a raw surface in pixels\n"
        "render draws a mip-mapped textured scene in perspective three times, side by\n"
        "side, through SIMD16 sample messages: nearest, trilinear, 16x anisotropic.\n"
        "  --size WxH      one panel (default 320x240, each side 1..2048)\n"
        "  --texture PNG   the texture (default: a built-in 256x256 pattern)\n"
        "  --scene S       plane (default: a ground plane at a grazing angle) or tunnel\n"
        "  -o OUT.png      the picture, 3W x H\n", prog, prog, prog, prog);
    return code;
}

static int fail(const char *msg)
{
    fprintf(stderr, "%s: %s\n", prog, msg);
    return 1;
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

static int encode(const char *in, const char *out, const struct options *o)
{
    vio_error err;
    uint8_t *rgba;
    uint32_t w, h;
    tex_surf t;
    if (!o->fmt)
        return fail("encoding a PNG needs --format");
    if (o->w)
        return fail("--size is for raw surface input; a PNG has its own size");
    if (png_read_rgba(in, &rgba, &w, &h, &err))
        return fail(err.msg);
    int rc = tex_surf_create(&t, o->fmt, w, h, o->tiling, o->pitch, &err);
    if (!rc)
        rc = tex_image_encode(&t, rgba, &err);
    if (!rc)
        rc = tex_surf_save(&t, out, &err);
    tex_surf_free(&t);
    free(rgba);
    return rc ? fail(err.msg) : 0;
}

static int decode(const char *in, const char *out, const struct options *o)
{
    vio_error err;
    tex_surf t;
    int rc;
    if (o->fmt && !o->w)
        return fail("a raw surface needs --size WxH with --format");
    if (o->fmt && tex_image_decodable(o->fmt, &err))
        return fail(err.msg);
    if (!o->fmt && (o->w || o->layout_given))
        return fail("--size, --tiling and --pitch describe a raw surface: give --format too "
                    "(without them the layout comes from IN.state)");
    rc = o->fmt ? tex_surf_load_raw(&t, in, o->fmt, o->w, o->h, o->tiling, o->pitch, &err)
                : tex_surf_load(&t, in, &err);
    if (rc)
        return fail(err.msg);
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
    return rc ? fail(err.msg) : 0;
}

static int render(const struct options *o)
{
    vio_error err;
    tex_render_opts r = { .w = o->w ? o->w : 320, .h = o->h ? o->h : 240, .scene = o->scene };
    uint8_t *tex = NULL, *rgba = NULL;
    if (o->fmt || o->layout_given)
        return fail("--format, --tiling and --pitch are for convert, not render");
    if (!o->out)
        return fail("render needs -o OUT.png");
    if (o->texture && png_read_rgba(o->texture, &tex, &r.tw, &r.th, &err))
        return fail(err.msg);
    r.texture = tex;
    int rc = 0;
    if (r.w > TEX_RENDER_MAX_DIM || r.h > TEX_RENDER_MAX_DIM)
        rc = vio_fail(&err, VIO_E_SIZE, "render: --size is one panel, each side 1..%u",
                      TEX_RENDER_MAX_DIM);
    else if (!(rgba = malloc((size_t)TEX_RENDER_PANELS * r.w * r.h * 4)))
        rc = vio_fail(&err, VIO_E_NOMEM, "render: out of memory");
    if (!rc)
        rc = tex_render(&r, rgba, NULL, &err);
    if (!rc)
        rc = png_write_rgba(o->out, rgba, TEX_RENDER_PANELS * r.w, r.h, 0, &err);
    free(rgba);
    free(tex);
    return rc ? fail(err.msg) : 0;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "format", required_argument, NULL, 'f' }, { "tiling", required_argument, NULL, 't' },
        { "pitch", required_argument, NULL, 'p' },  { "size", required_argument, NULL, 's' },
        { "texture", required_argument, NULL, 'x' }, { "scene", required_argument, NULL, 'c' },
        { "help", no_argument, NULL, 'h' },         { NULL, 0, NULL, 0 } };
    struct options o = { 0 };
    char msg[160];
    int c;
    while ((c = getopt_long(argc, argv, "ho:", longs, NULL)) != -1) {
        switch (c) {
        case 'f':
            o.fmt = format_arg(optarg);
            if (!o.fmt) {
                snprintf(msg, sizeof msg, "unknown surface format '%s' (see gen7sf-state "
                         "formats)", optarg);
                return fail(msg);
            }
            break;
        case 't':
            if (!parse_tiling(optarg, &o.tiling))
                return fail("--tiling is linear, x or y");
            o.layout_given = 1;
            break;
        case 'p':
            if (!parse_count(optarg, 1u << 18, &o.pitch))
                return fail("--pitch is a byte count, 1..262144");
            o.layout_given = 1;
            break;
        case 's':
            if (!parse_size(optarg, &o.w, &o.h))
                return fail("--size is WxH, each 1..16384");
            break;
        case 'x':
            o.texture = optarg;
            break;
        case 'c':
            if (strcmp(optarg, "plane") && strcmp(optarg, "tunnel"))
                return fail("--scene is plane or tunnel");
            o.scene = strcmp(optarg, "plane") ? TEX_SCENE_TUNNEL : TEX_SCENE_PLANE;
            o.scene_given = 1;
            break;
        case 'o':
            o.out = optarg;
            break;
        case 'h':
            return usage(stdout, 0);
        default:
            return usage(stderr, 2);
        }
    }
    if (argc - optind == 1 && !strcmp(argv[optind], "render"))
        return render(&o);
    if (argc - optind != 3 || strcmp(argv[optind], "convert"))
        return usage(stderr, 2);
    if (o.texture || o.out || o.scene_given)
        return fail("--texture, --scene and -o are for render, not convert");
    const char *in = argv[optind + 1], *out = argv[optind + 2];
    if (ends_with_png(in) && ends_with_png(out))
        return fail("one side must be a surface: PNG to PNG is not a conversion");
    return ends_with_png(in) ? encode(in, out, &o) : decode(in, out, &o);
}
