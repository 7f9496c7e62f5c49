/* The video pipeline (gen7sf/vpp.h): output counts per rate, pass-through
 * exactness, siting, threads, denoise gain, errors.  Pictures are
 * allocated to their exact size so ASan catches any read or write past
 * them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/vpp.h"
#include "harness.h"
#include "synth.h"

enum { MAX_OUT = 64 };

typedef struct pic {
    g7sf_vpp_picture p;
    int w, h, cw, ch;
} pic;

static void pic_alloc(pic *q, int w, int h, bool c420)
{
    q->w = w, q->h = h, q->cw = (w + 1) / 2, q->ch = c420 ? (h + 1) / 2 : h;
    q->p.data[0] = malloc((size_t)w * h);
    q->p.stride[0] = w;
    for (int i = 1; i < 3; i++) {
        q->p.data[i] = malloc((size_t)q->cw * q->ch);
        q->p.stride[i] = q->cw;
    }
}

static void pic_free(pic *q)
{
    for (int i = 0; i < 3; i++)
        free(q->p.data[i]);
}

static int plane_w(const pic *q, int i) { return i ? q->cw : q->w; }
static int plane_h(const pic *q, int i) { return i ? q->ch : q->h; }

static void pic_random(pic *q)
{
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < plane_w(q, i) * plane_h(q, i); k++)
            q->p.data[i][k] = (uint8_t)t_rand();
}

/* Everything depends on x only (vertical stripes: every angle test picks
 * 90 degrees). */
static void pic_columns(pic *q)
{
    for (int y = 0; y < q->h; y++)
        for (int x = 0; x < q->w; x++)
            q->p.data[0][y * q->w + x] = (uint8_t)(60 + (x * 37 % 128));
    for (int i = 1; i < 3; i++)
        for (int y = 0; y < q->ch; y++)
            for (int x = 0; x < q->cw; x++)
                q->p.data[i][y * q->cw + x] = (uint8_t)(40 + 3 * x + 20 * i);
}

static bool pic_equal(const pic *a, const g7sf_vpp_picture *b, int plane)
{
    for (int y = 0; y < plane_h(a, plane); y++)
        if (memcmp(a->p.data[plane] + y * a->p.stride[plane],
                   b->data[plane] + y * b->stride[plane], (size_t)plane_w(a, plane)))
            return false;
    return true;
}

/* What the emit callback saw. */
typedef struct sink {
    int n, stop_at;
    g7sf_vpp_stats st[MAX_OUT];
    uint64_t hash[MAX_OUT];
    const pic *expect;          /* compare every output with this */
    long expect_from, expect_to;    /* ... when its input frame is in this range */
    int mismatches;
    int w, h, cw, ch;
    uint8_t cb_col[64];         /* column 0 of the last output's Cb */
} sink;

static int collect(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    sink *s = user;
    if (s->n < MAX_OUT) {
        uint64_t h = 1469598103934665603ull;
        for (int i = 0; i < 3; i++)
            for (int y = 0; y < (i ? s->ch : s->h); y++)
                for (int x = 0; x < (i ? s->cw : s->w); x++)
                    h = (h ^ out->data[i][y * out->stride[i] + x]) * 1099511628211ull;
        s->st[s->n] = *st;
        s->hash[s->n] = h;
    }
    for (int y = 0; y < s->ch && y < 64; y++)
        s->cb_col[y] = out->data[1][y * out->stride[1]];
    if (s->expect && st->input_frame >= s->expect_from && st->input_frame <= s->expect_to)
        for (int i = 0; i < 3; i++)
            s->mismatches += !pic_equal(s->expect, out, i);
    s->n++;
    return s->n == s->stop_at ? 7 : 0;
}

static g7sf_vpp_config config(int w, int h, enum g7sf_vpp_deinterlace di, enum g7sf_vpp_rate rate)
{
    return (g7sf_vpp_config){ .width = w, .height = h, .chroma = G7SF_CHROMA_420,
                              .deinterlace = di, .rate = rate, .top_first = true,
                              .denoise = -1, .threads = 1 };
}

/* Pushes frames[0..n-1] (cycling through nf pictures) and flushes. */
static int run(const g7sf_vpp_config *c, pic *frames, int nf, int n, sink *s)
{
    int err;
    g7sf_vpp *v = g7sf_vpp_create(c, &err);
    if (!v)
        return err;
    s->w = c->width, s->h = c->height, s->cw = (c->width + 1) / 2;
    s->ch = c->chroma == G7SF_CHROMA_420 && !c->output_422 ? (c->height + 1) / 2 : c->height;
    for (int i = 0; i < n && !err; i++)
        err = g7sf_vpp_push(v, &frames[i % nf].p, collect, s);
    if (!err)
        err = g7sf_vpp_flush(v, collect, s);
    g7sf_vpp_destroy(v);
    return err;
}

