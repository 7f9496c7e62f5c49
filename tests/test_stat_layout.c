/* The statistics surface layouts (src/vpp/stat_layout.h): Haswell's
 * 64-byte line per 16x4 against the table of 002 (lines 594-636), byte by
 * byte; DN/DI passes and whole pipelines giving the same output in both
 * layouts; bad sizes.  Offsets are written from the table and §2.8.6.2 by
 * hand, not from the library's arithmetic. */
#include <stdlib.h>
#include <string.h>

#include "dndi_setup.h"
#include "gen7sf/state.h"
#include "gen7sf/vpp.h"
#include "harness.h"
#include "synth.h"
#include "vpp/vpp_pass.h"

enum { W = 32, H = 16, PITCH = 40, SIZE = PITCH * H };

/* 002 lines 594-636, one 16x4 block's line: 'S' STMM of pair i (luma x 2i,
 * 2i + 1 of the block) on line r; 'Y', 'U', 'V' history of the block's 4x4
 * i; '-' not used.  The text's second "36-47" is bytes 52-63. */
typedef struct cell {
    char what;
    int i, r;
} cell;

static const cell spec[64] = {
    { 'S', 0, 0 }, { 'S', 1, 0 }, { 'Y', 0, 0 }, { '-', 0, 0 },
    { 'S', 2, 0 }, { 'S', 3, 0 }, { 'Y', 1, 0 }, { '-', 1, 0 },
    { 'S', 4, 0 }, { 'S', 5, 0 }, { 'Y', 2, 0 }, { '-', 2, 0 },
    { 'S', 6, 0 }, { 'S', 7, 0 }, { 'Y', 3, 0 }, { '-', 3, 0 },
    { 'S', 0, 1 }, { 'S', 1, 1 }, { 'U', 0, 0 }, { '-', 0, 0 },
    { 'S', 2, 1 }, { 'S', 3, 1 }, { 'U', 1, 0 }, { '-', 1, 0 },
    { 'S', 4, 1 }, { 'S', 5, 1 }, { 'U', 2, 0 }, { '-', 2, 0 },
    { 'S', 6, 1 }, { 'S', 7, 1 }, { 'U', 3, 0 }, { '-', 3, 0 },
    { 'S', 0, 2 }, { 'S', 1, 2 }, { 'V', 0, 0 }, { '-', 0, 0 },
    { 'S', 2, 2 }, { 'S', 3, 2 }, { 'V', 1, 0 }, { '-', 1, 0 },
    { 'S', 4, 2 }, { 'S', 5, 2 }, { 'V', 2, 0 }, { '-', 2, 0 },
    { 'S', 6, 2 }, { 'S', 7, 2 }, { 'V', 3, 0 }, { '-', 3, 0 },
    { 'S', 0, 3 }, { 'S', 1, 3 }, { '-', 0, 0 }, { '-', 0, 0 },
    { 'S', 2, 3 }, { 'S', 3, 3 }, { '-', 1, 0 }, { '-', 1, 0 },
    { 'S', 4, 3 }, { 'S', 5, 3 }, { '-', 2, 0 }, { '-', 2, 0 },
    { 'S', 6, 3 }, { 'S', 7, 3 }, { '-', 3, 0 }, { '-', 3, 0 },
};

static const char field_name[] = "SYUV";

/* Where the Haswell layout keeps field f of (x, y) (as vpp_stat_at counts
 * them): the table's byte in the line of the 16x4 holding it, the lines of
 * a row of blocks one after the other from 4 * pitch * block row. */
static size_t hsw_at(int pitch, enum vpp_stat_field f, int x, int y)
{
    int bx = f == VPP_STAT_STMM ? x / 8 : x / 4, by = f == VPP_STAT_STMM ? y / 4 : y;
    int i = f == VPP_STAT_STMM ? x % 8 : x % 4, r = f == VPP_STAT_STMM ? y % 4 : 0;
    for (int b = 0; b < 64; b++)
        if (spec[b].what == field_name[f] && spec[b].i == i && spec[b].r == r)
            return (size_t)by * 4 * pitch + (size_t)bx * 64 + (size_t)b;
    return (size_t)-1;
}

/* §2.8.6.2 (001 lines 1542-1564), and U, V height / 4 and height / 2 rows
 * below the luma histories. */
