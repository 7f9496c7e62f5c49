/* Test fixtures that lay out state in graphics memory as a driver would:
 * DWords written by hand from the PRM field positions, not by gen7sf's
 * own packer, so that message tests also check the decoding. */
#ifndef G7SF_TEST_GPU_SETUP_H
#define G7SF_TEST_GPU_SETUP_H

#include "gen7sf/gen7sf.h"

#define T_SURFACE_BASE 0x00010000u  /* Surface State Base Address */
#define T_SURFACE_BOUND 0x00020000u
#define T_BINDING_TABLE 0x00000100u /* offset from the surface state base */
#define T_GENERAL_BASE 0x00100000u

/* A gpu with the bases above and a thread using the binding table. */
g7sf_gpu *t_gpu(enum g7sf_platform p, g7sf_thread *thr);

/* RENDER_SURFACE_STATE for a buffer: DW0 type/format, DW1 base, DW2/DW3 the
 * entries-1 split over Width[6:0], Height[20:7], Depth[..:21]; stored at
 * surface state offset 0x1000 + 32*bti and bound at binding table entry bti. */
void t_bind_buffer(g7sf_gpu *gpu, unsigned bti, unsigned surftype, unsigned format,
                   uint32_t base, uint32_t entries, bool tiled);
/* Same surface state slot, any 8 DWords. */
void t_bind_state(g7sf_gpu *gpu, unsigned bti, const uint32_t dw[8]);

/* Message descriptor: mlen, rlen, header, message type [17:14], control
 * [13:8], binding table index [7:0]. */
uint32_t t_desc(unsigned mlen, unsigned rlen, bool header, unsigned type, unsigned ctrl,
                unsigned bti);

/* Sends and returns the code; wb may be NULL. */
int t_send(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned sfid, uint32_t desc, uint16_t emask,
           const g7sf_reg *payload, g7sf_reg *wb);

uint32_t t_peek(g7sf_gpu *gpu, uint32_t addr);
void t_poke(g7sf_gpu *gpu, uint32_t addr, uint32_t v);

#endif
