/* Graphics memory and STATE_BASE_ADDRESS. */
#include <pthread.h>
#include <string.h>

#include "gen7sf/gen7sf.h"
#include "harness.h"

TEST(unwritten_memory_reads_zero_and_allocates_nothing)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint8_t buf[64];
    memset(buf, 0xAA, sizeof buf);
    CHECK_EQ(g7sf_mem_read(gpu, 0xFFFF0000u, buf, sizeof buf), 0);
    for (unsigned i = 0; i < sizeof buf; i++)
        CHECK_EQ(buf[i], 0);
    CHECK_EQ(g7sf_mem_pages(gpu), 0);
    g7sf_gpu_destroy(gpu);
}

TEST(write_read_across_pages_allocates_only_touched_pages)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint8_t src[6000], dst[6000];
    for (unsigned i = 0; i < sizeof src; i++)
        src[i] = (uint8_t)(i * 7 + 3);
    /* 0x12345F00 .. +6000 touches pages 0x12345, 0x12346, 0x12347 */
    CHECK_EQ(g7sf_mem_write(gpu, 0x12345F00u, src, sizeof src), 0);
    CHECK_EQ(g7sf_mem_pages(gpu), 3);
    CHECK_EQ(g7sf_mem_read(gpu, 0x12345F00u, dst, sizeof dst), 0);
    CHECK(memcmp(src, dst, sizeof src) == 0);
    /* bytes just before and after stay zero */
    uint8_t b = 1;
    CHECK_EQ(g7sf_mem_read(gpu, 0x12345EFFu, &b, 1), 0);
    CHECK_EQ(b, 0);
    CHECK_EQ(g7sf_mem_read(gpu, 0x12345F00u + 6000, &b, 1), 0);
    CHECK_EQ(b, 0);
    /* far-apart writes: one page each */
    CHECK_EQ(g7sf_mem_write(gpu, 0, src, 1), 0);
    CHECK_EQ(g7sf_mem_write(gpu, 0xFFFFFFFFu, src, 1), 0);
    CHECK_EQ(g7sf_mem_pages(gpu), 5);
    g7sf_gpu_destroy(gpu);
}

TEST(access_crossing_4gib_fails_and_transfers_nothing)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint8_t src[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, dst[16];
    CHECK_EQ(g7sf_mem_write(gpu, 0xFFFFFFF8u, src, 16), G7SF_EFAULT);
    CHECK_EQ(g7sf_mem_pages(gpu), 0);
    CHECK_EQ(g7sf_mem_write(gpu, 0xFFFFFFF0u, src, 16), 0);   /* ends exactly at 4 GiB */
    memset(dst, 0x55, sizeof dst);
    CHECK_EQ(g7sf_mem_read(gpu, 0xFFFFFFF1u, dst, 16), G7SF_EFAULT);
    CHECK_EQ(dst[0], 0x55);
    CHECK_EQ(g7sf_mem_read(gpu, 0xFFFFFFF0u, dst, 16), 0);
    CHECK(memcmp(src, dst, 16) == 0);
    CHECK_EQ(g7sf_mem_read(gpu, 1, dst, (size_t)0x100000000ull), G7SF_EFAULT);
    CHECK_EQ(g7sf_mem_read(NULL, 0, dst, 1), G7SF_EINVAL);
    CHECK_EQ(g7sf_mem_write(gpu, 0, NULL, 1), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}

TEST(base_resolve_applies_base_and_upper_bound)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint32_t a = 0;
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, 0x10000, 0x20000);
    CHECK_EQ(g7sf_base_resolve(gpu, G7SF_BASE_SURFACE, 0x40, 32, &a), 0);
    CHECK_EQ(a, 0x10040);
    CHECK_EQ(g7sf_base_resolve(gpu, G7SF_BASE_SURFACE, 0xFFE0, 32, &a), 0);  /* ends at bound */
    CHECK_EQ(a, 0x1FFE0);
    CHECK_EQ(g7sf_base_resolve(gpu, G7SF_BASE_SURFACE, 0xFFE4, 32, &a), G7SF_EFAULT);
    /* no bound: only the 4 GiB limit */
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, 0xFFFFF000u, 0);
    CHECK_EQ(g7sf_base_resolve(gpu, G7SF_BASE_GENERAL, 0xFF0, 16, &a), 0);
    CHECK_EQ(a, 0xFFFFFFF0u);
    CHECK_EQ(g7sf_base_resolve(gpu, G7SF_BASE_GENERAL, 0x1000, 4, &a), G7SF_EFAULT);
    CHECK_EQ(g7sf_base_resolve(gpu, G7SF_BASE_COUNT, 0, 4, &a), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}

