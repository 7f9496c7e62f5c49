/* Chroma of the deinterlacer: the up-sampler to 4:2:2 (§2.8.4.5, lines
 * 1142-1181), the chroma deinterlace along the reduced luma angle with its
 * static image fallback (§2.8.4.6, 1183-1209), the temporal deinterlace and
 * final blend (§2.8.4.7) and progressive cadence reconstruction (§2.8.4.8).
 * Decisions on unclear passages: docs/spec-notes.md, "Deinterlace". */
#include <string.h>

#include "di_core.h"
#include "window.h"

/* Around the block, per plane (Cr, Cb): 6 lines (frame lines by - 1 ..
 * by + 4) of 10 samples in 4:2:2 (4:2:2 samples bx / 2 - 1 .. bx / 2 + 8,
 * i.e. pairs -1..8). */
enum { NL = 6, NS = 10 };
typedef uint8_t di_crows[2][NL][NS];

static inline int iclamp(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

/* One source row as 4:2:2 samples: 4:1:1 doubles horizontally by averaging
 * the neighbours (line 1181). */
static void load_row(const g7sf_plane *pl, int row, int s0, enum g7sf_chroma fmt, uint8_t *dst)
{
    const uint8_t *src = pl->data + (size_t)row * pl->stride;
    int last = pl->width - 1;
    for (int k = 0; k < NS; k++) {
        int s = s0 + k;
        if (fmt != G7SF_CHROMA_411)
            dst[k] = src[iclamp(s, last)];
        else if (s & 1)
            dst[k] = (uint8_t)di_avg(src[iclamp(s >> 1, last)], src[iclamp((s >> 1) + 1, last)]);
        else
            dst[k] = src[iclamp(s >> 1, last)];
    }
}

/* The source rows of one frame: 4:2:0 chroma rows by / 2 - 2 .. by / 2 + 3,
 * otherwise frame lines by - 1 .. by + 4; outside the plane, the nearest row
 * of the same field. */
static void load_rows(const g7sf_yuv *f, int bx, int by, di_crows r)
{
    const g7sf_plane *pl[2] = { &f->cr, &f->cb };
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < NL; k++) {
            int row = f->chroma == G7SF_CHROMA_420 ? by / 2 - 2 + k : by - 1 + k;
            load_row(pl[c], media_clamp_line(row, pl[c]->height, 2), bx / 2 - 1, f->chroma, r[c][k]);
        }
}

/* 4:2:0 to 4:2:2 of frame line y of one frame (is_cur: which), for the field
 * that owns the line.  Chroma row j = y / 2 belongs to the field of its
 * parity; a line whose row belongs to the other field is doubled from rows
 * j - 1, j + 1 of its own field (spatial) and row j of the fields before and
 * after it in time (temporal), blended by STMM3.  The 2nd field of prev and
 * the 1st of cur have both neighbours in the pair: (prev[j] + cur[j]) / 2;
 * prev's 1st field and cur's 2nd have only their own frame's other field. */
static void upsample_420(const g7sf_di_params *p, const di_crows pr, const di_crows cr, bool is_cur,
                         int by, int h, int y, const uint8_t stmm3[4][8], uint8_t u[2][NS])
{
    const di_crows *own = is_cur ? (const di_crows *)cr : (const di_crows *)pr;
    int yc = media_clamp_line(y, h, 2), j = (yc >> 1) - (by / 2 - 2);
    for (int c = 0; c < 2; c++) {
        const uint8_t *row = (*own)[c][j];
        if (!((yc ^ (yc >> 1)) & 1)) {      /* the field's own row */
            for (int k = 0; k < NS; k++)
                u[c][k] = row[k];
            continue;
        }
        bool first = di_first_field_line(p, yc), both = is_cur == first;
        const uint8_t *up = (*own)[c][j - 1], *dn = (*own)[c][j + 1];
        const uint8_t *tp = p->first_frame ? row : pr[c][j], *tc = p->first_frame ? row : cr[c][j];
        const uint8_t *s3 = stmm3[iclamp(yc - by, 3)];
        for (int k = 0; k < NS; k++) {
            int spatial = (up[k] + dn[k]) / 2;
            int temporal = both ? (tp[k] + tc[k]) / 2 : row[k];
            /* the first frame has no neighbour in time */
            int s = p->first_frame ? 255 : s3[iclamp(k - 1, 7)];
            u[c][k] = (uint8_t)(p->first_frame ? spatial : di_blend(p, s, spatial, temporal));
        }
    }
}

