/* The lines of a band that its blocks share (di_band.h): each line's SDI
 * (sdi_rows.c), STMM (stmm_rows.c) and motion search (mcdi_rows.c),
 * computed when the first block asks for them. */
#include <string.h>

#include "di_band.h"

/* The view of line l of the block at bx from the band's lines. */
sdi_view di_band_sdi(const g7sf_di_params *p, di_band *src, int l, int bx)
{
    sdi_line *ln = &src->line[l];
    if (!src->done[l]) {
        sdi_rows_line(src->rows, p, src->pic[l], src->by + l, ln);
        src->done[l] = true;
    }
    return (sdi_view){ ln->out + bx, ln->angle + bx / 2, ln->acost + bx / 2 };
}

/* The STMM of line l of the band from its lines: STMM2 and STMM3 of the
 * pairs of the block at bx, SVCM + SHCM of its lanes (pairs -1 .. 8). */
void di_band_stmm(const g7sf_di_params *p, di_band *src, const uint8_t *stmm_in,
                      int stmm_stride, int l, int bx, const uint8_t **st3, const uint16_t **hv)
{
    if (!src->st_done[l]) {
        const media_dsp *d = media_dsp_get();
        int y = src->by + l;
        stmm_rows_line(src->st, p, &src->prev->y, &src->cur->y, src->pic[l], y, src->stmm[l],
                       src->hv[l]);
        d->st_rows.smooth(p, src->stmm[l], stmm_in + (size_t)y * stmm_stride, src->cur->y.width,
                          src->st2[l], src->st3[l]);
        src->st_done[l] = true;
    }
    *st3 = src->st3[l] + bx / 2;
    *hv = src->hv[l] + bx / 2;
}

/* The motion search of the block at bx from the band's lines: m's SADs
 * and vectors of every line (a 1st-field line is searched in prev against
 * cur, the others in cur against prev, as mcdi_block_run does). */
void di_band_search(di_band *src, int bx, mcdi_block *m)
{
    for (int l = 0; l < 4; l++) {
        if (!src->mc_done[l]) {
            const g7sf_plane *pic = src->pic[l];
            const g7sf_plane *ref = pic == &src->cur->y ? &src->prev->y : &src->cur->y;
            mcdi_rows_line(src->mc, pic, ref, src->by + l, src->msad[l], src->mvx[l],
                           src->mvy[l]);
            src->mc_done[l] = true;
        }
        memcpy(m->sad[l], src->msad[l] + bx / 2, sizeof m->sad[l]);
        memcpy(m->mvx[l], src->mvx[l] + bx / 2, sizeof m->mvx[l]);
        memcpy(m->mvy[l], src->mvy[l] + bx / 2, sizeof m->mvy[l]);
    }
}


bool di_band_line_search(const g7sf_di_params *p, di_band *src, const uint8_t *stmm_in,
                         int stmm_stride)
{
    int w = src->cur->y.width, searching = 0;
    const uint8_t *st3[4];
    const uint16_t *hv;
    bool spatial[4];
    for (int l = 0; l < 4; l++) {
        bool first = di_first_field_line(p, src->by + l);
        spatial[l] = !(first ? p->cadence_prev2 : p->cadence_cur1);
        di_band_stmm(p, src, stmm_in, stmm_stride, l, 0, &st3[l], &hv);
    }
    /* as di_block decides it: a line is spatial where its STMM3 reaches
     * STMM min; the search runs for a block with any such line */
    for (int bx = 0; bx < w; bx += 16) {
        bool any = false;
        for (int l = 0; l < 4 && !any; l++)
            for (int i = 0; i < 8 && spatial[l] && !any; i++)
                any = st3[l][bx / 2 + i] >= p->stmm_min;
        searching += any;
    }
    return 3 * searching > w / 16;
}
