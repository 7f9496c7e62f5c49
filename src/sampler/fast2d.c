/* The sample* operations on the commonest textures (smp.h, "fast2d.c"):
 * the same steps as pixel.c's smp_sample_pixel with its filters (filter.c)
 * and fetch (texel.c), in the same order on the same floats, so every
 * result is bit for bit the reference's (tests/test_sampler_paths.c); what
 * goes is the generality: level sizes are looked up once per message,
 * texels are read in place and decoded without the cache, and the axes and
 * cases these textures never have are not walked. */
#include <string.h>


#include "aniso.h"
#include "inplace.h"

void smp_fast2d_plan(smp_ctx *c, const g7sf_sample_args *a)
{
    const g7sf_sampler_state *ss = &c->smp->state;
    unsigned op = a->op;
    bool filters = (ss->min_mode_filter == G7SF_MAPFILTER_NEAREST ||
                    ss->min_mode_filter == G7SF_MAPFILTER_LINEAR) &&
                   (ss->mag_mode_filter == G7SF_MAPFILTER_NEAREST ||
                    ss->mag_mode_filter == G7SF_MAPFILTER_LINEAR);
    /* c->quad: SURFTYPE_2D (so two axes, not a cube), single-sampled, not
     * planar, no border mode on u or v; formats read in place (c->direct)
     * or through the decode cache */
    bool plain_ops = !c->chroma && !smp_reference() && c->cls == G7SF_TEXEL_FLOAT &&
                     !ss->sampler_disable &&
                     (op == G7SF_OP_SAMPLE || op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_L ||
                      op == G7SF_OP_SAMPLE_D || op == G7SF_OP_SAMPLE_C ||
                      op == G7SF_OP_SAMPLE_B_C || op == G7SF_OP_SAMPLE_L_C ||
                      op == G7SF_OP_SAMPLE_D_C);
    bool plain = plain_ops && filters;
    /* min/max reduction (c->reduce): the per-pixel path below folds its
     * taps as smp_tap / smp_quad do; the lanes kernel and the region
     * footprint are left to the reference (pixel.c) */
    c->fast2d = c->quad && plain && !c->reduce_region;
    /* the lanes kernel: SIMD8 and SIMD16, every float-result format (the
     * fast ones read in place, RGBA16F too as its vector decode is cheap;
     * the rest through the decode cache); cubes and 3D surfaces as well
     * (pixel.c sets their pixels up and takes what leaves a cube face),
     * but not with border modes */
    bool others = (c->cube || c->dims == 3) && plain && c->tex->surf.samples == 1 &&
                  c->fmt->layout != G7SF_LAYOUT_PLANAR && !smp_border_mode(c->mode[0]) &&
                  !smp_border_mode(c->mode[1]) && !(c->dims == 3 && smp_border_mode(c->mode[2]));
    /* 2D with LEGACY anisotropic minification: its probes are LINEAR
     * filters the kernel runs (EWA stays per pixel) */
    c->aniso = c->quad && plain_ops && ss->min_mode_filter == G7SF_MAPFILTER_ANISOTROPIC &&
               ss->anisotropic_algorithm == G7SF_ANISO_LEGACY &&
               (ss->mag_mode_filter == G7SF_MAPFILTER_NEAREST ||
                ss->mag_mode_filter == G7SF_MAPFILTER_LINEAR);
    c->lanes = (c->fast2d || others || c->aniso) && !c->reduce && a->n <= SMP_LANES;
    c->level_known = 0;
    c->sel_known = false;
    if (c->fast2d || c->lanes)
        smp_lod_prepare(c, &c->lodk);
}

/* Width and height of physical level lod (as g7sf_surface_level_size),
 * and their ratios to the view's first level (level_position's scale, the
 * same float division); lod is below 32: Surface Min LOD and the level
 * above it are 4 bits each. */
static const uint32_t *level_size(smp_ctx *c, unsigned lod, float ratio[2])
{
    lod &= 31;
    if (!(c->level_known >> lod & 1)) {
        uint32_t *size = c->level_size[lod];
        g7sf_surface_level_size(&c->tex->surf, lod, &size[0], &size[1], NULL);
        for (unsigned k = 0; k < 2; k++)
            c->level_ratio[lod][k] = (float)size[k] / (float)c->base[k];
        c->level_known |= 1u << lod;
    }
    ratio[0] = c->level_ratio[lod][0], ratio[1] = c->level_ratio[lod][1];
    return c->level_size[lod];
}

