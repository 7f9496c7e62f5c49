/* The sample* operations and LOD (§2.2, §2.13.1.4) one pixel at a time,
 * the reference path: coordinates to texel space, derivatives per
 * subspan, level selection, then the map filter at one or two levels and
 * the blend between them (sample.c runs the message; fast2d.c and lanes.c
 * are faster paths that equal this one). */
#include <math.h>
#include <string.h>

#include "smp.h"

typedef smp_pixel pixel;

static float param(const g7sf_sample_args *a, unsigned role, unsigned i)
{
    return a->p[role][i].f;
}

/* Coordinates of pixel i: (u, v, r) and the array index by Surface Type
 * (§2.13.1.5 parameter usage table). */
static void coords(const smp_ctx *c, const g7sf_sample_args *a, unsigned i, float uvr[3],
                   float *ai)
{
    unsigned type = c->tex->surf.type;
    uvr[0] = param(a, G7SF_PARAM_U, i);
    uvr[1] = type == G7SF_SURFTYPE_1D ? 0.0f : param(a, G7SF_PARAM_V, i);
    uvr[2] = type == G7SF_SURFTYPE_3D || type == G7SF_SURFTYPE_CUBE ? param(a, G7SF_PARAM_R, i) : 0.0f;
    *ai = param(a, type == G7SF_SURFTYPE_1D ? G7SF_PARAM_V
                 : type == G7SF_SURFTYPE_2D ? G7SF_PARAM_R : G7SF_PARAM_AI, i);
}

static bool explicit_grads(unsigned op)
{
    return op == G7SF_OP_SAMPLE_D || op == G7SF_OP_SAMPLE_D_C;
}

void smp_setup_pixels(const smp_ctx *c, const g7sf_sample_args *a, unsigned first,
                      unsigned count, pixel *px)
{
    bool unnorm = c->smp->state.non_normalized_coordinate_enable;
    float scale[3];
    for (unsigned k = 0; k < 3; k++)
        scale[k] = unnorm ? 1.0f : (float)c->base[k];
    float uvr[4][3], ai[4];
    for (unsigned j = 0; j < count; j++)
        coords(c, a, first + j, uvr[j], &ai[j]);

    static const unsigned grad_role[3][2] = {
        { G7SF_PARAM_DUDX, G7SF_PARAM_DUDY }, { G7SF_PARAM_DVDX, G7SF_PARAM_DVDY },
        { G7SF_PARAM_DRDX, G7SF_PARAM_DRDY } };
    for (unsigned j = 0; j < count; j++) {
        pixel *q = &px[j];
        float d[2][3] = { { 0 } };
        if (explicit_grads(a->op)) {
            for (unsigned k = 0; k < 3; k++)
                for (unsigned s = 0; s < 2; s++)
                    d[s][k] = param(a, grad_role[k][s], first + j);
        } else if (count == 4) {   /* UR - UL, LL - UL of the subspan */
            for (unsigned k = 0; k < 3; k++)
                d[0][k] = uvr[1][k] - uvr[0][k], d[1][k] = uvr[2][k] - uvr[0][k];
        }
        if (c->cube && explicit_grads(a->op)) {
            /* sample_d on a cube: u, v already on face r, in [-1, 1] */
            q->slice = smp_slice(c, ai[j], smp_array_index(uvr[j][2], 6));
            for (unsigned k = 0; k < 2; k++) {
                q->p[k] = 0.5f * (uvr[j][k] + 1.0f) * scale[k];
                q->d[0][k] = 0.5f * d[0][k] * scale[k], q->d[1][k] = 0.5f * d[1][k] * scale[k];
            }
            q->p[2] = q->d[0][2] = q->d[1][2] = 0.0f;
        } else if (c->cube) {
            unsigned face;
            float st[2], dst[2][2];
            smp_cube_map(uvr[j], (const float(*)[3])d, &face, st, dst);
            q->slice = smp_slice(c, ai[j], face);
            for (unsigned k = 0; k < 2; k++) {
                q->p[k] = st[k] * scale[k];
                q->d[0][k] = dst[0][k] * scale[k], q->d[1][k] = dst[1][k] * scale[k];
            }
            q->p[2] = q->d[0][2] = q->d[1][2] = 0.0f;
        } else {
            q->slice = c->dims == 3 ? 0 : smp_slice(c, ai[j], 0);
            for (unsigned k = 0; k < 3; k++) {
                q->p[k] = k < c->dims ? uvr[j][k] * scale[k] : 0.0f;
                for (unsigned s = 0; s < 2; s++)
                    q->d[s][k] = k < c->dims ? d[s][k] * scale[k] : 0.0f;
            }
        }
    }
}

