/* See msaa_scene.h. */
#include "msaa_scene.h"

uint32_t msaa_scene_colour(const tex_msaa_scene *sc, int64_t px, int64_t py)
{
    uint32_t c = sc->background;
    for (unsigned i = 0; i < sc->n; i++)
        if (tex_msaa_covers(&sc->tri[i], px, py))
            c = sc->tri[i].rgba;
    return c;
}
