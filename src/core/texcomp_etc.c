/* ETC1, ETC2 (RGB8, RGB8 punch-through alpha, RGBA8 with EAC alpha) and EAC
 * R11/RG11 block decoders.  Layouts and arithmetic from the OpenGL ES 3.0
 * specification, appendix C, as restated in the Khronos Data Format
 * Specification chapters "ETC1" and "ETC2".  Choices for undefined patterns:
 * docs/spec-notes.md, "ETC1, ETC2 and EAC".
 *
 * A block is a big-endian 64-bit word (byte 0 holds bits 63:56).  Texel
 * (x, y) is the spec's pixel x * 4 + y (pixels a..p run down the columns). */
#include "core/texcomp.h"

/* Intensity modifier tables of the individual/differential modes: the small
 * (a) and large (b) magnitude; pixel index 0..3 selects +a, +b, -a, -b. */
static const int etc_modifier[8][2] = {
    { 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 },
    { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};

/* T and H mode distances. */
static const int etc_distance[8] = { 3, 6, 11, 16, 23, 32, 41, 64 };

/* EAC modifier tables, indexed by the 3-bit pixel index. */
static const int8_t eac_modifier[16][8] = {
    { -3, -6, -9, -15, 2, 5, 8, 14 },  { -3, -7, -10, -13, 2, 6, 9, 12 },
    { -2, -5, -8, -13, 1, 4, 7, 12 },  { -2, -4, -6, -13, 1, 3, 5, 12 },
    { -3, -6, -8, -12, 2, 5, 7, 11 },  { -3, -7, -9, -11, 2, 6, 8, 10 },
    { -4, -7, -8, -11, 3, 6, 7, 10 },  { -3, -5, -8, -11, 2, 4, 7, 10 },
    { -2, -6, -8, -10, 1, 5, 7, 9 },   { -2, -5, -8, -10, 1, 4, 7, 9 },
    { -2, -4, -8, -10, 1, 3, 7, 9 },   { -2, -5, -7, -10, 1, 4, 6, 9 },
    { -3, -4, -7, -10, 2, 3, 6, 9 },   { -1, -2, -3, -10, 0, 1, 2, 9 },
    { -4, -6, -8, -9, 3, 5, 7, 8 },    { -3, -5, -7, -9, 2, 4, 6, 8 },
};

enum etc_variant { ETC_V1, ETC_V2, ETC_V2_PUNCH };
enum eac_kind { EAC_ALPHA8, EAC_R11_UNSIGNED, EAC_R11_SIGNED };

static uint64_t be64(const uint8_t *b)
{
    uint64_t w = 0;
    for (int i = 0; i < 8; i++)
        w = w << 8 | b[i];
    return w;
}

static unsigned field(uint64_t w, unsigned lsb, unsigned bits)
{
    return (unsigned)(w >> lsb) & ((1u << bits) - 1);
}

static int clamp_int(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Bit replication of a b-bit value to 8 bits (b >= 4). */
static int extend8(unsigned v, unsigned b) { return (int)(v << (8 - b) | v >> (2 * b - 8)); }

/* The 2-bit pixel index of texel (x, y): MSB in bit 16 + i, LSB in bit i. */
static unsigned etc_index(uint64_t w, int x, int y)
{
    const unsigned i = (unsigned)(x * 4 + y);
    return field(w, 16 + i, 1) << 1 | field(w, i, 1);
}

static void put_rgba8(float t[4], const int c[3], int a)
{
    for (int k = 0; k < 3; k++)
        t[k] = (float)clamp_int(c[k], 0, 255) / 255.0f;
    t[3] = (float)a / 255.0f;
}

/* Index 2 of a punch-through block without the opaque bit: (0, 0, 0, 0). */
static void put_transparent(float t[4]) { t[0] = t[1] = t[2] = t[3] = 0.0f; }

/* Individual / differential: two sub-blocks (side by side, or stacked when
 * the flip bit is set) each with a base colour and a modifier table. */
static void etc_subblocks(uint64_t w, const int base[2][3], int transparent,
                          texcomp_4x4 out)
{
    const int flip = (int)field(w, 32, 1);
    const unsigned table[2] = { field(w, 37, 3), field(w, 34, 3) };
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const int s = flip ? y >= 2 : x >= 2;
            const unsigned idx = etc_index(w, x, y);
            float *t = out[y * 4 + x];
            if (transparent && idx == 2) {
                put_transparent(t);
                continue;
            }
            /* Without the opaque bit the small modifier a is 0. */
            int m = transparent && !(idx & 1) ? 0 : etc_modifier[table[s]][idx & 1];
            if (idx & 2)
                m = -m;
            const int c[3] = { base[s][0] + m, base[s][1] + m, base[s][2] + m };
            put_rgba8(t, c, 255);
        }
}

/* T and H modes: the pixel index selects one of four paint colours. */
static void etc_paint(uint64_t w, const int paint[4][3], int transparent, texcomp_4x4 out)
{
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const unsigned idx = etc_index(w, x, y);
            if (transparent && idx == 2)
                put_transparent(out[y * 4 + x]);
            else
                put_rgba8(out[y * 4 + x], paint[idx], 255);
        }
}

