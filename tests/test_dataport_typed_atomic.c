/* Typed Atomic Operation (§3.9.9.3, .4) through g7sf_send(): payloads as
 * the PRM lays them out (header M0, U V R LOD in M1..M4 or fewer, then
 * Source0, Source1), results against a plain C reference of the operation
 * table (spec 9121-9137) written here. */
#include <string.h>

#include "gen7sf/format.h"
#include "gpu_setup.h"
#include "harness.h"

#define RC G7SF_SFID_RENDER_CACHE
#define DC1 G7SF_SFID_DATA_CACHE1
#define IMG 0x00200000u
#define SENTINEL 0xDEADBEEFu
enum { ATOMIC = 0x6, ATOMIC_4X2 = 0x7 };
enum { AND = 1, OR, XOR, MOV, INC, DEC, ADD, SUB, REVSUB, IMAX, IMIN, UMAX, UMIN, CMPWR, PREDEC };

/* 2D w x h R32 surface (UINT or SINT) at IMG, linear, pitch 4w. */
static void bind_2d(g7sf_gpu *gpu, unsigned format, unsigned w, unsigned h)
{
    uint32_t dw[8] = { 1u << 29 | format << 18, IMG, (h - 1) << 16 | (w - 1), 4 * w - 1 };
    t_bind_state(gpu, 0, dw);
}

/* new_dst per the table; *ret what the message returns. */
static uint32_t ref(unsigned op, uint32_t old, uint32_t s0, uint32_t s1, uint32_t *ret)
{
    uint32_t n;
    switch (op) {
    case AND: n = old & s0; break;
    case OR: n = old | s0; break;
    case XOR: n = old ^ s0; break;
    case MOV: n = s0; break;
    case INC: n = old + 1; break;
    case DEC: n = old - 1; break;
    case ADD: n = old + s0; break;
    case SUB: n = old - s0; break;
    case REVSUB: n = s0 - old; break;
    case IMAX: n = (int32_t)old > (int32_t)s0 ? old : s0; break;
    case IMIN: n = (int32_t)old < (int32_t)s0 ? old : s0; break;
    case UMAX: n = old > s0 ? old : s0; break;
    case UMIN: n = old < s0 ? old : s0; break;
    case CMPWR: n = s0 == old ? s1 : old; break;
    default: n = old - 1; break;   /* PREDEC */
    }
    *ret = op == PREDEC ? n : old;
    return n;
}

static unsigned sources(unsigned op) { return op == INC || op == DEC || op == PREDEC ? 0 : op == CMPWR ? 2 : 1; }

static uint32_t rnd(void)
{
    /* small values too, so that CMPWR matches and min/max see both signs */
    uint64_t r = t_rand();
    return r & 1 ? (uint32_t)(r >> 8) : (uint32_t)(r >> 8) % 4 - 2;
}

TEST(every_operation_simd8_against_a_reference)
{
    g7sf_thread thr;
    for (int plat = 0; plat < 2; plat++) {
        g7sf_gpu *gpu = t_gpu(plat, &thr);
        bind_2d(gpu, plat ? G7SF_FORMAT_R32_SINT : G7SF_FORMAT_R32_UINT, 4, 4);
        for (unsigned op = AND; op <= PREDEC; op++)
            for (unsigned ret = 0; ret < 2; ret++) {
                g7sf_reg p[5] = {{{0}}}, wb[2];
                uint32_t old[8], s0[8], s1[8];
                p[0].ud[7] = 0xFF;
                unsigned n = sources(op);
                for (unsigned s = 0; s < 8; s++) {
                    p[1].ud[s] = s % 4, p[2].ud[s] = s / 4;   /* U, V: 8 texels */
                    old[s] = rnd(), s0[s] = rnd(), s1[s] = rnd();
                    if (op == CMPWR && s % 2)
                        s0[s] = old[s];
                    t_poke(gpu, IMG + 16 * (s / 4) + 4 * (s % 4), old[s]);
                    p[3].ud[s] = s0[s];   /* Source0, then Source1 (sent when n == 2) */
                    p[4].ud[s] = s1[s];
                }
                for (unsigned r = 0; r < 2; r++)
                    for (unsigned d = 0; d < 8; d++)
                        wb[r].ud[d] = SENTINEL;
                /* M1 U, M2 V, then the sources: mlen 3 + n; rlen = return */
                uint32_t desc = t_desc(3 + n, ret, true, ATOMIC, ret << 5 | op, 0);
                unsigned sfid = plat ? DC1 : RC;
                CHECKF(t_send(gpu, &thr, sfid, desc, 0xFF, p, wb) == 0, "op %u", op);
                for (unsigned s = 0; s < 8; s++) {
                    uint32_t want_ret, want = ref(op, old[s], s0[s], s1[s], &want_ret);
                    CHECKF(t_peek(gpu, IMG + 16 * (s / 4) + 4 * (s % 4)) == want,
                           "op %u slot %u memory", op, s);
                    CHECKF(wb[0].ud[s] == (ret ? want_ret : SENTINEL), "op %u ret %u slot %u", op,
                           ret, s);
                }
                CHECK_EQ(wb[1].ud[0], SENTINEL);
            }
        g7sf_gpu_destroy(gpu);
    }
}

