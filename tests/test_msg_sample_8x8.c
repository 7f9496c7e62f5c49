/* The SIMD32/64 sample_8x8 message through g7sf_send() (§2.13.1.4; payload
 * lines 4956-5054, writeback 5338-5550), decisions in docs/spec-notes.md
 * "sample_8x8" and "AVS".  SAMPLER_STATE, SAMPLER_8x8_STATE and
 * MEDIA_SURFACE_STATE are written by hand from the PRM field positions.
 * Most cases use "linear" tables: phase b has taps 3, 4 = 64 - 2b, 2b in
 * 0X/0Y/1X/1Y, both directions' adaptive filtering bypassed at Default
 * Sharpness 255 (alpha 256, the sharp filter alone), IEF bypassed.  The
 * spec-notes blend (sharp x 256 + 2^13) >> 14 is then (x3 (32 - b) + x4 b
 * + 16) >> 5 per pass: a bilinear blend with 5-bit betas, horizontal first
 * (bil() below), and a texel exactly at a texel centre (beta 0).  Positions
 * are given in 1/32 texel from texel 0's centre (walk32); with 32x16
 * surfaces every float of the payload is exact. */
#include <math.h>
#include <string.h>

#include "gen7sf/avs.h"
#include "gen7sf/sampler.h"
#include "gen7sf/state.h"
#include "gpu_setup.h"
#include "harness.h"

#define SENT 0xDEADBEEFu
#define DYN_BASE 0x00200000u
#define DYN_SIZE 0x00010000u
#define TEX_BASE 0x00300000u
#define SMP_TABLE 0x100u       /* SAMPLER_STATE array, from the dynamic base */
#define AVS_OFF 0x1000u        /* SAMPLER_8x8_STATE */

enum { TW = 32, TH = 16, PITCH = 128, BTI = 3, SMP = 2, PS = 0x03, MEDIA = 0x0B };
enum { R, G, B, A };
enum { Y8 = 12, R8 = 11, R8B8 = 10, RGBA8 = 9, RGB10A2 = 8, YUYV = 0, NV12 = 4 };

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* ---- state ------------------------------------------------------------- */

/* sample_8x8 SAMPLER_STATE element SMP: DW0 IEF Bypass 29, ChromaKey Enable
 * 18, Index 17:16; DW1 SAMPLER_8x8_STATE pointer; DW2/DW3 the PRM defaults
 * of the IEF fields (R5c 3, R5cx 8, R5x 9, thresholds 8/1; weights 7/2/1,
 * gain 40, R3c 15, R3x 6). */
static uint32_t smp_dw[4];
static void put_smp(g7sf_gpu *gpu, bool ief_bypass, bool key, unsigned key_index, uint32_t avs)
{
    const uint32_t dw[4] = { (ief_bypass ? 1u << 29 : 0) | (key ? 1u << 18 : 0) | key_index << 16,
                             avs, 0x0D090801u, 0x721A03C6u };
    memcpy(smp_dw, dw, sizeof dw);
    g7sf_mem_write(gpu, DYN_BASE + SMP_TABLE + 16 * SMP, dw, sizeof dw);
}

/* SAMPLER_8x8_STATE: phase i at DWs 8i..8i+7 (0X taps 0-3 DW0, 4-7 DW1, 0Y
 * DW2/3, 1X taps 2, 3 DW4 23:16, 31:24 and 4, 5 DW5 7:0, 15:8, 1Y DW6/7);
 * phase 0 DW4 15 Adaptive Filter for All Channels, 14 RGB Adaptive; DW136
 * Default Sharpness 31:24, Max Derivative 4 23:16 / 8 15:8, Transition Area
 * 4 6:4 / 8 2:0; DW137 Bypass X 22, Y 21. */
static uint32_t avs_dw[138];
static uint32_t taps4(int a, int b, int c, int d)
{
    return (uint32_t)(uint8_t)a | (uint32_t)(uint8_t)b << 8 | (uint32_t)(uint8_t)c << 16 |
           (uint32_t)(uint8_t)d << 24;
}

static void linear_avs(void)
{
    memset(avs_dw, 0, sizeof avs_dw);
    for (int b = 0; b <= 16; b++) {
        uint32_t *p = avs_dw + 8 * b;
        for (int t = 0; t < 4; t++)
            p[2 * t] = taps4(0, 0, 0, 64 - 2 * b), p[2 * t + 1] = taps4(2 * b, 0, 0, 0);
    }
    avs_dw[136] = 255u << 24 | 7u << 16 | 20u << 8 | 4u << 4 | 5u;
    avs_dw[137] = 1u << 22 | 1u << 21;
}

static void put_avs(g7sf_gpu *gpu) { g7sf_mem_write(gpu, DYN_BASE + AVS_OFF, avs_dw, 4 * 138); }

/* ---- surfaces ---------------------------------------------------------- */

/* What the message must read: texel (x, y) of channel c in 16 bit Full. */
typedef struct img {
    int w, h;
    uint16_t t[4][TH][TW];
} img;

