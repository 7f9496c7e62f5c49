/* One pass of the DN/DI unit over a frame (vpp_pass.h): the block walk a
 * driver's kernel does, one deinterlace message's work per block, results
 * stored where the kernel stores them. */
#include <stdlib.h>
#include <string.h>

#include "vpp_pass.h"

enum { BW = G7SF_DN_BLOCK_W };

int vpp_pass_rows(const g7sf_sampler_state_di *s, int height)
{
    return height / (s->di_enable ? 4 : 8);
}

static bool plane_ok(const g7sf_plane *p, int w, int h)
{
    return p->data && p->width == w && p->height == h && p->stride >= w;
}

static bool yuv_ok(const g7sf_yuv *f, int w, int h, bool chroma)
{
    if (!plane_ok(&f->y, w, h))
        return false;
    if (!chroma)
        return true;
    int cw = f->chroma == G7SF_CHROMA_411 ? w / 4 : w / 2;
    int ch = f->chroma == G7SF_CHROMA_420 ? h / 2 : h;
    return plane_ok(&f->cb, cw, ch) && plane_ok(&f->cr, cw, ch);
}

static bool wplane_ok(const vpp_wplane *p, int w)
{
    return !p->data || p->stride >= w;
}

/* The checks every entry point shares; *rows gets the pass's block rows. */
static int check(const vpp_pass_in *in, int row0, int row1, int *rows)
{
    if (!in || !in->state || !in->cur)
        return G7SF_EINVAL;
    const g7sf_sampler_state_di *s = in->state;
    int w = in->cur->y.width, h = in->cur->y.height;
    if ((!s->dn_enable && !s->di_enable) || w < BW || w % BW || h < 8 ||
        h % (s->di_enable ? 4 : 8) || !yuv_ok(in->cur, w, h, s->di_enable || in->chroma_dn))
        return G7SF_EINVAL;
    if (!s->dndi_first_frame &&
        (!in->prev || !in->stat_in || (s->di_enable && in->prev->chroma != in->cur->chroma) ||
         !yuv_ok(in->prev, w, h, s->di_enable || in->chroma_dn)))
        return G7SF_EINVAL;
    if (!vpp_stat_ok(in->stat_layout, in->stat_pitch, w, h))
        return G7SF_EINVAL;
    *rows = vpp_pass_rows(s, h);
    if (row0 < 0 || row1 < row0 || row1 > *rows)
        return G7SF_EINVAL;
    return 0;
}

int vpp_fmd_run(const vpp_pass_in *in, g7sf_fmd_frame *fmd, long *motion_pixels, int row0,
                int row1)
{
    int rows, err = check(in, row0, row1, &rows);
    if (err)
        return err;
    if (!in->state->di_enable || !fmd || !motion_pixels)
        return G7SF_EINVAL;
    g7sf_di_params dp;
    g7sf_di_params_from_state(in->state, &dp);
    const g7sf_plane *cur = &in->cur->y, *prev = dp.first_frame ? NULL : &in->prev->y;
    for (int by = row0 * 4; by < row1 * 4; by += 4)
        for (int bx = 0; bx < cur->width; bx += BW) {
            g7sf_fmd_block b;
            err = g7sf_fmd_block_run(&dp, cur, prev, bx, by, &b);
            if (err)
                return err;
            g7sf_fmd_add(fmd, in->state->dndi_stream_id, &b, bx, by, cur->width, cur->height);
            *motion_pixels += b.motion;
        }
    return 0;
}

static void put_block(const vpp_wplane *p, int bx, int by, int rows, const uint8_t *src,
                      int src_stride, int cols)
{
    if (!p->data)
        return;
    for (int r = 0; r < rows; r++)
        memcpy(p->data + (size_t)(by + r) * p->stride + bx, src + r * src_stride, (size_t)cols);
}

