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

#include "gen7sf/vpp.h"
#include "harness.h"
#include "synth.h"

enum { MAXFIELDS = 512, MAXOUT = 1024 };

/* A clip and, per field, the film group it belongs to: fields of one film
 * frame in a row share a group; a video field is its own group, -1 film. */
typedef struct clip {
    synth_clip c;
    bool top_first;
    long fields;
    long group[MAXFIELDS];      /* group of field j */
    bool film[MAXFIELDS];       /* field j comes from a film section */
    long groups;
    long group_first[MAXFIELDS], group_size[MAXFIELDS];
} clip;

static bool same_frame(const vio_frame *a, const vio_frame *b)
{
    for (int p = 0; p < a->planes; p++)
        for (int y = 0; y < a->height[p]; y++)
            if (memcmp(a->data[p] + y * a->stride[p], b->data[p] + y * b->stride[p],
                       (size_t)a->width[p]))
                return false;
    return true;
}

/* sections: "kind:frames[:sigma]" separated by spaces */
static bool make_clip(clip *k, int w, int h, bool top_first, const char *sections)
{
    memset(k, 0, sizeof *k);
    k->top_first = top_first;
    synth_clip_init(&k->c, VIO_CHROMA_420, w, h);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", sections);
    for (char *s = strtok(buf, " "); s; s = strtok(NULL, " ")) {
        char kind[16] = "";
        long n = 0;
        double sigma = 0;
        if (sscanf(s, "%15[a-z0-9]:%ld:%lf", kind, &n, &sigma) < 2)
            return false;
        long f0 = 2 * k->c.video.n;
        if (synth_clip_section(&k->c, kind, n, sigma, top_first, 7))
            return false;
        bool film = !strncmp(kind, "film", 4) || !strncmp(kind, "smooth", 6) ||
                    !strcmp(kind, "fast");
        for (long j = f0; j < 2 * k->c.video.n && j < MAXFIELDS; j++) {
            k->film[j] = film;
            /* a group runs on while a film section's fields show one picture */
            bool joins = film && j > f0 && same_frame(&k->c.truth.f[j], &k->c.truth.f[j - 1]);
            if (!joins)
                k->group_first[k->groups] = j, k->group_size[k->groups] = 0, k->groups++;
            k->group[j] = k->groups - 1;
            k->group_size[k->groups - 1]++;
        }
    }
    k->fields = 2 * k->c.video.n;
    return k->fields <= MAXFIELDS;
}

/* The outputs, kept. */
typedef struct sink {
    synth_seq out;
    bool locked[MAXOUT];
    long input[MAXOUT];
    int field[MAXOUT];
} sink;

static int keep(void *user, const g7sf_vpp_picture *pic, const g7sf_vpp_stats *st)
{
    sink *s = user;
    if (s->out.n >= MAXOUT)
        return 1;
    s->locked[s->out.n] = st->locked;
    s->input[s->out.n] = st->input_frame;
    s->field[s->out.n] = st->field;
    vio_frame *f = synth_seq_add(&s->out);
    if (!f)
        return 1;
    for (int p = 0; p < 3; p++)
        for (int y = 0; y < f->height[p]; y++)
            memcpy(f->data[p] + y * f->stride[p], pic->data[p] + (size_t)y * pic->stride[p],
                   (size_t)f->width[p]);
    return 0;
}

static int run(const clip *k, enum g7sf_vpp_rate rate, sink *s)
{
    g7sf_vpp_config c = { .width = k->c.video.width, .height = k->c.video.height,
                          .chroma = G7SF_CHROMA_420, .deinterlace = G7SF_VPP_DI_AUTO,
                          .rate = rate, .top_first = k->top_first, .denoise = -1,
                          .threads = 2, .platform = G7SF_IVB };
    synth_seq_init(&s->out, VIO_CHROMA_420, c.width, c.height);
    int err;
    g7sf_vpp *v = g7sf_vpp_create(&c, &err);
    if (!v)
        return err;
    for (long i = 0; i < k->c.video.n && !err; i++) {
        const vio_frame *f = &k->c.video.f[i];
        g7sf_vpp_picture in = { { f->data[0], f->data[1], f->data[2] },
                                { (int)f->stride[0], (int)f->stride[1], (int)f->stride[2] } };
        err = g7sf_vpp_push(v, &in, keep, s);
    }
    if (!err)
        err = g7sf_vpp_flush(v, keep, s);
    g7sf_vpp_destroy(v);
    return err;
}

