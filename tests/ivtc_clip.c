/* Clips with a film truth for the inverse telecine tests (ivtc_clip.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ivtc_clip.h"
#include "video_io.h"



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
bool ivtc_make_clip(ivtc_clip *k, int w, int h, bool top_first, const char *sections)
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


static int keep(void *user, const g7sf_vpp_picture *pic, const g7sf_vpp_stats *st)
{
    ivtc_sink *s = user;
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

int ivtc_run(const ivtc_clip *k, enum g7sf_vpp_rate rate, ivtc_sink *s)
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
static bool is_weave_of(const ivtc_clip *k, long g, const vio_frame *out, vio_frame *tmp)
{
    for (long j = k->group_first[g]; j + 1 < k->group_first[g] + k->group_size[g]; j++) {
        long even = j & 1 ? j + 1 : j, odd = j & 1 ? j : j + 1;
        synth_weave(tmp, &k->c.video.f[even / 2], &k->c.video.f[odd / 2], k->top_first);
        if (same_frame(out, tmp))
            return true;
    }
    return false;
}


ivtc_score ivtc_score_film(const ivtc_clip *k, const ivtc_sink *s, bool with_video)
{
    ivtc_score r = { .outputs = s->out.n };
    vio_frame tmp;
    if (vio_frame_alloc(&tmp, VIO_CHROMA_420, k->c.video.width, k->c.video.height))
        return r;
    long o = 0;
    for (long g = 0; g < k->groups; g++) {
        long j = k->group_first[g];
        if (!k->film[j]) {
            /* a video frame: its 1st field's output */
            if (j & 1 || !with_video)
                continue;
            r.video_frames++;
            if (o < s->out.n && !s->locked[o] && s->input[o] == j / 2)
                r.video_out++, o++;
            continue;
        }
        if (k->group_size[g] < 2)
            continue;
        r.film_frames++;
        long at = -1;
        for (long q = o; q < s->out.n && q < o + 12 && at < 0; q++)
            if (is_weave_of(k, g, &s->out.f[q], &tmp))
                at = q;
        if (at < 0) {
            r.missed++;
            continue;
        }
        for (long q = o; q < at; q++)
            r.extra++, r.woven_wrong += s->locked[q];
        r.exact++, o = at + 1;
    }
    vio_frame_free(&tmp);
    return r;
}

/* Field rate: output j is field j's; where j shows a film frame with
 * another field, exactly a weave of its group; a video field never woven. */
ivtc_score ivtc_score_field(const ivtc_clip *k, const ivtc_sink *s)
{
    ivtc_score r = { .outputs = s->out.n };
    vio_frame tmp;
    if (vio_frame_alloc(&tmp, VIO_CHROMA_420, k->c.video.width, k->c.video.height))
        return r;
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

int ivtc_write_y4m(const ivtc_clip *k, const char *file)
{
    vio_info info = { .fps_num = 30000, .fps_den = 1001, .format = VIO_FMT_I420,
                      .interlace = k->top_first ? VIO_TFF : VIO_BFF };
    return synth_seq_write_y4m(file, &k->c.video, 0, k->c.video.n, &info);
}

int ivtc_read_y4m(const ivtc_clip *k, const char *file, ivtc_sink *s)
{
    synth_seq_init(&s->out, VIO_CHROMA_420, k->c.video.width, k->c.video.height);
    int rc = synth_seq_read_y4m(file, &s->out, MAXOUT);
    for (long n = 0; n < s->out.n; n++)
        s->input[n] = -1, s->locked[n] = false, s->field[n] = -1;
    return rc;
}
