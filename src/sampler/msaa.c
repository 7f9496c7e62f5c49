/* Placeholder until ld_mcs / ld2dms / ld2dss land (issue 5, in progress). */
#include "smp.h"

int smp_ld_msaa(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    (void)c, (void)a, (void)out;
    return G7SF_ENOTIMPL;
}
