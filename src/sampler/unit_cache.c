/* The decode cache's miss path (unit_cache.h): one unit read and decoded
 * into its line. */
#include <string.h>

#include "core/memory.h"
#include "inplace.h"

void smp_load_unit(smp_ctx *c, uint32_t addr, unsigned line, g7sf_texel *texels)
{
    const struct g7sf_format_info *f = c->fmt;
    smp_cache *k = &c->cache;
    uint8_t unit[SMP_UNIT_BYTES_MAX] = { 0 };
    const g7sf_palettes *pal = c->smp ? c->smp->palettes : NULL;
    if (g7sf_mem_read(c->gpu, addr, unit, f->unit_bytes))
        c->err = c->err ? c->err : G7SF_EFAULT;
    if (c->fast)
        smp_fast_decode(c->fast, unit, texels);
    else if (g7sf_unit_decode(f, unit, pal, texels))
        memset(texels, 0, ((size_t)f->unit_w * f->unit_h) * sizeof *texels);
    k->tag[line] = addr;
    k->valid[line / 64] |= 1ull << (line % 64);
}
