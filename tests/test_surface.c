/* Surface layout: every expected number is worked out by hand in the
 * comment beside it, from the rules in docs/spec-notes.md "Surface layout". */
#include <stdlib.h>
#include <string.h>

#include "core/tiling.h"
#include "gen7sf/gen7sf.h"
#include "gen7sf/state.h"
#include "gen7sf/surface.h"
#include "harness.h"

/* A 2D RGBA8 (32 bpb) surface, HALIGN_4 / VALIGN_2, one level, one slice. */
static g7sf_surface rgba8(uint32_t w, uint32_t h, unsigned tiling, uint32_t pitch)
{
    return (g7sf_surface){ .type = 1, .tiling = tiling, .pitch = pitch, .width = w,
                           .height = h, .depth = 1, .levels = 1, .bpb = 32,
                           .block_w = 1, .block_h = 1, .halign = 4, .valign = 2,
                           .samples = 1 };
}

/* Checks the origin of (lod, slice) against a hand-computed position. */
#define ORIGIN(s, lod, slice, wx, wy) do {                                      \
    uint32_t ox_ = ~0u, oy_ = ~0u;                                          \
    g7sf_surface_image_offset(s, lod, slice, 0, &ox_, &oy_);                \
    CHECKF(ox_ == (wx) && oy_ == (wy), "LOD%u slice %u at (%u,%u), want (%u,%u)", \
           (unsigned)(lod), (unsigned)(slice), ox_, oy_, (unsigned)(wx), (unsigned)(wy)); \
} while (0)

TEST(linear_and_x_tiled_offsets)
{
    /* linear, pitch 100: 3 * 100 + 5 = 305 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_LINEAR, 100, 5, 3), 305);
    /* X, pitch 1024 = 2 tiles a row.  (600, 10): tile row 10/8 = 1, tile
     * column 600/512 = 1 -> tile 1*2 + 1 = 3 -> 12288; inside: row 10%8 = 2
     * -> 1024, byte 600%512 = 88 -> 12288 + 1024 + 88 = 13400 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_X, 1024, 600, 10), 13400);
    /* (5, 3) in tile 0: 3*512 + 5 = 1541 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_X, 1024, 5, 3), 1541);
    /* (0, 8): the first row of the second tile row: tile 2 -> 8192 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_X, 1024, 0, 8), 8192);
}

TEST(y_tiled_offsets)
{
    /* pitch 256 = 2 tiles a row.  (200, 40): tile row 40/32 = 1, column
     * 200/128 = 1 -> tile 3 -> 12288; x 200%128 = 72 -> OWord column 72/16 =
     * 4 -> 2048; y 40%32 = 8 -> 8*16 = 128; 72%16 = 8 -> 12288+2048+128+8 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_Y, 256, 200, 40), 14472);
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_Y, 256, 16, 0), 512);   /* column 1 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_Y, 256, 15, 1), 31);    /* 16 + 15 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_Y, 256, 0, 31), 496);   /* 31 * 16 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_Y, 256, 128, 0), 4096); /* tile 1 */
}

TEST(w_tiled_offsets)
{
    /* W tile = 64 x 64 bytes; within it offset = (x/8)*512 + (y/4)*32 +
     * (x/4%2)*16 + (y/2%2)*8 + (x/2%2)*4 + (y%2)*2 + x%2.  Pitch 256 counts
     * rows in pairs: 256/128 = 2 tiles a row. */
    /* (70, 65): tile row 65/64 = 1, column 70/64 = 1 -> tile 3 -> 12288;
     * x' = 6, y' = 1: 0 + 0 + 1*16 + 0 + 1*4 + 1*2 + 0 = 22 -> 12310 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_W, 256, 70, 65), 12310);
    /* (63, 63): 7*512 + 15*32 + 16 + 8 + 4 + 2 + 1 = 4095, the tile's end */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_W, 128, 63, 63), 4095);
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_W, 128, 8, 0), 512);  /* 1*512 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_W, 128, 0, 4), 32);   /* 1*32 */
    CHECK_EQ(g7sf_tiled_offset(G7SF_TILING_W, 128, 1, 1), 3);    /* 2 + 1 */
}