static void etc_t_mode(uint64_t w, int transparent, texcomp_4x4 out)
{
    const int c1[3] = { extend8(field(w, 59, 2) << 2 | field(w, 56, 2), 4),
                        extend8(field(w, 52, 4), 4), extend8(field(w, 48, 4), 4) };
    const int c2[3] = { extend8(field(w, 44, 4), 4), extend8(field(w, 40, 4), 4),
                        extend8(field(w, 36, 4), 4) };
    const int d = etc_distance[field(w, 34, 2) << 1 | field(w, 32, 1)];
    int paint[4][3];
    for (int k = 0; k < 3; k++) {
        paint[0][k] = c1[k];
        paint[1][k] = c2[k] + d;
        paint[2][k] = c2[k];
        paint[3][k] = c2[k] - d;
    }
    etc_paint(w, paint, transparent, out);
}

static void etc_h_mode(uint64_t w, int transparent, texcomp_4x4 out)
{
    const int c1[3] = { extend8(field(w, 59, 4), 4),
                        extend8(field(w, 56, 3) << 1 | field(w, 52, 1), 4),
                        extend8(field(w, 51, 1) << 3 | field(w, 47, 3), 4) };
    const int c2[3] = { extend8(field(w, 43, 4), 4), extend8(field(w, 39, 4), 4),
                        extend8(field(w, 35, 4), 4) };
    /* The distance index's LSB is "colour 1 >= colour 2" as RGB888 numbers. */
    const int ge = (c1[0] << 16 | c1[1] << 8 | c1[2]) >= (c2[0] << 16 | c2[1] << 8 | c2[2]);
    const int d = etc_distance[field(w, 34, 1) << 2 | field(w, 32, 1) << 1 | (unsigned)ge];
    int paint[4][3];
    for (int k = 0; k < 3; k++) {
        paint[0][k] = c1[k] + d;
        paint[1][k] = c1[k] - d;
        paint[2][k] = c2[k] + d;
        paint[3][k] = c2[k] - d;
    }
    etc_paint(w, paint, transparent, out);
}

/* Planar: origin O, horizontal H and vertical V colours in RGB676; texel
 * (x, y) = (x(H - O) + y(V - O) + 4O + 2) >> 2 clamped to [0, 255]; the
 * clamp comes first, to [0, 1023], so no negative value is shifted.  Always
 * opaque. */
static void etc_planar(uint64_t w, texcomp_4x4 out)
{
    const int o[3] = { extend8(field(w, 57, 6), 6),
                       extend8(field(w, 56, 1) << 6 | field(w, 49, 6), 7),
                       extend8(field(w, 48, 1) << 5 | field(w, 43, 2) << 3 | field(w, 39, 3), 6) };
    const int h[3] = { extend8(field(w, 34, 5) << 1 | field(w, 32, 1), 6),
                       extend8(field(w, 25, 7), 7), extend8(field(w, 19, 6), 6) };
    const int v[3] = { extend8(field(w, 13, 6), 6), extend8(field(w, 6, 7), 7),
                       extend8(field(w, 0, 6), 6) };
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            int c[3];
            for (int k = 0; k < 3; k++)
                c[k] = clamp_int(x * (h[k] - o[k]) + y * (v[k] - o[k]) + 4 * o[k] + 2,
                                 0, 1023) >> 2;
            put_rgba8(out[y * 4 + x], c, 255);
        }
}

