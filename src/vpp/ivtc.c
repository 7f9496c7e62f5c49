/* Look-ahead inverse telecine (ivtc.h).  Each pair is classed against its
 * two neighbours as the FMD detector does (film.c), but on the comb measure
 * and with the neighbour after it known; then the 3:2 and 2:2 models are
 * fitted to every window of WINDOW pairs that holds the pair, those behind
 * it and those ahead, so a pair near the start or an edit has a window on
 * its own side of the break.  A pair matches when every window that fits a
 * model says so, and its comb is not clearly above the window's matching
 * pairs.  Constants: docs/spec-notes.md, "Film-mode detection". */
#include <string.h>

#include "ivtc.h"

enum {
    R = VPP_IVTC_RING,
    WINDOW = 10,            /* pairs a model is fitted to */
    MIN_SUPPORT = 6,        /* agreeing classes a fit needs */
};

void vpp_ivtc_init(vpp_ivtc *t)
{
    if (!t)
        return;
    memset(t, 0, sizeof *t);
    t->known = t->decided = 1;
}

void vpp_ivtc_add(vpp_ivtc *t, uint64_t comb, long blocks)
{
    if (!t || t->known - t->decided >= R - 2 * WINDOW)
        return;   /* the caller decides as it adds: never reached */
    t->comb[t->known % R] = comb;
    t->blocks = blocks;
    t->known++;
}

static uint64_t comb(const vpp_ivtc *t, long i)
{
    return t->comb[i % R];
}

/* a is clearly below b: by a third of b and by the floor */
static bool clearly_less(uint64_t a, uint64_t b, uint64_t floor)
{
    return 3 * a < 2 * b && b - a >= floor;
}

/* A mean block sum of 4 (a comb of 1/16 level per sample): still and
 * noise-only pictures, whose pairs all differ alike, stay VPP_PAIR_UNSURE. */
static uint64_t floor_of(const vpp_ivtc *t)
{
    return t->blocks > 0 ? 4 * (uint64_t)t->blocks : 4;
}

/* Pair i against pairs i - 1 and i + 1, the measured ones. */
static int classify(const vpp_ivtc *t, long i)
{
    uint64_t a = comb(t, i), hi = 0, lo = UINT64_MAX;
    bool any = false;
    for (long j = i - 1; j <= i + 1; j += 2)
        if (j >= 1 && j < t->known) {
            hi = comb(t, j) > hi ? comb(t, j) : hi;
            lo = comb(t, j) < lo ? comb(t, j) : lo;
            any = true;
        }
    if (!any)
        return VPP_PAIR_UNSURE;
    if (clearly_less(a, hi, floor_of(t)))
        return VPP_PAIR_MATCH;
    return clearly_less(lo, a, floor_of(t)) ? VPP_PAIR_DIFF : VPP_PAIR_UNSURE;
}

/* Support of model md at phase over pairs lo..hi, or -1: a class
 * contradicts it, or a matching pair combs no less than a mismatched
 * neighbour. */
static int fit(const vpp_ivtc *t, const vpp_cadence_model *md, int phase, long lo, long hi)
{
    int support = 0;
    for (long i = lo; i <= hi; i++) {
        int c = t->cls[i % R];
        bool m = vpp_cadence_m(md, phase, i);
        if (c == (m ? VPP_PAIR_DIFF : VPP_PAIR_MATCH))
            return -1;
        support += c != VPP_PAIR_UNSURE;
        for (long j = i - 1; m && j <= i + 1; j += 2)
            if (j >= lo && j <= hi && !vpp_cadence_m(md, phase, j) && comb(t, i) >= comb(t, j))
                return -1;
    }
    return support;
}

/* The one model and phase that fits lo..hi best with enough support: 0 and
 * *md, *phase set, or -1 (none, or a tie). */
static int best_fit(const vpp_ivtc *t, long lo, long hi, const vpp_cadence_model **md, int *phase)
{
    int best = -1;
    bool tie = false;
    for (int k = 0; k < VPP_CADENCE_MODELS; k++)
        for (int ph = 0; ph < vpp_cadence_models[k].period; ph++) {
            int s = fit(t, &vpp_cadence_models[k], ph, lo, hi);
            if (s < MIN_SUPPORT || s < best)
                continue;
            tie = s == best;
            best = s, *md = &vpp_cadence_models[k], *phase = ph;
        }
    return best >= 0 && !tie ? 0 : -1;
}

