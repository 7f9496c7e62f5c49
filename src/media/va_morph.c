/* The min/max filter (erode / dilate) of a block (gen7sf/va_morph.h), built on
 * the comparison tree of patent US 9355490 (gen7sf/minmax.h, shared spec
 * 003).  Two paths with the same output: the tree (every output pixel's 8x8
 * region through g7sf_minmax_region, the hardware's model, with its
 * counters) and the fast path (running min/max over rows: each source row
 * reduced horizontally once per distinct column set of the footprint and
 * kept in a ring of 8 rows, then the rows reduced vertically; U1 rows as
 * 64-bit words, min = AND, max = OR).  Decisions: docs/spec-notes.md,
 * "Patent 003: min/max filtering". */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gen7sf/va_morph.h"

/* Output columns a strip of the fast path: bounds its buffers whatever the
 * block's width; a multiple of 64 so a U1 strip starts on a byte (and a
 * word) of the destination. */
enum { STRIP = 1024, STRIP_WORDS = STRIP / 64 };

/* ---- Shared ------------------------------------------------------------ */

static size_t row_bytes(unsigned type, int n)
{
    size_t u = (size_t)n;
    return type == G7SF_VA_U1 ? (u + 7) / 8 : type == G7SF_VA_U8 ? u : 2 * u;
}

static int32_t type_min(unsigned type)
{
    return type == G7SF_VA_S16 ? INT16_MIN : 0;
}

static int32_t type_max(unsigned type)
{
    return type == G7SF_VA_U1 ? 1 : type == G7SF_VA_U8 ? 255 : type == G7SF_VA_U16 ? 65535
                                                                                 : INT16_MAX;
}

static int32_t get(const g7sf_va_image *s, int64_t x, int64_t y)
{
    const uint8_t *row = (const uint8_t *)s->data + (size_t)y * s->stride;
    switch (s->type) {
    case G7SF_VA_U1:
        return row[x >> 3] >> (7 - (x & 7)) & 1;
    case G7SF_VA_U8:
        return row[x];
    default: {
        uint16_t v;
        memcpy(&v, row + 2 * (size_t)x, 2);
        return s->type == G7SF_VA_U16 ? (int32_t)v : (int32_t)(int16_t)v;
    }
    }
}

static void put(uint8_t *dst, size_t stride, unsigned type, int i, int j, int32_t v)
{
    uint8_t *row = dst + (size_t)j * stride;
    if (type == G7SF_VA_U1) {
        uint8_t bit = (uint8_t)(0x80u >> (i & 7));
        row[i >> 3] = (uint8_t)(v ? row[i >> 3] | bit : row[i >> 3] & ~bit);
    } else if (type == G7SF_VA_U8) {
        row[i] = (uint8_t)v;
    } else {
        uint16_t u = (uint16_t)v;
        memcpy(row + 2 * (size_t)i, &u, 2);
    }
}

/* The bytes from the first to the last of h rows of stride bytes, each
 * row_len long; 1 when that passes SIZE_MAX. */
static int span(size_t stride, int h, size_t row_len, size_t *out)
{
    size_t n = (size_t)h - 1;
    if (n && stride > (SIZE_MAX - row_len) / n)
        return 1;
    *out = n * stride + row_len;
    return 0;
}

