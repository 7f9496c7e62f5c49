/* The min/max filter (erode / dilate) of gen7sf/va_morph.h, g7sf_va_morph_block,
 * built on the tree of patent US 9355490: both paths (the tree and the
 * fast one) against values worked out by hand and against a brute-force
 * loop over the footprint written here from the header's description
 * (offsets -(w - 1) / 2 .. w / 2 for a separable w; quad q at offsets
 * -3 + 2 (q % 4) and the next), then the invariants of erosion and
 * dilation: erode <= x <= dilate, duality, idempotent opening and closing. */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/va_morph.h"
#include "harness.h"

/* ---- Images ------------------------------------------------------------ */

typedef struct img {
    uint8_t *p;                  /* exactly (h - 1) stride + a row: ASan sees over-reads */
    size_t stride, size;
    int w, h;
    unsigned type;
} img;

static size_t row_len(unsigned type, int w)
{
    return type == G7SF_VA_U1 ? ((size_t)w + 7) / 8 : type == G7SF_VA_U8 ? (size_t)w : 2 * (size_t)w;
}

static img img_new(unsigned type, int w, int h, size_t pad)
{
    img m = { NULL, row_len(type, w) + pad, 0, w, h, type };
    m.size = (size_t)(h - 1) * m.stride + row_len(type, w);
    m.p = malloc(m.size);
    if (m.p)
        memset(m.p, 0xA5, m.size);   /* padding and spare bits: noise */
    return m;
}

static int32_t px(const img *m, int x, int y)
{
    const uint8_t *r = m->p + (size_t)y * m->stride;
    if (m->type == G7SF_VA_U1)
        return (r[x / 8] & (0x80 >> (x % 8))) != 0;
    if (m->type == G7SF_VA_U8)
        return r[x];
    uint16_t v;
    memcpy(&v, r + 2 * x, 2);
    return m->type == G7SF_VA_S16 ? (int16_t)v : v;
}

static void set_px(img *m, int x, int y, int32_t v)
{
    uint8_t *r = m->p + (size_t)y * m->stride;
    if (m->type == G7SF_VA_U1) {
        if (v)
            r[x / 8] |= (uint8_t)(0x80 >> (x % 8));
        else
            r[x / 8] &= (uint8_t)~(0x80 >> (x % 8));
    } else if (m->type == G7SF_VA_U8) {
        r[x] = (uint8_t)v;
    } else {
        uint16_t u = (uint16_t)v;
        memcpy(r + 2 * x, &u, 2);
    }
}

static int32_t lo_of(unsigned type) { return type == G7SF_VA_S16 ? -32768 : 0; }
static int32_t hi_of(unsigned type)
{
    return type == G7SF_VA_U1 ? 1 : type == G7SF_VA_U8 ? 255 : type == G7SF_VA_U16 ? 65535 : 32767;
}

/* Random samples; `levels` > 0 limits them to that many values (so ties and
 * flat areas occur). */
static void img_random(img *m, int levels)
{
    for (size_t i = 0; i < m->size; i++)
        m->p[i] = (uint8_t)t_rand();
    if (levels <= 0)
        return;
    int32_t lo = lo_of(m->type), span = hi_of(m->type) - lo;
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++)
            set_px(m, x, y, lo + (int32_t)(t_rand() % (uint64_t)levels) * span / (levels - 1 > 0 ? levels - 1 : 1));
}

static g7sf_va_image view(const img *m)
{
    return (g7sf_va_image){ m->p, m->stride, m->w, m->h, m->type };
}

/* ---- Brute force ------------------------------------------------------- */

static bool in_fp(const g7sf_minmax_footprint *f, int dx, int dy)
{
    if (f->kind == G7SF_MINMAX_SEPARABLE)
        return dx >= -(f->width - 1) / 2 && dx <= f->width / 2 && dy >= -(f->height - 1) / 2 &&
               dy <= f->height / 2;
    for (int q = 0; q < 16; q++)
        if (f->quad_mask >> q & 1) {
            int qx = -3 + 2 * (q % 4), qy = -3 + 2 * (q / 4);
            if ((dx == qx || dx == qx + 1) && (dy == qy || dy == qy + 1))
                return true;
        }
    return false;
}

static int32_t naive(const img *m, const g7sf_minmax_footprint *f, unsigned op, unsigned edge,
                     int x, int y)
{
    bool any = false;
    int32_t best = 0;
    for (int dy = -3; dy <= 4; dy++)
        for (int dx = -3; dx <= 4; dx++) {
            if (!in_fp(f, dx, dy))
                continue;
            int sx = x + dx, sy = y + dy;
            if (sx < 0 || sx >= m->w || sy < 0 || sy >= m->h) {
                if (edge == G7SF_VA_EDGE_IGNORE)
                    continue;
                sx = sx < 0 ? 0 : sx >= m->w ? m->w - 1 : sx;
                sy = sy < 0 ? 0 : sy >= m->h ? m->h - 1 : sy;
            }
            int32_t v = px(m, sx, sy);
            if (!any || (op == G7SF_MINMAX_MIN ? v < best : v > best))
                best = v;
            any = true;
        }
    if (!any)
        return op == G7SF_MINMAX_MIN ? hi_of(m->type) : lo_of(m->type);
    return best;
}

