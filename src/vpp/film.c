/* Film-mode detector: classifies each pair of consecutive fields from the
 * FMD frame variances, fits the 3:2 and 2:2 cadence models to the latest
 * classes, and turns a locked model into the two progressive cadence
 * controls of each pass.  The algorithm and its constants are explained in
 * docs/spec-notes.md, "Film-mode detection". */
#include <string.h>

#include "film.h"

enum {
    H = VPP_FILM_HISTORY,
    WINDOW = 10,            /* pairs the models are fitted to */
    MIN_SUPPORT = 6,        /* agreeing classes needed to lock */
};

const vpp_cadence_model vpp_cadence_models[VPP_CADENCE_MODELS] = {
    { VPP_CADENCE_32, 5, { 0, 1, 0, 1, 1 } },
    { VPP_CADENCE_22, 2, { 0, 1 } },
};

static const vpp_cadence_model *model_of(enum vpp_cadence c)
{
    return &vpp_cadence_models[c == VPP_CADENCE_22];
}

void vpp_film_init(vpp_film *f, bool top_first)
{
    if (!f)
        return;
    memset(f, 0, sizeof *f);
    f->top_first = top_first;
    f->cadence = VPP_CADENCE_VIDEO;
}

static bool known(const vpp_film *f, long i)
{
    return i >= f->known_from && i < f->known && i >= f->known - H;
}

static uint64_t adj(const vpp_film *f, long i)
{
    return f->adj[i % H];
}

/* a is clearly below b: by a third of b, and by more than the floor, a
 * difference that still/noise-only pictures do not reach. */
static bool clearly_less(uint64_t a, uint64_t b, uint64_t floor)
{
    return 3 * a < 2 * b && b - a >= floor;
}

/* The FMD's tear count of a pair against its moving, vertically smooth
 * pixels (v7): fields of one film frame leave almost none (measured: none
 * on clean film, under 3% with noise of sigma 8), fields of two frames
 * tear where anything moves.  Counts under 1/1024 of the pixels decide
 * nothing. */
static bool is_torn(uint32_t tears, uint32_t moving, long pixels)
{
    return (uint64_t)tears * 16 > moving && (uint64_t)tears * 1024 >= (uint64_t)pixels;
}

/* Pair i against its neighbours i - 1 and i + 1: fields of one film frame
 * differ only by noise and vertical detail, fields of two frames also by
 * the motion between them, so a matching pair is clearly below a neighbour
 * and a mismatched one clearly above (every mismatched pair of 3:2 and 2:2
 * lies between two matching ones).  A torn pair is mismatched whatever its
 * neighbours: video can swing like a cadence (a zooming zone plate does),
 * but its low pairs still tear. */
static int classify(const vpp_film *f, long i, uint64_t floor)
{
    if (f->torn[i % H])
        return VPP_PAIR_DIFF;
    uint64_t a = adj(f, i), hi = 0, lo = UINT64_MAX;
    for (long j = i - 1; j <= i + 1; j += 2)
        if (known(f, j)) {
            hi = adj(f, j) > hi ? adj(f, j) : hi;
            lo = adj(f, j) < lo ? adj(f, j) : lo;
        }
    if (hi == 0 && lo == UINT64_MAX)
        return VPP_PAIR_UNSURE;
    if (clearly_less(a, hi, floor))
        return VPP_PAIR_MATCH;
    return clearly_less(lo, a, floor) ? VPP_PAIR_DIFF : VPP_PAIR_UNSURE;
}

static bool contradicts(int cls, bool m)
{
    return cls == (m ? VPP_PAIR_DIFF : VPP_PAIR_MATCH);
}

static void unlock(vpp_film *f, long trust_from)
{
    f->locked = false;
    f->cadence = VPP_CADENCE_VIDEO;
    f->trust_from = trust_from;
}

/* Whether a model and phase fits the pairs lo..last: no class contradicts
 * it, and each matching pair differs less than its mismatched neighbours;
 * returns the number of classes that agree, or -1. */
static int fit(const vpp_film *f, const vpp_cadence_model *md, int phase, long lo, long last)
{
    int support = 0;
    for (long i = lo; i <= last; i++) {
        int c = f->cls[i % H];
        bool m = vpp_cadence_m(md, phase, i);
        if (contradicts(c, m))
            return -1;
        support += c != VPP_PAIR_UNSURE;
        for (long j = i - 1; m && j <= i + 1; j += 2)
            if (j >= lo && j <= last && known(f, i) && known(f, j) &&
                !vpp_cadence_m(md, phase, j) &&
                adj(f, i) >= adj(f, j))
                return -1;
    }
    return support;
}

/* Fits every model and phase to the classes of pairs lo..last; locks when
 * one fits with enough support and more than any other. */
