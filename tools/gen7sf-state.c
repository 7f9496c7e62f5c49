/* gen7sf-state: list, decode and encode the hardware state structures.
 *   gen7sf-state list
 *   gen7sf-state decode NAME DW0 DW1 ...      (0x-prefixed hex or decimal)
 *   gen7sf-state decode NAME -f FILE          (hex dump: hex words, '#' comments,
 *                                              "addr:" labels ignored; - = stdin)
 *   gen7sf-state encode NAME "Field Name=value" ...
 *   gen7sf-state formats [FORMAT]             (the surface format table)      */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_arg.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "hexwords.h"

static const char *prog = "gen7sf-state";

static int usage(FILE *f, int code)
{
    fprintf(f,
            "usage: %s list\n"
            "       %s decode NAME DW0 DW1 ...   (words as 0x hex or decimal)\n"
            "       %s decode NAME -f FILE       (hex dump; - reads standard input)\n"
            "       %s encode NAME \"Field Name=value\" ...\n"
            "       %s formats [FORMAT]          (all surface formats, or one by name/code)\n"
            "NAME is a structure from 'list' (any case); a value is a number, an enum\n"
            "name, a real for fixed-point fields, or true/false; array elements are\n"
            "named \"Field[i]\".\n", prog, prog, prog, prog, prog);
    return code;
}

static int fail(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 1;
}

static const g7sf_state_desc *find(const char *name)
{
    const g7sf_state_desc *d = g7sf_state_find(name);
    if (!d)
        fail("unknown structure '%s' (see '%s list')", name, prog);
    return d;
}

static int list(void)
{
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        printf("%-28s %4u DWords  PRM %s\n", d->name, d->dwords, d->section);
    }
    return 0;
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
    char name[160], val[96];
    for (unsigned i = 0; i < d->nfields; i++) {
        const g7sf_field *f = &d->fields[i];
        for (unsigned k = 0; k < f->count; k++) {
            g7sf_field_name(f, k, name, sizeof name);
            g7sf_field_format(f, g7sf_field_extract(f, k, dw), val, sizeof val);
            printf("%s: %s\n", name, val);
        }
    }
    for (unsigned i = 0; i < d->dwords; i++) {
        uint32_t r = dw[i] & g7sf_state_reserved_mask(d, i);
        if (r)
            printf("warning: DW%u has reserved bits set: 0x%08x\n", i, r);
    }
}

static int decode(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr, 2);
    const g7sf_state_desc *d = find(argv[0]);
    if (!d)
        return 1;
    uint32_t *dw = calloc(d->dwords, sizeof *dw);
    long n = 0;
    int rc = 1;
    if (!dw)
        return fail("out of memory%s%s", "", "");
    if (!strcmp(argv[1], "-f")) {
        vio_error err;
        n = argc == 3 ? hexwords_read(argv[2], dw, d->dwords, &err) : (usage(stderr, 2), -1);
        if (n < 0 && argc == 3)
            fail("%s%s", err.msg, "");
    } else {
        for (int i = 1; i < argc && n >= 0; i++, n++)
            if (n >= (long)d->dwords || !parse_word(argv[i], &dw[n])) {
                fail(n >= (long)d->dwords ? "too many words for %s%s" : "'%s' is not a word%s",
                     n >= (long)d->dwords ? d->name : argv[i], "");
                n = -2;
            }
    }
    if (n >= 0 && n != (long)d->dwords) {
        char want[64];
        snprintf(want, sizeof want, "%u DWords, %ld given", d->dwords, n);
        fail("%s has %s", d->name, want);
    } else if (n >= 0) {
        print_fields(d, dw);
        rc = 0;
    }
    free(dw);
    return rc;
}

/* "Name" or "Name[i]": the field and element, or NULL. */
static const g7sf_field *field_ref(const g7sf_state_desc *d, char *name, unsigned *idx)
{
    char *br = strchr(name, '[');
    *idx = 0;
    if (br) {
        size_t n = strlen(br);
        int64_t k;
        if (br[n - 1] != ']')
            return NULL;
        br[n - 1] = 0;
        if (g7sf_parse_int(br + 1, &k) || k < 0 || k > 0xFFFF)
            return NULL;
        *br = 0;
        *idx = (unsigned)k;
    }
    const g7sf_field *f = g7sf_state_field(d, name);
    return f && *idx < f->count && (br || f->count == 1) ? f : NULL;
}

static int encode(int argc, char **argv)
{
    if (argc < 1)
        return usage(stderr, 2);
    const g7sf_state_desc *d = find(argv[0]);
    if (!d)
        return 1;
    uint32_t *dw = calloc(d->dwords, sizeof *dw);
    int rc = 0;
    if (!dw)
        return fail("out of memory%s%s", "", "");
    for (int i = 1; i < argc && !rc; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", argv[i]);
        char *eq = strchr(buf, '=');
        if (!eq) {
            rc = fail("'%s': expected \"Field Name=value\"%s", argv[i], "");
            break;
        }
        *eq = 0;
        char *name = buf, *value = eq + 1, *e = eq;
        while (e > name && isspace((unsigned char)e[-1]))
            *--e = 0;
        while (isspace((unsigned char)*value))
            value++;
        unsigned idx;
        const g7sf_field *f = field_ref(d, name, &idx);
        int64_t v;
        if (!f)
            rc = fail("%s has no field '%s'", d->name, name);
        else if (g7sf_field_parse(f, value, &v))
            rc = fail("'%s' is not a valid value for %s (wrong name, range or alignment)", value,
                      f->name);
        else
            g7sf_field_insert(f, idx, dw, v);
    }
    for (unsigned i = 0; !rc && i < d->dwords; i++)
        printf("0x%08x%c", dw[i], i + 1 == d->dwords || i % 8 == 7 ? '\n' : ' ');
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
        return usage(stderr, 2);
    const struct g7sf_format_info *one = argc ? format_arg(argv[0]) : NULL;
    if (argc && !one)
        return fail("unknown surface format '%s'%s", argv[0], "");
    printf("# code name bits/block block layout srgb palette IVB HSW channels\n"
           "# capabilities: S sample, F filter, Z shadow compare, K chroma key, R render\n"
           "#   target, B alpha blend, V vertex fetch, O stream out, W typed write,\n"
           "#   T typed read\n");
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (f && (!one || f == one))
            print_format(f);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr, 2);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
        return usage(stdout, 0);
    if (!strcmp(argv[1], "list") && argc == 2)
        return list();
    if (!strcmp(argv[1], "decode"))
        return decode(argc - 2, argv + 2);
    if (!strcmp(argv[1], "encode"))
        return encode(argc - 2, argv + 2);
    if (!strcmp(argv[1], "formats"))
        return formats(argc - 2, argv + 2);
    return usage(stderr, 2);
}
