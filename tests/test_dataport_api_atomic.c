/* Atomic operations called directly (dataport.h): g7sf_dp_aop_sources,
 * g7sf_dp_untyped_atomic on a raw buffer and on SLM, g7sf_dp_typed_atomic
 * on an R32_UINT 2D surface.  new_dst and ret by hand from the table of
 * §3.9.9 (spec 9119-9146): arithmetic wraps modulo 2^32, IMAX/IMIN signed,
 * UMAX/UMIN unsigned, PREDEC returns the new value, CMPWR8B 64-bit and
 * never on SLM. */
#include <stdlib.h>

#include "dp_api_setup.h"
#include "gpu_setup.h"
#include "harness.h"

#define BUF 0x00500000u
#define TEX 0x00600000u
#define OLD 0xFFFFFFF0u   /* -16 as a signed integer */

/* One operation on OLD with src0 = 0x20 (32), src1 = 0x77. */
static const struct aop_case {
    enum g7sf_dp_aop aop;
    uint32_t src0, new_dst, ret;
} cases[] = {
    { G7SF_AOP_AND,    0x20, 0x00000020u, OLD },
    { G7SF_AOP_OR,     0x20, 0xFFFFFFF0u, OLD },
    { G7SF_AOP_XOR,    0x20, 0xFFFFFFD0u, OLD },
    { G7SF_AOP_MOV,    0x20, 0x00000020u, OLD },
    { G7SF_AOP_INC,    0,    0xFFFFFFF1u, OLD },
    { G7SF_AOP_DEC,    0,    0xFFFFFFEFu, OLD },
    { G7SF_AOP_ADD,    0x20, 0x00000010u, OLD },          /* 2^32 + 0x10: wraps */
    { G7SF_AOP_SUB,    0x20, 0xFFFFFFD0u, OLD },
    { G7SF_AOP_REVSUB, 0x20, 0x00000030u, OLD },          /* 32 - (-16) */
    { G7SF_AOP_IMAX,   0x20, 0x00000020u, OLD },          /* max(-16, 32) */
    { G7SF_AOP_IMIN,   0x20, 0xFFFFFFF0u, OLD },
    { G7SF_AOP_UMAX,   0x20, 0xFFFFFFF0u, OLD },          /* 4294967280 > 32 */
    { G7SF_AOP_UMIN,   0x20, 0x00000020u, OLD },
    { G7SF_AOP_CMPWR,  0x20, OLD,         OLD },          /* 0x20 != old: kept */
    { G7SF_AOP_CMPWR,  OLD,  0x00000077u, OLD },          /* equal: src1 */
    { G7SF_AOP_PREDEC, 0,    0xFFFFFFEFu, 0xFFFFFFEFu },  /* returns the new value */
};
#define NCASES (sizeof cases / sizeof cases[0])

TEST(aop_sources_by_operation)
{
    for (unsigned a = G7SF_AOP_CMPWR8B; a <= G7SF_AOP_PREDEC; a++) {
        unsigned want = a == G7SF_AOP_INC || a == G7SF_AOP_DEC || a == G7SF_AOP_PREDEC ? 0
                      : a == G7SF_AOP_CMPWR || a == G7SF_AOP_CMPWR8B ? 2 : 1;
        CHECKF(g7sf_dp_aop_sources((enum g7sf_dp_aop)a) == want, "aop %u: %u sources", a,
               g7sf_dp_aop_sources((enum g7sf_dp_aop)a));
    }
}

