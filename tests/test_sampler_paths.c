/* The sampler's fast paths against its reference path (issue 18): the same
 * message on the same state gives bit-identical results and the same code
 * whichever path runs.  The reference is the per-texel pipeline through the
 * decode cache (smp_set_reference(true), or G7SF_CPU=c); random states,
 * formats, tilings, levels, array slices, filters, address modes,
 * coordinates, derivatives, biases and LODs, on both platforms. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/format_conv.h"
#include "harness.h"
#include "sampler/smp.h"
#include "sampler_fixture.h"

/* Fast-path formats, and formats the fast paths leave to the reference
 * (they must still agree: the switch is per format). */
static const unsigned formats[] = {
    G7SF_FORMAT_R8G8B8A8_UNORM, G7SF_FORMAT_B8G8R8A8_UNORM, G7SF_FORMAT_R8G8B8A8_UNORM_SRGB,
    G7SF_FORMAT_B8G8R8A8_UNORM_SRGB, G7SF_FORMAT_R32_FLOAT, G7SF_FORMAT_R32G32B32A32_FLOAT,
    G7SF_FORMAT_R16G16B16A16_FLOAT, G7SF_FORMAT_R24_UNORM_X8_TYPELESS,
    G7SF_FORMAT_R16_UNORM, G7SF_FORMAT_BC1_UNORM, G7SF_FORMAT_BC3_UNORM, G7SF_FORMAT_BC7_UNORM,
    G7SF_FORMAT_R11G11B10_FLOAT, G7SF_FORMAT_YCRCB_NORMAL, G7SF_FORMAT_ETC2_RGB8,
    G7SF_FORMAT_R8G8B8A8_UINT,
};
/* the first 8 the lanes kernel reads in place, the next through the decode
 * cache; integer formats last (not filtered) */
enum { KERNEL_FORMATS = 15 };
static const unsigned ops[] = { G7SF_OP_SAMPLE, G7SF_OP_SAMPLE_B, G7SF_OP_SAMPLE_L,
                                G7SF_OP_SAMPLE_D, G7SF_OP_SAMPLE_C, G7SF_OP_SAMPLE_B_C,
                                G7SF_OP_SAMPLE_L_C, G7SF_OP_SAMPLE_D_C, G7SF_OP_LD,
                                G7SF_OP_GATHER4, G7SF_OP_GATHER4_C, G7SF_OP_GATHER4_PO,
                                G7SF_OP_LOD };

/* Set: random states the lanes kernel takes (2D, cube and 3D textures of float formats,
 * sample*, ld and gather4 ops, NEAREST / LINEAR filters, no border modes), so
 * that most runs compare it. */
static bool focus;
/* Set: the gpu has G7SF_EXT_MINMAX_FILTER and every sampler a MINIMUM or
 * MAXIMUM reduction (sometimes the region footprint): the per-pixel fast
 * path folds its taps, the reference must agree bit for bit. */
static bool reducing;

static float frand(float lo, float hi)
{
    return lo + (hi - lo) * (float)(t_rand() % 100001) / 100000.0f;
}

/* A random texture: 2D (sometimes an array), 3D or cube, up to 5 levels, a
 * tiling its pitch allows, random bytes in every level and slice written. */
