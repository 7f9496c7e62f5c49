/* Media functions at function level (§2.8): the denoise (DN) unit's block
 * kernels, the deinterlacer and the field motion detector.  They work on
 * plain 8-bit planes and decoded state, so a frame pipeline and the
 * deinterlace message can share them; g7sf_dndi_block (at the end) is the
 * whole unit's pass over a block of surfaces in graphics memory, what the
 * sampler's deinterlace message runs.  Decisions on unclear passages are in
 * docs/spec-notes.md, "Denoise (§2.8.1)" and "Deinterlace message". */
#ifndef GEN7SF_MEDIA_H
#define GEN7SF_MEDIA_H

#include <stdbool.h>
#include <stdint.h>

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A read-only 8-bit plane: pixel (x, y) at data[y * stride + x].  Frames of
 * interlaced video hold both fields, lines interleaved. */
typedef struct g7sf_plane {
    const uint8_t *data;
    int stride;
    int width, height;
} g7sf_plane;

/* Chroma arrangement of a frame as the DN/DI unit reads it. */
enum g7sf_chroma { G7SF_CHROMA_420, G7SF_CHROMA_422, G7SF_CHROMA_411 };

/* The DN controls of SAMPLER_STATE_DI (DEINTERLACE_SAMPLER_STATE), as the
 * §2.8.2 pseudocode names them.  None of these fields is a "value - 1". */
typedef struct g7sf_dn_params {
    unsigned stad_th;           /* dnmh_stad_th: moving if BK_STAD > this */
    unsigned mp_th;             /* dnmh_mp_th: moving if BK_Motion_Pixel > this */
    unsigned tasd_th;           /* dnmh_tasd_th (Denoise ASD Threshold) */
    unsigned scm_th;            /* dnmh_scm_th */
    unsigned history_max;       /* dnmh_history_max */
    unsigned history_delta;     /* dnmh_delta */
    unsigned temporal_diff_th;  /* temporal_diff_th */
    unsigned temporal_diff_low; /* temp_diff_low, raised to temporal_diff_th - 16 if lower */
    unsigned good_neighbor_th;  /* good_neighbor_th */
    unsigned bne_edge_th;       /* bne_edge_th */
    unsigned bne_noise_th;      /* bne_nn_th (Block Noise Estimate Noise Threshold) */
    bool field;                 /* !Progressive DN: 3x3 windows take lines 2 apart */
    bool first_frame;           /* DN/DI First Frame: spatial only, history out 0 */
} g7sf_dn_params;

G7SF_API void g7sf_dn_params_from_state(const g7sf_sampler_state_di *s, g7sf_dn_params *p);

/* A DN block is 16 pixels wide and 4 (DI enabled) or 8 (DN only) lines high:
 * 4 or 8 4x4 blocks, numbered k = (y / 4) * 4 + x / 4. */
#define G7SF_DN_BLOCK_W 16

typedef struct g7sf_dn_block_stats {
    uint16_t stad[8];           /* BK_STAD per 4x4 (0 on the first frame) */
    uint16_t tasd[8];           /* BK_TASD per 4x4 (0 on the first frame) */
    uint16_t shcm[8], svcm[8];  /* BK_SHCM, BK_SVCM per 4x4 */
    uint8_t motion_pixels[8];   /* BK_Motion_Pixel per 4x4 (0 on the first frame) */
    uint8_t bne;                /* block_noise_estimate, 255 when no pixel passed */
} g7sf_dn_block_stats;

/* Denoises the 16 x bh block whose top-left pixel is (bx, by) of cur
 * (bx % 16 == 0, by % 4 == 0, inside cur; bh 4 or 8).  prev is the denoised
 * previous frame, the same size as cur; hist_in the saved denoise history of
 * the block's first 4x4, hist_stride bytes per row of 4x4 blocks.  Both are
 * unread (and may be NULL) on the first frame.  Writes the new history to
 * hist_out (same layout), the 16 x bh denoised pixels to out, and the block
 * statistics to st.  Pixels outside cur read as the nearest pixel of the same
 * field; pixels of the block outside cur are computed that way too, for the
 * caller to drop.  Returns 0, or G7SF_EINVAL for bad arguments. */
G7SF_API int g7sf_dn_block(const g7sf_dn_params *p, const g7sf_plane *cur, const g7sf_plane *prev,
                           int bx, int by, int bh, const uint8_t *hist_in, uint8_t *hist_out,
                           int hist_stride, uint8_t *out, int out_stride, g7sf_dn_block_stats *st);

