/* The layout of each surface format, read from its PRM name.
 *
 * Ordinary names are runs of channels followed by a type, e.g.
 * R10G10B10_SNORM_A2_UNORM or X32_TYPELESS_G8X24_UINT: each channel is a
 * letter and a bit count, packed from bit 0 of the element in name order
 * (B5G6R5: B in bits 4:0), and the type after a run applies to all of it.
 * The formats whose names do not describe bits (compressed, YCrCb, palette
 * sizes, MONO8, RAW, shared exponent) are recognised first. */
#include <string.h>

#include "format_int.h"
#include "gen7sf/format.h"

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static int type_of(const char *word, size_t len)
{
    static const struct { const char *word; int type; } types[] = {
        {"UNORM", G7SF_TYPE_UNORM},     {"SNORM", G7SF_TYPE_SNORM},
        {"UINT", G7SF_TYPE_UINT},       {"SINT", G7SF_TYPE_SINT},
        {"FLOAT", G7SF_TYPE_FLOAT},     {"USCALED", G7SF_TYPE_USCALED},
        {"SSCALED", G7SF_TYPE_SSCALED}, {"SFIXED", G7SF_TYPE_SFIXED},
        {"TYPELESS", G7SF_TYPE_X},      {"PASSTHRU", G7SF_TYPE_RAW},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strlen(types[i].word) == len && memcmp(types[i].word, word, len) == 0)
            return types[i].type;
    return -1;
}

static int channel_name(char c)
{
    const char *names = "RGBALIPX";          /* the order of enum g7sf_cname */
    const char *p = strchr(names, c);
    return c && p ? (int)(p - names) : -1;
}

/* Parses the channel runs of an ordinary name; 0, or -1 when the name is not
 * of that form. */
static int parse_channels(struct g7sf_format_info *f)
{
    const char *p = f->name;
    unsigned shift = 0, n = 0, run_start = 0;
    while (*p) {
        int name = channel_name(*p);
        if (name >= 0 && p[1] >= '0' && p[1] <= '9') {
            unsigned bits = 0;
            for (p++; *p >= '0' && *p <= '9'; p++)
                bits = bits * 10 + (unsigned)(*p - '0');
            if (n == 4 || bits == 0 || bits > 64)
                return -1;
            f->ch[n++] = (struct g7sf_format_channel){ (uint8_t)name, 0, (uint8_t)bits,
                                                       (uint8_t)shift };
            shift += bits;
            continue;
        }
        /* "_TYPE" closes the run; a trailing "_SRGB" / "_PALETTEn" is read
         * elsewhere; "_G8R8" after a type starts the next run. */
        if (*p != '_')
            return -1;
        if (channel_name(p[1]) >= 0 && p[2] >= '0' && p[2] <= '9') {
            p++;
            continue;
        }
        const char *w = ++p;
        while (*p && *p != '_')
            p++;
        int type = type_of(w, (size_t)(p - w));
        if (type < 0)
            break;
        if (run_start == n)
            return -1;
        for (; run_start < n; run_start++) {
            struct g7sf_format_channel *c = &f->ch[run_start];
            int t = c->name == G7SF_CH_X ? G7SF_TYPE_X : type;
            if (t == G7SF_TYPE_FLOAT && c->bits < 16)
                t = G7SF_TYPE_UFLOAT;       /* R11G11B10_FLOAT */
            c->type = (uint8_t)t;
        }
    }
    if (run_start != n || n == 0 || shift != f->bits_per_block)
        return -1;
    f->nchannels = (uint8_t)n;
    return 0;
}

static void set_unit(struct g7sf_format_info *f, unsigned w, unsigned h, unsigned bytes)
{
    f->unit_w = (uint8_t)w;
    f->unit_h = (uint8_t)h;
    f->unit_bytes = (uint8_t)bytes;
}