static void random_texture(t_smp *f, unsigned platform)
{
    size_t all = sizeof formats / sizeof formats[0];
    unsigned format = formats[t_rand() % (focus ? KERNEL_FORMATS : all)];
    uint32_t w = 1 + (uint32_t)(t_rand() % 40), h = 1 + (uint32_t)(t_rand() % 40);
    uint32_t depth = t_rand() % 4 == 0 ? 3 : 1;
    unsigned type = G7SF_SURFTYPE_2D, pick = (unsigned)(t_rand() % 6);
    if (pick == 0)
        type = G7SF_SURFTYPE_3D, depth = 1 + (uint32_t)(t_rand() % 5);
    else if (pick == 1)
        type = G7SF_SURFTYPE_CUBE, h = w, depth = 6;
    unsigned levels = 1 + (unsigned)(t_rand() % 5), most = 1;
    while ((w > h ? w : h) >> most)
        most++;   /* a level per halving down to 1 */
    levels = levels < most ? levels : most;
    t_smp_init(f, type, format, w, h, depth, 1);
    g7sf_gpu_destroy(f->gpu);
    f->gpu = g7sf_gpu_create_ex(&(g7sf_gpu_options){
        .platform = platform, .extensions = reducing ? G7SF_EXT_MINMAX_FILTER : 0u });
    g7sf_surface *s = &f->tex.surf;
    /* room for the mip chain beside level 0, whole tiles when tiled */
    s->levels = levels;
    f->tex.mip_count = levels - 1;
    s->pitch = (s->pitch * 2 + 511) & ~511u;
    unsigned tiling = (unsigned)(t_rand() % 3);   /* linear, X, Y */
    if (tiling)
        s->tiling = tiling;
    f->tex.surface_array = depth > 1 && type == G7SF_SURFTYPE_2D;
    if (type == G7SF_SURFTYPE_CUBE)
        f->tex.cube_face_enables = t_rand() % 4 ? 0x3F : (unsigned)(t_rand() % 64);
    CHECK_EQ(g7sf_surface_validate(s), 0);
    static uint8_t bytes[64 * 64 * 16];
    for (unsigned lod = 0; lod < levels; lod++)
        for (uint32_t z = 0; z < depth; z++) {
            for (size_t i = 0; i < sizeof bytes; i++)
                bytes[i] = (uint8_t)t_rand();
            uint32_t lw, ld;
            g7sf_surface_level_size(s, lod, &lw, NULL, &ld);
            if (type == G7SF_SURFTYPE_3D && z >= ld)
                continue;   /* a 3D level has fewer slices */
            const struct g7sf_format_info *fi = g7sf_format_info(format);
            size_t row = (lw + fi->block_w - 1) / fi->block_w * fi->bits_per_block / 8;
            if (t_rand() % 8)   /* now and then a level left unwritten: zeros */
                CHECK_EQ(g7sf_surface_write_linear(f->gpu, s, lod, z, bytes, row), 0);
        }
}

static void random_sampler(t_smp *f)
{
    g7sf_sampler_state *ss = &f->smp.state;
    static const unsigned maps[] = { 0, 1, 0, 1, 2 };   /* NEAREST, LINEAR, ANISOTROPIC */
    static const unsigned mips[] = { 0, 1, 3 };
    ss->min_mode_filter = maps[t_rand() % 5];
    ss->mag_mode_filter = maps[t_rand() % 4];
    ss->mip_mode_filter = mips[t_rand() % 3];
    ss->texture_lod_bias = (int32_t)(t_rand() % 1024) - 512;
    ss->min_lod = (uint32_t)(t_rand() % 512);
    ss->max_lod = ss->min_lod + (uint32_t)(t_rand() % 1024);
    ss->lod_preclamp_enable = (unsigned)(t_rand() % 2);
    ss->base_mip_level = (uint32_t)(t_rand() % 3);
    ss->trilinear_filter_quality = (unsigned)(t_rand() % 4);
    ss->maximum_anisotropy = (unsigned)(t_rand() % 8);
    ss->anisotropic_algorithm = (unsigned)(t_rand() % 2);
    ss->shadow_function = (unsigned)(t_rand() % 8);
    ss->u_address_mag_rounding = t_rand() % 2, ss->u_address_min_rounding = t_rand() % 2;
    ss->v_address_mag_rounding = t_rand() % 2, ss->v_address_min_rounding = t_rand() % 2;
    ss->non_normalized_coordinate_enable = t_rand() % 8 == 0;
    static const unsigned modes[] = { 0, 1, 2, 5, 0, 1, 3, 4, 6 };   /* border last */
    ss->tcx_address_control_mode = modes[t_rand() % (focus ? 7 : 9)];
    ss->tcy_address_control_mode = modes[t_rand() % (focus ? 7 : 9)];
    ss->tcz_address_control_mode = 2;
    if (focus && f->tex.surf.type == G7SF_SURFTYPE_CUBE)   /* CUBE or CLAMP, on every axis */
        ss->tcx_address_control_mode = ss->tcy_address_control_mode =
            ss->tcz_address_control_mode = t_rand() % 3 ? G7SF_TEXCOORDMODE_CUBE
                                                       : G7SF_TEXCOORDMODE_CLAMP;
    f->smp.border.border_color_red = frand(-1, 2), f->smp.border.border_color_alpha = 0.5f;
    f->tex.resource_min_lod = (unsigned)(t_rand() % 3) << 8;
    if (reducing) {
        ss->reduction_type_enable = 1;
        ss->reduction_type = t_rand() % 2 ? G7SF_REDUCTION_MINIMUM : G7SF_REDUCTION_MAXIMUM;
        ss->reduction_region_enable = t_rand() % 8 == 0;
        ss->reduction_region_width = (unsigned)(t_rand() % 8);
        ss->reduction_region_height = (unsigned)(t_rand() % 8);
    }
}

