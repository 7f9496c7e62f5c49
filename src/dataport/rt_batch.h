/* Internal: the pixels of one render target write message at once, for
 * src/msg/dp_rt_write.c.  The message layer keeps what is resolved once
 * per change of the state (the target's placement, rt_place, with its
 * binding; the colour pipeline, rt_pipeline, with its BLEND_STATE memo)
 * and hands over the slots as structure of arrays, as the payload has
 * them (R of slots 0-15, then G, B, A: PRM 10447-10634).  Single-sampled
 * 8-bit UNORM targets of 4-byte pixels run rt_kernel.c (or its AVX2 twin,
 * rt_kernel_avx2.c) over all slots at once; anything else, and any message the kernel could not write exactly
 * as pixel after pixel would, takes the per-pixel path (rt_write.c), the
 * reference.  Nothing here sees a register. */
#ifndef G7SF_DATAPORT_RT_BATCH_H
#define G7SF_DATAPORT_RT_BATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "dataport/dp.h"
#include "dataport/rt.h"

/* Where a single-sampled target's pixels are, resolved once per binding:
 * the written level and slice's origin in the 2D layout and its size.  ok
 * only when every pixel of the level has 4 bytes of its own, below 4 GiB:
 * 32-bit blocks of one pixel, linear/X/Y tiling, rows inside the pitch's
 * whole tiles (so no two pixels share bytes) and the last tile row below
 * 4 GiB (so no pixel faults). */
typedef struct rt_place {
    bool ok;
    /* g7sf_tile_offset of linear, X and Y tiling as one sum without
     * branches, of byte X and row Y: (Y >> yt) * row_stride + (Y & ym) *
     * ystep + (X >> xt) * tile_bytes + ((X >> 4) & cm) * 512 + (X & xm) */
    uint8_t yt, xt, ym, cm, ys;    /* ys: ystep is 1 << ys (0 when ym is) */
    uint32_t row_stride, ystep, tile_bytes, xm;
    uint32_t down;             /* from an even row to the next: ystep, or the pitch */
    uint32_t base, w, h, ox, oy;
} rt_place;
void rt_place_init(rt_place *pl, const g7sf_rt_target *rt);

/* Where one blend factor of the kernel reads, per channel. */
enum { RT_FSRC_CONST, RT_FSRC_S, RT_FSRC_SA, RT_FSRC_D, RT_FSRC_DA, RT_FSRC_SAT, RT_FSRC_S1,
       RT_FSRC_S1A };
typedef struct rt_factor {
    unsigned src;        /* RT_FSRC_*: S the source's channel, SA its alpha... */
    bool inv;            /* 1 - v */
    float lo, hi;        /* then clamped (pre-blend clamp; +-inf: not) */
} rt_factor;

/* The value a factor reads, as a row of the kernels' per-message values:
 * S + c the (pre-clamped) source's channel c, D + c the destination's,
 * S1 + c SRC1's, SAT the saturate term, K + 4i + c the pipeline's kv[i][c]
 * (i: 0 source, 1 destination factor). */
enum { RT_SEL_S = 0, RT_SEL_D = 4, RT_SEL_S1 = 8, RT_SEL_SAT = 12, RT_SEL_K = 13,
       RT_SEL_ROWS = 21 };

typedef struct rt_pipeline rt_pipeline;
typedef struct rt_batch rt_batch;
/* rt_kernel.c: the covered slots `lanes` of b, each at its own host
 * pointer px[j] (4 bytes, distinct), read, blended and rewritten.  quads:
 * every subspan s is whole, px[4s + 1] = px[4s] + 4 and px[4s + 3] =
 * px[4s + 2] + 4 (its rows are 8 bytes each). */
typedef void (*rt_kernel_fn)(const rt_pipeline *p, const rt_batch *b, uint32_t lanes,
                             uint8_t *const px[16], bool quads);
