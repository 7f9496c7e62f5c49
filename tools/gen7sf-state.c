/* gen7sf-state: list, decode and encode the hardware state structures.
 *   gen7sf-state list
 *   gen7sf-state decode NAME DW0 DW1 ...      (numbers: decimal, 0x, 0b)
 *   gen7sf-state decode NAME -f FILE          (hex dump, see hexwords.h; - = stdin)
 *   gen7sf-state encode NAME "Field Name=value" ...
 *   gen7sf-state formats [FORMAT]             (the surface format table)
 * --platform=ivb|hsw (before the command; ivb by default) chooses the
 * fields, lengths and enum values of that platform.
 * Exit status (cli.h): 0 done, 1 bad input (names, values, files), 2 usage. */
#include <ctype.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "format_arg.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "hexwords.h"

static enum g7sf_platform plat = G7SF_IVB;   /* --platform */
static const char *const plat_names[] = { [G7SF_IVB] = "ivb", [G7SF_HSW] = "hsw" };

static int usage(void)
{
    const char *p = cli_prog;
    printf("usage: %s list\n"
           "       %s decode NAME DW0 DW1 ...   (the structure's DWords)\n"
           "       %s decode NAME -f FILE       (a hex dump; - reads standard input)\n"
           "       %s encode NAME \"Field Name=value\" ...\n"
           "       %s formats [FORMAT]          (all surface formats, or one by name/code)\n"
           "       %s --help | --version\n"
           "Before the command, --platform=ivb (the default) or --platform=hsw takes\n"
           "the structures as that platform has them: Haswell adds fields (Shader\n"
           "Channel Select, Integer Surface Format, integer border colours), DWords\n"
           "(SAMPLER_BORDER_COLOR_STATE is 20 long) and enum values.\n"
           "NAME is a structure from 'list' (any case).  Numbers are decimal, 0x hex or\n"
           "0b binary; a decimal never starts with 0 (010 is refused, not octal).  A\n"
           "value is an integer (the field's value, in fixed-point and float fields\n"
           "too: \"Max LOD=13\" is 13.0), a real for fixed-point and float fields,\n"
           "raw:BITS for the field's bits, an enum name, or true/false; array\n"
           "elements are named \"Field[i]\".\n"
           "Exit status: 0 done, 1 bad input, 2 usage error.\n",
           p, p, p, p, p, p);
    return CLI_EXIT_OK;
}

/* " on Haswell" where the length differs by platform, for messages. */
static const char *on_plat(const g7sf_state_desc *d)
{
    if (g7sf_state_dwords(d, G7SF_IVB) == g7sf_state_dwords(d, G7SF_HSW))
        return "";
    return plat == G7SF_HSW ? " on Haswell" : " on Ivy Bridge";
}

static const g7sf_state_desc *find(const char *name)
{
    const g7sf_state_desc *d = g7sf_state_find(name);
    if (!d)
        cli_fail("unknown structure '%s' (see '%s list')", name, cli_prog);
    return d;
}

/* One row per structure; the column widths come from the rows (and the
 * header), so no name or size ever pushes a column out of line. */
static int list(void)
{
    static const char *const head[] = { "# structure", "DWords", "PRM section" };
    int wname = (int)strlen(head[0]), wdw = (int)strlen(head[1]);
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        int n = snprintf(NULL, 0, "%u", g7sf_state_dwords(d, plat));
        if ((int)strlen(d->name) > wname)
            wname = (int)strlen(d->name);
        if (n > wdw)
            wdw = n;
    }
    printf("# sections are of Vol. 4 Part 1 (Shared Functions) unless a volume is named; "
           "DWords on %s\n", plat == G7SF_HSW ? "Haswell" : "Ivy Bridge");
    printf("%-*s  %*s  %s\n", wname, head[0], wdw, head[1], head[2]);
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        printf("%-*s  %*u  %s\n", wname, d->name, wdw, g7sf_state_dwords(d, plat), d->section);
    }
    return CLI_EXIT_OK;
}

/* A DWord on the command line: the library's integer syntax (decimal
 * without leading zeros, 0x hex, 0b binary), 0..FFFFFFFFh. */
static bool parse_word(const char *s, uint32_t *w)
{
    int64_t v;
    if (g7sf_parse_int(s, &v) || v < 0 || v > 0xFFFFFFFF)
        return false;
    *w = (uint32_t)v;
    return true;
}