/* Texel (x, y) of image m at graphics address a (m's origin plus the tile
 * row and column parts of x and y; the fast formats are one-texel blocks),
 * then the shadow compare of the sample_c family (texel.c's prefilter).
 * A format read in place (c->direct) is decoded from its page; where the
 * image is missing, the address passes 4 GiB or the bytes are not in a
 * page that exists, smp_fetch answers, as the reference does.  Other
 * formats come through the decode cache (smp_texel_cached, the
 * reference's own fetch for these surfaces). */
static inline void texel(smp_ctx *c, const smp_image *m, uint64_t a, unsigned lod,
                         uint32_t slice, uint32_t x, uint32_t y, g7sf_texel *t)
{
    const uint8_t *p;
    if (!c->direct)
        *t = *smp_texel_cached(c, m, x, y);
    else if (!m || a + c->block_bytes > (1ull << 32) ||
             !(p = smp_host_bytes(c, (uint32_t)a, c->block_bytes)))
        smp_fetch(c, lod, x, y, slice, 0, t);
    else
        smp_decode_direct(c, p, t);
    if (c->compare)
        smp_compare_texel(c, t);
}

/* The row and column parts of texel (x, y)'s address in image m (0 when m
 * is missing: texel() then asks smp_fetch). */
static inline uint64_t row_part(const smp_ctx *c, const smp_image *m, uint32_t y)
{
    const g7sf_surface *s = &c->tex->surf;
    return m ? s->base + g7sf_tile_row(s->tiling, s->pitch, (uint64_t)m->y + y) : 0;
}

static inline uint64_t col_part(const smp_ctx *c, const smp_image *m, uint32_t x)
{
    return m ? g7sf_tile_col(c->tex->surf.tiling, ((uint64_t)m->x + x) * c->block_bytes) : 0;
}

/* acc += w * t, or under a min/max reduction t folds into acc (the
 * caller skips taps of weight 0), as smp_tap / smp_quad. */
static inline void accumulate(const smp_ctx *c, float w, const float t[4], float acc[4])
{
    if (c->reduce) {
        smp_reduce_fold(c, acc, t);
        return;
    }
    for (unsigned i = 0; i < 4; i++)
        acc[i] += w * t[i];
}

/* The LINEAR footprint's four texels when all lie in one page that exists
 * and the format is UNORM8 RGBA or BGRA read in place without compare (the
 * commonest case): the page found once, no per-texel checks; the taps and
 * the sums as the general loop below.  false: the loop runs instead. */
static bool quad_in_page(smp_ctx *c, const smp_image *m, const float wt[4],
                         const uint64_t row[2], const uint64_t col[2], float acc[4])
{
    if (!c->direct || !m || c->compare || (c->fast != SMP_FAST_RGBA8 && c->fast != SMP_FAST_BGRA8))
        return false;
    const uint64_t a[4] = { row[0] + col[0], row[0] + col[1], row[1] + col[0], row[1] + col[1] };
    uint64_t lo = a[0], hi = a[0];
    for (unsigned j = 1; j < 4; j++)
        lo = a[j] < lo ? a[j] : lo, hi = a[j] > hi ? a[j] : hi;
    if (hi + 4 > (1ull << 32) || lo >> G7SF_PAGE_SHIFT != (hi + 3) >> G7SF_PAGE_SHIFT)
        return false;
    const uint8_t *page = smp_host_bytes(c, (uint32_t)lo & ~(G7SF_PAGE_SIZE - 1), 1);
    if (!page)
        return false;
    const unsigned r = c->fast == SMP_FAST_RGBA8 ? 0 : 2;
    for (unsigned j = 0; j < 4; j++) {
        if (wt[j] == 0.0f)
            continue;
        g7sf_texel t;
        smp_unorm8x4(page + (a[j] & (G7SF_PAGE_SIZE - 1)), r, false, &t);
        accumulate(c, wt[j], t.f, acc);
    }
    return true;
}

/* acc += w * the NEAREST or LINEAR filter at level lod around the pixel
 * (filter_level, smp_nearest / smp_linear, smp_tap / smp_quad). */
