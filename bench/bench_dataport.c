/* make bench: data port messages per second through g7sf_send(), each row
 * beside its target (issue 16): messages/s, the cheapest message's cost in
 * ns, OWord block and render target bandwidth beside memcpy of the same
 * bytes in the same run, and host-thread scaling on one gpu. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/render_cache.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint32_t desc(unsigned mlen, unsigned rlen, bool header, unsigned type, unsigned ctrl,
                     unsigned bti)
{
    return mlen << 25 | rlen << 20 | (unsigned)header << 19 | type << 14 | ctrl << 8 | bti;
}

/* The best of five rounds of ~0.1 s: a busy machine only ever slows a
 * round down, so the fastest is the closest to what the code costs (the
 * reference rows are measured the same way). */
enum { ROUNDS = 5 };
#define ROUND_S 0.1

/* Runs one message kind, storing a walking value (steps of 8, wrapped by
 * `walk`, a mask inside the low 16 bits) into payload DWord offset_dw
 * before each; prints messages/s. */
static double bench_msg(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, unsigned sfid,
                        uint32_t d, g7sf_reg *payload, unsigned offset_dw, uint32_t walk,
                        double target)
{
    g7sf_reg wb[8];
    g7sf_msg m = { sfid, d, false, 0xFFFF, payload };
    unsigned long n = 0;
    double rate = 0;
    for (unsigned r = 0; r < ROUNDS; r++) {
        unsigned long n0 = n;
        double t0 = now(), t;
        do {
            for (unsigned i = 0; i < 4096; i++, n++) {
                uint32_t *w = &payload[offset_dw / 8].ud[offset_dw % 8];
                *w = (*w & 0xFFFF0000u) | ((uint32_t)(n * 8) & walk);
                if (g7sf_send(gpu, thr, &m, wb)) {
                    fprintf(stderr, "%s failed\n", name);
                    exit(1);
                }
            }
        } while ((t = now() - t0) < ROUND_S);
        double round = (n - n0) / t / 1e6;
        rate = round > rate ? round : rate;
    }
    if (target > 0)
        printf("%-44s %8.2f M messages/s  (target %.0f M/s: %.2fx)\n", name, rate, target,
               rate / target);
    else
        printf("%-44s %8.2f M messages/s\n", name, rate);
    return rate;
}

/* memcpy of `bytes` bytes, many times over each round: MB/s. */
static double memcpy_rate(size_t bytes)
{
    static uint8_t src[1 << 20], dst[1 << 20];
    size_t stride = bytes < sizeof src ? bytes : sizeof src;
    double rate = 0;
    for (unsigned r = 0; r < ROUNDS; r++) {
        unsigned long copies = 0;
        double t0 = now(), t;
        do {
            for (size_t off = 0; off + stride <= sizeof src; off += stride, copies++) {
                memcpy(dst + off, src + off, stride);
                __asm__ volatile("" : : "r"(dst) : "memory");
            }
        } while ((t = now() - t0) < ROUND_S);
        double round = copies * (double)stride / t / 1e6;
        rate = round > rate ? round : rate;
    }
    return rate;
}

/* SIMD16 Render Target Write with blending (SRC_ALPHA, INV_SRC_ALPHA, ADD,
 * pre- and post-blend clamps) to a 512x512 Y-tiled R8G8B8A8_UNORM target;
 * the subspans walk along the rows. */
