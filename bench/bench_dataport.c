/* make bench: data port messages per second through g7sf_send(), and the
 * graphics-memory copy rate beside memcpy on the same machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen7sf/gen7sf.h"

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

/* Runs one message kind for ~0.5 s; prints messages/s. */
static void bench_msg(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, unsigned sfid,
                      uint32_t d, g7sf_reg *payload, unsigned offset_dw)
{
    g7sf_reg wb[4];
    g7sf_msg m = { sfid, d, false, 0xFFFF, payload };
    unsigned long n = 0;
    double t0 = now(), t;
    do {
        for (unsigned i = 0; i < 4096; i++, n++) {
            payload[0].ud[offset_dw] = (uint32_t)(n * 8) & 0xFFFF;   /* walk the buffer */
            if (g7sf_send(gpu, thr, &m, wb)) {
                fprintf(stderr, "%s failed\n", name);
                exit(1);
            }
        }
    } while ((t = now() - t0) < 0.5);
    printf("%-40s %10.2f M messages/s\n", name, n / t / 1e6);
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
    static uint8_t host[1 << 20], back[1 << 20];
    for (unsigned i = 0; i < sizeof host; i++)
        host[i] = (uint8_t)(i * 13);
    g7sf_mem_write(gpu, 0x1000000, host, sizeof host);

    g7sf_reg p[5] = {{{0}}};
    bench_msg(gpu, &thr, "OWord Block Read, 8 OWords (DC)", G7SF_SFID_DATA_CACHE,
              desc(1, 4, true, 0x0, 4, 0), p, 2);
    bench_msg(gpu, &thr, "OWord Block Write, 8 OWords (DC)", G7SF_SFID_DATA_CACHE,
              desc(5, 0, true, 0x8, 4, 0), p, 2);
    for (unsigned i = 0; i < 16; i++)
        p[1 + i / 8].ud[i % 8] = i * 37;
    bench_msg(gpu, &thr, "DWord Scattered Read, SIMD16 (DC)", G7SF_SFID_DATA_CACHE,
              desc(3, 2, true, 0x3, 3, 0), p, 2);
    bench_msg(gpu, &thr, "DWord Scattered Write, SIMD16 (DC)", G7SF_SFID_DATA_CACHE,
              desc(5, 0, true, 0xB, 3, 0), p, 2);

    /* OWord block read bandwidth: 128 bytes per message */
    g7sf_reg wb[4];
    g7sf_msg m = { G7SF_SFID_DATA_CACHE, desc(1, 4, true, 0x0, 4, 0), false, 0xFFFF, p };
    double t0 = now(), t;
    unsigned long bytes = 0;
    do {
        for (uint32_t off = 0; off < (1u << 20) / 16; off += 8, bytes += 128) {
            p[0].ud[2] = off;
            g7sf_send(gpu, &thr, &m, wb);
        }
    } while ((t = now() - t0) < 0.5);
    double mb_msg = bytes / t / 1e6;
    t0 = now();
    unsigned long copies = 0;
    do {
        memcpy(back, host, sizeof host);
        copies++;
        __asm__ volatile("" : : "r"(back) : "memory");
    } while ((t = now() - t0) < 0.5);
    double mb_memcpy = copies * (double)sizeof host / t / 1e6;
    printf("%-40s %10.1f MB/s (memcpy %.0f MB/s, ratio %.4f)\n", "OWord Block Read bandwidth",
           mb_msg, mb_memcpy, mb_msg / mb_memcpy);
    g7sf_gpu_destroy(gpu);
    return 0;
}