TEST(untyped_atomic_every_operation)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_untyped u = { .buf = { BUF, 64 } };
    const uint64_t off[1] = { 16 };
    for (unsigned c = 0; c < NCASES; c++) {
        const struct aop_case *k = &cases[c];
        t_poke(gpu, BUF + 16, OLD);
        t_poke(gpu, BUF + 20, DPA_SENTINEL);
        /* only the low 32 bits of a source count; INC, DEC and PREDEC
         * take none (NULL is fine) */
        const uint64_t s0[1] = { 0xABCD000000000000ull | k->src0 };
        const uint64_t s1[1] = { 0x1234000000000077ull };
        bool none = g7sf_dp_aop_sources(k->aop) == 0;
        uint64_t ret[1] = { DPA_SENTINEL };
        CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, k->aop, off, 1, 1, none ? NULL : s0,
                                        none ? NULL : s1, ret), 0);
        CHECKF(t_peek(gpu, BUF + 16) == k->new_dst && ret[0] == k->ret,
               "case %u (aop %u): new 0x%x ret 0x%llx, want 0x%x 0x%x", c, k->aop,
               t_peek(gpu, BUF + 16), (unsigned long long)ret[0], k->new_dst, k->ret);
        CHECK_EQ(t_peek(gpu, BUF + 20), DPA_SENTINEL);   /* one DWord only */
    }
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_atomic_cmpwr8b_compares_and_writes_64_bits)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_untyped u = { .buf = { BUF, 64 } };
    const uint64_t off[1] = { 8 };
    t_poke(gpu, BUF + 8, 0x55667788u);    /* low DWord first */
    t_poke(gpu, BUF + 12, 0x11223344u);
    uint64_t s0[1] = { 0x1122334455667788ull }, s1[1] = { 0xAABBCCDDEEFF0011ull }, ret[1];
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_CMPWR8B, off, 1, 1, s0, s1, ret), 0);
    CHECK(ret[0] == 0x1122334455667788ull);
    CHECK_EQ(t_peek(gpu, BUF + 8), 0xEEFF0011u);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0xAABBCCDDu);
    /* the low DWords equal, the high ones not: nothing written */
    s0[0] = 0x00000000EEFF0011ull;
    s1[0] = 0x0102030405060708ull;
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_CMPWR8B, off, 1, 1, s0, s1, ret), 0);
    CHECK(ret[0] == 0xAABBCCDDEEFF0011ull);
    CHECK_EQ(t_peek(gpu, BUF + 8), 0xEEFF0011u);
    CHECK_EQ(t_peek(gpu, BUF + 12), 0xAABBCCDDu);
    /* not on SLM (9143) */
    uint8_t *slm = calloc(G7SF_SLM_SIZE, 1);
    const g7sf_dp_untyped shared = { .slm = slm };
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &shared, G7SF_AOP_CMPWR8B, off, 1, 1, s0, s1, ret),
             G7SF_EINVAL);
    CHECK_EQ(slm[8], 0);
    free(slm);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_atomic_out_of_bounds_returns_0_and_writes_nothing)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_untyped u = { .buf = { BUF, 64 } };
    dpa_fill(gpu, BUF + 56, 4, 0x700);   /* bytes 56-71: two in, two past the end */
    /* slot 0 in (byte 56), slot 1 at 64 (past the end), slot 2 at 62
     * (across it), slot 3 disabled */
    const uint64_t off[4] = { 56, 64, 62, 56 };
    const uint64_t s0[4] = { 1, 1, 1, 1 };
    uint64_t ret[4] = { DPA_SENTINEL, DPA_SENTINEL, DPA_SENTINEL, DPA_SENTINEL };
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_ADD, off, 4, 0x7, s0, NULL, ret), 0);
    CHECK(ret[0] == 0x700);
    CHECK(ret[1] == 0);
    CHECK(ret[2] == 0);
    CHECK(ret[3] == DPA_SENTINEL);
    CHECK_EQ(t_peek(gpu, BUF + 56), 0x701);
    CHECK_EQ(t_peek(gpu, BUF + 60), 0x701);
    CHECK_EQ(t_peek(gpu, BUF + 64), 0x702);
    CHECK_EQ(t_peek(gpu, BUF + 68), 0x703);
    /* CMPWR8B across the end (bytes 60-67): 0, nothing written */
    const uint64_t q[1] = { 60 }, c0[1] = { 0x0000070200000701ull }, c1[1] = { 0 };
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_CMPWR8B, q, 1, 1, c0, c1, ret), 0);
    CHECK(ret[0] == 0);
    CHECK_EQ(t_peek(gpu, BUF + 60), 0x701);
    /* an empty (NULL surface) target: every slot out of bounds */
    const g7sf_dp_untyped empty = { .buf = { 0, 0 } };
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &empty, G7SF_AOP_INC, off, 1, 1, NULL, NULL, ret), 0);
    CHECK(ret[0] == 0);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_atomic_slots_on_one_address_see_each_other)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_untyped u = { .buf = { BUF, 64 } };
    const uint64_t off[3] = { 4, 4, 4 };
    t_poke(gpu, BUF + 4, 10);
    const uint64_t s0[3] = { 1, 2, 4 };
    uint64_t ret[3];
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_ADD, off, 3, 0x7, s0, NULL, ret), 0);
    CHECK(ret[0] == 10 && ret[1] == 11 && ret[2] == 13);
    CHECK_EQ(t_peek(gpu, BUF + 4), 17);
    /* compare-and-write chain: slot 1 compares against slot 0's result */
    const uint64_t cmp[3] = { 17, 18, 17 }, swp[3] = { 18, 19, 99 };
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_CMPWR, off, 3, 0x7, cmp, swp, ret), 0);
    CHECK(ret[0] == 17 && ret[1] == 18 && ret[2] == 19);
    CHECK_EQ(t_peek(gpu, BUF + 4), 19);
    /* ret may be NULL; PREDEC twice */
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_PREDEC, off, 2, 0x3, NULL, NULL, NULL), 0);
    CHECK_EQ(t_peek(gpu, BUF + 4), 17);
    /* errors: a reserved aop, a missing source, n = 33 */
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, (enum g7sf_dp_aop)16, off, 1, 1, s0, s0, ret),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_ADD, off, 1, 1, NULL, NULL, ret),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_CMPWR, off, 1, 1, cmp, NULL, ret),
             G7SF_EINVAL);
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_INC, off, 33, 1, NULL, NULL, ret),
             G7SF_EINVAL);
    CHECK_EQ(t_peek(gpu, BUF + 4), 17);
    g7sf_gpu_destroy(gpu);
}

