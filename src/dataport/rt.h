/* Internal: the render cache's colour pipeline for one render target, the
 * contract between the Render Target Write message (rt_write*.c: payload,
 * pixels, samples, coverage) and the per-pixel colour work (rt_color*.c:
 * clamping, blending, logic ops, write masks, format conversion). */
#ifndef G7SF_DATAPORT_RT_H
#define G7SF_DATAPORT_RT_H

#include <stdbool.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"

/* BLEND_STATE entry `rt` with COLOR_CALC_STATE's constant colour, resolved
 * for one render target format once per message (no per-pixel decoding). */
typedef struct rt_color {
    const struct g7sf_format_info *fmt;
    bool blend, logic_op, dual_source_factors;   /* dual: a SRC1_* factor is used */
    unsigned color_func, alpha_func;             /* BLENDFUNCTION_* */
    unsigned src_factor, dst_factor, src_alpha_factor, dst_alpha_factor;   /* BLENDFACTOR_* */
    unsigned logic_func;                         /* LOGICOP_* */
    unsigned write_mask;                         /* bit c: channel c (R, G, B, A) written */
    bool pre_clamp, post_clamp;
    unsigned clamp_range;                        /* COLORCLAMP_* */
    float constant[4];                           /* Blend Constant Color R, G, B, A (pre-clamped) */
    /* Resolved once by rt_color_prepare for rt_color_output: */
    bool int_format;                             /* UINT/SINT: integers, never clamped */
    bool merge;                                  /* a channel of the format is write-disabled */
    float lo[4], hi[4];                          /* clamp range per channel (+-inf: none) */
    unsigned char write_bits[16];                /* bits of the unit the output may change */
    /* Formats of 8-bit UNORM channels on byte boundaries, no sRGB
     * (R8G8B8A8, B8G8R8A8, R8G8, R8, A8...): rt_color_output decodes and
     * encodes them itself, bit-identical to rt_color_output_ref's generic
     * texel code (tests/test_rt_color_fast.c). */
    bool unorm8;
    signed char byte_of[4];                      /* byte of component c; -1: none */
    float missing[4];                            /* a missing component's decode */
} rt_color;

/* Resolves entry rt (0-7) of bs for fmt.  G7SF_ESTATE (with *why set to a
 * one-line reason) for state the format cannot take: blending on a format
 * without G7SF_CAP_BLEND, a logic op on a float format, both at once... */
int rt_color_prepare(rt_color *out, enum g7sf_platform p, const g7sf_blend_state *bs, unsigned rt,
                     const g7sf_color_calc_state *cc, const struct g7sf_format_info *fmt,
                     const char **why);

/* One pixel (or sample) of the render target: `unit` holds its decode unit
 * as in memory (fmt->unit_bytes; for YCRCB the pair holding texel x), read
 * and rewritten in place.  src0 is the shader's colour (floats, or integers
 * for UINT/SINT formats), src1 the second source of a dual-source message
 * (NULL otherwise; SRC1 factors then read 0).  Does pre-blend clamp, blend
 * or logic op, post-blend clamp, the colour write masks and the encode. */
void rt_color_output(const rt_color *rc, const g7sf_texel *src0, const g7sf_texel *src1,
                     void *unit, unsigned x, unsigned y);
/* The same through the format layer's generic decode and encode: the
 * reference of rt_color_output's 8-bit UNORM path. */
void rt_color_output_ref(const rt_color *rc, const g7sf_texel *src0, const g7sf_texel *src1,
                         void *unit, unsigned x, unsigned y);

#endif
