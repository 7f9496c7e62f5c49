/* Render target write fixtures: state laid out by hand (DWords from the
 * PRM header table 10357-10445 and gen7.xml positions), never by gen7sf's
 * packer. */
#ifndef G7SF_TEST_RT_SETUP_H
#define G7SF_TEST_RT_SETUP_H

#include "gen7sf/gen7sf.h"

#define RT_DYNAMIC 0x00200000u   /* Dynamic State Base Address */
#define RT_BLEND   0x40u         /* BLEND_STATE offset */
#define RT_CC      0x100u        /* COLOR_CALC_STATE offset (M0.1) */
#define RT_BASE    0x00400000u   /* render target memory */
#define RT_BTI     2

/* Message types desc[10:8]. */
enum { RT_SIMD16 = 0, RT_REPDATA = 1, RT_DUAL_LO = 2, RT_DUAL_HI = 3, RT_SIMD8 = 4,
       RT_IMAGE = 7 };

/* A gpu with the test bases, Dynamic State Base RT_DYNAMIC and
 * 3DSTATE_BLEND_STATE_POINTERS naming RT_BLEND (BLEND_STATE and
 * COLOR_CALC_STATE all zero). */
g7sf_gpu *rt_gpu(g7sf_thread *thr);
/* The same on platform p. */
g7sf_gpu *rt_gpu_on(enum g7sf_platform p, g7sf_thread *thr);
/* BLEND_STATE entry DW0/DW1 of render target `rt`. */
void rt_blend_entry(g7sf_gpu *gpu, unsigned rt, uint32_t dw0, uint32_t dw1);
/* RENDER_SURFACE_STATE DW0 for a surface: type, format, Y-tiled or linear. */
uint32_t rt_ss_dw0(unsigned surftype, unsigned format, int ytiled);
/* The header: M0.0 (flags, array index, SSPI), M0.1 = RT_CC, M0.2 render
 * target index, M1.2-M1.5 subspan (x, y), M1.7 pixel enables. */
void rt_header(g7sf_reg *p, uint32_t m0_0, unsigned rt_index, const uint16_t xy[4][2],
               uint32_t enables);
/* Render Target Write message: mlen, header, subtype, slot group, BTI. */
uint32_t rt_desc(unsigned mlen, int header, unsigned subtype, unsigned slot_group);
/* Colour registers of `nslots` (8 or 16) slots, R, G, B, A, a register
 * (SIMD8) or two (SIMD16, slots 7:0 then 15:8) per channel: slot i =
 * (i, 16+i, 32+i, 255) / 255 as floats, so an R8G8B8A8_UNORM target stores
 * rt_slot_rgba8(i). */
void rt_colors(g7sf_reg *p, unsigned nslots);
uint32_t rt_slot_rgba8(unsigned i);
int rt_send(g7sf_gpu *gpu, const g7sf_thread *thr, uint32_t desc, const g7sf_reg *p);

#endif