/* The writeback's chroma lines hold Cr at [2i] and Cb at [2i + 1]. */
static void put_chroma(const vpp_wplane *p, int bx, int by, const uint8_t (*c)[16], int odd)
{
    if (!p->data)
        return;
    /* one pass over the block's 64 bytes, which GCC vectorises, then a
     * fixed-size copy per line */
    const uint8_t *in = &c[0][0];
    uint8_t s[4][8], *flat = &s[0][0];
    for (int k = 0; k < 32; k++)
        flat[k] = in[2 * k + odd];
    for (int l = 0; l < 4; l++)
        memcpy(p->data + (size_t)(by + l) * p->stride + bx / 2, s[l], 8);
}

/* Where a DI block's results go (put_di). */
typedef struct di_put {
    vpp_pass_out *out;
    const vpp_stat *sl;
    int w;
} di_put;

/* Stores a DI block's results where the kernel stores them. */
static void put_di(void *ctx, int bx, int by, const g7sf_di_block_out *d)
{
    const di_put *c = ctx;
    vpp_pass_out *out = c->out;
    put_block(&out->prev2[0], bx, by, 4, &d->prev2_y[0][0], 16, 16);
    put_block(&out->cur1[0], bx, by, 4, &d->cur1_y[0][0], 16, 16);
    put_chroma(&out->prev2[1], bx, by, d->prev2_c, 1);
    put_chroma(&out->prev2[2], bx, by, d->prev2_c, 0);
    put_chroma(&out->cur1[1], bx, by, d->cur1_c, 1);
    put_chroma(&out->cur1[2], bx, by, d->cur1_c, 0);
    if (out->stat_out)
        vpp_stat_put(c->sl, out->stat_out, VPP_STAT_STMM, bx / 2, by, 8, 4, &d->stmm[0][0], 8);
}

/* The chroma lines of a DI band into the planes: Cr at [2i], Cb at [2i + 1]. */
static void put_chroma_line(const vpp_wplane *cb, const vpp_wplane *cr, int y, const uint8_t *c,
                            int w)
{
    /* restrict: the planes and the line do not overlap, so the loops
     * vectorise */
    uint8_t *restrict b = cb->data ? cb->data + (size_t)y * cb->stride : NULL;
    uint8_t *restrict r = cr->data ? cr->data + (size_t)y * cr->stride : NULL;
    const uint8_t *restrict s = c;
    if (r && b) {
        for (int i = 0; i < w / 2; i++) {
            r[i] = s[2 * i];
            b[i] = s[2 * i + 1];
        }
        return;
    }
    for (int i = 0; r && i < w / 2; i++)
        r[i] = s[2 * i];
    for (int i = 0; b && i < w / 2; i++)
        b[i] = s[2 * i + 1];
}

/* Stores a DI band's results (g7sf_di_rows) where the kernel stores them. */
static void put_band(void *ctx, const g7sf_di_band *band)
{
    const di_put *c = ctx;
    vpp_pass_out *out = c->out;
    int w = c->w;
    for (int l = 0; l < 4; l++) {
        int y = band->by + l;
        put_block(&out->prev2[0], 0, y, 1, band->prev2_y[l], w, w);
        put_block(&out->cur1[0], 0, y, 1, band->cur1_y[l], w, w);
        put_chroma_line(&out->prev2[1], &out->prev2[2], y, band->prev2_c[l], w);
        put_chroma_line(&out->cur1[1], &out->cur1[2], y, band->cur1_c[l], w);
        if (out->stat_out)
            vpp_stat_put(c->sl, out->stat_out, VPP_STAT_STMM, 0, y, w / 2, 1, band->stmm[l],
                         w / 2);
    }
}

/* The luma region g7sf_di_block reads around (bx, by), copied from src. */
static void copy_region(const g7sf_plane *src, uint8_t *dst, int bx, int by)
{
    int y0 = by - 8 < 0 ? 0 : by - 8, y1 = by + 12 > src->height ? src->height : by + 12;
    int x0 = bx - 16 < 0 ? 0 : bx - 16, x1 = bx + 32 > src->width ? src->width : bx + 32;
    for (int y = y0; y < y1; y++)
        memcpy(dst + (size_t)y * src->width + x0, src->data + (size_t)y * src->stride + x0,
               (size_t)(x1 - x0));
}

