/* gen7sf-tex msaa: the rasteriser's fill rule worked out by hand, the
 * message path (render target writes with oMask coverage, MCS, ld_mcs and
 * ld2dms) against the same scene resolved in plain C, the tool as a user
 * runs it, and the index-bit compression leaving the picture unchanged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "png_read.h"
#include "msaa_scene.h"
#include "tex_msaa.h"
#include "tool_run.h"

#define run(...) t_tool_run("gen7sf-tex", __VA_ARGS__)

static const char *path(const char *name)
{
    return t_scratch_path("tool_msaa_", name);
}

static tex_msaa_tri tri(int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t x2, int32_t y2,
                        uint32_t rgba)
{
    return (tex_msaa_tri){ { x0, x1, x2 }, { y0, y1, y2 }, rgba };
}

/* A square split along a diagonal, both windings, with points on the
 * shared edge, the outer edges and the corners: every point of the
 * closed square's inside is covered by exactly one half, points on the
 * square's top and left edges belong to it, on its bottom and right
 * edges do not (top-left rule, y down). */
TEST(fill_rule_top_left_covers_shared_edges_once)
{
    const int32_t a = 256, b = 1280;   /* the square [1, 5] px, in 1/256 */
    tex_msaa_tri t[4] = { tri(a, a, b, a, b, b, 1), tri(a, a, b, b, a, b, 2),
                          tri(a, a, b, b, b, a, 1), tri(b, b, a, a, a, b, 2) };
    for (unsigned pair = 0; pair < 2; pair++)
        for (int32_t y = 0; y <= 1536; y += 64)
            for (int32_t x = 0; x <= 1536; x += 64) {
                unsigned n = tex_msaa_covers(&t[2 * pair], x, y) +
                             tex_msaa_covers(&t[2 * pair + 1], x, y);
                unsigned want = x >= a && x < b && y >= a && y < b;
                CHECKF(n == want, "pair %u point (%d, %d)/256: covered %u times, want %u",
                       pair, x, y, n, want);
            }
    /* a horizontal top edge is in, a bottom one out; left in, right out */
    tex_msaa_tri up = tri(0, 512, 512, 512, 256, 0, 1), down = tri(0, 0, 512, 0, 256, 512, 1);
    CHECK(!tex_msaa_covers(&up, 256, 512));     /* bottom edge */
    CHECK(tex_msaa_covers(&down, 256, 0));      /* top edge */
    tex_msaa_tri l = tri(0, 0, 0, 512, 512, 256, 1), r = tri(512, 0, 512, 512, 0, 256, 1);
    CHECK(tex_msaa_covers(&l, 0, 256));         /* left edge */
    CHECK(!tex_msaa_covers(&r, 512, 256));      /* right edge */
    /* degenerate: nothing */
    tex_msaa_tri d = tri(0, 0, 256, 256, 512, 512, 1);
    CHECK(!tex_msaa_covers(&d, 256, 256));
}

/* The scene resolved without messages: sample s of a pixel takes the last
 * triangle covering it (else the background); the mean rounds halves up. */
static void reference(const tex_msaa_scene *sc, uint32_t w, uint32_t h, unsigned n,
                      const uint8_t (*pos)[2], uint8_t *out)
{
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            unsigned sum[4] = { 0 };
            for (unsigned s = 0; s < n; s++) {
                uint32_t c = msaa_scene_colour(sc, 256 * (int64_t)x + pos[s][0],
                                               256 * (int64_t)y + pos[s][1]);
                for (unsigned ch = 0; ch < 4; ch++)
                    sum[ch] += c >> (8 * ch) & 0xFF;
            }
            for (unsigned ch = 0; ch < 4; ch++)
                out[((size_t)y * w + x) * 4 + ch] = (uint8_t)((sum[ch] + n / 2) / n);
        }
}

static void messages_match_reference(unsigned n, uint32_t w, uint32_t h, unsigned ntri,
                                      uint32_t seed, bool compress)
{
    static tex_msaa_scene sc;
    tex_msaa_scene_make(w, h, ntri, seed, &sc);
    uint8_t *got = malloc((size_t)w * h * 4), *want = malloc((size_t)w * h * 4);
    tex_msaa_opts o = { .w = w, .h = h, .samples = n, .scene = &sc, .compress = compress };
    tex_msaa_stats st;
    vio_error e;
    int rc = tex_msaa_render(&o, got, &st, &e);
    CHECKF(rc == 0, "%ux: %s", n, e.msg);
    reference(&sc, w, h, n, tex_msaa_std_positions(n), want);
    unsigned bad = 0, mixed = 0;
    for (size_t i = 0; !rc && i < (size_t)w * h; i++) {
        bad += memcmp(got + 4 * i, want + 4 * i, 4) != 0;
        /* an edge pixel: its mean is no colour of the scene */
        uint32_t v;
        memcpy(&v, want + 4 * i, 4);
        bool plain = v == sc.background;
        for (unsigned k = 0; k < sc.n && !plain; k++)
            plain = v == sc.tri[k].rgba;
        mixed += !plain;
    }
    CHECKF(bad == 0, "%ux %ux%u%s: %u pixels differ from the reference", n, w, h,
           compress ? " compressed" : "", bad);
    CHECKF(w * h < 64 || mixed > 0, "%ux %ux%u: no edge pixel", n, w, h);
    /* one ld_mcs and n ld2dms per 4x4 block */
    unsigned long blocks = (unsigned long)((w + 3) / 4) * ((h + 3) / 4);
    CHECK_EQ(st.sample_messages, blocks * (1 + n));
    CHECK(st.rt_messages >= blocks);
    free(got);
    free(want);
}

