/* The film-mode detector (src/vpp/film.c) on variance sequences built from a
 * known field-to-film-frame map, and on telecined pictures run through the
 * FMD.  The expected controls follow from the map alone: field i weaves with
 * field i - 1 (control 1) when both show the same film frame, else with
 * field i + 1 (control 2) when that one does, else it is deinterlaced; it is
 * new when it does not show the film frame of field i - 1. */
#include <math.h>
#include <string.h>

#include "gen7sf/media.h"
#include "field_map.h"
#include "harness.h"
#include "synth.h"
#include "vpp/film.h"

enum { MAXF = 256 };


static unsigned want_ctl(const fmap *m, int i)
{
    if (m->fid[i] == m->fid[i - 1])
        return 1;
    return i + 1 < m->n && m->fid[i + 1] == m->fid[i] ? 2 : 0;
}

/* Synthetic frame variances of pass N (frames N, N + 1): adjacent fields
 * differ by the vertical detail vd, plus the motion mo between two film
 * frames, plus noise up to nz.  The FMD counters: mv moving smooth pixels
 * (v7), and the tears of a pair (v8 of the pass's own frame, v9 / v10 across
 * the frames): td when its fields show two film frames, tm when one. */
typedef struct synth {
    unsigned vd, mo, nz;
    bool top_first;
    unsigned mv, td, tm;
} synth;

static uint32_t jitter(unsigned nz)
{
    return nz ? (uint32_t)(t_rand() % (nz + 1)) : 0;
}

static uint32_t pair_diff(const synth *s, const fmap *m, int i, int j)
{
    return s->vd + (m->fid[i] != m->fid[j] ? s->mo : 0) + jitter(s->nz);
}

static uint32_t pair_tears(const synth *s, const fmap *m, int i, int j)
{
    return m->fid[i] != m->fid[j] ? s->td : s->tm;
}

static void synth_pass(const synth *s, const fmap *m, long n, uint32_t v[11])
{
    int f1 = (int)(2 * n + 2), f2 = f1 + 1;     /* frame N + 1's fields */
    memset(v, 0, 11 * sizeof v[0]);
    uint32_t cross = pair_diff(s, m, f1 - 1, f1), far = pair_diff(s, m, f2, f1 - 2);
    uint32_t s1 = pair_diff(s, m, f1, f1 - 2) - s->vd, s2 = pair_diff(s, m, f2, f2 - 2) - s->vd;
    v[0] = s->top_first ? s1 : s2;
    v[1] = s->top_first ? s2 : s1;
    v[2] = pair_diff(s, m, f1, f2);
    v[3] = s->top_first ? cross : far;
    v[4] = s->top_first ? far : cross;
    uint32_t t_cross = pair_tears(s, m, f1 - 1, f1), t_far = pair_tears(s, m, f2, f1 - 2);
    v[7] = s->mv;
    v[8] = pair_tears(s, m, f1, f2);
    v[9] = s->top_first ? t_cross : t_far;
    v[10] = s->top_first ? t_far : t_cross;
}

/* What a run did. */
typedef struct result {
    int lock_field;          /* first field output under lock, -1 if none */
    int bad_weaves;          /* woven pairs of two film frames */
    int wrong;               /* locked passes whose controls or flags differ */
    int locked_passes;
    long frames_out[MAXF];   /* new flags per film frame while locked */
} result;

typedef void (*pass_fn)(const void *ctx, const fmap *m, long n, uint32_t v[11], long *pixels);

static void check_pass(const fmap *m, long n, const vpp_film_decision *d, result *r)
{
    int i1 = (int)(2 * n + 1), i2 = i1 + 1;
    const unsigned ctl[2] = { d->prev2_ctl, d->cur1_ctl };
    const int fi[2] = { i1, i2 };
    for (int k = 0; k < 2; k++) {
        int i = fi[k];
        if (ctl[k] == 1 && m->fid[i - 1] != m->fid[i])
            r->bad_weaves++;
        if (ctl[k] == 2 && m->fid[i + 1] != m->fid[i])
            r->bad_weaves++;
    }
    if (!d->locked) {
        if (d->prev2_ctl || d->cur1_ctl || d->cadence != VPP_CADENCE_VIDEO)
            r->wrong++;
        return;
    }
    if (r->lock_field < 0)
        r->lock_field = i1;
    r->locked_passes++;
    if (d->prev2_ctl != want_ctl(m, i1) || d->cur1_ctl != want_ctl(m, i2) ||
        d->prev2_new != (m->fid[i1] != m->fid[i1 - 1]) ||
        d->cur1_new != (m->fid[i2] != m->fid[i2 - 1]))
        r->wrong++;
    r->frames_out[m->fid[i1] % MAXF] += d->prev2_new;
    r->frames_out[m->fid[i2] % MAXF] += d->cur1_new;
}

