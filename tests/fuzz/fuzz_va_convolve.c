/* g7sf_va_convolve_block on fuzzed kernels (sizes 0..33, any S3.12
 * coefficients), scales (0..15), edge modes, source types and sizes (the
 * matrix often smaller than the kernel), strides and blocks (sometimes
 * outside the matrix).  The source lies in a buffer exactly as large as its
 * rows (stride x height), so a read past it is an ASan finding.
 * Contract: G7SF_EINVAL with a reason and an untouched destination, or 0
 * with every block sample written and nothing past the block; a 1x1
 * kernel of 1.0 at scale 0 returns each sample (clamped to 16-bit SINT). */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "gen7sf/va.h"

enum { MAXS = 40, GUARD = 0x5A5A };

static int32_t sample(const g7sf_va_image *s, int x, int y)
{
    const uint8_t *row = (const uint8_t *)s->data + (size_t)y * s->stride;
    if (s->type == G7SF_VA_U8)
        return row[x];
    uint16_t v;
    memcpy(&v, row + 2 * x, 2);
    return s->type == G7SF_VA_U16 ? v : (int16_t)v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    uint8_t b[10];
    fuzz_bytes(&in, b, sizeof b);
    int kw = b[0] % 34, kh = b[1] % 34;
    unsigned type = b[2] % 4;           /* 3: U1, which convolve refuses */
    int iw = 1 + b[3] % MAXS, ih = 1 + b[4] % MAXS;
    size_t bytes = type == G7SF_VA_U8 ? 1 : 2;
    size_t stride = (size_t)iw * bytes + (b[5] & 3) - (b[5] & 4 ? 1 : 0);
    int x0 = (int8_t)b[6] % (MAXS + 2), y0 = (int8_t)b[7] % (MAXS + 2);
    int w = b[8] % (MAXS + 2), h = b[9] % (MAXS + 2);
    int16_t kernel[33 * 33];
    for (int i = 0; i < kw * kh; i++)
        kernel[i] = (int16_t)fuzz_u16(&in);
    uint8_t mode = fuzz_u8(&in);
    g7sf_va_convolve c = { kw, kh, kernel, mode % 16u, mode & 16 };
    static const int16_t one[1] = { 4096 };
    bool identity = mode & 32;
    if (identity)
        c = (g7sf_va_convolve){ 1, 1, one, 0, mode & 16 };
    size_t n = stride * (size_t)ih;
    uint8_t *src = malloc(n ? n : 1);
    if (!src)
        return 0;
    fuzz_bytes(&in, src, n);
    g7sf_va_image s = { src, stride, iw, ih, type };
    size_t ds = (size_t)(w > 0 ? w : 1) + (mode >> 6);
    size_t dn = ds * (size_t)(h > 0 ? h : 1) + 8;
    int16_t *dst = malloc(dn * sizeof *dst);
    if (!dst) {
        free(src);
        return 0;
    }
    for (size_t i = 0; i < dn; i++)
        dst[i] = (int16_t)GUARD;
    const char *why = NULL;
    int err = g7sf_va_convolve_block(&c, &s, x0, y0, w, h, dst, ds, &why);
    FUZZ_CHECK(err == 0 || err == G7SF_EINVAL, "code %d", err);
    FUZZ_CHECK(!err == !why, "reason %s with code %d", why ? why : "(none)", err);
    for (size_t i = 0; i < dn; i++) {
        size_t j = i / ds, x = i % ds;
        bool in_block = !err && j < (size_t)h && x < (size_t)w;
        if (!in_block)
            FUZZ_CHECK(dst[i] == (int16_t)GUARD, "sample %zu outside the block written", i);
        else if (identity) {
            int32_t v = sample(&s, x0 + (int)x, y0 + (int)j);
            v = v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v;
            FUZZ_CHECK(dst[i] == v, "identity at (%zu, %zu): %d, sample %d", x, j, dst[i], v);
        }
    }
    free(dst);
    free(src);
    return 0;
}
