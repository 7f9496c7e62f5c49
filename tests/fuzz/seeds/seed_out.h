/* Writing seed files for the fuzz targets (make fuzz-corpus): a growing
 * byte buffer, the send_input.h records, and where seeds go. */
#ifndef G7SF_FUZZ_SEED_OUT_H
#define G7SF_FUZZ_SEED_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gen7sf/gen7sf.h"

typedef struct seed_buf {
    uint8_t *p;
    size_t n, cap;
} seed_buf;

void seed_u8(seed_buf *b, unsigned v);
void seed_u16(seed_buf *b, unsigned v);
void seed_u32(seed_buf *b, uint32_t v);
void seed_bytes(seed_buf *b, const void *p, size_t n);
void seed_free(seed_buf *b);

/* Seeds are recorded when G7SF_SEED_DIR is set: into
 * $G7SF_SEED_DIR/<target>/<$G7SF_SEED_NAME>.<n>, n counting per target. */
bool seed_recording(void);
void seed_save(const char *target, const seed_buf *b);
/* The most seeds per target a process writes: $G7SF_SEED_MAX, default 4. */
unsigned seed_max(void);
/* Whether a seed with this key is new to the process (and remembers it). */
bool seed_new_key(const char *target, const void *key, size_t n);
/* Seeds saved so far to the target. */
unsigned seed_count(const char *target);

/* send_input.h: the prefix, and memory as records (repeated dwords as
 * fills, the rest as writes); *budget counts down the bytes written out. */
void seed_send_prefix(seed_buf *b, uint8_t flags, unsigned sfid, uint16_t emask, uint32_t desc,
                      uint32_t binding_table, uint32_t sampler_state);
void seed_send_memory(seed_buf *b, uint32_t addr, const uint8_t *p, size_t n, size_t *budget);
void seed_send_base(seed_buf *b, unsigned which, uint32_t base, uint32_t bound);
void seed_send_command(seed_buf *b, unsigned unit, const uint32_t *dw, unsigned n);
void seed_send_payload(seed_buf *b, unsigned reg, const g7sf_reg *r);
void seed_send_thread(seed_buf *b, unsigned which, const g7sf_reg *r);
/* All of the gpu's memory that is not zero: pages near the three state
 * bases first, the rest in address order until *budget runs out. */
void seed_send_gpu_memory(seed_buf *b, const g7sf_gpu *gpu, size_t *budget);

#endif