TEST(mip_chain_2d_64x64)
{
    g7sf_surface s = rgba8(64, 64, G7SF_TILING_Y, 256);
    s.levels = 7;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    /* LOD0 (0,0); LOD1 below it at (0,64); LOD2 right of LOD1 at (32,64);
     * then down the column: LOD3 64+16 = 80, LOD4 80+8 = 88, LOD5 88+4 = 92,
     * LOD6 92 + align(2, 2) = 94 */
    static const uint32_t want[7][2] = { {0, 0}, {0, 64}, {32, 64}, {32, 80},
                                         {32, 88}, {32, 92}, {32, 94} };
    for (unsigned l = 0; l < 7; l++)
        ORIGIN(&s, l, 0, want[l][0], want[l][1]);
    /* rows: left column 64 + 32 = 96, right 64 + 16+8+4+2+2 = 96 -> 96 rows;
     * Y-tiled: 3 tile rows x 2 tiles x 4096 = 24576 bytes */
    CHECK_EQ(g7sf_surface_total_rows(&s), 96);
    CHECK_EQ(g7sf_surface_size(&s), 24576);
    /* X-tiled, pitch 512: 96/8 = 12 tile rows x 1 tile x 4096 = 49152 */
    s.tiling = G7SF_TILING_X, s.pitch = 512;
    CHECK_EQ(g7sf_surface_size(&s), 49152);
}

TEST(mip_chain_npot_halign8_valign4)
{
    g7sf_surface s = rgba8(20, 10, G7SF_TILING_LINEAR, 128);
    s.halign = 8, s.valign = 4, s.levels = 5;
    /* widths 20 10 5 2 1 -> aligned to 8: 24 16 8 8 8;
     * heights 10 5 2 1 1 -> aligned to 4: 12 8 4 4 4.
     * LOD1 (0,12); LOD2 (16,12); LOD3 (16,12+4 = 16); LOD4 (16, 20) */
    ORIGIN(&s, 1, 0, 0, 12);
    ORIGIN(&s, 2, 0, 16, 12);
    ORIGIN(&s, 4, 0, 16, 20);
    uint32_t w, h, d;
    g7sf_surface_level_size(&s, 3, &w, &h, &d);
    CHECK(w == 2 && h == 1 && d == 1);          /* 20>>3 = 2, 10>>3 = 1 */
    g7sf_surface_level_size(&s, 9, &w, &h, NULL);
    CHECK(w == 1 && h == 1);                    /* never below 1 */
}

TEST(qpitch_full_and_lod0)
{
    g7sf_surface s = rgba8(64, 64, G7SF_TILING_Y, 256);
    s.depth = 4, s.levels = 3;
    /* ARYSPC_FULL: h0 + h1 + 12j = 64 + 32 + 12*2 = 120 */
    CHECK_EQ(g7sf_surface_qpitch(&s), 120);
    ORIGIN(&s, 0, 3, 0, 360);                  /* 3 * 120 */
    ORIGIN(&s, 2, 2, 32, 304);                 /* (32, 2*120 + 64) */
    s.array_spacing = G7SF_ARYSPC_LOD0;
    CHECK_EQ(g7sf_surface_qpitch(&s), 64);      /* align(64, 2) */
    /* height 10, VALIGN_4: FULL = align(10,4) + align(5,4) + 48 = 12+8+48 = 68;
     * LOD0 = 12 */
    s = rgba8(16, 10, G7SF_TILING_LINEAR, 64);
    s.valign = 4;
    CHECK_EQ(g7sf_surface_qpitch(&s), 68);
    s.array_spacing = G7SF_ARYSPC_LOD0;
    CHECK_EQ(g7sf_surface_qpitch(&s), 12);
}

