/* A frame produced by real deinterlace messages through g7sf_send(), one
 * per block, their writebacks stored the way a kernel stores them, equals
 * the video pipeline's pass (src/vpp/vpp_pass.h) for the same state, frames
 * and statistics. */
#include <stdlib.h>
#include <string.h>

#include "dndi_setup.h"
#include "harness.h"
#include "vpp/vpp_pass.h"

enum { W = 48, H = 16, PITCH = 80, BTI = 5 };
#define CUR_BASE  0x00400000u
#define PREV_BASE 0x00800000u
#define STAT_BASE 0x00C00000u

/* What the kernel writes: frames in host memory, like vpp_pass_out. */
typedef struct outputs {
    uint8_t prev2[3][W * H], cur1[3][W * H], dn[W * H];
    uint8_t stat[PITCH * H];
    g7sf_gne gne;
    long motion_pixels;
} outputs;

static vpp_pass_out as_pass_out(outputs *o)
{
    vpp_pass_out p = { .dn = { o->dn, W }, .stat_out = o->stat };
    for (int i = 0; i < 3; i++) {
        p.prev2[i] = (vpp_wplane){ o->prev2[i], i ? W / 2 : W };
        p.cur1[i] = (vpp_wplane){ o->cur1[i], i ? W / 2 : W };
    }
    return p;
}

/* Two registers' 16-byte lines l (0..3) into a plane at (x, y + l). */
static void store_luma(const g7sf_reg *w, int r, uint8_t *plane, int stride, int x, int y)
{
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 16; i++)
            plane[(y + l) * stride + x + i] = d_byte(w, r + l / 2, 16 * (l % 2) + i);
}

/* Chroma block lines: Cr at even bytes, Cb at odd, into 4:2:2 planes. */
static void store_chroma(const g7sf_reg *w, int r, uint8_t *cb, uint8_t *cr, int x, int y)
{
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++) {
            cr[(y + l) * (W / 2) + x / 2 + i] = d_byte(w, r + l / 2, 16 * (l % 2) + 2 * i);
            cb[(y + l) * (W / 2) + x / 2 + i] = d_byte(w, r + l / 2, 16 * (l % 2) + 2 * i + 1);
        }
}

/* The kernel: one message per block, the writeback stored (§2.13.2.6,
 * statistics layout §2.8.6.2). */
static int kernel_pass(g7sf_gpu *gpu, const g7sf_thread *thr, const g7sf_sampler_state_di *s,
                       bool packed, outputs *o)
{
    bool di = s->di_enable, dn = s->dn_enable;
    int bh = di ? 4 : 8;
    unsigned rlen = di ? (dn ? (packed ? 12 : 11) : 10) : (packed ? 9 : 5);
    for (int y = 0; y < H; y += bh)
        for (int x = 0; x < W; x += 16) {
            g7sf_reg w[12];
            int r = d_send(gpu, thr, BTI, 0, (uint32_t)x, (uint32_t)y, true, rlen, w);
            if (r)
                return r;
            uint8_t *hist = o->stat + (y / 4) * PITCH + PITCH / 2 + x / 4;
            if (!di) {
                store_luma(w, 0, o->dn, W, x, y);
                store_luma(w, 2, o->dn, W, x, y + 4);
                for (int k = 0; k < 4; k++)
                    hist[k] = d_byte(w, 4, k), hist[PITCH + k] = d_byte(w, 4, 4 + k);
                g7sf_gne_add(&o->gne, s->dndi_stream_id, w[4].ud[2] & 0xFF);
                continue;
            }
            store_luma(w, 0, o->prev2[0], W, x, y);
            store_chroma(w, 2, o->prev2[1], o->prev2[2], x, y);
            store_luma(w, 4, o->cur1[0], W, x, y);
            store_chroma(w, 6, o->cur1[1], o->cur1[2], x, y);
            for (int l = 0; l < 4; l++)
                for (int i = 0; i < 8; i++)
                    o->stat[(y + l) * PITCH + x / 2 + i] = d_byte(w, 8, 8 * l + i);
            o->motion_pixels += (w[9].ud[1] >> 8) & 0xFF;
            if (!dn)
                continue;
            for (int k = 0; k < 4; k++)
                hist[k] = d_byte(w, 9, k);
            g7sf_gne_add(&o->gne, s->dndi_stream_id, w[9].ud[1] & 0xFF);
            /* denoised current luma: the 1st-field lines of W4/W5, the
             * 2nd-field lines in W10 */
            for (int l = 0, k = 0; l < 4; l++) {
                bool first_field = ((y + l) % 2 == 0) == (bool)s->dndi_top_first;
                for (int i = 0; i < 16; i++)
                    o->dn[(y + l) * W + x + i] = first_field
                                                     ? d_byte(w, 4 + l / 2, 16 * (l % 2) + i)
                                                     : d_byte(w, 10, 16 * k + i);
                k += !first_field;
            }
        }
    return 0;
}

