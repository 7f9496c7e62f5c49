/* gen7sf-state as a user runs it: output lines and exit codes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "cli.h"
#include "harness.h"
#include "tool_run.h"

/* Runs the built tool with args (shell words); returns its exit code and
 * its standard output in out. */
static int run(const char *args, char *out, size_t n)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/gen7sf-state %s 2>/dev/null", t_build_dir(), args);
    FILE *p = popen(cmd, "r");
    size_t len = p ? fread(out, 1, n - 1, p) : 0;
    out[len] = 0;
    int st = p ? pclose(p) : -1;
    return st < 0 ? -1 : (st >> 8) & 0xFF;
}

/* Runs the built tool with argv[1..] as given (no shell: any length, any
 * characters); returns its exit code, stdout in out (cut to n - 1). */
static int run_argv(char **argv, char *out, size_t n)
{
    char tool[512];
    int fd[2];
    snprintf(tool, sizeof tool, "%s/gen7sf-state", t_build_dir());
    argv[0] = tool;
    if (pipe(fd))
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]), close(fd[1]);
        if (!freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(tool, argv);
        _exit(127);
    }
    close(fd[1]);
    size_t len = 0;
    ssize_t r;
    char sink[4096];
    while ((r = read(fd[0], len + 1 < n ? out + len : sink,
                     len + 1 < n ? n - 1 - len : sizeof sink)) > 0)
        if (len + 1 < n)
            len += (size_t)r;
    out[len] = 0;
    close(fd[0]);
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) != pid)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool has_line(const char *out, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = out; (p = strstr(p, line)); p++)
        if ((p == out || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
            return true;
    return false;
}

#define CHECK_LINE(out, line) CHECKF(has_line(out, line), "no line \"%s\" in:\n%s", line, out)

/* list: one row per structure with its size and PRM section (numbers from
 * the spec text's headings, 001 lines 1967-7119; the render cache's
 * structures are in the Windower chapter of Vol. 2 Part 1, which the spec
 * text points to at line 7075), in columns that line up whatever the
 * lengths: the DWords column ends, and the section starts, at the same
 * place in every row.  3DSTATE_SAMPLER_PALETTE_LOAD0 (29 characters) used
 * to push its row out of line, and six rows had no section. */
TEST(list_rows_have_sections_and_line_up)
{
    static const struct { const char *name; unsigned dwords; const char *section; } want[] = {
        { "RENDER_SURFACE_STATE", 8, "2.12.2.1" },
        { "MEDIA_SURFACE_STATE", 6, "2.12.2.2" },
        { "BINDING_TABLE_STATE", 1, "3.8.1" },
        { "SAMPLER_STATE", 4, "2.12.3.1" },
        { "SAMPLER_STATE_8X8", 4, "2.12.3.2" },
        { "SAMPLER_STATE_DI", 8, "2.12.3.3" },
        { "SAMPLER_8x8_STATE", 138, "2.12.4" },
        { "SAMPLER_BORDER_COLOR_STATE", 4, "2.12.5" },
        { "3DSTATE_CHROMA_KEY", 4, "2.12.6" },
        { "3DSTATE_SAMPLER_PALETTE_LOAD0", 257, "2.12.7" },
        { "3DSTATE_SAMPLER_PALETTE_LOAD1", 257, "2.12.7" },
        { "3DSTATE_MONOFILTER_SIZE", 2, "2.12.8" },
        { "COLOR_PROCESSING_STATE", 67, "3.8.3" },
        { "BLEND_STATE", 16, "Vol2 Part1 Windower" },
        { "COLOR_CALC_STATE", 6, "Vol2 Part1 Windower" },
        { "3DSTATE_BLEND_STATE_POINTERS", 2, "Vol2 Part1 Windower" },
        { "3DSTATE_SAMPLE_MASK", 2, "Vol2 Part1 Windower" },
        { "3DSTATE_MULTISAMPLE", 4, "Vol2 Part1 Windower" },
        { "3DSTATE_WM", 3, "Vol2 Part1 Windower" },
    };
    static char out[8192];
    CHECK_EQ(run("list", out, sizeof out), 0);
    unsigned rows = 0;
    long dw_end = -1, sect_at = -1;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (!strncmp(line, "# sections", 10))
            continue;
        /* header "# structure  DWords  PRM section", then the rows */
        char name[64] = "", size[16] = "";
        int n1 = 0;
        bool head = !strncmp(line, "# structure ", 12);
        if (head)
            snprintf(size, sizeof size, "DWords");
        else if (sscanf(line, "%63s %15s %n", name, size, &n1) != 2)
            continue;
        char *sz = strstr(line + (head ? 11 : strlen(name)), size);
        long end = sz ? (long)(sz - line) + (long)strlen(size) : -1;
        long sect = sz ? end + 2 : -1;
        if (dw_end < 0)
            dw_end = end, sect_at = sect;
        CHECKF(end == dw_end, "DWords column ends at %ld, not %ld: \"%s\"", end, dw_end, line);
        CHECKF(sect >= 0 && sect <= (long)strlen(line) && line[sect - 1] == ' ' &&
               line[sect] != ' ' && line[sect], "section not at %ld: \"%s\"", sect_at, line);
        if (head)
            continue;
        CHECKF(rows < sizeof want / sizeof want[0], "extra row \"%s\"", line);
        if (rows < sizeof want / sizeof want[0]) {
            CHECK_STR(name, want[rows].name);
            CHECK_EQ(strtoul(size, NULL, 10), want[rows].dwords);
            if (sect > 0 && sect <= (long)strlen(line))
                CHECK_STR(line + sect, want[rows].section);
        }
        rows++;
    }
    CHECK_EQ(rows, sizeof want / sizeof want[0]);
    CHECK_EQ(rows, g7sf_state_count());
}

