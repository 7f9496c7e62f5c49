/* Reader and writer threads around vio_in / vio_out (vio_async.h).  Each
 * is a ring of slots: [head, tail) are filled and not yet taken; a slot is
 * refilled only after it is taken and given back. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "vio_async.h"

typedef struct rslot {
    vio_frame frame;
    vio_frame_info fi;
    int rc;
    vio_error err;
} rslot;

struct vio_reader {
    vio_in *in;
    int n;
    rslot *s;
    pthread_mutex_t lock;
    pthread_cond_t filled, freed;
    long head, tail;
    bool quit, ended, holding;
    pthread_t thread;
};

static void *reader_main(void *arg)
{
    vio_reader *r = arg;
    pthread_mutex_lock(&r->lock);
    while (!r->ended) {
        while (!r->quit && r->tail - r->head == r->n)
            pthread_cond_wait(&r->freed, &r->lock);
        if (r->quit)
            break;
        rslot *s = &r->s[r->tail % r->n];
        pthread_mutex_unlock(&r->lock);
        s->rc = vio_in_read(r->in, &s->frame, &s->err);
        s->fi = r->in->frame_info;
        pthread_mutex_lock(&r->lock);
        r->tail++;
        r->ended = s->rc != 1;
        pthread_cond_signal(&r->filled);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

static void reader_free(vio_reader *r)
{
    for (int i = 0; i < r->n; i++)
        vio_frame_free(&r->s[i].frame);
    free(r->s);
    free(r);
}

vio_reader *vio_reader_start(vio_in *in, int slots)
{
    struct stat st;
    if (slots < 2 || fstat(fileno(in->fp), &st) || !S_ISREG(st.st_mode))
        return NULL;
    vio_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->in = in, r->n = slots;
    if (!(r->s = calloc((size_t)slots, sizeof *r->s))) {
        free(r);
        return NULL;
    }
    enum vio_chroma chroma = vio_format_chroma(in->info.format);
    for (int i = 0; i < slots; i++)
        if (vio_frame_alloc(&r->s[i].frame, chroma, in->info.width, in->info.height) < 0) {
            reader_free(r);
            return NULL;
        }
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->filled, NULL);
    pthread_cond_init(&r->freed, NULL);
    if (pthread_create(&r->thread, NULL, reader_main, r)) {
        pthread_cond_destroy(&r->filled);
        pthread_cond_destroy(&r->freed);
        pthread_mutex_destroy(&r->lock);
        reader_free(r);
        return NULL;
    }
    return r;
}

int vio_reader_next(vio_reader *r, const vio_frame **f, vio_frame_info *fi, vio_error *err)
{
    pthread_mutex_lock(&r->lock);
    /* the frame handed out last is given back: its slot may be refilled,
     * unless it was the end, which stays the answer */
    if (r->holding && r->s[r->head % r->n].rc == 1) {
        r->head++;
        r->holding = false;
        pthread_cond_signal(&r->freed);
    }
    while (r->head == r->tail)
        pthread_cond_wait(&r->filled, &r->lock);
    rslot *s = &r->s[r->head % r->n];
    r->holding = true;
    pthread_mutex_unlock(&r->lock);
    *f = &s->frame;
    *fi = s->fi;
    if (s->rc < 0)
        *err = s->err;
    return s->rc;
}

void vio_reader_stop(vio_reader *r)
{
    if (!r)
        return;
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_signal(&r->freed);
    pthread_mutex_unlock(&r->lock);
    pthread_join(r->thread, NULL);
    pthread_cond_destroy(&r->filled);
    pthread_cond_destroy(&r->freed);
    pthread_mutex_destroy(&r->lock);
    reader_free(r);
}

typedef struct wslot {
    uint8_t *buf;
    vio_frame_info fi;
} wslot;

struct vio_writer {
    vio_out *out;
    int n;
    wslot *s;
    pthread_mutex_t lock;
    pthread_cond_t filled, freed;
    long head, tail;
    bool done, failed;
    vio_error err;          /* the first failure */
    pthread_t thread;
};

static void *writer_main(void *arg)
{
    vio_writer *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->done && w->head == w->tail)
            pthread_cond_wait(&w->filled, &w->lock);
        if (w->head == w->tail)
            break;
        wslot *s = &w->s[w->head % w->n];
        bool skip = w->failed;
        pthread_mutex_unlock(&w->lock);
        vio_error e;
        int rc = 0;
        if (!skip) {
            w->out->frame_info = s->fi;
            rc = vio_out_write_packed(w->out, s->buf, &e);
        }
        pthread_mutex_lock(&w->lock);
        if (rc && !w->failed)
            w->failed = true, w->err = e;
        w->head++;
        pthread_cond_signal(&w->freed);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static void writer_free(vio_writer *w)
{
    for (int i = 0; i < w->n; i++)
        free(w->s[i].buf);
    free(w->s);
    free(w);
}

vio_writer *vio_writer_start(vio_out *out, int slots)
{
    if (slots < 2 || !out->frame_bytes || out->frame_bytes > SIZE_MAX)
        return NULL;
    vio_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->out = out, w->n = slots;
    if (!(w->s = calloc((size_t)slots, sizeof *w->s))) {
        free(w);
        return NULL;
    }
    for (int i = 0; i < slots; i++)
        if (!(w->s[i].buf = malloc((size_t)out->frame_bytes))) {
            writer_free(w);
            return NULL;
        }
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->filled, NULL);
    pthread_cond_init(&w->freed, NULL);
    if (pthread_create(&w->thread, NULL, writer_main, w)) {
        pthread_cond_destroy(&w->filled);
        pthread_cond_destroy(&w->freed);
        pthread_mutex_destroy(&w->lock);
        writer_free(w);
        return NULL;
    }
    return w;
}

int vio_writer_put(vio_writer *w, const vio_frame *f, const vio_frame_info *fi, vio_error *err)
{
    pthread_mutex_lock(&w->lock);
    while (!w->failed && w->tail - w->head == w->n)
        pthread_cond_wait(&w->freed, &w->lock);
    if (w->failed) {
        *err = w->err;
        pthread_mutex_unlock(&w->lock);
        return err->code;
    }
    wslot *s = &w->s[w->tail % w->n];
    pthread_mutex_unlock(&w->lock);
    int rc = vio_out_pack(w->out, f, s->buf, err);
    if (rc)
        return rc;
    s->fi = *fi;
    pthread_mutex_lock(&w->lock);
    w->tail++;
    pthread_cond_signal(&w->filled);
    pthread_mutex_unlock(&w->lock);
    return 0;
}

int vio_writer_finish(vio_writer *w, vio_error *err)
{
    if (!w)
        return 0;
    pthread_mutex_lock(&w->lock);
    w->done = true;
    pthread_cond_signal(&w->filled);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    int rc = 0;
    if (w->failed)
        *err = w->err, rc = err->code;
    pthread_cond_destroy(&w->filled);
    pthread_cond_destroy(&w->freed);
    pthread_mutex_destroy(&w->lock);
    writer_free(w);
    return rc;
}
