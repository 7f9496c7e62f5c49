/* Y4M reading and writing on hand-written streams: every header field and
 * sample, byte-exact round trips per chroma tag, and each malformed input. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "vio_util.h"

#define S(lit) lit, sizeof lit - 1   /* a byte-string literal and its length */

/* Opens a Y4M stream over bytes and reads frames until the end or an
 * error; returns the last read code and the error in err. */
static int read_all(const char *bytes, size_t n, int *frames, vio_error *err)
{
    vio_in in;
    vio_frame f;
    FILE *fp;
    int rc = t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, bytes, n, err);
    *frames = 0;
    while (!rc && (rc = vio_in_read(&in, &f, err)) == 1)
        ++*frames, rc = 0;
    t_close_stream(&in, fp, &f);
    return rc;
}

/* Reading bytes fails with code, and the message holds text. */
static void check_fails(int line, const char *bytes, size_t n, int code, const char *text)
{
    int frames;
    vio_error err = { 0 };
    int rc = read_all(bytes, n, &frames, &err);
    if (rc != code || err.code != code || !strstr(err.msg, text))
        t_fail(__FILE__, line, "got %d (error %d, \"%s\"), want %d with \"%s\"", rc, err.code,
               err.msg, code, text);
}
#define CHECK_FAILS(...) check_fails(__LINE__, __VA_ARGS__)

/* Every field of a stream's info. */
static void check_info(const vio_info *got, const vio_info *want)
{
    CHECK_EQ(got->width, want->width);
    CHECK_EQ(got->height, want->height);
    CHECK_EQ(got->fps_num, want->fps_num);
    CHECK_EQ(got->fps_den, want->fps_den);
    CHECK_EQ(got->interlace, want->interlace);
    CHECK_EQ(got->sar_num, want->sar_num);
    CHECK_EQ(got->sar_den, want->sar_den);
    CHECK_EQ(got->format, want->format);
    CHECK_EQ(got->siting, want->siting);
    CHECK_STR(got->xtags, want->xtags);
}

TEST(reads_every_header_field_and_sample)
{
    static const char s[] =
        "YUV4MPEG2 W4 H2 F30000:1001 It A10:11 C420mpeg2 XYSCSS=420MPEG2 XA=b\n"
        "FRAME\n" "\x01\x02\x03\x04\x05\x06\x07\x08" "\x09\x0a" "\x0b\x0c"
        "FRAME XFOO=1  XBAR\n" "\x11\x12\x13\x14\x15\x16\x17\x18" "\x19\x1a" "\x1b\x1c";
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, S(s), &err), 0);
    check_info(&in.info, &(vio_info){ .width = 4, .height = 2, .fps_num = 30000,
                                      .fps_den = 1001, .interlace = VIO_TFF, .sar_num = 10,
                                      .sar_den = 11, .format = VIO_FMT_I420,
                                      .siting = VIO_SITING_LEFT,
                                      .xtags = "XYSCSS=420MPEG2 XA=b" });
    CHECK_EQ(in.frame_bytes, 12);    /* 4*2 + 2 * 2*1 */
    CHECK_EQ(f.stride[0], 16);
    CHECK_EQ(f.stride[1], 16);

    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    t_check_plane(&f, 0, (const uint8_t[]){ 1, 2, 3, 4, 5, 6, 7, 8 }, 4, 2);
    t_check_plane(&f, 1, (const uint8_t[]){ 9, 10 }, 2, 1);
    t_check_plane(&f, 2, (const uint8_t[]){ 11, 12 }, 2, 1);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);   /* X parameters are skipped */
    t_check_plane(&f, 0, (const uint8_t[]){ 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18 },
                  4, 2);
    t_check_plane(&f, 2, (const uint8_t[]){ 0x1b, 0x1c }, 2, 1);
    CHECK_EQ(vio_in_read(&in, &f, &err), 0);
    CHECK_EQ(in.frames, 2);
    CHECK_EQ(in.offset, sizeof s - 1);
    t_close_stream(&in, fp, &f);
}

