/* gen7sf-tex render as a user runs it: the picture's size, the sky and the
 * flat colour of a constant texture worked out by hand, and the three
 * filters told apart by their high-frequency energy where the plane
 * recedes (nearest aliases, trilinear blurs, 16x anisotropic keeps the
 * detail trilinear loses). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "png_read.h"
#include "png_write.h"
#include "tex_render.h"
#include "tool_run.h"

#define run(...) t_tool_run("gen7sf-tex", __VA_ARGS__)

static const char *path(const char *name)
{
    return t_scratch_path("tool_render_", name);
}

typedef struct img { uint8_t *p; uint32_t w, h; } img;

/* Runs "render -o path(out) ARGS" and reads the picture into *im: 0, 1
 * when g7sf_send does not model SIMD16 sample messages yet, -1 on failure
 * (recorded). */
static int render(img *im, const char *out, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int render(img *im, const char *out, const char *fmt, ...)
{
    char args[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    int rc = run("render -o %s %s", path(out), args);
    if (rc == 1 && strstr(t_tool_stderr, "not implemented"))
        return 1;
    CHECKF(rc == 0, "exit %d: %s", rc, t_tool_stderr);
    vio_error e;
    if (rc || png_read_rgba(path(out), &im->p, &im->w, &im->h, &e))
        return -1;
    return 0;
}

#define RENDER(im, out, ...)                                                         \
    do {                                                                             \
        int rc_ = render(&(im), out, __VA_ARGS__);                                   \
        if (rc_ > 0)                                                                 \
            SKIP("g7sf_send does not model SIMD16 sample messages yet");             \
        if (rc_)                                                                     \
            return;                                                                  \
    } while (0)

static const uint8_t *px(const img *im, uint32_t x, uint32_t y)
{
    return im->p + ((size_t)y * im->w + x) * 4;
}

/* Sky colour of row y of an h-row panel: (90, 150, 230) fading to half
 * towards the bottom, truncated. */
static int is_sky(const uint8_t *p, uint32_t y, uint32_t h)
{
    float s = 1.0f - 0.5f * y / h;
    return p[0] == (uint8_t)(90 * s) && p[1] == (uint8_t)(150 * s) && p[2] == (uint8_t)(230 * s);
}

static int luma(const uint8_t *p)
{
    return 2 * p[0] + 5 * p[1] + p[2];
}

/* Sum of absolute luma steps right and down over rows y0..y1-1 of panel i
 * (panels pw wide). */
static long energy(const img *im, unsigned i, uint32_t pw, uint32_t y0, uint32_t y1)
{
    long e = 0;
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = i * pw; x + 1 < (i + 1) * pw; x++)
            e += labs((long)luma(px(im, x + 1, y)) - luma(px(im, x, y))) +
                 labs((long)luma(px(im, x, y + 1)) - luma(px(im, x, y)));
    return e;
}

TEST(render_size_and_sky)
{
    img im;
    RENDER(im, "small.png", "--size 64x48");
    CHECK_EQ(im.w, 3 * 64);
    CHECK_EQ(im.h, 48);
    /* eye pitched 10 degrees down, 25 degrees half field of view: the
     * horizon is at 0.5 * (1 - tan 10 / tan 25) = 0.311 of the height, so
     * row 0 and row 13 are sky, rows 16.. ground, in every panel */
    for (unsigned i = 0; i < 3; i++) {
        CHECK(is_sky(px(&im, i * 64 + 5, 0), 0, 48));
        CHECK(is_sky(px(&im, i * 64 + 40, 13), 13, 48));
        CHECK(!is_sky(px(&im, i * 64 + 5, 16), 16, 48));
        CHECK(!is_sky(px(&im, i * 64 + 40, 47), 47, 48));
    }
    free(im.p);
    RENDER(im, "tiny.png", "--size 1x1");
    CHECK_EQ(im.w, 3);
    CHECK_EQ(im.h, 1);
    free(im.p);
}

/* A constant texture filters to itself with every filter, at every level
 * of its chain (sRGB 8-bit -> linear -> sRGB 8-bit round trip). */
static void constant_texture(uint32_t tw, uint32_t th, const char *scene)
{
    static const uint8_t c[4] = { 200, 100, 50, 255 };
    uint8_t *t = malloc((size_t)tw * th * 4);
    for (size_t i = 0; i < (size_t)tw * th; i++)
        memcpy(t + 4 * i, c, 4);
    vio_error e;
    CHECK_EQ(png_write_rgba(path("const.png"), t, tw, th, 0, &e), 0);
    free(t);
    img im;
    RENDER(im, "const_out.png", "--size 40x30 --scene %s --texture %s", scene, path("const.png"));
    unsigned ground = 0, bad = 0;
    for (uint32_t y = 0; y < im.h; y++)
        for (uint32_t x = 0; x < im.w; x++) {
            const uint8_t *p = px(&im, x, y);
            if (!strcmp(scene, "plane") && is_sky(p, y, im.h))
                continue;
            ground++;
            bad += p[0] != c[0] || p[1] != c[1] || p[2] != c[2];
        }
    CHECK(ground > im.w * im.h / 2);
    CHECKF(bad == 0, "%u of %u pixels are not (200, 100, 50)", bad, ground);
    free(im.p);
}

TEST(render_constant_texture)
{
    constant_texture(8, 8, "plane");
    constant_texture(5, 3, "tunnel");   /* odd sizes down to 1x1 */
}

/* Where the plane recedes (the band below the horizon), nearest without
 * mips aliases: far more pixel-to-pixel energy than trilinear; the 16x
 * anisotropic panel, choosing its level from the short axis of the
 * footprint, keeps more detail than trilinear. */
TEST(render_filters_differ_in_the_distance)
{
    img im;
    RENDER(im, "plane.png", "--size 240x180");
    uint32_t hz = 0;
    while (hz < im.h && is_sky(px(&im, 120, hz), hz, im.h))
        hz++;
    CHECKF(hz > 50 && hz < 60, "horizon at row %u", hz);   /* 0.311 * 180 = 56 */
    uint32_t y0 = hz + 2, y1 = hz + 2 + 24;
    long near = energy(&im, 0, 240, y0, y1), tri = energy(&im, 1, 240, y0, y1),
         aniso = energy(&im, 2, 240, y0, y1);
    CHECKF(near > 2 * tri, "nearest %ld, trilinear %ld", near, tri);
    CHECKF(aniso > tri + tri / 5, "16x aniso %ld, trilinear %ld", aniso, tri);
    free(im.p);
}

TEST(render_tunnel)
{
    img im;
    RENDER(im, "tunnel.png", "--size 64x64 --scene tunnel");
    CHECK_EQ(im.w, 3 * 64);
    CHECK_EQ(im.h, 64);
    /* the walls run to the corners; the nearest panel differs from the
     * trilinear one near the far end */
    CHECK(energy(&im, 0, 64, 24, 40) > energy(&im, 1, 64, 24, 40));
    free(im.p);
}

TEST(render_bad_options)
{
    uint8_t px4[4 * 4097] = { 0 };
    vio_error e;
    CHECK_EQ(png_write_rgba(path("wide.png"), px4, 4097, 1, 0, &e), 0);
    FILE *f = fopen(path("notpng.png"), "wb");
    if (f) {
        fputs("not a png", f);
        fclose(f);
    }
    const char *out = path("bad.png");
    CHECK_EQ(run("render"), 2);   /* no -o */
    CHECK(strstr(t_tool_stderr, "-o") != NULL);
    CHECK_EQ(run("render -o %s --size 0x5", out), 2);
    CHECK_EQ(run("render -o %s --size 5000x10", out), 2);
    CHECK(strstr(t_tool_stderr, "2048") != NULL);
    CHECK_EQ(run("render -o %s --size 12", out), 2);
    CHECK_EQ(run("render -o %s --scene cube", out), 2);
    CHECK_EQ(run("render -o %s --texture %s", out, path("missing.png")), 1);
    CHECK_EQ(run("render -o %s --texture %s", out, path("notpng.png")), 1);
    CHECK_EQ(run("render -o %s --texture %s", out, path("wide.png")), 1);
    CHECK(strstr(t_tool_stderr, "4096") != NULL);
    CHECK_EQ(run("render -o %s --format R8_UNORM", out), 2);
    CHECK_EQ(run("render -o %s extra", out), 2);
    CHECK_EQ(run("render -o /nonexistent-dir/x.png --size 4x4"), 1);
    CHECK_EQ(run("convert %s %s -o %s", path("wide.png"), path("x.surf"), out), 2);
}

/* tex_render's counts: with a constant (200, 100, 50) texture every pixel a
 * message sampled is that colour and every other is sky, so the picture
 * tells how many pixels were sampled (stats.samples, the rate the progress
 * line shows) and how many 4x4 blocks had one (stats.messages). */
TEST(render_counts_its_samples)
{
    enum { W = 64, H = 48 };
    static uint8_t tex[8 * 8 * 4];
    for (unsigned i = 0; i < 64; i++)
        tex[4 * i] = 200, tex[4 * i + 1] = 100, tex[4 * i + 2] = 50, tex[4 * i + 3] = 255;
    static uint8_t rgba[TEX_RENDER_PANELS * W * H * 4];
    tex_render_opts o = { .w = W, .h = H, .scene = TEX_SCENE_PLANE, .texture = tex, .tw = 8,
                          .th = 8 };
    tex_render_stats st;
    vio_error e;
    int rc = tex_render(&o, rgba, &st, &e);
    if (rc && strstr(e.msg, "not implemented"))
        SKIP("g7sf_send does not model SIMD16 sample messages yet");
    CHECKF(rc == 0, "%s", e.msg);
    unsigned long ground = 0, blocks = 0;
    for (unsigned panel = 0; panel < TEX_RENDER_PANELS; panel++)
        for (uint32_t by = 0; by < H; by += 4)
            for (uint32_t bx = 0; bx < W; bx += 4) {
                unsigned hits = 0;
                for (uint32_t y = by; y < by + 4; y++)
                    for (uint32_t x = bx; x < bx + 4; x++) {
                        const uint8_t *p = rgba + ((size_t)y * TEX_RENDER_PANELS * W + panel * W + x) * 4;
                        hits += p[0] == 200 && p[1] == 100 && p[2] == 50;
                    }
                ground += hits;
                blocks += hits > 0;
            }
    CHECK(ground > W * H);   /* more than a third of the three panels */
    CHECK_EQ(st.samples, ground);
    CHECK_EQ(st.messages, blocks);
}
