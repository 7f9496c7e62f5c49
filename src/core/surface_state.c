/* RENDER_SURFACE_STATE -> g7sf_surface: the one place that knows how the
 * state fields encode a layout. */
#include <string.h>

#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"

static unsigned sample_count(unsigned field)
{
    switch (field) {
    case G7SF_MULTISAMPLECOUNT_1: return 1;
    case G7SF_MULTISAMPLECOUNT_4: return 4;
    case G7SF_MULTISAMPLECOUNT_8: return 8;
    default: return 0;   /* reserved */
    }
}

int g7sf_surface_from_state(const g7sf_render_surface_state *ss, g7sf_surface *s)
{
    if (!ss || !s)
        return G7SF_EINVAL;
    const struct g7sf_format_info *fmt = g7sf_format_info(ss->surface_format);
    memset(s, 0, sizeof *s);
    if (!fmt || !sample_count(ss->number_of_multisamples))
        return G7SF_ESTATE;
    /* MONO8, R1_UNORM (1 bit) and P2 (2 bits): a block is one byte of
     * texels along a row (docs/spec-notes.md "Sampler operations") */
    const bool sub_byte = fmt->bits_per_block < 8;
    bool buffer = ss->surface_type == G7SF_SURFTYPE_BUFFER || ss->surface_type == G7SF_SURFTYPE_STRBUF;
    s->type = ss->surface_type;
    s->tiling = !ss->tiled_surface ? G7SF_TILING_LINEAR
              : ss->tile_walk == G7SF_TILEWALK_YMAJOR ? G7SF_TILING_Y : G7SF_TILING_X;
    s->base = ss->surface_base_address;
    s->pitch = ss->surface_pitch + 1;
    if (buffer) {
        s->width = g7sf_buffer_entries(ss->width, ss->height, ss->depth,
                                       ss->surface_format == G7SF_FORMAT_RAW);
        s->height = s->depth = 1;
    } else {
        s->width = ss->width + 1;
        s->height = ss->height + 1;
        s->depth = (ss->depth + 1) * (ss->surface_type == G7SF_SURFTYPE_CUBE ? 6 : 1);
    }
    s->levels = ss->mip_count_lod + 1;
    s->bpb = sub_byte ? 8 : fmt->bits_per_block;
    s->block_w = sub_byte ? 8 / fmt->bits_per_block : fmt->block_w;
    s->block_h = fmt->block_h;
    s->halign = ss->surface_horizontal_alignment == G7SF_HALIGN_8 ? 8 : 4;
    s->valign = ss->surface_vertical_alignment == G7SF_VALIGN_4 ? 4 : 2;
    s->array_spacing = ss->surface_array_spacing;
    s->samples = sample_count(ss->number_of_multisamples);
    s->msfmt = ss->multisampled_surface_storage_format;
    s->x_offset = ss->x_offset * 4;   /* X Offset is in units of 4 pixels */
    s->y_offset = ss->y_offset * 2;   /* Y Offset in units of 2 rows */
    /* DW6 is the UV plane for PLANAR_420_8, otherwise the MCS */
    if (ss->surface_format == G7SF_FORMAT_PLANAR_420_8) {
        s->planar = 1;
        s->uv_x_offset = ss->x_offset_for_uv_plane;
        s->uv_y_offset = ss->y_offset_for_uv_plane;
    } else if (ss->mcs_enable) {
        s->mcs_enable = 1;
        s->mcs_base = ss->mcs_base_address;
        s->mcs_pitch = (ss->mcs_surface_pitch + 1) * 128;
        s->index_compression_enable = ss->index_compression_enable;
    }
    return g7sf_surface_validate(s) ? G7SF_ESTATE : 0;
}
