/* The SIMD32/64 sample_unorm, sample_unorm+killpix and cache_flush
 * messages through g7sf_send() (§2.13.1.4, lines 4783-4801; payloads lines
 * 4958-5054; writeback §2.13.2.4, lines 5147-5185 and 5326-5336).  State,
 * binding table and texture are laid out by hand from the PRM's field
 * positions; every expected writeback is computed here from the texel
 * values: a texel t of an 8-bit channel is t * 256 in "16 bit Full"
 * (0xFF00 is 1.0), the halfway blend of t0 and t1 is (t0 + t1) * 128. */
#include <math.h>
#include <string.h>

#include "gen7sf/sampler.h"
#include "gen7sf/state.h"
#include "gpu_setup.h"
#include "harness.h"

#define SENT 0xDEADBEEFu
#define DYN_BASE 0x00200000u
#define DYN_BOUND 0x00210000u
#define TEX_BASE 0x00300000u

enum { TW = 16, TH = 8, BTI = 1, SMP = 2 };
enum { PS = 0x00, PS_KILL = 0x02, MEDIA_KILL = 0x0A, MEDIA = 0x0C, FLUSH = 0x1F };

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Descriptor of a SIMD32/64 (mode 3) message. */
static uint32_t desc32(unsigned mlen, unsigned rlen, bool header, unsigned type)
{
    return mlen << 25 | rlen << 20 | (header ? 1u << 19 : 0) | 3u << 17 | type << 12 |
           (unsigned)SMP << 8 | BTI;
}

/* Texel (x, y) of the 16x8 B8G8R8A8_UNORM texture: red 16x + y, green
 * 255 - red, blue 3y + 100, alpha 10x + 5 (all distinct per texel in red). */
static unsigned texel(int x, int y, int ch)
{
    int r = 16 * x + y;
    int v[4] = { r, 255 - r, 3 * y + 100, 10 * x + 5 };
    return (unsigned)v[ch];
}

/* SAMPLER_STATE entry SMP of the table at 0x100: DW0 Mag 19:17, Min 16:14,
 * Mip 21:20; DW2 border colour at 0x800; DW3 ChromaKey Enable 25 and Mode
 * 22, TCX 8:6, TCY 5:3, TCZ 2:0. */
static void sampler(g7sf_gpu *gpu, unsigned mag, unsigned min, unsigned mip, unsigned address,
                    bool key)
{
    uint32_t st[4] = { mip << 20 | mag << 17 | min << 14, 0, 0x800,
                       (key ? 1u << 25 : 0) | address << 6 | address << 3 | address };
    g7sf_mem_write(gpu, DYN_BASE + 0x100 + 16 * SMP, st, sizeof st);
}

/* RENDER_SURFACE_STATE at BTI: DW0 type 31:29, format 26:18; DW1 base;
 * DW2 height - 1 29:16, width - 1 13:0; DW3 depth - 1 31:21, pitch - 1;
 * DW5 MIP Count 3:0. */
static void bind(g7sf_gpu *gpu, unsigned type, unsigned format, unsigned depth, unsigned mips)
{
    uint32_t dw[8] = { type << 29 | format << 18, TEX_BASE, (TH - 1u) << 16 | (TW - 1u),
                       (depth - 1) << 21 | (4 * TW - 1), 0, mips };
    t_bind_state(gpu, BTI, dw);
}

static g7sf_gpu *setup(g7sf_thread *thr)
{
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYN_BASE, DYN_BOUND);
    thr->sampler_state = 0x100;
    uint8_t t[TH][TW][4];
    for (int y = 0; y < TH; y++)
        for (int x = 0; x < TW; x++) {
            /* B, G, R, A in memory */
            t[y][x][0] = (uint8_t)texel(x, y, 2), t[y][x][1] = (uint8_t)texel(x, y, 1);
            t[y][x][2] = (uint8_t)texel(x, y, 0), t[y][x][3] = (uint8_t)texel(x, y, 3);
        }
    g7sf_mem_write(gpu, TEX_BASE, t, sizeof t);
    bind(gpu, 1, G7SF_FORMAT_B8G8R8A8_UNORM, 1, 0);
    sampler(gpu, 0, 0, 0, 2, false);    /* NEAREST, MIPFILTER_NONE, CLAMP */
    return gpu;
}

