/* Tables of the media units' hot kernels, dav1d style: one typedef per
 * kernel signature, a struct of pointers per unit, filled with the C
 * reference (the definition) and overridden by the SSE4.1 / AVX2 versions
 * the CPU supports.  Every version gives the same bits (tests/test_simd.c). */
#ifndef G7SF_MEDIA_DSP_H
#define G7SF_MEDIA_DSP_H

#include "avs_rows.h"
#include "di_core.h"
#include "mcdi.h"
#include "mcdi_rows.h"
#include "sdi_rows.h"
#include "stmm_rows.h"
#include "gen7sf/media.h"

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

/* di_sdi_costs of lines l and l + 2 (same field) into s[0], h1[0], h2[0]
 * and s[1], h1[1], h2[1]: the two share two of their three AngleCost_6x3
 * row pairs and one of their SUM_H rows.  The C version is two calls. */
typedef void (*di_sdi_costs2_fn)(const di_window *pic, int l, di_sdi s[2],
                                 uint16_t h1[2][DI_LANES], uint16_t h2[2][DI_LANES]);
void di_sdi_costs2_c(const di_window *pic, int l, di_sdi s[2], uint16_t h1[2][DI_LANES],
                     uint16_t h2[2][DI_LANES]);
void di_sdi_costs2_sse41(const di_window *pic, int l, di_sdi s[2], uint16_t h1[2][DI_LANES],
                         uint16_t h2[2][DI_LANES]);
void di_sdi_costs2_avx2(const di_window *pic, int l, di_sdi s[2], uint16_t h1[2][DI_LANES],
                        uint16_t h2[2][DI_LANES]);

/* The angle decision of each lane (di_angle_decide in di_core.h, the C
 * version) for costs of at most 4590 = 6 x 3 x 255, all AngleCost_6x3 can be. */
enum { DI_COST_MAX = 4590 };
typedef void (*di_angle_decide_fn)(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                                   unsigned delta, uint8_t angle[DI_LANES]);
void di_angle_decide_sse41(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                           unsigned delta, uint8_t angle[DI_LANES]);
void di_angle_decide_avx2(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th,
                          unsigned delta, uint8_t angle[DI_LANES]);

/* ---- SDI fallback, median and interpolation (wip-sdi) ---- */

/* After di.angle_decide: fallback modes 1 and 2 of each lane (s->robust
 * from s->decided, s->cost, s->cost2x1 and the SUM_H1 / SUM_H2 sums h1,
 * h2), the horizontal median (s->angle) and the interpolation along the
 * angle (s->out), for SDI T1, T2 and the 2x1 constant of at most 255
 * (params_ok in di.c): every sum then fits a signed word. */
typedef void (*di_sdi_finish_fn)(const g7sf_di_params *p, const di_window *pic, int l,
                                 const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES],
                                 di_sdi *s);
void di_sdi_finish_c(const g7sf_di_params *p, const di_window *pic, int l,
                     const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES], di_sdi *s);
void di_sdi_finish_sse41(const g7sf_di_params *p, const di_window *pic, int l,
                         const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES], di_sdi *s);
void di_sdi_finish_avx2(const g7sf_di_params *p, const di_window *pic, int l,
                        const uint16_t h1[DI_LANES], const uint16_t h2[DI_LANES], di_sdi *s);

/* ---- STMM (§2.8.4.1) ---- */

/* The STMM of the 4 lines of a block (di_stmm_measure in di_core.h, the C
 * version), for parameters params_ok in di.c accepts. */
typedef void (*di_stmm_measure_fn)(const g7sf_di_params *p, const di_window *wp,
                                   const di_window *wc, int by, di_stmm s[4]);
void di_stmm_measure_sse41(const g7sf_di_params *p, const di_window *wp, const di_window *wc,
                           int by, di_stmm s[4]);
void di_stmm_measure_avx2(const g7sf_di_params *p, const di_window *wp, const di_window *wc,
                          int by, di_stmm s[4]);

typedef struct di_dsp {
    di_sdi_costs_fn sdi_costs;
    di_sdi_costs2_fn sdi_costs2;
    di_angle_decide_fn angle_decide;
    di_stmm_measure_fn stmm_measure;
    di_sdi_finish_fn sdi_finish;
} di_dsp;