static void print_fields(const g7sf_state_desc *d, const uint32_t *dw)
{
    char name[160], val[128];
    for (unsigned i = 0; i < d->nfields; i++) {
        const g7sf_field *f = &d->fields[i];
        for (unsigned k = 0; g7sf_field_on(f, plat) && k < f->count; k++) {
            g7sf_field_name(f, k, name, sizeof name);
            g7sf_field_format_on(f, plat, g7sf_field_extract(f, k, dw), val, sizeof val);
            printf("%s: %s\n", name, val);
        }
    }
    for (unsigned i = 0; i < g7sf_state_dwords(d, plat); i++) {
        uint32_t r = dw[i] & g7sf_state_reserved_mask_on(d, plat, i);
        if (r)
            printf("warning: DW%u has reserved bits set: 0x%08x\n", i, r);
    }
}

/* The DWords from the command line (argv: the words) or, with "-f FILE",
 * from a hex dump: their count, or -1 after the message. */
static long read_words(const g7sf_state_desc *d, int argc, char **argv, uint32_t *dw)
{
    if (!strcmp(argv[0], "-f")) {
        vio_error err;
        long n = hexwords_read(argv[1], dw, g7sf_state_dwords(d, plat), &err);
        if (n < 0)
            cli_fail("%s", err.msg);
        return n < 0 ? -1 : n;
    }
    for (int i = 0; i < argc; i++) {
        if (i >= (int)g7sf_state_dwords(d, plat)) {
            cli_fail("%s has %u DWords%s, %d given", d->name, g7sf_state_dwords(d, plat),
                     on_plat(d), argc);
            return -1;
        }
        if (!parse_word(argv[i], &dw[i])) {
            cli_fail("DW%d: '%s' is not a DWord (0..0xffffffff: decimal without leading "
                     "zeros, 0x hex or 0b binary)", i, argv[i]);
            return -1;
        }
    }
    return argc;
}

static int decode(int argc, char **argv)
{
    if (argc < 1)
        return cli_usage_error("decode needs a structure NAME, then its DWords or -f FILE");
    if (argc < 2)
        return cli_usage_error("decode %s needs the DWords, or -f FILE", argv[0]);
    if (!strcmp(argv[1], "-f") && argc != 3)
        return argc < 3 ? cli_usage_error("option '-f' needs a FILE (- for standard input)")
                        : cli_usage_error("decode NAME -f FILE takes nothing after FILE");
    for (int i = 2; i < argc; i++)
        if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error("unexpected option '%s' (-f FILE comes right after NAME)",
                                   argv[i]);
    const g7sf_state_desc *d = find(argv[0]);
    if (!d)
        return CLI_EXIT_RUN;
    unsigned len = g7sf_state_dwords(d, plat);
    uint32_t *dw = calloc(len, sizeof *dw);
    if (!dw)
        return cli_fail("out of memory");
    long n = read_words(d, argc - 1, argv + 1, dw);
    int rc = CLI_EXIT_RUN;
    if (n >= 0 && n != (long)len) {
        cli_fail("%s has %u DWords%s, %ld given", d->name, len, on_plat(d), n);
    } else if (n >= 0) {
        print_fields(d, dw);
        rc = CLI_EXIT_OK;
    }
    free(dw);
    return rc;
}

/* "Name" or "Name[i]" (name is cut at '['): the field and element, or
 * NULL after the message. */
static const g7sf_field *field_ref(const g7sf_state_desc *d, char *name, unsigned *idx)
{
    char *br = strchr(name, '[');
    int64_t k = 0;
    size_t n = strlen(name);
    if (br) {
        if (name[n - 1] != ']') {
            cli_fail("'%s': an element is named \"Field[i]\"", name);
            return NULL;
        }
        name[n - 1] = 0;
        if (g7sf_parse_int(br + 1, &k) || k < 0) {
            cli_fail("'%s': an index is a number from 0 (decimal without leading zeros, or "
                     "0x hex)", br + 1);
            return NULL;
        }
        *br = 0;
    }
    const g7sf_field *f = g7sf_state_field(d, name);
    if (!f)
        cli_fail("%s has no field '%s' (decode prints every field name)", d->name, name);
    else if (!g7sf_field_on(f, plat))
        cli_fail("'%s' is a Haswell field of %s (--platform=hsw before the command)", f->name,
                 d->name);
    else if (!br && f->count > 1)
        cli_fail("'%s' is an array of %u: name an element, \"%s[0]\" to \"%s[%u]\"", f->name,
                 f->count, f->name, f->name, f->count - 1);
    else if (br && f->count == 1)
        cli_fail("'%s' is not an array: name it without [i]", f->name);
    else if (k >= f->count)
        cli_fail("'%s[%lld]': the elements are %s[0] to %s[%u]", f->name, (long long)k, f->name,
                 f->name, f->count - 1);
    else {
        *idx = (unsigned)k;
        return f;
    }
    return NULL;
}