void rt_kernel_unorm8_c(const rt_pipeline *p, const rt_batch *b, uint32_t lanes,
                        uint8_t *const px[16], bool quads);
/* rt_kernel_avx2.c: the same in AVX2 intrinsics */
void rt_kernel_unorm8_avx2(const rt_pipeline *p, const rt_batch *b, uint32_t lanes,
                           uint8_t *const px[16], bool quads);
/* The kernel for cpu_flags() bits cpu: AVX2's, or the C one. */
rt_kernel_fn rt_kernel_unorm8_for(unsigned cpu);

/* rt_color and rt_coverage for one format, BLEND_STATE entry and
 * COLOR_CALC_STATE, plus the kernel's per-channel choices. */
struct rt_pipeline {
    int err;                 /* rt_color_prepare's refusal (G7SF_ESTATE), with why */
    const char *why;
    rt_color rc;
    rt_coverage cv;
    rt_kernel_fn kernel;     /* NULL: the per-pixel path takes this format and state */
    bool need_s1, need_sat;  /* a factor reads SRC1, or is SRC_ALPHA_SATURATE on R, G, B */
    bool need_k;             /* a factor is a constant (kv) */
    bool read_dst;           /* blending, or bytes of the destination kept */
    bool fclamp;             /* the pre-blend clamp may change a factor (rt_batch.c) */
    unsigned func[4];        /* BLENDFUNCTION_* per channel */
    rt_factor sf[4], df[4];  /* source and destination factor per channel */
    unsigned char sel[2][4]; /* their values (RT_SEL_*): source, destination factor */
    float kv[2][4][16];      /* constant factors (source, destination), final values */
    float pre_lo[4], pre_hi[4];   /* pre-blend clamp, +-inf when off */
    uint32_t keep;           /* bits of the pixel the output replaces */
    /* pshufb mask, 4 slots' channel bytes (R of slots 0-3, G...) to their
     * pixels' bytes, 0x80 where no channel goes (rt_kernel_avx2.c) */
    unsigned char pack[16];
};
/* cpu: the cpu_flags() the kernel may use. */
void rt_pipeline_prepare(rt_pipeline *p, enum g7sf_platform plat, const struct g7sf_format_info *fmt,
                         const g7sf_blend_state *bs, unsigned index,
                         const g7sf_color_calc_state *cc, unsigned samples, unsigned cpu);

/* One message's slots: slot j is pixel (j & 1, j >> 1 & 1) of subspan
 * j / 4, whose upper left pixel is (x[j/4], y[j/4]) (10256-10311). */
struct rt_batch {
    uint32_t x[4], y[4];
    uint32_t lanes;                /* bit j: slot j is written (before the alpha test) */
    bool dual;                     /* src1 holds a second source */
    float src0[4][16], src1[4][16];
    float alpha[16];               /* the alpha test's (Source 0 Alpha or src0's) */
};

/* The batch written to a single-sampled target (G7SF_EINVAL for another):
 * the same memory, result and *why as g7sf_rt_write of its slots in order. */
int rt_write_batch(g7sf_gpu *gpu, const g7sf_rt_target *rt, const rt_place *pl,
                   const rt_pipeline *p, const rt_batch *b, const char **why);

/* 10178: no dual source message to a rotated target. */
#define RT_DUAL_ROTATED "a dual source message to a target whose Render Target Rotation is " \
                        "not RTROTATE_0DEG"

/* Tests: every batch through the per-pixel path. */
extern bool rt_batch_generic;

/* rt_write.c: pixels one after the other (g7sf_rt_write without its checks;
 * *why, may be NULL, gets the reason of a G7SF_ESTATE). */
int rt_write_pixels(g7sf_gpu *gpu, const g7sf_rt_target *rt, const rt_color *rc,
                    const rt_coverage *cv, const g7sf_rt_pixel *px, unsigned n, bool dual,
                    const char **why);

#endif
