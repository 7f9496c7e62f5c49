/* gen7sf: the colour processing pipe (IECP, PRM 001 §3.6.1, lines
 * 6032-7051) at function level: pixels of 12 bits per channel through the
 * stages COLOR_PROCESSING_STATE enables, in the PRM's order: skin tone
 * detection and enhancement (§3.6.1.2), colour gamut compression
 * (§3.6.1.7), ACE (§3.6.1.3) and TCC (§3.6.1.4), ProcAmp (§3.6.1.5), the
 * colour space conversion (§3.6.1.6), with the statistics the hardware
 * collects for software (ACE's histogram, skin and out-of-range counts).
 * Decisions: docs/spec-notes.md, "IECP". */
#ifndef GEN7SF_IECP_H
#define GEN7SF_IECP_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf.h"
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 12 bits a channel inside the pipe (line 6062): an 8-bit value v is
 * v << 4, so 256 is the 8-bit black level 16 and 2048 the chroma zero 128. */
#define G7SF_IECP_MAX 4095

/* One pixel in the pipe: c[0] Y (or R after a conversion to RGB), c[1]
 * U/Cb (G), c[2] V/Cr (B), each 0 .. 4095; a, the alpha, passes through. */
typedef struct g7sf_iecp_pixel {
    uint16_t c[3];
    uint16_t a;
} g7sf_iecp_pixel;

/* The STD's score of a pixel: 0 (not skin) .. 31 (skin), line 6168. */
#define G7SF_IECP_SCORE_MAX 31

/* Run flags.  G7SF_IECP_PAIRS: the pixels 2k and 2k + 1 are a 4:2:2 pair
 * sharing one U, V (the unpacker's "4:2:2 mode", lines 6100-6140): the
 * per-pixel STD factors, MV dark values and gamut scaling factors of a
 * pair are combined by STD Factor Mode, MV Dark Factor Mode and Scaling
 * Factor Mode, and both pixels leave each stage with the same U, V.  n
 * must then be even. */
#define G7SF_IECP_PAIRS 1u

/* What the pipe counts for software (lines 6064, 6561-6563, 6930; the
 * VEBOX layout of 002 for the widths): accumulated over every run given
 * the same structure, until cleared. */
typedef struct g7sf_iecp_stats {
    uint32_t histogram[256];     /* ACE: pixels per 8-bit luma at ACE's input
                                  * (Y >> 4), each saturating at 2^24 - 1 */
    uint32_t skin_pixels;        /* STD score >= Skin Threshold (ACE enabled) */
    uint32_t out_of_range;       /* gamut compression's detections (29 bits, saturating) */
    uint32_t out_of_range_distance;  /* their distances to the boundary, summed, saturating */
    uint16_t y_min, y_max;       /* 12-bit luma at ACE's input, over the pixels counted */
    uint64_t pixels;             /* pixels counted by the histogram */
} g7sf_iecp_stats;

G7SF_API void g7sf_iecp_stats_clear(g7sf_iecp_stats *st);

/* What the colour pipe of the gpu's IECP Media Block Writes has counted
 * since the last clear, as software reads the VSC's MMIO counters (lines
 * 6064, 6561-6563): the ACE histogram, Ymin, Ymax and pixel count of the
 * pixels in the histogram's area (Full Image Histogram, or the message's
 * M0.3[1] Area of Interest), the skin and gamut out-of-range counts of all;
 * a message's pixels are counted when the pipe runs them, before the
 * write drops those outside the surface.  Copied to out (may be NULL),
 * then cleared when clear is set, in one step under the counters' lock
 * (host threads may send meanwhile).  0, G7SF_EINVAL for a NULL gpu,
 * G7SF_ENOMEM. */
G7SF_API int g7sf_iecp_stats_read(g7sf_gpu *gpu, g7sf_iecp_stats *out, bool clear);

/* The state every stage starts from: all stages off, ProcAmp neutral
 * (Contrast 1.0, Brightness 0, Cos_c_s 1.0, Sin_c_s 0), the CSC the
 * identity without offsets (C0 = C4 = C8 = 1.0), everything else 0. */
G7SF_API void g7sf_iecp_state_neutral(g7sf_color_processing_state *s);

/* The skin tone detection (§3.6.1.2.1, lines 6170-6388; state DW0-14)
 * on n pixels, whatever STD Enable says: score[i] 0 .. 31, the minimum of
 * the rectangle, rhombus and Y factors and, with VY_STD_Enable, the (V, Y)
 * classifier's.  With G7SF_IECP_PAIRS a pair's two scores are combined by
 * STD Factor Mode. */