TEST(absent_tags_take_their_defaults)
{
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL,
                           S("YUV4MPEG2 H2 F25:1 W2  Zunknown\n"), &err), 0);
    check_info(&in.info, &(vio_info){ .width = 2, .height = 2, .fps_num = 25, .fps_den = 1,
                                      .interlace = VIO_INTERLACE_UNKNOWN });
    CHECK_EQ(vio_in_read(&in, &f, &err), 0);   /* no frames: a clean end */
    t_close_stream(&in, fp, &f);
}

TEST(odd_sizes_round_chroma_up)
{
    /* 5x3 4:2:0: 15 luma + 2 * 3x2 chroma = 27 bytes */
    static const char s[] = "YUV4MPEG2 W5 H3 F1:1\nFRAME\n"
        "abcdefghijklmno" "ABCDEF" "uvwxyz";
    vio_in in;
    vio_frame f;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, S(s), &err), 0);
    CHECK_EQ(in.frame_bytes, 27);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);
    t_check_plane(&f, 0, (const uint8_t *)"abcdefghijklmno", 5, 3);
    t_check_plane(&f, 1, (const uint8_t *)"ABCDEF", 3, 2);
    t_check_plane(&f, 2, (const uint8_t *)"uvwxyz", 3, 2);
    t_close_stream(&in, fp, &f);
}

/* Per C tag on a 4x2 picture: layout, siting, chroma plane size, frame bytes. */
static const struct {
    const char *tag;
    enum vio_format fmt;
    enum vio_siting siting;
    int cw, ch, bytes;
} tags[] = {
    { "420jpeg",  VIO_FMT_I420, VIO_SITING_CENTER,      2, 1, 12 },
    { "420mpeg2", VIO_FMT_I420, VIO_SITING_LEFT,        2, 1, 12 },
    { "420paldv", VIO_FMT_I420, VIO_SITING_PALDV,       2, 1, 12 },
    { "420",      VIO_FMT_I420, VIO_SITING_UNSPECIFIED, 2, 1, 12 },
    { "422",      VIO_FMT_I422, VIO_SITING_CENTER,      2, 2, 16 },
    { "444",      VIO_FMT_I444, VIO_SITING_CENTER,      4, 2, 24 },
    { "411",      VIO_FMT_I411, VIO_SITING_CENTER,      1, 2, 12 },
    { "mono",     VIO_FMT_GRAY, VIO_SITING_CENTER,      0, 0, 8 },
};

TEST(each_chroma_tag_round_trips_byte_for_byte)
{
    for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
        uint8_t s[256], back[256];
        int n = snprintf((char *)s, sizeof s,
                         "YUV4MPEG2 W4 H2 F50:1 Ib A16:15 C%s XCOLORRANGE=LIMITED\n",
                         tags[t].tag);
        for (int fr = 0; fr < 2; fr++) {
            memcpy(s + n, "FRAME\n", 6);
            n += 6;
            for (int i = 0; i < tags[t].bytes; i++)
                s[n++] = (uint8_t)(fr * 100 + i);
        }
        vio_in in;
        vio_out out;
        vio_frame f;
        FILE *fp, *ofp = tmpfile();
        vio_error err;
        CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, s, (size_t)n, &err), 0);
        CHECKF(in.info.format == tags[t].fmt && in.info.siting == tags[t].siting,
               "C%s: format %d siting %d", tags[t].tag, in.info.format, in.info.siting);
        CHECK_EQ(in.frame_bytes, tags[t].bytes);
        CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &in.info, &err), 0);
        while (vio_in_read(&in, &f, &err) == 1) {
            /* the last payload byte is the last sample of the last plane */
            int p = f.planes - 1, last = tags[t].bytes - 1 + (int)in.frames * 100 - 100;
            if (p)
                CHECKF(f.width[1] == tags[t].cw && f.height[1] == tags[t].ch,
                       "C%s: chroma %dx%d", tags[t].tag, f.width[1], f.height[1]);
            CHECK_EQ(f.data[p][(f.height[p] - 1) * f.stride[p] + f.width[p] - 1], last);
            CHECK_EQ(vio_out_write(&out, &f, &err), 0);
        }
        CHECK_EQ(in.frames, 2);
        size_t got = t_read_back(ofp, back, sizeof back);
        CHECKF(got == (size_t)n && !memcmp(back, s, got), "C%s: output differs (%zu of %d bytes)",
               tags[t].tag, got, n);
        vio_out_end(&out);
        fclose(ofp);
        t_close_stream(&in, fp, &f);
    }
}

