/* Number conversions of the format layer (see format_conv.h). */
#include "format_conv.h"
#include "gen7sf/format.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

static double unorm_max(unsigned bits) { return (double)((1ull << bits) - 1); }
static double snorm_max(unsigned bits) { return (double)((1ull << (bits - 1)) - 1); }

float conv_unorm_to_float(uint32_t v, unsigned bits)
{
    /* Both operands are exact in float up to 24 bits, so one float division
     * is correctly rounded; wider fields divide in double and round once
     * more, which is exact enough: a 32-bit quotient in double keeps 53
     * bits, the float result 24. */
    if (bits <= 24)
        return (float)v / (float)((1u << bits) - 1);
    return (float)((double)v / unorm_max(bits));
}

float conv_snorm_to_float(int32_t v, unsigned bits)
{
    float f = bits <= 25 ? (float)v / (float)((1u << (bits - 1)) - 1)
                         : (float)((double)v / snorm_max(bits));
    return f < -1.0f ? -1.0f : f;
}

/* floor(f * max + 0.5) for f in (0, 1): exact in double while f (24
 * significant bits) times max stays within 53 bits, that is for fields of
 * up to 29 bits; wider ones go through long double (64 bits on x86). */
static uint32_t round_half_up(float f, unsigned bits, double max)
{
    if (bits <= 29)   /* positive: truncation is floor, without a libm call */
        return (uint32_t)((double)f * max + 0.5);
    return (uint32_t)floorl((long double)f * (long double)max + 0.5L);
}

uint32_t conv_float_to_unorm(float f, unsigned bits)
{
    if (!(f > 0.0f))                    /* NaN, negative, zero */
        return 0;
    if (f >= 1.0f)
        return (uint32_t)unorm_max(bits);
    return round_half_up(f, bits, unorm_max(bits));
}

uint32_t conv_float_to_snorm(float f, unsigned bits)
{
    uint32_t mask = bits == 32 ? 0xffffffffu : (1u << bits) - 1;
    if (f != f)
        return 0;
    if (f > 1.0f)
        f = 1.0f;
    if (f < -1.0f)
        f = -1.0f;
    uint32_t q = round_half_up(fabsf(f), bits, snorm_max(bits));
    return (f < 0.0f ? 0u - q : q) & mask;
}

/* A float with exponent field e (bias 15) and mantissa m of mbits bits:
 * shared by binary16 and the unsigned 11/10-bit floats.  Built from bits:
 * this sits in every BC6H texel. */
