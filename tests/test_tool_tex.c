/* gen7sf-tex as a user runs it: PNG -> surface -> PNG through the format
 * layer and the tiling code.  Expected bytes and pixels are worked out by
 * hand from the format definitions and the tile layouts. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen7sf/format.h"
#include "cli.h"
#include "harness.h"
#include "png_read.h"
#include "png_write.h"
#include "tool_run.h"
#include "tool_spawn.h"

static const char *path(const char *name)
{
    return t_scratch_path("tool_tex_", name);
}

#define run(...) t_tool_run("gen7sf-tex", __VA_ARGS__)

enum { W = 37, H = 21 };   /* odd sizes: padding on both axes */

/* A W x H RGBA image of deterministic noise, written to file. */
static uint8_t *noise_png(const char *file)
{
    uint8_t *img = malloc(W * H * 4);
    vio_error err;
    for (unsigned i = 0; img && i < W * H * 4; i++)
        img[i] = (uint8_t)t_rand();
    CHECK(img && png_write_rgba(file, img, W, H, 1, &err) == 0);
    return img;
}

/* Reads a PNG the tool wrote and compares it with want (w x h RGBA). */
static void check_png(const char *file, const uint8_t *want, uint32_t w, uint32_t h)
{
    uint8_t *got;
    uint32_t gw = 0, gh = 0;
    vio_error err;
    CHECKF(png_read_rgba(file, &got, &gw, &gh, &err) == 0, "%s", err.msg);
    CHECK(gw == w && gh == h);
    if (!got || gw != w || gh != h) {
        free(got);
        return;
    }
    unsigned bad = 0;
    for (uint32_t i = 0; i < w * h; i++)
        if (memcmp(got + 4 * i, want + 4 * i, 4) && bad++ < 4)
            t_fail(__FILE__, __LINE__, "%s pixel (%u, %u): %u %u %u %u, want %u %u %u %u", file,
                   i % w, i / w, got[4 * i], got[4 * i + 1], got[4 * i + 2], got[4 * i + 3],
                   want[4 * i], want[4 * i + 1], want[4 * i + 2], want[4 * i + 3]);
    free(got);
}

/* The DWords of a .state file (8 hex words after '#' comment lines). */
static int read_state(const char *surf, uint32_t dw[8])
{
    char file[512], line[512];
    snprintf(file, sizeof file, "%s.state", surf);
    FILE *f = fopen(file, "r");
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        if (line[0] != '#')
            n = sscanf(line, "%x %x %x %x %x %x %x %x", &dw[0], &dw[1], &dw[2], &dw[3], &dw[4],
                       &dw[5], &dw[6], &dw[7]);
    if (f)
        fclose(f);
    return n;
}

TEST(rgba8_linear_round_trip_is_identical)
{
    uint8_t *img = noise_png(path("noise.png"));
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM", path("noise.png"), path("rgba.surf")),
             0);
    /* RENDER_SURFACE_STATE: 2D (1 << 29), format 0C7h at 26:18, VALIGN_4
     * (bit 16), linear; Height 20 << 16 | Width 36; pitch: 37 pixels padded
     * to the 4-pixel horizontal alignment, 40 * 4 = 160 bytes (field 159). */
    uint32_t dw[8] = {0};
    CHECK_EQ(read_state(path("rgba.surf"), dw), 8);
    CHECK_EQ(dw[0], 1u << 29 | 0x0C7u << 18 | 1u << 16);
    CHECK_EQ(dw[2], 20u << 16 | 36);
    CHECK_EQ(dw[3], 159);
    /* 21 rows padded to VALIGN_4: 24 rows of 160 bytes; texel (x, y) at
     * y * 160 + 4 * x, bytes R, G, B, A. */
    size_t n;
    uint8_t *surf = t_read_file(path("rgba.surf"), &n);
    CHECK_EQ(n, 24 * 160);
    if (surf && img && n == 24 * 160) {
        const unsigned xy[][2] = { {0, 0}, {36, 0}, {5, 3}, {36, 20} };
        for (unsigned i = 0; i < 4; i++) {
            unsigned x = xy[i][0], y = xy[i][1];
            CHECKF(!memcmp(surf + y * 160 + 4 * x, img + (y * W + x) * 4, 4), "texel (%u, %u)",
                   x, y);
        }
    }
    CHECK_EQ(run("convert %s %s", path("rgba.surf"), path("rgba_back.png")), 0);
    if (img)
        check_png(path("rgba_back.png"), img, W, H);
    free(surf);
    free(img);
}

