/* BC6H (BPTC float) blocks: Khronos Data Format Specification, "BC6H"
 * (= ARB_texture_compression_bptc Table.MF and Table.F), with the D3D11
 * BC6H format page for the arithmetic; docs/spec-notes.md, "BC6H and BC7". */
#include <string.h>

#include "format_conv.h"
#include "texcomp.h"
#include "texcomp_bptc.h"

/* Endpoint variables r0 g0 b0 r1 ... b3: 3 * endpoint + channel. */
enum { R0, G0, B0, R1, G1, B1, R2, G2, B2, R3, G3, B3 };

/* One v[a:b] of the block format strings: |a - b| + 1 bits, the first one
 * read going to bit b of v, the next ones toward bit a. */
struct bc6h_field { uint8_t var, a, b; };
#define F(v, a, b) { v, a, b }
#define MODE(number, transformed, two_subsets, epb, dr, dg, db, ...)         \
    { number, transformed, two_subsets, epb, { dr, dg, db },                 \
      sizeof((struct bc6h_field[]){ __VA_ARGS__ }) / sizeof(struct bc6h_field), \
      { __VA_ARGS__ } }

static const struct bc6h_mode {
    uint8_t number;         /* the mode number, the low 2 or 5 bits */
    uint8_t transformed;    /* endpoints other than e0 are deltas from e0 */
    uint8_t two_subsets;    /* 5 partition bits follow the fields */
    uint8_t epb;            /* endpoint bits */
    uint8_t delta[3];       /* bits of the other endpoints, per channel */
    uint8_t nfields;
    struct bc6h_field f[24];    /* after the mode bits */
} bc6h_modes[14] = {
    MODE(0, 1, 1, 10, 5, 5, 5,
        F(G2, 4, 4), F(B2, 4, 4), F(B3, 4, 4), F(R0, 9, 0), F(G0, 9, 0),
        F(B0, 9, 0), F(R1, 4, 0), F(G3, 4, 4), F(G2, 3, 0), F(G1, 4, 0),
        F(B3, 0, 0), F(G3, 3, 0), F(B1, 4, 0), F(B3, 1, 1), F(B2, 3, 0),
        F(R2, 4, 0), F(B3, 2, 2), F(R3, 4, 0), F(B3, 3, 3)),
    MODE(1, 1, 1, 7, 6, 6, 6,
        F(G2, 5, 5), F(G3, 4, 4), F(G3, 5, 5), F(R0, 6, 0), F(B3, 0, 0),
        F(B3, 1, 1), F(B2, 4, 4), F(G0, 6, 0), F(B2, 5, 5), F(B3, 2, 2),
        F(G2, 4, 4), F(B0, 6, 0), F(B3, 3, 3), F(B3, 5, 5), F(B3, 4, 4),
        F(R1, 5, 0), F(G2, 3, 0), F(G1, 5, 0), F(G3, 3, 0), F(B1, 5, 0),
        F(B2, 3, 0), F(R2, 5, 0), F(R3, 5, 0)),
    MODE(2, 1, 1, 11, 5, 4, 4,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 4, 0), F(R0, 10, 10),
        F(G2, 3, 0), F(G1, 3, 0), F(G0, 10, 10), F(B3, 0, 0), F(G3, 3, 0),
        F(B1, 3, 0), F(B0, 10, 10), F(B3, 1, 1), F(B2, 3, 0), F(R2, 4, 0),
        F(B3, 2, 2), F(R3, 4, 0), F(B3, 3, 3)),
    MODE(6, 1, 1, 11, 4, 5, 4,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 3, 0), F(R0, 10, 10),
        F(G3, 4, 4), F(G2, 3, 0), F(G1, 4, 0), F(G0, 10, 10), F(G3, 3, 0),
        F(B1, 3, 0), F(B0, 10, 10), F(B3, 1, 1), F(B2, 3, 0), F(R2, 3, 0),
        F(B3, 0, 0), F(B3, 2, 2), F(R3, 3, 0), F(G2, 4, 4), F(B3, 3, 3)),
    MODE(10, 1, 1, 11, 4, 4, 5,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 3, 0), F(R0, 10, 10),
        F(B2, 4, 4), F(G2, 3, 0), F(G1, 3, 0), F(G0, 10, 10), F(B3, 0, 0),
        F(G3, 3, 0), F(B1, 4, 0), F(B0, 10, 10), F(B2, 3, 0), F(R2, 3, 0),
        F(B3, 1, 1), F(B3, 2, 2), F(R3, 3, 0), F(B3, 4, 4), F(B3, 3, 3)),
    MODE(14, 1, 1, 9, 5, 5, 5,
        F(R0, 8, 0), F(B2, 4, 4), F(G0, 8, 0), F(G2, 4, 4), F(B0, 8, 0),
        F(B3, 4, 4), F(R1, 4, 0), F(G3, 4, 4), F(G2, 3, 0), F(G1, 4, 0),
        F(B3, 0, 0), F(G3, 3, 0), F(B1, 4, 0), F(B3, 1, 1), F(B2, 3, 0),
        F(R2, 4, 0), F(B3, 2, 2), F(R3, 4, 0), F(B3, 3, 3)),
    MODE(18, 1, 1, 8, 6, 5, 5,
        F(R0, 7, 0), F(G3, 4, 4), F(B2, 4, 4), F(G0, 7, 0), F(B3, 2, 2),
        F(G2, 4, 4), F(B0, 7, 0), F(B3, 3, 3), F(B3, 4, 4), F(R1, 5, 0),
        F(G2, 3, 0), F(G1, 4, 0), F(B3, 0, 0), F(G3, 3, 0), F(B1, 4, 0),
        F(B3, 1, 1), F(B2, 3, 0), F(R2, 5, 0), F(R3, 5, 0)),
    MODE(22, 1, 1, 8, 5, 6, 5,
        F(R0, 7, 0), F(B3, 0, 0), F(B2, 4, 4), F(G0, 7, 0), F(G2, 5, 5),
        F(G2, 4, 4), F(B0, 7, 0), F(G3, 5, 5), F(B3, 4, 4), F(R1, 4, 0),
        F(G3, 4, 4), F(G2, 3, 0), F(G1, 5, 0), F(G3, 3, 0), F(B1, 4, 0),
        F(B3, 1, 1), F(B2, 3, 0), F(R2, 4, 0), F(B3, 2, 2), F(R3, 4, 0),
        F(B3, 3, 3)),
    MODE(26, 1, 1, 8, 5, 5, 6,
        F(R0, 7, 0), F(B3, 1, 1), F(B2, 4, 4), F(G0, 7, 0), F(B2, 5, 5),
        F(G2, 4, 4), F(B0, 7, 0), F(B3, 5, 5), F(B3, 4, 4), F(R1, 4, 0),
        F(G3, 4, 4), F(G2, 3, 0), F(G1, 4, 0), F(B3, 0, 0), F(G3, 3, 0),
        F(B1, 5, 0), F(B2, 3, 0), F(R2, 4, 0), F(B3, 2, 2), F(R3, 4, 0),
        F(B3, 3, 3)),
    MODE(30, 0, 1, 6, 6, 6, 6,
        F(R0, 5, 0), F(G3, 4, 4), F(B3, 0, 0), F(B3, 1, 1), F(B2, 4, 4),
        F(G0, 5, 0), F(G2, 5, 5), F(B2, 5, 5), F(B3, 2, 2), F(G2, 4, 4),
        F(B0, 5, 0), F(G3, 5, 5), F(B3, 3, 3), F(B3, 5, 5), F(B3, 4, 4),
        F(R1, 5, 0), F(G2, 3, 0), F(G1, 5, 0), F(G3, 3, 0), F(B1, 5, 0),
        F(B2, 3, 0), F(R2, 5, 0), F(R3, 5, 0)),
    MODE(3, 0, 0, 10, 10, 10, 10,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 9, 0), F(G1, 9, 0),
        F(B1, 9, 0)),
    MODE(7, 1, 0, 11, 9, 9, 9,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 8, 0), F(R0, 10, 10),
        F(G1, 8, 0), F(G0, 10, 10), F(B1, 8, 0), F(B0, 10, 10)),
    MODE(11, 1, 0, 12, 8, 8, 8,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 7, 0), F(R0, 10, 11),
        F(G1, 7, 0), F(G0, 10, 11), F(B1, 7, 0), F(B0, 10, 11)),
    MODE(15, 1, 0, 16, 4, 4, 4,
        F(R0, 9, 0), F(G0, 9, 0), F(B0, 9, 0), F(R1, 3, 0), F(R0, 10, 15),
        F(G1, 3, 0), F(G0, 10, 15), F(B1, 3, 0), F(B0, 10, 15)),
};
#undef MODE
#undef F

