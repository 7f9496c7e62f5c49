/* Texel encode: the stored bits for values worked out by hand from the
 * conversion rules (docs/spec-notes.md, "Texel conversion rules"), and
 * decode/encode round trips over random bit patterns. */
#include <math.h>
#include <string.h>

#include "gen7sf/format.h"
#include "harness.h"

/* Encodes (r, g, b, a) into a unit pre-filled with `fill`; returns its
 * first 8 bytes as a little-endian number. */
static uint64_t enc_at(const char *name, float r, float g, float b, float a, uint8_t fill,
                       unsigned x)
{
    const struct g7sf_format_info *f = g7sf_format_by_name(name);
    CHECKF(f != NULL, "no format %s", name);
    uint8_t unit[32];
    memset(unit, fill, sizeof unit);
    g7sf_texel t = { .f = { r, g, b, a } };
    if (f) {
        int err = g7sf_texel_encode(f, &t, unit, x, 0);
        CHECKF(err == 0, "%s: encode returned %d", name, err);
    }
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | unit[i];
    return v;
}

static uint64_t enc(const char *name, float r, float g, float b, float a)
{
    return enc_at(name, r, g, b, a, 0, 0);
}

static uint64_t enc_int(const char *name, int32_t r, int32_t g, int32_t b, int32_t a)
{
    const struct g7sf_format_info *f = g7sf_format_by_name(name);
    uint8_t unit[16] = {0};
    g7sf_texel t = { .i = { r, g, b, a } };
    CHECK_EQ(g7sf_texel_encode(f, &t, unit, 0, 0), 0);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | unit[i];
    return v;
}

TEST(encode_unorm_rounds_half_up_and_clamps)
{
    /* 0.5 * 255 = 127.5 -> 128; 0.2 * 255 = 51; NaN -> 0; 2 -> 255; -1 -> 0. */
    CHECK_EQ(enc("R8G8B8A8_UNORM", 0.5f, 0.2f, NAN, 2.0f), 0xFF003380u);
    CHECK_EQ(enc("R8G8B8A8_UNORM", -1.0f, 1.0f, -0.0f, INFINITY), 0xFF00FF00u);
    /* 2-bit alpha: 0.5 * 3 = 1.5 -> 2; 0.49 * 3 = 1.47 -> 1. */
    CHECK_EQ(enc("R10G10B10A2_UNORM", 0.0f, 0.0f, 0.0f, 0.5f), 2u << 30);
    CHECK_EQ(enc("R10G10B10A2_UNORM", 1.0f, 0.0f, 0.0f, 0.49f), 1023u | 1u << 30);
    /* 565: R 0.5*31 = 15.5 -> 16 at 15:11, G 0.5*63 = 31.5 -> 32 at 10:5. */
    CHECK_EQ(enc("B5G6R5_UNORM", 0.5f, 0.5f, 0.0f, 1.0f), 16u << 11 | 32u << 5);
    /* 16-bit: 0.25 * 65535 = 16383.75 -> 16384. */
    CHECK_EQ(enc("R16_UNORM", 0.25f, 0, 0, 0), 16384u);
    /* Luminance takes red; A8 takes alpha; X bits are written as 0. */
    CHECK_EQ(enc("L8A8_UNORM", 1.0f, 0.0f, 0.0f, 0.0f), 0x00FFu);
    CHECK_EQ(enc("A8_UNORM", 1.0f, 1.0f, 1.0f, 0.0f), 0u);
    CHECK_EQ(enc_at("B8G8R8X8_UNORM", 0, 0, 0, 1.0f, 0xEE, 0) & 0xFFFFFFFFu, 0u);
}