/* Level L of the view as a filter sees it. */
static void level(const smp_ctx *c, unsigned lod, uint32_t slice, smp_level *L)
{
    g7sf_surface_level_size(&c->tex->surf, lod, &L->size[0], &L->size[1], &L->size[2]);
    if (c->dims < 3)
        L->size[2] = 1;
    L->lod = lod;
    L->slice = slice;
}

/* The pixel's position in texels of level L, texel offsets added. */
static void level_position(const smp_ctx *c, const g7sf_sample_args *a, const pixel *q,
                           const smp_level *L, float p[3])
{
    for (unsigned k = 0; k < 3; k++)
        p[k] = k < c->dims ? q->p[k] * ((float)L->size[k] / (float)c->base[k]) + (float)a->offset[k]
                           : 0.0f;
}

/* acc += w * the map filter at physical level lod. */
static void filter_level(smp_ctx *c, const g7sf_sample_args *a, const pixel *q,
                         const smp_aniso *an, unsigned filter, unsigned lod, float w,
                         float acc[4])
{
    smp_level L;
    level(c, lod, q->slice, &L);
    float p[3];
    level_position(c, a, q, &L, p);
    switch (filter) {
    case G7SF_MAPFILTER_NEAREST:
        smp_nearest(c, &L, p, w, acc);
        break;
    case G7SF_MAPFILTER_ANISOTROPIC:
        smp_aniso_filter(c, &L, p, an, w, acc);
        break;
    case G7SF_MAPFILTER_MONO: {
        float v = w * smp_mono_filter(c, &L, p);
        for (unsigned i = 0; i < 4; i++)
            acc[i] += v;
        break;
    }
    default:   /* G7SF_MAPFILTER_LINEAR */
        smp_linear(c, &L, p, w, acc);
        break;
    }
}

/* Min/max over the patent's region footprint (gen7sf ext; 003 L56-L66,
 * docs/spec-notes.md "Patent 003"): the 8x8 region whose origin
 * g7sf_minmax_region_origin gives for the pixel's position at level lod
 * (the nearer of the two the LOD selects), each of its 64 texels read with
 * the sampler's address modes, border colour and prefilter, and the
 * separable width x height footprint reduced by the tree model
 * (g7sf_minmax_region), its final-stage value returned.  The position is
 * first put on the filters' sub-texel grid (smp_fixed: NaN is 0) and held
 * within +-2^30 texels, beyond every surface and the origin's range. */
static void region_reduce(smp_ctx *c, const g7sf_sample_args *a, const pixel *q, unsigned lod,
                          g7sf_texel *out)
{
    smp_level L;
    level(c, lod, q->slice, &L);
    float p[3];
    level_position(c, a, q, &L, p);
    float uv[2];
    for (unsigned k = 0; k < 2; k++) {
        const int64_t lim = (int64_t)1 << (30 + SMP_SUB_BITS);
        int64_t f = smp_fixed(p[k], c->round[k]);
        f = f > lim ? lim : f < -lim ? -lim : f;
        uv[k] = (float)f / (float)SMP_SUB_ONE;
    }
    int x0 = 0, y0 = 0;
    g7sf_minmax_region_origin(uv[0], uv[1], &x0, &y0);
    float texels[G7SF_MINMAX_TEXELS][4];
    for (int y = 0; y < G7SF_MINMAX_SIDE; y++)
        for (int x = 0; x < G7SF_MINMAX_SIDE; x++) {
            g7sf_texel t;
            smp_texel_at(c, &L, (int64_t)x0 + x, (int64_t)y0 + y, 0, &t);
            memcpy(texels[y * G7SF_MINMAX_SIDE + x], t.f, sizeof t.f);
        }
    g7sf_minmax_footprint fp = { .kind = G7SF_MINMAX_SEPARABLE, .width = c->region_w,
                                 .height = c->region_h };
    g7sf_minmax_result r;
    g7sf_minmax_region(&fp, c->reduce == SMP_REDUCE_MIN ? G7SF_MINMAX_MIN : G7SF_MINMAX_MAX,
                       (const float(*)[4])texels, &r, NULL);
    memcpy(out->f, r.result, sizeof r.result);
}