/* The mode of a block; NULL for the reserved numbers 19, 23, 27 and 31. */
static const struct bc6h_mode *find_mode(unsigned low5)
{
    unsigned number = (low5 & 3) < 2 ? low5 & 3 : low5;
    for (unsigned i = 0; i < 14; i++)
        if (bc6h_modes[i].number == number)
            return &bc6h_modes[i];
    return NULL;
}

static int sign_extend(int v, unsigned bits)
{
    int sign = 1 << (bits - 1);
    return ((v & ((1 << bits) - 1)) ^ sign) - sign;
}

/* The Data Format Specification's (= D3D's) unquantization of an endpoint
 * channel to 16 bits (unsigned) or 16 bits with sign (signed). */
static int unquantize(int x, unsigned epb, int is_signed)
{
    if (!is_signed) {
        if (epb >= 15 || x == 0)
            return x;
        if (x == (1 << epb) - 1)
            return 0xFFFF;
        return ((x << 15) + 0x4000) >> (epb - 1);
    }
    if (epb >= 16)
        return x;
    int mag = x < 0 ? -x : x, unq;
    if (mag == 0)
        unq = 0;
    else if (mag >= (1 << (epb - 1)) - 1)
        unq = 0x7FFF;
    else
        unq = ((mag << 15) + 0x4000) >> (epb - 1);
    return x < 0 ? -unq : unq;
}