/* The Global Noise Estimate counters (§2.8.3), one set per DN/DI Stream ID:
 * the 23-bit sum of the block noise estimates below 255 and their count. */
typedef struct g7sf_gne {
    uint32_t sum[2], count[2];
} g7sf_gne;

G7SF_API void g7sf_gne_add(g7sf_gne *g, unsigned stream_id, unsigned bne);

/* ---- Haswell chroma denoise (002 "Chroma Noise Reduction") ----------- */

/* The controls Haswell has for U and V apart from luma (SAMPLER_STATE_DI on
 * Ivy Bridge has none; drivers program 140, 13 and 7).  The moving pixel,
 * ASD and SCM thresholds, the history maximum and delta, Progressive DN and
 * the first-frame bit are shared with luma (g7sf_dn_params). */
typedef struct g7sf_dn_chroma_params {
    unsigned stad_th;           /* chroma STAD threshold: moving if STAD > this */
    unsigned temporal_diff_th;  /* chroma temporal difference threshold */
    unsigned temporal_diff_low; /* chroma low threshold, raised to th - 16 if lower */
} g7sf_dn_chroma_params;

G7SF_API void g7sf_dn_chroma_params_from_values(unsigned stad_th, unsigned temporal_diff_th,
                                                unsigned temporal_diff_low,
                                                g7sf_dn_chroma_params *c);

/* Denoises one chroma plane (U or V) of the 16 x bh luma block at (bx, by)
 * (the g7sf_dn_block rules): its chroma block is 8 x bh / 2 samples at
 * (bx / 2, by / 2) for 4:2:0, 8 x bh at (bx / 2, by) for 4:2:2 (4:1:1 is
 * rejected).  The samples of each luma 4x4 (2x2 or 2x4) form a group with
 * its own history byte, in the luma history layout (group k at hist[k / 4
 * * hist_stride + k % 4]); a group's motion detection reads the 4x4 chroma
 * window centred on it, so the luma-sized thresholds apply unscaled
 * (docs/spec-notes.md, "Haswell chroma denoise (002)").  The filter is
 * temporal only: a moving group, or a sample that changed by the chroma
 * temporal difference threshold or more, keeps its input value.  cur, prev:
 * the chroma planes at native size (prev the denoised previous frame; prev
 * and hist_in unread on the first frame).  Writes the denoised samples to
 * out, the statistics of each group to st (bne 255: no chroma BNE).
 * Returns 0, or G7SF_EINVAL for bad arguments. */
G7SF_API int g7sf_dn_chroma_block(const g7sf_dn_params *p, const g7sf_dn_chroma_params *c,
                                  enum g7sf_chroma chroma, const g7sf_plane *cur,
                                  const g7sf_plane *prev, int bx, int by, int bh,
                                  const uint8_t *hist_in, uint8_t *hist_out, int hist_stride,
                                  uint8_t *out, int out_stride, g7sf_dn_block_stats *st);

/* ---- Deinterlace (§2.8.4 - §2.8.6) ----------------------------------- */

/* One frame: luma and the two chroma planes at their native size (4:2:0
 * w/2 x h/2, 4:2:2 w/2 x h, 4:1:1 w/4 x h).  Interlaced frames hold both
 * fields; 4:2:0 chroma lines alternate fields like luma lines (chroma line
 * 2k belongs to the top field, 2k + 1 to the bottom field). */
typedef struct g7sf_yuv {
    g7sf_plane y, cb, cr;
    enum g7sf_chroma chroma;
} g7sf_yuv;

/* The DI controls of SAMPLER_STATE_DI, as values (a "minus 1" or coded shift
 * field is already turned into the number the formulas use). */
