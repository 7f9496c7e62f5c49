/* Placeholder until the shadow-compare work lands (issue 5, in progress). */
#include "smp.h"

float smp_shadow_compare(unsigned shadow_function, float texel, float ref)
{
    (void)shadow_function, (void)texel, (void)ref;
    return 0.0f;
}