static size_t ivb_at(int pitch, int height, enum vpp_stat_field f, int x, int y)
{
    if (f == VPP_STAT_STMM)
        return (size_t)y * pitch + (size_t)x;
    return (size_t)(y + (f - VPP_STAT_HIST_Y) * (height / 4)) * pitch + (size_t)(pitch / 2 + x);
}

/* Values of field f across a width x height frame. */
static int field_w(enum vpp_stat_field f, int width)
{
    return f == VPP_STAT_STMM ? width / 2 : width / 4;
}

static int field_h(enum vpp_stat_field f, int height)
{
    return f == VPP_STAT_STMM ? height : height / 4;
}

TEST(offsets_follow_the_table)
{
    vpp_stat hsw = { VPP_STAT_HSW, PITCH, H }, ivb = { VPP_STAT_IVB, PITCH, H };
    uint8_t seen[SIZE] = { 0 };
    for (int f = VPP_STAT_STMM; f <= VPP_STAT_HIST_V; f++)
        for (int y = 0; y < field_h(f, H); y++)
            for (int x = 0; x < field_w(f, W); x++) {
                size_t o = vpp_stat_at(&hsw, f, x, y);
                CHECKF(o == hsw_at(PITCH, f, x, y), "%c (%d,%d): %zu", field_name[f], x, y, o);
                CHECK_EQ(vpp_stat_at(&ivb, f, x, y), ivb_at(PITCH, H, f, x, y));
                if (o < SIZE)
                    seen[o]++;
            }
    /* the unused bytes of the 4x4 k: the '-' bytes of its 4 bytes per line */
    for (int y = 0; y < H / 4; y++)
        for (int x = 0; x < W / 4; x++) {
            size_t off[VPP_STAT_UNUSED_MAX];
            CHECK_EQ(vpp_stat_unused(&ivb, x, y, off), 0);
            int n = vpp_stat_unused(&hsw, x, y, off);
            CHECK_EQ(n, 5);
            for (int k = 0; k < n; k++) {
                size_t line = (size_t)y * 4 * PITCH + (size_t)(x / 4) * 64, b = off[k] - line;
                CHECKF(b < 64 && spec[b].what == '-' && spec[b].i == x % 4,
                       "4x4 (%d,%d): byte %zu", x, y, b);
                if (off[k] < SIZE)
                    seen[off[k]]++;
            }
        }
    /* every byte of the blocks' lines once, the rest of each row of
     * blocks (4 * pitch - 4 * width bytes) never */
    for (int i = 0; i < SIZE; i++)
        CHECKF(seen[i] == (i % (4 * PITCH) < 4 * W), "byte %d: %d", i, seen[i]);
    /* a few by hand: the 2nd block of the 2nd row of blocks */
    size_t b2 = 4 * PITCH + 64;
    CHECK_EQ(vpp_stat_at(&hsw, VPP_STAT_STMM, 8 + 3, 4 + 1), b2 + 21);
    CHECK_EQ(vpp_stat_at(&hsw, VPP_STAT_HIST_Y, 4 + 2, 1), b2 + 10);
    CHECK_EQ(vpp_stat_at(&hsw, VPP_STAT_HIST_U, 4 + 3, 1), b2 + 30);
    CHECK_EQ(vpp_stat_at(&hsw, VPP_STAT_HIST_V, 4 + 1, 1), b2 + 38);
    CHECK_EQ(vpp_stat_at(&hsw, VPP_STAT_STMM, 8 + 7, 4 + 3), b2 + 61);
    CHECK_EQ(vpp_stat_at(&ivb, VPP_STAT_HIST_V, 5, 3), (3 + 8) * PITCH + 20 + 5);
}

/* ---- passes -------------------------------------------------------------- */

/* The driver's DN/DI state (dndi_setup), as the pass takes it. */
static g7sf_sampler_state_di state(d_state ds)
{
    uint32_t dw[8];
    g7sf_sampler_state_di s;
    d_state_dwords(&ds, dw);
    g7sf_state_unpack(&g7sf_desc_SAMPLER_STATE_DI, dw, &s);
    return s;
}

/* Everything a pass writes. */
typedef struct outs {
    uint8_t frames[8][W * H];   /* prev2 Y Cb Cr, cur1 Y Cb Cr, dn, unused */
    uint8_t dn_c[2][W / 2 * H];
    uint8_t stat[SIZE];
    vpp_pass_out o;
} outs;

