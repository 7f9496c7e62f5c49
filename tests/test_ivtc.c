/* Inverse telecine from the first frame (issue 19): clips from the
 * generator, whose truth says which film frame every field shows, through
 * the pipeline at film and field rate.  The expected outputs come from the
 * truth alone: a film frame shown by two or more consecutive fields is
 * exact when the output is the weave of two of those fields of the input
 * (with noise, the noisy fields; clean, the film frame itself); a lone
 * field (an edit's orphan) can be no whole film frame; a video field is
 * never woven. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ivtc_clip.h"

static void film_case(const char *name, int w, int h, bool tff, const char *sections)
{
    ivtc_clip k;
    CHECKF(ivtc_make_clip(&k, w, h, tff, sections), "%s: clip", name);
    ivtc_sink s = { 0 };
    CHECK_EQ(ivtc_run(&k, G7SF_VPP_RATE_FILM, &s), 0);
    ivtc_score r = ivtc_score_film(&k, &s, true);
    printf("  %-22s %s  film rate: %ld outputs, %ld of %ld film frames exact in order, "
           "%ld video frames of %ld\n", name, tff ? "tff" : "bff", r.outputs, r.exact,
           r.film_frames, r.video_out, r.video_frames);
    CHECKF(r.exact == r.film_frames && r.video_out == r.video_frames &&
               r.outputs == r.film_frames + r.video_frames,
           "%s %s: %ld outputs for %ld film + %ld video frames; %ld film exact, %ld wrong weaves, "
           "%ld missed", name, tff ? "tff" : "bff", r.outputs, r.film_frames, r.video_frames,
           r.exact, r.woven_wrong, r.missed);
    synth_seq_free(&s.out);
    ivtc_sink f = { 0 };
    CHECK_EQ(ivtc_run(&k, G7SF_VPP_RATE_FIELD, &f), 0);
    r = ivtc_score_field(&k, &f);
    printf("  %-22s %s  field rate: %ld of %ld film fields exact, %ld video fields woven\n",
           name, tff ? "tff" : "bff", r.exact, r.film_frames, r.woven_wrong);
    CHECK_EQ(r.outputs, k.fields);
    CHECKF(r.exact == r.film_frames && r.woven_wrong == 0,
           "%s %s field rate: %ld of %ld film fields exact, %ld video fields woven", name,
           tff ? "tff" : "bff", r.exact, r.film_frames, r.woven_wrong);
    synth_seq_free(&f.out);
    synth_clip_free(&k.c);
}

TEST(sd_32_exact_from_the_first_frame)
{
    film_case("480 lines 3:2", 720, 480, true, "film:20");
    film_case("480 lines 3:2", 720, 480, false, "film:20");
    film_case("fast pan 3:2", 352, 288, true, "fast:20");
}

TEST(sd_22_exact_from_the_first_frame)
{
    film_case("2:2", 352, 288, true, "film22:16");
    film_case("2:2 smooth", 352, 288, false, "smooth22:16");
}

/* The 0 of 60: a slow smooth pan at 1080 lines (the FMD frame
 * sums never clear the detector's floor there) */
TEST(hd_smooth_pan_exact)
{
    film_case("1080 lines smooth 3:2", 1920, 1080, true, "smooth:16");
    film_case("1080 smooth sigma 8", 1920, 1080, false, "smooth:12:8");
}

/* Edits that jump the phase: film:13 leaves an orphan field (26 fields:
 * the 14th film frame's 1st field only), film:11 ends on a whole frame
 * and the next section starts its cycle afresh */
TEST(edits_that_jump_the_phase)
{
    film_case("edits", 352, 288, true, "film:13 film:11 film:12");
    film_case("edits", 352, 288, false, "film:13 film:11 smooth:12");
}

TEST(noisy_film_exact)
{
    film_case("3:2 noise sigma 4", 720, 480, true, "film:20:4");
    film_case("3:2 noise sigma 8", 720, 480, true, "film:20:8");
    film_case("2:2 noise sigma 8", 720, 480, false, "film22:16:8");
}

/* Video between film: never woven, one output per frame at film rate */
TEST(mixed_film_and_video)
{
    film_case("film/pan/film", 352, 288, true, "film:14 pan:8 film:14");
    film_case("film/zone/2:2", 352, 288, false, "film:14 zone:8 film22:12");
    film_case("text/film", 352, 288, true, "text:8 film:14");
}
