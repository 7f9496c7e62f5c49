/* Min/max filtering of patent US 9355490 (shared spec 003) through
 * g7sf_minmax_region and g7sf_minmax_quads: the tree against a brute-force
 * reduction written here, the invariants of issue 22 A and the counters
 * worked out by hand.  The reference order: NaN loses to any number, of two
 * NaNs the smaller bit pattern wins, -0 is below +0 (docs/spec-notes.md,
 * "Patent 003: min/max filtering"). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "gen7sf/minmax.h"
#include "harness.h"

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* A monotone integer key of a non-NaN float: -0 sorts below +0. */
static uint32_t key(float f)
{
    uint32_t u = fbits(f);
    return u & 0x80000000u ? ~u : u | 0x80000000u;
}

/* Brute force over a list: the reference, independent of the tree. */
static float brute(unsigned op, const float *v, int n)
{
    int best = -1;
    for (int i = 0; i < n; i++) {
        if (isnan(v[i]))
            continue;
        if (best < 0 || (op == G7SF_MINMAX_MIN ? key(v[i]) < key(v[best])
                                               : key(v[i]) > key(v[best])))
            best = i;
    }
    if (best >= 0)
        return v[best];
    if (n == 0)
        return op == G7SF_MINMAX_MIN ? INFINITY : -INFINITY;
    for (int i = 1; i < n; i++)  /* all NaN */
        if (fbits(v[i]) < fbits(v[best < 0 ? 0 : best]))
            best = i;
    return v[best < 0 ? 0 : best];
}

/* The footprint rule restated: quad (x/2, y/2) bit, or the centred
 * rectangle starting at (8 - w) / 2. */
static bool in_mask(uint16_t mask, int x, int y)
{
    return mask >> ((y / 2) * 4 + x / 2) & 1;
}

static bool in_rect(int w, int h, int x, int y)
{
    int x0 = (8 - w) / 2, y0 = (8 - h) / 2;
    return x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
}

static float rnd_float(void)
{
    /* Values with many ties and both zeros. */
    switch (t_rand() % 8) {
    case 0: return 0.0f;
    case 1: return -0.0f;
    case 2: return (float)(int)(t_rand() % 5) - 2.0f;
    default: return ((float)(t_rand() % 2000001) - 1000000.0f) / 1024.0f;
    }
}

static void fill(float t[64][4])
{
    for (int i = 0; i < 64; i++)
        for (int c = 0; c < 4; c++)
            t[i][c] = rnd_float();
}

static bool same(float a, float b)
{
    return fbits(a) == fbits(b);
}

/* The tree over footprint f against brute force, every channel, both ops;
 * pass count against the quads counted here. */
static void check_footprint(const g7sf_minmax_footprint *f, float t[64][4], const char *what)
{
    int quads = 0, texels = 0;
    bool qseen[16] = { false };
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            bool in = f->kind == G7SF_MINMAX_QUAD_MASK ? in_mask(f->quad_mask, x, y)
                                                       : in_rect(f->width, f->height, x, y);
            CHECK_EQ(g7sf_minmax_contributes(f, x, y), in);
            if (in) {
                texels++;
                qseen[(y / 2) * 4 + x / 2] = true;
            }
        }
    for (int q = 0; q < 16; q++)
        quads += qseen[q];
    for (unsigned op = 0; op < 2; op++) {
        g7sf_minmax_result r;
        CHECK_EQ(g7sf_minmax_region(f, op, (const float(*)[4])t, &r, NULL), 0);
        CHECK_EQ(r.quads, quads);
        CHECK_EQ(r.texels, texels);
        CHECK_EQ(r.passes, (quads + 3) / 4);
        CHECK_EQ(r.empty, texels == 0);
        for (int c = 0; c < 4; c++) {
            float v[64];
            int n = 0;
            for (int y = 0; y < 8; y++)
                for (int x = 0; x < 8; x++)
                    if (g7sf_minmax_contributes(f, x, y) == 1)
                        v[n++] = t[y * 8 + x][c];
            float want = brute(op, v, n);
            CHECKF(same(r.result[c], want), "%s op %u ch %d: %a want %a", what, op, c,
                   (double)r.result[c], (double)want);
            /* The four results reduce to the same by brute force. */
            float four[4];
            int nv = 0;
            for (int i = 0; i < 4; i++)
                if (r.collector_valid[i])
                    four[nv++] = r.collector[i][c];
            CHECK(same(brute(op, four, nv), want));
        }
    }
}

