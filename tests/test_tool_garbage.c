/* gen7sf-tex and gen7sf-state on bad input: truncated and corrupted PNGs,
 * lying or garbage .state files, surfaces shorter than their state, absurd
 * sizes and pitches, garbage hex dumps.  Each run must end with exit 0 or
 * with exit 1 and one "TOOL: ..." line: never a crash, a hang, or (in the
 * SAN=1 build, where a sanitizer report also exits 1) a report instead of
 * the tool's own message. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "png_write.h"
#include "tool_run.h"

static const char *path(const char *name)
{
    return t_scratch_path("tool_garbage_", name);
}

/* A finished run of tool: exit 0, or exit 1 with exactly one line that
 * starts with the tool's name.  Returns whether it was. */
static bool clean(const char *tool, int rc, const char *what)
{
    size_t n = strlen(tool);
    const char *e = t_tool_stderr, *nl = strchr(e, '\n');
    bool ok = rc == 0 ? !*e || !strncmp(e, tool, n)
                      : rc == 1 && !strncmp(e, tool, n) && e[n] == ':' && nl && !nl[1];
    CHECKF(ok, "%s: exit %d, stderr \"%s\"", what, rc, e);
    return ok;
}

/* PNG chunk CRC (ISO 3309 / PNG spec 5.5), bit by bit. */
static uint32_t crc32_png(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

static size_t put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
    return 4;
}

/* A chunk at p: length, type, data, CRC over type and data. */
static size_t chunk(uint8_t *p, const char *type, const uint8_t *data, uint32_t len)
{
    size_t k = put32(p, len);
    memcpy(p + k, type, 4);
    if (len)
        memcpy(p + k + 4, data, len);
    k += 4 + len;
    k += put32(p + k, crc32_png(p + 4, 4 + (size_t)len));
    return k;
}

/* Signature and an IHDR of w x h, depth, colour type, interlace; no
 * other chunk.  Returns the length. */
static size_t png_head(uint8_t *p, uint32_t w, uint32_t h, uint8_t depth, uint8_t color,
                       uint8_t interlace)
{
    static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    uint8_t ihdr[13];
    memcpy(p, sig, 8);
    put32(ihdr, w), put32(ihdr + 4, h);
    ihdr[8] = depth, ihdr[9] = color, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = interlace;
    return 8 + chunk(p + 8, "IHDR", ihdr, 13);
}

/* Hand-made PNGs that libpng must refuse, or read without harm: bad
 * depth and colour combinations, zero and huge sizes, a palette image
 * without PLTE, an IDAT that is not zlib, a chunk claiming 4 GB, bad
 * CRCs, no IEND. */
TEST(hand_made_bad_pngs)
{
    static const struct { uint32_t w, h; uint8_t depth, color, interlace; } heads[] = {
        { 8, 8, 3, 0, 0 },   { 8, 8, 16, 3, 0 },  { 8, 8, 8, 1, 0 },  { 8, 8, 8, 7, 0 },
        { 0, 8, 8, 0, 0 },   { 8, 0, 8, 0, 0 },   { 0x80000000u, 1, 8, 0, 0 },
        { 16385, 1, 8, 0, 0 }, { 8, 8, 8, 0, 2 }, { 8, 8, 8, 3, 0 }, { 8, 8, 1, 2, 0 },
        { 1, 16384, 1, 0, 1 },
    };
    uint8_t buf[512];
    static const uint8_t not_zlib[6] = { 1, 2, 3, 4, 5, 6 };
    /* zlib stream of one stored block holding a filter byte and 8 zeros */
    static const uint8_t one_row[] = { 0x78, 0x01, 0x01, 9, 0, 0xF6, 0xFF,
                                       0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x09, 0x00, 0x01 };
    for (unsigned i = 0; i < sizeof heads / sizeof heads[0]; i++) {
        for (int body = 0; body < 3; body++) {
            size_t n = png_head(buf, heads[i].w, heads[i].h, heads[i].depth, heads[i].color,
                                heads[i].interlace);
            if (body == 1)
                n += chunk(buf + n, "IDAT", not_zlib, sizeof not_zlib);
            if (body == 2)
                n += chunk(buf + n, "IDAT", one_row, sizeof one_row);
            n += chunk(buf + n, "IEND", NULL, 0);
            t_write_file(path("hand.png"), buf, n);
            char what[96];
            snprintf(what, sizeof what, "IHDR %ux%u depth %u colour %u interlace %u, body %d",
                     heads[i].w, heads[i].h, heads[i].depth, heads[i].color,
                     heads[i].interlace, body);
            int rc = t_tool_run("gen7sf-tex", "convert %s %s --format R8G8B8A8_UNORM",
                                path("hand.png"), path("hand.surf"));
            clean("gen7sf-tex", rc, what);
            rc = t_tool_run("gen7sf-tex", "render --size 4x4 -o %s --texture %s",
                            path("hand_out.png"), path("hand.png"));
            clean("gen7sf-tex", rc, what);
        }
    }
    /* a chunk that claims 0xFFFFFFF0 bytes, and a CRC that is wrong */
    size_t n = png_head(buf, 4, 4, 8, 0, 0);
    put32(buf + n, 0xFFFFFFF0u);
    memcpy(buf + n + 4, "tEXt", 4);
    t_write_file(path("hand.png"), buf, n + 8);
    clean("gen7sf-tex", t_tool_run("gen7sf-tex", "convert %s %s --format R8_UNORM",
                                   path("hand.png"), path("hand.surf")), "huge chunk");
    n = png_head(buf, 4, 4, 8, 0, 0);
    buf[n - 1] ^= 1;
    t_write_file(path("hand.png"), buf, n);
    clean("gen7sf-tex", t_tool_run("gen7sf-tex", "convert %s %s --format R8_UNORM",
                                   path("hand.png"), path("hand.surf")), "bad IHDR CRC");
}

