/* The denoise formulas the luma filter (dn.c, §2.8.2) and the Haswell chroma
 * filter (dn_chroma.c, 002 "Chroma Noise Reduction") share: the 4x4 motion
 * detection with its history update, the temporal filter and the blend. */
#ifndef GEN7SF_MEDIA_DN_INT_H
#define GEN7SF_MEDIA_DN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf/media.h"

/* Why p cannot drive the denoise filter (a value outside what its fields
 * and tables hold), or NULL when it can.  g7sf_dn_block rejects such params
 * with G7SF_EINVAL; g7sf_di_state_check names the state behind them. */
const char *dn_params_invalid(const g7sf_dn_params *p);

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int iabs(int a) { return a < 0 ? -a : a; }

/* Denoise Motion History Update (§2.8.2.1, lines 836-864). */
static inline unsigned dn_history_update(const g7sf_dn_params *p, unsigned h, unsigned stad,
                                         unsigned mp, unsigned tasd, unsigned scm, bool *moving)
{
    *moving = stad > p->stad_th || mp > p->mp_th;
    if (*moving)
        return h >= 128 ? h / 2 : 0;
    if ((tasd > p->tasd_th && scm < p->scm_th) || h < 128)
        return 128;
    /* an 8-bit history: saturate where max history is beyond its 128-240 range */
    return h < p->history_max ? (unsigned)imin((int)(h + p->history_delta), 255) : h;
}

/* The motion measures of one 4x4 (lines 806-834) on the lines as stored:
 * c[y] and pv[y] point at its pixel (0, y) in the current and previous
 * pictures.  Writes them to entry k of st. */
static inline void dn_sums_4x4(unsigned th, const uint8_t *const c[4], const uint8_t *const pv[4],
                               int k, g7sf_dn_block_stats *st)
{
    unsigned stad = 0, mp = 0, shcm = 0, svcm = 0;
    int tsd = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            int d = c[y][x] - pv[y][x];
            stad += (unsigned)iabs(d);
            tsd += d;
            mp += (unsigned)iabs(d) >= th;
            if (x < 3)
                shcm += (unsigned)iabs(c[y][x] - c[y][x + 1]);
            if (y < 3)
                svcm += (unsigned)iabs(c[y][x] - c[y + 1][x]);
        }
    st->stad[k] = (uint16_t)stad;
    st->tasd[k] = (uint16_t)iabs(tsd);
    st->shcm[k] = (uint16_t)shcm;
    st->svcm[k] = (uint16_t)svcm;
    st->motion_pixels[k] = (uint8_t)mp;
}

/* The history update of 4x4 k from its measures in st: writes its new
 * history to *hist_out (0 on the first frame, when hist_in is unread and
 * the measures that need prev are reported 0); returns whether it moves
 * (always on the first frame, which forces the non-temporal output). */
static inline bool dn_history_4x4(const g7sf_dn_params *p, const uint8_t *hist_in,
                                  uint8_t *hist_out, int k, g7sf_dn_block_stats *st)
{
    bool moving = true;
    if (p->first_frame) {
        st->stad[k] = st->tasd[k] = 0, st->motion_pixels[k] = 0;
        *hist_out = 0;
    } else {
        *hist_out = (uint8_t)dn_history_update(p, *hist_in, st->stad[k], st->motion_pixels[k],
                                               st->tasd[k], (unsigned)st->shcm[k] + st->svcm[k],
                                               &moving);
    }
    return moving;
}

/* Motion detection of one 4x4 with its history update: c and pv point at
 * its top-left pixel in the current and previous pictures. */
static inline bool dn_detect_4x4(const g7sf_dn_params *p, const uint8_t *c, int c_stride,
                                 const uint8_t *pv, int pv_stride, const uint8_t *hist_in,
                                 uint8_t *hist_out, int k, g7sf_dn_block_stats *st)
{
    const uint8_t *cr[4], *pr[4];
    for (int y = 0; y < 4; y++)
        cr[y] = c + y * c_stride, pr[y] = pv + y * pv_stride;
    dn_sums_4x4(p->temporal_diff_th, cr, pr, k, st);
    return dn_history_4x4(p, hist_in, hist_out, k, st);
}

/* Temporal filter (lines 866-872) with history h. */
static inline int dn_temporal(int h, int prev, int cur)
{
    return (h * prev + (256 - h) * cur + 128) >> 8;
}

/* Denoise Blend (lines 893-952) of the temporal output with the other one
 * (the spatial filter for luma, the input pixel for chroma): the other when
 * t_diff >= th or the 4x4 moves, the temporal when t_diff < low, else the
 * interpolation. */
extern const uint16_t dn_q_table[16];

static inline int dn_blend_th(int th, int low, int other, int temporal, int t_diff, bool moving)
{
    if (t_diff >= th || moving)
        return other;
    if (t_diff < low)
        return temporal;
    /* q_table[12] x 13 = 1027 > 1024: saturate to 8 bits */
    return imin(((other * (t_diff - low) + temporal * (th - t_diff) + (th - low) / 2) *
                    dn_q_table[th - low - 1]) >> 10, 255);
}

static inline int dn_blend(const g7sf_dn_params *p, int other, int temporal, int t_diff,
                           bool moving)
{
    return dn_blend_th((int)p->temporal_diff_th, (int)p->temporal_diff_low, other, temporal,
                       t_diff, moving);
}

#endif
