/* gen7sf: the Video Analytics functions of the sampling engine (PRM 001
 * §2.10.3, lines 1701-1785) at function level, without a message: the
 * convolve of a block of a source matrix.  Beyond Gen7, the min/max
 * filter (erode / dilate) of such images: gen7sf/va_morph.h.  Decisions on
 * the unclear passages: docs/spec-notes.md, "Video Analytics convolve". */
#ifndef GEN7SF_VA_H
#define GEN7SF_VA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen7sf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The samples of a source matrix (line 1725): 8-bit UINT, 16-bit UINT or
 * 16-bit SINT; and 1 bit per pixel (values 0 and 1), which only the min/max
 * filter takes (convolve refuses it: G7SF_EINVAL). */
enum g7sf_va_sample { G7SF_VA_U8, G7SF_VA_U16, G7SF_VA_S16, G7SF_VA_U1 };

/* A source matrix: sample (x, y) at data + y * stride + x * (1 or 2
 * bytes, host order); for U1, bit 7 - x % 8 of byte data + y * stride +
 * x / 8 (most significant bit first, as PBM's P4 rows), the bits of a
 * row's last byte past width ignored. */
typedef struct g7sf_va_image {
    const void *data;
    size_t stride;               /* bytes from a row to the next */
    int width, height;           /* at least 1 */
    unsigned type;               /* enum g7sf_va_sample */
} g7sf_va_image;

/* The largest kernel side we take: the text gives none (the coefficients
 * "stored" of line 1783 have no stated size); 31 keeps a call's work
 * bounded. */
enum { G7SF_VA_KERNEL_MAX = 31 };

typedef struct g7sf_va_convolve {
    int width, height;           /* kernel columns and rows, 1 .. G7SF_VA_KERNEL_MAX */
    const int16_t *kernel;       /* S3.12: row n, column m at kernel[n * width + m], as
                                    the driver flipped it (line 1783): not flipped again */
    unsigned scale;              /* 0 .. 10: the result is shifted right by it (line 1725) */
    bool mirror;                 /* edges mirrored (-1 reads 0, width reads width - 1),
                                    else clamped */
} g7sf_va_convolve;

/* CONVOLVE (lines 1723-1781) of the w x h block at (x0, y0) of src, which
 * lies inside it: dst[j * dst_stride + i] is the 16-bit SINT result of
 * pixel (x0 + i, y0 + j).  Sample (ii, jj) meets kernel[n][m] for ii = x +
 * m - (width - 1) / 2, jj = y + n - (height - 1) / 2, through the edge rule,
 * a sample still outside (a kernel wider than the matrix) counting 0.  The
 * sum is exact; then doubled, its fraction dropped (toward minus
 * infinity), shifted right by scale, rounded by (v + 1) >> 1 and clamped
 * to -32768 .. 32767.  Returns 0, or G7SF_EINVAL with *why (when why is
 * not NULL) saying which argument; dst is then untouched. */
G7SF_API int g7sf_va_convolve_block(const g7sf_va_convolve *c, const g7sf_va_image *src, int x0,
                                    int y0, int w, int h, int16_t *dst, size_t dst_stride,
                                    const char **why);

#ifdef __cplusplus
}
#endif

#endif