static void random_args(t_smp *f)
{
    g7sf_sample_args *a = &f->args;
    /* focused: the sample* ops (the first eight), ld and gather4 */
    static const unsigned focus_ops[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
    a->op = focus ? ops[focus_ops[t_rand() % (sizeof focus_ops / sizeof focus_ops[0])]]
                  : ops[t_rand() % (sizeof ops / sizeof ops[0])];
    a->simd4x2 = t_rand() % 4 == 0;   /* sample_l, sample_d, ld...; the rest refused */
    a->n = a->simd4x2 ? 2 : t_rand() % 3 ? 16 : 8;   /* SIMD4x2, SIMD16, SIMD8 */
    a->mask = (uint16_t)((t_rand() | 1) & ((1u << a->n) - 1));
    a->force_lod_zero = t_rand() % 8 == 0;
    a->gather_channel = (unsigned)(t_rand() % 4);
    for (unsigned k = 0; k < 2; k++)
        a->offset[k] = t_rand() % 4 ? 0 : (int)(t_rand() % 16) - 8;
    /* magnified or minified quads, now and then differing by subspan (the
     * lanes kernel then runs a group per level choice) */
    float scale[4];
    scale[0] = t_rand() % 2 ? 0.02f : 0.5f;
    for (unsigned q = 1; q < 4; q++)
        scale[q] = t_rand() % 4 ? scale[0] : t_rand() % 2 ? 0.02f : 0.5f;
    float u0 = frand(-1.5f, 2.5f), v0 = frand(-1.5f, 2.5f);
    for (unsigned i = 0; i < 16; i++) {
        unsigned sx = i & 1, sy = (i >> 1) & 1, q = i >> 2;
        float u = u0 + scale[q] * (float)sx + 0.13f * (float)q, v = v0 + scale[q] * (float)sy;
        a->p[G7SF_PARAM_U][i].f = u;
        a->p[G7SF_PARAM_V][i].f = v;
        a->p[G7SF_PARAM_R][i].f = frand(-0.6f, 3.4f);   /* the array index */
        a->p[G7SF_PARAM_BIAS][i].f = frand(-3, 3);
        a->p[G7SF_PARAM_LOD][i].f = frand(-1, 5);
        a->p[G7SF_PARAM_REF][i].f = frand(0, 1);
        a->p[G7SF_PARAM_OFFU][i].i = (int32_t)(t_rand() % 80) - 40;   /* gather4_po */
        a->p[G7SF_PARAM_OFFV][i].i = (int32_t)(t_rand() % 80) - 40;
        a->p[G7SF_PARAM_DUDX][i].f = frand(-0.3f, 0.3f);
        a->p[G7SF_PARAM_DUDY][i].f = frand(-0.3f, 0.3f);
        a->p[G7SF_PARAM_DVDX][i].f = frand(-0.3f, 0.3f);
        a->p[G7SF_PARAM_DVDY][i].f = frand(-0.3f, 0.3f);
        if (a->op == G7SF_OP_LD) {   /* integer coordinates, LOD */
            a->p[G7SF_PARAM_U][i].i = (int32_t)(t_rand() % 48) - 4;
            a->p[G7SF_PARAM_V][i].i = (int32_t)(t_rand() % 48) - 4;
            a->p[G7SF_PARAM_LOD][i].i = (int32_t)(t_rand() % 6);
            a->p[G7SF_PARAM_R][i].i = (int32_t)(t_rand() % 4);
        }
        if (t_rand() % 64 == 0)
            a->p[G7SF_PARAM_U][i].f = t_rand() % 2 ? NAN : 3e30f;
    }
}

/* Bit for bit, with one exception: when two NaNs meet in a filter's sum,
 * IEEE 754 leaves open whose payload survives and compilers order the
 * operands of an addition freely, so a NaN result equals any NaN
 * (docs/spec-notes.md, "Sampler fast paths"). */
static bool same_texel(const g7sf_texel *a, const g7sf_texel *b, bool floats)
{
    for (unsigned c = 0; c < 4; c++)
        if (a->u[c] != b->u[c] && !(floats && isnan(a->f[c]) && isnan(b->f[c])))
            return false;
    return true;
}

/* One random message both ways; the fast way with the lanes kernel's C
 * instance or (avx2) its AVX2 one.  Counts the runs that sampled. */
static void compare_once(unsigned it, bool avx2, unsigned *agreed_ok)
{
    t_smp f;
    random_texture(&f, it % 2 ? G7SF_HSW : G7SF_IVB);
    random_sampler(&f);
    random_args(&f);
    g7sf_sample_result ref, fast;
    memset(&ref, 0x5A, sizeof ref);
    memset(&fast, 0x5A, sizeof fast);
    smp_set_reference(true);
    int rr = g7sf_sample(f.gpu, &f.tex, &f.smp, &f.args, &ref);
    smp_set_reference(false);
    smp_set_lanes_avx2(avx2);
    int rf = g7sf_sample(f.gpu, &f.tex, &f.smp, &f.args, &fast);
    *agreed_ok += rr == 0;
    CHECKF(rr == rf, "run %u (%s, op %u): reference %d, fast %d", it,
           g7sf_format_info(f.tex.format)->name, f.args.op, rr, rf);
    if (rr == 0 && rf == 0) {
        bool same = ref.type == fast.type && ref.live == fast.live;
        for (unsigned i = 0; i < f.args.n; i++)
            if (f.args.mask >> i & 1)
                same &= same_texel(&ref.px[i], &fast.px[i], ref.type == G7SF_TEXEL_FLOAT);
        CHECKF(same, "run %u (type %u %ux%ux%u, %u levels, %s, op %u, filters %u/%u/%u, modes "
               "%u/%u, tiling %u, %s): results differ", it, f.tex.surf.type, f.tex.surf.width,
               f.tex.surf.height, f.tex.surf.depth, f.tex.surf.levels,
               g7sf_format_info(f.tex.format)->name, f.args.op,
               f.smp.state.min_mode_filter, f.smp.state.mag_mode_filter,
               f.smp.state.mip_mode_filter, f.smp.state.tcx_address_control_mode,
               f.smp.state.tcy_address_control_mode, f.tex.surf.tiling, avx2 ? "avx2" : "c");
    }
    t_smp_fini(&f);
}

/* 4000 random messages with the lanes kernel in C, or (avx2) in AVX2;
 * focused or not (focus). */
static void fast_paths_agree(bool avx2, bool focused)
{
    focus = focused;
    unsigned runs = 0, agreed_ok = 0;
    unsigned long groups = smp_lanes_groups();
    for (unsigned it = 0; it < 4000 && !t_failed(); it++, runs++)
        compare_once(it, avx2, &agreed_ok);
    smp_set_reference(false);
    smp_set_lanes_avx2(true);
    groups = smp_lanes_groups() - groups;
    /* the random states must mostly be ones the sampler runs, or this
     * compares error codes only; and the kernel must have run */
    CHECKF(agreed_ok * 2 > runs, "%u of %u runs sampled", agreed_ok, runs);
    CHECKF(groups > runs / (focused ? 2 : 10), "the lanes kernel filtered %lu groups in %u runs",
           groups, runs);
    printf("  %u runs, %u sampled, %lu lane groups through the kernel, every result "
           "bit-identical\n", runs, agreed_ok, groups);
}

TEST(fast_paths_equal_the_reference) { fast_paths_agree(false, false); }
TEST(lanes_kernel_in_c_equals_the_reference) { fast_paths_agree(false, true); }

TEST(lanes_kernel_in_avx2_equals_the_reference)
{
    if (!smp_lanes_avx2_available())
        SKIP("no AVX2 here (or G7SF_CPU narrows it): the C kernel is the one");
    fast_paths_agree(true, true);
}

/* The ways a message can run: 0 the reference, 1 the lanes kernel in C,
 * 2 in AVX2 (where the CPU has it). */
static unsigned ways(void)
{
    return smp_lanes_avx2_available() ? 3 : 2;
}

/* f's message the given way, checking the kernel ran (ways 1 and 2). */
static void run_way(t_smp *f, unsigned way)
{
    smp_set_reference(way == 0);
    smp_set_lanes_avx2(way == 2);
    unsigned long groups = smp_lanes_groups();
    CHECK_EQ(t_smp_run(f), 0);
    CHECKF(way == 0 || smp_lanes_groups() > groups, "way %u: the kernel did not run", way);
    smp_set_reference(false);
    smp_set_lanes_avx2(true);
}

/* A LINEAR tap of weight 0 adds nothing, even when its texel is infinite:
 * the reference skips it (smp_quad, level_filter) and the kernel adds
 * +0.0 instead (lanes.c).  4x4 R32_FLOAT, texels 0.25 but (1, 0) and
 * (0, 1) +inf; each pixel at texel (0, 0)'s centre (u = v = 0.125) weighs
 * (0, 0) by 1 and its neighbours by 0, so reads 0.25 exactly on every
 * path: the reference, the C kernel and the AVX2 one. */
TEST(zero_weight_taps_add_nothing)
{
    for (unsigned way = 0; way < ways(); way++) {
        t_smp f;
        t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 4, 4, 1, 1);
        float texels[16];
        for (unsigned i = 0; i < 16; i++)
            texels[i] = 0.25f;
        texels[1] = texels[4] = INFINITY;
        t_smp_fill(&f, 0, 0, texels);
        f.smp.state.min_mode_filter = f.smp.state.mag_mode_filter = G7SF_MAPFILTER_LINEAR;
        t_smp_op(&f, G7SF_OP_SAMPLE, 16, 16);
        for (unsigned i = 0; i < 16; i++)
            t_smp_param(&f, G7SF_PARAM_U, i, 0.125f), t_smp_param(&f, G7SF_PARAM_V, i, 0.125f);
        run_way(&f, way);
        for (unsigned i = 0; i < 16; i++)
            CHECKF(f.res.px[i].f[0] == 0.25f && f.res.px[i].f[3] == 1.0f,
                   "way %u pixel %u: %g %g", way, i, f.res.px[i].f[0], f.res.px[i].f[3]);
        t_smp_fini(&f);
    }
}

