/* Colour processing on a Media Block Write (M0.3[0], §3.9.6, lines
 * 8715-8729, 8816-8826): the write data, pixels in the Message Format's
 * layout, unpacked to the pipe's 12 bits, run through the stages
 * COLOR_PROCESSING_STATE enables (gen7sf/iecp.h) and packed again in the
 * same layout (the repacker, line 6063: the data port then writes the
 * bytes without format conversion).  Decisions: docs/spec-notes.md,
 * "IECP". */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/format.h"
#include "gen7sf/iecp.h"
#include "dp_msg.h"

/* The Message Format (M0.3 3:2) and the layout of its pixels (line 8820):
 * bytes a unit (a dword or qword of 2 pixels in 4:2:2, 1 in 4:4:4), the
 * channel of each 8- or 16-bit slot from the low end (Y0, Y1, U, V, A). */
enum { SY0, SY1, SU, SV, SA };
typedef struct iecp_layout {
    unsigned bytes, bits;
    bool pair;                  /* 4:2:2: two pixels sharing U and V */
    uint8_t slot[4];
} iecp_layout;

static const iecp_layout layouts[4] = {
    { 4, 8, true, { SY0, SU, SY1, SV } },    /* 4:2:2 8-bit: Y0, U, Y1, V */
    { 4, 8, false, { SV, SU, SY0, SA } },    /* 4:4:4 8-bit: V, U, Y, A */
    { 8, 16, true, { SY0, SU, SY1, SV } },   /* 4:2:2 16-bit */
    { 8, 16, false, { SU, SY0, SV, SA } },   /* 4:4:4 16-bit: U, Y, V, A */
};

static unsigned get(const uint8_t *p, unsigned bits)
{
    return bits == 8 ? p[0] : (unsigned)p[0] | (unsigned)p[1] << 8;
}

static void put(uint8_t *p, unsigned bits, unsigned v)
{
    p[0] = (uint8_t)v;
    if (bits == 16)
        p[1] = (uint8_t)(v >> 8);
}

/* 8 or 16 bits to the pipe's 12 (v << 4, v >> 4) and back: 12 to 8 rounds
 * half up and saturates, 12 to 16 is v << 4 (2048, the chroma zero, stays
 * 0x8000). */
static uint16_t to12(unsigned v, unsigned bits) { return (uint16_t)(bits == 8 ? v << 4 : v >> 4); }

static unsigned from12(unsigned v, unsigned bits)
{
    if (bits == 16)
        return v << 4;
    v = (v + 8) >> 4;
    return v > 255 ? 255 : v;
}

/* Unit u of a row: its one or two pixels. */
static int unpack(const iecp_layout *l, const uint8_t *p, g7sf_iecp_pixel px[2])
{
    unsigned v[5] = { 0, 0, 0, 0, 0 };
    unsigned slot = l->bits / 8;
    for (int k = 0; k < 4; k++)
        v[l->slot[k]] = get(p + k * slot, l->bits);
    for (int i = 0; i < (l->pair ? 2 : 1); i++)
        px[i] = (g7sf_iecp_pixel){ { to12(v[i ? SY1 : SY0], l->bits), to12(v[SU], l->bits),
                                     to12(v[SV], l->bits) },
                                   (uint16_t)v[SA] };
    return l->pair ? 2 : 1;
}

/* Packs one or two pixels; a pair's U and V are the average of the two
 * (line 6063), rounded half up; alpha from the state when Alpha from
 * State Select is 1 (its high byte in 8-bit formats), else as it came. */
static void pack(const iecp_layout *l, const g7sf_iecp_pixel px[2],
                 const g7sf_color_processing_state *s, uint8_t *p)
{
    unsigned v[5];
    v[SY0] = from12(px[0].c[0], l->bits);
    v[SY1] = l->pair ? from12(px[1].c[0], l->bits) : 0;
    unsigned u = px[0].c[1], w = px[0].c[2];
    if (l->pair)
        u = (u + px[1].c[1] + 1) >> 1, w = (w + px[1].c[2] + 1) >> 1;
    v[SU] = from12(u, l->bits), v[SV] = from12(w, l->bits);
    unsigned a = s->alpha_from_state_select ? s->color_pipe_alpha : px[0].a;
    v[SA] = s->alpha_from_state_select && l->bits == 8 ? a >> 8 : a;
    unsigned slot = l->bits / 8;
    for (int k = 0; k < 4; k++)
        put(p + k * slot, l->bits, v[l->slot[k]]);
}