static unsigned b8(int x, int y, int c) { return (unsigned)(x * 13 + y * 37 + c * 71 + 5) & 255; }
static unsigned ten(int x, int y, int c)  /* 10-bit R, G, B; c 3: the 2-bit alpha */
{
    return c == 3 ? (unsigned)(x + 2 * y) & 3 : (unsigned)(x * 131 + y * 67 + c * 300) % 1024;
}
static uint16_t conv10(unsigned v) { return (uint16_t)((v * 0xFF00u + 511) / 1023); }

/* MEDIA_SURFACE_STATE at BTI: DW0 base; DW1 Height-1 31:18, Width-1 17:4,
 * Pixel Offset V Direction 1:0; DW2 format 31:28, Interleave Chroma 27,
 * Pitch-1 20:3; DW3 Y Offset for U(Cb) 14:0. */
static void bind(g7sf_gpu *gpu, unsigned fmt, int w, int h, unsigned voff)
{
    const uint32_t dw[8] = { TEX_BASE, (uint32_t)(h - 1) << 18 | (uint32_t)(w - 1) << 4 | voff,
                             fmt << 28 | (fmt == NV12 ? 1u << 27 : 0) | (PITCH - 1u) << 3,
                             fmt == NV12 ? (uint32_t)h : 0 };
    t_bind_state(gpu, BTI, dw);
}

/* Writes a w x h surface of fmt at TEX_BASE and what it reads as into im.
 * YUYV: Y b8(x, y, 1), pair j Cb 30 + 9j + 3y, Cr 220 - 5j - 2y.  NV12: Y
 * b8(x, y, 1), chroma (i, j) U 40 + 3i + 20j, V 200 - 5i - 16j; linear in j,
 * so the interpolated chroma of luma line y is U 40 + 3i + 20 e / 8, V 200 -
 * 5i - 16 e / 8 with e = 4y - voff clamped to the lines 0 .. h/2 - 1 in
 * eighths (0 .. 4h - 8). */
static void surface(g7sf_gpu *gpu, unsigned fmt, int w, int h, unsigned voff, img *im)
{
    static uint8_t m[TH * 3 / 2][PITCH];
    memset(m, 0, sizeof m);
    im->w = w, im->h = h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint16_t v[4] = { 0, 0, 0, 0xFF00 };
            uint8_t *p = &m[y][x];
            switch (fmt) {
            case Y8: case R8:
                *p = (uint8_t)b8(x, y, 0), v[fmt == Y8 ? G : R] = (uint16_t)(*p << 8);
                break;
            case R8B8:
                p = &m[y][2 * x], p[0] = (uint8_t)b8(x, y, 0), p[1] = (uint8_t)b8(x, y, 2);
                v[R] = (uint16_t)(p[0] << 8), v[B] = (uint16_t)(p[1] << 8);
                break;
            case RGBA8:
                for (int c = 0; c < 4; c++)
                    m[y][4 * x + c] = (uint8_t)b8(x, y, c), v[c] = (uint16_t)(b8(x, y, c) << 8);
                break;
            case RGB10A2: {
                uint32_t d = ten(x, y, 0) | ten(x, y, 1) << 10 | ten(x, y, 2) << 20 |
                             ten(x, y, 3) << 30;
                memcpy(&m[y][4 * x], &d, 4);
                for (int c = 0; c < 3; c++)
                    v[c] = conv10(ten(x, y, c));
                v[A] = (uint16_t)(ten(x, y, 3) * 0xFF00u / 3);
                break;
            }
            case YUYV: {
                int j = x / 2;
                uint8_t *q = &m[y][4 * j];
                q[2 * (x & 1)] = (uint8_t)b8(x, y, 1);
                q[1] = (uint8_t)(30 + 9 * j + 3 * y), q[3] = (uint8_t)(220 - 5 * j - 2 * y);
                v[R] = (uint16_t)(q[3] << 8), v[G] = (uint16_t)(b8(x, y, 1) << 8);
                v[B] = (uint16_t)(q[1] << 8);
                break;
            }
            case NV12: {
                int i = x / 2, e = 4 * y - (int)voff;
                e = e < 0 ? 0 : e > 4 * h - 8 ? 4 * h - 8 : e;
                *p = (uint8_t)b8(x, y, 1);
                v[R] = (uint16_t)((200 - 5 * i - 2 * e) << 8), v[G] = (uint16_t)(*p << 8);
                v[B] = (uint16_t)((40 + 3 * i) * 256 + 20 * e * 32);
                if (y < h / 2 && x < w / 2)
                    m[h + y][2 * x] = (uint8_t)(40 + 3 * x + 20 * y),
                    m[h + y][2 * x + 1] = (uint8_t)(200 - 5 * x - 16 * y);
                break;
            }
            }
            for (int c = 0; c < 4; c++)
                im->t[c][y][x] = v[c];
        }
    g7sf_mem_write(gpu, TEX_BASE, m, sizeof m);
    bind(gpu, fmt, w, h, voff);
}

