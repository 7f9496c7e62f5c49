/* The state tables (include/gen7sf/state.h): decode, encode, print and
 * parse of every structure, and the "Field Name=value" strings
 * gen7sf-state encode takes.
 *
 * Input: structure index (mod the registry), a byte that picks an array
 * element to check (low 7 bits) and the platform (top bit: Haswell), the
 * structure's DWords on that platform, then text "Name=value" or
 * "Name[i]=value".
 *
 * Contract checked:
 *   - pack(unpack(dw)) gives dw without its reserved bits, and pack never
 *     fails on what unpack produced;
 *   - every field element reads the same from the DWords and the struct,
 *     and inserting it back changes nothing;
 *   - the printed value (g7sf_field_format) fits the length it reports,
 *     truncates cleanly, and both its value (before " (") and its "raw:"
 *     form parse back to the same bits, as state.h promises;
 *   - g7sf_parse_int accepts what it prints of a value it parsed;
 *   - an enum name parses to the value it names;
 *   - whatever a parse accepts fits its field: insert takes it and
 *     extract gives it back. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "gen7sf/state.h"

/* The value part of a printed field: up to " (". */
static void numeric_part(char *s)
{
    char *p = strstr(s, " (");
    if (p)
        *p = 0;
}

static enum g7sf_platform plat;   /* of this input */
static unsigned len;               /* its DWords: g7sf_state_dwords */

static void check_field(const g7sf_state_desc *d, const g7sf_field *f, unsigned k,
                        const uint32_t *dw, const void *s)
{
    int64_t v = g7sf_field_extract(f, k, dw);
    FUZZ_CHECK(g7sf_field_get(f, k, s) == v || (uint32_t)g7sf_field_get(f, k, s) == (uint32_t)v,
               "%s.%s[%u]: struct %lld, dwords %lld", d->name, f->name, k,
               (long long)g7sf_field_get(f, k, s), (long long)v);
    uint32_t copy[512];
    memcpy(copy, dw, len * 4);
    FUZZ_CHECK(g7sf_field_insert(f, k, copy, v) == 0 && !memcmp(copy, dw, len * 4),
               "%s.%s[%u]: inserting its own value %lld", d->name, f->name, k, (long long)v);

    char text[128], small[6];
    int n = g7sf_field_format_on(f, plat, v, text, sizeof text);
    int m = g7sf_field_format_on(f, plat, v, small, sizeof small);
    FUZZ_CHECK(n >= 0 && n < (int)sizeof text && (size_t)n == strlen(text) && m == n,
               "%s.%s: format length %d / %d for \"%s\"", d->name, f->name, n, m, text);
    FUZZ_CHECK(!strncmp(small, text, sizeof small - 1) && strlen(small) < sizeof small,
               "%s.%s: truncated \"%s\" of \"%s\"", d->name, f->name, small, text);
    char name[192];
    g7sf_field_name(f, k, name, sizeof name);
    FUZZ_CHECK(f->count > 1 ? strchr(name, '[') != NULL : !strcmp(name, f->name),
               "%s: field name \"%s\"", d->name, name);
    char raw[64] = "";
    const char *rp = strstr(text, "raw:");
    if (rp) {
        snprintf(raw, sizeof raw, "%s", rp);
        raw[strcspn(raw, ") ")] = 0;
    }
    numeric_part(text);
    int64_t back = -1;
    int r = g7sf_field_parse_on(f, plat, text, &back);
    FUZZ_CHECK(r == 0 && back == v, "%s.%s: printed \"%s\" for %lld, parses to %lld (%d)",
               d->name, f->name, text, (long long)v, (long long)back, r);
    if (rp) {
        r = g7sf_field_parse_on(f, plat, raw, &back);
        FUZZ_CHECK(r == 0 && back == v, "%s.%s: \"%s\" for %lld parses to %lld (%d)", d->name,
                   f->name, raw, (long long)v, (long long)back, r);
    }
    for (const g7sf_enum *e = f->enums; e && e->name; e++) {
        const g7sf_enum *first = f->enums;   /* a name given twice: parse takes the first */
        while (strcasecmp(first->name, e->name))
            first++;
        r = g7sf_field_parse_on(f, plat, e->name, &back);
        if (!g7sf_enum_on(f->enums, first->value, plat))   /* another platform's name */
            FUZZ_CHECK(r == G7SF_EINVAL, "%s.%s: enum %s parses on a platform without it",
                       d->name, f->name, e->name);
        else
            FUZZ_CHECK(r == 0 && back == first->value,
                       "%s.%s: enum %s (%u) parses to %lld (%d)", d->name, f->name, e->name,
                       e->value, (long long)back, r);
    }
}

/* "Name=value" as gen7sf-state encode splits it: blanks around '=' go,
 * "Name[i]" selects an array element. */
