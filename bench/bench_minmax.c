/* make bench: min/max filtering (patent US 9355490, gen7sf/minmax.h) and
 * the erode / dilate built on it (g7sf_va_morph_block, gen7sf/va_morph.h).
 * (a) Per sample, for separable footprints and quad masks: the tree's
 *     passes and comparisons, and the bytes returned to the EU (1 result or
 *     4, 16 bytes each: 4 float channels) against returning every
 *     footprint texel (16 bytes each), as a ratio.
 * (b) Throughput on a 1920x1080 image (Y8, Y16, 1 bit a pixel): the fast
 *     path, the tree path (every pixel through g7sf_minmax_region) and a
 *     memcpy of the same image in the same run, in Mpixel/s, with the
 *     filter's time as a multiple of memcpy's; and the tree's counters for
 *     the frame. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen7sf/va_morph.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint64_t rnd(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* ---- (a) counters per sample ------------------------------------------- */

static void per_sample(const char *name, g7sf_minmax_footprint f)
{
    float t[64][4];
    for (int i = 0; i < 64; i++)
        for (int c = 0; c < 4; c++)
            t[i][c] = (float)(rnd() % 1000);
    g7sf_minmax_result r;
    if (g7sf_minmax_region(&f, G7SF_MINMAX_MIN, (const float(*)[4])t, &r, NULL)) {
        printf("%-22s failed\n", name);
        return;
    }
    printf("%-22s %5u %5u %6u %5u %5u %5u %5u %5u %6u %8.2f %8.2f\n", name, r.texels, r.quads,
           r.passes, r.tree_compares, r.collector_compares, r.final_compares, r.bytes_one,
           r.bytes_four, r.bytes_all, (double)r.bytes_all / r.bytes_one,
           (double)r.bytes_all / r.bytes_four);
}

/* ---- (b) throughput ----------------------------------------------------- */

enum { W = 1920, H = 1080 };

static size_t row_bytes(unsigned type)
{
    return type == G7SF_VA_U1 ? (W + 7) / 8 : type == G7SF_VA_U8 ? W : 2 * W;
}

/* Seconds a memcpy of the frame takes, the best of runs for ~0.3 s (the
 * frame then sits in the caches, as it does for the filter timed after it). */
static double memcpy_time(const uint8_t *src, uint8_t *dst, size_t n)
{
    double best = 1e9, t0 = now();
    do {
        double t = now();
        memcpy(dst, src, n);
        t = now() - t;
        best = t < best ? t : best;
        if (dst[n / 2] != src[n / 2])
            return 0;
    } while (now() - t0 < 0.3);
    return best;
}

static void throughput(const char *name, unsigned type, g7sf_minmax_footprint f, unsigned op)
{
    size_t stride = row_bytes(type), n = stride * H;
    uint8_t *src = malloc(n), *dst = malloc(n);
    if (!src || !dst) {
        printf("%-26s no memory\n", name);
        free(src);
        free(dst);
        return;
    }
    /* a noisy image with flat areas: what erode / dilate usually meet */
    for (size_t i = 0; i < n; i++)
        src[i] = (uint8_t)((i / stride / 64 + i % stride / 64) & 1 ? rnd() : 0x80);
    g7sf_va_image s = { src, stride, W, H, type };
    g7sf_va_morph m = { f, op, G7SF_VA_EDGE_REPLICATE, false };
    g7sf_va_morph_stats st;
    const char *why = NULL;

    double t_mem = memcpy_time(src, dst, n);
    double best = 1e9, t0 = now();
    do {
        double t = now();
        int r = g7sf_va_morph_block(&m, &s, 0, 0, W, H, dst, stride, NULL, &why);
        t = now() - t;
        if (r) {
            printf("%-26s %s\n", name, why ? why : "failed");
            free(src);
            free(dst);
            return;
        }
        best = t < best ? t : best;
    } while (now() - t0 < 0.3);
    g7sf_va_morph_block(&m, &s, 0, 0, W, H, dst, stride, &st, NULL);

    /* the tree: 8-row blocks down the frame for ~0.3 s */
    m.tree = true;
    long px = 0;
    t0 = now();
    double t_tree;
    for (int y = 0;; y = (y + 8) % H) {
        g7sf_va_morph_block(&m, &s, 0, y, W, 8, dst, stride, NULL, NULL);
        px += 8L * W;
        if ((t_tree = now() - t0) >= 0.3)
            break;
    }
    double mpx = (double)W * H / 1e6;
    printf("%-26s fast %8.1f  tree %6.2f  memcpy %8.1f Mpx/s  fast %5.1fx memcpy, tree "
           "%7.0fx;  per px %.2f passes %.1f cmp, %.0f B vs %.0f B every texel\n", name,
           mpx / best, px / t_tree / 1e6, t_mem > 0 ? mpx / t_mem : 0, best / t_mem,
           t_tree / px * W * H / t_mem, (double)st.passes / st.pixels,
           (double)(st.tree_compares + st.collector_compares + st.final_compares) / st.pixels,
           (double)st.bytes_one / st.pixels, (double)st.bytes_all / st.pixels);
    free(src);
    free(dst);
}