static void try_lock(vpp_film *f, long lo, long last)
{
    int best = -1, best_phase = 0, best_support = 0;
    bool tie = false;
    for (int k = 0; k < VPP_CADENCE_MODELS; k++)
        for (int ph = 0; ph < vpp_cadence_models[k].period; ph++) {
            int support = fit(f, &vpp_cadence_models[k], ph, lo, last);
            if (support < MIN_SUPPORT || support < best_support)
                continue;
            tie = support == best_support;
            best = k, best_phase = ph, best_support = support;
        }
    if (best >= 0 && !tie) {
        f->locked = true;
        f->cadence = vpp_cadence_models[best].cadence;
        f->phase = best_phase;
    }
}

/* The control of field i under the locked model: weave with the field
 * before (1) when pair i matches, else with the field after (2); *pair is
 * the pair woven. */
static unsigned field_ctl(const vpp_cadence_model *md, int phase, long i, long *pair)
{
    if (vpp_cadence_m(md, phase, i)) {
        *pair = i;
        return 1;
    }
    *pair = i + 1;
    return vpp_cadence_m(md, phase, i + 1) ? 2 : 0;
}

/* The veto: the pair to weave must not be torn nor differ clearly more than
 * the matching pairs of the window (their mean, leaving it out) do. */
static bool vetoed(const vpp_film *f, const vpp_cadence_model *md, long lo, long last, long w,
                   uint64_t floor)
{
    if (!known(f, w) || f->torn[w % H])
        return true;
    uint64_t sum = 0, n = 0;
    for (long j = lo; j <= last; j++)
        if (j != w && known(f, j) && vpp_cadence_m(md, f->phase, j))
            sum += adj(f, j), n++;
    return n == 0 || clearly_less(sum / n, adj(f, w), floor);
}

/* a floor of 2 levels of mean absolute difference: a frame sum is about
 * pixels / 2 positions x |d| / 16 */
static uint64_t floor_of(long pixels)
{
    return pixels >= 32 ? (uint64_t)pixels / 16 : 2;
}

/* The first pair of the window ending at pair last. */
static long window_start(const vpp_film *f, long last)
{
    return last - WINDOW + 1 > f->trust_from ? last - WINDOW + 1 : f->trust_from;
}

void vpp_film_decide(vpp_film *f, const uint32_t v[11], long pixels, vpp_film_decision *d)
{
    if (!d)
        return;
    memset(d, 0, sizeof *d);
    if (!f || !v)
        return;
    long n = f->passes++, cross = 2 * n + 2;
    uint64_t floor = floor_of(pixels);
    f->pixels = pixels;
    if (n == 0)
        f->known_from = cross;
    /* field 1 of frame n + 1 is its top field when top_first: cTpB pairs it
     * with field 2 of frame n, otherwise cBpT does */
    f->adj[cross % H] = f->top_first ? v[3] : v[4];
    f->adj[(cross + 1) % H] = v[2];
    /* the tears of those pairs: TEAR2 (cTpB, v9) or TEAR3 (cBpT, v10) across
     * the frames, TEAR1 (cTcB, v8) inside N + 1 */
    f->torn[cross % H] = is_torn(f->top_first ? v[9] : v[10], v[7], pixels);
    f->torn[(cross + 1) % H] = is_torn(v[8], v[7], pixels);
    f->known = cross + 2;
    for (long i = cross - 1; i <= cross; i++)
        f->cls[i % H] = (int8_t)(known(f, i) && i >= f->trust_from ? classify(f, i, floor)
                                                                    : VPP_PAIR_UNSURE);

    long lo = window_start(f, cross);
    /* once locked, the veto below is the check: every pair the model calls
     * matching is woven by one of the passes */
    if (!f->locked)
        try_lock(f, lo, cross);
    if (!f->locked)
        return;

    const vpp_cadence_model *md = model_of(f->cadence);
    long wp, wc;
    unsigned cp = field_ctl(md, f->phase, cross - 1, &wp);
    unsigned cc = field_ctl(md, f->phase, cross, &wc);
    if (vetoed(f, md, lo, cross, wp, floor) || vetoed(f, md, lo, cross, wc, floor)) {
        unlock(f, cross + 1);
        return;
    }
    *d = (vpp_film_decision){
        .prev2_ctl = cp, .cur1_ctl = cc, .cadence = f->cadence, .locked = true,
        /* a field starts a new film frame when it does not match the one before */
        .prev2_new = !vpp_cadence_m(md, f->phase, cross - 1),
        .cur1_new = !vpp_cadence_m(md, f->phase, cross),
    };
}

void vpp_film_decide_last(const vpp_film *f, vpp_film_decision *d)
{
    if (!d)
        return;
    memset(d, 0, sizeof *d);
    if (!f || !f->locked)
        return;
    /* the last pass measured the last frame's own pair; the veto checks it
     * as a pass checks the pairs it weaves */
    long last = f->known - 1;
    const vpp_cadence_model *md = model_of(f->cadence);
    if (!vpp_cadence_m(md, f->phase, last) ||
        vetoed(f, md, window_start(f, last), last, last, floor_of(f->pixels)))
        return;
    *d = (vpp_film_decision){ .prev2_ctl = 1, .cadence = f->cadence, .locked = true };
}
