/* The per-lane fast paths of g7sf_dp_gather / _scatter and
 * g7sf_dp_untyped_read / _write against their references (dp_gather_ref,
 * dp_scatter_ref, dp_untyped_read_ref, dp_untyped_write_ref in
 * src/dataport/dp.h): two gpus with the same memory, one running the
 * function and one its reference on the same random arguments, must end
 * with bit-identical results (return code, destination DWords, graphics
 * memory, SLM).  Buffers sit across page boundaries, next to pages never
 * written and at the top of the 4 GiB space; offsets are in and out of
 * bounds (huge, "negative" ones among them), aligned or not, and repeat;
 * enables, lane counts and channel masks are random. */
#include <stdlib.h>
#include <string.h>

#include "dataport/dp.h"
#include "harness.h"

#define PAGE 0x1000u
#define SPAN 6u      /* pages of a setup's region, from its first */

typedef struct pair {
    g7sf_gpu *fast, *ref;
    uint32_t region;             /* first byte of SPAN pages, some written */
    uint8_t slm_fast[G7SF_SLM_SIZE], slm_ref[G7SF_SLM_SIZE];
} pair;

static uint32_t rnd(uint32_t n) { return n ? (uint32_t)(t_rand() % n) : 0; }

/* Two gpus with the same SPAN pages at a random place (low, or ending at
 * 4 GiB), about one page in three never written, and the same SLM. */
static void pair_setup(pair *p)
{
    p->fast = g7sf_gpu_create();
    p->ref = g7sf_gpu_create();
    p->region = rnd(2) ? (0x100u + rnd(0x1000)) * PAGE : 0u - SPAN * PAGE;
    uint8_t page[PAGE];
    for (unsigned k = 0; k < SPAN; k++) {
        if (!rnd(3))
            continue;
        for (unsigned b = 0; b < PAGE; b++)
            page[b] = (uint8_t)t_rand();
        g7sf_mem_write(p->fast, p->region + k * PAGE, page, PAGE);
        g7sf_mem_write(p->ref, p->region + k * PAGE, page, PAGE);
    }
    for (unsigned b = 0; b < G7SF_SLM_SIZE; b++)
        p->slm_fast[b] = p->slm_ref[b] = (uint8_t)t_rand();
}

/* Same pages allocated, same bytes in the region and the SLMs. */
static void pair_check(pair *p, const char *what)
{
    static uint8_t a[SPAN * PAGE], b[SPAN * PAGE];
    CHECKF(g7sf_mem_pages(p->fast) == g7sf_mem_pages(p->ref), "%s: %zu pages allocated, want %zu",
           what, g7sf_mem_pages(p->fast), g7sf_mem_pages(p->ref));
    g7sf_mem_read(p->fast, p->region, a, sizeof a);
    g7sf_mem_read(p->ref, p->region, b, sizeof b);
    for (unsigned i = 0; i < sizeof a; i++)
        if (a[i] != b[i]) {
            t_fail(__FILE__, __LINE__, "%s: byte 0x%08X is 0x%02X, reference 0x%02X", what,
                   p->region + i, a[i], b[i]);
            break;
        }
    CHECKF(!memcmp(p->slm_fast, p->slm_ref, G7SF_SLM_SIZE), "%s: SLM differs", what);
}

static void pair_free(pair *p)
{
    g7sf_gpu_destroy(p->fast);
    g7sf_gpu_destroy(p->ref);
}

/* A buffer inside or across the region: base near one of its page
 * boundaries (DWord aligned, now and then not), size from empty to past
 * 4 GiB. */
static g7sf_dp_buffer random_buffer(const pair *p)
{
    uint32_t base = p->region + rnd(SPAN) * PAGE + (rnd(2) ? 0 : 0u - 4 * rnd(64));
    if (!rnd(3))
        base += 4 * rnd(PAGE);
    if (!rnd(8))
        base += 1 + rnd(3);
    static const uint64_t odd[] = { 0, 1, 2, 3, 4, 5, 0x100000000ull, UINT64_MAX,
                                    1ull << 40, 0xFFFFFFFFull };
    uint64_t size = rnd(4) ? rnd(3 * PAGE) : odd[rnd(sizeof odd / sizeof *odd)];
    if (!rnd(3))
        size &= ~3ull;
    return (g7sf_dp_buffer){ base, size };
}

/* A lane's offset: mostly inside the buffer or just past it, else across
 * a page boundary, 4 GiB away, "negative", or another lane's. */