/* ---- Denoise (§2.8.2, §2.8.3) ---- */

enum { DN_BW = G7SF_DN_BLOCK_W, DN_MAX_BH = 8, DN_WIN_W = DN_BW + 2, DN_WIN_H = DN_MAX_BH + 4 };

/* A DN block's pixels as row pointers: cur[step + y][1 + x] is the
 * block's pixel (x, y) of the current frame, with one column each side and
 * step lines above and below (step 2 in field mode, where the 3x3 windows
 * take lines 2 apart); prev[y][x] is the previous denoised frame's.  The
 * kernels read DN_WIN_W bytes of each cur row and DN_BW of each prev row,
 * nothing else.  bh is 4 or 8. */
typedef struct dn_window {
    const uint8_t *cur[DN_WIN_H];
    const uint8_t *prev[DN_MAX_BH];
    int bh, step;
} dn_window;

/* The 4x4 motion measures (lines 806-834) of the block's bh 4x4s into st:
 * stad, tasd, shcm, svcm and motion_pixels (|cur - prev| >= th, th <= 255). */
typedef void (*dn_motion_fn)(const dn_window *w, unsigned th, g7sf_dn_block_stats *st);
void dn_motion_c(const dn_window *w, unsigned th, g7sf_dn_block_stats *st);
void dn_motion_sse41(const dn_window *w, unsigned th, g7sf_dn_block_stats *st);
void dn_motion_avx2(const dn_window *w, unsigned th, g7sf_dn_block_stats *st);

/* The filter's controls as the kernels take them (all fit 16-bit lanes). */
typedef struct dn_filter_params {
    uint16_t gn;                /* good_neighbor_th, <= 255 */
    uint16_t th, low;           /* temporal_diff_th, temp_diff_low: low <= th <= 255,
                                   th - low <= 16 */
    uint16_t q;                 /* q_table[th - low - 1]; unused when low == th */
    uint16_t edge_th, noise_th; /* bne_edge_th, bne_nn_th, at most 256: no measure
                                   they are compared with reaches 256 */
} dn_filter_params;

/* The kernels' controls from p, whose good_neighbor_th, temporal_diff_th
 * and temporal_diff_low g7sf_dn_block has checked. */
void dn_filter_setup(const g7sf_dn_params *p, dn_filter_params *fp);

/* gn_q_table (§2.8.2.3): 2048 / n for n = 1..9 good neighbours, padded
 * with zeros to 16 entries for the vector loads. */
extern const uint16_t dn_gn_q_table[16];

/* The context adaptive spatial filter, the temporal filter with its
 * out-of-range clamp, the blend (lines 866-952) of every pixel into out,
 * and the block noise estimate (§2.8.3), returned.  hist[k] is 4x4 k's new
 * history, moving[k] 1 where it moves (or on the first frame), else 0. */
typedef unsigned (*dn_filter_fn)(const dn_window *w, const dn_filter_params *fp,
                                 const uint8_t hist[8], const uint8_t moving[8], uint8_t *out,
                                 int out_stride);
unsigned dn_filter_c(const dn_window *w, const dn_filter_params *fp, const uint8_t hist[8],
                     const uint8_t moving[8], uint8_t *out, int out_stride);
unsigned dn_filter_sse41(const dn_window *w, const dn_filter_params *fp, const uint8_t hist[8],
                         const uint8_t moving[8], uint8_t *out, int out_stride);
unsigned dn_filter_avx2(const dn_window *w, const dn_filter_params *fp, const uint8_t hist[8],
                        const uint8_t moving[8], uint8_t *out, int out_stride);

typedef struct dn_dsp {
    dn_motion_fn motion;
    dn_filter_fn filter;
} dn_dsp;

/* ---- Field motion detector (§2.8.5) ---- */

enum { FMD_WT = 4, FMD_WH = 12, FMD_WW = 18 };

/* Grid sides outside the frame: their positions cannot tear. */
enum fmd_out { FMD_OUT_LEFT = 1, FMD_OUT_RIGHT = 2, FMD_OUT_TOP = 4, FMD_OUT_BOTTOM = 8 };

/* A 16x4 block's surroundings as row pointers: cur[FMD_WT + y] points at
 * column bx - 1 of frame line by + y, y = -4 .. 7, read through the field's
 * edge rule; prev likewise (unread on the first frame).  The kernels read
 * FMD_WW bytes of each row.  out: the enum fmd_out sides of the tear grid
 * (lines -2 and 4, columns -1 and 16) that lie outside the frame. */
