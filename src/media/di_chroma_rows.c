/* The chroma of the deinterlacer along a band's lines after the first
 * frame (di_core.h: di_chroma_band_after): the bytes di_chroma_block gives
 * each block, in whole-line passes of the kernels of dsp.h (up_line,
 * sdi_line), whose C versions below are their definition.  The one thing
 * a block sees that the line does not is the 4:2:0 up-sampler's STMM3 at
 * the samples beside the block (§2.8.4.5; di_chroma_up: the block's edge
 * pair); the line keeps those as its left and right "sides". */
#include <string.h>

#include "di_core.h"
#include "dsp.h"
#include "window.h"

static inline int iclamp(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

/* The pair whose STMM3 a block reads pair i with on this side. */
static inline int side_pair(int i, int side)
{
    return side < 0 ? i - (i % 8 != 0) : side > 0 ? i + (i % 8 != 7) : i;
}

void di_chroma_up_line_c(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                         const uint8_t *t0, const uint8_t *t1, const uint8_t *s3, int side,
                         uint8_t *dst, int n)
{
    for (int x = 0; x < 2 * n; x++)
        dst[x] = (uint8_t)di_blend(p, s3[side_pair(x / 2, side)], (up[x] + dn[x]) / 2,
                                   (t0[x] + t1[x]) / 2);
}

void di_chroma_sdi_line_c(const g7sf_di_params *p, const uint8_t *const a[3],
                          const uint8_t *const b[3], const uint8_t *t0, const uint8_t *t1,
                          const uint8_t *s3, const uint8_t *angle, uint8_t *dst, int n)
{
    for (int x = 0; x < 2 * n; x++) {
        int i = x / 2, off = di_angle_off[angle[i]];
        int c90 = di_avg(a[1][x], b[1][x]);
        /* +27 degrees: a's left neighbour and b's right one */
        int c27 = off > 0 ? di_avg(a[0][x], b[2][x]) : off < 0 ? di_avg(a[2][x], b[0][x]) : c90;
        int three = off == 1 || off == -1 ? di_avg(c90, c27) : c27;
        int sdi = di_blend(p, s3[i], three, c90);
        dst[x] = (uint8_t)di_blend(p, s3[i], sdi, di_avg(t0[x], t1[x]));
    }
}

/* media_clamp_line(y, h, 2), the call only outside the plane. */
static inline int field_clamp(int y, int h) { return y >= 0 && y < h ? y : media_clamp_line(y, h, 2); }

/* What a band's pass works from: the band and its lines, and which
 * up-sampled lines (per frame, line and side) are computed. */
typedef struct band_ctx {
    const di_chroma_dsp *d;
    const g7sf_di_params *p;
    const di_chroma_band *src;
    const uint8_t *const *st3;
    uint8_t *const (*up)[DI_CBAND_LINES][3];
    int by, h, n;
    bool v420;
    unsigned done[2][DI_CBAND_LINES];
} band_ctx;

/* Line k (frame line by - 1 + k) of frame f (0 prev, 1 cur) in 4:2:2 at
 * its sample 0, as a block sees it from side (-1, 0, +1: each sample's
 * left neighbour, itself, its right one).  In 4:2:0 a line whose chroma
 * row belongs to the other field is up-sampled (di_chroma.c,
 * upsample_420: the same rows, neighbours in time and STMM3 line),
 * computed when first asked. */
static const uint8_t *band_line(band_ctx *c, int f, int k, int side)
{
    const uint8_t *const *own = c->src->rows[f];
    int o = 2 + 2 * side;       /* the rows' sample 0 is at byte 2 */
    if (!c->v420)
        return own[k] + o;
    int yc = field_clamp(c->by - 1 + k, c->h), j = (yc >> 1) - (c->by / 2 - 2);
    if (!((yc ^ (yc >> 1)) & 1))        /* the field's own row */
        return own[j] + o;
    uint8_t *dst = c->up[f][k][side + 1];
    if (!(c->done[f][k] >> (side + 1) & 1)) {
        bool both = (f == 1) == di_first_field_line(c->p, yc);
        const uint8_t *t0 = both ? c->src->rows[0][j] : own[j];
        const uint8_t *t1 = both ? c->src->rows[1][j] : own[j];
        c->d->up_line(c->p, own[j - 1] + o, own[j + 1] + o, t0 + o, t1 + o,
                      c->st3[iclamp(yc - c->by, 3)], side, dst, c->n);
        c->done[f][k] |= 1u << (side + 1);
    }
    return dst;
}

/* Output line l of frame f (field_line in di_chroma.c): its own line, the
 * weave of a cadence, or the SDI between lines l and l + 2 of f along the
 * luma angles blended with the line in the frames before and after. */
static const uint8_t *field_line(band_ctx *c, int f, bool missing, unsigned cadence, int l,
                                 const uint8_t *angle, uint8_t *dst)
{
    if (!missing || cadence)
        return band_line(c, !missing ? f : cadence == 1 ? 0 : 1, l + 1, 0);
    const uint8_t *a[3], *b[3];
    for (int s = 0; s < 3; s++) {
        a[s] = band_line(c, f, l, s - 1);
        b[s] = band_line(c, f, l + 2, s - 1);
    }
    c->d->sdi_line(c->p, a, b, band_line(c, 0, l + 1, 0), band_line(c, 1, l + 1, 0), c->st3[l],
                   angle, dst, c->n);
    return dst;
}

void di_chroma_band_after(const g7sf_di_params *p, const g7sf_yuv *cur, int by,
                          const di_chroma_band *src, const uint8_t *const st3[4],
                          const uint8_t *const angle[4],
                          uint8_t *const up[2][DI_CBAND_LINES][3], uint8_t *const prev2[4],
                          uint8_t *const cur1[4], const uint8_t *prev2_out[4],
                          const uint8_t *cur1_out[4])
{
    band_ctx c = { &media_dsp_get()->chroma, p, src, st3, up, by, cur->y.height,
                   cur->y.width / 2, cur->chroma == G7SF_CHROMA_420, { { 0 } } };
    for (int l = 0; l < 4; l++) {
        /* a 1st-field line is missing in prev2, a 2nd-field line in cur1 */
        bool first = di_first_field_line(p, by + l);
        cur1_out[l] = field_line(&c, 1, !first, p->cadence_cur1, l, angle[l], cur1[l]);
        prev2_out[l] = field_line(&c, 0, first, p->cadence_prev2, l, angle[l], prev2[l]);
    }
}