TEST(brute_force_random_quad_masks)
{
    static const uint16_t fixed[] = { 0x0000, 0x0001, 0x8000, 0x0007, 0x0421, 0x001F,
                                      0x8421, 0xFFFF, 0x0660, 0xF000 };
    float t[64][4];
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        fill(t);
        g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, fixed[i] };
        check_footprint(&f, t, "fixed mask");
    }
    for (int i = 0; i < 400; i++) {
        fill(t);
        g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, (uint16_t)t_rand() };
        check_footprint(&f, t, "random mask");
    }
}

TEST(brute_force_every_separable_size)
{
    float t[64][4];
    for (int h = 1; h <= 8; h++)
        for (int w = 1; w <= 8; w++) {
            fill(t);
            g7sf_minmax_footprint f = { G7SF_MINMAX_SEPARABLE, w, h, 0 };
            check_footprint(&f, t, "separable");
        }
}

TEST(separable_anchoring)
{
    /* 2x2 is region (3..4, 3..4): the bilinear footprint; 1x1 is (3, 3);
     * 3x3 is (2..4); 8x8 the whole region. */
    g7sf_minmax_footprint f = { G7SF_MINMAX_SEPARABLE, 2, 2, 0 };
    CHECK_EQ(g7sf_minmax_contributes(&f, 3, 3), 1);
    CHECK_EQ(g7sf_minmax_contributes(&f, 4, 4), 1);
    CHECK_EQ(g7sf_minmax_contributes(&f, 2, 3), 0);
    CHECK_EQ(g7sf_minmax_contributes(&f, 5, 4), 0);
    f.width = f.height = 1;
    CHECK_EQ(g7sf_minmax_contributes(&f, 3, 3), 1);
    CHECK_EQ(g7sf_minmax_contributes(&f, 4, 4), 0);
    f.width = f.height = 3;
    CHECK_EQ(g7sf_minmax_contributes(&f, 2, 2), 1);
    CHECK_EQ(g7sf_minmax_contributes(&f, 5, 5), 0);
    f.width = f.height = 8;
    CHECK_EQ(g7sf_minmax_contributes(&f, 0, 0), 1);
    CHECK_EQ(g7sf_minmax_contributes(&f, 7, 7), 1);
    /* The 2x2 spans 4 quads (5, 6, 9, 10): one full pass. */
    float t[64][4] = { { 0 } };
    g7sf_minmax_result r;
    f.width = f.height = 2;
    CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MIN, (const float(*)[4])t, &r, NULL), 0);
    CHECK_EQ(r.quads, 4);
    CHECK_EQ(r.texels, 4);
    CHECK_EQ(r.passes, 1);
}

TEST(region_origin)
{
    int x, y;
    CHECK_EQ(g7sf_minmax_region_origin(4.0f, 4.5f, &x, &y), 0);
    CHECK_EQ(x, 0);
    CHECK_EQ(y, 1);
    CHECK_EQ(g7sf_minmax_region_origin(3.49f, 0.0f, &x, &y), 0);
    CHECK_EQ(x, -1);
    CHECK_EQ(y, -4);
    /* Region column 3 is the bilinear left texel floor(u - 0.5). */
    for (int i = 0; i < 200; i++) {
        float u = ((float)(t_rand() % 20000) - 10000.0f) / 64.0f;
        CHECK_EQ(g7sf_minmax_region_origin(u, u, &x, &y), 0);
        CHECK_EQ(x + 3, (int)floorf(u - 0.5f));
    }
    CHECK_EQ(g7sf_minmax_region_origin(NAN, 0.0f, &x, &y), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_region_origin(0.0f, INFINITY, &x, &y), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_region_origin(0.0f, 0.0f, NULL, &y), G7SF_EINVAL);
}

/* Footprint of q quads at random positions (0 <= q <= 16). */
static uint16_t mask_of(int q)
{
    uint16_t m = 0;
    while (__builtin_popcount(m) < q)
        m |= (uint16_t)(1u << (t_rand() % 16));
    return m;
}