/* Runs passes first..last (inclusive) of the map. */
static void run(vpp_film *f, const fmap *m, long first, long last, pass_fn fn, const void *ctx,
                result *r)
{
    memset(r, 0, sizeof *r);
    r->lock_field = -1;
    for (long n = first; n <= last; n++) {
        uint32_t v[11];
        long pixels = 0;
        fn(ctx, m, n, v, &pixels);
        vpp_film_decision d;
        vpp_film_decide(f, v, pixels, &d);
        check_pass(m, n, &d, r);
    }
}

static void synth_fn(const void *ctx, const fmap *m, long n, uint32_t v[11], long *pixels)
{
    synth_pass(ctx, m, n, v);
    *pixels = 64 * 40;      /* floor 160 */
}

/* Passes over fields up to m->n - 2 (each pass needs frame N + 1 whole). */
static long last_pass(const fmap *m)
{
    return (m->n - 4) / 2;
}

/* Film frames whose fields all lie in [from, to) were each output once
 * (an orphan field, cut from its frame by an edit, has nothing to weave). */
static int frames_not_once(const fmap *m, const result *r, int from, int to)
{
    int bad = 0;
    for (int i = from; i < to; i++) {
        if (i > 0 && m->fid[i - 1] == m->fid[i])
            continue;                   /* not the film frame's first field */
        int j = i;
        while (j < m->n && m->fid[j] == m->fid[i])
            j++;
        if (j <= to && j - i >= 2)
            bad += r->frames_out[m->fid[i] % MAXF] != 1;
    }
    return bad;
}

/* Clean pulldown from the first field, every phase, both field orders:
 * locked by field 10, every locked pass exact, each film frame out once. */
static void check_clean(void (*add)(fmap *, int, int, long *), int fields, int phases,
                        enum vpp_cadence cadence)
{
    for (int tf = 0; tf < 2; tf++)
        for (int off = 0; off < phases; off++) {
            fmap m = { 0 };
            long next = 0;
            add(&m, fields, off, &next);
            synth s = { .vd = 200, .mo = 600, .top_first = tf };
            vpp_film f;
            vpp_film_init(&f, tf);
            result r;
            run(&f, &m, 0, last_pass(&m), synth_fn, &s, &r);
            CHECKF(r.lock_field >= 0 && r.lock_field <= 10, "tf %d off %d: lock at field %d",
                   tf, off, r.lock_field);
            CHECKF(r.wrong == 0 && r.bad_weaves == 0, "tf %d off %d: %d wrong, %d bad weaves", tf,
                   off, r.wrong, r.bad_weaves);
            CHECK_EQ(r.locked_passes, last_pass(&m) + 1 - (r.lock_field - 1) / 2);
            CHECK_EQ(frames_not_once(&m, &r, r.lock_field, 2 * (int)last_pass(&m) + 3), 0);
            CHECK_EQ(f.cadence, cadence);
        }
}

TEST(clean_32_every_phase_and_field_order)
{
    check_clean(fmap_add_32, 120, 10, VPP_CADENCE_32);
}

TEST(clean_22_both_phases_and_field_orders)
{
    check_clean(fmap_add_22, 80, 2, VPP_CADENCE_22);
}

/* Noise twice the vertical detail (pair differences 200..600 when
 * matching, 800..1200 otherwise): the ratios still separate them; some
 * pairs stay unsure, so the lock may take a few more fields. */
TEST(noisy_32_locks)
{
    for (int off = 0; off < 10; off += 3) {
        fmap m = { 0 };
        long next = 0;
        fmap_add_32(&m, 120, off, &next);
        synth s = { .vd = 200, .mo = 600, .nz = 400, .top_first = true };
        vpp_film f;
        vpp_film_init(&f, true);
        result r;
        run(&f, &m, 0, last_pass(&m), synth_fn, &s, &r);
        CHECKF(r.lock_field >= 0 && r.lock_field <= 16, "off %d: lock at field %d", off,
               r.lock_field);
        CHECKF(r.wrong == 0 && r.bad_weaves == 0, "off %d: %d wrong, %d bad weaves", off, r.wrong,
               r.bad_weaves);
    }
}