/* 4:2:2 chroma of frame lines by - 1 .. by + 4 of one frame. */
static void upsample(const g7sf_di_params *p, const di_crows pr, const di_crows cr, bool is_cur,
                     int by, int h, enum g7sf_chroma fmt, const uint8_t stmm3[4][8], di_crows u)
{
    for (int k = 0; k < NL; k++) {
        uint8_t line[2][NS];
        if (fmt == G7SF_CHROMA_420) {
            upsample_420(p, pr, cr, is_cur, by, h, by - 1 + k, stmm3, line);
        } else {
            const di_crows *own = is_cur ? (const di_crows *)cr : (const di_crows *)pr;
            for (int c = 0; c < 2; c++)
                for (int s = 0; s < NS; s++)
                    line[c][s] = (*own)[c][k][s];
        }
        for (int c = 0; c < 2; c++)
            for (int s = 0; s < NS; s++)
                u[c][k][s] = line[c][s];
    }
}

/* Chroma SDI of sample i between the picture's lines above (a) and below
 * (b): 90 and +-27 degrees directly, +-45 their average, +-18 and +-11 as
 * +-27; blended toward 90 degrees for static areas (§2.8.4.6.1). */
static int chroma_sdi(const g7sf_di_params *p, const uint8_t *a, const uint8_t *b, int i,
                      int angle, int stmm3)
{
    int off = di_angle_off[angle], sg = (off > 0) - (off < 0);
    int c90 = di_avg(a[i + 1], b[i + 1]), c27 = di_avg(a[i + 1 - sg], b[i + 1 + sg]);
    int three = off == 1 || off == -1 ? di_avg(c90, c27) : c27;
    return di_blend(p, stmm3, three, c90);
}

/* One output field's chroma line l: own is the picture's 4:2:2 chroma, the
 * missing lines take cadence 1 / 2 from prev / cur. */
static void field_line(const g7sf_di_params *p, const di_crows up, const di_crows uc, bool from_cur,
                       bool missing, unsigned cadence, int l, const uint8_t stmm3[8],
                       const uint8_t angle[8], uint8_t dst[16])
{
    const di_crows *own = from_cur ? (const di_crows *)uc : (const di_crows *)up;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 8; i++) {
            int v;
            if (!missing)
                v = (*own)[c][l + 1][i + 1];
            else if (cadence == 1)
                v = up[c][l + 1][i + 1];
            else if (cadence == 2)
                v = uc[c][l + 1][i + 1];
            else {
                int s3 = p->first_frame ? 255 : stmm3[i];
                int sdi = chroma_sdi(p, (*own)[c][l], (*own)[c][l + 2], i, angle[i], s3);
                v = p->first_frame ? sdi
                                   : di_blend(p, s3, sdi, di_avg(up[c][l + 1][i + 1],
                                                                 uc[c][l + 1][i + 1]));
            }
            dst[2 * i + c] = (uint8_t)v;    /* Cr at 2i, Cb at 2i + 1 */
        }
}

void di_chroma_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev, int bx,
                     int by, const uint8_t stmm3[4][8], const uint8_t angle[4][8],
                     g7sf_di_block_out *out)
{
    di_crows rp, rc, up, uc;
    load_rows(cur, bx, by, rc);
    if (p->first_frame) {       /* prev is not read */
        memset(rp, 0, sizeof(di_crows));
        memset(up, 0, sizeof(di_crows));
    } else {
        load_rows(prev, bx, by, rp);
        upsample(p, rp, rc, false, by, cur->y.height, cur->chroma, stmm3, up);
    }
    upsample(p, rp, rc, true, by, cur->y.height, cur->chroma, stmm3, uc);
    for (int l = 0; l < 4; l++) {
        bool first = di_first_field_line(p, by + l);
        field_line(p, up, uc, true, !first, p->first_frame ? 0 : p->cadence_cur1, l, stmm3[l],
                   angle[l], out->cur1_c[l]);
        if (!p->first_frame)
            field_line(p, up, uc, false, first, p->cadence_prev2, l, stmm3[l], angle[l],
                       out->prev2_c[l]);
    }
}
