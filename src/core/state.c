/* Generic decode/encode/print/parse of state structures, driven by the
 * field tables (state.h).  Nothing here knows any particular structure. */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gen7sf/state.h"
#include "state_list.h"

#define G7SF_REGISTRY_ENTRY(NAME) &g7sf_desc_##NAME,
static const g7sf_state_desc *const registry[] = { G7SF_STATE_LIST(G7SF_REGISTRY_ENTRY) };

unsigned g7sf_state_count(void) { return (unsigned)(sizeof registry / sizeof registry[0]); }

const g7sf_state_desc *g7sf_state_at(unsigned i)
{
    return i < g7sf_state_count() ? registry[i] : NULL;
}

const g7sf_state_desc *g7sf_state_find(const char *name)
{
    for (unsigned i = 0; name && i < g7sf_state_count(); i++)
        if (strcasecmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

/* Matches "Name" and, for arrays, "Name[i]" is handled by the caller. */
const g7sf_field *g7sf_state_field(const g7sf_state_desc *d, const char *name)
{
    for (unsigned i = 0; d && name && i < d->nfields; i++)
        if (strcasecmp(d->fields[i].name, name) == 0 || strcmp(d->fields[i].member, name) == 0)
            return &d->fields[i];
    return NULL;
}

static unsigned width(const g7sf_field *f) { return (unsigned)(f->hi - f->lo + 1); }

static uint32_t field_mask(const g7sf_field *f)
{
    return (width(f) == 32 ? 0xffffffffu : ((1u << width(f)) - 1)) << f->lo;
}

static bool is_signed(const g7sf_field *f)
{
    return f->type == G7SF_FT_S || f->type == G7SF_FT_SFIX;
}

/* Position of element idx: shifts the field down/right by the strides. */
static g7sf_field element(const g7sf_field *f, unsigned idx)
{
    g7sf_field e = *f;
    e.dw = (uint16_t)(f->dw + idx * f->dw_stride);
    e.lo = (uint8_t)(f->lo + idx * f->bit_stride);
    e.hi = (uint8_t)(f->hi + idx * f->bit_stride);
    return e;
}

int64_t g7sf_field_extract(const g7sf_field *f, unsigned idx, const uint32_t *dw)
{
    g7sf_field e = element(f, idx);
    uint32_t raw = dw[e.dw] & field_mask(&e);
    if (e.type == G7SF_FT_ADDR)
        return raw;
    raw >>= e.lo;
    if (is_signed(&e) && width(&e) < 32 && (raw >> (width(&e) - 1)) & 1)
        return (int64_t)raw - ((int64_t)1 << width(&e));
    if (is_signed(&e) && width(&e) == 32)
        return (int32_t)raw;
    return raw;
}

/* Range of the value of a field: [lo, hi], with ADDR alignment. */
static void value_range(const g7sf_field *f, int64_t *lo, int64_t *hi)
{
    unsigned w = width(f);
    if (f->type == G7SF_FT_ADDR) {
        *lo = 0;
        *hi = field_mask(f);
    } else if (is_signed(f)) {
        *lo = -((int64_t)1 << (w - 1));
        *hi = ((int64_t)1 << (w - 1)) - 1;
    } else {
        *lo = 0;
        *hi = ((int64_t)1 << w) - 1;
    }
}

static int check_value(const g7sf_field *f, int64_t v)
{
    int64_t lo, hi;
    value_range(f, &lo, &hi);
    if (v < lo || v > hi)
        return G7SF_ERANGE;
    if (f->type == G7SF_FT_ADDR && ((uint32_t)v & ~field_mask(f)))
        return G7SF_ERANGE;
    return 0;
}

/* The bits of value v in its dword, or G7SF_ERANGE. */
static int field_bits(const g7sf_field *e, int64_t v, uint32_t *bits)
{
    if (check_value(e, v))
        return G7SF_ERANGE;
    *bits = (e->type == G7SF_FT_ADDR ? (uint32_t)v : (uint32_t)v << e->lo) & field_mask(e);
    return 0;
}

int g7sf_field_insert(const g7sf_field *f, unsigned idx, uint32_t *dw, int64_t v)
{
    g7sf_field e = element(f, idx);
    uint32_t bits;
    if (field_bits(&e, v, &bits))
        return G7SF_ERANGE;
    dw[e.dw] = (dw[e.dw] & ~field_mask(&e)) | bits;
    return 0;
}

int64_t g7sf_field_get(const g7sf_field *f, unsigned idx, const void *s)
{
    const char *p = (const char *)s + f->offset + idx * 4;
    if (is_signed(f)) {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    uint32_t v;   /* FLOAT members are read as their bit pattern */
    memcpy(&v, p, 4);
    return v;
}

int g7sf_field_set(const g7sf_field *f, unsigned idx, void *s, int64_t v)
{
    if (idx >= f->count)
        return G7SF_ERANGE;
    g7sf_field e = element(f, idx);
    if (check_value(&e, v))
        return G7SF_ERANGE;
    char *p = (char *)s + f->offset + idx * 4;
    if (is_signed(f)) {
        int32_t x = (int32_t)v;
        memcpy(p, &x, 4);
    } else {
        uint32_t x = (uint32_t)v;
        memcpy(p, &x, 4);
    }
    return 0;
}

bool g7sf_field_on(const g7sf_field *f, enum g7sf_platform p)
{
    return (unsigned)p < 8 && (f->platforms >> p & 1);
}

/* The declared length, or past the last field p has when that lies
 * further (Haswell's SAMPLER_BORDER_COLOR_STATE). */
unsigned g7sf_state_dwords(const g7sf_state_desc *d, enum g7sf_platform p)
{
    unsigned n = d->dwords;
    for (unsigned i = 0; i < d->nfields; i++) {
        const g7sf_field *f = &d->fields[i];
        unsigned last = f->dw + (f->count - 1u) * f->dw_stride + 1u;
        if (g7sf_field_on(f, p) && last > n)
            n = last;
    }
    return n;
}

void g7sf_state_unpack_on(const g7sf_state_desc *d, enum g7sf_platform p, const uint32_t *dw,
                          void *out)
{
    memset(out, 0, d->struct_size);
    for (unsigned i = 0; i < d->nfields; i++)
        for (unsigned k = 0; g7sf_field_on(&d->fields[i], p) && k < d->fields[i].count; k++)
            g7sf_field_set(&d->fields[i], k, out, g7sf_field_extract(&d->fields[i], k, dw));
}

int g7sf_state_pack_on(const g7sf_state_desc *d, enum g7sf_platform p, const void *in,
                       uint32_t *dw)
{
    memset(dw, 0, g7sf_state_dwords(d, p) * sizeof *dw);
    for (unsigned i = 0; i < d->nfields; i++)
        for (unsigned k = 0; k < d->fields[i].count; k++) {
            g7sf_field e = element(&d->fields[i], k);
            int64_t v = g7sf_field_get(&d->fields[i], k, in);
            uint32_t bits;
            if (!g7sf_field_on(&e, p)) {
                if (v)   /* a value p has no field for would be lost */
                    return G7SF_ERANGE;
                continue;
            }
            if (field_bits(&e, v, &bits))
                return G7SF_ERANGE;
            dw[e.dw] |= bits;   /* OR: variant rows share bits */
        }
    return 0;
}

void g7sf_state_unpack(const g7sf_state_desc *d, const uint32_t *dw, void *out)
{
    g7sf_state_unpack_on(d, G7SF_IVB, dw, out);
}

int g7sf_state_pack(const g7sf_state_desc *d, const void *in, uint32_t *dw)
{
    return g7sf_state_pack_on(d, G7SF_IVB, in, dw);
}

int g7sf_state_read(g7sf_gpu *gpu, const g7sf_state_desc *d, uint32_t addr, void *out)
{
    enum g7sf_platform p = g7sf_gpu_platform(gpu);
    unsigned n = g7sf_state_dwords(d, p);
    uint32_t *dw = malloc(n * sizeof *dw);
    if (!dw)
        return G7SF_ENOMEM;
    int r = g7sf_mem_read(gpu, addr, dw, n * sizeof *dw);
    if (!r)
        g7sf_state_unpack_on(d, p, dw, out);
    free(dw);
    return r;
}

uint32_t g7sf_state_reserved_mask_on(const g7sf_state_desc *d, enum g7sf_platform p, unsigned i)
{
    uint32_t used = 0;
    for (unsigned f = 0; f < d->nfields; f++)
        for (unsigned k = 0; g7sf_field_on(&d->fields[f], p) && k < d->fields[f].count; k++) {
            g7sf_field e = element(&d->fields[f], k);
            if (e.dw == i)
                used |= field_mask(&e);
        }
    return ~used;
}

uint32_t g7sf_state_reserved_mask(const g7sf_state_desc *d, unsigned i)
{
    return g7sf_state_reserved_mask_on(d, G7SF_IVB, i);
}

void g7sf_field_name(const g7sf_field *f, unsigned idx, char *buf, size_t n)
{
    if (f->count > 1)
        snprintf(buf, n, "%s[%u]", f->name, idx);
    else
        snprintf(buf, n, "%s", f->name);
}

/* Enumerated values Haswell adds to a field's list (G7SF_HSW_VALUES). */
#define G7SF_HSW_VALUE_ROW(table, IDENT) { g7sf_en_##table, G7SF_##IDENT },
static const struct { const g7sf_enum *table; uint32_t value; } hsw_values[] = {
    G7SF_HSW_VALUES(G7SF_HSW_VALUE_ROW)
};

bool g7sf_enum_on(const g7sf_enum *table, uint32_t value, enum g7sf_platform p)
{
    for (size_t i = 0; p != G7SF_HSW && i < sizeof hsw_values / sizeof hsw_values[0]; i++)
        if (hsw_values[i].table == table && hsw_values[i].value == value)
            return false;
    return true;
}

/* The name of value v on p, or NULL: not in the list, or added later. */
static const char *enum_name(const g7sf_field *f, enum g7sf_platform p, int64_t v)
{
    for (const g7sf_enum *e = f->enums; e && e->name; e++)
        if (e->value == v)
            return g7sf_enum_on(f->enums, e->value, p) ? e->name : NULL;
    return NULL;
}

/* The bits of value v in a field of width w, as "raw:" shows them (a
 * signed value's two's complement, cut to w bits). */
static uint64_t raw_bits(unsigned w, int64_t v)
{
    return (uint64_t)v & (w >= 64 ? ~0ull : (1ull << w) - 1);
}

/* v / 2^frac written out exactly, with at least one decimal: every binary
 * fraction has a finite decimal expansion, at most frac digits long, so
 * the text reads back (g7sf_field_parse) to the same bits. */
static int format_fixed(int64_t v, unsigned frac, char *buf, size_t n)
{
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    uint64_t ip = mag >> frac, rest = mag & ((1ull << frac) - 1);
    char digits[40];
    unsigned k = 0;
    do {   /* one decimal digit per step: rest < 2^frac, frac <= 32 */
        rest *= 10;
        digits[k++] = (char)('0' + (rest >> frac));
        rest &= (1ull << frac) - 1;
    } while (rest && k + 1 < sizeof digits);
    digits[k] = 0;
    return snprintf(buf, n, "%s%" PRIu64 ".%s", v < 0 ? "-" : "", ip, digits);
}

/* The shortest decimal that reads back (strtof) to the same float. */
static int format_float(float x, char *buf, size_t n)
{
    char tmp[32];
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, (double)x);
        if (strtof(tmp, NULL) == x || prec == 9)
            break;
    }
    /* %g may print "1e+10" or "-0": both are reals to real_syntax */
    return snprintf(buf, n, "%s", tmp);
}

int g7sf_field_format(const g7sf_field *f, int64_t v, char *buf, size_t n)
{
    return g7sf_field_format_on(f, G7SF_IVB, v, buf, n);
}

int g7sf_field_format_on(const g7sf_field *f, enum g7sf_platform p, int64_t v, char *buf,
                         size_t n)
{
    const char *name = enum_name(f, p, v);
    switch (f->type) {
    case G7SF_FT_ADDR:
        return snprintf(buf, n, "0x%08" PRIx32, (uint32_t)v);
    case G7SF_FT_UFIX:
    case G7SF_FT_SFIX: {
        char val[80];
        format_fixed(v, f->frac, val, sizeof val);
        return snprintf(buf, n, "%s (raw:0x%" PRIx64 ")", val, raw_bits(width(f), v));
    }
    case G7SF_FT_FLOAT: {
        uint32_t u = (uint32_t)v;
        float x;
        char val[32];
        memcpy(&x, &u, 4);
        if (!isfinite(x))   /* no real reads back as these bits: raw first */
            return snprintf(buf, n, "raw:0x%08" PRIx32 " (%s)", u,
                            isnan(x) ? "nan" : x < 0 ? "-inf" : "inf");
        format_float(x, val, sizeof val);
        return snprintf(buf, n, "%s (raw:0x%08" PRIx32 ")", val, u);
    }
    default:
        if (name)
            return snprintf(buf, n, "%" PRId64 " (%s)", v, name);
        if (f->type == G7SF_FT_ENUM)
            return snprintf(buf, n, "%" PRId64 " (reserved)", v);
        return snprintf(buf, n, "%" PRId64, v);
    }
}

int g7sf_parse_int(const char *text, int64_t *v)
{
    if (!text)
        return G7SF_EINVAL;
    bool neg = *text == '-';
    const char *p = neg || *text == '+' ? text + 1 : text;
    unsigned base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16, p += 2;
    else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
        base = 2, p += 2;
    else if (p[0] == '0' && p[1])
        return G7SF_EINVAL;   /* "010", "00": octal to C, hex to a dump */
    if (!*p)
        return G7SF_EINVAL;
    /* digits by hand: strtoull would take spaces, a second sign and, in
     * base 16, another "0x" */
    uint64_t u = 0;
    bool big = false;
    for (; *p; p++) {
        unsigned d = *p >= '0' && *p <= '9' ? (unsigned)(*p - '0')
                   : *p >= 'a' && *p <= 'f' ? (unsigned)(*p - 'a' + 10)
                   : *p >= 'A' && *p <= 'F' ? (unsigned)(*p - 'A' + 10) : 99;
        if (d >= base)
            return G7SF_EINVAL;
        if (u > ((uint64_t)INT64_MAX - d) / base)
            big = true;
        else
            u = u * base + d;
    }
    if (big)
        return G7SF_ERANGE;
    *v = neg ? -(int64_t)u : (int64_t)u;
    return 0;
}

/* Decimal real syntax: [sign] digits [. digits] [e [sign] digits], at least
 * one mantissa digit, and the integer part without leading zeros (as
 * g7sf_parse_int: "010.5" is refused).  strtod alone would also take hex
 * floats, "inf", "nan" and leading spaces.  exponent: whether e is allowed. */
static bool real_syntax(const char *s, bool exponent)
{
    const char *p = s + (*s == '-' || *s == '+');
    unsigned digits = 0;
    if (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
        return false;
    for (; *p >= '0' && *p <= '9'; p++)
        digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (!digits)
        return false;
    if (exponent && (*p == 'e' || *p == 'E')) {
        p += 1 + (p[1] == '-' || p[1] == '+');
        if (*p < '0' || *p > '9')
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return !*p;
}

/* A FLOAT field's real: the nearest float (strtof rounds once, from the
 * decimal); a value beyond the float range is G7SF_ERANGE. */
static int parse_float(const char *s, int64_t *v)
{
    if (!real_syntax(s, true))
        return G7SF_EINVAL;
    float x = strtof(s, NULL);
    if (!isfinite(x))
        return G7SF_ERANGE;
    uint32_t u;
    memcpy(&u, &x, 4);
    *v = u;
    return 0;
}

/* A fixed-point real written "[sign][int].[digits]" (no exponent), as its
 * raw value x * 2^frac, computed exactly in integers: G7SF_ERANGE when x is
 * not a multiple of 2^-frac (a double would round "1.00000000000000001"
 * to 1 and accept it). */
static int parse_fixed_real(const char *s, unsigned frac, int64_t *raw)
{
    if (!real_syntax(s, false) || !strchr(s, '.'))
        return G7SF_EINVAL;
    bool neg = *s == '-';
    const char *p = s + (neg || *s == '+');
    uint64_t ip = 0;
    for (; *p != '.'; p++) {
        ip = ip * 10 + (uint64_t)(*p - '0');
        if (ip > 1ull << 32)
            return G7SF_ERANGE;   /* beyond every field */
    }
    const char *fs = p + 1, *fe = fs + strlen(fs);
    while (fe > fs && fe[-1] == '0')
        fe--;
    unsigned k = (unsigned)(fe - fs);
    /* x's fraction F / 10^k = F / (2^k 5^k) is a multiple of 2^-frac iff
     * 5^k divides F and then F / 5^k / 2^k is one: k <= frac digits needed */
    if (k > frac)
        return G7SF_ERANGE;
    uint64_t fpart = 0, five = 1;
    for (unsigned i = 0; i < k; i++)
        fpart = fpart * 10 + (uint64_t)(fs[i] - '0'), five *= 5;
    if (fpart % five)
        return G7SF_ERANGE;
    int64_t r = (int64_t)(ip << frac | (fpart / five) << (frac - k));
    *raw = neg ? -r : r;
    return 0;
}

/* "raw:N": the field's bits N (0..2^width-1; an ADDR field's value in
 * place), sign-extended for signed fields as g7sf_field_extract does. */
static int parse_raw(const g7sf_field *f, const char *s, int64_t *v)
{
    int64_t n;
    int rc = g7sf_parse_int(s, &n);
    if (rc)
        return rc;
    unsigned w = width(f);
    if (n < 0 || (f->type != G7SF_FT_ADDR && (uint64_t)n >> w))
        return G7SF_ERANGE;
    if (is_signed(f) && (n >> (w - 1) & 1))
        n -= (int64_t)1 << w;
    *v = n;
    return check_value(f, n);
}

int g7sf_field_parse(const g7sf_field *f, const char *text, int64_t *v)
{
    return g7sf_field_parse_on(f, G7SF_IVB, text, v);
}

int g7sf_field_parse_on(const g7sf_field *f, enum g7sf_platform p, const char *text,
                        int64_t *v)
{
    if (!text || !*text)
        return G7SF_EINVAL;
    if (!strncasecmp(text, "raw:", 4))
        return parse_raw(f, text + 4, v);
    for (const g7sf_enum *e = f->enums; e && e->name; e++)
        if (strcasecmp(e->name, text) == 0) {
            if (!g7sf_enum_on(f->enums, e->value, p))
                return G7SF_EINVAL;   /* a name p does not have */
            *v = e->value;
            return 0;
        }
    if (f->type == G7SF_FT_BOOL && (!strcasecmp(text, "true") || !strcasecmp(text, "false"))) {
        *v = !strcasecmp(text, "true");
        return 0;
    }
    int64_t n;
    int rc = g7sf_parse_int(text, &n);
    bool fixed = f->type == G7SF_FT_UFIX || f->type == G7SF_FT_SFIX;
    if (rc == G7SF_EINVAL && f->type == G7SF_FT_FLOAT)
        return parse_float(text, v);
    if (rc == G7SF_EINVAL && fixed) {
        rc = parse_fixed_real(text, f->frac, v);
        return rc ? rc : check_value(f, *v);
    }
    if (rc)
        return rc;
    /* an integer means that value, in every type: 13 in a U4.8 field is
     * 13.0 (raw 0xD00), in a FLOAT field 13.0f; the bits are "raw:" */
    if (f->type == G7SF_FT_FLOAT) {
        float x = (float)n;   /* |n| < 2^63: finite, rounded once */
        /* "-0" is how a negative zero prints (the shortest decimal that
         * reads back to it): read it as a real would, or decode's "-0"
         * encodes as +0 (fuzz_state) */
        if (!n && text[0] == '-')
            x = -0.0f;
        uint32_t u;
        memcpy(&u, &x, 4);
        *v = u;
        return 0;
    }
    if (fixed) {
        if (n > (int64_t)1 << 32 || n < -((int64_t)1 << 32))
            return G7SF_ERANGE;   /* beyond every field, before the shift */
        n *= (int64_t)1 << f->frac;
    }
    *v = n;
    return check_value(f, n);
}
