/* make bench: data port messages per second through g7sf_send(), and the
 * graphics-memory copy rate beside memcpy on the same machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* Runs one message kind for ~0.5 s, storing a walking value (steps of 8,
 * wrapped by `walk`, a mask inside the low 16 bits) into payload DWord
 * offset_dw before each; prints messages/s. */
static void bench_msg(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, unsigned sfid,
                      uint32_t d, g7sf_reg *payload, unsigned offset_dw, uint32_t walk)
{
    g7sf_reg wb[8];
    g7sf_msg m = { sfid, d, false, 0xFFFF, payload };
    unsigned long n = 0;
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
    } while ((t = now() - t0) < 0.5);
    printf("%-40s %10.2f M messages/s\n", name, n / t / 1e6);
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
    bench_msg(gpu, thr, "Render Target Write, SIMD16, blending", G7SF_SFID_RENDER_CACHE,
              desc(10, 0, true, 0xC, 0, 1), p, 8 + 2, 0x1F8);
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
              desc(1, 4, true, 0x0, 4, 0), p, 2, 0xFFFF);
    bench_msg(gpu, &thr, "OWord Block Write, 8 OWords (DC)", G7SF_SFID_DATA_CACHE,
              desc(5, 0, true, 0x8, 4, 0), p, 2, 0xFFFF);
    for (unsigned i = 0; i < 16; i++)
        p[1 + i / 8].ud[i % 8] = i * 37;
    bench_msg(gpu, &thr, "DWord Scattered Read, SIMD16 (DC)", G7SF_SFID_DATA_CACHE,
              desc(3, 2, true, 0x3, 3, 0), p, 2, 0xFFFF);
    bench_msg(gpu, &thr, "DWord Scattered Write, SIMD16 (DC)", G7SF_SFID_DATA_CACHE,
              desc(5, 0, true, 0xB, 3, 0), p, 2, 0xFFFF);

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
              desc(2, 8, false, 0x5, 0x10, 2), u, 0, 0xFFF0);
    bench_msg(gpu, &thr, "Untyped Surface Write, SIMD16 RGBA (DC)", G7SF_SFID_DATA_CACHE,
              desc(10, 0, false, 0xD, 0x10, 2), u, 0, 0xFFF0);
    bench_rt_write(gpu, &thr);

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