static uint64_t random_offset(const g7sf_dp_buffer *b, const uint64_t *prev, unsigned i)
{
    uint64_t s = b->size < 4 * PAGE ? b->size : 4 * PAGE, o;
    switch (rnd(10)) {
    case 0: o = s + 4 * rnd(8) - 16; break;                                      /* the end */
    case 1: o = (PAGE - (b->base & (PAGE - 1))) + rnd(32) - 16; break;          /* a page end */
    case 2: o = 0x100000000ull - b->base - rnd(24); break;                      /* 4 GiB */
    case 3: o = (uint64_t)0 - 4 * (1 + rnd(8)); break;                          /* "negative" */
    case 4: o = ((uint64_t)rnd(4) << 32) + 4 * rnd(PAGE); break;                /* past 4 GiB */
    case 5: o = i ? prev[rnd(i)] : 0; break;                                    /* repeated */
    default: o = s ? rnd((uint32_t)s) : rnd(64); break;
    }
    return rnd(4) ? o & ~3ull : o;
}

static uint32_t random_enable(unsigned n)
{
    switch (rnd(4)) {
    case 0: return dp_lanes(n);
    case 1: return (uint32_t)t_rand();
    case 2: return dp_lanes(n) & ~(1u << rnd(n ? n : 1));
    default: return dp_lanes(n) << rnd(n ? n : 1);
    }
}

static unsigned random_n(void)
{
    return rnd(4) ? (rnd(2) ? 16 : 8) : rnd(33);
}

/* Bytes 0..15 at each lane's address in both gpus (writes far from the
 * region land there). */
static void check_lanes(pair *p, const g7sf_dp_buffer *b, const uint64_t *off, unsigned n,
                        const char *what)
{
    for (unsigned i = 0; i < n; i++) {
        uint64_t a = b->base + off[i];
        uint8_t x[16], y[16];
        if (off[i] > 0x100000000ull || a > 0x100000000ull - sizeof x)
            continue;
        g7sf_mem_read(p->fast, (uint32_t)a, x, sizeof x);
        g7sf_mem_read(p->ref, (uint32_t)a, y, sizeof y);
        CHECKF(!memcmp(x, y, sizeof x), "%s: memory at lane %u (0x%08llX) differs", what, i,
               (unsigned long long)a);
    }
}

#define SETUPS 400
#define OPS    60

TEST(gather_and_scatter_match_the_reference)
{
    unsigned cases = 0;
    for (unsigned s = 0; s < SETUPS && !t_failed(); s++) {
        pair *p = malloc(sizeof *p);
        CHECK(p != NULL);
        if (!p)
            return;
        pair_setup(p);
        for (unsigned op = 0; op < OPS && !t_failed(); op++, cases++) {
            g7sf_dp_buffer b = random_buffer(p);
            unsigned n = random_n();
            uint32_t en = random_enable(n), x[33], y[33], src[33];
            uint64_t off[32];
            for (unsigned i = 0; i < n; i++)
                off[i] = random_offset(&b, off, i);
            for (unsigned i = 0; i < 33; i++)
                x[i] = y[i] = src[i] = (uint32_t)t_rand();
            bool write = rnd(2);
            int rf = write ? g7sf_dp_scatter(p->fast, &b, off, n, en, src)
                           : g7sf_dp_gather(p->fast, &b, off, n, en, x);
            int rr = write ? dp_scatter_ref(p->ref, &b, off, n, en, src)
                           : dp_gather_ref(p->ref, &b, off, n, en, y);
            CHECK_EQ(rf, rr);
            for (unsigned i = 0; i < 33; i++)
                CHECKF(x[i] == y[i], "gather n %u enable 0x%X base 0x%08X size 0x%llX: lane %u "
                       "offset 0x%llX: 0x%08X, reference 0x%08X", n, en, b.base,
                       (unsigned long long)b.size, i, i < n ? (unsigned long long)off[i] : 0ull,
                       x[i], y[i]);
            check_lanes(p, &b, off, n, write ? "scatter" : "gather");
        }
        pair_check(p, "gather/scatter");
        pair_free(p);
        free(p);
    }
    CHECK_EQ(cases, SETUPS * OPS);
}

