/* g7sf_send() to the sampling engine: the SIMD4x2 / SIMD8 / SIMD16
 * messages (sample*, ld*, gather4*, lod, resinfo, sampleinfo) on fuzzed
 * binding tables, RENDER_SURFACE_STATE, SAMPLER_STATE, border colours,
 * chroma keys, palettes and texels.  Input: send_input.h; the SFID is the
 * sampler's and SIMD mode 3 (SIMD32/64, fuzz_send_media's) reads as
 * SIMD16. */
#include "fuzz.h"
#include "gen7sf/gen7sf.h"
#include "send_input.h"

static unsigned sfid(unsigned byte)
{
    (void)byte;
    return G7SF_SFID_SAMPLER;
}

static uint32_t desc(uint32_t d)
{
    return (d >> 17 & 3) == 3 ? d & ~(1u << 17) : d;
}

static const send_mode mode = { sfid, desc };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    send_input_run(data, size, &mode);
    return 0;
}
