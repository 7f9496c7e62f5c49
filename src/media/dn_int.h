/* The denoise formulas the luma filter (dn.c, §2.8.2) and the Haswell chroma
 * filter (dn_chroma.c, 002 "Chroma Noise Reduction") share: the 4x4 motion
 * detection with its history update, the temporal filter and the blend. */
#ifndef GEN7SF_MEDIA_DN_INT_H
#define GEN7SF_MEDIA_DN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "gen7sf/media.h"

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

/* Motion detection of one 4x4 (lines 806-834) on the lines as stored: c and
 * pv point at its top-left pixel in the current and previous pictures.
 * Writes its statistics to entry k of st and its new history to *hist_out
 * (0 on the first frame, when hist_in is unread); returns whether it moves
 * (always on the first frame, which forces the non-temporal output). */
static inline bool dn_detect_4x4(const g7sf_dn_params *p, const uint8_t *c, int c_stride,
                                 const uint8_t *pv, int pv_stride, const uint8_t *hist_in,
                                 uint8_t *hist_out, int k, g7sf_dn_block_stats *st)
{
    unsigned stad = 0, mp = 0, shcm = 0, svcm = 0;
    int tsd = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const uint8_t *cp = c + y * c_stride + x;
            int d = cp[0] - pv[y * pv_stride + x];
            stad += (unsigned)iabs(d);
            tsd += d;
            mp += (unsigned)iabs(d) >= p->temporal_diff_th;
            if (x < 3)
                shcm += (unsigned)iabs(cp[0] - cp[1]);
            if (y < 3)
                svcm += (unsigned)iabs(cp[0] - cp[c_stride]);
        }
    bool moving = true;
    if (p->first_frame) {
        stad = mp = 0, tsd = 0;
        *hist_out = 0;
    } else {
        *hist_out = (uint8_t)dn_history_update(p, *hist_in, stad, mp, (unsigned)iabs(tsd),
                                               shcm + svcm, &moving);
    }
    st->stad[k] = (uint16_t)stad;
    st->tasd[k] = (uint16_t)iabs(tsd);
    st->shcm[k] = (uint16_t)shcm;
    st->svcm[k] = (uint16_t)svcm;
    st->motion_pixels[k] = (uint8_t)mp;
    return moving;
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

static inline int dn_blend(const g7sf_dn_params *p, int other, int temporal, int t_diff,
                           bool moving)
{
    int th = (int)p->temporal_diff_th, low = (int)p->temporal_diff_low;
    if (t_diff >= th || moving)
        return other;
    if (t_diff < low)
        return temporal;
    /* q_table[12] x 13 = 1027 > 1024: saturate to 8 bits */
    return imin(((other * (t_diff - low) + temporal * (th - t_diff) + (th - low) / 2) *
                    dn_q_table[th - low - 1]) >> 10, 255);
}

#endif
