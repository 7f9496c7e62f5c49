/* Shadow prefilter compare (§2.4, L694-716).  Each Shadow Function is the
 * set of relations between texel and ref for which `texel OP ref` holds;
 * the result is 0.0 when it holds (the PRM's convention, the inverse of
 * GL's).  Unordered (a NaN on either side) holds only for ALWAYS and
 * NOTEQUAL, as the C/IEEE operators the table is written with. */
#include "smp.h"

enum { REL_LT = SMP_REL_LT, REL_EQ = SMP_REL_EQ, REL_GT = SMP_REL_GT, REL_UN = SMP_REL_UN };

/* By Shadow Function. */
static const uint8_t holds_on[8] = {
    [G7SF_PREFILTEROP_ALWAYS] = REL_LT | REL_EQ | REL_GT | REL_UN,
    [G7SF_PREFILTEROP_NEVER] = 0,
    [G7SF_PREFILTEROP_LESS] = REL_LT,
    [G7SF_PREFILTEROP_EQUAL] = REL_EQ,
    [G7SF_PREFILTEROP_LEQUAL] = REL_LT | REL_EQ,
    [G7SF_PREFILTEROP_GREATER] = REL_GT,
    [G7SF_PREFILTEROP_NOTEQUAL] = REL_LT | REL_GT | REL_UN,
    [G7SF_PREFILTEROP_GEQUAL] = REL_GT | REL_EQ,
};

unsigned smp_shadow_holds(unsigned shadow_function)
{
    return holds_on[shadow_function & 7];
}

float smp_shadow_compare(unsigned shadow_function, float texel, float ref)
{
    unsigned rel = texel < ref ? REL_LT : texel > ref ? REL_GT : texel == ref ? REL_EQ : REL_UN;
    return holds_on[shadow_function & 7] & rel ? 0.0f : 1.0f;
}
