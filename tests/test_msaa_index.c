/* Compression in the MSAA index bits (patent US 9466124, file 004;
 * src/core/msaa_index.c).  Layouts: include/gen7sf/msaa_compress.h;
 * choices: docs/spec-notes.md, "Patent 004". */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/msaa_compress.h"
#include "harness.h"

#define NPIX G7SF_MSAA_TILE_PIXELS
#define BLUE  0xFFFF0000u   /* RGBA8 as R in bits 7:0: opaque blue */
#define GREEN 0xFF00FF00u
#define RED   0xFF0000FFu
#define WHITE 0xFFFFFFFFu

/* Encode, decode, compare bit for bit; returns the encode result. */
static int round_trip(const uint32_t *c, unsigned n, const uint32_t *clear, int *method)
{
    uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
    uint32_t out[NPIX * 8];
    int m = 0, m2 = -1;
    int r = g7sf_msaa_tile_encode(c, n, clear, bits, &m);
    if (method)
        *method = m;
    if (r)
        return r;
    CHECK_EQ(g7sf_msaa_tile_decode(bits, n, clear, out, &m2), 0);
    CHECK_EQ(m2, m);
    CHECK(memcmp(out, c, NPIX * n * sizeof *c) == 0);
    return 0;
}

/* A tile of 3 colours at 4x with the given counts of medium and complex
 * pixels (the rest simple); pal[0..2] distinct. */
static void method_b_tile(uint32_t *c, const uint32_t pal[3], unsigned medium, unsigned complex)
{
    for (unsigned p = 0; p < NPIX; p++)
        for (unsigned s = 0; s < 4; s++)
            c[4 * p + s] = pal[p % 3];
    /* make sure all three colours appear as simple pixels where possible */
    for (unsigned p = 0; p < medium; p++)
        c[4 * p + 3] = pal[(p % 3 + 1) % 3];
    for (unsigned p = medium; p < medium + complex; p++) {
        c[4 * p + 1] = pal[(p % 3 + 1) % 3];
        c[4 * p + 2] = pal[(p % 3 + 2) % 3];
    }
}

TEST(index_bit_budget)
{
    CHECK_EQ(g7sf_msaa_index_bits(4), 256);
    CHECK_EQ(g7sf_msaa_index_bits(8), 1024);
    CHECK_EQ(g7sf_msaa_index_bits(2), 0);
}

TEST(random_round_trips_k_colours)
{
    uint32_t c[NPIX * 8], pal[4];
    for (unsigned n = 4; n <= 8; n += 4)
        for (unsigned k = 1; k <= 4; k++)
            for (int it = 0; it < 200; it++) {
                for (unsigned i = 0; i < k; i++) {
                    pal[i] = (uint32_t)t_rand();
                    for (unsigned j = 0; j < i; j++)
                        if (pal[j] == pal[i])
                            pal[i] ^= 1u << i;
                }
                for (unsigned i = 0; i < NPIX * n; i++)
                    c[i] = pal[t_rand() % k];
                int m = 0, r = round_trip(c, n, NULL, &m);
                if (n == 8 || k <= 2) {
                    CHECK_EQ(r, 0);
                    CHECK_EQ(m, G7SF_MSAA_MODE_A);
                } else if (k == 4) {
                    CHECK_EQ(r, G7SF_ERANGE);
                } else {
                    /* random assignments: nearly every pixel complex */
                    CHECK(r == 0 || r == G7SF_ERANGE);
                }
                if (t_failed())
                    return;
            }
}

TEST(random_method_b_round_trips)
{
    uint32_t c[NPIX * 4], pal[3];
    unsigned fit[4] = { 0 };
    for (int it = 0; it < 500; it++) {
        pal[0] = (uint32_t)t_rand();
        pal[1] = pal[0] ^ 0x10;
        pal[2] = pal[0] ^ 0x20000;
        /* mostly simple pixels, a few medium / complex ones */
        for (unsigned p = 0; p < NPIX; p++) {
            unsigned base = (unsigned)(t_rand() % 3), kind = (unsigned)(t_rand() % 8);
            for (unsigned s = 0; s < 4; s++)
                c[4 * p + s] = pal[kind == 0 ? t_rand() % 3 : kind == 1 ? (base + (t_rand() & 1)) % 3 : base];
        }
        int m = 0, r = round_trip(c, 4, it & 1 ? &pal[1] : NULL, &m);
        if (r == 0) {
            CHECK(m == G7SF_MSAA_METHOD_B || m == G7SF_MSAA_METHOD_B_CLEAR ||
                  m == G7SF_MSAA_MODE_A);
            fit[m & 3]++;
        } else {
            CHECK_EQ(r, G7SF_ERANGE);
        }
        if (t_failed())
            return;
    }
    /* both variants were exercised */
    CHECKF(fit[G7SF_MSAA_METHOD_B] > 20 && fit[G7SF_MSAA_METHOD_B_CLEAR] > 20,
           "plain %u, clear %u", fit[G7SF_MSAA_METHOD_B], fit[G7SF_MSAA_METHOD_B_CLEAR]);
}

