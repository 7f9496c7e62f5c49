/* The sampler's state functions (sampler.h): 3D commands written as a
 * driver writes them (header DWords from the PRM field positions by hand),
 * RENDER_SURFACE_STATE decoded as a texture, SAMPLER_STATE and its border
 * colour read from dynamic state. */
#include <string.h>

#include "gen7sf/sampler.h"
#include "gpu_setup.h"
#include "harness.h"

/* GFXPIPE (3 << 29), 3D (3 << 27), opcode 1 (non-pipelined, << 24). */
#define NONPIPE(subop, len) (0x79000000u | (uint32_t)(subop) << 16 | (uint32_t)(len))
#define DYN_BASE 0x00200000u
#define DYN_BOUND 0x00210000u

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

TEST(op_names)
{
    CHECK_STR(g7sf_sample_op_name(0), "sample");
    CHECK_STR(g7sf_sample_op_name(5), "sample_b_c");
    CHECK_STR(g7sf_sample_op_name(7), "ld");
    CHECK_STR(g7sf_sample_op_name(12), "sample+killpix");
    CHECK_STR(g7sf_sample_op_name(18), "gather4_po_c");
    CHECK_STR(g7sf_sample_op_name(20), "sample_d_c");
    CHECK_STR(g7sf_sample_op_name(31), "ld2dss");
    CHECK(g7sf_sample_op_name(13) == NULL);
    CHECK(g7sf_sample_op_name(22) == NULL);
    CHECK(g7sf_sample_op_name(32) == NULL);
    CHECK(g7sf_sample_op_name(~0u) == NULL);
}

TEST(chroma_key_command)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    /* DWord Length 2: 4 DWords; ChromaKey Table Index in DW1 31:30 */
    uint32_t cmd[4] = { NONPIPE(0x04, 2), 2u << 30, 0x11223344, 0x55667788 };
    CHECK_EQ(g7sf_sampler_command(gpu, cmd, 4), 0);
    const g7sf_sampler_cmd_state *s = g7sf_sampler_cmd_state_get(gpu);
    CHECK_EQ(s->chroma_low[2], 0x11223344);
    CHECK_EQ(s->chroma_high[2], 0x55667788);
    CHECK_EQ(s->chroma_low[0], 0);
    CHECK_EQ(s->chroma_high[3], 0);
    cmd[1] = 3u << 30 | 0x3FFFFFFF;   /* the rest of DW1 is reserved */
    CHECK_EQ(g7sf_sampler_command(gpu, cmd, 4), 0);
    CHECK_EQ(s->chroma_low[3], 0x11223344);
    /* wrong lengths change nothing */
    uint32_t bad[5] = { NONPIPE(0x04, 3), 1u << 30, 1, 2, 3 };
    CHECK_EQ(g7sf_sampler_command(gpu, bad, 5), G7SF_EMLEN);
    CHECK_EQ(g7sf_sampler_command(gpu, cmd, 3), G7SF_EMLEN);
    CHECK_EQ(s->chroma_low[1], 0);
    g7sf_gpu_destroy(gpu);
}

TEST(palette_load_commands)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    const g7sf_sampler_cmd_state *s = g7sf_sampler_cmd_state_get(gpu);
    /* LOAD0 (sub-opcode 2), DWord Length 2: three A8R8G8B8 entries */
    uint32_t l0[4] = { NONPIPE(0x02, 2), 0xFF102030, 0x80405060, 0x00708090 };
    CHECK_EQ(g7sf_sampler_command(gpu, l0, 4), 0);
    CHECK_EQ(s->palettes.entry[0][0], 0xFF102030);
    CHECK_EQ(s->palettes.entry[0][2], 0x00708090);
    CHECK_EQ(s->palettes.entry[0][3], 0);
    CHECK_EQ(s->palettes.entry[1][0], 0);
    /* LOAD1 (sub-opcode 0x0C), all 256 entries */
    static uint32_t l1[257];
    l1[0] = NONPIPE(0x0C, 255);
    for (unsigned i = 0; i < 256; i++)
        l1[1 + i] = 0x01000000u * (i & 0xFF) + i;
    CHECK_EQ(g7sf_sampler_command(gpu, l1, 257), 0);
    CHECK_EQ(s->palettes.entry[1][0], 0);
    CHECK_EQ(s->palettes.entry[1][255], 0xFF0000FF);
    CHECK_EQ(s->palettes.entry[1][17], 0x11000011);
    CHECK_EQ(s->palettes.entry[0][0], 0xFF102030);
    /* a shorter load refills from entry 0 and leaves the rest */
    uint32_t again[2] = { NONPIPE(0x0C, 0), 0xABCDEF01 };
    CHECK_EQ(g7sf_sampler_command(gpu, again, 2), 0);
    CHECK_EQ(s->palettes.entry[1][0], 0xABCDEF01);
    CHECK_EQ(s->palettes.entry[1][1], 0x01000001);
    CHECK_EQ(g7sf_sampler_command(gpu, l1, 256), G7SF_EMLEN);
    CHECK_EQ(s->palettes.entry[1][0], 0xABCDEF01);
    g7sf_gpu_destroy(gpu);
}