/* Every half the lanes kernel can read decodes as conv_half_to_float says:
 * a 128 x 128 RGBA16_FLOAT texture holding all 65536 halves, each texel
 * sampled NEAREST at its centre by SIMD16 messages, with the C kernel and
 * the AVX2 one.  A NaN half must give a NaN (NEAREST multiplies by 1.0,
 * which may quieten it), everything else the exact float. */
TEST(lanes_kernel_reads_every_half)
{
    enum { SIDE = 128 };
    static uint16_t halves[SIDE * SIDE * 4];
    for (unsigned i = 0; i < SIDE * SIDE * 4; i++)
        halves[i] = (uint16_t)i;
    for (unsigned way = 0; way < 2; way++) {
        if (way == 1 && !smp_lanes_avx2_available())
            break;
        t_smp f;
        t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R16G16B16A16_FLOAT, SIDE, SIDE, 1, 1);
        t_smp_fill(&f, 0, 0, halves);
        t_smp_op(&f, G7SF_OP_SAMPLE, 16, 16);
        smp_set_lanes_avx2(way == 1);
        unsigned long groups = smp_lanes_groups();
        unsigned bad = 0;
        for (unsigned first = 0; first < SIDE * SIDE; first += 16) {
            for (unsigned i = 0; i < 16; i++) {
                unsigned x = (first + i) % SIDE, y = (first + i) / SIDE;
                t_smp_param(&f, G7SF_PARAM_U, i, ((float)x + 0.5f) / SIDE);
                t_smp_param(&f, G7SF_PARAM_V, i, ((float)y + 0.5f) / SIDE);
            }
            CHECK_EQ(t_smp_run(&f), 0);
            for (unsigned i = 0; i < 16; i++)
                for (unsigned ch = 0; ch < 4; ch++) {
                    /* the filter's sum: 0.0 + 1.0 * texel (-0.0 comes out +0.0) */
                    uint16_t h = halves[(first + i) * 4 + ch];
                    float want = 0.0f + 1.0f * conv_half_to_float(h), got = f.res.px[i].f[ch];
                    uint32_t wb;
                    memcpy(&wb, &want, 4);
                    bool ok = isnan(want) ? isnan(got) : wb == f.res.px[i].u[ch];
                    if (!ok && bad++ < 3)
                        t_fail(__FILE__, __LINE__, "%s: half %04x read as %08x, want %08x",
                               way ? "avx2" : "c", h, f.res.px[i].u[ch], wb);
                }
        }
        CHECKF(smp_lanes_groups() - groups == SIDE * SIDE / 16, "%lu of %u messages ran the kernel",
               smp_lanes_groups() - groups, SIDE * SIDE / 16);
        t_smp_fini(&f);
    }
    smp_set_lanes_avx2(true);
}

