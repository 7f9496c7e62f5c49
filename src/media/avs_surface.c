/* sample_8x8 on a MEDIA_SURFACE_STATE surface (gen7sf/avs.h): the texels
 * of the block's footprint read from graphics memory into channel planes on
 * the luma grid, then the AVS and IEF of avs.c.  Decisions:
 * docs/spec-notes.md, "AVS" (the message's surface and texels). */
#include <stdlib.h>
#include <string.h>

#include "avs_int.h"
#include "media_surface.h"

enum { R, G, B, A };

int g7sf_avs_surface_from_state(const g7sf_media_surface_state *ss, g7sf_media_surface *s,
                                const char **why)
{
    if (why)
        *why = NULL;
    if (!ss || !s)
        return G7SF_EINVAL;
    int r = media_surface_decode(ss, s, true, why);
    if (!r && s->width < 4) {   /* line 4814: "Map Width must be >= 4" */
        if (why)
            *why = "Width + 1 below 4";
        r = G7SF_ESTATE;
    }
    return r;
}

static bool is_rgb(unsigned f)
{
    return f == G7SF_MEDIA_R10G10B10A2_UNORM || f == G7SF_MEDIA_R8G8B8A8_UNORM;
}

/* A window [x0, x0 + n) x [y0, y0 + rows) of the four channels. */
typedef struct texels {
    uint16_t *ch[4];
    int x0, y0, n, rows;
} texels;

static uint16_t *at(const texels *t, int c, int y) { return t->ch[c] + (size_t)y * t->n; }

static void fill(uint16_t *p, int n, uint16_t v)
{
    for (int i = 0; i < n; i++)
        p[i] = v;
}

/* Formats of 1, 2 or 4 bytes a pixel: one row. */
static int read_rgb_row(g7sf_gpu *gpu, const g7sf_media_surface *s, const texels *t, int y,
                        uint8_t *raw)
{
    unsigned f = s->format;
    uint32_t bpp = f == G7SF_MEDIA_R8B8_UNORM ? 2 : is_rgb(f) ? 4 : 1;
    int r = media_surface_read_bytes(gpu, s, (uint32_t)t->x0 * bpp, (uint32_t)(t->y0 + y),
                                     (uint32_t)t->n * bpp, raw);
    if (r)
        return r;
    uint16_t *o[4] = { at(t, R, y), at(t, G, y), at(t, B, y), at(t, A, y) };
    for (int i = 0; i < t->n; i++) {
        const uint8_t *p = raw + (size_t)i * bpp;
        uint16_t v[4] = { 0, 0, 0, G7SF_AVS_ONE };
        if (f == G7SF_MEDIA_R8G8B8A8_UNORM) {
            for (int c = 0; c < 4; c++)
                v[c] = (uint16_t)(p[c] << 8);
        } else if (f == G7SF_MEDIA_R10G10B10A2_UNORM) {
            uint32_t d = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                         (uint32_t)p[3] << 24;
            for (int c = 0; c < 3; c++)
                v[c] = (uint16_t)(((d >> (10 * c) & 0x3FF) * G7SF_AVS_ONE + 511) / 1023);
            v[A] = (uint16_t)((d >> 30) * G7SF_AVS_ONE / 3);
        } else if (f == G7SF_MEDIA_R8B8_UNORM) {
            v[R] = (uint16_t)(p[0] << 8), v[B] = (uint16_t)(p[1] << 8);
        } else {
            v[f == G7SF_MEDIA_Y8_UNORM ? G : R] = (uint16_t)(p[0] << 8);
        }
        for (int c = 0; c < 4; c++)
            o[c][i] = v[c];
    }
    return 0;
}

/* A chroma line of a YUV surface (chroma columns cx0 .. cx0 + cn), 8-bit. */
static int read_chroma(g7sf_gpu *gpu, const g7sf_media_surface *s, int p, int cx0, int cn,
                       int line, uint8_t *dst)
{
    return media_read_pixels(gpu, s, p, (uint32_t)cx0, (uint32_t)line, (uint32_t)cn, dst);
}

