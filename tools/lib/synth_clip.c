/* Clips made of sections, with their truth, in memory (see synth.h): the
 * frames of synth_gen, kept. */
#include "synth.h"

void synth_clip_init(synth_clip *c, enum vio_chroma chroma, int width, int height)
{
    synth_seq_init(&c->video, chroma, width, height);
    synth_seq_init(&c->truth, chroma, width, height);
    synth_seq_init(&c->film, chroma, width, height);
}

void synth_clip_free(synth_clip *c)
{
    synth_seq_free(&c->video);
    synth_seq_free(&c->truth);
    synth_seq_free(&c->film);
}

/* Appends a copy of f to s. */
static int keep(synth_seq *s, const vio_frame *f)
{
    vio_frame *dst = synth_seq_add(s);
    return dst ? synth_copy(dst, f) : VIO_E_NOMEM;
}

int synth_clip_section(synth_clip *c, const char *kind, long n, double sigma, bool top_first,
                       uint64_t seed)
{
    synth_gen g;
    if (!synth_gen_kind_ok(kind) || n < 1 || !(sigma >= 0))
        return VIO_E_ARG;
    int rc = synth_gen_init(&g, c->video.chroma, c->video.width, c->video.height, top_first);
    if (rc)
        return rc;
    long v0 = c->video.n, t0 = c->truth.n, f0 = c->film.n;
    g.video_count = v0;   /* the noise follows the frame's place in the clip */
    rc = synth_gen_section(&g, kind, n, sigma, seed);
    while (!rc && (rc = synth_gen_next(&g)) == 1) {
        rc = keep(&c->video, g.video);
        for (int i = 0; i < 2 && !rc; i++)
            rc = keep(&c->truth, g.truth[i]);
        for (int i = 0; i < g.film_new && !rc; i++)
            rc = keep(&c->film, g.film[i]);
    }
    synth_gen_free(&g);
    if (rc) {
        while (c->video.n > v0)
            vio_frame_free(&c->video.f[--c->video.n]);
        while (c->truth.n > t0)
            vio_frame_free(&c->truth.f[--c->truth.n]);
        while (c->film.n > f0)
            vio_frame_free(&c->film.f[--c->film.n]);
    }
    return rc;
}
