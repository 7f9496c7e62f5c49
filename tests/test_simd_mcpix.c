/* The per pixel MCDI kernels and the final blend (dsp.h, dipix_dsp): every
 * SIMD version against its C reference, bit for bit, on random and extreme
 * inputs, kernel by kernel and through g7sf_di_block with MCDI on. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/cpu.h"
#include "harness.h"
#include "media/dsp.h"
#include "media_isa.h"

/* The table for the set and the C one, or false (the case skipped) when the
 * CPU lacks the set. */
static bool tables_for(const t_isa *s, media_dsp *d, media_dsp *ref)
{
    media_dsp_init(ref, 0);
    return t_table_for(s, d);
}

static unsigned rnd(unsigned n) { return (unsigned)(t_rand() % n); }

/* One of the values a threshold takes: an extreme, near one, or small. */
static unsigned pick(const unsigned *v, unsigned n, unsigned small)
{
    return rnd(3) ? rnd(small + 1) : v[rnd(n)];
}

static const unsigned extremes[] = { 0, 1, 15, 255, 256, 257, 7650, 65535, 65536, 131071,
                                     0x7fffffffu, 0xffffffffu };
enum { NEXT = sizeof extremes / sizeof extremes[0] };

/* A window of a smooth texture (so motion compensated values agree with the
 * picture's own often enough to be chosen), random bytes, or all 0 / 255. */
/* w's lines as the kernels may be given them along whole lines: rows
 * apart from each other, in another order, each with bytes of its own
 * around (the C reference reads w itself, di_view_of). */
static di_view scattered(const di_window *w, uint8_t buf[DIW_H][DIW_W + 40])
{
    di_view v;
    for (int r = 0; r < DIW_H; r++) {
        uint8_t *b = buf[(7 * r + 3) % DIW_H];
        memset(b, 0xA5, DIW_W + 40);
        memcpy(b + 20, w->p[r], DIW_W);
        v.row[r] = b + 20 + DIW_L;
    }
    return v;
}

static void fill_window(di_window *w)
{
    unsigned kind = rnd(6), fx = rnd(9), fy = rnd(9), ph = rnd(256);
    for (int y = 0; y < DIW_H; y++)
        for (int x = 0; x < DIW_W; x++) {
            unsigned v = (ph + fx * x + fy * y * y / 4 + rnd(4)) & 255;
            w->p[y][x] = (uint8_t)(kind == 0 ? t_rand() : kind == 1 ? 0 : kind == 2 ? 255 : v);
        }
}

/* Candidate vectors, one motion for the block (as a real search finds:
 * the opposite on the other field) or random per pair. */
static void fill_vectors(mcdi_block *m)
{
    bool one = rnd(2);
    unsigned k = rnd(MCDI_NCAND);
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 8; i++) {
            unsigned c = one ? k : rnd(MCDI_NCAND);
            int s = one && l & 1 ? -1 : 1;
            m->mvx[l][i] = (int8_t)(s * mcdi_cand[c][0]);
            m->mvy[l][i] = (int8_t)(s * mcdi_cand[c][1]);
        }
}

/* ---- smoothness check ---- */

static void check_smooth(const t_isa *s)
{
    media_dsp d, ref;
    if (!tables_for(s, &d, &ref))
        SKIP("CPU lacks this instruction set");
    for (int rep = 0; rep < 4000; rep++) {
        mcdi_block want, got;
        g7sf_di_params p = { .smooth_mv_th = pick(extremes, NEXT, 4) };
        memset(&want, 0, sizeof want);
        if (rep % 4 == 0)           /* any int8, -128 included: sums reach -256 */
            for (int l = 0; l < 4; l++)
                for (int i = 0; i < 8; i++)
                    want.mvx[l][i] = (int8_t)t_rand(), want.mvy[l][i] = (int8_t)t_rand();
        else
            fill_vectors(&want);
        got = want;
        ref.px.smooth(&p, &want);
        d.px.smooth(&p, &got);
        CHECKF(!memcmp(want.smooth, got.smooth, sizeof want.smooth),
               "%s rep %d th %u: smooth differs from C", s->name, rep, p.smooth_mv_th);
        if (t_failed())
            return;
    }
}

TEST(smooth_sse41) { check_smooth(&t_isa_sse41); }
TEST(smooth_avx2) { check_smooth(&t_isa_avx2); }

/* ---- motion compensation ---- */