/* Whether out is the weave of two consecutive fields of group g. */
static bool is_weave_of(const clip *k, long g, const vio_frame *out, vio_frame *tmp)
{
    for (long j = k->group_first[g]; j + 1 < k->group_first[g] + k->group_size[g]; j++) {
        long even = j & 1 ? j + 1 : j, odd = j & 1 ? j : j + 1;
        synth_weave(tmp, &k->c.video.f[even / 2], &k->c.video.f[odd / 2], k->top_first);
        if (same_frame(out, tmp))
            return true;
    }
    return false;
}

typedef struct score {
    long outputs, exact, film_frames, film_out, video_out, video_frames, woven_wrong, missed;
} score;

/* Film rate: in order, one output per film group of 2 or more fields, the
 * weave of two of its fields; video sections one (unwoven) output per
 * frame.  Orphans of film sections are dropped. */
static score score_film(const clip *k, const sink *s)
{
    score r = { .outputs = s->out.n };
    vio_frame tmp;
    vio_frame_alloc(&tmp, VIO_CHROMA_420, k->c.video.width, k->c.video.height);
    long o = 0;
    for (long g = 0; g < k->groups; g++) {
        long j = k->group_first[g];
        if (!k->film[j]) {
            /* a video frame: its 1st field's output */
            if (j & 1)
                continue;
            r.video_frames++;
            if (o < s->out.n && !s->locked[o] && s->input[o] == j / 2)
                r.video_out++, o++;
            continue;
        }
        if (k->group_size[g] < 2)
            continue;
        r.film_frames++;
        if (o < s->out.n && is_weave_of(k, g, &s->out.f[o], &tmp))
            r.exact++, o++;
        else if (o < s->out.n && is_weave_of(k, g + 1, &s->out.f[o], &tmp))
            r.missed++;   /* the output is the next film frame's */
        else
            r.woven_wrong += o < s->out.n && s->locked[o], r.missed++, o++;
    }
    vio_frame_free(&tmp);
    return r;
}

/* Field rate: output j is field j's; where j shows a film frame with
 * another field, exactly a weave of its group; a video field never woven. */
static score score_field(const clip *k, const sink *s)
{
    score r = { .outputs = s->out.n };
    vio_frame tmp;
    vio_frame_alloc(&tmp, VIO_CHROMA_420, k->c.video.width, k->c.video.height);
    for (long j = 0; j < k->fields && j < s->out.n; j++) {
        long g = k->group[j];
        if (k->film[j] && k->group_size[g] >= 2) {
            r.film_frames++;
            r.exact += is_weave_of(k, g, &s->out.f[j], &tmp);
        } else if (!k->film[j]) {
            r.video_frames++;
            r.woven_wrong += s->locked[j];
        }
    }
    vio_frame_free(&tmp);
    return r;
}

static void film_case(const char *name, int w, int h, bool tff, const char *sections)
{
    clip k;
    CHECKF(make_clip(&k, w, h, tff, sections), "%s: clip", name);
    sink s = { 0 };
    CHECK_EQ(run(&k, G7SF_VPP_RATE_FILM, &s), 0);
    score r = score_film(&k, &s);
    printf("  %-22s %s  film rate: %ld outputs, %ld of %ld film frames exact in order, "
           "%ld video frames of %ld\n", name, tff ? "tff" : "bff", r.outputs, r.exact,
           r.film_frames, r.video_out, r.video_frames);
    CHECKF(r.exact == r.film_frames && r.video_out == r.video_frames &&
               r.outputs == r.film_frames + r.video_frames,
           "%s %s: %ld outputs for %ld film + %ld video frames; %ld film exact, %ld wrong weaves, "
           "%ld missed", name, tff ? "tff" : "bff", r.outputs, r.film_frames, r.video_frames,
           r.exact, r.woven_wrong, r.missed);
    synth_seq_free(&s.out);
    sink f = { 0 };
    CHECK_EQ(run(&k, G7SF_VPP_RATE_FIELD, &f), 0);
    r = score_field(&k, &f);
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