/* Why the arguments cannot be run (*code the error), or NULL. */
static const char *invalid(const g7sf_va_morph *m, const g7sf_va_image *s, int x0, int y0,
                           int w, int h, const void *dst, size_t dst_stride, int *code)
{
    *code = G7SF_EINVAL;
    if (!m || !s || !dst)
        return "NULL filter, source or destination";
    if (g7sf_minmax_contributes(&m->footprint, 0, 0) < 0)
        return "footprint kind not SEPARABLE or QUAD_MASK, or separable size not 1..8";
    if (m->op > G7SF_MINMAX_MAX)
        return "op neither G7SF_MINMAX_MIN (erode) nor G7SF_MINMAX_MAX (dilate)";
    if (m->edge > G7SF_VA_EDGE_IGNORE)
        return "edge neither G7SF_VA_EDGE_REPLICATE nor G7SF_VA_EDGE_IGNORE";
    if (s->type > G7SF_VA_U1)
        return "source type not U8, U16, S16 or U1";
    if (!s->data || s->width < 1 || s->height < 1)
        return "source without samples";
    size_t src_row = row_bytes(s->type, s->width);
    if (s->stride < src_row)
        return "source stride shorter than a row";
    if (w < 1 || h < 1 || x0 < 0 || y0 < 0 || x0 > s->width - w || y0 > s->height - h)
        return "block empty or not inside the source";
    size_t dst_row = row_bytes(s->type, w);
    if (dst_stride < dst_row)
        return "destination stride shorter than the block's row";
    size_t src_span, dst_span;
    uintptr_t a = (uintptr_t)s->data, b = (uintptr_t)dst;
    *code = G7SF_ERANGE;
    if (span(s->stride, s->height, src_row, &src_span) || a > UINTPTR_MAX - src_span)
        return "source larger than the address space (stride x height)";
    if (span(dst_stride, h, dst_row, &dst_span) || b > UINTPTR_MAX - dst_span)
        return "destination larger than the address space (stride x height)";
    *code = G7SF_EINVAL;
    if (a < b + dst_span && b < a + src_span)
        return "destination overlaps the source";
    return NULL;
}

/* Footprint rows: bit c of rows[r] set when region texel (c, r) is in it. */
static uint64_t footprint_rows(const g7sf_minmax_footprint *f, uint8_t rows[8])
{
    uint64_t all = 0;
    for (int r = 0; r < 8; r++) {
        rows[r] = 0;
        for (int c = 0; c < 8; c++)
            if (g7sf_minmax_contributes(f, c, r) == 1)
                rows[r] |= (uint8_t)(1u << c);
        all |= (uint64_t)rows[r] << 8 * r;
    }
    return all;
}

/* ---- Counters ---------------------------------------------------------- */

/* n pixels whose contributing texels are `texels` (bit 8 r + c): the tree's
 * counters as g7sf_minmax_quads makes them. */
static void count(g7sf_va_morph_stats *st, uint64_t texels, uint64_t n)
{
    uint64_t q = texels | texels >> 1;
    q = (q | q >> 8) & 0x0055005500550055u;     /* a bit per quad, at its T0 */
    uint64_t t = (uint64_t)__builtin_popcountll(texels);
    uint64_t quads = (uint64_t)__builtin_popcountll(q), passes = (quads + 3) / 4;
    st->pixels += n;
    st->empty += t ? 0 : n;
    st->quads += n * quads;
    st->texels += n * t;
    st->passes += n * passes;
    st->tree_compares += n * 15 * passes;
    st->collector_compares += n * 4 * passes;
    st->final_compares += t ? n * 3 : 0;
    st->bytes_four += n * 64;
    st->bytes_one += n * 16;
    st->bytes_all += n * 16 * t;
}

/* Region rows (or columns) r = 0..7 of a pixel at p - 3 + r inside 0..n-1. */
static unsigned inside_bits(int64_t p, int64_t n)
{
    unsigned b = 0;
    for (int r = 0; r < 8; r++)
        if (p - 3 + r >= 0 && p - 3 + r < n)
            b |= 1u << r;
    return b;
}

/* The block's counters without running the tree: with REPLICATE every
 * footprint texel is read; with IGNORE those inside the source. */
