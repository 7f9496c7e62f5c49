/* The deinterlacing quality corpus: interlaced clips of real photographs
 * and of a high-detail render, made from a progressive source at field
 * rate so that every field's truth is known, and the PSNR of the
 * pipeline's modes against it.  quality/vpp_corpus prints the table (with
 * FFmpeg's deinterlacers beside), tests/test_corpus runs its small form.
 *
 *   canvas   a large 4:4:4 picture: a mosaic of photographs (PNG files,
 *            e.g. Debian's python3-skimage data, quality/fetch-photos) or
 *            the render (flat shapes with hard edges, 1-pixel lines,
 *            checkerboards, gradients and text; no data files)
 *   shot     a camera over a canvas: pan (any speed, sub-pixel), zoom, a
 *            small object moving over a still view, a text ticker, noise
 *
 * Decisions
 * - Field k of a clip (k = 0 the top field of frame 0) is the shot at time
 *   k, sampled with Catmull-Rom (exact copy at whole-pixel positions);
 *   interlaced frame j weaves truth frames 2j and 2j + 1, top field first.
 * - The canvas is mirrored outside its edges, so every shot is defined.
 * - 4:2:0 chroma is the 2x2 mean of the 4:4:4 chroma (synth.h's siting).
 * - Noise (sigma > 0) goes on the interlaced frames only; the truth is
 *   clean, so denoising and deinterlacing are judged against the scene. */
#ifndef G7SF_CORPUS_H
#define G7SF_CORPUS_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf/vpp.h"
#include "synth.h"
#include "video_io.h"

/* i reflected into 0 .. n - 1 (whole-sample mirror, period 2n): how the
 * canvases extend past their edges. */
int corpus_mirror(long i, int n);

/* Makes a mosaic canvas of cols x rows cells of cell_w x cell_h, cell i
 * the centre of image i % n (mirrored where the image is smaller).
 * Returns 0 or a VIO_E_* code with err set (a file that does not read). */
int corpus_canvas_photos(vio_frame *canvas, const char *const *files, int n, int cols, int rows,
                         int cell_w, int cell_h, vio_error *err);
/* Makes the render canvas, w x h, from seed, with or without pixel-art
 * dithering (checkerboards).  0 or VIO_E_NOMEM / VIO_E_ARG. */
int corpus_canvas_render(vio_frame *canvas, int w, int h, uint64_t seed, bool dither);

/* What a shot looks at. */
enum corpus_source { CORPUS_PHOTOS, CORPUS_RENDER, CORPUS_DITHER };

typedef struct corpus_shot {
    const char *name;
    enum corpus_source source;
    int width, height;      /* of the clip */
    int frames;             /* interlaced frames */
    double x0, y0;          /* the view's top left on the canvas at field 0 */
    double dx, dy;          /* pan, canvas pixels per field */
    double zoom;            /* view magnification per field (1: none) */
    int sprite;             /* a 96x96 object crossing a still view, pixels per field (0: none) */
    int ticker;             /* a text ticker in a band at the bottom, pixels per field (0: none) */
    double sigma;           /* noise on the interlaced frames */
    bool static_part;       /* part of every frame is still (madi must beat bob) */
    /* Periodic texture moving by a multiple of its period every two
     * fields: the field sequence is that of a still picture, so no rule
     * can tell; reported, not held to the rules (spec-notes). */
    bool aliased;
} corpus_shot;

/* Truth of field k of shot s on canvas c into f (4:2:0, the shot's size).
 * 0 or VIO_E_ARG. */
int corpus_truth(vio_frame *f, const vio_frame *c, const corpus_shot *s, long k);

/* A clip in memory: its interlaced frames and every field's truth. */
typedef struct corpus_clip {
    synth_seq video, truth;
} corpus_clip;

/* Makes shot s on canvas c (4:2:0).  0, VIO_E_ARG or VIO_E_NOMEM. */
int corpus_clip_make(corpus_clip *clip, const vio_frame *c, const corpus_shot *s, uint64_t seed);
void corpus_clip_free(corpus_clip *clip);

/* Luma PSNR (dB) of the pipeline at field rate in mode di (denoise -1
 * off, else the strength) against the truth, all fields; NAN when the
 * pipeline fails or emits another count.  fields (NULL, or room for every
 * field) gets each field's PSNR. */
double corpus_psnr(const corpus_clip *clip, enum g7sf_vpp_deinterlace di, int denoise,
                   int threads, double *fields);

/* Luma PSNR of a sequence of field-rate outputs against the truth (NAN
 * when the counts differ). */
double corpus_psnr_seq(const synth_seq *out, const corpus_clip *clip);

/* ---- the corpus (corpus_list.c) --------------------------------------- */

/* The clips: every one, or (small) the SD clips make check runs. */
const corpus_shot *corpus_shots(bool small, size_t *n);

/* The canvases the shots use: the photographs (when dir has them) and the
 * render, at sizes that hold every shot (SD only when small). */
typedef struct corpus_canvases {
    bool have_photos;
    vio_frame photos, render, dither;
} corpus_canvases;

/* The canvas of a source (NULL: photographs not loaded). */
const vio_frame *corpus_canvas_of(const corpus_canvases *cv, enum corpus_source s);

/* Loads the canvases; without photographs, have_photos is false and why
 * says what is missing.  0 or VIO_E_NOMEM. */
int corpus_canvases_load(corpus_canvases *cv, const char *dir, bool small, char *why,
                         size_t why_cap);
void corpus_canvases_free(corpus_canvases *cv);

/* The rules the default must keep on shot s given the PSNR of auto, mcdi,
 * madi and bob (in that order): NULL, or which is broken. */
const char *corpus_rules_broken(const corpus_shot *s, const double psnr[4]);

#endif
