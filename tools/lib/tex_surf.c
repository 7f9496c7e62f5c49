/* Surfaces in host memory and their file pair (see tex_surf.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gen7sf/state.h"
#include "hexwords.h"
#include "tex_surf.h"

static const char *const tiling_names[] = { "linear", "X-tiled", "Y-tiled", "W-tiled" };

/* Bytes of pitch one tile spans: X tiles are 512 bytes wide, Y tiles 128. */
static uint32_t tile_width(unsigned tiling)
{
    return tiling == G7SF_TILING_X ? 512 : tiling == G7SF_TILING_Y ? 128 : 1;
}

static char *state_path(const char *path)
{
    char *p = malloc(strlen(path) + sizeof ".state");
    if (p)
        strcat(strcpy(p, path), ".state");
    return p;
}

/* Checks the layout s and sets t->size (nothing allocated). */
static int check_layout(tex_surf *t, const char *what, vio_error *err)
{
    const g7sf_surface *s = &t->s;
    if (g7sf_surface_validate(s))
        return vio_fail(err, VIO_E_SIZE,
                        "%s: %ux%u %s %s, pitch %u: not a surface the hardware takes (sizes "
                        "1..16384, pitch up to 256 KiB and at least a row, tiled: pitch a "
                        "multiple of the tile width and blocks of 1 to 16 bytes, a power of two)",
                        what, s->width, s->height, t->fmt->name, tiling_names[s->tiling & 3],
                        s->pitch);
    uint64_t size = g7sf_surface_size(s);
    if (size > TEX_MAX_BYTES)
        return vio_fail(err, VIO_E_SIZE, "%s: %ux%u %s: %llu bytes, over the %llu (1 GiB) "
                        "handled", what, s->width, s->height, t->fmt->name,
                        (unsigned long long)size, (unsigned long long)TEX_MAX_BYTES);
    t->size = (size_t)size;
    return 0;
}

/* Checks the layout s and allocates its bytes, zeroed. */
static int allocate(tex_surf *t, const char *what, vio_error *err)
{
    int rc = check_layout(t, what, err);
    if (rc)
        return rc;
    t->data = calloc(t->size ? t->size : 1, 1);
    return t->data ? 0 : vio_fail(err, VIO_E_NOMEM, "%s: out of memory", what);
}

/* The smallest pitch the layout code accepts for s: from the bytes of the
 * visible row up, a block (linear) or a tile width at a time; the row may
 * need padding to the horizontal alignment.  Left at the visible row when
 * nothing near fits, for validate to refuse. */
static uint32_t smallest_pitch(const g7sf_surface *s)
{
    uint64_t step = s->tiling == G7SF_TILING_LINEAR ? s->bpb / 8 : tile_width(s->tiling);
    uint64_t row = ((uint64_t)s->width + s->block_w - 1) / s->block_w * (s->bpb / 8);
    row = (row + step - 1) / step * step;
    g7sf_surface try = *s;
    for (unsigned i = 0; i < 16 && row + i * step <= 1u << 18; i++) {
        try.pitch = (uint32_t)(row + i * step);
        if (!g7sf_surface_validate(&try))
            return try.pitch;
    }
    return row > 1u << 18 ? 1u << 18 : (uint32_t)row;
}

/* The format's own limits, before any layout. */
static int check_format(const struct g7sf_format_info *f, const char *what, vio_error *err)
{
    if (f->bits_per_block < 8)
        return vio_fail(err, VIO_E_UNSUPPORTED,
                        "%s: %s has %u-bit texels: the surface layout does not place "
                        "formats under 8 bits", what, f->name, f->bits_per_block);
    if (f->bits_per_block > 128)
        return vio_fail(err, VIO_E_UNSUPPORTED,
                        "%s: %s has %u-bit elements: surfaces hold at most 128", what, f->name,
                        f->bits_per_block);
    return 0;
}

/* The layout of a 2D surface of f, w x h, tiling and pitch (0: the
 * smallest); its bytes are allocated with alloc, else only checked. */