TEST(two_colours_always_fit_at_4x)
{
    uint32_t c[NPIX * 4];
    /* the worst case: every sample alternating */
    for (unsigned i = 0; i < NPIX * 4; i++)
        c[i] = i & 1 ? RED : WHITE;
    int m = 0;
    CHECK_EQ(round_trip(c, 4, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_MODE_A);
    for (unsigned i = 0; i < NPIX * 4; i++)
        c[i] = GREEN;
    CHECK_EQ(round_trip(c, 4, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_MODE_A);
}

TEST(four_colours_fit_at_8x_five_do_not)
{
    uint32_t c[NPIX * 8];
    static const uint32_t pal[5] = { RED, GREEN, BLUE, WHITE, 0 };
    for (unsigned i = 0; i < NPIX * 8; i++)
        c[i] = pal[(i * 7) % 4];
    int m = 0;
    CHECK_EQ(round_trip(c, 8, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_MODE_A);
    /* a 5th colour: Method B, but every pixel is complex (32 x 21 > 448) */
    c[100] = pal[4];
    CHECK_EQ(round_trip(c, 8, NULL, &m), G7SF_ERANGE);
}

TEST(method_b_medium_boundary_16_fit_17_fail)
{
    static const uint32_t pal[3] = { RED, GREEN, BLUE };
    uint32_t c[NPIX * 4];
    int m = 0;
    method_b_tile(c, pal, 16, 0);           /* 16 x 4 = 64 bits */
    CHECK_EQ(round_trip(c, 4, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B);
    method_b_tile(c, pal, 17, 0);           /* 68 > 64 */
    CHECK_EQ(round_trip(c, 4, NULL, &m), G7SF_ERANGE);
}

TEST(method_b_complex_boundary_9_fit_10_fail)
{
    static const uint32_t pal[3] = { RED, GREEN, BLUE };
    uint32_t c[NPIX * 4];
    int m = 0;
    method_b_tile(c, pal, 0, 9);            /* 9 x 7 = 63 <= 64 */
    CHECK_EQ(round_trip(c, 4, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B);
    method_b_tile(c, pal, 0, 10);           /* 70 > 64 */
    CHECK_EQ(round_trip(c, 4, NULL, &m), G7SF_ERANGE);
    method_b_tile(c, pal, 14, 1);           /* 56 + 7 = 63 */
    CHECK_EQ(round_trip(c, 4, NULL, &m), 0);
    method_b_tile(c, pal, 15, 1);           /* 60 + 7 = 67 */
    CHECK_EQ(round_trip(c, 4, NULL, &m), G7SF_ERANGE);
}

TEST(all_81_base3_codes)
{
    static const uint32_t pal[3] = { RED, GREEN, BLUE };
    uint32_t c[NPIX * 4];
    for (unsigned v = 0; v < 81; v++) {
        method_b_tile(c, pal, 0, 0);
        for (unsigned s = 0, d = v; s < 4; s++, d /= 3)
            c[4 * 5 + s] = pal[d % 3];
        /* pixels 0..2 are simple in each colour, so all three are used */
        int m = 0;
        CHECKF(round_trip(c, 4, NULL, &m) == 0, "code %u", v);
        CHECK(m == G7SF_MSAA_METHOD_B);
        /* the 7-bit field holds v itself when pixel 5 is complex */
        uint8_t bits[32];
        CHECK_EQ(g7sf_msaa_tile_encode(c, 4, NULL, bits, NULL), 0);
        unsigned st = (bits[1] >> 7 | bits[2] << 1) & 7;   /* bits 15..17 */
        if (st == 6) {
            unsigned f = bits[24] & 0x7f;                     /* bits 192..198 */
            /* palette sorted RED < GREEN < BLUE as uint32: BLUE 0xFFFF0000
             * is the largest, RED 0xFF0000FF the smallest */
            unsigned want = 0;
            for (int s = 3; s >= 0; s--) {
                uint32_t col = c[4 * 5 + s];
                want = want * 3 + (col == RED ? 0 : col == GREEN ? 1 : 2);
            }
            CHECK_EQ(f, want);
        }
        if (t_failed())
            return;
    }
}

TEST(clear_colour_as_implicit_entry)
{
    static const uint32_t pal[3] = { RED, GREEN, BLUE };
    uint32_t c[NPIX * 4], out[NPIX * 4], clear = BLUE;
    uint8_t bits[32];
    int m = 0;
    /* 13 complex = 91 bits: too many for 64, fits the 96 freed by L50 */
    method_b_tile(c, pal, 0, 13);
    CHECK_EQ(round_trip(c, 4, NULL, &m), G7SF_ERANGE);
    CHECK_EQ(round_trip(c, 4, &clear, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B_CLEAR);
    method_b_tile(c, pal, 24, 0);           /* 96 bits exactly */
    CHECK_EQ(round_trip(c, 4, &clear, &m), 0);
    method_b_tile(c, pal, 25, 0);
    CHECK_EQ(round_trip(c, 4, &clear, &m), G7SF_ERANGE);
    /* a clear colour not in the tile does not help */
    uint32_t other = WHITE;
    method_b_tile(c, pal, 0, 13);
    CHECK_EQ(round_trip(c, 4, &other, &m), G7SF_ERANGE);
    /* decoding a clear-colour tile needs the clear colour */
    method_b_tile(c, pal, 0, 10);
    CHECK_EQ(g7sf_msaa_tile_encode(c, 4, &clear, bits, &m), 0);
    CHECK_EQ(g7sf_msaa_tile_decode(bits, 4, NULL, out, NULL), G7SF_ESTATE);
}

TEST(malformed_rejected)
{
    static const uint32_t pal[3] = { RED, GREEN, BLUE };
    uint32_t c[NPIX * 4], out[NPIX * 8];
    uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX], bad[G7SF_MSAA_INDEX_BYTES_MAX];
    method_b_tile(c, pal, 0, 1);            /* pixel 0 complex */
    CHECK_EQ(g7sf_msaa_tile_encode(c, 4, NULL, bits, NULL), 0);
    CHECK_EQ(bits[0] & 7, 6);
    /* status 111 on pixel 1 */
    memcpy(bad, bits, 32);
    bad[0] |= 7 << 3;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 4, NULL, out, NULL), G7SF_EPAYLOAD);
    /* base-3 value 81 .. 127 */
    for (unsigned v = 81; v < 128; v++) {
        memcpy(bad, bits, 32);
        bad[24] = (uint8_t)((bad[24] & 0x80) | v);
        CHECK_EQ(g7sf_msaa_tile_decode(bad, 4, NULL, out, NULL), G7SF_EPAYLOAD);
    }
    /* a stray bit after the payload */
    memcpy(bad, bits, 32);
    bad[31] |= 0x80;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 4, NULL, out, NULL), G7SF_EPAYLOAD);
    /* equal colours 0 and 1 */
    memcpy(bad, bits, 32);
    memcpy(bad + 16, bad + 12, 4);
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 4, NULL, out, NULL), G7SF_EPAYLOAD);
    /* all pixels complex: the payload runs past bit 256 */
    memset(bad, 0, 32);
    for (unsigned i = 0; i < 96; i++)
        if ((i % 3) != 0)
            bad[i / 8] |= (uint8_t)(1u << (i % 8));   /* status 110 each */
    bad[12] = 1; bad[16] = 2; bad[20] = 3;            /* colours 1 < 2 */
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 4, NULL, out, NULL), G7SF_EPAYLOAD);
    /* Mode A: reserved bits set; 8x: unknown tag, bits past 768 */
    for (unsigned i = 0; i < NPIX * 4; i++)
        c[i] = i % 3 ? RED : GREEN;
    CHECK_EQ(g7sf_msaa_tile_encode(c, 4, NULL, bits, NULL), 0);
    memcpy(bad, bits, 32);
    bad[1] = 1;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 4, NULL, out, NULL), G7SF_EPAYLOAD);
    uint32_t c8[NPIX * 8];
    for (unsigned i = 0; i < NPIX * 8; i++)
        c8[i] = i % 3 ? RED : GREEN;
    CHECK_EQ(g7sf_msaa_tile_encode(c8, 8, NULL, bits, NULL), 0);
    CHECK_EQ(g7sf_msaa_tile_decode(bits, 8, NULL, out, NULL), 0);
    memcpy(bad, bits, 128);
    bad[0] = (uint8_t)(bad[0] & ~1);
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 8, NULL, out, NULL), G7SF_EPAYLOAD);
    memcpy(bad, bits, 128);
    bad[100] = 4;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 8, NULL, out, NULL), G7SF_EPAYLOAD);
    /* arguments */
    CHECK_EQ(g7sf_msaa_tile_decode(bits, 2, NULL, out, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_msaa_tile_decode(NULL, 4, NULL, out, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_msaa_tile_encode(c, 16, NULL, bits, NULL), G7SF_EINVAL);
    CHECK_EQ(g7sf_msaa_tile_encode(NULL, 4, NULL, bits, NULL), G7SF_EINVAL);
}

TEST(random_bits_never_crash)
{
    /* decoding noise: an error or some tile that re-encodes to the same
     * colours (decoded tiles are always representable) */
    uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
    uint32_t out[NPIX * 8], clear = BLUE;
    for (int it = 0; it < 2000; it++) {
        unsigned n = it & 1 ? 8 : 4;
        for (unsigned i = 0; i < sizeof bits; i++)
            bits[i] = (uint8_t)t_rand();
        if (it % 4 < 2) {     /* mostly well-formed headers */
            memset(bits + 24, 0, sizeof bits - 24);
            bits[0] |= n == 4 ? 0 : 15;
        }
        int r = g7sf_msaa_tile_decode(bits, n, &clear, out, NULL);
        CHECK(r == 0 || r == G7SF_EPAYLOAD);
        if (r == 0) {
            uint8_t again[G7SF_MSAA_INDEX_BYTES_MAX];
            uint32_t back[NPIX * 8];
            CHECK(g7sf_msaa_tile_planes(out, n) >= 1);
            CHECK_EQ(g7sf_msaa_tile_encode(out, n, &clear, again, NULL), 0);
            CHECK_EQ(g7sf_msaa_tile_decode(again, n, &clear, back, NULL), 0);
            CHECK(memcmp(out, back, NPIX * n * sizeof *out) == 0);
        }
        if (t_failed())
            return;
    }
}

TEST(patent_l22_scene_traffic)
{
    /* Blue fills the 8x4 tile at 4x; a green triangle then covers a third:
     * below the line x + 2y = 6.5 (area 6.5 x 3.25 / 2 = 10.6 of 32) (sample positions at quarter offsets). */
    static const float sx[4] = { 0.375f, 0.875f, 0.125f, 0.625f };
    static const float sy[4] = { 0.125f, 0.375f, 0.625f, 0.875f };
    uint32_t c[NPIX * 4];
    unsigned green = 0;
    for (unsigned p = 0; p < NPIX; p++)
        for (unsigned s = 0; s < 4; s++) {
            float x = (float)(p % 8) + sx[s], y = (float)(p / 8) + sy[s];
            int in = x + 2.0f * y < 6.5f;
            c[4 * p + s] = in ? GREEN : BLUE;
            green += (unsigned)in;
        }
    CHECK(green > 128 / 4 && green < 128 / 2);   /* about a third */
    unsigned planes = g7sf_msaa_tile_planes(c, 4);
    CHECK_EQ(planes, 2);
    int m = 0;
    CHECK_EQ(round_trip(c, 4, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_MODE_A);
    g7sf_msaa_traffic t;
    CHECK_EQ(g7sf_msaa_tile_traffic(4, planes, &t), 0);
    CHECK_EQ(t.index_mode, 256);
    CHECK_EQ(t.planes_compressed, 1280);
    CHECK_EQ(t.uncompressed, 2304);
    CHECK_EQ(t.planes_compressed / t.index_mode, 5);   /* 5:1, L36 */
    CHECK_EQ(t.uncompressed / t.index_mode, 9);        /* 9:1 */
    CHECK_EQ(g7sf_msaa_tile_traffic(4, 5, &t), G7SF_EINVAL);
    CHECK_EQ(g7sf_msaa_tile_traffic(8, 2, &t), 0);
    CHECK_EQ(t.index_mode, 1024);
    CHECK_EQ(t.uncompressed, 3072);
}

TEST(exact_size_buffers)
{
    /* buffers of exactly the documented sizes (under the sanitizers any
     * access past them fails) */
    for (unsigned n = 4; n <= 8; n += 4) {
        unsigned nbytes = g7sf_msaa_index_bits(n) / 8;
        uint8_t *bits = malloc(nbytes);
        uint32_t *c = malloc(NPIX * n * sizeof *c), *out = malloc(NPIX * n * sizeof *c);
        CHECK(bits && c && out);
        if (!bits || !c || !out) {
            free(bits); free(c); free(out);
            return;
        }
        for (unsigned i = 0; i < NPIX * n; i++)
            c[i] = i % 5 == 0 ? RED : GREEN;
        CHECK_EQ(g7sf_msaa_tile_encode(c, n, NULL, bits, NULL), 0);
        CHECK_EQ(g7sf_msaa_tile_decode(bits, n, NULL, out, NULL), 0);
        CHECK(memcmp(c, out, NPIX * n * sizeof *c) == 0);
        for (int it = 0; it < 200; it++) {
            for (unsigned i = 0; i < nbytes; i++)
                bits[i] = (uint8_t)t_rand();
            int r = g7sf_msaa_tile_decode(bits, n, &c[0], out, NULL);
            CHECK(r == 0 || r == G7SF_EPAYLOAD);
        }
        free(bits); free(c); free(out);
    }
}

/* 8x Method B tile: pixels 0..5 simple in pal[0..5], the rest pal[0] (the
 * most frequent, entry 0); then `complex` pixels from 6 using all six
 * colours, then `medium` pixels pairing pal[0] with pal[1 + p % 5] (pairs
 * (0, j) are in the status table whatever the order of entries 1..5). */
static void method_b8_tile(uint32_t *c, const uint32_t pal[6], unsigned complex, unsigned medium)
{
    for (unsigned p = 0; p < NPIX; p++)
        for (unsigned s = 0; s < 8; s++)
            c[8 * p + s] = pal[p < 6 ? p : 0];
    unsigned p = 6;
    for (unsigned i = 0; i < complex; i++, p++)
        for (unsigned s = 0; s < 8; s++)
            c[8 * p + s] = pal[(s + p) % 6];
    for (unsigned i = 0; i < medium; i++, p++)
        c[8 * p + 7 - p % 8] = pal[1 + p % 5];
}

static const uint32_t pal6[6] = { 0xFF808080u, RED, GREEN, BLUE, WHITE, 0 };

TEST(eight_x_method_b_boundaries)
{
    uint32_t c[NPIX * 8];
    int m = 0;
    method_b8_tile(c, pal6, 21, 0);         /* 21 x 21 = 441 <= 448 */
    CHECK_EQ(round_trip(c, 8, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B);
    method_b8_tile(c, pal6, 22, 0);         /* 462 > 448 */
    CHECK_EQ(round_trip(c, 8, NULL, &m), G7SF_ERANGE);
    method_b8_tile(c, pal6, 20, 3);         /* 420 + 24 = 444 */
    CHECK_EQ(round_trip(c, 8, NULL, &m), 0);
    method_b8_tile(c, pal6, 20, 4);         /* 452 */
    CHECK_EQ(round_trip(c, 8, NULL, &m), G7SF_ERANGE);
    method_b8_tile(c, pal6, 0, 26);         /* every other pixel medium */
    CHECK_EQ(round_trip(c, 8, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B);
    /* five colours: entry 5 unused */
    uint32_t pal5[6];
    memcpy(pal5, pal6, sizeof pal5);
    pal5[5] = pal5[4];
    method_b8_tile(c, pal5, 21, 5);
    CHECK_EQ(round_trip(c, 8, NULL, &m), G7SF_ERANGE);   /* 441 + 40 */
    method_b8_tile(c, pal5, 10, 16);
    CHECK_EQ(round_trip(c, 8, NULL, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B);
    /* a 7th colour never fits */
    method_b8_tile(c, pal6, 0, 0);
    c[8 * 31] = 0x12345678u;
    CHECK_EQ(round_trip(c, 8, NULL, &m), G7SF_ERANGE);
}

TEST(eight_x_base6_codes)
{
    uint32_t c[NPIX * 8];
    uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
    for (int it = 0; it < 3000; it++) {
        uint32_t v = it == 0 ? 0 : it == 1 ? 1679615 : (uint32_t)(t_rand() % 1679616);
        method_b8_tile(c, pal6, 0, 0);
        for (unsigned s = 0, d = v; s < 8; s++, d /= 6)
            c[8 * 6 + s] = pal6[d % 6];
        int m = 0;
        CHECKF(round_trip(c, 8, NULL, &m) == 0, "code %u", v);
        CHECK_EQ(g7sf_msaa_tile_encode(c, 8, NULL, bits, NULL), 0);
        /* pixel 6 is the only one with a payload; when complex its 21-bit
         * field at 320 holds the entries of samples 0..7 as base-6 digits */
        unsigned st = bits[3] & 15;
        if (st == 14) {
            uint32_t f = 0;
            for (unsigned i = 0; i < 21; i++)
                f |= (uint32_t)(bits[(320 + i) / 8] >> ((320 + i) % 8) & 1) << i;
            CHECK(f < 1679616);
            for (unsigned s = 0; s < 8; s++, f /= 6) {
                unsigned e = f % 6, off = 128 + 32 * e;
                uint32_t col = (uint32_t)bits[off / 8] | (uint32_t)bits[off / 8 + 1] << 8 |
                               (uint32_t)bits[off / 8 + 2] << 16 | (uint32_t)bits[off / 8 + 3] << 24;
                CHECK_EQ(col, c[8 * 6 + s]);
            }
        }
        if (t_failed())
            return;
    }
}

TEST(eight_x_random_method_b_round_trips)
{
    uint32_t c[NPIX * 8], pal[6];
    unsigned fit = 0;
    for (int it = 0; it < 400; it++) {
        unsigned k = 5 + (unsigned)(it & 1);
        for (unsigned i = 0; i < k; i++)
            pal[i] = (uint32_t)t_rand() << 3 | i;
        for (unsigned p = 0; p < NPIX; p++) {
            unsigned base = p < k ? p : (unsigned)(t_rand() % k), kind = (unsigned)(t_rand() % 6);
            for (unsigned s = 0; s < 8; s++)
                c[8 * p + s] = pal[kind == 0 ? t_rand() % k : kind == 1 ? (base + (t_rand() & 1)) % k : base];
        }
        int m = 0, r = round_trip(c, 8, NULL, &m);
        if (r == 0) {
            CHECK_EQ(m, G7SF_MSAA_METHOD_B);
            fit++;
        } else {
            CHECK_EQ(r, G7SF_ERANGE);
        }
        if (t_failed())
            return;
    }
    CHECKF(fit > 50, "%u fit", fit);
}

TEST(eight_x_malformed_rejected)
{
    uint32_t c[NPIX * 8], out[NPIX * 8];
    uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX], bad[G7SF_MSAA_INDEX_BYTES_MAX];
    int m = 0;
    method_b8_tile(c, pal6, 1, 0);          /* pixel 6 complex */
    CHECK_EQ(g7sf_msaa_tile_encode(c, 8, NULL, bits, &m), 0);
    CHECK_EQ(m, G7SF_MSAA_METHOD_B);
    CHECK_EQ(bits[3] & 15, 14);
    memcpy(bad, bits, sizeof bad);          /* the tag code on pixel 1 */
    bad[0] |= 0xF0;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 8, NULL, out, NULL), G7SF_EPAYLOAD);
    memcpy(bad, bits, sizeof bad);          /* base-6 value 6^8 .. 2^21 - 1 */
    bad[40] = 0xFF; bad[41] = 0xFF; bad[42] |= 0x1F;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 8, NULL, out, NULL), G7SF_EPAYLOAD);
    memcpy(bad, bits, sizeof bad);          /* a bit past the payload */
    bad[60] = 1;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 8, NULL, out, NULL), G7SF_EPAYLOAD);
    memcpy(bad, bits, sizeof bad);          /* a bit past 768 */
    bad[100] = 1;
    CHECK_EQ(g7sf_msaa_tile_decode(bad, 8, NULL, out, NULL), G7SF_EPAYLOAD);
    CHECK_EQ(g7sf_msaa_tile_decode(bits, 8, NULL, out, NULL), 0);
    CHECK(memcmp(out, c, sizeof c) == 0);
}

