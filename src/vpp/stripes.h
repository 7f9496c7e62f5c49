/* Splits a pass into stripes of block rows run by threads.  The caller's
 * function gets the stripe's index, so each stripe fills its own results
 * and the caller combines them in index order: the same bytes for every
 * thread count. */
#ifndef GEN7SF_VPP_STRIPES_H
#define GEN7SF_VPP_STRIPES_H

enum { VPP_MAX_THREADS = 64 };

typedef int (*vpp_stripe_fn)(void *ctx, int stripe, int row0, int row1);

/* Runs fn on min(threads, rows) stripes covering rows [0, rows), stripe 0 on
 * the calling thread.  Returns the error of the lowest stripe that failed,
 * or 0.  *stripes gets the number of stripes run. */
int vpp_stripes_run(int threads, int rows, vpp_stripe_fn fn, void *ctx, int *stripes);

#endif
