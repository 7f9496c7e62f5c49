/* Frames read and written on threads of their own (vio_async.h): a ring of
 * depth frames between the thread doing the I/O and the tool's. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "vio_async.h"

typedef struct slot {
    vio_frame f;
    vio_frame_info fi;
    int rc;                 /* reader: vio_in_read's code for this slot */
    vio_error err;
} slot;

/* The ring both directions share: slots taken (head) and filled (tail). */
typedef struct ring {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t th;
    void *io;               /* the vio_in or vio_out the thread uses */
    slot *s;
    int depth;
    long head, tail;
    bool stop;
    bool frames;            /* the slots own frames (else they point at the caller's) */
} ring;

static int ring_init(ring *r, int depth, enum vio_chroma chroma, int w, int h, bool frames)
{
    memset(r, 0, sizeof *r);
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->cv, NULL);
    r->depth = depth;
    if (!(r->s = calloc((size_t)depth, sizeof *r->s)))
        return -1;
    for (int i = 0; i < depth && frames; i++)
        if (vio_frame_alloc(&r->s[i].f, chroma, w, h) < 0)
            return -1;
    r->frames = frames;
    return 0;
}

static void ring_free(ring *r)
{
    for (int i = 0; r->s && r->frames && i < r->depth; i++)
        vio_frame_free(&r->s[i].f);
    free(r->s);
    pthread_mutex_destroy(&r->mu);
    pthread_cond_destroy(&r->cv);
}

/* A new object of size bytes whose first member is its ring (depth frames
 * of chroma, w x h) with fn running on it over io; NULL when it cannot. */
static void *ring_start(size_t size, int depth, enum vio_chroma chroma, int w, int h, bool frames,
                        void *io, void *(*fn)(void *))
{
    ring *r = calloc(1, size);
    if (!r)
        return NULL;
    if (ring_init(r, depth, chroma, w, h, frames) == 0) {
        r->io = io;
        if (pthread_create(&r->th, NULL, fn, r) == 0)
            return r;
    }
    ring_free(r);
    free(r);
    return NULL;
}

static void frame_copy(vio_frame *d, const vio_frame *s)
{
    for (int p = 0; p < s->planes; p++)
        for (int y = 0; y < s->height[p]; y++)
            memcpy(d->data[p] + y * d->stride[p], s->data[p] + y * s->stride[p],
                   (size_t)s->width[p]);
}

/* ---- reading ---- */

struct vio_async_in {
    ring r;                 /* first: ring_start */
    bool held;              /* the consumer has slot head */
};

static void *reader(void *arg)
{
    vio_async_in *a = arg;
    ring *r = &a->r;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (!r->stop && r->tail - r->head >= r->depth)
            pthread_cond_wait(&r->cv, &r->mu);
        if (r->stop)
            break;
        slot *s = &r->s[r->tail % r->depth];
        pthread_mutex_unlock(&r->mu);
        vio_in *in = r->io;
        s->rc = vio_in_read(in, &s->f, &s->err);
        s->fi = in->frame_info;
        pthread_mutex_lock(&r->mu);
        r->tail++;
        pthread_cond_broadcast(&r->cv);
        if (s->rc != 1)
            break;
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

vio_async_in *vio_async_in_start(vio_in *in, int depth)
{
    const vio_info *ii = &in->info;
    return ring_start(sizeof(vio_async_in), depth, vio_format_chroma(ii->format), ii->width,
                      ii->height, true, in, reader);
}

int vio_async_in_read(vio_async_in *a, const vio_frame **f, vio_frame_info *fi, vio_error *err)
{
    ring *r = &a->r;
    pthread_mutex_lock(&r->mu);
    if (a->held) {          /* the frame handed over last is done with */
        r->head++;
        a->held = false;
        pthread_cond_broadcast(&r->cv);
    }
    while (r->tail == r->head)
        pthread_cond_wait(&r->cv, &r->mu);
    slot *s = &r->s[r->head % r->depth];
    pthread_mutex_unlock(&r->mu);
    if (s->rc == 1) {
        a->held = true;
        *f = &s->f;
        *fi = s->fi;
    } else if (err) {
        *err = s->err;
    }
    return s->rc;
}

void vio_async_in_stop(vio_async_in *a)
{
    if (!a)
        return;
    pthread_mutex_lock(&a->r.mu);
    a->r.stop = true;
    pthread_cond_broadcast(&a->r.cv);
    pthread_mutex_unlock(&a->r.mu);
    pthread_join(a->r.th, NULL);
    ring_free(&a->r);
    free(a);
}

/* ---- writing ---- */

struct vio_async_out {
    ring r;                 /* first: ring_start */
    int rc;                 /* the first write's error, or 0 */
    vio_error err;
};

static void *writer(void *arg)
{
    vio_async_out *a = arg;
    ring *r = &a->r;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (!r->stop && r->tail == r->head)
            pthread_cond_wait(&r->cv, &r->mu);
        if (r->tail == r->head)
            break;          /* stopped with nothing queued */
        slot *s = &r->s[r->head % r->depth];
        bool failed = a->rc != 0;
        pthread_mutex_unlock(&r->mu);
        int rc = 0;
        vio_error e;
        if (!failed) {      /* after a failure the queue is only emptied */
            vio_out *out = r->io;
            out->frame_info = s->fi;
            rc = vio_out_write(out, &s->f, &e);
        }
        pthread_mutex_lock(&r->mu);
        if (rc < 0 && !a->rc)
            a->rc = rc, a->err = e;
        r->head++;
        pthread_cond_broadcast(&r->cv);
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

vio_async_out *vio_async_out_start(vio_out *out, const vio_frame *shape, int depth, bool copy)
{
    return ring_start(sizeof(vio_async_out), depth, shape->chroma, shape->width[0],
                      shape->height[0], copy, out, writer);
}

int vio_async_out_write(vio_async_out *a, const vio_frame *f, const vio_frame_info *fi,
                        vio_error *err)
{
    ring *r = &a->r;
    pthread_mutex_lock(&r->mu);
    while (!a->rc && r->tail - r->head >= r->depth)
        pthread_cond_wait(&r->cv, &r->mu);
    int rc = a->rc;
    pthread_mutex_unlock(&r->mu);
    if (!rc) {
        slot *s = &r->s[r->tail % r->depth];    /* the writer is not at it */
        if (r->frames)
            frame_copy(&s->f, f);
        else
            s->f = *f;
        s->fi = *fi;
        pthread_mutex_lock(&r->mu);
        r->tail++;
        pthread_cond_broadcast(&r->cv);
        /* a frame not copied is the caller's until depth - 1 more are
         * queued: the call returns with fewer than depth pending */
        while (!r->frames && !a->rc && r->tail - r->head >= r->depth)
            pthread_cond_wait(&r->cv, &r->mu);
        rc = a->rc;
        pthread_mutex_unlock(&r->mu);
    }
    if (rc && err)
        *err = a->err;
    return rc;
}

void vio_async_out_drain(vio_async_out *a)
{
    ring *r = &a->r;
    pthread_mutex_lock(&r->mu);
    while (r->tail != r->head)
        pthread_cond_wait(&r->cv, &r->mu);
    pthread_mutex_unlock(&r->mu);
}

int vio_async_out_finish(vio_async_out *a, vio_error *err)
{
    if (!a)
        return 0;
    ring *r = &a->r;
    pthread_mutex_lock(&r->mu);
    r->stop = true;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
    pthread_join(r->th, NULL);
    int rc = a->rc;
    if (rc && err)
        *err = a->err;
    ring_free(r);
    free(a);
    return rc;
}