/* Counts the 4x4 blocks the DN motion detection marks moving (§2.8.2.1). */
static long moving_blocks(const g7sf_dn_params *p, const g7sf_dn_block_stats *st, int n)
{
    long m = 0;
    for (int k = 0; k < n && !p->first_frame; k++)
        m += st->stad[k] > p->stad_th || st->motion_pixels[k] > p->mp_th;
    return p->first_frame ? n : m;
}

/* The histories of field f of the luma block at (bx, by), k at [k], from
 * the surface (hist_get) and back (hist_put). */
static void hist_get(const vpp_stat *sl, const vpp_pass_in *in, enum vpp_stat_field f, int bx,
                     int by, int bh, uint8_t hist[8])
{
    vpp_stat_get(sl, in->stat_in, f, bx / 4, by / 4, BW / 4, bh / 4, hist, BW / 4);
}

static void hist_put(const vpp_stat *sl, const vpp_pass_out *out, enum vpp_stat_field f, int bx,
                     int by, int bh, const uint8_t hist[8])
{
    if (out->stat_out)
        vpp_stat_put(sl, out->stat_out, f, bx / 4, by / 4, BW / 4, bh / 4, hist, BW / 4);
}

/* Haswell chroma denoise of the luma block at (bx, by). */
static int dn_chroma(const vpp_pass_in *in, const vpp_pass_out *out, const vpp_stat *sl,
                     const g7sf_dn_params *p, int bx, int by, int bh)
{
    const g7sf_yuv *cur = in->cur, *prev = p->first_frame ? NULL : in->prev;
    bool v2 = cur->chroma == G7SF_CHROMA_420;
    for (int i = 0; i < 2; i++) {
        uint8_t dn[8][BW / 2], h_in[8], h_out[8];
        g7sf_dn_block_stats st;
        enum vpp_stat_field f = i ? VPP_STAT_HIST_V : VPP_STAT_HIST_U;
        if (prev)
            hist_get(sl, in, f, bx, by, bh, h_in);
        int err = g7sf_dn_chroma_block(p, in->chroma_dn, cur->chroma, i ? &cur->cr : &cur->cb,
                                       prev ? (i ? &prev->cr : &prev->cb) : NULL, bx, by, bh,
                                       prev ? h_in : NULL, h_out, BW / 4, &dn[0][0], BW / 2, &st);
        if (err)
            return err;
        hist_put(sl, out, f, bx, by, bh, h_out);
        put_block(&out->dn_c[i], bx / 2, v2 ? by / 2 : by, v2 ? bh / 2 : bh, &dn[0][0], BW / 2,
                  BW / 2);
    }
    return 0;
}

