/* Internal: the MSAA index-compression extension's memory side (patent US
 * 9466124, gen7sf/msaa_compress.h), shared by the render cache
 * (src/dataport/rt_msaa_cache.c) and the sampler (src/sampler/msaa.c): who
 * opts in, the control byte of a tile, the tile's MCS bytes (its index
 * bits), and a sample read through a pixel's MCS the Gen7 way. */
#ifndef G7SF_CORE_MSAA_TILE_H
#define G7SF_CORE_MSAA_TILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/gpu.h"
#include "gen7sf/msaa_compress.h"

/* Whether surface s of gpu uses the extension: the gpu has
 * G7SF_EXT_MSAA_INDEX, s sets Index Compression Enable and MCS Enable, is a
 * 2D 4x/8x MSS surface of one level with a 32-bit 1x1-block format. */
bool msaa_tile_opted_in(const g7sf_gpu *gpu, const g7sf_surface *s);

/* Tile (tx, ty) of a slice: pixels [8 tx, 8 tx + 8) x [4 ty, 4 ty + 4).
 * Whole: every one of its 32 pixels lies inside the surface (only whole
 * tiles may be INDEX: partial ones have no MCS bytes past the edge). */
bool msaa_tile_whole(const g7sf_surface *s, uint32_t tx, uint32_t ty);

/* The control byte of the tile holding (x, y) of slice: its code (bits
 * 3:0) in *code.  G7SF_ESTATE (reason in *why, may be NULL) for bits 7:4
 * non-zero, a code not G7SF_MSAA_CTRL_*, or INDEX on a partial tile;
 * G7SF_EFAULT / G7SF_ERANGE from the address. */
int msaa_tile_control_read(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y,
                           uint32_t slice, unsigned *code, const char **why);
int msaa_tile_control_write(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y,
                            uint32_t slice, unsigned code);

/* MCS bytes of one pixel (1 at 4x, 4 at 8x). */
static inline unsigned msaa_mcs_bytes(unsigned samples) { return samples == 8 ? 4 : 1; }

/* The index bits of whole tile (tx, ty): the 32 pixels' MCS values in
 * pixel order p = 8 y + x (msaa_mcs_bytes each, little endian). */
int msaa_tile_index_read(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t tx, uint32_t ty,
                         uint32_t slice, uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX]);
int msaa_tile_index_write(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t tx, uint32_t ty,
                          uint32_t slice, const uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX]);

/* One pixel's MCS value. */
int msaa_pixel_mcs(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y, uint32_t slice,
                   uint32_t *mcs);
/* The plane (physical sample slice) sample si lives in by the pixel's MCS,
 * or -1 for the clear colour: 4x 0xFF, 8x all ones or a field past 7. */
int msaa_mcs_plane(uint32_t mcs, unsigned samples, unsigned si);

/* The sampler's reads of opt-in surfaces, counted in the gpu (core holds
 * them so that the data port's g7sf_msaa_stats_read reports them without a
 * call between units): bytes read, and the Gen7 scheme's for the same
 * (the sampler counts 64-byte lines missing in its modelled L1,
 * src/sampler/msaa.c). */
static inline void msaa_tile_count_read(g7sf_gpu *gpu, uint64_t bytes, uint64_t baseline)
{
    atomic_fetch_add_explicit(&gpu->msaa_reads.bytes, bytes, memory_order_relaxed);
    atomic_fetch_add_explicit(&gpu->msaa_reads.baseline, baseline, memory_order_relaxed);
}

/* The flush epoch: the sampler's modelled L1 (per host thread) drops its
 * lines when it changed since that thread's last message.  The render
 * cache bumps it after writing a tile back and on every flush (the
 * PIPE_CONTROL that flushes the render cache for the sampler invalidates
 * its cache too); g7sf_msaa_stats_read's clear bumps it so that counting
 * starts cold in every thread.  Stats only: the sampler always reads
 * memory. */
static inline void msaa_tile_invalidate(g7sf_gpu *gpu)
{
    atomic_fetch_add_explicit(&gpu->msaa_reads.epoch, 1, memory_order_release);
}
static inline uint64_t msaa_tile_epoch(g7sf_gpu *gpu)
{
    return atomic_load_explicit(&gpu->msaa_reads.epoch, memory_order_acquire);
}

#endif
