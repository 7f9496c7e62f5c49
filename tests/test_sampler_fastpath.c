/* The sampler's fast paths against their definitions: the common formats'
 * unit decoders (src/sampler/unit_fast.c) against g7sf_unit_decode, and the
 * 2x2 bilinear (smp_quad) against smp_linear's general per-tap path, bit
 * for bit. */
#include <math.h>
#include <string.h>

#include "harness.h"
#include "sampler/inplace.h"
#include "sampler_fixture.h"

static const unsigned fast_formats[] = {
    G7SF_FORMAT_R8G8B8A8_UNORM, G7SF_FORMAT_B8G8R8A8_UNORM, G7SF_FORMAT_R8G8B8A8_UNORM_SRGB,
    G7SF_FORMAT_B8G8R8A8_UNORM_SRGB, G7SF_FORMAT_R32_FLOAT, G7SF_FORMAT_R32G32B32A32_FLOAT,
    G7SF_FORMAT_R16G16B16A16_FLOAT, G7SF_FORMAT_R24_UNORM_X8_TYPELESS,
};

/* Random bytes, with the float formats' special patterns (zeros, NaN,
 * infinities, denormals) forced in now and then. */
static void random_unit(uint8_t *u, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        u[i] = (uint8_t)t_rand();
    static const uint8_t special[] = { 0x00, 0x7F, 0x80, 0xFF, 0x7C, 0xFC, 0x03 };
    if (t_rand() % 4 == 0)
        for (unsigned i = 0; i < n; i++)
            if (t_rand() % 2)
                u[i] = special[t_rand() % sizeof special];
}

TEST(fast_decode_equals_unit_decode)
{
    smp_fast_init();
    for (size_t k = 0; k < sizeof fast_formats / sizeof fast_formats[0]; k++) {
        const struct g7sf_format_info *f = g7sf_format_info(fast_formats[k]);
        unsigned kind = smp_fast_kind(fast_formats[k]);
        CHECKF(kind != SMP_FAST_NONE, "%s has no fast decoder", f->name);
        CHECK_EQ(f->unit_w * f->unit_h, 1);
        unsigned bad = 0;
        for (unsigned it = 0; it < 20000 && kind != SMP_FAST_NONE; it++) {
            uint8_t u[SMP_UNIT_BYTES_MAX] = { 0 };
            random_unit(u, f->unit_bytes);
            g7sf_texel want, got;
            memset(&want, 0x5A, sizeof want);
            memset(&got, 0xA5, sizeof got);
            CHECK_EQ(g7sf_unit_decode(f, u, NULL, &want), 0);
            smp_fast_decode(kind, u, &got);
            if (memcmp(want.u, got.u, sizeof want.u) && bad++ < 3)
                t_fail(__FILE__, __LINE__, "%s: unit %02x%02x%02x%02x.. decodes to %08x %08x "
                       "%08x %08x, want %08x %08x %08x %08x", f->name, u[0], u[1], u[2], u[3],
                       got.u[0], got.u[1], got.u[2], got.u[3], want.u[0], want.u[1],
                       want.u[2], want.u[3]);
        }
    }
    CHECK_EQ(smp_fast_kind(G7SF_FORMAT_BC1_UNORM), SMP_FAST_NONE);
}

/* texel.c addresses units by shifts: every format's decode unit and block
 * are a power of two wide and high. */
TEST(unit_and_block_sizes_are_powers_of_two)
{
    for (unsigned code = 0; code < 512; code++) {
        const struct g7sf_format_info *f = g7sf_format_info(code);
        if (!f)
            continue;
        const unsigned v[4] = { f->unit_w, f->unit_h, f->block_w, f->block_h };
        for (unsigned i = 0; i < 4; i++)
            CHECKF(v[i] && !(v[i] & (v[i] - 1)), "%s: size %u", f->name, v[i]);
    }
}

static float random_position(uint32_t n)
{
    switch (t_rand() % 10) {
    case 0:  return NAN;
    case 1:  return (t_rand() % 2 ? 1 : -1) * 1e20f;
    case 2:  return (float)(int)(t_rand() % 9) * 0.5f - 2.0f;   /* on texel centres */
    default: return ((float)(t_rand() % 100000) / 100000.0f) * 3.0f * (float)n - (float)n;
    }
}

/* Bit for bit, but a NaN equals any NaN: which of two NaNs meeting in a
 * sum survives depends on the operand order the compiler picks, which
 * differs between the two paths under clang (docs/spec-notes.md, "Sampler
 * fast paths", NaN payloads). */