TEST(untyped_atomic_on_slm_wraps)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    uint8_t *slm = calloc(G7SF_SLM_SIZE, 1);
    const g7sf_dp_untyped u = { .slm = slm };
    /* the DWord at 0xFFFE is bytes FFFE, FFFF, 0, 1 */
    const uint64_t off[1] = { 0xFFFE }, s0[1] = { 0x01020304u };
    uint64_t ret[1];
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_ADD, off, 1, 1, s0, NULL, ret), 0);
    CHECK(ret[0] == 0);
    CHECK(slm[0xFFFE] == 0x04 && slm[0xFFFF] == 0x03 && slm[0] == 0x02 && slm[1] == 0x01);
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_INC, off, 1, 1, NULL, NULL, ret), 0);
    CHECK(ret[0] == 0x01020304u);
    CHECK_EQ(slm[0xFFFE], 0x05);
    free(slm);
    g7sf_gpu_destroy(gpu);
}

/* A 4 x 4 R32_UINT (cap 0: the atomics' formats) surface at TEX, pitch 16:
 * texel (x, y) at TEX + 16y + 4x. */
static g7sf_dp_typed r32_surface(void)
{
    g7sf_dp_typed ts;
    const char *why = NULL;
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_UINT, TEX,
                                                4, 4, 1, 16);
    CHECK_EQ(g7sf_dp_typed_from_surface(&ss, G7SF_IVB, 0, &ts, &why), 0);
    return ts;
}

TEST(typed_atomic_every_operation_on_r32_uint)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_typed ts = r32_surface();
    const uint32_t uvrl[1][4] = { { 1, 2, 0, 0 } };   /* TEX + 36 */
    for (unsigned c = 0; c < NCASES; c++) {
        const struct aop_case *k = &cases[c];
        t_poke(gpu, TEX + 36, OLD);
        const uint32_t s0[1] = { k->src0 }, s1[1] = { 0x77 };
        bool none = g7sf_dp_aop_sources(k->aop) == 0;
        uint32_t ret[1] = { DPA_SENTINEL };
        CHECK_EQ(g7sf_dp_typed_atomic(gpu, &ts, k->aop, uvrl, 1, 1, none ? NULL : s0,
                                      none ? NULL : s1, ret), 0);
        CHECKF(t_peek(gpu, TEX + 36) == k->new_dst && ret[0] == k->ret,
               "case %u (aop %u): new 0x%x ret 0x%x, want 0x%x 0x%x", c, k->aop,
               t_peek(gpu, TEX + 36), ret[0], k->new_dst, k->ret);
        CHECK_EQ(t_peek(gpu, TEX + 32), 0);
        CHECK_EQ(t_peek(gpu, TEX + 40), 0);
    }
    g7sf_gpu_destroy(gpu);
}

