/* Clips made of sections, with their truth (see synth.h). */
#include <string.h>

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

/* Telecine: n frames from as many film frames as they need. */
static int film_section(synth_clip *c, enum synth_pulldown pd, long n, bool tff)
{
    synth_seq film;
    long nfilm = 1;
    while (synth_pulldown_frames(pd, 0, nfilm) < n)
        nfilm++;
    synth_seq_init(&film, c->video.chroma, c->video.width, c->video.height);
    int rc = synth_seq_render(&film, SYNTH_PAN, 0, pd == SYNTH_PULLDOWN_32 ? 2.5 : 2, nfilm);
    long v0 = c->video.n;
    if (!rc)
        rc = synth_seq_telecine(&c->video, &film, pd, 0, tff);
    /* the film frames past the n wanted are not in the clip */
    while (!rc && c->video.n > v0 + n)
        vio_frame_free(&c->video.f[--c->video.n]);
    for (long j = 0; !rc && j < 2 * n; j++)
        rc = synth_seq_splice(&c->truth, &film, synth_pulldown_source(pd, 0, j), 1);
    long used = synth_pulldown_source(pd, 0, 2 * n - 1) + 1;
    if (!rc)
        rc = synth_seq_splice(&c->film, &film, 0, used);
    synth_seq_free(&film);
    return rc;
}

int synth_clip_section(synth_clip *c, const char *kind, long n, double sigma, bool top_first,
                       uint64_t seed)
{
    static const struct { const char *name; enum synth_scene scene; double dt; } video[] = {
        { "zone", SYNTH_ZONE_PLATE, 1 }, { "text", SYNTH_EDGES_TEXT, 1 },
        { "pan", SYNTH_PAN, 1 }, { "still", SYNTH_PAN, 0 },
    };
    if (!kind || n < 1 || !(sigma >= 0))
        return VIO_E_ARG;
    long v0 = c->video.n, t0 = c->truth.n, f0 = c->film.n;
    int rc = VIO_E_ARG;
    if (!strcmp(kind, "film") || !strcmp(kind, "film22")) {
        rc = film_section(c, kind[4] ? SYNTH_PULLDOWN_22 : SYNTH_PULLDOWN_32, n, top_first);
    } else {
        for (size_t i = 0; i < sizeof video / sizeof video[0]; i++)
            if (!strcmp(kind, video[i].name)) {
                rc = synth_seq_render(&c->truth, video[i].scene, 0, video[i].dt, 2 * n);
                if (!rc) {
                    synth_seq fields = c->truth;
                    /* interlace only this section's truth frames */
                    fields.f += t0, fields.n -= t0, fields.cap -= t0;
                    rc = synth_seq_interlace(&c->video, &fields, top_first);
                }
            }
    }
    if (!rc && sigma > 0)
        rc = synth_seq_noise(&c->video, v0, n, sigma, seed);
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
