/* Placeholder until fmd.c lands (this session). */
#include "gen7sf/media.h"
int g7sf_fmd_block_run(const g7sf_di_params *p, const g7sf_plane *cur, const g7sf_plane *prev,
                       int bx, int by, g7sf_fmd_block *out)
{
    (void)p, (void)cur, (void)prev, (void)bx, (void)by, (void)out;
    return G7SF_ENOTIMPL;
}
void g7sf_fmd_add(g7sf_fmd_frame *f, unsigned stream_id, const g7sf_fmd_block *b, int bx, int by,
                  int w, int h)
{
    (void)f, (void)stream_id, (void)b, (void)bx, (void)by, (void)w, (void)h;
}