/* Video (every field its own instant): pair differences 600..720 (frame
 * sums vary little from field to field): never locks, never weaves. */
TEST(video_never_locks)
{
    fmap m = { 0 };
    long next = 0;
    fmap_add_video(&m, 200, &next);
    synth s = { .vd = 200, .mo = 400, .nz = 120, .top_first = true };
    vpp_film f;
    vpp_film_init(&f, true);
    result r;
    run(&f, &m, 0, last_pass(&m), synth_fn, &s, &r);
    CHECK_EQ(r.lock_field, -1);
    CHECK_EQ(r.bad_weaves, 0);
    CHECK_EQ(r.wrong, 0);
}

/* Still film: no variance tells anything; stays unlocked from the start,
 * and a lock taken before the stillness is kept through it. */
TEST(still_pictures_keep_the_state)
{
    fmap m = { 0 };
    long next = 0;
    fmap_add_32(&m, 200, 0, &next);
    synth s = { .vd = 200, .mo = 0, .top_first = true };
    vpp_film f;
    vpp_film_init(&f, true);
    result r;
    run(&f, &m, 0, 20, synth_fn, &s, &r);
    CHECK_EQ(r.lock_field, -1);

    vpp_film_init(&f, true);
    s.mo = 600;
    run(&f, &m, 0, 20, synth_fn, &s, &r);
    CHECK(r.lock_field >= 0 && f.locked);
    s.mo = 0;
    run(&f, &m, 21, 60, synth_fn, &s, &r);
    CHECK_EQ(r.locked_passes, 40);
    CHECK_EQ(r.wrong + r.bad_weaves, 0);
}

/* Breaks: 3:2 cut into 3:2 of another phase, into 2:2, into video and back.
 * Nothing mismatched is ever woven, the lock drops at the break and comes
 * back within 10 fields of each clean stretch's start (+ 2: the pass that
 * holds the break). */
TEST(cadence_breaks_drop_and_relock)
{
    for (int tf = 0; tf < 2; tf++)
        for (int cut = 0; cut < 10; cut++) {
            fmap m = { 0 };
            long next = 0;
            fmap_add_32(&m, 40 + cut, 0, &next);
            int b1 = m.n;
            fmap_add_32(&m, 41, (cut * 7 + 3) % 10, &next);
            int b2 = m.n;
            fmap_add_video(&m, 30, &next);
            int b3 = m.n;
            fmap_add_22(&m, 40, cut & 1, &next);
            int b4 = m.n;
            fmap_add_32(&m, 40, cut, &next);
            synth s = { .vd = 200, .mo = 600, .nz = 100, .top_first = tf };
            vpp_film f;
            vpp_film_init(&f, tf);
            const int starts[5] = { 0, b1, b2, b3, b4 }, ends[5] = { b1, b2, b3, b4, m.n };
            for (int k = 0; k < 5; k++) {
                /* the passes whose first output field lies in this stretch */
                long p0 = starts[k] ? (starts[k] - 1) / 2 : 0, p1 = (ends[k] - 1) / 2 - 1;
                if (p1 > last_pass(&m))
                    p1 = last_pass(&m);
                result r;
                run(&f, &m, p0, p1, synth_fn, &s, &r);
                CHECKF(r.bad_weaves == 0 && r.wrong == 0,
                       "tf %d cut %d stretch %d: %d bad weaves, %d wrong", tf, cut, k,
                       r.bad_weaves, r.wrong);
                if (k == 2)
                    CHECKF(r.locked_passes == 0, "cut %d: locked on video", cut);
                else
                    CHECKF(r.lock_field >= 0 && r.lock_field <= starts[k] + 12,
                           "tf %d cut %d stretch %d (fields %d-%d): lock at %d", tf, cut, k,
                           starts[k], ends[k], r.lock_field);
            }
        }
}

/* Tears (v8..v10) in a pair say its fields do not belong together: a pair
 * is torn when its count is above 1/16 of the moving smooth pixels (v7) and
 * at least 1/1024 of the pixels (2560 / 1024 = 2.5 here).  Clean 2:2 and 3:2
 * variances whose matching pairs are torn never lock; tears just under
 * either bound change nothing. */
