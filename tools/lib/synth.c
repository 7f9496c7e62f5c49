/* Synthetic sequences: weave, pulldown, noise, splices and PSNR (see synth.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "synth.h"

static bool same_shape(const vio_frame *a, const vio_frame *b)
{
    if (!a || !b || !a->data[0] || !b->data[0] || a->chroma != b->chroma || a->planes != b->planes)
        return false;
    for (int p = 0; p < a->planes; p++)
        if (a->width[p] != b->width[p] || a->height[p] != b->height[p])
            return false;
    return true;
}

int synth_weave(vio_frame *out, const vio_frame *first, const vio_frame *second, bool top_first)
{
    if (!same_shape(out, first) || !same_shape(out, second))
        return VIO_E_ARG;
    int first_parity = top_first ? 0 : 1;
    for (int p = 0; p < out->planes; p++)
        for (int y = 0; y < out->height[p]; y++) {
            const vio_frame *src = (y & 1) == first_parity ? first : second;
            memmove(out->data[p] + y * out->stride[p], src->data[p] + y * src->stride[p],
                    (size_t)out->width[p]);
        }
    return 0;
}

int synth_copy(vio_frame *dst, const vio_frame *src)
{
    return synth_weave(dst, src, src, true);
}

/* The film frame of pattern position q (from the start of the pattern). */
static long pattern_source(enum synth_pulldown pd, long q)
{
    if (pd == SYNTH_PULLDOWN_22)
        return q / 2;
    /* 5 fields per 2 film frames: the first gets 2, the second 3 */
    return q / 5 * 2 + (q % 5 < 2 ? 0 : 1);
}

long synth_pulldown_source(enum synth_pulldown pd, int phase, long j)
{
    int cycle = pd == SYNTH_PULLDOWN_32 ? 10 : pd == SYNTH_PULLDOWN_22 ? 2 : 0;
    if (phase < 0 || phase >= cycle || j < 0)
        return -1;
    return pattern_source(pd, j + phase) - pattern_source(pd, phase);
}

long synth_pulldown_frames(enum synth_pulldown pd, int phase, long nfilm)
{
    long fields = 0;
    if (synth_pulldown_source(pd, phase, 0) < 0 || nfilm <= 0)
        return 0;
    while (synth_pulldown_source(pd, phase, fields) < nfilm)
        fields++;
    return fields / 2;
}

void synth_seq_init(synth_seq *s, enum vio_chroma chroma, int width, int height)
{
    *s = (synth_seq){ .chroma = chroma, .width = width, .height = height };
}

void synth_seq_free(synth_seq *s)
{
    for (long i = 0; i < s->n; i++)
        vio_frame_free(&s->f[i]);
    free(s->f);
    s->f = NULL;
    s->n = s->cap = 0;
}

vio_frame *synth_seq_add(synth_seq *s)
{
    if (s->n == s->cap) {
        long cap = s->cap ? 2 * s->cap : 16;
        vio_frame *f = realloc(s->f, (size_t)cap * sizeof *f);
        if (!f)
            return NULL;
        s->f = f, s->cap = cap;
    }
    if (vio_frame_alloc(&s->f[s->n], s->chroma, s->width, s->height))
        return NULL;
    return &s->f[s->n++];
}

/* Undoes the last additions down to n frames (after a failure part-way). */
static int seq_fail(synth_seq *s, long n, int code)
{
    while (s->n > n)
        vio_frame_free(&s->f[--s->n]);
    return code;
}

int synth_seq_splice(synth_seq *dst, const synth_seq *src, long first, long count)
{
    if (first < 0 || count < 0 || first > src->n || count > src->n - first ||
        src->chroma != dst->chroma || src->width != dst->width || src->height != dst->height)
        return VIO_E_ARG;
    long n0 = dst->n;
    for (long i = 0; i < count; i++) {
        /* dst may be src: take the index, not a pointer, across the add */
        vio_frame *f = synth_seq_add(dst);
        if (!f)
            return seq_fail(dst, n0, VIO_E_NOMEM);
        synth_copy(f, &src->f[first + i]);
    }
    return 0;
}

