/* A function-level g7sf_sample() call (what most sampler tests do) turned
 * into the message that runs the same operation through g7sf_send():
 * RENDER_SURFACE_STATE written back from the g7sf_texture, SAMPLER_STATE
 * and its border colour packed from the g7sf_sampler, the chroma key,
 * palettes and mono filter size as commands, the parameters laid out in
 * payload registers.  A texture whose state does not decode back to the
 * same g7sf_texture (tests build some by hand that no state describes) is
 * left out. */
#include <string.h>

#include "../send_input.h"
#include "core/memory.h"
#include "gen7sf/format.h"
#include "gen7sf/state.h"
#include "recorder.h"

#define BT_OFFSET 0x100u     /* binding table, from Surface State Base */
#define SS_OFFSET 0x1000u    /* its entry 0's RENDER_SURFACE_STATE */
#define SMP_OFFSET 0x1000u   /* SAMPLER_STATE, from Dynamic State Base */
#define BORDER_OFFSET 0x2000u/* border colour when the test's pointer is 0 */

/* Parameter order per message type: the PRM's tables (§2.13.1.2), the
 * same the message layer decodes (src/msg/sample_msg.c). */
#define P(x) G7SF_PARAM_##x
#define NONE G7SF_PARAM_COUNT
typedef struct layout { uint8_t n; uint8_t role[11]; } layout;
static const layout simd8_16[32] = {
    [G7SF_OP_SAMPLE]     = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_B]   = { 5, { P(BIAS), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_L]   = { 5, { P(LOD), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_C]   = { 5, { P(REF), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_D]   = { 10, { P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY), P(R),
                                   P(DRDX), P(DRDY), P(AI) } },
    [G7SF_OP_SAMPLE_B_C] = { 6, { P(REF), P(BIAS), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_L_C] = { 6, { P(REF), P(LOD), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_LD]         = { 4, { P(U), P(LOD), P(V), P(R) } },
    [G7SF_OP_GATHER4]    = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_LOD]        = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_RESINFO]    = { 1, { P(LOD) } },
    [G7SF_OP_SAMPLEINFO] = { 1, { NONE } },
    [G7SF_OP_SAMPLE_KILLPIX] = { 3, { P(U), P(V), P(R) } },
    [G7SF_OP_GATHER4_C]  = { 5, { P(REF), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_GATHER4_PO] = { 5, { P(U), P(V), P(OFFU), P(OFFV), P(R) } },
    [G7SF_OP_GATHER4_PO_C] = { 6, { P(REF), P(U), P(V), P(OFFU), P(OFFV), P(R) } },
    [G7SF_OP_SAMPLE_D_C] = { 11, { P(REF), P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY),
                                   P(R), P(DRDX), P(DRDY), P(AI) } },
    [G7SF_OP_LD_MCS]     = { 4, { P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_LD2DMS]     = { 6, { P(SI), P(MCS), P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_LD2DSS]     = { 5, { P(SI), P(U), P(V), P(R), P(LOD) } },
};
static const layout simd4x2[32] = {
    [G7SF_OP_SAMPLE_L]   = { 5, { P(U), P(V), P(R), P(AI), P(LOD) } },
    [G7SF_OP_SAMPLE_D]   = { 10, { P(U), P(V), P(R), P(AI), P(DUDX), P(DUDY), P(DVDX),
                                   P(DVDY), P(DRDX), P(DRDY) } },
    [G7SF_OP_SAMPLE_L_C] = { 6, { P(U), P(V), P(R), P(AI), P(REF), P(LOD) } },
    [G7SF_OP_LD]         = { 4, { P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_GATHER4]    = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_RESINFO]    = { 1, { P(LOD) } },
    [G7SF_OP_SAMPLEINFO] = { 1, { NONE } },
    [G7SF_OP_GATHER4_C]  = { 5, { P(U), P(V), P(R), P(AI), P(REF) } },
    [G7SF_OP_GATHER4_PO] = { 6, { P(U), P(V), P(R), P(AI), P(OFFU), P(OFFV) } },
    [G7SF_OP_GATHER4_PO_C] = { 6, { P(U), P(V), P(R), P(REF), P(OFFU), P(OFFV) } },
    [G7SF_OP_SAMPLE_D_C] = { 11, { P(U), P(V), P(R), P(AI), P(DUDX), P(DUDY), P(DVDX),
                                   P(DVDY), P(DRDX), P(DRDY), P(REF) } },
    [G7SF_OP_LD_MCS]     = { 4, { P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_LD2DMS]     = { 6, { P(U), P(V), P(R), P(LOD), P(SI), P(MCS) } },
};
#undef P

static unsigned samples_field(unsigned n) { return n == 8 ? 3 : n == 4 ? 2 : 0; }

/* RENDER_SURFACE_STATE for t; false when the texture has no such state
 * (W tiling, a sample count or offsets the fields cannot hold). */
static bool texture_state(const g7sf_texture *t, uint32_t dw[8])
{
    const g7sf_surface *s = &t->surf;
    g7sf_render_surface_state ss = { 0 };
    ss.surface_type = s->type;
    ss.surface_format = t->format;
    if (s->type != G7SF_SURFTYPE_NULL) {
        bool cube = s->type == G7SF_SURFTYPE_CUBE;
        uint32_t slices = s->type == G7SF_SURFTYPE_3D ? s->depth : s->depth - t->min_array_element;
        if (s->tiling == G7SF_TILING_W || !s->width || !s->height || !slices ||
            (cube && slices % 6) || s->x_offset % 4 || s->y_offset % 2 || s->mcs_pitch % 128)
            return false;
        ss.surface_array = t->surface_array;
        ss.surface_vertical_alignment = s->valign == 4;
        ss.surface_horizontal_alignment = s->halign == 8;
        ss.tiled_surface = s->tiling != G7SF_TILING_LINEAR;
        ss.tile_walk = s->tiling == G7SF_TILING_Y;
        ss.surface_array_spacing = s->array_spacing;
        ss.cube_face_enable_nx = t->cube_face_enables >> 5 & 1;
        ss.cube_face_enable_px = t->cube_face_enables >> 4 & 1;
        ss.cube_face_enable_ny = t->cube_face_enables >> 3 & 1;
        ss.cube_face_enable_py = t->cube_face_enables >> 2 & 1;
        ss.cube_face_enable_nz = t->cube_face_enables >> 1 & 1;
        ss.cube_face_enable_pz = t->cube_face_enables & 1;
        ss.surface_base_address = s->base;
        ss.width = s->width - 1;
        ss.height = s->height - 1;
        ss.depth = slices / (cube ? 6 : 1) - 1;
        ss.surface_pitch = s->pitch - 1;
        ss.minimum_array_element = t->min_array_element;
        ss.multisampled_surface_storage_format = s->msfmt;
        ss.number_of_multisamples = samples_field(s->samples);
        ss.multisample_position_palette_index = t->ms_palette_index;
        ss.x_offset = s->x_offset / 4;
        ss.y_offset = s->y_offset / 2;
        ss.surface_min_lod = t->surface_min_lod;
        ss.mip_count_lod = t->mip_count;
        if (s->planar) {
            ss.x_offset_for_uv_plane = s->uv_x_offset;
            ss.y_offset_for_uv_plane = s->uv_y_offset;
        } else if (s->mcs_enable) {
            ss.mcs_enable = 1;
            ss.mcs_base_address = s->mcs_base;
            ss.mcs_surface_pitch = s->mcs_pitch / 128 - 1;
        }
        ss.red_clear_color = t->clear_color >> 3 & 1;
        ss.green_clear_color = t->clear_color >> 2 & 1;
        ss.blue_clear_color = t->clear_color >> 1 & 1;
        ss.alpha_clear_color = t->clear_color & 1;
        ss.resource_min_lod = t->resource_min_lod;
    }
    if (g7sf_state_pack(&g7sf_desc_RENDER_SURFACE_STATE, &ss, dw))
        return false;
    /* the state must mean the same texture (a 3D texture's array length
     * is its depth once decoded; hand-built ones often say 1) */
    g7sf_render_surface_state back;
    g7sf_texture t2;
    g7sf_state_unpack(&g7sf_desc_RENDER_SURFACE_STATE, dw, &back);
    if (g7sf_texture_from_state(&back, &t2))
        return false;
    if (s->type == G7SF_SURFTYPE_3D)
        t2.array_len = t->array_len;
    if (s->type == G7SF_SURFTYPE_NULL)
        return t->surf.type == t2.surf.type;
    return !memcmp(&t2, t, sizeof t2);
}

static void write_dwords(seed_buf *b, uint32_t addr, const uint32_t *dw, unsigned n)
{
    seed_u8(b, SEND_REC_ABS_WRITE);
    seed_u32(b, addr);
    seed_u16(b, 4 * n);
    for (unsigned i = 0; i < n; i++)
        seed_u32(b, dw[i]);
}

/* The sampler's commands as 3DSTATE_* packets (state_3d.h headers). */
static uint32_t header(unsigned subop, unsigned len)
{
    return (uint32_t)G7SF_COMMAND_TYPE_GFXPIPE << 29 | G7SF_COMMAND_SUBTYPE_GFXPIPE_3D << 27 |
           G7SF_3D_OPCODE_3DSTATE_NONPIPELINED << 24 | subop << 16 | len;
}

static void sampler_commands(seed_buf *b, const g7sf_texture *t, const g7sf_sampler *smp)
{
    uint32_t key[4] = { header(G7SF_SUBOP_3DSTATE_CHROMA_KEY, G7SF_LENGTH_3DSTATE_CHROMA_KEY),
                        smp->state.chromakey_index << 30, smp->chroma_low, smp->chroma_high };
    if (smp->chroma_low || smp->chroma_high)
        seed_send_command(b, 0, key, 4);
    uint32_t mono[2] = { header(G7SF_SUBOP_3DSTATE_MONOFILTER_SIZE,
                                G7SF_LENGTH_3DSTATE_MONOFILTER_SIZE),
                         smp->mono_width << 3 | smp->mono_height };
    if (smp->mono_width || smp->mono_height)
        seed_send_command(b, 0, mono, 2);
    const struct g7sf_format_info *f = g7sf_format_info(t->format);
    if (!smp->palettes || !f || f->layout != G7SF_LAYOUT_PALETTE)
        return;
    uint32_t load[257];
    load[0] = header(f->palette ? G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD1
                                : G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD0, 255);
    memcpy(load + 1, smp->palettes->entry[f->palette], 256 * sizeof *load);
    seed_send_command(b, 0, load, 257);
}

/* Two bases away from the texture's memory. */
static void pick_bases(const g7sf_gpu *gpu, uint32_t *surface, uint32_t *dynamic)
{
    *surface = SEND_DEFAULT_SURFACE, *dynamic = SEND_DEFAULT_DYNAMIC;
    for (uint32_t a = 0; a < 2 * SEND_WIN_SIZE; a += G7SF_PAGE_SIZE)
        if (g7sf_mem_page(gpu, SEND_DEFAULT_SURFACE + a) ||
            g7sf_mem_page(gpu, SEND_DEFAULT_DYNAMIC + a)) {
            *surface = 0xF0000000u, *dynamic = 0xF0100000u;
            return;
        }
}

void recorder_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                     const g7sf_sample_args *a)
{
    unsigned simd = a->simd4x2 ? 0 : a->n <= 8 ? 1 : 2;
    const layout *l = simd ? &simd8_16[a->op & 31] : &simd4x2[a->op & 31];
    uint32_t rss[8], smp_dw[4] = { 0 }, border[4] = { 0 };
    if (a->op > 31 || !l->n || (simd == 2 && (a->op == G7SF_OP_SAMPLE_D ||
                                              a->op == G7SF_OP_SAMPLE_D_C ||
                                              a->op == G7SF_OP_SAMPLE_KILLPIX)) ||
        !texture_state(tex, rss))
        return;
    g7sf_sampler_state st;
    if (smp) {
        st = smp->state;
        if (!st.border_color_pointer)
            st.border_color_pointer = BORDER_OFFSET;
        if (g7sf_state_pack(&g7sf_desc_SAMPLER_STATE, &st, smp_dw) ||
            g7sf_state_pack(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, &smp->border, border))
            return;
    }
    struct { uint32_t op, simd, format, type, tiling, levels, smp[4]; } key = {
        a->op, simd, tex->format, tex->surf.type, tex->surf.tiling, tex->surf.levels,
        { smp_dw[0], smp_dw[1], smp_dw[3], smp ? smp->state.maximum_anisotropy : 0 } };
    if (seed_count("send_sampler") >= seed_max() || !seed_new_key("send_sampler", &key, sizeof key))
        return;

    bool header_reg = a->offset[0] || a->offset[1] || a->offset[2] || a->gather_channel;
    unsigned per_reg = simd ? 1 : 4, regs = simd == 2 ? 2 : 1;
    unsigned mlen = header_reg + (l->n + per_reg - 1) / per_reg * regs;
    unsigned rlen = simd == 0 ? 1 : simd == 2 ? 8 : a->op == G7SF_OP_SAMPLE_KILLPIX ? 5 : 4;
    if (mlen > 11)
        return;
    uint16_t emask = simd ? a->mask : (uint16_t)((a->mask & 1 ? 0x0F : 0) | (a->mask & 2 ? 0xF0 : 0));
    uint32_t desc = mlen << 25 | rlen << 20 | (uint32_t)header_reg << 19 | simd << 17 |
                    (uint32_t)a->op << 12;
    uint32_t surface, dynamic;
    pick_bases(gpu, &surface, &dynamic);

    seed_buf b = { 0 };
    seed_send_prefix(&b, g7sf_gpu_platform(gpu) == G7SF_HSW ? SEND_F_HSW : 0, G7SF_SFID_SAMPLER,
                     emask, desc, BT_OFFSET, SMP_OFFSET);
    seed_send_base(&b, G7SF_BASE_SURFACE, surface, 0);
    seed_send_base(&b, G7SF_BASE_DYNAMIC, dynamic, 0);
    seed_send_base(&b, G7SF_BASE_GENERAL, 0, 0);
    uint32_t entry = SS_OFFSET;
    write_dwords(&b, surface + BT_OFFSET, &entry, 1);
    write_dwords(&b, surface + SS_OFFSET, rss, 8);
    if (smp) {
        write_dwords(&b, dynamic + SMP_OFFSET, smp_dw, 4);
        write_dwords(&b, dynamic + st.border_color_pointer, border, 4);
        sampler_commands(&b, tex, smp);
    }
    g7sf_reg payload[11] = { 0 };
    if (header_reg) {
        payload[0].ud[2] = a->gather_channel << 16 | (unsigned)(a->offset[0] & 15) << 8 |
                           (unsigned)(a->offset[1] & 15) << 4 | (unsigned)(a->offset[2] & 15);
        payload[0].ud[3] = SMP_OFFSET;
    }
    for (unsigned j = 0; j < l->n; j++) {
        unsigned role = l->role[j];
        if (role == NONE)
            continue;
        if (!simd) {
            g7sf_reg *r = &payload[header_reg + j / 4];
            r->ud[j % 4] = a->p[role][0].u;
            r->ud[4 + j % 4] = a->p[role][1].u;
        } else {
            for (unsigned i = 0; i < a->n && i < 16; i++)
                payload[header_reg + j * regs + i / 8].ud[i % 8] = a->p[role][i].u;
        }
    }
    for (unsigned i = 0; i < mlen; i++)
        seed_send_payload(&b, i, &payload[i]);
    size_t budget = RECORDER_MEMORY_BUDGET;
    seed_send_gpu_memory(&b, gpu, &budget);
    seed_save("send_sampler", &b);
    seed_free(&b);
}
