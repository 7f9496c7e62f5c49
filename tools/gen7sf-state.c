/* gen7sf-state: list, decode and encode the hardware state structures.
 *   gen7sf-state list
 *   gen7sf-state decode NAME DW0 DW1 ...      (0x-prefixed hex or decimal)
 *   gen7sf-state decode NAME -f FILE          (hex dump: hex words, '#' comments,
 *                                              "addr:" labels ignored; - = stdin)
 *   gen7sf-state encode NAME "Field Name=value" ...                           */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/state.h"

static const char *prog = "gen7sf-state";

static int usage(FILE *f, int code)
{
    fprintf(f,
            "usage: %s list\n"
            "       %s decode NAME DW0 DW1 ...   (words as 0x hex or decimal)\n"
            "       %s decode NAME -f FILE       (hex dump; - reads standard input)\n"
            "       %s encode NAME \"Field Name=value\" ...\n"
            "NAME is a structure from 'list' (any case); a value is a number, an enum\n"
            "name, a real for fixed-point fields, or true/false; array elements are\n"
            "named \"Field[i]\".\n", prog, prog, prog, prog);
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
        fail("unknown structure '%s'%s (see '%s list')", name, "");
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

static bool parse_word(const char *s, int base, uint32_t *w)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, base);
    if (!*s || *end || errno || v > 0xFFFFFFFFull || *s == '-')
        return false;
    *w = (uint32_t)v;
    return true;
}

/* Reads hex words from a dump; returns the count or -1 with a message. */
static long read_dump(const char *path, uint32_t *dw, unsigned max)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    char line[4096];
    long n = 0;
    if (!f) {
        fail("cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    while (n >= 0 && fgets(line, sizeof line, f)) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        for (char *tok = strtok(line, " \t\r\n,"); tok; tok = strtok(NULL, " \t\r\n,")) {
            if (tok[strlen(tok) - 1] == ':')
                continue;   /* address label */
            if ((unsigned long)n >= max || !parse_word(tok, 16, &dw[n])) {
                fail((unsigned long)n >= max ? "%s: more words than the structure has%s"
                                             : "%s: '%s' is not a hex word", path,
                     (unsigned long)n >= max ? "" : tok);
                n = -1;
                break;
            }
            n++;
        }
    }
    if (f != stdin)
        fclose(f);
    return n;
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
        n = argc == 3 ? read_dump(argv[2], dw, d->dwords) : (usage(stderr, 2), -1);
    } else {
        for (int i = 1; i < argc && n >= 0; i++, n++)
            if (n >= (long)d->dwords || !parse_word(argv[i], 0, &dw[n])) {
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
        char *end;
        unsigned long k = strtoul(br + 1, &end, 10);
        if (end == br + 1 || strcmp(end, "]"))
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
    return usage(stderr, 2);
}