TEST(decode_prints_field_lines_with_enum_names)
{
    static char out[8192];
    /* DW0: Min Mode Filter (16:14) = 1, Mip Mode Filter (21:20) = 3; DW1: Max
     * LOD (19:8) = 0x400 = 4.0; DW3 bits 8:6 = 4 (TCX CLAMP_BORDER) */
    CHECK_EQ(run("decode sampler_state 0x00304000 0x00040000 0 0x100", out, sizeof out), 0);
    CHECK_LINE(out, "Min Mode Filter: 1 (MAPFILTER_LINEAR)");
    CHECK_LINE(out, "Mip Mode Filter: 3 (MIPFILTER_LINEAR)");
    CHECK_LINE(out, "Max LOD: 4.0 (raw:0x400)");
    CHECK_LINE(out, "TCX Address Control Mode: 4 (TEXCOORDMODE_CLAMP_BORDER)");
    CHECK_LINE(out, "Sampler Disable: 0");
    /* reserved DW0 bit 30 set: a warning line */
    CHECK_EQ(run("decode SAMPLER_STATE 0x40000000 0 0 0", out, sizeof out), 0);
    CHECK_LINE(out, "warning: DW0 has reserved bits set: 0x40000000");
}

TEST(decode_reads_a_hex_dump_file)
{
    static char out[8192];
    char path[200];
    snprintf(path, sizeof path, "%s/tests/state_dump.hex", t_build_dir());
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "# a binding table entry\n00001000: 00000fe0\n");
    fclose(f);
    char args[320];
    snprintf(args, sizeof args, "decode BINDING_TABLE_STATE -f %s", path);
    CHECK_EQ(run(args, out, sizeof out), 0);
    CHECK_LINE(out, "Surface State Pointer: 0x00000fe0");
    remove(path);
}

TEST(encode_prints_dwords)
{
    static char out[8192];
    /* Texture LOD Bias -1.5 = -384 = 13-bit 0x1E80 at bits 13:1 -> 0x3D00;
     * Min Mode Filter LINEAR at 16:14 -> 0x4000 */
    CHECK_EQ(run("encode SAMPLER_STATE 'Min Mode Filter=MAPFILTER_LINEAR' "
                 "'Texture LOD Bias = -1.5' 'Border Color Pointer=0x1000'", out, sizeof out), 0);
    CHECK_LINE(out, "0x00007d00 0x00000000 0x00001000 0x00000000");
}