/* The payload after the header: U0, V0, ΔU, ΔV where the layout puts them
 * (pixel shader M1.2, M1.6, M1.0, M1.5; media M1.2, M1.3, M1.4, M1.5); the
 * other DWords hold garbage the message must ignore. */
static void payload(g7sf_reg p[2], bool media, float u0, float v0, float du, float dv)
{
    for (int d = 0; d < 8; d++)
        p[0].ud[d] = 0, p[1].ud[d] = 0x7FC00000u + (unsigned)d;   /* NaNs where ignored */
    p[0].ud[3] = 0x100;
    p[1].ud[2] = fbits(u0);
    p[1].ud[media ? 3 : 6] = fbits(v0);
    p[1].ud[media ? 4 : 0] = fbits(du);
    p[1].ud[5] = fbits(dv);
}

static void fill(g7sf_reg *w, int n)
{
    for (int r = 0; r < n; r++)
        for (int d = 0; d < 8; d++)
            w[r].ud[d] = SENT;
}

/* One message of type with a header: the payload of payload(), the
 * writeback (rlen registers) filled with SENT first; the code. */
static int send32(g7sf_gpu *gpu, const g7sf_thread *thr, unsigned type, unsigned rlen, float u0,
                  float v0, float du, float dv, g7sf_reg *w)
{
    g7sf_reg p[2];
    payload(p, type == MEDIA || type == MEDIA_KILL, u0, v0, du, dv);
    fill(w, (int)rlen);
    return t_send(gpu, thr, G7SF_SFID_SAMPLER, desc32(2, rlen, true, type), 0, p, w);
}

/* The 16-bit value of channel ch of pixel p in the writeback: registers
 * 2ch (pixels 0-15) and 2ch + 1, DWord i with pixel 2i low, 2i + 1 high. */
static unsigned got16(const g7sf_reg *w, int ch, int p)
{
    uint32_t d = w[2 * ch + p / 16].ud[p % 16 / 2];
    return p % 2 ? d >> 16 : d & 0xFFFF;
}

/* Checks every pixel p = 8y + x against want(x, y, ch); the count of bad
 * values. */
static int compare(const g7sf_reg *w, unsigned (*want)(int x, int y, int ch, const void *),
                   const void *arg)
{
    int bad = 0;
    for (int p = 0; p < 32; p++)
        for (int ch = 0; ch < 4; ch++) {
            unsigned e = want(p % 8, p / 8, ch, arg), g = got16(w, ch, p);
            if (e != g && !bad++)
                t_fail(__FILE__, __LINE__, "pixel %d channel %d: 0x%04x, expected 0x%04x", p,
                       ch, g, e);
        }
    return bad;
}

/* NEAREST at texel (x0 + x, y0 + y). */
static unsigned nearest(int x, int y, int ch, const void *arg)
{
    const int *o = arg;
    return texel(o[0] + x, o[1] + y, ch) * 256;
}

TEST(nearest_reads_one_texel_per_pixel_both_layouts)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    for (int media = 0; media < 2; media++) {
        /* pixel (x, y) at texel (3 + x, 2 + y)'s centre: u = (3.5 + x) / 16 */
        g7sf_reg w[9];
        fill(w, 9);
        CHECK_EQ(send32(gpu, &thr, media ? MEDIA : PS, 8, 3.5f / TW, 2.5f / TH, 1.0f / TW,
                        1.0f / TH, w), 0);
        static const int o[2] = { 3, 2 };
        CHECK_EQ(compare(w, nearest, o), 0);
        CHECK_EQ(w[8].ud[0], SENT);     /* 8 registers, no more */
    }
    g7sf_gpu_destroy(gpu);
}

TEST(without_header_the_payload_starts_at_m0)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    g7sf_reg p[2], w[8];
    payload(p, false, 0.5f / TW, 0.5f / TH, 1.0f / TW, 1.0f / TH);
    fill(w, 8);
    /* the thread's sampler state pointer (0x100) stands for M0.3 */
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(1, 8, false, PS), 0, &p[1], w), 0);
    static const int o[2] = { 0, 0 };
    CHECK_EQ(compare(w, nearest, o), 0);
    g7sf_gpu_destroy(gpu);
}