/* A gpu, the thread (sampler state pointer SMP_TABLE), IEF bypassed, linear
 * tables and a surface. */
static g7sf_gpu *setup(g7sf_thread *thr, unsigned fmt, int w, int h, unsigned voff, img *im)
{
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYN_BASE, DYN_BASE + DYN_SIZE);
    thr->sampler_state = SMP_TABLE;
    put_smp(gpu, true, false, 0, AVS_OFF);
    linear_avs();
    put_avs(gpu);
    surface(gpu, fmt, w, h, voff, im);
    return gpu;
}

/* ---- the message ------------------------------------------------------- */

/* Positions in 1/32 texel from texel 0's centre: pixel (x, y) at
 * u0 + du x + ddu x (x - 1) / 2, v0 + dv (8 vbn + y). */
typedef struct walk32 { int u0, v0, du, dv, ddu; unsigned vbn; } walk32;

typedef struct msg {
    bool media, header;
    unsigned mask;              /* M0.2 15:12, bit c set: channel c not returned */
    int mlen, rlen;             /* -1: the right one */
    float u0, v0, du, dv, ddu;
    unsigned vbn;
} msg;

static msg msg_of(bool media, bool header, const walk32 *k, const img *im)
{
    float sw = 32.0f * (float)im->w, sh = 32.0f * (float)im->h;
    return (msg){ media, header, 0, -1, -1, (float)(k->u0 + 16) / sw, (float)(k->v0 + 16) / sh,
                  (float)k->du / sw, (float)k->dv / sh, (float)k->ddu / sw, k->vbn };
}

static uint32_t desc32(unsigned mlen, unsigned rlen, bool header, unsigned type)
{
    return mlen << 25 | rlen << 20 | (header ? 1u << 19 : 0) | 3u << 17 | type << 12 |
           (unsigned)SMP << 8 | BTI;
}

static unsigned unmasked(unsigned mask) { return 4 - (unsigned)__builtin_popcount(mask & 15); }

/* Sends m; the 17 writeback registers are SENT first.  Pixel shader: M1.0
 * dU, M1.1 U2nd, M1.2 U0, M1.5 dV, M1.6 V0; media: M1.1 VBN, M1.2 U0, M1.3
 * V0, M1.4 dU, M1.5 dV, M1.6 U2nd, M1.7 Group ID; NaNs in the ignored DWs. */
static int send(g7sf_gpu *gpu, const g7sf_thread *thr, const msg *m, g7sf_reg w[17])
{
    g7sf_reg p[2];
    memset(p, 0, sizeof p);
    p[0].ud[2] = m->mask << 12, p[0].ud[3] = SMP_TABLE;
    for (int d = 0; d < 8; d++)
        p[1].ud[d] = 0x7FC00000u + (unsigned)d;
    uint32_t *q = p[1].ud;
    if (m->media) {
        q[1] = m->vbn, q[2] = fbits(m->u0), q[3] = fbits(m->v0), q[4] = fbits(m->du);
        q[5] = fbits(m->dv), q[6] = fbits(m->ddu), q[7] = 0x1234;
    } else {
        q[0] = fbits(m->du), q[1] = fbits(m->ddu), q[2] = fbits(m->u0), q[5] = fbits(m->dv);
        q[6] = fbits(m->v0);
    }
    for (int r = 0; r < 17; r++)
        for (int d = 0; d < 8; d++)
            w[r].ud[d] = SENT;
    unsigned mlen = m->mlen >= 0 ? (unsigned)m->mlen : m->header ? 2u : 1u;
    unsigned rlen = m->rlen >= 0 ? (unsigned)m->rlen : 4u * unmasked(m->mask);
    return t_send(gpu, thr, G7SF_SFID_SAMPLER, desc32(mlen, rlen, m->header, m->media ? MEDIA : PS),
                  0, m->header ? p : &p[1], w);
}

/* Pixel (x, y) of the k-th returned channel: register 4k + y, DWord x / 2. */
static unsigned got(const g7sf_reg *w, int k, int x, int y)
{ return w[4 * k + y].ud[x / 2] >> (16 * (x & 1)) & 0xFFFF; }

static int floor32(int p) { return p >= 0 ? p / 32 : -((31 - p) / 32); }
static int clampi(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

/* The linear tables' result at (pu, pv) in 1/32 texel: per row of the pair
 * (x3 (32 - bu) + x4 bu + 16) >> 5, then the same down the two rows;
 * texels clamped to the surface. */
static unsigned bil(const img *im, int c, int pu, int pv)
{
    int i = floor32(pu), bu = pu - 32 * i, j = floor32(pv), bv = pv - 32 * j, hr[2];
    for (int r = 0; r < 2; r++) {
        const uint16_t *row = im->t[c][clampi(j + r, im->h - 1)];
        hr[r] = (row[clampi(i, im->w - 1)] * (32 - bu) + row[clampi(i + 1, im->w - 1)] * bu +
                 16) >> 5;
    }
    return (unsigned)((hr[0] * (32 - bv) + hr[1] * bv + 16) >> 5);
}

/* Checks every returned channel against bil(); the count of bad values. */
static int check(const g7sf_reg *w, const img *im, const walk32 *k, unsigned mask)
{
    int bad = 0, n = 0;
    for (int c = 0; c < 4; c++) {
        if (mask >> c & 1)
            continue;
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 16; x++) {
                unsigned e = bil(im, c, k->u0 + k->du * x + k->ddu * x * (x - 1) / 2,
                                 k->v0 + k->dv * (8 * (int)k->vbn + y)),
                         g = got(w, n, x, y);
                if (e != g && !bad++)
                    t_fail(__FILE__, __LINE__, "channel %d pixel (%d, %d): 0x%04x, expected "
                           "0x%04x", c, x, y, g, e);
            }
        n++;
    }
    for (int d = 0; d < 8; d++)     /* nothing past the response */
        bad += w[4 * n].ud[d] != SENT;
    return bad;
}

