/* One pass of the DN/DI unit over a whole frame: every block a driver's
 * kernel would send one deinterlace message for (§2.13.1.4), programmed by
 * one SAMPLER_STATE_DI, with the results stored the way the kernel stores
 * the writeback.  The pipeline (vpp.c) is built from these passes; a test
 * compares them with real messages sent through g7sf_send(). */
#ifndef GEN7SF_VPP_PASS_H
#define GEN7SF_VPP_PASS_H

#include <stdint.h>

#include "gen7sf/media.h"
#include "stat_layout.h"

/* A writable 8-bit plane: pixel (x, y) at data[y * stride + x]. */
typedef struct vpp_wplane {
    uint8_t *data;
    int stride;
} vpp_wplane;

/* What the message reads: the surfaces bound at BTI (cur), BTI + 1 (prev:
 * the denoised previous frame when DN is on) and BTI + 2 (the statistics
 * surface, R8, in stat_layout: STMM of every luma pixel pair and history
 * of every 4x4, stat_layout.h).  prev and stat_in are unread on the first
 * frame (may be NULL).  Frames: width a multiple of 16, height a multiple
 * of 4 (8 when DI is off: DN-only blocks are 16x8); stat_pitch >= width,
 * even; the statistics surfaces hold height rows.  chroma_dn (Haswell, DN
 * on): U and V are denoised too (cur and prev need their 4:2:0 or 4:2:2
 * chroma), with their own histories. */
typedef struct vpp_pass_in {
    const g7sf_sampler_state_di *state;
    const g7sf_yuv *cur, *prev;
    const uint8_t *stat_in;
    int stat_pitch;
    const g7sf_dn_chroma_params *chroma_dn;
    enum vpp_stat_layout stat_layout;   /* of stat_in and stat_out */
} vpp_pass_in;

/* Where the kernel stores the writeback.  A plane with NULL data is not
 * written.  DI enabled: prev2 and cur1 (W0-W7) are the deinterlaced 2nd
 * field of the previous frame and 1st field of the current frame as whole
 * frames, luma width x height and 4:2:2 chroma [1] Cb, [2] Cr of width / 2 x
 * height; STMM (W8) goes to stat_out.  DN enabled: dn gets the denoised
 * current luma (W10 and the 1st-field lines of W4/W5 with DI, W0-W3 without)
 * and the history (W9 / W4) goes to stat_out, dn_c the denoised Cb, Cr
 * with chroma_dn (the DI still reads them as input).  stat_out has
 * stat_in's layout; only the bytes of the pass's blocks are written (their
 * unused bytes get 0); NULL: nothing is stored there (a pass whose
 * statistics no later pass reads, as bob's). */
typedef struct vpp_pass_out {
    vpp_wplane prev2[3], cur1[3];
    vpp_wplane dn, dn_c[2];
    uint8_t *stat_out;
    /* Accumulated over the blocks run (add them up across stripes): */
    g7sf_gne gne;               /* GNE counters, by DN/DI Stream ID */
    g7sf_fmd_frame fmd;         /* FMD variances (DI on, unless skip_fmd) */
    long moving_4x4;            /* DN: 4x4 blocks the motion detection finds moving */
    long motion_pixels;         /* DI: FMD Motion_Count summed */
} vpp_pass_out;

/* Rows of blocks of the pass: height / 4 with DI, height / 8 without. */
int vpp_pass_rows(const g7sf_sampler_state_di *s, int height);

/* Runs the blocks of block rows [row0, row1) and adds their counters to
 * out (which the caller zeroes before the first stripe).  skip_fmd leaves
 * out->fmd and out->motion_pixels alone (the pipeline runs the FMD ahead of
 * the pass, vpp_fmd_run).  Stripes are independent: any split of the rows
 * gives the same bytes.  With DN and DI both on, the DI of each block sees
 * that block's 16x4 luma denoised and its neighbours as read (as a kernel
 * that feeds one message's results to nothing else).  Returns 0, G7SF_EINVAL
 * (bad sizes, DN and DI both off, NULL surfaces the state needs) or
 * G7SF_ENOMEM. */
int vpp_pass_run(const vpp_pass_in *in, vpp_pass_out *out, int row0, int row1, bool skip_fmd,
                 g7sf_di_rows_mem **mem);

/* The FMD of a DI pass alone, over block rows [row0, row1) of 16x4 blocks:
 * what the pass would add to out->fmd and out->motion_pixels. */
int vpp_fmd_run(const vpp_pass_in *in, g7sf_fmd_frame *fmd, long *motion_pixels, int row0,
                int row1);

#endif
