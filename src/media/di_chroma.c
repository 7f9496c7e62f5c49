/* Chroma of the deinterlacer: the up-sampler to 4:2:2 (§2.8.4.5, lines
 * 1142-1181), the chroma deinterlace along the reduced luma angle with its
 * static image fallback (§2.8.4.6, 1183-1209), the temporal deinterlace and
 * final blend (§2.8.4.7) and progressive cadence reconstruction (§2.8.4.8).
 * The per-line decisions are made here once; the per-sample work is in the
 * kernels of dsp.h, whose C versions below are the definition.  Decisions
 * on unclear passages: docs/spec-notes.md, "Deinterlace". */
#include <string.h>

#include "di_core.h"
#include "dsp.h"
#include "window.h"

/* Around the block: 6 lines (frame lines by - 1 .. by + 4) of 10 samples
 * per plane in 4:2:2, interleaved as dsp.h's chroma lines. */
enum { NL = 6, NS = 10 };
typedef uint8_t di_crows[NL][DI_CROW];

/* STMM3 of a still picture: the first frame's chroma SDI alone, no
 * temporal blend. */
static const uint8_t still[8] = { 255, 255, 255, 255, 255, 255, 255, 255 };

static inline int iclamp(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

/* media_clamp_line(y, h, 2), the call only outside the plane. */
static inline int field_clamp(int y, int h) { return y >= 0 && y < h ? y : media_clamp_line(y, h, 2); }

void di_chroma_up_c(const g7sf_di_params *p, const uint8_t *up, const uint8_t *dn,
                    const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8], uint8_t *dst)
{
    for (int x = 0; x < DI_CBYTES; x++) {
        int spatial = (up[x] + dn[x]) / 2;
        /* the first frame has no neighbour in time */
        dst[x] = (uint8_t)(t0 ? di_blend(p, s3[iclamp(x / 2 - 1, 7)], spatial, (t0[x] + t1[x]) / 2)
                              : spatial);
    }
}

/* Chroma SDI: 90 and +-27 degrees directly, +-45 their average, +-18 and
 * +-11 as +-27; blended toward 90 degrees for static areas (§2.8.4.6.1). */
void di_chroma_sdi_c(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b,
                     const uint8_t *t0, const uint8_t *t1, const uint8_t s3[8],
                     const uint8_t angle[8], uint8_t dst[16])
{
    for (int x = 0; x < 16; x++) {
        int i = x / 2, off = di_angle_off[angle[i]], sg = (off > 0) - (off < 0);
        int c90 = di_avg(a[x + 2], b[x + 2]), c27 = di_avg(a[x + 2 - 2 * sg], b[x + 2 + 2 * sg]);
        int three = off == 1 || off == -1 ? di_avg(c90, c27) : c27;
        int sdi = di_blend(p, s3[i], three, c90);
        dst[x] = (uint8_t)(t0 ? di_blend(p, s3[i], sdi, di_avg(t0[x + 2], t1[x + 2])) : sdi);
    }
}

/* Where the block's chroma is in the planes (the same for both frames and
 * planes): 4:2:0 chroma rows by / 2 - 2 .. by / 2 + 3, otherwise frame lines
 * by - 1 .. by + 4, outside the plane the nearest row of the same field;
 * n source samples per row from column x0, clamped. */
typedef struct src_map {
    int row[NL];
    int n;              /* NS, or 6 for 4:1:1 (doubled to NS) */
    int x0;
    bool inside;        /* no column clamped */
    bool wide;          /* and n == NS, 16 samples from x0 in the row */
    int col[NS];        /* the clamped columns, when not inside */
} src_map;

