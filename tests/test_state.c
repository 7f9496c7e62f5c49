/* The state-table mechanism and the registry as a whole. */
#include <stdlib.h>
#include <string.h>

#include "gen7sf/state.h"
#include "harness.h"
#include "state_check.h"

TEST(registry_lists_every_structure_in_prm_order)
{
    static const char *const want[] = {
        "RENDER_SURFACE_STATE", "MEDIA_SURFACE_STATE", "BINDING_TABLE_STATE",
        "SAMPLER_STATE", "SAMPLER_STATE_8X8", "SAMPLER_STATE_DI", "SAMPLER_8x8_STATE",
        "SAMPLER_BORDER_COLOR_STATE", "3DSTATE_CHROMA_KEY", "3DSTATE_SAMPLER_PALETTE_LOAD0",
        "3DSTATE_SAMPLER_PALETTE_LOAD1", "3DSTATE_MONOFILTER_SIZE", "COLOR_PROCESSING_STATE",
        "BLEND_STATE", "COLOR_CALC_STATE", "3DSTATE_BLEND_STATE_POINTERS", "3DSTATE_SAMPLE_MASK",
        "3DSTATE_MULTISAMPLE", "3DSTATE_WM" };
    CHECK_EQ(g7sf_state_count(), sizeof want / sizeof want[0]);
    for (unsigned i = 0; i < sizeof want / sizeof want[0] && i < g7sf_state_count(); i++)
        CHECK_STR(g7sf_state_at(i)->name, want[i]);
    CHECK(g7sf_state_at(g7sf_state_count()) == NULL);
}

TEST(every_structure_is_well_formed)
{
    CHECK(g7sf_state_find("sampler_state") == &g7sf_desc_SAMPLER_STATE);
    CHECK(g7sf_state_find("NO_SUCH_STATE") == NULL);
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        CHECKF(d->dwords > 0 && d->nfields > 0, "%s is empty", d->name);
        CHECKF(d->section && *d->section, "%s has no PRM section", d->name);
        /* on each platform, every field it has lies inside the structure
         * and no two F/A/H rows overlap */
        for (unsigned p = G7SF_IVB; p <= G7SF_HSW; p++) {
            unsigned n = g7sf_state_dwords(d, p);
            CHECKF(n >= d->dwords, "%s: shorter on platform %u", d->name, p);
            uint32_t *seen = calloc(n, 4);
            for (unsigned f = 0; f < d->nfields; f++) {
                const g7sf_field *x = &d->fields[f];
                CHECKF(x->platforms && !(x->platforms & ~G7SF_ON_ALL), "%s.%s: platforms 0x%x",
                       d->name, x->name, x->platforms);
                CHECKF(g7sf_field_on(x, G7SF_HSW), "%s.%s: not on Haswell", d->name, x->name);
                if (x->variant || !g7sf_field_on(x, p))
                    continue;   /* variants overlap by design */
                CHECKF(x->hi >= x->lo && x->hi < 32, "%s.%s: bad bit range", d->name, x->name);
                for (unsigned k = 0; k < x->count; k++) {
                    unsigned dwi = x->dw + k * x->dw_stride, lo = x->lo + k * x->bit_stride,
                             hi = x->hi + k * x->bit_stride;
                    CHECKF(dwi < n && hi < 32, "%s.%s[%u] outside", d->name, x->name, k);
                    if (dwi >= n || hi >= 32)
                        continue;
                    uint32_t m = (hi - lo == 31 ? 0xffffffffu : ((1u << (hi - lo + 1)) - 1)) << lo;
                    CHECKF(!(seen[dwi] & m), "%s.%s[%u] overlaps another field", d->name,
                           x->name, k);
                    seen[dwi] |= m;
                }
            }
            free(seen);
        }
    }
}

/* Haswell's fields (gen75.xml) are there on Haswell only: Ivy Bridge
 * unpacks them as 0, keeps their bits reserved, refuses to pack them and
 * reads 4 border-colour DWords, Haswell 20. */