static void bench_rt_write(g7sf_gpu *gpu, const g7sf_thread *thr)
{
    const uint32_t dynamic = 0x00800000u, blend = 0x40, cc = 0x100, target = 0x02000000u;
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, dynamic, 0);
    const uint32_t bsp[2] = { 0x78240000u, blend | 1 };   /* 3DSTATE_BLEND_STATE_POINTERS */
    g7sf_render_cache_command(gpu, bsp, 2);
    /* BLEND_STATE entry 0: enable [31], function ADD [13:11], source factor
     * SRC_ALPHA (0x03) [9:5], destination INV_SRC_ALPHA (0x13) [4:0]; DW1:
     * clamp range RTFORMAT [3:2], pre [1] and post [0] clamps */
    const uint32_t entry[2] = { 1u << 31 | 0x03u << 5 | 0x13u, 2u << 2 | 3u };
    g7sf_mem_write(gpu, dynamic + blend, entry, sizeof entry);
    /* RENDER_SURFACE_STATE: 2D, R8G8B8A8_UNORM (0xC7), Y-tiled; 512x512, pitch 2048 */
    const uint32_t ss[8] = { 1u << 29 | 0xC7u << 18 | 3u << 13, target, 511u << 16 | 511u, 2047 };
    g7sf_mem_write(gpu, 0x10080, ss, sizeof ss);
    const uint32_t ptr = 0x80;
    g7sf_mem_write(gpu, 0x10004, &ptr, 4);   /* binding table entry 1 */
    g7sf_reg p[10] = {{{0}}};
    p[0].ud[1] = cc;                          /* M0.1 COLOR_CALC_STATE pointer */
    p[1].ud[7] = 0xFFFF;                      /* M1.7 pixel enables */
    for (unsigned s = 0; s < 4; s++)
        p[1].ud[2 + s] = (uint32_t)(2 * s) << 16;   /* subspans in column pairs of rows */
    for (unsigned r = 2; r < 10; r++)
        for (unsigned d = 0; d < 8; d++) {
            float v = (float)((r * 8 + d) % 17) / 16.0f;
            memcpy(&p[r].ud[d], &v, 4);
        }
    /* subspan 0's X (M1.2[15:0]) walks the row in steps of 8 pixels */
    bench_msg(gpu, thr, "Render Target Write, SIMD16 RGBA8, blending", G7SF_SFID_RENDER_CACHE,
              desc(10, 0, true, 0xC, 0, 1), p, 8 + 2, 0x1F8, 10);
    /* blending off: 16 pixels of 4 bytes a message, beside memcpy of 64 bytes */
    const uint32_t off[2] = { 0, 2u << 2 };
    g7sf_mem_write(gpu, dynamic + blend, off, sizeof off);
    double rate = bench_msg(gpu, thr, "Render Target Write, SIMD16 RGBA8, no blending",
                            G7SF_SFID_RENDER_CACHE, desc(10, 0, true, 0xC, 0, 1), p, 8 + 2,
                            0x1F8, 0);
    double mc = memcpy_rate(64);
    printf("%-44s %8.1f MB/s  (memcpy of 64 bytes %.0f MB/s: %.4fx, target 0.5x)\n",
           "Render Target Write bandwidth, no blending", rate * 64, mc, rate * 64 / mc);
}

/* Host threads on one gpu: each sends DWord Scattered Reads (read-mostly
 * traffic) to the same buffer for ~0.5 s. */
typedef struct worker {
    _Alignas(64) g7sf_gpu *gpu;   /* a cache line each: no false sharing */
    unsigned long n;
    double t;
} worker;

static void *scatter_worker(void *arg)
{
    worker *w = arg;
    g7sf_thread thr = { 0 };
    g7sf_reg p[3] = {{{0}}}, wb[2];
    for (unsigned i = 0; i < 16; i++)
        p[1 + i / 8].ud[i % 8] = i * 37;
    g7sf_msg m = { G7SF_SFID_DATA_CACHE, desc(3, 2, true, 0x3, 3, 0), false, 0xFFFF, p };
    unsigned long n = 0;   /* counted locally, stored once */
    double t0 = now(), t;
    do {
        for (unsigned i = 0; i < 4096; i++, n++) {
            p[0].ud[2] = (uint32_t)(n * 8) & 0xFFFF;
            if (g7sf_send(w->gpu, &thr, &m, wb))
                exit(1);
        }
    } while ((t = now() - t0) < 0.5);
    w->n = n, w->t = t;
    return NULL;
}

static double threads_rate(g7sf_gpu *gpu, unsigned nthreads)
{
    pthread_t th[64];
    worker w[64];
    double sum = 0;
    for (unsigned i = 0; i < nthreads; i++) {
        w[i] = (worker){ gpu, 0, 0 };
        if (pthread_create(&th[i], NULL, scatter_worker, &w[i]))
            return 0;
    }
    for (unsigned i = 0; i < nthreads; i++) {
        pthread_join(th[i], NULL);
        sum += w[i].n / w[i].t / 1e6;
    }
    return sum;
}

static void bench_threads(g7sf_gpu *gpu)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned n = cores < 1 ? 1 : cores > 64 ? 64 : (unsigned)cores;
    double one = threads_rate(gpu, 1), all = threads_rate(gpu, n);
    printf("%-44s %8.2f M messages/s on 1 thread, %.2f on %u (scaling %.2f of %u, target 0.8)\n",
           "DWord Scattered Read SIMD16, host threads", one, all, n, all / one / n, n);
}