TEST(encode_snorm_rounds_half_away_from_zero)
{
    /* -1 -> -127 (0x81), 1 -> 127, -0.5 * 127 = -63.5 -> -64 (0xC0),
     * 0.5 -> 64, NaN -> 0, -2 -> -127. */
    CHECK_EQ(enc("R8G8B8A8_SNORM", -1.0f, 1.0f, -0.5f, 0.5f), 0x40C07F81u);
    CHECK_EQ(enc("R8G8B8A8_SNORM", NAN, -2.0f, 0.0f, 0.0f), 0x00008100u);
    /* 10-bit: -1 -> -511 = 0x201; 2-bit A SNORM: 1 -> 1. */
    CHECK_EQ(enc("R10G10B10A2_SNORM", -1.0f, 0.0f, 0.0f, 1.0f), 0x201u | 1u << 30);
}

static uint16_t half(float f) { return (uint16_t)enc("R16_FLOAT", f, 0, 0, 0); }

TEST(encode_half_rounds_to_nearest_even)
{
    CHECK_EQ(half(1.0f), 0x3C00);
    CHECK_EQ(half(-2.0f), 0xC000);
    CHECK_EQ(half(65504.0f), 0x7BFF);
    CHECK_EQ(half(65519.0f), 0x7BFF);          /* below the midpoint to 65536 */
    CHECK_EQ(half(65520.0f), 0x7C00);          /* tie: to even, which is infinity */
    CHECK_EQ(half(1e10f), 0x7C00);
    CHECK_EQ(half(-INFINITY), 0xFC00);
    CHECK_EQ(half(0x1p-25f), 0x0000);          /* half the smallest subnormal: tie to 0 */
    CHECK_EQ(half(0x1.8p-24f), 0x0002);        /* 1.5 subnormal steps: tie to 2 */
    CHECK_EQ(half(0x1p-24f), 0x0001);
    CHECK_EQ(half(0x1.002p0f), 0x3C00);        /* 1 + 2^-11: tie between 1 and 1 + 2^-10 */
    CHECK_EQ(half(0x1.006p0f), 0x3C02);        /* 1 + 3 * 2^-11: tie, to even 2 */
    CHECK_EQ(half(0x1.ffcp-15f), 0x0400);      /* rounds up into the smallest normal */
    CHECK_EQ(half(-0.0f), 0x8000);
    CHECK_EQ(half(NAN), 0x7E00);
}

TEST(encode_small_unsigned_floats)
{
    /* R11G11B10_FLOAT: 1.0 = exp 15 -> 0x3C0 (11-bit) / 0x1E0 (10-bit);
     * negatives -> 0; 65024 = max; 70000 -> infinity; NaN stays NaN. */
    CHECK_EQ(enc("R11G11B10_FLOAT", 1.0f, -5.0f, 1.0f, 0), 0x3C0u | 0x1E0u << 22);
    CHECK_EQ(enc("R11G11B10_FLOAT", 65024.0f, 70000.0f, 0, 0), 0x7BFu | 0x7C0u << 11);
    uint64_t v = enc("R11G11B10_FLOAT", NAN, 0, -INFINITY, 0);
    CHECK((v & 0x7C0) == 0x7C0 && (v & 0x3F) != 0);   /* R: exponent 31, mantissa != 0 */
    CHECK_EQ(v >> 11, 0u);
    /* 1 + 1/128 is a tie between 1 and 1 + 1/64 in 6 mantissa bits: even 1.0. */
    CHECK_EQ(enc("R11G11B10_FLOAT", 0x1.02p0f, 0, 0, 0), 0x3C0u);
}

