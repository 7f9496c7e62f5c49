/* Film-mode detector: what the driver runs on the FMD frame variances
 * (§2.8.5) to find 3:2 and 2:2 cadences and set the two progressive cadence
 * controls (§2.8.4.8) of each pass. */
#ifndef GEN7SF_VPP_FILM_H
#define GEN7SF_VPP_FILM_H

#include <stdbool.h>
#include <stdint.h>

enum vpp_cadence { VPP_CADENCE_VIDEO, VPP_CADENCE_32, VPP_CADENCE_22 };

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

enum { VPP_FILM_HISTORY = 16 };

typedef struct vpp_film {
    bool top_first;
    long passes;                    /* passes seen */
    uint32_t hist[VPP_FILM_HISTORY][11];   /* variances of the latest passes */
    long pixels[VPP_FILM_HISTORY];
    enum vpp_cadence cadence;
    int phase;                      /* position in the cadence when locked */
    int confidence;                 /* consecutive passes that matched */
    bool locked;
    long last_film_frame;           /* for prev2_new / cur1_new */
} vpp_film;

void vpp_film_init(vpp_film *f, bool top_first);

/* Before each pass (not the first frame's): v are that pass's frame variances
 * (the FMD of current frame N+1 against previous frame N, summed over the
 * frame), pixels the number of luma pixels they cover.  Fills d with the
 * controls to use for this pass. */
void vpp_film_decide(vpp_film *f, const uint32_t v[11], long pixels, vpp_film_decision *d);

#endif