/* YUV formats: Y in G, Cr in R, Cb in B on the luma grid, A 1.0. */
static int read_yuv_row(g7sf_gpu *gpu, const g7sf_media_surface *s, const texels *t, int y,
                        uint8_t *raw)
{
    int r = media_read_pixels(gpu, s, 0, (uint32_t)t->x0, (uint32_t)(t->y0 + y),
                              (uint32_t)t->n, raw);
    if (r)
        return r;
    for (int i = 0; i < t->n; i++)
        at(t, G, y)[i] = (uint16_t)(raw[i] << 8);
    fill(at(t, A, y), t->n, G7SF_AVS_ONE);
    int cx0 = t->x0 / 2, cn = (t->x0 + t->n - 1) / 2 - cx0 + 1;
    uint8_t *c0 = raw, *c1 = raw + cn;
    for (int p = 1; p <= 2; p++) {   /* Cb into B, Cr into R */
        uint16_t *o = at(t, p == 1 ? B : R, y);
        int Y = t->y0 + y;
        if (s->chroma == G7SF_CHROMA_422) {
            if ((r = read_chroma(gpu, s, p, cx0, cn, Y, c0)))
                return r;
            for (int i = 0; i < t->n; i++)
                o[i] = (uint16_t)(c0[(t->x0 + i) / 2 - cx0] << 8);
            continue;
        }
        /* 4:2:0: luma line Y sits at chroma line (Y - off / 4) / 2, in
         * eighths of a chroma line: 4Y - off (off in quarter luma lines) */
        int hc = s->height / 2, e = 4 * Y - (int)s->chroma_v_offset;
        int j = e >= 0 ? e / 8 : -((-e + 7) / 8), wgt = e - 8 * j;
        int l0 = j < 0 ? 0 : j > hc - 1 ? hc - 1 : j, l1 = j + 1 > hc - 1 ? hc - 1 : j + 1 < 0 ? 0 : j + 1;
        if ((r = read_chroma(gpu, s, p, cx0, cn, l0, c0)) ||
            (r = read_chroma(gpu, s, p, cx0, cn, l1, c1)))
            return r;
        for (int i = 0; i < t->n; i++) {
            int k = (t->x0 + i) / 2 - cx0;
            o[i] = (uint16_t)(((c0[k] << 8) * (8 - wgt) + (c1[k] << 8) * wgt + 4) >> 3);
        }
    }
    return 0;
}

/* KEYFILTER_REPLACE_BLACK on every texel of the window. */
static void key_texels(const texels *t, const g7sf_avs_key *k)
{
    static const int shift[4] = { [A] = 24, [R] = 16, [G] = 8, [B] = 0 };
    for (int y = 0; y < t->rows; y++)
        for (int i = 0; i < t->n; i++) {
            bool hit = true;
            for (int c = 0; c < 4 && hit; c++) {
                unsigned v = at(t, c, y)[i] >> 8;
                hit = v >= (k->low >> shift[c] & 255) && v <= (k->high >> shift[c] & 255);
            }
            for (int c = 0; c < 4 && hit; c++)
                at(t, c, y)[i] = 0;
        }
}

int g7sf_avs_surface_block(g7sf_gpu *gpu, const g7sf_media_surface *s,
                           const g7sf_sampler_8x8_state *avs, const g7sf_sampler_state_8x8 *ief,
                           const g7sf_avs_key *key, const g7sf_avs_walk *walk, int w, int h,
                           uint16_t *const out[4], ptrdiff_t out_stride, const char **why)
{
    if (why)
        *why = NULL;
    if (!gpu || !s || !avs || !walk || !out || w < 1 || h < 1 || w > 16384 || h > 16384 ||
        s->width < 1 || s->height < 1 || out_stride < w) {
        if (why)
            *why = "NULL argument or block size out of range";
        return G7SF_EINVAL;
    }
    bool taps01 = false;
    for (int i = 0; i < G7SF_AVS_PHASES; i++)
        taps01 |= avs->table_0x_c0[i] || avs->table_0x_c1[i];
    if (is_rgb(s->format) && taps01) {
        if (why)
            *why = "Table 0X Filter Coefficient 0 and 1 must be zero for R10G10B10A2_UNORM "
                   "and R8G8B8A8_UNORM (line 4059)";
        return G7SF_ESTATE;
    }
    int x0, x1, y0, y1;
    int r = avs_footprint(walk, s->width, s->height, w, h, avs_ief_on(ief) && out[G], &x0, &x1,
                          &y0, &y1, why);
    if (r)
        return r;
    texels t = { .x0 = x0, .y0 = y0, .n = x1 - x0, .rows = y1 - y0 };
    size_t plane = (size_t)t.n * (size_t)t.rows;
    uint16_t *mem = malloc(4 * plane * sizeof(uint16_t) + 4 * (size_t)t.n + 8);
    if (!mem) {
        if (why)
            *why = "out of memory";
        return G7SF_ENOMEM;
    }
    uint8_t *raw = (uint8_t *)(mem + 4 * plane);
    for (int c = 0; c < 4; c++)
        t.ch[c] = mem + (size_t)c * plane;
    bool yuv = s->format <= G7SF_MEDIA_PLANAR_420_8;
    for (int y = 0; y < t.rows && !r; y++)
        r = yuv ? read_yuv_row(gpu, s, &t, y, raw) : read_rgb_row(gpu, s, &t, y, raw);
    if (r) {
        if (why)
            *why = "a texel's address passes 4 GiB";
    } else {
        if (key && key->enable)
            key_texels(&t, key);
        avs_window win = { { { t.ch[R], t.ch[G], t.ch[B], t.ch[A] }, { 0, 0, 0, 0 }, t.n,
                             s->width, s->height, is_rgb(s->format) },
                           x0, y0 };
        r = avs_run(avs, ief, &win, walk, w, h, out, out_stride, why);
    }
    free(mem);
    return r;
}