/* An 8-bit gray PNG, written with libpng directly: gray goes to R, G and
 * B, alpha is 255. */
TEST(gray_png_input)
{
    const uint8_t gray[2] = { 10, 200 };
    FILE *fp = fopen(path("gray.png"), "wb");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    CHECK(fp && info);
    if (!fp || !info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        if (fp)
            fclose(fp);
        return;
    }
    png_init_io(png, fp);
    png_set_IHDR(png, info, 2, 1, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_write_row(png, gray);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fclose(fp);
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM", path("gray.png"), path("gray.surf")),
             0);
    size_t n;
    uint8_t *surf = t_read_file(path("gray.surf"), &n);
    const uint8_t want[8] = { 10, 10, 10, 255, 200, 200, 200, 255 };
    CHECK(surf && n >= 8 && !memcmp(surf, want, 8));
    free(surf);
}

TEST(b5g6r5_quantises_as_worked_out)
{
    /* 565 by hand: field = round(v * (2^n - 1) / 255), back = round(field *
     * 255 / (2^n - 1)).  B in bits 4:0, G 10:5, R 15:11. */
    const uint8_t in[4][4] = { {100, 150, 200, 255}, {128, 128, 128, 255},
                               {1, 2, 3, 255}, {4, 3, 9, 255} };
    /* R 12.16 -> 12 -> 98.7 -> 99; G 37.06 -> 37 -> 149.8 -> 150; B 24.3 -> 24 -> 197.4 -> 197:
     * 12 << 11 | 37 << 5 | 24 = 0x64B8.
     * R, B 15.56 -> 16 -> 131.6 -> 132; G 31.62 -> 32 -> 129.5 -> 130: 0x8410.
     * all below half a step: 0.
     * R 0.49 -> 0; G 0.74 -> 1 -> 4.05 -> 4; B 1.09 -> 1 -> 8.2 -> 8: 0x0021. */
    const uint8_t want[4][4] = { {99, 150, 197, 255}, {132, 130, 132, 255}, {0, 0, 0, 255},
                                 {0, 4, 8, 255} };
    const uint16_t field[4] = { 0x64B8, 0x8410, 0x0000, 0x0021 };
    vio_error err;
    CHECK(png_write_rgba(path("565.png"), &in[0][0], 4, 1, 0, &err) == 0);
    CHECK_EQ(run("convert %s %s --format b5g6r5_unorm", path("565.png"), path("565.surf")), 0);
    size_t n;
    uint8_t *surf = t_read_file(path("565.surf"), &n);
    CHECK(surf && n >= 8);
    for (unsigned i = 0; surf && n >= 8 && i < 4; i++)
        CHECKF((surf[2 * i] | surf[2 * i + 1] << 8) == field[i], "texel %u: 0x%04x, want 0x%04x",
               i, surf[2 * i] | surf[2 * i + 1] << 8, field[i]);
    free(surf);
    CHECK_EQ(run("convert %s %s", path("565.surf"), path("565_back.png")), 0);
    check_png(path("565_back.png"), &want[0][0], 4, 1);
}