TEST(monofilter_size_command_and_bad_headers)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    const g7sf_sampler_cmd_state *s = g7sf_sampler_cmd_state_get(gpu);
    /* sub-opcode 0x11, DWord Length 0; width 5:3, height 2:0 */
    uint32_t m[2] = { NONPIPE(0x11, 0), 5u << 3 | 3 };
    CHECK_EQ(g7sf_sampler_command(gpu, m, 2), 0);
    CHECK_EQ(s->mono_width, 5);
    CHECK_EQ(s->mono_height, 3);
    uint32_t m3[3] = { NONPIPE(0x11, 1), 7, 0 };
    CHECK_EQ(g7sf_sampler_command(gpu, m3, 3), G7SF_EMLEN);
    CHECK_EQ(s->mono_width, 5);
    /* another sub-opcode, a pipelined 3D opcode (0), an MI command */
    uint32_t other[4] = { NONPIPE(0x05, 2), 0, 0, 0 };
    CHECK_EQ(g7sf_sampler_command(gpu, other, 4), G7SF_EOPCODE);
    other[0] = 0x78040002;
    CHECK_EQ(g7sf_sampler_command(gpu, other, 4), G7SF_EOPCODE);
    other[0] = 0x00000000;
    CHECK_EQ(g7sf_sampler_command(gpu, other, 4), G7SF_EOPCODE);
    CHECK_EQ(g7sf_sampler_command(NULL, m, 2), G7SF_EINVAL);
    CHECK_EQ(g7sf_sampler_command(gpu, NULL, 2), G7SF_EINVAL);
    CHECK_EQ(g7sf_sampler_command(gpu, m, 0), G7SF_EINVAL);
    CHECK(g7sf_sampler_cmd_state_get(NULL) == NULL);
    g7sf_gpu_destroy(gpu);
}

/* A 16x8 R8G8B8A8_UNORM (0C7h) linear surface at 0x100000, pitch 64. */
static g7sf_render_surface_state rss_2d(void)
{
    g7sf_render_surface_state ss;
    memset(&ss, 0, sizeof ss);
    ss.surface_type = G7SF_SURFTYPE_2D;
    ss.surface_format = 0x0C7;
    ss.surface_base_address = 0x100000;
    ss.width = 15, ss.height = 7, ss.surface_pitch = 63;
    return ss;
}

TEST(texture_from_state_2d_array_view)
{
    g7sf_render_surface_state ss = rss_2d();
    ss.surface_array = 1;
    ss.depth = 3;                   /* 4 slices in the view */
    ss.minimum_array_element = 2;   /* from slice 2 */
    ss.mip_count_lod = 2, ss.surface_min_lod = 1;
    ss.resource_min_lod = 0x180;
    ss.red_clear_color = 1, ss.alpha_clear_color = 1;
    ss.multisample_position_palette_index = 5;
    g7sf_texture t;
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), 0);
    CHECK_EQ(t.surf.type, G7SF_SURFTYPE_2D);
    CHECK_EQ(t.format, 0x0C7);
    CHECK_EQ(t.surf.width, 16);
    CHECK_EQ(t.surf.height, 8);
    CHECK_EQ(t.surf.levels, 4);      /* 1 + 2 + 1 */
    CHECK_EQ(t.array_len, 4);
    CHECK_EQ(t.min_array_element, 2);
    CHECK_EQ(t.surf.depth, 6);       /* slices 0-5 */
    CHECK_EQ(t.surface_array, 1);
    CHECK_EQ(t.mip_count, 2);
    CHECK_EQ(t.surface_min_lod, 1);
    CHECK_EQ(t.resource_min_lod, 0x180);
    CHECK_EQ(t.clear_color, 0x9);
    CHECK_EQ(t.ms_palette_index, 5);
    CHECK_EQ(g7sf_texture_from_state(NULL, &t), G7SF_EINVAL);
    CHECK_EQ(g7sf_texture_from_state(&ss, NULL), G7SF_EINVAL);
}

TEST(texture_from_state_cube_3d_null_and_bad)
{
    g7sf_render_surface_state ss = rss_2d();
    ss.surface_type = G7SF_SURFTYPE_CUBE;
    ss.height = 15;                 /* square faces */
    ss.depth = 1;                   /* two cubes */
    ss.minimum_array_element = 6;   /* faces */
    ss.cube_face_enable_nx = 1, ss.cube_face_enable_pz = 1;
    g7sf_texture t;
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), 0);
    CHECK_EQ(t.array_len, 12);
    CHECK_EQ(t.min_array_element, 6);
    CHECK_EQ(t.surf.depth, 18);
    CHECK_EQ(t.cube_face_enables, 0x21);
    CHECK_EQ(t.surf.levels, 1);

    ss = rss_2d();
    ss.surface_type = G7SF_SURFTYPE_3D;
    ss.depth = 3;
    ss.minimum_array_element = 5;   /* not an array: no effect */
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), 0);
    CHECK_EQ(t.surf.depth, 4);
    CHECK_EQ(t.array_len, 4);
    CHECK_EQ(t.min_array_element, 0);

    /* NULL surface: whatever the other fields hold */
    ss.surface_type = G7SF_SURFTYPE_NULL;
    ss.surface_format = 0x1F0;      /* no such format */
    ss.width = 0x3FFF, ss.surface_pitch = 0x3FFFF;
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), 0);
    CHECK_EQ(t.surf.type, G7SF_SURFTYPE_NULL);

    ss = rss_2d();
    ss.surface_format = 0x1F0;
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), G7SF_ESTATE);
    ss = rss_2d();
    ss.mip_count_lod = 10, ss.surface_min_lod = 10;   /* 21 levels */
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), G7SF_ESTATE);
    ss = rss_2d();
    ss.depth = 2047, ss.minimum_array_element = 2047; /* past 2048 slices */
    CHECK_EQ(g7sf_texture_from_state(&ss, &t), G7SF_ESTATE);
}

