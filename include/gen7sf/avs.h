/* gen7sf: the Adaptive Video Scaler (PRM 001 §2.9, lines 1584-1639) and the
 * Image Enhancement Filter (§2.10.1, lines 1641-1689) of the sample_8x8
 * message, at function level: a block of pixels sampled from channel planes
 * in host memory with decoded SAMPLER_8x8_STATE and sample_8x8
 * SAMPLER_STATE.  The sample_8x8 message (src/msg/sample_8x8.c) runs this
 * same function on the texels it reads.  Where the text lost a formula (the
 * ringing classifier, the IEF detail filters) the design is in
 * docs/spec-notes.md, "AVS" and "IEF". */
#ifndef GEN7SF_AVS_H
#define GEN7SF_AVS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "media.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "16 bit Full" (line 5160): 0xFF00 is 1.0, the 8-bit value v is v << 8. */
#define G7SF_AVS_ONE 0xFF00

/* The image sample_8x8 filters: four channel planes (R, G, B, A), all on
 * one grid of width x height texels, sample (x, y) of channel c at
 * ch[c][y * stride + x] in "16 bit Full" (values above 0xFF00 are taken
 * as they are: the arithmetic holds for any 16 bits).  A NULL plane is the
 * constant value[c].  YUV surfaces put Cr in R, Y in G, Cb in B (the message brings
 * subsampled chroma to the luma grid first; docs/spec-notes.md "AVS"). */
typedef struct g7sf_avs_image {
    const uint16_t *ch[4];
    uint16_t value[4];
    ptrdiff_t stride;           /* elements from a row to the next, >= width */
    int width, height;          /* 1 .. 16384 each */
    bool rgb;                   /* an RGB format: "RGB Adaptive" may apply */
} g7sf_avs_image;

/* Where pixel (x, y) of the block samples (line 4817), normalised:
 * u = u0 + du * x + ddu * x * (x - 1) / 2, v = v0 + dv * y, evaluated in
 * float in that order, y counted from row0 (the V 2nd derivative of line 4818 has no payload
 * field, so it is 0).  The texel-space position is u * width - 0.5: texel
 * centres are at integers (the example of lines 1594-1598). */
typedef struct g7sf_avs_walk {
    float u0, v0, du, dv, ddu;
    int row0;                   /* v = v0 + dv * (row0 + y): the media layout's
                                   Vertical Block Number x 8 (line 5049) */
} g7sf_avs_walk;

/* Samples the w x h pixels (x, y) = (0..w-1, 0..h-1) of walk from src:
 *  - each direction, each of the 8-texel vectors of the 8x8 footprint
 *    (floor(u) - 3 .. floor(u) + 4, clamped to the image) goes through the
 *    8-tap sharp filter of the phase the 5-bit beta selects (phases 17..31
 *    are phases 15..1 mirrored) and the linear blend of its middle two
 *    texels, alpha-blended by the ringing classifier on the luma (G, or
 *    (R + 2G + B) >> 2 with RGB Adaptive) or by Default Sharpness Level
 *    when that direction's adaptive filtering is bypassed; horizontal
 *    first, then vertical over the 8 horizontal results;
 *  - G uses tables 0X/0Y, R, B and A the 4-tap tables 1X/1Y, blended with
 *    the luma's alphas with Adaptive Filter for All Channels, else sharp;
 *  - the result is clamped to [0, 0xFF00];
 *  - then, unless ief is NULL or has IEF Bypass, the IEF runs on G over
 *    the 5x5 neighbourhood of each pixel, the neighbours being the AVS
 *    results of the pixels around the block (x = -2 .. w + 1 of the same
 *    walk); its output is 10-bit, returned as v << 6.
 * Writes channel c of pixel (x, y) to out[c][y * out_stride + x] (out[c]
 * NULL: not written).  Returns 0, or G7SF_EINVAL with *why (when why is
 * not NULL) naming the argument: NULL avs or src, sizes out of range
 * (w, h 1 .. 16384), a walk that is not finite or leaves the image by more
 * than 2^20 texels, G7SF_ENOMEM. */
G7SF_API int g7sf_avs_block(const g7sf_sampler_8x8_state *avs, const g7sf_sampler_state_8x8 *ief,
                            const g7sf_avs_image *src, const g7sf_avs_walk *walk, int w, int h,
                            uint16_t *const out[4], ptrdiff_t out_stride, const char **why);

/* The IEF's Sobel edge measure of line 1675 at the centre of a 3x3
 * neighbourhood of 10-bit values n[row][column]: CLIP((|E_h| + |E_v| + 4)
 * >> 3, 0, 63). */
G7SF_API unsigned g7sf_ief_edge_measure(const uint16_t n[3][3]);

/* ---- sample_8x8 on a surface in graphics memory ------------------------ */

/* Decodes MEDIA_SURFACE_STATE for sample_8x8: the formats the table marks
 * for it (YCRCB_*, PLANAR_420_8, R10G10B10A2_UNORM, R8G8B8A8_UNORM,
 * R8B8_UNORM, R8_UNORM, Y8_UNORM; line 3110 ff.), Width + 1 at least 4
 * (line 4814) and even for the YUV formats, and the checks of
 * g7sf_media_surface_from_state.  0, or G7SF_ESTATE with *why. */
G7SF_API int g7sf_avs_surface_from_state(const g7sf_media_surface_state *ss,
                                         g7sf_media_surface *s, const char **why);

/* The chroma key of sample_8x8 (SAMPLER_STATE DW0 18:16 and the
 * 3DSTATE_CHROMA_KEY entry it selects): a texel whose channels' 8 MSBs all
 * lie in [low, high] (bytes A 31:24, R 23:16, G 15:8, B 7:0) is black, 0 in
 * every channel (KEYFILTER_REPLACE_BLACK, line 3575). */
typedef struct g7sf_avs_key {
    bool enable;
    uint32_t low, high;
} g7sf_avs_key;

/* g7sf_avs_block on the texels of surface s (g7sf_avs_surface_from_state)
 * as sample_8x8 reads them: 8-bit channels v as v << 8, 10-bit as
 * (v x 0xFF00 + 511) / 1023, 2-bit alpha as v x 0xFF00 / 3; YUV formats
 * give Cr in R, Y in G, Cb in B and 1.0 in A, their chroma brought to the
 * luma grid (each chroma column covering its two luma columns; PLANAR_420_8
 * lines interpolated at the Pixel Offset V Direction, docs/spec-notes.md
 * "AVS"); R8B8 gives R, B; R8 gives R; Y8 gives G; missing colour channels
 * are 0, a missing alpha 1.0.  Returns 0; G7SF_ESTATE with *why for table
 * 0X taps 0 and 1 not 0 on R10G10B10A2/R8G8B8A8 (line 4059); G7SF_EINVAL
 * as g7sf_avs_block; G7SF_EFAULT for a texel past 4 GiB. */
G7SF_API int g7sf_avs_surface_block(g7sf_gpu *gpu, const g7sf_media_surface *s,
                                    const g7sf_sampler_8x8_state *avs,
                                    const g7sf_sampler_state_8x8 *ief, const g7sf_avs_key *key,
                                    const g7sf_avs_walk *walk, int w, int h,
                                    uint16_t *const out[4], ptrdiff_t out_stride,
                                    const char **why);

#ifdef __cplusplus
}
#endif

#endif
