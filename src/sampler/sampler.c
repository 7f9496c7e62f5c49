/* g7sf_sample(): the checks every operation shares, the per-message
 * context (format, address modes, border colour) and the dispatch to the
 * operations. */
#include <string.h>

#include "smp.h"

bool g7sf_sample_op_reads_sampler(unsigned op)
{
    return !(op == G7SF_OP_LD || op == G7SF_OP_RESINFO || op == G7SF_OP_SAMPLEINFO ||
             op >= G7SF_OP_LD_MCS);
}

bool g7sf_sample_op_is_gather(unsigned op)
{
    return op == G7SF_OP_GATHER4 || op == G7SF_OP_GATHER4_C || op == G7SF_OP_GATHER4_PO ||
           op == G7SF_OP_GATHER4_PO_C;
}

static bool op_compares(unsigned op)
{
    return op == G7SF_OP_SAMPLE_C || op == G7SF_OP_SAMPLE_B_C || op == G7SF_OP_SAMPLE_L_C ||
           op == G7SF_OP_SAMPLE_D_C || op == G7SF_OP_GATHER4_C || op == G7SF_OP_GATHER4_PO_C;
}

/* Operations that need derivatives between a subspan's pixels. */
static bool op_needs_subspans(unsigned op)
{
    return op == G7SF_OP_SAMPLE || op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_C ||
           op == G7SF_OP_SAMPLE_B_C || op == G7SF_OP_LOD || op == G7SF_OP_SAMPLE_KILLPIX;
}

static bool filter_valid(unsigned f)
{
    return f == G7SF_MAPFILTER_NEAREST || f == G7SF_MAPFILTER_LINEAR ||
           f == G7SF_MAPFILTER_ANISOTROPIC || f == G7SF_MAPFILTER_MONO;
}


/* Haswell's border colour of an integer surface (Integer Surface Format
 * set): SAMPLER_BORDER_COLOR_STATE DW16-19 read at the width of the
 * format's channels (8; 16, which 10-bit channels use too; 32), narrow
 * fields sign-extended for SINT; a two-channel 32-bit format takes green
 * from the 32-bit blue field (gen75.xml field layout; Mesa's Haswell
 * driver programs it so).  Channels the format lacks read 0, alpha 1, as
 * for texels (L4207).  docs/spec-notes.md, "Haswell". */
static void border_integer(smp_ctx *c)
{
    const g7sf_sampler_border_color_state *b = &c->smp->border;
    const struct g7sf_format_info *f = c->fmt;
    unsigned bits = f->ch[0].bits, width = bits <= 8 ? 8 : bits <= 16 ? 16 : 32;
    uint32_t v[4];
    if (width == 8) {
        const uint32_t x[4] = { b->border_color_8bit_red, b->border_color_8bit_green,
                                b->border_color_8bit_blue, b->border_color_8bit_alpha };
        memcpy(v, x, sizeof v);
    } else if (width == 16) {
        const uint32_t x[4] = { b->border_color_16bit_red, b->border_color_16bit_green,
                                b->border_color_16bit_blue, b->border_color_16bit_alpha };
        memcpy(v, x, sizeof v);
    } else {
        const uint32_t x[4] = { b->border_color_32bit_red,
                                f->nchannels == 2 ? b->border_color_32bit_blue
                                                  : b->border_color_32bit_green,
                                b->border_color_32bit_blue, b->border_color_32bit_alpha };
        memcpy(v, x, sizeof v);
    }
    const uint32_t defaults[4] = { 0, 0, 0, 1 };
    memcpy(c->border.u, defaults, sizeof defaults);
    for (unsigned k = 0; k < f->nchannels && k < 4; k++) {
        unsigned ch = f->ch[k].name;
        if (ch > G7SF_CH_A)
            continue;
        uint32_t x = v[ch];
        if (c->cls == G7SF_TEXEL_SINT && width < 32 && (x >> (width - 1) & 1))
            x |= ~0u << width;
        c->border.u[ch] = x;
    }
}

/* Whether the border colour comes from Haswell's integer fields. */
static bool integer_border(const smp_ctx *c)
{
    return c->cls != G7SF_TEXEL_FLOAT && c->tex->integer_surface_format &&
           c->platform == G7SF_HSW;
}

/* The border colour (§2.12.5) in the format's class: DX10/OGL mode reads
 * four floats, DX9 mode one UNORM8 RGBA dword; integer surfaces on Haswell
 * their integer fields (border_integer), in either mode. */