static void check_compensate(const t_isa *s)
{
    media_dsp d, ref;
    if (!tables_for(s, &d, &ref))
        SKIP("CPU lacks this instruction set");
    static di_window w;
    static uint8_t buf[DIW_H][DIW_W + 40];
    for (int rep = 0; rep < 2000; rep++) {
        mcdi_block m;
        fill_window(&w);
        fill_vectors(&m);
        di_view vw = di_view_of(&w), vs = scattered(&w, buf);
        for (int l = 0; l < 4; l++) {
            uint8_t want[16], got[16];
            ref.px.compensate(&vw, l, m.mvx[l], m.mvy[l], want);
            d.px.compensate(&vs, l, m.mvx[l], m.mvy[l], got);
            CHECKF(!memcmp(want, got, 16), "%s rep %d line %d: mv (%d,%d): %u, C %u", s->name,
                   rep, l, m.mvx[l][0], m.mvy[l][0], got[0], want[0]);
        }
        if (t_failed())
            return;
    }
}

TEST(compensate_sse41) { check_compensate(&t_isa_sse41); }
TEST(compensate_avx2) { check_compensate(&t_isa_avx2); }

/* ---- the MCDI / SDI choice ---- */

static void random_mcdi_params(g7sf_di_params *p)
{
    *p = (g7sf_di_params){
        .cat_th1 = pick(extremes, NEXT, 3),
        .cat_slope = pick(extremes, NEXT, 16),
        .sad_tight_th = pick(extremes, NEXT, 15),
        .sad_tha = pick(extremes, NEXT, 15),
        .sad_thb = pick(extremes, NEXT, 15),
        .smooth_mv_th = pick(extremes, NEXT, 3),
        .mc_consistency_th = pick(extremes, NEXT, 63),
        .neighbor_pixel_th = pick(extremes, NEXT, 15),
        .mcdi = true,
        .top_first = rnd(2),
    };
}

/* v + d in [0, max], or a random value up to max when v is far off. */
static unsigned near(uint64_t v, int d, unsigned max)
{
    return v + (uint64_t)(int64_t)d <= max ? (unsigned)(v + (uint64_t)(int64_t)d) : rnd(max + 1);
}

/* SADs, angle costs and SCMs at and around the thresholds' edges, small,
 * or extremes. */
static void fill_choice(mcdi_block *m, mcdi_line_info *s, const g7sf_di_params *p, int l)
{
    static const unsigned big[] = { 0, 1, 7650, 65534, 65535 };
    static const unsigned scm_big[] = { 0, 1, 3825, 65535, 131070 };
    uint64_t slope = p->cat_slope ? p->cat_slope : 1;
    for (int i = 0; i < 8; i++) {
        int d = (int)rnd(3) - 1;
        unsigned sad = rnd(4) == 0 ? rnd(30 * 16 + 60)
                     : rnd(3) == 0 ? near(30 * rnd(2185), rnd(2) ? d : 29, 65535)
                     : rnd(2) ? near(p->cat_th1, d, 65535) : rnd(2) ? big[rnd(5)] : rnd(65536);
        m->sad[l][i] = (uint16_t)sad;
        m->smooth[l][i] = rnd(4) != 0;
        s->edge[i] = rnd(2) ? 0 : di_angle_off[rnd(DI_ANGLES)];
        s->angle_cost[i] = (uint16_t)(rnd(3) == 0 ? rnd(600)
                                    : rnd(2) ? near((sad + 30ull * p->sad_tight_th) / 2, d, 65535)
                                             : big[rnd(5)]);
        uint64_t edge = rnd(2) ? slope * p->sad_tha : slope * p->sad_thb;
        s->scm[i] = rnd(3) == 0 ? rnd(20 * (p->cat_slope % 32 + 1))
                  : rnd(2) ? near(edge, d, 131070)
                  : rnd(2) ? near(slope * (sad / 30 + 1), d, 131070) : scm_big[rnd(5)];
    }
}

