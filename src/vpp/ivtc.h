/* Inverse telecine with look-ahead: which consecutive fields show one film
 * frame, decided for each pair of fields from the comb measure of the pairs
 * before and after it (comb.h), so the first fields of a clip and those
 * around an edit are decided like the others.  The rule and its constants:
 * docs/spec-notes.md, "Film-mode detection". */
#ifndef GEN7SF_VPP_IVTC_H
#define GEN7SF_VPP_IVTC_H

#include <stdbool.h>
#include <stdint.h>

#include "film.h"

enum {
    VPP_IVTC_RING = 64,     /* pairs kept: the window each side and the output's lag */
    VPP_IVTC_AHEAD = 12,    /* pairs measured after pair i before it is decided */
};

/* Fields are numbered in time from 0 (field 1 of frame N is 2N); "pair i"
 * is fields i - 1 and i (i >= 1). */
typedef struct vpp_ivtc {
    long known;                     /* pairs 1 .. known - 1 measured */
    long decided;                   /* match(i) final for i < decided */
    long blocks;                    /* of the comb measure */
    uint64_t comb[VPP_IVTC_RING];
    int8_t cls[VPP_IVTC_RING];
    bool match[VPP_IVTC_RING];      /* pair i shows one film frame */
    uint8_t cadence[VPP_IVTC_RING]; /* the model that said so (enum vpp_cadence) */
} vpp_ivtc;

void vpp_ivtc_init(vpp_ivtc *t);
/* The comb measure of the next pair (pair known). */
void vpp_ivtc_add(vpp_ivtc *t, uint64_t comb, long blocks);
/* Decides every pair with VPP_IVTC_AHEAD pairs measured after it, or all
 * measured pairs at the end of the stream. */
void vpp_ivtc_decide(vpp_ivtc *t, bool end);
/* 1 when pair i shows one film frame, 0 when not (pairs before 1 and after
 * the stream: 0), -1 while undecided or no longer kept. */
int vpp_ivtc_match(const vpp_ivtc *t, long i, bool end);
enum vpp_cadence vpp_ivtc_cadence(const vpp_ivtc *t, long i);

#endif
