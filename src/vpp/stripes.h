/* Splits a pass into stripes of block rows run by threads.  The caller's
 * function gets the stripe's index, so each stripe fills its own results
 * and the caller combines them in index order: the same bytes for every
 * thread count.  The threads are a pool made once per pipeline: a pass at
 * 1080i takes a few milliseconds, and creating threads for each one (ten
 * passes and conversions a frame) cost more than the stripes gained. */
#ifndef GEN7SF_VPP_STRIPES_H
#define GEN7SF_VPP_STRIPES_H

enum { VPP_MAX_THREADS = 64 };

typedef int (*vpp_stripe_fn)(void *ctx, int stripe, int row0, int row1);

typedef struct vpp_pool vpp_pool;

/* A pool for `threads` stripes: threads - 1 workers beside the caller.
 * Workers that cannot start are no error: their stripes then run on the
 * calling thread (same bytes, less speed).  NULL only when out of memory. */
vpp_pool *vpp_pool_create(int threads);
void vpp_pool_destroy(vpp_pool *p);

/* Runs fn on min(threads, rows) stripes covering rows [0, rows), stripe 0 on
 * the calling thread, and waits for all.  Returns the error of the lowest
 * stripe that failed, or 0.  *stripes gets the number of stripes run.  One
 * caller at a time. */
int vpp_pool_run(vpp_pool *p, int rows, vpp_stripe_fn fn, void *ctx, int *stripes);

#endif
