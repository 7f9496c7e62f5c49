/* The corpus: its clips, canvases and rules (corpus.h). */
#include <stdio.h>
#include <string.h>

#include "corpus.h"

/* The photographs quality/fetch-photos takes from Debian's python3-skimage
 * data: portraits, animals, machines, textures, text, microscopy. */
static const char *const photo_files[] = {
    "astronaut.png", "coffee.png", "chelsea.png", "motorcycle_left.png", "camera.png",
    "grass.png", "text.png", "gravel.png", "ihc.png", "coins.png", "brick.png", "page.png",
    "motorcycle_right.png", "moon.png", "color.png",
};
enum { PHOTOS = sizeof photo_files / sizeof photo_files[0] };

#define HD .width = 1920, .height = 1080, .frames = 12
#define SD .width = 720, .height = 576, .frames = 16
#define SMALL .width = 720, .height = 576, .frames = 8

/* Pans at the speeds the issue measured (5 + 3 px per field at 1080,
 * slower diagonals), vertical motion, zoom, still views with a moving
 * object or a ticker, noise; photographs and the render. */
#define P CORPUS_PHOTOS
#define R CORPUS_RENDER
#define D CORPUS_DITHER
static const corpus_shot full[] = {
    { "hd-photo-pan-fast", P, HD, 60, 20, 5, 3, 1, 0, 0, 0, false, false },
    { "hd-render-pan-fast", R, HD, 60, 20, 5, 3, 1, 0, 0, 0, false, false },
    { "hd-dither-pan-fast", D, HD, 60, 20, 5, 3, 1, 0, 0, 0, false, true },
    { "hd-photo-pan-slow", P, HD, 60, 20, 1.5, 1, 1, 0, 0, 0, false, false },
    { "hd-render-pan-slow", R, HD, 60, 20, 1, 0.5, 1, 0, 0, 0, false, false },
    { "hd-photo-ticker", P, HD, 300, 100, 0, 0, 1, 0, 8, 0, true, false },
    { "sd-photo-pan", P, SD, 200, 100, 3, 0, 1, 0, 0, 0, false, false },
    { "sd-photo-pan-vert", P, SD, 900, 100, 0, 2, 1, 0, 0, 0, false, false },
    { "sd-photo-zoom-pan", P, SD, 1000, 300, 1, 0.5, 1.004, 0, 0, 0, false, false },
    { "sd-photo-still-object", P, SD, 100, 500, 0, 0, 1, 3, 0, 0, true, false },
    { "sd-photo-ticker", P, SD, 1500, 200, 0, 0, 1, 0, 4, 0, true, false },
    { "sd-photo-pan-ticker", P, SD, 400, 600, 2, 0, 1, 0, 6, 0, false, false },
    { "sd-photo-still-noise", P, SD, 1200, 600, 0, 0, 1, 0, 0, 3, true, false },
    { "sd-photo-pan-noise", P, SD, 300, 300, 3, 1, 1, 0, 0, 4, false, false },
    { "sd-render-pan", R, SD, 500, 300, 2, 0, 1, 0, 0, 0, false, false },
    { "sd-render-still-object", R, SD, 900, 600, 0, 0, 1, 4, 0, 0, true, false },
    { "sd-dither-pan", D, SD, 500, 300, 2, 0, 1, 0, 0, 0, false, true },
    { "sd-dither-still-object", D, SD, 900, 600, 0, 0, 1, 4, 0, 0, true, false },
};

static const corpus_shot small_set[] = {
    { "sd-render-pan", R, SMALL, 500, 300, 3, 1, 1, 0, 0, 0, false, false },
    { "sd-render-still-object", R, SMALL, 900, 600, 0, 0, 1, 4, 0, 0, true, false },
    { "sd-render-ticker", R, SMALL, 1200, 300, 0, 0, 1, 0, 4, 0, true, false },
    { "sd-photo-pan", P, SMALL, 200, 100, 3, 0, 1, 0, 0, 0, false, false },
    { "sd-photo-still-object", P, SMALL, 100, 500, 0, 0, 1, 3, 0, 0, true, false },
    /* one field line per field: the FMD film detector locked on it as 2:2 */
    { "sd-render-pan-vert", R, SMALL, 700, 100, 0, 2, 1, 0, 0, 0, false, false },
};

const corpus_shot *corpus_shots(bool small, size_t *n)
{
    *n = small ? sizeof small_set / sizeof small_set[0] : sizeof full / sizeof full[0];
    return small ? small_set : full;
}

int corpus_canvases_load(corpus_canvases *cv, const char *dir, bool small, char *why,
                         size_t why_cap)
{
    memset(cv, 0, sizeof *cv);
    int w = small ? 1600 : 2560, h = small ? 1200 : 1440;
    int rc = corpus_canvas_render(&cv->render, w, h, 7, false);
    if (!rc)
        rc = corpus_canvas_render(&cv->dither, w, h, 7, true);
    if (rc) {
        vio_frame_free(&cv->render);
        return rc;
    }
    char paths[PHOTOS][512];
    const char *files[PHOTOS];
    for (int i = 0; i < PHOTOS; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", dir, photo_files[i]);
        files[i] = paths[i];
    }
    vio_error err = { 0 };
    /* 5 x 3 cells of 512 x 416: a 1920 x 1080 view panning 5 + 3 pixels
     * per field for 24 fields stays on real pixels */
    int prc = corpus_canvas_photos(&cv->photos, files, PHOTOS, 5, 3, 512, 416, &err);
    cv->have_photos = !prc;
    if (prc)
        snprintf(why, why_cap, "%s (run quality/fetch-photos %s)", err.msg, dir);
    return prc == VIO_E_NOMEM ? prc : 0;
}

const vio_frame *corpus_canvas_of(const corpus_canvases *cv, enum corpus_source s)
{
    return s == CORPUS_RENDER ? &cv->render : s == CORPUS_DITHER ? &cv->dither
           : cv->have_photos ? &cv->photos : NULL;
}

void corpus_canvases_free(corpus_canvases *cv)
{
    vio_frame_free(&cv->render);
    vio_frame_free(&cv->dither);
    if (cv->have_photos)
        vio_frame_free(&cv->photos);
}

const char *corpus_rules_broken(const corpus_shot *s, const double p[4])
{
    for (int m = 0; m < 4; m++)
        if (!(p[m] == p[m]))
            return "a mode gave no comparable output";
    double best = p[1] > p[2] ? p[1] : p[2];
    best = best > p[3] ? best : p[3];
    if (s->aliased)
        return NULL;
    if (p[0] < best - 0.1)
        return "auto is more than 0.1 dB below the best of mcdi, madi and bob";
    if (s->static_part && !(p[2] > p[3]))
        return "madi does not beat bob on a clip with a still part";
    return NULL;
}
