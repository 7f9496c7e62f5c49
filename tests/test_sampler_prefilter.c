/* Prefilter operations on each texel (§2.3.1 chroma key, §2.4 shadow
 * compare): the stage functions directly, then through g7sf_sample.  Key
 * codes and compare results worked out by hand from the PRM text and
 * docs/spec-notes.md "Sampler operations". */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "sampler/smp.h"
#include "sampler_fixture.h"

enum { ALWAYS, NEVER, LESS, EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL };

TEST(shadow_compare_table)
{
    /* rows: function; columns: texel < ref, ==, >, NaN texel (1 = the
     * result 1.0, i.e. `texel OP ref` does not hold) */
    static const struct { unsigned fn; float lt, eq, gt, nan; } row[8] = {
        { ALWAYS, 0, 0, 0, 0 },  { NEVER, 1, 1, 1, 1 },    { LESS, 0, 1, 1, 1 },
        { EQUAL, 1, 0, 1, 1 },   { LEQUAL, 0, 0, 1, 1 },   { GREATER, 1, 1, 0, 1 },
        { NOTEQUAL, 0, 1, 0, 0 }, { GEQUAL, 1, 0, 0, 1 },
    };
    for (unsigned k = 0; k < 8; k++) {
        unsigned f = row[k].fn;
        CHECKF(smp_shadow_compare(f, 0.25f, 0.5f) == row[k].lt, "fn %u: texel < ref", f);
        CHECKF(smp_shadow_compare(f, 0.5f, 0.5f) == row[k].eq, "fn %u: texel == ref", f);
        CHECKF(smp_shadow_compare(f, 0.75f, 0.5f) == row[k].gt, "fn %u: texel > ref", f);
        CHECKF(smp_shadow_compare(f, NAN, 0.5f) == row[k].nan, "fn %u: NaN texel", f);
        CHECKF(smp_shadow_compare(f, 0.5f, NAN) == row[k].nan, "fn %u: NaN ref", f);
    }
    /* the PRM's sense, not GL's: LESS with texel 0 and ref 1 holds, gives 0 */
    CHECK(smp_shadow_compare(LESS, 0.0f, 1.0f) == 0.0f);
    CHECK(smp_shadow_compare(GREATER, -INFINITY, INFINITY) == 1.0f);
}

/* A context for smp_chroma_match on `format` with key [lo, hi]. */
static void key_ctx(smp_ctx *c, g7sf_sampler *s, unsigned format, uint32_t lo, uint32_t hi)
{
    memset(c, 0, sizeof *c);
    memset(s, 0, sizeof *s);
    s->chroma_low = lo, s->chroma_high = hi;
    c->smp = s;
    c->fmt = g7sf_format_info(format);
    c->cls = c->fmt->texel;
}

static bool match(unsigned format, uint32_t lo, uint32_t hi, float r, float g, float b, float a)
{
    smp_ctx c;
    g7sf_sampler s;
    key_ctx(&c, &s, format, lo, hi);
    g7sf_texel t = { .f = { r, g, b, a } };
    return smp_chroma_match(&c, &t, NULL);
}

TEST(chroma_key_argb8)
{
    /* B8G8R8A8_UNORM texel R 0x30 G 0x20 B 0x10 A 0x40; keys are A R G B */
    const float r = 0x30 / 255.0f, g = 0x20 / 255.0f, b = 0x10 / 255.0f, a = 0x40 / 255.0f;
    const unsigned f = G7SF_FORMAT_B8G8R8A8_UNORM;
    CHECK(match(f, 0x40302010, 0x40302010, r, g, b, a));
    CHECK(match(f, 0x3F2F1F0F, 0x40302010, r, g, b, a));   /* inclusive at high */
    CHECK(match(f, 0x40302010, 0x41312111, r, g, b, a));   /* inclusive at low */
    CHECK(match(f, 0x00000000, 0xFFFFFFFF, r, g, b, a));
    CHECK(!match(f, 0x41302010, 0xFF302010, r, g, b, a));  /* alpha below */
    CHECK(!match(f, 0x40312010, 0x40FF2010, r, g, b, a));  /* red below */
    CHECK(!match(f, 0x40302010, 0x40301F10, r, g, b, a));  /* green above */
    CHECK(!match(f, 0x40302000, 0x4030200F, r, g, b, a));  /* blue above */
    /* NaN and out-of-range floats land on 0 and 255 */
    CHECK(match(f, 0x00000000, 0x00000000, NAN, -1.0f, 0.0f, NAN));
    CHECK(match(f, 0xFFFFFFFF, 0xFFFFFFFF, 2.0f, 1.0f, INFINITY, 1.5f));
}