/* What a value of f may be, for the message that refuses one. */
static void expected(const g7sf_field *f, char *buf, size_t n)
{
    unsigned w = (unsigned)(f->hi - f->lo + 1);
    bool sgn = f->type == G7SF_FT_S || f->type == G7SF_FT_SFIX;
    int64_t lo = sgn ? -((int64_t)1 << (w - 1)) : 0;
    int64_t hi = sgn ? ((int64_t)1 << (w - 1)) - 1 : ((int64_t)1 << w) - 1;
    char a[96], b[96];
    size_t k;
    switch (f->type) {
    case G7SF_FT_BOOL:
        snprintf(buf, n, "0, 1, true or false");
        break;
    case G7SF_FT_ADDR:
        snprintf(buf, n, "an address from 0 to 0x%08llx, a multiple of 0x%llx",
                 (unsigned long long)(((1ull << w) - 1) << f->lo), 1ull << f->lo);
        break;
    case G7SF_FT_UFIX:
    case G7SF_FT_SFIX:
        /* the range ends as decode prints them, without their "(raw:...)" */
        g7sf_field_format_on(f, plat, lo, a, sizeof a);
        g7sf_field_format_on(f, plat, hi, b, sizeof b);
        a[strcspn(a, " ")] = b[strcspn(b, " ")] = 0;
        snprintf(buf, n, "a number from %s to %s in steps of 1/%llu (an integer is that "
                 "value), or raw:BITS with BITS from 0 to 0x%llx", a, b, 1ull << f->frac,
                 (unsigned long long)((1ull << w) - 1));
        break;
    case G7SF_FT_FLOAT:
        snprintf(buf, n, "a real number, or raw:BITS with the float's 32 bits");
        break;
    case G7SF_FT_ENUM:
        k = (size_t)snprintf(buf, n, "a number from 0 to %lld, or a name:", (long long)hi);
        for (const g7sf_enum *e = f->enums; e && e->name && k < n; e++)
            if (g7sf_enum_on(f->enums, e->value, plat))
                k += (size_t)snprintf(buf + k, n - k, "%s %s", e == f->enums ? "" : ",",
                                      e->name);
        break;
    default:
        snprintf(buf, n, "an integer from %lld to %lld", (long long)lo, (long long)hi);
        break;
    }
}

/* One "Field Name=value" argument into dw: 0, or CLI_EXIT_RUN after the
 * message. */
static int set_field(const g7sf_state_desc *d, const char *arg, uint32_t *dw)
{
    char *buf = strdup(arg);   /* whole: a cut value would be another value */
    if (!buf)
        return cli_fail("out of memory");
    char *eq = strchr(buf, '=');
    int rc = CLI_EXIT_RUN;
    if (!eq) {
        cli_fail("'%s': expected \"Field Name=value\"", arg);
        free(buf);
        return rc;
    }
    *eq = 0;
    char *name = buf, *value = eq + 1, *e = eq;
    while (e > name && isspace((unsigned char)e[-1]))
        *--e = 0;
    while (isspace((unsigned char)*value))
        value++;
    for (e = value + strlen(value); e > value && isspace((unsigned char)e[-1]);)
        *--e = 0;
    unsigned idx;
    const g7sf_field *f = field_ref(d, name, &idx);
    int64_t v;
    if (f && g7sf_field_parse_on(f, plat, value, &v)) {
        char want[1024];
        expected(f, want, sizeof want);
        cli_fail("%s: '%s' is not a value of this field; expected %s", f->name, value, want);
    } else if (f) {
        g7sf_field_insert(f, idx, dw, v);
        rc = 0;
    }
    free(buf);
    return rc;
}

static int encode(int argc, char **argv)
{
    if (argc < 1)
        return cli_usage_error("encode needs a structure NAME, then \"Field Name=value\" ...");
    const g7sf_state_desc *d = find(argv[0]);
    if (!d)
        return CLI_EXIT_RUN;
    unsigned len = g7sf_state_dwords(d, plat);
    uint32_t *dw = calloc(len, sizeof *dw);
    if (!dw)
        return cli_fail("out of memory");
    int rc = 0;
    for (int i = 1; i < argc && !rc; i++)
        rc = set_field(d, argv[i], dw);
    for (unsigned i = 0; !rc && i < len; i++)
        printf("0x%08x%c", dw[i], i + 1 == len || i % 8 == 7 ? '\n' : ' ');
    free(dw);
    return rc;
}

