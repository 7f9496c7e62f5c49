/* Pipeline frames: allocation, padding, chroma siting conversions (frame.h). */
#include <stdlib.h>
#include <string.h>

#include "frame.h"

int vpp_frame_stride(const vpp_frame *f, int plane)
{
    return plane ? f->w / 2 : f->w;
}

int vpp_frame_lines(const vpp_frame *f, int plane)
{
    return plane && f->chroma == G7SF_CHROMA_420 ? f->h / 2 : f->h;
}

int vpp_frame_alloc(vpp_frame *f, int w, int h, enum g7sf_chroma chroma)
{
    *f = (vpp_frame){ .w = w, .h = h, .chroma = chroma };
    for (int i = 0; i < 3; i++) {
        f->data[i] = malloc((size_t)vpp_frame_stride(f, i) * vpp_frame_lines(f, i));
        if (!f->data[i]) {
            vpp_frame_free(f);
            return G7SF_ENOMEM;
        }
    }
    return 0;
}

void vpp_frame_free(vpp_frame *f)
{
    for (int i = 0; i < 3; i++)
        free(f->data[i]), f->data[i] = NULL;
}

g7sf_yuv vpp_frame_yuv(const vpp_frame *f)
{
    g7sf_yuv y = { .chroma = f->chroma };
    g7sf_plane *p[3] = { &y.y, &y.cb, &y.cr };
    for (int i = 0; i < 3; i++)
        *p[i] = (g7sf_plane){ f->data[i], vpp_frame_stride(f, i), vpp_frame_stride(f, i),
                              vpp_frame_lines(f, i) };
    return y;
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void vpp_pad_plane(const uint8_t *src, int src_stride, int w, int h, uint8_t *dst,
                   int dst_stride, int W, int H, bool interlaced)
{
    vpp_pad_rows(src, src_stride, w, h, dst, dst_stride, W, interlaced, 0, H);
}

void vpp_pad_rows(const uint8_t *src, int src_stride, int w, int h, uint8_t *dst,
                  int dst_stride, int W, bool interlaced, int y0, int y1)
{
    for (int y = y0; y < y1; y++) {
        /* below the picture: the last line of the same field, or the last */
        int sy = y < h ? y : interlaced && h >= 2 ? h - 2 + ((y - h) & 1) : h - 1;
        const uint8_t *s = src + (size_t)sy * src_stride;
        uint8_t *d = dst + (size_t)y * dst_stride;
        memcpy(d, s, (size_t)w);
        memset(d + w, s[w - 1], (size_t)(W - w));
    }
}

void vpp_chroma_up(const uint8_t *src, int src_stride, int w, int src_lines, uint8_t *dst,
                   int dst_stride, bool interlaced)
{
    vpp_chroma_up_rows(src, src_stride, w, src_lines, dst, dst_stride, interlaced, 0,
                       2 * src_lines);
}

void vpp_chroma_up_rows(const uint8_t *src, int src_stride, int w, int src_lines, uint8_t *dst,
                        int dst_stride, bool interlaced, int y0, int y1)
{
    /* weight of the upper of the two lines, in 1/8: [field][odd field line] */
    static const int field_w[2][2] = { { 1, 5 }, { 3, 7 } };
    for (int y = y0; y < y1; y++) {
        int a, b, wa;
        if (interlaced) {
            int f = y & 1, fl = y >> 1, odd = fl & 1, n = src_lines / 2;
            int ja = (fl >> 1) - !odd;
            a = 2 * clampi(ja, 0, n - 1) + f;
            b = 2 * clampi(ja + 1, 0, n - 1) + f;
            wa = field_w[f][odd];
        } else {
            int odd = y & 1, ka = (y >> 1) - !odd;
            a = clampi(ka, 0, src_lines - 1);
            b = clampi(ka + 1, 0, src_lines - 1);
            wa = odd ? 6 : 2;
        }
        const uint8_t *sa = src + (size_t)a * src_stride, *sb = src + (size_t)b * src_stride;
        uint8_t *d = dst + (size_t)y * dst_stride;
        for (int x = 0; x < w; x++)
            d[x] = (uint8_t)((wa * sa[x] + (8 - wa) * sb[x] + 4) >> 3);
    }
}

void vpp_chroma_down(const uint8_t *src, int src_stride, int w, int dst_lines, uint8_t *dst,
                     int dst_stride)
{
    vpp_chroma_down_rows(src, src_stride, w, dst, dst_stride, 0, dst_lines);
}

void vpp_chroma_down_rows(const uint8_t *src, int src_stride, int w, uint8_t *dst,
                          int dst_stride, int k0, int k1)
{
    for (int k = k0; k < k1; k++) {
        const uint8_t *a = src + (size_t)2 * k * src_stride, *b = a + src_stride;
        uint8_t *d = dst + (size_t)k * dst_stride;
        for (int x = 0; x < w; x++)
            d[x] = (uint8_t)((a[x] + b[x] + 1) >> 1);
    }
}

void vpp_chroma_weave(const uint8_t *a, const uint8_t *b, int src_stride, int w, int lines,
                      int first_parity, uint8_t *dst, int dst_stride)
{
    vpp_chroma_weave_rows(a, b, src_stride, w, first_parity, dst, dst_stride, 0, lines);
}

void vpp_chroma_weave_rows(const uint8_t *a, const uint8_t *b, int src_stride, int w,
                           int first_parity, uint8_t *dst, int dst_stride, int y0, int y1)
{
    for (int y = y0; y < y1; y++)
        memcpy(dst + (size_t)y * dst_stride,
               ((y & 1) == first_parity ? a : b) + (size_t)y * src_stride, (size_t)w);
}