TEST(tiled_surfaces_decode_the_same_image)
{
    uint8_t *img = noise_png(path("tiles.png"));
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM --tiling y", path("tiles.png"),
                 path("y.surf")), 0);
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM --tiling x", path("tiles.png"),
                 path("x.surf")), 0);
    uint32_t dw[8] = {0};
    /* Tiled Surface (bit 14), Tile Walk Y (bit 13); pitch the tile width:
     * Y 128 bytes (160 -> 256), X 512 */
    CHECK_EQ(read_state(path("y.surf"), dw), 8);
    CHECK_EQ(dw[0] & 3u << 13, 3u << 13);
    CHECK_EQ(dw[3], 255);
    CHECK_EQ(read_state(path("x.surf"), dw), 8);
    CHECK_EQ(dw[0] & 3u << 13, 1u << 14);
    CHECK_EQ(dw[3], 511);
    size_t ny, nx;
    uint8_t *y = t_read_file(path("y.surf"), &ny), *x = t_read_file(path("x.surf"), &nx);
    /* Y tile: 128 bytes x 32 rows as 16-byte columns of 32 rows (512
     * bytes each); two tiles side by side, one tile row: 8 KiB.  X tile:
     * 512 bytes x 8 rows, row-major; 24 rows -> 3 tile rows: 12 KiB. */
    CHECK_EQ(ny, 8192);
    CHECK_EQ(nx, 12288);
    if (img && y && x && ny == 8192 && nx == 12288) {
        /* (5, 3): byte 20 of row 3 -> Y: column 1, 512 + 3 * 16 + 4; X: 3 * 512 + 20 */
        CHECK(!memcmp(y + 564, img + (3 * W + 5) * 4, 4));
        CHECK(!memcmp(x + 1556, img + (3 * W + 5) * 4, 4));
        /* (33, 0): byte 132 -> Y: second tile, column 0, offset 4: 4096 + 4 */
        CHECK(!memcmp(y + 4100, img + 33 * 4, 4));
        /* (0, 9): X tile row 1 (one tile per row), row 1 of it: 4096 + 512 */
        CHECK(!memcmp(x + 4608, img + 9 * W * 4, 4));
    }
    CHECK_EQ(run("convert %s %s", path("y.surf"), path("y_back.png")), 0);
    CHECK_EQ(run("convert %s %s", path("x.surf"), path("x_back.png")), 0);
    if (img) {
        check_png(path("y_back.png"), img, W, H);
        check_png(path("x_back.png"), img, W, H);
    }
    free(x);
    free(y);
    free(img);
}

TEST(srgb_round_trip_stores_the_encoded_values)
{
    /* Every 8-bit value in every channel: the sRGB format stores the PNG's
     * (already sRGB-encoded) bytes and decodes back to them. */
    uint8_t img[64 * 4 * 4];
    vio_error err;
    for (unsigned i = 0; i < 64 * 4; i++)
        for (unsigned c = 0; c < 4; c++)
            img[4 * i + c] = (uint8_t)(i + 85 * c);
    CHECK(png_write_rgba(path("srgb.png"), img, 64, 4, 1, &err) == 0);
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM_SRGB", path("srgb.png"),
                 path("srgb.surf")), 0);
    size_t n;
    uint8_t *surf = t_read_file(path("srgb.surf"), &n);
    CHECK_EQ(n, sizeof img);   /* 64 * 4 bytes a row, 4 rows */
    if (surf && n == sizeof img)
        CHECK(!memcmp(surf, img, sizeof img));
    free(surf);
    CHECK_EQ(run("convert %s %s", path("srgb.surf"), path("srgb_back.png")), 0);
    check_png(path("srgb_back.png"), img, 64, 4);
}

TEST(integer_formats_map_values_directly)
{
    /* R8_SINT: 200 saturates to 127; 100 stays.  No alpha channel: 255. */
    const uint8_t in[2][4] = { {200, 9, 9, 9}, {100, 0, 0, 0} };
    const uint8_t want[2][4] = { {127, 0, 0, 255}, {100, 0, 0, 255} };
    vio_error err;
    CHECK(png_write_rgba(path("int.png"), &in[0][0], 2, 1, 1, &err) == 0);
    CHECK_EQ(run("convert %s %s --format R8_SINT", path("int.png"), path("int.surf")), 0);
    size_t n;
    uint8_t *surf = t_read_file(path("int.surf"), &n);
    CHECK(surf && n >= 2 && surf[0] == 0x7F && surf[1] == 100);
    free(surf);
    CHECK_EQ(run("convert %s %s", path("int.surf"), path("int_back.png")), 0);
    check_png(path("int_back.png"), &want[0][0], 2, 1);
}

