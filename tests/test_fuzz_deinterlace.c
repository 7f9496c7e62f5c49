/* Random deinterlace messages against random state, surfaces and memory:
 * g7sf_send() must return a code, latch every error, write at most rlen
 * registers (exactly rlen-sized buffers: the sanitizer build aborts on
 * more) and never write graphics memory (the message has no memory
 * output). */
#include <stdlib.h>
#include <string.h>

#include "dndi_setup.h"
#include "harness.h"

#define ITERATIONS 10000

static uint32_t rnd(uint32_t n) { return (uint32_t)(t_rand() % n); }

/* A round's surfaces: current, previous and statistics at BTI 2, 3, 4 as a
 * driver binds them, each replaced by garbage one time in four; *fmt_out
 * gets the frames' Surface Format. */
static void random_surfaces(g7sf_gpu *gpu, uint32_t *fmt_out)
{
    uint32_t w = 8 * (1 + rnd(8)), h = 2 * (1 + rnd(16)), fmt = rnd(8);
    uint32_t tile = rnd(8) ? (uint32_t[]){ 0, 2, 3 }[rnd(3)] : 1;
    *fmt_out = fmt;
    uint32_t pitch = w * 2 + 16 * rnd(4), interleave = (uint32_t)(t_rand() & 1);
    if (tile >= 2 && rnd(8))
        pitch = tile == 2 ? 512 : 128;
    for (unsigned i = 0; i < 3; i++) {
        uint32_t dw[8];
        for (int k = 0; k < 8; k++)
            dw[k] = (uint32_t)t_rand();
        if (rnd(4)) {
            uint32_t f = i == 2 ? 7 : fmt, sw = i == 2 ? 80 : w, sh = i == 2 ? 32 : h;
            dw[0] = rnd(8) ? 0x00400000u + 0x2000 * i : (uint32_t)t_rand();
            dw[1] = (sh - 1) << 18 | (sw - 1) << 4;
            dw[2] = f << 28 | interleave << 27 | ((i == 2 ? 80 : pitch) - 1) << 3 |
                    (uint32_t)(rnd(4) == 0) << 2 | (i == 2 ? 0 : tile);
            dw[3] = 2 * rnd(64) << 16 | 2 * rnd(64);
            dw[4] = 2 * rnd(64) << 16 | 2 * rnd(64);
        }
        t_bind_state(gpu, 2 + i, dw);
    }
}

TEST(random_deinterlace_messages_return_codes_and_write_no_memory)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = d_gpu(&thr);
    /* garbage frames and statistics where the plausible surfaces point */
    for (uint32_t a = 0; a < 0x8000; a += 4)
        t_poke(gpu, 0x00400000u + a, (uint32_t)t_rand());
    size_t pages = g7sf_mem_pages(gpu);
    unsigned ok = 0, errs = 0;
    uint32_t fmt = 0;
    d_state states[8];
    for (unsigned it = 0; it < ITERATIONS; it++) {
        if (it % 16 == 0) {
            random_surfaces(gpu, &fmt);
            for (unsigned e = 0; e < 8; e++) {
                uint32_t dw[8];
                d_state s = states[e] = (d_state){ .dn = rnd(8) != 0, .di = t_rand() & 1, .first = t_rand() & 1,
                              .top_first = t_rand() & 1, .progressive = rnd(8) == 0,
                              .partial = rnd(8) == 0, .mcdi = t_rand() & 1 };
                d_state_dwords(&s, dw);
                if (rnd(8) == 0)
                    for (int i = 0; i < 8; i++)
                        dw[i] = (uint32_t)t_rand();
                d_write_state(gpu, e, dw);
            }
            pages = g7sf_mem_pages(gpu);
        }
        unsigned header = t_rand() & 1, mlen = rnd(8) ? 1 + header : rnd(12);
        unsigned si = rnd(8) ? 2 * rnd(8) : rnd(16);
        /* mostly the response length the state and format call for */
        const d_state *st = &states[si / 2];
        bool packed = fmt <= 3;
        unsigned rlen = st->di ? (st->dn ? (packed ? 12 : 11) : 10) : (packed ? 9 : 5);
        if (rnd(4) == 0)
            rlen = rnd(32);
        uint32_t fc = 3u << 17 | 8u << 12 | si << 8 | (rnd(8) ? 2 : rnd(256));
        if (rnd(8) == 0)
            fc = (uint32_t)t_rand() & 0x7FFFF;
        uint32_t desc = mlen << 25 | rlen << 20 | header << 19 | fc;
        g7sf_reg *payload = calloc(mlen ? mlen : 1, sizeof(g7sf_reg));
        g7sf_reg *wb = malloc(sizeof(g7sf_reg) * (rlen ? rlen : 1));
        for (unsigned r = 0; r < mlen; r++)
            for (int d = 0; d < 8; d++)
                payload[r].ud[d] = (uint32_t)t_rand();
        if (mlen && rnd(4)) {
            if (header)
                payload[0].ud[3] = rnd(8) ? D_SAMPLER_OFF : (uint32_t)t_rand();
            g7sf_reg *m1 = &payload[mlen > 1 ? 1 : 0];
            m1->ud[2] = rnd(4) ? 0 : 16 * rnd(5), m1->ud[6] = rnd(4) ? 0 : 4 * rnd(9);
        }
        g7sf_msg m = { .sfid = G7SF_SFID_SAMPLER, .desc = desc, .exec_mask = (uint16_t)t_rand(),
                       .payload = payload };
        g7sf_clear_error(gpu);
        int r = g7sf_send(gpu, &thr, &m, wb);
        CHECKF(r <= 0 && r >= G7SF_ERANGE, "iteration %u: code %d", it, r);
        CHECK_EQ(g7sf_last_error(gpu, NULL), r);
        CHECKF(g7sf_mem_pages(gpu) == pages, "iteration %u wrote memory", it);
        if (r == 0)
            ok++;
        else
            errs++;
        free(payload);
        free(wb);
    }
    CHECKF(ok > 200 && errs > 200, "ok %u, errors %u: the fuzzer is not reaching both", ok, errs);
    g7sf_gpu_destroy(gpu);
}
