/* Compression in the MSAA index bits (patent US 9466124, spec file 004,
 * lines cited as L<n> of ../shared/spec/004_bea326a558e6adbd.txt).  The
 * layouts are in include/gen7sf/msaa_compress.h; the reasons in
 * docs/spec-notes.md, "Patent 004". */
#include <stddef.h>
#include <string.h>

#include "gen7sf/msaa_compress.h"

#define NPIX G7SF_MSAA_TILE_PIXELS

/* Bit fields, LSB first (bit i = bit i % 8 of byte i / 8). */
static void put_bits(uint8_t *b, unsigned off, unsigned w, uint32_t v)
{
    for (unsigned j = 0; j < w; j++, off++)
        if (v >> j & 1)
            b[off / 8] |= (uint8_t)(1u << (off % 8));
}

static uint32_t get_bits(const uint8_t *b, unsigned off, unsigned w)
{
    uint32_t v = 0;
    for (unsigned j = 0; j < w; j++, off++)
        v |= (uint32_t)(b[off / 8] >> (off % 8) & 1) << j;
    return v;
}

/* Are bits [from, to) all zero? */
static int zero_bits(const uint8_t *b, unsigned from, unsigned to)
{
    for (unsigned i = from; i < to; i++)
        if (b[i / 8] >> (i % 8) & 1)
            return 0;
    return 1;
}

unsigned g7sf_msaa_index_bits(unsigned n)
{
    /* Gen7's MCS: 8 bits per pixel at 4x, 32 at 8x, 32 pixels a tile. */
    return n == 4 ? 256 : n == 8 ? 1024 : 0;
}

/* The distinct colours of the tile, in first-seen order; stops counting
 * past max (returns max + 1 then). */
static unsigned distinct(const uint32_t *c, unsigned count, uint32_t *pal, unsigned max)
{
    unsigned k = 0;
    for (unsigned i = 0; i < count; i++) {
        unsigned j = 0;
        while (j < k && pal[j] != c[i])
            j++;
        if (j == k) {
            if (k == max)
                return max + 1;
            pal[k++] = c[i];
        }
    }
    return k;
}

static unsigned find(const uint32_t *pal, unsigned k, uint32_t c)
{
    unsigned j = 0;
    while (j < k && pal[j] != c)
        j++;
    return j;
}

/* Mode A (L32-34, L80): a palette of m = 2 (4x) or 4 (8x) colours and
 * log2 m bits per sample.  pal holds k <= m colours. */
static void mode_a_encode(const uint32_t *c, unsigned n, const uint32_t *pal, unsigned k,
                          uint8_t *bits)
{
    unsigned m = n == 4 ? 2 : 4, ib = n == 4 ? 1 : 2;
    unsigned col = n == 4 ? 64 : 128, idx = n == 4 ? 128 : 256;
    put_bits(bits, 0, n == 4 ? 3 : 4, n == 4 ? 7 : 15);   /* the tag */
    for (unsigned i = 0; i < m; i++)
        put_bits(bits, col + 32 * i, 32, pal[i < k ? i : 0]);
    for (unsigned i = 0; i < NPIX * n; i++)
        put_bits(bits, idx + ib * i, ib, find(pal, k, c[i]));
}

/* Method B (L38-56), both rates.  A pixel's status: the entry itself when
 * all its samples have one colour; ncol + i for the i-th pair of the table
 * below ("medium", 1 bit per sample, 0 = the pair's lower entry); ncol +
 * npair for any other pixel ("complex", base-ncol digits, sample 0 the
 * lowest; L46's 3^4 = 81 in 7 bits, at 8x 6^8 = 1679616 in 21 bits); the
 * last code (111, 1111) is pixel 0's Mode A tag and malformed elsewhere.
 * 4x: all three pairs (L40).  8x: 16 codes = 6 singles, 8 pairs, complex,
 * tag (L52: "chosen in any way as long as one combination is left" for all
 * colours); the pairs are those of the most frequent entries (the encoder
 * orders the palette by frequency), other pairs go complex. */
typedef struct method_b {
    unsigned n, ncol, sbits, col, end;  /* status bits, colours at, budget end */
    unsigned npair, mbits, cbits;       /* pairs; medium and complex field widths */
    const uint8_t (*pair)[2];
} method_b;