int main(void)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_thread thr = { 0 };
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, 0x10000, 0);
    /* BTI 0: a 1 MiB buffer (65536 entries of 16 bytes) at 16 MiB */
    uint32_t n = 65535, ss[8] = { 4u << 29, 0x1000000, (n >> 7) << 16 | (n & 0x7F), 15 },
             ptr = 0x40;
    g7sf_mem_write(gpu, 0x10040, ss, sizeof ss);
    g7sf_mem_write(gpu, 0x10000, &ptr, 4);
    static uint8_t host[1 << 20];
    for (unsigned i = 0; i < sizeof host; i++)
        host[i] = (uint8_t)(i * 13);
    g7sf_mem_write(gpu, 0x1000000, host, sizeof host);

    g7sf_reg p[5] = {{{0}}};
    /* the cheapest message that binds a surface: one OWord */
    double one = bench_msg(gpu, &thr, "OWord Block Read, 1 OWord (DC)", G7SF_SFID_DATA_CACHE,
                           desc(1, 1, true, 0x0, 0, 0), p, 2, 0xFFFF, 0);
    printf("%-44s %8.1f ns  (target 20 ns: %.2fx)\n", "  per-message fixed cost", 1e3 / one,
           20 / (1e3 / one));
    bench_msg(gpu, &thr, "OWord Block Read, 8 OWords (DC)", G7SF_SFID_DATA_CACHE,
              desc(1, 4, true, 0x0, 4, 0), p, 2, 0xFFFF, 0);
    bench_msg(gpu, &thr, "OWord Block Write, 8 OWords (DC)", G7SF_SFID_DATA_CACHE,
              desc(5, 0, true, 0x8, 4, 0), p, 2, 0xFFFF, 0);
    for (unsigned i = 0; i < 16; i++)
        p[1 + i / 8].ud[i % 8] = i * 37;
    bench_msg(gpu, &thr, "DWord Scattered Read, SIMD16 (DC)", G7SF_SFID_DATA_CACHE,
              desc(3, 2, true, 0x3, 3, 0), p, 2, 0xFFFF, 50);
    bench_msg(gpu, &thr, "DWord Scattered Write, SIMD16 (DC)", G7SF_SFID_DATA_CACHE,
              desc(5, 0, true, 0xB, 3, 0), p, 2, 0xFFFF, 50);

    /* BTI 2: the same memory as a RAW buffer (entries are bytes) for the
     * untyped messages; SIMD16 (desc[13:12] = 1), all four channels */
    n = (1u << 20) - 1;
    const uint32_t raw[8] = { 4u << 29 | 0x1FFu << 18, 0x1000000, (n >> 7 & 0x3FFF) << 16 | (n & 0x7F),
                              (n >> 21) << 21 };
    ptr = 0xC0;
    g7sf_mem_write(gpu, 0x100C0, raw, sizeof raw);
    g7sf_mem_write(gpu, 0x10008, &ptr, 4);
    g7sf_reg u[10] = {{{0}}};
    for (unsigned i = 0; i < 16; i++)
        u[i / 8].ud[i % 8] = 16 * i;   /* U: byte addresses of 16 RGBA elements */
    bench_msg(gpu, &thr, "Untyped Surface Read, SIMD16 RGBA (DC)", G7SF_SFID_DATA_CACHE,
              desc(2, 8, false, 0x5, 0x10, 2), u, 0, 0xFFF0, 50);
    bench_msg(gpu, &thr, "Untyped Surface Write, SIMD16 RGBA (DC)", G7SF_SFID_DATA_CACHE,
              desc(10, 0, false, 0xD, 0x10, 2), u, 0, 0xFFF0, 50);
    bench_threads(gpu);
    bench_rt_write(gpu, &thr);

    /* OWord block bandwidth: 128 bytes per message, beside memcpy of 128 bytes */
    double mc = memcpy_rate(128);
    for (int write = 0; write < 2; write++) {
        g7sf_reg wb[4];
        g7sf_msg m = { G7SF_SFID_DATA_CACHE, write ? desc(5, 0, true, 0x8, 4, 0)
                                                   : desc(1, 4, true, 0x0, 4, 0),
                       false, 0xFFFF, p };
        double t0 = now(), t;
        unsigned long bytes = 0;
        do {
            for (uint32_t off = 0; off < (1u << 20) / 16; off += 8, bytes += 128) {
                p[0].ud[2] = off;
                g7sf_send(gpu, &thr, &m, write ? NULL : wb);
            }
        } while ((t = now() - t0) < 0.5);
        double mb = bytes / t / 1e6;
        printf("%-44s %8.1f MB/s  (memcpy of 128 bytes %.0f MB/s: %.4fx, target 0.5x)\n",
               write ? "OWord Block Write bandwidth" : "OWord Block Read bandwidth", mb, mc,
               mb / mc);
    }
    g7sf_gpu_destroy(gpu);
    return 0;
}