TEST(chroma_key_replicates_msbs_of_narrow_channels)
{
    /* B5G6R5: R 3 -> 00011 000|11 = 0x18 (rounding 3*255/31 would give 0x19),
     * G 11 -> 001011 00|10 = 0x2C (not 0x2D), B 24 -> 11000 110 = 0xC6 (not
     * 0xC5); alpha absent reads 1.0 = 0xFF */
    const unsigned f = G7SF_FORMAT_B5G6R5_UNORM;
    const float r = 3 / 31.0f, g = 11 / 63.0f, b = 24 / 31.0f;
    CHECK(match(f, 0xFF182CC6, 0xFF182CC6, r, g, b, 1.0f));
    CHECK(!match(f, 0xFF192CC6, 0xFF192CC6, r, g, b, 1.0f));
    CHECK(!match(f, 0xFF182DC6, 0xFF182DC6, r, g, b, 1.0f));
    CHECK(!match(f, 0xFF182CC5, 0xFF182CC5, r, g, b, 1.0f));
    /* B4G4R4A4: 4-bit 0xA -> 0xAA */
    CHECK(match(G7SF_FORMAT_B4G4R4A4_UNORM, 0xAAAAAAAA, 0xAAAAAAAA, 10 / 15.0f, 10 / 15.0f,
                10 / 15.0f, 10 / 15.0f));
}

TEST(chroma_key_snorm_sign_magnitude)
{
    /* R8G8_SNORM texel R -64, G 5: keys 0xC0 (-64) and 0x05; B (0) and A
     * (1.0 = +127) given the full sign-magnitude range FFh..7Fh */
    const unsigned f = G7SF_FORMAT_R8G8_SNORM;
    const float r = -64 / 127.0f, g = 5 / 127.0f;
    CHECK(match(f, 0xFFC005FF, 0x7FC0057F, r, g, 0.0f, 1.0f));
    CHECK(!match(f, 0xFF4005FF, 0x7F40057F, r, g, 0.0f, 1.0f));   /* +64 */
    /* a range across zero: -65 .. +3 holds -64 but not +5 */
    CHECK(match(f, 0xFFC1FFFF, 0x7F7F7F7F, r, g, 0.0f, 1.0f));
    CHECK(!match(f, 0xFFC1FFFF, 0x7F7F037F, r, g, 0.0f, 1.0f));
    /* R5G5_SNORM_B6_UNORM: every channel in sign-magnitude; R -5 of 15
     * widens its 4-bit magnitude 0101 to 0101010 = 42 (0xAA with the sign),
     * B 6-bit 33 = 100001 to 1000011 = 67 = 0x43 */
    const unsigned m = G7SF_FORMAT_R5G5_SNORM_B6_UNORM;
    CHECK(match(m, 0x7FAA0043, 0x7FAA0043, -5 / 15.0f, 0.0f, 33 / 63.0f, 1.0f));
    CHECK(!match(m, 0x7F2A0043, 0x7F2A0043, -5 / 15.0f, 0.0f, 33 / 63.0f, 1.0f));
}

TEST(chroma_key_ycrcb)
{
    /* YCrCb keys are A Cr Y Cb; decode gives (Cr, Y, Cb, 1) */
    const unsigned f = G7SF_FORMAT_YCRCB_NORMAL;
    const float cr = 0x90 / 255.0f, y = 0x50 / 255.0f, cb = 0x70 / 255.0f;
    CHECK(match(f, 0x00905070, 0xFF905070, cr, y, cb, 1.0f));
    CHECK(!match(f, 0x00705090, 0xFF705090, cr, y, cb, 1.0f));   /* Cr and Cb swapped */
}

/* A texel without chrominance of its own (line 4329) is keyed on the mean
 * of its pair's Cr/Cb and the next pair's; Y and A stay its own.  Own
 * (Cr 0x90, Cb 0x70), right (Cr 0x95, Cb 0x60): means 0x92.8 and 0x68.
 * Mean within half a code of a bound: 0x92.8 lies in [0x92, 0x93] but in
 * neither [0x90, 0x92] nor [0x93, 0x95]. */
static bool match_422(uint32_t lo, uint32_t hi)
{
    smp_ctx c;
    g7sf_sampler s;
    key_ctx(&c, &s, G7SF_FORMAT_YCRCB_NORMAL, lo, hi);
    g7sf_texel t = { .f = { 0x90 / 255.0f, 0x50 / 255.0f, 0x70 / 255.0f, 1.0f } };
    g7sf_texel r = { .f = { 0x95 / 255.0f, 0xEE / 255.0f, 0x60 / 255.0f, 0.0f } };
    return smp_chroma_match(&c, &t, &r);
}