TEST(compressed_formats_decode_raw_surfaces)
{
    /* BC1: color0 0xF800 (red), color1 0x001F (blue), color0 > color1 so
     * four colours; indices 0 (all color0), then 0x55555555 (all color1).
     * Two blocks side by side: an 8x4 image, red then blue. */
    const uint8_t blocks[16] = { 0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0,
                                 0x00, 0xF8, 0x1F, 0x00, 0x55, 0x55, 0x55, 0x55 };
    uint8_t want[8 * 4 * 4];
    for (unsigned i = 0; i < 32; i++) {
        int blue = i % 8 >= 4;
        want[4 * i] = blue ? 0 : 255, want[4 * i + 1] = 0;
        want[4 * i + 2] = blue ? 255 : 0, want[4 * i + 3] = 255;
    }
    t_write_file(path("bc1.raw"), blocks, sizeof blocks);
    CHECK_EQ(run("convert %s %s --format BC1_UNORM --size 8x4", path("bc1.raw"),
                 path("bc1.png")), 0);
    check_png(path("bc1.png"), want, 8, 4);
    /* encoding is not there: a clear refusal */
    CHECK_EQ(run("convert %s %s --format BC7_UNORM", path("bc1.png"), path("bc7.surf")), 1);
    CHECKF(strstr(t_tool_stderr, "decode only") != NULL, "message: %s", t_tool_stderr);
}

/* Numbers with a leading zero are refused, never taken as decimal or
 * octal: --pitch 0160 was 160, --format 0307 the octal C7h. */
TEST(leading_zero_numbers_are_refused)
{
    free(noise_png(path("lz.png")));
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM --pitch 160", path("lz.png"),
                 path("lz.surf")), 0);
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM --pitch 0160", path("lz.png"),
                 path("lz.surf")), 2);
    CHECK(strstr(t_tool_stderr, "--pitch") != NULL);
    CHECK(run("convert %s %s --format 0307", path("lz.png"), path("lz.surf")) != 0);
    CHECK(strstr(t_tool_stderr, "unknown surface format '0307'") != NULL);
    CHECK_EQ(run("convert %s %s --format 0xC7 --pitch 0xA0", path("lz.png"), path("lz.surf")),
             0);
}

/* A 16384 x 16384 1-bit gray PNG of zeros: 33 KB on disk, 1 GiB as RGBA8. */
static int huge_png(const char *file)
{
    static uint8_t row[16384 / 8];
    FILE *f = fopen(file, "wb");
    png_structp png = f ? png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL)
                        : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int ok = 0;
    if (info && !setjmp(png_jmpbuf(png))) {
        png_init_io(png, f);
        png_set_IHDR(png, info, 16384, 16384, 1, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        for (int y = 0; y < 16384; y++)
            png_write_row(png, row);
        png_write_end(png, NULL);
        ok = 1;
    }
    png_destroy_write_struct(&png, &info);
    if (f)
        fclose(f);
    return ok;
}

/* Runs gen7sf-tex with argv[1..] (no shell), its address space held to
 * 512 MiB (not under AddressSanitizer, whose shadow needs terabytes of
 * it); its peak resident memory in *peak_kib, stderr in t_tool_stderr. */