TEST(encode_shared_exponent)
{
    /* (1, 0, 0): max 1 -> exponent field 16, mantissa 256 (256 * 2^(16-24) = 1). */
    CHECK_EQ(enc("R9G9B9E5_SHAREDEXP", 1.0f, 0.0f, 0.0f, 0), 16u << 27 | 256u);
    /* Zero and negatives: all fields 0. */
    CHECK_EQ(enc("R9G9B9E5_SHAREDEXP", 0.0f, -1.0f, NAN, 0), 0u);
    /* Above the largest value: clamped to 65408 = 511 * 2^7. */
    CHECK_EQ(enc("R9G9B9E5_SHAREDEXP", 1e9f, 0.0f, 0.0f, 0), 31u << 27 | 511u);
    /* 0.99999 first gets exponent 15 and 511.99 rounds to 512: the exponent
     * goes up to 16 and the mantissa is 256. */
    CHECK_EQ(enc("R9G9B9E5_SHAREDEXP", 0.99999f, 0.0f, 0.0f, 0), 16u << 27 | 256u);
    /* (0.5, 0.25, 0.125): exponent 15, mantissas 256, 128, 64. */
    CHECK_EQ(enc("R9G9B9E5_SHAREDEXP", 0.5f, 0.25f, 0.125f, 0),
             15u << 27 | 64u << 18 | 128u << 9 | 256u);
}

TEST(encode_srgb)
{
    /* Linear 0.5 -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357 -> * 255 =
     * 187.516 -> 188.  Linear 0.001 is in the linear segment: 0.01292 * 255
     * = 3.29 -> 3.  Alpha is linear: 0.5 -> 128. */
    CHECK_EQ(enc("R8G8B8A8_UNORM_SRGB", 0.5f, 0.001f, 1.0f, 0.5f), 0x80FF03BCu);
    CHECK_EQ(enc("R8G8B8A8_UNORM_SRGB", -1.0f, NAN, 2.0f, 0.0f), 0x00FF0000u);
    CHECK_EQ(enc("L8_UNORM_SRGB", 0.5f, 0, 0, 0), 188u);
}

TEST(encode_integers_saturate)
{
    CHECK_EQ(enc_int("R8G8B8A8_UINT", 300, 255, 0, 7), 0x0700FFFFu);
    CHECK_EQ(enc_int("R8G8B8A8_SINT", -200, 200, -1, 5), 0x05FF7F80u);
    CHECK_EQ(enc_int("R10G10B10A2_UINT", 5000, 1, 2, 7), 1023u | 1u << 10 | 2u << 20 | 3u << 30);
    CHECK_EQ(enc_int("R32_UINT", -1, 0, 0, 0), 0xFFFFFFFFu);   /* u = 0xFFFFFFFF fits */
    CHECK_EQ(enc_int("R16_SINT", -40000, 0, 0, 0), 0x8000u);
    /* SCALED and SFIXED round to nearest even and clamp. */
    CHECK_EQ(enc("R8G8_USCALED", 2.5f, 300.0f, 0, 0), 0xFF02u);
    CHECK_EQ(enc("R8G8_SSCALED", -3.5f, -1000.0f, 0, 0), 0x80FCu);
    CHECK_EQ(enc("R32_SFIXED", -1.5f, 0, 0, 0), 0xFFFE8000u);
}

TEST(encode_touches_only_its_texel)
{
    /* MONO8 / R1_UNORM: texel 2 of a byte of ones cleared, texel 5 of zeros set. */
    CHECK_EQ(enc_at("MONO8", 0.0f, 0, 0, 0, 0xFF, 2) & 0xFF, 0xFBu);
    CHECK_EQ(enc_at("R1_UNORM", 0.75f, 0, 0, 0, 0x00, 5) & 0xFF, 0x20u);
    /* YCRCB_NORMAL (Y0 Cb Y1 Cr): texel 1 writes Y1 and the pair's chroma. */
    uint64_t v = enc_at("YCRCB_SWAPY", 0x40 / 255.0f, 0x30 / 255.0f, 0x20 / 255.0f, 1, 0xEE, 1);
    CHECK_EQ(v & 0xFFFFFFFFu, 0x3040EE20u);      /* Cb Y0 Cr Y1 = 20 EE 40 30 */
    CHECK_EQ(enc("Y8_UNORM", 0, 1.0f, 0, 0) & 0xFF, 0xFFu);
    /* Unencodable formats say so. */
    uint8_t unit[16];
    g7sf_texel t = {{0}};
    CHECK_EQ(g7sf_texel_encode(g7sf_format_by_name("BC1_UNORM"), &t, unit, 0, 0), G7SF_ENOTIMPL);
    CHECK_EQ(g7sf_texel_encode(g7sf_format_by_name("P8_UNORM_PALETTE0"), &t, unit, 0, 0),
             G7SF_ENOTIMPL);
    CHECK_EQ(g7sf_texel_encode(g7sf_format_by_name("R64_PASSTHRU"), &t, unit, 0, 0),
             G7SF_ENOTIMPL);
    CHECK_EQ(g7sf_texel_encode(NULL, &t, unit, 0, 0), G7SF_EINVAL);
}

