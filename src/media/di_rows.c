/* The deinterlacer along whole lines (g7sf_di_rows, media.h): the bands
 * of 4 lines whose blocks share their lines (di_band.c), the first frame
 * without a block walk, and the working memory kept between calls. */
#include <stdlib.h>
#include <string.h>

#include "di_band.h"

/* What g7sf_di_rows works in: the line SDI's context; per band line the
 * SDI's pixels, angles and costs (with the room its vectors write into)
 * and the outputs (luma and chroma of prev2 and cur1, STMM); per frame the
 * chroma source lines; a line of STMM 255. */
struct g7sf_di_rows_mem {
    size_t w, sdi_n, out_n, cb_n, st_n, mc_n, up_n;
    line_cache lines;           /* the lines the SDI, STMM and search read */
    sdi_rows *rows;
    stmm_rows *st;
    mcdi_rows *mc;
    uint8_t *buf;
};

g7sf_di_rows_mem *g7sf_di_rows_mem_new(int width)
{
    if (width <= 0 || width % 16 || width > (1 << 20))
        return NULL;
    g7sf_di_rows_mem *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    size_t w = (size_t)width;
    const media_dsp *d = media_dsp_get();
    *m = (g7sf_di_rows_mem){ .w = w, .sdi_n = 3 * w + 4 * SR_OVER, .out_n = 4 * w + w / 2,
                             .cb_n = w + DI_CBAND_PAD,
                             .st_n = 3 * (w / 2 + 2 + ST_OVER) + 2 * (w / 2 + 64),
                             .mc_n = 4 * (w / 2 + MR_OVER), .up_n = w + 32 };
    if (line_cache_init(&m->lines, width)) {
        m->rows = sdi_rows_new(width, &d->rows, &m->lines);
        m->st = stmm_rows_new(width, &d->st_rows, &m->lines);
        m->mc = mcdi_rows_new(width, &d->mc_rows, &m->lines);
    }
    m->buf = calloc(1, 4 * (m->sdi_n + m->out_n + m->st_n + m->mc_n) +
                           2 * DI_CBAND_LINES * (m->cb_n + 3 * m->up_n) + w / 2);
    if (!m->rows || !m->st || !m->mc || !m->buf) {
        g7sf_di_rows_mem_free(m);
        return NULL;
    }
    memset(m->buf + 4 * (m->sdi_n + m->out_n + m->st_n + m->mc_n) +
               2 * DI_CBAND_LINES * (m->cb_n + 3 * m->up_n),
           255, w / 2);
    return m;
}

void g7sf_di_rows_mem_free(g7sf_di_rows_mem *m)
{
    if (!m)
        return;
    sdi_rows_free(m->rows);
    stmm_rows_free(m->st);
    mcdi_rows_free(m->mc);
    line_cache_free(&m->lines);
    free(m->buf);
    free(m);
}

/* A frame's chroma source lines kept from band to band (a band's 6 rows
 * share 4 with the next in 4:2:0, 2 otherwise): the plane row each buffer
 * holds, -1 for none. */
typedef struct chroma_ring {
    uint8_t *buf[DI_CBAND_LINES];
    int row[DI_CBAND_LINES];
} chroma_ring;

/* Points rows[k] of the lines k in lines at buffers holding frame f's
 * band rows, loading only the rows no buffer holds: 6 buffers are enough,
 * as the ones that hold none of the band's rows are as many as the rows
 * to load (or more, where the frame's edge gives two lines one row). */
