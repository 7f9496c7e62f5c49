/* The sample* operations on the commonest textures (smp.h, "fast2d.c"):
 * the same steps as sample.c's sample_pixel with its filters (filter.c)
 * and fetch (texel.c), in the same order on the same floats, so every
 * result is bit for bit the reference's (tests/test_sampler_paths.c); what
 * goes is the generality: level sizes are looked up once per message,
 * texels are read in place and decoded without the cache, and the axes and
 * cases these textures never have are not walked. */
#include <string.h>

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
    c->fast2d = c->quad && !c->chroma && !smp_reference() &&
                c->cls == G7SF_TEXEL_FLOAT && filters && !ss->sampler_disable &&
                (op == G7SF_OP_SAMPLE || op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_L ||
                 op == G7SF_OP_SAMPLE_D || op == G7SF_OP_SAMPLE_C || op == G7SF_OP_SAMPLE_B_C ||
                 op == G7SF_OP_SAMPLE_L_C || op == G7SF_OP_SAMPLE_D_C);
    c->level_known = 0;
    c->sel_known = false;
    if (c->fast2d)
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
        for (unsigned i = 0; i < 4; i++)
            acc[i] += wt[j] * t.f[i];
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
        texel(c, m, row_part(c, m, y) + col_part(c, m, x), lod, q->slice, x, y, &t);
        for (unsigned i = 0; i < 4; i++)
            acc[i] += w * t.f[i];
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
        for (unsigned i = 0; i < 4; i++)
            acc[i] += wt[j] * t.f[i];
    }
}

void smp_fast2d_setup(const smp_ctx *c, const g7sf_sample_args *a, unsigned first,
                      unsigned count, smp_pixel *px)
{
    bool unnorm = c->smp->state.non_normalized_coordinate_enable;
    const float scale[2] = { unnorm ? 1.0f : (float)c->base[0], unnorm ? 1.0f : (float)c->base[1] };
    const g7sf_sample_value *u = a->p[G7SF_PARAM_U] + first, *v = a->p[G7SF_PARAM_V] + first;
    bool grads = a->op == G7SF_OP_SAMPLE_D || a->op == G7SF_OP_SAMPLE_D_C;
    for (unsigned j = 0; j < count; j++) {
        smp_pixel *q = &px[j];
        float d[2][2] = { { 0.0f, 0.0f }, { 0.0f, 0.0f } };
        if (grads) {
            unsigned i = first + j;
            d[0][0] = a->p[G7SF_PARAM_DUDX][i].f, d[1][0] = a->p[G7SF_PARAM_DUDY][i].f;
            d[0][1] = a->p[G7SF_PARAM_DVDX][i].f, d[1][1] = a->p[G7SF_PARAM_DVDY][i].f;
        } else if (count == 4) {   /* UR - UL, LL - UL of the subspan */
            d[0][0] = u[1].f - u[0].f, d[1][0] = u[2].f - u[0].f;
            d[0][1] = v[1].f - v[0].f, d[1][1] = v[2].f - v[0].f;
        }
        q->slice = smp_slice(c, a->p[G7SF_PARAM_R][first + j].f, 0);   /* 2D: r is the array index */
        q->p[0] = u[j].f * scale[0], q->p[1] = v[j].f * scale[1], q->p[2] = 0.0f;
        for (unsigned s2 = 0; s2 < 2; s2++) {
            q->d[s2][0] = d[s2][0] * scale[0], q->d[s2][1] = d[s2][1] * scale[1];
            q->d[s2][2] = 0.0f;
        }
    }
}

/* The level selection of pixel q: LOD from its derivatives (or sample_l's
 * LOD) and bias through smp_lod_choose, remembered for the next pixel with
 * the same inputs: a subspan's four pixels share their derivatives, so
 * sample and sample_c choose once per subspan what the reference chooses
 * four times (same inputs, same float operations, same result). */
static void choose(smp_ctx *c, const g7sf_sample_args *a, unsigned i, const smp_pixel *q,
                   smp_lodsel *sel)
{
    unsigned op = a->op;
    bool lod_param = op == G7SF_OP_SAMPLE_L || op == G7SF_OP_SAMPLE_L_C;
    bool bias_param = op == G7SF_OP_SAMPLE_B || op == G7SF_OP_SAMPLE_B_C;
    uint32_t key[5];
    memcpy(key, q->d[0], 2 * sizeof(float));
    memcpy(key + 2, q->d[1], 2 * sizeof(float));
    key[4] = lod_param ? a->p[G7SF_PARAM_LOD][i].u : bias_param ? a->p[G7SF_PARAM_BIAS][i].u : 0;
    if (c->sel_known && !memcmp(key, c->sel_key, sizeof key)) {
        *sel = c->sel;
        return;
    }
    float d[2][3];   /* a copy: gcc's sanitizer build misreads q->d's size here */
    memcpy(d, q->d, sizeof d);
    float lod = lod_param ? a->p[G7SF_PARAM_LOD][i].f : smp_lod_from_grad(d, 2);
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
    choose(c, a, i, q, &sel);
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
    level_filter(c, a, q, linear, sel.lod0, 1.0f - sel.beta, acc);
    if (sel.beta > 0.0f)
        level_filter(c, a, q, linear, sel.lod1, sel.beta, acc);
    memcpy(out->f, acc, sizeof acc);
}