TEST(volume_slices_per_lod)
{
    g7sf_surface s = rgba8(16, 8, G7SF_TILING_Y, 128);
    s.type = 2, s.depth = 8, s.levels = 4;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    /* LOD0: one 16x8 slice a row: z=5 at (0, 5*8 = 40); LOD0 takes 64 rows */
    ORIGIN(&s, 0, 5, 0, 40);
    /* LOD1: 8x4, depth 4, 2 a row, 2 rows of 4 starting at 64:
     * z=3 at (1*8, 64 + 1*4) = (8, 68); LOD1 takes 8 rows */
    ORIGIN(&s, 1, 3, 8, 68);
    /* LOD2: 4x2, depth 2, up to 4 a row, one row at 72: z=1 at (4, 72) */
    ORIGIN(&s, 2, 1, 4, 72);
    /* LOD3: 2x1 -> 4x2, depth 1 at (0, 74); total rows 74 + 2 = 76 */
    ORIGIN(&s, 3, 0, 0, 74);
    CHECK_EQ(g7sf_surface_total_rows(&s), 76);
    uint32_t d, a;
    g7sf_surface_level_size(&s, 2, NULL, NULL, &d);
    CHECK_EQ(d, 2);
    CHECK_EQ(g7sf_surface_texel_address(&s, 0, 0, 2, 2, 0, &a), G7SF_ERANGE);  /* z 2 of 2 */
}

TEST(cube_face_order)
{
    CHECK(G7SF_CUBE_POS_X == 0 && G7SF_CUBE_NEG_X == 1 && G7SF_CUBE_POS_Y == 2 &&
          G7SF_CUBE_NEG_Y == 3 && G7SF_CUBE_POS_Z == 4 && G7SF_CUBE_NEG_Z == 5);
    g7sf_surface s = rgba8(32, 32, G7SF_TILING_LINEAR, 128);
    s.type = 3, s.depth = 12;     /* two cubes */
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    /* QPitch FULL: 32 + 16 + 24 = 72; cube 1 -Y = slice 6 + 3 = 9 -> 648 */
    ORIGIN(&s, 0, 6 * 1 + G7SF_CUBE_NEG_Y, 0, 648);
    s.depth = 7;
    CHECK_EQ(g7sf_surface_validate(&s), G7SF_ESTATE);
}

TEST(msaa_mss_sample_slices)
{
    g7sf_surface s = rgba8(8, 8, G7SF_TILING_Y, 128);
    s.samples = 4, s.valign = 4, s.depth = 2, s.array_spacing = G7SF_ARYSPC_LOD0;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    CHECK_EQ(g7sf_surface_qpitch(&s), 8);
    /* array 1, sample 2 -> physical slice 1*4 + 2 = 6 -> y 48; pixel (3,5) */
    uint32_t px, py;
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 5, 1, 0, 2, &px, &py), 0);
    CHECK(px == 3 && py == 53);
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 5, 1, 0, 4, &px, &py), G7SF_ERANGE);
    s.array_spacing = G7SF_ARYSPC_FULL;     /* MSS needs ARYSPC_LOD0 */
    CHECK_EQ(g7sf_surface_validate(&s), G7SF_ESTATE);
}

TEST(msaa_depth_stencil_interleave)
{
    g7sf_surface s = rgba8(8, 8, G7SF_TILING_Y, 128);
    s.samples = 4, s.msfmt = G7SF_MSFMT_DEPTH_STENCIL, s.valign = 4;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    uint32_t px, py;
    /* 4x: quad (2..3, 4..5) -> layout x 4..7, y 8..11; sample s takes the
     * 2x2 sub-block at ((s&1)*2, (s>>1)*2); the pixel sits at (x&1, y&1).
     * (3,5) s3: (4+2+1, 8+2+1) = (7, 11); s0: (5, 9) */
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 5, 0, 0, 3, &px, &py), 0);
    CHECK(px == 7 && py == 11);
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 5, 0, 0, 0, &px, &py), 0);
    CHECK(px == 5 && py == 9);
    /* 8x: quad -> 8x4; x = 4*(x&~1) + (s&4) + (s&1)*2 + (x&1),
     * y = 2*(y&~1) + (s&2) + (y&1).  (3,5) s5: (8+4+2+1, 8+0+1) = (15, 9);
     * s6: (8+4+0+1, 8+2+1) = (13, 11) */
    s.samples = 8;
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 5, 0, 0, 5, &px, &py), 0);
    CHECK(px == 15 && py == 9);
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 5, 0, 0, 6, &px, &py), 0);
    CHECK(px == 13 && py == 11);
    /* 8x 8x8 pixels span 32 x 16 layout pixels: 32 * 4 bytes = one Y tile
     * row; 16 rows */
    CHECK_EQ(g7sf_surface_total_rows(&s), 16);
}