TEST(chroma_key_ycrcb_interpolated_chroma)
{
    CHECK(match_422(0x00925068, 0xFF935068));
    CHECK(!match_422(0x00905068, 0xFF925068));
    CHECK(!match_422(0x00935068, 0xFF955068));
    CHECK(!match_422(0x00925067, 0xFF935067));   /* Cb 0x68 exactly: not 0x67 */
    CHECK(match_422(0x00920068, 0xFF93FF68));    /* Y is its own 0x50, not the right's */
    CHECK(!match_422(0x00905070, 0xFF905070));   /* its own chroma alone no longer keys */
}

/* ---- through g7sf_sample ---- */

/* A 2x2 B8G8R8A8_UNORM texture, CLAMP: texel (1, 0) is the key colour.
 * Two subspans, each pixel on a texel centre: pixel i reads texel
 * (i & 1, i >> 1 & 1), so the second subspan repeats the first. */
static void keyed(t_smp *f, unsigned op)
{
    static const uint8_t bgra[2][8] = {
        { 0x10, 0x20, 0x30, 0xFF, 0x01, 0x02, 0x03, 0x04 },
        { 0x50, 0x60, 0x70, 0x80, 0x90, 0xA0, 0xB0, 0xC0 },
    };
    t_smp_init(f, G7SF_SURFTYPE_2D, G7SF_FORMAT_B8G8R8A8_UNORM, 2, 2, 1, 1);
    t_smp_fill(f, 0, 0, bgra);
    t_smp_address(f, 2);
    f->smp.state.chromakey_enable = 1;
    t_smp_op(f, op, 8, 8);
    for (unsigned i = 0; i < 8; i++) {
        t_smp_param(f, G7SF_PARAM_U, i, ((float)(i & 1) + 0.5f) / 2.0f);
        t_smp_param(f, G7SF_PARAM_V, i, ((float)(i >> 1 & 1) + 0.5f) / 2.0f);
    }
}

TEST(killpix_kills_pixels_whose_texel_matches)
{
    t_smp f;
    keyed(&f, G7SF_OP_SAMPLE_KILLPIX);
    f.smp.state.chromakey_mode = 0;   /* KEYFILTER_KILL_ON_ANY_MATCH */
    f.smp.chroma_low = f.smp.chroma_high = 0x04030201;   /* A R G B of texel (1, 0) */
    f.args.mask = 0xF7;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_EQ(f.res.live, 0xF7 & ~0x22);   /* pixels 1 and 5 read texel (1, 0) */
    CHECK(fabsf(f.res.px[1].f[0] - 3 / 255.0f) < 1e-6f);   /* the texel still comes back */
    f.smp.chroma_low = 0x05030201;   /* alpha 04 below the key: nothing killed */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_EQ(f.res.live, 0xF7);
    t_smp_fini(&f);
}

TEST(replace_black)
{
    t_smp f;
    keyed(&f, G7SF_OP_SAMPLE);
    f.smp.state.chromakey_mode = 1;   /* KEYFILTER_REPLACE_BLACK */
    f.smp.chroma_low = 0x00000000, f.smp.chroma_high = 0xFF7F7F7F;   /* R, G, B <= 7F */
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK_EQ(f.res.live, 0xFF);
    /* (0,0) and (0,1), (1,0) match; (1,1) has R B0 > 7F */
    for (unsigned i = 0; i < 3; i++)
        for (unsigned k = 0; k < 4; k++)
            CHECKF(f.res.px[i].f[k] == 0.0f, "px %u ch %u: %g", i, k, f.res.px[i].f[k]);
    CHECK(fabsf(f.res.px[3].f[0] - 0xB0 / 255.0f) < 1e-6f);
    CHECK(fabsf(f.res.px[3].f[3] - 0xC0 / 255.0f) < 1e-6f);
    t_smp_fini(&f);
}

