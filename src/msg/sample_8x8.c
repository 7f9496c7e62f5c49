/* The sample_8x8 message (SIMD32/64 type 00011 pixel shader, 01011 media;
 * §2.13.1.4, lines 4811-4830): 16x4 pixels, pixel (x, y) at U0 + ΔU·x +
 * U2nd·x(x-1)/2, V0 + ΔV·y, through the AVS and the IEF (gen7sf/avs.h) with
 * the sample_8x8 SAMPLER_STATE (lines 3543-3668), the SAMPLER_8x8_STATE it
 * points at (4011-4213) and the MEDIA_SURFACE_STATE at the binding table
 * index.  Payload: lines 4956-5054; writeback: §2.13.2.5, lines 5338-5550
 * ("16 bit Full" always, line 4487).  Decisions on unclear passages:
 * docs/spec-notes.md, "sample_8x8". */
#include <math.h>
#include <string.h>

#include "gen7sf/avs.h"
#include "gen7sf/sampler.h"
#include "sampler.h"

enum { W = 16, H = 4, CHANNELS = 4 };

typedef struct msg_8x8 {
    g7sf_avs_walk walk;
    unsigned masked;            /* M0.2 15:12: bit c set, channel c (R, G, B, A) not returned */
} msg_8x8;


static int read_payload(g7sf_msg_ctx *c, bool media, msg_8x8 *m)
{
    const g7sf_reg *r = g7sf_msg_data(c, 0);
    /* pixel shader: M1.0 ΔU, M1.1 U2nd, M1.2 U0, M1.5 ΔV, M1.6 V0 (lines
     * 4960-4995); media: M1.1 Vertical Block Number, M1.2 U0, M1.3 V0,
     * M1.4 ΔU, M1.5 ΔV, M1.6 U2nd, M1.7 Group ID (lines 4998-5054) */
    g7sf_avs_walk *w = &m->walk;
    *w = (g7sf_avs_walk){ .u0 = sampler_dw_float(r->ud[2]), .v0 = sampler_dw_float(r->ud[media ? 3 : 6]),
                          .du = sampler_dw_float(r->ud[media ? 4 : 0]), .dv = sampler_dw_float(r->ud[5]),
                          .ddu = sampler_dw_float(r->ud[media ? 6 : 1]) };
    const float v[5] = { w->u0, w->v0, w->du, w->dv, w->ddu };
    static const char *const name[5] = { "Pixel 0 U Address", "Pixel 0 V Address", "Delta U",
                                         "Delta V", "U 2nd Derivative" };
    for (int i = 0; i < 5; i++)
        if (!isfinite(v[i]))
            return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_8x8: %s is not a finite float",
                                 name[i]);
    if (media && (w->du < 0 || w->dv < 0))
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_8x8 (media): negative Delta %s %g "
                             "(not supported, lines 5012-5019)", w->du < 0 ? "U" : "V",
                             (double)(w->du < 0 ? w->du : w->dv));
    if (media) {
        /* the block's rows are 8 x Vertical Block Number below the group's
         * top (line 5049-5051); the Group ID only orders messages */
        if (r->ud[1] > 511)
            return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_8x8: Vertical Block Number %u "
                                 "is not a U9 (line 5052)", r->ud[1]);
        w->row0 = (int)(8 * r->ud[1]);
    }
    m->masked = c->header ? (c->msg->payload[0].ud[2] >> 12) & 15 : 0;
    if (m->masked == 15)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_8x8: all four write channels masked "
                             "(not allowed, line 4507)");
    return 0;
}

static int read_state(g7sf_msg_ctx *c, const sampler_desc *d, g7sf_sampler_state_8x8 *smp,
                      g7sf_sampler_8x8_state *avs)
{
    /* SAMPLER_STATE elements are 4 dwords apart (line 3547) */
    uint32_t addr;
    int r = sampler_state_addr(c, "sample_8x8", 16 * d->sampler_index,
                               G7SF_SAMPLER_STATE_8X8_DWORDS * 4, &addr);
    if (r)
        return r;
    if (g7sf_state_read(c->gpu, &g7sf_desc_SAMPLER_STATE_8X8, addr, smp))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "sample_8x8: out of host memory");
    if (g7sf_base_resolve(c->gpu, G7SF_BASE_DYNAMIC, smp->sampler_8x8_state_pointer,
                          G7SF_SAMPLER_8x8_STATE_DWORDS * 4, &addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "sample_8x8: SAMPLER_8x8_STATE at 0x%x outside "
                             "dynamic state bounds", (unsigned)smp->sampler_8x8_state_pointer);
    if (g7sf_state_read(c->gpu, &g7sf_desc_SAMPLER_8x8_STATE, addr, avs))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "sample_8x8: out of host memory");
    return 0;
}


