/* Internal: the surfaces g7sf_dndi_block (dndi.c) reads.  A region of a
 * g7sf_media_surface's pixels is copied from graphics memory into a
 * frame-sized host copy (media_frame) whose planes the block functions of
 * media.h take.  Decisions: docs/spec-notes.md, "Deinterlace message". */
#ifndef G7SF_MEDIA_SURFACE_H
#define G7SF_MEDIA_SURFACE_H

#include "gen7sf/media.h"

/* g7sf_media_surface_from_state for the deinterlace message (avs false)
 * or for sample_8x8 (avs true: the formats and width rules of each). */
int media_surface_decode(const g7sf_media_surface_state *ss, g7sf_media_surface *s, bool avs,
                         const char **why);

/* Pixels [x, x + n) of line y of plane p (0 Y, 1 Cb, 2 Cr; chroma in its
 * own columns and lines) of a YUV surface, all inside it.  0, or
 * G7SF_EFAULT past 4 GiB. */
int media_read_pixels(g7sf_gpu *gpu, const g7sf_media_surface *s, int p, uint32_t x, uint32_t y,
                      uint32_t n, uint8_t *dst);

/* Reads n bytes of row y of the statistics surface from byte x on.
 * G7SF_ERANGE outside pitch x height, G7SF_EFAULT past 4 GiB. */
int media_surface_read_bytes(g7sf_gpu *gpu, const g7sf_media_surface *s, uint32_t x, uint32_t y,
                             uint32_t n, uint8_t *dst);

/* A host copy of a frame padded to pw x ph luma pixels (chroma planes at
 * the chroma size of that), of which a pass loads only the windows its
 * block reads; the rest holds whatever the memory held.  yuv views the
 * padded frame; real is the same luma at the surface's own size. */
typedef struct media_frame {
    uint8_t *plane[3];          /* Y, Cb, Cr */
    int w[3], h[3];             /* padded plane sizes (= strides) */
    g7sf_yuv yuv;
    g7sf_plane real;
} media_frame;

/* The bytes media_frame_init takes for a pw x ph frame of s. */
size_t media_frame_bytes(const g7sf_media_surface *s, int pw, int ph);
/* Lays the frame's planes out in mem (media_frame_bytes long). */
void media_frame_init(media_frame *f, const g7sf_media_surface *s, int pw, int ph, uint8_t *mem);

/* Loads the window around the bw x bh block at luma (bx, by): in each
 * plane's own coordinates, the block's pixels plus mx columns and my lines
 * on every side, clipped to the padded frame.  Pixels past the surface take
 * the last column and the nearest line of the same field.  0, or
 * G7SF_EFAULT when a pixel's address passes 4 GiB. */
int media_frame_load(g7sf_gpu *gpu, const g7sf_media_surface *s, media_frame *f, int bx, int by,
                     int bw, int bh, int mx, int my);

#endif
