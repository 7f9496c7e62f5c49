/* gen7sf: the colour processing pipe (IECP, PRM 001 §3.6.1, lines
 * 6032-7051) at function level: pixels of 12 bits per channel through the
 * stages COLOR_PROCESSING_STATE enables, in the PRM's order.  Modelled so
 * far: ACE's Y mapping (§3.6.1.3), ProcAmp (§3.6.1.5) and the colour space
 * conversion (§3.6.1.6); the skin tone detection/enhancement, gamut
 * compression and TCC answer G7SF_ENOTIMPL when enabled.  Decisions: docs/spec-notes.md, "IECP". */
#ifndef GEN7SF_IECP_H
#define GEN7SF_IECP_H

#include <stddef.h>
#include <stdint.h>

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

/* The state every stage starts from: all stages off, ProcAmp neutral
 * (Contrast 1.0, Brightness 0, Cos_c_s 1.0, Sin_c_s 0), the CSC the
 * identity without offsets (C0 = C4 = C8 = 1.0), everything else 0. */
G7SF_API void g7sf_iecp_state_neutral(g7sf_color_processing_state *s);

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
 * STD/STE, gamut compression, ACE, TCC, ProcAmp, CSC (ACE's skin damping
 * needs the STD: without it no pixel is skin).  0; G7SF_ENOTIMPL
 * with *why (when why is not NULL) naming the first enabled stage not
 * modelled yet, nothing changed; G7SF_EINVAL for NULL s or p. */
G7SF_API int g7sf_iecp_run(const g7sf_color_processing_state *s, g7sf_iecp_pixel *p, size_t n,
                           const char **why);

#ifdef __cplusplus
}
#endif

#endif
