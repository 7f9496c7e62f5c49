/* The statistics surface layouts (stat_layout.h).  An offset is the sum of
 * a row part (from y) and a column part (from x) in both layouts, so the
 * copies compute the row once per row. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "stat_layout.h"

bool vpp_stat_ok(enum vpp_stat_layout layout, int pitch, int width, int height)
{
    return (layout == VPP_STAT_IVB || layout == VPP_STAT_HSW) && width >= 16 && width % 16 == 0 &&
           height >= 4 && height % 4 == 0 && pitch >= width && pitch % 2 == 0;
}

/* Coordinates are never negative: size_t keeps the / and % shifts. */
static inline size_t row_of(const vpp_stat *s, enum vpp_stat_field f, int y)
{
    size_t v = (size_t)y, pitch = (size_t)s->pitch, plane = (size_t)f - VPP_STAT_HIST_Y;
    if (f == VPP_STAT_STMM)
        return s->layout == VPP_STAT_IVB ? v * pitch : v / 4 * 4 * pitch + v % 4 * 16;
    if (s->layout == VPP_STAT_IVB)
        return (v + plane * (size_t)(s->height / 4)) * pitch;  /* Y, U, V planes */
    return v * 4 * pitch + plane * 16;  /* line 0, 1, 2 of the row's cache lines */
}

static inline size_t col_of(const vpp_stat *s, enum vpp_stat_field f, int x)
{
    size_t u = (size_t)x;
    if (s->layout == VPP_STAT_IVB)
        return f == VPP_STAT_STMM ? u : (size_t)s->pitch / 2 + u;
    /* the cache line of a 16x4, then its 4x4's 4 bytes */
    return f == VPP_STAT_STMM ? u / 8 * 64 + u % 8 / 2 * 4 + u % 2 : u / 4 * 64 + u % 4 * 4 + 2;
}

size_t vpp_stat_at(const vpp_stat *s, enum vpp_stat_field f, int x, int y)
{
    return row_of(s, f, y) + col_of(s, f, x);
}

int vpp_stat_unused(const vpp_stat *s, int x, int y, size_t off[VPP_STAT_UNUSED_MAX])
{
    if (s->layout == VPP_STAT_IVB)
        return 0;
    size_t k = row_of(s, VPP_STAT_HIST_Y, y) + col_of(s, VPP_STAT_HIST_Y, x) - 2;
    for (int r = 0; r < 4; r++)
        off[r] = k + (size_t)(16 * r + 3);
    off[4] = k + 16 * 3 + 2;    /* line 3 has no history */
    return 5;
}

/* How many values from x on lie in consecutive bytes: a whole row (Ivy
 * Bridge), the 2 STMM of a 4x4's line or 1 history (Haswell). */
static inline int run_of(const vpp_stat *s, enum vpp_stat_field f, int x)
{
    return s->layout == VPP_STAT_IVB ? INT_MAX : f == VPP_STAT_STMM ? 2 - x % 2 : 1;
}

/* n bytes: the sizes the pass copies (a 4x4 row of histories, a block
 * line of STMM, a Haswell STMM pair) as single moves, not memcpy calls. */
static inline void move(uint8_t *d, const uint8_t *from, int n)
{
    switch (n) {
    case 1: *d = *from; break;
    case 2: memcpy(d, from, 2); break;
    case 4: memcpy(d, from, 4); break;
    case 8: memcpy(d, from, 8); break;
    default: memcpy(d, from, (size_t)n); break;
    }
}

/* Copies the values one way: into the surface (dst) from buf (src), or
 * out of it, a run of consecutive bytes at a time. */
static inline void copy(const vpp_stat *s, enum vpp_stat_field f, int x, int y, int w, int h,
                 uint8_t *dst, const uint8_t *src, int stride, bool to_surf)
{
    for (int j = 0; j < h; j++) {
        size_t row = row_of(s, f, y + j), b = (size_t)j * (size_t)stride;
        for (int i = 0, n; i < w; i += n) {
            n = run_of(s, f, x + i);
            n = n < w - i ? n : w - i;
            size_t o = row + col_of(s, f, x + i), bi = b + (size_t)i;
            uint8_t *d = dst + (to_surf ? o : bi);
            const uint8_t *from = src + (to_surf ? bi : o);
            move(d, from, n);
        }
    }
}

void vpp_stat_get(const vpp_stat *s, const uint8_t *surf, enum vpp_stat_field f, int x, int y,
                  int w, int h, uint8_t *buf, int stride)
{
    copy(s, f, x, y, w, h, buf, surf, stride, false);
}

void vpp_stat_put(const vpp_stat *s, uint8_t *surf, enum vpp_stat_field f, int x, int y, int w,
                  int h, const uint8_t *buf, int stride)
{
    copy(s, f, x, y, w, h, surf, buf, stride, true);
}

const uint8_t *vpp_stat_stmm_rows(const vpp_stat *s, const uint8_t *surf, int width, int y0,
                                  int y1, int *stride, uint8_t **owned)
{
    *owned = NULL;
    if (s->layout == VPP_STAT_IVB) {
        *stride = s->pitch;
        return surf;
    }
    *stride = width / 2;
    if (!(*owned = malloc((size_t)*stride * (size_t)s->height)))
        return NULL;
    vpp_stat_get(s, surf, VPP_STAT_STMM, 0, y0, width / 2, y1 - y0,
                 *owned + (size_t)y0 * (size_t)*stride, *stride);
    return *owned;
}

void vpp_stat_clear_unused(const vpp_stat *s, uint8_t *surf, int x, int y, int w, int h)
{
    size_t off[VPP_STAT_UNUSED_MAX];
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++)
            for (int n = vpp_stat_unused(s, x + i, y + j, off), k = 0; k < n; k++)
                surf[off[k]] = 0;
}