static void src_map_init(const g7sf_yuv *f, int bx, int by, src_map *m)
{
    bool is411 = f->chroma == G7SF_CHROMA_411;
    int r0 = f->chroma == G7SF_CHROMA_420 ? by / 2 - 2 : by - 1;
    for (int k = 0; k < NL; k++)
        m->row[k] = field_clamp(r0 + k, f->cr.height);
    int x0 = is411 ? bx / 4 - 1 : bx / 2 - 1, last = f->cr.width - 1;
    m->n = is411 ? 6 : NS;
    m->x0 = x0;
    m->inside = x0 >= 0 && x0 + m->n - 1 <= last;
    m->wide = m->inside && !is411 && x0 + 15 <= last;
    if (!m->inside)
        for (int k = 0; k < m->n; k++)
            m->col[k] = iclamp(x0 + k, last);
}

/* Source row k of a plane as NS 4:2:2 samples: 4:1:1 doubles horizontally,
 * averaging the neighbours at the odd 4:2:2 samples (line 1181; sample 0 is
 * odd). */
static void load_plane_row(const g7sf_plane *pl, const src_map *m, int k, uint8_t g[16])
{
    const uint8_t *src = pl->data + (size_t)m->row[k] * pl->stride;
    uint8_t s[NS];
    if (m->inside && m->n == NS)
        memcpy(g, src + m->x0, NS);
    else if (m->inside)
        memcpy(s, src + m->x0, 6);
    else
        for (int j = 0; j < m->n; j++)
            (m->n == NS ? g : s)[j] = src[m->col[j]];
    if (m->n != NS)
        for (int j = 0; j < NS; j++)
            g[j] = (uint8_t)(j & 1 ? s[(j + 1) / 2] : di_avg(s[j / 2], s[j / 2 + 1]));
}

/* Source row k of a frame, Cr and Cb interleaved. */
static inline void load_row(const g7sf_yuv *f, const src_map *m, int k, uint8_t r[DI_CROW])
{
    uint8_t g[2][16] = { { 0 } };
    if (m->wide) {      /* whole 16-byte copies: no partial stores to reload */
        memcpy(g[0], f->cr.data + (size_t)m->row[k] * f->cr.stride + m->x0, 16);
        memcpy(g[1], f->cb.data + (size_t)m->row[k] * f->cb.stride + m->x0, 16);
    } else {
        load_plane_row(&f->cr, m, k, g[0]);
        load_plane_row(&f->cb, m, k, g[1]);
    }
    for (int j = 0; j < 16; j++) {
        r[2 * j] = g[0][j];
        r[2 * j + 1] = g[1][j];
    }
}

/* The source rows of one frame whose bit is set in rows into r, pointed
 * at by u; the others are left unset. */
static inline void load_rows(const g7sf_yuv *f, const src_map *m, unsigned rows, di_crows r,
                             const uint8_t *u[NL])
{
    for (int k = 0; k < NL; k++)
        if (rows >> k & 1) {
            load_row(f, m, k, r[k]);
            u[k] = r[k];
        }
}

/* The source rows of the block at bx from a band's lines. */
static inline void band_rows(const uint8_t *const rows[NL], int bx, const uint8_t *u[NL])
{
    for (int k = 0; k < NL; k++)
        u[k] = rows[k] + bx;
}

int di_chroma_band_row(const g7sf_yuv *f, int by, int k)
{
    int r0 = f->chroma == G7SF_CHROMA_420 ? by / 2 - 2 : by - 1;
    return field_clamp(r0 + k, f->cr.height);
}

void di_chroma_band_load(const g7sf_yuv *f, int by, unsigned lines,
                         uint8_t *const rows[DI_CBAND_LINES])
{
    bool is411 = f->chroma == G7SF_CHROMA_411;
    int last = f->cr.width - 1, n = f->y.width / 2 + 16;   /* samples 0 .. w / 2 + 15 */
    for (int k = 0; k < NL; k++) {
        if (!(lines >> k & 1))
            continue;
        int row = di_chroma_band_row(f, by, k);
        const uint8_t *cr = f->cr.data + (size_t)row * f->cr.stride;
        const uint8_t *cb = f->cb.data + (size_t)row * f->cb.stride;
        uint8_t *d = rows[k] + 2;       /* sample 0 */
        if (is411) {
            /* doubled as load_plane_row: even 4:2:2 samples are the
             * source's, odd ones the average of their neighbours */
            for (int i = -1; i < n; i++) {
                int a = iclamp(i >> 1, last), b = iclamp((i + 1) >> 1, last);
                d[2 * i] = (uint8_t)(i & 1 ? di_avg(cr[a], cr[b]) : cr[a]);
                d[2 * i + 1] = (uint8_t)(i & 1 ? di_avg(cb[a], cb[b]) : cb[a]);
            }
            continue;
        }
        /* the columns inside in one interleaving pass, then the clamped
         * ones at the ends */
        int in = n < last + 1 ? n : last + 1;
        for (int i = 0; i < in; i++) {
            d[2 * i] = cr[i];
            d[2 * i + 1] = cb[i];
        }
        for (int i = in; i < n; i++) {
            d[2 * i] = cr[last];
            d[2 * i + 1] = cb[last];
        }
        d[-2] = cr[0];
        d[-1] = cb[0];
    }
}

