/* Internal: the SIMD4x2 / SIMD8 / SIMD16 sampling engine messages
 * (§2.13.1-2.13.2) between the registers and g7sf_sample(). */
#ifndef G7SF_MSG_SAMPLE_MSG_H
#define G7SF_MSG_SAMPLE_MSG_H

#include "gen7sf/sampler.h"
#include "sampler.h"

enum { SAMPLER_SIMD4X2 = 0, SAMPLER_SIMD8 = 1, SAMPLER_SIMD16 = 2 };

/* One message decoded. */
typedef struct sample_msg {
    g7sf_sample_args args;
    unsigned simd;            /* SAMPLER_SIMD4X2 / 8 / 16 */
    unsigned write_disable;   /* M0.2[15:12]: bit 0 red ... bit 3 alpha */
    bool reads_sampler;       /* the message type reads SAMPLER_STATE ("SS") */
    uint32_t sampler_state;   /* SAMPLER_STATE offset from Dynamic State Base:
                                 the table pointer + 16 * Sampler Index */
} sample_msg;

/* Descriptor, header and parameters to m, after checking that the type
 * exists in that SIMD mode on this platform and that mlen and rlen fit it.
 * Reads only the mlen payload registers.  0, or the code of the error it
 * latched (g7sf_msg_fail). */
int sample_msg_decode(g7sf_msg_ctx *c, const sampler_desc *d, sample_msg *m);

/* Writes r to c->wb in the writeback layout of m's SIMD mode (§2.13.2.1-3):
 * only pixels of m->args.mask and channels m->write_disable leaves on, and
 * nothing past c->rlen registers (which decode checked). */
void sample_writeback(const g7sf_msg_ctx *c, const sample_msg *m, const g7sf_sample_result *r);

#endif