/* Both schemes: the Gen7 MCS and the index-bit opt-in (whose 8x4 tiles
 * the odd sizes cut too). */
TEST(message_path_equals_the_reference_resolve_4x_and_8x)
{
    for (int c = 0; c < 2; c++) {
        messages_match_reference(4, 37, 23, 30, 7, c);   /* partial blocks on two sides */
        messages_match_reference(8, 37, 23, 30, 7, c);
        messages_match_reference(4, 64, 64, 60, 3, c);
        messages_match_reference(8, 1, 1, 5, 1, c);
    }
}

/* Custom sample positions reach the coverage: all samples at the pixel's
 * top-left corner see a triangle whose top-left corner is there. */
TEST(custom_positions_move_the_coverage)
{
    static tex_msaa_scene sc;
    sc.background = 0xFF000000u;
    sc.n = 1;
    sc.tri[0] = tri(256, 256, 1024, 256, 256, 1024, 0xFFFFFFFFu);
    static const uint8_t corner[4][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    uint8_t px[4 * 4 * 4];
    tex_msaa_opts o = { .w = 4, .h = 4, .samples = 4, .scene = &sc, .positions = corner };
    vio_error e;
    CHECK_EQ(tex_msaa_render(&o, px, NULL, &e), 0);
    /* the triangle (1,1) (4,1) (1,4) px: corner (1,1) is its top-left
     * vertex (in); (3,1) lies on the top edge (in); (1,3) on the left edge
     * (in); (3,3) beyond the hypotenuse (x + y = 6 > 5); (0,0) outside */
    CHECK_EQ(px[(1 * 4 + 1) * 4], 255);
    CHECK_EQ(px[(1 * 4 + 3) * 4], 255);
    CHECK_EQ(px[(3 * 4 + 1) * 4], 255);
    CHECK_EQ(px[(3 * 4 + 3) * 4], 0);
    CHECK_EQ(px[(0 * 4 + 0) * 4], 0);
}

TEST(tool_writes_the_picture_and_prints_the_figures)
{
    int rc = run("msaa --size 48x20 --samples 8x --triangles 12 --seed 5 -o %s",
                 path("a.png"));
    CHECKF(rc == 0, "exit %d: %s", rc, t_tool_stderr);
    uint8_t *p;
    uint32_t w, h;
    vio_error e;
    CHECK_EQ(png_read_rgba(path("a.png"), &p, &w, &h, &e), 0);
    CHECK_EQ(w, 48);
    CHECK_EQ(h, 20);
    free(p);
    CHECKF(strstr(t_tool_stdout, "msaa: 48x20, 8x, 12 triangles, index compression off"),
           "%s", t_tool_stdout);
    /* 5 x 12 blocks: 60 ld_mcs + 480 ld2dms */
    CHECKF(strstr(t_tool_stdout, "540 sampler (ld_mcs + ld2dms)"), "%s", t_tool_stdout);
    /* the same seed draws the same picture; another seed another */
    CHECK_EQ(run("msaa --size 48x20 --samples 8 --triangles 12 --seed 5 -o %s", path("b.png")), 0);
    CHECK(t_same_file(path("a.png"), path("b.png")));
    CHECK_EQ(run("msaa --size 48x20 --samples 8 --triangles 12 --seed 6 -o %s", path("b.png")), 0);
    CHECK(!t_same_file(path("a.png"), path("b.png")));
}

TEST(tool_refuses_bad_arguments)
{
    static const struct { const char *args, *says; } bad[] = {
        { "msaa --samples 2 -o x.png", "--samples is 4 or 8" },
        { "msaa --samples 16x -o x.png", "--samples is 4 or 8" },
        { "msaa --triangles 257 -o x.png", "--triangles is 0..256" },
        { "msaa --triangles -1 -o x.png", "--triangles is 0..256" },
        { "msaa --seed x -o x.png", "--seed is" },
        { "msaa --size 0x5 -o x.png", "--size is WxH" },
        { "msaa --size 4096x16 -o x.png", "each side 1..2048" },
        { "msaa", "msaa needs -o OUT.png" },
        { "msaa extra -o x.png", "msaa takes no operands" },
        { "msaa --texture t.png -o x.png", "not for msaa" },
        { "render --compress -o x.png", "are for msaa, not render" },
        { "convert a.png b.surf --samples 4 --format R8_UNORM", "are for msaa, not convert" },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = run("%s", bad[i].args);
        CHECKF(rc == 2, "'%s': exit %d", bad[i].args, rc);
        CHECKF(strstr(t_tool_stderr, bad[i].says), "'%s': %s", bad[i].args, t_tool_stderr);
    }
}

/* The opt-in changes the traffic, never the picture; the baseline the
 * compressed run reports is what the Gen7 run moves. */
TEST(compression_leaves_the_resolve_bit_identical)
{
    for (unsigned n = 4; n <= 8; n += 4) {
        CHECK_EQ(run("msaa --size 100x60 --samples %u --triangles 40 -o %s", n, path("p.png")), 0);
        char plain[8192];
        memcpy(plain, t_tool_stdout, sizeof plain);
        int rc = run("msaa --size 100x60 --samples %u --triangles 40 --compress -o %s", n,
                     path("c.png"));
        CHECKF(rc == 0, "exit %d: %s", rc, t_tool_stderr);
        CHECKF(t_same_file(path("p.png"), path("c.png")), "%ux: pictures differ", n);
        CHECKF(strstr(t_tool_stdout, "index compression on"), "%s", t_tool_stdout);
        unsigned long long w, r, bw, br, pw, pr;
        const char *a = strstr(t_tool_stdout, "bytes per frame:");
        const char *b = strstr(t_tool_stdout, "baseline (");
        const char *q = strstr(plain, "bytes per frame:");
        CHECKF(a && b, "%s", t_tool_stdout);
        /* the Gen7 run counts its traffic, or says it is the baseline */
        CHECKF(q || strstr(plain, "counts it for opt-in surfaces only"), "%s", plain);
        if (!a || !b)
            continue;
        CHECK_EQ(sscanf(a, "bytes per frame: written %llu, read %llu", &w, &r), 2);
        CHECK_EQ(sscanf(strchr(b, ':'), ": written %llu, read %llu", &bw, &br), 2);
        CHECKF(w < bw, "%ux: written %llu, baseline %llu", n, w, bw);
        unsigned long long ev, ix, de, pa, un;
        const char *t = strstr(t_tool_stdout, "tiles evicted:");
        CHECKF(t && sscanf(t, "tiles evicted: %llu (index %llu, delta %llu, palette %llu, "
                              "uncompressed %llu)", &ev, &ix, &de, &pa, &un) == 5,
               "%s", t_tool_stdout);
        if (t)
            CHECKF(ev == ix + de + pa + un && ev >= 13 * 15, "%ux: %llu tiles evicted: %llu + "
                   "%llu + %llu + %llu", n, ev, ix, de, pa, un);   /* 100x60: 13 x 15 tiles */
        if (q) {
            CHECK_EQ(sscanf(q, "bytes per frame: written %llu, read %llu", &pw, &pr), 2);
            CHECKF(pw == bw, "%ux: the Gen7 run wrote %llu, the baseline says %llu", n, pw, bw);
        }
    }
}

/* The background alone: every pixel its colour, and every tile (one
 * colour) in the index bits. */
TEST(background_only_is_flat_and_all_index_tiles)
{
    for (unsigned n = 4; n <= 8; n += 4) {
        int rc = run("msaa --size 40x12 --samples %u --triangles 0 --compress -o %s", n,
                     path("bg.png"));
        CHECKF(rc == 0, "exit %d: %s", rc, t_tool_stderr);
        uint8_t *p;
        uint32_t w, h;
        vio_error e;
        if (rc || png_read_rgba(path("bg.png"), &p, &w, &h, &e))
            continue;
        tex_msaa_scene sc;
        tex_msaa_scene_make(40, 12, 0, 0, &sc);
        unsigned bad = 0;
        for (uint32_t i = 0; i < w * h; i++)
            bad += p[4 * i] != (sc.background & 0xFF) || p[4 * i + 1] != (sc.background >> 8 & 0xFF) ||
                   p[4 * i + 2] != (sc.background >> 16 & 0xFF) || p[4 * i + 3] != 255;
        CHECKF(bad == 0, "%ux: %u pixels not the background", n, bad);
        free(p);
        /* 40x12: 5 x 3 tiles of 8x4 */
        CHECKF(strstr(t_tool_stdout, "tiles evicted: 15 (index 15, delta 0, palette 0, "
                                     "uncompressed 0)"), "%ux: %s", n, t_tool_stdout);
    }
}
