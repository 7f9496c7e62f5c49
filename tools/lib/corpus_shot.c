/* The corpus shots and clips, and the pipeline's PSNR on them (corpus.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"

/* Catmull-Rom weights of the four samples around fraction t. */
static void cubic_weights(double t, double w[4])
{
    double t2 = t * t, t3 = t2 * t;
    w[0] = (-t3 + 2 * t2 - t) / 2;
    w[1] = (3 * t3 - 5 * t2 + 2) / 2;
    w[2] = (-3 * t3 + 4 * t2 + t) / 2;
    w[3] = (t3 - t2) / 2;
}

static uint8_t clamp8(double v)
{
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : lrint(v));
}

/* Canvas plane p at (x, y): exact at whole positions, Catmull-Rom between. */
static uint8_t sample(const vio_frame *c, int p, double x, double y)
{
    double fx = floor(x), fy = floor(y);
    long ix = (long)fx, iy = (long)fy;
    const uint8_t *d = c->data[p];
    ptrdiff_t s = c->stride[p];
    int w = c->width[p], h = c->height[p];
    if (x == fx && y == fy)
        return d[(size_t)corpus_mirror(iy, h) * s + corpus_mirror(ix, w)];
    double wx[4], wy[4], acc = 0;
    cubic_weights(x - fx, wx);
    cubic_weights(y - fy, wy);
    for (int j = 0; j < 4; j++) {
        const uint8_t *row = d + (size_t)corpus_mirror(iy - 1 + j, h) * s;
        double r = 0;
        for (int i = 0; i < 4; i++)
            r += wx[i] * row[corpus_mirror(ix - 1 + i, w)];
        acc += wy[j] * r;
    }
    return clamp8(acc);
}

/* Where shot s looks at field k: the canvas point of view pixel (x, y) is
 * (cx + (x - w / 2) * scale, cy + (y - h / 2) * scale), the view zooming
 * about its centre, which pans; the object (sprite) covers view pixels
 * sx .. sx + 95, sy .. sy + 95. */
typedef struct view {
    double scale, cx, cy;
    int sx, sy;
    bool sprite;
} view;

static view view_at(const corpus_shot *s, long k)
{
    view w = { .scale = pow(s->zoom > 0 ? s->zoom : 1, -(double)k),
               .cx = s->x0 + s->dx * k + s->width / 2.0,
               .cy = s->y0 + s->dy * k + s->height / 2.0,
               .sprite = s->sprite != 0 };
    if (w.sprite) {
        /* a 96x96 piece of the canvas from far away, crossing the view
         * left to right (and a little down), wrapping */
        long span = s->width + 96;
        w.sx = (int)((k * s->sprite) % span) - 96;
        w.sy = s->height / 3 + (int)(k * s->sprite / 4 % 64);
    }
    return w;
}

/* The shot's 4:4:4 pixel (x, y) of view w into yuv. */
static void shot_pixel(const vio_frame *c, const corpus_shot *s, const view *w, int x, int y,
                       uint8_t yuv[3])
{
    double u = w->cx + (x - s->width / 2.0) * w->scale;
    double v = w->cy + (y - s->height / 2.0) * w->scale;
    if (w->sprite && x >= w->sx && x < w->sx + 96 && y >= w->sy && y < w->sy + 96)
        u += c->width[0] / 2.0 + 37, v += c->height[0] / 2.0 + 11;
    for (int p = 0; p < 3; p++)
        yuv[p] = sample(c, p, u, v);
}

static const char ticker_text[] = "GEN7SF NEWS 24/7 - MARKETS 1234.56 - WEATHER 18:30 - ";

/* The ticker band: the bottom 48 lines, dark, with text of scale 4 moving
 * left s->ticker pixels per field. */
static void draw_ticker(vio_frame *f, const corpus_shot *s, long k)
{
    int top = f->height[0] - 48;
    for (int p = 0; p < 3; p++) {
        int y0 = p ? top / 2 : top, h = p ? 24 : 48;
        for (int y = y0; y < y0 + h && y < f->height[p]; y++)
            memset(f->data[p] + (size_t)y * f->stride[p], p ? 128 : 24, (size_t)f->width[p]);
    }
    int len = (int)strlen(ticker_text) * 24;  /* 6 font pixels per character, scale 4 */
    int x = -(int)((k * s->ticker) % len);
    for (; x < f->width[0]; x += len)
        synth_text(f, 0, x, top + 10, 4, 235, ticker_text);
}