static void block_counts(const g7sf_va_morph *m, const g7sf_va_image *s, uint64_t fp, int x0,
                         int y0, int w, int h, g7sf_va_morph_stats *st)
{
    if (m->edge == G7SF_VA_EDGE_REPLICATE) {
        count(st, fp, (uint64_t)w * (uint64_t)h);
        return;
    }
    for (int j = 0; j < h; j++) {
        unsigned rb = inside_bits((int64_t)y0 + j, s->height);
        uint64_t rows = 0;
        for (int r = 0; r < 8; r++)
            if (rb >> r & 1)
                rows |= (uint64_t)0xFF << 8 * r;
        uint64_t interior = 0;
        for (int i = 0; i < w; i++) {
            int64_t x = (int64_t)x0 + i;
            if (x >= 3 && x + 4 < s->width) {
                interior++;
                continue;
            }
            uint64_t cols = inside_bits(x, s->width) * 0x0101010101010101u;
            count(st, fp & rows & cols, 1);
        }
        if (interior)
            count(st, fp & rows, interior);
    }
}

/* ---- The tree path ----------------------------------------------------- */

static void run_tree(const g7sf_va_morph *m, const g7sf_va_image *s, int x0, int y0, int w,
                     int h, uint8_t *dst, size_t dst_stride, g7sf_va_morph_stats *st)
{
    const g7sf_minmax_footprint *f = &m->footprint;
    int32_t loser = m->op == G7SF_MINMAX_MIN ? type_max(s->type) : type_min(s->type);
    bool ignore = m->edge == G7SF_VA_EDGE_IGNORE;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            /* the region of the pixel's centre (x + 0.5, y + 0.5):
             * g7sf_minmax_region_origin's floor(x + 0.5 - 3.5) = x - 3, in
             * integers here (a float loses the .5 past 2^23) */
            int64_t ox = (int64_t)x0 + i - 3, oy = (int64_t)y0 + j - 3;
            float texels[64][4];
            bool all_in = true, in[64];
            memset(texels, 0, sizeof texels);
            for (int r = 0; r < 8; r++)
                for (int c = 0; c < 8; c++) {
                    int64_t sx = ox + c, sy = oy + r;
                    bool inside = sx >= 0 && sx < s->width && sy >= 0 && sy < s->height;
                    in[8 * r + c] = inside || !ignore;
                    all_in &= in[8 * r + c];
                    if (!inside && ignore)
                        continue;               /* not read: it will not contribute */
                    sx = sx < 0 ? 0 : sx >= s->width ? s->width - 1 : sx;
                    sy = sy < 0 ? 0 : sy >= s->height ? s->height - 1 : sy;
                    texels[8 * r + c][0] = (float)get(s, sx, sy);
                }
            g7sf_minmax_result res;
            if (all_in) {
                g7sf_minmax_region(f, m->op, (const float(*)[4])texels, &res, NULL);
            } else {
                /* IGNORE at an edge: the quads of the region in ascending q
                 * as g7sf_minmax_region enters them, a texel contributing
                 * when in the footprint and inside the source */
                float quad[16][4][4];
                uint8_t mask[16];
                for (int q = 0; q < 16; q++) {
                    mask[q] = 0;
                    for (int t = 0; t < 4; t++) {
                        int c = 2 * (q % 4) + (t & 1), r = 2 * (q / 4) + (t >> 1);
                        memcpy(quad[q][t], texels[8 * r + c], sizeof quad[q][t]);
                        if (in[8 * r + c] && g7sf_minmax_contributes(f, c, r) == 1)
                            mask[q] |= (uint8_t)(1u << t);
                    }
                }
                g7sf_minmax_quads(m->op, (const float(*)[4][4])quad, mask, 16, &res, NULL);
            }
            put(dst, dst_stride, s->type, i, j, res.empty ? loser : (int32_t)res.result[0]);
            if (st) {
                st->pixels++;
                st->empty += res.empty;
                st->quads += res.quads;
                st->texels += res.texels;
                st->passes += res.passes;
                st->tree_compares += res.tree_compares;
                st->collector_compares += res.collector_compares;
                st->final_compares += res.final_compares;
                st->bytes_four += res.bytes_four;
                st->bytes_one += res.bytes_one;
                st->bytes_all += res.bytes_all;
            }
        }
}