TEST(bad_configs)
{
    const g7sf_vpp_config good = config(64, 32, G7SF_VPP_DI_MADI, G7SF_VPP_RATE_FIELD);
    g7sf_vpp_config bad[14];
    for (int i = 0; i < 14; i++)
        bad[i] = good;
    bad[0].width = 15;
    bad[1].height = 7;
    bad[2].width = 1 << 20;
    bad[3].chroma = G7SF_CHROMA_411;
    bad[4].deinterlace = (enum g7sf_vpp_deinterlace)6;
    bad[5].rate = (enum g7sf_vpp_rate)3;
    bad[6].denoise = -2;
    bad[7].denoise = 65;
    bad[8].threads = 0;
    bad[9].threads = 1000;
    bad[10].platform = (enum g7sf_platform)2;
    bad[11].height = -8;
    bad[12].keep = -1;
    bad[13].keep = 9;
    for (int i = 0; i < 14; i++) {
        int err = 0;
        CHECKF(!g7sf_vpp_create(&bad[i], &err) && err == G7SF_EINVAL, "config %d: %d", i, err);
    }
    CHECK(!g7sf_vpp_create(NULL, NULL));
    int err = 1;
    g7sf_vpp *v = g7sf_vpp_create(&good, &err);
    CHECK(v && err == 0);
    pic q;
    pic_alloc(&q, 64, 32, true);
    pic_random(&q);
    sink s = { 0 };
    g7sf_vpp_picture p = q.p;
    p.stride[0] = 63;                              /* narrower than the picture */
    CHECK_EQ(g7sf_vpp_push(v, &p, collect, &s), G7SF_EINVAL);
    p = q.p, p.data[2] = NULL;
    CHECK_EQ(g7sf_vpp_push(v, &p, collect, &s), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_push(v, NULL, collect, &s), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_push(v, &q.p, NULL, &s), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_push(NULL, &q.p, collect, &s), G7SF_EINVAL);
    CHECK_EQ(g7sf_vpp_flush(v, NULL, &s), G7SF_EINVAL);
    CHECK_EQ(s.n, 0);
    g7sf_vpp_destroy(v);
    g7sf_vpp_destroy(NULL);
    pic_free(&q);
}

/* Weave and off pass frames through untouched at any size (90x50 is not
 * whole blocks) and chroma; the counts follow the rate. */
TEST(weave_and_off_pass_through)
{
    static const struct { enum g7sf_vpp_deinterlace di; enum g7sf_vpp_rate rate; int per; int field0; } t[] = {
        { G7SF_VPP_DI_WEAVE, G7SF_VPP_RATE_FIELD, 2, 0 },
        { G7SF_VPP_DI_WEAVE, G7SF_VPP_RATE_FRAME, 1, -1 },
        { G7SF_VPP_DI_WEAVE, G7SF_VPP_RATE_FILM, 1, -1 },
        { G7SF_VPP_DI_OFF, G7SF_VPP_RATE_FIELD, 1, -1 },    /* off ignores the rate */
        { G7SF_VPP_DI_OFF, G7SF_VPP_RATE_FRAME, 1, -1 },
    };
    for (int c420 = 0; c420 < 2; c420++)
        for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
            pic q;
            pic_alloc(&q, 90, 50, c420);
            pic_random(&q);
            g7sf_vpp_config c = config(90, 50, t[k].di, t[k].rate);
            c.chroma = c420 ? G7SF_CHROMA_420 : G7SF_CHROMA_422;
            sink s = { .expect = &q, .expect_to = 2 };
            CHECK_EQ(run(&c, &q, 1, 3, &s), 0);
            CHECKF(s.n == 3 * t[k].per, "case %zu/%d: %d outputs", k, c420, s.n);
            CHECKF(s.mismatches == 0, "case %zu/%d: %d planes differ", k, c420, s.mismatches);
            CHECK_EQ(s.st[0].field, t[k].field0);
            CHECK_EQ(s.st[s.n - 1].input_frame, 2);
            pic_free(&q);
        }
}

TEST(output_422_siting)
{
    /* 4:2:0 Cb lines 16 y; as 4:2:2 (spec-notes: progressive siting for
     * off, field siting for weave) */
    for (int weave = 0; weave < 2; weave++) {
        pic q;
        pic_alloc(&q, 32, 16, true);
        pic_random(&q);
        for (int y = 0; y < 8; y++)
            memset(q.p.data[1] + y * 16, 16 * y, 16);
        g7sf_vpp_config c = config(32, 16, weave ? G7SF_VPP_DI_WEAVE : G7SF_VPP_DI_OFF,
                                   G7SF_VPP_RATE_FRAME);
        c.output_422 = true;
        sink s = { .expect = &q, .expect_to = 0 };
        CHECK_EQ(run(&c, &q, 1, 1, &s), 0);
        CHECK_EQ(s.n, 1);
        CHECK_EQ(s.mismatches, 2);      /* luma is exact; Cb and Cr have twice the lines */
        if (!weave) {
            /* line 2k + 1 is 3/4 of C[k] and 1/4 of C[k + 1]: (6 * 16 + 2 * 32 + 4) >> 3 */
            CHECK_EQ(s.cb_col[3], 20);
            CHECK_EQ(s.cb_col[4], 28);  /* (2 * 16 + 6 * 32 + 4) >> 3 */
        } else {
            /* line 4 (1st field line 2): 7/8 of C[2], 1/8 of C[0]: (0 + 7 * 32 + 4) >> 3;
             * line 5 (2nd field line 2): 5/8 of C[3], 3/8 of C[1]: (3 * 16 + 5 * 48 + 4) >> 3 */
            CHECK_EQ(s.cb_col[4], 28);
            CHECK_EQ(s.cb_col[5], 36);
        }
        pic_free(&q);
    }
}