/* ---- layouts and writeback --------------------------------------------- */

TEST(both_layouts_with_and_without_header)
{
    g7sf_thread thr;
    img im;
    g7sf_gpu *gpu = setup(&thr, RGBA8, TW, TH, 0, &im);
    /* identity: pixel (x, y) on texel (3 + x, 5 + y)'s centre */
    const walk32 id = { 96, 160, 32, 32, 0, 0 };
    /* a blend: u 3.25 + x (beta 8), v 5.5 + y (beta 16) */
    const walk32 bl = { 104, 176, 32, 32, 0, 0 };
    for (int media = 0; media < 2; media++)
        for (int header = 0; header < 2; header++) {
            /* with a header M0.3 is the sampler state pointer, not the thread's */
            thr.sampler_state = header ? 0x3000 : SMP_TABLE;
            g7sf_reg w[17];
            msg m = msg_of(media, header, &id, &im);
            CHECK_EQ(send(gpu, &thr, &m, w), 0);
            CHECK_EQ(check(w, &im, &id, 0), 0);
            /* by hand: R of texel (3, 5) = (39 + 185 + 5) & 255 = 229, at
             * W0.0 15:0; G of (4, 5) = 229 + 13 + 71 = 313 & 255 = 57 at
             * W4.0 31:16 */
            CHECK_EQ(w[0].ud[0] & 0xFFFF, 229u << 8);
            CHECK_EQ(w[4].ud[0] >> 16, 57u << 8);
            m = msg_of(media, header, &bl, &im);
            CHECK_EQ(send(gpu, &thr, &m, w), 0);
            CHECK_EQ(check(w, &im, &bl, 0), 0);
            /* by hand, R of pixel (0, 0): texels (3, 5) 229, (4, 5) 242,
             * (3, 6) 10, (4, 6) 23: rows 8 (229 x 24 + 242 x 8) = 59456 and
             * 8 (10 x 24 + 23 x 8) = 3392; (59456 x 16 + 3392 x 16 + 16) >> 5
             * = 31424 */
            CHECK_EQ(w[0].ud[0] & 0xFFFF, 31424);
        }
    g7sf_gpu_destroy(gpu);
}

/* ---- channel masks ----------------------------------------------------- */

TEST(masked_channels_are_dropped_from_the_response)
{
    g7sf_thread thr;
    img im;
    g7sf_gpu *gpu = setup(&thr, RGBA8, TW, TH, 0, &im);
    const walk32 k = { 40, 80, 32, 32, 0, 0 };
    g7sf_reg w[17];
    static const unsigned masks[] = { 0x5, 0x1, 0x8, 0xE, 0x7 };
    for (int i = 0; i < 5; i++) {
        msg m = msg_of(true, true, &k, &im);
        m.mask = masks[i];
        CHECK_EQ(send(gpu, &thr, &m, w), 0);
        CHECKF(check(w, &im, &k, masks[i]) == 0, "mask 0x%x", masks[i]);
    }
    /* R and B masked: rlen 8, G in W0-W3, A in W4-W7; pixel 0 on texel
     * (1, 2): G 13 + 74 + 71 + 5 = 163, A 13 + 74 + 213 + 5 = 305 & 255 = 49 */
    const walk32 id = { 32, 64, 32, 32, 0, 0 };
    msg m = msg_of(true, true, &id, &im);
    m.mask = 0x5;
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK(got(w, 0, 0, 0) == 163u << 8 && got(w, 1, 0, 0) == 49u << 8 && w[8].ud[0] == SENT);
    g7sf_gpu_destroy(gpu);
}

/* ---- formats ----------------------------------------------------------- */

