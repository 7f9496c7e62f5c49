/* Memory Fence (data cache / render cache type 0111) through g7sf_send():
 * header, desc[13] Commit Enable -> one writeback register (Mesa's shape,
 * the PRM gives none). */
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
#define RC G7SF_SFID_RENDER_CACHE
#define FENCE 0x7
#define COMMIT 0x20   /* desc[13] in the [13:8] control field */
#define SENTINEL 0xDEADBEEFu

static void fill_wb(g7sf_reg *wb)
{
    for (unsigned r = 0; r < 2; r++)
        for (unsigned d = 0; d < 8; d++)
            wb[r].ud[d] = SENTINEL;
}

TEST(fence_commit_returns_one_register_after_earlier_writes)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_bind_buffer(gpu, 0, 4, 0x000, 0x00200000u, 16, false);
    g7sf_reg p[2] = {{{0}}}, wb[2];
    p[0].ud[2] = 1;
    for (unsigned d = 0; d < 8; d++)
        p[1].ud[d] = 0x3E000000u + d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(2, 0, 1, 0x8, 0, 0), 0xFF, p, NULL), 0);   /* OWord write */
    unsigned sfids[2] = { DC, RC };
    for (unsigned k = 0; k < 2; k++) {
        fill_wb(wb);
        CHECK_EQ(t_send(gpu, &thr, sfids[k], t_desc(1, 1, 1, FENCE, COMMIT, 0), 0, p, wb), 0);
        for (unsigned d = 0; d < 8; d++)
            CHECK_EQ(wb[0].ud[d], 0);
        CHECK_EQ(wb[1].ud[0], SENTINEL);
        /* without commit: no writeback at all */
        fill_wb(wb);
        CHECK_EQ(t_send(gpu, &thr, sfids[k], t_desc(1, 0, 1, FENCE, 0, 0), 0, p, wb), 0);
        CHECK_EQ(wb[0].ud[0], SENTINEL);
    }
    /* the write is visible once the fence returned (in gen7sf: already) */
    CHECK_EQ(t_peek(gpu, 0x00200000u + 16 + 4 * 3), 0x3E000003u);
    g7sf_gpu_destroy(gpu);
}

TEST(fence_shape_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_reg p[2] = {{{0}}}, wb[2];
    struct { unsigned sfid; uint32_t desc; bool eot; int want; } c[] = {
        { DC, t_desc(1, 0, 1, FENCE, COMMIT, 0), false, G7SF_ERLEN },
        { DC, t_desc(1, 1, 1, FENCE, 0, 0), false, G7SF_ERLEN },
        { DC, t_desc(2, 1, 1, FENCE, COMMIT, 0), false, G7SF_EMLEN },
        { DC, t_desc(1, 1, 0, FENCE, COMMIT, 0), false, G7SF_EHEADER },
        { RC, t_desc(1, 1, 1, FENCE, COMMIT | 1, 0), false, G7SF_EOPCODE },   /* bits 12:8 */
        { DC, t_desc(1, 1, 1, FENCE, COMMIT | 0x10, 0), false, G7SF_EOPCODE },
        { DC, t_desc(1, 0, 1, FENCE, 0, 0), true, G7SF_EEOT },
        { DC, t_desc(1, 1, 1, FENCE, COMMIT, 37), false, 0 },                 /* BTI ignored */
    };
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        g7sf_clear_error(gpu);
        fill_wb(wb);
        g7sf_msg m = { .sfid = c[i].sfid, .desc = c[i].desc, .eot = c[i].eot, .payload = p };
        int r = g7sf_send(gpu, &thr, &m, wb);
        CHECKF(r == c[i].want, "case %u: got %d, want %d", i, r, c[i].want);
        if (r)
            CHECK_EQ(wb[0].ud[0], SENTINEL);
    }
    /* Haswell: port 0 keeps the fence; port 1's type 7 is another message */
    g7sf_gpu *hsw = t_gpu(G7SF_HSW, &thr);
    CHECK_EQ(t_send(hsw, &thr, DC, t_desc(1, 1, 1, FENCE, COMMIT, 0), 0, p, wb), 0);
    CHECK(t_send(hsw, &thr, G7SF_SFID_DATA_CACHE1, t_desc(1, 1, 1, FENCE, COMMIT, 0), 0, p, wb) != 0);
    g7sf_gpu_destroy(hsw);
    g7sf_gpu_destroy(gpu);
}