int main(void)
{
    printf("min/max filtering (US 9355490): one sample's footprint through the tree\n");
    printf("%-22s %5s %5s %6s %5s %5s %5s %5s %5s %6s %8s %8s\n", "footprint", "texel", "quads",
           "passes", "tree", "coll", "final", "B 1", "B 4", "B all", "all/1", "all/4");
    static const struct { const char *name; int w, h; } sep[] = {
        { "separable 1x1", 1, 1 }, { "separable 2x2", 2, 2 }, { "separable 3x3", 3, 3 },
        { "separable 4x4", 4, 4 }, { "separable 5x5", 5, 5 }, { "separable 8x8", 8, 8 },
        { "separable 8x1", 8, 1 },
    };
    for (size_t i = 0; i < sizeof sep / sizeof sep[0]; i++)
        per_sample(sep[i].name, (g7sf_minmax_footprint){ G7SF_MINMAX_SEPARABLE, sep[i].w,
                                                         sep[i].h, 0 });
    static const struct { const char *name; uint16_t mask; } qm[] = {
        { "quads 1 (0x0020)", 0x0020 }, { "quads 3 (0x0070)", 0x0070 },
        { "quads 5 (0x0272)", 0x0272 }, { "quads 16 (0xFFFF)", 0xFFFF },
    };
    for (size_t i = 0; i < sizeof qm / sizeof qm[0]; i++)
        per_sample(qm[i].name, (g7sf_minmax_footprint){ G7SF_MINMAX_QUAD_MASK, 0, 0,
                                                        qm[i].mask });

    printf("erode / dilate of a %dx%d image (g7sf_va_morph_block, edges replicated)\n", W, H);
    g7sf_minmax_footprint f3 = { G7SF_MINMAX_SEPARABLE, 3, 3, 0 };
    g7sf_minmax_footprint f5 = { G7SF_MINMAX_SEPARABLE, 5, 5, 0 };
    g7sf_minmax_footprint q5 = { G7SF_MINMAX_QUAD_MASK, 0, 0, 0x0272 };
    throughput("Y8 erode 3x3", G7SF_VA_U8, f3, G7SF_MINMAX_MIN);
    throughput("Y8 dilate 5x5", G7SF_VA_U8, f5, G7SF_MINMAX_MAX);
    throughput("Y8 erode quads 0x0272", G7SF_VA_U8, q5, G7SF_MINMAX_MIN);
    throughput("Y16 erode 3x3", G7SF_VA_U16, f3, G7SF_MINMAX_MIN);
    throughput("Y16 dilate 5x5", G7SF_VA_U16, f5, G7SF_MINMAX_MAX);
    throughput("1bpp erode 3x3", G7SF_VA_U1, f3, G7SF_MINMAX_MIN);
    throughput("1bpp dilate 5x5", G7SF_VA_U1, f5, G7SF_MINMAX_MAX);
    return 0;
}
