/* make bench: the sampler's media messages per second through g7sf_send()
 * on a 720x480 NV12 frame pair in graphics memory (one message per block,
 * as a kernel sends them): deinterlace, DN only (16x8) and DN + DI (16x4);
 * sample_8x8 scaling the frame to 1280x720 (16x4 a message), Y alone (the
 * Y8 surface a driver binds) with and without the IEF, and all channels of
 * the NV12 surface.  Media Block Writes of a 1920x1080 YUYV frame (4:2:2
 * 8-bit, 32 x 8 and 8 x 32-byte blocks) plain and through the colour
 * processing pipe (M0.3[0]) with its stages alone and together, each also
 * as a ratio to the plain write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen7sf/gen7sf.h"
#include "gen7sf/iecp.h"
#include "gen7sf/vpp.h"

enum { W = 720, H = 480, PITCH = 768, BTI = 0 };
#define SURFACE_BASE 0x00010000u
#define DYNAMIC_BASE 0x00040000u
#define CUR  0x00400000u
#define PREV 0x00800000u
#define STAT 0x00C00000u
#define FRAME 0x01000000u      /* the 1080p YUYV frame the writes fill */
#define GENERAL_BASE 0x02000000u

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void put(g7sf_gpu *gpu, uint32_t addr, uint32_t v) { g7sf_mem_write(gpu, addr, &v, 4); }

/* MEDIA_SURFACE_STATE (§2.12.2.2) at surface state offset 0x1000 + 32 bti. */
static void bind(g7sf_gpu *gpu, unsigned bti, uint32_t base, unsigned format, int w, int h,
                 uint32_t pitch)
{
    uint32_t off = 0x1000 + 32 * bti;
    uint32_t dw[6] = { base, (uint32_t)(h - 1) << 18 | (uint32_t)(w - 1) << 4,
                       format << 28 | 1u << 27 | (pitch - 1) << 3, (uint32_t)h, 0, 0 };
    g7sf_mem_write(gpu, SURFACE_BASE + off, dw, sizeof dw);
    put(gpu, SURFACE_BASE + 0x100 + 4 * bti, off);
}

/* Sends m, one message per bw x bh block of a w x h frame (set(p, x, y,
 * ctx) fills m's payload p), frame after frame for a second; prints
 * messages/s, frames/s and, with px (pixels a message returns), Mpx/s. */
typedef void (*set_fn)(g7sf_reg *p, int x, int y, const void *ctx);

static double timed(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, const g7sf_msg *m,
                    g7sf_reg *p, g7sf_reg *wb, int w, int h, int bw, int bh, set_fn set,
                    const void *ctx, int px)
{
    long msgs = 0;
    int frames = 0;
    double t0 = now(), t;
    do {
        for (int y = 0; y < h; y += bh)
            for (int x = 0; x < w; x += bw) {
                set(p, x, y, ctx);
                int r = g7sf_send(gpu, thr, m, wb);
                if (r) {
                    printf("%-40s %s\n", name, g7sf_strerror(r));
                    return 0;
                }
                msgs++;
            }
        frames++;
    } while ((t = now() - t0) < 1.0);
    printf("%-40s %10.0f messages/s %8.1f frames/s", name, msgs / t, frames / t);
    if (px)
        printf(" %7.1f Mpx/s", msgs * (double)px / t / 1e6);
    printf("\n");
    return frames / t;
}

/* deinterlace: M1.2, M1.6 the block's pixel address */
static void set_di(g7sf_reg *p, int x, int y, const void *ctx)
{
    (void)ctx;
    p[1].ud[2] = (uint32_t)x, p[1].ud[6] = (uint32_t)y;
}

static void bench(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, bool di)
{
    /* DEINTERLACE_SAMPLER_STATE: driver-like thresholds, DN on, DI as asked */
    uint32_t st[8] = { 140u << 24 | 192u << 16 | 8u << 8 | 38, 16u << 24 | 8u << 16 | 1u << 13 |
                       1u << 8 | 64, 4u << 24 | 9u << 20 | 5u << 16 | 1u << 8 | 15,
                       64u << 24 | 125u << 16 | 30u << 8 | 150,
                       118u << 24 | 1u << 22 | 1u << 20 | 5u << 16 | 100u << 8 | 5,
                       50u << 24 | 100u << 16 | 37u << 8 | 175,
                       16u << 24 | 100u << 16 | 2u << 8 | 1u << 3 | (di ? 2u : 0) | 1,
                       10u << 19 | 25u << 10 | 10u << 4 | 5 };
    g7sf_mem_write(gpu, DYNAMIC_BASE, st, sizeof st);
    int bh = di ? 4 : 8;
    unsigned rlen = di ? 11 : 5;
    g7sf_reg p[2] = { { { 0 } } }, wb[12];
    g7sf_msg m = { .sfid = G7SF_SFID_SAMPLER, .payload = p,
                   .desc = 2u << 25 | rlen << 20 | 1u << 19 | 3u << 17 | 8u << 12 | BTI };
    timed(gpu, thr, name, &m, p, wb, W, H, 16, bh, set_di, NULL, 0);
}