TEST(formats_and_channel_mapping)
{
    static const unsigned fmts[] = { Y8, R8, R8B8, RGBA8, RGB10A2, YUYV };
    const walk32 id = { 224, 96, 32, 32, 0, 0 }, bl = { 232, 116, 32, 32, 0, 0 };
    for (int f = 0; f < 6; f++) {
        g7sf_thread thr;
        img im;
        g7sf_gpu *gpu = setup(&thr, fmts[f], TW, TH, 0, &im);
        g7sf_reg w[17];
        for (int pass = 0; pass < 2; pass++) {
            msg m = msg_of(true, true, pass ? &bl : &id, &im);
            CHECKF(send(gpu, &thr, &m, w) == 0, "format %u", fmts[f]);
            CHECKF(check(w, &im, pass ? &bl : &id, 0) == 0, "format %u pass %d", fmts[f], pass);
        }
        /* hand values at pixel (0, 0) = texel (7, 3): b8 = 91 + 111 + 5 = 207 */
        msg m = msg_of(true, true, &id, &im);
        send(gpu, &thr, &m, w);
        unsigned r = got(w, 0, 0, 0), g = got(w, 1, 0, 0), b = got(w, 2, 0, 0), a = got(w, 3, 0, 0);
        switch (fmts[f]) {
        case Y8:   CHECK(r == 0 && g == 207u << 8 && b == 0 && a == 0xFF00); break;
        case R8:   CHECK(r == 207u << 8 && g == 0 && b == 0 && a == 0xFF00); break;
        /* byte 1: b8(7, 3, 2) = 207 + 142 = 349 & 255 = 93 */
        case R8B8: CHECK(r == 207u << 8 && g == 0 && b == 93u << 8 && a == 0xFF00); break;
        /* 10-bit (7, 3): R 917 + 201 = 1118 % 1024 = 94, G 394, B 694; A
         * (7 + 6) & 3 = 1.  94 x 0xFF00 + 511 = 6136831, / 1023 = 5998;
         * 394: 25720831 / 1023 = 25142; 694: 45304831 / 1023 = 44286;
         * alpha 0xFF00 / 3 = 0x5500 */
        case RGB10A2: CHECK(r == 5998 && g == 25142 && b == 44286 && a == 0x5500); break;
        /* YUYV (7, 3): Y 207 + 71 = 278 & 255 = 22, pair 3: Cb 30 + 27 + 9 =
         * 66, Cr 220 - 15 - 6 = 199 */
        case YUYV: CHECK(r == 199u << 8 && g == 22u << 8 && b == 66u << 8 && a == 0xFF00); break;
        default: break;
        }
        if (fmts[f] == YUYV)   /* pixel 1 = texel 8, pair 4: Cb 75, Cr 194 */
            CHECK(got(w, 2, 1, 0) == 75u << 8 && got(w, 0, 1, 0) == 194u << 8);
        g7sf_gpu_destroy(gpu);
    }
}

/* NV12: chroma lines interpolated at luma line y, position (y - voff / 4) / 2
 * in eighths (surface() gives the closed form for this linear chroma). */
TEST(nv12_chroma_lines_at_the_pixel_offset)
{
    for (unsigned voff = 0; voff <= 2; voff += 2) {
        g7sf_thread thr;
        img im;
        g7sf_gpu *gpu = setup(&thr, NV12, TW, TH, voff, &im);
        g7sf_reg w[17];
        /* rows 0-3, then 12-15 (the bottom clamps at chroma line 7) */
        for (int v0 = 0; v0 <= 12; v0 += 12) {
            const walk32 k = { 32 * 8, 32 * v0, 32, 32, 0, 0 };
            msg m = msg_of(true, true, &k, &im);
            CHECK_EQ(send(gpu, &thr, &m, w), 0);
            CHECKF(check(w, &im, &k, 0) == 0, "voff %u, rows from %d", voff, v0);
            /* pixel 0: luma column 8, chroma column 4: U 52 + 20 pos, V 180 -
             * 16 pos at chroma line pos.  By hand, voff 0: row 1 between lines
             * 0 and 1, U (52 + 72) / 2 = 62; voff 2 (half a luma line down):
             * row 1 at line 1/4, U 52 + 20 / 4 = 57; rows 0 and 15 clamp at
             * lines 0 and 7.  [voff / 2][U, V][rows 0-3, 12-15] */
            static const int want[2][2][8] = {
                { { 52, 62, 72, 82, 172, 182, 192, 192 }, { 180, 172, 164, 156, 84, 76, 68, 68 } },
                { { 52, 57, 67, 77, 167, 177, 187, 192 }, { 180, 176, 168, 160, 88, 80, 72, 68 } },
            };
            for (int y = 0; y < 4; y++) {
                const int *u = want[voff / 2][0], *v = want[voff / 2][1], i = v0 / 3 + y;
                CHECKF(got(w, 2, 0, y) == (unsigned)u[i] << 8 &&
                       got(w, 0, 0, y) == (unsigned)v[i] << 8 && got(w, 3, 0, y) == 0xFF00,
                       "voff %u row %d: Cr 0x%x Cb 0x%x", voff, v0 + y, got(w, 0, 0, y),
                       got(w, 2, 0, y));
            }
        }
        g7sf_gpu_destroy(gpu);
    }
}

/* ---- walk -------------------------------------------------------------- */