/* ---- The fast path ----------------------------------------------------- */

/* Working rows: U8 as bytes, U16 and S16 as uint16_t (S16 with its sign
 * bit flipped, so unsigned order is signed order), U1 as 64-bit words of 64
 * pixels, the first in the most significant bit. */
enum kind { K8, K16, K1 };

typedef struct fast {
    const g7sf_va_image *s;
    enum kind kind;
    unsigned op;
    bool ignore;
    uint64_t ident;              /* the losing value in working form */
    int nsets;
    uint8_t sets[4];             /* the distinct column sets of the footprint */
    int setof[8];                /* region row -> set, -1 when empty */
    /* the strip */
    int64_t x0;                  /* source column of its first output */
    int sw, units;               /* output pixels; units (pixels or words) of a row */
    void *pr;                    /* padded source row: source columns x0 - 3 .. */
    int64_t pr_y;
    void *cache[4][8];           /* [set][y & 7]: the row reduced by the set */
    int64_t cache_y[4][8];
    void *acc;
} fast;

/* a[i] = op(a[i], b[i]) over n samples of one unsigned type */
#define REDUCE_UNSIGNED(name, T)                                                \
    static void name(T *restrict a, const T *restrict b, int n, unsigned op)   \
    {                                                                           \
        if (op == G7SF_MINMAX_MIN)                                              \
            for (int i = 0; i < n; i++)                                         \
                a[i] = b[i] < a[i] ? b[i] : a[i];                               \
        else                                                                    \
            for (int i = 0; i < n; i++)                                         \
                a[i] = b[i] > a[i] ? b[i] : a[i];                               \
    }
REDUCE_UNSIGNED(reduce8, uint8_t)
REDUCE_UNSIGNED(reduce16, uint16_t)
#undef REDUCE_UNSIGNED

static void reduce64(uint64_t *restrict a, const uint64_t *restrict b, int n, unsigned op)
{
    if (op == G7SF_MINMAX_MIN)
        for (int i = 0; i < n; i++)
            a[i] &= b[i];
    else
        for (int i = 0; i < n; i++)
            a[i] |= b[i];
}

static size_t unit_bytes(enum kind k)
{
    return k == K8 ? 1 : k == K16 ? 2 : 8;
}

static void reduce(const fast *F, void *a, const void *b)
{
    if (F->kind == K8)
        reduce8(a, b, F->units, F->op);
    else if (F->kind == K16)
        reduce16(a, b, F->units, F->op);
    else
        reduce64(a, b, F->units, F->op);
}

static void fill(const fast *F, void *a, int n)
{
    for (int i = 0; i < n; i++) {
        if (F->kind == K8)
            ((uint8_t *)a)[i] = (uint8_t)F->ident;
        else if (F->kind == K16)
            ((uint16_t *)a)[i] = (uint16_t)F->ident;
        else
            ((uint64_t *)a)[i] = F->ident;
    }
}

/* 8 bytes as a big-endian word (the first byte the most significant). */
static uint64_t load_be64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#elif !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__
    v = 0;
    for (int k = 0; k < 8; k++)
        v = v << 8 | p[k];
#endif
    return v;
}

static void store_be64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
    memcpy(p, &v, 8);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    memcpy(p, &v, 8);
#else
    for (int k = 0; k < 8; k++)
        p[k] = (uint8_t)(v >> (56 - 8 * k));
#endif
}

/* 64 pixels of U1 row `row` from pixel p on, p .. p + 63 inside it. */
static uint64_t bits64(const uint8_t *row, int64_t p)
{
    size_t a = (size_t)(p >> 3);
    unsigned b = (unsigned)(p & 7);
    uint64_t v = load_be64(row + a);
    if (b)                       /* pixel p + 63 is in byte a + 8 */
        v = v << b | row[a + 8] >> (8 - b);
    return v;
}