static void outs_init(outs *r)
{
    memset(r, 0x33, sizeof *r);
    memset(r->stat, 0xAA, sizeof r->stat);
    r->o = (vpp_pass_out){ .dn = { r->frames[6], W }, .dn_c = { { r->dn_c[0], W / 2 },
                                                                { r->dn_c[1], W / 2 } },
                           .stat_out = r->stat };
    for (int i = 0; i < 3; i++) {
        r->o.prev2[i] = (vpp_wplane){ r->frames[i], i ? W / 2 : W };
        r->o.cur1[i] = (vpp_wplane){ r->frames[3 + i], i ? W / 2 : W };
    }
}

/* Field f of `from` (layout a) copied to `to` (layout b), both surfaces of
 * the W x H frame. */
static void convert(const uint8_t *from, bool from_hsw, uint8_t *to, bool to_hsw)
{
    for (int f = VPP_STAT_STMM; f <= VPP_STAT_HIST_V; f++)
        for (int y = 0; y < field_h(f, H); y++)
            for (int x = 0; x < field_w(f, W); x++)
                to[to_hsw ? hsw_at(PITCH, f, x, y) : ivb_at(PITCH, H, f, x, y)] =
                    from[from_hsw ? hsw_at(PITCH, f, x, y) : ivb_at(PITCH, H, f, x, y)];
}

static int run_pass(const g7sf_sampler_state_di *s, const d_frame *cur, const d_frame *prev,
                    const uint8_t *stat_in, enum vpp_stat_layout l, bool chroma_dn, outs *r)
{
    static g7sf_dn_chroma_params cp;
    g7sf_dn_chroma_params_from_values(140, 13, 7, &cp);
    g7sf_yuv c = d_frame_yuv(cur), p = d_frame_yuv(prev);
    vpp_pass_in in = { s, &c, &p, stat_in, PITCH, chroma_dn ? &cp : NULL, l };
    outs_init(r);
    return vpp_pass_run(&in, &r->o, 0, vpp_pass_rows(s, H), false, NULL);
}

/* A DN pass (4:2:0, chroma DN) from histories placed at the table's bytes:
 * each lands, updated, at the same byte; the unused bytes become 0; the
 * STMM bytes are the DI's and stay.  Y and V are static, U moves. */
TEST(dn_histories_land_in_the_table)
{
    d_frame f = d_frame_new(W, H, G7SF_CHROMA_420), pv = d_frame_new(W, H, G7SF_CHROMA_420);
    d_frame_random(&f);
    for (int i = 0; i < 3; i++)
        memcpy(pv.p[i], f.p[i], (size_t)(i ? f.cw * f.ch : W * H));
    for (int i = 0; i < f.cw * f.ch; i++)
        pv.p[1][i] ^= 0x80;
    g7sf_sampler_state_di s = state((d_state){ .dn = true, .top_first = true });
    s.denoise_maximum_history = 240;
    unsigned delta = s.denoise_history_delta;
    uint8_t in[SIZE];
    memset(in, 0x5A, sizeof in);
    /* luma 128 + n, U 160 + n, V 192 + n for the n-th 4x4: static groups
     * add delta (all stay below 240), moving ones halve */
    for (int n = 0; n < W / 4 * (H / 4); n++)
        for (int p = 0; p < 3; p++)
            in[hsw_at(PITCH, VPP_STAT_HIST_Y + p, n % (W / 4), n / (W / 4))] =
                (uint8_t)(128 + 32 * p + n);
    outs *r = malloc(sizeof *r);
    for (int first = 0; first < 2; first++) {
        s.dndi_first_frame = first;
        CHECK_EQ(run_pass(&s, &f, &pv, in, VPP_STAT_HSW, true, r), 0);
        for (int by = 0; by < H / 4; by++)
            for (int bx = 0; bx < W / 16; bx++)
                for (int b = 0; b < 64; b++) {
                    int got = r->stat[by * 4 * PITCH + bx * 64 + b], want = 0xAA;
                    /* plane -1 STMM, 0 Y, 1 U, 2 V; history n: the 4x4 (4 bx + i, by) */
                    const char *c = strchr(field_name, spec[b].what);
                    int plane = c ? (int)(c - field_name) - 1 : -2;
                    int n = by * (W / 4) + 4 * bx + spec[b].i, h = 128 + 32 * plane + n;
                    if (plane == -2)
                        want = 0;
                    else if (plane >= 0)
                        want = first ? 0 : plane == 1 ? h / 2 : h + (int)delta;
                    CHECKF(got == want, "first %d block (%d,%d) byte %d (%c): %d, want %d",
                           first, bx, by, b, spec[b].what, got, want);
                }
    }
    free(r);
    d_frame_free(&f);
    d_frame_free(&pv);
}

