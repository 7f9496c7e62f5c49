/* Scaling and sharpening of output pictures with the AVS and IEF (scale.h),
 * in bands of output lines on the pipeline's pool: a pixel's result
 * depends only on its own position, so any split gives the same bytes.
 * Decisions: docs/spec-notes.md, "Video pipeline: scaling". */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/vpp.h"
#include "scale.h"

enum { G = 1 };

/* The sample_8x8 SAMPLER_STATE a driver programs for sharpening: the
 * PRM's defaults (lines 3543-3668) with the Gain Factor from the strength
 * 1..255 (0: IEF bypassed). */
static void ief_state(int sharpen, g7sf_sampler_state_8x8 *s)
{
    *s = (g7sf_sampler_state_8x8){
        .ief_bypass = sharpen <= 0, .r5c_coefficient = 3, .r5cx_coefficient = 8,
        .r5x_coefficient = 9, .strong_edge_threshold = 8, .weak_edge_threshold = 1,
        .strong_edge_weight = 7, .regular_weight = 2, .non_edge_weight = 1,
        .gain_factor = (uint32_t)((sharpen * 63 + 127) / 255), .r3c_coefficient = 15,
        .r3x_coefficient = 6,
    };
}

static int plane_w(const vpp_scale *s, int p, bool out)
{
    int w = out ? s->ow : s->iw;
    return p ? (w + 1) / 2 : w;
}

static int plane_h(const vpp_scale *s, int p, bool out)
{
    int h = out ? s->oh : s->ih;
    return p && s->chroma == G7SF_CHROMA_420 ? (h + 1) / 2 : h;
}

int vpp_scale_init(vpp_scale *s, const g7sf_vpp_config *cfg, enum g7sf_chroma chroma,
                   bool own_out)
{
    *s = (vpp_scale){ .iw = cfg->width, .ih = cfg->height, .chroma = chroma };
    int r = vpp_color_init(&s->color, cfg);
    s->on = cfg->scale_width || cfg->sharpen || s->color.on;
    if (r || !s->on)
        return r;
    s->ow = cfg->scale_width ? cfg->scale_width : cfg->width;
    s->oh = cfg->scale_height ? cfg->scale_height : cfg->height;
    r = g7sf_avs_state_for_scale((double)s->ow / s->iw, (double)s->oh / s->ih, &s->avs);
    if (r)
        return r;
    ief_state(cfg->sharpen, &s->ief);
    /* the same size without the IEF: positions on the texel centres, phase
     * 0 the identity, so the AVS would copy (test_tool_vpp's
     * scale_and_sharpen checks it does) */
    s->copy = s->ow == s->iw && s->oh == s->ih && s->ief.ief_bypass;
    size_t total = 0;
    for (int p = 0; p < 3; p++) {
        s->plane16[p] = total;
        total += (size_t)plane_w(s, p, false) * (size_t)plane_h(s, p, false);
    }
    if (!(s->src16 = malloc(total * sizeof(uint16_t))))
        return G7SF_ENOMEM;
    if (own_out)
        return vpp_frame_alloc(&s->out, (s->ow + 15) & ~15, (s->oh + 7) & ~7, chroma);
    return 0;
}

void vpp_scale_free(vpp_scale *s)
{
    free(s->src16);
    s->src16 = NULL;
    vpp_color_free(&s->color);
    vpp_frame_free(&s->out);
}

typedef struct scale_job {
    vpp_scale *s;
    const g7sf_vpp_picture *in;
    const vpp_frame *dst;
    bool scale, color;              /* the bands' steps */
} scale_job;

/* The units the pool hands out: input bands of 8 luma lines to widen,
 * output bands of 64 (each call of the scaler filters the 7 texel rows
 * above and below its band again: a band much taller than that wastes
 * little). */
enum { IN_BAND = 8, OUT_BAND = 64 };

/* Lines [*a, *b) of plane p for stripe rows [r0, r1) of bands of `band`
 * luma lines. */
static void plane_lines(const vpp_scale *s, int p, bool out, int r0, int r1, int *a, int *b)
{
    int h = plane_h(s, p, out), luma = out ? s->oh : s->ih, band = out ? OUT_BAND : IN_BAND;
    int per = h == luma ? band : band / 2;
    *a = r0 * per < h ? r0 * per : h;
    *b = r1 * per < h ? r1 * per : h;
}

static int to16_stripe(void *ctx, int stripe, int r0, int r1)
{
    (void)stripe;
    const scale_job *j = ctx;
    const vpp_scale *s = j->s;
    for (int p = 0; p < 3; p++) {
        int a, b, w = plane_w(s, p, false);
        plane_lines(s, p, false, r0, r1, &a, &b);
        for (int y = a; y < b; y++) {
            const uint8_t *src = j->in->data[p] + (size_t)y * j->in->stride[p];
            uint16_t *d = s->src16 + s->plane16[p] + (size_t)y * w;
            for (int x = 0; x < w; x++)
                d[x] = (uint16_t)(src[x] << 8);
        }
    }
    return 0;
}

