/* The colour pipe on output pictures (color.h): each line's pixels with
 * their chroma as 4:2:2 pairs through g7sf_iecp_run, 8 bits in as v << 4,
 * out as (v + 8) >> 4 saturated.  4:2:0: each chroma sample serves the
 * 2 x 2 pixels it covers, and the top line's result is written back (the
 * NV12 output "uses the top UV values", PRM line 8668).  Any split of the
 * lines gives the same bytes and, merged, the same statistics. */
#include <stdlib.h>
#include <string.h>

#include "color.h"
#include "stripes.h"

int vpp_color_init(vpp_color *c, const g7sf_vpp_config *cfg)
{
    *c = (vpp_color){ .on = cfg->procamp || cfg->csc || cfg->ace || cfg->tcc || cfg->skin_tone ||
                            cfg->gamut, .ace_strength = cfg->ace ? cfg->ace_strength : -1 };
    if (!c->on)
        return 0;
    if (g7sf_vpp_color_state(cfg, &c->st))
        return G7SF_EINVAL;
    c->counts = (c->st.ace_enable ? G7SF_VPP_COUNT_HISTOGRAM : 0) |
                (c->st.std_enable ? G7SF_VPP_COUNT_SKIN : 0) |
                (c->st.color_gamut_compression_enable ? G7SF_VPP_COUNT_GAMUT : 0);
    if (c->counts && !(c->part = calloc(VPP_MAX_THREADS, sizeof *c->part)))
        return G7SF_ENOMEM;
    g7sf_iecp_stats_clear(&c->frame);
    return 0;
}

void vpp_color_free(vpp_color *c)
{
    free(c->part);
    c->part = NULL;
}

bool vpp_color_needs_measure(const vpp_color *c)
{
    return c->on && c->ace_strength >= 0 && !c->measured;
}

/* The first picture's ACE curve from its own luma: the histogram ACE
 * would count, exactly, when no stage before ACE changes Y (gamut
 * compression can). */
void vpp_color_measure(vpp_color *c, const uint8_t *y, int stride, int w, int h)
{
    uint32_t hist[256] = { 0 };
    for (int r = 0; r < h; r++)
        for (int x = 0; x < w; x++) {
            uint32_t *bin = &hist[y[(size_t)r * stride + x]];
            *bin += *bin < 0xFFFFFF;
        }
    g7sf_vpp_ace_curve(hist, c->ace_strength, &c->history, &c->st);
    c->measured = true;
}

void vpp_color_begin(vpp_color *c)
{
    for (int i = 0; c->part && i < VPP_MAX_THREADS; i++)
        g7sf_iecp_stats_clear(&c->part[i]);
}

static uint32_t sat_add(uint32_t a, uint32_t b, uint32_t max)
{
    uint64_t s = (uint64_t)a + b;
    return (uint32_t)(s > max ? max : s);
}

/* Saturating sums: associative, so any split of the lines merges alike. */
static void merge(g7sf_iecp_stats *to, const g7sf_iecp_stats *p, unsigned div)
{
    for (int i = 0; i < 256; i++)
        to->histogram[i] = sat_add(to->histogram[i], p->histogram[i] / div, 0xFFFFFF);
    to->skin_pixels = sat_add(to->skin_pixels, p->skin_pixels / div, UINT32_MAX);
    to->out_of_range = sat_add(to->out_of_range, p->out_of_range / div, (1u << 29) - 1);
    to->out_of_range_distance = sat_add(to->out_of_range_distance,
                                        p->out_of_range_distance / div, UINT32_MAX);
    to->y_min = p->y_min < to->y_min ? p->y_min : to->y_min;
    to->y_max = p->y_max > to->y_max ? p->y_max : to->y_max;
    to->pixels += p->pixels / div;
}

void vpp_color_end(vpp_color *c)
{
    if (!c->part)
        return;
    g7sf_iecp_stats_clear(&c->frame);
    for (int i = 0; i < VPP_MAX_THREADS; i++)
        merge(&c->frame, &c->part[i], 1);
    if (c->ace_strength >= 0)
        g7sf_vpp_ace_curve(c->frame.histogram, c->ace_strength, &c->history, &c->st);
}

static uint8_t to8(unsigned v)
{
    v = (v + 8) >> 4;
    return (uint8_t)(v > 255 ? 255 : v);
}

enum { CHUNK = 512 };   /* pixels a call: even */

/* Line r: its luma and chroma line cr through the pipe; the chroma
 * written back when put_c. */
static void line(vpp_color *c, g7sf_iecp_stats *st, uint8_t *y, uint8_t *u, uint8_t *v, int w,
                 bool put_c)
{
    g7sf_iecp_pixel px[CHUNK];
    for (int x0 = 0; x0 < w; x0 += CHUNK) {
        int n = w - x0 < CHUNK ? w - x0 : CHUNK, even = n & ~1;
        for (int i = 0; i < n; i++) {
            int x = x0 + i;
            px[i] = (g7sf_iecp_pixel){ { (uint16_t)(y[x] << 4), (uint16_t)(u[x / 2] << 4),
                                         (uint16_t)(v[x / 2] << 4) }, 0 };
        }
        if (even)
            g7sf_iecp_run(&c->st, px, (size_t)even, G7SF_IECP_PAIRS, st, NULL);
        if (n & 1) {
            /* an odd width's last pixel as a pair with a copy of itself:
             * both count alike, so half the counts are the pixel's */
            px[n] = px[n - 1];
            g7sf_iecp_stats one;
            g7sf_iecp_stats_clear(&one);
            g7sf_iecp_run(&c->st, px + n - 1, 2, G7SF_IECP_PAIRS, st ? &one : NULL, NULL);
            if (st)
                merge(st, &one, 2);
        }
        for (int i = 0; i < n; i++)
            y[x0 + i] = to8(px[i].c[0]);
        if (put_c)
            for (int i = 0; i < n; i += 2)
                u[(x0 + i) / 2] = to8(px[i].c[1]), v[(x0 + i) / 2] = to8(px[i].c[2]);
    }
}

void vpp_color_rows(vpp_color *c, int thread, uint8_t *const plane[3], const int stride[3],
                    int w, int h, bool c420, int a, int b)
{
    g7sf_iecp_stats *st = c->part ? &c->part[thread] : NULL;
    for (int r = a; r < b; r += c420 ? 2 : 1) {
        int cr = c420 ? r / 2 : r;
        uint8_t *u = plane[1] + (size_t)cr * stride[1], *v = plane[2] + (size_t)cr * stride[2];
        /* 4:2:0: the bottom line first, while the chroma is the input's */
        if (c420 && r + 1 < h)
            line(c, st, plane[0] + (size_t)(r + 1) * stride[0], u, v, w, false);
        line(c, st, plane[0] + (size_t)r * stride[0], u, v, w, true);
    }
}