static int create(tex_surf *t, const struct g7sf_format_info *f, uint32_t w, uint32_t h,
                  unsigned tiling, uint32_t pitch, const char *what, bool alloc,
                  vio_error *err)
{
    memset(t, 0, sizeof *t);
    t->fmt = f;
    int rc = check_format(f, what, err);
    if (rc)
        return rc;
    t->s = (g7sf_surface){ .type = G7SF_SURFTYPE_2D, .tiling = tiling, .pitch = pitch,
                           .width = w, .height = h, .depth = 1, .levels = 1,
                           .bpb = f->bits_per_block, .block_w = f->block_w,
                           .block_h = f->block_h, .halign = 4, .valign = 4, .samples = 1 };
    if (!pitch)
        t->s.pitch = smallest_pitch(&t->s);
    return alloc ? allocate(t, what, err) : check_layout(t, what, err);
}

int tex_surf_create(tex_surf *t, const struct g7sf_format_info *f, uint32_t w, uint32_t h,
                    unsigned tiling, uint32_t pitch, vio_error *err)
{
    return create(t, f, w, h, tiling, pitch, "surface", true, err);
}

int tex_surf_create_named(tex_surf *t, const struct g7sf_format_info *f, uint32_t w,
                          uint32_t h, unsigned tiling, uint32_t pitch, const char *what,
                          vio_error *err)
{
    return create(t, f, w, h, tiling, pitch, what, true, err);
}

/* Reads exactly t->size bytes of path into a new t->data.  A regular
 * file's size is compared first, so that a file far shorter than its
 * state claims costs no allocation of what the state claims. */
static int read_bytes(tex_surf *t, const char *path, vio_error *err)
{
    FILE *fp = vio_open_input(path, err);
    if (!fp)
        return err->code;
    struct stat st;
    int rc = 0;
    if (!fstat(fileno(fp), &st) && S_ISREG(st.st_mode) && (uint64_t)st.st_size != t->size)
        rc = (uint64_t)st.st_size < t->size
           ? vio_fail(err, VIO_E_TRUNCATED, "%s: %llu bytes, the surface needs %zu", path,
                      (unsigned long long)st.st_size, t->size)
           : vio_fail(err, VIO_E_SIZE, "%s: longer than the %zu bytes of the surface", path,
                      t->size);
    if (!rc && !(t->data = malloc(t->size ? t->size : 1)))
        rc = vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    if (rc) {
        vio_close_input(fp);
        return rc;
    }
    /* a pipe, or a file that changed under us: the bytes decide */
    size_t n = fread(t->data, 1, t->size, fp);
    int extra = n == t->size && fgetc(fp) != EOF;
    if (ferror(fp))
        rc = vio_fail(err, VIO_E_IO, "%s: read error", path);
    else if (n < t->size)
        rc = vio_fail(err, VIO_E_TRUNCATED, "%s: %zu bytes, the surface needs %zu", path, n,
                      t->size);
    else if (extra)
        rc = vio_fail(err, VIO_E_SIZE, "%s: longer than the %zu bytes of the surface", path,
                      t->size);
    vio_close_input(fp);
    return rc;
}

int tex_surf_load_raw(tex_surf *t, const char *path, const struct g7sf_format_info *f,
                      uint32_t w, uint32_t h, unsigned tiling, uint32_t pitch, vio_error *err)
{
    int rc = create(t, f, w, h, tiling, pitch, path, false, err);
    if (!rc)
        rc = read_bytes(t, path, err);
    if (rc)
        tex_surf_free(t);
    return rc;
}