int dp_iecp_surface(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned format)
{
    /* the surfaces colour processing writes (lines 6045-6059) */
    static const unsigned ok[] = {
        G7SF_FORMAT_R16G16B16A16_UNORM, G7SF_FORMAT_B8G8R8A8_UNORM,
        G7SF_FORMAT_R10G10B10A2_UNORM,  G7SF_FORMAT_R10G10B10A2_UNORM_SRGB,
        G7SF_FORMAT_R8G8B8A8_UNORM,     G7SF_FORMAT_R8G8B8A8_UNORM_SRGB,
        G7SF_FORMAT_B10G10R10A2_UNORM,  G7SF_FORMAT_B10G10R10A2_UNORM_SRGB,
        G7SF_FORMAT_B8G8R8X8_UNORM,     G7SF_FORMAT_YCRCB_NORMAL,
        G7SF_FORMAT_YCRCB_SWAPUVY,      G7SF_FORMAT_YCRCB_SWAPUV,
        G7SF_FORMAT_YCRCB_SWAPY,
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (format == ok[i])
            return 0;
    if (format == G7SF_FORMAT_R16_UNORM)   /* lines 8651-8660 */
        return g7sf_msg_fail(c, G7SF_ENOTIMPL, "%s: colour processing into an NV12 surface "
                             "(R16_UNORM) is not modelled yet", t->name);
    return g7sf_msg_fail(c, G7SF_ESTATE, "%s: colour processing writes only the Surface "
                         "Formats of lines 6045-6059, not 0x%x", t->name, format);
}

int dp_iecp_write_data(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned w, unsigned h,
                       unsigned pitch, uint8_t *data)
{
    uint32_t m3 = c->msg->payload[0].ud[3];
    const iecp_layout *l = &layouts[m3 >> 2 & 3];
    if (w % l->bytes)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: colour processing: Block Width %u is not "
                             "whole %u-byte pixel units of the Message Format", t->name, w,
                             l->bytes);
    /* M0.3 31:5, relative to General State Base Address (line 8715) */
    uint32_t addr;
    if (g7sf_base_resolve(c->gpu, G7SF_BASE_GENERAL, m3 & ~0x1Fu,
                          G7SF_COLOR_PROCESSING_STATE_DWORDS * 4, &addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: COLOR_PROCESSING_STATE at 0x%x outside the "
                             "general state bounds", t->name, m3 & ~0x1Fu);
    g7sf_color_processing_state s;
    if (g7sf_state_read(c->gpu, &g7sf_desc_COLOR_PROCESSING_STATE, addr, &s))
        return g7sf_msg_fail(c, G7SF_ENOMEM, "%s: out of host memory", t->name);
    unsigned units = w / l->bytes, per = l->pair ? 2 : 1;
    g7sf_iecp_pixel *px = malloc((size_t)units * per * sizeof *px);
    if (!px)
        return g7sf_msg_fail(c, G7SF_ENOMEM, "%s: out of host memory", t->name);
    int r = 0;
    for (unsigned y = 0; y < h && !r; y++) {
        uint8_t *row = data + (size_t)y * pitch;
        for (unsigned u = 0; u < units; u++)
            unpack(l, row + u * l->bytes, px + u * per);
        /* Forced 422 for 444 (line 6112): horizontal pairs of a 4:4:4 row
         * share their U, V average */
        for (unsigned i = 0; !l->pair && s.forced_422_for_444 && i + 1 < units; i += 2)
            for (int k = 1; k < 3; k++)
                px[i].c[k] = px[i + 1].c[k] = (uint16_t)((px[i].c[k] + px[i + 1].c[k] + 1) >> 1);
        const char *why = NULL;
        if ((r = g7sf_iecp_run(&s, px, (size_t)units * per, &why))) {
            r = g7sf_msg_fail(c, r, "%s: colour processing: %s is not modelled yet", t->name,
                              why ? why : "a stage");
            break;
        }
        for (unsigned u = 0; u < units; u++)
            pack(l, px + u * per, &s, row + u * l->bytes);
    }
    free(px);
    return r;
}
