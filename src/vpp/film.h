/* Film-mode detector: what the driver runs on the FMD frame variances
 * (§2.8.5) to find 3:2 and 2:2 cadences and set the two progressive cadence
 * controls (§2.8.4.8) of each pass. */
#ifndef GEN7SF_VPP_FILM_H
#define GEN7SF_VPP_FILM_H

#include <stdbool.h>
#include <stdint.h>

enum vpp_cadence { VPP_CADENCE_VIDEO, VPP_CADENCE_32, VPP_CADENCE_22 };

/* A pair's class, for both detectors (film.c on the FMD variances, ivtc.c
 * on the comb measure): its two fields clearly belong to one film frame,
 * clearly not, or the measure does not tell. */
enum { VPP_PAIR_UNSURE, VPP_PAIR_MATCH, VPP_PAIR_DIFF };

/* The cadence models: m(i) of a cadence, whether pair i joins two fields
 * of one film frame.  3:2 (fields A A B B B C C D D D) repeats 0 1 0 1 1
 * every 5 pairs, 2:2 0 1 every 2; phase p shifts the pattern:
 * m(i) = m[(i + p) % period]. */
typedef struct vpp_cadence_model {
    enum vpp_cadence cadence;
    int period;
    unsigned char m[5];
} vpp_cadence_model;

enum { VPP_CADENCE_MODELS = 2 };
extern const vpp_cadence_model vpp_cadence_models[VPP_CADENCE_MODELS];

static inline bool vpp_cadence_m(const vpp_cadence_model *md, int phase, long i)
{
    return md->m[(i + phase) % md->period];
}

/* The detector's answer for one pass (previous frame N, current frame N+1),
 * which outputs field 2 of N ("prev2") and field 1 of N+1 ("cur1"). */
typedef struct vpp_film_decision {
    unsigned prev2_ctl, cur1_ctl;   /* 0 deinterlace, 1 weave with the field
                                       before in time, 2 with the field after */
    enum vpp_cadence cadence;       /* detected cadence, VIDEO when not locked */
    bool locked;
    /* For inverse telecine: the woven field pair is a film frame not output
     * before (false: a repeat, to drop).  Meaningful only when locked. */
    bool prev2_new, cur1_new;
} vpp_film_decision;

/* Fields of history: a window of 10 field pairs and their neighbours. */
enum { VPP_FILM_HISTORY = 16 };

/* Field i of the stream is field 1 (i even) or 2 (i odd) of frame i / 2;
 * "pair i" is fields i - 1 and i.  Pass N outputs fields 2N + 1 and 2N + 2
 * and measures pairs 2N + 2 (across the frames) and 2N + 3 (inside N + 1). */
typedef struct vpp_film {
    bool top_first;
    long passes;                    /* passes seen */
    long pixels;                    /* of the latest pass */
    uint32_t adj[VPP_FILM_HISTORY]; /* pair i's field difference, at i % HISTORY */
    int8_t cls[VPP_FILM_HISTORY];   /* pair i's class (film.c) */
    bool torn[VPP_FILM_HISTORY];    /* pair i's tear counts say two film frames */
    long known;                     /* adj[i] is valid for known_from <= i < known */
    long known_from;
    long trust_from;                /* classes before this pair are ignored (break) */
    enum vpp_cadence cadence;
    int phase;                      /* model phase when locked */
    bool locked;
} vpp_film;

void vpp_film_init(vpp_film *f, bool top_first);

/* Before each pass (not the first frame's): v are that pass's frame variances
 * (the FMD of current frame N+1 against previous frame N, summed over the
 * frame), pixels the number of luma pixels they cover.  Fills d with the
 * controls to use for this pass. */
void vpp_film_decide(vpp_film *f, const uint32_t v[11], long pixels, vpp_film_decision *d);

/* At the end of the stream, after the last pass: the stream's last field
 * (field 2 of the last frame), which no pass output, as if it were the
 * prev2 of one more pass: prev2_ctl 1 when the lock weaves it with field 1
 * of its own frame, else all zero (its partner, if any, never came). */
void vpp_film_decide_last(const vpp_film *f, vpp_film_decision *d);

#endif
