/* g7sf_send() to the sampler's SIMD32/64 messages: the deinterlace message
 * (DN/DI on fuzzed media SURFACE_STATE, SAMPLER_STATE_DI, frames and
 * statistics surfaces) and the media messages not modelled yet.  Input:
 * send_input.h; the SFID is the sampler's and the SIMD mode 3. */
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
    return d | 3u << 17;
}

static const send_mode mode = { sfid, desc };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    send_input_run(data, size, &mode);
    return 0;
}