/* Texels past the right and bottom edges clamp (TEXCOORDMODE_CLAMP). */
static unsigned clamped(int x, int y, int ch, const void *arg)
{
    (void)arg;
    int tx = 12 + x, ty = 6 + y;
    return texel(tx < TW ? tx : TW - 1, ty < TH ? ty : TH - 1, ch) * 256;
}

TEST(clamp_at_the_edges)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    g7sf_reg w[8];
    CHECK_EQ(send32(gpu, &thr, MEDIA, 8, 12.5f / TW, 6.5f / TH, 1.0f / TW, 1.0f / TH, w), 0);
    CHECK_EQ(compare(w, clamped, NULL), 0);
    g7sf_gpu_destroy(gpu);
}

/* LINEAR halfway between texels x and x + 1 of row y: (t0 + t1) * 128. */
static unsigned halfway(int x, int y, int ch, const void *arg)
{
    (void)arg;
    return (texel(x, y, ch) + texel(x + 1, y, ch)) * 128;
}

/* Min NEAREST, Mag LINEAR: ΔU x Width 1 is LOD 0, magnified, so LINEAR;
 * ΔU x Width 2 is LOD 1, minified, so NEAREST (ΔU and ΔV are the
 * derivatives of the LOD). */
TEST(delta_is_the_derivative_min_or_mag)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    sampler(gpu, 1, 0, 0, 2, false);
    g7sf_reg w[8];
    /* u = (x + 1) / 16: between the centres of texels x and x + 1 */
    CHECK_EQ(send32(gpu, &thr, PS, 8, 1.0f / TW, 0.5f / TH, 1.0f / TW, 1.0f / TH, w), 0);
    CHECK_EQ(compare(w, halfway, NULL), 0);
    /* two texels a pixel: u = (2x + 0.75) / 16 reads texel 2x (LINEAR
     * would blend in a quarter of texel 2x + 1) */
    CHECK_EQ(send32(gpu, &thr, PS, 8, 0.75f / TW, 0.5f / TH, 2.0f / TW, 1.0f / TH, w), 0);
    for (int p2 = 0; p2 < 32; p2++)
        CHECK_EQ(got16(w, 0, p2), texel(2 * (p2 % 8), p2 / 8, 0) * 256);
    g7sf_gpu_destroy(gpu);
}

/* YCRCB_NORMAL (YUY2: Y0 Cb Y1 Cr a pixel pair) 16x8: luma 7x + 11y + 3,
 * pair j's Cb 50 + 9j + y, Cr 200 - 5j - y. */
static unsigned yuy2(int x, int y, int ch, const void *arg)
{
    (void)arg;
    int j = x / 2;
    /* the sampler returns Cr, Y, Cb, 1.0 as R, G, B, A */
    int v[4] = { 200 - 5 * j - y, 7 * x + 11 * y + 3, 50 + 9 * j + y, 255 };
    return (unsigned)v[ch] * 256;
}

TEST(yuy2_returns_cr_y_cb_and_one)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    /* the pitch stays 4 * TW: rows 64 bytes apart, 32 of them used */
    uint8_t t[TH][4 * TW];
    memset(t, 0, sizeof t);
    for (int y = 0; y < TH; y++)
        for (int j = 0; j < TW / 2; j++) {
            uint8_t *q = &t[y][4 * j];
            q[0] = (uint8_t)(7 * (2 * j) + 11 * y + 3), q[1] = (uint8_t)(50 + 9 * j + y);
            q[2] = (uint8_t)(7 * (2 * j + 1) + 11 * y + 3), q[3] = (uint8_t)(200 - 5 * j - y);
        }
    g7sf_mem_write(gpu, TEX_BASE, t, sizeof t);
    bind(gpu, 1, G7SF_FORMAT_YCRCB_NORMAL, 1, 0);
    g7sf_reg w[8];
    CHECK_EQ(send32(gpu, &thr, MEDIA, 8, 0.5f / TW, 0.5f / TH, 1.0f / TW, 1.0f / TH, w), 0);
    CHECK_EQ(compare(w, yuy2, NULL), 0);
    g7sf_gpu_destroy(gpu);
}