TEST(callback_stop_sticks)
{
    pic q;
    pic_alloc(&q, 32, 16, true);
    pic_random(&q);
    g7sf_vpp_config c = config(32, 16, G7SF_VPP_DI_WEAVE, G7SF_VPP_RATE_FIELD);
    g7sf_vpp *v = g7sf_vpp_create(&c, NULL);
    sink s = { .stop_at = 2 };
    CHECK_EQ(g7sf_vpp_push(v, &q.p, collect, &s), 7);
    CHECK_EQ(g7sf_vpp_push(v, &q.p, collect, &s), 7);
    CHECK_EQ(g7sf_vpp_flush(v, collect, &s), 7);
    CHECK_EQ(s.n, 2);
    g7sf_vpp_destroy(v);
    /* after a flush the stream is over */
    v = g7sf_vpp_create(&c, NULL);
    s = (sink){ 0 };
    CHECK_EQ(g7sf_vpp_push(v, &q.p, collect, &s), 0);
    CHECK_EQ(g7sf_vpp_flush(v, collect, &s), 0);
    CHECK_EQ(g7sf_vpp_flush(v, collect, &s), 0);
    CHECK_EQ(g7sf_vpp_push(v, &q.p, collect, &s), G7SF_EINVAL);
    CHECK_EQ(s.n, 2);
    g7sf_vpp_destroy(v);
    pic_free(&q);
}

/* stats.moving: DN's moving 4x4s when denoising (all of them on the first
 * frame, which is spatial only; none on a repeat), the FMD's moving pixels
 * in auto without DN, -1 when neither runs. */
TEST(moving_statistic)
{
    pic q[2];
    for (int i = 0; i < 2; i++)
        pic_alloc(&q[i], 64, 32, true), pic_random(&q[i]);
    g7sf_vpp_config c = config(64, 32, G7SF_VPP_DI_OFF, G7SF_VPP_RATE_FRAME);
    c.denoise = 32;
    sink s = { 0 };
    CHECK_EQ(run(&c, q, 1, 2, &s), 0);
    CHECK_EQ(s.n, 2);
    CHECK(s.st[0].moving == 1.0);
    CHECK(s.st[1].moving == 0.0);
    c.denoise = -1, c.deinterlace = G7SF_VPP_DI_WEAVE;
    s = (sink){ 0 };
    CHECK_EQ(run(&c, q, 1, 1, &s), 0);
    CHECK(s.st[0].moving == -1.0);
    c.deinterlace = G7SF_VPP_DI_AUTO;
    s = (sink){ 0 };
    CHECK_EQ(run(&c, q, 2, 3, &s), 0);
    pic_free(&q[0]), pic_free(&q[1]);
    CHECK_EQ(s.n, 3);
    CHECK(s.st[0].moving == -1.0);      /* the first frame has no FMD */
    /* two independent random frames: a pixel moves when |a - b| passes the
     * FMD temporal threshold 175, probability 2 * (1 + .. + 80) / 65536 =
     * 0.099; 2048 pixels sample it to within a few hundredths */
    CHECKF(s.st[2].moving > 0.07 && s.st[2].moving < 0.13, "random frames: %f moving",
           s.st[2].moving);
}

static double gauss(void)
{
    double u = ((double)(t_rand() >> 11) + 1) / 9007199254740993.0;
    double w = (double)(t_rand() >> 11) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * w);
}

static double psnr(const uint8_t *a, const uint8_t *b, size_t n)
{
    double se = 0;
    for (size_t i = 0; i < n; i++)
        se += (double)(a[i] - b[i]) * (a[i] - b[i]);
    return 10 * log10(255.0 * 255.0 * n / (se > 0 ? se : 1e-9));
}

typedef struct keep {
    uint8_t *y;
    size_t n;
} keep;

static int keep_luma(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    keep *k = user;
    (void)st;
    memcpy(k->y, out->data[0], k->n);
    return 0;
}

/* A static scene with fresh Gaussian noise (sigma 6) in every frame:
 * denoise only (off) must bring the output closer to the clean scene. */
