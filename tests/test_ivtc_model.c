/* The look-ahead decision (src/vpp/ivtc.c) on comb sequences built from a
 * known field-to-film-frame map: a pair of fields of one film frame combs
 * by the frame's vertical detail (vd, varying), a pair of two frames also
 * by the motion (mo).  The expected matches follow from the map alone. */
#include <string.h>

#include "field_map.h"
#include "harness.h"
#include "vpp/ivtc.h"

/* Runs the map through the decider as the pipeline does (pairs added one
 * by one, decided as they come, the rest at the end); returns the number
 * of pairs decided wrongly.  Film pairs must match where the map says;
 * pairs the map calls mismatched must never match. */
static int check_map(const fmap *m, unsigned vd, unsigned mo, const char *what)
{
    vpp_ivtc t;
    vpp_ivtc_init(&t);
    int wrong = 0;
    long checked = 1;
    for (int i = 1; i <= m->n; i++) {
        if (i < m->n) {
            /* detail varies 1.7 times from frame to frame */
            uint64_t c = vd + (uint64_t)(m->fid[i] % 3) * vd * 7 / 20;
            if (m->fid[i] != m->fid[i - 1])
                c += mo;
            vpp_ivtc_add(&t, c, 1000);
        }
        bool end = i == m->n;
        vpp_ivtc_decide(&t, end);
        for (; checked < m->n; checked++) {
            int got = vpp_ivtc_match(&t, checked, end);
            if (got < 0)
                break;
            int want = m->fid[checked] == m->fid[checked - 1];
            if (got != want) {
                if (!wrong)
                    t_fail(__FILE__, __LINE__, "%s: pair %ld matches %d, want %d", what, checked,
                           got, want);
                wrong++;
            }
        }
    }
    CHECKF(checked == m->n, "%s: %ld of %d pairs decided", what, checked - 1, m->n - 1);
    return wrong;
}

TEST(clean_32_every_phase_from_the_first_pair)
{
    for (int off = 0; off < 10; off++) {
        fmap m = { 0 };
        long next = 0;
        fmap_add_32(&m, 41, off, &next);
        char what[32];
        snprintf(what, sizeof what, "3:2 offset %d", off);
        CHECK_EQ(check_map(&m, 10000, 400000, what), 0);
    }
}

TEST(clean_22_both_phases_from_the_first_pair)
{
    for (int off = 0; off < 2; off++) {
        fmap m = { 0 };
        long next = 0;
        fmap_add_22(&m, 30, off, &next);
        CHECK_EQ(check_map(&m, 10000, 400000, off ? "2:2 offset 1" : "2:2 offset 0"), 0);
    }
}

/* 3:2 cut at every position into 3:2 of every other phase, 2:2 and video:
 * film on both sides is decided right from the first pair after the cut
 * (every window across the cut fits nothing) */
TEST(edits_jump_the_phase)
{
    int bad = 0;
    for (int cut = 10; cut < 20; cut++)
        for (int off = 0; off < 10; off++) {
            fmap m = { 0 };
            long next = 0;
            fmap_add_32(&m, cut, 0, &next);
            fmap_add_32(&m, 40, off, &next);
            bad += check_map(&m, 10000, 400000, "3:2 edit") != 0;
        }
    CHECK_EQ(bad, 0);
}

/* Video: every pair differs alike; between film sections it never matches */
TEST(video_between_film_never_matches)
{
    fmap m = { 0 };
    long next = 0;
    fmap_add_32(&m, 30, 3, &next);
    fmap_add_video(&m, 24, &next);
    fmap_add_22(&m, 24, 1, &next);
    fmap_add_video(&m, 12, &next);
    fmap_add_32(&m, 30, 7, &next);
    CHECK_EQ(check_map(&m, 10000, 400000, "film/video mix"), 0);
}

TEST(bad_arguments)
{
    vpp_ivtc_init(NULL);
    vpp_ivtc_add(NULL, 1, 1);
    vpp_ivtc_decide(NULL, true);
    CHECK_EQ(vpp_ivtc_match(NULL, 1, true), -1);
    vpp_ivtc t;
    vpp_ivtc_init(&t);
    /* nothing measured: every pair 0 at the end, undecided before it */
    CHECK_EQ(vpp_ivtc_match(&t, 0, false), 0);
    CHECK_EQ(vpp_ivtc_match(&t, 5, false), -1);
    vpp_ivtc_decide(&t, true);
    CHECK_EQ(vpp_ivtc_match(&t, 5, true), 0);
    CHECK_EQ(vpp_ivtc_cadence(&t, 5), VPP_CADENCE_VIDEO);
    /* more pairs than the ring without deciding: the rest are not kept */
    for (int i = 0; i < 3 * VPP_IVTC_RING; i++)
        vpp_ivtc_add(&t, (uint64_t)i, 10);
    vpp_ivtc_decide(&t, true);
    CHECK(t.known <= VPP_IVTC_RING);
}