/* The final scaling to half-float bits: 31/64 of the magnitude (unsigned),
 * 31/32 of the magnitude with the sign on top (signed).  As in D3D, a
 * negative value whose magnitude scales to 0 (v = -1) is +0, not -0 as the
 * Khronos text (and Mesa) has it.  The largest magnitude is 0x7BFF, except
 * 0x7C00 for the -32768 endpoint of signed mode 15: 0xFC00, -infinity. */
static unsigned finish_unquantize(int v, int is_signed)
{
    if (!is_signed)
        return (unsigned)(v * 31) >> 6;
    unsigned mag = (unsigned)((v < 0 ? -v : v) * 31) >> 5;
    return v < 0 && mag ? 0x8000u | mag : mag;
}

void texcomp_bc6h(const uint8_t block[16], int is_signed, texcomp_4x4 out)
{
    const struct bc6h_mode *m = find_mode(block[0] & 31);
    if (!m) {
        /* Reserved modes: (0, 0, 0, 1) (Khronos and D3D). */
        memset(out, 0, sizeof(texcomp_4x4));
        for (unsigned t = 0; t < 16; t++)
            out[t][3] = 1.0f;
        return;
    }
    bptc_bits b;
    bptc_bits_init(&b, block);
    b.pos = m->number < 2 ? 2 : 5;

    int e[12] = { 0 };
    for (unsigned i = 0; i < m->nfields; i++) {
        const struct bc6h_field *f = &m->f[i];
        int up = f->a >= f->b;
        unsigned n = up ? f->a - f->b + 1u : f->b - f->a + 1u;
        for (unsigned k = 0; k < n; k++)
            e[f->var] |= (int)bptc_get(&b, 1) << (up ? f->b + k : f->b - k);
    }
    unsigned ns = m->two_subsets ? 2 : 1;
    unsigned part = m->two_subsets ? bptc_get(&b, 5) : 0;

    /* Sign extension and the inverse of the delta transform, wrapped at
     * the endpoint bits. */
    for (unsigned c = 0; c < 3; c++) {
        if (is_signed)
            e[c] = sign_extend(e[c], m->epb);
        for (unsigned v = 3 + c; v < 6 * ns; v += 3) {
            if (m->transformed || is_signed)
                e[v] = sign_extend(e[v], m->delta[c]);
            if (m->transformed) {
                e[v] = (e[c] + e[v]) & ((1 << m->epb) - 1);
                if (is_signed)
                    e[v] = sign_extend(e[v], m->epb);
            }
        }
    }
    for (unsigned v = 0; v < 6 * ns; v++)
        e[v] = unquantize(e[v], m->epb, is_signed);

    uint8_t idx[16];
    unsigned ib = m->two_subsets ? 3 : 4;
    bptc_read_indices(&b, ns, part, ib, idx);
    for (unsigned t = 0; t < 16; t++) {
        const int *e0 = &e[6 * bptc_subset(ns, part, t)];
        unsigned w = bptc_weight(ib, idx[t]);
        for (unsigned c = 0; c < 3; c++) {
            int v = bptc_interpolate(e0[c], e0[3 + c], w);
            out[t][c] = conv_half_to_float((uint16_t)finish_unquantize(v, is_signed));
        }
        out[t][3] = 1.0f;
    }
}