/* The same where p .. p + 63 passes an end of the row (w pixels): pixels
 * before 0 are bits of left, those from w on bits of right; no byte
 * outside the row's (w + 7) / 8 is read. */
static uint64_t bits64_edge(const uint8_t *row, int64_t w, int64_t p, uint64_t left,
                            uint64_t right)
{
    int64_t a = p >> 3, n = (w + 7) / 8;         /* floor: p may be negative */
    unsigned b = (unsigned)(p & 7);
    uint64_t v = 0;
    for (int64_t k = a; k < a + 8; k++)
        v = v << 8 | (k >= 0 && k < n ? row[k] : 0u);
    if (b)
        v = v << b | (a + 8 >= 0 && a + 8 < n ? row[a + 8] : 0u) >> (8 - b);
    int64_t nl = p < 0 ? (-p < 64 ? -p : 64) : 0;   /* leading pixels before 0 */
    int64_t first_out = w - p;                       /* offset of pixel w */
    int64_t nr = first_out <= 0 ? 64 : first_out < 64 ? 64 - first_out : 0;
    uint64_t ml = nl == 64 ? ~0ull : nl ? ~0ull << (64 - nl) : 0;
    uint64_t mr = nr == 64 ? ~0ull : nr ? (1ull << nr) - 1 : 0;
    return (v & ~ml & ~mr) | (left & ml) | (right & mr);
}

/* The padded row of source row y: unit k holds source column x0 - 3 + k
 * (U1: bit 63 - p % 64 of word p / 64 holds column x0 - 3 + p); outside
 * the source, the nearest pixel (REPLICATE) or the losing value (IGNORE). */
static void load_row(fast *F, int64_t y)
{
    const g7sf_va_image *s = F->s;
    const uint8_t *row = (const uint8_t *)s->data + (size_t)y * s->stride;
    int64_t first = F->x0 - 3, W = s->width;
    if (F->kind == K1) {
        uint64_t *pr = F->pr;
        uint64_t left = F->ignore ? F->ident : get(s, 0, y) ? ~0ull : 0;
        uint64_t right = F->ignore ? F->ident : get(s, W - 1, y) ? ~0ull : 0;
        for (int k = 0; k <= F->units; k++) {
            int64_t p = first + 64 * (int64_t)k;
            if (p >= 0 && p + 63 < W) {
                pr[k] = bits64(row, p);
                continue;
            }
            pr[k] = bits64_edge(row, W, p, left, right);
        }
        return;
    }
    int n = F->sw + 7;
    int lo = first < 0 ? (int)-first : 0;                 /* 0 .. 3 */
    int hi = first + n > W ? (int)(W - first) : n;        /* > lo: x0 is inside */
    uint32_t left = F->ignore ? (uint32_t)F->ident : (uint32_t)get(s, 0, y);
    uint32_t right = F->ignore ? (uint32_t)F->ident : (uint32_t)get(s, W - 1, y);
    if (F->kind == K8) {
        uint8_t *pr = F->pr;
        memset(pr, (int)left, (size_t)lo);
        memcpy(pr + lo, row + first + lo, (size_t)(hi - lo));
        memset(pr + hi, (int)right, (size_t)(n - hi));
        return;
    }
    uint16_t *pr = F->pr;
    uint16_t flip = s->type == G7SF_VA_S16 ? 0x8000 : 0;
    if (!F->ignore)
        left ^= flip, right ^= flip;
    for (int k = 0; k < lo; k++)
        pr[k] = (uint16_t)left;
    const uint8_t *p = row + 2 * (size_t)(first + lo);
    for (int k = lo; k < hi; k++, p += 2) {
        uint16_t v;
        memcpy(&v, p, 2);
        pr[k] = v ^ flip;
    }
    for (int k = hi; k < n; k++)
        pr[k] = (uint16_t)right;
}

