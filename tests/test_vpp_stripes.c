/* The pipeline's thread pool (src/vpp/stripes.h): every row is run exactly
 * once, by indices below the thread count, for any rows and threads; the
 * error is the lowest failing chunk's; a pool is reused across runs. */
#include <string.h>

#include "harness.h"
#include "vpp/stripes.h"

enum { MAX_ROWS = 300 };

typedef struct job {
    int hits[MAX_ROWS];         /* written by one chunk each: no race */
    int index[MAX_ROWS];
    bool start[MAX_ROWS];       /* a chunk began here */
    int fail_from;              /* chunks starting at or after this row fail */
} job;

static int mark(void *ctx, int stripe, int r0, int r1)
{
    job *j = ctx;
    for (int r = r0; r < r1; r++)
        j->hits[r]++, j->index[r] = stripe;
    if (r0 < r1)
        j->start[r0] = true;
    return r0 >= j->fail_from ? -100 - r0 : 0;
}

TEST(every_row_once)
{
    static const int threads[] = { 1, 2, 3, 7, 64 };
    static const int rows[] = { 0, 1, 2, 5, 17, 272, MAX_ROWS };
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
        vpp_pool *p = vpp_pool_create(threads[t]);
        CHECK(p != NULL);
        for (int again = 0; p && again < 3; again++)
            for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
                static job j;
                memset(&j, 0, sizeof j);
                j.fail_from = MAX_ROWS + 1;
                int n = -1;
                CHECK_EQ(vpp_pool_run(p, rows[k], mark, &j, &n), 0);
                CHECK(n >= 1 && n <= threads[t]);
                for (int r = 0; r < rows[k]; r++) {
                    CHECKF(j.hits[r] == 1, "%d threads, %d rows: row %d run %d times",
                           threads[t], rows[k], r, j.hits[r]);
                    CHECKF(j.index[r] >= 0 && j.index[r] < n, "row %d: index %d of %d", r,
                           j.index[r], n);
                }
            }
        vpp_pool_destroy(p);
    }
}

TEST(lowest_failing_chunk_wins)
{
    for (int t = 1; t <= 4; t++) {
        vpp_pool *p = vpp_pool_create(t);
        for (int again = 0; again < 3; again++) {
            static job j;
            memset(&j, 0, sizeof j);
            j.fail_from = 100;   /* every chunk from row 100 on fails, with -100 - r0 */
            int n, err = vpp_pool_run(p, 272, mark, &j, &n);
            int lowest = 100;
            while (lowest < 272 && !j.start[lowest])
                lowest++;
            int want = lowest < 272 ? -100 - lowest : 0;   /* one thread: one chunk from 0 */
            CHECKF(err == want, "%d threads: error %d, want %d", t, err, want);
            /* the other chunks still ran */
            for (int r = 0; r < 272; r++)
                CHECK_EQ(j.hits[r], 1);
        }
        vpp_pool_destroy(p);
    }
}
