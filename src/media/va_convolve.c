/* Video Analytics convolve (§2.10.3.1, lines 1703-1785; gen7sf/va.h).
 * The pseudocode's "real tmp" is kept exact: S3.12 coefficients times
 * integer samples summed in 64 bits, in units of 2^-12.  Decisions on
 * unclear passages: docs/spec-notes.md, "Video Analytics convolve". */
#include <string.h>

#include "gen7sf/va.h"

/* The pseudocode's edge rule for index i of a side of n samples (lines
 * 1745-1766, "ij" at 1763 read as jj); -1 when the index stays outside
 * (the matrix is smaller than the kernel: a null value, line 1767). */
static int edge(int i, int n, bool mirror)
{
    if (i < 0)
        i = mirror ? -i - 1 : 0;
    else if (i > n - 1)
        i = mirror ? 2 * n - i - 1 : n - 1;
    return i >= 0 && i < n ? i : -1;
}

static int32_t sample(const g7sf_va_image *s, int x, int y)
{
    const uint8_t *row = (const uint8_t *)s->data + (size_t)y * s->stride;
    if (s->type == G7SF_VA_U8)
        return row[x];
    uint16_t v;
    memcpy(&v, row + 2 * (size_t)x, 2);
    return s->type == G7SF_VA_U16 ? (int32_t)v : (int32_t)(int16_t)v;
}

/* Why the arguments cannot be run, or NULL. */
static const char *invalid(const g7sf_va_convolve *c, const g7sf_va_image *s, int x0, int y0,
                           int w, int h, const int16_t *dst, size_t dst_stride)
{
    if (!c || !s || !dst)
        return "NULL convolve, source or destination";
    if (!c->kernel || c->width < 1 || c->height < 1 || c->width > G7SF_VA_KERNEL_MAX ||
        c->height > G7SF_VA_KERNEL_MAX)
        return "kernel missing or not 1 to 31 by 1 to 31";
    if (c->scale > 10)
        return "scale over 10 (line 1725: 0 to 10)";
    if (s->type == G7SF_VA_U1)
        return "source type U1 (1 bit a pixel): convolve takes U8, U16 or S16";
    if (s->type > G7SF_VA_S16)
        return "source type not U8, U16 or S16";
    if (!s->data || s->width < 1 || s->height < 1)
        return "source without samples";
    size_t bytes = s->type == G7SF_VA_U8 ? 1 : 2;
    if (s->stride < (size_t)s->width * bytes)
        return "source stride shorter than a row";
    if (w < 1 || h < 1 || x0 < 0 || y0 < 0 || x0 > s->width - w || y0 > s->height - h)
        return "block empty or not inside the source";
    if (dst_stride < (size_t)w)
        return "destination stride shorter than the block";
    return NULL;
}

int g7sf_va_convolve_block(const g7sf_va_convolve *c, const g7sf_va_image *src, int x0,
                           int y0, int w, int h, int16_t *dst, size_t dst_stride,
                           const char **why)
{
    const char *bad = invalid(c, src, x0, y0, w, h, dst, dst_stride);
    if (why)
        *why = bad;
    if (bad)
        return G7SF_EINVAL;
    int cx = (c->width - 1) >> 1, cy = (c->height - 1) >> 1;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            int64_t sum = 0;        /* units of 2^-12: |sum| < 961 * 2^16 * 2^15 */
            for (int n = 0; n < c->height; n++) {
                int jj = edge(y0 + j + n - cy, src->height, c->mirror);
                for (int m = 0; m < c->width && jj >= 0; m++) {
                    int ii = edge(x0 + i + m - cx, src->width, c->mirror);
                    if (ii >= 0)
                        sum += (int64_t)sample(src, ii, jj) * c->kernel[n * c->width + m];
                }
            }
            /* tmp << 1, INT(tmp) (the 12 fraction bits dropped by an
             * arithmetic shift), >> scale, (tmp + 1) >> 1, then the 16-bit
             * SINT range (the text's -2^16 .. 2^16 - 1, line 1777, does not
             * fit the destination) */
            int64_t v = ((sum * 2) >> 12 >> c->scale) + 1;
            v >>= 1;
            dst[(size_t)j * dst_stride + (size_t)i] =
                (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
        }
    return 0;
}
