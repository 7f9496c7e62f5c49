/* The state-table mechanism and the registry as a whole. */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

TEST(registry_lists_every_structure_in_prm_order)
{
    static const char *const want[] = {
        "RENDER_SURFACE_STATE", "MEDIA_SURFACE_STATE", "BINDING_TABLE_STATE",
        "SAMPLER_STATE", "SAMPLER_STATE_8X8", "SAMPLER_STATE_DI", "SAMPLER_8x8_STATE",
        "SAMPLER_BORDER_COLOR_STATE", "3DSTATE_CHROMA_KEY", "3DSTATE_SAMPLER_PALETTE_LOAD0",
        "3DSTATE_SAMPLER_PALETTE_LOAD1", "3DSTATE_MONOFILTER_SIZE", "COLOR_PROCESSING_STATE",
        "BLEND_STATE", "COLOR_CALC_STATE", "3DSTATE_BLEND_STATE_POINTERS", "3DSTATE_SAMPLE_MASK",
        "3DSTATE_MULTISAMPLE", "3DSTATE_WM" };
    CHECK_EQ(g7sf_state_count(), sizeof want / sizeof want[0]);
    for (unsigned i = 0; i < sizeof want / sizeof want[0] && i < g7sf_state_count(); i++)
        CHECK_STR(g7sf_state_at(i)->name, want[i]);
    CHECK(g7sf_state_at(g7sf_state_count()) == NULL);
}

TEST(every_structure_is_well_formed)
{
    CHECK(g7sf_state_find("sampler_state") == &g7sf_desc_SAMPLER_STATE);
    CHECK(g7sf_state_find("NO_SUCH_STATE") == NULL);
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        CHECKF(d->dwords > 0 && d->nfields > 0, "%s is empty", d->name);
        /* every field lies inside the structure and no two F/A rows overlap */
        uint32_t *seen = calloc(d->dwords, 4);
        for (unsigned f = 0; f < d->nfields; f++) {
            const g7sf_field *x = &d->fields[f];
            if (x->variant)
                continue;   /* variants overlap by design */
            CHECKF(x->hi >= x->lo && x->hi < 32, "%s.%s: bad bit range", d->name, x->name);
            for (unsigned k = 0; k < x->count; k++) {
                unsigned dwi = x->dw + k * x->dw_stride, lo = x->lo + k * x->bit_stride,
                         hi = x->hi + k * x->bit_stride;
                CHECKF(dwi < d->dwords && hi < 32, "%s.%s[%u] outside", d->name, x->name, k);
                if (dwi >= d->dwords || hi >= 32)
                    continue;
                uint32_t m = (hi - lo == 31 ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1)) << lo;
                CHECKF(!(seen[dwi] & m), "%s.%s[%u] overlaps another field", d->name, x->name, k);
                seen[dwi] |= m;
            }
        }
        free(seen);
    }
}

/* The one integer syntax (g7sf_parse_int): decimal, 0x, 0b, a sign; a
 * decimal with a leading zero is refused, never read as octal (C would
 * make 010 eight) or as decimal (a pasted dump word 00001000 is 1000h). */
TEST(integer_syntax_has_no_octal)
{
    static const struct { const char *text; int rc; int64_t v; } cases[] = {
        { "0", 0, 0 },        { "10", 0, 10 },        { "-7", 0, -7 },
        { "+7", 0, 7 },       { "0x10", 0, 16 },      { "0X0010", 0, 16 },
        { "0b101", 0, 5 },    { "-0x80", 0, -128 },   { "4294967295", 0, 4294967295 },
        { "9223372036854775807", 0, INT64_MAX },
        { "010", G7SF_EINVAL, 0 },   { "00", G7SF_EINVAL, 0 },  { "-010", G7SF_EINVAL, 0 },
        { "00001000", G7SF_EINVAL, 0 }, { "", G7SF_EINVAL, 0 },  { "-", G7SF_EINVAL, 0 },
        { "0x", G7SF_EINVAL, 0 },    { "0b2", G7SF_EINVAL, 0 }, { "12a", G7SF_EINVAL, 0 },
        { " 1", G7SF_EINVAL, 0 },    { "1 ", G7SF_EINVAL, 0 },  { "--1", G7SF_EINVAL, 0 },
        { "0x-1", G7SF_EINVAL, 0 },  { "0x0x1", G7SF_EINVAL, 0 },
        { "9223372036854775808", G7SF_ERANGE, 0 },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t v = 12345;
        int rc = g7sf_parse_int(cases[i].text, &v);
        CHECKF(rc == cases[i].rc, "\"%s\": returned %d, want %d", cases[i].text, rc,
               cases[i].rc);
        if (!rc && !cases[i].rc)
            CHECKF(v == cases[i].v, "\"%s\": %" PRId64 ", want %" PRId64, cases[i].text, v,
                   cases[i].v);
    }
    /* field values follow it, reals too: 010 and 010.5 are refused */
    const g7sf_field *minf = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Min Mode Filter");
    const g7sf_field *bias = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Texture LOD Bias");
    int64_t v;
    CHECK_EQ(g7sf_field_parse(minf, "01", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(minf, "0b01", &v), 0);
    CHECK_EQ(v, 1);
    CHECK_EQ(g7sf_field_parse(bias, "01.5", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(bias, "0x1p0", &v), G7SF_EINVAL);   /* no hex floats */
    CHECK_EQ(g7sf_field_parse(bias, " 1.5", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(bias, "-0.5", &v), 0);
    CHECK_EQ(v, -128);   /* S4.8: -0.5 * 256 */
}