TEST(torn_pairs_never_match)
{
    static const struct { unsigned mv, tm; bool torn; } cases[] = {
        { 1000, 100, true },    /* 100 * 16 = 1600 > 1000 */
        { 1000, 62, false },    /* 62 * 16 = 992 <= 1000 */
        { 10, 3, true },        /* 48 > 10, 3 >= 2.5 */
        { 10, 2, false },       /* 32 > 10, but 2 < 2.5 */
    };
    for (int k = 0; k < 4; k++)
        for (int pd = 0; pd < 2; pd++)
            for (int tf = 0; tf < 2; tf++) {
                fmap m = { 0 };
                long next = 0;
                if (pd)
                    fmap_add_22(&m, 80, 1, &next);
                else
                    fmap_add_32(&m, 80, 3, &next);
                synth s = { .vd = 200, .mo = 600, .top_first = tf, .mv = cases[k].mv,
                            .td = cases[k].mv / 2, .tm = cases[k].tm };
                vpp_film f;
                vpp_film_init(&f, tf);
                result r;
                run(&f, &m, 0, last_pass(&m), synth_fn, &s, &r);
                CHECKF(r.wrong == 0 && r.bad_weaves == 0, "case %d pd %d tf %d: %d wrong, %d bad",
                       k, pd, tf, r.wrong, r.bad_weaves);
                if (cases[k].torn)
                    CHECKF(r.lock_field < 0, "case %d pd %d tf %d: locked at field %d", k, pd,
                           tf, r.lock_field);
                else
                    CHECKF(r.lock_field >= 0 && r.lock_field <= 10,
                           "case %d pd %d tf %d: lock at field %d", k, pd, tf, r.lock_field);
            }
}

/* A lock taken on clean 3:2 drops on the first pass whose woven pair is
 * torn: every pass of 3:2 weaves both its fields, so no pass stays locked. */
TEST(tears_break_a_lock)
{
    for (int tf = 0; tf < 2; tf++) {
        fmap m = { 0 };
        long next = 0;
        fmap_add_32(&m, 120, 0, &next);
        synth s = { .vd = 200, .mo = 600, .top_first = tf, .mv = 1000, .td = 500 };
        vpp_film f;
        vpp_film_init(&f, tf);
        result r;
        run(&f, &m, 0, 20, synth_fn, &s, &r);
        CHECK(f.locked && r.wrong == 0);
        s.tm = 100;
        run(&f, &m, 21, last_pass(&m), synth_fn, &s, &r);
        CHECKF(r.locked_passes == 0 && r.wrong == 0, "tf %d: %d passes locked on torn pairs", tf,
               r.locked_passes);
    }
}

/* After the last pass over clean 3:2 (every phase, so the stream ends at
 * every point of the cycle), the last field gets control 1 exactly when it
 * shows the film frame of the field before; a torn last pair, no lock or
 * bad arguments give nothing. */
TEST(last_field_decision)
{
    for (int off = 0; off < 10; off++) {
        fmap m = { 0 };
        long next = 0;
        fmap_add_32(&m, 60, off, &next);
        synth s = { .vd = 200, .mo = 600, .top_first = true, .mv = 1000, .td = 500 };
        vpp_film f;
        vpp_film_init(&f, true);
        result r;
        long passes = m.n / 2 - 1;      /* every frame pair: the last one holds the last field */
        run(&f, &m, 0, passes - 1, synth_fn, &s, &r);
        vpp_film_decision d = { .prev2_ctl = 7 };
        vpp_film_decide_last(&f, &d);
        bool pair = m.fid[m.n - 1] == m.fid[m.n - 2];
        CHECKF(f.locked && d.locked == pair && d.prev2_ctl == (pair ? 1u : 0u) && !d.cur1_ctl &&
                   !d.prev2_new, "off %d: ctl %u, last pair %s", off, d.prev2_ctl,
               pair ? "matches" : "does not match");
        CHECK_EQ(d.cadence, pair ? VPP_CADENCE_32 : VPP_CADENCE_VIDEO);
        /* the same stream with its last pair torn */
        vpp_film_init(&f, true);
        run(&f, &m, 0, passes - 2, synth_fn, &s, &r);
        s.tm = 100;
        uint32_t v[11];
        synth_pass(&s, &m, passes - 1, v);
        v[9] = 0;                       /* the pair across the frames stays clean */
        vpp_film_decision dl;
        vpp_film_decide(&f, v, 64 * 40, &dl);
        vpp_film_decide_last(&f, &d);
        CHECKF(d.prev2_ctl == 0, "off %d: torn last pair woven", off);
    }
    vpp_film f;
    vpp_film_init(&f, true);
    vpp_film_decision d = { .prev2_ctl = 1, .locked = true };
    vpp_film_decide_last(&f, &d);
    CHECK(!d.locked && d.prev2_ctl == 0);
    d.prev2_ctl = 1;
    vpp_film_decide_last(NULL, &d);
    CHECK_EQ(d.prev2_ctl, 0u);
    vpp_film_decide_last(&f, NULL);     /* ignored */
}