static void set_texel_class(struct g7sf_format_info *f)
{
    f->texel = G7SF_TEXEL_FLOAT;
    for (unsigned i = 0; i < f->nchannels; i++) {
        if (f->ch[i].type == G7SF_TYPE_UINT || f->ch[i].type == G7SF_TYPE_RAW)
            f->texel = G7SF_TEXEL_UINT;
        if (f->ch[i].type == G7SF_TYPE_SINT)
            f->texel = G7SF_TEXEL_SINT;
    }
}

const uint8_t *format_ycrcb_order(unsigned code)
{
    static const uint8_t order[4][4] = {
        { 0, 2, 1, 3 },   /* NORMAL:  Y0 Cb Y1 Cr (YUY2) */
        { 1, 3, 2, 0 },   /* SWAPUVY: Cr Y0 Cb Y1 (VYUY) */
        { 0, 2, 3, 1 },   /* SWAPUV:  Y0 Cr Y1 Cb (YVYU) */
        { 1, 3, 0, 2 },   /* SWAPY:   Cb Y0 Cr Y1 (UYVY) */
    };
    return order[code == G7SF_FORMAT_YCRCB_NORMAL    ? 0
                 : code == G7SF_FORMAT_YCRCB_SWAPUVY ? 1
                 : code == G7SF_FORMAT_YCRCB_SWAPUV  ? 2 : 3];
}

int format_describe(struct g7sf_format_info *f)
{
    const char *name = f->name;
    unsigned bytes = f->bits_per_block / 8;
    f->srgb = strstr(name, "SRGB") != NULL;   /* *_SRGB, ETC2_SRGB8*, *_SRGB8_A8 */
    f->palette = (uint8_t)ends_with(name, "PALETTE1");
    f->texel = G7SF_TEXEL_FLOAT;
    f->nchannels = 0;
    set_unit(f, f->block_w, f->block_h, bytes);

    if (f->block_w > 1) {
        f->layout = G7SF_LAYOUT_COMPRESSED;
        return 0;
    }
    if (strncmp(name, "YCRCB_", 6) == 0) {
        f->layout = G7SF_LAYOUT_YCRCB;
        set_unit(f, 2, 1, 4);
        return 0;
    }
    if (strcmp(name, "PLANAR_420_8") == 0 || strcmp(name, "Y8_UNORM") == 0) {
        f->layout = name[0] == 'P' ? G7SF_LAYOUT_PLANAR : G7SF_LAYOUT_Y8;
        return 0;
    }
    if (strcmp(name, "MONO8") == 0) {
        f->layout = G7SF_LAYOUT_MONO;
        set_unit(f, 8, 1, 1);
        return 0;
    }
    if (strcmp(name, "RAW") == 0) {
        f->layout = G7SF_LAYOUT_RAW;
        f->texel = G7SF_TEXEL_NONE;
        return 0;
    }
    if (strcmp(name, "R9G9B9E5_SHAREDEXP") == 0) {
        static const struct g7sf_format_channel rgb9e5[4] = {
            { G7SF_CH_R, G7SF_TYPE_FLOAT, 9, 0 },  { G7SF_CH_G, G7SF_TYPE_FLOAT, 9, 9 },
            { G7SF_CH_B, G7SF_TYPE_FLOAT, 9, 18 }, { G7SF_CH_E, G7SF_TYPE_X, 5, 27 } };
        f->layout = G7SF_LAYOUT_SHAREDEXP;
        memcpy(f->ch, rgb9e5, sizeof rgb9e5);
        f->nchannels = 4;
        return 0;
    }
    if (parse_channels(f) < 0)
        return -1;
    f->layout = G7SF_LAYOUT_CHANNELS;
    for (unsigned i = 0; i < f->nchannels; i++)
        if (f->ch[i].name == G7SF_CH_P)
            f->layout = G7SF_LAYOUT_PALETTE;
    if (f->bits_per_block < 8)                       /* R1_UNORM, P2: texels in a byte */
        set_unit(f, 8 / f->bits_per_block, 1, 1);
    set_texel_class(f);
    return 0;
}
