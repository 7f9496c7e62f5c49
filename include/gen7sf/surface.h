/* Surface layout: tiling, mip/array/cube/3D/MSAA placement and addressing.
 *
 * Pure computation on a plain C description of a surface (g7sf_surface),
 * independent of the state tables: whoever decodes RENDER_SURFACE_STATE fills
 * one in.  Only the two copy helpers touch graphics memory.  The layout rules
 * come from outside the spec text (its "Memory Data Formats" chapter is
 * missing); every choice is in docs/spec-notes.md, "Surface layout". */
#ifndef GEN7SF_SURFACE_H
#define GEN7SF_SURFACE_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf.h"
/* The Surface Type, Surface Array Spacing and Multisampled Surface Storage
 * Format values: G7SF_SURFTYPE_*, G7SF_ARYSPC_*, G7SF_MSFMT_* (state_surface.h). */
#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

enum g7sf_tiling { G7SF_TILING_LINEAR = 0, G7SF_TILING_X = 1, G7SF_TILING_Y = 2,
                   G7SF_TILING_W = 3 };

/* Cube faces in array order: array slice = 6 * cube + face. */
enum g7sf_cube_face { G7SF_CUBE_POS_X, G7SF_CUBE_NEG_X, G7SF_CUBE_POS_Y,
                      G7SF_CUBE_NEG_Y, G7SF_CUBE_POS_Z, G7SF_CUBE_NEG_Z };

typedef struct g7sf_surface {
    unsigned type;          /* Surface Type: 0 1D, 1 2D, 2 3D, 3 CUBE, 4 BUFFER,
                               5 STRBUF, 7 NULL (enum g7sf_surftype) */
    unsigned tiling;        /* enum g7sf_tiling (W only for stencil) */
    uint32_t base;          /* Surface Base Address */
    uint32_t pitch;         /* Surface Pitch in bytes (field + 1); STRBUF: the
                               structure size; W tiling: the programmed value,
                               twice the bytes of one stencil row */
    uint32_t width, height; /* base level in pixels; BUFFER/STRBUF: width holds
                               the number of entries (g7sf_buffer_entries) */
    uint32_t depth;         /* 3D: depth; 1D/2D: array length; CUBE: number of
                               faces (6 per cube).  1 when not arrayed. */
    unsigned levels;        /* MIP Count / LOD + 1 */
    unsigned bpb;           /* bits per block (a multiple of 8, at most 128) */
    unsigned block_w, block_h;  /* block size in pixels: 1x1, 4x4, FXT1 8x4 */
    unsigned halign, valign;    /* 4 or 8, 2 or 4 pixels (ignored for
                                   compressed formats: one block) */
    unsigned array_spacing;     /* G7SF_ARYSPC_FULL / _LOD0 */
    unsigned samples;           /* 1, 4 or 8 */
    unsigned msfmt;             /* G7SF_MSFMT_MSS / _DEPTH_STENCIL */
    uint32_t x_offset, y_offset;/* X Offset / Y Offset scaled to pixels / rows */
    /* MCS (DW6 when MCS Enable): base, pitch in bytes ((field + 1) * 128). */
    unsigned mcs_enable;
    uint32_t mcs_base, mcs_pitch;
    /* DW6 bit 1 with MCS Enable: Index Compression Enable (gen7sf extension,
     * gen7sf/msaa_compress.h; used only on a gpu with G7SF_EXT_MSAA_INDEX). */
    unsigned index_compression_enable;
    /* PLANAR_420_8: origin of the interleaved UV plane, in Y-plane pixels
     * (= bytes) and rows from the base address (X/Y Offset for UV Plane). */
    unsigned planar;
    uint32_t uv_x_offset, uv_y_offset;
} g7sf_surface;

/* The layout a RENDER_SURFACE_STATE describes (decoded with g7sf_state_unpack):
 * sizes from the "- 1" fields, block size from the Surface Format, tiling,
 * alignments, sample count, MCS or the PLANAR_420_8 UV plane (DW6), and
 * X/Y Offset in pixels; then g7sf_surface_validate().  Formats of less than
 * 8 bits per texel (MONO8, R1_UNORM, P2_*) get one-byte blocks of 8 (4 for
 * P2) texels in a row.  G7SF_ESTATE for a Surface Format no format has, a
 * reserved sample count, or anything validate refuses. */
struct g7sf_render_surface_state;
G7SF_API int g7sf_surface_from_state(const struct g7sf_render_surface_state *ss, g7sf_surface *s);

/* 0, or G7SF_EINVAL (NULL, or bpb/block sizes no format has), or G7SF_ESTATE
 * (a value RENDER_SURFACE_STATE forbids or cannot encode).  The layout
 * queries below mean something only for a surface validate accepts; given
 * another they still return at once without a fault (zero alignments and
 * block sizes count as 1, no more than 16 levels are walked). */
G7SF_API int g7sf_surface_validate(const g7sf_surface *s);

/* Size of level lod in pixels, each at least 1; *d is the minified depth of a
 * 3D surface and the array length (faces for cubes) otherwise.  Any pointer
 * may be NULL. */
