/* The writeback of SIMD4x2 / SIMD8 / SIMD16 sampler messages (§2.13.2.1-3,
 * lines 5056-5140).  The texel bits go out as g7sf_sample_result holds
 * them: float, S32 or U32 by the format's return type. */
#include "sample_msg.h"

/* SIMD16: the enabled channels in consecutive register pairs (pixels 0-7,
 * then 8-15); SIMD8: channel k in register k whether enabled or not, a
 * disabled one left as it was; sample+killpix adds W4. */
static void write_pixels(const g7sf_msg_ctx *c, const sample_msg *m, const g7sf_sample_result *r)
{
    unsigned regs = m->simd == SAMPLER_SIMD16 ? 2 : 1, next = 0;
    for (unsigned ch = 0; ch < 4; ch++) {
        bool on = !(m->write_disable >> ch & 1);
        if (on) {
            g7sf_reg *w = c->wb + next * regs;
            if (m->args.mask == (1u << m->args.n) - 1)   /* every pixel: no tests */
                for (unsigned i = 0; i < m->args.n; i++)
                    w[i / 8].ud[i % 8] = r->px[i].u[ch];
            else
                for (unsigned i = 0; i < m->args.n; i++)
                    if (m->args.mask >> i & 1)
                        w[i / 8].ud[i % 8] = r->px[i].u[ch];
        }
        if (on || m->simd == SAMPLER_SIMD8)
            next++;
    }
    /* W4.0 (lines 5111-5115): Dispatch Pixel Mask 0xFFFF in 31:16; Active
     * Pixel Mask in 15:0, its unused high 8 bits 1.  Pixels outside EMask
     * read 0, as the erratum's "ORed with the inverse of the EMask" implies */
    if (m->args.op == G7SF_OP_SAMPLE_KILLPIX)
        c->wb[4].ud[0] = 0xFFFFFF00u | (r->live & m->args.mask & 0xFF);
}

/* SIMD4x2: one register, sample s's RGBA in DW 4s..4s+3; an inactive
 * sample writes nothing (line 5129). */
static void write_samples(const g7sf_msg_ctx *c, const sample_msg *m, const g7sf_sample_result *r)
{
    for (unsigned s = 0; s < 2; s++)
        for (unsigned ch = 0; ch < 4; ch++)
            if ((m->args.mask >> s & 1) && !(m->write_disable >> ch & 1))
                c->wb[0].ud[4 * s + ch] = r->px[s].u[ch];
}

void sample_writeback(const g7sf_msg_ctx *c, const sample_msg *m, const g7sf_sample_result *r)
{
    if (m->simd == SAMPLER_SIMD4X2)
        write_samples(c, m, r);
    else
        write_pixels(c, m, r);
}
