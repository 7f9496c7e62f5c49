/* SIMD4x2 / SIMD8 / SIMD16 sampler messages: descriptor, header (M0) and
 * parameters to g7sf_sample_args (§2.13.1.1-2.13.1.9, lines 4430-4957).
 * Parameters are copied as bits: the payload's float / S32 / U32 is what
 * g7sf_sample_args holds.  Decisions: docs/spec-notes.md, "Sampler
 * messages". */
#include <string.h>

#include "sample_msg.h"

_Static_assert(sizeof(g7sf_sample_value) == 4, "a parameter is one DWord of its register");

#define MAX_PARAMS 11
#define MAX_MLEN 11            /* "The maximum message length allowed to the sampler" */
#define IGNORED G7SF_PARAM_COUNT   /* a position the message type reads nothing from */

/* One message type's parameters in payload order; n == 0: not available. */
typedef struct layout { uint8_t n; uint8_t role[MAX_PARAMS]; } layout;

#define P(x) G7SF_PARAM_##x
/* SIMD8 / SIMD16 (table at lines 4565-4593; ld is "u lod v r" on Ivy
 * Bridge, the "ld †" row is a later chip's). */
static const layout simd8_16[32] = {
    [G7SF_OP_SAMPLE]     = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_B]   = { 5, { P(BIAS), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_L]   = { 5, { P(LOD), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_C]   = { 5, { P(REF), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_D]   = { 10, { P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY),
                                   P(R), P(DRDX), P(DRDY), P(AI) } },
    [G7SF_OP_SAMPLE_B_C] = { 6, { P(REF), P(BIAS), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_SAMPLE_L_C] = { 6, { P(REF), P(LOD), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_LD]         = { 4, { P(U), P(LOD), P(V), P(R) } },
    [G7SF_OP_GATHER4]    = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_LOD]        = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_RESINFO]    = { 1, { P(LOD) } },
    [G7SF_OP_SAMPLEINFO] = { 1, { IGNORED } },
    [G7SF_OP_SAMPLE_KILLPIX] = { 3, { P(U), P(V), P(R) } },
    [G7SF_OP_GATHER4_C]  = { 5, { P(REF), P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_GATHER4_PO] = { 5, { P(U), P(V), P(OFFU), P(OFFV), P(R) } },
    [G7SF_OP_GATHER4_PO_C] = { 6, { P(REF), P(U), P(V), P(OFFU), P(OFFV), P(R) } },
    [G7SF_OP_SAMPLE_D_C] = { 11, { P(REF), P(U), P(DUDX), P(DUDY), P(V), P(DVDX), P(DVDY),
                                   P(R), P(DRDX), P(DRDY), P(AI) } },
    [G7SF_OP_LD_MCS]     = { 4, { P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_LD2DMS]     = { 6, { P(SI), P(MCS), P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_LD2DSS]     = { 5, { P(SI), P(U), P(V), P(R), P(LOD) } },
};

/* SIMD4x2 (table at lines 4597-4617): no type that needs derivatives
 * between pixels. */
static const layout simd4x2[32] = {
    [G7SF_OP_SAMPLE_L]   = { 5, { P(U), P(V), P(R), P(AI), P(LOD) } },
    [G7SF_OP_SAMPLE_D]   = { 10, { P(U), P(V), P(R), P(AI), P(DUDX), P(DUDY), P(DVDX),
                                   P(DVDY), P(DRDX), P(DRDY) } },
    [G7SF_OP_SAMPLE_L_C] = { 6, { P(U), P(V), P(R), P(AI), P(REF), P(LOD) } },
    [G7SF_OP_LD]         = { 4, { P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_GATHER4]    = { 4, { P(U), P(V), P(R), P(AI) } },
    [G7SF_OP_RESINFO]    = { 1, { P(LOD) } },
    [G7SF_OP_SAMPLEINFO] = { 1, { IGNORED } },
    [G7SF_OP_GATHER4_C]  = { 5, { P(U), P(V), P(R), P(AI), P(REF) } },
    [G7SF_OP_GATHER4_PO] = { 6, { P(U), P(V), P(R), P(AI), P(OFFU), P(OFFV) } },
    [G7SF_OP_GATHER4_PO_C] = { 6, { P(U), P(V), P(R), P(REF), P(OFFU), P(OFFV) } },
    [G7SF_OP_SAMPLE_D_C] = { 11, { P(U), P(V), P(R), P(AI), P(DUDX), P(DUDY), P(DVDX),
                                   P(DVDY), P(DRDX), P(DRDY), P(REF) } },
    [G7SF_OP_LD_MCS]     = { 4, { P(U), P(V), P(R), P(LOD) } },
    [G7SF_OP_LD2DMS]     = { 6, { P(U), P(V), P(R), P(LOD), P(SI), P(MCS) } },
};
#undef P

static const char *const simd_names[3] = { "SIMD4x2", "SIMD8", "SIMD16" };

static int sext4(uint32_t v) { return (int)(v & 0xF) - (int)(v & 0x8) * 2; }

/* The type's layout in this mode and platform, or an error. */
static int check_type(g7sf_msg_ctx *c, const sampler_desc *d, const layout **out)
{
    const char *name = g7sf_sample_op_name(d->type);
    const layout *l = d->simd == SAMPLER_SIMD4X2 ? &simd4x2[d->type] : &simd8_16[d->type];
    if (!name)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "sampler: reserved %s message type %u",
                             simd_names[d->simd], d->type);
    if (d->type == G7SF_OP_SAMPLE_D_C && g7sf_gpu_platform(c->gpu) != G7SF_HSW)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "sampler: sample_d_c exists on Haswell only");
    if (!l->n)
        return g7sf_msg_fail(c, G7SF_EOPCODE, "sampler: %s has no SIMD4x2 form", name);
    /* SIMD8 only: the two gradient types (line 4561) and sample+killpix */
    if (d->simd == SAMPLER_SIMD16 && (d->type == G7SF_OP_SAMPLE_D ||
                                      d->type == G7SF_OP_SAMPLE_D_C ||
                                      d->type == G7SF_OP_SAMPLE_KILLPIX))
        return g7sf_msg_fail(c, G7SF_EOPCODE, "sampler: %s has no SIMD16 form", name);
    *out = l;
    return 0;
}

/* Parameter positions the payload carries: mlen = H + N (SIMD8), H + 2N
 * (SIMD16), H + ceil(N / 4) (SIMD4x2), at most 11; trailing ones may be
 * left out, none may be added. */
static int param_count(g7sf_msg_ctx *c, const sampler_desc *d, const layout *l, unsigned *n)
{
    const char *name = g7sf_sample_op_name(d->type);
    unsigned regs = c->mlen - c->header;   /* mlen >= 1 (g7sf_send) */
    unsigned per_reg[3] = { 4, 1, 1 }, regs_per[3] = { 1, 1, 2 };
    unsigned max_regs = (l->n + per_reg[d->simd] - 1) / per_reg[d->simd] * regs_per[d->simd];
    if (c->mlen > MAX_MLEN)
        return g7sf_msg_fail(c, G7SF_EMLEN, "sampler: message length %u above 11", c->mlen);
    if (regs > max_regs || regs % regs_per[d->simd])
        return g7sf_msg_fail(c, G7SF_EMLEN, "sampler: %s %s takes H + %s%s, at most %u "
                             "parameters; mlen %u with%s header", simd_names[d->simd], name,
                             d->simd == SAMPLER_SIMD16 ? "2N" : "N",
                             d->simd == SAMPLER_SIMD4X2 ? "/4" : "", l->n, c->mlen,
                             c->header ? "" : "out");
    unsigned sent = regs / regs_per[d->simd] * per_reg[d->simd];
    *n = sent < l->n ? sent : l->n;
    return 0;
}

static unsigned response_length(unsigned simd, unsigned op, unsigned write_disable)
{
    if (simd == SAMPLER_SIMD4X2)
        return 1;
    if (simd == SAMPLER_SIMD8)
        return op == G7SF_OP_SAMPLE_KILLPIX ? 5 : 4;
    return 2 * (4 - (unsigned)__builtin_popcount(write_disable));
}

/* Parameter values: SIMD8 / SIMD16 one register per 8 pixels (pixel i of a
 * SIMD16 parameter in register i / 8), SIMD4x2 four parameters a register,
 * sample 0 in DW0-3 and sample 1 in DW4-7. */
static void read_params(const g7sf_msg_ctx *c, unsigned simd, const layout *l, unsigned n,
                        g7sf_sample_args *a)
{
    for (unsigned j = 0; j < n; j++) {
        unsigned role = l->role[j];
        if (role == IGNORED)
            continue;
        if (simd == SAMPLER_SIMD4X2) {
            const g7sf_reg *r = g7sf_msg_data(c, j / 4);
            a->p[role][0].u = r->ud[j % 4];
            a->p[role][1].u = r->ud[4 + j % 4];
        } else {   /* the parameter's registers follow each other: one copy */
            unsigned regs = simd == SAMPLER_SIMD16 ? 2 : 1;
            memcpy(a->p[role], g7sf_msg_data_dw(c, j * regs), a->n * sizeof a->p[role][0]);
        }
    }
}

/* The execution mask as pixels: SIMD4x2 sample s is active when any of
 * EMask bits 4s..4s+3 is (lines 4439-4441). */
static uint16_t pixel_mask(unsigned simd, uint16_t emask)
{
    if (simd == SAMPLER_SIMD4X2)
        return (uint16_t)((emask & 0x0F ? 1 : 0) | (emask & 0xF0 ? 2 : 0));
    return simd == SAMPLER_SIMD8 ? emask & 0xFF : emask;
}

int sample_msg_decode(g7sf_msg_ctx *c, const sampler_desc *d, sample_msg *m)
{
    const layout *l = NULL;
    unsigned n = 0;
    int r = check_type(c, d, &l);
    if (r || (r = param_count(c, d, l, &n)))
        return r;
    memset(m, 0, sizeof *m);
    g7sf_sample_args *a = &m->args;
    m->simd = d->simd;
    a->op = d->type;
    a->simd4x2 = d->simd == SAMPLER_SIMD4X2;
    a->n = (unsigned[]){ 2, 8, 16 }[d->simd];
    a->mask = pixel_mask(d->simd, c->msg->exec_mask);

    /* header M0.2 / M0.3 (lines 4474-4528); none: all zero, and the table
     * pointer the thread was dispatched with */
    uint32_t m02 = c->header ? c->msg->payload[0].ud[2] : 0;
    uint32_t table = (c->header ? c->msg->payload[0].ud[3] : c->thr->sampler_state) & ~0x1Fu;
    m->write_disable = m02 >> 12 & 0xF;
    if (m->write_disable == 0xF)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sampler: all four write channel masks set");
    /* M0.2[17:16] is gather4*'s source channel and bit 16 alone Force LOD
     * to Zero for the other types (4488-4500): the field belongs to the
     * message type (docs/spec-notes.md "Force LOD to Zero") */
    if (g7sf_sample_op_is_gather(d->type))
        a->gather_channel = m02 >> 16 & 3;
    else
        a->force_lod_zero = m02 >> 16 & 1;
    a->offset[0] = sext4(m02 >> 8), a->offset[1] = sext4(m02 >> 4), a->offset[2] = sext4(m02);
    m->reads_sampler = g7sf_sample_op_reads_sampler(d->type);
    uint64_t state = (uint64_t)table + 16 * d->sampler_index;
    if (m->reads_sampler && state > UINT32_MAX)
        return g7sf_msg_fail(c, G7SF_EFAULT, "sampler: SAMPLER_STATE 0x%llx past 4 GiB",
                             (unsigned long long)state);
    m->sampler_state = (uint32_t)state;

    unsigned rlen = response_length(d->simd, d->type, m->write_disable);
    /* one register more is the Pixel Fault Mask phase (5092-5094,
     * 5123-5125, 5141-5143): no field enables it in the PRM and nothing
     * faults here, so it is never delivered (docs/spec-notes.md) */
    if (c->rlen == rlen + 1 && !(d->simd == SAMPLER_SIMD8 && d->type == G7SF_OP_SAMPLE_KILLPIX))
        return g7sf_msg_fail(c, G7SF_ERLEN, "sampler: rlen %u asks for the Pixel Fault Mask "
                             "phase, which is never delivered (no Pixel Fault Mask Enable "
                             "exists; nothing faults); %u expected", c->rlen, rlen);
    if (c->rlen != rlen)
        return g7sf_msg_fail(c, G7SF_ERLEN, "sampler: %s %s with write mask 0x%x returns %u "
                             "registers, rlen %u", simd_names[d->simd],
                             g7sf_sample_op_name(d->type), m->write_disable, rlen, c->rlen);
    read_params(c, d->simd, l, n, a);
    return 0;
}
