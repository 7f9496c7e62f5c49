/* gen7sf-vpp as a user runs it: options, headers, frame counts per rate,
 * pipes, raw video, and the errors a broken input or a bad command gives. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "tool_run.h"
#include "tool_spawn.h"

#include "synth.h"
#include "video_io.h"
#include "vpp_probe.h"

static const char *path(const char *name)
{
    return t_scratch_path("tool_vpp_", name);
}

/* Runs "gen7sf-vpp ARGS" through sh (ARGS may hold pipes and redirections,
 * with $T for the tool): tool_run.h keeps its stdout and stderr. */
static int run(const char *args)
{
    return t_tool_run("gen7sf-vpp", "%s", args);
}

static int write_y4m(const char *file, const synth_seq *s, const vio_info *info)
{
    return synth_seq_write_y4m(file, s, 0, s->n, info);
}

/* n frames of moving text, w x h, as Y4M with the given header values. */
static void make_clip(const char *file, int w, int h, long n, vio_info info)
{
    synth_clip c;
    synth_clip_init(&c, vio_format_chroma(info.format), w, h);
    CHECK_EQ(synth_clip_section(&c, "text", n, 0, info.interlace != VIO_BFF, 1), 0);
    info.width = w, info.height = h;
    CHECK_EQ(write_y4m(file, &c.video, &info), 0);
    synth_clip_free(&c);
}

static vio_info it420(void)
{
    return (vio_info){ .fps_num = 25, .fps_den = 1, .format = VIO_FMT_I420,
                       .interlace = VIO_TFF, .siting = VIO_SITING_CENTER };
}

/* The Y4M stream header of file and its frame count (-1 if unreadable). */
static long y4m_frames(const char *file, char *header, size_t n)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return -1;
    if (!fgets(header, (int)n, f))
        header[0] = 0;
    header[strcspn(header, "\n")] = 0;
    rewind(f);
    vio_in in;
    vio_frame fr;
    vio_error err;
    long count = -1;
    if (!vio_in_start(&in, &vio_y4m_demuxer, f, NULL, &err)) {
        if (!vio_frame_alloc(&fr, vio_format_chroma(in.info.format), in.info.width,
                             in.info.height)) {
            int rc;
            for (count = 0; (rc = vio_in_read(&in, &fr, &err)) == 1;)
                count++;
            if (rc < 0)
                count = -1;
            vio_frame_free(&fr);
        }
        vio_in_end(&in);
    }
    fclose(f);
    return count;
}

static bool exists(const char *file)
{
    struct stat st;
    return !stat(file, &st);
}

/* Every stderr line starts with "gen7sf-vpp: " (the name, once) or is the
 * --help hint. */
static void check_lines_named(int line, const char *args)
{
    for (const char *p = t_tool_stderr; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char l[1024];
        snprintf(l, sizeof l, "%.*s", (int)n, p);
        const char *again = strstr(l + 1, "gen7sf-vpp");
        if (strcmp(l, "Try 'gen7sf-vpp --help'.") &&
            (strncmp(l, "gen7sf-vpp: ", 12) || (again && again[10] != ' ' && again[10] != '\'')))
            t_fail(__FILE__, line, "'%s': stderr line \"%s\"", args, l);
        p += n + (e != NULL);
    }
}

TEST(help_and_version)
{
    CHECK_EQ(run("--help"), 0);
    CHECK(strstr(t_tool_stdout, "usage: gen7sf-vpp [options] INPUT OUTPUT") != NULL);
    CHECK(strstr(t_tool_stdout, "--deinterlace=auto|mcdi|madi|bob|weave|off") != NULL);
    CHECK_EQ(run("--version"), 0);
    CHECK_STR(t_tool_stdout, "gen7sf-vpp 0.1.0\n");
}

TEST(bad_options_are_usage_errors)
{
    static const char *const bad[] = {
        "--bogus a b", "--deinterlace=sideways a b", "--rate=half a b",
        "--field-order=lff a b", "--denoise=65 a b", "--denoise=-1 a b", "--denoise=x a b",
        "--threads 0 a b", "--threads 65 a b", "--size 0x10 a b", "--size 64 a b",
        "--size 64x32 --fps 25 a b", "--size 64x32 --fps 0/1 a b", "--size 64x32 --format RGB a b",
        "--fps 25/1 a b", "--format NV12 a b", "--output-format rgb a b",
        "--rate=film --deinterlace=madi a b", "a", "", "a b c", "--scale 0x0 a b",
        "--scale 64 a b", "--scale -2x8 a b", "--scale 16385x8 a b", "--sharpen=256 a b",
        "--sharpen=x a b", "--procamp=0:1:0 a b", "--procamp=101:1:0:1 a b",
        "--procamp=0:11:0:1 a b", "--procamp=0:1:181:1 a b", "--procamp=0:1:0:-1 a b",
        "--procamp=0:1:0:1:5 a b", "--procamp=x a b", "--csc=bt601 a b",
        "--csc=bt2020:bt709 a b", "--csc=bt601:bt709-limited a b", "--csc= a b", "--ace=101 a b",
        "--ace=-1 a b", "--ace=x a b", "--tcc=1:1:1:1:1 a b", "--tcc=2:1:1:1:1:1 a b",
        "--tcc=1:1:1:1:1:-0.1 a b", "--tcc=1:1:1:1:1:1:1 a b", "--skin-tone=101 a b",
        "--skin-tone=x a b", "--gamut=wide a b", "--gamut a b", "--ace 40 a b",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECKF(run(bad[i]) == 2, "'%s' gave %d", bad[i], run(bad[i]));
        CHECKF(strstr(t_tool_stderr, "gen7sf-vpp: ") == t_tool_stderr, "'%s': stderr \"%s\"", bad[i], t_tool_stderr);
        check_lines_named(__LINE__, bad[i]);
    }
}

TEST(options_are_named_as_written)
{
    static const struct { const char *args, *text; } bad[] = {
        { "--threads", "gen7sf-vpp: option '--threads' needs a value\n" },
        { "--quiet=1 a b", "gen7sf-vpp: option '--quiet' takes no value, or is unknown\n" },
        { "--bogus=3 a b", "gen7sf-vpp: option '--bogus' takes no value, or is unknown\n" },
        { "-x a b", "gen7sf-vpp: unknown option '-x'\n" },
        { "-qx a b", "gen7sf-vpp: unknown option '-x'\n" },
        { "--denoise=x a b", "gen7sf-vpp: --denoise: strength 'x' is not 0..64\n" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECKF(run(bad[i].args) == 2, "'%s' gave %d", bad[i].args, run(bad[i].args));
        char want[256];
        snprintf(want, sizeof want, "%sTry 'gen7sf-vpp --help'.\n", bad[i].text);
        CHECK_STR(t_tool_stderr, want);
    }
    CHECK_EQ(run("/nonexistent/in.y4m /nonexistent/out.y4m"), 1);
    CHECK_STR(t_tool_stderr, "gen7sf-vpp: /nonexistent/in.y4m: No such file or directory\n");
}

/* an optional value must follow '=': "--denoise 20" makes 20 a file name */
TEST(denoise_with_a_detached_value_says_how_to_write_it)
{
    static const char *const cases[] = { "--denoise 20 a b", "--denoise 20 a", "a --denoise 7 b",
                                         "--denoise 20 a b c" };
    static const char *const values[] = { "20", "20", "7", "20" };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char want[256];
        snprintf(want, sizeof want, "gen7sf-vpp: --denoise %s: write --denoise=%s (the strength "
                 "must follow '=', else it is taken for a file name)\nTry 'gen7sf-vpp --help'.\n",
                 values[i], values[i]);
        CHECKF(run(cases[i]) == 2, "'%s'", cases[i]);
        CHECK_STR(t_tool_stderr, want);
    }
    /* a file that is called 20 is a file (run in build/tests, where it is) */
    char in[600], cmd[1200];
    snprintf(in, sizeof in, "%s/tests/20", t_build_dir());
    make_clip(in, 32, 16, 2, it420());
    snprintf(cmd, sizeof cmd, "cd %s/tests && ../gen7sf-vpp --quiet --deinterlace=weave "
             "--denoise 20 tool_vpp_20_out.y4m 2>/dev/null", t_build_dir());
    CHECK_EQ(system(cmd), 0);
    CHECK(exists(path("20_out.y4m")));
    remove(in), remove(path("20_out.y4m"));
}

TEST(field_frame_and_film_rates)
{
    if (!t_vpp_can_deinterlace())
        SKIP(VPP_NO_DI);
    const char *in = path("in.y4m"), *out = path("out.y4m");
    char head[256], args[600];
    make_clip(in, 64, 32, 5, it420());
    /* field rate: 2N frames at twice the rate, progressive */
    snprintf(args, sizeof args, "--deinterlace=madi --threads 1 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 10);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F50:1 Ip A0:0 C420jpeg");
    /* frame rate: N frames at the input rate */
    snprintf(args, sizeof args, "--rate=frame --deinterlace=bob %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 5);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F25:1 Ip A0:0 C420jpeg");
    /* film rate: 4/5 of the input rate (3:2) */
    snprintf(args, sizeof args, "--rate=film %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(y4m_frames(out, head, sizeof head) >= 4);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F20:1 Ip A0:0 C420jpeg");
    snprintf(args, sizeof args, "--rate=film --output-fps 25/1 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(y4m_frames(out, head, sizeof head) >= 4);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F25:1 Ip A0:0 C420jpeg");
    /* off: frames pass through with their interlace tag, whatever the rate */
    snprintf(args, sizeof args, "--deinterlace=off --denoise %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 5);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F25:1 It A0:0 C420jpeg");
    /* weave at field rate: still interlaced, in the chosen field order */
    snprintf(args, sizeof args, "--deinterlace=weave --field-order=bff %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 10);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F50:1 Ib A0:0 C420jpeg");
    remove(in), remove(out);
}

