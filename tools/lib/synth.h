/* Synthetic video with a known truth, for the tools, the demo and the tests:
 * no data files, same bytes on every run.
 *
 *   scenes      progressive frames of a zooming zone plate, moving edges
 *               with scrolling text (a bitmap font of our own), and a
 *               panning texture, at any size, 4:2:0 or 4:2:2 planar
 *   interlace   weave two progressive frames into one interlaced frame;
 *               a sequence rendered at field rate becomes video whose
 *               field k is truth frame k
 *   pulldown    3:2 and 2:2 telecine of a film-rate sequence, either field
 *               order, any phase
 *   noise       Gaussian noise from a fixed seed (own PRNG)
 *   sequences   growable frame arrays; splicing ranges of them makes
 *               cadence breaks
 *   PSNR        of planes, frames and whole runs against the truth
 *
 * Frames are vio_frame (video_io.h), so they go straight to a Y4M writer.
 *
 * Decisions
 * - Time t is in frames of the sequence being rendered; each scene moves a
 *   fixed amount per unit of t (a few pixels), so rendering at t = k / 2
 *   gives the same motion at twice the rate.
 * - Chroma is evaluated at the centre of each chroma sample's luma area
 *   (420jpeg siting for 4:2:0).  Interlacing takes every plane's lines by
 *   parity, so 4:2:0 chroma line 2k goes with the top field, as media.h
 *   describes interlaced 4:2:0.
 * - PSNR is 10 log10(255^2 / MSE); identical inputs give +INFINITY.
 */
#ifndef G7SF_SYNTH_H
#define G7SF_SYNTH_H

#include <stdbool.h>
#include <stdint.h>

#include "video_io.h"

enum synth_scene { SYNTH_ZONE_PLATE, SYNTH_EDGES_TEXT, SYNTH_PAN, SYNTH_SMOOTH };

/* Draws scene s at time t into f (allocated, 4:2:0 or 4:2:2, any size).
 * Returns 0 or VIO_E_ARG. */
int synth_render(vio_frame *f, enum synth_scene s, double t);

/* The scene name ("zoneplate", "text", "pan", "smooth": broad gradients
 * panning, no texture, which the film kinds "smooth" and "smooth22"
 * telecine) or NULL. */
const char *synth_scene_name(enum synth_scene s);

/* Draws text with the built-in 5x7 font (A-Z, 0-9, space, ".:-/") into
 * plane p of f, each font pixel a scale x scale square of value v, the top
 * left corner at (x, y); clipped to the plane; other characters are blanks.
 * Coordinates are in the plane's own samples. */
void synth_text(vio_frame *f, int p, int x, int y, int scale, uint8_t v, const char *s);

/* out = the lines of first's 1st field and second's 2nd field (the 1st
 * field is the top one when top_first), in every plane.  All three frames
 * have the same chroma and size.  Returns 0 or VIO_E_ARG. */
int synth_weave(vio_frame *out, const vio_frame *first, const vio_frame *second,
                bool top_first);

/* Copies src to dst (same chroma and size).  Returns 0 or VIO_E_ARG. */
int synth_copy(vio_frame *dst, const vio_frame *src);

enum synth_pulldown { SYNTH_PULLDOWN_32, SYNTH_PULLDOWN_22 };

/* Telecine as a map: the film frame that field j of the telecined stream
 * (fields numbered from 0 in display order; field j is a 1st field when j is
 * even) comes from.  The pattern gives film frames 2, 3, 2, 3, ... fields
 * (3:2) or 2, 2, ... (2:2); phase (0..9 for 3:2, 0..1 for 2:2) starts the
 * stream that many fields into the pattern.  -1 for a bad argument. */
long synth_pulldown_source(enum synth_pulldown pd, int phase, long j);

/* Frames of the telecined stream that nfilm film frames fill completely. */
long synth_pulldown_frames(enum synth_pulldown pd, int phase, long nfilm);

/* A sequence of frames, all of one chroma and size. */
typedef struct synth_seq {
    vio_frame *f;
    long n, cap;
    enum vio_chroma chroma;
    int width, height;
} synth_seq;

void synth_seq_init(synth_seq *s, enum vio_chroma chroma, int width, int height);
void synth_seq_free(synth_seq *s);
/* Appends a new frame (contents undefined); NULL when out of memory. */
vio_frame *synth_seq_add(synth_seq *s);
/* Appends copies of src frames first .. first + count - 1 (a splice).
 * Returns 0, VIO_E_ARG or VIO_E_NOMEM. */
int synth_seq_splice(synth_seq *dst, const synth_seq *src, long first, long count);

/* Appends frames t0, t0 + dt, ... (n of them) of scene s. */
int synth_seq_render(synth_seq *s, enum synth_scene sc, double t0, double dt, long n);
/* Appends the interlaced frames of a field-rate truth: frame k weaves truth
 * frames 2k and 2k + 1 (n / 2 frames; a last odd truth frame is unused). */
int synth_seq_interlace(synth_seq *dst, const synth_seq *truth, bool top_first);
/* Appends the telecine of film (synth_pulldown_frames of its length). */
int synth_seq_telecine(synth_seq *dst, const synth_seq *film, enum synth_pulldown pd,
                       int phase, bool top_first);
/* Writes frames first .. first + n - 1 of s to file as Y4M with info's
 * format, rate and field order (its size is s's).  0 or -1. */
int synth_seq_write_y4m(const char *file, const synth_seq *s, long first, long n,
                        const vio_info *info);
