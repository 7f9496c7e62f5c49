/* fuzz_send_media with the media units' C kernels (G7SF_CPU=c) instead of
 * the SSE4.1/AVX2 ones the CPU would pick: the references run on every
 * other CPU, and what the fuzzer finds in one must not hide in the other.
 * Same input and corpus as fuzz_send_media. */
#include <stdlib.h>

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
    static int once;
    if (!once++)   /* before the first media call picks the kernels */
        setenv("G7SF_CPU", "c", 1);
    send_input_run(data, size, &mode);
    return 0;
}