TEST(header_tags_carried_over)
{
    if (!t_vpp_can_deinterlace())
        SKIP(VPP_NO_DI);
    const char *in = path("tags.y4m"), *out = path("tags_out.y4m");
    char head[256], args[600];
    vio_info info = it420();
    info.siting = VIO_SITING_LEFT, info.sar_num = 16, info.sar_den = 15;
    info.interlace = VIO_BFF, info.fps_num = 30000, info.fps_den = 1001;
    strcpy(info.xtags, "XYSCSS=420MPEG2");
    make_clip(in, 48, 16, 2, info);
    snprintf(args, sizeof args, "--quiet %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 4);
    CHECK_STR(head, "YUV4MPEG2 W48 H16 F60000:1001 Ip A16:15 C420mpeg2 XYSCSS=420MPEG2");
    /* PAL DV siting becomes progressive co-sited 4:2:0 (mpeg2) */
    info.siting = VIO_SITING_PALDV;
    strcpy(info.xtags, "XYSCSS=420PALDV");
    make_clip(in, 48, 16, 2, info);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 4);
    CHECK_STR(head, "YUV4MPEG2 W48 H16 F60000:1001 Ip A16:15 C420mpeg2 XYSCSS=420MPEG2");
    /* 4:2:2 stays 4:2:2 */
    info = it420();
    info.format = VIO_FMT_I422;
    make_clip(in, 48, 16, 2, info);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 4);
    CHECK_STR(head, "YUV4MPEG2 W48 H16 F50:1 Ip A0:0 C422");
    remove(in), remove(out);
}