/* h[i] = op over the columns c of set of padded pixel i + c. */
static void reduce_row(const fast *F, void *h, unsigned set)
{
    int c0 = __builtin_ctz(set);
    if (F->kind == K1) {
        const uint64_t *pr = F->pr;
        uint64_t *o = h;
        for (int k = 0; k < F->units; k++)
            o[k] = pr[k] << c0 | (c0 ? pr[k + 1] >> (64 - c0) : 0);
        for (int c = c0 + 1; c < 8; c++) {
            if (!(set >> c & 1))
                continue;
            if (F->op == G7SF_MINMAX_MIN)
                for (int k = 0; k < F->units; k++)
                    o[k] &= pr[k] << c | pr[k + 1] >> (64 - c);
            else
                for (int k = 0; k < F->units; k++)
                    o[k] |= pr[k] << c | pr[k + 1] >> (64 - c);
        }
        return;
    }
    size_t es = unit_bytes(F->kind);
    const uint8_t *pr = F->pr;
    memcpy(h, pr + es * (size_t)c0, es * (size_t)F->units);
    for (int c = c0 + 1; c < 8; c++)
        if (set >> c & 1)
            reduce(F, h, pr + es * (size_t)c);
}

/* The row reduced by set k, source row y (computed once per strip). */
static const void *hrow(fast *F, int k, int64_t y)
{
    int slot = (int)(y & 7);
    if (F->cache_y[k][slot] != y) {
        if (F->pr_y != y) {
            load_row(F, y);
            F->pr_y = y;
        }
        reduce_row(F, F->cache[k][slot], F->sets[k]);
        F->cache_y[k][slot] = y;
    }
    return F->cache[k][slot];
}

static void store_row(const fast *F, uint8_t *d)
{
    const g7sf_va_image *s = F->s;
    if (F->kind == K8) {
        memcpy(d, F->acc, (size_t)F->sw);
    } else if (F->kind == K16) {
        const uint16_t *a = F->acc;
        uint16_t flip = s->type == G7SF_VA_S16 ? 0x8000 : 0;
        for (int i = 0; i < F->sw; i++) {
            uint16_t v = a[i] ^ flip;
            memcpy(d + 2 * (size_t)i, &v, 2);
        }
    } else {
        const uint64_t *a = F->acc;
        int full = F->sw / 8, rest = F->sw % 8;
        for (int k = 0; k < full / 8; k++)
            store_be64(d + 8 * k, a[k]);
        for (int b = full / 8 * 8; b < full; b++)
            d[b] = (uint8_t)(a[b / 8] >> (56 - 8 * (b % 8)));
        if (rest) {              /* the bits past the block are kept */
            uint8_t v = (uint8_t)(a[full / 8] >> (56 - 8 * (full % 8)));
            uint8_t keep = (uint8_t)((1u << (8 - rest)) - 1);
            d[full] = (uint8_t)((v & ~keep) | (d[full] & keep));
        }
    }
}