TEST(mcs_address)
{
    g7sf_surface s = rgba8(64, 32, G7SF_TILING_Y, 256);
    s.samples = 4, s.valign = 4, s.array_spacing = G7SF_ARYSPC_LOD0;
    s.mcs_enable = 1, s.mcs_base = 0x100000, s.mcs_pitch = 128;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    uint32_t a = 0;
    /* 4x: 1 byte a pixel, Y-tiled pitch 128.  (20, 10): column 20/16 = 1 ->
     * 512, row 10 -> 160, 20%16 = 4 -> 676 = 0x2A4 */
    CHECK_EQ(g7sf_surface_mcs_address(&s, 20, 10, 0, 0, &a), 0);
    CHECK_EQ(a, 0x1002A4);
    /* 8x: 4 bytes a pixel, pitch 256.  x bytes 80: column 5 -> 2560, + 160,
     * + 0 -> 2720 = 0xAA0 */
    s.samples = 8, s.mcs_pitch = 256;
    CHECK_EQ(g7sf_surface_mcs_address(&s, 20, 10, 0, 0, &a), 0);
    CHECK_EQ(a, 0x100AA0);
    s.mcs_enable = 0;
    CHECK_EQ(g7sf_surface_mcs_address(&s, 20, 10, 0, 0, &a), G7SF_EINVAL);
}

TEST(buffer_entries_and_addresses)
{
    /* (1 << 21 | 2 << 7 | 5) + 1 = 2097152 + 256 + 5 + 1 */
    CHECK_EQ(g7sf_buffer_entries(5, 2, 1, 0), 2097414);
    /* all ones, non-RAW: 6 depth bits -> 2^27 entries; RAW: 10 -> 2^31 */
    CHECK_EQ(g7sf_buffer_entries(0x7F, 0x3FFF, 0x3F, 0), 134217728);
    CHECK_EQ(g7sf_buffer_entries(0x7F, 0x3FFF, 0x3FF, 0), 134217728);
    CHECK_EQ(g7sf_buffer_entries(0x7F, 0x3FFF, 0x3FF, 1), 2147483648u);
    CHECK_EQ(g7sf_buffer_entries(0, 0, 0, 1), 1);

    g7sf_surface b = { .type = 4, .base = 0x1000, .pitch = 16, .width = 20, .depth = 1,
                       .levels = 1, .bpb = 128, .block_w = 1, .block_h = 1, .samples = 1 };
    CHECK_EQ(g7sf_surface_validate(&b), 0);
    uint32_t a = 0;
    CHECK_EQ(g7sf_buffer_address(&b, 10, 4, &a), 0);
    CHECK_EQ(a, 0x10A4);                         /* 0x1000 + 10*16 + 4 */
    CHECK_EQ(g7sf_buffer_address(&b, 20, 0, &a), G7SF_ERANGE);
    CHECK_EQ(g7sf_surface_size(&b), 320);        /* 20 * 16 */
    b.type = 5, b.base = 0x2000, b.pitch = 36;  /* STRBUF: 36-byte structures */
    CHECK_EQ(g7sf_buffer_address(&b, 7, 8, &a), 0);
    CHECK_EQ(a, 0x2104);                         /* 0x2000 + 7*36 + 8 = +260 */
    b.base = 0xFFFFFF00u;
    CHECK_EQ(g7sf_buffer_address(&b, 7, 8, &a), G7SF_EFAULT);  /* +260 > 256 */
    b.pitch = 4096;
    CHECK_EQ(g7sf_surface_validate(&b), G7SF_ESTATE);          /* > 2048 */
}

