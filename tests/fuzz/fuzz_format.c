/* Texel decode and encode of every surface format (include/gen7sf/format.h).
 *
 * Input: u16 Surface Format code (any value: codes no format has too),
 * u8 x, u8 y, u8 flags (bit 0: a palette is given), a 16-byte texel to
 * encode, a 32-byte decode unit, then palette entries (palette 0 from
 * entry 0 on, then palette 1; the rest zero).
 *
 * Contract checked:
 *   - decode returns 0, or G7SF_EINVAL only for a paletted format without
 *     palette, or G7SF_ENOTIMPL only for RAW and PLANAR_420_8, and reads
 *     only unit_bytes bytes (the sanitizers see more);
 *   - g7sf_unit_decode gives each texel exactly as g7sf_texel_decode does;
 *   - UNORM formats decode into [0, 1], SNORM into [-1, 1];
 *   - encode changes only its texel (YCRCB: its pair's chroma too), and
 *     what it stores is stable: encoding the decoded value again stores
 *     something that decodes the same;
 *   - a format is found again by its name;
 *   - the sRGB curve maps anything into [0, 1]. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "gen7sf/format.h"

#define MAX_UNIT 32
#define MAX_TEXELS 32

static bool same_bits(const g7sf_texel *a, const g7sf_texel *b, unsigned cls)
{
    for (int c = 0; c < 4; c++) {
        if (cls == G7SF_TEXEL_FLOAT && isnan(a->f[c]) && isnan(b->f[c]))
            continue;
        if (a->u[c] != b->u[c])
            return false;
    }
    return true;
}

/* Every channel of the format is `type` (X padding aside). */
static bool all_channels(const struct g7sf_format_info *f, unsigned type)
{
    if (f->layout != G7SF_LAYOUT_CHANNELS || !f->nchannels)
        return false;
    for (unsigned i = 0; i < f->nchannels; i++)
        if (f->ch[i].type != type && f->ch[i].type != G7SF_TYPE_X)
            return false;
    return true;
}

static void check_range(const struct g7sf_format_info *f, const g7sf_texel *t)
{
    float lo = all_channels(f, G7SF_TYPE_UNORM) ? 0.0f : all_channels(f, G7SF_TYPE_SNORM) ? -1.0f : 1.0f;
    if (lo == 1.0f)
        return;
    for (int c = 0; c < 4; c++)
        FUZZ_CHECK(t->f[c] >= lo && t->f[c] <= 1.0f, "%s: channel %d decodes to %g", f->name, c,
                   (double)t->f[c]);
}

/* Decodes every texel of the unit; returns the code. */
static int decode_all(const struct g7sf_format_info *f, const uint8_t *unit,
                      const g7sf_palettes *pal, g7sf_texel *out)
{
    return g7sf_unit_decode(f, unit, pal, out);
}