TEST(vertical_block_number_u_second_derivative_negative_du)
{
    g7sf_thread thr;
    img im;
    g7sf_gpu *gpu = setup(&thr, RGBA8, TW, TH, 0, &im);
    g7sf_reg w[17];
    /* VBN 1: rows 8 + y (dV 1 texel); dV half a texel: rows 4.25 + y / 2 */
    const walk32 k1 = { 32, 0, 32, 32, 0, 1 }, k2 = { 32, 8, 32, 16, 0, 1 };
    msg m = msg_of(true, true, &k1, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK_EQ(check(w, &im, &k1, 0), 0);
    CHECK_EQ(got(w, 0, 0, 0), b8(1, 8, 0) << 8);
    m = msg_of(true, true, &k2, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK_EQ(check(w, &im, &k2, 0), 0);
    /* U2nd 1/16 texel: pixel x at x + x (x - 1) / 32 texels; pixel 15: 21
     * + 18/32 (beta 18, the phase 14 mirrored); both layouts; and the
     * extremes (64 - 2) / 35 texels (56/32) and -1/18 texel (-1/32 within) */
    static const int ddus[] = { 2, 56, -1 };
    for (int media = 0; media < 2; media++)
        for (int d = 0; d < 3; d++) {
            const walk32 k = { 0, 32, 32, 32, ddus[d], 0 };
            m = msg_of(media, true, &k, &im);
            CHECKF(send(gpu, &thr, &m, w) == 0, "ddu %d/32", ddus[d]);
            CHECKF(check(w, &im, &k, 0) == 0, "ddu %d/32 media %d", ddus[d], media);
        }
    /* the pixel shader layout takes a negative dU (the media one may not);
     * the U2nd bound (64 - 2 |du|) / 35 >= ddu >= -|du| / 18, in texels with
     * |du| as spec-notes reads it: for du -1, ddu 0 and 2/32 are inside,
     * -2/32 (below -1/18) outside */
    const walk32 kb = { 32 * 20 + 8, 64, -32, 32, 2, 0 }, kb0 = { 32 * 20, 64, -32, 32, 0, 0 };
    const walk32 kbn = { 32 * 20, 64, -32, 32, -2, 0 };
    m = msg_of(false, true, &kb, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK_EQ(check(w, &im, &kb, 0), 0);
    m = msg_of(false, true, &kb0, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK_EQ(check(w, &im, &kb0, 0), 0);
    m = msg_of(false, true, &kbn, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), G7SF_EPAYLOAD);
    g7sf_gpu_destroy(gpu);
}

TEST(clamp_at_the_right_and_bottom_edges)
{
    g7sf_thread thr;
    img im;
    g7sf_gpu *gpu = setup(&thr, RGBA8, TW, TH, 0, &im);
    g7sf_reg w[17];
    /* u 26.5 + x: pixels 5.. read texel 31 only; v 13.25 + y */
    const walk32 k = { 32 * 26 + 16, 32 * 13 + 8, 32, 32, 0, 0 };
    msg m = msg_of(true, true, &k, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK_EQ(check(w, &im, &k, 0), 0);
    /* by hand, pixel (15, 3): texel (31, 15) alone, R b8 = 403 + 555 + 5
     * = 963 & 255 = 195 */
    CHECK_EQ(got(w, 0, 15, 3), 195u << 8);
    g7sf_gpu_destroy(gpu);
    /* a 4-wide Y8 surface (the smallest allowed) */
    gpu = setup(&thr, Y8, 4, TH, 0, &im);
    const walk32 k4 = { 32 * 1, 0, 32, 32, 0, 0 };
    m = msg_of(false, true, &k4, &im);
    CHECK_EQ(send(gpu, &thr, &m, w), 0);
    CHECK_EQ(check(w, &im, &k4, 0), 0);
    CHECK_EQ(got(w, 1, 15, 0), b8(3, 0, 0) << 8);
    g7sf_gpu_destroy(gpu);
}

/* ---- chroma key -------------------------------------------------------- */

static void chroma_key(g7sf_gpu *gpu, unsigned index, uint32_t lo, uint32_t hi)
{
    uint32_t cmd[4] = { 0x79000000u | 0x04u << 16 | 2u, index << 30, lo, hi };
    CHECK_EQ(g7sf_sampler_command(gpu, cmd, 4), 0);
}

TEST(chroma_key_replaces_keyed_texels_with_black)
{
    /* key 2: G (bits 15:8) in [0, 0x40], anything else; key 1: R (23:16) */
    static const uint32_t hi[2] = { 0xFFFF40FFu, 0xFF40FFFFu };
    static const int chan[2] = { G, R };
    for (int k = 0; k < 2; k++) {
        g7sf_thread thr;
        img im;
        g7sf_gpu *gpu = setup(&thr, RGBA8, TW, TH, 0, &im);
        chroma_key(gpu, 2 - (unsigned)k, 0, hi[k]);
        chroma_key(gpu, 1 + (unsigned)k, 0xFFFFFFFFu, 0xFFFFFFFFu);   /* the other: none */
        put_smp(gpu, true, true, 2 - (unsigned)k, AVS_OFF);
        img keyed = im;
        int n = 0;
        for (int y = 0; y < TH; y++)
            for (int x = 0; x < TW; x++)
                if (im.t[chan[k]][y][x] <= 0x40FF)
                    for (int c = 0; c < 4; c++)
                        keyed.t[c][y][x] = 0;
        g7sf_reg w[17];
        const walk32 id = { 0, 0, 32, 32, 0, 0 }, bl = { 16, 16, 32, 32, 0, 0 };
        msg m = msg_of(true, true, &id, &im);
        CHECK_EQ(send(gpu, &thr, &m, w), 0);
        CHECK_EQ(check(w, &keyed, &id, 0), 0);
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 16; x++)
                if (b8(x, y, chan[k]) <= 0x40) {
                    n++;
                    for (int c = 0; c < 4; c++)
                        CHECKF(got(w, c, x, y) == 0, "key %d (%d, %d) channel %d", k, x, y, c);
                }
        CHECKF(n > 3, "only %d keyed pixels", n);
        m = msg_of(true, true, &bl, &im);
        CHECK_EQ(send(gpu, &thr, &m, w), 0);
        CHECK_EQ(check(w, &keyed, &bl, 0), 0);
        g7sf_gpu_destroy(gpu);
    }
}

/* ---- errors ------------------------------------------------------------ */

/* A good message with one thing changed by `how`; the code.  Nothing is
 * written back on an error. */
static int bad_send(int how)
{
    g7sf_thread thr;
    img im;
    unsigned fmt = how >= 14 && how <= 16 ? (unsigned)how - 9 : how == 20 ? RGB10A2 : RGBA8;
    g7sf_gpu *gpu = setup(&thr, fmt, how == 17 ? 3 : how == 27 ? 4 : TW, TH, 0, &im);
    const walk32 k = { 0, 0, 32, 32, 0, 0 };
    msg m = msg_of(true, true, &k, &im);
    switch (how) {
    case 0: m.du = -1.0f / TW; break;
    case 1: m.dv = -1.0f / TH; break;
    case 2: m.media = false, m.u0 = NAN; break;
    case 3: m.dv = INFINITY; break;
    case 4: m.media = false, m.ddu = NAN; break;
    case 5: m.du = 16.0f / TW; break;
    case 6: m.dv = 16.0f / TH; break;
    case 7: m.ddu = 57.0f / 32 / TW; break;          /* > (64 - 2) / 35 texels */
    case 8: m.ddu = -2.0f / 32 / TW; break;          /* < -1/18 texel */
    case 9: m.vbn = 512; break;
    case 10: m.mask = 0xF, m.rlen = 0; break;
    case 11: m.mask = 0x5, m.rlen = 12; break;
    case 12: m.mask = 0x1, m.rlen = 16; break;
    case 13: m.mask = 0x2; put_smp(gpu, false, false, 0, AVS_OFF); break;
    /* 14-16: Surface Format 5, 6, 7; 17: Width + 1 = 3 (set up above) */
    case 18: avs_dw[0] |= 1; put_avs(gpu); break;                  /* phase 0, 0X tap 0 */
    case 19: avs_dw[8 * 9] |= 0xFF00; put_avs(gpu); break;         /* phase 9, 0X tap 1 */
    case 20: avs_dw[0] |= 0x0100; put_avs(gpu); break;             /* R10G10B10A2 */
    case 21: m.mlen = 3; break;
    case 22: m.header = false, m.mlen = 2; break;
    case 23: put_smp(gpu, true, false, 0, DYN_SIZE - 0x20); break; /* 552 bytes past the bound */
    case 24: thr.sampler_state = DYN_SIZE - 0x20, m.header = false; break;
    /* not errors: the same limits just inside, 0X taps 0/1 on Y8 */
    case 25: m.du = 15.96875f / TW, m.ddu = 0; break;
    case 26: m.vbn = 511; break;
    case 27: break;                                                /* width 4 */
    case 28: avs_dw[0] |= 1; put_avs(gpu); surface(gpu, Y8, TW, TH, 0, &im); break;
    default: break;
    }
    g7sf_reg w[17];
    int r = send(gpu, &thr, &m, w);
    for (int i = 0; i < 17 && r; i++)
        for (int d = 0; d < 8; d++)
            CHECKF(w[i].ud[d] == SENT, "case %d: W%d.%d written", how, i, d);
    CHECKF(g7sf_last_error(gpu, NULL) == r, "case %d: latched", how);
    g7sf_gpu_destroy(gpu);
    return r;
}

TEST(restrictions_are_errors)
{
    static const int want[] = {
        G7SF_EPAYLOAD, G7SF_EPAYLOAD, G7SF_EPAYLOAD, G7SF_EPAYLOAD, G7SF_EPAYLOAD,   /* 0-4 */
        G7SF_EPAYLOAD, G7SF_EPAYLOAD, G7SF_EPAYLOAD, G7SF_EPAYLOAD, G7SF_EPAYLOAD,   /* 5-9 */
        G7SF_EPAYLOAD, G7SF_ERLEN, G7SF_ERLEN, G7SF_ESTATE,                          /* 10-13 */
        G7SF_ESTATE, G7SF_ESTATE, G7SF_ESTATE, G7SF_ESTATE,                          /* 14-17 */
        G7SF_ESTATE, G7SF_ESTATE, G7SF_ESTATE, G7SF_EMLEN, G7SF_EMLEN,               /* 18-22 */
        G7SF_EFAULT, G7SF_EFAULT, 0, 0, 0, 0,                                        /* 23-28 */
    };
    for (int how = 0; how < (int)(sizeof want / sizeof want[0]); how++) {
        int r = bad_send(how);
        CHECKF(r == want[how], "case %d: %d, want %d", how, r, want[how]);
    }
}

/* ---- the message against the function layer ---------------------------- */

/* Adaptive tables (both directions classify, RGB Adaptive, all channels):
 * the message against g7sf_avs_block on the same texels as channel planes.
 * This case uses the library as its reference on purpose: it checks the
 * message layer's plumbing (positions, state, texel reads, IEF margins,
 * packing), not the filter, which test_avs checks by hand. */
TEST(adaptive_block_equals_the_function_layer)
{
    g7sf_thread thr;
    img im;
    g7sf_gpu *gpu = setup(&thr, RGBA8, TW, TH, 0, &im);
    uint8_t tex[TH][TW][4];
    for (int y = 0; y < TH; y++)
        for (int x = 0; x < TW; x++)
            for (int c = 0; c < 4; c++) {
                unsigned v = (unsigned)t_rand() & 255;
                if (c == G)
                    v = (x + y / 3) % 9 < 4 ? 20 + v % 12 : 210 + v % 40;   /* edges */
                tex[y][x][c] = (uint8_t)v, im.t[c][y][x] = (uint16_t)(v << 8);
            }
    g7sf_mem_write(gpu, TEX_BASE, tex, sizeof tex);
    bind(gpu, RGBA8, TW, TH, 0);
    memset(avs_dw, 0, sizeof avs_dw);
    for (int b = 0; b <= 16; b++) {
        uint32_t *p = avs_dw + 8 * b;
        int e = b % 5, f = b % 3, g = b & 3, h = b & 1;
        p[0] = taps4(0, 0, -e, 64 - 2 * b + e + f), p[1] = taps4(2 * b, -f, 0, 0);
        p[2] = taps4(0, -g, 0, 64 - 2 * b + g + h), p[3] = taps4(2 * b, 0, -h, 0);
        p[4] = taps4(0, 0, -f, 64 - 2 * b + f), p[5] = taps4(2 * b, 0, 0, 0);
        p[6] = taps4(0, 0, -h, 64 - 2 * b + h), p[7] = taps4(2 * b, 0, 0, 0);
    }
    avs_dw[4] |= 1u << 15 | 1u << 14;
    avs_dw[136] = 128u << 24 | 7u << 16 | 20u << 8 | 4u << 4 | 5u;
    put_avs(gpu);
    g7sf_sampler_8x8_state avs;
    g7sf_state_unpack(&g7sf_desc_SAMPLER_8x8_STATE, avs_dw, &avs);
    g7sf_avs_image src = { { im.t[R][0], im.t[G][0], im.t[B][0], im.t[A][0] }, { 0, 0, 0, 0 },
                           TW, TW, TH, true };
    const walk32 k = { 37, 20, 45, 40, 1, 0 };
    for (int ief = 0; ief < 2; ief++)
        for (int media = 0; media < 2; media++) {
            put_smp(gpu, !ief, false, 0, AVS_OFF);
            g7sf_sampler_state_8x8 smp;
            g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_8X8, smp_dw, &smp);
            msg m = msg_of(media, true, &k, &im);
            g7sf_reg w[17];
            CHECK_EQ(send(gpu, &thr, &m, w), 0);
            uint16_t ref[4][4 * 16];
            uint16_t *out[4] = { ref[0], ref[1], ref[2], ref[3] };
            g7sf_avs_walk wk = { m.u0, m.v0, m.du, m.dv, m.ddu, 0 };
            CHECK_EQ(g7sf_avs_block(&avs, &smp, &src, &wk, 16, 4, out, 16, NULL), 0);
            int bad = 0, differs = 0;
            for (int c = 0; c < 4; c++)
                for (int p = 0; p < 64; p++) {
                    unsigned g = got(w, c, p % 16, p / 16);
                    differs += ref[c][p] != bil(&im, c, k.u0 + k.du * (p % 16) +
                                                k.ddu * (p % 16) * (p % 16 - 1) / 2,
                                                k.v0 + k.dv * (p / 16));
                    if (g != ref[c][p] && !bad++)
                        t_fail(__FILE__, __LINE__, "ief %d media %d channel %d pixel %d: 0x%04x, "
                               "function layer 0x%04x", ief, media, c, p, g, ref[c][p]);
                }
            CHECK_EQ(bad, 0);
            CHECKF(differs > 0, "the adaptive tables gave the bilinear result everywhere");
        }
    g7sf_gpu_destroy(gpu);
}
