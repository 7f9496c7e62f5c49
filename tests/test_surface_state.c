/* g7sf_surface_from_state(): RENDER_SURFACE_STATE DWords written by hand,
 * decoded, laid out, and texel addresses computed by hand from the tiling. */
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "harness.h"

static int layout(const uint32_t dw[8], g7sf_surface *s)
{
    g7sf_render_surface_state ss;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &ss);
    return g7sf_surface_from_state(&ss, s);
}

TEST(y_tiled_mipmapped_texture)
{
    /* demo/texture_surface_state.hex: 2D R8G8B8A8_UNORM (0C7h), VALIGN_4,
     * Y-tiled, 256x128, pitch 1024, 9 levels, base 0x00200000 */
    const uint32_t dw[8] = { 0x231d6000, 0x00200000, 0x007f00ff, 0x000003ff, 0, 8, 0, 0 };
    g7sf_surface s;
    uint32_t a = 0;
    CHECK_EQ(layout(dw, &s), 0);
    CHECK_EQ(s.type, 1);
    CHECK_EQ(s.tiling, G7SF_TILING_Y);
    CHECK_EQ(s.width, 256);
    CHECK_EQ(s.height, 128);
    CHECK_EQ(s.depth, 1);
    CHECK_EQ(s.levels, 9);
    CHECK_EQ(s.pitch, 1024);
    CHECK_EQ(s.bpb, 32);
    CHECK_EQ(s.halign, 4);
    CHECK_EQ(s.valign, 4);
    /* texel (4, 0): byte 16 of row 0 -> the second 16-byte column of the
     * first Y tile: 1 * 512 */
    CHECK_EQ(g7sf_surface_texel_address(&s, 4, 0, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 0x00200000 + 512);
    /* texel (0, 33): tile row 1 (8 tiles of 128 bytes per 1024-byte row),
     * row 1 inside the tile: 8 * 4096 + 1 * 16 */
    CHECK_EQ(g7sf_surface_texel_address(&s, 0, 33, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 0x00200000 + 8 * 4096 + 16);
    /* LOD1 starts below LOD0 at row 128 = tile row 4: 4 * 8 * 4096 */
    CHECK_EQ(g7sf_surface_texel_address(&s, 0, 0, 0, 1, 0, &a), 0);
    CHECK_EQ(a, 0x00200000 + 4 * 8 * 4096);
}

TEST(buffer_cube_msaa_and_planar_state)
{
    g7sf_surface s;
    /* BUFFER R32G32B32A32_FLOAT with 1000 entries: 999 = 7 << 7 | 103 */
    const uint32_t buf[8] = { 4u << 29, 0x1000, 7u << 16 | 103, 15, 0, 0, 0, 0 };
    CHECK_EQ(layout(buf, &s), 0);
    CHECK_EQ(s.width, 1000);
    CHECK_EQ(s.bpb, 128);
    /* CUBE array of 2 cubes, 64x64 B8G8R8A8_UNORM (0C0h), linear pitch 256 */
    const uint32_t cube[8] = { 3u << 29 | 0x0C0u << 18 | 0x3F, 0x2000, 63u << 16 | 63,
                               1u << 21 | 255, 0, 6, 0, 0 };
    CHECK_EQ(layout(cube, &s), 0);
    CHECK_EQ(s.depth, 12);   /* faces */
    CHECK_EQ(s.levels, 7);
    /* 4x MSS (needs ARYSPC_LOD0, bit 10) with MCS at 0x80000, MCS pitch field 1
     * -> 256 bytes; X/Y Offset fields 2 and 3 -> 8 pixels, 6 rows; pitch 512
     * holds the (8 + 64) * 4 bytes of a row */
    const uint32_t ms[8] = { 1u << 29 | 0x0C7u << 18 | 1u << 14 | 1u << 13 | 1u << 10, 0x100000,
                             63u << 16 | 63, 511, 2u << 3, 2u << 25 | 3u << 20,
                             0x80000 | 1u << 3 | 1, 0 };
    CHECK_EQ(layout(ms, &s), 0);
    CHECK_EQ(s.samples, 4);
    CHECK_EQ(s.mcs_enable, 1);
    CHECK_EQ(s.mcs_base, 0x80000);
    CHECK_EQ(s.mcs_pitch, 256);
    CHECK_EQ(s.x_offset, 8);
    CHECK_EQ(s.y_offset, 6);
    /* NV12: PLANAR_420_8 (1A5h), 64x32, UV plane at row 32: DW6 is read as
     * the UV offsets, never as MCS */
    const uint32_t nv12[8] = { 1u << 29 | 0x1A5u << 18, 0x300000, 31u << 16 | 63, 63, 0, 0,
                               2u << 16 | 33, 0 };   /* Y 33: bit 0 is MCS Enable elsewhere */
    CHECK_EQ(layout(nv12, &s), G7SF_ESTATE);   /* an odd UV offset is refused */
    /* pitch 128: the UV rows, 64 bytes from byte 2 on, fit it (64 would not) */
    const uint32_t nv12b[8] = { 1u << 29 | 0x1A5u << 18, 0x300000, 31u << 16 | 63, 127, 0, 0,
                                2u << 16 | 32, 0 };
    CHECK_EQ(layout(nv12b, &s), 0);
    CHECK_EQ(s.planar, 1);
    CHECK_EQ(s.uv_x_offset, 2);
    CHECK_EQ(s.uv_y_offset, 32);
    CHECK_EQ(s.mcs_enable, 0);
}

TEST(illegal_state_is_refused)
{
    g7sf_surface s;
    const uint32_t bad_format[8] = { 1u << 29 | 0x1F0u << 18, 0, 0, 3, 0, 0, 0, 0 };
    CHECK_EQ(layout(bad_format, &s), G7SF_ESTATE);
    const uint32_t samples2[8] = { 1u << 29 | 0x0C7u << 18, 0, 0, 3, 1u << 3, 0, 0, 0 };
    CHECK_EQ(layout(samples2, &s), G7SF_ESTATE);   /* MULTISAMPLECOUNT value 1 is reserved */
    /* X-tiled with a pitch that is not a whole number of 512-byte tiles */
    const uint32_t bad_pitch[8] = { 1u << 29 | 0x0C7u << 18 | 1u << 14, 0, 3u << 16 | 3, 255, 0, 0, 0, 0 };
    CHECK_EQ(layout(bad_pitch, &s), G7SF_ESTATE);
}

TEST(sub_byte_formats_have_byte_blocks)
{
    /* MONO8 (18Eh) 20x3, pitch 4: 8 texels a byte along a row; P2 (184h): 4 */
    g7sf_surface s;
    const uint32_t mono8[8] = { 1u << 29 | 0x18Eu << 18, 0, 2u << 16 | 19, 3, 0, 0, 0, 0 };
    CHECK_EQ(layout(mono8, &s), 0);
    CHECK(s.bpb == 8 && s.block_w == 8 && s.block_h == 1);
    uint32_t addr;
    CHECK_EQ(g7sf_surface_texel_address(&s, 17, 2, 0, 0, 0, &addr), 0);
    CHECK_EQ(addr, 2 * 4 + 2);   /* row 2, byte 17 / 8 */
    const uint32_t p2[8] = { 1u << 29 | 0x184u << 18, 0, 2u << 16 | 19, 7, 0, 0, 0, 0 };
    CHECK_EQ(layout(p2, &s), 0);
    CHECK(s.bpb == 8 && s.block_w == 4 && s.block_h == 1);
}