static void border_colour(smp_ctx *c)
{
    const g7sf_sampler_border_color_state *b = &c->smp->border;
    if (integer_border(c)) {
        border_integer(c);
        return;
    }
    if (c->smp->state.texture_border_color_mode == G7SF_BORDER_COLOR_DX9) {
        const uint32_t v[4] = { b->border_color_unorm_red, b->border_color_unorm_green,
                                b->border_color_unorm_blue, b->border_color_unorm_alpha };
        for (unsigned i = 0; i < 4; i++)
            c->border.f[i] = (float)v[i] / 255.0f;
        return;
    }
    const float f[4] = { b->border_color_red, b->border_color_green, b->border_color_blue,
                         b->border_color_alpha };
    memcpy(c->border.f, f, sizeof f);
}

/* SAMPLER_STATE combinations the PRM forbids for the operations that read
 * it (§2.2.2, §2.2.3, SAMPLER_STATE programming notes). */
static int check_sampler(const smp_ctx *c)
{
    const g7sf_sampler_state *ss = &c->smp->state;
    unsigned type = c->tex->surf.type;
    if (!filter_valid(ss->min_mode_filter) || !filter_valid(ss->mag_mode_filter) ||
        ss->mip_mode_filter == 2)   /* between MIPFILTER_NEAREST and _LINEAR: reserved */
        return G7SF_ESTATE;
    bool mono = ss->min_mode_filter == G7SF_MAPFILTER_MONO ||
                ss->mag_mode_filter == G7SF_MAPFILTER_MONO;
    if (mono && (c->fmt->layout != G7SF_LAYOUT_MONO || type != G7SF_SURFTYPE_2D))
        return G7SF_ESTATE;
    bool aniso = ss->min_mode_filter == G7SF_MAPFILTER_ANISOTROPIC ||
                 ss->mag_mode_filter == G7SF_MAPFILTER_ANISOTROPIC;
    bool filtered = aniso || ss->min_mode_filter == G7SF_MAPFILTER_LINEAR ||
                    ss->mag_mode_filter == G7SF_MAPFILTER_LINEAR;
    if ((type == G7SF_SURFTYPE_BUFFER && filtered) || (type == G7SF_SURFTYPE_3D && aniso))
        return G7SF_ESTATE;
    for (unsigned k = 0; k < 3; k++) {
        unsigned m = c->mode[k];
        if (m > G7SF_TEXCOORDMODE_HALF_BORDER)
            return G7SF_ESTATE;
        /* integer surfaces: no border modes (programming notes, L4646),
         * but on Haswell with Integer Surface Format set */
        if (c->cls != G7SF_TEXEL_FLOAT && smp_border_mode(m) && !integer_border(c))
            return G7SF_ESTATE;
        /* cube maps: CLAMP or CUBE, the same on every axis */
        if (c->cube && ((m != G7SF_TEXCOORDMODE_CLAMP && m != G7SF_TEXCOORDMODE_CUBE) ||
                        m != c->mode[0]))
            return G7SF_ESTATE;
    }
    return 0;
}

/* The operations min/max reduction changes: the sample* family (sample_c's
 * too: the compare results, 0.0 or 1.0 per texel, are what is reduced). */
static bool op_reduces(unsigned op)
{
    return op == G7SF_OP_SAMPLE || op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_L ||
           op == G7SF_OP_SAMPLE_C || op == G7SF_OP_SAMPLE_D || op == G7SF_OP_SAMPLE_B_C ||
           op == G7SF_OP_SAMPLE_L_C || op == G7SF_OP_SAMPLE_D_C || op == G7SF_OP_SAMPLE_KILLPIX;
}

/* SAMPLER_STATE's min/max reduction, the extension of patent US 9355490
 * (shared spec 003; docs/spec-notes.md, "Patent 003"), in bits the PRM
 * reserves: read only on a gpu created with G7SF_EXT_MINMAX_FILTER, where
 * Reduction Type Enable selects Reduction Type.  Elsewhere the bits are
 * ignored, as hardware ignores reserved bits.  STD_FILTER is the weighted
 * average (no change); COMPARISON is reserved in this model; MINIMUM and
 * MAXIMUM reduce the texels of non-zero weight of the footprint the
 * filters choose (GL ARB_texture_filter_minmax, Vulkan
 * VK_SAMPLER_REDUCTION_MODE_MIN/MAX), or with Reduction Region Footprint
 * the patent's separable footprint in its 8x8 region (L56-L66).  Illegal
 * states are refused for every operation that reads SAMPLER_STATE; legal
 * ones change the sample* family on float formats only (integer texels
 * are not filtered on Gen7; gather4, LOD and ld return what they did). */
