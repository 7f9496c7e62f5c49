/* gen7sf, beyond Gen7: the min/max filter (erode / dilate) of a block of
 * a Video Analytics image (gen7sf/va.h) built on the comparison tree of
 * patent US 9355490 (gen7sf/minmax.h), as Intel's later media sampler put
 * MinMax, Erode and Dilate next to Convolve.  Decisions:
 * docs/spec-notes.md, "Patent 003: min/max filtering". */
#ifndef GEN7SF_VA_MORPH_H
#define GEN7SF_VA_MORPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen7sf.h"
#include "minmax.h"
#include "va.h"

#ifdef __cplusplus
extern "C" {
#endif

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
