/* Output files: the input is never the output, and an output path is only
 * replaced, through a temporary file, when the run succeeds. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "vio_util.h"

static char dir[64];

/* A fresh scratch directory; path(name) is a file in it. */
static bool scratch(void)
{
    strcpy(dir, "/tmp/g7sf-vio-XXXXXX");
    return mkdtemp(dir) != NULL;
}

static const char *path(const char *name)
{
    static char buf[2][384];
    static int i;
    i ^= 1;
    snprintf(buf[i], sizeof buf[i], "%s/%s", dir, name);
    return buf[i];
}

static void put(const char *name, const char *text)
{
    FILE *fp = fopen(path(name), "wb");
    if (fp) {
        fputs(text, fp);
        fclose(fp);
    }
}

/* The file's text (up to 63 bytes), or "(absent)". */
static const char *get(const char *name)
{
    static char buf[64];
    FILE *fp = fopen(path(name), "rb");
    if (!fp)
        return "(absent)";
    buf[fread(buf, 1, sizeof buf - 1, fp)] = 0;
    fclose(fp);
    return buf;
}

/* Entries in the scratch directory besides . and .. */
static int entries(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d)
        closedir(d);
    return n;
}

static void remove_scratch(void)
{
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlink(path(e->d_name));
    if (d)
        closedir(d);
    rmdir(dir);
}

TEST(refuses_the_input_as_output)
{
    if (!scratch())
        SKIP("no scratch directory in /tmp");
    vio_error err;
    vio_sink s;
    put("in.y4m", "input");
    CHECK_EQ(symlink("in.y4m", path("link.y4m")), 0);
    CHECK_EQ(link(path("in.y4m"), path("hard.y4m")), 0);
    FILE *in = vio_open_input(path("in.y4m"), &err);
    CHECK(in != NULL);
    CHECK_EQ(vio_open_output(&s, path("in.y4m"), in, &err), VIO_E_SAME_FILE);
    CHECKF(strstr(err.msg, "the output is the input file"), "%s", err.msg);
    CHECK_EQ(vio_open_output(&s, path("link.y4m"), in, &err), VIO_E_SAME_FILE);
    CHECK_EQ(vio_open_output(&s, path("hard.y4m"), in, &err), VIO_E_SAME_FILE);
    CHECK_EQ(vio_open_output(&s, path("./in.y4m"), in, &err), VIO_E_SAME_FILE);
    CHECK_STR(get("in.y4m"), "input");
    CHECK_EQ(entries(), 3);   /* no temporary file was made */
    /* another file is fine */
    CHECK_EQ(vio_open_output(&s, path("out.y4m"), in, &err), 0);
    CHECK_EQ(vio_close_output(&s, true, &err), 0);
    CHECK_STR(get("out.y4m"), "");
    vio_close_input(in);
    remove_scratch();
}

TEST(failed_run_leaves_an_existing_output_as_it_was)
{
    if (!scratch())
        SKIP("no scratch directory in /tmp");
    vio_error err;
    vio_sink s;
    vio_in in;
    vio_out out;
    vio_frame f;
    FILE *ifp;
    put("out.y4m", "previous output");
    CHECK_EQ(chmod(path("out.y4m"), 0640), 0);
    /* a real failure: the second frame of the input is cut short */
    static const char y4m[] = "YUV4MPEG2 W2 H2 F25:1\nFRAME\nabcdefFRAME\nab";
    CHECK_EQ(t_open_stream(&in, &ifp, &f, &vio_y4m_demuxer, NULL, y4m, sizeof y4m - 1, &err),
             0);
    CHECK_EQ(vio_open_output(&s, path("out.y4m"), ifp, &err), 0);
    CHECK_EQ(vio_out_start(&out, &vio_y4m_muxer, s.fp, &in.info, &err), 0);
    int rc;
    while ((rc = vio_in_read(&in, &f, &err)) == 1)
        CHECK_EQ(vio_out_write(&out, &f, &err), 0);
    CHECK_EQ(rc, VIO_E_TRUNCATED);
    vio_out_end(&out);
    CHECK_EQ(vio_close_output(&s, false, &err), 0);
    CHECK_STR(get("out.y4m"), "previous output");
    CHECK_EQ(entries(), 1);   /* the temporary file is gone */

    /* the same run succeeding replaces it and keeps its permissions */
    CHECK_EQ(vio_open_output(&s, path("out.y4m"), ifp, &err), 0);
    CHECK(fputs("new", s.fp) >= 0);
    CHECK_STR(get("out.y4m"), "previous output");   /* not until the close */
    CHECK_EQ(vio_close_output(&s, true, &err), 0);
    CHECK_STR(get("out.y4m"), "new");
    struct stat st;
    CHECK_EQ(stat(path("out.y4m"), &st), 0);
    CHECK_EQ(st.st_mode & 0777, 0640);
    CHECK_EQ(entries(), 1);
    t_close_stream(&in, ifp, &f);
    remove_scratch();
}

TEST(failed_run_leaves_no_new_output)
{
    if (!scratch())
        SKIP("no scratch directory in /tmp");
    vio_error err;
    vio_sink s;
    CHECK_EQ(vio_open_output(&s, path("new.y4m"), NULL, &err), 0);
    CHECK(fputs("partial", s.fp) >= 0);
    CHECK_EQ(vio_close_output(&s, false, &err), 0);
    CHECK_STR(get("new.y4m"), "(absent)");
    CHECK_EQ(entries(), 0);
    remove_scratch();
}

