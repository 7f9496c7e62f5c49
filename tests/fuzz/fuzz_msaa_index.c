/* The MSAA index-bit tile codec (gen7sf/msaa_compress.h) on any bytes:
 * 4x or 8x, with or without a clear colour, index bits in a buffer exactly
 * as large as the budget (a read past it is an ASan finding).
 * Contract: decode returns 0, G7SF_EPAYLOAD or G7SF_ESTATE (only without a
 * clear colour); on 0 the colours re-encode (0, never "does not fit": a
 * tile the codec wrote can be written again) and decode to the same
 * colours. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gen7sf/msaa_compress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    uint8_t flags = fuzz_u8(&in);
    unsigned n = flags & 1 ? 8 : 4;
    uint32_t clear = fuzz_u32(&in);
    const uint32_t *cp = flags & 2 ? &clear : NULL;
    size_t nb = g7sf_msaa_index_bits(n) / 8;
    uint8_t *bits = malloc(nb), *again = malloc(nb);
    uint32_t *c = malloc(G7SF_MSAA_TILE_PIXELS * n * sizeof *c);
    uint32_t *d = malloc(G7SF_MSAA_TILE_PIXELS * n * sizeof *d);
    FUZZ_CHECK(bits && again && c && d, "out of memory");
    fuzz_bytes(&in, bits, nb);
    int m = -1, r = g7sf_msaa_tile_decode(bits, n, cp, c, &m);
    FUZZ_CHECK(r == 0 || r == G7SF_EPAYLOAD || (r == G7SF_ESTATE && !cp), "decode returned %d", r);
    if (!r) {
        int m2 = -1;
        r = g7sf_msaa_tile_encode(c, n, cp, again, &m2);
        FUZZ_CHECK(r == 0, "a decoded tile did not encode again (%d)", r);
        r = g7sf_msaa_tile_decode(again, n, cp, d, NULL);
        FUZZ_CHECK(r == 0, "the re-encoded tile did not decode (%d)", r);
        FUZZ_CHECK(!memcmp(c, d, G7SF_MSAA_TILE_PIXELS * n * sizeof *c),
                   "the round trip changed a colour (method %d then %d)", m, m2);
    }
    free(bits), free(again), free(c), free(d);
    return 0;
}