/* prev: cur with each 4x4 of each plane the same, off by one, or new. */
static void prev_from(const d_frame *cur, d_frame *prev)
{
    for (int i = 0; i < 3; i++) {
        int w = i ? cur->cw : W, h = i ? cur->ch : H;
        for (int y = 0; y < h; y += 4)
            for (int x = 0; x < w; x += 4) {
                unsigned mode = (unsigned)(t_rand() % 3);
                for (int k = 0; k < 16; k++) {
                    int j = (y + k / 4) * w + x + k % 4, v = cur->p[i][j];
                    if (y + k / 4 < h)
                        prev->p[i][j] = mode == 0   ? (uint8_t)v
                                        : mode == 1 ? (uint8_t)(v ^ (t_rand() & 1))
                                                    : (uint8_t)t_rand();
                }
            }
    }
}

/* A pass in the Haswell layout, from the same statistics as one in Ivy
 * Bridge's, writes the same frames, counters and statistics (each value at
 * its own layout's byte; unused bytes 0).  fill: random statistics, or all
 * 0, or all 255. */
static void layouts_agree(const char *what, g7sf_sampler_state_di s, enum g7sf_chroma chroma,
                          bool chroma_dn, int fill)
{
    d_frame cur = d_frame_new(W, H, chroma), prev = d_frame_new(W, H, chroma);
    d_frame_random(&cur);
    prev_from(&cur, &prev);
    uint8_t ivb_in[SIZE], hsw_in[SIZE];
    for (int i = 0; i < SIZE; i++)
        ivb_in[i] = fill < 0 ? (uint8_t)t_rand() : (uint8_t)fill;
    memset(hsw_in, 0x5A, sizeof hsw_in);    /* unused bytes: not read */
    convert(ivb_in, false, hsw_in, true);
    outs *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    CHECK_EQ(run_pass(&s, &cur, &prev, ivb_in, VPP_STAT_IVB, chroma_dn, a), 0);
    CHECK_EQ(run_pass(&s, &cur, &prev, hsw_in, VPP_STAT_HSW, chroma_dn, b), 0);
    CHECKF(!memcmp(a->frames, b->frames, sizeof a->frames), "%s: frames", what);
    CHECKF(!memcmp(a->dn_c, b->dn_c, sizeof a->dn_c), "%s: chroma", what);
    CHECKF(!memcmp(&a->o.gne, &b->o.gne, sizeof a->o.gne) &&
               !memcmp(&a->o.fmd, &b->o.fmd, sizeof a->o.fmd) &&
               a->o.moving_4x4 == b->o.moving_4x4 && a->o.motion_pixels == b->o.motion_pixels,
           "%s: counters", what);
    /* b's values moved to a's layout; what a left alone b left alone (0xAA) */
    uint8_t back[SIZE];
    memset(back, 0xAA, sizeof back);
    convert(b->stat, true, back, false);
    CHECKF(!memcmp(a->stat, back, sizeof back), "%s: statistics", what);
    vpp_stat hsw = { VPP_STAT_HSW, PITCH, H };
    for (int y = 0; y < H / 4; y++)
        for (int x = 0; x < W / 4; x++) {
            size_t off[VPP_STAT_UNUSED_MAX];
            for (int n = vpp_stat_unused(&hsw, x, y, off), k = 0; k < n; k++)
                CHECKF(b->stat[off[k]] == 0, "%s: unused byte %zu", what, off[k]);
        }
    free(a);
    free(b);
    d_frame_free(&cur);
    d_frame_free(&prev);
}

