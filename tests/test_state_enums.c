/* The enums of the state structures (state.h, "Enumerated values"): every
 * G7SF_<NAME>_LIST gives a C enum and the g7sf_en_<name> table that decode
 * prints and encode parses.  Checked from both ends, so that a table or a
 * constant changed apart from its list shows: each G7SF_<IDENT> must be the
 * value the linked table gives its printed name, parse and print through a
 * field that uses the table, and spell that name; every enumerated field
 * must use a listed table.  A value wrong in the list itself (enum and table
 * agreeing on it) is what the checks against the PRM at the end are for. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "harness.h"

typedef struct entry { long long constant; const char *ident, *name; } entry;
typedef struct enum_list {
    const char *name;            /* g7sf_en_<name> */
    const g7sf_enum *table;
    const entry *entries;        /* the list's rows, as the enum sees them */
    unsigned n;
} enum_list;

#define ENTRY(value, ident, name) { G7SF_##ident, #ident, name },
#define ENTRIES(name, NAME) static const entry name##_rows[] = { G7SF_##NAME##_LIST(ENTRY) };
G7SF_STATE_ENUMS(ENTRIES)
#define LIST(name, NAME) \
    { #name, g7sf_en_##name, name##_rows, sizeof name##_rows / sizeof name##_rows[0] },
static const enum_list lists[] = { G7SF_STATE_ENUMS(LIST) };
enum { NLISTS = sizeof lists / sizeof lists[0] };

/* A field whose values the table names (the first, in registry order). */
static const g7sf_field *field_using(const g7sf_enum *table)
{
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        for (unsigned j = 0; j < d->nfields; j++)
            if (d->fields[j].enums == table)
                return &d->fields[j];
    }
    return NULL;
}

/* The end an IDENT must have for a printed name: capitals, each run of
 * characters other than letters and digits one '_' ("DX10/OGL": DX10_OGL). */
static void ident_tail(const char *name, char *out, size_t n)
{
    size_t k = 0;
    for (bool gap = false; *name && k + 1 < n; name++) {
        if (isalnum((unsigned char)*name)) {
            if (gap && k)
                out[k++] = '_';
            if (k + 1 < n)
                out[k++] = (char)toupper((unsigned char)*name);
            gap = false;
        } else {
            gap = true;
        }
    }
    out[k] = 0;
}

static unsigned table_length(const g7sf_enum *t)
{
    unsigned n = 0;
    while (t[n].name)
        n++;
    return n;
}

TEST(each_constant_is_the_value_its_table_gives_its_printed_name)
{
    for (unsigned l = 0; l < NLISTS; l++) {
        const enum_list *L = &lists[l];
        CHECKF(table_length(L->table) == L->n, "g7sf_en_%s has %u values, its list %u",
               L->name, table_length(L->table), L->n);
        for (unsigned i = 0; i < L->n && L->table[i].name; i++) {
            const entry *e = &L->entries[i];
            CHECKF(L->table[i].value == e->constant && !strcmp(L->table[i].name, e->name),
                   "g7sf_en_%s[%u] is %u \"%s\"; the list has G7SF_%s = %lld \"%s\"", L->name,
                   i, (unsigned)L->table[i].value, L->table[i].name, e->ident, e->constant,
                   e->name);
        }
    }
}

TEST(each_printed_name_parses_to_its_constant_and_prints_back)
{
    for (unsigned l = 0; l < NLISTS; l++) {
        const enum_list *L = &lists[l];
        const g7sf_field *f = field_using(L->table);
        CHECKF(f, "no field uses g7sf_en_%s", L->name);
        for (unsigned i = 0; f && i < L->n; i++) {
            const entry *e = &L->entries[i];
            int64_t v = -1;
            char buf[96], want[96];
            /* on Haswell, which has every value (Ivy Bridge: test_state.c) */
            CHECKF(g7sf_field_parse_on(f, G7SF_HSW, e->name, &v) == 0 && v == e->constant,
                   "%s: \"%s\" parses to %lld, G7SF_%s is %lld", f->name, e->name,
                   (long long)v, e->ident, e->constant);
            g7sf_field_format_on(f, G7SF_HSW, e->constant, buf, sizeof buf);
            snprintf(want, sizeof want, "%lld (%s)", e->constant, e->name);
            CHECKF(!strcmp(buf, want), "%s: G7SF_%s prints \"%s\", want \"%s\"", f->name,
                   e->ident, buf, want);
        }
    }
}

TEST(names_and_values_are_distinct_within_a_list)
{
    for (unsigned l = 0; l < NLISTS; l++) {
        const enum_list *L = &lists[l];
        for (unsigned i = 0; i < L->n; i++)
            for (unsigned j = i + 1; j < L->n; j++) {
                CHECKF(L->entries[i].constant != L->entries[j].constant,
                       "%s: G7SF_%s and G7SF_%s are both %lld", L->name, L->entries[i].ident,
                       L->entries[j].ident, L->entries[i].constant);
                CHECKF(strcasecmp(L->entries[i].name, L->entries[j].name),
                       "%s: \"%s\" twice", L->name, L->entries[i].name);
            }
    }
}

