/* The instruction sets the media kernel tests cover (src/media/dsp.h): a
 * kernel table per set, built whether or not the library picked it. */
#ifndef G7SF_TEST_MEDIA_ISA_H
#define G7SF_TEST_MEDIA_ISA_H

#include <stdbool.h>

#include "media/dsp.h"

typedef struct t_isa {
    const char *name;
    unsigned flags;             /* what media_dsp_init gets: the set and those below it */
} t_isa;

extern const t_isa t_isa_c;     /* the references */
extern const t_isa t_isa_sse41;
extern const t_isa t_isa_avx2;

/* Whether this CPU runs the set. */
bool t_isa_have(const t_isa *s);

/* The table for the set (printing "covered: <set>"), or false when the CPU
 * lacks it (the caller skips). */
bool t_table_for(const t_isa *s, media_dsp *d);

#endif
