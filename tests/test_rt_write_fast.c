/* The render target write's batch kernel (src/dataport/rt_kernel.c)
 * against the per-pixel path, checkasm style: random surfaces (linear, X,
 * Y tiled, levels, slices, offsets, pitches that alias), formats (the two
 * kernel formats and some that fall back), BLEND_STATE / COLOR_CALC_STATE
 * (every factor, function, clamp, mask, alpha test), colours (NaN, +-inf,
 * negative, above 1), subspans partly outside or overlapping, enables and
 * pages not yet present.  Two gpus run the same messages, one with
 * rt_batch_generic set; every return code and byte of memory must agree. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "dataport/rt_batch.h"
#include "gen7sf/render_cache.h"
#include "gpu_setup.h"
#include "harness.h"
#include "rt_setup.h"

enum { REGION = 0x10000, REGIONS = 4 };

static uint32_t rnd(uint32_t n) { return (uint32_t)(t_rand() % n); }

static float colour(void)
{
    static const float special[] = { 0.0f, -0.0f, 1.0f, 0.5f, -1.0f, 2.0f, INFINITY, -INFINITY,
                                     NAN, 1.0f / 255, 0.5f / 255, 254.5f / 255, 1e-30f, -3.0f };
    if (rnd(4) == 0)
        return special[rnd(sizeof special / sizeof *special)];
    return (float)((int32_t)rnd(4000) - 1000) / 2000.0f;   /* -0.5 .. 1.5 */
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* A valid factor mostly (every one of them), now and then any 5 bits. */
static uint32_t factor(void)
{
    static const uint8_t valid[] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A,
                                     0x11, 0x12, 0x13, 0x14, 0x15, 0x17, 0x18, 0x19, 0x1A };
    return rnd(20) ? valid[rnd(sizeof valid)] : rnd(32);
}

typedef struct trial {
    uint32_t ss[8], bs[2], cc[6], base;
    unsigned format, index;
    bool fresh;                  /* a region never written: pages appear as it runs */
} trial;

static void draw_trial(trial *t, unsigned n)
{
    static const unsigned fallback[] = { 0x0C8 /* R8G8B8A8_UNORM_SRGB */,
                                         0x0C2 /* R10G10B10A2_UNORM */, 0x0CC /* R16G16_UNORM */ };
    unsigned r = rnd(20);
    t->format = r < 9 ? 0x0C7 : r < 18 ? 0x0C0 : fallback[rnd(3)];
    unsigned tiling = rnd(3), w = 1 + rnd(40), h = 1 + rnd(40);
    if (rnd(6) == 0)   /* rows across several tiles, in a few rows of tiles */
        w = 41 + rnd(300), h = 1 + rnd(8);
    unsigned tw = tiling == 1 ? 512 : tiling == 2 ? 128 : 4;   /* whole tiles (4: linear) */
    uint32_t pitch = (4 * w + 4 * (rnd(2) + 16) + tw - 1) / tw * tw + (rnd(2) ? tw : 0);
    if (rnd(16) == 0)   /* past the whole tiles, or shorter than a row: aliasing */
        pitch = 4 * w + 4 * rnd(40);
    if (rnd(8) == 0)
        h = 1 + rnd(8);
    t->fresh = rnd(8) == 0;
    t->base = RT_BASE + (t->fresh ? (REGIONS + n) : rnd(REGIONS)) * REGION;
    unsigned depth = rnd(4) ? 0 : rnd(3), lod = rnd(5) ? 0 : rnd(3);
    memset(t->ss, 0, sizeof t->ss);
    t->ss[0] = 1u << 29 | (depth ? 1u << 28 : 0) | t->format << 18 | (tiling ? 1u << 14 : 0) |
               (tiling == 2 ? 1u << 13 : 0) | (rnd(4) ? 0 : 1u << 16);   /* VALIGN_4 */
    t->ss[1] = t->base;
    t->ss[2] = (h - 1) << 16 | (w - 1);
    t->ss[3] = depth << 21 | (pitch - 1);
    t->ss[4] = (rnd(6) ? 0 : rnd(2)) << 18 | depth << 7;   /* Minimum Array Element, extent */
    t->ss[5] = (rnd(8) ? 0 : rnd(2)) << 25 | (rnd(8) ? 0 : rnd(2)) << 20 | lod;
    t->index = rnd(3) ? 0 : rnd(8);
    bool blend = rnd(5) != 0, indep = rnd(2);
    unsigned func = rnd(12) ? rnd(5) : rnd(8), afunc = rnd(12) ? rnd(5) : rnd(8);
    t->bs[0] = (blend ? 1u << 31 : 0) | (indep ? 1u << 30 : 0) | afunc << 26 |
               factor() << 20 | factor() << 15 | func << 11 | factor() << 5 | factor();
    t->bs[1] = (rnd(4) ? 0 : rnd(16) << 24) |              /* write disables */
               (rnd(16) ? 0 : 1u << 22 | rnd(16) << 18) |   /* logic op */
               (rnd(6) ? 0 : 1u << 16 | rnd(8) << 13) |     /* alpha test */
               (rnd(10) ? rnd(3) : rnd(4)) << 2 | rnd(4);   /* clamp range, pre, post */
    t->cc[0] = rnd(2);                                     /* alpha test format */
    t->cc[1] = rnd(2) ? rnd(256) : bits(colour());         /* reference */
    for (unsigned c = 2; c < 6; c++)
        t->cc[c] = bits(colour());
}

