/* The colour the scene of gen7sf-tex msaa (tools/lib/tex_msaa.h) puts in
 * one sample, worked out directly: the last triangle (in drawing order)
 * that covers the sample, else the background - the reference that the
 * render target writes and the Mesa comparison are held against. */
#ifndef G7SF_TEST_MSAA_SCENE_H
#define G7SF_TEST_MSAA_SCENE_H

#include <stdint.h>

#include "tex_msaa.h"

/* The sample at (px, py) in 1/256 pixel of image coordinates. */
uint32_t msaa_scene_colour(const tex_msaa_scene *sc, int64_t px, int64_t py);

#endif