TEST(bad_arguments)
{
    vpp_film f;
    vpp_film_init(&f, true);
    vpp_film_decision d = { .prev2_ctl = 3, .locked = true };
    uint32_t v[11] = { 0 };
    vpp_film_decide(&f, NULL, 100, &d);
    CHECK(!d.locked && d.prev2_ctl == 0);
    d.locked = true;
    vpp_film_decide(NULL, v, 100, &d);
    CHECK(!d.locked);
    vpp_film_decide(&f, v, 100, NULL);     /* ignored */
    vpp_film_init(NULL, true);
    /* garbage variances: all-ones and zeros never weave */
    for (int n = 0; n < 40; n++) {
        for (int k = 0; k < 11; k++)
            v[k] = n & 1 ? UINT32_MAX : 0;
        vpp_film_decide(&f, v, n % 3 ? -5 : 100, &d);
        CHECK(d.prev2_ctl <= 2 && d.cur1_ctl <= 2);
    }
}

/* ---- Telecined pictures through the FMD --------------------------------- */

enum { PW = 96, PH = 48 };

/* Progressive film frame k: a textured picture panning 3 pixels right and 1
 * down per frame. */
static void film_frame(long k, uint8_t pic[PH][PW])
{
    for (int y = 0; y < PH; y++)
        for (int x = 0; x < PW; x++) {
            double u = x - 3.0 * k, w = y - 1.0 * k;
            double val = 128 + 45 * sin(0.45 * u) * cos(0.23 * w) + 30 * sin(0.11 * (u + 2 * w));
            pic[y][x] = (uint8_t)lround(val);
        }
}

typedef struct tele {
    const fmap *m;
    bool top_first;
    int noise;
} tele;

/* Interlaced frame j: its 1st field from film frame fid(2j), its 2nd from
 * fid(2j + 1), plus noise. */