int corpus_truth(vio_frame *f, const vio_frame *c, const corpus_shot *s, long k)
{
    if (f->chroma != VIO_CHROMA_420 || f->width[0] != s->width || f->height[0] != s->height ||
        c->chroma != VIO_CHROMA_444)
        return VIO_E_ARG;
    view w = view_at(s, k);
    for (int y = 0; y < s->height; y += 2)
        for (int x = 0; x < s->width; x += 2) {
            int cb = 0, cr = 0, n = 0;
            for (int j = 0; j < 2 && y + j < s->height; j++)
                for (int i = 0; i < 2 && x + i < s->width; i++) {
                    uint8_t yuv[3];
                    shot_pixel(c, s, &w, x + i, y + j, yuv);
                    f->data[0][(size_t)(y + j) * f->stride[0] + x + i] = yuv[0];
                    cb += yuv[1], cr += yuv[2], n++;
                }
            size_t at = (size_t)(y / 2) * f->stride[1] + x / 2;
            f->data[1][at] = (uint8_t)((cb + n / 2) / n);
            f->data[2][at] = (uint8_t)((cr + n / 2) / n);
        }
    if (s->ticker)
        draw_ticker(f, s, k);
    return 0;
}

int corpus_clip_make(corpus_clip *clip, const vio_frame *c, const corpus_shot *s, uint64_t seed)
{
    synth_seq_init(&clip->video, VIO_CHROMA_420, s->width, s->height);
    synth_seq_init(&clip->truth, VIO_CHROMA_420, s->width, s->height);
    if (s->frames < 1)
        return VIO_E_ARG;
    int rc = 0;
    for (long k = 0; !rc && k < 2L * s->frames; k++) {
        vio_frame *f = synth_seq_add(&clip->truth);
        rc = f ? corpus_truth(f, c, s, k) : VIO_E_NOMEM;
    }
    if (!rc)
        rc = synth_seq_interlace(&clip->video, &clip->truth, true);
    if (!rc && s->sigma > 0)
        rc = synth_seq_noise(&clip->video, 0, clip->video.n, s->sigma, seed);
    return rc;
}

void corpus_clip_free(corpus_clip *clip)
{
    synth_seq_free(&clip->video);
    synth_seq_free(&clip->truth);
}

double corpus_psnr_seq(const synth_seq *out, const corpus_clip *clip)
{
    if (out->n != clip->truth.n)
        return NAN;
    synth_err e = { 0, 0 };
    for (long i = 0; i < out->n; i++)
        synth_err_frame(&e, &out->f[i], &clip->truth.f[i], true);
    return synth_err_psnr(&e);
}

typedef struct tally {
    const corpus_clip *clip;
    long n;
    synth_err e;
    double *fields;
} tally;

static int compare(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    (void)st;
    tally *t = user;
    if (t->n >= t->clip->truth.n)
        return 1;
    const vio_frame *truth = &t->clip->truth.f[t->n];
    synth_err e = { 0, 0 };
    synth_err_plane(&e, out->data[0], out->stride[0], truth->data[0], truth->stride[0],
                    truth->width[0], truth->height[0]);
    if (t->fields)
        t->fields[t->n] = synth_err_psnr(&e);
    t->e.sse += e.sse, t->e.samples += e.samples;
    t->n++;
    return 0;
}

double corpus_psnr(const corpus_clip *clip, enum g7sf_vpp_deinterlace di, int denoise,
                   int threads, double *fields)
{
    const synth_seq *v = &clip->video;
    g7sf_vpp_config cfg = { .width = v->width, .height = v->height, .chroma = G7SF_CHROMA_420,
                            .deinterlace = di, .rate = G7SF_VPP_RATE_FIELD, .top_first = true,
                            .denoise = denoise, .threads = threads, .platform = G7SF_IVB };
    int err;
    g7sf_vpp *p = g7sf_vpp_create(&cfg, &err);
    if (!p)
        return NAN;
    tally t = { clip, 0, { 0, 0 }, fields };
    for (long i = 0; !err && i < v->n; i++) {
        const vio_frame *f = &v->f[i];
        g7sf_vpp_picture pic = { { f->data[0], f->data[1], f->data[2] },
                                 { (int)f->stride[0], (int)f->stride[1], (int)f->stride[2] } };
        err = g7sf_vpp_push(p, &pic, compare, &t);
    }
    if (!err)
        err = g7sf_vpp_flush(p, compare, &t);
    g7sf_vpp_destroy(p);
    return err || t.n != clip->truth.n ? NAN : synth_err_psnr(&t.e);
}
