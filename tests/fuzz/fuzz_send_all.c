/* g7sf_send() with any SFID (0-255) and descriptor: the routing, the
 * checks every message shares, the Null function, unmodelled and unknown
 * functions, and everything the other send targets reach.  Input:
 * send_input.h, taken as it is; its corpus is every send target's. */
#include "fuzz.h"
#include "gen7sf/gen7sf.h"
#include "send_input.h"

static unsigned sfid(unsigned byte)
{
    return byte;
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