static void tele_frame(const tele *t, long j, uint8_t out[PH][PW])
{
    uint8_t a[PH][PW], b[PH][PW];
    film_frame(t->m->fid[2 * j], a);
    film_frame(t->m->fid[2 * j + 1], b);
    for (int y = 0; y < PH; y++) {
        bool first = ((y & 1) == 0) == t->top_first;
        for (int x = 0; x < PW; x++) {
            int v = (first ? a : b)[y][x];
            if (t->noise)
                v += (int)(t_rand() % (2 * (unsigned)t->noise + 1)) - t->noise;
            out[y][x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    }
}

/* The FMD over two whole frames with the driver defaults (intel-vaapi-driver's),
 * as the pipeline runs it: v the frame variances, *pixels those of the
 * interior blocks summed. */
static void fmd_frames(const g7sf_plane *prev, const g7sf_plane *cur, bool top_first,
                       uint32_t v[11], long *pixels)
{
    g7sf_di_params p = { .fmd_tdiff = 175, .fmd_vdiff1 = 16, .fmd_vdiff2 = 100,
                         .fmd_thr_tear = 2, .top_first = top_first };
    g7sf_fmd_frame fr;
    memset(&fr, 0, sizeof fr);
    int w = cur->width, h = cur->height, blocks = 0;
    for (int by = 0; by < h; by += 4)
        for (int bx = 0; bx < w; bx += 16) {
            g7sf_fmd_block b;
            CHECK_EQ(g7sf_fmd_block_run(&p, cur, prev, bx, by, &b), 0);
            g7sf_fmd_add(&fr, 0, &b, bx, by, w, h);
            blocks += bx > 0 && by > 0 && bx + 16 < w && by + 4 < h;
        }
    memcpy(v, fr.v[0], sizeof fr.v[0]);
    *pixels = blocks * 64L;
}

static void tele_fn(const void *ctx, const fmap *m, long n, uint32_t v[11], long *pixels)
{
    (void)m;
    const tele *t = ctx;
    static uint8_t prev[PH][PW], cur[PH][PW];
    tele_frame(t, n, prev);
    tele_frame(t, n + 1, cur);
    g7sf_plane pp = { &prev[0][0], PW, PW, PH }, cp = { &cur[0][0], PW, PW, PH };
    fmd_frames(&pp, &cp, t->top_first, v, pixels);
}

/* 3:2 film, an edit into 3:2 of another phase, video, then 2:2, both field
 * orders, clean and noisy: lock by field 10 (12 after a break), exact
 * controls and flags once locked, no mismatched weave ever. */
TEST(telecined_pictures)
{
    for (int noise = 0; noise <= 8; noise += 8)
        for (int tf = 0; tf < 2; tf++) {
            fmap m = { 0 };
            long next = 0;
            fmap_add_32(&m, 31, 2, &next);
            int b1 = m.n;
            fmap_add_32(&m, 30, 7, &next);
            int b2 = m.n;
            fmap_add_video(&m, 20, &next);
            int b3 = m.n;
            fmap_add_22(&m, 30, 1, &next);
            tele t = { &m, tf, noise };
            vpp_film f;
            vpp_film_init(&f, tf);
            const int starts[4] = { 0, b1, b2, b3 }, ends[4] = { b1, b2, b3, m.n };
            for (int k = 0; k < 4; k++) {
                long p0 = starts[k] ? (starts[k] - 1) / 2 : 0, p1 = (ends[k] - 1) / 2 - 1;
                if (p1 > last_pass(&m))
                    p1 = last_pass(&m);
                result r;
                run(&f, &m, p0, p1, tele_fn, &t, &r);
                CHECKF(r.bad_weaves == 0 && r.wrong == 0,
                       "noise %d tf %d stretch %d: %d bad weaves, %d wrong", noise, tf, k,
                       r.bad_weaves, r.wrong);
                if (k == 2) {
                    CHECKF(r.locked_passes == 0, "noise %d tf %d: locked on video", noise, tf);
                    continue;
                }
                CHECKF(r.lock_field >= 0 && r.lock_field <= starts[k] + (k ? 12 : 10),
                       "noise %d tf %d stretch %d (fields %d-%d): lock at %d", noise, tf, k,
                       starts[k], ends[k], r.lock_field);
                if (k != 1 && r.lock_field >= 0)
                    CHECK_EQ(frames_not_once(&m, &r, r.lock_field, 2 * (int)p1 + 3), 0);
            }
        }
}

/* Video of a zooming zone plate: as it zooms, the difference across two
 * frames swings low and high from field to field for a few passes, as 2:2
 * film does (the demo's zone section locked 2:2 on 6 of 50 fields); the
 * low pairs are torn all the same.  No pass locks, in either field order. */
TEST(zone_plate_video_never_locks)
{
    enum { ZW = 192, ZH = 96, FRAMES = 60 };
    for (int tf = 0; tf < 2; tf++) {
        synth_seq truth, video;
        synth_seq_init(&truth, VIO_CHROMA_420, ZW, ZH);
        synth_seq_init(&video, VIO_CHROMA_420, ZW, ZH);
        CHECK_EQ(synth_seq_render(&truth, SYNTH_ZONE_PLATE, 0, 1, 2 * FRAMES), 0);
        CHECK_EQ(synth_seq_interlace(&video, &truth, tf), 0);
        vpp_film f;
        vpp_film_init(&f, tf);
        int locked = 0;
        for (long n = 0; n + 1 < video.n; n++) {
            const vio_frame *a = &video.f[n], *b = &video.f[n + 1];
            g7sf_plane pp = { a->data[0], (int)a->stride[0], ZW, ZH };
            g7sf_plane cp = { b->data[0], (int)b->stride[0], ZW, ZH };
            uint32_t v[11];
            long pixels;
            fmd_frames(&pp, &cp, tf, v, &pixels);
            vpp_film_decision d;
            vpp_film_decide(&f, v, pixels, &d);
            locked += d.locked || d.prev2_ctl || d.cur1_ctl;
        }
        CHECKF(video.n == FRAMES && locked == 0, "tf %d: %d of %ld passes locked", tf, locked,
               video.n - 1);
        synth_seq_free(&truth);
        synth_seq_free(&video);
    }
}