/* The formats table: one line per format; the capability columns have a
 * letter per G7SF_CAP_* bit, in bit order, '.' where the bit is clear. */
static const char cap_letters[] = "SFZKRBVOWT";
static const char *const layout_names[] = { "channels", "sharedexp", "compressed", "ycrcb",
                                            "planar", "y8", "palette", "mono", "raw" };
static const char *const type_names[] = { "X", "UNORM", "SNORM", "UINT", "SINT", "FLOAT",
                                          "UFLOAT", "USCALED", "SSCALED", "SFIXED", "RAW" };
static const char channel_letters[] = "RGBALIPXE";

static const char *name_at(const char *const *names, unsigned n, unsigned i)
{
    return i < n ? names[i] : "?";
}

static void print_format(const struct g7sf_format_info *f)
{
    char caps[2][sizeof cap_letters];
    for (int p = 0; p < 2; p++) {
        for (unsigned b = 0; b + 1 < sizeof cap_letters; b++)
            caps[p][b] = f->caps[p] >> b & 1 ? cap_letters[b] : '.';
        caps[p][sizeof cap_letters - 1] = 0;
    }
    printf("0x%03X %-25s %3u %ux%u %-10s %-4s %c %s %s", f->code, f->name, f->bits_per_block,
           f->block_w, f->block_h,
           name_at(layout_names, sizeof layout_names / sizeof *layout_names, f->layout),
           f->srgb ? "srgb" : "-", f->layout == G7SF_LAYOUT_PALETTE ? '0' + f->palette : '-',
           caps[G7SF_IVB], caps[G7SF_HSW]);
    for (unsigned i = 0; i < f->nchannels && i < 4; i++) {
        const struct g7sf_format_channel *c = &f->ch[i];
        char name = c->name < sizeof channel_letters - 1 ? channel_letters[c->name] : '?';
        if (c->type == G7SF_TYPE_X)
            printf(" %c%u", name, c->bits);
        else
            printf(" %c%u:%s", name, c->bits,
                   name_at(type_names, sizeof type_names / sizeof *type_names, c->type));
    }
    if (!f->nchannels)
        printf(" -");
    putchar('\n');
}

static int formats(int argc, char **argv)
{
    if (argc > 1)
        return cli_usage_error("formats takes at most one FORMAT");
    const struct g7sf_format_info *one = argc ? format_arg(argv[0]) : NULL;
    if (argc && !one)
        return cli_fail("unknown surface format '%s' (a name from '%s formats', or a code: "
                        "0x hex, or decimal without leading zeros)", argv[0], cli_prog);
    printf("# code name bits/block block layout srgb palette IVB HSW channels\n"
           "# capabilities: S sample, F filter, Z shadow compare, K chroma key, R render\n"
           "#   target, B alpha blend, V vertex fetch, O stream out, W typed write,\n"
           "#   T typed read\n");
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (f && (!one || f == one))
            print_format(f);
    }
    return CLI_EXIT_OK;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        { "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' },
        { "platform", required_argument, NULL, 'P' }, { NULL, 0, NULL, 0 } };
    cli_init("gen7sf-state");
    /* '+': options end at the command, whose own arguments (-f) follow it */
    for (int c; (c = getopt_long(argc, argv, "+:h", longs, NULL)) != -1;) {
        switch (c) {
        case 'h':
            return usage();
        case 'V':
            return cli_version();
        case 'P':
            if (!strcasecmp(optarg, plat_names[G7SF_IVB]))
                plat = G7SF_IVB;
            else if (!strcasecmp(optarg, plat_names[G7SF_HSW]))
                plat = G7SF_HSW;
            else
                return cli_usage_error("--platform: '%s' is not a platform (ivb or hsw)",
                                       optarg);
            break;
        default:
            return cli_bad_option(c, argv);
        }
    }
    if (optind == argc)
        return cli_usage_error("no command: list, decode, encode or formats");
    const char *cmd = argv[optind];
    int n = argc - optind - 1;
    char **args = argv + optind + 1;
    if (!strcmp(cmd, "list"))
        return n ? cli_usage_error("list takes no arguments") : list();
    if (!strcmp(cmd, "decode"))
        return decode(n, args);
    if (!strcmp(cmd, "encode"))
        return encode(n, args);
    if (!strcmp(cmd, "formats"))
        return formats(n, args);
    return cli_usage_error("unknown command '%s': list, decode, encode or formats", cmd);
}
