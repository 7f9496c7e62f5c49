/* The colour pipe on the pipeline's output pictures (color_rows.c): the
 * state of the config's stages (color.c), ACE's curve from picture to
 * picture (ace.c) and the statistics of each picture.  Decisions:
 * docs/spec-notes.md, "Video pipeline: colour processing". */
#ifndef GEN7SF_VPP_COLOR_H
#define GEN7SF_VPP_COLOR_H

#include "gen7sf/iecp.h"
#include "gen7sf/vpp.h"

typedef struct vpp_color {
    bool on;                        /* a colour stage asked */
    g7sf_color_processing_state st; /* ACE's curve: the current picture's */
    int ace_strength;               /* -1: no ACE curve to compute */
    g7sf_vpp_ace_history history;
    bool measured;                  /* a picture's histogram exists */
    unsigned counts;                /* G7SF_VPP_COUNT_* */
    g7sf_iecp_stats *part;          /* VPP_MAX_THREADS: one per thread of the pool */
    g7sf_iecp_stats frame;          /* the last picture's */
} vpp_color;

/* 0, G7SF_EINVAL (cfg's values), G7SF_ENOMEM. */
int vpp_color_init(vpp_color *c, const g7sf_vpp_config *cfg);
void vpp_color_free(vpp_color *c);

/* Before a picture: true when ACE needs the picture's own histogram
 * first (its first picture): then vpp_color_measure on its scaled luma. */
bool vpp_color_needs_measure(const vpp_color *c);
void vpp_color_measure(vpp_color *c, const uint8_t *y, int stride, int w, int h);
void vpp_color_begin(vpp_color *c);

/* The pipe on luma lines [a, b) (b - a even, or b = h) of a picture w x h
 * and their chroma (4:2:0: lines a / 2 ..; chroma 4:2:2 otherwise), in
 * place, counting into thread's statistics. */
void vpp_color_rows(vpp_color *c, int thread, uint8_t *const plane[3], const int stride[3],
                    int w, int h, bool c420, int a, int b);

/* After a picture: its statistics in c->frame, ACE's next curve. */
void vpp_color_end(vpp_color *c);

#endif
