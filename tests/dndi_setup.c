#include <stdlib.h>
#include <string.h>

#include "dndi_setup.h"
#include "gen7sf/surface.h"
#include "harness.h"

g7sf_gpu *d_gpu(g7sf_thread *thr)
{
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, D_DYNAMIC_BASE, 0);
    thr->sampler_state = D_SAMPLER_OFF;
    return gpu;
}

d_frame d_frame_new(int w, int h, enum g7sf_chroma chroma)
{
    d_frame f = { .w = w, .h = h, .chroma = chroma,
                  .cw = chroma == G7SF_CHROMA_411 ? w / 4 : w / 2,
                  .ch = chroma == G7SF_CHROMA_420 ? h / 2 : h };
    f.p[0] = calloc((size_t)w * h, 1);
    f.p[1] = calloc((size_t)f.cw * f.ch, 1);
    f.p[2] = calloc((size_t)f.cw * f.ch, 1);
    return f;
}

void d_frame_free(d_frame *f)
{
    for (int i = 0; i < 3; i++)
        free(f->p[i]);
}

void d_frame_random(d_frame *f)
{
    for (int i = 0; i < f->w * f->h; i++)
        f->p[0][i] = (uint8_t)t_rand();
    for (int i = 0; i < f->cw * f->ch; i++)
        f->p[1][i] = (uint8_t)t_rand(), f->p[2][i] = (uint8_t)t_rand();
}

g7sf_yuv d_frame_yuv(const d_frame *f)
{
    return (g7sf_yuv){ .y = { f->p[0], f->w, f->w, f->h }, .cb = { f->p[1], f->cw, f->cw, f->ch },
                       .cr = { f->p[2], f->cw, f->cw, f->ch }, .chroma = f->chroma };
}

/* Byte order of the packed formats, named as their FOURCCs (PRM line 8639). */
static const char *fourcc(unsigned format)
{
    static const char *const names[4] = { "YUYV", "VYUY", "YVYU", "UYVY" };
    return names[format];
}

static unsigned tiling_of(unsigned tile)
{
    return tile == 2 ? G7SF_TILING_X : tile == 3 ? G7SF_TILING_Y : G7SF_TILING_LINEAR;
}

d_layout d_layout_for(unsigned format, unsigned tile, bool interleave, uint32_t base, int w,
                      int h)
{
    uint32_t row = (uint32_t)w * (format <= 3 ? 2 : 1);
    uint32_t align = tile == 2 ? 512 : tile == 3 ? 128 : 16;
    d_layout l = { .format = format, .tile = tile, .interleave = interleave, .base = base,
                   .pitch = (row + align - 1) / align * align };
    /* chroma below the Y plane; for separate planes V below U, whose rows
     * are the same pitch apart (no Half Pitch for Chroma here) */
    int ch = format == 4 ? h / 2 : h;
    l.cb_y = (uint32_t)h;
    l.cr_y = (uint32_t)(h + ch);
    return l;
}

static uint32_t addr_of(const d_layout *l, uint32_t x, uint32_t y)
{
    return l->base + (uint32_t)g7sf_tiled_offset(tiling_of(l->tile), l->pitch, x, y);
}

void d_poke8(g7sf_gpu *gpu, const d_layout *l, uint32_t x, uint32_t y, uint8_t v)
{
    g7sf_mem_write(gpu, addr_of(l, x, y), &v, 1);
}

/* A byte of a separate chroma plane: rows pitch (or pitch / 2) apart from
 * the plane's origin. */
static void poke_chroma(g7sf_gpu *gpu, const d_layout *l, uint32_t ox, uint32_t oy, int i, int j,
                        uint8_t v)
{
    if (l->half_pitch) {   /* linear only */
        uint32_t a = l->base + oy * l->pitch + ox + (uint32_t)j * (l->pitch / 2) + (uint32_t)i;
        g7sf_mem_write(gpu, a, &v, 1);
    } else {
        d_poke8(gpu, l, ox + (uint32_t)i, oy + (uint32_t)j, v);
    }
}

void d_write_frame(g7sf_gpu *gpu, const d_layout *l, const d_frame *f)
{
    if (l->format <= 3) {
        const char *cc = fourcc(l->format);
        for (int y = 0; y < f->h; y++)
            for (int pair = 0; pair < f->w / 2; pair++) {
                int ys = 0;
                for (int b = 0; b < 4; b++) {
                    uint8_t v = cc[b] == 'Y' ? f->p[0][y * f->w + 2 * pair + ys++]
                              : cc[b] == 'U' ? f->p[1][y * f->cw + pair] : f->p[2][y * f->cw + pair];
                    d_poke8(gpu, l, (uint32_t)(4 * pair + b), (uint32_t)y, v);
                }
            }
        return;
    }
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++)
            d_poke8(gpu, l, (uint32_t)x, (uint32_t)y, f->p[0][y * f->w + x]);
    for (int j = 0; j < f->ch; j++)
        for (int i = 0; i < f->cw; i++) {
            uint8_t cb = f->p[1][j * f->cw + i], cr = f->p[2][j * f->cw + i];
            if (l->interleave) {
                d_poke8(gpu, l, l->cb_x + 2 * (uint32_t)i, l->cb_y + (uint32_t)j, cb);
                d_poke8(gpu, l, l->cb_x + 2 * (uint32_t)i + 1, l->cb_y + (uint32_t)j, cr);
            } else {
                poke_chroma(gpu, l, l->cb_x, l->cb_y, i, j, cb);
                poke_chroma(gpu, l, l->cr_x, l->cr_y, i, j, cr);
            }
        }
}