TEST(untyped_read_and_write_match_the_reference)
{
    unsigned cases = 0;
    for (unsigned s = 0; s < SETUPS && !t_failed(); s++) {
        pair *p = malloc(sizeof *p);
        CHECK(p != NULL);
        if (!p)
            return;
        pair_setup(p);
        for (unsigned op = 0; op < OPS && !t_failed(); op++, cases++) {
            g7sf_dp_untyped uf = { NULL, random_buffer(p), 0 }, ur = uf;
            if (!rnd(5))
                uf.slm = p->slm_fast, ur.slm = p->slm_ref;
            unsigned n = random_n(), channels = rnd(16);
            uint32_t en = random_enable(n), x[4 * 32 + 1], y[4 * 32 + 1], src[4 * 32 + 1];
            uint64_t off[32];
            for (unsigned i = 0; i < n; i++)
                off[i] = random_offset(&uf.buf, off, i);
            for (unsigned i = 0; i < 4 * 32 + 1; i++)
                x[i] = y[i] = src[i] = (uint32_t)t_rand();
            bool write = rnd(2);
            int rf = write ? g7sf_dp_untyped_write(p->fast, &uf, off, n, en, channels, src)
                           : g7sf_dp_untyped_read(p->fast, &uf, off, n, en, channels, x);
            int rr = write ? dp_untyped_write_ref(p->ref, &ur, off, n, en, channels, src)
                           : dp_untyped_read_ref(p->ref, &ur, off, n, en, channels, y);
            CHECK_EQ(rf, rr);
            for (unsigned i = 0; i < 4 * 32 + 1; i++)
                CHECKF(x[i] == y[i], "untyped read n %u enable 0x%X channels 0x%X %s base 0x%08X "
                       "size 0x%llX: data[%u] 0x%08X, reference 0x%08X", n, en, channels,
                       uf.slm ? "SLM" : "buffer", uf.buf.base, (unsigned long long)uf.buf.size,
                       i, x[i], y[i]);
            if (!uf.slm)
                check_lanes(p, &uf.buf, off, n, write ? "untyped write" : "untyped read");
        }
        pair_check(p, "untyped");
        pair_free(p);
        free(p);
    }
    CHECK_EQ(cases, SETUPS * OPS);
}

/* The common messages: every lane in one written page, all enabled or
 * some not, SIMD8 and SIMD16, every channel mask; and the same lanes with
 * one of them moved out of bounds, across the page's end, into the next
 * page, or lane 0 alone into the next page (the fast paths start from the
 * first enabled lane's page). */
TEST(common_messages_match_the_reference)
{
    pair *p = malloc(sizeof *p);
    CHECK(p != NULL);
    if (!p)
        return;
    pair_setup(p);
    uint8_t page[PAGE];
    for (unsigned b = 0; b < PAGE; b++)
        page[b] = (uint8_t)(b * 7 + 1);
    for (unsigned k = 1; k < 3; k++) {
        g7sf_mem_write(p->fast, p->region + k * PAGE, page, PAGE);
        g7sf_mem_write(p->ref, p->region + k * PAGE, page, PAGE);
    }
    for (unsigned trial = 0; trial < 3600 && !t_failed(); trial++) {
        unsigned n = trial & 1 ? 16 : 8, channels = trial % 16, spoil = trial / 16 % 6;
        g7sf_dp_untyped u = { NULL, { p->region + PAGE, 2 * PAGE }, 0 };
        uint64_t off[16];
        for (unsigned i = 0; i < n; i++)
            off[i] = 16 * rnd(PAGE / 16);
        unsigned bad = spoil == 5 ? 0 : rnd(n);
        off[bad] = spoil == 1 ? 2 * PAGE : spoil == 2 ? PAGE - 4 * rnd(4)
                 : spoil == 3 || spoil == 5 ? PAGE + 16 * rnd(PAGE / 16)
                 : spoil == 4 ? 2 * PAGE - 8 : off[bad];
        if (spoil == 4)
            u.buf.size = 2 * PAGE - 4;
        uint32_t en = trial / 80 % 2 ? dp_lanes(n) : (uint32_t)t_rand(), x[64], y[64], src[64];
        for (unsigned i = 0; i < 64; i++)
            x[i] = y[i] = src[i] = (uint32_t)t_rand();
        CHECK_EQ(g7sf_dp_untyped_read(p->fast, &u, off, n, en, channels, x),
                 dp_untyped_read_ref(p->ref, &u, off, n, en, channels, y));
        CHECK_EQ(g7sf_dp_gather(p->fast, &u.buf, off, n, en, x + 48),
                 dp_gather_ref(p->ref, &u.buf, off, n, en, y + 48));
        for (unsigned i = 0; i < 64; i++)
            CHECKF(x[i] == y[i], "trial %u (n %u channels 0x%X spoil %u): data[%u] 0x%08X, "
                   "reference 0x%08X", trial, n, channels, spoil, i, x[i], y[i]);
        CHECK_EQ(g7sf_dp_untyped_write(p->fast, &u, off, n, en, channels, src),
                 dp_untyped_write_ref(p->ref, &u, off, n, en, channels, src));
        CHECK_EQ(g7sf_dp_scatter(p->fast, &u.buf, off, n, en, src + 7),
                 dp_scatter_ref(p->ref, &u.buf, off, n, en, src + 7));
        if (trial % 100 == 99)
            pair_check(p, "common messages");
    }
    pair_check(p, "common messages");
    pair_free(p);
    free(p);
}