TEST(open_errors_and_standard_streams)
{
    vio_error err;
    vio_sink s;
    CHECK(vio_open_input("-", &err) == stdin);
    CHECK(vio_open_input("/nonexistent/in.y4m", &err) == NULL);
    CHECK_EQ(err.code, VIO_E_OPEN);
    CHECK_STR(err.msg, "/nonexistent/in.y4m: No such file or directory");
    CHECK_EQ(vio_open_output(&s, "/nonexistent/out.y4m", NULL, &err), VIO_E_OPEN);
    CHECKF(strstr(err.msg, "cannot create a temporary file beside it"), "%s", err.msg);
    CHECK_EQ(vio_open_output(&s, "-", NULL, &err), 0);
    CHECK(s.fp == stdout && s.tmp == NULL);
    CHECK_EQ(vio_close_output(&s, true, &err), 0);
    /* a device is written in place, not replaced */
    CHECK_EQ(vio_open_output(&s, "/dev/null", NULL, &err), 0);
    CHECK(s.tmp == NULL);
    CHECK_EQ(vio_close_output(&s, true, &err), 0);
}

TEST(paths_that_would_lose_data_clash)
{
    if (!scratch())
        SKIP("no scratch directory in /tmp");
    put("a.y4m", "a");
    put("b.y4m", "b");
    CHECK_EQ(symlink(path("a.y4m"), path("link.y4m")), 0);
    CHECK_EQ(link(path("a.y4m"), path("hard.y4m")), 0);
    char rel[400], dotted[400];
    snprintf(dotted, sizeof dotted, "%s/./new.y4m", dir);
    /* existing files: by inode, whatever the spelling */
    CHECK(vio_paths_clash(path("a.y4m"), false, path("a.y4m"), true));
    CHECK(vio_paths_clash(path("a.y4m"), false, path("link.y4m"), true));
    CHECK(vio_paths_clash(path("hard.y4m"), true, path("link.y4m"), true));
    CHECK(!vio_paths_clash(path("a.y4m"), false, path("b.y4m"), true));
    /* not existing yet: by real directory and name */
    CHECK(vio_paths_clash(path("new.y4m"), true, dotted, true));
    CHECK(!vio_paths_clash(path("new.y4m"), true, path("new2.y4m"), true));
    CHECK(!vio_paths_clash(path("new.y4m"), true, path("a.y4m"), true));
    /* relative to the working directory */
    char cwd[512];
    CHECK(getcwd(cwd, sizeof cwd) != NULL);
    CHECK_EQ(chdir(dir), 0);
    snprintf(rel, sizeof rel, "../%s/new.y4m", strrchr(dir, '/') + 1);
    CHECK(vio_paths_clash("new.y4m", true, path("new.y4m"), true));
    CHECK(vio_paths_clash("./new.y4m", true, rel, true));
    CHECK(vio_paths_clash("a.y4m", false, "./a.y4m", true));
    CHECK_EQ(chdir(cwd), 0);
    /* "-" twice as outputs is standard output twice, even on a terminal;
     * character devices are shared harmlessly */
    CHECK(vio_paths_clash("-", true, "-", true));
    CHECK(!vio_paths_clash("/dev/null", true, "/dev/null", true));
    /* an unresolvable path is left to the open that follows */
    CHECK(!vio_paths_clash("/nonexistent/x", true, "/nonexistent/x", true));

    vio_error err;
    char a[400], b[400], l[400];
    snprintf(a, sizeof a, "%s", path("a.y4m"));
    snprintf(b, sizeof b, "%s", path("b.y4m"));
    snprintf(l, sizeof l, "%s", path("link.y4m"));
    const char *const p3[] = { a, b, l };
    static const bool out3[] = { false, true, true };
    static const char *const what[] = { "INPUT", "OUTPUT", "--stats" };
    CHECK_EQ(vio_paths_check(3, p3, out3, what, &err), VIO_E_SAME_FILE);
    char want[900];
    snprintf(want, sizeof want, "INPUT '%s' and --stats '%s' are the same file: the input "
             "would be lost", a, l);
    CHECK_STR(err.msg, want);
    const char *const q3[] = { a, "-", "-" };
    CHECK_EQ(vio_paths_check(3, q3, out3, what, &err), VIO_E_SAME_FILE);
    CHECK_STR(err.msg, "OUTPUT and --stats both go to standard output");
    const char *const r3[] = { a, b, NULL };
    CHECK_EQ(vio_paths_check(3, r3, out3, what, &err), 0);
    remove_scratch();
}

TEST(a_directory_is_named_as_one)
{
    if (!scratch())
        SKIP("no scratch directory in /tmp");
    vio_error err = { 0 };
    vio_sink s;
    char want[400];
    snprintf(want, sizeof want, "%s is a directory", dir);
    CHECK(vio_open_input(dir, &err) == NULL);
    CHECK_EQ(err.code, VIO_E_OPEN);
    CHECK_STR(err.msg, want);
    CHECK_EQ(vio_open_output(&s, dir, NULL, &err), VIO_E_OPEN);
    CHECK_STR(err.msg, want);
    CHECK_EQ(entries(), 0);   /* no temporary file either */
    remove_scratch();
}
