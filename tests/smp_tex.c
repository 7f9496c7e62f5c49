#include <string.h>

#include "harness.h"
#include "smp_tex.h"

void t_tex(g7sf_texture *t, unsigned type, unsigned format, uint32_t w, uint32_t h,
           uint32_t slices, uint32_t base)
{
    const struct g7sf_format_info *f = g7sf_format_info(format);
    memset(t, 0, sizeof *t);
    g7sf_surface *s = &t->surf;
    s->type = type;
    s->tiling = G7SF_TILING_LINEAR;
    s->base = base;
    s->width = w, s->height = h, s->depth = slices;
    s->levels = 1;
    s->bpb = f->bits_per_block, s->block_w = f->block_w, s->block_h = f->block_h;
    /* room for the widest HALIGN_8 row */
    s->pitch = (((w + 7) & ~7u) / s->block_w * s->bpb / 8 + 63) & ~63u;
    s->halign = 4, s->valign = 2;
    s->samples = 1;
    t->format = format;
    t->array_len = slices;
}

void t_tex_fill(g7sf_gpu *gpu, const g7sf_texture *t, uint32_t slice, const void *rows)
{
    const g7sf_surface *s = &t->surf;
    size_t row = (s->width + s->block_w - 1) / s->block_w * s->bpb / 8;
    int err = g7sf_surface_write_linear(gpu, s, 0, slice, rows, row);
    CHECKF(err == 0, "g7sf_surface_write_linear: %d", err);
}

void t_smp(g7sf_sampler *s, unsigned mode)
{
    memset(s, 0, sizeof *s);
    s->state.tcx_address_control_mode = mode;
    s->state.tcy_address_control_mode = mode;
    s->state.tcz_address_control_mode = mode;
    s->state.max_lod = 14 << 8;
}

void t_args(g7sf_sample_args *a, unsigned op, unsigned npx)
{
    memset(a, 0, sizeof *a);
    a->op = op;
    a->n = 8;
    a->mask = (uint16_t)((1u << npx) - 1);
}