static const uint8_t pairs4[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
static const uint8_t pairs8[8][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 },
                                      { 0, 5 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };

static method_b method_b_of(unsigned n)
{
    if (n == 4)
        return (method_b){ 4, 3, 3, 96, 256, 3, 4, 7, pairs4 };
    return (method_b){ 8, 6, 4, 128, 768, 8, 8, 21, pairs8 };
}

/* pal: the ncol entries (at 4x pal[2] the clear colour when with_clear);
 * the payload starts after the stored colours.  0 or G7SF_ERANGE. */
static int method_b_encode(const uint32_t *c, unsigned n, const uint32_t *pal, int with_clear,
                           uint8_t *bits)
{
    method_b m = method_b_of(n);
    unsigned stored = m.ncol - (with_clear ? 1 : 0), off = m.col + 32 * stored;
    for (unsigned i = 0; i < stored; i++)
        put_bits(bits, m.col + 32 * i, 32, pal[i]);
    for (unsigned p = 0; p < NPIX; p++) {
        unsigned e[8], used = 0, st, v = 0, w;
        for (unsigned s = 0; s < n; s++) {
            e[s] = find(pal, m.ncol, c[n * p + s]);
            used |= 1u << e[s];
        }
        st = m.ncol + m.npair;                  /* complex unless below */
        for (unsigned i = 0; i < m.ncol; i++)
            if (used == 1u << i)
                st = i;
        for (unsigned i = 0; i < m.npair; i++)
            if (used == (1u << m.pair[i][0] | 1u << m.pair[i][1]))
                st = m.ncol + i;
        put_bits(bits, m.sbits * p, m.sbits, st);
        if (st < m.ncol)
            continue;                           /* simple: no payload, L44 */
        if (st < m.ncol + m.npair) {            /* medium: 1 bit a sample, L44 */
            for (unsigned s = 0; s < n; s++)
                v |= (unsigned)(e[s] != m.pair[st - m.ncol][0]) << s;
            w = m.mbits;
        } else {                                /* complex: base ncol, L46 */
            for (unsigned s = n; s-- > 0;)
                v = v * m.ncol + e[s];
            w = m.cbits;
        }
        if (off + w > m.end)                    /* over budget: fails, L46-48 */
            return G7SF_ERANGE;
        put_bits(bits, off, w, v);
        off += w;
    }
    return 0;
}

/* Counting sort key: more samples first, then the smaller value. */
static int more_frequent(const uint32_t *c, unsigned count, uint32_t a, uint32_t b)
{
    unsigned na = 0, nb = 0;
    for (unsigned i = 0; i < count; i++) {
        na += c[i] == a;
        nb += c[i] == b;
    }
    return na != nb ? na > nb : a < b;
}

/* 8x Method B's payload depends on where the colours sit: the pair codes
 * (pairs8) join entry 0 to every other entry but 1, 2, 3 only among
 * themselves, and a two-colour pixel whose pair has no code costs a
 * complex 21 bits instead of 8.  When the frequency order does not fit,
 * every placement of the k (5 or 6) colours in the six entries is tried,
 * in lexicographic order, and the first that fits is kept in pal, so any
 * tile some placement fits is encoded (a tile the decoder accepted is one:
 * its referenced entries are distinct).  A 5-colour tile's unused entry is
 * never entry 0: moving the colour of entry 4 there keeps every code it
 * had and adds some.  0 and pal filled, or G7SF_ERANGE. */
static int method_b8_arrange(const uint32_t *c, uint32_t *pal, unsigned k)
{
    uint8_t mask[NPIX], code[6][6] = { { 0 } };
    for (unsigned i = 0; i < 8; i++)
        code[pairs8[i][0]][pairs8[i][1]] = code[pairs8[i][1]][pairs8[i][0]] = 1;
    for (unsigned p = 0; p < NPIX; p++) {
        mask[p] = 0;
        for (unsigned s = 0; s < 8; s++)
            mask[p] |= (uint8_t)(1u << find(pal, k, c[8 * p + s]));
    }
    uint8_t slot[6] = { 0, 1, 2, 3, 4, 5 };   /* slot[i]: the entry of colour i
                                                 (i = 5 when k = 5: the unused one) */
    for (;;) {
        unsigned bits = 0;
        if (!(k == 5 && slot[5] == 0)) {
            for (unsigned p = 0; p < NPIX && bits <= 448; p++) {
                unsigned m = mask[p], a = (unsigned)__builtin_ctz(m), b;
                if (!(m & (m - 1)))
                    continue;                      /* one colour: no payload */
                m &= m - 1;
                b = (unsigned)__builtin_ctz(m);
                bits += !(m & (m - 1)) && code[slot[a]][slot[b]] ? 8 : 21;
            }
            if (bits <= 448) {                     /* the payload of 320..767 */
                uint32_t out[6];
                for (unsigned i = 0; i < k; i++)
                    out[slot[i]] = pal[i];
                if (k == 5)
                    out[slot[5]] = out[0];         /* unused repeats entry 0 */
                memcpy(pal, out, sizeof out);
                return 0;
            }
        }
        /* the next permutation of slot[] in lexicographic order */
        int i = 4;
        while (i >= 0 && slot[i] > slot[i + 1])
            i--;
        if (i < 0)
            return G7SF_ERANGE;
        int j = 5;
        while (slot[j] < slot[i])
            j--;
        uint8_t t = slot[i]; slot[i] = slot[j]; slot[j] = t;
        for (int a = i + 1, b = 5; a < b; a++, b--) {
            t = slot[a]; slot[a] = slot[b]; slot[b] = t;
        }
    }
}

int g7sf_msaa_tile_encode(const uint32_t *colours, unsigned n, const uint32_t *clear,
                          uint8_t *bits, int *method)
{
    uint32_t pal[6];
    if (!colours || !bits || (n != 4 && n != 8))
        return G7SF_EINVAL;
    unsigned nbytes = g7sf_msaa_index_bits(n) / 8;
    memset(bits, 0, nbytes);
    unsigned k = distinct(colours, NPIX * n, pal, n == 4 ? 3 : 6);
    if (k <= (n == 4 ? 2u : 4u)) {
        mode_a_encode(colours, n, pal, k, bits);
        if (method)
            *method = G7SF_MSAA_MODE_A;
        return 0;
    }
    if (k > (n == 4 ? 3u : 6u))
        return G7SF_ERANGE;
    int r;
    if (n == 8) {
        /* 5 or 6 colours: most frequent first (the pairs of the status
         * table favour them); a 6th entry unused repeats entry 0. */
        for (unsigned i = 1; i < k; i++)
            for (unsigned j = i; j > 0 && more_frequent(colours, NPIX * n, pal[j], pal[j - 1]); j--) {
                uint32_t t = pal[j]; pal[j] = pal[j - 1]; pal[j - 1] = t;
            }
        for (unsigned i = k; i < 6; i++)
            pal[i] = pal[0];
        r = method_b_encode(colours, 8, pal, 0, bits);
        if (r == G7SF_ERANGE && method_b8_arrange(colours, pal, k) == 0) {
            memset(bits, 0, nbytes);
            r = method_b_encode(colours, 8, pal, 0, bits);
        }
        if (r == 0 && method)
            *method = G7SF_MSAA_METHOD_B;
        return r;
    }
    /* Three colours at 4x.  The clear colour, when it is one of them,
     * becomes the implicit entry 2 (L50): 32 more payload bits, never fewer.
     * The order of the stored colours flags the variant: 0 < 1 plain,
     * 0 > 1 clear. */
    uint32_t b[3];
    int with_clear = clear && find(pal, 3, *clear) < 3;
    if (with_clear) {
        unsigned j = 0;
        for (unsigned i = 0; i < 3; i++)
            if (pal[i] != *clear)
                b[j++] = pal[i];
        if (b[0] < b[1]) {
            uint32_t t = b[0]; b[0] = b[1]; b[1] = t;
        }
        b[2] = *clear;
    } else {
        memcpy(b, pal, sizeof b);               /* sort ascending */
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j + 1 < 3 - i; j++)
                if (b[j] > b[j + 1]) {
                    uint32_t t = b[j]; b[j] = b[j + 1]; b[j + 1] = t;
                }
    }
    r = method_b_encode(colours, 4, b, with_clear, bits);
    if (r == 0 && method)
        *method = with_clear ? G7SF_MSAA_METHOD_B_CLEAR : G7SF_MSAA_METHOD_B;
    return r;
}

