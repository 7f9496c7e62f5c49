/* The sampler's state as the sampling engine reads it: RENDER_SURFACE_STATE
 * as a texture, SAMPLER_STATE with its border colour and the non-pipelined
 * 3D commands (chroma key, palettes, mono filter size).  Decisions:
 * docs/spec-notes.md, "Sampler messages". */
#include <string.h>

#include "core/gpu.h"
#include "gen7sf/sampler.h"
#include "gen7sf/state.h"

/* The sampler's per-gpu context: what the non-pipelined commands loaded,
 * and the lengths of SAMPLER_STATE and SAMPLER_BORDER_COLOR_STATE on the
 * gpu's platform (found once). */
typedef struct smp_gpu {
    g7sf_sampler_cmd_state cmd;
    unsigned sampler_dwords, border_dwords;
} smp_gpu;

static const g7sf_unit_class smp_gpu_class = { sizeof(smp_gpu), NULL, NULL };

/* The DWords a structure was last decoded from on this host thread, and
 * on which gpu: threads keep their own (no lock, no shared line written
 * per message), and messages mostly read the state the one before read. */
enum { READ_DWORDS = 20 };   /* Haswell's SAMPLER_BORDER_COLOR_STATE */
_Static_assert(G7SF_SAMPLER_STATE_DWORDS <= READ_DWORDS, "read_dynamic's buffer");
typedef struct state_memo {
    bool valid;
    uint64_t gpu;
    unsigned n;
    uint32_t dw[READ_DWORDS];
} state_memo;
static _Thread_local struct { state_memo k; g7sf_sampler_state v; } sampler_memo;
static _Thread_local struct { state_memo k; g7sf_sampler_border_color_state v; } border_memo;

int g7sf_texture_from_state(const g7sf_render_surface_state *ss, g7sf_texture *t)
{
    if (!ss || !t)
        return G7SF_EINVAL;
    memset(t, 0, sizeof *t);
    t->format = ss->surface_format;
    if (ss->surface_type == G7SF_SURFTYPE_NULL) {
        /* every other field is ignored: the surface samples as zeros */
        t->surf.type = G7SF_SURFTYPE_NULL;
        return 0;
    }
    int r = g7sf_surface_from_state(ss, &t->surf);
    if (r)
        return r;
    bool arrayed = ss->surface_type == G7SF_SURFTYPE_1D || ss->surface_type == G7SF_SURFTYPE_2D ||
                   ss->surface_type == G7SF_SURFTYPE_CUBE;
    t->surface_array = ss->surface_array;
    t->cube_face_enables = ss->cube_face_enable_nx << 5 | ss->cube_face_enable_px << 4 |
                           ss->cube_face_enable_ny << 3 | ss->cube_face_enable_py << 2 |
                           ss->cube_face_enable_nz << 1 | ss->cube_face_enable_pz;
    /* Depth counts the slices the view reaches from Minimum Array Element
     * (L2252-2254); 3D and buffers have no array to start into */
    t->array_len = t->surf.depth;
    t->min_array_element = arrayed ? ss->minimum_array_element : 0;
    t->surf.depth += t->min_array_element;
    t->mip_count = ss->mip_count_lod;
    t->surface_min_lod = ss->surface_min_lod;
    t->resource_min_lod = ss->resource_min_lod;
    t->surf.levels = ss->surface_min_lod + ss->mip_count_lod + 1;
    t->clear_color = ss->red_clear_color << 3 | ss->green_clear_color << 2 |
                     ss->blue_clear_color << 1 | ss->alpha_clear_color;
    t->ms_palette_index = ss->multisample_position_palette_index;
    const unsigned scs[4] = { ss->shader_channel_select_red, ss->shader_channel_select_green,
                              ss->shader_channel_select_blue, ss->shader_channel_select_alpha };
    memcpy(t->channel_select, scs, sizeof scs);
    t->integer_surface_format = ss->integer_surface_format;
    return g7sf_surface_validate(&t->surf) ? G7SF_ESTATE : 0;
}

/* ---- the non-pipelined commands ---- */

/* A 3DSTATE_NONPIPELINED command's sub-opcode, or -1 for another header. */
static int nonpipelined_subop(uint32_t dw0)
{
    if (dw0 >> 29 != G7SF_COMMAND_TYPE_GFXPIPE || (dw0 >> 27 & 3) != G7SF_COMMAND_SUBTYPE_GFXPIPE_3D ||
        (dw0 >> 24 & 7) != G7SF_3D_OPCODE_3DSTATE_NONPIPELINED)
        return -1;
    return (int)(dw0 >> 16 & 0xFF);
}

