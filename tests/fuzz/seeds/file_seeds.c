/* Seeds of the file-reading targets, which no library call records: small
 * Y4M and raw streams of every layout written by the tools' own writers,
 * PNGs of every colour type libpng writes, and hex dumps as gen7sf-state
 * reads them (the bundled demo dumps among them).
 *   file_seeds DIR      writes DIR/y4m, DIR/rawvideo, DIR/png, DIR/hexwords */
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "video_io.h"

static const char *out_dir;

static FILE *create(const char *target, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", out_dir, target);
    if (mkdir(path, 0777) && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s/%s", out_dir, target, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(1);
    }
    return f;
}

static void done(FILE *f)
{
    if (ferror(f) || fclose(f)) {
        fprintf(stderr, "file_seeds: write error\n");
        exit(1);
    }
}

static void fill_frame(vio_frame *f, unsigned seed)
{
    for (int p = 0; p < f->planes; p++)
        for (int y = 0; y < f->height[p]; y++)
            for (int x = 0; x < f->width[p]; x++)
                f->data[p][y * f->stride[p] + x] = (uint8_t)(seed * 37 + p * 71 + x * 3 + y * 5);
}

/* A stream of `frames` frames through a muxer, after `prefix` bytes. */
static void stream(const char *target, const char *name, const vio_muxer *mux,
                   const vio_info *info, int frames, const uint8_t *prefix, size_t np)
{
    FILE *f = create(target, name);
    if (np)
        fwrite(prefix, 1, np, f);
    vio_out out;
    vio_error err;
    vio_frame fr;
    if (vio_out_start(&out, mux, f, info, &err) ||
        vio_frame_alloc(&fr, vio_format_chroma(info->format), info->width, info->height)) {
        fprintf(stderr, "file_seeds: %s: %s\n", name, err.msg);
        exit(1);
    }
    for (int i = 0; i < frames; i++) {
        fill_frame(&fr, (unsigned)i);
        if (info->interlace == VIO_MIXED)   /* each frame says what it is */
            out.frame_info = i % 2 ? (vio_frame_info){ VIO_PROGRESSIVE, "1p?" }
                                   : (vio_frame_info){ VIO_TFF, "tii" };
        if (vio_out_write(&out, &fr, &err)) {
            fprintf(stderr, "file_seeds: %s: %s\n", name, err.msg);
            exit(1);
        }
    }
    vio_frame_free(&fr);
    vio_out_end(&out);
    done(f);
}

static void text(const char *target, const char *name, const char *s, size_t n)
{
    FILE *f = create(target, name);
    fwrite(s, 1, n, f);
    done(f);
}

static void y4m_seeds(void)
{
    static const struct { enum vio_format fmt; enum vio_siting siting; const char *name; } c[] = {
        { VIO_FMT_I420, VIO_SITING_CENTER, "420jpeg" }, { VIO_FMT_I420, VIO_SITING_LEFT, "420mpeg2" },
        { VIO_FMT_I420, VIO_SITING_PALDV, "420paldv" }, { VIO_FMT_I420, VIO_SITING_UNSPECIFIED, "420" },
        { VIO_FMT_I422, VIO_SITING_CENTER, "422" }, { VIO_FMT_I444, VIO_SITING_CENTER, "444" },
        { VIO_FMT_I411, VIO_SITING_CENTER, "411" }, { VIO_FMT_GRAY, VIO_SITING_CENTER, "mono" },
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        vio_info info = { .width = 5 + (int)i, .height = 3 + (int)i % 3, .fps_num = 25,
                          .fps_den = 1, .format = c[i].fmt, .siting = c[i].siting,
                          .interlace = (enum vio_interlace)(i % 5), .sar_num = i % 2 ? 16 : 0,
                          .sar_den = i % 2 ? 15 : 0 };
        if (i == 3)
            snprintf(info.xtags, sizeof info.xtags, "XYSCSS=420JPEG XCOLORRANGE=LIMITED");
        char name[32];
        snprintf(name, sizeof name, "%s", c[i].name);
        stream("y4m", name, &vio_y4m_muxer, &info, 2, NULL, 0);
    }
    /* what other writers produce: tags in another order, FRAME parameters,
     * no C tag, a bare header */
    static const char ffmpeg[] = "YUV4MPEG2 W4 H2 F30000:1001 Im A1:1 C420mpeg2 XYSCSS=420MPEG2\n"
                                 "FRAME Ibii XA=1\n" "YYYYYYYYUV";
    text("y4m", "ffmpeg-order", ffmpeg, sizeof ffmpeg - 1);
    static const char plain[] = "YUV4MPEG2 H2 W2 F1:1\nFRAME\nYYYYUV";
    text("y4m", "no-ctag", plain, sizeof plain - 1);
    static const char bad[] = "YUV4MPEG2 W2 H2 F1:1 C420p10\nFRAME\n";
    text("y4m", "unsupported", bad, sizeof bad - 1);
}