static int reduction_init(smp_ctx *c)
{
    const g7sf_sampler_state *ss = &c->smp->state;
    if (!(g7sf_gpu_extensions(c->gpu) & G7SF_EXT_MINMAX_FILTER) || !ss->reduction_type_enable ||
        ss->reduction_type == G7SF_REDUCTION_STD_FILTER)
        return 0;
    if (ss->reduction_type == G7SF_REDUCTION_COMPARISON)
        return G7SF_ESTATE;
    /* MAPFILTER_MONO's footprint is no texel set (a 1-bit box sum) */
    if (ss->min_mode_filter == G7SF_MAPFILTER_MONO || ss->mag_mode_filter == G7SF_MAPFILTER_MONO)
        return G7SF_ESTATE;
    /* the patent's region is a 2D one (L56) */
    if (ss->reduction_region_enable && c->tex->surf.type != G7SF_SURFTYPE_2D)
        return G7SF_ESTATE;
    if (!op_reduces(c->op) || c->cls != G7SF_TEXEL_FLOAT)
        return 0;
    c->reduce = ss->reduction_type == G7SF_REDUCTION_MINIMUM ? SMP_REDUCE_MIN : SMP_REDUCE_MAX;
    c->reduce_region = ss->reduction_region_enable;
    c->region_w = (int)ss->reduction_region_width + 1;
    c->region_h = (int)ss->reduction_region_height + 1;
    return 0;
}

/* The thread's surface memo made s's: messages mostly read the texture
 * the one before read, and what the memo holds (g7sf_surface_validate's
 * answer, image origins) depends on the surface's fields alone (equal
 * bytes, equal fields; unequal padding only costs a new memo). */
static smp_surface_memo *surface_memo(const g7sf_surface *s)
{
    static _Thread_local smp_surface_memo memo;
    if (!memo.known || memcmp(&memo.surf, s, sizeof *s)) {
        memo.valid = g7sf_surface_validate(s);
        memcpy(&memo.surf, s, sizeof *s);
        for (unsigned i = 0; i < SMP_MEMO_IMAGES; i++)
            memo.image[i].valid = false;
        memo.known = true;
    }
    return &memo;
}

int smp_ctx_init(smp_ctx *c, g7sf_gpu *gpu, const g7sf_texture *tex,
                 const g7sf_sampler *smp, unsigned op)
{
    c->gpu = gpu, c->tex = tex, c->smp = smp, c->op = op;
    c->platform = g7sf_gpu_platform(gpu);
    c->fmt = g7sf_format_info(tex->format);
    c->err = 0;
    c->chroma = c->chroma_matched = false;
    c->compare = c->quad = c->scs = c->fast2d = false;
    c->reduce = SMP_REDUCE_NONE;
    c->reduce_region = false;
    c->ref = 0.0f;
    memset(&c->border, 0, sizeof c->border);
    if (tex->surf.type == G7SF_SURFTYPE_NULL)
        return 0;
    /* a layout the surface code accepts (callers may build tex by hand) */
    if (!c->fmt || c->fmt->texel == G7SF_TEXEL_NONE || c->fmt->unit_bytes > SMP_UNIT_BYTES_MAX ||
        (c->memo = surface_memo(&tex->surf))->valid)
        return G7SF_ESTATE;
    c->cls = c->fmt->texel;
    if (smp_channel_select_init(c))
        return G7SF_ESTATE;
    smp_fetch_init(c);
    unsigned type = tex->surf.type;
    c->dims = type == G7SF_SURFTYPE_3D ? 3 : type == G7SF_SURFTYPE_2D || type == G7SF_SURFTYPE_CUBE ? 2 : 1;
    c->cube = type == G7SF_SURFTYPE_CUBE;
    g7sf_surface_level_size(&tex->surf, tex->surface_min_lod, &c->base[0], &c->base[1], &c->base[2]);
    c->mode[0] = c->mode[1] = c->mode[2] = G7SF_TEXCOORDMODE_CLAMP;
    c->round[0] = c->round[1] = c->round[2] = true;
    if (!g7sf_sample_op_reads_sampler(op))
        return 0;
    const g7sf_sampler_state *ss = &smp->state;
    c->mode[0] = ss->tcx_address_control_mode;
    c->mode[1] = ss->tcy_address_control_mode;
    c->mode[2] = ss->tcz_address_control_mode;
    c->compare = op_compares(op);
    c->chroma = ss->chromakey_enable && (c->fmt->caps[c->platform] & G7SF_CAP_CHROMA_KEY);
    border_colour(c);
    c->quad = type == G7SF_SURFTYPE_2D && tex->surf.samples == 1 &&
              c->fmt->layout != G7SF_LAYOUT_PLANAR && !smp_border_mode(c->mode[0]) &&
              !smp_border_mode(c->mode[1]);
    int err = check_sampler(c);
    return err ? err : reduction_init(c);
}