typedef struct g7sf_di_params {
    /* STMM (§2.8.4.1) */
    unsigned stmm_c2;           /* STMM C2 field + 1 */
    unsigned vecm_mul;          /* Multiplier for VECM */
    unsigned tdm_shift1;        /* STMM Shift Down: 4, 5 or 6 */
    unsigned tdm_shift2;        /* STMM Shift Up: 6, 7 or 8 */
    unsigned stmm_md_th;        /* Minimum or Maximum STMM, by Blending Constant Select */
    unsigned stmm_trc1;         /* constant for large STMM */
    unsigned stmm_trc2;         /* constant for small STMM */
    unsigned stmm_min, stmm_max;
    unsigned stmm_shift;        /* STMM Output Shift: max - min = 1 << shift */
    /* SDI (§2.8.4.2 - 2.8.4.3) */
    unsigned sdi_th, sdi_delta;             /* Th, D of the angle decision */
    unsigned sdi_t1, sdi_t2, sdi_angle2x1;  /* fallback 1 T1/T2, fallback 2 constant */
    /* FMD (§2.8.5) */
    unsigned fmd_tdiff, fmd_vdiff1, fmd_vdiff2, fmd_thr_tear;
    /* MCDI (§2.8.4.9 - 2.8.4.12) */
    unsigned cat_th1, cat_slope;            /* cat_slope = CAT Slope field + 1 */
    unsigned sad_tight_th, sad_tha, sad_thb;
    unsigned smooth_mv_th, mc_consistency_th, neighbor_pixel_th;
    bool mcdi;                  /* MCDI Enable */
    bool top_first;             /* DN/DI Top First: the 1st field is the top field */
    bool first_frame;           /* DN/DI First Frame */
    /* Progressive cadence reconstruction (§2.8.4.8): 0 deinterlace, 1 weave
     * with the field before in time, 2 with the field after. */
    unsigned cadence_prev2;     /* FMD for 2nd Field of Previous Frame */
    unsigned cadence_cur1;      /* FMD for 1st Field of Current Frame */
} g7sf_di_params;

G7SF_API void g7sf_di_params_from_state(const g7sf_sampler_state_di *s, g7sf_di_params *p);

/* Whether SAMPLER_STATE_DI s can drive the DN and DI units: 0, or
 * G7SF_ESTATE with *why (when why is not NULL) naming the field, e.g. a Low
 * Temporal Difference Threshold above the Temporal Difference Threshold or
 * a cadence control of 3.  The deinterlace message checks this first; params
 * built from such a state are what g7sf_dn_block / g7sf_di_block reject
 * as G7SF_EINVAL. */
G7SF_API int g7sf_di_state_check(const g7sf_sampler_state_di *s, const char **why);

/* One pass of the deinterlacer over the 16x4 block at (bx, by) of a frame
 * pair (§2.8.6.1): it outputs the previous frame's 2nd field and the current
 * frame's 1st field, both deinterlaced, as frame lines by .. by + 3.  Lines
 * of the field itself are copied; missing lines are interpolated.  Chroma is
 * 4:2:2 whatever the input: line l of a *_c array holds Cr(2i) at [2i] and
 * Cb(2i) at [2i + 1] for i = 0..7, as the writeback's chroma block.  stmm
 * holds STMM2 (the value to save) of each pixel pair of each line. */
typedef struct g7sf_di_block_out {
    uint8_t prev2_y[4][16], prev2_c[4][16];
    uint8_t cur1_y[4][16], cur1_c[4][16];
    uint8_t stmm[4][8];
} g7sf_di_block_out;

/* cur, prev: the two frames, same size and chroma (prev unread on the first
 * frame, may be NULL).  stmm_in: STMM2 saved by the previous pass, one byte
 * per pixel pair per frame line, entry (x / 2, y) at stmm_in[y * stmm_stride
 * + x / 2] for the whole frame (unread on the first frame).  bx % 16 == 0,
 * by % 4 == 0, inside the frame; frame width a multiple of 16 and height a
 * multiple of 4 (the caller pads).  Reads only frame lines by - 8 .. by + 11
 * and columns bx - 16 .. bx + 31 (clamped to the frame), so a caller may
 * fill just that region of a frame-sized buffer.  Returns 0 or G7SF_EINVAL. */
G7SF_API int g7sf_di_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                           const uint8_t *stmm_in, int stmm_stride, int bx, int by,
                           g7sf_di_block_out *out);

/* The results of g7sf_di_rows for frame lines by .. by + 3, line l of
 * each across the frame (w pixels wide): luma w bytes; chroma w bytes, 4:2:2
 * with Cr(i) at [2i] and Cb(i) at [2i + 1] as g7sf_di_block_out's chroma
 * lines; STMM2 w / 2 bytes, one per pixel pair.  Valid during the call
 * that hands them over; lines may be shared (on the first frame prev2 is
 * cur1) or be the frame's own. */
typedef struct g7sf_di_band {
    int by;
    const uint8_t *prev2_y[4], *prev2_c[4], *cur1_y[4], *cur1_c[4], *stmm[4];
} g7sf_di_band;

/* Working memory of g7sf_di_rows for frames width pixels wide (a multiple
 * of 16): kept from call to call it spares each its allocation.  One per
 * thread; NULL when out of memory or for another width. */
