/* Compression in the MSAA index bits (patent US 9466124, spec file 004;
 * issue 22 part B): a tile of 8x4 pixels x N samples (N = 4 or 8) of 32-bit
 * RGBA8 colours stored inside the tile's index bits (Gen7's MCS) so that no
 * colour plane is read or written.  The codec at function level (encode,
 * decode, planes, traffic), then, in the second half, the extension in the
 * render cache (tiles held, written back as index bits or Gen7 planes),
 * the control surface and the sampler's ld_mcs / ld2dms / ld2dss, opted in
 * per gpu and per surface.  Every choice is in docs/spec-notes.md,
 * "Patent 004".
 *
 * Index bits.  The tile's index bits are bytes; bit i is bit i % 8 of byte
 * i / 8 (LSB first, as the MCS lies in memory).  A field of w bits at offset
 * o holds bit j of its value at bit o + j.  Budget: Gen7's MCS per tile,
 * 8 bits x 32 pixels = 256 bits at 4x, 32 bits x 32 = 1024 bits at 8x.  The
 * patent counts 768 at 8x (3 index bits per sample, L52/L80); the 8x
 * encodings here use only bits 0..767 and require 768..1023 to be zero, so
 * they fit either figure.  Unused bits are written zero and a decoder
 * rejects any that are not.
 *
 * Pixels p = 0..31 in row-major order within the tile (p = 8 y + x);
 * samples are given and returned as colours[p * N + s].
 *
 * 4x layouts (256 bits):
 *   Mode A (palette, L32-34): bits 0..2 = 111 (the tag: pixel 0's status
 *     111 is unused in Method B), 3..63 zero, 64..95 colour 0, 96..127
 *     colour 1, then 1 bit per sample at 128 + 4 p + s (0 = colour 0).
 *   Method B (L38-50): bits 3p..3p+2 = status of pixel p (p's status 111 is
 *     malformed for p > 0, the Mode A tag for p = 0):
 *       000/001/010  one colour: palette entry 0/1/2
 *       011/100/101  two colours: pairs (0,1), (0,2), (1,2) - "medium",
 *                    4 payload bits, bit s = sample s (0 = lower entry)
 *       110          three colours - "complex", 7 payload bits, the value
 *                    sum d_s 3^s (sample 0 the lowest base-3 digit), < 81
 *     then the stored colours from bit 96, then the payload: the medium and
 *     complex pixels in pixel order, each field after the previous one.
 *     Plain: colours 0, 1, 2 at 96, 128, 160 with colour 0 < colour 1 (as
 *     uint32); payload bits 192..255 (64 bits: 16 medium or 9 complex).
 *     With the clear colour as entry 2 (L50): colours 0, 1 at 96, 128 with
 *     colour 0 > colour 1 (the order is the flag, as BC1's c0 > c1);
 *     payload bits 160..255 (96 bits).  Equal colours 0 and 1: malformed.
 * 8x layouts (bits 0..767 used):
 *   Mode A: bits 0..3 = 1111 (the tag: pixel 0's status 1111 is unused in
 *     Method B), 4..127 zero, colours 0..3 at 128 + 32 i, then 2 bits per
 *     sample at 256 + 2 (8 p + s).  Unused palette entries repeat colour 0.
 *   Method B (L52-56, L80: the 6-colour variant): bits 4p..4p+3 = status of
 *     pixel p: 0..5 one colour (that entry); 6..13 two colours, the pairs
 *     (0,1) (0,2) (0,3) (0,4) (0,5) (1,2) (1,3) (2,3), 8 payload bits (bit s
 *     = sample s, 0 = lower entry); 14 complex (any other set), 21 payload
 *     bits, the value sum d_s 6^s < 6^8 = 1679616; 15 the Mode A tag at
 *     pixel 0, malformed elsewhere.  Colours 0..5 at 128 + 32 i (an unused
 *     6th entry repeats colour 0; the encoder orders entries by sample
 *     count, most first, then by value), payload bits 320..767 (448: 21
 *     complex, or 20 complex + 3 medium), in pixel order as at 4x.  No
 *     clear-colour variant at 8x yet. */
#ifndef GEN7SF_MSAA_COMPRESS_H
#define GEN7SF_MSAA_COMPRESS_H

#include <stdint.h>

#include "gen7sf.h"
#include "surface.h"

