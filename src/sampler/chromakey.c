/* Chroma key test (§2.3.1.1, L670-692; key values L4308-4330).  Each channel
 * of the decoded texel goes back to the 8-bit code the key is written in and
 * must lie in [low, high].  Key bytes: A 31:24, R 23:16, G 15:8, B 7:0 (YCrCb:
 * A, Cr, Y, Cb, which decode puts in R, G, B as well).  Channels of fewer
 * than 8 bits are widened by replicating their MSBs (L4326); SNORM formats
 * use sign-magnitude keys and so do all channels of a mixed format (L4327).
 * Only float-class formats have the chroma-key capability (the caller
 * checks it).  4:2:2 texels without chrominance of their own are keyed on
 * the mean of their pair's and the next pair's (L4329).
 * docs/spec-notes.md "Sampler operations". */
#include <math.h>

#include "smp.h"

/* v, an n-bit code, widened to `to` bits by repeating it below itself. */
static uint32_t replicate(uint32_t v, unsigned n, unsigned to)
{
    uint32_t r = 0;
    for (int s = (int)to - (int)n; s > -(int)n; s -= (int)n)
        r |= s >= 0 ? v << s : v >> -s;
    return r;
}

/* m clamped to [0, 1] as an n-bit code, widened to `to` bits (NaN: 0). */
static uint32_t code(float m, unsigned n, unsigned to)
{
    m = m > 0.0f ? (m < 1.0f ? m : 1.0f) : 0.0f;
    if (n == 0 || n > to)   /* no field of its own (or wider): round to `to` bits */
        return (uint32_t)lrintf(m * (float)((1u << to) - 1));
    return replicate((uint32_t)lrintf(m * (float)((1u << n) - 1)), n, to);
}

/* Bits of the field behind each RGBA channel (0: none, or not a plain
 * field), less the sign bit of SNORM fields, and whether the format has an
 * SNORM channel. */
static bool channel_bits(const struct g7sf_format_info *f, unsigned bits[4])
{
    bool snorm = false;
    bits[0] = bits[1] = bits[2] = bits[3] = 0;
    if (f->layout != G7SF_LAYOUT_CHANNELS)
        return false;
    for (unsigned k = 0; k < f->nchannels && k < 4; k++) {
        const struct g7sf_format_channel *ch = &f->ch[k];
        bool s = ch->type == G7SF_TYPE_SNORM;
        unsigned n = ch->bits - (s && ch->bits > 1);
        snorm |= s;
        switch (ch->name) {
        case G7SF_CH_R: case G7SF_CH_G: case G7SF_CH_B: case G7SF_CH_A:
            bits[ch->name] = n;
            break;
        case G7SF_CH_L: case G7SF_CH_I:
            bits[0] = bits[1] = bits[2] = n;
            if (ch->name == G7SF_CH_I)
                bits[3] = n;
            break;
        default:
            break;
        }
    }
    return snorm;
}

/* Channel k of t as a key code (sign-magnitude where sign). */
static int32_t key_code(const g7sf_texel *t, unsigned k, const unsigned bits[4], bool sign)
{
    if (!sign)
        return (int32_t)code(t->f[k], bits[k], 8);
    return (t->f[k] < 0.0f ? -1 : 1) * (int32_t)code(fabsf(t->f[k]), bits[k], 7);
}

/* A key byte as a signed value: sign-magnitude keys where sign. */
static int32_t key_value(uint32_t key, bool sign)
{
    return sign && key & 0x80 ? -(int32_t)(key & 0x7f) : (int32_t)key;
}

bool smp_chroma_match(const smp_ctx *c, const g7sf_texel *t, const g7sf_texel *right)
{
    unsigned bits[4];
    bool sign = channel_bits(c->fmt, bits);
    for (unsigned k = 0; k < 4; k++) {
        unsigned sh = k == 3 ? 24 : 16 - 8 * k;
        /* in half codes: the mean of two codes may fall halfway */
        int32_t lo = 2 * key_value(c->smp->chroma_low >> sh & 0xff, sign);
        int32_t hi = 2 * key_value(c->smp->chroma_high >> sh & 0xff, sign);
        bool chroma = right && (k == 0 || k == 2);     /* Cr, Cb */
        int32_t v = key_code(t, k, bits, sign) + key_code(chroma ? right : t, k, bits, sign);
        if (v < lo || v > hi)
            return false;
    }
    return true;
}