/* ---- Running the filter ------------------------------------------------ */

static g7sf_minmax_footprint sep(int w, int h)
{
    return (g7sf_minmax_footprint){ G7SF_MINMAX_SEPARABLE, w, h, 0 };
}

static g7sf_minmax_footprint quads(uint16_t mask)
{
    return (g7sf_minmax_footprint){ G7SF_MINMAX_QUAD_MASK, 0, 0, mask };
}

/* The whole image filtered into a new image (stride with `pad` spare
 * bytes); NULL image data on an error (a CHECK failure). */
static img morph(const img *src, g7sf_minmax_footprint f, unsigned op, unsigned edge, bool tree,
                 g7sf_va_morph_stats *st)
{
    img out = img_new(src->type, src->w, src->h, 3);
    g7sf_va_morph m = { f, op, edge, tree };
    g7sf_va_image s = view(src);
    const char *why = "unset";
    int r = g7sf_va_morph_block(&m, &s, 0, 0, src->w, src->h, out.p, out.stride, st, &why);
    CHECKF(r == 0 && !why, "morph %dx%d type %u: %d %s", src->w, src->h, src->type, r,
           why ? why : "");
    if (r) {
        free(out.p);
        out.p = NULL;
    }
    return out;
}

static bool same_img(const img *a, const img *b)
{
    if (!a->p || !b->p)
        return false;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++)
            if (px(a, x, y) != px(b, x, y))
                return false;
    return true;
}

static const char *op_name(unsigned op) { return op == G7SF_MINMAX_MIN ? "erode" : "dilate"; }

/* A block of src through both paths against brute force; the two paths'
 * counters agree; bytes of dst around the block (and the spare bits of a
 * U1 row) untouched.  Returns whether all matched. */
static bool check_block(const img *src, g7sf_minmax_footprint f, unsigned op, unsigned edge,
                        int x0, int y0, int w, int h, bool with_tree, const char *what)
{
    bool ok = true;
    g7sf_va_morph_stats st[2];
    for (int tree = 0; tree < 1 + with_tree; tree++) {
        img out = img_new(src->type, w, h, (size_t)(t_rand() % 4));
        uint8_t *guard = malloc(out.size + 16);
        if (!out.p || !guard) {
            CHECK(!"out of memory");
            free(out.p);
            free(guard);
            return false;
        }
        memset(guard, 0x3C, out.size + 16);
        memcpy(guard + 8, out.p, out.size);
        g7sf_va_morph m = { f, op, edge, tree };
        g7sf_va_image s = view(src);
        const char *why = NULL;
        int r = g7sf_va_morph_block(&m, &s, x0, y0, w, h, guard + 8, out.stride, &st[tree], &why);
        CHECKF(r == 0, "%s: %d %s", what, r, why ? why : "");
        if (r) {
            free(out.p);
            free(guard);
            return false;
        }
        img got = out;
        got.p = guard + 8;
        int bad = 0;
        for (int j = 0; j < h && bad < 3; j++)
            for (int i = 0; i < w && bad < 3; i++) {
                int32_t want = naive(src, &f, op, edge, x0 + i, y0 + j);
                if (px(&got, i, j) != want) {
                    t_fail(__FILE__, __LINE__,
                           "%s (%s, type %u, %s, %s, %dx%d at %d,%d of %dx%d): pixel %d,%d "
                           "= %d, want %d", what, tree ? "tree" : "fast", src->type,
                           op_name(op), edge ? "ignore" : "replicate", w, h, x0, y0, src->w,
                           src->h, i, j, px(&got, i, j), want);
                    bad++;
                }
            }
        ok &= bad == 0;
        for (int k = 0; k < 8; k++)
            CHECK(guard[k] == 0x3C && guard[8 + out.size + (size_t)k] == 0x3C);
        /* the stride's spare bytes and a U1 row's spare bits */
        size_t used = row_len(src->type, w);
        for (int j = 0; j < h; j++) {
            const uint8_t *a = out.p + (size_t)j * out.stride, *b = got.p + (size_t)j * out.stride;
            for (size_t k = used; k < out.stride && j < h - 1; k++)
                CHECKF(a[k] == b[k], "%s: padding byte %zu of row %d written", what, k, j);
            if (src->type == G7SF_VA_U1 && w % 8) {
                uint8_t keep = (uint8_t)((1u << (8 - w % 8)) - 1);
                CHECKF((a[used - 1] & keep) == (b[used - 1] & keep),
                       "%s: spare bits of row %d written", what, j);
            }
        }
        free(guard);
        free(out.p);
    }
    if (with_tree)
        CHECKF(memcmp(&st[0], &st[1], sizeof st[0]) == 0,
               "%s: counters fast/tree differ: passes %llu/%llu texels %llu/%llu quads "
               "%llu/%llu empty %llu/%llu", what, (unsigned long long)st[0].passes,
               (unsigned long long)st[1].passes, (unsigned long long)st[0].texels,
               (unsigned long long)st[1].texels, (unsigned long long)st[0].quads,
               (unsigned long long)st[1].quads, (unsigned long long)st[0].empty,
               (unsigned long long)st[1].empty);
    return ok;
}