typedef struct fmd_window {
    const uint8_t *cur[FMD_WH], *prev[FMD_WH];
    bool first;
    unsigned out;
} fmd_window;

/* The block's sums before the block rules: sum[] of |cTpT|, |cBpB|, |cTcB|,
 * |cTpB|, |cBpT|, cnt[] the tearing / fitting / motion counters (v5..v7)
 * and tears[] the stray-filtered TEAR1..3 counts. */
typedef struct fmd_grid {
    unsigned sum[5], cnt[3], tears[3];
} fmd_grid;

/* The tear grid of §2.8.5 (even lines -2 .. 4, columns -1 .. 16) of the
 * block in w under the thresholds fmd_tdiff, fmd_vdiff1, fmd_vdiff2 of p
 * (any values) into g. */
typedef void (*fmd_grid_fn)(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g);
void fmd_grid_c(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g);
void fmd_grid_sse41(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g);
void fmd_grid_avx2(const fmd_window *w, const g7sf_di_params *p, fmd_grid *g);

typedef struct fmd_dsp {
    fmd_grid_fn grid;
} fmd_dsp;

/* g7sf_fmd_block_run with the kernels of d (the tests compare tables). */
int fmd_block_run(const fmd_dsp *d, const g7sf_di_params *p, const g7sf_plane *cur,
                  const g7sf_plane *prev, int bx, int by, g7sf_fmd_block *out);

/* ---- Chroma deinterlace (§2.8.4.5 - 2.8.4.7, di_chroma.c) ---- */

/* A chroma line around the block as the kernels take it: the 4:2:2
 * samples s = 0..9 (bx / 2 - 1 .. bx / 2 + 8) of both planes interleaved,
 * Cr(s) at byte 2s and Cb(s) at 2s + 1, as the output; bytes DI_CBYTES ..
 * DI_CROW - 1 are padding the SIMD kernels may read and write. */
enum { DI_CBYTES = 20, DI_CROW = 32 };

/* 4:2:0 to 4:2:2 of a line of the other field (§2.8.4.5): byte x gets the
 * spatial (up + dn) / 2 blended by STMM3 of pair min(max(x / 2 - 1, 0), 7)
 * with the temporal (t0 + t1) / 2; the spatial alone when t0 is NULL (the
 * first frame). */
typedef void (*di_chroma_up_fn)(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                                const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                                uint8_t *dst);
void di_chroma_up_c(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                    const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8], uint8_t *dst);
void di_chroma_up_sse41(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                        const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8], uint8_t *dst);
void di_chroma_up_avx2(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                       const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8], uint8_t *dst);

/* A missing chroma line (§2.8.4.6, §2.8.4.7): bytes 2 .. 17 (block pairs
 * 0..7) by the chroma SDI between lines a and b along each pair's luma
 * angle, blended by STMM3 with the average of t0 and t1 (the line in the
 * fields before and after); the SDI alone when t0 is NULL. */
typedef void (*di_chroma_sdi_fn)(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b,
                                 const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                                 const uint8_t angle[8], uint8_t dst[16]);
void di_chroma_sdi_c(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b,
                     const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                     const uint8_t angle[8], uint8_t dst[16]);
void di_chroma_sdi_sse41(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b,
                         const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                         const uint8_t angle[8], uint8_t dst[16]);
void di_chroma_sdi_avx2(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b,
                        const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                        const uint8_t angle[8], uint8_t dst[16]);

/* The same two along a band's lines after the first frame (di_chroma_rows.c),
 * pairs i = 0 .. n - 1 (n a multiple of 8, 8 pairs a block) at bytes 2i,
 * 2i + 1 of every line.  up_line: byte x of pair i gets the spatial
 * (up + dn) / 2 blended with the temporal (t0 + t1) / 2 by STMM3 s3[j]:
 * side 0, the pair's own, j = i; side -1 (+1), the pairs are the left
 * (right) neighbours of the block's pairs, the lines given one sample to
 * the left (right), and j is the pair the block reads them with: its own
 * pair, or at the block's first (last) pair that pair itself (the block's
 * edge STMM3, as di_chroma_up's).  sdi_line: di_chroma_sdi of each pair
 * with a[1], b[1] the lines, a[0], b[0] their left neighbours and a[2],
 * b[2] their right ones as the block sees them (up_line's sides), STMM3
 * and angle per pair. */
