/* The Spatial-Temporal Motion Measure (§2.8.4.1) over whole lines: the same
 * values stmm.c gives the blocks of a line, computed once per line.  The
 * block walk computes each line's column sums over 32 columns for 16
 * pixels and the cross-filtered difference of each row for five lines;
 * here each row's cross-filtered difference (an AD row) is computed once
 * and kept for the next four lines, and the sums run along the line.
 * g7sf_di_rows (di.c) uses it; tests/test_di_rows.c checks it against the
 * blocks.
 *
 * Layout: per pixel pair j = k - 1 (j = -1 .. w / 2, the block's neighbour
 * pairs included, as its lanes 0 and 9 are).  AD rows hold columns
 * -ST_PAD .. w + ST_PAD - 1; lines are copied with ST_PAD clamped columns
 * each side.  The vector loops run over whole vectors into the rows' room;
 * what they compute there is never used. */
#ifndef GEN7SF_STMM_ROWS_H
#define GEN7SF_STMM_ROWS_H

#include "di_core.h"
#include "row_cache.h"

enum { ST_PAD = 128, ST_OVER = 32 };

/* The kernels of one instruction set. */
typedef struct stmm_rows_dsp {
    /* |c'(prev) - c'(cur)| of a row (line 1017's cross filter of both
     * frames) from the lines y - 2, y, y + 2 of each: pl[], cl[] */
    void (*ad)(const uint8_t *const pl[3], const uint8_t *const cl[3], int w, uint8_t *ad);
    /* STMM and SVCM + SHCM of every pair of missing line y from the AD
     * rows y - 2 .. y + 2 and the picture's lines y - 2 .. y + 2 */
    void (*line)(const g7sf_di_params *p, const uint8_t *const ad[5],
                 const uint8_t *const ln[5], int w, uint8_t *stmm, uint16_t *hv);
    /* STMM2 (lines 1031-1038: the exponential smoothing with the saved
     * s_in) of the w / 2 pairs into st2[0 .. w / 2 - 1], the edge pairs
     * repeated at st2[-1] and st2[w / 2], and STMM3, the largest STMM2 of
     * each pair and its neighbours, into st3 */
    void (*smooth)(const g7sf_di_params *p, const uint8_t *stmm, const uint8_t *s_in, int w,
                   uint8_t *st2, uint8_t *st3);
} stmm_rows_dsp;

extern const stmm_rows_dsp stmm_rows_c;
extern const stmm_rows_dsp stmm_rows_avx2;  /* only where core/cpu.h says AVX2 */

typedef struct stmm_rows stmm_rows;

/* A context for frames w pixels wide (a multiple of 16) with the kernels
 * k, reading lines through the cache lines (of width w; NULL: one of its
 * own); NULL when out of memory. */
stmm_rows *stmm_rows_new(int w, const stmm_rows_dsp *k, line_cache *lines);
void stmm_rows_free(stmm_rows *r);
/* Forgets the rows and lines kept (the next lines are of new frames). */
void stmm_rows_reset(stmm_rows *r);

/* The STMM of missing line y (§2.8.4.1): pic is the frame it is missing
 * in (prev for a 1st-field line, else cur).  stmm[k] and hv[k] (SVCM +
 * SHCM) of pair k - 1 for k = 0 .. w / 2 + 1, each array with ST_OVER
 * entries of room past that: what di_stmm_measure gives the lanes of every
 * block of the line. */
void stmm_rows_line(stmm_rows *r, const g7sf_di_params *p, const g7sf_plane *prev,
                    const g7sf_plane *cur, const g7sf_plane *pic, int y, uint8_t *stmm,
                    uint16_t *hv);

#endif
