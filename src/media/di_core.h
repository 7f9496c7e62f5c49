/* The deinterlacer's kernels (§2.8.4), shared by di.c (block driver),
 * stmm.c, sdi.c and di_chroma.c, and visible to the tests.  All work on the
 * luma windows of di_int.h for one line l (0..3) of the 16x4 block, the line
 * being interpolated; pixel pairs are numbered i = -1..8 (left pixel 2i), the
 * block's eight plus one on each side for STMM3 and the angle median. */
#ifndef GEN7SF_DI_CORE_H
#define GEN7SF_DI_CORE_H

#include "di_int.h"

/* Per-pair values are kept in 16 lanes, pair i at lane i + 1 (lanes 10..15
 * are padding), so the loops over pairs vectorise. */
enum { DI_PAIRS = 10, DI_LANES = 16 };
enum { DI_ANGLES = 9, DI_A90 = 4 }; /* angle index a, offset di_angle_off[a] */

/* x offsets of the 9 directions, ordered so that a median of indices is a
 * median of angles: -11, -18, -27, -45, 90, +45, +27, +18, +11 degrees. */
extern const int8_t di_angle_off[DI_ANGLES];

/* STMM of each pair (§2.8.4.1) and the measures it is made of. */
typedef struct di_stmm {
    uint16_t svcm[DI_LANES], shcm[DI_LANES], vecm[DI_LANES], scm[DI_LANES];
    uint16_t tdm[DI_LANES];
    uint8_t stmm[DI_LANES];
} di_stmm;

/* The STMM of the 4 lines of a block.  Line l's picture (the frame being
 * deinterlaced) is wp for a 1st-field line, wc otherwise, the reference the
 * other one; by says which lines are 1st-field lines. */
void di_stmm_measure(const g7sf_di_params *p, const di_window *wp, const di_window *wc, int by,
                     di_stmm s[4]);

/* STMM of a pair (lines 1040-1046) from its TDM and SCM: (TDM >> shift1)
 * << shift2 over SCM / 16 + C2, truncated, limited to 255.  Below 255 * d
 * the dividend has at most 16 bits and d at most 8, so the float quotient
 * cannot round across an integer: the exact truncated quotient. */
static inline uint8_t di_stmm_quot(const g7sf_di_params *p, unsigned tdm, int scm)
{
    unsigned n = (tdm >> p->tdm_shift1) << p->tdm_shift2, d = ((unsigned)scm >> 4) + p->stmm_c2;
    return (uint8_t)(n >= 255 * d ? 255 : (unsigned)((float)n / (float)d));
}

/* The exponential smoothing with the saved STMM_s (lines 1031-1038). */
static inline uint8_t di_stmm2(const g7sf_di_params *p, unsigned stmm, unsigned stmm_s)
{
    unsigned trc = stmm > p->stmm_md_th ? p->stmm_trc1 : p->stmm_trc2;
    return (uint8_t)((trc * stmm_s + (256 - trc) * stmm) >> 8);
}

/* The spatial deinterlacer (§2.8.4.2 - 2.8.4.4) for line l of pic. */
typedef struct di_sdi {
    uint16_t cost[DI_ANGLES][DI_LANES];     /* AngleCost_6x3 */
    uint16_t cost2x1[DI_ANGLES][DI_LANES];  /* AngleCost_2x1 */
    uint8_t decided[DI_LANES];  /* angle index from the decision rule */
    uint8_t robust[DI_LANES];   /* after fallback modes 1 and 2 */
    uint8_t angle[8];           /* final: horizontal median, block pairs 0..7 */
    uint8_t out[16];            /* the interpolated pixels */
} di_sdi;

void di_sdi_line(const g7sf_di_params *p, const di_window *pic, int l, di_sdi *s);
/* di_sdi_line of lines l and l + 2 into s[0], s[1] (the same bytes), with
 * the window sums the two lines share computed once. */
void di_sdi_line2(const g7sf_di_params *p, const di_window *pic, int l, di_sdi s[2]);

/* The angle decision of each lane (the lost figure of line 1076;
 * docs/spec-notes.md). */
void di_angle_decide(const uint16_t cost[DI_ANGLES][DI_LANES], unsigned th, unsigned delta,
                     uint8_t angle[DI_LANES]);

/* The horizontal median (line 1134) of pairs i - 1, i, i + 1 for the block
 * pairs i = 0..7 (lanes i .. i + 2). */
void di_angle_median(const uint8_t robust[DI_LANES], uint8_t angle[8]);

/* Blend of a spatial and a temporal value by STMM3 (lines 1167-1173,
 * 1199-1205, 1215-1222), limited to 8 bits for states whose max - min is
 * not 1 << stmm_shift. */
static inline int di_blend(const g7sf_di_params *p, int stmm3, int spatial, int temporal)
{
    int lo = (int)p->stmm_min, hi = (int)p->stmm_max;
    if (stmm3 < lo)
        return temporal;
    if (stmm3 > hi)
        return spatial;
    int v = ((stmm3 - lo) * spatial + (hi - stmm3) * temporal) >> p->stmm_shift;
    return v > 255 ? 255 : v;
}

