/* Typed surface access (§3.9.9): the surfaces typed messages may bind,
 * U, V, R, LOD addressing (the table of address parameters by surface
 * type, spec 9248-9256) and texel reads and writes converted by the
 * surface format. */
#include <string.h>

#include "dp.h"

static bool atomic_format(unsigned code)
{
    return code == G7SF_FORMAT_R32_UINT || code == G7SF_FORMAT_R32_SINT;
}

static int refuse(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return G7SF_ESTATE;
}

int g7sf_dp_typed_from_surface(const g7sf_render_surface_state *ss, enum g7sf_platform p,
                               unsigned cap, g7sf_dp_typed *ts, const char **why)
{
    if (!ss || !ts || (p != G7SF_IVB && p != G7SF_HSW))
        return G7SF_EINVAL;
    memset(ts, 0, sizeof *ts);
    unsigned type = ss->surface_type;
    ts->null = type == G7SF_SURFTYPE_NULL;
    if (ts->null)
        return 0;   /* Mesa binds NULL for unused image units: out of bounds */
    if (g7sf_surface_from_state(ss, &ts->s))
        return refuse(why, "RENDER_SURFACE_STATE describes no valid surface");
    if (type != G7SF_SURFTYPE_1D && type != G7SF_SURFTYPE_2D && type != G7SF_SURFTYPE_3D &&
        type != G7SF_SURFTYPE_BUFFER)
        return refuse(why, "surface type other than 1D, 2D, 3D or BUFFER");
    ts->fmt = g7sf_format_info(ss->surface_format);
    if (cap ? !(ts->fmt->caps[p] & cap) : !atomic_format(ss->surface_format))
        return refuse(why, cap ? "a surface format typed messages cannot access"
                               : "a surface format other than R32_UINT / R32_SINT");
    if (ts->s.samples != 1)
        return refuse(why, "multisampled surface (no sample index in typed messages)");
    ts->array = ss->surface_array;
    ts->vstride = ss->vertical_line_stride;
    ts->vstride_offset = ss->vertical_line_stride_offset;
    if (ts->vstride && (type != G7SF_SURFTYPE_2D || ts->array))
        return refuse(why, "Vertical Line Stride on a surface other than 2D non-array");
    ts->min_lod = ss->surface_min_lod;
    ts->mip_count = ss->mip_count_lod;
    ts->s.levels = ts->min_lod + ts->mip_count + 1;   /* as the sampler: levels from Min LOD */
    ts->bytes = ts->s.bpb / 8;
    return 0;
}

bool g7sf_dp_typed_address(const g7sf_dp_typed *ts, const uint32_t uvrl[4], uint32_t *addr)
{
    const g7sf_surface *s = &ts->s;
    uint32_t x = uvrl[0], y = 0, slice = 0;
    if (ts->null)
        return false;
    if (s->type == G7SF_SURFTYPE_BUFFER)
        return !g7sf_buffer_address(s, x, 0, addr) && (uint64_t)*addr + ts->bytes <= 1ull << 32;
    if (uvrl[3] > ts->mip_count)
        return false;
    switch (s->type) {
    case G7SF_SURFTYPE_1D:
        slice = ts->array ? uvrl[1] : 0;
        break;
    case G7SF_SURFTYPE_2D:
        y = uvrl[1], slice = ts->array ? uvrl[2] : 0;
        if (ts->vstride) {   /* one field: row 2V + offset of the level */
            if (y > (UINT32_MAX - 1) / 2)
                return false;
            y = 2 * y + ts->vstride_offset;
        }
        break;
    default:   /* 3D */
        y = uvrl[1], slice = uvrl[2];
        break;
    }
    return !g7sf_surface_texel_address(s, x, y, slice, ts->min_lod + uvrl[3], 0, addr);
}

/* Bits of a texel that belong to channels not taken: a write keeps them
 * (set in keep[]) and replaces the rest, X bits included.  Returns whether
 * nothing is kept. */
static bool kept_bits(const struct g7sf_format_info *f, unsigned channels, uint8_t keep[16])
{
    bool whole = true;
    memset(keep, 0, 16);
    for (unsigned k = 0; k < f->nchannels; k++) {
        const struct g7sf_format_channel *ch = &f->ch[k];
        if (ch->name > G7SF_CH_A || (channels >> ch->name & 1))
            continue;
        whole = false;
        for (unsigned b = ch->shift; b < ch->shift + ch->bits; b++)
            keep[b / 8] |= (uint8_t)(1u << b % 8);
    }
    return whole;
}

static bool bad_args(const g7sf_gpu *gpu, const g7sf_dp_typed *ts, const void *uvrl, unsigned n,
                     unsigned channels, const void *data)
{
    /* a g7sf_dp_typed a caller built: its texel must fit the 16-byte buffers */
    return !gpu || !ts || n > 32 || channels > 0xF || (n && (!uvrl || !data)) ||
           (!ts->null && (!ts->fmt || ts->fmt != g7sf_format_info(ts->fmt->code) ||
                          ts->bytes == 0 || ts->bytes > 16 ||
                          ts->bytes * 8 != ts->fmt->bits_per_block));
}

int g7sf_dp_typed_read(g7sf_gpu *gpu, const g7sf_dp_typed *ts, const uint32_t (*uvrl)[4],
                       unsigned n, uint32_t enable, unsigned channels, uint32_t *data)
{
    if (bad_args(gpu, ts, uvrl, n, channels, data))
        return G7SF_EINVAL;
    for (unsigned i = 0; i < n; i++) {
        uint32_t addr;
        g7sf_texel tex = { .u = { 0 } };
        if (!(enable >> i & 1))
            continue;
        if (g7sf_dp_typed_address(ts, uvrl[i], &addr)) {
            /* out of bounds reads 0 in every channel (erratum, 9233-9235) */
            uint8_t unit[16];
            g7sf_mem_read(gpu, addr, unit, ts->bytes);
            g7sf_texel_decode(ts->fmt, unit, 0, 0, NULL, &tex);
        }
        for (unsigned k = 0, j = 0; k < 4; k++)
            if (channels >> k & 1)
                data[j++ * n + i] = tex.u[k];
    }
    return 0;
}

int g7sf_dp_typed_write(g7sf_gpu *gpu, const g7sf_dp_typed *ts, const uint32_t (*uvrl)[4],
                        unsigned n, uint32_t enable, unsigned channels, const uint32_t *data)
{
    if (bad_args(gpu, ts, uvrl, n, channels, data))
        return G7SF_EINVAL;
    uint8_t keep[16];
    bool whole = !ts->null && kept_bits(ts->fmt, channels, keep);
    for (unsigned i = 0; i < n; i++) {
        uint32_t addr;
        g7sf_texel tex = { .u = { 0 } };
        if (!(enable >> i & 1) || !g7sf_dp_typed_address(ts, uvrl[i], &addr))
            continue;
        for (unsigned k = 0, j = 0; k < 4; k++)
            if (channels >> k & 1)
                tex.u[k] = data[j++ * n + i];
        uint8_t enc[16] = { 0 }, old[16];
        g7sf_texel_encode(ts->fmt, &tex, enc, 0, 0);   /* every typed format encodes */
        if (!whole) {
            g7sf_mem_read(gpu, addr, old, ts->bytes);
            for (unsigned b = 0; b < ts->bytes; b++)
                enc[b] = (uint8_t)((enc[b] & ~keep[b]) | (old[b] & keep[b]));
        }
        int r = g7sf_mem_write(gpu, addr, enc, ts->bytes);
        if (r)
            return r;
    }
    return 0;
}