static g7sf_gpu *dyn_gpu(void)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_set_base(gpu, G7SF_BASE_DYNAMIC, DYN_BASE, DYN_BOUND);
    return gpu;
}

TEST(sampler_read_state_border_and_commands)
{
    g7sf_gpu *gpu = dyn_gpu();
    /* SAMPLER_STATE at dynamic offset 0x120: Min/Mag LINEAR (DW0 19:17,
     * 16:14), Border Color Pointer 0x400 (DW2 31:5), ChromaKey Enable
     * (DW3 25) and Index 3 (24:23), TCX CLAMP_BORDER (8:6) */
    uint32_t st[4] = { 1u << 17 | 1u << 14, 0, 0x400, 1u << 25 | 3u << 23 | 4u << 6 };
    g7sf_mem_write(gpu, DYN_BASE + 0x120, st, 16);
    uint32_t border[4] = { fbits(0.25f), fbits(0.5f), fbits(0.75f), fbits(1.0f) };
    g7sf_mem_write(gpu, DYN_BASE + 0x400, border, 16);
    uint32_t key[4] = { NONPIPE(0x04, 2), 3u << 30, 0x00102030, 0x00405060 };
    uint32_t other[4] = { NONPIPE(0x04, 2), 1u << 30, 7, 8 };
    uint32_t mono[2] = { NONPIPE(0x11, 0), 2u << 3 | 6 };
    CHECK_EQ(g7sf_sampler_command(gpu, key, 4), 0);
    CHECK_EQ(g7sf_sampler_command(gpu, other, 4), 0);
    CHECK_EQ(g7sf_sampler_command(gpu, mono, 2), 0);

    g7sf_sampler s;
    CHECK_EQ(g7sf_sampler_read(gpu, 0x120, &s), 0);
    CHECK_EQ(s.state.min_mode_filter, 1);
    CHECK_EQ(s.state.mag_mode_filter, 1);
    CHECK_EQ(s.state.border_color_pointer, 0x400);
    CHECK_EQ(s.state.chromakey_enable, 1);
    CHECK_EQ(s.state.chromakey_index, 3);
    CHECK_EQ(s.state.tcx_address_control_mode, 4);
    CHECK(s.border.border_color_red == 0.25f);
    CHECK(s.border.border_color_green == 0.5f);
    CHECK(s.border.border_color_blue == 0.75f);
    CHECK(s.border.border_color_alpha == 1.0f);
    CHECK_EQ(s.chroma_low, 0x00102030);
    CHECK_EQ(s.chroma_high, 0x00405060);
    CHECK_EQ(s.mono_width, 2);
    CHECK_EQ(s.mono_height, 6);
    CHECK(s.palettes == &g7sf_sampler_cmd_state_get(gpu)->palettes);
    g7sf_gpu_destroy(gpu);
}

TEST(sampler_read_bounds)
{
    g7sf_gpu *gpu = dyn_gpu();
    g7sf_sampler s;
    /* the last 16 bytes below the bound read; 4 bytes further do not */
    CHECK_EQ(g7sf_sampler_read(gpu, 0xFFF0, &s), 0);
    CHECK_EQ(g7sf_sampler_read(gpu, 0xFFF4, &s), G7SF_EFAULT);
    CHECK_EQ(g7sf_sampler_read(gpu, 0xFFFFFFF0u, &s), G7SF_EFAULT);
    /* a border colour pointer at the bound */
    uint32_t st[4] = { 0, 0, 0x10000, 0 };
    g7sf_mem_write(gpu, DYN_BASE + 0x40, st, 16);
    CHECK_EQ(g7sf_sampler_read(gpu, 0x40, &s), G7SF_EFAULT);
    st[2] = 0xFFE0;
    g7sf_mem_write(gpu, DYN_BASE + 0x40, st, 16);
    CHECK_EQ(g7sf_sampler_read(gpu, 0x40, &s), 0);
    CHECK_EQ(g7sf_sampler_read(NULL, 0x40, &s), G7SF_EINVAL);
    CHECK_EQ(g7sf_sampler_read(gpu, 0x40, NULL), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}
