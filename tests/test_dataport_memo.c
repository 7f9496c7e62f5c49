/* The data port's decoded-surface-state memo and coalesced DWord runs:
 * state rewritten at the same address between messages takes effect, and
 * a block crossing a page boundary (one page never written) reads and
 * writes each DWord where the PRM's offsets put it. */
#include <pthread.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "gpu_setup.h"
#include "harness.h"

#define DC G7SF_SFID_DATA_CACHE
enum { OWORD_READ = 0x0, OWORD_WRITE = 0x8 };

TEST(surface_state_rewritten_in_place_takes_effect)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    t_poke(gpu, 0x00200000u, 0x11111111u);
    t_poke(gpu, 0x00300000u, 0x22222222u);
    g7sf_reg p[1] = {0}, wb[1];
    /* 1 OWord low (block size 0), Global Offset 0 */
    uint32_t d = t_desc(1, 1, 1, OWORD_READ, 0, 5);
    t_bind_buffer(gpu, 5, 4, 0x000, 0x00200000u, 4, false);
    CHECK_EQ(t_send(gpu, &thr, DC, d, 0xFFFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x11111111u);
    /* same BTI, same state address, new base */
    t_bind_buffer(gpu, 5, 4, 0x000, 0x00300000u, 4, false);
    CHECK_EQ(t_send(gpu, &thr, DC, d, 0xFFFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0x22222222u);
    /* now a buffer of 1 entry: OWord 1 is out of bounds and reads 0 */
    t_bind_buffer(gpu, 5, 4, 0x000, 0x00300000u, 1, false);
    t_poke(gpu, 0x00300010u, 0x33333333u);
    p[0].ud[2] = 1;
    CHECK_EQ(t_send(gpu, &thr, DC, d, 0xFFFF, p, wb), 0);
    CHECK_EQ(wb[0].ud[0], 0);
    g7sf_gpu_destroy(gpu);
}

TEST(block_across_a_page_boundary_with_one_page_unwritten)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    const uint32_t base = 0x00401000u - 64;   /* 4 OWords before a page end */
    t_bind_buffer(gpu, 2, 4, 0x000, base, 16, false);
    for (unsigned i = 0; i < 16; i++)
        t_poke(gpu, base + 4 * i, 0xC0DE0000u | i);   /* only the first page exists */
    g7sf_reg p[5] = {0}, wb[4];
    /* 8 OWords from OWord 0: 4 from the written page, 4 from the unwritten one */
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(1, 4, 1, OWORD_READ, 4, 2), 0xFFFF, p, wb), 0);
    for (unsigned i = 0; i < 32; i++)
        CHECK_EQ(wb[i / 8].ud[i % 8], i < 16 ? 0xC0DE0000u | i : 0);
    /* a write with EMask holes: even registers' DWords 0-3 only (low byte 0x0F),
     * odd registers' DWords 4-7 (high byte 0xF0) */
    for (unsigned r = 1; r < 5; r++)
        for (unsigned d = 0; d < 8; d++)
            p[r].ud[d] = 0xAB000000u | r << 8 | d;
    CHECK_EQ(t_send(gpu, &thr, DC, t_desc(5, 0, 1, OWORD_WRITE, 4, 2), 0xF00F, p, NULL), 0);
    for (unsigned i = 0; i < 32; i++) {
        unsigned reg = i / 8, dw = i % 8;
        bool on = reg % 2 == 0 ? dw < 4 : dw >= 4;
        uint32_t old = i < 16 ? 0xC0DE0000u | i : 0;
        CHECK_EQ(t_peek(gpu, base + 4 * i), on ? 0xAB000000u | (reg + 1) << 8 | dw : old);
    }
    g7sf_gpu_destroy(gpu);
}

/* The decode cache is per thread and keyed by the state and the gpu: two
 * gpus with the same state at the same addresses but different memory
 * contents, used in turn from one thread, each read their own memory; a
 * buffer state refused on one (misaligned for OWord blocks) is refused
 * every time, also after the other gpu's accepted state was cached. */