TEST(haswell_fields_exist_on_haswell_only)
{
    const g7sf_state_desc *rss = &g7sf_desc_RENDER_SURFACE_STATE;
    const g7sf_state_desc *bc = &g7sf_desc_SAMPLER_BORDER_COLOR_STATE;
    CHECK_EQ(g7sf_state_dwords(rss, G7SF_IVB), 8);
    CHECK_EQ(g7sf_state_dwords(rss, G7SF_HSW), 8);
    CHECK_EQ(g7sf_state_dwords(bc, G7SF_IVB), 4);
    CHECK_EQ(g7sf_state_dwords(bc, G7SF_HSW), 20);
    /* DW7: Shader Channel Select R/G/B/A = 27:25 .. 18:16; DW3 20:18 */
    CHECK_EQ(g7sf_state_reserved_mask_on(rss, G7SF_IVB, 7) & 0x0fff0000u, 0x0fff0000u);
    CHECK_EQ(g7sf_state_reserved_mask_on(rss, G7SF_HSW, 7) & 0x0fff0000u, 0);
    CHECK_EQ(g7sf_state_reserved_mask_on(rss, G7SF_IVB, 3) & 0x001c0000u, 0x001c0000u);
    CHECK_EQ(g7sf_state_reserved_mask_on(rss, G7SF_HSW, 3) & 0x001c0000u, 0);
    CHECK_EQ(g7sf_state_reserved_mask(rss, 7), g7sf_state_reserved_mask_on(rss, G7SF_IVB, 7));
    uint32_t dw[8] = { 0 };
    dw[3] = 1u << 18;
    dw[7] = 7u << 25 | 6u << 22 | 5u << 19 | 4u << 16;   /* ALPHA, BLUE, GREEN, RED */
    g7sf_render_surface_state ss;
    g7sf_state_unpack_on(rss, G7SF_HSW, dw, &ss);
    CHECK_EQ(ss.shader_channel_select_red, G7SF_SCS_ALPHA);
    CHECK_EQ(ss.shader_channel_select_green, G7SF_SCS_BLUE);
    CHECK_EQ(ss.shader_channel_select_blue, G7SF_SCS_GREEN);
    CHECK_EQ(ss.shader_channel_select_alpha, G7SF_SCS_RED);
    CHECK_EQ(ss.integer_surface_format, 1);
    uint32_t back[8];
    CHECK_EQ(g7sf_state_pack_on(rss, G7SF_HSW, &ss, back), 0);
    CHECK_EQ(back[7], dw[7]);
    CHECK_EQ(back[3], dw[3]);
    CHECK_EQ(g7sf_state_pack(rss, &ss, back), G7SF_ERANGE);   /* lost on Ivy Bridge */
    g7sf_state_unpack(rss, dw, &ss);
    CHECK_EQ(ss.shader_channel_select_red, 0);
    CHECK_EQ(ss.integer_surface_format, 0);
    CHECK_EQ(g7sf_state_pack(rss, &ss, back), 0);
    CHECK_EQ(back[7], 0);
    /* the border colour's integer fields: DW16-19, 8/16-bit ones overlaid */
    uint32_t b[20] = { 0 };
    b[16] = 0x44332211u, b[17] = 0x55555555u, b[18] = 0x88776655u, b[19] = 0x99999999u;
    g7sf_sampler_border_color_state st;
    g7sf_state_unpack_on(bc, G7SF_HSW, b, &st);
    CHECK_EQ(st.border_color_8bit_red, 0x11);
    CHECK_EQ(st.border_color_8bit_alpha, 0x44);
    CHECK_EQ(st.border_color_16bit_green, 0x4433);
    CHECK_EQ(st.border_color_16bit_blue, 0x6655);
    CHECK_EQ(st.border_color_16bit_alpha, 0x8877);
    CHECK_EQ(st.border_color_32bit_green, 0x55555555u);
    CHECK_EQ(st.border_color_32bit_alpha, 0x99999999u);
    uint32_t b2[20];
    CHECK_EQ(g7sf_state_pack_on(bc, G7SF_HSW, &st, b2), 0);
    CHECK(!memcmp(b, b2, sizeof b));
}

/* Trilinear Filter Quality value 1 is Haswell's: a name there, reserved on
 * Ivy Bridge. */
TEST(haswell_enum_values_are_reserved_on_ivy_bridge)
{
    const g7sf_field *f = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Trilinear Filter Quality");
    char buf[64];
    int64_t v = -1;
    CHECK(f != NULL);
    if (!f)
        return;
    g7sf_field_format_on(f, G7SF_HSW, 1, buf, sizeof buf);
    CHECK_STR(buf, "1 (TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER)");
    g7sf_field_format_on(f, G7SF_IVB, 1, buf, sizeof buf);
    CHECK_STR(buf, "1 (reserved)");
    g7sf_field_format(f, 1, buf, sizeof buf);
    CHECK_STR(buf, "1 (reserved)");
    CHECK_EQ(g7sf_field_parse_on(f, G7SF_HSW, "triqual_high/mag_clamp_mipfilter", &v), 0);
    CHECK_EQ(v, 1);
    CHECK_EQ(g7sf_field_parse_on(f, G7SF_IVB, "TRIQUAL_HIGH/MAG_CLAMP_MIPFILTER", &v),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse_on(f, G7SF_IVB, "1", &v), 0);   /* the number stays a value */
    CHECK(g7sf_enum_on(g7sf_en_trilinear_quality, 2, G7SF_IVB));
    CHECK(!g7sf_enum_on(g7sf_en_trilinear_quality, 1, G7SF_IVB));
    CHECK(g7sf_enum_on(g7sf_en_trilinear_quality, 1, G7SF_HSW));
}

