/* TEMPORARY (issue 4 in progress): weak placeholders for the compressed
 * block decoders that are being written on other branches, so main links
 * meanwhile.  Each fills its block with NaN so that no test can pass on
 * them.  A real decoder's strong definition replaces its placeholder; this
 * file is deleted once all of texcomp.h is implemented. */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <math.h>

#include "texcomp.h"

static void nan_block(float (*out)[4], unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i][0] = out[i][1] = out[i][2] = out[i][3] = NAN;
}

#define PENDING(name, params) \
    __attribute__((weak)) void name params { nan_block(out, 16); }
PENDING(texcomp_bc1, (const uint8_t block[8], int opaque, texcomp_4x4 out))
PENDING(texcomp_bc2, (const uint8_t block[16], texcomp_4x4 out))
PENDING(texcomp_bc3, (const uint8_t block[16], texcomp_4x4 out))
PENDING(texcomp_bc4, (const uint8_t block[8], int is_signed, texcomp_4x4 out))
PENDING(texcomp_bc5, (const uint8_t block[16], int is_signed, texcomp_4x4 out))
PENDING(texcomp_bc6h, (const uint8_t block[16], int is_signed, texcomp_4x4 out))
PENDING(texcomp_bc7, (const uint8_t block[16], texcomp_4x4 out))
PENDING(texcomp_etc1, (const uint8_t block[8], texcomp_4x4 out))
PENDING(texcomp_etc2_rgb8, (const uint8_t block[8], int punchthrough, texcomp_4x4 out))
PENDING(texcomp_etc2_eac_rgba8, (const uint8_t block[16], texcomp_4x4 out))
PENDING(texcomp_eac_r11, (const uint8_t block[8], int is_signed, texcomp_4x4 out))
PENDING(texcomp_eac_rg11, (const uint8_t block[16], int is_signed, texcomp_4x4 out))
__attribute__((weak)) void texcomp_fxt1(const uint8_t block[16], float out[32][4])
{

    nan_block(out, 32);
}
