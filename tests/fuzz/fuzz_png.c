/* The PNG reader (tools/lib/png_read.c, libpng underneath): the input is
 * a PNG file.  Contract: 0 with 1..VIO_MAX_DIM sizes and pixels, or one of
 * the documented codes with a message; a picture it read and
 * tools/lib/png_write.c wrote reads back with the same pixels. */
#include <string.h>

#include "file_input.h"
#include "fuzz.h"
#include "png_read.h"
#include "png_write.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file_input(0, data, size);
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
