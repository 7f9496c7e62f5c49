/* The sample_unorm and sample_unorm+killpix messages (SIMD32/64 types
 * 00000 / 00010 pixel shader, 01100 / 01010 media; §2.13.1.4, lines
 * 4783-4801) and cache_flush (11111, line 4629).  sample_unorm samples 8x4
 * pixels, pixel (x, y) at U0 + ΔU·x, V0 + ΔV·y (the payload's floats:
 * pixel shader layout lines 4958-4995, media 4996-5054), through the bound
 * RENDER_SURFACE_STATE and SAMPLER_STATE as the 3D messages do (g7sf_sample,
 * ΔU and ΔV its derivatives), and returns each channel in "16 bit Full"
 * (§2.13.2.4, lines 5147-5185: 0xFF00 is 1.0), +killpix adding the active
 * pixel mask (lines 5326-5336).  The restrictions of lines 4785-4797 are
 * errors.  Decisions on unclear passages: docs/spec-notes.md,
 * "sample_unorm". */
#include <math.h>
#include <string.h>

#include "gen7sf/sampler.h"
#include "sampler.h"

enum { PIXELS = 32, ROW = 8, CHANNELS = 4 };

static bool is_media(unsigned type)
{
    return type == SAMPLER32_UNORM_MEDIA || type == SAMPLER32_UNORM_KILLPIX_MEDIA;
}

static bool is_killpix(unsigned type)
{
    return type == SAMPLER32_UNORM_KILLPIX_PS || type == SAMPLER32_UNORM_KILLPIX_MEDIA;
}

/* The payload's U0, V0, ΔU, ΔV (M1 in the header's presence, else M0). */
typedef struct unorm_msg {
    float u0, v0, du, dv;
} unorm_msg;


static int read_payload(g7sf_msg_ctx *c, unsigned type, unorm_msg *m)
{
    const g7sf_reg *r = g7sf_msg_data(c, 0);
    /* pixel shader: M1.0 ΔU, M1.2 U, M1.5 ΔV, M1.6 V (lines 4962-4995);
     * media: M1.2 U, M1.3 V, M1.4 ΔU, M1.5 ΔV (lines 5008-5030) */
    bool media = is_media(type);
    m->u0 = sampler_dw_float(r->ud[2]);
    m->v0 = sampler_dw_float(r->ud[media ? 3 : 6]);
    m->du = sampler_dw_float(r->ud[media ? 4 : 0]);
    m->dv = sampler_dw_float(r->ud[5]);
    const float v[4] = { m->u0, m->v0, m->du, m->dv };
    static const char *const name[4] = { "Pixel 0 U Address", "Pixel 0 V Address", "Delta U",
                                         "Delta V" };
    for (int i = 0; i < 4; i++)
        if (!isfinite(v[i]))
            return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_unorm: %s is not a finite float",
                                 name[i]);
    /* "Negative Delta U/V are not supported" in the media layout (lines
     * 5012, 5019) */
    if (media && (m->du < 0 || m->dv < 0))
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_unorm (media): negative Delta %s %g "
                             "(not supported, lines 5012-5019)", m->du < 0 ? "U" : "V",
                             (double)(m->du < 0 ? m->du : m->dv));
    return 0;
}

/* Whether the format is UNORM with at most 8 bits per channel (line
 * 4788): every channel of a channel format, or the 8-bit YUV layouts. */
static bool format_ok(const struct g7sf_format_info *f)
{
    if (!f)
        return false;
    if (f->layout == G7SF_LAYOUT_YCRCB || f->layout == G7SF_LAYOUT_Y8 ||
        f->layout == G7SF_LAYOUT_PLANAR)
        return true;
    if (f->layout != G7SF_LAYOUT_CHANNELS)
        return false;
    for (int i = 0; i < f->nchannels; i++)
        if (f->ch[i].type != G7SF_TYPE_X && (f->ch[i].type != G7SF_TYPE_UNORM || f->ch[i].bits > 8))
            return false;
    return true;
}