int g7sf_sampler_command(g7sf_gpu *gpu, const uint32_t *dw, size_t ndw)
{
    if (!gpu || !dw || !ndw)
        return G7SF_EINVAL;
    smp_gpu *g = g7sf_unit_ctx(gpu, G7SF_UNIT_SAMPLER, &smp_gpu_class);
    if (!g)
        return G7SF_ENOMEM;
    g7sf_sampler_cmd_state *s = &g->cmd;
    size_t len = (dw[0] & 0xFF) + 2;   /* DWord Length + 2 */
    int subop = nonpipelined_subop(dw[0]);
    switch (subop) {
    case G7SF_SUBOP_3DSTATE_CHROMA_KEY:
    case G7SF_SUBOP_3DSTATE_MONOFILTER_SIZE: {
        bool key = subop == G7SF_SUBOP_3DSTATE_CHROMA_KEY;
        size_t want = key ? G7SF_3DSTATE_CHROMA_KEY_DWORDS : G7SF_3DSTATE_MONOFILTER_SIZE_DWORDS;
        if (ndw != len || len != want)
            return G7SF_EMLEN;
        if (key) {
            g7sf_3dstate_chroma_key k;
            g7sf_state_unpack(&g7sf_desc_3DSTATE_CHROMA_KEY, dw, &k);
            s->chroma_low[k.chromakey_table_index] = k.chromakey_low_value;
            s->chroma_high[k.chromakey_table_index] = k.chromakey_high_value;
        } else {
            g7sf_3dstate_monofilter_size m;
            g7sf_state_unpack(&g7sf_desc_3DSTATE_MONOFILTER_SIZE, dw, &m);
            s->mono_width = m.monochrome_filter_width;
            s->mono_height = m.monochrome_filter_height;
        }
        return 0;
    }
    case G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD0:
    case G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD1:
        /* DWord Length + 1 A8R8G8B8 entries, filled from entry 0; the 8-bit
         * DWord Length cannot ask for more than 256 */
        if (ndw != len)
            return G7SF_EMLEN;
        memcpy(s->palettes.entry[subop == G7SF_SUBOP_3DSTATE_SAMPLER_PALETTE_LOAD1],
               dw + 1, (len - 1) * sizeof *dw);
        return 0;
    default:
        return G7SF_EOPCODE;
    }
}

const g7sf_sampler_cmd_state *g7sf_sampler_cmd_state_get(const g7sf_gpu *gpu)
{
    static const g7sf_sampler_cmd_state none;   /* no host memory for the context */
    if (!gpu)
        return NULL;
    /* created here if need be (invisible to the caller), so that the
     * pointer shows what later commands load */
    const smp_gpu *g = g7sf_unit_ctx((g7sf_gpu *)gpu, G7SF_UNIT_SAMPLER, &smp_gpu_class);
    return g ? &g->cmd : &none;
}

/* Reads structure d (its length on the gpu's platform, at most
 * READ_DWORDS) at `offset` from Dynamic State Base Address and unpacks it
 * into out (`size` bytes), or copies memo k's value (at `value`) when the
 * DWords read are those it was decoded from on the same gpu; no host
 * allocation, as this runs once per message. */
static int read_dynamic(g7sf_gpu *gpu, const g7sf_state_desc *d, uint32_t offset, state_memo *k,
                        unsigned *dwords, void *value, void *out, size_t size)
{
    enum g7sf_platform p = g7sf_gpu_platform(gpu);
    /* the length on the gpu's platform, found once (threads may each
     * find it: the same value) */
    unsigned n = __atomic_load_n(dwords, __ATOMIC_RELAXED);
    if (!n) {
        n = g7sf_state_dwords(d, p);
        __atomic_store_n(dwords, n, __ATOMIC_RELAXED);
    }
    uint32_t addr, dw[READ_DWORDS];
    if (n > READ_DWORDS)
        return G7SF_EINVAL;
    int r = g7sf_base_resolve(gpu, G7SF_BASE_DYNAMIC, offset, n * 4u, &addr);
    if (r || (r = g7sf_mem_read(gpu, addr, dw, n * 4u)))
        return r;
    if (k->valid && k->gpu == gpu->id && k->n == n && !memcmp(k->dw, dw, n * 4u)) {
        memcpy(out, value, size);
        return 0;
    }
    g7sf_state_unpack_on(d, p, dw, out);
    memcpy(value, out, size);
    *k = (state_memo){ .valid = true, .gpu = gpu->id, .n = n };
    memcpy(k->dw, dw, n * 4u);
    return 0;
}

int g7sf_sampler_read(g7sf_gpu *gpu, uint32_t offset, g7sf_sampler *out)
{
    if (!gpu || !out)
        return G7SF_EINVAL;
    memset(out, 0, sizeof *out);
    smp_gpu *g = g7sf_unit_ctx(gpu, G7SF_UNIT_SAMPLER, &smp_gpu_class);
    if (!g)
        return G7SF_ENOMEM;
    int r = read_dynamic(gpu, &g7sf_desc_SAMPLER_STATE, offset, &sampler_memo.k,
                         &g->sampler_dwords, &sampler_memo.v, &out->state, sizeof out->state);
    if (!r)
        r = read_dynamic(gpu, &g7sf_desc_SAMPLER_BORDER_COLOR_STATE,
                         out->state.border_color_pointer, &border_memo.k, &g->border_dwords,
                         &border_memo.v, &out->border, sizeof out->border);
    if (r)
        return r;
    const g7sf_sampler_cmd_state *s = &g->cmd;
    out->chroma_low = s->chroma_low[out->state.chromakey_index];
    out->chroma_high = s->chroma_high[out->state.chromakey_index];
    out->mono_width = s->mono_width;
    out->mono_height = s->mono_height;
    out->palettes = &s->palettes;
    return 0;
}