int tex_surf_load(tex_surf *t, const char *path, vio_error *err)
{
    const g7sf_state_desc *d = &g7sf_desc_RENDER_SURFACE_STATE;
    uint32_t dw[G7SF_RENDER_SURFACE_STATE_DWORDS];
    g7sf_render_surface_state ss;
    char *sp = state_path(path);
    memset(t, 0, sizeof *t);
    if (!sp)
        return vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    long n = hexwords_read(sp, dw, d->dwords, err);
    int rc = n < 0 ? (int)n : 0;
    if (!rc && n != (long)d->dwords)
        rc = vio_fail(err, VIO_E_TRUNCATED, "%s: %ld words, RENDER_SURFACE_STATE has %u", sp,
                      n, d->dwords);
    if (!rc) {
        g7sf_state_unpack(d, dw, &ss);
        t->fmt = g7sf_format_info(ss.surface_format);
        if (!t->fmt)
            rc = vio_fail(err, VIO_E_BAD_TAG, "%s: no surface format has code 0x%03x", sp,
                          (unsigned)ss.surface_format);
    }
    if (!rc)
        rc = check_format(t->fmt, sp, err);
    if (!rc && g7sf_surface_from_state(&ss, &t->s))
        rc = vio_fail(err, VIO_E_BAD_TAG, "%s: not a valid RENDER_SURFACE_STATE for a %s "
                      "surface (see gen7sf-state decode RENDER_SURFACE_STATE -f)", sp,
                      t->fmt->name);
    if (!rc && ((t->s.type != G7SF_SURFTYPE_2D && t->s.type != G7SF_SURFTYPE_1D) ||
                t->s.depth != 1 || t->s.levels != 1 || t->s.samples != 1))
        rc = vio_fail(err, VIO_E_UNSUPPORTED, "%s: only one-level, single-sample 1D/2D "
                      "surfaces without arrays are handled", sp);
    if (!rc) {
        t->s.base = 0;   /* the file starts at the base address */
        rc = check_layout(t, sp, err);
    }
    if (!rc)
        rc = read_bytes(t, path, err);
    if (rc)
        tex_surf_free(t);
    free(sp);
    return rc;
}

static int write_state(const tex_surf *t, FILE *fp, const char *path, vio_error *err)
{
    const g7sf_surface *s = &t->s;
    g7sf_render_surface_state ss = {
        .surface_type = G7SF_SURFTYPE_2D, .surface_format = t->fmt->code,
        .surface_vertical_alignment = G7SF_VALIGN_4,
        .tiled_surface = s->tiling != G7SF_TILING_LINEAR,
        .tile_walk = s->tiling == G7SF_TILING_Y ? G7SF_TILEWALK_YMAJOR : G7SF_TILEWALK_XMAJOR,
        .width = s->width - 1, .height = s->height - 1, .surface_pitch = s->pitch - 1 };
    uint32_t dw[G7SF_RENDER_SURFACE_STATE_DWORDS];
    if (g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw))
        return vio_fail(err, VIO_E_ARG, "%s: the state does not pack", path);
    fprintf(fp, "# RENDER_SURFACE_STATE DW0-DW7 (gen7sf-state decode RENDER_SURFACE_STATE -f)\n"
                "# %s %ux%u, %s, pitch %u: %zu bytes\n", t->fmt->name, s->width, s->height,
            tiling_names[s->tiling & 3], s->pitch, t->size);
    for (unsigned i = 0; i < G7SF_RENDER_SURFACE_STATE_DWORDS; i++)
        fprintf(fp, "%08x%c", dw[i], i + 1 < G7SF_RENDER_SURFACE_STATE_DWORDS ? ' ' : '\n');
    return ferror(fp) ? vio_fail(err, VIO_E_IO, "%s: write error", path) : 0;
}

int tex_surf_save(const tex_surf *t, const char *path, vio_error *err)
{
    char *sp = state_path(path);
    if (!sp)
        return vio_fail(err, VIO_E_NOMEM, "%s: out of memory", path);
    vio_sink data, state;
    int rc = vio_open_output(&data, path, NULL, err);
    if (!rc) {
        rc = vio_write_all(data.fp, t->data, t->size, err);
        int rc2 = vio_close_output(&data, !rc, err);
        rc = rc ? rc : rc2;
    }
    if (!rc)
        rc = vio_open_output(&state, sp, NULL, err);
    if (!rc) {
        rc = write_state(t, state.fp, sp, err);
        int rc2 = vio_close_output(&state, !rc, err);
        rc = rc ? rc : rc2;
    }
    free(sp);
    return rc;
}

uint8_t *tex_surf_unit(const tex_surf *t, uint32_t x, uint32_t y)
{
    uint32_t addr;
    if (g7sf_surface_texel_address(&t->s, x - x % t->fmt->unit_w, y - y % t->fmt->unit_h, 0, 0,
                                   0, &addr) ||
        addr > t->size || t->size - addr < t->fmt->unit_bytes)
        return NULL;
    return t->data + addr;
}

void tex_surf_free(tex_surf *t)
{
    free(t->data);
    t->data = NULL;
    t->size = 0;
}