static g7sf_minmax_footprint random_fp(void)
{
    uint64_t r = t_rand();
    if (r % 3)
        return sep(1 + (int)((r >> 8) % 8), 1 + (int)((r >> 16) % 8));
    static const uint16_t special[] = { 0x0000, 0xFFFF, 0x0001, 0x8000, 0x0020, 0x0660 };
    if (r >> 24 & 1)
        return quads(special[(r >> 32) % 6]);
    return quads((uint16_t)(r >> 40));
}

static const unsigned TYPES[4] = { G7SF_VA_U8, G7SF_VA_U16, G7SF_VA_S16, G7SF_VA_U1 };

/* ---- By hand ----------------------------------------------------------- */

/* One white pixel at (3, 3) of a 7x7 black image: a 3x3 dilation makes it
 * the 3x3 square (2..4, 2..4); a 3x3 erosion removes it; 1x1 keeps it; a
 * 2x2 dilation (offsets 0 and +1) makes the square (2..3, 2..3). */
TEST(single_pixel_dilated_eroded)
{
    for (int t = 0; t < 4; t++)
        for (int tree = 0; tree < 2; tree++) {
            img s = img_new(TYPES[t], 7, 7, 0);
            int32_t black = lo_of(TYPES[t]), white = hi_of(TYPES[t]);
            for (int y = 0; y < 7; y++)
                for (int x = 0; x < 7; x++)
                    set_px(&s, x, y, x == 3 && y == 3 ? white : black);
            for (unsigned edge = 0; edge < 2; edge++) {
                img d = morph(&s, sep(3, 3), G7SF_MINMAX_MAX, edge, tree, NULL);
                img e = morph(&s, sep(3, 3), G7SF_MINMAX_MIN, edge, tree, NULL);
                img one = morph(&s, sep(1, 1), G7SF_MINMAX_MAX, edge, tree, NULL);
                img d2 = morph(&s, sep(2, 2), G7SF_MINMAX_MAX, edge, tree, NULL);
                for (int y = 0; y < 7 && d.p && e.p && one.p && d2.p; y++)
                    for (int x = 0; x < 7; x++) {
                        bool sq = x >= 2 && x <= 4 && y >= 2 && y <= 4;
                        bool sq2 = x >= 2 && x <= 3 && y >= 2 && y <= 3;
                        CHECKF(px(&d, x, y) == (sq ? white : black), "type %u dilate (%d,%d)",
                               TYPES[t], x, y);
                        CHECK_EQ(px(&e, x, y), black);
                        CHECK_EQ(px(&one, x, y), px(&s, x, y));
                        CHECKF(px(&d2, x, y) == (sq2 ? white : black), "type %u 2x2 (%d,%d)",
                               TYPES[t], x, y);
                    }
                free(d.p), free(e.p), free(one.p), free(d2.p);
            }
            free(s.p);
        }
}

/* U1 rows, most significant bit first.  Row 00111100 10000001 (pixel 0 =
 * bit 7 of byte 0): erode 3x1 = 00011000 00000000, dilate 3x1 =
 * 01111111 11000011 (the edges replicate; with IGNORE the same, the
 * footprint holding the centre).  A 13-pixel row keeps the 3 spare bits
 * of its second byte. */
TEST(one_bpp_rows_by_hand)
{
    for (int tree = 0; tree < 2; tree++)
        for (unsigned edge = 0; edge < 2; edge++) {
            uint8_t src[2] = { 0x3C, 0x81 };
            g7sf_va_image s = { src, 2, 16, 1, G7SF_VA_U1 };
            g7sf_va_morph m = { sep(3, 1), G7SF_MINMAX_MIN, edge, tree };
            uint8_t out[2] = { 0x55, 0x55 };
            CHECK_EQ(g7sf_va_morph_block(&m, &s, 0, 0, 16, 1, out, 2, NULL, NULL), 0);
            CHECK_EQ(out[0], 0x18);
            CHECK_EQ(out[1], 0x00);
            m.op = G7SF_MINMAX_MAX;
            CHECK_EQ(g7sf_va_morph_block(&m, &s, 0, 0, 16, 1, out, 2, NULL, NULL), 0);
            CHECK_EQ(out[0], 0x7F);
            CHECK_EQ(out[1], 0xC3);
            /* 13 pixels: 00111100 10000 (the source's spare bits 001 are
             * ignored); dilate: 01111111 11000, spare bits kept (111) */
            g7sf_va_image s13 = { src, 2, 13, 1, G7SF_VA_U1 };
            uint8_t o13[2] = { 0, 0x07 };
            CHECK_EQ(g7sf_va_morph_block(&m, &s13, 0, 0, 13, 1, o13, 2, NULL, NULL), 0);
            CHECK_EQ(o13[0], 0x7F);
            CHECK_EQ(o13[1], 0xC7);
            /* a block from pixel 5 (4 pixels, 1x3 vertical footprint on one
             * row): pixels 5..8 = 1 0 0 1, written from bit 7 of dst */
            m.footprint = sep(1, 3);
            uint8_t o4 = 0x0A;
            CHECK_EQ(g7sf_va_morph_block(&m, &s13, 5, 0, 4, 1, &o4, 1, NULL, NULL), 0);
            CHECK_EQ(o4, 0x9A);
        }
}