TEST(denoise_gains_psnr)
{
    enum { W = 128, H = 64, N = 8 };
    uint8_t clean[W * H], got[W * H];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            clean[y * W + x] = (uint8_t)(80 + x / 2 + (y / 16) * 10);
    pic q;
    pic_alloc(&q, W, H, true);
    memset(q.p.data[1], 128, (size_t)q.cw * q.ch);
    memset(q.p.data[2], 128, (size_t)q.cw * q.ch);
    g7sf_vpp_config c = config(W, H, G7SF_VPP_DI_OFF, G7SF_VPP_RATE_FRAME);
    c.denoise = 32;
    g7sf_vpp *v = g7sf_vpp_create(&c, NULL);
    keep k = { got, sizeof got };
    double in_psnr = 0;
    for (int f = 0; f < N; f++) {
        for (int i = 0; i < W * H; i++) {
            double p = clean[i] + 6 * gauss();
            q.p.data[0][i] = (uint8_t)(p < 0 ? 0 : p > 255 ? 255 : lround(p));
        }
        in_psnr = psnr(q.p.data[0], clean, sizeof clean);
        CHECK_EQ(g7sf_vpp_push(v, &q.p, keep_luma, &k), 0);
    }
    double out_psnr = psnr(got, clean, sizeof clean);
    /* sigma 6: about 32.6 dB in; temporal averaging over the history gains
     * several dB */
    CHECKF(out_psnr > in_psnr + 3, "PSNR in %.2f dB, out %.2f dB", in_psnr, out_psnr);
    printf("  denoise: PSNR %.2f dB in, %.2f dB out\n", in_psnr, out_psnr);
    g7sf_vpp_destroy(v);
    pic_free(&q);
}

/* The same stream on 1, 2, 3 and 5 threads gives the same bytes, in every
 * mode and in the variants that take other conversion paths (4:2:2 in and
 * out, Haswell chroma denoise, bottom field first, inverse telecine). */
TEST(threads_identical)
{
    static const enum g7sf_vpp_deinterlace modes[] = { G7SF_VPP_DI_OFF, G7SF_VPP_DI_WEAVE,
                                                       G7SF_VPP_DI_MADI, G7SF_VPP_DI_MCDI,
                                                       G7SF_VPP_DI_AUTO, G7SF_VPP_DI_BOB };
    static const int threads[] = { 1, 2, 3, 5 };
    enum { VARIANTS = 6 };
    for (int var = 0; var < VARIANTS; var++) {
        bool c420 = var != 2;
        pic q[3];
        for (int i = 0; i < 3; i++)
            pic_alloc(&q[i], 90, 50, c420), pic_random(&q[i]);
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            sink s[4] = { { 0 } };
            for (int t = 0; t < 4; t++) {
                g7sf_vpp_config c = config(90, 50, modes[m], G7SF_VPP_RATE_FIELD);
                c.denoise = 40, c.threads = threads[t];
                c.chroma = c420 ? G7SF_CHROMA_420 : G7SF_CHROMA_422;
                c.output_422 = var == 1;
                c.platform = var == 3 ? G7SF_HSW : G7SF_IVB;
                c.top_first = var != 4;
                if (var == 5) {
                    c.denoise = -1;
                    if (modes[m] == G7SF_VPP_DI_AUTO)
                        c.rate = G7SF_VPP_RATE_FILM;
                }
                int err = run(&c, q, 3, 5, &s[t]);
                CHECK_EQ(err, 0);
                CHECK_EQ(s[t].n, s[0].n);
                for (int i = 0; i < s[0].n && i < MAX_OUT; i++) {
                    CHECKF(s[t].hash[i] == s[0].hash[i],
                           "variant %d, mode %zu, %d threads: output %d differs", var, m,
                           threads[t], i);
                    CHECK_EQ(s[t].st[i].gne_sum, s[0].st[i].gne_sum);
                    CHECK_EQ(s[t].st[i].gne_count, s[0].st[i].gne_count);
                }
            }
        }
        for (int i = 0; i < 3; i++)
            pic_free(&q[i]);
    }
}

/* With keep = K the pictures of the last K - 1 callbacks stay unchanged
 * through the next one: each callback hashes the picture it gets and
 * rehashes the ones before it (kept by pointer); the bytes are those of
 * keep = 0. */
typedef struct kept {
    sink s;
    int k;
    const uint8_t *data[MAX_OUT][3];
    int stride[MAX_OUT][3];
    int changed;
} kept;

static uint64_t hash_pic(const sink *s, const uint8_t *const data[3], const int stride[3])
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 3; i++)
        for (int y = 0; y < (i ? s->ch : s->h); y++)
            for (int x = 0; x < (i ? s->cw : s->w); x++)
                h = (h ^ data[i][y * stride[i] + x]) * 1099511628211ull;
    return h;
}