#ifdef __cplusplus
extern "C" {
#endif

#define G7SF_MSAA_TILE_W      8
#define G7SF_MSAA_TILE_H      4
#define G7SF_MSAA_TILE_PIXELS 32
#define G7SF_MSAA_INDEX_BYTES_MAX 128   /* 1024 bits, the 8x MCS tile */

enum g7sf_msaa_method {
    G7SF_MSAA_MODE_A = 1,          /* palette: 2 colours (4x), 4 (8x) */
    G7SF_MSAA_METHOD_B = 2,        /* 3 stored colours (4x), 6 (8x) */
    G7SF_MSAA_METHOD_B_CLEAR = 3   /* 4x: 2 stored colours + the clear colour */
};

/* The index bits of one tile: 256 (N = 4) or 1024 (N = 8); 0 for another N. */
G7SF_API unsigned g7sf_msaa_index_bits(unsigned n);

/* Encodes 32 x n colours (colours[p * n + s]) into the index bits
 * (g7sf_msaa_index_bits(n) / 8 bytes written, every one of them).  clear:
 * the surface's clear colour, or NULL for none.  Tries Mode A (<= 2 colours
 * at 4x, <= 4 at 8x), then Method B (3 colours at 4x, with the clear colour
 * as entry 2 when it is one of them; 5 or 6 colours at 8x).  *method (may be NULL) gets the g7sf_msaa_method used.
 * Returns 0; G7SF_ERANGE when the tile does not fit (then the bits are
 * unspecified); G7SF_EINVAL for NULL colours/bits or n not 4 or 8. */
G7SF_API int g7sf_msaa_tile_encode(const uint32_t *colours, unsigned n, const uint32_t *clear,
                                   uint8_t *bits, int *method);

/* The inverse: 32 x n colours from the index bits (which are read only up
 * to g7sf_msaa_index_bits(n) / 8 bytes).  clear: needed only by a Method B
 * tile with the clear colour (else may be NULL).  Returns 0 (and the method
 * in *method, may be NULL); G7SF_EPAYLOAD for malformed bits (the tag code
 * 111 / 1111 past pixel 0, a base-3 value >= 81 or base-6 >= 6^8, payload
 * past the budget, non-zero unused bits, equal colours 0 and 1 in a 4x
 * Method B tile); G7SF_ESTATE for
 * a clear-colour tile with clear NULL; G7SF_EINVAL for NULL or n not 4 or
 * 8.  On an error colours may be partly written. */
G7SF_API int g7sf_msaa_tile_decode(const uint8_t *bits, unsigned n, const uint32_t *clear,
                                   uint32_t *colours, int *method);

/* The planes the Gen7 MCS scheme uses for the tile (L14-16: plane 0 filled
 * first): the most distinct colours in one pixel, 1..n; 0 for bad args. */
G7SF_API unsigned g7sf_msaa_tile_planes(const uint32_t *colours, unsigned n);

/* Bits moved for one tile (L22-36, control bits excluded): in the index
 * bits only; planes compressed 2:1 (planes x 512 + index bits, the L22
 * "50% compression"); uncompressed (planes x 1024 + index bits).  4x, 2
 * planes: 256, 1280, 2304. */
typedef struct g7sf_msaa_traffic {
    unsigned index_mode;
    unsigned planes_compressed;
    unsigned uncompressed;
} g7sf_msaa_traffic;
/* 0, or G7SF_EINVAL for NULL, n not 4 or 8, planes > n. */
G7SF_API int g7sf_msaa_tile_traffic(unsigned n, unsigned planes, g7sf_msaa_traffic *out);

/* ---- The extension in the render cache and the sampler (issue 22 B) ----
 *
 * Opt-in.  A surface uses it when the gpu was created with
 * G7SF_EXT_MSAA_INDEX and its SURFACE_STATE sets DW6 bit 1, "Index
 * Compression Enable" (reserved on Gen7; the state table's
 * index_compression_enable), on a 4x or 8x MSS surface with MCS Enable and
 * a 32-bit-per-sample format.  Otherwise the bit is ignored and the
 * surface behaves exactly as the PRM's (MCS per pixel, every sample in its
 * plane).
 *
 * The render cache holds 64 tiles (least recently used replaced) of opt-in
 * surfaces.  A render target write fills its tile from memory: an INDEX
 * tile decoded (every sample known), another its MCS only, a plane being
 * read into the cache when a write keeps (or blends with) a sample living
 * in it.  A tile leaving the cache with every sample known that
 * g7sf_msaa_tile_encode takes (whole tiles only: one reaching past the
 * surface's edge is always planes) goes to the index bits, control INDEX,
 * no plane written; otherwise its written pixels (all of them after an
 * INDEX tile) go to Gen7 planes 0..k-1 with their MCS, and the control
 * names the smaller of two plane compressors when one beats the
 * uncompressed size (delta: per plane, the first colour and per-channel
 * minimal-width signed differences; palette: the distinct colours and
 * ceil(log2 count)-bit indices); the model keeps the planes uncompressed
 * at the Gen7 addresses.  On an opt-in surface ld2dms and ld2dss decode an
 * INDEX tile's sample from its index bits whatever the MCS parameter;
 * ld_mcs returns the pixel's raw MCS in .x as ever and the tile's control
 * code in .y (0 on other surfaces).
 *
 * A driver's fast clear writes MCS all ones and control 0 after a flush;
 * any other write to the surface's memory (including through a binding
 * without the bit) must also come after a flush.
 *
 * The control surface: one byte per 8x4 tile, G7SF_MSAA_CTRL_* in bits
 * 3:0, bits 7:4 zero, at g7sf_surface_msaa_control_address: after the MCS
 * surface (its g7sf_surface_size), from the next 4 KiB boundary, tiles in
 * row-major order per array slice.  A driver that enables the extension
 * allocates it and clears it to 0; 0 reads as the Gen7 scheme, so zeroed
 * memory is a valid surface.  Other values are illegal state (G7SF_ESTATE). */
enum g7sf_msaa_control {
    G7SF_MSAA_CTRL_PLANES         = 0x0,  /* Gen7: MCS per pixel, planes uncompressed */
    G7SF_MSAA_CTRL_PLANES_DELTA   = 0x1,  /* Gen7 MCS; planes written delta-compressed */
    G7SF_MSAA_CTRL_PLANES_PALETTE = 0x2,  /* Gen7 MCS; planes written palette-compressed */
    G7SF_MSAA_CTRL_INDEX          = 0xF   /* "1111": no plane used, the colours are in the
                                             tile's index bits (g7sf_msaa_tile_encode) */
};

/* Address of the control byte of the tile holding pixel (x, y) of array
 * slice `array`.  G7SF_EINVAL when s has no MCS or is not 4x/8x;
 * G7SF_ERANGE outside the surface; G7SF_EFAULT past 4 GiB. */
G7SF_API int g7sf_surface_msaa_control_address(const g7sf_surface *s, uint32_t x, uint32_t y,
                                               uint32_t array, uint32_t *addr);

/* Traffic of multisampled render target writes on a gpu, counted by the
 * render cache as tiles leave it (eviction, g7sf_render_cache_flush) and by
 * the sampler's ld_mcs / ld2dms / ld2dss reads.  Bytes of colour planes,
 * index bits (MCS) and control bytes.  The baseline fields count what the
 * PRM's scheme (no extension, planes uncompressed) would have moved for
 * the same tiles, so one run gives both figures.
 *
 * The render cache counts bytes: a fill its control byte and the tile's
 * MCS (32 or 128 bytes), 128 per plane it reads; a write-back what it
 * stores.  The sampler counts 64-byte lines that miss in a modelled
 * sampler L1 (Gen7's cache sizes are not in the PRM: a model parameter,
 * 32 KiB, 8-way, LRU), one per host thread holding one gpu's lines at a
 * time, with a tag array per column: bytes_read the lines the extension
 * reads (control byte, the pixel's MCS for ld_mcs, an INDEX tile's index
 * bits or the sample's plane), baseline_read those Gen7 reads for the
 * same messages (the MCS for ld_mcs, the sample's plane - for an INDEX
 * tile the one the Gen7 planes would give it).  So a resolve's ld_mcs and
 * n ld2dms of a block count the index bits once.  The model drops its
 * lines when the render cache writes a tile back, on
 * g7sf_render_cache_flush (and the render cache Memory Fence), and on a
 * clear by g7sf_msaa_stats_read, in every thread.  Only opt-in surfaces
 * are counted; the figures never change what is read or returned. */
typedef struct g7sf_msaa_stats {
    uint64_t tiles_evicted;       /* tiles written back from the render cache */
    uint64_t tiles_index;         /* ... as G7SF_MSAA_CTRL_INDEX */
    uint64_t tiles_delta;         /* ... as G7SF_MSAA_CTRL_PLANES_DELTA */
    uint64_t tiles_palette;       /* ... as G7SF_MSAA_CTRL_PLANES_PALETTE */
    uint64_t tiles_uncompressed;  /* ... as G7SF_MSAA_CTRL_PLANES */
    uint64_t bytes_written;       /* index bits + planes (as stored) + control */
    uint64_t bytes_read;          /* render cache fills + sampler reads */
    uint64_t baseline_written;    /* the same tiles without the extension */
    uint64_t baseline_read;
} g7sf_msaa_stats;

/* Copies the gpu's counters into *out (may be NULL) and, when clear is
 * non-zero, zeroes them.  G7SF_EINVAL for a NULL gpu. */
G7SF_API int g7sf_msaa_stats_read(g7sf_gpu *gpu, g7sf_msaa_stats *out, int clear);

/* Writes back every tile the render cache holds (the render target cache
 * flush of a PIPE_CONTROL; a render cache Memory Fence message does the
 * same).  The sampler reads memory: like the hardware, it sees render
 * target writes to an opt-in surface after a flush.  0, or the first
 * error writing back (G7SF_EFAULT, G7SF_ESTATE). */
G7SF_API int g7sf_render_cache_flush(g7sf_gpu *gpu);

#ifdef __cplusplus
}
#endif

#endif
