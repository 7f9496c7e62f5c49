/* The MSAA index-compression extension's memory side (msaa_tile.h): the
 * control surface (g7sf_surface_msaa_control_address), tile index bits in
 * the MCS, samples through a pixel's MCS.  Decisions: docs/spec-notes.md
 * "Patent 004". */
#include "core/msaa_tile.h"

#include "gen7sf/format.h"

bool msaa_tile_opted_in(const g7sf_gpu *gpu, const g7sf_surface *s)
{
    return (gpu->extensions & G7SF_EXT_MSAA_INDEX) && s->index_compression_enable &&
           s->mcs_enable && s->msfmt == G7SF_MSFMT_MSS && (s->samples == 4 || s->samples == 8) &&
           s->type == G7SF_SURFTYPE_2D && s->levels == 1 && s->bpb == 32 && s->block_w == 1 &&
           s->block_h == 1;
}

bool msaa_tile_whole(const g7sf_surface *s, uint32_t tx, uint32_t ty)
{
    return (uint64_t)tx * G7SF_MSAA_TILE_W + G7SF_MSAA_TILE_W <= s->width &&
           (uint64_t)ty * G7SF_MSAA_TILE_H + G7SF_MSAA_TILE_H <= s->height;
}

int g7sf_surface_msaa_control_address(const g7sf_surface *s, uint32_t x, uint32_t y,
                                      uint32_t array, uint32_t *addr)
{
    g7sf_surface mcs;
    if (!s || !addr || (s->samples != 4 && s->samples != 8) || g7sf_surface_mcs(s, &mcs))
        return G7SF_EINVAL;
    if (x >= s->width || y >= s->height || array >= s->depth)
        return G7SF_ERANGE;
    uint64_t tiles_x = (s->width + 7ull) / 8, tiles_y = (s->height + 3ull) / 4;
    uint64_t start = ((uint64_t)mcs.base + g7sf_surface_size(&mcs) + 4095) & ~4095ull;
    uint64_t a = start + (array * tiles_y + y / 4) * tiles_x + x / 8;
    if (a > UINT32_MAX)
        return G7SF_EFAULT;
    *addr = (uint32_t)a;
    return 0;
}

static int why_state(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return G7SF_ESTATE;
}

int msaa_tile_control_read(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y,
                           uint32_t slice, unsigned *code, const char **why)
{
    uint32_t addr;
    uint8_t b;
    int r = g7sf_surface_msaa_control_address(s, x, y, slice, &addr);
    if (r || (r = g7sf_mem_read(gpu, addr, &b, 1)))
        return r;
    if (b >> 4)
        return why_state(why, "MSAA control byte with bits 7:4 not zero");
    if (b > G7SF_MSAA_CTRL_PLANES_PALETTE && b != G7SF_MSAA_CTRL_INDEX)
        return why_state(why, "MSAA control code reserved (not 0x0, 0x1, 0x2 or 0xF)");
    if (b == G7SF_MSAA_CTRL_INDEX && !msaa_tile_whole(s, x / 8, y / 4))
        return why_state(why, "MSAA control code 0xF (index) on a tile partly outside the surface");
    *code = b;
    return 0;
}

int msaa_tile_control_write(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y,
                            uint32_t slice, unsigned code)
{
    uint32_t addr;
    uint8_t b = (uint8_t)code;
    int r = g7sf_surface_msaa_control_address(s, x, y, slice, &addr);
    return r ? r : g7sf_mem_write(gpu, addr, &b, 1);
}

int msaa_pixel_mcs(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t x, uint32_t y, uint32_t slice,
                   uint32_t *mcs)
{
    uint8_t b[4] = { 0, 0, 0, 0 };
    uint32_t addr;
    int r = g7sf_surface_mcs_address(s, x, y, slice, 0, &addr);
    if (r || (r = g7sf_mem_read(gpu, addr, b, msaa_mcs_bytes(s->samples))))
        return r;
    *mcs = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return 0;
}

int msaa_mcs_plane(uint32_t mcs, unsigned samples, unsigned si)
{
    if (samples == 4) {
        mcs &= 0xff;
        return mcs == 0xff ? -1 : (int)(mcs >> 2 * si & 3);
    }
    unsigned f = si < 8 ? mcs >> 4 * si & 0xf : 0xf;
    return f < 8 && mcs != 0xffffffffu ? (int)f : -1;
}

static int tile_index_io(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t tx, uint32_t ty,
                         uint32_t slice, uint8_t *rd, const uint8_t *wr)
{
    const unsigned mb = msaa_mcs_bytes(s->samples);
    for (unsigned p = 0; p < G7SF_MSAA_TILE_PIXELS; p++) {
        uint32_t addr;
        int r = g7sf_surface_mcs_address(s, tx * 8 + p % 8, ty * 4 + p / 8, slice, 0, &addr);
        if (r || (r = wr ? g7sf_mem_write(gpu, addr, wr + p * mb, mb)
                         : g7sf_mem_read(gpu, addr, rd + p * mb, mb)))
            return r;
    }
    return 0;
}

int msaa_tile_index_read(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t tx, uint32_t ty,
                         uint32_t slice, uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX])
{
    return tile_index_io(gpu, s, tx, ty, slice, bits, NULL);
}

int msaa_tile_index_write(g7sf_gpu *gpu, const g7sf_surface *s, uint32_t tx, uint32_t ty,
                          uint32_t slice, const uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX])
{
    return tile_index_io(gpu, s, tx, ty, slice, NULL, bits);
}
