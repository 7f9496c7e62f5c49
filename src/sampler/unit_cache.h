/* Internal: the decode cache's lookup (texel.c, lanes.c).  Direct-mapped
 * by unit address, so neighbouring units fall on different lines whatever
 * their size; a miss reads and decodes the unit (unit_cache.c). */
#ifndef G7SF_SAMPLER_UNIT_CACHE_H
#define G7SF_SAMPLER_UNIT_CACHE_H

#include "smp.h"

/* The decoded texels of the unit at addr, through the cache (valid until
 * the next fetch). */
static inline const g7sf_texel *smp_unit_texels(smp_ctx *c, uint32_t addr)
{
    smp_cache *k = &c->cache;
    unsigned line = (addr >> c->unit_shift) & (k->lines - 1);
    g7sf_texel *texels = &k->t[line << (c->unit_wshift + c->unit_hshift)];
    if (!(k->valid[line / 64] >> (line % 64) & 1) || k->tag[line] != addr)
        smp_load_unit(c, addr, line, texels);
    return texels;
}

#endif
