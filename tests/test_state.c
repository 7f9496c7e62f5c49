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