G7SF_API void g7sf_iecp_std(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *p,
                            uint8_t *score, size_t n, unsigned flags);

/* The skin tone enhancement (§3.6.1.2.2, lines 6390-6527; state DW14-28)
 * on n pixels with their STD scores, whatever STE Enable says: the
 * saturation and hue PWLs (bright and, with Skin Type Enable, dark skin
 * blended by MV dark), rotated back and applied in proportion score / 32. */
G7SF_API void g7sf_iecp_ste(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                            const uint8_t *score, size_t n, unsigned flags);

/* Colour gamut compression (§3.6.1.7, lines 6816-7051; state DW64-66) on
 * n pixels, whatever its enable says; st (may be NULL) counts the
 * out-of-range pixels and their distances. */
G7SF_API void g7sf_iecp_gamut(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                              unsigned flags, g7sf_iecp_stats *st);

/* TCC (§3.6.1.4, lines 6586-6740; state DW42-52) on n pixels with their
 * STD scores (NULL: no skin), whatever TCC Enable says: each of the six
 * base colours' saturation factor, interpolated by hue, limited for
 * saturated, grey and skin pixels, scales U and V about 2048. */
G7SF_API void g7sf_iecp_tcc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                            const uint8_t *score, size_t n);

/* ACE's Y mapping (§3.6.1.3, lines 6541-6584; state 7550-7718) on n
 * pixels, whatever ACE Enable says: the piece-wise linear function of the
 * 12 points Ymin, Y1 .. Y10, Ymax (8-bit), the outputs B1 .. B10 at Y1 ..
 * Y10 (8-bit; Ymin maps to itself) and the slopes S0 .. S10 (U1.10) of the
 * segments from each point: Y' = B_k + S_k (Y - Y_k) for the segment k
 * holding Y, the first and last segments continuing beyond Ymin and Ymax;
 * points and biases x 16 at 12 bits, the product rounded half up, the
 * result clamped to 0 .. 4095.  U, V unchanged.  The histogram and the
 * curve's computation are software's (lines 6565-6570). */
G7SF_API void g7sf_iecp_ace(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n);

/* ACE as the pipe runs it: the curve above, its change to Y scaled by
 * (32 - score) / 32 where the STD found skin (line 6549; score NULL: no
 * skin), and, when st is not NULL, the statistics of the pixels before
 * the curve (all pixels: no area of interest exists on this path). */
G7SF_API void g7sf_iecp_ace_skin(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                                 const uint8_t *score, size_t n, g7sf_iecp_stats *st);

/* ProcAmp (lines 6742-6772) on n pixels, whatever PROCAMP Enable says:
 * Y' = ((Y - 256) x Contrast) + Brightness + 256, U' = ((U - 2048) Cos_c_s
 * + (V - 2048) Sin_c_s) + 2048, V' = ((V - 2048) Cos_c_s - (U - 2048)
 * Sin_c_s) + 2048; Contrast U4.7, Brightness S7.4 (12-bit units), Cos_c_s
 * and Sin_c_s S7.8; each product rounded half up, each result clamped to
 * 0 .. 4095. */
G7SF_API void g7sf_iecp_procamp(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p,
                                size_t n);

/* The colour space conversion (lines 6774-6814) on n pixels, whatever
 * Transform Enable says: out_i = sum_j C(3i + j) (in_j + Offset In j) +
 * Offset Out i, the matrix row-major in S2.10, the offsets S9 in 8-bit
 * units (x 16 here), In applied with YUV_IN, Out with YUV_OUT; the sum
 * rounded half up, clamped to 0 .. 4095. */
G7SF_API void g7sf_iecp_csc(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n);

/* The pipe on n pixels: each stage whose enable bit is set, in the order
 * STD/STE, gamut compression, ACE, TCC, ProcAmp, CSC (the STD's score
 * feeds ACE and TCC; without STD Enable no pixel is skin); with Output
 * Control "Output STD Decisions" the pixels become the scores (line 6533)
 * before ACE.  A channel above 4095 enters as 4095.  flags: G7SF_IECP_PAIRS or 0; st (may be NULL) accumulates
 * the statistics.  0; G7SF_EINVAL (with *why, when why is not NULL) for
 * NULL s or p, unknown flags or an odd n with G7SF_IECP_PAIRS. */
G7SF_API int g7sf_iecp_run(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                           unsigned flags, g7sf_iecp_stats *st, const char **why);

#ifdef __cplusplus
}
#endif

#endif