TEST(counters_by_hand)
{
    static const struct { int quads, passes; } c[] = {
        { 0, 0 }, { 1, 1 }, { 3, 1 }, { 4, 1 }, { 5, 2 }, { 8, 2 }, { 9, 3 }, { 16, 4 },
    };
    float t[64][4];
    fill(t);
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, mask_of(c[i].quads) };
        g7sf_minmax_result r;
        CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MAX, (const float(*)[4])t, &r, NULL), 0);
        CHECK_EQ(r.quads, c[i].quads);
        CHECK_EQ(r.texels, 4 * c[i].quads);
        CHECK_EQ(r.passes, c[i].passes);
        CHECK_EQ(r.tree_compares, 15 * c[i].passes);      /* 8 + 4 + 2 + 1 */
        CHECK_EQ(r.collector_compares, 4 * c[i].passes);
        CHECK_EQ(r.final_compares, c[i].quads ? 3 : 0);
        CHECK_EQ(r.bytes_four, 64);
        CHECK_EQ(r.bytes_one, 16);
        CHECK_EQ(r.bytes_all, 64 * c[i].quads);            /* 4 texels x 16 bytes */
    }
    /* A 3x1 separable footprint: region (2..4, 3): quads 4 and 5, 3 texels. */
    g7sf_minmax_footprint f = { G7SF_MINMAX_SEPARABLE, 3, 1, 0 };
    g7sf_minmax_result r;
    CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MIN, (const float(*)[4])t, &r, NULL), 0);
    CHECK_EQ(r.quads, 2);
    CHECK_EQ(r.texels, 3);
    CHECK_EQ(r.passes, 1);
    CHECK_EQ(r.bytes_all, 48);
}

TEST(empty_footprint_gives_the_losing_value)
{
    float t[64][4];
    fill(t);
    g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, 0 };
    g7sf_minmax_result r;
    CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MIN, (const float(*)[4])t, &r, NULL), 0);
    CHECK(r.empty);
    CHECK_EQ(r.passes, 0);
    CHECK_EQ(r.tree_compares + r.collector_compares + r.final_compares, 0);
    for (int c = 0; c < 4; c++) {
        CHECK(r.result[c] == INFINITY);
        for (int i = 0; i < 4; i++)
            CHECK(!r.collector_valid[i] && r.collector[i][c] == INFINITY);
    }
    CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MAX, (const float(*)[4])t, &r, NULL), 0);
    for (int c = 0; c < 4; c++)
        CHECK(r.result[c] == -INFINITY);
    CHECK_EQ(g7sf_minmax_quads(G7SF_MINMAX_MAX, NULL, NULL, 0, &r, NULL), 0);
    CHECK(r.empty);
}

/* One quad per call through g7sf_minmax_quads, every texel contributing. */
static float quad_op(unsigned op, float a, float b, float c, float d)
{
    float q[1][4][4];
    const float v[4] = { a, b, c, d };
    for (int t = 0; t < 4; t++)
        for (int ch = 0; ch < 4; ch++)
            q[0][t][ch] = v[t];
    g7sf_minmax_result r;
    CHECK_EQ(g7sf_minmax_quads(op, (const float(*)[4][4])q, NULL, 1, &r, NULL), 0);
    return r.result[0];
}