G7SF_API void g7sf_surface_level_size(const g7sf_surface *s, unsigned lod,
                                      uint32_t *w, uint32_t *h, uint32_t *d);

/* Distance in rows between array slices (QPitch) of a 1D/2D/cube surface;
 * multisampled MSS surfaces use it between sample slices too. */
G7SF_API uint32_t g7sf_surface_qpitch(const g7sf_surface *s);

/* Position, in pixels of the surface's 2D layout, of the origin of (lod,
 * slice, sample): slice is the array index / cube slice or the 3D z.  MSS
 * surfaces store sample n of array index a as physical slice a*samples + n;
 * DEPTH_STENCIL surfaces interleave samples per pixel (see pixel_position),
 * so here the sample is ignored.  X/Y Offset are included. */
G7SF_API void g7sf_surface_image_offset(const g7sf_surface *s, unsigned lod, uint32_t slice,
                                        unsigned sample, uint32_t *x, uint32_t *y);

/* Position in the 2D layout of pixel (x, y) of (lod, slice, sample),
 * including the DEPTH_STENCIL sample interleave.  G7SF_ERANGE when a
 * coordinate is outside the level, slice count or sample count. */
G7SF_API int g7sf_surface_pixel_position(const g7sf_surface *s, uint32_t x, uint32_t y,
                                         uint32_t slice, unsigned lod, unsigned sample,
                                         uint32_t *px, uint32_t *py);

/* Memory rows (rows of blocks) of the 2D layout, from the base with X/Y
 * Offset included, and bytes the surface spans from its base address (whole
 * tile rows when tiled; entries x entry size for buffers). */
G7SF_API uint32_t g7sf_surface_total_rows(const g7sf_surface *s);
G7SF_API uint64_t g7sf_surface_size(const g7sf_surface *s);

/* Byte offset of (x_bytes, y_rows) from the base of a surface with this
 * tiling and pitch.  No bit-6 swizzling (treated as disabled). */
G7SF_API uint64_t g7sf_tiled_offset(unsigned tiling, uint32_t pitch, uint64_t x_bytes,
                                    uint64_t y_rows);

/* Graphics address of the block holding pixel (x, y) of that level, slice
 * and sample.  G7SF_ERANGE outside the surface, G7SF_EFAULT when the block
 * would pass 4 GiB. */
G7SF_API int g7sf_surface_texel_address(const g7sf_surface *s, uint32_t x, uint32_t y,
                                        uint32_t z_or_array, unsigned lod, unsigned sample,
                                        uint32_t *addr);

/* The MCS surface of a multisampled MSS surface: one 8-bit (4x) or 32-bit
 * (8x) value per pixel, Y-tiled, same sizes, levels, spacing and alignment.
 * G7SF_EINVAL when s has no MCS. */
G7SF_API int g7sf_surface_mcs(const g7sf_surface *s, g7sf_surface *mcs);
G7SF_API int g7sf_surface_mcs_address(const g7sf_surface *s, uint32_t x, uint32_t y,
                                      uint32_t array, unsigned lod, uint32_t *addr);

/* Number of entries of a BUFFER/STRBUF surface from its Width [6:0], Height
 * [20:7] and Depth [26:21] (RAW: [30:21]) fields, which hold entries - 1. */
G7SF_API uint32_t g7sf_buffer_entries(uint32_t width_field, uint32_t height_field,
                                      uint32_t depth_field, int raw);
/* Address of byte `offset` of entry `index`: the entry size is bpb/8 for
 * BUFFER (RAW: bpb 8, one byte) and the pitch for STRBUF.  G7SF_ERANGE past
 * the last entry, G7SF_EFAULT past 4 GiB. */
G7SF_API int g7sf_buffer_address(const g7sf_surface *s, uint32_t index, uint32_t offset,
                                 uint32_t *addr);

/* The interleaved UV plane of a PLANAR_420_8 (NV12) surface as a surface of
 * its own: half width and height, 16 bits (U, V) per pixel, same tiling and
 * pitch, origin at the UV-plane offsets.  G7SF_EINVAL when s is not planar. */
G7SF_API int g7sf_surface_uv_plane(const g7sf_surface *s, g7sf_surface *uv);

/* Copy one level of one physical slice (MSS: array * samples + sample; 3D:
 * z) between a host image of block rows src_pitch/dst_pitch bytes apart and
 * graphics memory.  DEPTH_STENCIL multisampled images are copied in their
 * interleaved size.  Errors: G7SF_EINVAL, G7SF_ERANGE, G7SF_EFAULT. */
G7SF_API int g7sf_surface_write_linear(g7sf_gpu *gpu, const g7sf_surface *s, unsigned lod,
                                       uint32_t slice, const void *src, size_t src_pitch);
G7SF_API int g7sf_surface_read_linear(g7sf_gpu *gpu, const g7sf_surface *s, unsigned lod,
                                      uint32_t slice, void *dst, size_t dst_pitch);

#ifdef __cplusplus
}
#endif
#endif
