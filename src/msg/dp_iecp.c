/* Colour processing on a Media Block Write (M0.3[0], §3.9.6, lines
 * 8715-8729, 8816-8826): the write data, pixels in the Message Format's
 * layout, unpacked to the pipe's 12 bits, run through the stages
 * COLOR_PROCESSING_STATE enables (gen7sf/iecp.h) in 4:2:2 or 4:4:4 mode
 * pair by pair (lines 6092-6126), counted in the gpu's statistics (lines
 * 6064, 6561) and packed again in the same layout (the repacker, line
 * 6063: the data port then writes the bytes without format conversion),
 * or, into an R16_UNORM surface, written as NV12 (dp_iecp_nv12.c).
 * Decisions: docs/spec-notes.md, "IECP". */
#include <string.h>

#include "media/media_gpu.h"
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
    return bits == 16 ? v << 4 : dp_iecp_to8(v);
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

int dp_iecp_surface(g7sf_msg_ctx *c, const dp_msg_type *t, const g7sf_render_surface_state *ss)
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
        if (ss->surface_format == ok[i])
            return 0;
    return g7sf_msg_fail(c, G7SF_ESTATE, "%s: colour processing writes only the Surface "
                         "Formats of lines 6045-6059, not 0x%x", t->name, ss->surface_format);
}

/* The last state this thread decoded, with the DWords it came from: a
 * stream of writes with one state pointer decodes it once, and any change
 * of those DWords in memory decodes again (the DWords are compared on
 * every message, so nothing stale is ever used). */
static _Thread_local struct {
    uint64_t gpu;   /* g7sf_gpu id; 0: empty */
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    g7sf_color_processing_state s;
} last_state;

static int read_state(g7sf_gpu *gpu, uint32_t addr, g7sf_color_processing_state *s)
{
    uint32_t dw[G7SF_COLOR_PROCESSING_STATE_DWORDS];
    int r = g7sf_mem_read(gpu, addr, dw, sizeof dw);
    if (r)
        return r;
    if (last_state.gpu != gpu->id || memcmp(last_state.dw, dw, sizeof dw)) {
        g7sf_state_unpack_on(&g7sf_desc_COLOR_PROCESSING_STATE, g7sf_gpu_platform(gpu), dw,
                             &last_state.s);
        memcpy(last_state.dw, dw, sizeof dw);
        last_state.gpu = gpu->id;
    }
    *s = last_state.s;
    return 0;
}

/* Same 8 MSBs of U and V (line 6102): the test of the auto UV detection. */
static bool same_uv8(const g7sf_iecp_pixel *a, const g7sf_iecp_pixel *b)
{
    return a->c[1] >> 4 == b->c[1] >> 4 && a->c[2] >> 4 == b->c[2] >> 4;
}

unsigned dp_iecp_444_pairs(const g7sf_color_processing_state *s, const g7sf_iecp_pixel *top,
                           const g7sf_iecp_pixel *bottom, unsigned n)
{
    unsigned all = 0, found = 0;
    for (unsigned i = 0; i + 1 < n && i < 64; i += 2) {
        all |= 1u << i / 2;
        if (same_uv8(&top[i], &top[i + 1]) && (!bottom || same_uv8(&bottom[i], &bottom[i + 1])))
            found |= 1u << i / 2;
    }
    /* "ensure the 4:4:4 operation" (line 6112) outranks the forced 4:2:2 */
    return s->forced_444_for_444 ? 0 : s->forced_422_for_444 ? all : found;
}

/* Marks mode[i] = 1 for the pixels that run as 4:2:2 pairs (lines
 * 6092-6116); a 4:4:4 pair so run takes its U, V average, rounded half up
 * (lines 6108, 6112). */
static void choose_modes(const g7sf_color_processing_state *s, bool pairs_in, g7sf_iecp_pixel *px,
                         unsigned per_row, unsigned h, uint8_t *mode)
{
    if (pairs_in) {   /* 4:2:2 input: pairs unless Forced 444 for 422 (line 6112) */
        memset(mode, !s->forced_444_for_422, (size_t)per_row * h);
        return;
    }
    /* 4:4:4: rows in pairs, as the unpacker takes 2 lines x 2 pixels a
     * clock (line 6062); the last row of an odd height is tested alone */
    for (unsigned r = 0; r < h; r += 2) {
        g7sf_iecp_pixel *top = px + (size_t)r * per_row;
        unsigned rows = r + 1 < h ? 2 : 1;
        unsigned m = dp_iecp_444_pairs(s, top, rows == 2 ? top + per_row : NULL, per_row);
        for (unsigned k = 0; k < rows; k++) {
            g7sf_iecp_pixel *p = top + (size_t)k * per_row;
            uint8_t *md = mode + (size_t)(r + k) * per_row;
            for (unsigned i = 0; i < per_row; i++)
                md[i] = (uint8_t)(m >> i / 2 & 1);
            for (unsigned i = 0; i + 1 < per_row; i += 2)
                for (int ch = 1; md[i] && ch < 3; ch++)
                    p[i].c[ch] = p[i + 1].c[ch] = (uint16_t)((p[i].c[ch] + p[i + 1].c[ch] + 1) >> 1);
        }
    }
}