static float small_float(uint32_t e, uint32_t m, unsigned mbits)
{
    if (e == 0)                                   /* subnormal: m * 2^(-14 - mbits), exact */
        return (float)m * (mbits == 10 ? 0x1p-24f : mbits == 6 ? 0x1p-20f : 0x1p-19f);
    uint32_t bits = (e == 31 ? 0xFFu : e - 15 + 127) << 23 | m << (23 - mbits);
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* Encodes |f| (finite or not) as exponent:mantissa of a bias-15 float with
 * mbits of mantissa, rounding to nearest even; returns the magnitude bits. */
static uint32_t small_float_bits(float f, unsigned mbits)
{
    uint32_t inf = 31u << mbits;
    if (f != f)
        return inf | (1u << (mbits - 1));          /* quiet NaN */
    f = fabsf(f);
    if (f >= 65536.0f)                             /* 2^16: beyond any rounding */
        return inf;
    int e;
    frexpf(f, &e);                                 /* f = m * 2^e, 0.5 <= m < 1 */
    int exp = e - 1 + 15;                          /* biased exponent of f */
    if (exp < 1)
        exp = 1;                                   /* subnormal: fixed scale */
    /* Scale so the kept mantissa is the integer part, then round it. */
    float scaled = ldexpf(f, (int)mbits - (exp - 15));
    float r = rintf(scaled);                       /* nearest even (default mode) */
    uint32_t q = (uint32_t)r;
    /* q < 2^mbits: subnormal; 2^mbits..2^(mbits+1): normal; carry bumps exp. */
    uint32_t bits;
    if (q < (1u << mbits))
        bits = q;                                  /* only when exp == 1 */
    else if (q == (2u << mbits))
        bits = (uint32_t)(exp + 1) << mbits;
    else
        bits = ((uint32_t)exp << mbits) | (q & ((1u << mbits) - 1));
    return bits >= inf ? inf : bits;
}

float conv_ufloat_to_float(uint32_t v, unsigned mbits)
{
    return small_float(v >> mbits & 31, v & ((1u << mbits) - 1), mbits);
}

uint32_t conv_float_to_ufloat(float f, unsigned mbits)
{
    if (f != f)
        return small_float_bits(f, mbits);
    if (!(f > 0.0f))
        return 0;
    return small_float_bits(f, mbits);
}

float conv_half_to_float(uint16_t h)
{
    float f = small_float(h >> 10 & 31, h & 0x3ff, 10);
    return h & 0x8000 ? -f : f;
}

uint16_t conv_float_to_half(float f)
{
    uint32_t sign = signbit(f) ? 0x8000u : 0;
    return (uint16_t)(sign | small_float_bits(f, 10));
}

void conv_rgb9e5_to_float(uint32_t v, float rgb[3])
{
    int e = (int)(v >> 27) - 15 - 9;
    for (int c = 0; c < 3; c++)
        rgb[c] = ldexpf((float)(v >> (9 * c) & 511), e);
}

/* EXT_texture_shared_exponent's encoder: clamp each channel to
 * [0, max], take the exponent of the largest, and bump it when rounding the
 * largest mantissa would reach 512.  Mantissas round half up. */
uint32_t conv_float_to_rgb9e5(const float rgb[3])
{
    const float max = ldexpf(511.0f, 16 - 9);      /* (2^9-1)/2^9 * 2^16 */
    float c[3], top = 0.0f;
    for (int i = 0; i < 3; i++) {
        float f = rgb[i];
        c[i] = f > 0.0f ? (f < max ? f : max) : 0.0f;   /* NaN -> 0 */
        if (c[i] > top)
            top = c[i];
    }
    int e;
    frexpf(top, &e);                               /* top < 2^e */
    int exp = top > 0.0f ? e : -15;                /* floor(log2 top) + 1 */
    if (exp < -15)
        exp = -15;
    int shared = exp + 15;                         /* biased, before the bump */
    double denom = ldexp(1.0, shared - 15 - 9);
    if ((uint32_t)floor((double)top / denom + 0.5) == 512) {
        denom *= 2.0;
        shared++;
    }
    uint32_t v = (uint32_t)shared << 27;
    for (int i = 0; i < 3; i++)
        v |= (uint32_t)floor((double)c[i] / denom + 0.5) << (9 * i);
    return v;
}

static double srgb_decode(double s)
{
    return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

static double srgb_encode(double l)
{
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1.0 / 2.4) - 0.055;
}

float g7sf_srgb_to_linear(float s)
{
    return !(s > 0.0f) ? 0.0f : s >= 1.0f ? 1.0f : (float)srgb_decode(s);
}

float g7sf_linear_to_srgb(float l)
{
    return !(l > 0.0f) ? 0.0f : l >= 1.0f ? 1.0f : (float)srgb_encode(l);
}

uint32_t conv_linear_to_srgb_unorm(float l, unsigned bits)
{
    if (!(l > 0.0f))
        return 0;
    if (l >= 1.0f)
        return (uint32_t)unorm_max(bits);
    return (uint32_t)floor(srgb_encode(l) * unorm_max(bits) + 0.5);
}

/* Decoded sRGB fields of up to 10 bits, one table per width: index
 * [bits][v] into one array laid out as 2^1 + 2^2 + ... entries. */
static float srgb_tables[2 << 10];
static pthread_once_t srgb_once = PTHREAD_ONCE_INIT;

static void srgb_tables_init(void)
{
    for (unsigned bits = 1; bits <= 10; bits++)
        for (uint32_t v = 0; v < (1u << bits); v++)
            srgb_tables[(1u << bits) + v] = (float)srgb_decode((double)v / unorm_max(bits));
}

float conv_srgb_unorm_to_linear(uint32_t v, unsigned bits)
{
    if (bits > 10)
        return (float)srgb_decode((double)v / unorm_max(bits));
    pthread_once(&srgb_once, srgb_tables_init);
    return srgb_tables[(1u << bits) + v];
}