TEST(sample_l_c_compares_before_filtering)
{
    /* R32_FLOAT 2x1: 0.25, 0.75; ref 0.5 */
    static const float texels[2] = { 0.25f, 0.75f };
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_FLOAT, 2, 1, 1, 1);
    t_smp_fill(&f, 0, 0, texels);
    t_smp_address(&f, 2);
    t_smp_op(&f, G7SF_OP_SAMPLE_L_C, 8, 3);
    for (unsigned i = 0; i < 3; i++) {
        t_smp_param(&f, G7SF_PARAM_V, i, 0.5f);
        t_smp_param(&f, G7SF_PARAM_REF, i, 0.5f);
    }
    t_smp_param(&f, G7SF_PARAM_U, 0, 0.25f);   /* texel 0 */
    t_smp_param(&f, G7SF_PARAM_U, 1, 0.75f);   /* texel 1 */
    t_smp_param(&f, G7SF_PARAM_U, 2, 0.5f);    /* halfway, with LINEAR below */
    f.smp.state.shadow_function = LESS;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].f[0] == 0.0f);   /* 0.25 < 0.5 holds */
    CHECK(f.res.px[1].f[0] == 1.0f);
    f.smp.state.shadow_function = GEQUAL;
    f.smp.state.mag_mode_filter = f.smp.state.min_mode_filter = 1;
    CHECK_EQ(t_smp_run(&f), 0);
    CHECK(f.res.px[0].f[0] == 1.0f);
    CHECK(f.res.px[1].f[0] == 0.0f);
    CHECKF(f.res.px[2].f[0] == 0.5f, "linear of the compare results: %g", f.res.px[2].f[0]);
    t_smp_fini(&f);
}

/* Through g7sf_sample: a 6x1 YCRCB_NORMAL texture (Y0 Cb Y1 Cr per pair),
 * pairs (Cb, Cr) = (70, 90), (60, 96), (40, A0); NEAREST, killpix, pixel
 * i reads texel {0, 1, 2, 3, 4, 5, 1, 5}[i].  Odd texels key on the mean
 * with the next pair: texel 1 on (68, 93), texel 3 on (50, 9B); the last
 * texel, 5, has no next pair and keys on its own (40, A0). */
static unsigned ycrcb_killed_at(uint32_t key, float v, unsigned tcy)
{
    static const uint8_t yuy2[12] = { 0x50, 0x70, 0x51, 0x90, 0x52, 0x60,
                                      0x53, 0x96, 0x54, 0x40, 0x55, 0xA0 };
    static const unsigned texel[8] = { 0, 1, 2, 3, 4, 5, 1, 5 };
    t_smp f;
    t_smp_init(&f, G7SF_SURFTYPE_2D, G7SF_FORMAT_YCRCB_NORMAL, 6, 1, 1, 1);
    t_smp_fill(&f, 0, 0, yuy2);
    t_smp_address(&f, 2);
    f.smp.state.tcy_address_control_mode = tcy;
    f.smp.state.chromakey_enable = 1;
    f.smp.state.chromakey_mode = 0;   /* KEYFILTER_KILL_ON_ANY_MATCH */
    f.smp.chroma_low = key & 0x00FF00FFu, f.smp.chroma_high = key | 0xFF00FF00u;  /* any A, Y */
    t_smp_op(&f, G7SF_OP_SAMPLE_KILLPIX, 8, 8);
    for (unsigned i = 0; i < 8; i++) {
        t_smp_param(&f, G7SF_PARAM_U, i, ((float)texel[i] + 0.5f) / 6.0f);
        t_smp_param(&f, G7SF_PARAM_V, i, v);
    }
    CHECK_EQ(t_smp_run(&f), 0);
    unsigned killed = ~f.res.live & 0xFF;
    t_smp_fini(&f);
    return killed;
}

static unsigned ycrcb_killed(uint32_t key)
{
    return ycrcb_killed_at(key, 0.5f, 2);
}

TEST(chroma_key_ycrcb_interpolated_through_sample)
{
    CHECK_EQ(ycrcb_killed(0x00930068), 0x42);   /* texel 1: pixels 1 and 6 */
    CHECK_EQ(ycrcb_killed(0x00900070), 0x01);   /* pair 0: texel 0 only, not texel 1 */
    CHECK_EQ(ycrcb_killed(0x009B0050), 0x08);   /* texel 3 */
    CHECK_EQ(ycrcb_killed(0x00A00040), 0xB0);   /* texels 4 and 5 (the last): pixels 4, 5, 7 */
}

/* HALF_BORDER on v, row -1: each value is halfway between the row's texel
 * and the border colour (0).  Pair 0 gives Cr 0x90/2 = 0x48, Cb 0x70/2 =
 * 0x38 to texels 0 and 1; texel 1 keys on that value as it is, not
 * averaged with the next pair (which would leave only texel 0 keyed). */
TEST(chroma_key_ycrcb_half_border_keys_its_own_value)
{
    CHECK_EQ(ycrcb_killed_at(0x00480038, -0.5f, 6), 0x43);   /* texels 0, 1: pixels 0, 1, 6 */
}