TEST(same_texel_slots_run_in_ascending_order)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    bind_2d(gpu, G7SF_FORMAT_R32_UINT, 4, 1);
    t_poke(gpu, IMG + 8, 100);
    g7sf_reg p[3] = {{{0}}}, wb;
    p[0].ud[7] = 0xFF;
    for (unsigned s = 0; s < 8; s++)
        p[1].ud[s] = 2, p[2].ud[s] = s + 1;   /* U = 2, Source0 = s + 1 */
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(3, 1, true, ATOMIC, 1u << 5 | ADD, 0), 0xFF, p, &wb), 0);
    uint32_t sum = 100;
    for (unsigned s = 0; s < 8; s++) {
        CHECK_EQ(wb.ud[s], sum);
        sum += s + 1;
    }
    CHECK_EQ(t_peek(gpu, IMG + 8), 136);
    g7sf_gpu_destroy(gpu);
}

TEST(slot_group_bounds_and_errors)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_IVB, &thr);
    bind_2d(gpu, G7SF_FORMAT_R32_UINT, 8, 1);
    g7sf_reg p[6] = {{{0}}}, wb;
    p[0].ud[7] = 0xA500;   /* high byte 10100101b */
    for (unsigned s = 0; s < 8; s++) {
        p[1].ud[s] = s;
        t_poke(gpu, IMG + 4 * s, 10 + s);
    }
    p[1].ud[7] = 8;        /* U = width: out of bounds */
    memset(&wb, 0xEE, sizeof wb);
    /* INC, Slot Group high (desc[12]), return: U only, mlen 2 */
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 1, true, ATOMIC, 1u << 5 | 1u << 4 | INC, 0), 0x00F7,
                    p, &wb), 0);
    for (unsigned s = 0; s < 8; s++) {
        bool on = (0xA5 & 0xF7) >> s & 1;   /* slots 0, 2, 5, 7 */
        CHECK_EQ(t_peek(gpu, IMG + 4 * s), on && s != 7 ? 11 + s : 10 + s);
        CHECK_EQ(wb.ud[s], !on ? 0xEEEEEEEEu : s == 7 ? 0 : 10 + s);   /* out of bounds: 0 */
    }
    /* LOD, R past the surface: out of bounds */
    p[0].ud[7] = 0xFF;
    p[1].ud[0] = 0, p[3].ud[0] = 0, p[4].ud[0] = 1;
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(5, 1, true, ATOMIC, 1u << 5 | INC, 0), 0x01, p, &wb), 0);
    CHECK_EQ(wb.ud[0], 0);
    CHECK_EQ(t_peek(gpu, IMG), 11);

    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(3, 1, true, ATOMIC, 1u << 5 | 0, 0), 0xFF, p, &wb),
             G7SF_EOPCODE);   /* 0000b reserved (CMPWR8B is untyped only) */
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, true, ATOMIC, CMPWR, 0), 0xFF, p, NULL),
             G7SF_EMLEN);     /* two sources need mlen >= 4 */
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(6, 0, true, ATOMIC, INC, 0), 0xFF, p, NULL),
             G7SF_EMLEN);     /* five address registers */
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 1, true, ATOMIC, INC, 0), 0xFF, p, &wb),
             G7SF_ERLEN);     /* no return data: rlen 0 */
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, false, ATOMIC, INC, 0), 0xFF, p, NULL),
             G7SF_EHEADER);
    bind_2d(gpu, G7SF_FORMAT_R32_FLOAT, 8, 1);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, true, ATOMIC, INC, 0), 0xFF, p, NULL), G7SF_ESTATE);
    bind_2d(gpu, G7SF_FORMAT_R16G16_UINT, 8, 1);
    CHECK_EQ(t_send(gpu, &thr, RC, t_desc(2, 0, true, ATOMIC, INC, 0), 0xFF, p, NULL), G7SF_ESTATE);
    g7sf_gpu_destroy(gpu);
}