/* A rounded average of two pixels ("average", lines 1138, 1211). */
static inline int di_avg(int a, int b) { return (a + b + 1) >> 1; }

/* Where a block's results go, per line l: 16 luma bytes, 16 chroma bytes
 * (4:2:2, Cr and Cb interleaved as g7sf_di_block_out's) and 8 STMM2 bytes:
 * the arrays of a g7sf_di_block_out (di_out_block), or the block's columns
 * of a band's lines (g7sf_di_rows). */
typedef struct di_out {
    uint8_t *prev2_y[4], *prev2_c[4], *cur1_y[4], *cur1_c[4], *stmm[4];
} di_out;

static inline di_out di_out_block(g7sf_di_block_out *b)
{
    di_out o;
    for (int l = 0; l < 4; l++) {
        o.prev2_y[l] = b->prev2_y[l], o.prev2_c[l] = b->prev2_c[l];
        o.cur1_y[l] = b->cur1_y[l], o.cur1_c[l] = b->cur1_c[l], o.stmm[l] = b->stmm[l];
    }
    return o;
}

/* The chroma source lines of a band of frame lines by .. by + 3
 * (di_chroma_band_load): line k of a frame (lines by - 1 + k, or in 4:2:0
 * chroma rows by / 2 - 2 + k, through the frame-edge rule) as 4:2:2
 * samples -1 .. w / 2 + 15, Cr and Cb interleaved, sample i at byte
 * 2 (i + 1): a block at bx finds the samples its chroma reads from byte bx. */
enum { DI_CBAND_LINES = 6, DI_CBAND_PAD = 64 };
typedef struct di_chroma_band {
    const uint8_t *rows[2][DI_CBAND_LINES];     /* [0] prev, [1] cur */
} di_chroma_band;

/* The plane row line k of frame f's band at by is made from. */
int di_chroma_band_row(const g7sf_yuv *f, int by, int k);
/* Fills the lines k of frame f whose bit is set in lines (w +
 * DI_CBAND_PAD bytes each at rows[k]). */
void di_chroma_band_load(const g7sf_yuv *f, int by, unsigned lines,
                         uint8_t *const rows[DI_CBAND_LINES]);
/* The lines di_chroma_block reads of cur's band at by (of prev's: all). */
unsigned di_chroma_band_lines(const g7sf_di_params *p, const g7sf_yuv *cur, int by);

/* The first frame's chroma of a whole band, where the blocks' choices
 * are the same along the line (di_chroma_first_band_ok: 4:2:2 and 4:1:1,
 * 4:2:0 away from the frame's top and bottom): the bytes di_chroma_block
 * gives every block, lines[l] pointing at output line l (w bytes): into
 * rows or mid (w + DI_CBAND_PAD bytes of scratch) for the field's own
 * lines, at buf[l] (w bytes, written) for the missing ones, whose luma
 * angles per pair are angle[l]. */
bool di_chroma_first_band_ok(const g7sf_di_params *p, const g7sf_yuv *cur, int by);
void di_chroma_first_band(const g7sf_di_params *p, const g7sf_yuv *cur, int by,
                          const uint8_t *const rows[DI_CBAND_LINES], const uint8_t *const angle[4],
                          uint8_t *mid, uint8_t *const buf[4], const uint8_t *lines[4]);

/* The chroma of a band after the first frame along its lines: the bytes
 * di_chroma_block gives each of its blocks, in any chroma format.  src
 * holds both frames' lines, st3[l] and angle[l] the STMM3 and final luma
 * angle of each pair of line l (w / 2 bytes); up the room of the 4:2:0
 * up-sampled lines (w bytes each, per frame, line and side), prev2 and
 * cur1 of the missing lines (w bytes each).  prev2_out[l], cur1_out[l]
 * point at output line l (w bytes): into src's rows, up, or prev2, cur1. */
void di_chroma_band_after(const g7sf_di_params *p, const g7sf_yuv *cur, int by,
                          const di_chroma_band *src, const uint8_t *const st3[4],
                          const uint8_t *const angle[4],
                          uint8_t *const up[2][DI_CBAND_LINES][3], uint8_t *const prev2[4],
                          uint8_t *const cur1[4], const uint8_t *prev2_out[4],
                          const uint8_t *cur1_out[4]);

/* Chroma of the block (§2.8.4.5 - 2.8.4.8): fills the chroma lines of
 * out.  stmm3 is STMM3 of each block pair and line, angle the final luma
 * angle index of each pair and line; the source lines from band when not
 * NULL (the same bytes), else read from the frames. */
void di_chroma_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev, int bx,
                     int by, const uint8_t stmm3[4][8], const uint8_t angle[4][8],
                     const di_chroma_band *band, const di_out *out);

#endif