/* The limits of lines 4822-4829 and 5006-5023, in texels of the surface. */
static int check_walk(g7sf_msg_ctx *c, const g7sf_avs_walk *w, const g7sf_media_surface *s)
{
    double du = (double)w->du * s->width, dv = (double)w->dv * s->height;
    double ddu = (double)w->ddu * s->width;
    if (fabs(du) >= 16.0 || fabs(dv) >= 16.0)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_8x8: Delta %s x %s = %g is not below "
                             "16 (lines 4812-4813, 5013)", fabs(du) >= 16.0 ? "U" : "V",
                             fabs(du) >= 16.0 ? "Width" : "Height",
                             fabs(du) >= 16.0 ? du : dv);
    /* line 5004: (64 - 2 du) / 35 >= ddu >= -du / 18, read in texels and
     * with |du| (written for the media layout, where du >= 0; the pixel
     * shader layout may step leftwards) */
    double adu = fabs(du);
    if (ddu > (64.0 - 2.0 * adu) / 35.0 || ddu < -adu / 18.0)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_8x8: U 2nd Derivative %g texels is "
                             "outside [-du / 18, (64 - 2 du) / 35] for du %g (line 5004)", ddu,
                             du);
    return 0;
}

int sampler_8x8(g7sf_msg_ctx *c, const sampler_desc *d)
{
    bool media = d->type == SAMPLER32_8X8_MEDIA;
    unsigned mlen = c->header ? 2u : 1u;
    if (c->mlen != mlen)
        return g7sf_msg_fail(c, G7SF_EMLEN, "sample_8x8: message length %u, expected %u",
                             c->mlen, mlen);
    msg_8x8 m;
    int r = read_payload(c, media, &m);
    if (r)
        return r;
    /* 4 registers a returned channel, masked ones dropped (line 5340) */
    unsigned n = 0;
    for (int ch = 0; ch < CHANNELS; ch++)
        n += !(m.masked >> ch & 1);
    if (c->rlen != 4 * n)
        return g7sf_msg_fail(c, G7SF_ERLEN, "sample_8x8: response length %u, expected %u "
                             "(4 per unmasked channel)", c->rlen, 4 * n);
    g7sf_sampler_state_8x8 smp;
    g7sf_sampler_8x8_state avs;
    g7sf_media_surface s;
    if ((r = read_state(c, d, &smp, &avs)) ||
        (r = sampler_bind_media(c, d->bti, "sample_8x8", "surface", g7sf_avs_surface_from_state,
                                &s)) ||
        (r = check_walk(c, &m.walk, &s)))
        return r;
    /* line 3557: "IEF bypass must always be forced to 1, if Y/G-channel is
     * masked" */
    if ((m.masked >> 1 & 1) && !smp.ief_bypass)
        return g7sf_msg_fail(c, G7SF_ESTATE, "sample_8x8: the G channel is masked but IEF "
                             "Bypass is 0 (line 3557)");
    g7sf_avs_key key = { .enable = smp.chromakey_enable };
    if (key.enable) {
        const g7sf_sampler_cmd_state *k = g7sf_sampler_cmd_state_get(c->gpu);
        key.low = k ? k->chroma_low[smp.chromakey_index & 3] : 0;
        key.high = k ? k->chroma_high[smp.chromakey_index & 3] : 0;
    }
    uint16_t px[CHANNELS][H * W];
    uint16_t *out[CHANNELS];
    for (int ch = 0; ch < CHANNELS; ch++)
        out[ch] = m.masked >> ch & 1 ? NULL : px[ch];
    const char *why = NULL;
    if ((r = g7sf_avs_surface_block(c->gpu, &s, &avs, &smp, &key, &m.walk, W, H, out, W, &why)))
        return g7sf_msg_fail(c, r, "sample_8x8: %s", why ? why : g7sf_strerror(r));
    /* channel by channel, row y in the channel's register y, DWord i
     * holding pixels 2i (bits 15:0) and 2i + 1 (lines 5355-5387) */
    unsigned reg = 0;
    for (int ch = 0; ch < CHANNELS; ch++) {
        if (!out[ch])
            continue;
        for (int y = 0; y < H; y++, reg++)
            for (int i = 0; i < 8; i++)
                c->wb[reg].ud[i] = px[ch][y * W + 2 * i] |
                                   (uint32_t)px[ch][y * W + 2 * i + 1] << 16;
    }
    return 0;
}