/* Frames whose rows need no padding are read straight into the frame and
 * written plane by plane (no packing copy): the same bytes as through the
 * payload buffer, which a frame with padded rows still takes. */
TEST(unpadded_frames_round_trip_without_the_copies)
{
    for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
        enum { W = 64, H = 4 };
        static uint8_t s[4096], back[4096], back2[4096];
        int n = snprintf((char *)s, sizeof s, "YUV4MPEG2 W%d H%d F25:1 It C%s\n", W, H,
                         tags[t].tag);
        uint64_t bytes = vio_frame_bytes(tags[t].fmt, W, H);
        for (int fr = 0; fr < 2; fr++) {
            memcpy(s + n, "FRAME\n", 6);
            n += 6;
            for (uint64_t i = 0; i < bytes; i++)
                s[n++] = (uint8_t)(fr * 77 + i * 13 + i / 7);
        }
        vio_in in;
        vio_out out, out2;
        vio_frame f, padded;
        FILE *fp, *ofp = tmpfile(), *ofp2 = tmpfile();
        vio_error err;
        CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, s, (size_t)n, &err), 0);
        bool direct = vio_frame_is_file_layout(&f, in.info.format);
        CHECKF(direct, "C%s: not read directly", tags[t].tag);
        /* the same picture with rows padded to 96 */
        padded = f;
        uint8_t *mem = calloc(3, 96 * H);
        for (int p = 0; p < f.planes; p++)
            padded.stride[p] = 96, padded.data[p] = mem + p * 96 * H;
        CHECK(!vio_frame_planes_whole(&padded, in.info.format));
        CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &in.info, &err), 0);
        CHECK_EQ(vio_out_start(&out2, &vio_y4m_muxer, ofp2, &in.info, &err), 0);
        while (vio_in_read(&in, &f, &err) == 1) {
            for (int p = 0; p < f.planes; p++)
                for (int y = 0; y < f.height[p]; y++)
                    memcpy(padded.data[p] + y * 96, f.data[p] + y * f.stride[p],
                           (size_t)f.width[p]);
            CHECK_EQ(vio_out_write(&out, &f, &err), 0);
            CHECK_EQ(vio_out_write(&out2, &padded, &err), 0);
        }
        CHECK_EQ(in.frames, 2);
        size_t got = t_read_back(ofp, back, sizeof back);
        size_t got2 = t_read_back(ofp2, back2, sizeof back2);
        /* the frames as read (the header is the writer's own) */
        size_t in_head = strchr((char *)s, '\n') + 1 - (char *)s;
        size_t out_head = got ? (size_t)((const uint8_t *)memchr(back, '\n', got) + 1 - back) : 0;
        CHECKF(got == out_head + (size_t)n - in_head &&
               !memcmp(back + out_head, s + in_head, (size_t)n - in_head),
               "C%s: frames differ", tags[t].tag);
        CHECKF(got2 == got && !memcmp(back2, back, got), "C%s: padded rows write otherwise",
               tags[t].tag);
        free(mem);
        vio_out_end(&out);
        vio_out_end(&out2);
        fclose(ofp);
        fclose(ofp2);
        t_close_stream(&in, fp, &f);
    }
}