/* The lines of the band a first frame's chroma reads: in 4:2:0 away from
 * the frame's top and bottom the two rows first_420 reads, else all. */
unsigned di_chroma_band_lines(const g7sf_di_params *p, const g7sf_yuv *f, int by)
{
    int fl = p->top_first ? 0 : 1;
    if (p->first_frame && f->chroma == G7SF_CHROMA_420 && by >= 4 && by + 4 < f->y.height)
        return 1u << (2 - fl) | 1u << (4 - fl);
    return 0x3F;
}

/* The 4:2:2 lines k (frame lines by - 1 + k) that field_line reads on the
 * first frame, of cur alone: by is a multiple of 4, so the 1st field's
 * lines are l = f, f + 2, its own lines l + 1, and the 2nd's l = s, s + 2
 * are deinterlaced from lines l and l + 2.  (After the first frame the
 * output reads nearly every line.) */
static unsigned first_lines_needed(const g7sf_di_params *p)
{
    int f = p->top_first ? 0 : 1, s = 1 - f;
    return 0x0Au << f | 0x15u << s;
}

/* 4:2:0 to 4:2:2 of the frame lines by - 1 + k of one frame (is_cur:
 * which) whose bit k is set in need into line pointers u (the others
 * NULL), computed lines in buf.  Frame line y, chroma row j = y / 2,
 * belongs to the field of its parity; a line whose row
 * belongs to the other field is doubled from rows j - 1, j + 1 of its own
 * field (spatial) and row j of the fields before and after it in time
 * (temporal), blended by STMM3.  The 2nd field of prev and the 1st of cur
 * have both neighbours in the pair: (prev[j] + cur[j]) / 2; prev's 1st field
 * and cur's 2nd have only their own frame's other field. */
static inline void upsample_420(const di_chroma_dsp *d, const g7sf_di_params *p,
                                const uint8_t *const pr[NL], const uint8_t *const cr[NL],
                                bool is_cur, int by, int h, const uint8_t stmm3[4][8],
                                unsigned need, di_crows buf, const uint8_t *u[NL])
{
    const uint8_t *const *own = is_cur ? cr : pr;
    for (int k = 0; k < NL; k++) {
        if (!(need >> k & 1)) {
            u[k] = NULL;    /* not read */
            continue;
        }
        int yc = field_clamp(by - 1 + k, h), j = (yc >> 1) - (by / 2 - 2);
        if (!((yc ^ (yc >> 1)) & 1)) {      /* the field's own row */
            u[k] = own[j];
            continue;
        }
        bool both = is_cur == di_first_field_line(p, yc);
        const uint8_t *t0 = p->first_frame ? NULL : both ? pr[j] : own[j];
        d->up(p, own[j - 1], own[j + 1], t0, both ? cr[j] : own[j], stmm3[iclamp(yc - by, 3)],
              buf[k]);
        u[k] = buf[k];
    }
}

/* One output field's chroma line l from the 4:2:2 lines of prev (up) and
 * cur (uc); own is the picture's; the missing lines take cadence 1 / 2 from
 * prev / cur. */