TEST(extremes_nan_and_signed_zero)
{
    const unsigned MIN = G7SF_MINMAX_MIN, MAX = G7SF_MINMAX_MAX;
    CHECK(quad_op(MIN, FLT_MAX, -FLT_MAX, 1.0f, 0.0f) == -FLT_MAX);
    CHECK(quad_op(MAX, FLT_MAX, -FLT_MAX, 1.0f, 0.0f) == FLT_MAX);
    CHECK(quad_op(MIN, INFINITY, -INFINITY, 1.0f, 0.0f) == -INFINITY);
    CHECK(quad_op(MAX, INFINITY, -INFINITY, 1.0f, 0.0f) == INFINITY);
    CHECK(quad_op(MIN, INFINITY, INFINITY, INFINITY, INFINITY) == INFINITY);
    CHECK(quad_op(MAX, -INFINITY, -INFINITY, -INFINITY, -INFINITY) == -INFINITY);
    CHECK(quad_op(MIN, FLT_TRUE_MIN, 0.0f, FLT_MIN, 1.0f) == 0.0f);
    CHECK(quad_op(MAX, -FLT_TRUE_MIN, -0.0f, -FLT_MIN, -1.0f) == 0.0f);
    CHECK(same(quad_op(MAX, -FLT_TRUE_MIN, -0.0f, -FLT_MIN, -1.0f), -0.0f));
    /* ±0: -0 below +0, in every position. */
    for (int p = 0; p < 4; p++) {
        float v[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
        v[p] = -0.0f;
        CHECK(same(quad_op(MIN, v[0], v[1], v[2], v[3]), -0.0f));
        CHECK(same(quad_op(MAX, -v[0], -v[1], -v[2], -v[3]), 0.0f));
        CHECK(same(quad_op(MAX, v[0], v[1], v[2], v[3]), 0.0f));
    }
    /* NaN loses, in every position; an all-NaN quad gives the smallest
     * NaN pattern. */
    for (int p = 0; p < 4; p++) {
        float v[4] = { 2.0f, 3.0f, -1.0f, 5.0f };
        v[p] = NAN;
        float mn = quad_op(MIN, v[0], v[1], v[2], v[3]);
        float mx = quad_op(MAX, v[0], v[1], v[2], v[3]);
        CHECK(mn == (p == 2 ? 2.0f : -1.0f));
        CHECK(mx == (p == 3 ? 3.0f : 5.0f));
    }
    float n1, n2;
    uint32_t b1 = 0x7fc00001u, b2 = 0xffc00000u;
    memcpy(&n1, &b1, 4);
    memcpy(&n2, &b2, 4);
    CHECK_EQ(fbits(quad_op(MIN, n2, n1, n2, n2)), 0x7fc00001u);
    CHECK_EQ(fbits(quad_op(MAX, n2, n2, n2, n1)), 0x7fc00001u);
    CHECK(quad_op(MIN, NAN, NAN, NAN, INFINITY) == INFINITY);
    CHECK(quad_op(MAX, NAN, -INFINITY, NAN, NAN) == -INFINITY);
}

/* A region with NaN, ±0 and extremes sprinkled through it. */
static void fill_special(float t[64][4])
{
    static const float sp[] = { 0.0f, -0.0f, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY,
                                NAN, -NAN, FLT_TRUE_MIN, 1.0f };
    for (int i = 0; i < 64; i++)
        for (int c = 0; c < 4; c++)
            t[i][c] = t_rand() % 3 ? sp[t_rand() % 10] : rnd_float();
}

TEST(brute_force_with_special_values)
{
    float t[64][4];
    for (int i = 0; i < 300; i++) {
        fill_special(t);
        g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, mask_of((int)(t_rand() % 17)) };
        check_footprint(&f, t, "special");
    }
    /* A footprint whose every texel is NaN in channel 0. */
    fill(t);
    for (int i = 0; i < 64; i++)
        t[i][0] = NAN;
    g7sf_minmax_footprint f = { G7SF_MINMAX_SEPARABLE, 5, 3, 0 };
    check_footprint(&f, t, "all NaN");
}

TEST(result_is_a_footprint_texel)
{
    float t[64][4];
    for (int i = 0; i < 200; i++) {
        fill_special(t);
        g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, (uint16_t)(t_rand() | 1) };
        for (unsigned op = 0; op < 2; op++) {
            g7sf_minmax_result r;
            CHECK_EQ(g7sf_minmax_region(&f, op, (const float(*)[4])t, &r, NULL), 0);
            for (int c = 0; c < 4; c++) {
                bool found = false;
                for (int y = 0; y < 8; y++)
                    for (int x = 0; x < 8; x++)
                        if (in_mask(f.quad_mask, x, y) && same(t[y * 8 + x][c], r.result[c]))
                            found = true;
                CHECKF(found, "case %d op %u ch %d: %a", i, op, c, (double)r.result[c]);
            }
        }
    }
}

