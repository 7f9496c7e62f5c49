/* The render target colour pipeline's 8-bit UNORM path (rt_color_output)
 * against its reference through the format layer (rt_color_output_ref):
 * bit-identical units for every render target format it takes, random
 * BLEND_STATE / COLOR_CALC_STATE DWords, colours (NaN, infinities,
 * out-of-range values included) and destinations. */
#include <math.h>
#include <string.h>

#include "dataport/rt.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "harness.h"

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static float colour(void)
{
    static const float special[] = { 0.0f, -0.0f, 1.0f, 0.5f, -1.0f, 2.0f, INFINITY, -INFINITY,
                                     NAN, 1.0f / 255, 0.5f / 255, 254.5f / 255 };
    uint32_t r = next();
    if (r % 4 == 0)
        return special[r / 4 % (sizeof special / sizeof *special)];
    return (float)(int32_t)(next() % 4000 - 1000) / 2000.0f;   /* -0.5 .. 1.5 */
}

TEST(unorm8_path_is_bit_identical_to_the_reference)
{
    unsigned formats = 0, compared = 0, blended = 0;
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f || !f->name || !(f->caps[G7SF_IVB] & G7SF_CAP_RENDER))
            continue;
        bool taken = false;
        for (unsigned trial = 0; trial < 1500; trial++) {
            uint32_t bdw[G7SF_BLEND_STATE_DWORDS], cdw[G7SF_COLOR_CALC_STATE_DWORDS];
            for (unsigned i = 0; i < G7SF_BLEND_STATE_DWORDS; i++)
                bdw[i] = next() | (trial % 3 ? 0 : 1u << 31);   /* blending on a third */
            for (unsigned i = 0; i < G7SF_COLOR_CALC_STATE_DWORDS; i++)
                cdw[i] = next() % 5 ? 0x3F000000u + next() % 0x1000000 : next();
            g7sf_blend_state bs;
            g7sf_color_calc_state cc;
            g7sf_state_unpack(&g7sf_desc_BLEND_STATE, bdw, &bs);
            g7sf_state_unpack(&g7sf_desc_COLOR_CALC_STATE, cdw, &cc);
            rt_color rc;
            const char *why;
            if (rt_color_prepare(&rc, G7SF_IVB, &bs, 0, &cc, f, &why) || !rc.unorm8)
                continue;
            taken = true;
            for (unsigned px = 0; px < 8; px++) {
                g7sf_texel s0, s1;
                uint8_t a[16], b[16];
                for (unsigned c = 0; c < 4; c++)
                    s0.f[c] = colour(), s1.f[c] = colour();
                for (unsigned i = 0; i < 16; i++)
                    a[i] = b[i] = (uint8_t)next();
                rt_color_output(&rc, &s0, px % 2 ? &s1 : NULL, a, 0, 0);
                rt_color_output_ref(&rc, &s0, px % 2 ? &s1 : NULL, b, 0, 0);
                CHECKF(!memcmp(a, b, f->unit_bytes), "%s: blend %d logic %d mask %x: %02x%02x%02x%02x "
                       "vs %02x%02x%02x%02x", f->name, rc.blend, rc.logic_op, rc.write_mask, a[0],
                       a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
                compared++;
                blended += rc.blend;
            }
        }
        formats += taken;
    }
    /* R8G8B8A8, B8G8R8A8, R8G8, R8 and A8, UNORM: the path must be taken */
    CHECKF(formats >= 5, "the 8-bit UNORM path took %u formats", formats);
    CHECKF(compared > 5000 && blended > 1000, "%u pixels compared, %u blended", compared, blended);
}

TEST(other_formats_take_the_reference)
{
    const char *const generic[] = { "R8G8B8A8_UNORM_SRGB", "R16G16B16A16_UNORM", "B5G6R5_UNORM",
                                    "R8G8B8A8_SNORM", "R32G32B32A32_FLOAT", "R8G8B8A8_UINT" };
    g7sf_blend_state bs;
    g7sf_color_calc_state cc;
    memset(&bs, 0, sizeof bs);
    memset(&cc, 0, sizeof cc);
    for (unsigned i = 0; i < sizeof generic / sizeof *generic; i++) {
        const struct g7sf_format_info *f = NULL;
        for (unsigned code = 0; code < 512 && !f; code++) {
            const struct g7sf_format_info *g = g7sf_format_info(code);
            if (g && g->name && !strcmp(g->name, generic[i]))
                f = g;
        }
        rt_color rc;
        const char *why;
        CHECKF(f && !rt_color_prepare(&rc, G7SF_IVB, &bs, 0, &cc, f, &why) && !rc.unorm8, "%s", generic[i]);
    }
}
