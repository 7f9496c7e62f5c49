/* Min/max texture filtering of patent US 9355490 (shared spec file 003):
 * the comparison tree and the collectors, modelled block by block so that
 * the counters are those of the hardware.  Line numbers (Lnn) are those of
 * 003_bbdc69a2c5e6a7d9.txt; the decisions are in docs/spec-notes.md,
 * "Patent 003: min/max filtering". */
#include <math.h>
#include <string.h>

#include "gen7sf/minmax.h"
#include "smp.h"

/* A value on a wire of the tree: L146 offers a "predetermined default
 * value" that always loses or "a status flag passed through the tree"; we
 * model the flag, since with a plain +inf default an all-NaN footprint
 * (NaN losing to everything) would come out as +inf, a value that is no
 * texel.  Where both agree (any non-NaN texel) the results are the same. */
typedef struct wire {
    float v[4];
    bool ok;                     /* carries a contributing texel */
} wire;

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* One channel of one block (L138-L140): a subtractor and a selector; the
 * sampler's standard-footprint reduction (pixel.c, texel.c) folds with it
 * too (smp.h).  The
 * sign of a - b is exact for finite floats (a - b rounds to 0 only when
 * a == b, subnormals kept), so the selector sees the true order; what the
 * subtractor cannot tell (±0, NaN) follows the rule of minmax.h. */
float smp_minmax_pick(unsigned op, float a, float b)
{
    bool an = isnan(a), bn = isnan(b);
    if (an || bn) {
        if (an && bn)            /* both NaN: the smaller pattern, order-free */
            return bits(a) <= bits(b) ? a : b;
        return an ? b : a;       /* a NaN loses (minNum / maxNum) */
    }
    if (a == b) {                /* ties, ±0 included: -0 below +0 */
        bool as = signbit(a) != 0;
        if (op == G7SF_MINMAX_MIN)
            return as ? a : b;
        return as ? b : a;
    }
    if (op == G7SF_MINMAX_MIN)
        return a < b ? a : b;
    return a > b ? a : b;
}

