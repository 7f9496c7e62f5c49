/* The MCDI motion search (§2.8.4.9) over whole lines: the same best SAD and
 * vector per pixel pair that mcdi_search gives the blocks of a line,
 * computed once per line.  The block search takes |pic - ref| over 32
 * columns x 7 lines per candidate for 16 pixels of two lines, so the
 * neighbouring blocks and lines redo most of it; here each line's column
 * pair sums are computed once per candidate and kept for the next lines of
 * the field.  tests/test_mcdi_rows.c checks it against mcdi_search_c.
 *
 * The search of missing line y: for pair i (pixels 2i, 2i + 1) and
 * candidate k, SAD_k(i) sums |pic(x, y') - ref(x + Mx_k, y' + My_k)| over
 * y' = y - 2 .. y + 2 and x = 2i - 2 .. 2i + 3, reads outside the frame as
 * the windows read them (lines to the nearest of the same field, columns
 * clamped).  With P_k(v)[q] the differences of line v in column pair q
 * (columns 2q - 2, 2q - 1) and R_k(v) = P_k(v) + P_k(v + 1), the 5 lines
 * of line y are R_k(y - 2) + R_k(y) + P_k(y + 2): line y + 2 of the same
 * picture and reference shares R_k(y), and P_k(y + 2) goes into its
 * R_k(y + 2).  So a line computes two lines of differences, not 7 x 2.
 *
 * Layout: lines are copied with MR_PAD clamped columns each side.  A row
 * (P or R) holds the 16 candidates' values for q = 0 .. mr_stride(w) - 1
 * (the pairs and room for the vector loops to run over whole vectors; what
 * they compute past the line is never used), vector-major: the 16 q from
 * 16n of candidate k at (16n + k) x 16, mr_at(k, q), so that a vector
 * loop finds every candidate's vector at a constant offset.  The values'
 * unit is the kernel set's own (the C kernels: the sums; AVX2: 8 times
 * them, mcdi_rows_simd.c), so the rows of one set are read by that set. */
#ifndef GEN7SF_MCDI_ROWS_H
#define GEN7SF_MCDI_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf/media.h"
#include "row_cache.h"

enum { MR_PAD = 64, MR_OVER = 16 };

/* Pairs the line kernels write: the w / 2 rounded up to whole vectors. */
static inline int mr_pairs(int w) { return (w / 2 + 15) & ~15; }
/* Entries of one candidate's P or R row: the box of the last pair written
 * reaches q = mr_pairs(w) + 1, and vectors of 16 run past it. */
static inline int mr_stride(int w) { return mr_pairs(w) + 16; }

/* Where candidate k's value for column pair q lies in a row. */
static inline size_t mr_at(int k, int q) { return ((size_t)(q >> 4) * 16 + (size_t)k) * 16 + (q & 15); }

/* The kernels of one instruction set; rows are 16 x ps entries. */
typedef struct mcdi_rows_dsp {
    /* out = P(v) for q = 0 .. ps - 1, plus add when add is not NULL: pic
     * is line v, ref[t] line v + 2t - 2 (My = 2t - 2) of the reference,
     * both at column 0 of a copy MR_PAD padded. */
    void (*diff)(const uint8_t *pic, const uint8_t *const ref[3], const uint16_t *add,
                 uint16_t *out, int ps);
    /* The best candidate of each of the mr_pairs(w) pairs from the 5 lines
     * r0 + r1 + p (R(y - 2), R(y), P(y + 2)): sad, mvx, mvy. */
    void (*best)(const uint16_t *r0, const uint16_t *r1, const uint16_t *p, int w,
                 uint16_t *sad, int8_t *mvx, int8_t *mvy);
} mcdi_rows_dsp;

extern const mcdi_rows_dsp mcdi_rows_c;
extern const mcdi_rows_dsp mcdi_rows_avx2;  /* only where core/cpu.h says AVX2 */

typedef struct mcdi_rows mcdi_rows;

/* A context for lines of frames w pixels wide (w > 0, a multiple of 16)
 * with the kernels k, reading lines through the cache lines (of width w,
 * shared with other line kernels; NULL: one of its own); NULL when out of
 * memory or for another w or no k. */
mcdi_rows *mcdi_rows_new(int w, const mcdi_rows_dsp *k, line_cache *lines);
void mcdi_rows_free(mcdi_rows *r);
/* Forgets the lines and rows kept: the next calls are on new frames (the
 * keys are the planes' addresses, which a new frame may reuse). */
void mcdi_rows_reset(mcdi_rows *r);

/* The motion search of missing line y (any line, 0 <= y < h) of pic against
 * ref (both w x h): for every pair i < w / 2 the best SAD (sad[i]) and its
 * vector (mvx[i], mvy[i]), the last candidate tested winning ties.  Each
 * array needs w / 2 + MR_OVER entries (the vector stores run past w / 2).
 * The rows computed stay for the next lines of the same pic and ref. */
void mcdi_rows_line(mcdi_rows *r, const g7sf_plane *pic, const g7sf_plane *ref, int y,
                    uint16_t *sad, int8_t *mvx, int8_t *mvy);

#endif