static void compare(const outputs *a, const outputs *b, const char *what)
{
    CHECKF(!memcmp(a->dn, b->dn, sizeof a->dn), "%s: denoised luma differs", what);
    CHECKF(!memcmp(a->stat, b->stat, sizeof a->stat), "%s: statistics out differ", what);
    for (int i = 0; i < 3; i++) {
        CHECKF(!memcmp(a->prev2[i], b->prev2[i], sizeof a->prev2[i]),
               "%s: previous 2nd field plane %d differs", what, i);
        CHECKF(!memcmp(a->cur1[i], b->cur1[i], sizeof a->cur1[i]),
               "%s: current 1st field plane %d differs", what, i);
    }
    CHECKF(!memcmp(&a->gne, &b->gne, sizeof a->gne), "%s: GNE differs", what);
    CHECK_EQ(a->motion_pixels, b->motion_pixels);
}

static void run_case(unsigned format, bool interleave, enum g7sf_chroma chroma, d_state ds,
                     const char *what)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = d_gpu(&thr);
    d_frame cur = d_frame_new(W, H, chroma), prev = d_frame_new(W, H, chroma);
    d_frame_random(&cur);
    d_frame_random(&prev);
    for (int i = W * H / 4; i < W * H * 3 / 4; i++)   /* a still, slightly noisy area */
        prev.p[0][i] = (uint8_t)(cur.p[0][i] + (int)(t_rand() % 5) - 2);
    d_layout lc = d_layout_for(format, 0, interleave, CUR_BASE, W, H);
    d_layout lp = d_layout_for(format, 0, interleave, PREV_BASE, W, H);
    d_layout ls = { .format = 7, .base = STAT_BASE, .pitch = PITCH };
    d_write_frame(gpu, &lc, &cur);
    d_write_frame(gpu, &lp, &prev);
    d_bind(gpu, BTI, &lc, W, H);
    d_bind(gpu, BTI + 1, &lp, W, H);
    uint8_t *stat_in = malloc(PITCH * H);
    for (int i = 0; i < PITCH * H; i++)
        stat_in[i] = (uint8_t)t_rand();
    g7sf_mem_write(gpu, STAT_BASE, stat_in, PITCH * H);
    d_bind(gpu, BTI + 2, &ls, PITCH, H);
    uint32_t dw[8];
    d_state_dwords(&ds, dw);
    d_write_state(gpu, 0, dw);
    g7sf_sampler_state_di s;
    g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_DI, dw, &s);

    outputs *msg = calloc(1, sizeof *msg), *pass = calloc(1, sizeof *pass);
    memset(msg->stat, 0x5A, sizeof msg->stat);
    memset(pass->stat, 0x5A, sizeof pass->stat);
    CHECK_EQ(kernel_pass(gpu, &thr, &s, format <= 3, msg), 0);

    g7sf_yuv yc = d_frame_yuv(&cur), yp = d_frame_yuv(&prev);
    vpp_pass_in in = { &s, &yc, &yp, stat_in, PITCH, NULL, VPP_STAT_IVB };
    vpp_pass_out po = as_pass_out(pass);
    CHECK_EQ(vpp_pass_run(&in, &po, 0, vpp_pass_rows(&s, H), false, NULL), 0);
    pass->gne = po.gne;
    pass->motion_pixels = po.motion_pixels;
    compare(msg, pass, what);

    free(msg);
    free(pass);
    free(stat_in);
    d_frame_free(&cur);
    d_frame_free(&prev);
    g7sf_gpu_destroy(gpu);
}

TEST(dn_only_messages_equal_the_pass)
{
    run_case(4, true, G7SF_CHROMA_420, (d_state){ .dn = true, .top_first = true }, "NV12 DN");
    run_case(0, false, G7SF_CHROMA_422, (d_state){ .dn = true, .stream_id = 1 }, "YUY2 DN");
    run_case(4, false, G7SF_CHROMA_420, (d_state){ .dn = true, .first = true }, "I420 DN first");
    run_case(3, false, G7SF_CHROMA_422, (d_state){ .dn = true, .progressive = true },
             "UYVY progressive DN");
}

TEST(di_messages_equal_the_pass)
{
    if (!d_di_landed())
        SKIP("g7sf_di_block / g7sf_fmd_block_run not in this build yet");
    run_case(4, true, G7SF_CHROMA_420, (d_state){ .dn = true, .di = true, .top_first = true },
             "NV12 DN + DI");
    run_case(0, false, G7SF_CHROMA_422, (d_state){ .di = true }, "YUY2 DI");
    run_case(4, true, G7SF_CHROMA_420,
             (d_state){ .dn = true, .di = true, .mcdi = true, .stream_id = 1 }, "NV12 MCDI");
    run_case(3, false, G7SF_CHROMA_422,
             (d_state){ .dn = true, .di = true, .first = true, .top_first = true },
             "UYVY first frame");
}