static void chroma_ring_band(chroma_ring *r, const g7sf_yuv *f, int by, unsigned lines,
                             const uint8_t *rows[DI_CBAND_LINES])
{
    int want[DI_CBAND_LINES];
    bool used[DI_CBAND_LINES] = { false };
    unsigned load = 0;
    for (int k = 0; k < DI_CBAND_LINES; k++) {
        if (!(lines >> k & 1))
            continue;
        want[k] = di_chroma_band_row(f, by, k);
        int j = 0;
        while (j < DI_CBAND_LINES && r->row[j] != want[k])
            j++;
        if (j < DI_CBAND_LINES)
            rows[k] = r->buf[j], used[j] = true;
        else
            load |= 1u << k;
    }
    for (int k = 0; k < DI_CBAND_LINES; k++) {
        if (!(load >> k & 1))
            continue;
        /* the row an earlier line of this band loaded, else a buffer
         * that holds none of the band's rows */
        int j = 0;
        while (j < DI_CBAND_LINES && !(used[j] && r->row[j] == want[k]))
            j++;
        if (j == DI_CBAND_LINES)
            for (j = 0; j < DI_CBAND_LINES - 1 && used[j]; j++)
                ;
        if (r->row[j] != want[k] || !used[j]) {
            uint8_t *one[DI_CBAND_LINES] = { 0 };
            one[k] = r->buf[j];
            di_chroma_band_load(f, by, 1u << k, one);
            r->row[j] = want[k];
            used[j] = true;
        }
        rows[k] = r->buf[j];
    }
}

/* The chroma of a band after the first frame, along its lines, from the
 * STMM3 and angles its luma left in src (the luma's, o's buffers hold
 * the missing lines). */
static void chroma_after(const g7sf_di_params *p, const di_band *src, const di_out *o,
                         g7sf_di_band *band)
{
    const uint8_t *st3[4], *angle[4];
    for (int l = 0; l < 4; l++)
        st3[l] = src->st3[l], angle[l] = src->angle[l];
    di_chroma_band_after(p, src->cur, src->by, &src->chroma, st3, angle, src->chroma_up,
                         o->prev2_c, o->cur1_c, band->prev2_c, band->cur1_c);
}

/* A band after the first frame, without MCDI, along its lines: per line
 * the STMM, each block's choice (spatial when its STMM3 reaches STMM min),
 * the SDI where a block is, and the blend or the weave; only the chroma
 * block by block (its up-sampling reads each block's edge STMM3 for the
 * samples around it).  The same bytes as di_block; band gets the lines,
 * o's buffers hold the missing ones (and each line's angles, in o.stmm). */
static void madi_band(const g7sf_di_params *p, di_band *src, const uint8_t *stmm_in,
                      int stmm_stride, const di_out *o, g7sf_di_band *band)
{
    static const uint8_t unused[16];
    const dipix_dsp *px = &media_dsp_get()->px;
    const g7sf_yuv *cur = src->cur, *prev = src->prev;
    int w = cur->y.width, by = src->by;
    for (int l = 0; l < 4; l++) {
        bool first = di_first_field_line(p, by + l);
        unsigned cadence = first ? p->cadence_prev2 : p->cadence_cur1;
        const uint8_t *pr = prev->y.data + (size_t)(by + l) * prev->y.stride;
        const uint8_t *cr = cur->y.data + (size_t)(by + l) * cur->y.stride;
        /* a 1st-field line is missing in prev2 (its own line is cur's), a
         * 2nd-field line in cur1 */
        uint8_t *miss = first ? o->prev2_y[l] : o->cur1_y[l], *angle = src->angle[l];
        const uint8_t *st3;
        const uint16_t *hv;
        di_band_stmm(p, src, stmm_in, stmm_stride, l, 0, &st3, &hv);
        const uint8_t *out = miss;
        if (cadence) {      /* weave: 1 the field from prev, 2 from cur */
            out = cadence == 1 ? pr : cr;
            memset(angle, DI_A90, (size_t)w / 2);
        }
        for (int bx = 0; bx < w && !cadence; bx += 16) {
            unsigned top = 0;
            for (int i = 0; i < 8; i++)
                top = st3[bx / 2 + i] > top ? st3[bx / 2 + i] : top;
            const uint8_t *v = unused;
            if (top >= p->stmm_min) {
                sdi_view sv = di_band_sdi(p, src, l, bx);
                v = sv.out;
                memcpy(angle + bx / 2, sv.angle, 8);
            } else {
                memset(angle + bx / 2, DI_A90, 8);
            }
            px->blend(p, st3 + bx / 2, v, pr + bx, cr + bx, miss + bx);
        }
        band->prev2_y[l] = first ? out : pr;
        band->cur1_y[l] = first ? cr : out;
        band->stmm[l] = src->st2[l];
    }
    chroma_after(p, src, o, band);
}

