/* The DN/DI unit's pass over one block of frames in graphics memory
 * (§2.8.6), what the sampler's deinterlace message (src/msg/deinterlace.c)
 * runs: the frames' windows copied to host planes (media_surface.c), the
 * statistics surface read, then the block kernels of media.h.  Decisions:
 * docs/spec-notes.md, "Deinterlace message". */
#include <stddef.h>
#include <string.h>

#include "di_int.h"
#include "media_gpu.h"
#include "media_surface.h"

enum { BW = G7SF_DN_BLOCK_W, MARGIN_X = 16, MARGIN_Y = 8 };

int g7sf_dndi_state_check(const g7sf_sampler_state_di *s, const char **why)
{
    const char *w = NULL;
    int r = 0;
    if (!s)
        r = G7SF_EINVAL, w = "no SAMPLER_STATE_DI";
    else if (!s->di_enable && !s->dn_enable)
        r = G7SF_ESTATE, w = "DI Enable and DN Enable are both 0";
    else if (s->di_enable && s->progressive_dn)
        r = G7SF_ESTATE, w = "Progressive DN with DI Enable";
    else if (s->di_enable && s->di_partial)
        /* 5553 announces three writebacks "depending on DI Enable and DI
         * Partial" and gives two; 3854 names the partial VDI writeback and
         * nothing defines it: state with no defined result */
        r = G7SF_ESTATE, w = "DI Partial with DI Enable asks for the partial VDI writeback, "
                             "whose layout the PRM never gives (3854, 5553)";
    else
        r = g7sf_di_state_check(s, &w);
    if (why)
        *why = w;
    return r;
}

/* One pass: its arguments, the padded frame size and the host copies. */
typedef struct dndi_pass {
    g7sf_gpu *gpu;
    const g7sf_sampler_state_di *st;
    const g7sf_media_surface *cur, *prev, *stat;
    bool first;
    int x, y, bh;               /* the block: (x, y), 16 x bh */
    int pw, ph;                 /* frame size padded to whole blocks */
    media_frame fcur, fprev;
    uint8_t *stmm;              /* pw / 2 x ph STMM entries, DI only */
    uint8_t hist_in[8];         /* denoise history of the block's 4x4s, 4 per row */
    const char *why;
} dndi_pass;

static int fail(dndi_pass *p, int code, const char *why)
{
    p->why = why;
    return code;
}

static int check(dndi_pass *p)
{
    const g7sf_media_surface *cur = p->cur;
    int r = g7sf_dndi_state_check(p->st, &p->why);
    if (r)
        return r;
    if (cur->format == G7SF_MEDIA_STMM_DN_STATISTICS)
        return fail(p, G7SF_ESTATE, "the current frame is a statistics surface");
    p->first = p->st->dndi_first_frame;
    p->bh = p->st->di_enable ? 4 : 8;
    if (p->x < 0 || p->y < 0 || p->x % BW || p->y % p->bh || p->x >= cur->width ||
        p->y >= cur->height)
        return fail(p, G7SF_EINVAL, "the block is not a 16 x 4 (DI) or 16 x 8 block of the "
                                    "current frame");
    p->pw = (cur->width + BW - 1) / BW * BW;
    p->ph = (cur->height + p->bh - 1) / p->bh * p->bh;
    if (p->first)
        return 0;
    const g7sf_media_surface *prev = p->prev, *stat = p->stat;
    if (!prev || !stat)
        return fail(p, G7SF_EINVAL, "no previous frame or statistics surface");
    if (prev->format != cur->format || prev->width != cur->width || prev->height != cur->height)
        return fail(p, G7SF_ESTATE, "the previous frame differs from the current frame in "
                                    "format or size");
    if (stat->format != G7SF_MEDIA_STMM_DN_STATISTICS || stat->pitch < (uint32_t)p->pw ||
        stat->height < p->ph)
        return fail(p, G7SF_ESTATE, "statistics surface: not STMM_DN_STATISTICS of the padded "
                                    "frame's pitch and rows");
    return 0;
}

/* The windows of the frames the block reads, the block's denoise history
 * and (DI) the STMM around it, into mem. */
static int load(dndi_pass *p, uint8_t *mem, size_t frame_bytes)
{
    g7sf_gpu *gpu = p->gpu;
    media_frame_init(&p->fcur, p->cur, p->pw, p->ph, mem);
    if (!p->first)
        media_frame_init(&p->fprev, p->prev, p->pw, p->ph, mem + frame_bytes);
    int r = media_frame_load(gpu, p->cur, &p->fcur, p->x, p->y, BW, p->bh, MARGIN_X, MARGIN_Y);
    if (!r && !p->first)
        r = media_frame_load(gpu, p->prev, &p->fprev, p->x, p->y, BW, p->bh, MARGIN_X, MARGIN_Y);
    if (r)
        return fail(p, r, "a frame's pixels pass 4 GiB");
    if (p->first)
        return 0;
    /* statistics (§2.8.6.2): history of 4x4 (x, y) at (pitch / 2 + x / 4,
     * y / 4), STMM of pixel pair (x, y) at (x / 2, y) */
    const g7sf_media_surface *stat = p->stat;
    uint32_t hx = stat->pitch / 2 + (uint32_t)p->x / 4;
    for (int row = 0; !r && row < p->bh / 4; row++)
        r = media_surface_read_bytes(gpu, stat, hx, (uint32_t)(p->y / 4 + row), 4,
                                     p->hist_in + 4 * row);
    if (!r && p->st->di_enable) {
        int sw = p->pw / 2;
        p->stmm = mem + 2 * frame_bytes;
        int x0 = p->x / 2 - MARGIN_X / 2 < 0 ? 0 : p->x / 2 - MARGIN_X / 2;
        int x1 = p->x / 2 + BW / 2 + MARGIN_X / 2 > sw ? sw : p->x / 2 + BW / 2 + MARGIN_X / 2;
        int y0 = p->y - MARGIN_Y < 0 ? 0 : p->y - MARGIN_Y;
        int y1 = p->y + p->bh + MARGIN_Y > p->ph ? p->ph : p->y + p->bh + MARGIN_Y;
        for (int y = y0; !r && y < y1; y++)
            r = media_surface_read_bytes(gpu, stat, (uint32_t)x0, (uint32_t)y,
                                         (uint32_t)(x1 - x0), p->stmm + (size_t)y * sw + x0);
    }
    if (r)
        return fail(p, r, r == G7SF_EFAULT ? "statistics surface: its bytes pass 4 GiB"
                                           : "statistics surface: a read outside it");
    return 0;
}