TEST(writer_header_for_field_rate_output)
{
    static const char want[] = "YUV4MPEG2 W4 H2 F60000:1001 Ip A0:0 C420jpeg\nFRAME\n";
    vio_info info = { .width = 4, .height = 2, .fps_num = 60000, .fps_den = 1001 };
    vio_out out;
    vio_frame f;
    vio_error err;
    uint8_t back[64];
    FILE *ofp = tmpfile();
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_420, 4, 2), 0);
    memset(f.data[0], 'y', (size_t)f.stride[0] * 2);
    memset(f.data[1], 'u', (size_t)f.stride[1]);
    memset(f.data[2], 'v', (size_t)f.stride[2]);
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &info, &err), 0);
    CHECK_EQ(vio_out_write(&out, &f, &err), 0);
    size_t got = t_read_back(ofp, back, sizeof back);
    CHECK_EQ(got, sizeof want - 1 + 12);
    CHECK(!memcmp(back, want, sizeof want - 1));
    CHECK(!memcmp(back + sizeof want - 1, "yyyyyyyyuuvv", 12));
    vio_out_end(&out);
    fclose(ofp);
    vio_frame_free(&f);
}

TEST(writer_refuses_what_y4m_cannot_carry)
{
    vio_out out;
    vio_error err;
    FILE *ofp = tmpfile();
    vio_info info = { .width = 4, .height = 2, .fps_num = 25, .fps_den = 1,
                      .format = VIO_FMT_NV12 };
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &info, &err), VIO_E_ARG);
    CHECK(strstr(err.msg, "NV12") != NULL);
    info.format = VIO_FMT_I420;
    info.fps_den = 0;
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &info, &err), VIO_E_ARG);
    info.fps_den = 1;
    info.width = 0;
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &info, &err), VIO_E_SIZE);
    rewind(ofp);
    CHECK_EQ(fgetc(ofp), EOF);   /* nothing written */
    fclose(ofp);
}