int g7sf_di_rows(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                 const uint8_t *stmm_in, int stmm_stride, int y0, int y1, g7sf_di_rows_mem *mem,
                 void (*put)(void *ctx, const g7sf_di_band *band), void *ctx)
{
    if (!put || !di_args_ok(p, cur, prev, stmm_in, stmm_stride) || y0 < 0 || y1 < y0 || y0 % 4 ||
        y1 % 4 || y1 > cur->y.height || (mem && mem->w != (size_t)cur->y.width))
        return G7SF_EINVAL;
    if (y0 == y1)
        return 0;
    g7sf_di_rows_mem *own = NULL;
    if (!mem && !(mem = own = g7sf_di_rows_mem_new(cur->y.width)))
        return G7SF_ENOMEM;
    /* the frames are new: nothing kept from another call is theirs */
    sdi_rows_reset(mem->rows);
    stmm_rows_reset(mem->st);
    mcdi_rows_reset(mem->mc);
    size_t w = mem->w;
    di_band src = { .rows = mem->rows, .st = mem->st, .mc = mem->mc, .cur = cur, .prev = prev };
    uint8_t *b = mem->buf;
    chroma_ring ring[2];
    di_out o;
    g7sf_di_band band;
    for (int l = 0; l < 4; l++, b += mem->sdi_n + mem->out_n + mem->st_n + mem->mc_n) {
        src.line[l] = (sdi_line){ b, b + w + SR_OVER,
                                  (uint16_t *)(void *)(b + w + w / 2 + 2 * SR_OVER) };
        /* STMM bytes, SVCM + SHCM words (pn, the pairs + 1 and room, is
         * even), STMM2 with a byte before, STMM3 */
        size_t pn = w / 2 + 2 + ST_OVER;
        src.stmm[l] = b + mem->sdi_n + mem->out_n;
        src.hv[l] = (uint16_t *)(void *)(src.stmm[l] + pn);
        src.st2[l] = src.stmm[l] + 3 * pn + 1;
        src.st3[l] = src.stmm[l] + 3 * pn + w / 2 + 64;
        /* the motion search's SADs (words) and vectors */
        size_t mn = w / 2 + MR_OVER;
        src.msad[l] = (uint16_t *)(void *)(src.stmm[l] + mem->st_n);
        src.mvx[l] = (int8_t *)(src.stmm[l] + mem->st_n + 2 * mn);
        src.mvy[l] = src.mvx[l] + mn;
        uint8_t *ob = b + mem->sdi_n;
        o.prev2_y[l] = ob, o.cur1_y[l] = ob + w, o.prev2_c[l] = ob + 2 * w;
        o.cur1_c[l] = ob + 3 * w, o.stmm[l] = ob + 4 * w;
    }
    for (int f = 0; f < 2; f++)
        for (int k = 0; k < DI_CBAND_LINES; k++, b += mem->cb_n + 3 * mem->up_n) {
            ring[f].buf[k] = b, ring[f].row[k] = -1;
            for (int s = 0; s < 3; s++)
                src.chroma_up[f][k][s] = b + mem->cb_n + s * mem->up_n;
        }
    for (int l = 0; l < 4; l++)
        src.angle[l] = o.stmm[l];
    const uint8_t *still = b;       /* the first frame's STMM */
    for (int by = y0; by < y1; by += 4) {
        src.by = by;
        chroma_ring_band(&ring[1], cur, by, di_chroma_band_lines(p, cur, by), src.chroma.rows[1]);
        if (!p->first_frame)
            chroma_ring_band(&ring[0], prev, by, 0x3F, src.chroma.rows[0]);
        for (int l = 0; l < 4; l++) {
            bool first = di_first_field_line(p, by + l);
            src.pic[l] = p->first_frame || !first ? &cur->y : &prev->y;
            src.done[l] = src.st_done[l] = src.mc_done[l] = false;
            band.prev2_y[l] = o.prev2_y[l], band.cur1_y[l] = o.cur1_y[l];
            band.prev2_c[l] = o.prev2_c[l], band.cur1_c[l] = o.cur1_c[l];
            band.stmm[l] = o.stmm[l];
        }
        di_out bo = o;
        if (!p->first_frame)
            for (int l = 0; l < 4; l++) {
                bo.stmm[l] = NULL;      /* STMM2: the band's line */
                band.stmm[l] = src.st2[l];
            }
        if (p->first_frame) {
            /* cur1's luma lines are the frame's and the SDI's, prev2 is
             * cur1, the STMM 255: the band points at them */
            for (int l = 0; l < 4; l++) {
                bo.cur1_y[l] = bo.prev2_y[l] = bo.prev2_c[l] = bo.stmm[l] = NULL;
                band.cur1_y[l] = di_first_field_line(p, by + l)
                                     ? cur->y.data + (size_t)(by + l) * cur->y.stride
                                     : src.line[l].out;
                band.prev2_y[l] = band.cur1_y[l], band.prev2_c[l] = band.cur1_c[l];
                band.stmm[l] = still;
            }
        }
        if (di_chroma_first_band_ok(p, cur, by)) {
            /* the first frame away from the edges: luma and chroma along
             * the lines, no block walk (the same bytes: the blocks' choices
             * are the line's) */
            const uint8_t *angle[4] = { 0 };
            for (int l = 0; l < 4; l++)
                if (!di_first_field_line(p, by + l)) {
                    sdi_rows_line(src.rows, p, src.pic[l], by + l, &src.line[l]);
                    angle[l] = src.line[l].angle;
                }
            const uint8_t *lines[4];
            /* scratch: a line of prev's, which the first frame does not read */
            di_chroma_first_band(p, cur, by, src.chroma.rows[1], angle, ring[0].buf[0], o.cur1_c,
                                 lines);
            for (int l = 0; l < 4; l++)
                band.cur1_c[l] = band.prev2_c[l] = lines[l];
            band.by = by;
            put(ctx, &band);
            continue;
        }
        if (!p->first_frame && !p->mcdi) {
            madi_band(p, &src, stmm_in, stmm_stride, &o, &band);
            band.by = by;
            put(ctx, &band);
            continue;
        }
        /* the same bytes either way: the cheaper search for this band */
        src.line_search = p->mcdi && !p->first_frame &&
                          di_band_line_search(p, &src, stmm_in, stmm_stride);
        for (size_t bx = 0; bx < w; bx += 16) {
            di_out at = bo;
            for (int l = 0; l < 4; l++) {
                at.prev2_y[l] = bo.prev2_y[l] ? bo.prev2_y[l] + bx : NULL;
                at.cur1_y[l] = bo.cur1_y[l] ? bo.cur1_y[l] + bx : NULL;
                at.prev2_c[l] = bo.prev2_c[l] ? bo.prev2_c[l] + bx : NULL;
                at.cur1_c[l] = bo.cur1_c[l] + bx;
                at.stmm[l] = bo.stmm[l] ? bo.stmm[l] + bx / 2 : NULL;
            }
            di_block(p, cur, prev, stmm_in, stmm_stride, (int)bx, by, &src, &at);
        }
        if (!p->first_frame)
            chroma_after(p, &src, &o, &band);
        band.by = by;
        put(ctx, &band);
    }
    g7sf_di_rows_mem_free(own);
    return 0;
}