static int collect_kept(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    kept *k = user;
    int n = k->s.n;
    for (int back = 1; back < k->k && back <= n && n < MAX_OUT; back++)
        k->changed += hash_pic(&k->s, k->data[n - back], k->stride[n - back]) !=
                      k->s.hash[n - back];
    if (n < MAX_OUT)
        for (int i = 0; i < 3; i++)
            k->data[n][i] = out->data[i], k->stride[n][i] = out->stride[i];
    return collect(&k->s, out, st);
}

TEST(keep_holds_pictures)
{
    static const enum g7sf_vpp_deinterlace modes[] = { G7SF_VPP_DI_BOB, G7SF_VPP_DI_MADI,
                                                       G7SF_VPP_DI_AUTO, G7SF_VPP_DI_WEAVE };
    pic q[3];
    for (int i = 0; i < 3; i++)
        pic_alloc(&q[i], 64, 40, true), pic_random(&q[i]);
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        for (int k = 1; k <= 8; k += 3) {
            g7sf_vpp_config c = config(64, 40, modes[m], G7SF_VPP_RATE_FIELD);
            c.threads = 2;
            sink ref = { 0 };
            CHECK_EQ(run(&c, q, 3, 6, &ref), 0);
            c.keep = k;
            kept kp = { .k = k };
            int err;
            g7sf_vpp *v = g7sf_vpp_create(&c, &err);
            CHECK(v != NULL);
            if (!v)
                continue;
            kp.s.w = c.width, kp.s.h = c.height, kp.s.cw = c.width / 2, kp.s.ch = c.height / 2;
            for (int i = 0; i < 6 && !err; i++)
                err = g7sf_vpp_push(v, &q[i % 3].p, collect_kept, &kp);
            if (!err)
                err = g7sf_vpp_flush(v, collect_kept, &kp);
            g7sf_vpp_destroy(v);
            CHECK_EQ(err, 0);
            CHECK_EQ(kp.changed, 0);
            CHECK_EQ(kp.s.n, ref.n);
            for (int i = 0; i < ref.n && i < MAX_OUT; i++)
                CHECKF(kp.s.hash[i] == ref.hash[i], "mode %zu, keep %d: output %d differs", m, k,
                       i);
        }
    for (int i = 0; i < 3; i++)
        pic_free(&q[i]);
}

/* ---- deinterlacing modes ------------------------------------------------ */

TEST(field_and_frame_rate_counts)
{
    static const enum g7sf_vpp_deinterlace modes[] = { G7SF_VPP_DI_AUTO, G7SF_VPP_DI_MCDI,
                                                       G7SF_VPP_DI_MADI, G7SF_VPP_DI_BOB };
    pic q[2];
    for (int i = 0; i < 2; i++)
        pic_alloc(&q[i], 48, 24, true), pic_random(&q[i]);
    for (size_t m = 0; m < 4; m++)
        for (int n = 1; n <= 4; n += 3) {
            sink s = { 0 };
            g7sf_vpp_config c = config(48, 24, modes[m], G7SF_VPP_RATE_FIELD);
            int err = run(&c, q, 2, n, &s);
            CHECK_EQ(err, 0);
            CHECKF(s.n == 2 * n, "mode %zu, %d frames: %d outputs at field rate", m, n, s.n);
            /* field order: (frame 0, field 0), (0, 1), (1, 0), (1, 1), ... */
            for (int i = 0; i < s.n; i++) {
                CHECK_EQ(s.st[i].input_frame, i / 2);
                CHECK_EQ(s.st[i].field, i % 2);
            }
            s = (sink){ 0 };
            c.rate = G7SF_VPP_RATE_FRAME;
            CHECK_EQ(run(&c, q, 2, n, &s), 0);
            CHECKF(s.n == n, "mode %zu: %d outputs at frame rate", m, s.n);
        }
    for (int i = 0; i < 2; i++)
        pic_free(&q[i]);
}

/* Vertical stripes: bob (SDI at 90 degrees) gives every field back from the
 * first frame on. */
TEST(bob_static_stripes)
{
    pic q;
    pic_alloc(&q, 64, 48, true);
    pic_columns(&q);
    sink s = { .expect = &q, .expect_to = 4 };
    g7sf_vpp_config c = config(64, 48, G7SF_VPP_DI_BOB, G7SF_VPP_RATE_FIELD);
    int err = run(&c, &q, 1, 5, &s);
    pic_free(&q);
    CHECK_EQ(err, 0);
    CHECK_EQ(s.n, 10);
    CHECKF(s.mismatches == 0, "%d planes differ", s.mismatches);
}