static void check_choose(const t_isa *is)
{
    media_dsp d, ref;
    if (!tables_for(is, &d, &ref))
        SKIP("CPU lacks this instruction set");
    static di_window pic, other;
    static uint8_t buf[DIW_H][DIW_W + 40];
    long chosen = 0, refused = 0;
    for (int rep = 0; rep < 3000; rep++) {
        g7sf_di_params p;
        random_mcdi_params(&p);
        mcdi_pixel_params q;
        mcdi_pixel_params_init(&p, &q);
        mcdi_block m;
        fill_window(&pic);
        if (rnd(2))
            other = pic;            /* a static scene: D_MC small */
        else
            fill_window(&other);
        fill_vectors(&m);
        di_view vp = di_view_of(&pic), vo = di_view_of(&other), vs = scattered(&pic, buf);
        for (int l = 0; l < 4; l++) {
            mcdi_line_info s;
            uint8_t sdi[16], want[16], got[16];
            ref.px.compensate(&vo, l, m.mvx[l], m.mvy[l], m.mc[l]);
            for (int x = 0; x < 16; x++) {
                if (rnd(8) == 0)
                    m.mc[l][x] = (uint8_t)(rnd(2) ? 0 : 255);
                sdi[x] = (uint8_t)t_rand();
            }
            fill_choice(&m, &s, &p, l);
            ref.px.choose(&q, &m, &vp, l, &s, sdi, want);
            d.px.choose(&q, &m, &vs, l, &s, sdi, got);
            CHECKF(!memcmp(want, got, 16), "%s rep %d line %d: pixel 0 %u, C %u", is->name,
                   rep, l, got[0], want[0]);
            for (int x = 0; x < 16; x++)
                if (m.mc[l][x] != sdi[x])
                    want[x] == m.mc[l][x] ? chosen++ : refused++;
        }
        if (t_failed())
            return;
    }
    /* both answers were exercised, plenty of each */
    CHECKF(chosen > 5000 && refused > 5000, "chosen %ld refused %ld", chosen, refused);
}

TEST(choose_sse41) { check_choose(&t_isa_sse41); }
TEST(choose_avx2) { check_choose(&t_isa_avx2); }

/* ---- the final blend ---- */

static void check_blend(const t_isa *is)
{
    media_dsp d, ref;
    if (!tables_for(is, &d, &ref))
        SKIP("CPU lacks this instruction set");
    static const unsigned lims[] = { 0, 1, 127, 128, 254, 255 };
    for (int rep = 0; rep < 20000; rep++) {
        g7sf_di_params p = {
            .stmm_min = rnd(2) ? lims[rnd(6)] : rnd(256),
            .stmm_max = rnd(2) ? lims[rnd(6)] : rnd(256),
            .stmm_shift = rnd(17),
        };
        uint8_t st3[8], v[16], a[16], b[16], want[16], got[16];
        unsigned fill = rnd(4);     /* random, all 0, all 255, 0 / 255 */
        for (int x = 0; x < 16; x++) {
            unsigned r = (unsigned)t_rand();
            uint8_t f = fill == 1 ? 0 : fill == 2 ? 255 : fill == 3 ? (r & 1) * 255 : (uint8_t)r;
            v[x] = f, a[x] = fill ? f : (uint8_t)(r >> 8), b[x] = fill ? f : (uint8_t)(r >> 16);
            if (x < 8)
                st3[x] = fill ? f : (uint8_t)(r >> 24);
        }
        ref.px.blend(&p, st3, v, a, b, want);
        d.px.blend(&p, st3, v, a, b, got);
        CHECKF(!memcmp(want, got, 16), "%s rep %d min %u max %u shift %u: %u, C %u", is->name,
               rep, p.stmm_min, p.stmm_max, p.stmm_shift, got[0], want[0]);
        if (t_failed())
            return;
    }
}

TEST(blend_sse41) { check_blend(&t_isa_sse41); }
TEST(blend_avx2) { check_blend(&t_isa_avx2); }

/* ---- through g7sf_di_block ---- */

enum { FW = 64, FH = 32, FRAMES = 120, BLOCKS = FW / 16 * (FH / 4) };

typedef struct run_in {
    uint8_t y[2][FH][FW], c[2][2][FH / 2][FW / 2];     /* prev, cur */
    uint8_t stmm[FH][FW / 2];
    g7sf_di_params p;
} run_in;

