/* The pipeline's scaling and sharpening (scale.c): what a driver does
 * with sample_8x8 — each plane of an output picture through the Adaptive
 * Video Scaler (Y with the luma tables and the adaptive filter, Cb and Cr
 * each as a one-channel surface with the chroma tables) and the IEF on Y.
 * Decisions: docs/spec-notes.md, "Video pipeline: scaling". */
#ifndef GEN7SF_VPP_SCALE_H
#define GEN7SF_VPP_SCALE_H

#include "gen7sf/avs.h"
#include "color.h"
#include "frame.h"
#include "stripes.h"

typedef struct vpp_scale {
    bool on;
    int iw, ih, ow, oh;             /* picture sizes in and out (luma) */
    enum g7sf_chroma chroma;        /* of the pictures scaled */
    g7sf_sampler_8x8_state avs;     /* the tables for ow / iw, oh / ih */
    g7sf_sampler_state_8x8 ief;     /* IEF Bypass unless sharpening */
    uint16_t *src16;                /* the input planes in 16 bit Full */
    size_t plane16[3];              /* offsets of the three planes in src16 */
    vpp_frame out;                  /* the output picture (without keep) */
    bool copy;                      /* same size, no IEF: the AVS's exact copy, as memcpy */
    vpp_color color;                /* the colour pipe on the output (color.h) */
} vpp_scale;

/* Sets s up for cfg (scale_width, scale_height, sharpen, the colour stages)
 * on pictures of chroma `chroma`; s->on false when none is asked (colour
 * alone scales to the same size, an exact copy, into the picture it then
 * changes).  0 or G7SF_ENOMEM /
 * G7SF_EINVAL. */
int vpp_scale_init(vpp_scale *s, const g7sf_vpp_config *cfg, enum g7sf_chroma chroma,
                   bool own_out);
void vpp_scale_free(vpp_scale *s);

/* Scales picture in (s->iw x s->ih) into frame dst (at least s->ow x s->oh,
 * padded) on the pool; *out views dst.  0, or the error of a stripe. */
int vpp_scale_run(vpp_scale *s, vpp_pool *pool, const g7sf_vpp_picture *in,
                  const vpp_frame *dst, g7sf_vpp_picture *out);

#endif
