/* The video reader contract (see video_check.h). */
#include <string.h>

#include "fuzz.h"
#include "video_check.h"

static void check_error(int rc, const vio_error *err, const char *what)
{
    FUZZ_CHECK(rc >= VIO_E_OPEN && rc <= VIO_E_IO, "%s: code %d", what, rc);
    FUZZ_CHECK(err->code == rc && memchr(err->msg, 0, sizeof err->msg) && err->msg[0],
               "%s: code %d, error %d \"%.*s\"", what, rc, err->code, (int)sizeof err->msg,
               err->msg);
}

static bool same_frame(const vio_frame *a, const vio_frame *b)
{
    if (a->planes != b->planes || a->chroma != b->chroma)
        return false;
    for (int p = 0; p < a->planes; p++) {
        if (a->width[p] != b->width[p] || a->height[p] != b->height[p])
            return false;
        for (int y = 0; y < a->height[p]; y++)
            if (memcmp(a->data[p] + y * a->stride[p], b->data[p] + y * b->stride[p],
                       (size_t)a->width[p]))
                return false;
    }
    return true;
}

/* Reads up to VIDEO_MAX_FRAMES frames and their vio_frame_info; returns
 * how many, or -1 after an error (checked). */
static int read_frames(vio_in *in, vio_frame *frames, vio_frame_info *infos)
{
    vio_error err = { 0 };
    int n = 0;
    while (n < VIDEO_MAX_FRAMES) {
        FUZZ_CHECK(!vio_frame_alloc(&frames[n], vio_format_chroma(in->info.format),
                                    in->info.width, in->info.height), "frame alloc");
        int rc = vio_in_read(in, &frames[n], &err);
        if (rc == 1) {
            FUZZ_CHECK(in->frames == (uint64_t)n + 1, "frame count %llu after %d frames",
                       (unsigned long long)in->frames, n + 1);
            FUZZ_CHECK(in->frame_info.interlace != VIO_MIXED &&
                           memchr(in->frame_info.itag, 0, sizeof in->frame_info.itag),
                       "frame %d: interlace %d", n, in->frame_info.interlace);
            infos[n++] = in->frame_info;
            continue;
        }
        vio_frame_free(&frames[n]);
        if (rc == 0)
            return n;
        check_error(rc, &err, "read");
        for (int i = 0; i < n; i++)
            vio_frame_free(&frames[i]);
        return -1;
    }
    return n;
}

void video_check(const vio_demuxer *dmx, const vio_muxer *mux, FILE *fp, const vio_info *raw)
{
    vio_in in;
    vio_error err = { 0 };
    int rc = vio_in_start(&in, dmx, fp, raw, &err);
    if (rc) {
        check_error(rc, &err, "start");
        return;
    }
    FUZZ_CHECK(in.frame_bytes == vio_frame_bytes(in.info.format, in.info.width, in.info.height),
               "frame bytes");
    if (in.frame_bytes > VIDEO_MAX_FRAME_BYTES) {
        vio_in_end(&in);
        return;
    }
    vio_frame frames[VIDEO_MAX_FRAMES];
    vio_frame_info infos[VIDEO_MAX_FRAMES];
    int n = read_frames(&in, frames, infos);
    vio_info info = in.info;
    vio_in_end(&in);
    if (n <= 0)
        return;

    /* what was read, written and read again */
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    vio_out o;
    bool wrote = out && !vio_out_start(&o, mux, out, &info, &err);
    for (int i = 0; wrote && i < n; i++) {
        o.frame_info = infos[i];   /* an Im stream writes each frame's I parameter */
        FUZZ_CHECK(!vio_out_write(&o, &frames[i], &err), "write: %s", err.msg);
    }
    if (wrote)
        vio_out_end(&o);
    if (out)
        fclose(out);
    if (wrote) {
        FILE *back = fmemopen(buf, len, "rb");
        vio_in in2;
        FUZZ_CHECK(back && !vio_in_start(&in2, dmx, back, &info, &err), "reading back: %s",
                   err.msg);
        FUZZ_CHECK(in2.info.width == info.width && in2.info.height == info.height &&
                       in2.info.format == info.format && in2.info.fps_num == info.fps_num &&
                       in2.info.fps_den == info.fps_den && in2.info.interlace == info.interlace &&
                       in2.info.siting == info.siting && in2.info.sar_num == info.sar_num &&
                       in2.info.sar_den == info.sar_den && !strcmp(in2.info.xtags, info.xtags),
                   "stream info changed through a write and a read");
        vio_frame again[VIDEO_MAX_FRAMES];
        vio_frame_info infos2[VIDEO_MAX_FRAMES];
        int m = read_frames(&in2, again, infos2);
        FUZZ_CHECK(m == n, "%d frames written, %d read back", n, m);
        for (int i = 0; i < m; i++) {
            FUZZ_CHECK(same_frame(&frames[i], &again[i]), "frame %d changed", i);
            FUZZ_CHECK(infos2[i].interlace == infos[i].interlace &&
                           !strcmp(infos2[i].itag, infos[i].itag),
                       "frame %d: interlace %d \"%s\" read back as %d \"%s\"", i,
                       infos[i].interlace, infos[i].itag, infos2[i].interlace, infos2[i].itag);
            vio_frame_free(&again[i]);
        }
        vio_in_end(&in2);
        fclose(back);
    }
    free(buf);
    for (int i = 0; i < n; i++)
        vio_frame_free(&frames[i]);
}
