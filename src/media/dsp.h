/* Tables of the media units' hot kernels, dav1d style: one typedef per
 * kernel signature, a struct of pointers per unit, filled with the C
 * reference (the definition) and overridden by the SSE4.1 / AVX2 versions
 * the CPU supports.  Every version gives the same bits (tests/test_simd.c). */
#ifndef G7SF_MEDIA_DSP_H
#define G7SF_MEDIA_DSP_H

#include "di_core.h"

enum { MCDI_NCAND = 16 };

/* The MCDI candidate vectors {Mx, My} in the order the PRM tests them. */
extern const int8_t mcdi_cand[MCDI_NCAND][2];

/* Motion search (§2.8.4.9) of lines l0 and l0 + 2 (l0 is 0 or 1) of picture
 * pic against ref: sets m->sad, m->mvx, m->mvy of those two lines. */
typedef void (*mcdi_search_fn)(const di_window *pic, const di_window *ref, int l0,
                               mcdi_block *m);
void mcdi_search_c(const di_window *pic, const di_window *ref, int l0, mcdi_block *m);
void mcdi_search_sse41(const di_window *pic, const di_window *ref, int l0, mcdi_block *m);
void mcdi_search_avx2(const di_window *pic, const di_window *ref, int l0, mcdi_block *m);

typedef struct mcdi_dsp {
    mcdi_search_fn search;
} mcdi_dsp;

/* The spatial deinterlacer's window sums for line l of pic (§2.8.4.2,
 * §2.8.4.3): sets s->cost and s->cost2x1 of every angle and lane, and h1,
 * h2 to SUM_H1, SUM_H2 of fallback mode 1 over the lines above and below. */
typedef void (*di_sdi_costs_fn)(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                                uint16_t h2[DI_LANES]);
void di_sdi_costs_c(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                    uint16_t h2[DI_LANES]);
void di_sdi_costs_sse41(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                        uint16_t h2[DI_LANES]);
void di_sdi_costs_avx2(const di_window *pic, int l, di_sdi *s, uint16_t h1[DI_LANES],
                       uint16_t h2[DI_LANES]);

/* The angle decision of each lane (di_angle_decide in di_core.h, the C
 * version) for costs of at most 4590 = 6 x 3 x 255, all AngleCost_6x3 can be. */
enum { DI_COST_MAX = 4590 };
typedef void (*di_angle_decide_fn)(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                                   unsigned delta, uint8_t angle[DI_LANES]);
void di_angle_decide_sse41(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                           unsigned delta, uint8_t angle[DI_LANES]);
void di_angle_decide_avx2(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                          unsigned delta, uint8_t angle[DI_LANES]);

typedef struct di_dsp {
    di_sdi_costs_fn sdi_costs;
    di_angle_decide_fn angle_decide;
} di_dsp;

typedef struct media_dsp {
    mcdi_dsp mcdi;
    di_dsp di;
} media_dsp;

/* The kernels for the instruction sets in flags (enum cpu_flag). */
void media_dsp_init(media_dsp *d, unsigned flags);

/* The library's table: media_dsp_init(cpu_flags()), done once. */
const media_dsp *media_dsp_get(void);

#endif
