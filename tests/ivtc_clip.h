/* Clips with a known film truth for the inverse telecine tests
 * (test_ivtc.c, test_ivtc_ffmpeg.c): made by the generator, run through the
 * pipeline or read back from a file, and scored from the truth alone.  A
 * film frame shown by two or more consecutive fields is exact when an
 * output is the weave of two of those fields of the input (with noise,
 * the noisy fields; clean, the film frame itself); a lone field (an edit's
 * orphan) can be no whole film frame; a video field is never woven. */
#ifndef G7SF_TEST_IVTC_CLIP_H
#define G7SF_TEST_IVTC_CLIP_H

#include <stdbool.h>

#include "gen7sf/vpp.h"
#include "synth.h"

enum { MAXFIELDS = 512, MAXOUT = 1024 };

/* A clip and, per field, its group: the fields of one film frame in a row
 * share one; a video field is its own. */
typedef struct ivtc_clip {
    synth_clip c;
    bool top_first;
    long fields;
    long group[MAXFIELDS];
    bool film[MAXFIELDS];       /* field j comes from a film section */
    long groups;
    long group_first[MAXFIELDS], group_size[MAXFIELDS];
} ivtc_clip;

/* sections: "kind:frames[:sigma]" separated by spaces (noise seed 7) */
bool ivtc_make_clip(ivtc_clip *k, int w, int h, bool top_first, const char *sections);

/* Outputs with their statistics (input -1, not locked: read from a file). */
typedef struct ivtc_sink {
    synth_seq out;
    bool locked[MAXOUT];
    long input[MAXOUT];
    int field[MAXOUT];
} ivtc_sink;

/* The clip through the pipeline (auto) at a rate, into s. */
int ivtc_run(const ivtc_clip *k, enum g7sf_vpp_rate rate, ivtc_sink *s);
/* The clip's input as Y4M, and a Y4M file's frames into s. */
int ivtc_write_y4m(const ivtc_clip *k, const char *file);
int ivtc_read_y4m(const ivtc_clip *k, const char *file, ivtc_sink *s);

typedef struct ivtc_score {
    long outputs, exact, film_frames, video_out, video_frames, woven_wrong, missed, extra;
} ivtc_score;

/* Film rate: in order, one output per film frame of 2 or more fields (the
 * weave of two of its fields) and, with video, one unwoven output per video
 * frame; orphans of film sections dropped.  Outputs between expected ones
 * are skipped as extra (up to 12), so a miss does not shift the rest. */
ivtc_score ivtc_score_film(const ivtc_clip *k, const ivtc_sink *s, bool with_video);
/* Field rate: output j is field j's; a field that shows a film frame with
 * another is a weave of its group's fields, a video field never woven. */
ivtc_score ivtc_score_field(const ivtc_clip *k, const ivtc_sink *s);

#endif
