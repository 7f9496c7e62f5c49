/* What the deinterlacer's line kernels (sdi_rows.c, stmm_rows.c) keep from
 * one line to the next: rows under a key (the planes' pixels and a line),
 * replaced least recently used first, and padded copies of lines. */
#ifndef GEN7SF_ROW_CACHE_H
#define GEN7SF_ROW_CACHE_H

#include <stdbool.h>

#include "gen7sf/media.h"

typedef struct row_slot {
    const void *a, *b;          /* the planes the row is of (b: NULL, or a second) */
    int y;
    unsigned used;              /* the clock when last asked for; 0: empty */
} row_slot;

/* The slot of n holding (a, b, y), or else the least recently used one
 * (never one used since the clock last moved, as long as a step asks for
 * fewer rows than there are slots), taken for it (*hit false). */
int row_lookup(row_slot *s, int n, unsigned now, const void *a, const void *b, int y, bool *hit);

/* A cache of padded lines: line y of a plane (through the field's edge
 * rule, media_clamp_line step 2) with pad clamped columns each side.  The
 * line kernels of sdi_rows.c and stmm_rows.c share one: they read the same
 * lines.  Its clock moves at each step of theirs (line_cache_step); a line
 * stays valid while fewer than LINE_SLOTS lines are asked for between two
 * steps. */
enum { LINE_SLOTS = 24, LINE_PAD = 192 };
typedef struct line_cache {
    row_slot slot[LINE_SLOTS];
    unsigned clock;
    uint8_t *buf;
    int w;
} line_cache;

bool line_cache_init(line_cache *c, int w);
/* The cache a line kernel reads through: shared (of width w) when given,
 * else own, initialised; NULL when neither can be. */
line_cache *line_cache_use(line_cache *own, line_cache *shared, int w);
void line_cache_free(line_cache *c);
/* Forgets every line (the planes' bytes are new). */
void line_cache_reset(line_cache *c);
static inline void line_cache_step(line_cache *c) { c->clock++; }
/* Line y of pl (w wide), the pointer at column 0, LINE_PAD columns each
 * side readable. */
const uint8_t *line_cache_get(line_cache *c, const g7sf_plane *pl, int y);

#endif