/* A message with no pixel on reaches the lanes paths and writes nothing
 * (fuzz_send_sampler found the kernel's driver picking a group's first
 * lane out of none): sample on an array (groups by slice), on a texture
 * whose filtering no LOD changes (one choice for the message), and
 * gather4. */
TEST(lanes_with_no_pixel_on)
{
    static const unsigned kinds[] = { G7SF_OP_SAMPLE, G7SF_OP_SAMPLE_L, G7SF_OP_GATHER4 };
    for (unsigned k = 0; k < 3; k++) {
        t_smp f;
        t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R8G8B8A8_UNORM, 8, 8, k == 0 ? 2 : 1, 1);
        t_smp_fill32(&f, 0, 0, 0xFF00FF00u);
        f.smp.state.min_mode_filter = f.smp.state.mag_mode_filter = G7SF_MAPFILTER_LINEAR;
        t_smp_op(&f, kinds[k], 16, 0);
        memset(&f.res, 0x5A, sizeof f.res);
        CHECK_EQ(t_smp_run(&f), 0);
        for (unsigned i = 0; i < 16; i++)
            CHECKF(f.res.px[i].u[0] == 0x5A5A5A5Au, "op %u pixel %u written", kinds[k], i);
        t_smp_fini(&f);
    }
}

/* Lanes outside a kernel pass add nothing, whatever they read: under
 * sample_l with MIPFILTER_LINEAR and NEAREST maps, lanes at LOD 1 and
 * lanes at LOD 1.5 share their first level (1), and only the latter read
 * the second (2), in a pass the former sit out.  The texture's first
 * texel, where its page starts and what a lane out of a pass reads, is
 * NaN; level 1 holds 0.25 and level 2 0.5, so the lanes at LOD 1 read
 * 0.25 and those at 1.5 read 0.5 * 0.25 + 0.5 * 0.5 = 0.375, exactly (an
 * out-of-pass lane adding 0 * NaN made the first NaN). */