/* Bit 33 is the diff bit (ETC1, ETC2) or the opaque bit (punch-through,
 * which has no individual mode).  ETC1 has no T/H/planar modes: an
 * out-of-range differential sum wraps to 5 bits (spec-notes). */
static void etc_decode(uint64_t w, enum etc_variant v, texcomp_4x4 out)
{
    const int bit33 = (int)field(w, 33, 1);
    const int transparent = v == ETC_V2_PUNCH && !bit33;
    int base[2][3];
    if (v != ETC_V2_PUNCH && !bit33) {
        for (int k = 0; k < 3; k++) {
            base[0][k] = extend8(field(w, 60 - 8 * (unsigned)k, 4), 4);
            base[1][k] = extend8(field(w, 56 - 8 * (unsigned)k, 4), 4);
        }
    } else {
        for (int k = 0; k < 3; k++) {
            const int c = (int)field(w, 59 - 8 * (unsigned)k, 5);
            const int dc = (int)field(w, 56 - 8 * (unsigned)k, 3);
            const int sum = c + (dc >= 4 ? dc - 8 : dc);
            if (v != ETC_V1 && (sum < 0 || sum > 31)) {
                if (k == 0)
                    etc_t_mode(w, transparent, out);
                else if (k == 1)
                    etc_h_mode(w, transparent, out);
                else
                    etc_planar(w, out);
                return;
            }
            base[0][k] = extend8((unsigned)c, 5);
            base[1][k] = extend8((unsigned)sum & 31, 5);
        }
    }
    etc_subblocks(w, base, transparent, out);
}

/* One EAC channel into out[..][ch]. */
static void eac_decode(uint64_t w, enum eac_kind kind, texcomp_4x4 out, int ch)
{
    const unsigned mult = field(w, 52, 4);
    const int8_t *table = eac_modifier[field(w, 48, 4)];
    int base = (int)field(w, 56, 8);
    if (kind == EAC_R11_SIGNED)
        base = base >= 128 ? (base == 128 ? -127 : base - 256) : base;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const int m = table[field(w, 45 - 3 * (unsigned)(x * 4 + y), 3)];
            float *t = &out[y * 4 + x][ch];
            /* In the 11-bit formats multiplier 0 means 1/8 (of m * 8). */
            const int dm = kind == EAC_ALPHA8 ? m * (int)mult : mult ? m * (int)mult * 8 : m;
            switch (kind) {
            case EAC_ALPHA8:
                *t = (float)clamp_int(base + dm, 0, 255) / 255.0f;
                break;
            case EAC_R11_UNSIGNED:
                *t = (float)clamp_int(base * 8 + 4 + dm, 0, 2047) / 2047.0f;
                break;
            case EAC_R11_SIGNED:
                *t = (float)clamp_int(base * 8 + dm, -1023, 1023) / 1023.0f;
                break;
            }
        }
}

void texcomp_etc1(const uint8_t block[8], texcomp_4x4 out)
{
    etc_decode(be64(block), ETC_V1, out);
}

void texcomp_etc2_rgb8(const uint8_t block[8], int punchthrough, texcomp_4x4 out)
{
    etc_decode(be64(block), punchthrough ? ETC_V2_PUNCH : ETC_V2, out);
}

void texcomp_etc2_eac_rgba8(const uint8_t block[16], texcomp_4x4 out)
{
    etc_decode(be64(block + 8), ETC_V2, out);
    eac_decode(be64(block), EAC_ALPHA8, out, 3);
}

/* R (and G) from EAC blocks; the channels not stored are G = B = 0, A = 1. */
static void eac_channels(const uint8_t *block, int n, int is_signed, texcomp_4x4 out)
{
    for (int i = 0; i < 16; i++) {
        out[i][1] = out[i][2] = 0.0f;
        out[i][3] = 1.0f;
    }
    for (int c = 0; c < n; c++)
        eac_decode(be64(block + 8 * c), is_signed ? EAC_R11_SIGNED : EAC_R11_UNSIGNED, out, c);
}

void texcomp_eac_r11(const uint8_t block[8], int is_signed, texcomp_4x4 out)
{
    eac_channels(block, 1, is_signed, out);
}

void texcomp_eac_rg11(const uint8_t block[16], int is_signed, texcomp_4x4 out)
{
    eac_channels(block, 2, is_signed, out);
}