int synth_seq_render(synth_seq *s, enum synth_scene sc, double t0, double dt, long n)
{
    long n0 = s->n;
    if (n < 0 || !synth_scene_name(sc))
        return VIO_E_ARG;
    for (long i = 0; i < n; i++) {
        vio_frame *f = synth_seq_add(s);
        if (!f)
            return seq_fail(s, n0, VIO_E_NOMEM);
        int r = synth_render(f, sc, t0 + dt * (double)i);
        if (r)
            return seq_fail(s, n0, r);
    }
    return 0;
}

int synth_seq_interlace(synth_seq *dst, const synth_seq *truth, bool top_first)
{
    long n0 = dst->n, frames = truth->n / 2;
    if (dst == truth || truth->chroma != dst->chroma || truth->width != dst->width ||
        truth->height != dst->height)
        return VIO_E_ARG;
    for (long k = 0; k < frames; k++) {
        vio_frame *f = synth_seq_add(dst);
        if (!f)
            return seq_fail(dst, n0, VIO_E_NOMEM);
        synth_weave(f, &truth->f[2 * k], &truth->f[2 * k + 1], top_first);
    }
    return 0;
}

int synth_seq_telecine(synth_seq *dst, const synth_seq *film, enum synth_pulldown pd,
                       int phase, bool top_first)
{
    long n0 = dst->n, frames = synth_pulldown_frames(pd, phase, film->n);
    if (dst == film || synth_pulldown_source(pd, phase, 0) < 0 || film->chroma != dst->chroma ||
        film->width != dst->width || film->height != dst->height)
        return VIO_E_ARG;
    for (long k = 0; k < frames; k++) {
        vio_frame *f = synth_seq_add(dst);
        if (!f)
            return seq_fail(dst, n0, VIO_E_NOMEM);
        synth_weave(f, &film->f[synth_pulldown_source(pd, phase, 2 * k)],
                    &film->f[synth_pulldown_source(pd, phase, 2 * k + 1)], top_first);
    }
    return 0;
}

int synth_seq_noise(synth_seq *s, long first, long count, double sigma, uint64_t seed)
{
    if (first < 0 || count < 0 || first > s->n || count > s->n - first || !(sigma >= 0))
        return VIO_E_ARG;
    for (long i = first; i < first + count; i++)
        synth_noise_frame(&s->f[i], sigma, seed, i);
    return 0;
}

void synth_err_plane(synth_err *e, const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b,
                     ptrdiff_t b_stride, int width, int height)
{
    for (int y = 0; y < height; y++) {
        uint64_t row = 0;
        for (int x = 0; x < width; x++) {
            int d = a[y * a_stride + x] - b[y * b_stride + x];
            row += (uint64_t)(d * d);
        }
        e->sse += row;
    }
    if (width > 0 && height > 0)
        e->samples += (uint64_t)width * (uint64_t)height;
}

int synth_err_frame(synth_err *e, const vio_frame *a, const vio_frame *b, bool luma_only)
{
    if (!same_shape(a, b))
        return VIO_E_ARG;
    for (int p = 0; p < (luma_only ? 1 : a->planes); p++)
        synth_err_plane(e, a->data[p], a->stride[p], b->data[p], b->stride[p], a->width[p],
                        a->height[p]);
    return 0;
}

double synth_err_psnr(const synth_err *e)
{
    if (!e->samples)
        return NAN;
    if (!e->sse)
        return INFINITY;
    return 10 * log10(255.0 * 255.0 * (double)e->samples / (double)e->sse);
}

double synth_psnr_frame(const vio_frame *a, const vio_frame *b, bool luma_only)
{
    synth_err e = { 0, 0 };
    if (synth_err_frame(&e, a, b, luma_only))
        return NAN;
    return synth_err_psnr(&e);
}