static void level_filter(smp_ctx *c, const g7sf_sample_args *a, const smp_pixel *q,
                         bool linear, unsigned lod, float w, float acc[4])
{
    float ratio[2];
    const uint32_t *size = level_size(c, lod, ratio);
    const smp_image *m = smp_image_at(c, lod, q->slice);
    float p[2];
    for (unsigned k = 0; k < 2; k++)
        p[k] = q->p[k] * ratio[k] + (float)a->offset[k];
    g7sf_texel t;
    if (!linear) {
        uint32_t x = smp_address_in(c->mode[0], smp_fixed(p[0], c->round[0]) >> SMP_SUB_BITS,
                                    size[0]);
        uint32_t y = smp_address_in(c->mode[1], smp_fixed(p[1], c->round[1]) >> SMP_SUB_BITS,
                                    size[1]);
        if (c->reduce && w == 0.0f)
            return;                          /* a tap of weight 0 is no texel of a reduction */
        texel(c, m, row_part(c, m, y) + col_part(c, m, x), lod, q->slice, x, y, &t);
        accumulate(c, w, t.f, acc);
        return;
    }
    const float unit = 1.0f / SMP_SUB_ONE;
    uint32_t xy[2][2];
    float wk[2][2];
    for (unsigned k = 0; k < 2; k++) {
        /* texel centres sit at half-integers */
        int64_t f = smp_fixed(p[k], c->round[k]) - SMP_SUB_ONE / 2;
        int64_t i0 = f >> SMP_SUB_BITS;
        unsigned w1 = (unsigned)(f & (SMP_SUB_ONE - 1));
        wk[k][0] = (float)(SMP_SUB_ONE - w1) * unit, wk[k][1] = (float)w1 * unit;
        for (unsigned d = 0; d < 2; d++)
            xy[k][d] = smp_address_in(c->mode[k], i0 + d, size[k]);
    }
    /* the third axis's weight is (SMP_SUB_ONE - 0) * unit = 1.0: kept in
     * the product, as the reference multiplies by it */
    const float wz = (float)SMP_SUB_ONE * unit;
    float wt[4];
    for (unsigned j = 0; j < 4; j++)
        wt[j] = w * wk[0][j & 1] * wk[1][j >> 1] * wz;
    const uint64_t col[2] = { col_part(c, m, xy[0][0]), col_part(c, m, xy[0][1]) };
    const uint64_t row[2] = { row_part(c, m, xy[1][0]), row_part(c, m, xy[1][1]) };
    if (quad_in_page(c, m, wt, row, col, acc))
        return;
    for (unsigned j = 0; j < 4; j++) {
        if (wt[j] == 0.0f)
            continue;
        texel(c, m, row[j >> 1] + col[j & 1], lod, q->slice, xy[0][j & 1], xy[1][j >> 1], &t);
        accumulate(c, wt[j], t.f, acc);
    }
}

/* The view's first level's size, by which normalized coordinates scale
 * (1 for unnormalized ones). */
static void coordinate_scale(const smp_ctx *c, float scale[2])
{
    bool unnorm = c->smp->state.non_normalized_coordinate_enable;
    scale[0] = unnorm ? 1.0f : (float)c->base[0], scale[1] = unnorm ? 1.0f : (float)c->base[1];
}

/* d[s2][k]: d/dx (s2 = 0) and d/dy of u (k = 0) and v of pixel i in
 * texels: sample_d's parameters, or within a subspan (count 4) UR - UL
 * and LL - UL, else 0. */
static void derivatives(const g7sf_sample_args *a, unsigned first, unsigned count, unsigned i,
                        const float scale[2], float d[2][3])
{
    const g7sf_sample_value *u = a->p[G7SF_PARAM_U] + first, *v = a->p[G7SF_PARAM_V] + first;
    float e[2][2] = { { 0.0f, 0.0f }, { 0.0f, 0.0f } };
    if (a->op == G7SF_OP_SAMPLE_D || a->op == G7SF_OP_SAMPLE_D_C) {
        e[0][0] = a->p[G7SF_PARAM_DUDX][i].f, e[1][0] = a->p[G7SF_PARAM_DUDY][i].f;
        e[0][1] = a->p[G7SF_PARAM_DVDX][i].f, e[1][1] = a->p[G7SF_PARAM_DVDY][i].f;
    } else if (count == 4) {
        e[0][0] = u[1].f - u[0].f, e[1][0] = u[2].f - u[0].f;
        e[0][1] = v[1].f - v[0].f, e[1][1] = v[2].f - v[0].f;
    }
    for (unsigned s2 = 0; s2 < 2; s2++)
        d[s2][0] = e[s2][0] * scale[0], d[s2][1] = e[s2][1] * scale[1], d[s2][2] = 0.0f;
}