static int run_small(char **argv, long *peak_kib)
{
#ifdef T_UNDER_ASAN
    const long long limit = 0;
#else
    const long long limit = 512ll << 20;
#endif
    const char *err = path("small.stderr");
    int st = t_spawn_wait(t_spawn("gen7sf-tex", (const char *const *)argv + 1, err, limit),
                          peak_kib);
    t_read_text(err, t_tool_stderr, sizeof t_tool_stderr);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A small PNG whose header claims 16384 x 16384 pixels is refused from its
 * header: the surface it would make (R16G16B16A16, 2 GiB) or the texture
 * (over 4096) is over the limit, and the tool says so without allocating
 * or decoding the image (it used to decode 1 GiB of RGBA first). */
TEST(huge_png_refused_from_its_header)
{
    if (!huge_png(path("huge.png")))
        SKIP("cannot write the test PNG");
    long peak = 0;
    char *conv[] = { NULL, "convert", (char *)path("huge.png"), (char *)path("huge.surf"),
                     "--format", "R16G16B16A16_UNORM", NULL };
    CHECK_EQ(run_small(conv, &peak), 1);
    CHECKF(strstr(t_tool_stderr, "16384x16384 R16G16B16A16_UNORM: 2147483648 bytes, over "
                  "the 1073741824 (1 GiB) handled") != NULL, "stderr: %s", t_tool_stderr);
    CHECKF(peak < 200 * 1024, "peak memory %ld KiB", peak);
    char *rend[] = { NULL, "render", "-o", (char *)path("huge_out.png"), "--texture",
                     (char *)path("huge.png"), NULL };
    CHECK_EQ(run_small(rend, &peak), 1);
    CHECKF(strstr(t_tool_stderr, "16384x16384: sizes are 1..4096") != NULL, "stderr: %s",
           t_tool_stderr);
    CHECKF(peak < 200 * 1024, "peak memory %ld KiB", peak);
    remove(path("huge.png"));
}

/* A surface file far shorter than its state (or --size) claims is refused
 * by its size before the claimed bytes are allocated: 100 bytes against a
 * 16384 x 16384 R8G8B8A8 surface (1 GiB, within the limit) used to
 * calloc the GiB first. */
TEST(short_surface_refused_before_allocation)
{
    static const uint8_t hundred[100];
    FILE *f = fopen(path("short.surf"), "wb");
    CHECK(f && fwrite(hundred, 1, 100, f) == 100);
    if (f)
        fclose(f);
    long peak = 0;
    char *raw[] = { NULL, "convert", (char *)path("short.surf"), (char *)path("short.png"),
                    "--format", "R8G8B8A8_UNORM", "--size", "16384x16384", NULL };
    CHECK_EQ(run_small(raw, &peak), 1);
    CHECKF(strstr(t_tool_stderr, "short.surf: 100 bytes, the surface needs 1073741824") != NULL,
           "stderr: %s", t_tool_stderr);
    CHECKF(peak < 200 * 1024, "peak memory %ld KiB", peak);
    /* the same claim from a state: 2D (1 << 29), R8G8B8A8_UNORM (0C7h at
     * 26:18), VALIGN_4 (bit 16); Height and Width 16383; pitch 65536 - 1 */
    char state[512];
    snprintf(state, sizeof state, "%s.state", path("short.surf"));
    f = fopen(state, "w");
    CHECK(f != NULL);
    if (f) {
        fprintf(f, "%08x 0 %08x %08x 0 0 0 0\n", 1u << 29 | 0xC7u << 18 | 1u << 16,
                16383u << 16 | 16383u, 65535u);
        fclose(f);
    }
    char *fromstate[] = { NULL, "convert", (char *)path("short.surf"),
                          (char *)path("short.png"), NULL };
    CHECK_EQ(run_small(fromstate, &peak), 1);
    CHECKF(strstr(t_tool_stderr, "short.surf: 100 bytes, the surface needs 1073741824") != NULL,
           "stderr: %s", t_tool_stderr);
    CHECKF(peak < 200 * 1024, "peak memory %ld KiB", peak);
    remove(state);
}

/* The man page's EXIT STATUS, case by case: the exit code, one message
 * line starting "gen7sf-tex: " (never the binary's path, never getopt's
 * own words), and for a usage error the "Try" line. */
TEST(exit_status_and_messages)
{
    free(noise_png(path("ex.png")));
    CHECK_EQ(run("convert %s %s --format R8_UNORM", path("ex.png"), path("ex.surf")), 0);
    char png[256], surf[256], other[256];
    snprintf(png, sizeof png, "%s", path("ex.png"));
    snprintf(surf, sizeof surf, "%s", path("ex.surf"));
    snprintf(other, sizeof other, "%s", path("ex_out.png"));
    static const struct { const char *args; int code; const char *says; } cases[] = {
        { "", 2, "no command" },
        { "frob a b", 2, "unknown command 'frob'" },
        { "--frob", 2, "unknown option '--frob'" },
        { "-q render", 2, "unknown option '-q'" },
        { "render --tiling", 2, "option '--tiling' needs a value" },
        { "render -o", 2, "option '-o' needs a value" },
        { "--version=1", 2, "'--version'" },
        { "convert P", 2, "convert takes IN and OUT" },
        { "convert P S extra", 2, "convert takes IN and OUT" },
        { "convert P S", 2, "needs --format" },
        { "convert P S --format R8_UNORM --tiling w", 2, "--tiling is linear, x or y" },
        { "convert P S --format R8_UNORM --pitch 0", 2, "--pitch is a byte count" },
        { "convert P S --format R8_UNORM --pitch 0160", 2, "--pitch is a byte count" },
        { "convert P S --format R8_UNORM --pitch 262145", 2, "--pitch is a byte count" },
        { "convert P S --format R8_UNORM --size 8x8", 2, "a PNG has its own size" },
        { "convert S X --format R8_UNORM", 2, "needs --size" },
        { "convert S X --format R8_UNORM --size 16385x1", 2, "--size is WxH" },
        { "convert S X --format R8_UNORM --size 8", 2, "--size is WxH" },
        { "convert S X --size 8x8", 2, "give --format too" },
        { "convert S X --tiling y", 2, "give --format too" },
        { "convert P X", 2, "PNG to PNG" },
        { "convert P S -o X", 2, "for render, not convert" },
        { "convert P S --scene tunnel", 2, "for render, not convert" },
        { "render", 2, "render needs -o" },
        { "render -o X extra", 2, "render takes no operands" },
        { "render -o X --size 2049x10", 2, "each side 1..2048" },
        { "render -o X --scene cube", 2, "--scene is plane or tunnel" },
        { "render -o X --format R8_UNORM", 2, "for convert, not render" },
        /* bad input or a failed conversion: 1 */
        { "convert P S --format NO_SUCH", 1, "unknown surface format 'NO_SUCH'" },
        { "convert P S --format BC7_UNORM", 1, "decode only" },
        { "convert P S --format R8_UNORM --pitch 8", 1, "not a surface the hardware takes" },
        { "convert S X --format P8_UNORM_PALETTE0 --size 8x8", 1, "palette" },
        { "convert S X --format R8_UNORM --size 8x8", 1, "bytes" },
        { "convert missing.png S --format R8_UNORM", 1, "missing.png: " },
        { "render -o X --texture missing.png", 1, "missing.png: " },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* P and S stand for the PNG and the surface made above, X for a
         * PNG that is never written */
        char args[1024] = "";
        for (const char *a = cases[i].args; *a; a++) {
            size_t k = strlen(args);
            if (strchr("PSX", a[0]) && (a[1] == ' ' || !a[1]) &&
                (a == cases[i].args || a[-1] == ' '))
                snprintf(args + k, sizeof args - k, "%s",
                         a[0] == 'P' ? png : a[0] == 'S' ? surf : other);
            else if (k + 1 < sizeof args)
                args[k] = *a, args[k + 1] = 0;
        }
        int rc = run("%s", args);
        CHECKF(rc == cases[i].code, "'%s': exit %d, want %d (%s)", cases[i].args, rc,
               cases[i].code, t_tool_stderr);
        const char *e = t_tool_stderr, *nl = strchr(e, '\n');
        CHECKF(strstr(e, cases[i].says) != NULL, "'%s': stderr \"%s\", want \"%s\"",
               cases[i].args, e, cases[i].says);
        CHECKF(!strncmp(e, "gen7sf-tex: ", 12) && !strstr(e + 1, "gen7sf-tex: "),
               "'%s': stderr \"%s\"", cases[i].args, e);
        const char *rest = nl ? nl + 1 : "";
        if (cases[i].code == 2)
            CHECKF(!strcmp(rest, "Try 'gen7sf-tex --help'.\n"), "'%s': stderr \"%s\"",
                   cases[i].args, e);
        else
            CHECKF(!*rest, "'%s': more than one line: \"%s\"", cases[i].args, e);
    }
    FILE *f = fopen(other, "rb");
    CHECKF(!f, "%s was written", other);
    if (f)
        fclose(f);
}

/* --help and --version on stdout, exit 0, nothing on stderr. */
TEST(help_and_version)
{
    char cmd[512], out[4096], want[64];
    CHECK_EQ(run("--help"), 0);
    CHECK_STR(t_tool_stderr, "");
    CHECK_EQ(run("-h"), 0);
    CHECK_EQ(run("--version"), 0);
    CHECK_STR(t_tool_stderr, "");
    snprintf(cmd, sizeof cmd, "%s/gen7sf-tex --version", t_build_dir());
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, sizeof out - 1, p) : 0;
    out[n] = 0;
    if (p)
        pclose(p);
    snprintf(want, sizeof want, "gen7sf-tex %s\n", cli_version_string());
    CHECK_STR(out, want);
    snprintf(cmd, sizeof cmd, "%s/gen7sf-tex --help", t_build_dir());
    p = popen(cmd, "r");
    n = p ? fread(out, 1, sizeof out - 1, p) : 0;
    out[n] = 0;
    if (p)
        pclose(p);
    CHECK(!strncmp(out, "usage: gen7sf-tex convert ", 26));
}