/* A good PNG (gray + alpha, interlaced, so libpng's widest path), cut at
 * many lengths and with bytes flipped at random places. */
TEST(truncated_and_corrupted_pngs)
{
    enum { W = 23, H = 17 };
    uint8_t img[W * H * 2];
    for (unsigned i = 0; i < sizeof img; i++)
        img[i] = (uint8_t)t_rand();
    FILE *fp = fopen(path("good.png"), "wb");
    png_structp png = fp ? png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL)
                         : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        if (fp)
            fclose(fp);
        SKIP("cannot write the test PNG");
    }
    png_init_io(png, fp);
    png_set_IHDR(png, info, W, H, 8, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_INTERLACE_ADAM7,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_set_interlace_handling(png);
    for (int pass = 0; pass < 7; pass++)
        for (int y = 0; y < H; y++)
            png_write_row(png, img + y * W * 2);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fclose(fp);
    size_t n;
    uint8_t *good = t_read_file(path("good.png"), &n);
    CHECK(good && n > 60);
    if (!good || n <= 60) {
        free(good);
        return;
    }
    CHECK_EQ(t_tool_run("gen7sf-tex", "convert %s %s --format R8G8B8A8_UNORM", path("good.png"),
                        path("good.surf")), 0);
    char what[64];
    for (size_t len = 0; len < n && !t_failed(); len += 1 + len / 4) {
        t_write_file(path("cut.png"), good, len);
        snprintf(what, sizeof what, "PNG cut to %zu of %zu bytes", len, n);
        clean("gen7sf-tex", t_tool_run("gen7sf-tex", "convert %s %s --format R8G8B8A8_UNORM",
                                       path("cut.png"), path("cut.surf")), what);
    }
    uint8_t *bad = malloc(n);
    for (int i = 0; bad && i < 60 && !t_failed(); i++) {
        memcpy(bad, good, n);
        for (int k = 0; k < 3; k++)
            bad[8 + t_rand() % (n - 8)] ^= (uint8_t)(1 + t_rand() % 255);
        t_write_file(path("flip.png"), bad, n);
        snprintf(what, sizeof what, "PNG with bytes flipped, round %d", i);
        clean("gen7sf-tex", t_tool_run("gen7sf-tex", "convert %s %s --format R8G8B8A8_UNORM",
                                       path("flip.png"), path("flip.surf")), what);
    }
    free(bad);
    free(good);
}

/* .state files of random words, of random RENDER_SURFACE_STATE fields that
 * make sense one by one, and of text that is not a dump; with surfaces
 * of a few sizes, mostly shorter than the state says. */