static void raw_seeds(void)
{
    for (int fmt = 0; fmt <= VIO_FMT_GRAY; fmt++) {
        int w = fmt == VIO_FMT_YUY2 || fmt == VIO_FMT_UYVY ? 6 : 5, h = 3;
        vio_info info = { .width = w, .height = h, .fps_num = 25, .fps_den = 1,
                          .format = (enum vio_format)fmt };
        /* fuzz_rawvideo's prefix: layout, width - 1, height - 1, rate */
        const uint8_t prefix[4] = { (uint8_t)fmt, (uint8_t)(w - 1), (uint8_t)(h - 1), 25 };
        char name[32];
        snprintf(name, sizeof name, "%s", vio_format_name((enum vio_format)fmt));
        stream("rawvideo", name, &vio_raw_muxer, &info, 2, prefix, sizeof prefix);
    }
}

/* A PNG straight from libpng: every colour type, 8 and 16 bits, a palette
 * with transparency, interlaced or not. */
static void png_seed(const char *name, int type, int depth, int interlace, int w, int h)
{
    FILE *f = create("png", name);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "file_seeds: %s: libpng failed\n", name);
        exit(1);
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth, type, interlace,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (type == PNG_COLOR_TYPE_PALETTE) {
        png_color pal[4] = { { 0, 0, 0 }, { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 } };
        png_byte trans[2] = { 0, 128 };
        png_set_PLTE(png, info, pal, 4);
        png_set_tRNS(png, info, trans, 2, NULL);
    }
    png_write_info(png, info);
    int channels = type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_PALETTE ? 1
                 : type == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : type == PNG_COLOR_TYPE_RGB ? 3 : 4;
    size_t row_bytes = ((size_t)w * channels * depth + 7) / 8;
    png_bytep row = calloc(1, row_bytes);
    int passes = png_set_interlace_handling(png);
    for (int p = 0; p < passes; p++)
        for (int y = 0; y < h; y++) {
            for (size_t i = 0; i < row_bytes; i++)
                row[i] = (png_byte)(type == PNG_COLOR_TYPE_PALETTE ? (y + (int)i) & (depth == 8 ? 3 : 0x55)
                                                                   : y * 40 + (int)i * 7);
            png_write_row(png, row);
        }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(row);
    done(f);
}

static void hex_seeds(void)
{
    /* fuzz_hexwords: the word limit, then the dump */
    static const char *const dumps[] = {
        "\x04" "0x10304000 0x000d0000 0x20 0x78013\n",
        "\x08" "# RENDER_SURFACE_STATE\n00000000: 2c38c000 00400000, 003f003f 000001ff\n"
        "00000010: 00000000 00000000 00000000 00000000\n",
        "\x02" "deadbeef\tDEADBEEF\r\n",
        "\x01" "0x1 0x2\n",
        "\x03" "12 zz 34\n",
    };
    for (unsigned i = 0; i < sizeof dumps / sizeof dumps[0]; i++) {
        char name[16];
        snprintf(name, sizeof name, "dump%u", i);
        text("hexwords", name, dumps[i], strlen(dumps[i]));
    }
    static const char *const demo[] = { "demo/ivb_dndi_sampler_state.hex",
                                        "demo/texture_surface_state.hex" };
    for (unsigned i = 0; i < 2; i++) {
        FILE *in = fopen(demo[i], "rb");
        char buf[8192];
        size_t n = in ? fread(buf + 1, 1, sizeof buf - 1, in) : 0;
        if (in)
            fclose(in);
        if (!n)
            continue;
        buf[0] = 64;
        text("hexwords", strrchr(demo[i], '/') + 1, buf, n + 1);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: file_seeds DIR\n");
        return 2;
    }
    out_dir = argv[1];
    y4m_seeds();
    raw_seeds();
    png_seed("gray1", PNG_COLOR_TYPE_GRAY, 1, PNG_INTERLACE_NONE, 9, 3);
    png_seed("gray8-adam7", PNG_COLOR_TYPE_GRAY, 8, PNG_INTERLACE_ADAM7, 9, 9);
    png_seed("gray16", PNG_COLOR_TYPE_GRAY, 16, PNG_INTERLACE_NONE, 3, 2);
    png_seed("graya8", PNG_COLOR_TYPE_GRAY_ALPHA, 8, PNG_INTERLACE_NONE, 3, 2);
    png_seed("rgb8", PNG_COLOR_TYPE_RGB, 8, PNG_INTERLACE_NONE, 4, 3);
    png_seed("rgb16-adam7", PNG_COLOR_TYPE_RGB, 16, PNG_INTERLACE_ADAM7, 5, 5);
    png_seed("rgba8", PNG_COLOR_TYPE_RGB_ALPHA, 8, PNG_INTERLACE_NONE, 4, 4);
    png_seed("palette2-trns", PNG_COLOR_TYPE_PALETTE, 2, PNG_INTERLACE_NONE, 7, 3);
    png_seed("palette8", PNG_COLOR_TYPE_PALETTE, 8, PNG_INTERLACE_NONE, 3, 3);
    hex_seeds();
    return 0;
}