static void field_line(const di_chroma_dsp *d, const g7sf_di_params *p,
                       const uint8_t *const own[NL], const uint8_t *const up[NL],
                       const uint8_t *const uc[NL], bool missing, unsigned cadence, int l,
                       const uint8_t stmm3[8], const uint8_t angle[8], uint8_t dst[16])
{
    if (!missing || cadence)
        memcpy(dst, (!missing ? own : cadence == 1 ? up : uc)[l + 1] + 2, 16);
    else if (p->first_frame)    /* no neighbour in time */
        d->sdi(p, own[l], own[l + 2], NULL, NULL, still, angle, dst);
    else
        d->sdi(p, own[l], own[l + 2], up[l + 1], uc[l + 1], stmm3, angle, dst);
}

/* The first frame's 4:2:0 chroma where no line is clamped (by - 1 ..
 * by + 4 inside the frame): upsample_420 and field_line with their
 * choices made.  The 1st field's lines l = f, f + 2 read lines l + 1, the
 * 2nd's l = s, s + 2 lines l and l + 2: lines s .. s + 4 in steps of 2,
 * rows 2 - f and 4 - f and the one line up-sampled between them. */
static void first_420(const di_chroma_dsp *d, const g7sf_di_params *p, const g7sf_yuv *cur,
                      const src_map *m, const uint8_t *const rows[NL], int bx,
                      const uint8_t stmm3[4][8], const uint8_t angle[4][8], const di_out *out)
{
    int f = p->top_first ? 0 : 1, s = 1 - f;
    uint8_t ra[DI_CROW], rb[DI_CROW], mid[DI_CROW];
    const uint8_t *a = ra, *b = rb;
    if (rows) {
        a = rows[2 - f] + bx, b = rows[4 - f] + bx;
    } else {
        load_row(cur, m, 2 - f, ra);
        load_row(cur, m, 4 - f, rb);
    }
    d->up(p, a, b, NULL, NULL, stmm3[2 - f], mid);      /* frame line by + 2 - f */
    memcpy(out->cur1_c[f], (f ? mid : a) + 2, 16);
    memcpy(out->cur1_c[f + 2], (f ? b : mid) + 2, 16);
    d->sdi(p, a, mid, NULL, NULL, still, angle[s], out->cur1_c[s]);
    d->sdi(p, mid, b, NULL, NULL, still, angle[s + 2], out->cur1_c[s + 2]);
}

bool di_chroma_first_band_ok(const g7sf_di_params *p, const g7sf_yuv *cur, int by)
{
    return p->first_frame &&
           (cur->chroma != G7SF_CHROMA_420 || (by >= 4 && by + 4 < cur->y.height));
}

void di_chroma_first_band(const g7sf_di_params *p, const g7sf_yuv *cur, int by,
                          const uint8_t *const rows[DI_CBAND_LINES], const uint8_t *const angle[4],
                          uint8_t *mid, uint8_t *const buf[4], const uint8_t *lines[4])
{
    const di_chroma_dsp *d = &media_dsp_get()->chroma;
    int w = cur->y.width;
    /* the 4:2:2 lines k (frame lines by - 1 + k) the output reads: in
     * 4:2:0 rows 2 - f and 4 - f and the line between them up-sampled
     * (first_420), otherwise the rows themselves (field_line) */
    const uint8_t *ln[DI_CBAND_LINES];
    for (int k = 0; k < DI_CBAND_LINES; k++)
        ln[k] = rows[k];
    if (cur->chroma == G7SF_CHROMA_420) {
        int f = p->top_first ? 0 : 1;
        /* the first frame's up-sampling reads no STMM: the chunks of the
         * blocks are the line's bytes */
        for (int x = 0; x < w; x += 16)
            d->up(p, rows[2 - f] + x, rows[4 - f] + x, NULL, NULL, still, mid + x);
        /* first_420's a, mid and b are the lines 1 - f, 3 - f, 5 - f */
        ln[1 - f] = rows[2 - f], ln[3 - f] = mid, ln[5 - f] = rows[4 - f];
    }
    for (int l = 0; l < 4; l++) {
        if (di_first_field_line(p, by + l)) {
            lines[l] = ln[l + 1] + 2;
            continue;
        }
        for (int bx = 0; bx < w; bx += 16)
            d->sdi(p, ln[l] + bx, ln[l + 2] + bx, NULL, NULL, still, angle[l] + bx / 2,
                   buf[l] + bx);
        lines[l] = buf[l];
    }
}

