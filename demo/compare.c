/* make demo: PSNR of a field-rate result against the progressive truth, per
 * section and overall, and PNG stills of input (woven) | output | truth.
 *   compare INPUT.y4m OUTPUT.y4m TRUTH.y4m PNG_PREFIX NAME:FRAMES ...
 * FRAMES counts input frames; OUTPUT and TRUTH hold two frames for each.
 * The still of a section is its middle input frame beside the output and
 * truth of that frame's 1st field.  For the scaler and the sharpener:
 *   compare --psnr A.y4m B.y4m [PNG]    PSNR of A against B, frame by frame
 *                                        (the still: their middle frames)
 *   compare --blur IN.y4m OUT.y4m N     the first N frames (or all), luma blurred by
 *                                        [1 2 1] x [1 2 1] / 16 (a known
 *                                        blur the sharpener should undo) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"
#include "synth.h"
#include "video_io.h"

typedef struct stream {
    const char *path;
    FILE *fp;
    vio_in in;
    vio_frame f;
} stream;

static int open_stream(stream *s, const char *path)
{
    vio_error err;
    s->path = path;
    if (!(s->fp = vio_open_input(path, &err)) ||
        vio_in_start(&s->in, &vio_y4m_demuxer, s->fp, NULL, &err) < 0 ||
        vio_frame_alloc(&s->f, vio_format_chroma(s->in.info.format), s->in.info.width,
                        s->in.info.height) < 0) {
        fprintf(stderr, "compare: %s: %s\n", path, err.msg);
        return -1;
    }
    return 0;
}

static int next(stream *s)
{
    vio_error err;
    int rc = vio_in_read(&s->in, &s->f, &err);
    if (rc < 0)
        fprintf(stderr, "compare: %s: %s\n", s->path, err.msg);
    else if (rc == 0)
        fprintf(stderr, "compare: %s: ends early\n", s->path);
    return rc == 1 ? 0 : -1;
}

static void close_stream(stream *s)
{
    if (s->fp) {
        vio_in_end(&s->in);
        vio_close_input(s->fp);
    }
    vio_frame_free(&s->f);
}

/* compare --psnr A B [PNG] */
static int psnr_mode(int argc, char **argv)
{
    stream a = { 0 }, b = { 0 };
    int rc = argc < 4 || open_stream(&a, argv[2]) || open_stream(&b, argv[3]);
    synth_err y = { 0, 0 }, yuv = { 0, 0 };
    long n = 0;
    for (; !rc; n++) {
        vio_error err;
        int ra = vio_in_read(&a.in, &a.f, &err), rb = vio_in_read(&b.in, &b.f, &err);
        if (ra == 0 && rb == 0)
            break;
        if (ra != 1 || rb != 1 || synth_err_frame(&y, &a.f, &b.f, true) ||
            synth_err_frame(&yuv, &a.f, &b.f, false)) {
            fprintf(stderr, "compare: %s and %s differ in length or shape\n", argv[2], argv[3]);
            rc = 1;
        }
        if (!rc && argc > 4 && n == 0) {
            vio_error perr;
            const vio_frame *panels[2] = { &a.f, &b.f };
            if (png_write_frames(argv[4], panels, 2, &perr))
                fprintf(stderr, "compare: %s\n", perr.msg), rc = 1;
        }
    }
    if (!rc)
        printf("%ld frames: PSNR Y %.2f dB, YUV %.2f dB\n", n, synth_err_psnr(&y),
               synth_err_psnr(&yuv));
    close_stream(&a);
    close_stream(&b);
    return rc ? 1 : 0;
}

/* compare --blur IN OUT N: luma through [1 2 1] each way (edges repeated),
 * rounded half up; chroma as it is. */