TEST(garbage_state_files)
{
    static uint8_t bytes[1 << 16];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)t_rand();
    char state[512];
    snprintf(state, sizeof state, "%s.state", path("g.surf"));
    for (int i = 0; i < 150 && !t_failed(); i++) {
        uint32_t dw[8];
        for (int k = 0; k < 8; k++)
            dw[k] = (uint32_t)t_rand();
        if (i % 3 == 1) {   /* plausible: 1D/2D, a real format code, small sizes */
            dw[0] = (uint32_t)(t_rand() % 2) << 29 | (uint32_t)(t_rand() % 0x1C0) << 18 |
                    (dw[0] & 0x3FFFF);
            dw[2] = (uint32_t)(t_rand() % 64) << 16 | (uint32_t)(t_rand() % 64);
            dw[3] = (uint32_t)(t_rand() % 4096);
            dw[5] &= 0xF;   /* MIP Count LOD few */
        }
        FILE *f = fopen(state, "w");
        if (!f)
            SKIP("cannot write scratch files");
        if (i % 10 == 9)
            fprintf(f, "%08x %08x zz\n", dw[0], dw[1]);
        else
            for (int k = 0; k < 8; k++)
                fprintf(f, "%08x%c", dw[k], k == 7 ? '\n' : ' ');
        fclose(f);
        static const size_t sizes[] = { 0, 1, 64, 4096, 1 << 16 };
        t_write_file(path("g.surf"), bytes, sizes[i % 5]);
        char what[160];
        snprintf(what, sizeof what, "state %08x %08x %08x %08x %08x %08x, %zu-byte surface",
                 dw[0], dw[1], dw[2], dw[3], dw[4], dw[5], sizes[i % 5]);
        clean("gen7sf-tex", t_tool_run("gen7sf-tex", "convert %s %s", path("g.surf"),
                                       path("g.png")), what);
        clean("gen7sf-state", t_tool_run("gen7sf-state", "decode RENDER_SURFACE_STATE -f %s",
                                         state), what);
    }
    remove(state);
}

/* Raw surfaces of absurd or edge layouts: every combination of a few
 * formats, sizes, tilings and pitches, against a file that is too short,
 * exactly empty, or 64 KiB. */
TEST(absurd_sizes_and_pitches)
{
    static const char *const formats[] = { "R8_UNORM", "R32G32B32A32_FLOAT", "BC1_UNORM",
                                           "R8G8B8_UNORM", "YCRCB_NORMAL", "0x1FF" };
    static const char *const sizes[] = { "1x1", "16384x16384", "16384x1", "1x16384", "3x5" };
    static const char *const layouts[] = { "", "--tiling y", "--tiling x --pitch 512",
                                           "--pitch 262144", "--pitch 1", "--tiling y --pitch 128" };
    static uint8_t bytes[1 << 16];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)t_rand();
    for (unsigned f = 0; f < 6; f++)
        for (unsigned s = 0; s < 5; s++)
            for (unsigned l = 0; l < 6; l++) {
                t_write_file(path("raw.surf"), bytes, (f + s + l) % 3 == 0 ? 0 : (f + s + l) % 3 == 1
                                                 ? 100 : sizeof bytes);
                char what[160];
                snprintf(what, sizeof what, "%s %s %s", formats[f], sizes[s], layouts[l]);
                clean("gen7sf-tex", t_tool_run("gen7sf-tex", "convert %s %s --format %s "
                                               "--size %s %s", path("raw.surf"),
                                               path("raw.png"), formats[f], sizes[s],
                                               layouts[l]), what);
            }
}

/* gen7sf-state -f on files of random bytes, on a dump with a NUL and on a
 * line far longer than any buffer. */
TEST(garbage_hex_dumps)
{
    static uint8_t bytes[4096];
    for (int i = 0; i < 40 && !t_failed(); i++) {
        size_t n = t_rand() % sizeof bytes;
        for (size_t k = 0; k < n; k++)
            bytes[k] = i % 2 ? (uint8_t)t_rand() : (uint8_t)"0123456789abcdefx: ,#\n"[t_rand() % 22];
        t_write_file(path("g.hex"), bytes, n);
        char what[64];
        snprintf(what, sizeof what, "random dump %d (%zu bytes)", i, n);
        clean("gen7sf-state", t_tool_run("gen7sf-state", "decode SAMPLER_STATE -f %s",
                                         path("g.hex")), what);
    }
    size_t n = 3 << 20;
    char *line = malloc(n + 1);
    if (!line)
        SKIP("out of memory");
    memset(line, 'a', n);
    line[n] = 0;
    t_write_file(path("long.hex"), line, n);
    clean("gen7sf-state", t_tool_run("gen7sf-state", "decode SAMPLER_STATE -f %s",
                                     path("long.hex")), "3 MB token");
    CHECK(strstr(t_tool_stderr, "too long") != NULL);
    free(line);
}