void smp_fast2d_setup(const smp_ctx *c, const g7sf_sample_args *a, unsigned first,
                      unsigned count, smp_pixel *px)
{
    float scale[2];
    coordinate_scale(c, scale);
    for (unsigned j = 0; j < count; j++) {
        smp_pixel *q = &px[j];
        unsigned i = first + j;
        derivatives(a, first, count, i, scale, q->d);
        q->slice = smp_slice(c, a->p[G7SF_PARAM_R][i].f, 0);   /* 2D: r is the array index */
        q->p[0] = a->p[G7SF_PARAM_U][i].f * scale[0], q->p[1] = a->p[G7SF_PARAM_V][i].f * scale[1];
        q->p[2] = 0.0f;
    }
}

/* The level selection of pixel q: LOD from its derivatives (or sample_l's
 * LOD) and bias through smp_lod_choose, remembered for the next pixel with
 * the same inputs: a subspan's four pixels share their derivatives, so
 * sample and sample_c choose once per subspan what the reference chooses
 * four times (same inputs, same float operations, same result). */
static void choose(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const float qd[2][3],
                   smp_lodsel *sel)
{
    unsigned op = a->op;
    bool lod_param = op == G7SF_OP_SAMPLE_L || op == G7SF_OP_SAMPLE_L_C;
    bool bias_param = op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_B_C;
    uint32_t key[7];   /* the derivatives of every axis (r's 0 but on 3D), LOD or bias */
    memcpy(key, qd, 6 * sizeof(float));
    key[6] = lod_param ? a->p[G7SF_PARAM_LOD][i].u : bias_param ? a->p[G7SF_PARAM_BIAS][i].u : 0;
    if (c->sel_known && !memcmp(key, c->sel_key, sizeof key)) {
        *sel = c->sel;
        return;
    }
    float d[2][3];   /* a copy: gcc's sanitizer build misreads q->d's size here */
    memcpy(d, qd, sizeof d);
    float lod = lod_param ? a->p[G7SF_PARAM_LOD][i].f : smp_lod_from_grad(d, c->dims);
    if (a->force_lod_zero && !lod_param)   /* Force LOD to Zero, as sample_pixel */
        lod = 0.0f;
    smp_lod_choose(&c->lodk, lod, bias_param ? a->p[G7SF_PARAM_BIAS][i].f : 0.0f, sel);
    memcpy(c->sel_key, key, sizeof key);
    c->sel = *sel;
    c->sel_known = true;
}