TEST(order_of_quads_and_passes_irrelevant)
{
    for (int i = 0; i < 300; i++) {
        unsigned n = (unsigned)(t_rand() % 17);
        float q[16][4][4], p[16][4][4];
        uint8_t m[16], pm[16];
        for (unsigned k = 0; k < n; k++) {
            m[k] = (uint8_t)(t_rand() % 16);
            for (int t = 0; t < 4; t++)
                for (int c = 0; c < 4; c++)
                    q[k][t][c] = t_rand() % 4 ? rnd_float() : (t_rand() % 2 ? NAN : -0.0f);
        }
        /* A random permutation of the quads (so of their passes too). */
        unsigned perm[16];
        for (unsigned k = 0; k < n; k++)
            perm[k] = k;
        for (unsigned k = n; k > 1; k--) {
            unsigned j = (unsigned)(t_rand() % k), tmp = perm[k - 1];
            perm[k - 1] = perm[j];
            perm[j] = tmp;
        }
        for (unsigned k = 0; k < n; k++) {
            memcpy(p[k], q[perm[k]], sizeof p[k]);
            pm[k] = m[perm[k]];
        }
        for (unsigned op = 0; op < 2; op++) {
            g7sf_minmax_result a, b;
            CHECK_EQ(g7sf_minmax_quads(op, (const float(*)[4][4])q, m, n, &a, NULL), 0);
            CHECK_EQ(g7sf_minmax_quads(op, (const float(*)[4][4])p, pm, n, &b, NULL), 0);
            CHECK_EQ(a.passes, b.passes);
            CHECK_EQ(a.texels, b.texels);
            for (int c = 0; c < 4; c++)
                CHECKF(same(a.result[c], b.result[c]), "case %d op %u ch %d", i, op, c);
        }
    }
}

TEST(subset_monotonicity)
{
    float t[64][4];
    for (int i = 0; i < 300; i++) {
        fill(t);
        uint16_t super = (uint16_t)t_rand(), sub = super & (uint16_t)t_rand();
        if (!sub)
            continue;
        g7sf_minmax_footprint fs = { G7SF_MINMAX_QUAD_MASK, 0, 0, super };
        g7sf_minmax_footprint fb = { G7SF_MINMAX_QUAD_MASK, 0, 0, sub };
        g7sf_minmax_result rs, rb, xs, xb;
        CHECK_EQ(g7sf_minmax_region(&fs, G7SF_MINMAX_MIN, (const float(*)[4])t, &rs, NULL), 0);
        CHECK_EQ(g7sf_minmax_region(&fb, G7SF_MINMAX_MIN, (const float(*)[4])t, &rb, NULL), 0);
        CHECK_EQ(g7sf_minmax_region(&fs, G7SF_MINMAX_MAX, (const float(*)[4])t, &xs, NULL), 0);
        CHECK_EQ(g7sf_minmax_region(&fb, G7SF_MINMAX_MAX, (const float(*)[4])t, &xb, NULL), 0);
        for (int c = 0; c < 4; c++) {
            CHECK(key(rb.result[c]) >= key(rs.result[c]));
            CHECK(key(xb.result[c]) <= key(xs.result[c]));
        }
    }
}

TEST(duality_min_is_minus_max_of_minus)
{
    float t[64][4], neg[64][4];
    for (int i = 0; i < 300; i++) {
        fill(t);
        for (int j = 0; j < 64; j++)
            for (int c = 0; c < 4; c++) {
                if (t_rand() % 8 == 0)
                    t[j][c] = t_rand() % 2 ? INFINITY : -FLT_MAX;
                neg[j][c] = -t[j][c];
            }
        g7sf_minmax_footprint f = { G7SF_MINMAX_QUAD_MASK, 0, 0, (uint16_t)t_rand() };
        if (i % 3 == 0)
            f = (g7sf_minmax_footprint){ G7SF_MINMAX_SEPARABLE, 1 + (int)(t_rand() % 8),
                                         1 + (int)(t_rand() % 8), 0 };
        g7sf_minmax_result mn, mx;
        CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MIN, (const float(*)[4])t, &mn, NULL), 0);
        CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MAX, (const float(*)[4])neg, &mx, NULL), 0);
        for (int c = 0; c < 4; c++)
            CHECK(same(mn.result[c], -mx.result[c]));
    }
}

