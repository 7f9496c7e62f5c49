/* Random messages against random state: g7sf_send() must return a code,
 * never write more than rlen registers, never touch memory it was not
 * asked to (under the sanitizer build any stray access aborts the test). */
#include <stdlib.h>
#include <string.h>

#include "gpu_setup.h"
#include "harness.h"

#define ITERATIONS 20000

static void garbage(g7sf_gpu *gpu, uint32_t addr, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i += 4)
        t_poke(gpu, addr + i, (uint32_t)t_rand());
}

TEST(random_messages_return_codes_and_stay_in_bounds)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    /* garbage binding table and surface states (never SURFTYPE_BUFFER, so
     * that writes can only reach the buffers bound below) */
    garbage(gpu, T_SURFACE_BASE + T_BINDING_TABLE, 1024);
    garbage(gpu, T_SURFACE_BASE + 0x1000, 256 * 32);
    for (unsigned i = 0; i < 256; i++)
        t_poke(gpu, T_SURFACE_BASE + 0x1000 + 32 * i,
               (t_peek(gpu, T_SURFACE_BASE + 0x1000 + 32 * i) & 0x1FFFFFFFu) | 1u << 29);
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, T_GENERAL_BASE, T_GENERAL_BASE + 0x10000);
    for (unsigned bti = 0; bti < 16; bti++)
        t_bind_buffer(gpu, bti, 4, bti & 1 ? 0x1FF : 0, 0xFFFFF000u + 16 * bti, 1u << (bti + 8),
                      false);
    size_t pages_before = g7sf_mem_pages(gpu);
    unsigned ok = 0, errs = 0;
    for (unsigned it = 0; it < ITERATIONS; it++) {
        uint32_t desc = (uint32_t)t_rand();
        unsigned mlen = (desc >> 25) & 0xF, rlen = (desc >> 20) & 0x1F;
        unsigned sfid = (unsigned)t_rand() % 16;
        if (t_rand() & 1) {   /* steer half of them to plausible data port messages */
            static const unsigned types[] = { 0x0, 0x1, 0x2, 0x3, 0x8, 0xA, 0xB };
            sfid = (t_rand() & 1) ? G7SF_SFID_DATA_CACHE : G7SF_SFID_CONSTANT_CACHE;
            mlen = 1 + (unsigned)t_rand() % 5;
            rlen = (unsigned)t_rand() % 5;
            desc = mlen << 25 | rlen << 20 | (unsigned)(t_rand() & 1) << 19 |
                   types[t_rand() % 7] << 14 | (unsigned)(t_rand() % 5) << 8 |
                   (t_rand() & 1 ? 0xFF : (unsigned)t_rand() % 20);
        }
        g7sf_reg *payload = malloc(sizeof(g7sf_reg) * (mlen ? mlen : 1));
        g7sf_reg *wb = malloc(sizeof(g7sf_reg) * (rlen ? rlen : 1));
        for (unsigned r = 0; r < (mlen ? mlen : 1); r++)
            for (unsigned d = 0; d < 8; d++)
                payload[r].ud[d] = (uint32_t)t_rand() >> (t_rand() % 32);
        g7sf_msg m = { .sfid = sfid, .desc = desc, .eot = (t_rand() & 7) == 0,
                       .exec_mask = (uint16_t)t_rand(), .payload = payload };
        g7sf_clear_error(gpu);
        int r = g7sf_send(gpu, &thr, &m, wb);
        CHECKF(r <= 0 && r >= G7SF_ERANGE, "iteration %u: code %d", it, r);
        CHECK_EQ(g7sf_last_error(gpu, NULL), r);   /* every error latched, success not */
        if (r == 0)
            ok++;
        else
            errs++;
        free(payload);
        free(wb);
    }
    /* writes only reach the buffers' last page below 4 GiB and the 16 pages
     * of the bounded stateless range */
    CHECKF(g7sf_mem_pages(gpu) <= pages_before + 17, "pages grew from %zu to %zu", pages_before,
           g7sf_mem_pages(gpu));
    CHECKF(ok > 100 && errs > 100, "ok %u, errors %u: the fuzzer is not reaching both", ok, errs);
    g7sf_gpu_destroy(gpu);
}
