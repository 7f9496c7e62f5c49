/* Field-to-film-frame maps for the film detector tests (test_film,
 * test_ivtc_model): which film frame each field of a stream shows, built
 * section by section, so the right decision for every pair follows from
 * the map alone. */
#ifndef G7SF_TEST_FIELD_MAP_H
#define G7SF_TEST_FIELD_MAP_H

enum { FMAP_MAX = 300 };

typedef struct fmap {
    int n;                  /* fields */
    long fid[FMAP_MAX];     /* film frame of field i */
} fmap;

/* Appends `fields` fields of 3:2 (A A B B B C C D D D), starting `off`
 * fields into the cycle, the first film frame numbered *next; *next gets
 * the number after the last one shown. */
void fmap_add_32(fmap *m, int fields, int off, long *next);
/* 2:2 starting on the 1st (off 0) or the 2nd (off 1) field of a frame. */
void fmap_add_22(fmap *m, int fields, int off, long *next);
/* Video: every field a frame of its own. */
void fmap_add_video(fmap *m, int fields, long *next);

#endif