TEST(passes_agree_across_layouts)
{
    static const struct { const char *what; d_state ds; enum g7sf_chroma chroma; bool cdn; } t[] = {
        { "DN", { .dn = true }, G7SF_CHROMA_420, false },
        { "DN progressive", { .dn = true, .progressive = true }, G7SF_CHROMA_422, false },
        { "DN + chroma 420", { .dn = true, .top_first = true }, G7SF_CHROMA_420, true },
        { "DN + chroma 422", { .dn = true, .stream_id = 1 }, G7SF_CHROMA_422, true },
        { "MADI", { .di = true, .top_first = true }, G7SF_CHROMA_420, false },
        { "MADI bottom first", { .di = true }, G7SF_CHROMA_422, false },
        { "MCDI", { .di = true, .mcdi = true, .top_first = true }, G7SF_CHROMA_420, false },
        { "DN + DI", { .dn = true, .di = true }, G7SF_CHROMA_420, false },
        { "DN + MCDI + chroma", { .dn = true, .di = true, .mcdi = true, .top_first = true },
          G7SF_CHROMA_422, true },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        for (int first = 0; first < 2; first++)
            for (int fill = -1; fill <= 255; fill += fill < 0 ? 1 : 255) {
                d_state ds = t[i].ds;
                ds.first = first;
                layouts_agree(t[i].what, state(ds), t[i].chroma, t[i].cdn, fill);
            }
}

TEST(bad_sizes_rejected)
{
    CHECK(vpp_stat_ok(VPP_STAT_HSW, PITCH, W, H));
    CHECK(vpp_stat_ok(VPP_STAT_IVB, W, W, 4));
    CHECK(!vpp_stat_ok(VPP_STAT_HSW, PITCH, W - 8, H));         /* not whole 16x4s */
    CHECK(!vpp_stat_ok(VPP_STAT_HSW, PITCH, 0, H));
    CHECK(!vpp_stat_ok(VPP_STAT_HSW, PITCH, W, H - 2));
    CHECK(!vpp_stat_ok(VPP_STAT_HSW, PITCH, W, 0));
    CHECK(!vpp_stat_ok(VPP_STAT_HSW, W - 2, W, H));             /* pitch < width */
    CHECK(!vpp_stat_ok(VPP_STAT_HSW, PITCH + 1, W, H));         /* odd */
    CHECK(!vpp_stat_ok((enum vpp_stat_layout)2, PITCH, W, H));
    d_frame f = d_frame_new(W, H, G7SF_CHROMA_420);
    d_frame_random(&f);
    g7sf_sampler_state_di s = state((d_state){ .dn = true, .di = true });
    g7sf_yuv c = d_frame_yuv(&f);
    uint8_t st[SIZE];
    outs *r = malloc(sizeof *r);
    outs_init(r);
    vpp_pass_in in = { &s, &c, &c, st, PITCH, NULL, VPP_STAT_HSW };
    CHECK_EQ(vpp_pass_run(&in, &r->o, 0, 1, false, NULL), 0);
    in.stat_layout = (enum vpp_stat_layout)2;
    CHECK_EQ(vpp_pass_run(&in, &r->o, 0, 1, false, NULL), G7SF_EINVAL);
    in.stat_layout = VPP_STAT_HSW, in.stat_pitch = W - 2;
    CHECK_EQ(vpp_pass_run(&in, &r->o, 0, 1, false, NULL), G7SF_EINVAL);
    in.stat_pitch = PITCH - 1;
    CHECK_EQ(vpp_pass_run(&in, &r->o, 0, 1, false, NULL), G7SF_EINVAL);
    free(r);
    d_frame_free(&f);

    g7sf_vpp_config cfg = { .width = 64, .height = 32, .chroma = G7SF_CHROMA_420,
                            .deinterlace = G7SF_VPP_DI_MADI, .denoise = -1, .threads = 1 };
    for (int pl = G7SF_IVB; pl <= G7SF_HSW; pl++)
        for (int l = G7SF_VPP_STAT_NATIVE; l <= G7SF_VPP_STAT_HSW + 1; l++) {
            cfg.platform = pl, cfg.stat_layout = l;
            int err = 1;
            g7sf_vpp *v = g7sf_vpp_create(&cfg, &err);
            CHECKF(!v == (l > G7SF_VPP_STAT_HSW), "platform %d layout %d", pl, l);
            CHECK_EQ(err, l > G7SF_VPP_STAT_HSW ? G7SF_EINVAL : 0);
            g7sf_vpp_destroy(v);
        }
}

/* ---- the pipeline ------------------------------------------------------- */

/* Every output frame and its statistics, folded into one hash. */
typedef struct sink {
    int w, h, cw, ch, n;
    uint64_t hash;
} sink;

static uint64_t mix(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const uint8_t *)p)[i]) * 1099511628211ull;
    return h;
}