/* PLANAR_420_8 (NV12) 16x8: luma 9x + 13y + 1 in rows 0-7, the UV plane
 * (U, V interleaved, half size) at Y Offset for UV Plane 8 (DW6 13:0):
 * chroma pair (i, j) U 30 + 7i + j, V 220 - 11i - 3j. */
static unsigned nv12(int x, int y, int ch, const void *arg)
{
    (void)arg;
    int i = x / 2, j = y / 2;
    /* the sampler returns V, Y, U, 1.0 as R, G, B, A */
    int v[4] = { 220 - 11 * i - 3 * j, 9 * x + 13 * y + 1, 30 + 7 * i + j, 255 };
    return (unsigned)v[ch] * 256;
}

TEST(nv12_returns_v_y_u_and_one)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    uint8_t t[TH + TH / 2][4 * TW];
    memset(t, 0, sizeof t);
    for (int y = 0; y < TH; y++)
        for (int x = 0; x < TW; x++)
            t[y][x] = (uint8_t)(9 * x + 13 * y + 1);
    for (int j = 0; j < TH / 2; j++)
        for (int i = 0; i < TW / 2; i++) {
            t[TH + j][2 * i] = (uint8_t)(30 + 7 * i + j);
            t[TH + j][2 * i + 1] = (uint8_t)(220 - 11 * i - 3 * j);
        }
    g7sf_mem_write(gpu, TEX_BASE, t, sizeof t);
    uint32_t dw[8] = { 1u << 29 | (unsigned)G7SF_FORMAT_PLANAR_420_8 << 18, TEX_BASE,
                       (TH - 1u) << 16 | (TW - 1u), 4 * TW - 1, 0, 0, TH };
    t_bind_state(gpu, BTI, dw);
    for (int media = 0; media < 2; media++) {
        g7sf_reg w[8];
        CHECK_EQ(send32(gpu, &thr, media ? MEDIA : PS, 8, 0.5f / TW, 0.5f / TH, 1.0f / TW,
                        1.0f / TH, w), 0);
        CHECK_EQ(compare(w, nv12, NULL), 0);
    }
    g7sf_gpu_destroy(gpu);
}

/* 3DSTATE_CHROMA_KEY entry 0 = [lo, hi] (A R G B). */
static void chroma_key(g7sf_gpu *gpu, uint32_t lo, uint32_t hi)
{
    uint32_t cmd[4] = { 0x79000000u | 0x04u << 16 | 2u, 0, lo, hi };
    CHECK_EQ(g7sf_sampler_command(gpu, cmd, 4), 0);
}

static uint32_t argb(int x, int y)
{
    return texel(x, y, 3) << 24 | texel(x, y, 0) << 16 | texel(x, y, 1) << 8 | texel(x, y, 2);
}

TEST(killpix_returns_the_active_pixel_mask)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    sampler(gpu, 0, 0, 0, 2, true);     /* KEYFILTER_KILL_ON_ANY_MATCH (0) */
    for (int media = 0; media < 2; media++)
        for (int k = 0; k < 2; k++) {
            /* the key on one texel: pixel (2, 1), p 10, then (3, 3), p 27 */
            int kx = k ? 3 : 2, ky = k ? 3 : 1, kp = 8 * ky + kx;
            chroma_key(gpu, argb(kx, ky), argb(kx, ky));
            g7sf_reg w[9];
            CHECK_EQ(send32(gpu, &thr, media ? MEDIA_KILL : PS_KILL, 9, 0.5f / TW, 0.5f / TH,
                            1.0f / TW, 1.0f / TH, w), 0);
            CHECK_EQ(w[8].ud[0], ~(1u << kp));
            for (int d = 1; d < 8; d++)
                CHECK_EQ(w[8].ud[d], SENT);     /* Wn.7:1 not written */
            static const int o[2] = { 0, 0 };
            CHECK_EQ(compare(w, nearest, o), 0);   /* the colours still come back */
        }
    g7sf_gpu_destroy(gpu);
}

/* The header's write channel masks are ignored (line 4508): four
 * channels always. */
TEST(write_channel_masks_are_ignored)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    g7sf_reg p[2], w[8];
    payload(p, false, 0.5f / TW, 0.5f / TH, 1.0f / TW, 1.0f / TH);
    p[0].ud[2] = 0xF000;    /* all four masked */
    fill(w, 8);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(2, 8, true, PS), 0, p, w), 0);
    static const int o[2] = { 0, 0 };
    CHECK_EQ(compare(w, nearest, o), 0);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(2, 6, true, PS), 0, p, w), G7SF_ERLEN);
    g7sf_gpu_destroy(gpu);
}