/* cur = prev moved by a candidate-sized motion, with a little noise */
static void make_run(run_in *in)
{
    unsigned fx = rnd(7), fy = rnd(7), ph = rnd(256), noise = rnd(3) ? 1 : 8;
    int dx = (int)rnd(13) - 6, dy = (int)rnd(5) - 2;
    for (int y = 0; y < FH; y++)
        for (int x = 0; x < FW; x++) {
            for (int f = 0; f < 2; f++) {
                int sx = x - f * dx, sy = y - f * dy;
                in->y[f][y][x] = (uint8_t)(ph + fx * sx + fy * sy * sy / 8 + rnd(noise));
            }
            if (x < FW / 2)
                in->stmm[y][x] = (uint8_t)t_rand();
        }
    for (size_t i = 0; i < sizeof in->c; i++)
        (&in->c[0][0][0][0])[i] = (uint8_t)t_rand();
    g7sf_di_params *p = &in->p;
    random_mcdi_params(p);
    static const unsigned lims[] = { 0, 255 };
    p->stmm_c2 = 1 + rnd(8);
    p->vecm_mul = rnd(64);
    p->tdm_shift1 = 4 + rnd(4);
    p->tdm_shift2 = 6 + rnd(4);
    p->stmm_md_th = rnd(256);
    p->stmm_trc1 = rnd(257);
    p->stmm_trc2 = rnd(257);
    p->stmm_min = rnd(3) ? rnd(64) : lims[rnd(2)];
    p->stmm_max = rnd(3) ? 128 + rnd(128) : lims[rnd(2)];
    p->stmm_shift = rnd(17);
    p->sdi_th = rnd(256), p->sdi_delta = rnd(256);
    p->sdi_t1 = rnd(256), p->sdi_t2 = rnd(256), p->sdi_angle2x1 = rnd(256);
    p->cadence_prev2 = rnd(8) ? 0 : rnd(3);
    p->cadence_cur1 = rnd(8) ? 0 : rnd(3);
}

static g7sf_yuv frame_of(const run_in *in, int f)
{
    g7sf_plane y = { &in->y[f][0][0], FW, FW, FH };
    g7sf_plane cb = { &in->c[f][0][0][0], FW / 2, FW / 2, FH / 2 };
    g7sf_plane cr = { &in->c[f][1][0][0], FW / 2, FW / 2, FH / 2 };
    return (g7sf_yuv){ y, cb, cr, G7SF_CHROMA_420 };
}

/* Every block of every run with the library's table for the set (a child
 * process with G7SF_CPU set, before its table exists); out[] shared. */
static bool run_isa(const t_isa *s, const run_in *in, g7sf_di_block_out *out)
{
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        setenv("G7SF_CPU", s->name, 1);
        media_dsp want;                                         /* the table is the set's */
        media_dsp_init(&want, s->flags);
        int bad = media_dsp_get()->px.choose != want.px.choose;
        for (int r = 0; r < FRAMES && !bad; r++) {
            g7sf_yuv prev = frame_of(&in[r], 0), cur = frame_of(&in[r], 1);
            for (int b = 0; b < BLOCKS && !bad; b++)
                bad = g7sf_di_block(&in[r].p, &cur, &prev, &in[r].stmm[0][0], FW / 2,
                                    b % (FW / 16) * 16, b / (FW / 16) * 4,
                                    &out[r * BLOCKS + b]) != 0;
        }
        _exit(bad);
    }
    int st;
    return waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void check_di_block(const t_isa *s)
{
    if (!t_isa_have(s))
        SKIP("CPU lacks this instruction set");
    size_t n = (size_t)FRAMES * BLOCKS * sizeof(g7sf_di_block_out);
    run_in *in = malloc(FRAMES * sizeof *in);
    g7sf_di_block_out *out = mmap(NULL, 2 * n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                                  -1, 0);
    CHECK(in && out != MAP_FAILED);
    if (!in || out == MAP_FAILED) {
        free(in);
        return;
    }
    for (int r = 0; r < FRAMES; r++)
        make_run(&in[r]);
    g7sf_di_block_out *want = out, *got = out + FRAMES * BLOCKS;
    CHECKF(run_isa(&t_isa_c, in, want), "the C run failed");
    CHECKF(run_isa(s, in, got), "the %s run failed", s->name);
    printf("  covered: %s, %d blocks\n", s->name, FRAMES * BLOCKS);
    for (int k = 0; k < FRAMES * BLOCKS && !t_failed(); k++)
        CHECKF(!memcmp(&want[k], &got[k], sizeof want[k]), "%s: run %d block %d differs from C",
               s->name, k / BLOCKS, k % BLOCKS);
    munmap(out, 2 * n);
    free(in);
}

TEST(di_block_sse41) { check_di_block(&t_isa_sse41); }
TEST(di_block_avx2) { check_di_block(&t_isa_avx2); }
