/* The deinterlacer's block pass and the lines it shares with the other
 * blocks of its band (di.c, di_rows.c): g7sf_di_block runs one block on
 * its own windows, g7sf_di_rows every block of a band with the band's
 * lines. */
#ifndef GEN7SF_DI_BAND_H
#define GEN7SF_DI_BAND_H

#include "dsp.h"

/* The SDI of one line of a block: the interpolated pixels, the final
 * angle of each pair and its AngleCost_6x3. */
typedef struct sdi_view {
    const uint8_t *out, *angle;
    const uint16_t *acost;
} sdi_view;

/* The lines of the band of 4 frame lines a block is in (g7sf_di_rows):
 * the SDI, STMM and motion search of each line, computed once for all its
 * blocks when the first of them asks, and the chroma source lines. */
typedef struct di_band {
    sdi_rows *rows;
    stmm_rows *st;
    int by;                     /* the band's first line */
    const g7sf_yuv *cur, *prev;
    const g7sf_plane *pic[4];   /* the picture each line is missing in */
    bool done[4], st_done[4];
    sdi_line line[4];
    uint8_t *stmm[4];           /* the lines' STMM and SVCM + SHCM, per pair + 1 */
    uint16_t *hv[4];
    uint8_t *st2[4], *st3[4];   /* and STMM2, STMM3 per pair */
    mcdi_rows *mc;              /* the motion search (MCDI) */
    bool line_search;           /* the band's blocks search along its lines */
    bool mc_done[4];
    uint16_t *msad[4];
    int8_t *mvx[4], *mvy[4];
    di_chroma_band chroma;      /* the band's chroma source lines */
    /* after the first frame the chroma runs along the lines once the
     * band's luma is done (di_chroma_band_after): the luma angle of each
     * pair of the lines, the room of the up-sampled lines */
    uint8_t *angle[4];
    uint8_t *chroma_up[2][DI_CBAND_LINES][3];
} di_band;

/* The SDI of line l of the block at bx, STMM3 and SVCM + SHCM of its
 * pairs (STMM2 stays the band's line), and the motion search of its 4
 * lines into m: from the band's lines, computed when first asked. */
sdi_view di_band_sdi(const g7sf_di_params *p, di_band *b, int l, int bx);
void di_band_stmm(const g7sf_di_params *p, di_band *b, const uint8_t *stmm_in, int stmm_stride,
                  int l, int bx, const uint8_t **st3, const uint16_t **hv);
void di_band_search(di_band *b, int bx, mcdi_block *m);
/* Whether the band's blocks should take their motion search from its
 * lines: a line's search costs about a third of every block's, so when
 * more than a third of the blocks search (have a spatial line). */
bool di_band_line_search(const g7sf_di_params *p, di_band *b, const uint8_t *stmm_in,
                         int stmm_stride);

/* Whether g7sf_di_block can run on these arguments (bx, by aside). */
bool di_args_ok(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
                const uint8_t *stmm_in, int stmm_stride);

/* The block at (bx, by), checked: its results into out, its lines from
 * band (NULL: from its own windows, the same bytes). */
void di_block(const g7sf_di_params *p, const g7sf_yuv *cur, const g7sf_yuv *prev,
              const uint8_t *stmm_in, int stmm_stride, int bx, int by, di_band *band,
              const di_out *out);

#endif