void smp_fast2d_pixel(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const smp_pixel *q,
                      g7sf_texel *out)
{
    const g7sf_sampler_state *ss = &c->smp->state;
    smp_lodsel sel;
    choose(c, a, i, q->d, &sel);
    bool mag = sel.mag;
    bool linear = (mag ? ss->mag_mode_filter : ss->min_mode_filter) == G7SF_MAPFILTER_LINEAR;
    c->round[0] = mag ? ss->u_address_mag_rounding : ss->u_address_min_rounding;
    c->round[1] = mag ? ss->v_address_mag_rounding : ss->v_address_min_rounding;
    c->ref = a->p[G7SF_PARAM_REF][i].f;
    if (sel.out_of_bounds && !(ss->mip_mode_filter == G7SF_MIPFILTER_LINEAR && !mag)) {
        smp_zero_texel(c, out);   /* erratum, L520 */
        return;
    }
    float acc[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
    if (c->reduce)   /* min/max: the losing start every texel beats (smp.h) */
        acc[0] = acc[1] = acc[2] = acc[3] = smp_reduce_start();
    level_filter(c, a, q, linear, sel.lod0, 1.0f - sel.beta, acc);
    if (sel.beta > 0.0f)
        level_filter(c, a, q, linear, sel.lod1, sel.beta, acc);
    memcpy(out->f, acc, sizeof acc);
}

/* Whether two lanes chose alike (the fields the filters read). */
static bool same_choice(const smp_lodsel *x, const smp_lodsel *y)
{
    return x->lod0 == y->lod0 && x->lod1 == y->lod1 && x->mag == y->mag &&
           x->out_of_bounds == y->out_of_bounds &&
           !memcmp(&x->beta, &y->beta, sizeof x->beta);
}

/* Level lod of the group's slice as lanes.c's kernel takes it: false when
 * the image is missing (the per-pixel path answers then). */
static bool lanes_level(smp_ctx *c, const g7sf_sample_args *a, unsigned lod, uint32_t slice,
                        smp_lanes_level *lv)
{
    const uint32_t *size = level_size(c, lod, lv->ratio);
    if (!(lv->m = smp_image_at(c, lod, slice)))   /* 3D: slice 0, the level exists */
        return false;
    lv->lod = lod;
    lv->dims = c->dims;
    for (unsigned k = 0; k < 2; k++)
        lv->size[k] = size[k], lv->off[k] = (float)a->offset[k];
    if (c->dims == 3) {
        /* the slices of the level: 2^lod a row (g7sf_surface_image_offset),
         * their spacing read off the images of slices 1 and 2^lod */
        const g7sf_surface *s = &c->tex->surf;
        uint32_t d, r = 1u << lod, x, y;
        g7sf_surface_level_size(s, lod, NULL, NULL, &d);
        lv->size[2] = d;
        lv->ratio[2] = (float)d / (float)c->base[2];
        lv->off[2] = (float)a->offset[2];
        lv->org[0] = lv->m->x, lv->org[1] = lv->m->y;
        lv->step[0] = lv->step[1] = 0;
        if (r > 1 && d > 1)
            g7sf_surface_image_offset(s, lod, 1, 0, &x, &y), lv->step[0] = x - lv->org[0];
        if (d > r)
            g7sf_surface_image_offset(s, lod, r, 0, &x, &y), lv->step[1] = y - lv->org[1];
        lv->row_shift = lod, lv->row_mask = r - 1;
    }
    return true;
}

/* The LEGACY anisotropic filter (aniso.c) of the lanes of g at level lv,
 * each lane weighed by g->w: per lane, its position at the level
 * (pixel.c's level_position), then its probes along the footprint's major
 * axis, each a LINEAR filter the kernel runs for every lane that has that
 * many (a lane of ratio 1 is one LINEAR filter at its position, as
 * smp_aniso_filter does).  Probe i of every lane in one kernel call: per
 * lane the reference's sums in its order. */
static bool aniso_level(smp_ctx *c, const smp_lanes *g, const smp_lanes_level *lv,
                        const smp_pixel *px, const smp_aniso *an, float acc[4][SMP_LANES])
{
    const double scale[2] = { (double)lv->size[0] / c->base[0],
                              (double)lv->size[1] / c->base[1] };
    float p[2][SMP_LANES], dir[2][SMP_LANES];
    float off[SMP_LANES][SMP_ANISO_MAX_PROBES], wt[SMP_LANES][SMP_ANISO_MAX_PROBES];
    unsigned n[SMP_LANES], most = 0;
    for (unsigned l = 0; l < SMP_LANES; l++) {
        n[l] = 0;
        if (!g->act[l])
            continue;
        for (unsigned k = 0; k < 2; k++)
            p[k][l] = px[l].p[k] * lv->ratio[k] + lv->off[k];
        if (an[l].ratio <= 1.0f) {
            n[l] = 1, off[l][0] = 0.0f, wt[l][0] = 1.0f, dir[0][l] = dir[1][l] = 0.0f;
        } else {
            float d[2];
            smp_aniso_direction(&an[l], scale, d);
            dir[0][l] = d[0], dir[1][l] = d[1];
            n[l] = smp_aniso_probes(an[l].ratio, off[l], wt[l]);
        }
        most = n[l] > most ? n[l] : most;
    }
    smp_lanes q = *g;   /* the probes' positions and weights */
    smp_lanes_level at = *lv;
    at.ratio[0] = at.ratio[1] = 1.0f, at.off[0] = at.off[1] = 0.0f;   /* positions at the level */
    for (unsigned i = 0; i < most; i++) {
        for (unsigned l = 0; l < SMP_LANES; l++) {
            q.act[l] = n[l] > i;
            if (!q.act[l])
                continue;
            bool one = an[l].ratio <= 1.0f;   /* smp_linear at p, weight w */
            for (unsigned k = 0; k < 2; k++)
                q.p[k][l] = one ? p[k][l] : p[k][l] + off[l][i] * dir[k][l];
            q.w[l] = one ? g->w[l] : g->w[l] * wt[l][i];
        }
        if (!smp_lanes_run(SMP_LANES_FILTER, c, &q, &at, acc))
            return false;
    }
    return true;
}

/* The level choice of pixel i under anisotropic minification, as
 * pixel.c's smp_sample_pixel makes it: the LOD of the footprint's minor
 * axis (smp_aniso_setup), unless the message gives the LOD. */
static void choose_aniso(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const smp_pixel *q,
                         smp_lodsel *sel, smp_aniso *an)
{
    unsigned op = a->op;
    bool lod_param = op == G7SF_OP_SAMPLE_L || op == G7SF_OP_SAMPLE_L_C;
    bool bias_param = op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_B_C;
    float lod;
    if (!lod_param) {
        smp_aniso_setup(c, q->d, an);
        lod = an->lod;
    } else {
        memcpy(an->d, q->d, sizeof an->d);
        an->ratio = 1.0f;
        an->lod = lod = a->p[G7SF_PARAM_LOD][i].f;
    }
    if (a->force_lod_zero && !lod_param)
        lod = 0.0f;
    smp_lod_choose(&c->lodk, lod, bias_param ? a->p[G7SF_PARAM_BIAS][i].f : 0.0f, sel);
}

/* The lanes of `group` (one slice, choices sharing their first level and
 * mag / min: choice[which[i]] is lane i's) as smp_fast2d_pixel would
 * give them (cubes and 3D: smp_sample_pixel, on px).  Each lane weighs
 * the first level by 1 - its beta; the lanes with a beta read the next
 * level too, weighed by it: per lane the reference's sums in its order. */
static void lanes_group(smp_ctx *c, const g7sf_sample_args *a, smp_lanes *g, unsigned group,
                        const smp_lodsel *choice, const uint8_t *which, uint32_t slice,
                        const smp_pixel *px, const smp_aniso *an, g7sf_sample_result *out)
{
    if (!group)
        return;
    const g7sf_sampler_state *ss = &c->smp->state;
    const smp_lodsel *sel = &choice[which[__builtin_ctz(group)]];
    bool mag = sel->mag, ok = true;
    const unsigned filter = mag ? ss->mag_mode_filter : ss->min_mode_filter;
    if (sel->out_of_bounds && !(ss->mip_mode_filter == G7SF_MIPFILTER_LINEAR && !mag)) {
        for (unsigned i = 0; i < SMP_LANES; i++)
            if (group >> i & 1) {
                smp_zero_texel(c, &out->px[i]);   /* erratum, L520 */
                if (filter == G7SF_MAPFILTER_ANISOTROPIC)   /* and alpha 0 under it */
                    out->px[i].f[3] = 0.0f;
            }
        return;
    }
    const bool probes = filter == G7SF_MAPFILTER_ANISOTROPIC;   /* c->aniso: an set */
    smp_lanes_level lv = {
        .linear = filter == G7SF_MAPFILTER_LINEAR || probes,
        .round = { mag ? ss->u_address_mag_rounding : ss->u_address_min_rounding,
                   mag ? ss->v_address_mag_rounding : ss->v_address_min_rounding,
                   mag ? ss->r_address_mag_rounding : ss->r_address_min_rounding },
        .mode = { c->mode[0], c->mode[1], c->mode[2] },
        .cube = c->cube,
    };
    unsigned second = 0;   /* the lanes with a beta, and the level they add */
    const smp_lodsel *next = sel;
    for (unsigned i = 0; i < SMP_LANES; i++) {
        const smp_lodsel *s = &choice[which[i]];
        g->act[i] = group >> i & 1;
        g->w[i] = g->act[i] ? 1.0f - s->beta : 0.0f;
        if (g->act[i] && s->beta > 0.0f)
            second |= 1u << i, next = s;
    }
    float acc[4][SMP_LANES] = { { 0.0f } };
    /* a disabled face reads the border colour: the reference's texel.c */
    ok = !(c->cube && smp_face_disabled(c, slice)) && lanes_level(c, a, sel->lod0, slice, &lv) &&
         (probes ? aniso_level(c, g, &lv, px, an, acc)
                 : smp_lanes_run(SMP_LANES_FILTER, c, g, &lv, acc));
    if (ok && second) {   /* lod1 = lod0 + 1 for every lane with a beta (lod.c) */
        for (unsigned i = 0; i < SMP_LANES; i++) {
            g->act[i] = second >> i & 1;
            g->w[i] = g->act[i] ? choice[which[i]].beta : 0.0f;
        }
        ok = lanes_level(c, a, next->lod1, slice, &lv) &&
             (probes ? aniso_level(c, g, &lv, px, an, acc)
                     : smp_lanes_run(SMP_LANES_FILTER, c, g, &lv, acc));
    }
    smp_lanes_count += ok;
    if (ok && group == 0xFFFF) {   /* a whole SIMD16 message: no tests */
        for (unsigned i = 0; i < SMP_LANES; i++)
            for (unsigned k = 0; k < 4; k++)
                out->px[i].f[k] = acc[k][i];
        return;
    }
    for (unsigned i = 0; i < SMP_LANES; i++) {
        if (!(group >> i & 1))
            continue;
        if (ok) {
            for (unsigned k = 0; k < 4; k++)
                out->px[i].f[k] = acc[k][i];
            continue;
        }
        if (px) {   /* cubes and 3D: the reference's per-pixel path */
            smp_sample_pixel(c, a, i, &px[i], &out->px[i]);
            continue;
        }
        smp_pixel q[4];   /* fast2d's per-pixel path, for this group */
        unsigned span = a->simd4x2 ? 1 : 4;   /* a subspan, or a SIMD4x2 sample */
        smp_fast2d_setup(c, a, i / span * span, span, q);
        smp_fast2d_pixel(c, a, i, &q[i % span], &out->px[i]);
    }
}

/* Whether two lanes of one slice filter together: the same first level,
 * mag or min, and out-of-bounds answer (their betas may differ). */
static bool same_level(const smp_lodsel *x, const smp_lodsel *y)
{
    return x->lod0 == y->lod0 && x->mag == y->mag && x->out_of_bounds == y->out_of_bounds;
}

/* The index of sel among the message's distinct choices, added if new. */
static unsigned choice_index(smp_lodsel choice[SMP_LANES], unsigned *choices,
                             const smp_lodsel *sel)
{
    unsigned k = 0;
    while (k < *choices && !same_choice(&choice[k], sel))
        k++;
    if (k == *choices)
        choice[(*choices)++] = *sel;
    return k;
}

/* The lanes of todo in groups of one choice and one slice. */
static void run_groups(smp_ctx *c, const g7sf_sample_args *a, smp_lanes *g, unsigned todo,
                       const smp_lodsel *choice, const uint8_t *which, const uint32_t *slice,
                       const smp_pixel *px, const smp_aniso *an, g7sf_sample_result *out)
{
    while (todo) {
        unsigned first = (unsigned)__builtin_ctz(todo), group = 0;
        const smp_lodsel *s = &choice[which[first]];
        for (unsigned i = first; i < SMP_LANES; i++)
            if ((todo >> i & 1) && slice[i] == slice[first] && same_level(&choice[which[i]], s))
                group |= 1u << i;
        todo &= ~group;
        lanes_group(c, a, g, group, choice, which, slice[first], px, an, out);
    }
}

/* Cubes and 3D surfaces: pixel.c's set-up (cubes: face, position and
 * derivatives on it, per pixel), a level choice per pixel, groups by
 * choice and face. */
static void setup_lanes(smp_ctx *c, const g7sf_sample_args *a, unsigned todo,
                        g7sf_sample_result *out)
{
    smp_pixel px[SMP_LANES];
    smp_aniso an[SMP_LANES];
    smp_lodsel choice[SMP_LANES];
    unsigned choices = 0;
    uint8_t which[SMP_LANES] = { 0 };
    uint32_t slice[SMP_LANES] = { 0 };
    smp_lanes g;
    memset(&g, 0, sizeof g);
    g.n = a->n;
    const unsigned span = a->simd4x2 ? 1 : 4;   /* a subspan, or a SIMD4x2 sample */
    for (unsigned first = 0; first < a->n; first += span) {
        if (!(todo >> first & ((1u << span) - 1)))
            continue;
        smp_setup_pixels(c, a, first, span, px + first);
        for (unsigned i = first; i < first + span; i++) {
            if (!(todo >> i & 1))
                continue;
            smp_lodsel sel;
            if (c->aniso)
                choose_aniso(c, a, i, &px[i], &sel, &an[i]);
            else
                choose(c, a, i, px[i].d, &sel);
            which[i] = (uint8_t)choice_index(choice, &choices, &sel);
            slice[i] = px[i].slice;
            g.p[0][i] = px[i].p[0], g.p[1][i] = px[i].p[1], g.p[2][i] = px[i].p[2];
            g.ref[i] = a->p[G7SF_PARAM_REF][i].f;
        }
    }
    run_groups(c, a, &g, todo, choice, which, slice, px, c->aniso ? an : NULL, out);
}

/* Whether every LOD leads to the same filtering: with MIPFILTER_NONE the
 * level is the view's first whatever the LOD (smp_lod_choose), and the
 * LOD's one other use, mag or min, picks between equal filters and equal
 * roundings.  (The erratum zero of an out-of-bounds view then applies on
 * both sides.) */
static bool lod_free(const g7sf_sampler_state *ss)
{
    return ss->mip_mode_filter == G7SF_MIPFILTER_NONE &&
           ss->mag_mode_filter == ss->min_mode_filter &&
           ss->u_address_mag_rounding == ss->u_address_min_rounding &&
           ss->v_address_mag_rounding == ss->v_address_min_rounding;
}

void smp_fast2d_lanes(smp_ctx *c, const g7sf_sample_args *a, g7sf_sample_result *out)
{
    const g7sf_sample_value *u = a->p[G7SF_PARAM_U], *v = a->p[G7SF_PARAM_V];
    /* sample and sample_c take no LOD input per pixel: a subspan chooses once */
    bool shared = a->op == G7SF_OP_SAMPLE || a->op == G7SF_OP_SAMPLE_C;
    float scale[2];
    /* the distinct choices (same_choice) and each lane's */
    smp_lodsel choice[SMP_LANES];
    unsigned choices = 0;
    uint8_t which[SMP_LANES];
    uint32_t slice[SMP_LANES];
    smp_lanes g;
    unsigned todo = a->mask & ((1u << a->n) - 1);
    if (!todo)   /* no pixel on: nothing to write */
        return;
    g.n = a->n;
    coordinate_scale(c, scale);
    for (unsigned i = 0; i < SMP_LANES; i++) {   /* every lane: no branch */
        g.p[0][i] = u[i].f * scale[0], g.p[1][i] = v[i].f * scale[1];
        g.ref[i] = a->p[G7SF_PARAM_REF][i].f;
        slice[i] = c->tex->min_array_element;
    }
    bool slices = c->tex->array_len > 1;   /* else every index reads slice 0 */
    if (!c->fast2d) {   /* cubes, 3D, anisotropic: pixel.c's set-up */
        setup_lanes(c, a, todo, out);
        return;
    }
    if (slices)
        for (unsigned i = 0; i < a->n; i++)
            slice[i] = smp_slice(c, a->p[G7SF_PARAM_R][i].f, 0);
    bool chosen = lod_free(&c->smp->state);
    if (chosen) {   /* one choice for every lane, whatever its LOD */
        smp_lod_choose(&c->lodk, 0.0f, 0.0f, &choice[0]);
        memset(which, 0, sizeof which);
        choices = 1;
        if (!slices) {
            lanes_group(c, a, &g, todo, choice, which, slice[0], NULL, NULL, out);
            return;
        }
    }
    const unsigned span = a->simd4x2 ? 1 : 4;   /* a subspan, or a SIMD4x2 sample */
    for (unsigned first = 0; first < a->n && !chosen; first += span) {
        unsigned live = todo >> first & ((1u << span) - 1);
        if (!live)
            continue;
        for (unsigned i = first; i < first + span; i++) {
            if (!(live >> (i - first) & 1))
                continue;
            float d[2][3];
            smp_lodsel sel;
            derivatives(a, first, span, i, scale, d);
            choose(c, a, i, d, &sel);
            unsigned k = choice_index(choice, &choices, &sel);
            if (shared) {   /* the subspan's other lanes choose alike */
                memset(which + i, (int)k, first + span - i);
                break;
            }
            which[i] = (uint8_t)k;
        }
    }
    run_groups(c, a, &g, todo, choice, which, slice, NULL, NULL, out);
}