/* A checkerboard of 1 bit: any 2x1 erosion is 0, any 2x1 dilation is 1;
 * a QUAD_MASK of quad 5 alone (offsets -1, 0 both ways) likewise. */
TEST(one_bpp_checkerboard)
{
    img s = img_new(G7SF_VA_U1, 75, 9, 1);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 75; x++)
            set_px(&s, x, y, (x + y) & 1);
    for (int tree = 0; tree < 2; tree++) {
        img e = morph(&s, sep(2, 1), G7SF_MINMAX_MIN, G7SF_VA_EDGE_IGNORE, tree, NULL);
        img d = morph(&s, quads(1u << 5), G7SF_MINMAX_MAX, G7SF_VA_EDGE_REPLICATE, tree, NULL);
        for (int y = 0; y < 9 && e.p && d.p; y++)
            for (int x = 0; x < 75; x++) {
                /* the last column's pair is itself alone (IGNORE) */
                CHECK_EQ(px(&e, x, y), x == 74 ? px(&s, x, y) : 0);
                CHECK_EQ(px(&d, x, y), x == 0 && y == 0 ? 0 : 1);
            }
        free(e.p), free(d.p);
    }
    free(s.p);
}

/* An empty footprint gives the losing value in the type; a footprint all
 * outside the image under IGNORE too, the nearest pixel under REPLICATE:
 * quad 0 alone is offsets -3, -2, outside at pixel (0..1, 0..1). */
TEST(losing_value_and_edges_by_hand)
{
    for (int t = 0; t < 4; t++) {
        unsigned ty = TYPES[t];
        img s = img_new(ty, 5, 4, 0);
        img_random(&s, 3);
        for (int tree = 0; tree < 2; tree++) {
            g7sf_va_morph_stats st;
            img e = morph(&s, quads(0), G7SF_MINMAX_MIN, G7SF_VA_EDGE_REPLICATE, tree, &st);
            img d = morph(&s, quads(0), G7SF_MINMAX_MAX, G7SF_VA_EDGE_IGNORE, tree, NULL);
            CHECK_EQ(st.pixels, 20);
            CHECK_EQ(st.empty, 20);
            CHECK_EQ(st.passes, 0);
            CHECK_EQ(st.final_compares, 0);
            CHECK_EQ(st.bytes_all, 0);
            CHECK_EQ(st.bytes_one, 20 * 16);
            img qi = morph(&s, quads(1), G7SF_MINMAX_MAX, G7SF_VA_EDGE_IGNORE, tree, NULL);
            img qr = morph(&s, quads(1), G7SF_MINMAX_MIN, G7SF_VA_EDGE_REPLICATE, tree, NULL);
            for (int y = 0; y < 4 && e.p && d.p && qi.p && qr.p; y++)
                for (int x = 0; x < 5; x++) {
                    CHECK_EQ(px(&e, x, y), hi_of(ty));
                    CHECK_EQ(px(&d, x, y), lo_of(ty));
                    /* quad 0 covers (x - 3 .. x - 2, y - 3 .. y - 2): all
                     * outside for x, y < 2, clamped to (0, 0) */
                    if (x < 2 && y < 2) {
                        CHECK_EQ(px(&qi, x, y), lo_of(ty));
                        CHECK_EQ(px(&qr, x, y), px(&s, 0, 0));
                    }
                    /* at (3, 3) it is (0..1, 0..1) */
                    if (x == 3 && y == 3) {
                        int32_t a = px(&s, 0, 0), b = px(&s, 1, 0), c = px(&s, 0, 1),
                                e4 = px(&s, 1, 1);
                        int32_t mx = a > b ? a : b, mn = a < b ? a : b;
                        mx = mx > c ? mx : c, mx = mx > e4 ? mx : e4;
                        mn = mn < c ? mn : c, mn = mn < e4 ? mn : e4;
                        CHECK_EQ(px(&qi, x, y), mx);
                        CHECK_EQ(px(&qr, x, y), mn);
                    }
                }
            free(e.p), free(d.p), free(qi.p), free(qr.p);
        }
        free(s.p);
    }
}