/* A static scene with diagonal luma ramps (which SDI does not rebuild
 * exactly) and random 4:2:0 chroma comes back exactly, both fields, from
 * the first pass after the first frame (input frames 1 to 7 of 9): the
 * STMM pre-roll (spec-notes, "Deinterlace on real footage") measures a
 * still pair as 0 (TDM 0), saves (128 * 0 + 128 * 0) >> 8 = 0 from its
 * STMM of 0, and the real pass does the same from that: below Minimum STMM 32,
 * so every missing pixel is the temporal average of two equal fields.
 * Frame 0's 1st field is SDI (no previous frame).  The flushed last field
 * comes from a pass against the last frame itself: the same zero STMM, so
 * it is woven with its own frame's 1st field, exact (it was SDI before).
 * Without the pre-roll the first frame's STMM of 255 (pass k saves
 * 128 * S >> 8: 255, 127, 63, 31 ...) would keep the blend spatial until
 * pass 3.  The chroma goes through the unit's field up-sampler and
 * our down-sampler. */
TEST(static_scene_comes_back)
{
    static const enum g7sf_vpp_deinterlace modes[] = { G7SF_VPP_DI_MADI, G7SF_VPP_DI_MCDI,
                                                       G7SF_VPP_DI_AUTO };
    pic q;
    pic_alloc(&q, 64, 48, true);
    pic_random(&q);
    for (int y = 0; y < q.h; y++)
        for (int x = 0; x < q.w; x++)
            q.p.data[0][y * q.w + x] = (uint8_t)(2 * x + 3 * y);
    for (size_t m = 0; m < 3; m++) {
        sink s = { .expect = &q, .expect_from = 1, .expect_to = 8 };
        g7sf_vpp_config c = config(64, 48, modes[m], G7SF_VPP_RATE_FIELD);
        int err = run(&c, &q, 1, 9, &s);
        CHECK_EQ(err, 0);
        CHECK_EQ(s.n, 18);
        CHECKF(s.mismatches == 0, "mode %zu: %d planes differ", m, s.mismatches);
    }
    pic_free(&q);
}

/* A static scene whose 4:2:0 Cb is a vertical ramp 40 + 4c comes back
 * exactly as 4:2:0, and as 4:2:2 with progressive siting (spec-notes), in
 * the output of input frame 6 (static_scene_comes_back: exact from frame
 * 1). */
TEST(chroma_ramp_round_trip)
{
    pic q;
    pic_alloc(&q, 64, 48, true);
    pic_columns(&q);
    for (int y = 0; y < q.ch; y++)
        memset(q.p.data[1] + y * q.cw, 40 + 4 * y, (size_t)q.cw);
    for (int out422 = 0; out422 < 2; out422++) {
        sink s = { 0 };
        g7sf_vpp_config c = config(64, 48, G7SF_VPP_DI_MADI, G7SF_VPP_RATE_FRAME);
        c.output_422 = out422;
        int err = run(&c, &q, 1, 7, &s);
        CHECK_EQ(err, 0);
        CHECK_EQ(s.n, 7);
        for (int y = 0; y < (out422 ? q.h : q.ch); y++) {
            /* 4:2:2 line 2k + 1: (6 C[k] + 2 C[k + 1] + 4) >> 3 = C[k] + 1;
             * line 2k: (2 C[k - 1] + 6 C[k] + 4) >> 3 = C[k] - 1 (316 >> 3 = 39);
             * the first and last lines clamp to C[0], C[23] */
            int k = y / 2, want = !out422 ? 40 + 4 * y
                                 : y == 0 || y == q.h - 1 ? 40 + 4 * k
                                 : y & 1 ? 41 + 4 * k : 39 + 4 * k;
            CHECKF(s.cb_col[y] == want, "4:2:%d Cb line %d: %d, want %d", out422 ? 2 : 0, y,
                   s.cb_col[y], want);
        }
    }
    pic_free(&q);
}

/* Inverse telecine: clean 3:2 of a panning texture (every film frame
 * differs), each phase tried for both field orders.  The detector must lock
 * within 10 fields; from then on every output is the next film frame,
 * bit-exact in every plane (woven chroma comes from the two source fields,
 * spec-notes), each film frame once. */
typedef struct film_sink {
    const synth_seq *film;
    int n, before_lock, first_locked_input, first_film, last_film, bad_luma, bad_chroma, skipped;
} film_sink;

/* Whether planes p0..p1 of an output equal those of a frame. */
static bool same_planes(const g7sf_vpp_picture *out, const vio_frame *f, int p0, int p1)
{
    for (int p = p0; p <= p1; p++)
        for (int y = 0; y < f->height[p]; y++)
            if (memcmp(out->data[p] + y * out->stride[p], f->data[p] + y * f->stride[p],
                       (size_t)f->width[p]))
                return false;
    return true;
}

/* Pushes every frame of a sequence and flushes. */
static int push_seq(const g7sf_vpp_config *c, const synth_seq *seq, g7sf_vpp_emit emit,
                    void *user)
{
    int err;
    g7sf_vpp *v = g7sf_vpp_create(c, &err);
    for (long i = 0; i < seq->n && !err; i++) {
        const vio_frame *f = &seq->f[i];
        g7sf_vpp_picture p = { { f->data[0], f->data[1], f->data[2] },
                               { (int)f->stride[0], (int)f->stride[1], (int)f->stride[2] } };
        err = g7sf_vpp_push(v, &p, emit, user);
    }
    if (!err)
        err = g7sf_vpp_flush(v, emit, user);
    g7sf_vpp_destroy(v);
    return err;
}