/* A trial whose surface lies within its REGION bytes (all the test compares). */
static void make_trial(trial *t, unsigned n)
{
    for (;;) {
        draw_trial(t, n);
        g7sf_render_surface_state ss;
        g7sf_surface sf;
        g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, t->ss, &ss);
        if (g7sf_surface_from_state(&ss, &sf) || g7sf_surface_size(&sf) <= REGION)
            return;
    }
}

/* One random message of the trial's render target (header always: it
 * carries the render target index). */
static int send(g7sf_gpu *gpu, const g7sf_thread *thr, const trial *t, uint32_t seed_x[4],
                unsigned type, uint32_t m00, uint32_t enables, const g7sf_reg *colours,
                unsigned ncolour)
{
    g7sf_reg p[16];
    uint16_t xy[4][2];
    for (unsigned s = 0; s < 4; s++)
        xy[s][0] = (uint16_t)seed_x[s], xy[s][1] = (uint16_t)(seed_x[s] >> 16);
    rt_header(p, m00, t->index, xy, enables);
    memcpy(p + 2, colours, ncolour * sizeof *p);
    return rt_send(gpu, thr, rt_desc(2 + ncolour, 1, type, 0), p);
}

static void setup(g7sf_gpu *gpu, const trial *t)
{
    t_bind_state(gpu, RT_BTI, t->ss);
    for (unsigned e = 0; e < 8; e++)
        rt_blend_entry(gpu, e, e == t->index ? t->bs[0] : 0, e == t->index ? t->bs[1] : 0);
    for (unsigned c = 0; c < 6; c++)
        t_poke(gpu, RT_DYNAMIC + RT_CC + 4 * c, t->cc[c]);
}

/* Whether the kernel can take the trial's state at all (counted, so that
 * the test knows it compared the kernel and not the fallback twice). */
static bool kernel_state(const trial *t)
{
    g7sf_render_surface_state ss;
    g7sf_blend_state bs;
    g7sf_color_calc_state cc;
    uint32_t bdw[G7SF_BLEND_STATE_DWORDS] = { 0 };
    bdw[2 * t->index] = t->bs[0], bdw[2 * t->index + 1] = t->bs[1];
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, t->ss, &ss);
    g7sf_state_unpack(&g7sf_desc_BLEND_STATE, bdw, &bs);
    g7sf_state_unpack(&g7sf_desc_COLOR_CALC_STATE, t->cc, &cc);
    g7sf_rt_target rt;
    rt_place pl;
    static rt_pipeline pipe;
    if (g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &rt, NULL))
        return false;
    rt_place_init(&pl, &rt);
    rt_pipeline_prepare(&pipe, G7SF_IVB, rt.fmt, &bs, t->index, &cc, 1, 0);
    return pl.ok && !pipe.err && pipe.kernel;
}

/* Messages on two gpus, with the kernel of G7SF_CPU=cpu (NULL: this
 * machine's) on one and the per-pixel path on the other.  The gpus are new,
 * so the message layer's memo resolves its pipeline (and kernel) again. */
