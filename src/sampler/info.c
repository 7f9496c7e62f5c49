/* Placeholder until resinfo / sampleinfo land (issue 5, in progress). */
#include "smp.h"

int smp_resinfo(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    (void)c, (void)a, (void)out;
    return G7SF_ENOTIMPL;
}

int smp_sampleinfo(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    (void)c, (void)a, (void)out;
    return G7SF_ENOTIMPL;
}
