/* The PNG reader (tools/lib/png_read.c, libpng underneath): the input is
 * a PNG file, whose chunk CRCs the target recomputes before the reader
 * sees it (libpng refuses a chunk whose CRC does not match, which would
 * stop nearly every mutation at the first chunk it touched).  Contract: 0
 * with 1..VIO_MAX_DIM sizes and pixels, or one of the documented codes
 * with a message; a picture it read and tools/lib/png_write.c wrote reads
 * back with the same pixels. */
#include <string.h>

#include "file_input.h"
#include "fuzz.h"
#include "png_read.h"
#include "png_write.h"

/* CRC-32 of PNG chunks (ISO 3309, reflected 0xEDB88320), bit by bit:
 * chunks are small. */
static uint32_t crc32_of(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1 ? c >> 1 ^ 0xEDB88320u : c >> 1;
    }
    return ~c;
}

/* Rewrites the CRC of every whole chunk after the 8-byte signature. */
static void fix_crcs(uint8_t *p, size_t n)
{
    size_t at = 8;
    while (at + 12 <= n) {
        uint32_t len = (uint32_t)p[at] << 24 | p[at + 1] << 16 | p[at + 2] << 8 | p[at + 3];
        if (len > n - at - 12)
            break;
        uint32_t crc = crc32_of(p + at + 4, 4 + (size_t)len);
        uint8_t *c = p + at + 8 + len;
        c[0] = (uint8_t)(crc >> 24), c[1] = (uint8_t)(crc >> 16), c[2] = (uint8_t)(crc >> 8);
        c[3] = (uint8_t)crc;
        at += 12 + len;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = malloc(size ? size : 1);
    if (size)
        memcpy(copy, data, size);
    fix_crcs(copy, size);
    const char *path = fuzz_file_input(0, copy, size);
    free(copy);
    uint8_t *rgba = (uint8_t *)"x";
    uint32_t w = 0, h = 0;
    vio_error err = { 0 };
    int rc = png_read_rgba(path, &rgba, &w, &h, &err);
    if (rc) {
        FUZZ_CHECK(rc == VIO_E_IO || rc == VIO_E_SIZE || rc == VIO_E_NOMEM, "code %d", rc);
        FUZZ_CHECK(err.code == rc && memchr(err.msg, 0, sizeof err.msg) && err.msg[0],
                   "code %d, error %d", rc, err.code);
        FUZZ_CHECK(!rgba, "no picture, yet a buffer");
        return 0;
    }
    FUZZ_CHECK(rgba && w >= 1 && h >= 1 && w <= VIO_MAX_DIM && h <= VIO_MAX_DIM, "%ux%u", w, h);
    if ((uint64_t)w * h <= 65536) {
        const char *out = fuzz_file_input(1, NULL, 0);
        FUZZ_CHECK(!png_write_rgba(out, rgba, w, h, 1, &err), "write: %s", err.msg);
        uint8_t *again = NULL;
        uint32_t w2 = 0, h2 = 0;
        FUZZ_CHECK(!png_read_rgba(out, &again, &w2, &h2, &err), "read back: %s", err.msg);
        FUZZ_CHECK(w2 == w && h2 == h && !memcmp(again, rgba, (size_t)w * h * 4),
                   "%ux%u read back as %ux%u or with other pixels", w, h, w2, h2);
        free(again);
    }
    free(rgba);
    return 0;
}
