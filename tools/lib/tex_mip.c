/* The renderer's texture: pattern, box-filtered chain, Y-tiled placement. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/format.h"
#include "gen7sf/surface.h"
#include "tex_mip.h"

void tex_mip_pattern(uint8_t *rgba, uint32_t size)
{
    static const uint8_t cell[4][3] = { { 232, 224, 200 }, { 40, 60, 110 },
                                        { 200, 70, 50 },   { 30, 110, 60 } };
    uint32_t cs = size / 8 ? size / 8 : 1;   /* 8 x 8 cells */
    for (uint32_t y = 0; y < size; y++)
        for (uint32_t x = 0; x < size; x++) {
            uint32_t cx = x / cs, cy = y / cs, ix = x % cs, iy = y % cs;
            unsigned dark = (cx + cy) & 1, hue = (cx * 3 + cy) & 3;
            const uint8_t *bg = dark ? cell[1 + hue % 3] : cell[0];
            const uint8_t *fg = dark ? cell[0] : cell[1 + hue % 3];
            /* "text": 3-pixel-high lines 5 apart, broken into words of
             * 1-pixel strokes whose lengths come from a hash of the cell */
            uint32_t line = iy / 5, word = (ix * 7 + line * 13 + cx * 29 + cy * 31) % 23;
            int ink = ix >= cs / 8 && ix < cs - cs / 8 && iy >= cs / 8 && iy < cs - cs / 8 &&
                      iy % 5 < 3 && word < 16 && ((ix + line) & 1);
            const uint8_t *c = ink ? fg : bg;
            uint8_t *p = rgba + ((size_t)y * size + x) * 4;
            p[0] = c[0], p[1] = c[1], p[2] = c[2], p[3] = 255;
        }
}

static uint32_t align4(uint32_t v)
{
    return (v + 3) & ~3u;
}

/* Next level: 2x2 means in linear light (alpha linear already). */
static void halve(const float *src, uint32_t w, uint32_t h, float *dst, uint32_t dw, uint32_t dh)
{
    for (uint32_t y = 0; y < dh; y++)
        for (uint32_t x = 0; x < dw; x++) {
            uint32_t x0 = 2 * x < w ? 2 * x : w - 1, x1 = 2 * x + 1 < w ? 2 * x + 1 : w - 1;
            uint32_t y0 = 2 * y < h ? 2 * y : h - 1, y1 = 2 * y + 1 < h ? 2 * y + 1 : h - 1;
            for (int c = 0; c < 4; c++)
                dst[((size_t)y * dw + x) * 4 + c] =
                    0.25f * (src[((size_t)y0 * w + x0) * 4 + c] + src[((size_t)y0 * w + x1) * 4 + c] +
                             src[((size_t)y1 * w + x0) * 4 + c] + src[((size_t)y1 * w + x1) * 4 + c]);
        }
}

/* Encodes a linear-light level to sRGB bytes and writes it. */
static int put_level(g7sf_gpu *gpu, const g7sf_surface *s, unsigned lod, const float *lin,
                     uint32_t w, uint32_t h, uint8_t *tmp)
{
    for (size_t i = 0; i < (size_t)w * h * 4; i++) {
        float v = (i & 3) == 3 ? lin[i] : g7sf_linear_to_srgb(lin[i]);
        tmp[i] = (uint8_t)lrintf(fminf(fmaxf(v, 0.0f), 1.0f) * 255.0f);
    }
    return g7sf_surface_write_linear(gpu, s, lod, 0, tmp, (size_t)w * 4);
}

int tex_mip_upload(g7sf_gpu *gpu, uint32_t base, const uint8_t *rgba, uint32_t w, uint32_t h,
                   g7sf_render_surface_state *ss, vio_error *err)
{
    if (!w || !h || w > TEX_MIP_MAX_DIM || h > TEX_MIP_MAX_DIM)
        return vio_fail(err, VIO_E_SIZE, "texture: %ux%u; each side must be 1..%u", w, h,
                        TEX_MIP_MAX_DIM);
    unsigned levels = 1;
    while ((w >> levels) || (h >> levels))
        levels++;
    uint32_t w1 = w > 1 ? w / 2 : 1, w2 = w > 3 ? w / 4 : 1;
    uint32_t chain = align4(w);
    if (levels > 1 && align4(w1) + (levels > 2 ? align4(w2) : 0) > chain)
        chain = align4(w1) + (levels > 2 ? align4(w2) : 0);
    *ss = (g7sf_render_surface_state){
        .surface_type = G7SF_SURFTYPE_2D, .surface_format = G7SF_FORMAT_R8G8B8A8_UNORM_SRGB,
        .tiled_surface = 1, .tile_walk = G7SF_TILEWALK_YMAJOR, .surface_base_address = base,
        .width = w - 1, .height = h - 1, .surface_pitch = ((chain * 4 + 127) & ~127u) - 1,
        .mip_count_lod = levels - 1,
    };
    g7sf_surface s;
    if (g7sf_surface_from_state(ss, &s))
        return vio_fail(err, VIO_E_SIZE, "texture: no Y-tiled layout for %ux%u", w, h);
    size_t n = (size_t)w * h * 4;
    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    uint8_t *tmp = malloc(n);
    int rc = 0;
    if (!a || !b || !tmp) {
        rc = vio_fail(err, VIO_E_NOMEM, "texture: out of memory");
        goto out;
    }
    float lut[256];
    for (int i = 0; i < 256; i++)
        lut[i] = g7sf_srgb_to_linear(i / 255.0f);
    for (size_t i = 0; i < n; i++)
        a[i] = (i & 3) == 3 ? rgba[i] / 255.0f : lut[rgba[i]];
    for (unsigned l = 0; l < levels && !rc; l++) {
        uint32_t lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;
        if (put_level(gpu, &s, l, a, lw, lh, tmp))
            rc = vio_fail(err, VIO_E_ARG, "texture: level %u does not fit graphics memory", l);
        uint32_t nw = lw > 1 ? lw / 2 : 1, nh = lh > 1 ? lh / 2 : 1;
        halve(a, lw, lh, b, nw, nh);
        float *t = a;
        a = b, b = t;
    }
out:
    free(a);
    free(b);
    free(tmp);
    return rc;
}