/* The counters by hand (per pixel: quads of the region the footprint
 * touches, ceil(quads / 4) passes of 15 + 4 comparisons, 3 final, 16 bytes
 * a texel): 2x2 = region (3..4, 3..4) straddles 4 quads; 3x3 = (2..4,
 * 2..4): 4 quads, 1 pass, 9 texels; 5x5 =
 * (1..5): 9 quads, 3 passes, 25 texels; 8x8: 16 quads, 4 passes.  IGNORE
 * at the corner of a 4x4 image with 3x3: 4 texels in 4 quads. */
TEST(counters_by_hand)
{
    img s = img_new(G7SF_VA_U8, 4, 4, 0);
    img_random(&s, 0);
    static const struct { int side; unsigned quads, passes, texels; } want[] = {
        { 1, 1, 1, 1 }, { 2, 4, 1, 4 }, { 3, 4, 1, 9 }, { 4, 4, 1, 16 }, { 5, 9, 3, 25 },
        { 8, 16, 4, 64 },
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++)
        for (int tree = 0; tree < 2; tree++) {
            g7sf_va_morph_stats st;
            img o = morph(&s, sep(want[k].side, want[k].side), G7SF_MINMAX_MAX,
                          G7SF_VA_EDGE_REPLICATE, tree, &st);
            CHECK_EQ(st.pixels, 16);
            CHECK_EQ(st.empty, 0);
            CHECK_EQ(st.quads, 16 * want[k].quads);
            CHECK_EQ(st.texels, 16 * want[k].texels);
            CHECK_EQ(st.passes, 16 * want[k].passes);
            CHECK_EQ(st.tree_compares, 16 * 15 * want[k].passes);
            CHECK_EQ(st.collector_compares, 16 * 4 * want[k].passes);
            CHECK_EQ(st.final_compares, 16 * 3);
            CHECK_EQ(st.bytes_four, 16 * 64);
            CHECK_EQ(st.bytes_one, 16 * 16);
            CHECK_EQ(st.bytes_all, 16 * 16 * want[k].texels);
            free(o.p);
        }
    for (int tree = 0; tree < 2; tree++) {
        g7sf_va_morph m = { sep(3, 3), G7SF_MINMAX_MIN, G7SF_VA_EDGE_IGNORE, tree };
        g7sf_va_image v = view(&s);
        uint8_t o;
        g7sf_va_morph_stats st;
        CHECK_EQ(g7sf_va_morph_block(&m, &v, 0, 0, 1, 1, &o, 1, &st, NULL), 0);
        CHECK_EQ(st.pixels, 1);
        CHECK_EQ(st.texels, 4);
        CHECK_EQ(st.quads, 4);
        CHECK_EQ(st.passes, 1);
        CHECK_EQ(o, naive(&s, &m.footprint, G7SF_MINMAX_MIN, G7SF_VA_EDGE_IGNORE, 0, 0));
        /* the whole image: 4 corners x 4 + 8 sides x 6 + 4 inner x 9 */
        img all = morph(&s, sep(3, 3), G7SF_MINMAX_MIN, G7SF_VA_EDGE_IGNORE, tree, &st);
        CHECK_EQ(st.texels, 4 * 4 + 8 * 6 + 4 * 9);
        free(all.p);
    }
    free(s.p);
}

/* The tree path's region is g7sf_minmax_region_origin's at the pixel's
 * centre: pixel (x, y) of the output is g7sf_minmax_region over the 8x8
 * texels from that origin (here inside the image). */
TEST(region_is_that_of_the_pixel_centre)
{
    img s = img_new(G7SF_VA_U16, 20, 17, 2);
    img_random(&s, 0);
    g7sf_minmax_footprint f = quads(0x4A61);
    img o = morph(&s, f, G7SF_MINMAX_MAX, G7SF_VA_EDGE_REPLICATE, true, NULL);
    for (int y = 3; y < 17 - 4 && o.p; y++)
        for (int x = 3; x < 20 - 4; x++) {
            int ox, oy;
            CHECK_EQ(g7sf_minmax_region_origin((float)x + 0.5f, (float)y + 0.5f, &ox, &oy), 0);
            CHECK_EQ(ox, x - 3);
            CHECK_EQ(oy, y - 3);
            float t[64][4];
            memset(t, 0, sizeof t);
            for (int r = 0; r < 8; r++)
                for (int c = 0; c < 8; c++)
                    t[8 * r + c][0] = (float)px(&s, ox + c, oy + r);
            g7sf_minmax_result res;
            CHECK_EQ(g7sf_minmax_region(&f, G7SF_MINMAX_MAX, (const float(*)[4])t, &res, NULL), 0);
            CHECK_EQ(px(&o, x, y), (int32_t)res.result[0]);
        }
    free(o.p);
    free(s.p);
}

/* ---- Brute force ------------------------------------------------------- */

/* Every separable size, both ops and edges, every type, on a 13x11 image
 * with few levels (ties): both paths against brute force. */
