/* make demo: PSNR of a field-rate result against the progressive truth, per
 * section and overall, and PNG stills of input (woven) | output | truth.
 *   compare INPUT.y4m OUTPUT.y4m TRUTH.y4m PNG_PREFIX NAME:FRAMES ...
 * FRAMES counts input frames; OUTPUT and TRUTH hold two frames for each.
 * The still of a section is its middle input frame beside the output and
 * truth of that frame's 1st field. */
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

int main(int argc, char **argv)
{
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