/* Pair j combs clearly less than both its neighbours (the one there is,
 * at the ends of the stream): in 3:2 and 2:2 the matching pair between two
 * mismatched ones (A A, not B B B) does. */
static bool strong_match(const vpp_ivtc *t, long j)
{
    bool any = false;
    for (long n = j - 1; n <= j + 1; n += 2)
        if (n >= 1 && n < t->known) {
            if (!clearly_less(comb(t, j), comb(t, n), floor_of(t)))
                return false;
            any = true;
        }
    return any;
}

/* Pair w's comb is over 3 times every pair md matches in lo..hi that is a
 * strong match: a model cannot weave what combs like a mismatch (15 to 25
 * times on the pan; matching pairs differ by up to 1.7 times on 192x96).  Strong
 * matches only, since a window that reaches into video also "matches"
 * video pairs, which comb alike, and a video pair next to a cut is clearly
 * below the cut; the largest, not the mean, since matching pairs comb by
 * their film frame's vertical detail, which varies (1.9 times between
 * neighbours on the pan). */
static bool vetoed(const vpp_ivtc *t, const vpp_cadence_model *md, int phase, long lo, long hi,
                   long w)
{
    uint64_t top = 0;
    bool any = false;
    for (long j = lo; j <= hi; j++)
        if (j != w && vpp_cadence_m(md, phase, j) && strong_match(t, j)) {
            top = comb(t, j) > top ? comb(t, j) : top;
            any = true;
        }
    return !any || (comb(t, w) > 3 * top && comb(t, w) - top >= floor_of(t));
}

/* Pair i matches when some window of pairs 1 .. last that holds it fits a
 * model that matches it without a veto, and no fitting window's model
 * says it does not.  A veto in one window is no "no": after an edit, a
 * window reaching into the next shot compares the pair with pairs of
 * other content (a smooth shot combs 10 times less than a textured one). */
static void decide_pair(vpp_ivtc *t, long i, long last)
{
    bool match = false, no = false;
    enum vpp_cadence cad = VPP_CADENCE_VIDEO;
    for (long lo = i - WINDOW + 1; lo <= i; lo++) {
        long a = lo < 1 ? 1 : lo, b = lo + WINDOW - 1 > last ? last : lo + WINDOW - 1;
        if (b < i)
            continue;
        const vpp_cadence_model *md = NULL;
        int phase = 0;
        if (best_fit(t, a, b, &md, &phase))
            continue;
        if (!vpp_cadence_m(md, phase, i))
            no = true;
        else if (!vetoed(t, md, phase, a, b, i))
            match = true, cad = md->cadence;
    }
    t->match[i % R] = match && !no;
    t->cadence[i % R] = (uint8_t)(match && !no ? cad : VPP_CADENCE_VIDEO);
}

void vpp_ivtc_decide(vpp_ivtc *t, bool end)
{
    if (!t)
        return;
    long last = t->known - 1;
    /* classes need the neighbour after: all but the last pair, or all */
    long classed = end ? last : last - 1;
    for (long i = t->decided; i <= classed; i++)
        t->cls[i % R] = (int8_t)classify(t, i);
    while (t->decided <= last && (end || t->decided + VPP_IVTC_AHEAD <= last)) {
        decide_pair(t, t->decided, last);
        t->decided++;
    }
}

int vpp_ivtc_match(const vpp_ivtc *t, long i, bool end)
{
    if (!t)
        return -1;
    if (i < 1 || (end && i >= t->known))
        return 0;
    if (i >= t->decided || i < t->decided - (R - 2 * WINDOW - VPP_IVTC_AHEAD))
        return -1;
    return t->match[i % R];
}

enum vpp_cadence vpp_ivtc_cadence(const vpp_ivtc *t, long i)
{
    return vpp_ivtc_match(t, i, false) == 1 ? (enum vpp_cadence)t->cadence[i % R]
                                            : VPP_CADENCE_VIDEO;
}