/* Sends a good payload with one thing changed by `how`, and returns the code
 * and the reason. */
static int bad_send(int how, g7sf_error *e)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    g7sf_reg p[2], w[9];
    bool media = how == 9;
    payload(p, media, 0.5f / TW, 0.5f / TH, 1.0f / TW, 1.0f / TH);
    unsigned mlen = 2, rlen = 8;
    switch (how) {
    case 0: mlen = 3; break;
    case 1: rlen = 9; break;
    case 2: bind(gpu, 2, G7SF_FORMAT_B8G8R8A8_UNORM, 1, 0); break;    /* 3D */
    case 3: bind(gpu, 1, G7SF_FORMAT_R16_UNORM, 1, 0); break;
    case 4: bind(gpu, 1, G7SF_FORMAT_B8G8R8A8_UNORM, 1, 1); break;    /* 2 levels */
    case 5: sampler(gpu, 2, 0, 0, 2, false); break;                   /* anisotropic */
    case 6: sampler(gpu, 0, 0, 1, 2, false); break;                   /* MIPFILTER_NEAREST */
    case 7: sampler(gpu, 0, 0, 0, 0, false); break;                   /* WRAP */
    case 8: p[1].ud[0] = fbits(3.5f / TW); break;                     /* ΔU x W 3.5 */
    case 9: p[1].ud[4] = fbits(-1.0f / TW); break;                    /* media, ΔU < 0 */
    case 10: p[1].ud[2] = 0x7F800000u; break;                         /* U infinite */
    case 11: bind(gpu, 1, G7SF_FORMAT_B8G8R8A8_UNORM, 2, 0); break;   /* Depth 1 */
    }
    fill(w, 9);
    int r = t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(mlen, rlen, true, media ? MEDIA : PS),
                   0, p, w);
    g7sf_last_error(gpu, e);
    /* nothing written back on an error */
    for (int i = 0; i < 9 && r; i++)
        for (int d = 0; d < 8; d++)
            CHECK_EQ(w[i].ud[d], SENT);
    g7sf_gpu_destroy(gpu);
    return r;
}

TEST(restrictions_are_errors_with_reasons)
{
    static const struct { int code; const char *reason; } want[] = {
        { G7SF_EMLEN, "message length 3" },      { G7SF_ERLEN, "response length 9" },
        { G7SF_ESTATE, "SURFTYPE_2D" },          { G7SF_ESTATE, "at most 8 bits" },
        { G7SF_ESTATE, "MIP Count" },            { G7SF_ESTATE, "Min and Mag" },
        { G7SF_ESTATE, "MIPFILTER_NONE" },       { G7SF_ESTATE, "WRAP" },
        { G7SF_EPAYLOAD, "over 3.0" },           { G7SF_EPAYLOAD, "negative Delta U" },
        { G7SF_EPAYLOAD, "not a finite float" }, { G7SF_ESTATE, "MIP Count, Depth" },
    };
    for (int how = 0; how < (int)(sizeof want / sizeof want[0]); how++) {
        g7sf_error e;
        CHECKF(bad_send(how, &e) == want[how].code, "case %d: code", how);
        CHECKF(strstr(e.reason, want[how].reason) != NULL, "case %d: reason \"%s\"", how,
               e.reason);
    }
}

TEST(cache_flush_returns_one_register_of_zeros)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = setup(&thr);
    g7sf_reg p[2] = { 0 }, w[2];
    fill(w, 2);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(1, 1, true, FLUSH), 0, p, w), 0);
    for (int d = 0; d < 8; d++)
        CHECK_EQ(w[0].ud[d], 0);
    CHECK_EQ(w[1].ud[0], SENT);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(2, 1, true, FLUSH), 0, p, w),
             G7SF_EMLEN);
    CHECK_EQ(t_send(gpu, &thr, G7SF_SFID_SAMPLER, desc32(1, 2, true, FLUSH), 0, p, w),
             G7SF_ERLEN);
    g7sf_gpu_destroy(gpu);
}
