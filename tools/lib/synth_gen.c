/* Clip sections made one interlaced frame at a time (see synth.h): the
 * frames synth_clip holds, without holding them. */
#include <string.h>

#include "synth.h"

/* The kinds of section.  Video kinds render their scene at field rate
 * (truth frame j at t = dt * j); film kinds telecine the pan rendered at
 * film rate (film frame i at t = dt * i, the same speed per field). */
static const struct {
    const char *name;
    enum synth_scene scene;
    double dt;
    bool film;
    enum synth_pulldown pd;
} kinds[] = {
    { "film",   SYNTH_PAN,        2.5, true,  SYNTH_PULLDOWN_32 },
    { "film22", SYNTH_PAN,        2,   true,  SYNTH_PULLDOWN_22 },
    { "smooth", SYNTH_SMOOTH,     2.5, true,  SYNTH_PULLDOWN_32 },
    { "smooth22", SYNTH_SMOOTH,   2,   true,  SYNTH_PULLDOWN_22 },
    { "fast",   SYNTH_PAN,        10,  true,  SYNTH_PULLDOWN_32 },
    { "zone",   SYNTH_ZONE_PLATE, 1,   false, SYNTH_PULLDOWN_32 },
    { "text",   SYNTH_EDGES_TEXT, 1,   false, SYNTH_PULLDOWN_32 },
    { "pan",    SYNTH_PAN,        1,   false, SYNTH_PULLDOWN_32 },
    { "still",  SYNTH_PAN,        0,   false, SYNTH_PULLDOWN_32 },
};

static int find_kind(const char *name)
{
    for (size_t i = 0; name && i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(name, kinds[i].name))
            return (int)i;
    return -1;
}

bool synth_gen_kind_ok(const char *kind)
{
    return find_kind(kind) >= 0;
}

int synth_gen_init(synth_gen *g, enum vio_chroma chroma, int width, int height, bool top_first)
{
    memset(g, 0, sizeof *g);
    g->top_first = top_first;
    g->kind = -1;
    int rc = vio_frame_alloc(&g->frame, chroma, width, height);
    for (int i = 0; i < 2 && !rc; i++)
        rc = vio_frame_alloc(&g->fields[i], chroma, width, height);
    for (int i = 0; i < 2 && !rc; i++) {
        rc = vio_frame_alloc(&g->films[i], chroma, width, height);
        g->film_idx[i] = -1;
    }
    if (rc)
        synth_gen_free(g);
    return rc;
}

void synth_gen_free(synth_gen *g)
{
    vio_frame_free(&g->frame);
    for (int i = 0; i < 2; i++)
        vio_frame_free(&g->fields[i]), vio_frame_free(&g->films[i]);
}

int synth_gen_section(synth_gen *g, const char *kind, long n, double sigma, uint64_t seed)
{
    int k = find_kind(kind);
    if (k < 0 || n < 1 || !(sigma >= 0) || !g->frame.data[0])
        return VIO_E_ARG;
    g->kind = k, g->n = n, g->k = 0, g->sigma = sigma, g->seed = seed;
    g->film_next = 0;
    g->film_idx[0] = g->film_idx[1] = -1;
    return 0;
}

/* Film frame i of the section, rendered into its slot unless there.  The
 * two fields of a frame need film frames i and at most i + 1, so two slots
 * by parity never hold one another's. */
static const vio_frame *film_frame(synth_gen *g, long i)
{
    vio_frame *f = &g->films[i & 1];
    if (g->film_idx[i & 1] != i) {
        double t = kinds[g->kind].dt * (double)i;
        if (synth_render(f, kinds[g->kind].scene, t))
            return NULL;
        g->film_idx[i & 1] = i;
    }
    return f;
}

int synth_gen_next(synth_gen *g)
{
    if (g->kind < 0 || g->k >= g->n)
        return 0;
    long k = g->k;
    g->film_new = 0;
    if (kinds[g->kind].film) {
        for (int f = 0; f < 2; f++) {
            long src = synth_pulldown_source(kinds[g->kind].pd, 0, 2 * k + f);
            if (!(g->truth[f] = film_frame(g, src)))
                return VIO_E_ARG;
            /* film frames in order, each when a field first shows it */
            if (src == g->film_next)
                g->film[g->film_new++] = g->truth[f], g->film_next++;
        }
    } else {
        for (int f = 0; f < 2; f++) {
            if (synth_render(&g->fields[f], kinds[g->kind].scene,
                             kinds[g->kind].dt * (double)(2 * k + f)))
                return VIO_E_ARG;
            g->truth[f] = &g->fields[f];
        }
    }
    synth_weave(&g->frame, g->truth[0], g->truth[1], g->top_first);
    if (g->sigma > 0)
        synth_noise_frame(&g->frame, g->sigma, g->seed, g->video_count);
    g->video = &g->frame;
    g->k++;
    g->video_count++;
    return 1;
}