static int run_fast(const g7sf_va_morph *m, const g7sf_va_image *s, const uint8_t rows[8],
                    int x0, int y0, int w, int h, uint8_t *dst, size_t dst_stride)
{
    fast F;
    memset(&F, 0, sizeof F);
    F.s = s;
    F.kind = s->type == G7SF_VA_U1 ? K1 : s->type == G7SF_VA_U8 ? K8 : K16;
    F.op = m->op;
    F.ignore = m->edge == G7SF_VA_EDGE_IGNORE;
    bool min = m->op == G7SF_MINMAX_MIN;
    F.ident = F.kind == K1 ? (min ? ~0ull : 0) : F.kind == K8 ? (min ? 0xFF : 0)
                                                              : (min ? 0xFFFF : 0);
    for (int r = 0; r < 8; r++) {
        F.setof[r] = -1;
        if (!rows[r])
            continue;
        for (int k = 0; k < F.nsets && F.setof[r] < 0; k++)
            if (F.sets[k] == rows[r])
                F.setof[r] = k;
        if (F.setof[r] < 0) {    /* at most 4: the rows go in quad pairs */
            F.sets[F.nsets] = rows[r];
            F.setof[r] = F.nsets++;
        }
    }
    /* buffers: the caches, the accumulator and the padded row, each a
     * multiple of 8 bytes */
    size_t es = unit_bytes(F.kind);
    size_t row_units = F.kind == K1 ? STRIP_WORDS : STRIP;
    size_t row_sz = (es * row_units + 7) & ~(size_t)7;
    size_t pr_sz = (es * (row_units + 8) + 7) & ~(size_t)7;
    size_t total = row_sz * (8 * (size_t)F.nsets + 1) + pr_sz;
    uint8_t *mem = malloc(total);
    if (!mem)
        return G7SF_ENOMEM;
    for (int k = 0; k < F.nsets; k++)
        for (int slot = 0; slot < 8; slot++)
            F.cache[k][slot] = mem + row_sz * (size_t)(8 * k + slot);
    F.acc = mem + row_sz * (size_t)(8 * F.nsets);
    F.pr = mem + row_sz * (size_t)(8 * F.nsets + 1);
    memset(F.pr, 0, pr_sz);

    size_t out_unit = s->type == G7SF_VA_U8 ? 1 : 2;
    for (int sx = 0; sx < w; sx += STRIP) {
        F.sw = w - sx < STRIP ? w - sx : STRIP;
        F.x0 = (int64_t)x0 + sx;
        F.units = F.kind == K1 ? (F.sw + 63) / 64 : F.sw;
        F.pr_y = -1;
        for (int k = 0; k < 4; k++)
            for (int slot = 0; slot < 8; slot++)
                F.cache_y[k][slot] = -1;
        size_t out_off = F.kind == K1 ? (size_t)sx / 8 : (size_t)sx * out_unit;
        size_t acc_bytes = es * (size_t)F.units;
        for (int j = 0; j < h; j++) {
            int64_t y = (int64_t)y0 + j;
            bool any = false;
            for (int r = 0; r < 8; r++) {
                if (F.setof[r] < 0)
                    continue;
                int64_t sy = y - 3 + r;
                if (sy < 0 || sy >= s->height) {
                    if (F.ignore)
                        continue;
                    sy = sy < 0 ? 0 : s->height - 1;
                }
                const void *hr = hrow(&F, F.setof[r], sy);
                if (!any)
                    memcpy(F.acc, hr, acc_bytes);
                else
                    reduce(&F, F.acc, hr);
                any = true;
            }
            if (!any)
                fill(&F, F.acc, F.units);
            store_row(&F, dst + (size_t)j * dst_stride + out_off);
        }
    }
    free(mem);
    return 0;
}

/* ---- The entry point --------------------------------------------------- */

int g7sf_va_morph_block(const g7sf_va_morph *m, const g7sf_va_image *src, int x0, int y0,
                        int w, int h, void *dst, size_t dst_stride, g7sf_va_morph_stats *stats,
                        const char **why)
{
    int code;
    const char *bad = invalid(m, src, x0, y0, w, h, dst, dst_stride, &code);
    if (why)
        *why = bad;
    if (bad)
        return code;
    uint8_t rows[8];
    uint64_t fp = footprint_rows(&m->footprint, rows);
    g7sf_va_morph_stats st;
    memset(&st, 0, sizeof st);
    if (m->tree) {
        run_tree(m, src, x0, y0, w, h, dst, dst_stride, &st);
    } else {
        int r = run_fast(m, src, rows, x0, y0, w, h, dst, dst_stride);
        if (r) {
            if (why)
                *why = "no memory for the row buffers";
            return r;
        }
        if (stats)
            block_counts(m, src, fp, x0, y0, w, h, &st);
    }
    if (stats)
        *stats = st;
    return 0;
}