/* An integer in a fixed-point field is that value: Max LOD (DW1 19:8, U4.8)
 * = 13 is 13 * 256 = D00h, DW1 000D0000h (it was 13/256, DW1 00000D00h);
 * raw:0x340 gives the bits, 3.25. */
TEST(encode_integer_in_fixed_point_field)
{
    static char out[8192];
    CHECK_EQ(run("encode SAMPLER_STATE 'Max LOD=13'", out, sizeof out), 0);
    CHECK_LINE(out, "0x00000000 0x000d0000 0x00000000 0x00000000");
    CHECK_EQ(run("encode SAMPLER_STATE 'Max LOD=raw:0x340'", out, sizeof out), 0);
    CHECK_LINE(out, "0x00000000 0x00034000 0x00000000 0x00000000");
    CHECK_EQ(run("encode SAMPLER_STATE 'Max LOD=16'", out, sizeof out), 1);   /* over 15.996 */
    /* and back: decode prints the value first, then its bits */
    CHECK_EQ(run("decode SAMPLER_STATE 0 0x000d0000 0 0", out, sizeof out), 0);
    CHECK_LINE(out, "Max LOD: 13.0 (raw:0xd00)");
}

/* A long argument is taken whole: "Max LOD=0b0...01" with the 1 past byte
 * 256 is 1.0 (raw 100h, DW1 10000h); a 256-byte copy once cut it to 0b0...0
 * and encoded 0, exit 0. */
TEST(encode_takes_long_arguments_whole)
{
    static char out[8192];
    char args[512];
    int k = snprintf(args, sizeof args, "encode SAMPLER_STATE 'Max LOD=0b");
    while (k < 300)
        args[k++] = '0';
    snprintf(args + k, sizeof args - (size_t)k, "1'");
    CHECK_EQ(run(args, out, sizeof out), 0);
    CHECK_LINE(out, "0x00000000 0x00010000 0x00000000 0x00000000");
}

/* decode then encode gives back the DWords, for every structure, from
 * random DWords: each printed value (the text after ": ", before " (") is fed to
 * encode as "Name=value"; reserved bits are dropped. */
TEST(decode_output_encodes_back_to_the_same_dwords)
{
    static char out[1 << 18], enc[1 << 16];
    const char *file = t_scratch_path("tool_state_", "round_trip.hex");
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        uint32_t *dw = calloc(d->dwords, 4);
        char **argv = calloc(d->nfields * 8u + 4096, sizeof *argv);
        FILE *f = fopen(file, "w");
        if (!dw || !argv || !f) {
            free(dw), free(argv);
            if (f)
                fclose(f);
            SKIP("out of memory or no scratch file");
        }
        for (unsigned k = 0; k < d->dwords; k++)
            fprintf(f, "%08x\n", dw[k] = (uint32_t)t_rand());
        fclose(f);
        char *dargv[] = { NULL, "decode", (char *)d->name, "-f", (char *)file, NULL };
        CHECKF(run_argv(dargv, out, sizeof out) == 0, "decode %s", d->name);
        /* "Name: value (note)" lines into "Name=value" arguments */
        int argc = 0;
        argv[argc++] = NULL;
        argv[argc++] = "encode";
        argv[argc++] = (char *)d->name;
        for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
            if (!strncmp(line, "warning: ", 9))
                continue;
            /* the note follows the value: a name may hold " (" itself
             * ("Reduction Type (gen7sf ext)") */
            char *colon = strstr(line, ": "), *paren = colon ? strstr(colon, " (") : NULL;
            if (!colon)
                continue;
            if (paren)
                *paren = 0;
            colon[0] = '=';
            memmove(colon + 1, colon + 2, strlen(colon + 2) + 1);
            argv[argc++] = line;
        }
        argv[argc] = NULL;
        int rc = run_argv(argv, enc, sizeof enc);
        CHECKF(rc == 0, "encode %s from its decode: exit %d", d->name, rc);
        /* the hex words back */
        char *p = enc;
        for (unsigned k = 0; rc == 0 && k < d->dwords; k++) {
            char *end;
            unsigned long got = strtoul(p, &end, 16);
            uint32_t want = dw[k] & ~g7sf_state_reserved_mask(d, k);
            CHECKF(end != p && got == want, "%s DW%u: 0x%08lx, want 0x%08x", d->name, k, got,
                   want);
            p = end;
        }
        free(dw), free(argv);
    }
    remove(file);
}