static bool same_sums(const float a[4], const float b[4])
{
    for (unsigned i = 0; i < 4; i++)
        if (memcmp(&a[i], &b[i], sizeof a[i]) && !(isnan(a[i]) && isnan(b[i])))
            return false;
    return true;
}

/* smp_linear through smp_quad and through its general path, on random
 * textures, levels, address modes, rounding, positions and weights, with
 * and without shadow compare and chroma key: the same sums, errors and
 * chroma matches. */
TEST(quad_bilinear_equals_general_path)
{
    static smp_ctx quad, general;
    static const unsigned formats[] = { G7SF_FORMAT_R8G8B8A8_UNORM, G7SF_FORMAT_R32_FLOAT,
                                        G7SF_FORMAT_BC1_UNORM, G7SF_FORMAT_R16G16_UNORM };
    static const unsigned modes[] = { 0, 1, 2, 3, 5 };   /* no border: smp_quad's domain */
    unsigned used = 0, bad = 0;
    for (unsigned it = 0; it < 60; it++) {
        t_smp f;
        unsigned format = formats[it % 4];
        uint32_t w = 1 + (uint32_t)(t_rand() % 37), h = 1 + (uint32_t)(t_rand() % 37);
        unsigned levels = 1 + (unsigned)(t_rand() % 4);
        t_smp_init(&f, G7SF_SURFTYPE_2D, format, w, h, 2, levels);
        uint8_t junk[4096];
        for (unsigned off = 0; off < 1u << 16; off += sizeof junk) {
            for (size_t i = 0; i < sizeof junk; i++)
                junk[i] = (uint8_t)t_rand();
            /* R32_FLOAT: many NaNs of either sign (same_sums) */
            for (size_t i = 3; i < sizeof junk && format == G7SF_FORMAT_R32_FLOAT; i += 4)
                if (t_rand() % 3 == 0)
                    junk[i] |= 0x7F, junk[i - 1] |= 0x80;
            g7sf_mem_write(f.gpu, T_TEX_BASE + off, junk, sizeof junk);
        }
        f.smp.state.tcx_address_control_mode = modes[t_rand() % 5];
        f.smp.state.tcy_address_control_mode = modes[t_rand() % 5];
        f.smp.state.min_mode_filter = f.smp.state.mag_mode_filter = 1;
        unsigned op = t_rand() % 2 ? G7SF_OP_SAMPLE_C : G7SF_OP_SAMPLE;
        f.smp.state.shadow_function = (unsigned)(t_rand() % 8);
        f.smp.state.chromakey_enable = t_rand() % 3 == 0;
        f.smp.chroma_low = (uint32_t)t_rand() & 0x7F7F7F7Fu;
        f.smp.chroma_high = f.smp.chroma_low | 0x80808080u;
        CHECK_EQ(smp_ctx_init(&quad, f.gpu, &f.tex, &f.smp, op), 0);
        CHECK_EQ(smp_ctx_init(&general, f.gpu, &f.tex, &f.smp, op), 0);
        CHECK(quad.quad);
        general.quad = false;
        for (unsigned j = 0; j < 200; j++) {
            smp_level L = { .lod = (unsigned)(t_rand() % levels), .slice = (uint32_t)(t_rand() % 2) };
            g7sf_surface_level_size(&f.tex.surf, L.lod, &L.size[0], &L.size[1], NULL);
            L.size[2] = 1;
            const float p[3] = { random_position(L.size[0]), random_position(L.size[1]), 0.0f };
            float wt = t_rand() % 4 ? (float)(t_rand() % 257) / 256.0f : 1.0f;
            bool round = t_rand() % 2;
            float ref = (float)(t_rand() % 1000) / 999.0f;
            quad.round[0] = general.round[0] = round;
            quad.round[1] = general.round[1] = !round;
            quad.ref = general.ref = ref;
            quad.chroma_matched = general.chroma_matched = false;
            float a[4] = { 0.25f, 0, 0, 0 }, b[4] = { 0.25f, 0, 0, 0 };
            smp_linear(&quad, &L, p, wt, a);
            smp_linear(&general, &L, p, wt, b);
            used++;
            if ((!same_sums(a, b) || quad.err != general.err ||
                 quad.chroma_matched != general.chroma_matched) && bad++ < 3)
                t_fail(__FILE__, __LINE__, "%ux%u lod %u at (%g, %g): quad %a %a %a %a, "
                       "general %a %a %a %a", w, h, L.lod, p[0], p[1], a[0], a[1], a[2], a[3],
                       b[0], b[1], b[2], b[3]);
        }
        t_smp_fini(&f);
    }
    CHECK_EQ(used, 60 * 200);
}