/* Appends the frames of a Y4M file to s (at most max; max < 0: all); the
 * file must have s's size and chroma.  0, or -1 when it does not open, does
 * not match or is cut inside a frame. */
int synth_seq_read_y4m(const char *file, synth_seq *s, long max);
/* Adds noise to frames first .. first + count - 1, seeded by seed and the
 * frame index, so a frame's noise does not depend on the range. */
int synth_seq_noise(synth_seq *s, long first, long count, double sigma, uint64_t seed);

/* Adds zero-mean Gaussian noise of standard deviation sigma to every sample
 * (rounded, clamped to 0..255); the same seed gives the same noise. */
void synth_noise(vio_frame *f, double sigma, uint64_t seed);

/* Squared-error accumulator for PSNR over planes, frames and runs. */
typedef struct synth_err {
    uint64_t sse, samples;
} synth_err;

void synth_err_plane(synth_err *e, const uint8_t *a, ptrdiff_t a_stride, const uint8_t *b,
                     ptrdiff_t b_stride, int width, int height);
/* Every plane of a and b (same chroma and size; otherwise nothing is added
 * and VIO_E_ARG returned); luma_only counts plane 0 only. */
int synth_err_frame(synth_err *e, const vio_frame *a, const vio_frame *b, bool luma_only);
/* PSNR in dB; +INFINITY for no error, NAN for no samples. */
double synth_err_psnr(const synth_err *e);
double synth_psnr_frame(const vio_frame *a, const vio_frame *b, bool luma_only);

/* The generator's PRNG (splitmix64): the next value of *state. */
uint64_t synth_rand(uint64_t *state);

#endif

/* ---- clips made of sections (synth_clip.c) ----------------------------
 * A section is n interlaced frames of one kind:
 *   "film"    3:2 telecine (phase 0) of the pan scene at film rate
 *   "film22"  2:2 telecine (phase 0) of the pan scene
 *   "smooth", "smooth22"   3:2 and 2:2 telecine of the smooth scene
 *             (SYNTH_SMOOTH; film frame i at t = 2.5 i or 2 i)
 *   "fast"    3:2 telecine of the pan scene moving 4 times as fast
 *   "zone", "text", "pan"   video: the scene rendered at field rate
 *   "still"   the pan scene standing still
 * Film frame i is the pan at t = 2.5 i (3:2) or 2 i (2:2): the same speed
 * per field as the video pan.  sigma > 0 adds noise to the interlaced
 * frames only (seeded by seed); the truth stays clean. */
typedef struct synth_clip {
    synth_seq video;    /* interlaced frames */
    synth_seq truth;    /* 2 per interlaced frame: field k's progressive truth */
    synth_seq film;     /* the film frames of film sections, in order */
} synth_clip;

void synth_clip_init(synth_clip *c, enum vio_chroma chroma, int width, int height);
void synth_clip_free(synth_clip *c);
/* Appends a section.  Returns 0, VIO_E_ARG (unknown kind, n < 1, sigma < 0)
 * or VIO_E_NOMEM. */
int synth_clip_section(synth_clip *c, const char *kind, long n, double sigma, bool top_first,
                       uint64_t seed);

/* ---- the same frames one at a time (synth_gen.c) ----------------------
 * What gen7sf-synth writes, in memory independent of the clip's length:
 * five frames (the interlaced one, two fields' truth, two film frames).
 *
 *   synth_gen g;
 *   synth_gen_init(&g, chroma, w, h, top_first);        allocates
 *   synth_gen_section(&g, "film", n, sigma, seed);      each section in turn
 *   while (synth_gen_next(&g) == 1)                     n times
 *       use g.video, g.truth[0..1], g.film[0 .. g.film_new - 1];
 *   synth_gen_free(&g);
 *
 * The pointers are valid until the next call.  Noise is seeded by seed and
 * the frame's index in the whole clip (video_count), as synth_seq_noise
 * does on synth_clip's video, so both give the same bytes. */
typedef struct synth_gen {
    bool top_first;
    long video_count;            /* interlaced frames made so far, every section */
    const vio_frame *video;      /* after synth_gen_next: the interlaced frame */
    const vio_frame *truth[2];   /* the progressive truth of its two fields */
    const vio_frame *film[2];    /* film frames shown for the first time (film kinds) */
    int film_new;                /* how many of film[] */
    /* the section */
    int kind;
    long n, k;                   /* frames in it, made so far */
    double sigma;
    uint64_t seed;
    long film_next;              /* the next film frame not yet in film[] */
    /* storage */
    vio_frame frame, fields[2], films[2];
    long film_idx[2];            /* which film frame each of films[] holds, -1 none */
} synth_gen;

/* Returns 0, VIO_E_NOMEM or VIO_E_ARG (a bad size). */
int  synth_gen_init(synth_gen *g, enum vio_chroma chroma, int width, int height, bool top_first);
void synth_gen_free(synth_gen *g);
/* Whether kind names a section ("film", "zone", ...). */
bool synth_gen_kind_ok(const char *kind);
/* Starts a section: 0 or VIO_E_ARG (unknown kind, n < 1, sigma < 0). */
int  synth_gen_section(synth_gen *g, const char *kind, long n, double sigma, uint64_t seed);
/* Makes the section's next frame: 1, 0 when it is complete, or VIO_E_ARG. */
int  synth_gen_next(synth_gen *g);

/* synth_noise with the seed of frame index of a sequence seeded by seed
 * (synth_seq_noise's rule). */
void synth_noise_frame(vio_frame *f, double sigma, uint64_t seed, long index);