static int mode_a_decode(const uint8_t *bits, unsigned n, uint32_t *colours)
{
    unsigned m = n == 4 ? 2 : 4, ib = n == 4 ? 1 : 2;
    unsigned col = n == 4 ? 64 : 128, idx = n == 4 ? 128 : 256;
    unsigned end = idx + ib * NPIX * n;        /* 256 (4x), 768 (8x) */
    uint32_t pal[4];
    if (!zero_bits(bits, n == 4 ? 3 : 4, col) || !zero_bits(bits, end, g7sf_msaa_index_bits(n)))
        return G7SF_EPAYLOAD;
    for (unsigned i = 0; i < m; i++)
        pal[i] = get_bits(bits, col + 32 * i, 32);
    for (unsigned i = 0; i < NPIX * n; i++)
        colours[i] = pal[get_bits(bits, idx + ib * i, ib)];
    return 0;
}

static int method_b_decode(const uint8_t *bits, unsigned n, const uint32_t *clear,
                           uint32_t *colours, int *method)
{
    method_b m = method_b_of(n);
    uint32_t pal[6];
    int with_clear = 0;
    for (unsigned i = 0; i < m.ncol; i++)
        pal[i] = get_bits(bits, m.col + 32 * i, 32);
    if (n == 4) {
        if (pal[0] == pal[1])
            return G7SF_EPAYLOAD;
        with_clear = pal[0] > pal[1];
        if (with_clear) {
            if (!clear)
                return G7SF_ESTATE;
            pal[2] = *clear;
        }
    }
    unsigned off = m.col + 32 * (m.ncol - (unsigned)with_clear), ref = 0;
    for (unsigned p = 0; p < NPIX; p++) {
        unsigned st = get_bits(bits, m.sbits * p, m.sbits);
        uint32_t *px = colours + n * p;
        if (st < m.ncol) {
            for (unsigned s = 0; s < n; s++)
                px[s] = pal[st];
            ref |= 1u << st;
        } else if (st < m.ncol + m.npair) {
            if (off + m.mbits > m.end)
                return G7SF_EPAYLOAD;
            unsigned v = get_bits(bits, off, m.mbits);
            off += m.mbits;
            for (unsigned s = 0; s < n; s++) {
                unsigned e = m.pair[st - m.ncol][v >> s & 1];
                px[s] = pal[e];
                ref |= 1u << e;
            }
        } else if (st == m.ncol + m.npair) {
            if (off + m.cbits > m.end)
                return G7SF_EPAYLOAD;
            unsigned v = get_bits(bits, off, m.cbits);
            off += m.cbits;
            for (unsigned s = 0; s < n; s++, v /= m.ncol) {
                px[s] = pal[v % m.ncol];
                ref |= 1u << (v % m.ncol);
            }
            if (v)                              /* >= ncol^n: 81 at 4x, L46 */
                return G7SF_EPAYLOAD;
        } else {
            return G7SF_EPAYLOAD;               /* the tag code past pixel 0 */
        }
    }
    if (!zero_bits(bits, off, g7sf_msaa_index_bits(n)))
        return G7SF_EPAYLOAD;
    /* 8x: two referenced entries with one colour are malformed (the
     * encoder stores each colour once; an unused entry repeating entry 0
     * is never referenced), so every decoded tile encodes again */
    for (unsigned i = 0; n == 8 && i < m.ncol; i++)
        for (unsigned j = i + 1; j < m.ncol; j++)
            if ((ref >> i & 1) && (ref >> j & 1) && pal[i] == pal[j])
                return G7SF_EPAYLOAD;
    if (method)
        *method = with_clear ? G7SF_MSAA_METHOD_B_CLEAR : G7SF_MSAA_METHOD_B;
    return 0;
}