static void check_encode(const struct g7sf_format_info *f, const uint8_t *unit, unsigned x,
                         unsigned y, const g7sf_texel *in, const g7sf_palettes *pal)
{
    unsigned n = (unsigned)f->unit_w * f->unit_h, at = (y % f->unit_h) * f->unit_w + x % f->unit_w;
    uint8_t *u1 = malloc(f->unit_bytes), *u2 = malloc(f->unit_bytes);
    memcpy(u1, unit, f->unit_bytes);
    int r = g7sf_texel_encode(f, in, u1, x, y);
    FUZZ_CHECK(r == 0 || r == G7SF_ENOTIMPL, "%s: encode code %d", f->name, r);
    g7sf_texel before[MAX_TEXELS], after[MAX_TEXELS], again[MAX_TEXELS];
    if (r || decode_all(f, unit, pal, before) || decode_all(f, u1, pal, after))
        goto out;
    for (unsigned i = 0; i < n; i++)
        FUZZ_CHECK(i == at || f->layout == G7SF_LAYOUT_YCRCB ||
                       same_bits(&before[i], &after[i], f->texel),
                   "%s: encoding texel (%u, %u) changed texel %u", f->name, x, y, i);
    memcpy(u2, u1, f->unit_bytes);
    FUZZ_CHECK(g7sf_texel_encode(f, &after[at], u2, x, y) == 0, "%s: re-encode", f->name);
    FUZZ_CHECK(decode_all(f, u2, pal, again) == 0, "%s: decode", f->name);
    FUZZ_CHECK(same_bits(&after[at], &again[at], f->texel),
               "%s: (%g %g %g %g) encodes to what decodes as (%g %g %g %g), which encodes to "
               "(%g %g %g %g)", f->name, (double)in->f[0], (double)in->f[1], (double)in->f[2],
               (double)in->f[3], (double)after[at].f[0], (double)after[at].f[1],
               (double)after[at].f[2], (double)after[at].f[3], (double)again[at].f[0],
               (double)again[at].f[1], (double)again[at].f[2], (double)again[at].f[3]);
out:
    free(u1);
    free(u2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size };
    unsigned code = fuzz_u16(&in), x = fuzz_u8(&in), y = fuzz_u8(&in), flags = fuzz_u8(&in);
    g7sf_texel t;
    uint8_t raw[MAX_UNIT];
    fuzz_bytes(&in, &t, sizeof t);
    fuzz_bytes(&in, raw, sizeof raw);
    g7sf_palettes *pal = calloc(1, sizeof *pal);
    for (unsigned i = 0; i < 512 && fuzz_left(&in); i++)
        pal->entry[i / 256][i % 256] = fuzz_u32(&in);
    float s;
    memcpy(&s, &t.f[0], 4);
    float l = g7sf_linear_to_srgb(s), e = g7sf_srgb_to_linear(s);
    FUZZ_CHECK(l >= 0.0f && l <= 1.0f, "linear_to_srgb(%g) = %g", (double)s, (double)l);
    FUZZ_CHECK(isnan(s) || s < 0.0f || s > 1.0f || (e >= 0.0f && e <= 1.0f),
               "srgb_to_linear(%g) = %g", (double)s, (double)e);
    g7sf_texel p;
    g7sf_planar_420_8_decode(raw[0], raw + 1, &p);
    for (int c = 0; c < 3; c++)
        FUZZ_CHECK(p.f[c] >= 0.0f && p.f[c] <= 1.0f, "planar_420_8 channel %d: %g", c,
                   (double)p.f[c]);

    const struct g7sf_format_info *f = g7sf_format_info(code);
    g7sf_texel out;
    if (!f) {
        FUZZ_CHECK(g7sf_texel_decode(NULL, raw, x, y, NULL, &out) == G7SF_EINVAL, "NULL format");
        free(pal);
        return 0;
    }
    FUZZ_CHECK(f->code == code && g7sf_format_by_name(f->name) == f, "format 0x%x by name", code);
    FUZZ_CHECK(f->unit_bytes && f->unit_bytes <= MAX_UNIT && f->unit_w * f->unit_h <= MAX_TEXELS,
               "%s: unit %u bytes, %ux%u", f->name, f->unit_bytes, f->unit_w, f->unit_h);
    /* exactly unit_bytes: a read past them is the sanitizers' to see */
    uint8_t *unit = malloc(f->unit_bytes);
    memcpy(unit, raw, f->unit_bytes);
    const g7sf_palettes *use = flags & 1 ? pal : NULL;
    int r = g7sf_texel_decode(f, unit, x, y, use, &out);
    bool paletted = f->layout == G7SF_LAYOUT_PALETTE;
    bool no_decode = f->layout == G7SF_LAYOUT_RAW || f->layout == G7SF_LAYOUT_PLANAR;
    FUZZ_CHECK(r == 0 || (r == G7SF_EINVAL && paletted && !use) ||
                   (r == G7SF_ENOTIMPL && no_decode),
               "%s: decode code %d", f->name, r);
    unsigned n = (unsigned)f->unit_w * f->unit_h;
    g7sf_texel *all = malloc(n * sizeof *all);
    int r2 = g7sf_unit_decode(f, unit, use, all);
    FUZZ_CHECK(r2 == r, "%s: unit decode %d, texel decode %d", f->name, r2, r);
    if (!r) {
        unsigned at = (y % f->unit_h) * f->unit_w + x % f->unit_w;
        FUZZ_CHECK(same_bits(&all[at], &out, f->texel), "%s: texel (%u, %u) differs between "
                   "unit and texel decode", f->name, x, y);
        check_range(f, &out);
        check_encode(f, unit, x, y, &t, use);
    }
    free(all);
    free(unit);
    free(pal);
    return 0;
}
