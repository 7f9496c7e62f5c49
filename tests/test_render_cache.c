/* g7sf_render_cache_command: the render cache's pipeline state commands,
 * DWords packed by hand from gen7.xml (type 3 [31:29], subtype 3 [28:27],
 * opcode [26:24], sub-opcode [23:16], DWord Length [7:0]). */
#include <string.h>

#include "gen7sf/render_cache.h"
#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

#define N(a) (sizeof (a) / sizeof (a)[0])

TEST(defaults_at_creation)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_render_cache_state *s = g7sf_render_cache_state_get(gpu);
    CHECK_EQ(s->blend_state_pointer, 0);
    CHECK_EQ(s->sample_mask, 0xFF);
    CHECK_EQ(s->num_samples, 1);
    CHECK_EQ(s->msrast_mode, G7SF_MSRASTMODE_OFF_PIXEL);
    CHECK_EQ(s->dispatch_mode, G7SF_MSDISPMODE_PERPIXEL);
    CHECK(g7sf_render_cache_state_get(NULL) == NULL);
    g7sf_gpu_destroy(gpu);
}

TEST(each_command_loads_its_field)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_render_cache_state *s = g7sf_render_cache_state_get(gpu);
    /* 3DSTATE_BLEND_STATE_POINTERS: opcode 0, sub 0x24, length 0; DW1 [31:6] | MBO */
    const uint32_t bsp[2] = { 0x78240000u, 0x00012340u | 1 };
    CHECK_EQ(g7sf_render_cache_command(gpu, bsp, 2), 0);
    CHECK_EQ(s->blend_state_pointer, 0x12340);
    /* 3DSTATE_SAMPLE_MASK: sub 0x18, DW1 [7:0] */
    const uint32_t sm[2] = { 0x78180000u, 0xFFFFFF5Au };
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 2), 0);
    CHECK_EQ(s->sample_mask, 0x5A);
    /* 3DSTATE_MULTISAMPLE: opcode 1, sub 0x0D, length 2; Number of
     * Multisamples DW1 [3:1]: 2 = 4 samples, 3 = 8 */
    uint32_t ms[4] = { 0x790D0002u, 2u << 1 | 1u << 4, 0x12345678u, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
    CHECK_EQ(s->num_samples, 4);
    ms[1] = 3u << 1;
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
    CHECK_EQ(s->num_samples, 8);
    ms[1] = 0;
    CHECK_EQ(g7sf_render_cache_command(gpu, ms, 4), 0);
    CHECK_EQ(s->num_samples, 1);
    /* 3DSTATE_WM: sub 0x14, length 1; DW1 [1:0] rasterization, DW2 [31] dispatch */
    const uint32_t wm[3] = { 0x78140001u, 0xFFFFFFF2u, 0x7FFFFFFFu };
    CHECK_EQ(g7sf_render_cache_command(gpu, wm, 3), 0);
    CHECK_EQ(s->msrast_mode, G7SF_MSRASTMODE_ON_PIXEL);
    CHECK_EQ(s->dispatch_mode, G7SF_MSDISPMODE_PERSAMPLE);
    g7sf_gpu_destroy(gpu);
}

TEST(errors_change_nothing)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_render_cache_state *s = g7sf_render_cache_state_get(gpu);
    g7sf_render_cache_state before = *s;
    const uint32_t sm[2] = { 0x78180000u, 0x01u };
    CHECK_EQ(g7sf_render_cache_command(NULL, sm, 2), G7SF_EINVAL);
    CHECK_EQ(g7sf_render_cache_command(gpu, NULL, 2), G7SF_EINVAL);
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 0), G7SF_EINVAL);
    CHECK_EQ(g7sf_render_cache_command(gpu, sm, 3), G7SF_EMLEN);
    const uint32_t sm_long[3] = { 0x78180001u, 0x01u, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, sm_long, 3), G7SF_EMLEN);
    /* 3DSTATE_CHROMA_KEY (opcode 1, sub 4) is the sampler's; opcode 0 sub
     * 0x0D is no command here; a media command type */
    const uint32_t ck[4] = { 0x79040002u, 0, 0, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, ck, 4), G7SF_EOPCODE);
    const uint32_t wrong_op[4] = { 0x780D0002u, 4, 0, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, wrong_op, 4), G7SF_EOPCODE);
    const uint32_t media[2] = { 0x70180000u, 1 };
    CHECK_EQ(g7sf_render_cache_command(gpu, media, 2), G7SF_EOPCODE);
    /* Number of Multisamples 1 (2 samples) is reserved on Ivy Bridge */
    const uint32_t ms2[4] = { 0x790D0002u, 1u << 1, 0, 0 };
    CHECK_EQ(g7sf_render_cache_command(gpu, ms2, 4), G7SF_EOPCODE);
    CHECK(memcmp(s, &before, sizeof before) == 0);
    g7sf_gpu_destroy(gpu);
}

static const t_field_pos command_header[] = {
    {"Command Type", 29, 31}, {"Command SubType", 27, 28}, {"3D Command Opcode", 24, 26},
    {"3D Command Sub Opcode", 16, 23}, {"DWord Length", 0, 7} };

TEST(command_layouts_match_mesa_gen7_xml)
{
    static const t_field_pos bsp[] = { {"Blend State Pointer", 38, 63} };
    static const t_field_pos sm[] = { {"Sample Mask", 32, 39} };
    static const t_field_pos ms[] = { {"Number of Multisamples", 33, 35}, {"Pixel Location", 36, 36} };
    static const t_field_pos wm[] = { {"Multisample Rasterization Mode", 32, 33},
                                      {"Multisample Dispatch Mode", 95, 95} };
    const struct { const g7sf_state_desc *d; const t_field_pos *p; unsigned n, dwords; } c[] = {
        { &g7sf_desc_3DSTATE_BLEND_STATE_POINTERS, bsp, N(bsp), 2 },
        { &g7sf_desc_3DSTATE_SAMPLE_MASK, sm, N(sm), 2 },
        { &g7sf_desc_3DSTATE_MULTISAMPLE, ms, N(ms), 4 },
        { &g7sf_desc_3DSTATE_WM, wm, N(wm), 3 } };
    for (unsigned i = 0; i < N(c); i++) {
        t_state_positions(c[i].d, command_header, N(command_header));
        t_state_positions(c[i].d, c[i].p, c[i].n);
        CHECK_EQ(c[i].d->nfields, N(command_header) + c[i].n);
        CHECK_EQ(c[i].d->dwords, c[i].dwords);
        t_state_round_trip(c[i].d, 500);
    }
}
