/* The decoded-state memo of sampler messages (core/gpu.h): state rewritten
 * in memory at the same address between two messages takes effect in the
 * second, whichever DWord changed; identical state gives identical results.
 * State DWords are written by hand from the PRM field positions. */
#include <string.h>

#include "core/gpu.h"
#include "gpu_setup.h"
#include "harness.h"

#define DYN_BASE 0x00200000u
#define DYN_BOUND 0x00210000u
#define TEX_BASE 0x00300000u
#define SMP_OFF 0x100u       /* SAMPLER_STATE 0 of the thread's table */
#define BORDER_OFF 0x800u

enum { R32_FLOAT = 0x0D8, R8G8B8A8_UNORM = 0x0C7, TC_CLAMP = 2, TC_CLAMP_BORDER = 4 };

/* One float's bits. */
static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* RENDER_SURFACE_STATE of a linear 2D w x 1 surface at TEX_BASE, pitch 16:
 * DW0 type 31:29, format 26:18; DW1 base; DW2 height-1 29:16, width-1 13:0;
 * DW3 pitch-1 17:0. */
static void bind(g7sf_gpu *gpu, unsigned format, uint32_t w)
{
    uint32_t dw[8] = { 1u << 29 | format << 18, TEX_BASE, w - 1, 15 };
    t_bind_state(gpu, 0, dw);
}

/* SAMPLER_STATE 0: DW0 Mag Mode Filter 19:17 and Min Mode Filter 16:14
 * (both `filter`), MIPFILTER_NONE; DW2 Border Color Pointer; DW3 TCX/TCY/TCZ
 * 8:6, 5:3, 2:0. */
static void sampler(g7sf_gpu *gpu, unsigned filter, unsigned tcx)
{
    uint32_t st[4] = { filter << 17 | filter << 14, 0, BORDER_OFF,
                       tcx << 6 | TC_CLAMP << 3 | TC_CLAMP };
    g7sf_mem_write(gpu, DYN_BASE + SMP_OFF, st, 16);
}

/* SAMPLER_BORDER_COLOR_STATE, DX10/OGL floats: red, green, blue, alpha. */
static void border(g7sf_gpu *gpu, float r, float a)
{
    uint32_t b[4] = { fbits(r), 0, 0, fbits(a) };
    g7sf_mem_write(gpu, DYN_BASE + BORDER_OFF, b, 16);
}

/* A gpu with texels 0.125 0.25 0.5 1.0 (R32_FLOAT) at TEX_BASE, bound 4
 * wide; NEAREST, CLAMP; border (0.75, 0, 0, 1). */
static g7sf_gpu *memo_gpu(g7sf_thread *thr)
{
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYN_BASE, DYN_BOUND);
    thr->sampler_state = SMP_OFF;
    const float t[4] = { 0.125f, 0.25f, 0.5f, 1.0f };
    g7sf_mem_write(gpu, TEX_BASE, t, sizeof t);
    bind(gpu, R32_FLOAT, 4);
    sampler(gpu, 0, TC_CLAMP);
    border(gpu, 0.75f, 1.0f);
    return gpu;
}

/* Pixel i's u: 4 wide, 0.3 -> texel 1, 0.875 -> texel 3, -0.5 is outside,
 * 0.5 lies between texels 1 and 2 (nearest: 2); 2 wide: texels 0, 1, -, 1. */
static const float us[4] = { 0.3f, 0.875f, -0.5f, 0.5f };

/* SIMD8 sample_l (type 2: lod u v) at LOD 0 and v 0.5 for pixels 0-3;
 * wb: red, green, blue, alpha registers. */
static int sample(g7sf_gpu *gpu, const g7sf_thread *thr, g7sf_reg wb[4])
{
    g7sf_reg p[3];
    memset(p, 0, sizeof p);
    for (unsigned i = 0; i < 4; i++)
        p[1].ud[i] = fbits(us[i]), p[2].ud[i] = fbits(0.5f);
    memset(wb, 0, 4 * sizeof *wb);
    uint32_t desc = 3u << 25 | 4u << 20 | 1u << 17 | 2u << 12;   /* mlen 3, rlen 4, SIMD8 */
    return t_send(gpu, thr, G7SF_SFID_SAMPLER, desc, 0x0F, p, wb);
}