static int blur_mode(int argc, char **argv)
{
    stream in = { 0 };
    long n = argc > 4 ? strtol(argv[4], NULL, 10) : 0;
    if (argc < 5 || n < 1 || open_stream(&in, argv[2])) {
        close_stream(&in);
        return 1;
    }
    vio_sink sink = { 0 };
    vio_out out = { 0 };
    vio_error err = { 0 };
    vio_frame tmp = { 0 };
    int rc = vio_open_output(&sink, argv[3], in.fp, &err) < 0 ||
             vio_out_start(&out, &vio_y4m_muxer, sink.fp, &in.in.info, &err) < 0 ||
             vio_frame_alloc(&tmp, in.f.chroma, in.in.info.width, in.in.info.height) < 0;
    int w = in.in.info.width, h = in.in.info.height;
    for (long k = 0; k < n && !rc; k++) {
        int r = vio_in_read(&in.in, &in.f, &err);
        if (r <= 0) {   /* the end: N is at most */
            rc = r < 0;
            break;
        }
        const uint8_t *p = in.f.data[0];
        ptrdiff_t st = in.f.stride[0];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int s = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
                        int xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
                        s += p[yy * st + xx] * (2 - (dx != 0)) * (2 - (dy != 0));
                    }
                tmp.data[0][y * tmp.stride[0] + x] = (uint8_t)((s + 8) >> 4);
            }
        for (int c = 1; c < tmp.planes; c++)
            for (int y = 0; y < tmp.height[c]; y++)
                memcpy(tmp.data[c] + y * tmp.stride[c], in.f.data[c] + y * in.f.stride[c],
                       (size_t)tmp.width[c]);
        if (vio_out_write(&out, &tmp, &err) < 0)
            rc = 1;
    }
    if (rc && err.msg[0])
        fprintf(stderr, "compare: %s\n", err.msg);
    vio_out_end(&out);
    rc |= vio_close_output(&sink, !rc, &err) < 0;
    vio_frame_free(&tmp);
    close_stream(&in);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--psnr"))
        return psnr_mode(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "--blur"))
        return blur_mode(argc, argv);
    if (argc < 6) {
        fprintf(stderr, "usage: compare INPUT OUTPUT TRUTH PNG_PREFIX NAME:FRAMES ...\n");
        return 2;
    }
    stream in = { 0 }, out = { 0 }, truth = { 0 };
    int rc = open_stream(&in, argv[1]) || open_stream(&out, argv[2]) ||
             open_stream(&truth, argv[3]);
    synth_err all_y = { 0, 0 }, all = { 0, 0 };
    printf("%-10s %7s %9s %9s\n", "section", "frames", "PSNR Y", "PSNR YUV");
    for (int a = 5; a < argc && !rc; a++) {
        char name[32];
        long n;
        if (sscanf(argv[a], "%31[^:]:%ld", name, &n) != 2 || n < 1) {
            fprintf(stderr, "compare: bad section '%s'\n", argv[a]);
            rc = 1;
            break;
        }
        synth_err y = { 0, 0 }, yuv = { 0, 0 };
        for (long k = 0; k < n && !rc; k++) {
            rc = next(&in);
            for (int field = 0; field < 2 && !rc; field++) {
                rc = next(&out) || next(&truth);
                if (rc || synth_err_frame(&y, &out.f, &truth.f, true) ||
                    synth_err_frame(&yuv, &out.f, &truth.f, false)) {
                    fprintf(stderr, "compare: output and truth differ in shape\n");
                    rc = 1;
                    break;
                }
                if (k == n / 2 && field == 0) {
                    char path[512];
                    vio_error err;
                    const vio_frame *panels[3] = { &in.f, &out.f, &truth.f };
                    snprintf(path, sizeof path, "%s%s.png", argv[4], name);
                    if (png_write_frames(path, panels, 3, &err))
                        fprintf(stderr, "compare: %s\n", err.msg), rc = 1;
                }
            }
        }
        if (!rc)
            printf("%-10s %7ld %9.2f %9.2f\n", name, n, synth_err_psnr(&y), synth_err_psnr(&yuv));
        all_y.sse += y.sse, all_y.samples += y.samples;
        all.sse += yuv.sse, all.samples += yuv.samples;
    }
    if (!rc)
        printf("%-10s %7s %9.2f %9.2f\n", "overall", "", synth_err_psnr(&all_y),
               synth_err_psnr(&all));
    close_stream(&in);
    close_stream(&out);
    close_stream(&truth);
    return rc ? 1 : 0;
}