TEST(header_errors)
{
    CHECK_FAILS(S(""), VIO_E_MAGIC, "YUV4MPEG2");
    CHECK_FAILS(S("YUV4MPEG W4 H2 F25:1\n"), VIO_E_MAGIC, "byte 0");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1"), VIO_E_TRUNCATED,
                "byte 21: input ends inside the stream header");
    CHECK_FAILS(S("YUV4MPEG2 W0 H2 F25:1\n"), VIO_E_SIZE, "width 0 out of range 1..16384");
    CHECK_FAILS(S("YUV4MPEG2 W100000 H2 F25:1\n"), VIO_E_SIZE, "width 100000");
    CHECK_FAILS(S("YUV4MPEG2 W4 H16385 F25:1\n"), VIO_E_SIZE, "height 16385");
    CHECK_FAILS(S("YUV4MPEG2 W4 F25:1\n"), VIO_E_MISSING_TAG, "H (height)");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2\n"), VIO_E_MISSING_TAG, "F (frame rate)");
    CHECK_FAILS(S("YUV4MPEG2 H2 F25:1\n"), VIO_E_MISSING_TAG, "W (width)");
    CHECK_FAILS(S("YUV4MPEG2 W4x H2 F25:1\n"), VIO_E_BAD_TAG, "byte 10: bad W value \"4x\"");
    CHECK_FAILS(S("YUV4MPEG2 W99999999999 H2 F25:1\n"), VIO_E_BAD_TAG, "bad W");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:0\n"), VIO_E_BAD_TAG, "bad F value \"25:0\"");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25\n"), VIO_E_BAD_TAG, "bad F");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 A1\n"), VIO_E_BAD_TAG, "bad A");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 Ix\n"), VIO_E_BAD_TAG, "byte 22: bad I value");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 C420p10\n"), VIO_E_UNSUPPORTED,
                "line 1, byte 22: chroma \"C420p10\" is not supported");
    /* the offending tag's byte: W at 10, H at 13 */
    CHECK_FAILS(S("YUV4MPEG2 W0 H2 F25:1\n"), VIO_E_SIZE, "line 1, byte 10: width 0 out of range");
    CHECK_FAILS(S("YUV4MPEG2 W4 H20000 F25:1\n"), VIO_E_SIZE,
                "line 1, byte 13: height 20000 out of range 1..16384");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 A1:0\n"), VIO_E_BAD_TAG, "byte 22: bad A value \"1:0\"");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 A:1\n"), VIO_E_BAD_TAG, "bad A value");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F-25:1\n"), VIO_E_BAD_TAG, "byte 16: bad F value \"-25:1\"");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 Itt\n"), VIO_E_BAD_TAG, "bad I value \"tt\"");
    CHECK_FAILS(S("YUV4MPEG2 W+4 H2 F25:1\n"), VIO_E_BAD_TAG, "bad W value \"+4\"");
    CHECK_FAILS(S("YUV4MPEG2 W H2 F25:1\n"), VIO_E_BAD_TAG, "bad W value \"\"");
    /* garbage: not a tag, control characters (shown escaped, with the byte) */
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 w4 F25:1\n"), VIO_E_BAD_TAG,
                "line 1, byte 16: \"w4\" is not a tag");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 \xff\xfe\n"), VIO_E_BAD_TAG,
                "byte 22: \"\\xff\\xfe\" is not a tag");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1\r\n"), VIO_E_BAD_TAG,
                "line 1, byte 21: control character 0x0d in the stream header");
    CHECK_FAILS(S("YUV4MPEG2 W4\tH2 F25:1\n"), VIO_E_BAD_TAG, "byte 12: control character 0x09");
    CHECK_FAILS(S("YUV4MPEG2 W4 H2 F25:1 C4\x00" "20\n"), VIO_E_BAD_TAG,
                "byte 24: control character 0x00");

    char long_line[VIO_MAX_LINE + 32];
    int n = snprintf(long_line, sizeof long_line, "YUV4MPEG2 W4 H2 F25:1 X");
    memset(long_line + n, 'a', sizeof long_line - (size_t)n);
    CHECK_FAILS(long_line, sizeof long_line, VIO_E_LINE_LONG, "longer than 4096 bytes");
    /* exactly 4096 bytes with the newline is still a header */
    long_line[VIO_MAX_LINE - 1] = '\n';
    int frames;
    vio_error err;
    CHECK_EQ(read_all(long_line, VIO_MAX_LINE, &frames, &err), 0);
}

#define HDR "YUV4MPEG2 W4 H2 F25:1\n"   /* 22 bytes; 12-byte frames */
#define PAY "0123456789ab"

TEST(frame_errors)
{
    CHECK_FAILS(S(HDR "FRAME\n" PAY "FRA"), VIO_E_TRUNCATED,
                "byte 43: input ends inside the FRAME line of frame 2");
    CHECK_FAILS(S(HDR "FRAME"), VIO_E_TRUNCATED, "the FRAME line of frame 1");
    CHECK_FAILS(S(HDR "FRAME Ixyz"), VIO_E_TRUNCATED, "the FRAME line of frame 1");
    CHECK_FAILS(S(HDR "FRAMEgarbage\n" PAY), VIO_E_FRAME_MARK, "frame 1, byte 22: no \"FRAME\"");
    CHECK_FAILS(S(HDR "FRAMX\n" PAY), VIO_E_FRAME_MARK, "frame 1, byte 22");
    CHECK_FAILS(S(HDR "FRAME\n" "01234"), VIO_E_TRUNCATED,
                "frame 1, byte 33: input ends inside the frame: 7 of 12 bytes missing");
    /* header says 64x64 (4096 + 2 * 1024 = 6144 bytes) but 12 bytes follow */
    CHECK_FAILS(S("YUV4MPEG2 W64 H64 F25:1\nFRAME\n" PAY), VIO_E_TRUNCATED,
                "6132 of 6144 bytes missing");
    /* a frame 4 bytes longer than the header says: the next marker is off */
    CHECK_FAILS(S(HDR "FRAME\n" PAY "WXYZ" "FRAME\n" PAY), VIO_E_FRAME_MARK, "frame 2, byte 40");

    char params[VIO_MAX_LINE + 64] = HDR "FRAME ";
    memset(params + 28, 'p', sizeof params - 28);
    CHECK_FAILS(params, sizeof params, VIO_E_LINE_LONG, "FRAME line of frame 1 longer");
}