TEST(each_identifier_spells_its_printed_name)
{
    for (unsigned l = 0; l < NLISTS; l++)
        for (unsigned i = 0; i < lists[l].n; i++) {
            const entry *e = &lists[l].entries[i];
            char tail[96];
            ident_tail(e->name, tail, sizeof tail);
            size_t ni = strlen(e->ident), nt = strlen(tail);
            bool ok = nt && ni >= nt && !strcmp(e->ident + ni - nt, tail) &&
                      (ni == nt || e->ident[ni - nt - 1] == '_');
            CHECKF(ok, "G7SF_%s does not end in %s, its printed name \"%s\"", e->ident, tail,
                   e->name);
        }
}

TEST(every_enumerated_field_uses_a_listed_table)
{
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        for (unsigned j = 0; j < d->nfields; j++) {
            const g7sf_field *f = &d->fields[j];
            bool listed = f->enums == g7sf_en_surface_format;
            for (unsigned l = 0; l < NLISTS && !listed; l++)
                listed = f->enums == lists[l].table;
            CHECKF((f->type == G7SF_FT_ENUM) == (f->enums != NULL),
                   "%s.%s: ENUM type and table disagree", d->name, f->name);
            CHECKF(!f->enums || listed, "%s.%s: its table is in no G7SF_<NAME>_LIST",
                   d->name, f->name);
        }
    }
}

/* Surface Format's table and enum g7sf_format both come from G7SF_FORMAT_LIST. */
#define FORMAT_ENTRY(code, NAME, bpb, bw, bh) { G7SF_FORMAT_##NAME, #NAME, #NAME },
TEST(each_format_constant_is_the_code_its_table_gives_its_name)
{
    static const entry formats[] = { G7SF_FORMAT_LIST(FORMAT_ENTRY) };
    const unsigned n = sizeof formats / sizeof formats[0];
    const g7sf_field *f = g7sf_state_field(&g7sf_desc_RENDER_SURFACE_STATE, "Surface Format");
    CHECK_EQ(table_length(g7sf_en_surface_format), n);
    for (unsigned i = 0; f && i < n; i++) {
        int64_t v = -1;
        CHECKF(g7sf_field_parse(f, formats[i].name, &v) == 0 && v == formats[i].constant,
               "\"%s\" parses to %lld, G7SF_FORMAT_%s is %lld", formats[i].name, (long long)v,
               formats[i].ident, formats[i].constant);
    }
}

/* By hand from the spec text (001_c1c57b1d5d55c865.txt, Vol. 4 Part 1;
 * L = its line): the value columns of the PRM's tables. */
TEST(values_match_the_prm)
{
    /* SAMPLER_STATE Mag/Min Mode Filter, L3295-3299: 0h NEAREST, 1h LINEAR,
     * 2h ANISOTROPIC, 4h-5h Reserved, 6h MONO */
    CHECK_EQ(G7SF_MAPFILTER_NEAREST, 0);
    CHECK_EQ(G7SF_MAPFILTER_LINEAR, 1);
    CHECK_EQ(G7SF_MAPFILTER_ANISOTROPIC, 2);
    CHECK_EQ(G7SF_MAPFILTER_MONO, 6);
    /* TCX Address Control Mode, L3513-3516 (columns run together): 0h WRAP,
     * 1h MIRROR, 2h CLAMP, 3h CUBE, 4h CLAMP_BORDER, 5h MIRROR_ONCE */
    CHECK_EQ(G7SF_TEXCOORDMODE_WRAP, 0);
    CHECK_EQ(G7SF_TEXCOORDMODE_CUBE, 3);
    CHECK_EQ(G7SF_TEXCOORDMODE_CLAMP_BORDER, 4);
    CHECK_EQ(G7SF_TEXCOORDMODE_MIRROR_ONCE, 5);
    /* Maximum Anisotropy, L3435 "0h ANISORATIO_2", L3445 "7h ... 16:1" */
    CHECK_EQ(G7SF_ANISORATIO_2, 0);
    CHECK_EQ(G7SF_ANISORATIO_16, 7);
    /* RENDER_SURFACE_STATE Surface Type, L1985: 2h SURFTYPE_3D, 3h CUBE,
     * 4h BUFFER, 5h STRBUF, 6h Reserved, 7h NULL */
    CHECK_EQ(G7SF_SURFTYPE_3D, 2);
    CHECK_EQ(G7SF_SURFTYPE_CUBE, 3);
    CHECK_EQ(G7SF_SURFTYPE_NULL, 7);
    /* L2119 "1h ARYSPC_LOD0"; L2360 "1h MSFMT_DEPTH_STENCIL" */
    CHECK_EQ(G7SF_ARYSPC_LOD0, 1);
    CHECK_EQ(G7SF_MSFMT_DEPTH_STENCIL, 1);
    /* MEDIA_SURFACE_STATE Tile Mode, L3163-3166: 0h LINEAR, 1h Reserved,
     * 2h XMAJOR, 3h YMAJOR */
    CHECK_EQ(G7SF_TILEMODE_LINEAR, 0);
    CHECK_EQ(G7SF_TILEMODE_XMAJOR, 2);
    CHECK_EQ(G7SF_TILEMODE_YMAJOR, 3);
    /* And a printed name that is no identifier, through the field. */
    const g7sf_field *bcm = g7sf_state_field(&g7sf_desc_SAMPLER_STATE,
                                             "Texture Border Color Mode");
    int64_t v = -1;
    CHECK(bcm && g7sf_field_parse(bcm, "DX10/OGL", &v) == 0);
    CHECK_EQ(v, G7SF_BORDER_COLOR_DX10_OGL);
}