TEST(bad_input_is_refused_cleanly)
{
    uint8_t *img = noise_png(path("bad.png"));
    free(img);
    CHECK_EQ(run("convert %s %s --format R8G8B8A8_UNORM", path("bad.png"), path("bad.surf")), 0);
    size_t n;
    uint8_t *surf = t_read_file(path("bad.surf"), &n);
    /* usage */
    CHECK_EQ(run(" "), 2);
    CHECK_EQ(run("convert %s", path("bad.png")), 2);
    CHECK_EQ(run("frob %s %s", path("bad.png"), path("x.surf")), 2);
    /* names and options */
    CHECK_EQ(run("convert %s %s --format NO_SUCH", path("bad.png"), path("x.surf")), 1);
    CHECK(strstr(t_tool_stderr, "unknown surface format") != NULL);
    CHECK_EQ(run("convert %s %s", path("bad.png"), path("x.surf")), 2);   /* no --format */
    CHECK_EQ(run("convert %s %s --format R8_UNORM --tiling z", path("bad.png"), path("x.surf")),
             2);
    CHECK_EQ(run("convert %s %s --format R8_UNORM --pitch 0", path("bad.png"), path("x.surf")),
             2);
    CHECK_EQ(run("convert %s %s --format R8_UNORM --pitch 8", path("bad.png"), path("x.surf")),
             1);   /* narrower than a row */
    CHECK_EQ(run("convert %s %s --format R8G8B8_UNORM --tiling y", path("bad.png"),
                 path("x.surf")), 1);   /* 3-byte texels cannot be tiled */
    CHECK_EQ(run("convert %s %s --format MONO8", path("bad.png"), path("x.surf")), 1);
    CHECK_EQ(run("convert %s %s --format P8_UNORM_PALETTE0", path("bad.png"), path("x.surf")),
             1);
    CHECK_EQ(run("convert %s %s --format P8_UNORM_PALETTE0 --size 8x8", path("bad.surf"),
                 path("x.png")), 1);
    CHECK(strstr(t_tool_stderr, "palette") != NULL);
    CHECK_EQ(run("convert %s %s --format R8_UNORM --size 100000x1", path("bad.surf"),
                 path("x.png")), 2);
    CHECK_EQ(run("convert %s %s --format R8_UNORM --size 0x1", path("bad.surf"), path("x.png")),
             2);
    /* 16384 x 16384 x 16 bytes = 4 GiB: refused before allocating */
    CHECK_EQ(run("convert %s %s --format R32G32B32A32_FLOAT --size 16384x16384", path("bad.surf"),
                 path("x.png")), 1);
    /* a raw surface whose size does not match */
    CHECK_EQ(run("convert %s %s --format R8_UNORM --size 8x8", path("bad.surf"), path("x.png")),
             1);
    /* not a PNG; a truncated PNG */
    t_write_file(path("text.png"), "hello", 5);
    CHECK_EQ(run("convert %s %s --format R8_UNORM", path("text.png"), path("x.surf")), 1);
    size_t pn;
    uint8_t *png = t_read_file(path("bad.png"), &pn);
    if (png)
        t_write_file(path("cut.png"), png, pn / 2);
    free(png);
    CHECK_EQ(run("convert %s %s --format R8_UNORM", path("cut.png"), path("x.surf")), 1);
    CHECK_EQ(run("convert %s %s --format R8_UNORM", path("missing.png"), path("x.surf")), 1);
    /* truncated and overlong surfaces */
    if (surf && n > 100) {
        t_write_file(path("bad.surf"), surf, n - 1);
        CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
        CHECK(strstr(t_tool_stderr, "bytes") != NULL);
        t_write_file(path("bad.surf"), surf, n);
        FILE *f = fopen(path("bad.surf"), "ab");
        if (f)
            fputc(0, f), fclose(f);
        CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    }
    free(surf);
    /* lying, garbage and missing states */
    char state[512];
    snprintf(state, sizeof state, "%s.state", path("bad.surf"));
    FILE *f = fopen(state, "w");
    if (f) {   /* Width 16383, Height 16383: the file is far too short */
        fprintf(f, "231d0000 0 3fff3fff 9f 0 0 0 0\n");
        fclose(f);
    }
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    t_write_file(state, "231d0000 0 3fff3fff\n", 20);   /* 3 words */
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    t_write_file(state, "\x89PNG\r\n\x1a\n", 8);
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    t_write_file(state, "20240000 0 00140024 9f 0 0 0 0\n", 31);   /* code 009h: no format */
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    /* 089h: 8-byte texels, 37 of them do not fit the 160-byte pitch */
    t_write_file(state, "22240000 0 00140024 9f 0 0 0 0\n", 31);
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    t_write_file(state, "00000000 0 00140024 9f 0 0 0 0\n", 31);   /* 1D surface of 21 rows */
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
    remove(state);
    CHECK_EQ(run("convert %s %s", path("bad.surf"), path("x.png")), 1);
}

/* Random bytes as an 8x8 raw surface of every format the layout places:
 * each decodes (exit 0) but the paletted, planar and RAW ones, which are
 * refused (exit 1); nothing crashes.  8x8 pixels take 8 * bpb / (block
 * width * height) bytes, both sizes being multiples of the alignment and
 * of every block size. */
TEST(every_format_decodes_random_bytes)
{
    uint8_t bytes[8 * 128];
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f || f->bits_per_block < 8 || f->bits_per_block > 128)
            continue;
        size_t n = 8u * f->bits_per_block / (f->block_w * f->block_h);
        for (size_t i = 0; i < n; i++)
            bytes[i] = (uint8_t)t_rand();
        t_write_file(path("random.surf"), bytes, n);
        int refused = f->layout == G7SF_LAYOUT_PALETTE || f->layout == G7SF_LAYOUT_PLANAR ||
                      f->layout == G7SF_LAYOUT_RAW;
        int rc = run("convert %s %s --format %s --size 8x8", path("random.surf"),
                     path("random.png"), f->name);
        CHECKF(rc == refused, "%s: exit %d (%s)", f->name, rc, t_tool_stderr);
    }
}