static bool bad_address(unsigned mode)
{
    return mode == G7SF_TEXCOORDMODE_CLAMP_BORDER || mode == G7SF_TEXCOORDMODE_HALF_BORDER ||
           mode == G7SF_TEXCOORDMODE_MIRROR || mode == G7SF_TEXCOORDMODE_MIRROR_ONCE ||
           mode == G7SF_TEXCOORDMODE_WRAP;
}

static bool map_filter_ok(unsigned f)
{
    return f == G7SF_MAPFILTER_NEAREST || f == G7SF_MAPFILTER_LINEAR;
}

/* The surface and sampler restrictions of lines 4785-4797. */
static int check_state(g7sf_msg_ctx *c, const g7sf_texture *t, const g7sf_sampler *s,
                       const unorm_msg *m)
{
    const char *why = NULL;
    const g7sf_sampler_state *ss = &s->state;
    if (t->surf.type != G7SF_SURFTYPE_2D)
        why = "the surface is not SURFTYPE_2D";
    else if (!format_ok(g7sf_format_info(t->format)))
        why = "the Surface Format is not UNORM with at most 8 bits per channel";
    else if (t->mip_count || t->array_len != 1 || t->surface_min_lod || t->min_array_element)
        why = "MIP Count, Depth, Surface Min LOD and Min Array Element must be 0";
    else if (t->surf.samples != 1)
        why = "the surface is multisampled";
    else if (!map_filter_ok(ss->min_mode_filter) || !map_filter_ok(ss->mag_mode_filter))
        why = "Min and Mag Mode Filter must be MAPFILTER_NEAREST or MAPFILTER_LINEAR";
    else if (ss->mip_mode_filter != G7SF_MIPFILTER_NONE)
        why = "Mip Mode Filter must be MIPFILTER_NONE";
    else if (bad_address(ss->tcx_address_control_mode) ||
             bad_address(ss->tcy_address_control_mode))
        why = "TCX and TCY Address Control Mode cannot be WRAP, MIRROR, MIRROR_ONCE, "
              "CLAMP_BORDER or HALF_BORDER";
    if (why)
        return g7sf_msg_fail(c, G7SF_ESTATE, "sample_unorm: %s (lines 4785-4797)", why);
    /* ΔU · Width, ΔV · Height at most 3 (lines 4795-4796), in magnitude:
     * a negative step reads as wide a footprint */
    double su = fabs((double)m->du) * t->surf.width, sv = fabs((double)m->dv) * t->surf.height;
    if (su > 3.0 || sv > 3.0)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "sample_unorm: Delta %s x %s = %g is over 3.0 "
                             "(lines 4795-4796)", su > 3.0 ? "U" : "V",
                             su > 3.0 ? "Width" : "Height", su > 3.0 ? su : sv);
    return 0;
}

/* A channel in "16 bit Full": 8 bits of range and 8 more of fraction,
 * 0xFF00 for 1.0, rounded half up. */
static uint16_t full16(float v)
{
    double x = v > 0 ? (v < 1 ? (double)v : 1.0) : 0.0;
    return (uint16_t)floor(x * 0xFF00 + 0.5);
}