/* The one integer syntax (g7sf_parse_int): decimal, 0x, 0b, a sign; a
 * decimal with a leading zero is refused, never read as octal (C would
 * make 010 eight) or as decimal (a pasted dump word 00001000 is 1000h). */
TEST(integer_syntax_has_no_octal)
{
    static const struct { const char *text; int rc; int64_t v; } cases[] = {
        { "0", 0, 0 },        { "10", 0, 10 },        { "-7", 0, -7 },
        { "+7", 0, 7 },       { "0x10", 0, 16 },      { "0X0010", 0, 16 },
        { "0b101", 0, 5 },    { "-0x80", 0, -128 },   { "4294967295", 0, 4294967295 },
        { "9223372036854775807", 0, INT64_MAX },
        { "010", G7SF_EINVAL, 0 },   { "00", G7SF_EINVAL, 0 },  { "-010", G7SF_EINVAL, 0 },
        { "00001000", G7SF_EINVAL, 0 }, { "", G7SF_EINVAL, 0 },  { "-", G7SF_EINVAL, 0 },
        { "0x", G7SF_EINVAL, 0 },    { "0b2", G7SF_EINVAL, 0 }, { "12a", G7SF_EINVAL, 0 },
        { " 1", G7SF_EINVAL, 0 },    { "1 ", G7SF_EINVAL, 0 },  { "--1", G7SF_EINVAL, 0 },
        { "0x-1", G7SF_EINVAL, 0 },  { "0x0x1", G7SF_EINVAL, 0 },
        { "9223372036854775808", G7SF_ERANGE, 0 },
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int64_t v = 12345;
        int rc = g7sf_parse_int(cases[i].text, &v);
        CHECKF(rc == cases[i].rc, "\"%s\": returned %d, want %d", cases[i].text, rc,
               cases[i].rc);
        if (!rc && !cases[i].rc)
            CHECKF(v == cases[i].v, "\"%s\": %" PRId64 ", want %" PRId64, cases[i].text, v,
                   cases[i].v);
    }
    /* field values follow it, reals too: 010 and 010.5 are refused */
    const g7sf_field *minf = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Min Mode Filter");
    const g7sf_field *bias = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Texture LOD Bias");
    int64_t v;
    CHECK_EQ(g7sf_field_parse(minf, "01", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(minf, "0b01", &v), 0);
    CHECK_EQ(v, 1);
    CHECK_EQ(g7sf_field_parse(bias, "01.5", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(bias, "0x1p0", &v), G7SF_EINVAL);   /* no hex floats */
    CHECK_EQ(g7sf_field_parse(bias, " 1.5", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(bias, "-0.5", &v), 0);
    CHECK_EQ(v, -128);   /* S4.8: -0.5 * 256 */
}

/* An integer in a fixed-point field is that value: Max LOD (DW1 19:8,
 * U4.8) = 13 is 13.0, raw 13 * 256 = 0xD00 (it used to be the raw bits,
 * 13/256); the bits are written raw:N.  Same in a FLOAT field: 2 is 2.0f
 * (0x40000000), raw:0x40000000 its bits. */
TEST(integer_in_fixed_point_field_is_its_value)
{
    const g7sf_field *lod = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Max LOD");
    const g7sf_field *bias = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Texture LOD Bias");
    const g7sf_field *green =
        g7sf_state_field(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, "Border Color Green");
    int64_t v = 0;
    CHECK_EQ(g7sf_field_parse(lod, "13", &v), 0);
    CHECK_EQ(v, 0xD00);
    CHECK_EQ(g7sf_field_parse(lod, "0xD", &v), 0);   /* hex: still the value 13 */
    CHECK_EQ(v, 0xD00);
    CHECK_EQ(g7sf_field_parse(lod, "13.25", &v), 0);
    CHECK_EQ(v, 0xD40);
    CHECK_EQ(g7sf_field_parse(lod, "raw:0x340", &v), 0);
    CHECK_EQ(v, 0x340);                               /* 3.25 */
    CHECK_EQ(g7sf_field_parse(lod, "RAW:832", &v), 0);
    CHECK_EQ(v, 0x340);
    CHECK_EQ(g7sf_field_parse(lod, "16", &v), G7SF_ERANGE);      /* U4.8 tops at 4095/256 */
    CHECK_EQ(g7sf_field_parse(lod, "15.99609375", &v), 0);
    CHECK_EQ(v, 0xFFF);
    CHECK_EQ(g7sf_field_parse(lod, "raw:0x1000", &v), G7SF_ERANGE);   /* 13 bits */
    CHECK_EQ(g7sf_field_parse(lod, "raw:-1", &v), G7SF_ERANGE);
    CHECK_EQ(g7sf_field_parse(lod, "raw:", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(lod, "raw:1.5", &v), G7SF_EINVAL);
    CHECK_EQ(g7sf_field_parse(lod, "-1", &v), G7SF_ERANGE);
    /* not a multiple of 1/256, however close: never rounded */
    CHECK_EQ(g7sf_field_parse(lod, "1.001953125", &v), G7SF_ERANGE);   /* 513/512 */
    CHECK_EQ(g7sf_field_parse(lod, "1.00000000000000000001", &v), G7SF_ERANGE);
    CHECK_EQ(g7sf_field_parse(lod, "1.00390625000000000000", &v), 0);   /* zeros are fine */
    CHECK_EQ(v, 0x101);
    CHECK_EQ(g7sf_field_parse(lod, "1e1", &v), G7SF_EINVAL);   /* no exponent for fixed */
    /* signed: S4.8 in 13 bits; raw: takes the two's complement bits */
    CHECK_EQ(g7sf_field_parse(bias, "-2", &v), 0);
    CHECK_EQ(v, -512);
    CHECK_EQ(g7sf_field_parse(bias, "raw:0x1e80", &v), 0);
    CHECK_EQ(v, -384);
    CHECK_EQ(g7sf_field_parse(bias, "raw:0x0180", &v), 0);
    CHECK_EQ(v, 384);
    CHECK_EQ(g7sf_field_parse(bias, "-16", &v), 0);
    CHECK_EQ(v, -4096);
    CHECK_EQ(g7sf_field_parse(bias, "16", &v), G7SF_ERANGE);
    /* FLOAT */
    CHECK_EQ(g7sf_field_parse(green, "2", &v), 0);
    CHECK_EQ(v, 0x40000000);
    CHECK_EQ(g7sf_field_parse(green, "0x10", &v), 0);     /* 16.0f, not a bit pattern */
    CHECK_EQ(v, 0x41800000);
    CHECK_EQ(g7sf_field_parse(green, "raw:0x3f800000", &v), 0);
    CHECK_EQ(v, 0x3f800000);
    CHECK_EQ(g7sf_field_parse(green, "-0.75", &v), 0);
    CHECK_EQ(v, 0xBF400000);
    CHECK_EQ(g7sf_field_parse(green, "1.5e-3", &v), 0);
    CHECK_EQ(v, 0x3AC49BA6);   /* the float nearest 0.0015 (IEEE single) */
    CHECK_EQ(g7sf_field_parse(green, "1e39", &v), G7SF_ERANGE);
    CHECK_EQ(g7sf_field_parse(green, "nan", &v), G7SF_EINVAL);
    /* integer fields: raw: is the number itself, reals are refused */
    const g7sf_field *minf = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Min Mode Filter");
    CHECK_EQ(g7sf_field_parse(minf, "raw:2", &v), 0);
    CHECK_EQ(v, 2);
    CHECK_EQ(g7sf_field_parse(minf, "1.0", &v), G7SF_EINVAL);
}

/* Decode's printed values, written by hand from the field's bits. */
TEST(fixed_and_float_values_print_exactly)
{
    const g7sf_field *lod = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Max LOD");
    const g7sf_field *bias = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Texture LOD Bias");
    const g7sf_field *green =
        g7sf_state_field(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, "Border Color Green");
    char buf[96];
    g7sf_field_format(lod, 0xFFF, buf, sizeof buf);
    CHECK_STR(buf, "15.99609375 (raw:0xfff)");   /* %g printed 15.9961 */
    g7sf_field_format(lod, 0, buf, sizeof buf);
    CHECK_STR(buf, "0.0 (raw:0x0)");
    g7sf_field_format(lod, 0x400, buf, sizeof buf);
    CHECK_STR(buf, "4.0 (raw:0x400)");
    g7sf_field_format(bias, -1, buf, sizeof buf);
    CHECK_STR(buf, "-0.00390625 (raw:0x1fff)");
    g7sf_field_format(bias, -4096, buf, sizeof buf);
    CHECK_STR(buf, "-16.0 (raw:0x1000)");
    g7sf_field_format(green, 0x3DCCCCCD, buf, sizeof buf);   /* 0.1f */
    CHECK_STR(buf, "0.1 (raw:0x3dcccccd)");
    g7sf_field_format(green, 0x00000001, buf, sizeof buf);   /* smallest subnormal */
    CHECK_STR(buf, "1e-45 (raw:0x00000001)");
    g7sf_field_format(green, 0x80000000, buf, sizeof buf);
    CHECK_STR(buf, "-0 (raw:0x80000000)");
    g7sf_field_format(green, 0x7FC00001, buf, sizeof buf);
    CHECK_STR(buf, "raw:0x7fc00001 (nan)");
    g7sf_field_format(green, 0xFF800000, buf, sizeof buf);
    CHECK_STR(buf, "raw:0xff800000 (-inf)");
}

/* A negative zero prints as "-0" and must read back as one: the integer
 * path took it for 0 and encoded +0 (found by fuzz_state). */
TEST(float_negative_zero_reads_back)
{
    const g7sf_field *green =
        g7sf_state_field(&g7sf_desc_SAMPLER_BORDER_COLOR_STATE, "Border Color Green");
    int64_t v = -1;
    CHECK_EQ(g7sf_field_parse(green, "-0", &v), 0);
    CHECK_EQ(v, 0x80000000);
    CHECK_EQ(g7sf_field_parse(green, "-0.0", &v), 0);
    CHECK_EQ(v, 0x80000000);
    CHECK_EQ(g7sf_field_parse(green, "0", &v), 0);
    CHECK_EQ(v, 0);
    CHECK_EQ(g7sf_field_parse(green, "+0", &v), 0);
    CHECK_EQ(v, 0);
    /* an integer zero in other types stays 0 */
    const g7sf_field *bias = g7sf_state_field(&g7sf_desc_SAMPLER_STATE, "Texture LOD Bias");
    CHECK_EQ(g7sf_field_parse(bias, "-0", &v), 0);
    CHECK_EQ(v, 0);
}

/* Every fixed-point and float field element of every structure, with
 * random bits: the printed value (before " (") and its raw: form both
 * parse back to the same bits. */
TEST(printed_values_parse_back_to_the_same_bits)
{
    unsigned fields = 0;
    for (unsigned i = 0; i < g7sf_state_count(); i++) {
        const g7sf_state_desc *d = g7sf_state_at(i);
        uint32_t *dw = calloc(d->dwords, 4), *back = calloc(d->dwords, 4);
        if (!dw || !back) {
            free(dw), free(back);
            SKIP("out of memory");
        }
        for (unsigned f = 0; f < d->nfields; f++) {
            const g7sf_field *x = &d->fields[f];
            if (x->type != G7SF_FT_UFIX && x->type != G7SF_FT_SFIX && x->type != G7SF_FT_FLOAT)
                continue;
            fields++;
            for (unsigned k = 0; k < x->count; k++) {
                for (int r = 0; r < 64; r++) {
                    /* r = 0, 1: all zeros and all ones; then random */
                    for (unsigned w = 0; w < d->dwords; w++)
                        dw[w] = r == 0 ? 0 : r == 1 ? ~0u : (uint32_t)t_rand();
                    int64_t v = g7sf_field_extract(x, k, dw), back_v = 0;
                    char text[128];
                    g7sf_field_format(x, v, text, sizeof text);
                    char *paren = strstr(text, " (");
                    char *raw = strstr(text, "raw:");
                    if (paren)
                        *paren = 0;
                    int rc = g7sf_field_parse(x, text, &back_v);
                    CHECKF(rc == 0 && back_v == v, "%s.%s[%u]: \"%s\" parsed to %" PRId64
                           " (rc %d), want %" PRId64, d->name, x->name, k, text, back_v, rc, v);
                    memset(back, 0, d->dwords * 4);
                    CHECK(rc || g7sf_field_insert(x, k, back, back_v) == 0);
                    if (raw) {
                        char *end = strchr(raw, ')');
                        if (end)
                            *end = 0;
                        rc = g7sf_field_parse(x, raw, &back_v);
                        CHECKF(rc == 0 && back_v == v, "%s.%s[%u]: \"%s\" parsed to %" PRId64
                               " (rc %d), want %" PRId64, d->name, x->name, k, raw, back_v,
                               rc, v);
                    }
                    if (t_failed())
                        break;
                }
            }
        }
        free(dw), free(back);
    }
    CHECKF(fields > 50, "only %u fixed-point/float fields", fields);
}
