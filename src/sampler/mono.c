/* Placeholder until MAPFILTER_MONO lands (issue 5, in progress). */
#include "smp.h"

float smp_mono_filter(smp_ctx *c, const smp_level *L, const float p[3])
{
    (void)c, (void)L, (void)p;
    return 0.0f;
}