TEST(lanes_outside_a_pass_add_nothing)
{
    for (unsigned way = 0; way < ways(); way++) {
        t_smp f;
        t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 8, 8, 1, 3);
        float level[3][64];
        for (unsigned i = 0; i < 64; i++)
            level[0][i] = 1.0f, level[1][i] = 0.25f, level[2][i] = 0.5f;
        level[0][0] = NAN;
        for (unsigned l = 0; l < 3; l++)
            t_smp_fill(&f, l, 0, level[l]);
        f.smp.state.mip_mode_filter = G7SF_MIPFILTER_LINEAR;
        f.smp.state.max_lod = 2 << 8;
        t_smp_op(&f, G7SF_OP_SAMPLE_L, 16, 16);
        for (unsigned i = 0; i < 16; i++) {
            t_smp_param(&f, G7SF_PARAM_U, i, 0.625f), t_smp_param(&f, G7SF_PARAM_V, i, 0.625f);
            t_smp_param(&f, G7SF_PARAM_LOD, i, i % 2 ? 1.5f : 1.0f);
        }
        run_way(&f, way);
        for (unsigned i = 0; i < 16; i++)
            CHECKF(f.res.px[i].f[0] == (i % 2 ? 0.375f : 0.25f), "way %u pixel %u: %g", way, i,
                   f.res.px[i].f[0]);
        t_smp_fini(&f);
    }
}

/* Min/max reduction (gen7sf ext): the per-pixel fast path's fold against
 * the reference's, 3000 random messages of the focused kind. */
TEST(min_max_reduction_fast_path_equals_the_reference)
{
    focus = reducing = true;
    unsigned runs = 0, agreed_ok = 0;
    for (unsigned it = 0; it < 3000 && !t_failed(); it++, runs++)
        compare_once(it, false, &agreed_ok);
    smp_set_reference(false);
    smp_set_lanes_avx2(true);
    focus = reducing = false;
    CHECKF(agreed_ok * 2 > runs, "%u of %u runs sampled", agreed_ok, runs);
    printf("  %u runs, %u sampled, every result bit-identical\n", runs, agreed_ok);
}