TEST(brute_force_every_separable_size)
{
    for (int t = 0; t < 4; t++) {
        img s = img_new(TYPES[t], 13, 11, (size_t)t);
        img_random(&s, t == 1 ? 0 : 5);
        for (int fw = 1; fw <= 8; fw++)
            for (int fh = 1; fh <= 8; fh++)
                for (unsigned op = 0; op < 2; op++)
                    for (unsigned edge = 0; edge < 2; edge++)
                        check_block(&s, sep(fw, fh), op, edge, 0, 0, 13, 11, true, "separable");
        free(s.p);
    }
}

/* Random images, footprints (separable, random and special quad masks,
 * empty), ops, edges, blocks (often touching an edge), strides: both
 * paths against brute force, and their counters equal. */
TEST(brute_force_random)
{
    for (int n = 0; n < 400; n++) {
        unsigned ty = TYPES[n % 4];
        int w = 1 + (int)(t_rand() % (n % 5 == 0 ? 3 : n % 5 == 1 ? 200 : 40));
        int h = 1 + (int)(t_rand() % 24);
        img s = img_new(ty, w, h, (size_t)(t_rand() % 5));
        img_random(&s, (int)(t_rand() % 4) * 3);
        int bw = 1 + (int)(t_rand() % (uint64_t)w), bh = 1 + (int)(t_rand() % (uint64_t)h);
        int x0 = (int)(t_rand() % (uint64_t)(w - bw + 1)), y0 = (int)(t_rand() % (uint64_t)(h - bh + 1));
        if (t_rand() & 1)
            x0 = 0, y0 = 0, bw = w, bh = h;
        char what[32];
        snprintf(what, sizeof what, "random case %d", n);
        if (!check_block(&s, random_fp(), (unsigned)(t_rand() & 1), (unsigned)(t_rand() & 1), x0,
                         y0, bw, bh, true, what)) {
            free(s.p);
            return;
        }
        free(s.p);
    }
}

/* Rows wider than a strip of the fast path (1024 outputs), blocks starting
 * at any column (a U1 block off a byte): the fast path against brute
 * force; the tree on a narrow block across the strip boundary. */
TEST(wide_rows_across_strips)
{
    for (int n = 0; n < 16; n++) {
        unsigned ty = TYPES[n % 4];
        int w = 1020 + (int)(t_rand() % 1200), h = 1 + (int)(t_rand() % 9);
        img s = img_new(ty, w, h, (size_t)(t_rand() % 3));
        img_random(&s, n % 2 ? 2 : 0);
        int x0 = (int)(t_rand() % 13);
        g7sf_minmax_footprint f = random_fp();
        unsigned op = (unsigned)(n / 4 & 1), edge = (unsigned)(n / 8 & 1);
        check_block(&s, f, op, edge, x0, 0, w - x0 - (int)(t_rand() % 5), h, false, "wide");
        check_block(&s, f, op, edge, 1000, 0, 40, h, true, "wide, tree");
        free(s.p);
    }
}

/* ---- Invariants -------------------------------------------------------- */

/* erode(x) <= x <= dilate(x) when the footprint holds the centre (every
 * separable one; a quad mask with quad 5); erode and dilate with a larger
 * footprint go further (monotone in the footprint). */
TEST(erode_below_source_below_dilate)
{
    for (int n = 0; n < 60; n++) {
        unsigned ty = TYPES[n % 4];
        img s = img_new(ty, 1 + (int)(t_rand() % 30), 1 + (int)(t_rand() % 20), 1);
        img_random(&s, n % 3 ? 0 : 4);
        g7sf_minmax_footprint f = random_fp();
        if (f.kind == G7SF_MINMAX_QUAD_MASK)
            f.quad_mask |= 1u << 5;
        g7sf_minmax_footprint big = f;
        if (f.kind == G7SF_MINMAX_SEPARABLE)
            big.width += big.width < 8, big.height += big.height < 8;
        else
            big.quad_mask |= (uint16_t)t_rand();
        unsigned edge = (unsigned)(n & 1);
        img e = morph(&s, f, G7SF_MINMAX_MIN, edge, false, NULL);
        img d = morph(&s, f, G7SF_MINMAX_MAX, edge, false, NULL);
        img eb = morph(&s, big, G7SF_MINMAX_MIN, edge, false, NULL);
        img db = morph(&s, big, G7SF_MINMAX_MAX, edge, false, NULL);
        for (int y = 0; y < s.h && e.p && d.p && eb.p && db.p; y++)
            for (int x = 0; x < s.w; x++) {
                int32_t v = px(&s, x, y);
                CHECKF(px(&eb, x, y) <= px(&e, x, y) && px(&e, x, y) <= v &&
                       v <= px(&d, x, y) && px(&d, x, y) <= px(&db, x, y),
                       "case %d (%d,%d): %d <= %d <= %d <= %d <= %d", n, x, y, px(&eb, x, y),
                       px(&e, x, y), v, px(&d, x, y), px(&db, x, y));
            }
        free(e.p), free(d.p), free(eb.p), free(db.p), free(s.p);
    }
}