TEST(simd4x2_on_haswell_port_1)
{
    g7sf_thread thr;
    g7sf_gpu *gpu = t_gpu(G7SF_HSW, &thr);
    /* 2D array of 2 slices, 4x2, LOD0 spacing (QPitch 4 rows with VALIGN 4) */
    uint32_t dw[8] = { 1u << 29 | 1u << 28 | G7SF_FORMAT_R32_UINT << 18 | 1u << 16 | 1u << 10,
                       IMG, 1u << 16 | 3, 1u << 21 | 15 };
    t_bind_state(gpu, 0, dw);
    const uint32_t A0 = IMG + 5 * 16 + 4;   /* slice 1 (row 4), row 1, x 1 */
    t_poke(gpu, A0, 7);
    t_poke(gpu, IMG + 12, 9);                /* slice 0, row 0, x 3 */
    g7sf_reg p[3] = {{{0}}}, wb;
    p[0].ud[7] = 0;        /* the pixel mask is ignored for SIMD4x2 */
    /* M1: slot 0 U V R LOD = 1 1 1 0; slot 1 = 3 0 0 0 */
    p[1].ud[0] = 1, p[1].ud[1] = 1, p[1].ud[2] = 1;
    p[1].ud[4] = 3;
    /* M2: slot 0 Source0 7 Source1 70; slot 1 Source0 8 Source1 80 */
    p[2].ud[0] = 7, p[2].ud[1] = 70, p[2].ud[4] = 8, p[2].ud[5] = 80;
    for (unsigned d = 0; d < 8; d++)
        wb.ud[d] = SENTINEL;
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(3, 1, true, ATOMIC_4X2, 1u << 5 | CMPWR, 0), 0x0010,
                    p, &wb), 0);
    /* EMask 0x10: only slot 1 (bits 7:4) */
    CHECK_EQ(t_peek(gpu, A0), 7);
    CHECK_EQ(t_peek(gpu, IMG + 12), 9);   /* 9 != 8: unchanged */
    for (unsigned d = 0; d < 8; d++)
        CHECK_EQ(wb.ud[d], d == 4 ? 9 : SENTINEL);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(3, 1, true, ATOMIC_4X2, 1u << 5 | CMPWR, 0), 0x0102,
                    p, &wb), 0);
    /* EMask 0x0102: slot 0 (bit 1); bit 8 is outside the low 8 */
    CHECK_EQ(t_peek(gpu, A0), 70);
    CHECK_EQ(wb.ud[0], 7);
    CHECK_EQ(wb.ud[4], 9);   /* not rewritten */
    /* no sources: mlen 2; no return: rlen 0 */
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(2, 0, true, ATOMIC_4X2, PREDEC, 0), 0xFF, p, NULL), 0);
    CHECK_EQ(t_peek(gpu, A0), 69);
    CHECK_EQ(t_peek(gpu, IMG + 12), 8);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(3, 0, true, ATOMIC_4X2, PREDEC, 0), 0xFF, p, NULL),
             G7SF_EMLEN);
    CHECK_EQ(t_send(gpu, &thr, DC1, t_desc(2, 0, true, ATOMIC_4X2, 0, 0), 0xFF, p, NULL),
             G7SF_EOPCODE);
    g7sf_gpu_destroy(gpu);
}
