/* Splits a pass into stripes of block rows run by threads.  The rows are
 * cut into chunks, shrinking towards the end, that the threads take as
 * they come free; the caller's
 * function gets the index of the thread running a chunk, so each thread
 * adds into its own results and the caller combines them: the function
 * must give the same bytes for any split of the rows, and the results
 * must add up alike in any grouping (vpp_pass_run's counters do).  The
 * threads are a pool made once per pipeline: a pass at 1080i takes a few
 * milliseconds, and creating threads for each one (ten passes and
 * conversions a frame) cost more than the stripes gained. */
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

/* Runs fn over rows [0, rows) in chunks, on the calling thread (index 0)
 * and up to threads - 1 workers (1..), and waits for all.  Returns the error
 * of the lowest chunk that failed, or 0.  *stripes gets the number of
 * indices that may have been given (<= threads).  One caller at a time. */
int vpp_pool_run(vpp_pool *p, int rows, vpp_stripe_fn fn, void *ctx, int *stripes);

#endif