static int collect(void *user, const g7sf_vpp_picture *out, const g7sf_vpp_stats *st)
{
    sink *s = user;
    for (int i = 0; i < 3; i++)
        for (int y = 0; y < (i ? s->ch : s->h); y++)
            s->hash = mix(s->hash, out->data[i] + (size_t)y * out->stride[i],
                          (size_t)(i ? s->cw : s->w));
    const long ints[] = { st->input_frame, st->field, st->gne_sum, st->gne_count,
                          st->noise_th, st->temporal_diff_th, st->temporal_diff_low, st->locked };
    s->hash = mix(s->hash, ints, sizeof ints);
    s->hash = mix(s->hash, st->cadence, strlen(st->cadence));
    s->hash = mix(s->hash, &st->moving, sizeof st->moving);
    s->n++;
    return 0;
}

static sink run_clip(g7sf_vpp_config c, const synth_seq *clip)
{
    sink s = { c.width, c.height, (c.width + 1) / 2,
               c.chroma == G7SF_CHROMA_420 ? (c.height + 1) / 2 : c.height, 0,
               1469598103934665603ull };
    int err;
    g7sf_vpp *v = g7sf_vpp_create(&c, &err);
    CHECK(v);
    for (long i = 0; v && i < clip->n && !err; i++) {
        const vio_frame *f = &clip->f[i];
        g7sf_vpp_picture p = { { f->data[0], f->data[1], f->data[2] },
                               { (int)f->stride[0], (int)f->stride[1], (int)f->stride[2] } };
        err = g7sf_vpp_push(v, &p, collect, &s);
    }
    if (v && !err)
        err = g7sf_vpp_flush(v, collect, &s);
    CHECK_EQ(err, 0);
    g7sf_vpp_destroy(v);
    return s;
}

TEST(pipeline_output_identical_across_layouts)
{
    static const struct { enum g7sf_vpp_deinterlace di; int denoise; enum g7sf_platform pl; } m[] = {
        { G7SF_VPP_DI_OFF, 24, G7SF_IVB },      /* DN only */
        { G7SF_VPP_DI_WEAVE, 40, G7SF_HSW },    /* DN only, Haswell chroma DN */
        { G7SF_VPP_DI_MADI, -1, G7SF_IVB },     /* DI */
        { G7SF_VPP_DI_AUTO, 16, G7SF_IVB },     /* DN + DI, film detection */
        { G7SF_VPP_DI_MCDI, 32, G7SF_HSW },     /* DN + DI, chroma DN */
    };
    /* still: the histories grow; zone: noisy motion */
    static const char *const kinds[] = { "text", "still", "film", "zone" };
    for (int c422 = 0; c422 < 2; c422++)
        for (int tf = 0; tf < 2; tf++) {
            /* 90 x 50: padded to whole blocks */
            int w = c422 ? 64 : 90, h = c422 ? 48 : 50;
            synth_clip clip;
            synth_clip_init(&clip, c422 ? VIO_CHROMA_422 : VIO_CHROMA_420, w, h);
            for (int k = 0; k < 4; k++)
                CHECK_EQ(synth_clip_section(&clip, kinds[k], k == 1 ? 8 : 4, k % 2 ? 4.0 : 0.0, tf,
                                            (uint64_t)k + 1), 0);
            for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
                g7sf_vpp_config c = { .width = w, .height = h,
                                      .chroma = c422 ? G7SF_CHROMA_422 : G7SF_CHROMA_420,
                                      .deinterlace = m[i].di, .rate = G7SF_VPP_RATE_FIELD,
                                      .top_first = tf, .denoise = m[i].denoise,
                                      .threads = 1 + (int)(i % 2),  /* stripes too */
                                      .platform = m[i].pl, .stat_layout = G7SF_VPP_STAT_IVB };
                sink a = run_clip(c, &clip.video);
                c.stat_layout = G7SF_VPP_STAT_HSW;
                sink b = run_clip(c, &clip.video);
                CHECKF(a.n == b.n && a.n > 0 && a.hash == b.hash,
                       "mode %zu, 4:2:%d, top first %d: %d / %d outputs, hash %016llx / %016llx",
                       i, c422 ? 2 : 0, tf, a.n, b.n, (unsigned long long)a.hash,
                       (unsigned long long)b.hash);
            }
            synth_clip_free(&clip);
        }
}