/* sample_8x8, media layout: M1.2 U0, M1.3 V0, M1.4 dU, M1.5 dV of the
 * block at output pixel (x, y), ctx the steps */
static void set_8x8(g7sf_reg *p, int x, int y, const void *ctx)
{
    const float *d = ctx;
    float f[4] = { ((float)x + 0.5f) * d[0], ((float)y + 0.5f) * d[1], d[0], d[1] };
    memcpy(&p[1].ud[2], f, sizeof f);
}

/* sample_8x8 (media layout, 0x0B) over a 1280x720 output from the surface
 * at bti: SAMPLER_STATE at DYNAMIC + 0x80, SAMPLER_8x8_STATE (Lanczos
 * tables for 720x480 to 1280x720) at + 0x100; mask: the header's write
 * channel masks (1: not returned). */
static void bench_8x8(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, unsigned bti,
                      bool ief, unsigned mask)
{
    enum { OW = 1280, OH = 720 };
    g7sf_sampler_8x8_state avs;
    g7sf_sampler_state_8x8 smp = { .ief_bypass = !ief, .sampler_8x8_state_pointer = 0x100,
                                   .r5c_coefficient = 3, .r5cx_coefficient = 8,
                                   .r5x_coefficient = 9, .strong_edge_threshold = 8,
                                   .weak_edge_threshold = 1, .strong_edge_weight = 7,
                                   .regular_weight = 2, .non_edge_weight = 1, .gain_factor = 40,
                                   .r3c_coefficient = 15, .r3x_coefficient = 6 };
    uint32_t dw8[G7SF_SAMPLER_8x8_STATE_DWORDS] = { 0 }, dws[G7SF_SAMPLER_STATE_8X8_DWORDS] = { 0 };
    if (g7sf_avs_state_for_scale((double)OW / W, (double)OH / H, &avs) ||
        g7sf_state_pack(&g7sf_desc_SAMPLER_8x8_STATE, &avs, dw8) ||
        g7sf_state_pack(&g7sf_desc_SAMPLER_STATE_8X8, &smp, dws)) {
        printf("%-40s state does not pack\n", name);
        return;
    }
    g7sf_mem_write(gpu, DYNAMIC_BASE + 0x100, dw8, sizeof dw8);
    g7sf_mem_write(gpu, DYNAMIC_BASE + 0x80, dws, sizeof dws);
    unsigned channels = 0;
    for (int c = 0; c < 4; c++)
        channels += !(mask >> c & 1);
    g7sf_reg p[2] = { { { 0 } } }, wb[16];
    p[0].ud[3] = 0x80;
    p[0].ud[2] = mask << 12;
    g7sf_msg m = { .sfid = G7SF_SFID_SAMPLER, .payload = p,
                   .desc = 2u << 25 | 4 * channels << 20 | 1u << 19 | 3u << 17 | 0x0Bu << 12 |
                           bti };
    const float d[2] = { 1.0f / OW, 1.0f / OH };
    timed(gpu, thr, name, &m, p, wb, OW, OH, 16, 4, set_8x8, d, 64);
}

/* Media Block Write: M0.0 X (bytes), M0.1 Y of the block */
static void set_mbw(g7sf_reg *p, int x, int y, const void *ctx)
{
    (void)ctx;
    p[0].ud[0] = (uint32_t)x, p[0].ud[1] = (uint32_t)y;
}

/* The stage combinations the IECP rows time. */
enum { ST_PROCAMP = 1, ST_CSC = 2, ST_ACE = 4, ST_ALL = 8 };

/* 1920x1080 YUYV (RENDER_SURFACE_STATE, YCRCB_NORMAL, linear) at bti,
 * written in bw x bh-byte blocks of 4:2:2 8-bit noise; stages < 0: plain
 * writes, else colour processing with those stages (COLOR_PROCESSING_STATE
 * at General State Base + 0x200).  Returns frames/s. */