/* FRAME lines carry I (Im streams only) and X parameters, nothing else */
TEST(frame_parameter_errors)
{
    /* HDR: 22 bytes, so frame 1's parameters start at 28; frame 2 at 40, its
     * parameters at 46 */
    CHECK_FAILS(S(HDR "FRAME Q1\n" PAY), VIO_E_BAD_TAG,
                "frame 1, byte 28: unknown FRAME parameter \"Q1\" (only I and X are defined)");
    CHECK_FAILS(S(HDR "FRAME\n" PAY "FRAME X1 garbage\n" PAY), VIO_E_BAD_TAG,
                "frame 2, byte 49: unknown FRAME parameter \"garbage\"");
    CHECK_FAILS(S(HDR "FRAME Itii\n" PAY), VIO_E_BAD_TAG,
                "frame 1, byte 28: FRAME parameter \"Itii\" in a stream whose header is not Im");
    CHECK_FAILS(S(HDR "FRAME \x01\n" PAY), VIO_E_BAD_TAG,
                "frame 1, byte 28: control character 0x01 in the FRAME line");
    CHECK_FAILS(S(HDR "FRAME X\r\n" PAY), VIO_E_BAD_TAG, "byte 29: control character 0x0d");
}

/* "YUV4MPEG2 W4 H2 F25:1 Im\n": 25 bytes; frame 1's parameters at 31; with
 * "FRAME Itii\n" (11) and 12 payload bytes, frame 2 at 48, its parameters at 54 */
#define HDR_M "YUV4MPEG2 W4 H2 F25:1 Im\n"