/* di_chroma_block_dsp, or with all every line of the frames computed;
 * the source rows from band when not NULL. */
static void block(const di_chroma_dsp *d, const g7sf_di_params *p, const g7sf_yuv *cur,
                  const g7sf_yuv *prev, int bx, int by, const uint8_t stmm3[4][8],
                  const uint8_t angle[4][8], const di_chroma_band *band, const di_out *out,
                  bool all)
{
    src_map m;
    if (!band)
        src_map_init(cur, bx, by, &m);
    bool v420 = cur->chroma == G7SF_CHROMA_420;
    if (!all && v420 && p->first_frame && by >= 4 && by + 4 < cur->y.height) {
        first_420(d, p, cur, &m, band ? band->rows[1] : NULL, bx, stmm3, angle, out);
        return;
    }
    di_crows rp, rc, bp, bc;
    const uint8_t *sp[NL] = { 0 }, *sc[NL] = { 0 }, *up[NL] = { 0 }, *uc[NL] = { 0 };
    int h = cur->y.height;
    /* after the first frame the output reads nearly every line; on the
     * first only the lines the output reads (3 of the 6), in 4:2:2 and
     * 4:1:1 only their rows, and prev is not read */
    unsigned need = p->first_frame && !all ? first_lines_needed(p) : 0x3F;
    if (band) {
        band_rows(band->rows[1], bx, sc);
        if (!p->first_frame)
            band_rows(band->rows[0], bx, sp);
    } else {
        load_rows(cur, &m, v420 ? 0x3F : need, rc, sc);
        if (!p->first_frame)
            load_rows(prev, &m, 0x3F, rp, sp);
    }
    if (v420) {
        if (!p->first_frame)
            upsample_420(d, p, sp, sc, false, by, h, stmm3, 0x3F, bp, up);
        upsample_420(d, p, sp, sc, true, by, h, stmm3, need, bc, uc);
    } else {
        for (int k = 0; k < NL; k++) {
            up[k] = sp[k];
            uc[k] = sc[k];
        }
    }
    for (int l = 0; l < 4; l++) {
        bool first = di_first_field_line(p, by + l);
        field_line(d, p, uc, up, uc, !first, p->first_frame ? 0 : p->cadence_cur1, l, stmm3[l],
                   angle[l], out->cur1_c[l]);
        if (!p->first_frame)
            field_line(d, p, up, up, uc, first, p->cadence_prev2, l, stmm3[l], angle[l],
                       out->prev2_c[l]);
    }
}

void di_chroma_block_dsp(const di_chroma_dsp *d, const g7sf_di_params *p, const g7sf_yuv *cur,
                         const g7sf_yuv *prev, int bx, int by, const uint8_t stmm3[4][8],
                         const uint8_t angle[4][8], g7sf_di_block_out *out)
{
    di_out o = di_out_block(out);
    block(d, p, cur, prev, bx, by, stmm3, angle, NULL, &o, false);
}

void di_chroma_block_all(const di_chroma_dsp *d, const g7sf_di_params *p, const g7sf_yuv *cur,
                         const g7sf_yuv *prev, int bx, int by, const uint8_t stmm3[4][8],
                         const uint8_t angle[4][8], g7sf_di_block_out *out)
{
    di_out o = di_out_block(out);
    block(d, p, cur, prev, bx, by, stmm3, angle, NULL, &o, true);
}

void di_chroma_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev, int bx,
                     int by, const uint8_t stmm3[4][8], const uint8_t angle[4][8],
                     const di_chroma_band *band, const di_out *out)
{
    block(&media_dsp_get()->chroma, p, cur, prev, bx, by, stmm3, angle, band, out, false);
}