static void check_text(const g7sf_state_desc *d, const char *text)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    g7sf_state_find(buf);   /* any string: a structure name or NULL */
    char *eq = strchr(buf, '=');
    if (!eq)
        return;
    *eq = 0;
    char *value = eq + 1, *e = eq;
    while (e > buf && isspace((unsigned char)e[-1]))
        *--e = 0;
    while (isspace((unsigned char)*value))
        value++;
    unsigned idx = 0;
    char *br = strchr(buf, '[');
    if (br) {
        idx = (unsigned)strtoul(br + 1, NULL, 10);
        *br = 0;
    }
    const g7sf_field *f = g7sf_state_field(d, buf);
    if (!f)
        return;
    int64_t v = 0;
    int r = g7sf_field_parse_on(f, plat, value, &v);
    FUZZ_CHECK(r == 0 || r == G7SF_EINVAL || r == G7SF_ERANGE, "parse \"%s\": code %d", value, r);
    if (r || idx >= f->count)
        return;
    uint32_t dw[512] = { 0 };
    FUZZ_CHECK(g7sf_field_insert(f, idx, dw, v) == 0,
               "%s.%s: \"%s\" parsed to %lld, which insert refuses", d->name, f->name, value,
               (long long)v);
    int64_t back = g7sf_field_extract(f, idx, dw);
    FUZZ_CHECK(back == v, "%s.%s: \"%s\" parsed to %lld, stored as %lld", d->name, f->name,
               value, (long long)v, (long long)back);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    unsigned di = fuzz_u8(&in) % g7sf_state_count();
    const g7sf_state_desc *d = g7sf_state_at(di);
    unsigned spare = fuzz_u8(&in);
    plat = spare >> 7 ? G7SF_HSW : G7SF_IVB;
    spare &= 0x7f;
    len = d ? g7sf_state_dwords(d, plat) : 0;
    FUZZ_CHECK(d && len <= 512 && len >= d->dwords, "registry");
    /* exactly the structure's size: the sanitizers see any access past it */
    uint32_t *dw = malloc(len * 4), *back = malloc(len * 4);
    void *s = malloc(d->struct_size);
    for (unsigned i = 0; i < len; i++)
        dw[i] = fuzz_u32(&in);
    g7sf_state_unpack_on(d, plat, dw, s);
    int r = g7sf_state_pack_on(d, plat, s, back);
    FUZZ_CHECK(r == 0, "%s: pack of an unpacked state: %d", d->name, r);
    /* the reserved masks cost a walk of every field element per DWord
     * (a palette load: 257 x 1024): once per structure is enough */
    static uint32_t *masks[2][64];
    uint32_t **mask = &masks[plat][di < 64 ? di : 0];
    if (di < 64 && !*mask) {
        *mask = malloc(len * 4);
        for (unsigned i = 0; i < len; i++)
            (*mask)[i] = g7sf_state_reserved_mask_on(d, plat, i);
    }
    for (unsigned i = 0; i < len; i++)
        FUZZ_CHECK(back[i] == (dw[i] & ~(di < 64 ? (*mask)[i]
                                                 : g7sf_state_reserved_mask_on(d, plat, i))),
                   "%s DW%u: 0x%08x packs back as 0x%08x", d->name, i, dw[i], back[i]);
    /* array elements share their row: the first, the last and one the
     * spare byte picks stand for the others (a palette has 1024) */
    for (unsigned i = 0; i < d->nfields; i++) {
        const g7sf_field *f = &d->fields[i];
        unsigned last = f->count - 1, pick = spare % f->count;
        if (!g7sf_field_on(f, plat)) {   /* not unpacked: reads 0 from the struct */
            FUZZ_CHECK(g7sf_field_get(f, 0, s) == 0, "%s.%s: set on a platform without it",
                       d->name, f->name);
            continue;
        }
        check_field(d, f, 0, dw, s);
        if (last)
            check_field(d, f, last, dw, s);
        if (pick && pick != last)
            check_field(d, f, pick, dw, s);
    }
    char text[256];
    size_t n = fuzz_left(&in) < sizeof text - 1 ? fuzz_left(&in) : sizeof text - 1;
    fuzz_bytes(&in, text, n);
    text[n] = 0;
    check_text(d, text);
    int64_t iv;
    if (!g7sf_parse_int(text, &iv)) {
        char again[32];
        int64_t iv2 = 0;
        snprintf(again, sizeof again, "%lld", (long long)iv);
        FUZZ_CHECK(!g7sf_parse_int(again, &iv2) && iv2 == iv, "parse_int \"%s\" -> %lld -> "
                   "\"%s\" -> %lld", text, (long long)iv, again, (long long)iv2);
    }
    free(dw);
    free(back);
    free(s);
    return 0;
}
