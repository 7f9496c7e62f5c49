/* What the typed messages of §3.9.9 share: the surface they may access, the
 * message lengths, the slot mask and the U, V, R, LOD addressing (table of
 * address parameters by surface type, spec 9248-9256). */
#include "core/gpu.h"
#include "dp.h"
#include "gen7sf/format.h"

static bool atomic_format(unsigned code)
{
    return code == G7SF_FORMAT_R32_UINT || code == G7SF_FORMAT_R32_SINT;
}

int dp_typed_bind(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned cap, dp_typed *ts)
{
    g7sf_render_surface_state ss;
    int r = dp_bind_surface(c, t, &ss, &ts->s);
    if (r)
        return r;
    unsigned bti = c->fc & 0xFF, type = ss.surface_type;
    ts->null = type == G7SF_SURFTYPE_NULL;
    if (ts->null)
        return 0;   /* Mesa binds NULL for unused image units: out of bounds */
    if (type != G7SF_SURFTYPE_1D && type != G7SF_SURFTYPE_2D && type != G7SF_SURFTYPE_3D &&
        type != G7SF_SURFTYPE_BUFFER)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u: surface type %u, typed messages take "
                             "1D, 2D, 3D or BUFFER", t->name, bti, type);
    ts->fmt = g7sf_format_info(ss.surface_format);
    if (cap ? !(ts->fmt->caps[c->gpu->platform] & cap) : !atomic_format(ss.surface_format))
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u: surface format %s is not allowed",
                             t->name, bti, ts->fmt->name);
    if (ts->s.samples != 1)
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u: multisampled surface (no sample "
                             "index in typed messages)", t->name, bti);
    ts->array = ss.surface_array;
    ts->vstride = ss.vertical_line_stride;
    ts->vstride_offset = ss.vertical_line_stride_offset;
    if (ts->vstride && (type != G7SF_SURFTYPE_2D || ts->array))
        return g7sf_msg_fail(c, G7SF_ESTATE, "%s: BTI %u: Vertical Line Stride on a surface "
                             "other than 2D non-array", t->name, bti);
    ts->min_lod = ss.surface_min_lod;
    ts->mip_count = ss.mip_count_lod;
    ts->s.levels = ts->min_lod + ts->mip_count + 1;   /* as the sampler: levels from Min LOD */
    ts->bytes = ts->s.bpb / 8;
    return 0;
}

int dp_typed_lengths(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned data_regs,
                     unsigned rlen_want, unsigned *addr_regs)
{
    unsigned fixed = 1 + data_regs;   /* the header is required */
    if (c->mlen < fixed + 1 || c->mlen > fixed + 4)
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, expected %u..%u", t->name,
                             c->mlen, fixed + 1, fixed + 4);
    if (c->rlen != rlen_want)
        return g7sf_msg_fail(c, G7SF_ERLEN, "%s: response length %u, expected %u", t->name,
                             c->rlen, rlen_want);
    *addr_regs = c->mlen - fixed;
    return 0;
}

uint32_t dp_typed_simd8_mask(const g7sf_msg_ctx *c, unsigned slot_group)
{
    return c->msg->exec_mask & (c->msg->payload[0].ud[7] >> (8 * slot_group)) & 0xFF;
}

const dp_typed_layout dp_typed_simd8 = { 8, 1, 1, 0 }, dp_typed_simd4x2 = { 2, 4, 0, 1 };

void dp_typed_uvrl(const g7sf_msg_ctx *c, const dp_typed_layout *l, unsigned n, unsigned i,
                   uint32_t uvrl[4])
{
    for (unsigned p = 0; p < 4; p++)
        uvrl[p] = p < n ? dp_typed_param(c, l, 0, i, p) : 0;
}

bool dp_typed_address(const dp_typed *ts, const uint32_t uvrl[4], uint32_t *addr)
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
