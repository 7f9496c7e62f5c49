/* Stripes of block rows on pthreads (stripes.h). */
#include <pthread.h>
#include <stdbool.h>

#include "stripes.h"

typedef struct stripe {
    vpp_stripe_fn fn;
    void *ctx;
    int index, row0, row1, err;
    pthread_t thread;
    bool started;
} stripe;

static void *stripe_main(void *arg)
{
    stripe *s = arg;
    s->err = s->fn(s->ctx, s->index, s->row0, s->row1);
    return NULL;
}

int vpp_stripes_run(int threads, int rows, vpp_stripe_fn fn, void *ctx, int *stripes)
{
    int n = threads < 1 ? 1 : threads > VPP_MAX_THREADS ? VPP_MAX_THREADS : threads;
    if (n > rows)
        n = rows > 0 ? rows : 1;
    stripe s[VPP_MAX_THREADS];
    for (int i = 0; i < n; i++) {
        s[i] = (stripe){ fn, ctx, i, (int)((long)rows * i / n), (int)((long)rows * (i + 1) / n),
                         0, 0, false };
        /* a stripe whose thread cannot start runs on this one */
        if (i > 0)
            s[i].started = !pthread_create(&s[i].thread, NULL, stripe_main, &s[i]);
    }
    for (int i = 0; i < n; i++)
        if (!s[i].started)
            stripe_main(&s[i]);
    int err = 0;
    for (int i = 0; i < n; i++) {
        if (s[i].started)
            pthread_join(s[i].thread, NULL);
        if (!err)
            err = s[i].err;
    }
    *stripes = n;
    return err;
}