static void messages_agree(const char *cpu)
{
    const char *old = getenv("G7SF_CPU");
    char saved[32] = "";
    if (old)
        snprintf(saved, sizeof saved, "%s", old);
    if (cpu)
        setenv("G7SF_CPU", cpu, 1);
    else
        unsetenv("G7SF_CPU");
    g7sf_thread ta, tb;
    g7sf_gpu *a = rt_gpu(&ta), *b = rt_gpu(&tb);
    static uint8_t ma[REGION], mb[REGION];
    unsigned trials = 3000, kernel = 0, messages = 0, failed = 0;
    for (unsigned n = 0; n < trials && !failed; n++) {
        trial t;
        make_trial(&t, n);
        setup(a, &t), setup(b, &t);
        if (!t.fresh) {
            for (unsigned i = 0; i < REGION; i++)
                ma[i] = (uint8_t)t_rand();
            g7sf_mem_write(a, t.base, ma, REGION);
            g7sf_mem_write(b, t.base, ma, REGION);
        }
        kernel += kernel_state(&t);
        for (unsigned m = 0; m < 4; m++, messages++) {
            static const unsigned types[] = { RT_SIMD16, RT_SIMD16, RT_SIMD16, RT_SIMD8,
                                              RT_DUAL_LO, RT_DUAL_HI, RT_REPDATA, RT_IMAGE };
            unsigned type = types[rnd(8)];
            bool simd16 = type == RT_SIMD16, s0a = (simd16 || type == RT_SIMD8) && rnd(3) == 0;
            unsigned ncolour = type == RT_REPDATA ? 1 : simd16 ? 8 : type == RT_SIMD8 ||
                               type == RT_IMAGE ? 4 : 8;
            ncolour += s0a ? (simd16 ? 2 : 1) : 0;
            g7sf_reg colours[12];
            for (unsigned r = 0; r < ncolour; r++)
                for (unsigned d = 0; d < 8; d++)
                    colours[r].ud[d] = bits(colour());
            uint32_t xy[4], w = (t.ss[2] & 0x3FFF) + 1, h = (t.ss[2] >> 16) + 1;
            for (unsigned s = 0; s < 4; s++) {
                if (rnd(4))   /* inside (a subspan at a time), or around the edges */
                    xy[s] = (rnd(w) & ~1u) | (rnd(h) & ~1u) << 16;
                else
                    xy[s] = (rnd(w + 6) - 2) & 0xFFFF, xy[s] |= ((rnd(h + 6) - 2) & 0xFFFF) << 16;
                if (s && rnd(6) == 0)   /* one pixel over, or the same subspan */
                    xy[s] = xy[rnd(s)] + (rnd(2) ? rnd(2) : rnd(2) << 16);
            }
            uint32_t enables = rnd(3) ? 0xFFFF : rnd(0x10000);
            uint32_t m00 = s0a ? 1u << 11 : 0;
            rt_batch_generic = false;
            int ra = send(a, &ta, &t, xy, type, m00, enables, colours, ncolour);
            rt_batch_generic = true;
            int rb = send(b, &tb, &t, xy, type, m00, enables, colours, ncolour);
            rt_batch_generic = false;
            g7sf_mem_read(a, t.base, ma, REGION);
            g7sf_mem_read(b, t.base, mb, REGION);
            unsigned at = 0;
            while (at < REGION && ma[at] == mb[at])
                at++;
            if (ra != rb || at < REGION) {
                CHECKF(0, "trial %u message %u: format %#x tiling %u ss %08x %08x %08x %08x "
                       "%08x bs %08x %08x type %u enables %04x: codes %d/%d, byte %#x %02x/%02x",
                       n, m, t.format, t.ss[0] >> 13 & 3, t.ss[0], t.ss[2], t.ss[3], t.ss[4],
                       t.ss[5], t.bs[0], t.bs[1], type, enables, ra, rb, at,
                       at < REGION ? ma[at] : 0, at < REGION ? mb[at] : 0);
                failed++;
                break;
            }
        }
    }
    CHECKF(kernel > trials / 3, "only %u of %u trials had state the kernel takes", kernel, trials);
    CHECKF(messages > 4 * trials / 2, "%u messages", messages);
    g7sf_gpu_destroy(a);
    g7sf_gpu_destroy(b);
    if (old)
        setenv("G7SF_CPU", saved, 1);
    else
        unsetenv("G7SF_CPU");
}

TEST(c_kernel_writes_what_the_per_pixel_path_writes) { messages_agree("c"); }