TEST(bindings_of_two_gpus_in_turn_stay_apart)
{
    g7sf_thread thr_a, thr_b;
    g7sf_gpu *a = t_gpu(G7SF_IVB, &thr_a), *b = t_gpu(G7SF_HSW, &thr_b);
    t_bind_buffer(a, 3, 4, 0x000, 0x00200000u, 4, false);
    t_bind_buffer(b, 3, 4, 0x000, 0x00200000u, 4, false);
    t_poke(a, 0x00200000u, 0xAAAA0001u);
    t_poke(b, 0x00200000u, 0xBBBB0002u);
    g7sf_reg p[1] = {0}, wb[1];
    uint32_t d = t_desc(1, 1, 1, OWORD_READ, 0, 3);
    for (int round = 0; round < 3; round++) {
        CHECK_EQ(t_send(a, &thr_a, DC, d, 0xFFFF, p, wb), 0);
        CHECK_EQ(wb[0].ud[0], 0xAAAA0001u);
        CHECK_EQ(t_send(b, &thr_b, DC, d, 0xFFFF, p, wb), 0);
        CHECK_EQ(wb[0].ud[0], 0xBBBB0002u);
    }
    /* on b, the base moves to a DWord-aligned but not OWord-aligned address */
    t_bind_buffer(b, 3, 4, 0x000, 0x00200004u, 4, false);
    for (int round = 0; round < 2; round++) {
        CHECK_EQ(t_send(b, &thr_b, DC, d, 0xFFFF, p, wb), G7SF_ESTATE);
        g7sf_clear_error(b);
        CHECK_EQ(t_send(a, &thr_a, DC, d, 0xFFFF, p, wb), 0);
        CHECK_EQ(wb[0].ud[0], 0xAAAA0001u);
    }
    g7sf_gpu_destroy(a);
    g7sf_gpu_destroy(b);
}

/* The same typed surface state on both platforms, in turn from one
 * thread: R8G8B8A8_UINT is a typed read format on Haswell only (format
 * capabilities, docs/spec-notes.md), so Ivy Bridge refuses what Haswell
 * reads, every time, whichever decode was cached last. */
TEST(typed_binding_decodes_per_platform)
{
    g7sf_thread thr_i, thr_h;
    g7sf_gpu *ivb = t_gpu(G7SF_IVB, &thr_i), *hsw = t_gpu(G7SF_HSW, &thr_h);
    t_bind_buffer(ivb, 4, G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R8G8B8A8_UINT, 0x00200000u, 4, false);
    t_bind_buffer(hsw, 4, G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_R8G8B8A8_UINT, 0x00200000u, 4, false);
    t_poke(hsw, 0x00200000u, 0x04030201u);
    /* Typed Surface Read (render cache type 0101b), red only (channel mask
     * 1110b), header with slot mask M0.7 = 0xFF, U in M1 */
    g7sf_reg p[2] = {0}, wb[1];
    p[0].ud[7] = 0xFF;
    uint32_t d = t_desc(2, 1, 1, 0x5, 0x0E, 4);
    for (int round = 0; round < 2; round++) {
        CHECK_EQ(t_send(hsw, &thr_h, G7SF_SFID_RENDER_CACHE, d, 0x00FF, p, wb), 0);
        CHECK_EQ(wb[0].ud[0], 1);   /* R of the texel at U = 0 */
        CHECK_EQ(t_send(ivb, &thr_i, G7SF_SFID_RENDER_CACHE, d, 0x00FF, p, wb), G7SF_ESTATE);
        g7sf_clear_error(ivb);
    }
    g7sf_gpu_destroy(ivb);
    g7sf_gpu_destroy(hsw);
}

/* Host threads on one gpu, each rebinding its own BTI to one of two
 * buffers between its reads: every read returns the buffer bound just
 * before (each thread's decode cache follows the state in memory, whoever
 * else sends meanwhile). */
enum { RACERS = 4, ROUNDS = 3000 };
typedef struct racer { g7sf_gpu *gpu; g7sf_thread thr; unsigned bti; unsigned wrong; } racer;

static void *rebind_and_read(void *arg)
{
    racer *r = arg;
    g7sf_reg p[1] = {0}, wb[1];
    uint32_t d = t_desc(1, 1, 1, OWORD_READ, 0, r->bti);
    for (unsigned i = 0; i < ROUNDS; i++) {
        uint32_t base = 0x00200000u + 0x1000u * (2 * r->bti + i % 2);
        t_bind_buffer(r->gpu, r->bti, G7SF_SURFTYPE_BUFFER, 0, base, 4, false);
        if (t_send(r->gpu, &r->thr, DC, d, 0xFFFF, p, wb) || wb[0].ud[0] != base)
            r->wrong++;
    }
    return NULL;
}

TEST(threads_rebinding_their_own_surfaces_read_what_they_bound)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    for (unsigned k = 0; k < 2 * RACERS; k++)   /* each buffer holds its own address */
        t_poke(gpu, 0x00200000u + 0x1000u * k, 0x00200000u + 0x1000u * k);
    pthread_t th[RACERS];
    racer r[RACERS];
    for (unsigned k = 0; k < RACERS; k++) {
        r[k] = (racer){ gpu, thr, k, 0 };
        CHECK_EQ(pthread_create(&th[k], NULL, rebind_and_read, &r[k]), 0);
    }
    for (unsigned k = 0; k < RACERS; k++) {
        pthread_join(th[k], NULL);
        CHECK_EQ(r[k].wrong, 0);
    }
    g7sf_gpu_destroy(gpu);
}