float smp_reduce_start(void)
{
    const uint32_t u = 0xffffffffu;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* A whole block: 4 channels as lanes, and the status flag (a wire without a
 * contributing texel loses whatever it carries). */
static wire block(unsigned op, wire a, wire b, unsigned *count)
{
    (*count)++;
    if (!a.ok)
        return b;
    if (!b.ok)
        return a;
    wire r = { .ok = true };
    for (int c = 0; c < 4; c++)
        r.v[c] = smp_minmax_pick(op, a.v[c], b.v[c]);
    return r;
}

static wire losing(unsigned op)
{
    float l = op == G7SF_MINMAX_MIN ? INFINITY : -INFINITY;
    return (wire){ { l, l, l, l }, false };
}

/* One pass of up to four quads (L122-L136).  in[k][t]: texel t of tree
 * input group k, losing where nothing contributes. */
static void pass(unsigned op, const wire in[4][4], unsigned used, wire coll[4],
                 g7sf_minmax_result *r)
{
    wire g[4];
    for (int k = 0; k < 4; k++) {
        /* Stage 1, L124: two pairwise blocks per quad, (T0, T1), (T2, T3). */
        wire s0 = block(op, in[k][0], in[k][1], &r->tree_compares);
        wire s1 = block(op, in[k][2], in[k][3], &r->tree_compares);
        /* Stage 2, L126: the group-level (quad) value. */
        g[k] = block(op, s0, s1, &r->tree_compares);
    }
    /* Stage 3, L128: two multi-group values; stage 4, L130: one. */
    wire m01 = block(op, g[0], g[1], &r->tree_compares);
    wire m23 = block(op, g[2], g[3], &r->tree_compares);
    wire m = block(op, m01, m23, &r->tree_compares);

    /* The collectors' input selector (L132-L134, L144): all four take the
     * stage-4 value when the tree is full; the stage-3 values (collectors
     * 0-1 m01, 2-3 m23) when it holds two or three quads ("partial
     * utilization", L134); each its own quad value with one quad.  Which
     * wire is chosen changes only which collector holds what, never the
     * final result, since every wire carries only footprint texels. */
    for (int i = 0; i < 4; i++) {
        wire w = used == 4 ? m : used >= 2 ? (i < 2 ? m01 : m23) : g[i];
        coll[i] = block(op, coll[i], w, &r->collector_compares); /* L142 */
    }
    r->passes++;
}

int g7sf_minmax_quads(unsigned op, const float (*quad)[4][4], const uint8_t *texel_mask,
                      unsigned n, g7sf_minmax_result *out, const char **why)
{
    const char *bad = NULL;
    if (!out)
        bad = "result is NULL";
    else if (op > G7SF_MINMAX_MAX)
        bad = "op is neither MIN nor MAX";
    else if (n > G7SF_MINMAX_QUADS)
        bad = "more than 16 quads";
    else if (n && !quad)
        bad = "quads are NULL";
    if (why)
        *why = bad;
    if (bad)
        return G7SF_EINVAL;

    g7sf_minmax_result r;
    memset(&r, 0, sizeof r);
    wire coll[4];                /* L142: buffers start at the default */
    for (int i = 0; i < 4; i++)
        coll[i] = losing(op);

    wire in[4][4];
    unsigned used = 0;
    for (unsigned k = 0; k < n; k++) {
        unsigned mask = texel_mask ? texel_mask[k] & 15u : 15u;
        if (!mask)
            continue;            /* no address generated for the quad (L60) */
        r.quads++;
        for (int t = 0; t < 4; t++) {
            in[used][t] = losing(op);
            if (mask >> t & 1) {
                in[used][t].ok = true;
                memcpy(in[used][t].v, quad[k][t], sizeof in[used][t].v);
                r.texels++;
            }
        }
        if (++used == 4) {
            pass(op, (const wire(*)[4])in, used, coll, &r);
            used = 0;
        }
    }
    if (used) {                  /* the last pass: the rest of the tree idle */
        for (unsigned k = used; k < 4; k++)
            for (int t = 0; t < 4; t++)
                in[k][t] = losing(op);
        pass(op, (const wire(*)[4])in, used, coll, &r);
    }

    /* The output stage (L114, L136): the four results, and one after a
     * final two-level reduction like stages 3-4. */
    for (int i = 0; i < 4; i++) {
        memcpy(r.collector[i], coll[i].v, sizeof r.collector[i]);
        r.collector_valid[i] = coll[i].ok;
    }
    r.empty = r.texels == 0;
    wire fin = losing(op);
    if (!r.empty) {
        wire a = block(op, coll[0], coll[1], &r.final_compares);
        wire b = block(op, coll[2], coll[3], &r.final_compares);
        fin = block(op, a, b, &r.final_compares);
    }
    memcpy(r.result, fin.v, sizeof r.result);
    r.bytes_four = 4 * 4 * 4;
    r.bytes_one = 4 * 4;
    r.bytes_all = r.texels * 16;
    *out = r;
    return 0;
}

static const char *footprint_error(const g7sf_minmax_footprint *f)
{
    if (!f)
        return "footprint is NULL";
    if (f->kind == G7SF_MINMAX_QUAD_MASK)
        return NULL;
    if (f->kind != G7SF_MINMAX_SEPARABLE)
        return "footprint kind is neither SEPARABLE nor QUAD_MASK";
    if (f->width < 1 || f->width > 8 || f->height < 1 || f->height > 8)
        return "separable width and height must be 1..8";
    return NULL;
}

static bool inside(const g7sf_minmax_footprint *f, int x, int y)
{
    if (f->kind == G7SF_MINMAX_QUAD_MASK)
        return f->quad_mask >> (x / 2 + 4 * (y / 2)) & 1;
    int x0 = (8 - f->width) / 2, y0 = (8 - f->height) / 2;
    return x >= x0 && x < x0 + f->width && y >= y0 && y < y0 + f->height;
}

int g7sf_minmax_contributes(const g7sf_minmax_footprint *f, int x, int y)
{
    if (footprint_error(f) || x < 0 || x > 7 || y < 0 || y > 7)
        return G7SF_EINVAL;
    return inside(f, x, y);
}

int g7sf_minmax_region_origin(float u, float v, int *x0, int *y0)
{
    const float lim = 1073741824.0f;   /* 2^30 */
    if (!x0 || !y0 || !(fabsf(u) <= lim) || !(fabsf(v) <= lim))
        return G7SF_EINVAL;
    *x0 = (int)floor((double)u - 3.5);
    *y0 = (int)floor((double)v - 3.5);
    return 0;
}

int g7sf_minmax_region(const g7sf_minmax_footprint *f, unsigned op, const float (*texels)[4],
                       g7sf_minmax_result *out, const char **why)
{
    const char *bad = footprint_error(f);
    if (!bad && !texels)
        bad = "texels are NULL";
    if (bad) {
        if (why)
            *why = bad;
        return G7SF_EINVAL;
    }
    /* L60-L62: a quad enters when one of its texels contributes; its other
     * texels carry the losing value.  Quads go in raster order of q. */
    float quad[16][4][4];
    uint8_t mask[16];
    for (int q = 0; q < 16; q++) {
        mask[q] = 0;
        for (int t = 0; t < 4; t++) {
            int x = 2 * (q % 4) + (t & 1), y = 2 * (q / 4) + (t >> 1);
            memcpy(quad[q][t], texels[y * 8 + x], sizeof quad[q][t]);
            if (inside(f, x, y))
                mask[q] |= (uint8_t)(1u << t);
        }
    }
    return g7sf_minmax_quads(op, (const float(*)[4][4])quad, mask, 16, out, why);
}
