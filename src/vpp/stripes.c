/* Stripes of block rows on a pool of pthreads (stripes.h). */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "stripes.h"

typedef struct worker {
    vpp_pool *pool;
    int index;          /* the stripe it runs: 1.. */
    pthread_t thread;
} worker;

struct vpp_pool {
    int threads, started;           /* stripes wanted; workers running */
    pthread_mutex_t lock;
    pthread_cond_t go, done;
    /* the job: set under lock, with generation bumped */
    vpp_stripe_fn fn;
    void *ctx;
    int rows, n, pending;
    int next, min_chunk;        /* the first row not taken; the smallest chunk */
    int err, err_row;           /* the failure of the lowest chunk, and its first row */
    unsigned long generation;
    bool quit;
    worker w[VPP_MAX_THREADS];
};

/* Runs chunks as stripe `index` until no row is left; called with the lock
 * held, returns with it held.  A chunk is a share of the rows left,
 * shrinking towards the end (guided scheduling): the last chunks are
 * short, so a thread that the system held back on a shared machine delays
 * the end of the pass little. */
static void take_chunks(vpp_pool *p, int index)
{
    while (p->next < p->rows) {
        int r0 = p->next, left = p->rows - r0, size = left / (2 * p->n);
        if (size < p->min_chunk)
            size = p->min_chunk < left ? p->min_chunk : left;
        p->next = r0 + size;
        vpp_stripe_fn fn = p->fn;
        void *ctx = p->ctx;
        pthread_mutex_unlock(&p->lock);
        int err = fn(ctx, index, r0, r0 + size);
        pthread_mutex_lock(&p->lock);
        if (err && (!p->err || r0 < p->err_row))
            p->err = err, p->err_row = r0;
    }
}

/* A pipeline's jobs come in quick succession (a frame's import, passes and
 * conversions, a few hundred microseconds to a few milliseconds each):
 * a thread that went to sleep between them wakes tens of microseconds
 * into the next, by when the caller has taken most of its rows.  So the
 * threads first watch for the next job a little while (SPIN pauses, some
 * 50 microseconds), unlocked, then sleep. */
enum { SPIN = 2000 };

static inline void cpu_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Whether *v changed from seen (or quit was set) within SPIN pauses. */
static bool spin_for(const unsigned long *v, unsigned long seen, const bool *quit)
{
    for (int i = 0; i < SPIN; i++) {
        if (__atomic_load_n(v, __ATOMIC_ACQUIRE) != seen || __atomic_load_n(quit, __ATOMIC_ACQUIRE))
            return true;
        cpu_pause();
    }
    return false;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    vpp_pool *p = w->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (!p->quit && p->generation == seen) {
            pthread_mutex_unlock(&p->lock);
            spin_for(&p->generation, seen, &p->quit);
            pthread_mutex_lock(&p->lock);
        }
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->go, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        if (w->index >= p->n)
            continue;
        take_chunks(p, w->index);
        if (__atomic_sub_fetch(&p->pending, 1, __ATOMIC_ACQ_REL) == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

vpp_pool *vpp_pool_create(int threads)
{
    vpp_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->threads = threads < 1 ? 1 : threads > VPP_MAX_THREADS ? VPP_MAX_THREADS : threads;
    if (p->threads == 1)
        return p;
    if (pthread_mutex_init(&p->lock, NULL)) {
        free(p);
        return NULL;
    }
    pthread_cond_init(&p->go, NULL);
    pthread_cond_init(&p->done, NULL);
    /* workers start in order: stripes 1..started have one each */
    for (int i = 1; i < p->threads; i++) {
        p->w[p->started] = (worker){ p, i, 0 };
        if (pthread_create(&p->w[p->started].thread, NULL, worker_main, &p->w[p->started]))
            break;
        p->started++;
    }
    return p;
}

void vpp_pool_destroy(vpp_pool *p)
{
    if (!p)
        return;
    if (p->threads > 1) {
        pthread_mutex_lock(&p->lock);
        __atomic_store_n(&p->quit, true, __ATOMIC_RELEASE);
        pthread_cond_broadcast(&p->go);
        pthread_mutex_unlock(&p->lock);
        for (int i = 0; i < p->started; i++)
            pthread_join(p->w[i].thread, NULL);
        pthread_cond_destroy(&p->go);
        pthread_cond_destroy(&p->done);
        pthread_mutex_destroy(&p->lock);
    }
    free(p);
}

int vpp_pool_run(vpp_pool *p, int rows, vpp_stripe_fn fn, void *ctx, int *stripes)
{
    int n = p->threads;
    if (n > rows)
        n = rows > 0 ? rows : 1;
    *stripes = n;
    if (n == 1)
        return fn(ctx, 0, 0, rows);
    /* chunks taken as threads come free: a thread held back or a costlier
     * band of the picture delays no one */
    int pooled = p->started < n - 1 ? p->started : n - 1;
    pthread_mutex_lock(&p->lock);
    p->fn = fn, p->ctx = ctx, p->rows = rows, p->n = pooled + 1, p->pending = pooled;
    p->next = 0, p->min_chunk = rows / (16 * n) > 1 ? rows / (16 * n) : 1, p->err = 0;
    /* atomic: the workers watching it unlocked (spin_for) see the job
     * whole, set above under the lock they then take */
    __atomic_store_n(&p->generation, p->generation + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&p->go);
    take_chunks(p, 0);
    /* the last chunks are short: their threads are about to finish */
    if (p->pending) {
        pthread_mutex_unlock(&p->lock);
        for (int i = 0; i < SPIN && __atomic_load_n(&p->pending, __ATOMIC_ACQUIRE); i++)
            cpu_pause();
        pthread_mutex_lock(&p->lock);
    }
    while (p->pending)
        pthread_cond_wait(&p->done, &p->lock);
    int err = p->err;
    pthread_mutex_unlock(&p->lock);
    return err;
}
