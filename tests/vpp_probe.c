/* See vpp_probe.h: asks the library directly, on a 16x8 frame pair. */
#include <string.h>

#include "gen7sf/media.h"
#include "vpp_probe.h"

bool t_vpp_can_deinterlace(void)
{
    static uint8_t y[8][16], c[8][8];
    g7sf_yuv f = { { &y[0][0], 16, 16, 8 }, { &c[0][0], 8, 8, 4 }, { &c[0][0], 8, 8, 4 },
                   G7SF_CHROMA_420 };
    g7sf_di_params p;
    memset(&p, 0, sizeof p);
    p.first_frame = true;
    g7sf_di_block_out out;
    return g7sf_di_block(&p, &f, NULL, NULL, 0, 0, 0, &out) != G7SF_ENOTIMPL;
}