/* Duality: erode(x) = N(dilate(N(x))) for the order-reversing N: ~x for
 * U1 and S16 (1 - x, -1 - x), 255 - x for U8, 65535 - x for U16; also with an
 * empty footprint and IGNORE edges (the losing values swap too). */
TEST(duality_erode_is_complement_of_dilate)
{
    for (int n = 0; n < 80; n++) {
        unsigned ty = TYPES[n % 4];
        img s = img_new(ty, 1 + (int)(t_rand() % 70), 1 + (int)(t_rand() % 12), 0);
        img_random(&s, n % 2 ? 0 : 3);
        img ns = img_new(ty, s.w, s.h, 0);
        int32_t top = hi_of(ty) + lo_of(ty);      /* N(v) = top - v, ~v for S16 */
        for (int y = 0; y < s.h; y++)
            for (int x = 0; x < s.w; x++)
                set_px(&ns, x, y, top - px(&s, x, y));
        g7sf_minmax_footprint f = random_fp();
        unsigned edge = (unsigned)(n / 4 & 1);
        img e = morph(&s, f, G7SF_MINMAX_MIN, edge, n % 8 == 0, NULL);
        img dn = morph(&ns, f, G7SF_MINMAX_MAX, edge, false, NULL);
        for (int y = 0; y < s.h && e.p && dn.p; y++)
            for (int x = 0; x < s.w; x++)
                CHECKF(px(&e, x, y) == top - px(&dn, x, y),
                       "case %d type %u (%d,%d): erode %d, N(dilate(N)) %d", n, ty, x, y,
                       px(&e, x, y), top - px(&dn, x, y));
        free(e.p), free(dn.p), free(ns.p), free(s.p);
    }
}

/* Opening (dilate after erode) and closing (erode after dilate) by a
 * symmetric footprint (odd separable sizes) are idempotent, and opening <=
 * x <= closing. */
TEST(opening_and_closing_idempotent)
{
    for (int n = 0; n < 48; n++) {
        unsigned ty = n % 2 ? G7SF_VA_U1 : n % 3 ? G7SF_VA_U8 : G7SF_VA_S16;
        img s = img_new(ty, 1 + (int)(t_rand() % 60), 1 + (int)(t_rand() % 30), 1);
        img_random(&s, n % 4 ? 2 : 0);
        g7sf_minmax_footprint f = sep(1 + 2 * (int)(t_rand() % 4), 1 + 2 * (int)(t_rand() % 4));
        unsigned edge = (unsigned)(n / 2 & 1);
        img e = morph(&s, f, G7SF_MINMAX_MIN, edge, false, NULL);
        img open = morph(&e, f, G7SF_MINMAX_MAX, edge, false, NULL);
        img e2 = morph(&open, f, G7SF_MINMAX_MIN, edge, false, NULL);
        img open2 = morph(&e2, f, G7SF_MINMAX_MAX, edge, false, NULL);
        img d = morph(&s, f, G7SF_MINMAX_MAX, edge, false, NULL);
        img close = morph(&d, f, G7SF_MINMAX_MIN, edge, false, NULL);
        img d2 = morph(&close, f, G7SF_MINMAX_MAX, edge, false, NULL);
        img close2 = morph(&d2, f, G7SF_MINMAX_MIN, edge, false, NULL);
        CHECKF(same_img(&open, &open2), "case %d: opening not idempotent (%dx%d, %dx%d)", n,
               s.w, s.h, f.width, f.height);
        CHECKF(same_img(&close, &close2), "case %d: closing not idempotent", n);
        CHECKF(same_img(&e, &e2), "case %d: erode(open) != erode", n);
        for (int y = 0; y < s.h && open.p && close.p; y++)
            for (int x = 0; x < s.w; x++)
                CHECK(px(&open, x, y) <= px(&s, x, y) && px(&s, x, y) <= px(&close, x, y));
        free(e.p), free(open.p), free(e2.p), free(open2.p);
        free(d.p), free(close.p), free(d2.p), free(close2.p), free(s.p);
    }
}

/* ---- Bad input --------------------------------------------------------- */

static int call(const g7sf_va_morph *m, const g7sf_va_image *s, int x0, int y0, int w, int h,
                void *dst, size_t ds, const char **why)
{
    g7sf_va_morph_stats st;
    memset(&st, 0x77, sizeof st);
    int r = g7sf_va_morph_block(m, s, x0, y0, w, h, dst, ds, &st, why);
    if (r) {
        uint8_t b[sizeof st];
        memset(b, 0x77, sizeof b);
        CHECKF(memcmp(&st, b, sizeof st) == 0, "stats written on error %d", r);
    }
    return r;
}