void d_surface_dwords(const d_layout *l, int w, int h, uint32_t dw[8])
{
    /* §2.12.2.2: DW1 Height-1 31:18, Width-1 17:4; DW2 format 31:28,
     * Interleave Chroma 27, Surface Pitch-1 20:3, Half Pitch 2, Tile Mode
     * 1:0; DW3 X/Y Offset for U(Cb) 29:16 / 14:0; DW4 the same for V(Cr) */
    const uint32_t v[8] = {
        l->base,
        (uint32_t)(h - 1) << 18 | (uint32_t)(w - 1) << 4,
        l->format << 28 | (uint32_t)l->interleave << 27 | (l->pitch - 1) << 3 |
            (uint32_t)l->half_pitch << 2 | l->tile,
        l->cb_x << 16 | l->cb_y,
        l->cr_x << 16 | l->cr_y,
    };
    memcpy(dw, v, sizeof v);
}

void d_bind(g7sf_gpu *gpu, unsigned bti, const d_layout *l, int w, int h)
{
    uint32_t dw[8];
    d_surface_dwords(l, w, h, dw);
    t_bind_state(gpu, bti, dw);
}

void d_state_dwords(const d_state *s, uint32_t dw[8])
{
    /* §2.12.3.3, lines 3669-3923; values in the comments */
    dw[0] = 140u << 24 | 192u << 16 | 8u << 8 | 38;  /* STAD th, max history, delta, ASD th */
    dw[1] = 16u << 24 | 8u << 16 | 1u << 13 | 1u << 8 | 64;  /* temporal diff 16, low 8, C2-1,
                                                           moving pixel th, SCM th */
    dw[2] = 4u << 24 | 9u << 20 | 5u << 16 | 1u << 8 | 15;   /* good neighbour 4, CAT slope-1,
                                                           SAD tight, BNE edge 1, BNE noise 15 */
    dw[3] = 64u << 24 | 125u << 16 | 30u << 8 | 150;   /* trc1, trc2, VECM mul, max STMM */
    dw[4] = 118u << 24 | 1u << 22 | 1u << 20 | 5u << 16 | 100u << 8 | 5;  /* min STMM, shift
                                                 down/up, output shift, SDI th, SDI delta */
    dw[5] = 50u << 24 | 100u << 16 | 37u << 8 | 175;   /* SDI T1, T2, fallback 2, FMD tdiff */
    dw[6] = 16u << 24 | 100u << 16 | 2u << 8 | (uint32_t)s->mcdi << 7 |
            (uint32_t)s->progressive << 6 | (uint32_t)s->first << 5 | (s->stream_id & 1) << 4 |
            (uint32_t)s->top_first << 3 | (uint32_t)s->partial << 2 | (uint32_t)s->di << 1 |
            (uint32_t)s->dn;
    dw[7] = 10u << 19 | 25u << 10 | 10u << 4 | 5;  /* neighbour pixel, MC consistency, SAD B, A */
}

void d_write_state(g7sf_gpu *gpu, unsigned index, const uint32_t dw[8])
{
    g7sf_mem_write(gpu, D_DYNAMIC_BASE + D_SAMPLER_OFF + 32 * index, dw, 32);
}

int d_send(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned bti, unsigned sampler_index,
           uint32_t x, uint32_t y, bool header, unsigned rlen, g7sf_reg *wb)
{
    /* §2.13.1.1: [18:17] SIMD32/64 = 3, [16:12] deinterlace = 01000 */
    uint32_t desc = (header ? 2u : 1u) << 25 | rlen << 20 | (uint32_t)header << 19 | 3u << 17 |
                    8u << 12 | sampler_index << 8 | bti;
    g7sf_reg p[2] = { { { 0 } } };
    p[0].ud[3] = D_SAMPLER_OFF;
    g7sf_reg *m1 = &p[header ? 1 : 0];
    m1->ud[2] = x, m1->ud[6] = y;
    return t_send(gpu, thr, G7SF_SFID_SAMPLER, desc, 0xFFFF, p, wb);
}

uint8_t d_byte(const g7sf_reg *w, int r, int b)
{
    return (uint8_t)(w[r].ud[b / 4] >> (8 * (b % 4)));
}

bool d_di_landed(void)
{
    g7sf_di_params p = { .first_frame = true };
    uint8_t y[16 * 4] = { 0 }, c[8 * 4] = { 0 };
    g7sf_yuv f = { { y, 16, 16, 4 }, { c, 8, 8, 4 }, { c, 8, 8, 4 }, G7SF_CHROMA_422 };
    g7sf_di_block_out o;
    g7sf_fmd_block fb;
    return g7sf_di_block(&p, &f, NULL, NULL, 8, 0, 0, &o) != G7SF_ENOTIMPL &&
           g7sf_fmd_block_run(&p, &f.y, NULL, 0, 0, &fb) != G7SF_ENOTIMPL;
}