int vpp_pass_run(const vpp_pass_in *in, vpp_pass_out *out, int row0, int row1, bool skip_fmd,
                 g7sf_di_rows_mem **mem)
{
    int rows, err = check(in, row0, row1, &rows);
    if (err)
        return err;
    const g7sf_sampler_state_di *s = in->state;
    int w = in->cur->y.width, h = in->cur->y.height;
    const vpp_stat sl = { in->stat_layout, in->stat_pitch, h };
    if (!out || !wplane_ok(&out->dn, w) || !wplane_ok(&out->dn_c[0], w / 2) ||
        !wplane_ok(&out->dn_c[1], w / 2))
        return G7SF_EINVAL;
    for (int i = 0; i < 3; i++)
        if (!wplane_ok(&out->prev2[i], i ? w / 2 : w) || !wplane_ok(&out->cur1[i], i ? w / 2 : w))
            return G7SF_EINVAL;

    g7sf_dn_params dnp;
    g7sf_di_params dip;
    g7sf_dn_params_from_state(s, &dnp);
    g7sf_di_params_from_state(s, &dip);
    bool first = s->dndi_first_frame;
    const g7sf_yuv *prev = first ? NULL : in->prev;
    int bh = s->di_enable ? 4 : 8;

    /* DN + DI: the DI reads a frame whose block luma is the DN output */
    uint8_t *scratch = NULL, *stmm_copy = NULL;
    g7sf_yuv di_cur = *in->cur;
    if (s->dn_enable && s->di_enable) {
        scratch = malloc((size_t)w * h);
        if (!scratch)
            return G7SF_ENOMEM;
        di_cur.y = (g7sf_plane){ scratch, w, w, h };
    }
    /* the DI reads the previous STMM of its blocks' lines as rows */
    const uint8_t *stmm_in = NULL;
    int stmm_stride = 0;
    if (s->di_enable && !first &&
        !(stmm_in = vpp_stat_stmm_rows(&sl, in->stat_in, w, row0 * bh, row1 * bh, &stmm_stride,
                                       &stmm_copy))) {
        free(scratch);
        return G7SF_ENOMEM;
    }

    for (int by = row0 * bh; by < row1 * bh && !err; by += bh)
        for (int bx = 0; bx < w && !err; bx += BW) {
            if (s->dn_enable) {
                /* the block is inside the frame (w % 16 == 0, h % bh == 0):
                 * denoised straight into the output plane when there is one */
                uint8_t dn[8][BW], *dst = &dn[0][0];
                int dst_stride = BW;
                if (out->dn.data)
                    dst = out->dn.data + (size_t)by * out->dn.stride + bx, dst_stride = out->dn.stride;
                g7sf_dn_block_stats st;
                uint8_t h_in[8], h_out[8];
                if (!first)
                    hist_get(&sl, in, VPP_STAT_HIST_Y, bx, by, bh, h_in);
                err = g7sf_dn_block(&dnp, &in->cur->y, prev ? &prev->y : NULL, bx, by, bh,
                                    first ? NULL : h_in, h_out, BW / 4, dst, dst_stride, &st);
                if (err)
                    break;
                hist_put(&sl, out, VPP_STAT_HIST_Y, bx, by, bh, h_out);
                g7sf_gne_add(&out->gne, s->dndi_stream_id, st.bne);
                out->moving_4x4 += moving_blocks(&dnp, &st, bh);
                if (in->chroma_dn && (err = dn_chroma(in, out, &sl, &dnp, bx, by, bh)))
                    break;
                if (scratch) {
                    copy_region(&in->cur->y, scratch, bx, by);
                    put_block(&(vpp_wplane){ scratch, w }, bx, by, bh, dst, dst_stride, BW);
                }
            }
            if (out->stat_out)
                vpp_stat_clear_unused(&sl, out->stat_out, bx / 4, by / 4, BW / 4, bh / 4);
            if (!s->di_enable)
                continue;
            if (!skip_fmd) {
                g7sf_fmd_block fb;
                err = g7sf_fmd_block_run(&dip, &di_cur.y, prev ? &prev->y : NULL, bx, by, &fb);
                if (err)
                    break;
                g7sf_fmd_add(&out->fmd, s->dndi_stream_id, &fb, bx, by, w, h);
                out->motion_pixels += fb.motion;
            }
            if (!s->dn_enable)
                continue;       /* the DI runs along whole lines below */
            g7sf_di_block_out d;
            err = g7sf_di_block(&dip, &di_cur, prev, stmm_in, stmm_stride, bx, by, &d);
            if (err)
                break;
            put_di(&(di_put){ out, &sl, w }, bx, by, &d);
        }
    /* without DN the DI's blocks see the frame as read: the SDI's sums are
     * shared along the lines (g7sf_di_rows) */
    if (!err && s->di_enable && !s->dn_enable) {
        if (mem && !*mem)
            *mem = g7sf_di_rows_mem_new(w);     /* NULL: one for the call */
        err = g7sf_di_rows(&dip, &di_cur, prev, stmm_in, stmm_stride, row0 * bh, row1 * bh,
                           mem ? *mem : NULL, put_band, &(di_put){ out, &sl, w });
    }
    free(stmm_copy);
    free(scratch);
    return err;
}
