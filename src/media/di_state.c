/* SAMPLER_STATE_DI as the DN and DI units can take it: the state's values
 * through the same checks the block functions make on their params. */
#include <stddef.h>

#include "di_int.h"
#include "dn_int.h"

int g7sf_di_state_check(const g7sf_sampler_state_di *s, const char **why)
{
    if (!s)
        return G7SF_EINVAL;
    g7sf_dn_params dn;
    g7sf_di_params di;
    g7sf_dn_params_from_state(s, &dn);
    g7sf_di_params_from_state(s, &di);
    /* the denoise params are read for the block noise estimate even with
     * DN off, the DI params only with DI on */
    const char *w = dn_params_invalid(&dn);
    if (!w && s->di_enable)
        w = di_params_invalid(&di);
    if (why)
        *why = w;
    return w ? G7SF_ESTATE : 0;
}
