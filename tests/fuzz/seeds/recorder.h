/* Internal to the seed recorder (recorder.c, sample_seed.c). */
#ifndef G7SF_FUZZ_RECORDER_H
#define G7SF_FUZZ_RECORDER_H

#include "gen7sf/sampler.h"
#include "seed_out.h"

/* Bytes of memory contents one message seed carries (fills aside):
 * enough for state and small textures, small enough for a corpus in the
 * tree. */
#define RECORDER_MEMORY_BUDGET 3072

/* The 3D commands the gpu was given, as send_input.h records. */
void recorder_commands(seed_buf *b, const g7sf_gpu *gpu);
/* A function-level g7sf_sample() call as a sampler message seed. */
void recorder_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                     const g7sf_sample_args *a);

#endif