TEST(mixed_streams_carry_each_frames_interlacing)
{
    static const struct { const char *itag; enum vio_interlace want; } frames[] = {
        { "tii", VIO_TFF }, { "Tii", VIO_TFF }, { "bii", VIO_BFF }, { "Bi?", VIO_BFF },
        { "1pp", VIO_PROGRESSIVE }, { "2pp", VIO_PROGRESSIVE }, { "3p?", VIO_PROGRESSIVE },
        { "tpp", VIO_PROGRESSIVE },   /* top first, but one instant: nothing to undo */
        { "1ii", VIO_INTERLACE_UNKNOWN },   /* two instants, order not given */
    };
    enum { N = sizeof frames / sizeof frames[0] };
    char s[N * 64 + 64];
    int n = snprintf(s, sizeof s, "%s", HDR_M);
    for (int i = 0; i < N; i++)
        n += snprintf(s + n, sizeof s - (size_t)n, "FRAME XA=1 I%s\n" PAY, frames[i].itag);
    vio_in in;
    vio_out out;
    vio_frame f;
    FILE *fp, *ofp = tmpfile();
    vio_error err;
    uint8_t back[sizeof s];
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, s, (size_t)n, &err), 0);
    CHECK_EQ(in.info.interlace, VIO_MIXED);
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, ofp, &in.info, &err), 0);
    for (int i = 0; i < N; i++) {
        CHECK_EQ(vio_in_read(&in, &f, &err), 1);
        CHECKF(in.frame_info.interlace == frames[i].want, "I%s: %d, want %d", frames[i].itag,
               in.frame_info.interlace, frames[i].want);
        CHECK_STR(in.frame_info.itag, frames[i].itag);
        out.frame_info = in.frame_info;
        CHECK_EQ(vio_out_write(&out, &f, &err), 0);
    }
    CHECK_EQ(vio_in_read(&in, &f, &err), 0);
    /* written back: the header as FFmpeg orders it, each FRAME with its I */
    size_t got = t_read_back(ofp, back, sizeof back);
    char want[sizeof s];
    int w = snprintf(want, sizeof want, "YUV4MPEG2 W4 H2 F25:1 Im A0:0 C420jpeg\n");
    for (int i = 0; i < N; i++)
        w += snprintf(want + w, sizeof want - (size_t)w, "FRAME I%s\n" PAY, frames[i].itag);
    CHECKF(got == (size_t)w && !memcmp(back, want, got), "%zu bytes, want %d", got, w);
    /* an Im stream cannot be written without the frames' I values */
    out.frame_info.itag[0] = 0;
    CHECK_EQ(vio_out_write(&out, &f, &err), VIO_E_ARG);
    CHECK(strstr(err.msg, "an Im stream needs the frame's I parameter") != NULL);
    vio_out_end(&out);
    fclose(ofp);
    t_close_stream(&in, fp, &f);

    CHECK_FAILS(S(HDR_M "FRAME\n" PAY), VIO_E_BAD_TAG,
                "frame 1, byte 25: no I parameter on the FRAME line of an Im (mixed) stream");
    CHECK_FAILS(S(HDR_M "FRAME X1\n" PAY), VIO_E_BAD_TAG, "frame 1, byte 25: no I parameter");
    CHECK_FAILS(S(HDR_M "FRAME Itii\n" PAY "FRAME Ixii\n" PAY), VIO_E_BAD_TAG,
                "frame 2, byte 54: bad FRAME parameter \"Ixii\" (want Ixyz: x one of tTbB123, "
                "y one of pi, z one of pi?)");
    CHECK_FAILS(S(HDR_M "FRAME Iti\n" PAY), VIO_E_BAD_TAG, "byte 31: bad FRAME parameter \"Iti\"");
    CHECK_FAILS(S(HDR_M "FRAME Itiip\n" PAY), VIO_E_BAD_TAG, "bad FRAME parameter \"Itiip\"");
    CHECK_FAILS(S(HDR_M "FRAME It?i\n" PAY), VIO_E_BAD_TAG, "bad FRAME parameter \"It?i\"");
    CHECK_FAILS(S(HDR_M "FRAME I\n" PAY), VIO_E_BAD_TAG, "bad FRAME parameter \"I\"");
}

TEST(chroma_tag_lists)
{
    char buf[256];
    unsigned c420 = 1u << VIO_CHROMA_420, c422 = 1u << VIO_CHROMA_422;
    static const char want[] = "C420jpeg, C420mpeg2, C420paldv, C420 and C422";
    CHECK_EQ(vio_y4m_ctag_list(buf, sizeof buf, c420 | c422), sizeof want - 1);
    CHECK_STR(buf, want);
    vio_y4m_ctag_list(buf, sizeof buf, ~0u);
    CHECK_STR(buf, "C420jpeg, C420mpeg2, C420paldv, C420, C422, C444, C411 and Cmono");
    vio_y4m_ctag_list(buf, sizeof buf, 1u << VIO_CHROMA_MONO);
    CHECK_STR(buf, "Cmono");
    /* cut short like snprintf, the length still the whole list's */
    CHECK_EQ(vio_y4m_ctag_list(buf, 10, c420 | c422), sizeof want - 1);
    CHECK_STR(buf, "C420jpeg,");
    CHECK_STR(vio_y4m_ctag(VIO_FMT_I420, VIO_SITING_PALDV), "420paldv");
    CHECK_STR(vio_y4m_ctag(VIO_FMT_I444, VIO_SITING_LEFT), "444");
    CHECK(vio_y4m_ctag(VIO_FMT_NV12, VIO_SITING_CENTER) == NULL);
}