typedef struct g7sf_di_rows_mem g7sf_di_rows_mem;
G7SF_API g7sf_di_rows_mem *g7sf_di_rows_mem_new(int width);
G7SF_API void g7sf_di_rows_mem_free(g7sf_di_rows_mem *m);

/* g7sf_di_block of every block of frame lines y0 .. y1 - 1 (multiples of
 * 4, 0 <= y0 <= y1 <= height), each band of 4 lines handed to put(ctx,
 * band) in order: the same bytes as g7sf_di_block gives each block, with
 * the spatial deinterlacer's sums computed once along whole lines and the
 * chroma lines read once per band (the way to run a frame or a stripe of
 * one).  Reads the lines g7sf_di_block reads for those blocks.  mem: from
 * g7sf_di_rows_mem_new for the frame's width, or NULL (allocated for the
 * call).  Returns 0, G7SF_EINVAL (g7sf_di_block's rules, no put, or mem
 * for another width) or G7SF_ENOMEM. */
G7SF_API int g7sf_di_rows(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                          const uint8_t *stmm_in, int stmm_stride, int y0, int y1,
                          g7sf_di_rows_mem *mem,
                          void (*put)(void *ctx, const g7sf_di_band *band), void *ctx);

/* ---- Field motion detector (§2.8.5) --------------------------------- */

/* One 16x4 block's FMD results. */
typedef struct g7sf_fmd_block {
    uint16_t diff[5];           /* Diff_cTpT, cBpB, cTcB, cTpB, cBpT as the writeback carries them */
    uint8_t tearing, fitting, motion;   /* Tearing_Count, Fitting_Count, Motion_Count */
    uint32_t v[11];             /* the block's contribution to variances 0..10 */
} g7sf_fmd_block;

/* Computes the FMD of the 16x4 block at (bx, by) of luma planes cur and prev
 * (prev NULL on the first frame: differences against it read as maximum).
 * Same region and alignment rules as g7sf_di_block. */
G7SF_API int g7sf_fmd_block_run(const g7sf_di_params *p, const g7sf_plane *cur,
                                const g7sf_plane *prev, int bx, int by, g7sf_fmd_block *out);

/* The frame's variance accumulators, one set per DN/DI Stream ID. */
typedef struct g7sf_fmd_frame {
    uint32_t v[2][11];
} g7sf_fmd_frame;

/* Adds a block to the frame sums of its stream.  Blocks touching the frame
 * edge are not summed (002 line 440); w, h are the frame size. */
G7SF_API void g7sf_fmd_add(g7sf_fmd_frame *f, unsigned stream_id, const g7sf_fmd_block *b,
                           int bx, int by, int w, int h);

/* ---- The DN/DI unit on surfaces in graphics memory (§2.8.6) ------------ */

/* A MEDIA_SURFACE_STATE (§2.12.2.2) as the DN/DI unit reads it: a frame
 * (YCRCB_* packed 4:2:2, PLANAR_420_8 / 411_8 / 422_8) or the statistics
 * surface (STMM_DN_STATISTICS: Width, Height in bytes and rows). */
typedef struct g7sf_media_surface {
    unsigned format;            /* Surface Format: G7SF_MEDIA_YCRCB_NORMAL ..
                                   G7SF_MEDIA_STMM_DN_STATISTICS */
    unsigned tiling;            /* enum g7sf_tiling */
    uint32_t base, pitch;       /* Surface Base Address, pitch in bytes */
    int width, height;          /* pixels (statistics: bytes) and rows */
    /* YUV formats: */
    enum g7sf_chroma chroma;    /* 4:2:2 for the packed YCRCB_* formats */
    bool packed;                /* YCRCB_*: one plane of Y and chroma bytes */
    bool interleaved;           /* planar with Interleave Chroma: Cb, Cr byte pairs */
    uint32_t chroma_pitch;      /* separate planes: pitch, or half with Half Pitch for Chroma */
    uint32_t cb_x, cb_y, cr_x, cr_y;    /* plane origins, bytes and rows from the base */
    unsigned chroma_v_offset;   /* Cr(V)/Cb(U) Pixel Offset V Direction, quarter rows
                                   (sample_8x8 on PLANAR_420_8 only) */
} g7sf_media_surface;

/* Decodes and checks ss: the formats the unit reads, sizes, pitch, tiling
 * and chroma plane offsets (docs/spec-notes.md, "Deinterlace message",
 * surface checks).  0, or G7SF_ESTATE with *why (when why is not NULL) set
 * to a short reason; G7SF_EINVAL for NULL ss or s. */
