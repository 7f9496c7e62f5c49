#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "sampler_fixture.h"

void t_smp_init(t_smp *f, unsigned type, unsigned format, uint32_t w, uint32_t h,
                uint32_t depth, unsigned levels)
{
    memset(f, 0, sizeof *f);
    f->gpu = g7sf_gpu_create();
    const struct g7sf_format_info *fi = g7sf_format_info(format);
    f->tex.surf = (g7sf_surface){
        .type = type, .tiling = G7SF_TILING_LINEAR, .base = T_TEX_BASE,
        .pitch = ((w * fi->bits_per_block / 8 / fi->block_w) + 63) & ~63u,
        .width = w, .height = h, .depth = depth, .levels = levels,
        .bpb = fi->bits_per_block, .block_w = fi->block_w, .block_h = fi->block_h,
        .halign = 4, .valign = 2, .samples = 1,
    };
    CHECK_EQ(g7sf_surface_validate(&f->tex.surf), 0);
    f->tex.format = format;
    f->tex.array_len = type == G7SF_SURFTYPE_3D ? 1 : depth;
    f->tex.mip_count = levels - 1;
    /* R, G, B, A: Haswell reads Shader Channel Select (ignored on Ivy Bridge) */
    for (unsigned i = 0; i < 4; i++)
        f->tex.channel_select[i] = G7SF_SCS_RED + i;
    f->args.op = G7SF_OP_SAMPLE;
    f->args.n = 4;
    f->args.mask = 0xF;
}

void t_smp_fini(t_smp *f)
{
    g7sf_gpu_destroy(f->gpu);
}

void t_smp_fill(t_smp *f, unsigned lod, uint32_t slice, const void *texels)
{
    uint32_t w;
    g7sf_surface_level_size(&f->tex.surf, lod, &w, NULL, NULL);
    size_t bpt = f->tex.surf.bpb / 8;
    CHECK_EQ(g7sf_surface_write_linear(f->gpu, &f->tex.surf, lod, slice, texels, w * bpt), 0);
}

void t_smp_fill32(t_smp *f, unsigned lod, uint32_t slice, uint32_t value)
{
    uint32_t w, h;
    g7sf_surface_level_size(&f->tex.surf, lod, &w, &h, NULL);
    uint32_t *buf = malloc((size_t)w * h * 4);
    for (size_t i = 0; i < (size_t)w * h; i++)
        buf[i] = value;
    t_smp_fill(f, lod, slice, buf);
    free(buf);
}

void t_smp_param(t_smp *f, unsigned role, unsigned i, float v)
{
    f->args.p[role][i].f = v;
}

void t_smp_address(t_smp *f, unsigned mode)
{
    f->smp.state.tcx_address_control_mode = mode;
    f->smp.state.tcy_address_control_mode = mode;
    f->smp.state.tcz_address_control_mode = mode;
}

void t_smp_op(t_smp *f, unsigned op, unsigned n, unsigned npx)
{
    f->args.op = op;
    f->args.n = n;
    f->args.mask = (uint16_t)((1u << npx) - 1);
}

int t_smp_run(t_smp *f)
{
    return g7sf_sample(f->gpu, &f->tex, &f->smp, &f->args, &f->res);
}
