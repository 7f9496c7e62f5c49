/* A progress line on a terminal: units done (frames unless progress_units
 * says otherwise), units per second and, when the total is known, the time
 * left.  Redrawn at most 4 times a second with '\r'; progress_end finishes
 * the line. */
#ifndef G7SF_PROGRESS_H
#define G7SF_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

typedef struct progress {
    FILE *f;            /* NULL: no output */
    long total;         /* 0 when unknown */
    double start, last; /* seconds */
    bool drawn;
    const char *what;   /* "frames" */
    const char *rate;   /* "fps" */
} progress;

/* Draws to f only when it is a terminal (and enabled). */
void progress_start(progress *p, FILE *f, bool enabled, long total);
/* After progress_start: what is counted and its rate ("samples",
 * "samples/s"). */
void progress_units(progress *p, const char *what, const char *rate);
void progress_update(progress *p, long done);
void progress_end(progress *p, long done);

#endif
