/* Placeholder until the cube work lands (issue 5, in progress). */
#include "smp.h"

void smp_cube_map(const float dir[3], const float ddir[2][3], unsigned *face, float st[2],
                  float dst[2][2])
{
    (void)dir, (void)ddir;
    *face = 0;
    st[0] = st[1] = 0.0f;
    dst[0][0] = dst[0][1] = dst[1][0] = dst[1][1] = 0.0f;
}

bool smp_cube_cross(uint32_t n, int64_t *x, int64_t *y, uint32_t *slice)
{
    (void)n, (void)x, (void)y, (void)slice;
    return false;
}
