/* A step of mcdi_block_run (di_int.h) on its own, so tests can give it
 * chosen vectors. */
#ifndef GEN7SF_MCDI_H
#define GEN7SF_MCDI_H

#include "di_int.h"

/* Smoothness check (§2.8.4.10.2): sets m->smooth from m->mvx, m->mvy. */
void mcdi_smoothness(const g7sf_di_params *p, mcdi_block *m);

#endif