G7SF_API int g7sf_media_surface_from_state(const g7sf_media_surface_state *ss,
                                           g7sf_media_surface *s, const char **why);

/* Whether SAMPLER_STATE_DI s can drive g7sf_dndi_block, checked in this
 * order: G7SF_ESTATE for DI Enable and DN Enable both 0 (PRM 3867) and for
 * Progressive DN with DI Enable (3834), for DI Partial with DI Enable (the
 * partial VDI writeback is announced but never defined, 3854 and 5553; with
 * DI Enable 0 the bit means nothing) and for what g7sf_di_state_check
 * rejects.  *why
 * (when why is not NULL) is the reason, NULL for 0.  G7SF_EINVAL for a
 * NULL s. */
G7SF_API int g7sf_dndi_state_check(const g7sf_sampler_state_di *s, const char **why);

/* One pass of the DN/DI unit over a block: the 16x8 block with DI Enable 0
 * (DN only), the 16x4 block with DI Enable.  Lines past bh are 0, and so
 * is all of the DI part without DI Enable. */
typedef struct g7sf_dndi_result {
    int bh;                     /* 8 (DN only) or 4 (DI Enable) */
    /* The DN: the block's luma lines denoised (as read with DN Enable 0),
     * the new denoise history of its 4x4s (hist[k], k = (y / 4) * 4 + x / 4;
     * 0 on the first frame and with DN Enable 0) and its statistics
     * (g7sf_dn_block; with DN Enable 0 only bne, the rest 0). */
    uint8_t y[8][16];
    uint8_t hist[8];
    g7sf_dn_block_stats dn;
    /* The block's chroma lines as read, 4:2:2 frames only (else 0): line l
     * holds Cr(2i) at [2i] and Cb(2i) at [2i + 1] of frame line by + l, the
     * chroma block layout of g7sf_di_block_out. */
    uint8_t c[8][16];
    /* DI Enable: the FMD and the deinterlacer (g7sf_fmd_block_run,
     * g7sf_di_block) over the current frame with the DN's block in it (DN
     * Enable 1) or as read, and the block's two lines of the current
     * frame's 2nd field (by DN/DI Top First), in frame order: luma as y
     * holds them, chroma as c (4:2:2 only). */
    g7sf_fmd_block fmd;
    g7sf_di_block_out di;
    uint8_t cur2_y[2][16], cur2_c[2][16];
} g7sf_dndi_result;

/* Runs the DN/DI unit as st sets it (§2.8.6) over the block whose top-left
 * pixel is (x, y) of frame cur: reads the frames' pixels around it and,
 * unless DN/DI First Frame, the previous frame prev (the denoised one with
 * DN on; same Surface Format and size as cur) and the statistics surface
 * stat (§2.8.6.2: the block's saved denoise history, at byte pitch / 2 +
 * x / 4 of row y / 4 per 4x4, and with DI Enable the STMM around it, pixel
 * pair (x, y) at byte x / 2 of row y); on the first frame prev and stat are
 * unread and may be NULL.  The frames are read as padded to whole blocks
 * (16 x bh), pixels past the surface taking the last column and the
 * nearest line of the same field.  Writes no graphics memory: the new
 * history and STMM are in *out, for the caller to store.  The surfaces are
 * as g7sf_media_surface_from_state makes them.  Returns 0, or the first
 * of these errors, in this order, with a reason in *why (when why is not
 * NULL; NULL for 0):
 *   G7SF_EINVAL    gpu, st, cur or out NULL;
 *   G7SF_ESTATE                  st, as g7sf_dndi_state_check says;
 *   G7SF_ESTATE    cur a statistics surface;
 *   G7SF_EINVAL    (x, y) not a multiple of (16, bh) inside cur; not the
 *                  first frame and prev or stat NULL;
 *   G7SF_ESTATE    prev of another format or size than cur; stat not
 *                  STMM_DN_STATISTICS with the pitch and rows of cur
 *                  padded to whole blocks;
 *   G7SF_ENOMEM    out of host memory;
 *   G7SF_EFAULT    a pixel or statistic to read past 4 GiB.
 * Passes on one gpu share its host memory for the frame copies; passes from
 * several threads are safe (one that finds it taken allocates its own). */
G7SF_API int g7sf_dndi_block(g7sf_gpu *gpu, const g7sf_sampler_state_di *st,
                             const g7sf_media_surface *cur, const g7sf_media_surface *prev,
                             const g7sf_media_surface *stat, int x, int y, g7sf_dndi_result *out,
                             const char **why);

#ifdef __cplusplus
}
#endif
#endif