typedef void (*di_chroma_up_line_fn)(const g7sf_di_params *p, const uint8_t *up,
                                     const uint8_t *dn, const uint8_t *t0, const uint8_t *t1,
                                     const uint8_t *s3, int side, uint8_t *dst, int n);
void di_chroma_up_line_c(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                         const uint8_t *t0, const uint8_t *t1, const uint8_t *s3, int side,
                         uint8_t *dst, int n);
void di_chroma_up_line_avx2(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                            const uint8_t *t0, const uint8_t *t1, const uint8_t *s3, int side,
                            uint8_t *dst, int n);
typedef void (*di_chroma_sdi_line_fn)(const g7sf_di_params *p, const uint8_t *const a[3],
                                      const uint8_t *const b[3], const uint8_t *t0,
                                      const uint8_t *t1, const uint8_t *s3,
                                      const uint8_t *angle, uint8_t *dst, int n);
void di_chroma_sdi_line_c(const g7sf_di_params *p, const uint8_t *const a[3],
                          const uint8_t *const b[3], const uint8_t *t0, const uint8_t *t1,
                          const uint8_t *s3, const uint8_t *angle, uint8_t *dst, int n);
void di_chroma_sdi_line_avx2(const g7sf_di_params *p, const uint8_t *const a[3],
                             const uint8_t *const b[3], const uint8_t *t0, const uint8_t *t1,
                             const uint8_t *s3, const uint8_t *angle, uint8_t *dst, int n);

typedef struct di_chroma_dsp {
    di_chroma_up_fn up;
    di_chroma_sdi_fn sdi;
    di_chroma_up_line_fn up_line;
    di_chroma_sdi_line_fn sdi_line;
} di_chroma_dsp;

/* di_chroma_block with the kernels of d. */
void di_chroma_block_dsp(const di_chroma_dsp *d, const g7sf_di_params *p, const g7sf_yuv *cur,
                         const g7sf_yuv *prev, int bx, int by, const uint8_t stmm3[4][8],
                         const uint8_t angle[4][8], g7sf_di_block_out *out);
/* The same computing all 6 lines around the block in both frames, not only
 * those the output reads, and without the first frame's short cut: the
 * plain definition the tests hold di_chroma_block_dsp to. */
void di_chroma_block_all(const di_chroma_dsp *d, const g7sf_di_params *p, const g7sf_yuv *cur,
                         const g7sf_yuv *prev, int bx, int by, const uint8_t stmm3[4][8],
                         const uint8_t angle[4][8], g7sf_di_block_out *out);

/* ---- MCDI per pixel and the final blend (§2.8.4.10 - §2.8.4.12) ---- */

/* The smoothness check (§2.8.4.10.2): sets m->smooth from m->mvx, m->mvy
 * (mcdi_smoothness in mcdi.h is the C version). */
typedef void (*mcdi_smooth_fn)(const g7sf_di_params *p, mcdi_block *m);
void mcdi_smooth_sse41(const g7sf_di_params *p, mcdi_block *m);
void mcdi_smooth_avx2(const g7sf_di_params *p, mcdi_block *m);

/* Motion compensation (§2.8.4.11) of line l (0..3) of w: out[x] is pixel x
 * moved by half the vector {mvx, mvy}[x / 2].  The vectors are candidates
 * (|Mx| <= 6, |My| <= 2). */
typedef void (*mcdi_compensate_fn)(const di_view *w, int l, const int8_t mvx[8],
                                   const int8_t mvy[8], uint8_t out[16]);
void mcdi_compensate_c(const di_view *w, int l, const int8_t mvx[8], const int8_t mvy[8],
                       uint8_t out[16]);
void mcdi_compensate_sse41(const di_view *w, int l, const int8_t mvx[8], const int8_t mvy[8],
                           uint8_t out[16]);
void mcdi_compensate_avx2(const di_view *w, int l, const int8_t mvx[8], const int8_t mvy[8],
                          uint8_t out[16]);

/* The MCDI decision's controls: p for the C reference, and the same
 * thresholds limited so that for SADs and angle costs of 16 bits and SCMs
 * below 2^17 every comparison keeps its outcome in 32-bit lanes. */