/* A field loses nothing through decode and encode when its values are
 * exact in float: widths up to 24 bits for UNORM/SNORM/SCALED, 16- and
 * 32-bit floats, the 11/10-bit floats and the integers. */
static int round_trips(const struct g7sf_format_info *f)
{
    if (f->layout != G7SF_LAYOUT_CHANNELS)
        return 0;
    for (unsigned k = 0; k < f->nchannels; k++) {
        const struct g7sf_format_channel *c = &f->ch[k];
        if (c->type == G7SF_TYPE_RAW || c->type == G7SF_TYPE_SFIXED || c->bits == 64 ||
            (c->bits > 24 && c->type != G7SF_TYPE_FLOAT && c->type != G7SF_TYPE_UINT &&
             c->type != G7SF_TYPE_SINT))
            return 0;
    }
    return 1;
}

/* The bits a round trip may change: X fields (written 0), the most negative
 * SNORM (read as -1, written as -max) and NaN payloads (written quiet). */
TEST(encode_inverts_decode_on_random_bits)
{
    unsigned formats = 0;
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f || !round_trips(f))
            continue;
        formats++;
        for (int rep = 0; rep < 2000; rep++) {
            uint8_t in[32], out[32];
            for (unsigned i = 0; i < sizeof in; i++)
                in[i] = (uint8_t)t_rand();
            unsigned x = (unsigned)t_rand() % f->unit_w;
            g7sf_texel t;
            CHECK_EQ(g7sf_texel_decode(f, in, x, 0, NULL, &t), 0);
            memcpy(out, in, sizeof out);
            CHECK_EQ(g7sf_texel_encode(f, &t, out, x, 0), 0);
            unsigned base = x * f->bits_per_block;
            for (unsigned k = 0; k < f->nchannels; k++) {
                const struct g7sf_format_channel *c = &f->ch[k];
                unsigned s = base + c->shift;
                uint64_t a = 0, b = 0;
                for (unsigned bit = 0; bit < c->bits; bit++) {
                    a |= (uint64_t)(in[(s + bit) / 8] >> ((s + bit) % 8) & 1) << bit;
                    b |= (uint64_t)(out[(s + bit) / 8] >> ((s + bit) % 8) & 1) << bit;
                }
                uint64_t min_snorm = 1ull << (c->bits - 1);
                int nan = (c->type == G7SF_TYPE_FLOAT || c->type == G7SF_TYPE_UFLOAT) &&
                          t.f[c->name < 4 ? c->name : 0] != t.f[c->name < 4 ? c->name : 0];
                if (c->name == G7SF_CH_X)
                    CHECKF(b == 0, "%s: X field written %llx", f->name, (unsigned long long)b);
                else if (!(c->type == G7SF_TYPE_SNORM && a == min_snorm) && !nan)
                    CHECKF(a == b, "%s channel %u: %llx became %llx", f->name, k,
                           (unsigned long long)a, (unsigned long long)b);
            }
            if (t_failed())
                break;
        }
    }
    CHECKF(formats > 100, "only %u formats round-trip", formats);
}