/* Where output pixels of plane p sample (docs/spec-notes.md, "Video
 * pipeline: scaling"): luma centres map to centres; chroma columns sit on
 * the even luma columns (co-sited), chroma lines centred between them.
 * Each position is moved 1/64 texel on: the unit truncates it to 1/32
 * (the 5-bit beta), so this rounds it to the nearest 1/32 instead, and a
 * position meant to be exact (a ratio of 1) is not truncated a step down
 * by the float's rounding. */
static g7sf_avs_walk plane_walk(const vpp_scale *s, int p)
{
    double iw = plane_w(s, p, false), ih = plane_h(s, p, false);
    double sx = (double)s->iw / s->ow, sy = (double)s->ih / s->oh, half = 1.0 / 64;
    double x0 = p ? 0.25 * sx + 0.25 : 0.5 * sx;   /* texel + 0.5 of output column 0 */
    return (g7sf_avs_walk){ .u0 = (float)((x0 + half) / iw), .du = (float)(sx / iw),
                            .v0 = (float)((0.5 * sy + half) / ih), .dv = (float)(sy / ih) };
}

static int scale_stripe(void *ctx, int stripe, int r0, int r1)
{
    const scale_job *j = ctx;
    vpp_scale *s = j->s;
    for (int p = 0; j->scale && p < 3; p++) {
        int a, b, w = plane_w(s, p, true);
        plane_lines(s, p, true, r0, r1, &a, &b);
        if (a >= b)
            continue;
        if (s->copy) {   /* the AVS at a ratio of 1 copies exactly: the rows as they are */
            for (int y = a; y < b; y++)
                memcpy(j->dst->data[p] + (size_t)y * vpp_frame_stride(j->dst, p),
                       j->in->data[p] + (size_t)y * j->in->stride[p], (size_t)w);
            continue;
        }
        uint16_t *tmp = malloc((size_t)w * (size_t)(b - a) * sizeof(uint16_t));
        if (!tmp)
            return G7SF_ENOMEM;
        /* Y as the G of a Y8 surface, Cb and Cr as the R of R8 surfaces */
        int c = p ? 0 : G;
        g7sf_avs_image img = { .stride = plane_w(s, p, false), .width = plane_w(s, p, false),
                               .height = plane_h(s, p, false) };
        img.ch[c] = s->src16 + s->plane16[p];
        img.value[3] = G7SF_AVS_ONE;
        g7sf_avs_walk walk = plane_walk(s, p);
        walk.row0 = a;
        uint16_t *out[4] = { NULL, NULL, NULL, NULL };
        out[c] = tmp;
        int r = g7sf_avs_block(&s->avs, p ? NULL : &s->ief, &img, &walk, w, b - a, out, w, NULL);
        if (!r) {
            int stride = vpp_frame_stride(j->dst, p);
            for (int y = a; y < b; y++) {
                uint8_t *d = j->dst->data[p] + (size_t)y * stride;
                const uint16_t *t = tmp + (size_t)(y - a) * w;
                for (int x = 0; x < w; x++)   /* 0xFF00 + 128 >> 8 is 255 */
                    d[x] = (uint8_t)((t[x] + 128u) >> 8);
            }
        }
        free(tmp);
        if (r)
            return r;
    }
    if (j->color) {
        int a, b;
        plane_lines(s, 0, true, r0, r1, &a, &b);
        int stride[3] = { vpp_frame_stride(j->dst, 0), vpp_frame_stride(j->dst, 1),
                          vpp_frame_stride(j->dst, 2) };
        vpp_color_rows(&s->color, stripe, j->dst->data, stride, s->ow, s->oh,
                       s->chroma == G7SF_CHROMA_420, a, b);
    }
    return 0;
}

int vpp_scale_run(vpp_scale *s, vpp_pool *pool, const g7sf_vpp_picture *in,
                  const vpp_frame *dst, g7sf_vpp_picture *out)
{
    /* ACE's first picture: scaled, measured, then through the pipe */
    bool measure = vpp_color_needs_measure(&s->color);
    scale_job j = { s, in, dst, true, s->color.on && !measure };
    int n, bands = (s->oh + OUT_BAND - 1) / OUT_BAND;
    int r = s->copy ? 0 : vpp_pool_run(pool, (s->ih + IN_BAND - 1) / IN_BAND, to16_stripe, &j, &n);
    vpp_color_begin(&s->color);
    if (!r)
        r = vpp_pool_run(pool, bands, scale_stripe, &j, &n);
    if (!r && measure) {
        vpp_color_measure(&s->color, dst->data[0], vpp_frame_stride(dst, 0), s->ow, s->oh);
        j.scale = false, j.color = true;
        r = vpp_pool_run(pool, bands, scale_stripe, &j, &n);
    }
    if (!r && s->color.on)
        vpp_color_end(&s->color);
    *out = (g7sf_vpp_picture){ { dst->data[0], dst->data[1], dst->data[2] },
                               { vpp_frame_stride(dst, 0), vpp_frame_stride(dst, 1),
                                 vpp_frame_stride(dst, 2) } };
    return r;
}