int sampler_unorm(g7sf_msg_ctx *c, const sampler_desc *d)
{
    const char *what = is_killpix(d->type) ? "sample_unorm+killpix" : "sample_unorm";
    unsigned mlen = c->header ? 2u : 1u, rlen = 2 * CHANNELS + (is_killpix(d->type) ? 1u : 0u);
    if (c->mlen != mlen)
        return g7sf_msg_fail(c, G7SF_EMLEN, "%s: message length %u, expected %u", what, c->mlen,
                             mlen);
    /* the write channel masks are ignored, the type returns all four
     * channels (line 4508): 8 registers, one more with the kill mask */
    if (c->rlen != rlen)
        return g7sf_msg_fail(c, G7SF_ERLEN, "%s: response length %u, expected %u", what,
                             c->rlen, rlen);
    unorm_msg m;
    int r = read_payload(c, d->type, &m);
    g7sf_texture tex;
    if (r || (r = sampler_bind_texture(c, d->bti, &tex)))
        return r;
    uint32_t table = (c->header ? c->msg->payload[0].ud[3] : c->thr->sampler_state) & ~0x1Fu;
    uint64_t state = (uint64_t)table + 16 * d->sampler_index;
    g7sf_sampler smp;
    if (state > UINT32_MAX || (r = g7sf_sampler_read(c->gpu, (uint32_t)state, &smp)))
        return g7sf_msg_fail(c, state > UINT32_MAX ? G7SF_EFAULT : r,
                             "%s: SAMPLER_STATE %u at 0x%llx or its border colour cannot be read",
                             what, d->sampler_index, (unsigned long long)state);
    if ((r = check_state(c, &tex, &smp, &m)))
        return r;

    /* 16 pixels a call: pixel p = 8y + x at (U0 + ΔU·x, V0 + ΔV·y) in
     * single precision, the derivatives ΔU and ΔV (the LOD, so the min or
     * mag filter, as for a 3D sample over such a quad) */
    uint16_t v[CHANNELS][PIXELS];
    uint32_t live = 0;
    for (int k = 0; k < PIXELS / G7SF_SAMPLE_PIXELS; k++) {
        g7sf_sample_args a = { .op = G7SF_OP_SAMPLE_D, .n = G7SF_SAMPLE_PIXELS, .mask = 0xFFFF };
        for (int j = 0; j < G7SF_SAMPLE_PIXELS; j++) {
            int p = k * G7SF_SAMPLE_PIXELS + j, x = p % ROW, y = p / ROW;
            a.p[G7SF_PARAM_U][j].f = m.u0 + m.du * (float)x;
            a.p[G7SF_PARAM_V][j].f = m.v0 + m.dv * (float)y;
            a.p[G7SF_PARAM_DUDX][j].f = m.du;
            a.p[G7SF_PARAM_DVDY][j].f = m.dv;
        }
        g7sf_sample_result res;
        if ((r = g7sf_sample(c->gpu, &tex, &smp, &a, &res)))
            return g7sf_msg_fail(c, r, "%s: %s", what, g7sf_strerror(r));
        for (int j = 0; j < G7SF_SAMPLE_PIXELS; j++)
            for (int ch = 0; ch < CHANNELS; ch++)
                v[ch][k * G7SF_SAMPLE_PIXELS + j] = full16(res.px[j].f[ch]);
        live |= (uint32_t)res.live << (k * G7SF_SAMPLE_PIXELS);
    }
    /* channel ch in registers 2ch (pixels 0-15) and 2ch + 1 (16-31), DWord
     * i holding pixels 2i (low half) and 2i + 1 */
    for (int ch = 0; ch < CHANNELS; ch++)
        for (int h = 0; h < 2; h++)
            for (int i = 0; i < 8; i++) {
                int p = 16 * h + 2 * i;
                c->wb[2 * ch + h].ud[i] = v[ch][p] | (uint32_t)v[ch][p + 1] << 16;
            }
    /* Wn.0 the active pixel mask, bit p for pixel p; Wn.7:1 not written */
    if (is_killpix(d->type))
        c->wb[2 * CHANNELS].ud[0] = live;
    return 0;
}

int sampler_cache_flush(g7sf_msg_ctx *c, const sampler_desc *d)
{
    (void)d;
    if (c->mlen != 1)
        return g7sf_msg_fail(c, G7SF_EMLEN, "cache_flush: message length %u, expected 1",
                             c->mlen);
    if (c->rlen != 1)
        return g7sf_msg_fail(c, G7SF_ERLEN, "cache_flush: response length %u, expected 1",
                             c->rlen);
    /* the model keeps no texel between messages (line 664: the caches do
     * not affect the function), so there is nothing to flush; the one
     * register comes back as zeros to signal completion */
    memset(&c->wb[0], 0, sizeof c->wb[0]);
    return 0;
}