typedef struct mcdi_pixel_params {
    const g7sf_di_params *p;
    int32_t cat_th1;            /* best SAD at most this: the low band */
    int32_t scm_a, scm_b;       /* CAT_slope * SAD_THA, * SAD_THB */
    int32_t sad_a, sad_b;       /* 30 * SAD_THA, 30 * SAD_THB */
    int32_t slope;              /* CAT_slope */
    int32_t tight;              /* 30 * SAD_Tight_TH */
    int16_t consistency_th;     /* MC_pixel_consistency_TH */
    int16_t neighbor_th;        /* NeighborPixel_TH */
} mcdi_pixel_params;

void mcdi_pixel_params_init(const g7sf_di_params *p, mcdi_pixel_params *q);

/* What the SDI of a line found for the block pairs i = 0..7. */
typedef struct mcdi_line_info {
    int8_t edge[8];             /* di_angle_off of the final angle */
    uint16_t angle_cost[8];     /* its AngleCost_6x3 */
    uint32_t scm[8];            /* SVCM + SHCM, below 2^17 */
} mcdi_line_info;

/* DItemp of missing line l (0..3) of pic: out[x] = m->mc[l][x] where
 * mcdi_select (di_int.h) takes MCDI for pixel x, else sdi[x].  m holds a
 * search's vectors (candidates). */
typedef void (*mcdi_choose_fn)(const mcdi_pixel_params *q, const mcdi_block *m,
                               const di_view *pic, int l, const mcdi_line_info *s,
                               const uint8_t sdi[16], uint8_t out[16]);
void mcdi_choose_c(const mcdi_pixel_params *q, const mcdi_block *m, const di_view *pic, int l,
                   const mcdi_line_info *s, const uint8_t sdi[16], uint8_t out[16]);
void mcdi_choose_sse41(const mcdi_pixel_params *q, const mcdi_block *m, const di_view *pic,
                       int l, const mcdi_line_info *s, const uint8_t sdi[16], uint8_t out[16]);
void mcdi_choose_avx2(const mcdi_pixel_params *q, const mcdi_block *m, const di_view *pic,
                      int l, const mcdi_line_info *s, const uint8_t sdi[16], uint8_t out[16]);

/* The final blend of a line: out[x] = di_blend(p, stmm3[x / 2], v[x],
 * di_avg(a[x], b[x])) for the limits params_ok (di.c) allows: STMM min and
 * max at most 255, the shift at most 16. */
typedef void (*di_blend_line_fn)(const g7sf_di_params *p, const uint8_t stmm3[8],
                                 const uint8_t v[16], const uint8_t a[16], const uint8_t b[16],
                                 uint8_t out[16]);
void di_blend_line_c(const g7sf_di_params *p, const uint8_t stmm3[8], const uint8_t v[16],
                     const uint8_t a[16], const uint8_t b[16], uint8_t out[16]);
void di_blend_line_sse41(const g7sf_di_params *p, const uint8_t stmm3[8], const uint8_t v[16],
                         const uint8_t a[16], const uint8_t b[16], uint8_t out[16]);
void di_blend_line_avx2(const g7sf_di_params *p, const uint8_t stmm3[8], const uint8_t v[16],
                        const uint8_t a[16], const uint8_t b[16], uint8_t out[16]);

typedef struct dipix_dsp {
    mcdi_smooth_fn smooth;
    mcdi_compensate_fn compensate;
    mcdi_choose_fn choose;
    di_blend_line_fn blend;
} dipix_dsp;

/* ---- end of the MCDI per pixel block ---- */

typedef struct media_dsp {
    mcdi_dsp mcdi;
    di_dsp di;
    dn_dsp dn;
    fmd_dsp fmd;
    dipix_dsp px;
    di_chroma_dsp chroma;
    sdi_rows_dsp rows;
    stmm_rows_dsp st_rows;
    mcdi_rows_dsp mc_rows;
    avs_dsp avs;
} media_dsp;

/* The kernels for the instruction sets in flags (enum cpu_flag). */
void media_dsp_init(media_dsp *d, unsigned flags);

/* The library's table: media_dsp_init(cpu_flags()), done once. */
const media_dsp *media_dsp_get(void);

#endif