TEST(typed_atomic_bounds_shared_texels_and_refusals)
{
    g7sf_gpu *gpu = g7sf_gpu_create();
    const g7sf_dp_typed ts = r32_surface();
    /* slots 0 and 2 on texel (3, 0); slot 1 at x = 4, past the row (its
     * linear address would be texel (0, 1)); slot 3 at LOD 1 of a 1-level
     * surface */
    const uint32_t uvrl[4][4] = { { 3, 0, 0, 0 }, { 4, 0, 0, 0 }, { 3, 0, 0, 0 }, { 0, 0, 0, 1 } };
    const uint32_t s0[4] = { 5, 6, 7, 8 };
    uint32_t ret[4];
    t_poke(gpu, TEX + 12, 100);
    CHECK_EQ(g7sf_dp_typed_atomic(gpu, &ts, G7SF_AOP_ADD, uvrl, 4, 0xF, s0, NULL, ret), 0);
    CHECK_EQ(ret[0], 100);
    CHECK_EQ(ret[1], 0);
    CHECK_EQ(ret[2], 105);
    CHECK_EQ(ret[3], 0);
    CHECK_EQ(t_peek(gpu, TEX + 12), 112);
    CHECK_EQ(t_peek(gpu, TEX + 16), 0);
    CHECK_EQ(t_peek(gpu, TEX), 0);
    /* CMPWR8B is untyped only */
    CHECK_EQ(g7sf_dp_typed_atomic(gpu, &ts, G7SF_AOP_CMPWR8B, uvrl, 1, 1, s0, s0, ret),
             G7SF_EINVAL);
    CHECK_EQ(t_peek(gpu, TEX + 12), 112);
    /* cap 0 takes R32_UINT and R32_SINT only */
    const char *why = NULL;
    g7sf_dp_typed other;
    g7sf_render_surface_state ss = dpa_image_ss(G7SF_SURFTYPE_2D, G7SF_FORMAT_R32_SINT, TEX,
                                                4, 4, 1, 16);
    CHECK_EQ(g7sf_dp_typed_from_surface(&ss, G7SF_HSW, 0, &other, &why), 0);
    ss.surface_format = G7SF_FORMAT_R32_FLOAT;
    CHECK_EQ(g7sf_dp_typed_from_surface(&ss, G7SF_IVB, 0, &other, &why), G7SF_ESTATE);
    CHECK(why != NULL);
    g7sf_gpu_destroy(gpu);
}

/* The append counter (3.9.9.7): the DWord at Append Counter Address, every
 * slot on it in ascending order (INC returns 5, 6, 7); disabled, the
 * counter is out of bounds (returns 0, writes nothing); only buffers have
 * one. */
TEST(append_counter_from_surface)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    g7sf_render_surface_state ss = dpa_buffer_ss(G7SF_SURFTYPE_BUFFER, G7SF_FORMAT_RAW, BUF, 64, 1);
    ss.append_counter_address = BUF + 0x100;
    ss.append_counter_enable = 1;
    t_poke(gpu, BUF + 0x100, 5);
    g7sf_dp_untyped u;
    CHECK_EQ(g7sf_dp_append_counter_from_surface(&ss, &u), 0);
    const uint64_t off[3] = { 0, 0, 0 };
    uint64_t ret[3] = { 9, 9, 9 };
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_INC, off, 3, 0x7, NULL, NULL, ret), 0);
    CHECK_EQ(ret[0], 5);
    CHECK_EQ(ret[1], 6);
    CHECK_EQ(ret[2], 7);
    CHECK_EQ(t_peek(gpu, BUF + 0x100), 8);
    ss.append_counter_enable = 0;
    CHECK_EQ(g7sf_dp_append_counter_from_surface(&ss, &u), 0);
    CHECK_EQ(g7sf_dp_untyped_atomic(gpu, &u, G7SF_AOP_INC, off, 1, 1, NULL, NULL, ret), 0);
    CHECK_EQ(ret[0], 0);
    CHECK_EQ(t_peek(gpu, BUF + 0x100), 8);
    ss.surface_type = G7SF_SURFTYPE_2D;
    CHECK_EQ(g7sf_dp_append_counter_from_surface(&ss, &u), G7SF_ESTATE);
    CHECK_EQ(g7sf_dp_append_counter_from_surface(NULL, &u), G7SF_EINVAL);
    g7sf_gpu_destroy(gpu);
}
