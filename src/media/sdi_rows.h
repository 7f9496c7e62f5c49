/* The spatial deinterlacer (§2.8.4.2 - 2.8.4.4) over whole lines: the same
 * values sdi.c gives the blocks of a line, computed once per line.  The
 * block walk computes each line's window sums over 32 columns for 16
 * pixels and each row pair of AngleCost_6x3 for three lines; here every
 * row pair's differences (D rows) are computed once and kept for the next
 * two lines of the field, and the sums run along the line.  g7sf_di_rows
 * (di.c) uses it; tests/test_di_rows.c checks it against the blocks.
 *
 * Layout: lines are copied with SR_PAD clamped columns each side.  Per
 * column pair k (columns 2k - 4, 2k - 3): a D row holds the pair's
 * differences summed (P) and those of pairs k .. k + 2 (W), for k in
 * [0, ds) per angle.  Per pixel pair j = k - 1
 * (j = -1 .. w / 2, the block's neighbour pairs included as lanes 0 and 9
 * are): costs, SUM_H and robust angles.  The rows past the line are there
 * so that vector loops may run over whole vectors; what they compute there
 * is never used. */
#ifndef GEN7SF_SDI_ROWS_H
#define GEN7SF_SDI_ROWS_H

#include "di_core.h"
#include "row_cache.h"

enum { SR_PAD = LINE_PAD, SR_OVER = 32 };

/* The kernels of one instruction set; ds and cs are at least sr_stride(w). */
typedef struct sdi_rows_dsp {
    void (*d)(const uint8_t *lo, const uint8_t *hi, int w, uint16_t *d, int ds);
    void (*costs)(const uint16_t *d0, const uint16_t *d1, const uint16_t *d2, int ds, int w,
                  uint16_t *cost, int cs);
    void (*sumh)(const uint8_t *up, const uint8_t *dn, int w, uint16_t *h1, uint16_t *h2);
    void (*finish)(const g7sf_di_params *p, const uint16_t *cost, const uint16_t *c21, int cs,
                   const uint16_t *h1, const uint16_t *h2, const uint8_t *up, const uint8_t *dn,
                   int w, uint8_t *rob, uint8_t *angle, uint16_t *acost, uint8_t *out);
} sdi_rows_dsp;

/* The entries of a per-pair or D row for lines w wide: the w / 2 + 2
 * pairs, with room for the vector loops to run past them. */
static inline int sr_stride(int w) { return (w / 2 + 64 + 15) & ~15; }

extern const sdi_rows_dsp sdi_rows_c;
extern const sdi_rows_dsp sdi_rows_avx2;    /* only where core/cpu.h says AVX2 */

/* The result for one missing line: out[x] the interpolated pixels,
 * angle[i] the final angle index of pair i, acost[i] its AngleCost_6x3
 * (Best_SAD_Angle_cost of the MCDI decision); each array has SR_OVER
 * entries of room past its w or w / 2. */
typedef struct sdi_line {
    uint8_t *out, *angle;
    uint16_t *acost;
} sdi_line;

typedef struct sdi_rows sdi_rows;

/* A context for the lines of frames w pixels wide (w > 0, a multiple of
 * 16) with the kernels k, reading lines through the cache lines (of width
 * w; NULL: one of its own); NULL when out of memory. */
sdi_rows *sdi_rows_new(int w, const sdi_rows_dsp *k, line_cache *lines);
void sdi_rows_free(sdi_rows *r);
/* Forgets the lines (its cache, shared or not) and D rows kept: the next
 * lines are of new frames (the keys are the planes' addresses, which a
 * new frame may reuse). */
void sdi_rows_reset(sdi_rows *r);

/* The SDI of missing line y of pic (w wide) into res (w, w / 2 and w / 2
 * entries): what di_sdi_line gives every block of the line.  The D rows and
 * lines it copied stay for the next lines of the same picture. */
void sdi_rows_line(sdi_rows *r, const g7sf_di_params *p, const g7sf_plane *pic, int y,
                   const sdi_line *res);

#endif