TEST(nv12_uv_plane)
{
    g7sf_surface s = { .type = 1, .base = 0x10000, .pitch = 64, .width = 64, .height = 32,
                       .depth = 1, .levels = 1, .bpb = 8, .block_w = 1, .block_h = 1,
                       .halign = 4, .valign = 2, .samples = 1, .planar = 1,
                       .uv_y_offset = 32 };
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    g7sf_surface uv;
    CHECK_EQ(g7sf_surface_uv_plane(&s, &uv), 0);
    CHECK(uv.width == 32 && uv.height == 16 && uv.bpb == 16);
    uint32_t a = 0;
    /* linear: chroma (5,3) = row 32 + 3, byte 2*5: 0x10000 + 35*64 + 10 =
     * 0x10000 + 2250 = 0x108CA */
    CHECK_EQ(g7sf_surface_texel_address(&uv, 5, 3, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 0x108CA);
    /* Y-tiled, pitch 128, UV at (16, 32): chroma (10, 2) = byte 16 + 20 =
     * 36, row 34: tile row 1 -> 4096; column 36/16 = 2 -> 1024; row 2 -> 32;
     * 36%16 = 4 -> 0x10000 + 5156 = 0x11424 */
    s.tiling = G7SF_TILING_Y, s.pitch = 128, s.uv_x_offset = 16;
    CHECK_EQ(g7sf_surface_uv_plane(&s, &uv), 0);
    CHECK_EQ(g7sf_surface_texel_address(&uv, 10, 2, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 0x11424);
    s.planar = 0;
    CHECK_EQ(g7sf_surface_uv_plane(&s, &uv), G7SF_EINVAL);
}

/* The planes a surface derives must fit their pitch as its own rows do:
 * validation once accepted an MCS or a UV plane whose rows ran past it
 * (found by fuzz_surface; their addresses then left the plane). */
TEST(derived_planes_fit_their_pitch)
{
    /* 4x MSS, 256 pixels a row: the Y-tiled MCS has a byte a pixel, 256
     * bytes a row, so MCS Surface Pitch 256 holds it and 128 does not */
    g7sf_surface s = { .type = 1, .base = 0x100000, .pitch = 1024, .width = 256, .height = 4,
                       .depth = 1, .levels = 1, .bpb = 32, .block_w = 1, .block_h = 1,
                       .halign = 4, .valign = 2, .array_spacing = G7SF_ARYSPC_LOD0,
                       .samples = 4, .mcs_enable = 1, .mcs_base = 0x200000, .mcs_pitch = 256 };
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    s.mcs_pitch = 128;
    CHECK_EQ(g7sf_surface_validate(&s), G7SF_ESTATE);
    /* 8x: 32 bits a pixel, 1024 bytes a row */
    s.samples = 8, s.mcs_pitch = 1024;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    s.mcs_pitch = 896;
    CHECK_EQ(g7sf_surface_validate(&s), G7SF_ESTATE);

    /* NV12 64x32, linear pitch 64: a UV row is 32 pairs = 64 bytes, so the
     * UV plane can only start at byte 0 of a row */
    g7sf_surface p = { .type = 1, .base = 0x10000, .pitch = 64, .width = 64, .height = 32,
                       .depth = 1, .levels = 1, .bpb = 8, .block_w = 1, .block_h = 1,
                       .halign = 4, .valign = 2, .samples = 1, .planar = 1,
                       .uv_y_offset = 32 };
    CHECK_EQ(g7sf_surface_validate(&p), 0);
    p.uv_x_offset = 2;
    CHECK_EQ(g7sf_surface_validate(&p), G7SF_ESTATE);
    p.uv_x_offset = 16128;   /* the fuzzer's: far past the row */
    CHECK_EQ(g7sf_surface_validate(&p), G7SF_ESTATE);
    /* Y-tiled pitch 128: bytes 16..80 fit, 66..130 do not */
    p.tiling = G7SF_TILING_Y, p.pitch = 128, p.uv_x_offset = 16;
    CHECK_EQ(g7sf_surface_validate(&p), 0);
    p.uv_x_offset = 66;
    CHECK_EQ(g7sf_surface_validate(&p), G7SF_ESTATE);
}

TEST(compressed_blocks)
{
    /* BC1: 64 bits per 4x4 block, linear pitch 64 (16 blocks... of 8 bytes) */
    g7sf_surface s = { .type = 1, .pitch = 64, .width = 16, .height = 16, .depth = 1,
                       .levels = 3, .bpb = 64, .block_w = 4, .block_h = 4,
                       .halign = 8, .valign = 2, .samples = 1 };
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    uint32_t a = 0;
    /* levels align to one block (4x4) whatever HALIGN/VALIGN say:
     * LOD1 (0,16), LOD2 (8,16) */
    ORIGIN(&s, 2, 0, 8, 16);
    /* LOD0 pixel (5,6): block (1,1) -> 1*64 + 1*8 = 72 */
    CHECK_EQ(g7sf_surface_texel_address(&s, 5, 6, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 72);
    /* LOD2 pixel (1,1): layout (9,17) -> block (2,4) -> 4*64 + 16 = 272 */
    CHECK_EQ(g7sf_surface_texel_address(&s, 1, 1, 0, 2, 0, &a), 0);
    CHECK_EQ(a, 272);
    /* rows: 16 + 8 (LOD1 beside LOD2: max(16+8, 16+4)) = 24 pixels = 6 block rows */
    CHECK_EQ(g7sf_surface_total_rows(&s), 6);
}

TEST(validation_failures)
{
    g7sf_surface ok = rgba8(64, 16, G7SF_TILING_X, 512);
    CHECK_EQ(g7sf_surface_validate(&ok), 0);
    CHECK_EQ(g7sf_surface_validate(NULL), G7SF_EINVAL);
    g7sf_surface s;
#define BAD(change, code) do { s = ok; change; CHECKF(g7sf_surface_validate(&s) == (code), \
    "%s: got %d, want %d", #change, g7sf_surface_validate(&s), code); } while (0)
    BAD(s.pitch = 500, G7SF_ESTATE);                       /* not whole X tiles */
    BAD((s.tiling = G7SF_TILING_Y, s.pitch = 200), G7SF_ESTATE);
    BAD(s.width = 0, G7SF_ESTATE);
    BAD(s.width = 16385, G7SF_ESTATE);
    BAD(s.height = 16385, G7SF_ESTATE);
    BAD(s.depth = 2049, G7SF_ESTATE);
    BAD((s.type = 2, s.width = 4096, s.pitch = 16384), G7SF_ESTATE); /* 3D width */
    BAD(s.width = 200, G7SF_ESTATE);                       /* 800 bytes > pitch 512 */
    BAD(s.valign = 3, G7SF_ESTATE);
    BAD(s.halign = 2, G7SF_ESTATE);
    BAD(s.base = 0x1800, G7SF_ESTATE);                     /* tiled: 4 KiB aligned */
    BAD(s.x_offset = 6, G7SF_ESTATE);                      /* multiples of 4 */
    BAD(s.y_offset = 32, G7SF_ESTATE);                     /* at most 30 */
    BAD((s.tiling = G7SF_TILING_LINEAR, s.y_offset = 2), G7SF_ESTATE);
    BAD(s.tiling = G7SF_TILING_W, G7SF_ESTATE);            /* W: 8-bit only */
    BAD((s.bpb = 96, s.pitch = 1024), G7SF_ESTATE);       /* 12-byte blocks untiled only */
    BAD(s.samples = 2, G7SF_ESTATE);
    BAD((s.samples = 4, s.levels = 2), G7SF_ESTATE);
    BAD((s.type = 0, s.height = 2), G7SF_ESTATE);          /* 1D height 1 */
    BAD(s.levels = 16, G7SF_ESTATE);
    BAD(s.bpb = 0, G7SF_EINVAL);
    BAD(s.bpb = 12, G7SF_EINVAL);
    BAD(s.type = 6, G7SF_ESTATE);
    BAD(s.type = 7, 0);                                    /* NULL: all ignored */
    BAD((s.type = 4, s.width = 100), G7SF_ESTATE);         /* buffers are linear */
#undef BAD
}

/* The queries take surfaces validate refuses: zero alignments and block
 * sizes count as 1 (a 64x16 RGBA8 level then takes 16 rows, QPitch 16 + 8
 * + 12 under ARYSPC_FULL), never a division by zero. */
TEST(queries_on_unvalidated_surfaces)
{
    g7sf_surface s = rgba8(64, 16, G7SF_TILING_LINEAR, 256);
    s.halign = s.valign = 0, s.block_w = s.block_h = 0, s.levels = 2;
    CHECK(g7sf_surface_validate(&s) != 0);
    CHECK_EQ(g7sf_surface_qpitch(&s), 16 + 8 + 12 * 1);
    CHECK_EQ(g7sf_surface_total_rows(&s), 16 + 8);
    CHECK_EQ(g7sf_surface_size(&s), (16 + 8) * 256);
    uint32_t x, y, a;
    g7sf_surface_image_offset(&s, 1, 0, 0, &x, &y);
    CHECK(x == 0 && y == 16);
    CHECK_EQ(g7sf_surface_pixel_position(&s, 3, 2, 0, 1, 0, &x, &y), 0);
    CHECK(x == 3 && y == 18);
    CHECK_EQ(g7sf_surface_texel_address(&s, 3, 2, 0, 1, 0, &a), 0);
    CHECK_EQ(a, s.base + 18 * 256 + 3 * 4);
    /* 4 billion levels (validate allows 15): answered at once, the levels
     * past 16 adding nothing */
    s = rgba8(64, 16, G7SF_TILING_LINEAR, 256);
    s.type = G7SF_SURFTYPE_3D, s.levels = 0xFFFFFFFFu, s.depth = 4;
    CHECK(g7sf_surface_validate(&s) != 0);
    uint32_t rows = g7sf_surface_total_rows(&s);
    s.levels = 16;
    CHECK_EQ(rows, g7sf_surface_total_rows(&s));
    g7sf_surface_image_offset(&s, 0xFFFFFFFFu, 0, 0, &x, &y);
    uint32_t x16, y16;
    g7sf_surface_image_offset(&s, 16, 0, 0, &x16, &y16);
    CHECK(x == x16 && y == y16);
}

TEST(address_near_4gib_faults)
{
    g7sf_surface s = rgba8(64, 64, G7SF_TILING_LINEAR, 256);
    s.base = 0xFFFFF000u;
    CHECK_EQ(g7sf_surface_validate(&s), 0);
    uint32_t a = 0;
    /* (0,15): 0xFFFFF000 + 15*256 = 0xFFFFFF00 */
    CHECK_EQ(g7sf_surface_texel_address(&s, 0, 15, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 0xFFFFFF00u);
    /* (63,15): +252 -> 0xFFFFFFFC, its 4 bytes end exactly at 4 GiB */
    CHECK_EQ(g7sf_surface_texel_address(&s, 63, 15, 0, 0, 0, &a), 0);
    CHECK_EQ(a, 0xFFFFFFFCu);
    /* (0,16): 0xFFFFF000 + 4096 = 4 GiB */
    CHECK_EQ(g7sf_surface_texel_address(&s, 0, 16, 0, 0, 0, &a), G7SF_EFAULT);
    CHECK_EQ(g7sf_surface_texel_address(&s, 64, 0, 0, 0, 0, &a), G7SF_ERANGE);
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint8_t img[64 * 64 * 4] = {0};
    CHECK_EQ(g7sf_surface_write_linear(gpu, &s, 0, 0, img, 256), G7SF_EFAULT);
    g7sf_gpu_destroy(gpu);
}

/* Writes random images into every level and slice, reads them back, and
 * checks a few blocks through texel_address. */
static void round_trip(const g7sf_surface *s)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    CHECK_EQ(g7sf_surface_validate(s), 0);
    const size_t bpp = s->bpb / 8, max = (size_t)s->width * s->height * bpp;
    uint8_t *img = malloc(max * s->levels * s->depth), *back = malloc(max);
    for (size_t i = 0; i < max * s->levels * s->depth; i++)
        img[i] = (uint8_t)t_rand();
    for (unsigned l = 0; l < s->levels; l++) {
        uint32_t w, h, d;
        g7sf_surface_level_size(s, l, &w, &h, &d);
        for (uint32_t z = 0; z < d; z++) {
            uint8_t *src = img + (l * s->depth + z) * max;
            CHECK_EQ(g7sf_surface_write_linear(gpu, s, l, z, src, w * bpp), 0);
        }
    }
    for (unsigned l = 0; l < s->levels; l++) {
        uint32_t w, h, d;
        g7sf_surface_level_size(s, l, &w, &h, &d);
        for (uint32_t z = 0; z < d; z++) {
            uint8_t *src = img + (l * s->depth + z) * max;
            memset(back, 0, max);
            CHECK_EQ(g7sf_surface_read_linear(gpu, s, l, z, back, w * bpp), 0);
            CHECKF(memcmp(src, back, (size_t)w * h * bpp) == 0,
                   "tiling %u lod %u slice %u differs", s->tiling, l, z);
            /* the last block of the level, through the address function */
            uint32_t a;
            uint8_t blk[16];
            CHECK_EQ(g7sf_surface_texel_address(s, w - 1, h - 1, z, l, 0, &a), 0);
            CHECK(a + bpp <= s->base + g7sf_surface_size(s));
            g7sf_mem_read(gpu, a, blk, bpp);
            CHECKF(memcmp(blk, src + ((size_t)(h - 1) * w + w - 1) * bpp, bpp) == 0,
                   "tiling %u lod %u slice %u: last block", s->tiling, l, z);
        }
    }
    free(img);
    free(back);
    g7sf_gpu_destroy(gpu);
}

TEST(round_trip_all_tilings)
{
    g7sf_surface s = rgba8(70, 40, G7SF_TILING_LINEAR, 300);
    s.base = 0x200000, s.levels = 3, s.depth = 2;
    round_trip(&s);
    s.tiling = G7SF_TILING_X, s.pitch = 512, s.x_offset = 4, s.y_offset = 6;
    round_trip(&s);
    s.tiling = G7SF_TILING_Y, s.pitch = 384, s.x_offset = 8, s.y_offset = 2;
    round_trip(&s);
    /* W: 8-bit stencil, 100 bytes a row, pitch 256 = 2 x 128 */
    s = (g7sf_surface){ .type = 1, .tiling = G7SF_TILING_W, .base = 0x400000, .pitch = 256,
                        .width = 100, .height = 50, .depth = 2, .levels = 3, .bpb = 8,
                        .block_w = 1, .block_h = 1, .halign = 8, .valign = 4, .samples = 1 };
    round_trip(&s);
    /* 3D, Y-tiled */
    s = rgba8(16, 8, G7SF_TILING_Y, 128);
    s.type = 2, s.depth = 8, s.levels = 4, s.base = 0x600000;
    round_trip(&s);
}

TEST(y_tiling_really_permutes)
{
    g7sf_surface s = { .type = 1, .tiling = G7SF_TILING_Y, .base = 0x8000, .pitch = 128,
                       .width = 64, .height = 32, .depth = 1, .levels = 1, .bpb = 8,
                       .block_w = 1, .block_h = 1, .halign = 4, .valign = 2, .samples = 1 };
    uint8_t img[32][64];
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 64; x++)
            img[y][x] = (uint8_t)(y * 64 + x);
    g7sf_gpu *gpu = g7sf_gpu_create();
    CHECK_EQ(g7sf_surface_write_linear(gpu, &s, 0, 0, img, 64), 0);
    uint8_t b = 0;
    g7sf_mem_read(gpu, 0x8000 + 512, &b, 1);   /* (16,0): OWord column 1 */
    CHECK_EQ(b, img[0][16]);
    g7sf_mem_read(gpu, 0x8000 + 16, &b, 1);    /* (0,1): next row of column 0 */
    CHECK_EQ(b, img[1][0]);
    g7sf_mem_read(gpu, 0x8000 + 15, &b, 1);    /* (15,0): still row 0 */
    CHECK_EQ(b, img[0][15]);
    g7sf_gpu_destroy(gpu);
}

/* The sampler's split of an offset into a row part and a column part
 * (core/tiling.h) adds up to g7sf_tiled_offset for every tiling. */
TEST(tile_offset_is_row_part_plus_column_part)
{
    unsigned bad = 0;
    for (unsigned it = 0; it < 200000; it++) {
        unsigned tiling = it % 4;
        uint32_t pitch = (1 + (uint32_t)(t_rand() % 64)) * 512;
        uint64_t x = t_rand() % (pitch * 2), y = t_rand() % 70000;
        uint64_t want = g7sf_tiled_offset(tiling, pitch, x, y);
        uint64_t got = g7sf_tile_row(tiling, pitch, y) + g7sf_tile_col(tiling, x);
        if (got != want && bad++ < 5)
            CHECKF(0, "tiling %u pitch %u (%llu, %llu): %llu, want %llu", tiling, pitch,
                   (unsigned long long)x, (unsigned long long)y, (unsigned long long)got,
                   (unsigned long long)want);
    }
    CHECK_EQ(bad, 0);
}