/* Whether the texture is read with an anisotropic footprint: the LOD then
 * comes from the minor axis (§2.2.2.3). */
static bool aniso_lod(const g7sf_sampler_state *ss)
{
    return ss->min_mode_filter == G7SF_MAPFILTER_ANISOTROPIC;
}

void smp_sample_pixel(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const pixel *q,
                      g7sf_texel *out)
{
    const g7sf_sampler_state *ss = &c->smp->state;
    unsigned op = a->op;
    smp_aniso an;
    float lod;
    bool lod_param = op == G7SF_OP_SAMPLE_L || op == G7SF_OP_SAMPLE_L_C;
    bool aniso = aniso_lod(ss) && !lod_param;
    if (aniso) {
        smp_aniso_setup(c, q->d, &an);
        lod = an.lod;
    } else {
        memcpy(an.d, q->d, sizeof an.d);
        an.ratio = 1.0f;
        an.lod = lod = lod_param ? param(a, G7SF_PARAM_LOD, i) : smp_lod_from_grad(q->d, c->dims);
    }
    /* Force LOD to Zero (4500): the computed LOD (the minor axis's under
     * anisotropic filtering) becomes 0 before the pseudocode, so bias,
     * sample_l's LOD and the clamps still apply */
    if (a->force_lod_zero && !lod_param)
        an.lod = lod = 0.0f;
    float bias = op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_B_C ? param(a, G7SF_PARAM_BIAS, i) : 0.0f;
    smp_lodsel sel;
    smp_lod_select(c, lod, bias, &sel);
    if (op == G7SF_OP_LOD) {
        memset(out, 0, sizeof *out);
        out->f[0] = sel.lod_clamped;
        out->f[1] = sel.lod_unclamped;
        return;
    }
    unsigned filter = sel.mag ? ss->mag_mode_filter : ss->min_mode_filter;
    bool mag = sel.mag;
    c->round[0] = mag ? ss->u_address_mag_rounding : ss->u_address_min_rounding;
    c->round[1] = mag ? ss->v_address_mag_rounding : ss->v_address_min_rounding;
    c->round[2] = mag ? ss->r_address_mag_rounding : ss->r_address_min_rounding;
    c->ref = param(a, G7SF_PARAM_REF, i);
    if (sel.out_of_bounds &&
        !(ss->mip_mode_filter == G7SF_MIPFILTER_LINEAR && !sel.mag)) {   /* erratum, L520 */
        smp_zero_texel(c, out);
        if (filter == G7SF_MAPFILTER_ANISOTROPIC)    /* erratum: alpha 0 under anisotropic */
            out->f[3] = 0.0f;
        return;
    }
    if (c->cls != G7SF_TEXEL_FLOAT) {
        /* integer texels are not filtered: the nearest texel of the nearer level */
        smp_level L;
        level(c, sel.beta >= 0.5f ? sel.lod1 : sel.lod0, q->slice, &L);
        float p[3];
        int64_t x[3] = { 0, 0, 0 };
        level_position(c, a, q, &L, p);
        for (unsigned k = 0; k < c->dims; k++)
            x[k] = smp_fixed(p[k], c->round[k]) >> SMP_SUB_BITS;
        smp_texel_at(c, &L, x[0], x[1], x[2], out);
        return;
    }
    if (c->reduce_region) {
        region_reduce(c, a, q, sel.beta < 0.5f ? sel.lod0 : sel.lod1, out);
        return;
    }
    float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    if (c->reduce)   /* min/max: every texel of non-zero weight folds into acc */
        acc[0] = acc[1] = acc[2] = acc[3] = smp_reduce_start();
    filter_level(c, a, q, &an, filter, sel.lod0, 1.0f - sel.beta, acc);
    if (sel.beta > 0.0f)
        filter_level(c, a, q, &an, filter, sel.lod1, sel.beta, acc);
    memcpy(out->f, acc, sizeof acc);
}