/* Whether some placement of the tile's 6 colours in the six entries gives
 * a payload within 448 bits (the test's own count from the patent's cost
 * per pixel: 0 one colour, 8 a pair with a status code, else 21). */
static bool some_placement_fits(const uint32_t *c, const uint32_t *pal)
{
    static const int coded[6][6] = {
        { 0, 1, 1, 1, 1, 1 }, { 1, 0, 1, 1, 0, 0 }, { 1, 1, 0, 1, 0, 0 },
        { 1, 1, 1, 0, 0, 0 }, { 1, 0, 0, 0, 0, 0 }, { 1, 0, 0, 0, 0, 0 } };
    for (unsigned perm = 0; perm < 46656; perm++) {   /* 6^6 maps, injective ones kept */
        unsigned slot[6], used = 0, q = perm;
        for (unsigned i = 0; i < 6; i++, q /= 6)
            used |= 1u << (slot[i] = q % 6);
        if (used != 63)
            continue;
        unsigned bits = 0;
        for (unsigned p = 0; p < NPIX; p++) {
            unsigned set = 0, n = 0, a = 0, b = 0;
            for (unsigned s = 0; s < 8; s++)
                for (unsigned i = 0; i < 6; i++)
                    if (c[8 * p + s] == pal[i])
                        set |= 1u << i;
            for (unsigned i = 0; i < 6; i++)
                if (set >> i & 1) {
                    if (n++)
                        b = i;
                    else
                        a = i;
                }
            bits += n == 1 ? 0 : n == 2 && coded[slot[a]][slot[b]] ? 8 : 21;
        }
        if (bits <= 448)
            return true;
    }
    return false;
}