/* A chroma line as the chroma block holds it: Cr(2i) at [2i], Cb(2i) at
 * [2i + 1], from the 4:2:2 planes of the frame. */
static void chroma_line(const media_frame *f, int x, int y, uint8_t out[16])
{
    const uint8_t *cb = f->plane[1] + (size_t)y * f->w[1] + x / 2;
    const uint8_t *cr = f->plane[2] + (size_t)y * f->w[2] + x / 2;
    for (int i = 0; i < 8; i++)
        out[2 * i] = cr[i], out[2 * i + 1] = cb[i];
}

/* The DN of the block.  DN off: only the block noise estimate is wanted
 * (line 3870), and it reads the current frame alone, as on a first frame;
 * the luma is the input's. */
static int run_dn(dndi_pass *p, g7sf_dndi_result *out)
{
    g7sf_dn_params dp;
    g7sf_dn_params_from_state(p->st, &dp);
    bool dn = p->st->dn_enable;
    if (!dn)
        dp.first_frame = true;
    bool temporal = dn && !p->first;
    int r = g7sf_dn_block(&dp, &p->fcur.real, temporal ? &p->fprev.real : NULL, p->x, p->y, p->bh,
                          temporal ? p->hist_in : NULL, out->hist, 4, &out->y[0][0], BW, &out->dn);
    if (r)
        return fail(p, r, "the denoise refused its arguments");
    if (!dn) {
        /* STAD, SHCM, SVCM and the history are 0 (5743-5750) */
        out->dn = (g7sf_dn_block_stats){ .bne = out->dn.bne };
        for (int l = 0; l < p->bh; l++)
            memcpy(out->y[l], p->fcur.plane[0] + (size_t)(p->y + l) * p->pw + p->x, BW);
    }
    if (p->cur->chroma == G7SF_CHROMA_422)
        for (int l = 0; l < p->bh; l++)
            chroma_line(&p->fcur, p->x, p->y + l, out->c[l]);
    return 0;
}

/* The FMD and the DI over the current frame with the denoised block in it. */
static int run_di(dndi_pass *p, g7sf_dndi_result *out)
{
    for (int l = 0; p->st->dn_enable && l < 4; l++)
        memcpy(p->fcur.plane[0] + (size_t)(p->y + l) * p->pw + p->x, out->y[l], BW);
    g7sf_di_params dip;
    g7sf_di_params_from_state(p->st, &dip);
    const g7sf_yuv *prev = p->first ? NULL : &p->fprev.yuv;
    int r = g7sf_fmd_block_run(&dip, &p->fcur.yuv.y, prev ? &prev->y : NULL, p->x, p->y,
                               &out->fmd);
    if (r)
        return fail(p, r, "the field motion detector refused its arguments");
    r = g7sf_di_block(&dip, &p->fcur.yuv, prev, p->stmm, p->pw / 2, p->x, p->y, &out->di);
    if (r)
        return fail(p, r, "the deinterlacer refused its arguments");
    for (int l = 0, n = 0; l < 4; l++)
        if (!di_first_field_line(&dip, p->y + l)) {
            memcpy(out->cur2_y[n], out->y[l], BW);
            memcpy(out->cur2_c[n++], out->c[l], BW);
        }
    return 0;
}

static int run(dndi_pass *p, g7sf_dndi_result *out)
{
    int r = check(p);
    if (r)
        return r;
    size_t fb = media_frame_bytes(p->cur, p->pw, p->ph), sb = 0;
    if (!p->first && p->st->di_enable)
        sb = (size_t)(p->pw / 2) * (size_t)p->ph;
    bool own;
    uint8_t *mem = media_scratch_take(p->gpu, fb * (p->first ? 1 : 2) + sb, &own);
    if (!mem)
        return fail(p, G7SF_ENOMEM, "out of host memory");
    *out = (g7sf_dndi_result){ .bh = p->bh };
    if (!(r = load(p, mem, fb)) && !(r = run_dn(p, out)) && p->st->di_enable)
        r = run_di(p, out);
    media_scratch_put(p->gpu, mem, own);
    return r;
}

int g7sf_dndi_block(g7sf_gpu *gpu, const g7sf_sampler_state_di *st, const g7sf_media_surface *cur,
                    const g7sf_media_surface *prev, const g7sf_media_surface *stat, int x, int y,
                    g7sf_dndi_result *out, const char **why)
{
    dndi_pass p = { .gpu = gpu, .st = st, .cur = cur, .prev = prev, .stat = stat, .x = x, .y = y };
    int r = !gpu || !st || !cur || !out ? fail(&p, G7SF_EINVAL, "a NULL argument") : run(&p, out);
    if (why)
        *why = r ? p.why : NULL;
    return r;
}
