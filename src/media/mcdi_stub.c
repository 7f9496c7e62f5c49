/* Placeholder until mcdi.c lands (this session): no vector passes. */
#include <string.h>
#include "di_int.h"
void mcdi_block_run(const g7sf_di_params *p, const di_window *prev, const di_window *cur,
                    mcdi_block *m)
{
    (void)p, (void)prev, (void)cur;
    memset(m, 0, sizeof *m);
    memset(m->sad, 0xff, sizeof m->sad);
}

bool mcdi_select(const g7sf_di_params *p, const mcdi_block *m, const di_window *pic, int l, int x,
                 const mcdi_sdi_info *s)
{
    (void)p, (void)m, (void)pic, (void)l, (void)x, (void)s;
    return false;
}