/* A dump whose one line puts DW0 of a SAMPLER_STATE across byte 4096
 * decodes as written (a 4096-byte line buffer once split that word in two
 * and the tool printed the wrong fields, exit 0). */
TEST(decode_file_with_a_long_line)
{
    static char out[8192];
    const char *file = t_scratch_path("tool_state_", "long_line.hex");
    FILE *f = fopen(file, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    for (int i = 0; i < 4091; i++)
        fputc(' ', f);
    /* DW0 at bytes 4091-4098: Min Mode Filter (16:14) = 1, Mip Mode Filter
     * (21:20) = 3; DW1 Max LOD (19:8) = 400h */
    fputs("00304000 00040000 0 100\n", f);
    fclose(f);
    char args[320];
    snprintf(args, sizeof args, "decode SAMPLER_STATE -f %s", file);
    CHECK_EQ(run(args, out, sizeof out), 0);
    CHECK_LINE(out, "Min Mode Filter: 1 (MAPFILTER_LINEAR)");
    CHECK_LINE(out, "Mip Mode Filter: 3 (MIPFILTER_LINEAR)");
    CHECK_LINE(out, "TCX Address Control Mode: 4 (TEXCOORDMODE_CLAMP_BORDER)");
}

/* "010" is never octal: DWords, format codes and array indices with a
 * leading zero are refused (they were octal 8 through strtoull base 0, or
 * decimal 10 through base 10). */
TEST(numbers_with_a_leading_zero_are_refused)
{
    static char out[8192];
    CHECK_EQ(run("decode SAMPLER_STATE 010 0 0 0", out, sizeof out), 1);
    CHECK_EQ(strlen(out), 0);
    CHECK_EQ(run("decode BINDING_TABLE_STATE 00001000", out, sizeof out), 1);
    CHECK_EQ(run("formats 0307", out, sizeof out), 1);   /* octal C7h */
    CHECK_EQ(run("formats 0xC7", out, sizeof out), 0);
    CHECK_EQ(run("encode BLEND_STATE 'Color Buffer Blend Enable[01]=1'", out, sizeof out), 1);
    CHECK_EQ(run("encode BLEND_STATE 'Color Buffer Blend Enable[0x1]=1'", out, sizeof out), 0);
    /* DW2 bit 31 is element 1's Color Buffer Blend Enable (2-DWord stride) */
    CHECK_LINE(out, "0x00000000 0x00000000 0x80000000 0x00000000 0x00000000 0x00000000 "
                    "0x00000000 0x00000000");
    CHECK_EQ(run("decode BINDING_TABLE_STATE 0b1000000", out, sizeof out), 0);
    CHECK_LINE(out, "Surface State Pointer: 0x00000040");
}

/* stderr is exactly one message line "gen7sf-state: ...", plus, for a
 * usage error, "Try 'gen7sf-state --help'." (never the path of the binary
 * or getopt's own words). */
static void check_message(int code, const char *cmd)
{
    const char *e = t_tool_stderr;
    CHECKF(!strncmp(e, "gen7sf-state: ", 14) && !strstr(e + 1, "gen7sf-state: "),
           "%s: stderr \"%s\"", cmd, e);
    const char *nl = strchr(e, '\n');
    const char *rest = nl ? nl + 1 : "";
    if (code == 2)
        CHECKF(!strcmp(rest, "Try 'gen7sf-state --help'.\n"), "%s: stderr \"%s\"", cmd, e);
    else
        CHECKF(!*rest, "%s: more than one line: \"%s\"", cmd, e);
}

/* The man page's EXIT STATUS, case by case. */
TEST(exit_status_and_messages)
{
    static const struct { const char *args; int code; const char *says; } cases[] = {
        /* usage errors: 2 */
        { "", 2, "no command" },
        { "frobnicate", 2, "unknown command 'frobnicate'" },
        { "--frob", 2, "unknown option '--frob'" },
        { "-x list", 2, "unknown option '-x'" },
        { "--version=3", 2, "'--version'" },
        { "list extra", 2, "list takes no arguments" },
        { "decode", 2, "decode needs a structure NAME" },
        { "decode SAMPLER_STATE", 2, "needs the DWords" },
        { "decode SAMPLER_STATE -f", 2, "option '-f' needs a FILE" },
        { "decode NO_SUCH -f", 2, "option '-f' needs a FILE" },
        { "decode SAMPLER_STATE -f a b", 2, "nothing after FILE" },
        { "decode SAMPLER_STATE 1 -f x", 2, "unexpected option '-f'" },
        { "encode", 2, "encode needs a structure NAME" },
        { "formats R8_UNORM R8_SNORM", 2, "at most one FORMAT" },
        /* bad input: 1 */
        { "decode NO_SUCH 1", 1, "unknown structure 'NO_SUCH'" },
        { "decode SAMPLER_STATE 1 2", 1, "SAMPLER_STATE has 4 DWords, 2 given" },
        { "decode SAMPLER_STATE 1 2 3 4 5", 1, "SAMPLER_STATE has 4 DWords, 5 given" },
        { "decode SAMPLER_STATE 1 2 3 zz", 1, "DW3: 'zz' is not a DWord" },
        { "decode SAMPLER_STATE 1 2 3 0x100000000", 1, "'0x100000000' is not a DWord" },
        { "decode SAMPLER_STATE -f /nonexistent", 1, "/nonexistent: " },
        { "encode NO_SUCH", 1, "unknown structure 'NO_SUCH'" },
        { "encode SAMPLER_STATE 'Min Mode Filter=8'", 1, "Min Mode Filter: '8' is not a value" },
        { "encode SAMPLER_STATE 'No Such Field=1'", 1, "no field 'No Such Field'" },
        { "encode SAMPLER_STATE 'Border Color Pointer=0x1004'", 1, "a multiple of 0x20" },
        { "encode SAMPLER_STATE novalue", 1, "expected \"Field Name=value\"" },
        { "encode SAMPLER_STATE 'Max LOD=0.001'", 1, "in steps of 1/256" },
        { "encode BLEND_STATE 'Color Buffer Blend Enable=1'", 1, "is an array of 8" },
        { "encode BLEND_STATE 'Color Buffer Blend Enable[8]=1'", 1, "[0] to" },
        { "formats NO_SUCH_FORMAT", 1, "unknown surface format 'NO_SUCH_FORMAT'" },
        { "--platform=skl list", 2, "'skl' is not a platform (ivb or hsw)" },
        { "encode RENDER_SURFACE_STATE 'Shader Channel Select Red=SCS_ALPHA'", 1,
          "'Shader Channel Select Red' is a Haswell field of RENDER_SURFACE_STATE" },
        { "encode SAMPLER_STATE 'Trilinear Filter Quality=TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER'", 1,
          "or a name: TRIQUAL_FULL, TRIQUAL_MED, TRIQUAL_LOW" },
        { "decode SAMPLER_BORDER_COLOR_STATE 0 0 0 0 0", 1,
          "SAMPLER_BORDER_COLOR_STATE has 4 DWords on Ivy Bridge, 5 given" },
        { "--platform=hsw decode SAMPLER_BORDER_COLOR_STATE 0 0 0 0 0", 1,
          "SAMPLER_BORDER_COLOR_STATE has 20 DWords on Haswell, 5 given" },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = t_tool_run("gen7sf-state", "%s", cases[i].args);
        CHECKF(rc == cases[i].code, "'%s': exit %d, want %d", cases[i].args, rc, cases[i].code);
        CHECKF(strstr(t_tool_stderr, cases[i].says) != NULL, "'%s': stderr \"%s\", want \"%s\"",
               cases[i].args, t_tool_stderr, cases[i].says);
        check_message(cases[i].code, cases[i].args);
    }
}

/* --help and --version: stdout, exit 0, nothing on stderr. */
TEST(help_and_version)
{
    static char out[8192];
    char want[64];
    CHECK_EQ(run("--help", out, sizeof out), 0);
    CHECK(!strncmp(out, "usage: gen7sf-state list\n", 25));
    CHECK(strstr(out, "raw:BITS") != NULL);
    CHECK_EQ(run("-h", out, sizeof out), 0);
    CHECK(!strncmp(out, "usage: ", 7));
    CHECK_EQ(run("--version", out, sizeof out), 0);
    snprintf(want, sizeof want, "gen7sf-state %s\n", cli_version_string());
    CHECK_STR(out, want);
    CHECK_EQ(t_tool_run("gen7sf-state", "--version"), 0);
    CHECK_STR(t_tool_stderr, "");
    CHECK_EQ(t_tool_run("gen7sf-state", "--help"), 0);
    CHECK_STR(t_tool_stderr, "");
    /* and nothing on stdout for an error */
    CHECK_EQ(run("frobnicate", out, sizeof out), 2);
    CHECK_STR(out, "");
    CHECK_EQ(run("decode SAMPLER_STATE 1", out, sizeof out), 1);
    CHECK_STR(out, "");
}

/* Every registered structure decodes from a dump and encodes a field: the
 * tool covers the whole registry, whatever its size. */
TEST(decode_and_encode_every_structure)
{
    static char out[1 << 16];
    static const char *const plat[] = { [G7SF_IVB] = "ivb", [G7SF_HSW] = "hsw" };
    char path[200], args[400];
    snprintf(path, sizeof path, "%s/tests/every_dump.hex", t_build_dir());
    for (unsigned p = G7SF_IVB; p <= G7SF_HSW; p++)
        for (unsigned i = 0; i < g7sf_state_count(); i++) {
            const g7sf_state_desc *d = g7sf_state_at(i);
            FILE *f = fopen(path, "w");
            if (!f)
                break;
            for (unsigned k = 0; k < g7sf_state_dwords(d, p); k++)
                fprintf(f, "%08x%c", (uint32_t)t_rand(), k % 8 == 7 ? '\n' : ' ');
            fclose(f);
            snprintf(args, sizeof args, "--platform=%s decode %s -f %s", plat[p], d->name, path);
            CHECKF(run(args, out, sizeof out) == 0, "%s failed", args);
            unsigned lines = 0, want = 0;
            for (const char *c = out; *c; c++)
                lines += *c == '\n';
            for (unsigned k = 0; k < d->nfields; k++)
                want += g7sf_field_on(&d->fields[k], p) ? d->fields[k].count : 0;
            CHECKF(lines >= want, "%s: %u lines for %u field elements", d->name, lines, want);
            /* the first field set to 1 (or its first enum value) encodes */
            const g7sf_field *fl = &d->fields[0];
            char name[128];
            g7sf_field_name(fl, 0, name, sizeof name);
            snprintf(args, sizeof args, "--platform=%s encode %s '%s=%s'", plat[p], d->name,
                     name, fl->enums ? fl->enums[0].name : fl->type == G7SF_FT_ADDR ? "0" : "1");
            CHECKF(run(args, out, sizeof out) == 0, "%s", args);
        }
    remove(path);
}

/* --platform=hsw shows and takes Haswell's fields (gen75.xml), lengths and
 * enum values; the default, ivb, reports those bits as reserved. */
TEST(platform_option_shows_haswell_fields)
{
    static char out[1 << 14];
    /* DW3 Integer Surface Format 1; DW7 Shader Channel Select B, G, R, ONE */
    const char *rss = "decode RENDER_SURFACE_STATE 0x20000000 0 0 0x40000 0 0 0 0x0d610000";
    char args[256];
    snprintf(args, sizeof args, "--platform=hsw %s", rss);
    CHECK_EQ(run(args, out, sizeof out), 0);
    CHECK(strstr(out, "Shader Channel Select Red: 6 (SCS_BLUE)\n") != NULL);
    CHECK(strstr(out, "Shader Channel Select Green: 5 (SCS_GREEN)\n") != NULL);
    CHECK(strstr(out, "Shader Channel Select Blue: 4 (SCS_RED)\n") != NULL);
    CHECK(strstr(out, "Shader Channel Select Alpha: 1 (SCS_ONE)\n") != NULL);
    CHECK(strstr(out, "Integer Surface Format: 1\n") != NULL);
    CHECK(strstr(out, "Resource Min LOD: 128.0") == NULL);
    CHECK(strstr(out, "warning") == NULL);
    CHECK_EQ(run(rss, out, sizeof out), 0);   /* Ivy Bridge: reserved bits */
    CHECK(strstr(out, "Shader Channel Select") == NULL);
    CHECK(strstr(out, "warning: DW3 has reserved bits set: 0x00040000") != NULL);
    CHECK(strstr(out, "warning: DW7 has reserved bits set: 0x0d610000") != NULL);
    CHECK_EQ(run("--platform=ivb list", out, sizeof out), 0);
    CHECK(strstr(out, "DWords on Ivy Bridge") != NULL);
    CHECK_EQ(run("--platform=HSW list", out, sizeof out), 0);
    CHECK(strstr(out, "DWords on Haswell") != NULL);
    const char *bc = strstr(out, "\nSAMPLER_BORDER_COLOR_STATE ");
    CHECK(bc && strtoul(bc + 28, NULL, 10) == 20);
    /* encode: the fields and their names exist on Haswell only */
    CHECK_EQ(run("--platform=hsw encode RENDER_SURFACE_STATE 'Shader Channel Select Red=SCS_ALPHA'"
                 " 'Shader Channel Select Alpha=scs_red'", out, sizeof out), 0);
    CHECK_STR(out, "0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 0x00000000 "
                   "0x00000000 0x0e040000\n");
    CHECK_EQ(run("--platform=hsw encode SAMPLER_STATE "
                 "'Trilinear Filter Quality=TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER'", out, sizeof out), 0);
    CHECK_STR(out, "0x00000000 0x00000000 0x00000000 0x00000800\n");
    CHECK_EQ(run("decode SAMPLER_STATE 0 0 0 0x800", out, sizeof out), 0);
    CHECK(strstr(out, "Trilinear Filter Quality: 1 (reserved)\n") != NULL);
    CHECK_EQ(run("--platform=hsw decode SAMPLER_STATE 0 0 0 0x800", out, sizeof out), 0);
    CHECK(strstr(out, "Trilinear Filter Quality: 1 (TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER)\n") != NULL);
    /* the border colour: 20 DWords on Haswell (errors: tool_errors) */
    CHECK_EQ(run("--platform=hsw decode SAMPLER_BORDER_COLOR_STATE 0 0 0 0x3f800000 0 0 0 0 0 0 "
                 "0 0 0 0 0 0 0x04030201 7 0x0a090605 9", out, sizeof out), 0);
    CHECK(strstr(out, "Border Color 8bit Red: 1\n") != NULL);
    CHECK(strstr(out, "Border Color 16bit Green: 1027\n") != NULL);   /* 0x0403 */
    CHECK(strstr(out, "Border Color 16bit Alpha: 2569\n") != NULL);   /* 0x0a09 */
    CHECK(strstr(out, "Border Color 32bit Green: 7\n") != NULL);
}

/* 'formats': the header, then one line per format of the PRM table. */
TEST(formats_lists_every_format)
{
    static char out[1 << 16];
    CHECK_EQ(run("formats", out, sizeof out), 0);
    unsigned header = 0, lines = 0;
    for (const char *p = out; *p; p = strchr(p, '\n') + 1) {
        if (*p == '#') {
            header++;
            CHECKF(lines == 0, "header line after a format line");
        } else {
            lines++;
        }
        if (!strchr(p, '\n'))
            break;
    }
    CHECK(header >= 2);
    CHECK_EQ(lines, 221);   /* the PRM's 221 codes (test_format_table) */
    CHECK(strstr(out, "S sample") != NULL);   /* the legend */
}

TEST(formats_picks_one_by_name_or_code)
{
    static char a[4096], b[4096], c[4096];
    CHECK_EQ(run("formats r8g8b8a8_unorm", a, sizeof a), 0);
    CHECK_EQ(run("formats 0xC7", b, sizeof b), 0);
    CHECK_EQ(run("formats 199", c, sizeof c), 0);
    CHECK_STR(b, a);
    CHECK_STR(c, a);
    const char *line = strstr(a, "\n0x0C7 R8G8B8A8_UNORM ");
    CHECKF(line && !strstr(line + 1, "\n0x"), "one line for 0C7h:\n%s", a);
    CHECK_EQ(run("formats NO_SUCH_FORMAT", a, sizeof a), 1);
    CHECK_EQ(run("formats 0x009", a, sizeof a), 1);   /* a gap in the codes */
    CHECK_EQ(run("formats R8_UNORM R8_SNORM", a, sizeof a), 2);
}

/* Columns written out by hand: the PRM size, the layout, sRGB, palette,
 * the capabilities from isl's rows (see test_format_caps) and the
 * channels in the order of the name, from bit 0. */
TEST(formats_line_contents)
{
    static char out[4096];
    const struct g7sf_format_info *f = g7sf_format_info(G7SF_FORMAT_R8G8B8A8_UNORM);
    if (!f || !f->nchannels || !f->caps[0])
        SKIP("channel table and caps not filled yet (format_desc.c on main)");
    CHECK_EQ(run("formats R8G8B8A8_UNORM", out, sizeof out), 0);
    CHECK_LINE(out, "0x0C7 R8G8B8A8_UNORM             32 1x1 channels   -    - SF..RBV.W. "
                    "SF..RBV.W. R8:UNORM G8:UNORM B8:UNORM A8:UNORM");
    CHECK_EQ(run("formats B5G6R5_UNORM_SRGB", out, sizeof out), 0);
    CHECK_LINE(out, "0x101 B5G6R5_UNORM_SRGB          16 1x1 channels   srgb - SF..RB.... "
                    "SF..RB.... B5:UNORM G6:UNORM R5:UNORM");
    CHECK_EQ(run("formats BC7_UNORM", out, sizeof out), 0);
    CHECK_LINE(out, "0x1A2 BC7_UNORM                 128 4x4 compressed -    - SF........ "
                    "SF........ -");
    CHECK_EQ(run("formats R16G16B16_UNORM", out, sizeof out), 0);
    CHECK_LINE(out, "0x19C R16G16B16_UNORM            48 1x1 channels   -    - ......V... "
                    "SF....V... R16:UNORM G16:UNORM B16:UNORM");
    CHECK_EQ(run("formats R11G11B10_FLOAT", out, sizeof out), 0);
    CHECK_LINE(out, "0x0D3 R11G11B10_FLOAT            32 1x1 channels   -    - SF..RBV.W. "
                    "SF..RBV.W. R11:UFLOAT G11:UFLOAT B10:UFLOAT");
    /* the palette column; the P channel's type is the table's business */
    CHECK_EQ(run("formats P8A8_UNORM_PALETTE1", out, sizeof out), 0);
    CHECK(strstr(out, "\n0x123 P8A8_UNORM_PALETTE1        16 1x1 palette    -    1 SF........ "
                      "SF........ P8") != NULL);
}