static int film_match(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    film_sink *s = user;
    s->n++;
    if (!st->locked && s->first_film < 0)
        return 0;
    if (s->first_film < 0)
        s->first_locked_input = (int)st->input_frame, s->before_lock = s->n - 1;
    int match = -1;
    for (long k = 0; k < s->film->n && match < 0; k++)
        if (same_planes(out, &s->film->f[k], 0, 0))
            match = (int)k;
    if (match < 0) {
        s->bad_luma++;
        return 0;
    }
    s->bad_chroma += !same_planes(out, &s->film->f[match], 1, 2);
    if (s->first_film >= 0 && match != s->last_film + 1)
        s->skipped++;
    if (s->first_film < 0)
        s->first_film = match;
    s->last_film = match;
    return 0;
}

TEST(film_rate_inverse_telecine)
{
    enum { W = 192, H = 96, NFILM = 30 };
    synth_seq film;
    synth_seq_init(&film, VIO_CHROMA_420, W, H);
    CHECK_EQ(synth_seq_render(&film, SYNTH_PAN, 0, 1, NFILM), 0);
    for (int phase = 0; phase < 10; phase += 3)
        for (int tff = 0; tff < 2; tff++) {
            synth_seq tc;
            synth_seq_init(&tc, VIO_CHROMA_420, W, H);
            CHECK_EQ(synth_seq_telecine(&tc, &film, SYNTH_PULLDOWN_32, phase, tff), 0);
            g7sf_vpp_config c = config(W, H, G7SF_VPP_DI_AUTO, G7SF_VPP_RATE_FILM);
            c.top_first = tff;
            film_sink s = { .film = &film, .first_film = -1, .last_film = -1 };
            int err = push_seq(&c, &tc, film_match, &s);
            synth_seq_free(&tc);
            CHECK_EQ(err, 0);
            CHECKF(s.first_film >= 0 && s.first_locked_input <= 5,
                   "phase %d tff %d: locked at input frame %d", phase, tff, s.first_locked_input);
            CHECKF(!s.bad_luma && !s.skipped, "phase %d tff %d: %d outputs not film frames, %d jumps",
                   phase, tff, s.bad_luma, s.skipped);
            CHECKF(s.bad_chroma == 0, "phase %d tff %d: %d outputs with film luma, other chroma",
                   phase, tff, s.bad_chroma);
            /* the outputs before the lock (one per input frame), then each
             * film frame once up to the last one or the one before it */
            CHECKF(s.last_film >= NFILM - 2, "phase %d tff %d: last film frame %d", phase, tff,
                   s.last_film);
            CHECK(s.before_lock <= s.first_locked_input + 1);
            CHECK_EQ(s.n, s.before_lock + (s.last_film - s.first_film + 1));
        }
    synth_seq_free(&film);
}

/* Field rate on clean telecine (3:2 every phase, 2:2 both, both field
 * orders): from the lock on, output j is the film frame field j shows,
 * exact in every plane, up to the last field, which g7sf_vpp_flush weaves
 * with its own frame's 1st field when both show one film frame (else it
 * has no partner yet and is deinterlaced, not checked). */
typedef struct field_sink {
    enum synth_pulldown pd;
    int phase, n, first_locked, bad, last_bad;
    const synth_seq *film;
} field_sink;

static int field_match(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    field_sink *s = user;
    int j = s->n++;
    if (s->first_locked < 0 && st->locked)
        s->first_locked = j;
    if (s->first_locked < 0)
        return 0;
    const vio_frame *f = &s->film->f[synth_pulldown_source(s->pd, s->phase, j)];
    bool same = same_planes(out, f, 0, 2);
    s->bad += !same;
    s->last_bad = same ? -1 : j;
    return 0;
}

