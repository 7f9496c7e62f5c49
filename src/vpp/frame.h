/* The pipeline's frames: padded to whole blocks, converted from and to the
 * caller's pictures, with the chroma siting of interlaced and progressive
 * 4:2:0 (docs/spec-notes.md, "Video pipeline (driver side)"). */
#ifndef GEN7SF_VPP_FRAME_H
#define GEN7SF_VPP_FRAME_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf/media.h"
#include "gen7sf/vpp.h"

/* A planar frame of w x h luma (both multiples of 8) and chroma w / 2 wide,
 * h / 2 (4:2:0) or h (4:2:2) high. */
typedef struct vpp_frame {
    uint8_t *data[3];
    int w, h;
    enum g7sf_chroma chroma;
} vpp_frame;

int vpp_frame_alloc(vpp_frame *f, int w, int h, enum g7sf_chroma chroma);
void vpp_frame_free(vpp_frame *f);
int vpp_frame_stride(const vpp_frame *f, int plane);
int vpp_frame_lines(const vpp_frame *f, int plane);
g7sf_yuv vpp_frame_yuv(const vpp_frame *f);

/* Copies a w x h plane into a larger W x H one, replicating the last column
 * and, below, the nearest line of the same field (interlaced) or the last
 * line. */
void vpp_pad_plane(const uint8_t *src, int src_stride, int w, int h, uint8_t *dst,
                   int dst_stride, int W, int H, bool interlaced);

/* 4:2:0 to 4:2:2 (for 4:2:2 output): doubles src_lines chroma lines (even
 * when interlaced).  Interlaced: field chroma row j sits 1/4 (top field,
 * even rows) or 3/4 (bottom field, odd rows) of a field line below field
 * luma line 2j; progressive: row k sits half a frame line below luma line
 * 2k.  Each output line is the linear interpolation of the two nearest
 * chroma rows of its field, in 1/8 steps. */
void vpp_chroma_up(const uint8_t *src, int src_stride, int w, int src_lines, uint8_t *dst,
                   int dst_stride, bool interlaced);

/* 4:2:2 to progressive 4:2:0: chroma line k, half-way between luma lines 2k
 * and 2k + 1, is the rounded average of 4:2:2 lines 2k and 2k + 1. */
void vpp_chroma_down(const uint8_t *src, int src_stride, int w, int dst_lines, uint8_t *dst,
                     int dst_stride);

/* The 4:2:0 chroma of two fields woven into one frame: interlaced 4:2:0
 * keeps each field's chroma on the lines of its parity (line 2k with the
 * top field), so lines of parity first_parity come from a (the 1st field's
 * frame) and the others from b (the 2nd field's). */
void vpp_chroma_weave(const uint8_t *a, const uint8_t *b, int src_stride, int w, int lines,
                      int first_parity, uint8_t *dst, int dst_stride);

/* The same on output lines [y0, y1) only (0 <= y0 <= y1 <= the lines the
 * whole-plane call writes): stripes of one conversion on several threads
 * give the whole-plane bytes. */
void vpp_pad_rows(const uint8_t *src, int src_stride, int w, int h, uint8_t *dst,
                  int dst_stride, int W, bool interlaced, int y0, int y1);
void vpp_chroma_up_rows(const uint8_t *src, int src_stride, int w, int src_lines, uint8_t *dst,
                        int dst_stride, bool interlaced, int y0, int y1);
void vpp_chroma_down_rows(const uint8_t *src, int src_stride, int w, uint8_t *dst,
                          int dst_stride, int k0, int k1);
void vpp_chroma_weave_rows(const uint8_t *a, const uint8_t *b, int src_stride, int w,
                           int first_parity, uint8_t *dst, int dst_stride, int y0, int y1);

#endif
