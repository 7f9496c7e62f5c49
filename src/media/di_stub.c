/* Placeholders until di.c, mcdi.c and fmd.c land (this session). */
#include "di_int.h"
int g7sf_di_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                  const uint8_t *stmm_in, int stmm_stride, int bx, int by, g7sf_di_block_out *out)
{
    (void)p, (void)cur, (void)prev, (void)stmm_in, (void)stmm_stride, (void)bx, (void)by, (void)out;
    return G7SF_ENOTIMPL;
}
void g7sf_di_params_from_state(const g7sf_sampler_state_di *s, g7sf_di_params *p)
{
    (void)s;
    *p = (g7sf_di_params){ 0 };
}
