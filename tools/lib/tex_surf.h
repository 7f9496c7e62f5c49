/* A 2D surface in host memory and its file pair, as gen7sf-tex writes it:
 *
 *   NAME        the surface bytes from Surface Base Address on, exactly
 *               g7sf_surface_size() of them, laid out by the surface code
 *               (tiling, pitch, blocks);
 *   NAME.state  its RENDER_SURFACE_STATE as a hex dump of DW0-DW7 ('#'
 *               comments), readable by gen7sf-state decode -f.
 *
 * The state carries format, size, tiling and pitch; Surface Base Address
 * is written 0 and ignored on reading (the file starts at the base).  One
 * level, one slice, one sample. */
#ifndef G7SF_TEX_SURF_H
#define G7SF_TEX_SURF_H

#include <stddef.h>
#include <stdint.h>

#include "gen7sf/format.h"
#include "gen7sf/surface.h"
#include "video_io.h"

/* Largest surface handled, in bytes (as a video frame). */
#define TEX_MAX_BYTES VIO_MAX_FRAME

typedef struct tex_surf {
    const struct g7sf_format_info *fmt;
    g7sf_surface s;
    uint8_t *data;      /* s's bytes, base at data[0] */
    size_t size;
} tex_surf;

/* A zeroed surface of format f, w x h pixels, tiling (enum g7sf_tiling)
 * and pitch in bytes (0: the smallest the tiling allows).  VIO_E_SIZE for
 * a layout the surface code refuses (sizes, pitch, tiling of that block
 * size) or over TEX_MAX_BYTES, VIO_E_UNSUPPORTED for formats the layout
 * code cannot place (under 8 bits per block), VIO_E_NOMEM. */
int tex_surf_create(tex_surf *t, const struct g7sf_format_info *f, uint32_t w, uint32_t h,
                    unsigned tiling, uint32_t pitch, vio_error *err);
/* The same, with what the messages call the surface (default "surface"). */
int tex_surf_create_named(tex_surf *t, const struct g7sf_format_info *f, uint32_t w,
                          uint32_t h, unsigned tiling, uint32_t pitch, const char *what,
                          vio_error *err);

/* Reads the pair path, path.state.  The layout is checked, and a regular
 * file's size compared with it, before the surface's bytes are allocated:
 * a short file costs nothing whatever its state claims.  VIO_E_TRUNCATED
 * (shorter), VIO_E_SIZE (longer, or a layout refused as for create). */
int tex_surf_load(tex_surf *t, const char *path, vio_error *err);
/* Reads path as the bytes of the surface tex_surf_create would make: the
 * raw surface of a format and size given on the command line (checked as
 * tex_surf_load does, before allocating). */
int tex_surf_load_raw(tex_surf *t, const char *path, const struct g7sf_format_info *f,
                      uint32_t w, uint32_t h, unsigned tiling, uint32_t pitch, vio_error *err);
/* Writes the pair path, path.state. */
int tex_surf_save(const tex_surf *t, const char *path, vio_error *err);

/* The decode unit holding pixel (x, y): f->unit_bytes bytes in t->data. */
uint8_t *tex_surf_unit(const tex_surf *t, uint32_t x, uint32_t y);

void tex_surf_free(tex_surf *t);

#endif
