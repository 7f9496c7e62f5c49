#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "state_check.h"

void t_state_round_trip(const g7sf_state_desc *d, unsigned iterations)
{
    for (unsigned p = G7SF_IVB; p <= G7SF_HSW; p++) {
        unsigned n = g7sf_state_dwords(d, p);
        uint32_t *dw = calloc(n, 4), *back = calloc(n, 4);
        void *s = calloc(1, d->struct_size), *s2 = calloc(1, d->struct_size);
        for (unsigned it = 0; it < iterations && !t_failed(); it++) {
            for (unsigned i = 0; i < n; i++)
                dw[i] = (uint32_t)t_rand();
            g7sf_state_unpack_on(d, p, dw, s);
            CHECKF(g7sf_state_pack_on(d, p, s, back) == 0, "%s: pack of unpacked dwords "
                   "failed on platform %u", d->name, p);
            for (unsigned i = 0; i < n; i++)
                CHECKF(back[i] == (dw[i] & ~g7sf_state_reserved_mask_on(d, p, i)),
                       "%s DW%u: 0x%08x packs back as 0x%08x (platform %u)", d->name, i, dw[i],
                       back[i], p);
            g7sf_state_unpack_on(d, p, back, s2);
            CHECKF(memcmp(s, s2, d->struct_size) == 0, "%s: unpack(pack(s)) != s", d->name);
        }
        free(dw), free(back), free(s), free(s2);
    }
}

void t_state_positions(const g7sf_state_desc *d, const t_field_pos *pos, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const g7sf_field *f = g7sf_state_field(d, pos[i].field);
        CHECKF(f != NULL, "%s: no field \"%s\"", d->name, pos[i].field);
        if (!f)
            continue;
        unsigned start = f->dw * 32u + f->lo, end = f->dw * 32u + f->hi;
        CHECKF(start == pos[i].start && end == pos[i].end,
               "%s.%s: bits %u..%u, reference says %u..%u", d->name, pos[i].field,
               start, end, pos[i].start, pos[i].end);
    }
}

void t_state_values(const g7sf_state_desc *d, const uint32_t *dw, const t_field_val *v)
{
    for (; v->field; v++) {
        const g7sf_field *f = g7sf_state_field(d, v->field);
        CHECKF(f != NULL, "%s: no field \"%s\"", d->name, v->field);
        if (f)
            CHECKF(g7sf_field_extract(f, 0, dw) == v->value, "%s.%s = %lld, want %lld",
                   d->name, v->field, (long long)g7sf_field_extract(f, 0, dw),
                   (long long)v->value);
    }
}

unsigned t_fields_on(const g7sf_state_desc *d, enum g7sf_platform p)
{
    unsigned n = 0;
    for (unsigned i = 0; i < d->nfields; i++)
        n += g7sf_field_on(&d->fields[i], p);
    return n;
}
