/* gen7sf: the Video Analytics functions of the sampling engine (PRM 001
 * §2.10.3, lines 1701-1785) at function level, without a message: the
 * convolve of a block of a source matrix; and, beyond Gen7, the min/max
 * filter (erode / dilate) of a block built on the comparison tree of
 * patent US 9355490 (gen7sf/minmax.h), as Intel's later media sampler put
 * MinMax, Erode and Dilate next to Convolve.  Decisions on the unclear
 * passages: docs/spec-notes.md, "Video Analytics convolve" and "Patent
 * 003: min/max filtering". */
#ifndef GEN7SF_VA_H
#define GEN7SF_VA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen7sf.h"
#include "minmax.h"

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

/* ---- The min/max filter: erode and dilate ------------------------------
 *
 * Output pixel (x, y) is the reduction (gen7sf/minmax.h) over the footprint
 * of the 8x8 region whose texel (0, 0) is source pixel (x - 3, y - 3): the
 * region g7sf_minmax_region_origin gives for the pixel's centre (x + 0.5,
 * y + 0.5).  So region texel (c, r) is pixel (x + c - 3, y + r - 3): a
 * SEPARABLE w x h footprint covers columns x - (w - 1) / 2 .. x + w / 2
 * (3x3: x - 1 .. x + 1; 2x2: x .. x + 1; 8x8: x - 3 .. x + 4), rows alike,
 * always including (x, y); QUAD_MASK quad q covers columns x - 3 + 2 (q % 4)
 * and the next, rows likewise (quad 5 holds (x, y)).
 * op G7SF_MINMAX_MIN: out(p) = min over the offsets d of the footprint of
 * in(p + d), the min filter, erosion of a binary or grey image;
 * G7SF_MINMAX_MAX: max, dilation by the reflected footprint (the same for
 * the symmetric odd sizes).  Values compare as integers (S16 signed). */
enum g7sf_va_edge {
    /* the default (a zeroed g7sf_va_morph): a pixel outside the source
     * reads its nearest pixel (the coordinate clamped), as convolve's clamp
     * and the sampler's CLAMP address mode */
    G7SF_VA_EDGE_REPLICATE = 0,
    /* a pixel outside the source does not contribute: the patent's own
     * non-contributing texel, which carries the losing value (003 L146) */
    G7SF_VA_EDGE_IGNORE = 1
};

typedef struct g7sf_va_morph {
    g7sf_minmax_footprint footprint;
    unsigned op;                 /* G7SF_MINMAX_MIN (erode) or G7SF_MINMAX_MAX (dilate) */
    unsigned edge;               /* enum g7sf_va_edge */
    bool tree;                   /* every pixel through the comparison tree
                                    (g7sf_minmax_region, or g7sf_minmax_quads
                                    with the outside texels masked): the
                                    hardware's model, slow; false: the fast
                                    path (running min/max over rows, 64
                                    pixels a word for U1).  Same output. */
} g7sf_va_morph;

/* Sums over the output pixels of the tree's counters (g7sf_minmax_result):
 * what the hardware would do for the block, whichever path ran.  With
 * REPLICATE every footprint texel contributes (the clamped ones are read
 * too); with IGNORE only those inside the source. */
typedef struct g7sf_va_morph_stats {
    uint64_t pixels;             /* output pixels */
    uint64_t empty;              /* of them with no contributing texel */
    uint64_t quads, texels;      /* contributing quads and texels */
    uint64_t passes;             /* ceil(quads / 4) each */
    uint64_t tree_compares;      /* 15 a pass */
    uint64_t collector_compares; /* 4 a pass */
    uint64_t final_compares;     /* 3 a pixel that is not empty */
    uint64_t bytes_four;         /* 64 a pixel: four 4-channel float results */
    uint64_t bytes_one;          /* 16 a pixel: one result */
    uint64_t bytes_all;          /* 16 a contributing texel: every texel returned */
} g7sf_va_morph_stats;

/* The min/max filter m of the w x h block at (x0, y0) of src, which lies
 * inside it, into dst (the source's sample type): pixel (i, j) of the block
 * at dst + j * dst_stride (bytes) + i * (1 or 2 bytes), or for U1 bit
 * 7 - i % 8 of byte j * dst_stride + i / 8 (the bits of a row's last byte
 * past w are kept).  A pixel with no contributing texel (a QUAD_MASK of 0,
 * or IGNORE with the footprint all outside) gets the losing value in the
 * type: the maximum (255, 65535, 32767, 1) for MIN, the minimum for MAX.
 * dst must not overlap src.  stats (may be NULL) is overwritten with the
 * block's counters.  Returns 0; G7SF_EINVAL (NULL, bad footprint, op,
 * edge, type, size, stride, block, overlap) or G7SF_ERANGE (an image
 * larger than the address space) with *why (when why is not NULL) and dst
 * and stats untouched; G7SF_ENOMEM when the row buffers (a few tens of KiB)
 * cannot be allocated. */
G7SF_API int g7sf_va_morph_block(const g7sf_va_morph *m, const g7sf_va_image *src, int x0,
                                 int y0, int w, int h, void *dst, size_t dst_stride,
                                 g7sf_va_morph_stats *stats, const char **why);

#ifdef __cplusplus
}
#endif

#endif