/* Mutated and cut streams: every read ends in a frame count or one of the
 * documented errors with a message, never a crash (the sanitizer build
 * checks the memory side). */
TEST(mutated_streams_fail_cleanly)
{
    static const char base[] = "YUV4MPEG2 W6 H4 F30000:1001 Im A16:15 C420mpeg2 XA=1\n"
                               "FRAME Itii\n" "0123456789abcdefghijklmnopqrstuvwxyzAB"
                               "FRAME I1pp XB\n" "0123456789abcdefghijklmnopqrstuvwxyzAB";
    static const char junk[] = " \n\r\t\0:0123456789WHFIACXmtbp?-+.FRAMEYUV4MPEG2\xff";
    char s[sizeof base + 16];
    for (int round = 0; round < 20000; round++) {
        size_t n = sizeof base - 1;
        memcpy(s, base, n);
        for (int k = (int)(t_rand() % 4) + 1; k > 0 && n > 0; k--) {
            size_t at = (size_t)(t_rand() % n);
            switch (t_rand() % 3) {
            case 0: s[at] = junk[t_rand() % (sizeof junk - 1)]; break;
            case 1: s[at] = (char)t_rand(); break;
            default: n = at; break;   /* cut */
            }
        }
        int frames;
        vio_error err = { 0 };
        int rc = read_all(s, n, &frames, &err);
        CHECKF(rc <= 0 && rc >= VIO_E_OPEN, "round %d: %d", round, rc);
        CHECKF(rc == 0 || (err.code == rc && err.msg[0]), "round %d: code %d, \"%s\"", round,
               err.code, err.msg);
        CHECKF(frames <= 2, "round %d: %d frames", round, frames);
        if (t_failed())
            break;
    }
}

TEST(frame_buffer_must_match_the_stream)
{
    vio_in in;
    vio_frame f, wrong;
    FILE *fp;
    vio_error err;
    CHECK_EQ(t_open_stream(&in, &fp, &f, &vio_y4m_demuxer, NULL, S(HDR "FRAME\n" PAY), &err), 0);
    CHECK_EQ(vio_frame_alloc(&wrong, VIO_CHROMA_422, 4, 2), 0);
    CHECK_EQ(vio_in_read(&in, &wrong, &err), VIO_E_ARG);
    CHECK_EQ(vio_in_read(&in, &f, &err), 1);   /* nothing was consumed */
    vio_frame_free(&wrong);
    t_close_stream(&in, fp, &f);
}

TEST(write_to_a_closed_pipe_is_an_error)
{
    int fds[2];
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    CHECK_EQ(pipe(fds), 0);
    close(fds[0]);
    FILE *w = fdopen(fds[1], "wb");
    vio_info info = { .width = 256, .height = 256, .fps_num = 25, .fps_den = 1,
                      .format = VIO_FMT_I444 };
    vio_out out;
    vio_frame f;
    vio_error err = { 0 };
    CHECK_EQ(vio_frame_alloc(&f, VIO_CHROMA_444, 256, 256), 0);
    memset(f.data[0], 0, (size_t)f.stride[0] * 256 * 3);
    /* the header may sit in the stdio buffer; a 192 KiB frame cannot */
    int rc = vio_out_start(&out, &vio_y4m_muxer, w, &info, &err);
    if (!rc)
        rc = vio_out_write(&out, &f, &err);
    CHECK_EQ(rc, VIO_E_IO);
    CHECKF(strstr(err.msg, "Broken pipe"), "message: %s", err.msg);
    vio_out_end(&out);
    vio_frame_free(&f);
    fclose(w);
    signal(SIGPIPE, old);
}