TEST(platform_option)
{
    g7sf_gpu_options o = { .platform = G7SF_HSW };
    g7sf_gpu *gpu = g7sf_gpu_create_ex(&o);
    CHECK_EQ(g7sf_gpu_platform(gpu), G7SF_HSW);
    g7sf_gpu_destroy(gpu);
    o.platform = (enum g7sf_platform)7;
    CHECK(g7sf_gpu_create_ex(&o) == NULL);
    gpu = g7sf_gpu_create();
    CHECK_EQ(g7sf_gpu_platform(gpu), G7SF_IVB);
    CHECK_EQ(g7sf_gpu_extensions(gpu), 0u);   /* off by default */
    g7sf_gpu_destroy(gpu);
}

/* The patented extensions are opt-in, named bits only (gen7sf.h). */
TEST(extension_option)
{
    g7sf_gpu_options o = { .platform = G7SF_IVB, .extensions = G7SF_EXT_MINMAX_FILTER };
    g7sf_gpu *gpu = g7sf_gpu_create_ex(&o);
    CHECK_EQ(g7sf_gpu_extensions(gpu), (unsigned)G7SF_EXT_MINMAX_FILTER);
    g7sf_gpu_destroy(gpu);
    o.extensions = G7SF_EXT_MINMAX_FILTER | G7SF_EXT_MSAA_INDEX;
    gpu = g7sf_gpu_create_ex(&o);
    CHECK_EQ(g7sf_gpu_extensions(gpu), 3u);
    g7sf_gpu_destroy(gpu);
    o.extensions = 1u << 2;   /* no such extension: refused, not ignored */
    CHECK(g7sf_gpu_create_ex(&o) == NULL);
}

/* Two host threads write different DWords of the same never-written pages
 * at once: both allocate a page, one installs it, and neither write may be
 * lost (before the compare-and-swap the loser's page and write vanished). */
#define RACE_PAGES 512u
typedef struct { g7sf_gpu *gpu; uint32_t base; unsigned lane; } race_arg;

static void *race_writer(void *p)
{
    const race_arg *a = p;
    for (unsigned i = 0; i < RACE_PAGES; i++) {
        uint32_t v = 0xA5000000u | a->lane << 16 | i;
        g7sf_mem_write(a->gpu, a->base + i * 4096u + 4 * a->lane, &v, 4);
    }
    return NULL;
}

TEST(concurrent_first_writes_to_a_page_keep_both)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    unsigned lost = 0;
    for (unsigned round = 0; round < 16; round++) {
        uint32_t base = 0x10000000u + round * (RACE_PAGES * 4096u) * 2;  /* fresh directories */
        race_arg a[2] = { { gpu, base, 0 }, { gpu, base, 1 } };
        pthread_t t[2];
        for (unsigned k = 0; k < 2; k++)
            pthread_create(&t[k], NULL, race_writer, &a[k]);
        for (unsigned k = 0; k < 2; k++)
            pthread_join(t[k], NULL);
        for (unsigned i = 0; i < RACE_PAGES; i++)
            for (unsigned lane = 0; lane < 2; lane++) {
                uint32_t v = 0;
                g7sf_mem_read(gpu, base + i * 4096u + 4 * lane, &v, 4);
                lost += v != (0xA5000000u | lane << 16 | i);
            }
    }
    CHECK_EQ(lost, 0);
    CHECK_EQ(g7sf_mem_pages(gpu), 16 * RACE_PAGES);
    g7sf_gpu_destroy(gpu);
}