int g7sf_msaa_tile_decode(const uint8_t *bits, unsigned n, const uint32_t *clear,
                          uint32_t *colours, int *method)
{
    if (!bits || !colours || (n != 4 && n != 8))
        return G7SF_EINVAL;
    unsigned tag = n == 4 ? 7 : 15;             /* pixel 0's last status code */
    if (get_bits(bits, 0, n == 4 ? 3 : 4) != tag)
        return method_b_decode(bits, n, clear, colours, method);
    int r = mode_a_decode(bits, n, colours);
    if (r == 0 && method)
        *method = G7SF_MSAA_MODE_A;
    return r;
}

unsigned g7sf_msaa_tile_planes(const uint32_t *colours, unsigned n)
{
    uint32_t pal[8];
    unsigned most = 0;
    if (!colours || (n != 4 && n != 8))
        return 0;
    for (unsigned p = 0; p < NPIX; p++) {
        unsigned k = distinct(colours + n * p, n, pal, 8);
        if (k > most)
            most = k;
    }
    return most;
}

int g7sf_msaa_tile_traffic(unsigned n, unsigned planes, g7sf_msaa_traffic *out)
{
    if (!out || (n != 4 && n != 8) || planes > n)
        return G7SF_EINVAL;
    unsigned index = g7sf_msaa_index_bits(n);
    unsigned plane = 32 * NPIX;                 /* RGBA8 x 8x4 = 1024, L22 */
    out->index_mode = index;
    out->planes_compressed = planes * plane / 2 + index;
    out->uncompressed = planes * plane + index;
    return 0;
}