static double bench_mbw(g7sf_gpu *gpu, const g7sf_thread *thr, const char *name, unsigned bti,
                        int bw, int bh, int stages)
{
    enum { FW = 1920, FH = 1080 };
    uint32_t rss[8] = { 1u << 29 | 0x182u << 18, FRAME, (FH - 1u) << 16 | (FW - 1u),
                        FW * 2 - 1u, 0, 0, 0, 0 };
    uint32_t off = 0x1000 + 32 * bti;
    g7sf_mem_write(gpu, SURFACE_BASE + off, rss, sizeof rss);
    put(gpu, SURFACE_BASE + 0x100 + 4 * bti, off);
    g7sf_color_processing_state s;
    g7sf_iecp_state_neutral(&s);
    s.procamp_enable = (stages & (ST_PROCAMP | ST_ALL)) != 0;
    s.contrast = 140, s.brightness = -32, s.cos_c_s = 240, s.sin_c_s = 40;
    s.transform_enable = (stages & (ST_CSC | ST_ALL)) != 0;   /* BT.601 YUV to RGB */
    s.yuv_in = 1, s.c0 = 1192, s.c2 = 1634, s.c3 = 1192, s.c4 = -401, s.c5 = -832,
    s.c6 = 1192, s.c7 = 2066, s.c8 = 0;
    s.offset_in_1 = -16, s.offset_in_2 = -128, s.offset_in_3 = -128;
    s.ace_enable = (stages & (ST_ACE | ST_ALL)) != 0, s.full_image_histogram = 1;
    if (stages & ST_ALL)
        s.std_enable = s.ste_enable = s.color_gamut_compression_enable = s.tcc_enable = 1;
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    if (g7sf_state_pack(&g7sf_desc_COLOR_PROCESSING_STATE, &s, dw)) {
        printf("%-40s state does not pack\n", name);
        return 0;
    }
    g7sf_mem_write(gpu, GENERAL_BASE + 0x200, dw, sizeof dw);
    g7sf_reg p[9];
    unsigned seed = 7;
    for (int i = 1; i < 9; i++)
        for (int k = 0; k < 8; k++) {
            seed = seed * 1103515245u + 12345u;
            p[i].ud[k] = seed;
        }
    memset(&p[0], 0, sizeof p[0]);
    p[0].ud[2] = (uint32_t)(bh - 1) << 16 | (uint32_t)(bw - 1);
    p[0].ud[3] = stages < 0 ? 0 : 0x200u | 1;   /* 4:2:2 8-bit, Color Processing Enable */
    unsigned pitch = 1;
    while (pitch < (unsigned)bw)
        pitch <<= 1;
    unsigned regs = ((unsigned)(bh - 1) * pitch + (unsigned)bw + 31) / 32;
    g7sf_msg m = { .sfid = G7SF_SFID_RENDER_CACHE, .payload = p,
                   .desc = (1u + regs) << 25 | 1u << 19 | 0xAu << 14 | bti };
    return timed(gpu, thr, name, &m, p, NULL, FW * 2, FH, bw, bh, set_mbw, NULL, bw * bh / 2);
}

int main(void)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    g7sf_thread thr = { .binding_table = 0x100 };
    g7sf_set_base(gpu, G7SF_BASE_SURFACE, SURFACE_BASE, 0);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYNAMIC_BASE, 0);
    unsigned seed = 1;
    uint8_t *row = malloc(PITCH);
    for (int y = 0; y < H * 3 / 2; y++)   /* NV12: Y then interleaved UV, noise */
        for (uint32_t base = CUR; base <= PREV; base += PREV - CUR) {
            for (int x = 0; x < PITCH; x++) {
                seed = seed * 1103515245u + 12345u;
                row[x] = (uint8_t)((x + y) / 8 + (seed >> 28));
            }
            g7sf_mem_write(gpu, base + (uint32_t)y * PITCH, row, PITCH);
        }
    for (int y = 0; y < H; y++)
        g7sf_mem_write(gpu, STAT + (uint32_t)y * PITCH, row, PITCH);
    bind(gpu, BTI, CUR, 4, W, H, PITCH);
    bind(gpu, BTI + 1, PREV, 4, W, H, PITCH);
    bind(gpu, BTI + 2, STAT, 7, PITCH, H, PITCH);
    bench(gpu, &thr, "deinterlace msg 720x480 NV12, DN only", false);
    bench(gpu, &thr, "deinterlace msg 720x480 NV12, DN + DI", true);
    /* the NV12 frame's Y as a Y8 surface (format 12) */
    bind(gpu, BTI + 3, CUR, 12, W, H, PITCH);
    bench_8x8(gpu, &thr, "sample_8x8 Y8 to 1280x720, G", BTI + 3, false, 0xD);
    bench_8x8(gpu, &thr, "sample_8x8 Y8 to 1280x720, G + IEF", BTI + 3, true, 0xD);
    bench_8x8(gpu, &thr, "sample_8x8 NV12 to 1280x720, RGBA", BTI, false, 0);
    /* Media Block Write, plain and through the colour pipe */
    g7sf_set_base(gpu, G7SF_BASE_GENERAL, GENERAL_BASE, 0);
    static const struct { const char *name; int stages; } mbw[] = {
        { "plain", -1 }, { "IECP, no stage", 0 }, { "IECP ProcAmp", ST_PROCAMP },
        { "IECP CSC", ST_CSC }, { "IECP ACE", ST_ACE }, { "IECP ProcAmp + CSC", ST_PROCAMP | ST_CSC },
        { "IECP all stages", ST_ALL },
    };
    static const int shapes[2][2] = { { 32, 8 }, { 8, 32 } };
    for (int k = 0; k < 2; k++) {
        double plain = 0;
        for (size_t i = 0; i < sizeof mbw / sizeof mbw[0]; i++) {
            char name[64];
            snprintf(name, sizeof name, "MBW 1080p YUYV %dx%d, %s", shapes[k][0], shapes[k][1],
                     mbw[i].name);
            double f = bench_mbw(gpu, &thr, name, BTI + 4, shapes[k][0], shapes[k][1], mbw[i].stages);
            if (mbw[i].stages < 0)
                plain = f;
            else if (plain > 0)
                printf("%-40s %10.2f x the plain write's frames/s\n", "", f / plain);
        }
    }
    free(row);
    g7sf_gpu_destroy(gpu);
    return 0;
}