TEST(collectors_follow_tree_utilization)
{
    /* Quad k holds the constant k + 1: MIN over n quads in one pass. */
    float q[4][4][4];
    for (int k = 0; k < 4; k++)
        for (int t = 0; t < 4; t++)
            for (int c = 0; c < 4; c++)
                q[k][t][c] = (float)(k + 1);
    g7sf_minmax_result r;
    /* One quad: collector 0 takes its quad value, the others see nothing. */
    CHECK_EQ(g7sf_minmax_quads(G7SF_MINMAX_MIN, (const float(*)[4][4])q, NULL, 1, &r, NULL), 0);
    CHECK(r.collector_valid[0] && !r.collector_valid[1] && !r.collector_valid[2] &&
          !r.collector_valid[3]);
    CHECK(r.collector[0][0] == 1.0f && r.collector[1][0] == INFINITY);
    /* Three quads: stage-3 values, m01 = 1 to collectors 0-1, m23 = 3 to 2-3. */
    CHECK_EQ(g7sf_minmax_quads(G7SF_MINMAX_MIN, (const float(*)[4][4])q, NULL, 3, &r, NULL), 0);
    CHECK(r.collector[0][0] == 1.0f && r.collector[1][0] == 1.0f);
    CHECK(r.collector[2][0] == 3.0f && r.collector[3][0] == 3.0f);
    CHECK(r.result[0] == 1.0f);
    /* Four quads: the stage-4 value to all four. */
    CHECK_EQ(g7sf_minmax_quads(G7SF_MINMAX_MAX, (const float(*)[4][4])q, NULL, 4, &r, NULL), 0);
    for (int i = 0; i < 4; i++)
        CHECK(r.collector_valid[i] && r.collector[i][2] == 4.0f);
    /* A partial quad: only the masked texels count. */
    uint8_t m = 0x4;             /* T2 only */
    float one[1][4][4] = { { { 9, 9, 9, 9 }, { 1, 1, 1, 1 }, { 5, 5, 5, 5 }, { 0, 0, 0, 0 } } };
    CHECK_EQ(g7sf_minmax_quads(G7SF_MINMAX_MIN, (const float(*)[4][4])one, &m, 1, &r, NULL), 0);
    CHECK(r.result[0] == 5.0f);
    CHECK_EQ(r.texels, 1);
    CHECK_EQ(r.bytes_all, 16);
}

TEST(bad_arguments)
{
    float t[64][4] = { { 0 } };
    g7sf_minmax_result r;
    memset(&r, 0x5A, sizeof r);
    const char *why = NULL;
    g7sf_minmax_footprint f = { G7SF_MINMAX_SEPARABLE, 0, 2, 0 };
    CHECK_EQ(g7sf_minmax_region(&f, 0, (const float(*)[4])t, &r, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "1..8"));
    f.width = 9;
    CHECK_EQ(g7sf_minmax_region(&f, 0, (const float(*)[4])t, &r, &why), G7SF_EINVAL);
    f.kind = 7;
    CHECK_EQ(g7sf_minmax_region(&f, 0, (const float(*)[4])t, &r, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "kind"));
    f = (g7sf_minmax_footprint){ G7SF_MINMAX_SEPARABLE, 2, 2, 0 };
    CHECK_EQ(g7sf_minmax_region(&f, 2, (const float(*)[4])t, &r, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "op"));
    CHECK_EQ(g7sf_minmax_region(NULL, 0, (const float(*)[4])t, &r, &why), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_region(&f, 0, NULL, &r, &why), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_region(&f, 0, (const float(*)[4])t, NULL, &why), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_quads(0, NULL, NULL, 1, &r, &why), G7SF_EINVAL);
    float q[17][4][4] = { { { 0 } } };
    CHECK_EQ(g7sf_minmax_quads(0, (const float(*)[4][4])q, NULL, 17, &r, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "16"));
    CHECK_EQ(r.passes, 0x5A5A5A5Au);   /* untouched */
    CHECK_EQ(g7sf_minmax_contributes(&f, 8, 0), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_contributes(&f, 0, -1), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_contributes(NULL, 0, 0), G7SF_EINVAL);
    CHECK_EQ(g7sf_minmax_region(&f, 0, (const float(*)[4])t, &r, &why), 0);
    CHECK(why == NULL);
}