int dp_iecp_run_block(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned w, unsigned h,
                      unsigned pitch, const uint8_t *data, dp_iecp_block *b)
{
    uint32_t m3 = c->msg->payload[0].ud[3];
    b->format = m3 >> 2 & 3;
    const iecp_layout *l = &layouts[b->format];
    if (w % l->bytes)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: colour processing: Block Width %u is not "
                             "whole %u-byte pixel units of the Message Format", t->name, w,
                             l->bytes);
    unsigned units = w / l->bytes, per = l->pair ? 2 : 1;
    b->per_row = units * per;
    /* the header's rules keep w x h <= 256 bytes (128 pixels of 2 bytes) */
    if (b->per_row > 32 || (size_t)b->per_row * h > DP_IECP_MAX_PIXELS)
        return g7sf_msg_fail(c, G7SF_EPAYLOAD, "%s: colour processing: %u x %u block too large",
                             t->name, w, h);
    /* M0.3 31:5, relative to General State Base Address (line 8715) */
    uint32_t addr;
    if (g7sf_base_resolve(c->gpu, G7SF_BASE_GENERAL, m3 & ~0x1Fu,
                          G7SF_COLOR_PROCESSING_STATE_DWORDS * 4, &addr))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: COLOR_PROCESSING_STATE at 0x%x outside the "
                             "general state bounds", t->name, m3 & ~0x1Fu);
    g7sf_color_processing_state *s = &b->s;
    if (read_state(c->gpu, addr, s))
        return g7sf_msg_fail(c, G7SF_EFAULT, "%s: COLOR_PROCESSING_STATE at 0x%x unreadable",
                             t->name, addr);
    g7sf_iecp_pixel *px = b->px;
    size_t n = (size_t)b->per_row * h, np = 0;
    for (unsigned y = 0; y < h; y++)
        for (unsigned u = 0; u < units; u++)
            unpack(l, data + (size_t)y * pitch + u * l->bytes, px + (size_t)y * b->per_row + u * per);
    uint8_t mode[DP_IECP_MAX_PIXELS];
    choose_modes(s, l->pair, px, b->per_row, h, mode);
    for (size_t i = 0; i < n; i++)
        np += mode[i];
    /* statistics only where a stage counts (ACE, gamut compression) */
    g7sf_iecp_stats st, *stp = NULL;
    if (s->ace_enable || s->color_gamut_compression_enable)
        g7sf_iecp_stats_clear(stp = &st);
    const char *why = NULL;
    int r;
    if (np == 0 || np == n) {
        r = g7sf_iecp_run(s, px, n, np ? G7SF_IECP_PAIRS : 0, stp, &why);
    } else {
        /* some pairs 4:2:2, some 4:4:4: the pairs first (a pair's pixels
         * are adjacent in a row, so they stay at 2k, 2k + 1), then the rest */
        g7sf_iecp_pixel tmp[DP_IECP_MAX_PIXELS];
        uint8_t at[DP_IECP_MAX_PIXELS];
        size_t k = 0, q = np;
        for (size_t i = 0; i < n; i++) {
            size_t j = mode[i] ? k++ : q++;
            tmp[j] = px[i], at[j] = (uint8_t)i;
        }
        r = g7sf_iecp_run(s, tmp, np, G7SF_IECP_PAIRS, stp, &why);
        if (!r)
            r = g7sf_iecp_run(s, tmp + np, n - np, 0, stp, &why);
        for (size_t j = 0; j < n; j++)
            px[at[j]] = tmp[j];
    }
    if (r)
        return g7sf_msg_fail(c, r, "%s: colour processing: %s", t->name, why ? why : "failed");
    /* the message's pixels are in the histogram's area with Full Image
     * Histogram or its Area of Interest bit M0.3[1] (line 8725) */
    if (stp && (r = media_iecp_stats_add(c->gpu, stp, s->full_image_histogram || (m3 >> 1 & 1))))
        return g7sf_msg_fail(c, r, "%s: out of host memory", t->name);
    return 0;
}

int dp_iecp_write_data(g7sf_msg_ctx *c, const dp_msg_type *t, unsigned w, unsigned h,
                       unsigned pitch, uint8_t *data)
{
    dp_iecp_block b;
    int r = dp_iecp_run_block(c, t, w, h, pitch, data, &b);
    if (r)
        return r;
    const iecp_layout *l = &layouts[b.format];
    unsigned per = l->pair ? 2 : 1;
    for (unsigned y = 0; y < h; y++)
        for (unsigned u = 0; u < w / l->bytes; u++)
            pack(l, b.px + (size_t)y * b.per_row + u * per, &b.s, data + (size_t)y * pitch + u * l->bytes);
    return 0;
}
