/* BC7 (BPTC UNORM) blocks: Khronos Data Format Specification, "BC7", with
 * the D3D11 BC7 format pages; docs/spec-notes.md, "BC6H and BC7". */
#include <string.h>

#include "texcomp.h"
#include "texcomp_bptc.h"

/* The Data Format Specification's table of mode parameters. */
static const struct bc7_mode {
    uint8_t ns;     /* subsets */
    uint8_t pb;     /* partition bits */
    uint8_t rb;     /* rotation bits */
    uint8_t isb;    /* index selection bits */
    uint8_t cb;     /* colour bits */
    uint8_t ab;     /* alpha bits (0: alpha is 255) */
    uint8_t epb;    /* a P-bit per endpoint */
    uint8_t spb;    /* a P-bit per subset, shared by its two endpoints */
    uint8_t ib;     /* index bits */
    uint8_t ib2;    /* secondary index bits */
} bc7_modes[8] = {
    { 3, 4, 0, 0, 4, 0, 1, 0, 3, 0 },
    { 2, 6, 0, 0, 6, 0, 0, 1, 3, 0 },
    { 3, 6, 0, 0, 5, 0, 0, 0, 2, 0 },
    { 2, 6, 0, 0, 7, 0, 1, 0, 2, 0 },
    { 1, 0, 2, 1, 5, 6, 0, 0, 2, 3 },
    { 1, 0, 2, 0, 7, 8, 0, 0, 2, 2 },
    { 1, 0, 0, 0, 7, 7, 1, 0, 4, 0 },
    { 2, 6, 0, 0, 5, 5, 1, 0, 2, 0 },
};

/* An n-bit (5 .. 8) endpoint channel to 8 bits, its top bits repeated below. */
static unsigned expand8(unsigned v, unsigned n)
{
    return (v << (8 - n)) | (v >> (2 * n - 8));
}

void texcomp_bc7(const uint8_t block[16], texcomp_4x4 out)
{
    if (block[0] == 0) {
        /* Reserved mode: D3D returns a block of zeros (alpha too). */
        memset(out, 0, sizeof(texcomp_4x4));
        return;
    }
    unsigned mode = (unsigned)__builtin_ctz(block[0]);
    const struct bc7_mode *m = &bc7_modes[mode];
    bptc_bits b;
    bptc_bits_init(&b, block);
    b.pos = mode + 1;

    unsigned part = bptc_get(&b, m->pb);
    unsigned rotation = bptc_get(&b, m->rb);
    unsigned isel = bptc_get(&b, m->isb);

    /* ep[2 * subset + end][channel], stored endpoint first, then subset,
     * then channel (alpha after the colours). */
    unsigned ep[6][4], nep = 2u * m->ns;
    for (unsigned c = 0; c < 4; c++)
        for (unsigned e = 0; e < nep; e++)
            ep[e][c] = bptc_get(&b, c < 3 ? m->cb : m->ab);

    /* The P-bit, when there is one, goes below the stored bits. */
    unsigned has_p = m->epb | m->spb, p = 0;
    for (unsigned e = 0; e < nep; e++) {
        if (m->epb || (m->spb && !(e & 1)))
            p = bptc_get(&b, 1);
        for (unsigned c = 0; c < 4; c++)
            ep[e][c] = ep[e][c] << has_p | p;
    }
    for (unsigned e = 0; e < nep; e++) {
        for (unsigned c = 0; c < 3; c++)
            ep[e][c] = expand8(ep[e][c], m->cb + has_p);
        ep[e][3] = m->ab ? expand8(ep[e][3], m->ab + has_p) : 255;
    }

    uint8_t idx[16], idx2[16];
    bptc_read_indices(&b, m->ns, part, m->ib, idx);
    if (m->ib2)
        bptc_read_indices(&b, 1, 0, m->ib2, idx2);

    for (unsigned t = 0; t < 16; t++) {
        unsigned s = bptc_subset(m->ns, part, t);
        const unsigned *e0 = ep[2 * s], *e1 = ep[2 * s + 1];
        /* Colour and alpha weights: with a secondary index the index
         * selection bit says which of the two goes to the colours. */
        unsigned wc = bptc_weight(m->ib, idx[t]), wa = wc;
        if (m->ib2) {
            unsigned w2 = bptc_weight(m->ib2, idx2[t]);
            if (isel)
                wc = w2;
            else
                wa = w2;
        }
        unsigned v[4];
        for (unsigned c = 0; c < 4; c++)
            v[c] = (unsigned)bptc_interpolate((int)e0[c], (int)e1[c], c < 3 ? wc : wa);
        if (rotation) {     /* 1, 2, 3: alpha was stored in R, G, B */
            unsigned a = v[3];
            v[3] = v[rotation - 1];
            v[rotation - 1] = a;
        }
        for (unsigned c = 0; c < 4; c++)
            out[t][c] = (float)v[c] / 255.0f;
    }
}