/* Operations whose result is texels, which Shader Channel Select routes
 * (gather4* routes its channel choice itself; LOD, resinfo, sampleinfo
 * and ld_mcs return no texel). */
static bool texel_result(unsigned op)
{
    return !(op == G7SF_OP_LOD || op == G7SF_OP_RESINFO || op == G7SF_OP_SAMPLEINFO ||
             op == G7SF_OP_LD_MCS || g7sf_sample_op_is_gather(op));
}

const char *g7sf_sample_op_name(unsigned op)
{
    static const char *const names[32] = {
        [G7SF_OP_SAMPLE] = "sample", [G7SF_OP_SAMPLE_B] = "sample_b",
        [G7SF_OP_SAMPLE_L] = "sample_l", [G7SF_OP_SAMPLE_C] = "sample_c",
        [G7SF_OP_SAMPLE_D] = "sample_d", [G7SF_OP_SAMPLE_B_C] = "sample_b_c",
        [G7SF_OP_SAMPLE_L_C] = "sample_l_c", [G7SF_OP_LD] = "ld",
        [G7SF_OP_GATHER4] = "gather4", [G7SF_OP_LOD] = "LOD", [G7SF_OP_RESINFO] = "resinfo",
        [G7SF_OP_SAMPLEINFO] = "sampleinfo", [G7SF_OP_SAMPLE_KILLPIX] = "sample+killpix",
        [G7SF_OP_GATHER4_C] = "gather4_c", [G7SF_OP_GATHER4_PO] = "gather4_po",
        [G7SF_OP_GATHER4_PO_C] = "gather4_po_c", [G7SF_OP_SAMPLE_D_C] = "sample_d_c",
        [G7SF_OP_LD_MCS] = "ld_mcs", [G7SF_OP_LD2DMS] = "ld2dms", [G7SF_OP_LD2DSS] = "ld2dss",
    };
    return op < 32 ? names[op] : NULL;
}

int g7sf_sample(g7sf_gpu *gpu, const g7sf_texture *tex, const g7sf_sampler *smp,
                const g7sf_sample_args *a, g7sf_sample_result *out)
{
    if (!gpu || !tex || !a || !out || !g7sf_sample_op_name(a->op) ||
        (g7sf_sample_op_reads_sampler(a->op) && !smp))
        return G7SF_EINVAL;
    if (a->simd4x2 ? a->n != 2 : (a->n != 4 && a->n != 8 && a->n != 16))
        return G7SF_EINVAL;
    if ((a->op == G7SF_OP_SAMPLE_D_C && g7sf_gpu_platform(gpu) != G7SF_HSW) ||
        (a->simd4x2 && op_needs_subspans(a->op)))
        return G7SF_EOPCODE;
    smp_ctx ctx, *c = &ctx;
    int err = smp_ctx_init(c, gpu, tex, smp, a->op);
    const struct g7sf_format_info *f = c->fmt;
    out->type = f && f->texel != G7SF_TEXEL_NONE ? f->texel : G7SF_TEXEL_FLOAT;
    out->live = a->mask;
    if (!err && tex->surf.type == G7SF_SURFTYPE_NULL &&
        a->op != G7SF_OP_RESINFO && a->op != G7SF_OP_SAMPLEINFO) {
        for (unsigned i = 0; i < a->n; i++)   /* NULL surfaces read as zeros */
            if (a->mask >> i & 1)
                memset(&out->px[i], 0, sizeof out->px[i]);
    } else if (!err) {
        switch (a->op) {
        case G7SF_OP_RESINFO:    err = smp_resinfo(c, a, out); break;
        case G7SF_OP_SAMPLEINFO: err = smp_sampleinfo(c, a, out); break;
        case G7SF_OP_LD:         err = smp_ld(c, a, out); break;
        case G7SF_OP_LD_MCS:
        case G7SF_OP_LD2DMS:
        case G7SF_OP_LD2DSS:     err = smp_ld_msaa(c, a, out); break;
        case G7SF_OP_GATHER4:
        case G7SF_OP_GATHER4_C:
        case G7SF_OP_GATHER4_PO:
        case G7SF_OP_GATHER4_PO_C: err = smp_gather4(c, a, out); break;
        default:                 err = smp_sample_ops(c, a, out); break;
        }
        if (!err && c->scs && texel_result(a->op) && !(smp && g7sf_sample_op_reads_sampler(a->op) &&
                                                       smp->state.sampler_disable))
            for (unsigned i = 0; i < a->n; i++)
                if (a->mask >> i & 1)
                    smp_channel_select(c, &out->px[i], out->type == G7SF_TEXEL_FLOAT);
    }
    return err ? err : c->err;
}
