/* Internal interface of the deinterlacer (di.c) and its motion compensated
 * part (mcdi.c): luma windows around a 16x4 block and the MCDI results the
 * final blend (§2.8.4.12) consumes. */
#ifndef GEN7SF_DI_INT_H
#define GEN7SF_DI_INT_H

#include "gen7sf/media.h"

/* A window of one frame's luma around the 16x4 block at (bx, by):
 * DIW(w, x, y) is frame pixel (bx + x, by + y) for x in [-DIW_L, DIW_W -
 * DIW_L) and y in [-DIW_T, DIW_H - DIW_T).  Lines above or below the frame
 * read as the nearest line of the same field, columns are clamped. */
enum { DIW_L = 16, DIW_T = 8, DIW_W = 48, DIW_H = 20 };
typedef struct di_window {
    uint8_t p[DIW_H][DIW_W];
} di_window;
#define DIW(w, x, y) ((w)->p[DIW_T + (y)][DIW_L + (x)])

void di_window_load(const g7sf_plane *pl, int bx, int by, di_window *w);

/* The lines of a window as pointers: DIV(v, x, y) reads as DIW(w, x, y),
 * row[DIW_T + y] pointing at column 0 of line y, readable for x in
 * [-DIW_L, DIW_W - DIW_L).  Into a window (di_view_of), or straight into
 * the frame where the block's columns are inside (g7sf_di_rows): the MCDI
 * steps after the search read lines -2 .. 5 through one, no copy needed. */
typedef struct di_view {
    const uint8_t *row[DIW_H];
} di_view;
#define DIV(v, x, y) ((v)->row[DIW_T + (y)][x])

static inline di_view di_view_of(const di_window *w)
{
    di_view v;
    for (int r = 0; r < DIW_H; r++)
        v.row[r] = &w->p[r][DIW_L];
    return v;
}

/* Why p cannot drive the deinterlacer and the field motion detector, or
 * NULL when it can (g7sf_di_block: G7SF_EINVAL). */
const char *di_params_invalid(const g7sf_di_params *p);

/* Whether frame line y belongs to the 1st field. */
static inline bool di_first_field_line(const g7sf_di_params *p, int y)
{
    return ((y & 1) == 0) == p->top_first;
}

/* Motion search, smoothness check and motion compensation (§2.8.4.9 -
 * 2.8.4.11) for every line of the block.  Line l (frame line by + l) is
 * missing in the previous frame's 2nd field when it is a 1st-field line:
 * then the picture searched is prev and the reference cur; otherwise (missing
 * in the current frame's 1st field) the picture is cur and the reference
 * prev.  Per pixel pair i (pixels 2i, 2i + 1): */
typedef struct mcdi_block {
    int8_t mvx[4][8], mvy[4][8];    /* best vector (last wins ties) */
    uint16_t sad[4][8];             /* best_ME_SAD */
    bool smooth[4][8];              /* smoothness check passed */
    uint8_t mc[4][16];              /* motion compensated pixel, per pixel */
} mcdi_block;

void mcdi_block_run(const g7sf_di_params *p, const di_window *prev, const di_window *cur,
                    mcdi_block *m);
/* mcdi_block_run after the search: m's vectors and SADs given (from the
 * search along lines, mcdi_rows.c), the smoothness check and the
 * compensation. */
void mcdi_block_finish(const g7sf_di_params *p, const di_view *prev, const di_view *cur,
                       mcdi_block *m);

/* What the SDI found for one pixel pair, for the MCDI decision. */
typedef struct mcdi_sdi_info {
    int edge;               /* x offset of the chosen angle (0 for 90 degrees) */
    unsigned angle_cost;    /* Best_SAD_Angle_cost: AngleCost_6x3 of the chosen angle */
    unsigned scm;           /* SCM = SHCM + SVCM from the STMM window */
} mcdi_sdi_info;

/* Consistency check (§2.8.4.10.1) and content adaptive thresholding
 * (§2.8.4.12): whether missing pixel x (0..15) of line l takes the MCDI value
 * m->mc[l][x] (true) or the SDI value (false) as DItemp.  pic is the picture
 * being deinterlaced (prev for 1st-field lines, cur for the others), as in
 * mcdi_block_run. */
bool mcdi_select(const g7sf_di_params *p, const mcdi_block *m, const di_view *pic, int l, int x,
                 const mcdi_sdi_info *s);

#endif