TEST(bad_arguments_refused)
{
    uint8_t px8[4 * 3] = { 0 };
    uint8_t out[64];
    memset(out, 0x5A, sizeof out);
    g7sf_va_image s = { px8, 4, 4, 3, G7SF_VA_U8 };
    g7sf_va_morph m = { sep(3, 3), G7SF_MINMAX_MIN, G7SF_VA_EDGE_REPLICATE, false };
    const char *why = NULL;
#define BAD(code, ...)                                                                   \
    do {                                                                                 \
        why = NULL;                                                                      \
        CHECK_EQ(call(__VA_ARGS__, &why), code);                                         \
        CHECKF(why && *why, "no reason for line %d", __LINE__);                          \
    } while (0)
    CHECK_EQ(call(&m, &s, 0, 0, 4, 3, out, 4, &why), 0);
    CHECK(why == NULL);
    memset(out, 0x5A, sizeof out);
    BAD(G7SF_EINVAL, NULL, &s, 0, 0, 4, 3, out, 4);
    BAD(G7SF_EINVAL, &m, NULL, 0, 0, 4, 3, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 0, 0, 4, 3, NULL, 4);
    g7sf_va_morph b = m;
    b.footprint.kind = 2;
    BAD(G7SF_EINVAL, &b, &s, 0, 0, 4, 3, out, 4);
    b = m, b.footprint.width = 0;
    BAD(G7SF_EINVAL, &b, &s, 0, 0, 4, 3, out, 4);
    b = m, b.footprint.height = 9;
    BAD(G7SF_EINVAL, &b, &s, 0, 0, 4, 3, out, 4);
    b = m, b.op = 2;
    BAD(G7SF_EINVAL, &b, &s, 0, 0, 4, 3, out, 4);
    b = m, b.edge = 2;
    BAD(G7SF_EINVAL, &b, &s, 0, 0, 4, 3, out, 4);
    g7sf_va_image t = s;
    t.type = 4;
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 4, 3, out, 4);
    t = s, t.data = NULL;
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 4, 3, out, 4);
    t = s, t.width = 0;
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 1, 1, out, 4);
    t = s, t.height = -1;
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 1, 1, out, 4);
    t = s, t.stride = 3;
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 4, 3, out, 4);
    t = s, t.type = G7SF_VA_U16;               /* 8 bytes a row, stride 4 */
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 2, 1, out, 4);
    t = s, t.type = G7SF_VA_U1, t.width = 33;  /* 5 bytes a row */
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 2, 1, out, 4);
    t.width = 32;                              /* 4: fits; dst 1 byte for 9 pixels: not */
    CHECK_EQ(call(&m, &t, 0, 0, 8, 3, out, 1, NULL), 0);
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 9, 3, out, 1);
    memset(out, 0x5A, sizeof out);
    BAD(G7SF_EINVAL, &m, &s, 0, 0, 0, 3, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 0, 0, 4, -3, out, 4);
    BAD(G7SF_EINVAL, &m, &s, -1, 0, 2, 2, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 0, -1, 2, 2, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 1, 0, 4, 3, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 0, 1, 4, 3, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 3, 2, 2147483647, 1, out, 4);
    BAD(G7SF_EINVAL, &m, &s, 0, 0, 4, 3, out, 3);            /* dst stride */
    /* huge: a stride x height past the address space */
    t = s, t.stride = SIZE_MAX / 2, t.height = 3;
    BAD(G7SF_ERANGE, &m, &t, 0, 0, 4, 3, out, 4);
    BAD(G7SF_ERANGE, &m, &s, 0, 0, 4, 3, out, SIZE_MAX / 2);
    t = s, t.stride = SIZE_MAX / 4, t.height = 2147483647;    /* never read */
    BAD(G7SF_ERANGE, &m, &t, 0, 0, 4, 3, out, 4);
    t = s, t.type = G7SF_VA_U16, t.width = 2147483647, t.stride = 2147483647;
    BAD(G7SF_EINVAL, &m, &t, 0, 0, 4, 3, out, 8);            /* 2 x width > stride */
    /* overlap: dst inside the source */
    BAD(G7SF_EINVAL, &m, &s, 0, 0, 2, 2, px8 + 4, 4);
    for (size_t k = 0; k < sizeof out; k++)
        CHECK_EQ(out[k], 0x5A);
    CHECK_EQ(g7sf_va_morph_block(NULL, NULL, 0, 0, 0, 0, NULL, 0, NULL, NULL), G7SF_EINVAL);
#undef BAD
}

/* Convolve refuses a 1-bit image with a reason that names it. */
TEST(convolve_refuses_one_bpp)
{
    uint8_t p[2] = { 0xFF, 0 };
    g7sf_va_image s = { p, 1, 8, 2, G7SF_VA_U1 };
    const int16_t k[1] = { 4096 };
    g7sf_va_convolve c = { 1, 1, k, 0, false };
    int16_t out[8] = { 0 };
    const char *why = NULL;
    CHECK_EQ(g7sf_va_convolve_block(&c, &s, 0, 0, 8, 2, out, 8, &why), G7SF_EINVAL);
    CHECK(why && strstr(why, "U1"));
    CHECK_EQ(out[0], 0);
}
