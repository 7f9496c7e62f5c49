/* The units' per-gpu contexts (core/gpu.h): created once on first use,
 * one winner when threads race, freed with the gpu; the memo's key limit. */
#include <pthread.h>
#include <stdatomic.h>

#include "core/gpu.h"
#include "harness.h"

static atomic_int inits, finis;
typedef struct { int magic; } counted;
static void counted_init(void *ctx) { ((counted *)ctx)->magic = 42; atomic_fetch_add(&inits, 1); }
static void counted_fini(void *ctx) { (void)ctx; atomic_fetch_add(&finis, 1); }
static const g7sf_unit_class counted_class = { sizeof(counted), counted_init, counted_fini };

TEST(a_context_is_created_once_and_freed_with_the_gpu)
{
    atomic_store(&inits, 0), atomic_store(&finis, 0);
    g7sf_gpu *gpu = g7sf_gpu_create();
    counted *a = g7sf_unit_ctx(gpu, G7SF_UNIT_MEDIA, &counted_class);
    counted *b = g7sf_unit_ctx(gpu, G7SF_UNIT_MEDIA, &counted_class);
    CHECK(a != NULL && a == b);
    CHECK_EQ(a->magic, 42);
    CHECK_EQ(atomic_load(&inits), 1);
    CHECK_EQ(atomic_load(&finis), 0);
    g7sf_gpu_destroy(gpu);
    CHECK_EQ(atomic_load(&finis), 1);
}

struct race { g7sf_gpu *gpu; atomic_int *go; void *got; };
static void *racer(void *p)
{
    struct race *r = p;
    while (!atomic_load(r->go))
        ;
    r->got = g7sf_unit_ctx(r->gpu, G7SF_UNIT_MEDIA, &counted_class);
    return NULL;
}

TEST(racing_threads_all_get_the_one_context)
{
    enum { N = 8 };
    atomic_store(&inits, 0), atomic_store(&finis, 0);
    g7sf_gpu *gpu = g7sf_gpu_create();
    atomic_int go = 0;
    pthread_t th[N];
    struct race r[N];
    for (int i = 0; i < N; i++) {
        r[i] = (struct race){ gpu, &go, NULL };
        CHECK_EQ(pthread_create(&th[i], NULL, racer, &r[i]), 0);
    }
    atomic_store(&go, 1);
    for (int i = 0; i < N; i++)
        pthread_join(th[i], NULL);
    for (int i = 1; i < N; i++)
        CHECK(r[i].got != NULL && r[i].got == r[0].got);
    /* every copy made is finished: the losers' now, the winner's with the gpu */
    CHECK_EQ(atomic_load(&finis), atomic_load(&inits) - 1);
    g7sf_gpu_destroy(gpu);
    CHECK_EQ(atomic_load(&finis), atomic_load(&inits));
}