TEST(field_order_auto)
{
    const char *in = path("order.y4m"), *out = path("order_out.y4m");
    char args[600];
    vio_info info = it420();
    info.interlace = VIO_PROGRESSIVE;
    make_clip(in, 32, 16, 2, info);
    /* progressive (or unknown, mixed) input: assumed TFF, with a note */
    snprintf(args, sizeof args, "--deinterlace=weave %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(strstr(t_tool_stderr, "assuming top field first") != NULL);
    char head[256];
    CHECK_EQ(y4m_frames(out, head, sizeof head), 4);
    CHECK_STR(head, "YUV4MPEG2 W32 H16 F50:1 It A0:0 C420jpeg");
    snprintf(args, sizeof args, "--deinterlace=weave --quiet %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_STR(t_tool_stderr, "");
    snprintf(args, sizeof args, "--deinterlace=weave --field-order=bff %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_STR(t_tool_stderr, "");
    CHECK_EQ(y4m_frames(out, head, sizeof head), 4);
    CHECK_STR(head, "YUV4MPEG2 W32 H16 F50:1 Ib A0:0 C420jpeg");
    remove(in), remove(out);
}

TEST(pipes_give_the_same_bytes_as_files)
{
    const char *in = path("pipe.y4m"), *out = path("pipe_out.y4m"), *out2 = path("pipe_out2.y4m");
    char args[600];
    make_clip(in, 64, 32, 4, it420());
    snprintf(args, sizeof args, "--deinterlace=weave --threads 2 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cat %s | %s/gen7sf-vpp --deinterlace=weave --threads 1 - - | cat > %s", in, t_build_dir(),
             out2);
    CHECK_EQ(system(cmd), 0);
    static char a[1 << 16], b[1 << 16];
    FILE *fa = fopen(out, "rb"), *fb = fopen(out2, "rb");
    size_t na = fa ? fread(a, 1, sizeof a, fa) : 0, nb = fb ? fread(b, 1, sizeof b, fb) : 1;
    CHECK(na > 0 && na == nb && !memcmp(a, b, na));
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    remove(in), remove(out), remove(out2);
}

/* With more than one thread the pipeline runs its passes and conversions
 * in chunks on a pool: the bytes are those of one thread, in every mode,
 * and a cut input gives the same output and message. */
TEST(threads_give_the_same_bytes)
{
    const char *in = path("thr.y4m"), *cut = path("thr_cut.y4m");
    const char *out1 = path("thr_out1.y4m"), *outn = path("thr_outn.y4m");
    static const char *const modes[] = { "--deinterlace=auto --denoise", "--deinterlace=madi",
                                         "--deinterlace=bob", "--deinterlace=weave --denoise",
                                         "--deinterlace=auto --rate=film",
                                         "--deinterlace=madi --scale 150x76 --sharpen",
                                         "--deinterlace=off --scale 40x22" };
    make_clip(in, 80, 40, 7, it420());
    char args[800];
    static char err1[8192];
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        for (int t = 2; t <= 5; t += 3) {
            snprintf(args, sizeof args, "--quiet %s --threads 1 %s %s", modes[m], in, out1);
            CHECK_EQ(run(args), 0);
            snprintf(args, sizeof args, "--quiet %s --threads %d %s %s", modes[m], t, in, outn);
            CHECK_EQ(run(args), 0);
            CHECKF(t_same_file(out1, outn), "%s: %d threads differ from 1", modes[m], t);
        }
    /* the header, 3 whole frames ("FRAME\n" and 80 x 40 4:2:0) and part
     * of the 4th */
    FILE *f = fopen(in, "rb"), *g = fopen(cut, "wb");
    CHECK(f && g);
    long keep = 3 * (6 + 80 * 40 * 3 / 2) + 2000;
    int c = 0;
    while (f && g && c != '\n' && (c = getc(f)) != EOF)
        putc(c, g);
    for (long i = 0; f && g && c != EOF && i <= keep && (c = getc(f)) != EOF; i++)
        putc(c, g);
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    snprintf(args, sizeof args, "--quiet --threads 1 %s %s", cut, out1);
    CHECK_EQ(run(args), 1);
    snprintf(err1, sizeof err1, "%s", t_tool_stderr);
    snprintf(args, sizeof args, "--quiet --threads 2 %s %s", cut, outn);
    CHECK_EQ(run(args), 1);
    CHECK_STR(t_tool_stderr, err1);
    CHECK(strstr(err1, "the 3 whole frames before it were processed and written"));
    CHECK(t_same_file(out1, outn));
    /* a write that fails: the same message whether the run writes its
     * frames itself (1 thread) or on a thread of their own (2) */
    if (access("/dev/full", W_OK) == 0) {
        snprintf(args, sizeof args, "--quiet --deinterlace=bob --threads 1 %s /dev/full", in);
        CHECK_EQ(run(args), 1);
        snprintf(err1, sizeof err1, "%s", t_tool_stderr);
        CHECK(strstr(err1, "/dev/full") != NULL);
        snprintf(args, sizeof args, "--quiet --deinterlace=bob --threads 2 %s /dev/full", in);
        CHECK_EQ(run(args), 1);
        CHECK_STR(t_tool_stderr, err1);
    }
    remove(in), remove(cut), remove(out1), remove(outn);
}

TEST(a_closed_pipe_is_an_error_not_a_signal)
{
    const char *in = path("big.y4m");
    make_clip(in, 256, 128, 12, it420());   /* 24 x 48 KiB out: more than a pipe holds */
    char cmd[1200];
    snprintf(cmd, sizeof cmd,
             "(%s/gen7sf-vpp --deinterlace=weave --quiet %s - 2>/dev/null; echo $? > %s) "
             "| head -c 10 > /dev/null",
             t_build_dir(), in, path("status"));
    CHECK_EQ(system(cmd), 0);
    char st[16];
    t_read_text(path("status"), st, sizeof st);
    CHECK_STR(st, "1\n");   /* 141 would be death by SIGPIPE */
    remove(in), remove(path("status"));
}

TEST(raw_video_in_and_out)
{
    const char *in = path("in.yuv"), *out = path("out.yuv"), *y4m = path("raw_out.y4m");
    char args[600], head[256];
    /* 4 NV12 frames of 64x32 (3072 bytes each): a gradient */
    FILE *f = fopen(in, "wb");
    for (int i = 0; f && i < 4 * 3072; i++)
        fputc(i * 7 & 0xFF, f);
    if (f)
        fclose(f);
    snprintf(args, sizeof args, "--deinterlace=weave --size 64x32 --format NV12 --fps 30/1 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    struct stat st;
    CHECK(!stat(out, &st) && st.st_size == 8 * 3072);
    snprintf(args, sizeof args, "--deinterlace=weave --size 64x32 --format NV12 --output-format y4m %s %s", in, y4m);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(y4m_frames(y4m, head, sizeof head), 8);
    CHECK_STR(head, "YUV4MPEG2 W64 H32 F50:1 It A0:0 C420jpeg");   /* raw: TFF assumed */
    /* YUY2 (4:2:2 packed, 4096 bytes a frame) cannot become 4:2:0 NV12 */
    snprintf(args, sizeof args, "--size 32x32 --format YUY2 --output-format NV12 %s %s", in, out);
    CHECK_EQ(run(args), 1);
    CHECK(strstr(t_tool_stderr, "4:2:2") != NULL);
    snprintf(args, sizeof args, "--deinterlace=weave --size 32x32 --format UYVY %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(!stat(out, &st) && st.st_size == 2 * 6 * 2048);
    /* a raw file that is not a whole number of frames: the 5th is cut, the
     * 4 before it (of 2880 bytes) are kept */
    snprintf(args, sizeof args, "--deinterlace=weave --size 64x30 --format I420 %s %s", in, out);
    CHECK_EQ(run(args), 1);
    CHECK(strstr(t_tool_stderr, in) != NULL && strstr(t_tool_stderr, "frame 5") != NULL);
    CHECK(strstr(t_tool_stderr, "the 4 whole frames before it were processed and written\n") != NULL);
    CHECK(!stat(out, &st) && st.st_size == 8 * 2880);
    remove(in), remove(out), remove(y4m);
}

TEST(broken_inputs_fail_cleanly)
{
    const char *in = path("broken.y4m"), *cut = path("cut.y4m"), *out = path("broken_out.y4m");
    char args[600];
    make_clip(in, 64, 32, 4, it420());
    /* truncated inside the 3rd frame's payload (error messages count from 1): header 41 + frames of 6 + 3072 bytes */
    FILE *f = fopen(in, "rb"), *g = fopen(cut, "wb");
    for (int i = 0, c; f && g && i < 41 + 2 * 3078 + 1000 && (c = fgetc(f)) != EOF; i++)
        fputc(c, g);
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    remove(out);
    snprintf(args, sizeof args, "--deinterlace=weave --stats %s %s %s", path("cut.json"), cut,
             out);
    CHECK_EQ(run(args), 1);
    /* frame 3 starts at 41 + 2 * 3078 = 6197, its payload at 6203; the file
     * ends at 7197: 994 payload bytes came */
    char want[900];
    snprintf(want, sizeof want, "gen7sf-vpp: %s: frame 3, byte 7197: input ends inside the "
             "frame: 2078 of 3072 bytes missing; the 2 whole frames before it were processed "
             "and written\n", cut);
    CHECK_STR(t_tool_stderr, want);
    /* what was whole is kept: 2 frames, 4 fields, with their statistics */
    char head[256];
    CHECK_EQ(y4m_frames(out, head, sizeof head), 4);
    t_read_text(path("cut.json"), t_tool_stdout, sizeof t_tool_stdout);
    CHECK(strstr(t_tool_stdout, "{\"output\": 3, \"input\": 1, \"field\": 1,") != NULL);
    CHECK(strstr(t_tool_stdout, "\n]}\n") != NULL);
    remove(out), remove(path("cut.json"));
    /* cut inside the first frame: nothing whole, nothing written */
    f = fopen(in, "rb"), g = fopen(cut, "wb");
    for (int i = 0, c; f && g && i < 41 + 6 + 100 && (c = fgetc(f)) != EOF; i++)
        fputc(c, g);
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    snprintf(args, sizeof args, "--deinterlace=weave %s %s", cut, out);
    CHECK_EQ(run(args), 1);
    CHECKF(strstr(t_tool_stderr, "frame 1, byte 147: input ends inside the frame: 2972 of 3072 "
                  "bytes missing\n"), "%s", t_tool_stderr);
    CHECK(!exists(out));   /* nothing half written */
    /* a lying header: says 64x40, frames are 64x32 -> the marker check trips */
    f = fopen(in, "rb"), g = fopen(cut, "wb");
    char line[128];
    if (f && g && fgets(line, sizeof line, f)) {
        fputs("YUV4MPEG2 W64 H40 F25:1 It A0:0 C420jpeg\n", g);
        for (int c; (c = fgetc(f)) != EOF;)
            fputc(c, g);
    }
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    CHECK_EQ(run(args), 1);
    CHECKF(strstr(t_tool_stderr, cut) && strstr(t_tool_stderr, "frame 2") &&
           strstr(t_tool_stderr, "no \"FRAME\" marker"), "%s", t_tool_stderr);
    CHECK(!exists(out));
    /* not Y4M, missing, 4:4:4, too small */
    snprintf(args, sizeof args, "%s %s", "/dev/null", out);
    CHECK_EQ(run(args), 1);
    CHECK(strstr(t_tool_stderr, "/dev/null") != NULL);
    snprintf(args, sizeof args, "%s %s", path("no_such.y4m"), out);
    CHECK_EQ(run(args), 1);
    CHECK(strstr(t_tool_stderr, "no_such.y4m") != NULL);
    vio_info info = it420();
    info.format = VIO_FMT_I444;
    synth_seq s;
    synth_seq_init(&s, VIO_CHROMA_444, 32, 16);
    CHECK(synth_seq_add(&s) != NULL);
    if (s.n)
        memset(s.f[0].data[0], 0, (size_t)s.f[0].stride[0] * 16 * 3);
    info.width = 32, info.height = 16;
    CHECK_EQ(write_y4m(in, &s, &info), 0);
    synth_seq_free(&s);
    snprintf(args, sizeof args, "%s %s", in, out);
    CHECK_EQ(run(args), 1);
    snprintf(want, sizeof want, "gen7sf-vpp: %s: chroma C444 is not supported; gen7sf-vpp takes "
             "8-bit C420jpeg, C420mpeg2, C420paldv, C420 and C422\n", in);
    CHECK_STR(t_tool_stderr, want);
    make_clip(in, 8, 8, 1, it420());
    CHECK_EQ(run(args), 1);
    CHECK(strstr(t_tool_stderr, "smaller than 16x8") != NULL);
    CHECK(!exists(out));
    remove(in), remove(cut);
}

static void put(const char *file, const char *text)
{
    FILE *f = fopen(file, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

TEST(output_never_overwrites_the_input)
{
    const char *in = path("same.y4m");
    char args[600], head[256];
    make_clip(in, 32, 16, 2, it420());
    const char *never = path("never.y4m");
    const char *alias = t_scratch_alias("tool_vpp_", "same.y4m");
    static const char *const forms[] = {
        "%s %s", "%s %s", "- %s < %s", "--stats %s %s %s", "--stats %s %s %s",
    };
    remove(never);
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        snprintf(args, sizeof args, forms[i], i == 4 ? alias : in, i == 1 ? alias : in, never);
        CHECKF(run(args) == 2, "'%s' gave %d", args, run(args));
        CHECKF(strstr(t_tool_stderr, "are the same file: the input would be lost\n"),
               "'%s': %s", args, t_tool_stderr);
    }
    CHECK_EQ(y4m_frames(in, head, sizeof head), 2);   /* untouched */
    CHECK_STR(head, "YUV4MPEG2 W32 H16 F25:1 It A0:0 C420jpeg");
    CHECK(!exists(never));
    remove(in);
}

TEST(a_directory_is_named_as_one)
{
    const char *in = path("dir_in.y4m"), *d = path("a_dir");
    char args[600], want[600];
    make_clip(in, 32, 16, 2, it420());
    rmdir(d);
    CHECK_EQ(mkdir(d, 0755), 0);
    snprintf(want, sizeof want, "gen7sf-vpp: %s is a directory\n", d);
    snprintf(args, sizeof args, "%s %s", d, path("dir_out.y4m"));
    CHECK_EQ(run(args), 1);
    CHECK_STR(t_tool_stderr, want);
    snprintf(args, sizeof args, "--quiet %s %s", in, d);
    CHECK_EQ(run(args), 1);
    CHECK_STR(t_tool_stderr, want);
    snprintf(args, sizeof args, "--quiet --stats %s %s %s", d, in, path("dir_out.y4m"));
    CHECK_EQ(run(args), 1);
    CHECK_STR(t_tool_stderr, want);
    CHECK(!exists(path("dir_out.y4m")));
    snprintf(args, sizeof args, "- %s < %s", path("dir_out.y4m"), d);
    CHECK_EQ(run(args), 1);
    CHECK_STR(t_tool_stderr, "gen7sf-vpp: standard input is a directory\n");
    rmdir(d), remove(in);
}

/* --stats and OUTPUT: one file or standard output twice loses one of them */
TEST(stats_and_output_never_share_a_file)
{
    const char *in = path("share.y4m"), *out = path("share_out.y4m");
    char args[600];
    make_clip(in, 32, 16, 2, it420());
    put(out, "keep");
    snprintf(args, sizeof args, "--stats %s %s %s", out, in, out);
    CHECK_EQ(run(args), 2);
    CHECK(strstr(t_tool_stderr, "are the same file\n") != NULL);
    t_read_text(out, t_tool_stdout, sizeof t_tool_stdout);
    CHECK_STR(t_tool_stdout, "keep");
    remove(out);
    snprintf(args, sizeof args, "--stats %s %s %s", out, in,
             t_scratch_alias("tool_vpp_", "share_out.y4m"));   /* neither exists yet */
    CHECK_EQ(run(args), 2);
    CHECK(!exists(out));
    snprintf(args, sizeof args, "--stats - %s -", in);
    CHECK_EQ(run(args), 2);
    CHECK_STR(t_tool_stderr, "gen7sf-vpp: OUTPUT and --stats both go to standard output\n"
                        "Try 'gen7sf-vpp --help'.\n");
    CHECK_STR(t_tool_stdout, "");
    snprintf(args, sizeof args, "--stats /dev/stdout %s -", in);   /* run() redirects stdout */
    CHECK_EQ(run(args), 2);
    /* apart, both are fine; /dev/null may take both */
    snprintf(args, sizeof args, "--quiet --deinterlace=weave --stats - %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(!strncmp(t_tool_stdout, "{\"tool\": \"gen7sf-vpp\"", 21));
    snprintf(args, sizeof args, "--quiet --deinterlace=weave --stats /dev/null %s /dev/null", in);
    CHECK_EQ(run(args), 0);
    remove(in), remove(out);
}

/* weave, so that it runs without the deinterlacer: each frame comes out
 * twice at field rate, as field 0 and field 1 */
TEST(stats_json_has_one_record_per_output_frame)
{
    const char *in = path("st.y4m"), *out = path("st_out.y4m"), *js = path("st.json");
    char args[600];
    static char text[1 << 16];
    make_clip(in, 32, 16, 3, it420());
    snprintf(args, sizeof args, "--deinterlace=weave --stats %s %s %s", js, in, out);
    CHECK_EQ(run(args), 0);
    t_read_text(js, text, sizeof text);
    static const char start[] = "{\"tool\": \"gen7sf-vpp\", \"version\": \"0.1.0\", \"frames\": [";
    CHECK(!strncmp(text, start, sizeof start - 1));
    int n = 0;
    for (const char *p = text; (p = strstr(p, "{\"output\": ")); p++)
        n++;
    CHECK_EQ(n, 6);
    CHECK(strstr(text, "{\"output\": 5, \"input\": 2, \"field\": 1,") != NULL);
    CHECK(strstr(text, "\"cadence\": \"") != NULL && strstr(text, "\"locked\": ") != NULL);
    CHECK(strstr(text, "\n]}\n") != NULL);
    /* weave without denoise measures no motion: null, not a number */
    CHECK(strstr(text, "\"moving\": null}") != NULL && !strstr(text, "\"moving\": -"));
    remove(in), remove(out), remove(js);
}

TEST(denoise_without_a_value_is_strength_32)
{
    const char *in = path("dn.y4m"), *a = path("dn_a.y4m"), *b = path("dn_b.y4m"),
               *c = path("dn_c.y4m");
    char args[600];
    synth_clip clip;
    synth_clip_init(&clip, VIO_CHROMA_420, 64, 32);
    CHECK_EQ(synth_clip_section(&clip, "still", 4, 10, true, 3), 0);
    vio_info info = it420();
    info.width = 64, info.height = 32;
    CHECK_EQ(write_y4m(in, &clip.video, &info), 0);
    synth_clip_free(&clip);
    snprintf(args, sizeof args, "--deinterlace=off --denoise %s %s", in, a);
    CHECK_EQ(run(args), 0);
    snprintf(args, sizeof args, "--deinterlace=off --denoise=32 %s %s", in, b);
    CHECK_EQ(run(args), 0);
    snprintf(args, sizeof args, "--deinterlace=off %s %s", in, c);
    CHECK_EQ(run(args), 0);
    CHECK(t_same_file(a, b));
    CHECK(!t_same_file(a, c));   /* denoising the noisy frames changes them */
    CHECK(t_same_file(in, c));   /* off without denoise: the frames pass through */
    remove(in), remove(a), remove(b), remove(c);
}

/* Hand-written Y4M: a header, then frames of 32x16 4:2:0 (512 luma bytes,
 * 2 * 128 chroma bytes), each "FRAME" + params, luma rows alternating
 * top / bottom values, chroma all c. */
static void put_y4m(const char *file, const char *header, int n, const char *const params[],
                    uint8_t top, uint8_t bottom, uint8_t c)
{
    FILE *f = fopen(file, "wb");
    if (!f)
        return;
    fputs(header, f);
    for (int i = 0; i < n; i++) {
        fprintf(f, "FRAME%s%s\n", params[i][0] ? " " : "", params[i]);
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 32; x++)
                fputc(y % 2 ? bottom : top, f);
        for (int k = 0; k < 256; k++)
            fputc(c, f);
    }
    fclose(f);
}

TEST(unsupported_chroma_lists_what_is_taken)
{
    const char *in = path("p10.y4m"), *out = path("p10_out.y4m");
    char want[600], args[600];
    FILE *f = fopen(in, "wb");
    if (f) {
        fputs("YUV4MPEG2 W32 H16 F25:1 It C420p10 XYSCSS=420P10\n", f);
        fclose(f);
    }
    snprintf(args, sizeof args, "%s %s", in, out);
    CHECK_EQ(run(args), 1);
    snprintf(want, sizeof want, "gen7sf-vpp: %s: line 1, byte 27: chroma \"C420p10\" is not "
             "supported; gen7sf-vpp takes 8-bit C420jpeg, C420mpeg2, C420paldv, C420 and "
             "C422\n", in);
    CHECK_STR(t_tool_stderr, want);
    static const char *const none[] = { "" };
    put_y4m(in, "YUV4MPEG2 W32 H16 F25:1 It Cmono\n", 0, none, 0, 0, 0);
    CHECK_EQ(run(args), 1);
    snprintf(want, sizeof want, "gen7sf-vpp: %s: chroma Cmono is not supported; gen7sf-vpp "
             "takes 8-bit C420jpeg, C420mpeg2, C420paldv, C420 and C422\n", in);
    CHECK_STR(t_tool_stderr, want);
    CHECK(!exists(out));
    remove(in);
}

/* FRAME lines: garbage or parameters Y4M does not define are named with
 * the frame and byte, never skipped */
TEST(malformed_frame_lines_are_refused)
{
    const char *in = path("fl.y4m"), *out = path("fl_out.y4m");
    char args[600], want[600];
    /* header: 32 bytes; frame 1 at 32 (6 + 768 bytes), frame 2 at 806 */
    static const char head[] = "YUV4MPEG2 W32 H16 F25:1 It A1:1\n";
    static const struct { const char *params, *text; } bad[] = {
        { "Q1", "frame 2, byte 812: unknown FRAME parameter \"Q1\" (only I and X are defined)" },
        { "Itii", "frame 2, byte 812: FRAME parameter \"Itii\" in a stream whose header is not "
                  "Im (mixed)" },
        { "X1 \x7f", "frame 2, byte 815: control character 0x7f in the FRAME line" },
    };
    snprintf(args, sizeof args, "--quiet --deinterlace=weave %s %s", in, out);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *params[] = { "", bad[i].params };
        put_y4m(in, head, 2, params, 1, 2, 3);
        CHECKF(run(args) == 1, "FRAME %s", bad[i].params);
        snprintf(want, sizeof want, "gen7sf-vpp: %s: %s\n", in, bad[i].text);
        CHECK_STR(t_tool_stderr, want);
        CHECK(!exists(out));
    }
    /* X parameters are extensions: passed over */
    const char *params[] = { "XA=1", "XB" };
    put_y4m(in, head, 2, params, 1, 2, 3);
    CHECK_EQ(run(args), 0);
    remove(in), remove(out);
}

/* Plane 0 of f: every row's samples equal want[row % 2] (one value for a
 * flat frame when both are equal). */
static bool rows_are(const vio_frame *f, uint8_t even, uint8_t odd)
{
    for (int y = 0; y < f->height[0]; y++)
        for (int x = 0; x < f->width[0]; x++)
            if (f->data[0][y * f->stride[0] + x] != (y % 2 ? odd : even))
                return false;
    return true;
}

/* Im: each FRAME's I value says how that frame is deinterlaced.  Frames
 * whose top lines are 200 and bottom lines 50, so that bob gives 200
 * everywhere from the top field and 50 from the bottom one (a flat field
 * interpolates to itself): top first "tii" gives 200 then 50, bottom first
 * "bii" 50 then 200, and a progressive frame "1pp" (or "tpp": both fields
 * from one instant) passes through as it is, twice at field rate. */
TEST(mixed_streams_are_deinterlaced_frame_by_frame)
{
    if (!t_vpp_can_deinterlace())
        SKIP(VPP_NO_DI);
    const char *in = path("mixed.y4m"), *out = path("mixed_out.y4m");
    char args[600], head[256];
    static const char *const params[] = { "Itii", "Ibii", "I1pp", "Ibi?", "Itpp" };
    put_y4m(in, "YUV4MPEG2 W32 H16 F25:1 Im C420jpeg\n", 5, params, 200, 50, 128);
    snprintf(args, sizeof args, "--deinterlace=bob %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_STR(t_tool_stderr, "");   /* no order is assumed */
    vio_frame f[12];
    CHECK_EQ(vio_read_y4m_file(out, f, 12, NULL), 10);
    CHECK_EQ(y4m_frames(out, head, sizeof head), 10);
    CHECK_STR(head, "YUV4MPEG2 W32 H16 F50:1 Ip A0:0 C420jpeg");
    static const uint8_t want[10][2] = {
        { 200, 200 }, { 50, 50 },     /* tii: top field, then bottom */
        { 50, 50 }, { 200, 200 },     /* bii: bottom first */
        { 200, 50 }, { 200, 50 },     /* 1pp: as it is, twice */
        { 50, 50 }, { 200, 200 },     /* bi? */
        { 200, 50 }, { 200, 50 },     /* tpp */
    };
    for (int i = 0; i < 10; i++) {
        CHECKF(rows_are(&f[i], want[i][0], want[i][1]), "output %d: rows %u %u..., want %u %u",
               i, f[i].data[0][0], f[i].data[0][f[i].stride[0]], want[i][0], want[i][1]);
        vio_frame_free(&f[i]);
    }
    /* --field-order overrides the interlaced frames' order, not progressive frames */
    snprintf(args, sizeof args, "--deinterlace=bob --rate=frame --field-order=bff %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_EQ(vio_read_y4m_file(out, f, 12, NULL), 5);
    static const uint8_t want_bff[5][2] = { { 50, 50 }, { 50, 50 }, { 200, 50 }, { 50, 50 },
                                            { 200, 50 } };
    for (int i = 0; i < 5; i++) {
        CHECKF(rows_are(&f[i], want_bff[i][0], want_bff[i][1]), "bff output %d", i);
        vio_frame_free(&f[i]);
    }
    /* "1i?": two instants, order not given: assumed top first, with a note */
    static const char *const unknown[] = { "I1i?" };
    put_y4m(in, "YUV4MPEG2 W32 H16 F25:1 Im C420jpeg\n", 1, unknown, 200, 50, 128);
    snprintf(args, sizeof args, "--deinterlace=bob %s %s", in, out);
    CHECK_EQ(run(args), 0);
    char note[600];
    snprintf(note, sizeof note, "gen7sf-vpp: note: %s: frame 1 (I1i?): field order not given; "
             "assuming top field first (see --field-order)\n", in);
    CHECK_STR(t_tool_stderr, note);
    CHECK_EQ(vio_read_y4m_file(out, f, 12, NULL), 2);
    CHECK(rows_are(&f[0], 200, 200) && rows_are(&f[1], 50, 50));
    vio_frame_free(&f[0]), vio_frame_free(&f[1]);
    remove(in), remove(out);
}

/* With motion (MCDI, film detection, denoise): an Im stream gives what its
 * runs of frames give as separate It, Ib and (passed through) streams. */
TEST(mixed_streams_equal_their_runs_apart)
{
    if (!t_vpp_can_deinterlace())
        SKIP(VPP_NO_DI);
    char src[300], mixed[300];   /* path() keeps only its last 8 answers */
    snprintf(src, sizeof src, "%s", path("runs_src.y4m"));
    snprintf(mixed, sizeof mixed, "%s", path("runs_mixed.y4m"));
    make_clip(src, 32, 16, 7, it420());   /* moving text: frames 0..6 */
    vio_frame f[7], o_mixed[16], o_a[8], o_b[8];
    CHECK_EQ(vio_read_y4m_file(src, f, 7, NULL), 7);
    /* frames 0-2 "tii", 3-4 "bii", 5-6 "1pp" */
    vio_info info = it420();
    info.width = 32, info.height = 16, info.interlace = VIO_MIXED;
    static const char *const itag[7] = { "tii", "tii", "tii", "bii", "bii", "1pp", "1pp" };
    vio_sink sink;
    vio_out out;
    vio_error err;
    CHECK_EQ(vio_open_output(&sink, mixed, NULL, &err), 0);
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, sink.fp, &info, &err), 0);
    for (int i = 0; i < 7; i++) {
        strcpy(out.frame_info.itag, itag[i]);
        CHECK_EQ(vio_out_write(&out, &f[i], &err), 0);
    }
    vio_out_end(&out);
    CHECK_EQ(vio_close_output(&sink, true, &err), 0);
    /* the runs apart, as plain It and Ib streams */
    info.interlace = VIO_TFF;
    synth_seq a = { .f = f, .n = 3, .chroma = VIO_CHROMA_420, .width = 32, .height = 16 };
    synth_seq b = a;
    b.f = f + 3, b.n = 2;
    CHECK_EQ(write_y4m(path("runs_a.y4m"), &a, &info), 0);
    info.interlace = VIO_BFF;
    CHECK_EQ(write_y4m(path("runs_b.y4m"), &b, &info), 0);
    char args[900];
    static const char *const opts[] = { "", "--denoise=20", "--rate=film" };
    for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
        snprintf(args, sizeof args, "--quiet --threads 1 %s %s %s", opts[k], mixed,
                 path("runs_mixed_out.y4m"));
        CHECK_EQ(run(args), 0);
        snprintf(args, sizeof args, "--quiet --threads 1 %s %s %s", opts[k], path("runs_a.y4m"),
                 path("runs_a_out.y4m"));
        CHECK_EQ(run(args), 0);
        snprintf(args, sizeof args, "--quiet --threads 1 %s %s %s", opts[k], path("runs_b.y4m"),
                 path("runs_b_out.y4m"));
        CHECK_EQ(run(args), 0);
        int nm = vio_read_y4m_file(path("runs_mixed_out.y4m"), o_mixed, 16, NULL);
        int na = vio_read_y4m_file(path("runs_a_out.y4m"), o_a, 8, NULL);
        int nb = vio_read_y4m_file(path("runs_b_out.y4m"), o_b, 8, NULL);
        /* the passed-through frames: twice each at field rate, once otherwise */
        int copies = k == 2 ? 1 : 2;
        CHECKF(nm == na + nb + 2 * copies, "%s: %d frames, want %d + %d + %d", opts[k], nm, na,
               nb, 2 * copies);
        for (int i = 0; i < nm && nm == na + nb + 2 * copies; i++) {
            const vio_frame *want = i < na ? &o_a[i] : i < na + nb ? &o_b[i - na]
                                                               : &f[5 + (i - na - nb) / copies];
            bool same = true;
            for (int p = 0; p < 3; p++)
                for (int y = 0; y < want->height[p]; y++)
                    same &= !memcmp(o_mixed[i].data[p] + y * o_mixed[i].stride[p],
                                    want->data[p] + y * want->stride[p],
                                    (size_t)want->width[p]);
            /* a passed-through frame is denoised when asked */
            CHECKF(same || (k == 1 && i >= na + nb), "%s: output %d differs", opts[k], i);
        }
        for (int i = 0; i < nm; i++)
            vio_frame_free(&o_mixed[i]);
        for (int i = 0; i < na; i++)
            vio_frame_free(&o_a[i]);
        for (int i = 0; i < nb; i++)
            vio_frame_free(&o_b[i]);
    }
    for (int i = 0; i < 7; i++)
        vio_frame_free(&f[i]);
    remove(src), remove(mixed), remove(path("runs_a.y4m")), remove(path("runs_b.y4m"));
    remove(path("runs_mixed_out.y4m")), remove(path("runs_a_out.y4m"));
    remove(path("runs_b_out.y4m"));
}

/* weave and off leave Im as it is: each frame keeps its I value */
TEST(mixed_streams_woven_keep_their_frame_tags)
{
    const char *in = path("keep.y4m"), *out = path("keep_out.y4m");
    char args[600], head[256];
    static const char *const params[] = { "Itii", "I1pp", "IBi?" };
    put_y4m(in, "YUV4MPEG2 W32 H16 F25:1 Im C420jpeg\n", 3, params, 200, 50, 128);
    vio_frame f[8];
    vio_frame_info fi[8];
    snprintf(args, sizeof args, "--deinterlace=off %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_STR(t_tool_stderr, "");
    CHECK_EQ(y4m_frames(out, head, sizeof head), 3);
    CHECK_STR(head, "YUV4MPEG2 W32 H16 F25:1 Im A0:0 C420jpeg");
    CHECK_EQ(vio_read_y4m_file(out, f, 8, fi), 3);
    for (int i = 0; i < 3; i++) {
        CHECK_STR(fi[i].itag, params[i] + 1);
        CHECK(rows_are(&f[i], 200, 50));
        vio_frame_free(&f[i]);
    }
    snprintf(args, sizeof args, "--deinterlace=weave %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK_STR(t_tool_stderr, "");
    CHECK_EQ(y4m_frames(out, head, sizeof head), 6);
    CHECK_STR(head, "YUV4MPEG2 W32 H16 F50:1 Im A0:0 C420jpeg");
    CHECK_EQ(vio_read_y4m_file(out, f, 8, fi), 6);
    for (int i = 0; i < 6; i++) {
        CHECK_STR(fi[i].itag, params[i / 2] + 1);
        vio_frame_free(&f[i]);
    }
    remove(in), remove(out);
}

/* Opens a FIFO for writing once its reader has it open (up to 20 s). */
static int open_fifo_writer(const char *fifo)
{
    for (int i = 0; i < 2000; i++) {
        int fd = open(fifo, O_WRONLY | O_NONBLOCK);
        if (fd >= 0) {
            fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
            return fd;
        }
        if (errno != ENXIO)
            return -1;
        nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
    }
    return -1;
}

/* Killed mid-run: the temporary files of OUTPUT and --stats are removed,
 * an existing OUTPUT is left as it was, a new one never appears, and the
 * exit status says which signal.  The input is a FIFO the test holds open
 * after one frame, so the tool waits for the second. */
TEST(a_signal_leaves_no_temporary_file)
{
    char dir[300], fifo[400], out[400], js[400], se[400], clip[400];
    snprintf(dir, sizeof dir, "%s", path("sig_dir"));
    snprintf(clip, sizeof clip, "%s", path("sig.y4m"));
    snprintf(fifo, sizeof fifo, "%s/in.fifo", dir);
    snprintf(out, sizeof out, "%s/out.y4m", dir);
    snprintf(js, sizeof js, "%s/st.json", dir);
    snprintf(se, sizeof se, "%s/stderr", dir);
    make_clip(clip, 32, 16, 2, it420());
    static char bytes[4096];
    FILE *f = fopen(clip, "rb");
    size_t n = f ? fread(bytes, 1, 41 + 774, f) : 0;   /* the header and frame 1 */
    if (f)
        fclose(f);
    CHECK_EQ(n, 41 + 774);
    mkdir(dir, 0755);
    remove(fifo), remove(out), remove(js);
    CHECK_EQ(mkfifo(fifo, 0600), 0);
    static const int sigs[] = { SIGINT, SIGTERM };
    for (int k = 0; k < 4; k++) {
        int sig = sigs[k % 2];
        bool existing = k >= 2;
        if (existing)
            put(out, "keep");
        const char *args[] = { "--quiet", "--deinterlace=weave", "--stats", js, fifo, out, NULL };
        pid_t pid = t_spawn("gen7sf-vpp", args, se, 0);
        int fd = open_fifo_writer(fifo);
        CHECK(fd >= 0 && write(fd, bytes, n) == (ssize_t)n);
        char tmp[256];
        bool made = t_wait_for_file(dir, "out.y4m.tmp-", 20, tmp, sizeof tmp) &&
                    t_wait_for_file(dir, "st.json.tmp-", 20, NULL, 0);
        CHECKF(made, "signal %d: no temporary files appeared", sig);
        kill(pid, made ? sig : SIGKILL);
        int st = t_spawn_wait(pid, NULL);
        if (fd >= 0)
            close(fd);
        CHECKF(WIFSIGNALED(st) && WTERMSIG(st) == sig, "signal %d: status 0x%x", sig, st);
        CHECKF(!t_file_with_prefix(dir, "out.y4m.tmp-") && !t_file_with_prefix(dir, "st.json.tmp-"),
               "signal %d: temporary files left", sig);
        if (existing) {
            t_read_text(out, t_tool_stdout, sizeof t_tool_stdout);
            CHECK_STR(t_tool_stdout, "keep");
        } else {
            CHECK(!exists(out));
        }
        CHECK(!exists(js));
    }
    remove(fifo), remove(out), remove(se), remove(clip), rmdir(dir);
}

/* Headers with absurd values: refused by name and byte, or (a huge size
 * over a short file) found short before anything big is made */
TEST(absurd_headers_fail_cleanly)
{
    const char *in = path("absurd.y4m"), *out = path("absurd_out.y4m");
    static const struct { const char *head, *text; } cases[] = {
        { "YUV4MPEG2 W16385 H16 F25:1\n", "line 1, byte 10: width 16385 out of range 1..16384" },
        { "YUV4MPEG2 W32 H0 F25:1\n", "line 1, byte 14: height 0 out of range 1..16384" },
        { "YUV4MPEG2 W99999999999 H16 F25:1\n", "line 1, byte 10: bad W value \"99999999999\"" },
        { "YUV4MPEG2 W32 H16 F0:1\n", "line 1, byte 18: bad F value \"0:1\"" },
        { "YUV4MPEG2 W32 H16 F4294967296:1\n", "line 1, byte 18: bad F value \"4294967296:1\"" },
        { "YUV4MPEG2 W32 H16 F25:1 A1:0\n", "line 1, byte 24: bad A value \"1:0\"" },
        { "YUV4MPEG2 W16384 H16384 F25:1 It\nFRAME\n0123456789",
          "frame 1, byte 49: input ends inside the frame: 402653174 of 402653184 bytes missing" },
    };
    char args[600], want[600];
    snprintf(args, sizeof args, "--quiet %s %s", in, out);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        put(in, cases[i].head);
        CHECKF(run(args) == 1, "%s", cases[i].head);
        snprintf(want, sizeof want, "gen7sf-vpp: %s: %s\n", in, cases[i].text);
        CHECKF(strstr(t_tool_stderr, want) == t_tool_stderr, "stderr \"%s\", want \"%s\"", t_tool_stderr, want);
        CHECK(!exists(out));
    }
    /* a header line longer than 4096 bytes */
    FILE *f = fopen(in, "wb");
    if (f) {
        fputs("YUV4MPEG2 W32 H16 F25:1 X", f);
        for (int i = 0; i < 5000; i++)
            fputc('x', f);
        fclose(f);
    }
    CHECK_EQ(run(args), 1);
    CHECK(strstr(t_tool_stderr, "byte 4096: the stream header longer than 4096 bytes") != NULL);
    remove(in);
}

/* The pipeline for a 16384x16384 header is several GiB; it is made for the
 * first frame read, so a short input is reported as such even when that
 * memory is not there (it used to say "cannot set up the pipeline") */
TEST(a_huge_header_over_a_short_input_is_reported_as_short)
{
#ifdef T_UNDER_ASAN
    SKIP("AddressSanitizer needs more address space than the limit leaves");
#else
    char in[300], se[300];
    snprintf(in, sizeof in, "%s", path("huge.y4m"));
    snprintf(se, sizeof se, "%s", path("huge.stderr"));
    put(in, "YUV4MPEG2 W16384 H16384 F25:1 It\nFRAME\n0123456789");
    const char *args[] = { "--quiet", in, "/dev/null", NULL };
    int st = t_spawn_wait(t_spawn("gen7sf-vpp", args, se, 1536LL << 20), NULL);
    CHECKF(WIFEXITED(st) && WEXITSTATUS(st) == 1, "status 0x%x", st);
    t_read_text(se, t_tool_stderr, sizeof t_tool_stderr);
    CHECKF(strstr(t_tool_stderr, "input ends inside the frame: 402653174 of 402653184 bytes missing"),
           "stderr \"%s\"", t_tool_stderr);
    remove(in), remove(se);
#endif
}

/* Any mix of per-frame I values, in every mode: field rate gives 2 frames
 * per input frame, frame rate 1, film rate at most 1, whatever the changes
 * of treatment between frames */
TEST(mixed_streams_keep_the_frame_count_in_every_mode)
{
    if (!t_vpp_can_deinterlace())
        SKIP(VPP_NO_DI);
    const char *in = path("anymix.y4m"), *out = path("anymix_out.y4m");
    static const char *const tags[] = { "Itii", "ITii", "Ibii", "IBi?", "I1pp", "I2pp", "I3p?",
                                        "Itpp", "I1ii", "Ibpi" };
    enum { N = 16 };
    const char *params[N];
    for (int i = 0; i < N; i++)
        params[i] = tags[t_rand() % (sizeof tags / sizeof tags[0])];
    put_y4m(in, "YUV4MPEG2 W32 H16 F25:1 Im C420jpeg\n", N, params, 180, 60, 128);
    static const char *const modes[] = { "auto", "mcdi", "madi", "bob", "weave", "off" };
    static const char *const rates[] = { "field", "frame", "film" };
    char args[600], head[256];
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        for (size_t r = 0; r < 3; r++) {
            if (r == 2 && m != 0)
                continue;   /* film needs auto */
            snprintf(args, sizeof args, "--quiet --denoise=10 --deinterlace=%s --rate=%s %s %s",
                     modes[m], rates[r], in, out);
            CHECKF(run(args) == 0, "%s: %s", args, t_tool_stderr);
            long n = y4m_frames(out, head, sizeof head);
            long want = m == 5 || r == 1 ? N : 2 * N;
            if (r == 2)
                CHECKF(n >= N * 4 / 5 && n <= N, "%s: %ld frames", args, n);
            else
                CHECKF(n == want, "%s: %ld frames, want %ld", args, n, want);
        }
    remove(in), remove(out);
}

/* Every frame of two Y4M files holds the same samples. */
static bool same_frames(const char *a, const char *b)
{
    enum { MAX = 8 };
    vio_frame fa[MAX], fb[MAX];
    int na = vio_read_y4m_file(a, fa, MAX, NULL), nb = vio_read_y4m_file(b, fb, MAX, NULL);
    bool same = na > 0 && na == nb;
    for (int i = 0; i < na && same; i++)
        for (int p = 0; p < fa[i].planes && same; p++) {
            same = fa[i].width[p] == fb[i].width[p] && fa[i].height[p] == fb[i].height[p];
            for (int y = 0; y < fa[i].height[p] && same; y++)
                same = !memcmp(fa[i].data[p] + y * fa[i].stride[p],
                               fb[i].data[p] + y * fb[i].stride[p], (size_t)fa[i].width[p]);
        }
    for (int i = 0; i < na; i++)
        vio_frame_free(&fa[i]);
    for (int i = 0; i < nb; i++)
        vio_frame_free(&fb[i]);
    return same;
}

/* --scale and --sharpen: the output header's size and pixel aspect, a
 * side of 0 from the other, the same size and --sharpen=0 as exact copies
 * (positions on texel centres, phase 0 the identity), --sharpen alone as
 * its documented strength, and sizes out of range as errors. */
TEST(scale_and_sharpen)
{
    const char *in = path("sc.y4m"), *out = path("sc_out.y4m"), *out2 = path("sc_out2.y4m");
    char head[256], args[800];
    vio_info info = it420();
    info.interlace = VIO_PROGRESSIVE, info.sar_num = 16, info.sar_den = 15;
    make_clip(in, 48, 16, 2, info);
    static const struct { const char *opt, *head; } sizes[] = {
        { "--scale 96x32", "YUV4MPEG2 W96 H32 F25:1 Ip A16:15 C420jpeg" },
        /* twice as many pixels across: each is half as wide */
        { "--scale 96x16", "YUV4MPEG2 W96 H16 F25:1 Ip A8:15 C420jpeg" },
        { "--scale 0x32", "YUV4MPEG2 W96 H32 F25:1 Ip A16:15 C420jpeg" },
        { "--scale 24x0", "YUV4MPEG2 W24 H8 F25:1 Ip A16:15 C420jpeg" },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        snprintf(args, sizeof args, "--quiet --deinterlace=off %s %s %s", sizes[i].opt, in, out);
        CHECKF(run(args) == 0, "%s: %s", sizes[i].opt, t_tool_stderr);
        CHECK_EQ(y4m_frames(out, head, sizeof head), 2);
        CHECK_STR(head, sizes[i].head);
    }
    static const char *const copies[] = { "--scale 48x16", "--sharpen=0", "--scale 48x0" };
    for (size_t i = 0; i < sizeof copies / sizeof copies[0]; i++) {
        snprintf(args, sizeof args, "--quiet --deinterlace=off %s %s %s", copies[i], in, out);
        CHECK_EQ(run(args), 0);
        CHECKF(same_frames(in, out), "%s is not a copy", copies[i]);
    }
    /* --sharpen alone is --sharpen=162 (Gain Factor 40) and changes the text's edges */
    snprintf(args, sizeof args, "--quiet --deinterlace=off --sharpen %s %s", in, out);
    CHECK_EQ(run(args), 0);
    snprintf(args, sizeof args, "--quiet --deinterlace=off --sharpen=162 %s %s", in, out2);
    CHECK_EQ(run(args), 0);
    CHECK(t_same_file(out, out2));
    CHECK(!same_frames(in, out));
    static const char *const bad[] = { "--scale 2x16", "--scale 48x4", "--scale 49x16",
                                       "--scale 770x16", "--scale 2x0" };
    remove(out);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(args, sizeof args, "--quiet %s %s %s", bad[i], in, out);
        CHECKF(run(args) == 1, "'%s'", bad[i]);
        CHECKF(strstr(t_tool_stderr, "gen7sf-vpp: --scale ") == t_tool_stderr, "'%s': %s",
               bad[i], t_tool_stderr);
        CHECK(!exists(out));
    }
    snprintf(args, sizeof args, "--sharpen 40 %s %s", in, out);
    CHECK_EQ(run(args), 2);
    CHECK(strstr(t_tool_stderr, "write --sharpen=40") != NULL);
    remove(in), remove(out), remove(out2);
}

/* --procamp: 0:1:0:1 (VA-API's defaults) changes nothing, saturation 0
 * leaves neutral chroma, brightness +10 lifts luma by 10 levels (16 * 10
 * in the pipe's 12 bits), with any deinterlacing mode and threads. */
TEST(procamp)
{
    const char *in = path("pa.y4m"), *out = path("pa_out.y4m"), *out2 = path("pa_out2.y4m");
    char args[800];
    vio_info info = it420();
    info.interlace = VIO_PROGRESSIVE;
    make_clip(in, 48, 16, 2, info);
    snprintf(args, sizeof args, "--quiet --deinterlace=off --procamp=0:1:0:1 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(same_frames(in, out));
    enum { MAX = 4 };
    vio_frame a[MAX], b[MAX];
    snprintf(args, sizeof args, "--quiet --deinterlace=off --procamp=10:1:0:0 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    int na = vio_read_y4m_file(in, a, MAX, NULL), nb = vio_read_y4m_file(out, b, MAX, NULL);
    CHECK(na == 2 && nb == 2);
    for (int f = 0; f < na && f < nb; f++) {
        for (int y = 0; y < a[f].height[0]; y++)
            for (int x = 0; x < a[f].width[0]; x++) {
                int v = a[f].data[0][y * a[f].stride[0] + x] + 10;
                CHECK_EQ(b[f].data[0][y * b[f].stride[0] + x], v > 255 ? 255 : v);
            }
        for (int p = 1; p < 3; p++)
            for (int y = 0; y < b[f].height[p]; y++)
                for (int x = 0; x < b[f].width[p]; x++)
                    CHECK_EQ(b[f].data[p][y * b[f].stride[p] + x], 128);
    }
    for (int f = 0; f < na; f++)
        vio_frame_free(&a[f]);
    for (int f = 0; f < nb; f++)
        vio_frame_free(&b[f]);
    /* with scaling and threads: the same bytes for 1 and 3 threads */
    snprintf(args, sizeof args, "--quiet --deinterlace=off --scale 96x32 --procamp=-20:1.5:30:1.2 "
             "--threads 1 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    snprintf(args, sizeof args, "--quiet --deinterlace=off --scale 96x32 --procamp=-20:1.5:30:1.2 "
             "--threads 3 %s %s", in, out2);
    CHECK_EQ(run(args), 0);
    CHECK(t_same_file(out, out2));
    remove(in), remove(out), remove(out2);
}

/* A Y4M file of 4:2:0 or 4:2:2 frames (C420jpeg / C422), w x h, frame f's
 * samples from fn(f, plane, x, y). */
typedef uint8_t (*sample_fn)(int f, int p, int x, int y);

static void write_frames(const char *file, int w, int h, bool c420, int n, sample_fn fn)
{
    FILE *f = fopen(file, "wb");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "YUV4MPEG2 W%d H%d F25:1 Ip A1:1 %s\n", w, h, c420 ? "C420jpeg" : "C422");
    int cw = (w + 1) / 2, ch = c420 ? (h + 1) / 2 : h;
    for (int k = 0; k < n; k++) {
        fputs("FRAME\n", f);
        for (int p = 0; p < 3; p++)
            for (int y = 0; y < (p ? ch : h); y++)
                for (int x = 0; x < (p ? cw : w); x++)
                    fputc(fn(k, p, x, y), f);
    }
    fclose(f);
}

/* Solid colours, one a frame, each with both the limited and the full
 * range's extremes near. */
static const uint8_t solid[][3] = {
    { 81, 90, 240 }, { 145, 54, 34 }, { 41, 240, 110 }, { 210, 16, 146 }, { 128, 128, 128 },
    { 16, 128, 128 }, { 235, 128, 128 }, { 60, 200, 70 },
};
enum { SOLIDS = sizeof solid / sizeof solid[0] };

static uint8_t solid_sample(int f, int p, int x, int y)
{
    (void)x, (void)y;
    return solid[f][p];
}

/* BT.601 / BT.709 by their equations, through R'G'B', in doubles. */
static void ref_csc(bool from709, bool from_full, bool to709, bool to_full, const uint8_t in[3],
                    double out[3])
{
    double kr = from709 ? 0.2126 : 0.299, kb = from709 ? 0.0722 : 0.114, kg = 1 - kr - kb;
    double ys = from_full ? 255 : 219, yo = from_full ? 0 : 16, cs = from_full ? 255 : 224;
    double y = (in[0] - yo) / ys, pb = (in[1] - 128) / cs, pr = (in[2] - 128) / cs;
    double r = y + 2 * (1 - kr) * pr, b = y + 2 * (1 - kb) * pb, g = (y - kr * r - kb * b) / kg;
    kr = to709 ? 0.2126 : 0.299, kb = to709 ? 0.0722 : 0.114, kg = 1 - kr - kb;
    ys = to_full ? 255 : 219, yo = to_full ? 0 : 16, cs = to_full ? 255 : 224;
    double y2 = kr * r + kg * g + kb * b;
    out[0] = yo + ys * y2;
    out[1] = 128 + cs * (b - y2) / (2 * (1 - kb));
    out[2] = 128 + cs * (r - y2) / (2 * (1 - kr));
    for (int i = 0; i < 3; i++)
        out[i] = out[i] < 0 ? 0 : out[i] > 255 ? 255 : out[i];
}

/* --csc: solid colours against the equations within 1 level, every
 * direction and range; the same matrix and range is an exact copy. */
TEST(csc_matches_the_equations)
{
    const char *in = path("csc.y4m"), *out = path("csc_out.y4m");
    char args[800];
    write_frames(in, 32, 16, true, SOLIDS, solid_sample);
    static const struct { const char *opt; bool f709, ffull, t709, tfull; } conv[] = {
        { "bt601:bt709", false, false, true, false },
        { "bt709:bt601", true, false, false, false },
        { "bt601:bt709-full", false, false, true, true },
        { "bt709-full:bt601", true, true, false, false },
        { "bt601:bt601-full", false, false, false, true },
    };
    enum { MAX = SOLIDS };
    vio_frame fr[MAX];
    for (size_t c = 0; c < sizeof conv / sizeof conv[0]; c++) {
        snprintf(args, sizeof args, "--quiet --deinterlace=off --csc=%s %s %s", conv[c].opt, in,
                 out);
        CHECK_EQ(run(args), 0);
        int n = vio_read_y4m_file(out, fr, MAX, NULL);
        CHECK_EQ(n, SOLIDS);
        double worst = 0;
        for (int k = 0; k < n; k++) {
            double want[3];
            ref_csc(conv[c].f709, conv[c].ffull, conv[c].t709, conv[c].tfull, solid[k], want);
            for (int p = 0; p < 3; p++)
                for (int y = 0; y < fr[k].height[p]; y++)
                    for (int x = 0; x < fr[k].width[p]; x++) {
                        double d = fabs(fr[k].data[p][y * fr[k].stride[p] + x] - want[p]);
                        worst = d > worst ? d : worst;
                    }
            vio_frame_free(&fr[k]);
        }
        CHECKF(worst <= 1, "--csc=%s: %.3f levels from the equations", conv[c].opt, worst);
    }
    static const char *const same[] = { "bt601:bt601", "bt709:bt709", "bt709-full:bt709-full" };
    make_clip(in, 48, 16, 2, (vio_info){ .fps_num = 25, .fps_den = 1, .format = VIO_FMT_I420 });
    for (size_t c = 0; c < sizeof same / sizeof same[0]; c++) {
        snprintf(args, sizeof args, "--quiet --deinterlace=off --csc=%s %s %s", same[c], in, out);
        CHECK_EQ(run(args), 0);
        CHECKF(same_frames(in, out), "--csc=%s is not a copy", same[c]);
    }
    remove(in), remove(out);
}

/* A low-contrast picture (luma 100..139, a ramp with a little texture),
 * moving a level a frame. */
static uint8_t dull_sample(int f, int p, int x, int y)
{
    if (p)
        return (uint8_t)(120 + (x + y) % 16);
    return (uint8_t)(100 + (x + 2 * y + f) % 40);
}

/* The spread of plane 0 of f: its standard deviation. */
static double spread(const vio_frame *f)
{
    double s = 0, s2 = 0, n = (double)f->width[0] * f->height[0];
    for (int y = 0; y < f->height[0]; y++)
        for (int x = 0; x < f->width[0]; x++) {
            double v = f->data[0][y * f->stride[0] + x];
            s += v, s2 += v * v;
        }
    return sqrt(s2 / n - (s / n) * (s / n));
}

/* --ace: a dull clip's luma spreads, every frame (the first from its own
 * histogram); --ace=0 changes nothing; chroma is left as it was. */
TEST(ace_spreads_a_dull_clip)
{
    const char *in = path("ace.y4m"), *out = path("ace_out.y4m");
    char args[800];
    write_frames(in, 64, 32, true, 3, dull_sample);
    snprintf(args, sizeof args, "--quiet --deinterlace=off --ace=0 %s %s", in, out);
    CHECK_EQ(run(args), 0);
    CHECK(same_frames(in, out));
    snprintf(args, sizeof args, "--quiet --deinterlace=off --ace %s %s", in, out);
    CHECK_EQ(run(args), 0);
    enum { MAX = 3 };
    vio_frame a[MAX], b[MAX];
    int na = vio_read_y4m_file(in, a, MAX, NULL), nb = vio_read_y4m_file(out, b, MAX, NULL);
    CHECK(na == 3 && nb == 3);
    for (int k = 0; k < na && k < nb; k++) {
        double s0 = spread(&a[k]), s1 = spread(&b[k]);
        CHECKF(s1 > 1.25 * s0, "frame %d: spread %.2f -> %.2f", k, s0, s1);
        CHECK(!memcmp(a[k].data[1], b[k].data[1], (size_t)a[k].stride[1] * a[k].height[1]));
    }
    for (int k = 0; k < na; k++)
        vio_frame_free(&a[k]);
    for (int k = 0; k < nb; k++)
        vio_frame_free(&b[k]);
    remove(in), remove(out);
}

/* --tcc=1:1:1:1:1:1 and --skin-tone=0 change nothing. */
TEST(neutral_colour_controls_are_copies)
{
    const char *in = path("tcc.y4m"), *out = path("tcc_out.y4m");
    char args[800];
    make_clip(in, 48, 16, 2, (vio_info){ .fps_num = 25, .fps_den = 1, .format = VIO_FMT_I420 });
    static const char *const opts[] = { "--tcc=1:1:1:1:1:1", "--skin-tone=0",
                                        "--procamp=0:1:0:1 --csc=bt709:bt709 --ace=0" };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        snprintf(args, sizeof args, "--quiet --deinterlace=off %s %s %s", opts[i], in, out);
        CHECK_EQ(run(args), 0);
        CHECKF(same_frames(in, out), "%s is not a copy", opts[i]);
    }
    remove(in), remove(out);
}

/* The histogram of each frame's "histogram" array in text from p on:
 * its sum, -1 when absent. */
static long long histogram_sum(const char **p)
{
    const char *h = strstr(*p, "\"histogram\": [");
    if (!h)
        return -1;
    h += 14;
    long long sum = 0;
    int bins = 0;
    for (char *end; *h && *h != ']'; h = end + (*end == ',')) {
        sum += strtoll(h, &end, 10);
        bins++;
        if (end == h)
            return -1;
    }
    *p = h;
    return bins == 256 ? sum : -1;
}

/* --stats with colour stages: each frame's ACE histogram sums to its
 * pixel count (odd sizes too), skin and gamut counts appear with their
 * stages, the other keys unchanged. */
TEST(stats_json_has_the_colour_counts)
{
    const char *in = path("cst.y4m"), *out = path("cst_out.y4m"), *js = path("cst.json");
    char args[800];
    static char text[1 << 17];
    static const struct { int w, h; const char *opts; bool skin, gamut; } runs[] = {
        { 48, 16, "--ace", false, false },
        { 49, 17, "--ace=80 --skin-tone --gamut=basic --scale 50x18", true, true },
        { 33, 9, "--skin-tone=100 --gamut=advanced", true, true },
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        write_frames(in, runs[r].w, runs[r].h, true, 3, dull_sample);
        snprintf(args, sizeof args, "--quiet --deinterlace=off %s --stats %s %s %s",
                 runs[r].opts, js, in, out);
        CHECKF(run(args) == 0, "%s: %s", runs[r].opts, t_tool_stderr);
        t_read_text(js, text, sizeof text);
        long long want = strstr(runs[r].opts, "--scale") ? 50 * 18 : runs[r].w * runs[r].h;
        int frames = 0;
        for (const char *p = text; (p = strstr(p, "{\"output\": ")); frames++) {
            CHECK(strstr(p, "\"moving\": ") != NULL);
            char key[64];
            snprintf(key, sizeof key, "\"ace_pixels\": %lld,", want);
            CHECKF(strstr(p, key) != NULL, "%s: no %s", runs[r].opts, key);
            CHECK_EQ(histogram_sum(&p), want);
            CHECK_EQ(strstr(p, "\"skin_pixels\": ") != NULL, runs[r].skin);
            CHECK_EQ(strstr(p, "\"out_of_range\": ") != NULL, runs[r].gamut);
        }
        CHECK_EQ(frames, 3);
    }
    /* no colour stage: no colour keys */
    snprintf(args, sizeof args, "--quiet --deinterlace=off --procamp=5:1:0:1 --stats %s %s %s",
             js, in, out);
    CHECK_EQ(run(args), 0);
    t_read_text(js, text, sizeof text);
    CHECK(!strstr(text, "histogram") && strstr(text, "\"moving\": null}") != NULL);
    remove(in), remove(out), remove(js);
}

/* Every stage at once, with scaling, deinterlacing and denoising: the
 * same bytes for 1 and 3 threads, 4:2:0 and 4:2:2, odd sizes included. */
TEST(colour_pipe_threads_give_the_same_bytes)
{
    const char *in = path("cth.y4m"), *out = path("cth_out.y4m"), *out2 = path("cth_out2.y4m");
    char args[800];
    static const char all[] = "--procamp=5:1.1:10:1.2 --csc=bt601:bt709 --ace=70 "
                              "--tcc=1.5:0.5:1.2:1.9:0:1 --skin-tone=80 --gamut=advanced";
    static const struct { int w, h; bool c420; const char *more; } runs[] = {
        { 64, 130, true, "--deinterlace=bob --denoise" },
        { 49, 67, true, "--deinterlace=off" },
        { 64, 130, false, "--deinterlace=madi --scale 96x200 --sharpen" },
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        write_frames(in, runs[r].w, runs[r].h, runs[r].c420, 3, dull_sample);
        snprintf(args, sizeof args, "--quiet %s %s --threads 1 %s %s", runs[r].more, all, in, out);
        CHECKF(run(args) == 0, "%s", t_tool_stderr);
        snprintf(args, sizeof args, "--quiet %s %s --threads 3 %s %s", runs[r].more, all, in, out2);
        CHECK_EQ(run(args), 0);
        CHECKF(t_same_file(out, out2), "%s", runs[r].more);
    }
    remove(in), remove(out), remove(out2);
}