TEST(field_rate_film_exact_to_the_last_field)
{
    enum { W = 192, H = 96, NFILM = 16 };
    synth_seq film;
    synth_seq_init(&film, VIO_CHROMA_420, W, H);
    CHECK_EQ(synth_seq_render(&film, SYNTH_PAN, 0, 1, NFILM), 0);
    for (int pd = SYNTH_PULLDOWN_32; pd <= SYNTH_PULLDOWN_22; pd++)
        for (int phase = 0; phase < (pd == SYNTH_PULLDOWN_32 ? 10 : 2); phase++)
            for (int tff = 0; tff < 2; tff++) {
                synth_seq tc;
                synth_seq_init(&tc, VIO_CHROMA_420, W, H);
                CHECK_EQ(synth_seq_telecine(&tc, &film, pd, phase, tff), 0);
                g7sf_vpp_config c = config(W, H, G7SF_VPP_DI_AUTO, G7SF_VPP_RATE_FIELD);
                c.top_first = tff;
                field_sink s = { pd, phase, 0, -1, 0, -1, &film };
                int err = push_seq(&c, &tc, field_match, &s);
                long last = 2 * tc.n - 1;
                bool woven = synth_pulldown_source(pd, phase, last) ==
                             synth_pulldown_source(pd, phase, last - 1);
                synth_seq_free(&tc);
                CHECK_EQ(err, 0);
                CHECK_EQ(s.n, last + 1);
                CHECKF(s.first_locked >= 0 && s.first_locked <= 10,
                       "pd %d phase %d tff %d: first locked field %d", pd, phase, tff,
                       s.first_locked);
                int bad = s.bad - (!woven && s.last_bad == last);
                CHECKF(bad == 0, "pd %d phase %d tff %d: %d fields differ from their film "
                       "frame (last %s, %s)", pd, phase, tff, bad, woven ? "woven" : "alone",
                       s.last_bad == last ? "differs" : "exact");
            }
    synth_seq_free(&film);
}

typedef struct keep_c {
    uint8_t *cb, *cr;
    size_t n;
} keep_c;

static int keep_chroma(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    keep_c *k = user;
    (void)st;
    memcpy(k->cb, out->data[1], k->n);
    memcpy(k->cr, out->data[2], k->n);
    return 0;
}

/* A static scene with a clean luma and fresh Gaussian chroma noise (sigma
 * 4) in every frame, denoised: Haswell's chroma denoise brings U and V
 * closer to the clean scene; Ivy Bridge passes chroma through untouched
 * (without DI) or only resampled (with DI, where Haswell must still win). */
TEST(hsw_denoises_chroma)
{
    enum { W = 128, H = 64, CW = W / 2, CH = H / 2, N = 8 };
    uint8_t clean[CW * CH], got[2][CW * CH];
    for (int y = 0; y < CH; y++)
        for (int x = 0; x < CW; x++)
            clean[y * CW + x] = (uint8_t)(96 + x + y / 8 * 6);
    static const enum g7sf_vpp_deinterlace mode[2] = { G7SF_VPP_DI_OFF, G7SF_VPP_DI_MADI };
    for (int m = 0; m < 2; m++) {
        double out_psnr[2] = { 0, 0 }, in_psnr = 0;
        for (int plat = 0; plat < 2; plat++) {
            pic q;
            pic_alloc(&q, W, H, true);
            for (int i = 0; i < W * H; i++)
                q.p.data[0][i] = (uint8_t)(80 + i % W);
            g7sf_vpp_config c = config(W, H, mode[m], G7SF_VPP_RATE_FRAME);
            c.denoise = 32;
            c.platform = plat ? G7SF_HSW : G7SF_IVB;
            int err;
            g7sf_vpp *v = g7sf_vpp_create(&c, &err);
            CHECK_EQ(err, 0);
            if (!v)
                return;
            keep_c k = { got[0], got[1], sizeof clean };
            int untouched = 0;
            for (int f = 0; f < N; f++) {
                for (int p = 1; p < 3; p++)
                    for (int i = 0; i < CW * CH; i++) {
                        double s = clean[i] + 4 * gauss();
                        q.p.data[p][i] = (uint8_t)(s < 0 ? 0 : s > 255 ? 255 : lround(s));
                    }
                in_psnr = psnr(q.p.data[1], clean, sizeof clean);
                CHECK_EQ(g7sf_vpp_push(v, &q.p, keep_chroma, &k), 0);
                untouched += !memcmp(got[0], q.p.data[1], sizeof clean) &&
                             !memcmp(got[1], q.p.data[2], sizeof clean);
            }
            out_psnr[plat] =
                (psnr(got[0], clean, sizeof clean) + psnr(got[1], clean, sizeof clean)) / 2;
            /* HSW: only the first frame (no previous frame) comes out as input */
            if (mode[m] == G7SF_VPP_DI_OFF)
                CHECKF(untouched == (plat ? 1 : N), "%s: %d of %d frames with chroma as input",
                       plat ? "HSW" : "IVB", untouched, N);
            g7sf_vpp_destroy(v);
            pic_free(&q);
        }
        /* sigma 4: about 36 dB in; the temporal filter over up to 8 frames
         * gains several dB */
        CHECKF(out_psnr[1] > in_psnr + 3 && out_psnr[1] > out_psnr[0] + 2,
               "mode %d: chroma PSNR in %.2f dB, IVB %.2f dB, HSW %.2f dB", m, in_psnr,
               out_psnr[0], out_psnr[1]);
        printf("  chroma denoise (%s): PSNR %.2f dB in, IVB %.2f dB, HSW %.2f dB\n",
               m ? "madi" : "off", in_psnr, out_psnr[0], out_psnr[1]);
    }
}