/* Sends and checks channel ch of pixels 0-3 against want. */
static void expect(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned ch, const float want[4],
                   const char *what)
{
    g7sf_reg wb[4];
    int r = sample(gpu, thr, wb);
    CHECKF(r == 0, "%s: send %d", what, r);
    for (unsigned i = 0; i < 4; i++)
        CHECKF(wb[ch].ud[i] == fbits(want[i]), "%s: pixel %u channel %u: 0x%08x, want %g", what,
               i, ch, wb[ch].ud[i], want[i]);
}

TEST(identical_state_identical_results)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = memo_gpu(&thr);
    g7sf_reg a[4], b[4];
    CHECK_EQ(sample(gpu, &thr, a), 0);
    CHECK_EQ(sample(gpu, &thr, b), 0);
    CHECK(!memcmp(a, b, sizeof a));
    expect(gpu, &thr, 0, (const float[4]){ 0.25f, 1.0f, 0.125f, 0.5f }, "first");
    g7sf_gpu_destroy(gpu);
}

TEST(surface_state_rewritten_at_the_same_address)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = memo_gpu(&thr);
    expect(gpu, &thr, 0, (const float[4]){ 0.25f, 1.0f, 0.125f, 0.5f }, "4 wide");
    bind(gpu, R32_FLOAT, 2);     /* DW2 only */
    expect(gpu, &thr, 0, (const float[4]){ 0.125f, 0.25f, 0.125f, 0.25f }, "2 wide");
    /* DW0 only: texel 1 is 0.25f = 0x3E800000, bytes 00 00 80 3E as RGBA8 */
    bind(gpu, R8G8B8A8_UNORM, 2);
    g7sf_reg wb[4];
    CHECK_EQ(sample(gpu, &thr, wb), 0);
    CHECK_EQ(wb[0].ud[1], 0);
    CHECK_EQ(wb[1].ud[1], 0);
    CHECK_EQ(wb[2].ud[1], fbits(128.0f / 255.0f));
    CHECK_EQ(wb[3].ud[1], fbits(62.0f / 255.0f));
    /* a state the sampler refuses (Surface Format 1FFh, not a format), then
     * the good one again */
    bind(gpu, 0x1FF, 2);
    CHECK_EQ(sample(gpu, &thr, wb), G7SF_ESTATE);
    CHECK_EQ(sample(gpu, &thr, wb), G7SF_ESTATE);
    bind(gpu, R32_FLOAT, 4);
    expect(gpu, &thr, 0, (const float[4]){ 0.25f, 1.0f, 0.125f, 0.5f }, "4 wide again");
    g7sf_gpu_destroy(gpu);
}

TEST(sampler_state_rewritten_at_the_same_address)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = memo_gpu(&thr);
    expect(gpu, &thr, 0, (const float[4]){ 0.25f, 1.0f, 0.125f, 0.5f }, "nearest");
    /* DW0 only: MAPFILTER_LINEAR; u 0.3 -> 0.7 texels: 0.3 of texel 0 and
     * 0.7 of texel 1 after rounding to 1/256 (179/256 of texel 1) */
    sampler(gpu, 1, TC_CLAMP);
    expect(gpu, &thr, 0,
           (const float[4]){ 0.125f * 77 / 256 + 0.25f * 179 / 256, 1.0f, 0.125f, 0.375f },
           "linear");
    /* DW3 only: CLAMP_BORDER on u: pixel 2 reads the border colour */
    sampler(gpu, 1, TC_CLAMP_BORDER);
    expect(gpu, &thr, 0,
           (const float[4]){ 0.125f * 77 / 256 + 0.25f * 179 / 256, 1.0f, 0.75f, 0.375f },
           "border");
    /* the border colour: red (DW0), then alpha only (DW3) */
    border(gpu, 0.5f, 1.0f);
    expect(gpu, &thr, 0,
           (const float[4]){ 0.125f * 77 / 256 + 0.25f * 179 / 256, 1.0f, 0.5f, 0.375f },
           "border red");
    border(gpu, 0.5f, 0.25f);
    expect(gpu, &thr, 3, (const float[4]){ 1.0f, 1.0f, 0.25f, 1.0f }, "border alpha");
    g7sf_gpu_destroy(gpu);
}
