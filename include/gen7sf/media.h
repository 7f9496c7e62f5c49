/* Media functions at function level (§2.8): the denoise (DN) unit's block
 * kernels.  They work on plain 8-bit planes and decoded state, so a frame
 * pipeline and the deinterlace message can share them.  Decisions on unclear
 * passages are in docs/spec-notes.md, "Denoise (§2.8.1)". */
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

void g7sf_dn_params_from_state(const g7sf_sampler_state_di *s, g7sf_dn_params *p);

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
int g7sf_dn_block(const g7sf_dn_params *p, const g7sf_plane *cur, const g7sf_plane *prev,
                  int bx, int by, int bh, const uint8_t *hist_in, uint8_t *hist_out,
                  int hist_stride, uint8_t *out, int out_stride, g7sf_dn_block_stats *st);

/* The Global Noise Estimate counters (§2.8.3), one set per DN/DI Stream ID:
 * the 23-bit sum of the block noise estimates below 255 and their count. */
typedef struct g7sf_gne {
    uint32_t sum[2], count[2];
} g7sf_gne;

void g7sf_gne_add(g7sf_gne *g, unsigned stream_id, unsigned bne);

#ifdef __cplusplus
}
#endif
#endif
