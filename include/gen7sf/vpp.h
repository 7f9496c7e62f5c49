/* The video pipeline: what a graphics driver does around the DN/DI unit
 * (§2.8), on frames in main memory.  Feed input frames in display order;
 * output frames come back through a callback.  See gen7sf-vpp(1). */
#ifndef GEN7SF_VPP_H
#define GEN7SF_VPP_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf.h"
#include "iecp.h"
#include "media.h"

#ifdef __cplusplus
extern "C" {
#endif

enum g7sf_vpp_deinterlace {
    G7SF_VPP_DI_AUTO,   /* MCDI with film-mode detection */
    G7SF_VPP_DI_MCDI,   /* motion compensated, no film-mode detection */
    G7SF_VPP_DI_MADI,   /* motion adaptive, no motion compensation */
    G7SF_VPP_DI_BOB,    /* spatial only (the unit's first-frame path) */
    G7SF_VPP_DI_WEAVE,  /* fields woven as they are */
    G7SF_VPP_DI_OFF,    /* frames pass through (denoise only) */
};

/* G7SF_VPP_DI_OFF gives one output per input frame at every rate; weave at
 * field rate gives each frame twice (as field 0 and field 1). */
enum g7sf_vpp_rate {
    G7SF_VPP_RATE_FIELD,    /* one output frame per field: 2N for N frames */
    G7SF_VPP_RATE_FRAME,    /* one output frame per input frame (its 1st field) */
    G7SF_VPP_RATE_FILM,     /* inverse telecine: repeated film frames dropped */
};

/* Latency: with G7SF_VPP_DI_AUTO at field and film rate, which fields show
 * one film frame is decided with look-ahead (the pairs of fields 6 frames
 * after a field), so outputs come out 6 to 7 input frames after the frame
 * they belong to, the rest at g7sf_vpp_flush; film frames are then exact
 * from the first frame and across edits.  About 10 input frames and 20
 * deinterlaced fields are held (115 MB at 1920x1080).  Frame rate and the
 * other modes output at push, with no delay. */

/* The statistics surface the DN/DI passes keep between frames (STMM and
 * denoise histories).  Only memory layout: the output is the same for
 * every value. */
enum g7sf_vpp_stat_layout {
    G7SF_VPP_STAT_NATIVE,   /* the platform's: Ivy Bridge's on G7SF_IVB, Haswell's on G7SF_HSW */
    G7SF_VPP_STAT_IVB,      /* §2.8.6.2: STMM rows, histories at half pitch */
    G7SF_VPP_STAT_HSW,      /* Haswell VEBOX: one 64-byte line per 16x4 block */
};

/* The colour matrices of --csc and the modes of gamut compression. */
enum g7sf_vpp_matrix { G7SF_VPP_BT601, G7SF_VPP_BT709 };
enum g7sf_vpp_gamut { G7SF_VPP_GAMUT_OFF, G7SF_VPP_GAMUT_BASIC, G7SF_VPP_GAMUT_ADVANCED };

typedef struct g7sf_vpp_config {
    int width, height;              /* input frame size, 16 x 8 .. 16384 x 16384 */
    enum g7sf_chroma chroma;        /* input: G7SF_CHROMA_420 or G7SF_CHROMA_422;
                                       chroma planes are (width + 1) / 2 wide */
    bool output_422;                /* 4:2:2 output even from 4:2:0 input */
    enum g7sf_vpp_deinterlace deinterlace;
    enum g7sf_vpp_rate rate;
    bool top_first;                 /* field order of the input */
    int denoise;                    /* -1 off, 0..64 strength */
    int threads;                    /* 1..64; output identical for every value */
    enum g7sf_platform platform;    /* G7SF_HSW adds chroma denoise */
    enum g7sf_vpp_stat_layout stat_layout;  /* 0: the platform's own */
    /* 0, or K in 1..8: each output picture is copied (by the pipeline's
     * threads) into one of K buffers of its own, where it stays unchanged
     * after its callback until the callback of the K - 1-th picture after
     * it returns: a caller may write it on another thread meanwhile */
    int keep;
    /* Each output picture through sample_8x8's scaler and enhancement
     * filter, as a driver uses them (the AVS on each plane with the Lanczos
     * tables of g7sf_avs_state_for_scale, the IEF on luma): scale_width x
     * scale_height is the output size (0 x 0: the input's; else both even,
     * 16 x 8 .. 16384 x 16384, and more than 1/16 and at most 16 times the
     * input's each way); sharpen 0 is off, 1..255 the IEF strength (Gain
     * Factor sharpen x 63 / 255).  Progressive pictures: weave and off
     * scale interlaced frames as frames. */
    int scale_width, scale_height;
    int sharpen;
    /* ProcAmp of the colour pipe (gen7sf/iecp.h, as a Media Block Write
     * with colour processing runs it when the scaled picture is written),
     * in VA-API's ranges: brightness -100..100 (8-bit levels, default 0),
     * contrast 0..10 (1), hue -180..180 degrees (0), saturation 0..10 (1);
     * procamp false: off.  0:1:0:1 changes nothing. */
    bool procamp;
    double brightness, contrast, hue, saturation;
    /* The other stages of the same colour pipe, on the same picture, in the
     * pipe's order (skin tone, gamut, ACE, TCC, ProcAmp, CSC); the state
     * g7sf_vpp_color_state programs.  Each is off when false / 0.
     * csc: a YUV to YUV colour-matrix conversion from csc_from to csc_to,
     * each limited range (Y 16..235, C 16..240) or, with *_full, full range
     * (0..255).  ace: adaptive contrast enhancement, strength 0..100 (0:
     * no change), its curve computed by g7sf_vpp_ace_curve from the
     * previous output picture's histogram (the first picture's own).  tcc:
     * total colour control, the saturation factors of magenta, red, yellow,
     * green, cyan and blue, 0..1.99 each (1: unchanged).  skin_tone: skin
     * tone detection and enhancement, strength 0..100 (0: no change).
     * gamut: colour gamut compression, basic or advanced mode. */
    bool csc;
    enum g7sf_vpp_matrix csc_from, csc_to;
    bool csc_from_full, csc_to_full;
    bool ace;
    int ace_strength;
    bool tcc;
    double tcc_saturation[6];
    bool skin_tone;
    int skin_tone_strength;
    enum g7sf_vpp_gamut gamut;
} g7sf_vpp_config;

/* The COLOR_PROCESSING_STATE ProcAmp fields for VA-API's controls (the
 * ranges of g7sf_vpp_config): Contrast round(c x 128), Brightness
 * round(b x 16), Cos_c_s and Sin_c_s round(cos / sin(h) x c x s x 256),
 * PROCAMP Enable set, the rest of *st as g7sf_iecp_state_neutral leaves
 * it.  G7SF_EINVAL for a value out of its range or not finite. */
G7SF_API int g7sf_vpp_procamp_state(double brightness, double contrast, double hue,
                                    double saturation, g7sf_color_processing_state *st);

/* The CSC fields for a YUV to YUV conversion (the rest of *st unchanged):
 * the matrix M = R_to Q_to Q_from^-1 R_from^-1 computed in doubles (Q the
 * Y'PbPr matrix of BT.601 (Kr 0.299, Kb 0.114) or BT.709 (0.2126, 0.0722),
 * R the scaling of Y' by 219 (full: 255) and Pb, Pr by 224 (full: 255)),
 * C0..C8 round(M x 1024) (S2.10), Offset In -16 (full: 0), -128, -128,
 * Offset Out 16 (full: 0), 128, 128, YUV_IN, YUV_OUT and Transform Enable
 * set.  The same matrix and range both sides give the identity.  0, or
 * G7SF_EINVAL for a NULL st or an unknown matrix. */
G7SF_API int g7sf_vpp_csc_state(enum g7sf_vpp_matrix from, bool from_full,
                                enum g7sf_vpp_matrix to, bool to_full,
                                g7sf_color_processing_state *st);

/* The whole COLOR_PROCESSING_STATE of cfg's colour stages (ProcAmp, CSC,
 * ACE, TCC, skin tone, gamut: docs/spec-notes.md, "Video pipeline: colour
 * processing"), ACE's curve the identity until g7sf_vpp_ace_curve sets it.
 * Nothing enabled when cfg asks for no colour stage.  0, or G7SF_EINVAL
 * for a value out of its range (g7sf_vpp_config) or a NULL argument. */
G7SF_API int g7sf_vpp_color_state(const g7sf_vpp_config *cfg, g7sf_color_processing_state *st);

/* Software's part of ACE (PRM steps 2-10, lines 6549-6563), from a
 * 256-bin luma histogram: bins limited to 4 x the mean count of 220
 * levels, the mean, the dark factor (1 at mean <= 60 .. 0 at mean >= 110),
 * ten anchor inputs at the 1/11 .. 10/11 points of the limited histogram
 * (integers, strictly increasing within 17..234), outputs 16 + 219 P for a
 * bright picture and 16 + 219 P^0.75 for a dark one (P: the share of
 * pixels below the anchor) blended by the dark factor, slopes limited to
 * 0.5 .. 2 (rescaled toward reaching 235), the curve softened toward the
 * identity by strength / 100 and blended half and half with *history's
 * (when valid; history may be NULL).  Programs Ymin 16, Y1 .. Y10 the
 * anchors, Ymax 235, B1 .. B10 the outputs rounded, S0 .. S10 each
 * segment's slope rounded down (so the curve never steps down at a
 * point) and ACE Enable; keeps the curve in *history.  Strength 0 gives
 * the identity (B = Y, S = 1024).  0, or G7SF_EINVAL (nothing changed) for
 * a NULL histogram or st or a strength outside 0..100. */
typedef struct g7sf_vpp_ace_history {
    bool valid;
    double x[12], y[12];            /* the last curve's points, 8-bit levels */
} g7sf_vpp_ace_history;

G7SF_API int g7sf_vpp_ace_curve(const uint32_t histogram[256], int strength,
                                g7sf_vpp_ace_history *history, g7sf_color_processing_state *st);

/* A planar frame: Y, Cb, Cr (chroma at the config's subsampling). */
typedef struct g7sf_vpp_picture {
    uint8_t *data[3];
    int stride[3];
} g7sf_vpp_picture;

/* What the pipeline measured and decided for one output frame. */
typedef struct g7sf_vpp_stats {
    long input_frame;               /* input frame the output comes from */
    int field;                      /* 0 1st field, 1 2nd field, -1 whole frame */
    uint32_t gne_sum, gne_count;    /* GNE of the pass that produced it */
    unsigned noise_th;              /* noise level the denoise thresholds came
                                       from: 4 sigma, from the previous GNE */
    unsigned temporal_diff_th, temporal_diff_low;   /* denoise thresholds used */
    const char *cadence;            /* "video", "3:2", "2:2" */
    bool locked;                    /* film mode locked (auto at field and
                                       film rate: the output is two fields
                                       woven as one film frame) */
    double moving;                  /* fraction of moving 4x4 blocks when
                                       denoising, else of pixels the FMD finds
                                       moving (auto at frame rate, the only
                                       mode that runs the FMD), else -1: not
                                       measured */
    /* The colour pipe's statistics of this output picture (valid during
     * the callback), NULL when no colour stage counted; color_counts says
     * which parts are set: G7SF_VPP_COUNT_HISTOGRAM (histogram, y_min,
     * y_max, pixels: ACE ran, also with --skin-tone alone, as the
     * identity), G7SF_VPP_COUNT_SKIN (skin_pixels: skin tone detection
     * ran), G7SF_VPP_COUNT_GAMUT (out_of_range and its distance). */
    const g7sf_iecp_stats *color;
    unsigned color_counts;
} g7sf_vpp_stats;

enum { G7SF_VPP_COUNT_HISTOGRAM = 1, G7SF_VPP_COUNT_SKIN = 2, G7SF_VPP_COUNT_GAMUT = 4 };

typedef struct g7sf_vpp g7sf_vpp;

/* Returns NULL with *err set (G7SF_EINVAL, G7SF_ENOMEM) on failure. */
G7SF_API g7sf_vpp *g7sf_vpp_create(const g7sf_vpp_config *cfg, int *err);
G7SF_API void g7sf_vpp_destroy(g7sf_vpp *v);

/* Called for each output frame, in order; the picture is valid only during
 * the call (with keep, longer: g7sf_vpp_config) and is read-only (it points
 * into the pipeline's own frames, its strides wider than the picture).  A non-zero return stops the pipeline: it is returned by
 * g7sf_vpp_push / g7sf_vpp_flush, then and on every later call. */
typedef int (*g7sf_vpp_emit)(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st);

/* Pushes the next input frame (copied; the caller keeps ownership).
 * Returns 0, G7SF_EINVAL (bad picture, or after g7sf_vpp_flush), or the
 * error that stopped the pipeline. */
G7SF_API int g7sf_vpp_push(g7sf_vpp *v, const g7sf_vpp_picture *in, g7sf_vpp_emit emit, void *user);
/* End of stream: outputs what is still held (the look-ahead's last frames,
 * the last frame's 2nd field at field rate).  Later calls output nothing. */
G7SF_API int g7sf_vpp_flush(g7sf_vpp *v, g7sf_vpp_emit emit, void *user);

/* The Adaptive Video Scaler's filter tables (§2.9, SAMPLER_8x8_STATE) for a
 * scale, as a video driver programs them.
 *
 * Fills *s for scaling by ratio_x, ratio_y (output size / input size): the
 * X tables (0X luma, 1X chroma) from ratio_x, the Y tables from ratio_y.
 * Luma (tables 0X, 0Y) is an 8-tap Lanczos window (a = 4), chroma (1X, 1Y,
 * the middle taps 2..5) a 4-tap one (a = 2): phase i, i = 0..16, is the
 * filter at beta = i / 32 past texel 3, tap j weighing texel j - 3 from
 * floor(u) with L((j - 3 - beta) * min(ratio, 1)), L(x) = sinc(x) sinc(x / a)
 * for |x| < a, else 0.  Downscaling (ratio < 1) lowers the cutoff to the
 * ratio: the kernel is stretched by 1 / ratio, its window narrowed to a =
 * taps / 2 x ratio when the stretched window would pass the last tap (a
 * window cut short rings and aliases); upscaling uses the kernel as it is.  Each phase's weights are
 * normalised to sum 1 and quantised to S1.6 (64 = 1.0): each tap rounded
 * (halves away from 0) and clamped to the PRM's range for its tap (table 0:
 * c0, c7 [-16, 16), c1, c6 [-32, 32), c2, c5 [-64, 64), c3, c4 [-128, 128);
 * table 1: c2, c5 [-64, 64), c3, c4 [0, 128)), then 64 - sum, one unit at a
 * time, onto the largest tap(s) by exact weight: round robin over the taps
 * of equal largest weight, lowest tap first, then the next largest weight
 * when their ranges are full.  So every phase sums to exactly 64, phase 16
 * stays symmetric (its remainder is even and falls on c3 and c4 alike), and
 * with ratio >= 1 phase 0 is the identity (c3 = 64, the other taps 0).
 *
 * Adaptive controls, the values Intel's drivers program: Default Sharpness
 * Level 255, Max Derivative 4 Pixels 7, Max Derivative 8 Pixels 20,
 * Transition Area with 4 Pixels 4, with 8 Pixels 5; Adaptive Filter for All
 * Channels, RGB Adaptive and both Bypass bits 0.  Every other member is 0.
 *
 * Returns 0, or G7SF_EINVAL (*s untouched) for a NULL s or a ratio that is
 * not finite or not in (1/16, 16]. */
G7SF_API int g7sf_avs_state_for_scale(double ratio_x, double ratio_y, g7sf_sampler_8x8_state *s);

#ifdef __cplusplus
}
#endif
#endif
