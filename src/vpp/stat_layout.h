/* Where the statistics surface of a DN/DI pass keeps each value: the STMM
 * of every luma pixel pair and the denoise histories of every 4x4, in Ivy
 * Bridge's layout (001 §2.8.6.2) or Haswell's (002, "STMM / Denoise Motion
 * History Cache Line").  The pass reads and writes the surface only through
 * these functions, so both layouts share all of its code.  Decisions:
 * docs/spec-notes.md, "Statistics surface layouts". */
#ifndef GEN7SF_VPP_STAT_LAYOUT_H
#define GEN7SF_VPP_STAT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum vpp_stat_layout {
    /* STMM of pair x on line y at y * pitch + x; history of the 4x4 (x, y)
     * at y * pitch + pitch / 2 + x, U and V height / 4 and height / 2 rows
     * further down */
    VPP_STAT_IVB,
    /* one 64-byte line per 16x4 luma block, the lines of a row of blocks
     * one after the other from byte 4 * pitch * (y / 4); 16 bytes per line
     * r of the block, 4 per 4x4 k: STMM of pairs 2k and 2k + 1 of line r,
     * the history of row r (Y, U, V, none), an unused byte */
    VPP_STAT_HSW,
};

enum vpp_stat_field {
    VPP_STAT_STMM,      /* x: pixel pair (luma 2x, 2x + 1), y: line */
    VPP_STAT_HIST_Y,    /* x, y: the 4x4 at luma (4x, 4y) */
    VPP_STAT_HIST_U,    /* Haswell chroma DN: the chroma of that luma 4x4 */
    VPP_STAT_HIST_V,
};

/* The surface of a frame of `height` lines; `pitch` bytes per row. */
typedef struct vpp_stat {
    enum vpp_stat_layout layout;
    int pitch, height;
} vpp_stat;

enum { VPP_STAT_UNUSED_MAX = 5 };   /* unused bytes per 4x4 */

/* The surface fits a width x height frame: a known layout, width a multiple
 * of 16, height of 4, pitch >= width and even.  Both layouts use height
 * rows of pitch bytes. */
bool vpp_stat_ok(enum vpp_stat_layout layout, int pitch, int width, int height);

/* The offset of field f of (x, y). */
size_t vpp_stat_at(const vpp_stat *s, enum vpp_stat_field f, int x, int y);

/* The offsets of the bytes that belong to the 4x4 (x, y) but hold nothing
 * (0 in the Ivy Bridge layout, 5 in Haswell's); returns their count. */
int vpp_stat_unused(const vpp_stat *s, int x, int y, size_t off[VPP_STAT_UNUSED_MAX]);

/* Field f of the w x h values from (x, y), to or from buf (value (i, j) at
 * buf[j * stride + i]). */
void vpp_stat_get(const vpp_stat *s, const uint8_t *surf, enum vpp_stat_field f, int x, int y,
                  int w, int h, uint8_t *buf, int stride);
void vpp_stat_put(const vpp_stat *s, uint8_t *surf, enum vpp_stat_field f, int x, int y, int w,
                  int h, const uint8_t *buf, int stride);

/* The STMM of lines [y0, y1) as rows of width / 2 pairs, pair x of line y
 * at [y * *stride + x], as the DI kernel reads it (g7sf_di_block): the
 * surface itself in the Ivy Bridge layout, else a copy in *owned (for the
 * caller to free).  NULL when out of memory. */
const uint8_t *vpp_stat_stmm_rows(const vpp_stat *s, const uint8_t *surf, int width, int y0,
                                  int y1, int *stride, uint8_t **owned);

/* Writes 0 to the unused bytes of the w x h 4x4s from (x, y). */
void vpp_stat_clear_unused(const vpp_stat *s, uint8_t *surf, int x, int y, int w, int h);

#endif