TEST(host_kernel_writes_what_the_per_pixel_path_writes)
{
    if (!(cpu_flags_host() & CPU_AVX2))
        SKIP("no AVX2 here: the C kernel is the one");
    messages_agree(NULL);
}

/* The batch at function level against the public g7sf_rt_write of the same
 * pixels, slot by slot, as the message would give them; the C kernel and
 * this machine's by turns. */
TEST(write_batch_matches_g7sf_rt_write)
{
    g7sf_thread ta, tb;
    g7sf_gpu *a = rt_gpu(&ta), *b = rt_gpu(&tb);
    static uint8_t ma[REGION], mb[REGION];
    static rt_pipeline pipe;
    unsigned kernel = 0, trials = 2000;
    for (unsigned n = 0; n < trials; n++) {
        trial t;
        make_trial(&t, n);
        t.fresh = false;
        t.base = t.ss[1] = RT_BASE;
        for (unsigned i = 0; i < REGION; i++)
            ma[i] = (uint8_t)t_rand();
        g7sf_mem_write(a, t.base, ma, REGION);
        g7sf_mem_write(b, t.base, ma, REGION);
        g7sf_render_surface_state ss;
        g7sf_blend_state bs;
        g7sf_color_calc_state cc;
        uint32_t bdw[G7SF_BLEND_STATE_DWORDS] = { 0 };
        bdw[2 * t.index] = t.bs[0], bdw[2 * t.index + 1] = t.bs[1];
        g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, t.ss, &ss);
        g7sf_state_unpack(&g7sf_desc_BLEND_STATE, bdw, &bs);
        g7sf_state_unpack(&g7sf_desc_COLOR_CALC_STATE, t.cc, &cc);
        g7sf_rt_target rt;
        rt_place pl;
        if (g7sf_rt_target_from_state(&ss, G7SF_IVB, 0, 1, false, &rt, NULL))
            continue;
        rt_place_init(&pl, &rt);
        rt_pipeline_prepare(&pipe, G7SF_IVB, rt.fmt, &bs, t.index, &cc, 1, n % 2 ? cpu_flags_host() : 0);
        kernel += pl.ok && !pipe.err && pipe.kernel;
        rt_batch bt;
        g7sf_rt_pixel px[16];
        unsigned npx = 0;
        bt.dual = rnd(2);
        bt.lanes = rnd(3) ? 0xFFFF : rnd(0x10000);
        for (unsigned s = 0; s < 4; s++) {
            bt.x[s] = rnd(4) ? rnd(rt.s.width + 3) : (uint32_t)t_rand();
            bt.y[s] = rnd(4) ? rnd(rt.s.height + 3) : (uint32_t)t_rand();
        }
        for (unsigned j = 0; j < 16; j++) {
            for (unsigned c = 0; c < 4; c++)
                bt.src0[c][j] = colour(), bt.src1[c][j] = colour();
            bt.alpha[j] = rnd(2) ? bt.src0[3][j] : colour();
            if (!(bt.lanes >> j & 1))
                continue;
            g7sf_rt_pixel *q = &px[npx++];
            q->x = bt.x[j / 4] + (j & 1), q->y = bt.y[j / 4] + (j >> 1 & 1);
            q->cover = 1, q->alpha = bt.alpha[j];
            for (unsigned c = 0; c < 4; c++)
                q->src0.f[c] = bt.src0[c][j], q->src1.f[c] = bt.src1[c][j];
        }
        const char *why_a = NULL, *why_b = NULL;
        int ra = rt_write_batch(a, &rt, &pl, &pipe, &bt, &why_a);
        int rb = g7sf_rt_write(b, &rt, &bs, t.index, &cc, px, npx, bt.dual, &why_b);
        g7sf_mem_read(a, t.base, ma, REGION);
        g7sf_mem_read(b, t.base, mb, REGION);
        bool same_why = why_a && why_b ? !strcmp(why_a, why_b) : why_a == why_b;
        CHECKF(ra == rb && !memcmp(ma, mb, REGION) && same_why,
               "trial %u: format %#x ss %08x %08x %08x bs %08x %08x: codes %d/%d", n, t.format,
               t.ss[0], t.ss[2], t.ss[3], t.bs[0], t.bs[1], ra, rb);
        if (t_failed())
            break;
    }
    CHECKF(kernel > trials / 3, "only %u of %u trials had state the kernel takes", kernel, trials);
    g7sf_gpu_destroy(a);
    g7sf_gpu_destroy(b);
}
