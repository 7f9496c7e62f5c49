/* Raw (headerless) video: NV12, YV12, YUY2 and UYVY layouts to planar frames
 * and back, sizes the layouts refuse, and a trailing partial frame. */
#include <string.h>

#include "harness.h"
#include "vio_util.h"

static vio_info raw_info(enum vio_format fmt, int w, int h)
{
    return (vio_info){ .width = w, .height = h, .fps_num = 25, .fps_den = 1, .format = fmt };
}

/* Writes frame f in layout fmt and compares the bytes with want. */
static void check_written(const vio_frame *f, enum vio_format fmt, const uint8_t *want,
                          size_t n)
{
    vio_info info = raw_info(fmt, f->width[0], f->height[0]);
    vio_out out;
    vio_error err;
    uint8_t back[64];
    FILE *ofp = tmpfile();
    CHECK_EQ(vio_out_start(&out, &vio_raw_muxer, ofp, &info, &err), 0);
    CHECK_EQ(vio_out_write(&out, f, &err), 0);
    size_t got = t_read_back(ofp, back, sizeof back);
    CHECKF(got == n && !memcmp(back, want, n), "%s: %zu bytes written, want %zu",
           vio_format_name(fmt), got, n);
    vio_out_end(&out);
    fclose(ofp);
}

TEST(nv12_to_planar_and_back)
{
    /* 4x2: Y, then one row of U V pairs */
    static const uint8_t nv12[] = { 1, 2, 3, 4, 5, 6, 7, 8,  9, 10, 11, 12 };
    static const uint8_t i420[] = { 1, 2, 3, 4, 5, 6, 7, 8,  9, 11,  10, 12 };
    vio_info info = raw_info(VIO_FMT_NV12, 4, 2);
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, nv12, sizeof nv12, &err), 0);
    CHECK_EQ(in.frame_bytes, 12);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    t_check_plane(&f, 0, nv12, 4, 2);
    t_check_plane(&f, 1, (const uint8_t[]){ 9, 11 }, 2, 1);
    t_check_plane(&f, 2, (const uint8_t[]){ 10, 12 }, 2, 1);
    CHECK_EQ(vio_in_read(&in, &f, &err), 0);
    check_written(&f, VIO_FMT_NV12, nv12, sizeof nv12);
    check_written(&f, VIO_FMT_I420, i420, sizeof i420);
    check_written(&f, VIO_FMT_YV12, (const uint8_t[]){ 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 9, 11 },
                  12);
    t_close_stream(&in, fp, &f);
}

TEST(yv12_stores_v_before_u)
{
    static const uint8_t yv12[] = { 1, 2, 3, 4, 5, 6, 7, 8,  20, 21,  30, 31 };
    vio_info info = raw_info(VIO_FMT_YV12, 4, 2);
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, yv12, sizeof yv12, &err), 0);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    t_check_plane(&f, 1, (const uint8_t[]){ 30, 31 }, 2, 1);
    t_check_plane(&f, 2, (const uint8_t[]){ 20, 21 }, 2, 1);
    t_close_stream(&in, fp, &f);
}

TEST(yuy2_to_planar_422_and_back)
{
    static const uint8_t yuy2[] = { 10, 20, 11, 30, 12, 21, 13, 31,
                                    14, 22, 15, 32, 16, 23, 17, 33 };
    static const uint8_t uyvy[] = { 20, 10, 30, 11, 21, 12, 31, 13,
                                    22, 14, 32, 15, 23, 16, 33, 17 };
    vio_info info = raw_info(VIO_FMT_YUY2, 4, 2);
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, yuy2, sizeof yuy2, &err), 0);
    CHECK_EQ(f.chroma, VIO_CHROMA_422);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    t_check_plane(&f, 0, (const uint8_t[]){ 10, 11, 12, 13, 14, 15, 16, 17 }, 4, 2);
    t_check_plane(&f, 1, (const uint8_t[]){ 20, 21, 22, 23 }, 2, 2);
    t_check_plane(&f, 2, (const uint8_t[]){ 30, 31, 32, 33 }, 2, 2);
    check_written(&f, VIO_FMT_YUY2, yuy2, sizeof yuy2);
    check_written(&f, VIO_FMT_UYVY, uyvy, sizeof uyvy);
    check_written(&f, VIO_FMT_I422, (const uint8_t[]){ 10, 11, 12, 13, 14, 15, 16, 17,
                                                       20, 21, 22, 23, 30, 31, 32, 33 }, 16);
    t_close_stream(&in, fp, &f);

    info.format = VIO_FMT_UYVY;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, uyvy, sizeof uyvy, &err), 0);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    t_check_plane(&f, 2, (const uint8_t[]){ 30, 31, 32, 33 }, 2, 2);
    t_close_stream(&in, fp, &f);
}

TEST(trailing_partial_frame_is_truncation)
{
    static const uint8_t s[12 + 5] = { 0 };
    vio_info info = raw_info(VIO_FMT_NV12, 4, 2);
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, s, sizeof s, &err), 0);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    CHECK_EQ(vio_in_read(&in, &f, &err), VIO_E_TRUNCATED);
    CHECK_EQ(err.code, VIO_E_TRUNCATED);
    CHECK_STR(err.msg, "frame 2, byte 17: input ends inside the frame: 7 of 12 bytes missing");
    t_close_stream(&in, fp, &f);
}

TEST(sizes_the_layouts_refuse)
{
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    vio_info info = raw_info(VIO_FMT_YUY2, 5, 2);
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, "", 0, &err), VIO_E_SIZE);
    CHECK_STR(err.msg, "raw input: YUY2 needs an even width, not 5");
    t_close_stream(&in, fp, &f);
    info = raw_info(VIO_FMT_NV12, 4, 0);
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_raw_demuxer, &info, "", 0, &err), VIO_E_SIZE);
    CHECK_STR(err.msg, "raw input: height 0 out of range 1..16384");
    t_close_stream(&in, fp, &f);
    /* odd NV12 is fine: 3x3 has 9 luma + 2x2 UV pairs = 17 bytes */
    CHECK_EQ(vio_frame_bytes(VIO_FMT_NV12, 3, 3), 17);
    CHECK_EQ(vio_frame_bytes(VIO_FMT_I411, 5, 1), 5 + 2 + 2);
    CHECK_EQ(vio_frame_bytes(VIO_FMT_I444, 16384, 16384), 3ull << 28);
    CHECK_EQ(vio_frame_bytes(VIO_FMT_I420, 16385, 2), 0);
}
