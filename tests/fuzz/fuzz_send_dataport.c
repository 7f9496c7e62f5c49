/* g7sf_send() to the data port: the sampler, render, constant and data
 * caches and Haswell's data cache port 1 (block, scattered, untyped,
 * typed, atomics, scratch, SLM, media block, fences, render target writes
 * with BLEND_STATE / COLOR_CALC_STATE) on fuzzed surfaces and memory.
 * Input: send_input.h; an SFID byte that is no data port picks one. */
#include "fuzz.h"
#include "gen7sf/gen7sf.h"
#include "send_input.h"

static unsigned sfid(unsigned byte)
{
    static const unsigned ports[] = { G7SF_SFID_SAMPLER_CACHE, G7SF_SFID_RENDER_CACHE,
                                      G7SF_SFID_CONSTANT_CACHE, G7SF_SFID_DATA_CACHE,
                                      G7SF_SFID_DATA_CACHE1 };
    for (unsigned i = 0; i < 5; i++)
        if (byte == ports[i])
            return byte;
    return ports[byte % 5];
}

static uint32_t desc(uint32_t d)
{
    return d;
}

static const send_mode mode = { sfid, desc };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    send_input_run(data, size, &mode);
    return 0;
}