/* The encoder finds a placement whenever one exists: two-colour pixels
 * whose pair has no status code in the frequency order (before, such a
 * tile - one the decoder accepts - failed to encode again: a fuzz finding,
 * tests/fuzz/regress/msaa_index). */
TEST(eight_x_every_fitting_placement_is_found)
{
    uint32_t c[NPIX * 8], pal[6];
    unsigned fits = 0, fails = 0;
    for (int it = 0; it < 150 && !t_failed(); it++) {
        for (unsigned i = 0; i < 6; i++)
            pal[i] = (uint32_t)t_rand() << 3 | i;
        unsigned complex = (unsigned)(t_rand() % 20);
        for (unsigned p = 0; p < NPIX; p++) {
            unsigned a = p < 6 ? p : (unsigned)(t_rand() % 6), b = (unsigned)(t_rand() % 6);
            for (unsigned s = 0; s < 8; s++)
                c[8 * p + s] = pal[p < complex ? (a + s) % 6 : s & 1 ? b : a];
        }
        bool want = some_placement_fits(c, pal);
        int m = 0, r = round_trip(c, 8, NULL, &m);
        CHECKF(r == (want ? 0 : G7SF_ERANGE), "tile %d: encode %d, a placement %s", it, r,
               want ? "fits" : "does not fit");
        want ? fits++ : fails++;
    }
    CHECKF(fits > 20 && fails > 20, "%u fit, %u do not", fits, fails);
}

/* Two referenced entries holding one colour are malformed at 8x. */
TEST(eight_x_repeated_referenced_entry_rejected)
{
    uint32_t c[NPIX * 8], out[NPIX * 8];
    uint8_t bits[G7SF_MSAA_INDEX_BYTES_MAX];
    method_b8_tile(c, pal6, 1, 0);
    CHECK_EQ(g7sf_msaa_tile_encode(c, 8, NULL, bits, NULL), 0);
    CHECK_EQ(g7sf_msaa_tile_decode(bits, 8, NULL, out, NULL), 0);
    memcpy(bits + 16 + 4 * 2, bits + 16 + 4 * 1, 4);   /* entry 2 := entry 1 */
    CHECK_EQ(g7sf_msaa_tile_decode(bits, 8, NULL, out, NULL), G7SF_EPAYLOAD);
}
